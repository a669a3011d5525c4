//! Parameter binding: moving call arguments into a frame's parameter
//! slots (optional, rest, post, keyword and block parameters).

use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::dispatch::flags;
use crate::gc::obj;
use crate::object::{BlockArg, Body, Unwind};
use crate::value::{SymbolId, Value, symbol};

use super::Vm;

/// The longest Array `setup_params` spreads on the stack where a callee
/// may take any number (a rest parameter, a block's auto-splat); longer
/// ones take the argument vector, so they never meet the VM stack's limit.
const SPREAD_MAX: usize = 1 << 16;

impl Vm {
    /// Moves `argc` arguments at `base` into the iseq's parameter slots.
    /// `lenient`: proc semantics (auto-splat, missing args are nil).
    pub fn setup_params(
        &mut self,
        iseq: &Iseq,
        base: usize,
        argc: usize,
        fl: u32,
        lenient: bool,
        block: &Option<Rc<BlockArg>>,
    ) -> Result<(), Unwind> {
        if lenient
            && fl & (flags::SPLAT | flags::KWARGS) == 0
            && iseq.params.lead_only
            && self.lead_block_args(iseq, base, argc)
        {
            return Ok(());
        }
        if fl & (flags::SPLAT | flags::KWARGS) == flags::SPLAT
            && iseq.params.simple
            && !lenient
            && self.spread_into_lead(iseq, base, argc)
        {
            return Ok(());
        }
        let mut fl = fl;
        if fl & flags::KWARGS != 0
            && argc > 0
            && self.hash_len(self.stack[base + argc - 1]) == Some(0)
        {
            // `**{}` passes no keywords (collect_args drops the hash).
            fl &= !flags::KWARGS;
            let args = self.collect_args(base - 1, argc, fl | flags::KWARGS)?;
            return self.setup_params_with(iseq, base, args, fl, lenient, block);
        }
        let bounded = iseq.params.simple;
        let (argc, fl) = if fl & (flags::SPLAT | flags::KWARGS) == flags::SPLAT
            && argc > 0
            && base + argc == self.stack.len()
            && (bounded || self.array_len(self.stack[base + argc - 1]) <= SPREAD_MAX)
        {
            // `f(a, *b)`: b's elements are spread where b lies, then they
            // are plain arguments (no argument vectors when they fit).
            let n = self.spread_splat(base - 1, argc)?;
            (n, self.ruby2_kw_splat(fl & !flags::SPLAT))
        } else {
            (argc, fl)
        };
        // Proc semantics first, where they can be done in place.
        let in_place = if lenient && fl & (flags::SPLAT | flags::KWARGS) == 0 {
            self.block_args_in_place(iseq, base, argc)
        } else {
            None
        };
        let (argc, lenient) = match in_place {
            Some(n) => (n, false),
            None => (argc, lenient),
        };
        if fl & (flags::SPLAT | flags::KWARGS) == 0
            && !lenient
            && self.setup_positional_in_place(iseq, base, argc, block)
        {
            return Ok(());
        }
        let args = self.gather_args(base - 1, argc, fl, bounded)?;
        let fl = if std::mem::take(&mut self.splat_kw) {
            fl | flags::KWARGS
        } else {
            fl
        };
        self.setup_params_with(iseq, base, args, fl, lenient, block)
    }

    /// `f(*a)` / `f(x, *a)` into a method with only `lead` parameters,
    /// the count right: the Array's elements spread where it lies and
    /// the locals made, as for a plain call (binarytrees' `item_check(*left)`
    /// took ~235 instructions through the general steps). False, nothing
    /// done, for anything else (the wrong count, a non-Array, a last
    /// element that is a Hash, which may carry ruby2_keywords).
    #[inline(always)]
    fn spread_into_lead(&mut self, iseq: &Iseq, base: usize, argc: usize) -> bool {
        if argc == 0 || base + argc != self.stack.len() {
            return false;
        }
        let arr = self.stack[base + argc - 1];
        if !arr.is_heap() {
            return false;
        }
        let body = obj(arr).body.borrow();
        let Body::Array(v) = &*body else {
            return false;
        };
        if argc - 1 + v.len() != iseq.params.lead as usize
            || v.last().is_some_and(|&h| self.hash_len(h).is_some())
        {
            return false;
        }
        self.stack.pop();
        self.stack.extend_from_slice(v);
        drop(body);
        self.locals_height(base + iseq.local_count as usize);
        true
    }

