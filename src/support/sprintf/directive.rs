//! Directive parsing for the `format` engine: flags, width, precision,
//! `*` widths, `%1$s` positional and `%<name>s` / `%{name}` named
//! references, CRuby's checks on mixing them, and fetching each
//! conversion's argument from the [`ArgSource`](super::ArgSource).

use super::{
    ArgNeed, Engine, FMINUS, FPLUS, FPREC, FPREC0, FSHARP, FSPACE, FWIDTH, FZERO, FmtArg,
    FormatError, Spec, ValueRef, err,
};
use crate::support::float_fmt;

impl Engine<'_> {
    fn at(&self, p: usize) -> u8 {
        self.fmt.get(p).copied().unwrap_or(0)
    }

    pub(super) fn run(&mut self) -> Result<(), FormatError> {
        let len = self.fmt.len();
        let mut p = 0;
        while p < len {
            let t = self.fmt[p..]
                .iter()
                .position(|&b| b == b'%')
                .map_or(len, |i| p + i);
            if t + 1 == len {
                return err("incomplete format specifier; use %% (double %) instead");
            }
            self.out.extend_from_slice(&self.fmt[p..t]);
            if t >= len {
                break;
            }
            p = self.directive(t + 1)?;
        }
        Ok(())
    }

    /// Reads digits at `p` into `n` (CRuby's `get_num`); `what` names the
    /// value in the overflow message ("width", "precision", "prec").
    fn get_num(&self, mut p: usize, n: &mut i64, what: &str) -> Result<usize, FormatError> {
        while p < self.fmt.len() && self.fmt[p].is_ascii_digit() {
            let next = *n * 10 + i64::from(self.fmt[p] - b'0');
            if next > i64::from(i32::MAX) {
                return err(format!("{what} too big"));
            }
            *n = next;
            p += 1;
        }
        if p >= self.fmt.len() {
            return err("malformed format string - %*[0-9]");
        }
        Ok(p)
    }

    fn check_pos_arg(&mut self, n: i64) -> Result<(), FormatError> {
        if self.posarg > 0 {
            return err(format!("numbered({n}) after unnumbered({})", self.posarg));
        }
        if self.posarg == -2 {
            return err(format!("numbered({n}) after named"));
        }
        if n < 1 {
            return err(format!("invalid index - {n}$"));
        }
        self.posarg = -1;
        Ok(())
    }

    fn next_index(&mut self) -> Result<usize, FormatError> {
        match self.posarg {
            -1 => return err(format!("unnumbered({}) mixed with numbered", self.nextarg)),
            -2 => return err(format!("unnumbered({}) mixed with named", self.nextarg)),
            _ => {}
        }
        self.posarg = self.nextarg;
        self.nextarg += 1;
        Ok((self.posarg - 1) as usize)
    }

    /// CRuby's GETARG for a conversion: the `%1$`/`%<name>` value if one was
    /// given, else the next sequential argument.
    pub(super) fn fetch(
        &mut self,
        value: &Option<ValueRef>,
        need: ArgNeed,
    ) -> Result<FmtArg, FormatError> {
        match value {
            Some(ValueRef::Pos(n)) => self.args.nth(n - 1, need),
            Some(ValueRef::Named { name, brace }) => {
                self.args.named(name, need).map_err(|mut e| {
                    if e.class == "KeyError" {
                        let (l, r) = if *brace { ('{', '}') } else { ('<', '>') };
                        e.message = format!("key{l}{name}{r} not found");
                    }
                    e
                })
            }
            None => {
                let i = self.next_index()?;
                self.args.nth(i, need)
            }
        }
    }

    /// CRuby's GETASTER: a `*` width or precision at `p` (pointing at `*`).
    /// Returns the value and the index of the last byte consumed.
    fn get_aster(&mut self, p: usize, what: &str) -> Result<(i64, usize), FormatError> {
        let t = p;
        let mut n = 0;
        let q = self.get_num(p + 1, &mut n, what)?;
        let arg = if self.at(q) == b'$' {
            self.check_pos_arg(n)?;
            let a = self.args.nth((n - 1) as usize, ArgNeed::Width)?;
            (a, q)
        } else {
            let i = self.next_index()?;
            (self.args.nth(i, ArgNeed::Width)?, t)
        };
        Ok((num2int(arg.0)?, arg.1))
    }

    /// Parses one directive starting after its `%`; returns where plain
    /// text resumes.
    fn directive(&mut self, start: usize) -> Result<usize, FormatError> {
        let mut p = start;
        let mut spec = Spec {
            flags: 0,
            width: -1,
            prec: -1,
            value: None,
        };
        let mut seen_name: Option<String> = None;
        loop {
            let c = self.at(p);
            match c {
                b' ' | b'#' | b'+' | b'-' | b'0' => {
                    if spec.flags & FWIDTH != 0 {
                        return err("flag after width");
                    }
                    if spec.flags & FPREC0 != 0 {
                        return err("flag after precision");
                    }
                    spec.flags |= match c {
                        b' ' => FSPACE,
                        b'#' => FSHARP,
                        b'+' => FPLUS,
                        b'-' => FMINUS,
                        _ => FZERO,
                    };
                    p += 1;
                }
                b'1'..=b'9' => {
                    let mut n = 0;
                    p = self.get_num(p, &mut n, "width")?;
                    if self.at(p) == b'$' {
                        if spec.value.is_some() {
                            return err(format!("value given twice - {n}$"));
                        }
                        self.check_pos_arg(n)?;
                        spec.value = Some(ValueRef::Pos(n as usize));
                        p += 1;
                        continue;
                    }
                    check_for_width(spec.flags)?;
                    spec.width = n;
                    spec.flags |= FWIDTH;
                }
                b'<' | b'{' => {
                    let term = if c == b'<' { b'>' } else { b'}' };
                    let Some(close) = self.fmt[p..].iter().position(|&b| b == term) else {
                        return err("malformed name - unmatched parenthesis");
                    };
                    let close = p + close;
                    let token = String::from_utf8_lossy(&self.fmt[p..=close]).into_owned();
                    let name = String::from_utf8_lossy(&self.fmt[p + 1..close]).into_owned();
                    if let Some(prev) = &seen_name {
                        return err(format!("named{token} after <{prev}>"));
                    }
                    if self.posarg > 0 {
                        return err(format!("named{token} after unnumbered({})", self.posarg));
                    }
                    if self.posarg == -1 {
                        return err(format!("named{token} after numbered"));
                    }
                    self.posarg = -2;
                    seen_name = Some(name.clone());
                    spec.value = Some(ValueRef::Named {
                        name,
                        brace: term == b'}',
                    });
                    if term == b'}' {
                        self.format_s(&spec, ArgNeed::Str)?;
                        return Ok(close + 1);
                    }
                    p = close + 1;
                }
                b'*' => {
                    check_for_width(spec.flags)?;
                    spec.flags |= FWIDTH;
                    let (w, q) = self.get_aster(p, "width")?;
                    spec.width = w;
                    if spec.width < 0 {
                        spec.flags |= FMINUS;
                        spec.width = -spec.width;
                    }
                    p = q + 1;
                }
                b'.' => {
                    if spec.flags & FPREC0 != 0 {
                        return err("precision given twice");
                    }
                    spec.flags |= FPREC | FPREC0;
                    spec.prec = 0;
                    p += 1;
                    if self.at(p) == b'*' {
                        let (v, q) = self.get_aster(p, "prec")?;
                        spec.prec = v;
                        if spec.prec < 0 {
                            spec.flags &= !FPREC;
                        }
                        p = q + 1;
                        continue;
                    }
                    let mut n = 0;
                    p = self.get_num(p, &mut n, "precision")?;
                    spec.prec = n;
                }
                b'\n' | 0 => {
                    if spec.flags != 0 {
                        return err("invalid format character - %");
                    }
                    if spec.value.is_some() {
                        // CRuby fetched a `%1$`/`%<name>` value eagerly.
                        self.fetch(&spec.value, ArgNeed::Str)?;
                    }
                    self.out.push(b'%');
                    return Ok(p);
                }
                b'%' => {
                    if spec.flags != 0 {
                        return err("invalid format character - %");
                    }
                    self.out.push(b'%');
                    return Ok(p + 1);
                }
                b'c' => {
                    self.format_c(&spec)?;
                    return Ok(p + 1);
                }
                b's' => {
                    self.format_s(&spec, ArgNeed::Str)?;
                    return Ok(p + 1);
                }
                b'p' => {
                    self.format_s(&spec, ArgNeed::Inspect)?;
                    return Ok(p + 1);
                }
                b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'b' | b'B' => {
                    self.format_int(&mut spec, c)?;
                    return Ok(p + 1);
                }
                b'f' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                    self.format_float(&spec, c)?;
                    return Ok(p + 1);
                }
                _ => {
                    return if (0x20..0x7f).contains(&c) {
                        err(format!("malformed format string - %{}", c as char))
                    } else {
                        err("malformed format string")
                    };
                }
            }
        }
    }
}

