//! Instruction sequences: the unit the compiler produces for each method,
//! block, class body and top-level script.

use std::cell::Cell;
use std::rc::Rc;

use super::Insn;
use crate::value::{IseqId, SymbolId, Value};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IseqKind {
    Top,
    Method,
    Block,
    Class,
    /// A `-> {}` literal or a block turned into a lambda.
    Lambda,
    /// Code run by `eval` with a Binding: a scope nested in the binding's
    /// (its parent), reaching the binding's locals by depth.
    Eval,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CatchKind {
    Rescue,
    Ensure,
    /// `retry` jumps to `handler` when thrown inside [start, end).
    Retry,
    /// A `while` loop that a `break` in a class body inside it leaves
    /// (`Unwind::Loop`): its value goes on the stack, then `handler`.
    Break,
    /// The same loop's `next`: on to its condition at `handler`.
    Next,
}

#[derive(Copy, Clone, Debug)]
pub struct CatchEntry {
    pub kind: CatchKind,
    pub start: u32,
    pub end: u32,
    pub handler: u32,
    /// Operand stack depth (above the locals) to restore.
    pub sp: u32,
    /// Local that receives the exception / pending unwind.
    pub local: u32,
    /// End of the handler code: while a frame's pc is in
    /// `[handler, handler_end)` backtraces show a `rescue in`/`ensure in`
    /// frame, as CRuby (which runs handlers as separate iseqs) does.
    pub handler_end: u32,
    /// The line the enclosing frame shows meanwhile.
    pub cont_line: u32,
}

/// Parameter layout; locals are numbered params first, in this order:
/// lead, optional, rest, post, keywords, kwrest, block.
#[derive(Clone, Debug, Default)]
pub struct Params {
    pub lead: u32,
    pub opt: u32,
    pub rest: Option<u32>,
    pub post: u32,
    pub post_start: u32,
    /// (name, local index, required)
    pub kw: Vec<(SymbolId, u32, bool)>,
    pub kwrest: Option<u32>,
    /// `**nil`
    pub no_kw: bool,
    pub block: Option<u32>,
    /// Only lead params: a strict-arity call (method, define_method body)
    /// with exactly `lead` plain arguments skips argument setup. Proc-style
    /// block calls never look at it.
    pub simple: bool,
    /// Only lead params, some of which may be destructured in the body
    /// (`|acc, (k, v)|`): a block call binds them by padding or dropping
    /// arguments where they lie (`setup_params`' fast path).
    pub lead_only: bool,
    /// A block with `|a|`-style params auto-splats one array argument.
    pub auto_splat: bool,
    /// `...` forwarding.
    pub forward: bool,
}

impl Params {
    pub fn required(&self) -> u32 {
        self.lead + self.post
    }

    /// Ruby's `arity`.
    pub fn arity(&self) -> i32 {
        let req_kw = self.kw.iter().any(|k| k.2);
        let req = (self.required() + req_kw as u32) as i32;
        let optional = self.opt > 0
            || self.rest.is_some()
            || (!req_kw && (self.kw.iter().any(|k| !k.2) || self.kwrest.is_some()));
        if optional { -req - 1 } else { req }
    }
}

pub struct Iseq {
    pub id: IseqId,
    pub kind: IseqKind,
    /// The label CRuby shows in backtraces: `fib`, `block in fib`, `<main>`.
    pub label: String,
    pub method_name: Option<SymbolId>,
    pub file: Rc<str>,
    pub first_line: u32,
    pub insns: Vec<Insn>,
    pub lines: Box<[u32]>,
    pub local_names: Box<[SymbolId]>,
    pub local_count: u32,
    pub params: Params,
    /// Locals live in a heap `Env` (the scope has blocks that capture them).
    pub env_on_heap: bool,
    /// Per local: kept in the heap env (a block uses it). With
    /// `env_on_heap`, the other locals still live on the stack.
    pub captured: Box<[bool]>,
    pub catch: Box<[CatchEntry]>,
    pub strings: Box<[Vec<u8>]>,
    pub literals: Box<[Value]>,
    pub parent: Option<IseqId>,
    /// Number of inline caches its instructions number (ivar and constant
    /// caches share the count).
    pub ivar_caches: u32,
    /// Calls so far (for the JIT's hotness threshold).
    pub calls: Cell<u64>,
    /// Where a call starts: 0, or with `--jit` the `JitEntry`
    /// instruction appended to a method's code (0 again once the JIT
    /// has given up on it).
    pub entry_pc: Cell<u32>,
    /// With `--jit`, once compiled: the machine code's address and the
    /// operand stack depth it needs ((0, 0) before).
    pub jit_code: Cell<(usize, usize)>,
    /// (pc, start, end), sorted by pc: the source range error_highlight
    /// marks when the instruction at pc raises a NameError.
    pub spans: Box<[(u32, u32, u32)]>,
    /// The whole source text of the file.
    pub source: Rc<[u8]>,
    /// Where TracePoint's `:line` events fire (src/interp/trace.rs): the
    /// first instruction of each statement that starts a new line, sorted.
    pub line_events: Box<[u32]>,
    /// The `leave`s an explicit `return` (or a block's `next`) compiled
    /// to: a `:return` event there reports the statement's line; the
    /// body's own end reports `end_line`.
    pub return_pcs: Box<[u32]>,
    /// The line of the scope's `end` (or `}`).
    pub end_line: u32,
    /// Compiled from the prelude (`<internal:...>`): stands in for
    /// CRuby's C code, so it has no events of its own.
    pub internal: bool,
    /// The instructions the peephole pass replaced, by pc, sorted: the
    /// tracing loop runs these originals, so no fused instruction skips
    /// a `:line` event or an operator's `:c_call`.
    pub unfused: Box<[(u32, Insn)]>,
}

impl Iseq {
    /// Pads the code with `End`s to a power of two, at least one of them,
    /// when the VM installs the iseq. `Vm::run` then fetches
    /// `insns[pc & (len - 1)]`: the mask keeps any pc in bounds, so the
    /// fetch needs no bounds check, the dispatch is a few instructions
    /// LLVM copies into every instruction's arm (one indirect jump per
    /// arm, which the branch predictor tells apart), and a pc that ran
    /// off the code lands on an `End`.
    pub fn pad_for_dispatch(&mut self) {
        let n = (self.insns.len() + 1).next_power_of_two();
        self.insns.resize(n, Insn::End);
    }

    /// Gives back the room the compiler's growing buffers left over
    /// (up to half of each): an iseq lives as long as the VM, and a
    /// program of 30K small methods kept megabytes of it. (The tables
    /// other than the code are boxed slices, exact from the start: 16
    /// bytes each in the iseq, not a Vec's 24.)
    pub fn shrink_buffers(&mut self) {
        self.insns.shrink_to_fit();
        self.label.shrink_to_fit();
    }

    /// The code without the `End` padding (what the compiler emitted, and
    /// `JitEntry` with `--jit`).
    pub fn code(&self) -> &[Insn] {
        let n = self
            .insns
            .iter()
            .rposition(|i| !matches!(i, Insn::End))
            .map_or(0, |p| p + 1);
        &self.insns[..n]
    }

    /// The instance variable a method body only returns (`def x; @x;
    /// end`, no parameters): dispatch reads it like an attr_reader.
    pub fn returns_ivar(&self) -> Option<SymbolId> {
        let p = &self.params;
        if !p.simple || p.lead != 0 || p.block.is_some() || self.local_count != 0 {
            return None;
        }
        match *self.code() {
            [Insn::GetIvar { name, .. }, Insn::Leave]
            | [Insn::GetIvar { name, .. }, Insn::Leave, Insn::JitEntry] => Some(name),
            _ => None,
        }
    }

    /// Local `idx` lives in this scope's heap env (when it has one).
    #[inline]
    pub fn captured(&self, idx: u32) -> bool {
        self.captured.get(idx as usize).copied().unwrap_or(false)
    }

    /// The instruction at `pc` as the compiler emitted it, before the
    /// peephole pass (for the tracing loop).
    pub fn unfused_at(&self, pc: usize) -> &Insn {
        match self.unfused.binary_search_by_key(&(pc as u32), |u| u.0) {
            Ok(i) => &self.unfused[i].1,
            Err(_) => &self.insns[pc & (self.insns.len() - 1)],
        }
    }

    /// A `:line` event fires before the instruction at `pc`.
    pub fn line_event_at(&self, pc: usize) -> bool {
        self.line_events.binary_search(&(pc as u32)).is_ok()
    }

    pub fn line_at(&self, pc: usize) -> u32 {
        self.lines.get(pc).copied().unwrap_or(self.first_line)
    }

    /// The source range marked for the instruction at `pc`.
    pub fn span_at(&self, pc: u32) -> Option<(u32, u32)> {
        let i = self.spans.binary_search_by_key(&pc, |s| s.0).ok()?;
        Some((self.spans[i].1, self.spans[i].2))
    }
}
