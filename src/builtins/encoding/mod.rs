//! The `Encoding` class: one object per encoding CRuby 3.1 knows (with
//! its constants, names and aliases), `Encoding.find`/`list`/`name_list`/
//! `aliases`, the default external/internal encodings, and the encoding
//! errors' classes. Conversion lives in `convert`/`converter`, byte
//! layouts in `codec`.

pub mod codec;
pub mod convert;
pub mod converter;
pub mod strings;
pub mod table;

use crate::builtins::string::Enc;
use crate::class::cls;
use crate::gc::obj;
use crate::interp::{VResult, Vm};
use crate::object::{Body, Unwind};
use crate::value::{ClassId, Value, symbol};
use table::{ENCODINGS, Kind};

/// Index of an encoding in `table::ENCODINGS` (CRuby's encoding index).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct EncId(pub u8);

impl EncId {
    pub fn def(self) -> &'static table::Def {
        &ENCODINGS[self.0 as usize]
    }
}

impl Enc {
    /// The encoding at CRuby's index `i`.
    pub fn from_index(i: usize) -> Enc {
        match i {
            0 => Enc::Binary,
            1 => Enc::Utf8,
            2 => Enc::UsAscii,
            _ => Enc::Ext(EncId(i as u8)),
        }
    }

    pub fn def(self) -> &'static table::Def {
        &ENCODINGS[self.index() as usize]
    }

    pub fn kind(self) -> Kind {
        self.def().kind
    }

    pub fn dummy(self) -> bool {
        self.def().dummy
    }

    /// Whether ASCII characters are their ASCII bytes in this encoding.
    pub fn ascii_compatible(self) -> bool {
        !matches!(
            self.kind(),
            Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le | Kind::Dummy
        )
    }

    /// Whether it is a Unicode encoding (UTF-8/16/32 and their variants).
    pub fn unicode(self) -> bool {
        matches!(
            self.kind(),
            Kind::Utf8 | Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le
        ) || matches!(self.def().name, "UTF-16" | "UTF-32")
    }

    /// An encoding by name or alias, case-insensitively.
    pub fn find(name: &str) -> Option<Enc> {
        let i = ENCODINGS.iter().position(|d| {
            d.name.eq_ignore_ascii_case(name)
                || d.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })?;
        Some(Enc::from_index(i))
    }
}

fn enc_class(vm: &Vm) -> Option<ClassId> {
    let v = vm
        .classes
        .get(cls::OBJECT)
        .consts
        .get(&crate::intern!("Encoding"))
        .copied()?;
    vm.as_class(v)
}

/// A class under `Encoding` by name (the conversion errors, Converter).
pub fn enc_subclass(vm: &Vm, name: &str) -> ClassId {
    enc_class(vm)
        .and_then(|e| vm.classes.get(e).consts.get(&symbol::intern(name)).copied())
        .and_then(|v| vm.as_class(v))
        .unwrap_or(vm.e.encoding_error)
}

/// The Encoding object of `e`.
pub fn enc_value(vm: &Vm, e: Enc) -> Value {
    let Some(c) = enc_class(vm) else {
        return Value::NIL;
    };
    let cname = e.def().consts[0];
    vm.classes
        .get(c)
        .consts
        .get(&symbol::intern(cname))
        .copied()
        .unwrap_or(Value::NIL)
}

/// The encoding an Encoding object stands for.
pub fn enc_of_value(vm: &Vm, v: Value) -> Option<Enc> {
    if !v.is_heap() || Some(vm.real_class_of(v)) != enc_class(vm) {
        return None;
    }
    let i = vm.ivar_get_name(v, crate::intern!("__index")).as_fixnum()?;
    Some(Enc::from_index(i as usize))
}

/// An encoding argument: an Encoding, or a name (String or `to_str`);
/// ArgumentError "unknown encoding name - x" for an unknown name.
pub fn enc_arg(vm: &mut Vm, v: Value) -> Result<Enc, Unwind> {
    if let Some(e) = enc_of_value(vm, v) {
        return Ok(e);
    }
    let raw = crate::builtins::string::str_arg(vm, v)?;
    let name = String::from_utf8_lossy(&raw).into_owned();
    match find_name(vm, &name) {
        Some(e) => Ok(e),
        None => Err(vm.arg_error(&format!("unknown encoding name - {name}"))),
    }
}

/// `Encoding.find`'s lookup: names, aliases, and the special names
/// "internal"/"external"/"locale"/"filesystem".
pub fn find_name(vm: &Vm, name: &str) -> Option<Enc> {
    if name.eq_ignore_ascii_case("internal") {
        return default_internal(vm);
    }
    if name.eq_ignore_ascii_case("external") {
        return Some(default_external(vm));
    }
    Enc::find(name)
}

/// `Encoding.default_external` (UTF-8 unless set).
pub fn default_external(vm: &Vm) -> Enc {
    let v = enc_class(vm)
        .map(|c| vm.ivar_get_name(vm.class_value(c), crate::intern!("__default_external")));
    v.and_then(|v| enc_of_value(vm, v)).unwrap_or(Enc::Utf8)
}

/// `Encoding.default_internal` (nil unless set).
pub fn default_internal(vm: &Vm) -> Option<Enc> {
    let c = enc_class(vm)?;
    let v = vm.ivar_get_name(vm.class_value(c), crate::intern!("__default_internal"));
    enc_of_value(vm, v)
}

