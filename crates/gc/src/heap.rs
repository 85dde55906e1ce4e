//! Semispace copying space (Cheney). Every collection copies the live cells
//! out of the current space into a fresh one and frees the old one, so every
//! root is proven to be updated on every collection.

use crate::JsCell;
use crate::roots;
use crate::stats;
use perry_abi::*;

/// One semispace: anonymous memory from mmap, so untouched pages cost no
/// resident memory and a freed space goes straight back to the OS.
struct Space {
    mem: &'static mut [u64],
    top: usize,
}

unsafe extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn munmap(addr: *mut u8, len: usize) -> i32;
}

impl Space {
    fn new(words: usize) -> Space {
        const PROT_READ_WRITE: i32 = 0x1 | 0x2;
        const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
        let len = words * 8;
        // SAFETY: an anonymous private mapping; checked for MAP_FAILED below.
        let p = unsafe { mmap(core::ptr::null_mut(), len, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0) };
        if p as isize == -1 || p.is_null() {
            crate::fatal("out of memory: cannot map a heap space");
        }
        Space { mem: unsafe { core::slice::from_raw_parts_mut(p as *mut u64, words) }, top: 0 }
    }
    fn start(&self) -> usize {
        self.mem.as_ptr() as usize
    }
    fn end(&self) -> usize {
        self.start() + self.mem.len() * 8
    }
    fn used_bytes(&self) -> usize {
        self.top * 8
    }
}

impl Drop for Space {
    fn drop(&mut self) {
        // SAFETY: `mem` is exactly the mapping made in `new`.
        unsafe { munmap(self.mem.as_mut_ptr() as *mut u8, self.mem.len() * 8) };
    }
}

struct Heap {
    space: Option<Space>,
    /// The previous from-space, kept for the next collection's to-space so
    /// steady-state collections touch no fresh pages.
    spare: Option<Space>,
    /// Capacity (words) of the next to-space.
    next_words: usize,
    /// Collect every N allocations (PERRY_GC_STRESS), 0 = off.
    stress: u64,
    since_stress: u64,
    allocated_total: u64,
    collecting: bool,
    hash_counter: u64,
}

static HEAP: JsCell<Heap> =
    JsCell::new(Heap { space: None, spare: None, next_words: 0, stress: 0, since_stress: 0, allocated_total: 0, collecting: false, hash_counter: 0x9E37 });

const MIN_WORDS: usize = 1 << 19; // 4 MiB

/// The bump pointer and end of the current space, read and advanced by
/// compiled code's inline allocation (absolute addresses). The collector
/// syncs `Space::top` from and to them. Under `PERRY_GC_STRESS` the end
/// equals the top, so every inline allocation takes the slow path.
#[unsafe(no_mangle)]
pub static mut PERRY_HEAP_TOP: u64 = 0;
#[unsafe(no_mangle)]
pub static mut PERRY_HEAP_END: u64 = 0;

/// Reads the bump pointer compiled code may have advanced.
fn sync_in(h: &mut Heap) {
    if let Some(sp) = h.space.as_mut() {
        let top = unsafe { PERRY_HEAP_TOP } as usize;
        if top != 0 {
            sp.top = (top - sp.start()) / 8;
        }
    }
}

/// Publishes the bump pointer for compiled code.
fn sync_out(h: &mut Heap) {
    if let Some(sp) = h.space.as_ref() {
        let top = (sp.start() + sp.top * 8) as u64;
        unsafe {
            PERRY_HEAP_TOP = top;
            PERRY_HEAP_END = if h.stress > 0 { top } else { sp.end() as u64 };
        }
    }
}

fn heap() -> &'static mut Heap {
    // SAFETY: single JS thread; callers in this module never keep two borrows.
    unsafe { HEAP.get() }
}

/// Reads `PERRY_GC_STRESS` and sets up the first space. Called once at start-up.
pub fn init() {
    let h = heap();
    h.stress = std::env::var("PERRY_GC_STRESS").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
    h.next_words = MIN_WORDS;
    h.space = Some(Space::new(MIN_WORDS));
    sync_out(h);
    stats::init();
}

/// Whether `addr` lies in the current space.
pub fn heap_contains(addr: usize) -> bool {
    match &heap().space {
        Some(s) => addr >= s.start() && addr < s.end(),
        None => false,
    }
}

/// Bytes in use in the current space.
pub fn in_use() -> usize {
    sync_in(heap());
    heap().space.as_ref().map_or(0, |s| s.used_bytes())
}

