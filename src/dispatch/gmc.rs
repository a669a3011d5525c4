//! The global method cache: a fixed-size table `(class, method name) ->
//! resolved method`, sized at start-up (`--gmc-size`,
//! `RUBY_GLOBAL_METHOD_CACHE_SIZE`) as in CRuby 2.x, but two-way
//! set-associative where CRuby's was direct-mapped: two hot pairs that
//! hash to the same set both stay (a direct-mapped table let them evict
//! each other on every call, which a new class shifting the class ids
//! could turn on or off: bench method_missing went 23% slower that way).
//!
//! `--gmc-size=auto` lets it grow: it starts at the default size and
//! doubles (up to `AUTO_MAX`) whenever, over a window of `2 * size`
//! probes, more than one in `AUTO_GROW_RATIO` found its set full of
//! other pairs (a collision): the working set no longer fits.

use super::Resolved;
use crate::value::{ClassId, SymbolId};

/// CRuby 2.x's default size.
pub const DEFAULT_SIZE: usize = 2048;

/// The largest size `--gmc-size=auto` grows to (12 MB of entries).
pub const AUTO_MAX: usize = 1 << 18;

/// `--gmc-size=auto` grows when collisions exceed probes / this.
const AUTO_GROW_RATIO: u64 = 16;

#[derive(Copy, Clone)]
pub struct GmcEntry {
    pub class: ClassId,
    pub name: SymbolId,
    pub slot: u32,
    pub serial: u64,
    pub resolved: Resolved,
}

impl GmcEntry {
    #[inline(always)]
    fn is(&self, class: ClassId, name: SymbolId) -> bool {
        self.class == class && self.name == name
    }
}

#[derive(Copy, Clone)]
pub enum Probe {
    Hit(GmcEntry),
    /// The set is full of other (class, name) pairs.
    Collision,
    Empty,
}

/// Entries per set (1 when the whole cache has a single entry).
const WAYS: usize = 2;

pub struct GlobalCache {
    entries: Vec<Option<GmcEntry>>,
    ways: usize,
    /// Sets - 1 (the set count is a power of two).
    mask: usize,
    pub filled: usize,
    /// `--gmc-size=auto`: grows with its working set.
    auto: bool,
    /// The growth window (auto only): the probe count it started at and
    /// the collisions since.
    window_start: u64,
    window_collisions: u64,
    /// Times it grew.
    pub resizes: u64,
}

impl GlobalCache {
    pub fn new(size: usize) -> GlobalCache {
        let ways = WAYS.min(size.max(1));
        GlobalCache {
            entries: vec![None; size],
            ways,
            mask: (size / ways).saturating_sub(1),
            filled: 0,
            auto: false,
            window_start: 0,
            window_collisions: 0,
            resizes: 0,
        }
    }

    /// A cache of the default size that grows (`--gmc-size=auto`).
    pub fn new_auto() -> GlobalCache {
        GlobalCache {
            auto: true,
            ..GlobalCache::new(DEFAULT_SIZE)
        }
    }

    pub fn is_auto(&self) -> bool {
        self.auto
    }

    /// Growth accounting after a miss (`collided`: the set was full of
    /// other pairs); `probes`: the dispatch counters' hits + misses, so
    /// hits need no accounting of their own. Auto caches only.
    pub fn note_miss(&mut self, collided: bool, probes: u64) {
        if probes < self.window_start {
            // The counters were reset (`RubyVM::MethodCache.reset!`).
            self.window_start = probes;
            self.window_collisions = 0;
        }
        self.window_collisions += collided as u64;
        let window = probes - self.window_start;
        if window >= 2 * self.entries.len() as u64 {
            if self.window_collisions * AUTO_GROW_RATIO > window && self.entries.len() < AUTO_MAX {
                self.grow();
            }
            self.window_start = probes;
            self.window_collisions = 0;
        }
    }

