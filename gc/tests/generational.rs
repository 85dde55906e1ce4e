//! The generational collector end to end: the write barrier and minor
//! collections, promotion, the large-object space, weak structures
//! (ephemerons, weak cells) under full collections and the binding's custom
//! kind with its weak hook, against the test object model of `common`.
//! One test function: the heap is per process and single-threaded.

mod common;
use common::*;
use perry_abi::*;
use perry_gc::{barrier, heap};

fn old_to_young_pointer_survives_minor_collections() {
    roots().clear();
    roots().push(array(4, KIND_VALARRAY));
    heap::collect_full("test");
    let holder = roots()[0];
    assert!(!is_young(holder), "a full collection promotes everything");

    let y = array(2, KIND_VALARRAY);
    set(y, 0, num(42.0));
    assert!(is_young(y));
    // The young array is reachable only through the old holder.
    set(holder, 1, y);
    // SAFETY: slot 1 of the holder (word 3), inside the cell.
    let slot = unsafe { (addr(holder) as *mut u64).add(3) };
    // SAFETY: the card table covers the whole heap.
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 1, "the barrier dirtied the card");

    heap::collect_minor("test");
    let y1 = get(roots()[0], 1);
    assert_ne!(y1, y, "the survivor moved");
    assert!(is_young(y1), "one minor collection keeps it in a survivor space");
    assert_eq!(get(y1, 0), num(42.0));
    // SAFETY: as above.
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 1, "a card pointing at a survivor stays dirty");

    heap::collect_minor("test");
    let y2 = get(roots()[0], 1);
    assert!(!is_young(y2), "the second survival promotes (default age 2)");
    assert_eq!(get(y2, 0), num(42.0));
    heap::collect_minor("test");
    // SAFETY: as above (the holder is old and does not move).
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 0, "no young pointer left: the card is clean");
    assert_eq!(get(get(roots()[0], 1), 0), num(42.0));
}

/// A cell promoted by a minor collection is scanned from the promoted list,
/// and again when it lands in a dirty card (next to an old cell the mutator
/// stored a young pointer into). The second scan meets slots that already
/// point at this collection's copies: they must stay, not be copied again
/// (which would leave the first copy forwarded and every other slot that
/// reached it pointing at a stale cell).
fn a_promoted_cell_in_a_dirty_card_is_scanned_once_in_effect() {
    roots().clear();
    // Old holders with holes between them, so that promoted cells of the
    // same size land in the holders' cards.
    for _ in 0..256 {
        roots().push(array(2, KIND_VALARRAY));
    }
    heap::collect_full("test");
    let holders: Vec<u64> = roots().iter().step_by(2).copied().collect();
    roots().clear();
    roots().extend(&holders);
    heap::collect_full("test");
    assert!(holders.iter().all(|&h| !is_young(h)));
    // Young cells of the same size that survive once: the next minor
    // collection promotes them.
    for _ in 0..128 {
        roots().push(array(2, KIND_VALARRAY));
    }
    heap::collect_minor("test");
    let first_young = holders.len();
    assert!(roots()[first_young..].iter().all(|&p| is_young(p)));
    // One young target reached from every holder (dirtying their cards) and
    // every cell about to be promoted.
    let y = array(1, KIND_VALARRAY);
    set(y, 0, num(7.0));
    for i in 0..roots().len() {
        set(roots()[i], 0, y);
    }
    heap::collect_minor("test");
    let targets: std::collections::HashSet<u64> = roots().iter().map(|&o| get(o, 0)).collect();
    assert_eq!(targets.len(), 1, "every slot that held the target names the same copy");
    let t = *targets.iter().next().unwrap();
    // SAFETY: the target's header.
    let hdr = unsafe { *(addr(t) as *const u64) };
    assert_eq!((hdr >> HDR_FLAGS_SHIFT) & FLAG_FORWARDED, 0, "the copy is not forwarded");
    assert_eq!(get(t, 0), num(7.0));
    assert!(roots()[first_young..].iter().all(|&p| !is_young(p)), "the second survival promoted them");
    roots().clear();
}

