//! The symbol table: interned names shared by the whole process.
//!
//! Symbols are immortal (static symbols in CRuby's terms). The first ids are
//! predefined in `sym::` so hot code never interns at run time.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use super::ids::SymbolId;
use crate::support::fasthash::FastBuild;

struct SymTab {
    names: Vec<Arc<str>>,
    ids: HashMap<Arc<str>, SymbolId, FastBuild>,
}

fn table() -> &'static RwLock<SymTab> {
    static TAB: OnceLock<RwLock<SymTab>> = OnceLock::new();
    TAB.get_or_init(|| {
        let mut t = SymTab {
            names: Vec::new(),
            ids: HashMap::default(),
        };
        for name in sym::PREDEFINED {
            let a: Arc<str> = Arc::from(*name);
            let id = SymbolId(t.names.len() as u32);
            t.names.push(a.clone());
            t.ids.insert(a, id);
        }
        RwLock::new(t)
    })
}

/// Interns a string literal once per call site: the first call interns,
/// later ones read a `OnceLock`. For names builtins use on every call.
#[macro_export]
macro_rules! intern {
    ($name:literal) => {{
        static ID: std::sync::OnceLock<$crate::value::SymbolId> = std::sync::OnceLock::new();
        *ID.get_or_init(|| $crate::value::symbol::intern($name))
    }};
}

/// Interns `name`, returning its id.
pub fn intern(name: &str) -> SymbolId {
    if let Some(id) = table().read().unwrap().ids.get(name) {
        return *id;
    }
    let mut t = table().write().unwrap();
    if let Some(id) = t.ids.get(name) {
        return *id;
    }
    let a: Arc<str> = Arc::from(name);
    let id = SymbolId(t.names.len() as u32);
    t.names.push(a.clone());
    t.ids.insert(a, id);
    id
}

/// Looks a name up without interning it.
pub fn lookup(name: &str) -> Option<SymbolId> {
    table().read().unwrap().ids.get(name).copied()
}

/// The name of a symbol.
pub fn name(id: SymbolId) -> Arc<str> {
    table().read().unwrap().names[id.index()].clone()
}

/// Number of symbols interned so far.
pub fn count() -> usize {
    table().read().unwrap().names.len()
}

macro_rules! predefined {
    ($($id:ident = $s:expr,)* ; $($alias:ident => $of:ident,)*) => {
        /// Predefined symbols, in interning order.
        pub mod sym {
            use super::SymbolId;
            pub const PREDEFINED: &[&str] = &[$($s),*];
            predefined!(@ids 0u32, $($id,)*);
            $(pub const $alias: SymbolId = $of;)*
        }
    };
    (@ids $n:expr, $id:ident, $($rest:ident,)*) => {
        pub const $id: SymbolId = SymbolId($n);
        predefined!(@ids $n + 1u32, $($rest,)*);
    };
    (@ids $n:expr,) => {};
}

predefined! {
    INITIALIZE = "initialize",
    METHOD_MISSING = "method_missing",
    RESPOND_TO = "respond_to?",
    RESPOND_TO_MISSING = "respond_to_missing?",
    PLUS = "+",
    MINUS = "-",
    MUL = "*",
    DIV = "/",
    MOD = "%",
    POW = "**",
    EQ = "==",
    NEQ = "!=",
    LT = "<",
    LE = "<=",
    GT = ">",
    GE = ">=",
    CMP = "<=>",
    EQQ = "===",
    LTLT = "<<",
    AREF = "[]",
    ASET = "[]=",
    NOT = "!",
    TO_S = "to_s",
    INSPECT = "inspect",
    CALL = "call",
    EACH = "each",
    HASH = "hash",
    EQL = "eql?",
    TO_PROC = "to_proc",
    TO_ARY = "to_ary",
    TO_STR = "to_str",
    TO_A = "to_a",
    TO_HASH = "to_hash",
    TO_INT = "to_int",
    NEW = "new",
    ALLOCATE = "allocate",
    MESSAGE = "message",
    BACKTRACE = "backtrace",
    INHERITED = "inherited",
    INCLUDED = "included",
    EXTENDED = "extended",
    PREPENDED = "prepended",
    METHOD_ADDED = "method_added",
    SINGLETON_METHOD_ADDED = "singleton_method_added",
    COERCE = "coerce",
    SUCC = "succ",
    SIZE = "size",
    LENGTH = "length",
    IVAR_MESSAGE = "mesg",
    IVAR_BACKTRACE = "__backtrace",
    IVAR_BACKTRACE_IDS = "__backtrace_ids",
    IVAR_CAUSE = "__cause",
    CONST_MISSING = "const_missing",
    NAME = "name",
    DECONSTRUCT = "deconstruct",
    DECONSTRUCT_KEYS = "deconstruct_keys",
    FREEZE = "freeze",
    DUP = "dup",
    CLONE = "clone",
    INITIALIZE_COPY = "initialize_copy",
    EXCEPTION = "exception",
    KEY_P = "key?",
    FETCH = "fetch",
    UMINUS = "-@",
    UPLUS = "+@",
    TILDE = "~",
    AND = "&",
    OR = "|",
    XOR = "^",
    GTGT = ">>",
    MATCH = "=~",
    MAIN = "main",
    TOP = "<top (required)>",
    LAMBDA = "lambda",
    PROC = "proc",
    BLOCK_GIVEN = "block_given?",
    RAISE = "raise",
    NIL_P = "nil?",
    EMPTY_P = "empty?",
    INCLUDE_P = "include?",
    SET_BACKTRACE = "set_backtrace",
    FULL_MESSAGE = "full_message",
    DETAILED_MESSAGE = "detailed_message",
    KEYS = "keys",
    BEGIN = "begin",
    END = "end",
    EXCLUDE_END = "exclude_end?",
    IVAR_FIBER = "__fiber",
    IVAR_FIBER_BLOCKING = "__blocking",
    IVAR_FIBER_LOCATION = "__location",
    STRUCT_VALUES = "@__values__",
    STRUCT_MEMBERS = "@__members__",
    STRUCT_KEYWORD_INIT = "@__keyword_init__",
    ;
    // The names of anonymous `*`, `**` and `&` parameters are the operator
    // symbols themselves (one name, one id: a second entry would shadow
    // the operator's id in the intern table).
    ANON_REST => MUL,
    ANON_KWREST => POW,
    ANON_BLOCK => AND,
}

#[cfg(test)]
mod tests {
    use super::{intern, sym};

    #[test]
    fn predefined_names_are_unique() {
        for (i, name) in sym::PREDEFINED.iter().enumerate() {
            assert_eq!(intern(name).index(), i, "{name:?} is predefined twice");
        }
        assert_eq!(intern("*"), sym::MUL);
        assert_eq!(intern("**"), sym::POW);
        assert_eq!(intern("&"), sym::AND);
    }
}
