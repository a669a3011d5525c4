//! What dispatch reports about the user's program: the
//! `--trace-invalidations` and `--trace-evictions` lines, the invalidation
//! backtraces and their summary by application frame, and which activity
//! counts as the program's at all.
//!
//! Start-up (`Vm::new`, the prelude) is not the program: until
//! `Dispatch::program_started` nothing is traced or recorded, and there
//! the counters and call-site counts start from zero. Call sites in
//! `<internal:*>` code (the prelude, carmine's Ruby-written core methods)
//! are left out of every call-site listing. `--include-startup` keeps all
//! of it. State numbers (`RubyVM.stat`'s `global_method_state`,
//! `global_constant_state`, `class_serial`) are states, not counts: they
//! always include start-up.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{CallSite, Dispatch, Reason};
use crate::class::ClassTable;
use crate::value::{ClassId, SymbolId, symbol};

/// Backtrace frames printed per invalidation unless `--trace-frames=N`.
pub const DEFAULT_TRACE_FRAMES: usize = 3;

/// Groups the exit summary and `--stats` list.
const SUMMARY_GROUPS: usize = 10;

/// Where in the program an invalidation came from (built by the
/// interpreter only while something records it: `Dispatch::wants_origin`).
#[derive(Default, Clone, Debug)]
pub struct Origin {
    /// The innermost Ruby frames, innermost first, as
    /// ``file:line:in `label'``, start-up (`<internal:*>`) frames left out;
    /// at most `--trace-frames` of them.
    pub frames: Vec<String>,
    /// `file:line` of the innermost of those frames (`-` for none).
    pub at: String,
    /// The innermost application frame: neither start-up code nor a
    /// library (the installed standard library, a gem). The innermost
    /// frame when every frame is a library's; `None` with no frame.
    pub app: Option<String>,
}

/// Invalidations counted by application frame (`--stats`' "top
/// invalidation sources", the `--trace-invalidations` summary).
#[derive(Default)]
pub struct Sources {
    /// Whether to count (`--stats` or `--trace-invalidations` is on).
    pub record: bool,
    groups: HashMap<String, Group>,
}

/// One application frame's invalidations, for the reports.
#[derive(Debug, PartialEq)]
pub struct SourceGroup {
    /// The application frame, ``file:line:in `label'`` (`-` for none).
    pub frame: String,
    pub count: u64,
    /// Where inside it they happened when not in the frame itself (the
    /// library methods that made the changes, as ``file in `method'``),
    /// most first.
    pub via: Vec<(String, u64)>,
}

impl SourceGroup {
    /// `via` as `place n, place n` (the three largest, then `... k more`).
    pub fn via_text(&self) -> String {
        top_three(&self.via)
    }
}

#[derive(Default)]
struct Group {
    /// Order of first appearance (ties in the lists go by it).
    first: usize,
    count: u64,
    reasons: HashMap<&'static str, u64>,
    /// Where inside the group it happened, when not in the application
    /// frame itself: the innermost frame's file and method (the library
    /// that did it).
    inner: HashMap<String, u64>,
}

impl Sources {
    fn add(&mut self, origin: &Origin, why: Reason) {
        let key = origin.app.clone().unwrap_or_else(|| "-".to_string());
        let first = self.groups.len();
        let g = self.groups.entry(key).or_insert_with(|| Group {
            first,
            ..Default::default()
        });
        g.count += 1;
        *g.reasons.entry(why.label()).or_insert(0) += 1;
        if let Some(f) = origin.frames.first()
            && Some(f) != origin.app.as_ref()
        {
            *g.inner.entry(without_line(f)).or_insert(0) += 1;
        }
    }

    pub fn clear(&mut self) {
        self.groups.clear();
    }

