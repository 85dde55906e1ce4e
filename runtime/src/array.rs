//! Value arrays (raw backing stores) and JavaScript arrays: dense elements in
//! a value array, holes marked with HOLE, or, for an array too sparse for
//! that (`a[2 ** 31] = 1`), a hash table of its elements (`KIND_SPARSE_ARRAY`,
//! "Sparse elements" below). Every function here takes either kind unless it
//! says "dense"; [`len`] is the dense length (0 for a sparse array), [`length`]
//! the `length` of both.

use crate::error::{self, JsResult};
use crate::object;
use crate::realm::{self, I};
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

pub fn va_alloc(cap: usize) -> Value {
    va_alloc_kind(cap, KIND_VALARRAY)
}

/// A value array of `cap` undefineds with the value-array layout and `kind`
/// (`KIND_EPHEMERONS` for weak collections).
pub fn va_alloc_kind(cap: usize, kind: u64) -> Value {
    let p = perry_gc::alloc(VA_DATA as usize + cap * 8, kind);
    let v = Value::from_cell(p);
    v.cell().set_word(VA_LEN, cap as u64);
    for i in 0..cap {
        va_set(v, i, Value::UNDEFINED);
    }
    v
}

#[inline]
pub fn va_capacity(v: Value) -> usize {
    // SAFETY: `v` is a value array: the contract of the `va_*` functions,
    // whose callers pass a `va_alloc` result or the `ARR_ELEMS` word of an
    // array, which always holds one. Per-element path: no tag test.
    unsafe { v.cell_unchecked() }.word(VA_LEN) as usize
}

#[inline]
pub fn va_get(v: Value, i: usize) -> Value {
    // SAFETY: `v` is a value array, as in `va_capacity`; nothing allocates
    // before the read.
    unsafe { v.cell_unchecked() }.field(VA_DATA + (i as i32) * 8)
}

#[inline]
pub fn va_set(v: Value, i: usize, x: Value) {
    // SAFETY: `v` is a value array, as in `va_capacity`; the store runs the
    // write barrier.
    unsafe { v.cell_unchecked() }.set_field(VA_DATA + (i as i32) * 8, x)
}

/// The longest array kept dense when made or lengthened at once (`new
/// Array(n)`, `a.length = n`); longer ones are sparse.
pub const MAX_DENSE: usize = ARR_MAX_DENSE;
/// The largest `length` (2^32 - 1); array indices are below it.
pub const MAX_LENGTH: usize = u32::MAX as usize;
/// A store this many elements past the end of an array, to an index more
/// than four times its length, makes it sparse rather than fill the gap
/// with holes.
const SPARSE_GAP: usize = 1 << 16;
/// The most elements a sparse array holds (its table takes 16 bytes and
/// more per element); a store past that is a RangeError, as running out of
/// heap would be.
const MAX_SPARSE: usize = MAX_DENSE / 4;

/// A new array of length `len` filled with holes (or `fill`): dense (`len`
/// at most [`MAX_DENSE`]).
pub fn new_array_filled(len: usize, fill: Value) -> Value {
    new_array_in(len, fill, 0)
}

/// An array of `len` elements `fill` with room for `cap` named properties in its cell (the
/// index, input and groups of a RegExp match).
pub fn new_array_in(len: usize, fill: Value, cap: u32) -> Value {
    debug_assert!(len <= MAX_DENSE);
    let scope = HandleScope::new();
    let hf = scope.root(fill.0);
    let elems = va_alloc(len.max(4));
    let he = scope.root(elems.0);
    let a = object::alloc_object(KIND_ARRAY, (ARR_SIZE - OBJ_INLINE as u64) as u32, cap, realm::get(I::ArrayProto));
    a.cell().set_field(ARR_ELEMS, Value(he.get()));
    a.cell().set_word(ARR_LEN, len as u64);
    let f = Value(hf.get());
    let e = Value(he.get());
    for i in 0..len {
        va_set(e, i, f);
    }
    a
}

pub fn new_array(len: usize) -> Value {
    new_array_filled(len, Value::UNDEFINED)
}

/// An array holding `items` (the caller keeps them rooted or they are not heap values).
pub fn from_values(items: &[Value]) -> Value {
    let scope = HandleScope::new();
    let hs: Vec<_> = items.iter().map(|v| scope.root(v.0)).collect();
    let a = new_array(items.len());
    let e = a.cell().field(ARR_ELEMS);
    for (i, h) in hs.iter().enumerate() {
        va_set(e, i, Value(h.get()));
    }
    a
}

