//! Loading code: the compiler's `Host`, running a script or `-e` code,
//! `require`/`require_relative`/`load`, `autoload`, and the embedded
//! prelude.

use crate::bytecode::{Iseq, IseqKind};
use crate::compiler::{self, CompileError, Host, Literal};
use crate::dispatch::CallSite;
use crate::object::{Body, Unwind};
use crate::value::{CallSiteId, ClassId, IseqId, SymbolId, Value};

use super::call::Entry;
use super::features::Found;
use super::{VResult, Vm};

impl Host for Vm {
    fn reserve_iseq(&mut self) -> IseqId {
        self.iseqs.push(None);
        IseqId(self.iseqs.len() as u32 - 1)
    }

    fn install_iseq(&mut self, mut iseq: Iseq) {
        let i = iseq.id.index();
        // The compiler numbers an iseq's caches from 0 (ivar and constant
        // caches share the count); here they get slots in the VM-wide
        // tables, which grow together, so a lookup is one index.
        let base = self.ivar_caches.len();
        let n = base + iseq.ivar_caches as usize;
        self.ivar_caches.resize(n, Default::default());
        self.const_caches.resize(n, Default::default());
        let unfused = iseq.unfused.iter_mut().map(|u| &mut u.1);
        for ic in iseq
            .insns
            .iter_mut()
            .chain(unfused)
            .filter_map(|insn| insn.cache_mut())
        {
            *ic += base as u32;
        }
        self.jit_prepare(&mut iseq);
        iseq.pad_for_dispatch();
        iseq.shrink_buffers();
        // Iseqs live as long as the VM (methods, blocks and backtraces refer
        // to them by id): frames hold a plain reference from the VM's arena
        // and calls and returns count no references.
        self.iseqs[i] = Some(self.iseq_arena.alloc(iseq));
    }

    fn add_site(&mut self, site: CallSite) -> CallSiteId {
        self.dispatch.add_site(site)
    }

    fn warn(&mut self, msg: String, verbose_only: bool) {
        if !verbose_only || self.verbose() {
            self.compile_warnings.push(msg);
        }
    }

    fn literal(&mut self, lit: Literal) -> Result<Value, String> {
        let v = match lit {
            Literal::Bignum(b) => self.bignum_value(b),
            Literal::Float(f) => self.float_new(f),
            Literal::FrozenString(b) => {
                // Equal frozen literals are one object, as in CRuby.
                if let Some(v) = self.fstrings.get(&b) {
                    return Ok(*v);
                }
                if let Some(v) = self.adopt_fstring(&b) {
                    return Ok(v);
                }
                let v = self.str_from_bytes(b.clone());
                crate::gc::obj(v).freeze();
                self.fstrings.insert(b, v);
                v
            }
            Literal::EncodedString(b, enc) => {
                let v = self.str_from_bytes(b);
                crate::builtins::string::lit_enc(enc.0 as u32).set(v);
                crate::gc::obj(v).freeze();
                v
            }
            Literal::Range(b, e, excl) => self.range_new(b, e, excl).map_err(|_| "bad range")?,
            Literal::Regexp(src, opts) => {
                let s = String::from_utf8_lossy(&src).into_owned();
                match self.regexp_new(&s, opts) {
                    Ok(v) => v,
                    Err(_) => return Err(format!("invalid regular expression: /{s}/")),
                }
            }
        };
        self.literal_roots.push(v);
        Ok(v)
    }
}

/// Source size from which compiling purges freed memory at once
/// (`gc::PurgeNow`).
const LARGE_SOURCE: usize = 64 * 1024;

impl Vm {
    /// Compiles source into a top-level iseq, mapping compile errors to
    /// Ruby exceptions (SyntaxError, NotImplementedError).
    pub fn compile(&mut self, src: &[u8], file: &str, kind: IseqKind) -> Result<IseqId, Unwind> {
        self.compile_at(src, file, kind, 1)
    }

