//! The interpreter: the `Vm` (heap, classes, dispatch, stacks), frames, the
//! bytecode loop, calls and argument setup, exceptions and loading.
//!
//! Ruby-to-Ruby calls push a frame and stay in the same `run` loop; Rust
//! code (builtins) calls back into Ruby through `call_method`/`yield_block`,
//! which run a nested loop until their boundary frame returns.

pub mod blocks;
pub mod boot;
pub mod call;
pub mod define;
pub mod error;
pub mod error_report;
pub mod exc_methods;
pub mod features;
pub mod fiber;
pub mod frame;
pub mod hot;
pub mod jit;
pub mod jit_ops;
pub mod kwcall;
pub mod load;
pub mod missing;
pub mod ops;
pub mod origin;
pub mod params;
pub mod rcall;
pub mod rubygems;
pub mod run;
pub mod structs;
pub mod svar;
pub mod timeslice;
pub mod trace;
pub mod values;
pub use values::identity_hash;
pub mod vars;

use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;

use crate::bytecode::Iseq;
use crate::class::{ClassKind, ClassTable, MethodEntry, MethodKind, Visibility, cls};
use crate::dispatch::{Config, Dispatch, Reason};
use crate::gc::{Heap, obj};
use crate::object::{BlockArg, Body, Cref, RString, Unwind};
use crate::value::{BuiltinId, ClassId, IseqId, MethodId, SymbolId, Value, symbol};

pub use frame::{Frame, FrameStack};

pub type VResult = Result<Value, Unwind>;
/// A method implemented in Rust: (vm, self, args, block).
pub type BuiltinFn = fn(&mut Vm, Value, &[Value], Option<Rc<BlockArg>>) -> VResult;

/// Exception classes the VM raises itself.
#[derive(Default, Clone, Copy)]
pub struct ExcClasses {
    pub script_error: ClassId,
    pub load_error: ClassId,
    pub not_implemented_error: ClassId,
    pub syntax_error: ClassId,
    pub standard_error: ClassId,
    pub argument_error: ClassId,
    pub uncaught_throw_error: ClassId,
    pub encoding_error: ClassId,
    pub encoding_compatibility_error: ClassId,
    pub fiber_error: ClassId,
    pub io_error: ClassId,
    pub eof_error: ClassId,
    pub index_error: ClassId,
    pub key_error: ClassId,
    pub stop_iteration: ClassId,
    pub closed_queue_error: ClassId,
    pub local_jump_error: ClassId,
    pub name_error: ClassId,
    pub no_method_error: ClassId,
    pub range_error: ClassId,
    pub float_domain_error: ClassId,
    pub regexp_error: ClassId,
    pub runtime_error: ClassId,
    pub frozen_error: ClassId,
    pub system_call_error: ClassId,
    pub thread_error: ClassId,
    pub type_error: ClassId,
    pub zero_division_error: ClassId,
    pub system_exit: ClassId,
    pub no_memory_error: ClassId,
    pub security_error: ClassId,
    pub system_stack_error: ClassId,
    pub interrupt: ClassId,
    pub signal_exception: ClassId,
    pub no_matching_pattern_error: ClassId,
    pub no_matching_pattern_key_error: ClassId,
    pub errno_enoent: ClassId,
}

/// Run-time options from the command line.
#[derive(Default, Clone)]
pub struct Options {
    pub stats: Option<String>,
    pub debug_counters: bool,
    pub max_instructions: Option<u64>,
    pub warnings: u8,
    pub gc_verify: bool,
}

/// What one class record costs outside the heap (its `RClass`, method,
/// ivar and serial-slot tables, ancestor list), for the GC's malloc count:
/// charged for every record, so `Class.new` (a class and its metaclass)
/// counts twice.
const CLASS_RECORD_BYTES: usize = 2048;

/// An ivar inline cache: receiver class -> slot. `repr(C)`: compiled
/// code reads the VM's table (`struct cj_ivc`).
#[derive(Copy, Clone, Default)]
#[repr(C)]
pub struct IvarCache {
    pub class: u32,
    pub slot: u32,
}

/// A constant inline cache: valid while the constant state is unchanged
/// and the lexical scope is the same.
#[derive(Clone, Default)]
pub struct ConstCache {
    pub state: u64,
    pub cref: usize,
    pub value: Value,
}

impl Default for Value {
    fn default() -> Self {
        Value::NIL
    }
}

/// A string being matched by regexps, kept between matches (see
/// `Vm::regexp_match`).
pub struct MatchSubject {
    pub subject: Value,
    pub subj: crate::builtins::regexp::Subject,
    /// The MatchData's frozen copy, NIL until a search matches.
    pub frozen: Value,
}

/// Builtin `hash` and `eql?` methods (set when they are defined): a key
/// whose class resolves `hash` to `Kernel#hash` hashes by identity, one
/// resolving to `Struct#hash` by its class and values, with no call.
#[derive(Default)]
pub struct KeyMethods {
    pub kernel_hash: Option<MethodId>,
    pub kernel_eql: Option<MethodId>,
    pub struct_hash: Option<MethodId>,
    pub struct_eql: Option<MethodId>,
}

