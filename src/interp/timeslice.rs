//! Requests that arrive between instructions: Ctrl-C (SIGINT), the
//! signals the program traps (`Signal.trap`), and the green threads' time
//! slice. Each sets its own flag and `pending`, the one flag the run
//! loop's safepoints read; `safepoint_slow` then raises Interrupt, runs
//! the trap handlers (`Signal.__deliver`, prelude/signal.rb) or lets the
//! other threads run (`Thread.__preempt`, as CRuby's timer thread makes
//! the running thread give up the GVL every 100 ms).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::object::Unwind;
use crate::value::{Value, symbol};

use super::Vm;

/// CRuby's time slice (TIME_QUANTUM_USEC).
const QUANTUM: Duration = Duration::from_millis(100);

#[derive(Default)]
pub struct Interrupts {
    /// Set with each flag below: something for `safepoint_slow`.
    pub pending: Arc<AtomicBool>,
    /// Ctrl-C (the signal handler sets it, then `pending`).
    pub sigint: Arc<AtomicBool>,
    /// The running thread's time is up.
    timeslice: Arc<AtomicBool>,
    /// The signals the program trapped, each with the flag its hook sets
    /// (INT's is `sigint`, hooked by the CLI).
    traps: Vec<(i32, Arc<AtomicBool>)>,
    /// INT has a handler of the program's: Ctrl-C runs it instead of
    /// raising Interrupt.
    int_trapped: bool,
    /// `trap("EXIT")` set a handler (`Vm::run_at_exit` asks for it).
    pub exit_trapped: bool,
    /// The timer that ends time slices runs (from the first thread on).
    timer: bool,
}

impl Interrupts {
    /// Takes a Ctrl-C request (false: none), leaving a time slice for the
    /// next safepoint. For the places that may not run Ruby code (a
    /// builtin between two block calls, a sleep). A thread other than the
    /// main one leaves it to a safepoint, which sends it to the main
    /// thread.
    fn take_sigint(&self, in_thread: bool) -> bool {
        !in_thread
            && !self.int_trapped
            && self.pending.swap(false, Ordering::Relaxed)
            && self.sigint.swap(false, Ordering::Relaxed)
    }

    /// `Signal.trap`: the program handles `signo` (or leaves it to the
    /// default action again). The first trap of a signal hooks it; the
    /// hook stays (the handlers decide). False: the system refused.
    pub fn trap(&mut self, signo: i32, handled: bool) -> bool {
        if signo == 0 {
            self.exit_trapped = handled;
            return true;
        }
        if signo == signal_hook::consts::SIGINT {
            self.int_trapped = handled;
            return true;
        }
        if self.traps.iter().any(|(n, _)| *n == signo) {
            return true;
        }
        let flag = Arc::new(AtomicBool::new(false));
        let hooked = signal_hook::flag::register(signo, flag.clone()).is_ok()
            && signal_hook::flag::register(signo, self.pending.clone()).is_ok();
        if hooked {
            self.traps.push((signo, flag));
        }
        hooked
    }

    /// A trapped signal that arrived (and Ctrl-C, once INT is trapped),
    /// taken; None: none.
    pub fn take_trap(&self) -> Option<i32> {
        if self.sigint.swap(false, Ordering::Relaxed) {
            return Some(signal_hook::consts::SIGINT);
        }
        let (n, _) = self
            .traps
            .iter()
            .find(|(_, f)| f.swap(false, Ordering::Relaxed))?;
        Some(*n)
    }

    /// Whether `signo` arrived and waits for its handler.
    pub fn arrived(&self, signo: i32) -> bool {
        if signo == signal_hook::consts::SIGINT {
            return self.sigint.load(Ordering::Relaxed);
        }
        self.traps
            .iter()
            .any(|(n, f)| *n == signo && f.load(Ordering::Relaxed))
    }

