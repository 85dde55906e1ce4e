//! Byte storage: ArrayBuffer, typed-array and DataView cells (layout in
//! `perry-abi`: `KIND_BUFFER_STORE`, `KIND_ARRAY_BUFFER`, `KIND_TYPED_ARRAY`,
//! `KIND_DATA_VIEW`), the element types and their conversions, and the
//! integer-indexed exotic behaviour of typed arrays (ECMAScript 10.4.5) the
//! object model calls. The constructors and methods are stdlib
//! `typed_array.rs`, `array_buffer.rs` and `data_view.rs`.
//!
//! The bytes live in a `KIND_BUFFER_STORE` cell the collector copies but never
//! scans. The ArrayBuffer and every view of it point at the store, so an
//! element access is a kind test, a bounds test and a load. A resizable
//! buffer's store is allocated with its maximum length and resizing changes
//! only the store's length word; detaching sets `STORE_DETACHED` in it, so
//! every view sees both at once.
//!
//! Moving collector: a `&[u8]` borrowed from a store ([`store_bytes`],
//! [`bytes_of`]) is valid only until the next allocation; copy it
//! ([`bytes_of_vec`]) to keep it longer.
//!
//! # Stores, views and elements
//!
//! A store is `header | byte length (raw) | bytes`, an internal kind the collector copies and
//! promotes like any cell but never scans (`kind_is_traced` is false, and the full mark skips
//! every untraced kind), so data that looks like a pointer stays data. Stores of at most 8 KiB
//! are young; larger ones are born old. Three object kinds view stores: `KIND_ARRAY_BUFFER`
//! (`AB_STORE`, and `AB_MAX`: 0, or the maximum length plus one for a resizable buffer),
//! `KIND_TYPED_ARRAY` and `KIND_DATA_VIEW` (both `TA_STORE`, `TA_BUFFER`, `TA_OFFSET`,
//! `TA_LENGTH`, `TA_TYPE`). Every typed array is one kind: `TA_TYPE` holds the element type
//! ([`Ty`]: Int8 ... Float64, BigInt64, BigUint64) and the `TA_TRACKING` bit of a
//! length-tracking view. A typed array's ArrayBuffer object is made only when `buffer` is first
//! read (or a `subarray` shares it).
//!
//! `resize` only rewrites the store's length word (zeroing what it cuts off); `transfer`
//! (ES2024, the only way to detach, which test262's `$262.detachArrayBuffer` uses) copies the
//! bytes to a new store and sets `STORE_DETACHED` in the old one's length word. Every view
//! reads its window from the store each time ([`view_window`]: `None` when detached or out of
//! bounds, as IsTypedArrayOutOfBounds), so no view needs to be found or updated. `ta_len` is
//! the current length (0 out of bounds); methods validate with `view_window` first and read
//! elements through a bounds-checked get, since a callback may shrink the buffer under them.
//!
//! Compiled `a[i]` stays inline for arrays (and fixed-length Float64Array, Int32Array and
//! Uint8Array views); anything else reaches `perry_get_index`/`perry_set_index`, whose
//! `get_value_key` / `set_value_key` test arrays first, then strings, then typed arrays
//! (`Ty::encode` converts: ToInt8 ... ToUint8Clamp, f32 rounding; `Ty::to_element` does
//! ToNumber or, for the two BigInt types, ToBigInt modulo 2^64, before any index check, as
//! TypedArraySetElement). Stores into a byte store are raw data and take no write barrier.
//!
//! **BigInt elements allocate on read:** `ta_get` of a BigInt64/BigUint64 array makes a new
//! BigInt cell, so a caller holding other raw values across it must root them. The searches
//! (`includes`, `indexOf`), `join`, `sort`'s default order and printing read the element bits
//! (`ta_get_bits`) instead and allocate nothing per element. A typed array of one content type
//! never takes elements from one of the other (construction, `set`, a species constructor: V8's
//! TypeError "Cannot mix BigInt and other types"); between BigInt64 and BigUint64 the bytes are
//! copied as they are.

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
// Element types
// ---------------------------------------------------------------------------

/// A typed array's element type (Table 71). BigInt64 and BigUint64 have the
/// content type BigInt: their elements read as BigInt cells and store
/// ToBigInt64/ToBigUint64 of a BigInt.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Ty {
    Int8,
    Uint8,
    Uint8Clamped,
    Int16,
    Uint16,
    Int32,
    Uint32,
    Float32,
    Float64,
    BigInt64,
    BigUint64,
}