    /// Doubles the table, keeping its entries.
    #[cold]
    fn grow(&mut self) {
        let size = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![None; size]);
        self.mask = size / self.ways - 1;
        self.filled = 0;
        self.resizes += 1;
        for e in old.into_iter().flatten() {
            self.fill(e.class, e.name, e.slot, e.serial, e.resolved);
        }
    }

    /// Empties the entries of `dead` classes (freed by the GC); returns
    /// how many there were.
    pub fn drop_classes(&mut self, dead: &std::collections::HashSet<ClassId>) -> u64 {
        let mut n = 0;
        for e in self.entries.iter_mut() {
            if e.is_some_and(|x| dead.contains(&x.class)) {
                *e = None;
                n += 1;
            }
        }
        self.filled -= n;
        n as u64
    }

    pub fn size(&self) -> usize {
        self.entries.len()
    }

    /// The first entry of the set for `(class, name)`.
    #[inline(always)]
    fn set(&self, class: ClassId, name: SymbolId) -> usize {
        // CRuby hashes (klass >> 3) ^ mid; ours are small ids, so mix them.
        let h = (class.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (name.0 as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (((h >> 32) as usize) & self.mask) * self.ways
    }

    #[inline]
    pub fn probe(&self, class: ClassId, name: SymbolId) -> Probe {
        let i = self.set(class, name);
        let first = &self.entries[i];
        if let Some(e) = first
            && e.is(class, name)
        {
            return Probe::Hit(*e);
        }
        let second = match self.entries.get(i + 1) {
            Some(e) if self.ways > 1 => e,
            _ => &None,
        };
        match (first, second) {
            (_, Some(e)) if e.is(class, name) => Probe::Hit(*e),
            (Some(_), Some(_)) => Probe::Collision,
            (Some(_), None) if self.ways == 1 => Probe::Collision,
            _ => Probe::Empty,
        }
    }

    /// Stores an answer: over the pair's own entry, else in the set's
    /// first way, the others moving down one (into a free way, or the
    /// oldest dropping out).
    pub fn fill(
        &mut self,
        class: ClassId,
        name: SymbolId,
        slot: u32,
        serial: u64,
        resolved: Resolved,
    ) {
        let i = self.set(class, name);
        let entry = Some(GmcEntry {
            class,
            name,
            slot,
            serial,
            resolved,
        });
        let set = &mut self.entries[i..i + self.ways];
        // The usual two ways, tested in place (the general loop below
        // cost a refill ~100 instructions).
        if let [first, second] = set {
            let is = |e: &Option<GmcEntry>| matches!(e, Some(e) if e.is(class, name));
            if is(first) {
                *first = entry;
            } else if is(second) {
                *second = entry;
            } else {
                if first.is_none() || second.is_none() {
                    self.filled += 1;
                }
                if first.is_some() {
                    *second = *first;
                }
                *first = entry;
            }
            return;
        }
        if let Some(w) = set
            .iter()
            .position(|e| e.is_some_and(|e| e.is(class, name)))
        {
            set[w] = entry;
            return;
        }
        let end = match set.iter().position(Option::is_none) {
            Some(w) => {
                self.filled += 1;
                w + 1
            }
            None => set.len(),
        };
        // Down one way (a swap for the usual two ways; `rotate_right`
        // copied through a buffer).
        for w in (1..end).rev() {
            set[w] = set[w - 1];
        }
        set[0] = entry;
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.filled = 0;
    }
}

/// How the global cache is sized.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Sizing {
    /// This many entries for good (0: no global cache).
    Fixed(usize),
    /// `auto`: the default size, growing with the working set.
    Auto,
}

/// Parses a size the way CRuby 2.x did: a power of two is taken, anything
/// else is ignored with CRuby's warning and the default kept. `0` disables
/// the cache and `auto` makes it grow (carmine's extensions).
pub fn parse_size(s: &str) -> (Sizing, Option<String>) {
    if s.trim() == "auto" {
        return (Sizing::Auto, None);
    }
    let (n, warn) = parse_fixed(s);
    (Sizing::Fixed(n), warn)
}