pub struct Vm {
    pub heap: Heap,
    pub classes: ClassTable,
    pub dispatch: Dispatch,
    pub iseqs: Vec<Option<&'static Iseq>>,
    /// Instance-variable inline caches of every loaded iseq (an
    /// instruction's `ic` indexes this table).
    pub ivar_caches: Vec<IvarCache>,
    /// Constant inline caches, indexed by an instruction's `cache`.
    pub const_caches: Vec<ConstCache>,
    pub stack: Vec<Value>,
    pub frames: FrameStack,
    pub next_frame_id: u64,
    pub globals: HashMap<SymbolId, Value>,
    /// `trace_var` hooks per global (Procs or command Strings), the
    /// latest first; the flag is set while they run (no re-entry).
    pub gvar_traces: HashMap<SymbolId, Vec<Value>>,
    pub gvar_tracing: bool,
    pub global_aliases: HashMap<SymbolId, SymbolId>,
    pub builtins: Vec<BuiltinFn>,
    pub temp_roots: Vec<Value>,
    /// Active builtin calls: (name, frames.len() when called, owner).
    pub cfuncs: Vec<(SymbolId, usize, ClassId)>,
    /// Set while the innermost builtin's argument count error is made
    /// (the backtrace shows no `each` under an Enumerable builtin then).
    pub builtin_arity_error: bool,
    /// `RubyVM::Prelude`'s singleton class: the owner of the native
    /// helpers the Ruby-written core calls (hidden from backtraces).
    pub prelude_helpers: Option<ClassId>,
    /// Tags of the active `catch` blocks (innermost last).
    pub catch_tags: Vec<Value>,
    /// Every Fiber's state and the running fibers.
    pub fibers: fiber::Fibers,
    /// `END { }` blocks already registered (their iseqs' indices).
    pub end_blocks: Vec<i64>,
    /// `autoload` registrations: (module, constant) -> feature.
    pub autoloads: HashMap<(ClassId, SymbolId), String>,
    /// Blocks of running builtins that only they reference (GC roots).
    pub block_roots: Vec<Rc<BlockArg>>,
    /// A block literal's allocation nothing references any more (a
    /// builtin's, after it returned), for the next literal to reuse.
    pub spare_block: Option<Rc<BlockArg>>,
    /// Frozen string literals by content (kept in literal_roots).
    pub fstrings: HashMap<Vec<u8>, Value>,
    /// Deduplicated Hash keys (`Vm::hash_key_str`) by content, held by
    /// the Hashes, not by this table: `gc` forgets the dead ones. A
    /// literal or `-"s"` of the same content moves its entry to
    /// `fstrings` (one object for both).
    pub weak_fstrings: HashMap<Vec<u8>, Value, crate::support::fasthash::FastBuild>,
    /// Regexps made from String patterns (sub/gsub/scan, by quoted
    /// source), the latest last, at most 8: CRuby's `reg_cache`, so a
    /// `sub(":id", ...)` in a loop compiles once. Weak: `gc` forgets the
    /// dead ones.
    pub pattern_regexps: Vec<(String, Value)>,
    /// Parse-time warnings of the compile under way (`Host::warn`), shown
    /// when it ends.
    pub compile_warnings: Vec<String>,
    /// `Symbol#name`'s frozen String of each symbol asked (kept in
    /// literal_roots).
    pub sym_names: HashMap<SymbolId, Value>,
    /// `nil.to_s` and friends: one frozen String per text.
    pub frozen_literals: HashMap<&'static str, Value>,
    /// What a top-level `def` of the running file defines: private
    /// unless `public` (no arguments) was called at its top level.
    pub top_visibility: crate::class::Visibility,
    /// The last regexp subject's text and frozen copy (`regexp_match`),
    /// valid while the string keeps `FLAG_MATCH_SNAPSHOT`.
    pub match_subject: Option<MatchSubject>,
    pub main_obj: Value,
    pub top_cref: Cref,
    pub e: ExcClasses,
    pub io_class: ClassId,
    /// `RubyVM::FileIO` (builtins/file.rs primitives).
    pub fileio_module: ClassId,
    pub stdout: std::io::BufWriter<std::io::Stdout>,
    /// The builtin now starting was called with keywords (its last
    /// argument is the keyword Hash, not a positional one). Read it first
    /// thing: any call the builtin makes overwrites it.
    pub kw_passed: bool,
    /// Bytecode bodies marked by `Module#ruby2_keywords`.
    pub ruby2_kw_iseqs: std::collections::HashSet<crate::value::IseqId>,
    /// Whether a ruby2_keywords Hash was ever made: splats check their
    /// last element only then.
    pub ruby2_kw_seen: bool,
    /// `gather_args` turned a splat's flagged last Hash into keywords.
    pub splat_kw: bool,
    /// Arrays whose `hash` is being computed (recursion guard).
    pub hashing: Vec<u64>,
    /// Array pairs being compared by ==, eql? or <=> (recursion guard).
    pub comparing: Vec<(u64, u64)>,
    /// Standard output is a terminal: flush every write.
    pub stdout_tty: bool,
    /// `$stdout.sync = true`: every write goes out at once.
    pub stdout_sync: bool,
    pub literal_roots: Vec<Value>,
    pub errinfo: Value,
    /// `$~` and `$_` per method-level frame, innermost last (svar.rs).
    pub svars: Vec<svar::Svar>,
    /// Instance variables of objects without an ivar array (String, Array,
    /// Hash, Proc...: CRuby's generic_iv_tbl), keyed by the object's raw
    /// value. Values are GC roots while their owner lives; entries of dead
    /// owners are dropped after each collection.
    pub generic_ivars: HashMap<u64, Vec<(SymbolId, Value)>>,
    pub at_exit: Vec<Value>,
    pub loaded_features: Vec<String>,
    /// Features being loaded by `require` now, with the raw bits of the
    /// Thread loading each (CRuby's load lock; see `Vm::require`).
    pub features_loading: Vec<(String, u64)>,
    /// The next `require` comes from an autoload (no circular warning).
    pub autoload_requiring: bool,
    pub load_path: Vec<String>,
    /// The installed standard library's directories in `$LOAD_PATH`
    /// (`features::stdlib_dirs`): carmine's own libraries come before them.
    pub stdlib_dirs: Vec<String>,
    /// Whether rubygems is off, pending or loaded (`rubygems`).
    pub rubygems: rubygems::Rubygems,
    pub script_name: String,
    /// The running fiber belongs to a non-main Ractor (prelude/ractor.rb):
    /// globals, class variables, unshareable constants and class ivars
    /// raise Ractor::IsolationError (builtins/ractor.rs). Swapped with
    /// the fiber (`Vm::run_fiber`).
    pub ractor_nonmain: bool,
    /// The Ractor class (its instances' ivars are never cached).
    pub ractor_class: Option<ClassId>,
    /// Backtrace lines seen so far, each once (an exception keeps ids
    /// into this until its backtrace is read: `Vm::fill_backtrace`).
    pub backtrace_lines: Vec<std::rc::Rc<str>>,
    pub backtrace_line_ids: HashMap<std::rc::Rc<str>, u32, crate::support::fasthash::FastBuild>,
    pub options: Options,
    pub insn_count: u64,
    /// Set once the instruction budget ran out: rescue stops catching.
    pub budget_spent: bool,
    /// The name and VCALL flag of the last call the VM sent to a Ruby
    /// `method_missing` (read by BasicObject#method_missing on `super`).
    pub mm_reason: Option<(SymbolId, u32)>,
    /// The prelude's `Kernel#respond_to_missing?` (always false):
    /// `respond_to?` skips calling it.
    pub default_respond_to_missing: Option<MethodId>,
    /// The budget error once raised (rooted in `literal_roots`).
    pub budget_error: Option<Value>,
    pub native_depth: usize,
    /// `--jit`: the compiler's state (None: the JIT is off).
    pub jit: Option<Box<crate::jit::Jit>>,
    /// The exception a JIT step raised, until its machine code unwinds.
    pub jit_pending: Option<Unwind>,
    pub stack_limit_addr: usize,
    pub object_id_counter: u64,
    pub object_ids: HashMap<u64, u64>,
    /// The singleton methods every struct class gets (`new`, `[]`,
    /// `members`, `inspect`, `keyword_init?`: interp/structs.rs), empty
    /// until prelude/struct.rb installs them.
    pub struct_class_methods: Vec<(SymbolId, MethodKind)>,
    /// The builtin `hash`/`eql?` methods a Hash key's class may resolve
    /// to, which `hash_of`/`key_eql` run without a Ruby call.
    pub key_methods: KeyMethods,
    /// Ctrl-C and the threads' time slice, noticed at safepoints.
    pub interrupts: timeslice::Interrupts,
    /// `IO.pipe`'s descriptors (builtins/pipe.rs).
    pub pipes: crate::sys::Pipes,
    /// A NameError message is inspecting its receiver (`describe_receiver`).
    pub describing: bool,
    /// prelude/thread.rb's Thread::Kill: `Thread#kill` unwinds with it, and
    /// no `rescue` catches it (ensure clauses run, `$!` stays).
    pub thread_kill: Option<ClassId>,
    /// TracePoint and set_trace_func hooks (`trace.events` is 0 while
    /// none is enabled).
    pub trace: trace::Tracing,
    /// Owns the iseqs `iseqs` refers to. Last, so it is dropped after
    /// every field that may hold one of its references.
    pub iseq_arena: crate::gc::Arena<Iseq>,
}

