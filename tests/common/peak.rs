//! Shared by the memory tests: runs a carmine program that reports its own
//! peak RSS (VmHWM from /proc) and reads the figure back.

use std::process::Command;

/// `body`'s peak RSS in kB, or None where /proc is missing.
pub fn peak_kb(body: &str) -> Option<u64> {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("no /proc: skipped");
        return None;
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
    Some(kb)
}

/// Asserts that `body` peaks under `bound_kb`.
pub fn check_bounded(body: &str, bound_kb: u64) {
    if let Some(kb) = peak_kb(body) {
        assert!(kb < bound_kb, "peak RSS {kb} kB is not bounded");
    }
}
