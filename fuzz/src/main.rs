//! carmine-fuzz: a dependency-free random-mutation fuzzer for carmine.
//!
//! It takes Ruby seed files (by default every `.rb` under `tests/ruby/` and
//! `tests/adversarial/`, read in place: no copy of the corpus), mutates them (byte edits,
//! line splices between seeds, Ruby tokens, extreme literals, deep nesting)
//! and feeds them to one of two targets, in-process, through the library:
//!
//! - `parse`: prism parse + carmine's compiler (`Vm::compile`), nothing runs;
//! - `run`:   compile and run in a fresh `Vm` with an instruction budget
//!   (`--max-instructions`, like `carmine --max-instructions=N`);
//! - `jit`:   as `run`, with the JIT compiling every method after its
//!   first call and every script loop after its first turn
//!   (`--jit --jit-wait --jit-min-calls=1`, `CARMINE_JIT_ALL=1`): slow
//!   (a C compile per method), for a bounded run by hand.
//!
//! A crash is a Rust panic, a death by signal (stack overflow, abort on a
//! failed allocation, SIGSEGV) or an input that takes longer than the time
//! limit (a hang inside a builtin, since Ruby-level loops stop at the
//! budget). The inputs run in a worker process (this binary with `--worker`)
//! under a 4 GiB address-space limit, so a crash only costs a restart; the
//! supervisor saves each new crash (deduplicated by kind and panic location)
//! to `fuzz/crashes/`, shrinks it line by line, and exits 1 if it found any.
//!
//! usage: cargo run --release --manifest-path fuzz/Cargo.toml -- \
//!            [--target parse|run|both|jit] [--seconds N] [--execs N] [--seed N]
//!            [--corpus DIR] [--crashes DIR] [--timeout-ms N]
//!            [--max-instructions N] [--no-minimize] [--replay FILE...]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use carmine::bytecode::IseqKind;
use carmine::dispatch::Config;
use carmine::interp::Vm;
use carmine::value::{Value, symbol};

const MEM_LIMIT_KB: u64 = 4 * 1024 * 1024;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Target {
    Parse,
    Run,
    Jit,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Parse => "parse",
            Target::Run => "run",
            Target::Jit => "jit",
        }
    }
}

struct Opts {
    targets: Vec<Target>,
    seconds: u64,
    /// Stop each target after this many inputs (a machine-independent
    /// amount of work for CI), if it comes before `seconds`.
    execs: Option<u64>,
    seed: u64,
    corpus: Vec<PathBuf>,
    crashes: PathBuf,
    timeout: Duration,
    max_insns: u64,
    minimize: bool,
    replay: Vec<PathBuf>,
}

fn parse_opts(args: &[String]) -> Result<Opts, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut o = Opts {
        targets: vec![Target::Parse, Target::Run],
        seconds: 60,
        execs: None,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1),
        corpus: Vec::new(),
        crashes: root.join("crashes"),
        timeout: Duration::from_millis(5000),
        max_insns: 200_000,
        minimize: true,
        replay: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut val = || {
            i += 1;
            args.get(i).cloned().ok_or(format!("missing value for {a}"))
        };
        match a {
            "--target" => {
                o.targets = match val()?.as_str() {
                    "parse" => vec![Target::Parse],
                    "run" => vec![Target::Run],
                    "jit" => vec![Target::Jit],
                    "both" => vec![Target::Parse, Target::Run],
                    t => return Err(format!("unknown target {t}")),
                }
            }
            "--seconds" => o.seconds = val()?.parse().map_err(|_| "bad --seconds")?,
            "--execs" => o.execs = Some(val()?.parse().map_err(|_| "bad --execs")?),
            "--seed" => o.seed = val()?.parse().map_err(|_| "bad --seed")?,
            "--corpus" => o.corpus.push(PathBuf::from(val()?)),
            "--crashes" => o.crashes = PathBuf::from(val()?),
            "--timeout-ms" => {
                o.timeout = Duration::from_millis(val()?.parse().map_err(|_| "bad --timeout-ms")?)
            }
            "--max-instructions" => {
                o.max_insns = val()?.parse().map_err(|_| "bad --max-instructions")?
            }
            "--no-minimize" => o.minimize = false,
            "--replay" => {
                o.replay.extend(args[i + 1..].iter().map(PathBuf::from));
                break;
            }
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unknown option {a}")),
        }
        i += 1;
    }
    if o.corpus.is_empty() {
        let tests = root.join("..").join("tests");
        o.corpus = vec![tests.join("ruby"), tests.join("adversarial")];
    }
    Ok(o)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--worker") {
        let target = match args.get(1).map(String::as_str) {
            Some("parse") => Target::Parse,
            Some("jit") => Target::Jit,
            _ => Target::Run,
        };
        let max: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200_000);
        worker(target, max);
        return;
    }
    let opts = match parse_opts(&args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("carmine-fuzz: {e}");
            }
            eprintln!("{}", USAGE);
            std::process::exit(2);
        }
    };
    std::process::exit(supervise(&opts));
}

