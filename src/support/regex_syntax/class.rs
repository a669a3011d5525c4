//! Character classes: `[...]` bracket classes (ranges, nesting, `&&`),
//! POSIX brackets, `\p{..}` properties with Onigmo's definitions, and
//! the ASCII-only `\w \d \s \h` shorthands.

use super::Parser;

const W_CLASS: &str = "a-zA-Z0-9_";
const D_CLASS: &str = "0-9";
const S_CLASS: &str = "\\t\\n\\x0B\\f\\r ";
const H_CLASS: &str = "0-9a-fA-F";

/// Escapes a literal character for use inside a class.
fn class_lit(c: char, out: &mut String) {
    match c {
        '\\' | '[' | ']' | '-' | '^' | '&' | '~' => {
            out.push('\\');
            out.push(c);
        }
        c if (c as u32) < 0x20 || c as u32 == 0x7f || c.is_whitespace() => {
            out.push_str(&format!("\\x{{{:X}}}", c as u32));
        }
        c => out.push(c),
    }
}

/// Onigmo's POSIX bracket / property classes, as class contents
/// (to be put inside `[...]`).
fn posix_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => "\\p{Alphabetic}",
        "alnum" => "\\p{Alphabetic}\\p{Nd}",
        "digit" => "\\p{Nd}",
        "upper" => "\\p{Uppercase}",
        "lower" => "\\p{Lowercase}",
        "space" => "\\p{White_Space}",
        "blank" => "\\t\\p{Zs}",
        "cntrl" => "\\p{Cc}",
        "punct" => "\\p{P}$+<=>\\^`|\\~",
        "graph" => "[^\\p{White_Space}\\p{Cc}\\p{Cn}\\p{Cs}]",
        "print" => "[^\\p{White_Space}\\p{Cc}\\p{Cn}\\p{Cs}]\\p{Zs}",
        "xdigit" => "0-9A-Fa-f",
        "word" => "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}",
        "ascii" => "\\x00-\\x7F",
        _ => return None,
    })
}

/// `\p{name}` contents (inside a class), or None for an unknown name.
fn property_class(name: &str) -> Option<String> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect();
    let posix = match key.as_str() {
        "alpha" => Some("\\p{Alphabetic}"),
        "punct" => Some("\\p{P}"),
        "any" => Some("\\x{0}-\\x{10FFFF}"),
        "alnum" | "digit" | "upper" | "lower" | "space" | "blank" | "cntrl" | "graph" | "print"
        | "xdigit" | "word" | "ascii" => posix_class(&key),
        _ => None,
    };
    if let Some(p) = posix {
        return Some(p.to_string());
    }
    if name.is_empty()
        || key.starts_with("in")
            && !matches!(
                key.as_str(),
                "inherited" | "inscriptionalpahlavi" | "inscriptionalparthian"
            )
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-' | '='))
    {
        return None;
    }
    Some(format!("\\p{{{name}}}"))
}

impl Parser {
    pub(super) fn shorthand(&self, c: char) -> Option<String> {
        let uni = self.is_unicode();
        Some(match c {
            'w' if uni => "\\w".into(),
            'W' if uni => "\\W".into(),
            'd' if uni => "\\d".into(),
            'D' if uni => "\\D".into(),
            's' if uni => "\\s".into(),
            'S' if uni => "\\S".into(),
            'w' => format!("[{W_CLASS}]"),
            'W' => format!("[^{W_CLASS}]"),
            'd' => format!("[{D_CLASS}]"),
            'D' => format!("[^{D_CLASS}]"),
            's' => format!("[{S_CLASS}]"),
            'S' => format!("[^{S_CLASS}]"),
            'h' => format!("[{H_CLASS}]"),
            'H' => format!("[^{H_CLASS}]"),
            _ => return None,
        })
    }

    /// `\p{..}`, `\p{^..}`, `\P{..}` after the `p`/`P`: a class text.
    pub(super) fn parse_property(&mut self, negated: bool) -> Result<String, String> {
        if !self.eat('{') {
            return Err("invalid character property name {".into());
        }
        let mut neg = negated;
        if self.eat('^') {
            neg = !neg;
        }
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == '}' {
                break;
            }
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if !self.eat('}') {
            return Err(format!("invalid character property name {{{name}"));
        }
        let body = property_class(&name)
            .ok_or_else(|| format!("invalid character property name {{{name}}}"))?;
        Ok(format!("[{}{}]", if neg { "^" } else { "" }, body))
    }

