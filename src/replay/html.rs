//! `carmine replay --html=FILE`: one self-contained page (no scripts, no
//! external resources) with inline SVG charts: global cache hit rate vs
//! size per strategy and per inline cache degree, the call sites'
//! polymorphism histogram, and the worst call sites.

use std::fmt::Write;

use super::report::{by_size, focus, ic_label, rate, site_rows, size_label, thousands};
use super::{Options, Outcome};
use crate::dispatch::Strategy;

const W: f64 = 640.0;
const H: f64 = 300.0;
const LEFT: f64 = 60.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 20.0;
const RIGHT: f64 = 150.0;
const COLORS: [&str; 6] = [
    "#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#616a6b",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A line chart: x = the sizes (evenly spaced), y = 0..100%.
fn line_chart(title: &str, sizes: &[usize], lines: &[(String, Vec<f64>)]) -> String {
    let mut s = String::new();
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let lo = lines
        .iter()
        .flat_map(|l| l.1.iter().copied())
        .fold(100.0f64, f64::min);
    let lo = (lo / 10.0).floor() * 10.0;
    let lo = lo.clamp(0.0, 90.0);
    let y = |v: f64| TOP + ph - (v - lo) / (100.0 - lo) * ph;
    let n = sizes.len().max(2) - 1;
    let x = |i: usize| LEFT + pw * i as f64 / n as f64;
    let _ = write!(
        s,
        "<figure><figcaption>{}</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\">",
        esc(title)
    );
    for k in 0..=5 {
        let v = lo + (100.0 - lo) * k as f64 / 5.0;
        let _ = write!(
            s,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{v:.0}%</text>",
            LEFT + pw,
            LEFT - 6.0,
            y(v) + 4.0,
            yy = y(v)
        );
    }
    for (i, &g) in sizes.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x(i),
            TOP + ph + 16.0,
            size_label(g)
        );
    }
    let _ = write!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">global cache entries</text>",
        LEFT + pw / 2.0,
        H - 6.0
    );
    for (li, (label, vals)) in lines.iter().enumerate() {
        let color = COLORS[li % COLORS.len()];
        let pts: Vec<String> = vals
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
            .collect();
        let _ = write!(
            s,
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" points=\"{}\"/>",
            pts.join(" ")
        );
        for (i, v) in vals.iter().enumerate() {
            let _ = write!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{color}\"><title>{} {}: {v:.2}%</title></circle>",
                x(i),
                y(*v),
                esc(label),
                size_label(sizes[i])
            );
        }
        let ly = TOP + 14.0 + 18.0 * li as f64;
        let _ = write!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"12\" height=\"4\" fill=\"{color}\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\">{}</text>",
            W - RIGHT + 12.0,
            ly - 4.0,
            W - RIGHT + 30.0,
            ly + 1.0,
            esc(label)
        );
    }
    s.push_str("</svg></figure>\n");
    s
}

/// A vertical bar chart of counts.
fn bar_chart(title: &str, bars: &[(String, u64)]) -> String {
    let mut s = String::new();
    let (pw, ph) = (W - LEFT - 20.0, H - TOP - BOTTOM);
    let max = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1) as f64;
    let bw = pw / bars.len().max(1) as f64;
    let _ = write!(
        s,
        "<figure><figcaption>{}</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\">",
        esc(title)
    );
    for (i, (label, n)) in bars.iter().enumerate() {
        let h = ph * *n as f64 / max;
        let x = LEFT + bw * i as f64;
        let _ = write!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}: {n}</title></rect><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            x + bw * 0.1,
            TOP + ph - h,
            bw * 0.8,
            COLORS[1],
            esc(label),
            x + bw / 2.0,
            TOP + ph + 16.0,
            esc(label),
            x + bw / 2.0,
            TOP + ph - h - 4.0,
            n
        );
    }
    s.push_str("</svg></figure>\n");
    s
}

/// Horizontal bars with long labels (the worst call sites).
fn hbar_chart(title: &str, bars: &[(String, u64)]) -> String {
    let mut s = String::new();
    let row = 22.0;
    let h = TOP + row * bars.len().max(1) as f64 + 10.0;
    let width = 900.0;
    let (lx, bx) = (10.0, 560.0);
    let max = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1) as f64;
    let _ = write!(
        s,
        "<figure><figcaption>{}</figcaption><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{h}\" viewBox=\"0 0 {width} {h}\">",
        esc(title)
    );
    for (i, (label, n)) in bars.iter().enumerate() {
        let y = TOP + row * i as f64;
        let len = (width - bx - 80.0) * *n as f64 / max;
        let short: String = if label.chars().count() > 88 {
            let tail: String = label
                .chars()
                .rev()
                .take(85)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            format!("...{tail}")
        } else {
            label.clone()
        };
        let _ = write!(
            s,
            "<text x=\"{lx}\" y=\"{:.1}\" font-size=\"11\">{}</text><rect x=\"{bx}\" y=\"{:.1}\" width=\"{len:.1}\" height=\"14\" fill=\"{}\"><title>{}</title></rect><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
            y + 11.0,
            esc(&short),
            y,
            COLORS[0],
            esc(label),
            bx + len + 4.0,
            y + 11.0,
            thousands(*n)
        );
    }
    s.push_str("</svg></figure>\n");
    s
}

