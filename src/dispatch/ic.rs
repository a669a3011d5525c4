//! Call sites and their inline caches: up to `--ic` receiver classes per
//! site (1 = monomorphic, >1 = polymorphic), then megamorphic.

use std::rc::Rc;

use super::{Handler, Resolved};
use crate::bytecode::Iseq;
use crate::class::Visibility;
use crate::value::{ClassId, IseqId, MethodId, SymbolId};

/// Call-site flags.
pub mod flags {
    /// No explicit receiver (`foo()`): private methods allowed.
    pub const FCALL: u32 = 1;
    /// A bare identifier that might be a local (`foo`).
    pub const VCALL: u32 = 2;
    /// The last pushed argument is an Array to splat.
    pub const SPLAT: u32 = 4;
    /// A block argument (`&blk`) is pushed after the arguments.
    pub const BLOCKARG: u32 = 8;
    /// The last argument is a keyword Hash (`f(a: 1)` / `f(**h)`).
    pub const KWARGS: u32 = 16;
    /// `recv&.m`
    pub const SAFE_NAV: u32 = 32;
    /// `super` without arguments (passes the method's own).
    pub const ZSUPER: u32 = 64;
    /// `self.foo = 1`: private setters allowed.
    pub const SELF_RECV: u32 = 128;
    /// `...` forwarding.
    pub const FORWARD: u32 = 256;
    /// The site has a block literal (`CallSite::block`), set by
    /// `Dispatch::add_site` so a call without one never reads the site.
    pub const BLOCK_LITERAL: u32 = 512;
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IcState {
    Empty,
    Mono,
    Poly,
    Mega,
}

/// The receiver class an entry answers for and the validity it was
/// filled under: `(slot, serial)`, valid while `serials[slot] == serial`.
/// The invalidation strategy chose the slot when the entry was filled
/// (`Dispatch::validity`), so this one test is right under every
/// strategy; inline entries and the site's hot entry both use it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    pub class: ClassId,
    pub slot: u32,
    pub serial: u64,
}

impl Guard {
    /// No entry (no class has this id).
    pub const NONE: Guard = Guard {
        class: ClassId(u32::MAX),
        slot: 0,
        serial: 0,
    };

    /// Whether the entry answers for receivers of `cls`: the only test of
    /// an inline-cache entry's validity.
    #[inline(always)]
    pub fn answers(&self, serials: &[u64], cls: ClassId) -> bool {
        self.class == cls && serials[self.slot as usize] == self.serial
    }
}

/// What a hit on an entry may skip at its site, decided by dispatch when
/// it fills the entry (`Dispatch::shortcut`) from the site's shape and
/// the method; it goes with the entry when that is invalidated or evicted.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Shortcut {
    /// The general path: visibility, handler kind, block argument and
    /// parameters are checked on every call.
    General,
    /// The handler runs with no further checks: a bytecode method whose
    /// parameters are exactly the site's plain required arguments (a
    /// block literal is made by the caller), a `define_method` method
    /// likewise (at a site without a block literal), an attr_reader or
    /// getter called with none, an attr_writer with one, a Struct member
    /// reader or writer likewise; visible from the site.
    Fast,
    /// A builtin called straight (`Vm::call_builtin_fast`): visible,
    /// plain arguments (at most `BUILTIN_FAST_ARGS`) its arity accepts,
    /// with or without a block literal.
    Builtin,
}

impl Shortcut {
    /// Whether an entry with this shortcut may be its site's hot entry.
    #[inline]
    pub fn is_hot(self) -> bool {
        matches!(self, Shortcut::Fast | Shortcut::Builtin)
    }
}

/// The most arguments a `Shortcut::Builtin` call copies to the native
/// stack (more go through the general path).
pub const BUILTIN_FAST_ARGS: usize = 6;

/// One cached receiver class.
#[derive(Copy, Clone, Debug)]
pub struct IcEntry {
    /// The receiver class and validity it answers for.
    pub guard: Guard,
    pub method: Option<MethodId>,
    pub handler: Handler,
    pub visibility: Visibility,
    pub shortcut: Shortcut,
}

