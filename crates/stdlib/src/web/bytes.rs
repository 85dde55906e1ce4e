//! ArrayBuffer (ECMAScript 25.1), %TypedArray% (23.2) and Uint8Array (23.2.6)
//! on the byte cells of runtime `bytes.rs`.
//!
//! NOTE: deviates from the spec: Uint8Array is the only typed array;
//! ArrayBuffers are never detached or resized; `slice`, `subarray`, `map`,
//! `filter` and ArrayBuffer's `slice` make %Uint8Array% / %ArrayBuffer%
//! objects without consulting `constructor[@@species]`.

use super::{P, proto, set_proto as set_web_proto};
use crate::{getter, method};
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::atoms::{self, names};
use perry_runtime::bytes::{self as b, ta_get, ta_len};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const MAX_SAFE: f64 = 9007199254740991.0;

/// ToIndex (7.1.22) without the error: `None` when out of range.
fn to_index(v: Value) -> JsResult<Result<usize, f64>> {
    if v.is_undefined() {
        return Ok(Ok(0));
    }
    let f = ops::to_integer(v)?;
    if !(0.0..=MAX_SAFE).contains(&f) { Ok(Err(f)) } else { Ok(Ok(f as usize)) }
}

/// A relative index argument clamped to [0, len] (`undefined` gives `default`).
fn rel_index(v: Value, len: usize, default: usize) -> JsResult<usize> {
    if v.is_undefined() {
        return Ok(default);
    }
    let f = ops::to_integer(v)?;
    let l = len as f64;
    Ok(if f < 0.0 { (l + f).max(0.0) as usize } else { f.min(l) as usize })
}

fn num_str(f: f64) -> String {
    string::number_to_rust(f)
}

