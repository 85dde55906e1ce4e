//! The proxy registry (DESIGN.md, "Proxies"): a proxy is a value of the
//! proxy id band (`perry_abi::proxy_value`), an index into this per-thread
//! table of slots `(target, handler, revoked)`.
//!
//! The registry is weak, generational and observed by the collector:
//! - a slot made since the last collection is *young*. A proxy value's
//!   payload lies in the nursery's address range (`perry_abi::PERRY_PROXY_BASE`),
//!   so the write barrier logs a store of any proxy into an old cell as it
//!   logs a young cell's;
//! - a minor collection treats every old slot as a root, marks the young
//!   slots whose values it meets (in roots, on dirty cards, in young cells
//!   it copies, in the slots it reached) and forwards their target and
//!   handler; afterwards it frees the young slots it did not reach
//!   ([`sweep_young`]) and the rest are old;
//! - a full collection marks the slot of every proxy value it meets in a
//!   traced location (object fields, array elements, frames, handles, box
//!   cells, closure environments, Map/Set entries, promise reactions, other
//!   slots) and traces that slot's target and handler; afterwards every
//!   slot it did not mark is freed and its id goes back to the free list.
//!
//! The band holds [`perry_abi::PROXY_IDS`] ids; [`alloc`] returns `None`
//! when all are taken (the runtime then collects, and throws a RangeError
//! if that frees none).
//!
//! The collector sees the registry through the runtime's binding
//! ([`super::Runtime`]): proxy values are its external references (marked
//! by [`mark`], asked by [`is_marked`], checked by [`is_occupied`]), the
//! old slots are minor roots, [`sweep_young`] the end of a minor trace,
//! [`sweep`] the end of a full one, and proxies that outlived minor
//! collections ([`old_since_full`]) are a full-collection request.
//!
//! `new Proxy` (`runtime/src/proxy.rs`) takes a free id; when all
//! [`perry_abi::PROXY_IDS`] (65,536) are live it runs a full collection first,
//! and if that frees none it throws a catchable RangeError naming the limit.
//! The heap verifier fails on a proxy value whose slot was freed
//! (`check_external`). `proxies_live=` is on `[gc-step]`, and under
//! `PERRY_GC_DIAG=1` a `[proxy-stats]` line follows every full collection.

use perry_abi::*;
use perry_gc::JsCell;

struct Slot {
    target: u64,
    handler: u64,
    /// The runtime's flags (callable, constructor), fixed at creation.
    flags: u8,
    used: bool,
    revoked: bool,
    marked: bool,
    /// Made since the last collection (see the module documentation).
    young: bool,
}

const FREE: Slot = Slot { target: UNDEFINED, handler: UNDEFINED, flags: 0, used: false, revoked: false, marked: false, young: false };

struct Registry {
    slots: Vec<Slot>,
    /// Ids of unused slots, reused most recently freed first.
    free: Vec<u16>,
    live: usize,
    created_total: u64,
    freed_total: u64,
    /// Ids of the young slots.
    young: Vec<u16>,
    /// Slots freed by minor collections, in all.
    freed_young_total: u64,
    /// Young slots that minor collections kept (made old) since the last
    /// full collection: only a full one can free them.
    old_since_full: usize,
}

static REGISTRY: JsCell<Registry> = JsCell::new(Registry {
    slots: Vec::new(),
    free: Vec::new(),
    live: 0,
    created_total: 0,
    freed_total: 0,
    young: Vec::new(),
    freed_young_total: 0,
    old_since_full: 0,
});

fn reg() -> &'static mut Registry {
    // SAFETY: single JS thread.
    unsafe { REGISTRY.get() }
}

