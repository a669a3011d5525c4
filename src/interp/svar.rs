//! Frame-local special variables: `$~` (the last match) and `$_` (the
//! last line read). Each belongs to the scope a method, class body or
//! file's top level runs, shared by every block, lambda and
//! `define_method` body written inside it (CRuby keeps them in the local
//! environment). They live beside the frames, keyed by that scope's frame
//! id, and are swapped with the stack when a fiber or thread switches.

use crate::gc::Heap;
use crate::interp::Vm;
use crate::value::Value;

/// One scope's special variables.
pub struct Svar {
    /// Id of the frame whose scope owns them (see `Vm::svar_owner`).
    pub home: u64,
    pub last_match: Value,
    pub last_line: Value,
}

impl Svar {
    pub fn trace(&self, h: &mut Heap) {
        h.mark(self.last_match);
        h.mark(self.last_line);
    }
}

impl Vm {
    /// The scope whose `$~` and `$_` the running code sees. carmine's own
    /// Ruby (`<internal:...>`, e.g. Enumerable#map, IO#gets, Lazy#grep)
    /// stands in for CRuby's C functions, which have no scope of their
    /// own: a match made inside it, or by a native method it calls
    /// (`str.to_enum(:scan, re).map { $~ }`), is its caller's.
    fn svar_owner(&self) -> u64 {
        match self.frames.last() {
            Some(f) if !f.iseq.internal => self.frame_svar_owner(f),
            _ => match self.frames.iter().rposition(|f| !f.iseq.internal) {
                Some(i) => self.frame_svar_owner(&self.frames[i]),
                None => 0,
            },
        }
    }

    fn frame_svar_owner(&self, f: &crate::interp::Frame) -> u64 {
        if f.is_block {
            self.lexical_svar_owner(f.home)
        } else {
            f.home
        }
    }

    /// Follows lambdas out to the scope they were written in: a lambda
    /// frame is its own `home` (where `return` goes), its `origin` the
    /// frame that created it. A creator that has returned keys the entry
    /// by its own id, so its lambdas and `define_method` bodies still
    /// share one.
    fn lexical_svar_owner(&self, mut home: u64) -> u64 {
        let find = |id: u64| {
            self.frames
                .binary_search_by_key(&id, |f| f.id)
                .ok()
                .map(|i| &self.frames[i])
        };
        loop {
            match find(home) {
                Some(f) if f.is_block && f.is_lambda => match find(f.origin) {
                    Some(c) => home = c.home,
                    None => return f.origin,
                },
                _ => return home,
            }
        }
    }

    fn svar(&self, home: u64) -> Option<&Svar> {
        self.svars.iter().rev().find(|e| e.home == home)
    }

    /// The entry of scope `home`, made on first use. Entries of frames
    /// that have returned are dropped from the top first (frame ids grow
    /// up the stack, so liveness is a binary search).
    fn svar_mut(&mut self, home: u64) -> &mut Svar {
        if let Some(i) = self.svars.iter().rposition(|e| e.home == home) {
            return &mut self.svars[i];
        }
        while let Some(e) = self.svars.last() {
            if self.frames.binary_search_by_key(&e.home, |f| f.id).is_ok() {
                break;
            }
            self.svars.pop();
        }
        self.svars.push(Svar {
            home,
            last_match: Value::NIL,
            last_line: Value::NIL,
        });
        self.svars.last_mut().unwrap()
    }

    /// `$~` of the running scope (nil until it matches).
    pub fn last_match(&self) -> Value {
        self.svar(self.svar_owner())
            .map_or(Value::NIL, |e| e.last_match)
    }

    /// Sets `$~` for the running scope.
    pub fn set_last_match(&mut self, m: Value) {
        let home = self.svar_owner();
        self.svar_mut(home).last_match = m;
    }

    /// `$_` of the running Ruby scope.
    pub fn last_line(&self) -> Value {
        self.svar(self.svar_owner())
            .map_or(Value::NIL, |e| e.last_line)
    }

    /// Sets `$_` for the running Ruby scope.
    pub fn set_last_line(&mut self, v: Value) {
        let home = self.svar_owner();
        self.svar_mut(home).last_line = v;
    }
}
