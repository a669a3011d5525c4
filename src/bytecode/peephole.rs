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
//! * `dup; setlocal; pop` (an assignment whose value is unused) becomes
//!   `setlocal_pop` in the `dup` slot, skipping the other two.
//! * `jump L` where `L` is `leave` becomes `leave`.

use super::Insn;

pub fn optimize(insns: &mut [Insn]) {
    for i in 0..insns.len() {
        if let Insn::Jump { target } = insns[i]
            && matches!(insns.get(target as usize), Some(Insn::Leave))
        {
            insns[i] = Insn::Leave;
            continue;
        }
        if let Insn::Dup = insns[i]
            && let Some(Insn::Pop) = insns.get(i + 2)
        {
            match insns[i + 1] {
                Insn::SetLocal { idx } => insns[i] = Insn::SetLocalPop { idx },
                Insn::SetLocalUp { idx, depth } => insns[i] = Insn::SetLocalUpPop { idx, depth },
                _ => {}
            }
            continue;
        }
        let Insn::PutObject { v } = insns[i] else {
            continue;
        };
        let Some(imm) = v.as_fixnum().and_then(|n| i32::try_from(n).ok()) else {
            continue;
        };
        let fused = match insns.get(i + 1) {
            Some(&Insn::OptPlus { site }) => Insn::OptPlusI { site, imm },
            Some(&Insn::OptMinus { site }) => Insn::OptMinusI { site, imm },
            Some(&Insn::OptLt { site }) => Insn::OptLtI { site, imm },
            Some(&Insn::OptLe { site }) => Insn::OptLeI { site, imm },
            Some(&Insn::OptGt { site }) => Insn::OptGtI { site, imm },
            Some(&Insn::OptGe { site }) => Insn::OptGeI { site, imm },
            Some(&Insn::OptEq { site }) => Insn::OptEqI { site, imm },
            _ => continue,
        };
        insns[i] = fused;
    }
}
