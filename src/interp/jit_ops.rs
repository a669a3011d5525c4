//! The operators compiled code hands back to the interpreter (`jit::abi`'s
//! step, `Vm::jit_op`): the C code has the Fixnum (and flonum) paths; on
//! anything else it asks for the instruction's run-loop arm, run here on
//! the stack it left (the other fast paths, else the send), instead of
//! leaving the machine code. A path whose errors the run loop reports
//! with its own frame state (a frozen Array's `[]=` or `<<`) is left to
//! the interpreter: the pc itself comes back (the C code cancels there).

use crate::bytecode::{Insn, peephole};
use crate::class::cls;
use crate::dispatch::bop;
use crate::gc::obj;
use crate::object::Unwind;
use crate::value::Value;

use super::Vm;
use super::ops::FloatOp;

impl Vm {
    /// Operator `insn` at `pc` for compiled code (the frame's pc is
    /// already the next one, as the run loop's): its next pc, or `pc`
    /// when nothing was done and the interpreter must run it.
    #[cold]
    #[inline(never)]
    pub(super) fn jit_op(&mut self, pc: usize, insn: Insn) -> Result<usize, Unwind> {
        let l = self.stack.len();
        let next = pc + 1;
        let site = match insn {
            Insn::OptPlus { site }
            | Insn::OptMinus { site }
            | Insn::OptMult { site }
            | Insn::OptDiv { site }
            | Insn::OptMod { site }
            | Insn::OptAnd { site }
            | Insn::OptOr { site }
            | Insn::OptXor { site } => {
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                if let Some(v) = self.jit_arith(insn, a, b) {
                    self.stack.truncate(l - 1);
                    self.stack[l - 2] = v;
                    return Ok(next);
                }
                site
            }
            Insn::OptEq { site }
            | Insn::OptNeq { site }
            | Insn::OptLt { site }
            | Insn::OptLe { site }
            | Insn::OptGt { site }
            | Insn::OptGe { site } => {
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                if let Some(r) = self.opt_compare(insn, a, b) {
                    self.stack.truncate(l - 1);
                    self.stack[l - 2] = Value::bool(r);
                    return Ok(next);
                }
                site
            }
            Insn::CmpBranch { kind, site, target } => {
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                if let Some(r) = self.opt_compare(peephole::cmp_insn(kind, site), a, b) {
                    self.stack.truncate(l - 2);
                    return Ok(super::run::branch_pc(r, kind, target, pc + 2));
                }
                // The send's result goes to the branch in the next slot.
                self.jit_call(|vm| vm.send(site))?;
                return Ok(next);
            }
            Insn::OptAref { site } => {
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                let v = match self.opt_aref(a, b) {
                    Some(v) => Some(v),
                    None => self.opt_aref_direct(a, b).transpose()?,
                };
                if let Some(v) = v {
                    self.stack.truncate(l - 1);
                    self.stack[l - 2] = v;
                    return Ok(next);
                }
                site
            }
            Insn::OptAset { site } => {
                let (a, i, v) = (self.stack[l - 3], self.stack[l - 2], self.stack[l - 1]);
                if self.is_plain_hash(a) {
                    self.opt_aset_hash(a, i, v)?;
                    self.stack[l - 3] = v;
                    self.stack.truncate(l - 2);
                    return Ok(next);
                }
                if a.is_heap() && obj(a).class.get() == cls::ARRAY {
                    // (In place it would have been `Ctx::aset`'s.)
                    if obj(a).is_frozen() && i.is_fixnum() && self.dispatch.bop_ok(bop::ARRAY_AREF)
                    {
                        return Ok(pc);
                    }
                }
                site
            }
            Insn::OptLtLt { site } => {
                let (a, b) = (self.stack[l - 2], self.stack[l - 1]);
                if a.is_heap() {
                    let c = obj(a).class.get();
                    if (c == cls::ARRAY && self.dispatch.bop_ok(bop::ARRAY_OPS))
                        || (c == cls::STRING && self.dispatch.bop_ok(bop::STRING_OPS))
                    {
                        if c == cls::STRING {
                            crate::builtins::string::append(self, a, b)?;
                            self.stack.truncate(l - 1);
                            return Ok(next);
                        }
                        if obj(a).is_frozen() {
                            return Ok(pc);
                        }
                        let grew = self.array_push_noted(a, b);
                        if !grew {
                            return Ok(pc);
                        }
                        self.stack.truncate(l - 1);
                        return Ok(next);
                    }
                }
                site
            }
            Insn::OptNot { site } => {
                let v = self.stack[l - 1];
                if self.dispatch.bop_ok(bop::NOT) && !v.is_heap() {
                    self.stack[l - 1] = Value::bool(!v.truthy());
                    return Ok(next);
                }
                site
            }
            _ => return Ok(pc),
        };
        self.jit_call(|vm| vm.send(site))?;
        Ok(next)
    }

    /// The run loop's Fixnum and Float paths of a binary operator.
    fn jit_arith(&mut self, insn: Insn, a: Value, b: Value) -> Option<Value> {
        if Value::both_fixnum(a, b) && self.dispatch.bop_ok(bop::INT_ARITH) {
            let (x, y) = (a.fixnum_unchecked(), b.fixnum_unchecked());
            let r = match insn {
                Insn::OptPlus { .. } => Value::fix_add(a, b),
                Insn::OptMinus { .. } => Value::fix_sub(a, b),
                Insn::OptMult { .. } => x.checked_mul(y).and_then(Value::fixnum),
                Insn::OptDiv { .. } if y != 0 => Value::fixnum(super::ops::floor_div(x, y)),
                Insn::OptMod { .. } if y != 0 => Value::fixnum(super::ops::floor_mod(x, y)),
                Insn::OptAnd { .. } => Some(Value::from_raw(a.raw() & b.raw())),
                Insn::OptOr { .. } => Some(Value::from_raw(a.raw() | b.raw())),
                Insn::OptXor { .. } => Some(Value::from_raw((a.raw() ^ b.raw()) | 1)),
                _ => None,
            };
            if r.is_some() {
                return r;
            }
        }
        let op = match insn {
            Insn::OptPlus { .. } => FloatOp::Add,
            Insn::OptMinus { .. } => FloatOp::Sub,
            Insn::OptMult { .. } => FloatOp::Mul,
            Insn::OptDiv { .. } => FloatOp::Div,
            _ => return None,
        };
        self.opt_float_arith(op, a, b)
    }
}
