//! Background C compilation for the JIT. A [`Worker`] owns a private
//! directory (mode 0700, unpredictable name under the temp dir), one thread
//! that turns C source into a shared object with the system C compiler (or
//! finds it in the persistent code cache, `cache`), and every library it
//! loads: those are never unloaded, because their functions may still be
//! called. Any failure (missing compiler, compile error, dlopen or dlsym
//! error) becomes `Err(String)` in the [`Done`]: the method simply stays
//! interpreted.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::fs::{self, DirBuilder};
use std::hash::{BuildHasher, Hasher, RandomState};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use super::cache::{self, Cache};

const RTLD_LOCAL: c_int = 0;
const RTLD_NOW: c_int = 2;
const CFLAGS: &str = "-O2 -fPIC -shared -pipe -w -fno-strict-aliasing";
/// How many lines of compiler stderr an error message keeps.
const ERROR_LINES: usize = 8;

unsafe extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *mut c_char;
}

/// One method to compile: C `source` defining the function `symbol`.
pub struct Job {
    pub iseq: u32,
    /// For messages, e.g. `fib@fib.rb:1`.
    pub label: String,
    pub source: String,
    pub symbol: String,
    /// The values of the C's table `K` (`codegen::Plan::consts`), written
    /// into the loaded object through its `codegen::CONSTS` accessor.
    pub consts: Vec<u64>,
}

/// The outcome of a [`Job`].
pub struct Done {
    pub iseq: u32,
    pub label: String,
    /// Where the C source was written (kept only with `save_temps`), or on
    /// a cache hit the cache entry that was loaded.
    pub c_path: PathBuf,
    /// The code came from the cache: the compiler did not run.
    pub cached: bool,
    /// What the cache had to say (not usable, an entry ignored, one not
    /// written), for `--jit-verbose`.
    pub notes: Vec<String>,
    /// Wall time of the whole write + compile + load.
    pub millis: f64,
    /// The function's address, or why there is none.
    pub result: Result<usize, String>,
}

