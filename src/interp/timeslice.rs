//! Requests that arrive between instructions: Ctrl-C (SIGINT) and the
//! green threads' time slice. Each sets its own flag and `pending`, the
//! one flag the run loop's safepoints read; `safepoint_slow` then raises
//! Interrupt or lets the other threads run (`Thread.__preempt`, as
//! CRuby's timer thread makes the running thread give up the GVL every
//! 100 ms).

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
            && self.pending.swap(false, Ordering::Relaxed)
            && self.sigint.swap(false, Ordering::Relaxed)
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
        let thread = self.const_in_ancestors(crate::class::cls::OBJECT, symbol::intern("Thread"));
        let Some(thread) = thread else {
            return Ok(());
        };
        self.funcall(thread, symbol::intern(how), &[], None)
            .map(|_: Value| ())
    }
}
