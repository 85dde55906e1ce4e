//! Map and Set storage: insertion-ordered entries in a value array
//! (`[k0, v0, k1, v1, ...]`, deleted keys are HOLE) plus an open-addressing
//! index of entry numbers. Keys compare with SameValueZero.
//!
//! Layout after the ordinary object words:
//! `@32 entries | @40 live count | @48 used entries | @56 index`.
//!
//! The index is a raw byte cell (`KIND_BYTES`, never scanned by the
//! collector) of `u32` slots: 0 for empty, else entry number + 1 in the low
//! `log2(slots)` bits and the top bits of the key's hash above them (a probe
//! that meets another key's slot usually skips it without loading the
//! entry, a cache miss in a large map). It has a
//! power-of-two number of slots, at least twice the entries' capacity, so
//! probes stay short; entries grow by doubling when full (or are compacted
//! in place when at least half of them were deleted).
//!
//! # Iterating while the collection changes
//!
//! The spec's [[MapData]] is a list whose deleted entries stay as empty
//! markers, so an iterator's position survives deletions and `clear()`, and
//! entries added later are visited. Here a rebuild (growth or compaction)
//! moves entries: the old entries array then keeps a link to its successor
//! in its last pair (`link`), and a position `(entries array, index)` taken
//! before the rebuild is carried over by [`resume`] (the index becomes the
//! number of entries still live before it, as V8's obsolete-table
//! transition does). Iterators and `forEach` hold such positions.

use crate::array::{va_capacity, va_get, va_set};
use crate::object;
use crate::ops;
use crate::string;
use crate::value::Value;
use perry_abi::{KIND_BYTES, KIND_EPHEMERONS, KIND_VALARRAY, KIND_WEAKMAP, KIND_WEAKSET};

use perry_gc::HandleScope;

pub const ENTRIES: i32 = perry_abi::OBJ_INLINE;
pub const COUNT: i32 = perry_abi::OBJ_INLINE + 8;
pub const USED: i32 = perry_abi::OBJ_INLINE + 16;
pub const INDEX: i32 = perry_abi::OBJ_INLINE + 24;
pub const EXTRA: u32 = 32;

/// A new empty Map (`kind` KIND_MAP) or Set (KIND_SET) with `proto`.
pub fn new_collection(kind: u64, proto: Value) -> Value {
    let m = object::alloc_object(kind, EXTRA, 0, proto);
    m.cell().set_word(COUNT, 0);
    m.cell().set_word(USED, 0);
    m.cell().set_field(ENTRIES, Value::UNDEFINED);
    m.cell().set_field(INDEX, Value::UNDEFINED);
    m
}

pub fn size(m: Value) -> usize {
    m.cell().word(COUNT) as usize
}

pub fn used(m: Value) -> usize {
    m.cell().word(USED) as usize
}

/// Entry `i` (key, value); the key is HOLE when deleted.
pub fn entry(m: Value, i: usize) -> (Value, Value) {
    let e = m.cell().field(ENTRIES);
    (va_get(e, 2 * i), va_get(e, 2 * i + 1))
}

/// Entries an entries array has room for (its last pair is the link).
#[inline]
fn entry_cap(e: Value) -> usize {
    va_capacity(e) / 2 - 1
}

/// The entries array that replaced `e` in a rebuild, or UNDEFINED.
#[inline]
fn link(e: Value) -> Value {
    va_get(e, 2 * entry_cap(e))
}

/// The current entries array of `m` (UNDEFINED while it has none) and the
/// index in it of position `i` of entries array `at` (UNDEFINED: the
/// start), carried over every rebuild since the position was taken.
pub fn resume(m: Value, at: Value, i: usize) -> (Value, usize) {
    let cur = m.cell().field(ENTRIES);
    if at.is_undefined() || at == cur {
        return (cur, if at.is_undefined() { 0 } else { i });
    }
    let (mut e, mut i) = (at, i);
    while e != cur {
        let next = link(e);
        if next.is_undefined() {
            // Not a predecessor of the current array (cannot happen for
            // positions taken from `m`): start over.
            return (cur, 0);
        }
        i = (0..i).filter(|&j| va_get(e, 2 * j) != Value::HOLE).count();
        e = next;
    }
    (cur, i)
}

