//! Control flow: conditionals, loops, `case/when`, `begin/rescue/ensure`,
//! jumps (`break`/`next`/`return`/`retry`), multiple assignment, compound
//! assignment through calls, `defined?`, `alias` and `undef`.

use ruby_prism::{Node, NodeList};

use super::call::Tail;
use super::{
    CResult, Compiler, DEFINED_CONST, DEFINED_CONST_FROM, DEFINED_CONST_TOP, DEFINED_CVAR,
    DEFINED_FCALL, DEFINED_GVAR, DEFINED_IVAR, DEFINED_METHOD, DEFINED_SUPER, DEFINED_YIELD,
    Literal, LoopCtx, name_of,
};
use crate::bytecode::{CatchEntry, CatchKind, Insn, IseqKind};
use crate::dispatch::flags;
use crate::value::{SymbolId, Value, sym, symbol};

/// `ThrowClassJump` kinds: `break`/`next` to a `while` loop or a block.
pub const JUMP_LOOP_BREAK: u32 = 0;
pub const JUMP_LOOP_NEXT: u32 = 1;
pub const JUMP_BLOCK_BREAK: u32 = 2;
pub const JUMP_BLOCK_NEXT: u32 = 3;

pub const CHECKMATCH_CASE: u32 = 0;
pub const CHECKMATCH_SPLAT: u32 = 1;
pub const CHECKMATCH_DECONSTRUCT: u32 = 2;
pub const CHECKMATCH_DECONSTRUCT_KEYS: u32 = 3;
/// Pattern `**rest`: the hash without the keys in the array.
pub const CHECKMATCH_HASH_EXCEPT: u32 = 4;
/// `case` without a subject, `when *list`: any element truthy.
pub const CHECKMATCH_WHEN_SPLAT: u32 = 5;
/// `rescue C`: `C === $!`, C must be a class or module (TypeError).
pub const CHECKMATCH_RESCUE: u32 = 6;
/// `rescue *list`: the same for each element.
pub const CHECKMATCH_RESCUE_SPLAT: u32 = 7;

