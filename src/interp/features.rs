//! Where `require` finds a feature, as CRuby: the `-I` directories, then
//! `RUBYLIB`, then carmine's own replacements for C extensions and core
//! pieces, then the standard library of an installed CRuby 3.1, then
//! carmine's bundled fallbacks for pure-Ruby libraries (used only when no
//! installed standard library has them). `$LOADED_FEATURES` (`$"`) is the
//! record `require` consults.

use crate::object::Body;
use crate::value::Value;

use super::Vm;

/// The standard library directories of Debian's CRuby 3.1 (its `$LOAD_PATH`
/// after the `-I` and `RUBYLIB` entries), then those of a CRuby 3.1 built
/// from source with the default prefix.
const STDLIB_LAYOUTS: &[(&str, &[&str])] = &[
    (
        "/usr/lib/ruby/3.1.0",
        &[
            "/usr/local/lib/site_ruby/3.1.0",
            "/usr/local/lib/x86_64-linux-gnu/site_ruby",
            "/usr/local/lib/site_ruby",
            "/usr/lib/ruby/vendor_ruby/3.1.0",
            "/usr/lib/x86_64-linux-gnu/ruby/vendor_ruby/3.1.0",
            "/usr/lib/ruby/vendor_ruby",
            "/usr/lib/ruby/3.1.0",
            "/usr/lib/x86_64-linux-gnu/ruby/3.1.0",
        ],
    ),
    (
        "/usr/local/lib/ruby/3.1.0",
        &[
            "/usr/local/lib/ruby/site_ruby/3.1.0",
            "/usr/local/lib/ruby/site_ruby/3.1.0/x86_64-linux",
            "/usr/local/lib/ruby/site_ruby",
            "/usr/local/lib/ruby/vendor_ruby/3.1.0",
            "/usr/local/lib/ruby/vendor_ruby/3.1.0/x86_64-linux",
            "/usr/local/lib/ruby/vendor_ruby",
            "/usr/local/lib/ruby/3.1.0",
            "/usr/local/lib/ruby/3.1.0/x86_64-linux",
        ],
    ),
];

/// The installed standard library's directories: `CARMINE_RUBY_STDLIB`
/// (a `:`-separated list; empty for none) when set, else the first layout
/// of `STDLIB_LAYOUTS` whose library directory exists.
pub fn stdlib_dirs() -> Vec<String> {
    if let Some(v) = std::env::var_os("CARMINE_RUBY_STDLIB") {
        return split_path(&v.to_string_lossy());
    }
    STDLIB_LAYOUTS
        .iter()
        .find(|(probe, _)| std::path::Path::new(probe).is_dir())
        .map(|(_, dirs)| dirs.iter().map(|d| d.to_string()).collect())
        .unwrap_or_default()
}

static START_DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// The working directory the process started in (CRuby resolves a script
/// named by a relative path, for `__dir__` and `require_relative`, against
/// it, whatever `Dir.chdir` did since). Fixed on the first call, which
/// start-up makes.
pub fn start_dir() -> &'static std::path::Path {
    START_DIR.get_or_init(|| std::env::current_dir().unwrap_or_default())
}

/// `file` (a script or library path) made absolute against `start_dir`.
pub fn absolute_file(file: &str) -> std::path::PathBuf {
    let p = std::path::Path::new(file);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        start_dir().join(p)
    }
}

/// `RUBYLIB`'s directories, in order.
pub fn rubylib_dirs() -> Vec<String> {
    std::env::var("RUBYLIB")
        .map(|v| split_path(&v))
        .unwrap_or_default()
}

/// `File.expand_path(dir)` for a `-I` directory: absolute, without `.`
/// and `..` components.
pub fn expand_dir(dir: &str) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut out = std::path::PathBuf::from("/");
    for c in cwd.join(dir).components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out.to_string_lossy().into_owned()
}

fn split_path(s: &str) -> Vec<String> {
    s.split(':')
        .filter(|d| !d.is_empty())
        .map(str::to_string)
        .collect()
}

/// The features CRuby has loaded before the program starts (core pieces
/// that `require` answers with false).
pub const PRELOADED: &[&str] = &[
    "enumerator.so",
    "thread.rb",
    "fiber.so",
    "rational.so",
    "complex.so",
    "ruby2_keywords.rb",
    // carmine's own (prelude/did_you_mean.rb), where CRuby lists the
    // installed library's files: `require "did_you_mean"` is false.
    "did_you_mean.rb",
];