impl IcEntry {
    pub fn new(guard: Guard, r: Resolved) -> IcEntry {
        IcEntry {
            guard,
            method: r.method,
            handler: r.handler,
            visibility: r.visibility,
            shortcut: Shortcut::General,
        }
    }

    /// An entry answering for `class` with no validity of its own (a
    /// send without a cache: `send`'s target, calls from Rust).
    pub fn uncached(class: ClassId, r: Resolved) -> IcEntry {
        IcEntry::new(
            Guard {
                class,
                slot: 0,
                serial: 0,
            },
            r,
        )
    }

    /// The receiver class it answers for.
    #[inline(always)]
    pub fn class(&self) -> ClassId {
        self.guard.class
    }
}

const _: () = assert!(std::mem::size_of::<Guard>() == 16);
const _: () = assert!(std::mem::size_of::<IcEntry>() == 40);

/// The site's first `Shortcut::Fast` or `Shortcut::Builtin` entry as the
/// run loop's hot paths read it (CRuby's `cd->cc` check): its guard,
/// handler and method, with a bytecode callee's code resolved, so the
/// common call needs no walk over `CallSite::entries` and no iseq-table
/// read (a builtin's: `Handler::Builtin`, called straight,
/// `Vm::hot_builtin`). Not a second cache:
/// `Dispatch::fill_site` derives it from the entries after every change
/// (`CallSite::entries_changed`), and `Guard::answers` tests it.
#[derive(Copy, Clone)]
pub struct HotEntry {
    /// Its entry's guard.
    pub guard: Guard,
    /// The code of a `Handler::Iseq` entry (none at a site with a block
    /// literal: the hot paths take it by its handler, making the block,
    /// `Vm::hot_block_call`).
    pub code: Option<&'static Iseq>,
    pub handler: Handler,
    pub method: MethodId,
}

impl HotEntry {
    /// No hot entry.
    pub const NONE: HotEntry = HotEntry {
        guard: Guard::NONE,
        code: None,
        handler: Handler::Builtin,
        method: MethodId(0),
    };
}

const _: () = assert!(std::mem::size_of::<HotEntry>() == 40);

pub struct CallSite {
    pub name: SymbolId,
    /// Arguments on the stack (a splatted array counts as one).
    pub argc: u32,
    pub flags: u32,
    pub block: Option<IseqId>,
    pub file: Rc<str>,
    pub line: u32,
    /// Kept in step with `entries` by `CallSite::entries_changed`.
    pub hot: HotEntry,
    pub entries: Vec<IcEntry>,
    pub state: IcState,
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
    /// Distinct receiver classes seen (capped), for stats and megamorphism.
    pub seen: Vec<ClassId>,
    /// A `super` site: the (method owner, name) its entries answer for
    /// (one iseq can run as methods of several owners).
    pub super_key: Option<(ClassId, SymbolId)>,
    /// A `SendKw` site's keywords (boxed: most sites have none, and a
    /// program of 30K methods has ~90K sites).
    pub kw: Option<Box<SiteKw>>,
}

/// What a `SendKw` site knows of its keywords.
pub struct SiteKw {
    /// The names of the literal keywords whose values stand on the stack
    /// in place of the keyword Hash (`argc` and `flags` describe the call
    /// with the Hash).
    pub names: Rc<[SymbolId]>,
    /// How the keyword values bind into the locals of the bytecode method
    /// the site called last (`Vm::send_kw`).
    pub binding: Option<KwBinding>,
}

/// The most keyword values a `SendKw` site binds in place (the compiler
/// passes at most as many on the stack).
pub const KW_BIND_MAX: usize = 8;

/// How a `SendKw` site's keyword values bind into a bytecode method's
/// locals: worked out on the first call, then reused while the site calls
/// the same method (the site's names and the method's parameters never
/// change, so nothing invalidates it).
#[derive(Copy, Clone, Debug)]
pub struct KwBinding {
    pub iseq: IseqId,
    /// The local of each keyword value, in the site's order.
    pub slots: [u16; KW_BIND_MAX],
    /// Every keyword parameter and optional parameter is given and each
    /// keyword value already stands in its local: nothing moves.
    pub in_place: bool,
}

