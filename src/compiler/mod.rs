//! The compiler: prism's AST to carmine bytecode, one `Iseq` per method,
//! block, class body and script. Unsupported nodes become a
//! `CompileError::Unsupported` naming the node (raised as NotImplementedError).
//!
//! Split by concern: `program` compiles a whole source (prism's errors as
//! CRuby 3.1 makes them, `eval`'s scope, the source encoding); this file
//! has the scope builder, statements, variables and literals; `call` has
//! calls, blocks, parameters and definitions; `control` has branches,
//! loops and exceptions; `pattern` has `case/in`.

mod call;
mod control;
mod masgn;
mod pattern;
mod program;
mod syntax_error;

pub use program::{EvalScope, EvalSite, LitEnc, compile_eval, compile_program, compile_program_at};

/// `CheckMatch` kinds.
pub mod control_kinds {
    pub use super::control::{
        CHECKMATCH_CASE, CHECKMATCH_DECONSTRUCT, CHECKMATCH_DECONSTRUCT_KEYS,
        CHECKMATCH_HASH_EXCEPT, CHECKMATCH_RESCUE, CHECKMATCH_RESCUE_SPLAT, CHECKMATCH_SPLAT,
        CHECKMATCH_WHEN_SPLAT, JUMP_BLOCK_BREAK, JUMP_BLOCK_NEXT, JUMP_LOOP_BREAK, JUMP_LOOP_NEXT,
    };
    pub use super::pattern::*;
}

use std::rc::Rc;

use num_bigint::BigInt;
use ruby_prism::{Node, StatementsNode};

use crate::bytecode::{CatchEntry, Insn, Iseq, IseqKind, Params, Target};
use crate::dispatch::CallSite;
use crate::value::{CallSiteId, IseqId, SymbolId, Value, sym, symbol};

/// A literal the host must allocate on the heap (kept alive forever).
pub enum Literal {
    Bignum(BigInt),
    Float(f64),
    Regexp(Vec<u8>, u32),
    FrozenString(Vec<u8>),
    /// A frozen string literal of a non-UTF-8 encoding.
    EncodedString(Vec<u8>, LitEnc),
    /// A Range of two Fixnum-or-nil ends (exclusive when true).
    Range(Value, Value, bool),
}

/// A Range literal's end that CRuby folds into a literal Range
/// (`optimizable_range_item_p`): a Fixnum literal, nil, or no end.
fn range_end(n: Option<Node<'_>>) -> Option<Value> {
    match n {
        None => Some(Value::NIL),
        Some(Node::NilNode { .. }) => Some(Value::NIL),
        Some(n @ Node::IntegerNode { .. }) => {
            let value = n.as_integer_node().unwrap().value();
            let (neg, digits) = value.to_u32_digits();
            let mag = match digits {
                [] => 0,
                [d] => *d as i64,
                [lo, hi] if *hi < 0x8000_0000 => ((*hi as i64) << 32) | *lo as i64,
                _ => return None,
            };
            Value::fixnum(if neg { -mag } else { mag })
        }
        Some(_) => None,
    }
}

/// A String literal without interpolation or a forced encoding: its bytes.
fn plain_string(n: Option<Node<'_>>) -> Option<Vec<u8>> {
    let s = n?.as_string_node()?;
    if s.is_forced_binary_encoding() || s.is_forced_utf8_encoding() {
        return None;
    }
    Some(s.unescaped().to_vec())
}

/// What the compiler needs from the VM.
pub trait Host {
    fn reserve_iseq(&mut self) -> IseqId;
    fn install_iseq(&mut self, iseq: Iseq);
    fn add_site(&mut self, site: CallSite) -> CallSiteId;
    fn literal(&mut self, lit: Literal) -> Result<Value, String>;
    /// A parse-time warning (`FILE:LINE: warning: ...`), shown after the
    /// compile; `verbose_only` ones only under `-W`/`$VERBOSE = true`.
    fn warn(&mut self, msg: String, verbose_only: bool);
}

/// A regexp literal's option bits (`/i` 1, `/x` 2, `/m` 4, `/u` 16,
/// `/n` 32) from a prism node that has the regular-expression flags. (A
/// binary source file's `\xHH` escapes make an ASCII-8BIT regexp, as `/n`
/// does.)
macro_rules! regexp_opts {
    ($r:expr) => {
        ($r.is_ignore_case() as u32)
            | (($r.is_extended() as u32) << 1)
            | (($r.is_multi_line() as u32) << 2)
            | (($r.is_utf_8() as u32) << 4)
            | (($r.is_ascii_8bit() as u32) << 5)
    };
}

#[derive(Debug)]
pub enum CompileError {
    Syntax(String),
    Unsupported { node: String, line: u32 },
    Invalid { message: String, line: u32 },
}

pub type CResult<T> = Result<T, CompileError>;

pub(crate) struct LoopCtx {
    break_patches: Vec<usize>,
    /// Start of the body (`redo`).
    redo_target: Target,
    depth: i64,
    ensure_level: usize,
    /// How many rescue clauses enclosed the loop (`rescue_errinfo`): a
    /// `break`/`next` from one opened inside it sets `$!` back.
    rescue_level: usize,
    /// A class body inside throws `break`/`next` to it: the loop gets
    /// catch entries for them.
    thrown: bool,
}

pub(crate) struct Scope<'pr> {
    /// `"lit".freeze` / `-"lit"` sends (their pcs; the `putstring` is the
    /// slot before): `fuse_literals` makes them `opt_str_freeze`.
    str_freeze: Vec<usize>,
    id: IseqId,
    kind: IseqKind,
    label: String,
    method_name: Option<SymbolId>,
    insns: Vec<Insn>,
    lines: Vec<u32>,
    /// Local slot names; `None` for hidden temporaries.
    locals: Vec<Option<SymbolId>>,
    params: Params,
    catch: Vec<CatchEntry>,
    strings: Vec<Vec<u8>>,
    literals: Vec<Value>,
    depth: i64,
    loops: Vec<LoopCtx>,
    /// Ensure bodies enclosing the current point (inlined by break/return).
    ensures: Vec<Option<StatementsNode<'pr>>>,
    /// Start of the begin body for `retry` in rescue clauses.
    retry_targets: Vec<Target>,
    /// The hidden locals of the rescue clauses enclosing the current point
    /// (outermost first): a `return` from inside one sets `$!` back first.
    rescue_errinfo: Vec<u32>,
    has_blocks: bool,
    /// The scope calls `binding`, `eval` or `local_variables` (no
    /// receiver): every named local lives in the heap env, as do those
    /// of the scopes it is nested in (a Binding reaches them by depth).
    wants_binding: bool,
    /// Locals a nested block reads or writes: only these live in the heap
    /// env; the others stay on the VM stack.
    captured: Vec<u32>,
    /// A `for` body: a block scope that prism does not count for depths.
    transparent: bool,
    /// Start of a block's body (`redo`).
    redo_target: Option<Target>,
    ivar_caches: u32,
    first_line: u32,
    line: u32,
    parent: Option<IseqId>,
    /// (pc, start, end): source ranges error_highlight marks.
    spans: Vec<(u32, u32, u32)>,
    /// `Iseq::line_events` so far; a statement on a new line sets
    /// `line_event_pending` and the next instruction takes the event.
    line_events: Vec<u32>,
    line_event_pending: bool,
    /// The line of the last statement given a `:line` event (CRuby's
    /// `last_line`: a statement on the same line gets none).
    last_event_line: u32,
    return_pcs: Vec<u32>,
    end_line: u32,
}

