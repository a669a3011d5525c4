//! Compiling a whole source: parsing it, prism's errors as CRuby 3.1
//! makes them (some of prism's are CRuby 3.4's, and `eval`'d code may
//! `yield` where a script may not), and the encoding its magic comment
//! names.

use std::rc::Rc;

use ruby_prism::{Node, StatementsNode};

use super::{CResult, CompileError, Compiler, Host};
use crate::builtins::string::Enc;
use crate::bytecode::{Insn, IseqKind};
use crate::value::{IseqId, SymbolId, symbol};

/// The encoding of a source file (its magic comment) and so of its
/// string literals: CRuby's index of the encoding (`Enc::from_index`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LitEnc(pub u8);

impl LitEnc {
    pub const BINARY: LitEnc = LitEnc(0);
    pub const UTF8: LitEnc = LitEnc(1);
    pub const US_ASCII: LitEnc = LitEnc(2);

    /// CRuby's rule (parse.y's magic comment): on the first line, or the
    /// second after a shebang, a comment containing `coding:` or
    /// `coding=` (so `encoding:`, `-*- coding: x -*-` and vim's
    /// `fileencoding=x`) names the source encoding. Names carmine has no
    /// encoding for, and encodings that are not ASCII-compatible, keep
    /// UTF-8.
    pub fn of_source(src: &[u8]) -> LitEnc {
        let mut lines = src.split(|b| *b == b'\n');
        let first = lines.next().unwrap_or(&[]);
        let candidates = if first.starts_with(b"#!") {
            [lines.next().unwrap_or(&[]), &[][..]]
        } else {
            [first, &[][..]]
        };
        for line in candidates {
            let l = line.trim_ascii_start();
            if !l.starts_with(b"#") {
                continue;
            }
            if let Some(name) = magic_coding(l) {
                return match Enc::find(&name) {
                    Some(e) if e.ascii_compatible() => LitEnc(e.index()),
                    _ => LitEnc::UTF8,
                };
            }
        }
        LitEnc::UTF8
    }

    pub fn enc(self) -> Enc {
        Enc::from_index(self.0 as usize)
    }

    pub fn name(self) -> &'static str {
        self.enc().name()
    }
}

/// The encoding name after `coding:` / `coding=` in a comment line.
fn magic_coding(line: &[u8]) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].windows(6).position(|w| w == b"coding") {
        let at = from + i + 6;
        from = at;
        if !matches!(lower.get(at), Some(b':' | b'=')) {
            continue;
        }
        let rest = line[at + 1..].trim_ascii_start();
        let name: Vec<u8> = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            .copied()
            .collect();
        if !name.is_empty() {
            return Some(String::from_utf8_lossy(&name).into_owned());
        }
    }
    None
}

/// Whether prism's "unexpected void value expression" `e` is one CRuby
/// 3.1 does not make: the void statement (`return`, `next`...) is not the
/// last of its statements (`p(1, (next; 2))`), and 3.1 checks only the
/// last one.
fn void_value_ok(program: &Node<'_>, e: &ruby_prism::Diagnostic<'_>) -> bool {
    struct Find {
        at: u32,
        found: bool,
    }
    impl<'pr> ruby_prism::Visit<'pr> for Find {
        fn visit_statements_node(&mut self, node: &StatementsNode<'pr>) {
            let body = node.body();
            let n = body.len();
            if body
                .iter()
                .take(n.saturating_sub(1))
                .any(|s| s.location().start() == self.at)
            {
                self.found = true;
            }
            ruby_prism::visit_statements_node(self, node);
        }
    }
    if e.message() != b"unexpected void value expression" {
        return false;
    }
    let mut f = Find {
        at: e.location().start(),
        found: false,
    };
    ruby_prism::Visit::visit(&mut f, program);
    f.found
}

/// Whether prism's "Invalid yield" `e` is for a `yield` in the eval'd
/// code's own scope (not in a class or method body it defines): valid
/// where the eval runs in a method.
/// The offset of the first `yield` that may not appear in eval'd code:
/// one in a class, module or singleton class body (outside a `def`), or
/// at the code's own level when it does not run in a method.
fn invalid_yield(program: &Node<'_>, in_method: bool) -> Option<u32> {
    struct Find {
        /// Per enclosing body: may `yield` appear there?
        ok: Vec<bool>,
        found: Option<u32>,
    }
    impl<'pr> ruby_prism::Visit<'pr> for Find {
        fn visit_yield_node(&mut self, node: &ruby_prism::YieldNode<'pr>) {
            if self.found.is_none() && !self.ok.last().copied().unwrap_or(false) {
                self.found = Some(node.location().start());
            }
            ruby_prism::visit_yield_node(self, node);
        }
        fn visit_class_node(&mut self, node: &ruby_prism::ClassNode<'pr>) {
            self.ok.push(false);
            ruby_prism::visit_class_node(self, node);
            self.ok.pop();
        }
        fn visit_module_node(&mut self, node: &ruby_prism::ModuleNode<'pr>) {
            self.ok.push(false);
            ruby_prism::visit_module_node(self, node);
            self.ok.pop();
        }
        fn visit_singleton_class_node(&mut self, node: &ruby_prism::SingletonClassNode<'pr>) {
            self.ok.push(false);
            ruby_prism::visit_singleton_class_node(self, node);
            self.ok.pop();
        }
        fn visit_def_node(&mut self, node: &ruby_prism::DefNode<'pr>) {
            self.ok.push(true);
            ruby_prism::visit_def_node(self, node);
            self.ok.pop();
        }
    }
    let mut f = Find {
        ok: vec![in_method],
        found: None,
    };
    ruby_prism::Visit::visit(&mut f, program);
    f.found
}

