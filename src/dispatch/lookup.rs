//! The slow path: walking the ancestor chain for a method entry.

use super::{Dispatch, Handler, Resolved};
use crate::class::{ClassTable, MethodKind, Visibility};
use crate::value::{ClassId, MethodId, SymbolId};

/// A method found by the walk, with the visibility that applies (a ZSUPER
/// entry changes the visibility of an inherited method).
fn search_from(
    classes: &ClassTable,
    ancestors: &[ClassId],
    name: SymbolId,
    refinements: &[ClassId],
) -> (Option<(MethodId, Visibility)>, usize) {
    let mut vis_override: Option<Visibility> = None;
    for (i, &c) in ancestors.iter().enumerate() {
        for &r in refinements {
            if classes.get(r).refined == Some(c)
                && let Some(&m) = classes.get(r).methods.get(&name)
            {
                let e = classes.method(m);
                return (Some((m, vis_override.unwrap_or(e.visibility))), i + 1);
            }
        }
        if let Some(&m) = classes.get(c).methods.get(&name) {
            let e = classes.method(m);
            match e.kind {
                MethodKind::Undefined => return (None, i + 1),
                MethodKind::ZSuper => {
                    vis_override.get_or_insert(e.visibility);
                }
                _ => return (Some((m, vis_override.unwrap_or(e.visibility))), i + 1),
            }
        }
    }
    (None, ancestors.len())
}

/// Resolves `name` for receivers of `cls` without any cache.
pub fn resolve_uncached(
    classes: &mut ClassTable,
    cls: ClassId,
    name: SymbolId,
    refinements: &[ClassId],
) -> (Resolved, usize) {
    let anc = classes.ancestors(cls);
    let (found, walked) = search_from(classes, &anc, name, refinements);
    (to_resolved(classes, cls, found), walked)
}

fn to_resolved(
    classes: &mut ClassTable,
    cls: ClassId,
    found: Option<(MethodId, Visibility)>,
) -> Resolved {
    match found {
        Some((m, visibility)) => Resolved {
            method: Some(m),
            handler: Dispatch::handler_for(classes, cls, m),
            visibility,
        },
        None => Resolved {
            method: None,
            handler: Handler::MethodMissing,
            visibility: Visibility::Public,
        },
    }
}

/// `super` from a method owned by `owner`: continue after `owner` in the
/// receiver class's ancestors.
pub fn resolve_super(
    classes: &mut ClassTable,
    cls: ClassId,
    owner: ClassId,
    name: SymbolId,
    refinements: &[ClassId],
) -> Resolved {
    let anc = classes.ancestors(cls);
    // `super` in a refined method reaches the refined class's own method.
    if let Some(target) = classes.get(owner).refined
        && let Some(p) = anc.iter().position(|&c| c == target)
    {
        let others: Vec<ClassId> = refinements
            .iter()
            .copied()
            .filter(|&r| r != owner)
            .collect();
        let (found, _) = search_from(classes, &anc[p..], name, &others);
        return to_resolved(classes, cls, found);
    }
    let start = anc
        .iter()
        .position(|&c| c == owner)
        .map(|p| p + 1)
        .unwrap_or(anc.len());
    let (found, _) = search_from(classes, &anc[start..], name, refinements);
    to_resolved(classes, cls, found)
}

/// The method entry `name` resolves to in `cls` (for `instance_method`,
/// `method_defined?`, `respond_to?`), including private ones.
pub fn find_method(
    classes: &ClassTable,
    cls: ClassId,
    name: SymbolId,
) -> Option<(MethodId, Visibility)> {
    let anc = classes.ancestors(cls);
    search_from(classes, &anc, name, &[]).0
}
