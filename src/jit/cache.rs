//! The persistent code cache (`--jit-cache[=DIR]`): shared objects the C
//! compiler made, kept between runs in a private per-user directory and
//! keyed by everything that made them: the generated C (the same text for
//! the same bytecode in every process, `codegen::Plan::source`), carmine's
//! version and build, and the C compiler's identity and flags. A second
//! run of the same program loads its hot methods from here without
//! running the compiler.
//!
//! An entry is two files: `<key>.key` records the key and the SHA-256 and
//! length of the shared object, which is `<key>.<its hash>.so` (so a key
//! file and the object it names always agree, also while two processes
//! store the same entry: each object file is written once, under its own
//! name, and the key file is replaced whole). Before anything is
//! loaded, the directory must be ours and not writable by group or others
//! (else the cache is not used at all), both files must be regular files
//! (opened without following a symlink) owned by us and not writable by
//! others, and the `.so`'s bytes must hash to what the key file says. The
//! bytes checked are the bytes loaded: they are copied into the JIT's
//! private directory and that copy is `dlopen`ed (which also gives every
//! load its own file, so two methods with the same C never share the
//! statics of one loaded object). Anything that does not verify is
//! ignored (the method is compiled again and the entry replaced). Entries
//! are written under a temporary name and renamed into place, so a reader
//! sees a whole file or none.

use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

use super::CacheDir;

/// The entry format; part of every key.
const FORMAT: &str = "carmine-jit-cache 1";
/// The largest `.so` and key file read back.
const MAX_SO: u64 = 64 << 20;
const MAX_KEY_FILE: u64 = 4096;

/// An open, checked cache directory.
#[derive(Clone, Debug)]
pub struct Cache {
    dir: PathBuf,
}

/// A content key: the SHA-256 of what made an entry, in hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// `$XDG_CACHE_HOME/carmine/jit`, else `~/.cache/carmine/jit`.
pub fn default_dir() -> Result<PathBuf, String> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if let Some(xdg) = var("XDG_CACHE_HOME") {
        return Ok(xdg.join("carmine").join("jit"));
    }
    var("HOME")
        .map(|home| home.join(".cache").join("carmine").join("jit"))
        .ok_or_else(|| "no HOME or XDG_CACHE_HOME to put it in".to_owned())
}

