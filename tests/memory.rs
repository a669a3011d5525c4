//! Memory stays bounded on long loops that allocate: a program making
//! millions of short-lived strings, arrays and hashes (and some large
//! strings, whose bytes live outside the heap slots) must keep its peak
//! RSS to a few tens of MB. The program reads its own peak (VmHWM) from
//! /proc (tests/common/peak.rs), so the check needs no tool beyond carmine
//! itself.

#[path = "common/peak.rs"]
mod peak;

const PROGRAM: &str = r#"
n = 10_000_000
i = 0
while i < n
  s = "item #{i}"
  a = [i, s]
  h = { k: a } if i % 7 == 0
  big = "x" * 100_000 if i % 5_000 == 0
  i += 1
end
"#;

#[test]
fn long_allocation_loop_keeps_rss_bounded() {
    // 10 million iterations allocate ~2 GB in all; the live data is tiny.
    peak::check_bounded(PROGRAM, 64 * 1024);
}
