//! Dispatch traces (`--record-dispatch`, `carmine replay`):
//!
//! * the honesty check: a trace carmine recorded, replayed at the
//!   configuration it ran with, gives exactly the live `--stats=json`
//!   counters (same scope: both leave start-up out), for bench/'s
//!   programs under every `--invalidation` x `--ic` 1/8 x two global
//!   cache sizes;
//! * the reports (seed 000's table, the call-site report, JSON, HTML);
//! * a malformed trace is a clean error;
//! * a trace written under CRuby by tools/record-dispatch.rb replays,
//!   with per-object singleton classes and method_missing's sites.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_carmine")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("carmine-replay-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn carmine(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .env("LC_ALL", "C.UTF-8")
        .env_remove("CARMINE_STATS")
        .env_remove("CARMINE_INVALIDATION")
        .env_remove("CARMINE_INLINE_CACHE")
        .env_remove("CARMINE_GLOBAL_METHOD_CACHE_SIZE")
        .env_remove("RUBY_GLOBAL_METHOD_CACHE_SIZE")
        .env_remove("CARMINE_INCLUDE_STARTUP")
        .stdin(Stdio::null())
        .output()
        .expect("run carmine")
}

/// The number after `"key": ` (its first occurrence).
fn field(json: &str, key: &str) -> u64 {
    let pat = format!("\"{key}\": ");
    let at = json
        .find(&pat)
        .unwrap_or_else(|| panic!("no {key} in {json}"));
    json[at + pat.len()..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("{key} is not a number"))
}

/// The counters the replay reproduces (all but times, `ancestors_walked`,
/// constant caches and the call-handler counts, which no cache decides).
const COUNTERS: [&str; 20] = [
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
    "mc_miss_spurious",
    "gmc_collisions",
    "class_cache_hit",
    "class_cache_miss",
    "method_searches",
    "ic_evictions",
    "classes_freed",
    "gc_dropped_entries",
    "invalidations",
    "invalidated_entries",
];

/// A bench program and its quick size (`# bench-quick: N`).
fn bench_programs() -> Vec<(PathBuf, String)> {
    let dir = root().join("bench/benchmarks");
    let mut v: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rb"))
        .map(|p| {
            let src = std::fs::read_to_string(&p).unwrap();
            let quick = src
                .lines()
                .find_map(|l| l.strip_prefix("# bench-quick: "))
                .unwrap_or("100")
                .trim()
                .to_string();
            (p, quick)
        })
        .collect();
    v.sort();
    v
}

fn check_honest(prog: &Path, arg: &str, cfg: &[&str], trace: &Path) -> Vec<String> {
    let t = trace.to_str().unwrap();
    let rec = format!("--record-dispatch={t}");
    let mut args: Vec<&str> = cfg.to_vec();
    args.extend(["--stats=json", &rec, prog.to_str().unwrap(), arg]);
    let live = carmine(&args);
    assert!(live.status.success(), "{prog:?} {cfg:?} failed");
    let stats = String::from_utf8_lossy(&live.stderr).into_owned();
    let stats = &stats[stats.find("{\"carmine_stats\"").expect("stats json")..];
    let mut rargs = vec!["replay", t, "--json"];
    rargs.extend(cfg);
    let rep = carmine(&rargs);
    assert!(rep.status.success(), "replay of {prog:?} {cfg:?} failed");
    let rep = String::from_utf8_lossy(&rep.stdout).into_owned();
    assert!(rep.starts_with("[{") && rep.matches("\"strategy\"").count() == 1);
    COUNTERS
        .iter()
        .filter(|k| field(stats, k) != field(&rep, k))
        .map(|k| {
            format!(
                "{}: {cfg:?}: {k} live {} replayed {}",
                prog.file_name().unwrap().to_string_lossy(),
                field(stats, k),
                field(&rep, k)
            )
        })
        .collect()
}

#[test]
fn replaying_a_carmine_trace_reproduces_the_live_counters_exactly() {
    let trace = scratch("honest.cmdt");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (prog, quick) in bench_programs() {
        for strategy in ["global", "hierarchical", "method"] {
            for ic in ["1", "8"] {
                for gmc in ["2048", "65536"] {
                    let s = format!("--invalidation={strategy}");
                    let i = format!("--ic={ic}");
                    let g = format!("--gmc-size={gmc}");
                    wrong.extend(check_honest(&prog, &quick, &[&s, &i, &g], &trace));
                    checked += 1;
                }
            }
        }
    }
    assert!(
        checked >= 12 * 20,
        "bench programs missing ({checked} runs)"
    );
    assert!(wrong.is_empty(), "replay differs:\n{}", wrong.join("\n"));
}

