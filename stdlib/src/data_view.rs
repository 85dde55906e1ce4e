//! DataView (ECMAScript 25.3) on the view cells of runtime `bytes.rs`.

use crate::typed_array::to_index;
use crate::{getter, method};
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::bytes::{self as b, Ty};
use perry_runtime::error::{self, Exc};
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

fn detached(what: &str) -> Exc {
    error::type_error(&format!("Cannot perform {what} on a detached ArrayBuffer"))
}

/// DataView ( buffer [ , byteOffset [ , byteLength ] ] ) — 25.3.2.1
fn data_view_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Constructor DataView requires 'new'"));
    }
    if !b::is_array_buffer(args.get(0)) {
        return Err(error::type_error("First argument to DataView constructor must be an ArrayBuffer"));
    }
    let offset = match to_index(args.get(1))? {
        Ok(n) => n,
        Err(f) => return Err(error::range_error(&format!("Start offset {} is outside the bounds of the buffer", string::number_to_rust(f)))),
    };
    if b::ab_detached(args.get(0)) {
        return Err(detached("DataView constructor"));
    }
    let buf_len = b::ab_len(args.get(0));
    if offset > buf_len {
        return Err(error::range_error(&format!("Start offset {offset} is outside the bounds of the buffer")));
    }
    let len = if args.get(2).is_undefined() {
        if b::ab_max(args.get(0)).is_some() { None } else { Some(buf_len - offset) }
    } else {
        match to_index(args.get(2))? {
            Ok(n) if offset.checked_add(n).is_some_and(|e| e <= buf_len) => Some(n),
            Ok(n) => return Err(error::range_error(&format!("Invalid DataView length {n}"))),
            Err(f) => return Err(error::range_error(&format!("Invalid DataView length {}", string::number_to_rust(f)))),
        }
    };
    let p = function::proto_from_new_target(args.new_target(), I::DataViewProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    // The prototype's getter may have detached or shrunk the buffer.
    let buf = args.get(0);
    if b::ab_detached(buf) {
        return Err(detached("DataView constructor"));
    }
    let buf_len = b::ab_len(buf);
    if offset > buf_len {
        return Err(error::range_error(&format!("Start offset {offset} is outside the bounds of the buffer")));
    }
    if let Some(n) = len
        && offset + n > buf_len
    {
        return Err(error::range_error(&format!("Invalid DataView length {n}")));
    }
    Ok(b::data_view_over(buf, offset, len, Value(hp.get())))
}

fn view_this(args: &Args, what: &str) -> JsResult {
    let t = args.this();
    if b::is_data_view(t) {
        Ok(t)
    } else {
        Err(error::type_error(&format!("Method DataView.prototype.{what} called on incompatible receiver {}", crate::object_builtins::v8_brief(t))))
    }
}

/// get DataView.prototype.buffer — 25.3.4.1
fn dv_buffer(args: &Args) -> JsResult {
    Ok(view_this(args, "buffer")?.cell().field(TA_BUFFER))
}

/// get DataView.prototype.byteLength — 25.3.4.2
fn dv_byte_length(args: &Args) -> JsResult {
    let t = view_this(args, "byteLength")?;
    match b::view_window(t) {
        Some((_, n)) => Ok(Value::int(n as i64)),
        None => Err(detached("DataView.prototype.byteLength")),
    }
}

/// get DataView.prototype.byteOffset — 25.3.4.3
fn dv_byte_offset(args: &Args) -> JsResult {
    let t = view_this(args, "byteOffset")?;
    match b::view_window(t) {
        Some((o, _)) => Ok(Value::int(o as i64)),
        None => Err(detached("DataView.prototype.byteOffset")),
    }
}

/// The byte index of an access of `size` bytes at `request` (GetViewValue
/// and SetViewValue, 25.3.1.5 and 25.3.1.6, after the conversions).
fn view_index(t: Value, get_index: usize, size: usize, what: &str) -> JsResult<usize> {
    let Some((off, n)) = b::view_window(t) else { return Err(detached(&format!("DataView.prototype.{what}"))) };
    if get_index.checked_add(size).is_none_or(|e| e > n) {
        return Err(error::range_error("Offset is outside the bounds of the DataView"));
    }
    Ok(off + get_index)
}

