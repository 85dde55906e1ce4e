//! Weak references as the runtime sees them. The cell kinds are described
//! in `perry-abi` (`KIND_EPHEMERONS`, `KIND_WEAK_CELL`, `KIND_FINREG_CELLS`);
//! the full collection clears them ([`crate::collect`]). Here: the queue of
//! FinalizationRegistry cell tables with dead targets, which the runtime
//! drains at quiescence to call the cleanup callbacks. The queue is a root
//! source ("finalization-queue"), so a queued table and its held values
//! stay alive until their callbacks ran.

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