fn large_objects_are_old_and_use_cards() {
    roots().clear();
    let before = heap::old_bytes();
    let big = array(50_000, KIND_VALARRAY);
    roots().push(big);
    assert!(!is_young(big), "a 400 KB array is born in the large-object space");
    assert!(heap::old_bytes() >= before + 400_000);
    for i in [0usize, 1, 25_000, 49_999] {
        let y = array(1, KIND_VALARRAY);
        set(y, 0, num(i as f64));
        set(roots()[0], i, y);
    }
    heap::collect_minor("test");
    heap::collect_minor("test");
    for i in [0usize, 1, 25_000, 49_999] {
        assert_eq!(get(get(roots()[0], i), 0), num(i as f64), "element {i}");
    }
    assert_eq!(get(roots()[0], 2), UNDEFINED);
    roots().clear();
    heap::collect_full("test");
    assert!(heap::old_bytes() < before + 400_000, "the dead large object was swept");
}

fn ephemerons_follow_their_keys() {
    roots().clear();
    // Pairs: (k1 -> k2) (k2 -> v2) (k3 -> value referencing k3) (k4 -> v4)
    let table = array(8, KIND_EPHEMERONS);
    roots().push(table);
    let k1 = array(1, KIND_VALARRAY);
    roots().push(k1);
    let k2 = array(1, KIND_VALARRAY);
    set(roots()[0], 0, roots()[1]);
    set(roots()[0], 1, k2);
    set(roots()[0], 2, k2);
    let v2 = array(1, KIND_VALARRAY);
    set(v2, 0, num(2.0));
    set(roots()[0], 3, v2);
    let k3 = array(1, KIND_VALARRAY);
    set(roots()[0], 4, k3);
    let v3 = array(1, KIND_VALARRAY);
    set(v3, 0, k3);
    set(roots()[0], 5, v3);

    // Minor collections treat the table strongly: nothing is cleared.
    heap::collect_minor("test");
    let t = roots()[0];
    assert!(get(t, 4) >> TAG_SHIFT == TAG_OBJECT && get(get(t, 5), 0) == get(t, 4));

    heap::collect_full("test");
    let t = roots()[0];
    assert_eq!(get(t, 0), roots()[1], "live key kept");
    assert_eq!(get(t, 1), get(t, 2), "its value (the next key) kept");
    assert_eq!(get(get(t, 3), 0), num(2.0), "the chain's value kept");
    assert_eq!(get(t, 4), HOLE, "a key referenced only by its own value dies");
    assert_eq!(get(t, 5), UNDEFINED);

    // Drop the head of the chain: the whole chain goes.
    roots().truncate(1);
    heap::collect_full("test");
    let t = roots()[0];
    for i in 0..4 {
        assert!(get(t, 2 * i) == HOLE || get(t, 2 * i) == UNDEFINED, "pair {i} cleared");
    }
}

fn weak_cells_cleared_by_full_collections_only() {
    roots().clear();
    let cell = perry_gc::alloc(16, KIND_WEAK_CELL);
    roots().push(tagged(cell));
    let target = array(1, KIND_VALARRAY);
    // SAFETY: word 1 of the live weak cell.
    unsafe { barrier::store((addr(roots()[0]) as *mut u64).add(1), target) };
    heap::collect_minor("test");
    let t = word(roots()[0], 1);
    assert_eq!(t >> TAG_SHIFT, TAG_OBJECT, "a minor collection keeps a weak target");
    heap::collect_full("test");
    assert_eq!(word(roots()[0], 1), UNDEFINED, "a full collection clears it");
}

