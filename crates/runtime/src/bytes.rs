//! Byte storage: ArrayBuffer and Uint8Array cells (layout in `perry-abi`:
//! `KIND_BUFFER_STORE`, `KIND_ARRAY_BUFFER`, `KIND_UINT8ARRAY`) and the
//! integer-indexed exotic behaviour of typed arrays (ECMAScript 10.4.5) the
//! object model calls. The constructors and methods are stdlib
//! `web/bytes.rs`.
//!
//! The bytes live in a `KIND_BUFFER_STORE` cell the collector copies but never
//! scans. Both the ArrayBuffer and every Uint8Array viewing it point at the
//! store, so an element access is a kind test, a bounds test and a load.
//!
//! Moving collector: a `&[u8]` borrowed from a store ([`store_bytes`],
//! [`bytes_of`]) is valid only until the next allocation; copy it
//! ([`bytes_of_vec`]) to keep it longer.

use crate::atoms::{self, Atom};
use crate::error::{self, JsResult};
use crate::object;
use crate::ops;
use crate::realm::{self, I};
use crate::string;
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

/// The largest ArrayBuffer: the header's 32-bit cell size less the store's
/// two words (V8 allows more; larger requests are a RangeError here).
pub const MAX_BYTES: usize = (u32::MAX as usize & !7) - STORE_DATA as usize;

// ---------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------

/// A zero-filled store of `len` bytes (the caller checked `len <= MAX_BYTES`).
pub fn alloc_store(len: usize) -> Value {
    if len > MAX_BYTES {
        error::fatal_oom("Array buffer allocation failed");
    }
    let p = perry_gc::alloc(STORE_DATA as usize + len, KIND_BUFFER_STORE);
    // SAFETY: a fresh, zeroed cell of at least 16 bytes; the length word is
    // raw data in a cell the collector never scans.
    unsafe { *p.add(1) = len as u64 };
    Value::from_cell(p)
}

/// A store holding a copy of `bytes` (which must not point into the heap).
pub fn store_from(bytes: &[u8]) -> Value {
    let s = alloc_store(bytes.len());
    store_bytes_mut(s).copy_from_slice(bytes);
    s
}

#[inline]
pub fn store_len(s: Value) -> usize {
    s.word(STORE_LEN) as usize
}

#[inline]
fn store_data(s: Value) -> *mut u8 {
    // SAFETY: the data starts at STORE_DATA in every store.
    unsafe { (s.ptr() as *mut u8).add(STORE_DATA as usize) }
}

/// The bytes of a store. Valid until the next allocation.
#[inline]
pub fn store_bytes<'a>(s: Value) -> &'a [u8] {
    // SAFETY: `store_len` bytes follow the length word.
    unsafe { core::slice::from_raw_parts(store_data(s), store_len(s)) }
}

/// The bytes of a store, writable. Valid until the next allocation.
#[inline]
pub fn store_bytes_mut<'a>(s: Value) -> &'a mut [u8] {
    // SAFETY: as `store_bytes`; one JS thread, no other borrow lives across
    // a call that takes this one.
    unsafe { core::slice::from_raw_parts_mut(store_data(s), store_len(s)) }
}

// ---------------------------------------------------------------------------
// ArrayBuffer and Uint8Array cells
// ---------------------------------------------------------------------------

#[inline]
pub fn is_array_buffer(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_ARRAY_BUFFER
}

#[inline]
pub fn is_uint8array(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_UINT8ARRAY
}

/// An ArrayBuffer object over `store` with prototype `proto`.
pub fn array_buffer_over(store: Value, proto: Value) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(store.0);
    let b = object::alloc_object(KIND_ARRAY_BUFFER, AB_EXTRA, 0, proto);
    b.set_field(AB_STORE, Value(hs.get()));
    b
}