const USAGE: &str = "usage: carmine-fuzz [--target parse|run|both] [--seconds N] [--execs N] [--seed N] \
[--corpus DIR] [--crashes DIR] [--timeout-ms N] [--max-instructions N] [--no-minimize] \
[--replay FILE...]";

// ---------------------------------------------------------------- worker

/// Reads length-prefixed inputs on stdin, runs each, answers one line per
/// input on stdout's replacement channel (fd 1 is the worker's report pipe;
/// Ruby output goes to the same pipe, so replies are tagged).
fn worker(target: Target, max_insns: u64) {
    // Panic messages are handed to the supervisor instead of printed.
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string().replace('\n', " ");
        eprintln!("\n\u{1}PANIC {msg}");
    }));
    // The inputs come on a copy of fd 0, which becomes /dev/null: a
    // program that reads its standard input (`gets`) gets EOF instead of
    // waiting on the next input's bytes (a hang the supervisor saw as a
    // timeout).
    use std::os::fd::AsFd;
    let proto: std::fs::File = std::io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .expect("dup stdin")
        .into();
    let null = std::fs::File::open("/dev/null").expect("open /dev/null");
    rustix::stdio::dup2_stdin(&null).expect("dup2 /dev/null");
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || worker_loop(target, max_insns, proto))
        .expect("spawn worker thread");
    let _ = handle.join();
}

fn worker_loop(target: Target, max_insns: u64, mut stdin: std::fs::File) {
    let mut parse_vm: Option<(Vm, u32)> = None;
    loop {
        let mut len = [0u8; 4];
        if stdin.read_exact(&mut len).is_err() {
            return;
        }
        let mut src = vec![0u8; u32::from_le_bytes(len) as usize];
        if stdin.read_exact(&mut src).is_err() {
            return;
        }
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match target {
            Target::Parse => {
                // One VM compiles many inputs; renewed now and then.
                if parse_vm.as_ref().is_none_or(|(_, n)| *n > 500) {
                    parse_vm = Some((Vm::new(Config::default()), 0));
                }
                let (vm, n) = parse_vm.as_mut().unwrap();
                *n += 1;
                let _ = vm.compile(&src, "fuzz.rb", IseqKind::Top);
            }
            Target::Run => run_input(&src, max_insns, false),
            Target::Jit => run_input(&src, max_insns, true),
        }));
        if r.is_err() {
            parse_vm = None;
        }
        // The reply goes to stderr (stdout carries the program's output),
        // on a line of its own: the program's last stderr line may lack
        // its newline (`STDERR.print "x"`), and a reply glued to it was
        // never seen (a false timeout).
        eprintln!("\n\u{1}DONE {}", if r.is_ok() { "ok" } else { "panic" });
    }
}

fn run_input(src: &[u8], max_insns: u64, jit: bool) {
    let mut vm = Vm::new(Config::default());
    if jit {
        // (The supervisor sets CARMINE_JIT_ALL=1 in this worker.)
        let o = carmine::jit::Options {
            min_calls: 1,
            wait: true,
            ..Default::default()
        };
        vm.jit = Some(Box::new(carmine::jit::Jit::new(o)));
    }
    vm.options.max_instructions = Some(max_insns);
    vm.options.warnings = 1;
    // As the CLI sets it for warning level 1 (unset, `warn` printed nothing).
    vm.globals.insert(symbol::intern("$VERBOSE"), Value::FALSE);
    let probe = 0u8;
    vm.stack_limit_addr = (&probe as *const u8 as usize).saturating_sub((1 << 30) - (64 << 20));
    vm.script_name = "fuzz.rb".into();
    vm.load_prelude();
    let _ = vm.eval_file(src, "fuzz.rb", IseqKind::Top);
    // Like carmine's exit path: at_exit handlers run too.
    vm.frames.clear();
    let _ = vm.run_at_exit(0, Value::NIL);
    vm.flush();
}