    /// Proc-style block arguments bound where they lie without the
    /// general steps, for the shapes the prelude's Enumerable methods
    /// make on every element (`each { |*a| ary << yield(*a) }`): plain
    /// arguments to lead-only params (padded, dropped, auto-splatted),
    /// plain arguments to a lone `|*a|`, and `yield(*a)` to lead-only
    /// params. False (nothing changed) for anything else.
    #[inline(always)]
    pub(super) fn block_args_fast(
        &mut self,
        iseq: &Iseq,
        base: usize,
        argc: usize,
        fl: u32,
    ) -> bool {
        match fl & (flags::SPLAT | flags::KWARGS) {
            0 if iseq.params.lead_only => self.lead_block_args(iseq, base, argc),
            0 => self.rest_only_block_args(iseq, base, argc),
            flags::SPLAT if iseq.params.lead_only => self.splat_to_lead_block(iseq, base, argc),
            _ => false,
        }
    }

    /// `yield(*a)` / `yield(x, *a)` to lead-only block params: the Array
    /// (ending in no Hash, which could carry ruby2_keywords) spread where
    /// it lies, then bound as plain arguments. False (nothing changed)
    /// when that needs the general steps (a lone non-Array argument to
    /// auto-splat, which may convert with `to_ary`).
    #[inline(always)]
    fn splat_to_lead_block(&mut self, iseq: &Iseq, base: usize, argc: usize) -> bool {
        if argc == 0 || base + argc != self.stack.len() {
            return false;
        }
        let arr = self.stack[base + argc - 1];
        if !arr.is_heap() {
            return false;
        }
        let body = obj(arr).body.borrow();
        let Body::Array(v) = &*body else {
            return false;
        };
        let n = argc - 1 + v.len();
        if v.len() > SPREAD_MAX
            || v.last().is_some_and(|&h| self.hash_len(h).is_some())
            || (iseq.params.auto_splat && n == 1 && !self.is_array(v[0]))
        {
            return false;
        }
        self.stack.pop();
        self.stack.extend_from_slice(v);
        drop(body);
        self.lead_block_args(iseq, base, n)
    }

    /// A block whose only parameter is a rest one (`|*a|`), called with
    /// plain arguments: they become its Array, where they lie. False
    /// (nothing changed) for any other parameters.
    #[inline(always)]
    fn rest_only_block_args(&mut self, iseq: &Iseq, base: usize, argc: usize) -> bool {
        let p = &iseq.params;
        if p.rest != Some(0)
            || p.lead != 0
            || p.opt != 0
            || p.post != 0
            || !p.kw.is_empty()
            || p.kwrest.is_some()
            || p.block.is_some()
            || base + argc != self.stack.len()
        {
            return false;
        }
        let items = self.stack[base..].to_vec();
        let a = self.ary_new(items);
        self.stack.truncate(base);
        self.stack.push(a);
        self.locals_height(base + iseq.local_count as usize);
        true
    }

    /// A block whose params are all lead ones (some maybe destructured,
    /// `|acc, (k, v)|`) called with plain arguments: a lone Array spread
    /// for `|a, b|` (auto-splat), then missing arguments nil and extra
    /// ones dropped, where they lie. False (nothing changed) when the lone
    /// argument is not an Array (it may convert with `to_ary`).
    #[inline(always)]
    fn lead_block_args(&mut self, iseq: &Iseq, base: usize, argc: usize) -> bool {
        if base + argc != self.stack.len() {
            return false;
        }
        let lead = iseq.params.lead as usize;
        let mut argc = argc;
        if iseq.params.auto_splat && argc == 1 {
            let a = self.stack[base];
            if !a.is_heap() {
                return false;
            }
            let body = obj(a).body.borrow();
            let Body::Array(v) = &*body else {
                return false;
            };
            argc = v.len().min(lead);
            self.stack.truncate(base);
            self.stack.extend_from_slice(&v[..argc]);
        }
        self.stack.truncate(base + argc.min(lead));
        self.stack.resize(base + lead, Value::NIL);
        self.locals_height(base + iseq.local_count as usize);
        true
    }

    /// Proc-style plain arguments made strict where they lie: a lone
    /// Array spread for `|a, b|` (auto-splat), missing arguments nil,
    /// extra ones dropped. Returns the new count; None (nothing changed)
    /// when the block's parameters or the argument need the general path
    /// (keywords, post parameters, an object that may convert with
    /// `to_ary`, a huge Array).
    fn block_args_in_place(&mut self, iseq: &Iseq, base: usize, argc: usize) -> Option<usize> {
        let p = &iseq.params;
        if !p.kw.is_empty() || p.kwrest.is_some() || p.post != 0 || base + argc != self.stack.len()
        {
            return None;
        }
        let mut argc = argc;
        if p.auto_splat && argc == 1 {
            let a = self.stack[base];
            if !self.is_array(a) || self.array_len(a) > SPREAD_MAX {
                return None;
            }
            argc = self.spread_splat(base - 1, 1).ok()?;
        }
        let (lead, opt) = (p.lead as usize, p.opt as usize);
        if argc < lead {
            self.stack.resize(base + lead, Value::NIL);
            argc = lead;
        }
        if p.rest.is_none() && argc > lead + opt {
            self.stack.truncate(base + lead + opt);
            argc = lead + opt;
        }
        Some(argc)
    }

