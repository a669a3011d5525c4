//! The replay's text and JSON reports: seed 000's hit-rate table (one row
//! per global cache size), the configurations side by side, and seed
//! 002's per-call-site report (receiver classes, evictions per inline
//! cache degree).

use std::fmt::Write;

use super::sim::Run;
use super::{Options, Outcome};
use crate::dispatch::Strategy;

/// `2048` as `2K`, `524288` as `512K`.
pub fn size_label(n: usize) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{}M", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{}K", n >> 10)
    } else {
        n.to_string()
    }
}

pub fn ic_label(ic: usize) -> String {
    if ic == 0 {
        "off".into()
    } else {
        ic.to_string()
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut o = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            o.push(',');
        }
        o.push(c);
    }
    o
}

pub fn rate(hits: u64, misses: u64) -> f64 {
    if hits + misses == 0 {
        0.0
    } else {
        100.0 * hits as f64 / (hits + misses) as f64
    }
}

/// The strategy and inline cache degree the tables focus on: the
/// recorded ones when they were replayed, else the first asked for.
pub fn focus(out: &Outcome) -> (Strategy, usize) {
    let has = |f: &dyn Fn(&Run) -> bool| out.sims.iter().any(f);
    let (rs, ric, _) = out.recorded;
    let s = if has(&|x| x.config.strategy == rs) {
        rs
    } else {
        out.sims.first().map_or(rs, |x| x.config.strategy)
    };
    let ic = if has(&|x| x.config.ic == ric) {
        ric
    } else {
        out.sims.first().map_or(ric, |x| x.config.ic)
    };
    (s, ic)
}

/// The simulators of `strategy` at inline degree `ic`, by cache size.
pub fn by_size(out: &Outcome, strategy: Strategy, ic: usize) -> Vec<&Run> {
    out.sims
        .iter()
        .filter(|s| s.config.strategy == strategy && s.config.ic == ic)
        .collect()
}

/// Degrees replayed, in the order asked.
fn degrees(out: &Outcome) -> Vec<usize> {
    let mut v: Vec<usize> = Vec::new();
    for s in &out.sims {
        if !v.contains(&s.config.ic) {
            v.push(s.config.ic);
        }
    }
    v
}

/// One row per call site worth reporting: (site, calls, classes sorted
/// by calls, evictions per degree at the focus strategy).
pub struct SiteRow {
    pub site: usize,
    pub label: String,
    pub calls: u64,
    pub classes: Vec<(String, u64)>,
    pub evictions: Vec<(usize, u64)>,
}

pub fn site_rows(out: &Outcome, n: usize) -> Vec<SiteRow> {
    let (strategy, _) = focus(out);
    let gmc = out.sims.first().map_or(0, |s| s.config.gmc);
    let per_degree: Vec<&Run> = degrees(out)
        .into_iter()
        .filter_map(|d| {
            out.sims
                .iter()
                .find(|s| s.config.strategy == strategy && s.config.ic == d && s.config.gmc == gmc)
        })
        .collect();
    let mut rows: Vec<SiteRow> = Vec::new();
    for (i, seen) in out.seen.iter().enumerate() {
        if seen.calls == 0 {
            continue;
        }
        let Some(Some(info)) = out.sites.get(i) else {
            continue;
        };
        if info.file.starts_with("<internal:") {
            continue;
        }
        let name = out.syms.get(&info.name).map_or("?", |s| s.as_str());
        let mut classes: Vec<(String, u64)> = seen
            .classes
            .iter()
            .map(|(c, n)| {
                (
                    out.classes.get(c).map_or("?".into(), |k| k.name.clone()),
                    *n,
                )
            })
            .collect();
        classes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let evictions = per_degree
            .iter()
            .map(|s| (s.config.ic, s.site_counts(i).evictions))
            .collect();
        rows.push(SiteRow {
            site: i,
            label: format!("{} is called from {}:{}", name, info.file, info.line),
            calls: seen.calls,
            classes,
            evictions,
        });
    }
    // The most polymorphic first, then by their worst evictions, calls.
    rows.sort_by(|a, b| {
        let ev = |r: &SiteRow| r.evictions.iter().map(|e| e.1).max().unwrap_or(0);
        ev(b)
            .cmp(&ev(a))
            .then(b.classes.len().cmp(&a.classes.len()))
            .then(b.calls.cmp(&a.calls))
            .then(a.site.cmp(&b.site))
    });
    rows.truncate(n);
    rows
}

