//! Virtual memory: one reservation for the whole heap, pages returned to the
//! OS with `madvise(MADV_DONTNEED)`.
//!
//! The heap is a single anonymous `MAP_NORESERVE` mapping: untouched pages
//! cost neither resident memory nor commit charge, so the reservation can be
//! as large as the heap limit. Every heap address lies inside it, which is
//! what lets the card table be one flat byte array indexed by address.

unsafe extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
}

const PROT_READ_WRITE: i32 = 0x1 | 0x2;
const MAP_PRIVATE: i32 = 0x02;
const MAP_ANONYMOUS: i32 = 0x20;
const MAP_NORESERVE: i32 = 0x4000;
const MADV_DONTNEED: i32 = 4;
const MADV_HUGEPAGE: i32 = 14;
const MADV_NOHUGEPAGE: i32 = 15;

/// The transparent huge page size on x86-64 and aarch64 (4 KiB base pages).
pub const HUGE: usize = 2 << 20;

pub const PAGE: usize = 4096;

/// Reserves `len` bytes aligned to `align` (a power of two); the memory reads
/// as zero until written.
pub fn reserve(len: usize, align: usize) -> usize {
    let total = len + align;
    // SAFETY: an anonymous private mapping; checked for MAP_FAILED below.
    let p = unsafe { mmap(core::ptr::null_mut(), total, PROT_READ_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) };
    if p as isize == -1 || p.is_null() {
        crate::fatal("out of memory: cannot reserve the heap's address range");
    }
    (p as usize).next_multiple_of(align)
}

/// Gives the pages of `[addr, addr + len)` back to the OS. They read as zero
/// afterwards. `addr` and `len` are page-aligned.
pub fn release(addr: usize, len: usize) {
    if len == 0 {
        return;
    }
    debug_assert!(addr.is_multiple_of(PAGE) && len.is_multiple_of(PAGE));
    // SAFETY: the range lies inside the heap reservation and holds no live
    // cell (the caller's invariant).
    unsafe { madvise(addr as *mut u8, len, MADV_DONTNEED) };
}

/// Asks for transparent huge pages on the whole 2 MiB pages inside
/// `[addr, addr + len)` (a large cell: a big Map's index or entries is
/// read at random, and with 4 KiB pages nearly every read would also miss
/// the TLB), or, with `on` false, withdraws the request (the blocks go back
/// to the block allocator, whose small blocks must not fault in 2 MiB).
/// Advisory: kernels without THP, or with it off, ignore it.
pub fn huge_pages(addr: usize, len: usize, on: bool) {
    let from = addr.next_multiple_of(HUGE);
    let to = (addr + len) & !(HUGE - 1);
    if to <= from {
        return;
    }
    // SAFETY: the range lies inside the heap reservation; the advice
    // changes no contents.
    unsafe { madvise(from as *mut u8, to - from, if on { MADV_HUGEPAGE } else { MADV_NOHUGEPAGE }) };
}