/// Maximum Ruby frames before SystemStackError.
pub const MAX_FRAMES: usize = 10_000;
/// Maximum operand stack slots.
pub const MAX_STACK: usize = 1 << 20;

impl Vm {
    pub fn new(config: Config) -> Vm {
        let mut vm = Vm {
            heap: Heap::new(),
            classes: ClassTable::new(),
            dispatch: Dispatch::new(config),
            iseqs: Vec::new(),
            iseq_arena: Default::default(),
            ivar_caches: Vec::new(),
            const_caches: Vec::new(),
            stack: Vec::with_capacity(1 << 16),
            frames: FrameStack::with_capacity(256),
            next_frame_id: 1,
            globals: HashMap::new(),
            gvar_traces: HashMap::new(),
            gvar_tracing: false,
            global_aliases: HashMap::new(),
            builtins: Vec::new(),
            temp_roots: Vec::new(),
            cfuncs: Vec::new(),
            builtin_arity_error: false,
            prelude_helpers: None,
            catch_tags: Vec::new(),
            fibers: Default::default(),
            autoloads: HashMap::new(),
            end_blocks: Vec::new(),
            block_roots: Vec::new(),
            spare_block: None,
            fstrings: HashMap::new(),
            weak_fstrings: HashMap::default(),
            pattern_regexps: Vec::new(),
            compile_warnings: Vec::new(),
            sym_names: HashMap::new(),
            frozen_literals: HashMap::new(),
            top_visibility: crate::class::Visibility::Private,
            match_subject: None,
            main_obj: Value::NIL,
            top_cref: crate::object::cref_new(cls::OBJECT, None),
            e: ExcClasses::default(),
            io_class: cls::OBJECT,
            fileio_module: cls::OBJECT,
            stdout: std::io::BufWriter::with_capacity(8192, std::io::stdout()),
            kw_passed: false,
            ruby2_kw_iseqs: std::collections::HashSet::new(),
            ruby2_kw_seen: false,
            splat_kw: false,
            hashing: Vec::new(),
            comparing: Vec::new(),
            stdout_tty: std::io::IsTerminal::is_terminal(&std::io::stdout()),
            stdout_sync: false,
            literal_roots: Vec::new(),
            errinfo: Value::NIL,
            svars: Vec::new(),
            generic_ivars: HashMap::new(),
            at_exit: Vec::new(),
            loaded_features: Vec::new(),
            features_loading: Vec::new(),
            autoload_requiring: false,
            load_path: Vec::new(),
            stdlib_dirs: Vec::new(),
            rubygems: Default::default(),
            script_name: "-".into(),
            ractor_nonmain: false,
            ractor_class: None,
            backtrace_lines: Vec::new(),
            backtrace_line_ids: HashMap::default(),
            options: Options::default(),
            insn_count: 0,
            budget_spent: false,
            mm_reason: None,
            default_respond_to_missing: None,
            budget_error: None,
            native_depth: 0,
            jit: None,
            jit_pending: None,
            stack_limit_addr: 0,
            object_id_counter: 8,
            object_ids: HashMap::new(),
            struct_class_methods: Vec::new(),
            key_methods: KeyMethods::default(),
            interrupts: timeslice::Interrupts::default(),
            pipes: crate::sys::Pipes::default(),
            describing: false,
            thread_kill: None,
            trace: Default::default(),
        };
        boot::boot(&mut vm);
        vm
    }

