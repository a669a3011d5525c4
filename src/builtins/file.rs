//! Primitives behind `File`, `Dir`, `File::Stat`, `IO` on files, `Kernel#``
//! and `Kernel#system` (prelude/file.rb builds the Ruby API on them).
//!
//! They live as module functions of the hidden module `RubyVM::FileIO`.
//! Failures raise `Errno::*` through `RubyVM::FileIO.raise_errno(errno, detail)`
//! (written in Ruby), so messages read "No such file or directory @ rb_sysopen - x".

use crate::class::cls;
use crate::interp::Vm;
use crate::object::Unwind;
use crate::value::Value;
use std::io::{Read, Write};

type R<T> = Result<T, Unwind>;

fn path_arg(vm: &mut Vm, v: Value) -> R<String> {
    super::path_arg(vm, v)
}

#[cold]
pub(super) fn errno(vm: &mut Vm, e: &std::io::Error, detail: &str) -> Unwind {
    let n = e.raw_os_error().unwrap_or(5);
    let m = vm.class_value(fio(vm));
    let d = vm.str_new(detail);
    match vm.funcall(
        m,
        crate::intern!("raise_errno"),
        &[Value::int(n as i64), d],
        None,
    ) {
        Err(u) => u,
        Ok(_) => vm.runtime_error(&format!("{e}")),
    }
}

fn fio(vm: &Vm) -> crate::value::ClassId {
    vm.fileio_module
}

/// File.fnmatch with CRuby's flag bits (FNM_NOESCAPE 1, PATHNAME 2, DOTMATCH 4, CASEFOLD 8).
pub fn fnmatch(p: &[u8], s: &[u8], flags: i64) -> bool {
    let noescape = flags & 1 != 0;
    let pathname = flags & 2 != 0;
    let dotmatch = flags & 4 != 0;
    let casefold = flags & 8 != 0;
    fn eq(a: u8, b: u8, cf: bool) -> bool {
        if cf {
            a.eq_ignore_ascii_case(&b)
        } else {
            a == b
        }
    }
    fn rec(p: &[u8], s: &[u8], start: bool, f: (bool, bool, bool, bool)) -> bool {
        let (noescape, pathname, dotmatch, casefold) = f;
        let (mut pi, mut si) = (0, 0);
        let mut at_start = start;
        while pi < p.len() {
            let c = p[pi];
            if pathname
                && c == b'*'
                && p.get(pi + 1) == Some(&b'*')
                && p.get(pi + 2) == Some(&b'/')
                && (pi == 0 || p[pi - 1] == b'/')
            {
                // **/ matches zero or more directories
                let rest = &p[pi + 3..];
                let mut k = si;
                loop {
                    if rec(rest, &s[k..], true, f) {
                        return true;
                    }
                    if !dotmatch && s.get(k) == Some(&b'.') {
                        return false;
                    }
                    match s[k..].iter().position(|&b| b == b'/') {
                        Some(off) => k += off + 1,
                        None => return false,
                    }
                }
            }
            match c {
                b'*' => {
                    if at_start && !dotmatch && s.get(si) == Some(&b'.') {
                        return false;
                    }
                    let rest = &p[pi + 1..];
                    let mut k = si;
                    loop {
                        if rec(rest, &s[k..], false, f) {
                            return true;
                        }
                        if k >= s.len() || (pathname && s[k] == b'/') {
                            return false;
                        }
                        k += 1;
                    }
                }
                b'?' => {
                    let Some(&ch) = s.get(si) else { return false };
                    if (pathname && ch == b'/') || (at_start && !dotmatch && ch == b'.') {
                        return false;
                    }
                    si += 1;
                    pi += 1;
                }
                b'[' => {
                    let Some(&ch) = s.get(si) else { return false };
                    if (pathname && ch == b'/') || (at_start && !dotmatch && ch == b'.') {
                        return false;
                    }
                    let mut j = pi + 1;
                    let neg = matches!(p.get(j), Some(b'!') | Some(b'^'));
                    if neg {
                        j += 1;
                    }
                    let mut ok = false;
                    let mut first = true;
                    while j < p.len() && (first || p[j] != b']') {
                        first = false;
                        let mut lo = p[j];
                        if lo == b'\\' && !noescape && j + 1 < p.len() {
                            j += 1;
                            lo = p[j];
                        }
                        let mut hi = lo;
                        if p.get(j + 1) == Some(&b'-') && p.get(j + 2).is_some_and(|&x| x != b']') {
                            hi = p[j + 2];
                            j += 2;
                        }
                        let (a, b, x) = if casefold {
                            (
                                lo.to_ascii_lowercase(),
                                hi.to_ascii_lowercase(),
                                ch.to_ascii_lowercase(),
                            )
                        } else {
                            (lo, hi, ch)
                        };
                        if a <= x && x <= b {
                            ok = true;
                        }
                        j += 1;
                    }
                    if j >= p.len() {
                        // no closing bracket: literal '['
                        if ch != b'[' {
                            return false;
                        }
                        si += 1;
                        pi += 1;
                        continue;
                    }
                    if ok == neg {
                        return false;
                    }
                    pi = j + 1;
                    si += 1;
                }
                _ => {
                    let mut c = c;
                    if c == b'\\' && !noescape && pi + 1 < p.len() {
                        pi += 1;
                        c = p[pi];
                    }
                    let Some(&ch) = s.get(si) else { return false };
                    if !eq(c, ch, casefold) {
                        return false;
                    }
                    si += 1;
                    pi += 1;
                }
            }
            at_start = pathname && s.get(si.wrapping_sub(1)) == Some(&b'/');
        }
        si == s.len()
    }
    rec(p, s, true, (noescape, pathname, dotmatch, casefold))
}

