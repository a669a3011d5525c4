//! Pattern matching: `case/in`, `expr in pat` and `expr => pat`.
//!
//! Each pattern tests a subject held in a hidden local and jumps to a
//! failure label with the operand stack unchanged, so nested patterns need
//! no stack bookkeeping. In a single-pattern match (`=>`, or `case/in` with
//! one branch and no `else`) every failing check first records why it
//! failed, so the NoMatchingPatternError carries CRuby's detailed message.

use ruby_prism::Node;

use super::control::{
    CHECKMATCH_CASE, CHECKMATCH_DECONSTRUCT, CHECKMATCH_DECONSTRUCT_KEYS, CHECKMATCH_HASH_EXCEPT,
};
use super::{CResult, Compiler, name_of};
use crate::bytecode::Insn;
use crate::value::{SymbolId, Value, sym, symbol};

/// Why a single-pattern match failed (`PatternError` kinds).
pub const PAT_NONE: u32 = 0;
/// `a === b does not return true`
pub const PAT_VALUE: u32 = 1;
/// `a length mismatch (given a.size, expected b)`
pub const PAT_LENGTH: u32 = 2;
/// Same with `b+` (the pattern has a rest).
pub const PAT_LENGTH_REST: u32 = 3;
pub const PAT_DECONSTRUCT: u32 = 4;
pub const PAT_DECONSTRUCT_KEYS: u32 = 5;
/// `key not found: a` (NoMatchingPatternKeyError; b is the hash).
pub const PAT_KEY: u32 = 6;
/// `rest of a is not empty`
pub const PAT_REST: u32 = 7;
pub const PAT_FIND: u32 = 8;
pub const PAT_GUARD: u32 = 9;
/// `a is not empty`
pub const PAT_EMPTY: u32 = 10;

/// How a failure branch tests the value on top of the stack.
#[derive(Clone, Copy)]
enum Fail {
    IfFalse,
    IfTrue,
}

