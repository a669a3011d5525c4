//! Primitive operations on core values that the interpreter itself needs:
//! arrays, strings, hash tables (with Ruby `hash`/`eql?`), ranges,
//! conversions, `inspect`/`to_s`, and regexps.

use std::hash::{Hash, Hasher};

use crate::builtins::regexp::{Subject, SubjectError};
use crate::class::cls;
use crate::gc::obj;
use crate::object::{Body, RHash, RRegexp, RegexpEnc, Unwind};
use crate::value::{SymbolId, Value, sym, symbol};

use super::Vm;

/// How deep recursive builtins (`hash`, `==`, `<=>` of nested arrays) may
/// go before SystemStackError: CRuby's 8 MiB machine stack gives up
/// between 10 000 and 30 000 levels; carmine's 1 GiB stack would not, and
/// the guard lists are scanned linearly.
pub const MAX_NESTING: usize = 20_000;

/// Out-of-slot bytes per Hash entry (the entry, its hash code and its
/// index bucket), charged to the GC as the table grows.
pub const HASH_ENTRY_BYTES: usize = 64;
/// Strings shorter than this (bytes) are read afresh on each match instead
/// of replacing `Vm::match_subject`'s cached text.
const MATCH_CACHE_MIN: usize = 256;

impl Vm {
    /// Charged once per block call made from Rust (`Integer#times`,
    /// `Array#map`, ...): one unit of `--max-instructions`, and Ctrl-C
    /// is noticed even in a builtin looping over an empty block. No GC
    /// here: the caller's arguments are not rooted yet.
    #[inline]
    pub fn block_call_tick(&mut self) -> Result<(), Unwind> {
        if self.options.max_instructions.is_some()
            || self
                .interrupts
                .pending
                .load(std::sync::atomic::Ordering::Relaxed)
        {
            return self.block_call_tick_slow();
        }
        Ok(())
    }

    #[cold]
    fn block_call_tick_slow(&mut self) -> Result<(), Unwind> {
        if let Some(max) = self.options.max_instructions {
            self.insn_count += 1;
            if self.insn_count > max {
                return Err(self.budget_exhausted());
            }
        }
        if self.take_sigint() {
            return Err(self.error(self.e.interrupt, ""));
        }
        Ok(())
    }

    // ---- arrays and strings ------------------------------------------------------

