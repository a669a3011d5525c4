//! Syntax errors as CRuby 3.1 reports them: `FILE:LINE: syntax error,
//! unexpected X, expecting Y`, then the source line and a caret under the
//! offending token. prism finds the errors; this module words the first
//! of them the way CRuby's bison parser would (prism goes on and reports
//! the cascade that follows, which CRuby never sees) and draws the line.

/// One error prism found: its message and where (byte offsets).
pub struct Found {
    pub message: String,
    pub line: i64,
    pub start: usize,
    pub end: usize,
}

/// `a, b` at the very end of the input (`eval` without a final newline):
/// a trailing comment still ends in `'\n'` (at its last character);
/// otherwise the last target decides what bison could still accept.
fn at_end_of_input(src: &[u8], from: usize) -> (String, usize, usize) {
    let line_start = src.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = &src[line_start..];
    let code_end = line
        .iter()
        .position(|&b| b == b'#')
        .map_or(line.len(), |i| i);
    if code_end < line.len() && from <= line_start + code_end {
        let at = src.len() - 1;
        return ("unexpected '\\n', expecting '='".to_string(), at, at + 1);
    }
    let code = String::from_utf8_lossy(&line[..code_end]);
    let last = code.trim_end().rsplit(',').next().unwrap_or("").trim();
    let called = last.ends_with(']')
        || last
            .rsplit_once('.')
            .is_some_and(|(_, m)| m.starts_with(|c: char| c.is_ascii_lowercase() || c == '_'));
    let text = if called {
        "unexpected end-of-input, expecting '.' or &. or :: or '['"
    } else {
        "unexpected end-of-input, expecting '='"
    };
    (text.to_string(), src.len(), src.len())
}

