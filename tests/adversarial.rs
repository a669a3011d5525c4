//! The adversarial suite: every `tests/adversarial/NAME.rb` (malformed
//! syntax, pathological nesting, deep recursion, type confusion in builtins,
//! huge numbers, mutation during iteration, redefined core methods, exit
//! semantics...) is run with carmine and compared with what CRuby 3.1 did
//! (`NAME.out`, `NAME.err`, `NAME.status`, recorded by
//! `tests/adversarial/record.sh`), like `tests/golden.rs`.
//!
//! On top of the golden comparison, carmine must never crash: a `[BUG]` on
//! stderr (a Rust panic), death by a signal (stack overflow, abort on a
//! failed allocation) or a timeout is a crash. Files whose first line is
//! `# carmine-check: status-only` (syntax errors, whose messages come from a
//! different parser) only need exit status 1 and a non-empty stderr.
//!
//! Every process runs with a 4 GiB address-space limit (`ulimit -v`, as when
//! recording), so a runaway allocation fails instead of eating the machine.
//!
//! `tests/adversarial/KNOWN_FAILURES` lists the tests carmine does not pass
//! yet; a crashing test may only be listed with a `# CRASH` comment, so
//! crashes stay visible. Regenerate the list with
//! `ADVERSARIAL_WRITE_FAILURES=1 cargo test --test adversarial`; select tests
//! with `ADVERSARIAL_FILTER=substring`.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Address-space limit in KiB, the same as tests/adversarial/record.sh.
const MEM_LIMIT_KB: u64 = 4 * 1024 * 1024;
/// Per-test time limit; debug builds of carmine are several times slower.
const TIMEOUT: Duration = Duration::from_secs(if cfg!(debug_assertions) { 60 } else { 20 });

fn collect(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rb") && p.with_extension("out").exists())
        .collect();
    out.sort();
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Verdict {
    Pass,
    Fail,
    Crash,
}

struct Outcome {
    name: String,
    verdict: Verdict,
    /// For crashes: "panic", "signal N", "timeout".
    crash_kind: String,
    detail: String,
}

fn status_only(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .map(|s| {
            s.lines()
                .next()
                .is_some_and(|l| l.trim() == "# carmine-check: status-only")
        })
        .unwrap_or(false)
}

fn run_one(bin: &str, path: &Path) -> Outcome {
    let dir = path.parent().unwrap();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {MEM_LIMIT_KB}; exec \"$0\" \"$@\""))
        .arg(bin)
        .arg(&file)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.env("LC_ALL", "C.UTF-8")
        .env_remove("RUBYOPT")
        .env_remove("CARMINE_STATS");
    let expected_out = std::fs::read(path.with_extension("out")).unwrap_or_default();
    let expected_err = std::fs::read(path.with_extension("err")).unwrap_or_default();
    let expected_status: i32 = std::fs::read_to_string(path.with_extension("status"))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let crash = |kind: &str, detail: String| Outcome {
        name: name.clone(),
        verdict: Verdict::Crash,
        crash_kind: kind.to_string(),
        detail,
    };
    let child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return crash("spawn", format!("spawn: {e}")),
    };
    let Some((status, stdout, stderr)) = wait_with_timeout(child, TIMEOUT) else {
        return crash("timeout", format!("timeout after {}s", TIMEOUT.as_secs()));
    };
    let err_text = String::from_utf8_lossy(&stderr);
    if err_text.contains("[BUG]") {
        let line = err_text
            .lines()
            .find(|l| l.contains("[BUG]"))
            .unwrap_or("")
            .to_string();
        return crash("panic", line);
    }
    let code = match (status.code(), status.signal()) {
        (Some(c), _) => c,
        (None, Some(sig)) => {
            let tail: String = err_text.lines().last().unwrap_or("").to_string();
            return crash(&format!("signal {sig}"), tail);
        }
        (None, None) => return crash("unknown exit", String::new()),
    };
    let mut problems = Vec::new();
    if status_only(path) {
        if code != 1 {
            problems.push(format!("exit status {code}, expected 1 (status-only)"));
        }
        if stderr.is_empty() {
            problems.push("stderr is empty, expected an error message (status-only)".into());
        }
    } else {
        if stdout != expected_out {
            problems.push(format!(
                "stdout differs\n--- expected\n{}\n--- got\n{}",
                String::from_utf8_lossy(&expected_out),
                String::from_utf8_lossy(&stdout)
            ));
        }
        if stderr != expected_err {
            problems.push(format!(
                "stderr differs\n--- expected\n{}\n--- got\n{}",
                String::from_utf8_lossy(&expected_err),
                err_text
            ));
        }
        if code != expected_status {
            problems.push(format!("exit status {code}, expected {expected_status}"));
        }
    }
    Outcome {
        name,
        verdict: if problems.is_empty() {
            Verdict::Pass
        } else {
            Verdict::Fail
        },
        crash_kind: String::new(),
        detail: problems.join("\n"),
    }
}

