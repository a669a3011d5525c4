//! Core classes implemented in Rust, one file per class, plus the Ruby
//! prelude and libraries embedded in the binary.

pub mod array;
pub mod binding;
pub mod comparable;
pub mod encoding;
pub mod enumerator;
pub mod exception;
pub mod ext;
pub mod fiber;
pub mod file;
pub mod filebuf;
pub mod float;
pub mod hash;
pub mod integer;
pub mod io;
pub mod iseq;
pub mod kernel;
pub mod math;
pub mod method;
pub mod module;
pub mod object;
pub mod objectspace;
pub mod pack;
pub mod pipe;
pub mod proc;
pub mod process;
pub mod ractor;
pub mod random;
pub mod range;
pub mod regexp;
pub mod rubyvm;
pub mod signal;
pub mod string;
pub mod strscan;
pub mod structs;
pub mod symbol;
pub mod time;
pub mod tracepoint;

use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{Body, Unwind};
use crate::value::Value;

/// Core methods written in Ruby, loaded at boot in this order.
pub const PRELUDE: &[(&str, &str)] = &[
    ("core", include_str!("../../prelude/core.rb")),
    ("internal", include_str!("../../prelude/internal.rb")),
    ("warning", include_str!("../../prelude/warning.rb")),
    ("enumerable", include_str!("../../prelude/enumerable.rb")),
    ("array", include_str!("../../prelude/array.rb")),
    ("enumerator", include_str!("../../prelude/enumerator.rb")),
    ("struct", include_str!("../../prelude/struct.rb")),
    ("numeric", include_str!("../../prelude/numeric.rb")),
    ("object", include_str!("../../prelude/object.rb")),
    ("finalizer", include_str!("../../prelude/finalizer.rb")),
    ("time", include_str!("../../prelude/time.rb")),
    ("thread", include_str!("../../prelude/thread.rb")),
    ("ractor", include_str!("../../prelude/ractor.rb")),
    ("file", include_str!("../../prelude/file.rb")),
    ("io", include_str!("../../prelude/io.rb")),
    ("signal", include_str!("../../prelude/signal.rb")),
    (
        "did_you_mean",
        include_str!("../../prelude/did_you_mean.rb"),
    ),
];

/// Libraries carmine provides itself for `require`, found before the
/// installed standard library (`crate::interp::features`): replacements
/// for C extensions (`stringio`, `strscan`, `monitor`, `json`),
/// `forwardable/impl` and internal pieces (`__`-prefixed, not listed in
/// `$LOADED_FEATURES`).
pub const NATIVE_LIBS: &[(&str, &str)] = &[
    ("json", include_str!("../../lib/json.rb")),
    ("__marshal", include_str!("../../lib/marshal.rb")),
    ("stringio", include_str!("../../lib/stringio.rb")),
    ("monitor", include_str!("../../lib/monitor.rb")),
    ("strscan", include_str!("../../lib/strscan.rb")),
    (
        "forwardable/impl",
        include_str!("../../lib/forwardable/impl.rb"),
    ),
];

/// carmine's own copies of pure-Ruby standard libraries, found only when
/// no directory of `$LOAD_PATH` has the library (no CRuby installed).
pub const FALLBACK_LIBS: &[(&str, &str)] = &[
    ("set", include_str!("../../lib/set.rb")),
    ("ostruct", include_str!("../../lib/ostruct.rb")),
    ("pp", include_str!("../../lib/pp.rb")),
    ("prettyprint", include_str!("../../lib/prettyprint.rb")),
    ("forwardable", include_str!("../../lib/forwardable.rb")),
    ("singleton", include_str!("../../lib/singleton.rb")),
    ("benchmark", include_str!("../../lib/benchmark.rb")),
    ("fileutils", include_str!("../../lib/fileutils.rb")),
    ("tmpdir", include_str!("../../lib/tmpdir.rb")),
    ("base64", include_str!("../../lib/base64.rb")),
    ("observer", include_str!("../../lib/observer.rb")),
    ("shellwords", include_str!("../../lib/shellwords.rb")),
    ("timeout", include_str!("../../lib/timeout.rb")),
    ("abbrev", include_str!("../../lib/abbrev.rb")),
    ("tsort", include_str!("../../lib/tsort.rb")),
    ("prime", include_str!("../../lib/prime.rb")),
    ("delegate", include_str!("../../lib/delegate.rb")),
    ("English", include_str!("../../lib/English.rb")),
    ("time", include_str!("../../lib/time.rb")),
];

