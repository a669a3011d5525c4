//! The text of an exception report, as CRuby 3.1's eval_error.c writes
//! it: for an uncaught exception (or a thread's report) straight to
//! stderr, with the message escaped, and for `Exception#full_message`
//! into a String, with optional highlighting and bottom-first order.

use crate::value::{Value, sym};

use super::Vm;

const BOLD: &str = "\x1b[1m";
const UNDERLINE: &str = "\x1b[1;4m";
const RESET: &str = "\x1b[m";

/// How a report is written.
#[derive(Clone, Copy, Default)]
pub struct ReportStyle {
    /// Straight to stderr (rb_ec_error_print): the message's control
    /// characters and backslashes are escaped (write_warnq).
    pub escape: bool,
    /// ANSI bold/underline around the message and class name.
    pub highlight: bool,
    /// `order: :bottom`: "Traceback (most recent call last):", causes
    /// first, then the numbered backtrace reversed, then the message.
    pub reverse: bool,
    /// A report of an exception without a backtrace is placed at the
    /// current location (`full_message` of an exception never raised).
    pub here: bool,
}

/// write_warnq: `text` as CRuby writes a message to stderr (control
/// characters other than newline and tab as Ruby escapes, backslashes
/// doubled), or unchanged when not escaping.
fn push_message(out: &mut String, text: &str, escape: bool) {
    if !escape {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii_control() => match c {
                '\0' => out.push_str("\\0"),
                '\r' => out.push_str("\\r"),
                '\x0c' => out.push_str("\\f"),
                '\x0b' => out.push_str("\\v"),
                '\x08' => out.push_str("\\b"),
                '\x07' => out.push_str("\\a"),
                '\x1b' => out.push_str("\\e"),
                '\x7f' => out.push_str("\\c?"),
                c => out.push_str(&format!("\\x{:02X}", c as u32)),
            },
            c => out.push(c),
        }
    }
}

impl Vm {
    /// Prints an uncaught exception the way CRuby 3.1 does.
    pub fn report_exception(&mut self, e: Value) {
        let style = ReportStyle {
            escape: true,
            ..ReportStyle::default()
        };
        let out = self.exception_report(e, style);
        self.write_err(out.as_bytes());
    }

    /// rb_error_write: the report of `e`, its backtrace and its causes.
    pub fn exception_report(&mut self, e: Value, style: ReportStyle) -> String {
        // A syntax error in the main script (raised before it ran, so
        // without a backtrace) is its message alone, as CRuby prints it.
        if !style.here
            && self.exception_is(e, self.e.syntax_error)
            && self.backtrace_lines(e).is_empty()
        {
            let mut msg = self.report_message(e);
            if !msg.ends_with('\n') {
                msg.push('\n');
            }
            return msg;
        }
        let mut out = String::new();
        if style.reverse {
            out.push_str(if style.highlight {
                "\x1b[1mTraceback\x1b[m (most recent call last):\n"
            } else {
                "Traceback (most recent call last):\n"
            });
        }
        self.push_report(&mut out, e, style, &mut vec![e]);
        out
    }

    /// One exception's message, backtrace and causes, in the report's
    /// order (causes first and the message last when reversed).
    fn push_report(
        &mut self,
        out: &mut String,
        e: Value,
        style: ReportStyle,
        shown: &mut Vec<Value>,
    ) {
        let lines = self.backtrace_lines(e);
        let deep = self.is_stack_error(e);
        if style.reverse {
            self.push_cause(out, e, style, shown);
            push_from_lines(out, &lines, deep, true);
            self.push_errinfo(out, e, &lines, style);
        } else {
            self.push_errinfo(out, e, &lines, style);
            push_from_lines(out, &lines, deep, false);
            self.push_cause(out, e, style, shown);
        }
    }

    fn is_stack_error(&self, e: Value) -> bool {
        self.real_class_of(e) == self.e.system_stack_error
    }

    fn backtrace_lines(&mut self, e: Value) -> Vec<String> {
        let bt = self.exception_backtrace(e);
        if !self.is_array(bt) {
            return Vec::new();
        }
        self.array_items(bt)
            .into_iter()
            .map(|v| self.string_lossy(v))
            .collect()
    }

    /// The message as the report shows it: a `message` that raises or
    /// returns a non-String shows as empty (then the class name).
    fn report_message(&mut self, e: Value) -> String {
        match self.funcall(e, sym::MESSAGE, &[], None) {
            Ok(m) if self.is_string(m) => self.string_lossy(m),
            _ => String::new(),
        }
    }

