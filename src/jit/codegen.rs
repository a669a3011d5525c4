//! Bytecode to C: one C function per method iseq.
//!
//! The generated code keeps the interpreter's operand stack exactly: at
//! every instruction it knows the stack depth statically (found here by
//! walking the control flow from pc 0) and reads and writes the VM's own
//! stack slots, so at any point the VM stack is what the interpreter would
//! have there. That makes the split with Rust simple and safe:
//!
//! - locals, constants, stack shuffles, branches, Fixnum arithmetic and
//!   comparisons (behind the basic-operator redefinition bits) are C;
//! - sends, ivars, constants, allocation and safepoints are one call back
//!   into Rust (`Env::step`), which runs that instruction with the
//!   interpreter's own code on the stack the C code left, and returns the
//!   next pc;
//! - anything else (an operator whose Fixnum path fails, the operators
//!   without one) cancels: the C code returns the pc and stack depth, and
//!   the interpreter runs the rest of this call from there (MJIT's
//!   cancel; the stack is already what the interpreter expects);
//! - every Value the C code holds is in a VM stack slot before a step, so
//!   the GC (which marks the VM stack) sees it; C reloads after a step.
//!
//! A fused instruction's slow path continues in the next slot, as in the
//! interpreter (`bytecode::peephole`), so every slot reached is a label.

use crate::bytecode::peephole::{CMP_EQ, CMP_GE, CMP_GT, CMP_JUMP_IF_TRUE, CMP_LE, CMP_LT};
use crate::bytecode::{Insn, Iseq, IseqKind};
use crate::dispatch::{bop, flags};
use crate::value::{CallSiteId, Value};

/// What codegen needs to know about a call site.
#[derive(Clone, Copy)]
pub struct SiteInfo {
    pub argc: u32,
    pub flags: u32,
    pub has_block: bool,
    /// Its inline cache answers with what C calls without the host (a
    /// compiled method, this one, an attribute) when codegen runs.
    pub direct: bool,
    /// ... and that is this method (recursion).
    pub recursive: bool,
}

/// A translated method.
pub struct Plan {
    /// The C: the same text for the same bytecode in any process (what
    /// differs between processes, call site and ivar cache numbers and
    /// heap or Symbol literals, is read from the table `K`, `consts`).
    pub source: String,
    /// The function's name (`SYMBOL`) and the table's accessor (`CONSTS`).
    pub symbol: String,
    /// `K`'s contents, written into the loaded object before its first
    /// call (`cc::load`).
    pub consts: Vec<u64>,
    /// Deepest operand stack the code uses (above the locals).
    pub max_depth: usize,
    /// Too small to be worth entering from the interpreter: only compiled
    /// callers call it (`worth_compiling`).
    pub c_only: bool,
}

/// The C declarations every translation starts with (the ABI, matching
/// `jit::abi::Env` and `jit::abi::Site`; `prelude` checks their sizes).
const PRELUDE: &str = r#"typedef unsigned long V;
typedef long I;
struct cj_site;
struct cj_env;
struct cj_ivc { unsigned cls, slot; };
struct cj_ctx {
  V *stack;
  unsigned long cap;
  const unsigned long *serials;
  const unsigned int *bops;
  const struct cj_ivc *ivc;
  unsigned long limit;
  void *host;
  long (*step)(struct cj_env *, unsigned long, unsigned long);
  unsigned long (*call)(struct cj_env *, unsigned long, unsigned long, unsigned long, struct cj_env *, struct cj_site *);
  long (*finish)(struct cj_env *, struct cj_env *, long);
  void (*pop)(struct cj_env *);
  V (*aref)(struct cj_env *, V, V);
  long (*aset)(struct cj_env *, V, V, V);
  long (*due)(struct cj_env *);
  long (*len)(struct cj_env *, V);
  V (*upget)(struct cj_env *, unsigned, unsigned);
  void (*upset)(struct cj_env *, unsigned, unsigned, V);
};
struct cj_env {
  struct cj_ctx *x;
  unsigned long base;
  V self;
  V ret;
  unsigned long pc, depth, height;
  struct cj_env *parent;
  const struct cj_site *site;
  unsigned long ret_sp, at, lazy, level;
  const void *blk;
  V penv;
};
struct cj_site {
  unsigned cls, slot;
  unsigned long serial;
  long (*fn)(struct cj_env *);
  unsigned long nl, room;
  unsigned method, site, iseq, kind;
};
#define BOPS bo
/* A block's locals of outer scopes (abi::upget / upset). */
#define UPGET(i, k) e->x->upget(e, (i), (k))
#define UPSET(i, k, v) e->x->upset(e, (i), (k), (v))
/* After a call back into the host: the stack may have moved, operators
   been redefined, a `binding` set locals. (After a direct call, not
   reloading the locals kept them live across it in callee-saved
   registers: tak ran 2% more instructions.) */
#define RELOADS() do { l = e->x->stack + e->base; s = l + NL; bo = *e->x->bops; } while (0)
#define RELOAD() do { RELOADS(); RELOADL(); } while (0)
#define CANCEL(p, d) do { e->pc = (p); e->depth = NL + (d); return 1; } while (0)
#define CALL(p, d, k, S) do { struct cj_env c_; unsigned long f_ = e->x->call(e, (p), NL + (d), (k), &c_, &(S)); \
  if (f_ == 1) return -1; \
  if (f_ != 0 && e->x->finish(e, &c_, ((long (*)(struct cj_env *))f_)(&c_)) < 0) return -1; \
  RELOAD(); } while (0)
#define STEP(p, d) ({ long n_ = e->x->step(e, (p), NL + (d)); if (n_ < 0) return -1; RELOAD(); n_; })
/* An operator's slow path: the host runs the interpreter's arm (its
   other fast paths, else the send); the pc itself back means the
   interpreter must take over there (cancel). */
#define OPSTEP(p, d, next) do { if (STEP(p, d) == (p)) CANCEL(p, d); goto next; } while (0)
/* Flonums (Value::flonum_value / Value::flonum): decode, and encode
   when the double has a flonum (0 when it must be boxed: the host's
   step does that). */
#define CJ_BFLO(a, b) (((((a) ^ 2UL) | ((b) ^ 2UL)) & 3UL) == 0)
static inline double cj_fdec(V v) {
  V b_ = v ^ ((V)((I)v >> 63) & 3UL);
  b_ = (b_ >> 3) | (b_ << 61);
  if (v == 0x8000000000000002UL) b_ = 0;
  double d_; __builtin_memcpy(&d_, &b_, 8); return d_;
}
static inline V cj_fenc(double d) {
  V b_; __builtin_memcpy(&b_, &d, 8);
  if ((b_ << 1) - ((3UL << 61) + 1) < (2UL << 61) - 1) return (((b_ << 3) | (b_ >> 61)) & ~1UL) | 2UL;
  if (b_ == 0) return 0x8000000000000002UL;
  return 0;
}
/* A direct call through the site's guard copy S (abi::Site): the
   receiver R's class and the validity serial the site's inline-cache
   entry holds, room for the callee's locals and stack, frames and
   native stack to spare; then the callee's other locals are set to nil
   and its code called here, with a lazy frame (abi::Env). Falls
   through when the guard does not hold (the caller then takes CALL). */