/// Allocates a cell of `size` bytes (rounded up to 8, at least 16) and writes
/// its header. The body is zeroed (zero reads as the number +0).
///
/// May collect: the caller must hold every heap value it still needs in a
/// root (a handle, a stack-mapped slot or a registered table). The returned
/// pointer is valid until the next allocation.
pub fn alloc(size: usize, kind: u64) -> *mut u64 {
    let size = size.max(16).next_multiple_of(8);
    let h = heap();
    sync_in(h);
    h.allocated_total += size as u64;
    if h.stress > 0 && !h.collecting {
        h.since_stress += 1;
        if h.since_stress >= h.stress {
            h.since_stress = 0;
            collect(size, "stress");
        }
    }
    let words = size / 8;
    let h = heap();
    let sp = h.space.as_mut().expect("gc not initialised");
    if sp.top + words > sp.mem.len() {
        collect(size, "heap-full");
    }
    let h = heap();
    let sp = h.space.as_mut().unwrap();
    if sp.top + words > sp.mem.len() {
        crate::fatal("out of memory: allocation does not fit after collection");
    }
    let p = unsafe { sp.mem.as_mut_ptr().add(sp.top) };
    sp.top += words;
    let h = heap();
    sync_out(h);
    let h = heap();
    h.hash_counter = h.hash_counter.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let hash = (h.hash_counter >> 33) & 0xFFFF;
    unsafe {
        *p = (size as u64) | (kind << HDR_KIND_SHIFT) | (hash << HDR_HASH_SHIFT);
        for i in 1..words {
            *p.add(i) = 0;
        }
    }
    p
}

/// Runs a collection. `request` is the size of the allocation that could not
/// be satisfied (0 when none): the new space is made big enough for it.
pub fn collect(request: usize, reason: &'static str) {
    let h = heap();
    if h.collecting {
        crate::fatal("collection re-entered");
    }
    h.collecting = true;
    sync_in(h);
    let t0 = std::time::Instant::now();
    let old = h.space.take().expect("gc not initialised");
    let pre = old.used_bytes();
    // The to-space must hold everything in the from-space in the worst case.
    let want = old.mem.len().max(h.next_words);
    let mut to = match h.spare.take() {
        Some(mut sp) if sp.mem.len() >= want && sp.mem.len() <= want * 2 => {
            sp.top = 0;
            sp
        }
        _ => Space::new(want),
    };
    let from_start = old.start();
    let from_end = old.end();

    let mut ctx = Copier { from_start, from_end, to: &mut to };
    let root_slots = roots::visit_all(&mut |slot| ctx.forward(slot));
    // Cheney scan.
    let mut scan = 0usize;
    while scan < ctx.to.top {
        let p = unsafe { ctx.to.mem.as_mut_ptr().add(scan) };
        let hdr = unsafe { *p };
        let size = (hdr & 0xFFFF_FFFF) as usize;
        let kind = (hdr >> HDR_KIND_SHIFT) & 0xFF;
        if kind_is_traced(kind) {
            let words = size / 8;
            for i in 1..words {
                ctx.forward(unsafe { p.add(i) });
            }
        }
        scan += size / 8;
    }
    let live = to.used_bytes();
    let h = heap();
    h.spare = if h.stress > 0 { None } else { Some(old) };
    // Keep at least 3x the live size so copying cost stays proportional to
    // allocation, not to the number of collections.
    h.next_words = (live / 8 * 3).max(MIN_WORDS).max(request / 8 * 2);
    if to.mem.len() < h.next_words || to.mem.len() - to.top < request / 8 + 1 {
        let mut bigger = Space::new(h.next_words.max(to.top + request / 8 + 2));
        bigger.mem[..to.top].copy_from_slice(&to.mem[..to.top]);
        bigger.top = to.top;
        // Relocate: every pointer into `to` must move to `bigger`. Cheaper to
        // keep `to` when it already fits; otherwise do one more copy pass.
        relocate(&mut bigger, to.start(), to.end());
        h.space = Some(bigger);
    } else {
        h.space = Some(to);
    }
    let h = heap();
    h.collecting = false;
    sync_out(h);
    stats::record_collection(reason, pre, in_use(), root_slots, t0.elapsed());
}