    #[inline]
    pub fn is_array(&self, v: Value) -> bool {
        v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Array(_))
    }

    /// A copy of an Array's elements with room for `extra` more, or
    /// NoMemoryError (CRuby's failed malloc) when that cannot be allocated.
    pub fn array_items_room(&mut self, v: Value, extra: usize) -> Result<Vec<Value>, Unwind> {
        let mut out = Vec::new();
        let ok = match v.is_heap().then(|| obj(v).body.borrow()).as_deref() {
            Some(Body::Array(a)) => {
                let ok = a
                    .len()
                    .checked_add(extra)
                    .is_some_and(|n| out.try_reserve_exact(n).is_ok());
                if ok {
                    out.extend_from_slice(a);
                }
                ok
            }
            _ => true,
        };
        if !ok {
            return Err(self.no_memory_error());
        }
        Ok(out)
    }

    pub fn array_items(&self, v: Value) -> Vec<Value> {
        if v.is_heap()
            && let Body::Array(a) = &*obj(v).body.borrow()
        {
            return a.clone();
        }
        Vec::new()
    }

    pub fn array_len(&self, v: Value) -> usize {
        if v.is_heap()
            && let Body::Array(a) = &*obj(v).body.borrow()
        {
            return a.len();
        }
        0
    }

    #[inline]
    pub fn is_string(&self, v: Value) -> bool {
        v.is_heap() && matches!(&*obj(v).body.borrow(), Body::String(_))
    }

    pub fn string_lossy(&self, v: Value) -> String {
        if v.is_heap()
            && let Body::String(s) = &*obj(v).body.borrow()
        {
            return s.as_str().into_owned();
        }
        String::new()
    }

    pub fn string_bytes(&self, v: Value) -> Vec<u8> {
        if v.is_heap()
            && let Body::String(s) = &*obj(v).body.borrow()
        {
            return s.bytes.clone();
        }
        Vec::new()
    }

    /// `*v` in a call or literal: Array, nil -> [], to_a, else [v].
    pub fn splat_to_array(&mut self, v: Value) -> Result<Value, Unwind> {
        if self.is_array(v) {
            let items = self.array_items_room(v, 0)?;
            return Ok(self.ary_new(items));
        }
        if v.is_nil() && !self.nil_to_a_redefined() {
            return Ok(self.ary_new(Vec::new()));
        }
        // rb_check_funcall: a private to_a answers, a user respond_to?
        // that says no is believed.
        if let Some(a) = self.check_funcall(v, sym::TO_A)? {
            if self.is_array(a) {
                return Ok(a);
            }
            if a.is_nil() {
                return Ok(self.ary_new(vec![v]));
            }
            let c = self.class_name(self.real_class_of(v));
            let ac = self.class_name(self.real_class_of(a));
            return Err(
                self.type_error(&format!("can't convert {c} to Array ({c}#to_a gives {ac})"))
            );
        }
        Ok(self.ary_new(vec![v]))
    }

    /// `NilClass#to_a` is a program's own (`[*nil]` calls it then).
    fn nil_to_a_redefined(&mut self) -> bool {
        let r = self
            .dispatch
            .resolve(&mut self.classes, cls::NIL, sym::TO_A);
        r.method.is_some_and(|m| {
            !matches!(
                self.classes.method(m).kind,
                crate::class::MethodKind::Builtin { .. }
            )
        })
    }

    pub fn to_hash_for_splat(&mut self, v: Value) -> Result<Value, Unwind> {
        if self.hash_len(v).is_some() {
            return Ok(v);
        }
        let c = crate::builtins::type_name(self, v);
        if self.respond_to(v, sym::TO_HASH) {
            let h = self.funcall(v, sym::TO_HASH, &[], None)?;
            if self.hash_len(h).is_some() {
                return Ok(h);
            }
            let hc = self.class_name(self.real_class_of(h));
            return Err(self.type_error(&format!(
                "can't convert {c} to Hash ({c}#to_hash gives {hc})"
            )));
        }
        Err(self.type_error(&format!("no implicit conversion of {c} into Hash")))
    }

    // ---- hashing ------------------------------------------------------------------

    /// Ruby `hash` of a key, natively for core types.
    pub fn hash_of(&mut self, k: Value) -> Result<u64, Unwind> {
        let mut h = crate::support::fasthash::FastHasher::default();
        if !k.is_heap() {
            if k.is_flonum() && k.flonum_value() == 0.0 {
                return Ok(0x0f10);
            }
            return Ok(immediate_hash(k));
        }
        let o = obj(k);
        match &*o.body.borrow() {
            Body::String(s) => {
                1u8.hash(&mut h);
                s.bytes.hash(&mut h);
                // Non-ASCII bytes in another encoding than UTF-8 hash with
                // it (`rb_str_hash`): they are only `eql?` within it.
                let enc = crate::builtins::string::Enc::of(k);
                if enc != crate::builtins::string::Enc::Utf8 && !s.bytes.is_ascii() {
                    enc.index().hash(&mut h);
                }
                return Ok(h.finish());
            }
            Body::Float(f) => {
                if *f == 0.0 {
                    return Ok(0x0f10); // -0.0 hashes like 0.0 (rb_dbl_hash)
                }
                f.to_bits().hash(&mut h);
                return Ok(h.finish());
            }
            Body::Bignum(b) => {
                b.hash(&mut h);
                return Ok(h.finish());
            }
            _ => {}
        }
        if self.is_array(k)
            && self
                .classes
                .get(cls::ARRAY)
                .methods
                .contains_key(&sym::HASH)
        {
            // A self-containing array hashes its inner occurrence as a
            // constant (CRuby's rb_exec_recursive_paired).
            if self.hashing.contains(&k.raw()) {
                return Ok(0x5ec5);
            }
            if self.hashing.len() > MAX_NESTING || self.native_stack_low() {
                return Err(self.stack_error());
            }
            let items = self.array_items(k);
            2u8.hash(&mut h);
            self.hashing.push(k.raw());
            let mut r = Ok(());
            for i in items {
                match self.hash_of(i) {
                    Ok(x) => x.hash(&mut h),
                    Err(e) => {
                        r = Err(e);
                        break;
                    }
                }
            }
            self.hashing.pop();
            r?;
            return Ok(h.finish());
        }
        match self.key_method(k, sym::HASH) {
            KeyMethod::Kernel => return Ok(identity_hash(k) as u64),
            KeyMethod::Struct => return crate::builtins::structs::hash_code(self, k),
            KeyMethod::Other => {}
        }
        let r = self.funcall(k, sym::HASH, &[], None)?;
        match r.as_fixnum() {
            Some(n) => Ok(n as u64),
            None => {
                r.raw().hash(&mut h);
                Ok(h.finish())
            }
        }
    }

    /// `a.eql?(b)` for hash keys.
    pub fn key_eql(&mut self, a: Value, b: Value) -> Result<bool, Unwind> {
        if a == b {
            return Ok(true);
        }
        // Float#eql? compares values: a flonum 0.0 and a heap -0.0 are eql?.
        if let (Some(x), Some(y)) = (
            crate::builtins::float::to_f64_strict(a),
            crate::builtins::float::to_f64_strict(b),
        ) {
            return Ok(x == y);
        }
        if !a.is_heap() || !b.is_heap() {
            return Ok(false);
        }
        {
            let (oa, ob) = (obj(a).body.borrow(), obj(b).body.borrow());
            match (&*oa, &*ob) {
                (Body::String(x), Body::String(y)) => {
                    return Ok(x.bytes == y.bytes && crate::builtins::string::comparable(a, b));
                }
                (Body::Float(x), Body::Float(y)) => return Ok(x == y),
                (Body::Bignum(x), Body::Bignum(y)) => return Ok(x == y),
                _ => {}
            }
        }
        match self.key_method(a, sym::EQL) {
            KeyMethod::Kernel => return Ok(false), // (identity: a != b)
            KeyMethod::Struct => {
                return Ok(crate::builtins::structs::equal(self, a, b, true)?.truthy());
            }
            KeyMethod::Other => {}
        }
        let r = self.funcall(a, sym::EQL, &[b], None)?;
        Ok(r.truthy())
    }

    /// Which implementation `key.hash` / `key.eql?` (`name`) resolves to:
    /// Kernel's and Struct's run without a Ruby call (as CRuby's
    /// rb_any_hash); a tracer still sees Struct's methods called.
    fn key_method(&mut self, key: Value, name: SymbolId) -> KeyMethod {
        let c = self.class_of(key);
        let m = self.dispatch.resolve(&mut self.classes, c, name).method;
        let km = &self.key_methods;
        let (kernel, strukt) = if name == sym::HASH {
            (km.kernel_hash, km.struct_hash)
        } else {
            (km.kernel_eql, km.struct_eql)
        };
        if m.is_none() {
            KeyMethod::Other
        } else if m == kernel {
            KeyMethod::Kernel
        } else if m == strukt && self.trace.events == 0 {
            KeyMethod::Struct
        } else {
            KeyMethod::Other
        }
    }

    pub fn hash_len(&self, h: Value) -> Option<usize> {
        if h.is_heap()
            && let Body::Hash(t) = &*obj(h).body.borrow()
        {
            return Some(t.live);
        }
        None
    }

    pub fn new_hash(&mut self) -> Value {
        self.heap
            .alloc(cls::HASH, Body::Hash(Box::new(RHash::new())))
    }

    fn hash_find(&mut self, h: Value, k: Value) -> Result<(u64, Option<usize>), Unwind> {
        let by_id = match &*obj(h).body.borrow() {
            Body::Hash(t) => t.compare_by_identity,
            _ => false,
        };
        let code = if by_id { k.raw() } else { self.hash_of(k)? };
        // Identity first, as st's `any_cmp` does: no Ruby call and no
        // allocation. `eql?` is asked only when some candidate could be
        // eql? without being identical (`key_eql`: both on the heap).
        let mut need_eql = false;
        let kb = k.is_heap().then(|| obj(k).body.borrow());
        let k_str = match kb.as_deref() {
            Some(Body::String(x)) if !by_id => Some(&x.bytes),
            _ => None,
        };
        if let Body::Hash(t) = &*obj(h).body.borrow() {
            for i in t.candidates(code) {
                if let Some((key, _)) = t.entries[i as usize] {
                    if key == k {
                        return Ok((code, Some(i as usize)));
                    }
                    // Two Strings compare by bytes here (`rb_str_hash_cmp`:
                    // no `eql?` call, no second pass).
                    if let Some(kb) = k_str
                        && key.is_heap()
                        && let Body::String(x) = &*obj(key).body.borrow()
                    {
                        if x.bytes == *kb && crate::builtins::string::comparable(key, k) {
                            return Ok((code, Some(i as usize)));
                        }
                        continue;
                    }
                    // Both on the heap, or a flonum and a heap Float
                    // (0.0 and -0.0).
                    need_eql |= (key.is_heap() || key.is_flonum())
                        && (k.is_heap() || k.is_flonum())
                        && (key.is_heap() || k.is_heap());
                }
            }
        }
        drop(kb);
        if by_id || !need_eql {
            return Ok((code, None));
        }
        let cands: Vec<(usize, Value)> = match &*obj(h).body.borrow() {
            Body::Hash(t) => t
                .candidates(code)
                .filter_map(|i| t.entries[i as usize].map(|(key, _)| (i as usize, key)))
                .collect(),
            _ => Vec::new(),
        };
        for (i, key) in cands {
            if key == k || (!by_id && self.key_eql(key, k)?) {
                return Ok((code, Some(i)));
            }
        }
        Ok((code, None))
    }

    /// `h[k]` without defaults.
    pub fn hash_get(&mut self, h: Value, k: Value) -> Result<Option<Value>, Unwind> {
        if let Body::Hash(t) = &*obj(h).body.borrow() {
            // An empty Hash answers without hashing the key (no `hash`
            // call, as st_lookup on an empty table).
            if t.live == 0 {
                return Ok(None);
            }
            // A Symbol, Integer, nil, true or false key (not a Float: 0.0
            // and -0.0 are eql?) is found by identity alone: one pass, no
            // Ruby call.
            if !k.is_heap() && !k.is_flonum() {
                // A small table is scanned (as CRuby's ar_table), no
                // hashing at all: only an identical key can match.
                if t.entries.len() <= SMALL_HASH {
                    let hit = t.entries.iter().flatten().find(|e| e.0 == k);
                    return Ok(hit.map(|e| e.1));
                }
                let code = if t.compare_by_identity {
                    k.raw()
                } else {
                    immediate_hash(k)
                };
                for i in t.candidates(code) {
                    if let Some((key, v)) = t.entries[i as usize]
                        && key == k
                    {
                        return Ok(Some(v));
                    }
                }
                return Ok(None);
            }
        }
        let (_, i) = self.hash_find(h, k)?;
        Ok(i.and_then(|i| match &*obj(h).body.borrow() {
            Body::Hash(t) => t.entries[i].map(|(_, v)| v),
            _ => None,
        }))
    }

    pub fn hash_aset(&mut self, h: Value, k: Value, v: Value) -> Result<(), Unwind> {
        if obj(h).is_frozen() {
            return Err(self.frozen_error(h));
        }
        let (code, i) = self.hash_find(h, k)?;
        let k = if i.is_none() && self.is_string(k) && !obj(k).is_frozen() {
            let by_id = matches!(&*obj(h).body.borrow(), Body::Hash(t) if t.compare_by_identity);
            if by_id { k } else { self.hash_key_str(k) }
        } else {
            k
        };
        if let Body::Hash(t) = &mut *obj(h).body.borrow_mut() {
            match i {
                Some(i) => {
                    if let Some(e) = t.entries[i].as_mut() {
                        e.1 = v;
                    }
                }
                None => {
                    // The entry table and index live outside the slot:
                    // their growth counts towards the next collection (a
                    // loop making small Hashes grew to 4x CRuby's RSS).
                    let cap = t.entries.capacity();
                    t.push(code, k, v);
                    let grown = t.entries.capacity() - cap;
                    if grown > 0 {
                        self.heap.note_malloc(grown * HASH_ENTRY_BYTES);
                    }
                }
            }
        }
        Ok(())
    }

    /// The frozen String a Hash stores for the unfrozen String key `k`
    /// (CRuby's `rb_hash_key_str`): a plain UTF-8 String without
    /// instance variables is deduplicated through `fstrings`, so equal
    /// keys of many Hashes (parsed JSON, CSV rows) are one object, which
    /// `h["k"]`'s literal key (`opt_aref_with`) finds by identity;
    /// anything else is a frozen copy in the key's encoding.
    fn hash_key_str(&mut self, k: Value) -> Value {
        use crate::builtins::string::Enc;
        let plain = obj(k).class.get() == cls::STRING
            && Enc::of(k) == Enc::Utf8
            && !self.generic_ivars.contains_key(&k.raw());
        let b = self.string_bytes(k);
        if plain
            && let Some(&v) = self.fstrings.get(&b).or_else(|| self.weak_fstrings.get(&b))
            && Enc::of(v) == Enc::Utf8
        {
            return v;
        }
        let c = self.str_from_bytes(b.clone());
        Enc::of(k).set(c);
        obj(c).freeze();
        if plain {
            self.weak_fstrings.insert(b, c);
        }
        c
    }

    pub fn hash_delete(&mut self, h: Value, k: Value) -> Result<Option<Value>, Unwind> {
        let (_, i) = self.hash_find(h, k)?;
        Ok(match i {
            Some(i) => match &mut *obj(h).body.borrow_mut() {
                Body::Hash(t) => t.remove_at(i).map(|(_, v)| v),
                _ => None,
            },
            None => None,
        })
    }

    pub fn hash_pairs(&self, h: Value) -> Vec<(Value, Value)> {
        if !h.is_heap() {
            return Vec::new();
        }
        match &*obj(h).body.borrow() {
            Body::Hash(t) => t.iter().collect(),
            _ => Vec::new(),
        }
    }

    pub fn hash_from_pairs(&mut self, pairs: &[(Value, Value)]) -> Result<Value, Unwind> {
        let h = self.new_hash();
        if let Body::Hash(t) = &mut *obj(h).body.borrow_mut() {
            t.reserve_exact(pairs.len());
        }
        self.push_root(h);
        for (k, v) in pairs {
            self.hash_aset(h, *k, *v)?;
        }
        self.temp_roots.pop();
        Ok(h)
    }

    // ---- ranges -----------------------------------------------------------------

    pub fn range_new(&mut self, b: Value, e: Value, excl: bool) -> Result<Value, Unwind> {
        self.range_check(b, e)?;
        Ok(self.heap.alloc_frozen(cls::RANGE, Body::Range(b, e, excl)))
    }

    /// `range_init`'s test: ends other than two Fixnums or a nil must
    /// compare (`<=>` not nil; its exceptions pass through).
    pub fn range_check(&mut self, b: Value, e: Value) -> Result<(), Unwind> {
        if !(b.is_nil() || e.is_nil() || b.is_fixnum() && e.is_fixnum()) {
            let c = self.funcall(b, sym::CMP, &[e], None)?;
            if c.is_nil() {
                return Err(self.arg_error("bad value for range"));
            }
        }
        Ok(())
    }

    // ---- inspect and to_s ----------------------------------------------------------

    /// `#<Foo>`-style default `to_s`.
    pub fn any_to_s(&self, v: Value) -> String {
        let c = self.class_name(self.real_class_of(v));
        format!("#<{c}:{:#018x}>", v.raw())
    }

    /// `v.inspect` as a Rust string.
    pub fn inspect(&mut self, v: Value) -> Result<String, Unwind> {
        match v.unpack() {
            crate::value::Unpacked::Nil => return Ok("nil".into()),
            crate::value::Unpacked::True => return Ok("true".into()),
            crate::value::Unpacked::False => return Ok("false".into()),
            crate::value::Unpacked::Fixnum(n)
                if self
                    .classes
                    .get(cls::INTEGER)
                    .methods
                    .contains_key(&sym::INSPECT) =>
            {
                return Ok(n.to_string());
            }
            _ => {}
        }
        if let Some(t) = self.inspect_builtin(v) {
            return Ok(t);
        }
        let r = self.funcall(v, sym::INSPECT, &[], None)?;
        if self.is_string(r) {
            Ok(self.string_lossy(r))
        } else {
            // rb_inspect -> rb_obj_as_string: a non-String answer is
            // converted with its own to_s.
            self.to_s(r)
        }
    }

    /// The inspect text of a Symbol, String or Float whose `inspect` is
    /// still the builtin one, made without a heap String: `inspect` of a
    /// huge array runs in one native loop where GC cannot reclaim them.
    fn inspect_builtin(&mut self, v: Value) -> Option<String> {
        let c = self.class_of(v);
        if c != cls::SYMBOL && c != cls::STRING && c != cls::FLOAT {
            return None;
        }
        let r = self.dispatch.resolve(&mut self.classes, c, sym::INSPECT);
        let m = self.classes.method(r.method?);
        if m.owner != c || !matches!(m.kind, crate::class::MethodKind::Builtin { .. }) {
            return None;
        }
        if let Some(s) = v.as_symbol() {
            return Some(crate::builtins::symbol::inspect_sym(&symbol::name(s)));
        }
        if c == cls::FLOAT {
            return crate::builtins::float::to_f64(v).map(crate::builtins::float::fmt);
        }
        match &*obj(v).body.borrow() {
            Body::String(st) => Some(crate::builtins::string::inspect_value(v, &st.bytes)),
            _ => None,
        }
    }

    /// `v.to_s` as a Rust string (for puts and interpolation).
    pub fn to_s(&mut self, v: Value) -> Result<String, Unwind> {
        if self.is_string(v) {
            return Ok(self.string_lossy(v));
        }
        let r = self.funcall(v, sym::TO_S, &[], None)?;
        if self.is_string(r) {
            Ok(self.string_lossy(r))
        } else {
            Ok(self.any_to_s(v))
        }
    }

    pub fn value_to_bytes(&mut self, v: Value) -> Result<Vec<u8>, Unwind> {
        let s = self.to_s_value(v)?;
        Ok(self.string_bytes(s))
    }

    /// `v.to_s` as a String value: `v` itself when it is one, else what
    /// `to_s` returns, or the default `#<C:0x...>` when that is not a
    /// String (rb_obj_as_string).
    pub fn to_s_value(&mut self, v: Value) -> Result<Value, Unwind> {
        if self.is_string(v) {
            return Ok(v);
        }
        let r = self.funcall(v, sym::TO_S, &[], None)?;
        if self.is_string(r) {
            return Ok(r);
        }
        let text = self.any_to_s(v);
        Ok(self.str_new(&text))
    }

    // ---- regexps ----------------------------------------------------------------------

    /// A frozen Regexp (literals, and the regexps carmine makes itself).
    pub fn regexp_new(&mut self, src: &str, opts: u32) -> Result<Value, Unwind> {
        let v = self.regexp_new_unfrozen(src, opts)?;
        obj(v).freeze();
        Ok(v)
    }

    /// A Regexp as `Regexp.new` makes it: not frozen (only literals are).
    pub fn regexp_new_unfrozen(&mut self, src: &str, opts: u32) -> Result<Value, Unwind> {
        let re = match crate::builtins::regexp::compile(src, opts) {
            Ok(r) => r,
            Err(e) => {
                return Err(self.error(self.e.regexp_error, &format!("{e}: /{src}/")));
            }
        };
        let names = crate::support::regex_syntax::group_names(src);
        let v = self.heap.alloc(
            cls::REGEXP,
            Body::Regexp(Box::new(RRegexp {
                source: src.to_string(),
                options: opts & !crate::builtins::regexp::BINARY_SOURCE,
                regex: re,
                names,
                enc: if opts & crate::builtins::regexp::BINARY_SOURCE != 0 {
                    RegexpEnc::Binary
                } else {
                    crate::builtins::regexp::regexp_encoding(
                        src,
                        opts & crate::builtins::regexp::FIXEDENCODING != 0,
                        opts & crate::builtins::regexp::NOENCODING != 0,
                    )
                },
                anchored: std::cell::OnceCell::new(),
            })),
        );
        Ok(v)
    }

    pub fn regexp_source_for_interp(&self, v: Value) -> Option<String> {
        if v.is_heap()
            && let Body::Regexp(r) = &*obj(v).body.borrow()
        {
            return Some(crate::builtins::regexp::to_s_form(r));
        }
        None
    }

    /// Runs a regexp on a string from byte `start`; sets `$~`.
    pub fn regexp_match(&mut self, re: Value, s: Value, start: usize) -> Result<Value, Unwind> {
        let subj = self.match_subject(re, s)?;
        match crate::builtins::regexp::search(re, &subj, start) {
            Some(g) => {
                let frozen = self.match_frozen(s);
                let m = crate::builtins::regexp::make_match(self, re, frozen, g);
                self.set_last_match(m);
                Ok(m)
            }
            None => {
                self.set_last_match(Value::NIL);
                Ok(Value::NIL)
            }
        }
    }

    /// What regexp `re` reads of String `s` (`regexp::Subject`), after
    /// CRuby's checks: invalid bytes are an ArgumentError, a fixed-encoding
    /// regexp on a non-ASCII String of another encoding an
    /// Encoding::CompatibilityError. Scanning a string from offset after
    /// offset (`index(re, pos)`, StringScanner, tokenizers) reuses one
    /// copy while `s` is unchanged (`FLAG_MATCH_SNAPSHOT`), so each search
    /// costs what it reads, not the string's length.
    pub(crate) fn match_subject(&mut self, re: Value, s: Value) -> Result<Subject, Unwind> {
        use crate::builtins::string::FLAG_MATCH_SNAPSHOT;
        let binary = crate::builtins::string::is_binary(s);
        let cached = match &self.match_subject {
            Some(m) if m.subject == s && obj(s).flags.get() & FLAG_MATCH_SNAPSHOT != 0 => {
                Some(m.subj.clone())
            }
            _ => None,
        };
        let subj = match cached {
            Some(t) => t,
            None => {
                let made = match &*obj(s).body.borrow() {
                    Body::String(st) => Subject::new(&st.bytes, binary),
                    _ => Subject::new(b"", false),
                };
                let subj = match made {
                    Ok(t) => t,
                    Err(SubjectError::Broken) => {
                        let enc = crate::builtins::string::Enc::of(s).name();
                        return Err(self.arg_error(&format!("invalid byte sequence in {enc}")));
                    }
                };
                // Short strings are cheap to read again and must not evict
                // a long one being scanned (a tokenizer's `gsub!` on each
                // token between scans of its source).
                if subj.byte_len() >= MATCH_CACHE_MIN {
                    self.match_subject = Some(super::MatchSubject {
                        subject: s,
                        subj: subj.clone(),
                        frozen: Value::NIL,
                    });
                    let o = obj(s);
                    o.flags.set(o.flags.get() | FLAG_MATCH_SNAPSHOT);
                }
                subj
            }
        };
        let (enc, noenc) = match &*obj(re).body.borrow() {
            Body::Regexp(r) => (r.enc, r.options & crate::builtins::regexp::NOENCODING != 0),
            _ => (RegexpEnc::Ascii, false),
        };
        let ascii = subj.is_ascii();
        if let Some(msg) = crate::builtins::regexp::incompatible(enc, binary, ascii) {
            let e = self.e.encoding_compatibility_error;
            return Err(self.error(e, &format!("incompatible encoding regexp match ({msg})")));
        }
        if noenc && enc == RegexpEnc::Ascii && !binary && !ascii {
            let loc = self.current_location();
            let enc = crate::builtins::string::Enc::of(s).name();
            self.emit_warning(&format!(
                "{loc}: warning: historical binary regexp match /.../n against {enc} string\n"
            ))?;
        }
        Ok(subj)
    }

    /// The frozen copy of `s` a MatchData keeps (one per unchanged
    /// subject, shared by its matches, as CRuby shares it).
    pub(crate) fn match_frozen(&mut self, s: Value) -> Value {
        if let Some(m) = &self.match_subject
            && m.subject == s
            && !m.frozen.is_nil()
        {
            return m.frozen;
        }
        let frozen =
            crate::builtins::string::new_like(self, s, crate::builtins::string::bytes(self, s));
        obj(frozen).freeze();
        if let Some(m) = &mut self.match_subject
            && m.subject == s
        {
            m.frozen = frozen;
        }
        frozen
    }

    /// `$~`, `$1`.., `$&`, `` $` ``, `$'`, `$+`.
    pub fn backref(&mut self, n: u32) -> Result<Value, Unwind> {
        let m = self.last_match();
        if n == 0 || m.is_nil() {
            return Ok(m);
        }
        let (s, groups) = match &*obj(m).body.borrow() {
            Body::MatchData(md) => (md.string, md.groups.clone()),
            _ => return Ok(Value::NIL),
        };
        let len = crate::builtins::string::with_bytes(s, <[u8]>::len);
        let span = match n {
            1000 => groups.first().copied().flatten(),
            1001 => groups.first().copied().flatten().map(|(a, _)| (0, a)),
            1002 => groups.first().copied().flatten().map(|(_, b)| (b, len)),
            1003 => groups.iter().skip(1).rev().find_map(|g| *g),
            k => groups.get(k as usize).copied().flatten(),
        };
        Ok(match span {
            Some((a, b)) => {
                // The MatchData's groups are byte offsets into its (frozen)
                // String: copy just the piece.
                let piece = crate::builtins::string::with_bytes(s, |t| t[a..b].to_vec());
                crate::builtins::string::new_like(self, s, piece)
            }
            None => Value::NIL,
        })
    }

    pub fn symbol_name(&self, v: Value) -> Option<String> {
        v.as_symbol().map(|s| symbol::name(s).to_string())
    }
}

/// Entries up to which `hash_get` scans for an immediate key instead of
/// hashing it.
const SMALL_HASH: usize = 8;

/// `Kernel#hash`: the object's identity, as a Fixnum.
#[inline]
pub fn identity_hash(k: Value) -> i64 {
    (k.raw() >> 3) as i64 & 0x3fff_ffff_ffff
}

/// The hash of an immediate key (what `hash_of` gives it, but for the
/// flonum zeros).
#[inline]
fn immediate_hash(k: Value) -> u64 {
    let mut h = crate::support::fasthash::FastHasher::default();
    k.raw().hash(&mut h);
    h.finish()
}

/// What a hash key's `hash`/`eql?` resolves to (`Vm::key_method`).
enum KeyMethod {
    Kernel,
    Struct,
    Other,
}
