//! Box cells: the pooled 8-byte slots that hold the locals of suspended
//! generator and async activations (DESIGN.md, "Async functions,
//! generators, box cells").
//!
//! An activation takes one *run* of cells when it is created: a header word
//! then one cell per local it keeps across a suspension point. Runs come
//! from per-thread slabs, one free list per size class (powers of two
//! words). A run is *registered* while its activation lives:
//!
//! - every minor collection scans the cells of registered runs as roots (and
//!   the owning generator object), so compiled code stores into a cell with
//!   no write barrier, and the root slots a minor scans are the registered
//!   cells: flat when the number of suspended activations is;
//! - a full collection traces a run through its owner (the collector visits
//!   the cells when it scans the generator object, whose `GEN_FRAME` word
//!   holds the run's raw address). An owner that is not reached is an
//!   abandoned activation (a generator dropped before it finished, an async
//!   function waiting on a promise nobody can settle): its run is released.
//!
//! When an activation completes (returns or throws) its run is queued
//! ([`complete`]); at event-loop quiescence ([`at_quiescence`]) the queue is
//! cleared, de-registered and returned to the pool. A completed run's cells
//! are never read again, so a collection also releases the queue first: a
//! long synchronous stretch that finishes many activations cannot grow it.
//!
//! Locals a closure captures are not in these cells: they live in ordinary
//! heap boxes (`KIND_BOX`) that the collector frees when unreachable; a cell
//! then holds the reference to the box.
//!
//! The collector sees the pool through the runtime's binding
//! ([`super::Runtime`]): minor roots, the generator's custom scan, the sweep
//! in weak processing, the verifier's slots, the idle hook and the
//! `box_cells_live=` field and `[box-stats]` line of the diagnostics.
//!
//! Slabs are 64 KiB (`SLAB_WORDS`); to the collector `GEN_FRAME` is a number,
//! not a reference. A released abandoned run is counted as
//! `abandoned_activations=` on the `[gc-trace] phase=weak` line. Completion
//! includes `return`/`throw` before the first `next`; quiescence is when no
//! macrotask is runnable and no microtask pending. `[box-stats]` (under
//! `PERRY_GC_DIAG=1`, at quiescence at most every 100 ms, at idle and at exit)
//! and `box_cells_live=` on `[gc-step]` show the pool;
//! `tests/residue/workload.ts` and the `residue` test
//! (`compiler/tests/residue.rs`) hold `live` constant between 10^4 and 10^5
//! async iterations.

use perry_gc::JsCell;

/// Words of the smallest size class (header included).
const MIN_WORDS: usize = 4;
/// Size classes: `MIN_WORDS << class` words.
const CLASSES: usize = 20;
/// Words of a slab (64 KiB); classes larger than a slab get a slab each.
const SLAB_WORDS: usize = 8192;
/// `[gc-step]`-style lines at quiescence: at most one per this many ms.
const STATS_EVERY_MS: u128 = 100;

/// Header word of a run: `index in the active list (32) | cells (24) | class (8)`.
const NOT_ACTIVE: u64 = 0xFFFF_FFFF;

fn header(index: u64, cells: usize, class: usize) -> u64 {
    index | (cells as u64) << 32 | (class as u64) << 56
}

fn cells_of(hdr: u64) -> usize {
    ((hdr >> 32) & 0xFF_FFFF) as usize
}

fn class_of(hdr: u64) -> usize {
    (hdr >> 56) as usize
}

struct Run {
    base: *mut u64,
    /// The generator object (a value), updated by the collector.
    owner: u64,
}

struct Pool {
    free: [Vec<*mut u64>; CLASSES],
    slabs: usize,
    active: Vec<Run>,
    done: Vec<*mut u64>,
    /// Counters in cells.
    allocs: u64,
    releases: u64,
    reuses: u64,
    live: usize,
    pooled: usize,
    last_stats: Option<std::time::Instant>,
    /// Activations ran since the last idle `[box-stats]` line (under
    /// `PERRY_GC_DIAG=1`): the next idle period prints one.
    stats_pending: bool,
    /// Runs taken since the last full collection: only a full one finds the
    /// abandoned ones among them ([`abandoned_possible`]).
    since_full: u64,
}

static POOL: JsCell<Pool> = JsCell::new(Pool {
    free: [const { Vec::new() }; CLASSES],
    slabs: 0,
    active: Vec::new(),
    done: Vec::new(),
    allocs: 0,
    releases: 0,
    reuses: 0,
    live: 0,
    since_full: 0,
    pooled: 0,
    last_stats: None,
    stats_pending: false,
});

