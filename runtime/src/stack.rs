//! The native stack's budget. Compiled prologues compare their frame pointer with
//! `abi::PERRY_STACK_LIMIT` (set at start-up from the thread's stack size, with a reserve kept
//! below it for the runtime); native code that recurses on the structure of a value (conversion,
//! cloning, proxy forwarding, JSON, inspection, equality) checks the same limit at each level
//! with [`check`], so deep nesting is the catchable `RangeError` deep JS recursion is, never a
//! stack overflow. Every native function called through the calling convention is checked on
//! entry (`function::native_call_impl`), so a recursion that goes through `function::call`
//! (Array.prototype.join calling `toString` of an element) is bounded without its own check.
//! One level of such a recursion must use less than the reserve (256 KiB at least).

use crate::error::{self, Exc};

/// Whether the native stack is past the limit compiled code stops at.
#[inline]
pub fn exhausted() -> bool {
    let here = 0u8;
    let addr = core::ptr::addr_of!(here) as u64;
    // SAFETY: a word written once by `init_stack_limit` before any JavaScript runs, read by
    // value on the JS thread.
    let limit = unsafe { core::ptr::addr_of!(crate::abi::PERRY_STACK_LIMIT).read() };
    addr < limit
}

/// `Err(RangeError)` when the native stack is past the limit (see the module doc).
#[inline]
pub fn check() -> Result<(), Exc> {
    if exhausted() { Err(overflow()) } else { Ok(()) }
}

/// Throws the `RangeError` of a stack overflow.
#[cold]
#[inline(never)]
pub fn overflow() -> Exc {
    error::range_error("Maximum call stack size exceeded")
}