/// A new proxy of `target` with `handler` (and the runtime's `flags`);
/// `None` when every id of the band is live.
pub fn alloc(target: u64, handler: u64, flags: u8) -> Option<u64> {
    let r = reg();
    let id = match r.free.pop() {
        Some(id) => id,
        None if (r.slots.len() as u64) < PROXY_IDS => {
            r.slots.push(FREE);
            (r.slots.len() - 1) as u16
        }
        None => return None,
    };
    r.slots[id as usize] = Slot { target, handler, flags, used: true, revoked: false, marked: false, young: true };
    r.young.push(id);
    r.live += 1;
    r.created_total += 1;
    Some(proxy_value(id))
}

fn slot(p: u64) -> &'static mut Slot {
    let id = proxy_id(p).unwrap_or_else(|| perry_gc::fatal(&format!("not a proxy: {p:#x}")));
    match reg().slots.get_mut(id as usize) {
        Some(s) if s.used => s,
        _ => perry_gc::fatal(&format!("proxy {id} has no registry slot (freed while reachable?)")),
    }
}

/// The proxy's target (null once revoked).
pub fn target(p: u64) -> u64 {
    slot(p).target
}

/// The proxy's handler (null once revoked).
pub fn handler(p: u64) -> u64 {
    slot(p).handler
}

/// `(target, handler)` of a live proxy, `None` once revoked: one registry
/// lookup for the common path of every trap.
#[inline]
pub fn parts(p: u64) -> Option<(u64, u64)> {
    let s = slot(p);
    (!s.revoked).then_some((s.target, s.handler))
}

pub fn flags(p: u64) -> u8 {
    slot(p).flags
}

pub fn is_revoked(p: u64) -> bool {
    slot(p).revoked
}

/// Revokes the proxy: target and handler become null.
pub fn revoke(p: u64) {
    let s = slot(p);
    s.revoked = true;
    s.target = NULL;
    s.handler = NULL;
}

/// Young slots at which `new Proxy` runs a minor collection first (a quarter
/// of the band), so proxies made faster than eden fills die young too.
pub const YOUNG_LIMIT: usize = 16384;

/// Young slots (made since the last collection).
pub fn young() -> usize {
    reg().young.len()
}

/// Proxies that outlived a minor collection since the last full one (the
/// plan's proxy churn: only a full collection frees them).
pub fn old_since_full() -> usize {
    reg().old_since_full
}

/// Occupied slots.
pub fn live() -> usize {
    reg().live
}

/// A minor collection's roots: every old slot's target and handler.
pub(crate) fn visit_minor_roots<V: FnMut(*mut u64)>(visit: &mut V) -> usize {
    let mut n = 0;
    for s in reg().slots.iter_mut().filter(|s| s.used && !s.young) {
        visit(&mut s.target as *mut u64);
        visit(&mut s.handler as *mut u64);
        n += 2;
    }
    n
}

/// A minor collection met proxy `p`: when its slot is young and not yet
/// reached, marks it and returns its target and handler slots to forward.
pub(crate) fn minor_reach(p: u64) -> Option<(*mut u64, *mut u64)> {
    mark_if(p, |s| s.young)
}

/// Marks the occupied, unmarked slot of `p` when `which` accepts it;
/// returns its target and handler slots.
fn mark_if(p: u64, which: impl Fn(&Slot) -> bool) -> Option<(*mut u64, *mut u64)> {
    let id = proxy_id(p)?;
    let s = reg().slots.get_mut(id as usize).filter(|s| s.used && !s.marked && which(s))?;
    s.marked = true;
    Some((&mut s.target as *mut u64, &mut s.handler as *mut u64))
}

/// The occupied slot `p` names, if any.
fn occupied(p: u64) -> Option<&'static Slot> {
    proxy_id(p).and_then(|id| reg().slots.get(id as usize)).filter(|s| s.used)
}

/// Whether `p` names a young slot.
pub(crate) fn is_young(p: u64) -> bool {
    occupied(p).is_some_and(|s| s.young)
}