/// The dense length: the `length` of a dense array, 0 for a sparse one
/// (whose table is never read as elements, see `KIND_SPARSE_ARRAY`).
#[inline]
pub fn len(a: Value) -> usize {
    // SAFETY: `a` is an array (`KIND_ARRAY` or `KIND_SPARSE_ARRAY`, one
    // layout): the contract of this module's functions, whose callers test
    // `is_array`/`is_array_exotic` or made the array. Hot path of every
    // indexed access: no second tag test.
    unsafe { a.cell_unchecked() }.word(ARR_LEN) as usize
}

/// The array's `length`, dense or sparse.
#[inline]
pub fn length(a: Value) -> usize {
    if is_sparse(a) { sp_word(table(a), SP_LEN) } else { len(a) }
}

/// Whether the array is in sparse mode.
#[inline]
pub fn is_sparse(a: Value) -> bool {
    // SAFETY: `a` is an array, as in `len`.
    unsafe { a.cell_unchecked() }.kind() == KIND_SPARSE_ARRAY
}

/// Element `i`, or HOLE when the array has none.
#[inline]
pub fn get_index(a: Value, i: usize) -> Value {
    if i < len(a) {
        // SAFETY: `a` is an array, as in `len`.
        va_get(unsafe { a.cell_unchecked() }.field(ARR_ELEMS), i)
    } else if is_sparse(a) {
        sparse_get(a, i)
    } else {
        Value::HOLE
    }
}

/// Whether a hole of array `a` is absent from its whole prototype chain, without running code:
/// the chain is %Array.prototype% with no elements, then %Object.prototype% with no index-keyed
/// property (an array's index keys are always elements, never in its shape). Lets a read of a
/// hole skip interning its index (`new Array(1e6).join()` reads a million holes). The answer
/// for %Object.prototype% is cached per shape of it.
pub fn holes_absent(a: Value) -> bool {
    static CACHE: perry_gc::JsCell<(u64, bool)> = perry_gc::JsCell::new((0, false));
    let ap = crate::realm::get(crate::realm::I::ArrayProto);
    if object::proto_of(a) != ap || !ap.is_array() || len(ap) != 0 {
        return false;
    }
    let op = object::proto_of(ap);
    if op != crate::realm::get(crate::realm::I::ObjectProto) || !object::proto_of(op).is_null() {
        return false;
    }
    let sh = object::shape_word(op);
    if object::shape_of(op).dict {
        // A dictionary's shape stays as its keys change: nothing to cache by.
        return !object::own_props(op).iter().any(|&(_, k, _)| crate::atoms::array_index(k).is_some());
    }
    // SAFETY: single JS thread; no reference to the cache outlives this function.
    let c = unsafe { CACHE.get() };
    if c.0 != sh {
        *c = (sh, !object::shape_of(op).keys.iter().any(|&k| crate::atoms::array_index(k).is_some()));
    }
    c.1
}

/// Element `i` as [[Get]] sees it: holes read through the prototype chain.
pub fn get(a: Value, i: usize) -> JsResult {
    let v = get_index(a, i);
    if v != Value::HOLE {
        return Ok(v);
    }
    if holes_absent(a) {
        return Ok(Value::UNDEFINED);
    }
    if object::proto_of(a).is_object() {
        // Interning the key may allocate: keep the array rooted.
        let scope = HandleScope::new();
        let ha = scope.root(a.0);
        let k = crate::atoms::intern(&i.to_string());
        let a = Value(ha.get());
        return object::get_with_receiver(object::proto_of(a), k, a);
    }
    Ok(Value::UNDEFINED)
}

fn ensure_capacity(a: Value, need: usize) -> Value {
    debug_assert!(!is_sparse(a));
    let e = a.cell().field(ARR_ELEMS);
    let cap = va_capacity(e);
    if need <= cap {
        return a;
    }
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let newcap = (cap + cap / 2).max(need).max(8);
    let ne = va_alloc(newcap);
    let a = Value(ha.get());
    let e = a.cell().field(ARR_ELEMS);
    let n = len(a);
    for i in 0..n {
        va_set(ne, i, va_get(e, i));
    }
    a.cell().set_field(ARR_ELEMS, ne);
    a
}