pub struct Compiler<'pr, 'h> {
    host: &'h mut dyn Host,
    file: Rc<str>,
    src: &'pr [u8],
    source: Rc<[u8]>,
    /// Byte offset where each line starts.
    line_starts: Vec<u32>,
    /// The number the source's first line has, minus one (`eval`'s line).
    line_base: i64,
    scopes: Vec<Scope<'pr>>,
    frozen_strings: bool,
    /// The source's encoding (magic comment): its literals' default.
    source_enc: LitEnc,
    /// In a single-pattern match (`=>`, one-branch `case/in`): the first of
    /// the hidden locals (kind, a, b) describing the last failed check.
    pat_err: Option<u32>,
    /// In a `case/in`: (subject local, cache local). Every top-level array
    /// or find pattern deconstructs the subject once (CRuby's
    /// deconstructed cache), kept in the cache local.
    decon_cache: Option<(u32, u32)>,
    /// (start, end) of a setter statement whose value is popped
    /// (`unused_setter`): `call` / `index_op_write` compile it without
    /// keeping the assigned value.
    setter_value_unused: Option<(u32, u32)>,
    /// `line_at`'s last (offset, line).
    last_line_at: std::cell::Cell<(u32, u32)>,
    /// Compiling `eval`'d code.
    eval: bool,
    /// For code evaluated in a Binding: the local names of the scopes
    /// around it, innermost first (each by slot; `None` for a hidden one).
    /// A local deeper than the compiler's own scopes is found here.
    outer: Vec<Vec<Option<SymbolId>>>,
}

fn name_of(id: &ruby_prism::ConstantId<'_>) -> SymbolId {
    symbol::intern(&String::from_utf8_lossy(id.as_slice()))
}

fn node_name(node: &Node<'_>) -> String {
    let s = format!("{node:?}");
    s.split(['(', ' ', '{']).next().unwrap_or("?").to_string()
}

impl<'pr, 'h> Compiler<'pr, 'h> {
    // ---- scopes -------------------------------------------------------

    fn push_scope(
        &mut self,
        kind: IseqKind,
        label: String,
        method_name: Option<SymbolId>,
        line: u32,
    ) {
        let id = self.host.reserve_iseq();
        let parent = self.scopes.last().map(|s| s.id);
        self.scopes.push(Scope {
            id,
            kind,
            label,
            method_name,
            insns: Vec::new(),
            lines: Vec::new(),
            locals: Vec::new(),
            params: Params {
                simple: true,
                lead_only: true,
                ..Params::default()
            },
            catch: Vec::new(),
            strings: Vec::new(),
            literals: Vec::new(),
            depth: 0,
            loops: Vec::new(),
            ensures: Vec::new(),
            retry_targets: Vec::new(),
            rescue_errinfo: Vec::new(),
            has_blocks: false,
            wants_binding: kind == IseqKind::Eval,
            captured: Vec::new(),
            transparent: false,
            redo_target: None,
            ivar_caches: 0,
            first_line: line,
            line,
            parent,
            spans: Vec::new(),
            line_events: Vec::new(),
            line_event_pending: false,
            last_event_line: 0,
            return_pcs: Vec::new(),
            str_freeze: Vec::new(),
            end_line: line,
        });
    }

    fn pop_scope(&mut self) -> IseqId {
        let mut s = self.scopes.pop().expect("scope");
        if s.wants_binding {
            s.has_blocks = true;
            for (i, l) in s.locals.iter().enumerate() {
                if l.is_some() && !s.captured.contains(&(i as u32)) {
                    s.captured.push(i as u32);
                }
            }
            if matches!(s.kind, IseqKind::Block | IseqKind::Lambda)
                && let Some(p) = self.scopes.last_mut()
            {
                p.wants_binding = true;
            }
        }
        if self.eval {
            // eval'd code: error_highlight has no source to show (CRuby's
            // cannot get the AST of eval'd code).
            s.spans.clear();
        }
        let mut captured = vec![false; s.locals.len()];
        if s.has_blocks {
            for &i in &s.captured {
                captured[i as usize] = true;
            }
            for insn in s.insns.iter_mut() {
                match *insn {
                    Insn::GetLocal { idx } if captured[idx as usize] => {
                        *insn = Insn::GetLocalUp { idx, depth: 0 }
                    }
                    Insn::SetLocal { idx } if captured[idx as usize] => {
                        *insn = Insn::SetLocalUp { idx, depth: 0 }
                    }
                    _ => {}
                }
            }
        }
        let mut unfused = crate::bytecode::peephole::optimize(&mut s.insns);
        self.fuse_literals(&mut s, &mut unfused);
        let local_names = s
            .locals
            .iter()
            .map(|n| n.unwrap_or(SymbolId(u32::MAX)))
            .collect();
        let iseq = Iseq {
            id: s.id,
            kind: s.kind,
            label: s.label,
            method_name: s.method_name,
            file: self.file.clone(),
            first_line: s.first_line,
            insns: s.insns,
            lines: s.lines.into(),
            local_count: s.locals.len() as u32,
            local_names,
            params: s.params,
            env_on_heap: s.has_blocks,
            captured: captured.into(),
            catch: s.catch.into(),
            strings: s.strings.into(),
            literals: s.literals.into(),
            parent: s.parent,
            ivar_caches: s.ivar_caches,
            calls: std::cell::Cell::new(0),
            entry_pc: std::cell::Cell::new(0),
            jit_code: std::cell::Cell::new((0, 0)),
            spans: s.spans.into(),
            source: self.source.clone(),
            line_events: s.line_events.into(),
            return_pcs: s.return_pcs.into(),
            end_line: s.end_line,
            internal: self.file.starts_with("<internal:"),
            unfused: unfused.into(),
        };
        let id = iseq.id;
        self.host.install_iseq(iseq);
        id
    }