#define FAST(S, p, d, argc, rs, R, next) do { V r_ = (R); unsigned long cb_ = e->base + NL + (d) - (argc); \
  if (cj_class(r_) == (S).cls && e->x->serials[(S).slot] == (S).serial) { \
    if ((S).kind) { \
      V v_ = (S).kind == 1 ? cj_slotget(r_, (S).nl) : cj_slotset(r_, (S).nl, s[(d) - 1]); \
      if (v_ != CJ_UNDEF) { s[(d) - (argc) - (rs)] = v_; goto next; } \
    } else if (cb_ + (S).room <= e->x->cap && e->level < CJ_MAX_FRAMES \
        && (unsigned long)__builtin_frame_address(0) > e->x->limit + CJ_NATIVE_SPARE) { \
      struct cj_env c_; V *cl_ = e->x->stack + cb_; \
      for (unsigned long k_ = (argc); k_ < (S).nl; k_++) cl_[k_] = CJ_NIL; \
      c_.x = e->x; c_.base = cb_; c_.self = r_; c_.height = cb_ + (S).room; c_.parent = e; c_.site = &(S); \
      c_.ret_sp = cb_ - (rs); c_.lazy = 1; c_.pc = 0; c_.level = e->level + 1; e->at = (p); \
      long st_ = (S).fn(&c_); \
      if (st_ == 0) { \
        if (!c_.lazy) e->x->pop(e); \
        RELOAD(); s[(d) - (argc) - (rs)] = c_.ret; goto next; } \
      if (e->x->finish(e, &c_, st_) < 0) return -1; \
      RELOAD(); goto next; } } } while (0)
"#;

/// The native stack a lazy call leaves above the host's limit: the host
/// needs room of its own when the callee calls back into it.
const NATIVE_SPARE: usize = 64 * 1024;

/// The prelude with the constants the C code needs from the VM: the
/// class ids of immediates, where a heap object keeps its class, its
/// flags and a plain object's ivars (`ivar_layout`), and the sizes
/// `Env` and `Site` must have.
fn prelude() -> String {
    use crate::class::cls;
    let iv = ivar_layout();
    format!(
        "{PRELUDE}#define CJ_NIL {nil}\n#define CJ_UNDEF {undef}\n#define CJ_MAX_FRAMES {frames}UL\n#define CJ_NATIVE_SPARE {spare}UL\n\
_Static_assert(sizeof(struct cj_env) == {env}, \"cj_env\");\n\
_Static_assert(sizeof(struct cj_site) == {site}, \"cj_site\");\n\
_Static_assert(sizeof(struct cj_ivc) == {ivc}, \"cj_ivc\");\n\
static inline int cj_heap(V v) {{ V h = v - 16; return ((h >> 3) | (h << 61)) < (1UL << 60); }}\n\
#define CJ_CLASS(v) (*(const unsigned *)((v) + {off}))\n\
/* The receiver's class (Vm::class_of) for Fixnums, Flonums and heap\n   objects; another immediate matches no site. */\n\
static inline unsigned cj_class(V v) {{\n\
  if (v & 1) return {int}u;\n\
  if ((v & 3) == 2) return {flt}u;\n\
  if (cj_heap(v)) return CJ_CLASS(v);\n\
  return 0xfffffffeu;\n\
}}\n\
/* A heap object's ivars when its body is Body::Object (its tag byte)\n   and no flag of `bad` is set (the host writing the body; to write:\n   frozen or borrowed at all), their count in *n; else null. */\n\
static inline V *cj_ivs(V o, unsigned bad, unsigned long *n) {{\n\
  const char *p = (const char *)o;\n\
  if (*(const unsigned char *)(p + {tag_at}) != {tag} || (*(const unsigned *)(p + {flags_at}) & bad)) return 0;\n\
  *n = *(const unsigned long *)(p + {len_at});\n\
  return *(V *const *)(p + {ptr_at});\n\
}}\n\
#define CJ_RBAD {rbad}u\n#define CJ_WBAD {wbad}u\n\
/* An attr_reader's read of slot i (call::ivar_slot_get): an ivar never\n   set is nil; CJ_UNDEF when o is no plain object. */\n\
static inline V cj_slotget(V o, unsigned long i) {{\n\
  unsigned long n; V *iv;\n\
  if (!cj_heap(o) || !(iv = cj_ivs(o, CJ_RBAD, &n))) return CJ_UNDEF;\n\
  if (i >= n || iv[i] == CJ_UNDEF) return CJ_NIL;\n\
  return iv[i];\n\
}}\n\
/* An attr_writer's store (call::ivar_slot_set): v, or CJ_UNDEF when o is\n   no unfrozen plain object with slot i. */\n\
static inline V cj_slotset(V o, unsigned long i, V v) {{\n\
  unsigned long n; V *iv;\n\
  if (!cj_heap(o) || !(iv = cj_ivs(o, CJ_WBAD, &n)) || i >= n) return CJ_UNDEF;\n\
  iv[i] = v; return v;\n\
}}\n\
/* `@x` through ivar cache k (Vm::get_ivar_cached's hit): o a plain\n   object of the cache's class; CJ_UNDEF when it misses. */\n\
static inline V cj_ivget(V o, struct cj_ivc k) {{\n\
  if (!cj_heap(o) || CJ_CLASS(o) + 1 != k.cls) return CJ_UNDEF;\n\
  return cj_slotget(o, k.slot);\n\
}}\n\
/* `@x = v` likewise (Vm::set_ivar_hit): the slot exists, or comes next\n   and the Vec has room for it; 0 when it misses. */\n\
static inline int cj_ivset(V o, struct cj_ivc k, V v) {{\n\
  unsigned long n; V *iv;\n\
  if (!cj_heap(o) || CJ_CLASS(o) + 1 != k.cls || !(iv = cj_ivs(o, CJ_WBAD, &n))) return 0;\n\
  if (k.slot < n) {{ iv[k.slot] = v; return 1; }}\n\
  if (k.slot != n || n >= *(const unsigned long *)((const char *)o + {cap_at})) return 0;\n\
  iv[n] = v; *(unsigned long *)((char *)o + {len_at}) = n + 1; return 1;\n\
}}\n\
#define IVC(i) (e->x->ivc[i])\n",
        nil = val(Value::NIL),
        undef = val(Value::UNDEF),
        frames = crate::interp::MAX_FRAMES - 1,
        spare = NATIVE_SPARE,
        env = std::mem::size_of::<crate::jit::abi::Env>(),
        site = std::mem::size_of::<crate::jit::abi::Site>(),
        ivc = std::mem::size_of::<crate::interp::IvarCache>(),
        int = cls::INTEGER.0,
        flt = cls::FLOAT.0,
        off = std::mem::offset_of!(crate::object::RObject, body.class),
        tag_at = iv.body,
        tag = iv.tag,
        flags_at = iv.flags,
        ptr_at = iv.ptr,
        len_at = iv.len,
        cap_at = iv.cap,
        rbad = crate::gc::BORROWED_MUT,
        wbad = crate::gc::BORROWED | crate::object::FLAG_FROZEN,
    )
}

