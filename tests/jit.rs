//! The JIT's command line (SPEC §4): MJIT's log lines, the private
//! directory (mode 0700, gone at exit unless `--jit-save-temps`), a compile
//! failure meaning only "stay interpreted", and `--jit-min-calls`. The
//! generated code's behaviour is tested by the golden suite under
//! `GOLDEN_JIT=1` (every method compiled after one call).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

static RUNS: AtomicUsize = AtomicUsize::new(0);

const FIB: &str = "def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)\nputs fib(20)\n";

/// A fresh directory for one test.
fn fresh() -> PathBuf {
    let tmp = std::env::temp_dir().join(format!(
        "carmine-jit-test-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    tmp
}

/// Runs carmine on `src` with `args`, TMPDIR set to a fresh directory.
fn run(args: &[&str], src: &str, env: &[(&str, &str)]) -> (Output, PathBuf) {
    let tmp = fresh();
    (run_in(&tmp, args, src, env), tmp)
}

/// Runs carmine on `src` saved as `tmp/t.rb` (the same path each time)
/// with `args`, TMPDIR set to `tmp`.
fn run_in(tmp: &Path, args: &[&str], src: &str, env: &[(&str, &str)]) -> Output {
    let script = tmp.join("t.rb");
    std::fs::write(&script, src).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_carmine"));
    cmd.args(args).arg(&script).env("TMPDIR", tmp);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// The JIT directories carmine left under `tmp`.
fn jit_dirs(tmp: &PathBuf) -> Vec<PathBuf> {
    std::fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("carmine-jit-")
        })
        .collect()
}

#[test]
fn verbose_logs_each_compilation_and_cleans_up() {
    let (out, tmp) = run(
        &[
            "--jit",
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=5",
        ],
        FIB,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6765\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().find(|l| l.contains("fib@")).expect(&err);
    assert!(line.starts_with("JIT success ("), "{line}");
    assert!(
        line.contains("ms): fib@") && line.contains("t.rb:1 -> "),
        "{line}"
    );
    assert!(line.ends_with(".c"), "{line}");
    assert!(jit_dirs(&tmp).is_empty(), "directory left behind");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn save_temps_keeps_a_private_directory() {
    let (out, tmp) = run(
        &["--jit-wait", "--jit-save-temps", "--jit-min-calls=1"],
        FIB,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6765\n");
    let dirs = jit_dirs(&tmp);
    assert_eq!(dirs.len(), 1);
    let mode = std::fs::metadata(&dirs[0]).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    let files: Vec<String> = std::fs::read_dir(&dirs[0])
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(files.iter().any(|f| f.ends_with(".c")), "{files:?}");
    assert!(files.iter().any(|f| f.ends_with(".so")), "{files:?}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_compile_failure_stays_interpreted() {
    let (out, tmp) = run(
        &["--jit", "--jit-wait", "--jit-warnings", "--jit-min-calls=1"],
        FIB,
        &[("CARMINE_JIT_CC", "false")],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6765\n");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("JIT warning: JIT failure") && err.contains("fib@"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn below_min_calls_nothing_compiles() {
    // (Big enough to be worth compiling: `MIN_NATIVES`.)
    let src = "def f(x) = x < 0 ? 0 : (x * 3 + x * x) - (x & 1) - 1\n3.times { |i| p f(i) }\n";
    let (out, tmp) = run(
        &["--jit-wait", "--jit-verbose=1", "--jit-min-calls=4"],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "-1\n2\n9\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(jit_dirs(&tmp).is_empty());
    let (out, tmp2) = run(
        &["--jit-wait", "--jit-verbose=1", "--jit-min-calls=3"],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "-1\n2\n9\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("JIT success"));
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = std::fs::remove_dir_all(&tmp2);
}

#[test]
fn unsupported_methods_are_skipped_with_a_reason() {
    let src = "def f\n  yield 1\nrescue\n  2\nend\np f { |x| x }\n";
    let (out, tmp) = run(
        &["--jit-wait", "--jit-verbose=1", "--jit-min-calls=1"],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("JIT skip: f@") && err.contains("(rescue/ensure)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn bad_option_values_are_clean_errors() {
    let (out, tmp) = run(&["--jit-min-calls=abc"], FIB, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("invalid value for --jit-min-calls: abc"),
        "{err}"
    );
    assert!(!err.contains("[BUG]"));
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn small_methods_are_compiled_for_compiled_callers_only() {
    // `@n += 1` is three instructions in C (ivars are no steps any more):
    // entering machine code from the interpreter would cost more, so the
    // interpreter keeps running `bump` (no entry), while a compiled
    // caller calls it directly.
    let src = "class C\n  def initialize = @n = 0\n  def bump = @n += 1\nend\nc = C.new\nc.bump\nc.bump\nc.bump\np c.bump\n";
    let (out, tmp) = run(
        &[
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=1",
            "--stats",
        ],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines().any(|l| l.contains("JIT success")
            && l.contains("bump@")
            && l.ends_with("(for compiled callers)")),
        "{err}"
    );
    assert!(
        err.lines()
            .any(|l| l.starts_with("jit entries:") && l.ends_with(" 0")),
        "{err}"
    );
    let (out, tmp2) = run(
        &["--jit-wait", "--jit-verbose=1", "--jit-min-calls=1"],
        src,
        &[("CARMINE_JIT_ALL", "1")],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.lines().any(|l| l.contains("JIT success")
            && l.contains("bump@")
            && !l.contains("(for compiled callers)")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = std::fs::remove_dir_all(&tmp2);
}

#[test]
fn a_methods_hot_loop_is_compiled_and_entered_there() {
    // Called once: its loop's turns count, and the machine code is
    // entered at the loop; Floats and Array elements stay in C (no
    // cancel), and a redefined Float#+ is seen at once.
    let src = "class Float\n  alias_method :orig_plus, :+\nend\n\
def redefine = Float.class_eval { def +(o) = orig_plus(o).orig_plus(1.0) }\n\
def work(a, n)\n  t = 0.0\n  i = 0\n  while i < n\n    t += a[i & 3] * 0.5\n    a[i & 3] = i\n    redefine if i == 900\n    i += 1\n  end\n  t\nend\np work([1, 2, 3, 4], 1000)\n";
    let (out, tmp) = run(
        &[
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=50",
            "--stats",
        ],
        src,
        &[],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "247859.0\n", "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("JIT success (") && l.contains("work@")),
        "{err}"
    );
    assert!(
        err.lines()
            .any(|l| l.starts_with("jit entries:") && l.ends_with(" 1")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_scripts_hot_loop_is_compiled_and_entered_there() {
    // The loop's safepoint counts: with --jit-min-calls=50 the script is
    // compiled on the loop's 50th turn and finishes in machine code.
    let src = "i = 0\ns = 0\nwhile i < 1000\n  s += i\n  i += 1\nend\np s\n";
    let (out, tmp) = run(
        &[
            "--jit",
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=50",
        ],
        src,
        &[],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "499500\n");
    assert!(
        err.lines()
            .any(|l| l.starts_with("JIT success (") && l.contains("<main>@")),
        "no script compilation logged: {err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);

    // Fewer turns than --jit-min-calls: nothing compiled.
    let (out, tmp) = run(
        &[
            "--jit",
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=5000",
        ],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "499500\n");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("<main>"));
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_script_whose_locals_a_block_captures_stays_interpreted() {
    let src = "i = 0\nwhile i < 1000\n  i += 1\nend\nf = proc { i }\np f.call\n";
    let (out, tmp) = run(
        &[
            "--jit",
            "--jit-wait",
            "--jit-verbose=1",
            "--jit-min-calls=5",
        ],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1000\n");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("<main>"));
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn stats_report_the_jits_counts() {
    let (out, tmp) = run(
        &["--jit", "--jit-wait", "--jit-min-calls=5", "--stats"],
        FIB,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6765\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let count = |name: &str| -> u64 {
        err.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name:?} line in {err}"))
            .trim()
            .parse()
            .unwrap()
    };
    assert_eq!(count("jit compiled:"), 1, "{err}");
    assert_eq!(count("jit failed:"), 0);
    // fib(20) makes 21891 calls: all but the first 5 run machine code,
    // the compiled code calling itself directly (not an entry each).
    assert!(count("jit entries:") >= 1);
    let _ = std::fs::remove_dir_all(&tmp);

    // Without the JIT: no such lines.
    let (out, tmp) = run(&["--stats"], FIB, &[]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("jit "));
    let _ = std::fs::remove_dir_all(&tmp);
}

/// One `--jit-cache` run of FIB in `tmp`: its stdout and stderr.
fn cached_fib(tmp: &Path, cache: &str, env: &[(&str, &str)]) -> (String, String) {
    let flag = if cache.is_empty() {
        "--jit-cache".to_owned()
    } else {
        format!("--jit-cache={cache}")
    };
    let args = ["--jit-wait", "--jit-verbose=1", "--jit-min-calls=5", &flag];
    let out = run_in(tmp, &args, FIB, env);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The cache entries' files in `dir` with extension `ext`.
fn entries(dir: &Path, ext: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir).map_or(Vec::new(), |d| {
        d.flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect()
    })
}

#[test]
fn a_second_run_loads_its_methods_from_the_code_cache() {
    let tmp = fresh();
    let cache = tmp.join("cache");
    let dir = cache.to_str().unwrap();
    let (out, err) = cached_fib(&tmp, dir, &[]);
    assert_eq!(out, "6765\n");
    assert!(
        err.contains("JIT success (") && !err.contains("cache hit"),
        "{err}"
    );
    let mode = std::fs::metadata(&cache).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "cache directory mode");
    assert_eq!(
        (entries(&cache, "so").len(), entries(&cache, "key").len()),
        (1, 1)
    );
    // The compiler does not run: the same output from the cached code.
    let (out, err) = cached_fib(&tmp, dir, &[]);
    assert_eq!(out, "6765\n");
    let line = err.lines().find(|l| l.contains("fib@")).expect(&err);
    assert!(line.starts_with("JIT cache hit ("), "{err}");
    assert!(line.ends_with(".so") && line.contains(dir), "{line}");
    assert!(!err.contains("JIT success"), "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_default_cache_is_under_xdg_cache_home() {
    let tmp = fresh();
    let xdg = tmp.join("xdg");
    let env = [("XDG_CACHE_HOME", xdg.to_str().unwrap())];
    let (out, _) = cached_fib(&tmp, "", &env);
    assert_eq!(out, "6765\n");
    assert_eq!(entries(&xdg.join("carmine/jit"), "so").len(), 1);
    let (out, err) = cached_fib(&tmp, "", &env);
    assert_eq!(out, "6765\n");
    assert!(err.contains("JIT cache hit ("), "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_damaged_cache_entry_is_compiled_again() {
    let tmp = fresh();
    let cache = tmp.join("cache");
    let dir = cache.to_str().unwrap();
    cached_fib(&tmp, dir, &[]);
    let so = entries(&cache, "so").pop().unwrap();
    let whole = std::fs::read(&so).unwrap();
    let mut flipped = whole.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x5a;
    // Truncated, then one byte changed: ignored, compiled, replaced.
    for damaged in [&whole[..whole.len() / 3], &flipped[..]] {
        std::fs::write(&so, damaged).unwrap();
        let (out, err) = cached_fib(&tmp, dir, &[]);
        assert_eq!(out, "6765\n");
        assert!(
            err.contains("JIT cache: ignoring") && err.contains("hash"),
            "{err}"
        );
        assert!(
            err.contains("JIT success (") && !err.contains("cache hit"),
            "{err}"
        );
        assert_eq!(std::fs::read(&so).unwrap(), whole, "entry replaced");
    }
    // A key file that is not ours to trust: likewise.
    let key = entries(&cache, "key").pop().unwrap();
    std::fs::write(&key, "carmine-jit-cache 1\nkey 00\n").unwrap();
    let (out, err) = cached_fib(&tmp, dir, &[]);
    assert_eq!(out, "6765\n");
    assert!(
        err.contains("does not match") && err.contains("JIT success ("),
        "{err}"
    );
    // A symlink in the entry's place is not followed.
    std::fs::remove_file(&so).unwrap();
    std::os::unix::fs::symlink("/bin/sh", &so).unwrap();
    let (out, err) = cached_fib(&tmp, dir, &[]);
    assert_eq!(out, "6765\n");
    assert!(
        err.contains("JIT cache: ignoring") && err.contains("JIT success ("),
        "{err}"
    );
    let (_, err) = cached_fib(&tmp, dir, &[]);
    assert!(err.contains("JIT cache hit ("), "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn a_cache_directory_others_could_write_is_not_used() {
    let tmp = fresh();
    let cache = tmp.join("cache");
    let dir = cache.to_str().unwrap();
    std::fs::create_dir(&cache).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o777)).unwrap();
    for _ in 0..2 {
        let (out, err) = cached_fib(&tmp, dir, &[]);
        assert_eq!(out, "6765\n");
        assert!(
            err.contains("JIT cache not used: ") && err.contains("mode 777"),
            "{err}"
        );
        assert!(err.contains("JIT success ("), "{err}");
        assert!(entries(&cache, "so").is_empty(), "wrote into it");
    }
    // Someone else's directory (only root can make one to try).
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o700)).unwrap();
    if std::os::unix::fs::chown(&cache, Some(65534), Some(65534)).is_ok() {
        let (out, err) = cached_fib(&tmp, dir, &[]);
        assert_eq!(out, "6765\n");
        assert!(err.contains("is owned by uid 65534"), "{err}");
        assert!(entries(&cache, "so").is_empty(), "wrote into it");
    }
    // A file where the directory should be.
    let file = tmp.join("file");
    std::fs::write(&file, "").unwrap();
    let (out, err) = cached_fib(&tmp, file.to_str().unwrap(), &[]);
    assert_eq!(out, "6765\n");
    assert!(
        err.contains("not a directory") && err.contains("JIT success ("),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn other_compiler_flags_miss_the_cache() {
    let tmp = fresh();
    let cache = tmp.join("cache");
    let dir = cache.to_str().unwrap();
    let o1 = [("CARMINE_JIT_CC", "cc -O1")];
    let o0 = [("CARMINE_JIT_CC", "cc -O0")];
    let (_, err) = cached_fib(&tmp, dir, &o1);
    assert!(err.contains("JIT success ("), "{err}");
    let (out, err) = cached_fib(&tmp, dir, &o0);
    assert_eq!(out, "6765\n");
    assert!(
        err.contains("JIT success (") && !err.contains("cache hit"),
        "{err}"
    );
    assert_eq!(entries(&cache, "so").len(), 2);
    for env in [o1, o0] {
        let (_, err) = cached_fib(&tmp, dir, &env);
        assert!(err.contains("JIT cache hit ("), "{err}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