fn pool() -> &'static mut Pool {
    // SAFETY: single JS thread.
    unsafe { POOL.get() }
}

fn class_for(words: usize) -> usize {
    let mut c = 0;
    while MIN_WORDS << c < words {
        c += 1;
    }
    if c >= CLASSES {
        perry_gc::fatal(&format!("an activation with {words} box cells"));
    }
    c
}

/// Takes a registered run of `cells` cells (each reads as +0) for the
/// activation whose generator object is `owner`; returns its address, which
/// compiled code finds in `GEN_FRAME` (cell `i` at offset `8 + 8 * i`).
pub fn acquire(cells: usize, owner: u64) -> *mut u64 {
    let p = pool();
    let class = class_for(cells + 1);
    let words = MIN_WORDS << class;
    let base = match p.free[class].pop() {
        Some(b) => {
            p.reuses += cells as u64;
            p.pooled -= words - 1;
            b
        }
        None => {
            // A fresh slab carved into runs of this class.
            let slab = SLAB_WORDS.max(words);
            let layout = std::alloc::Layout::from_size_align(slab * 8, 64).expect("slab layout");
            // SAFETY: a non-zero size.
            let s = unsafe { std::alloc::alloc_zeroed(layout) } as *mut u64;
            if s.is_null() {
                perry_gc::out_of_memory("no memory for box cells");
            }
            p.slabs += 1;
            for k in (1..slab / words).rev() {
                // SAFETY: inside the slab.
                p.free[class].push(unsafe { s.add(k * words) });
                p.pooled += words - 1;
            }
            s
        }
    };
    // SAFETY: the run's header word.
    unsafe { *base = header(p.active.len() as u64, cells, class) };
    p.active.push(Run { base, owner });
    p.since_full += 1;
    p.stats_pending = true;
    p.allocs += cells as u64;
    p.live += cells;
    base
}

/// An activation finished: its run is queued for release (its cells are
/// never read again).
///
/// # Safety
/// `base` is a run [`acquire`] returned that was not completed yet.
pub unsafe fn complete(base: *mut u64) {
    let p = pool();
    // SAFETY: a registered run's header.
    let hdr = unsafe { *base };
    let i = (hdr & NOT_ACTIVE) as usize;
    deactivate(p, i);
    p.done.push(base);
}

fn deactivate(p: &mut Pool, i: usize) {
    let run = p.active.swap_remove(i);
    // SAFETY: registered runs' headers.
    unsafe {
        *run.base = (*run.base & !NOT_ACTIVE) | NOT_ACTIVE;
        if let Some(moved) = p.active.get(i) {
            *moved.base = (*moved.base & !NOT_ACTIVE) | i as u64;
        }
    }
}

/// Clears a de-registered run and returns it to its free list.
fn release(p: &mut Pool, base: *mut u64) {
    // SAFETY: a run of `MIN_WORDS << class` words.
    unsafe {
        let hdr = *base;
        let (cells, class) = (cells_of(hdr), class_of(hdr));
        core::ptr::write_bytes(base, 0, cells + 1);
        p.free[class].push(base);
        p.pooled += (MIN_WORDS << class) - 1;
        p.releases += cells as u64;
        p.live -= cells;
    }
}

fn release_done(p: &mut Pool) {
    while let Some(b) = p.done.pop() {
        release(p, b);
    }
}

/// Event-loop quiescence: the queue of completed runs goes back to the
/// pool; under `PERRY_GC_DIAG=1` a `[box-stats]` line (at most one per
/// 100 ms).
pub fn at_quiescence() {
    let p = pool();
    release_done(p);
    if perry_gc::stats::diag_enabled() {
        let now = std::time::Instant::now();
        if p.last_stats.is_none_or(|t| now.duration_since(t).as_millis() >= STATS_EVERY_MS) {
            p.last_stats = Some(now);
            print_stats();
        }
    }
}

/// The event loop has stayed idle (see `heap::at_idle`): the queue goes
/// back to the pool and, under `PERRY_GC_DIAG=1`, a `[box-stats]` line is
/// printed whatever the rate limit, so the last line before a pause in the
/// load shows the idle state rather than one taken between requests.
pub fn at_idle() {
    let p = pool();
    release_done(p);
    p.stats_pending = false;
    if perry_gc::stats::diag_enabled() {
        p.last_stats = Some(std::time::Instant::now());
        print_stats();
    }
}