    /// `compile` for source whose first line is numbered `line`.
    pub fn compile_at(
        &mut self,
        src: &[u8],
        file: &str,
        kind: IseqKind,
        line: i64,
    ) -> Result<IseqId, Unwind> {
        // A large file's tables grow by doubling while its parse tree is
        // alive: the old copies go back to the OS at once (gc::PurgeNow).
        let _purge = (src.len() >= LARGE_SOURCE).then(crate::gc::PurgeNow::start);
        let r = compiler::compile_program_at(self, src, file, kind, line);
        self.compile_result(r, file)
    }

    /// A compile error as a Ruby exception.
    fn compile_result(
        &mut self,
        r: Result<IseqId, CompileError>,
        file: &str,
    ) -> Result<IseqId, Unwind> {
        // Parse-time warnings, through Warning.warn, once the iseqs are
        // installed (a warning's hook may run Ruby).
        for w in std::mem::take(&mut self.compile_warnings) {
            self.emit_warning(&w)?;
        }
        match r {
            Ok(id) => Ok(id),
            Err(CompileError::Syntax(msg)) => {
                // Raised where the compile was asked for (`require`,
                // `eval`: their frames show, as CRuby's cfunc frames do).
                let e = self.new_exception(self.e.syntax_error, &msg);
                self.fill_backtrace(e);
                Err(Unwind::Raise(e))
            }
            Err(CompileError::Unsupported { node, line }) => {
                let msg = format!("{file}:{line}: carmine does not support {node} yet");
                let e = self.new_exception(self.e.not_implemented_error, &msg);
                self.fill_backtrace(e);
                Err(Unwind::Raise(e))
            }
            Err(CompileError::Invalid { message, line }) => {
                let msg = format!("{file}:{line}: {message}");
                let e = self.new_exception(self.e.syntax_error, &msg);
                Err(Unwind::Raise(e))
            }
        }
    }

    /// Compiles `eval`'d source to run at `site`.
    pub fn compile_eval(
        &mut self,
        src: &[u8],
        file: &str,
        line: i64,
        site: compiler::EvalSite,
    ) -> Result<IseqId, Unwind> {
        let r = compiler::compile_eval(self, src, file, line, site);
        self.compile_result(r, file)
    }

    /// Runs a top-level iseq with `self` = main.
    pub fn run_top(&mut self, iseq: IseqId) -> VResult {
        let iseq = self.iseq(iseq);
        let recv_ix = self.stack.len();
        let main = self.main_obj;
        self.stack.push(main);
        let cref = self.top_cref.clone();
        let entry = Entry {
            self_val: main,
            method: None,
            cref,
            block: None,
            penv: Value::NIL,
            home: None,
            origin: 0,
            boundary: true,
            is_lambda: false,
            is_block: false,
        };
        self.push_frame(iseq, recv_ix + 1, recv_ix, entry)?;
        self.run()
    }

    /// Compiles and runs `src` as a file.
    pub fn eval_file(&mut self, src: &[u8], file: &str, kind: IseqKind) -> VResult {
        let id = self.compile(src, file, kind)?;
        if self.trace.events != 0 {
            self.trace_script_compiled(id, Value::NIL)?;
        }
        // Each file's top level starts defining private methods; a
        // `public` there lasts until the file ends.
        let saved = std::mem::replace(&mut self.top_visibility, crate::class::Visibility::Private);
        let r = self.run_top(id);
        self.top_visibility = saved;
        r
    }