/// Where a heap object keeps what the C code reads of a plain object's
/// ivars: byte offsets from the object's address of the body's tag
/// byte, the flags word, and the ivar `Vec`'s buffer pointer, length
/// and capacity; and the tag of `Body::Object`.
struct IvarLayout {
    body: usize,
    tag: u8,
    flags: usize,
    ptr: usize,
    len: usize,
    cap: usize,
}

/// `Body` is `repr(u8)` (its tag a byte at its start, a variant's fields
/// after it as in a `repr(C)` struct), but a `Vec`'s three words are in
/// an order Rust does not fix: one `Vec` of known shape is looked at.
fn ivar_layout() -> IvarLayout {
    use crate::object::{Body, RObject};
    const _: () = assert!(std::mem::size_of::<Vec<Value>>() == 3 * 8);
    let mut v: Vec<Value> = Vec::with_capacity(5);
    v.extend([Value::NIL, Value::NIL]);
    let (ptr, len, cap) = (v.as_ptr() as usize, v.len(), v.capacity());
    // SAFETY: a `Vec` is three initialized words (its size asserted
    // above), its buffer pointer, capacity and length; the copy is read
    // as plain words and never used as a `Vec`.
    let words: [usize; 3] = unsafe { std::mem::transmute_copy(&v) };
    let at = |x: usize| {
        let i = words.iter().position(|&w| w == x);
        i.expect("a Vec's words: pointer, length and capacity") * 8
    };
    let (ptr_at, len_at, cap_at) = (at(ptr), at(len), at(cap));
    assert!(ptr_at != len_at && len_at != cap_at && ptr_at != cap_at);
    let b = Body::Object(v);
    let Body::Object(inner) = &b else {
        unreachable!()
    };
    let vec_at = inner as *const Vec<Value> as usize - &b as *const Body as usize;
    // SAFETY: `Body` is `repr(u8)`: its first byte is the variant's tag.
    let tag = unsafe { *(&b as *const Body).cast::<u8>() };
    let body = std::mem::offset_of!(RObject, body) + crate::gc::BODY_OFFSET;
    IvarLayout {
        body,
        tag,
        flags: std::mem::offset_of!(RObject, body) + crate::gc::FLAGS_OFFSET,
        ptr: body + vec_at + ptr_at,
        len: body + vec_at + len_at,
        cap: body + vec_at + cap_at,
    }
}

/// Translates `iseq`, or says why it stays interpreted. `all`: even a
/// method not `worth_compiling` (`CARMINE_JIT_ALL=1`, for tests).
///
/// A method is walked from pc 0. A top-level script is walked from
/// `entry` (`(pc, depth)`: where its hot loop's `JitLoop` was, with the
/// depth the interpreter had there), and is entered at that pc or at any
/// other `JitLoop` the walk reaches (a `switch` on `e->pc`; another pc
/// returns 2, "not here"); an instruction it cannot translate cancels
/// there instead of failing the whole script (the code before the loop
/// and after it is often class bodies and output).
pub fn translate(
    iseq: &Iseq,
    site: &dyn Fn(CallSiteId) -> SiteInfo,
    all: bool,
    entry: Option<(usize, usize)>,
) -> Result<Plan, String> {
    let script = match (iseq.kind, entry) {
        // A method is walked from its start even when a loop is hot.
        // So is a block (entered only by the interpreter's block
        // frames; its outer scopes' locals through `UPGET`/`UPSET`).
        (IseqKind::Method | IseqKind::Block, _) => false,
        (IseqKind::Top, Some(_)) => true,
        _ => return Err("not a method or a script's loop".into()),
    };
    if !iseq.catch.is_empty() {
        return Err("rescue/ensure".into());
    }
    if iseq.env_on_heap {
        return Err("locals captured by a block".into());
    }
    let n = iseq.code().len();
    let mut depth: Vec<Option<usize>> = vec![None; n];
    let mut code: Vec<String> = vec![String::new(); n];
    let entry = if script { entry } else { None };
    let mut work = vec![entry.unwrap_or((0, 0))];
    let mut max_depth = 0;
    // Successors along fast paths only (a fused instruction's slow path
    // continues in its next slot), for `worth_compiling`.
    let mut fast: Vec<Vec<usize>> = vec![Vec::new(); n];
    // Instructions that call back into the VM, for `worth_compiling`.
    // Calls count too unless C makes them itself (`SiteInfo::direct`):
    // the host runs any other callee from Rust (an interpreted one in a
    // run loop of its own), where the interpreter's loop would have
    // entered it in place.
    let mut costly = vec![false; n];
    // A call of its own: most of its calls come from C then.
    let mut recursive = false;
    let consts = Consts::default();
    while let Some((pc, d)) = work.pop() {
        if pc >= n {
            return Err(format!("jump out of the code ({pc})"));
        }
        match depth[pc] {
            Some(d0) if d0 == d => continue,
            Some(d0) => return Err(format!("stack depth {d0} and {d} at {pc}")),
            None => depth[pc] = Some(d),
        }
        let e = match insn(iseq, pc, d, site, &consts) {
            Ok(e) => e,
            // The interpreter takes over there, the stack as it expects.
            Err(_) if script => Emitted {
                code: format!("  CANCEL({pc}, {d});\n"),
                next: vec![],
                step: false,
                slow: false,
                call: false,
                direct: false,
                recursive: false,
            },
            Err(why) => return Err(why),
        };
        for &(p, nd) in &e.next {
            max_depth = max_depth.max(nd);
            work.push((p, nd));
            if !(e.slow && p == pc + 1) {
                fast[pc].push(p);
            }
        }
        max_depth = max_depth.max(d);
        code[pc] = e.code;
        costly[pc] = e.step || (e.call && !e.direct);
        recursive |= e.recursive;
    }
    let c_only =
        !all && worth_compiling(iseq, entry.map_or(0, |e| e.0), &fast, &costly, recursive)?;
    let symbol = SYMBOL.to_owned();
    let consts = consts.0.into_inner();
    let mut src = String::with_capacity(4096);
    src.push_str(&prelude());
    src.push_str(&format!(
        "static V K[{}];\nV *{CONSTS}(void) {{ return K; }}\n",
        consts.len().max(1)
    ));
    // Each local has a C mirror `lvK`, written with its slot and read
    // instead of it (the slots are memory the C compiler must reload
    // after every store; a mirror stays in a register), reloaded from
    // the slots after every call back into the host (a `binding` may
    // have set them).
    let nl = iseq.local_count as usize;
    let mirrors: Vec<String> = (0..nl).map(|k| format!("lv{k} = l[{k}]")).collect();
    src.push_str(&format!(
        "#define NL {nl}\n#define RELOADL() do {{ {} }} while (0)\n/* {}@{}:{} */\nlong {symbol}(struct cj_env *e) {{\n  V *l = e->x->stack + e->base, *s = l + NL;\n  unsigned bo = *e->x->bops;\n",
        mirrors.iter().map(|m| format!("{m};")).collect::<Vec<_>>().join(" "),
        iseq.label.replace("*/", "* /"),
        iseq.file.replace("*/", "* /"),
        iseq.first_line
    ));
    if nl > 0 {
        src.push_str(&format!("  V {};\n", mirrors.join(", ")));
    }
    let loops = iseq
        .code()
        .windows(2)
        .enumerate()
        .any(|(pc, w)| matches!(w[0], Insn::JitLoop) && depth[pc + 1].is_some());
    if script || loops {
        // The entries: right after each `JitLoop` (its safepoint was
        // taken by the interpreter); a method's start too.
        src.push_str("  switch (e->pc) {\n");
        if !script {
            src.push_str("  case 0: break;\n");
        }
        for (pc, w) in iseq.code().windows(2).enumerate() {
            if matches!(w[0], Insn::JitLoop) && depth[pc + 1].is_some() {
                src.push_str(&format!("  case {0}: goto L{0};\n", pc + 1));
            }
        }
        src.push_str("  default: return 2;\n  }\n");
    }
    for (pc, c) in code.iter().enumerate() {
        if depth[pc].is_some() {
            src.push_str(&format!("L{pc}: /* {} */\n{c}", iseq.insns[pc].mnemonic()));
        }
    }
    src.push_str("  return -1;\n}\n");
    Ok(Plan {
        source: src,
        symbol,
        consts,
        max_depth: max_depth + 1,
        c_only,
    })
}

