//! The JIT's command line (SPEC §4): MJIT's log lines, the private
//! directory (mode 0700, gone at exit unless `--jit-save-temps`), a compile
//! failure meaning only "stay interpreted", and `--jit-min-calls`. The
//! generated code's behaviour is tested by the golden suite under
//! `GOLDEN_JIT=1` (every method compiled after one call).

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

static RUNS: AtomicUsize = AtomicUsize::new(0);

const FIB: &str = "def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)\nputs fib(20)\n";

/// Runs carmine on `src` with `args`, TMPDIR set to a fresh directory.
fn run(args: &[&str], src: &str, env: &[(&str, &str)]) -> (Output, PathBuf) {
    let tmp = std::env::temp_dir().join(format!(
        "carmine-jit-test-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let script = tmp.join("t.rb");
    std::fs::write(&script, src).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_carmine"));
    cmd.args(args).arg(&script).env("TMPDIR", &tmp);
    for (k, v) in env {
        cmd.env(k, v);
    }
    (cmd.output().unwrap(), tmp)
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
fn small_methods_stay_interpreted_unless_asked() {
    // `@n += 1` is three instructions in C (ivars are no steps any more):
    // entering machine code from the interpreter would cost more.
    let src = "class C\n  def initialize = @n = 0\n  def bump = @n += 1\nend\nc = C.new\n3.times { c.bump }\np c.bump\n";
    let (out, tmp) = run(
        &["--jit-wait", "--jit-verbose=1", "--jit-min-calls=1"],
        src,
        &[],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("JIT skip: bump@") && err.contains("(too small: 3 in C)"),
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
        err.contains("JIT success") && err.contains("bump@"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
    let _ = std::fs::remove_dir_all(&tmp2);
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