/// Expands `{a,b}` alternatives (outermost first, nested recursively).
pub fn brace_expand(p: &str) -> Vec<String> {
    let b = p.as_bytes();
    let mut depth = 0;
    let mut open = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let o = open.unwrap();
                    let inner = &p[o + 1..i];
                    let mut alts = Vec::new();
                    let (mut d, mut st) = (0, 0);
                    let ib = inner.as_bytes();
                    let mut k = 0;
                    while k < ib.len() {
                        match ib[k] {
                            b'\\' => k += 1,
                            b'{' => d += 1,
                            b'}' => d -= 1,
                            b',' if d == 0 => {
                                alts.push(&inner[st..k]);
                                st = k + 1;
                            }
                            _ => {}
                        }
                        k += 1;
                    }
                    alts.push(&inner[st..]);
                    let mut out = Vec::new();
                    for a in alts {
                        for e in brace_expand(&format!("{}{}{}", &p[..o], a, &p[i + 1..])) {
                            out.push(e);
                        }
                    }
                    return out;
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_string()]
}

fn has_magic(s: &str) -> bool {
    s.bytes().any(|c| matches!(c, b'*' | b'?' | b'['))
}

fn unescape(s: &str) -> String {
    let mut o = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            if let Some(n) = it.next() {
                o.push(n);
            }
        } else {
            o.push(c);
        }
    }
    o
}

