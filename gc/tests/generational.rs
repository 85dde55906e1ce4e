//! The generational collector end to end: the write barrier and minor
//! collections, promotion, the large-object space, and weak structures
//! (ephemerons, weak cells, finalization tables) under full collections.
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
    let slot = unsafe { (addr(holder) as *mut u64).add(3) };
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 1, "the barrier dirtied the card");

    heap::collect_minor("test");
    let y1 = get(roots()[0], 1);
    assert_ne!(y1, y, "the survivor moved");
    assert!(is_young(y1), "one minor collection keeps it in a survivor space");
    assert_eq!(get(y1, 0), num(42.0));
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 1, "a card pointing at a survivor stays dirty");

    heap::collect_minor("test");
    let y2 = get(roots()[0], 1);
    assert!(!is_young(y2), "the second survival promotes (default age 2)");
    assert_eq!(get(y2, 0), num(42.0));
    heap::collect_minor("test");
    assert_eq!(unsafe { *barrier::card_of(slot as usize) }, 0, "no young pointer left: the card is clean");
    assert_eq!(get(get(roots()[0], 1), 0), num(42.0));
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

fn weak_cells_and_finalization_tables() {
    roots().clear();
    let cell = perry_gc::alloc(16, KIND_WEAK_CELL);
    roots().push(tagged(cell));
    let target = array(1, KIND_VALARRAY);
    unsafe { *(addr(roots()[0]) as *mut u64).add(1) = target };
    barrier::write(unsafe { (addr(roots()[0]) as *mut u64).add(1) }, target);
    heap::collect_minor("test");
    let t = unsafe { *(addr(roots()[0]) as *const u64).add(1) };
    assert_eq!(t >> TAG_SHIFT, TAG_OBJECT, "a minor collection keeps a weak target");
    heap::collect_full("test");
    assert_eq!(unsafe { *(addr(roots()[0]) as *const u64).add(1) }, UNDEFINED, "a full collection clears it");

    // header | used | registry | [target, held, token] x 2
    let fin = perry_gc::alloc(24 + 48, KIND_FINREG_CELLS);
    roots().push(tagged(fin));
    let live_target = array(1, KIND_VALARRAY);
    roots().push(live_target);
    let dead_target = array(1, KIND_VALARRAY);
    let held = array(1, KIND_VALARRAY);
    let f = addr(roots()[1]) as *mut u64;
    unsafe {
        *f.add(1) = 2;
        *f.add(2) = UNDEFINED;
        *f.add(3) = roots()[2];
        *f.add(4) = num(1.0);
        *f.add(5) = UNDEFINED;
        *f.add(6) = dead_target;
        *f.add(7) = held;
        *f.add(8) = UNDEFINED;
    }
    let _ = perry_gc::weak::take_pending();
    heap::collect_full("test");
    let f = addr(roots()[1]) as *mut u64;
    unsafe {
        assert_eq!(*f.add(3), roots()[2], "live target kept");
        assert_eq!(*f.add(6), UNDEFINED, "dead target cleared");
        assert_eq!(*f.add(7) >> TAG_SHIFT, TAG_OBJECT, "held value kept for the callback");
    }
    let pending = perry_gc::weak::take_pending();
    assert_eq!(pending, vec![roots()[1]], "the table is queued for cleanup");
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
    unsafe {
        assert_eq!(*p.add(1), 16);
        assert_eq!(*p.add(2), decoy, "data that looks like a pointer is not forwarded");
        assert_eq!(*p.add(3), 0x0102_0304_0506_0708);
    }
    // A large store (large-object space) keeps its bytes too.
    let n = 300_000usize;
    let big = tagged(perry_gc::alloc(STORE_DATA as usize + n, KIND_BUFFER_STORE));
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
    assert!((0..n).all(|i| unsafe { *p.add(STORE_DATA as usize + i) } == (i % 251) as u8));
    roots().clear();
}

#[test]
fn generational_collector() {
    setup();
    old_to_young_pointer_survives_minor_collections();
    large_objects_are_old_and_use_cards();
    ephemerons_follow_their_keys();
    weak_cells_and_finalization_tables();
    buffer_stores_are_copied_not_scanned();
}
