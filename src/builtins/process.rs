//! Process: clocks and the process id (what benchmark harnesses need).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::class::cls;
use crate::interp::Vm;
use crate::value::{Value, symbol};

const CLOCK_REALTIME: i64 = 0;
const CLOCK_MONOTONIC: i64 = 1;
const CLOCK_PROCESS_CPUTIME_ID: i64 = 2;
const CLOCK_THREAD_CPUTIME_ID: i64 = 3;

fn now(id: i64) -> Option<f64> {
    match id {
        CLOCK_REALTIME => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .ok()
            .map(|d| d.as_secs_f64()),
        CLOCK_MONOTONIC => {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            let start = START.get_or_init(std::time::Instant::now);
            Some(start.elapsed().as_secs_f64() + 1000.0)
        }
        CLOCK_PROCESS_CPUTIME_ID | CLOCK_THREAD_CPUTIME_ID => {
            let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
            let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
            let ticks: f64 =
                fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        }
        _ => None,
    }
}

pub fn init(vm: &mut Vm) {
    let p = vm.new_module(Some("Process"), Some(cls::OBJECT));
    for (n, v) in [
        ("CLOCK_REALTIME", CLOCK_REALTIME),
        ("CLOCK_MONOTONIC", CLOCK_MONOTONIC),
        ("CLOCK_PROCESS_CPUTIME_ID", CLOCK_PROCESS_CPUTIME_ID),
        ("CLOCK_THREAD_CPUTIME_ID", CLOCK_THREAD_CPUTIME_ID),
    ] {
        vm.classes.set_const(p, symbol::intern(n), Value::int(v));
    }
    vm.def_module_function(p, "clock_gettime", -2, |vm, _, a, _| {
        let id = super::int_arg(vm, a[0])?;
        let Some(t) = now(id) else {
            return Err(vm.error(vm.e.errno_enoent, "Invalid argument - clock_gettime"));
        };
        let unit = a
            .get(1)
            .and_then(|u| vm.symbol_name(*u))
            .unwrap_or_else(|| "float_second".into());
        Ok(match unit.as_str() {
            "float_millisecond" => vm.float_new(t * 1e3),
            "float_microsecond" => vm.float_new(t * 1e6),
            "second" => Value::int(t as i64),
            "millisecond" => Value::int((t * 1e3) as i64),
            "microsecond" => Value::int((t * 1e6) as i64),
            "nanosecond" => Value::int((t * 1e9) as i64),
            _ => vm.float_new(t),
        })
    });
    // [utime, stime, cutime, cstime] in seconds (Process.times, prelude).
    vm.def_module_function(p, "__times", 0, |vm, _, _, _| {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let fields: Vec<&str> = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let items = (11..15)
            .map(|i| {
                let t = fields.get(i).and_then(|f| f.parse::<f64>().ok());
                vm.float_new(t.unwrap_or(0.0) / 100.0)
            })
            .collect();
        Ok(vm.ary_new(items))
    });
    vm.def_module_function(p, "pid", 0, |_, _, _, _| {
        Ok(Value::int(std::process::id() as i64))
    });
    vm.def_module_function(p, "ppid", 0, |_, _, _, _| {
        let ppid = rustix::process::getppid().map_or(0, |p| p.as_raw_nonzero().get());
        Ok(Value::int(ppid as i64))
    });
    vm.def_module_function(p, "uid", 0, |_, _, _, _| {
        Ok(Value::int(rustix::process::getuid().as_raw() as i64))
    });
    vm.def_module_function(p, "gid", 0, |_, _, _, _| {
        Ok(Value::int(rustix::process::getgid().as_raw() as i64))
    });
    vm.def_module_function(p, "euid", 0, |_, _, _, _| {
        Ok(Value::int(rustix::process::geteuid().as_raw() as i64))
    });
    vm.def_module_function(p, "egid", 0, |_, _, _, _| {
        Ok(Value::int(rustix::process::getegid().as_raw() as i64))
    });
}
