//! Translation of Ruby (Onigmo) regexp source into a `fancy-regex`
//! pattern with the same meaning, so carmine's Regexp can run on
//! fancy-regex.
//!
//! What changes in translation:
//! - `^`/`$` are always line anchors in Ruby: the pattern is emitted in
//!   multi-line mode; Ruby's `/m` (and inline `(?m)`) is dot-all, `(?s)`.
//! - `\w \d \s \h` (and negations) are ASCII-only in Ruby; they become
//!   explicit classes. `\b` stays Unicode, as in Ruby.
//! - POSIX brackets and `\p{Alpha}`-style names get Onigmo's definitions.
//! - `/x` is applied here (whitespace and `#` comments dropped outside
//!   classes), as is `(?x)`.
//! - Once a named group exists, plain `(...)` groups do not capture.
//! - An option switch like `a(?i)b|c` covers the rest of its group,
//!   alternatives included: it becomes `a(?i:b|c)`.
//! - Quantifier quirks: `{n}?` is optional (not lazy), `{n,m}+` repeats
//!   again (not possessive), `*+ ++ ?+` are possessive, stacked
//!   quantifiers nest, a quantified anchor is kept or dropped.
//! - Escapes (`\xHH \uHHHH \u{H H} \0oo \cX \C-X \e \/`...) become plain
//!   characters; unknown escapes like `\y` are the letter itself.
//!
//! Compile the result with
//! `fancy_regex::RegexBuilder::new(&pattern).oniguruma_mode(true).build()`:
//! Oniguruma mode makes `^` not match after a string's final newline,
//! as in Ruby (otherwise the pattern is the same in both modes).
//!
//! Errors are Onigmo's messages without the `: /source/` suffix that
//! CRuby's `RegexpError` adds (`"target of repeat operator is not
//! specified"`). Known gaps: multi-character case folding (`/ss/i` vs
//! `ß`), `\X` is approximated, absent expressions other than `(?~abc)`,
//! `\k<name+level>`, and Onigmo quirks of case-insensitive classes (CRuby
//! 3.1: `"É" =~ /[aé]/i` fails and `"b" =~ /[\w&&[^b]]/i` matches; here
//! classes fold like single characters); an unknown `\p{Name}` is passed through, so it fails
//! when fancy-regex compiles it rather than here.
//!
//! Note for `scan`/`gsub`: do not use fancy-regex's `find_iter`; Ruby
//! allows an empty match right after a non-empty one (`"axxb".scan(/x*/)`
//! is `["", "xx", "", ""]`), so loop with `find_from_pos`, stepping one
//! character only after an empty match.

/// The outcome of a translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The fancy-regex pattern.
    pub pattern: String,
    /// Named groups, unique, in order of first appearance (`Regexp#names`).
    pub names: Vec<String>,
    /// Group name of each capture group, 1-based group `i` at `i - 1`
    /// (`None` for an unnamed capture).
    pub group_names: Vec<Option<String>>,
}

/// Translates Ruby regexp source with its `i`, `m`, `x` options.
pub fn translate(
    src: &str,
    ignore_case: bool,
    multiline: bool,
    extended: bool,
) -> Result<String, String> {
    translate_full(src, ignore_case, multiline, extended).map(|t| t.pattern)
}

/// The named groups of a Ruby regexp source (`Regexp#names`), unique and
/// in order; empty when the source does not parse.
pub fn group_names(src: &str) -> Vec<String> {
    translate_full(src, false, false, false)
        .map(|t| t.names)
        .unwrap_or_default()
}

/// Like [`translate`], also returning the group layout.
pub fn translate_full(
    src: &str,
    ignore_case: bool,
    multiline: bool,
    extended: bool,
) -> Result<Translation, String> {
    // Pass 1 learns the group layout (named groups change the meaning of
    // plain parentheses and of `\N` backrefs); pass 2 emits.
    let mut first = Parser::new(src, extended, None);
    first.parse_top()?;
    let layout = Layout {
        has_named: first.group_names.iter().any(Option::is_some),
        total_groups: first.group_names.len(),
        group_names: first.group_names.clone(),
    };
    let mut second = Parser::new(src, extended, Some(layout));
    let body = second.parse_top()?;
    let mut pattern = String::with_capacity(body.len() + 12);
    pattern.push_str("(?m");
    if ignore_case {
        pattern.push('i');
    }
    if multiline {
        pattern.push('s');
    }
    pattern.push(')');
    pattern.push_str(&body);
    let mut names: Vec<String> = Vec::new();
    for n in second.group_names.iter().flatten() {
        if !names.contains(n) {
            names.push(n.clone());
        }
    }
    Ok(Translation {
        pattern,
        names,
        group_names: second.group_names,
    })
}

