//! `--record-dispatch=FILE`: the dispatch trace writer, and the trace
//! format's constants shared with its reader (`crate::replay::trace_file`).
//! The format is described in doc/trace-format.md.
//!
//! Events are written where dispatch counts: every inline-cache hit
//! (`probe_send`, `count_inline_hit`), every send miss (`Dispatch::miss`),
//! every `super` probe, every lookup without a call site
//! (`Dispatch::resolve`), every invalidation (`invalidate.rs`) and the
//! counter resets. So a replay at the recorded configuration sees exactly
//! the probes the live caches saw. Off, it costs one test of
//! `Dispatch::recorder` on those paths.

use std::collections::HashMap;
use std::fs::File;
use std::io::Write;

use super::{Reason, Strategy};
use crate::class::{ClassKind, ClassTable};
use crate::value::{ClassId, SymbolId};

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"CMDT";
/// The format version this build writes and reads.
pub const VERSION: u64 = 1;

/// Event tags (one byte each, then varint fields).
pub mod tag {
    /// A string (file or class name): id, length, bytes.
    pub const STR: u8 = 1;
    /// A method name: symbol id, length, bytes.
    pub const SYM: u8 = 2;
    /// A class: id, name string id, superclass id + 1 (0: none), kind.
    pub const CLASS: u8 = 3;
    /// A call site: id, file string id, line, method name, flags.
    pub const SITE: u8 = 4;
    /// A call at a site (its name): site, receiver class, owner + 1.
    pub const CALL: u8 = 16;
    /// A call at a site with refinements in scope: site, class, owner + 1.
    pub const CALL_REFINED: u8 = 17;
    /// A `super` call: site, receiver class, calling method's owner, name.
    pub const SUPER: u8 = 18;
    /// A lookup without a call site: class, name, kind (`lookup_kind`).
    pub const LOOKUP: u8 = 19;
    /// A method defined/removed/undefined/aliased/visibility changed:
    /// class, name, reason, descendants (count, ids).
    pub const METHOD: u8 = 32;
    /// Include/prepend/extend into a class: class, reason, descendants
    /// (count, ids), new ancestors (count, ids).
    pub const ANCESTRY: u8 = 33;
    /// A class or module created: class, reason.
    pub const CLASS_CREATED: u8 = 34;
    /// A constant set/removed: class, name, reason.
    pub const CONST: u8 = 35;
    /// `using`: the module.
    pub const USING: u8 = 36;
    /// Classes freed by the GC: count, ids.
    pub const FREED: u8 = 37;
    /// A singleton class created: the singleton class, the attached
    /// object's class.
    pub const SINGLETON: u8 = 38;
    /// The counters were zeroed (start-up ended, `MethodCache.reset!`).
    pub const RESET: u8 = 48;
    /// Start-up is over: the program's own activity follows.
    pub const PROGRAM_START: u8 = 49;
}

/// Why a lookup without a call site was made (`tag::LOOKUP`).
pub mod lookup_kind {
    pub const PLAIN: u64 = 0;
    pub const SEND: u64 = 1;
    pub const METHOD_MISSING: u64 = 2;
}

/// `Reason`s by their code in the trace.
pub const REASONS: [Reason; 16] = [
    Reason::MethodDefined,
    Reason::MethodRedefined,
    Reason::MethodRemoved,
    Reason::MethodUndefined,
    Reason::Alias,
    Reason::Visibility,
    Reason::SingletonMethod,
    Reason::Include,
    Reason::Prepend,
    Reason::Extend,
    Reason::ClassCreated,
    Reason::ModuleCreated,
    Reason::ConstSet,
    Reason::ConstRemoved,
    Reason::ConstVisibility,
    Reason::Using,
];

pub fn reason_code(r: Reason) -> u64 {
    REASONS.iter().position(|&x| x == r).unwrap_or(0) as u64
}

/// Strategy codes in the header.
pub fn strategy_code(s: Strategy) -> u64 {
    match s {
        Strategy::Global => 0,
        Strategy::Hierarchical => 1,
        Strategy::Method => 2,
    }
}

/// Appends `v` as an unsigned LEB128 varint.
#[inline]
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The configuration a trace was recorded under (its header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub strategy: u64,
    pub ic: u64,
    pub gmc: u64,
    pub class_cache: bool,
    pub producer: String,
}