/// What a feature name resolved to.
pub enum Found {
    /// A file on disk (its real path).
    File(String),
    /// One of carmine's embedded libraries: (name, source).
    Embedded(&'static str, &'static str),
    /// One of carmine's replacements for a C extension (`digest.so`).
    Ext(&'static crate::builtins::ext::NativeExt),
}

fn embedded(
    table: &'static [(&'static str, &'static str)],
    feature: &str,
) -> Option<(&'static str, &'static str)> {
    let bare = feature
        .strip_suffix(".rb")
        .or_else(|| feature.strip_suffix(".so"))
        .unwrap_or(feature);
    table.iter().find(|(n, _)| *n == bare).copied()
}

impl Vm {
    /// Resolves `feature` as `require` does (see the module comment).
    pub fn find_feature(&self, feature: &str, relative_to: Option<&str>) -> Option<Found> {
        let file = |p: std::path::PathBuf| -> Option<Found> {
            if !p.is_file() {
                return None;
            }
            let real = std::fs::canonicalize(&p).unwrap_or(p);
            Some(Found::File(real.to_string_lossy().into_owned()))
        };
        let with_ext = if feature.ends_with(".rb") {
            feature.to_string()
        } else {
            format!("{feature}.rb")
        };
        if let Some(dir) = relative_to {
            return file(std::path::Path::new(dir).join(&with_ext));
        }
        if with_ext.starts_with('/')
            || with_ext.starts_with("./")
            || with_ext.starts_with("../")
            || with_ext.starts_with('~')
        {
            let p = if let Some(rest) = with_ext.strip_prefix("~/") {
                std::path::Path::new(&std::env::var("HOME").unwrap_or_default()).join(rest)
            } else {
                with_ext.clone().into()
            };
            return file(p);
        }
        // A C extension's replacement: `NAME.so` names only it; a bare
        // NAME finds it where CRuby finds the `.so`, in the last (arch)
        // directory of the installed standard library, after that
        // directory's `NAME.rb`.
        let ext = if feature.ends_with(".rb") {
            None
        } else {
            crate::builtins::ext::find(feature.strip_suffix(".so").unwrap_or(feature))
        };
        if let Some(e) = ext
            && feature.ends_with(".so")
        {
            return Some(Found::Ext(e));
        }
        let native = embedded(crate::builtins::NATIVE_LIBS, feature);
        let dirs = self.load_dirs();
        for dir in &dirs {
            if let Some((n, s)) = native
                && self.stdlib_dirs.contains(dir)
            {
                return Some(Found::Embedded(n, s));
            }
            if let Some(f) = file(std::path::Path::new(dir).join(&with_ext)) {
                return Some(f);
            }
            if let Some(e) = ext
                && self.stdlib_dirs.last() == Some(dir)
            {
                return Some(Found::Ext(e));
            }
        }
        if let Some(e) = ext {
            return Some(Found::Ext(e));
        }
        if let Some((n, s)) = native.or_else(|| embedded(crate::builtins::FALLBACK_LIBS, feature)) {
            return Some(Found::Embedded(n, s));
        }
        None
    }

    /// The directories `require` searches: `$LOAD_PATH` as the program
    /// left it (its String entries, expanded), else the `-I` directories.
    pub fn load_dirs(&self) -> Vec<String> {
        match self.globals.get(&crate::intern!("$LOAD_PATH")) {
            Some(&lp) if self.is_array(lp) => self
                .array_items(lp)
                .into_iter()
                .filter(|v| self.is_string(*v))
                .map(|v| self.string_lossy(v))
                .collect(),
            _ => self.load_path.clone(),
        }
    }

    /// `$LOADED_FEATURES`, when the program left it an Array.
    fn features_array(&self) -> Option<Value> {
        let v = *self.globals.get(&crate::intern!("$LOADED_FEATURES"))?;
        self.is_array(v).then_some(v)
    }

    /// Whether `key` (a real path or an embedded library's `NAME.rb`) is in
    /// `$LOADED_FEATURES`.
    pub fn feature_loaded(&self, key: &str) -> bool {
        let Some(a) = self.features_array() else {
            return false;
        };
        self.array_items(a)
            .into_iter()
            .any(|v| self.is_string(v) && self.string_lossy(v) == key)
    }

    /// Whether a bare feature name (`thread`, `enumerator.so`) is among the
    /// features loaded without a directory (CRuby's preloaded core pieces).
    pub fn bare_feature_loaded(&self, feature: &str) -> bool {
        if feature.contains('/') {
            return false;
        }
        let names = if feature.ends_with(".rb") || feature.ends_with(".so") {
            vec![feature.to_string()]
        } else {
            vec![format!("{feature}.rb"), format!("{feature}.so")]
        };
        names.iter().any(|n| self.feature_loaded(n))
    }

    /// Records `key` in `$LOADED_FEATURES`.
    pub fn add_feature(&mut self, key: &str) {
        if let Some(a) = self.features_array() {
            let s = self.str_new(key);
            if let Body::Array(items) = &mut *crate::gc::obj(a).body.borrow_mut() {
                items.push(s);
            }
        }
    }

    /// Takes `key` back out of `$LOADED_FEATURES` (its load failed).
    pub fn remove_feature(&mut self, key: &str) {
        let Some(a) = self.features_array() else {
            return;
        };
        let keep: Vec<Value> = self
            .array_items(a)
            .into_iter()
            .filter(|v| !(self.is_string(*v) && self.string_lossy(*v) == key))
            .collect();
        if let Body::Array(items) = &mut *crate::gc::obj(a).body.borrow_mut() {
            *items = keep;
        }
    }
}