/// The private directory plus the compiler thread.
pub struct Worker {
    dir: PathBuf,
    save_temps: bool,
    jobs: Option<Sender<Job>>,
    done: Receiver<Done>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Creates the private directory and starts the compiler thread. `cc` is
    /// the compiler command (split on whitespace, so `"ccache cc"` works);
    /// `save_temps` keeps the directory and its files; `cache` is the
    /// persistent code cache to look in first and fill.
    pub fn new(cc: &str, save_temps: bool, cache: Option<Cache>) -> io::Result<Worker> {
        let dir = private_dir()?;
        let (jobs, job_rx) = mpsc::channel();
        let (done_tx, done) = mpsc::channel();
        let (thread_dir, c) = (dir.clone(), Compiler::new(cc, cache));
        let spawned = thread::Builder::new()
            .name("carmine-jit-cc".into())
            .spawn(move || run(&thread_dir, c, save_temps, &job_rx, &done_tx));
        let thread = spawned.inspect_err(|_| {
            let _ = fs::remove_dir_all(&dir);
        })?;
        Ok(Worker {
            dir,
            save_temps,
            jobs: Some(jobs),
            done,
            thread: Some(thread),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Queues a job; its [`Done`] arrives later through `try_recv`/`recv`.
    pub fn submit(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            // A send only fails if the thread died; then nothing gets compiled.
            let _ = jobs.send(job);
        }
    }

    /// The next finished job, if any, without blocking.
    pub fn try_recv(&self) -> Option<Done> {
        self.done.try_recv().ok()
    }

    /// Blocks until the next job finishes (forever if none is pending);
    /// `None` if the thread is gone.
    pub fn recv(&self) -> Option<Done> {
        self.done.recv().ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.jobs = None; // ends the thread's loop once the queue is drained
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if !self.save_temps {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// Creates `<temp>/carmine-jit-<pid>-<random hex>` with mode 0700; `create`
/// (not `create_all`) fails if the name exists, so a planted path is never used.
fn private_dir() -> io::Result<PathBuf> {
    let pid = std::process::id();
    let mut last = None;
    for attempt in 0..8u32 {
        let mut h = RandomState::new().build_hasher();
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        h.write_u128(nanos);
        h.write_u32(pid);
        h.write_u32(attempt);
        let dir = std::env::temp_dir().join(format!("carmine-jit-{pid}-{:016x}", h.finish()));
        match DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no private directory")))
}

/// The compiler command and the code cache it fills.
struct Compiler {
    cc: String,
    cache: Option<Cache>,
    /// What makes this process's keys (`cache::key`): carmine's build and
    /// the compiler's identity, found with the first job (None: no cache).
    ident: Option<Option<(String, String)>>,
}

impl Compiler {
    fn new(cc: &str, cache: Option<Cache>) -> Compiler {
        Compiler {
            cc: cc.to_owned(),
            cache,
            ident: None,
        }
    }

    /// The cache key of `source`, if the cache is used (`notes` gets why
    /// it cannot be, once).
    fn key(&mut self, source: &str, notes: &mut Vec<String>) -> Option<cache::Key> {
        self.cache.as_ref()?;
        let ident = self.ident.get_or_insert_with(|| {
            let found = cache::build_id()
                .and_then(|b| Ok((b, cache::compiler_identity(&self.cc, CFLAGS)?)));
            found
                .inspect_err(|why| notes.push(format!("JIT cache not used: {why}")))
                .ok()
        });
        let (build, cc) = ident.as_ref()?;
        Some(cache::key(build, cc, source))
    }

    /// The job's function: from the cache if it has a verified entry for
    /// the job's C (then also that entry's path), else compiled (and the
    /// cache filled).
    fn make(
        &mut self,
        job: &Job,
        c_path: &Path,
        so_path: &Path,
        notes: &mut Vec<String>,
    ) -> (Result<usize, String>, Option<PathBuf>) {
        let key = self.key(&job.source, notes);
        if let (Some(cache), Some(key)) = (&self.cache, &key) {
            let found = cache.lookup(key).and_then(|so| match so {
                Some((bytes, entry)) => {
                    fs::write(so_path, bytes).map_err(|e| format!("copying it: {e}"))?;
                    let func = load(so_path, &job.symbol, &job.consts)?;
                    Ok(Some((func, entry)))
                }
                None => Ok(None),
            });
            match found {
                Ok(Some((func, entry))) => return (Ok(func), Some(entry)),
                Ok(None) => {}
                Err(why) => notes.push(format!(
                    "JIT cache: ignoring the entry for {} ({why})",
                    job.label
                )),
            }
        }
        let result = compile(&self.cc, job, c_path, so_path)
            .and_then(|()| load(so_path, &job.symbol, &job.consts));
        if let (Ok(_), Some(cache), Some(key)) = (&result, &self.cache, &key) {
            let stored = fs::read(so_path)
                .map_err(|e| e.to_string())
                .and_then(|so| cache.store(key, &so, &job.label));
            if let Err(why) = stored {
                notes.push(format!("JIT cache: not stored ({why})"));
            }
        }
        (result, None)
    }
}

/// The thread body: compiles jobs in order until the sender is dropped.
fn run(dir: &Path, mut c: Compiler, save_temps: bool, jobs: &Receiver<Job>, done: &Sender<Done>) {
    for (n, job) in jobs.iter().enumerate() {
        let start = Instant::now();
        let stem = dir.join(format!("_carmine_jit_{}_{n}", job.iseq));
        let (c_path, so_path) = (stem.with_extension("c"), stem.with_extension("so"));
        let mut notes = Vec::new();
        let (result, hit) = c.make(&job, &c_path, &so_path, &mut notes);
        let millis = start.elapsed().as_secs_f64() * 1000.0;
        if save_temps && hit.is_some() {
            let _ = fs::write(&c_path, &job.source);
        }
        if !save_temps {
            let _ = fs::remove_file(&c_path);
            let _ = fs::remove_file(&so_path);
        }
        let (iseq, label) = (job.iseq, job.label);
        let finished = Done {
            iseq,
            label,
            cached: hit.is_some(),
            c_path: hit.unwrap_or(c_path),
            notes,
            millis,
            result,
        };
        if done.send(finished).is_err() {
            break;
        }
    }
}

/// Compiles `job`'s C (written to `c_path`) into `so_path`.
fn compile(cc: &str, job: &Job, c_path: &Path, so_path: &Path) -> Result<(), String> {
    fs::write(c_path, &job.source).map_err(|e| format!("writing {}: {e}", c_path.display()))?;
    let mut words = cc.split_whitespace();
    let program = words.next().ok_or("empty C compiler command")?;
    // The command's own words come after carmine's flags, so that
    // `CARMINE_JIT_CC="cc -O1"` overrides the optimisation level.
    let output = Command::new(program)
        .args(CFLAGS.split(' '))
        .args(words)
        .arg("-o")
        .arg(so_path)
        .arg(c_path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("running `{cc}`: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let msg: Vec<&str> = stderr.lines().take(ERROR_LINES).collect();
        return Err(format!("`{cc}` {}: {}", output.status, msg.join("\n")));
    }
    Ok(())
}

/// dlopens `so_path` and returns the address of `symbol`. The handle is
/// deliberately never closed.
fn load(so_path: &Path, symbol: &str, consts: &[u64]) -> Result<usize, String> {
    let path = CString::new(so_path.as_os_str().as_bytes()).map_err(|e| e.to_string())?;
    let name = CString::new(symbol).map_err(|e| format!("symbol {symbol:?}: {e}"))?;
    // SAFETY: `path` is a valid NUL-terminated string that outlives the call,
    // naming a library just compiled from our own generated C (no
    // constructors), or our private copy of a cache entry whose bytes
    // `cache::lookup` verified against the hash recorded when it was
    // stored from such a library.
    let handle = unsafe { dlopen(path.as_ptr(), RTLD_NOW | RTLD_LOCAL) };
    if handle.is_null() {
        return Err(last_dl_error("dlopen"));
    }
    // SAFETY: `handle` is a live handle from the successful dlopen above (never
    // closed) and `name` is a valid NUL-terminated string.
    let addr = unsafe { dlsym(handle, name.as_ptr()) };
    if addr.is_null() {
        return Err(last_dl_error("dlsym"));
    }
    if !consts.is_empty() {
        let getter = CString::new(crate::jit::codegen::CONSTS).map_err(|e| e.to_string())?;
        // SAFETY: as above; the name is a valid NUL-terminated string.
        let k = unsafe { dlsym(handle, getter.as_ptr()) };
        if k.is_null() {
            return Err(last_dl_error("dlsym"));
        }
        // SAFETY: codegen declares `V *cj_consts(void)` returning its
        // static table `K` of at least `consts.len()` words; nothing runs
        // the code before this write, and the library is never unloaded.
        unsafe {
            let get = std::mem::transmute::<*mut c_void, extern "C" fn() -> *mut u64>(k);
            std::ptr::copy_nonoverlapping(consts.as_ptr(), get(), consts.len());
        }
    }
    Ok(addr as usize)
}

/// The pending dl error message of this thread, copied out.
fn last_dl_error(what: &str) -> String {
    // SAFETY: dlerror takes no arguments; glibc keeps its state per thread.
    let msg = unsafe { dlerror() };
    if msg.is_null() {
        return format!("{what} failed");
    }
    // SAFETY: a non-null dlerror result is a NUL-terminated string valid until
    // the next dl* call on this thread; it is copied before any such call.
    let text = unsafe { CStr::from_ptr(msg) }.to_string_lossy();
    format!("{what}: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn job(iseq: u32, source: &str) -> Job {
        let (label, symbol) = (format!("t{iseq}@test.rb:1"), "f".to_owned());
        Job {
            iseq,
            label,
            source: source.to_owned(),
            symbol,
            consts: Vec::new(),
        }
    }

    #[test]
    fn compiles_and_calls() {
        let w = Worker::new("cc", false, None).unwrap();
        w.submit(job(1, "long f(long x) { return x + 1; }"));
        let done = w.recv().unwrap();
        assert_eq!((done.iseq, done.label.as_str()), (1, "t1@test.rb:1"));
        let addr = done.result.unwrap();
        // SAFETY: `addr` is the address of `long f(long)`, compiled just above,
        // in a library that is never unloaded.
        let f = unsafe { std::mem::transmute::<usize, extern "C" fn(i64) -> i64>(addr) };
        assert_eq!(f(41), 42);
        assert!(!done.c_path.exists());
    }

    #[test]
    fn failures_are_errors() {
        let w = Worker::new("cc", false, None).unwrap();
        w.submit(job(2, "long f(long x) { return x +; }"));
        w.submit(job(3, "long g(long x) { return x; }"));
        assert!(w.recv().unwrap().result.unwrap_err().contains("error"));
        assert!(w.recv().unwrap().result.unwrap_err().starts_with("dlsym"));
        let missing = Worker::new("/nonexistent/carmine-cc", false, None).unwrap();
        missing.submit(job(4, "long f(long x) { return x; }"));
        assert!(missing.recv().unwrap().result.is_err());
    }

    #[test]
    fn private_dir_mode_and_cleanup() {
        let w = Worker::new("cc", false, None).unwrap();
        let dir = w.dir().to_owned();
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        drop(w);
        assert!(!dir.exists());
    }

    #[test]
    fn save_temps_keeps_files() {
        let w = Worker::new("cc", true, None).unwrap();
        w.submit(job(5, "long f(long x) { return x; }"));
        let done = w.recv().unwrap();
        assert!(done.result.is_ok() && done.c_path.exists());
        let dir = w.dir().to_owned();
        drop(w);
        assert!(done.c_path.with_extension("so").exists());
        fs::remove_dir_all(dir).unwrap();
    }
}