    /// Loads the Ruby prelude (core methods written in Ruby).
    pub fn load_prelude(&mut self) {
        // Defining the core operators is not a redefinition.
        self.dispatch.bop_redefined = 0;
        // What loading frees (parse trees, outgrown tables) leaves the
        // start-up RSS (gc::PurgeNow).
        let _purge = crate::gc::PurgeNow::start();
        for (name, src) in crate::builtins::PRELUDE {
            if let Err(e) =
                self.eval_file(src.as_bytes(), &format!("<internal:{name}>"), IseqKind::Top)
            {
                if let Unwind::Raise(ex) = e {
                    let m = self.exception_message(ex);
                    eprintln!("[BUG] carmine: prelude {name} failed: {m}");
                } else {
                    eprintln!("[BUG] carmine: prelude {name} failed");
                }
            }
        }
        self.dispatch.bop_redefined = 0;
        crate::builtins::enumerator::after_prelude(self);
        self.default_respond_to_missing = crate::dispatch::lookup::find_method(
            &self.classes,
            crate::class::cls::KERNEL,
            crate::value::symbol::sym::RESPOND_TO_MISSING,
        )
        .map(|(m, _)| m);
        // The prelude's own matches must not show as the program's `$~`,
        // nor its activity (calls, definitions, TOPLEVEL_BINDING) in the
        // program's dispatch reports (`dispatch::trace`).
        self.svars.clear();
        self.dispatch.program_started();
        // The core's and the prelude's classes stay for good (Rust code
        // keeps their ids); the program's are collected once unreachable.
        self.classes.permanent = self.classes.classes.len() as u32;
        self.classes.boot_methods = self.classes.methods.len() as u32;
    }

    /// `require`: returns true if newly loaded. Where it looks:
    /// `super::features`.
    pub fn require(&mut self, feature: &str, relative_to: Option<&str>) -> VResult {
        // An autoload of a feature this thread is loading is no circular
        // require (set by `autoload_const` for this one call).
        let from_autoload = std::mem::take(&mut self.autoload_requiring);
        // power_assert needs ripper (a C extension carmine lacks) only
        // after it has defined half of itself; failing first keeps the
        // libraries that try it (test-unit) on their fallback.
        if feature == "power_assert" {
            return Err(self.load_error(feature));
        }
        // carmine's internal pieces (`__marshal`): loaded once, not listed.
        if feature.starts_with("__")
            && let Some((name, src)) = crate::builtins::NATIVE_LIBS
                .iter()
                .find(|(n, _)| *n == feature)
        {
            let key = format!("<lib:{name}>");
            if self.loaded_features.contains(&key) {
                return Ok(Value::FALSE);
            }
            self.loaded_features.push(key);
            self.eval_file(src.as_bytes(), &format!("<internal:{name}>"), IseqKind::Top)?;
            return Ok(Value::TRUE);
        }
        // A piece of rubygems (bundler requires `rubygems/specification`)
        // expects rubygems itself loaded first, as CRuby always has it.
        if feature.starts_with("rubygems/") {
            self.boot_rubygems()?;
        }
        if relative_to.is_none() && self.bare_feature_loaded(feature) {
            return Ok(Value::FALSE);
        }
        let found = match self.find_feature(feature, relative_to) {
            Some(f) => f,
            None => {
                if matches!(feature, "rubygems" | "continuation" | "securerandom") {
                    return Ok(Value::FALSE);
                }
                if relative_to.is_none()
                    && let Some(r) = self.require_via_rubygems(feature)
                {
                    return r;
                }
                return Err(self.load_error(feature));
            }
        };
        let key = match &found {
            Found::File(p) => p.clone(),
            Found::Embedded(name, _) => format!("{name}.rb"),
            Found::Ext(e) => format!("{}.so", e.name),
        };
        // CRuby's load lock: a feature another thread is loading is waited
        // for; one this thread is loading is a circular require.
        let me = self.current_thread_bits();
        while let Some(owner) = self.loading_owner(&key) {
            if owner == me {
                if !from_autoload {
                    self.warn_circular_require(&key)?;
                }
                return Ok(Value::FALSE);
            }
            self.wait_for_load(&key)?;
        }
        if self.feature_loaded(&key) {
            return Ok(Value::FALSE);
        }
        // Listed while it loads, so a circular require returns false.
        self.add_feature(&key);
        self.features_loading.push((key.clone(), me));
        let r = self.load_found(found);
        self.features_loading.retain(|(k, _)| *k != key);
        if let Err(e) = r {
            self.remove_feature(&key);
            return Err(e);
        }
        Ok(Value::TRUE)
    }