#[test]
fn the_class_cache_off_and_ic_off_replay_honestly_too() {
    let trace = scratch("honest-off.cmdt");
    let dir = root().join("bench/benchmarks");
    let mut wrong = Vec::new();
    for (name, arg) in [("poly_sites.rb", "3000"), ("class_churn.rb", "2000")] {
        let cfgs: [&[&str]; 3] = [
            &["--invalidation=method", "--ic=0", "--gmc-size=2048"],
            &["--invalidation=hierarchical", "--ic=4", "--gmc-size=0"],
            &[
                "--invalidation=global",
                "--ic=2",
                "--gmc-size=4096",
                "--class-cache=off",
            ],
        ];
        for cfg in cfgs {
            wrong.extend(check_honest(&dir.join(name), arg, cfg, &trace));
        }
    }
    assert!(wrong.is_empty(), "replay differs:\n{}", wrong.join("\n"));
}

/// The replay simulates configurations together (one set of serials per
/// strategy, global caches probed on their degree's inline misses, sizes
/// sharing one simulator until the smaller finds a set full): each
/// configuration's counters must be those it gets replayed alone (which
/// the tests above hold to the live ones), on one thread or several.
#[test]
fn configurations_replayed_together_count_as_each_replayed_alone() {
    let trace = scratch("together.cmdt");
    let t = trace.to_str().unwrap();
    let dir = root().join("bench/benchmarks");
    let (sizes, ics) = ("2,4,16,64,1,0,2K", "1,2,off");
    for (name, arg) in [
        ("class_churn.rb", "2000"),
        ("many_methods.rb", "2000"),
        ("send.rb", "2000"),
    ] {
        let rec = format!("--record-dispatch={t}");
        let prog = dir.join(name);
        assert!(
            carmine(&[&rec, prog.to_str().unwrap(), arg])
                .status
                .success()
        );
        let all = |jobs: &str| {
            let out = carmine(&[
                "replay",
                t,
                "--json",
                &format!("--gmc-size={sizes}"),
                &format!("--ic={ics}"),
                jobs,
            ]);
            assert!(out.status.success(), "{name}: replay failed");
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let together = all("--jobs=1");
        assert_eq!(together, all("--jobs=3"), "{name}: threads differ");
        let objects: Vec<&str> = together
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .split(",\n ")
            .collect();
        assert_eq!(objects.len(), 3 * 3 * 7, "{name}: {together}");
        let mut k = 0;
        for strategy in ["global", "hierarchical", "method"] {
            for ic in ics.split(',') {
                for size in sizes.split(',') {
                    let out = carmine(&[
                        "replay",
                        t,
                        "--json",
                        &format!("--invalidation={strategy}"),
                        &format!("--ic={ic}"),
                        &format!("--gmc-size={size}"),
                    ]);
                    let alone = String::from_utf8_lossy(&out.stdout);
                    let alone = alone.trim().trim_start_matches('[').trim_end_matches(']');
                    assert_eq!(
                        objects[k], alone,
                        "{name}: {strategy} ic={ic} size={size} replayed together"
                    );
                    k += 1;
                }
            }
        }
    }
}

/// Records poly_sites once and replays it at the default 105
/// configurations.
fn poly_trace() -> PathBuf {
    let trace = scratch("poly.cmdt");
    let prog = root().join("bench/benchmarks/poly_sites.rb");
    let rec = format!("--record-dispatch={}", trace.display());
    let out = carmine(&[&rec, prog.to_str().unwrap(), "3000"]);
    assert!(out.status.success());
    trace
}

#[test]
fn the_text_report_has_seed_000s_table_and_the_call_site_report() {
    let trace = poly_trace();
    let out = carmine(&["replay", trace.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Cache Size"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    let sizes: Vec<&str> = rows
        .iter()
        .map(|r| r.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(sizes, ["2K", "16K", "32K", "64K", "128K", "256K", "512K"]);
    assert!(rows.iter().all(|r| r.ends_with('%')), "{rows:?}");
    // 16 classes call `area` at one site: it is reported with them.
    assert!(
        text.contains("cache eviction: area is called from"),
        "{text}"
    );
    assert!(text.contains("16 receiver classes"), "{text}");
    // Every configuration: 3 strategies x 5 degrees.
    let table = text
        .lines()
        .filter(|l| {
            ["global ", "hierarchical ", "method "]
                .iter()
                .any(|s| l.starts_with(s))
        })
        .count();
    assert_eq!(table, 15, "{text}");
}

#[test]
fn json_has_one_object_per_configuration_and_html_has_charts() {
    let trace = poly_trace();
    let html = scratch("replay.html");
    let h = format!("--html={}", html.display());
    let out = carmine(&[
        "replay",
        trace.to_str().unwrap(),
        "--gmc-size=2K..16K",
        "--ic=1,8,off",
        "--invalidation=method,global",
        "--json",
        &h,
    ]);
    assert!(out.status.success());
    let json = String::from_utf8_lossy(&out.stdout);
    assert_eq!(json.matches("\"mc_inline_hit\"").count(), 4 * 3 * 2);
    assert!(json.contains("\"strategy\": \"global\", \"ic_size\": 0, \"gmc_size\": 16384"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert_eq!(page.matches("<svg").count(), 4, "four charts");
    assert!(page.contains("polymorphism") && page.contains("Worst call sites"));
    assert!(!page.contains("<script"), "self-contained, no scripts");
}

#[test]
fn a_malformed_trace_is_a_clean_error() {
    let trace = poly_trace();
    let data = std::fs::read(&trace).unwrap();
    let bad = scratch("bad.cmdt");
    let mut bad_version = data.clone();
    bad_version[4] = 9;
    let mut huge_id = data[..200.min(data.len())].to_vec();
    huge_id.extend([16, 0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0]);
    // (must_fail, bytes): the others may cut at an event boundary.
    let cases: Vec<(bool, Vec<u8>)> = vec![
        (true, b"not a trace".to_vec()),
        (true, bad_version),
        (true, data.iter().map(|b| b ^ 0x5a).collect()),
        (false, data[..data.len() / 2].to_vec()),
        (false, huge_id),
    ];
    for (must_fail, d) in cases {
        std::fs::write(&bad, &d).unwrap();
        let out = carmine(&["replay", bad.to_str().unwrap(), "--ic=1", "--gmc-size=2K"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("[BUG]") && !err.contains("panicked"), "{err}");
        let code = out.status.code();
        if must_fail {
            assert_eq!(code, Some(1), "{err}");
        } else {
            assert!(code == Some(0) || code == Some(1), "{err}");
        }
    }
    let out = carmine(&["replay", trace.to_str().unwrap(), "--gmc-size=3000"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_trace_recorded_under_cruby_replays() {
    let prog = scratch("shared_module.rb");
    std::fs::write(
        &prog,
        "module Greeter\n  def greet = \"hi #{name}\"\nend\n\
         class Animal\n  include Greeter\n  attr_reader :name\n  def initialize(n) = @name = n\nend\n\
         class Dog < Animal; end\nclass Cat < Animal; end\nclass Bird < Animal; end\n\
         xs = [Dog.new('d'), Cat.new('c'), Bird.new('b')]\n\
         300.times { |i| xs[i % 3].greet }\n\
         class Dog\n  def greet = 'woof'\nend\n\
         puts xs.map(&:greet).join(',')\n",
    )
    .unwrap();
    let trace = scratch("cruby.cmdt");
    assert_eq!(record_under_cruby(&prog, &trace), "woof,hi c,hi b\n");
    let rep = carmine(&["replay", trace.to_str().unwrap(), "--ic=1,2,8"]);
    assert!(
        rep.status.success(),
        "{}",
        String::from_utf8_lossy(&rep.stderr)
    );
    let text = String::from_utf8_lossy(&rep.stdout);
    assert!(text.contains("recorded by ruby 3.1"), "{text}");
    assert!(text.contains("\n2K "), "seed 000's table: {text}");
    // The module method's call of `name` sees all three classes (300
    // calls, then Cat's and Bird's greet once more): one entry evicts at
    // every call after the first, two entries once, eight never.
    let line = text
        .lines()
        .find(|l| l.contains("cache eviction: name is called from") && l.contains(":2 "))
        .unwrap_or_else(|| panic!("no report of Greeter#greet's call site: {text}"));
    assert!(
        line.contains("(302 calls; evictions ic=1 301, ic=2 1, ic=8 0)"),
        "{line}"
    );
    assert!(
        text.contains("3 receiver classes: Bird 33.4%, Cat 33.4%, Dog 33.1%"),
        "{text}"
    );
    // The redefinition of Dog#greet was recorded as a hierarchy event.
    let json = carmine(&[
        "replay",
        trace.to_str().unwrap(),
        "--ic=8",
        "--gmc-size=2K",
        "--json",
    ]);
    let json = String::from_utf8_lossy(&json.stdout);
    assert!(field(&json, "invalidations") > 0, "{json}");
}

/// Runs `prog` under CRuby with tools/record-dispatch.rb writing `trace`;
/// its standard output.
fn record_under_cruby(prog: &Path, trace: &Path) -> String {
    let ruby = Path::new("/usr/bin/ruby");
    assert!(ruby.exists(), "CRuby 3.1 is needed to record under CRuby");
    let out = Command::new(ruby)
        .arg("-r")
        .arg(root().join("tools/record-dispatch.rb"))
        .arg(prog)
        .env("CARMINE_RECORD_DISPATCH", trace)
        .output()
        .expect("run ruby");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_cruby_recorder_sees_singleton_classes_and_method_missing() {
    let prog = scratch("singletons.rb");
    std::fs::write(
        &prog,
        "class Shape\n  def area = 1\n  def method_missing(n, *) = n == :perimeter ? 4 : super\n         def respond_to_missing?(*) = true\nend\n         module Big\n  def area = 100\nend\n         plain = Shape.new\nspecial = Shape.new\ndef special.area = 2\nbig = Shape.new.extend(Big)\n         bare = BasicObject.new\ndef bare.area = 3\n         sum = 0\n4.times { [plain, special, big, bare].each { |s| sum += s.area } }\n         p sum, plain.perimeter, 'x'.public_send(:size)\n",
    )
    .unwrap();
    let trace = scratch("singletons.cmdt");
    assert_eq!(record_under_cruby(&prog, &trace), "424\n4\n1\n");
    let rep = carmine(&["replay", trace.to_str().unwrap(), "--ic=1,4", "--sites=50"]);
    assert!(
        rep.status.success(),
        "{}",
        String::from_utf8_lossy(&rep.stderr)
    );
    let text = String::from_utf8_lossy(&rep.stdout);
    // Four receiver classes at `s.area`: Shape and three objects' own
    // singleton classes (one a BasicObject's).
    let line = text
        .lines()
        .find(|l| l.contains("area is called from") && l.contains(":16 "))
        .unwrap_or_else(|| panic!("no report of the area call site: {text}"));
    assert!(
        line.contains("(16 calls; evictions ic=1 15, ic=4 0)"),
        "{line}"
    );
    assert!(text.contains("4 receiver classes:"), "{text}");
    assert!(text.contains("#<Class:#<BasicObject:"), "{text}");
    // The call that reached method_missing is a call of its own name at
    // its site; public_send's target has no site.
    assert!(
        text.lines()
            .any(|l| l.contains("perimeter is called from") && l.contains(":17 (1 calls")),
        "{text}"
    );
    assert!(!text.contains("size is called from"), "{text}");
}

/// Debian's `chromium`, or None (the test then skips, except under CI).
fn chromium() -> Option<&'static str> {
    let found = Command::new("chromium")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Some("chromium");
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "chromium is not installed (.ci/run installs it: apt-get install -y chromium)"
    );
    eprintln!(
        "SKIP the_html_page_renders_in_headless_chromium: no chromium (apt-get install -y chromium)"
    );
    None
}

/// Headless chromium on `url` with `extra` flags: its standard output.
fn headless(exe: &str, url: &str, extra: &[&str]) -> Output {
    let profile = scratch(&format!("chromium-profile-{}", extra.len()));
    let profile = format!("--user-data-dir={}", profile.display());
    let mut args = vec![
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        &profile,
        "--window-size=1200,900",
    ];
    args.extend_from_slice(extra);
    args.push(url);
    Command::new(exe)
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("run chromium")
}

/// A PNG's pixel rows (IDAT chunks inflated; each row led by its filter
/// byte).
fn png_rows(png: &[u8]) -> Vec<u8> {
    use std::io::Read;
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let mut idat = Vec::new();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = &png[at + 4..at + 8];
        let body = &png[at + 8..(at + 8 + len).min(png.len())];
        if kind == b"IDAT" {
            idat.extend_from_slice(body);
        }
        at += 12 + len;
    }
    let mut rows = Vec::new();
    flate2::read::ZlibDecoder::new(&idat[..])
        .read_to_end(&mut rows)
        .expect("inflate the PNG's pixels");
    rows
}

#[test]
fn the_html_page_renders_in_headless_chromium() {
    let Some(exe) = chromium() else { return };
    let trace = poly_trace();
    let html = scratch("render.html");
    let h = format!("--html={}", html.display());
    let out = carmine(&["replay", trace.to_str().unwrap(), "--ic=1,2,8", &h]);
    assert!(out.status.success());
    let url = format!("file://{}", html.display());
    let png = scratch("render.png");
    let shot = format!("--screenshot={}", png.display());
    let run = headless(exe, &url, &[&shot]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let data = std::fs::read(&png).expect("chromium wrote no screenshot");
    assert!(data.len() > 10_000, "screenshot of {} bytes", data.len());
    // A blank (one-colour) page inflates to a handful of byte values;
    // charts, text and their anti-aliasing to many.
    let rows = png_rows(&data);
    let mut seen = [false; 256];
    rows.iter().for_each(|&b| seen[b as usize] = true);
    let distinct = seen.iter().filter(|&&s| s).count();
    assert!(
        distinct > 64,
        "screenshot has {distinct} byte values: blank?"
    );
    let dom = headless(exe, &url, &["--dump-dom"]);
    assert!(dom.status.success());
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(dom.matches("<svg").count(), 4, "four charts in the DOM");
    assert!(
        dom.contains("<polyline") || dom.contains("<path"),
        "no chart lines"
    );
    assert!(dom.contains("<rect"), "no histogram bars");
}
