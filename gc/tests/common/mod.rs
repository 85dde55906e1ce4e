//! Helpers shared by the collector's integration tests: a small object
//! model of their own ([`TestVm`], a [`Binding`] with no runtime linked),
//! value arrays built by hand (header, raw length, slots) and a root table.
//!
//! The test object model:
//! - `KIND_STRING`, `KIND_BYTES`, `KIND_BUFFER_STORE`: raw data;
//! - `KIND_EPHEMERONS`, `KIND_WEAK_CELL`: the collector's weak primitives;
//! - [`KIND_PAIR`]: a custom kind `header | strong | weak`, whose weak word
//!   the binding clears in its weak processing;
//! - every other kind: a plain slot array;
//! - values tagged `TAG_PROXY` are external references: an index into
//!   [`externals`], a table of one value each, kept while reachable and
//!   swept at the end of a full trace.

#![allow(dead_code)]

use perry_abi::*;
use perry_gc::{Binding, FullRequest, JsCell, Scan, Tracer, WeakReport, WeakTracer, barrier, heap};

pub static ROOTS: JsCell<Vec<u64>> = JsCell::new(Vec::new());

pub fn roots() -> &'static mut Vec<u64> {
    // SAFETY: each test binary runs its collector tests on one thread, one
    // at a time; no borrow is kept across a call that takes another.
    unsafe { ROOTS.get() }
}

/// The custom kind of the test object model: `header | strong | weak`.
pub const KIND_PAIR: u64 = 40;

/// One external reference's entry.
pub struct External {
    pub value: u64,
    pub used: bool,
    pub marked: bool,
}

/// What the binding's hooks saw.
#[derive(Default, Debug)]
pub struct Counters {
    pub before_collection: u64,
    pub weak_calls: u64,
    pub weak_cleared: u64,
    pub end_of_trace: u64,
    pub externals_freed: u64,
    pub custom_scans: u64,
}

pub static EXTERNALS: JsCell<Vec<External>> = JsCell::new(Vec::new());
pub static COUNTERS: JsCell<Counters> =
    JsCell::new(Counters { before_collection: 0, weak_calls: 0, weak_cleared: 0, end_of_trace: 0, externals_freed: 0, custom_scans: 0 });
/// The binding's answer to `full_request`.
pub static REQUEST: JsCell<Option<FullRequest>> = JsCell::new(None);
/// Pairs the full collection in progress scanned.
static PAIRS: JsCell<Vec<*mut u64>> = JsCell::new(Vec::new());

pub fn externals() -> &'static mut Vec<External> {
    // SAFETY: as in `roots`.
    unsafe { EXTERNALS.get() }
}

pub fn counters() -> &'static mut Counters {
    // SAFETY: as in `roots`.
    unsafe { COUNTERS.get() }
}

pub fn request() -> &'static mut Option<FullRequest> {
    // SAFETY: as in `roots`.
    unsafe { REQUEST.get() }
}

fn pairs() -> &'static mut Vec<*mut u64> {
    // SAFETY: as in `roots`.
    unsafe { PAIRS.get() }
}

/// A new external reference holding `value`.
pub fn external(value: u64) -> u64 {
    let e = externals();
    e.push(External { value, used: true, marked: false });
    proxy_value((e.len() - 1) as u16)
}

fn ext_index(v: u64) -> usize {
    proxy_id(v).expect("an external reference") as usize
}

pub struct TestVm;

impl Binding for TestVm {
    fn scan_kind(kind: u64) -> Scan {
        match kind {
            KIND_STRING | KIND_BYTES | KIND_BUFFER_STORE => Scan::Data,
            KIND_EPHEMERONS => Scan::Ephemerons,
            KIND_WEAK_CELL => Scan::WeakCell,
            KIND_PAIR => Scan::Custom,
            _ => Scan::Slots,
        }
    }

