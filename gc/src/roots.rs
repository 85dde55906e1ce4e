//! Root sources, each by name: compiled frames, the handle stack, and the
//! tables the runtime registers (module globals, constants, atoms, intrinsics).
//!
//! Rule: no raw heap pointer lives across an allocation outside a stack-mapped
//! slot, a handle or a registered table. `PERRY_GC_STRESS=1` proves it.
//!
//! Rust code holds values across allocations in a [`HandleScope`]; native functions receive
//! their arguments already in handles (`Args`). Beware argument evaluation order:
//! `f(Value(h.get()), atoms::intern(..))` reads the handle *before* `intern` allocates; intern
//! first, then read. The tables: string constants, module globals, atoms, intrinsics, the
//! pending exception, the symbol registry, the finalization queue, the WeakRef kept-objects
//! list, the queued jobs ("microtasks"), timers, immediates and ticks ("event-loop"), the async
//! context ("async-context"), the HTTP servers ("http"); `PERRY_GC_TRACE=1` names each.

use crate::JsCell;
use crate::frames;
use crate::stats;

/// A root table registered by the runtime: calls the visitor on each slot.
pub type RootFn = fn(&mut dyn FnMut(*mut u64));

struct Roots {
    handles: Vec<u64>,
    sources: Vec<(&'static str, RootFn)>,
    ranges: Vec<(&'static str, *mut u64, usize)>,
}

static ROOTS: JsCell<Roots> = JsCell::new(Roots { handles: Vec::new(), sources: Vec::new(), ranges: Vec::new() });

fn roots() -> &'static mut Roots {
    // SAFETY: single JS thread.
    unsafe { ROOTS.get() }
}

/// Registers a named root table.
pub fn register_source(name: &'static str, f: RootFn) {
    roots().sources.push((name, f));
}

/// Registers a contiguous range of value slots (for example the module
/// globals the compiler emits).
pub fn register_range(name: &'static str, start: *mut u64, len: usize) {
    roots().ranges.push((name, start, len));
}

/// Visits every root slot; returns the number of slots visited.
pub fn visit_all(visit: &mut dyn FnMut(*mut u64)) -> usize {
    let r = roots();
    let mut total = 0usize;
    let trace = stats::trace_enabled();
    let count = |name: &str, n: usize, t: std::time::Instant| {
        if trace {
            eprintln!("[gc-trace] roots source={name} slots={n} us={}", t.elapsed().as_micros());
        }
    };
    let t = std::time::Instant::now();
    let n = frames::visit_frames(visit);
    count("compiled-frames", n, t);
    total += n;

    let t = std::time::Instant::now();
    let len = r.handles.len();
    let base = r.handles.as_mut_ptr();
    for i in 0..len {
        // SAFETY: `i < len`, inside the handle vector (which the visitor
        // does not grow: collections allocate no handles).
        visit(unsafe { base.add(i) });
    }
    count("handles", len, t);
    total += len;

    for &(name, start, len) in r.ranges.iter() {
        let t = std::time::Instant::now();
        for i in 0..len {
            // SAFETY: a range the runtime registered as `len` value slots
            // that live for the whole run.
            visit(unsafe { start.add(i) });
        }
        count(name, len, t);
        total += len;
    }
    for &(name, f) in r.sources.iter() {
        let t = std::time::Instant::now();
        let mut n = 0usize;
        f(&mut |slot| {
            n += 1;
            visit(slot)
        });
        count(name, n, t);
        total += n;
    }
    total
}

/// A value rooted in the handle stack. Read it with [`Handle::get`] after any
/// allocation: the collector may have moved what it points to.
#[derive(Clone, Copy, Debug)]
pub struct Handle(usize);

impl Handle {
    #[inline]
    pub fn get(self) -> u64 {
        roots().handles[self.0]
    }
    #[inline]
    pub fn set(self, v: u64) {
        roots().handles[self.0] = v;
    }
    /// Position on the handle stack (handles rooted after it in the same
    /// scope follow it: `handle_at(index() + k)`).
    #[inline]
    pub fn index(self) -> usize {
        self.0
    }
}

/// Releases every handle created after it when dropped.
pub struct HandleScope {
    mark: usize,
}

impl HandleScope {
    #[inline]
    #[allow(clippy::new_without_default)]
    pub fn new() -> HandleScope {
        HandleScope { mark: roots().handles.len() }
    }
    #[inline]
    pub fn root(&self, v: u64) -> Handle {
        let h = &mut roots().handles;
        h.push(v);
        Handle(h.len() - 1)
    }
}

impl Drop for HandleScope {
    #[inline]
    fn drop(&mut self) {
        roots().handles.truncate(self.mark);
    }
}

/// Pushes a value on the handle stack without a scope; pair with
/// [`handles_truncate`]. Used by the native-call trampoline.
#[inline]
pub fn handles_push(v: u64) -> usize {
    let h = &mut roots().handles;
    h.push(v);
    h.len() - 1
}
/// Pushes the first `n` words of `block` as consecutive handles; returns
/// the index of the first. (The whole fixed-size block is copied, which
/// compiles to a few moves instead of a `memcpy` call.)
#[inline]
pub fn handles_extend<const N: usize>(block: &[u64; N], n: usize) -> usize {
    assert!(n <= N);
    let h = &mut roots().handles;
    let base = h.len();
    h.reserve(N);
    // SAFETY: `reserve` made room for N words after `base`; only the first
    // `n` become part of the vector.
    unsafe {
        (h.as_mut_ptr().add(base) as *mut [u64; N]).write_unaligned(*block);
        h.set_len(base + n);
    }
    base
}
#[inline]
pub fn handles_len() -> usize {
    roots().handles.len()
}
#[inline]
pub fn handles_truncate(n: usize) {
    roots().handles.truncate(n)
}
#[inline]
pub fn handle_at(i: usize) -> u64 {
    roots().handles[i]
}