// ------------------------------------------------------------ supervisor

struct Worker {
    child: Child,
    stdin: ChildStdin,
    replies: mpsc::Receiver<String>,
}

impl Worker {
    fn spawn(target: Target, max_insns: u64, scratch: &Path) -> Worker {
        let exe = std::env::current_exe().expect("current_exe");
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {MEM_LIMIT_KB}; exec \"$0\" \"$@\""))
            .arg(exe)
            .arg("--worker")
            .arg(target.name())
            .arg(max_insns.to_string())
            .current_dir(scratch)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .env_remove("CARMINE_GC_STRESS")
            .env(
                "CARMINE_JIT_ALL",
                if target == Target::Jit { "1" } else { "0" },
            )
            .spawn()
            .expect("spawn worker");
        let stdin = child.stdin.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stderr);
            let mut line = Vec::new();
            loop {
                line.clear();
                match r.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&line);
                        // Control lines start with \x01; the rest is
                        // Ruby's stderr, kept only when it looks fatal.
                        let keep = s.starts_with('\u{1}')
                            || s.contains("overflowed its stack")
                            || s.contains("memory allocation of");
                        if keep && tx.send(s.trim_end().to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Worker {
            child,
            stdin,
            replies: rx,
        }
    }

    fn kill(mut self) -> Option<i32> {
        let _ = self.child.kill();
        let st = self.child.wait().ok()?;
        use std::os::unix::process::ExitStatusExt;
        st.signal()
    }
}

#[derive(Debug)]
enum Outcome {
    Ok,
    /// kind ("panic", "signal 6", "timeout"), message
    Crash(String, String),
}

struct Runner {
    target: Target,
    max_insns: u64,
    timeout: Duration,
    scratch: PathBuf,
    worker: Option<Worker>,
    execs: u64,
}