    unsafe fn scan_object<T: Tracer>(cell: *mut u64, kind: u64, t: &mut T) {
        assert_eq!(kind, KIND_PAIR);
        counters().custom_scans += 1;
        pairs().push(cell);
        // SAFETY: a live pair (the caller's contract): word 1 is its strong slot.
        t.trace(unsafe { cell.add(1) });
    }

    fn is_external(v: u64) -> bool {
        v >> TAG_SHIFT == TAG_PROXY
    }

    fn trace_external<T: Tracer>(v: u64, t: &mut T) {
        let e = &mut externals()[ext_index(v)];
        assert!(e.used, "a freed external reference was reached");
        if !e.marked {
            e.marked = true;
            let slot = &mut e.value as *mut u64;
            t.trace(slot);
        }
    }

    fn external_is_marked(v: u64) -> bool {
        externals()[ext_index(v)].marked
    }

    fn check_external(v: u64) -> Result<(), &'static str> {
        if externals().get(ext_index(v)).is_some_and(|e| e.used) { Ok(()) } else { Err("external reference freed") }
    }

    fn minor_roots<V: FnMut(*mut u64)>(visit: &mut V) -> usize {
        let mut n = 0;
        for e in externals().iter_mut().filter(|e| e.used) {
            visit(&mut e.value as *mut u64);
            n += 1;
        }
        n
    }

    fn before_collection() {
        counters().before_collection += 1;
    }

    fn process_weak_refs<W: WeakTracer>(w: &mut W) -> WeakReport {
        counters().weak_calls += 1;
        let mut cleared = 0;
        for &p in pairs().iter() {
            // SAFETY: a pair scanned by this collection's mark: live, old.
            if unsafe { w.clear_if_dead(p.add(2)) } {
                cleared += 1;
            }
        }
        pairs().clear();
        counters().weak_cleared += cleared as u64;
        WeakReport { cleared, tables: String::new(), swept: String::new() }
    }

    fn end_of_trace() {
        counters().end_of_trace += 1;
        for e in externals().iter_mut().filter(|e| e.used) {
            if e.marked {
                e.marked = false;
            } else {
                e.used = false;
                e.value = UNDEFINED;
                counters().externals_freed += 1;
            }
        }
    }

    fn full_request() -> Option<FullRequest> {
        *request()
    }

    fn verify_slots<V: FnMut(*mut u64)>(check: &mut V) {
        for e in externals().iter_mut().filter(|e| e.used) {
            check(&mut e.value as *mut u64);
        }
    }
}

/// Sets up the heap (once per process) for [`TestVm`] with `ROOTS` as a
/// root source.
pub fn setup() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        heap::init::<TestVm>();
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
    // SAFETY: a fresh cell of `2 + n` words.
    unsafe {
        *p.add(1) = n as u64;
        for i in 0..n {
            *p.add(2 + i) = UNDEFINED;
        }
    }
    tagged(p)
}

/// A pair (`KIND_PAIR`) of `strong` and `weak`. Young: no barrier needed.
pub fn pair(strong: u64, weak: u64) -> u64 {
    let p = perry_gc::alloc(24, KIND_PAIR);
    // SAFETY: a fresh cell of 3 words.
    unsafe {
        *p.add(1) = strong;
        *p.add(2) = weak;
    }
    tagged(p)
}

/// Word `i` of cell `o` (1 is the first after the header).
pub fn word(o: u64, i: usize) -> u64 {
    // SAFETY: the tests read words of live cells they built.
    unsafe { *(addr(o) as *const u64).add(i) }
}

pub fn get(o: u64, i: usize) -> u64 {
    word(o, 2 + i)
}

/// Stores with the write barrier, as the runtime does.
pub fn set(o: u64, i: usize, v: u64) {
    // SAFETY: slot `i` of a live value array the test built.
    unsafe { barrier::store((addr(o) as *mut u64).add(2 + i), v) };
}

pub fn num(f: f64) -> u64 {
    f.to_bits()
}

pub fn is_young(v: u64) -> bool {
    barrier::is_young(addr(v) as u64)
}
