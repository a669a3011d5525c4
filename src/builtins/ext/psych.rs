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

/// The anchor or alias name written after `sigil` (`&` or `*`) at or
/// shortly after char `at` of the source (a node's span starts at its
/// properties); `a<id>` if it cannot be found there.
fn anchor_name(src: &[char], at: usize, sigil: char, id: usize) -> String {
    let end = src.len().min(at.saturating_add(1024));
    let start = (at..end).find(|&i| src[i] == sigil);
    if let Some(s) = start {
        let name: String = src[s + 1..]
            .iter()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '[' | ']' | '{' | '}'))
            .collect();
        if !name.is_empty() {
            return name;
        }
    }
    format!("a{id}")
}

/// Names anchors and aliases by their ids, reading each anchor's name from
/// the source (saphyr-parser reports only ids).
struct Anchors<'s> {
    src: &'s [char],
    names: std::collections::HashMap<usize, String>,
}

impl Anchors<'_> {
    fn anchor(&mut self, vm: &mut Vm, id: usize, at: usize) -> Value {
        if id == 0 {
            return Value::NIL;
        }
        let name = anchor_name(self.src, at, '&', id);
        let v = vm.str_new(&name);
        self.names.insert(id, name);
        v
    }

    fn alias(&mut self, vm: &mut Vm, id: usize, at: usize) -> Value {
        let name = match self.names.get(&id) {
            Some(n) => n.clone(),
            None => anchor_name(self.src, at, '*', id),
        };
        vm.str_new(&name)
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

/// `Psych::Nodes::Sequence::FLOW` (2) when the collection's span ends
/// with its flow indicator (`[` or `{`), else `BLOCK` (1).
fn collection_style(src: &[char], span: &Span, open: char) -> Value {
    let end = span.end.index();
    let flow = end > 0 && src.get(end - 1) == Some(&open);
    Value::int(if flow { 2 } else { 1 })
}

/// One event as `[name, args..., line, column]` (mark of its start).
fn event_value(vm: &mut Vm, an: &mut Anchors, ev: &Event, span: &Span) -> Value {
    let at = span.start.index();
    let mut v = match ev {
        Event::Nothing => return Value::NIL,
        Event::StreamStart => vec![vm.sym("start_stream")],
        Event::StreamEnd => vec![vm.sym("end_stream")],
        Event::DocumentStart(explicit) => {
            vec![vm.sym("start_document"), Value::bool(!explicit)]
        }
        Event::DocumentEnd => vec![vm.sym("end_document")],
        Event::Alias(id) => vec![vm.sym("alias"), an.alias(vm, *id, at)],
        Event::Scalar(text, style, id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            vec![
                vm.sym("scalar"),
                vm.str_new(text),
                an.anchor(vm, *id, at),
                t,
                Value::int(style_number(*style)),
            ]
        }
        Event::SequenceStart(id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            let style = collection_style(an.src, span, '[');
            vec![vm.sym("start_sequence"), an.anchor(vm, *id, at), t, style]
        }
        Event::SequenceEnd => vec![vm.sym("end_sequence")],
        Event::MappingStart(id, tag) => {
            let t = tag_value(vm, tag.as_deref());
            let style = collection_style(an.src, span, '{');
            vec![vm.sym("start_mapping"), an.anchor(vm, *id, at), t, style]
        }
        Event::MappingEnd => vec![vm.sym("end_mapping")],
    };
    v.push(Value::int(span.start.index() as i64));
    v.push(Value::int(span.start.line() as i64));
    v.push(Value::int(span.start.col() as i64));
    vm.ary_new(v)
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
        Value::int(0),
        msg,
    ]);
    let list = vm.ary_new(vec![]);
    vm.ary_new(vec![list, error])
}

/// `Psych.__events(yaml)`: `[events, error]`, where `error` is nil or
/// `[index, line, column, problem]` for the first syntax error.
fn events(vm: &mut Vm, _: Value, a: &[Value], _: Option<Rc<BlockArg>>) -> VResult {
    let bytes = str_arg(vm, a[0])?;
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) => t,
        Err(e) => return Ok(reader_error(vm, &bytes, e)),
    };
    let chars: Vec<char> = text.chars().collect();
    let mut an = Anchors {
        src: &chars,
        names: std::collections::HashMap::new(),
    };
    let mut out = Vec::new();
    let mut error = Value::NIL;
    for item in Parser::new_from_str(text) {
        match item {
            Ok((ev, span)) => {
                let v = event_value(vm, &mut an, &ev, &span);
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
    // psych.rb defines Psych (psych/versions.rb) before it requires psych.so.
    let p = match super::class_at(vm, "Psych") {
        Some(p) => p,
        None => vm.new_module(Some("Psych"), Some(cls::OBJECT)),
    };
    vm.def_singleton_builtin(p, "__events", 1, events);
    Ok(())
}