fn check_size(n: usize, what: &str) -> JsResult<()> {
    if n > b::MAX_BYTES {
        return Err(error::range_error(what));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// ArrayBuffer
// ---------------------------------------------------------------------------

/// ArrayBuffer ( length ) — 25.1.4.1
fn array_buffer_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Constructor ArrayBuffer requires 'new'"));
    }
    let n = match to_index(args.get(0))? {
        Ok(n) => n,
        Err(_) => return Err(error::range_error("Invalid array buffer length")),
    };
    check_size(n, "Array buffer allocation failed")?;
    let p = function::proto_from_new_target(args.new_target(), I::ArrayBufferProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let s = b::alloc_store(n);
    Ok(b::array_buffer_over(s, Value(hp.get())))
}

fn buffer_this(args: &Args, what: &str) -> JsResult {
    let t = args.this();
    if b::is_array_buffer(t) {
        Ok(t)
    } else {
        Err(error::type_error(&format!("Method ArrayBuffer.prototype.{what} called on incompatible receiver {}", crate::object_builtins::v8_brief(t))))
    }
}

/// get ArrayBuffer.prototype.byteLength — 25.1.6.2
fn buffer_byte_length(args: &Args) -> JsResult {
    Ok(Value::int(b::ab_len(buffer_this(args, "byteLength")?) as i64))
}

/// ArrayBuffer.prototype.slice ( start, end ) — 25.1.6.7
fn buffer_slice(args: &Args) -> JsResult {
    let len = b::ab_len(buffer_this(args, "slice")?);
    let first = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(first);
    let s = b::alloc_store(count);
    let src = b::store_bytes(args.this().field(AB_STORE));
    b::store_bytes_mut(s).copy_from_slice(&src[first..first + count]);
    Ok(b::array_buffer_over(s, realm::get(I::ArrayBufferProto)))
}

/// ArrayBuffer.isView ( arg ) — 25.1.5.1
fn buffer_is_view(args: &Args) -> JsResult {
    Ok(Value::bool(b::is_uint8array(args.get(0))))
}

/// get ArrayBuffer [ @@species ] and get %TypedArray% [ @@species ].
fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

// ---------------------------------------------------------------------------
// %TypedArray% and Uint8Array construction
// ---------------------------------------------------------------------------

/// %TypedArray% ( ) — 23.2.1.1
fn typed_array_ctor(_args: &Args) -> JsResult {
    Err(error::type_error("Abstract class TypedArray not directly constructable"))
}

/// A new %Uint8Array% of `n` zero bytes.
pub fn new_zeroed(n: usize) -> JsResult {
    check_size(n, &format!("Invalid typed array length: {n}"))?;
    let s = b::alloc_store(n);
    Ok(b::uint8array_over(s, Value::UNDEFINED, 0, n, realm::get(I::Uint8ArrayProto)))
}

/// Uint8Array ( ...args ) — 23.2.5.1
fn uint8array_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Constructor Uint8Array requires 'new'"));
    }
    let p = function::proto_from_new_target(args.new_target(), I::Uint8ArrayProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let a0 = args.get(0);
    if !a0.is_js_object() {
        // AllocateTypedArray with ToIndex(length) — 23.2.5.1.6.
        let n = match to_index(a0)? {
            Ok(n) => n,
            Err(f) => return Err(error::range_error(&format!("Invalid typed array length: {}", num_str(f)))),
        };
        check_size(n, &format!("Invalid typed array length: {n}"))?;
        let s = b::alloc_store(n);
        return Ok(b::uint8array_over(s, Value::UNDEFINED, 0, n, Value(hp.get())));
    }
    if b::is_array_buffer(a0) {
        // InitializeTypedArrayFromArrayBuffer — 23.2.5.1.3.
        let offset = match to_index(args.get(1))? {
            Ok(n) => n,
            Err(f) => return Err(error::range_error(&format!("Start offset {} is outside the bounds of the buffer", num_str(f)))),
        };
        let new_len = if args.get(2).is_undefined() {
            None
        } else {
            match to_index(args.get(2))? {
                Ok(n) => Some(n),
                Err(f) => return Err(error::range_error(&format!("Invalid typed array length: {}", num_str(f)))),
            }
        };
        let buf = args.get(0);
        let buf_len = b::ab_len(buf);
        let len = match new_len {
            None => {
                if offset > buf_len {
                    return Err(error::range_error(&format!("Start offset {offset} is outside the bounds of the buffer")));
                }
                buf_len - offset
            }
            Some(n) => {
                if offset + n > buf_len {
                    return Err(error::range_error(&format!("Invalid typed array length: {n}")));
                }
                n
            }
        };
        return Ok(b::uint8array_over(buf.field(AB_STORE), buf, offset, len, Value(hp.get())));
    }
    if b::is_uint8array(a0) {
        // InitializeTypedArrayFromTypedArray — 23.2.5.1.2.
        let n = ta_len(a0);
        let s = b::alloc_store(n);
        b::store_bytes_mut(s).copy_from_slice(b::ta_bytes(args.get(0)));
        return Ok(b::uint8array_over(s, Value::UNDEFINED, 0, n, Value(hp.get())));
    }
    // InitializeTypedArrayFromList / FromArrayLike — 23.2.5.1.4, 23.2.5.1.5.
    let u = from_values(a0, |n| {
        check_size(n, &format!("Invalid typed array length: {n}"))?;
        let s = b::alloc_store(n);
        Ok(b::uint8array_over(s, Value::UNDEFINED, 0, n, Value(hp.get())))
    })?;
    Ok(u)
}