/// The SyntaxError message for `errors` (in source order) in `src`.
/// Errors up to the first parse error (one that says "unexpected" or
/// "expected") are kept, at most two: CRuby stops at its first parse
/// error, after any semantic error found before it. With `show_lines`
/// (the main script and `eval`; CRuby never shows a required file's
/// lines) each error is followed by its source line, when that is longer
/// than 4 characters, and a caret; such a message ends with a newline.
pub fn report(file: &str, src: &[u8], errors: &[Found], show_lines: bool) -> String {
    let mut out = String::new();
    for (n, e) in errors.iter().enumerate() {
        let (mut text, parse_error) = cruby_wording(&e.message);
        let (mut start, mut end, mut line) = (e.start.min(src.len()), e.end, e.line);
        // `a, b` without `=`: bison reads a multiple-assignment target
        // and wants `=` at the end of the line, unless the first target
        // is a call with arguments, which cannot be one: then the `,`
        // after it is unexpected.
        if e.message == "unexpected write target" {
            let end_at = e.end.min(src.len());
            let comma = end_at
                + src[end_at..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
            if end_at > 0 && src[end_at - 1] == b')' && src.get(comma) == Some(&b',') {
                text = "unexpected ',', expecting end-of-input".to_string();
                (start, end) = (comma, comma + 1);
            } else if let Some(nl) = src[end_at..].iter().position(|&b| b == b'\n') {
                text = "unexpected '\\n', expecting '='".to_string();
                start = end_at + nl;
                end = start + 1;
            } else {
                (text, start, end) = at_end_of_input(src, end_at);
            }
        }
        // prism reports an operator left without its operand there; bison
        // at the token that follows, whatever line it is on.
        let expecting = if e.message.starts_with("expected an expression after") {
            Some("")
        } else if e.message == "expected an expression for the array element" {
            Some(", expecting ']'")
        } else {
            None
        };
        if let Some(expecting) = expecting {
            match next_token(src, e.end.min(src.len())) {
                Some((name, at, to)) => {
                    line += src[start..at].iter().filter(|&&b| b == b'\n').count() as i64;
                    text = format!("unexpected {name}{expecting}");
                    (start, end) = (at, to);
                }
                None => text = format!("unexpected end-of-input{expecting}"),
            }
        }
        // bison marks the constant, prism the whole assignment.
        if text == "dynamic constant assignment" {
            end = start
                + src[start..]
                    .iter()
                    .take_while(|&&b| {
                        b.is_ascii_alphanumeric() || b == b'_' || b == b':' || b >= 0x80
                    })
                    .count();
        }
        // bison marks the whole method head (`def self.x=`), prism the name.
        if let Some(head) = text.strip_prefix("invalid method name; a ") {
            text = head.to_string();
            let line_start = src[..start]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            if let Some(def) = src[line_start..start].windows(3).rposition(|w| w == b"def") {
                start = line_start + def;
            }
        }
        // A missing closing token is found at the end of input (prism
        // points at the opening one); a missing separator at the token
        // that follows.
        let at_eof = text.starts_with("unexpected end-of-input");
        if at_eof {
            line += src[start..].iter().filter(|&&b| b == b'\n').count() as i64;
            start = src.len();
        } else if e.message.contains("expected a `,` separator") {
            while start < src.len() && (src[start] == b' ' || src[start] == b'\t') {
                start += 1;
            }
            end = next_token(src, start).map_or(start + 1, |(_, _, to)| to);
        }
        // An error at the end of input is where bison's lexer met it: at
        // the input's final newline (on that newline's line), or just past
        // the last character when there is none.
        if src[start..].iter().all(u8::is_ascii_whitespace) {
            let at = src.len() - usize::from(src.last() == Some(&b'\n'));
            line = 1 + src[..at].iter().filter(|&&b| b == b'\n').count() as i64;
            start = at;
            end = at;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        if parse_error {
            out.push_str(&format!("{file}:{line}: syntax error, {text}"));
        } else {
            out.push_str(&format!("{file}:{line}: {text}"));
        }
        if show_lines && let Some(snippet) = snippet(src, start, end) {
            out.push('\n');
            out.push_str(&snippet);
            out.push('\n');
        }
        if parse_error || n >= 1 {
            break;
        }
    }
    out
}

/// prism's message in bison's words where the two are known to differ,
/// and whether it is a parse error (CRuby's "syntax error, " prefix).
fn cruby_wording(msg: &str) -> (String, bool) {
    for (what, expecting) in [("`)`", "')'"), ("`]`", "']'"), ("`}`", "'}'")] {
        let close = format!("expected a {what} to close");
        if let Some(rest) = msg.strip_prefix("unexpected")
            && let Some((tok, tail)) = rest.split_once("; ")
            && tail.trim_start().starts_with(&close)
        {
            return (
                format!("unexpected{}, expecting {expecting}", token(tok)),
                true,
            );
        }
        // (prism says this bare form when the input ended first)
        if msg.starts_with(&close) {
            return (
                format!("unexpected end-of-input, expecting {expecting}"),
                true,
            );
        }
    }
    if let Some(rest) = msg.strip_prefix("unexpected")
        && let Some((tok, tail)) = rest.split_once("; ")
    {
        let tail = tail.trim_start();
        if tail.starts_with("expected a `,` separator for the array elements") {
            return (format!("unexpected{}, expecting ']'", token(tok)), true);
        }
        if tail.starts_with("expected an expression") {
            return (format!("unexpected{}", token(tok)), true);
        }
        if tail.starts_with("target cannot be written") {
            return (
                format!("unexpected{}, expecting end-of-input", token(tok)),
                true,
            );
        }
    }
    if msg.starts_with("unexpected end-of-input, assuming it is closing") {
        return ("unexpected end-of-input, expecting `end'".to_string(), true);
    }
    if let Some(tok) = msg.strip_prefix("unexpected").and_then(|r| {
        r.strip_suffix(", ignoring it")
            .or_else(|| r.strip_suffix(", expecting end-of-input"))
    }) {
        return (
            format!("unexpected{}, expecting end-of-input", token(tok)),
            true,
        );
    }
    for semantic in [
        "class definition in method body",
        "module definition in method body",
    ] {
        if msg == format!("unexpected {semantic}") {
            return (semantic.to_string(), false);
        }
    }
    if let Some(rest) = msg.strip_prefix('\'')
        && let Some((name, tail)) = rest.split_once('\'')
        && tail.starts_with(" is not allowed as")
    {
        return (format!("`{name}'{tail}"), false);
    }
    let parse = msg.starts_with("unexpected") || msg.starts_with("expected");
    (msg.to_string(), parse)
}

/// The first token at or after `from` (spaces, newlines and comments
/// skipped): bison's name for it and its span. None at the end of input.
fn next_token(src: &[u8], mut from: usize) -> Option<(String, usize, usize)> {
    loop {
        while from < src.len() && src[from].is_ascii_whitespace() {
            from += 1;
        }
        if src.get(from) != Some(&b'#') {
            break;
        }
        from += src[from..].iter().position(|&b| b == b'\n')?;
    }
    let c = *src.get(from)?;
    let word = |i: usize| {
        i + src[i..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80)
            .count()
    };
    if c.is_ascii_digit() {
        let to = word(from);
        let float = src.get(to) == Some(&b'.') && src.get(to + 1).is_some_and(u8::is_ascii_digit);
        let to = if float { word(to + 1) } else { to };
        let name = if float {
            "float literal"
        } else {
            "integer literal"
        };
        return Some((name.to_string(), from, to));
    }
    if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
        let to = word(from);
        let w = std::str::from_utf8(&src[from..to]).unwrap_or("");
        let name = if KEYWORDS.contains(&w) {
            format!("`{w}'")
        } else if c.is_ascii_uppercase() {
            "constant".to_string()
        } else {
            "local variable or method".to_string()
        };
        return Some((name, from, to));
    }
    let name = match c {
        b'@' if src.get(from + 1) == Some(&b'@') => "class variable",
        b'@' => "instance variable",
        b'$' => "global variable",
        b'"' | b'\'' | b'`' => "string literal",
        _ => return Some((format!("'{}'", c as char), from, from + 1)),
    };
    let to = word(from + 1 + usize::from(src.get(from + 1) == Some(&b'@')));
    let to = if matches!(c, b'"' | b'\'' | b'`') {
        from + 1
    } else {
        to
    };
    Some((name.to_string(), from, to))
}

/// Ruby's reserved words (bison names them `` `end' ``).
const KEYWORDS: &[&str] = &[
    "BEGIN", "END", "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do",
    "else", "elsif", "end", "ensure", "false", "for", "if", "in", "module", "next", "nil", "not",
    "or", "redo", "rescue", "retry", "return", "self", "super", "then", "true", "undef", "unless",
    "until", "when", "while", "yield",
];

/// A token as bison names it: ` integer literal`, `` `end'``.
fn token(tok: &str) -> String {
    let t = tok.trim();
    let named = match t {
        "integer" => "integer literal".to_string(),
        "float" => "float literal".to_string(),
        "rational" => "rational literal".to_string(),
        "imaginary" => "imaginary literal".to_string(),
        _ => match t.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')) {
            Some(k) if k.chars().all(|c| c.is_ascii_alphabetic() || c == '_') && !k.is_empty() => {
                format!("`{k}'")
            }
            _ => t.to_string(),
        },
    };
    format!(" {named}")
}

