//! Value arrays (raw backing stores) and JavaScript arrays (dense elements in
//! a value array, holes marked with HOLE).

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

/// A new array of length `len` filled with holes (or `fill`).
pub fn new_array_filled(len: usize, fill: Value) -> Value {
    let scope = HandleScope::new();
    let hf = scope.root(fill.0);
    let elems = va_alloc(len.max(4));
    let he = scope.root(elems.0);
    let a = object::alloc_object(KIND_ARRAY, (ARR_SIZE - OBJ_INLINE as u64) as u32, 0, realm::get(I::ArrayProto));
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

#[inline]
pub fn len(a: Value) -> usize {
    // SAFETY: `a` is an array (`KIND_ARRAY`): the contract of this module's
    // functions, whose callers test `is_array` or made the array. Hot path
    // of every indexed access: no second tag test.
    unsafe { a.cell_unchecked() }.word(ARR_LEN) as usize
}

#[inline]
pub fn get_index(a: Value, i: usize) -> Value {
    // SAFETY: `a` is an array, as in `len`.
    if i < len(a) { va_get(unsafe { a.cell_unchecked() }.field(ARR_ELEMS), i) } else { Value::HOLE }
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
    if i > 50_000_000 {
        return Err(error::range_error("Invalid array length"));
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let a = ensure_capacity(a, i + 1);
    let e = a.cell().field(ARR_ELEMS);
    for j in n..i {
        va_set(e, j, Value::HOLE);
    }
    va_set(e, i, Value(hv.get()));
    a.cell().set_word(ARR_LEN, (i + 1) as u64);
    Ok(Ok(()))
}

pub fn push(a: Value, v: Value) {
    let n = len(a);
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
    if i < len(a) {
        va_set(a.cell().field(ARR_ELEMS), i, Value::HOLE);
    }
}

pub fn truncate(a: Value, n: usize) {
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
    let old = len(a);
    if n != old && a.cell().header_flags() & FLAG_FROZEN_ELEMENTS != 0 {
        return Ok(Err(Refused::ReadOnly));
    }
    if n < old
        && a.cell().header_flags() & FLAG_SEALED_ELEMENTS != 0
        && let Some(last) = (n..old).rev().find(|&i| get_index(a, i) != Value::HOLE)
    {
        return Ok(Err(Refused::CannotDelete(Some(last as u32))));
    }
    if n < old {
        truncate(a, n);
    } else if n > old {
        if n > 50_000_000 {
            return Err(error::range_error("Invalid array length"));
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

/// Inserts `count` holes at `at`, shifting later elements up.
pub fn splice_gap(a: Value, at: usize, remove: usize, insert: usize) -> Value {
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