impl CallSite {
    pub fn new(
        name: SymbolId,
        argc: u32,
        flags: u32,
        block: Option<IseqId>,
        file: Rc<str>,
        line: u32,
    ) -> CallSite {
        CallSite {
            name,
            argc,
            flags,
            block,
            file,
            line,
            hot: HotEntry::NONE,
            entries: Vec::new(),
            state: IcState::Empty,
            hits: 0,
            misses: 0,
            evictions: 0,
            seen: Vec::new(),
            super_key: None,
            kw: None,
        }
    }

    /// Drops `hot` when its entry is no longer among `entries` as it was
    /// filled (replaced, evicted, cleared); called after every change.
    pub fn entries_changed(&mut self) {
        let h = self.hot;
        let kept = self
            .entries
            .iter()
            .any(|e| e.guard == h.guard && e.shortcut.is_hot() && e.method == Some(h.method));
        if !kept {
            self.hot = HotEntry::NONE;
        }
    }

    #[inline(always)]
    pub fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }

    /// A miss for a receiver of class `c`.
    pub fn note_miss(&mut self, c: ClassId) {
        self.misses += 1;
        self.note_class(c);
    }

    pub fn note_class(&mut self, c: ClassId) {
        if self.seen.len() < 64 && !self.seen.contains(&c) {
            self.seen.push(c);
        }
    }

    pub fn state_name(&self) -> &'static str {
        match self.state {
            IcState::Empty => "empty",
            IcState::Mono => "mono",
            IcState::Poly => "poly",
            IcState::Mega => "mega",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dispatch::Handler;

    fn site_with_hot(e: IcEntry) -> CallSite {
        let mut s = CallSite::new(SymbolId(1), 0, 0, None, "t.rb".into(), 1);
        s.entries.push(e);
        s.hot = HotEntry {
            guard: e.guard,
            code: None,
            handler: e.handler,
            method: e.method.unwrap(),
        };
        s
    }

    fn fast_entry(class: u32, serial: u64) -> IcEntry {
        let r = Resolved {
            method: Some(MethodId(3)),
            handler: Handler::Iseq(IseqId(7)),
            visibility: Visibility::Public,
        };
        let guard = Guard {
            class: ClassId(class),
            slot: 5,
            serial,
        };
        let mut e = IcEntry::new(guard, r);
        e.shortcut = Shortcut::Fast;
        e
    }

    #[test]
    fn a_guard_answers_for_its_class_while_its_serial_holds() {
        let g = fast_entry(10, 1).guard;
        let mut serials = vec![1; 8];
        assert!(g.answers(&serials, ClassId(10)));
        assert!(!g.answers(&serials, ClassId(11)));
        serials[5] = 2;
        assert!(!g.answers(&serials, ClassId(10)));
        assert!(!Guard::NONE.answers(&serials, ClassId(10)));
    }

    #[test]
    fn an_attr_entry_is_hot_like_a_method() {
        let e = IcEntry {
            handler: Handler::IvarGet(2),
            ..fast_entry(10, 1)
        };
        let mut s = site_with_hot(e);
        s.entries_changed();
        assert_eq!(s.hot.handler, Handler::IvarGet(2));
        assert!(s.hot.code.is_none(), "no code: read by its handler");
        s.entries[0].guard.serial = 2;
        s.entries_changed();
        assert_eq!(s.hot.guard, Guard::NONE);
    }

    #[test]
    fn hot_entry_follows_its_entry() {
        // Another class joining a polymorphic site keeps it.
        let mut s = site_with_hot(fast_entry(10, 1));
        s.entries.push(fast_entry(11, 1));
        s.entries_changed();
        assert_eq!(s.hot.guard.class, ClassId(10));
        // Refilled under a new serial without a shortcut: dropped.
        let mut s = site_with_hot(fast_entry(10, 1));
        s.entries[0] = IcEntry {
            shortcut: Shortcut::General,
            ..fast_entry(10, 2)
        };
        s.entries_changed();
        assert_eq!(s.hot.guard, Guard::NONE);
        // Evicted or cleared: dropped.
        let mut s = site_with_hot(fast_entry(10, 1));
        s.entries.clear();
        s.entries_changed();
        assert_eq!(s.hot.guard, Guard::NONE);
    }
}
