//! Calls that find no method: `method_missing` (the receiver's own or
//! BasicObject's), and the NoMethodError/NameError message with its
//! receiver description (bounded for huge receivers).

use std::rc::Rc;

use crate::class::{Visibility, cls};
use crate::dispatch::{IcEntry, flags, lookup};
use crate::gc::obj;
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{SymbolId, Value, sym, symbol};

use super::Vm;
use super::call::{Args, Call, MISSING_PRIVATE, MISSING_PROTECTED};

impl Vm {
    #[cold]
    pub(super) fn call_method_missing(
        &mut self,
        name: SymbolId,
        a: Args,
        block: Option<Rc<BlockArg>>,
    ) -> Result<Call, Unwind> {
        let Args {
            recv,
            ret_sp: recv_ix,
            argc,
            fl,
            ..
        } = a;
        let c = self.class_of(recv);
        let mm = self
            .dispatch
            .resolve(&mut self.classes, c, sym::METHOD_MISSING);
        let default = match mm.method {
            Some(m) => self.classes.method(m).owner == cls::BASIC_OBJECT,
            None => true,
        };
        if default {
            let args = if argc == 0 && fl & (flags::SPLAT | flags::KWARGS) == 0 {
                Vec::new()
            } else {
                self.collect_args(recv_ix, argc, fl)?
            };
            // The arguments stay on the stack (rooted) while the message
            // is built: describing the receiver may run Ruby code.
            let e = self.no_method_error(name, recv, fl);
            if let Unwind::Raise(ex) = e
                && fl & flags::VCALL == 0
            {
                let args = self.ary_new(args);
                self.ivar_set_name(ex, crate::intern!("args"), args);
            }
            self.stack.truncate(recv_ix);
            return Err(e);
        }
        let mut splat_kw = 0;
        let nargs = if fl & flags::KWARGS == 0 {
            // Plain arguments (a splat spread in place): slide them up to
            // make room for the name.
            self.stack.truncate(recv_ix + 1 + argc);
            let argc = if fl & flags::SPLAT != 0 && argc > 0 {
                let n = self.spread_splat(recv_ix, argc)?;
                // a ruby2_keywords Hash last: method_missing gets keywords
                splat_kw = self.ruby2_kw_splat(0);
                n
            } else {
                argc
            };
            self.stack.insert(recv_ix + 1, Value::symbol(name));
            argc + 1
        } else {
            let mut args = self.collect_args(recv_ix, argc, fl)?;
            args.insert(0, Value::symbol(name));
            self.stack.truncate(recv_ix);
            self.stack.push(recv);
            self.stack.extend_from_slice(&args);
            args.len()
        };
        let e = IcEntry::uncached(c, mm);
        let e = IcEntry {
            visibility: Visibility::Public,
            ..e
        };
        // For a `super` from this method_missing into BasicObject's: a
        // variable-like call still raises NameError there.
        self.mm_reason = Some((
            name,
            fl & (flags::VCALL | MISSING_PRIVATE | MISSING_PROTECTED),
        ));
        let kw = fl & flags::KWARGS | splat_kw;
        let a = Args {
            argc: nargs,
            fl: kw,
            ..a
        };
        self.invoke(e, sym::METHOD_MISSING, a, block)
    }

    #[cold]
    pub fn no_method_error(&mut self, name: SymbolId, recv: Value, fl: u32) -> Unwind {
        let desc = self.describe_receiver(recv);
        let n = symbol::name(name);
        let hidden = if fl & MISSING_PRIVATE != 0 {
            Some("private")
        } else if fl & MISSING_PROTECTED != 0 {
            Some("protected")
        } else {
            None
        };
        let (cls_id, msg) = if let Some(which) = hidden {
            (
                self.e.no_method_error,
                format!("{which} method `{n}' called for {desc}"),
            )
        } else if fl & flags::VCALL != 0 {
            (
                self.e.name_error,
                format!("undefined local variable or method `{n}' for {desc}"),
            )
        } else {
            (
                self.e.no_method_error,
                format!("undefined method `{n}' for {desc}"),
            )
        };
        let ex = self.new_exception(cls_id, &msg);
        self.set_name_error_fields(ex, name, recv);
        // A receiverless call may reach private methods: did_you_mean
        // then offers those too (`NoMethodError#private_call?`).
        if fl & (flags::FCALL | flags::VCALL) != 0 && cls_id == self.e.no_method_error {
            self.ivar_set_name(
                ex,
                symbol::intern(super::error::PRIVATE_CALL_IVAR),
                Value::TRUE,
            );
        }
        self.fill_backtrace(ex);
        Unwind::Raise(ex)
    }

