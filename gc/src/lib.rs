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
//!   and full (mark-sweep, promoting) collections; [`weak`]: ephemerons,
//!   weak cells and finalization queues.
//! - [`roots`]: every root source, by name: compiled frames (stack maps walked
//!   by frame pointer, see [`frames`]), the handle stack Rust code uses, and
//!   registered runtime tables (globals, constants, atoms, intrinsics).
//! - [`boxes`]: the pooled box cells of suspended generator and async
//!   activations, roots of minor collections while registered.
//! - [`proxies`]: the weak proxy registry with its bounded id band.
//! - [`stats`]: counters and the `PERRY_GC_*` diagnostics; [`verify`]: the
//!   heap verifier; [`purge`]: giving freed memory back to the OS.
//!
//! The collector knows the header layout from `perry-abi` and nothing of
//! JavaScript: a cell is scanned word by word when its kind is traced.
//!
//! Invariant: the JavaScript heap is touched by one thread only. The globals
//! in this crate are therefore plain statics behind `unsafe` accessors.

pub mod barrier;
pub mod blocks;
pub mod boxes;
pub mod collect;
pub mod frames;
pub mod heap;
pub mod los;
pub mod nursery;
pub mod old;
pub mod plan;
pub mod proxies;
pub mod purge;
pub mod roots;
pub mod stats;
pub mod verify;
pub mod vm;
pub mod weak;

pub use heap::{alloc, alloc_uninit};
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
