//! Dictionary-mode objects: an object that had a property other than its
//! last deleted, or that grew past [`MAX_FAST_PROPERTIES`], keeps its
//! properties in a hash table of its own instead of in slots that a shared
//! shape lists. Its shape is its layout's dictionary shape
//! (`shape::dict_root`, no keys, `Shape::dict`), which inline caches never
//! cache, and its last inline slot holds the table: a value array
//!
//! `[used, live, icap, index x icap, (key, attrs, value) x icap / 2]`
//!
//! `used` entries have been appended (live or deleted), `live` are live;
//! `icap` (a power of two) index slots each hold 0 or 1 + an entry's number,
//! found by linear probing from the key's hash. Entries keep insertion
//! order, which is the order of own keys. A deleted entry's key becomes
//! [`DELETED`] and its value undefined; its index slot still points to it,
//! so probes pass over it. Adding to a full table makes a new one with the
//! live entries only. Keys, attributes and counts are raw numbers below 2^48,
//! which the collector reads as numbers. Nothing here runs JavaScript;
//! [`add`] and [`convert`] allocate.
//!
//! The object layer (`object.rs`) turns every slot operation of a dictionary
//! object into an entry operation: a "slot" of such an object is an entry's
//! number, stable until the table is rebuilt by an [`add`].

use crate::array;
use crate::atoms::Atom;
use crate::shape::{self, Shape};
use crate::value::Value;
use perry_gc::HandleScope;

/// An object past this many properties becomes a dictionary (V8 keeps at
/// most 128 fast properties added by keyed stores; a shape per key set of
/// a 100,000-key object would be quadratic).
pub const MAX_FAST_PROPERTIES: usize = 128;

const USED: usize = 0;
const LIVE: usize = 1;
const ICAP: usize = 2;
const INDEX: usize = 3;
const MIN_ICAP: usize = 8;

/// The key of a deleted entry (no atom is this large).
pub const DELETED: u64 = 1 << 40;

#[inline]
fn word(t: Value, i: usize) -> u64 {
    array::va_get(t, i).0
}

#[inline]
fn set_word(t: Value, i: usize, w: u64) {
    array::va_set(t, i, Value(w))
}

/// The byte offset in `o` of the slot holding the table of a dictionary
/// object of shape `sh`.
#[inline]
fn table_offset(sh: &Shape) -> i32 {
    sh.inline_start as i32 + 8 * (sh.inline_cap as i32 - 1)
}

/// The table of dictionary object `o`, whose shape is `sh`.
#[inline]
pub fn table(o: Value, sh: &Shape) -> Value {
    debug_assert!(sh.dict);
    o.cell().field(table_offset(sh))
}

#[inline]
fn entries_base(t: Value) -> usize {
    INDEX + word(t, ICAP) as usize
}

#[inline]
fn hash(key: Atom, icap: usize) -> usize {
    ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (icap - 1)
}

/// A table with room for `n` entries.
fn alloc_table(n: usize) -> Value {
    let icap = (2 * n).next_power_of_two().max(MIN_ICAP);
    let t = array::va_alloc(INDEX + icap + 3 * (icap / 2));
    set_word(t, USED, 0);
    set_word(t, LIVE, 0);
    set_word(t, ICAP, icap as u64);
    for i in 0..icap {
        set_word(t, INDEX + i, 0);
    }
    t
}

/// Appends an entry to `t`, which has room (no allocation).
fn push(t: Value, key: Atom, attrs: u8, v: Value) -> usize {
    let icap = word(t, ICAP) as usize;
    let e = word(t, USED) as usize;
    debug_assert!(e < icap / 2);
    let base = INDEX + icap + 3 * e;
    set_word(t, base, key as u64);
    set_word(t, base + 1, attrs as u64);
    array::va_set(t, base + 2, v);
    set_word(t, USED, e as u64 + 1);
    set_word(t, LIVE, word(t, LIVE) + 1);
    let mut h = hash(key, icap);
    while word(t, INDEX + h) != 0 {
        h = (h + 1) & (icap - 1);
    }
    set_word(t, INDEX + h, e as u64 + 1);
    e
}

/// The entry of `key` in `t` and its attributes.
pub fn find_in(t: Value, key: Atom) -> Option<(usize, u8)> {
    let icap = word(t, ICAP) as usize;
    let base = INDEX + icap;
    let mut h = hash(key, icap);
    loop {
        let s = word(t, INDEX + h);
        if s == 0 {
            return None;
        }
        let e = s as usize - 1;
        if word(t, base + 3 * e) == key as u64 {
            return Some((e, word(t, base + 3 * e + 1) as u8));
        }
        h = (h + 1) & (icap - 1);
    }
}

/// The entry of `key` in dictionary object `o` (shape `sh`).
#[inline]
pub fn find(o: Value, sh: &Shape, key: Atom) -> Option<(usize, u8)> {
    find_in(table(o, sh), key)
}

