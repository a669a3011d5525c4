//! Peephole rewrites applied to a finished instruction sequence. They never
//! change the number or position of instructions, so jump targets, catch
//! tables, line and span tables stay valid:
//!
//! * `putobject <fixnum>; opt_plus` (and `-`, `<`, `<=`, `>`, `>=`, `==`)
//!   becomes `opt_plus_imm; opt_plus`: the fused instruction in the first
//!   slot does both and skips the second; a jump straight to the second
//!   slot still finds the original operator. On its slow path the fused
//!   instruction only pushes the immediate and falls through to the
//!   original operator, so backtraces and call-site counters are exactly
//!   those of the pair.
//! * `opt_lt; branchunless L` (any comparison, either branch) becomes
//!   `opt_cmp_branch` in the comparison's slot, and `putobject <fixnum>;
//!   opt_lt; branchunless L` becomes `opt_cmp_imm_branch` in the
//!   `putobject` slot. Their slow paths do what the first instruction did
//!   and continue in the next slot.
//! * `dup; setlocal; pop` (an assignment whose value is unused) becomes
//!   `setlocal_pop` in the `dup` slot, skipping the other two.
//! * `jump L` where `L` is `leave` becomes `leave`.
//! * `getlocal; putobject <fixnum>; opt_plus` (or `opt_minus`) becomes
//!   `getlocal_add_imm` in the `getlocal` slot (skipping two), and with a
//!   following `dup; setlocal; pop` `getlocal_add_imm_store` (skipping
//!   five); `getlocal; putobject <fixnum>; opt_<cmp>; branch` becomes
//!   `getlocal_cmp_imm_branch`, and `getlocal; getlocal; opt_<cmp>;
//!   branch` becomes `getlocals_cmp_branch`. Their slow paths push the local and
//!   continue in the next slot, which holds the fused immediate form.
//! * `getlocal; send` and `putself; send` become `getlocal_send` and
//!   `putself_send`: push, then the send of the next slot (which they
//!   skip; a jump to it still finds the send). `getlocal; getlocal; send`
//!   becomes `getlocals_send` (and the `send_self` forms likewise).
//! * `getlocal; leave` becomes `getlocal_leave` (the `leave` stays in
//!   the next slot for jumps to it).
//! * `getlocal; putobject` that no other rule takes becomes
//!   `getlocal_putobject` (push both, skip one).
//! * `putobject <fixnum>; opt_and` (and `opt_mult`, and `opt_div` and
//!   `opt_mod` by a positive number) fuse as `opt_plus_imm` does.
//! * `getinstancevariable; putobject <fixnum>; opt_plus; dup;
//!   setinstancevariable; pop` on one ivar (`@n += 1`, or `-=`) becomes
//!   `getinstancevariable_add_imm_store` in the first slot (skipping five);
//!   its slow path is the `getinstancevariable`.
//! * `getinstancevariable; getlocal` becomes `getinstancevariable_getlocal`
//!   (push both, skip one), and `getlocal; getinstancevariable`
//!   `getlocal_getinstancevariable` likewise.
//! * `getlocal; dup; setinstancevariable; pop` (`@x = x` as a statement)
//!   becomes `getlocal_setinstancevariable` in the `getlocal` slot: a cache
//!   hit stores and skips three; its slow path pushes the local and goes
//!   on to the `setinstancevariable_pop` the `dup` slot holds.
//! * `dup; setinstancevariable; pop` becomes `setinstancevariable_pop`,
//!   and a `dup; setinstancevariable` whose value is used
//!   `dup_setinstancevariable`, or `setinstancevariable_leave` when a
//!   `leave` follows (a setter method's body).
//! * In a `for` body (locals one scope up): `getlocal a, 1; getlocal b, 1;
//!   opt_<cmp>; branch` becomes `getlocals_up_cmp_branch`, `getlocal x, 1;
//!   putobject <fixnum>; opt_plus; dup; setlocal y, 1; pop`
//!   `getlocal_up_add_imm_store`, and another `getlocal a, 1; getlocal b,
//!   1` `getlocal_up_getlocal_up`, with the slow paths of their depth-0
//!   forms.
//!
//! The compiler fuses two more the same way, as they make literals
//! (`Compiler::fuse_literals`): `putstring; opt_aref` as `opt_aref_with`
//! and `putstring; send :freeze` (or `:-@`) as `opt_str_freeze`.

use super::Insn;
use crate::value::CallSiteId;

