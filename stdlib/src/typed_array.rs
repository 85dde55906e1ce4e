//! %TypedArray% (ECMAScript 23.2) and the eleven concrete constructors
//! (Int8Array ... Float64Array, BigInt64Array, BigUint64Array) on the view
//! cells of runtime `bytes.rs`.
//!
//! Element reads inside the methods go through [`get`], which is the spec's
//! Get(O, k) on a typed array: undefined once a callback has shrunk or
//! detached the buffer under the loop. For the two BigInt types (content
//! type BigInt) `get` allocates a BigInt, so nothing raw may be held across
//! it; the searches, `join` and `sort` work on the element bits instead and
//! allocate nothing per element.

use crate::array::rel_index;
use crate::{getter, method};
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::atoms::{self, names};
use perry_runtime::bigint;
use perry_runtime::bytes::{self as b, TYPES, Ty, ta_len};
use perry_runtime::error::{self, Exc};
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const MAX_SAFE: f64 = 9007199254740991.0;

// ---------------------------------------------------------------------------
// Intrinsics: the constructors and prototypes per element type
// ---------------------------------------------------------------------------

/// The number of concrete types.
const N: usize = TYPES.len();

/// `[ctor 0..N, proto 0..N, %TypedArray%]`, a registered root range.
static TA: JsCell<[u64; 2 * N + 1]> = JsCell::new([UNDEFINED; 2 * N + 1]);

fn table() -> &'static mut [u64; 2 * N + 1] {
    // SAFETY: single JS thread; the table is only touched through here.
    unsafe { TA.get() }
}

/// The intrinsic constructor of `ty` (%Int8Array% ...).
pub fn ctor_of(ty: Ty) -> Value {
    Value(table()[ty as usize])
}

/// The intrinsic prototype of `ty` (%Int8Array.prototype% ...).
pub fn proto_of(ty: Ty) -> Value {
    Value(table()[N + ty as usize])
}

fn typed_array_intrinsic() -> Value {
    Value(table()[2 * N])
}

// ---------------------------------------------------------------------------
// Abstract operations
// ---------------------------------------------------------------------------

/// ToIndex (7.1.22): `Err(f)` with the integer when out of range.
pub fn to_index(v: Value) -> JsResult<Result<usize, f64>> {
    if v.is_undefined() {
        return Ok(Ok(0));
    }
    let f = ops::to_integer(v)?;
    if !(0.0..=MAX_SAFE).contains(&f) { Ok(Err(f)) } else { Ok(Ok(f as usize)) }
}

fn num_str(f: f64) -> String {
    string::number_to_rust(f)
}

fn brief(v: Value) -> String {
    crate::object_builtins::v8_brief(v)
}

/// Get(O, k) of a typed array: the element, or undefined past the current length.
#[inline]
fn get(o: Value, k: usize) -> Value {
    if k < ta_len(o) { b::ta_get(o, k) } else { Value::UNDEFINED }
}

/// The TypeError for mixing the Number and BigInt content types (V8's
/// message).
fn content_type_error() -> Exc {
    error::type_error("Cannot mix BigInt and other types, use explicit conversions")
}

/// The bits of a BigInt64/BigUint64 element equal to the BigInt `x`, if any.
fn bits_of(ty: Ty, x: Value) -> Option<u64> {
    bigint::element_bits(x, ty == Ty::BigInt64)
}

fn detached_error(what: &str) -> Exc {
    error::type_error(&format!("Cannot perform {what} on a detached ArrayBuffer"))
}

/// ValidateTypedArray (23.2.4.4): a typed array whose buffer is attached
/// and in bounds; its current length.
fn validate(v: Value, what: &str) -> JsResult<usize> {
    if !b::is_typed_array(v) {
        // V8's two messages, by method.
        if matches!(what, "at" | "join" | "slice" | "sort" | "toLocaleString" | "toReversed" | "toSorted") {
            return Err(error::type_error(&format!("Method %TypedArray%.prototype.{what} called on incompatible receiver {}", brief(v))));
        }
        return Err(error::type_error("this is not a typed array."));
    }
    if b::view_out_of_bounds(v) {
        return Err(detached_error(&format!("%TypedArray%.prototype.{what}")));
    }
    Ok(ta_len(v))
}

fn callback(args: &Args, i: usize) -> JsResult<Value> {
    let f = args.get(i);
    if perry_runtime::proxy::is_callable(f) { Ok(f) } else { Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(f)))) }
}

/// AllocateTypedArray (23.2.5.1.1) with a buffer of `n` zero elements.
fn allocate(ty: Ty, n: usize, proto: Value) -> JsResult {
    if n.checked_mul(ty.size()).is_none_or(|bytes| bytes > b::MAX_BYTES) {
        return Err(error::range_error(&format!("Invalid typed array length: {n}")));
    }
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let s = b::alloc_store(n * ty.size());
    Ok(b::typed_array_over(ty, s, Value::UNDEFINED, 0, Some(n), Value(hp.get())))
}

/// A new intrinsic typed array of `ty` with `n` zero elements.
pub fn new_typed_array(ty: Ty, n: usize) -> JsResult {
    allocate(ty, n, proto_of(ty))
}

/// SpeciesConstructor (7.3.22).
pub fn species_constructor(o: Value, default: Value) -> JsResult {
    let scope = HandleScope::new();
    let hd = scope.root(default.0);
    let c = object::get(o, names::CONSTRUCTOR)?;
    if c.is_undefined() {
        return Ok(Value(hd.get()));
    }
    if !c.is_js_object() {
        return Err(error::type_error("The .constructor property is not an object"));
    }
    let s = object::get(c, realm::sym_atom(I::SymSpecies))?;
    if s.is_nullish() {
        return Ok(Value(hd.get()));
    }
    if perry_runtime::proxy::is_constructor(s) {
        return Ok(s);
    }
    Err(error::type_error("object.constructor[Symbol.species] is not a constructor"))
}

