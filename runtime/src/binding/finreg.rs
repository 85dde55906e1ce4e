//! FinalizationRegistry records, as the collector sees them.
//!
//! A registry's cell table (`KIND_FINREG_CELLS`) is
//! `header | len | registry | [target, held, token]...`: `registry` and
//! `held` are strong, `target` and `token` weak. It is a custom kind of the
//! binding ([`super::Runtime`]): a full collection's mark traces the strong
//! words and records the table ([`scan`]); weak processing ([`process`])
//! replaces a dead target or token with `undefined` and queues a table that
//! lost a target for cleanup. Minor collections trace every word strongly.
//!
//! The queue is a root source ("finalization-queue"), so a queued table and
//! its held values stay alive until their callbacks ran; the stdlib drains
//! it at quiescence ([`take_pending`]) to call the cleanup callbacks.
//!
//! The other weak structures are the collector's own primitives: WeakMap and
//! WeakSet keep their pairs in a `KIND_EPHEMERONS` value array, WeakRef its
//! target in a `KIND_WEAK_CELL`. Minor collections trace them strongly; a
//! full collection keeps an ephemeron value only while its key is reachable
//! (iterating to a fixpoint), clears dead keys to `HOLE` and dead weak
//! targets to `undefined`. The runtime runs the cleanup callbacks at the end
//! of a job (`stdlib::weak::end_of_job`) and clears the job's WeakRef
//! kept-objects list there.

use perry_abi::{TAG_OBJECT, TAG_SHIFT};
use perry_gc::{JsCell, Tracer, WeakTracer};

/// Tables queued for their cleanup callbacks.
static PENDING: JsCell<Vec<u64>> = JsCell::new(Vec::new());
/// Tables the full collection in progress reached (between its mark and its
/// weak processing).
static REACHED: JsCell<Vec<*mut u64>> = JsCell::new(Vec::new());

fn pending() -> &'static mut Vec<u64> {
    // SAFETY: single JS thread; no caller keeps the borrow across another.
    unsafe { PENDING.get() }
}

fn reached() -> &'static mut Vec<*mut u64> {
    // SAFETY: as above.
    unsafe { REACHED.get() }
}

/// Registers the queue as a root source. Called right after the heap is set
/// up, so it is the first registered source (as the `[gc-trace]` lines have
/// always listed it).
pub(crate) fn init() {
    perry_gc::roots::register_source("finalization-queue", |visit| {
        for v in pending().iter_mut() {
            visit(v as *mut u64);
        }
    });
}

/// A full collection's mark reached the table at `p`: traces its registry
/// and held values, and records it for [`process`].
///
/// # Safety
/// `p` is a marked, live `KIND_FINREG_CELLS` cell.
pub(crate) unsafe fn scan<T: Tracer>(p: *mut u64, t: &mut T) {
    reached().push(p);
    // SAFETY: the cell's header (the caller's contract).
    let words = (unsafe { *p } & 0xFFFF_FFFF) as usize / 8;
    // SAFETY: word 2 (the registry) and each record's `held`, inside the cell.
    unsafe {
        t.trace(p.add(2));
        let mut i = 3;
        while i + 2 < words {
            t.trace(p.add(i + 1));
            i += 3;
        }
    }
}

/// After the mark: clears dead targets and tokens of every reached table
/// and queues those that lost a target. Returns the number of targets and
/// tokens cleared and the number of tables.
pub(crate) fn process<W: WeakTracer>(w: &mut W) -> (usize, usize) {
    let tables = core::mem::take(reached());
    let mut cleared = 0;
    for &p in &tables {
        // SAFETY: a table [`scan`] recorded during this collection's mark:
        // live, not moved (marked cells are old), its header readable.
        let words = (unsafe { *p } & 0xFFFF_FFFF) as usize / 8;
        let mut any = false;
        let mut i = 3;
        while i + 2 < words {
            // SAFETY: the record's `target` and `token` words, inside the
            // live table.
            let (target_dead, _) = unsafe { (w.clear_if_dead(p.add(i)), w.clear_if_dead(p.add(i + 2))) };
            if target_dead {
                any = true;
                cleared += 1;
            }
            i += 3;
        }
        if any {
            queue_cleanup((TAG_OBJECT << TAG_SHIFT) | p as u64);
        }
    }
    let n = tables.len();
    // Keep the allocation for the next collection.
    let r = reached();
    *r = tables;
    r.clear();
    (cleared, n)
}

fn queue_cleanup(table: u64) {
    let p = pending();
    if !p.contains(&table) {
        p.push(table);
    }
}

/// Takes the tables queued for cleanup. The caller must root them (for
/// example in a `HandleScope`) before it allocates.
pub fn take_pending() -> Vec<u64> {
    core::mem::take(pending())
}

/// Whether any table waits for its cleanup callbacks.
pub fn has_pending() -> bool {
    !pending().is_empty()
}