    /// A handler of the program's has a signal to run for.
    fn traps_pending(&self) -> bool {
        (self.int_trapped && self.sigint.load(Ordering::Relaxed))
            || self.traps.iter().any(|(_, f)| f.load(Ordering::Relaxed))
    }

    /// Starts the timer that ends the running thread's time slice every
    /// `QUANTUM` (once; prelude/thread.rb calls it for the first thread).
    /// It stops when the Vm is gone.
    pub fn start_timer(&mut self) {
        if self.timer {
            return;
        }
        self.timer = true;
        let (pending, slice) = (Arc::downgrade(&self.pending), self.timeslice.clone());
        let spawned = std::thread::Builder::new()
            .name("carmine-timeslice".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(QUANTUM);
                    let Some(pending) = pending.upgrade() else {
                        return;
                    };
                    slice.store(true, Ordering::Relaxed);
                    pending.store(true, Ordering::Relaxed);
                }
            });
        // No timer (no thread to spare): threads then switch only when
        // they wait.
        self.timer = spawned.is_ok();
    }
}

impl Interrupts {
    /// In a forked child: the timer thread is not there; the next thread
    /// starts one.
    pub fn after_fork(&mut self) {
        self.timer = false;
    }
}

impl Vm {
    /// Runs the handlers of the trapped signals that arrived
    /// (`Signal.__deliver`): from a safepoint, a sleep or an IO wait,
    /// where Ruby code may run.
    pub fn deliver_traps(&mut self) -> Result<(), Unwind> {
        if !self.interrupts.traps_pending() {
            return Ok(());
        }
        self.call_prelude("Signal", "__deliver").map(|_| ())
    }

    /// `module.method` for a module of the prelude's (nil if it is not
    /// defined yet, during boot).
    pub(super) fn call_prelude(&mut self, module: &str, method: &str) -> Result<Value, Unwind> {
        let m = self.const_in_ancestors(crate::class::cls::OBJECT, symbol::intern(module));
        let Some(m) = m else {
            return Ok(Value::NIL);
        };
        self.funcall(m, symbol::intern(method), &[], None)
    }

    /// A Ctrl-C to raise as Interrupt here (`Interrupts::take_sigint`;
    /// only the main thread takes it).
    pub fn take_sigint(&self) -> bool {
        self.interrupts
            .take_sigint(self.fibers.thread_root().is_some())
    }

    /// `safepoint_slow`'s part for `pending`: Interrupt for Ctrl-C (in
    /// the main thread, as CRuby delivers signals); at the end of a time
    /// slice in the program's own code (the prelude, whose scheduler this
    /// would re-enter, is never cut), the other ready threads run.
    #[cold]
    pub(super) fn take_interrupts(&mut self) -> Result<(), Unwind> {
        let i = &self.interrupts;
        if !i.pending.swap(false, Ordering::Relaxed) {
            return Ok(());
        }
        let in_prelude = self
            .frames
            .last()
            .is_some_and(|f| f.iseq.file.starts_with("<internal:"));
        if i.traps_pending() {
            if in_prelude {
                i.pending.store(true, Ordering::Relaxed);
                return Ok(());
            }
            self.deliver_traps()?;
        }
        let i = &self.interrupts;
        let in_thread = self.fibers.thread_root().is_some();
        let how = if i.sigint.load(Ordering::Relaxed) {
            if !in_thread {
                i.sigint.store(false, Ordering::Relaxed);
                return Err(self.error(self.e.interrupt, ""));
            }
            if in_prelude {
                // Not here: the next safepoint in the program's code.
                i.pending.store(true, Ordering::Relaxed);
                return Ok(());
            }
            i.sigint.store(false, Ordering::Relaxed);
            "__signal_main"
        } else if !in_prelude && i.timeslice.swap(false, Ordering::Relaxed) {
            "__preempt"
        } else {
            return Ok(());
        };
        self.call_prelude("Thread", how).map(|_| ())
    }
}