const _: () = assert!(
    matches!(TYPES[TA_TY_UINT8 as usize], Ty::Uint8)
        && matches!(TYPES[TA_TY_INT32 as usize], Ty::Int32)
        && matches!(TYPES[TA_TY_FLOAT64 as usize], Ty::Float64)
);

/// Every element type, indexed by its number.
pub const TYPES: [Ty; 11] =
    [Ty::Int8, Ty::Uint8, Ty::Uint8Clamped, Ty::Int16, Ty::Uint16, Ty::Int32, Ty::Uint32, Ty::Float32, Ty::Float64, Ty::BigInt64, Ty::BigUint64];

impl Ty {
    /// The element size in bytes.
    #[inline]
    pub const fn size(self) -> usize {
        match self {
            Ty::Int8 | Ty::Uint8 | Ty::Uint8Clamped => 1,
            Ty::Int16 | Ty::Uint16 => 2,
            Ty::Int32 | Ty::Uint32 | Ty::Float32 => 4,
            Ty::Float64 | Ty::BigInt64 | Ty::BigUint64 => 8,
        }
    }

    /// The constructor's name.
    pub const fn name(self) -> &'static str {
        match self {
            Ty::Int8 => "Int8Array",
            Ty::Uint8 => "Uint8Array",
            Ty::Uint8Clamped => "Uint8ClampedArray",
            Ty::Int16 => "Int16Array",
            Ty::Uint16 => "Uint16Array",
            Ty::Int32 => "Int32Array",
            Ty::Uint32 => "Uint32Array",
            Ty::Float32 => "Float32Array",
            Ty::Float64 => "Float64Array",
            Ty::BigInt64 => "BigInt64Array",
            Ty::BigUint64 => "BigUint64Array",
        }
    }

    /// Whether the content type is BigInt (IsBigIntElementType).
    #[inline]
    pub const fn is_bigint(self) -> bool {
        matches!(self, Ty::BigInt64 | Ty::BigUint64)
    }

    /// The type a `TA_TYPE` word names.
    #[inline]
    pub fn from_raw(raw: u64) -> Ty {
        TYPES[(raw & 0xff) as usize]
    }

    /// The element stored for the number `f` (ToInt8 ... ToUint8Clamp,
    /// Float32 rounding), written little-endian into `out[..size]`. A
    /// BigInt type never stores a Number: it gets the integer part, modulo
    /// 2^64, only so that this never fails.
    #[inline]
    pub fn encode(self, f: f64, out: &mut [u8]) {
        match self {
            Ty::Int8 | Ty::Uint8 => out[0] = modulo_u32(f) as u8,
            Ty::Uint8Clamped => out[0] = to_uint8_clamp(f),
            Ty::Int16 | Ty::Uint16 => out[..2].copy_from_slice(&(modulo_u32(f) as u16).to_le_bytes()),
            Ty::Int32 | Ty::Uint32 => out[..4].copy_from_slice(&modulo_u32(f).to_le_bytes()),
            Ty::Float32 => out[..4].copy_from_slice(&(f as f32).to_le_bytes()),
            Ty::Float64 => out[..8].copy_from_slice(&f.to_le_bytes()),
            Ty::BigInt64 | Ty::BigUint64 => out[..8].copy_from_slice(&(f as i64).to_le_bytes()),
        }
    }

    /// The number stored little-endian in `b[..size]` (for a BigInt type,
    /// the nearest double: the element itself is [`ta_get`]'s BigInt).
    #[inline]
    pub fn decode(self, b: &[u8]) -> f64 {
        match self {
            Ty::Int8 => b[0] as i8 as f64,
            Ty::Uint8 | Ty::Uint8Clamped => b[0] as f64,
            Ty::Int16 => i16::from_le_bytes([b[0], b[1]]) as f64,
            Ty::Uint16 => u16::from_le_bytes([b[0], b[1]]) as f64,
            Ty::Int32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Ty::Uint32 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Ty::Float32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            Ty::Float64 => f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            Ty::BigInt64 => i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]) as f64,
            Ty::BigUint64 => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]) as f64,
        }
    }

    /// The BigInt stored little-endian in `b[..8]` of a BigInt type
    /// (allocates).
    pub fn decode_bigint(self, b: &[u8]) -> Value {
        let bits = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        crate::bigint::from_bits(bits, self == Ty::BigInt64)
    }

    /// The element bytes (little-endian, `size` of them) for `v`: ToNumber
    /// then the conversion of [`Ty::encode`], or for a BigInt type ToBigInt
    /// then its value modulo 2^64 (ToBigInt64/ToBigUint64). The conversion
    /// may run code and collect: the caller roots what it keeps.
    pub fn to_element(self, v: Value) -> JsResult<[u8; 8]> {
        let mut e = [0u8; 8];
        if self.is_bigint() {
            let b = if v.is_bigint() { v } else { crate::bigint::to_bigint(v)? };
            e = crate::bigint::to_u64_wrapping(b).to_le_bytes();
        } else {
            let f = if v.is_number() { v.as_number() } else { ops::to_number(v)? };
            self.encode(f, &mut e);
        }
        Ok(e)
    }
}