pub fn text(out: &Outcome, o: &Options) -> String {
    let mut t = String::new();
    let (strategy, ic) = focus(out);
    let _ = writeln!(
        t,
        "dispatch trace {} ({} events, recorded by {})",
        o.file, out.events, out.producer
    );
    let _ = writeln!(
        t,
        "\nGlobal method cache, invalidation={} ic={}:",
        strategy.name(),
        ic_label(ic)
    );
    let _ = writeln!(
        t,
        "{:<12} {:>14} {:>14} {:>9}",
        "Cache Size", "Hits", "Misses", "Hit Rate"
    );
    for s in by_size(out, strategy, ic) {
        let c = &s.counters;
        let _ = writeln!(
            t,
            "{:<12} {:>14} {:>14} {:>8.2}%",
            size_label(s.config.gmc),
            thousands(c.mc_global_hit),
            thousands(c.mc_global_miss),
            rate(c.mc_global_hit, c.mc_global_miss)
        );
    }
    let sizes: Vec<usize> = by_size(out, strategy, ic)
        .iter()
        .map(|s| s.config.gmc)
        .collect();
    let _ = write!(
        t,
        "\nEvery configuration (inline hit rate; global hit rate per size):\n{:<13} {:>4} {:>8}",
        "invalidation", "ic", "inline"
    );
    for &g in &sizes {
        let _ = write!(t, " {:>8}", size_label(g));
    }
    t.push('\n');
    let mut keys: Vec<(Strategy, usize)> = Vec::new();
    for s in &out.sims {
        if !keys.contains(&(s.config.strategy, s.config.ic)) {
            keys.push((s.config.strategy, s.config.ic));
        }
    }
    for (st, d) in keys {
        let row = by_size(out, st, d);
        let Some(first) = row.first() else { continue };
        let c = &first.counters;
        let _ = write!(
            t,
            "{:<13} {:>4} {:>7.2}%",
            st.name(),
            ic_label(d),
            rate(c.mc_inline_hit, c.mc_inline_miss)
        );
        for s in row {
            let c = &s.counters;
            let _ = write!(t, " {:>7.2}%", rate(c.mc_global_hit, c.mc_global_miss));
        }
        t.push('\n');
    }
    let rows = site_rows(out, o.sites);
    if !rows.is_empty() {
        let _ = writeln!(
            t,
            "\nCall sites by inline-cache evictions (invalidation={}):",
            strategy.name()
        );
        for r in rows {
            let ev: Vec<String> = r
                .evictions
                .iter()
                .map(|(d, n)| format!("ic={} {}", ic_label(*d), thousands(*n)))
                .collect();
            let _ = writeln!(
                t,
                "{:>12} cache eviction: {} ({} calls; evictions {})",
                thousands(r.evictions.first().map_or(0, |e| e.1)),
                r.label,
                thousands(r.calls),
                ev.join(", ")
            );
            let shown: Vec<String> = r
                .classes
                .iter()
                .take(6)
                .map(|(name, n)| format!("{name} {:.1}%", 100.0 * *n as f64 / r.calls as f64))
                .collect();
            let more = if r.classes.len() > 6 {
                format!(" and {} more", r.classes.len() - 6)
            } else {
                String::new()
            };
            let _ = writeln!(
                t,
                "{:>12} {} receiver classes: {}{more}",
                "",
                r.classes.len(),
                shown.join(", ")
            );
        }
    }
    t
}

/// An array, one object per configuration, with `--stats=json`'s names.
pub fn json(out: &Outcome) -> String {
    let mut t = String::from("[");
    for (i, s) in out.sims.iter().enumerate() {
        if i > 0 {
            t.push_str(",\n ");
        }
        let _ = write!(
            t,
            "{{\"strategy\": \"{}\", \"ic_size\": {}, \"gmc_size\": {}, \"class_cache\": {}",
            s.config.strategy.name(),
            s.config.ic,
            s.config.gmc,
            s.config.class_cache
        );
        for (k, v) in s.counters.list() {
            if k.ends_with("_ns") {
                continue;
            }
            let _ = write!(t, ", \"{k}\": {v}");
        }
        t.push('}');
    }
    t.push_str("]\n");
    t
}
