//! Helpers shared by the collector's integration tests: value arrays built
//! by hand (header, raw length, slots) and a root table.

#![allow(dead_code)]

use perry_abi::*;
use perry_gc::{JsCell, barrier, heap};

pub static ROOTS: JsCell<Vec<u64>> = JsCell::new(Vec::new());

pub fn roots() -> &'static mut Vec<u64> {
    unsafe { ROOTS.get() }
}

/// Sets up the heap (once per process) with `ROOTS` as a root source.
pub fn setup() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        heap::init();
        perry_gc::roots::register_source("test-roots", |visit| {
            for v in roots().iter_mut() {
                visit(v as *mut u64);
            }
        });
    });
}

pub fn tagged(p: *mut u64) -> u64 {
    (TAG_OBJECT << TAG_SHIFT) | p as u64
}

pub fn addr(v: u64) -> usize {
    (v & PAYLOAD_MASK) as usize
}

/// A value array of `n` undefined slots, of `kind`.
pub fn array(n: usize, kind: u64) -> u64 {
    let p = perry_gc::alloc(VA_DATA as usize + n * 8, kind);
    unsafe {
        *p.add(1) = n as u64;
        for i in 0..n {
            *p.add(2 + i) = UNDEFINED;
        }
    }
    tagged(p)
}

pub fn get(o: u64, i: usize) -> u64 {
    unsafe { *(addr(o) as *const u64).add(2 + i) }
}

/// Stores with the write barrier, as the runtime does.
pub fn set(o: u64, i: usize, v: u64) {
    let slot = unsafe { (addr(o) as *mut u64).add(2 + i) };
    unsafe { *slot = v };
    barrier::write(slot, v);
}

pub fn num(f: f64) -> u64 {
    f.to_bits()
}

pub fn is_young(v: u64) -> bool {
    barrier::is_young(addr(v) as u64)
}
