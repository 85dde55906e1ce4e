//! The nursery: an eden that every small allocation bumps through, and two
//! survivor spaces. A minor collection copies eden's and the from-survivor's
//! live cells into the to-survivor (or promotes them to the old generation
//! once they reach the promotion age, or when the to-survivor is full); then
//! eden is empty again and the survivor spaces swap roles.
//!
//! Compiled code allocates inline: it reads `PERRY_HEAP_TOP`, adds the size,
//! compares with `PERRY_HEAP_END` and calls the runtime only when eden is
//! full. The collector reads the top back before it looks at eden
//! ([`Nursery::sync_in`]) and publishes it after ([`Nursery::sync_out`]).
//!
//! # Eden adapts
//!
//! `plan::EdenSizer` sizes eden as V8 sizes its young generation: after 8 minor collections in
//! a row that copied or promoted less than 2% of eden it halves, down to an eighth of the
//! reserved eden (2 MiB); one that copied more than 10% doubles it. A small eden keeps the
//! allocation front and the old generation's hot cells in the last-level cache while objects
//! die young (allocation churn runs about 20% faster at 2 MiB than at 16 MiB); a large one
//! gives objects time to die when many survive (binary-trees). Every cell of at most 8 KiB is
//! born here; the age lives in two header flag bits (`PERRY_GC_PROMOTE_AGE`, default 2).
//!
//! # Poisoning under stress
//!
//! Under `PERRY_GC_STRESS` or `PERRY_GC_VERIFY` a collection fills the
//! cells it vacated (eden's and the from-survivor's) with [`POISON`], and
//! eden's next allocations continue after them instead of starting over
//! (until less than half of eden is left). A young cell the runtime held
//! unrooted across a collection then still points at poison when it is next
//! used or stored: the collector stops at it ("corrupt nursery header
//! 0xdeadbeef00000000"), the verifier names its slot, and a read of one of
//! its fields is a number no program makes. Without poisoning, the next
//! allocations reuse the vacated bytes at once and the stale pointer names a
//! live cell of another kind, or the middle of one, far from the bug.

/// Eden's bump pointer and end (absolute addresses), shared with compiled
/// code. Under `PERRY_GC_STRESS` the end equals the top, so every inline
/// allocation takes the runtime's path and counts.
#[unsafe(no_mangle)]
pub static mut PERRY_HEAP_TOP: u64 = 0;
#[unsafe(no_mangle)]
pub static mut PERRY_HEAP_END: u64 = 0;

/// The word vacated nursery cells are filled with under stress: a header of
/// size 0 (every cell is at least 16 bytes), and as a value a double.
pub const POISON: u64 = 0xDEAD_BEEF_0000_0000;

pub struct Nursery {
    pub start: usize,
    /// Where eden's cells begin: `start`, except under poisoning, where a
    /// collection leaves the poisoned cells below it.
    pub eden_base: usize,
    /// Whether collections poison what they vacate (stress or verify).
    pub poison: bool,
    /// End of the eden in use: the plan resizes it between `start` and
    /// `eden_max_end` after each minor collection ([`Nursery::resize_eden`]).
    pub eden_end: usize,
    pub eden_max_end: usize,
    pub eden_top: usize,
    /// The two survivor spaces `[start, end)`.
    pub surv: [(usize, usize); 2],
    /// Index of the survivor space holding the current survivors.
    pub from: usize,
    /// Top of the current survivors in `surv[from]`.
    pub surv_top: usize,
    /// Total size (eden and both survivor spaces).
    pub size: usize,
}

impl Nursery {
    /// Lays out eden (`eden` bytes) and two survivor spaces of `surv` bytes
    /// from `start`.
    pub fn new(start: usize, eden: usize, surv: usize) -> Nursery {
        let s0 = start + eden;
        let s1 = s0 + surv;
        Nursery {
            start,
            eden_base: start,
            poison: false,
            eden_end: s0,
            eden_max_end: s0,
            eden_top: start,
            surv: [(s0, s1), (s1, s1 + surv)],
            from: 0,
            surv_top: s0,
            size: eden + 2 * surv,
        }
    }

    pub fn sync_in(&mut self) {
        // SAFETY: a plain read of the allocation pointer compiled code
        // bumps, on the JS thread.
        let top = unsafe { PERRY_HEAP_TOP } as usize;
        if top != 0 {
            self.eden_top = top;
        }
    }