/// The values of an iterable or array-like `src`, converted into a typed
/// array `create(len)` makes, with an optional `map(value, index)`.
fn from_values_mapped(src: Value, create: &mut dyn FnMut(usize) -> JsResult, map: &mut dyn FnMut(Value, usize) -> JsResult) -> JsResult {
    let scope = HandleScope::new();
    let hs = scope.root(src.0);
    let using = if src.is_nullish() { Value::UNDEFINED } else { object::get(src, realm::sym_atom(I::SymIterator))? };
    if !using.is_nullish() {
        // An iterable: its values first (23.2.5.1.4), then the conversions.
        let list = arr::new_array(0);
        let hl = scope.root(list.0);
        iter::collect_into(list, Value(hs.get()))?;
        let n = arr::len(Value(hl.get()));
        let t = create(n)?;
        let ht = scope.root(t.0);
        for k in 0..n {
            let v = arr::get_index(Value(hl.get()), k);
            let v = if v == Value::HOLE { Value::UNDEFINED } else { v };
            let v = map(v, k)?;
            b::set_element(Value(ht.get()), Some(k), v)?;
        }
        return Ok(Value(ht.get()));
    }
    let o = ops::to_object(Value(hs.get()))?;
    hs.set(o.0);
    let n = ops::length_of(o)?;
    let t = create(n)?;
    let ht = scope.root(t.0);
    for k in 0..n {
        let v = object::get_value_key(Value(hs.get()), Value::int(k as i64))?;
        let v = map(v, k)?;
        b::set_element(Value(ht.get()), Some(k), v)?;
    }
    Ok(Value(ht.get()))
}

fn from_values(src: Value, mut create: impl FnMut(usize) -> JsResult) -> JsResult {
    from_values_mapped(src, &mut create, &mut |v, _| Ok(v))
}

/// TypedArrayCreateFromConstructor(C, « len ») — 23.2.4.2: the intrinsic
/// constructor directly, any other through [[Construct]] and validated.
fn create_from_constructor(c: Value, n: usize) -> JsResult {
    if c == proto(P::Uint8ArrayCtor) {
        return new_zeroed(n);
    }
    let t = function::construct(c, &[Value::int(n as i64)], c)?;
    if !b::is_uint8array(t) {
        return Err(error::type_error("this is not a typed array."));
    }
    if ta_len(t) < n {
        return Err(error::type_error("Derived TypedArray constructor created an array which was too small"));
    }
    Ok(t)
}

/// %TypedArray%.from ( source [ , mapfn [ , thisArg ] ] ) — 23.2.2.1
fn typed_array_from(args: &Args) -> JsResult {
    let c = args.this();
    if !function::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", crate::object_builtins::v8_brief(c))));
    }
    let f = args.get(1);
    let mapping = !f.is_undefined();
    if mapping && !f.is_function() {
        return Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(f))));
    }
    from_values_mapped(args.get(0), &mut |n| create_from_constructor(args.this(), n), &mut |v, k| {
        if mapping { function::call(args.get(1), args.get(2), &[v, Value::int(k as i64)]) } else { Ok(v) }
    })
}

/// %TypedArray%.of ( ...items ) — 23.2.2.2
fn typed_array_of(args: &Args) -> JsResult {
    let c = args.this();
    if !function::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", crate::object_builtins::v8_brief(c))));
    }
    let n = args.len();
    let t = create_from_constructor(c, n)?;
    let scope = HandleScope::new();
    let ht = scope.root(t.0);
    for k in 0..n {
        b::set_element(Value(ht.get()), Some(k), args.get(k))?;
    }
    Ok(Value(ht.get()))
}

// ---------------------------------------------------------------------------
// %TypedArray%.prototype
// ---------------------------------------------------------------------------

/// ValidateTypedArray: `this` must be a Uint8Array.
fn this_ta(args: &Args, what: &str) -> JsResult {
    let t = args.this();
    if b::is_uint8array(t) {
        Ok(t)
    } else {
        Err(error::type_error(&format!("Method %TypedArray%.prototype.{what} called on incompatible receiver {}", crate::object_builtins::v8_brief(t))))
    }
}

fn callback(args: &Args, i: usize) -> JsResult<Value> {
    let f = args.get(i);
    if f.is_function() || perry_runtime::proxy::is_callable(f) {
        Ok(f)
    } else {
        Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(f))))
    }
}

/// get %TypedArray%.prototype.buffer — 23.2.3.2
fn ta_buffer(args: &Args) -> JsResult {
    Ok(b::ta_buffer(this_ta(args, "buffer")?))
}

/// get %TypedArray%.prototype.byteLength — 23.2.3.3
fn ta_byte_length(args: &Args) -> JsResult {
    Ok(Value::int(ta_len(this_ta(args, "byteLength")?) as i64))
}