pub fn init(vm: &mut Vm) {
    object::init(vm);
    kernel::init(vm);
    binding::init(vm);
    module::init(vm);
    integer::init(vm);
    float::init(vm);
    string::init(vm);
    symbol::init(vm);
    array::init(vm);
    comparable::init(vm);
    hash::init(vm);
    range::init(vm);
    proc::init(vm);
    method::init(vm);
    ractor::init(vm);
    exception::init(vm);
    regexp::init(vm);
    io::init(vm);
    math::init(vm);
    process::init(vm);
    random::init(vm);
    fiber::init(vm);
    rubyvm::init(vm);
    strscan::init(vm);
    objectspace::init(vm);
    file::init(vm);
    pipe::init(vm);
    signal::init(vm);
    tracepoint::init(vm);
    pack::init(vm);
}

/// rb_get_path: a String, or what `to_path` gives (then `to_str`), as a
/// file name.
pub fn path_arg(vm: &mut Vm, v: Value) -> Result<String, Unwind> {
    let v = if vm.is_string(v) || !v.is_heap() {
        v
    } else {
        let p = crate::intern!("to_path");
        vm.check_funcall(v, p)?.unwrap_or(v)
    };
    let b = str_arg(vm, v)?;
    Ok(String::from_utf8_lossy(&b).into_owned())
}

/// `s.enum_for(:m, *args)`: the Enumerator a block-less call returns.
pub fn enum_for(vm: &mut Vm, s: Value, m: &str, args: &[Value]) -> crate::interp::VResult {
    let mut a = Vec::with_capacity(args.len() + 1);
    a.push(vm.sym(m));
    a.extend_from_slice(args);
    vm.funcall(s, crate::intern!("enum_for"), &a, None)
}

/// Checks that `count` elements of `size` bytes can be allocated: huge
/// requests (a product that overflows, or one the allocator refuses) raise
/// NoMemoryError as CRuby's failed malloc does, instead of aborting.
pub fn alloc_guard(vm: &mut Vm, count: usize, size: usize) -> Result<(), Unwind> {
    const PROBE_ABOVE: usize = 1 << 28;
    let Some(bytes) = count.checked_mul(size.max(1)) else {
        return Err(vm.no_memory_error());
    };
    if bytes <= PROBE_ABOVE {
        return Ok(());
    }
    if bytes > isize::MAX as usize || Vec::<u8>::new().try_reserve_exact(bytes).is_err() {
        return Err(vm.no_memory_error());
    }
    Ok(())
}

/// `Vec::push` for buffers whose size the Ruby program controls: when
/// growing fails, NoMemoryError (as CRuby's failed malloc) instead of a
/// Rust abort.
#[inline]
pub fn try_push<T>(vm: &mut Vm, v: &mut Vec<T>, x: T) -> Result<(), Unwind> {
    if v.len() == v.capacity() && v.try_reserve(1).is_err() {
        return Err(vm.no_memory_error());
    }
    v.push(x);
    Ok(())
}

/// An Integer argument (Fixnum only), with CRuby's TypeError otherwise.
#[inline]
pub fn int_arg(vm: &mut Vm, v: Value) -> Result<i64, Unwind> {
    match v.as_fixnum() {
        Some(n) => Ok(n),
        None => int_arg_slow(vm, v),
    }
}

/// `int_arg` of anything but a Fixnum: Floats truncated, Bignums in
/// range, `to_int` conversions, and the errors.
#[cold]
#[inline(never)]
fn int_arg_slow(vm: &mut Vm, v: Value) -> Result<i64, Unwind> {
    if v.is_flonum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Float(_))) {
        let f = float::to_f64(v).unwrap_or(0.0);
        let two63 = crate::support::float_fmt::TWO_63;
        if f > -two63 && f < two63 {
            return Ok(f as i64);
        }
        let msg = crate::support::float_fmt::float_out_of_range_message(f);
        return Err(vm.error(vm.e.range_error, &msg));
    }
    if v.is_heap()
        && let Body::Bignum(b) = &*obj(v).body.borrow()
    {
        // NUM2LONG: a Bignum in the range of a C long is fine.
        if let Some(n) = num_traits::ToPrimitive::to_i64(&**b) {
            return Ok(n);
        }
        return Err(vm.error(vm.e.range_error, "bignum too big to convert into `long'"));
    }
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion from nil to integer"));
    }
    let r = to_int_value(vm, v)?;
    if let Some(n) = r.as_fixnum() {
        return Ok(n);
    }
    int_arg(vm, r)
}

