//! Dispatch counters and their reports: `RubyVM.stat`,
//! `RubyVM::MethodCache`, `--stats[=json]` and `CARMINE_DEBUG_COUNTER`.

use std::fmt::Write;

use super::Dispatch;
use super::trace::SourceGroup;
use crate::class::ClassTable;
use crate::value::symbol;

/// Always-on counters; plain increments on the paths they count.
#[derive(Default, Clone, Debug)]
pub struct Counters {
    pub mc_inline_hit: u64,
    pub mc_inline_miss: u64,
    pub mc_global_hit: u64,
    pub mc_global_miss: u64,
    pub mc_global_state_miss: u64,
    pub mc_class_serial_miss: u64,
    pub mc_search_super: u64,
    pub mc_miss_by_nome: u64,
    pub mc_miss_by_distinct: u64,
    pub mc_miss_by_refine: u64,
    pub mc_miss_by_visi: u64,
    pub mc_miss_spurious: u64,
    pub gmc_collisions: u64,
    /// The per-class method cache (`class_cache`): answers it gave after
    /// the global cache missed, and lookups it could not answer.
    pub class_cache_hit: u64,
    pub class_cache_miss: u64,
    pub method_searches: u64,
    pub ancestors_walked: u64,
    pub ic_evictions: u64,
    pub miss_time_ns: u64,
    pub invalidation_time_ns: u64,
    pub invalidations: u64,
    pub invalidated_entries: u64,
    pub class_serial: u64,
    pub const_cache_hit: u64,
    pub const_cache_miss: u64,
    pub ccf_iseq: u64,
    pub ccf_cfunc: u64,
    pub ccf_ivar: u64,
    pub ccf_attrset: u64,
    pub ccf_bmethod: u64,
    pub ccf_method_missing: u64,
    pub ccf_send: u64,
    pub ccf_super: u64,
    pub ccf_opt_fast: u64,
    /// Classes the GC freed, and the inline/global cache entries for them
    /// it dropped (`Dispatch::classes_freed`).
    pub classes_freed: u64,
    pub gc_dropped_entries: u64,
}

impl Counters {
    /// (name, value) pairs in report order, CRuby's names where one exists.
    pub fn list(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("mc_inline_hit", self.mc_inline_hit),
            ("mc_inline_miss", self.mc_inline_miss),
            ("mc_global_hit", self.mc_global_hit),
            ("mc_global_miss", self.mc_global_miss),
            ("mc_global_state_miss", self.mc_global_state_miss),
            ("mc_class_serial_miss", self.mc_class_serial_miss),
            ("mc_search_super", self.mc_search_super),
            ("mc_miss_by_nome", self.mc_miss_by_nome),
            ("mc_miss_by_distinct", self.mc_miss_by_distinct),
            ("mc_miss_by_refine", self.mc_miss_by_refine),
            ("mc_miss_by_visi", self.mc_miss_by_visi),
            ("mc_miss_spurious", self.mc_miss_spurious),
            ("gmc_collisions", self.gmc_collisions),
            ("class_cache_hit", self.class_cache_hit),
            ("class_cache_miss", self.class_cache_miss),
            ("method_searches", self.method_searches),
            ("ancestors_walked", self.ancestors_walked),
            ("ic_evictions", self.ic_evictions),
            ("classes_freed", self.classes_freed),
            ("gc_dropped_entries", self.gc_dropped_entries),
            ("invalidations", self.invalidations),
            ("invalidated_entries", self.invalidated_entries),
            ("const_cache_hit", self.const_cache_hit),
            ("const_cache_miss", self.const_cache_miss),
            ("ccf_iseq", self.ccf_iseq),
            ("ccf_cfunc", self.ccf_cfunc),
            ("ccf_ivar", self.ccf_ivar),
            ("ccf_attrset", self.ccf_attrset),
            ("ccf_bmethod", self.ccf_bmethod),
            ("ccf_method_missing", self.ccf_method_missing),
            ("ccf_send", self.ccf_send),
            ("ccf_super", self.ccf_super),
            ("ccf_opt_fast", self.ccf_opt_fast),
            ("miss_time_ns", self.miss_time_ns),
            ("invalidation_time_ns", self.invalidation_time_ns),
        ]
    }
}