pub const CMP_LT: u32 = 0;
pub const CMP_LE: u32 = 1;
pub const CMP_GT: u32 = 2;
pub const CMP_GE: u32 = 3;
pub const CMP_EQ: u32 = 4;
pub const CMP_NEQ: u32 = 5;
/// Jump when the comparison is true (`branchif`), else when false.
pub const CMP_JUMP_IF_TRUE: u32 = 8;

/// The comparison kind and call site of an `opt_<cmp>` instruction.
pub fn cmp_kind(insn: Insn) -> Option<(u32, CallSiteId)> {
    Some(match insn {
        Insn::OptLt { site } => (CMP_LT, site),
        Insn::OptLe { site } => (CMP_LE, site),
        Insn::OptGt { site } => (CMP_GT, site),
        Insn::OptGe { site } => (CMP_GE, site),
        Insn::OptEq { site } => (CMP_EQ, site),
        Insn::OptNeq { site } => (CMP_NEQ, site),
        _ => return None,
    })
}

/// The `opt_<cmp>` instruction for a kind (for the generic fast path).
pub fn cmp_insn(kind: u32, site: CallSiteId) -> Insn {
    match kind & 7 {
        CMP_LT => Insn::OptLt { site },
        CMP_LE => Insn::OptLe { site },
        CMP_GT => Insn::OptGt { site },
        CMP_GE => Insn::OptGe { site },
        CMP_EQ => Insn::OptEq { site },
        _ => Insn::OptNeq { site },
    }
}

/// `kind | CMP_JUMP_IF_TRUE` for a branch instruction, with its target.
fn branch(insn: Option<&Insn>) -> Option<(u32, u32)> {
    match insn {
        Some(&Insn::BranchIf { target }) => Some((CMP_JUMP_IF_TRUE, target)),
        Some(&Insn::BranchUnless { target }) => Some((0, target)),
        _ => None,
    }
}

/// The fused form of a `getlocal` at `i` with what follows (see the
/// module comment), looking at the original instructions after it.
fn fuse_local(insns: &[Insn], i: usize) -> Option<Insn> {
    let Insn::GetLocal { idx } = insns[i] else {
        return None;
    };
    if let Some(&Insn::GetLocal { idx: b }) = insns.get(i + 1)
        && let Some((kind, _)) = insns.get(i + 2).and_then(|&n| cmp_kind(n))
        && kind != CMP_NEQ
        && let Some((sense, target)) = branch(insns.get(i + 3))
        && let (Ok(a), Ok(b)) = (u16::try_from(idx), u16::try_from(b))
    {
        return Some(Insn::LocalsCmpBranch {
            a,
            b,
            kind: kind | sense,
            target,
        });
    }
    let Some(&Insn::PutObject { v }) = insns.get(i + 1) else {
        return None;
    };
    let imm = v.as_fixnum().and_then(|n| i32::try_from(n).ok())?;
    let next = *insns.get(i + 2)?;
    if let Some((kind, _)) = cmp_kind(next)
        && kind != CMP_NEQ
        && let Some((sense, target)) = branch(insns.get(i + 3))
        && let Ok(idx) = u16::try_from(idx)
    {
        return Some(Insn::LocalCmpIBranch {
            idx,
            kind: (kind | sense) as u16,
            imm,
            target,
        });
    }
    let imm = add_imm(next, imm)?;
    if let (Some(Insn::Dup), Some(&Insn::SetLocal { idx: dst }), Some(Insn::Pop)) =
        (insns.get(i + 3), insns.get(i + 4), insns.get(i + 5))
    {
        return Some(Insn::LocalAddIStore { src: idx, imm, dst });
    }
    Some(Insn::LocalAddI { idx, imm })
}

/// The addend of `putobject imm; op` when `op` is `opt_plus` or
/// `opt_minus` (negated for minus).
fn add_imm(op: Insn, imm: i32) -> Option<i32> {
    match op {
        Insn::OptPlus { .. } => Some(imm),
        Insn::OptMinus { .. } => imm.checked_neg(),
        _ => None,
    }
}

/// `getinstancevariable; putobject imm; opt_plus/opt_minus; dup;
/// setinstancevariable; pop` on one ivar, at `i`, as `IvarAddIStore`.
fn fuse_ivar_add(insns: &[Insn], i: usize) -> Option<Insn> {
    let Insn::GetIvar { name, ic } = insns[i] else {
        return None;
    };
    let Some(&Insn::PutObject { v }) = insns.get(i + 1) else {
        return None;
    };
    let imm = v.as_fixnum().and_then(|n| i32::try_from(n).ok())?;
    let imm = add_imm(*insns.get(i + 2)?, imm)?;
    match (insns.get(i + 3), insns.get(i + 4), insns.get(i + 5)) {
        (Some(Insn::Dup), Some(&Insn::SetIvar { name: set, .. }), Some(Insn::Pop))
            if set == name =>
        {
            Some(Insn::IvarAddIStore { name, ic, imm })
        }
        _ => None,
    }
}

