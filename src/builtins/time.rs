//! Time's native helpers for prelude/time.rb: the local time zone, read
//! from the tz database as the C library's `localtime`/`mktime` do (the
//! `TZ` value, else /etc/localtime; POSIX rule strings; glibc's fallback
//! to offset 0 under the leading name for a value it cannot read).
//!
//! The prelude passes `ENV["TZ"]` (carmine's ENV writes are an overlay,
//! not the process environment) and the last zone read is kept per value,
//! so `ENV["TZ"] = ...` takes effect at the next local time, as in CRuby.

use std::cell::RefCell;
use std::rc::Rc;

use tz::TimeZone;

use crate::class::arity;
use crate::interp::Vm;
use crate::value::{ClassId, Value};

/// A zone as read for one `TZ` value: the tz database's, or a name with
/// offset 0 where the value could not be read (glibc's rule).
enum Zone {
    Db(TimeZone),
    Fallback(String),
}

/// One instant's local time type: UTC offset in seconds, DST flag and
/// abbreviation.
struct LocalType {
    offset: i64,
    dst: bool,
    abbr: String,
}

thread_local! {
    /// The last `TZ` value read (None: unset) and its zone.
    static ZONE: RefCell<Option<(Option<String>, Rc<Zone>)>> = const { RefCell::new(None) };
}

fn zone_for(tz: Option<&str>) -> Rc<Zone> {
    ZONE.with(|z| {
        let mut z = z.borrow_mut();
        if let Some((key, zone)) = &*z
            && key.as_deref() == tz
        {
            return zone.clone();
        }
        let zone = Rc::new(read_zone(tz));
        *z = Some((tz.map(str::to_string), zone.clone()));
        zone
    })
}

#[cold]
fn read_zone(tz: Option<&str>) -> Zone {
    match tz {
        None => TimeZone::local().map_or_else(|_| Zone::Fallback("UTC".into()), Zone::Db),
        Some("") => Zone::Fallback("UTC".into()),
        Some(s) => {
            TimeZone::from_posix_tz(s).map_or_else(|_| Zone::Fallback(fallback_name(s)), Zone::Db)
        }
    }
}

/// glibc keeps the leading alphabetic name of a TZ value it cannot read
/// ("PST", "Nowhere/Zone" -> "Nowhere") at offset 0; a name shorter than
/// three letters is not a name, and the zone is plain UTC.
fn fallback_name(s: &str) -> String {
    let s = s.strip_prefix(':').unwrap_or(s);
    let name: String = s.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if name.len() >= 3 { name } else { "UTC".into() }
}

fn local_type(zone: &Zone, t: i64) -> LocalType {
    match zone {
        Zone::Db(tz) => {
            // (beyond what the zone describes: its last rule's type)
            let lt = tz
                .find_local_time_type(t)
                .ok()
                .or_else(|| tz.as_ref().local_time_types().last())
                .copied()
                .unwrap_or(tz::LocalTimeType::utc());
            LocalType {
                offset: lt.ut_offset() as i64,
                dst: lt.is_dst(),
                abbr: lt.time_zone_designation().to_string(),
            }
        }
        Zone::Fallback(name) => LocalType {
            offset: 0,
            dst: false,
            abbr: name.clone(),
        },
    }
}

/// The instant whose local time is `local` (seconds as if the civil
/// fields were UTC), as CRuby's `find_time_t`: of two instants (the hour
/// repeated when clocks go back) the later; in a gap (clocks go forward)
/// the fields read with the offset before it, so 02:30 becomes 03:30.
/// `dst` (Time.local's ten-argument form) picks between two instants by
/// their DST flag.
fn local_to_utc(zone: &Zone, local: i64, dst: Option<bool>) -> i64 {
    const DAY: i64 = 86_400;
    let before = local_type(zone, local.saturating_sub(DAY)).offset;
    let candidates = [
        before,
        local_type(zone, local).offset,
        local_type(zone, local.saturating_add(DAY)).offset,
    ];
    let mut best: Option<(bool, i64)> = None;
    for off in candidates {
        let t = local.saturating_sub(off);
        let lt = local_type(zone, t);
        if lt.offset == off {
            let key = (dst.is_none_or(|d| d == lt.dst), t);
            best = Some(best.map_or(key, |b| b.max(key)));
        }
    }
    let best = best.map(|(_, t)| t);
    best.unwrap_or_else(|| local.saturating_sub(before))
}

