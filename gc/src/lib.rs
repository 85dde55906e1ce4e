//! Perry's precise, generational garbage collector.
//!
//! Layers (see ARCHITECTURE.md):
//! - [`vm`]: one address reservation for the whole heap; pages go back to
//!   the OS with `madvise`.
//! - [`nursery`]: eden (bump allocation, inline in compiled code) and two
//!   survivor spaces; [`old`]: non-moving size-classed blocks, mark-sweep;
//!   [`los`]: large objects; [`blocks`]: the block allocator under both.
//! - [`barrier`]: the card table the write barrier marks.
//! - [`plan`]: which collection runs when; [`collect`]: the minor (copying)
//!   and full (mark-sweep, promoting) collections, with the two weak
//!   primitives (ephemeron tables and weak cells).
//! - [`roots`]: every root source, by name: compiled frames (stack maps walked
//!   by frame pointer, see [`frames`]), the handle stack Rust code uses, and
//!   registered runtime tables (globals, constants, atoms, intrinsics).
//! - [`binding`]: the interface the runtime implements ([`Binding`]): how
//!   each kind is scanned, custom scans, tagged references to things outside
//!   the heap, extra minor roots, weak processing, and the hooks of the plan,
//!   the idle loop, the verifier and the diagnostics.
//! - [`stats`]: counters and the `PERRY_GC_*` diagnostics; [`verify`]: the
//!   heap verifier; [`purge`]: giving freed memory back to the OS.
//!
//! The collector knows the header layout and the value tags from
//! `perry-abi` and nothing of JavaScript: what a kind means (raw data, a
//! slot array, a weak primitive, a custom scan) is the binding's answer.
//! Perry's runtime implements it in `perry_runtime::binding` (generator
//! frames and their box cells, FinalizationRegistry records, the proxy
//! registry). The collections are generic over the binding and
//! monomorphised: [`heap::init`] stores them instantiated, so nothing on a
//! tracing path dispatches dynamically.
//!
//! Invariant: the JavaScript heap is touched by one thread only. The globals
//! in this crate are therefore plain statics behind `unsafe` accessors.

pub mod barrier;
pub mod binding;
pub mod blocks;
pub mod collect;
pub mod frames;
pub mod heap;
pub mod los;
pub mod nursery;
pub mod old;
pub mod plan;
pub mod purge;
pub mod roots;
pub mod stats;
pub mod verify;
pub mod vm;

pub use binding::{Binding, FullRequest, Scan, Tracer, WeakReport, WeakTracer};
pub use heap::{alloc, alloc_uninit, alloc_uninit_no_gc};
pub use roots::{Handle, HandleScope};

/// A cell that is shared by the single JavaScript thread only.
pub struct JsCell<T>(core::cell::UnsafeCell<T>);
// SAFETY: the JavaScript heap and everything in this crate is used by one
// thread (the JS thread); other threads never reach these statics.
unsafe impl<T> Sync for JsCell<T> {}
impl<T> JsCell<T> {
    pub const fn new(v: T) -> Self {
        JsCell(core::cell::UnsafeCell::new(v))
    }
    /// # Safety
    /// Callers must not hold two results of `get` for the same cell across a
    /// call that may also call `get` on it.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn get(&self) -> &mut T {
        // SAFETY: one thread (see `Sync` above) and no overlapping borrow
        // (the caller's contract).
        unsafe { &mut *self.0.get() }
    }
}

/// The heap cannot hold the live data within `PERRY_GC_HEAP_LIMIT`: says so
/// as Node does (a fatal error, not a JavaScript exception) and aborts.
#[cold]
#[inline(never)]
pub fn out_of_memory(detail: &str) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    eprintln!("perry: fatal error: JavaScript heap out of memory ({detail})");
    std::process::abort()
}

/// Reports a broken runtime or collector invariant and aborts. Heap
/// corruption is never recovered from.
#[cold]
#[inline(never)]
pub fn fatal(msg: &str) -> ! {
    eprintln!("perry: internal error: {msg}");
    std::process::abort()
}
