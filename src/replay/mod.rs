//! `carmine replay FILE`: simulates every requested cache configuration
//! (global cache sizes × inline cache degrees × invalidation strategies)
//! in one pass over a dispatch trace (doc/trace-format.md), and reports
//! them: text (seed 000's table, the per-site polymorphism report),
//! `--json` (one object per configuration, `--stats=json`'s counter
//! names) or `--html=FILE` (a page with SVG charts).

pub mod html;
pub mod report;
pub mod sim;
pub mod trace_file;

use std::collections::HashMap;

use crate::dispatch::Strategy;
use sim::{Config, Sim};
use trace_file::{Event, Reader};

/// Seed 000's sizes: the hit-rate table for 2K..512K.
pub const DEFAULT_GMC_SIZES: [usize; 7] = [
    2 << 10,
    16 << 10,
    32 << 10,
    64 << 10,
    128 << 10,
    256 << 10,
    512 << 10,
];
pub const DEFAULT_IC: [usize; 5] = [1, 2, 4, 8, 0];

const USAGE: &str = "Usage: carmine replay FILE [options]
  --gmc-size=LIST        global cache sizes: 2K,16K,64K or a range 2K..512K
                         (powers of two); default 2K,16K,32K,64K,128K,256K,512K
  --ic=LIST              inline cache degrees: 1,2,4,8,off (default all five)
  --invalidation=LIST    global,hierarchical,method (default all three)
  --class-cache=on|off   per-class caches under the global cache (default:
                         as recorded)
  --sites=N              call sites in the polymorphism report (default 10)
  --json                 one JSON object per configuration
  --html=FILE            a self-contained page with SVG charts
";

/// What `carmine replay` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub file: String,
    pub gmc: Vec<usize>,
    pub ic: Vec<usize>,
    pub strategies: Vec<Strategy>,
    pub class_cache: Option<bool>,
    pub sites: usize,
    pub json: bool,
    pub html: Option<String>,
}

/// `2K`, `512K`, `1M`, `4096`.
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (num, mult) = match t.as_bytes().last() {
        Some(b'K' | b'k') => (&t[..t.len() - 1], 1 << 10),
        Some(b'M' | b'm') => (&t[..t.len() - 1], 1 << 20),
        _ => (t, 1),
    };
    let n: usize = num
        .parse()
        .map_err(|_| format!("invalid global cache size: {s}"))?;
    let n = n
        .checked_mul(mult)
        .filter(|&n| n <= 1 << 26)
        .ok_or_else(|| format!("global cache size too large: {s}"))?;
    if n != 0 && !n.is_power_of_two() {
        return Err(format!("global cache size not a power of two: {s}"));
    }
    Ok(n)
}

pub fn parse_sizes(s: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in s.split(',') {
        if let Some((a, b)) = part.split_once("..") {
            let (mut a, b) = (parse_size(a)?.max(1), parse_size(b)?);
            while a <= b {
                out.push(a);
                a *= 2;
            }
        } else {
            out.push(parse_size(part)?);
        }
    }
    out.dedup();
    if out.is_empty() {
        return Err("no global cache sizes".into());
    }
    Ok(out)
}

fn parse_ic(s: &str) -> Result<Vec<usize>, String> {
    s.split(',')
        .map(|p| match p.trim() {
            "off" | "0" => Ok(0),
            n => n
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= 64)
                .ok_or_else(|| format!("invalid inline cache degree: {p}")),
        })
        .collect()
}

fn parse_strategies(s: &str) -> Result<Vec<Strategy>, String> {
    s.split(',')
        .map(|p| {
            Strategy::parse(p.trim()).ok_or_else(|| {
                format!("invalid invalidation strategy: {p} (global, hierarchical or method)")
            })
        })
        .collect()
}

pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        file: String::new(),
        gmc: DEFAULT_GMC_SIZES.to_vec(),
        ic: DEFAULT_IC.to_vec(),
        strategies: vec![Strategy::Global, Strategy::Hierarchical, Strategy::Method],
        class_cache: None,
        sites: 10,
        json: false,
        html: None,
    };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        // `--opt=V` or `--opt V`.
        let (key, inline) = match a.split_once('=') {
            Some((k, v)) if k.starts_with("--") => (k, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || -> Result<String, String> {
            if let Some(v) = &inline {
                return Ok(v.clone());
            }
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| format!("{key} needs a value"))
        };
        match key {
            "--gmc-size" | "--gmc-sizes" => o.gmc = parse_sizes(&value()?)?,
            "--ic" => o.ic = parse_ic(&value()?)?,
            "--invalidation" => o.strategies = parse_strategies(&value()?)?,
            "--class-cache" => {
                o.class_cache = Some(match value()?.as_str() {
                    "on" | "1" => true,
                    "off" | "0" => false,
                    v => return Err(format!("invalid value for --class-cache: {v}")),
                })
            }
            "--sites" => {
                o.sites = value()?
                    .parse()
                    .map_err(|_| "invalid value for --sites".to_string())?
            }
            "--json" => o.json = true,
            "--html" => o.html = Some(value()?),
            "-h" | "--help" => return Err(String::new()),
            _ if a.starts_with('-') => return Err(format!("unknown option {a}")),
            _ if o.file.is_empty() => o.file = a.clone(),
            _ => return Err(format!("unexpected argument {a}")),
        }
        i += 1;
    }
    if o.file.is_empty() {
        return Err("no trace file given".into());
    }
    Ok(o)
}