/// The binding's custom kind: its scan keeps the strong word, its weak
/// processing clears the weak word once only weakly reachable. Minor
/// collections trace both.
fn custom_kinds_and_the_binding_weak_hook() {
    roots().clear();
    let live = array(1, KIND_VALARRAY);
    roots().push(live);
    let strong = array(1, KIND_VALARRAY);
    set(strong, 0, num(7.0));
    let dead = array(1, KIND_VALARRAY);
    set(dead, 0, num(8.0));
    let p1 = pair(strong, dead);
    roots().push(p1);
    let p2 = pair(UNDEFINED, roots()[0]);
    roots().push(p2);
    let (calls, cleared, scans) = (counters().weak_calls, counters().weak_cleared, counters().custom_scans);

    heap::collect_minor("test");
    assert_eq!(counters().weak_calls, calls, "a minor collection does no weak processing");
    let moved = roots()[1];
    assert!(moved != p1 && is_young(moved), "the pair was copied to a survivor space");
    assert_eq!(get(word(moved, 1), 0), num(7.0));
    assert_eq!(get(word(moved, 2), 0), num(8.0), "a minor collection keeps the weak word's target");
    assert_ne!(word(moved, 2), dead, "and forwards it: the target moved");

    heap::collect_full("test");
    assert_eq!(counters().weak_calls, calls + 1, "the binding's weak hook runs once per full collection");
    assert_eq!(counters().custom_scans, scans + 2, "both pairs went through the custom scan");
    let p1 = roots()[1];
    assert!(!is_young(p1));
    assert_eq!(get(word(p1, 1), 0), num(7.0), "the strong word is kept");
    assert_eq!(word(p1, 2), UNDEFINED, "the weak word's dead target is cleared");
    assert_eq!(counters().weak_cleared, cleared + 1);
    assert_eq!(word(roots()[2], 2), roots()[0], "a live weak target is kept and follows its move");
    roots().clear();
}

/// `KIND_BUFFER_STORE` cells (ArrayBuffer bytes) move like any young cell
/// but are never scanned: bytes that look like a pointer stay as they are.
fn buffer_stores_are_copied_not_scanned() {
    roots().clear();
    let holder = array(2, KIND_VALARRAY);
    roots().push(holder);
    // A young cell nothing roots: the store's data names it.
    let decoy = array(1, KIND_VALARRAY);
    let store = tagged(perry_gc::alloc(STORE_DATA as usize + 16, KIND_BUFFER_STORE));
    // SAFETY: a fresh store of 4 words.
    unsafe {
        let p = addr(store) as *mut u64;
        *p.add(1) = 16; // byte length
        *p.add(2) = decoy;
        *p.add(3) = 0x0102_0304_0506_0708;
    }
    set(roots()[0], 0, store);
    for _ in 0..3 {
        heap::collect_minor("test");
    }
    heap::collect_full("test");
    let s = get(roots()[0], 0);
    assert_ne!(s, store, "the store moved out of the nursery");
    let p = addr(s) as *const u64;
    // SAFETY: the live store, 4 words.
    unsafe {
        assert_eq!(*p.add(1), 16);
        assert_eq!(*p.add(2), decoy, "data that looks like a pointer is not forwarded");
        assert_eq!(*p.add(3), 0x0102_0304_0506_0708);
    }
    // A large store (large-object space) keeps its bytes too.
    let n = 300_000usize;
    let big = tagged(perry_gc::alloc(STORE_DATA as usize + n, KIND_BUFFER_STORE));
    // SAFETY: a fresh store of `STORE_DATA + n` bytes.
    unsafe {
        let p = addr(big) as *mut u8;
        *(p.add(8) as *mut u64) = n as u64;
        for i in 0..n {
            *p.add(STORE_DATA as usize + i) = (i % 251) as u8;
        }
    }
    set(roots()[0], 1, big);
    heap::collect_full("test");
    let b = get(roots()[0], 1);
    let p = addr(b) as *const u8;
    // SAFETY: the live store's `n` data bytes.
    assert!((0..n).all(|i| unsafe { *p.add(STORE_DATA as usize + i) } == (i % 251) as u8));
    roots().clear();
}

#[test]
fn generational_collector() {
    setup();
    old_to_young_pointer_survives_minor_collections();
    a_promoted_cell_in_a_dirty_card_is_scanned_once_in_effect();
    large_objects_are_old_and_use_cards();
    ephemerons_follow_their_keys();
    weak_cells_cleared_by_full_collections_only();
    custom_kinds_and_the_binding_weak_hook();
    buffer_stores_are_copied_not_scanned();
}
