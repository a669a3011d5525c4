//! Backslash escapes: single-character escapes (`\xHH \uHHHH \u{H H}
//! \0oo \cX \C-X \e`...), anchors and other escapes outside classes,
//! backreferences (`\1`, `\k<name>`) and subexpression calls (`\g<name>`),
//! and escaping a literal character for the emitted pattern.

use super::{Item, ItemKind, Parser};

fn is_hex(c: char) -> bool {
    c.is_ascii_hexdigit()
}

/// Escapes a literal character for use outside a class.
pub(super) fn lit(c: char, out: &mut String) {
    match c {
        '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$'
        | '#' | '&' | '-' | '~' => {
            out.push('\\');
            out.push(c);
        }
        c if (c as u32) < 0x20 || c as u32 == 0x7f || c.is_whitespace() => {
            out.push_str(&format!("\\x{{{:X}}}", c as u32));
        }
        c => out.push(c),
    }
}

impl Parser {
    /// Reads up to `max` hex digits; at least `min`.
    fn hex_digits(&mut self, min: usize, max: usize) -> Option<u32> {
        let start = self.pos;
        let mut v: u32 = 0;
        while self.pos - start < max {
            match self.peek().filter(|c| is_hex(*c)) {
                Some(c) => {
                    v = v
                        .saturating_mul(16)
                        .saturating_add(c.to_digit(16).unwrap_or(0));
                    self.pos += 1;
                }
                None => break,
            }
        }
        if self.pos - start < min {
            self.pos = start;
            return None;
        }
        Some(v)
    }

    /// Reads up to `max` octal digits (at least one present).
    pub(super) fn octal_digits(&mut self, max: usize) -> u32 {
        let start = self.pos;
        let mut v = 0;
        while self.pos - start < max {
            match self.peek().and_then(|c| c.to_digit(8)) {
                Some(d) => {
                    v = v * 8 + d;
                    self.pos += 1;
                }
                None => break,
            }
        }
        v
    }

    pub(super) fn codepoint(v: u32) -> Result<char, String> {
        char::from_u32(v).ok_or_else(|| "invalid Unicode range".to_string())
    }

    /// Escapes that denote one character (outside or inside classes):
    /// `c` is the char after the backslash, already consumed. Returns
    /// None when `c` is not such an escape.
    pub(super) fn char_escape(&mut self, c: char) -> Result<Option<Vec<char>>, String> {
        let one = |c: char| Ok(Some(vec![c]));
        match c {
            't' => one('\t'),
            'n' => one('\n'),
            'r' => one('\r'),
            'f' => one('\u{0c}'),
            'v' => one('\u{0b}'),
            'a' => one('\u{07}'),
            'e' => one('\u{1b}'),
            'x' => match self.hex_digits(1, 2) {
                Some(v) if v < 0x80 => one(Self::codepoint(v)?),
                // In an ASCII-8BIT (`/n`) regexp a high byte is the
                // character of that code: subject bytes of valid UTF-8
                // are matched as characters (see regexp::compile).
                Some(v) if self.binary => one(Self::codepoint(v)?),
                Some(_) => Err("invalid multibyte character".into()),
                None => Err("invalid hex escape".into()),
            },
            'u' => {
                if self.eat('{') {
                    let mut cps = Vec::new();
                    loop {
                        while self.eat(' ') {}
                        if self.eat('}') {
                            break;
                        }
                        match self.hex_digits(1, 6) {
                            // Onigmo reads at most six digits: a seventh
                            // is a range error, not a second code point.
                            Some(_) if self.peek().is_some_and(|c| c.is_ascii_hexdigit()) => {
                                return Err("invalid Unicode range".into());
                            }
                            Some(v) => cps.push(Self::codepoint(v)?),
                            None => return Err("invalid Unicode list".into()),
                        }
                    }
                    if cps.is_empty() {
                        return Err("invalid Unicode list".into());
                    }
                    Ok(Some(cps))
                } else {
                    match self.hex_digits(4, 4) {
                        Some(v) => one(Self::codepoint(v)?),
                        None => Err("invalid Unicode escape".into()),
                    }
                }
            }
            '0' => {
                let v = self.octal_digits(2);
                one(Self::codepoint(v)?)
            }
            'c' => self.control_char().map(|c| Some(vec![c])),
            'C' => {
                if !self.eat('-') {
                    return Err("invalid control-code syntax".into());
                }
                self.control_char().map(|c| Some(vec![c]))
            }
            'M' => Err("too short escaped multibyte character".into()),
            _ => Ok(None),
        }
    }

    /// The char after `\c` / `\C-`.
    fn control_char(&mut self) -> Result<char, String> {
        let Some(c) = self.peek() else {
            return Err("end pattern at control".into());
        };
        self.pos += 1;
        let c = if c == '\\' {
            let Some(n) = self.peek() else {
                return Err("end pattern at control".into());
            };
            self.pos += 1;
            match self.char_escape(n)? {
                Some(v) if v.len() == 1 => v[0],
                _ => n,
            }
        } else {
            c
        };
        if c == '?' {
            return Ok('\u{7f}');
        }
        if !c.is_ascii() {
            return Err("too short escaped multibyte character".into());
        }
        Ok(char::from(c as u8 & 0x9f))
    }