    /// The groups, most invalidations first.
    pub fn sorted(&self) -> Vec<SourceGroup> {
        let mut v: Vec<(&String, &Group)> = self.groups.iter().collect();
        v.sort_by_key(|(_, g)| (std::cmp::Reverse(g.count), g.first));
        v.into_iter()
            .map(|(k, g)| {
                let mut via: Vec<(String, u64)> =
                    g.inner.iter().map(|(k, n)| (k.clone(), *n)).collect();
                via.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                SourceGroup {
                    frame: k.clone(),
                    count: g.count,
                    via,
                }
            })
            .collect()
    }

    /// The exit summary of `--trace-invalidations`.
    fn summary(&self) -> String {
        let mut o = String::new();
        let total: u64 = self.groups.values().map(|g| g.count).sum();
        if total == 0 {
            return o;
        }
        let _ = writeln!(o, "invalidations by application frame ({total} in all):");
        for s in self.sorted().into_iter().take(SUMMARY_GROUPS) {
            let g = &self.groups[&s.frame];
            let _ = writeln!(o, "  {:>8} {}", s.count, s.frame);
            let _ = writeln!(o, "           {}", most(&g.reasons));
            if !s.via.is_empty() {
                let _ = writeln!(o, "           via {}", s.via_text());
            }
        }
        if self.groups.len() > SUMMARY_GROUPS {
            let _ = writeln!(
                o,
                "  ... {} more frames",
                self.groups.len() - SUMMARY_GROUPS
            );
        }
        o
    }
}

/// ``file:line:in `label'`` as ``file in `label'``.
fn without_line(frame: &str) -> String {
    match frame.find(":in `") {
        Some(p) => {
            let file = frame[..p].rsplit_once(':').map_or(&frame[..p], |(f, _)| f);
            format!("{file} in {}", &frame[p + 4..])
        }
        None => frame.to_string(),
    }
}