/// The integer modulo 2^32 of a number (the common step of ToInt8 ...
/// ToUint32, 7.1.6-7.1.11): NaN and the infinities give 0.
#[inline]
pub fn modulo_u32(f: f64) -> u32 {
    if !f.is_finite() {
        return 0;
    }
    // `%` on doubles is exact.
    let m = f.trunc() % 4294967296.0;
    (if m < 0.0 { m + 4294967296.0 } else { m }) as u32
}

/// ToUint8Clamp (7.1.12): clamped to [0, 255], ties to even.
#[inline]
pub fn to_uint8_clamp(f: f64) -> u8 {
    if f.is_nan() || f <= 0.0 {
        0
    } else if f >= 255.0 {
        255
    } else {
        f.round_ties_even() as u8
    }
}

/// ToUint8 (7.1.11) of a number.
#[inline]
pub fn to_uint8_f64(f: f64) -> u8 {
    modulo_u32(f) as u8
}

/// ToUint8 (7.1.11): ToNumber, which may run code, then the modulo.
pub fn to_uint8(v: Value) -> JsResult<u8> {
    if v.is_number() {
        return Ok(to_uint8_f64(v.as_number()));
    }
    Ok(to_uint8_f64(ops::to_number(v)?))
}

// ---------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------

/// A zero-filled store of `len` bytes (the caller checked `len <= MAX_BYTES`).
pub fn alloc_store(len: usize) -> Value {
    alloc_store_cap(len, len)
}

