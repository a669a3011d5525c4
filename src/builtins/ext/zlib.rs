//! `zlib.so`'s native half: Zlib.crc32/adler32 and the one-shot deflate
//! and inflate primitives (flate2, crc32fast, adler2) that the Ruby half
//! (`lib/ext/zlib.rb`: streams, gzip framing, GzipWriter/GzipReader)
//! builds on. flate2 runs on the reference zlib (libz-sys, built from its
//! bundled C source), so at levels 1..9 the compressed bytes are the ones
//! CRuby's libz produces; level 0 (stored blocks sized by the output
//! buffer), strategies and memory levels other than the defaults, and
//! `params` across a flush are not yet reproduced byte for byte.

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use crate::class::cls;
use crate::interp::{VResult, Vm};
use std::rc::Rc;

use crate::object::{BlockArg, Unwind};
use crate::value::Value;

use super::super::{int_arg, str_arg};

/// Raises `Zlib::NAME` (a class the Ruby half defines) with `msg`.
#[cold]
fn zerror(vm: &mut Vm, name: &str, msg: &str) -> Unwind {
    let c = super::class_at(vm, &format!("Zlib::{name}")).unwrap_or(vm.e.runtime_error);
    vm.error(c, msg)
}

/// A checksum's optional (string, start) arguments.
fn checksum_args(vm: &mut Vm, a: &[Value]) -> Result<(Option<Vec<u8>>, Option<u32>), Unwind> {
    if a.len() > 2 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..2)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let start = match a.get(1) {
        Some(&v) => Some(int_arg(vm, v)? as u32),
        None => None,
    };
    let data = match a.first() {
        Some(&v) if !v.is_nil() => Some(str_arg(vm, v)?),
        _ => None,
    };
    Ok((data, start))
}

fn crc32(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let (data, start) = checksum_args(vm, a)?;
    let start = start.unwrap_or(0);
    let Some(d) = data else {
        return Ok(Value::int(start as i64));
    };
    let mut h = crc32fast::Hasher::new_with_initial(start);
    h.update(&d);
    Ok(Value::int(h.finalize() as i64))
}

fn adler32(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let (data, start) = checksum_args(vm, a)?;
    let start = start.unwrap_or(1);
    let Some(d) = data else {
        return Ok(Value::int(start as i64));
    };
    let mut h = adler2::Adler32::from_checksum(start);
    h.write_slice(&d);
    Ok(Value::int(h.checksum() as i64))
}

/// `Zlib.__deflate(data, level, raw)`: the whole of `data` compressed
/// (zlib format, or raw deflate when `raw`).
fn deflate(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let data = str_arg(vm, a[0])?;
    let level = if a[1].is_nil() {
        -1
    } else {
        int_arg(vm, a[1])?
    };
    let level = match level {
        -1 => Compression::default(),
        0..=9 => Compression::new(level as u32),
        _ => return Err(zerror(vm, "StreamError", "stream error")),
    };
    let mut c = Compress::new(level, !a[2].truthy());
    let mut out = Vec::with_capacity(data.len() / 2 + 64);
    loop {
        let consumed = c.total_in() as usize;
        let before = c.total_out();
        let st = c
            .compress_vec(&data[consumed..], &mut out, FlushCompress::Finish)
            .map_err(|_| zerror(vm, "StreamError", "stream error"));
        if matches!(st?, Status::StreamEnd) {
            break;
        }
        if c.total_out() == before && out.len() < out.capacity() {
            break;
        }
        super::super::alloc_guard(vm, out.capacity() * 2, 1)?;
        out.reserve(out.capacity().max(64));
    }
    Ok(super::binary_str(vm, out))
}

/// `Zlib.__inflate(data, raw)`: `[output, bytes consumed, finished?]`.
/// A zlib header is checked first (zlib's own messages); corrupt data
/// raises Zlib::DataError.
fn inflate(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let data = str_arg(vm, a[0])?;
    let raw = a[1].truthy();
    if !raw && data.len() >= 2 {
        let (cmf, flg) = (data[0] as u32, data[1] as u32);
        if (cmf * 256 + flg) % 31 != 0 {
            return Err(zerror(vm, "DataError", "incorrect header check"));
        }
        if cmf & 0x0f != 8 {
            return Err(zerror(vm, "DataError", "unknown compression method"));
        }
        if flg & 0x20 != 0 {
            return Err(zerror(vm, "NeedDict", "need dictionary"));
        }
    }
    let mut d = Decompress::new(!raw);
    let mut out = Vec::with_capacity(data.len() * 3 + 64);
    let finished = loop {
        let consumed = d.total_in() as usize;
        let before = (d.total_in(), d.total_out());
        let st = match d.decompress_vec(&data[consumed..], &mut out, FlushDecompress::None) {
            Ok(s) => s,
            Err(e) => {
                let msg = if e.to_string().contains("checksum") {
                    "incorrect data check".to_string()
                } else {
                    "invalid compressed data".to_string()
                };
                return Err(zerror(vm, "DataError", &msg));
            }
        };
        if matches!(st, Status::StreamEnd) {
            break true;
        }
        if (d.total_in(), d.total_out()) == before && out.len() < out.capacity() {
            break false;
        }
        if out.len() == out.capacity() {
            super::super::alloc_guard(vm, out.capacity() * 2, 1)?;
            out.reserve(out.capacity());
        }
    };
    let consumed = Value::int(d.total_in() as i64);
    let o = super::binary_str(vm, out);
    let f = if finished { Value::TRUE } else { Value::FALSE };
    Ok(vm.ary_new(vec![o, consumed, f]))
}

/// `Init_zlib`'s native part: the Zlib module with its checksums and the
/// hidden one-shot primitives.
pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let z = vm.new_module(Some("Zlib"), Some(cls::OBJECT));
    vm.def_module_function(z, "crc32", -1, crc32);
    vm.def_module_function(z, "adler32", -1, adler32);
    vm.def_singleton_builtin(z, "__deflate", 3, deflate);
    vm.def_singleton_builtin(z, "__inflate", 2, inflate);
    Ok(())
}