/// get %TypedArray%.prototype.byteOffset — 23.2.3.4
fn ta_byte_offset(args: &Args) -> JsResult {
    Ok(Value::int(b::ta_offset(this_ta(args, "byteOffset")?) as i64))
}

/// get %TypedArray%.prototype.length — 23.2.3.21
fn ta_length(args: &Args) -> JsResult {
    Ok(Value::int(ta_len(this_ta(args, "length")?) as i64))
}

/// get %TypedArray%.prototype [ @@toStringTag ] — 23.2.3.38
fn ta_to_string_tag(args: &Args) -> JsResult {
    if b::is_uint8array(args.this()) { Ok(string::from_str("Uint8Array")) } else { Ok(Value::UNDEFINED) }
}

/// %TypedArray%.prototype.at ( index ) — 23.2.3.1
fn ta_at(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "at")?);
    let f = ops::to_integer(args.get(0))?;
    let k = if f >= 0.0 { f } else { len as f64 + f };
    if k < 0.0 || k >= len as f64 {
        return Ok(Value::UNDEFINED);
    }
    Ok(Value::int(ta_get(args.this(), k as usize) as i64))
}

/// %TypedArray%.prototype.copyWithin ( target, start [ , end ] ) — 23.2.3.6
fn ta_copy_within(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "copyWithin")?);
    let to = rel_index(args.get(0), len, 0)?;
    let from = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    let count = fin.saturating_sub(from).min(len - to);
    if count > 0 {
        b::ta_bytes_mut(args.this()).copy_within(from..from + count, to);
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.entries / keys / values — 23.2.3.7, 23.2.3.19, 23.2.3.35
fn ta_entries(args: &Args) -> JsResult {
    Ok(iter::new_iterator(this_ta(args, "entries")?, iter::ARRAY_ENTRIES, I::ArrayIteratorProto))
}

fn ta_keys(args: &Args) -> JsResult {
    Ok(iter::new_iterator(this_ta(args, "keys")?, iter::ARRAY_KEYS, I::ArrayIteratorProto))
}

fn ta_values(args: &Args) -> JsResult {
    Ok(iter::new_iterator(this_ta(args, "values")?, iter::ARRAY_VALUES, I::ArrayIteratorProto))
}

/// Calls `callbackfn(element, index, this)` for each element in order
/// (or reverse order) until `stop` says so; returns the index it stopped at.
fn each(args: &Args, what: &str, reverse: bool, stop: &mut dyn FnMut(Value, u8) -> bool) -> JsResult<Option<usize>> {
    let len = ta_len(this_ta(args, what)?);
    callback(args, 0)?;
    for j in 0..len {
        let k = if reverse { len - 1 - j } else { j };
        let e = ta_get(args.this(), k);
        let r = function::call(args.get(0), args.get(1), &[Value::int(e as i64), Value::int(k as i64), args.this()])?;
        if stop(r, e) {
            return Ok(Some(k));
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
    let mut found = 0u8;
    let r = each(args, "find", false, &mut |r, e| {
        found = e;
        ops::to_boolean(r)
    })?;
    Ok(if r.is_some() { Value::int(found as i64) } else { Value::UNDEFINED })
}

fn ta_find_last(args: &Args) -> JsResult {
    let mut found = 0u8;
    let r = each(args, "findLast", true, &mut |r, e| {
        found = e;
        ops::to_boolean(r)
    })?;
    Ok(if r.is_some() { Value::int(found as i64) } else { Value::UNDEFINED })
}

/// %TypedArray%.prototype.findIndex / findLastIndex — 23.2.3.12, 23.2.3.14
fn ta_find_index(args: &Args) -> JsResult {
    Ok(Value::int(each(args, "findIndex", false, &mut |r, _| ops::to_boolean(r))?.map_or(-1, |k| k as i64)))
}

fn ta_find_last_index(args: &Args) -> JsResult {
    Ok(Value::int(each(args, "findLastIndex", true, &mut |r, _| ops::to_boolean(r))?.map_or(-1, |k| k as i64)))
}

/// %TypedArray%.prototype.fill ( value [ , start [ , end ] ] ) — 23.2.3.9
fn ta_fill(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "fill")?);
    let v = b::to_uint8(args.get(0))?;
    let k = rel_index(args.get(1), len, 0)?;
    let fin = rel_index(args.get(2), len, len)?;
    if k < fin {
        b::ta_bytes_mut(args.this())[k..fin].fill(v);
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.filter — 23.2.3.10
fn ta_filter(args: &Args) -> JsResult {
    let mut kept = Vec::new();
    each(args, "filter", false, &mut |r, e| {
        if ops::to_boolean(r) {
            kept.push(e);
        }
        false
    })?;
    Ok(b::new_uint8array(&kept))
}

/// The search value of includes/indexOf/lastIndexOf as a byte, if it can
/// equal one.
fn search_byte(v: Value) -> Option<u8> {
    if !v.is_number() {
        return None;
    }
    let f = v.as_number();
    if (0.0..=255.0).contains(&f) && f.fract() == 0.0 { Some(f as u8) } else { None }
}

/// The `fromIndex` of includes/indexOf: a start in [0, len].
fn from_index(v: Value, len: usize) -> JsResult<usize> {
    rel_index(v, len, 0)
}

/// %TypedArray%.prototype.includes — 23.2.3.16
fn ta_includes(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "includes")?);
    if len == 0 {
        return Ok(Value::FALSE);
    }
    let k = from_index(args.get(1), len)?;
    let Some(x) = search_byte(args.get(0)) else { return Ok(Value::FALSE) };
    Ok(Value::bool(b::ta_bytes(args.this())[k..].contains(&x)))
}

/// %TypedArray%.prototype.indexOf — 23.2.3.17
fn ta_index_of(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "indexOf")?);
    if len == 0 {
        return Ok(Value::int(-1));
    }
    let k = from_index(args.get(1), len)?;
    let Some(x) = search_byte(args.get(0)) else { return Ok(Value::int(-1)) };
    Ok(Value::int(b::ta_bytes(args.this())[k..].iter().position(|&e| e == x).map_or(-1, |p| (p + k) as i64)))
}