/// A zero-filled store of `len` bytes with room for `cap` (a resizable
/// buffer's maximum length; `len <= cap <= MAX_BYTES`).
pub fn alloc_store_cap(len: usize, cap: usize) -> Value {
    if cap > MAX_BYTES {
        error::fatal_oom("Array buffer allocation failed");
    }
    let p = perry_gc::alloc(STORE_DATA as usize + cap, KIND_BUFFER_STORE);
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

/// A store's current byte length (0 once detached).
#[inline]
pub fn store_len(s: Value) -> usize {
    (s.cell().word(STORE_LEN) & !STORE_DETACHED) as usize
}

#[inline]
pub fn store_detached(s: Value) -> bool {
    s.cell().word(STORE_LEN) & STORE_DETACHED != 0
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
// ArrayBuffer cells
// ---------------------------------------------------------------------------

#[inline]
pub fn is_array_buffer(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_ARRAY_BUFFER
}

/// An ArrayBuffer object over `store` with prototype `proto`; `max` is the
/// maximum byte length of a resizable buffer (the store's capacity).
pub fn array_buffer_over(store: Value, max: Option<usize>, proto: Value) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(store.0);
    let b = object::alloc_object(KIND_ARRAY_BUFFER, AB_EXTRA, 0, proto);
    b.cell().set_field(AB_STORE, Value(hs.get()));
    b.cell().set_word(AB_MAX, max.map_or(0, |m| m as u64 + 1));
    b
}

/// A new %ArrayBuffer% holding a copy of `bytes` (not in the heap).
pub fn new_array_buffer(bytes: &[u8]) -> Value {
    let s = store_from(bytes);
    array_buffer_over(s, None, realm::get(I::ArrayBufferProto))
}

/// An ArrayBuffer's byte length (0 once detached).
#[inline]
pub fn ab_len(b: Value) -> usize {
    store_len(b.cell().field(AB_STORE))
}

#[inline]
pub fn ab_detached(b: Value) -> bool {
    store_detached(b.cell().field(AB_STORE))
}

/// A resizable buffer's maximum byte length; `None` for a fixed-length one.
#[inline]
pub fn ab_max(b: Value) -> Option<usize> {
    match b.cell().word(AB_MAX) {
        0 => None,
        m => Some(m as usize - 1),
    }
}

/// DetachArrayBuffer (25.1.3.5): the store keeps no bytes for anyone.
pub fn detach(b: Value) {
    let s = b.cell().field(AB_STORE);
    // SAFETY: the length word of a store; raw data, no barrier.
    unsafe { *s.ptr().add(1) = STORE_DETACHED };
}

/// Changes a resizable buffer's length (`n <= ab_max(b)`); bytes past the
/// new length read as zero when it grows again.
pub fn resize(b: Value, n: usize) {
    let s = b.cell().field(AB_STORE);
    let old = store_len(s);
    if n < old {
        // SAFETY: the store's capacity is at least `old` bytes.
        unsafe { core::ptr::write_bytes(store_data(s).add(n), 0, old - n) };
    }
    // SAFETY: as `detach`.
    unsafe { *s.ptr().add(1) = n as u64 };
}

// ---------------------------------------------------------------------------
// Views: typed arrays and DataViews
// ---------------------------------------------------------------------------

#[inline]
pub fn is_typed_array(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_TYPED_ARRAY
}

/// A Uint8Array (what the Web code asks for by name).
#[inline]
pub fn is_uint8array(v: Value) -> bool {
    is_typed_array(v) && v.cell().word(TA_TYPE) & 0xff == Ty::Uint8 as u64
}

#[inline]
pub fn is_data_view(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_DATA_VIEW
}

/// A typed array or a DataView.
#[inline]
pub fn is_view(v: Value) -> bool {
    v.is_cell() && (v.kind() == KIND_TYPED_ARRAY || v.kind() == KIND_DATA_VIEW)
}

/// A view (`kind` typed array or DataView) of `store` from byte `offset`:
/// `len` elements, or `None` to track the (resizable) buffer's length;
/// `buffer` is its ArrayBuffer or undefined (made when read).
#[allow(clippy::too_many_arguments)]
fn view_over(kind: u64, ty: u64, store: Value, buffer: Value, offset: usize, len: Option<usize>, proto: Value) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(store.0);
    let hb = scope.root(buffer.0);
    let u = object::alloc_object(kind, TA_EXTRA, 0, proto);
    u.cell().set_field(TA_STORE, Value(hs.get()));
    u.cell().set_field(TA_BUFFER, Value(hb.get()));
    u.cell().set_word(TA_OFFSET, offset as u64);
    u.cell().set_word(TA_LENGTH, len.unwrap_or(0) as u64);
    u.cell().set_word(TA_TYPE, ty | if len.is_none() { TA_TRACKING } else { 0 });
    u
}

/// A typed array of `ty` with prototype `proto` viewing `len` elements of
/// `store` from byte `offset` (`None`: length-tracking).
pub fn typed_array_over(ty: Ty, store: Value, buffer: Value, offset: usize, len: Option<usize>, proto: Value) -> Value {
    view_over(KIND_TYPED_ARRAY, ty as u64, store, buffer, offset, len, proto)
}

/// A DataView viewing `len` bytes of `buffer` from `offset` (`None`:
/// length-tracking).
pub fn data_view_over(buffer: Value, offset: usize, len: Option<usize>, proto: Value) -> Value {
    view_over(KIND_DATA_VIEW, 0, buffer.cell().field(AB_STORE), buffer, offset, len, proto)
}

/// A Uint8Array with prototype `proto` viewing `len` bytes of `store` from
/// `offset`.
pub fn uint8array_over(store: Value, buffer: Value, offset: usize, len: usize, proto: Value) -> Value {
    typed_array_over(Ty::Uint8, store, buffer, offset, Some(len), proto)
}

/// A new %Uint8Array% holding a copy of `bytes` (not in the heap).
pub fn new_uint8array(bytes: &[u8]) -> Value {
    let s = store_from(bytes);
    uint8array_over(s, Value::UNDEFINED, 0, bytes.len(), realm::get(I::Uint8ArrayProto))
}

/// A typed array's element type.
#[inline]
pub fn ta_type(u: Value) -> Ty {
    Ty::from_raw(u.cell().word(TA_TYPE))
}

/// Whether a view tracks its buffer's length.
#[inline]
pub fn view_tracking(v: Value) -> bool {
    v.cell().word(TA_TYPE) & TA_TRACKING != 0
}

