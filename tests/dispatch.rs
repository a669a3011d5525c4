//! Dispatch tests that would fail if caching were wrong:
//!
//! * `matrix`: every passing golden program in `tests/ruby/dispatch/` (warm
//!   call sites, then redefine/include/prepend/extend/remove/alias/change
//!   visibility/set constants) under every `--invalidation` x `--ic`
//!   setting, with the global cache fixed, growing (`auto`) and off, and
//!   the per-class caches on and off, comparing output with CRuby's.
//! * counter tests: the instruments (`--stats=json`, debug counters,
//!   traces, `RubyVM.stat`) report what each strategy is supposed to do.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_carmine")
}

fn command(path: &Path, flags: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.args(flags)
        .arg(path.file_name().unwrap())
        .current_dir(path.parent().unwrap())
        .env("LC_ALL", "C.UTF-8")
        .env_remove("CARMINE_STATS")
        .env_remove("CARMINE_INVALIDATION")
        .env_remove("CARMINE_INLINE_CACHE")
        .env_remove("RUBY_GLOBAL_METHOD_CACHE_SIZE")
        .stdin(Stdio::null());
    c
}

fn run_file(path: &Path, flags: &[&str]) -> Output {
    command(path, flags).output().expect("run carmine")
}

/// `run_file` with `CARMINE_DEBUG_COUNTER=1` (read with `debug_counter`).
fn run_counted(path: &Path, flags: &[&str]) -> Output {
    command(path, flags)
        .env("CARMINE_DEBUG_COUNTER", "1")
        .output()
        .expect("run carmine")
}

fn script(name: &str, src: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carmine-dispatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::File::create(&p)
        .unwrap()
        .write_all(src.as_bytes())
        .unwrap();
    p
}

/// `"key": number` from the one-line stats JSON.
/// A `[CARMINE_DEBUG_COUNTER] name value` line's value.
fn debug_counter(err: &str, name: &str) -> u64 {
    let pre = format!("[CARMINE_DEBUG_COUNTER] {name} ");
    err.lines()
        .find_map(|l| l.strip_prefix(&pre))
        .unwrap_or_else(|| panic!("{name} missing in {err}"))
        .trim()
        .parse()
        .unwrap()
}