/// Dir.glob for one brace-free pattern; `base` prefixes relative lookups.
fn glob1(pat: &str, base: &str, flags: i64, out: &mut Vec<String>) {
    let dotmatch = flags & 4 != 0;
    let (root, rest) = if let Some(r) = pat.strip_prefix('/') {
        ("/".to_string(), r)
    } else {
        (String::new(), pat)
    };
    let segs: Vec<&str> = rest.split('/').collect();
    fn real(base: &str, p: &str) -> std::path::PathBuf {
        if p.starts_with('/') || base.is_empty() {
            if p.is_empty() { ".".into() } else { p.into() }
        } else if p.is_empty() {
            base.into()
        } else {
            std::path::Path::new(base).join(p)
        }
    }
    // `top`: where CRuby 3.1 lets a wildcard match ".": 2 where no
    // wildcard was expanded yet (a `.*` or FNM_DOTMATCH), 1 at the level a
    // `**` starts from (FNM_DOTMATCH only), 0 below any expansion; ".."
    // never matches a wildcard.
    fn walk(
        cur: &str,
        segs: &[&str],
        base: &str,
        (dotmatch, top): (bool, u8),
        flags: i64,
        out: &mut Vec<String>,
    ) {
        if segs.is_empty() {
            return;
        }
        let seg = segs[0];
        let last = segs.len() == 1;
        let join = |name: &str| -> String {
            if cur.is_empty() {
                name.to_string()
            } else if cur.ends_with('/') {
                format!("{cur}{name}")
            } else {
                format!("{cur}/{name}")
            }
        };
        if seg.is_empty() {
            // trailing slash: directories only
            if last {
                if (!cur.is_empty() || !base.is_empty()) && real(base, cur).is_dir() {
                    out.push(format!("{cur}/"));
                }
            } else {
                walk(cur, &segs[1..], base, (dotmatch, top), flags, out);
            }
            return;
        }
        if seg == "**" && !last {
            // CRuby visits entries in sorted order, matching and descending
            // as it goes: sort this level's results together.
            let mark = out.len();
            walk(cur, &segs[1..], base, (dotmatch, top.min(1)), flags, out);
            let mut names = list(&real(base, cur));
            names.sort();
            for n in names {
                if n.starts_with('.') && !dotmatch {
                    continue;
                }
                let p = join(&n);
                let rp = real(base, &p);
                if rp.is_dir() && !rp.is_symlink() {
                    walk(&p, segs, base, (dotmatch, 0), flags, out);
                }
            }
            out[mark..].sort();
            return;
        }
        if !has_magic(seg) {
            let p = join(&unescape(seg));
            let rp = real(base, &p);
            if last {
                if rp.symlink_metadata().is_ok() {
                    out.push(p);
                }
            } else if rp.is_dir() {
                walk(&p, &segs[1..], base, (dotmatch, top), flags, out);
            }
            return;
        }
        let mut names = list(&real(base, cur));
        if (top >= 1 && dotmatch) || (top == 2 && seg.starts_with('.')) {
            names.push(".".into());
        }
        names.sort();
        for n in names {
            if !fnmatch(seg.as_bytes(), n.as_bytes(), 2 | (flags & 4) | (flags & 8)) {
                continue;
            }
            let p = join(&n);
            if last {
                out.push(p);
            } else if real(base, &p).is_dir() {
                walk(&p, &segs[1..], base, (dotmatch, 0), flags, out);
            }
        }
    }
    fn list(d: &std::path::Path) -> Vec<String> {
        match std::fs::read_dir(d) {
            Ok(rd) => rd
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect(),
            Err(_) => Vec::new(),
        }
    }
    walk(&root, &segs, base, (dotmatch, 2), flags, out);
}

pub(super) fn stat_array(vm: &mut Vm, m: &std::fs::Metadata) -> Value {
    use std::os::unix::fs::MetadataExt;
    let ft = m.file_type();
    let kind = if ft.is_symlink() {
        "link"
    } else if ft.is_dir() {
        "directory"
    } else if ft.is_file() {
        "file"
    } else {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            "fifo"
        } else if ft.is_char_device() {
            "characterSpecial"
        } else if ft.is_block_device() {
            "blockSpecial"
        } else if ft.is_socket() {
            "socket"
        } else {
            "unknown"
        }
    };
    let items = vec![
        vm.str_new(kind),
        Value::int(m.size() as i64),
        Value::int(m.mode() as i64),
        vm.float_new(m.mtime() as f64 + m.mtime_nsec() as f64 * 1e-9),
        vm.float_new(m.atime() as f64 + m.atime_nsec() as f64 * 1e-9),
        vm.float_new(m.ctime() as f64 + m.ctime_nsec() as f64 * 1e-9),
        Value::int(m.uid() as i64),
        Value::int(m.gid() as i64),
        Value::int(m.ino() as i64),
        Value::int(m.dev() as i64),
        Value::int(m.nlink() as i64),
        Value::int(m.blksize() as i64),
        Value::int(m.blocks() as i64),
    ];
    vm.ary_new(items)
}