/// The `[box-stats]` line (also printed at exit).
pub fn print_stats() {
    let p = pool();
    eprintln!(
        "[box-stats] allocs={} releases={} pool_reuses={} live={} pooled={} slabs={} activations={}",
        p.allocs,
        p.releases,
        p.reuses,
        p.live,
        p.pooled,
        p.slabs,
        p.active.len()
    );
}

/// Registered cells (active and queued).
/// Whether an idle period should print a `[box-stats]` line although it has
/// nothing to collect: activations ran since the last idle line.
pub fn idle_stats_pending() -> bool {
    perry_gc::stats::diag_enabled() && pool().stats_pending
}

/// Whether a run taken since the last full collection is still registered:
/// it may belong to an abandoned activation, which only a full collection
/// releases (the idle collection is then full).
pub fn abandoned_possible() -> bool {
    let p = pool();
    p.since_full > 0 && !p.active.is_empty()
}

pub fn live() -> usize {
    pool().live
}

/// Before a collection: completed runs are released (nothing reads them).
pub(crate) fn before_collection() {
    release_done(pool());
}

/// A minor collection's roots: every registered run's owner and cells.
pub(crate) fn visit_minor_roots<V: FnMut(*mut u64)>(visit: &mut V) -> usize {
    let p = pool();
    let mut n = 0;
    for run in p.active.iter_mut() {
        visit(&mut run.owner as *mut u64);
        // SAFETY: a registered run: header then `cells` cells.
        let cells = cells_of(unsafe { *run.base });
        for i in 1..=cells {
            // SAFETY: as above, `i <= cells`.
            visit(unsafe { run.base.add(i) });
        }
        n += cells + 1;
    }
    n
}

/// The cells of the run at `base` (a generator object's `GEN_FRAME` word),
/// for a full collection tracing the owner; none when `base` is 0.
///
/// # Safety
/// `base` is 0 or a run [`acquire`] returned that was not released, and
/// nothing else borrows its cells while the slice lives.
pub(crate) unsafe fn cells(base: u64) -> &'static mut [u64] {
    if base == 0 {
        return &mut [];
    }
    let b = base as *mut u64;
    // SAFETY: a registered run (the caller's contract): header, then
    // `cells_of(header)` cells.
    unsafe { core::slice::from_raw_parts_mut(b.add(1), cells_of(*b)) }
}

/// After a full collection's mark phase: each run whose owner was reached
/// keeps its (possibly moved) owner; the others belong to abandoned
/// activations and are released. `update` visits a live owner's slot
/// (returning whether it was live).
pub(crate) fn sweep(update: &mut impl FnMut(*mut u64) -> bool) -> usize {
    let p = pool();
    p.since_full = 0;
    let mut freed = 0;
    let mut i = 0;
    while i < p.active.len() {
        if update(&mut p.active[i].owner as *mut u64) {
            i += 1;
            continue;
        }
        let base = p.active[i].base;
        deactivate(p, i);
        release(p, base);
        freed += 1;
    }
    freed
}

/// Every registered cell, for the heap verifier.
pub(crate) fn for_each_cell<F: FnMut(*mut u64)>(f: &mut F) {
    for run in pool().active.iter_mut() {
        f(&mut run.owner as *mut u64);
        // SAFETY: a registered run: header then `cells` cells.
        let cells = cells_of(unsafe { *run.base });
        for i in 1..=cells {
            // SAFETY: as above, `i <= cells`.
            f(unsafe { run.base.add(i) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_reused_and_counted() {
        let a = acquire(3, 0);
        let b = acquire(100, 0);
        assert_eq!(live(), 103);
        // SAFETY: `a` is a registered run of 3 cells, completed once.
        unsafe {
            *a.add(1) = 42;
            complete(a);
        }
        assert_eq!(live(), 103, "queued runs stay registered until quiescence");
        at_quiescence();
        assert_eq!(live(), 100);
        let c = acquire(2, 0);
        assert_eq!(c, a, "the freed run of the same class is reused");
        // SAFETY: `c` is a registered run of 2 cells.
        assert_eq!(unsafe { *c.add(1) }, 0, "a reused cell reads as +0");
        // SAFETY: `b` and `c` are registered runs, each completed once.
        unsafe {
            complete(b);
            complete(c);
        }
        at_quiescence();
        let p = pool();
        assert_eq!((p.live, p.allocs, p.releases, p.reuses), (0, 105, 105, 2));
        assert!(p.active.is_empty());
    }
}
