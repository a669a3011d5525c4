//! `String#crypt`: the system's crypt(3) (`sys::crypt`), with CRuby's
//! argument checks (rb_str_crypt): the salt is a String of at least two
//! bytes before any NUL, the receiver has no NUL byte; the result is
//! binary.

use crate::interp::{VResult, Vm};
use crate::value::Value;

use super::{B, bytes, str_arg};

fn crypt(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let salt = str_arg(vm, a[0])?;
    let phrase = bytes(vm, s);
    let Ok(phrase) = std::ffi::CString::new(phrase) else {
        return Err(vm.arg_error("string contains null byte"));
    };
    // The salt is read as a C string: it ends at its first NUL.
    let salt: Vec<u8> = salt.into_iter().take_while(|&b| b != 0).collect();
    if salt.len() < 2 {
        return Err(vm.arg_error("salt too short (need >=2 bytes)"));
    }
    let salt = std::ffi::CString::new(salt).unwrap_or_default();
    match crate::sys::crypt(&phrase, &salt) {
        Ok(out) => Ok(crate::builtins::ext::binary_str(vm, out)),
        Err(errno) => {
            let e = std::io::Error::from_raw_os_error(errno);
            Err(crate::builtins::file::errno(vm, &e, "crypt"))
        }
    }
}

pub fn init(vm: &mut Vm) {
    vm.def_builtin(crate::class::cls::STRING, "crypt", 1, crypt);
}