/// `rb_to_int`: an Integer as it is (Fixnum or Bignum), anything else
/// through `to_int`, which must answer an Integer.
pub fn to_int_value(vm: &mut Vm, v: Value) -> crate::interp::VResult {
    if v.is_fixnum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Bignum(_))) {
        return Ok(v);
    }
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion of nil into Integer"));
    }
    if v.is_flonum() || (v.is_heap() && matches!(&*obj(v).body.borrow(), Body::Float(_))) {
        return vm.funcall(v, crate::value::sym::TO_INT, &[], None);
    }
    if !vm.respond_to(v, crate::value::sym::TO_INT) {
        let c = type_name(vm, v);
        return Err(vm.type_error(&format!("no implicit conversion of {c} into Integer")));
    }
    let r = vm.funcall(v, crate::value::sym::TO_INT, &[], None)?;
    if r.is_fixnum() || (r.is_heap() && matches!(&*obj(r).body.borrow(), Body::Bignum(_))) {
        return Ok(r);
    }
    let c = vm.class_name(vm.real_class_of(v));
    let rc = vm.class_name(vm.real_class_of(r));
    Err(vm.type_error(&format!(
        "can't convert {c} to Integer ({c}#to_int gives {rc})"
    )))
}

/// A String argument's bytes, with CRuby's TypeError otherwise.
pub fn str_arg(vm: &mut Vm, v: Value) -> Result<Vec<u8>, Unwind> {
    if vm.is_string(v) {
        return Ok(vm.string_bytes(v));
    }
    if v.is_heap()
        && let Some(r) = vm.check_funcall(v, crate::value::sym::TO_STR)?
    {
        if vm.is_string(r) {
            return Ok(vm.string_bytes(r));
        }
        // rb_convert_type_with_id: to_str answered something else.
        let c = vm.class_name(vm.real_class_of(v));
        let rc = vm.class_name(vm.real_class_of(r));
        return Err(vm.type_error(&format!(
            "can't convert {c} to String ({c}#to_str gives {rc})"
        )));
    }
    let c = type_name(vm, v);
    Err(vm.type_error(&format!("no implicit conversion of {c} into String")))
}

/// The name CRuby's conversion errors use: `nil`, `true`, or the class.
pub fn type_name(vm: &Vm, v: Value) -> String {
    if v.is_nil() {
        "nil".into()
    } else if v == Value::TRUE {
        "true".into()
    } else if v == Value::FALSE {
        "false".into()
    } else {
        vm.class_name(vm.real_class_of(v))
    }
}

/// A Symbol or String argument (or an object with `to_str`) as a
/// method/ivar/constant name, as CRuby's `rb_check_id`.
pub fn name_arg(vm: &mut Vm, v: Value) -> Result<crate::value::SymbolId, Unwind> {
    if let Some(s) = v.as_symbol() {
        return Ok(s);
    }
    if vm.is_string(v) {
        let s = vm.string_lossy(v);
        return Ok(crate::value::symbol::intern(&s));
    }
    if v.is_heap()
        && let Some(r) = vm.check_funcall(v, crate::value::sym::TO_STR)?
        && !r.is_nil()
    {
        if vm.is_string(r) {
            let s = vm.string_lossy(r);
            return Ok(crate::value::symbol::intern(&s));
        }
        let c = vm.class_name(vm.real_class_of(v));
        let rc = vm.class_name(vm.real_class_of(r));
        return Err(vm.type_error(&format!(
            "can't convert {c} to String ({c}#to_str gives {rc})"
        )));
    }
    let s = vm.inspect(v)?;
    Err(vm.type_error(&format!("{s} is not a symbol nor a string")))
}

#[inline]
pub fn check_frozen(vm: &mut Vm, v: Value) -> Result<(), Unwind> {
    if v.is_heap() && obj(v).is_frozen() {
        return Err(frozen(vm, v));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn frozen(vm: &mut Vm, v: Value) -> Unwind {
    vm.frozen_error(v)
}