    /// Plain positional arguments for a method with only leading,
    /// optional, rest and block parameters: set up where they lie on the
    /// stack (no argument vectors). False when the call needs the general
    /// path (keywords, post parameters, a wrong count).
    fn setup_positional_in_place(
        &mut self,
        iseq: &Iseq,
        base: usize,
        argc: usize,
        block: &Option<Rc<BlockArg>>,
    ) -> bool {
        let p = &iseq.params;
        if !p.kw.is_empty() || p.kwrest.is_some() || p.post != 0 {
            return false;
        }
        let (lead, opt) = (p.lead as usize, p.opt as usize);
        if argc < lead || (p.rest.is_none() && argc > lead + opt) {
            return false;
        }
        let rest = p.rest.map(|r| {
            let extra = self.stack[base + argc.min(lead + opt)..base + argc].to_vec();
            (r, self.ary_new(extra))
        });
        self.stack.truncate(base + argc.min(lead + opt));
        // Missing optionals are UNDEF: their default expressions run.
        self.stack.resize(base + lead + opt, Value::UNDEF);
        self.stack
            .resize(base + iseq.local_count as usize, Value::NIL);
        if let Some((r, a)) = rest {
            self.stack[base + r as usize] = a;
        }
        if let Some(b) = p.block {
            self.stack[base + b as usize] = match block {
                Some(b) => self.block_to_proc(b),
                None => Value::NIL,
            };
        }
        true
    }

    fn setup_params_with(
        &mut self,
        iseq: &Iseq,
        base: usize,
        mut args: Vec<Value>,
        fl: u32,
        lenient: bool,
        block: &Option<Rc<BlockArg>>,
    ) -> Result<(), Unwind> {
        let p = &iseq.params;
        let argc = args.len();
        self.stack.truncate(base);
        let accepts_kw = !p.kw.is_empty() || p.kwrest.is_some();
        let mut kwh: Option<Value> = None;
        if fl & flags::KWARGS != 0 && argc > 0 && !args.is_empty() {
            let last = *args.last().unwrap();
            if accepts_kw
                && self.hash_len(last).is_some()
                && self.collect_args_had_kw(fl, argc, base)
            {
                kwh = args.pop();
            } else if p.no_kw && self.hash_len(last).is_some() {
                return Err(self.callee_arg_error(iseq, "no keywords accepted"));
            }
        }
        // A ruby2_keywords method keeps its keywords in *rest as a flagged Hash.
        if fl & flags::KWARGS != 0
            && !accepts_kw
            && p.rest.is_some()
            && !self.ruby2_kw_iseqs.is_empty()
            && self.ruby2_kw_iseqs.contains(&iseq.id)
            && let Some(&last) = args.last()
            && self.hash_len(last).is_some()
        {
            let h = self.ruby2_kw_hash(last);
            *args.last_mut().unwrap() = h;
        }
        let required = p.required() as usize;
        let opt = p.opt as usize;
        if lenient {
            if p.auto_splat && args.len() == 1 {
                let a = args[0];
                if self.is_array(a) {
                    args = self.array_items(a);
                } else if let Some(conv) = self.check_array_type(a)? {
                    args = self.array_items(conv);
                }
            }
            while args.len() < required {
                args.push(Value::NIL);
            }
            if p.rest.is_none() && args.len() > required + opt {
                args.truncate(required + opt);
            }
        } else if args.len() < required || (p.rest.is_none() && args.len() > required + opt) {
            let max = if p.rest.is_some() {
                usize::MAX
            } else {
                required + opt
            };
            let missing_kw: Vec<SymbolId> = p.kw.iter().filter(|k| k.2).map(|k| k.0).collect();
            let mut e = self.argc_message(args.len(), required, max);
            if !missing_kw.is_empty() {
                let names: Vec<String> = missing_kw
                    .iter()
                    .map(|k| symbol::name(*k).to_string())
                    .collect();
                let word = if names.len() == 1 {
                    "keyword"
                } else {
                    "keywords"
                };
                e = format!(
                    "{}; required {word}: {})",
                    e.trim_end_matches(')'),
                    names.join(", ")
                );
            }
            return Err(self.callee_arg_error(iseq, &e));
        }
        let lc = iseq.local_count as usize;
        let mut locals = vec![Value::NIL; lc];
        let n = args.len();
        let lead = p.lead as usize;
        let post = p.post as usize;
        let k = lead.min(n);
        locals[..k].copy_from_slice(&args[..k]);
        let avail_opt = n.saturating_sub(required).min(opt);
        for i in 0..opt {
            locals[lead + i] = if i < avail_opt {
                args[lead + i]
            } else {
                Value::UNDEF
            };
        }
        let rest_start = lead + avail_opt;
        let rest_end = n.saturating_sub(post).max(rest_start);
        if let Some(r) = p.rest {
            let rest: Vec<Value> = args[rest_start..rest_end].to_vec();
            locals[r as usize] = self.ary_new(rest);
        }
        for i in 0..post {
            if rest_end + i < n {
                locals[p.post_start as usize + i] = args[rest_end + i];
            }
        }
        if accepts_kw {
            self.assign_keywords(iseq, &mut locals, kwh)?;
        }
        if let Some(b) = p.block {
            locals[b as usize] = match block {
                Some(b) => self.block_to_proc(b),
                None => Value::NIL,
            };
        }
        self.stack.extend_from_slice(&locals);
        Ok(())
    }

