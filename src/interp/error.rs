//! Exceptions raised by the VM: construction, backtraces, CRuby's error
//! messages, and the uncaught-exception report.

use crate::class::cls;
use crate::gc::obj;
use crate::object::{Body, Unwind};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

use super::Vm;

impl Vm {
    /// A new exception object of class `c` with `msg` (no backtrace yet).
    pub fn new_exception(&mut self, c: ClassId, msg: &str) -> Value {
        let e = self.heap.alloc(c, Body::Object(Vec::new()));
        let m = self.str_new(msg);
        self.ivar_set_name(e, sym::IVAR_MESSAGE, m);
        e
    }

    /// Builds an exception and returns it as an unwind, with a backtrace.
    #[cold]
    pub fn error(&mut self, c: ClassId, msg: &str) -> Unwind {
        let e = self.new_exception(c, msg);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    #[cold]
    pub fn type_error(&mut self, msg: &str) -> Unwind {
        self.error(self.e.type_error, msg)
    }

    #[cold]
    pub fn arg_error(&mut self, msg: &str) -> Unwind {
        self.error(self.e.argument_error, msg)
    }

    #[cold]
    pub fn runtime_error(&mut self, msg: &str) -> Unwind {
        self.error(self.e.runtime_error, msg)
    }

    #[cold]
    pub fn local_jump_error(&mut self, msg: &str) -> Unwind {
        self.error(self.e.local_jump_error, msg)
    }

    #[cold]
    pub fn name_error(&mut self, msg: &str, name: SymbolId, recv: Value) -> Unwind {
        let e = self.new_exception(self.e.name_error, msg);
        self.set_name_error_fields(e, name, recv);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    #[cold]
    pub fn frozen_error(&mut self, v: Value) -> Unwind {
        let s = self.inspect(v).unwrap_or_default();
        let c = self.class_name(self.real_class_of(v));
        self.error(
            self.e.frozen_error,
            &format!("can't modify frozen {c}: {s}"),
        )
    }

    pub fn argc_message(&self, given: usize, min: usize, max: usize) -> String {
        if min == max {
            format!("wrong number of arguments (given {given}, expected {min})")
        } else if max == usize::MAX {
            format!("wrong number of arguments (given {given}, expected {min}+)")
        } else {
            format!("wrong number of arguments (given {given}, expected {min}..{max})")
        }
    }

    #[cold]
    pub fn argc_error(&mut self, given: usize, min: usize, max: usize) -> Unwind {
        let m = self.argc_message(given, min, max);
        self.arg_error(&m)
    }

    /// Checks a builtin's argument count.
    pub fn check_args(&mut self, args: &[Value], min: usize, max: usize) -> Result<(), Unwind> {
        if args.len() < min || args.len() > max {
            return Err(self.argc_error(args.len(), min, max));
        }
        Ok(())
    }

    pub fn set_name_error_fields(&mut self, e: Value, name: SymbolId, recv: Value) {
        self.ivar_set_name(e, symbol::intern("@name"), Value::symbol(name));
        self.ivar_set_name(e, symbol::intern("@receiver"), recv);
    }

    /// The current Ruby backtrace, innermost first, CRuby's format.
    pub fn backtrace(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut cf = self.cfuncs.len();
        for (i, f) in self.frames.iter().enumerate().rev() {
            while cf > 0 && self.cfuncs[cf - 1].1 > i {
                cf -= 1;
                out.push(format!(
                    "{}:{}:in `{}'",
                    f.iseq.file,
                    f.line(),
                    symbol::name(self.cfuncs[cf].0)
                ));
            }
            out.push(format!(
                "{}:{}:in `{}'",
                f.iseq.file,
                f.line(),
                f.iseq.label
            ));
        }
        out
    }

    /// Sets the exception's backtrace if it has none.
    pub fn fill_backtrace(&mut self, e: Value) {
        if !e.is_heap() || !self.ivar_get_name(e, sym::IVAR_BACKTRACE).is_nil() {
            return;
        }
        let bt = self.backtrace();
        let items: Vec<Value> = bt.iter().map(|s| self.str_new(s)).collect();
        let a = self.ary_new(items);
        self.ivar_set_name(e, sym::IVAR_BACKTRACE, a);
    }

    /// The exception's message (`message` may be overridden in Ruby).
    pub fn exception_message(&mut self, e: Value) -> String {
        match self.funcall(e, sym::MESSAGE, &[], None) {
            Ok(m) if self.is_string(m) => self.string_lossy(m),
            Ok(m) => self.inspect(m).unwrap_or_default(),
            Err(_) => self.class_name(self.real_class_of(e)),
        }
    }

    /// Prints an uncaught exception the way CRuby 3.1 does.
    pub fn report_exception(&mut self, e: Value) {
        let c = self.real_class_of(e);
        let cname = self.class_name(c);
        let msg = self.exception_message(e);
        let bt = self.ivar_get_name(e, sym::IVAR_BACKTRACE);
        let lines: Vec<String> = if self.is_array(bt) {
            self.array_items(bt)
                .into_iter()
                .map(|v| self.string_lossy(v))
                .collect()
        } else {
            Vec::new()
        };
        let mut out = String::new();
        let first = lines
            .first()
            .cloned()
            .unwrap_or_else(|| self.script_name.clone());
        if msg.is_empty() || (c == cls::EXCEPTION && msg == cname && false) {
            if msg.is_empty() {
                out.push_str(&format!("{first}: unhandled exception\n"));
            }
        } else {
            let mut ml = msg.lines();
            let head = ml.next().unwrap_or("");
            if msg == cname && c != self.e.runtime_error {
                out.push_str(&format!("{first}: {head} ({cname})\n"));
            } else {
                out.push_str(&format!("{first}: {head} ({cname})\n"));
            }
            for l in ml {
                out.push_str(l);
                out.push('\n');
            }
            if msg.ends_with('\n') && msg.lines().count() > 1 {
                // CRuby keeps a trailing newline as is.
            }
        }
        for l in lines.iter().skip(1) {
            out.push_str(&format!("\tfrom {l}\n"));
        }
        let cause = self.ivar_get_name(e, sym::IVAR_CAUSE);
        if cause.is_heap() && cause != e {
            let cmsg = self.exception_message(cause);
            let cc = self.class_name(self.real_class_of(cause));
            let cbt = self.ivar_get_name(cause, sym::IVAR_BACKTRACE);
            let clines: Vec<String> = if self.is_array(cbt) {
                self.array_items(cbt)
                    .into_iter()
                    .map(|v| self.string_lossy(v))
                    .collect()
            } else {
                Vec::new()
            };
            let first = clines.first().cloned().unwrap_or_default();
            out.push_str(&format!("{first}: {cmsg} ({cc})\n"));
            for l in clines.iter().skip(1) {
                out.push_str(&format!("\tfrom {l}\n"));
            }
        }
        self.write_err(out.as_bytes());
    }

    /// True if `e` is an instance of (a subclass of) `c`.
    pub fn exception_is(&self, e: Value, c: ClassId) -> bool {
        self.classes.is_subclass_of(self.class_of(e), c)
    }
}