    /// Runs what `require` found.
    fn load_found(&mut self, found: Found) -> VResult {
        match found {
            Found::File(p) => self.load_path_file(&p),
            Found::Embedded(name, src) => {
                self.eval_file(src.as_bytes(), &format!("<internal:{name}>"), IseqKind::Top)
            }
            Found::Ext(e) => crate::builtins::ext::load(self, e),
        }
    }

    /// The thread loading `key` now (raw bits of the Thread), if any.
    pub fn loading_owner(&self, key: &str) -> Option<u64> {
        self.features_loading
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| *t)
    }

    /// `Thread.current` as raw bits (0 before prelude/thread.rb is loaded).
    fn current_thread_bits(&mut self) -> u64 {
        match self.thread_class() {
            Some(t) => self
                .funcall(t, crate::intern!("current"), &[], None)
                .map_or(0, |v| v.raw()),
            None => 0,
        }
    }

    fn thread_class(&self) -> Option<Value> {
        let c = self.classes.get(crate::class::cls::OBJECT);
        c.consts
            .get(&crate::intern!("Thread"))
            .copied()
            .filter(|v| v.is_heap())
    }

    /// Lets the other threads run until the load of `key` ends.
    #[cold]
    fn wait_for_load(&mut self, key: &str) -> Result<(), Unwind> {
        let Some(t) = self.thread_class() else {
            return Ok(());
        };
        let k = self.str_new(key);
        self.funcall(t, crate::intern!("__wait_for_load"), &[k], None)?;
        Ok(())
    }

    /// `-W`: CRuby's warning for a feature required again while it loads.
    #[cold]
    fn warn_circular_require(&mut self, key: &str) -> Result<(), Unwind> {
        if !self.verbose() {
            return Ok(());
        }
        // As CRuby: the location twice, then the backtrace outermost first.
        let loc = self.current_location();
        let mut msg = format!(
            "{loc}: warning: {loc}: warning: loading in progress, circular require considered harmful - {key}\n"
        );
        for line in self.backtrace().iter().rev() {
            msg.push_str("\tfrom ");
            msg.push_str(&line.replacen(":in `", ":in  `", 1));
            msg.push('\n');
        }
        msg.push('\n');
        self.emit_warning(&msg)
    }

    pub fn load_path_file(&mut self, path: &str) -> VResult {
        let src = match std::fs::read(path) {
            Ok(s) => s,
            Err(_) => return Err(self.load_error(path)),
        };
        self.eval_file(&src, path, IseqKind::Class)
    }

    /// `cannot load such file -- PATH`, with `LoadError#path`.
    #[cold]
    pub fn load_error(&mut self, path: &str) -> Unwind {
        let msg = format!("cannot load such file -- {path}");
        let e = self.new_exception(self.e.load_error, &msg);
        let p = self.str_new(path);
        self.ivar_set_name(e, crate::intern!("path"), p);
        self.fill_backtrace(e);
        Unwind::Raise(e)
    }

    /// The file of the innermost Ruby frame (for require_relative).
    pub fn current_file(&self) -> String {
        self.frames
            .last()
            .map(|f| f.iseq.file.to_string())
            .unwrap_or_default()
    }

    pub fn bignum_value(&mut self, b: num_bigint::BigInt) -> Value {
        use num_traits::ToPrimitive;
        if let Some(i) = b.to_i64()
            && let Some(v) = Value::fixnum(i)
        {
            return v;
        }
        // Big digits live outside the slot: charge them to the heap so a
        // loop making large Bignums collects before memory runs out.
        self.heap.note_malloc(b.bits() as usize / 8);
        self.heap
            .alloc_frozen(crate::class::cls::INTEGER, Body::Bignum(Box::new(b)))
    }
}

