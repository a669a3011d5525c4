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
//!
//! The parser is split by concept: `structure` handles alternation,
//! sequences, option switches, quantifiers and groups; `escape` handles
//! backslash escapes, backreferences and subexpression calls; `class`
//! handles character classes, POSIX brackets, `\p{..}` properties and
//! the `\w \d \s \h` shorthands.

mod class;
mod escape;
mod structure;

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

/// [`translate`] for an ASCII-8BIT (`/n`) regexp: `\xHH` escapes of
/// high bytes are accepted (as the character of that code).
pub fn translate_binary(
    src: &str,
    ignore_case: bool,
    multiline: bool,
    extended: bool,
) -> Result<String, String> {
    translate_with(src, ignore_case, multiline, extended, true).map(|t| t.pattern)
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
    translate_with(src, ignore_case, multiline, extended, false)
}

fn translate_with(
    src: &str,
    ignore_case: bool,
    multiline: bool,
    extended: bool,
    binary: bool,
) -> Result<Translation, String> {
    // Pass 1 learns the group layout (named groups change the meaning of
    // plain parentheses and of `\N` backrefs); pass 2 emits.
    let mut first = Parser::new(src, extended, None);
    first.binary = binary;
    first.parse_top()?;
    let layout = Layout {
        has_named: first.group_names.iter().any(Option::is_some),
        total_groups: first.group_names.len(),
        group_names: first.group_names.clone(),
    };
    let mut second = Parser::new(src, extended, Some(layout));
    second.binary = binary;
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

struct Parser {
    chars: Vec<char>,
    pos: usize,
    /// `/x` in force (a stack, scoped by groups).
    extended: Vec<bool>,
    /// `(?u)`: Unicode `\w \d \s` (scoped like `extended`).
    unicode: Vec<bool>,
    layout: Option<Layout>,
    group_names: Vec<Option<String>>,
    /// An ASCII-8BIT (`/n`) regexp: `\xHH` may be a high byte.
    binary: bool,
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
            binary: false,
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
            // Onigmo group names may contain any character after the first.
            ("(?<a-b>x)(?<c.d>y)?\\g<a-b>", "", "zxx", Some((1, "xx"))),
            ("(?<a-b>x)?(?(<a-b>)y|z)", "", "xy", Some((0, "xy"))),
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