/// The fewest instructions C must run itself along a method's fast paths
/// for the interpreter to enter its machine code: entering it
/// (`JitEntry` -> `abi::run`) costs ~110 machine instructions more than
/// the interpreter's own call, about what C saves on eight bytecode
/// instructions (bench method_calls ran 1.3x slower with `def two(x, y)
/// = x + y`-sized methods compiled, ivar_objects 1.07x with its 6- and
/// 7-instruction methods). A recursive method is exempt: it is mostly
/// called from its own C code. A smaller method is still compiled, for
/// compiled callers only (a direct call from C costs no frame at all):
/// the interpreter keeps running its bytecode.
const MIN_NATIVES: usize = 8;

/// Whether the C code would do more than call back into the VM: along the
/// fast paths, the instructions C runs itself (operators, locals,
/// branches, calls) must be at least twice the steps (ivars, constants,
/// allocation...). A method made mostly of steps (`def deposit(x) =
/// @balance += x`, `def empty? = @size == 0`) only adds the entry cost
/// of machine code to what the interpreter does (bench method_calls ran
/// 1.5x slower with them compiled). A script is counted from its loop's
/// entry. Ok(true): too small to enter from the interpreter
/// (`MIN_NATIVES`), compiled for compiled callers only.
fn worth_compiling(
    iseq: &Iseq,
    start: usize,
    fast: &[Vec<usize>],
    costly: &[bool],
    recursive: bool,
) -> Result<bool, String> {
    let (mut natives, mut steps) = (0usize, 0usize);
    let mut seen = vec![false; fast.len()];
    let mut work = vec![start];
    while let Some(pc) = work.pop() {
        if std::mem::replace(&mut seen[pc], true) {
            continue;
        }
        work.extend(&fast[pc]);
    }
    // A script's loop: only what leads back to its entry (the code after
    // the loop runs once).
    let mut in_loop = vec![iseq.kind != IseqKind::Top; fast.len()];
    if iseq.kind == IseqKind::Top {
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); fast.len()];
        for (pc, to) in fast.iter().enumerate() {
            for &t in to {
                back[t].push(pc);
            }
        }
        let mut work = back[start].clone();
        while let Some(pc) = work.pop() {
            if seen[pc] && !std::mem::replace(&mut in_loop[pc], true) {
                work.extend(&back[pc]);
            }
        }
    }
    for pc in 0..fast.len() {
        if !(seen[pc] && in_loop[pc]) {
            continue;
        }
        match iseq.insns[pc] {
            Insn::Nop
            | Insn::Pop
            | Insn::AdjustStack { .. }
            | Insn::Jump { .. }
            | Insn::Leave
            | Insn::LocalLeave { .. } => {}
            _ if costly[pc] => steps += 1,
            _ => natives += 1,
        }
    }
    if natives < 2 * steps {
        return Err(format!("mostly steps: {natives} in C, {steps} in the VM"));
    }
    Ok(iseq.kind == IseqKind::Method && !recursive && natives < MIN_NATIVES)
}

/// The name of a translation's C function.
pub const SYMBOL: &str = "cj_main";
/// The name of the function that returns its table `K`.
pub const CONSTS: &str = "cj_consts";

/// What one process's C would spell differently from another's, as
/// entries of the table `K` (`Plan::consts`), each value once.
#[derive(Default)]
struct Consts(std::cell::RefCell<Vec<u64>>);

impl Consts {
    /// `K[i]` holding `raw`.
    fn get(&self, raw: u64) -> String {
        let mut k = self.0.borrow_mut();
        let i = k.iter().position(|&x| x == raw).unwrap_or_else(|| {
            k.push(raw);
            k.len() - 1
        });
        format!("K[{i}]")
    }

    /// A literal: immediates other than Symbols are the same word in
    /// every process; a Symbol's or heap object's is not.
    fn lit(&self, v: Value) -> String {
        if v.is_symbol() || v.is_heap() {
            self.get(v.raw())
        } else {
            val(v)
        }
    }
}

/// `v` as a C constant.
fn val(v: Value) -> String {
    format!("0x{:x}UL", v.raw())
}

/// A tagged Fixnum's raw word for `imm`.
fn fix(imm: i64) -> String {
    format!("(I)0x{:x}UL", Value::int(imm).raw())
}

fn cmp_op(kind: u32) -> &'static str {
    match kind & 7 {
        CMP_LT => "<",
        CMP_LE => "<=",
        CMP_GT => ">",
        CMP_GE => ">=",
        CMP_EQ => "==",
        _ => "!=",
    }
}

/// The branch of a fused compare-and-branch on tagged Fixnums `x` `y`
/// (tagging keeps the order).
fn cmp_branch(kind: u32, x: &str, y: &str, target: u32) -> String {
    let cond = format!("(I)({x}) {} (I)({y})", cmp_op(kind));
    if kind & CMP_JUMP_IF_TRUE != 0 {
        format!("if ({cond}) goto L{target};\n")
    } else {
        format!("if (!({cond})) goto L{target};\n")
    }
}

/// The branch of a fused compare-and-branch on the doubles `x_` `y_`.
fn fcmp_branch(kind: u32, target: u32) -> String {
    let cond = format!("x_ {} y_", cmp_op(kind));
    if kind & CMP_JUMP_IF_TRUE != 0 {
        format!("if ({cond}) goto L{target};\n")
    } else {
        format!("if (!({cond})) goto L{target};\n")
    }
}

/// A Float operator's C path: two flonums while Float's operators are
/// CRuby's, a result that is a flonum again.
fn float_arith(a: usize, b: usize, op: &str, next: usize) -> String {
    format!(
        "  if (CJ_BFLO(s[{a}], s[{b}]) && !(BOPS & {fa})) {{ V r_ = cj_fenc(cj_fdec(s[{a}]) {op} cj_fdec(s[{b}])); if (r_) {{ s[{a}] = r_; goto L{next}; }} }}\n",
        fa = bop::FLOAT_ARITH
    )
}

