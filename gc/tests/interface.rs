//! The binding's hooks, against the test object model of `common` (no
//! runtime linked): the collector calls `before_collection` once per
//! collection, keeps external references alive through the binding's
//! minor roots and traced slots, frees unreached ones at the end of a full
//! trace, asks the binding whether a weak key that is an external reference
//! is live, and grants the binding's request for a full collection when
//! eden fills. The heap verifier runs after every collection
//! (`PERRY_GC_VERIFY=1`), with the binding's checks. One test function: the
//! heap is per process.

mod common;
use common::*;
use perry_abi::*;
use perry_gc::{FullRequest, heap};

fn minor_and_full_collections_free_and_move() {
    roots().clear();
    let keep = array(3, KIND_VALARRAY);
    set(keep, 0, num(1.5));
    roots().push(keep);
    for _ in 0..1000 {
        array(6, KIND_VALARRAY);
    }
    let before = heap::in_use();
    let n = counters().before_collection;
    heap::collect_minor("test");
    assert_eq!(counters().before_collection, n + 1, "the hook runs before every collection");
    assert!(heap::in_use() + 1000 * 64 <= before, "the dead young cells are gone: {before} -> {}", heap::in_use());
    let moved = roots()[0];
    assert_ne!(moved, keep, "the survivor was copied");
    assert!(is_young(moved), "age 1: in a survivor space");
    assert_eq!((get(moved, 0), get(moved, 1)), (num(1.5), UNDEFINED), "its contents were copied");

    heap::collect_minor("test");
    let old = roots()[0];
    assert!(!is_young(old), "age 2: promoted");
    assert_eq!(get(old, 0), num(1.5));

    // Drop it: only a full collection frees old cells.
    let old_before = heap::old_bytes();
    roots().clear();
    heap::collect_minor("test");
    assert_eq!(heap::old_bytes(), old_before, "a minor collection never frees old cells");
    heap::collect_full("test");
    assert!(heap::old_bytes() < old_before, "the full collection swept it");
    assert_eq!(counters().before_collection, n + 4);
}

fn external_references_live_while_reachable() {
    roots().clear();
    let held = array(1, KIND_VALARRAY);
    set(held, 0, num(3.0));
    let e = external(held);
    let id = proxy_id(e).unwrap() as usize;
    // Reached only through a young array's slot.
    let holder = array(1, KIND_VALARRAY);
    set(holder, 0, e);
    roots().push(holder);
    let gone = external(array(1, KIND_VALARRAY));
    let gone_id = proxy_id(gone).unwrap() as usize;

    // Minor collections keep every external's value (the binding's minor
    // roots) and forward it.
    heap::collect_minor("test");
    let v = externals()[id].value;
    assert_ne!(v, held, "the external's value was forwarded");
    assert_eq!(get(v, 0), num(3.0));
    assert!(externals()[gone_id].used, "minor collections free no external");

    let (ends, freed) = (counters().end_of_trace, counters().externals_freed);
    heap::collect_full("test");
    assert_eq!(counters().end_of_trace, ends + 1);
    assert!(externals()[id].used, "reached through a traced slot: kept");
    assert!(!externals()[id].marked, "the end of the trace cleared its mark");
    assert!(!is_young(externals()[id].value), "its value was traced (promoted)");
    assert_eq!(get(externals()[id].value, 0), num(3.0));
    assert!(!externals()[gone_id].used, "not reached: freed");
    assert_eq!(counters().externals_freed, freed + 1);
    assert_eq!(get(roots()[0], 0), e, "the slot still holds the external reference");

    // An ephemeron whose key is an external reference: kept while the
    // external is reached elsewhere, cleared once it is not.
    let table = array(2, KIND_EPHEMERONS);
    roots().push(table);
    let value = array(1, KIND_VALARRAY);
    set(roots()[1], 0, e);
    set(roots()[1], 1, value);
    heap::collect_full("test");
    assert_eq!(get(roots()[1], 0), e, "a live external key keeps its pair");
    assert_eq!(get(roots()[1], 1) >> TAG_SHIFT, TAG_OBJECT);
    set(roots()[0], 0, UNDEFINED);
    heap::collect_full("test");
    assert_eq!((get(roots()[1], 0), get(roots()[1], 1)), (HOLE, UNDEFINED), "a dead external key's pair is cleared");
    assert!(!externals()[id].used);
    roots().clear();
}

fn the_binding_may_ask_for_a_full_collection() {
    roots().clear();
    heap::collect_full("test");
    let y = array(1, KIND_VALARRAY);
    roots().push(y);
    *request() = Some(FullRequest { reason: "test-request", max_live_old: usize::MAX });
    let n = counters().end_of_trace;
    // Fill eden until a collection runs.
    while roots()[0] == y {
        array(30, KIND_VALARRAY);
    }
    *request() = None;
    assert_eq!(counters().end_of_trace, n + 1, "eden overflowed into a full collection");
    assert!(!is_young(roots()[0]), "which promoted the young cell at once");

    // Without the request, eden overflows into a minor collection.
    let y = array(1, KIND_VALARRAY);
    roots()[0] = y;
    while roots()[0] == y {
        array(30, KIND_VALARRAY);
    }
    assert_eq!(counters().end_of_trace, n + 1, "no full collection");
    assert!(is_young(roots()[0]), "a minor collection copied it to a survivor space");
    roots().clear();
}

#[test]
fn binding_hooks() {
    // SAFETY: set before the heap reads them, in this test's own process.
    unsafe {
        std::env::set_var("PERRY_GC_VERIFY", "1");
        std::env::set_var("PERRY_GC_NURSERY", "1m");
    }
    setup();
    minor_and_full_collections_free_and_move();
    external_references_live_while_reachable();
    the_binding_may_ask_for_a_full_collection();
}
