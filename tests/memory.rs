//! Memory stays bounded on long loops that allocate: a program making
//! millions of short-lived strings, arrays and hashes (and some large
//! strings, whose bytes live outside the heap slots) must keep its peak
//! RSS to a few tens of MB. The program reads its own peak (VmHWM) from
//! /proc, so the check needs no tool beyond carmine itself.

use std::process::Command;

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
hwm = File.read("/proc/self/status")[/VmHWM:\s+(\d+)/, 1].to_i
puts "peak_kb=#{hwm}"
"#;

#[test]
fn long_allocation_loop_keeps_rss_bounded() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("no /proc: skipped");
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_carmine"))
        .args(["-e", PROGRAM])
        .output()
        .expect("run carmine");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let kb: u64 = text
        .trim()
        .strip_prefix("peak_kb=")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {text}"));
    assert!(kb > 0, "no peak reported: {text}");
    // 10 million iterations allocate ~2 GB in all; the live data is tiny.
    assert!(kb < 64 * 1024, "peak RSS {kb} kB is not bounded");
}