fn tz_arg(vm: &mut Vm, v: Value) -> Result<Option<String>, crate::object::Unwind> {
    if v.is_nil() {
        return Ok(None);
    }
    Ok(Some(vm.to_s(v)?))
}

/// Seconds since the Epoch: a Fixnum, or a Bignum's side of the range.
fn instant(vm: &mut Vm, v: Value) -> Result<i64, crate::object::Unwind> {
    if let Some(n) = v.as_fixnum() {
        return Ok(n);
    }
    let neg = vm.funcall(v, crate::intern!("negative?"), &[], None)?;
    Ok(if neg.truthy() { i64::MIN } else { i64::MAX })
}

fn type_ary(vm: &mut Vm, lt: LocalType) -> Value {
    let abbr = vm.str_new(&lt.abbr);
    vm.ary_new(vec![Value::int(lt.offset), Value::bool(lt.dst), abbr])
}

/// Registers `RubyVM::Prelude.tz_local(tz, secs)` -> `[offset, dst?,
/// abbreviation]` for the instant `secs`, and `tz_mktime(tz, local)` ->
/// `[secs, offset, dst?, abbreviation]` for local civil seconds.
pub fn init(vm: &mut Vm, prelude: ClassId) {
    vm.def_singleton_builtin(prelude, "tz_local", 2, |vm, _, a, _| {
        let tz = tz_arg(vm, a[0])?;
        let t = instant(vm, a[1])?;
        let lt = local_type(&zone_for(tz.as_deref()), t);
        Ok(type_ary(vm, lt))
    });
    vm.def_singleton_builtin(prelude, "tz_mktime", arity::range(2, 3), |vm, _, a, _| {
        let tz = tz_arg(vm, a[0])?;
        let zone = zone_for(tz.as_deref());
        let Some(local) = a[1].as_fixnum() else {
            // (a Bignum year: the zone's last rule, seconds as given)
            let lt = local_type(&zone, instant(vm, a[1])?);
            let (off, abbr) = (Value::int(lt.offset), vm.str_new(&lt.abbr));
            let secs = vm.funcall(a[1], crate::intern!("-"), &[off], None)?;
            return Ok(vm.ary_new(vec![secs, off, Value::bool(lt.dst), abbr]));
        };
        let dst = a.get(2).filter(|v| !v.is_nil()).map(|v| v.truthy());
        let t = local_to_utc(&zone, local, dst);
        let lt = local_type(&zone, t);
        let abbr = vm.str_new(&lt.abbr);
        Ok(vm.ary_new(vec![
            Value::fixnum(t).unwrap_or(a[1]),
            Value::int(lt.offset),
            Value::bool(lt.dst),
            abbr,
        ]))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallback_names_follow_glibc() {
        assert_eq!(fallback_name("PST"), "PST");
        assert_eq!(fallback_name("Nowhere/Zone"), "Nowhere");
        assert_eq!(fallback_name(":Foo/Bar"), "Foo");
        assert_eq!(fallback_name("X1"), "UTC");
    }

    #[test]
    fn gaps_and_repeats_resolve_as_cruby() {
        let Ok(tz) = TimeZone::from_posix_tz("EST5EDT,M3.2.0,M11.1.0") else {
            panic!("posix rule");
        };
        let z = Zone::Db(tz);
        // 2026-03-08 02:30 does not exist: read with EST, it is 03:30 EDT.
        let gap = 1_772_937_000; // 2026-03-08T02:30:00 as UTC fields
        assert_eq!(local_to_utc(&z, gap, None), gap + 5 * 3600);
        // 2026-11-01 01:30 happens twice: the later (EST) one.
        let rep = 1_793_496_600; // 2026-11-01T01:30:00 as UTC fields
        assert_eq!(local_to_utc(&z, rep, None), rep + 5 * 3600);
        // ... unless the DST one is asked for.
        assert_eq!(local_to_utc(&z, rep, Some(true)), rep + 4 * 3600);
    }
}