    // ---- classes ------------------------------------------------------

    /// The class used for method lookup (singleton class if any).
    #[inline(always)]
    pub fn class_of(&self, v: Value) -> ClassId {
        if v.is_heap() {
            return obj(v).class.get();
        }
        self.immediate_class(v)
    }

    #[inline]
    fn immediate_class(&self, v: Value) -> ClassId {
        if v.is_fixnum() {
            cls::INTEGER
        } else if v.is_flonum() {
            cls::FLOAT
        } else if v.is_symbol() {
            cls::SYMBOL
        } else if v == Value::NIL {
            cls::NIL
        } else if v == Value::TRUE {
            cls::TRUE
        } else {
            cls::FALSE
        }
    }

    /// `obj.class`.
    pub fn real_class_of(&self, v: Value) -> ClassId {
        self.classes.real_class(self.class_of(v))
    }

    pub fn class_value(&self, c: ClassId) -> Value {
        self.classes.get(c).obj
    }

    /// The ClassId of a class/module value.
    pub fn as_class(&self, v: Value) -> Option<ClassId> {
        if v.is_heap()
            && let Body::Class(c) = &*obj(v).body.borrow()
        {
            return Some(*c);
        }
        None
    }

    pub fn class_name(&self, c: ClassId) -> String {
        let k = self.classes.get(c);
        if let Some(n) = &k.name {
            return n.clone();
        }
        if k.kind == ClassKind::Singleton {
            let attached = k.attached;
            return format!("#<Class:{}>", self.inspect_for_name(attached));
        }
        let kind = if k.kind == ClassKind::Module {
            "Module"
        } else {
            "Class"
        };
        format!("#<{kind}:{:#018x}>", k.obj.raw())
    }

    fn inspect_for_name(&self, v: Value) -> String {
        match self.as_class(v) {
            Some(c) => self.class_name(c),
            None => format!(
                "#<{}:{:#018x}>",
                self.class_name(self.real_class_of(v)),
                v.raw()
            ),
        }
    }