fn parse_fixed(s: &str) -> (usize, Option<String>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::Visibility;
    use crate::dispatch::Handler;

    fn resolved() -> Resolved {
        Resolved {
            method: None,
            handler: Handler::MethodMissing,
            visibility: Visibility::Public,
        }
    }

    /// Three names whose (class 1, name) pairs share a set of `g`.
    fn same_set(g: &GlobalCache) -> Vec<SymbolId> {
        let c = ClassId(1);
        let want = g.set(c, SymbolId(0));
        (0..)
            .map(SymbolId)
            .filter(|n| g.set(c, *n) == want)
            .take(3)
            .collect()
    }

    #[test]
    fn two_pairs_in_one_set_both_stay() {
        let mut g = GlobalCache::new(64);
        let c = ClassId(1);
        let n = same_set(&g);
        g.fill(c, n[0], 0, 1, resolved());
        g.fill(c, n[1], 0, 1, resolved());
        assert!(matches!(g.probe(c, n[0]), Probe::Hit(_)));
        assert!(matches!(g.probe(c, n[1]), Probe::Hit(_)));
        // A third evicts the older of the two.
        assert!(matches!(g.probe(c, n[2]), Probe::Collision));
        g.fill(c, n[2], 0, 1, resolved());
        assert!(matches!(g.probe(c, n[0]), Probe::Collision));
        assert_eq!(g.filled, 2);
        assert!(matches!(g.probe(c, n[1]), Probe::Hit(_)));
        assert!(matches!(g.probe(c, n[2]), Probe::Hit(_)));
        // Refilling a pair overwrites its own entry.
        g.fill(c, n[2], 0, 2, resolved());
        assert!(matches!(g.probe(c, n[1]), Probe::Hit(_)));
        assert!(matches!(g.probe(c, n[2]), Probe::Hit(e) if e.serial == 2));
    }

    #[test]
    fn an_auto_cache_grows_when_its_sets_overflow_and_keeps_its_entries() {
        let mut g = GlobalCache::new_auto();
        let c = ClassId(1);
        g.fill(c, SymbolId(0), 0, 1, resolved());
        // Fewer collisions than 1 in AUTO_GROW_RATIO: no growth.
        let mut probes = 0;
        for i in 0..2 * DEFAULT_SIZE as u64 {
            probes += 1;
            g.note_miss(i % 32 == 0, probes);
        }
        assert_eq!((g.size(), g.resizes), (DEFAULT_SIZE, 0));
        for i in 0..2 * DEFAULT_SIZE as u64 {
            probes += 1;
            g.note_miss(i % 8 == 0, probes);
        }
        assert_eq!((g.size(), g.resizes), (2 * DEFAULT_SIZE, 1));
        assert!(matches!(g.probe(c, SymbolId(0)), Probe::Hit(_)));
        assert_eq!(g.filled, 1);
        // Counters reset: a new window, no underflow.
        g.note_miss(true, 3);
        assert_eq!(g.size(), 2 * DEFAULT_SIZE);
        assert_eq!(parse_size("auto"), (Sizing::Auto, None));
        assert_eq!(parse_size("4096"), (Sizing::Fixed(4096), None));
        assert_eq!(parse_size("3000").0, Sizing::Fixed(DEFAULT_SIZE));
    }

    #[test]
    fn a_one_entry_cache_is_direct_mapped() {
        let mut g = GlobalCache::new(1);
        let c = ClassId(1);
        g.fill(c, SymbolId(1), 0, 1, resolved());
        g.fill(c, SymbolId(2), 0, 1, resolved());
        assert!(matches!(g.probe(c, SymbolId(1)), Probe::Collision));
        assert!(matches!(g.probe(c, SymbolId(2)), Probe::Hit(_)));
    }
}