/// %TypedArray%.prototype.lastIndexOf — 23.2.3.20
fn ta_last_index_of(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "lastIndexOf")?);
    if len == 0 {
        return Ok(Value::int(-1));
    }
    let from = if args.len() > 1 { ops::to_integer(args.get(1))? } else { len as f64 - 1.0 };
    let k = if from >= 0.0 { from.min(len as f64 - 1.0) } else { len as f64 + from };
    if k < 0.0 {
        return Ok(Value::int(-1));
    }
    let Some(x) = search_byte(args.get(0)) else { return Ok(Value::int(-1)) };
    Ok(Value::int(b::ta_bytes(args.this())[..=k as usize].iter().rposition(|&e| e == x).map_or(-1, |p| p as i64)))
}

/// %TypedArray%.prototype.join ( separator ) — 23.2.3.18
fn ta_join(args: &Args) -> JsResult {
    this_ta(args, "join")?;
    let sep = if args.get(0).is_undefined() { ",".to_string() } else { ops::to_rust_string(args.get(0))? };
    let parts: Vec<String> = b::ta_bytes(args.this()).iter().map(|e| e.to_string()).collect();
    Ok(string::from_str(&parts.join(&sep)))
}

/// %TypedArray%.prototype.map — 23.2.3.22
fn ta_map(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "map")?);
    callback(args, 0)?;
    let scope = HandleScope::new();
    let ht = scope.root(new_zeroed(len)?.0);
    for k in 0..len {
        let e = ta_get(args.this(), k);
        let r = function::call(args.get(0), args.get(1), &[Value::int(e as i64), Value::int(k as i64), args.this()])?;
        b::set_element(Value(ht.get()), Some(k), r)?;
    }
    Ok(Value(ht.get()))
}