/// Creates the Encoding class, its objects and constants, and the
/// encoding error classes.
pub fn init(vm: &mut Vm) -> ClassId {
    let e = vm.new_class(Some("Encoding"), cls::OBJECT, Some(cls::OBJECT));
    vm.e.encoding_compatibility_error =
        vm.new_class(Some("CompatibilityError"), vm.e.encoding_error, Some(e));
    for (i, d) in ENCODINGS.iter().enumerate() {
        let o = vm.heap.alloc(e, Body::Object(Vec::new()));
        vm.ivar_set_name(o, crate::intern!("__index"), Value::int(i as i64));
        obj(o).freeze();
        for c in d.consts {
            vm.classes.set_const(e, symbol::intern(c), o);
        }
    }
    for m in ["to_s", "name"] {
        vm.def_builtin(e, m, 0, |vm, s, _, _| {
            let n = enc_of_value(vm, s).map_or("", |e| e.def().name);
            let v = vm.str_new(n);
            crate::builtins::string::Enc::UsAscii.set(v);
            Ok(v)
        });
    }
    vm.def_builtin(e, "inspect", 0, |vm, s, _, _| {
        let Some(en) = enc_of_value(vm, s) else {
            return Ok(vm.str_new("#<Encoding:?>"));
        };
        let extra = if en.dummy() { " (dummy)" } else { "" };
        Ok(vm.str_new(&format!("#<Encoding:{}{extra}>", en.def().name)))
    });
    vm.def_builtin(e, "names", 0, |vm, s, _, _| {
        let Some(en) = enc_of_value(vm, s) else {
            return Ok(vm.ary_new(vec![]));
        };
        let mut v = vec![vm.str_new(en.def().name)];
        for a in en.def().aliases {
            v.push(vm.str_new(a));
        }
        if en == default_external(vm) {
            v.push(vm.str_new("external"));
        }
        if Some(en) == default_internal(vm) {
            v.push(vm.str_new("internal"));
        }
        Ok(vm.ary_new(v))
    });
    vm.def_builtin(e, "ascii_compatible?", 0, |vm, s, _, _| {
        Ok(Value::bool(
            enc_of_value(vm, s).is_some_and(|e| e.ascii_compatible()),
        ))
    });
    vm.def_builtin(e, "dummy?", 0, |vm, s, _, _| {
        Ok(Value::bool(enc_of_value(vm, s).is_some_and(|e| e.dummy())))
    });
    vm.def_singleton_builtin(e, "default_external", 0, |vm, _, _, _| {
        let d = default_external(vm);
        Ok(enc_value(vm, d))
    });
    vm.def_singleton_builtin(e, "default_internal", 0, |vm, _, _, _| {
        Ok(default_internal(vm).map_or(Value::NIL, |d| enc_value(vm, d)))
    });
    vm.def_singleton_builtin(e, "default_external=", 1, |vm, c, a, _| {
        if a[0].is_nil() {
            return Err(vm.arg_error("default external can not be nil"));
        }
        let d = enc_arg(vm, a[0])?;
        let v = enc_value(vm, d);
        vm.ivar_set_name(c, crate::intern!("__default_external"), v);
        Ok(a[0])
    });
    vm.def_singleton_builtin(e, "default_internal=", 1, |vm, c, a, _| {
        let v = if a[0].is_nil() {
            Value::NIL
        } else {
            let d = enc_arg(vm, a[0])?;
            enc_value(vm, d)
        };
        vm.ivar_set_name(c, crate::intern!("__default_internal"), v);
        Ok(a[0])
    });
    vm.def_singleton_builtin(e, "find", 1, |vm, _, a, _| {
        let en = enc_arg(vm, a[0])?;
        Ok(enc_value(vm, en))
    });
    vm.def_singleton_builtin(e, "list", 0, |vm, _, _, _| {
        let v = (0..ENCODINGS.len())
            .map(|i| enc_value(vm, Enc::from_index(i)))
            .collect();
        Ok(vm.ary_new(v))
    });
    vm.def_singleton_builtin(e, "name_list", 0, |vm, _, _, _| {
        let mut v = Vec::new();
        for d in &ENCODINGS {
            v.push(vm.str_new(d.name));
            for a in d.aliases {
                v.push(vm.str_new(a));
            }
        }
        v.push(vm.str_new("internal"));
        Ok(vm.ary_new(v))
    });
    vm.def_singleton_builtin(e, "aliases", 0, aliases);
    vm.def_singleton_builtin(
        e,
        "locale_charmap",
        0,
        |vm, _, _, _| Ok(vm.str_new("UTF-8")),
    );
    for n in [
        "UndefinedConversionError",
        "InvalidByteSequenceError",
        "ConverterNotFoundError",
    ] {
        vm.new_class(Some(n), vm.e.encoding_error, Some(e));
    }
    convert::init_errors(vm);
    converter::init(vm, e);
    e
}

fn aliases(vm: &mut Vm, _: Value, _: &[Value], _: crate::builtins::string::B) -> VResult {
    let mut pairs = Vec::new();
    for d in &ENCODINGS {
        for a in d.aliases {
            let k = vm.str_new(a);
            let v = vm.str_new(d.name);
            pairs.push((k, v));
        }
    }
    vm.hash_from_pairs(&pairs)
}