fn yield_in_eval_top(program: &Node<'_>, e: &ruby_prism::Diagnostic<'_>) -> bool {
    struct Find {
        at: u32,
        bodies: u32,
        found: bool,
    }
    impl<'pr> ruby_prism::Visit<'pr> for Find {
        fn visit_yield_node(&mut self, node: &ruby_prism::YieldNode<'pr>) {
            if self.bodies == 0 && node.location().start() == self.at {
                self.found = true;
            }
            ruby_prism::visit_yield_node(self, node);
        }
        fn visit_class_node(&mut self, node: &ruby_prism::ClassNode<'pr>) {
            self.bodies += 1;
            ruby_prism::visit_class_node(self, node);
            self.bodies -= 1;
        }
        fn visit_module_node(&mut self, node: &ruby_prism::ModuleNode<'pr>) {
            self.bodies += 1;
            ruby_prism::visit_module_node(self, node);
            self.bodies -= 1;
        }
        fn visit_singleton_class_node(&mut self, node: &ruby_prism::SingletonClassNode<'pr>) {
            self.bodies += 1;
            ruby_prism::visit_singleton_class_node(self, node);
            self.bodies -= 1;
        }
        fn visit_def_node(&mut self, node: &ruby_prism::DefNode<'pr>) {
            self.bodies += 1;
            ruby_prism::visit_def_node(self, node);
            self.bodies -= 1;
        }
    }
    let mut f = Find {
        at: e.location().start(),
        bodies: 0,
        found: false,
    };
    ruby_prism::Visit::visit(&mut f, program);
    f.found
}

/// Compiles a whole script; returns the top-level iseq.
pub fn compile_program(
    host: &mut dyn Host,
    src: &[u8],
    file: &str,
    kind: IseqKind,
) -> CResult<IseqId> {
    compile_program_at(host, src, file, kind, 1)
}

/// Where `eval`'d source runs, for what prism cannot know: `yield` is
/// valid in a method's code, and `break`/`next`/`redo` cannot leave the
/// eval.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum EvalScope {
    /// A script or file, not `eval`.
    None,
    /// Code of a method (or a block in one).
    Method,
    /// A block outside any method.
    TopBlock,
    /// The top level.
    Top,
}

/// `compile_program` for source whose first line is `first_line` (`eval`
/// with a line argument; lines below 0 count as 0).
pub fn compile_program_at(
    host: &mut dyn Host,
    src: &[u8],
    file: &str,
    kind: IseqKind,
    first_line: i64,
) -> CResult<IseqId> {
    let site = EvalSite {
        scope: EvalScope::None,
        label: String::new(),
        outer: Vec::new(),
        parent: None,
    };
    compile_source(host, src, file, kind, first_line, site)
}

/// Where `eval`'d code runs: what it may do there (`yield`, `break`),
/// the label its frames show (the binding's frame's: `<main>`, `m`,
/// `block in m`), and the Binding's scopes (their local names by slot,
/// innermost first), empty for `instance_eval(string)`-like code that
/// sees no locals.
pub struct EvalSite {
    pub scope: EvalScope,
    pub label: String,
    pub outer: Vec<Vec<Option<SymbolId>>>,
    /// The Binding's innermost scope.
    pub parent: Option<IseqId>,
}

/// `compile_program_at` for `eval`'d source running at `site`: one
/// `IseqKind::Eval` scope whose parent is the Binding's innermost scope.
pub fn compile_eval(
    host: &mut dyn Host,
    src: &[u8],
    file: &str,
    first_line: i64,
    site: EvalSite,
) -> CResult<IseqId> {
    compile_source(host, src, file, IseqKind::Eval, first_line, site)
}

/// Which of prism's warnings carmine shows, as CRuby 3.1 shows them:
/// Some(false) always (unless `$VERBOSE` is nil), Some(true) only when
/// verbose, None not at all (wordings CRuby 3.1 does not share).
fn cruby_warning_level(msg: &str) -> Option<bool> {
    if msg.contains("is duplicated and overwritten")
        || msg == "integer literal in flip-flop"
        || msg == "END in method; use at_exit"
    {
        Some(false)
    } else if msg.contains("clause on line") && msg.contains("and is ignored") {
        Some(true)
    } else {
        None
    }
}

