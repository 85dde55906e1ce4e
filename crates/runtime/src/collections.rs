//! Map and Set storage: insertion-ordered entries in a value array
//! (`[k0, v0, k1, v1, ...]`, deleted keys are HOLE) plus an open-addressing
//! index of entry numbers. Keys compare with SameValueZero.
//!
//! Layout after the ordinary object words:
//! `@32 entries | @40 live count | @48 used entries | @56 index`.

use crate::array::{va_alloc, va_capacity, va_get, va_set};
use crate::object;
use crate::ops;
use crate::string;
use crate::value::Value;

use perry_gc::HandleScope;

pub const ENTRIES: i32 = 32;
pub const COUNT: i32 = 40;
pub const USED: i32 = 48;
pub const INDEX: i32 = 56;
pub const EXTRA: u32 = 32;

/// A new empty Map (`kind` KIND_MAP) or Set (KIND_SET) with `proto`.
pub fn new_collection(kind: u64, proto: Value) -> Value {
    let m = object::alloc_object(kind, EXTRA, 0, proto);
    m.set_word(COUNT, 0);
    m.set_word(USED, 0);
    m.set_field(ENTRIES, Value::UNDEFINED);
    m.set_field(INDEX, Value::UNDEFINED);
    m
}

pub fn size(m: Value) -> usize {
    m.word(COUNT) as usize
}

pub fn used(m: Value) -> usize {
    m.word(USED) as usize
}

/// Entry `i` (key, value); the key is HOLE when deleted.
pub fn entry(m: Value, i: usize) -> (Value, Value) {
    let e = m.field(ENTRIES);
    (va_get(e, 2 * i), va_get(e, 2 * i + 1))
}

fn hash(k: Value) -> u64 {
    let h = if k.is_number() {
        let f = k.as_number();
        let f = if f == 0.0 { 0.0 } else { f };
        f.to_bits()
    } else if k.is_string() {
        string::hash_units(string::units(k))
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

fn find(m: Value, k: Value) -> Option<usize> {
    let ix = m.field(INDEX);
    if ix.is_undefined() {
        return None;
    }
    let cap = va_capacity(ix);
    let mut p = hash(k) as usize & (cap - 1);
    let e = m.field(ENTRIES);
    loop {
        let slot = va_get(ix, p).0;
        if slot == 0 {
            return None;
        }
        let i = (slot - 1) as usize;
        if ops::same_value_zero(va_get(e, 2 * i), k) {
            return Some(i);
        }
        p = (p + 1) & (cap - 1);
    }
}

pub fn get(m: Value, k: Value) -> Option<Value> {
    find(m, k).map(|i| va_get(m.field(ENTRIES), 2 * i + 1))
}

pub fn has(m: Value, k: Value) -> bool {
    find(m, k).is_some()
}

/// Rebuilds entries (dropping deleted ones) and the index with room for `want` entries.
fn rebuild(m: Value, want: usize) -> Value {
    let scope = HandleScope::new();
    let hm = scope.root(m.0);
    let cap = want.max(4).next_power_of_two();
    // Weak collections keep their pairs in an ephemeron table, which the
    // collector clears when a key dies.
    let weak = matches!(m.kind(), perry_abi::KIND_WEAKMAP | perry_abi::KIND_WEAKSET);
    let ne = crate::array::va_alloc_kind(cap * 2, if weak { perry_abi::KIND_EPHEMERONS } else { perry_abi::KIND_VALARRAY });
    let hne = scope.root(ne.0);
    let ni = va_alloc(cap * 2);
    let m = Value(hm.get());
    let ne = Value(hne.get());
    for j in 0..cap * 2 {
        va_set(ni, j, Value(0));
    }
    let old = m.field(ENTRIES);
    let mut n = 0;
    for i in 0..used(m) {
        let k = va_get(old, 2 * i);
        if k == Value::HOLE {
            continue;
        }
        va_set(ne, 2 * n, k);
        va_set(ne, 2 * n + 1, va_get(old, 2 * i + 1));
        let mut p = hash(k) as usize & (cap * 2 - 1);
        while va_get(ni, p).0 != 0 {
            p = (p + 1) & (cap * 2 - 1);
        }
        va_set(ni, p, Value(n as u64 + 1));
        n += 1;
    }
    m.set_field(ENTRIES, ne);
    m.set_field(INDEX, ni);
    m.set_word(USED, n as u64);
    m.set_word(COUNT, n as u64);
    m
}

/// Sets `k` to `v` (Map.prototype.set / Set.prototype.add).
pub fn set(m: Value, k: Value, v: Value) {
    let k = if k.is_number() && k.as_number() == 0.0 { Value::num(0.0) } else { k };
    if let Some(i) = find(m, k) {
        va_set(m.field(ENTRIES), 2 * i + 1, v);
        return;
    }
    let scope = HandleScope::new();
    let hk = scope.root(k.0);
    let hv = scope.root(v.0);
    let mut m = m;
    let e = m.field(ENTRIES);
    if e.is_undefined() || used(m) * 2 >= va_capacity(e) {
        m = rebuild(m, (size(m) + 1) * 2);
    }
    let (k, v) = (Value(hk.get()), Value(hv.get()));
    let i = used(m);
    let e = m.field(ENTRIES);
    va_set(e, 2 * i, k);
    va_set(e, 2 * i + 1, v);
    let ix = m.field(INDEX);
    let cap = va_capacity(ix);
    let mut p = hash(k) as usize & (cap - 1);
    while va_get(ix, p).0 != 0 {
        p = (p + 1) & (cap - 1);
    }
    va_set(ix, p, Value(i as u64 + 1));
    m.set_word(USED, i as u64 + 1);
    m.set_word(COUNT, m.word(COUNT) + 1);
}

pub fn delete(m: Value, k: Value) -> bool {
    match find(m, k) {
        Some(i) => {
            let e = m.field(ENTRIES);
            va_set(e, 2 * i, Value::HOLE);
            va_set(e, 2 * i + 1, Value::UNDEFINED);
            m.set_word(COUNT, m.word(COUNT) - 1);
            true
        }
        None => false,
    }
}

pub fn clear(m: Value) {
    let e = m.field(ENTRIES);
    if !e.is_undefined() {
        for i in 0..used(m) {
            va_set(e, 2 * i, Value::HOLE);
            va_set(e, 2 * i + 1, Value::UNDEFINED);
        }
    }
    m.set_word(COUNT, 0);
}

/// The identity hash of a cell, assigned on first use (cells allocated by
/// compiled code start with none).
fn identity_hash(k: Value) -> u64 {
    let h = k.identity_hash();
    if h != 0 {
        return h;
    }
    static NEXT: perry_gc::JsCell<u64> = perry_gc::JsCell::new(0x2545);
    let n = unsafe { NEXT.get() };
    *n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let h = ((*n >> 33) & 0xFFFF).max(1);
    unsafe { *k.ptr() |= h << perry_abi::HDR_HASH_SHIFT };
    h
}