    /// A flagged (ruby2_keywords) Hash: a copy of `h` carrying the flag.
    #[cold]
    pub fn ruby2_kw_hash(&mut self, h: Value) -> Value {
        let n = self.plain_hash_copy(h);
        let o = crate::gc::obj(n);
        o.flags
            .set(o.flags.get() | crate::object::FLAG_RUBY2_KEYWORDS);
        self.ruby2_kw_seen = true;
        n
    }

    /// A new Hash (class Hash, no flags) with `h`'s table.
    pub fn plain_hash_copy(&mut self, h: Value) -> Value {
        let body = match &*crate::gc::obj(h).body.borrow() {
            crate::object::Body::Hash(t) => crate::object::Body::Hash(t.clone()),
            _ => return h,
        };
        self.heap.alloc(crate::class::cls::HASH, body)
    }

    /// Whether `v` is a Hash flagged by ruby2_keywords.
    pub fn is_ruby2_kw_hash(&self, v: Value) -> bool {
        v.is_heap()
            && crate::gc::obj(v).flags.get() & crate::object::FLAG_RUBY2_KEYWORDS != 0
            && self.hash_len(v).is_some()
    }

    /// After a splat was spread onto the stack: a flagged Hash on top (the
    /// last argument) passes as keywords, an unflagged copy. The new flags.
    #[inline]
    pub(super) fn ruby2_kw_splat(&mut self, fl: u32) -> u32 {
        if !self.ruby2_kw_seen || fl & flags::KWARGS != 0 {
            return fl;
        }
        self.ruby2_kw_splat_top(fl)
    }

    #[cold]
    fn ruby2_kw_splat_top(&mut self, fl: u32) -> u32 {
        match self.stack.last() {
            Some(&h) if self.is_ruby2_kw_hash(h) => {
                let n = self.plain_hash_copy(h);
                *self.stack.last_mut().unwrap() = n;
                fl | flags::KWARGS
            }
            _ => fl,
        }
    }

    fn collect_args_had_kw(&self, fl: u32, _argc: usize, _base: usize) -> bool {
        fl & flags::KWARGS != 0
    }

    fn assign_keywords(
        &mut self,
        iseq: &Iseq,
        locals: &mut [Value],
        kwh: Option<Value>,
    ) -> Result<(), Unwind> {
        let p = &iseq.params;
        let mut pairs: Vec<(Value, Value)> = match kwh {
            Some(h) => self.hash_pairs(h),
            None => Vec::new(),
        };
        let mut missing = Vec::new();
        for (name, idx, required) in &p.kw {
            let key = Value::symbol(*name);
            match pairs.iter().position(|(k, _)| *k == key) {
                Some(i) => {
                    locals[*idx as usize] = pairs.remove(i).1;
                }
                None if *required => missing.push(*name),
                None => locals[*idx as usize] = Value::UNDEF,
            }
        }
        if !missing.is_empty() {
            let names: Vec<String> = missing
                .iter()
                .map(|k| format!(":{}", symbol::name(*k)))
                .collect();
            let word = if names.len() == 1 {
                "keyword"
            } else {
                "keywords"
            };
            return Err(
                self.callee_arg_error(iseq, &format!("missing {word}: {}", names.join(", ")))
            );
        }
        match p.kwrest {
            Some(r) => {
                let h = self.hash_from_pairs(&pairs)?;
                locals[r as usize] = h;
            }
            None if !pairs.is_empty() => {
                let mut names = Vec::new();
                for (k, _) in &pairs {
                    names.push(self.inspect(*k)?);
                }
                let word = if names.len() == 1 {
                    "keyword"
                } else {
                    "keywords"
                };
                return Err(
                    self.callee_arg_error(iseq, &format!("unknown {word}: {}", names.join(", ")))
                );
            }
            None => {}
        }
        Ok(())
    }
}