    pub fn sync_out(&self, stress: bool) {
        // SAFETY: plain writes of the allocation window compiled code reads,
        // on the JS thread.
        unsafe {
            PERRY_HEAP_TOP = self.eden_top as u64;
            PERRY_HEAP_END = if stress { self.eden_top as u64 } else { self.eden_end as u64 };
        }
    }

    /// Bytes allocated in eden plus the current survivors.
    pub fn in_use(&self) -> usize {
        self.eden_used() + (self.surv_top - self.surv[self.from].0)
    }

    /// Bytes allocated in eden since the last collection.
    pub fn eden_used(&self) -> usize {
        self.eden_top - self.eden_base
    }

    /// Bump-allocates `size` bytes in eden, or `None` when eden is full.
    #[inline]
    pub fn bump(&mut self, size: usize) -> Option<*mut u64> {
        if self.eden_end - self.eden_top < size {
            return None;
        }
        let p = self.eden_top;
        self.eden_top += size;
        Some(p as *mut u64)
    }

    /// Bytes of eden in use.
    pub fn eden_capacity(&self) -> usize {
        self.eden_end - self.start
    }

    /// Sets the eden in use to `bytes` (whole pages, at most the reserved
    /// eden). Only while eden is empty, between a collection and the next
    /// allocation.
    pub fn resize_eden(&mut self, bytes: usize) {
        if self.eden_top != self.start {
            // Poisoning left eden's allocations past its start.
            return;
        }
        let max = self.eden_max_end - self.start;
        self.eden_end = self.start + bytes.next_multiple_of(crate::vm::PAGE).clamp(crate::vm::PAGE, max);
    }

    /// After a collection emptied eden and left `top` as the survivors' top
    /// in the space that was the to-space.
    pub fn flip(&mut self, to_top: usize) {
        self.poison_survivors();
        self.from ^= 1;
        self.surv_top = to_top;
        self.empty_eden();
    }

    /// After a full collection, which promotes every live young cell.
    pub fn empty(&mut self) {
        self.poison_survivors();
        self.surv_top = self.surv[self.from].0;
        self.empty_eden();
    }

    fn poison_survivors(&self) {
        if self.poison {
            poison(self.surv[self.from].0, self.surv_top);
        }
    }

    fn empty_eden(&mut self) {
        if self.poison {
            poison(self.eden_base, self.eden_top);
            if self.eden_end - self.eden_top >= (self.eden_end - self.start) / 2 {
                self.eden_base = self.eden_top;
                return;
            }
        }
        self.eden_base = self.start;
        self.eden_top = self.start;
    }

    /// Gives the unused pages of eden and of both survivor spaces back to
    /// the OS (at quiescence after a full collection, when the nursery is
    /// nearly empty). Returns the bytes released.
    pub fn release_free(&self) -> usize {
        let page = crate::vm::PAGE;
        let mut released = 0;
        let mut free = |from: usize, to: usize| {
            let a = from.next_multiple_of(page);
            if to > a {
                crate::vm::release(a, to - a);
                released += to - a;
            }
        };
        free(self.eden_top, self.eden_max_end);
        let (s, e) = self.surv[self.from];
        free(self.surv_top.max(s), e);
        let (s, e) = self.surv[self.from ^ 1];
        free(s, e);
        released
    }

    /// Calls `f` on each cell of the current survivors (for the verifier).
    pub fn for_each_survivor(&self, f: &mut dyn FnMut(*mut u64)) {
        let mut p = self.surv[self.from].0;
        while p < self.surv_top {
            f(p as *mut u64);
            // SAFETY: survivors are packed cells from the space's start to
            // `surv_top`; `p` is the start of one.
            let size = unsafe { *(p as *const u64) } & 0xFFFF_FFFF;
            if size < 16 {
                crate::fatal(&format!("corrupt survivor header at {p:#x}"));
            }
            p += size as usize;
        }
    }
}

/// Fills the vacated nursery bytes `[from, to)` with [`POISON`].
fn poison(from: usize, to: usize) {
    let mut p = from;
    while p < to {
        // SAFETY: `[from, to)` is nursery memory whose cells a collection
        // has just vacated (copied or found dead); nothing live points there.
        unsafe { *(p as *mut u64) = POISON };
        p += 8;
    }
}