/// A Uint8Array with prototype `proto` viewing `len` bytes of `store` from
/// `offset`; `buffer` is its ArrayBuffer or undefined (made when read).
pub fn uint8array_over(store: Value, buffer: Value, offset: usize, len: usize, proto: Value) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(store.0);
    let hb = scope.root(buffer.0);
    let u = object::alloc_object(KIND_UINT8ARRAY, TA_EXTRA, 0, proto);
    u.set_field(TA_STORE, Value(hs.get()));
    u.set_field(TA_BUFFER, Value(hb.get()));
    u.set_word(TA_OFFSET, offset as u64);
    u.set_word(TA_LENGTH, len as u64);
    u
}

/// A new %ArrayBuffer% holding a copy of `bytes` (not in the heap).
pub fn new_array_buffer(bytes: &[u8]) -> Value {
    let s = store_from(bytes);
    array_buffer_over(s, realm::get(I::ArrayBufferProto))
}

/// A new %Uint8Array% holding a copy of `bytes` (not in the heap).
pub fn new_uint8array(bytes: &[u8]) -> Value {
    let s = store_from(bytes);
    uint8array_over(s, Value::UNDEFINED, 0, bytes.len(), realm::get(I::Uint8ArrayProto))
}

/// A Uint8Array's element count.
#[inline]
pub fn ta_len(u: Value) -> usize {
    u.word(TA_LENGTH) as usize
}

#[inline]
pub fn ta_offset(u: Value) -> usize {
    u.word(TA_OFFSET) as usize
}

/// Element `i` (`i < ta_len(u)`).
#[inline]
pub fn ta_get(u: Value, i: usize) -> u8 {
    debug_assert!(i < ta_len(u));
    // SAFETY: offset + length lie inside the store (checked at creation).
    unsafe { *store_data(u.field(TA_STORE)).add(ta_offset(u) + i) }
}

/// Stores element `i` (`i < ta_len(u)`). Raw data: no barrier.
#[inline]
pub fn ta_put(u: Value, i: usize, b: u8) {
    debug_assert!(i < ta_len(u));
    // SAFETY: as `ta_get`; the store is never scanned.
    unsafe { *store_data(u.field(TA_STORE)).add(ta_offset(u) + i) = b }
}

/// The bytes a Uint8Array views. Valid until the next allocation.
#[inline]
pub fn ta_bytes<'a>(u: Value) -> &'a [u8] {
    &store_bytes(u.field(TA_STORE))[ta_offset(u)..ta_offset(u) + ta_len(u)]
}

/// The bytes a Uint8Array views, writable. Valid until the next allocation.
#[inline]
pub fn ta_bytes_mut<'a>(u: Value) -> &'a mut [u8] {
    let (o, n) = (ta_offset(u), ta_len(u));
    &mut store_bytes_mut(u.field(TA_STORE))[o..o + n]
}

/// An ArrayBuffer's byte length.
#[inline]
pub fn ab_len(b: Value) -> usize {
    store_len(b.field(AB_STORE))
}

/// A Uint8Array's `buffer`: its ArrayBuffer, made on first use.
pub fn ta_buffer(u: Value) -> Value {
    let b = u.field(TA_BUFFER);
    if !b.is_undefined() {
        return b;
    }
    let scope = HandleScope::new();
    let hu = scope.root(u.0);
    let b = array_buffer_over(u.field(TA_STORE), realm::get(I::ArrayBufferProto));
    Value(hu.get()).set_field(TA_BUFFER, b);
    b
}

/// The bytes of a Uint8Array or an ArrayBuffer (the view's window for a
/// Uint8Array), `None` for anything else.
///
/// The slice points into a heap cell the collector may move: it is valid
/// only until the next allocation (anything that may run JavaScript or
/// create a value). Use [`bytes_of_vec`] to keep the bytes.
#[inline]
pub fn bytes_of<'a>(v: Value) -> Option<&'a [u8]> {
    if is_uint8array(v) {
        Some(ta_bytes(v))
    } else if is_array_buffer(v) {
        Some(store_bytes(v.field(AB_STORE)))
    } else {
        None
    }
}