/// %TypedArray%.prototype.reduce / reduceRight — 23.2.3.23, 23.2.3.24
fn reduce(args: &Args, what: &str, right: bool) -> JsResult {
    let len = ta_len(this_ta(args, what)?);
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
        Value::int(ta_get(args.this(), if right { len - 1 } else { 0 }) as i64)
    };
    let ha = scope.root(acc.0);
    while k < len {
        let i = if right { len - 1 - k } else { k };
        let e = ta_get(args.this(), i);
        let r = function::call(args.get(0), Value::UNDEFINED, &[Value(ha.get()), Value::int(e as i64), Value::int(i as i64), args.this()])?;
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

/// %TypedArray%.prototype.reverse — 23.2.3.25
fn ta_reverse(args: &Args) -> JsResult {
    this_ta(args, "reverse")?;
    b::ta_bytes_mut(args.this()).reverse();
    Ok(args.this())
}

/// %TypedArray%.prototype.toReversed — 23.2.3.32
fn ta_to_reversed(args: &Args) -> JsResult {
    this_ta(args, "toReversed")?;
    let mut v = b::ta_bytes(args.this()).to_vec();
    v.reverse();
    Ok(b::new_uint8array(&v))
}

/// %TypedArray%.prototype.set ( source [ , offset ] ) — 23.2.3.26
fn ta_set(args: &Args) -> JsResult {
    this_ta(args, "set")?;
    let off = ops::to_integer(args.get(1))?;
    if off < 0.0 {
        return Err(error::range_error("offset is out of bounds"));
    }
    let target_len = ta_len(args.this());
    let src = args.get(0);
    if b::is_uint8array(src) {
        // SetTypedArrayFromTypedArray — 23.2.3.26.2 (the views may overlap).
        let n = ta_len(src);
        if n as f64 + off > target_len as f64 {
            return Err(error::range_error("offset is out of bounds"));
        }
        let tmp = b::ta_bytes(src).to_vec();
        b::ta_bytes_mut(args.this())[off as usize..off as usize + n].copy_from_slice(&tmp);
        return Ok(Value::UNDEFINED);
    }
    // SetTypedArrayFromArrayLike — 23.2.3.26.1.
    let scope = HandleScope::new();
    let o = ops::to_object(src)?;
    let ho = scope.root(o.0);
    let n = ops::length_of(o)?;
    if n as f64 + off > ta_len(args.this()) as f64 {
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
    let len = ta_len(this_ta(args, "slice")?);
    let k = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(k);
    let t = new_zeroed(count)?;
    if count > 0 {
        let src = &b::ta_bytes(args.this())[k..k + count];
        b::ta_bytes_mut(t).copy_from_slice(src);
    }
    Ok(t)
}

/// SortCompare for typed arrays (23.2.4.7) with a comparator.
fn sort_bytes(v: &mut [u8], cmp: Value) -> JsResult<()> {
    if cmp.is_undefined() {
        v.sort_unstable();
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
                let r = function::call(Value(hc.get()), Value::UNDEFINED, &[Value::int(v[c] as i64), Value::int(v[a] as i64)])?;
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

fn comparator(args: &Args) -> JsResult<Value> {
    let c = args.get(0);
    if !c.is_undefined() && !c.is_function() {
        return Err(error::type_error("The comparison function must be either a function or undefined"));
    }
    Ok(c)
}

/// %TypedArray%.prototype.sort ( comparefn ) — 23.2.3.30
fn ta_sort(args: &Args) -> JsResult {
    let c = comparator(args)?;
    this_ta(args, "sort")?;
    let mut v = b::ta_bytes(args.this()).to_vec();
    sort_bytes(&mut v, c)?;
    let t = args.this();
    if ta_len(t) == v.len() {
        b::ta_bytes_mut(t).copy_from_slice(&v);
    }
    Ok(args.this())
}

/// %TypedArray%.prototype.toSorted ( comparefn ) — 23.2.3.33
fn ta_to_sorted(args: &Args) -> JsResult {
    let c = comparator(args)?;
    this_ta(args, "toSorted")?;
    let mut v = b::ta_bytes(args.this()).to_vec();
    sort_bytes(&mut v, c)?;
    Ok(b::new_uint8array(&v))
}

/// %TypedArray%.prototype.subarray ( start, end ) — 23.2.3.31
fn ta_subarray(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "subarray")?);
    let begin = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(begin);
    // The new view shares the buffer object: make it now.
    let buf = b::ta_buffer(args.this());
    let scope = HandleScope::new();
    let hb = scope.root(buf.0);
    let t = args.this();
    let offset = b::ta_offset(t) + begin;
    Ok(b::uint8array_over(t.field(TA_STORE), Value(hb.get()), offset, count, realm::get(I::Uint8ArrayProto)))
}

/// %TypedArray%.prototype.with ( index, value ) — 23.2.3.36
fn ta_with(args: &Args) -> JsResult {
    let len = ta_len(this_ta(args, "with")?);
    let rel = ops::to_integer(args.get(0))?;
    let actual = if rel >= 0.0 { rel } else { len as f64 + rel };
    let v = b::to_uint8(args.get(1))?;
    if actual < 0.0 || actual >= len as f64 {
        return Err(error::range_error("Invalid typed array index"));
    }
    let mut bytes = b::ta_bytes(args.this()).to_vec();
    bytes[actual as usize] = v;
    Ok(b::new_uint8array(&bytes))
}

pub fn install() {
    let scope = HandleScope::new();
    let op = realm::get(I::ObjectProto);

    // ArrayBuffer
    let abp = object::new_object_kind(KIND_OBJECT, op, 8);
    realm::set(I::ArrayBufferProto, abp);
    let c = crate::constructor("ArrayBuffer", 1, array_buffer_ctor, abp);
    let hc = scope.root(c.0);
    method(Value(hc.get()), "isView", 1, buffer_is_view);
    species(Value(hc.get()));
    let abp = || realm::get(I::ArrayBufferProto);
    getter(abp(), "byteLength", buffer_byte_length);
    method(abp(), "slice", 2, buffer_slice);
    crate::to_string_tag(abp(), "ArrayBuffer");

    // %TypedArray%
    let tap = object::new_object_kind(KIND_OBJECT, realm::get(I::ObjectProto), 40);
    realm::set(I::TypedArrayProto, tap);
    let tc = function::new_native_caps("TypedArray", 0, typed_array_ctor, 0, FNF_CONSTRUCTOR);
    let htc = scope.root(tc.0);
    object::define(Value(htc.get()), names::PROTOTYPE, realm::get(I::TypedArrayProto), 0);
    object::define_hidden(realm::get(I::TypedArrayProto), names::CONSTRUCTOR, Value(htc.get()));
    method(Value(htc.get()), "from", 1, typed_array_from);
    method(Value(htc.get()), "of", 0, typed_array_of);
    species(Value(htc.get()));
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
    method(tap(), "toReversed", 0, ta_to_reversed);
    method(tap(), "toSorted", 1, ta_to_sorted);
    method(tap(), "with", 2, ta_with);
    // %TypedArray%.prototype.toString is %Array.prototype.toString% (23.2.3.34).
    let ts = object::get(realm::get(I::ArrayProto), names::TO_STRING).unwrap_or(Value::UNDEFINED);
    object::define_hidden(tap(), names::TO_STRING, ts);

    // Uint8Array
    let up = object::new_object_kind(KIND_OBJECT, realm::get(I::TypedArrayProto), 4);
    realm::set(I::Uint8ArrayProto, up);
    let uc = crate::constructor("Uint8Array", 3, uint8array_ctor, up);
    let huc = scope.root(uc.0);
    object::set_proto(Value(huc.get()), Value(htc.get()));
    set_web_proto(P::Uint8ArrayCtor, Value(huc.get()));
    let bpe = atoms::intern("BYTES_PER_ELEMENT");
    object::define(Value(huc.get()), bpe, Value::int(1), 0);
    object::define(realm::get(I::Uint8ArrayProto), bpe, Value::int(1), 0);
}

fn species(c: Value) {
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    let g = function::new_native("get [Symbol.species]", 0, species_getter);
    object::define_accessor(Value(hc.get()), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, shape::CONFIGURABLE);
}