/// What pass 1 learned.
#[derive(Clone)]
struct Layout {
    has_named: bool,
    total_groups: usize,
    group_names: Vec<Option<String>>,
}

/// One parsed element of a sequence, already emitted.
struct Item {
    text: String,
    kind: ItemKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ItemKind {
    /// A single unit (char, class, group, backref) that takes a quantifier.
    Atom,
    /// An atom carrying a quantifier: wrap before quantifying again.
    Quantified,
    /// A plain zero-width assertion: a quantifier keeps or drops it.
    Anchor,
    /// A zero-width group or lookaround, which may hold captures: an
    /// optional quantifier makes it `(?:X|)`, others keep it once.
    ZeroWidth,
    /// Nothing to quantify (a comment, an option switch).
    Empty,
}

const ERR_TARGET: &str = "target of repeat operator is not specified";
const MAX_REPEAT: u32 = 100_000;

const W_CLASS: &str = "a-zA-Z0-9_";
const D_CLASS: &str = "0-9";
const S_CLASS: &str = "\\t\\n\\x0B\\f\\r ";
const H_CLASS: &str = "0-9a-fA-F";

struct Parser {
    chars: Vec<char>,
    pos: usize,
    /// `/x` in force (a stack, scoped by groups).
    extended: Vec<bool>,
    /// `(?u)`: Unicode `\w \d \s` (scoped like `extended`).
    unicode: Vec<bool>,
    layout: Option<Layout>,
    group_names: Vec<Option<String>>,
}

fn is_hex(c: char) -> bool {
    c.is_ascii_hexdigit()
}

/// Escapes a literal character for use outside a class.
fn lit(c: char, out: &mut String) {
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
    fn new(src: &str, extended: bool, layout: Option<Layout>) -> Parser {
        Parser {
            chars: src.chars().collect(),
            pos: 0,
            extended: vec![extended],
            unicode: vec![false],
            layout,
            group_names: Vec::new(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, off: usize) -> Option<char> {
        self.chars.get(self.pos + off).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn is_extended(&self) -> bool {
        *self.extended.last().unwrap_or(&false)
    }

    fn is_unicode(&self) -> bool {
        *self.unicode.last().unwrap_or(&false)
    }

    fn has_named(&self) -> bool {
        self.layout.as_ref().is_some_and(|l| l.has_named)
    }

    fn parse_top(&mut self) -> Result<String, String> {
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

    fn atom(text: impl Into<String>) -> Item {
        Item {
            text: text.into(),
            kind: ItemKind::Atom,
        }
    }

    fn anchor(text: &str) -> Item {
        Item {
            text: text.to_string(),
            kind: ItemKind::Anchor,
        }
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

    fn shorthand(&self, c: char) -> Option<String> {
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
    fn parse_property(&mut self, negated: bool) -> Result<String, String> {
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
    fn octal_digits(&mut self, max: usize) -> u32 {
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

    fn codepoint(v: u32) -> Result<char, String> {
        char::from_u32(v).ok_or_else(|| "invalid Unicode range".to_string())
    }

    /// Escapes that denote one character (outside or inside classes):
    /// `c` is the char after the backslash, already consumed. Returns
    /// None when `c` is not such an escape.
    fn char_escape(&mut self, c: char) -> Result<Option<Vec<char>>, String> {
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

    fn parse_escape(&mut self) -> Result<Item, String> {
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

    /// `\N` (N a nonzero digit, already consumed): a backref, or an octal
    /// escape when no such group exists.
    fn parse_numbered_backref(&mut self, first: char) -> Result<Item, String> {
        let start = self.pos - 1;
        let mut n: u64 = u64::from(first.to_digit(10).unwrap_or(0));
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = (n * 10 + u64::from(d)).min(1_000_000);
            self.pos += 1;
        }
        let total = self.layout.as_ref().map_or(usize::MAX, |l| l.total_groups) as u64;
        let multi_digit = self.pos - start > 1;
        if n <= total {
            if self.has_named() {
                return Err("numbered backref/call is not allowed. (use name)".into());
            }
            return Ok(Self::atom(format!("\\{n}")));
        }
        // Not a group: octal escape (up to 3 octal digits) if it starts
        // with an octal digit, else an error.
        self.pos = start;
        if first == '8' || first == '9' || !multi_digit {
            return Err("invalid backref number/name".into());
        }
        let v = self.octal_digits(3);
        if v > 0xff {
            return Err("invalid escape code".into());
        }
        let mut out = String::new();
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
    fn resolve_number(&self, name: &str) -> Option<Result<usize, String>> {
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
        Ok(Self::atom(format!("\\k<{name}>")))
    }

    fn check_name_defined(&self, name: &str) -> Result<(), String> {
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
        Ok(Self::atom(format!("\\g<{name}>")))
    }

    fn valid_group_name(name: &str) -> bool {
        let mut chars = name.chars();
        match chars.next() {
            Some(c) if c.is_alphabetic() || c == '_' || !c.is_ascii() => {}
            _ => return false,
        }
        chars.all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
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
                self.group_body(&format!("(?<{name}>"))
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
        let cond_text = if inner.chars().all(|c| c.is_ascii_digit()) && !inner.is_empty() {
            if self.has_named() {
                return Err("numbered backref/call is not allowed. (use name)".into());
            }
            inner
        } else {
            self.check_name_defined(&inner)?;
            format!("<{inner}>")
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

    /// A character class; the cursor is after `[`. Appends `[...]`.
    fn parse_class(&mut self, out: &mut String) -> Result<(), String> {
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

#[cfg(test)]
// Test data is CRuby-recorded literals, kept verbatim.
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    use super::*;
    use fancy_regex::RegexBuilder;

    fn compile(src: &str, i: bool, m: bool, x: bool) -> fancy_regex::Regex {
        let pat = translate(src, i, m, x).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        RegexBuilder::new(&pat)
            .oniguruma_mode(true)
            .build()
            .unwrap_or_else(|e| panic!("{src:?} -> {pat:?}: {e}"))
    }

    /// Ruby's `str =~ re` then `$~[0]`: (byte offset, matched text).
    fn first_match(src: &str, opts: &str, text: &str) -> Option<(usize, String)> {
        let re = compile(
            src,
            opts.contains('i'),
            opts.contains('m'),
            opts.contains('x'),
        );
        re.find(text)
            .unwrap()
            .map(|m| (m.start(), m.as_str().to_string()))
    }

    /// Ruby's `str.scan(re)` when the regexp has no groups. Not
    /// `find_iter`: Ruby allows an empty match right after a non-empty
    /// one, and only steps one character after an empty match.
    fn scan(src: &str, text: &str) -> Vec<String> {
        let re = compile(src, false, false, false);
        let mut out = Vec::new();
        let mut pos = 0;
        while pos <= text.len() {
            let Some(m) = re.find_from_pos(text, pos).unwrap() else {
                break;
            };
            out.push(m.as_str().to_string());
            pos = if m.end() == m.start() {
                match text[m.end()..].chars().next() {
                    Some(c) => m.end() + c.len_utf8(),
                    None => break,
                }
            } else {
                m.end()
            };
        }
        out
    }

    // (source, options, subject, CRuby's match: Some((char offset, text))).
    // Recorded with `ruby -e 'm = Regexp.new(src, opts).match(str); p [m.begin(0), m[0]]'`.
    #[allow(clippy::type_complexity)]
    #[rustfmt::skip]
    fn match_cases() -> Vec<(&'static str, &'static str, &'static str, Option<(usize, &'static str)>)> {
        vec![
            ("a(?i)b|c", "", "c", None),
            ("a(?i)b|c", "", "aC", Some((0, "aC"))),
            ("(?i)b|c", "", "C", Some((0, "C"))),
            ("x(?i:b|c)", "", "xC", Some((0, "xC"))),
            ("^a{2}?b", "", "b", Some((0, "b"))),
            ("a{2}?", "", "aaa", Some((0, "aa"))),
            ("a{2,3}?", "", "aaa", Some((0, "aa"))),
            ("^*a", "", "a", Some((0, "a"))),
            ("\\b+a", "", "a", Some((0, "a"))),
            ("$?", "", "a", Some((0, ""))),
            ("\\y", "", "y", Some((0, "y"))),
            ("a{,2}", "", "aaa", Some((0, "aa"))),
            ("(?:a|ab)(?:c|bcd)", "", "abcd", Some((0, "abcd"))),
            ("a**", "", "aaa", Some((0, "aaa"))),
            ("(a{2})+", "", "aaaaa", Some((0, "aaaa"))),
            ("a{2}+", "", "aaaaa", Some((0, "aaaa"))),
            ("(?x) a b # c\n c", "", "abc", Some((0, "abc"))),
            ("(?x)[ b]", "", " ", Some((0, " "))),
            ("(?x)a\\ b", "", "a b", Some((0, "a b"))),
            ("a(?x) b | c", "", "ac", Some((0, "ac"))),
            ("(?i)[[:upper:]]", "", "a", Some((0, "a"))),
            ("(?<n>a)(b)\\k<n>", "", "aba", Some((0, "aba"))),
            ("[a-c&&b-d]", "", "c", Some((0, "c"))),
            ("[^a&&b]", "", "a", Some((0, "a"))),
            ("[[:^alpha:]]", "", "1", Some((0, "1"))),
            ("\\p{^Alpha}", "", "1", Some((0, "1"))),
            ("\\P{^Alpha}", "", "a", Some((0, "a"))),
            ("[\\p{Digit}x]", "", "5", Some((0, "5"))),
            ("\\h+", "", "dEadbeefxyz", Some((0, "dEadbeef"))),
            ("(?<a>x)|(?<a>y)", "", "y", Some((0, "y"))),
            ("\\x41\\101\\u0041\\u{41 42}", "", "AAAAB", Some((0, "AAAAB"))),
            ("\\e\\a\\v", "", "\u{1b}\u{07}\u{0b}", Some((0, "\u{1b}\u{07}\u{0b}"))),
            ("[\\b]", "", "\u{08}", Some((0, "\u{08}"))),
            ("a\\Kb", "", "ab", Some((1, "b"))),
            (".", "", "\r", Some((0, "\r"))),
            (".", "", "\u{2028}", Some((0, "\u{2028}"))),
            ("x$", "", "x\r\n", None),
            ("\\Ax\\z", "", "x", Some((0, "x"))),
            ("\\Ax\\Z", "", "x\n", Some((0, "x"))),
            ("\\R", "", "\r\n", Some((0, "\r\n"))),
            ("\\N+", "", "ab\ncd", None),
            ("\\O+", "", "ab\ncd", None),
            ("\\p{Word}+", "", "a_1é\u{301}-", Some((0, "a_1é\u{301}"))),
            ("\\p{Alnum}", "", "_", None),
            ("\\p{Punct}", "", "$", None),
            ("\\p{Greek}", "", "α", Some((0, "α"))),
            ("\\p{Hiragana}", "", "あ", Some((0, "あ"))),
            ("\\p{L}", "", "é", Some((0, "é"))),
            ("\\p{Lu}", "", "É", Some((0, "É"))),
            ("\\p{ASCII}", "", "é", None),
            ("\\p{Any}", "", "\n", Some((0, "\n"))),
            ("\\p{XDigit}", "", "f", Some((0, "f"))),
            ("\\p{Emoji}", "", "😀", Some((0, "😀"))),
            ("\\p{alpha}", "", "a", Some((0, "a"))),
            ("\\p{ALPHA}", "", "a", Some((0, "a"))),
            ("\\p{Letter}", "", "a", Some((0, "a"))),
            ("\\p{Cntrl}", "", "\t", Some((0, "\t"))),
            ("\\p{Graph}", "", " ", None),
            ("\\p{Print}", "", " ", Some((0, " "))),
            ("\\p{Blank}", "", "\t", Some((0, "\t"))),
            ("\\p{Space}", "", "\n", Some((0, "\n"))),
            ("\\p{Digit}", "", "٣", Some((0, "٣"))),
            ("(?u)\\w", "", "é", Some((0, "é"))),
            ("[[:alpha:]&&[:^lower:]]", "", "A", Some((0, "A"))),
            ("a(?#x)b", "", "ab", Some((0, "ab"))),
            ("a{1,2}{3}", "", "aaaaaa", Some((0, "aaaaaa"))),
            ("(?<=ab|c)d", "", "abd", Some((2, "d"))),
            ("\\10", "", "\u{08}", Some((0, "\u{08}"))),
            ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "", "abcdefghijj", Some((0, "abcdefghijj"))),
            ("\\u00e9", "", "é", Some((0, "é"))),
            ("é+", "", "éé", Some((0, "éé"))),
            ("[é-ë]", "", "ê", Some((0, "ê"))),
            ("\\/", "", "/", Some((0, "/"))),
            ("a|", "", "b", Some((0, ""))),
            ("|a", "", "a", Some((0, ""))),
            ("()", "", "", Some((0, ""))),
            ("(|a)+", "", "a", Some((0, ""))),
            ("[\\x00-\\x1f]", "", "\t", Some((0, "\t"))),
            ("\\177", "", "\u{7f}", Some((0, "\u{7f}"))),
            ("\\d", "", "١", None),
            ("\\w", "", "é", None),
            ("\\s", "", "\u{a0}", None),
            ("[[:alpha:]]", "", "é", Some((0, "é"))),
            ("[[:space:]]", "", "\u{3000}", Some((0, "\u{3000}"))),
            ("\\b b", "", "aé b", Some((2, " b"))),
            ("é", "i", "É", Some((0, "É"))),
            ("\\s", "", "\u{0b}", Some((0, "\u{0b}"))),
            ("[[:digit:]]", "", "٣", Some((0, "٣"))),
            ("\\h", "", "x", None),
            ("[[:word:]]", "", "é", Some((0, "é"))),
            ("[[:punct:]]", "", "_", Some((0, "_"))),
            ("[[:punct:]]", "", "$", Some((0, "$"))),
            ("[[:punct:]]", "", "+", Some((0, "+"))),
            ("[[:alnum:]]", "", "Ⅷ", Some((0, "Ⅷ"))),
            ("[[:digit:]]", "", "Ⅷ", None),
            ("[[:blank:]]", "", "\u{a0}", Some((0, "\u{a0}"))),
            ("[[:cntrl:]]", "", "\u{2028}", None),
            ("[[:graph:]]", "", "\u{200b}", Some((0, "\u{200b}"))),
            ("[[:print:]]", "", "\u{ad}", Some((0, "\u{ad}"))),
            ("[[:upper:]]", "", "ǅ", None),
            ("k", "i", "\u{212a}", Some((0, "\u{212a}"))),
            ("s", "i", "ſ", Some((0, "ſ"))),
            ("\\bé", "", "é", Some((0, "é"))),
            ("a\\b", "", "aé", None),
            ("[ a]", "x", " a", Some((0, " "))),
            ("a b", "x", "a b", None),
            ("a b", "x", "ab", Some((0, "ab"))),
            ("a\\#b", "x", "a#b", Some((0, "a#b"))),
            ("x\\Z", "", "x\n\n", None),
            ("a.c", "", "a\nc", None),
            ("a.c", "m", "a\nc", Some((0, "a\nc"))),
            ("(?m)a.c", "", "a\nc", Some((0, "a\nc"))),
            ("(?m:a.)c", "", "a\nc", Some((0, "a\nc"))),
            ("^b$", "", "a\nb\nc", Some((2, "b"))),
            ("ab", "i", "xAB", Some((1, "AB"))),
            ("a(?-i)b", "i", "AB", None),
            ("a(?-i:b)c", "i", "AbC", Some((0, "AbC"))),
            ("(a)(?:b)(c)\\2", "", "abcc", Some((0, "abcc"))),
            ("(?<x>a)\\k'x'", "", "aa", Some((0, "aa"))),
            ("(?'x'a)\\k<x>", "", "aa", Some((0, "aa"))),
            ("(a)\\k<-1>", "", "aa", Some((0, "aa"))),
            ("(a)\\k<1>", "", "aa", Some((0, "aa"))),
            ("a*+a", "", "aaa", None),
            ("a++b", "", "aab", Some((0, "aab"))),
            ("a?+a", "", "a", None),
            ("(?>a+)a", "", "aaa", None),
            ("a{3}", "", "aaaa", Some((0, "aaa"))),
            ("a{2,}", "", "aaaa", Some((0, "aaaa"))),
            ("a{", "", "a{", Some((0, "a{"))),
            ("a{x}", "", "a{x}", Some((0, "a{x}"))),
            ("a{1,2", "", "a{1,2", Some((0, "a{1,2"))),
            ("[]a]", "", "]", Some((0, "]"))),
            ("[a-]", "", "-", Some((0, "-"))),
            ("[-a]", "", "-", Some((0, "-"))),
            ("[a^]", "", "^", Some((0, "^"))),
            ("[\\]]", "", "]", Some((0, "]"))),
            ("[a\\-z]", "", "-", Some((0, "-"))),
            ("[\\w-]", "", "-", Some((0, "-"))),
            ("[&&a]", "", "a", None),
            ("[a[bc]]", "", "c", Some((0, "c"))),
            ("[^\\d\\s]", "", "1 x", Some((2, "x"))),
            ("[\\W]", "", "a!", Some((1, "!"))),
            ("[\\H]", "", "fg", Some((1, "g"))),
            ("\\cA\\C-b", "", "\u{01}\u{02}", Some((0, "\u{01}\u{02}"))),
            ("\\0", "", "\0", Some((0, "\0"))),
            ("\\x7", "", "\u{07}", Some((0, "\u{07}"))),
            ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\^\\$\\|", "", ".*+?()[]{}^$|", Some((0, ".*+?()[]{}^$|"))),
            ("a-b~c&d#e", "", "a-b~c&d#e", Some((0, "a-b~c&d#e"))),
            ("a\\Gb", "", "ab", None),
            ("\\Gb", "", "ab", None),
            ("(?<=a)b", "", "ab", Some((1, "b"))),
            ("(?<!a)b", "", "ab cb", Some((4, "b"))),
            ("a(?=b)", "", "ab", Some((0, "a"))),
            ("a(?!b)", "", "ab ac", Some((3, "a"))),
            ("(a)?(?(1)b|c)", "", "ab", Some((0, "ab"))),
            ("(a)?(?(1)b|c)", "", "c", Some((0, "c"))),
            ("(?<n>a)?(?(<n>)b|c)", "", "c", Some((0, "c"))),
            ("\\A(?<p>\\(\\g<p>*\\))\\z", "", "(()())", Some((0, "(()())"))),
            ("(?i:\\p{Lower})", "", "A", Some((0, "A"))),
            ("[[:^space:]]+", "", "  ab ", Some((2, "ab"))),
            ("\\S+", "", " a\u{a0}b ", Some((1, "a\u{a0}b"))),
            ("\\W", "", "é", Some((0, "é"))),
            ("\\D", "", "٣", Some((0, "٣"))),
            ("[^\\x00-\\x7F]", "", "aé", Some((1, "é"))),
        ]
    }

    #[test]
    fn matches_like_cruby() {
        let mut failures = Vec::new();
        for (src, opts, text, want) in match_cases() {
            let got = first_match(src, opts, text);
            let want = want.map(|(char_off, s)| {
                let byte_off = text
                    .char_indices()
                    .nth(char_off)
                    .map_or(text.len(), |(i, _)| i);
                (byte_off, s.to_string())
            });
            if got != want {
                failures.push(format!(
                    "/{src}/{opts} =~ {text:?}: got {got:?}, CRuby {want:?} (pattern {:?})",
                    translate(
                        src,
                        opts.contains('i'),
                        opts.contains('m'),
                        opts.contains('x')
                    )
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn scans_like_cruby() {
        // `"a\n".scan(/^/)` etc., recorded from CRuby.
        assert_eq!(scan("^", "a\n").len(), 1);
        assert_eq!(scan("^$", "a\n\n").len(), 1);
        assert_eq!(scan("$", "ab\n").len(), 2);
        assert_eq!(scan("^", "").len(), 1);
        assert_eq!(scan("\\w+", "foo bar_1 é"), vec!["foo", "bar_1"]);
        assert_eq!(scan("[[:alpha:]]+", "foo bar_1 é"), vec!["foo", "bar", "é"]);
        assert_eq!(scan("\\d+", "a1b22c٣"), vec!["1", "22"]);
        assert_eq!(scan("x*", "axxb"), vec!["", "xx", "", ""]);
        assert_eq!(scan("(?:)", "ab"), vec!["", "", ""]);
    }

    // (source, CRuby's RegexpError message without the `: /src/` suffix).
    fn error_cases() -> Vec<(&'static str, &'static str)> {
        vec![
            ("*a", "target of repeat operator is not specified"),
            ("(", "end pattern with unmatched parenthesis"),
            (")", "unmatched close parenthesis"),
            ("[a", "premature end of char-class"),
            ("\\", "too short escape sequence"),
            ("[b-a]", "empty range in char class"),
            ("\\k<x>", "undefined name <x> reference"),
            (
                "(?<a>.)\\1",
                "numbered backref/call is not allowed. (use name)",
            ),
            ("\\2", "invalid backref number/name"),
            ("(?z)", "undefined group option"),
            ("a{3,2}", "upper is smaller than lower in repeat range"),
            ("[]", "empty char-class"),
            ("[^]", "empty char-class"),
            ("[[:foo:]]", "invalid POSIX bracket type"),
            ("[[:alpha:]", "premature end of char-class"),
            ("[a-\\d]", "char-class value at end of range"),
            ("\\xZ", "invalid hex escape"),
            ("\\x", "invalid hex escape"),
            ("\\u{110000}", "invalid Unicode range"),
            ("\\u12", "invalid Unicode escape"),
            ("a|*", "target of repeat operator is not specified"),
            ("(?", "end pattern in group"),
            ("(?<>a)", "group name is empty"),
            ("(?<1a>x)", "invalid group name <1a>"),
            ("\\8", "invalid backref number/name"),
            ("[\\w-a]", "unmatched range specifier in char-class"),
            ("{2}", "target of repeat operator is not specified"),
            ("a{99999999}", "too big number for repeat range"),
            ("\\k<-1>(a)", "invalid backref number/name"),
            (
                "\\p{In_Greek}",
                "invalid character property name {In_Greek}",
            ),
            ("\\x{41}", "invalid hex escape"),
            ("\\400", "invalid escape code"),
            ("\\M-a", "too short escaped multibyte character"),
        ]
    }

    #[test]
    fn errors_like_cruby() {
        for (src, want) in error_cases() {
            assert_eq!(
                translate(src, false, false, false),
                Err(want.to_string()),
                "{src:?}"
            );
        }
    }

    #[test]
    fn names_and_groups() {
        // `Regexp.new(src).names`, from CRuby.
        assert_eq!(group_names("(?<a>x)(?<a>y)"), vec!["a"]);
        assert_eq!(group_names("(?<n>a)(b)"), vec!["n"]);
        assert_eq!(group_names("(?'n'a)\\k'n'"), vec!["n"]);
        assert_eq!(group_names("(a)(b)"), Vec::<String>::new());
        assert_eq!(group_names("(?<x>a)(?<y>b)(?<x>c)"), vec!["x", "y"]);
        // With a named group, plain groups do not capture.
        let t = translate_full("(?<n>a)(b)", false, false, false).unwrap();
        assert_eq!(t.group_names, vec![Some("n".to_string())]);
        let re = compile("(?<n>a)(b)", false, false, false);
        assert_eq!(re.captures_len(), 2);
        let caps = re.captures("ab").unwrap().unwrap();
        assert_eq!(caps.name("n").unwrap().as_str(), "a");
        // Numbered groups otherwise.
        let re = compile("(a)(?:b)(c)", false, false, false);
        let caps = re.captures("abc").unwrap().unwrap();
        assert_eq!(caps.get(2).unwrap().as_str(), "c");
    }

    #[test]
    fn emitted_patterns() {
        let t = |s: &str| translate(s, false, false, false).unwrap();
        assert_eq!(t("a"), "(?m)a");
        assert_eq!(translate("a", true, true, false).unwrap(), "(?mis)a");
        assert_eq!(t("\\w"), "(?m)[a-zA-Z0-9_]");
        assert_eq!(t("a*+"), "(?m)(?>a*)");
        assert_eq!(t("a{2}+"), "(?m)(?:a{2})+");
        assert_eq!(t("a(?i)b|c"), "(?m)a(?i:b|c)");
        assert_eq!(t("(?m:.)"), "(?m)(?s:.)");
        assert_eq!(t("(?x: a )"), "(?m)(?:a)");
        assert_eq!(
            translate("a # c\n b", false, false, true).unwrap(),
            "(?m)ab"
        );
    }
}
