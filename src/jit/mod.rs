//! The JIT, MJIT's design (SPEC §4): a method called `--jit-min-calls`
//! times is translated from bytecode to C (`codegen`), compiled by the
//! system C compiler on a background thread into a shared object and
//! loaded (`cc`), then entered through the `JitEntry` instruction on its
//! next call (`interp::jit`, across the boundary in `abi`). This module
//! keeps the options and each method's JIT state.

pub mod abi;
pub mod cache;
pub mod cc;
pub mod codegen;

use std::collections::HashMap;
use std::io::Write;

use crate::bytecode::Iseq;
use crate::value::{CallSiteId, IseqId};

use codegen::SiteInfo;

/// The `--jit-*` options (CRuby 3.1's defaults).
#[derive(Clone, Debug)]
pub struct Options {
    pub min_calls: u64,
    pub max_cache: usize,
    pub wait: bool,
    pub save_temps: bool,
    pub verbose: u32,
    pub warnings: bool,
    pub debug: bool,
    /// `--jit-cache[=DIR]`: where compiled code is kept between runs.
    pub cache: Option<CacheDir>,
}

/// The code cache's directory as given on the command line.
#[derive(Clone, Debug)]
pub enum CacheDir {
    /// `--jit-cache`: the user's (`cache::default_dir`).
    Default,
    /// `--jit-cache=DIR`.
    At(std::path::PathBuf),
}

impl Default for Options {
    fn default() -> Self {
        Options {
            min_calls: 10_000,
            max_cache: 100,
            wait: false,
            save_temps: false,
            verbose: 0,
            warnings: false,
            debug: false,
            cache: None,
        }
    }
}

/// A method's JIT state once it was found hot (before that: none).
#[derive(Clone, Copy, Debug)]
pub enum State {
    /// Its C is being compiled.
    Queued { max_depth: usize, c_only: bool },
    /// Its machine code's address and the operand stack it needs;
    /// `c_only`: for compiled callers only (`codegen::Plan::c_only`).
    Compiled {
        func: usize,
        max_depth: usize,
        c_only: bool,
    },
    /// Stays interpreted.
    Failed,
}

/// What the JIT did, for `--stats` and tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub compiled: u64,
    pub failed: u64,
    pub skipped: u64,
    /// Calls run as machine code.
    pub entries: u64,
    /// Calls the interpreter finished (an operator left its fast path).
    pub cancels: u64,
    /// Of `compiled`, those loaded from the code cache.
    pub cache_hits: u64,
}

pub struct Jit {
    pub opts: Options,
    worker: Option<cc::Worker>,
    /// The worker could not start (no private directory): nothing compiles.
    broken: bool,
    states: HashMap<IseqId, State>,
    /// How often a method or script was found hot but mostly calling
    /// back into the VM (its callees not compiled yet): it is tried
    /// again after as many calls once more, up to `RETRIES` times.
    retries: HashMap<IseqId, u32>,
    pub counts: Counts,
}

/// How often a method or script that was `mostly steps` is translated
/// again (its callees may be compiled by then).
const RETRIES: u32 = 2;

impl Jit {
    pub fn new(opts: Options) -> Jit {
        Jit {
            opts,
            worker: None,
            broken: false,
            states: HashMap::new(),
            retries: HashMap::new(),
            counts: Counts::default(),
        }
    }

    /// In a forked child: the compiler thread is not there, so nothing
    /// compiles any more (its handle is forgotten, never joined; the
    /// private directory stays the parent's).
    pub fn after_fork(&mut self) {
        std::mem::forget(self.worker.take());
        self.broken = true;
    }

    pub fn state(&self, id: IseqId) -> Option<State> {
        self.states.get(&id).copied()
    }