    fn scope(&mut self) -> &mut Scope<'pr> {
        self.scopes.last_mut().expect("scope")
    }

    /// A `putstring` whose String the next instruction may not need
    /// becomes a fused instruction holding the literal's deduplicated
    /// frozen twin (which the iseq keeps alive), the next instruction
    /// staying for the slow path and for jumps to it: `putstring "k";
    /// opt_aref` becomes `opt_aref_with`, and `putstring "s"; send
    /// :freeze` (or `:-@`) `opt_str_freeze`. Done here, not in
    /// `peephole`, as it makes literals.
    fn fuse_literals(&mut self, s: &mut Scope<'pr>, unfused: &mut Vec<(u32, Insn)>) {
        let mut added = false;
        for i in 0..s.insns.len().saturating_sub(1) {
            let Insn::PutString { idx } = s.insns[i] else {
                continue;
            };
            let freeze = s.str_freeze.contains(&(i + 1));
            if !freeze && !matches!(s.insns[i + 1], Insn::OptAref { .. }) {
                continue;
            }
            let bytes = s.strings[idx as usize].clone();
            let Ok(key) = self.host.literal(Literal::FrozenString(bytes)) else {
                continue;
            };
            s.literals.push(key);
            unfused.push((i as u32, s.insns[i]));
            s.insns[i] = if freeze {
                Insn::OptStrFreeze { v: key }
            } else {
                Insn::OptArefWith { key }
            };
            added = true;
        }
        if added {
            unfused.sort_by_key(|u| u.0);
        }
    }

    fn declare_locals(&mut self, locals: &ruby_prism::ConstantList<'_>) {
        for l in locals.iter() {
            let n = name_of(&l);
            if !self.scope().locals.contains(&Some(n)) {
                self.scope().locals.push(Some(n));
            }
        }
    }

    fn local_slot(&mut self, name: SymbolId) -> u32 {
        let s = self.scope();
        if let Some(i) = s.locals.iter().position(|l| *l == Some(name)) {
            return i as u32;
        }
        s.locals.push(Some(name));
        s.locals.len() as u32 - 1
    }

    /// A hidden local for compiler temporaries.
    fn hidden_local(&mut self) -> u32 {
        let s = self.scope();
        s.locals.push(None);
        s.locals.len() as u32 - 1
    }

    /// A flip-flop (`a..b` as a condition): its state lives in a hidden
    /// local of the enclosing method (or top/class) scope, as in CRuby.
    fn flip_flop(&mut self, node: &Node<'pr>) -> CResult<()> {
        let f = node.as_flip_flop_node().unwrap();
        let n = self.scopes.len();
        let mut t = n - 1;
        while t > 0 && matches!(self.scopes[t].kind, IseqKind::Block | IseqKind::Lambda) {
            t -= 1;
        }
        let idx = {
            let s = &mut self.scopes[t];
            s.locals.push(None);
            s.locals.len() as u32 - 1
        };
        let depth = (n - 1 - t) as u32;
        if depth > 0 {
            self.capture(t, idx);
        }
        let get = if depth > 0 {
            Insn::GetLocalUp { idx, depth }
        } else {
            Insn::GetLocal { idx }
        };
        let set = if depth > 0 {
            Insn::SetLocalUp { idx, depth }
        } else {
            Insn::SetLocal { idx }
        };
        let exclusive = f.is_exclude_end();
        self.emit(get);
        let j_on = self.emit(Insn::BranchIf { target: 0 });
        match f.left() {
            Some(l) => self.expr(&l)?,
            None => {
                self.emit(Insn::PutNil);
            }
        }
        let j_false = self.emit(Insn::BranchUnless { target: 0 });
        let mut j_true_stateless = None;
        if !exclusive {
            match f.right() {
                Some(r) => self.expr(&r)?,
                None => {
                    self.emit(Insn::PutNil);
                }
            }
            j_true_stateless = Some(self.emit(Insn::BranchIf { target: 0 }));
        }
        self.emit(Insn::PutObject { v: Value::TRUE });
        self.emit(set);
        let j_true = self.emit(Insn::Jump { target: 0 });
        self.patch(j_on);
        match f.right() {
            Some(r) => self.expr(&r)?,
            None => {
                self.emit(Insn::PutNil);
            }
        }
        let j_true2 = self.emit(Insn::BranchUnless { target: 0 });
        self.emit(Insn::PutObject { v: Value::FALSE });
        self.emit(set);
        self.patch(j_true);
        self.patch(j_true2);
        if let Some(j) = j_true_stateless {
            self.patch(j);
        }
        self.emit(Insn::PutObject { v: Value::TRUE });
        let j_end = self.emit(Insn::Jump { target: 0 });
        self.patch(j_false);
        self.emit(Insn::PutObject { v: Value::FALSE });
        self.scope().depth -= 1;
        self.patch(j_end);
        Ok(())
    }

    /// `A::B ||= v`, `A::B &&= v`, `A::B += v`.
    fn const_path_op_write(&mut self, node: &Node<'pr>) -> CResult<()> {
        let (target, value, kind) = if let Some(n) = node.as_constant_path_or_write_node() {
            (n.target(), n.value(), None)
        } else if let Some(n) = node.as_constant_path_and_write_node() {
            (n.target(), n.value(), Some(None))
        } else {
            let n = node.as_constant_path_operator_write_node().unwrap();
            (
                n.target(),
                n.value(),
                Some(Some(name_of(&n.binary_operator()))),
            )
        };
        let name = target.name().map(|n| name_of(&n)).unwrap_or(SymbolId(0));
        match target.parent() {
            Some(parent) => self.expr(&parent)?,
            // `::X ||= v`: Object's constant.
            None => {
                self.emit(Insn::GetConstTop {
                    name: crate::intern!("Object"),
                });
            }
        }
        let mut done = None;
        match kind {
            None => {
                self.emit(Insn::Dup);
                self.put_object(Value::symbol(name));
                let site = self.site(crate::intern!("const_defined?"), 1, 0, None);
                self.emit_call(Insn::Send { site }, 2);
                let j = self.emit(Insn::BranchUnless { target: 0 });
                self.emit(Insn::Dup);
                let cache = self.ivar_cache();
                self.emit(Insn::GetConstUnder { name, cache });
                self.emit(Insn::Dup);
                done = Some(self.emit(Insn::BranchIf { target: 0 }));
                self.emit(Insn::Pop);
                self.patch(j);
                self.expr(&value)?;
            }
            Some(None) => {
                self.emit(Insn::Dup);
                let cache = self.ivar_cache();
                self.emit(Insn::GetConstUnder { name, cache });
                self.emit(Insn::Dup);
                done = Some(self.emit(Insn::BranchUnless { target: 0 }));
                self.emit(Insn::Pop);
                self.expr(&value)?;
            }
            Some(Some(op)) => {
                self.emit(Insn::Dup);
                let cache = self.ivar_cache();
                self.emit(Insn::GetConstUnder { name, cache });
                self.expr(&value)?;
                self.binop(op, None);
            }
        }
        self.emit(Insn::Dup);
        self.emit(Insn::TopN { n: 2 });
        self.emit(Insn::Swap);
        self.emit(Insn::SetConstUnder { name });
        if let Some(j) = done {
            self.patch(j);
        }
        self.emit(Insn::Swap);
        self.emit(Insn::Pop);
        Ok(())
    }

    /// Resolves a local `depth` scopes up to its slot.
    fn resolve_local(&mut self, name: SymbolId, depth: u32) -> (u32, u32) {
        let n = self.scopes.len();
        let mut target = n - 1;
        while target > 0 && self.scopes[target].transparent {
            target -= 1;
        }
        for d in 0..depth {
            if target == 0 {
                if let Some(r) = self.resolve_outer(name, depth - d) {
                    return r;
                }
                break;
            }
            target -= 1;
            while target > 0 && self.scopes[target].transparent {
                target -= 1;
            }
        }
        let depth = (n - 1 - target) as u32;
        let s = &mut self.scopes[target];
        let idx = match s.locals.iter().position(|l| *l == Some(name)) {
            Some(i) => i as u32,
            None => {
                s.locals.push(Some(name));
                s.locals.len() as u32 - 1
            }
        };
        if depth > 0 {
            self.capture(target, idx);
        }
        (idx, depth)
    }

    /// A local `up` scopes out from the outermost compiled scope: one of
    /// the Binding's (`outer`). Every compiled scope then needs its env
    /// (the chain the local is reached through).
    fn resolve_outer(&mut self, name: SymbolId, up: u32) -> Option<(u32, u32)> {
        let names = self.outer.get(up as usize - 1)?;
        let idx = names.iter().position(|l| *l == Some(name))? as u32;
        let n = self.scopes.len();
        for s in &mut self.scopes[..n - 1] {
            s.has_blocks = true;
        }
        Some((idx, (n - 1) as u32 + up))
    }

    /// Local `idx` of scope `target` is used by a block nested in it: it
    /// moves to the heap env, and every scope from `target` to the block
    /// gets an env (the chain the block reaches it through).
    fn capture(&mut self, target: usize, idx: u32) {
        let n = self.scopes.len();
        for s in &mut self.scopes[target..n - 1] {
            s.has_blocks = true;
        }
        let s = &mut self.scopes[target];
        if !s.captured.contains(&idx) {
            s.captured.push(idx);
        }
    }

    // ---- emission -----------------------------------------------------

    fn pc(&mut self) -> Target {
        self.scope().insns.len() as Target
    }

    fn emit(&mut self, insn: Insn) -> usize {
        let s = self.scopes.last_mut().expect("scope");
        if let Some((pop, push)) = insn.stack_effect() {
            s.depth += push - pop;
            // A join that restores the wrong depth shows up here (in the
            // fuzzer's build) rather than as a wrong stack offset later.
            debug_assert!(s.depth >= 0, "compile-time stack depth below zero");
        }
        if s.line_event_pending {
            s.line_event_pending = false;
            s.line_events.push(s.insns.len() as u32);
        }
        s.insns.push(insn);
        s.lines.push(s.line);
        s.insns.len() - 1
    }

    /// A statement starts: it takes a `:line` event unless the last
    /// statement given one is on the same line (CRuby's newline nodes).
    pub(super) fn line_event(&mut self, node: &Node<'_>) {
        let line = self.line_of_node(node);
        let s = self.scope();
        if s.last_event_line != line {
            s.last_event_line = line;
            s.line_event_pending = true;
        }
    }

    /// The scope's body ends where `node` does: its `:return`-like
    /// events report that line.
    fn end_body_at(&mut self, node: &Node<'_>) {
        let line = self.line_at(node.location().end().saturating_sub(1));
        self.scope().end_line = line;
    }

    /// The `leave` just emitted is an explicit `return` (or `next`).
    fn mark_return(&mut self) {
        let s = self.scope();
        let pc = s.insns.len() as u32 - 1;
        s.return_pcs.push(pc);
    }

    /// Emits a call-like instruction whose stack effect depends on its site.
    fn emit_call(&mut self, insn: Insn, pops: i64) {
        // Specialised operators (opt_plus...) declare their stack effect in
        // the instruction table, which `emit` already applied.
        let declared = insn.stack_effect().is_some();
        self.emit(insn);
        if !declared {
            self.scope().depth += 1 - pops;
        }
    }

    fn patch(&mut self, at: usize) {
        let here = self.pc();
        self.patch_to(at, here);
    }

    fn patch_to(&mut self, at: usize, target: Target) {
        let s = self.scope();
        s.insns[at] = match s.insns[at] {
            Insn::Jump { .. } => Insn::Jump { target },
            Insn::BranchIf { .. } => Insn::BranchIf { target },
            Insn::BranchUnless { .. } => Insn::BranchUnless { target },
            Insn::BranchNil { .. } => Insn::BranchNil { target },
            Insn::BranchIfSet { idx, .. } => Insn::BranchIfSet { idx, target },
            other => other,
        };
    }

    fn set_line(&mut self, node: &Node<'_>) {
        let line = self.line_at(node.location().start());
        self.scope().line = line;
    }

    fn line_of_node(&self, node: &Node<'_>) -> u32 {
        self.line_at(node.location().start())
    }

    /// The line of a byte offset (the last one asked is kept: a
    /// statement's `:line` event and its expression ask twice).
    fn line_at(&self, off: u32) -> u32 {
        let (last, line) = self.last_line_at.get();
        if last == off {
            return line;
        }
        let n = self.line_starts.partition_point(|&s| s <= off) as i64;
        let line = n.saturating_add(self.line_base).clamp(0, u32::MAX as i64) as u32;
        self.last_line_at.set((off, line));
        line
    }

    /// Marks the last emitted instruction's source range for error_highlight.
    fn mark_span(&mut self, start: u32, end: u32) {
        let s = self.scope();
        let pc = s.insns.len() as u32 - 1;
        s.spans.push((pc, start, end));
    }

    fn site(&mut self, name: SymbolId, argc: u32, flags: u32, block: Option<IseqId>) -> CallSiteId {
        let line = self.scopes.last().map(|s| s.line).unwrap_or(0);
        let site = CallSite::new(name, argc, flags, block, self.file.clone(), line);
        self.host.add_site(site)
    }

    fn put_object(&mut self, v: Value) {
        self.emit(Insn::PutObject { v });
    }

    fn put_literal(&mut self, lit: Literal, line: u32) -> CResult<()> {
        let v = self
            .host
            .literal(lit)
            .map_err(|message| CompileError::Invalid { message, line })?;
        self.scope().literals.push(v);
        self.put_object(v);
        Ok(())
    }

    fn put_string(&mut self, bytes: &[u8]) {
        if self.frozen_strings {
            let v = self
                .host
                .literal(Literal::FrozenString(bytes.to_vec()))
                .unwrap_or(Value::NIL);
            self.put_object(v);
            return;
        }
        let idx = self.string_index(bytes);
        self.emit(Insn::PutString { idx });
    }

    /// The index of `bytes` in the iseq's string table (a new entry).
    fn string_index(&mut self, bytes: &[u8]) -> u32 {
        let s = self.scope();
        s.strings.push(bytes.to_vec());
        s.strings.len() as u32 - 1
    }

    /// A string literal's encoding: `\u` escapes make it UTF-8, high
    /// `\x` escapes in a US-ASCII source binary, else the source's.
    fn string_enc(&self, s: &ruby_prism::StringNode<'_>) -> LitEnc {
        if s.is_forced_utf8_encoding() {
            LitEnc::UTF8
        } else if s.is_forced_binary_encoding()
            || (self.source_enc == LitEnc::US_ASCII && !s.unescaped().is_ascii())
        {
            LitEnc::BINARY
        } else {
            self.source_enc
        }
    }

    /// A literal of a non-UTF-8 encoding: a new String each time unless
    /// frozen.
    fn put_encoded_string(&mut self, bytes: &[u8], enc: LitEnc, frozen: bool) {
        if frozen || self.frozen_strings {
            let v = self
                .host
                .literal(Literal::EncodedString(bytes.to_vec(), enc))
                .unwrap_or(Value::NIL);
            self.put_object(v);
            return;
        }
        let idx = self.string_index(bytes);
        self.emit(Insn::PutStringEnc {
            idx,
            enc: enc.0 as u32,
        });
    }

    /// An expression we cannot compile yet raises NotImplementedError when
    /// (and only if) it is reached, so the rest of the file still runs.
    fn raise_unsupported(&mut self, node: &Node<'_>) -> CResult<()> {
        let msg = format!(
            "{}:{}: carmine does not support {} yet",
            self.file,
            self.line_of_node(node),
            node_name(node)
        );
        self.emit(Insn::PutSelf);
        self.emit(Insn::GetConstTop {
            name: crate::intern!("NotImplementedError"),
        });
        self.put_string(msg.as_bytes());
        let site = self.site(
            crate::intern!("raise"),
            2,
            crate::dispatch::flags::FCALL,
            None,
        );
        self.emit_call(Insn::Send { site }, 3);
        Ok(())
    }

    fn unsupported<T>(&self, node: &Node<'_>) -> CResult<T> {
        Err(CompileError::Unsupported {
            node: node_name(node),
            line: self.line_of_node(node),
        })
    }

    // ---- statements ---------------------------------------------------

    fn statements(&mut self, stmts: Option<StatementsNode<'pr>>) -> CResult<()> {
        let Some(stmts) = stmts else {
            self.emit(Insn::PutNil);
            return Ok(());
        };
        let body = stmts.body();
        if body.is_empty() {
            self.emit(Insn::PutNil);
            return Ok(());
        }
        let n = body.len();
        for (i, node) in body.iter().enumerate() {
            self.line_event(&node);
            if i + 1 < n {
                self.void_stmt(&node)?;
            } else {
                self.expr(&node)?;
            }
        }
        Ok(())
    }

    /// Statements whose values are all discarded (a loop's body): nothing
    /// is left on the stack.
    pub(super) fn void_statements(&mut self, stmts: Option<StatementsNode<'pr>>) -> CResult<()> {
        if let Some(stmts) = stmts {
            for node in stmts.body().iter() {
                self.line_event(&node);
                self.void_stmt(&node)?;
            }
        }
        Ok(())
    }

    /// A statement whose value is discarded, as CRuby compiles a popped
    /// node: an `if`/`unless` compiles its branches the same way, so
    /// `x += 1 if c` is a branch and an update with no `putnil`/`pop` at
    /// the join; a setter keeps no copy of its value (`unused_setter`);
    /// anything else is an expression, popped.
    fn void_stmt(&mut self, node: &Node<'pr>) -> CResult<()> {
        let (pred, negate, then, els) = match node {
            Node::IfNode { .. } => {
                let n = node.as_if_node().unwrap();
                (n.predicate(), false, n.statements(), n.subsequent())
            }
            Node::UnlessNode { .. } => {
                let n = node.as_unless_node().unwrap();
                let els = n.else_clause().map(|e| e.as_node());
                (n.predicate(), true, n.statements(), els)
            }
            // A value with no effect is not computed (as CRuby: its
            // `:line` event goes to the next statement's code).
            Node::LocalVariableReadNode { .. }
            | Node::NilNode { .. }
            | Node::TrueNode { .. }
            | Node::FalseNode { .. }
            | Node::SelfNode { .. }
            | Node::IntegerNode { .. }
            | Node::FloatNode { .. }
            | Node::SymbolNode { .. } => return Ok(()),
            _ => {
                if let Some(l) = unused_setter(node) {
                    self.setter_value_unused = Some(l);
                }
                self.expr(node)?;
                self.emit(Insn::Pop);
                return Ok(());
            }
        };
        self.set_line(node);
        self.expr(&pred)?;
        let j = if negate {
            self.emit(Insn::BranchIf { target: 0 })
        } else {
            self.emit(Insn::BranchUnless { target: 0 })
        };
        let d = self.scope().depth;
        self.void_statements(then)?;
        self.scope().depth = d;
        if let Some(els) = els {
            let end = self.emit(Insn::Jump { target: 0 });
            self.patch(j);
            match els.as_else_node() {
                Some(e) => self.void_statements(e.statements())?,
                None => {
                    // `elsif`
                    self.line_event(&els);
                    self.void_stmt(&els)?
                }
            }
            self.patch(end);
        } else {
            self.patch(j);
        }
        Ok(())
    }

    /// Whether the setter at `loc` is the statement marked value-unused
    /// (the mark is cleared then; other nodes leave it for that one).
    pub(super) fn take_value_unused(&mut self, loc: &ruby_prism::Location<'_>) -> bool {
        let hit = self.setter_value_unused == Some((loc.start(), loc.end()));
        if hit {
            self.setter_value_unused = None;
        }
        hit
    }

    fn opt_body(&mut self, node: Option<Node<'pr>>) -> CResult<()> {
        match node {
            Some(n) => self.expr(&n),
            None => {
                self.emit(Insn::PutNil);
                Ok(())
            }
        }
    }

    /// Compiles `node`, leaving exactly one value on the stack.
    fn expr(&mut self, node: &Node<'pr>) -> CResult<()> {
        self.set_line(node);
        match node {
            Node::StatementsNode { .. } => self.statements(node.as_statements_node()),
            Node::ParenthesesNode { .. } => {
                self.opt_body(node.as_parentheses_node().unwrap().body())
            }
            Node::NilNode { .. } => {
                self.emit(Insn::PutNil);
                Ok(())
            }
            Node::TrueNode { .. } => {
                self.put_object(Value::TRUE);
                Ok(())
            }
            Node::FalseNode { .. } => {
                self.put_object(Value::FALSE);
                Ok(())
            }
            Node::SelfNode { .. } => {
                self.emit(Insn::PutSelf);
                Ok(())
            }
            Node::IntegerNode { .. } => {
                let n = node.as_integer_node().unwrap();
                let value = n.value();
                let (neg, digits) = value.to_u32_digits();
                let digits = digits.to_vec();
                self.integer(neg, &digits, node)
            }
            Node::RationalNode { .. } => {
                // `3r`, `1.5r`: Rational(numerator, denominator).
                let r = node.as_rational_node().unwrap();
                self.emit(Insn::PutSelf);
                for i in [r.numerator(), r.denominator()] {
                    let (neg, digits) = i.to_u32_digits();
                    let digits = digits.to_vec();
                    self.integer(neg, &digits, node)?;
                }
                let site = self.site(
                    crate::intern!("Rational"),
                    2,
                    crate::dispatch::flags::FCALL,
                    None,
                );
                self.emit_call(Insn::Send { site }, 3);
                Ok(())
            }
            Node::ImaginaryNode { .. } => {
                // `2i`, `3ri`: Complex(0, numeric).
                let n = node.as_imaginary_node().unwrap().numeric();
                self.emit(Insn::PutSelf);
                self.put_object(Value::int(0));
                self.expr(&n)?;
                let site = self.site(
                    crate::intern!("Complex"),
                    2,
                    crate::dispatch::flags::FCALL,
                    None,
                );
                self.emit_call(Insn::Send { site }, 3);
                Ok(())
            }
            Node::FloatNode { .. } => {
                let f = node.as_float_node().unwrap().value();
                match Value::flonum(f) {
                    Some(v) => {
                        self.put_object(v);
                        Ok(())
                    }
                    None => self.put_literal(Literal::Float(f), self.line_of_node(node)),
                }
            }
            Node::StringNode { .. } => {
                let s = node.as_string_node().unwrap();
                let enc = self.string_enc(&s);
                if enc != LitEnc::UTF8 {
                    self.put_encoded_string(s.unescaped(), enc, s.is_frozen());
                } else if s.is_frozen() {
                    let v = self
                        .host
                        .literal(Literal::FrozenString(s.unescaped().to_vec()))
                        .unwrap_or(Value::NIL);
                    self.put_object(v);
                } else {
                    self.put_string(s.unescaped());
                }
                Ok(())
            }
            Node::FlipFlopNode { .. } => self.flip_flop(node),
            Node::XStringNode { .. } | Node::InterpolatedXStringNode { .. } => {
                // `cmd` is self.`("cmd")
                self.emit(Insn::PutSelf);
                if let Some(x) = node.as_x_string_node() {
                    self.put_string(x.unescaped());
                } else {
                    let parts = node.as_interpolated_x_string_node().unwrap().parts();
                    self.interpolation(&parts)?;
                }
                let site = self.site(crate::intern!("`"), 1, crate::dispatch::flags::FCALL, None);
                self.emit_call(Insn::Send { site }, 2);
                Ok(())
            }
            Node::InterpolatedStringNode { .. } => {
                let parts = node.as_interpolated_string_node().unwrap().parts();
                self.interpolation(&parts)?;
                Ok(())
            }
            Node::SymbolNode { .. } => {
                let s = node.as_symbol_node().unwrap();
                let name = String::from_utf8_lossy(s.unescaped()).into_owned();
                self.put_object(Value::symbol(symbol::intern(&name)));
                Ok(())
            }
            Node::InterpolatedSymbolNode { .. } => {
                let parts = node.as_interpolated_symbol_node().unwrap().parts();
                self.interpolation(&parts)?;
                let site = self.site(crate::intern!("to_sym"), 0, 0, None);
                self.emit_call(Insn::Send { site }, 1);
                Ok(())
            }
            Node::RegularExpressionNode { .. } => {
                let r = node.as_regular_expression_node().unwrap();
                let opts = regexp_opts!(r);
                self.regexp_literal(r.content_loc(), r.closing_loc(), opts, node)
            }
            Node::MatchLastLineNode { .. } => {
                // `if /re/` (a literal alone in a condition): `/re/ =~ $_`.
                let r = node.as_match_last_line_node().unwrap();
                let opts = regexp_opts!(r);
                self.regexp_literal(r.content_loc(), r.closing_loc(), opts, node)?;
                self.regex_in_condition_warning(node);
                let site = self.site(crate::intern!("~"), 0, 0, None);
                self.emit_call(Insn::Send { site }, 1);
                Ok(())
            }
            Node::InterpolatedRegularExpressionNode { .. } => {
                let r = node.as_interpolated_regular_expression_node().unwrap();
                let opts = regexp_opts!(r);
                self.interpolated_regexp(&r.parts(), opts, r.is_once())
            }
            Node::InterpolatedMatchLastLineNode { .. } => {
                let r = node.as_interpolated_match_last_line_node().unwrap();
                let opts = regexp_opts!(r);
                self.interpolated_regexp(&r.parts(), opts, r.is_once())?;
                self.regex_in_condition_warning(node);
                let site = self.site(crate::intern!("~"), 0, 0, None);
                self.emit_call(Insn::Send { site }, 1);
                Ok(())
            }
            Node::ArrayNode { .. } => {
                let a = node.as_array_node().unwrap();
                self.array_elements(&a.elements())
            }
            Node::HashNode { .. } => {
                let h = node.as_hash_node().unwrap();
                self.hash_elements(&h.elements())
            }
            Node::KeywordHashNode { .. } => {
                let h = node.as_keyword_hash_node().unwrap();
                self.hash_elements(&h.elements())
            }
            Node::RangeNode { .. } => {
                let r = node.as_range_node().unwrap();
                // Integer (or nil) ends: one frozen Range made at compile
                // time, as CRuby's `putobject 48..57`.
                let ends = match (range_end(r.left()), range_end(r.right())) {
                    (Some(b), Some(e)) => Some((b, e)),
                    // ("a".."c"): frozen String ends, as CRuby 3.1 does.
                    _ => match (plain_string(r.left()), plain_string(r.right())) {
                        (Some(b), Some(e)) => {
                            let lit = |c: &mut Self, s: &[u8]| {
                                c.host.literal(Literal::FrozenString(s.to_vec())).ok()
                            };
                            lit(self, &b).zip(lit(self, &e))
                        }
                        _ => None,
                    },
                };
                if let Some((b, e)) = ends {
                    let lit = Literal::Range(b, e, r.is_exclude_end());
                    return self.put_literal(lit, self.line_of_node(node));
                }
                self.opt_body(r.left())?;
                self.opt_body(r.right())?;
                self.emit(Insn::NewRange {
                    excl: r.is_exclude_end(),
                });
                Ok(())
            }
            Node::SourceFileNode { .. } => {
                let f = self.file.to_string();
                self.put_string(f.as_bytes());
                Ok(())
            }
            Node::SourceLineNode { .. } => {
                let l = self.line_of_node(node);
                self.put_object(Value::int(l as i64));
                Ok(())
            }
            Node::SourceEncodingNode { .. } => {
                let site = self.site(
                    crate::intern!("__encoding__"),
                    1,
                    crate::dispatch::flags::FCALL,
                    None,
                );
                self.emit(Insn::PutSelf);
                let name = self.source_enc.name();
                self.put_string(name.as_bytes());
                self.emit_call(Insn::Send { site }, 2);
                Ok(())
            }
            // ---- variables ----
            Node::LocalVariableReadNode { .. } => {
                let n = node.as_local_variable_read_node().unwrap();
                self.get_local(name_of(&n.name()), n.depth());
                Ok(())
            }
            Node::LocalVariableWriteNode { .. } => {
                let n = node.as_local_variable_write_node().unwrap();
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.set_local(name_of(&n.name()), n.depth());
                Ok(())
            }
            Node::LocalVariableOperatorWriteNode { .. } => {
                let n = node.as_local_variable_operator_write_node().unwrap();
                let (name, depth) = (name_of(&n.name()), n.depth());
                self.get_local(name, depth);
                self.expr(&n.value())?;
                self.binop(
                    name_of(&n.binary_operator()),
                    Some(n.binary_operator_loc().start()),
                );
                self.emit(Insn::Dup);
                self.set_local(name, depth);
                Ok(())
            }
            Node::LocalVariableOrWriteNode { .. } | Node::LocalVariableAndWriteNode { .. } => {
                let (name, depth, value, is_or) =
                    if let Some(n) = node.as_local_variable_or_write_node() {
                        (name_of(&n.name()), n.depth(), n.value(), true)
                    } else {
                        let n = node.as_local_variable_and_write_node().unwrap();
                        (name_of(&n.name()), n.depth(), n.value(), false)
                    };
                self.get_local(name, depth);
                self.emit(Insn::Dup);
                let j = if is_or {
                    self.emit(Insn::BranchIf { target: 0 })
                } else {
                    self.emit(Insn::BranchUnless { target: 0 })
                };
                self.emit(Insn::Pop);
                self.expr(&value)?;
                self.emit(Insn::Dup);
                self.set_local(name, depth);
                self.patch(j);
                Ok(())
            }
            Node::InstanceVariableReadNode { .. } => {
                let name = name_of(&node.as_instance_variable_read_node().unwrap().name());
                let ic = self.ivar_cache();
                self.emit(Insn::GetIvar { name, ic });
                Ok(())
            }
            Node::InstanceVariableWriteNode { .. } => {
                let n = node.as_instance_variable_write_node().unwrap();
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                let ic = self.ivar_cache();
                self.emit(Insn::SetIvar {
                    name: name_of(&n.name()),
                    ic,
                });
                Ok(())
            }
            Node::InstanceVariableOperatorWriteNode { .. } => {
                let n = node.as_instance_variable_operator_write_node().unwrap();
                let name = name_of(&n.name());
                let ic = self.ivar_cache();
                self.emit(Insn::GetIvar { name, ic });
                self.expr(&n.value())?;
                self.binop(
                    name_of(&n.binary_operator()),
                    Some(n.binary_operator_loc().start()),
                );
                self.emit(Insn::Dup);
                self.emit(Insn::SetIvar { name, ic });
                Ok(())
            }
            Node::InstanceVariableOrWriteNode { .. }
            | Node::InstanceVariableAndWriteNode { .. } => {
                let (name, value, is_or) =
                    if let Some(n) = node.as_instance_variable_or_write_node() {
                        (name_of(&n.name()), n.value(), true)
                    } else {
                        let n = node.as_instance_variable_and_write_node().unwrap();
                        (name_of(&n.name()), n.value(), false)
                    };
                let ic = self.ivar_cache();
                self.emit(Insn::GetIvar { name, ic });
                self.or_and_tail(is_or, &value, |c| {
                    c.emit(Insn::SetIvar { name, ic });
                })
            }
            Node::GlobalVariableReadNode { .. } => {
                let name = name_of(&node.as_global_variable_read_node().unwrap().name());
                self.emit(Insn::GetGlobal { name });
                Ok(())
            }
            Node::GlobalVariableWriteNode { .. } => {
                let n = node.as_global_variable_write_node().unwrap();
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.emit(Insn::SetGlobal {
                    name: name_of(&n.name()),
                });
                Ok(())
            }
            Node::GlobalVariableOperatorWriteNode { .. } => {
                let n = node.as_global_variable_operator_write_node().unwrap();
                let name = name_of(&n.name());
                self.emit(Insn::GetGlobal { name });
                self.expr(&n.value())?;
                self.binop(
                    name_of(&n.binary_operator()),
                    Some(n.binary_operator_loc().start()),
                );
                self.emit(Insn::Dup);
                self.emit(Insn::SetGlobal { name });
                Ok(())
            }
            Node::GlobalVariableOrWriteNode { .. } | Node::GlobalVariableAndWriteNode { .. } => {
                let (name, value, is_or) = if let Some(n) = node.as_global_variable_or_write_node()
                {
                    (name_of(&n.name()), n.value(), true)
                } else {
                    let n = node.as_global_variable_and_write_node().unwrap();
                    (name_of(&n.name()), n.value(), false)
                };
                self.emit(Insn::GetGlobal { name });
                self.or_and_tail(is_or, &value, |c| {
                    c.emit(Insn::SetGlobal { name });
                })
            }
            Node::BackReferenceReadNode { .. } => {
                let name = String::from_utf8_lossy(
                    node.as_back_reference_read_node()
                        .unwrap()
                        .name()
                        .as_slice(),
                )
                .into_owned();
                let n = match name.as_str() {
                    "$&" => 1000,
                    "$`" => 1001,
                    "$'" => 1002,
                    _ => 1003,
                };
                self.emit(Insn::BackRef { n });
                Ok(())
            }
            Node::NumberedReferenceReadNode { .. } => {
                let n = node.as_numbered_reference_read_node().unwrap().number();
                self.emit(Insn::BackRef { n });
                Ok(())
            }
            Node::ClassVariableReadNode { .. } => {
                let name = name_of(&node.as_class_variable_read_node().unwrap().name());
                self.emit(Insn::GetCvar { name });
                Ok(())
            }
            Node::ClassVariableWriteNode { .. } => {
                let n = node.as_class_variable_write_node().unwrap();
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.emit(Insn::SetCvar {
                    name: name_of(&n.name()),
                });
                Ok(())
            }
            Node::ClassVariableOperatorWriteNode { .. } => {
                let n = node.as_class_variable_operator_write_node().unwrap();
                let name = name_of(&n.name());
                self.emit(Insn::GetCvar { name });
                self.expr(&n.value())?;
                self.binop(
                    name_of(&n.binary_operator()),
                    Some(n.binary_operator_loc().start()),
                );
                self.emit(Insn::Dup);
                self.emit(Insn::SetCvar { name });
                Ok(())
            }
            Node::ClassVariableOrWriteNode { .. } => {
                let n = node.as_class_variable_or_write_node().unwrap();
                let name = name_of(&n.name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_CVAR,
                    name,
                });
                let j = self.emit(Insn::BranchUnless { target: 0 });
                self.emit(Insn::GetCvar { name });
                self.emit(Insn::Dup);
                let j2 = self.emit(Insn::BranchIf { target: 0 });
                self.emit(Insn::Pop);
                self.patch(j);
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.emit(Insn::SetCvar { name });
                self.patch(j2);
                Ok(())
            }
            Node::ConstantReadNode { .. } => {
                let name = name_of(&node.as_constant_read_node().unwrap().name());
                let cache = self.ivar_cache();
                self.emit(Insn::GetConst { name, cache });
                let l = node.location();
                self.mark_span(l.start(), l.end());
                Ok(())
            }
            Node::ConstantPathNode { .. } => {
                let n = node.as_constant_path_node().unwrap();
                let name = n.name().map(|n| name_of(&n)).unwrap_or(SymbolId(0));
                match n.parent() {
                    Some(p) => {
                        self.expr(&p)?;
                        let cache = self.ivar_cache();
                        self.emit(Insn::GetConstUnder { name, cache });
                    }
                    None => {
                        self.emit(Insn::GetConstTop { name });
                    }
                }
                let (d, l) = (n.delimiter_loc(), n.name_loc());
                if self.line_at(d.start()) == self.line_at(l.end()) {
                    self.mark_span(d.start(), l.end());
                }
                Ok(())
            }
            Node::ConstantWriteNode { .. } => {
                let n = node.as_constant_write_node().unwrap();
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.emit(Insn::SetConst {
                    name: name_of(&n.name()),
                });
                Ok(())
            }
            Node::ConstantOrWriteNode { .. } => {
                let n = node.as_constant_or_write_node().unwrap();
                let name = name_of(&n.name());
                self.emit(Insn::PutNil);
                self.emit(Insn::Defined {
                    kind: DEFINED_CONST,
                    name,
                });
                let j = self.emit(Insn::BranchUnless { target: 0 });
                let cache = self.ivar_cache();
                self.emit(Insn::GetConst { name, cache });
                self.emit(Insn::Dup);
                let j2 = self.emit(Insn::BranchIf { target: 0 });
                self.emit(Insn::Pop);
                self.patch(j);
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                self.emit(Insn::SetConst { name });
                self.patch(j2);
                Ok(())
            }
            Node::ConstantOperatorWriteNode { .. } => {
                let n = node.as_constant_operator_write_node().unwrap();
                let name = name_of(&n.name());
                let cache = self.ivar_cache();
                self.emit(Insn::GetConst { name, cache });
                self.expr(&n.value())?;
                self.binop(
                    name_of(&n.binary_operator()),
                    Some(n.binary_operator_loc().start()),
                );
                self.emit(Insn::Dup);
                self.emit(Insn::SetConst { name });
                Ok(())
            }
            Node::ConstantPathWriteNode { .. } => {
                let n = node.as_constant_path_write_node().unwrap();
                let t = n.target();
                let name = t.name().map(|n| name_of(&n)).unwrap_or(SymbolId(0));
                // CRuby 3.1 evaluates the value before the path's parent.
                self.expr(&n.value())?;
                self.emit(Insn::Dup);
                match t.parent() {
                    Some(p) => self.expr(&p)?,
                    // `::C = v`: Object's (as `cbase`'s marker).
                    None => self.put_object(Value::symbol(sym::MAIN)),
                }
                self.emit(Insn::Swap);
                self.emit(Insn::SetConstUnder { name });
                Ok(())
            }
            Node::ConstantPathOrWriteNode { .. }
            | Node::ConstantPathAndWriteNode { .. }
            | Node::ConstantPathOperatorWriteNode { .. } => self.const_path_op_write(node),
            Node::ShareableConstantNode { .. } => {
                self.expr(&node.as_shareable_constant_node().unwrap().write())
            }
            // ---- everything else ----
            _ => self.expr_more(node),
        }
    }

    /// `a ||= v` / `a &&= v` after the current value is on the stack; `store`
    /// writes the top of stack (consuming it).
    fn or_and_tail(
        &mut self,
        is_or: bool,
        value: &Node<'pr>,
        store: impl Fn(&mut Self),
    ) -> CResult<()> {
        self.emit(Insn::Dup);
        let j = if is_or {
            self.emit(Insn::BranchIf { target: 0 })
        } else {
            self.emit(Insn::BranchUnless { target: 0 })
        };
        self.emit(Insn::Pop);
        self.expr(value)?;
        self.emit(Insn::Dup);
        store(self);
        self.patch(j);
        Ok(())
    }

    fn ivar_cache(&mut self) -> u32 {
        let s = self.scope();
        s.ivar_caches += 1;
        s.ivar_caches - 1
    }

    fn get_local(&mut self, name: SymbolId, depth: u32) {
        let (idx, depth) = self.resolve_local(name, depth);
        if depth == 0 {
            self.emit(Insn::GetLocal { idx });
        } else {
            self.emit(Insn::GetLocalUp { idx, depth });
        }
    }

    fn set_local(&mut self, name: SymbolId, depth: u32) {
        let (idx, depth) = self.resolve_local(name, depth);
        if depth == 0 {
            self.emit(Insn::SetLocal { idx });
        } else {
            self.emit(Insn::SetLocalUp { idx, depth });
        }
    }

    fn integer(&mut self, neg: bool, digits: &[u32], node: &Node<'_>) -> CResult<()> {
        let mut mag: u128 = 0;
        let small = digits.len() <= 2;
        if small {
            for (i, d) in digits.iter().enumerate() {
                mag |= (*d as u128) << (32 * i);
            }
        }
        if small {
            let v: i128 = if neg { -(mag as i128) } else { mag as i128 };
            if let Ok(n) = i64::try_from(v)
                && let Some(v) = Value::fixnum(n)
            {
                self.put_object(v);
                return Ok(());
            }
        }
        let mut b = BigInt::from_slice(num_bigint::Sign::Plus, digits);
        if neg {
            b = -b;
        }
        self.put_literal(Literal::Bignum(b), self.line_of_node(node))
    }

    /// Pushes the parts of an interpolated string and concatenates them.
    fn interpolation(&mut self, parts: &ruby_prism::NodeList<'pr>) -> CResult<()> {
        // The pieces join onto an empty string of the source's encoding
        // (UTF-8 unless a magic comment says otherwise).
        let n = self.interpolation_parts(parts, false)?;
        match self.source_enc {
            LitEnc::UTF8 => self.emit(Insn::ConcatStrings { n }),
            enc => self.emit(Insn::ConcatStringsEnc {
                n,
                enc: enc.0 as u32,
            }),
        };
        Ok(())
    }

    fn interpolation_parts(
        &mut self,
        parts: &ruby_prism::NodeList<'pr>,
        raw: bool,
    ) -> CResult<u32> {
        let mut n = 0;
        for p in parts.iter() {
            match &p {
                Node::StringNode { .. } => {
                    let s = p.as_string_node().unwrap();
                    if raw {
                        let src = self.src
                            [s.content_loc().start() as usize..s.content_loc().end() as usize]
                            .to_vec();
                        self.put_string(&src);
                    } else {
                        match self.string_enc(&s) {
                            LitEnc::UTF8 => self.put_string(s.unescaped()),
                            enc => self.put_encoded_string(s.unescaped(), enc, false),
                        }
                    }
                }
                Node::EmbeddedStatementsNode { .. } => {
                    self.statements(p.as_embedded_statements_node().unwrap().statements())?;
                    self.emit(Insn::ObjToString);
                }
                Node::EmbeddedVariableNode { .. } => {
                    self.expr(&p.as_embedded_variable_node().unwrap().variable())?;
                    self.emit(Insn::ObjToString);
                }
                _ => {
                    self.expr(&p)?;
                    self.emit(Insn::ObjToString);
                }
            }
            n += 1;
        }
        Ok(n)
    }

    /// Array literal elements, handling `*splat`.
    fn array_elements(&mut self, elems: &ruby_prism::NodeList<'pr>) -> CResult<()> {
        let mut pending = 0u32;
        let mut have_array = false;
        for e in elems.iter() {
            if let Some(s) = e.as_splat_node() {
                if pending > 0 || !have_array {
                    self.emit(Insn::NewArray { n: pending });
                    if have_array {
                        self.emit(Insn::ConcatArray);
                    }
                    have_array = true;
                    pending = 0;
                }
                self.opt_body(s.expression())?;
                self.emit(Insn::ConcatArray);
            } else {
                self.expr(&e)?;
                pending += 1;
            }
        }
        if !have_array {
            self.emit(Insn::NewArray { n: pending });
        } else if pending > 0 {
            self.emit(Insn::NewArray { n: pending });
            self.emit(Insn::ConcatArray);
        }
        Ok(())
    }

    fn hash_elements(&mut self, elems: &ruby_prism::NodeList<'pr>) -> CResult<()> {
        let mut pending = 0u32;
        let mut have = false;
        for e in elems.iter() {
            if let Some(a) = e.as_assoc_node() {
                self.expr(&a.key())?;
                self.expr(&a.value())?;
                pending += 2;
            } else if let Some(s) = e.as_assoc_splat_node() {
                if !have || pending > 0 {
                    self.emit(Insn::NewHash { n: pending });
                    if have {
                        self.emit(Insn::MergeHash);
                    }
                    have = true;
                    pending = 0;
                }
                match s.value() {
                    Some(v) => self.expr(&v)?,
                    None => {
                        self.emit(Insn::NewHash { n: 0 });
                    }
                }
                self.emit(Insn::MergeHash);
            } else {
                return self.unsupported(&e);
            }
        }
        if !have {
            self.emit(Insn::NewHash { n: pending });
        } else if pending > 0 {
            self.emit(Insn::NewHash { n: pending });
            self.emit(Insn::MergeHash);
        }
        Ok(())
    }

    /// Emits a binary operator call on the two values on top of the stack.
    /// `at`: where an assignment's operator (`+=`) starts; error_highlight
    /// marks the operator without its `=`, as CRuby 3.1 does.
    fn binop(&mut self, op: SymbolId, at: Option<u32>) {
        let site = self.site(op, 1, 0, None);
        let insn = opt_insn(op, 1, site).unwrap_or(Insn::Send { site });
        self.emit_call(insn, 2);
        if let Some(at) = at {
            self.mark_span(at, at + symbol::name(op).len() as u32);
        }
    }
}