/// After copying a space wholesale to a new address, rewrites every pointer
/// (in roots and in the cells) from the old range to the new one.
fn relocate(sp: &mut Space, old_start: usize, old_end: usize) {
    let delta = sp.start().wrapping_sub(old_start);
    let mut fix = |slot: *mut u64| unsafe {
        let v = *slot;
        let tag = v >> TAG_SHIFT;
        if is_heap_tag(tag) {
            let a = (v & PAYLOAD_MASK) as usize;
            if a >= old_start && a < old_end {
                *slot = (tag << TAG_SHIFT) | (a.wrapping_add(delta) as u64);
            }
        }
    };
    roots::visit_all(&mut fix);
    let mut scan = 0usize;
    while scan < sp.top {
        let p = unsafe { sp.mem.as_mut_ptr().add(scan) };
        let hdr = unsafe { *p };
        let size = (hdr & 0xFFFF_FFFF) as usize;
        let kind = (hdr >> HDR_KIND_SHIFT) & 0xFF;
        if kind_is_traced(kind) {
            for i in 1..size / 8 {
                fix(unsafe { p.add(i) });
            }
        }
        scan += size / 8;
    }
}

struct Copier<'a> {
    from_start: usize,
    from_end: usize,
    to: &'a mut Space,
}

impl Copier<'_> {
    #[inline]
    fn forward(&mut self, slot: *mut u64) {
        unsafe {
            let v = *slot;
            let tag = v >> TAG_SHIFT;
            if !is_heap_tag(tag) {
                return;
            }
            let a = (v & PAYLOAD_MASK) as usize;
            if a < self.from_start || a >= self.from_end {
                if a != 0 && !(a >= self.to.start() && a < self.to.end()) {
                    crate::fatal(&format!("pointer outside the heap: {v:#x} in slot {slot:p}"));
                }
                return;
            }
            let p = a as *mut u64;
            let hdr = *p;
            let new = if (hdr >> HDR_FLAGS_SHIFT) & FLAG_FORWARDED != 0 {
                *p.add(1) as usize
            } else {
                let size = (hdr & 0xFFFF_FFFF) as usize;
                if size < 16 || a + size > self.from_end {
                    crate::fatal(&format!("corrupt header {hdr:#x} at {p:p}"));
                }
                let words = size / 8;
                let dst = self.to.mem.as_mut_ptr().add(self.to.top);
                core::ptr::copy_nonoverlapping(p, dst, words);
                self.to.top += words;
                *p = hdr | (FLAG_FORWARDED << HDR_FLAGS_SHIFT);
                *p.add(1) = dst as u64;
                dst as usize
            };
            *slot = (tag << TAG_SHIFT) | new as u64;
        }
    }
}

/// Total bytes ever allocated.
pub fn allocated_total() -> u64 {
    heap().allocated_total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(tag: u64, p: *mut u64) -> u64 {
        (tag << TAG_SHIFT) | p as u64
    }

    /// One test owns the (global, single-threaded) heap: cells reachable from
    /// a registered root survive a collection at a new address with their
    /// contents, the root is updated, and unreachable cells are dropped.
    #[test]
    fn copying_collection_moves_and_updates_roots() {
        init();
        static mut ROOT: [u64; 2] = [0; 2];
        crate::roots::register_range("test-roots", &raw mut ROOT as *mut u64, 2);
        // A string "hi" and a box pointing at it; the box is rooted.
        let s = alloc(STR_DATA as usize + 4, KIND_STRING);
        unsafe {
            *(s.add(1) as *mut u32) = 2;
            *((s as *mut u8).add(STR_DATA as usize) as *mut u16) = b'h' as u16;
            *((s as *mut u8).add(STR_DATA as usize + 2) as *mut u16) = b'i' as u16;
        }
        let b = alloc(16, KIND_BOX);
        unsafe { *b.add(1) = tagged(TAG_STRING, s) };
        unsafe { ROOT[0] = tagged(TAG_OBJECT, b) };
        // A number in a root is left alone.
        unsafe { ROOT[1] = 2.5f64.to_bits() };
        for _ in 0..1000 {
            alloc(64, KIND_VALARRAY);
        }
        let before = in_use();
        collect(0, "test");
        let after = in_use();
        assert!(after < before, "garbage was not reclaimed: {before} -> {after}");
        let nb = unsafe { ROOT[0] };
        assert_eq!(nb >> TAG_SHIFT, TAG_OBJECT);
        assert_ne!(nb & PAYLOAD_MASK, b as u64, "the box did not move");
        let nbp = (nb & PAYLOAD_MASK) as *const u64;
        let ns = unsafe { *nbp.add(1) };
        assert_eq!(ns >> TAG_SHIFT, TAG_STRING);
        let nsp = (ns & PAYLOAD_MASK) as *const u8;
        let units = unsafe { core::slice::from_raw_parts(nsp.add(STR_DATA as usize) as *const u16, 2) };
        assert_eq!(units, &[b'h' as u16, b'i' as u16]);
        assert_eq!(unsafe { ROOT[1] }, 2.5f64.to_bits());
        assert!(heap_contains(nbp as usize));
        assert!(stats::rss_bytes() > 0);
    }
}