impl<'pr> Compiler<'pr, '_> {
    pub(super) fn expr_more(&mut self, node: &Node<'pr>) -> CResult<()> {
        match node {
            Node::CallNode { .. } => self.call(node),
            Node::DefNode { .. } => self.def(node),
            Node::ClassNode { .. } => self.class(node),
            Node::ModuleNode { .. } => self.module(node),
            Node::SingletonClassNode { .. } => self.singleton_class(node),
            Node::SuperNode { .. } | Node::ForwardingSuperNode { .. } => self.super_call(node),
            Node::YieldNode { .. } => self.yield_call(node),
            Node::LambdaNode { .. } => self.lambda(node),
            Node::IfNode { .. } => {
                let n = node.as_if_node().unwrap();
                let else_node = n.subsequent();
                self.branch(
                    &n.predicate(),
                    false,
                    |c| c.statements(n.statements()),
                    |c| {
                        // An `elsif` is a statement of its own (`:line`).
                        if let Some(e) = else_node.as_ref().filter(|e| e.as_if_node().is_some()) {
                            c.line_event(e);
                        }
                        c.opt_body(else_node)
                    },
                )
            }
            Node::UnlessNode { .. } => {
                let n = node.as_unless_node().unwrap();
                let else_stmts = n.else_clause().and_then(|e| e.statements());
                self.branch(
                    &n.predicate(),
                    true,
                    |c| c.statements(n.statements()),
                    |c| c.statements(else_stmts),
                )
            }
            Node::ElseNode { .. } => self.statements(node.as_else_node().unwrap().statements()),
            Node::AndNode { .. } | Node::OrNode { .. } => {
                let (l, r, is_and) = match node.as_and_node() {
                    Some(a) => (a.left(), a.right(), true),
                    None => {
                        let o = node.as_or_node().unwrap();
                        (o.left(), o.right(), false)
                    }
                };
                self.expr(&l)?;
                self.emit(Insn::Dup);
                let j = if is_and {
                    self.emit(Insn::BranchUnless { target: 0 })
                } else {
                    self.emit(Insn::BranchIf { target: 0 })
                };
                self.emit(Insn::Pop);
                self.expr(&r)?;
                self.patch(j);
                Ok(())
            }
            Node::WhileNode { .. } => {
                let w = node.as_while_node().unwrap();
                self.while_loop(
                    &w.predicate(),
                    w.statements().map(|s| s.as_node()),
                    false,
                    w.is_begin_modifier(),
                )
            }
            Node::UntilNode { .. } => {
                let w = node.as_until_node().unwrap();
                self.while_loop(
                    &w.predicate(),
                    w.statements().map(|s| s.as_node()),
                    true,
                    w.is_begin_modifier(),
                )
            }
            Node::ForNode { .. } => self.for_loop(node),
            Node::CaseNode { .. } => self.case_when(node),
            Node::CaseMatchNode { .. } => self.case_in(node),
            Node::MatchPredicateNode { .. } | Node::MatchRequiredNode { .. } => {
                self.match_expr(node)
            }
            Node::BeginNode { .. } => self.begin(node),
            Node::RescueModifierNode { .. } => self.rescue_modifier(node),
            Node::BreakNode { .. } => {
                let args = node.as_break_node().unwrap().arguments();
                self.jump_value(args)?;
                self.break_jump()
            }
            Node::NextNode { .. } => {
                let args = node.as_next_node().unwrap().arguments();
                self.jump_value(args)?;
                self.next_jump()
            }
            Node::RedoNode { .. } => self.redo_jump(node),
            Node::RetryNode { .. } => match self.scope().retry_targets.last().copied() {
                Some(t) => {
                    if let Some(&exc) = self.scope().rescue_errinfo.last() {
                        self.restore_errinfo(exc);
                    }
                    // A backward jump: `rescue; retry` loops must reach GC,
                    // interrupts and the instruction budget.
                    self.emit(Insn::Safepoint);
                    self.emit(Insn::Jump { target: t });
                    self.emit(Insn::PutNil);
                    Ok(())
                }
                None => {
                    self.emit(Insn::ThrowRetry);
                    self.emit(Insn::PutNil);
                    Ok(())
                }
            },
            Node::ReturnNode { .. } => {
                let args = node.as_return_node().unwrap().arguments();
                if args.is_some() && self.scopes.len() == 1 && self.scope().kind == IseqKind::Top {
                    // CRuby's compile-time warning names the file only.
                    let msg = format!(
                        "{}: warning: argument of top-level return is ignored\n",
                        self.file
                    );
                    self.host.warn(msg, false);
                }
                self.jump_value(args)?;
                // Leaving a rescue clause sets `$!` back, as its end does.
                self.leave_rescues(0);
                self.return_jump()
            }
            Node::MultiWriteNode { .. } => {
                let m = node.as_multi_write_node().unwrap();
                if self.take_value_unused(&node.location()) && self.masgn_statement(&m)? {
                    return Ok(());
                }
                if self.masgn_ordered(&m)? {
                    return Ok(());
                }
                self.expr(&m.value())?;
                self.emit(Insn::Dup);
                self.multi_assign(&m.lefts(), m.rest(), &m.rights())
            }
            Node::SplatNode { .. } => {
                self.opt_body(node.as_splat_node().unwrap().expression())?;
                self.emit(Insn::SplatArray { copy: true });
                Ok(())
            }
            Node::DefinedNode { .. } => self.defined(&node.as_defined_node().unwrap().value()),
            Node::AliasMethodNode { .. } => {
                let a = node.as_alias_method_node().unwrap();
                if a.new_name().as_symbol_node().is_none()
                    || a.old_name().as_symbol_node().is_none()
                {
                    // `alias :"#{x}" y`: through Module#alias_method.
                    self.emit(Insn::PutSelf);
                    self.expr(&a.new_name())?;
                    self.expr(&a.old_name())?;
                    let site = self.site(
                        crate::intern!("__alias_dynamic"),
                        2,
                        crate::dispatch::flags::FCALL,
                        None,
                    );
                    self.emit_call(Insn::Send { site }, 3);
                    return Ok(());
                }
                let new = self.sym_of(&a.new_name())?;
                let old = self.sym_of(&a.old_name())?;
                self.emit(Insn::Alias { new, old });
                Ok(())
            }
            Node::AliasGlobalVariableNode { .. } => {
                let a = node.as_alias_global_variable_node().unwrap();
                let new = self.gvar_name(&a.new_name());
                let old = self.gvar_name(&a.old_name());
                self.emit(Insn::AliasGlobal { new, old });
                Ok(())
            }
            Node::UndefNode { .. } => {
                let names = node.as_undef_node().unwrap().names();
                let n = names.len();
                for (i, nm) in names.iter().enumerate() {
                    if nm.as_symbol_node().is_none() {
                        self.emit(Insn::PutSelf);
                        self.expr(&nm)?;
                        let site = self.site(
                            crate::intern!("__undef_dynamic"),
                            1,
                            crate::dispatch::flags::FCALL,
                            None,
                        );
                        self.emit_call(Insn::Send { site }, 2);
                        if i + 1 < n {
                            self.emit(Insn::Pop);
                        }
                        continue;
                    }
                    let name = self.sym_of(&nm)?;
                    self.emit(Insn::Undef { name });
                    if i + 1 < n {
                        self.emit(Insn::Pop);
                    }
                }
                Ok(())
            }
            Node::CallOperatorWriteNode { .. } => self.call_op_write(node),
            Node::CallOrWriteNode { .. } | Node::CallAndWriteNode { .. } => {
                self.call_or_and_write(node)
            }
            Node::IndexOperatorWriteNode { .. } => self.index_op_write(node),
            Node::IndexOrWriteNode { .. } | Node::IndexAndWriteNode { .. } => {
                self.index_or_and_write(node)
            }
            Node::MatchWriteNode { .. } => {
                let m = node.as_match_write_node().unwrap();
                self.call(&m.call().as_node())?;
                for t in m.targets().iter() {
                    let lt = t.as_local_variable_target_node().unwrap();
                    self.emit(Insn::BackRef { n: 0 });
                    self.emit(Insn::Dup);
                    let j = self.emit(Insn::BranchNil { target: 0 });
                    self.put_object(Value::symbol(name_of(&lt.name())));
                    let site = self.site(sym::AREF, 1, 0, None);
                    self.emit_call(Insn::Send { site }, 2);
                    self.patch(j);
                    self.set_local(name_of(&lt.name()), lt.depth());
                }
                Ok(())
            }
            Node::ImplicitNode { .. } => self.expr(&node.as_implicit_node().unwrap().value()),
            Node::PreExecutionNode { .. } => {
                self.statements(node.as_pre_execution_node().unwrap().statements())
            }
            // `END { ... }`: its block is registered as an at_exit handler
            // the first time the statement runs (Kernel#__end_block, keyed
            // by the block's iseq); the statement's value is nil.
            Node::PostExecutionNode { .. } => {
                let pe = node.as_post_execution_node().unwrap();
                let label = self.block_label();
                let method_name = self.scopes.last().and_then(|s| s.method_name);
                let line = self.line_of_node(node);
                self.push_scope(IseqKind::Block, label, method_name, line);
                self.scope().line = line;
                self.opt_body(pe.statements().map(|s| s.as_node()))?;
                self.end_body_at(node);
                self.emit(Insn::Leave);
                let blk = self.pop_scope();
                self.put_object(Value::int(blk.index() as i64));
                let site = self.site(crate::intern!("__end_block"), 1, flags::FCALL, Some(blk));
                self.emit_call(Insn::SendSelf { site }, 1);
                Ok(())
            }
            _ => self.raise_unsupported(node),
        }
    }

    fn sym_of(&mut self, node: &Node<'pr>) -> CResult<SymbolId> {
        if let Some(s) = node.as_symbol_node() {
            Ok(symbol::intern(&String::from_utf8_lossy(s.unescaped())))
        } else {
            self.unsupported(node)
        }
    }

    fn gvar_name(&self, node: &Node<'pr>) -> SymbolId {
        if let Some(g) = node.as_global_variable_read_node() {
            name_of(&g.name())
        } else if let Some(b) = node.as_back_reference_read_node() {
            name_of(&b.name())
        } else {
            crate::intern!("$_")
        }
    }

    /// if/unless: evaluates `pred`, then one of the two arms.
    fn branch(
        &mut self,
        pred: &Node<'pr>,
        negate: bool,
        then: impl FnOnce(&mut Self) -> CResult<()>,
        els: impl FnOnce(&mut Self) -> CResult<()>,
    ) -> CResult<()> {
        self.expr(pred)?;
        let j = if negate {
            self.emit(Insn::BranchIf { target: 0 })
        } else {
            self.emit(Insn::BranchUnless { target: 0 })
        };
        let d = self.scope().depth;
        then(self)?;
        let end = self.emit(Insn::Jump { target: 0 });
        self.patch(j);
        self.scope().depth = d;
        els(self)?;
        self.patch(end);
        Ok(())
    }

    fn while_loop(
        &mut self,
        pred: &Node<'pr>,
        body: Option<Node<'pr>>,
        until: bool,
        do_while: bool,
    ) -> CResult<()> {
        let depth = self.scope().depth;
        let first = if do_while {
            None
        } else {
            Some(self.emit(Insn::Jump { target: 0 }))
        };
        let body_start = self.pc();
        let ensure_level = self.scope().ensures.len();
        let rescue_level = self.scope().rescue_errinfo.len();
        self.scope().loops.push(LoopCtx {
            break_patches: Vec::new(),
            redo_target: body_start,
            depth,
            ensure_level,
            rescue_level,
            thrown: false,
        });
        let next_patch_start = self.scope().insns.len();
        match body.as_ref().and_then(|b| b.as_statements_node()) {
            Some(stmts) => self.void_statements(Some(stmts))?,
            None => {
                self.opt_body(body)?;
                self.emit(Insn::Pop);
            }
        }
        let cond = self.pc();
        if let Some(f) = first {
            self.patch(f);
        }
        self.emit(Insn::Safepoint);
        self.expr(pred)?;
        if until {
            self.emit(Insn::BranchUnless { target: body_start });
        } else {
            self.emit(Insn::BranchIf { target: body_start });
        }
        self.emit(Insn::PutNil);
        let end = self.pc();
        let ctx = self.scope().loops.pop().unwrap();
        for p in ctx.break_patches {
            self.patch_to(p, end);
        }
        if ctx.thrown {
            for (kind, handler) in [(CatchKind::Break, end), (CatchKind::Next, cond)] {
                self.scope().catch.push(CatchEntry {
                    kind,
                    start: body_start,
                    end,
                    handler,
                    sp: depth as u32,
                    local: 0,
                    handler_end: handler,
                    cont_line: 0,
                });
            }
        }
        // `next` jumps were emitted as Jump to u32::MAX: point them at cond.
        let s = self.scope();
        for insn in s.insns[next_patch_start..].iter_mut() {
            if let Insn::Jump { target } = insn
                && *target == u32::MAX
            {
                *target = cond;
            }
        }
        self.scope().depth = depth + 1;
        Ok(())
    }

    fn for_loop(&mut self, node: &Node<'pr>) -> CResult<()> {
        let f = node.as_for_node().unwrap();
        self.expr(&f.collection())?;
        let label = self
            .scopes
            .last()
            .map(|s| s.label.clone())
            .unwrap_or_default();
        let method_name = self.scopes.last().and_then(|s| s.method_name);
        let line = self.line_of_node(node);
        self.push_scope(
            IseqKind::Block,
            format!("block in {label}"),
            method_name,
            line,
        );
        self.scope().transparent = true;
        let tmp = self.hidden_local();
        {
            let s = self.scope();
            s.params.lead = 1;
            // The element is destructured by the multiple assignment.
            s.params.auto_splat = false;
        }
        self.emit(Insn::GetLocal { idx: tmp });
        self.destructure_for(&f.index())?;
        let body = self.pc();
        self.scope().redo_target = Some(body);
        self.statements(f.statements())?;
        self.end_body_at(node);
        self.emit(Insn::Leave);
        let iseq = self.pop_scope();
        let site = self.site(sym::EACH, 0, 0, Some(iseq));
        self.emit_call(Insn::Send { site }, 1);
        Ok(())
    }

    fn destructure_for(&mut self, target: &Node<'pr>) -> CResult<()> {
        if let Some(m) = target.as_multi_target_node() {
            self.multi_assign(&m.lefts(), m.rest(), &m.rights())
        } else {
            self.assign_target(target)
        }
    }

    fn case_when(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_case_node().unwrap();
        let has_subject = c.predicate().is_some();
        if let Some(p) = c.predicate() {
            self.expr(&p)?;
        }
        let base = self.scope().depth;
        let mut bodies = Vec::new();
        for w in c.conditions().iter() {
            let w = w.as_when_node().unwrap();
            let mut jumps = Vec::new();
            for cond in w.conditions().iter() {
                self.set_line(&cond);
                if has_subject {
                    self.emit(Insn::Dup);
                    if let Some(s) = cond.as_splat_node() {
                        self.opt_body(s.expression())?;
                        self.emit(Insn::CheckMatch {
                            kind: CHECKMATCH_SPLAT,
                        });
                    } else {
                        self.expr(&cond)?;
                        self.emit(Insn::CheckMatch {
                            kind: CHECKMATCH_CASE,
                        });
                    }
                } else if let Some(s) = cond.as_splat_node() {
                    self.emit(Insn::PutNil);
                    self.opt_body(s.expression())?;
                    self.emit(Insn::CheckMatch {
                        kind: CHECKMATCH_WHEN_SPLAT,
                    });
                } else {
                    self.expr(&cond)?;
                }
                jumps.push(self.emit(Insn::BranchIf { target: 0 }));
            }
            bodies.push((jumps, w.statements()));
        }
        if has_subject {
            self.emit(Insn::Pop);
        }
        self.statements(c.else_clause().and_then(|e| e.statements()))?;
        let mut ends = vec![self.emit(Insn::Jump { target: 0 })];
        for (jumps, stmts) in bodies {
            for j in jumps {
                self.patch(j);
            }
            self.scope().depth = base;
            if has_subject {
                self.emit(Insn::Pop);
            }
            self.statements(stmts)?;
            ends.push(self.emit(Insn::Jump { target: 0 }));
        }
        for e in ends {
            self.patch(e);
        }
        self.scope().depth = base + 1 - has_subject as i64;
        Ok(())
    }

    fn begin(&mut self, node: &Node<'pr>) -> CResult<()> {
        let b = node.as_begin_node().unwrap();
        let Some(ens) = b.ensure_clause() else {
            return self.begin_rescue(&b);
        };
        // (The unwinder keeps `$!` as it was before in the local after.)
        let pending = self.hidden_local();
        self.hidden_local();
        let depth = self.scope().depth;
        let start = self.pc();
        self.scope().ensures.push(ens.statements());
        self.begin_rescue(&b)?;
        self.scope().ensures.pop();
        let end = self.pc();
        self.statements(ens.statements())?;
        self.emit(Insn::Pop);
        let after = self.emit(Insn::Jump { target: 0 });
        let handler = self.pc();
        let cont_line = self.scope().lines.last().copied().unwrap_or(0);
        self.scope().depth = depth;
        self.statements(ens.statements())?;
        self.emit(Insn::Pop);
        self.emit(Insn::EnsureEnd { idx: pending });
        let handler_end = self.pc();
        self.patch(after);
        self.scope().depth = depth + 1;
        self.scope().catch.push(CatchEntry {
            kind: CatchKind::Ensure,
            start,
            end,
            handler,
            sp: depth as u32,
            local: pending,
            handler_end,
            cont_line,
        });
        Ok(())
    }

    fn begin_rescue(&mut self, b: &ruby_prism::BeginNode<'pr>) -> CResult<()> {
        let Some(resc) = b.rescue_clause() else {
            self.statements(b.statements())?;
            if let Some(e) = b.else_clause() {
                self.emit(Insn::Pop);
                self.statements(e.statements())?;
            }
            return Ok(());
        };
        let exc = self.hidden_local();
        self.hidden_local();
        let depth = self.scope().depth;
        let line = self.scope().line;
        let start = self.pc();
        self.statements(b.statements())?;
        let end = self.pc();
        if let Some(e) = b.else_clause() {
            self.emit(Insn::Pop);
            self.statements(e.statements())?;
        }
        let mut ends = vec![self.emit(Insn::Jump { target: 0 })];
        let handler = self.pc();
        self.scope().depth = depth;
        self.scope().retry_targets.push(start);
        let mut clause = Some(resc);
        while let Some(r) = clause {
            self.set_line(&r.as_node());
            let mut hits = Vec::new();
            let excs = r.exceptions();
            if excs.is_empty() {
                self.emit(Insn::GetLocal { idx: exc });
                self.emit(Insn::GetConstTop {
                    name: crate::intern!("StandardError"),
                });
                self.emit(Insn::CheckMatch {
                    kind: CHECKMATCH_CASE,
                });
                hits.push(self.emit(Insn::BranchIf { target: 0 }));
            }
            for e in excs.iter() {
                self.emit(Insn::GetLocal { idx: exc });
                if let Some(s) = e.as_splat_node() {
                    self.opt_body(s.expression())?;
                    self.emit(Insn::CheckMatch {
                        kind: CHECKMATCH_RESCUE_SPLAT,
                    });
                } else {
                    self.expr(&e)?;
                    self.emit(Insn::CheckMatch {
                        kind: CHECKMATCH_RESCUE,
                    });
                }
                hits.push(self.emit(Insn::BranchIf { target: 0 }));
            }
            let next = self.emit(Insn::Jump { target: 0 });
            for h in hits {
                self.patch(h);
            }
            if let Some(reference) = r.reference() {
                self.emit(Insn::GetLocal { idx: exc });
                self.assign_target(&reference)?;
            }
            self.scope().rescue_errinfo.push(exc);
            self.statements(r.statements())?;
            self.scope().rescue_errinfo.pop();
            self.restore_errinfo(exc);
            ends.push(self.emit(Insn::Jump { target: 0 }));
            self.scope().depth = depth;
            self.patch(next);
            clause = r.subsequent();
        }
        self.restore_errinfo(exc);
        self.emit(Insn::GetLocal { idx: exc });
        self.emit(Insn::ReRaise);
        let handler_end = self.pc();
        self.scope().retry_targets.pop();
        for e in ends {
            self.patch(e);
        }
        self.scope().depth = depth + 1;
        self.scope().catch.push(CatchEntry {
            kind: CatchKind::Rescue,
            start,
            end,
            handler,
            sp: depth as u32,
            local: exc,
            handler_end,
            cont_line: line,
        });
        Ok(())
    }

    /// Sets `$!` back to what it was before the rescued exception (the
    /// unwinder saved it in the local after the exception's).
    fn restore_errinfo(&mut self, exc: u32) {
        self.emit(Insn::GetLocal { idx: exc + 1 });
        self.emit(Insn::SetGlobal {
            name: crate::intern!("$!"),
        });
    }

    fn rescue_modifier(&mut self, node: &Node<'pr>) -> CResult<()> {
        let r = node.as_rescue_modifier_node().unwrap();
        let exc = self.hidden_local();
        self.hidden_local();
        let depth = self.scope().depth;
        let start = self.pc();
        self.expr(&r.expression())?;
        let end = self.pc();
        let after = self.emit(Insn::Jump { target: 0 });
        let handler = self.pc();
        self.scope().depth = depth;
        self.emit(Insn::GetLocal { idx: exc });
        self.emit(Insn::GetConstTop {
            name: crate::intern!("StandardError"),
        });
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_CASE,
        });
        let ok = self.emit(Insn::BranchIf { target: 0 });
        self.restore_errinfo(exc);
        self.emit(Insn::GetLocal { idx: exc });
        self.emit(Insn::ReRaise);
        self.patch(ok);
        self.scope().rescue_errinfo.push(exc);
        self.expr(&r.rescue_expression())?;
        self.scope().rescue_errinfo.pop();
        self.restore_errinfo(exc);
        let handler_end = self.pc();
        self.patch(after);
        let cont_line = self.line_of_node(node);
        self.scope().catch.push(CatchEntry {
            kind: CatchKind::Rescue,
            start,
            end,
            handler,
            sp: depth as u32,
            local: exc,
            handler_end,
            cont_line,
        });
        Ok(())
    }

    /// Pushes the value of `break`/`next`/`return` arguments.
    fn jump_value(&mut self, args: Option<ruby_prism::ArgumentsNode<'pr>>) -> CResult<()> {
        match args {
            None => {
                self.emit(Insn::PutNil);
            }
            Some(a) => {
                let list = a.arguments();
                if list.len() == 1 && list.first().unwrap().as_splat_node().is_none() {
                    self.expr(&list.first().unwrap())?;
                } else {
                    self.array_elements(&list)?;
                }
            }
        }
        Ok(())
    }

    /// Inlines the ensure bodies entered since `level` (innermost first).
    fn inline_ensures(&mut self, level: usize) -> CResult<()> {
        let n = self.scope().ensures.len();
        for i in (level..n).rev() {
            let b = self.scope().ensures[i]
                .as_ref()
                .and_then(|s| s.as_node().as_statements_node());
            // While an ensure body runs, only the ensures around it are
            // active: a `return` in it still runs the outer ones.
            let inner = self.scope().ensures.split_off(i);
            let r = self.statements(b);
            self.scope().ensures.extend(inner);
            r?;
            self.emit(Insn::Pop);
        }
        Ok(())
    }

    /// `break`/`next` in a class body: thrown to the loop or block of
    /// the first scope out that is not a class body (CRuby's
    /// `throw TAG_BREAK`); false when there is none.
    fn class_body_jump(&mut self, next: bool) -> bool {
        let n = self.scopes.len();
        if self.scopes[n - 1].kind != IseqKind::Class || !self.scopes[n - 1].loops.is_empty() {
            return false;
        }
        let Some(outer) = self.scopes.iter().rposition(|s| s.kind != IseqKind::Class) else {
            return false;
        };
        let depth = (n - 1 - outer) as u32;
        let s = &mut self.scopes[outer];
        let to_loop = if let Some(l) = s.loops.last_mut() {
            l.thrown = true;
            true
        } else if matches!(s.kind, IseqKind::Block | IseqKind::Lambda) {
            false
        } else {
            return false;
        };
        let kind = match (to_loop, next) {
            (true, false) => JUMP_LOOP_BREAK,
            (true, true) => JUMP_LOOP_NEXT,
            (false, false) => JUMP_BLOCK_BREAK,
            (false, true) => JUMP_BLOCK_NEXT,
        };
        self.emit(Insn::ThrowClassJump { kind, depth });
        self.emit(Insn::PutNil);
        true
    }

    fn break_jump(&mut self) -> CResult<()> {
        if self.class_body_jump(false) {
            return Ok(());
        }
        // What follows the jump is dead code compiled inside the enclosing
        // expression: it goes on from here, the break's value pushed.
        let here = self.scope().depth;
        if let Some(ctx) = self.scope().loops.last() {
            let (depth, level, rescues) = (ctx.depth, ctx.ensure_level, ctx.rescue_level);
            self.leave_rescues(rescues);
            self.inline_ensures(level)?;
            let extra = self.scope().depth - 1 - depth;
            for _ in 0..extra.max(0) {
                self.emit(Insn::Swap);
                self.emit(Insn::Pop);
            }
            let j = self.emit(Insn::Jump { target: 0 });
            self.scope().loops.last_mut().unwrap().break_patches.push(j);
            self.scope().depth = here;
            return Ok(());
        }
        match self.scope().kind {
            IseqKind::Block | IseqKind::Lambda => {
                self.emit(Insn::ThrowBreak);
                self.emit(Insn::PutNil);
                Ok(())
            }
            _ => Err(super::CompileError::Syntax(format!(
                "{}: Invalid break",
                self.file
            ))),
        }
    }

    fn next_jump(&mut self) -> CResult<()> {
        if self.class_body_jump(true) {
            return Ok(());
        }
        let here = self.scope().depth;
        if let Some(ctx) = self.scope().loops.last() {
            let (depth, level, rescues) = (ctx.depth, ctx.ensure_level, ctx.rescue_level);
            self.leave_rescues(rescues);
            self.inline_ensures(level)?;
            let extra = self.scope().depth - depth;
            for _ in 0..extra.max(0) {
                self.emit(Insn::Pop);
            }
            self.emit(Insn::Jump { target: u32::MAX });
            self.scope().depth = here;
            return Ok(());
        }
        self.leave_rescues(0);
        self.inline_ensures(0)?;
        self.emit(Insn::Leave);
        self.mark_return();
        self.emit(Insn::PutNil);
        Ok(())
    }

    /// A jump out of the rescue clauses opened since `level` sets `$!`
    /// back to what it was before the outermost of them.
    fn leave_rescues(&mut self, level: usize) {
        if let Some(&exc) = self.scope().rescue_errinfo.get(level) {
            self.restore_errinfo(exc);
        }
    }

    /// `redo`: back to the start of the loop or block body.
    fn redo_jump(&mut self, node: &Node<'pr>) -> CResult<()> {
        let here = self.scope().depth;
        if let Some(ctx) = self.scope().loops.last() {
            let (depth, level, target) = (ctx.depth, ctx.ensure_level, ctx.redo_target);
            self.inline_ensures(level)?;
            let extra = self.scope().depth - depth;
            for _ in 0..extra.max(0) {
                self.emit(Insn::Pop);
            }
            self.emit(Insn::Safepoint);
            self.emit(Insn::Jump { target });
            self.scope().depth = here;
            self.emit(Insn::PutNil);
            return Ok(());
        }
        let Some(target) = self.scope().redo_target else {
            return Err(super::CompileError::Syntax(format!(
                "{}:{}: Invalid redo",
                self.file,
                self.line_of_node(node)
            )));
        };
        self.inline_ensures(0)?;
        let extra = self.scope().depth;
        for _ in 0..extra.max(0) {
            self.emit(Insn::Pop);
        }
        self.emit(Insn::Safepoint);
        self.emit(Insn::Jump { target });
        self.scope().depth = extra;
        self.emit(Insn::PutNil);
        Ok(())
    }

    fn return_jump(&mut self) -> CResult<()> {
        match self.scope().kind {
            IseqKind::Block => {
                self.emit(Insn::ThrowReturn);
            }
            _ => {
                self.inline_ensures(0)?;
                self.emit(Insn::Leave);
                self.mark_return();
            }
        }
        self.emit(Insn::PutNil);
        Ok(())
    }

    /// Destructures the value on top of the stack into targets, consuming it.
    pub(super) fn multi_assign(
        &mut self,
        lefts: &NodeList<'pr>,
        rest: Option<Node<'pr>>,
        rights: &NodeList<'pr>,
    ) -> CResult<()> {
        let has_rest = rest
            .as_ref()
            .is_some_and(|r| r.as_implicit_rest_node().is_none());
        let n = lefts.len() as u32;
        let post = rights.len() as u32;
        self.emit(Insn::ExpandArray {
            n,
            flags: has_rest as u32,
            post,
        });
        for l in lefts.iter() {
            self.destructure_target(&l)?;
        }
        if has_rest {
            let r = rest.unwrap();
            match r.as_splat_node().and_then(|s| s.expression()) {
                Some(t) => self.destructure_target(&t)?,
                None => {
                    self.emit(Insn::Pop);
                }
            }
        }
        for r in rights.iter() {
            self.destructure_target(&r)?;
        }
        Ok(())
    }

    /// Stores the top of the stack into an assignment target.
    pub(super) fn assign_target(&mut self, t: &Node<'pr>) -> CResult<()> {
        match t {
            Node::LocalVariableTargetNode { .. } => {
                let l = t.as_local_variable_target_node().unwrap();
                self.set_local(name_of(&l.name()), l.depth());
            }
            Node::InstanceVariableTargetNode { .. } => {
                let name = name_of(&t.as_instance_variable_target_node().unwrap().name());
                let ic = self.ivar_cache();
                self.emit(Insn::SetIvar { name, ic });
            }
            Node::GlobalVariableTargetNode { .. } => {
                let name = name_of(&t.as_global_variable_target_node().unwrap().name());
                self.emit(Insn::SetGlobal { name });
            }
            Node::ClassVariableTargetNode { .. } => {
                let name = name_of(&t.as_class_variable_target_node().unwrap().name());
                self.emit(Insn::SetCvar { name });
            }
            Node::ConstantTargetNode { .. } => {
                let name = name_of(&t.as_constant_target_node().unwrap().name());
                self.emit(Insn::SetConst { name });
            }
            Node::ConstantPathTargetNode { .. } => {
                let c = t.as_constant_path_target_node().unwrap();
                let name = c.name().map(|n| name_of(&n)).unwrap_or(sym::MAIN);
                match c.parent() {
                    Some(p) => self.expr(&p)?,
                    None => self.put_object(Value::symbol(sym::MAIN)),
                }
                self.emit(Insn::Swap);
                self.emit(Insn::SetConstUnder { name });
            }
            Node::CallTargetNode { .. } => {
                let c = t.as_call_target_node().unwrap();
                self.expr(&c.receiver())?;
                // `recv&.x` as a target: nothing is stored on nil.
                let depth = self.scope().depth;
                let safe = self.safe_nav_skip(c.is_safe_navigation());
                self.emit(Insn::Swap);
                let fl = if c.receiver().as_self_node().is_some() {
                    crate::dispatch::flags::SELF_RECV
                } else {
                    0
                };
                let site = self.site(name_of(&c.name()), 1, fl, None);
                self.emit_call(Insn::Send { site }, 2);
                self.emit(Insn::Pop);
                if let Some(j) = safe {
                    let end = self.emit(Insn::Jump { target: 0 });
                    self.patch(j);
                    self.scope().depth = depth;
                    self.emit(Insn::Pop);
                    self.emit(Insn::Pop);
                    self.patch(end);
                }
            }
            Node::IndexTargetNode { .. } => {
                let c = t.as_index_target_node().unwrap();
                self.expr(&c.receiver())?;
                let (argc, fl) = self.call_args(c.arguments(), None, Tail::Appended, false)?;
                self.emit(Insn::TopN { n: argc + 1 });
                let n = self.append_value_arg(argc, fl);
                let site = self.site(sym::ASET, n, fl, None);
                self.emit_call(Insn::Send { site }, n as i64 + 1);
                self.emit(Insn::Pop);
                self.emit(Insn::Pop);
            }
            Node::MultiTargetNode { .. } => {
                let m = t.as_multi_target_node().unwrap();
                self.multi_assign(&m.lefts(), m.rest(), &m.rights())?;
            }
            Node::SplatNode { .. } => match t.as_splat_node().unwrap().expression() {
                Some(e) => self.assign_target(&e)?,
                None => {
                    self.emit(Insn::Pop);
                }
            },
            _ => return self.unsupported(t),
        }
        Ok(())
    }

    fn call_op_write(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_call_operator_write_node().unwrap();
        let sf = self_recv_flag(c.receiver().as_ref());
        self.opt_body(c.receiver())?;
        let safe = self.safe_nav_skip(c.is_safe_navigation());
        self.emit(Insn::Dup);
        let read = self.site(name_of(&c.read_name()), 0, sf, None);
        self.emit_call(Insn::Send { site: read }, 1);
        if let (Some(op), Some(m)) = (c.call_operator_loc(), c.message_loc())
            && self.line_at(op.start()) == self.line_at(m.end())
        {
            self.mark_span(op.start(), m.end());
        }
        self.expr(&c.value())?;
        self.binop(
            name_of(&c.binary_operator()),
            Some(c.binary_operator_loc().start()),
        );
        self.attr_store(name_of(&c.write_name()), sf);
        if let Some(j) = safe {
            self.patch(j);
        }
        Ok(())
    }

    /// `recv&.m op= v` on a nil receiver: the jump (to be patched at the
    /// end) that leaves the nil as the expression's value.
    fn safe_nav_skip(&mut self, safe: bool) -> Option<usize> {
        if !safe {
            return None;
        }
        self.emit(Insn::Dup);
        Some(self.emit(Insn::BranchNil { target: 0 }))
    }

    /// [recv, v] -> [v], calling recv.write_name(v) (`sf`: SELF_RECV for
    /// a `self.` receiver, which may call private methods).
    fn attr_store(&mut self, write: SymbolId, sf: u32) {
        self.emit(Insn::Swap);
        self.emit(Insn::TopN { n: 1 });
        let site = self.site(write, 1, sf, None);
        self.emit_call(Insn::Send { site }, 2);
        self.emit(Insn::Pop);
    }

    fn call_or_and_write(&mut self, node: &Node<'pr>) -> CResult<()> {
        let (recv, read, write, value, is_or, safe) = match node.as_call_or_write_node() {
            Some(c) => (
                c.receiver(),
                c.read_name(),
                c.write_name(),
                c.value(),
                true,
                c.is_safe_navigation(),
            ),
            None => {
                let c = node.as_call_and_write_node().unwrap();
                (
                    c.receiver(),
                    c.read_name(),
                    c.write_name(),
                    c.value(),
                    false,
                    c.is_safe_navigation(),
                )
            }
        };
        let sf = self_recv_flag(recv.as_ref());
        self.opt_body(recv)?;
        let safe = self.safe_nav_skip(safe);
        self.emit(Insn::Dup);
        let site = self.site(name_of(&read), 0, sf, None);
        self.emit_call(Insn::Send { site }, 1);
        self.emit(Insn::Dup);
        let j = if is_or {
            self.emit(Insn::BranchIf { target: 0 })
        } else {
            self.emit(Insn::BranchUnless { target: 0 })
        };
        self.emit(Insn::Pop);
        self.expr(&value)?;
        self.attr_store(name_of(&write), sf);
        let end = self.emit(Insn::Jump { target: 0 });
        self.patch(j);
        self.scope().depth += 1;
        self.emit(Insn::Swap);
        self.emit(Insn::Pop);
        self.patch(end);
        if let Some(j) = safe {
            self.patch(j);
        }
        Ok(())
    }

    fn index_op_write(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_index_operator_write_node().unwrap();
        // As a statement (its value popped) the operator's result need not
        // be kept below the receiver: `[]=`'s own result is left instead,
        // as CRuby compiles it.
        let keep = !self.take_value_unused(&node.location());
        if keep {
            self.emit(Insn::PutNil);
        }
        let sf = self_recv_flag(c.receiver().as_ref());
        self.opt_body(c.receiver())?;
        let (argc, fl) = self.call_args(c.arguments(), None, Tail::Appended, false)?;
        let fl = fl | sf;
        self.emit(Insn::DupN { n: argc + 1 });
        let read = self.site(sym::AREF, argc, fl, None);
        self.emit_call(index_insn(read, argc, fl, false), argc as i64 + 1);
        self.expr(&c.value())?;
        self.binop(
            name_of(&c.binary_operator()),
            Some(c.binary_operator_loc().start()),
        );
        if keep {
            self.emit(Insn::SetN { n: argc + 2 });
        }
        let n = self.append_value_arg(argc, fl);
        let write = self.site(sym::ASET, n, fl, None);
        self.emit_call(index_insn(write, argc, fl, true), n as i64 + 1);
        if keep {
            self.emit(Insn::Pop);
        }
        Ok(())
    }

    /// Adds the value on top to an assignment's arguments (`[]=`, an
    /// attribute writer): one more argument, or with a splat the last
    /// element of its (new) argument Array. Returns the call's argument
    /// count.
    pub(super) fn append_value_arg(&mut self, argc: u32, fl: u32) -> u32 {
        if fl & flags::SPLAT == 0 {
            return argc + 1;
        }
        self.emit(Insn::NewArray { n: 1 });
        self.emit(Insn::ConcatArray);
        argc
    }

    fn index_or_and_write(&mut self, node: &Node<'pr>) -> CResult<()> {
        let (recv, args, value, is_or) = match node.as_index_or_write_node() {
            Some(c) => (c.receiver(), c.arguments(), c.value(), true),
            None => {
                let c = node.as_index_and_write_node().unwrap();
                (c.receiver(), c.arguments(), c.value(), false)
            }
        };
        self.emit(Insn::PutNil);
        let sf = self_recv_flag(recv.as_ref());
        self.opt_body(recv)?;
        let (argc, fl) = self.call_args(args, None, Tail::Appended, false)?;
        let fl = fl | sf;
        self.emit(Insn::DupN { n: argc + 1 });
        let read = self.site(sym::AREF, argc, fl, None);
        self.emit_call(index_insn(read, argc, fl, false), argc as i64 + 1);
        self.emit(Insn::Dup);
        let j = if is_or {
            self.emit(Insn::BranchIf { target: 0 })
        } else {
            self.emit(Insn::BranchUnless { target: 0 })
        };
        let at_branch = self.scope().depth;
        self.emit(Insn::Pop);
        self.expr(&value)?;
        self.emit(Insn::SetN { n: argc + 2 });
        let n = self.append_value_arg(argc, fl);
        let write = self.site(sym::ASET, n, fl, None);
        self.emit_call(index_insn(write, argc, fl, true), n as i64 + 1);
        self.emit(Insn::Pop);
        let end = self.emit(Insn::Jump { target: 0 });
        self.patch(j);
        // [nil, recv, args..., old]: keep old.
        self.scope().depth = at_branch;
        self.emit(Insn::SetN { n: argc + 2 });
        for _ in 0..argc + 2 {
            self.emit(Insn::Pop);
        }
        self.patch(end);
        Ok(())
    }

    fn defined(&mut self, v: &Node<'pr>) -> CResult<()> {
        // The answers are frozen, one object per text (as CRuby's).
        let fixed = |c: &mut Self, s: &str| {
            let v = c
                .host
                .literal(Literal::FrozenString(s.as_bytes().to_vec()))
                .unwrap_or(Value::NIL);
            c.put_object(v);
            Ok(())
        };
        match v {
            Node::LocalVariableReadNode { .. } => fixed(self, "local-variable"),
            Node::SelfNode { .. } => fixed(self, "self"),
            Node::NilNode { .. } => fixed(self, "nil"),
            Node::TrueNode { .. } => fixed(self, "true"),
            Node::FalseNode { .. } => fixed(self, "false"),
            Node::LocalVariableWriteNode { .. }
            | Node::InstanceVariableWriteNode { .. }
            | Node::GlobalVariableWriteNode { .. }
            | Node::ClassVariableWriteNode { .. }
            | Node::ConstantWriteNode { .. }
            | Node::ConstantPathWriteNode { .. }
            | Node::LocalVariableOperatorWriteNode { .. }
            | Node::LocalVariableOrWriteNode { .. }
            | Node::LocalVariableAndWriteNode { .. }
            | Node::InstanceVariableOperatorWriteNode { .. }
            | Node::InstanceVariableOrWriteNode { .. }
            | Node::InstanceVariableAndWriteNode { .. }
            | Node::GlobalVariableOperatorWriteNode { .. }
            | Node::GlobalVariableOrWriteNode { .. }
            | Node::GlobalVariableAndWriteNode { .. }
            | Node::ClassVariableOperatorWriteNode { .. }
            | Node::ClassVariableOrWriteNode { .. }
            | Node::ClassVariableAndWriteNode { .. }
            | Node::ConstantOperatorWriteNode { .. }
            | Node::ConstantOrWriteNode { .. }
            | Node::ConstantAndWriteNode { .. }
            | Node::IndexOperatorWriteNode { .. }
            | Node::IndexOrWriteNode { .. }
            | Node::IndexAndWriteNode { .. }
            | Node::CallOperatorWriteNode { .. }
            | Node::CallOrWriteNode { .. }
            | Node::CallAndWriteNode { .. }
            | Node::MultiWriteNode { .. } => fixed(self, "assignment"),
            Node::InstanceVariableReadNode { .. } => {
                let name = name_of(&v.as_instance_variable_read_node().unwrap().name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_IVAR,
                    name,
                });
                Ok(())
            }
            Node::GlobalVariableReadNode { .. } => {
                let name = name_of(&v.as_global_variable_read_node().unwrap().name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_GVAR,
                    name,
                });
                Ok(())
            }
            Node::ClassVariableReadNode { .. } => {
                let name = name_of(&v.as_class_variable_read_node().unwrap().name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_CVAR,
                    name,
                });
                Ok(())
            }
            Node::ConstantReadNode { .. } => {
                let name = name_of(&v.as_constant_read_node().unwrap().name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_CONST,
                    name,
                });
                Ok(())
            }
            Node::ConstantPathNode { .. } => {
                let c = v.as_constant_path_node().unwrap();
                let name = c.name().map(|n| name_of(&n)).unwrap_or(sym::MAIN);
                let mut undefined = Vec::new();
                match c.parent() {
                    // The scope must be defined before it is evaluated
                    // (`defined?(A::B)` never calls const_missing for A;
                    // past DEFINED_CHECK_DEPTH levels, guarded only).
                    Some(p) => {
                        if receiver_depth(&p) <= DEFINED_CHECK_DEPTH {
                            self.defined_part(&p, &mut undefined)?;
                        }
                        self.guarded_defined_subject(&p)?;
                        self.emit(Insn::Defined {
                            kind: DEFINED_CONST_FROM,
                            name,
                        });
                    }
                    None => {
                        self.emit(Insn::PutNil);
                        self.emit(Insn::Defined {
                            kind: DEFINED_CONST_TOP,
                            name,
                        });
                    }
                }
                self.defined_or_nil(undefined);
                Ok(())
            }
            Node::CallNode { .. } => {
                let c = v.as_call_node().unwrap();
                let name = name_of(&c.name());
                // CRuby's defined_expr: the arguments, then the receiver,
                // must be defined before the method is looked up.
                let mut undefined = Vec::new();
                if let Some(args) = c.arguments() {
                    for a in args.arguments().iter() {
                        self.defined_part(&a, &mut undefined)?;
                    }
                }
                // A receiver chain deeper than DEFINED_CHECK_DEPTH is not
                // checked part by part: each level would compile the whole
                // chain below it again (quadratic code; a fuzz input of
                // 5,000 `+` asked for 3 GB). Its evaluation is guarded
                // instead: an error in it answers nil.
                if let Some(r) = c
                    .receiver()
                    .filter(|r| receiver_depth(r) <= DEFINED_CHECK_DEPTH)
                {
                    self.defined_part(&r, &mut undefined)?;
                }
                match c.receiver() {
                    Some(r) => {
                        self.guarded_defined_subject(&r)?;
                        self.emit(Insn::Defined {
                            kind: DEFINED_METHOD,
                            name,
                        });
                    }
                    None => {
                        self.emit(Insn::PutSelf);
                        self.emit(Insn::Defined {
                            kind: DEFINED_FCALL,
                            name,
                        });
                    }
                }
                self.defined_or_nil(undefined);
                Ok(())
            }
            Node::ArrayNode { .. } => {
                let mut undefined = Vec::new();
                for e in v.as_array_node().unwrap().elements().iter() {
                    self.defined_part(&e, &mut undefined)?;
                }
                fixed(self, "expression")?;
                self.defined_or_nil(undefined);
                Ok(())
            }
            // $&, $`, $', $+ and $1..: defined while they have a value.
            Node::BackReferenceReadNode { .. } | Node::NumberedReferenceReadNode { .. } => {
                self.expr(v)?;
                let undefined = vec![self.emit(Insn::BranchNil { target: 0 })];
                fixed(self, "global-variable")?;
                self.defined_or_nil(undefined);
                Ok(())
            }
            Node::YieldNode { .. } => {
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_YIELD,
                    name: sym::MAIN,
                });
                Ok(())
            }
            Node::SuperNode { .. } | Node::ForwardingSuperNode { .. } => {
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_SUPER,
                    name: sym::MAIN,
                });
                Ok(())
            }
            Node::ParenthesesNode { .. } => match v.as_parentheses_node().unwrap().body() {
                Some(b) => match b.as_statements_node() {
                    Some(s) if s.body().len() == 1 => self.defined(&s.body().first().unwrap()),
                    _ => fixed(self, "expression"),
                },
                None => fixed(self, "expression"),
            },
            _ => fixed(self, "expression"),
        }
    }

    /// One part of a `defined?` subject (a receiver, an argument, an
    /// element): when it is not defined, jump to the nil answer.
    fn defined_part(&mut self, n: &Node<'pr>, undefined: &mut Vec<usize>) -> CResult<()> {
        self.defined(n)?;
        undefined.push(self.emit(Insn::BranchUnless { target: 0 }));
        Ok(())
    }

    /// Ends a `defined?` whose answer is on the stack: the jumps in
    /// `undefined` (taken with one value less) answer nil instead.
    fn defined_or_nil(&mut self, undefined: Vec<usize>) {
        if undefined.is_empty() {
            return;
        }
        let depth = self.scope().depth;
        let end = self.emit(Insn::Jump { target: 0 });
        for j in undefined {
            self.patch(j);
        }
        self.scope().depth = depth - 1;
        self.emit(Insn::PutNil);
        self.patch(end);
    }

    /// Evaluates a `defined?` subject; an exception makes it `undef` (so
    /// the check answers nil, as CRuby does).
    fn guarded_defined_subject(&mut self, n: &Node<'pr>) -> CResult<()> {
        let exc = self.hidden_local();
        self.hidden_local();
        let depth = self.scope().depth;
        let start = self.pc();
        self.expr(n)?;
        let end = self.pc();
        let after = self.emit(Insn::Jump { target: 0 });
        let handler = self.pc();
        self.scope().depth = depth;
        // The exception is swallowed: `$!` as before it.
        self.restore_errinfo(exc);
        self.put_object(Value::UNDEF);
        self.patch(after);
        self.scope().catch.push(CatchEntry {
            kind: CatchKind::Rescue,
            start,
            end,
            handler,
            sp: depth as u32,
            local: exc,
            handler_end: handler,
            cont_line: 0,
        });
        Ok(())
    }
}