/// After a minor collection's trace: frees the young slots it did not
/// reach; those it reached are old from now on. Returns the number freed.
pub(crate) fn sweep_young() -> usize {
    let r = reg();
    let mut freed = 0;
    for &id in &r.young {
        let s = &mut r.slots[id as usize];
        if !s.used || !s.young {
            continue;
        }
        if s.marked {
            s.marked = false;
            s.young = false;
            r.old_since_full += 1;
            continue;
        }
        *s = FREE;
        r.free.push(id);
        freed += 1;
    }
    r.young.clear();
    r.live -= freed;
    r.freed_total += freed as u64;
    r.freed_young_total += freed as u64;
    freed
}

/// A full collection met proxy `p` in a traced location: marks its slot;
/// returns the target and handler slots to trace the first time.
pub(crate) fn mark(p: u64) -> Option<(*mut u64, *mut u64)> {
    mark_if(p, |_| true)
}

/// Whether the full collection in progress has reached proxy `p`.
pub(crate) fn is_marked(p: u64) -> bool {
    occupied(p).is_some_and(|s| s.marked)
}

/// After a full collection's mark phase: frees every slot it did not reach
/// and clears the marks. Returns the number freed.
pub(crate) fn sweep() -> usize {
    let r = reg();
    let mut freed = 0;
    for (id, s) in r.slots.iter_mut().enumerate() {
        if !s.used {
            continue;
        }
        if s.marked {
            s.marked = false;
            s.young = false;
            continue;
        }
        *s = FREE;
        r.free.push(id as u16);
        freed += 1;
    }
    r.young.clear();
    r.live -= freed;
    r.freed_total += freed as u64;
    r.old_since_full = 0;
    if perry_gc::stats::diag_enabled() {
        eprintln!(
            "[proxy-stats] live={} freed={freed} freed_total={} freed_by_minor_total={} created_total={} slots={}",
            r.live,
            r.freed_total,
            r.freed_young_total,
            r.created_total,
            r.slots.len()
        );
    }
    freed
}

/// Whether `p` names an occupied slot (the heap verifier's check).
pub(crate) fn is_occupied(p: u64) -> bool {
    occupied(p).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Part of the one test below: the registry is a process-wide static.
    fn a_minor_sweep_frees_the_young_it_did_not_reach() {
        let a = alloc(UNDEFINED, NULL, 0).unwrap();
        let b = alloc(UNDEFINED, NULL, 0).unwrap();
        assert!(is_young(a) && is_young(b) && young() >= 2);
        assert!(minor_reach(a).is_some(), "a young slot is reached once");
        assert!(minor_reach(a).is_none());
        let before = live();
        assert!(sweep_young() >= 1);
        assert!(is_occupied(a) && !is_young(a), "a reached young slot is old");
        assert!(!is_occupied(b), "an unreached young slot is freed");
        assert!(minor_reach(a).is_none(), "an old slot is not the minor's to mark");
        assert_eq!(young(), 0);
        assert!(live() < before);
        // Leave the registry as the other test expects it: the full sweep frees `a`.
        assert_eq!(sweep(), 1);
    }

    #[test]
    fn the_band_is_bounded_and_ids_are_reused() {
        a_minor_sweep_frees_the_young_it_did_not_reach();
        let mut ids = Vec::new();
        while let Some(p) = alloc(UNDEFINED, NULL, 0) {
            ids.push(p);
        }
        assert_eq!(ids.len() as u64, PROXY_IDS, "every id of the band, then none");
        assert_eq!(proxy_id(ids[0]), Some(0));
        assert_eq!(proxy_id(*ids.last().unwrap()), Some(u16::MAX));
        // Keep the even ids (as a full collection would mark them).
        for &p in ids.iter().step_by(2) {
            assert!(mark(p).is_some());
            assert!(mark(p).is_none(), "marked once");
        }
        assert_eq!(sweep(), ids.len() / 2);
        assert_eq!(live(), ids.len() / 2);
        let again = alloc(UNDEFINED, NULL, 0).expect("a freed id is reused");
        assert!(proxy_id(again).unwrap() % 2 == 1);
        assert!(!is_revoked(ids[0]));
        revoke(ids[0]);
        assert!(is_revoked(ids[0]) && target(ids[0]) == NULL);
    }
}