/// `a[i] = v` in strict mode: throws when the element is read-only or the
/// array cannot grow.
pub fn set_index(a: Value, i: usize, v: Value) -> JsResult<()> {
    match try_set_index(a, i, v)? {
        Ok(()) => Ok(()),
        Err(r) => Err(refused_index(r, i)),
    }
}

/// The TypeError for a refused store of element `i` (runs no code).
fn refused_index(r: object::Refused, i: usize) -> error::Exc {
    use object::Refused;
    error::type_error(&match r {
        Refused::CannotAdd => format!("Cannot add property {i}, object is not extensible"),
        _ => format!("Cannot assign to read only property '{i}' of object '[object Array]'"),
    })
}

/// `a[i] = v` as [[Set]] sees it: refused (nothing written) when the element
/// is frozen or the array is not extensible.
pub fn try_set_index(a: Value, i: usize, v: Value) -> JsResult<Result<(), object::Refused>> {
    use object::Refused;
    if i >= MAX_LENGTH {
        // Not an array index (2^32 - 1 and above): an ordinary property.
        let scope = HandleScope::new();
        let ha = scope.root(a.0);
        let hv = scope.root(v.0);
        let k = crate::atoms::intern(&i.to_string());
        let a = Value(ha.get());
        return object::try_set(a, k, Value(hv.get()), a);
    }
    if is_sparse(a) {
        return sparse_set(a, i, v);
    }
    let n = len(a);
    // SAFETY: `a` is an array, as in `len`; `c` is used before the
    // allocation below (`ensure_capacity`) and not after.
    let c = unsafe { a.cell_unchecked() };
    if i < n {
        if c.header_flags() & FLAG_FROZEN_ELEMENTS != 0 {
            return Ok(Err(Refused::ReadOnly));
        }
        va_set(c.field(ARR_ELEMS), i, v);
        return Ok(Ok(()));
    }
    if c.header_flags() & FLAG_NONEXTENSIBLE != 0 {
        return Ok(Err(Refused::CannotAdd));
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    if i >= MAX_DENSE || (i > n + SPARSE_GAP && i / 4 > n) {
        if count_present(a) >= MAX_SPARSE {
            return Err(error::range_error("Invalid array length"));
        }
        let a = make_sparse(a);
        return sparse_set(a, i, Value(hv.get()));
    }
    let a = ensure_capacity(a, i + 1);
    let e = a.cell().field(ARR_ELEMS);
    for j in n..i {
        va_set(e, j, Value::HOLE);
    }
    va_set(e, i, Value(hv.get()));
    a.cell().set_word(ARR_LEN, (i + 1) as u64);
    Ok(Ok(()))
}

/// Appends `v` (to an array the runtime made: extensible, not frozen).
pub fn push(a: Value, v: Value) {
    let n = len(a);
    if is_sparse(a) || n + 1 >= MAX_DENSE {
        let _ = try_set_index(a, length(a), v);
        return;
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let a = ensure_capacity(a, n + 1);
    // SAFETY: `ensure_capacity` returns the array, re-read from its root
    // after the allocation; nothing allocates between here and the stores.
    let c = unsafe { a.cell_unchecked() };
    va_set(c.field(ARR_ELEMS), n, Value(hv.get()));
    c.set_word(ARR_LEN, (n + 1) as u64);
}

pub fn delete_index(a: Value, i: usize) {
    if is_sparse(a) {
        sparse_delete(a, i);
    } else if i < len(a) {
        va_set(a.cell().field(ARR_ELEMS), i, Value::HOLE);
    }
}

/// Shortens the array to length `n` (no-op when it is not longer).
pub fn truncate(a: Value, n: usize) {
    if is_sparse(a) {
        sparse_truncate(a, n);
        return;
    }
    let old = len(a);
    if n < old {
        let e = a.cell().field(ARR_ELEMS);
        for i in n..old {
            va_set(e, i, Value::UNDEFINED);
        }
        a.cell().set_word(ARR_LEN, n as u64);
    }
}

/// `a.length = v` in strict mode: throws when the length is read-only or
/// a sealed element would be deleted.
pub fn set_length(a: Value, v: Value) -> JsResult<()> {
    match try_set_length(a, v)? {
        Ok(()) => Ok(()),
        Err(object::Refused::CannotDelete(Some(last))) => Err(error::type_error(&format!("Cannot delete property '{last}' of [object Array]"))),
        Err(_) => Err(error::type_error("Cannot assign to read only property 'length' of object '[object Array]'")),
    }
}

/// ArraySetLength — 10.4.2.4: refused (nothing changed) when `length` is
/// read-only or a sealed element would be deleted; RangeError for an
/// invalid length.
pub fn try_set_length(a: Value, v: Value) -> JsResult<Result<(), object::Refused>> {
    use object::Refused;
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let f = crate::ops::to_number(v)?;
    let a = Value(ha.get());
    if f < 0.0 || f.fract() != 0.0 || f > 4294967295.0 {
        return Err(error::range_error("Invalid array length"));
    }
    let n = f as usize;
    let old = length(a);
    if n != old && a.cell().header_flags() & FLAG_FROZEN_ELEMENTS != 0 {
        return Ok(Err(Refused::ReadOnly));
    }
    if n < old
        && a.cell().header_flags() & FLAG_SEALED_ELEMENTS != 0
        && let Some(last) = last_present(a, n, old)
    {
        return Ok(Err(Refused::CannotDelete(Some(last as u32))));
    }
    if n < old {
        truncate(a, n);
    } else if n > old {
        let a = if !is_sparse(a) && n > MAX_DENSE { make_sparse(a) } else { a };
        if is_sparse(a) {
            sp_set_word(table(a), SP_LEN, n);
            return Ok(Ok(()));
        }
        let a = ensure_capacity(a, n);
        let e = a.cell().field(ARR_ELEMS);
        for i in old..n {
            va_set(e, i, Value::HOLE);
        }
        a.cell().set_word(ARR_LEN, n as u64);
    }
    Ok(Ok(()))
}

/// The last index in `from..to` that has an element.
fn last_present(a: Value, from: usize, to: usize) -> Option<usize> {
    if is_sparse(a) {
        return sparse_indices(a, from, to).last().copied();
    }
    (from..to).rev().find(|&i| get_index(a, i) != Value::HOLE)
}

/// Inserts `count` holes at `at`, shifting later elements up.
/// Dense arrays only.
pub fn splice_gap(a: Value, at: usize, remove: usize, insert: usize) -> Value {
    debug_assert!(!is_sparse(a));
    let n = len(a);
    let newlen = n - remove + insert;
    let a = ensure_capacity(a, newlen);
    let e = a.cell().field(ARR_ELEMS);
    if insert > remove {
        let d = insert - remove;
        for i in (at + remove..n).rev() {
            va_set(e, i + d, va_get(e, i));
        }
    } else if remove > insert {
        let d = remove - insert;
        for i in at + remove..n {
            va_set(e, i - d, va_get(e, i));
        }
        for i in newlen..n {
            va_set(e, i, Value::UNDEFINED);
        }
    }
    a.cell().set_word(ARR_LEN, newlen as u64);
    a
}

// ---------------------------------------------------------------------------
// Sparse elements
//
// A sparse array keeps `ARR_LEN` 0 and in `ARR_ELEMS` a value array
// `[length, count, used, cap, (key, value) x cap]`: the array's `length`, the
// number of present elements, of entries in use (present or deleted) and
// of entries (a power of two), all numbers; a key is the index as a number,
// UNDEFINED for a free entry, HOLE for a deleted one. At most three quarters
// of the entries are in use, so a probe always ends. The table's value array
// is never shorter than the dense elements it replaced: code that read the
// dense length before a call made the array sparse stays in bounds.
// ---------------------------------------------------------------------------

const SP_LEN: usize = 0;
const SP_COUNT: usize = 1;
const SP_USED: usize = 2;
const SP_CAP: usize = 3;
const SP_DATA: usize = 4;
const SP_MIN_CAP: usize = 8;

#[inline]
fn table(a: Value) -> Value {
    // SAFETY: `a` is an array, as in `len`.
    unsafe { a.cell_unchecked() }.field(ARR_ELEMS)
}

#[inline]
fn sp_word(t: Value, w: usize) -> usize {
    va_get(t, w).as_number() as usize
}

#[inline]
fn sp_set_word(t: Value, w: usize, n: usize) {
    va_set(t, w, Value::num(n as f64))
}

#[inline]
fn sp_key(t: Value, j: usize) -> Value {
    va_get(t, SP_DATA + 2 * j)
}

/// The first entry to probe for index `i` in a table of `cap` entries.
#[inline]
fn sp_home(i: usize, cap: usize) -> usize {
    ((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - cap.trailing_zeros())) as usize
}

/// The entry holding index `i`.
fn sp_find(t: Value, i: usize) -> Option<usize> {
    let cap = sp_word(t, SP_CAP);
    let key = Value::num(i as f64);
    let mut j = sp_home(i, cap);
    loop {
        let k = sp_key(t, j);
        if k == key {
            return Some(j);
        }
        if k == Value::UNDEFINED {
            return None;
        }
        j = (j + 1) & (cap - 1);
    }
}

fn sparse_get(a: Value, i: usize) -> Value {
    let t = table(a);
    match sp_find(t, i) {
        Some(j) => va_get(t, SP_DATA + 2 * j + 1),
        None => Value::HOLE,
    }
}

/// An empty table of `cap` entries in a value array of at least `min_words`.
fn sp_alloc(cap: usize, min_words: usize) -> Value {
    debug_assert!(cap.is_power_of_two() && cap >= SP_MIN_CAP);
    let t = va_alloc((SP_DATA + 2 * cap).max(min_words));
    for w in [SP_LEN, SP_COUNT, SP_USED] {
        sp_set_word(t, w, 0);
    }
    sp_set_word(t, SP_CAP, cap);
    t
}

/// Stores `v` at index `i` of table `t`, which has a free entry to spare.
fn sp_put(t: Value, i: usize, v: Value) {
    let cap = sp_word(t, SP_CAP);
    let key = Value::num(i as f64);
    let mut j = sp_home(i, cap);
    let mut reuse = None;
    loop {
        let k = sp_key(t, j);
        if k == key {
            va_set(t, SP_DATA + 2 * j + 1, v);
            return;
        }
        if k == Value::UNDEFINED {
            break;
        }
        if k == Value::HOLE && reuse.is_none() {
            reuse = Some(j);
        }
        j = (j + 1) & (cap - 1);
    }
    let j = match reuse {
        Some(r) => r,
        None => {
            sp_set_word(t, SP_USED, sp_word(t, SP_USED) + 1);
            j
        }
    };
    va_set(t, SP_DATA + 2 * j, key);
    va_set(t, SP_DATA + 2 * j + 1, v);
    sp_set_word(t, SP_COUNT, sp_word(t, SP_COUNT) + 1);
}

/// The present (index, value) pairs of table `t`, in table order.
fn sp_entries(t: Value) -> impl Iterator<Item = (usize, Value)> {
    (0..sp_word(t, SP_CAP)).filter_map(move |j| {
        let k = sp_key(t, j);
        (k.is_number()).then(|| (k.as_number() as usize, va_get(t, SP_DATA + 2 * j + 1)))
    })
}

/// A table for `count` elements holding `t`'s (or nothing), in a value array
/// of at least `min_words`.
fn sp_rebuild(t: Option<Value>, count: usize, min_words: usize) -> Value {
    let scope = HandleScope::new();
    let ht = t.map(|t| scope.root(t.0));
    let cap = (count * 2).next_power_of_two().max(SP_MIN_CAP);
    let nt = sp_alloc(cap, min_words);
    if let Some(ht) = ht {
        let t = Value(ht.get());
        for (i, v) in sp_entries(t) {
            sp_put(nt, i, v);
        }
        sp_set_word(nt, SP_LEN, sp_word(t, SP_LEN));
    }
    nt
}

/// Puts the dense array `a` in sparse mode (same `length` and elements);
/// returns it (it may have moved).
fn make_sparse(a: Value) -> Value {
    debug_assert!(!is_sparse(a));
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let n = len(a);
    let e = a.cell().field(ARR_ELEMS);
    let count = (0..n).filter(|&i| va_get(e, i) != Value::HOLE).count();
    let t = sp_rebuild(None, count, va_capacity(e));
    let a = Value(ha.get());
    let e = a.cell().field(ARR_ELEMS);
    for i in 0..n {
        let v = va_get(e, i);
        if v != Value::HOLE {
            sp_put(t, i, v);
        }
    }
    sp_set_word(t, SP_LEN, n);
    let c = a.cell();
    c.set_word(ARR_LEN, 0);
    c.set_field(ARR_ELEMS, t);
    c.set_kind(KIND_SPARSE_ARRAY);
    a
}

/// Puts the sparse array `a` back in dense mode when at least half of it is
/// present and it is not too long.
fn maybe_dense(a: Value) {
    let t = table(a);
    let n = sp_word(t, SP_LEN);
    if n > MAX_DENSE || sp_word(t, SP_COUNT) * 2 < n {
        return;
    }
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let e = va_alloc(n.max(4));
    let a = Value(ha.get());
    let t = table(a);
    for i in 0..n {
        va_set(e, i, Value::HOLE);
    }
    for (i, v) in sp_entries(t) {
        va_set(e, i, v);
    }
    let c = a.cell();
    c.set_field(ARR_ELEMS, e);
    c.set_word(ARR_LEN, n as u64);
    c.set_kind(KIND_ARRAY);
}

/// A new sparse array of length `n` with no elements.
pub fn new_sparse(n: usize) -> Value {
    debug_assert!(n <= MAX_LENGTH);
    let a = make_sparse(new_array(0));
    sp_set_word(table(a), SP_LEN, n);
    a
}

/// [[Set]] of index `i` (below [`MAX_LENGTH`]) of the sparse array `a`.
fn sparse_set(a: Value, i: usize, v: Value) -> JsResult<Result<(), object::Refused>> {
    use object::Refused;
    let flags = a.cell().header_flags();
    let t = table(a);
    if let Some(j) = sp_find(t, i) {
        if flags & FLAG_FROZEN_ELEMENTS != 0 {
            return Ok(Err(Refused::ReadOnly));
        }
        va_set(t, SP_DATA + 2 * j + 1, v);
        return Ok(Ok(()));
    }
    if flags & FLAG_NONEXTENSIBLE != 0 {
        return Ok(Err(Refused::CannotAdd));
    }
    if sp_word(t, SP_COUNT) >= MAX_SPARSE {
        return Err(error::range_error("Invalid array length"));
    }
    let (cap, used, count) = (sp_word(t, SP_CAP), sp_word(t, SP_USED), sp_word(t, SP_COUNT));
    let (a, t) = if (used + 1) * 4 > cap * 3 {
        // Full of entries, present or deleted: a table for one more.
        let scope = HandleScope::new();
        let ha = scope.root(a.0);
        let hv = scope.root(v.0);
        let nt = sp_rebuild(Some(t), count + 1, va_capacity(t));
        let a = Value(ha.get());
        a.cell().set_field(ARR_ELEMS, nt);
        sp_put(nt, i, Value(hv.get()));
        (a, nt)
    } else {
        sp_put(t, i, v);
        (a, t)
    };
    if i >= sp_word(t, SP_LEN) {
        sp_set_word(t, SP_LEN, i + 1);
    }
    maybe_dense(a);
    Ok(Ok(()))
}

fn sparse_delete(a: Value, i: usize) {
    let t = table(a);
    if let Some(j) = sp_find(t, i) {
        va_set(t, SP_DATA + 2 * j, Value::HOLE);
        va_set(t, SP_DATA + 2 * j + 1, Value::UNDEFINED);
        sp_set_word(t, SP_COUNT, sp_word(t, SP_COUNT) - 1);
    }
}

fn sparse_truncate(a: Value, n: usize) {
    let t = table(a);
    if n >= sp_word(t, SP_LEN) {
        return;
    }
    let gone: Vec<usize> = sp_entries(t).filter(|&(i, _)| i >= n).map(|(i, _)| i).collect();
    for i in gone {
        sparse_delete(a, i);
    }
    sp_set_word(t, SP_LEN, n);
    maybe_dense(a);
}

/// The indices in `from..to` that have an element, ascending, without
/// visiting the holes between them (either kind of array).
pub fn sparse_indices(a: Value, from: usize, to: usize) -> Vec<usize> {
    if !is_sparse(a) {
        return (from..to.min(len(a))).filter(|&i| get_index(a, i) != Value::HOLE).collect();
    }
    let mut out: Vec<usize> = sp_entries(table(a)).map(|(i, _)| i).filter(|&i| i >= from && i < to).collect();
    out.sort_unstable();
    out
}

/// Whether any element is present (either kind of array).
pub fn any_present(a: Value) -> bool {
    if is_sparse(a) { sp_word(table(a), SP_COUNT) > 0 } else { (0..len(a)).any(|i| get_index(a, i) != Value::HOLE) }
}

/// The number of elements present (either kind of array).
pub fn count_present(a: Value) -> usize {
    if is_sparse(a) { sp_word(table(a), SP_COUNT) } else { (0..len(a)).filter(|&i| get_index(a, i) != Value::HOLE).count() }
}
