//! Reading a dispatch trace (doc/trace-format.md): the header, then one
//! event at a time. The tables (strings, method names, classes, call
//! sites) are kept here as their entries go by; only the events the
//! simulator acts on are returned. A malformed file is an error, never
//! a panic.

use std::collections::HashMap;

use crate::dispatch::Reason;
use crate::dispatch::record::{Header, MAGIC, REASONS, VERSION, tag};

/// Ids (classes, call sites, method names) are below this.
pub const MAX_ID: u64 = 1 << 22;

/// One class of the trace's class table.
#[derive(Clone, Debug)]
pub struct ClassInfo {
    pub name: String,
    pub superclass: Option<u32>,
    /// 0 class, 1 module, 2 singleton class.
    pub kind: u64,
}

/// One call site.
#[derive(Clone, Debug)]
pub struct SiteInfo {
    pub file: String,
    pub line: u64,
    pub name: u32,
}

/// An event the simulator acts on. Class lists (descendants, freed
/// classes) are in `Reader::list`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A call at a site; `refined`: refinements in scope.
    Call {
        site: u32,
        class: u32,
        refined: bool,
    },
    Super {
        site: u32,
        class: u32,
        owner: u32,
        name: u32,
    },
    /// A lookup without a call site (`send`'s target, `respond_to?`...).
    Lookup {
        class: u32,
        name: u32,
    },
    /// A method changed in `class`; descendants in `Reader::list`.
    Method {
        class: u32,
        name: u32,
        reason: Reason,
    },
    /// The ancestry of `class` changed; descendants in `Reader::list`.
    Ancestry {
        class: u32,
        reason: Reason,
    },
    ClassCreated {
        class: u32,
        reason: Reason,
    },
    Const {
        class: u32,
    },
    Using {
        class: u32,
    },
    /// Classes freed (in `Reader::list`).
    Freed,
    Singleton {
        class: u32,
    },
    Reset,
    ProgramStart,
}

pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    pub header: Header,
    pub strs: HashMap<u64, String>,
    pub syms: HashMap<u32, String>,
    pub classes: HashMap<u32, ClassInfo>,
    pub sites: Vec<Option<SiteInfo>>,
    /// The class list of the last `Method`, `Ancestry` or `Freed` event.
    pub list: Vec<u32>,
    /// Ancestors of the last `Ancestry` event.
    pub ancestors: Vec<u32>,
}

/// A trace file that cannot be read.
#[derive(Debug)]
pub struct BadTrace(pub String);

impl std::fmt::Display for BadTrace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