fn request_index(v: Value) -> JsResult<usize> {
    match to_index(v)? {
        Ok(n) => Ok(n),
        Err(_) => Err(error::range_error("Offset is outside the bounds of the DataView")),
    }
}

/// GetViewValue ( view, requestIndex, isLittleEndian, type ) — 25.3.1.5
fn get_view_value(args: &Args, ty: Ty, what: &str) -> JsResult {
    view_this(args, what)?;
    let i = request_index(args.get(0))?;
    let little = ops::to_boolean(args.get(1));
    let t = args.this();
    let at = view_index(t, i, ty.size(), what)?;
    let size = ty.size();
    let mut e = [0u8; 8];
    e[..size].copy_from_slice(&b::store_bytes(t.cell().field(TA_STORE))[at..at + size]);
    if !little {
        e[..size].reverse();
    }
    if ty.is_bigint() {
        return Ok(ty.decode_bigint(&e));
    }
    Ok(Value::num(ty.decode(&e)))
}

/// SetViewValue ( view, requestIndex, isLittleEndian, type, value ) — 25.3.1.6
fn set_view_value(args: &Args, ty: Ty, what: &str) -> JsResult {
    view_this(args, what)?;
    let i = request_index(args.get(0))?;
    // ToNumber, or ToBigInt, before the bounds are checked.
    let mut e = ty.to_element(args.get(1))?;
    let little = ops::to_boolean(args.get(2));
    let t = args.this();
    let at = view_index(t, i, ty.size(), what)?;
    let size = ty.size();
    if !little {
        e[..size].reverse();
    }
    b::store_bytes_mut(t.cell().field(TA_STORE))[at..at + size].copy_from_slice(&e[..size]);
    Ok(Value::UNDEFINED)
}

macro_rules! accessors {
    ($($get:ident $set:ident $ty:ident $gname:literal $sname:literal;)*) => {
        $(
            fn $get(args: &Args) -> JsResult {
                get_view_value(args, Ty::$ty, $gname)
            }
            fn $set(args: &Args) -> JsResult {
                set_view_value(args, Ty::$ty, $sname)
            }
        )*
        const ACCESSORS: &[(&str, fn(&Args) -> JsResult, &str, fn(&Args) -> JsResult)] = &[$(($gname, $get, $sname, $set)),*];
    };
}

accessors! {
    get_int8 set_int8 Int8 "getInt8" "setInt8";
    get_uint8 set_uint8 Uint8 "getUint8" "setUint8";
    get_int16 set_int16 Int16 "getInt16" "setInt16";
    get_uint16 set_uint16 Uint16 "getUint16" "setUint16";
    get_int32 set_int32 Int32 "getInt32" "setInt32";
    get_uint32 set_uint32 Uint32 "getUint32" "setUint32";
    get_float32 set_float32 Float32 "getFloat32" "setFloat32";
    get_float64 set_float64 Float64 "getFloat64" "setFloat64";
    get_big_int64 set_big_int64 BigInt64 "getBigInt64" "setBigInt64";
    get_big_uint64 set_big_uint64 BigUint64 "getBigUint64" "setBigUint64";
}

pub fn install() {
    let dvp = object::new_object_kind(KIND_OBJECT, realm::get(I::ObjectProto), 24);
    realm::set(I::DataViewProto, dvp);
    crate::constructor("DataView", 1, data_view_ctor, dvp);
    let dvp = || realm::get(I::DataViewProto);
    getter(dvp(), "buffer", dv_buffer);
    getter(dvp(), "byteLength", dv_byte_length);
    getter(dvp(), "byteOffset", dv_byte_offset);
    for &(g, gf, s, sf) in ACCESSORS {
        method(dvp(), g, 1, gf);
        method(dvp(), s, 2, sf);
    }
    crate::to_string_tag(dvp(), "DataView");
}