impl Cache {
    /// The directory `spec` names, created (mode 0700, with any missing
    /// parents) if it is not there; refused unless it is a directory
    /// owned by this user and not writable by group or others.
    pub fn open(spec: &CacheDir) -> Result<Cache, String> {
        let dir = match spec {
            CacheDir::Default => default_dir()?,
            CacheDir::At(d) => d.clone(),
        };
        let shown = dir.display();
        if !dir.exists() {
            DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(&dir)
                .map_err(|e| format!("cannot create {shown}: {e}"))?;
        }
        let meta = fs::metadata(&dir).map_err(|e| format!("{shown}: {e}"))?;
        if !meta.is_dir() {
            return Err(format!("{shown} is not a directory"));
        }
        private(&meta).map_err(|why| format!("{shown} {why}"))?;
        Ok(Cache { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the entry `key`'s shared object with the SHA-256 `hash` is.
    fn so_path(&self, key: &Key, hash: &str) -> PathBuf {
        let short = hash.get(..16).unwrap_or(hash);
        self.dir.join(format!("{}.{short}.so", key.0))
    }

    fn key_path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{}.key", key.0))
    }

    /// The entry `key`'s shared object, verified (see the module's doc),
    /// and where it was: `Ok(None)` if there is none, `Err(why)` if there
    /// is one that does not verify.
    pub fn lookup(&self, key: &Key) -> Result<Option<(Vec<u8>, PathBuf)>, String> {
        let Some(text) = read_checked(&self.key_path(key), MAX_KEY_FILE)? else {
            return Ok(None);
        };
        let (hash, len) = recorded(&text, key).ok_or("key file does not match")?;
        let path = self.so_path(key, hash);
        let Some(bytes) = read_checked(&path, MAX_SO)? else {
            return Err(format!("{} missing", path.display()));
        };
        if bytes.len() != len || hex(&Sha256::digest(&bytes)) != hash {
            return Err(format!(
                "{} does not match its recorded hash",
                path.display()
            ));
        }
        Ok(Some((bytes, path)))
    }

    /// Records `so` (the shared object's bytes) as the entry `key`;
    /// `label` names the method in the key file, for people. The object
    /// the entry named before (damaged, or another process's
    /// copy) is removed.
    pub fn store(&self, key: &Key, so: &[u8], label: &str) -> Result<(), String> {
        let hash = hex(&Sha256::digest(so));
        let meta = format!(
            "{FORMAT}\nkey {}\nso {hash} {}\nlabel {}\n",
            key.0,
            so.len(),
            label.replace('\n', " ")
        );
        let before = fs::read(self.key_path(key)).ok();
        let old = before.as_deref().and_then(|t| recorded(t, key));
        // The object first: a key file never names bytes not yet there.
        let path = self.so_path(key, &hash);
        self.put(&path, so)?;
        self.put(&self.key_path(key), meta.as_bytes())?;
        if let Some((old, _)) = old.filter(|(old, _)| self.so_path(key, old) != path) {
            let _ = fs::remove_file(self.so_path(key, old));
        }
        Ok(())
    }

    /// Writes `bytes` to a fresh temporary file (mode 0600) in the
    /// directory and renames it to `path`.
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        static N: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tmp = self.dir.join(format!(
            ".tmp-{}-{}-{nanos:x}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let written = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)
            .and_then(|mut f| f.write_all(bytes))
            .and_then(|()| fs::rename(&tmp, path));
        written.map_err(|e| {
            let _ = fs::remove_file(&tmp);
            format!("writing {}: {e}", path.display())
        })
    }
}

/// The hash and length of the object a key file's `text` records, if it
/// is a key file of this format for `key`.
fn recorded<'a>(text: &'a [u8], key: &Key) -> Option<(&'a str, usize)> {
    let mut lines = std::str::from_utf8(text).ok()?.lines();
    if lines.next()? != FORMAT || lines.next()?.strip_prefix("key ")? != key.0 {
        return None;
    }
    let (hash, len) = lines.next()?.strip_prefix("so ")?.split_once(' ')?;
    let hex_digits = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit());
    Some((hash, len.parse().ok()?)).filter(|_| hex_digits)
}

/// The key of `source` compiled by the compiler `ident`
/// (`compiler_identity`) in this build of carmine (`build`).
pub fn key(build: &str, ident: &str, source: &str) -> Key {
    let mut h = Sha256::new();
    for part in [FORMAT, build, ident, source] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    Key(hex(&h.finalize()))
}

/// This carmine: its version and its executable's identity (device,
/// inode, size, modification time), which every rebuild changes.
pub fn build_id() -> Result<String, String> {
    let exe = std::env::current_exe().map_err(|e| format!("no executable path: {e}"))?;
    let m = fs::metadata(&exe).map_err(|e| format!("{}: {e}", exe.display()))?;
    Ok(format!(
        "carmine {} {}:{}:{}:{}.{}",
        env!("CARGO_PKG_VERSION"),
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec()
    ))
}

/// The compiler's identity: the command, the flags carmine adds, and what
/// `<command> --version` prints. An error if that does not run.
pub fn compiler_identity(cc: &str, flags: &str) -> Result<String, String> {
    let mut words = cc.split_whitespace();
    let program = words.next().ok_or("empty C compiler command")?;
    let out = Command::new(program)
        .args(words)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("running `{cc} --version`: {e}"))?;
    if !out.status.success() {
        return Err(format!("`{cc} --version` {}", out.status));
    }
    Ok(format!(
        "{cc}\n{flags}\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// Why `meta` is not private to this user, if it is not.
fn private(meta: &fs::Metadata) -> Result<(), String> {
    let me = rustix::process::geteuid().as_raw();
    if meta.uid() != me {
        return Err(format!("is owned by uid {}, not {me}", meta.uid()));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(format!(
            "is writable by group or others (mode {:o})",
            meta.mode() & 0o777
        ));
    }
    Ok(())
}

/// At most `max` bytes of the regular file `path`, opened without
/// following a symlink and checked private (`private`) on the open file;
/// `Ok(None)` if there is no such file.
fn read_checked(path: &Path, max: u64) -> Result<Option<Vec<u8>>, String> {
    let name = path.file_name().map_or("", |n| n.to_str().unwrap_or(""));
    let file = match OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{name}: {e}")),
    };
    let meta = file.metadata().map_err(|e| format!("{name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{name} is not a regular file"));
    }
    private(&meta).map_err(|why| format!("{name} {why}"))?;
    if meta.len() > max {
        return Err(format!("{name} is too large"));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    read_all(file, max, &mut bytes).map_err(|e| format!("{name}: {e}"))?;
    Ok(Some(bytes))
}

fn read_all(file: File, max: u64, into: &mut Vec<u8>) -> io::Result<()> {
    file.take(max + 1).read_to_end(into)?;
    if into.len() as u64 > max {
        return Err(io::Error::other("grew too large"));
    }
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("carmine-cache-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn store_then_lookup_and_corruption() {
        let dir = temp("store");
        let c = Cache::open(&CacheDir::At(dir.join("a/b"))).unwrap();
        let mode = fs::metadata(c.dir()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let k = key("build", "cc", "int x;");
        assert_ne!(k, key("build", "cc -O1", "int x;"));
        assert_eq!(c.lookup(&k), Ok(None));
        c.store(&k, b"object bytes", "f@t.rb:1").unwrap();
        let (bytes, so) = c.lookup(&k).unwrap().unwrap();
        assert_eq!(bytes, b"object bytes");
        fs::write(&so, b"object byte").unwrap();
        assert!(c.lookup(&k).unwrap_err().contains("hash"));
        fs::write(&so, b"object bytes").unwrap();
        fs::set_permissions(&so, fs::Permissions::from_mode(0o666)).unwrap();
        assert!(c.lookup(&k).unwrap_err().contains("writable"));
        fs::remove_file(&so).unwrap();
        std::os::unix::fs::symlink("/bin/true", &so).unwrap();
        assert!(c.lookup(&k).is_err());
        // Stored again (other bytes): the old object goes.
        c.store(&k, b"other bytes", "f@t.rb:1").unwrap();
        let (bytes, other) = c.lookup(&k).unwrap().unwrap();
        assert_eq!((bytes.as_slice(), other != so), (&b"other bytes"[..], true));
        assert!(fs::symlink_metadata(&so).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_a_shared_directory() {
        let dir = temp("shared");
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
        let why = Cache::open(&CacheDir::At(dir.clone())).unwrap_err();
        assert!(why.contains("writable by group or others"), "{why}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