    /// Creates a class (with its metaclass) under `outer` named `name`.
    pub fn new_class(
        &mut self,
        name: Option<&str>,
        superclass: ClassId,
        outer: Option<ClassId>,
    ) -> ClassId {
        let full = name.map(|n| self.qualified_name(outer, n));
        let c = self.classes.add(full, ClassKind::Class, Some(superclass));
        let super_meta = self.metaclass_of_class(superclass);
        let meta = self
            .classes
            .add(None, ClassKind::Singleton, Some(super_meta));
        let o = self.heap.alloc(meta, Body::Class(c));
        // The class's own record (its metaclass's is charged below).
        self.heap.note_malloc(CLASS_RECORD_BYTES);
        self.classes.get_mut(c).obj = o;
        self.classes.get_mut(c).metaclass = Some(meta);
        self.classes.get_mut(meta).attached = o;
        self.classes.get_mut(meta).ivar_owner = cls::CLASS;
        self.give_class_object(meta);
        if let (Some(n), Some(outer)) = (name, outer) {
            self.classes.set_const(outer, symbol::intern(n), o);
        }
        let origin = self.invalidation_origin();
        self.dispatch
            .class_created(&self.classes, c, Reason::ClassCreated, &origin);
        c
    }

    pub fn new_module(&mut self, name: Option<&str>, outer: Option<ClassId>) -> ClassId {
        let full = name.map(|n| self.qualified_name(outer, n));
        let c = self.classes.add(full, ClassKind::Module, None);
        let o = self.heap.alloc(cls::MODULE, Body::Class(c));
        self.heap.note_malloc(CLASS_RECORD_BYTES);
        self.classes.get_mut(c).obj = o;
        if let (Some(n), Some(outer)) = (name, outer) {
            self.classes.set_const(outer, symbol::intern(n), o);
        }
        let origin = self.invalidation_origin();
        self.dispatch
            .class_created(&self.classes, c, Reason::ModuleCreated, &origin);
        c
    }

    fn qualified_name(&self, outer: Option<ClassId>, n: &str) -> String {
        match outer {
            Some(o) if o != cls::OBJECT => match &self.classes.get(o).name {
                Some(on) => format!("{on}::{n}"),
                None => n.to_string(),
            },
            _ => n.to_string(),
        }
    }

    fn metaclass_of_class(&mut self, c: ClassId) -> ClassId {
        match self.classes.get(c).metaclass {
            Some(m) => m,
            None => self.singleton_class(self.classes.get(c).obj),
        }
    }

    /// Allocates the heap object (a `Class` instance) standing for singleton
    /// class `s`, so `class << x; self; end` and `singleton_class` have a value.
    pub fn give_class_object(&mut self, s: ClassId) {
        let o = self.heap.alloc(cls::CLASS, Body::Class(s));
        // A class record, its tables and cache slots live outside the
        // heap: charge them, so a loop making only classes collects as
        // often as their memory needs (issue 29).
        self.heap.note_malloc(CLASS_RECORD_BYTES);
        self.classes.get_mut(s).obj = o;
    }

    /// The singleton class of `v`, created on demand.
    pub fn singleton_class(&mut self, v: Value) -> ClassId {
        if !v.is_heap() {
            return self.class_of(v);
        }
        let cur = self.class_of(v);
        if self.classes.get(cur).kind == ClassKind::Singleton && self.classes.get(cur).attached == v
        {
            return cur;
        }
        let (superclass, is_class) = match self.as_class(v) {
            Some(c) if self.classes.get(c).kind == ClassKind::Module => (cls::MODULE, true),
            Some(c) => {
                let sup = self
                    .classes
                    .get(c)
                    .superclass
                    .map(|s| self.metaclass_of_class(s))
                    .unwrap_or(cls::CLASS);
                (sup, true)
            }
            None => (cur, false),
        };
        let s = self
            .classes
            .add(None, ClassKind::Singleton, Some(superclass));
        self.classes.get_mut(s).attached = v;
        self.give_class_object(s);
        self.classes.get_mut(s).ivar_owner = if is_class {
            cls::CLASS
        } else {
            self.classes.get(cur).ivar_owner
        };
        obj(v).class.set(s);
        if let Some(c) = self.as_class(v) {
            self.classes.get_mut(c).metaclass = Some(s);
        }
        if obj(v).is_frozen() {
            obj(self.classes.get(s).obj).freeze();
        }
        s
    }

    /// Freezes heap object `v` and its singleton class, if it has one
    /// (`rb_freeze_singleton_class`: a frozen object's singleton class
    /// takes no methods and answers `frozen?` with true).
    pub fn freeze_with_singleton(&mut self, v: Value) {
        obj(v).freeze();
        let c = self.class_of(v);
        let k = self.classes.get(c);
        if k.kind == ClassKind::Singleton && k.attached == v {
            obj(k.obj).freeze();
        }
    }

    // ---- methods ------------------------------------------------------

    pub fn add_method(
        &mut self,
        owner: ClassId,
        name: SymbolId,
        kind: MethodKind,
        visibility: Visibility,
    ) -> MethodId {
        let existed = self.classes.get(owner).methods.contains_key(&name);
        let m = self.classes.add_method_entry(MethodEntry {
            name,
            original_name: name,
            owner,
            visibility,
            kind,
            is_alias: false,
        });
        self.classes.insert_method(owner, name, m);
        let reason = if existed {
            Reason::MethodRedefined
        } else {
            Reason::MethodDefined
        };
        self.invalidate_method(owner, name, reason);
        m
    }

