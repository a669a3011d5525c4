//! The structure of a pattern: alternation, sequences, `(?imx)` option
//! switches and their scopes, quantifiers (with Onigmo's quirks), atom
//! dispatch, and groups (named, lookaround, option, conditional).

use super::escape::lit;
use super::{Item, ItemKind, Parser};

const ERR_TARGET: &str = "target of repeat operator is not specified";
const MAX_REPEAT: u32 = 100_000;

impl Parser {
    pub(super) fn parse_top(&mut self) -> Result<String, String> {
        let (out, _) = self.parse_alt()?;
        if self.peek() == Some(')') {
            return Err("unmatched close parenthesis".into());
        }
        Ok(out)
    }

    /// Skips `/x` whitespace and comments.
    fn skip_extended(&mut self) {
        if !self.is_extended() {
            return;
        }
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += 1;
            } else if c == '#' {
                while let Some(c) = self.peek() {
                    self.pos += 1;
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    /// alternation := sequence ('|' sequence)*, up to `)` or the end.
    /// Also tells whether it can only match the empty string.
    fn parse_alt(&mut self) -> Result<(String, bool), String> {
        let (mut out, mut zero) = self.parse_seq()?;
        while self.eat('|') {
            out.push('|');
            let (seq, z) = self.parse_seq()?;
            out.push_str(&seq);
            zero &= z;
        }
        Ok((out, zero))
    }

    fn parse_seq(&mut self) -> Result<(String, bool), String> {
        let mut items: Vec<Item> = Vec::new();
        loop {
            self.skip_extended();
            let Some(c) = self.peek() else { break };
            if c == '|' || c == ')' {
                break;
            }
            if matches!(c, '*' | '+' | '?') {
                return Err(ERR_TARGET.into());
            }
            if c == '{' && self.interval_at(self.pos).is_some() {
                return Err(ERR_TARGET.into());
            }
            // `(?i)` without a colon: the rest of this group, alternatives
            // included, goes under the new options.
            if let Some(prefix) = self.option_switch()? {
                let rest = self.parse_alt();
                self.extended.pop();
                self.unicode.pop();
                let (rest, zero) = rest?;
                items.push(Item {
                    text: format!("(?{prefix}:{rest})"),
                    kind: if zero {
                        ItemKind::ZeroWidth
                    } else {
                        ItemKind::Atom
                    },
                });
                break;
            }
            let mut item = self.parse_atom()?;
            loop {
                self.skip_extended();
                if !self.parse_quantifier(&mut item)? {
                    break;
                }
            }
            items.push(item);
        }
        let zero = items.iter().all(|i| {
            matches!(
                i.kind,
                ItemKind::Anchor | ItemKind::ZeroWidth | ItemKind::Empty
            )
        });
        Ok((items.into_iter().map(|i| i.text).collect(), zero))
    }

    /// Recognises `(?imx-imx)` at the cursor. On success the options are
    /// pushed (the caller pops them) and the emitted flag prefix returned.
    fn option_switch(&mut self) -> Result<Option<String>, String> {
        if self.peek() != Some('(') || self.peek_at(1) != Some('?') {
            return Ok(None);
        }
        let mut i = self.pos + 2;
        while let Some(&c) = self.chars.get(i) {
            if matches!(c, 'i' | 'm' | 'x' | 'a' | 'd' | 'u' | '-') {
                i += 1;
            } else {
                break;
            }
        }
        if i == self.pos + 2 || self.chars.get(i) != Some(&')') {
            return Ok(None);
        }
        let spec: String = self.chars[self.pos + 2..i].iter().collect();
        self.pos = i + 1;
        let prefix = self.apply_options(&spec)?;
        Ok(Some(prefix))
    }

    /// Pushes the option scope for `spec` (like `i-mx`) and returns the
    /// fancy-regex flag string (`i-s`), possibly empty.
    fn apply_options(&mut self, spec: &str) -> Result<String, String> {
        let mut on = true;
        let mut ext = self.is_extended();
        let mut uni = self.is_unicode();
        let (mut plus, mut minus) = (String::new(), String::new());
        for c in spec.chars() {
            match c {
                '-' => on = false,
                'i' | 'm' => {
                    let f = if c == 'i' { 'i' } else { 's' };
                    if on { plus.push(f) } else { minus.push(f) }
                }
                'x' => ext = on,
                'u' if on => uni = true,
                'a' | 'd' if on => uni = false,
                _ => return Err("undefined group option".into()),
            }
        }
        self.extended.push(ext);
        self.unicode.push(uni);
        let mut flags = plus;
        if !minus.is_empty() {
            flags.push('-');
            flags.push_str(&minus);
        }
        Ok(flags)
    }

    /// Parses `{n}`, `{n,}`, `{,m}`, `{n,m}` at `at`: (min, max, fixed, end).
    fn interval_at(&self, at: usize) -> Option<(u32, Option<u32>, bool, usize)> {
        let mut i = at + 1;
        let num = |i: &mut usize| -> Option<u64> {
            let start = *i;
            let mut v: u64 = 0;
            while let Some(c) = self.chars.get(*i).and_then(|c| c.to_digit(10)) {
                v = (v * 10 + u64::from(c)).min(u64::from(u32::MAX));
                *i += 1;
            }
            if *i > start { Some(v) } else { None }
        };
        let lo = num(&mut i);
        if self.chars.get(i) == Some(&'}') {
            let lo = lo?;
            return Some((lo as u32, Some(lo as u32), true, i + 1));
        }
        if self.chars.get(i) != Some(&',') {
            return None;
        }
        i += 1;
        let hi = num(&mut i);
        if self.chars.get(i) != Some(&'}') || (lo.is_none() && hi.is_none()) {
            return None;
        }
        Some((lo.unwrap_or(0) as u32, hi.map(|h| h as u32), false, i + 1))
    }

    /// Applies a quantifier at the cursor to `item`; false if none.
    fn parse_quantifier(&mut self, item: &mut Item) -> Result<bool, String> {
        let Some(c) = self.peek() else {
            return Ok(false);
        };
        let (min, max, fixed, end) = match c {
            '*' => (0, None, false, self.pos + 1),
            '+' => (1, None, false, self.pos + 1),
            '?' => (0, Some(1), false, self.pos + 1),
            '{' => match self.interval_at(self.pos) {
                Some(q) => q,
                None => return Ok(false),
            },
            _ => return Ok(false),
        };
        if min > MAX_REPEAT || max.is_some_and(|m| m > MAX_REPEAT) {
            return Err("too big number for repeat range".into());
        }
        if max.is_some_and(|m| m < min) {
            return Err("upper is smaller than lower in repeat range".into());
        }
        self.pos = end;
        let interval = c == '{';
        let mut lazy = false;
        let mut possessive = false;
        if !(interval && fixed) {
            if self.eat('?') {
                lazy = true;
            } else if !interval && self.eat('+') {
                possessive = true;
            }
        }
        match item.kind {
            ItemKind::Empty => return Err(ERR_TARGET.into()),
            ItemKind::Anchor => {
                // An optional anchor never constrains: drop it (further
                // quantifiers on it stay no-ops).
                if min == 0 {
                    item.text.clear();
                }
                return Ok(true);
            }
            ItemKind::ZeroWidth => {
                // Repeating an empty match changes nothing; only whether
                // it is tried (and sets its captures) matters.
                if min == 0 {
                    item.text = if possessive {
                        format!("(?>{}|)", item.text)
                    } else if lazy {
                        format!("(?:|{})", item.text)
                    } else {
                        format!("(?:{}|)", item.text)
                    };
                }
                return Ok(true);
            }
            ItemKind::Quantified => {
                item.text = format!("(?:{})", item.text);
            }
            ItemKind::Atom => {}
        }
        let q = match (min, max) {
            (0, None) => "*".to_string(),
            (1, None) => "+".to_string(),
            (0, Some(1)) if !interval => "?".to_string(),
            (n, None) => format!("{{{n},}}"),
            (n, Some(m)) if n == m => format!("{{{n}}}"),
            (n, Some(m)) => format!("{{{n},{m}}}"),
        };
        item.text.push_str(&q);
        if lazy {
            item.text.push('?');
        }
        if possessive {
            item.text = format!("(?>{})", item.text);
        }
        item.kind = ItemKind::Quantified;
        Ok(true)
    }

    fn parse_atom(&mut self) -> Result<Item, String> {
        let c = self.peek().unwrap_or('\0');
        self.pos += 1;
        match c {
            '(' => self.parse_group(),
            '[' => {
                let mut out = String::new();
                self.parse_class(&mut out)?;
                Ok(Self::atom(out))
            }
            '.' => Ok(Self::atom(".")),
            '^' => Ok(Self::anchor("^")),
            '$' => Ok(Self::anchor("$")),
            '\\' => self.parse_escape(),
            c => {
                let mut out = String::new();
                lit(c, &mut out);
                Ok(Self::atom(out))
            }
        }
    }

    /// Onigmo's rule for a group's name: a letter, `_` or non-ASCII
    /// character first; any characters after it (`hier-part`, as in
    /// `uri/rfc3986_parser.rb`).
    fn valid_group_name(name: &str) -> bool {
        matches!(name.chars().next(), Some(c) if c.is_alphabetic() || c == '_' || !c.is_ascii())
    }

    /// The name a group gets in the emitted pattern: the Ruby name when
    /// fancy-regex accepts it, else `__g` and the name's bytes in hex
    /// (names are looked up by group index, never by the emitted name).
    pub(super) fn emitted_name(name: &str) -> String {
        if name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return name.to_string();
        }
        let hex: String = name.bytes().map(|b| format!("{b:02x}")).collect();
        format!("__g{hex}")
    }

    /// After `(`.
    fn parse_group(&mut self) -> Result<Item, String> {
        if !self.eat('?') {
            let capture = !self.has_named();
            let open = if capture {
                self.group_names.push(None);
                "("
            } else {
                "(?:"
            };
            return self.group_body(open);
        }
        let Some(c) = self.peek() else {
            return Err("end pattern in group".into());
        };
        match c {
            '#' => {
                while let Some(c) = self.peek() {
                    self.pos += 1;
                    if c == ')' {
                        return Ok(Item {
                            text: String::new(),
                            kind: ItemKind::Empty,
                        });
                    }
                }
                Err("end pattern in group".into())
            }
            ':' | '=' | '!' | '>' | '~' => {
                self.pos += 1;
                let open = format!("(?{c}");
                let mut item = self.group_body(&open)?;
                if matches!(c, '=' | '!') {
                    item.kind = ItemKind::ZeroWidth;
                }
                Ok(item)
            }
            '<' if matches!(self.peek_at(1), Some('=' | '!')) => {
                let open = format!("(?<{}", self.peek_at(1).unwrap_or('='));
                self.pos += 2;
                let mut item = self.group_body(&open)?;
                item.kind = ItemKind::ZeroWidth;
                Ok(item)
            }
            '<' | '\'' => {
                let close = if c == '<' { '>' } else { '\'' };
                self.pos += 1;
                let start = self.pos;
                while let Some(ch) = self.peek() {
                    if ch == close {
                        break;
                    }
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                if !self.eat(close) {
                    return Err(format!("invalid group name <{name}>"));
                }
                if name.is_empty() {
                    return Err("group name is empty".into());
                }
                if !Self::valid_group_name(&name) {
                    return Err(format!("invalid group name <{name}>"));
                }
                self.group_names.push(Some(name.clone()));
                self.group_body(&format!("(?<{}>", Self::emitted_name(&name)))
            }
            '(' => self.parse_conditional(),
            _ => {
                // Options: `(?imx-imx:...)` (the colon-less form is handled
                // by parse_seq before reaching here).
                let start = self.pos;
                while let Some(ch) = self.peek() {
                    if matches!(ch, 'i' | 'm' | 'x' | 'a' | 'd' | 'u' | '-') {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                let spec: String = self.chars[start..self.pos].iter().collect();
                if self.pos == start || !self.eat(':') {
                    if self.peek().is_none() {
                        return Err("end pattern in group".into());
                    }
                    return Err("undefined group option".into());
                }
                let flags = self.apply_options(&spec)?;
                let inner = self.parse_alt();
                self.extended.pop();
                self.unicode.pop();
                let (inner, zero) = inner?;
                if !self.eat(')') {
                    return Err("end pattern with unmatched parenthesis".into());
                }
                let text = if flags.is_empty() {
                    format!("(?:{inner})")
                } else {
                    format!("(?{flags}:{inner})")
                };
                Ok(Item {
                    text,
                    kind: if zero {
                        ItemKind::ZeroWidth
                    } else {
                        ItemKind::Atom
                    },
                })
            }
        }
    }

    /// `(?(cond)yes|no)` after `(?`.
    fn parse_conditional(&mut self) -> Result<Item, String> {
        self.pos += 1; // '('
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == ')' {
                break;
            }
            self.pos += 1;
        }
        let cond: String = self.chars[start..self.pos].iter().collect();
        if !self.eat(')') {
            return Err("invalid conditional pattern".into());
        }
        let inner = cond
            .strip_prefix('<')
            .and_then(|s| s.strip_suffix('>'))
            .or_else(|| cond.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
            .unwrap_or(&cond)
            .to_string();
        // A number (`1`, `01`, relative `-1`/`+1`) or a group name.
        let cond_text = match self.resolve_number(&inner) {
            Some(n) => {
                let n = n?;
                if self.has_named() {
                    return Err("numbered backref/call is not allowed. (use name)".into());
                }
                n.to_string()
            }
            // (A bare name is not a condition: `(?(a)...)`.)
            None if inner == cond => return Err("invalid conditional pattern".into()),
            None => {
                self.check_name_defined(&inner)?;
                format!("<{}>", Self::emitted_name(&inner))
            }
        };
        self.group_body(&format!("(?({cond_text})"))
    }

    /// Parses a group's alternation and its `)`, wrapping it in `open`.
    fn group_body(&mut self, open: &str) -> Result<Item, String> {
        self.extended.push(self.is_extended());
        self.unicode.push(self.is_unicode());
        let inner = self.parse_alt();
        self.extended.pop();
        self.unicode.pop();
        let (inner, zero) = inner?;
        if !self.eat(')') {
            return Err("end pattern with unmatched parenthesis".into());
        }
        Ok(Item {
            text: format!("{open}{inner})"),
            kind: if zero {
                ItemKind::ZeroWidth
            } else {
                ItemKind::Atom
            },
        })
    }
}
