//! Collecting classes: what keeps a class alive (the permanent classes are
//! roots; any other lives while a marked object, class or method entry
//! reaches it) and freeing the rest with everything they own. See
//! doc/gc.md, "Classes".

use super::{ClassKind, ClassTable, IdSet, MethodKind, RClass, Swept};
use crate::gc::Heap;
use crate::object::cref_classes;
use crate::value::{ClassId, MethodId};

/// What the marking pass has traced so far (one per collection).
#[derive(Default)]
pub struct Traced {
    classes: Vec<bool>,
    /// Method entries named by marked Method objects, Procs and frames:
    /// kept even when their class dies.
    pub methods: IdSet<MethodId>,
}

impl ClassTable {
    fn first_collectable(&self) -> usize {
        (self.permanent as usize).min(self.classes.len())
    }

    /// Marks the GC roots the class table holds: the permanent classes
    /// and their contents, and every method entry of a permanent owner
    /// (tables or not: a replaced entry a Method object still names).
    /// Entries made while booting name only permanent scopes, so only
    /// their bmethod procs are marked (this runs at every collection).
    pub fn trace_roots(&self, h: &mut Heap) {
        let boot = (self.boot_methods as usize).min(self.methods.len());
        for i in 0..self.first_collectable() {
            let c = ClassId(i as u32);
            h.mark_class(c);
            self.trace_links(c, h);
        }
        // The program's entries in permanent tables (an alias there may
        // be the last holder of a collectable module's bmethod proc).
        for &c in &self.touched {
            for &m in self.get(c).methods.values() {
                if m.index() >= boot {
                    self.trace_method(m, h);
                }
            }
        }
        for m in &self.methods[..boot] {
            if let MethodKind::Bmethod(p) = m.kind {
                h.mark(p);
            }
        }
        for (i, m) in self.methods.iter().enumerate().skip(boot) {
            if m.owner.0 < self.permanent {
                self.trace_method(MethodId(i as u32), h);
            }
        }
    }

    /// Marks what class `c` keeps alive: its object, attached object,
    /// constants, class variables and ivars, its method entries, and the
    /// classes it links to (superclass, modules, metaclass, refinements).
    /// Subclass and includer lists are weak: the sweep prunes them.
    fn trace_class(&self, c: ClassId, h: &mut Heap) {
        self.trace_links(c, h);
        for &m in self.get(c).methods.values() {
            self.trace_method(m, h);
        }
    }

    /// `trace_class` but the method entries.
    fn trace_links(&self, c: ClassId, h: &mut Heap) {
        let k = self.get(c);
        h.mark(k.obj);
        h.mark(k.attached);
        k.consts.values().for_each(|v| h.mark(*v));
        k.cvars.values().for_each(|v| h.mark(*v));
        k.ivars.values().for_each(|v| h.mark(*v));
        for s in [k.superclass, k.metaclass, k.refined].into_iter().flatten() {
            h.mark_class(s);
        }
        h.mark_class(k.ivar_owner);
        for &m in k.includes.iter().chain(k.prepends.iter()) {
            h.mark_class(m);
        }
        for &(a, b) in &k.refinements {
            h.mark_class(a);
            h.mark_class(b);
        }
    }

    fn trace_method(&self, m: MethodId, h: &mut Heap) {
        let Some(e) = self.methods.get(m.index()) else {
            return;
        };
        h.mark_class(e.owner);
        match &e.kind {
            MethodKind::Bmethod(p) => h.mark(*p),
            MethodKind::Iseq { cref, .. } => cref_classes(cref, &mut |c| h.mark_class(c)),
            _ => {}
        }
    }

    /// The conditional part of marking: traces every collectable class
    /// reached since the last call, and the method entries marked objects
    /// name. Returns true when it traced anything (marking goes on).
    pub fn trace_live(&self, h: &mut Heap, t: &mut Traced) -> bool {
        let mut any = false;
        for m in std::mem::take(&mut h.live_methods) {
            if t.methods.insert(m) {
                self.trace_method(m, h);
                any = true;
            }
        }
        let start = self.first_collectable();
        t.classes.resize(self.classes.len(), false);
        loop {
            let mut progress = false;
            for i in start..self.classes.len() {
                let c = ClassId(i as u32);
                if !t.classes[i] && !self.classes[i].dead && h.class_marked(c) {
                    t.classes[i] = true;
                    self.trace_class(c, h);
                    progress = true;
                }
            }
            if !progress {
                return any;
            }
            any = true;
        }
    }

    /// Frees every collectable class the marking did not reach, with its
    /// method entries (unless a live Method object or Proc names one),
    /// tables and ancestor cache; prunes it from its superclass's
    /// subclass list and its modules' includer lists; puts its id on the
    /// free list. The caller bumps and then recycles the serial slots
    /// returned (`Vm::gc`).
    pub fn sweep(&mut self, h: &Heap, t: &Traced) -> Swept {
        let mut out = Swept::default();
        let n = self.classes.len();
        let mut dead = vec![false; n];
        let start = self.first_collectable();
        for (i, d) in dead.iter_mut().enumerate().skip(start) {
            if !self.classes[i].dead && !h.class_marked(ClassId(i as u32)) {
                *d = true;
                out.classes.push(ClassId(i as u32));
            }
        }
        if out.classes.is_empty() {
            return out;
        }
        let mut parents: IdSet<ClassId> = IdSet::default();
        for &c in &out.classes {
            let k = self.get(c);
            parents.extend(k.superclass);
            parents.extend(k.includes.iter().chain(k.prepends.iter()).copied());
        }
        for p in parents {
            if p.index() < n && !dead[p.index()] {
                let k = self.get_mut(p);
                k.subclasses.retain(|x| !dead[x.index()]);
                k.includers.retain(|x| !dead[x.index()]);
            }
        }
        for &c in &out.classes {
            let blank = RClass::new(None, ClassKind::Class, None, c, super::AllocKind::None);
            let mut k = std::mem::replace(&mut self.classes[c.index()], blank);
            self.classes[c.index()].dead = true;
            // Its table's entries and those it replaced (an alias may
            // hold one entry under two names).
            let mut entries: Vec<MethodId> = k.methods.drain().map(|(_, m)| m).collect();
            entries.append(&mut k.replaced);
            entries.sort_unstable_by_key(|m| m.index());
            entries.dedup();
            for m in entries {
                if !t.methods.contains(&m) && m.index() < self.methods.len() {
                    let e = &mut self.methods[m.index()];
                    e.kind = MethodKind::Undefined;
                    e.owner = ClassId(0);
                    self.free_methods.push(m);
                    self.freed_methods += 1;
                }
            }
            self.free_ids.push(c);
            self.freed_classes += 1;
        }
        out
    }

    /// Classes and modules alive now (those the last sweep kept and those
    /// made since).
    pub fn live_count(&self) -> usize {
        self.classes.iter().filter(|k| !k.dead).count()
    }
}