    /// `iseq` just became hot: translate it and queue the C (and with
    /// `--jit-wait`, wait for the outcome).
    /// Queues `iseq` (a method, or with `entry` a script from its hot
    /// loop: `codegen::translate`).
    pub fn compile(
        &mut self,
        iseq: &Iseq,
        site: &dyn Fn(CallSiteId) -> SiteInfo,
        entry: Option<(usize, usize)>,
    ) {
        let label = label(iseq);
        let queued = self
            .states
            .values()
            .filter(|s| matches!(s, State::Queued { .. } | State::Compiled { .. }))
            .count();
        if queued >= self.opts.max_cache {
            self.states.insert(iseq.id, State::Failed);
            self.log(
                1,
                &format!(
                    "JIT skip: {label} (--jit-max-cache={} reached)",
                    self.opts.max_cache
                ),
            );
            return;
        }
        let all = std::env::var("CARMINE_JIT_ALL").is_ok_and(|v| v == "1");
        let plan = match codegen::translate(iseq, site, all, entry) {
            Ok(p) => p,
            Err(why) => {
                let tries = self.retries.entry(iseq.id).or_default();
                if why.starts_with("mostly steps") && *tries < RETRIES {
                    // Counted again from zero: its callees may be
                    // compiled by then.
                    *tries += 1;
                    iseq.calls.set(0);
                    self.log(2, &format!("JIT retry later: {label} ({why})"));
                    return;
                }
                self.counts.skipped += 1;
                self.states.insert(iseq.id, State::Failed);
                self.log(1, &format!("JIT skip: {label} ({why})"));
                return;
            }
        };
        if self.worker.is_none() && !self.broken {
            let cc = std::env::var("CARMINE_JIT_CC").unwrap_or_else(|_| "cc".to_string());
            let cache = self.opts.cache.as_ref().and_then(|spec| {
                cache::Cache::open(spec)
                    .inspect_err(|why| self.note(&format!("JIT cache not used: {why}")))
                    .ok()
            });
            match cc::Worker::new(&cc, self.opts.save_temps || self.opts.debug, cache) {
                Ok(w) => self.worker = Some(w),
                Err(e) => {
                    self.broken = true;
                    self.warn(&format!("JIT disabled: cannot make its directory: {e}"));
                }
            }
        }
        let Some(worker) = &self.worker else {
            self.states.insert(iseq.id, State::Failed);
            return;
        };
        if self.opts.debug {
            self.log(0, &format!("JIT translate: {label}\n{}", plan.source));
        }
        worker.submit(cc::Job {
            iseq: iseq.id.index() as u32,
            label,
            source: plan.source,
            symbol: plan.symbol,
            consts: plan.consts,
        });
        self.states.insert(
            iseq.id,
            State::Queued {
                max_depth: plan.max_depth,
                c_only: plan.c_only,
            },
        );
        if self.opts.wait {
            while matches!(self.state(iseq.id), Some(State::Queued { .. })) {
                let Some(done) = self.worker.as_ref().and_then(|w| w.recv()) else {
                    self.states.insert(iseq.id, State::Failed);
                    break;
                };
                self.install(done);
            }
        }
    }

    /// Installs whatever the worker has finished.
    pub fn poll(&mut self) {
        while let Some(done) = self.worker.as_ref().and_then(|w| w.try_recv()) {
            self.install(done);
        }
    }

    fn install(&mut self, done: cc::Done) {
        let id = IseqId(done.iseq);
        // What the cache did with an entry (ignored a damaged one, could
        // not store one) is no warning: the method was compiled anyway.
        for note in &done.notes {
            self.log(1, note);
        }
        let Some(State::Queued { max_depth, c_only }) = self.state(id) else {
            return;
        };
        match done.result {
            Ok(func) => {
                self.counts.compiled += 1;
                self.counts.cache_hits += done.cached as u64;
                self.states.insert(
                    id,
                    State::Compiled {
                        func,
                        max_depth,
                        c_only,
                    },
                );
                let how = if done.cached {
                    "JIT cache hit"
                } else {
                    "JIT success"
                };
                self.log(
                    1,
                    &format!(
                        "{how} ({:.1}ms): {} -> {}{}",
                        done.millis,
                        done.label,
                        done.c_path.display(),
                        if c_only {
                            " (for compiled callers)"
                        } else {
                            ""
                        }
                    ),
                );
            }
            Err(why) => {
                self.counts.failed += 1;
                self.states.insert(id, State::Failed);
                self.note(&format!(
                    "JIT failure ({:.1}ms): {}: {why}",
                    done.millis, done.label
                ));
            }
        }
    }

    /// A `--jit-verbose` line, MJIT's form, on stderr.
    fn log(&self, level: u32, msg: &str) {
        if self.opts.verbose >= level || self.opts.debug {
            let _ = writeln!(std::io::stderr(), "{msg}");
        }
    }

    /// A `--jit-verbose` line if verbose, else a `--jit-warnings` one.
    fn note(&self, msg: &str) {
        if self.opts.verbose >= 1 {
            self.log(1, msg);
        } else {
            self.warn(msg);
        }
    }

    /// A `--jit-warnings` line.
    fn warn(&self, msg: &str) {
        if self.opts.warnings {
            let _ = writeln!(std::io::stderr(), "JIT warning: {msg}");
        }
    }
}

/// `fib@fib.rb:1`, as MJIT names a method in its messages.
pub fn label(iseq: &Iseq) -> String {
    format!("{}@{}:{}", iseq.label, iseq.file, iseq.first_line)
}
