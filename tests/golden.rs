//! The golden suite: every `tests/ruby/**/NAME.rb` is run with carmine and
//! its stdout, stderr and exit status compared with what CRuby 3.1 printed
//! (`NAME.out`, `NAME.err`, `NAME.status`, recorded by `tests/record.sh`).
//!
//! `tests/ruby/KNOWN_FAILURES` lists tests carmine does not pass yet; they
//! must still fail (a listed test that passes is reported so the list is
//! trimmed). `GOLDEN_GC_STRESS=1` runs everything under CARMINE_GC_STRESS.
//! `GOLDEN_JIT=N` runs everything with every method compiled after N calls,
//! all runs sharing one JIT code cache made for this run (so the prelude's
//! methods, the same C in every test, are compiled once, then loaded).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "rb") && p.with_extension("out").exists() {
            out.push(p);
        }
    }
}

struct Outcome {
    name: String,
    ok: bool,
    detail: String,
}

fn run_one(bin: &str, path: &Path, stress: bool, jit_cache: Option<&Path>) -> Outcome {
    let dir = path.parent().unwrap();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby");
    let name = path
        .strip_prefix(&root)
        .unwrap_or(path)
        .to_string_lossy()
        .to_string();
    let mut cmd = Command::new(bin);
    // `GOLDEN_JIT=N`: every method called N times runs as machine code
    // (CARMINE_JIT_ALL: even those the JIT would leave to the interpreter
    // as not worth it).
    if let Ok(n) = std::env::var("GOLDEN_JIT") {
        cmd.args(["--jit", "--jit-wait", "--jit-warnings"])
            .arg(format!("--jit-min-calls={n}"))
            .env("CARMINE_JIT_ALL", "1");
        if let Some(dir) = jit_cache {
            cmd.arg(format!("--jit-cache={}", dir.display()));
        }
    }
    cmd.arg(&file)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.env("LC_ALL", "C.UTF-8")
        .env_remove("RUBYOPT")
        .env_remove("RUBYLIB")
        .env_remove("CARMINE_STATS");
    if stress {
        cmd.env("CARMINE_GC_STRESS", "1");
    }
    let expected_out = std::fs::read(path.with_extension("out")).unwrap_or_default();
    let expected_err = std::fs::read(path.with_extension("err")).unwrap_or_default();
    let expected_status: i32 = std::fs::read_to_string(path.with_extension("status"))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome {
                name,
                ok: false,
                detail: format!("spawn: {e}"),
            };
        }
    };
    // GC stress collects at every safepoint (core/string_char_walks takes
    // ~55 s alone on a 2-core machine); the JIT waits for the C compiler
    // once per method.
    let limit = if stress {
        300
    } else if std::env::var_os("GOLDEN_JIT").is_some() {
        60
    } else {
        20
    };
    let out = wait_with_timeout(child, Duration::from_secs(limit));
    let Some((status, stdout, stderr)) = out else {
        return Outcome {
            name,
            ok: false,
            detail: format!("timeout after {limit}s"),
        };
    };
    let mut problems = Vec::new();
    if String::from_utf8_lossy(&stderr).contains("[BUG]") {
        problems.push("carmine panicked ([BUG] on stderr)".to_string());
    }
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
            String::from_utf8_lossy(&stderr)
        ));
    }
    if status != expected_status {
        problems.push(format!("exit status {status}, expected {expected_status}"));
    }
    Outcome {
        name,
        ok: problems.is_empty(),
        detail: problems.join("\n"),
    }
}