pub fn page(out: &Outcome, o: &Options) -> String {
    let (strategy, ic) = focus(out);
    let mut body = String::new();
    let sizes: Vec<usize> = by_size(out, strategy, ic)
        .iter()
        .map(|s| s.config.gmc)
        .collect();
    let mut strategies: Vec<Strategy> = Vec::new();
    let mut degrees: Vec<usize> = Vec::new();
    for s in &out.sims {
        if !strategies.contains(&s.config.strategy) {
            strategies.push(s.config.strategy);
        }
        if !degrees.contains(&s.config.ic) {
            degrees.push(s.config.ic);
        }
    }
    let global_rates = |st: Strategy, d: usize| -> Vec<f64> {
        by_size(out, st, d)
            .iter()
            .map(|s| rate(s.counters.mc_global_hit, s.counters.mc_global_miss))
            .collect()
    };
    let lines: Vec<(String, Vec<f64>)> = strategies
        .iter()
        .map(|&st| (st.name().to_string(), global_rates(st, ic)))
        .collect();
    body.push_str(&line_chart(
        &format!(
            "Global method cache hit rate vs size, per invalidation strategy (ic={})",
            ic_label(ic)
        ),
        &sizes,
        &lines,
    ));
    let lines: Vec<(String, Vec<f64>)> = degrees
        .iter()
        .map(|&d| (format!("ic={}", ic_label(d)), global_rates(strategy, d)))
        .collect();
    body.push_str(&line_chart(
        &format!(
            "Global method cache hit rate vs size, per inline cache degree (invalidation={})",
            strategy.name()
        ),
        &sizes,
        &lines,
    ));
    // Polymorphism: call sites by distinct receiver classes.
    let buckets = ["1", "2", "3", "4", "5-8", "9-16", "17+"];
    let mut counts = [0u64; 7];
    for (i, s) in out.seen.iter().enumerate() {
        let internal = out
            .sites
            .get(i)
            .and_then(|x| x.as_ref())
            .is_some_and(|x| x.file.starts_with("<internal:"));
        if s.calls == 0 || internal {
            continue;
        }
        let b = match s.classes.len() {
            0 | 1 => 0,
            2 => 1,
            3 => 2,
            4 => 3,
            5..=8 => 4,
            9..=16 => 5,
            _ => 6,
        };
        counts[b] += 1;
    }
    let bars: Vec<(String, u64)> = buckets
        .iter()
        .zip(counts)
        .map(|(b, n)| (b.to_string(), n))
        .collect();
    body.push_str(&bar_chart(
        "Call sites by number of receiver classes (polymorphism)",
        &bars,
    ));
    let rows = site_rows(out, o.sites.max(10));
    let worst: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            (
                format!("{} ({} classes)", r.label, r.classes.len()),
                r.evictions.first().map_or(0, |e| e.1),
            )
        })
        .collect();
    let first_degree = rows
        .first()
        .and_then(|r| r.evictions.first())
        .map_or("?".to_string(), |e| ic_label(e.0));
    body.push_str(&hbar_chart(
        &format!("Worst call sites: inline-cache evictions at ic={first_degree}"),
        &worst,
    ));
    let mut table = String::from(
        "<table><tr><th>invalidation</th><th>ic</th><th>gmc</th><th>inline hit</th><th>global hit</th><th>collisions</th><th>evictions</th><th>invalidations</th><th>entries touched</th></tr>\n",
    );
    for s in &out.sims {
        let c = &s.counters;
        let _ = writeln!(
            table,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2}%</td><td>{:.2}%</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            s.config.strategy.name(),
            ic_label(s.config.ic),
            size_label(s.config.gmc),
            rate(c.mc_inline_hit, c.mc_inline_miss),
            rate(c.mc_global_hit, c.mc_global_miss),
            thousands(c.gmc_collisions),
            thousands(c.ic_evictions),
            thousands(c.invalidations),
            thousands(c.invalidated_entries)
        );
    }
    table.push_str("</table>\n");
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>dispatch replay: {file}</title>\n<style>body{{font-family:sans-serif;margin:2em;color:#222}}figure{{margin:1.5em 0}}figcaption{{font-weight:bold;margin-bottom:.4em}}table{{border-collapse:collapse;font-size:13px}}td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}</style></head>\n<body><h1>Dispatch replay</h1><p>{file}: {events} events, recorded by {producer}; {n} configurations simulated in one pass.</p>\n{body}<h2>Every configuration</h2>\n{table}</body></html>\n",
        file = esc(&o.file),
        events = thousands(out.events),
        producer = esc(&out.producer),
        n = out.sims.len(),
    )
}