/// The child process `cmd` describes (a String: run by /bin/sh -c unless
/// it is plain words, as CRuby; an Array: argv) with the ENV overlay `env`
/// (pairs; a nil value unsets). None for an empty argv.
pub(crate) fn command(
    vm: &mut Vm,
    cmd: Value,
    env: Value,
) -> Result<Option<std::process::Command>, Unwind> {
    let a = [cmd, Value::NIL, env];
    let mut env = Vec::new();
    if !a[2].is_nil() {
        let pairs = vm.funcall(a[2], crate::intern!("to_a"), &[], None)?;
        for p in vm.array_items(pairs) {
            let kv = vm.array_items(p);
            let k = path_arg(vm, kv[0])?;
            let v = if kv[1].is_nil() {
                None
            } else {
                Some(path_arg(vm, kv[1])?)
            };
            env.push((k, v));
        }
    }
    vm.flush();
    let mut c = if vm.is_array(a[0]) {
        // The arguments keep their bytes (an `-e` program in another
        // encoding).
        use std::os::unix::ffi::OsStringExt;
        let items = vm.array_items(a[0]);
        let Some((&prog, rest)) = items.split_first() else {
            return Ok(None);
        };
        let mut c = std::process::Command::new(path_arg(vm, prog)?);
        for &v in rest {
            c.arg(std::ffi::OsString::from_vec(super::str_arg(vm, v)?));
        }
        c
    } else {
        let s = path_arg(vm, a[0])?;
        // Like CRuby: without shell meta characters the words run directly.
        let meta = s
            .bytes()
            .any(|b| b"*?{}[]<>()~&|\\$;'`\"\n#=%".contains(&b));
        let words: Vec<&str> = s.split_ascii_whitespace().collect();
        const SH_WORDS: &[&str] = &[
            "case", "do", "done", "elif", "else", "esac", "exit", "export", "fi", "for", "if",
            "in", "readonly", "return", "set", "shift", "then", "times", "trap", "unset", "until",
            "while", ":", ".", "break", "continue", "eval", "exec",
        ];
        if !meta && !words.is_empty() && !SH_WORDS.contains(&words[0]) {
            let mut c = std::process::Command::new(words[0]);
            c.args(&words[1..]);
            c
        } else {
            let mut c = std::process::Command::new("/bin/sh");
            c.arg("-c").arg(s);
            c
        }
    };
    for (k, v) in env {
        match v {
            Some(v) => c.env(k, v),
            None => c.env_remove(k),
        };
    }
    Ok(Some(c))
}