fn compile_source(
    host: &mut dyn Host,
    src: &[u8],
    file: &str,
    kind: IseqKind,
    first_line: i64,
    site: EvalSite,
) -> CResult<IseqId> {
    let scope = site.scope;
    let line_base = first_line.saturating_sub(1);
    // The Binding's locals are known to the parser (`x` is a local, not
    // a call), outermost scope first; prism parses the program in the
    // last scope given: an empty one of its own.
    let mut scopes: Vec<ruby_prism::Scope> = site
        .outer
        .iter()
        .rev()
        .map(|names| {
            let locals = names
                .iter()
                .flatten()
                .map(|n| symbol::name(*n).as_bytes().to_vec())
                .collect();
            ruby_prism::Scope::default().locals(locals)
        })
        .collect();
    if !scopes.is_empty() {
        scopes.push(ruby_prism::Scope::default());
    }
    let options = ruby_prism::Options::default().scopes(scopes).build();
    let result = ruby_prism::parse_with_options(src, &options);
    let mut errors = Vec::new();
    for e in result.errors() {
        if void_value_ok(&result.node(), &e) {
            continue;
        }
        let msg = e.message();
        if scope == EvalScope::Method
            && msg == b"Invalid yield"
            && yield_in_eval_top(&result.node(), &e)
        {
            continue;
        }
        if let Some(word) = msg.strip_prefix(b"Invalid ")
            && matches!(word, b"break" | b"next" | b"redo")
            && matches!(scope, EvalScope::Method | EvalScope::Top)
        {
            let line = (e.location().start_line() as i64)
                .saturating_add(line_base)
                .max(0);
            let word = String::from_utf8_lossy(word);
            return Err(CompileError::Syntax(format!(
                "{file}:{line}: Can't escape from eval with {word}"
            )));
        }
        let line = (e.location().start_line() as i64)
            .saturating_add(line_base)
            .max(0);
        let loc = e.location();
        errors.push(super::syntax_error::Found {
            message: String::from_utf8_lossy(e.message()).into_owned(),
            line,
            start: loc.start() as usize,
            end: loc.end() as usize,
        });
    }
    let mut errors: Vec<String> = if errors.is_empty() {
        Vec::new()
    } else {
        let show_lines = kind != IseqKind::Class;
        vec![super::syntax_error::report(file, src, &errors, show_lines)]
    };
    // prism does not check `yield` in code parsed with outer scopes.
    if errors.is_empty()
        && !site.outer.is_empty()
        && let Some(line) = invalid_yield(&result.node(), scope == EvalScope::Method)
    {
        let l = |off: u32| src[..off as usize].iter().filter(|b| **b == b'\n').count() as i64 + 1;
        let line = l(line).saturating_add(line_base).max(0);
        errors.push(format!("{file}:{line}: Invalid yield"));
    }
    if !errors.is_empty() {
        return Err(CompileError::Syntax(errors.join("\n")));
    }
    for w in result.warnings() {
        let msg = String::from_utf8_lossy(w.message());
        let Some(verbose_only) = cruby_warning_level(&msg) else {
            continue;
        };
        let line = (w.location().start_line() as i64)
            .saturating_add(line_base)
            .max(0);
        host.warn(format!("{file}:{line}: warning: {msg}\n"), verbose_only);
    }
    let frozen = result.magic_comments().any(|c| {
        let k = String::from_utf8_lossy(c.key())
            .to_lowercase()
            .replace('-', "_");
        k == "frozen_string_literal"
            && String::from_utf8_lossy(c.value()).eq_ignore_ascii_case("true")
    });
    let node = result.node();
    let program = node.as_program_node().expect("prism returns a ProgramNode");
    let mut c = Compiler {
        host,
        file: Rc::from(file),
        src,
        source: Rc::from(src),
        line_starts: std::iter::once(0)
            .chain(
                src.iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            )
            .collect(),
        line_base,
        scopes: Vec::new(),
        frozen_strings: frozen,
        source_enc: LitEnc::of_source(src),
        pat_err: None,
        decon_cache: None,
        setter_value_unused: None,
        last_line_at: std::cell::Cell::new((u32::MAX, 0)),
        eval: false,
        outer: Vec::new(),
    };
    let label = match kind {
        IseqKind::Eval => site.label,
        IseqKind::Top => "<main>".to_string(),
        _ => "<top (required)>".to_string(),
    };
    c.eval = kind == IseqKind::Eval;
    c.outer = site.outer;
    let top = if c.eval { kind } else { IseqKind::Top };
    c.push_scope(top, label, None, 1);
    c.scope().parent = site.parent;
    c.declare_locals(&program.locals());
    c.statements(Some(program.statements()))?;
    c.emit(Insn::Leave);
    Ok(c.pop_scope())
}
