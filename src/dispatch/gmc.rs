//! The global method cache: a fixed-size, direct-mapped table
//! `(class, method name) -> resolved method`, sized at start-up
//! (`--gmc-size`, `RUBY_GLOBAL_METHOD_CACHE_SIZE`), as in CRuby 2.x.

use super::Resolved;
use crate::value::{ClassId, SymbolId};

/// CRuby 2.x's default size.
pub const DEFAULT_SIZE: usize = 2048;

#[derive(Copy, Clone)]
pub struct GmcEntry {
    pub class: ClassId,
    pub name: SymbolId,
    pub slot: u32,
    pub serial: u64,
    pub resolved: Resolved,
}

pub enum Probe {
    Hit(GmcEntry),
    /// The slot holds another (class, name).
    Collision,
    Empty,
}

pub struct GlobalCache {
    entries: Vec<Option<GmcEntry>>,
    mask: usize,
    pub filled: usize,
}

impl GlobalCache {
    pub fn new(size: usize) -> GlobalCache {
        GlobalCache {
            entries: vec![None; size],
            mask: size.saturating_sub(1),
            filled: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.entries.len()
    }

    #[inline(always)]
    fn index(&self, class: ClassId, name: SymbolId) -> usize {
        // CRuby hashes (klass >> 3) ^ mid; ours are small ids, so mix them.
        let h = (class.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (name.0 as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        ((h >> 32) as usize) & self.mask
    }

    #[inline]
    pub fn probe(&self, class: ClassId, name: SymbolId) -> Probe {
        match &self.entries[self.index(class, name)] {
            Some(e) if e.class == class && e.name == name => Probe::Hit(*e),
            Some(_) => Probe::Collision,
            None => Probe::Empty,
        }
    }

    pub fn fill(
        &mut self,
        class: ClassId,
        name: SymbolId,
        slot: u32,
        serial: u64,
        resolved: Resolved,
    ) {
        let i = self.index(class, name);
        if self.entries[i].is_none() {
            self.filled += 1;
        }
        self.entries[i] = Some(GmcEntry {
            class,
            name,
            slot,
            serial,
            resolved,
        });
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.filled = 0;
    }
}

/// Parses a size the way CRuby 2.x did: a power of two is taken, anything
/// else is ignored with CRuby's warning and the default kept. `0` disables
/// the cache (carmine's extension; CRuby ignored it).
pub fn parse_size(s: &str) -> (usize, Option<String>) {
    match s.trim().parse::<i64>() {
        Ok(0) => (0, None),
        Ok(n) if n > 0 && (n as u64).is_power_of_two() => (n as usize, None),
        Ok(n) if n > 0 => (
            DEFAULT_SIZE,
            Some(format!(
                "RUBY_GLOBAL_METHOD_CACHE_SIZE was set to {n} but ignored because the value is not a power of 2."
            )),
        ),
        _ => (DEFAULT_SIZE, None),
    }
}
