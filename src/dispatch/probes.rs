//! Static probes (SystemTap SDT notes) for perf, bpftrace and systemtap:
//! provider `carmine`, probes named like CRuby's. The `probe` crate's macro
//! expands to a NOP plus an ELF note (inline asm, hence `unsafe` inside the
//! macro: this file is the one place outside value/, gc/ and jit/ where such
//! code is generated). Arguments are only evaluated while a tracer is
//! attached (`probe_lazy!` checks the probe's semaphore).
//!
//! Arguments are numeric ids: class id, method-name symbol id, and the line;
//! `RubyVM::MethodCache.stats` and `--stats` map them back to names.

use probe::probe_lazy;

use crate::class::ClassTable;
use crate::value::MethodId;

/// The probes' arguments for method `m` of a bytecode body starting at
/// `line` (only computed while a tracer is attached).
pub fn method_args(classes: &ClassTable, m: MethodId, line: u32) -> [i64; 3] {
    let me = classes.method(m);
    [me.owner.0 as i64, me.name.0 as i64, line as i64]
}

/// A method is entered: `args()` gives (class id, method symbol id, line)
/// and runs only while a tracer is attached.
#[inline(always)]
pub fn method_entry(args: impl Fn() -> [i64; 3]) {
    probe_lazy!(carmine, method__entry, args()[0], args()[1], args()[2]);
}

/// A method returns: same arguments as `method_entry`.
#[inline(always)]
pub fn method_return(args: impl Fn() -> [i64; 3]) {
    probe_lazy!(carmine, method__return, args()[0], args()[1], args()[2]);
}

/// Caches were invalidated: (class id or -1 for all, entries touched).
#[inline(always)]
pub fn method_cache_clear(class: i64, touched: u64) {
    probe_lazy!(carmine, method__cache__clear, class, touched as i64);
}
