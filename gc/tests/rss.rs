//! Memory goes back to the OS. The heap is fragmented on purpose: ~500 MB of
//! small cells, all promoted to the old generation, then all but one in a
//! thousand dropped (every block keeps a few live cells, so no block is
//! empty); a full collection and the quiescence purge must return the free
//! pages. Then the rest is dropped and RSS must fall to within 2x the live
//! heap plus a fixed baseline.

mod common;
use common::*;
use perry_abi::*;
use perry_gc::{heap, stats::rss_bytes};

const MB: u64 = 1 << 20;

// As in every Perry executable: Rust-side memory (root tables, mark stacks)
// comes from mimalloc, which the quiescence purge tells to give it back.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[test]
fn rss_follows_the_live_heap() {
    setup();
    heap::collect_full("test");
    heap::at_quiescence();
    let baseline = rss_bytes();
    // 64-byte cells (header, length, 6 slots).
    let cells = 500 * MB as usize / 64;
    roots().clear();
    roots().reserve(cells);
    for i in 0..cells {
        let c = array(6, KIND_VALARRAY);
        set(c, 0, num(i as f64));
        roots().push(c);
    }
    heap::collect_full("test");
    let peak = rss_bytes();
    assert!(peak > baseline + 400 * MB, "the cells are resident: {baseline} -> {peak}");

    // Keep one in a thousand: every block still holds live cells.
    let kept: Vec<u64> = roots().iter().step_by(1000).copied().collect();
    *roots() = kept;
    roots().shrink_to_fit();
    heap::collect_full("test");
    heap::at_quiescence();
    let fragmented = rss_bytes();
    let live = heap::in_use() as u64;
    eprintln!("baseline {baseline} peak {peak} after dropping 999/1000: {fragmented} (live heap {live})");
    assert!(fragmented < baseline + (peak - baseline) / 8, "free pages of fragmented blocks go back to the OS: {fragmented}");
    for (i, &c) in roots().iter().enumerate() {
        assert_eq!(get(c, 0), num((i * 1000) as f64), "survivor {i} intact");
    }

    // Drop the rest.
    *roots() = Vec::new();
    heap::collect_full("test");
    heap::at_quiescence();
    let end = rss_bytes();
    let live = heap::in_use() as u64;
    eprintln!("after dropping everything: {end} (live heap {live})");
    assert!(end <= baseline + 2 * live + 16 * MB, "RSS {end} should be within 2x of the live heap {live} plus baseline {baseline}");
}