/// One instruction's translation.
struct Emitted {
    code: String,
    /// Successors `(pc, depth)`.
    next: Vec<(usize, usize)>,
    /// It calls back into the VM (`STEP`).
    step: bool,
    /// Its edge to the next slot is a fused form's slow path.
    slow: bool,
    /// It is a call (`CALL`).
    call: bool,
    /// ... whose site C may call directly (`SiteInfo::direct`).
    direct: bool,
    /// ... whose callee is this method.
    recursive: bool,
}

/// One instruction: its C and its successors.
fn insn(
    iseq: &Iseq,
    pc: usize,
    d: usize,
    site: &dyn Fn(CallSiteId) -> SiteInfo,
    consts: &Consts,
) -> Result<Emitted, String> {
    let next = pc + 1;
    let is_step = std::cell::Cell::new(false);
    let is_slow = std::cell::Cell::new(false);
    let is_call = std::cell::Cell::new(false);
    let is_direct = std::cell::Cell::new(false);
    let is_recursive = std::cell::Cell::new(false);
    // A fused form's slow path: its next slot, with the operand it had
    // fused pushed.
    let slow = || {
        is_slow.set(true);
        (next, d + 1)
    };
    let under = |k: usize| -> Result<usize, String> {
        d.checked_sub(k)
            .ok_or_else(|| format!("stack underflow at {pc}"))
    };
    let arith = bop::INT_ARITH;
    let icmp = bop::INT_CMP;
    // A call back into Rust with one successor.
    let step1 = |to: usize, nd: usize| -> (String, Vec<(usize, usize)>) {
        is_step.set(true);
        (format!("  STEP({pc}, {d}); goto L{to};\n"), vec![(to, nd)])
    };
    // A send's stack: what it pops below what it pushes first.
    let send_pops = |s: CallSiteId, recv: bool| -> Result<usize, String> {
        let i = site(s);
        if i.has_block || i.flags & flags::BLOCKARG != 0 {
            return Err("a call with a block".into());
        }
        Ok(i.argc as usize + recv as usize)
    };
    // A call of `site` after `push` (C pushing `pushed` values), going
    // on at `to`: the host gets the site and whether there is a receiver
    // on the stack (`(site << 1) | recv`).
    let call = |s: CallSiteId,
                push: &str,
                pushed: usize,
                recv: bool,
                to: usize|
     -> Result<(String, Vec<(usize, usize)>), String> {
        let pops = send_pops(s, recv)?;
        let nd = (d + pushed).checked_sub(pops).ok_or("stack underflow")? + 1;
        is_call.set(true);
        is_direct.set(site(s).direct);
        is_recursive.set(site(s).recursive);
        let k = consts.get(((s.index() as u64) << 1) | recv as u64);
        let top = d + pushed;
        let argc = site(s).argc;
        let r = if recv {
            format!("s[{}]", nd - 1)
        } else {
            "e->self".to_string()
        };
        Ok((
            format!(
                "  {push}{{ static struct cj_site S_ = {{ 0xffffffffu }};\n  FAST(S_, {to}, {top}, {argc}, {}, {r}, L{to});\n  CALL({to}, {top}, {k}, S_); }} goto L{to};\n",
                recv as u32
            ),
            vec![(to, nd)],
        ))
    };
    let (code, next) = match iseq.insns[pc] {
        Insn::Nop => (format!("  goto L{next};\n"), vec![(next, d)]),
        Insn::PutNil => put(d, &val(Value::NIL), next),
        Insn::PutSelf => put(d, "e->self", next),
        Insn::PutObject { v } => put(d, &consts.lit(v), next),
        // The fused `@x = x` / `x + @y` push the local and let the
        // instruction in the next slot (kept there) do the rest.
        Insn::GetLocal { idx } | Insn::LocalSetIvar { idx, .. } | Insn::LocalIvar { idx, .. } => {
            put(d, &format!("lv{idx}"), next)
        }
        Insn::SetLocal { idx } => (
            format!("  lv{idx} = l[{idx}] = s[{}]; goto L{next};\n", under(1)?),
            vec![(next, d - 1)],
        ),
        Insn::SetLocalPop { idx } => (
            format!(
                "  lv{idx} = l[{idx}] = s[{}]; goto L{};\n",
                under(1)?,
                pc + 3
            ),
            vec![(pc + 3, d - 1)],
        ),
        // A block's locals of outer scopes: one small call into the
        // host each (`Vm::outer_local_get` / `outer_local_set`).
        Insn::GetLocalUp { idx, depth } => put(d, &format!("UPGET({idx}, {depth})"), next),
        Insn::SetLocalUp { idx, depth } => (
            format!("  UPSET({idx}, {depth}, s[{}]); goto L{next};\n", under(1)?),
            vec![(next, d - 1)],
        ),
        Insn::SetLocalUpPop { idx, depth } => (
            format!(
                "  UPSET({idx}, {depth}, s[{}]); goto L{};\n",
                under(1)?,
                pc + 3
            ),
            vec![(pc + 3, d - 1)],
        ),
        Insn::UpGetLocals { a, b } => (
            format!(
                "  s[{d}] = UPGET({a}, 1); s[{}] = UPGET({b}, 1); goto L{};\n",
                d + 1,
                pc + 2
            ),
            vec![(pc + 2, d + 2)],
        ),
        Insn::UpLocalsCmpBranch { a, b, kind, target } => (
            format!(
                "  {{ V x_ = UPGET({a}, 1), y_ = UPGET({b}, 1);\n  if ((x_ & y_ & 1) && !(BOPS & {icmp})) {{ {}  goto L{}; }}\n  s[{d}] = x_; }} goto L{next};\n",
                cmp_branch(kind, "x_", "y_", target),
                pc + 4
            ),
            vec![(target as usize, d), (pc + 4, d), slow()],
        ),
        Insn::UpLocalAddIStore { src, dst, imm } => (
            format!(
                "  {{ V a_ = UPGET({src}, 1); I r; if ((a_ & 1) && !(BOPS & {arith}) && !__builtin_add_overflow((I)a_, (I){}, &r)) {{ UPSET({dst}, 1, (V)r); goto L{}; }}\n  s[{d}] = a_; }} goto L{next};\n",
                2 * imm as i64,
                pc + 6
            ),
            vec![(pc + 6, d), slow()],
        ),
        Insn::GetLocals { a, b } => (
            format!(
                "  s[{d}] = lv{a}; s[{}] = lv{b}; goto L{};\n",
                d + 1,
                pc + 2
            ),
            vec![(pc + 2, d + 2)],
        ),
        Insn::LocalPutObject { idx, v } => (
            format!(
                "  s[{d}] = lv{idx}; s[{}] = {}; goto L{};\n",
                d + 1,
                consts.lit(v),
                pc + 2
            ),
            vec![(pc + 2, d + 2)],
        ),
        Insn::Pop => (format!("  goto L{next};\n"), vec![(next, under(1)?)]),
        Insn::AdjustStack { n } => (
            format!("  goto L{next};\n"),
            vec![(next, under(n as usize)?)],
        ),
        Insn::Dup => (
            format!("  s[{d}] = s[{}]; goto L{next};\n", under(1)?),
            vec![(next, d + 1)],
        ),
        Insn::DupN { n } => {
            let n = n as usize;
            let b = under(n)?;
            let mut c = String::new();
            for i in 0..n {
                c.push_str(&format!("  s[{}] = s[{}];\n", d + i, b + i));
            }
            c.push_str(&format!("  goto L{next};\n"));
            (c, vec![(next, d + n)])
        }
        Insn::Swap => (
            format!(
                "  {{ V t = s[{0}]; s[{0}] = s[{1}]; s[{1}] = t; }} goto L{next};\n",
                under(1)?,
                under(2)?
            ),
            vec![(next, d)],
        ),
        Insn::TopN { n } => put(d, &format!("s[{}]", under(1 + n as usize)?), next),
        Insn::SetN { n } => (
            format!(
                "  s[{}] = s[{}]; goto L{next};\n",
                under(1 + n as usize)?,
                under(1)?
            ),
            vec![(next, d)],
        ),
        Insn::Jump { target } => (format!("  goto L{target};\n"), vec![(target as usize, d)]),
        Insn::BranchIf { target } | Insn::BranchUnless { target } | Insn::BranchNil { target } => {
            let t = under(1)?;
            let cond = match iseq.insns[pc] {
                Insn::BranchIf { .. } => format!("s[{t}] & ~0x8UL"),
                Insn::BranchUnless { .. } => format!("!(s[{t}] & ~0x8UL)"),
                _ => format!("s[{t}] == 0x8UL"),
            };
            (
                format!("  if ({cond}) goto L{target};\n  goto L{next};\n"),
                vec![(target as usize, t), (next, t)],
            )
        }
        Insn::BranchIfSet { idx, target } => (
            format!(
                "  if (lv{idx} != {}) goto L{target};\n  goto L{next};\n",
                val(Value::UNDEF)
            ),
            vec![(target as usize, d), (next, d)],
        ),
        Insn::Leave => (format!("  e->ret = s[{}]; return 0;\n", under(1)?), vec![]),
        Insn::LocalLeave { idx } => (format!("  e->ret = lv{idx}; return 0;\n"), vec![]),
        Insn::OptPlus { .. } | Insn::OptMinus { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            let f = if matches!(iseq.insns[pc], Insn::OptPlus { .. }) {
                "add"
            } else {
                "sub"
            };
            (
                format!(
                    "  {{ I r; if ((s[{a}] & s[{b}] & 1) && !(BOPS & {arith}) && !__builtin_{f}_overflow((I)s[{a}], (I)s[{b}] - 1, &r)) {{ s[{a}] = (V)r; goto L{next}; }} }}\n{}  OPSTEP({pc}, {d}, L{next});\n",
                    float_arith(a, b, if f == "add" { "+" } else { "-" }, next)
                ),
                vec![(next, d - 1)],
            )
        }
        Insn::OptMult { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            (
                format!(
                    "  {{ I r; if ((s[{a}] & s[{b}] & 1) && !(BOPS & {arith}) && !__builtin_mul_overflow((I)s[{a}] >> 1, (I)s[{b}] >> 1, &r) && r <= {max} && r >= {min}) {{ s[{a}] = ((V)r << 1) | 1; goto L{next}; }} }}\n{}  OPSTEP({pc}, {d}, L{next});\n",
                    float_arith(a, b, "*", next),
                    max = crate::value::FIXNUM_MAX,
                    min = crate::value::FIXNUM_MIN,
                ),
                vec![(next, d - 1)],
            )
        }
        Insn::OptAnd { .. } | Insn::OptOr { .. } | Insn::OptXor { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            let op = match iseq.insns[pc] {
                Insn::OptAnd { .. } => "&",
                Insn::OptOr { .. } => "|",
                _ => "^",
            };
            // Tagged operands: ^ clears the tag bit, | 1 puts it back.
            (
                format!(
                    "  if ((s[{a}] & s[{b}] & 1) && !(BOPS & {arith})) {{ s[{a}] = (s[{a}] {op} s[{b}]) | 1; goto L{next}; }}\n  OPSTEP({pc}, {d}, L{next});\n"
                ),
                vec![(next, d - 1)],
            )
        }
        Insn::OptEq { .. }
        | Insn::OptNeq { .. }
        | Insn::OptLt { .. }
        | Insn::OptLe { .. }
        | Insn::OptGt { .. }
        | Insn::OptGe { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            let op = match iseq.insns[pc] {
                Insn::OptEq { .. } => "==",
                Insn::OptNeq { .. } => "!=",
                Insn::OptLt { .. } => "<",
                Insn::OptLe { .. } => "<=",
                Insn::OptGt { .. } => ">",
                _ => ">=",
            };
            (
                format!(
                    "  if ((s[{a}] & s[{b}] & 1) && !(BOPS & {icmp})) {{ s[{a}] = (I)s[{a}] {op} (I)s[{b}] ? {t} : {f}; goto L{next}; }}\n  if (CJ_BFLO(s[{a}], s[{b}]) && !(BOPS & {fcmp})) {{ s[{a}] = cj_fdec(s[{a}]) {op} cj_fdec(s[{b}]) ? {t} : {f}; goto L{next}; }}\n  OPSTEP({pc}, {d}, L{next});\n",
                    t = val(Value::TRUE),
                    f = val(Value::FALSE),
                    fcmp = bop::FLOAT_CMP,
                ),
                vec![(next, d - 1)],
            )
        }
        // `/` and `%`: Fixnums of one sign (truncation is flooring),
        // Floats; else the host.
        Insn::OptDiv { .. } | Insn::OptMod { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            let div = matches!(iseq.insns[pc], Insn::OptDiv { .. });
            (
                format!(
                    "  if ((s[{a}] & s[{b}] & 1) && !(BOPS & {arith}) && (I)s[{a}] >= 0 && (I)s[{b}] > 1) {{ s[{a}] = ((V)(((I)s[{a}] >> 1) {op} ((I)s[{b}] >> 1)) << 1) | 1; goto L{next}; }}\n{}  OPSTEP({pc}, {d}, L{next});\n",
                    if div {
                        float_arith(a, b, "/", next)
                    } else {
                        String::new()
                    },
                    op = if div { "/" } else { "%" },
                ),
                vec![(next, d - 1)],
            )
        }
        // Array elements: the interpreter's fast path without a frame
        // (`Ctx::aref` / `aset`), else the host.
        Insn::OptAref { .. } => {
            let (a, b) = (under(2)?, under(1)?);
            (
                format!(
                    "  {{ V v_ = e->x->aref(e, s[{a}], s[{b}]); if (v_ != CJ_UNDEF) {{ s[{a}] = v_; goto L{next}; }} }}\n  OPSTEP({pc}, {d}, L{next});\n"
                ),
                vec![(next, d - 1)],
            )
        }
        Insn::OptAset { .. } => {
            let (a, i, v) = (under(3)?, under(2)?, under(1)?);
            (
                format!(
                    "  if (e->x->aset(e, s[{a}], s[{i}], s[{v}])) {{ s[{a}] = s[{v}]; goto L{next}; }}\n  OPSTEP({pc}, {d}, L{next});\n"
                ),
                vec![(next, d - 2)],
            )
        }
        // `!` of an immediate.
        Insn::OptNot { .. } => {
            let a = under(1)?;
            (
                format!(
                    "  if (!(BOPS & {not}) && (!(s[{a}] & ~0x8UL) || s[{a}] == {t} || (s[{a}] & 3))) {{ s[{a}] = (s[{a}] & ~0x8UL) ? {f} : {t}; goto L{next}; }}\n  OPSTEP({pc}, {d}, L{next});\n",
                    not = bop::NOT,
                    t = val(Value::TRUE),
                    f = val(Value::FALSE)
                ),
                vec![(next, d)],
            )
        }
        // The others: the interpreter's arm in the host.
        Insn::OptLtLt { .. } => {
            is_step.set(true);
            (
                format!("  OPSTEP({pc}, {d}, L{next});\n"),
                vec![(next, under(1)?)],
            )
        }
        // A plain Array's or Hash's count (`Ctx::len`), else the call
        // (`empty?` of a user's class is a method C may call directly).
        Insn::OptSize { site: s } | Insn::OptLength { site: s } | Insn::OptEmptyP { site: s } => {
            let a = under(1)?;
            let r = if matches!(iseq.insns[pc], Insn::OptEmptyP { .. }) {
                format!("n_ == 0 ? {} : {}", val(Value::TRUE), val(Value::FALSE))
            } else {
                "((V)n_ << 1) | 1".to_string()
            };
            let (c, to) = call(s, "", 0, true, next)?;
            (
                format!(
                    "  {{ long n_ = e->x->len(e, s[{a}]); if (n_ >= 0) {{ s[{a}] = {r}; goto L{next}; }} }}\n{c}"
                ),
                to,
            )
        }
        Insn::OptPlusI { imm, .. } | Insn::OptMinusI { imm, .. } => {
            let a = under(1)?;
            let k = if matches!(iseq.insns[pc], Insn::OptPlusI { .. }) {
                2 * imm as i64
            } else {
                -2 * imm as i64
            };
            (
                format!(
                    "  {{ I r; if ((s[{a}] & 1) && !(BOPS & {arith}) && !__builtin_add_overflow((I)s[{a}], (I){k}, &r)) {{ s[{a}] = (V)r; goto L{}; }} }}\n  s[{d}] = {}; goto L{next};\n",
                    pc + 2,
                    fix(imm as i64)
                ),
                vec![(pc + 2, d), slow()],
            )
        }
        Insn::OptAndI { imm, .. }
        | Insn::OptMultI { imm, .. }
        | Insn::OptDivI { imm, .. }
        | Insn::OptModI { imm, .. } => {
            let a = under(1)?;
            let y = imm as i64;
            // `imm > 0` for / and % (peephole): flooring is Euclid's.
            let body = match iseq.insns[pc] {
                Insn::OptAndI { .. } => format!("s[{a}] = s[{a}] & {};", fix(y)),
                Insn::OptMultI { .. } => format!(
                    "I r; if (__builtin_mul_overflow((I)s[{a}] >> 1, (I){y}, &r) || r > {} || r < {}) goto S{pc}; s[{a}] = ((V)r << 1) | 1;",
                    crate::value::FIXNUM_MAX,
                    crate::value::FIXNUM_MIN
                ),
                Insn::OptDivI { .. } => format!(
                    "I x = (I)s[{a}] >> 1, q = x / {y}; if (x % {y} < 0) q -= 1; s[{a}] = ((V)q << 1) | 1;"
                ),
                _ => format!(
                    "I x = (I)s[{a}] >> 1, m = x % {y}; if (m < 0) m += {y}; s[{a}] = ((V)m << 1) | 1;"
                ),
            };
            (
                format!(
                    "  if ((s[{a}] & 1) && !(BOPS & {arith})) {{ {body} goto L{}; }}\nS{pc}:\n  s[{d}] = {}; goto L{next};\n",
                    pc + 2,
                    fix(y)
                ),
                vec![(pc + 2, d), slow()],
            )
        }
        Insn::OptLtI { imm, .. }
        | Insn::OptLeI { imm, .. }
        | Insn::OptGtI { imm, .. }
        | Insn::OptGeI { imm, .. }
        | Insn::OptEqI { imm, .. } => {
            let a = under(1)?;
            let op = match iseq.insns[pc] {
                Insn::OptLtI { .. } => "<",
                Insn::OptLeI { .. } => "<=",
                Insn::OptGtI { .. } => ">",
                Insn::OptGeI { .. } => ">=",
                _ => "==",
            };
            (
                format!(
                    "  if ((s[{a}] & 1) && !(BOPS & {icmp})) {{ s[{a}] = (I)s[{a}] {op} {y} ? {t} : {f}; goto L{}; }}\n  s[{d}] = {y}; goto L{next};\n",
                    pc + 2,
                    y = fix(imm as i64),
                    t = val(Value::TRUE),
                    f = val(Value::FALSE)
                ),
                vec![(pc + 2, d), slow()],
            )
        }
        Insn::LocalAddI { idx, imm } => (
            format!(
                "  {{ I r; if ((lv{idx} & 1) && !(BOPS & {arith}) && !__builtin_add_overflow((I)lv{idx}, (I){}, &r)) {{ s[{d}] = (V)r; goto L{}; }} }}\n  s[{d}] = lv{idx}; goto L{next};\n",
                2 * imm as i64,
                pc + 3
            ),
            vec![(pc + 3, d + 1), slow()],
        ),
        Insn::LocalAddIStore { src, imm, dst } => (
            format!(
                "  {{ I r; if ((lv{src} & 1) && !(BOPS & {arith}) && !__builtin_add_overflow((I)lv{src}, (I){}, &r)) {{ lv{dst} = l[{dst}] = (V)r; goto L{}; }} }}\n  s[{d}] = lv{src}; goto L{next};\n",
                2 * imm as i64,
                pc + 6
            ),
            vec![(pc + 6, d), slow()],
        ),
        Insn::LocalCmpIBranch {
            idx,
            kind,
            imm,
            target,
        } => (
            format!(
                "  if ((lv{idx} & 1) && !(BOPS & {icmp})) {{ {}  goto L{}; }}\n  s[{d}] = lv{idx}; goto L{next};\n",
                cmp_branch(kind as u32, &format!("lv{idx}"), &fix(imm as i64), target),
                pc + 4
            ),
            vec![(target as usize, d), (pc + 4, d), slow()],
        ),
        Insn::LocalsCmpBranch { a, b, kind, target } => (
            format!(
                "  if ((lv{a} & lv{b} & 1) && !(BOPS & {icmp})) {{ {}  goto L{}; }}\n  s[{d}] = lv{a}; goto L{next};\n",
                cmp_branch(kind, &format!("lv{a}"), &format!("lv{b}"), target),
                pc + 4
            ),
            vec![(target as usize, d), (pc + 4, d), slow()],
        ),
        Insn::CmpIBranch { kind, imm, target } => {
            let a = under(1)?;
            (
                format!(
                    "  if ((s[{a}] & 1) && !(BOPS & {icmp})) {{ {}  goto L{}; }}\n  s[{d}] = {}; goto L{next};\n",
                    cmp_branch(kind, &format!("s[{a}]"), &fix(imm as i64), target),
                    pc + 3,
                    fix(imm as i64)
                ),
                vec![(target as usize, a), (pc + 3, a), slow()],
            )
        }
        Insn::CmpBranch { kind, target, .. } => {
            let (a, b) = (under(2)?, under(1)?);
            // Else Floats, else the host: its comparison goes to the
            // target or past the branch, its send's result to the branch.
            (
                format!(
                    "  if ((s[{a}] & s[{b}] & 1) && !(BOPS & {icmp})) {{ {}  goto L{}; }}\n  if (CJ_BFLO(s[{a}], s[{b}]) && !(BOPS & {fcmp})) {{ double x_ = cj_fdec(s[{a}]), y_ = cj_fdec(s[{b}]); {}  goto L{}; }}\n  {{ long n_ = STEP({pc}, {d}); if (n_ == {target}) goto L{target}; if (n_ == {}) goto L{}; goto L{next}; }}\n",
                    cmp_branch(kind, &format!("s[{a}]"), &format!("s[{b}]"), target),
                    pc + 2,
                    fcmp_branch(kind, target),
                    pc + 2,
                    pc + 2,
                    pc + 2,
                    fcmp = bop::FLOAT_CMP,
                ),
                vec![(target as usize, a), (pc + 2, a), (next, a + 1)],
            )
        }
        // Steps: Rust runs the instruction on the stack as it stands.
        // Safepoints: the host only when one has work to do.
        Insn::Safepoint | Insn::JitLoop => (
            format!("  if (e->x->due(e)) STEP({pc}, {d});\n  goto L{next};\n"),
            vec![(next, d)],
        ),
        Insn::PutString { .. } => step1(next, d + 1),
        // Ivars: the VM's ivar cache read by C (`cj_ivget`, `cj_ivset`:
        // the object's class, its body a plain object's, the slot read
        // or written in place), else the step.
        Insn::GetIvar { ic, .. } => (
            format!(
                "  {{ V v_ = cj_ivget(e->self, IVC({ic})); if (v_ != CJ_UNDEF) {{ s[{d}] = v_; goto L{next}; }} }}\n  STEP({pc}, {d}); goto L{next};\n",
                ic = consts.get(ic as u64)
            ),
            vec![(next, d + 1)],
        ),
        Insn::SetIvar { ic, .. } | Insn::SetIvarPop { ic, .. } | Insn::DupSetIvar { ic, .. } => {
            let v = under(1)?;
            let (to, nd) = match iseq.insns[pc] {
                Insn::SetIvar { .. } => (next, v),
                Insn::SetIvarPop { .. } => (pc + 3, v),
                _ => (pc + 2, d),
            };
            (
                format!(
                    "  if (cj_ivset(e->self, IVC({ic}), s[{v}])) goto L{to};\n  STEP({pc}, {d}); goto L{to};\n",
                    ic = consts.get(ic as u64)
                ),
                vec![(to, nd)],
            )
        }
        Insn::SetIvarLeave { ic, .. } => {
            let v = under(1)?;
            (
                format!(
                    "  if (!cj_ivset(e->self, IVC({ic}), s[{v}])) STEP({pc}, {d});\n  e->ret = s[{v}]; return 0;\n",
                    ic = consts.get(ic as u64)
                ),
                vec![],
            )
        }
        Insn::IvarLocal { ic, idx, .. } => (
            format!(
                "  {{ V v_ = cj_ivget(e->self, IVC({ic})); if (v_ != CJ_UNDEF) {{ s[{d}] = v_; s[{}] = lv{idx}; goto L{}; }} }}\n  STEP({pc}, {d}); goto L{};\n",
                d + 1,
                pc + 2,
                pc + 2,
                ic = consts.get(ic as u64),
            ),
            vec![(pc + 2, d + 2)],
        ),
        // Fused literal forms: on their fast path the next slot is skipped
        // (`opt_aref_with`: the value replaces the Hash; `opt_str_freeze`:
        // the literal is pushed), else the String is pushed for it.
        Insn::OptArefWith { .. } | Insn::OptStrFreeze { .. } => {
            is_step.set(true);
            let fast_depth = if matches!(iseq.insns[pc], Insn::OptArefWith { .. }) {
                d
            } else {
                d + 1
            };
            (
                format!(
                    "  if (STEP({pc}, {d}) == {}) goto L{};\n  goto L{next};\n",
                    pc + 2,
                    pc + 2
                ),
                vec![(pc + 2, fast_depth), slow()],
            )
        }
        Insn::IvarAddIStore { ic, imm, .. } => (
            format!(
                "  {{ V v_ = cj_ivget(e->self, IVC({ic})); I r; if ((v_ & 1) && !(BOPS & {arith}) && !__builtin_add_overflow((I)v_, (I){}, &r) && cj_ivset(e->self, IVC({ic}), (V)r)) goto L{}; }}\n  if (STEP({pc}, {d}) == {}) goto L{};\n  goto L{next};\n",
                2 * imm as i64,
                pc + 6,
                pc + 6,
                pc + 6,
                ic = consts.get(ic as u64),
            ),
            vec![(pc + 6, d), slow()],
        ),
        // `yield` has a nil below its arguments, as a receiver.
        Insn::InvokeBlock { site: s } => step1(next, under(send_pops(s, true)?)? + 1),
        // Calls: the host pushes a compiled callee's frame and C calls its
        // code directly; anything else the host runs whole. A fused form
        // pushes its locals (or self) here first.
        // Literal keywords: the host runs the call whole (its values
        // stand where the site's keyword Hash would).
        Insn::SendKw { site: s, nkw } => {
            step1(next, under(send_pops(s, true)? - 1 + nkw as usize)? + 1)
        }
        Insn::Send { site: s } => call(s, "", 0, true, next)?,
        Insn::SendSelf { site: s } => call(s, "", 0, false, next)?,
        Insn::LocalSend { idx, site: s } => {
            call(s, &format!("s[{d}] = lv{idx}; "), 1, true, pc + 2)?
        }
        Insn::SelfSend { site: s } => call(s, &format!("s[{d}] = e->self; "), 1, true, pc + 2)?,
        Insn::LocalSendSelf { idx, site: s } => {
            call(s, &format!("s[{d}] = lv{idx}; "), 1, false, pc + 2)?
        }
        Insn::LocalsSend { a, b, site: s } => call(
            s,
            &format!("s[{d}] = lv{a}; s[{}] = lv{b}; ", d + 1),
            2,
            true,
            pc + 3,
        )?,
        Insn::LocalsSendSelf { a, b, site: s } => call(
            s,
            &format!("s[{d}] = lv{a}; s[{}] = lv{b}; ", d + 1),
            2,
            false,
            pc + 3,
        )?,
        // The table's `step` instructions (bytecode/mod.rs): one call
        // to `Vm::exec_misc`, a static stack effect.
        ref i if i.jit_step() => {
            let (pop, push) = i.stack_effect().ok_or("no static stack effect")?;
            step1(next, under(pop as usize)? + push as usize)
        }
        other => return Err(format!("instruction {}", other.mnemonic())),
    };
    Ok(Emitted {
        code,
        next,
        step: is_step.get(),
        slow: is_slow.get(),
        call: is_call.get(),
        direct: is_direct.get(),
        recursive: is_recursive.get(),
    })
}

/// Pushes the C expression `v`.
fn put(d: usize, v: &str, next: usize) -> (String, Vec<(usize, usize)>) {
    (
        format!("  s[{d}] = {v}; goto L{next};\n"),
        vec![(next, d + 1)],
    )
}