/// The fused form of `putobject imm; op` (`opt_plus_imm`...), if `op`
/// has one.
fn imm_op(op: Insn, imm: i32) -> Option<Insn> {
    Some(match op {
        Insn::OptPlus { site } => Insn::OptPlusI { site, imm },
        Insn::OptMinus { site } => Insn::OptMinusI { site, imm },
        Insn::OptLt { site } => Insn::OptLtI { site, imm },
        Insn::OptLe { site } => Insn::OptLeI { site, imm },
        Insn::OptGt { site } => Insn::OptGtI { site, imm },
        Insn::OptGe { site } => Insn::OptGeI { site, imm },
        Insn::OptEq { site } => Insn::OptEqI { site, imm },
        Insn::OptAnd { site } => Insn::OptAndI { site, imm },
        Insn::OptMult { site } => Insn::OptMultI { site, imm },
        // A positive divisor: floor division is Euclid's then.
        Insn::OptDiv { site } if imm > 0 => Insn::OptDivI { site, imm },
        Insn::OptMod { site } if imm > 0 => Insn::OptModI { site, imm },
        _ => return None,
    })
}

/// Whether the instruction at `i` is a `leave`, or a `jump` to one
/// (which `optimize` turns into a `leave`).
fn leaves(insns: &[Insn], i: usize) -> bool {
    match insns.get(i) {
        Some(Insn::Leave) => true,
        Some(&Insn::Jump { target }) => matches!(insns.get(target as usize), Some(Insn::Leave)),
        _ => false,
    }
}

/// Whether the `putobject` at `i` fuses with the operator after it.
fn imm_fusable(insns: &[Insn], i: usize) -> bool {
    let Some(&Insn::PutObject { v }) = insns.get(i) else {
        return false;
    };
    let imm = v.as_fixnum().and_then(|n| i32::try_from(n).ok());
    matches!((imm, insns.get(i + 1)), (Some(imm), Some(&op)) if imm_op(op, imm).is_some())
}

