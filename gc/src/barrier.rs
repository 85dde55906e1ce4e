//! The write barrier and the card table.
//!
//! A minor collection must find every old-to-young pointer without scanning
//! the old space. Every store of a value into a heap cell therefore runs the
//! barrier: when the stored value points into the nursery, the byte of the
//! card (256 bytes of heap, `CARD_SHIFT`) holding the slot is set. A minor collection scans
//! only dirty cards, clears them, and re-dirties those whose slots still point
//! at young cells (survivors that were not promoted).
//!
//! The filter is one subtract and one unsigned compare on the stored value:
//! its payload minus `PERRY_NURSERY_START` below `PERRY_NURSERY_SIZE`. It does
//! not test the tag: a double whose low 48 bits happen to fall in the nursery
//! only dirties a card, which the scan then finds clean. Compiled code inlines
//! the same filter (see `perry_abi::SYM_CARD_BIAS`); Rust code stores with
//! [`store`], which runs [`write`] (the runtime's stores go through
//! `CellRef::set_word`).
//!
//! A card that turns dirty is also appended to the *card log*, so a minor
//! collection visits exactly the dirty cards: its cost does not grow with the
//! old generation. The card byte is the log's duplicate filter (a card is
//! logged when it goes from clean to dirty). Stores into young cells are not
//! recorded (their slot is in the nursery).

use perry_abi::{CARD_SHIFT, PAYLOAD_MASK};

/// First address of the nursery (eden and both survivor spaces).
#[unsafe(no_mangle)]
pub static mut PERRY_NURSERY_START: u64 = 0;
/// Size of the nursery in bytes; 0 until the heap is set up, so nothing is
/// young and the barrier records nothing.
#[unsafe(no_mangle)]
pub static mut PERRY_NURSERY_SIZE: u64 = 0;
/// Address of the card table minus `heap_base >> CARD_SHIFT`: the card of a
/// slot at address `s` is the byte at `PERRY_CARD_BIAS + (s >> CARD_SHIFT)`.
#[unsafe(no_mangle)]
pub static mut PERRY_CARD_BIAS: u64 = 0;

pub const CARD: usize = 1 << CARD_SHIFT;

/// Whether `addr` (an untagged address) lies in the nursery.
#[inline(always)]
pub fn is_young(addr: u64) -> bool {
    // SAFETY: plain reads of statics written only while setting up the heap.
    unsafe { addr.wrapping_sub(PERRY_NURSERY_START) < PERRY_NURSERY_SIZE }
}

/// The barrier: `slot` (inside a heap cell) now holds `v`.
#[inline(always)]
pub fn write(slot: *mut u64, v: u64) {
    if is_young(v & PAYLOAD_MASK) && !is_young(slot as u64) {
        dirty(slot as usize);
    }
}

/// Stores `v` into `slot` (inside a heap cell) and runs the barrier: the one
/// way Rust code writes a value into the heap.
///
/// # Safety
/// `slot` is a word of a live heap cell.
#[inline(always)]
pub unsafe fn store(slot: *mut u64, v: u64) {
    // SAFETY: a word of a live heap cell (the caller's contract).
    unsafe { *slot = v };
    write(slot, v);
}

/// Dirties the card holding `addr` (an old-generation address) and logs it
/// when it was clean.
#[inline(always)]
pub fn dirty(addr: usize) {
    let c = card_of(addr);
    // SAFETY: `addr` is inside the heap reservation, which the card table
    // covers entirely.
    unsafe {
        if *c == 0 {
            *c = 1;
            log_card(c);
        }
    }
}

static CARD_LOG: crate::JsCell<Vec<*mut u8>> = crate::JsCell::new(Vec::new());

#[cold]
fn log_card(c: *mut u8) {
    // SAFETY: single JS thread.
    unsafe { CARD_LOG.get() }.push(c);
}

/// Takes the logged dirty cards (each appears once per clean-to-dirty
/// transition; a card may have been cleaned since).
pub fn take_log() -> Vec<*mut u8> {
    // SAFETY: single JS thread; the borrow ends here.
    core::mem::take(unsafe { CARD_LOG.get() })
}

/// Cleans every logged card (after a full collection: nothing is young).
pub fn clear_logged() {
    for c in take_log() {
        // SAFETY: a logged card byte of the card table.
        unsafe { *c = 0 };
    }
}

/// The write barrier's slow path for compiled code: the stored value is
/// young; dirty and log the slot's card unless the slot itself is young.
/// Allocates nothing and never collects, so it needs no exit trampoline.
#[unsafe(no_mangle)]
pub extern "C" fn perry_card_dirty(slot: u64) -> u64 {
    if !is_young(slot) {
        dirty(slot as usize);
    }
    0
}

/// The card byte of `addr`.
#[inline(always)]
pub fn card_of(addr: usize) -> *mut u8 {
    // SAFETY: a plain read of a static written only while setting up the
    // heap; the result is only an address (reading it is the caller's).
    unsafe { (PERRY_CARD_BIAS as usize).wrapping_add(addr >> CARD_SHIFT) as *mut u8 }
}

/// The first heap address a card byte covers.
#[inline(always)]
pub fn card_addr(c: *mut u8) -> usize {
    // SAFETY: as in `card_of`.
    ((c as usize).wrapping_sub(unsafe { PERRY_CARD_BIAS } as usize)) << CARD_SHIFT
}

/// Sets up the card table for the reservation `[base, base + len)` and the
/// nursery bounds the filter reads.
pub fn init(base: usize, len: usize, nursery_start: usize, nursery_size: usize) {
    let table = crate::vm::reserve(len >> CARD_SHIFT, crate::vm::PAGE);
    // SAFETY: written once while setting up the heap, before any compiled
    // code or barrier reads them, on the JS thread.
    unsafe {
        PERRY_CARD_BIAS = (table as u64).wrapping_sub((base >> CARD_SHIFT) as u64);
        PERRY_NURSERY_START = nursery_start as u64;
        PERRY_NURSERY_SIZE = nursery_size as u64;
        // Proxy values carry payloads inside the nursery's range, so the
        // filter logs their stores too (`perry_abi::PERRY_PROXY_BASE`).
        assert!(nursery_size as u64 >= perry_abi::PROXY_IDS);
        perry_abi::PERRY_PROXY_BASE = nursery_start as u64;
    }
}

/// Cleans the cards of `[start, start + len)`.
pub fn clear_cards(start: usize, len: usize) {
    let first = card_of(start);
    let last = card_of(start + len - 1);
    // SAFETY: both ends are cards of the reservation.
    unsafe { core::ptr::write_bytes(first, 0, last as usize - first as usize + 1) };
}

/// Gives the card bytes of `[start, start + len)` back to the OS (they read
/// as clean afterwards). Used when a run of heap blocks is released.
pub fn release_range(start: usize, len: usize) {
    let first = card_of(start) as usize;
    let end = card_of(start + len - 1) as usize + 1;
    let a = first.next_multiple_of(crate::vm::PAGE);
    let b = end & !(crate::vm::PAGE - 1);
    // SAFETY: all of `[first, end)` is card table.
    unsafe {
        if b > a {
            crate::vm::release(a, b - a);
            // The partial pages at both ends are cleared by hand.
            core::ptr::write_bytes(first as *mut u8, 0, a - first);
            core::ptr::write_bytes(b as *mut u8, 0, end - b);
        } else {
            core::ptr::write_bytes(first as *mut u8, 0, end - first);
        }
    }
}