/// `recv[i]` / `recv[i] = v` in an index op-assign: the operator
/// instructions for one plain index (as CRuby's opt_aref / opt_aset),
/// else a plain send.
/// SELF_RECV when `recv` is `self`: `self.x op= v` may call private
/// readers and writers, as `self.x = v` may.
fn self_recv_flag(recv: Option<&Node<'_>>) -> u32 {
    match recv {
        Some(r) if r.as_self_node().is_some() => crate::dispatch::flags::SELF_RECV,
        _ => 0,
    }
}

fn index_insn(site: crate::value::CallSiteId, argc: u32, fl: u32, write: bool) -> Insn {
    match (argc, fl, write) {
        (1, 0, false) => Insn::OptAref { site },
        (1, 0, true) => Insn::OptAset { site },
        _ => Insn::Send { site },
    }
}

/// Levels of a `defined?` subject checked one by one (CRuby checks them
/// all, keeping each value on the stack; carmine compiles each level's
/// subject again, so deeper chains are only evaluated under a guard).
const DEFINED_CHECK_DEPTH: usize = 64;

/// How many receivers (or constant scopes) `n` chains through.
fn receiver_depth(n: &Node<'_>) -> usize {
    fn inner<'a>(node: &Node<'a>) -> Option<Node<'a>> {
        match node {
            Node::CallNode { .. } => node.as_call_node().and_then(|c| c.receiver()),
            Node::ConstantPathNode { .. } => node.as_constant_path_node().and_then(|c| c.parent()),
            _ => None,
        }
    }
    let mut depth = 1;
    let mut cur = inner(n);
    while let Some(node) = cur {
        depth += 1;
        if depth > DEFINED_CHECK_DEPTH {
            break;
        }
        cur = inner(&node);
    }
    depth
}