/// The byte window `(offset, byte length)` of a typed array or DataView,
/// `None` when its buffer is detached or the view is out of bounds
/// (IsTypedArrayOutOfBounds 10.4.5.12, IsViewOutOfBounds 25.3.1.3).
#[inline]
pub fn view_window(v: Value) -> Option<(usize, usize)> {
    let raw = v.cell().field(TA_STORE).cell().word(STORE_LEN);
    if raw & STORE_DETACHED != 0 {
        return None;
    }
    let buf_len = raw as usize;
    let off = v.cell().word(TA_OFFSET) as usize;
    let t = v.cell().word(TA_TYPE);
    let size = if v.kind() == KIND_TYPED_ARRAY { Ty::from_raw(t).size() } else { 1 };
    if t & TA_TRACKING != 0 {
        if off > buf_len {
            return None;
        }
        Some((off, (buf_len - off) / size * size))
    } else {
        let n = v.cell().word(TA_LENGTH) as usize * size;
        if off + n > buf_len { None } else { Some((off, n)) }
    }
}

/// Whether a view is out of bounds or its buffer detached.
#[inline]
pub fn view_out_of_bounds(v: Value) -> bool {
    view_window(v).is_none()
}

/// A typed array's element count now (TypedArrayLength; 0 when out of bounds).
#[inline]
pub fn ta_len(u: Value) -> usize {
    match view_window(u) {
        Some((_, n)) => n / ta_type(u).size(),
        None => 0,
    }
}

/// A view's byte offset as created.
#[inline]
pub fn ta_offset(u: Value) -> usize {
    u.cell().word(TA_OFFSET) as usize
}

/// Element `i` as a number (`i < ta_len(u)`).
#[inline]
pub fn ta_get_num(u: Value, i: usize) -> f64 {
    debug_assert!(i < ta_len(u));
    let ty = ta_type(u);
    let n = ty.size();
    // SAFETY: the element lies inside the store (`i < ta_len(u)`).
    let b = unsafe { core::slice::from_raw_parts(store_data(u.cell().field(TA_STORE)).add(ta_offset(u) + i * n), n) };
    ty.decode(b)
}

/// The bytes of element `i` (`i < ta_len(u)`). Valid until the next allocation.
#[inline]
pub fn ta_elem<'a>(u: Value, i: usize) -> &'a [u8] {
    debug_assert!(i < ta_len(u));
    let n = ta_type(u).size();
    // SAFETY: the element lies inside the store (`i < ta_len(u)`).
    unsafe { core::slice::from_raw_parts(store_data(u.cell().field(TA_STORE)).add(ta_offset(u) + i * n), n) }
}

