//! Pure-Rust support code that needs no VM: CRuby-exact number parsing and
//! printing, the `format` engine, and Ruby-to-fancy-regex pattern translation.

// Not every entry point is called by the VM yet.
#![allow(dead_code)]

/// A fast hasher for the VM's own hash tables.
pub mod fasthash;
/// `Float#to_s`, `Float#round/floor/ceil/truncate(ndigits)`, C-printf digits.
pub mod float_fmt;
/// `String#to_i`/`#to_f`, `Integer()`/`Float()`, `Integer#to_s(base)`.
pub mod numparse;
/// Ruby (Onigmo) regexp source to a fancy-regex pattern.
pub mod regex_syntax;
/// `format` / `sprintf` / `String#%` engine.
pub mod sprintf;
