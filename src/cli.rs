//! The command line: `ruby`-style options, dispatch options (flags and
//! environment variables), running the script, exit status and reports.

use std::io::Write;

use crate::bytecode::IseqKind;
use crate::class::cls;
use crate::dispatch::{Config, Strategy, gmc};
use crate::interp::Vm;
use crate::interp::error::AtExit;
use crate::object::Unwind;
use crate::value::{Value, symbol};

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub fn description() -> String {
    format!("carmine {VERSION} (ruby 3.1 compatible) [x86_64-linux]")
}

#[derive(Default)]
struct Args {
    e: Vec<Vec<u8>>,
    includes: Vec<String>,
    requires: Vec<String>,
    script: Option<String>,
    argv: Vec<String>,
    check: bool,
    dump_insns: bool,
    version: bool,
    print_version: bool,
    warnings: u8,
    stats: Option<String>,
    trace_inval: Option<String>,
    trace_evict: Option<String>,
    trace_frames: Option<String>,
    include_startup: bool,
    /// `--record-dispatch=FILE`.
    record: Option<String>,
    gmc: Option<String>,
    class_cache: Option<String>,
    ic: Option<String>,
    inval: Option<String>,
    max_insns: Option<u64>,
    /// `--jit` or any `--jit-*` option.
    jit: Option<crate::jit::Options>,
    gc_verify: bool,
    /// -s, -x, -n, -p, -i[ext]
    switches: bool,
    skip_to_shebang: bool,
    loop_n: bool,
    loop_p: bool,
    inplace: Option<String>,
    switch_vars: Vec<String>,
    /// `--disable-gems` and the like: rubygems is never booted.
    disable_gems: bool,
}

const HELP: &str = "Usage: carmine [switches] [--] [programfile] [arguments]
  -e 'command'    one line of script. Several -e's allowed
  -Idirectory     add directory to $LOAD_PATH
  -rlibrary       require the library before executing your script
  -c              check syntax only
  -v              print the version number, then turn on verbose mode
  -w              turn warnings on
  -W[level=2]     set warning level; 0=silence, 1=medium, 2=verbose
  --version       print the version number, then exit
  --dump=insns    print the instruction sequences, then exit
  -h              show this message
Dispatch:
  --gmc-size=N|auto           global method cache entries (power of two, 0 disables;
                              auto: starts at 2048 and grows with the working set)
  --class-cache=on|off        per-class method caches under the global cache
  --ic=N                      receiver classes per inline cache (0 disables)
  --invalidation=STRATEGY     global | hierarchical | method
  --stats[=json]              print the dispatch report at exit
  --trace-invalidations[=FILE] one line and a short backtrace per invalidation,
                              a summary by application frame at exit
  --trace-frames=N            backtrace frames per invalidation (default 3)
  --trace-evictions[=FILE]    one line per inline-cache eviction
  --record-dispatch=FILE      write a dispatch trace (`carmine replay FILE`)
  --include-startup           reports cover start-up and <internal:*> code too
  --max-instructions=N        stop after N backward branches/calls (untrusted code)
JIT (any --jit-* option turns it on):
  --jit                       compile hot methods to machine code with the C compiler
  --jit-wait                  wait for each compilation (no background compiling)
  --jit-verbose=N             print JIT messages at level N (1: each compilation)
  --jit-min-calls=N           calls before a method is compiled (default 10000)
  --jit-max-cache=N           methods compiled at most (default 100)
  --jit-save-temps            keep the generated C and shared objects
  --jit-warnings              print JIT warnings (compile failures)
  --jit-debug                 print the generated C (keeps the files)
  --jit-cache[=DIR]           keep compiled code in DIR for later runs (default
                              $XDG_CACHE_HOME/carmine/jit or ~/.cache/carmine/jit)
";