impl Header {
    pub fn encode(&self) -> Vec<u8> {
        let mut o = MAGIC.to_vec();
        put_varint(&mut o, VERSION);
        put_varint(&mut o, self.strategy);
        put_varint(&mut o, self.ic);
        put_varint(&mut o, self.gmc);
        put_varint(&mut o, self.class_cache as u64);
        put_varint(&mut o, self.producer.len() as u64);
        o.extend_from_slice(self.producer.as_bytes());
        o
    }
}

/// Bytes buffered before a write to the file.
const FLUSH_AT: usize = 1 << 20;

/// The trace writer: interns strings, method names, classes and call
/// sites the first time an event mentions them.
pub struct Recorder {
    file: File,
    buf: Vec<u8>,
    strs: HashMap<String, u64>,
    syms: Vec<bool>,
    classes: Vec<bool>,
    sites: Vec<bool>,
    /// Calls and lookups written.
    pub calls: u64,
    failed: bool,
}

impl Recorder {
    pub fn create(path: &str, header: &Header) -> std::io::Result<Recorder> {
        let file = File::create(path)?;
        let mut r = Recorder {
            file,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            strs: HashMap::new(),
            syms: Vec::new(),
            classes: Vec::new(),
            sites: Vec::new(),
            calls: 0,
            failed: false,
        };
        r.buf.extend_from_slice(&header.encode());
        Ok(r)
    }

    fn maybe_flush(&mut self) {
        if self.buf.len() >= FLUSH_AT {
            self.flush();
        }
    }

    /// Writes what is buffered (at exit, and every megabyte). A write
    /// error stops the recording, once reported.
    pub fn flush(&mut self) {
        if self.failed || self.buf.is_empty() {
            self.buf.clear();
            return;
        }
        if let Err(e) = self.file.write_all(&self.buf) {
            eprintln!("carmine: --record-dispatch: {e}");
            self.failed = true;
        }
        self.buf.clear();
    }

    fn seen(v: &mut Vec<bool>, i: usize) -> bool {
        if i >= v.len() {
            v.resize(i + 1024, false);
        }
        std::mem::replace(&mut v[i], true)
    }

    fn str_id(&mut self, s: &str) -> u64 {
        if let Some(&id) = self.strs.get(s) {
            return id;
        }
        let id = self.strs.len() as u64 + 1;
        self.strs.insert(s.to_string(), id);
        self.buf.push(tag::STR);
        put_varint(&mut self.buf, id);
        put_varint(&mut self.buf, s.len() as u64);
        self.buf.extend_from_slice(s.as_bytes());
        id
    }

    fn sym(&mut self, name: SymbolId) -> u64 {
        if !Self::seen(&mut self.syms, name.0 as usize) {
            let s = crate::value::symbol::name(name);
            self.buf.push(tag::SYM);
            put_varint(&mut self.buf, name.0 as u64);
            put_varint(&mut self.buf, s.len() as u64);
            self.buf.extend_from_slice(s.as_bytes());
        }
        name.0 as u64
    }

    /// The class's table entry, written the first time it is mentioned
    /// (and again for a new class reusing a freed class's id).
    pub fn class(&mut self, classes: &ClassTable, c: ClassId) {
        if Self::seen(&mut self.classes, c.index()) {
            return;
        }
        let k = classes.get(c);
        let (sup, kind) = (k.superclass, k.kind);
        if let Some(s) = sup {
            self.class(classes, s);
        }
        let name = self.str_id(&classes.name(c));
        self.buf.push(tag::CLASS);
        put_varint(&mut self.buf, c.0 as u64);
        put_varint(&mut self.buf, name);
        put_varint(&mut self.buf, sup.map_or(0, |s| s.0 as u64 + 1));
        put_varint(
            &mut self.buf,
            match kind {
                ClassKind::Class => 0,
                ClassKind::Module => 1,
                ClassKind::Singleton => 2,
            },
        );
    }