pub const DEFINED_CVAR: u32 = 1;
pub const DEFINED_CONST: u32 = 2;
pub const DEFINED_IVAR: u32 = 3;
pub const DEFINED_GVAR: u32 = 4;
pub const DEFINED_METHOD: u32 = 5;
pub const DEFINED_FCALL: u32 = 6;
pub const DEFINED_YIELD: u32 = 7;
pub const DEFINED_SUPER: u32 = 8;
pub const DEFINED_CONST_FROM: u32 = 9;
/// `defined?(::X)`: a constant of Object.
pub const DEFINED_CONST_TOP: u32 = 10;

/// The specialised instruction for an operator call, if any.
fn opt_insn(op: SymbolId, argc: u32, site: CallSiteId) -> Option<Insn> {
    use crate::value::sym;
    Some(match (op, argc) {
        (sym::PLUS, 1) => Insn::OptPlus { site },
        (sym::MINUS, 1) => Insn::OptMinus { site },
        (sym::MUL, 1) => Insn::OptMult { site },
        (sym::DIV, 1) => Insn::OptDiv { site },
        (sym::MOD, 1) => Insn::OptMod { site },
        (sym::EQ, 1) => Insn::OptEq { site },
        (sym::NEQ, 1) => Insn::OptNeq { site },
        (sym::LT, 1) => Insn::OptLt { site },
        (sym::LE, 1) => Insn::OptLe { site },
        (sym::GT, 1) => Insn::OptGt { site },
        (sym::GE, 1) => Insn::OptGe { site },
        (sym::LTLT, 1) => Insn::OptLtLt { site },
        (sym::AND, 1) => Insn::OptAnd { site },
        (sym::OR, 1) => Insn::OptOr { site },
        (sym::XOR, 1) => Insn::OptXor { site },
        (sym::AREF, 1) => Insn::OptAref { site },
        (sym::ASET, 2) => Insn::OptAset { site },
        (sym::NOT, 0) => Insn::OptNot { site },
        (sym::SIZE, 0) => Insn::OptSize { site },
        (sym::LENGTH, 0) => Insn::OptLength { site },
        (sym::EMPTY_P, 0) => Insn::OptEmptyP { site },
        _ => return None,
    })
}