    /// show_cause: each cause not shown yet, in the report's order.
    fn push_cause(
        &mut self,
        out: &mut String,
        e: Value,
        style: ReportStyle,
        shown: &mut Vec<Value>,
    ) {
        let cause = self.ivar_get_name(e, sym::IVAR_CAUSE);
        if !cause.is_heap()
            || !self.exception_is(cause, crate::class::cls::EXCEPTION)
            || shown.contains(&cause)
        {
            return;
        }
        shown.push(cause);
        let style = ReportStyle {
            here: false,
            ..style
        };
        self.push_report(out, cause, style, shown);
    }

    /// print_errinfo: `FIRST: MESSAGE (Class)` and the message's other
    /// lines. An anonymous class (named `#<Class:...>`) is not shown.
    fn push_errinfo(&mut self, out: &mut String, e: Value, lines: &[String], style: ReportStyle) {
        let c = self.real_class_of(e);
        let msg = self.report_message(e);
        let first = match lines.first() {
            Some(l) => l.clone(),
            None if style.here => self.backtrace().into_iter().next().unwrap_or_default(),
            None => self.script_name.clone(),
        };
        out.push_str(&first);
        out.push_str(": ");
        let hl = |out: &mut String, code: &str| {
            if style.highlight {
                out.push_str(code);
            }
        };
        if msg.is_empty() && c == self.e.runtime_error {
            hl(out, UNDERLINE);
            out.push_str("unhandled exception");
            hl(out, RESET);
            out.push('\n');
            return;
        }
        let cname = self.class_name(c);
        if msg.is_empty() {
            hl(out, UNDERLINE);
            out.push_str(&cname);
            hl(out, RESET);
            out.push('\n');
            return;
        }
        hl(out, BOLD);
        let named = !cname.starts_with('#');
        let (head, tail) = match msg.split_once('\n') {
            Some((h, t)) => (h, Some(t)),
            None => (msg.as_str(), None),
        };
        push_message(out, head, style.escape);
        if named {
            out.push_str(" (");
            hl(out, UNDERLINE);
            out.push_str(&cname);
            if style.highlight {
                out.push_str(RESET);
                out.push_str(BOLD);
            }
            out.push(')');
            hl(out, RESET);
            out.push('\n');
        }
        match tail {
            Some(t) if !t.is_empty() => {
                if !style.highlight {
                    push_message(out, t, style.escape);
                    if !t.ends_with('\n') {
                        out.push('\n');
                    }
                    return;
                }
                // Each non-empty line bold, the line breaks between them
                // plain.
                let mut rest = t;
                while !rest.is_empty() {
                    let line_end = rest.find('\n').unwrap_or(rest.len());
                    if line_end > 0 {
                        out.push_str(BOLD);
                        push_message(out, &rest[..line_end], style.escape);
                        out.push_str(RESET);
                        if line_end == rest.len() {
                            out.push('\n');
                            break;
                        }
                    }
                    rest = &rest[line_end..];
                    let breaks = rest.len() - rest.trim_start_matches('\n').len();
                    out.push_str(&rest[..breaks]);
                    rest = &rest[breaks..];
                }
            }
            _ if !named => out.push('\n'),
            _ => {}
        }
    }
}

/// print_backtrace: a report's `from` lines (all but the first of
/// `lines`), numbered and last-first when `reverse`. A stack overflow's
/// (`deep`) keep the first 8 and the last 5 around `... N levels...`
/// (TRACE_HEAD 8, TRACE_TAIL 5, from 19 lines on).
fn push_from_lines(out: &mut String, lines: &[String], deep: bool, reverse: bool) {
    const HEAD: usize = 8;
    const TAIL: usize = 5;
    let len = lines.len();
    let width = if len <= 1 {
        0
    } else {
        (len - 1).to_string().len()
    };
    let mut i = 1;
    while i < len {
        let line = &lines[if reverse { len - i } else { i }];
        if reverse {
            out.push_str(&format!("\t{:>width$}: from {line}\n", len - i));
        } else {
            out.push_str(&format!("\tfrom {line}\n"));
        }
        if deep && i == HEAD && len > HEAD + TAIL + 5 {
            out.push_str(&format!("\t ... {} levels...\n", len - HEAD - TAIL));
            i = len - TAIL;
        }
        i += 1;
    }
}