impl<'pr> Compiler<'pr, '_> {
    pub(super) fn case_in(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_case_match_node().unwrap();
        let subj = self.hidden_local();
        self.opt_body(c.predicate())?;
        self.emit(Insn::SetLocal { idx: subj });
        let single = c.conditions().len() == 1 && c.else_clause().is_none();
        let saved = self.begin_single(single);
        let cache = self.hidden_local();
        self.emit(Insn::PutNil);
        self.emit(Insn::SetLocal { idx: cache });
        let saved_cache = self.decon_cache.replace((subj, cache));
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
        self.pat_err = saved;
        self.decon_cache = saved_cache;
        for e in ends {
            self.patch(e);
        }
        self.scope().depth = base + 1;
        Ok(())
    }

    /// Enters single-pattern mode if `single`; returns the state to restore.
    fn begin_single(&mut self, single: bool) -> Option<u32> {
        let saved = self.pat_err;
        self.pat_err = None;
        if single {
            let k = self.hidden_local();
            self.hidden_local();
            self.hidden_local();
            self.pat_err = Some(k);
            for i in 0..3 {
                self.emit(Insn::PutNil);
                self.emit(Insn::SetLocal { idx: k + i });
            }
        }
        saved
    }

    /// Raises NoMatchingPatternError (pushes a never-used value).
    fn raise_no_match(&mut self, subj: u32) {
        self.emit(Insn::GetLocal { idx: subj });
        match self.pat_err {
            Some(k) => {
                for i in 0..3 {
                    self.emit(Insn::GetLocal { idx: k + i });
                }
            }
            None => {
                self.put_object(Value::int(PAT_NONE as i64));
                self.emit(Insn::PutNil);
                self.emit(Insn::PutNil);
            }
        }
        self.emit(Insn::PatternError);
        self.emit(Insn::PutNil);
    }

    /// Branches to failure on the value on top of the stack. In
    /// single-pattern mode the failure path first records `kind` and runs
    /// `record` (which stores the details in the `a`/`b` locals).
    fn fail_branch(
        &mut self,
        how: Fail,
        fails: &mut Vec<usize>,
        kind: u32,
        record: impl FnOnce(&mut Self, u32, u32),
    ) {
        let Some(k) = self.pat_err else {
            fails.push(match how {
                Fail::IfFalse => self.emit(Insn::BranchUnless { target: 0 }),
                Fail::IfTrue => self.emit(Insn::BranchIf { target: 0 }),
            });
            return;
        };
        let ok = match how {
            Fail::IfFalse => self.emit(Insn::BranchIf { target: 0 }),
            Fail::IfTrue => self.emit(Insn::BranchUnless { target: 0 }),
        };
        self.put_object(Value::int(kind as i64));
        self.emit(Insn::SetLocal { idx: k });
        record(self, k + 1, k + 2);
        fails.push(self.emit(Insn::Jump { target: 0 }));
        self.patch(ok);
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
        let saved = self.begin_single(required);
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
        self.pat_err = saved;
        Ok(())
    }

    /// A top-level `in` pattern, which may carry an `if`/`unless` guard.
    fn pattern_top(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        let guard = if let Some(g) = pat.as_if_node() {
            Some((g.statements(), g.predicate(), Fail::IfFalse))
        } else {
            pat.as_unless_node()
                .map(|g| (g.statements(), g.predicate(), Fail::IfTrue))
        };
        if let Some((stmts, pred, how)) = guard {
            let inner = stmts.and_then(|s| s.body().first());
            if let Some(inner) = inner {
                self.pattern(&inner, subj, fails)?;
            }
            self.expr(&pred)?;
            self.fail_branch(how, fails, PAT_GUARD, |_, _, _| {});
            return Ok(());
        }
        self.pattern(pat, subj, fails)
    }

    /// `pattern === subject` with the pattern on top of the stack.
    fn value_check(&mut self, subj: u32, fails: &mut Vec<usize>) {
        if let Some(k) = self.pat_err {
            self.emit(Insn::Dup);
            self.emit(Insn::SetLocal { idx: k + 1 });
        }
        self.emit(Insn::GetLocal { idx: subj });
        self.emit(Insn::Swap);
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_CASE,
        });
        self.fail_branch(Fail::IfFalse, fails, PAT_VALUE, |c, _, b| {
            c.emit(Insn::GetLocal { idx: subj });
            c.emit(Insn::SetLocal { idx: b });
        });
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
            Node::FindPatternNode { .. } => self.find_pattern(pat, subj, fails)?,
            Node::HashPatternNode { .. } => self.hash_pattern(pat, subj, fails)?,
            Node::SplatNode { .. } => return self.unsupported(pat),
            _ => {
                self.expr(pat)?;
                self.value_check(subj, fails);
            }
        }
        Ok(())
    }

    fn send0(&mut self, name: SymbolId) {
        let site = self.site(name, 0, 0, None);
        self.emit_call(Insn::Send { site }, 1);
    }

    fn send1(&mut self, name: SymbolId) {
        let site = self.site(name, 1, 0, None);
        let insn = super::opt_insn(name, 1, site).unwrap_or(Insn::Send { site });
        self.emit_call(insn, 2);
    }

    /// Checks `Const(...)`, then deconstructs the subject into a new hidden
    /// local (failing if it has no `deconstruct`).
    fn deconstruct(
        &mut self,
        constant: Option<Node<'pr>>,
        subj: u32,
        fails: &mut Vec<usize>,
    ) -> CResult<u32> {
        if let Some(c) = constant {
            self.expr(&c)?;
            self.value_check(subj, fails);
        }
        let arr = self.hidden_local();
        // The case subject's own deconstruct result is cached across the
        // branches: CheckMatch answers a truthy cache without calling.
        let cache = self.decon_cache.filter(|(s, _)| *s == subj).map(|(_, c)| c);
        self.emit(Insn::GetLocal { idx: subj });
        match cache {
            Some(c) => self.emit(Insn::GetLocal { idx: c }),
            None => self.emit(Insn::PutNil),
        };
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_DECONSTRUCT,
        });
        if let Some(c) = cache {
            self.emit(Insn::Dup);
            self.emit(Insn::SetLocal { idx: c });
        }
        self.emit(Insn::Dup);
        self.emit(Insn::SetLocal { idx: arr });
        self.fail_branch(Fail::IfFalse, fails, PAT_DECONSTRUCT, |c, a, _| {
            c.emit(Insn::GetLocal { idx: subj });
            c.emit(Insn::SetLocal { idx: a });
        });
        Ok(arr)
    }

    fn array_pattern(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        let a = pat.as_array_pattern_node().unwrap();
        let arr = self.deconstruct(a.constant(), subj, fails)?;
        let pre = a.requireds().len() as i64;
        let post = a.posts().len() as i64;
        let has_rest = a.rest().is_some();
        self.emit(Insn::GetLocal { idx: arr });
        self.send0(sym::SIZE);
        self.put_object(Value::int(pre + post));
        self.send1(if has_rest { sym::GE } else { sym::EQ });
        let kind = if has_rest {
            PAT_LENGTH_REST
        } else {
            PAT_LENGTH
        };
        self.fail_branch(Fail::IfFalse, fails, kind, |c, a, b| {
            c.emit(Insn::GetLocal { idx: arr });
            c.emit(Insn::SetLocal { idx: a });
            c.put_object(Value::int(pre + post));
            c.emit(Insn::SetLocal { idx: b });
        });
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

    /// `[*pre, p1, ..., pn, *post]`: tries each position in turn.
    fn find_pattern(&mut self, pat: &Node<'pr>, subj: u32, fails: &mut Vec<usize>) -> CResult<()> {
        let f = pat.as_find_pattern_node().unwrap();
        let line = self.line_of_node(pat);
        let msg = format!(
            "{}:{line}: warning: Find pattern is experimental, and the behavior may change in future versions of Ruby!\n",
            self.file
        );
        self.host.warn(msg, false);
        let arr = self.deconstruct(f.constant(), subj, fails)?;
        let n = f.requireds().len() as i64;
        let (i, last) = (self.hidden_local(), self.hidden_local());
        // last = arr.size - n; i = 0
        self.emit(Insn::GetLocal { idx: arr });
        self.send0(sym::SIZE);
        self.put_object(Value::int(n));
        self.send1(sym::MINUS);
        self.emit(Insn::SetLocal { idx: last });
        self.put_object(Value::int(0));
        self.emit(Insn::SetLocal { idx: i });
        let head = self.pc();
        self.emit(Insn::GetLocal { idx: i });
        self.emit(Insn::GetLocal { idx: last });
        self.send1(sym::LE);
        self.fail_branch(Fail::IfFalse, fails, PAT_FIND, |c, a, _| {
            c.emit(Insn::GetLocal { idx: arr });
            c.emit(Insn::SetLocal { idx: a });
        });
        let saved = self.pat_err.take();
        let mut retry = Vec::new();
        for (j, e) in f.requireds().iter().enumerate() {
            let el = self.hidden_local();
            self.emit(Insn::GetLocal { idx: arr });
            self.emit(Insn::GetLocal { idx: i });
            self.put_object(Value::int(j as i64));
            self.send1(sym::PLUS);
            self.send1(sym::AREF);
            self.emit(Insn::SetLocal { idx: el });
            self.pattern(&e, el, &mut retry)?;
        }
        self.pat_err = saved;
        let found = self.emit(Insn::Jump { target: 0 });
        for r in retry {
            self.patch(r);
        }
        self.emit(Insn::GetLocal { idx: i });
        self.put_object(Value::int(1));
        self.send1(sym::PLUS);
        self.emit(Insn::SetLocal { idx: i });
        self.emit(Insn::Jump { target: head });
        self.patch(found);
        let sides = [(f.left(), true), (f.right(), false)];
        for (side, is_left) in sides {
            let Some(t) = side.expression() else {
                continue;
            };
            let el = self.hidden_local();
            self.emit(Insn::GetLocal { idx: arr });
            if is_left {
                self.put_object(Value::int(0));
                self.emit(Insn::GetLocal { idx: i });
            } else {
                self.emit(Insn::GetLocal { idx: i });
                self.put_object(Value::int(n));
                self.send1(sym::PLUS);
                self.emit(Insn::GetLocal { idx: arr });
                self.send0(sym::SIZE);
            }
            let site = self.site(sym::AREF, 2, 0, None);
            self.emit_call(Insn::Send { site }, 3);
            self.emit(Insn::SetLocal { idx: el });
            self.pattern(&t, el, fails)?;
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

    fn hash_key(&mut self, key: &Node<'pr>) -> CResult<SymbolId> {
        match key.as_symbol_node() {
            Some(k) => Ok(symbol::intern(&String::from_utf8_lossy(k.unescaped()))),
            None => self.unsupported(key),
        }
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
            let Some(a) = e.as_assoc_node() else {
                return self.unsupported(&e);
            };
            keys.push(self.hash_key(&a.key())?);
        }
        // `**rest` asks deconstruct_keys for every key (nil).
        let rest_var = h
            .rest()
            .and_then(|r| r.as_assoc_splat_node())
            .and_then(|s| s.value());
        self.emit(Insn::GetLocal { idx: subj });
        if rest_var.is_some() {
            self.emit(Insn::PutNil);
        } else {
            for k in &keys {
                self.put_object(Value::symbol(*k));
            }
            self.emit(Insn::NewArray {
                n: keys.len() as u32,
            });
        }
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_DECONSTRUCT_KEYS,
        });
        self.emit(Insn::Dup);
        self.emit(Insn::SetLocal { idx: hash });
        self.fail_branch(Fail::IfFalse, fails, PAT_DECONSTRUCT_KEYS, |c, a, _| {
            c.emit(Insn::GetLocal { idx: subj });
            c.emit(Insn::SetLocal { idx: a });
        });
        for (e, &key) in h.elements().iter().zip(&keys) {
            let a = e.as_assoc_node().unwrap();
            self.emit(Insn::GetLocal { idx: hash });
            self.put_object(Value::symbol(key));
            self.send1(sym::KEY_P);
            self.fail_branch(Fail::IfFalse, fails, PAT_KEY, |c, a, b| {
                c.put_object(Value::symbol(key));
                c.emit(Insn::SetLocal { idx: a });
                c.emit(Insn::GetLocal { idx: hash });
                c.emit(Insn::SetLocal { idx: b });
            });
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
        let no_rest = h
            .rest()
            .is_some_and(|r| r.as_no_keywords_parameter_node().is_some());
        if no_rest || (h.rest().is_none() && keys.is_empty()) {
            // `**nil`, or `{}` (which matches only an empty hash).
            self.hash_except(hash, &keys);
            self.send0(crate::intern!("empty?"));
            let kind = if keys.is_empty() { PAT_EMPTY } else { PAT_REST };
            self.fail_branch(Fail::IfFalse, fails, kind, |c, a, _| {
                c.hash_except(hash, &keys);
                c.emit(Insn::SetLocal { idx: a });
            });
        } else if let Some(t) = rest_var {
            let el = self.hidden_local();
            self.hash_except(hash, &keys);
            self.emit(Insn::SetLocal { idx: el });
            self.pattern(&t, el, fails)?;
        }
        Ok(())
    }

    /// Pushes the hash in local `hash` without `keys`.
    fn hash_except(&mut self, hash: u32, keys: &[SymbolId]) {
        self.emit(Insn::GetLocal { idx: hash });
        for k in keys {
            self.put_object(Value::symbol(*k));
        }
        self.emit(Insn::NewArray {
            n: keys.len() as u32,
        });
        self.emit(Insn::CheckMatch {
            kind: CHECKMATCH_HASH_EXCEPT,
        });
    }
}