fn pct(a: u64, b: u64) -> f64 {
    if a + b == 0 {
        0.0
    } else {
        100.0 * a as f64 / (a + b) as f64
    }
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl Dispatch {
    /// The global cache's size as reported: its entries, and `(auto)`
    /// when it grows by itself.
    fn gmc_size_text(&self) -> String {
        if self.gmc.is_auto() {
            format!(
                "{} (auto, grew {} times)",
                self.gmc.size(),
                self.gmc.resizes
            )
        } else {
            self.gmc.size().to_string()
        }
    }

    /// Reported call sites (`Dispatch::site_reported`) sorted by misses,
    /// most first.
    fn top_sites(&self, n: usize) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.sites.len())
            .filter(|&i| {
                let s = &self.sites[i];
                s.hits + s.misses > 0 && self.site_reported(s)
            })
            .collect();
        idx.sort_by_key(|&i| std::cmp::Reverse((self.sites[i].misses, self.sites[i].hits)));
        idx.truncate(n);
        idx
    }

    /// The `--stats` report; `extra`: other parts' counters (the JIT's),
    /// printed after the dispatch counters.
    pub fn report_text(
        &self,
        classes: &ClassTable,
        invalidation_sources: &[SourceGroup],
        extra: &[(&str, u64)],
    ) -> String {
        let c = &self.counters;
        let mut o = String::new();
        let _ = writeln!(o, "***carmine: dispatch stats***");
        let _ = writeln!(
            o,
            "invalidation strategy:     {}",
            self.config.strategy.name()
        );
        let _ = writeln!(o, "inline cache size:         {}", self.config.ic_size);
        let _ = writeln!(o, "global method cache size:  {}", self.gmc_size_text());
        let _ = writeln!(
            o,
            "class method caches:       {}",
            if self.config.class_cache { "on" } else { "off" }
        );
        let _ = writeln!(o, "inline cache hits:         {:>12}", c.mc_inline_hit);
        let _ = writeln!(o, "inline cache misses:       {:>12}", c.mc_inline_miss);
        let _ = writeln!(
            o,
            "inline cache hit rate:     {:>11.2}%",
            pct(c.mc_inline_hit, c.mc_inline_miss)
        );
        let _ = writeln!(o, "global cache hits:         {:>12}", c.mc_global_hit);
        let _ = writeln!(o, "global cache misses:       {:>12}", c.mc_global_miss);
        let _ = writeln!(
            o,
            "global cache hit rate:     {:>11.2}%",
            pct(c.mc_global_hit, c.mc_global_miss)
        );
        let _ = writeln!(o, "global cache collisions:   {:>12}", c.gmc_collisions);
        if self.config.class_cache {
            let _ = writeln!(o, "class cache hits:          {:>12}", c.class_cache_hit);
            let _ = writeln!(o, "class cache misses:        {:>12}", c.class_cache_miss);
            let _ = writeln!(
                o,
                "class cache hit rate:      {:>11.2}%",
                pct(c.class_cache_hit, c.class_cache_miss)
            );
        }
        let _ = writeln!(o, "method searches:           {:>12}", c.method_searches);
        let _ = writeln!(o, "invalidations:             {:>12}", c.invalidations);
        let _ = writeln!(
            o,
            "invalidated entries:       {:>12}",
            c.invalidated_entries
        );
        let _ = writeln!(o, "inline cache evictions:    {:>12}", c.ic_evictions);
        let _ = writeln!(o, "classes freed by GC:       {:>12}", c.classes_freed);
        let _ = writeln!(o, "entries dropped by GC:     {:>12}", c.gc_dropped_entries);
        let _ = writeln!(
            o,
            "miss time:                 {:>10.3}ms",
            c.miss_time_ns as f64 / 1e6
        );
        let _ = writeln!(
            o,
            "invalidation time:         {:>10.3}ms",
            c.invalidation_time_ns as f64 / 1e6
        );
        for (k, v) in extra {
            let _ = writeln!(o, "{:<27}{v:>12}", format!("{}:", k.replace('_', " ")));
        }
        let _ = writeln!(o, "call sites by misses:");
        for i in self.top_sites(10) {
            let s = &self.sites[i];
            let classes_seen: Vec<String> = s
                .seen
                .iter()
                .take(8)
                .map(|&k| classes.name(classes.real_class(k)))
                .collect();
            let _ = writeln!(
                o,
                "  {}:{} {} {} classes={} hits={} misses={} [{}]",
                s.file,
                s.line,
                symbol::name(s.name),
                s.state_name(),
                s.seen.len(),
                s.hits,
                s.misses,
                classes_seen.join(", ")
            );
        }
        if !invalidation_sources.is_empty() {
            let _ = writeln!(o, "top invalidation sources:");
            for g in invalidation_sources.iter().take(10) {
                let _ = writeln!(o, "  {:>8} {}", g.count, g.frame);
                if !g.via.is_empty() {
                    let _ = writeln!(o, "           via {}", g.via_text());
                }
            }
        }
        o
    }

    pub fn report_json(
        &self,
        classes: &ClassTable,
        invalidation_sources: &[SourceGroup],
        extra: &[(&str, u64)],
    ) -> String {
        let c = &self.counters;
        let mut o = String::from("{\"carmine_stats\": {");
        let _ = write!(
            o,
            "\"strategy\": {}, \"ic_size\": {}, \"gmc_size\": {}, \"gmc_auto\": {}, \"class_cache\": {}, \"gmc_hits\": {}, \"gmc_misses\": {}, \"gmc_collisions\": {}, \"ic_hits\": {}, \"ic_misses\": {}, \"invalidations\": {}, \"invalidation_time_ns\": {}, \"miss_time_ns\": {}",
            json_str(self.config.strategy.name()),
            self.config.ic_size,
            self.gmc.size(),
            self.gmc.is_auto(),
            self.config.class_cache,
            c.mc_global_hit,
            c.mc_global_miss,
            c.gmc_collisions,
            c.mc_inline_hit,
            c.mc_inline_miss,
            c.invalidations,
            c.invalidation_time_ns,
            c.miss_time_ns
        );
        for (k, v) in c.list().into_iter().chain(extra.iter().copied()) {
            let _ = write!(o, ", {}: {}", json_str(k), v);
        }
        o.push_str(", \"call_sites\": [");
        for (n, i) in self.top_sites(50).into_iter().enumerate() {
            let s = &self.sites[i];
            if n > 0 {
                o.push_str(", ");
            }
            let names: Vec<String> = s
                .seen
                .iter()
                .map(|&k| json_str(&classes.name(classes.real_class(k))))
                .collect();
            let _ = write!(
                o,
                "{{\"location\": {}, \"method\": {}, \"state\": {}, \"classes\": {}, \"class_names\": [{}], \"hits\": {}, \"misses\": {}}}",
                json_str(&format!("{}:{}", s.file, s.line)),
                json_str(&symbol::name(s.name)),
                json_str(s.state_name()),
                s.seen.len(),
                names.join(", "),
                s.hits,
                s.misses
            );
        }
        o.push_str("], \"invalidation_sources\": [");
        for (n, g) in invalidation_sources.iter().take(20).enumerate() {
            if n > 0 {
                o.push_str(", ");
            }
            let via: Vec<String> = g
                .via
                .iter()
                .map(|(k, n)| format!("{{\"location\": {}, \"count\": {n}}}", json_str(k)))
                .collect();
            let _ = write!(
                o,
                "{{\"location\": {}, \"count\": {}, \"via\": [{}]}}",
                json_str(&g.frame),
                g.count,
                via.join(", ")
            );
        }
        o.push_str("]}}");
        o
    }

    pub fn debug_counters(&self) -> String {
        let mut o = String::new();
        for (k, v) in self.counters.list() {
            let _ = writeln!(o, "[CARMINE_DEBUG_COUNTER] {k} {v}");
        }
        o
    }
}