/// TypedArrayCreateFromConstructor (23.2.4.2): `new C(...args)`, validated;
/// with a single length argument the result must be at least that long.
fn create_from_constructor(c: Value, args: &[Value]) -> JsResult {
    let t = function::construct(c, args, c)?;
    if !b::is_typed_array(t) {
        return Err(error::type_error("this is not a typed array."));
    }
    if b::view_out_of_bounds(t) {
        return Err(detached_error("Construct"));
    }
    if let [n] = args
        && n.is_number()
        && (ta_len(t) as f64) < n.as_number()
    {
        return Err(error::type_error("Derived TypedArray constructor created an array which was too small"));
    }
    Ok(t)
}

/// TypedArraySpeciesCreate with a length (23.2.4.1); the intrinsic
/// constructor is not called through JavaScript.
fn species_create_len(exemplar: Value, n: usize) -> JsResult {
    let ty = b::ta_type(exemplar);
    let c = species_constructor(exemplar, ctor_of(ty))?;
    if c == ctor_of(ty) {
        return new_typed_array(ty, n);
    }
    let t = create_from_constructor(c, &[Value::int(n as i64)])?;
    if b::ta_type(t).is_bigint() != ty.is_bigint() {
        return Err(content_type_error());
    }
    Ok(t)
}

/// TypedArrayCreateSameType (23.2.4.3).
fn create_same_type(exemplar: Value, n: usize) -> JsResult {
    new_typed_array(b::ta_type(exemplar), n)
}

/// IteratorToList(GetIteratorFromMethod(obj, method)) — 7.4.
fn iterate_to_list(obj: Value, method: Value) -> JsResult {
    let scope = HandleScope::new();
    let it = function::call(method, obj, &[])?;
    if !it.is_js_object() {
        return Err(error::type_error("Result of the Symbol.iterator method is not an object"));
    }
    let hit = scope.root(it.0);
    let next = object::get(it, names::NEXT)?;
    let hn = scope.root(next.0);
    let list = arr::new_array(0);
    let hl = scope.root(list.0);
    loop {
        let r = function::call(Value(hn.get()), Value(hit.get()), &[])?;
        if !r.is_js_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", brief(r))));
        }
        let hr = scope.root(r.0);
        let done = object::get(r, atoms::intern("done"))?;
        if ops::to_boolean(done) {
            return Ok(Value(hl.get()));
        }
        let v = object::get(Value(hr.get()), atoms::intern("value"))?;
        arr::push(Value(hl.get()), v);
    }
}

/// GetMethod(v, @@iterator): undefined when absent, a TypeError when not callable.
fn iterator_method(v: Value) -> JsResult {
    let m = object::get(v, realm::sym_atom(I::SymIterator))?;
    if m.is_nullish() {
        return Ok(Value::UNDEFINED);
    }
    if !perry_runtime::proxy::is_callable(m) {
        return Err(error::type_error(&format!("{} is not a function", brief(m))));
    }
    Ok(m)
}

// ---------------------------------------------------------------------------
// The constructors
// ---------------------------------------------------------------------------

/// %TypedArray% ( ) — 23.2.1.1
fn typed_array_ctor(_args: &Args) -> JsResult {
    Err(error::type_error("Abstract class TypedArray not directly constructable"))
}

/// GetPrototypeFromConstructor(newTarget, %TA.prototype%).
fn proto_from(new_target: Value, ty: Ty) -> JsResult {
    let p = if new_target.is_js_object() { object::get(new_target, names::PROTOTYPE)? } else { Value::UNDEFINED };
    Ok(if p.is_js_object() { p } else { proto_of(ty) })
}

/// TypedArray ( ...args ) — 23.2.5.1, for every concrete constructor (the
/// element type is the callee's capture 0).
fn concrete_ctor(args: &Args) -> JsResult {
    let ty = TYPES[args.capture(0).as_number() as usize];
    if args.new_target().is_undefined() {
        return Err(error::type_error(&format!("Constructor {} requires 'new'", ty.name())));
    }
    let a0 = args.get(0);
    if !a0.is_js_object() {
        // AllocateTypedArray with ToIndex(length).
        let n = match to_index(a0)? {
            Ok(n) => n,
            Err(f) => return Err(error::range_error(&format!("Invalid typed array length: {}", num_str(f)))),
        };
        let p = proto_from(args.new_target(), ty)?;
        return allocate(ty, n, p);
    }
    let p = proto_from(args.new_target(), ty)?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let a0 = args.get(0);
    if b::is_typed_array(a0) {
        return from_typed_array(ty, a0, Value(hp.get()));
    }
    if b::is_array_buffer(a0) {
        return from_array_buffer(ty, args, hp);
    }
    let m = iterator_method(a0)?;
    if !m.is_undefined() {
        // InitializeTypedArrayFromList — 23.2.5.1.4.
        let list = iterate_to_list(args.get(0), m)?;
        let hl = scope.root(list.0);
        let n = arr::len(list);
        let t = allocate(ty, n, Value(hp.get()))?;
        let ht = scope.root(t.0);
        for k in 0..n {
            let v = arr::get_index(Value(hl.get()), k);
            let v = if v == Value::HOLE { Value::UNDEFINED } else { v };
            b::set_element(Value(ht.get()), Some(k), v)?;
        }
        return Ok(Value(ht.get()));
    }
    // InitializeTypedArrayFromArrayLike — 23.2.5.1.5.
    let n = ops::length_of(args.get(0))?;
    let t = allocate(ty, n, Value(hp.get()))?;
    let ht = scope.root(t.0);
    for k in 0..n {
        let v = object::get_value_key(args.get(0), Value::int(k as i64))?;
        b::set_element(Value(ht.get()), Some(k), v)?;
    }
    Ok(Value(ht.get()))
}

/// InitializeTypedArrayFromTypedArray — 23.2.5.1.2.
fn from_typed_array(ty: Ty, src: Value, proto: Value) -> JsResult {
    if b::view_out_of_bounds(src) {
        return Err(detached_error("Construct"));
    }
    let scope = HandleScope::new();
    let hs = scope.root(src.0);
    let n = ta_len(src);
    let t = allocate(ty, n, proto)?;
    let src = Value(hs.get());
    let sty = b::ta_type(src);
    if sty.is_bigint() != ty.is_bigint() {
        return Err(content_type_error());
    }
    if sty == ty || ty.is_bigint() {
        // BigInt64 and BigUint64 elements hold the same bits for a value
        // modulo 2^64.
        b::ta_bytes_mut(t).copy_from_slice(b::ta_bytes(src));
    } else {
        for k in 0..n {
            b::ta_put(t, k, b::ta_get_num(src, k));
        }
    }
    Ok(t)
}

