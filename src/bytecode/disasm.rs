//! `--dump=insns`: CRuby's disasm layout for carmine's instructions.

use std::fmt::Write;

use super::{Iseq, Operand};
use crate::value::{IseqId, symbol};

/// Describes operands that need VM context (call sites, literals).
pub trait Describe {
    fn iseq_by_id(&self, id: IseqId) -> &'static Iseq;
    fn site_text(&self, site: crate::value::CallSiteId) -> String;
    /// The block iseq a call site passes, dumped after its parent.
    fn site_block(&self, site: crate::value::CallSiteId) -> Option<IseqId>;
    fn value_text(&self, v: crate::value::Value) -> String;
}

pub fn dump_iseq(d: &dyn Describe, iseq: &Iseq, out: &mut String) -> Vec<IseqId> {
    let _ = writeln!(
        out,
        "== disasm: #<ISeq:{}@{}:{} (1,0)-({},0)> (catch: {})",
        iseq.label,
        iseq.file,
        iseq.first_line,
        iseq.lines.iter().max().copied().unwrap_or(iseq.first_line),
        if iseq.catch.is_empty() {
            "FALSE"
        } else {
            "TRUE"
        }
    );
    if iseq.local_count > 0 {
        let names: Vec<String> = iseq
            .local_names
            .iter()
            .map(|n| {
                if n.0 == u32::MAX {
                    "?".to_string()
                } else {
                    symbol::name(*n).to_string()
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "local table (size: {}, argc: {})  [{}]",
            iseq.local_count,
            iseq.params.lead,
            names.join(", ")
        );
    }
    let mut children = Vec::new();
    let mut last_line = 0;
    for (pc, insn) in iseq.code().iter().enumerate() {
        let ops: Vec<String> = insn
            .operands()
            .into_iter()
            .map(|o| match o {
                Operand::Num(n) => n.to_string(),
                Operand::Val(v) => d.value_text(v),
                Operand::Sym(s) => format!(":{}", symbol::name(s)),
                Operand::Site(s) => {
                    children.extend(d.site_block(s));
                    d.site_text(s)
                }
                Operand::Iseq(i) => {
                    children.push(i);
                    let c = d.iseq_by_id(i);
                    format!("<ISeq:{}>", c.label)
                }
                Operand::Target(t) => format!("{t:04}"),
            })
            .collect();
        let line = iseq.lines[pc];
        let mark = if line != last_line {
            format!("({line:>4})[Li]")
        } else {
            String::new()
        };
        last_line = line;
        let body = format!("{pc:04} {:<38} {}", insn.mnemonic(), ops.join(", "));
        let _ = writeln!(out, "{:<70}{mark}", body.trim_end());
    }
    children
}

/// Dumps an iseq and, after it, every iseq it references.
pub fn dump_all(d: &dyn Describe, root: IseqId) -> String {
    let mut out = String::new();
    let mut todo = vec![root];
    let mut seen = Vec::new();
    while let Some(id) = todo.first().copied() {
        todo.remove(0);
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let i = d.iseq_by_id(id);
        let kids = dump_iseq(d, i, &mut out);
        todo.extend(kids);
    }
    out
}