/// The 64 bits of element `i` of a BigInt64/BigUint64 array (`i < ta_len(u)`).
#[inline]
pub fn ta_get_bits(u: Value, i: usize) -> u64 {
    let b = ta_elem(u, i);
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// Element `i` as a value (`i < ta_len(u)`). For a BigInt type this
/// allocates a BigInt: the caller roots what it holds across it.
#[inline]
pub fn ta_get(u: Value, i: usize) -> Value {
    let ty = ta_type(u);
    if ty.is_bigint() {
        return crate::bigint::from_bits(ta_get_bits(u, i), ty == Ty::BigInt64);
    }
    Value::num(ta_get_num(u, i))
}

/// Stores the element bytes `e` (from [`Ty::to_element`] or another element
/// of the same type) as element `i` (`i < ta_len(u)`). Raw data: no barrier.
#[inline]
pub fn ta_put_elem(u: Value, i: usize, e: &[u8]) {
    debug_assert!(i < ta_len(u));
    let n = ta_type(u).size();
    // SAFETY: as `ta_elem`; the store is never scanned.
    let b = unsafe { core::slice::from_raw_parts_mut(store_data(u.cell().field(TA_STORE)).add(ta_offset(u) + i * n), n) };
    b.copy_from_slice(&e[..n]);
}

/// Stores the number `f` as element `i` (`i < ta_len(u)`), converted to the
/// element type (a Number type: a BigInt type stores bits). Raw data: no barrier.
#[inline]
pub fn ta_put(u: Value, i: usize, f: f64) {
    debug_assert!(i < ta_len(u));
    let ty = ta_type(u);
    let n = ty.size();
    // SAFETY: as `ta_get_num`; the store is never scanned.
    let b = unsafe { core::slice::from_raw_parts_mut(store_data(u.cell().field(TA_STORE)).add(ta_offset(u) + i * n), n) };
    ty.encode(f, b);
}

/// The bytes a view sees (empty when out of bounds). Valid until the next
/// allocation.
#[inline]
pub fn ta_bytes<'a>(u: Value) -> &'a [u8] {
    match view_window(u) {
        // SAFETY: the window lies inside the store.
        Some((o, n)) => unsafe { core::slice::from_raw_parts(store_data(u.cell().field(TA_STORE)).add(o), n) },
        None => &[],
    }
}

/// The bytes a view sees, writable. Valid until the next allocation.
#[inline]
pub fn ta_bytes_mut<'a>(u: Value) -> &'a mut [u8] {
    match view_window(u) {
        // SAFETY: as `ta_bytes`; one JS thread.
        Some((o, n)) => unsafe { core::slice::from_raw_parts_mut(store_data(u.cell().field(TA_STORE)).add(o), n) },
        None => &mut [],
    }
}

/// A view's `buffer`: its ArrayBuffer, made on first use.
pub fn ta_buffer(u: Value) -> Value {
    let b = u.cell().field(TA_BUFFER);
    if !b.is_undefined() {
        return b;
    }
    let scope = HandleScope::new();
    let hu = scope.root(u.0);
    let b = array_buffer_over(u.cell().field(TA_STORE), None, realm::get(I::ArrayBufferProto));
    Value(hu.get()).cell().set_field(TA_BUFFER, b);
    b
}

/// The bytes of a typed array, DataView or ArrayBuffer (a view's window),
/// `None` for anything else.
///
/// The slice points into a heap cell the collector may move: it is valid
/// only until the next allocation (anything that may run JavaScript or
/// create a value). Use [`bytes_of_vec`] to keep the bytes.
#[inline]
pub fn bytes_of<'a>(v: Value) -> Option<&'a [u8]> {
    if is_view(v) {
        Some(ta_bytes(v))
    } else if is_array_buffer(v) {
        Some(store_bytes(v.cell().field(AB_STORE)))
    } else {
        None
    }
}

/// A copy of [`bytes_of`], safe to keep across allocations.
pub fn bytes_of_vec(v: Value) -> Option<Vec<u8>> {
    bytes_of(v).map(<[u8]>::to_vec)
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
    let u = string::units16(v);
    let u: &[u16] = &u;
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
        Some(i) if i < ta_len(u) => ta_get(u, i),
        _ => Value::UNDEFINED,
    })
}

/// TypedArraySetElement (10.4.5.16): ToNumber, or ToBigInt for a BigInt
/// type, first (it may run code and collect, and runs even for an invalid
/// index), then the store if the index is valid. `i` is `None` for a
/// numeric key that names no element.
pub fn set_element(u: Value, i: Option<usize>, v: Value) -> JsResult<()> {
    let ty = ta_type(u);
    let (u, e) = if (v.is_number() && !ty.is_bigint()) || (v.is_bigint() && ty.is_bigint()) {
        // No code runs and nothing is allocated.
        (u, ty.to_element(v)?)
    } else {
        let scope = HandleScope::new();
        let hu = scope.root(u.0);
        let e = ty.to_element(v)?;
        (Value(hu.get()), e)
    };
    if let Some(i) = i
        && i < ta_len(u)
    {
        ta_put_elem(u, i, &e);
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

    #[test]
    fn conversions() {
        let enc = |t: Ty, f: f64| {
            let mut b = [0u8; 8];
            t.encode(f, &mut b);
            t.decode(&b)
        };
        assert_eq!(enc(Ty::Int8, 128.0), -128.0);
        assert_eq!(enc(Ty::Int8, -129.0), 127.0);
        assert_eq!(enc(Ty::Uint8Clamped, 2.5), 2.0);
        assert_eq!(enc(Ty::Uint8Clamped, 3.5), 4.0);
        assert_eq!(enc(Ty::Uint8Clamped, 300.0), 255.0);
        assert_eq!(enc(Ty::Uint8Clamped, -3.0), 0.0);
        assert_eq!(enc(Ty::Int16, 32768.0), -32768.0);
        assert_eq!(enc(Ty::Uint16, -1.0), 65535.0);
        assert_eq!(enc(Ty::Int32, 2147483648.0), -2147483648.0);
        assert_eq!(enc(Ty::Uint32, -1.0), 4294967295.0);
        assert_eq!(enc(Ty::Float32, 1.1), 1.1f32 as f64);
        assert_eq!(enc(Ty::Float64, 1.1), 1.1);
        assert!(enc(Ty::Float32, f64::NAN).is_nan());
    }
}