/// A copy of [`bytes_of`], safe to keep across allocations.
pub fn bytes_of_vec(v: Value) -> Option<Vec<u8>> {
    bytes_of(v).map(<[u8]>::to_vec)
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// ToUint8 (7.1.11) of a number.
#[inline]
pub fn to_uint8_f64(f: f64) -> u8 {
    if !f.is_finite() {
        return 0;
    }
    // `%` on doubles is exact: the integer modulo 2^8.
    let m = f.trunc() % 256.0;
    (if m < 0.0 { m + 256.0 } else { m }) as u8
}

/// ToUint8 (7.1.11): ToNumber, which may run code, then the modulo.
pub fn to_uint8(v: Value) -> JsResult<u8> {
    if v.is_number() {
        return Ok(to_uint8_f64(v.as_number()));
    }
    Ok(to_uint8_f64(ops::to_number(v)?))
}

// ---------------------------------------------------------------------------
// Integer-indexed exotic objects (10.4.5)
// ---------------------------------------------------------------------------

/// CanonicalNumericIndexString (7.1.21) of a property key: `None` when the
/// key is not numeric (an ordinary property), `Some(Some(i))` for an
/// integral index `i` that fits, `Some(None)` for a numeric key that names
/// no element whatever the length ("-1", "1.5", "-0", "NaN"...).
pub fn numeric_key(key: Atom) -> Option<Option<usize>> {
    if let Some(i) = atoms::array_index(key) {
        return Some(Some(i as usize));
    }
    let v = atoms::value(key);
    if !v.is_string() {
        return None;
    }
    let u = string::units(v);
    // Cheap rejection: every numeric string starts with a digit, '-', 'I'
    // (Infinity) or 'N' (NaN).
    match u.first() {
        Some(&c) if (b'0' as u16..=b'9' as u16).contains(&c) || c == b'-' as u16 || c == b'I' as u16 || c == b'N' as u16 => {}
        _ => return None,
    }
    if u == [b'-' as u16, b'0' as u16] {
        return Some(None);
    }
    let n = string::string_to_number(u);
    let back = string::number_to_rust(n);
    if back.encode_utf16().eq(u.iter().copied()) {
        // Numeric: an index only when a non-negative integer (and then
        // `array_index` already took it unless it is >= 2^32 - 1).
        if n >= 0.0 && n.fract() == 0.0 && n < 9007199254740992.0 {
            return Some(Some(n as usize));
        }
        return Some(None);
    }
    None
}

/// [[GetOwnProperty]] of an element: `Some(value)` when `key` is numeric
/// (undefined when out of range), `None` for an ordinary key.
#[inline]
pub fn element_get(u: Value, key: Atom) -> Option<Value> {
    let n = numeric_key(key)?;
    Some(match n {
        Some(i) if i < ta_len(u) => Value::int(ta_get(u, i) as i64),
        _ => Value::UNDEFINED,
    })
}

/// TypedArraySetElement (10.4.5.16): ToNumber first (it may run code and
/// collect), then the store if the index is valid. `i` is `None` for a
/// numeric key that names no element.
pub fn set_element(u: Value, i: Option<usize>, v: Value) -> JsResult<()> {
    let (u, b) = if v.is_number() {
        (u, to_uint8_f64(v.as_number()))
    } else {
        let scope = HandleScope::new();
        let hu = scope.root(u.0);
        let b = to_uint8(v)?;
        (Value(hu.get()), b)
    };
    if let Some(i) = i
        && i < ta_len(u)
    {
        ta_put(u, i, b);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_uint8_wraps() {
        assert_eq!(to_uint8_f64(300.0), 44);
        assert_eq!(to_uint8_f64(-1.0), 255);
        assert_eq!(to_uint8_f64(255.9), 255);
        assert_eq!(to_uint8_f64(-1.2), 255);
        assert_eq!(to_uint8_f64(256.0), 0);
        assert_eq!(to_uint8_f64(f64::NAN), 0);
        assert_eq!(to_uint8_f64(f64::INFINITY), 0);
        assert_eq!(to_uint8_f64(1e20), (1e20f64 % 256.0) as u8);
    }
}
