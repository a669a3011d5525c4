//! The instruction set, declared once: `define_insns!` generates the `Insn`
//! enum, mnemonics (CRuby's names where one exists), operand lists for the
//! disassembler, static stack effects, which instructions the run loop
//! hands to `Vm::exec_misc` (`misc_insn!`) and which compiled code runs as
//! one call back into the VM (`Insn::jit_step`). Also the `Iseq` container.

pub mod disasm;
pub mod iseq;
pub mod peephole;

pub use iseq::{CatchEntry, CatchKind, Iseq, IseqKind, Params};

use crate::value::{CallSiteId, IseqId, SymbolId, Value};

/// An operand as the disassembler shows it.
pub enum Operand {
    Num(i64),
    Val(Value),
    Sym(SymbolId),
    Site(CallSiteId),
    Iseq(IseqId),
    Target(u32),
}

/// The table is two lists: `own` (instructions the run loop has an arm
/// of its own for) and `misc` (the rarely-used ones, all run by
/// `Vm::exec_misc` from one arm). An entry is
/// `Name { operand: Type, .. } = "mnemonic", pop N, push N[, step];`
/// with `pop -1` for an effect that depends on the call site, and `step`
/// when compiled code runs it as one call back into the VM
/// (`Vm::exec_misc` through `jit_step`: a static stack effect, on to the
/// next instruction, no frame pushed); the JIT leaves a method with any
/// other misc instruction interpreted.
macro_rules! define_insns {
    (
        own { $($own:tt)* }
        misc { $( $(#[$doc:meta])* $name:ident $({ $($op:ident : $ty:ident),* })? = $mnem:literal, pop $pop:expr, push $push:expr $(, $flag:ident)?; )* }
    ) => {
        /// A pattern matching every `misc` instruction of the table: the
        /// run loop's `exec_misc` arm (listed, not `_`: an exhaustive
        /// match lets the jump table skip its range check).
        macro_rules! misc_insn {
            () => { $( $crate::bytecode::Insn::$name { .. } )|* };
        }
        pub(crate) use misc_insn;

        define_insns! {
            @all
            $($own)*
            $( $(#[$doc])* $name $({ $($op : $ty),* })? = $mnem, pop $pop, push $push $(, $flag)?; )*
        }
    };
    (@all $( $(#[$doc:meta])* $name:ident $({ $($op:ident : $ty:ident),* })? = $mnem:literal, pop $pop:expr, push $push:expr $(, $flag:ident)?; )*) => {
        /// One instruction. Jump targets are instruction indexes.
        #[derive(Clone, Copy, Debug)]
        pub enum Insn {
            $( $(#[$doc])* $name $({ $($op: $ty),* })? ),*
        }

        impl Insn {
            pub fn mnemonic(&self) -> &'static str {
                match self { $( Insn::$name { .. } => $mnem ),* }
            }

            #[allow(unused_variables)]
            pub fn operands(&self) -> Vec<Operand> {
                match *self {
                    $( Insn::$name $({ $($op),* })? => vec![$($( operand!($ty, $op) ),*)?] ),*
                }
            }

            /// Values popped and pushed; `None` when it depends on a call site.
            #[allow(unused_variables)]
            pub fn stack_effect(&self) -> Option<(i64, i64)> {
                match *self {
                    $( Insn::$name $({ $($op),* })? => {
                        let (pop, push): (i64, i64) = ($pop, $push);
                        if pop < 0 { None } else { Some((pop, push)) }
                    } ),*
                }
            }

            /// Whether compiled code runs it as one call back into the VM
            /// (`step` in the table).
            pub fn jit_step(&self) -> bool {
                match self { $( Insn::$name { .. } => flag_step!($($flag)?) ),* }
            }

            /// Whether the run loop hands it to `Vm::exec_misc`.
            pub fn is_misc(&self) -> bool {
                matches!(self, misc_insn!())
            }

            /// One of each instruction (operands zero, values nil), for
            /// the table's tests.
            #[cfg(test)]
            pub fn every() -> Vec<Insn> {
                vec![ $( Insn::$name $({ $($op: example!($ty)),* })? ),* ]
            }
        }
    };
}

/// A zero operand of type `$ty` (`Insn::every`).
#[cfg(test)]
macro_rules! example {
    (Value) => {
        Value::NIL
    };
    ($ty:ident) => {
        <$ty>::default()
    };
}

/// An entry's flag as `Insn::jit_step`'s answer.
macro_rules! flag_step {
    () => {
        false
    };
    (step) => {
        true
    };
}

macro_rules! operand {
    (u32, $v:expr) => {
        Operand::Num($v as i64)
    };
    (u16, $v:expr) => {
        Operand::Num($v as i64)
    };
    (bool, $v:expr) => {
        Operand::Num($v as i64)
    };
    (i32, $v:expr) => {
        Operand::Num($v as i64)
    };
    (Value, $v:expr) => {
        Operand::Val($v)
    };
    (SymbolId, $v:expr) => {
        Operand::Sym($v)
    };
    (CallSiteId, $v:expr) => {
        Operand::Site($v)
    };
    (IseqId, $v:expr) => {
        Operand::Iseq($v)
    };
    (Target, $v:expr) => {
        Operand::Target($v)
    };
}

/// A jump target (instruction index).
pub type Target = u32;

impl Insn {
    /// The instruction's inline-cache operand (ivar or constant), if it has
    /// one. The compiler numbers an iseq's caches from 0 (one count for both
    /// kinds, `Iseq::ivar_caches`) and the VM rebases them into its tables
    /// when it installs the iseq, so every instruction that carries one
    /// (fused forms too) must be listed here.
    pub fn cache_mut(&mut self) -> Option<&mut u32> {
        match self {
            Insn::GetIvar { ic, .. }
            | Insn::SetIvar { ic, .. }
            | Insn::IvarAddIStore { ic, .. }
            | Insn::IvarLocal { ic, .. }
            | Insn::LocalIvar { ic, .. }
            | Insn::LocalSetIvar { ic, .. }
            | Insn::SetIvarLeave { ic, .. }
            | Insn::SetIvarPop { ic, .. }
            | Insn::DupSetIvar { ic, .. } => Some(ic),
            Insn::GetConst { cache, .. }
            | Insn::GetConstUnder { cache, .. }
            | Insn::Once { cache, .. }
            | Insn::SetOnce { cache } => Some(cache),
            _ => None,
        }
    }
}

define_insns! {
    // The instructions the run loop has an arm of its own for.
    own {
        Nop = "nop", pop 0, push 0;
        PutNil = "putnil", pop 0, push 1;
        PutSelf = "putself", pop 0, push 1;
        PutObject { v: Value } = "putobject", pop 0, push 1;
        /// A new mutable String from the iseq's string table.
        PutString { idx: u32 } = "putstring", pop 0, push 1;
        GetLocal { idx: u32 } = "getlocal_WC_0", pop 0, push 1;
        SetLocal { idx: u32 } = "setlocal_WC_0", pop 1, push 0;
        GetLocalUp { idx: u32, depth: u32 } = "getlocal", pop 0, push 1;
        SetLocalUp { idx: u32, depth: u32 } = "setlocal", pop 1, push 0;
        /// Jumps when the local holds undef (an optional argument not given).
        BranchIfSet { idx: u32, target: Target } = "checkkeyword", pop 0, push 0;
        GetIvar { name: SymbolId, ic: u32 } = "getinstancevariable", pop 0, push 1;
        SetIvar { name: SymbolId, ic: u32 } = "setinstancevariable", pop 1, push 0;
        /// Lexical constant lookup through the cref, cached by constant state.
        GetConst { name: SymbolId, cache: u32 } = "opt_getconstant_path", pop 0, push 1, step;
        Pop = "pop", pop 1, push 0;
        /// Drops the top `n` values (CRuby's adjuststack).
        AdjustStack { n: u32 } = "adjuststack", pop n as i64, push 0;
        Dup = "dup", pop 1, push 2;
        DupN { n: u32 } = "dupn", pop n as i64, push 2 * n as i64;
        Swap = "swap", pop 2, push 2;
        /// Pushes a copy of the value `n` below the top.
        TopN { n: u32 } = "topn", pop 0, push 1;
        /// Stores the top into the slot `n` below it (top stays).
        SetN { n: u32 } = "setn", pop 1, push 1;
        Jump { target: Target } = "jump", pop 0, push 0;
        BranchIf { target: Target } = "branchif", pop 1, push 0;
        BranchUnless { target: Target } = "branchunless", pop 1, push 0;
        BranchNil { target: Target } = "branchnil", pop 1, push 0;
        /// Backward-branch safepoint (GC, interrupts) at loop heads.
        Safepoint = "safepoint", pop 0, push 0;
        Send { site: CallSiteId } = "send", pop -1, push 1;
        /// A call passing literal keywords (`f(a, k: 1)`): their `nkw` values
        /// lie on the stack where `site`'s keyword Hash would, named by
        /// `CallSite::kw`; the receiver is always pushed (`Vm::send_kw`).
        SendKw { site: CallSiteId, nkw: u16 } = "send_kw", pop -1, push 1;
        InvokeSuper { site: CallSiteId } = "invokesuper", pop -1, push 1;
        InvokeBlock { site: CallSiteId } = "invokeblock", pop -1, push 1;
        OptPlus { site: CallSiteId } = "opt_plus", pop 2, push 1;
        OptMinus { site: CallSiteId } = "opt_minus", pop 2, push 1;
        OptMult { site: CallSiteId } = "opt_mult", pop 2, push 1;
        OptDiv { site: CallSiteId } = "opt_div", pop 2, push 1;
        OptMod { site: CallSiteId } = "opt_mod", pop 2, push 1;
        OptEq { site: CallSiteId } = "opt_eq", pop 2, push 1;
        OptNeq { site: CallSiteId } = "opt_neq", pop 2, push 1;
        OptLt { site: CallSiteId } = "opt_lt", pop 2, push 1;
        OptLe { site: CallSiteId } = "opt_le", pop 2, push 1;
        OptGt { site: CallSiteId } = "opt_gt", pop 2, push 1;
        OptGe { site: CallSiteId } = "opt_ge", pop 2, push 1;
        OptLtLt { site: CallSiteId } = "opt_ltlt", pop 2, push 1;
        OptAnd { site: CallSiteId } = "opt_and", pop 2, push 1;
        OptOr { site: CallSiteId } = "opt_or", pop 2, push 1;
        /// `^` (not one of CRuby's: Integer#^ is common in hashing code).
        OptXor { site: CallSiteId } = "opt_xor", pop 2, push 1;
        OptAref { site: CallSiteId } = "opt_aref", pop 2, push 1;
        /// Fused `putstring "k"; opt_aref` (`h["k"]`, CRuby's opt_aref_with):
        /// on a plain Hash (not compare_by_identity, `[]` CRuby's) looks
        /// `key`, the literal's frozen twin, up without allocating a
        /// String and skips the `opt_aref` in the next slot; otherwise
        /// pushes the fresh String `putstring` would have and goes on to
        /// that `opt_aref` (`Compiler::fuse_literals`).
        OptArefWith { key: Value } = "opt_aref_with", pop 0, push 1;
        /// Fused `putstring "s"; send :freeze` (or `:-@`, CRuby's
        /// opt_str_freeze / opt_str_uminus): while String's `freeze` and
        /// `-@` are CRuby's, pushes `v`, the literal's deduplicated frozen
        /// twin, and skips the send; otherwise pushes the fresh String and
        /// goes on to it.
        OptStrFreeze { v: Value } = "opt_str_freeze", pop 0, push 1;
        OptAset { site: CallSiteId } = "opt_aset", pop 3, push 1;
        OptNot { site: CallSiteId } = "opt_not", pop 1, push 1;
        /// `size` / `length` / `empty?` of a plain Array or Hash while those
        /// classes' methods are not redefined (CRuby's opt_size...).
        OptSize { site: CallSiteId } = "opt_size", pop 1, push 1;
        OptLength { site: CallSiteId } = "opt_length", pop 1, push 1;
        OptEmptyP { site: CallSiteId } = "opt_empty_p", pop 1, push 1;
        /// Fused `putobject imm; opt_plus` (see `peephole`): the `opt_plus`
        /// stays in the next slot, which this instruction skips.
        OptPlusI { site: CallSiteId, imm: i32 } = "opt_plus_imm", pop 1, push 1;
        OptMinusI { site: CallSiteId, imm: i32 } = "opt_minus_imm", pop 1, push 1;
        OptLtI { site: CallSiteId, imm: i32 } = "opt_lt_imm", pop 1, push 1;
        OptLeI { site: CallSiteId, imm: i32 } = "opt_le_imm", pop 1, push 1;
        OptGtI { site: CallSiteId, imm: i32 } = "opt_gt_imm", pop 1, push 1;
        OptGeI { site: CallSiteId, imm: i32 } = "opt_ge_imm", pop 1, push 1;
        OptEqI { site: CallSiteId, imm: i32 } = "opt_eq_imm", pop 1, push 1;
        /// Fused `putobject imm; opt_and` (`i & 1023`), `opt_mult`, and
        /// `opt_div` / `opt_mod` with `imm > 0` (`n / 100`, `i % 7`), as
        /// `opt_plus_imm`.
        OptAndI { site: CallSiteId, imm: i32 } = "opt_and_imm", pop 1, push 1;
        OptMultI { site: CallSiteId, imm: i32 } = "opt_mult_imm", pop 1, push 1;
        OptDivI { site: CallSiteId, imm: i32 } = "opt_div_imm", pop 1, push 1;
        OptModI { site: CallSiteId, imm: i32 } = "opt_mod_imm", pop 1, push 1;
        /// Fused `opt_<cmp> site; branchif/branchunless target` (in the
        /// comparison's slot): `kind` is `peephole::CMP_*` plus `CMP_JUMP_IF_TRUE`.
        CmpBranch { kind: u32, site: CallSiteId, target: Target } = "opt_cmp_branch", pop 2, push 0;
        /// Fused `putobject imm; opt_<cmp>; branch` (in the `putobject` slot).
        CmpIBranch { kind: u32, imm: i32, target: Target } = "opt_cmp_imm_branch", pop 1, push 0;
        /// Fused `dup; setlocal idx; pop` (in the `dup` slot; skips the other two).
        SetLocalPop { idx: u32 } = "setlocal_pop", pop 1, push 0;
        SetLocalUpPop { idx: u32, depth: u32 } = "setlocal_up_pop", pop 1, push 0;
        /// Fused `getlocal idx; putobject imm; opt_plus/opt_minus` (in the
        /// `getlocal` slot; `imm` already negated for minus): pushes the sum.
        LocalAddI { idx: u32, imm: i32 } = "getlocal_add_imm", pop 0, push 1;
        /// Fused `getlocal src; putobject imm; opt_plus/opt_minus; dup;
        /// setlocal dst; pop` (`i += 1` as a statement).
        LocalAddIStore { src: u32, imm: i32, dst: u32 } = "getlocal_add_imm_store", pop 0, push 0;
        /// Fused `getlocal idx; send site` (in the `getlocal` slot; the send
        /// stays in the next slot, which this skips): `obj.attr`, `f(x)`.
        LocalSend { idx: u32, site: CallSiteId } = "getlocal_send", pop -1, push 1;
        /// Fused `putself; send site` (`foo` with no arguments).
        SelfSend { site: CallSiteId } = "putself_send", pop -1, push 1;
        /// A call without a receiver (`foo(x)`, an FCALL): self is not pushed,
        /// so the arguments lie where a bytecode callee's first locals go. A
        /// hit on a bytecode method enters it with no stack moves; any other
        /// kind puts self below the arguments and takes `send`'s path.
        SendSelf { site: CallSiteId } = "send_self", pop -1, push 1;
        /// Fused `getlocal idx; send_self site` (`f(x)`; skips the send).
        LocalSendSelf { idx: u32, site: CallSiteId } = "getlocal_send_self", pop -1, push 1;
        /// Fused `getlocal a; getlocal b; send site` (`obj.m(x)`; skips two).
        LocalsSend { a: u16, b: u16, site: CallSiteId } = "getlocals_send", pop -1, push 1;
        /// Fused `getlocal a; getlocal b; send_self site` (`m(x, y)`).
        LocalsSendSelf { a: u16, b: u16, site: CallSiteId } = "getlocals_send_self", pop -1, push 1;
        /// Fused `getlocal a; getlocal b` (`a + b`, `x[i]`; skips one).
        GetLocals { a: u16, b: u16 } = "getlocal_getlocal", pop 0, push 2;
        /// Fused `getlocal idx; putobject v` (`x == :sym`, `i % 7`; skips one).
        LocalPutObject { idx: u32, v: Value } = "getlocal_putobject", pop 0, push 2;
        /// Fused `getinstancevariable; putobject imm; opt_plus/opt_minus; dup;
        /// setinstancevariable; pop` on one ivar (`@n += 1` as a statement; in
        /// the `getinstancevariable` slot, `imm` already negated for minus):
        /// adds in place and skips five. Its slow path is the
        /// `getinstancevariable`, continuing in the next slot.
        IvarAddIStore { name: SymbolId, ic: u32, imm: i32 } = "getinstancevariable_add_imm_store", pop 0, push 0;
        /// Fused `getinstancevariable; getlocal idx` (`@sum + x`; skips one).
        IvarLocal { name: SymbolId, ic: u32, idx: u32 } = "getinstancevariable_getlocal", pop 0, push 2;
        /// Fused `getlocal idx; dup; setinstancevariable; pop` (`@x = x` as a
        /// statement; in the `getlocal` slot): a hit of the ivar cache on a
        /// plain object stores in place and skips three; otherwise it pushes
        /// the local and goes on to the `setinstancevariable_pop` in the next
        /// slot. (The stack effect is that slow path's, which is what the
        /// JIT steps: the `getlocal`.)
        LocalSetIvar { idx: u32, name: SymbolId, ic: u32 } = "getlocal_setinstancevariable", pop 0, push 1, step;
        /// Fused `getlocal idx; getinstancevariable` (`x + @y`; skips one).
        /// (The JIT steps it as the `getlocal`: the stack effect is that.)
        LocalIvar { idx: u32, name: SymbolId, ic: u32 } = "getlocal_getinstancevariable", pop 0, push 1, step;
        /// Fused `dup; setinstancevariable; pop` (`@x = v` as a statement).
        SetIvarPop { name: SymbolId, ic: u32 } = "setinstancevariable_pop", pop 1, push 0;
        /// Fused `dup; setinstancevariable; leave` (a method ending in `@x = v`,
        /// a setter): stores and returns the value.
        SetIvarLeave { name: SymbolId, ic: u32 } = "setinstancevariable_leave", pop 1, push 0;
        /// Fused `dup; setinstancevariable` (`@x = v` whose value is used).
        DupSetIvar { name: SymbolId, ic: u32 } = "dup_setinstancevariable", pop 1, push 1;
        /// Fused `getlocal a; getlocal b; opt_<cmp>; branch` (`i < n`).
        LocalsCmpBranch { a: u16, b: u16, kind: u32, target: Target } = "getlocals_cmp_branch", pop 0, push 0;
        /// Fused `getlocal idx; putobject imm; opt_<cmp>; branch`.
        LocalCmpIBranch { idx: u16, kind: u16, imm: i32, target: Target } = "getlocal_cmp_imm_branch", pop 0, push 0;
        /// Depth-1 forms of the fused local instructions, for the body of a
        /// `for` loop (a block whose locals are the enclosing scope's): fused
        /// `getlocal a, 1; getlocal b, 1; opt_<cmp>; branch` (`while j < n`).
        UpLocalsCmpBranch { a: u16, b: u16, kind: u32, target: Target } = "getlocals_up_cmp_branch", pop 0, push 0;
        /// Fused `getlocal src, 1; putobject imm; opt_plus/opt_minus; dup;
        /// setlocal dst, 1; pop` (`j += 1` as a statement in a `for` body).
        UpLocalAddIStore { src: u16, dst: u16, imm: i32 } = "getlocal_up_add_imm_store", pop 0, push 0;
        /// Fused `getlocal a, 1; getlocal b, 1` (skips one).
        UpGetLocals { a: u16, b: u16 } = "getlocal_up_getlocal_up", pop 0, push 2;
        Leave = "leave", pop 1, push 0;
        /// Fused `getlocal idx; leave` (`n` as a method's last expression; in
        /// the `getlocal` slot, the `leave` stays in the next).
        LocalLeave { idx: u32 } = "getlocal_leave", pop 0, push 0;
        /// `break` out of a block: returns from the method that yielded.
        ThrowBreak = "throw_break", pop 1, push 0;
        /// `return` inside a block: returns from the home method.
        ThrowReturn = "throw_return", pop 1, push 0;
        /// `retry` inside a rescue clause.
        ThrowRetry = "throw_retry", pop 0, push 0;
        /// Re-raises the pending unwind stored in a local if it is not nil.
        EnsureEnd { idx: u32 } = "ensure_end", pop 0, push 0;
        /// Raises the exception on top (rescue clauses that match nothing).
        ReRaise = "reraise", pop 1, push 0;
        /// A method's entry while the JIT is on (appended after its code;
        /// `Iseq::entry_pc` points here): counts the call, and once the
        /// method is compiled runs its machine code (`interp::jit`).
        JitEntry = "jit_entry", pop 0, push 0;
        /// A top-level script's `safepoint` while the JIT is on (put there by
        /// `Vm::jit_prepare`): a safepoint that also counts the loop, and once
        /// the script is compiled enters its machine code at this pc
        /// (on-stack replacement: the script runs once, its loops many times).
        JitLoop = "jit_loop", pop 0, push 0;
        /// Pads installed code to a power of two (`Iseq::pad_for_dispatch`)
        /// so the loop fetches `insns[pc & mask]` with no bounds check. Never
        /// reached: running it means pc ran past the code (an internal error).
        End = "end", pop 0, push 0;
    }
    // The rarely-used ones: the run loop hands them all to `Vm::exec_misc`
    // in one arm (its pattern is `misc_insn!()`).
    misc {
        /// A string literal of a non-UTF-8 source (`enc`: compiler::LitEnc).
        PutStringEnc { idx: u32, enc: u32 } = "putstring_enc", pop 0, push 1, step;
        NewArray { n: u32 } = "newarray", pop n as i64, push 1, step;
        /// `*x`: converts the top to an Array. `copy`: a new Array even when
        /// it is one already. A call's last argument `f(a, *x)` takes it
        /// uncopied (CRuby's `splatarray false`): the callee copies the
        /// elements out and never keeps or changes the array itself.
        SplatArray { copy: bool } = "splatarray", pop 1, push 1, step;
        /// `[*a, *b]` / `f(x, *b)`: appends the top's elements (splatted)
        /// to the array below it, which the compiler just built.
        ConcatArray = "concatarray", pop 2, push 1, step;
        /// A Hash of the top `n` values (key, value, key, value...).
        NewHash { n: u32 } = "newhash", pop n as i64, push 1, step;
        /// Merges the top hash (or **x) into the hash below it.
        MergeHash = "mergehash", pop 2, push 1, step;
        NewRange { excl: bool } = "newrange", pop 2, push 1, step;
        /// `to_s` conversion for interpolation.
        ObjToString = "objtostring", pop 1, push 1, step;
        ConcatStrings { n: u32 } = "concatstrings", pop n as i64, push 1, step;
        /// `concatstrings` in a non-UTF-8 source: the pieces join onto an
        /// empty string of encoding `enc` (compiler::LitEnc).
        ConcatStringsEnc { n: u32, enc: u32 } = "concatstrings_enc", pop n as i64, push 1, step;
        ToRegexp { n: u32, opts: u32 } = "toregexp", pop n as i64, push 1, step;
        /// `/#{x}/o`: once the value is made (`SetOnce` in `cache`), push it
        /// and go to `target`; while another thread makes it, wait.
        Once { cache: u32, target: u32 } = "once", pop 0, push 0;
        /// The value `/.../o` made (kept on the stack) is the site's for good.
        SetOnce { cache: u32 } = "setonce", pop 0, push 0;
        GetGlobal { name: SymbolId } = "getglobal", pop 0, push 1, step;
        SetGlobal { name: SymbolId } = "setglobal", pop 1, push 0, step;
        GetCvar { name: SymbolId } = "getclassvariable", pop 0, push 1, step;
        SetCvar { name: SymbolId } = "setclassvariable", pop 1, push 0, step;
        GetConstTop { name: SymbolId } = "getconstant_top", pop 0, push 1, step;
        GetConstUnder { name: SymbolId, cache: u32 } = "getconstant", pop 1, push 1, step;
        SetConst { name: SymbolId } = "setconstant", pop 1, push 0, step;
        SetConstUnder { name: SymbolId } = "setconstant_under", pop 2, push 0, step;
        /// `break`/`next` in a class body (`depth` class bodies deep) leaving
        /// the loop or block around it (`kind`: `compiler::control::JUMP_*`).
        ThrowClassJump { kind: u32, depth: u32 } = "throw_class_jump", pop 1, push 0;
        DefineMethod { name: SymbolId, iseq: IseqId } = "definemethod", pop 0, push 1, step;
        DefineSMethod { name: SymbolId, iseq: IseqId } = "definesmethod", pop 1, push 1, step;
        /// Pops cbase (nil = lexical) and superclass (undef = none) and runs the body.
        DefineClass { name: SymbolId, iseq: IseqId } = "defineclass", pop 2, push 1;
        DefineModule { name: SymbolId, iseq: IseqId } = "definemodule", pop 1, push 1;
        SingletonClassBody { iseq: IseqId } = "defineclass_singleton", pop 1, push 1;
        /// Pushes a lambda made from the block iseq (`-> {}`).
        Lambda { iseq: IseqId } = "lambda", pop 0, push 1;
        Alias { new: SymbolId, old: SymbolId } = "alias", pop 0, push 1, step;
        AliasGlobal { new: SymbolId, old: SymbolId } = "alias_global", pop 0, push 1, step;
        Undef { name: SymbolId } = "undef", pop 0, push 1, step;
        /// `defined?`: kind selects the check, name its subject.
        Defined { kind: u32, name: SymbolId } = "defined", pop 1, push 1, step;
        /// `$~`-derived: n > 0 is `$n`, 0 is `$~`, -1.. are `$&` etc.
        BackRef { n: u32 } = "getspecial", pop 0, push 1, step;
        /// Splits an array (or to_ary) into n values; flags: 1 = splat rest, 2 = post.
        ExpandArray { n: u32, flags: u32, post: u32 } = "expandarray", pop 1, push (n + post + (flags & 1)) as i64, step;
        /// Pushes the block given to the method (`&blk` parameter, `block_given?`).
        GetBlockParam = "getblockparam", pop 0, push 1, step;
        /// Pattern matching: checks `deconstruct` length etc.
        CheckMatch { kind: u32 } = "checkmatch", pop 2, push 1, step;
        /// Raises NoMatchingPatternError for (subject, kind, a, b); kinds are
        /// `compiler::control_kinds::PAT_*`.
        PatternError = "pattern_error", pop 4, push 0;
        /// Flip-flop state lives in a local; unused placeholder for BEGIN.
        PutSpecialObject { kind: u32 } = "putspecialobject", pop 0, push 1;
    }
}

const _: () = assert!(std::mem::size_of::<Insn>() <= 16);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonics_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for i in Insn::every() {
            assert!(seen.insert(i.mnemonic()), "{} twice", i.mnemonic());
        }
    }

    /// Compiled code steps an instruction with its static stack effect
    /// (`jit::codegen`), so a `step` entry must have one; and the steps
    /// are run by `Vm::exec_misc` (`jit_step`'s fallback), which runs the
    /// misc instructions and, besides, the constant and ivar reads' slow
    /// paths; the fused `getlocal` forms stepped as their `getlocal` have
    /// an arm of their own there.
    #[test]
    fn steps_have_static_stack_effects() {
        let every = Insn::every();
        let steps: Vec<&Insn> = every.iter().filter(|i| i.jit_step()).collect();
        assert!(steps.len() > 20);
        for i in steps {
            assert!(i.stack_effect().is_some(), "{}", i.mnemonic());
            assert!(
                i.is_misc()
                    || matches!(
                        i,
                        Insn::GetConst { .. } | Insn::LocalSetIvar { .. } | Insn::LocalIvar { .. }
                    ),
                "{}",
                i.mnemonic()
            );
        }
        let misc = every.iter().filter(|i| i.is_misc()).count();
        assert!((30..every.len() / 2).contains(&misc), "{misc}");
        assert!(
            Insn::NewArray { n: 2 }.is_misc()
                && !Insn::Send {
                    site: Default::default()
                }
                .is_misc()
        );
    }
}
