//! Multiple assignment as a statement (`a, b = b, a`, `q[i], q[j] = q[j],
//! q[i]`) with a plain list on the right: no temporary Array. As CRuby 3.1
//! does, the targets' receivers and index arguments are evaluated first
//! (left to right), then the right-hand values (left to right), then the
//! assignments left to right; `[]=` with one index takes `opt_aset`.

use ruby_prism::Node;

use super::{CResult, Compiler, name_of};
use crate::bytecode::Insn;
use crate::dispatch::flags;
use crate::value::sym;

/// How one left-hand target is stored.
enum Target {
    /// A variable or constant: `assign_target` consumes the value.
    Simple,
    /// `recv[args] = v`: receiver and `argc` arguments pre-evaluated;
    /// call flags.
    Index(u32, u32),
    /// `recv.name = v`: receiver pre-evaluated.
    Attr(crate::value::SymbolId, u32),
}

impl<'pr> Compiler<'pr, '_> {
    /// Compiles the statement `m` (its value unused) without building the
    /// right side's Array, leaving one value for the statement's `pop`.
    /// Answers false, emitting nothing, when the shape is not a plain
    /// `targets = values` list.
    pub(super) fn masgn_statement(&mut self, m: &ruby_prism::MultiWriteNode<'pr>) -> CResult<bool> {
        let Some(values) = m.value().as_array_node() else {
            return Ok(false);
        };
        let implicit_rest = m.rest().is_none_or(|r| r.as_implicit_rest_node().is_some());
        if !implicit_rest || !m.rights().is_empty() {
            return Ok(false);
        }
        let elems: Vec<Node<'pr>> = values.elements().iter().collect();
        if elems.iter().any(|e| !plain_arg(e)) {
            return Ok(false);
        }
        let lefts: Vec<Node<'pr>> = m.lefts().iter().collect();
        if lefts.iter().any(|t| !simple_target(t)) {
            return Ok(false);
        }
        let k = lefts.len();
        if lefts
            .iter()
            .all(|t| t.as_local_variable_target_node().is_some())
            && distinct_locals(&lefts)
        {
            self.masgn_values(&elems, k)?;
            // Locals are stored without side effects: last first, each
            // `setlocal` taking the top; the first target's value stays.
            for t in lefts[1..].iter().rev() {
                self.assign_target(t)?;
            }
            self.emit(Insn::Dup);
            self.assign_target(&lefts[0])?;
            return Ok(true);
        }
        // Receivers and index arguments, left to right.
        let mut targets = Vec::with_capacity(k);
        let mut ops = 0u32;
        for t in &lefts {
            if let Some(c) = t.as_index_target_node() {
                let fl = self_flag(&c.receiver());
                self.expr(&c.receiver())?;
                let mut argc = 0;
                if let Some(args) = c.arguments() {
                    for a in args.arguments().iter() {
                        self.expr(&a)?;
                        argc += 1;
                    }
                }
                targets.push((Target::Index(argc, fl), ops));
                ops += 1 + argc;
            } else if let Some(c) = t.as_call_target_node() {
                let fl = self_flag(&c.receiver());
                self.expr(&c.receiver())?;
                targets.push((Target::Attr(name_of(&c.name()), fl), ops));
                ops += 1;
            } else {
                targets.push((Target::Simple, ops));
            }
        }
        self.masgn_values(&elems, k)?;
        // Stack: [operands...][values...]; `height` counts both.
        let height = ops + k as u32;
        for (i, (t, at)) in targets.iter().enumerate() {
            let value = ops + i as u32;
            match *t {
                Target::Simple => {
                    self.emit(Insn::TopN {
                        n: height - 1 - value,
                    });
                    self.assign_target(&lefts[i])?;
                }
                Target::Index(argc, fl) => {
                    // Each copy raises the stack by one: the next operand
                    // is then at the same distance from the top.
                    for _ in 0..=argc {
                        self.emit(Insn::TopN { n: height - 1 - at });
                    }
                    self.emit(Insn::TopN {
                        n: height - 1 - value + argc + 1,
                    });
                    let site = self.site(sym::ASET, argc + 1, fl, None);
                    let insn = if argc == 1 && fl == 0 {
                        Insn::OptAset { site }
                    } else {
                        Insn::Send { site }
                    };
                    self.emit_call(insn, argc as i64 + 2);
                    self.emit(Insn::Pop);
                }
                Target::Attr(name, fl) => {
                    self.emit(Insn::TopN { n: height - 1 - at });
                    self.emit(Insn::TopN {
                        n: height - 1 - value + 1,
                    });
                    let site = self.site(name, 1, fl, None);
                    self.emit_call(Insn::Send { site }, 2);
                    self.emit(Insn::Pop);
                }
            }
        }
        self.drop_values(height - 1);
        Ok(true)
    }

    /// Drops the top `n` values.
    fn drop_values(&mut self, n: u32) {
        match n {
            0 => {}
            1 => {
                self.emit(Insn::Pop);
            }
            _ => {
                self.emit(Insn::AdjustStack { n });
            }
        }
    }

    /// Pushes exactly `k` values: the list's elements left to right, `nil`
    /// for missing ones, extra ones evaluated and dropped.
    fn masgn_values(&mut self, elems: &[Node<'pr>], k: usize) -> CResult<()> {
        for (i, e) in elems.iter().enumerate() {
            self.expr(e)?;
            if i >= k {
                self.emit(Insn::Pop);
            }
        }
        for _ in elems.len()..k {
            self.emit(Insn::PutNil);
        }
        Ok(())
    }
}