/// `argv` as text (lossy); `raw`: the same arguments' bytes, which `-e`
/// code keeps (its magic comment may name another encoding).
fn parse(argv: &[String], raw: &[Vec<u8>]) -> Result<Args, String> {
    let mut a = Args {
        warnings: 1,
        ..Default::default()
    };
    let mut i = 0;
    while i < argv.len() {
        let s = &argv[i];
        if a.script.is_some() || (!a.e.is_empty() && !s.starts_with('-')) {
            if a.switches && a.script.is_some() && a.argv.is_empty() && s.starts_with('-') {
                // -s: `-name[=value]` before the program's arguments
                if s == "--" {
                    a.switches = false;
                } else {
                    a.switch_vars.push(s[1..].to_string());
                }
                i += 1;
                continue;
            }
            a.argv.push(s.clone());
            i += 1;
            continue;
        }
        let val = |i: &mut usize, s: &str, pre: &str| -> Result<String, String> {
            if s.len() > pre.len() {
                Ok(s[pre.len()..].to_string())
            } else {
                *i += 1;
                argv.get(*i)
                    .cloned()
                    .ok_or_else(|| format!("no argument for {pre}"))
            }
        };
        let val_raw = |i: &mut usize, pre: &str| -> Result<Vec<u8>, String> {
            let r = &raw[*i];
            if r.len() > pre.len() {
                Ok(r[pre.len()..].to_vec())
            } else {
                *i += 1;
                raw.get(*i)
                    .cloned()
                    .ok_or_else(|| format!("no argument for {pre}"))
            }
        };
        match s.as_str() {
            "--" => {
                i += 1;
                if a.e.is_empty() && a.script.is_none() && i < argv.len() {
                    a.script = Some(argv[i].clone());
                    i += 1;
                }
                a.argv.extend(argv[i..].iter().cloned());
                break;
            }
            "-h" | "--help" => return Err("help".into()),
            "-c" => a.check = true,
            "-s" => a.switches = true,
            "-x" => a.skip_to_shebang = true,
            "-n" => a.loop_n = true,
            "-p" => a.loop_p = true,
            "-pe" | "-ne" => {
                if s == "-pe" {
                    a.loop_p = true
                } else {
                    a.loop_n = true
                }
                a.e.push(val_raw(&mut i, s)?);
            }
            _ if s.starts_with("-i") => a.inplace = Some(s[2..].to_string()),
            "-v" => {
                a.print_version = true;
                a.warnings = 2;
            }
            "--version" => a.version = true,
            "-w" => a.warnings = 2,
            "--dump=insns" => a.dump_insns = true,
            "--stats" => a.stats = Some("text".into()),
            "--gc-verify" => a.gc_verify = true,
            "--trace-invalidations" => a.trace_inval = Some("-".into()),
            "--trace-evictions" => a.trace_evict = Some("-".into()),
            "--include-startup" => a.include_startup = true,
            _ if s.starts_with("-e") => a.e.push(val_raw(&mut i, "-e")?),
            _ if s.starts_with("-I") => a.includes.push(val(&mut i, s, "-I")?),
            _ if s.starts_with("-r") => a.requires.push(val(&mut i, s, "-r")?),
            _ if s.starts_with("-W") => a.warnings = s[2..].parse().unwrap_or(2),
            _ if s.starts_with("--stats=") => a.stats = Some(s[8..].to_string()),
            _ if s.starts_with("--record-dispatch=") => a.record = Some(s[18..].to_string()),
            _ if s.starts_with("--gmc-size=") => a.gmc = Some(s[11..].to_string()),
            _ if s.starts_with("--ic=") => a.ic = Some(s[5..].to_string()),
            _ if s.starts_with("--class-cache=") => a.class_cache = Some(s[14..].to_string()),
            _ if s.starts_with("--invalidation=") => a.inval = Some(s[15..].to_string()),
            _ if s.starts_with("--trace-invalidations=") => {
                a.trace_inval = Some(s[22..].to_string())
            }
            _ if s.starts_with("--trace-evictions=") => a.trace_evict = Some(s[18..].to_string()),
            _ if s.starts_with("--trace-frames=") => a.trace_frames = Some(s[15..].to_string()),
            _ if s.starts_with("--max-instructions=") => {
                a.max_insns =
                    Some(s[19..].parse().map_err(|_| {
                        format!("invalid value for --max-instructions: {}", &s[19..])
                    })?)
            }
            _ if s.starts_with("--jit") => jit_option(a.jit.get_or_insert_default(), s)?,
            _ if s.starts_with("--disable") || s.starts_with("--enable") => {
                // `--disable-gems`, `--disable=gems,did_you_mean`, `--disable-all`.
                let on = s.starts_with("--enable");
                let list = s
                    .trim_start_matches("--disable")
                    .trim_start_matches("--enable");
                let list = list.trim_start_matches(['-', '=']);
                if list.split(',').any(|f| f == "gems" || f == "all") {
                    a.disable_gems = !on;
                }
            }
            _ if s.starts_with('-') && s.len() > 1 => {
                return Err(format!("invalid option {s}  (-h will show valid options)"));
            }
            _ => {
                if a.e.is_empty() {
                    a.script = Some(s.clone());
                } else {
                    a.argv.push(s.clone());
                }
            }
        }
        i += 1;
    }
    Ok(a)
}