    /// A call site's entry, written before its first call.
    pub fn site(&mut self, id: u32, site: &super::CallSite) {
        if Self::seen(&mut self.sites, id as usize) {
            return;
        }
        let file = self.str_id(&site.file);
        let name = self.sym(site.name);
        self.buf.push(tag::SITE);
        put_varint(&mut self.buf, id as u64);
        put_varint(&mut self.buf, file);
        put_varint(&mut self.buf, site.line as u64);
        put_varint(&mut self.buf, name);
        put_varint(&mut self.buf, site.flags as u64);
    }

    /// A call at `site` for receivers of `cls` (`refined`: refinements
    /// in scope), answered by `owner` when known.
    pub fn call(&mut self, site: u32, cls: ClassId, owner: Option<ClassId>, refined: bool) {
        self.calls += 1;
        self.buf.push(if refined {
            tag::CALL_REFINED
        } else {
            tag::CALL
        });
        put_varint(&mut self.buf, site as u64);
        put_varint(&mut self.buf, cls.0 as u64);
        put_varint(&mut self.buf, owner.map_or(0, |o| o.0 as u64 + 1));
        self.maybe_flush();
    }

    pub fn super_call(&mut self, site: u32, cls: ClassId, owner: ClassId, name: SymbolId) {
        self.calls += 1;
        let name = self.sym(name);
        self.buf.push(tag::SUPER);
        put_varint(&mut self.buf, site as u64);
        put_varint(&mut self.buf, cls.0 as u64);
        put_varint(&mut self.buf, owner.0 as u64);
        put_varint(&mut self.buf, name);
        self.maybe_flush();
    }

    pub fn lookup(&mut self, cls: ClassId, name: SymbolId, kind: u64) {
        self.calls += 1;
        let name = self.sym(name);
        self.buf.push(tag::LOOKUP);
        put_varint(&mut self.buf, cls.0 as u64);
        put_varint(&mut self.buf, name);
        put_varint(&mut self.buf, kind);
        self.maybe_flush();
    }

    fn ids(&mut self, ids: &[ClassId]) {
        put_varint(&mut self.buf, ids.len() as u64);
        for c in ids {
            put_varint(&mut self.buf, c.0 as u64);
        }
    }

    pub fn method_changed(
        &mut self,
        c: ClassId,
        name: SymbolId,
        why: Reason,
        descendants: &[ClassId],
    ) {
        let name = self.sym(name);
        self.buf.push(tag::METHOD);
        put_varint(&mut self.buf, c.0 as u64);
        put_varint(&mut self.buf, name);
        put_varint(&mut self.buf, reason_code(why));
        self.ids(descendants);
        self.maybe_flush();
    }

    pub fn ancestry_changed(
        &mut self,
        c: ClassId,
        why: Reason,
        descendants: &[ClassId],
        ancestors: &[ClassId],
    ) {
        self.buf.push(tag::ANCESTRY);
        put_varint(&mut self.buf, c.0 as u64);
        put_varint(&mut self.buf, reason_code(why));
        self.ids(descendants);
        self.ids(ancestors);
        self.maybe_flush();
    }

    pub fn class_created(&mut self, c: ClassId, why: Reason) {
        self.buf.push(tag::CLASS_CREATED);
        put_varint(&mut self.buf, c.0 as u64);
        put_varint(&mut self.buf, reason_code(why));
    }

    pub fn constant_changed(&mut self, c: ClassId, name: SymbolId, why: Reason) {
        let name = self.sym(name);
        self.buf.push(tag::CONST);
        put_varint(&mut self.buf, c.0 as u64);
        put_varint(&mut self.buf, name);
        put_varint(&mut self.buf, reason_code(why));
    }

    pub fn using(&mut self, c: ClassId) {
        self.buf.push(tag::USING);
        put_varint(&mut self.buf, c.0 as u64);
    }

    /// Classes the GC freed: their ids may be reused, so their table
    /// entries are written again when next mentioned.
    pub fn freed(&mut self, dead: &[ClassId]) {
        self.buf.push(tag::FREED);
        self.ids(dead);
        for c in dead {
            if let Some(k) = self.classes.get_mut(c.index()) {
                *k = false;
            }
        }
    }

    pub fn reset(&mut self) {
        self.buf.push(tag::RESET);
    }

    pub fn program_started(&mut self) {
        self.buf.push(tag::PROGRAM_START);
    }
}