    pub(super) fn parse_escape(&mut self) -> Result<Item, String> {
        let Some(c) = self.peek() else {
            return Err("too short escape sequence".into());
        };
        self.pos += 1;
        if let Some(cls) = self.shorthand(c) {
            return Ok(Self::atom(cls));
        }
        match c {
            'A' => return Ok(Self::anchor("\\A")),
            'z' => return Ok(Self::anchor("\\z")),
            // fancy-regex's `\Z` also matches before several final newlines.
            'Z' => return Ok(Self::anchor("(?=\\n?\\z)")),
            'b' => return Ok(Self::anchor("\\b")),
            'B' => return Ok(Self::anchor("\\B")),
            'G' => return Ok(Self::anchor("\\G")),
            'K' => {
                return Ok(Item {
                    text: "\\K".into(),
                    kind: ItemKind::Empty,
                });
            }
            'p' | 'P' => return Ok(Self::atom(self.parse_property(c == 'P')?)),
            'R' => {
                return Ok(Self::atom(
                    "(?>\\x{D}\\x{A}|[\\x{A}\\x{B}\\x{C}\\x{D}\\x{85}\\x{2028}\\x{2029}])",
                ));
            }
            'X' => return Ok(Self::atom("(?>\\x{D}\\x{A}|\\P{M}\\p{M}*|\\p{M}+)")),
            'k' => return self.parse_backref_name(),
            'g' => return self.parse_call(),
            '1'..='9' => return self.parse_numbered_backref(c),
            _ => {}
        }
        let mut out = String::new();
        match self.char_escape(c)? {
            Some(cs) => {
                let multi = cs.len() > 1;
                if multi {
                    out.push_str("(?:");
                }
                for ch in cs {
                    lit(ch, &mut out);
                }
                if multi {
                    out.push(')');
                }
            }
            None => lit(c, &mut out),
        }
        Ok(Self::atom(out))
    }

    /// `\N` (N a nonzero digit, already consumed), as Onigmo reads it: a
    /// backref when N <= 1000 and either N <= 9 or that many groups are
    /// open by here; otherwise `\8`/`\9` stand for the digit and others
    /// start an octal escape.
    fn parse_numbered_backref(&mut self, first: char) -> Result<Item, String> {
        let start = self.pos - 1;
        let mut n: u64 = u64::from(first.to_digit(10).unwrap_or(0));
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = (n * 10 + u64::from(d)).min(1_000_000);
            self.pos += 1;
        }
        let total = self.layout.as_ref().map_or(usize::MAX, |l| l.total_groups) as u64;
        let so_far = self.group_names.len() as u64;
        if n <= 1000 && (n <= 9 || n <= so_far) {
            if n > total {
                return Err("invalid backref number/name".into());
            }
            if self.has_named() {
                return Err("numbered backref/call is not allowed. (use name)".into());
            }
            return Ok(Self::atom(format!("\\{n}")));
        }
        let mut out = String::new();
        if first == '8' || first == '9' {
            self.pos = start + 1;
            lit(first, &mut out);
            return Ok(Self::atom(out));
        }
        self.pos = start;
        let v = self.octal_digits(3);
        if v > 0xff {
            return Err("invalid escape code".into());
        }
        lit(Self::codepoint(v)?, &mut out);
        Ok(Self::atom(out))
    }

    /// Reads `<name>` or `'name'` after `\k` / `\g`.
    fn ref_name(&mut self) -> Result<String, String> {
        let close = match self.peek() {
            Some('<') => '>',
            Some('\'') => '\'',
            _ => return Err("invalid backref number/name".into()),
        };
        self.pos += 1;
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == close {
                break;
            }
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if !self.eat(close) {
            return Err("invalid backref number/name".into());
        }
        if name.is_empty() {
            return Err("group name is empty".into());
        }
        Ok(name)
    }

    /// A numeric reference (`1`, `-1`, `+1`) resolved to an absolute group.
    pub(super) fn resolve_number(&self, name: &str) -> Option<Result<usize, String>> {
        let first = name.chars().next()?;
        if !(first.is_ascii_digit() || first == '-' || first == '+') {
            return None;
        }
        let v: i64 = match name.parse() {
            Ok(v) => v,
            Err(_) => return Some(Err("invalid backref number/name".into())),
        };
        let defined = self.group_names.len() as i64;
        let abs = if first == '-' {
            defined + 1 + v
        } else if first == '+' {
            defined + v
        } else {
            v
        };
        if abs < 1 && !(abs == 0 && first != '-') {
            return Some(Err("invalid backref number/name".into()));
        }
        Some(Ok(abs as usize))
    }

    fn parse_backref_name(&mut self) -> Result<Item, String> {
        let name = self.ref_name()?;
        if let Some(n) = self.resolve_number(&name) {
            let n = n?;
            if n == 0 {
                return Err("invalid backref number/name".into());
            }
            if self.has_named() {
                return Err("numbered backref/call is not allowed. (use name)".into());
            }
            if let Some(l) = &self.layout
                && n > l.total_groups
            {
                return Err("invalid backref number/name".into());
            }
            return Ok(Self::atom(format!("\\{n}")));
        }
        if name.contains(['+', '-']) {
            return Err("backref with level is not supported".into());
        }
        self.check_name_defined(&name)?;
        Ok(Self::atom(format!("\\k<{}>", Self::emitted_name(&name))))
    }

    pub(super) fn check_name_defined(&self, name: &str) -> Result<(), String> {
        if let Some(l) = &self.layout
            && !l.group_names.iter().flatten().any(|n| n == name)
        {
            return Err(format!("undefined name <{name}> reference"));
        }
        Ok(())
    }

    fn parse_call(&mut self) -> Result<Item, String> {
        let name = self.ref_name()?;
        if let Some(n) = self.resolve_number(&name) {
            let n = n?;
            if n > 0 && self.has_named() {
                return Err("numbered backref/call is not allowed. (use name)".into());
            }
            if let Some(l) = &self.layout
                && n > l.total_groups
            {
                return Err(format!("undefined group <{name}> reference"));
            }
            return Ok(Self::atom(format!("\\g<{n}>")));
        }
        self.check_name_defined(&name)?;
        Ok(Self::atom(format!("\\g<{}>", Self::emitted_name(&name))))
    }
}