    /// A character class; the cursor is after `[`. Appends `[...]`.
    pub(super) fn parse_class(&mut self, out: &mut String) -> Result<(), String> {
        out.push('[');
        if self.eat('^') {
            out.push('^');
        }
        let body_start = out.len();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err("premature end of char-class".into());
            };
            if c == ']' {
                if first {
                    // A leading `]` is literal when another `]` follows.
                    if !self.chars[self.pos + 1..].contains(&']') {
                        return Err("empty char-class".into());
                    }
                    self.pos += 1;
                    out.push_str("\\]");
                    first = false;
                    continue;
                }
                self.pos += 1;
                break;
            }
            first = false;
            if c == '&' && self.peek_at(1) == Some('&') {
                self.pos += 2;
                out.push_str("&&");
                continue;
            }
            if c == '[' {
                if self.peek_at(1) == Some(':')
                    && let Some(text) = self.try_posix()?
                {
                    out.push_str(&text);
                    continue;
                }
                self.pos += 1;
                self.parse_class(out)?;
                continue;
            }
            // A single member, maybe the start of a range.
            let lo = self.class_member()?;
            let is_range = self.peek() == Some('-') && self.peek_at(1).is_some_and(|n| n != ']');
            match lo {
                Member::Char(lo_c) if is_range => {
                    self.pos += 1; // '-'
                    if self.peek() == Some('[') {
                        // `[a-[b]]`: '-' is literal before a nested class.
                        class_lit(lo_c, out);
                        out.push_str("\\-");
                        continue;
                    }
                    let hi = self.class_member()?;
                    let Member::Char(hi_c) = hi else {
                        return Err("char-class value at end of range".into());
                    };
                    if hi_c < lo_c {
                        return Err("empty range in char class".into());
                    }
                    class_lit(lo_c, out);
                    out.push('-');
                    class_lit(hi_c, out);
                }
                Member::Char(c) => class_lit(c, out),
                Member::Chars(cs) => {
                    for c in cs {
                        class_lit(c, out);
                    }
                }
                Member::Set(text) => {
                    if is_range {
                        return Err("unmatched range specifier in char-class".into());
                    }
                    out.push_str(&text);
                }
            }
        }
        if out.len() == body_start {
            return Err("empty char-class".into());
        }
        out.push(']');
        Ok(())
    }

    /// `[:name:]` / `[:^name:]` at the cursor (on `[`), else None.
    fn try_posix(&mut self) -> Result<Option<String>, String> {
        let mut i = self.pos + 2;
        let neg = self.chars.get(i) == Some(&'^');
        if neg {
            i += 1;
        }
        let start = i;
        while self.chars.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
            i += 1;
        }
        if self.chars.get(i) != Some(&':') || self.chars.get(i + 1) != Some(&']') {
            return Ok(None);
        }
        let name: String = self.chars[start..i].iter().collect();
        let body = posix_class(&name).ok_or("invalid POSIX bracket type")?;
        self.pos = i + 2;
        Ok(Some(format!("[{}{}]", if neg { "^" } else { "" }, body)))
    }

    /// One class member: a char, several chars (`\u{61 62}`) or a set.
    fn class_member(&mut self) -> Result<Member, String> {
        let Some(c) = self.peek() else {
            return Err("premature end of char-class".into());
        };
        self.pos += 1;
        if c != '\\' {
            return Ok(Member::Char(c));
        }
        let Some(e) = self.peek() else {
            return Err("premature end of char-class".into());
        };
        self.pos += 1;
        if let Some(cls) = self.shorthand(e) {
            return Ok(Member::Set(cls));
        }
        match e {
            'p' | 'P' => return Ok(Member::Set(self.parse_property(e == 'P')?)),
            'b' => return Ok(Member::Char('\u{08}')),
            'R' | 'X' => return Ok(Member::Char(e)),
            '1'..='7' => {
                self.pos -= 1;
                let v = self.octal_digits(3);
                if v > 0xff {
                    return Err("invalid escape code".into());
                }
                return Ok(Member::Char(Self::codepoint(v)?));
            }
            _ => {}
        }
        Ok(match self.char_escape(e)? {
            Some(cs) if cs.len() == 1 => Member::Char(cs[0]),
            Some(cs) => Member::Chars(cs),
            None => Member::Char(e),
        })
    }
}

enum Member {
    Char(char),
    Chars(Vec<char>),
    /// Class text (`[a-z]`, `\p{L}`), usable inside a class.
    Set(String),
}