/// One `--jit*` option into `o`.
fn jit_option(o: &mut crate::jit::Options, s: &str) -> Result<(), String> {
    let num = |v: &str| {
        v.parse::<u64>().map_err(|_| {
            format!(
                "invalid value for {}: {v}",
                s.split('=').next().unwrap_or(s)
            )
        })
    };
    match s.split_once('=') {
        None => match s {
            "--jit" => {}
            "--jit-wait" => o.wait = true,
            "--jit-save-temps" => o.save_temps = true,
            "--jit-warnings" => o.warnings = true,
            "--jit-debug" => o.debug = true,
            "--jit-verbose" => o.verbose = 1,
            "--jit-cache" => o.cache = Some(crate::jit::CacheDir::Default),
            _ => return Err(format!("invalid option {s}  (-h will show valid options)")),
        },
        Some(("--jit-verbose", v)) => o.verbose = num(v)?.min(u32::MAX as u64) as u32,
        Some(("--jit-min-calls", v)) => o.min_calls = num(v)?.max(1),
        Some(("--jit-max-cache", v)) => o.max_cache = num(v)?.min(1 << 20) as usize,
        Some(("--jit-debug", _)) => o.debug = true,
        Some(("--jit-cache", "")) => return Err("--jit-cache= needs a directory".into()),
        Some(("--jit-cache", v)) => o.cache = Some(crate::jit::CacheDir::At(v.into())),
        _ => return Err(format!("invalid option {s}  (-h will show valid options)")),
    }
    Ok(())
}

fn writer(spec: &str) -> Option<Box<dyn Write>> {
    if spec == "-" {
        return Some(Box::new(std::io::stderr()));
    }
    match std::fs::File::create(spec) {
        Ok(f) => Some(Box::new(std::io::BufWriter::new(f))),
        Err(e) => {
            eprintln!("carmine: cannot open {spec}: {e}");
            None
        }
    }
}

/// The configuration a `--record-dispatch` trace was recorded under.
fn record_header(c: &Config) -> crate::dispatch::record::Header {
    crate::dispatch::record::Header {
        strategy: crate::dispatch::record::strategy_code(c.strategy),
        ic: c.ic_size as u64,
        gmc: if c.gmc_auto {
            u64::MAX
        } else {
            c.gmc_size as u64
        },
        class_cache: c.class_cache,
        producer: description(),
    }
}