impl Runner {
    fn exec(&mut self, src: &[u8]) -> Outcome {
        self.execs += 1;
        let w = self
            .worker
            .get_or_insert_with(|| Worker::spawn(self.target, self.max_insns, &self.scratch));
        let mut frame = (src.len() as u32).to_le_bytes().to_vec();
        frame.extend_from_slice(src);
        let sent = w.stdin.write_all(&frame).and_then(|_| w.stdin.flush());
        let deadline = Instant::now() + self.timeout;
        let mut panic_msg = None;
        let mut fatal_msg = None;
        if sent.is_ok() {
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match w.replies.recv_timeout(left) {
                    Ok(l) if l.starts_with("\u{1}DONE") => {
                        return match panic_msg {
                            Some(m) => Outcome::Crash("panic".into(), m),
                            None => Outcome::Ok,
                        };
                    }
                    Ok(l) if l.starts_with("\u{1}PANIC ") => panic_msg = Some(l[7..].to_string()),
                    Ok(l) => fatal_msg = Some(l),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        self.worker.take().map(Worker::kill);
                        return Outcome::Crash(
                            "timeout".into(),
                            format!("no answer within {} ms", self.timeout.as_millis()),
                        );
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
        }
        // The worker died while running this input.
        let sig = self.worker.take().and_then(Worker::kill);
        let kind = match sig {
            Some(s) => format!("signal {s}"),
            None => "exit".to_string(),
        };
        Outcome::Crash(kind, fatal_msg.or(panic_msg).unwrap_or_default())
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        if let Some(w) = self.worker.take() {
            w.kill();
        }
    }
}

/// The deduplication key: kind plus the panic location (file:line) or the
/// fatal message without numbers that vary.
fn signature(kind: &str, msg: &str) -> String {
    let loc = msg
        .split_once("panicked at ")
        .map(|(_, r)| r.split(':').take(2).collect::<Vec<_>>().join(":"))
        .unwrap_or_else(|| {
            msg.chars()
                .filter(|c| !c.is_ascii_digit())
                .take(80)
                .collect::<String>()
        });
    format!("{kind} {loc}")
}

fn supervise(o: &Opts) -> i32 {
    let scratch = std::env::temp_dir().join(format!("carmine-fuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&scratch);
    if !o.replay.is_empty() {
        return replay(o, &scratch);
    }
    let seeds = load_corpus(&o.corpus);
    if seeds.is_empty() {
        eprintln!("carmine-fuzz: no seeds in {:?}", o.corpus);
        return 2;
    }
    let _ = std::fs::create_dir_all(&o.crashes);
    let mut rng = Rng(o.seed | 1);
    eprintln!(
        "carmine-fuzz: seed {}, {} seeds, targets {:?}, {} s",
        o.seed,
        seeds.len(),
        o.targets,
        o.seconds
    );
    let mut found: HashMap<String, PathBuf> = HashMap::new();
    let per_target = Duration::from_secs(o.seconds) / o.targets.len().max(1) as u32;
    for &target in &o.targets {
        let mut runner = Runner {
            target,
            max_insns: o.max_insns,
            timeout: o.timeout,
            scratch: scratch.clone(),
            worker: None,
            execs: 0,
        };
        let start = Instant::now();
        let mut last_report = Instant::now();
        while start.elapsed() < per_target && o.execs.is_none_or(|n| runner.execs < n) {
            let input = mutate(&mut rng, &seeds);
            if let Outcome::Crash(kind, msg) = runner.exec(&input) {
                // Inputs that ask for a long sleep are not hangs, nor
                // `crypt` with a mutated cost (`$6$rounds=100000000$`,
                // bcrypt's `$2b$31$`): slow by design, on CRuby too.
                if kind == "timeout" && (contains(&input, b"sleep") || contains(&input, b"crypt")) {
                    continue;
                }
                let sig = format!("{} {}", target.name(), signature(&kind, &msg));
                if found.contains_key(&sig) {
                    continue;
                }
                let small = if o.minimize {
                    minimize(&mut runner, &input, &sig, target)
                } else {
                    input.clone()
                };
                let path = o.crashes.join(format!(
                    "{}-{}-{:016x}.rb",
                    target.name(),
                    kind.replace(' ', ""),
                    fnv(sig.as_bytes())
                ));
                let header = format!("# carmine-fuzz {}: {kind}: {msg}\n", target.name());
                let mut body = header.into_bytes();
                body.extend_from_slice(&small);
                let _ = std::fs::write(&path, body);
                eprintln!("CRASH {sig}\n  -> {}", path.display());
                found.insert(sig, path);
            }
            if last_report.elapsed() > Duration::from_secs(30) {
                eprintln!(
                    "  [{}] {} execs, {:.0}/s, {} crashes",
                    target.name(),
                    runner.execs,
                    runner.execs as f64 / start.elapsed().as_secs_f64(),
                    found.len()
                );
                last_report = Instant::now();
            }
        }
        eprintln!(
            "carmine-fuzz [{}]: {} execs in {:.0} s",
            target.name(),
            runner.execs,
            start.elapsed().as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("carmine-fuzz: {} distinct crashes", found.len());
    let mut sigs: Vec<_> = found.into_iter().collect();
    sigs.sort();
    for (s, p) in &sigs {
        eprintln!("  {s}\n    {}", p.display());
    }
    if sigs.is_empty() { 0 } else { 1 }
}

/// Runs saved inputs again (both targets unless --target says otherwise).
fn replay(o: &Opts, scratch: &Path) -> i32 {
    let mut bad = 0;
    for &target in &o.targets {
        let mut runner = Runner {
            target,
            max_insns: o.max_insns,
            timeout: o.timeout,
            scratch: scratch.to_path_buf(),
            worker: None,
            execs: 0,
        };
        for p in &o.replay {
            let src = std::fs::read(p).unwrap_or_default();
            match runner.exec(&src) {
                Outcome::Ok => eprintln!("ok    [{}] {}", target.name(), p.display()),
                Outcome::Crash(k, m) => {
                    bad += 1;
                    eprintln!("CRASH [{}] {}: {k}: {m}", target.name(), p.display());
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(scratch);
    i32::from(bad > 0)
}

/// Shrinks a crashing input by deleting line ranges, then single lines,
/// while the crash signature stays the same.
fn minimize(runner: &mut Runner, input: &[u8], sig: &str, target: Target) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    let mut budget = 300;
    let mut chunk = (lines.len() / 2).max(1);
    while budget > 0 {
        let mut i = 0;
        let mut progress = false;
        while i < lines.len() && budget > 0 {
            let end = (i + chunk).min(lines.len());
            let cand: Vec<u8> = lines[..i]
                .iter()
                .chain(lines[end..].iter())
                .flat_map(|l| l.iter().copied())
                .collect();
            budget -= 1;
            let same = match runner.exec(&cand) {
                Outcome::Crash(k, m) => format!("{} {}", target.name(), signature(&k, &m)) == sig,
                Outcome::Ok => false,
            };
            if same {
                lines.drain(i..end);
                progress = true;
            } else {
                i += chunk;
            }
        }
        if !progress {
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }
    lines.concat()
}

// -------------------------------------------------------------- mutation

/// Every `.rb` file under the seed directories (recursively), sorted so a
/// run is reproducible from its seed.
fn load_corpus(dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = Vec::new();
    let mut todo: Vec<PathBuf> = dirs.to_vec();
    while let Some(d) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rb"))
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() < 64 * 1024)
        .collect()
}

/// xorshift64*: small, fast, reproducible from --seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const TOKENS: &[&str] = &[
    "end",
    "end\n",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "do",
    "do |x|",
    "|x, *y, **z, &b|",
    "def f",
    "def f(a, b = 1, *c, d:, e: 2, **f, &g)",
    "yield",
    "*",
    "**",
    "&",
    "::",
    "..",
    "...",
    "<<~EOS\nx\nEOS\n",
    "#{",
    "\"",
    "'",
    "/",
    "%w(",
    "%i[",
    "__END__\n",
    "=begin\n",
    "?",
    "->",
    "@",
    "@@",
    "$",
    "1e400",
    "2**100",
    "-(2**64)",
    "0.0/0",
    "nil",
    "self",
    "super",
    "rescue",
    "ensure",
    "retry",
    "redo",
    "break",
    "next",
    "return",
    "BEGIN {",
    "alias",
    "undef",
    "defined?",
    "Integer",
    "Float::NAN",
    "Float::INFINITY",
    ".freeze",
    ".inspect",
    ".hash",
    ".dup",
    ".clone",
    ".to_s",
    ".to_a",
    ".to_h",
    ".to_proc",
    ".method(:inspect)",
    ".send(:",
    ".instance_eval",
    ".class_eval",
    ".define_method(:x)",
    "x = x",
    "a = []; a << a",
    "h = {}; h[h] = h",
    "class Integer; def +(o) = 1; end\n",
    "class Object; def method_missing(*) = nil; end\n",
    "class Array; def each; end; end\n",
    "throw :x",
    "catch(:x) {",
    "loop {",
    "exit",
    "exit!",
    "abort",
    "at_exit {",
    "raise",
    "raise 1",
    "1/0",
    "\0",
    "\u{ff}",
    "\u{1F600}",
    "\\",
    "def method_missing(n, *a) = send(n, *a)\n",
    "ObjectSpace.each_object(Class) {",
    "GC.start",
    "Struct.new(:a)",
    "Class.new(",
    "Module.new {",
    "proc {",
    "lambda {",
    "Enumerator.new { |y|",
    "Fiber.new {",
    "Fiber.new { |x|",
    "Fiber.yield",
    ".resume",
    ".resume(",
    "Fiber.current",
    ".next",
    ".peek",
    ".lazy",
    ".each_slice(0)",
    ".each_with_object(",
    "binding",
    "eval(\"",
    "instance_variable_set(:@x, ",
    "const_get(",
    "Comparable",
    "Kernel",
    "BasicObject",
    "\"x\" * (1 << 40)",
    "Array.new(1 << 40)",
    "[0] * (1 << 62)",
    "\"%s%d%f\" % ",
    "=~",
    "$~",
    "$1",
    "__method__",
    "if",
    "unless",
    "while",
    "until",
    "case",
    "when",
    "in",
    "then",
    "else",
    "elsif",
    "begin",
    "and",
    "or",
    "not",
    "<=>",
    "===",
    "!~",
    "&.",
    "||=",
    "&&=",
];

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "4611686018427387903",
    "4611686018427387904",
    "-4611686018427387905",
    "9223372036854775807",
    "18446744073709551616",
    "2**64",
    "(1 << 62)",
    "1e308",
    "-0.0",
    "Float::NAN",
    "Float::INFINITY",
    "(2**100)",
    "0x7fffffffffffffff",
    "-2**63",
    "255",
    "256",
    "65536",
    "100000000",
];

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut s = rng.pick(seeds).clone();
    let n = 1 + rng.below(4);
    for _ in 0..n {
        mutate_once(rng, seeds, &mut s);
    }
    s.truncate(256 * 1024);
    s
}

fn mutate_once(rng: &mut Rng, seeds: &[Vec<u8>], s: &mut Vec<u8>) {
    let len = s.len();
    match rng.below(12) {
        // flip / replace a byte
        0 if len > 0 => {
            let i = rng.below(len);
            s[i] = if rng.below(2) == 0 {
                s[i] ^ (1 << rng.below(8))
            } else {
                rng.next() as u8
            };
        }
        // delete a byte range
        1 if len > 0 => {
            let i = rng.below(len);
            let j = (i + 1 + rng.below(16)).min(len);
            s.drain(i..j);
        }
        // insert a token
        2 | 3 => {
            let i = rng.below(len + 1);
            let t = rng.pick(TOKENS).as_bytes();
            s.splice(i..i, t.iter().copied());
        }
        // replace a number literal with an extreme one
        4 => {
            let digits: Vec<usize> = (0..len).filter(|&i| s[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let i = *rng.pick(&digits);
                let mut j = i;
                while j < len && s[j].is_ascii_digit() {
                    j += 1;
                }
                let mut k = i;
                while k > 0 && s[k - 1].is_ascii_digit() {
                    k -= 1;
                }
                let t = rng.pick(NUMBERS).as_bytes();
                s.splice(k..j, t.iter().copied());
            }
        }
        // splice lines from another seed
        5 | 6 => {
            let other = rng.pick(seeds);
            let ol: Vec<&[u8]> = other.split_inclusive(|&b| b == b'\n').collect();
            if !ol.is_empty() {
                let a = rng.below(ol.len());
                let b = (a + 1 + rng.below(8)).min(ol.len());
                let chunk: Vec<u8> = ol[a..b].concat();
                let at = line_start(s, rng);
                s.splice(at..at, chunk);
            }
        }
        // delete or duplicate a line range
        7 => {
            let lines: Vec<(usize, usize)> = line_spans(s);
            if !lines.is_empty() {
                let a = rng.below(lines.len());
                let b = (a + 1 + rng.below(4)).min(lines.len());
                let (st, en) = (lines[a].0, lines[b - 1].1);
                if rng.below(2) == 0 {
                    s.drain(st..en);
                } else {
                    let dup: Vec<u8> = s[st..en].to_vec();
                    s.splice(en..en, dup);
                }
            }
        }
        // wrap a line in deep nesting
        8 => {
            let lines = line_spans(s);
            if !lines.is_empty() {
                let (st, en) = *rng.pick(&lines);
                let depth = 1 + rng.below(2000);
                let (open, close): (&[u8], &[u8]) = match rng.below(4) {
                    0 => (b"(", b")"),
                    1 => (b"[", b"]"),
                    2 => (b"begin\n", b"\nend"),
                    _ => (b"1.then {\n", b"\n}"),
                };
                let body: Vec<u8> = s[st..en].to_vec();
                let body = body.strip_suffix(b"\n").unwrap_or(&body).to_vec();
                let mut w = open.repeat(depth);
                w.extend_from_slice(&body);
                w.extend_from_slice(&close.repeat(depth));
                w.push(b'\n');
                s.splice(st..en, w);
            }
        }
        // swap two bytes that are brackets or quotes
        9 => {
            let marks: Vec<usize> = (0..len)
                .filter(|&i| b"()[]{}|\"'`/".contains(&s[i]))
                .collect();
            if marks.len() >= 2 {
                let a = *rng.pick(&marks);
                let b = *rng.pick(&marks);
                s.swap(a, b);
            }
        }
        // truncate
        10 if len > 0 => {
            let i = rng.below(len);
            s.truncate(i);
        }
        // prepend a core redefinition
        _ => {
            let t = rng.pick(TOKENS).as_bytes().to_vec();
            let mut v = t;
            v.push(b'\n');
            s.splice(0..0, v);
        }
    }
}

fn line_spans(s: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut st = 0;
    for (i, &b) in s.iter().enumerate() {
        if b == b'\n' {
            out.push((st, i + 1));
            st = i + 1;
        }
    }
    if st < s.len() {
        out.push((st, s.len()));
    }
    out
}

fn line_start(s: &[u8], rng: &mut Rng) -> usize {
    let spans = line_spans(s);
    if spans.is_empty() {
        0
    } else {
        rng.pick(&spans).0
    }
}

fn fnv(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in b {
        h ^= x as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}
