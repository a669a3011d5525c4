//! Exceptions raised by the VM: construction, backtraces, CRuby's error
//! messages, and the uncaught-exception report.

use crate::class::cls;
use crate::object::{Body, Unwind};
use crate::value::{ClassId, SymbolId, Value, sym, symbol};

use super::Vm;

/// How the at_exit handlers ended (`Vm::run_at_exit`).
pub enum AtExit {
    /// All ran: the exit status, and the first unwind other than an
    /// exception (an uncaught throw, a break) one of them let out.
    Done { status: i32, stray: Option<Unwind> },
    /// One called `exit!`: the process ends at once with this status.
    ExitNow(i32),
}

/// Hidden ivar holding a NameError's error_highlight text (or nil).
pub const HIGHLIGHT_IVAR: &str = "__highlight";
/// Hidden ivars behind `NoMethodError#private_call?` and
/// `NameError#local_variables` (the raising frame's iseq as an Integer
/// id, then the Array of its local names once asked for).
pub const PRIVATE_CALL_IVAR: &str = "__private_call";
pub const ISEQ_IVAR: &str = "__iseq";

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

    /// NoMemoryError, as CRuby raises when malloc fails (an allocation
    /// Ruby code asked for that cannot be made must not abort the VM).
    #[cold]
    pub fn no_memory_error(&mut self) -> Unwind {
        self.error(self.e.no_memory_error, "failed to allocate memory")
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
        // CLASS_OF: a class is named by its metaclass, `#<Class:K>`, and
        // an object with a singleton class by that class.
        let c = match self.as_class(v) {
            Some(k) if !self.classes.is_module(k) => format!("#<Class:{s}>"),
            _ => self.class_name(self.class_of(v)),
        };
        let e = self.new_exception(
            self.e.frozen_error,
            &format!("can't modify frozen {c}: {s}"),
        );
        self.ivar_set_name(e, crate::intern!("recv"), v);
        self.fill_backtrace(e);
        Unwind::Raise(e)
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
        self.ivar_set_name(e, crate::intern!("name"), Value::symbol(name));
        self.ivar_set_name(e, crate::intern!("recv"), recv);
        // CRuby keeps the raising frame's iseq for `local_variables`.
        if let Some(f) = self.frames.last() {
            let id = Value::int(f.iseq.id.0 as i64);
            self.ivar_set_name(e, symbol::intern(ISEQ_IVAR), id);
        }
    }

    /// The current Ruby backtrace, innermost first, CRuby's format.
    ///
    /// Builtins show as frames at their caller's location. Methods written
    /// in the prelude (`<internal:...>`) stand in for CRuby's C methods:
    /// they show like builtins, and their blocks are hidden. A frame
    /// running a rescue/ensure handler also shows CRuby's `rescue in`
    /// frame. A `raise` builtin on top is left out, as in CRuby.
    pub fn backtrace(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.backtrace_each(|file, line, label| {
            let mut s = String::with_capacity(file.len() + label.len() + 16);
            push_backtrace_line(&mut s, file, line, label);
            out.push(s);
        });
        out
    }

    /// [`Vm::backtrace`]'s lines, innermost first, as (file, line, label)
    /// handed to `each` without formatting them (`fill_backtrace` interns
    /// them through one reused buffer).
    fn backtrace_each(&self, mut each: impl FnMut(&str, u32, &str)) {
        // (file, line, label, internal): internal entries take the location
        // of the next user frame out.
        let mut raw: Vec<(Option<(&str, u32)>, Label<'_>)> =
            Vec::with_capacity(self.frames.len() + self.cfuncs.len());
        let mut cf = self.cfuncs.len();
        let mut inner_internal = false;
        // No user frame yet (from the innermost out): a builtin the
        // prelude called there is part of a C method's own work.
        let mut internal_run = true;
        // The last prelude frame seen when it runs an Enumerable method
        // (its index, its name): a builtin that handed its call to that
        // method (Array#min_by(n) to Enumerable's) is one C method in
        // CRuby, shown once.
        let mut prelude_method: Option<(usize, SymbolId)> = None;
        for (i, f) in self.frames.iter().enumerate().rev() {
            let internal = f.iseq.file.starts_with("<internal:");
            let loc = if internal {
                None
            } else {
                Some((&*f.iseq.file, f.line()))
            };
            while cf > 0 && self.cfuncs[cf - 1].1 > i {
                cf -= 1;
                let (name_id, at, owner) = self.cfuncs[cf];
                if prelude_method == Some((at, name_id)) {
                    continue;
                }
                let name = symbol::name(name_id);
                if (raw.is_empty() && (&*name == "raise" || &*name == "fail"))
                    || &*name == "method_missing"
                    // (a prelude helper that only runs the prelude method
                    // around it in another way: no frame of its own)
                    || (&*name == "each_indexed" && Some(owner) == self.prelude_helpers)
                    || (internal && internal_run && !raw.is_empty())
                    // CRuby calls a Proc without a frame of its own
                    // (vm_call_opt_call).
                    || (owner == crate::class::cls::PROC
                        && matches!(&*name, "call" | "()" | "yield" | "===" | "[]"))
                {
                    continue;
                }
                let called_by_plumbing = cf > 0
                    && self.cfuncs[cf - 1].1 == self.cfuncs[cf].1
                    && prelude_plumbing(&symbol::name(self.cfuncs[cf - 1].0));
                // A C method's own `each` (Array#zip's, say) has no frame;
                // Enumerable's and the one an Enumerator wraps do.
                if internal
                    && &*name == "each"
                    && !called_by_plumbing
                    && &*f.iseq.file != "<internal:enumerable>"
                    && !f.method.is_some_and(|m| {
                        let e = self.classes.method(m);
                        enumerable_in_cruby(e.owner, &symbol::name(e.name))
                    })
                {
                    continue;
                }
                if internal
                    && (prelude_plumbing(&name)
                        || Some(owner) == self.prelude_helpers
                        || native_helper(&name))
                {
                    // What it called is a method call of its own in CRuby.
                    inner_internal = false;
                    continue;
                }
                // (Not for its own argument count error, raised before
                // it iterates.)
                let arity_error =
                    raw.is_empty() && self.builtin_arity_error && cf + 1 == self.cfuncs.len();
                if enumerable_in_cruby(owner, &name) && !arity_error {
                    raw.push((None, Label::Borrowed("each")));
                }
                raw.push((self.cruby_prelude_line(owner, &name), Label::Symbol(name)));
                inner_internal = false;
            }
            if internal {
                if let Some(m) = f.method {
                    let e = self.classes.method(m);
                    prelude_method =
                        (e.owner == crate::class::cls::ENUMERABLE).then_some((i, e.name));
                }
                if f.method.is_some()
                    && f.iseq.kind == crate::bytecode::IseqKind::Method
                    && native_helper(&f.iseq.label)
                {
                    // The general half of a native method (`__each` under
                    // Enumerator#each): part of that C method in CRuby,
                    // and so is a prelude method it called.
                    if inner_internal {
                        raw.pop();
                        inner_internal = false;
                    }
                    continue;
                }
                if f.method.is_some() && f.iseq.kind == crate::bytecode::IseqKind::Method {
                    // A prelude method called by another one: CRuby's C
                    // method does the work itself, so show only the outer.
                    // `each` from Enumerable is the exception: CRuby's C
                    // methods there call it through dispatch, so it has a
                    // frame too.
                    let keep = raw.last().is_some_and(|r| r.1.as_str() == "each")
                        && &*f.iseq.file == "<internal:enumerable>";
                    if inner_internal && !keep {
                        raw.pop();
                    }
                    let at = f.method.and_then(|m| {
                        let e = self.classes.method(m);
                        self.cruby_prelude_line(e.owner, &symbol::name(e.name))
                    });
                    raw.push((at, Label::Borrowed(&f.iseq.label)));
                    inner_internal = true;
                }
                continue;
            }
            inner_internal = false;
            internal_run = false;
            let pc = f.pc.saturating_sub(1) as u32;
            let in_handler =
                |c: &&crate::bytecode::CatchEntry| pc >= c.handler && pc < c.handler_end;
            if !f.iseq.catch.iter().any(|c| in_handler(&c)) {
                raw.push((loc, Label::Borrowed(&f.iseq.label)));
                continue;
            }
            let handlers: Vec<&crate::bytecode::CatchEntry> =
                f.iseq.catch.iter().filter(in_handler).collect();
            let mut line = f.line();
            for (k, c) in handlers.iter().enumerate() {
                let mut label = f.iseq.label.clone();
                for o in handlers[k..].iter().rev() {
                    let kind = match o.kind {
                        crate::bytecode::CatchKind::Ensure => "ensure",
                        _ => "rescue",
                    };
                    label = format!("{kind} in {label}");
                }
                raw.push((Some((&*f.iseq.file, line)), Label::Owned(label)));
                line = c.cont_line;
            }
            raw.push((Some((&*f.iseq.file, line)), Label::Borrowed(&f.iseq.label)));
        }
        // An internal entry takes the location of the next one out that
        // has one: walk outermost first, carrying it.
        let mut locs: Vec<(&str, u32)> = Vec::with_capacity(raw.len());
        let mut next = (self.script_name.as_str(), 0);
        for (loc, _) in raw.iter().rev() {
            if let Some(l) = loc {
                next = *l;
            }
            locs.push(next);
        }
        for ((_, label), (file, line)) in raw.iter().zip(locs.iter().rev()) {
            each(file, *line, label.as_str());
        }
    }

    /// Where CRuby 3.1.2's own Ruby code (kernel.rb, array.rb, dir.rb...)
    /// shows a method that carmine writes in Rust or in its prelude: its
    /// backtrace line is `<internal:kernel>:90:in 'tap'`, not the caller's.
    #[cold]
    fn cruby_prelude_line(&self, owner: ClassId, name: &str) -> Option<(&'static str, u32)> {
        let k = self.classes.get(owner);
        let (singleton, base) = if k.kind == crate::class::ClassKind::Singleton {
            (true, self.as_class(k.attached)?)
        } else {
            (false, owner)
        };
        let class = self.class_name(base);
        Some(match (class.as_str(), singleton, name) {
            ("Kernel", false, "tap") => ("<internal:kernel>", 90),
            ("Kernel", false, "then") => ("<internal:kernel>", 124),
            ("Kernel", false, "yield_self") => ("<internal:kernel>", 148),
            ("Kernel", _, "Float") => ("<internal:kernel>", 173),
            ("Kernel", _, "warn") => ("<internal:warning>", 51),
            ("Array", false, "shuffle") => ("<internal:array>", 27),
            ("Array", false, "sample") => ("<internal:array>", 66),
            ("Dir", true, "open") => ("<internal:dir>", 98),
            ("Dir", true, "[]") => ("<internal:dir>", 128),
            ("Dir", true, "glob") => ("<internal:dir>", 220),
            ("Marshal", true, "load") => ("<internal:marshal>", 34),
            ("Time", true, "at") => ("<internal:timev>", 272),
            _ => return None,
        })
    }

    /// An ArgumentError from binding arguments to `iseq`'s parameters: CRuby
    /// reports it inside the callee, at its first line.
    #[cold]
    pub fn callee_arg_error(&mut self, iseq: &crate::bytecode::Iseq, msg: &str) -> Unwind {
        let e = self.new_exception(self.e.argument_error, msg);
        let mut bt = self.backtrace();
        let top = if iseq.file.starts_with("<internal:") {
            let at = bt
                .first()
                .and_then(|l| l.rfind(":in `").map(|i| l[..i].to_string()))
                .unwrap_or_default();
            format!("{at}:in `{}'", iseq.label)
        } else {
            format!("{}:{}:in `{}'", iseq.file, iseq.first_line, iseq.label)
        };
        bt.insert(0, top);
        let items: Vec<Value> = bt.iter().map(|s| self.str_new(s)).collect();
        let a = self.ary_new(items);
        self.set_backtrace(e, a);
        Unwind::Raise(e)
    }

    /// NoMatchingPatternError (or its KeyError) with CRuby's message for a
    /// failed check (`compiler::control_kinds::PAT_*`).
    #[cold]
    pub fn pattern_error(&mut self, subj: Value, kind: Value, a: Value, b: Value) -> Unwind {
        // The operands were popped: keep them alive across `inspect`.
        let roots = self.roots_len();
        for v in [subj, a, b] {
            self.push_root(v);
        }
        let u = self.pattern_error_inner(subj, kind, a, b);
        self.truncate_roots(roots);
        u
    }

    fn pattern_error_inner(&mut self, subj: Value, kind: Value, a: Value, b: Value) -> Unwind {
        use crate::compiler::control_kinds::*;
        let insp = |vm: &mut Vm, v: Value| vm.inspect(v).unwrap_or_default();
        let s = insp(self, subj);
        let kind = kind.as_fixnum().unwrap_or(0) as u32;
        let detail = match kind {
            PAT_VALUE => {
                let (x, y) = (insp(self, a), insp(self, b));
                format!("{x} === {y} does not return true")
            }
            PAT_LENGTH | PAT_LENGTH_REST => {
                let x = insp(self, a);
                let given = self.array_items(a).len();
                let plus = if kind == PAT_LENGTH_REST { "+" } else { "" };
                let want = insp(self, b);
                format!("{x} length mismatch (given {given}, expected {want}{plus})")
            }
            PAT_DECONSTRUCT => format!("{} does not respond to #deconstruct", insp(self, a)),
            PAT_DECONSTRUCT_KEYS => {
                format!("{} does not respond to #deconstruct_keys", insp(self, a))
            }
            PAT_KEY => format!("key not found: {}", insp(self, a)),
            PAT_REST => format!("rest of {} is not empty", insp(self, a)),
            PAT_EMPTY => format!("{} is not empty", insp(self, a)),
            PAT_FIND => format!("{} does not match to find pattern", insp(self, a)),
            PAT_GUARD => "guard clause does not return true".to_string(),
            _ => String::new(),
        };
        let msg = if detail.is_empty() {
            s
        } else {
            format!("{s}: {detail}")
        };
        let c = if kind == PAT_KEY {
            self.e.no_matching_pattern_key_error
        } else {
            self.e.no_matching_pattern_error
        };
        let e = self.new_exception(c, &msg);
        if kind == PAT_KEY {
            self.ivar_set_name(e, crate::intern!("key"), a);
            self.ivar_set_name(e, crate::intern!("matchee"), b);
        }
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    /// `throw` without a matching `catch`.
    #[cold]
    pub fn uncaught_throw(&mut self, tag: Value, value: Value) -> Unwind {
        // UncaughtThrowError#to_s formats the message with the tag.
        let e = self.new_exception(self.e.uncaught_throw_error, "uncaught throw %p");
        self.ivar_set_name(e, crate::intern!("tag"), tag);
        self.ivar_set_name(e, crate::intern!("value"), value);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    /// Sets the exception's backtrace if it has none: as line ids
    /// (`IVAR_BACKTRACE_IDS`, 4 bytes a line), made the Array of Strings
    /// Ruby sees only when it is read (`exception_backtrace`). Deep
    /// recursion whose every `ensure` raises keeps thousands of
    /// exceptions alive through `cause`, each with a backtrace thousands
    /// of lines long: as Strings that was gigabytes.
    pub fn fill_backtrace(&mut self, e: Value) {
        if !e.is_heap()
            || !self.ivar_get_name(e, sym::IVAR_BACKTRACE).is_nil()
            || !self.ivar_get_name(e, sym::IVAR_BACKTRACE_IDS).is_nil()
        {
            return;
        }
        if let Some(max) = self.options.max_instructions {
            // Building a backtrace is work proportional to the stack depth:
            // charge it to the budget, so raising over and over from deep
            // recursion (SystemStackError rescued and re-raised at every
            // level, never reaching a safepoint) stays bounded too.
            self.insn_count += (self.frames.len() / 8) as u64;
            if self.insn_count > max {
                self.budget_spent = true;
            }
        }
        // The line table is taken out while the frames are walked (which
        // borrows the VM); each line is formatted into one reused buffer
        // and only a line not seen before is kept as a String.
        let mut line_ids = std::mem::take(&mut self.backtrace_line_ids);
        let mut lines = std::mem::take(&mut self.backtrace_lines);
        let mut ids = Vec::with_capacity(4 * (self.frames.len() + 4));
        let mut buf = String::with_capacity(128);
        self.backtrace_each(|file, line, label| {
            buf.clear();
            push_backtrace_line(&mut buf, file, line, label);
            let id = match line_ids.get(buf.as_str()) {
                Some(&id) => id,
                None => {
                    let id = lines.len() as u32;
                    let line: std::rc::Rc<str> = buf.as_str().into();
                    lines.push(line.clone());
                    line_ids.insert(line, id);
                    id
                }
            };
            ids.extend_from_slice(&id.to_le_bytes());
        });
        self.backtrace_line_ids = line_ids;
        self.backtrace_lines = lines;
        let blob = self.str_from_bytes(ids);
        self.ivar_set_name(e, sym::IVAR_BACKTRACE_IDS, blob);
        if self.exception_is(e, self.e.name_error) {
            let h = match self.current_highlight() {
                Some(h) => self.str_new(&h),
                None => Value::NIL,
            };
            self.ivar_set_name(e, symbol::intern(HIGHLIGHT_IVAR), h);
        }
    }

    /// The exception's backtrace as Ruby sees it (an Array of Strings, or
    /// what `set_backtrace` was given): made from its line ids the first
    /// time it is read.
    pub fn exception_backtrace(&mut self, e: Value) -> Value {
        let bt = self.ivar_get_name(e, sym::IVAR_BACKTRACE);
        let blob = self.ivar_get_name(e, sym::IVAR_BACKTRACE_IDS);
        if !bt.is_nil() || blob.is_nil() {
            return bt;
        }
        let bytes = self.string_bytes(blob);
        let lines: Vec<std::rc::Rc<str>> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as usize)
            .filter_map(|id| self.backtrace_lines.get(id).cloned())
            .collect();
        let items: Vec<Value> = lines.iter().map(|line| self.str_new(line)).collect();
        let a = self.ary_new(items);
        self.set_backtrace(e, a);
        a
    }

    /// Sets the backtrace Ruby sees (`set_backtrace`, `raise`'s third
    /// argument), dropping any line ids kept for it.
    pub fn set_backtrace(&mut self, e: Value, bt: Value) {
        self.ivar_set_name(e, sym::IVAR_BACKTRACE, bt);
        self.ivar_set_name(e, sym::IVAR_BACKTRACE_IDS, Value::NIL);
    }

    /// CRuby 3.1's error_highlight text for an error raised by the current
    /// instruction of the innermost user frame: a blank line, the source
    /// line, and carets under the marked range.
    fn current_highlight(&self) -> Option<String> {
        let f = self
            .frames
            .iter()
            .rev()
            .find(|f| !f.iseq.file.starts_with("<internal:"))?;
        let (beg, end) = f.iseq.span_at(f.pc.checked_sub(1)? as u32)?;
        let src = &f.iseq.source[..];
        let (beg, end) = (beg as usize, end as usize);
        if beg >= end || end > src.len() {
            return None;
        }
        let ls = src[..beg]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let le = src[beg..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(src.len(), |i| beg + i);
        if end > le {
            return None;
        }
        let line = String::from_utf8_lossy(&src[ls..le]);
        let indent: String = String::from_utf8_lossy(&src[ls..beg])
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        Some(format!("\n\n{line}\n{indent}{}", "^".repeat(end - beg)))
    }

    /// The exception's message (`message` may be overridden in Ruby).
    pub fn exception_message(&mut self, e: Value) -> String {
        match self.funcall(e, sym::MESSAGE, &[], None) {
            Ok(m) if self.is_string(m) => self.string_lossy(m),
            Ok(m) => self.inspect(m).unwrap_or_default(),
            Err(_) => self.class_name(self.real_class_of(e)),
        }
    }

    /// The exit status a program's (or handler's) outcome `r` gives.
    pub fn exit_status_of(&mut self, r: &Result<Value, Unwind>) -> i32 {
        match r {
            Ok(_) => 0,
            Err(Unwind::Exit(c)) => *c,
            Err(Unwind::Raise(e)) if self.exception_is(*e, self.e.system_exit) => {
                self.ivar_get_name(*e, crate::intern!("status"))
                    .as_fixnum()
                    .unwrap_or(0) as i32
            }
            Err(_) => 1,
        }
    }

    /// Runs the at_exit handlers, the last registered first (CRuby's
    /// rb_ec_exec_end_proc). They see `errinfo` (the program's exception)
    /// in `$!`, then the last error a handler raised; such an error is
    /// reported at once, `exit` in a handler sets the status. Used at the
    /// program's end and by a forked child's (from inside its frames: each
    /// handler starts from the frames there were).
    pub fn run_at_exit(&mut self, mut status: i32, mut errinfo: Value) -> AtExit {
        let mut stray = None;
        let depth = self.frames.len();
        // `trap("EXIT")`'s handler runs before the at_exit blocks.
        if self.interrupts.exit_trapped
            && let Ok(p) = self.call_prelude("Signal", "__exit_handler")
            && !p.is_nil()
        {
            self.at_exit.push(p);
        }
        while let Some(p) = self.at_exit.pop() {
            self.frames.truncate(depth);
            self.errinfo = errinfo;
            match self.call_proc_with(p, &[], None, None) {
                Err(Unwind::Raise(ex)) if self.exception_is(ex, self.e.system_exit) => {
                    status = self.exit_status_of(&Err(Unwind::Raise(ex)));
                    errinfo = ex;
                }
                Err(Unwind::Raise(ex)) => {
                    self.report_exception(ex);
                    errinfo = ex;
                    if status == 0 {
                        status = 1;
                    }
                }
                Err(Unwind::Exit(c)) => return AtExit::ExitNow(c),
                Err(e) => {
                    status = self.exit_status_of(&Err(e.clone()));
                    stray.get_or_insert(e);
                }
                Ok(_) => {}
            }
        }
        AtExit::Done { status, stray }
    }

    /// True if `e` is an instance of (a subclass of) `c`.
    pub fn exception_is(&self, e: Value, c: ClassId) -> bool {
        self.classes.is_subclass_of(self.class_of(e), c)
    }
}

/// Builtins of Array, Hash and Range that CRuby inherits from Enumerable,
/// whose C code calls `each` (so CRuby's backtraces show an `each` frame
/// under them).
/// Builtins the prelude calls only to reach other code (a block, the
/// method an Enumerator wraps): CRuby's C methods do that without a frame.
fn prelude_plumbing(name: &str) -> bool {
    matches!(
        name,
        "__send__" | "send" | "public_send" | "call" | "instance_exec" | "yield"
    )
}

/// A native half's hidden helper (`Zlib.__deflate_run`, `Psych.__events`):
/// in CRuby the C method that calls it is the one frame.
fn native_helper(name: &str) -> bool {
    name.starts_with("__") && !matches!(name, "__id__" | "__method__" | "__callee__" | "__dir__")
}

fn enumerable_in_cruby(owner: ClassId, name: &str) -> bool {
    let common = matches!(
        name,
        "each_with_index"
            | "each_with_object"
            | "inject"
            | "reduce"
            | "each_slice"
            | "each_cons"
            | "each_entry"
            | "group_by"
            | "partition"
            | "min_by"
            | "max_by"
            | "minmax_by"
            | "sort_by"
            | "find"
            | "detect"
            | "flat_map"
            | "collect_concat"
            | "chunk_while"
            | "slice_when"
            | "tally"
            | "filter_map"
            | "each_with"
            | "zip_with"
            | "lazy"
            | "to_set"
    );
    match owner {
        cls::ARRAY => common,
        cls::HASH => {
            common
                || matches!(
                    name,
                    "map"
                        | "collect"
                        | "count"
                        | "sum"
                        | "sort"
                        | "find_index"
                        | "first"
                        | "take_while"
                        | "drop_while"
                        | "uniq"
                        | "zip"
                        | "min"
                        | "max"
                        | "each_entry"
                        | "to_set"
                        | "find_all"
                )
        }
        cls::RANGE => {
            common
                || matches!(
                    name,
                    "map"
                        | "collect"
                        | "select"
                        | "filter"
                        | "reject"
                        | "find_index"
                        | "take_while"
                        | "drop_while"
                        | "uniq"
                        | "zip"
                        | "each_entry"
                        | "sort"
                        | "to_h"
                        | "take"
                        | "drop"
                )
        }
        _ => false,
    }
}

/// A backtrace label: the frame's own, a builtin's name, or one made
/// for it (`rescue in ...`).
enum Label<'a> {
    Borrowed(&'a str),
    Symbol(std::sync::Arc<str>),
    Owned(String),
}

impl Label<'_> {
    fn as_str(&self) -> &str {
        match self {
            Label::Borrowed(s) => s,
            Label::Symbol(s) => s,
            Label::Owned(s) => s,
        }
    }
}

/// Appends CRuby's backtrace line `file:line:in `label'` to `out`.
fn push_backtrace_line(out: &mut String, file: &str, line: u32, label: &str) {
    let mut digits = [0u8; 11];
    let mut n = line;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    digits[i - 1] = b':';
    let digits = std::str::from_utf8(&digits[i - 1..]).unwrap_or(":0");
    out.reserve(file.len() + digits.len() + label.len() + 6);
    out.push_str(file);
    out.push_str(digits);
    out.push_str(":in `");
    out.push_str(label);
    out.push('\'');
}
