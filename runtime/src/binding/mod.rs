//! The runtime's side of the collector: [`Runtime`] implements
//! [`perry_gc::Binding`], the interface through which `perry-gc` learns
//! what Perry's cell kinds mean. Everything the collector must know of
//! JavaScript is here:
//!
//! - the object model: which kinds are raw data (strings, bytes, buffer
//!   stores, BigInts), which are the collector's weak primitives
//!   (`KIND_EPHEMERONS` for WeakMap/WeakSet storage, `KIND_WEAK_CELL` for
//!   WeakRef), which need a custom scan (generator objects, whose
//!   activation's box cells live outside the heap, and FinalizationRegistry
//!   records, [`finreg`]); every other kind is a plain slot array;
//! - the proxy id band: proxies are external references into the registry
//!   ([`proxies`]), which a full collection marks and then sweeps;
//! - extra minor roots: registered box-cell runs ([`boxes`]) and occupied
//!   proxy slots;
//! - the plan's proxy-churn request, idle work, the verifier's checks and
//!   the `box_cells_live=`/`proxies_live=`/`atoms_live=`/`shapes_live=`/`dicts_made=`
//!   fields, `[box-stats]` and
//!   `[proxy-stats]` lines of the diagnostics.
//!
//! Proxy churn: the registry is generational (`proxies`): a minor collection
//! frees the young proxies it does not reach, so per-request proxies die
//! young with their requests. Proxies that outlive a minor collection are
//! freed only by a full one: after [`PROXY_CHURN`] of them since the last
//! full collection, while the old generation's live size is at most
//! [`PROXY_CHURN_MAX_OLD`], the next collection is full (reason
//! `proxy-churn`), so long-lived churn cannot exhaust the 65,536-id band
//! between full collections. At idle, such proxies make the idle collection
//! full.

pub mod boxes;
pub mod finreg;
pub mod proxies;

use perry_abi::*;
use perry_gc::{Binding, FullRequest, Scan, Tracer, WeakReport, WeakTracer};

/// Proxies that outlived a minor collection since the last full one at
/// which a full collection replaces the next minor one (while the old
/// generation is small): a quarter of the id band.
pub const PROXY_CHURN: usize = 16384;

/// The old-generation live size up to which proxy churn makes the next
/// collection full (a full collection then costs about what the minor one
/// would spend promoting what dead proxies hold).
pub const PROXY_CHURN_MAX_OLD: usize = 64 << 20;

/// Perry's JavaScript runtime, as the collector's binding.
pub struct Runtime;

/// Sets up the collector for this runtime and the runtime's own root
/// sources of it.
pub fn init() {
    perry_gc::heap::init::<Runtime>();
    finreg::init();
}

/// The plan's request when eden is full (see [`PROXY_CHURN`]).
fn proxy_churn_request(old_since_full: usize) -> Option<FullRequest> {
    (old_since_full >= PROXY_CHURN).then_some(FullRequest { reason: "proxy-churn", max_live_old: PROXY_CHURN_MAX_OLD })
}

impl Binding for Runtime {
    #[inline(always)]
    fn scan_kind(kind: u64) -> Scan {
        match kind {
            KIND_EPHEMERONS => Scan::Ephemerons,
            KIND_WEAK_CELL => Scan::WeakCell,
            KIND_GENERATOR | KIND_FINREG_CELLS => Scan::Custom,
            // A table sweep marks the shapes of objects and the atoms of symbols.
            k if (k >= KIND_FIRST_OBJECT || k == KIND_SYMBOL) && crate::tables::sweeping() => Scan::Custom,
            k if !kind_is_traced(k) => Scan::Data,
            _ => Scan::Slots,
        }
    }

    unsafe fn scan_object<T: Tracer>(cell: *mut u64, kind: u64, t: &mut T) {
        if kind != KIND_FINREG_CELLS && kind != KIND_GENERATOR {
            // A table sweep's object or symbol: its slots, then what it names.
            // SAFETY: a marked live cell (the caller's contract).
            unsafe {
                let words = (*cell & 0xFFFF_FFFF) as usize / 8;
                for i in 1..words {
                    t.trace(cell.add(i));
                }
                crate::tables::mark_cell(cell, kind, &mut |p| t.trace(p));
            }
            return;
        }
        if kind == KIND_FINREG_CELLS {
            // SAFETY: a marked live cell of that kind (the caller's contract).
            unsafe { finreg::scan(cell, t) };
            return;
        }
        // A generator object: an ordinary object's words, then the box
        // cells of its activation, whose raw address is word `GEN_FRAME`.
        // SAFETY: a marked live generator object (the caller's contract):
        // its header holds its size and `GEN_FRAME` is one of its words,
        // holding 0 or a registered run (`boxes::acquire`).
        unsafe {
            let words = (*cell & 0xFFFF_FFFF) as usize / 8;
            for i in 1..words {
                t.trace(cell.add(i));
            }
            for c in boxes::cells(*cell.add(GEN_FRAME as usize / 8)) {
                t.trace(c as *mut u64);
            }
            if crate::tables::sweeping() {
                crate::tables::mark_cell(cell, kind, &mut |p| t.trace(p));
            }
        }
    }

