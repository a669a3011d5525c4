//! `psych.so`'s native half: the YAML parser (saphyr-parser) turned into
//! the flat event list that the Ruby half (`lib/ext/psych.rb`) replays
//! onto a `Psych::Handler`. The emitter, the class loader helpers and
//! everything above them are Ruby (`lib/ext/psych.rb` and the installed
//! `psych/*.rb`).

use std::rc::Rc;

use saphyr_parser::{Event, Parser, ScalarStyle, Span, Tag};

use crate::class::cls;
use crate::interp::{VResult, Vm};
use crate::object::{BlockArg, Unwind};
use crate::value::Value;

use super::super::str_arg;

/// The tag as libyaml reports it (`!!str` resolved to the core schema).
fn tag_value(vm: &mut Vm, tag: Option<&Tag>) -> Value {
    match tag {
        None => Value::NIL,
        Some(t) if t.handle == "!!" => vm.str_new(&format!("tag:yaml.org,2002:{}", t.suffix)),
        Some(t) => vm.str_new(&format!("{}{}", t.handle, t.suffix)),
    }
}

/// An anchor id as a name (`None` for 0, which means no anchor).
fn anchor_value(vm: &mut Vm, id: usize) -> Value {
    if id == 0 {
        Value::NIL
    } else {
        vm.str_new(&format!("a{id}"))
    }
}

/// The `Psych::Nodes::Scalar` style number.
fn style_number(s: ScalarStyle) -> i64 {
    match s {
        ScalarStyle::Plain => 1,
        ScalarStyle::SingleQuoted => 2,
        ScalarStyle::DoubleQuoted => 3,
        ScalarStyle::Literal => 4,
        ScalarStyle::Folded => 5,
    }
}

/// One event as `[name, args..., line, column]` (mark of its start).
fn event_value(vm: &mut Vm, ev: &Event, span: &Span) -> Value {
    let mut v = match ev {
        Event::Nothing => return Value::NIL,
        Event::StreamStart => vec![vm.sym("start_stream")],
        Event::StreamEnd => vec![vm.sym("end_stream")],
        Event::DocumentStart(explicit) => {
            vec![vm.sym("start_document"), Value::bool(!explicit)]
        }
        Event::DocumentEnd => vec![vm.sym("end_document")],
        Event::Alias(id) => vec![vm.sym("alias"), anchor_value(vm, *id)],
        Event::Scalar(text, style, id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            vec![
                vm.sym("scalar"),
                vm.str_new(text),
                anchor_value(vm, *id),
                t,
                Value::int(style_number(*style)),
            ]
        }
        Event::SequenceStart(id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            vec![vm.sym("start_sequence"), anchor_value(vm, *id), t]
        }
        Event::SequenceEnd => vec![vm.sym("end_sequence")],
        Event::MappingStart(id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            vec![vm.sym("start_mapping"), anchor_value(vm, *id), t]
        }
        Event::MappingEnd => vec![vm.sym("end_mapping")],
    };
    v.push(Value::int(span.start.index() as i64));
    v.push(Value::int(span.start.line() as i64));
    v.push(Value::int(span.start.col() as i64));
    vm.ary_new(v)
}

/// `Psych.__events(yaml)`: `[events, error]`, where `error` is nil or
/// `[index, line, column, problem]` for the first syntax error.
fn events(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let bytes = str_arg(vm, a[0])?;
    let text = String::from_utf8_lossy(&bytes);
    let mut out = Vec::new();
    let mut error = Value::NIL;
    for item in Parser::new_from_str(&text) {
        match item {
            Ok((ev, span)) => {
                let v = event_value(vm, &ev, &span);
                if !v.is_nil() {
                    out.push(v);
                }
            }
            Err(e) => {
                let m = e.marker();
                let msg = vm.str_new(e.info());
                error = vm.ary_new(vec![
                    Value::int(m.index() as i64),
                    Value::int(m.line() as i64),
                    Value::int(m.col() as i64),
                    msg,
                ]);
                break;
            }
        }
    }
    let list = vm.ary_new(out);
    Ok(vm.ary_new(vec![list, error]))
}

pub fn init(vm: &mut Vm) -> Result<(), Unwind> {
    let p = vm.new_module(Some("Psych"), Some(cls::OBJECT));
    vm.def_singleton_builtin(p, "__events", 1, events);
    Ok(())
}