/// The location of the setter whose value a statement `node` (its value
/// popped) does not need: an attribute write or `a[i] op= v` (inside an
/// `if`/`unless` statement, `void_stmt` asks for each branch statement).
fn unused_setter(node: &Node<'_>) -> Option<(u32, u32)> {
    let setter = match node.as_call_node() {
        Some(c) => c.is_attribute_write() && !c.is_safe_navigation(),
        None => {
            node.as_index_operator_write_node().is_some() || node.as_multi_write_node().is_some()
        }
    };
    setter.then(|| {
        let l = node.location();
        (l.start(), l.end())
    })
}

/// A regexp literal's source as CRuby's parser keeps it: an escaped
/// terminator that is not a regexp metacharacter loses its backslash
/// (`/\//` and `%r!\!!` have the sources "/" and "!").
fn unescape_terminator(src: Vec<u8>, term: u8) -> Vec<u8> {
    const META: &[u8] = b"$*+.?^|)]}>";
    if META.contains(&term) || !src.contains(&b'\\') {
        return src;
    }
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'\\' && i + 1 < src.len() {
            if src[i + 1] != term {
                out.push(b'\\');
            }
            out.push(src[i + 1]);
            i += 2;
        } else {
            out.push(src[i]);
            i += 1;
        }
    }
    out
}