    /// Invalidates caches for a method change, with the Ruby location.
    pub fn invalidate_method(&mut self, owner: ClassId, name: SymbolId, why: Reason) {
        let origin = self.invalidation_origin();
        self.dispatch
            .method_changed(&self.classes, owner, name, why, &origin);
    }

    pub fn invalidate_ancestry(&mut self, c: ClassId, why: Reason) {
        let origin = self.invalidation_origin();
        self.dispatch
            .ancestry_changed(&self.classes, c, why, &origin);
    }

    pub fn current_location(&self) -> String {
        match self.frames.last() {
            Some(f) => format!("{}:{}", f.iseq.file, f.line()),
            None => "-".into(),
        }
    }

    pub fn register_builtin(&mut self, f: BuiltinFn) -> BuiltinId {
        self.builtins.push(f);
        BuiltinId(self.builtins.len() as u32 - 1)
    }

    /// Defines a builtin method. `arity`: n >= 0 exact, -1 any, -(n+1) at least n.
    pub fn def_builtin(&mut self, c: ClassId, name: &str, arity: i32, f: BuiltinFn) {
        let func = self.register_builtin(f);
        // As rb_define_method: these names are always private.
        let always_private = matches!(
            name,
            "initialize" | "initialize_copy" | "initialize_clone" | "initialize_dup"
        );
        let vis = if always_private || (c == cls::KERNEL && is_kernel_private(name)) {
            Visibility::Private
        } else {
            Visibility::Public
        };
        self.add_method(
            c,
            symbol::intern(name),
            MethodKind::Builtin { func, arity },
            vis,
        );
    }

    pub fn def_private_builtin(&mut self, c: ClassId, name: &str, arity: i32, f: BuiltinFn) {
        let func = self.register_builtin(f);
        self.add_method(
            c,
            symbol::intern(name),
            MethodKind::Builtin { func, arity },
            Visibility::Private,
        );
    }

    /// Defines a singleton (class-level) builtin.
    pub fn def_singleton_builtin(&mut self, c: ClassId, name: &str, arity: i32, f: BuiltinFn) {
        let v = self.classes.get(c).obj;
        let s = self.singleton_class(v);
        self.def_builtin(s, name, arity, f);
    }

    /// Defines a module function: private instance method + singleton method.
    pub fn def_module_function(&mut self, c: ClassId, name: &str, arity: i32, f: BuiltinFn) {
        self.def_private_builtin(c, name, arity, f);
        self.def_singleton_builtin(c, name, arity, f);
    }

    // ---- iseqs ----------------------------------------------------------

    /// Removes the stack slot `i` (the name of an optimized `send`): the
    /// few values above it move down without a `memmove` call (which
    /// `Vec::remove` makes even for none).
    #[inline(always)]
    pub(super) fn drop_stack_slot(&mut self, i: usize) {
        let len = self.stack.len();
        match len - 1 - i {
            0 => {}
            1 => self.stack[i] = self.stack[i + 1],
            _ => self.stack.copy_within(i + 1.., i),
        }
        self.stack.truncate(len - 1);
    }

    /// Raises the stack to `top` with nil locals (a frame's locals past
    /// its arguments). A call whose locals are all arguments skips the
    /// out-of-line `Vec::resize` call.
    #[inline(always)]
    pub fn locals_height(&mut self, top: usize) {
        if top > self.stack.len() {
            self.stack.resize(top, Value::NIL);
        }
    }