/// The address of entry `e`'s value word in dictionary object `o`.
#[inline]
pub fn value_addr(o: Value, sh: &Shape, e: usize) -> *mut u64 {
    let t = table(o, sh);
    let i = entries_base(t) + 3 * e + 2;
    // SAFETY: `t` is the object's table, a value array with `i` inside it
    // (entry `e` was appended, so `e < icap / 2`).
    unsafe { (t.ptr() as *mut u8).add(perry_abi::VA_DATA as usize + 8 * i) as *mut u64 }
}

/// Sets entry `e`'s attributes.
pub fn set_attrs(o: Value, sh: &Shape, e: usize, attrs: u8) {
    let t = table(o, sh);
    let i = entries_base(t) + 3 * e + 1;
    set_word(t, i, attrs as u64);
}

/// The live entries of dictionary object `o`, in insertion order: (entry, key, attributes).
pub fn entries(o: Value, sh: &Shape) -> Vec<(usize, Atom, u8)> {
    let t = table(o, sh);
    let base = entries_base(t);
    let used = word(t, USED) as usize;
    let mut out = Vec::with_capacity(word(t, LIVE) as usize);
    for e in 0..used {
        let k = word(t, base + 3 * e);
        if k != DELETED {
            out.push((e, k as Atom, word(t, base + 3 * e + 1) as u8));
        }
    }
    out
}

/// The number of live entries.
pub fn len(o: Value, sh: &Shape) -> usize {
    word(table(o, sh), LIVE) as usize
}

/// Deletes entry `e` (no allocation: the table shrinks at the next [`add`]
/// that finds it full).
pub fn remove(o: Value, sh: &Shape, e: usize) {
    let t = table(o, sh);
    let base = entries_base(t) + 3 * e;
    set_word(t, base, DELETED);
    set_word(t, base + 1, 0);
    array::va_set(t, base + 2, Value::UNDEFINED);
    set_word(t, LIVE, word(t, LIVE) - 1);
}

/// Adds a property (the key must not exist). May allocate: a full table is
/// replaced by one with the live entries and room to grow.
pub fn add(o: Value, key: Atom, v: Value, attrs: u8) {
    let sh = crate::object::shape_of(o);
    let t = table(o, sh);
    let icap = word(t, ICAP) as usize;
    if (word(t, USED) as usize) < icap / 2 {
        push(t, key, attrs, v);
        return;
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hv = scope.root(v.0);
    let live = word(t, LIVE) as usize;
    let nt = alloc_table(live + 1 + live / 2);
    let (o, t) = (Value(ho.get()), table(Value(ho.get()), sh));
    let base = entries_base(t);
    for e in 0..word(t, USED) as usize {
        let k = word(t, base + 3 * e);
        if k != DELETED {
            push(nt, k as Atom, word(t, base + 3 * e + 1) as u8, array::va_get(t, base + 3 * e + 2));
        }
    }
    push(nt, key, attrs, Value(hv.get()));
    o.cell().set_field(table_offset(sh), nt);
}

static MADE: perry_gc::JsCell<u64> = perry_gc::JsCell::new(0);

/// Objects made dictionaries so far (`[gc-step]`'s `dicts_made=`).
pub fn made() -> u64 {
    // SAFETY: a one-word read on the JS thread.
    unsafe { *MADE.get() }
}

/// Makes `o`, an object of the ordinary layout with a non-dictionary shape,
/// a dictionary object with the same properties in the same order. Allocates.
pub fn convert(o: Value) {
    let sh = crate::object::shape_of(o);
    debug_assert!(!sh.dict);
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let n = sh.len();
    let t = alloc_table(n + 1 + n / 2);
    let o = Value(ho.get());
    for (i, (&k, &a)) in sh.keys.iter().zip(sh.attrs.iter()).enumerate() {
        push(t, k, a, crate::object::slot_get(o, i));
    }
    // The inline slots keep nothing alive; the last one holds the table
    // (an overflow array there is dropped).
    for i in 0..sh.inline_cap as i32 {
        o.cell().set_field(sh.inline_start as i32 + 8 * i, Value::UNDEFINED);
    }
    // SAFETY: a one-word update on the JS thread.
    unsafe { *MADE.get() += 1 };
    let d = shape::dict_root(sh.inline_start, sh.inline_cap, sh.ctor);
    if sh.watched {
        crate::watch::reshaped(o, sh, d);
    }
    o.cell().set_word(perry_abi::OBJ_SHAPE, d as *const Shape as u64);
    o.cell().set_field(table_offset(d), t);
}

/// A table sweep (`crate::tables`) met dictionary object `o` of shape `sh`:
/// the atoms of its keys stay.
pub fn mark_keys(o: Value, sh: &Shape, epoch: u32, visit: &mut impl FnMut(*mut u64)) {
    // The collector may have moved the table and not yet updated the slot.
    let t = Value(perry_gc::collect::current(o.cell().field(table_offset(sh)).0));
    if !t.is_cell() || t.kind() != perry_abi::KIND_VALARRAY {
        return;
    }
    let base = INDEX + word(t, ICAP) as usize;
    for e in 0..word(t, USED) as usize {
        let k = word(t, base + 3 * e);
        if k != DELETED {
            crate::atoms::mark(k as Atom, epoch, visit);
        }
    }
}