fn config(a: &Args) -> Result<Config, String> {
    let mut c = Config::default();
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let gmc_spec = a
        .gmc
        .clone()
        .or_else(|| env("CARMINE_GLOBAL_METHOD_CACHE_SIZE"))
        .or_else(|| env("RUBY_GLOBAL_METHOD_CACHE_SIZE"));
    if let Some(s) = gmc_spec {
        let (n, warn) = gmc::parse_size(&s);
        if let Some(w) = warn {
            eprintln!("{w}");
        }
        match n {
            gmc::Sizing::Fixed(n) => c.gmc_size = n,
            gmc::Sizing::Auto => {
                c.gmc_auto = true;
                c.gmc_size = gmc::DEFAULT_SIZE;
            }
        }
    }
    if let Some(s) = a.class_cache.clone().or_else(|| env("CARMINE_CLASS_CACHE")) {
        c.class_cache = match s.as_str() {
            "on" | "1" => true,
            "off" | "0" => false,
            _ => return Err(format!("invalid value for --class-cache: {s} (on or off)")),
        };
    }
    if let Some(s) = a.ic.clone().or_else(|| env("CARMINE_INLINE_CACHE")) {
        c.ic_size = s
            .parse()
            .map_err(|_| format!("invalid value for --ic: {s}"))?;
    }
    if let Some(s) = a.inval.clone().or_else(|| env("CARMINE_INVALIDATION")) {
        c.strategy = Strategy::parse(&s).ok_or_else(|| {
            format!("invalid value for --invalidation: {s} (global, hierarchical or method)")
        })?;
    }
    c.trace_invalidations = a.trace_inval.as_deref().and_then(writer);
    c.trace_evictions = a.trace_evict.as_deref().and_then(writer);
    if let Some(s) = a
        .trace_frames
        .clone()
        .or_else(|| env("CARMINE_TRACE_FRAMES"))
    {
        c.trace_frames = s
            .parse()
            .map_err(|_| format!("invalid value for --trace-frames: {s}"))?;
    }
    c.include_startup =
        a.include_startup || env("CARMINE_INCLUDE_STARTUP").is_some_and(|v| v != "0");
    Ok(c)
}

/// `DATA`: when the main script has an `__END__` line, the script opened
/// at the line after it.
fn define_data(vm: &mut Vm, src: &[u8], file: &str) -> crate::interp::VResult {
    if file == "-e" || file == "-" || !src.windows(7).any(|w| w == b"__END__") {
        return Ok(Value::NIL);
    }
    let Some(start) = ruby_prism::parse(src)
        .data_loc()
        .map(|l| l.start() as usize)
    else {
        return Ok(Value::NIL);
    };
    let mut pos = start + "__END__".len();
    if src.get(pos) == Some(&b'\r') && src.get(pos + 1) == Some(&b'\n') {
        pos += 2;
    } else if src.get(pos) == Some(&b'\n') {
        pos += 1;
    }
    let consts = &vm.classes.get(cls::OBJECT).consts;
    let Some(&file_class) = consts.get(&crate::intern!("File")) else {
        return Ok(Value::NIL);
    };
    let path = vm.str_new(file);
    let f = vm.funcall(file_class, crate::intern!("open"), &[path], None)?;
    let roots = vm.roots_len();
    vm.push_root(f);
    let r = vm.funcall(f, crate::intern!("seek"), &[Value::int(pos as i64)], None);
    vm.truncate_roots(roots);
    r?;
    vm.classes.set_const(cls::OBJECT, crate::intern!("DATA"), f);
    Ok(Value::NIL)
}

/// `$LOAD_PATH.resolve_feature_path(feature)`: what `require` would load,
/// `[:rb, path]` or `[:so, path]` (carmine's replacement of a C
/// extension answers the path CRuby's `.so` has), nil when nothing.
fn resolve_feature_path(vm: &mut Vm, feature: Value) -> crate::interp::VResult {
    use crate::interp::features::Found;
    let name = crate::builtins::path_arg(vm, feature)?;
    let dir = |vm: &Vm, last: bool| {
        let d = if last {
            vm.stdlib_dirs.last()
        } else {
            vm.stdlib_dirs.iter().rev().nth(1)
        };
        d.cloned().unwrap_or_default()
    };
    let (kind, path) = match vm.find_feature(&name, None) {
        None => return Ok(Value::NIL),
        Some(Found::File(p)) => ("rb", p),
        Some(Found::Embedded(n, _)) => ("rb", format!("{}/{n}.rb", dir(vm, false))),
        Some(Found::Ext(e)) => ("so", format!("{}/{}.so", dir(vm, true), e.name)),
    };
    let items = vec![vm.sym(kind), vm.str_new(&path)];
    Ok(vm.ary_new(items))
}

