//! Perry's precise, moving garbage collector.
//!
//! Layers (see ARCHITECTURE.md):
//! - [`heap`]: the space policy. Today a semispace copying collector; the
//!   generational plan (nursery, old space, large objects) grows from it.
//! - [`roots`]: every root source, by name: compiled frames (stack maps walked
//!   by frame pointer, see [`frames`]), the handle stack Rust code uses, and
//!   registered runtime tables (globals, constants, atoms, intrinsics).
//! - [`stats`]: counters and the `PERRY_GC_*` diagnostics.
//!
//! The collector knows the header layout from `perry-abi` and nothing of
//! JavaScript: a cell is scanned word by word when its kind is traced.
//!
//! Invariant: the JavaScript heap is touched by one thread only. The globals
//! in this crate are therefore plain statics behind `unsafe` accessors.

pub mod frames;
pub mod heap;
pub mod roots;
pub mod stats;

pub use heap::{alloc, collect, heap_contains};
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

/// Reports a broken runtime or collector invariant and aborts. Heap
/// corruption is never recovered from.
#[cold]
#[inline(never)]
pub fn fatal(msg: &str) -> ! {
    eprintln!("perry: internal error: {msg}");
    std::process::abort()
}
