//! `digest.so` (Digest, Digest::Base's native half, Digest.hexencode) and
//! the algorithm extensions `digest/md5.so`, `digest/sha1.so`,
//! `digest/sha2.so`, `digest/rmd160.so` on the RustCrypto crates.
//!
//! A Digest::Base object keeps the bytes given to `update` in the hidden
//! ivar `__buf` (a String) and hashes them when asked for the value, so a
//! copy (`dup`, `digest` without argument) is a String copy; memory is the
//! size of the input rather than the algorithm's state. The algorithm is a
//! Symbol in the hidden class ivar `__algo` of the class that `init_md5`
//! (...) creates; subclasses find it through their ancestors.

use md5::Digest as _;

use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use std::rc::Rc;

use crate::object::{BlockArg, Body, Unwind};
use crate::value::Value;

/// (name, digest length, block length) of each algorithm.
const ALGOS: &[(&str, usize, usize)] = &[
    ("MD5", 16, 64),
    ("SHA1", 20, 64),
    ("SHA256", 32, 64),
    ("SHA384", 48, 128),
    ("SHA512", 64, 128),
    ("RMD160", 20, 64),
];

fn hash(algo: &str, data: &[u8]) -> Vec<u8> {
    match algo {
        "MD5" => md5::Md5::digest(data).to_vec(),
        "SHA1" => sha1::Sha1::digest(data).to_vec(),
        "SHA256" => sha2::Sha256::digest(data).to_vec(),
        "SHA384" => sha2::Sha384::digest(data).to_vec(),
        "SHA512" => sha2::Sha512::digest(data).to_vec(),
        _ => ripemd::Ripemd160::digest(data).to_vec(),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `Init_digest`: the Digest module with `hexencode`, Digest::Instance,
/// Digest::Class and Digest::Base with its native methods. The Ruby half
/// (`lib/ext/digest.rb`) writes Instance's and Class's methods and
/// includes Instance into Class.
pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let digest = vm.new_module(Some("Digest"), Some(cls::OBJECT));
    vm.def_module_function(digest, "hexencode", 1, |vm, _, a, _| {
        let b = super::super::str_arg(vm, a[0])?;
        Ok(vm.str_new(&hex(&b)))
    });
    vm.new_module(Some("Instance"), Some(digest));
    let class = vm.new_class(Some("Class"), cls::OBJECT, Some(digest));
    let base = vm.new_class(Some("Base"), class, Some(digest));
    vm.def_builtin(base, "update", 1, update);
    vm.def_builtin(base, "<<", 1, update);
    vm.def_builtin(base, "reset", 0, reset);
    vm.def_private_builtin(base, "finish", 0, finish);
    vm.def_builtin(base, "digest_length", 0, |vm, s, _, _| {
        Ok(Value::int(algo_of(vm, s)?.1 as i64))
    });
    vm.def_builtin(base, "block_length", 0, |vm, s, _, _| {
        Ok(Value::int(algo_of(vm, s)?.2 as i64))
    });
    vm.def_builtin(base, "initialize_copy", 1, |vm, s, a, _| {
        if s != a[0] {
            super::super::check_frozen(vm, s)?;
            if algo_of(vm, s)?.0 != algo_of(vm, a[0])?.0 {
                return Err(vm.type_error("different algorithms"));
            }
            let b = buffer(vm, a[0]);
            let copy = vm.str_from_bytes(b);
            vm.ivar_set_name(s, crate::intern!("__buf"), copy);
        }
        Ok(s)
    });
    Ok(())
}

/// The algorithm of `v`'s class (the first ancestor created by an
/// algorithm extension).
fn algo_of(vm: &mut Vm, v: Value) -> Result<(&'static str, usize, usize), Unwind> {
    let c = vm.real_class_of(v);
    let key = crate::intern!("__algo");
    for a in vm.classes.ancestors(c).iter() {
        let name = vm.ivar_get_name(vm.class_value(*a), key);
        if let Some(n) = vm.symbol_name(name)
            && let Some(&e) = ALGOS.iter().find(|e| e.0 == n)
        {
            return Ok(e);
        }
    }
    Err(base_misuse(vm))
}

#[cold]
fn base_misuse(vm: &mut Vm) -> Unwind {
    vm.error(
        vm.e.runtime_error,
        "Digest::Base cannot be directly inherited in Ruby",
    )
}

/// The bytes given to `update` since the last reset.
fn buffer(vm: &Vm, s: Value) -> Vec<u8> {
    let b = vm.ivar_get_name(s, crate::intern!("__buf"));
    if vm.is_string(b) {
        vm.string_bytes(b)
    } else {
        Vec::new()
    }
}

fn update(vm: &mut Vm, s: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let data = super::super::str_arg(vm, a[0])?;
    algo_of(vm, s)?;
    let key = crate::intern!("__buf");
    let b = vm.ivar_get_name(s, key);
    if vm.is_string(b) {
        if let Body::String(rs) = &mut *obj(b).body.borrow_mut() {
            super::super::alloc_guard(vm, rs.bytes.len() + data.len(), 1)?;
            rs.bytes.extend_from_slice(&data);
        }
    } else {
        let nb = vm.str_from_bytes(data);
        vm.ivar_set_name(s, key, nb);
    }
    Ok(s)
}

fn reset(vm: &mut Vm, s: Value, _: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    algo_of(vm, s)?;
    let nb = vm.str_from_bytes(Vec::new());
    vm.ivar_set_name(s, crate::intern!("__buf"), nb);
    Ok(s)
}

fn finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let (name, _, _) = algo_of(vm, s)?;
    let b = buffer(vm, s);
    Ok(super::binary_str(vm, hash(name, &b)))
}

/// Loads `digest` (as the C extensions' `rb_require("digest")`) and
/// creates each algorithm class of `names` under Digest, below
/// Digest::Base.
fn define_algos(vm: &mut Vm, names: &[&str]) -> Result<(), Unwind> {
    vm.require("digest", None)?;
    let Some(base) = super::class_at(vm, "Digest::Base") else {
        return Err(vm.error(vm.e.load_error, "digest is not loaded"));
    };
    let digest = super::class_at(vm, "Digest").unwrap_or(cls::OBJECT);
    for n in names {
        let c = vm.new_class(Some(n), base, Some(digest));
        let cv = vm.class_value(c);
        let algo = vm.sym(n);
        vm.ivar_set_name(cv, crate::intern!("__algo"), algo);
    }
    Ok(())
}

pub fn init_md5(vm: &mut Vm) -> Result<(), Unwind> {
    define_algos(vm, &["MD5"])
}

pub fn init_sha1(vm: &mut Vm) -> Result<(), Unwind> {
    define_algos(vm, &["SHA1"])
}

pub fn init_sha2(vm: &mut Vm) -> Result<(), Unwind> {
    define_algos(vm, &["SHA256", "SHA384", "SHA512"])
}

pub fn init_rmd160(vm: &mut Vm) -> Result<(), Unwind> {
    define_algos(vm, &["RMD160"])
}