fn wait_with_timeout(
    mut child: std::process::Child,
    limit: Duration,
) -> Option<(std::process::ExitStatus, Vec<u8>, Vec<u8>)> {
    use std::io::Read;
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t1 = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    });
    let t2 = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(st)) => {
                return Some((
                    st,
                    t1.join().unwrap_or_default(),
                    t2.join().unwrap_or_default(),
                ));
            }
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            _ => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// One KNOWN_FAILURES line: `name` or `name  # CRASH: kind`.
struct Known {
    name: String,
    crash: bool,
}

fn read_known(path: &Path) -> Vec<Known> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (name, comment) = match l.split_once('#') {
                Some((n, c)) => (n.trim(), c),
                None => (l.trim(), ""),
            };
            (!name.is_empty()).then(|| Known {
                name: name.to_string(),
                crash: comment.trim_start().starts_with("CRASH"),
            })
        })
        .collect()
}

#[test]
fn adversarial() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/adversarial");
    let files = collect(&root);
    assert!(
        files.len() >= 100,
        "adversarial corpus missing ({} files)",
        files.len()
    );
    let known = read_known(&root.join("KNOWN_FAILURES"));
    let filter = std::env::var("ADVERSARIAL_FILTER").unwrap_or_default();
    let jobs: usize = std::env::var("ADVERSARIAL_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let bin = env!("CARGO_BIN_EXE_carmine").to_string();
    let queue = Arc::new(Mutex::new(
        files
            .into_iter()
            .filter(|f| f.to_string_lossy().contains(&filter))
            .collect::<Vec<_>>(),
    ));
    let results = Arc::new(Mutex::new(Vec::new()));
    let threads: Vec<_> = (0..jobs.max(1))
        .map(|_| {
            let (q, r, bin) = (queue.clone(), results.clone(), bin.clone());
            std::thread::spawn(move || {
                loop {
                    let Some(p) = q.lock().unwrap().pop() else {
                        break;
                    };
                    let o = run_one(&bin, &p);
                    r.lock().unwrap().push(o);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let mut results = Arc::try_unwrap(results).ok().unwrap().into_inner().unwrap();
    results.sort_by(|a, b| a.name.cmp(&b.name));
    let (mut passed, mut xfail) = (0, 0);
    let mut unexpected = Vec::new();
    let mut xpass = Vec::new();
    let mut known_crashes = Vec::new();
    for r in &results {
        let listed = known.iter().find(|k| k.name == r.name);
        match (r.verdict, listed) {
            (Verdict::Pass, None) => passed += 1,
            (Verdict::Pass, Some(_)) => {
                passed += 1;
                xpass.push(r.name.clone());
            }
            (Verdict::Fail, Some(_)) => xfail += 1,
            (Verdict::Crash, Some(k)) if k.crash => {
                xfail += 1;
                known_crashes.push(r);
            }
            (Verdict::Crash, Some(_)) => unexpected.push((
                r,
                "crashes but KNOWN_FAILURES does not mark it `# CRASH`".to_string(),
            )),
            (Verdict::Fail, None) => unexpected.push((r, String::new())),
            (Verdict::Crash, None) => unexpected.push((r, String::new())),
        }
    }
    for (r, why) in &unexpected {
        let kind = if r.verdict == Verdict::Crash {
            format!("CRASH ({})", r.crash_kind)
        } else {
            "FAIL".to_string()
        };
        eprintln!("{kind} {}\n{why}{}\n", r.name, r.detail);
    }
    for r in &known_crashes {
        eprintln!("KNOWN CRASH {} ({}): {}", r.name, r.crash_kind, r.detail);
    }
    for x in &xpass {
        eprintln!("XPASS {x}: passes now; remove it from tests/adversarial/KNOWN_FAILURES");
    }
    let writing = std::env::var("ADVERSARIAL_WRITE_FAILURES").is_ok_and(|v| v == "1");
    if writing {
        let mut lines: Vec<String> = results
            .iter()
            .filter(|r| r.verdict != Verdict::Pass)
            .map(|r| {
                if r.verdict == Verdict::Crash {
                    format!("{}  # CRASH: {}", r.name, r.crash_kind)
                } else {
                    r.name.clone()
                }
            })
            .collect();
        lines.sort();
        let body = format!(
            "# Adversarial tests carmine does not pass yet (regenerate: ADVERSARIAL_WRITE_FAILURES=1 cargo test --test adversarial).\n# Lines marked CRASH are bugs (panic, signal or timeout): fix them first.\n{}\n",
            lines.join("\n")
        );
        std::fs::write(root.join("KNOWN_FAILURES"), body).unwrap();
    }
    eprintln!(
        "adversarial: {passed} passed, {} failed, {xfail} known failures ({} known crashes), {} listed but passing",
        unexpected.len(),
        known_crashes.len(),
        xpass.len()
    );
    if writing {
        return;
    }
    assert!(
        unexpected.is_empty(),
        "{} adversarial tests failed or crashed",
        unexpected.len()
    );
    assert!(
        xpass.is_empty(),
        "{} known failures pass now: update tests/adversarial/KNOWN_FAILURES",
        xpass.len()
    );
}

/// `--max-instructions` bounds every loop shape, including the backward
/// jumps of `retry` and `redo` and programs that rescue Exception (found by
/// carmine-fuzz: an endless `rescue; retry` ran past the budget and grew
/// without limit; recursion that rescues and re-raises at every level took
/// minutes; a loop of `GC.start` over a growing heap ran 100x past it).
#[test]
fn instruction_budget_bounds_retry_and_redo() {
    let bin = env!("CARGO_BIN_EXE_carmine");
    let programs = [
        "def f\n  begin\n    undefined_thing\n  rescue\n    retry\n  end\nend\nf",
        "[1].each { |x| redo }",
        "while true\n  redo\nend",
        // Rescuing everything cannot outlive the budget, even when each
        // level re-raises from deep recursion without reaching a safepoint.
        "def t(l)\n  r.inspect\nrescue Exception\n  t(2)\nend\nt(1)",
        "loop do\n  begin\n    loop {}\n  rescue Exception\n  end\nend",
        // Collections are charged to the budget: classes are never freed,
        // so each `GC.start` walks a bigger heap (minutes before).
        "100000000.times do |i|\n  Class.new { define_method(:v) { i } }\n  GC.start if i % 10 == 9\nend",
    ];
    for src in programs {
        let mut child = Command::new(bin)
            .args(["--max-instructions=100000", "-e", src])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn carmine");
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break s;
            }
            if start.elapsed() > TIMEOUT {
                let _ = child.kill();
                panic!("budget did not stop {src:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(1), "{src:?}: {err}");
        assert!(
            err.contains("instruction budget exhausted"),
            "{src:?}: {err}"
        );
    }
}
