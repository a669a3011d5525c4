//! `psych.so`'s native half: libyaml's parser (the `libyaml-safer` port,
//! event for event and error for error the C library Psych is built on)
//! turned into the flat event list that the Ruby half (`lib/ext/psych.rb`)
//! replays onto a `Psych::Handler`, as psych's parser.c does. The emitter,
//! the class loader helpers and everything above them are Ruby
//! (`lib/ext/psych.rb` and the installed `psych/*.rb`).

use std::rc::Rc;

use libyaml_safer::{Error, ErrorKind, Event, EventData, Mark, Parser};

use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

use super::super::str_arg;

fn opt_str(vm: &mut Vm, s: &Option<String>) -> Value {
    match s {
        Some(s) => vm.str_new(s),
        None => Value::NIL,
    }
}

/// One event as `[name, args..., start_line, start_column, end_line,
/// end_column, end_index]`: the arguments psych's parser.c passes to the
/// handler method of that name, then the marks it passes to
/// `event_location` (0-based) and the index `Parser#mark` reports.
fn event_value(vm: &mut Vm, ev: &Event) -> Value {
    let mut v = match &ev.data {
        EventData::StreamStart { encoding } => {
            vec![vm.sym("start_stream"), Value::int(*encoding as i64)]
        }
        EventData::StreamEnd => vec![vm.sym("end_stream")],
        EventData::DocumentStart {
            version_directive,
            tag_directives,
            implicit,
        } => {
            let version = match version_directive {
                Some(d) => vec![Value::int(d.major as i64), Value::int(d.minor as i64)],
                None => Vec::new(),
            };
            let version = vm.ary_new(version);
            let tags = tag_directives
                .iter()
                .map(|t| {
                    let pair = vec![vm.str_new(&t.handle), vm.str_new(&t.prefix)];
                    vm.ary_new(pair)
                })
                .collect();
            let tags = vm.ary_new(tags);
            vec![
                vm.sym("start_document"),
                version,
                tags,
                Value::bool(*implicit),
            ]
        }
        EventData::DocumentEnd { implicit } => {
            vec![vm.sym("end_document"), Value::bool(*implicit)]
        }
        EventData::Alias { anchor } => vec![vm.sym("alias"), vm.str_new(anchor)],
        EventData::Scalar {
            anchor,
            tag,
            value,
            plain_implicit,
            quoted_implicit,
            style,
        } => vec![
            vm.sym("scalar"),
            vm.str_new(value),
            opt_str(vm, anchor),
            opt_str(vm, tag),
            Value::bool(*plain_implicit),
            Value::bool(*quoted_implicit),
            Value::int(*style as i64),
        ],
        EventData::SequenceStart {
            anchor,
            tag,
            implicit,
            style,
        } => vec![
            vm.sym("start_sequence"),
            opt_str(vm, anchor),
            opt_str(vm, tag),
            Value::bool(*implicit),
            Value::int(*style as i64),
        ],
        EventData::SequenceEnd => vec![vm.sym("end_sequence")],
        EventData::MappingStart {
            anchor,
            tag,
            implicit,
            style,
        } => vec![
            vm.sym("start_mapping"),
            opt_str(vm, anchor),
            opt_str(vm, tag),
            Value::bool(*implicit),
            Value::int(*style as i64),
        ],
        EventData::MappingEnd => vec![vm.sym("end_mapping")],
    };
    let at = |m: Mark| [m.line, m.column].map(|n| Value::int(n as i64));
    v.extend(at(ev.start_mark));
    v.extend(at(ev.end_mark));
    v.push(Value::int(ev.end_mark.index as i64));
    vm.ary_new(v)
}

/// A character libyaml's reader refuses (outside the printable set).
fn unprintable(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{A0}'..='\u{D7FF}'
        | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// What psych's make_exception passes to `Psych::SyntaxError.new` after
/// the path: `[offset, line, column, problem, context]`. libyaml reports
/// the context mark (1-based here), which is zero for a parser error
/// without context and the problem mark for a scanner error without one;
/// the offset is set only by reader errors.
#[cold]
fn error_value(vm: &mut Vm, text: &str, e: &Error) -> Value {
    let offset = match e.kind() {
        ErrorKind::Reader => text
            .char_indices()
            .find(|&(_, c)| unprintable(c))
            .map_or(text.len(), |(i, _)| i),
        _ => 0,
    };
    let mark = match (e.context_mark(), e.kind()) {
        (Some(m), _) => m,
        (None, ErrorKind::Scanner) => e.problem_mark().unwrap_or_default(),
        (None, _) => Mark::default(),
    };
    let problem = vm.str_new(e.problem());
    let context = match e.context() {
        Some(c) => vm.str_new(c),
        None => Value::NIL,
    };
    vm.ary_new(vec![
        Value::int(offset as i64),
        Value::int(mark.line as i64 + 1),
        Value::int(mark.column as i64 + 1),
        problem,
        context,
    ])
}

/// `[[], error]` for input that is not UTF-8, as libyaml's reader reports
/// it (always at line 1 column 1, with the byte offset).
#[cold]
fn reader_error(vm: &mut Vm, bytes: &[u8], e: std::str::Utf8Error) -> Value {
    let at = e.valid_up_to();
    let (at, problem) = match e.error_len() {
        None => (at, "incomplete UTF-8 octet sequence"),
        Some(n) if (0xC2..=0xF4).contains(&bytes[at]) => (at + n, "invalid trailing UTF-8 octet"),
        Some(_) => (at, "invalid leading UTF-8 octet"),
    };
    let msg = vm.str_new(problem);
    let error = vm.ary_new(vec![
        Value::int(at as i64),
        Value::int(1),
        Value::int(1),
        msg,
        Value::NIL,
    ]);
    let list = vm.ary_new(vec![]);
    vm.ary_new(vec![list, error])
}

/// `Psych.__events(yaml)`: `[events, error]`, where `error` is nil or the
/// Psych::SyntaxError arguments of the first error (events before it are
/// kept: the handler sees them first, as with libyaml).
fn events(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let bytes = str_arg(vm, a[0])?;
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) => t,
        Err(e) => return Ok(reader_error(vm, &bytes, e)),
    };
    let mut input = text.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    let mut out = Vec::new();
    let mut error = Value::NIL;
    loop {
        match parser.parse() {
            Ok(ev) => {
                let end = matches!(ev.data, EventData::StreamEnd);
                out.push(event_value(vm, &ev));
                if end {
                    break;
                }
            }
            Err(e) => {
                error = error_value(vm, text, &e);
                break;
            }
        }
    }
    let list = vm.ary_new(out);
    Ok(vm.ary_new(vec![list, error]))
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    // psych.rb defines Psych (psych/versions.rb) before it requires psych.so.
    let p = match super::class_at(vm, "Psych") {
        Some(p) => p,
        None => vm.new_module(Some("Psych"), Some(cls::OBJECT)),
    };
    vm.def_singleton_builtin(p, "__events", 1, events);
    Ok(())
}