    #[inline(always)]
    fn is_external(v: u64) -> bool {
        v >> TAG_SHIFT == TAG_PROXY
    }

    #[cold]
    fn trace_external<T: Tracer>(v: u64, t: &mut T) {
        if let Some((target, handler)) = proxies::mark(v) {
            t.trace(target);
            t.trace(handler);
        }
    }

    fn external_is_marked(v: u64) -> bool {
        proxies::is_marked(v)
    }

    fn check_external(v: u64) -> Result<(), &'static str> {
        if proxies::is_occupied(v) { Ok(()) } else { Err("proxy whose registry slot was freed") }
    }

    fn minor_reach_external(v: u64) -> Option<(*mut u64, *mut u64)> {
        proxies::minor_reach(v)
    }

    fn end_of_minor() {
        proxies::sweep_young();
    }

    fn external_is_young(v: u64) -> bool {
        proxies::is_young(v)
    }

    fn minor_roots<V: FnMut(*mut u64)>(visit: &mut V) -> usize {
        boxes::visit_minor_roots(visit) + proxies::visit_minor_roots(visit)
    }

    fn before_collection() {
        boxes::before_collection();
    }

    fn process_weak_refs<W: WeakTracer>(w: &mut W) -> WeakReport {
        let (cleared, registries) = finreg::process(w);
        // SAFETY: `sweep` passes the owner slot of each registered run.
        let abandoned = boxes::sweep(&mut |slot| unsafe { w.keep_if_live(slot) });
        let mut swept = format!("abandoned_activations={abandoned}");
        if crate::tables::sweeping() {
            swept.push_str(&crate::tables::sweep());
        }
        WeakReport { cleared, tables: format!("registries={registries}"), swept }
    }

    fn end_of_trace() {
        proxies::sweep();
    }

    fn full_request() -> Option<FullRequest> {
        proxy_churn_request(proxies::old_since_full())
    }

    fn idle_pending() -> bool {
        boxes::idle_stats_pending()
    }

    fn idle_wants_full() -> bool {
        // Only a full collection frees proxies that outlived a minor one
        // (the ids go back to the band) and releases the box cells of
        // abandoned activations.
        proxies::old_since_full() > 0 || boxes::abandoned_possible()
    }

    fn at_idle() {
        boxes::at_idle();
    }

    fn verify_slots<V: FnMut(*mut u64)>(check: &mut V) {
        boxes::for_each_cell(check);
    }

    fn step_fields(out: &mut String) {
        use core::fmt::Write;
        let _ = write!(
            out,
            " box_cells_live={} proxies_live={} atoms_live={} shapes_live={} dicts_made={}",
            boxes::live(),
            proxies::live(),
            crate::atoms::count(),
            crate::shape::count(),
            crate::dict::made()
        );
    }

    fn print_summary() {
        boxes::print_stats();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxy_churn_asks_for_a_full_collection() {
        assert_eq!(proxy_churn_request(PROXY_CHURN - 1), None);
        assert_eq!(proxy_churn_request(PROXY_CHURN), Some(FullRequest { reason: "proxy-churn", max_live_old: PROXY_CHURN_MAX_OLD }));
    }

    #[test]
    fn kinds_scan_as_before() {
        assert_eq!(Runtime::scan_kind(KIND_STRING), Scan::Data);
        assert_eq!(Runtime::scan_kind(KIND_BIGINT), Scan::Data);
        assert_eq!(Runtime::scan_kind(KIND_BUFFER_STORE), Scan::Data);
        assert_eq!(Runtime::scan_kind(KIND_BYTES), Scan::Data);
        assert_eq!(Runtime::scan_kind(KIND_EPHEMERONS), Scan::Ephemerons);
        assert_eq!(Runtime::scan_kind(KIND_WEAK_CELL), Scan::WeakCell);
        assert_eq!(Runtime::scan_kind(KIND_GENERATOR), Scan::Custom);
        assert_eq!(Runtime::scan_kind(KIND_FINREG_CELLS), Scan::Custom);
        assert_eq!(Runtime::scan_kind(KIND_OBJECT), Scan::Slots);
        assert_eq!(Runtime::scan_kind(KIND_VALARRAY), Scan::Slots);
        assert!(Runtime::is_external(proxy_value(7)) && !Runtime::is_external(UNDEFINED));
    }
}
