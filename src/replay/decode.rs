//! The trace decoded once, a chunk at a time, into fixed-size records
//! (`Op`: ids only, a call's method name looked up from its site), which
//! every strategy's simulators then step through; and the
//! configuration-independent per-site counts (`SiteSeen`) taken on the
//! way.

use std::collections::HashMap;

use super::trace_file::{BadTrace, Event, Reader};
use crate::support::fasthash::FastBuild;

/// A class list (descendants, freed classes) in `Chunk::lists`.
#[derive(Copy, Clone, Debug)]
pub struct List {
    start: u32,
    len: u32,
}

/// An event the simulators act on.
#[derive(Copy, Clone, Debug)]
pub enum Op {
    Call {
        site: u32,
        class: u32,
        name: u32,
        refined: bool,
    },
    Super {
        site: u32,
        class: u32,
        owner: u32,
        name: u32,
    },
    Lookup {
        class: u32,
        name: u32,
    },
    Method {
        name: u32,
        list: List,
    },
    Ancestry {
        list: List,
    },
    ClassCreated,
    Const,
    Using,
    Freed {
        list: List,
    },
    Reset,
}

/// Consecutive events of the trace.
#[derive(Default)]
pub struct Chunk {
    pub ops: Vec<Op>,
    lists: Vec<u32>,
}

impl Chunk {
    pub fn list(&self, l: List) -> &[u32] {
        &self.lists[l.start as usize..(l.start + l.len) as usize]
    }

    fn push_list(&mut self, ids: &[u32]) -> List {
        let start = self.lists.len() as u32;
        self.lists.extend_from_slice(ids);
        List {
            start,
            len: ids.len() as u32,
        }
    }
}

/// Past this many classes in its lists, a chunk ends early (so list
/// offsets fit in u32).
const LIST_LIMIT: usize = 1 << 24;

/// Calls per receiver class at one site: a short list, with an index
/// once the site has seen many classes.
#[derive(Clone, Debug, Default)]
pub struct SiteSeen {
    pub calls: u64,
    /// (class id, calls), in order of first call.
    pub classes: Vec<(u32, u64)>,
    index: Option<HashMap<u32, usize, FastBuild>>,
}

impl SiteSeen {
    #[inline]
    fn add(&mut self, class: u32) {
        self.calls += 1;
        if let Some(ix) = &mut self.index {
            let n = self.classes.len();
            let i = *ix.entry(class).or_insert(n);
            if i == n {
                self.classes.push((class, 0));
            }
            self.classes[i].1 += 1;
            return;
        }
        if let Some(e) = self.classes.iter_mut().find(|e| e.0 == class) {
            e.1 += 1;
            return;
        }
        self.classes.push((class, 1));
        if self.classes.len() > 16 {
            let ix = self.classes.iter().enumerate().map(|(i, e)| (e.0, i));
            self.index = Some(ix.collect());
        }
    }
}

pub struct Decoder<'a> {
    pub reader: Reader<'a>,
    /// Each call site's method name (0: not known yet).
    names: Vec<u32>,
    pub seen: Vec<SiteSeen>,
    /// Events read (table entries are not events).
    pub events: u64,
}

impl<'a> Decoder<'a> {
    pub fn new(reader: Reader<'a>) -> Decoder<'a> {
        Decoder {
            reader,
            names: Vec::new(),
            seen: Vec::new(),
            events: 0,
        }
    }

    fn seen_at(&mut self, site: u32) -> &mut SiteSeen {
        let i = site as usize;
        if i >= self.seen.len() {
            self.names.resize(i + 1, 0);
            self.seen.resize_with(i + 1, SiteSeen::default);
        }
        &mut self.seen[i]
    }

    fn name_of(&mut self, site: u32) -> u32 {
        let i = site as usize;
        if self.names[i] == 0 {
            self.names[i] = self
                .reader
                .sites
                .get(i)
                .and_then(|s| s.as_ref())
                .map_or(0, |s| s.name);
        }
        self.names[i]
    }

    /// Up to `max` more events, or None at the end of the trace.
    pub fn next_chunk(&mut self, max: usize) -> Result<Option<Chunk>, BadTrace> {
        let mut c = Chunk {
            ops: Vec::with_capacity(max),
            lists: Vec::new(),
        };
        while c.ops.len() < max && c.lists.len() < LIST_LIMIT {
            let Some(e) = self.reader.next_event()? else {
                break;
            };
            self.events += 1;
            let op = match e {
                Event::Call {
                    site,
                    class,
                    refined,
                } => {
                    self.seen_at(site).add(class);
                    Op::Call {
                        site,
                        class,
                        name: self.name_of(site),
                        refined,
                    }
                }
                Event::Super {
                    site,
                    class,
                    owner,
                    name,
                } => {
                    self.seen_at(site).add(class);
                    Op::Super {
                        site,
                        class,
                        owner,
                        name,
                    }
                }
                Event::Lookup { class, name } => Op::Lookup { class, name },
                Event::Method { name, .. } => Op::Method {
                    name,
                    list: c.push_list(&self.reader.list),
                },
                Event::Ancestry { .. } => Op::Ancestry {
                    list: c.push_list(&self.reader.list),
                },
                Event::ClassCreated { .. } => Op::ClassCreated,
                Event::Const { .. } => Op::Const,
                Event::Using { .. } => Op::Using,
                Event::Freed => Op::Freed {
                    list: c.push_list(&self.reader.list),
                },
                Event::Singleton { .. } | Event::ProgramStart => continue,
                Event::Reset => {
                    self.seen.iter_mut().for_each(|s| *s = SiteSeen::default());
                    Op::Reset
                }
            };
            c.ops.push(op);
        }
        Ok((!c.ops.is_empty()).then_some(c))
    }
}