/// The first live entry at or after position `i` of entries array `at`
/// (see [`resume`]): its key, value, and the position after it
/// `(entries array, index)`; `None` at the end. Allocates nothing.
pub fn next_live(m: Value, at: Value, i: usize) -> Option<(Value, Value, Value, usize)> {
    let (e, mut i) = resume(m, at, i);
    if e.is_undefined() {
        return None;
    }
    while i < used(m) {
        let (k, v) = (va_get(e, 2 * i), va_get(e, 2 * i + 1));
        i += 1;
        if k != Value::HOLE {
            return Some((k, v, e, i));
        }
    }
    None
}

fn hash(k: Value) -> u64 {
    let h = if k.is_number() {
        let f = k.as_number();
        let f = if f == 0.0 { 0.0 } else { f };
        f.to_bits()
    } else if k.is_string() {
        string::hash(k)
    } else if k.is_bigint() {
        // BigInt keys are equal by value (SameValueZero).
        crate::bigint::hash(k)
    } else if k.is_cell() {
        identity_hash(k) ^ (k.kind() << 20)
    } else {
        k.0
    };
    // Mix the high bits down: doubles of small integers differ only there.
    let h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    let h = (h ^ (h >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Slots of an index cell.
#[inline]
fn ix_cap(ix: Value) -> usize {
    (ix.cell().cell_size() - 8) / 4
}

#[inline]
fn ix_get(ix: Value, p: usize) -> u32 {
    // SAFETY: `p < ix_cap(ix)`; the cell is raw bytes.
    unsafe { *((ix.ptr() as *const u8).add(8 + 4 * p) as *const u32) }
}

#[inline]
fn ix_set(ix: Value, p: usize, v: u32) {
    // SAFETY: as in `ix_get`; raw bytes need no write barrier.
    unsafe { *((ix.ptr() as *mut u8).add(8 + 4 * p) as *mut u32) = v }
}

/// An index slot for entry `i` of a key with hash `h` in an index of
/// `slots` slots: the entry number + 1 below bit `log2(slots)`, hash bits above.
#[inline]
fn ix_slot(h: u64, i: usize, slots: usize) -> u32 {
    let eb = slots.trailing_zeros();
    let tag = if eb >= 32 { 0 } else { h >> (32 + eb) };
    ((tag << eb) | (i as u64 + 1)) as u32
}

fn find(m: Value, k: Value) -> Option<usize> {
    let ix = m.cell().field(INDEX);
    if ix.is_undefined() {
        return None;
    }
    let slots = ix_cap(ix);
    let mask = slots - 1;
    let h = hash(k);
    let eb = slots.trailing_zeros();
    let want = if eb >= 32 { 0 } else { h >> (32 + eb) };
    let emask = (1u64 << eb.min(32)) - 1;
    let mut p = h as usize & mask;
    let e = m.cell().field(ENTRIES);
    loop {
        let slot = ix_get(ix, p) as u64;
        if slot == 0 {
            return None;
        }
        if slot >> eb.min(32) == want {
            let i = ((slot & emask) - 1) as usize;
            if ops::same_value_zero(va_get(e, 2 * i), k) {
                return Some(i);
            }
        }
        p = (p + 1) & mask;
    }
}

pub fn get(m: Value, k: Value) -> Option<Value> {
    find(m, k).map(|i| va_get(m.cell().field(ENTRIES), 2 * i + 1))
}

pub fn has(m: Value, k: Value) -> bool {
    find(m, k).is_some()
}

fn is_weak(m: Value) -> bool {
    matches!(m.kind(), KIND_WEAKMAP | KIND_WEAKSET)
}

/// Rebuilds entries (dropping deleted ones) with room for `ecap` entries,
/// and the index.
fn rebuild(m: Value, ecap: usize) -> Value {
    let scope = HandleScope::new();
    let hm = scope.root(m.0);
    // Weak collections keep their pairs in an ephemeron table, which the
    // collector clears when a key dies.
    let kind = if is_weak(m) { KIND_EPHEMERONS } else { KIND_VALARRAY };
    // One pair more: the link to the next rebuild's array.
    let ne = crate::array::va_alloc_kind(ecap * 2 + 2, kind);
    let hne = scope.root(ne.0);
    let slots = (ecap * 2).next_power_of_two();
    let ni = Value::from_cell(perry_gc::alloc(8 + 4 * slots, KIND_BYTES));
    let m = Value(hm.get());
    let ne = Value(hne.get());
    let mask = slots - 1;
    let old = m.cell().field(ENTRIES);
    let mut n = 0;
    for i in 0..used(m) {
        let k = va_get(old, 2 * i);
        if k == Value::HOLE {
            continue;
        }
        va_set(ne, 2 * n, k);
        va_set(ne, 2 * n + 1, va_get(old, 2 * i + 1));
        let h = hash(k);
        let mut p = h as usize & mask;
        while ix_get(ni, p) != 0 {
            p = (p + 1) & mask;
        }
        ix_set(ni, p, ix_slot(h, n, slots));
        n += 1;
    }
    if !old.is_undefined() && !is_weak(m) {
        // Positions in the old array resume in the new one (weak
        // collections are not iterable, and their pairs are ephemerons).
        va_set(old, 2 * entry_cap(old), ne);
    }
    m.cell().set_field(ENTRIES, ne);
    m.cell().set_field(INDEX, ni);
    m.cell().set_word(USED, n as u64);
    m.cell().set_word(COUNT, n as u64);
    m
}

/// Entries in use that are not deleted (for weak collections, whose dead
/// pairs the collector clears without updating the count).
fn live_entries(m: Value) -> usize {
    if !is_weak(m) {
        return size(m);
    }
    let e = m.cell().field(ENTRIES);
    (0..used(m)).filter(|&i| va_get(e, 2 * i) != Value::HOLE).count()
}

/// A key as Map.prototype.set and Set.prototype.add store it: -0 becomes +0.
pub fn normalize_key(k: Value) -> Value {
    if k.is_number() && k.as_number() == 0.0 { Value::num(0.0) } else { k }
}

/// Sets `k` to `v` (Map.prototype.set / Set.prototype.add).
pub fn set(m: Value, k: Value, v: Value) {
    let k = normalize_key(k);
    if let Some(i) = find(m, k) {
        va_set(m.cell().field(ENTRIES), 2 * i + 1, v);
        return;
    }
    let scope = HandleScope::new();
    let hk = scope.root(k.0);
    let hv = scope.root(v.0);
    let mut m = m;
    let e = m.cell().field(ENTRIES);
    if e.is_undefined() {
        m = rebuild(m, 4);
    } else if used(m) >= entry_cap(e) {
        // Full: compact in place when at least half was deleted, else double.
        let ecap = entry_cap(e);
        let live = live_entries(m);
        m = rebuild(m, if live * 2 <= ecap { ecap } else { ecap * 2 });
    }
    let (k, v) = (Value(hk.get()), Value(hv.get()));
    let i = used(m);
    let e = m.cell().field(ENTRIES);
    va_set(e, 2 * i, k);
    va_set(e, 2 * i + 1, v);
    let ix = m.cell().field(INDEX);
    let mask = ix_cap(ix) - 1;
    let h = hash(k);
    let mut p = h as usize & mask;
    while ix_get(ix, p) != 0 {
        p = (p + 1) & mask;
    }
    ix_set(ix, p, ix_slot(h, i, mask + 1));
    m.cell().set_word(USED, i as u64 + 1);
    m.cell().set_word(COUNT, m.cell().word(COUNT) + 1);
}

pub fn delete(m: Value, k: Value) -> bool {
    match find(m, k) {
        Some(i) => {
            let e = m.cell().field(ENTRIES);
            va_set(e, 2 * i, Value::HOLE);
            va_set(e, 2 * i + 1, Value::UNDEFINED);
            m.cell().set_word(COUNT, m.cell().word(COUNT) - 1);
            true
        }
        None => false,
    }
}

pub fn clear(m: Value) {
    let e = m.cell().field(ENTRIES);
    if !e.is_undefined() {
        for i in 0..used(m) {
            va_set(e, 2 * i, Value::HOLE);
            va_set(e, 2 * i + 1, Value::UNDEFINED);
        }
    }
    m.cell().set_word(COUNT, 0);
}

/// The identity hash of a cell, assigned on first use (cells allocated by
/// compiled code start with none).
fn identity_hash(k: Value) -> u64 {
    let h = k.cell().identity_hash();
    if h != 0 {
        return h;
    }
    static NEXT: perry_gc::JsCell<u64> = perry_gc::JsCell::new(0x2545);
    // SAFETY: the counter is touched by the JS thread only, and the borrow `n` ends before
    // anything else could reach `NEXT` (no call follows while it is live).
    let n = unsafe { NEXT.get() };
    *n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let h = ((*n >> 33) & 0xFFFF).max(1);
    // SAFETY: `k` is a cell (the `.cell()` above tested its tag) and `k.ptr()` its header word;
    // the hash bits are header bits, not a value, so no write barrier, and the one JS thread makes
    // the read-modify-write race-free.
    unsafe { *k.ptr() |= h << perry_abi::HDR_HASH_SHIFT };
    h
}