/// Entry point; returns the process exit status.
pub fn main() -> i32 {
    use std::os::unix::ffi::OsStringExt;
    let argv: Vec<Vec<u8>> = std::env::args_os().skip(1).map(|a| a.into_vec()).collect();
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        let _ = std::io::stdout().flush();
        eprintln!("[BUG] carmine {VERSION}: {msg}");
    }));
    let child = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let status = std::panic::catch_unwind(move || run(argv)).unwrap_or(70);
            if crate::sys::forked_child() {
                // A forked child has no main thread waiting to exit with
                // its status: this thread ends the process.
                std::process::exit(status);
            }
            status
        });
    match child {
        Ok(h) => h.join().unwrap_or(70),
        Err(e) => {
            eprintln!("carmine: cannot start: {e}");
            1
        }
    }
}

fn run(raw: Vec<Vec<u8>>) -> i32 {
    let argv: Vec<String> = raw
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    if argv.first().is_some_and(|a| a == "replay") {
        return crate::replay::main(&argv[1..]);
    }
    let mut a = match parse(&argv, &raw) {
        Ok(a) => a,
        Err(e) if e == "help" => {
            print!("{HELP}");
            return 0;
        }
        Err(e) => {
            eprintln!("carmine: {e}");
            return 1;
        }
    };
    if a.version || a.print_version {
        println!("{}", description());
        if a.version || (a.e.is_empty() && a.script.is_none()) {
            return 0;
        }
    }
    let cfg = match config(&a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("carmine: {e}");
            return 1;
        }
    };
    let stats = a.stats.clone().or_else(|| {
        std::env::var("CARMINE_STATS")
            .ok()
            .filter(|s| !s.is_empty() && s != "0")
    });
    let mut cfg = cfg;
    cfg.record = match &a.record {
        Some(path) => match crate::dispatch::record::Recorder::create(path, &record_header(&cfg)) {
            Ok(r) => Some(Box::new(r)),
            Err(e) => {
                eprintln!("carmine: --record-dispatch={path}: {e}");
                return 1;
            }
        },
        None => None,
    };
    let mut vm = Vm::new(cfg);
    vm.options.warnings = a.warnings;
    vm.options.max_instructions = a.max_insns;
    // Ctrl-C sets the flag; the next safepoint (or an interruptible wait
    // such as `sleep`) raises Interrupt, as CRuby.
    // (Its own flag first: a safepoint that sees `pending` finds it set.)
    let sigint = signal_hook::consts::SIGINT;
    let _ = signal_hook::flag::register(sigint, vm.interrupts.sigint.clone());
    let _ = signal_hook::flag::register(sigint, vm.interrupts.pending.clone());
    vm.options.gc_verify =
        a.gc_verify || std::env::var("CARMINE_GC_VERIFY").is_ok_and(|v| v == "1");
    vm.options.debug_counters = std::env::var("CARMINE_DEBUG_COUNTER").is_ok_and(|v| v == "1");
    vm.dispatch.sources.record |= stats.is_some();
    let probe = 0u8;
    vm.stack_limit_addr = (&probe as *const u8 as usize).saturating_sub((1 << 30) - (64 << 20));
    crate::interp::features::start_dir();
    // -I directories (absolute, as CRuby), RUBYLIB, the installed stdlib.
    vm.load_path = a
        .includes
        .iter()
        .map(|d| crate::interp::features::expand_dir(d))
        .collect();
    vm.load_path.extend(crate::interp::features::rubylib_dirs());
    vm.stdlib_dirs = crate::interp::features::stdlib_dirs();
    vm.load_path.extend(vm.stdlib_dirs.iter().cloned());
    if let Some(o) = a.jit.clone() {
        vm.jit = Some(Box::new(crate::jit::Jit::new(o)));
    }
    let (src, file) = if !a.e.is_empty() {
        (a.e.join(&b'\n'), "-e".to_string())
    } else if let Some(s) = &a.script {
        match std::fs::read(s) {
            Ok(b) => (b, s.clone()),
            Err(_) => {
                eprintln!("carmine: No such file or directory -- {s} (LoadError)");
                return 1;
            }
        }
    } else {
        let mut b = Vec::new();
        let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut b);
        (b, "-".to_string())
    };
    shebang_switches(&mut a, &src);
    setup_globals(&mut vm, &a);
    vm.load_prelude();
    // Part of start-up: the `gem` stub's definition is not the program's.
    vm.dispatch.startup = true;
    vm.rubygems_setup(!a.disable_gems);
    vm.dispatch.program_started();
    let src = wrap_switches(&a, src);
    vm.script_name = file.clone();
    if a.check {
        let r = ruby_prism::parse(&src);
        let errs: Vec<String> = r
            .errors()
            .map(|e| format!("{file}: {}", String::from_utf8_lossy(e.message())))
            .collect();
        if errs.is_empty() {
            println!("Syntax OK");
            return 0;
        }
        for e in errs {
            eprintln!("{e}");
        }
        return 1;
    }
    if a.dump_insns {
        return match vm.compile(&src, &file, IseqKind::Top) {
            Ok(id) => {
                print!("{}", crate::bytecode::disasm::dump_all(&vm, id));
                0
            }
            Err(e) => finish(&mut vm, Err(e), &stats),
        };
    }
    let mut result = define_data(&mut vm, &src, &file);
    for r in a.requires.iter().take_while(|_| result.is_ok()) {
        if let Err(e) = vm.require(r, None) {
            result = Err(e);
            break;
        }
    }
    if result.is_ok() {
        result = vm.eval_file(&src, &file, IseqKind::Top);
    }
    finish(&mut vm, result, &stats)
}