fn wait_with_timeout(
    mut child: std::process::Child,
    limit: Duration,
) -> Option<(i32, Vec<u8>, Vec<u8>)> {
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
                // Ended by a signal: the status a shell shows (what
                // tests/record.sh records).
                let code = st.code().unwrap_or_else(|| {
                    128 + std::os::unix::process::ExitStatusExt::signal(&st).unwrap_or(9)
                });
                return Some((
                    code,
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

#[test]
fn golden() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(
        files.len() > 100,
        "golden corpus missing ({} files)",
        files.len()
    );
    let known: Vec<String> = std::fs::read_to_string(root.join("KNOWN_FAILURES"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let stress = std::env::var("GOLDEN_GC_STRESS").is_ok_and(|v| v == "1");
    let filter = std::env::var("GOLDEN_FILTER").unwrap_or_default();
    let bin = env!("CARGO_BIN_EXE_carmine").to_string();
    // tests/ruby/stdlib/ runs the real standard library of an installed
    // CRuby 3.1 (Debian's `ruby`, which .ci/run installs). Without one they
    // are reported as skipped, except under CI, where that is a failure.
    let stdlib = std::path::Path::new("/usr/lib/ruby/3.1.0").is_dir()
        || std::env::var("CARMINE_RUBY_STDLIB").is_ok_and(|v| !v.is_empty());
    assert!(
        stdlib || std::env::var("CI").map_or(true, |v| v != "true"),
        "CI without CRuby 3.1's standard library at /usr/lib/ruby/3.1.0 (apt-get install ruby)"
    );
    let (files, skipped): (Vec<_>, Vec<_>) = files
        .into_iter()
        .filter(|f| f.to_string_lossy().contains(&filter))
        .partition(|f| stdlib || !f.parent().is_some_and(|d| d.ends_with("stdlib")));
    if !skipped.is_empty() {
        eprintln!(
            "golden: {} stdlib tests skipped: no CRuby 3.1 standard library at /usr/lib/ruby/3.1.0 (apt-get install ruby)",
            skipped.len()
        );
    }
    // `GOLDEN_JIT`: one code cache for this run's tests, gone after it.
    let jit_cache = std::env::var_os("GOLDEN_JIT")
        .map(|_| std::env::temp_dir().join(format!("carmine-golden-jit-{}", std::process::id())));
    if let Some(dir) = &jit_cache {
        let _ = std::fs::remove_dir_all(dir);
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(dir)
            .expect("the JIT code cache's directory");
    }
    let queue = Arc::new(Mutex::new(files));
    let results = Arc::new(Mutex::new(Vec::new()));
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (q, r, bin) = (queue.clone(), results.clone(), bin.clone());
            let jit_cache = jit_cache.clone();
            std::thread::spawn(move || {
                loop {
                    let Some(p) = q.lock().unwrap().pop() else {
                        break;
                    };
                    let o = run_one(&bin, &p, stress, jit_cache.as_deref());
                    r.lock().unwrap().push(o);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    if let Some(dir) = &jit_cache {
        let _ = std::fs::remove_dir_all(dir);
    }
    let mut results = Arc::try_unwrap(results).ok().unwrap().into_inner().unwrap();
    results.sort_by(|a, b| a.name.cmp(&b.name));
    let (mut passed, mut failed, mut xfail) = (0, 0, 0);
    let mut unexpected = Vec::new();
    let mut xpass = Vec::new();
    for r in &results {
        let listed = known.contains(&r.name);
        match (r.ok, listed) {
            (true, false) => passed += 1,
            (false, true) => xfail += 1,
            (true, true) => {
                passed += 1;
                xpass.push(r.name.clone());
            }
            (false, false) => {
                failed += 1;
                unexpected.push(r);
            }
        }
    }
    for r in &unexpected {
        eprintln!("FAIL {}\n{}\n", r.name, r.detail);
    }
    for x in &xpass {
        eprintln!("XPASS {x}: passes now; remove it from tests/ruby/KNOWN_FAILURES");
    }
    if std::env::var("GOLDEN_WRITE_FAILURES").is_ok_and(|v| v == "1") {
        let mut names: Vec<String> = results
            .iter()
            .filter(|r| !r.ok)
            .map(|r| r.name.clone())
            .collect();
        names.sort();
        let body = format!(
            "# Golden tests carmine does not pass yet (regenerate: GOLDEN_WRITE_FAILURES=1 cargo test --release --test golden)\n{}\n",
            names.join("\n")
        );
        std::fs::write(root.join("KNOWN_FAILURES"), body).unwrap();
    }
    eprintln!(
        "golden{}: {passed} passed, {failed} failed, {xfail} known failures, {} listed but passing",
        if stress { " (GC stress)" } else { "" },
        xpass.len()
    );
    assert!(
        unexpected.is_empty(),
        "{} golden tests failed",
        unexpected.len()
    );
    assert!(
        xpass.is_empty() || std::env::var("GOLDEN_WRITE_FAILURES").is_ok(),
        "{} known failures pass now: update KNOWN_FAILURES",
        xpass.len()
    );
}