/// The fused form of a `getlocal idx, 1` at `i` (a `for` body's access
/// to the enclosing scope) with what follows, as `fuse_local`.
fn fuse_local_up(insns: &[Insn], i: usize) -> Option<Insn> {
    let Insn::GetLocalUp { idx, depth: 1 } = insns[i] else {
        return None;
    };
    let a = u16::try_from(idx).ok()?;
    match *insns.get(i + 1)? {
        Insn::GetLocalUp { idx: b, depth: 1 } => {
            let b = u16::try_from(b).ok()?;
            if let Some((kind, _)) = insns.get(i + 2).and_then(|&n| cmp_kind(n))
                && kind != CMP_NEQ
                && let Some((sense, target)) = branch(insns.get(i + 3))
            {
                return Some(Insn::UpLocalsCmpBranch {
                    a,
                    b,
                    kind: kind | sense,
                    target,
                });
            }
            Some(Insn::UpGetLocals { a, b })
        }
        Insn::PutObject { v } => {
            let imm = v.as_fixnum().and_then(|n| i32::try_from(n).ok())?;
            let imm = add_imm(*insns.get(i + 2)?, imm)?;
            match (insns.get(i + 3), insns.get(i + 4), insns.get(i + 5)) {
                (
                    Some(Insn::Dup),
                    Some(&Insn::SetLocalUp { idx: dst, depth: 1 }),
                    Some(Insn::Pop),
                ) => {
                    let dst = u16::try_from(dst).ok()?;
                    Some(Insn::UpLocalAddIStore { src: a, dst, imm })
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Rewrites `insns` in place (see the module comment); the instructions
/// it replaced, by pc (the tracing loop runs those: `Iseq::unfused`).
pub fn optimize(insns: &mut [Insn]) -> Vec<(u32, Insn)> {
    let mut replaced = Vec::new();
    for i in 0..insns.len() {
        if let Some(f) = fused_at(insns, i) {
            replaced.push((i as u32, insns[i]));
            insns[i] = f;
        }
    }
    replaced
}

/// The fused (or shortened) form of the instruction at `i`, looking at
/// the original instructions after it.
fn fused_at(insns: &[Insn], i: usize) -> Option<Insn> {
    if let Some(f) = fuse_local(insns, i)
        .or_else(|| fuse_ivar_add(insns, i))
        .or_else(|| fuse_local_up(insns, i))
    {
        return Some(f);
    }
    if let Insn::GetLocal { idx } = insns[i]
        && let Some(&Insn::GetLocal { idx: b }) = insns.get(i + 1)
        && let (Ok(a), Ok(b)) = (u16::try_from(idx), u16::try_from(b))
    {
        match insns.get(i + 2) {
            Some(&Insn::Send { site }) => {
                return Some(Insn::LocalsSend { a, b, site });
            }
            Some(&Insn::SendSelf { site }) => {
                return Some(Insn::LocalsSendSelf { a, b, site });
            }
            _ => {
                return Some(Insn::GetLocals { a, b });
            }
        }
    }
    if let Insn::GetLocal { idx } = insns[i]
        && let (Some(Insn::Dup), Some(&Insn::SetIvar { name, ic }), Some(Insn::Pop)) =
            (insns.get(i + 1), insns.get(i + 2), insns.get(i + 3))
    {
        return Some(Insn::LocalSetIvar { idx, name, ic });
    }
    match (insns[i], insns.get(i + 1)) {
        (Insn::GetLocal { idx }, Some(&Insn::GetIvar { name, ic })) => {
            return Some(Insn::LocalIvar { idx, name, ic });
        }
        (Insn::GetIvar { name, ic }, Some(&Insn::GetLocal { idx })) => {
            return Some(Insn::IvarLocal { name, ic, idx });
        }
        (Insn::GetLocal { idx }, Some(&Insn::Send { site })) => {
            return Some(Insn::LocalSend { idx, site });
        }
        (Insn::GetLocal { idx }, _) if leaves(insns, i + 1) => {
            return Some(Insn::LocalLeave { idx });
        }
        (Insn::GetLocal { idx }, Some(&Insn::SendSelf { site })) => {
            return Some(Insn::LocalSendSelf { idx, site });
        }
        (Insn::PutSelf, Some(&Insn::Send { site })) => {
            return Some(Insn::SelfSend { site });
        }
        // Unless the `putobject` fuses with its operator (`opt_plus_imm`).
        (Insn::GetLocal { idx }, Some(&Insn::PutObject { v })) if !imm_fusable(insns, i + 1) => {
            return Some(Insn::LocalPutObject { idx, v });
        }
        _ => {}
    }
    if let Some((kind, site)) = cmp_kind(insns[i])
        && let Some((sense, target)) = branch(insns.get(i + 1))
    {
        return Some(Insn::CmpBranch {
            kind: kind | sense,
            site,
            target,
        });
    }
    if let Insn::PutObject { v } = insns[i]
        && let Some(imm) = v.as_fixnum().and_then(|n| i32::try_from(n).ok())
        && let Some((kind, _)) = insns.get(i + 1).and_then(|&n| cmp_kind(n))
        && kind != CMP_NEQ
        && let Some((sense, target)) = branch(insns.get(i + 2))
    {
        return Some(Insn::CmpIBranch {
            kind: kind | sense,
            imm,
            target,
        });
    }
    if let Insn::Jump { .. } = insns[i]
        && leaves(insns, i)
    {
        return Some(Insn::Leave);
    }
    if let Insn::Dup = insns[i]
        && let Some(Insn::Pop) = insns.get(i + 2)
    {
        return match insns[i + 1] {
            Insn::SetLocal { idx } => Some(Insn::SetLocalPop { idx }),
            Insn::SetLocalUp { idx, depth } => Some(Insn::SetLocalUpPop { idx, depth }),
            Insn::SetIvar { name, ic } => Some(Insn::SetIvarPop { name, ic }),
            _ => None,
        };
    }
    if let Insn::Dup = insns[i]
        && let Some(&Insn::SetIvar { name, ic }) = insns.get(i + 1)
    {
        return Some(if leaves(insns, i + 2) {
            Insn::SetIvarLeave { name, ic }
        } else {
            Insn::DupSetIvar { name, ic }
        });
    }
    let Insn::PutObject { v } = insns[i] else {
        return None;
    };
    let imm = v.as_fixnum().and_then(|n| i32::try_from(n).ok())?;
    insns.get(i + 1).and_then(|&op| imm_op(op, imm))
}