fn check_for_width(flags: u32) -> Result<(), FormatError> {
    if flags & FWIDTH != 0 {
        return err("width given twice");
    }
    if flags & FPREC0 != 0 {
        return err("width after precision");
    }
    Ok(())
}

/// CRuby's NUM2INT for `*` widths and `%c` code points.
pub(super) fn num2int(arg: FmtArg) -> Result<i64, FormatError> {
    let v = match arg {
        FmtArg::Int(i) => i,
        FmtArg::Big(_) => return Err(FormatError::range("bignum too big to convert into `long'")),
        FmtArg::Float(f) => {
            if !(f > -float_fmt::TWO_63 && f < float_fmt::TWO_63) {
                return Err(FormatError::range(float_fmt::float_out_of_range_message(f)));
            }
            f.trunc() as i64
        }
        FmtArg::Str(_) | FmtArg::Bytes(..) => {
            return Err(FormatError {
                class: "TypeError",
                message: "no implicit conversion of String into Integer".to_string(),
            });
        }
    };
    if v > i64::from(i32::MAX) {
        return Err(FormatError::range(format!(
            "integer {v} too big to convert to `int'"
        )));
    }
    if v < i64::from(i32::MIN) {
        return Err(FormatError::range(format!(
            "integer {v} too small to convert to `int'"
        )));
    }
    Ok(v)
}