impl crate::bytecode::disasm::Describe for Vm {
    fn iseq_by_id(&self, id: IseqId) -> &'static Iseq {
        self.iseq(id)
    }
    fn site_text(&self, site: CallSiteId) -> String {
        let s = self.dispatch.site(site);
        let mut flags = Vec::new();
        if s.flags & crate::dispatch::flags::FCALL != 0 {
            flags.push("FCALL");
        }
        if s.flags & crate::dispatch::flags::VCALL != 0 {
            flags.push("VCALL");
        }
        if s.flags & crate::dispatch::flags::SPLAT != 0 {
            flags.push("ARGS_SPLAT");
        }
        if s.flags & crate::dispatch::flags::BLOCKARG != 0 {
            flags.push("ARGS_BLOCKARG");
        }
        if s.flags & crate::dispatch::flags::KWARGS != 0 {
            flags.push("KW_SPLAT");
        }
        if flags.is_empty() {
            flags.push("ARGS_SIMPLE");
        }
        let blk = s
            .block
            .map(|b| format!(", block in {}", self.iseq(b).label))
            .unwrap_or_default();
        format!(
            "<calldata!mid:{}, argc:{}, {}>{blk}",
            crate::value::symbol::name(s.name),
            s.argc,
            flags.join("|")
        )
    }
    fn site_block(&self, site: CallSiteId) -> Option<IseqId> {
        self.dispatch.site(site).block
    }
    fn value_text(&self, v: Value) -> String {
        match v.unpack() {
            crate::value::Unpacked::Nil => "nil".into(),
            crate::value::Unpacked::True => "true".into(),
            crate::value::Unpacked::False => "false".into(),
            crate::value::Unpacked::Undef => "undef".into(),
            crate::value::Unpacked::Fixnum(n) => n.to_string(),
            crate::value::Unpacked::Flonum(f) => crate::builtins::float::fmt(f),
            crate::value::Unpacked::Symbol(s) => format!(":{}", crate::value::symbol::name(s)),
            crate::value::Unpacked::Heap(h) => {
                if self.is_string(h) {
                    crate::builtins::string::inspect_str(&self.string_bytes(h))
                } else {
                    self.class_name(self.real_class_of(h))
                }
            }
        }
    }
}

impl Vm {
    /// `autoload(name, path)` on module `c`: a later lookup of `c::name`
    /// that finds nothing requires `path` first. Nothing happens when the
    /// constant is already defined there.
    pub fn autoload_register(&mut self, c: ClassId, name: SymbolId, path: String) {
        if !self.classes.get(c).consts.contains_key(&name) {
            self.autoloads.insert((c, name), path);
        }
    }

    /// The feature `c::name` would autoload.
    pub fn autoload_path(&self, c: ClassId, name: SymbolId) -> Option<&str> {
        self.autoloads.get(&(c, name)).map(|p| p.as_str())
    }

    /// Where a lookup of `name` under `c` may autoload it: `c`'s ancestors,
    /// then Object (for modules).
    pub fn autoload_owners(&self, c: ClassId) -> Vec<ClassId> {
        let mut owners = self.classes.ancestors(c).to_vec();
        owners.push(crate::class::cls::OBJECT);
        owners
    }

    /// Whether any of `owners` has `name` registered for autoload.
    pub fn autoload_pending(&self, owners: &[ClassId], name: SymbolId) -> bool {
        owners
            .iter()
            .any(|&c| self.autoloads.contains_key(&(c, name)))
    }

    /// A constant lookup found nothing: requires the first of `owners`
    /// that registered `name` (once: the registration goes) and returns
    /// the constant if that defined it.
    #[cold]
    pub fn autoload_const(
        &mut self,
        owners: &[ClassId],
        name: SymbolId,
    ) -> Result<Option<Value>, Unwind> {
        for &c in owners {
            if self.ractor_nonmain && self.autoloads.contains_key(&(c, name)) {
                return Err(self.ractor_unsafe_autoload(name));
            }
            let Some(path) = self.autoloads.remove(&(c, name)) else {
                continue;
            };
            self.autoload_requiring = true;
            let r = self.require(&path, None);
            self.autoload_requiring = false;
            if let Err(e) = r {
                // A failed load leaves the registration (CRuby retries).
                self.autoloads.insert((c, name), path);
                return Err(e);
            }
            if let Some(v) = self.classes.get(c).consts.get(&name) {
                return Ok(Some(*v));
            }
        }
        Ok(None)
    }
}