/// How far around the error CRuby shows a long line (its
/// `max_line_margin`), in characters.
const MARGIN: usize = 30;

/// The error's line, cut to MARGIN characters each side of the error
/// with `...`, and under it `^~~` spanning the token.
fn snippet(src: &[u8], start: usize, end: usize) -> Option<String> {
    let start = start.min(src.len());
    let line_start = src[..start]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_end = src[start..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(src.len(), |i| start + i);
    let line = String::from_utf8_lossy(&src[line_start..line_end]);
    let chars: Vec<char> = line.chars().collect();
    // (CRuby's parser_show_error_line leaves out lines of 4 characters
    // or fewer.)
    if chars.len() <= 4 {
        return None;
    }
    // (Clamped: invalid UTF-8 may decode to fewer characters whole.)
    let col = String::from_utf8_lossy(&src[line_start..start])
        .chars()
        .count()
        .min(chars.len());
    let end = end.clamp(start, line_end);
    let token_chars = String::from_utf8_lossy(&src[start..end]).chars().count();
    let width = token_chars.max(1);
    // The window is centred on the token's last character (the character
    // before an empty one, at the end of input), but a token wider than the
    // margin is shown from its start.
    let last = (col + token_chars).saturating_sub(1);
    let (from, pre) = if last > MARGIN {
        let from = (last - MARGIN).min(col);
        (from, if from > 0 { "..." } else { "" })
    } else {
        (0, "")
    };
    let (to, post) = if chars.len() > last + MARGIN {
        (last + MARGIN, "...")
    } else {
        (chars.len(), "")
    };
    let shown: String = chars[from..to].iter().collect();
    let width = width.min(to.saturating_sub(col).max(1));
    let caret = format!("{pre}{}^{}", " ".repeat(col - from), "~".repeat(width - 1));
    Some(format!("{pre}{shown}{post}\n{caret}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(src: &str, message: &str, start: usize, end: usize) -> String {
        let errors = [Found {
            message: message.to_string(),
            line: 1,
            start,
            end,
        }];
        report("s.rb", src.as_bytes(), &errors, true)
    }

    #[test]
    fn a_token_wider_than_the_margin_is_drawn_from_its_start() {
        let src = format!("x = {}\n", "y".repeat(80));
        let s = snippet(src.as_bytes(), 4, 84).unwrap();
        assert!(s.starts_with("...y") && s.contains("\n...^~~"), "{s}");
        let s = snippet(src.as_bytes(), 0, 84).unwrap();
        assert!(s.starts_with("x = y") && s.contains("\n^~~"), "{s}");
    }

    #[test]
    fn words_and_draws_as_cruby() {
        // Expected texts: CRuby 3.1.2 on the same source.
        assert_eq!(
            one(
                "foo(1 2)\n",
                "unexpected integer; expected a `)` to close the arguments",
                6,
                7
            ),
            "s.rb:1: syntax error, unexpected integer literal, expecting ')'\nfoo(1 2)\n      ^\n"
        );
        assert_eq!(
            one(
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx = (1 2)\n",
                "unexpected integer; expected a `)` to close the parentheses",
                47,
                48
            ),
            "s.rb:1: syntax error, unexpected integer literal, expecting ')'\n\
             ...xxxxxxxxxxxxxxxxxxxxxxxx = (1 2)\n...                              ^\n"
        );
        assert_eq!(
            one(
                "return 1 in x\n",
                "unexpected 'in', expecting end-of-input",
                9,
                11
            ),
            "s.rb:1: syntax error, unexpected `in', expecting end-of-input\nreturn 1 in x\n         ^~\n"
        );
    }
}