/// InitializeTypedArrayFromArrayBuffer — 23.2.5.1.3.
fn from_array_buffer(ty: Ty, args: &Args, proto: perry_gc::Handle) -> JsResult {
    let size = ty.size();
    let offset = match to_index(args.get(1))? {
        Ok(n) => n,
        Err(f) => return Err(error::range_error(&format!("Start offset {} is outside the bounds of the buffer", num_str(f)))),
    };
    if !offset.is_multiple_of(size) {
        return Err(error::range_error(&format!("start offset of {} should be a multiple of {size}", ty.name())));
    }
    let new_len = if args.get(2).is_undefined() {
        None
    } else {
        match to_index(args.get(2))? {
            Ok(n) => Some(n),
            Err(f) => return Err(error::range_error(&format!("Invalid typed array length: {}", num_str(f)))),
        }
    };
    let buf = args.get(0);
    if b::ab_detached(buf) {
        return Err(detached_error("Construct"));
    }
    let buf_len = b::ab_len(buf);
    let len = match new_len {
        None if b::ab_max(buf).is_some() => {
            if offset > buf_len {
                return Err(error::range_error(&format!("Start offset {offset} is outside the bounds of the buffer")));
            }
            None
        }
        None => {
            if !buf_len.is_multiple_of(size) {
                return Err(error::range_error(&format!("byte length of {} should be a multiple of {size}", ty.name())));
            }
            if offset > buf_len {
                return Err(error::range_error(&format!("Start offset {offset} is outside the bounds of the buffer")));
            }
            Some((buf_len - offset) / size)
        }
        Some(n) => {
            if n.checked_mul(size).and_then(|x| x.checked_add(offset)).is_none_or(|end| end > buf_len) {
                return Err(error::range_error(&format!("Invalid typed array length: {n}")));
            }
            Some(n)
        }
    };
    let buf = args.get(0);
    Ok(b::typed_array_over(ty, buf.cell().field(AB_STORE), buf, offset, len, Value(proto.get())))
}

/// %TypedArray%.from ( source [ , mapfn [ , thisArg ] ] ) — 23.2.2.1
fn typed_array_from(args: &Args) -> JsResult {
    let c = args.this();
    if !perry_runtime::proxy::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", brief(c))));
    }
    let f = args.get(1);
    let mapping = !f.is_undefined();
    if mapping && !perry_runtime::proxy::is_callable(f) {
        return Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(f))));
    }
    let scope = HandleScope::new();
    let m = iterator_method(args.get(0))?;
    let (src, n, list) = if !m.is_undefined() {
        let list = iterate_to_list(args.get(0), m)?;
        (list, arr::len(list), true)
    } else {
        let o = ops::to_object(args.get(0))?;
        let ho = scope.root(o.0);
        let n = ops::length_of(o)?;
        (Value(ho.get()), n, false)
    };
    let hs = scope.root(src.0);
    let t = create_from_constructor(args.this(), &[Value::int(n as i64)])?;
    let ht = scope.root(t.0);
    for k in 0..n {
        let v = if list {
            let v = arr::get_index(Value(hs.get()), k);
            if v == Value::HOLE { Value::UNDEFINED } else { v }
        } else {
            object::get_value_key(Value(hs.get()), Value::int(k as i64))?
        };
        let v = if mapping { function::call(args.get(1), args.get(2), &[v, Value::int(k as i64)])? } else { v };
        object::set_value_key(Value(ht.get()), Value::int(k as i64), v)?;
    }
    Ok(Value(ht.get()))
}

/// %TypedArray%.of ( ...items ) — 23.2.2.2
fn typed_array_of(args: &Args) -> JsResult {
    let c = args.this();
    if !perry_runtime::proxy::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", brief(c))));
    }
    let n = args.len();
    let t = create_from_constructor(c, &[Value::int(n as i64)])?;
    let scope = HandleScope::new();
    let ht = scope.root(t.0);
    for k in 0..n {
        object::set_value_key(Value(ht.get()), Value::int(k as i64), args.get(k))?;
    }
    Ok(Value(ht.get()))
}

/// get %TypedArray% [ @@species ] — 23.2.2.4
fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

// ---------------------------------------------------------------------------
// %TypedArray%.prototype: accessors
// ---------------------------------------------------------------------------

fn require_ta(args: &Args, what: &str) -> JsResult {
    let t = args.this();
    if b::is_typed_array(t) {
        Ok(t)
    } else {
        let what = match what {
            "buffer" => "get %TypedArray%.prototype.buffer".to_string(),
            "byteLength" | "byteOffset" | "length" => format!("get TypedArray.prototype.{what}"),
            _ => format!("%TypedArray%.prototype.{what}"),
        };
        Err(error::type_error(&format!("Method {what} called on incompatible receiver {}", brief(t))))
    }
}

/// get %TypedArray%.prototype.buffer — 23.2.3.2
fn ta_buffer(args: &Args) -> JsResult {
    Ok(b::ta_buffer(require_ta(args, "buffer")?))
}

/// get %TypedArray%.prototype.byteLength — 23.2.3.3
fn ta_byte_length(args: &Args) -> JsResult {
    let t = require_ta(args, "byteLength")?;
    Ok(Value::int((ta_len(t) * b::ta_type(t).size()) as i64))
}

/// get %TypedArray%.prototype.byteOffset — 23.2.3.4
fn ta_byte_offset(args: &Args) -> JsResult {
    let t = require_ta(args, "byteOffset")?;
    Ok(Value::int(if b::view_out_of_bounds(t) { 0 } else { b::ta_offset(t) as i64 }))
}

/// get %TypedArray%.prototype.length — 23.2.3.21
fn ta_length(args: &Args) -> JsResult {
    Ok(Value::int(ta_len(require_ta(args, "length")?) as i64))
}