/// What one call site saw (configuration-independent).
#[derive(Clone, Debug, Default)]
pub struct SiteSeen {
    pub calls: u64,
    /// Calls per receiver class id.
    pub classes: HashMap<u32, u64>,
}

/// The replay's outcome: every configuration's simulator and the trace's
/// tables.
pub struct Outcome {
    pub sims: Vec<Sim>,
    pub seen: Vec<SiteSeen>,
    pub sites: Vec<Option<trace_file::SiteInfo>>,
    pub syms: HashMap<u32, String>,
    pub classes: HashMap<u32, trace_file::ClassInfo>,
    pub producer: String,
    /// The configuration the trace was recorded under.
    pub recorded: (Strategy, usize, usize),
    pub events: u64,
}

/// Runs every configuration over the trace `data` in one pass.
pub fn replay(data: &[u8], o: &Options) -> Result<Outcome, String> {
    let mut r = Reader::new(data).map_err(|e| e.to_string())?;
    let class_cache = o.class_cache.unwrap_or(r.header.class_cache);
    let mut sims = Vec::new();
    for &strategy in &o.strategies {
        for &ic in &o.ic {
            for &gmc in &o.gmc {
                sims.push(Sim::new(Config {
                    strategy,
                    ic,
                    gmc,
                    class_cache,
                }));
            }
        }
    }
    let mut seen: Vec<SiteSeen> = Vec::new();
    let mut names: Vec<u32> = Vec::new();
    let mut events = 0u64;
    while let Some(e) = r.next_event().map_err(|e| e.to_string())? {
        events += 1;
        match e {
            Event::Call {
                site,
                class,
                refined,
            } => {
                let i = site as usize;
                if i >= names.len() {
                    names.resize(i + 1, 0);
                    seen.resize_with(i + 1, SiteSeen::default);
                }
                if names[i] == 0 {
                    names[i] = r
                        .sites
                        .get(i)
                        .and_then(|s| s.as_ref())
                        .map_or(0, |s| s.name);
                }
                let name = names[i];
                let s = &mut seen[i];
                s.calls += 1;
                *s.classes.entry(class).or_insert(0) += 1;
                for sim in sims.iter_mut() {
                    sim.call(site, class, name, refined);
                }
            }
            Event::Super {
                site,
                class,
                owner,
                name,
            } => {
                let i = site as usize;
                if i >= seen.len() {
                    names.resize(i + 1, 0);
                    seen.resize_with(i + 1, SiteSeen::default);
                }
                seen[i].calls += 1;
                *seen[i].classes.entry(class).or_insert(0) += 1;
                for sim in sims.iter_mut() {
                    sim.super_call(site, class, owner, name);
                }
            }
            Event::Lookup { class, name } => sims.iter_mut().for_each(|s| s.lookup(class, name)),
            Event::Method { name, .. } => sims
                .iter_mut()
                .for_each(|s| s.method_changed(name, &r.list)),
            Event::Ancestry { .. } => sims.iter_mut().for_each(|s| s.ancestry_changed(&r.list)),
            Event::ClassCreated { .. } => sims.iter_mut().for_each(Sim::class_created),
            Event::Const { .. } => sims.iter_mut().for_each(Sim::constant_changed),
            Event::Using { .. } => sims.iter_mut().for_each(Sim::using),
            Event::Freed => sims.iter_mut().for_each(|s| s.classes_freed(&r.list)),
            Event::Singleton { .. } | Event::ProgramStart => {}
            Event::Reset => {
                sims.iter_mut().for_each(Sim::reset);
                seen.iter_mut().for_each(|s| *s = SiteSeen::default());
            }
        }
    }
    let strategy = match r.header.strategy {
        0 => Strategy::Global,
        1 => Strategy::Hierarchical,
        _ => Strategy::Method,
    };
    Ok(Outcome {
        sims,
        seen,
        sites: std::mem::take(&mut r.sites),
        syms: std::mem::take(&mut r.syms),
        classes: std::mem::take(&mut r.classes),
        producer: r.header.producer.clone(),
        recorded: (strategy, r.header.ic as usize, r.header.gmc as usize),
        events,
    })
}

/// The `carmine replay` command; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    let o = match parse_args(args) {
        Ok(o) => o,
        Err(e) if e.is_empty() => {
            print!("{USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("carmine replay: {e}");
            eprint!("{USAGE}");
            return 1;
        }
    };
    let data = match std::fs::read(&o.file) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("carmine replay: {}: {e}", o.file);
            return 1;
        }
    };
    let out = match replay(&data, &o) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("carmine replay: {}: {e}", o.file);
            return 1;
        }
    };
    if let Some(path) = &o.html
        && let Err(e) = std::fs::write(path, html::page(&out, &o))
    {
        eprintln!("carmine replay: {path}: {e}");
        return 1;
    }
    let text = if o.json {
        report::json(&out)
    } else {
        report::text(&out, &o)
    };
    use std::io::Write;
    let _ = std::io::stdout().write_all(text.as_bytes());
    0
}
