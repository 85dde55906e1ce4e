//! Weak references as the runtime sees them. The cell kinds are described
//! in `perry-abi` (`KIND_EPHEMERONS`, `KIND_WEAK_CELL`, `KIND_FINREG_CELLS`);
//! the full collection clears them ([`crate::collect`]). Here: the queue of
//! FinalizationRegistry cell tables with dead targets, which the runtime
//! drains at quiescence to call the cleanup callbacks. The queue is a root
//! source ("finalization-queue"), so a queued table and its held values
//! stay alive until their callbacks ran.
//!
//! WeakMap/WeakSet keep their pairs in a `KIND_EPHEMERONS` value array, WeakRef its target in a
//! `KIND_WEAK_CELL`, FinalizationRegistry its `[target, held, token]` triples in a
//! `KIND_FINREG_CELLS` table. Minor collections trace them strongly; a full collection keeps an
//! ephemeron value only while its key is reachable (iterating to a fixpoint), clears dead keys
//! to `HOLE`, dead weak targets to `undefined`, and queues registry tables with dead targets
//! here. The runtime runs their callbacks at the end of a job (`stdlib::weak::end_of_job`), and
//! clears the job's WeakRef kept-objects list there.

use crate::JsCell;

static PENDING: JsCell<Vec<u64>> = JsCell::new(Vec::new());

fn pending() -> &'static mut Vec<u64> {
    // SAFETY: single JS thread.
    unsafe { PENDING.get() }
}

pub(crate) fn init() {
    crate::roots::register_source("finalization-queue", |visit| {
        for v in pending().iter_mut() {
            visit(v as *mut u64);
        }
    });
}

pub(crate) fn queue_cleanup(table: u64) {
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