    #[inline]
    pub fn iseq(&self, id: IseqId) -> &'static Iseq {
        self.iseqs[id.index()].expect("installed iseq")
    }

    // ---- allocation helpers -------------------------------------------

    /// A new plain object of class `c` (`AllocKind::Object`), with room
    /// for every ivar the class's objects have had so far: one allocation
    /// instead of one per ivar set in `initialize`.
    pub fn alloc_plain_object(&mut self, c: ClassId) -> Value {
        let owner = self.classes.get(c).ivar_owner;
        let n = self.classes.get(owner).ivar_names.len();
        self.heap.alloc(c, Body::Object(Vec::with_capacity(n)))
    }

    pub fn str_new(&mut self, s: &str) -> Value {
        self.heap.alloc(
            cls::STRING,
            Body::String(RString {
                bytes: s.as_bytes().to_vec(),
            }),
        )
    }

    pub fn str_from_bytes(&mut self, b: Vec<u8>) -> Value {
        self.heap
            .alloc(cls::STRING, Body::String(RString { bytes: b }))
    }

    pub fn ary_new(&mut self, v: Vec<Value>) -> Value {
        self.heap.alloc(cls::ARRAY, Body::Array(v))
    }

    /// `opt_ltlt`'s push onto the Array `a` (the run loop's and compiled
    /// code's): false when the allocation failed (the caller raises
    /// NoMemoryError, as CRuby's failed malloc); growth counts toward the
    /// next collection. Other bodies push nothing and answer true.
    #[inline]
    pub fn array_push_noted(&mut self, a: Value, b: Value) -> bool {
        match &mut *crate::gc::obj(a).body.borrow_mut() {
            Body::Array(v) => {
                let cap = v.capacity();
                let ok = v.try_reserve(1).is_ok();
                if ok {
                    v.push(b);
                    self.heap.note_malloc((v.capacity() - cap) * 8);
                }
                ok
            }
            _ => true,
        }
    }

    /// A Float: a flonum for the common exponents inline, anything else
    /// (0.0, boxed Floats) through one out-of-line call, so the run
    /// loop's Float arms inline no allocation (which cost the Integer
    /// call benchmarks ~1% through `Vm::run`'s register allocation).
    #[inline(always)]
    pub fn float_new(&mut self, f: f64) -> Value {
        match Value::flonum_common(f) {
            Some(v) => v,
            None => self.float_new_rare(f),
        }
    }

    /// `float_new` off the common exponents.
    #[cold]
    #[inline(never)]
    fn float_new_rare(&mut self, f: f64) -> Value {
        match Value::flonum(f) {
            Some(v) => v,
            None => self.heap.alloc_frozen(cls::FLOAT, Body::Float(f)),
        }
    }

    pub fn sym(&self, s: &str) -> Value {
        Value::symbol(symbol::intern(s))
    }

    /// Writes to standard output. Buffered as CRuby buffers a non-tty
    /// `$stdout` (8 KiB; `p` and exit flush it), so output interleaves
    /// with stderr as it does under CRuby; a terminal, or `$stdout.sync =
    /// true`, gets every write.
    pub fn write_out(&mut self, b: &[u8]) {
        let _ = self.stdout.write_all(b);
        if self.stdout_tty || self.stdout_sync {
            let _ = self.stdout.flush();
        }
    }

    /// Writes to standard error, unbuffered (stdout is not flushed first,
    /// as in CRuby).
    pub fn write_err(&mut self, b: &[u8]) {
        let _ = std::io::stderr().write_all(b);
    }

    /// The `Warning` module (prelude/warning.rb), once defined.
    pub fn warning_module(&self) -> Option<Value> {
        let c = self.classes.get(cls::OBJECT);
        c.consts.get(&crate::intern!("Warning")).copied()
    }

    /// `$VERBOSE` is not nil: `rb_warn`'s warnings are shown.
    pub fn warnings_on(&self) -> bool {
        self.globals
            .get(&crate::intern!("$VERBOSE"))
            .is_some_and(|v| !v.is_nil())
    }

    /// `$VERBOSE` is true (`-W`, `-v`): `rb_warning`'s warnings too.
    pub fn verbose(&self) -> bool {
        self.globals
            .get(&crate::intern!("$VERBOSE"))
            .is_some_and(|v| v.truthy())
    }

    /// A warning the VM itself emits (`rb_warn`): through `Warning.warn`,
    /// which programs may redefine to capture or raise; straight to
    /// stderr before the prelude has defined it.
    #[cold]
    pub fn emit_warning(&mut self, msg: &str) -> Result<(), Unwind> {
        // `rb_warn`: every warning carmine emits is shown unless `$VERBOSE`
        // is nil (`-W0`, or set by the program).
        if !self.warnings_on() {
            return Ok(());
        }
        match self.warning_module() {
            Some(w) if w.is_heap() => {
                let text = self.str_new(msg);
                self.funcall(w, crate::intern!("warn"), &[text], None)?;
            }
            _ => self.write_err(msg.as_bytes()),
        }
        Ok(())
    }

    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
    }

    // ---- GC ---------------------------------------------------------------

    /// Frees the classes the collection did not reach and forgets them
    /// everywhere an id is kept outside the heap: every serial slot they
    /// owned is bumped before it is recycled, so no inline, global-cache
    /// or JIT entry made for the dead class can validate again, even when
    /// its id goes to a new class; the global slot is bumped for the
    /// `global` strategy; ivar caches keyed by their ids are emptied and
    /// constant caches renewed; autoloads registered on them dropped.
    fn sweep_classes(&mut self, traced: &crate::class::Traced) {
        let swept = self.classes.sweep(&self.heap, traced);
        if swept.classes.is_empty() {
            return;
        }
        let dead: std::collections::HashSet<u32> = swept.classes.iter().map(|c| c.0 + 1).collect();
        for k in self.ivar_caches.iter_mut() {
            if dead.contains(&k.class) {
                *k = IvarCache::default();
            }
        }
        if !self.autoloads.is_empty() {
            self.autoloads
                .retain(|(c, _), _| !dead.contains(&(c.0 + 1)));
        }
        self.dispatch.classes_freed(&swept.classes);
    }

    /// The deduplicated String of `b` that a Hash key made (see
    /// `weak_fstrings`), now held for good as a literal's or `-"s"`'s.
    pub fn adopt_fstring(&mut self, b: &[u8]) -> Option<Value> {
        let v = self.weak_fstrings.remove(b)?;
        self.fstrings.insert(b.to_vec(), v);
        self.literal_roots.push(v);
        Some(v)
    }

    /// Collects garbage at a safepoint.
    #[cold]
    pub fn gc(&mut self) {
        let Vm {
            heap,
            stack,
            frames,
            classes,
            globals,
            gvar_traces,
            temp_roots,
            literal_roots,
            iseqs,
            const_caches,
            main_obj,
            errinfo,
            svars,
            block_roots,
            generic_ivars,
            fibers,
            match_subject,
            trace,
            ..
        } = self;
        let (subject, snapshot) = match_subject
            .as_ref()
            .map_or((Value::NIL, Value::NIL), |m| (m.subject, m.frozen));
        let extra = [*main_obj, *errinfo, subject, snapshot];
        let roots = |h: &mut Heap| {
            for v in extra {
                h.mark(v);
            }
            for e in svars.iter() {
                e.trace(h);
            }
            for v in stack.iter() {
                h.mark(*v);
            }
            for b in block_roots.iter() {
                crate::object::trace_block_arg(b, &mut |v| h.mark(v));
            }
            for b in block_roots.iter() {
                h.mark_ids(|ids| crate::object::block_arg_ids(b, ids));
            }
            for f in frames.iter() {
                f.trace(&mut |v| h.mark(v));
                crate::object::cref_classes(&f.cref, &mut |c| h.mark_class(c));
                h.live_methods.extend(f.method);
                if let Some(b) = &f.block {
                    h.mark_ids(|ids| crate::object::block_arg_ids(b, ids));
                }
            }
            classes.trace_roots(h);
            for v in globals.values().chain(gvar_traces.values().flatten()) {
                h.mark(*v);
            }
            for v in temp_roots.iter().chain(literal_roots.iter()) {
                h.mark(*v);
            }
            for i in iseqs.iter().flatten() {
                for v in &i.literals {
                    h.mark(*v);
                }
            }
            for c in const_caches.iter() {
                h.mark(c.value);
            }
            trace.trace(&mut |v| h.mark(v));
            for ivs in generic_ivars.values() {
                for &(_, v) in ivs {
                    h.mark(v);
                }
            }
        };
        // Running fibers are roots; a suspended one is marked only while its
        // Fiber object is reachable (from anything but its own stack).
        // Classes other than the permanent ones are traced once something
        // live reaches them (doc/gc.md, "Classes").
        let mut first = true;
        let mut traced = crate::class::Traced::default();
        heap.collect_with(roots, |h| {
            if std::mem::take(&mut first) {
                fibers.trace_running(h);
                return true;
            }
            let a = classes.trace_live(h, &mut traced);
            let b = fibers.trace_reachable(h);
            a || b
        });
        self.sweep_classes(&traced);
        self.fibers
            .reap(|v| matches!(&*obj(v).body.borrow(), Body::Free(_)));
        if !self.generic_ivars.is_empty() {
            self.generic_ivars.retain(|&raw, _| {
                !matches!(&*obj(Value::from_raw(raw)).body.borrow(), Body::Free(_))
            });
        }
        self.weak_fstrings
            .retain(|_, v| !matches!(&*obj(*v).body.borrow(), Body::Free(_)));
        // An object_id stays with its object: a slot reused by a new object
        // must not inherit the id (CRuby never gives an id twice).
        if !self.object_ids.is_empty() {
            self.object_ids.retain(|&raw, _| {
                !matches!(&*obj(Value::from_raw(raw)).body.borrow(), Body::Free(_))
            });
        }
        self.pattern_regexps
            .retain(|(_, v)| !matches!(&*obj(*v).body.borrow(), Body::Free(_)));
        // Untrusted code pays for its collections too (the next safepoint
        // or block call reports the budget spent): a collection walks every
        // slot, and `GC.start` in a loop over a heap that keeps growing
        // (classes are never freed) ran a fuzz input 100x past its budget.
        if self.options.max_instructions.is_some() {
            self.insn_count += self.heap.stats.heap_slots / 64;
        }
        if self.options.gc_verify
            && let Err(e) = self.heap.verify()
        {
            eprintln!("[BUG] gc-verify: {e}");
            std::process::exit(70);
        }
    }
}

fn is_kernel_private(name: &str) -> bool {
    matches!(
        name,
        "puts"
            | "print"
            | "p"
            | "pp"
            | "require"
            | "require_relative"
            | "load"
            | "raise"
            | "fail"
            | "loop"
            | "lambda"
            | "proc"
            | "block_given?"
            | "catch"
            | "throw"
            | "format"
            | "sprintf"
            | "printf"
            | "Integer"
            | "Float"
            | "String"
            | "Array"
            | "Hash"
            | "Rational"
            | "rand"
            | "srand"
            | "sleep"
            | "exit"
            | "exit!"
            | "abort"
            | "at_exit"
            | "gets"
            | "warn"
            | "binding"
            | "caller"
            | "__method__"
            | "putc"
            | "select"
            | "trap"
            | "system"
            | "open"
            | "iterator?"
            | "local_variables"
            | "autoload"
    )
}

/// Keeps values alive across calls back into Ruby: `let g = vm.root(v)`.
impl Vm {
    pub fn push_root(&mut self, v: Value) {
        self.temp_roots.push(v);
    }
    pub fn roots_len(&self) -> usize {
        self.temp_roots.len()
    }
    pub fn truncate_roots(&mut self, n: usize) {
        self.temp_roots.truncate(n);
    }
}
