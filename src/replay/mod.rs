//! `carmine replay FILE`: simulates every requested cache configuration
//! (global cache sizes × inline cache degrees × invalidation strategies)
//! in one pass over a dispatch trace (doc/trace-format.md), and reports
//! them: text (seed 000's table, the per-site polymorphism report),
//! `--json` (one object per configuration, `--stats=json`'s counter
//! names) or `--html=FILE` (a page with SVG charts).
//!
//! The trace is decoded once, a chunk at a time (decode.rs); each
//! strategy's configurations step through every chunk together (sim.rs:
//! shared serials, inline caches per degree, global caches only on their
//! degree's misses, sizes sharing a simulator while they cannot differ),
//! a thread per strategy when there are cores (`--jobs`).

pub mod class_cache;
pub mod decode;
pub mod gmc;
pub mod html;
pub mod report;
pub mod sim;
pub mod trace_file;
pub mod validity;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc;

use crate::dispatch::Strategy;
pub use decode::SiteSeen;
use decode::{Chunk, Decoder};
use sim::{Group, Run};
use trace_file::Reader;

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
  --jobs=N               threads simulating (default: one per strategy on a
                         multi-core machine; 1: none)
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
    /// Simulating threads; None: one per strategy when there are cores.
    pub jobs: Option<usize>,
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
        jobs: None,
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
            "--jobs" => {
                o.jobs = Some(
                    value()?
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| "invalid value for --jobs".to_string())?,
                )
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

/// The replay's outcome: every configuration's counters and the
/// trace's tables.
pub struct Outcome {
    /// By strategy, inline cache degree, size, in the order asked.
    pub sims: Vec<Run>,
    pub seen: Vec<SiteSeen>,
    pub sites: Vec<Option<trace_file::SiteInfo>>,
    pub syms: HashMap<u32, String>,
    pub classes: HashMap<u32, trace_file::ClassInfo>,
    pub producer: String,
    /// The configuration the trace was recorded under.
    pub recorded: (Strategy, usize, usize),
    pub events: u64,
}

/// Events decoded at a time.
const CHUNK: usize = 1 << 16;

/// Runs every configuration over the trace `data` in one pass: the
/// trace decoded once, chunk by chunk, and each strategy's group of
/// configurations stepping through every chunk (on its own thread when
/// `jobs` allows).
pub fn replay(data: &[u8], o: &Options) -> Result<Outcome, String> {
    if data.len() as u64 >= 1 << gmc::SERIAL_BITS {
        return Err("trace too large (1 TB or more)".into());
    }
    let r = Reader::new(data).map_err(|e| e.to_string())?;
    let class_cache = o.class_cache.unwrap_or(r.header.class_cache);
    let mut groups: Vec<Group> = o
        .strategies
        .iter()
        .map(|&s| Group::new(s, &o.ic, &o.gmc, class_cache))
        .collect();
    let jobs = o.jobs.unwrap_or_else(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        if cores > 1 { groups.len() } else { 1 }
    });
    let mut dec = Decoder::new(r);
    if jobs <= 1 || groups.len() <= 1 {
        while let Some(chunk) = dec.next_chunk(CHUNK).map_err(|e| e.to_string())? {
            groups.iter_mut().for_each(|g| g.run(&chunk));
        }
    } else {
        groups = run_threaded(&mut dec, groups, jobs)?;
    }
    let strategy = match dec.reader.header.strategy {
        0 => Strategy::Global,
        1 => Strategy::Hierarchical,
        _ => Strategy::Method,
    };
    let r = &mut dec.reader;
    Ok(Outcome {
        sims: groups.into_iter().flat_map(Group::finish).collect(),
        seen: std::mem::take(&mut dec.seen),
        sites: std::mem::take(&mut r.sites),
        syms: std::mem::take(&mut r.syms),
        classes: std::mem::take(&mut r.classes),
        producer: r.header.producer.clone(),
        recorded: (strategy, r.header.ic as usize, r.header.gmc as usize),
        events: dec.events,
    })
}

/// The groups dealt out to `jobs` threads, each stepping its groups
/// through every chunk the decoder (this thread) sends; the groups come
/// back in their order.
fn run_threaded(dec: &mut Decoder, groups: Vec<Group>, jobs: usize) -> Result<Vec<Group>, String> {
    let n = groups.len();
    let mut buckets: Vec<Vec<(usize, Group)>> = (0..jobs.min(n)).map(|_| Vec::new()).collect();
    let k = buckets.len();
    for (i, g) in groups.into_iter().enumerate() {
        buckets[i % k].push((i, g));
    }
    std::thread::scope(|s| {
        let mut senders = Vec::new();
        let mut workers = Vec::new();
        for mut bucket in buckets {
            let (tx, rx) = mpsc::sync_channel::<Arc<Chunk>>(2);
            senders.push(tx);
            workers.push(s.spawn(move || {
                for chunk in rx {
                    bucket.iter_mut().for_each(|(_, g)| g.run(&chunk));
                }
                bucket
            }));
        }
        let decoded = loop {
            match dec.next_chunk(CHUNK) {
                Ok(Some(c)) => {
                    let c = Arc::new(c);
                    // A worker gone (it panicked) shows at its join.
                    for tx in &senders {
                        let _ = tx.send(c.clone());
                    }
                }
                Ok(None) => break Ok(()),
                Err(e) => break Err(e.to_string()),
            }
        };
        drop(senders);
        let mut out: Vec<(usize, Group)> = Vec::with_capacity(n);
        for w in workers {
            out.extend(
                w.join()
                    .map_err(|_| "a simulating thread failed".to_string())?,
            );
        }
        decoded?;
        out.sort_by_key(|(i, _)| *i);
        Ok(out.into_iter().map(|(_, g)| g).collect())
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
