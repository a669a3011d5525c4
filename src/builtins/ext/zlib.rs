//! `zlib.so`'s native half: Zlib.crc32/adler32 and the one-shot deflate
//! and inflate primitives (flate2, crc32fast, adler2) that the Ruby half
//! (`lib/ext/zlib.rb`: streams, gzip framing, GzipWriter/GzipReader)
//! builds on. flate2 runs on the reference zlib (libz-sys, built from its
//! bundled C source), so at levels 1..9 the compressed bytes are the ones
//! CRuby's libz produces, also for a `Zlib::Deflate` stream's flushes
//! and window sizes; level 0 (stored blocks sized by the output buffer),
//! strategies and memory levels other than the defaults (flate2 does not
//! expose them), and `params` across pending output are not yet
//! reproduced byte for byte.

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use crate::gc::obj;
use crate::object::Body;

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
    let Some((level, _, _)) = deflate_config(level, 15, 8, 0) else {
        return Err(zerror(vm, "StreamError", "stream error"));
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

/// A `Zlib::Deflate` stream's z_stream.
struct DeflateStream {
    c: Compress,
    finished: bool,
}

/// deflateInit2's checks: `level` -1..9, `wbits` 8..15 (zlib), -15..-8
/// (raw) or 25..31 (gzip; a window of 8 only with the zlib wrapper, where
/// zlib makes it 9), memory level 1..9, strategy 0..4.
fn deflate_config(
    level: i64,
    wbits: i64,
    memlevel: i64,
    strategy: i64,
) -> Option<(Compression, u8, u8)> {
    let level = match level {
        -1 => Compression::default(),
        0..=9 => Compression::new(level as u32),
        _ => return None,
    };
    let (wrap, bits) = match wbits {
        -15..=-8 => (0, -wbits),
        8..=15 => (1, wbits),
        24..=31 => (2, wbits - 16),
        _ => return None,
    };
    if bits == 8 && wrap != 1 || !(1..=9).contains(&memlevel) || !(0..=4).contains(&strategy) {
        return None;
    }
    Some((level, wrap, bits.max(9) as u8))
}

/// `Zlib.__deflate_stream(level, wbits, memlevel, strategy)`: a new
/// deflate z_stream (Zlib::StreamError for parameters zlib refuses).
fn deflate_stream(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let mut n = [0i64; 4];
    for (i, d) in [-1, 15, 8, 0].into_iter().enumerate() {
        n[i] = if a[i].is_nil() { d } else { int_arg(vm, a[i])? };
    }
    let Some((level, wrap, bits)) = deflate_config(n[0], n[1], n[2], n[3]) else {
        return Err(zerror(vm, "StreamError", "stream error"));
    };
    let c = match wrap {
        2 => Compress::new_gzip(level, bits),
        w => Compress::new_with_window_bits(level, w == 1, bits),
    };
    let st = DeflateStream { c, finished: false };
    Ok(vm.heap.alloc(cls::OBJECT, Body::Data(Box::new(st))))
}

/// Runs `f` on the stream `v` holds.
fn with_stream<T>(
    vm: &mut Vm,
    v: Value,
    f: impl FnOnce(&mut DeflateStream) -> T,
) -> Result<T, Unwind> {
    if v.is_heap()
        && let Body::Data(d) = &mut *obj(v).body.borrow_mut()
        && let Some(st) = d.downcast_mut::<DeflateStream>()
    {
        return Ok(f(st));
    }
    Err(vm.type_error("not a deflate stream"))
}

/// `Zlib.__deflate_run(stream, input, flush)`: zstream_run: all of
/// `input` deflated with `flush` (0 none, 1 partial, 2 sync, 3 full,
/// 4 finish); the output it produced.
fn deflate_run(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let data = str_arg(vm, a[1])?;
    let flush = match int_arg(vm, a[2])? {
        0 => FlushCompress::None,
        1 => FlushCompress::Partial,
        2 => FlushCompress::Sync,
        3 => FlushCompress::Full,
        4 => FlushCompress::Finish,
        _ => return Err(zerror(vm, "StreamError", "stream error")),
    };
    let r = with_stream(vm, a[0], |st| {
        let mut out = Vec::with_capacity(data.len() / 2 + 64);
        let start = st.c.total_in();
        loop {
            if out.len() == out.capacity() {
                out.reserve(out.capacity().max(64));
            }
            let (len, spare) = (out.len(), out.capacity() - out.len());
            let consumed = (st.c.total_in() - start) as usize;
            match st.c.compress_vec(&data[consumed..], &mut out, flush) {
                Ok(Status::StreamEnd) => {
                    st.finished = true;
                    break;
                }
                Ok(_) => {}
                Err(_) => return Err(()),
            }
            // Done when the input is used up and zlib left room in the
            // output: it has nothing more to write for this flush.
            let consumed = (st.c.total_in() - start) as usize;
            if consumed == data.len() && out.len() - len < spare {
                break;
            }
        }
        Ok(out)
    })?;
    match r {
        Ok(out) => Ok(super::binary_str(vm, out)),
        Err(()) => Err(zerror(vm, "StreamError", "stream error")),
    }
}

/// `Zlib.__deflate_info(stream)`: `[total_in, total_out, finished?]`.
fn deflate_info(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let (i, o, f) = with_stream(vm, a[0], |st| {
        (st.c.total_in(), st.c.total_out(), st.finished)
    })?;
    Ok(vm.ary_new(vec![
        Value::int(i as i64),
        Value::int(o as i64),
        Value::bool(f),
    ]))
}

/// `Zlib.__deflate_params(stream, level, strategy)`: deflateParams
/// (the level; flate2 keeps the default strategy).
fn deflate_params(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let level = if a[1].is_nil() {
        -1
    } else {
        int_arg(vm, a[1])?
    };
    let strategy = if a[2].is_nil() { 0 } else { int_arg(vm, a[2])? };
    let Some((level, _, _)) = deflate_config(level, 15, 8, strategy) else {
        return Err(zerror(vm, "StreamError", "stream error"));
    };
    let ok = with_stream(vm, a[0], |st| st.c.set_level(level).is_ok())?;
    if !ok {
        return Err(zerror(vm, "BufError", "buffer error"));
    }
    Ok(Value::NIL)
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
    vm.def_singleton_builtin(z, "__deflate_stream", 4, deflate_stream);
    vm.def_singleton_builtin(z, "__deflate_run", 3, deflate_run);
    vm.def_singleton_builtin(z, "__deflate_info", 1, deflate_info);
    vm.def_singleton_builtin(z, "__deflate_params", 3, deflate_params);
    Ok(())
}