fn setup_globals(vm: &mut Vm, a: &Args) {
    let consts: [(&str, String); 8] = [
        ("RUBY_VERSION", "3.1.2".into()),
        ("RUBY_REVISION", "4491bb740a".into()),
        ("RUBY_ENGINE", "carmine".into()),
        ("RUBY_PLATFORM", "x86_64-linux".into()),
        ("RUBY_RELEASE_DATE", "2022-04-12".into()),
        ("RUBY_ENGINE_VERSION", VERSION.into()),
        ("RUBY_DESCRIPTION", description()),
        ("RUBY_COPYRIGHT", "carmine - a Ruby VM".into()),
    ];
    for (k, v) in consts {
        let s = vm.str_new(&v);
        crate::gc::obj(s).freeze();
        vm.classes.set_const(cls::OBJECT, symbol::intern(k), s);
    }
    vm.classes.set_const(
        cls::OBJECT,
        crate::intern!("RUBY_PATCHLEVEL"),
        Value::int(20),
    );
    let args: Vec<Value> = a.argv.iter().map(|s| vm.str_new(s)).collect();
    let argv = vm.ary_new(args);
    vm.classes
        .set_const(cls::OBJECT, crate::intern!("ARGV"), argv);
    vm.globals.insert(crate::intern!("$*"), argv);
    let dirs = vm.load_path.clone();
    let lp: Vec<Value> = dirs.iter().map(|s| vm.str_new(s)).collect();
    let lp = vm.ary_new(lp);
    vm.globals.insert(crate::intern!("$LOAD_PATH"), lp);
    let lp_class = vm.singleton_class(lp);
    vm.def_builtin(lp_class, "resolve_feature_path", 1, |vm, _, a, _| {
        resolve_feature_path(vm, a[0])
    });
    let lf: Vec<Value> = crate::interp::features::PRELOADED
        .iter()
        .map(|s| vm.str_new(s))
        .collect();
    let lf = vm.ary_new(lf);
    vm.globals.insert(crate::intern!("$LOADED_FEATURES"), lf);
    vm.globals.insert(crate::intern!("$DEBUG"), Value::FALSE);
    vm.globals.insert(crate::intern!("$-p"), Value::FALSE);
    vm.globals.insert(crate::intern!("$-l"), Value::FALSE);
    vm.globals.insert(crate::intern!("$-a"), Value::FALSE);
    // CRuby's other names for the same variables.
    for (alias, name) in [
        ("$:", "$LOAD_PATH"),
        ("$-I", "$LOAD_PATH"),
        ("$\"", "$LOADED_FEATURES"),
        ("$>", "$stdout"),
        ("$-w", "$VERBOSE"),
        ("$-v", "$VERBOSE"),
        ("$-d", "$DEBUG"),
        ("$-0", "$/"),
        ("$-F", "$;"),
    ] {
        vm.global_aliases
            .insert(symbol::intern(alias), symbol::intern(name));
    }
    let verbose = match a.warnings {
        0 => Value::NIL,
        1 => Value::FALSE,
        _ => Value::TRUE,
    };
    vm.globals.insert(crate::intern!("$VERBOSE"), verbose);
    let comma = vm.str_new(",");
    let _ = comma;
}

