//! A `File` instance's open descriptor with CRuby's buffering (io.c): a
//! read buffer and a write buffer of 8 KiB. Writes stay in the buffer
//! until it fills, unless the file is `sync` (or a terminal); the write
//! buffer goes out before any read, seek, tell, truncate, size, `flush`,
//! `fsync` and close; a read with nothing buffered reads straight into
//! its result (io_bufread); a seek or a write first gives back what was
//! read ahead (io_unread). Files still open at exit are flushed (as
//! CRuby's finalizers do), not after `exit!`; one the collector frees is
//! flushed and closed then.
//!
//! The state is a `FileBuf` in a `Body::Data` object that prelude/file.rb
//! keeps in the File (`@fb`); the `RubyVM::FileIO.fb_*` functions here
//! are the File methods' primitives.

use std::fs::File;
use std::io::{ErrorKind, Read, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::builtins::string::Enc;
use crate::gc::obj;
use crate::interp::Vm;
use crate::object::{Body, Unwind};
use crate::value::Value;

type R<T> = Result<T, Unwind>;

/// IO_RBUF_CAPA_MIN and IO_WBUF_CAPA_MIN.
const CAPA: usize = 8192;

/// Set by `exit!`: buffers freed after it are not written.
static ABANDONED: AtomicBool = AtomicBool::new(false);

/// One open file's descriptor and buffers.
pub struct FileBuf {
    /// None once closed.
    file: Option<File>,
    path: String,
    /// Read ahead, not yet consumed: `rbuf[roff..]`.
    rbuf: Vec<u8>,
    roff: usize,
    wbuf: Vec<u8>,
    sync: bool,
}

impl Drop for FileBuf {
    fn drop(&mut self) {
        if !ABANDONED.load(Ordering::Relaxed) {
            let _ = self.flush();
        }
    }
}

fn ebadf() -> std::io::Error {
    std::io::Error::from_raw_os_error(rustix::io::Errno::BADF.raw_os_error())
}

/// read(2) retried on EINTR.
fn read_fd(mut f: &File, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match f.read(buf) {
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

impl FileBuf {
    fn file(&self) -> std::io::Result<&File> {
        self.file.as_ref().ok_or_else(ebadf)
    }

    fn unread(&self) -> usize {
        self.rbuf.len() - self.roff
    }

    /// Writes out the write buffer (io_fflush).
    fn flush(&mut self) -> std::io::Result<()> {
        if self.wbuf.is_empty() {
            return Ok(());
        }
        let mut f = self.file()?;
        let r = f.write_all(&self.wbuf);
        self.wbuf.clear();
        r
    }

    /// Gives back what was read ahead, moving the offset back over it
    /// (io_unread); a descriptor that cannot seek keeps it.
    fn unread_back(&mut self) -> std::io::Result<()> {
        let n = self.unread();
        if n > 0 {
            let mut f = self.file()?;
            match f.seek(SeekFrom::Current(-(n as i64))) {
                Ok(_) => {}
                Err(e) if e.raw_os_error() == Some(rustix::io::Errno::SPIPE.raw_os_error()) => {
                    return Ok(());
                }
                Err(e) => return Err(e),
            }
        }
        self.rbuf.clear();
        self.roff = 0;
        Ok(())
    }

    fn write(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.unread_back()?;
        if self.sync || self.wbuf.len() + b.len() >= CAPA {
            self.flush()?;
            if self.sync || b.len() >= CAPA {
                let mut f = self.file()?;
                return f.write_all(b);
            }
        }
        self.file()?;
        self.wbuf.extend_from_slice(b);
        Ok(())
    }

    /// Reads more into the read buffer; 0 at the end (io_fillbuf).
    fn fill(&mut self) -> std::io::Result<usize> {
        if self.roff == self.rbuf.len() {
            self.rbuf.clear();
            self.roff = 0;
        } else if self.roff >= CAPA {
            self.rbuf.drain(..self.roff);
            self.roff = 0;
        }
        let old = self.rbuf.len();
        self.rbuf.resize(old + CAPA, 0);
        let f = self.file.as_ref().ok_or_else(ebadf);
        let r = f.and_then(|f| read_fd(f, &mut self.rbuf[old..]));
        self.rbuf.truncate(old + *r.as_ref().unwrap_or(&0));
        r
    }

    fn take(&mut self, n: usize, out: &mut Vec<u8>) {
        let n = n.min(self.unread());
        out.extend_from_slice(&self.rbuf[self.roff..self.roff + n]);
        self.roff += n;
    }

    /// At most `n` bytes (fewer only at the end) (io_bufread).
    fn read(&mut self, n: usize) -> std::io::Result<Vec<u8>> {
        self.flush()?;
        let mut out = Vec::new();
        if self.unread() == 0 {
            // Nothing buffered: straight into the result, grown a chunk
            // at a time (a huge `n` must not be allocated up front).
            let mut got = 0;
            while got < n {
                let want = (n - got).min(1 << 20);
                out.resize(got + want, 0);
                let k = read_fd(self.file()?, &mut out[got..got + want])?;
                if k == 0 {
                    break;
                }
                got += k;
            }
            out.truncate(got);
            return Ok(out);
        }
        while out.len() < n {
            self.take(n - out.len(), &mut out);
            if out.len() < n && self.fill()? == 0 {
                break;
            }
        }
        Ok(out)
    }

    fn read_all(&mut self) -> std::io::Result<Vec<u8>> {
        self.flush()?;
        let mut out = self.rbuf.split_off(self.roff);
        self.rbuf.clear();
        self.roff = 0;
        let mut f = self.file()?;
        loop {
            match f.read_to_end(&mut out) {
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                r => return r.map(|_| out),
            }
        }
    }

    /// What is buffered, or one read(2) of at most `n` (readpartial).
    fn read_partial(&mut self, n: usize) -> std::io::Result<Vec<u8>> {
        self.flush()?;
        let mut out = Vec::new();
        if self.unread() == 0 {
            self.fill()?;
        }
        self.take(n, &mut out);
        Ok(out)
    }

    /// Ensures `n` bytes are buffered if the file has them; false when
    /// fewer remain.
    fn want(&mut self, n: usize) -> std::io::Result<bool> {
        while self.unread() < n {
            if self.fill()? == 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The next line: up to and including `sep` (None: everything), in
    /// paragraph mode (`para`, sep "\n\n") without the newlines around
    /// it; at most `limit` bytes, completed to a whole UTF-8 character
    /// when `utf8`. None at the end.
    fn gets(
        &mut self,
        sep: Option<&[u8]>,
        limit: Option<usize>,
        para: bool,
        utf8: bool,
    ) -> std::io::Result<Option<Vec<u8>>> {
        self.flush()?;
        if para {
            loop {
                while self.unread() > 0 && self.rbuf[self.roff] == b'\n' {
                    self.roff += 1;
                }
                if self.unread() > 0 || self.fill()? == 0 {
                    break;
                }
            }
        }
        let mut scanned: usize = 0;
        let end = loop {
            let avail = &self.rbuf[self.roff..];
            if let Some(sep) = sep.filter(|s| !s.is_empty()) {
                let from = scanned.saturating_sub(sep.len() - 1);
                if let Some(i) = avail[from..].windows(sep.len()).position(|w| w == sep) {
                    break Some(from + i + sep.len());
                }
            }
            if limit.is_some_and(|l| avail.len() >= l) {
                break None;
            }
            scanned = avail.len();
            if self.fill()? == 0 {
                break None;
            }
        };
        let avail = self.unread();
        if avail == 0 {
            return Ok(None);
        }
        let mut n = end.unwrap_or(avail);
        if let Some(l) = limit.filter(|l| *l < n) {
            n = l;
            if utf8 {
                // Complete a character cut by the limit.
                let need = utf8_rest(&self.rbuf[self.roff..], n);
                if need > 0 {
                    self.want(n + need)?;
                    n = (n + need).min(self.unread());
                }
            }
        }
        let mut line = Vec::with_capacity(n);
        self.take(n, &mut line);
        if para && end.is_some() {
            loop {
                while self.unread() > 0 && self.rbuf[self.roff] == b'\n' {
                    self.roff += 1;
                }
                if self.unread() > 0 || self.fill()? == 0 {
                    break;
                }
            }
        }
        Ok(Some(line))
    }

    fn tell(&mut self) -> std::io::Result<u64> {
        self.flush()?;
        let mut f = self.file()?;
        let pos = f.stream_position()?;
        Ok(pos.saturating_sub(self.unread() as u64))
    }

    fn seek(&mut self, off: i64, whence: i64) -> std::io::Result<u64> {
        self.flush()?;
        let to = match whence {
            0 if off < 0 => return Err(std::io::Error::from_raw_os_error(libc::EINVAL)),
            0 => SeekFrom::Start(off as u64),
            1 => SeekFrom::Current(off - self.unread() as i64),
            _ => SeekFrom::End(off),
        };
        let mut f = self.file()?;
        let r = f.seek(to)?;
        self.rbuf.clear();
        self.roff = 0;
        Ok(r)
    }

    fn eof(&mut self) -> std::io::Result<bool> {
        self.flush()?;
        Ok(self.unread() == 0 && self.fill()? == 0)
    }

    fn unget(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.flush()?;
        if self.roff >= b.len() {
            self.roff -= b.len();
            self.rbuf[self.roff..self.roff + b.len()].copy_from_slice(b);
        } else {
            let rest = self.rbuf.split_off(self.roff);
            self.rbuf.clear();
            self.rbuf.extend_from_slice(b);
            self.rbuf.extend_from_slice(&rest);
            self.roff = 0;
        }
        Ok(())
    }

    fn close(&mut self) -> std::io::Result<()> {
        let r = self.flush();
        self.rbuf = Vec::new();
        self.roff = 0;
        self.file = None;
        r
    }
}

/// How many bytes past `n` complete the UTF-8 character `b[..n]` cuts.
fn utf8_rest(b: &[u8], n: usize) -> usize {
    let mut start = n;
    while start > 0 && n - start < 4 && b[start - 1] & 0xc0 == 0x80 {
        start -= 1;
    }
    if start == 0 {
        return 0;
    }
    let lead = b[start - 1];
    let len = match lead {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return 0,
    };
    (start - 1 + len).saturating_sub(n)
}

/// `exit!`: what is still buffered is lost, as CRuby's _exit loses it.
pub fn abandon() {
    ABANDONED.store(true, Ordering::Relaxed);
}

/// At exit: writes out every open file's buffer (write errors ignored).
pub fn flush_all(vm: &mut Vm) {
    vm.heap.each_object(|v| {
        if let Ok(mut b) = obj(v).body.try_borrow_mut()
            && let Body::Data(d) = &mut *b
            && let Some(fb) = d.downcast_mut::<FileBuf>()
        {
            let _ = fb.flush();
        }
    });
}

/// Runs `f` on the FileBuf `v` holds; EBADF for anything else.
fn with<T>(v: Value, f: impl FnOnce(&mut FileBuf) -> std::io::Result<T>) -> std::io::Result<T> {
    if !v.is_heap() {
        return Err(ebadf());
    }
    let mut b = obj(v).body.borrow_mut();
    match &mut *b {
        Body::Data(d) => match d.downcast_mut::<FileBuf>() {
            Some(fb) => f(fb),
            None => Err(ebadf()),
        },
        _ => Err(ebadf()),
    }
}

/// A duplicate of the descriptor of FileBuf `v`, for a child process's
/// standard descriptor (`spawn(out: file)`). What is buffered stays
/// buffered, as in CRuby (it goes out after the child's output).
pub fn dup_fd(v: Value) -> std::io::Result<OwnedFd> {
    with(v, |fb| Ok(fb.file()?.try_clone()?.into()))
}

fn path_of(v: Value) -> String {
    with(v, |fb| Ok(fb.path.clone())).unwrap_or_default()
}

/// An error of operation `what` on the file (`what - path`).
#[cold]
fn fail(vm: &mut Vm, fbv: Value, e: &std::io::Error, what: &str) -> Unwind {
    let p = path_of(fbv);
    if what == "io_fillbuf" {
        // As CRuby: "io_fillbuf - fd:5 /tmp".
        let fd = with(fbv, |fb| Ok(fb.file()?.as_raw_fd())).unwrap_or(-1);
        return super::file::errno(vm, e, &format!("{what} - fd:{fd} {p}"));
    }
    super::file::errno(vm, e, &format!("{what} - {p}"))
}

fn bytes(vm: &mut Vm, b: Vec<u8>, binary: bool) -> Value {
    let v = vm.str_from_bytes(b);
    if binary {
        Enc::Binary.set(v);
    }
    v
}

fn opt_len(vm: &mut Vm, v: Value) -> R<Option<usize>> {
    if v.is_nil() {
        return Ok(None);
    }
    let n = super::int_arg(vm, v)?;
    Ok(usize::try_from(n).ok())
}

/// fb_open(path, flags, perm): a new FileBuf object on `path` opened with
/// open(2)'s `flags` (File::Constants), created with `perm`.
fn open(vm: &mut Vm, a: &[Value]) -> R<Value> {
    use rustix::fs::{Mode, OFlags};
    let path = super::path_arg(vm, a[0])?;
    let flags = super::int_arg(vm, a[1])?;
    let perm = super::int_arg(vm, a[2])?;
    let oflags = OFlags::from_bits_retain(flags as u32) | OFlags::CLOEXEC;
    let r = rustix::fs::open(path.as_str(), oflags, Mode::from_bits_truncate(perm as u32));
    let fd: OwnedFd = match r {
        Ok(fd) => fd,
        Err(e) => {
            let e = std::io::Error::from(e);
            return Err(super::file::errno(vm, &e, &format!("rb_sysopen - {path}")));
        }
    };
    // A terminal is written at once (FMODE_TTY).
    let sync = rustix::termios::isatty(&fd);
    let fb = FileBuf {
        file: Some(File::from(fd)),
        path,
        rbuf: Vec::new(),
        roff: 0,
        wbuf: Vec::new(),
        sync,
    };
    Ok(vm
        .heap
        .alloc(crate::class::cls::OBJECT, Body::Data(Box::new(fb))))
}

/// The value of an io::Result, or its errno raised as
/// `Errno::X (... @ what - path)`.
macro_rules! io {
    ($vm:expr, $fb:expr, $what:expr, $e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(fail($vm, $fb, &e, $what)),
        }
    };
}

pub fn init(vm: &mut Vm) {
    let m = vm.fileio_module;
    vm.def_module_function(m, "fb_open", 3, |vm, _, a, _| open(vm, a));
    vm.def_module_function(m, "fb_write", 2, |vm, _, a, _| {
        let b = vm.value_to_bytes(a[1])?;
        io!(vm, a[0], "io_write", with(a[0], |fb| fb.write(&b)));
        Ok(Value::int(b.len() as i64))
    });
    // fb_read(fb, len or nil, binary): `len` bytes (nil at the end), or
    // everything.
    vm.def_module_function(m, "fb_read", 3, |vm, _, a, _| match opt_len(vm, a[1])? {
        Some(n) => {
            let b = io!(vm, a[0], "io_fread", with(a[0], |fb| fb.read(n)));
            if b.is_empty() && n > 0 {
                return Ok(Value::NIL);
            }
            Ok(bytes(vm, b, true))
        }
        None => {
            let b = io!(vm, a[0], "io_fread", with(a[0], |fb| fb.read_all()));
            Ok(bytes(vm, b, a[2].truthy()))
        }
    });
    vm.def_module_function(m, "fb_readpartial", 2, |vm, _, a, _| {
        let n = opt_len(vm, a[1])?.unwrap_or(0);
        let b = io!(vm, a[0], "io_fread", with(a[0], |fb| fb.read_partial(n)));
        if b.is_empty() && n > 0 {
            return Ok(Value::NIL);
        }
        Ok(bytes(vm, b, true))
    });
    // fb_gets(fb, sep or nil, limit or nil, binary): sep "" is paragraph mode.
    vm.def_module_function(m, "fb_gets", 4, |vm, _, a, _| {
        let sep = if a[1].is_nil() {
            None
        } else {
            Some(super::str_arg(vm, a[1])?)
        };
        let limit = opt_len(vm, a[2])?;
        let binary = a[3].truthy();
        let para = sep.as_deref() == Some(b"");
        let sep = if para { Some(b"\n\n".to_vec()) } else { sep };
        let r = with(a[0], |fb| fb.gets(sep.as_deref(), limit, para, !binary));
        match io!(vm, a[0], "io_fillbuf", r) {
            Some(b) => Ok(bytes(vm, b, binary)),
            None => Ok(Value::NIL),
        }
    });
    vm.def_module_function(m, "fb_getbyte", 1, |vm, _, a, _| {
        let r = with(a[0], |fb| {
            fb.flush()?;
            if !fb.want(1)? {
                return Ok(None);
            }
            fb.roff += 1;
            Ok(Some(fb.rbuf[fb.roff - 1]))
        });
        Ok(io!(vm, a[0], "io_fillbuf", r).map_or(Value::NIL, |b| Value::int(b as i64)))
    });
    // One character (UTF-8 unless `binary`): its bytes, nil at the end.
    vm.def_module_function(m, "fb_getc", 2, |vm, _, a, _| {
        let binary = a[1].truthy();
        let r = with(a[0], |fb| {
            fb.flush()?;
            if !fb.want(1)? {
                return Ok(None);
            }
            let lead = fb.rbuf[fb.roff];
            let mut n = match lead {
                _ if binary => 1,
                0xc2..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf4 => 4,
                _ => 1,
            };
            if n > 1 {
                fb.want(n)?;
                let got = &fb.rbuf[fb.roff + 1..(fb.roff + n).min(fb.rbuf.len())];
                // An invalid sequence: its lead byte alone.
                if got.len() < n - 1 || got.iter().any(|b| b & 0xc0 != 0x80) {
                    n = 1;
                }
            }
            let mut out = Vec::with_capacity(n);
            fb.take(n, &mut out);
            Ok(Some(out))
        });
        match io!(vm, a[0], "io_fillbuf", r) {
            Some(b) => Ok(bytes(vm, b, binary)),
            None => Ok(Value::NIL),
        }
    });
    vm.def_module_function(m, "fb_unget", 2, |vm, _, a, _| {
        let b = super::str_arg(vm, a[1])?;
        io!(vm, a[0], "ungetc", with(a[0], |fb| fb.unget(&b)));
        Ok(Value::NIL)
    });
    vm.def_module_function(m, "fb_flush", 1, |vm, _, a, _| {
        io!(vm, a[0], "rb_io_flush", with(a[0], |fb| fb.flush()));
        Ok(Value::NIL)
    });
    // fb_fsync(fb, data_only)
    vm.def_module_function(m, "fb_fsync", 2, |vm, _, a, _| {
        let data = a[1].truthy();
        let r = with(a[0], |fb| {
            fb.flush()?;
            let f = fb.file()?;
            if data { f.sync_data() } else { f.sync_all() }
        });
        io!(vm, a[0], "rb_io_fsync", r);
        Ok(Value::int(0))
    });
    vm.def_module_function(m, "fb_tell", 1, |vm, _, a, _| {
        let p = io!(vm, a[0], "rb_io_tell", with(a[0], |fb| fb.tell()));
        Ok(Value::int(p as i64))
    });
    vm.def_module_function(m, "fb_seek", 3, |vm, _, a, _| {
        let off = super::int_arg(vm, a[1])?;
        let whence = super::int_arg(vm, a[2])?;
        let p = io!(
            vm,
            a[0],
            "rb_io_seek",
            with(a[0], |fb| fb.seek(off, whence))
        );
        Ok(Value::int(p as i64))
    });
    vm.def_module_function(m, "fb_eof", 1, |vm, _, a, _| {
        let e = io!(vm, a[0], "io_fillbuf", with(a[0], |fb| fb.eof()));
        Ok(Value::bool(e))
    });
    vm.def_module_function(m, "fb_truncate", 2, |vm, _, a, _| {
        let n = super::int_arg(vm, a[1])?;
        let r = with(a[0], |fb| {
            fb.flush()?;
            fb.unread_back()?;
            let n = u64::try_from(n).map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL));
            fb.file()?.set_len(n?)
        });
        io!(vm, a[0], "rb_file_truncate", r);
        Ok(Value::int(0))
    });
    vm.def_module_function(m, "fb_size", 1, |vm, _, a, _| {
        let r = with(a[0], |fb| {
            fb.flush()?;
            fb.file()?.metadata().map(|m| m.len())
        });
        let n = io!(vm, a[0], "rb_file_size", r);
        Ok(Value::int(n as i64))
    });
    vm.def_module_function(m, "fb_close", 1, |vm, _, a, _| {
        io!(vm, a[0], "rb_io_close", with(a[0], |fb| fb.close()));
        Ok(Value::NIL)
    });
    vm.def_module_function(m, "fb_fileno", 1, |vm, _, a, _| {
        let fd = io!(
            vm,
            a[0],
            "fileno",
            with(a[0], |fb| Ok(fb.file()?.as_raw_fd()))
        );
        Ok(Value::int(fd as i64))
    });
    vm.def_module_function(m, "fb_sync", 1, |vm, _, a, _| {
        let s = io!(vm, a[0], "sync", with(a[0], |fb| Ok(fb.sync)));
        Ok(Value::bool(s))
    });
    vm.def_module_function(m, "fb_set_sync", 2, |vm, _, a, _| {
        let on = a[1].truthy();
        let r = with(a[0], |fb| {
            fb.sync = on;
            Ok(())
        });
        io!(vm, a[0], "sync", r);
        Ok(a[1])
    });
    // pread(2) / pwrite(2): at an offset, leaving the buffers and the
    // file's offset alone (the write buffer goes out first).
    vm.def_module_function(m, "fb_pread", 3, |vm, _, a, _| {
        let n = opt_len(vm, a[1])?.unwrap_or(0);
        let off = super::int_arg(vm, a[2])?;
        let r = with(a[0], |fb| {
            fb.flush()?;
            let off =
                u64::try_from(off).map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL));
            let mut out = vec![0u8; n];
            let k = std::os::unix::fs::FileExt::read_at(fb.file()?, &mut out, off?)?;
            out.truncate(k);
            Ok(out)
        });
        let b = io!(vm, a[0], "pread", r);
        if b.is_empty() && n > 0 {
            return Ok(Value::NIL);
        }
        Ok(bytes(vm, b, true))
    });
    vm.def_module_function(m, "fb_pwrite", 3, |vm, _, a, _| {
        let b = vm.value_to_bytes(a[1])?;
        let off = super::int_arg(vm, a[2])?;
        let r = with(a[0], |fb| {
            fb.flush()?;
            let off =
                u64::try_from(off).map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL));
            std::os::unix::fs::FileExt::write_all_at(fb.file()?, &b, off?)
        });
        io!(vm, a[0], "pwrite", r);
        Ok(Value::int(b.len() as i64))
    });
    // flock(2); false when LOCK_NB and the lock is held elsewhere.
    vm.def_module_function(m, "fb_flock", 2, |vm, _, a, _| {
        use rustix::fs::FlockOperation as Op;
        let op = super::int_arg(vm, a[1])?;
        let nb = op & 4 != 0;
        let which = match (op & !4, nb) {
            (1, false) => Op::LockShared,
            (1, true) => Op::NonBlockingLockShared,
            (2, false) => Op::LockExclusive,
            (2, true) => Op::NonBlockingLockExclusive,
            (8, false) => Op::Unlock,
            (8, true) => Op::NonBlockingUnlock,
            _ => {
                let e = std::io::Error::from_raw_os_error(libc::EINVAL);
                return Err(fail(vm, a[0], &e, "flock"));
            }
        };
        let r = with(a[0], |fb| {
            fb.flush()?;
            Ok(rustix::fs::flock(fb.file()?, which))
        });
        match io!(vm, a[0], "flock", r) {
            Ok(()) => Ok(Value::int(0)),
            Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(Value::FALSE),
            Err(e) => Err(fail(vm, a[0], &e.into(), "flock")),
        }
    });
    vm.def_module_function(m, "fb_cloexec", 2, |vm, _, a, _| {
        use rustix::io::FdFlags;
        let set = a[1];
        let r = with(a[0], |fb| {
            let f = fb.file()?;
            let fl = rustix::io::fcntl_getfd(f)?;
            if !set.is_nil() {
                let fl = if set.truthy() {
                    fl | FdFlags::CLOEXEC
                } else {
                    fl - FdFlags::CLOEXEC
                };
                rustix::io::fcntl_setfd(f, fl)?;
                return Ok(set.truthy());
            }
            Ok(fl.contains(FdFlags::CLOEXEC))
        });
        let on = io!(vm, a[0], "close_on_exec", r);
        Ok(Value::bool(on))
    });
    // A FileBuf on a dup(2) of the descriptor, once this one's buffer is
    // written and its read-ahead given back.
    vm.def_module_function(m, "fb_dup", 1, |vm, _, a, _| {
        let r = with(a[0], |fb| {
            fb.flush()?;
            fb.unread_back()?;
            let file = fb.file()?.try_clone()?;
            Ok(FileBuf {
                file: Some(file),
                path: fb.path.clone(),
                rbuf: Vec::new(),
                roff: 0,
                wbuf: Vec::new(),
                sync: fb.sync,
            })
        });
        let fb = io!(vm, a[0], "dup", r);
        Ok(vm
            .heap
            .alloc(crate::class::cls::OBJECT, Body::Data(Box::new(fb))))
    });
    vm.def_module_function(m, "fb_stat", 1, |vm, _, a, _| {
        let md = io!(
            vm,
            a[0],
            "rb_io_stat",
            with(a[0], |fb| fb.file()?.metadata())
        );
        Ok(super::file::stat_array(vm, &md))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, content: &[u8]) -> FileBuf {
        let path =
            std::env::temp_dir().join(format!("carmine-filebuf-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .unwrap();
        let _ = std::fs::remove_file(&path);
        FileBuf {
            file: Some(file),
            path: String::new(),
            rbuf: Vec::new(),
            roff: 0,
            wbuf: Vec::new(),
            sync: false,
        }
    }

    #[test]
    fn utf8_completion() {
        assert_eq!(utf8_rest("aé".as_bytes(), 2), 1);
        assert_eq!(utf8_rest("aé".as_bytes(), 3), 0);
        assert_eq!(utf8_rest("€".as_bytes(), 1), 2);
    }

    #[test]
    fn lines_paragraphs_and_position() {
        let mut fb = temp("lines", b"\n\na\nb\n\n\nc\n");
        assert_eq!(
            fb.gets(Some(b"\n\n"), None, true, true).unwrap().unwrap(),
            b"a\nb\n\n"
        );
        assert_eq!(fb.tell().unwrap(), 8);
        assert_eq!(
            fb.gets(Some(b"\n"), None, false, true).unwrap().unwrap(),
            b"c\n"
        );
        assert!(fb.gets(Some(b"\n"), None, false, true).unwrap().is_none());
        fb.seek(2, 0).unwrap();
        fb.write(b"X").unwrap();
        assert_eq!(fb.tell().unwrap(), 3);
        assert_eq!(fb.read(2).unwrap(), b"\nb");
        fb.seek(0, 0).unwrap();
        assert_eq!(fb.read_all().unwrap(), b"\n\nX\nb\n\n\nc\n");
    }
}