impl<'pr, 'h> Compiler<'pr, 'h> {
    /// A regexp literal's value (`/re/opts`), pushed.
    fn regexp_literal(
        &mut self,
        content: ruby_prism::Location<'pr>,
        closing: ruby_prism::Location<'pr>,
        opts: u32,
        node: &Node<'pr>,
    ) -> CResult<()> {
        let src = self.src[content.start() as usize..content.end() as usize].to_vec();
        let src = match self.src.get(closing.start() as usize) {
            Some(&term) => unescape_terminator(src, term),
            None => src,
        };
        // (In a binary source file, `\xHH` escapes of 0x80 or more
        // make an ASCII-8BIT regexp with a fixed encoding.)
        let opts = if self.source_enc == LitEnc::BINARY
            && crate::builtins::regexp::has_high_hex_escape(&String::from_utf8_lossy(&src))
        {
            use crate::builtins::regexp::{BINARY_SOURCE, FIXEDENCODING};
            opts | FIXEDENCODING | BINARY_SOURCE
        } else {
            opts
        };
        self.put_literal(Literal::Regexp(src, opts), self.line_of_node(node))
    }

    /// `/a#{b}c/opts`, pushed; `/o` makes it the first time only (the
    /// `once` instruction).
    fn interpolated_regexp(
        &mut self,
        parts: &ruby_prism::NodeList<'pr>,
        opts: u32,
        once: bool,
    ) -> CResult<()> {
        let once = once.then(|| {
            let cache = self.ivar_cache();
            (cache, self.emit(Insn::Once { cache, target: 0 }))
        });
        let n = self.interpolation_parts(parts, true)?;
        self.emit(Insn::ToRegexp { n, opts });
        if let Some((cache, at)) = once {
            self.emit(Insn::SetOnce { cache });
            let target = self.pc();
            self.scope().insns[at] = Insn::Once { cache, target };
            // (`Once` pushes when it jumps: the depth is the same.)
        }
        Ok(())
    }

    /// CRuby's parse-time warning for `if /re/` (not for `-e` scripts,
    /// where `-n`/`-p` one-liners use it on purpose).
    fn regex_in_condition_warning(&mut self, node: &Node<'pr>) {
        if &*self.file != "-e" {
            let line = self.line_of_node(node);
            let msg = format!(
                "{}:{line}: warning: regex literal in condition\n",
                self.file
            );
            self.host.warn(msg, false);
        }
    }
}