/// Runs at_exit handlers, reports an uncaught exception, prints stats;
/// returns the exit status.
fn finish(vm: &mut Vm, result: Result<Value, Unwind>, stats: &Option<String>) -> i32 {
    let status = vm.exit_status_of(&result);
    if matches!(result, Err(Unwind::Exit(_))) {
        // `exit!`: files' buffers are lost, as CRuby's.
        crate::builtins::filebuf::abandon();
        vm.flush();
        return status;
    }
    let mut pending = result.err();
    // The handlers see the main program's exception in `$!` (so it is the
    // cause of what they raise).
    let errinfo = match &pending {
        Some(Unwind::Raise(e)) => *e,
        _ => Value::NIL,
    };
    // Rooted until the end: the handlers and the report allocate.
    vm.temp_roots.push(errinfo);
    vm.frames.clear();
    // An Interrupt or SignalException ends the process by its signal.
    let signal = match &pending {
        Some(Unwind::Raise(e)) if vm.exception_is(*e, vm.e.signal_exception) => {
            let signo = vm.funcall(*e, crate::intern!("signo"), &[], None);
            let signo = signo.ok().and_then(|v| v.as_fixnum());
            Some(signo.unwrap_or(signal_hook::consts::SIGINT as i64) as i32)
        }
        _ => None,
    };
    let mut status = match vm.run_at_exit(status, errinfo) {
        AtExit::ExitNow(c) => {
            crate::builtins::filebuf::abandon();
            vm.flush();
            return c;
        }
        AtExit::Done { status, stray } => {
            if pending.is_none() {
                pending = stray;
            }
            status
        }
    };
    match &pending {
        // A signal's SignalException ends the process without a report
        // (below); Interrupt's is reported.
        Some(Unwind::Raise(e))
            if !vm.exception_is(*e, vm.e.system_exit)
                && (!vm.exception_is(*e, vm.e.signal_exception)
                    || vm.exception_is(*e, vm.e.interrupt)) =>
        {
            // Before stdout's final flush, as CRuby.
            vm.report_exception(*e);
        }
        Some(Unwind::Throw { tag, .. }) => {
            let t = vm.inspect(*tag).unwrap_or_default();
            vm.write_err(
                format!(
                    "{}: uncaught throw {t} (UncaughtThrowError)\n",
                    vm.script_name
                )
                .as_bytes(),
            );
        }
        Some(Unwind::Break { .. }) => {
            vm.write_err(
                format!(
                    "{}: break from proc-closure (LocalJumpError)\n",
                    vm.script_name
                )
                .as_bytes(),
            );
        }
        _ => {}
    }
    // As ruby_cleanup: the finalizers after the error report.
    crate::builtins::objectspace::run_finalizers(vm);
    crate::builtins::filebuf::flush_all(vm);
    vm.flush();
    if let Some(signo) = signal {
        // As CRuby's ruby_default_signal (the shell sees 128 + the
        // signal: 130 for Ctrl-C).
        let _ = std::io::stderr().flush();
        let _ = signal_hook::low_level::emulate_default_handler(signo);
        status = 128 + signo;
    }
    if let Some(kind) = stats {
        let sources = vm.dispatch.sources.sorted();
        // With the JIT on, its counts too (`jit_*`).
        let jit: Vec<(&str, u64)> = vm.jit.as_deref().map_or(Vec::new(), |j| {
            let c = j.counts;
            vec![
                ("jit_compiled", c.compiled),
                ("jit_failed", c.failed),
                ("jit_skipped", c.skipped),
                ("jit_entries", c.entries),
                ("jit_cancels", c.cancels),
                ("jit_cache_hits", c.cache_hits),
            ]
        });
        let report = if kind == "json" {
            format!("{}\n", vm.dispatch.report_json(&vm.classes, &sources, &jit))
        } else {
            vm.dispatch.report_text(&vm.classes, &sources, &jit)
        };
        let _ = std::io::stderr().write_all(report.as_bytes());
    }
    if vm.options.debug_counters {
        let _ = std::io::stderr().write_all(vm.dispatch.debug_counters().as_bytes());
    }
    vm.dispatch.finish_traces();
    status
}