/// A value or index argument with no splat, keywords or block.
fn plain_arg(n: &Node<'_>) -> bool {
    n.as_splat_node().is_none()
        && n.as_keyword_hash_node().is_none()
        && n.as_block_argument_node().is_none()
        && n.as_forwarding_arguments_node().is_none()
}

/// A target this module stores directly.
fn simple_target(t: &Node<'_>) -> bool {
    match t {
        Node::LocalVariableTargetNode { .. }
        | Node::InstanceVariableTargetNode { .. }
        | Node::GlobalVariableTargetNode { .. }
        | Node::ClassVariableTargetNode { .. }
        | Node::ConstantTargetNode { .. } => true,
        Node::IndexTargetNode { .. } => {
            let c = t.as_index_target_node().unwrap();
            c.block().is_none()
                && c.arguments()
                    .is_none_or(|a| a.arguments().iter().all(|a| plain_arg(&a)))
        }
        Node::CallTargetNode { .. } => !t.as_call_target_node().unwrap().is_safe_navigation(),
        _ => false,
    }
}

/// No local is a target twice (`a, a = 1, 2` must store in order).
fn distinct_locals(lefts: &[Node<'_>]) -> bool {
    let keys: Vec<_> = lefts
        .iter()
        .filter_map(|t| t.as_local_variable_target_node())
        .map(|l| (name_of(&l.name()), l.depth()))
        .collect();
    keys.iter()
        .enumerate()
        .all(|(i, a)| keys[..i].iter().all(|b| b != a))
}

/// A target whose receiver (and index arguments) were evaluated before
/// the right side: where they lie on the stack, and how it stores.
struct Pre {
    /// Stack depth of the receiver (its arguments follow).
    pos: u32,
    target: Target,
}

impl<'pr> Compiler<'pr, '_> {
    /// Any multiple assignment whose targets include `recv[i]` or
    /// `recv.x` (at any nesting): their receivers and arguments first,
    /// then the right side, then the stores. Leaves the right side's
    /// value. Answers false, emitting nothing, for shapes it leaves to
    /// `multi_assign` (splatted index arguments, `&.` targets, and when
    /// no target has operands, as then the order is already right).
    pub(super) fn masgn_ordered(&mut self, m: &ruby_prism::MultiWriteNode<'pr>) -> CResult<bool> {
        let mut any = false;
        if !operand_targets_ok(&m.lefts(), m.rest(), &m.rights(), &mut any) || !any {
            return Ok(false);
        }
        let base = self.scope().depth as u32;
        let mut pre = Vec::new();
        self.masgn_pre(&m.lefts(), m.rest(), &m.rights(), &mut pre)?;
        let ops = self.scope().depth as u32 - base;
        self.expr(&m.value())?;
        self.emit(Insn::Dup);
        let mut next = 0;
        self.masgn_store(&m.lefts(), m.rest(), &m.rights(), &pre, &mut next)?;
        // [operands...][value] -> [value]
        self.emit(Insn::SetN { n: ops });
        self.drop_values(ops);
        Ok(true)
    }

    fn masgn_pre(
        &mut self,
        lefts: &ruby_prism::NodeList<'pr>,
        rest: Option<Node<'pr>>,
        rights: &ruby_prism::NodeList<'pr>,
        pre: &mut Vec<Pre>,
    ) -> CResult<()> {
        let rest = rest
            .and_then(|r| r.as_splat_node())
            .and_then(|s| s.expression());
        for t in lefts.iter().chain(rest).chain(rights.iter()) {
            let pos = self.scope().depth as u32;
            if let Some(m) = t.as_multi_target_node() {
                self.masgn_pre(&m.lefts(), m.rest(), &m.rights(), pre)?;
            } else if let Some(c) = t.as_index_target_node() {
                let fl = self_flag(&c.receiver());
                self.expr(&c.receiver())?;
                let mut argc = 0;
                if let Some(args) = c.arguments() {
                    for a in args.arguments().iter() {
                        self.expr(&a)?;
                        argc += 1;
                    }
                }
                pre.push(Pre {
                    pos,
                    target: Target::Index(argc, fl),
                });
            } else if let Some(c) = t.as_call_target_node() {
                let fl = self_flag(&c.receiver());
                self.expr(&c.receiver())?;
                pre.push(Pre {
                    pos,
                    target: Target::Attr(name_of(&c.name()), fl),
                });
            }
        }
        Ok(())
    }

    /// `multi_assign` with the operands `pre` (taken in order from `next`).
    fn masgn_store(
        &mut self,
        lefts: &ruby_prism::NodeList<'pr>,
        rest: Option<Node<'pr>>,
        rights: &ruby_prism::NodeList<'pr>,
        pre: &[Pre],
        next: &mut usize,
    ) -> CResult<()> {
        let has_rest = rest
            .as_ref()
            .is_some_and(|r| r.as_implicit_rest_node().is_none());
        self.emit(Insn::ExpandArray {
            n: lefts.len() as u32,
            flags: has_rest as u32,
            post: rights.len() as u32,
        });
        let rest = rest.and_then(|r| r.as_splat_node());
        let splat_target = rest.as_ref().and_then(|s| s.expression());
        for t in lefts.iter() {
            self.masgn_store_one(&t, pre, next)?;
        }
        if has_rest {
            match splat_target {
                Some(t) => self.masgn_store_one(&t, pre, next)?,
                None => {
                    self.emit(Insn::Pop);
                }
            }
        }
        for t in rights.iter() {
            self.masgn_store_one(&t, pre, next)?;
        }
        Ok(())
    }

    /// Stores the top into `t`, consuming it.
    fn masgn_store_one(&mut self, t: &Node<'pr>, pre: &[Pre], next: &mut usize) -> CResult<()> {
        if let Some(m) = t.as_multi_target_node() {
            return self.masgn_store(&m.lefts(), m.rest(), &m.rights(), pre, next);
        }
        if t.as_index_target_node().is_none() && t.as_call_target_node().is_none() {
            return self.assign_target(t);
        }
        let p = &pre[*next];
        *next += 1;
        let from_top = self.scope().depth as u32 - 1 - p.pos;
        match p.target {
            Target::Index(argc, fl) => {
                for _ in 0..=argc {
                    self.emit(Insn::TopN { n: from_top });
                }
                self.emit(Insn::TopN { n: argc + 1 });
                let site = self.site(sym::ASET, argc + 1, fl, None);
                let insn = if argc == 1 && fl == 0 {
                    Insn::OptAset { site }
                } else {
                    Insn::Send { site }
                };
                self.emit_call(insn, argc as i64 + 2);
            }
            Target::Attr(name, fl) => {
                self.emit(Insn::TopN { n: from_top });
                self.emit(Insn::TopN { n: 1 });
                let site = self.site(name, 1, fl, None);
                self.emit_call(Insn::Send { site }, 2);
            }
            Target::Simple => unreachable!("only operand targets are pre-evaluated"),
        }
        self.emit(Insn::Pop);
        self.emit(Insn::Pop);
        Ok(())
    }
}

/// `flags::SELF_RECV` for a `self` receiver (private setters).
fn self_flag(recv: &Node<'_>) -> u32 {
    if recv.as_self_node().is_some() {
        flags::SELF_RECV
    } else {
        0
    }
}

/// Whether `masgn_ordered` can store every target (plain index
/// arguments, no `&.`); sets `any` when some target has operands.
fn operand_targets_ok(
    lefts: &ruby_prism::NodeList<'_>,
    rest: Option<Node<'_>>,
    rights: &ruby_prism::NodeList<'_>,
    any: &mut bool,
) -> bool {
    let rest = rest
        .and_then(|r| r.as_splat_node())
        .and_then(|s| s.expression());
    lefts.iter().chain(rest).chain(rights.iter()).all(|t| {
        if let Some(m) = t.as_multi_target_node() {
            return operand_targets_ok(&m.lefts(), m.rest(), &m.rights(), any);
        }
        let operands = t.as_index_target_node().is_some() || t.as_call_target_node().is_some();
        *any |= operands;
        !operands || simple_target(&t)
    })
}