fn stat(json: &str, key: &str) -> u64 {
    let pat = format!("\"{key}\": ");
    let i = json
        .find(&pat)
        .unwrap_or_else(|| panic!("no {key} in {json}"))
        + pat.len();
    json[i..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap()
}

fn stats_json(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines()
        .find(|l| l.starts_with("{\"carmine_stats\""))
        .unwrap_or_else(|| panic!("no stats line in {err}"))
        .to_string()
}

const STRATEGIES: [&str; 3] = ["global", "hierarchical", "method"];

/// `--invalidation=S --ic=N` for every strategy S and each of `ics`.
fn settings(ics: &[&str]) -> Vec<[String; 2]> {
    STRATEGIES
        .iter()
        .flat_map(|s| {
            ics.iter()
                .map(move |ic| [format!("--invalidation={s}"), format!("--ic={ic}")])
        })
        .collect()
}

#[test]
fn matrix() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby");
    let known = std::fs::read_to_string(root.join("KNOWN_FAILURES")).unwrap_or_default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("dispatch"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rb"))
        .filter(|p| {
            !known.lines().any(|k| {
                k.trim() == format!("dispatch/{}", p.file_name().unwrap().to_string_lossy())
            })
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 20,
        "too few passing dispatch programs: {}",
        files.len()
    );
    let configs = cache_configs();
    let mut failures = Vec::new();
    for f in &files {
        let expected = std::fs::read(f.with_extension("out")).unwrap();
        for c in &configs {
            let flags: Vec<&str> = c.iter().map(|s| s.as_str()).collect();
            let out = run_file(f, &flags);
            if out.stdout != expected {
                failures.push(format!("{} with {}", f.display(), c.join(" ")));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "wrong output under some dispatch settings:\n{}",
        failures.join("\n")
    );
}

/// Every strategy with inline caches off, monomorphic and polymorphic
/// (the other caches at their defaults), and each other cache layout:
/// the per-class caches alone under monomorphic inline caches and with
/// none (`--ic=0 --gmc-size=0`: they answer every call), a global cache
/// that grows, and the per-class caches off.
fn cache_configs() -> Vec<Vec<String>> {
    let mut configs = Vec::new();
    for s in STRATEGIES {
        let mut add = |flags: &[&str]| {
            let mut c = vec![format!("--invalidation={s}")];
            c.extend(flags.iter().map(|f| f.to_string()));
            configs.push(c);
        };
        add(&["--ic=0"]);
        add(&["--ic=1"]);
        add(&["--ic=8"]);
        add(&["--ic=1", "--gmc-size=0"]);
        add(&["--ic=0", "--gmc-size=0"]);
        add(&["--ic=0", "--gmc-size=auto"]);
        add(&["--ic=1", "--class-cache=off"]);
    }
    configs
}

/// The golden `tests/ruby/dispatch/NAME.rb` under `flags` with
/// `--stats=json`: whether stdout is CRuby's, and the stats line.
fn golden_with_stats(name: &str, flags: &[&str]) -> (bool, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby/dispatch");
    let f = root.join(format!("{name}.rb"));
    let expected = std::fs::read(f.with_extension("out")).unwrap();
    let mut all: Vec<&str> = flags.to_vec();
    all.push("--stats=json");
    let out = run_file(&f, &all);
    (out.stdout == expected, stats_json(&out))
}

/// The per-class method caches answer calls no inline or global cache
/// does, and every change made while they are warm (redefine, include,
/// prepend, extend, remove, alias, visibility, undef, singleton and
/// subclass definitions, method_missing, respond_to_missing?) reaches
/// them, under every strategy and inline-cache setting; off, they answer
/// nothing.
#[test]
fn class_caches_answer_and_see_every_change() {
    for f in settings(&["0", "1", "8"]) {
        let (ok, j) = golden_with_stats(
            "method_caches_see_every_change",
            &[&f[0], &f[1], "--gmc-size=0"],
        );
        assert!(ok, "{f:?}: output differs from CRuby's");
        assert!(stat(&j, "class_cache_hit") > 10_000, "{f:?}: {j}");
        // Each class is searched a few times before it has a table, and
        // again after each change that reaches it.
        let misses = stat(&j, "class_cache_miss");
        assert!(misses < stat(&j, "class_cache_hit") / 10, "{f:?}: {j}");
        let (ok, j) = golden_with_stats(
            "method_caches_see_every_change",
            &[&f[0], &f[1], "--gmc-size=0", "--class-cache=off"],
        );
        assert!(ok, "{f:?} --class-cache=off: output differs from CRuby's");
        assert_eq!(stat(&j, "class_cache_hit"), 0, "{f:?}: {j}");
        assert_eq!(stat(&j, "class_cache_miss"), 0, "{f:?}: {j}");
    }
}

/// More (class, name) pairs than 2048 entries hold: the default global
/// cache collides and the per-class caches answer its misses; with
/// `--gmc-size=auto` it grows until they fit and answers itself, through
/// redefinitions, a prepend and a removal while warm, under every
/// strategy. `--gmc-size=N` never grows.
#[test]
fn an_auto_global_cache_grows_and_stays_correct() {
    for f in settings(&["0", "1", "8"]) {
        let (ok, j) = golden_with_stats("global_cache_outgrown", &[&f[0], &f[1]]);
        assert!(ok, "{f:?}: output differs from CRuby's");
        assert_eq!(stat(&j, "gmc_size"), 2048, "{f:?}: {j}");
        let fixed_collisions = stat(&j, "gmc_collisions");
        assert!(fixed_collisions > 20_000, "{f:?}: {j}");
        assert!(stat(&j, "class_cache_hit") > 2_000, "{f:?}: {j}");
        let (ok, j) =
            golden_with_stats("global_cache_outgrown", &[&f[0], &f[1], "--gmc-size=auto"]);
        assert!(ok, "{f:?} --gmc-size=auto: output differs from CRuby's");
        assert!(stat(&j, "gmc_size") > 2048, "{f:?}: {j}");
        assert!(
            stat(&j, "gmc_collisions") * 3 < fixed_collisions,
            "{f:?}: {j}"
        );
        let (ok, j) =
            golden_with_stats("global_cache_outgrown", &[&f[0], &f[1], "--gmc-size=4096"]);
        assert!(ok, "{f:?} --gmc-size=4096: output differs from CRuby's");
        assert_eq!(stat(&j, "gmc_size"), 4096, "{f:?}: {j}");
    }
}

const REDEFINE: &str = r#"
class Shape; def area = 1; end
class Sq < Shape; end
class Other; def area = 7; def other = 0; end
def hot(o) = o.area
s = Sq.new
x = Other.new
t = 0
2000.times { t += hot(s) }
class Other; def other = 1; end        # unrelated name and class
2000.times { t += hot(s) }
class Shape; def area = 2; end         # the method the site calls
2000.times { t += hot(s) }
p t
"#;

#[test]
fn redefinition_invalidates_under_every_strategy() {
    let p = script("redefine.rb", REDEFINE);
    for f in settings(&["1", "4"]) {
        let out = run_file(&p, &[&f[0], &f[1], "--stats=json"]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "8000\n", "{f:?}");
        let j = stats_json(&out);
        assert!(stat(&j, "invalidations") >= 2, "{f:?}: {j}");
        assert!(stat(&j, "ic_hits") > 5000, "{f:?}: {j}");
    }
}

/// Misses at the hot `o.area` site after an unrelated redefinition: the
/// global strategy loses every entry; hierarchical and method keep them.
#[test]
fn unrelated_change_costs_depend_on_strategy() {
    let src = r#"
class A; def m = 1; end
class B; def n = 2; end
def hot(o) = o.m
a = A.new
1000.times { hot(a) }
RubyVM::MethodCache.reset!
100.times { |i| B.define_method(:"x#{i}") { i }; hot(a) }
p RubyVM::MethodCache.stats[:mc_inline_miss]
"#;
    let p = script("unrelated.rb", src);
    let misses = |s: &str| -> u64 {
        let out = run_file(&p, &[&format!("--invalidation={s}")]);
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{s}: {out:?}"))
    };
    let (g, h, m) = (misses("global"), misses("hierarchical"), misses("method"));
    assert!(
        g >= 100,
        "global strategy must miss after every definition (got {g})"
    );
    assert!(h < 10, "hierarchical must keep A's entries (got {h})");
    assert!(m < 10, "method strategy must keep A's entries (got {m})");
}

/// Hierarchical invalidation renews serials of the changed class's
/// descendants only; per-method invalidation only the changed name.
#[test]
fn subclass_change_scope() {
    let src = r#"
class Base; def m = 1; def k = 3; end
class Kid < Base; end
class Lone; def m = 2; end
def call_m(o) = o.m
def call_k(o) = o.k
kid, lone = Kid.new, Lone.new
500.times { call_m(kid); call_m(lone); call_k(kid) }
RubyVM::MethodCache.reset!
class Base; def m = 10; end
r = call_m(kid) + call_m(lone) + call_k(kid)
p r
sites = RubyVM::MethodCache.call_sites.select { |c| [:m, :k].include?(c[:method]) }
p sites.sum { |c| c[:misses] }
"#;
    let p = script("scope.rb", src);
    let run = |s: &str| -> (String, u64) {
        let out = run_file(&p, &[&format!("--invalidation={s}"), "--ic=4"]);
        let o = String::from_utf8_lossy(&out.stdout).to_string();
        let mut lines = o.lines();
        let r = lines.next().unwrap_or("").to_string();
        let miss = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(u64::MAX);
        (r, miss)
    };
    for s in STRATEGIES {
        assert_eq!(run(s).0, "15", "{s}: Kid#m must see the redefinition");
    }
    assert_eq!(
        run("global").1,
        3,
        "global: all three warm entries are stale"
    );
    assert_eq!(
        run("hierarchical").1,
        2,
        "hierarchical: Kid's two sites miss, Lone's hits"
    );
    assert_eq!(run("method").1, 1, "method: only Kid#m misses");
}

const SHARED_MODULE: &str = r#"
module Attr
  def read = _read_attribute
end
CLASSES = (1..8).map do |i|
  Class.new { include Attr; define_method(:_read_attribute) { i } }
end
objs = CLASSES.map(&:new)
t = 0
20_000.times { |i| t += objs[i % 8].read }
p t
"#;

/// Seed 002's effect: a call site inside a module shared by 8 classes.
#[test]
fn shared_module_site_is_polymorphic() {
    let p = script("shared.rb", SHARED_MODULE);
    let rate = |ic: &str| -> f64 {
        let out = run_file(&p, &[&format!("--ic={ic}"), "--stats=json"]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "90000\n");
        let j = stats_json(&out);
        let (h, m) = (stat(&j, "ic_hits") as f64, stat(&j, "ic_misses") as f64);
        h / (h + m)
    };
    let poly = rate("8");
    let mono = rate("1");
    assert!(poly >= 0.99, "--ic=8 hit rate {poly}");
    assert!(mono < 0.7, "--ic=1 should thrash, hit rate {mono}");
}

/// A megamorphic site stops filling and every call misses into the
/// global cache, which answers without a search; with the global cache
/// off the per-class caches answer; with both off each of those misses
/// walks the ancestors.
#[test]
fn megamorphic_misses_are_answered_by_the_global_cache() {
    let p = script(
        "mega.rb",
        &format!(
            "{SHARED_MODULE}s = RubyVM::MethodCache.call_sites.find {{ |c| c[:method] == :_read_attribute }}\np [s[:state], s[:hits], s[:misses]]\np RubyVM.stat(:method_searches)\n"
        ),
    );
    let run = |args: &[&str]| -> (String, u64) {
        let out = run_file(&p, args);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let (report, searches) = text.trim_end().rsplit_once('\n').expect("two lines");
        (report.to_string(), searches.parse().expect("a count"))
    };
    let (mega, mega_searches) = run(&["--ic=4"]);
    assert_eq!(mega, "90000\n[:mega, 0, 20000]");
    let (poly, poly_searches) = run(&["--ic=8"]);
    assert_eq!(poly, "90000\n[:poly, 19992, 8]");
    assert!(
        mega_searches <= poly_searches + 16,
        "mega {mega_searches} vs poly {poly_searches}"
    );
    // Without the global cache the per-class caches answer them: no more
    // searches than with it, but for the few each class makes before it
    // has a table (`class_cache::WARM_SEARCHES`, 4; 8 classes and a few
    // core ones).
    let (_, per_class) = run(&["--ic=4", "--gmc-size=0"]);
    assert!(
        per_class <= mega_searches + 64,
        "{per_class} searches with the per-class caches alone"
    );
    // Two megamorphic sites (`read` and `_read_attribute`), 20,000 calls
    // each: with no cache under the inline caches each one walks.
    let (_, uncached) = run(&["--ic=4", "--gmc-size=0", "--class-cache=off"]);
    assert!(
        uncached >= 40_000,
        "{uncached} searches without the global and per-class caches"
    );
}

/// A call without a receiver (`send_self`: self is not pushed) is cached
/// and invalidated like any other site: one miss to fill, one after the
/// redefinition, every other call a hit, under every strategy.
#[test]
fn receiverless_sites_hit_and_invalidate() {
    let p = script(
        "fcall.rb",
        "def helper(x) = x + 1\n\
         def run(n)\n  s = 0\n  n.times do |i|\n    s += helper(i)\n\
         \x20   Object.class_eval { def helper(x) = x + 2 } if i == 499\n  end\n  s\nend\n\
         p run(1000)\n\
         s = RubyVM::MethodCache.call_sites.find { |c| c[:method] == :helper }\n\
         p [s[:state], s[:hits], s[:misses]] if s\n",
    );
    assert_helper_site_hits_and_misses_once(&p);
}

/// `p` prints 501000 and its `helper` site's [state, hits, misses]: one
/// miss to fill, one after the redefinition, every other call a hit,
/// under every strategy (no sites to report without inline caches).
fn assert_helper_site_hits_and_misses_once(p: &Path) {
    for f in settings(&["0", "1", "8"]) {
        let out = run_file(p, &[&f[0], &f[1]]);
        let want = if f[1] == "--ic=0" {
            "501000\n"
        } else {
            "501000\n[:mono, 998, 2]\n"
        };
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{f:?}");
    }
}

/// A site warmed inside a fiber, the method redefined while the fiber is
/// suspended: the resumed fiber misses once and calls the new method (the
/// caches are shared by every fiber), under every strategy.
#[test]
fn fiber_sites_see_redefinitions_made_while_suspended() {
    let p = script(
        "fiber_site.rb",
        "def helper(x) = x + 1\n\
         f = Fiber.new do\n  s = 0\n\
         \x20 1000.times { |i| s += helper(i); Fiber.yield if i == 499 }\n  s\nend\n\
         f.resume\n\
         Object.class_eval { def helper(x) = x + 2 }\n\
         p f.resume\n\
         s = RubyVM::MethodCache.call_sites.find { |c| c[:method] == :helper }\n\
         p [s[:state], s[:hits], s[:misses]] if s\n",
    );
    assert_helper_site_hits_and_misses_once(&p);
}

/// A method added to a module Array includes (`Enumerable#index_by`, as
/// gems do) leaves `opt_size` on: `a.size` makes no builtin call. An
/// operator in a module prepended to Integer turns `opt_plus` off.
#[test]
fn module_methods_clear_only_the_redefinition_bits_they_hide() {
    let p = script(
        "modbop.rb",
        "module Enumerable\n  def index_by = nil\nend\n\
         a = [1, 2, 3]\n\
         c0 = RubyVM.stat(:ccf_cfunc)\n\
         i = 0\nwhile i < 1000\n  a.size\n  i += 1\nend\n\
         p RubyVM.stat(:ccf_cfunc) - c0 < 10\n\
         module M\n  def +(o) = :plus\nend\n\
         class Integer\n  prepend M\nend\n\
         p 1 + 1\n",
    );
    for strategy in STRATEGIES {
        let out = run_file(&p, &[&format!("--invalidation={strategy}")]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "true\n:plus\n",
            "{strategy}"
        );
    }
}

#[test]
fn core_class_additions_keep_their_fast_paths() {
    // Methods added to Array, Hash and String themselves (ActiveSupport's
    // way) leave `opt_size`, `opt_empty_p`, `opt_ltlt` and `opt_aref`
    // answering without a call; redefining one of those operators sends
    // its sites to the method, and only its own.
    let p = script(
        "classbop.rb",
        "class Array\n  def second = self[1]\nend\n\
         class Hash\n  def symbolize = self\nend\n\
         class String\n  def shout = upcase\nend\n\
         a = [1, 2, 3]\nh = {k: 1}\nb = []\n\
         c0 = RubyVM.stat(:ccf_cfunc)\n\
         i = 0\nwhile i < 1000\n  a.size; h.empty?; a[1]; h[:k]; b << i\n  i += 1\nend\n\
         p RubyVM.stat(:ccf_cfunc) - c0 < 10\n\
         class Array\n  def size = 0\nend\n\
         c0 = RubyVM.stat(:ccf_cfunc)\n\
         i = 0\nwhile i < 1000\n  h.empty?\n  i += 1\nend\n\
         p RubyVM.stat(:ccf_cfunc) - c0 < 10\n\
         p [a.size, a.length, b.length]\n",
    );
    for strategy in STRATEGIES {
        let out = run_file(&p, &[&format!("--invalidation={strategy}")]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "true\ntrue\n[0, 3, 1000]\n",
            "{strategy}"
        );
    }
}

#[test]
fn getter_methods_are_read_without_a_frame() {
    // `def x; @x; end` called from a warm site, with a receiver and
    // without, is an ivar read (ccf_ivar), not a bytecode frame (ccf_iseq);
    // redefined as a computed method it gets its frames back.
    let p = script(
        "getter.rb",
        "class P
  def initialize = @x = 1
  def x
    @x
  end
  def twice = x + x
end
         o = P.new
         i0, f0 = RubyVM.stat(:ccf_ivar), RubyVM.stat(:ccf_iseq)
         i = 0
while i < 1000
  o.x; o.twice
  i += 1
end
         p [RubyVM.stat(:ccf_ivar) - i0 >= 3000, RubyVM.stat(:ccf_iseq) - f0 < 1100]
         class P
  def x = @x + 1
end
         f0 = RubyVM.stat(:ccf_iseq)
         i = 0
while i < 1000
  o.x
  i += 1
end
         p [RubyVM.stat(:ccf_iseq) - f0 >= 1000, o.x, o.twice]
",
    );
    for f in settings(&["1", "8"]) {
        let out = run_file(&p, &[&f[0], &f[1]]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "[true, true]\n[true, 2, 4]\n",
            "{f:?}"
        );
    }
}

#[test]
fn eviction_trace_names_class_method_and_site() {
    let p = script("evict.rb", SHARED_MODULE);
    let out = run_file(&p, &["--ic=1", "--trace-evictions"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines()
            .any(|l| l.starts_with("cache eviction: #<Class:")
                || l.contains("#_read_attribute is called from evict.rb:3")),
        "{err}"
    );
}

#[test]
fn invalidation_trace_has_reason_location_and_cost() {
    let p = script(
        "trace.rb",
        "class Foo; def a = 1; end\nclass Foo; def a = 2; end\n",
    );
    let out = run_file(&p, &["--trace-invalidations"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err
        .lines()
        .find(|l| l.contains("Foo#a (method redefined)"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        line.contains("at trace.rb:2") && line.contains("cost=") && line.contains("touched="),
        "{line}"
    );
}

#[test]
fn gmc_size_flag_env_and_warning() {
    let p = script("gmc.rb", "p RubyVM::MethodCache.stats[:gmc_size]\n");
    let out = run_file(&p, &["--gmc-size=65536"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "65536\n");
    let out = Command::new(bin())
        .arg(&p)
        .env("RUBY_GLOBAL_METHOD_CACHE_SIZE", "3000")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2048\n");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("was set to 3000 but ignored because the value is not a power of 2")
    );
    let out = Command::new(bin())
        .arg("--gmc-size=0")
        .arg(&p)
        .env("RUBY_GLOBAL_METHOD_CACHE_SIZE", "4096")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0\n",
        "the flag wins over the environment"
    );
}

#[test]
fn rubyvm_stat_and_debug_counters() {
    let src = r#"
s = RubyVM.stat
p [s.key?(:global_method_state), s.key?(:global_constant_state), s.key?(:class_serial)]
before = RubyVM.stat(:global_constant_state)
class Dummy; end
p RubyVM.stat(:global_constant_state) > before
g = RubyVM.stat(:global_method_state)
def m; end
p RubyVM.stat(:global_method_state) > g
"#;
    let p = script("stat.rb", src);
    let out = run_file(&p, &["--invalidation=global"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "[true, true, true]\ntrue\ntrue\n"
    );
    let out = run_counted(&p, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    for name in [
        "mc_inline_hit",
        "mc_inline_miss",
        "mc_global_hit",
        "mc_global_miss",
        "mc_global_state_miss",
        "mc_class_serial_miss",
        "mc_search_super",
        "mc_miss_by_nome",
        "mc_miss_by_distinct",
        "mc_miss_by_refine",
        "mc_miss_by_visi",
        "mc_miss_spurious",
        "ccf_iseq",
        "ccf_cfunc",
    ] {
        assert!(
            err.lines()
                .any(|l| l.starts_with(&format!("[CARMINE_DEBUG_COUNTER] {name} "))),
            "{name} missing in {err}"
        );
    }
}

#[test]
fn call_sites_report_state_and_classes() {
    let p = script(
        "sites.rb",
        &format!(
            "{SHARED_MODULE}\ns = RubyVM::MethodCache.call_sites.find {{ |c| c[:method] == :_read_attribute }}\np [s[:location], s[:state], s[:classes].size]\n"
        ),
    );
    let out = run_file(&p, &["--ic=4"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "90000\n[\"sites.rb:3\", :mega, 8]\n"
    );
}

/// A warm `super` site is answered by its inline cache: one search per
/// receiver class, and one more after each redefinition of the target,
/// under every strategy; the output stays CRuby's.
#[test]
fn super_sites_are_cached_and_invalidated() {
    let src = r#"
class Base; def f(x) = x; end
class A < Base; def f(x) = super + 1; end
class B < Base; def f(x) = super + 2; end
objs = [A.new, B.new]
s = 0
1000.times { |i| objs.each { |o| s += o.f(i) } }
class Base; def f(x) = x * 2; end
1000.times { |i| objs.each { |o| s += o.f(i) } }
p s
"#;
    let p = script("super_cache.rb", src);
    for f in settings(&["1", "2", "8"]) {
        let out = run_counted(&p, &[&f[0], &f[1]]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "3003000\n");
        let err = String::from_utf8_lossy(&out.stderr);
        let searches = debug_counter(&err, "mc_search_super");
        let calls = debug_counter(&err, "ccf_super");
        assert_eq!(calls, 4000, "{f:?}");
        // A and B each before and after the redefinition: 4 searches
        // (each class's super site is monomorphic).
        assert_eq!(searches, 4, "{f:?}: {searches} searches");
    }
}

#[test]
fn ivar_getter_methods_are_read_without_frames() {
    // `def x; @x; end` is called like an attr_reader (ccf_ivar, no frame)
    // until it is redefined as an ordinary method (ccf_iseq).
    let src = r#"
class P
  def initialize; @x = 2; end
  def x; @x; end
end
o = P.new
s = 0
1000.times { s += o.x }
class P; def x; @x + 1; end; end
1000.times { s += o.x }
p s
"#;
    let p = script("ivar_getter.rb", src);
    for f in settings(&["0", "1", "8"]) {
        let out = run_counted(&p, &[&f[0], &f[1]]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "5000\n");
        let err = String::from_utf8_lossy(&out.stderr);
        // `initialize` and the 1000 redefined calls push frames (the
        // 1000 blocks are not method calls); the getter's 1000 do not.
        assert_eq!(debug_counter(&err, "ccf_ivar"), 1000, "{f:?}");
        assert_eq!(debug_counter(&err, "ccf_iseq"), 1001, "{f:?}");
    }
}

#[test]
fn cached_builtin_calls_count_like_uncached_ones() {
    // A warm builtin site calls the function without re-checking the
    // method's visibility or arity (`IcEntry::plain`): it must count the
    // same calls as the uncached path (--ic=0) and notice a visibility
    // change made while warm.
    let src = r#"
def fz(o) = o.frozen?
o = Object.new
n = 0
1000.times { n += 1 unless fz(o) }
class Object; private :frozen?; end
3.times { begin; fz(o); rescue NoMethodError; n += 10; end }
class Object; public :frozen?; end
1000.times { n += 1 if o.respond_to?(:frozen?, false) }
p n
"#;
    let p = script("plain_builtins.rb", src);
    let mut cfuncs = Vec::new();
    for f in settings(&["0", "1", "8"]) {
        let out = run_counted(&p, &[&f[0], &f[1]]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "2030\n");
        let err = String::from_utf8_lossy(&out.stderr);
        cfuncs.push(debug_counter(&err, "ccf_cfunc"));
        if f[1] != "--ic=0" {
            assert!(debug_counter(&err, "mc_inline_hit") >= 1998, "{f:?}");
        }
    }
    assert!(cfuncs[0] >= 2000, "{cfuncs:?}");
    assert!(cfuncs.iter().all(|&c| c == cfuncs[0]), "{cfuncs:?}");
}

/// Dead classes are reported (issue 29): `RubyVM::MethodCache.stats` and
/// `--stats` count the classes the GC freed and the cache entries the
/// sweep dropped for them, under every strategy.
#[test]
fn freed_classes_and_dropped_entries_are_reported() {
    let src = r#"
def call(o) = o.v
def churn(n) = n.times { call(Class.new { def v = 1 }.new) }
churn(1000)
GC.start
s = RubyVM::MethodCache.stats
p s[:classes_freed] >= 900, s[:gc_dropped_entries] > 0
"#;
    let p = script("freed.rb", src);
    for f in settings(&["0", "1", "8"]) {
        let out = run_file(&p, &[&f[0], &f[1], "--stats=json"]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "true\ntrue\n",
            "{f:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let j = stats_json(&out);
        assert!(stat(&j, "classes_freed") >= 900, "{f:?}: {j}");
        assert!(stat(&j, "gc_dropped_entries") > 0, "{f:?}: {j}");
    }
    let out = run_file(&p, &["--stats"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let line = |name: &str| -> u64 {
        err.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {err}"))
            .trim()
            .parse()
            .unwrap()
    };
    assert!(line("classes freed by GC:") >= 900, "{err}");
    assert!(line("entries dropped by GC:") > 0, "{err}");
}

/// The README's worked example (between `<!-- worked-example -->` and
/// `<!-- /worked-example -->`): its `$ cargo run --release -- ARGS`
/// command, run from the repository root, prints exactly the lines shown
/// (stdout, then stderr), a `...` line standing for any lines.
#[test]
fn readme_worked_example_matches_real_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let block = readme
        .split_once("<!-- worked-example -->")
        .and_then(|(_, rest)| rest.split_once("<!-- /worked-example -->"))
        .map(|(b, _)| b)
        .expect("README.md has no worked-example markers");
    let mut lines = block
        .lines()
        .filter(|l| l.starts_with("    "))
        .map(|l| &l[4..]);
    let command = lines.next().expect("a command line");
    let args: Vec<&str> = command
        .strip_prefix("$ cargo run --release -- ")
        .unwrap_or_else(|| panic!("not a `cargo run --release --` command: {command}"))
        .split_whitespace()
        .collect();
    let want: Vec<&str> = lines.collect();
    assert!(want.len() > 10, "the example shows too little: {want:?}");
    let out = Command::new(bin())
        .args(&args)
        .current_dir(root)
        .env("LC_ALL", "C.UTF-8")
        .env_remove("CARMINE_STATS")
        .env_remove("CARMINE_INVALIDATION")
        .env_remove("CARMINE_INLINE_CACHE")
        .env_remove("CARMINE_GLOBAL_METHOD_CACHE_SIZE")
        .env_remove("RUBY_GLOBAL_METHOD_CACHE_SIZE")
        .stdin(Stdio::null())
        .output()
        .expect("run carmine");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<&str> = text.lines().collect();
    assert!(
        matches_with_elisions(&want, &got),
        "README.md's worked example no longer matches `{command}`; real output:\n{text}"
    );
}

/// Whether `got` is `want` with each `...` line of `want` standing for
/// any number of lines (none included).
fn matches_with_elisions(want: &[&str], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((&"...", rest)) => (0..=got.len()).any(|k| matches_with_elisions(rest, &got[k..])),
        Some((w, rest)) => got.first() == Some(w) && matches_with_elisions(rest, &got[1..]),
    }
}

#[test]
fn elided_lines_match_only_what_they_stand_for() {
    assert!(matches_with_elisions(
        &["a", "...", "d"],
        &["a", "b", "c", "d"]
    ));
    assert!(matches_with_elisions(&["a", "...", "d"], &["a", "d"]));
    assert!(!matches_with_elisions(
        &["a", "...", "d"],
        &["a", "b", "d", "e"]
    ));
    assert!(!matches_with_elisions(&["a", "b"], &["a", "c"]));
    assert!(!matches_with_elisions(&["a"], &["a", "b"]));
}

/// Start-up (the prelude) is not the program: nothing of it is traced,
/// counted, or listed; `--include-startup` brings it back. State numbers
/// (`RubyVM.stat`'s `:class_serial`, `:global_method_state`) include it.
#[test]
fn reports_leave_out_startup_unless_asked() {
    let p = script("startup.rb", "1\n");
    let out = run_file(&p, &["--trace-invalidations", "--trace-evictions"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "nothing from start-up"
    );
    let out = run_file(&p, &["--trace-invalidations", "--include-startup"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines()
            .filter(|l| l.starts_with("invalidation: "))
            .count()
            > 100,
        "{err}"
    );
    assert!(err.contains("invalidations by application frame"), "{err}");
    let p = script(
        "startup_counts.rb",
        "p RubyVM::MethodCache.invalidations\n\
         p RubyVM.stat(:class_serial) > 0\n\
         p RubyVM.stat(:global_method_state) > 0\n\
         p RubyVM::MethodCache.call_sites.map { |s| s[:location] }.grep(/internal/).empty?\n\
         [3, 1, 2].sort.each { |x| x }\n",
    );
    let out = run_file(&p, &[]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0\ntrue\ntrue\ntrue\n"
    );
    let out = run_file(&p, &["--include-startup"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let first: u64 = text.lines().next().unwrap().parse().unwrap();
    assert!(first > 100, "start-up's invalidations counted: {text}");
    assert!(text.ends_with("true\ntrue\nfalse\n"), "{text}");
}

/// `--stats` lists the program's call sites and invalidation sources,
/// none of the prelude's.
#[test]
fn stats_list_the_programs_own_sites() {
    let p = script(
        "own_sites.rb",
        "class K; def v = 1; end\nk = K.new\n10.times { k.v }\n[1, 2].map { |x| x.to_s }\n",
    );
    let out = run_file(&p, &["--stats"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let sites: Vec<&str> = err
        .lines()
        .skip_while(|l| *l != "call sites by misses:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        sites.iter().any(|l| l.contains("own_sites.rb:3 v mono")),
        "{err}"
    );
    assert!(
        sites
            .iter()
            .all(|l| l.trim_start().starts_with("own_sites.rb:")),
        "{err}"
    );
    let sources: Vec<&str> = err
        .lines()
        .skip_while(|l| *l != "top invalidation sources:")
        .skip(1)
        .collect();
    assert!(!sources.is_empty(), "{err}");
    assert!(sources.iter().all(|l| l.contains("own_sites.rb:")), "{err}");
}

/// Each invalidation is followed by a short backtrace (`--trace-frames`)
/// of the program's frames (a library's too, the prelude's never); the
/// summary at exit groups them by the innermost application frame and
/// names where inside it they happened.
#[test]
fn invalidation_trace_backtraces_and_summary() {
    let p = script(
        "bt.rb",
        "class Lib\n  def self.hook(o)\n    o.define_singleton_method(:x) { 1 }\n  end\nend\n\
         def app_step(o) = Lib.hook(o)\n\
         5.times { app_step(Object.new) }\n",
    );
    let out = run_file(&p, &["--trace-invalidations"]);
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            l.contains("#x (singleton method defined)") || l.contains("#x (method defined)")
        })
        .unwrap_or_else(|| panic!("{err}"));
    assert!(lines[at].ends_with(" at bt.rb:3"), "{err}");
    assert_eq!(
        &lines[at + 1..at + 4],
        &[
            "\tfrom bt.rb:3:in `hook'",
            "\tfrom bt.rb:6:in `app_step'",
            "\tfrom bt.rb:7:in `block in <main>'",
        ],
        "{err}"
    );
    assert!(err.contains("invalidations by application frame"), "{err}");
    assert!(err.contains("         5 bt.rb:3:in `hook'\n"), "{err}");
    let out = run_file(&p, &["--trace-invalidations", "--trace-frames=1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("app_step'"), "{err}");
    assert!(err.contains("\tfrom bt.rb:3:in `hook'"), "{err}");
    let out = run_file(&p, &["--trace-invalidations=trace.txt", "--trace-frames=0"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let file = std::fs::read_to_string(p.with_file_name("trace.txt")).unwrap();
    assert!(!file.contains("\tfrom"), "{file}");
    assert!(file.contains(" at bt.rb:3\n"), "{file}");
}

/// A library's frames (here a stand-in standard library,
/// `CARMINE_RUBY_STDLIB`) are shown but not taken as the application
/// frame: the summary names the program's call and the library's method.
#[test]
fn invalidation_summary_names_the_library_from_the_application_frame() {
    let p = script(
        "libcall.rb",
        "require 'busting_lib'\n4.times { BustingLib.decorate(Object.new) }\n",
    );
    let lib = p.with_file_name("fake_stdlib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(
        lib.join("busting_lib.rb"),
        "module BustingLib\n  def self.decorate(o)\n    o.singleton_class.send(:define_method, :y) { 2 }\n  end\nend\n",
    )
    .unwrap();
    let out = command(&p, &["--trace-invalidations"])
        .env("CARMINE_RUBY_STDLIB", &lib)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let summary = err
        .split_once("invalidations by application frame")
        .map(|(_, s)| s)
        .unwrap_or_else(|| panic!("{err}"));
    let lib_rb = lib.join("busting_lib.rb");
    assert!(
        summary.contains("         4 libcall.rb:2:in `block in <main>'\n"),
        "{summary}"
    );
    assert!(
        summary.contains(&format!("via {} in `decorate' 4", lib_rb.display())),
        "{summary}"
    );
    // `--stats` groups the same way and names the library too.
    let out = command(&p, &["--stats"])
        .env("CARMINE_RUBY_STDLIB", &lib)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let sources = err
        .split_once("top invalidation sources:\n")
        .map(|(_, s)| s)
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        sources.starts_with(&format!(
            "         4 libcall.rb:2:in `block in <main>'\n           via {} in `decorate' 4\n",
            lib_rb.display()
        )),
        "{sources}"
    );
    let out = command(&p, &["--stats=json"])
        .env("CARMINE_RUBY_STDLIB", &lib)
        .output()
        .unwrap();
    let json = stats_json(&out);
    assert!(
        json.contains(&format!(
            "{{\"location\": \"libcall.rb:2:in `block in <main>'\", \"count\": 4, \"via\": [{{\"location\": \"{} in `decorate'\", \"count\": 4}}]}}",
            lib_rb.display()
        )),
        "{json}"
    );
}

/// Each call at a warm site counts one hit, whichever path takes it: the
/// hot entry (`send_hot`/`self_hot`), `probe_send`'s shortcut (a bytecode
/// method called with a block literal, a builtin) or the general path
/// (optional parameters); every site misses once to fill, under every
/// strategy.
#[test]
fn every_path_counts_a_hit_once() {
    let p = script(
        "hits.rb",
        "class K\n  attr_reader :r\n  def initialize = @r = 1\n  def blk = yield\n\
         \x20 def opt(a = 1) = a\n  def plain(a) = a\n  define_method(:bm) { |a| a }\n\
         \x20 def self_bm = bm(3)\nend\n\
         k = K.new\n\
         300.times do\n  k.r { }\n  k.blk { 1 }\n  k.opt\n  k.plain(2)\n  k.frozen?\n  [1].each { }\n\
         \x20 k.bm(1)\n  k.self_bm\nend\n\
         %i[r blk opt plain frozen? each bm self_bm].each do |m|\n\
         \x20 s = RubyVM::MethodCache.call_sites.find { |c| c[:method] == m }\n\
         \x20 p [m, s[:hits], s[:misses]]\nend\n",
    );
    let want: String = [
        "r", "blk", "opt", "plain", "frozen?", "each", "bm", "self_bm",
    ]
    .iter()
    .map(|m| format!("[:{m}, 299, 1]\n"))
    .collect();
    for f in settings(&["1", "8"]) {
        let out = run_file(&p, &[&f[0], &f[1]]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{f:?}");
    }
}
