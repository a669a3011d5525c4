//! String and Array buffers that grow after their object was allocated
//! count toward the next collection (doc/gc.md): loops that build a
//! large string or array in a fresh object per iteration and drop it
//! keep their peak RSS bounded (without the charge, one slot per 100 KB
//! buffer let such loops reach 400-500 MB). Each program reads its own
//! peak (VmHWM) from /proc.

#[path = "common/peak.rs"]
mod peak;

const BOUND_KB: u64 = 64 * 1024;

fn check(body: &str) {
    peak::check_bounded(body, BOUND_KB);
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
