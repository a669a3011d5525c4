//! Unicode text algorithms on Strings: normalization forms
//! (`unicode_normalize`, `unicode_normalize!`, `unicode_normalized?`,
//! through the unicode-normalization crate), extended grapheme clusters
//! (`grapheme_clusters`, `each_grapheme_cluster`, unicode-segmentation)
//! and the titlecase mappings `capitalize` and `swapcase` need beyond
//! Rust's upper/lowercase.

use unicode_normalization::{IsNormalized, UnicodeNormalization};
use unicode_segmentation::UnicodeSegmentation;

use super::encoding::{Enc, str_encoding_name};
use super::{B, char_len, enum_for, new_like, set_bytes, with_bytes};
use crate::class::arity;
use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::Unwind;
use crate::value::Value;

/// A normalization form.
#[derive(Clone, Copy)]
enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

/// The form argument (default :nfc), CRuby's ArgumentError otherwise.
fn form_arg(vm: &mut Vm, a: &[Value]) -> Result<Form, Unwind> {
    let Some(&v) = a.first() else {
        return Ok(Form::Nfc);
    };
    let name = vm.symbol_name(v);
    Ok(match name.as_deref() {
        Some("nfc") => Form::Nfc,
        Some("nfd") => Form::Nfd,
        Some("nfkc") => Form::Nfkc,
        Some("nfkd") => Form::Nfkd,
        _ => {
            let shown = match name {
                Some(n) => n,
                None => {
                    let t = vm.funcall(v, crate::intern!("to_s"), &[], None)?;
                    vm.string_lossy(t)
                }
            };
            return Err(vm.arg_error(&format!("Invalid normalization form {shown}.")));
        }
    })
}

/// The receiver's text for normalizing: None for US-ASCII (already
/// normal); CompatibilityError for a binary String, ArgumentError for
/// invalid UTF-8.
fn unicode_text(vm: &mut Vm, s: Value) -> Result<Option<String>, Unwind> {
    let e = Enc::of(s);
    let utf8 =
        e == Enc::Utf8 || (e.unicode() && e.kind() == crate::builtins::encoding::table::Kind::Utf8);
    match e {
        Enc::UsAscii => Ok(None),
        _ if utf8 => match with_bytes(s, |b| std::str::from_utf8(b).map(str::to_owned)) {
            Ok(t) => Ok(Some(t)),
            Err(_) => Err(vm.arg_error(&format!("invalid byte sequence in {}", e.name()))),
        },
        _ => {
            let msg = format!(
                "Unicode Normalization not appropriate for {}",
                str_encoding_name(s)
            );
            Err(vm.error(vm.e.encoding_compatibility_error, &msg))
        }
    }
}

fn normalize(t: &str, f: Form) -> String {
    match f {
        Form::Nfc => t.nfc().collect(),
        Form::Nfd => t.nfd().collect(),
        Form::Nfkc => t.nfkc().collect(),
        Form::Nfkd => t.nfkd().collect(),
    }
}

fn is_normalized(t: &str, f: Form) -> bool {
    let quick = match f {
        Form::Nfc => unicode_normalization::is_nfc_quick(t.chars()),
        Form::Nfd => unicode_normalization::is_nfd_quick(t.chars()),
        Form::Nfkc => unicode_normalization::is_nfkc_quick(t.chars()),
        Form::Nfkd => unicode_normalization::is_nfkd_quick(t.chars()),
    };
    match quick {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => normalize(t, f) == t,
    }
}

fn unicode_normalize(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let f = form_arg(vm, a)?;
    let out = match unicode_text(vm, s)? {
        Some(t) => normalize(&t, f).into_bytes(),
        None => with_bytes(s, |b| b.to_vec()),
    };
    let v = new_like(vm, s, out);
    Enc::of(s).set(v);
    Ok(v)
}

fn unicode_normalize_bang(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let f = form_arg(vm, a)?;
    super::check_frozen(vm, s)?;
    if let Some(t) = unicode_text(vm, s)? {
        let n = normalize(&t, f);
        if n != t {
            set_bytes(vm, s, n.into_bytes())?;
        }
    }
    Ok(s)
}

fn unicode_normalized_p(vm: &mut Vm, s: Value, a: &[Value], _: B) -> VResult {
    let f = form_arg(vm, a)?;
    Ok(Value::bool(match unicode_text(vm, s)? {
        Some(t) => is_normalized(&t, f),
        None => true,
    }))
}

/// Byte spans of the extended grapheme clusters of `b`: valid UTF-8 runs
/// are segmented, each invalid byte stands alone.
fn cluster_spans(b: &[u8], by_byte: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if by_byte {
        out.extend((0..b.len()).map(|i| (i, i + 1)));
        return out;
    }
    let mut p = 0;
    while p < b.len() {
        let (run, bad) = match std::str::from_utf8(&b[p..]) {
            Ok(t) => (t, false),
            Err(e) => (
                std::str::from_utf8(&b[p..p + e.valid_up_to()]).unwrap_or_default(),
                true,
            ),
        };
        out.extend(
            run.grapheme_indices(true)
                .map(|(i, g)| (p + i, p + i + g.len())),
        );
        p += run.len();
        if bad {
            let n = char_len(b, p);
            out.push((p, p + n));
            p += n;
        }
    }
    out
}

