//! Newtype IDs shared by every layer: classes, symbols, iseqs, methods,
//! call sites and builtin functions are all small indexes into VM tables.

macro_rules! id_type {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
        pub struct $name(pub u32);
        impl $name {
            #[inline(always)]
            pub fn index(self) -> usize { self.0 as usize }
        }
        const _: () = assert!(std::mem::size_of::<$name>() == 4);
    )*};
}

id_type! {
    /// A class or module (including singleton classes).
    ClassId;
    /// An interned symbol / method name.
    SymbolId;
    /// A compiled instruction sequence.
    IseqId;
    /// A method entry in the method arena.
    MethodId;
    /// A call site with its inline cache.
    CallSiteId;
    /// A Rust function implementing a core method.
    BuiltinId;
}