/// `key n, key n` for the (up to three) largest counts, most first.
fn most(m: &HashMap<&str, u64>) -> String {
    let mut v: Vec<(&str, u64)> = m.iter().map(|(k, n)| (*k, *n)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    top_three(&v)
}

/// `key n, key n` for the first three of `sorted`, then `... k more`.
fn top_three<K: std::fmt::Display>(sorted: &[(K, u64)]) -> String {
    let mut parts: Vec<String> = sorted
        .iter()
        .take(3)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    if sorted.len() > 3 {
        parts.push(format!("... {} more", sorted.len() - 3));
    }
    parts.join(", ")
}

impl Dispatch {
    /// Start-up is over: from here on activity is the program's. Unless
    /// `--include-startup`, the counters (not the state numbers) and the
    /// call sites' counts start again from zero.
    pub fn program_started(&mut self) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.program_started();
        }
        self.startup = false;
        if !self.config.include_startup {
            self.reset_counts();
            self.sources.clear();
        }
    }

    /// Zeroes the counters (not `class_serial`, a state number) and the
    /// call sites' counts (`RubyVM::MethodCache.reset!`, the end of
    /// start-up).
    pub fn reset_counts(&mut self) {
        if let Some(r) = self.recorder.as_deref_mut() {
            r.reset();
        }
        let class_serial = self.counters.class_serial;
        self.counters = Default::default();
        self.counters.class_serial = class_serial;
        for s in self.sites.iter_mut() {
            s.hits = 0;
            s.misses = 0;
            s.evictions = 0;
        }
    }

    /// Whether what happens now is reported (traced, recorded).
    #[inline]
    pub fn reporting(&self) -> bool {
        !self.startup || self.config.include_startup
    }

    /// Whether an invalidation now needs its `Origin` (else an empty one
    /// will do).
    #[inline]
    pub fn wants_origin(&self) -> bool {
        self.reporting() && (self.sources.record || self.config.trace_invalidations.is_some())
    }

    /// Whether a call site belongs in call-site listings: not one in
    /// `<internal:*>` code, unless `--include-startup`.
    pub fn site_reported(&self, s: &CallSite) -> bool {
        self.config.include_startup || !s.file.starts_with("<internal:")
    }

    /// Records and traces one invalidation (`invalidate::finish`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn report_invalidation(
        &mut self,
        classes: &ClassTable,
        c: ClassId,
        name: Option<SymbolId>,
        why: Reason,
        touched: u64,
        cost: u64,
        origin: &Origin,
    ) {
        if !self.reporting() {
            return;
        }
        if self.sources.record {
            self.sources.add(origin, why);
        }
        if self.config.trace_invalidations.is_none() {
            return;
        }
        let what = match name {
            Some(n) => format!("{}#{}", classes.name(c), symbol::name(n)),
            None => classes.name(c),
        };
        let mut text = format!(
            "invalidation: {} ({}) strategy={} touched={} cost={}ns at {}\n",
            what,
            why.label(),
            self.config.strategy.name(),
            touched,
            cost,
            if origin.at.is_empty() {
                "-"
            } else {
                &origin.at
            },
        );
        for f in origin.frames.iter().take(self.config.trace_frames) {
            let _ = writeln!(text, "\tfrom {f}");
        }
        if let Some(w) = self.config.trace_invalidations.as_mut() {
            let _ = w.write_all(text.as_bytes());
        }
    }

    /// One `--trace-evictions` line, in the seed's format, so
    /// `sort | uniq -c` ranks the thrashing sites.
    pub(super) fn trace_eviction(&mut self, classes: &ClassTable, site: usize, class: ClassId) {
        if !self.reporting() || !self.site_reported(&self.sites[site]) {
            return;
        }
        let s = &self.sites[site];
        let line = format!(
            "cache eviction: {}#{} is called from {}:{}\n",
            classes.name(classes.real_class(class)),
            symbol::name(s.name),
            s.file,
            s.line,
        );
        if let Some(w) = self.config.trace_evictions.as_mut() {
            let _ = w.write_all(line.as_bytes());
        }
    }

    /// At exit: the invalidation summary by application frame, then
    /// flushes both trace outputs.
    pub fn finish_traces(&mut self) {
        let summary = self.sources.summary();
        if let Some(w) = self.config.trace_invalidations.as_mut() {
            let _ = w.write_all(summary.as_bytes());
            let _ = w.flush();
        }
        if let Some(w) = self.config.trace_evictions.as_mut() {
            let _ = w.flush();
        }
        if let Some(r) = self.recorder.as_deref_mut() {
            r.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(inner: &str, app: &str) -> Origin {
        Origin {
            frames: vec![inner.to_string(), app.to_string()],
            at: String::new(),
            app: Some(app.to_string()),
        }
    }

    #[test]
    fn summary_groups_by_application_frame_and_names_the_library() {
        let mut s = Sources::default();
        for line in [5, 6, 5] {
            s.add(
                &origin(
                    &format!("lib/x.rb:{line}:in `hook'"),
                    "app.rb:2:in `<main>'",
                ),
                Reason::SingletonMethod,
            );
        }
        s.add(
            &origin("app.rb:9:in `f'", "app.rb:9:in `f'"),
            Reason::MethodDefined,
        );
        assert_eq!(
            s.sorted(),
            vec![
                SourceGroup {
                    frame: "app.rb:2:in `<main>'".to_string(),
                    count: 3,
                    via: vec![("lib/x.rb in `hook'".to_string(), 3)],
                },
                SourceGroup {
                    frame: "app.rb:9:in `f'".to_string(),
                    count: 1,
                    via: vec![],
                },
            ]
        );
        let text = s.summary();
        assert!(text.starts_with("invalidations by application frame (4 in all):\n"));
        assert!(text.contains("singleton method defined 3\n"), "{text}");
        assert!(text.contains("via lib/x.rb in `hook' 3\n"), "{text}");
        assert_eq!(text.matches("via").count(), 1, "{text}");
    }
}