pub fn init(vm: &mut Vm) {
    let rv = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("RubyVM"))
        .copied()
        .and_then(|v| vm.as_class(v));
    let m = vm.new_module(Some("FileIO"), rv);
    vm.fileio_module = m;
    super::filebuf::init(vm);
    vm.def_module_function(m, "read", 1, |vm, _, a, _| {
        let p = path_arg(vm, a[0])?;
        match std::fs::read(&p) {
            Ok(b) => Ok(vm.str_from_bytes(b)),
            Err(e) => Err(errno(vm, &e, &format!("rb_sysopen - {p}"))),
        }
    });
    vm.def_module_function(m, "write", 3, |vm, _, a, _| {
        let p = path_arg(vm, a[0])?;
        let b = vm.value_to_bytes(a[1])?;
        let r = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .append(a[2].truthy())
            .truncate(!a[2].truthy())
            .open(&p)
            .and_then(|mut f| f.write_all(&b));
        match r {
            Ok(()) => Ok(Value::int(b.len() as i64)),
            Err(e) => Err(errno(vm, &e, &format!("rb_sysopen - {p}"))),
        }
    });
    vm.def_module_function(m, "stat", 2, |vm, _, a, _| {
        let p = path_arg(vm, a[0])?;
        let r = if a[1].truthy() {
            std::fs::metadata(&p)
        } else {
            std::fs::symlink_metadata(&p)
        };
        match r {
            Ok(md) => Ok(stat_array(vm, &md)),
            Err(_) => Ok(Value::NIL),
        }
    });
    vm.def_module_function(m, "stat!", 2, |vm, _, a, _| {
        let p = path_arg(vm, a[0])?;
        let r = if a[1].truthy() {
            std::fs::metadata(&p)
        } else {
            std::fs::symlink_metadata(&p)
        };
        match r {
            Ok(md) => Ok(stat_array(vm, &md)),
            Err(e) => Err(errno(vm, &e, &format!("rb_file_s_stat - {p}"))),
        }
    });
    vm.def_module_function(m, "op", -3, |vm, _, a, _| {
        let op = vm.symbol_name(a[0]).unwrap_or_default();
        let p = path_arg(vm, a[1])?;
        let q = match a.get(2) {
            Some(v) if vm.is_string(*v) => path_arg(vm, *v)?,
            _ => String::new(),
        };
        let (r, what): (std::io::Result<Value>, String) = match op.as_str() {
            "unlink" => (
                std::fs::remove_file(&p).map(|_| Value::NIL),
                format!("apply2files - {p}"),
            ),
            "rename" => (
                std::fs::rename(&p, &q).map(|_| Value::NIL),
                format!("rb_file_s_rename - ({p}, {q})"),
            ),
            "mkdir" => {
                use std::os::unix::fs::DirBuilderExt;
                // mkdir(2)'s mode (the umask applies), 0777 by default.
                let mode = a.get(2).and_then(|v| v.as_fixnum()).unwrap_or(0o777) as u32;
                (
                    std::fs::DirBuilder::new()
                        .mode(mode)
                        .create(&p)
                        .map(|_| Value::NIL),
                    format!("dir_s_mkdir - {p}"),
                )
            }
            "chroot" => (
                std::os::unix::fs::chroot(&p).map(|_| Value::NIL),
                format!("dir_s_chroot - {p}"),
            ),
            "rmdir" => (
                std::fs::remove_dir(&p).map(|_| Value::NIL),
                format!("dir_s_rmdir - {p}"),
            ),
            "symlink" => (
                std::os::unix::fs::symlink(&p, &q).map(|_| Value::NIL),
                format!("rb_file_s_symlink - ({p}, {q})"),
            ),
            "link" => (
                std::fs::hard_link(&p, &q).map(|_| Value::NIL),
                format!("rb_file_s_link - ({p}, {q})"),
            ),
            "chdir" => (
                std::env::set_current_dir(&p).map(|_| Value::NIL),
                format!("dir_s_chdir - {p}"),
            ),
            "readlink" => match std::fs::read_link(&p) {
                Ok(t) => (Ok(vm.str_new(&t.to_string_lossy())), String::new()),
                Err(e) => (Err(e), format!("rb_readlink - {p}")),
            },
            "realpath" => match std::fs::canonicalize(&p) {
                Ok(t) => (Ok(vm.str_new(&t.to_string_lossy())), String::new()),
                Err(e) => (Err(e), format!("rb_check_realpath_internal - {p}")),
            },
            "chmod" => {
                use std::os::unix::fs::PermissionsExt;
                let mode = a.get(2).and_then(|v| v.as_fixnum()).unwrap_or(0o644) as u32;
                (
                    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode))
                        .map(|_| Value::NIL),
                    format!("apply2files - {p}"),
                )
            }
            "utime" => {
                // Seconds since the epoch (prelude turns nil/Time into these).
                let t = |v: Option<&Value>| {
                    let f = v
                        .and_then(|v| super::float::to_f64(*v))
                        .unwrap_or(0.0)
                        .max(0.0);
                    std::time::UNIX_EPOCH + std::time::Duration::from_secs_f64(f)
                };
                let times = std::fs::FileTimes::new()
                    .set_accessed(t(a.get(2)))
                    .set_modified(t(a.get(3)));
                (
                    std::fs::File::open(&p)
                        .and_then(|f| f.set_times(times))
                        .map(|_| Value::NIL),
                    format!("rb_file_s_utime - {p}"),
                )
            }
            "truncate" => {
                let n = a.get(2).and_then(|v| v.as_fixnum()).unwrap_or(0) as u64;
                (
                    std::fs::OpenOptions::new()
                        .write(true)
                        .open(&p)
                        .and_then(|f| f.set_len(n))
                        .map(|_| Value::NIL),
                    format!("rb_file_s_truncate - {p}"),
                )
            }
            "entries" => match std::fs::read_dir(&p) {
                Ok(rd) => {
                    use std::os::unix::ffi::OsStringExt;
                    // Names as the file system has them (not always UTF-8).
                    let mut names: Vec<Vec<u8>> = vec![b".".to_vec(), b"..".to_vec()];
                    names.extend(rd.filter_map(|e| e.ok()).map(|e| e.file_name().into_vec()));
                    let items = names.into_iter().map(|n| vm.str_from_bytes(n)).collect();
                    (Ok(vm.ary_new(items)), String::new())
                }
                Err(e) => (Err(e), format!("dir_initialize - {p}")),
            },
            _ => return Err(vm.arg_error("bad FileIO op")),
        };
        match r {
            Ok(v) => Ok(v),
            Err(e) => Err(errno(vm, &e, &what)),
        }
    });
    vm.def_module_function(m, "last_status=", 1, |vm, _, a, _| {
        vm.set_last_status(a[0]);
        Ok(a[0])
    });
    vm.def_module_function(m, "getcwd", 0, |vm, _, _, _| {
        let d = std::env::current_dir()
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_else(|_| ".".into());
        Ok(vm.str_new(&d))
    });
    vm.def_module_function(m, "fnmatch", 3, |vm, _, a, _| {
        let p = super::str_arg(vm, a[0])?;
        let s = super::str_arg(vm, a[1])?;
        let f = a[2].as_fixnum().unwrap_or(0);
        let pats = if f & 16 != 0 {
            brace_expand(&String::from_utf8_lossy(&p))
                .into_iter()
                .map(|x| x.into_bytes())
                .collect()
        } else {
            vec![p]
        };
        Ok(Value::bool(pats.iter().any(|p| fnmatch(p, &s, f))))
    });
    vm.def_module_function(m, "glob", 3, |vm, _, a, _| {
        let p = path_arg(vm, a[0])?;
        let base = match a[1] {
            v if v.is_nil() => String::new(),
            v => path_arg(vm, v)?,
        };
        let f = a[2].as_fixnum().unwrap_or(0);
        let mut out = Vec::new();
        for pat in brace_expand(&p) {
            glob1(&pat, &base, f, &mut out);
        }
        let items = out.iter().map(|n| vm.str_new(n)).collect();
        Ok(vm.ary_new(items))
    });
    // run(cmd, capture): cmd is a String (run by /bin/sh -c) or an Array argv.
    // Returns [output or nil, exit status or nil, signal or nil, pid], or nil
    // when the program could not be started.
    // umask(new or nil): the process's file mode creation mask (set to
    // `new` when given), as it was before.
    vm.def_module_function(m, "umask", 1, |vm, _, a, _| {
        use rustix::fs::Mode;
        let new = if a[0].is_nil() {
            None
        } else {
            Some(super::int_arg(vm, a[0])? as u32)
        };
        let old = rustix::process::umask(Mode::from_bits_truncate(new.unwrap_or(0o022)));
        if new.is_none() {
            rustix::process::umask(old);
        }
        Ok(Value::int(old.bits() as i64))
    });
    vm.def_module_function(m, "run", 3, |vm, _, a, _| {
        let Some(mut c) = command(vm, a[0], a[2])? else {
            return Ok(Value::NIL);
        };
        if a[1].truthy() {
            c.stdout(std::process::Stdio::piped());
        }
        let child = match c.spawn() {
            Ok(ch) => ch,
            Err(_) => return Ok(Value::NIL),
        };
        let pid = child.id() as i64;
        let (out, st) = if a[1].truthy() {
            match child.wait_with_output() {
                Ok(o) => (Some(o.stdout), o.status),
                Err(_) => return Ok(Value::NIL),
            }
        } else {
            let mut child = child;
            match child.wait() {
                Ok(s) => (None, s),
                Err(_) => return Ok(Value::NIL),
            }
        };
        use std::os::unix::process::ExitStatusExt;
        let o = match out {
            Some(b) => vm.str_from_bytes(b),
            None => Value::NIL,
        };
        let code = st
            .code()
            .map(|c| Value::int(c as i64))
            .unwrap_or(Value::NIL);
        let sig = st
            .signal()
            .map(|c| Value::int(c as i64))
            .unwrap_or(Value::NIL);
        Ok(vm.ary_new(vec![o, code, sig, Value::int(pid)]))
    });
    // stdin_read(limit or nil, sep or nil): reads one line (sep given), a
    // number of bytes, or everything; nil at end of file.
    vm.def_module_function(m, "stdin_read", 2, |vm, _, a, _| {
        vm.flush();
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        if !a[1].is_nil() {
            let sep = super::str_arg(vm, a[1])?;
            let mut byte = [0u8; 1];
            while let Ok(1) = stdin.read(&mut byte) {
                buf.push(byte[0]);
                if !sep.is_empty() && buf.ends_with(&sep) {
                    break;
                }
            }
            if buf.is_empty() {
                return Ok(Value::NIL);
            }
        } else if let Some(n) = a[0].as_fixnum() {
            let mut t = (&mut stdin).take(n as u64);
            let _ = t.read_to_end(&mut buf);
            if buf.is_empty() && n > 0 {
                return Ok(Value::NIL);
            }
        } else {
            let _ = stdin.read_to_end(&mut buf);
        }
        Ok(vm.str_from_bytes(buf))
    });
}
