//! carmine: a Ruby 3.1-compatible VM whose method dispatch is fast and
//! observable. Modules are listed in dependency order: each uses only the
//! ones above it.

pub mod builtins;
pub mod bytecode;
pub mod class;
pub mod cli;
pub mod compiler;
pub mod dispatch;
pub mod gc;
pub mod interp;
pub mod jit;
pub mod object;
pub mod replay;
pub mod support;
pub mod sys;
pub mod value;
