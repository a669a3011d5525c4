//! String and Array buffers that grow after their object was allocated
//! count toward the next collection (doc/gc.md): loops that build a
//! large string or array in a fresh object per iteration and drop it
//! keep their peak RSS bounded (without the charge, one slot per 100 KB
//! buffer let such loops reach 400-500 MB). Each program reads its own
//! peak (VmHWM) from /proc.

use std::process::Command;

const BOUND_KB: u64 = 64 * 1024;

fn check(body: &str) {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("no /proc: skipped");
        return;
    }
    let program = format!(
        "{body}\nhwm = File.read(\"/proc/self/status\")[/VmHWM:\\s+(\\d+)/, 1].to_i\nputs \"peak_kb=#{{hwm}}\"\n"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_carmine"))
        .args(["-e", &program])
        .output()
        .expect("run carmine");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let kb: u64 = text
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("peak_kb="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {text}"));
    assert!(kb > 0, "no peak reported: {text}");
    assert!(kb < BOUND_KB, "peak RSS {kb} kB is not bounded");
}

#[test]
fn appended_string_buffers_are_collected() {
    check(
        "piece = 'x' * 1000\ni = 0\nwhile i < 4000\n  s = String.new\n  100.times { s << piece }\n  i += 1\nend",
    );
}

#[test]
fn grown_array_buffers_are_collected() {
    check(
        "chunk = Array.new(1000, 1)\ni = 0\nwhile i < 2000\n  a = []\n  13.times { a.concat(chunk) }\n  b = []\n  1000.times { |j| b << j }\n  c = []\n  1000.times { |j| c.push(j) }\n  i += 1\nend",
    );
}