fn bad<T>(what: &str, at: usize) -> Result<T, BadTrace> {
    Err(BadTrace(format!("malformed trace: {what} at byte {at}")))
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Result<Reader<'a>, BadTrace> {
        if data.len() < 4 || &data[..4] != MAGIC {
            return Err(BadTrace("not a dispatch trace (bad magic)".into()));
        }
        let mut r = Reader {
            data,
            pos: 4,
            header: Header {
                strategy: 0,
                ic: 0,
                gmc: 0,
                class_cache: true,
                producer: String::new(),
            },
            strs: HashMap::new(),
            syms: HashMap::new(),
            classes: HashMap::new(),
            sites: Vec::new(),
            list: Vec::new(),
            ancestors: Vec::new(),
        };
        let v = r.varint()?;
        if v != VERSION {
            return Err(BadTrace(format!(
                "trace format version {v}; this carmine reads version {VERSION}"
            )));
        }
        r.header.strategy = r.varint()?;
        r.header.ic = r.varint()?;
        r.header.gmc = r.varint()?;
        r.header.class_cache = r.varint()? != 0;
        r.header.producer = r.string()?;
        Ok(r)
    }

    #[inline]
    fn varint(&mut self) -> Result<u64, BadTrace> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let Some(&b) = self.data.get(self.pos) else {
                return bad("truncated number", self.pos);
            };
            self.pos += 1;
            if shift >= 64 {
                return bad("number too long", self.pos);
            }
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
        }
    }

    /// A class, site or name id: below `MAX_ID`, so a crafted file
    /// cannot make the simulator's tables (indexed by id) huge.
    #[inline]
    fn id(&mut self) -> Result<u32, BadTrace> {
        let v = self.varint()?;
        if v >= MAX_ID {
            return bad("id out of range", self.pos);
        }
        Ok(v as u32)
    }

    fn string(&mut self) -> Result<String, BadTrace> {
        let n = self.varint()? as usize;
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return bad("truncated string", self.pos);
        };
        let s = String::from_utf8_lossy(&self.data[self.pos..end]).into_owned();
        self.pos = end;
        Ok(s)
    }

    fn ids_into(&mut self, into: &mut Vec<u32>) -> Result<(), BadTrace> {
        into.clear();
        let n = self.varint()?;
        if n > (self.data.len() - self.pos) as u64 {
            return bad("list longer than the file", self.pos);
        }
        for _ in 0..n {
            into.push(self.id()?);
        }
        Ok(())
    }

    fn reason(&mut self) -> Result<Reason, BadTrace> {
        let c = self.varint()?;
        match REASONS.get(c as usize) {
            Some(&r) => Ok(r),
            None => bad("unknown reason", self.pos),
        }
    }

    pub fn str_name(&self, id: u64) -> &str {
        self.strs.get(&id).map_or("?", |s| s.as_str())
    }

    pub fn sym_name(&self, id: u32) -> &str {
        self.syms.get(&id).map_or("?", |s| s.as_str())
    }

    pub fn class_name(&self, id: u32) -> String {
        self.classes
            .get(&id)
            .map_or_else(|| format!("#<class {id}>"), |c| c.name.clone())
    }

    /// The next event, or None at the end of the file.
    pub fn next_event(&mut self) -> Result<Option<Event>, BadTrace> {
        loop {
            let Some(&t) = self.data.get(self.pos) else {
                return Ok(None);
            };
            let at = self.pos;
            self.pos += 1;
            let e = match t {
                tag::CALL | tag::CALL_REFINED => {
                    let site = self.id()?;
                    let class = self.id()?;
                    let _owner = self.varint()?;
                    Event::Call {
                        site,
                        class,
                        refined: t == tag::CALL_REFINED,
                    }
                }
                tag::SUPER => Event::Super {
                    site: self.id()?,
                    class: self.id()?,
                    owner: self.id()?,
                    name: self.id()?,
                },
                tag::LOOKUP => {
                    let (class, name) = (self.id()?, self.id()?);
                    let _kind = self.varint()?;
                    Event::Lookup { class, name }
                }
                tag::STR => {
                    let id = self.varint()?;
                    let s = self.string()?;
                    self.strs.insert(id, s);
                    continue;
                }
                tag::SYM => {
                    let id = self.id()?;
                    let s = self.string()?;
                    self.syms.insert(id, s);
                    continue;
                }
                tag::CLASS => {
                    let id = self.id()?;
                    let name = self.varint()?;
                    let sup = self.id()?;
                    let kind = self.varint()?;
                    let info = ClassInfo {
                        name: self.str_name(name).to_string(),
                        superclass: sup.checked_sub(1),
                        kind,
                    };
                    self.classes.insert(id, info);
                    continue;
                }
                tag::SITE => {
                    let id = self.id()? as usize;
                    let file = self.varint()?;
                    let line = self.varint()?;
                    let name = self.id()?;
                    let _flags = self.varint()?;
                    if id >= self.sites.len() {
                        self.sites.resize(id + 1, None);
                    }
                    self.sites[id] = Some(SiteInfo {
                        file: self.str_name(file).to_string(),
                        line,
                        name,
                    });
                    continue;
                }
                tag::METHOD => {
                    let class = self.id()?;
                    let name = self.id()?;
                    let reason = self.reason()?;
                    let mut l = std::mem::take(&mut self.list);
                    self.ids_into(&mut l)?;
                    self.list = l;
                    Event::Method {
                        class,
                        name,
                        reason,
                    }
                }
                tag::ANCESTRY => {
                    let class = self.id()?;
                    let reason = self.reason()?;
                    let mut l = std::mem::take(&mut self.list);
                    self.ids_into(&mut l)?;
                    self.list = l;
                    let mut a = std::mem::take(&mut self.ancestors);
                    self.ids_into(&mut a)?;
                    self.ancestors = a;
                    Event::Ancestry { class, reason }
                }
                tag::CLASS_CREATED => Event::ClassCreated {
                    class: self.id()?,
                    reason: self.reason()?,
                },
                tag::CONST => {
                    let class = self.id()?;
                    let _name = self.varint()?;
                    let _reason = self.reason()?;
                    Event::Const { class }
                }
                tag::USING => Event::Using { class: self.id()? },
                tag::FREED => {
                    let mut l = std::mem::take(&mut self.list);
                    self.ids_into(&mut l)?;
                    self.list = l;
                    Event::Freed
                }
                tag::SINGLETON => {
                    let class = self.id()?;
                    let _attached = self.varint()?;
                    Event::Singleton { class }
                }
                tag::RESET => Event::Reset,
                tag::PROGRAM_START => Event::ProgramStart,
                _ => return bad(&format!("unknown event tag {t}"), at),
            };
            return Ok(Some(e));
        }
    }
}
