//! Mid-sized cells (8 KiB to 128 KiB) share size-class blocks instead of
//! taking a 256 KiB block each: with a 64 MiB heap (256 blocks), 1,000 live
//! arrays of 16 KiB must fit, survive collections and read back.

mod common;
use common::*;
use perry_abi::*;
use perry_gc::heap;

#[test]
fn medium_cells_share_blocks() {
    // SAFETY: set before the heap reads it, in this test's own process.
    unsafe { std::env::set_var("PERRY_GC_HEAP_LIMIT", "64m") };
    setup();
    roots().clear();
    for i in 0..1000 {
        let a = array(2000, KIND_VALARRAY);
        assert!(!is_young(a), "a 16 KiB cell is born old");
        set(a, 1999, num(i as f64));
        roots().push(a);
        if i % 100 == 0 {
            heap::collect_minor("test");
        }
    }
    heap::collect_full("test");
    for (i, &a) in roots().iter().enumerate() {
        assert_eq!(get(a, 1999), num(i as f64));
        assert_eq!(get(a, 0), UNDEFINED);
    }
    // Dropping half and allocating again reuses the freed cells.
    roots().truncate(500);
    heap::collect_full("test");
    for i in 0..500 {
        let a = array(2000, KIND_VALARRAY);
        set(a, 0, num(i as f64));
        roots().push(a);
    }
    heap::collect_full("test");
    assert_eq!(get(roots()[999], 0), num(499.0));
}
