//! Calls, arguments, blocks, parameters, `super`, `yield`, and the
//! definition forms (`def`, `class`, `module`, `class << obj`).

use ruby_prism::{ArgumentsNode, Node, ParametersNode};

use super::{CResult, Compiler, name_of, opt_insn};
use crate::bytecode::{Insn, IseqKind};
use crate::dispatch::{CallSite, flags};
use crate::value::{CallSiteId, IseqId, SymbolId, Value, sym, symbol};

/// The most literal keywords a call passes on the stack (`SendKw`);
/// more build the keyword Hash.
const FLAT_KW_MAX: usize = 8;

impl<'pr> Compiler<'pr, '_> {
    pub(super) fn call(&mut self, node: &Node<'pr>) -> CResult<()> {
        let n = node.as_call_node().unwrap();
        let name = name_of(&n.name());
        let mut fl = 0u32;
        let loc = node.location();
        let value_unused = self.take_value_unused(&loc);
        let attr_write = n.is_attribute_write() && !value_unused;
        let flat_kw = if attr_write || n.is_safe_navigation() {
            None
        } else {
            flat_keywords(n.arguments(), n.block())
        };
        match n.receiver() {
            Some(r) => {
                if r.as_self_node().is_some() {
                    fl |= flags::SELF_RECV;
                }
                self.expr(&r)?;
            }
            // No receiver: self is not pushed (`send_self` supplies it),
            // but for `send_kw`, which always has one.
            None => {
                fl |= flags::FCALL;
                if matches!(
                    symbol::name(name).as_ref(),
                    "binding" | "eval" | "local_variables"
                ) {
                    self.scope().wants_binding = true;
                }
                if n.is_variable_call() {
                    fl |= flags::VCALL;
                }
                if flat_kw.is_some() {
                    self.emit(Insn::PutSelf);
                }
            }
        }
        let safe = if n.is_safe_navigation() {
            self.emit(Insn::Dup);
            Some(self.emit(Insn::BranchNil { target: 0 }))
        } else {
            None
        };
        // A statement whose value is popped returns the setter's own result
        // (the caller pops it), as CRuby compiles it.
        if attr_write {
            // Keep the assigned value as the expression's result.
            self.emit(Insn::PutNil);
            self.emit(Insn::Swap);
        }
        let tail = if attr_write { Tail::Value } else { Tail::None };
        let (mut argc, afl) = self.call_args(n.arguments(), n.block(), tail, flat_kw.is_some())?;
        fl |= afl;
        let block = match n.block() {
            Some(b) if b.as_block_node().is_some() => Some(self.block_iseq(&b)?),
            _ => None,
        };
        if attr_write {
            self.emit(Insn::SetN { n: argc + 1 });
            // The value, pushed on its own, joins the arguments.
            argc = self.append_value_arg(argc - 1, fl);
        }
        let fcall = n.receiver().is_none() && flat_kw.is_none();
        let pops = !fcall as i64 + argc as i64 + (fl & flags::BLOCKARG != 0) as i64;
        if let Some(m) = n.message_loc() {
            // CRuby reports a call at the line of its method name.
            self.scope().line = self.line_at(m.start());
        }
        if let Some(kw) = flat_kw {
            // The keyword values stand where the Hash would.
            let nkw = kw.len() as u16;
            let pops = pops - 1 + nkw as i64;
            let site = self.site_kw(name, argc, fl, block, kw);
            self.emit_call(Insn::SendKw { site, nkw }, pops);
            if let Some((b, e)) = self.call_span(&n) {
                self.mark_span(b, e);
            }
            return Ok(());
        }
        let site = self.site(name, argc, fl, block);
        if (name == sym::FREEZE || name == sym::UMINUS)
            && argc == 0
            && block.is_none()
            && safe.is_none()
            && fl & (flags::SPLAT | flags::KWARGS | flags::BLOCKARG) == 0
            && n.receiver().is_some_and(|r| r.as_string_node().is_some())
            && matches!(self.scope().insns.last(), Some(Insn::PutString { .. }))
        {
            let pc = self.scope().insns.len();
            self.scope().str_freeze.push(pc);
        }
        let insn = if fcall {
            Insn::SendSelf { site }
        } else if block.is_none() && fl & (flags::SPLAT | flags::KWARGS | flags::BLOCKARG) == 0 {
            opt_insn(name, argc, site).unwrap_or(Insn::Send { site })
        } else {
            Insn::Send { site }
        };
        self.emit_call(insn, pops);
        if let Some((b, e)) = self.call_span(&n) {
            self.mark_span(b, e);
        }
        if attr_write {
            self.emit(Insn::Pop);
        }
        if let Some(j) = safe {
            let end = self.emit(Insn::Jump { target: 0 });
            self.patch(j);
            self.scope().depth += 1;
            self.patch(end);
        }
        Ok(())
    }

    /// The range error_highlight marks for a call (CRuby 3.1's rules):
    /// `.name` (through ` =` for attribute writes), `[args]`, an operator,
    /// or the bare name.
    fn call_span(&self, n: &ruby_prism::CallNode<'pr>) -> Option<(u32, u32)> {
        let src = self.src;
        let after_eq = |from: u32| -> Option<u32> {
            let mut i = from as usize;
            while i < src.len() && (src[i] == b' ' || src[i] == b'\t') {
                i += 1;
            }
            (src.get(i) == Some(&b'=')).then_some(i as u32 + 1)
        };
        let name = n.name();
        let name = name.as_slice();
        let same_line = |a: u32, b: u32| self.line_at(a) == self.line_at(b.saturating_sub(1));
        if n.receiver().is_some() && n.call_operator_loc().is_none() && name.starts_with(b"[") {
            let (o, c) = (n.opening_loc()?, n.closing_loc()?);
            let end = if name == b"[]=" {
                after_eq(c.end())?
            } else {
                c.end()
            };
            return same_line(o.start(), end).then_some((o.start(), end));
        }
        let m = n.message_loc()?;
        if let Some(op) = n.call_operator_loc() {
            let beg = if same_line(op.start(), m.end()) {
                op.start()
            } else {
                m.start()
            };
            let end = if n.is_attribute_write() {
                after_eq(m.end()).unwrap_or(m.end())
            } else {
                m.end()
            };
            return same_line(beg, end).then_some((beg, end));
        }
        Some((m.start(), m.end()))
    }

    /// Pushes call arguments; returns (argc, flags). With a splat, the
    /// last positional argument is an Array the callee spreads (CRuby's
    /// layout): `f(a, *b)` pushes `a` and `b` itself (`splatarray false`);
    /// any other shape, or any `tail` but `Tail::None` (an assignment adds
    /// its value to the Array with `concatarray`), is gathered into one
    /// new Array.
    pub(super) fn call_args(
        &mut self,
        args: Option<ArgumentsNode<'pr>>,
        block: Option<Node<'pr>>,
        tail: Tail,
        flat_kw: bool,
    ) -> CResult<(u32, u32)> {
        let mut fl = 0;
        let mut argc = 0;
        let mut positional: Vec<Node<'pr>> = Vec::new();
        let mut kw: Option<Node<'pr>> = None;
        let mut forward = false;
        if let Some(a) = args {
            for arg in a.arguments().iter() {
                match arg {
                    Node::KeywordHashNode { .. } => kw = Some(arg),
                    Node::ForwardingArgumentsNode { .. } => forward = true,
                    _ => positional.push(arg),
                }
            }
        }
        let is_splat = |p: &Node<'pr>| p.as_splat_node().is_some();
        let value = if tail == Tail::Value && positional.iter().any(is_splat) {
            positional.pop()
        } else {
            None
        };
        let splats = positional.iter().filter(|p| is_splat(p)).count();
        let has_splat = forward || splats > 0;
        let last_splat = positional.last().and_then(|p| p.as_splat_node());
        if splats == 1 && last_splat.is_some() && tail == Tail::None && !forward && kw.is_none() {
            for p in &positional[..positional.len() - 1] {
                self.expr(p)?;
            }
            match last_splat.and_then(|s| s.expression()) {
                Some(e) => self.expr(&e)?,
                None => self.get_local(sym::ANON_REST, self.forward_depth()),
            }
            // A block argument evaluated after the splat may change the
            // Array (`m(*args, &args.pop)`): the splat is copied first.
            let copy = block
                .as_ref()
                .and_then(|b| b.as_block_argument_node())
                .is_some_and(|b| {
                    b.expression().is_some_and(|e| {
                        !matches!(
                            e,
                            Node::LocalVariableReadNode { .. }
                                | Node::SymbolNode { .. }
                                | Node::NilNode { .. }
                                | Node::InstanceVariableReadNode { .. }
                        )
                    })
                });
            self.emit(Insn::SplatArray { copy });
            argc = positional.len() as u32;
            fl |= flags::SPLAT;
        } else if has_splat {
            let mut pending = 0;
            let mut have = false;
            for p in &positional {
                if let Some(s) = p.as_splat_node() {
                    if !have || pending > 0 {
                        self.emit(Insn::NewArray { n: pending });
                        if have {
                            self.emit(Insn::ConcatArray);
                        }
                        have = true;
                        pending = 0;
                    }
                    match s.expression() {
                        Some(e) => self.expr(&e)?,
                        None => self.get_local(sym::ANON_REST, self.forward_depth()),
                    }
                    self.emit(Insn::ConcatArray);
                } else {
                    self.expr(p)?;
                    pending += 1;
                }
            }
            if !have || pending > 0 {
                self.emit(Insn::NewArray { n: pending });
                if have {
                    self.emit(Insn::ConcatArray);
                }
            }
            if forward {
                self.get_local(sym::ANON_REST, self.forward_depth());
                self.emit(Insn::ConcatArray);
            }
            argc = 1;
            fl |= flags::SPLAT;
        } else {
            for p in &positional {
                self.expr(p)?;
                argc += 1;
            }
        }
        if let Some(v) = value {
            self.expr(&v)?;
            argc += 1;
        }
        if let Some(k) = kw {
            match k.as_keyword_hash_node() {
                // `send_kw`: the values alone (`flat_keywords` checked them).
                Some(h) if flat_kw => {
                    for e in h.elements().iter() {
                        if let Some(a) = e.as_assoc_node() {
                            self.expr(&a.value())?;
                        }
                    }
                }
                _ => self.expr(&k)?,
            }
            argc += 1;
            fl |= flags::KWARGS;
        } else if forward {
            self.get_local(sym::ANON_KWREST, self.forward_depth());
            argc += 1;
            fl |= flags::KWARGS;
        }
        let has_block = block.is_some();
        if let Some(b) = block
            && let Some(ba) = b.as_block_argument_node()
        {
            match ba.expression() {
                Some(e) => self.expr(&e)?,
                None => self.get_local(sym::ANON_BLOCK, self.forward_depth()),
            }
            fl |= flags::BLOCKARG;
        } else if forward && !has_block {
            self.get_local(sym::ANON_BLOCK, self.forward_depth());
            fl |= flags::BLOCKARG;
        }
        Ok((argc, fl))
    }

    /// A `SendKw` site: `site` with the names of its literal keywords.
    fn site_kw(
        &mut self,
        name: SymbolId,
        argc: u32,
        flags: u32,
        block: Option<IseqId>,
        kw: Vec<SymbolId>,
    ) -> CallSiteId {
        let line = self.scopes.last().map(|s| s.line).unwrap_or(0);
        let mut site = CallSite::new(name, argc, flags, block, self.file.clone(), line);
        site.kw = Some(Box::new(crate::dispatch::ic::SiteKw {
            names: kw.into(),
            binding: None,
        }));
        self.host.add_site(site)
    }

    /// Depth of the enclosing method scope (for `...` and anonymous args).
    fn forward_depth(&self) -> u32 {
        let mut d = 0;
        for s in self.scopes.iter().rev() {
            if s.kind != IseqKind::Block {
                break;
            }
            d += 1;
        }
        d
    }

    pub(super) fn block_label(&self) -> String {
        let mut levels = 1;
        for s in self.scopes.iter().rev() {
            if s.kind == IseqKind::Block || s.kind == IseqKind::Lambda {
                levels += 1;
            } else {
                let base = s.label.clone();
                return if levels == 1 {
                    format!("block in {base}")
                } else {
                    format!("block ({levels} levels) in {base}")
                };
            }
        }
        "block".into()
    }

    /// Compiles a `{ ... }` / `do ... end` block into its own iseq.
    pub(super) fn block_iseq(&mut self, node: &Node<'pr>) -> CResult<IseqId> {
        let b = node.as_block_node().unwrap();
        let label = self.block_label();
        let method_name = self.scopes.last().and_then(|s| s.method_name);
        let line = self.line_of_node(node);
        self.push_scope(IseqKind::Block, label, method_name, line);
        match b.parameters() {
            Some(p) if p.as_block_parameters_node().is_some() => {
                let bp = p.as_block_parameters_node().unwrap();
                self.params(bp.parameters(), true)?;
            }
            Some(p) if p.as_numbered_parameters_node().is_some() => {
                let max = p.as_numbered_parameters_node().unwrap().maximum();
                for i in 1..=max {
                    self.local_slot(symbol::intern(&format!("_{i}")));
                }
                let s = self.scope();
                s.params.lead = max as u32;
                s.params.auto_splat = max > 1;
            }
            Some(p) if p.as_it_parameters_node().is_some() => {
                self.local_slot(crate::intern!("it"));
                self.scope().params.lead = 1;
            }
            _ => {}
        }
        self.declare_locals(&b.locals());
        self.scope().line = line;
        let start = self.pc();
        self.scope().redo_target = Some(start);
        self.opt_body(b.body())?;
        self.end_body_at(node);
        self.emit(Insn::Leave);
        Ok(self.pop_scope())
    }

    pub(super) fn lambda(&mut self, node: &Node<'pr>) -> CResult<()> {
        let l = node.as_lambda_node().unwrap();
        let label = self.block_label();
        let method_name = self.scopes.last().and_then(|s| s.method_name);
        let line = self.line_of_node(node);
        self.push_scope(IseqKind::Lambda, label, method_name, line);
        if let Some(p) = l.parameters() {
            if let Some(bp) = p.as_block_parameters_node() {
                self.params(bp.parameters(), false)?;
            } else if let Some(np) = p.as_numbered_parameters_node() {
                for i in 1..=np.maximum() {
                    self.local_slot(symbol::intern(&format!("_{i}")));
                }
                self.scope().params.lead = np.maximum() as u32;
            }
        }
        self.declare_locals(&l.locals());
        let start = self.pc();
        self.scope().redo_target = Some(start);
        self.opt_body(l.body())?;
        self.end_body_at(node);
        self.emit(Insn::Leave);
        let iseq = self.pop_scope();
        self.emit(Insn::Lambda { iseq });
        Ok(())
    }

    /// Declares parameter locals in layout order and emits default-value code.
    pub(super) fn params(&mut self, p: Option<ParametersNode<'pr>>, is_block: bool) -> CResult<()> {
        let Some(p) = p else {
            return Ok(());
        };
        let mut destructure: Vec<(u32, Node<'pr>)> = Vec::new();
        let mut simple = true;
        let requireds = p.requireds();
        // `|_, _|`: a repeated name gets its own (hidden) slot; the name
        // refers to the first one, as in CRuby.
        let mut seen: Vec<SymbolId> = Vec::new();
        for r in requireds.iter() {
            let idx = if let Some(rp) = r.as_required_parameter_node() {
                let n = name_of(&rp.name());
                if seen.contains(&n) {
                    self.hidden_local()
                } else {
                    seen.push(n);
                    self.local_slot(n)
                }
            } else {
                simple = false;
                let h = self.hidden_local();
                destructure.push((h, r));
                h
            };
            let _ = idx;
        }
        let lead = requireds.len() as u32;
        let mut opt_defaults: Vec<(u32, Node<'pr>)> = Vec::new();
        for o in p.optionals().iter() {
            let op = o.as_optional_parameter_node().unwrap();
            let idx = self.local_slot(name_of(&op.name()));
            opt_defaults.push((idx, op.value()));
        }
        let opt = opt_defaults.len() as u32;
        let mut rest = None;
        let mut implicit_rest = false;
        if let Some(r) = p.rest() {
            if let Some(rp) = r.as_rest_parameter_node() {
                let name = rp.name().map(|n| name_of(&n)).unwrap_or(sym::ANON_REST);
                rest = Some(self.local_slot(name));
            } else if r.as_implicit_rest_node().is_some() {
                implicit_rest = true;
            } else if r.as_forwarding_parameter_node().is_some() {
                rest = Some(self.local_slot(sym::ANON_REST));
            }
        }
        let post_start = self.scope().locals.len() as u32;
        let posts = p.posts();
        for r in posts.iter() {
            if let Some(rp) = r.as_required_parameter_node() {
                let n = name_of(&rp.name());
                if seen.contains(&n) {
                    self.hidden_local();
                } else {
                    seen.push(n);
                    self.local_slot(n);
                }
            } else if r.as_forwarding_parameter_node().is_some() {
                // `def f(a, ...)`: prism lists `...` here.
                rest = Some(self.local_slot(sym::ANON_REST));
                continue;
            } else {
                let h = self.hidden_local();
                destructure.push((h, r));
            }
        }
        let post = posts
            .iter()
            .filter(|r| r.as_forwarding_parameter_node().is_none())
            .count() as u32;
        let mut kw = Vec::new();
        let mut kw_defaults: Vec<(u32, Node<'pr>)> = Vec::new();
        for k in p.keywords().iter() {
            if let Some(rk) = k.as_required_keyword_parameter_node() {
                let name = name_of(&rk.name());
                let idx = self.local_slot(name);
                kw.push((name, idx, true));
            } else if let Some(ok) = k.as_optional_keyword_parameter_node() {
                let name = name_of(&ok.name());
                let idx = self.local_slot(name);
                kw.push((name, idx, false));
                kw_defaults.push((idx, ok.value()));
            }
        }
        let mut kwrest = None;
        let mut no_kw = false;
        let mut forward = false;
        if let Some(k) = p.keyword_rest() {
            if let Some(kr) = k.as_keyword_rest_parameter_node() {
                let name = kr.name().map(|n| name_of(&n)).unwrap_or(sym::ANON_KWREST);
                kwrest = Some(self.local_slot(name));
            } else if k.as_no_keywords_parameter_node().is_some() {
                no_kw = true;
            } else if k.as_forwarding_parameter_node().is_some() {
                forward = true;
                if rest.is_none() {
                    rest = Some(self.local_slot(sym::ANON_REST));
                }
                kwrest = Some(self.local_slot(sym::ANON_KWREST));
            }
        }
        let mut block = None;
        if let Some(b) = p.block()
            && let Some(bp) = b.as_block_parameter_node()
        {
            let name = bp.name().map(|n| name_of(&n)).unwrap_or(sym::ANON_BLOCK);
            block = Some(self.local_slot(name));
        }
        if forward {
            block = Some(self.local_slot(sym::ANON_BLOCK));
        }
        let lead_only = opt == 0
            && rest.is_none()
            && post == 0
            && kw.is_empty()
            && kwrest.is_none()
            && block.is_none()
            && !forward
            && !implicit_rest;
        simple = simple && lead_only;
        let auto_splat = is_block
            && (lead + post + opt > 1
                || implicit_rest
                || (lead + post + opt >= 1 && rest.is_some())
                || (lead + post >= 1 && (!kw.is_empty() || kwrest.is_some())));
        {
            let s = self.scope();
            s.params.lead = lead;
            s.params.opt = opt;
            s.params.rest = rest;
            s.params.post = post;
            s.params.post_start = post_start;
            s.params.kw = kw;
            s.params.kwrest = kwrest;
            s.params.no_kw = no_kw;
            s.params.block = block;
            s.params.simple = simple;
            s.params.lead_only = lead_only;
            s.params.auto_splat = auto_splat;
            s.params.forward = forward;
        }
        for (idx, default) in opt_defaults.into_iter().chain(kw_defaults) {
            let j = self.emit(Insn::BranchIfSet { idx, target: 0 });
            self.expr(&default)?;
            self.emit(Insn::SetLocal { idx });
            self.patch(j);
        }
        for (idx, target) in destructure {
            self.emit(Insn::GetLocal { idx });
            self.destructure_target(&target)?;
        }
        Ok(())
    }

    /// Assigns the value on top of the stack to a (possibly nested) target,
    /// consuming it.
    pub(super) fn destructure_target(&mut self, target: &Node<'pr>) -> CResult<()> {
        if let Some(m) = target.as_multi_target_node() {
            self.multi_assign(&m.lefts(), m.rest(), &m.rights())
        } else if let Some(r) = target.as_required_parameter_node() {
            let idx = self.local_slot(name_of(&r.name()));
            self.emit(Insn::SetLocal { idx });
            Ok(())
        } else {
            self.assign_target(target)
        }
    }

    pub(super) fn def(&mut self, node: &Node<'pr>) -> CResult<()> {
        let d = node.as_def_node().unwrap();
        let name = name_of(&d.name());
        let line = self.line_of_node(node);
        self.push_scope(
            IseqKind::Method,
            symbol::name(name).to_string(),
            Some(name),
            line,
        );
        self.params(d.parameters(), false)?;
        self.declare_locals(&d.locals());
        self.scope().line = line;
        // An endless def's body is an expression, not a statement (no
        // `:line` event).
        let endless = d.equal_loc().is_some();
        match d.body().and_then(|b| b.as_statements_node()) {
            Some(b) if endless && b.body().len() == 1 => {
                self.expr(&b.body().iter().next().unwrap())?
            }
            _ => self.opt_body(d.body())?,
        }
        self.end_body_at(node);
        self.emit(Insn::Leave);
        let iseq = self.pop_scope();
        match d.receiver() {
            Some(r) => {
                self.expr(&r)?;
                self.emit(Insn::DefineSMethod { name, iseq });
            }
            None => {
                self.emit(Insn::DefineMethod { name, iseq });
            }
        }
        Ok(())
    }

    /// Pushes the cbase for a class/module path: undef = lexical scope,
    /// :main = Object (`::X`), else the evaluated scope (`nil::X` is a
    /// TypeError).
    fn cbase(&mut self, path: &Node<'pr>) -> CResult<SymbolId> {
        if let Some(c) = path.as_constant_read_node() {
            self.put_object(Value::UNDEF);
            Ok(name_of(&c.name()))
        } else if let Some(p) = path.as_constant_path_node() {
            match p.parent() {
                Some(par) => self.expr(&par)?,
                None => self.put_object(Value::symbol(sym::MAIN)),
            }
            Ok(p.name().map(|n| name_of(&n)).unwrap_or(sym::MAIN))
        } else {
            self.unsupported(path)
        }
    }

    fn body_scope(
        &mut self,
        kind_label: String,
        locals: &ruby_prism::ConstantList<'_>,
        body: Option<Node<'pr>>,
        node: &Node<'pr>,
    ) -> CResult<IseqId> {
        let line = self.line_of_node(node);
        self.push_scope(IseqKind::Class, kind_label, None, line);
        self.declare_locals(locals);
        self.opt_body(body)?;
        self.end_body_at(node);
        self.emit(Insn::Leave);
        Ok(self.pop_scope())
    }

    pub(super) fn class(&mut self, node: &Node<'pr>) -> CResult<()> {
        let c = node.as_class_node().unwrap();
        let name = self.cbase(&c.constant_path())?;
        match c.superclass() {
            Some(s) => self.expr(&s)?,
            None => self.put_object(Value::UNDEF),
        }
        let iseq = self.body_scope(
            format!("<class:{}>", symbol::name(name)),
            &c.locals(),
            c.body(),
            node,
        )?;
        self.emit(Insn::DefineClass { name, iseq });
        Ok(())
    }

    pub(super) fn module(&mut self, node: &Node<'pr>) -> CResult<()> {
        let m = node.as_module_node().unwrap();
        let name = self.cbase(&m.constant_path())?;
        let iseq = self.body_scope(
            format!("<module:{}>", symbol::name(name)),
            &m.locals(),
            m.body(),
            node,
        )?;
        self.emit(Insn::DefineModule { name, iseq });
        Ok(())
    }

    pub(super) fn singleton_class(&mut self, node: &Node<'pr>) -> CResult<()> {
        let s = node.as_singleton_class_node().unwrap();
        self.expr(&s.expression())?;
        let iseq = self.body_scope("singleton class".into(), &s.locals(), s.body(), node)?;
        self.emit(Insn::SingletonClassBody { iseq });
        Ok(())
    }

    pub(super) fn super_call(&mut self, node: &Node<'pr>) -> CResult<()> {
        let method_name = self
            .scopes
            .last()
            .and_then(|s| s.method_name)
            .unwrap_or(sym::MAIN);
        self.emit(Insn::PutSelf);
        let (argc, mut fl, block) = if let Some(s) = node.as_super_node() {
            let (argc, fl) = self.call_args(s.arguments(), s.block(), Tail::None, false)?;
            let block = match s.block() {
                Some(b) if b.as_block_node().is_some() => Some(self.block_iseq(&b)?),
                _ => None,
            };
            (argc, fl, block)
        } else {
            let f = node.as_forwarding_super_node().unwrap();
            let (argc, fl) = self.zsuper_args()?;
            let block = match f.block() {
                Some(b) => Some(self.block_iseq(&b.as_node())?),
                None => None,
            };
            (argc, fl | flags::ZSUPER, block)
        };
        fl |= flags::FCALL;
        let pops = 1 + argc as i64 + (fl & flags::BLOCKARG != 0) as i64;
        let site = self.site(method_name, argc, fl, block);
        self.emit_call(Insn::InvokeSuper { site }, pops);
        Ok(())
    }

    /// Pushes the current method's parameters for `super` without arguments.
    fn zsuper_args(&mut self) -> CResult<(u32, u32)> {
        let depth = self.forward_depth();
        let mscope = &self.scopes[self.scopes.len() - 1 - depth as usize];
        let params = mscope.params.clone();
        let names: Vec<Option<SymbolId>> = mscope.locals.clone();
        let get = |c: &mut Self, idx: u32| {
            if depth == 0 {
                c.emit(Insn::GetLocal { idx });
            } else {
                c.emit(Insn::GetLocalUp { idx, depth });
                let target = c.scopes.len() - 1 - depth as usize;
                c.capture(target, idx);
            }
        };
        let _ = names;
        let mut n = 0u32;
        let lead_opt = params.lead + params.opt;
        for i in 0..lead_opt {
            get(self, i);
            n += 1;
        }
        let mut fl = 0;
        let mut argc;
        if let Some(r) = params.rest {
            self.emit(Insn::NewArray { n });
            get(self, r);
            self.emit(Insn::ConcatArray);
            for i in 0..params.post {
                get(self, params.post_start + i);
            }
            if params.post > 0 {
                self.emit(Insn::NewArray { n: params.post });
                self.emit(Insn::ConcatArray);
            }
            argc = 1;
            fl |= flags::SPLAT;
        } else {
            for i in 0..params.post {
                get(self, params.post_start + i);
                n += 1;
            }
            argc = n;
        }
        if !params.kw.is_empty() || params.kwrest.is_some() {
            let mut pairs = 0;
            for (name, idx, _) in &params.kw {
                self.put_object(Value::symbol(*name));
                get(self, *idx);
                pairs += 2;
            }
            self.emit(Insn::NewHash { n: pairs });
            if let Some(k) = params.kwrest {
                get(self, k);
                self.emit(Insn::MergeHash);
            }
            argc += 1;
            fl |= flags::KWARGS;
        }
        if let Some(b) = params.block {
            get(self, b);
            fl |= flags::BLOCKARG;
        }
        Ok((argc, fl))
    }

    pub(super) fn yield_call(&mut self, node: &Node<'pr>) -> CResult<()> {
        let y = node.as_yield_node().unwrap();
        self.emit(Insn::PutNil);
        let (argc, fl) = self.call_args(y.arguments(), None, Tail::None, false)?;
        let site = self.site(sym::CALL, argc, fl, None);
        self.emit_call(Insn::InvokeBlock { site }, 1 + argc as i64);
        Ok(())
    }
}

/// What follows a call's arguments (see `Compiler::call_args`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tail {
    /// Nothing: a plain call.
    None,
    /// An index assignment's value, appended by the caller.
    Appended,
    /// The last argument is an assignment's value, kept as the result:
    /// after a splat it is pushed on its own, after the argument Array.
    Value,
}

/// The names of a call's literal keywords when they can be passed on the
/// stack (`send_kw`): plain arguments then `k: v` pairs with distinct
/// static Symbol keys (at most `FLAT_KW_MAX`), no splat, `**`, `...` or
/// `&blk`. None: the call builds its keyword Hash.
fn flat_keywords(
    args: Option<ArgumentsNode<'_>>,
    block: Option<Node<'_>>,
) -> Option<Vec<SymbolId>> {
    if block.is_some_and(|b| b.as_block_argument_node().is_some()) {
        return None;
    }
    let args = args?;
    let list = args.arguments();
    let mut kw = None;
    for (i, a) in list.iter().enumerate() {
        match a {
            Node::KeywordHashNode { .. } if i + 1 == list.len() => kw = a.as_keyword_hash_node(),
            Node::SplatNode { .. }
            | Node::ForwardingArgumentsNode { .. }
            | Node::KeywordHashNode { .. }
            | Node::BlockArgumentNode { .. } => return None,
            _ => {}
        }
    }
    let kw = kw?;
    let mut names = Vec::new();
    for e in kw.elements().iter() {
        let key = e.as_assoc_node()?.key();
        let s = key.as_symbol_node()?;
        let name = symbol::intern(std::str::from_utf8(s.unescaped()).ok()?);
        if names.contains(&name) || names.len() == FLAT_KW_MAX {
            return None;
        }
        names.push(name);
    }
    (!names.is_empty()).then_some(names)
}