/// Switches on the script's `#!...ruby` line (the first line, or the
/// one -x stops at): `-s` takes the leading `-name[=value]` arguments.
fn shebang_switches(a: &mut Args, src: &[u8]) {
    if !a.e.is_empty() {
        return;
    }
    let text = String::from_utf8_lossy(&src[..src.len().min(4096)]);
    let line = if a.skip_to_shebang {
        text.lines()
            .find(|l| l.starts_with("#!") && l.contains("ruby"))
    } else {
        text.lines()
            .next()
            .filter(|l| l.starts_with("#!") && l.contains("ruby"))
    };
    let Some(line) = line else { return };
    let Some((_, flags)) = line.split_once("ruby") else {
        return;
    };
    if flags.split_whitespace().any(|f| f == "-s") && !a.switches {
        a.switches = true;
        let n = a.argv.iter().take_while(|x| x.starts_with('-')).count();
        let taken: Vec<String> = a.argv.drain(..n).collect();
        for t in taken {
            if t == "--" {
                break;
            }
            a.switch_vars.push(t[1..].to_string());
        }
    }
}

/// Applies -x (skip to the `#!...ruby` line), -s (set `$name` from
/// `-name[=value]` arguments) and -n/-p/-i (loop over input lines) by
/// rewriting the program's source, keeping its line numbers.
fn wrap_switches(a: &Args, src: Vec<u8>) -> Vec<u8> {
    let mut src = src;
    if a.skip_to_shebang {
        let text = String::from_utf8_lossy(&src).into_owned();
        let mut out = String::new();
        let mut found = false;
        for line in text.split_inclusive('\n') {
            if found {
                out.push_str(line);
            } else if line.starts_with("#!") && line.contains("ruby") {
                found = true;
                out.push('\n');
            } else {
                out.push('\n');
            }
        }
        src = out.into_bytes();
    }
    let mut pre = String::new();
    for v in &a.switch_vars {
        let (name, val) = match v.split_once('=') {
            Some((n, x)) => (n.replace('-', "_"), format!("{x:?}")),
            None => (v.replace('-', "_"), "true".to_string()),
        };
        if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty() {
            pre.push_str(&format!("${name} = {val}; "));
        }
    }
    if a.loop_n || a.loop_p {
        let print = if a.loop_p { "print $_; " } else { "" };
        let (head, tail) = match &a.inplace {
            Some(ext) => (
                format!(
                    "ARGV.dup.each {{ |__carmine_f| __carmine_in = File.read(__carmine_f); \
                     File.write(__carmine_f + {ext:?}, __carmine_in) unless {ext:?}.empty?; \
                     $stdout = File.open(__carmine_f, 'w'); __carmine_in.each_line {{ |__carmine_l| $_ = __carmine_l; "
                ),
                format!("\n; {print}}}; $stdout.close; $stdout = STDOUT }}\n"),
            ),
            None => (
                "$stdin.each_line { |__carmine_l| $_ = __carmine_l; ".to_string(),
                format!("\n; {print}}}\n"),
            ),
        };
        pre.push_str(&head);
        let mut out = pre.into_bytes();
        out.extend_from_slice(&src);
        out.extend_from_slice(tail.as_bytes());
        return out;
    }
    if pre.is_empty() {
        return src;
    }
    let mut out = pre.into_bytes();
    out.extend_from_slice(&src);
    out
}