/// get %TypedArray%.prototype [ @@toStringTag ] — 23.2.3.38
fn ta_to_string_tag(args: &Args) -> JsResult {
    let t = args.this();
    if b::is_typed_array(t) { Ok(string::from_str(b::ta_type(t).name())) } else { Ok(Value::UNDEFINED) }
}

// ---------------------------------------------------------------------------
// %TypedArray%.prototype: methods
// ---------------------------------------------------------------------------

/// %TypedArray%.prototype.at ( index ) — 23.2.3.1
fn ta_at(args: &Args) -> JsResult {
    let len = validate(args.this(), "at")?;
    let f = ops::to_integer(args.get(0))?;
    let k = if f >= 0.0 { f } else { len as f64 + f };
    if k < 0.0 || k >= len as f64 {
        return Ok(Value::UNDEFINED);
    }
    Ok(get(args.this(), k as usize))
}

/// %TypedArray%.prototype.copyWithin ( target, start [ , end ] ) — 23.2.3.6
fn ta_copy_within(args: &Args) -> JsResult {
    let len = validate(args.this(), "copyWithin")?;
    let to = rel_index(args.get(0), len, 0)?;
    let from = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    let count = fin.saturating_sub(from).min(len - to);
    if count > 0 {
        let t = args.this();
        if b::view_out_of_bounds(t) {
            return Err(detached_error("%TypedArray%.prototype.copyWithin"));
        }
        // The buffer may have shrunk: copy only what lies below the new end.
        let size = b::ta_type(t).size();
        let limit = ta_len(t) * size;
        let (from, to) = (from * size, to * size);
        let n = (count * size).min(limit.saturating_sub(from)).min(limit.saturating_sub(to));
        if n > 0 {
            b::ta_bytes_mut(t).copy_within(from..from + n, to);
        }
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.entries / keys / values — 23.2.3.7, 23.2.3.19, 23.2.3.35
fn ta_entries(args: &Args) -> JsResult {
    validate(args.this(), "entries")?;
    Ok(iter::new_iterator(args.this(), iter::ARRAY_ENTRIES, I::ArrayIteratorProto))
}

fn ta_keys(args: &Args) -> JsResult {
    validate(args.this(), "keys")?;
    Ok(iter::new_iterator(args.this(), iter::ARRAY_KEYS, I::ArrayIteratorProto))
}

fn ta_values(args: &Args) -> JsResult {
    validate(args.this(), "values")?;
    Ok(iter::new_iterator(args.this(), iter::ARRAY_VALUES, I::ArrayIteratorProto))
}

/// Calls `callbackfn(element, index, this)` for each index below the length
/// at the start, in order (or reverse order), until `stop` says so; returns
/// the index and element it stopped at.
fn each(args: &Args, what: &str, reverse: bool, stop: &mut dyn FnMut(Value, Value) -> bool) -> JsResult<Option<(usize, Value)>> {
    let len = validate(args.this(), what)?;
    callback(args, 0)?;
    let scope = HandleScope::new();
    for j in 0..len {
        let k = if reverse { len - 1 - j } else { j };
        let e = get(args.this(), k);
        let he = scope.root(e.0);
        let r = function::call(args.get(0), args.get(1), &[e, Value::int(k as i64), args.this()])?;
        if stop(r, Value(he.get())) {
            return Ok(Some((k, Value(he.get()))));
        }
    }
    Ok(None)
}

/// %TypedArray%.prototype.every — 23.2.3.8
fn ta_every(args: &Args) -> JsResult {
    Ok(Value::bool(each(args, "every", false, &mut |r, _| !ops::to_boolean(r))?.is_none()))
}

/// %TypedArray%.prototype.some — 23.2.3.29
fn ta_some(args: &Args) -> JsResult {
    Ok(Value::bool(each(args, "some", false, &mut |r, _| ops::to_boolean(r))?.is_some()))
}

/// %TypedArray%.prototype.forEach — 23.2.3.15
fn ta_for_each(args: &Args) -> JsResult {
    each(args, "forEach", false, &mut |_, _| false)?;
    Ok(Value::UNDEFINED)
}

/// %TypedArray%.prototype.find / findLast — 23.2.3.11, 23.2.3.13
fn ta_find(args: &Args) -> JsResult {
    Ok(each(args, "find", false, &mut |r, _| ops::to_boolean(r))?.map_or(Value::UNDEFINED, |(_, e)| e))
}

fn ta_find_last(args: &Args) -> JsResult {
    Ok(each(args, "findLast", true, &mut |r, _| ops::to_boolean(r))?.map_or(Value::UNDEFINED, |(_, e)| e))
}

/// %TypedArray%.prototype.findIndex / findLastIndex — 23.2.3.12, 23.2.3.14
fn ta_find_index(args: &Args) -> JsResult {
    Ok(Value::int(each(args, "findIndex", false, &mut |r, _| ops::to_boolean(r))?.map_or(-1, |(k, _)| k as i64)))
}

fn ta_find_last_index(args: &Args) -> JsResult {
    Ok(Value::int(each(args, "findLastIndex", true, &mut |r, _| ops::to_boolean(r))?.map_or(-1, |(k, _)| k as i64)))
}

/// %TypedArray%.prototype.fill ( value [ , start [ , end ] ] ) — 23.2.3.9
fn ta_fill(args: &Args) -> JsResult {
    let len = validate(args.this(), "fill")?;
    let e = b::ta_type(args.this()).to_element(args.get(0))?;
    let k = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    let t = args.this();
    if b::view_out_of_bounds(t) {
        return Err(detached_error("%TypedArray%.prototype.fill"));
    }
    let fin = fin.min(ta_len(t));
    if k < fin {
        let size = b::ta_type(t).size();
        for chunk in b::ta_bytes_mut(t)[k * size..fin * size].chunks_exact_mut(size) {
            chunk.copy_from_slice(&e[..size]);
        }
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.filter — 23.2.3.10
fn ta_filter(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let kept = arr::new_array(0);
    let hk = scope.root(kept.0);
    each(args, "filter", false, &mut |r, e| {
        if ops::to_boolean(r) {
            arr::push(Value(hk.get()), e);
        }
        false
    })?;
    let n = arr::len(Value(hk.get()));
    let a = species_create_len(args.this(), n)?;
    let ha = scope.root(a.0);
    for k in 0..n {
        let v = arr::get_index(Value(hk.get()), k);
        object::set_value_key(Value(ha.get()), Value::int(k as i64), v)?;
    }
    Ok(Value(ha.get()))
}

/// The start index of includes/indexOf: `None` when the search is empty.
fn search_start(v: Value, len: usize) -> JsResult<Option<usize>> {
    let n = ops::to_integer(v)?;
    if n == f64::INFINITY {
        return Ok(None);
    }
    let k = if n >= 0.0 { n } else { (len as f64 + n).max(0.0) };
    Ok(if k >= len as f64 { None } else { Some(k as usize) })
}

/// %TypedArray%.prototype.includes — 23.2.3.16
fn ta_includes(args: &Args) -> JsResult {
    let len = validate(args.this(), "includes")?;
    if len == 0 {
        return Ok(Value::FALSE);
    }
    let Some(k) = search_start(args.get(1), len)? else { return Ok(Value::FALSE) };
    let x = args.get(0);
    let t = args.this();
    let ty = b::ta_type(t);
    if ty.is_bigint() {
        // Compare bits, not allocated BigInts. Past a shrunk length the
        // elements read as undefined.
        let cur = ta_len(t);
        if !x.is_bigint() {
            return Ok(Value::bool(x.is_undefined() && cur < len));
        }
        let Some(bits) = bits_of(ty, x) else { return Ok(Value::FALSE) };
        return Ok(Value::bool((k..len.min(cur)).any(|i| b::ta_get_bits(t, i) == bits)));
    }
    for i in k..len {
        if ops::same_value_zero(x, get(args.this(), i)) {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

/// %TypedArray%.prototype.indexOf — 23.2.3.17
fn ta_index_of(args: &Args) -> JsResult {
    let len = validate(args.this(), "indexOf")?;
    if len == 0 {
        return Ok(Value::int(-1));
    }
    let Some(k) = search_start(args.get(1), len)? else { return Ok(Value::int(-1)) };
    let x = args.get(0);
    let t = args.this();
    let end = len.min(ta_len(t));
    let ty = b::ta_type(t);
    if ty.is_bigint() {
        let found = if x.is_bigint() { bits_of(ty, x).and_then(|bits| (k..end).find(|&i| b::ta_get_bits(t, i) == bits)) } else { None };
        return Ok(Value::int(found.map_or(-1, |i| i as i64)));
    }
    if !x.is_number() {
        return Ok(Value::int(-1));
    }
    for i in k..end {
        if b::ta_get_num(t, i) == x.as_number() {
            return Ok(Value::int(i as i64));
        }
    }
    Ok(Value::int(-1))
}

/// %TypedArray%.prototype.lastIndexOf — 23.2.3.20
fn ta_last_index_of(args: &Args) -> JsResult {
    let len = validate(args.this(), "lastIndexOf")?;
    if len == 0 {
        return Ok(Value::int(-1));
    }
    let from = if args.len() > 1 { ops::to_integer(args.get(1))? } else { len as f64 - 1.0 };
    let k = if from >= 0.0 { from.min(len as f64 - 1.0) } else { len as f64 + from };
    if k < 0.0 {
        return Ok(Value::int(-1));
    }
    let x = args.get(0);
    let t = args.this();
    let cur = ta_len(t);
    let ty = b::ta_type(t);
    if ty.is_bigint() {
        let found =
            if x.is_bigint() { bits_of(ty, x).and_then(|bits| (0..=k as usize).rev().find(|&i| i < cur && b::ta_get_bits(t, i) == bits)) } else { None };
        return Ok(Value::int(found.map_or(-1, |i| i as i64)));
    }
    if !x.is_number() {
        return Ok(Value::int(-1));
    }
    for i in (0..=k as usize).rev() {
        if i < cur && b::ta_get_num(t, i) == x.as_number() {
            return Ok(Value::int(i as i64));
        }
    }
    Ok(Value::int(-1))
}

/// %TypedArray%.prototype.join ( separator ) — 23.2.3.18
fn ta_join(args: &Args) -> JsResult {
    let len = validate(args.this(), "join")?;
    let sep = if args.get(0).is_undefined() { vec![b',' as u16] } else { string::view(ops::to_string(args.get(0))?).to_vec() };
    let t = args.this();
    let ty = b::ta_type(t);
    let mut out: Vec<u16> = Vec::new();
    for k in 0..len {
        if k > 0 {
            out.extend_from_slice(&sep);
        }
        if k < ta_len(t) {
            let s = match ty {
                Ty::BigInt64 => (b::ta_get_bits(t, k) as i64).to_string(),
                Ty::BigUint64 => b::ta_get_bits(t, k).to_string(),
                _ => num_str(b::ta_get_num(t, k)),
            };
            out.extend(s.encode_utf16());
        }
    }
    Ok(string::from_units(&out))
}

/// %TypedArray%.prototype.toLocaleString — 23.2.3.31
fn ta_to_locale_string(args: &Args) -> JsResult {
    let len = validate(args.this(), "toLocaleString")?;
    let scope = HandleScope::new();
    let ho = scope.root(args.this().0);
    crate::array::join_impl(ho, len, &[b',' as u16], true)
}

/// %TypedArray%.prototype.map — 23.2.3.22
fn ta_map(args: &Args) -> JsResult {
    let len = validate(args.this(), "map")?;
    callback(args, 0)?;
    let scope = HandleScope::new();
    let a = species_create_len(args.this(), len)?;
    let ha = scope.root(a.0);
    for k in 0..len {
        let e = get(args.this(), k);
        let r = function::call(args.get(0), args.get(1), &[e, Value::int(k as i64), args.this()])?;
        object::set_value_key(Value(ha.get()), Value::int(k as i64), r)?;
    }
    Ok(Value(ha.get()))
}

/// %TypedArray%.prototype.reduce / reduceRight — 23.2.3.23, 23.2.3.24
fn reduce(args: &Args, what: &str, right: bool) -> JsResult {
    let len = validate(args.this(), what)?;
    callback(args, 0)?;
    let scope = HandleScope::new();
    let mut k = 0;
    let acc = if args.len() >= 2 {
        args.get(1)
    } else {
        if len == 0 {
            return Err(error::type_error("Reduce of empty array with no initial value"));
        }
        k = 1;
        get(args.this(), if right { len - 1 } else { 0 })
    };
    let ha = scope.root(acc.0);
    while k < len {
        let i = if right { len - 1 - k } else { k };
        let e = get(args.this(), i);
        let r = function::call(args.get(0), Value::UNDEFINED, &[Value(ha.get()), e, Value::int(i as i64), args.this()])?;
        ha.set(r.0);
        k += 1;
    }
    Ok(Value(ha.get()))
}

fn ta_reduce(args: &Args) -> JsResult {
    reduce(args, "reduce", false)
}

fn ta_reduce_right(args: &Args) -> JsResult {
    reduce(args, "reduceRight", true)
}

/// Reverses the elements of `bytes` (elements of `size` bytes).
fn reverse_elements(bytes: &mut [u8], size: usize) {
    let n = bytes.len() / size;
    for i in 0..n / 2 {
        let j = n - 1 - i;
        for s in 0..size {
            bytes.swap(i * size + s, j * size + s);
        }
    }
}

/// %TypedArray%.prototype.reverse — 23.2.3.25
fn ta_reverse(args: &Args) -> JsResult {
    validate(args.this(), "reverse")?;
    let t = args.this();
    reverse_elements(b::ta_bytes_mut(t), b::ta_type(t).size());
    Ok(args.this())
}

/// %TypedArray%.prototype.toReversed — 23.2.3.32
fn ta_to_reversed(args: &Args) -> JsResult {
    let len = validate(args.this(), "toReversed")?;
    let a = create_same_type(args.this(), len)?;
    let t = args.this();
    b::ta_bytes_mut(a).copy_from_slice(b::ta_bytes(t));
    reverse_elements(b::ta_bytes_mut(a), b::ta_type(t).size());
    Ok(a)
}

/// %TypedArray%.prototype.set ( source [ , offset ] ) — 23.2.3.26
fn ta_set(args: &Args) -> JsResult {
    if !b::is_typed_array(args.this()) {
        return Err(error::type_error("this is not a typed array."));
    }
    let off = ops::to_integer(args.get(1))?;
    if off < 0.0 {
        return Err(error::range_error("offset is out of bounds"));
    }
    let src = args.get(0);
    if b::is_typed_array(src) {
        // SetTypedArrayFromTypedArray — 23.2.3.26.2 (the views may overlap).
        let t = args.this();
        if b::view_out_of_bounds(t) || b::view_out_of_bounds(src) {
            return Err(detached_error("%TypedArray%.prototype.set"));
        }
        let target_len = ta_len(t);
        let n = ta_len(src);
        if n as f64 + off > target_len as f64 {
            return Err(error::range_error("offset is out of bounds"));
        }
        let off = off as usize;
        let (sty, tty) = (b::ta_type(src), b::ta_type(t));
        if sty.is_bigint() != tty.is_bigint() {
            return Err(content_type_error());
        }
        if sty == tty || tty.is_bigint() {
            let tmp = b::ta_bytes(src).to_vec();
            let size = tty.size();
            b::ta_bytes_mut(t)[off * size..(off + n) * size].copy_from_slice(&tmp);
        } else {
            let tmp: Vec<f64> = (0..n).map(|k| b::ta_get_num(src, k)).collect();
            for (k, f) in tmp.into_iter().enumerate() {
                b::ta_put(t, off + k, f);
            }
        }
        return Ok(Value::UNDEFINED);
    }
    // SetTypedArrayFromArrayLike — 23.2.3.26.1.
    if b::view_out_of_bounds(args.this()) {
        return Err(detached_error("%TypedArray%.prototype.set"));
    }
    let target_len = ta_len(args.this());
    let scope = HandleScope::new();
    let o = ops::to_object(src)?;
    let ho = scope.root(o.0);
    let n = ops::length_of(o)?;
    if n as f64 + off > target_len as f64 {
        return Err(error::range_error("offset is out of bounds"));
    }
    for k in 0..n {
        let v = object::get_value_key(Value(ho.get()), Value::int(k as i64))?;
        b::set_element(args.this(), Some(off as usize + k), v)?;
    }
    Ok(Value::UNDEFINED)
}

/// %TypedArray%.prototype.slice ( start, end ) — 23.2.3.27
fn ta_slice(args: &Args) -> JsResult {
    let len = validate(args.this(), "slice")?;
    let k = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(k);
    let a = species_create_len(args.this(), count)?;
    if count > 0 {
        let scope = HandleScope::new();
        let ha = scope.root(a.0);
        let t = args.this();
        if b::view_out_of_bounds(t) {
            return Err(detached_error("%TypedArray%.prototype.slice"));
        }
        let fin = fin.min(ta_len(t));
        let count = fin.saturating_sub(k);
        let (sty, aty) = (b::ta_type(t), b::ta_type(a));
        if count == 0 {
            // The buffer shrank below the start.
        } else if sty == aty {
            // A forward byte-by-byte copy, as the spec's loop: when the
            // views share a buffer, bytes already written are read again.
            let size = sty.size();
            let (ss, ts) = (t.cell().field(TA_STORE), a.cell().field(TA_STORE));
            let from = b::ta_offset(t) + k * size;
            let (to, room) = b::view_window(a).unwrap_or((0, 0));
            let n = (count * size).min(room);
            if ss == ts {
                let bytes = b::store_bytes_mut(ss);
                for j in 0..n {
                    bytes[to + j] = bytes[from + j];
                }
            } else {
                let src = &b::store_bytes(ss)[from..from + n];
                b::store_bytes_mut(ts)[to..to + n].copy_from_slice(src);
            }
        } else {
            for (n, i) in (k..fin).enumerate() {
                let v = get(args.this(), i);
                object::set_value_key(Value(ha.get()), Value::int(n as i64), v)?;
            }
        }
        return Ok(Value(ha.get()));
    }
    Ok(a)
}

/// SortCompare of two elements (23.2.4.7) without a comparator: numeric,
/// -0 before +0, NaN last.
fn default_cmp(x: f64, y: f64) -> core::cmp::Ordering {
    use core::cmp::Ordering;
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => x.total_cmp(&y),
    }
}

/// Sorts `v` stably, by the comparator when it is not undefined, else by
/// `default`; `value` makes an element the comparator sees (it may
/// allocate: a BigInt).
fn sort_values<T: Copy>(v: &mut [T], cmp: Value, default: fn(&T, &T) -> core::cmp::Ordering, value: fn(T) -> Value) -> JsResult<()> {
    if cmp.is_undefined() {
        v.sort_by(default);
        return Ok(());
    }
    let scope = HandleScope::new();
    let hc = scope.root(cmp.0);
    // A stable merge sort that stops at the first exception.
    let mut buf = v.to_vec();
    let n = v.len();
    let mut width = 1;
    while width < n {
        let mut i = 0;
        while i < n {
            let mid = (i + width).min(n);
            let hi = (i + 2 * width).min(n);
            let (mut a, mut c) = (i, mid);
            let mut o = i;
            while a < mid && c < hi {
                let inner = HandleScope::new();
                let hx = inner.root(value(v[c]).0);
                let y = value(v[a]);
                let r = function::call(Value(hc.get()), Value::UNDEFINED, &[Value(hx.get()), y])?;
                let r = ops::to_number(r)?;
                // Take the right element first only when it sorts strictly before.
                if r < 0.0 {
                    buf[o] = v[c];
                    c += 1;
                } else {
                    buf[o] = v[a];
                    a += 1;
                }
                o += 1;
            }
            buf[o..o + mid - a].copy_from_slice(&v[a..mid]);
            o += mid - a;
            buf[o..o + hi - c].copy_from_slice(&v[c..hi]);
            i += 2 * width;
        }
        v.copy_from_slice(&buf);
        width *= 2;
    }
    Ok(())
}

/// Elements `0..len` of `t` sorted (SortIndexedProperties with the
/// TypedArray SortCompare, 23.2.4.7), as element bytes for
/// [`b::ta_put_elem`]. BigInt elements sort as integers of their type and
/// are made BigInts only for a comparator.
fn sorted_elements(t: Value, len: usize, cmp: Value) -> JsResult<Vec<[u8; 8]>> {
    let ty = b::ta_type(t);
    match ty {
        Ty::BigInt64 => {
            let mut v: Vec<i64> = (0..len).map(|k| b::ta_get_bits(t, k) as i64).collect();
            sort_values(&mut v, cmp, i64::cmp, bigint::from_i64)?;
            Ok(v.into_iter().map(i64::to_le_bytes).collect())
        }
        Ty::BigUint64 => {
            let mut v: Vec<u64> = (0..len).map(|k| b::ta_get_bits(t, k)).collect();
            sort_values(&mut v, cmp, u64::cmp, bigint::from_u64)?;
            Ok(v.into_iter().map(u64::to_le_bytes).collect())
        }
        _ => {
            let mut v: Vec<f64> = (0..len).map(|k| b::ta_get_num(t, k)).collect();
            sort_values(&mut v, cmp, |a, b| default_cmp(*a, *b), Value::num)?;
            Ok(v.into_iter()
                .map(|f| {
                    let mut e = [0u8; 8];
                    ty.encode(f, &mut e);
                    e
                })
                .collect())
        }
    }
}

fn comparator(args: &Args) -> JsResult<Value> {
    let c = args.get(0);
    if !c.is_undefined() && !perry_runtime::proxy::is_callable(c) {
        return Err(error::type_error("The comparison function must be either a function or undefined"));
    }
    Ok(c)
}

/// %TypedArray%.prototype.sort ( comparefn ) — 23.2.3.30
fn ta_sort(args: &Args) -> JsResult {
    comparator(args)?;
    let len = validate(args.this(), "sort")?;
    let v = sorted_elements(args.this(), len, args.get(0))?;
    let t = args.this();
    let cur = ta_len(t);
    for (k, e) in v.iter().enumerate().take(cur) {
        b::ta_put_elem(t, k, e);
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.toSorted ( comparefn ) — 23.2.3.33
fn ta_to_sorted(args: &Args) -> JsResult {
    comparator(args)?;
    let len = validate(args.this(), "toSorted")?;
    let scope = HandleScope::new();
    let a = create_same_type(args.this(), len)?;
    let ha = scope.root(a.0);
    // The comparator is read again: allocating the result may have moved it.
    let v = sorted_elements(args.this(), len, args.get(0))?;
    let a = Value(ha.get());
    for (k, e) in v.iter().enumerate() {
        b::ta_put_elem(a, k, e);
    }
    Ok(a)
}

/// %TypedArray%.prototype.subarray ( start, end ) — 23.2.3.31
fn ta_subarray(args: &Args) -> JsResult {
    let t = require_ta(args, "subarray")?;
    let src_len = ta_len(t);
    let begin = rel_index(args.get(0), src_len, 0)?;
    let t = args.this();
    let ty = b::ta_type(t);
    let begin_offset = b::ta_offset(t) + begin * ty.size();
    let new_len = if b::view_tracking(t) && args.get(1).is_undefined() {
        None
    } else {
        let fin = rel_index(args.get(1), src_len, src_len)?;
        Some(fin.saturating_sub(begin))
    };
    // The new view shares the buffer object: make it now.
    let buf = b::ta_buffer(args.this());
    let scope = HandleScope::new();
    let hb = scope.root(buf.0);
    let c = species_constructor(args.this(), ctor_of(ty))?;
    let hc = scope.root(c.0);
    let mut list = vec![Value(hb.get()), Value::int(begin_offset as i64)];
    if let Some(n) = new_len {
        list.push(Value::int(n as i64));
    }
    // `construct` roots the argument list before it allocates.
    let r = create_from_constructor(Value(hc.get()), &list)?;
    if b::ta_type(r).is_bigint() != ty.is_bigint() {
        return Err(content_type_error());
    }
    Ok(r)
}

/// %TypedArray%.prototype.with ( index, value ) — 23.2.3.36
fn ta_with(args: &Args) -> JsResult {
    let len = validate(args.this(), "with")?;
    let rel = ops::to_integer(args.get(0))?;
    let actual = if rel >= 0.0 { rel } else { len as f64 + rel };
    let ty = b::ta_type(args.this());
    let e = ty.to_element(args.get(1))?;
    if actual < 0.0 || actual >= ta_len(args.this()) as f64 {
        return Err(error::range_error("Invalid typed array index"));
    }
    let scope = HandleScope::new();
    let a = create_same_type(args.this(), len)?;
    let ha = scope.root(a.0);
    let t = args.this();
    let a = Value(ha.get());
    let cur = ta_len(t);
    for k in 0..len {
        if k == actual as usize {
            b::ta_put_elem(a, k, &e);
        } else if k < cur {
            // Distinct stores, and nothing allocates in between.
            b::ta_put_elem(a, k, b::ta_elem(t, k));
        } else if ty.is_bigint() {
            // Get gave undefined, and Set does ToBigInt(undefined).
            return Err(error::type_error("Cannot convert undefined to a BigInt"));
        } else {
            b::ta_put(a, k, f64::NAN);
        }
    }
    Ok(a)
}

pub fn install() {
    let scope = HandleScope::new();
    let tbl = table();
    perry_gc::roots::register_range("typed arrays", tbl.as_mut_ptr(), tbl.len());

    // %TypedArray%
    let tap = object::new_object_kind(KIND_OBJECT, realm::get(I::ObjectProto), 48);
    realm::set(I::TypedArrayProto, tap);
    let tc = function::new_native_caps("TypedArray", 0, typed_array_ctor, 0, FNF_CONSTRUCTOR);
    table()[2 * N] = tc.0;
    let htc = || typed_array_intrinsic();
    object::define(htc(), names::PROTOTYPE, realm::get(I::TypedArrayProto), 0);
    object::define_hidden(realm::get(I::TypedArrayProto), names::CONSTRUCTOR, htc());
    method(htc(), "from", 1, typed_array_from);
    method(htc(), "of", 0, typed_array_of);
    let g = function::new_native("get [Symbol.species]", 0, species_getter);
    object::define_accessor(htc(), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, shape::CONFIGURABLE);
    let tap = || realm::get(I::TypedArrayProto);
    getter(tap(), "buffer", ta_buffer);
    getter(tap(), "byteLength", ta_byte_length);
    getter(tap(), "byteOffset", ta_byte_offset);
    getter(tap(), "length", ta_length);
    let g = function::new_native("get [Symbol.toStringTag]", 0, ta_to_string_tag);
    object::define_accessor(tap(), realm::sym_atom(I::SymToStringTag), g, Value::UNDEFINED, shape::CONFIGURABLE);
    method(tap(), "entries", 0, ta_entries);
    method(tap(), "keys", 0, ta_keys);
    let values = method(tap(), "values", 0, ta_values);
    let hv = scope.root(values.0);
    object::define_hidden(tap(), realm::sym_atom(I::SymIterator), Value(hv.get()));
    method(tap(), "at", 1, ta_at);
    method(tap(), "copyWithin", 2, ta_copy_within);
    method(tap(), "every", 1, ta_every);
    method(tap(), "fill", 1, ta_fill);
    method(tap(), "filter", 1, ta_filter);
    method(tap(), "find", 1, ta_find);
    method(tap(), "findIndex", 1, ta_find_index);
    method(tap(), "findLast", 1, ta_find_last);
    method(tap(), "findLastIndex", 1, ta_find_last_index);
    method(tap(), "forEach", 1, ta_for_each);
    method(tap(), "includes", 1, ta_includes);
    method(tap(), "indexOf", 1, ta_index_of);
    method(tap(), "join", 1, ta_join);
    method(tap(), "lastIndexOf", 1, ta_last_index_of);
    method(tap(), "map", 1, ta_map);
    method(tap(), "reduce", 1, ta_reduce);
    method(tap(), "reduceRight", 1, ta_reduce_right);
    method(tap(), "reverse", 0, ta_reverse);
    method(tap(), "set", 1, ta_set);
    method(tap(), "slice", 2, ta_slice);
    method(tap(), "some", 1, ta_some);
    method(tap(), "sort", 1, ta_sort);
    method(tap(), "subarray", 2, ta_subarray);
    method(tap(), "toLocaleString", 0, ta_to_locale_string);
    method(tap(), "toReversed", 0, ta_to_reversed);
    method(tap(), "toSorted", 1, ta_to_sorted);
    method(tap(), "with", 2, ta_with);
    // %TypedArray%.prototype.toString is %Array.prototype.toString% (23.2.3.34).
    let ts = object::get(realm::get(I::ArrayProto), names::TO_STRING).unwrap_or(Value::UNDEFINED);
    object::define_hidden(tap(), names::TO_STRING, ts);

    // The concrete constructors (23.2.6, 23.2.7).
    let bpe = atoms::intern("BYTES_PER_ELEMENT");
    for ty in TYPES {
        let p = object::new_object_kind(KIND_OBJECT, realm::get(I::TypedArrayProto), 4);
        table()[N + ty as usize] = p.0;
        let c = function::new_native_caps(ty.name(), 3, concrete_ctor, 1, FNF_CONSTRUCTOR);
        c.cell().set_field(FN_CAPS, Value::int(ty as i64));
        table()[ty as usize] = c.0;
        let (c, p) = (ctor_of(ty), proto_of(ty));
        object::define(c, names::PROTOTYPE, p, 0);
        object::define_hidden(proto_of(ty), names::CONSTRUCTOR, ctor_of(ty));
        object::set_proto(ctor_of(ty), typed_array_intrinsic());
        object::define(ctor_of(ty), bpe, Value::int(ty.size() as i64), 0);
        object::define(proto_of(ty), bpe, Value::int(ty.size() as i64), 0);
        crate::global_value(ty.name(), ctor_of(ty));
    }
    realm::set(I::Uint8ArrayProto, proto_of(Ty::Uint8));
}