    /// `recv` as NoMethodError messages show it.
    pub fn describe_receiver(&mut self, recv: Value) -> String {
        if recv.is_nil() {
            return "nil:NilClass".into();
        }
        if recv == Value::TRUE {
            return "true:TrueClass".into();
        }
        if recv == Value::FALSE {
            return "false:FalseClass".into();
        }
        if recv == self.main_obj {
            return "main:Object".into();
        }
        // A named class or module shows its name (not a user `inspect`);
        // an anonymous one is described by `inspect` like any object, so
        // `#<Class:0x...>` stands alone and a custom one gets `:Class`.
        if let Some(c) = self.as_class(recv)
            && self.classes.get(c).name.is_some()
        {
            let kind = if self.classes.is_module(c) {
                "Module"
            } else {
                "Class"
            };
            return format!("{}:{kind}", self.class_name(c));
        }
        // An object without `inspect` (a BasicObject) must not send it to
        // method_missing, which would describe the receiver again.
        let has_inspect =
            lookup::find_method(&self.classes, self.class_of(recv), sym::INSPECT).is_some();
        // CRuby 3.1 puts the whole inspect in the message; one of many
        // megabytes (a 200 MB String in an Array) would only risk aborting
        // on the allocation, so such a receiver gets the short form.
        // An `inspect` that raises (a NameError of its own, whose message
        // would inspect again) gives the short form, as CRuby's
        // `rb_protect(rb_inspect)`; one level deep only, or each error
        // would describe the next until the stack ran out.
        let s = if has_inspect && !inspect_may_be_huge(recv) && !self.describing {
            self.describing = true;
            let r = self.inspect(recv);
            self.describing = false;
            r.unwrap_or_else(|_| self.any_to_s(recv))
        } else {
            self.any_to_s(recv)
        };
        if s.starts_with('#') {
            return s;
        }
        // A huge inspect (a 200 MB string in an Array) must not abort the
        // process when the message cannot be built: the short form then.
        let cname = self.class_name(self.real_class_of(recv));
        let mut out = String::new();
        if out.try_reserve_exact(s.len() + 1 + cname.len()).is_err() {
            drop(s);
            return self.any_to_s(recv);
        }
        out.push_str(&s);
        out.push(':');
        out.push_str(&cname);
        out
    }
}

/// Whether `v`'s inspect could exceed a few megabytes: its Strings'
/// bytes and its elements, counted through nested Arrays, Hashes and
/// objects' instance variables with a bounded walk (too many elements to
/// count counts as huge).
fn inspect_may_be_huge(v: Value) -> bool {
    const MAX_BYTES: usize = 4 << 20;
    const MAX_VISITS: usize = 100_000;
    struct Walk {
        bytes: usize,
        visits: usize,
        // Recursive structures are shown once (`[...]`, `#<X ...>`).
        seen: std::collections::HashSet<u64>,
    }
    fn walk(w: &mut Walk, v: Value, depth: u32) -> bool {
        w.visits += 1;
        if w.visits > MAX_VISITS || depth > 64 || w.bytes > MAX_BYTES {
            return true;
        }
        w.bytes += 8;
        if !v.is_heap() || !w.seen.insert(v.raw()) {
            return false;
        }
        let Ok(body) = obj(v).body.try_borrow() else {
            return false;
        };
        match &*body {
            Body::String(st) => {
                w.bytes += st.bytes.len();
                w.bytes > MAX_BYTES
            }
            // Kernel#inspect shows an object's instance variables.
            Body::Array(items) | Body::Object(items) => {
                items.iter().any(|&x| walk(w, x, depth + 1))
            }
            Body::Hash(t) => t
                .entries
                .iter()
                .flatten()
                .any(|&(k, x)| walk(w, k, depth + 1) || walk(w, x, depth + 1)),
            _ => false,
        }
    }
    let mut w = Walk {
        bytes: 0,
        visits: 0,
        seen: std::collections::HashSet::new(),
    };
    walk(&mut w, v, 0)
}
