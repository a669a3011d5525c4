//! carmine's replacements for the C extensions of CRuby's standard library
//! (`digest.so`, `zlib.so`, ...): one table entry per extension, each a
//! Rust init function (the `Init_` function of the C code: defines the
//! classes and their native methods) and an optional Ruby half run after
//! it. `require` finds them where CRuby finds the `.so` files
//! (`crate::interp::features`); the real `.rb` files of the installed
//! standard library (`digest.rb`, `pathname.rb`, ...) load on top.

pub mod bigdecimal;
pub mod console;
pub mod digest;
pub mod etc;
pub mod psych;
pub mod zlib;

use crate::bytecode::IseqKind;
use crate::interp::Vm;
use crate::object::Unwind;

/// One C extension's replacement.
pub struct NativeExt {
    /// The feature name without `.so` (`digest/md5`).
    pub name: &'static str,
    /// Defines the native classes and methods.
    pub init: fn(&mut Vm) -> Result<(), Unwind>,
    /// Ruby code run after `init` (may be empty).
    pub ruby: &'static str,
}

/// Every extension carmine provides.
pub const EXTS: &[NativeExt] = &[
    NativeExt {
        name: "bigdecimal",
        init: bigdecimal::init,
        ruby: include_str!("../../../lib/ext/bigdecimal.rb"),
    },
    NativeExt {
        name: "digest",
        init: digest::init,
        ruby: include_str!("../../../lib/ext/digest.rb"),
    },
    NativeExt {
        name: "digest/md5",
        init: digest::init_md5,
        ruby: "",
    },
    NativeExt {
        name: "digest/sha1",
        init: digest::init_sha1,
        ruby: "",
    },
    NativeExt {
        name: "digest/sha2",
        init: digest::init_sha2,
        ruby: "",
    },
    NativeExt {
        name: "digest/rmd160",
        init: digest::init_rmd160,
        ruby: "",
    },
    NativeExt {
        name: "digest/bubblebabble",
        init: no_init,
        ruby: include_str!("../../../lib/ext/bubblebabble.rb"),
    },
    NativeExt {
        name: "fcntl",
        init: no_init,
        ruby: include_str!("../../../lib/ext/fcntl.rb"),
    },
    NativeExt {
        name: "date_core",
        init: no_init,
        ruby: include_str!("../../../lib/ext/date_core.rb"),
    },
    NativeExt {
        name: "etc",
        init: etc::init,
        ruby: include_str!("../../../lib/ext/etc.rb"),
    },
    NativeExt {
        name: "io/console",
        init: console::init,
        ruby: include_str!("../../../lib/ext/io_console.rb"),
    },
    NativeExt {
        name: "io/nonblock",
        init: no_init,
        ruby: include_str!("../../../lib/ext/io_nonblock.rb"),
    },
    NativeExt {
        name: "io/wait",
        init: no_init,
        ruby: include_str!("../../../lib/ext/io_wait.rb"),
    },
    NativeExt {
        name: "socket",
        init: no_init,
        ruby: include_str!("../../../lib/ext/socket.rb"),
    },
    NativeExt {
        name: "pathname",
        init: no_init,
        ruby: include_str!("../../../lib/ext/pathname.rb"),
    },
    NativeExt {
        name: "psych",
        init: psych::init,
        ruby: include_str!("../../../lib/ext/psych.rb"),
    },
    NativeExt {
        name: "zlib",
        init: zlib::init,
        ruby: include_str!("../../../lib/ext/zlib.rb"),
    },
];

/// For extensions written wholly in Ruby.
fn no_init(_: &mut Vm) -> Result<(), Unwind> {
    Ok(())
}

/// The extension named `name` (without `.so`).
pub fn find(name: &str) -> Option<&'static NativeExt> {
    EXTS.iter().find(|e| e.name == name)
}

/// Runs an extension's init function, then its Ruby half.
pub fn load(vm: &mut Vm, ext: &'static NativeExt) -> Result<crate::value::Value, Unwind> {
    (ext.init)(vm)?;
    if !ext.ruby.is_empty() {
        let file = format!("<internal:{}.so>", ext.name);
        vm.eval_file(ext.ruby.as_bytes(), &file, IseqKind::Top)?;
    }
    Ok(crate::value::Value::TRUE)
}

/// The class or module at `path` (`Digest::Base`), if it is defined.
pub fn class_at(vm: &Vm, path: &str) -> Option<crate::value::ClassId> {
    let mut c = crate::class::cls::OBJECT;
    for part in path.split("::") {
        let v = *vm
            .classes
            .get(c)
            .consts
            .get(&crate::value::symbol::intern(part))?;
        c = vm.as_class(v)?;
    }
    Some(c)
}

/// A new ASCII-8BIT String (digests, compressed data, random bytes).
pub fn binary_str(vm: &mut Vm, bytes: Vec<u8>) -> crate::value::Value {
    let s = vm.str_from_bytes(bytes);
    super::string::force_encoding_name(s, "ASCII-8BIT");
    s
}
