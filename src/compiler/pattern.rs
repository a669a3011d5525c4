//! Pattern matching: `case/in`, `expr in pat` and `expr => pat`.
//!
//! Each pattern tests a subject held in a hidden local and jumps to a
//! failure label with the operand stack unchanged, so nested patterns need
//! no stack bookkeeping.

use ruby_prism::Node;

use super::control::{CHECKMATCH_CASE, CHECKMATCH_DECONSTRUCT, CHECKMATCH_DECONSTRUCT_KEYS};
use super::{CResult, Compiler, name_of};
use crate::bytecode::Insn;
use crate::value::{Value, sym, symbol};

impl<'pr> Compiler<'pr, '_> {
    pub(super) fn case_in(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_case_match_node().unwrap();
        let subj = self.hidden_local();
        self.opt_body(c.predicate())?;
        self.emit(Insn::SetLocal { idx: subj });
        let base = self.scope().depth;
        let mut ends = Vec::new();
        for cond in c.conditions().iter() {
            let i = cond.as_in_node().unwrap();
            let mut fails = Vec::new();
            self.set_line(&cond);
            self.pattern_top(&i.pattern(), subj, &mut fails)?;
            self.statements(i.statements())?;
            ends.push(self.emit(Insn::Jump { target: 0 }));
            self.scope().depth = base;
            for f in fails {
                self.patch(f);
            }
        }
        match c.else_clause() {
            Some(e) => self.statements(e.statements())?,
            None => self.raise_no_match(subj),
        }
        for e in ends {
            self.patch(e);
        }
        self.scope().depth = base + 1;
        Ok(())
    }

    fn raise_no_match(&mut self, subj: u32) {
        self.emit(Insn::PutSelf);
        self.emit(Insn::GetConstTop {
            name: symbol::intern("NoMatchingPatternError"),
        });
        self.emit(Insn::GetLocal { idx: subj });
        let site = self.site(sym::INSPECT, 0, 0, None);
        self.emit_call(Insn::Send { site }, 1);
        let site = self.site(sym::RAISE, 2, crate::dispatch::flags::FCALL, None);
        self.emit_call(Insn::Send { site }, 3);
    }

    pub(super) fn match_expr(&mut self, node: &Node<'pr>) -> CResult<()> {
        let (value, pat, required) = match node.as_match_predicate_node() {
            Some(m) => (m.value(), m.pattern(), false),
            None => {
                let m = node.as_match_required_node().unwrap();
                (m.value(), m.pattern(), true)
            }
        };
        let subj = self.hidden_local();
        self.expr(&value)?;
        self.emit(Insn::SetLocal { idx: subj });
        let mut fails = Vec::new();
        self.pattern_top(&pat, subj, &mut fails)?;
        if required {
            self.emit(Insn::PutNil);
            let end = self.emit(Insn::Jump { target: 0 });
            for f in fails {
                self.patch(f);
            }
            self.scope().depth -= 1;
            self.raise_no_match(subj);
            self.patch(end);
        } else {
            self.put_object(Value::TRUE);
            let end = self.emit(Insn::Jump { target: 0 });
            for f in fails {
                self.patch(f);
            }
            self.scope().depth -= 1;
            self.put_object(Value::FALSE);
            self.patch(end);
        }
        Ok(())
    }

    /// A top-level `in` pattern, which may carry an `if`/`unless` guard.
    fn pattern_top(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        if let Some(g) = pat.as_if_node() {
            let inner = g.statements().and_then(|s| s.body().first());
            if let Some(inner) = inner {
                self.pattern(&inner, subj, fails)?;
            }
            self.expr(&g.predicate())?;
            fails.push(self.emit(Insn::BranchUnless { target: 0 }));
            return Ok(());
        }
        if let Some(g) = pat.as_unless_node() {
            let inner = g.statements().and_then(|s| s.body().first());
            if let Some(inner) = inner {
                self.pattern(&inner, subj, fails)?;
            }
            self.expr(&g.predicate())?;
            fails.push(self.emit(Insn::BranchIf { target: 0 }));
            return Ok(());
        }
        self.pattern(pat, subj, fails)
    }

    /// `pattern === subject` style check.
    fn value_check(&mut self, subj: u32, fails: &mut Vec<usize>) {
        self.emit(Insn::GetLocal { idx: subj });
        self.emit(Insn::Swap);
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_CASE,
        });
        fails.push(self.emit(Insn::BranchUnless { target: 0 }));
    }

    fn pattern(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        match pat {
            Node::LocalVariableTargetNode { .. } => {
                let t = pat.as_local_variable_target_node().unwrap();
                self.emit(Insn::GetLocal { idx: subj });
                self.set_local(name_of(&t.name()), t.depth());
            }
            Node::PinnedVariableNode { .. } => {
                self.expr(&pat.as_pinned_variable_node().unwrap().variable())?;
                self.value_check(subj, fails);
            }
            Node::PinnedExpressionNode { .. } => {
                self.expr(&pat.as_pinned_expression_node().unwrap().expression())?;
                self.value_check(subj, fails);
            }
            Node::AlternationPatternNode { .. } => {
                let a = pat.as_alternation_pattern_node().unwrap();
                let mut left_fails = Vec::new();
                self.pattern(&a.left(), subj, &mut left_fails)?;
                let ok = self.emit(Insn::Jump { target: 0 });
                for f in left_fails {
                    self.patch(f);
                }
                self.pattern(&a.right(), subj, fails)?;
                self.patch(ok);
            }
            Node::CapturePatternNode { .. } => {
                let c = pat.as_capture_pattern_node().unwrap();
                self.pattern(&c.value(), subj, fails)?;
                let t = c.target();
                self.emit(Insn::GetLocal { idx: subj });
                self.set_local(name_of(&t.name()), t.depth());
            }
            Node::ArrayPatternNode { .. } => self.array_pattern(pat, subj, fails)?,
            Node::HashPatternNode { .. } => self.hash_pattern(pat, subj, fails)?,
            Node::FindPatternNode { .. } => return self.unsupported(pat),
            Node::SplatNode { .. } => return self.unsupported(pat),
            _ => {
                self.expr(pat)?;
                self.value_check(subj, fails);
            }
        }
        Ok(())
    }

    fn send0(&mut self, name: crate::value::SymbolId) {
        let site = self.site(name, 0, 0, None);
        self.emit_call(Insn::Send { site }, 1);
    }

    fn send1(&mut self, name: crate::value::SymbolId) {
        let site = self.site(name, 1, 0, None);
        self.emit_call(Insn::Send { site }, 2);
    }

    fn array_pattern(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        let a = pat.as_array_pattern_node().unwrap();
        if let Some(c) = a.constant() {
            self.expr(&c)?;
            self.value_check(subj, fails);
        }
        let arr = self.hidden_local();
        self.emit(Insn::GetLocal { idx: subj });
        self.emit(Insn::PutNil);
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_DECONSTRUCT,
        });
        self.emit(Insn::Dup);
        self.emit(Insn::SetLocal { idx: arr });
        fails.push(self.emit(Insn::BranchUnless { target: 0 }));
        let pre = a.requireds().len() as i64;
        let post = a.posts().len() as i64;
        let has_rest = a.rest().is_some();
        self.emit(Insn::GetLocal { idx: arr });
        self.send0(sym::SIZE);
        self.put_object(Value::int(pre + post));
        self.send1(if has_rest { sym::GE } else { sym::EQ });
        fails.push(self.emit(Insn::BranchUnless { target: 0 }));
        for (i, e) in a.requireds().iter().enumerate() {
            self.element_pattern(arr, i as i64, &e, fails)?;
        }
        if let Some(r) = a.rest()
            && let Some(t) = r.as_splat_node().and_then(|s| s.expression())
        {
            let el = self.hidden_local();
            self.emit(Insn::GetLocal { idx: arr });
            self.put_object(Value::int(pre));
            self.emit(Insn::GetLocal { idx: arr });
            self.send0(sym::SIZE);
            self.put_object(Value::int(pre + post));
            self.send1(sym::MINUS);
            let site = self.site(sym::AREF, 2, 0, None);
            self.emit_call(Insn::Send { site }, 3);
            self.emit(Insn::SetLocal { idx: el });
            self.pattern(&t, el, fails)?;
        }
        for (j, e) in a.posts().iter().enumerate() {
            self.element_pattern(arr, j as i64 - post, &e, fails)?;
        }
        Ok(())
    }

    fn element_pattern(
        &mut self,
        arr: u32,
        index: i64,
        e: &Node<'pr>,
        fails: &mut Vec<usize>,
    ) -> CResult<()> {
        let el = self.hidden_local();
        self.emit(Insn::GetLocal { idx: arr });
        self.put_object(Value::int(index));
        self.send1(sym::AREF);
        self.emit(Insn::SetLocal { idx: el });
        self.pattern(e, el, fails)
    }

    fn hash_pattern(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        let h = pat.as_hash_pattern_node().unwrap();
        if let Some(c) = h.constant() {
            self.expr(&c)?;
            self.value_check(subj, fails);
        }
        let hash = self.hidden_local();
        let mut keys = Vec::new();
        for e in h.elements().iter() {
            if let Some(a) = e.as_assoc_node()
                && let Some(k) = a.key().as_symbol_node()
            {
                keys.push(symbol::intern(&String::from_utf8_lossy(k.unescaped())));
            }
        }
        self.emit(Insn::GetLocal { idx: subj });
        for k in &keys {
            self.put_object(Value::symbol(*k));
        }
        self.emit(Insn::NewArray {
            n: keys.len() as u32,
        });
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_DECONSTRUCT_KEYS,
        });
        self.emit(Insn::Dup);
        self.emit(Insn::SetLocal { idx: hash });
        fails.push(self.emit(Insn::BranchUnless { target: 0 }));
        for e in h.elements().iter() {
            let Some(a) = e.as_assoc_node() else {
                return self.unsupported(&e);
            };
            let Some(k) = a.key().as_symbol_node() else {
                return self.unsupported(&a.key());
            };
            let key = symbol::intern(&String::from_utf8_lossy(k.unescaped()));
            self.emit(Insn::GetLocal { idx: hash });
            self.put_object(Value::symbol(key));
            self.send1(sym::KEY_P);
            fails.push(self.emit(Insn::BranchUnless { target: 0 }));
            let el = self.hidden_local();
            self.emit(Insn::GetLocal { idx: hash });
            self.put_object(Value::symbol(key));
            self.send1(sym::AREF);
            self.emit(Insn::SetLocal { idx: el });
            let v = a.value();
            if v.as_implicit_node().is_some() {
                let idx = self.local_slot(key);
                self.emit(Insn::GetLocal { idx: el });
                self.emit(Insn::SetLocal { idx });
            } else {
                self.pattern(&v, el, fails)?;
            }
        }
        if let Some(r) = h.rest() {
            if r.as_no_keywords_parameter_node().is_some() {
                self.emit(Insn::GetLocal { idx: hash });
                self.send0(sym::SIZE);
                self.put_object(Value::int(keys.len() as i64));
                self.send1(sym::EQ);
                fails.push(self.emit(Insn::BranchUnless { target: 0 }));
            } else if let Some(t) = r.as_assoc_splat_node().and_then(|s| s.value()) {
                let el = self.hidden_local();
                self.emit(Insn::GetLocal { idx: hash });
                for k in &keys {
                    self.put_object(Value::symbol(*k));
                }
                let site = self.site(symbol::intern("except"), keys.len() as u32, 0, None);
                self.emit_call(Insn::Send { site }, keys.len() as i64 + 1);
                self.emit(Insn::SetLocal { idx: el });
                self.pattern(&t, el, fails)?;
            }
        }
        Ok(())
    }
}
