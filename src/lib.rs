//! carmine: a Ruby 3.1-compatible VM whose method dispatch is fast and
//! observable. Modules are listed in dependency order: each uses only the
//! ones above it.

pub mod value;
pub mod object;
pub mod gc;
pub mod class;
pub mod dispatch;
pub mod bytecode;
pub mod compiler;
pub mod interp;
pub mod builtins;
pub mod cli;
pub mod support;