/// The clusters as new Strings, in an Array (each rooted until the Array
/// holds it).
fn clusters(vm: &mut Vm, s: Value) -> (Value, Vec<Value>) {
    let enc = Enc::of(s);
    let (spans, b) = with_bytes(s, |b| (cluster_spans(b, enc != Enc::Utf8), b.to_vec()));
    let base = vm.roots_len();
    let mut out = Vec::with_capacity(spans.len());
    for (x, y) in spans {
        let v = new_like(vm, s, b[x..y].to_vec());
        enc.set(v);
        vm.push_root(v);
        out.push(v);
    }
    let arr = vm.ary_new(out.clone());
    vm.truncate_roots(base);
    (arr, out)
}

/// Titlecase of `c` (SpecialCasing's full mapping), for `capitalize`.
pub(super) fn titlecase(c: char, out: &mut String) {
    let u = c as u32;
    let simple = match c {
        'Ǆ' | 'ǅ' | 'ǆ' => Some('ǅ'),
        'Ǉ' | 'ǈ' | 'ǉ' => Some('ǈ'),
        'Ǌ' | 'ǋ' | 'ǌ' => Some('ǋ'),
        'Ǳ' | 'ǲ' | 'ǳ' => Some('ǲ'),
        // Greek with ypogegrammeni: the titlecase letter with prosgegrammeni.
        '\u{1F80}'..='\u{1FAF}' => char::from_u32(u | 8),
        '\u{1FB3}' | '\u{1FBC}' => Some('\u{1FBC}'),
        '\u{1FC3}' | '\u{1FCC}' => Some('\u{1FCC}'),
        '\u{1FF3}' | '\u{1FFC}' => Some('\u{1FFC}'),
        _ => None,
    };
    if let Some(t) = simple {
        out.push(t);
        return;
    }
    let up: Vec<char> = c.to_uppercase().collect();
    match c {
        // Full uppercase ends in capital iota where titlecase keeps the
        // combining ypogegrammeni.
        '\u{1FB2}' | '\u{1FB4}' | '\u{1FB7}' | '\u{1FC2}' | '\u{1FC4}' | '\u{1FC7}'
        | '\u{1FF2}' | '\u{1FF4}' | '\u{1FF7}' => {
            out.extend(&up[..up.len() - 1]);
            out.push('\u{345}');
        }
        // ŉ: titlecase is its full uppercase.
        '\u{149}' => out.extend(up),
        // Ligatures and ß: the first letter upper, the rest lower.
        _ => {
            out.push(up[0]);
            for r in &up[1..] {
                out.extend(r.to_lowercase());
            }
        }
    }
}

/// `swapcase` of a titlecase letter (neither upper nor lower): its first
/// part lowercased, the rest uppercased. None for other characters.
pub(super) fn swap_titlecase(c: char, out: &mut String) -> bool {
    let pair = match c {
        'ǅ' => "dŽ",
        'ǈ' => "lJ",
        'ǋ' => "nJ",
        'ǲ' => "dZ",
        '\u{1F88}'..='\u{1FAF}' | '\u{1FBC}' | '\u{1FCC}' | '\u{1FFC}' => {
            let up: Vec<char> = c.to_uppercase().collect();
            out.extend(up[0].to_lowercase());
            out.extend(&up[1..]);
            return true;
        }
        _ => return false,
    };
    out.push_str(pair);
    true
}

pub fn init(vm: &mut Vm) {
    let s = cls::STRING;
    vm.def_builtin(
        s,
        "unicode_normalize",
        arity::range(0, 1),
        unicode_normalize,
    );
    vm.def_builtin(
        s,
        "unicode_normalize!",
        arity::range(0, 1),
        unicode_normalize_bang,
    );
    vm.def_builtin(
        s,
        "unicode_normalized?",
        arity::range(0, 1),
        unicode_normalized_p,
    );
    vm.def_builtin(s, "grapheme_clusters", 0, |vm, s, a, b| {
        // With a block (deprecated in 3.1): the each_ form, returning self.
        if b.is_some() {
            return vm.funcall(s, crate::intern!("each_grapheme_cluster"), a, b);
        }
        Ok(clusters(vm, s).0)
    });
    vm.def_builtin(s, "each_grapheme_cluster", 0, |vm, s, _, b| {
        let Some(b) = b else {
            return enum_for(vm, s, "each_grapheme_cluster", &[]);
        };
        let (arr, v) = clusters(vm, s);
        vm.push_root(arr);
        let mut r = Ok(s);
        for c in v {
            if let Err(e) = vm.yield_block(&b, &[c]) {
                r = Err(e);
                break;
            }
        }
        vm.temp_roots.pop();
        r
    });
}
