//! ArrayBuffer (ECMAScript 25.1), resizable buffers included (ES2024), on
//! the store cells of runtime `bytes.rs`.
//!
//! NOTE: `transfer`, `transferToFixedLength` and `detached` are ES2024 (Node
//! 20 lacks them); they are the way to detach a buffer, which test262's
//! `$262.detachArrayBuffer` needs. SharedArrayBuffer does not exist, so no
//! buffer is shared.

use crate::array::rel_index;
use crate::typed_array::{species_constructor, to_index};
use crate::{getter, method};
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::bytes as b;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::{JsResult, Value};

fn check_size(n: usize) -> JsResult<()> {
    if n > b::MAX_BYTES {
        return Err(error::range_error("Array buffer allocation failed"));
    }
    Ok(())
}

/// ArrayBuffer ( length [ , options ] ) — 25.1.4.1
fn array_buffer_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Constructor ArrayBuffer requires 'new'"));
    }
    let n = match to_index(args.get(0))? {
        Ok(n) => n,
        Err(_) => return Err(error::range_error("Invalid array buffer length")),
    };
    // GetArrayBufferMaxByteLengthOption — 25.1.3.7.
    let options = args.get(1);
    let max = if options.is_js_object() {
        let m = object::get(options, atoms::intern("maxByteLength"))?;
        if m.is_undefined() {
            None
        } else {
            match to_index(m)? {
                Ok(m) => Some(m),
                Err(_) => return Err(error::range_error("Invalid array buffer max length")),
            }
        }
    } else {
        None
    };
    // AllocateArrayBuffer — 25.1.3.1.
    if let Some(m) = max
        && n > m
    {
        return Err(error::range_error("Invalid array buffer max length"));
    }
    let p = function::proto_from_new_target(args.new_target(), I::ArrayBufferProto)?;
    check_size(max.unwrap_or(n))?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let s = b::alloc_store_cap(n, max.unwrap_or(n));
    Ok(b::array_buffer_over(s, max, Value(hp.get())))
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

/// get ArrayBuffer.prototype.maxByteLength — 25.1.6.5
fn buffer_max_byte_length(args: &Args) -> JsResult {
    let t = buffer_this(args, "maxByteLength")?;
    if b::ab_detached(t) {
        return Ok(Value::int(0));
    }
    Ok(Value::int(b::ab_max(t).unwrap_or(b::ab_len(t)) as i64))
}

/// get ArrayBuffer.prototype.resizable — 25.1.6.6
fn buffer_resizable(args: &Args) -> JsResult {
    Ok(Value::bool(b::ab_max(buffer_this(args, "resizable")?).is_some()))
}

/// get ArrayBuffer.prototype.detached — 25.1.6.3
fn buffer_detached(args: &Args) -> JsResult {
    Ok(Value::bool(b::ab_detached(buffer_this(args, "detached")?)))
}

/// ArrayBuffer.prototype.resize ( newLength ) — 25.1.6.7
fn buffer_resize(args: &Args) -> JsResult {
    let t = args.this();
    if !b::is_array_buffer(t) || b::ab_max(t).is_none() {
        return Err(error::type_error(&format!("Method ArrayBuffer.prototype.resize called on incompatible receiver {}", crate::object_builtins::v8_brief(t))));
    }
    let n = to_index(args.get(0))?;
    let t = args.this();
    if b::ab_detached(t) {
        return Err(error::type_error("Cannot perform ArrayBuffer.prototype.resize on a detached ArrayBuffer"));
    }
    let max = b::ab_max(t).unwrap_or(0);
    match n {
        Ok(n) if n <= max => {
            b::resize(t, n);
            Ok(Value::UNDEFINED)
        }
        _ => Err(error::range_error("ArrayBuffer.prototype.resize: Invalid length parameter")),
    }
}

/// ArrayBuffer.prototype.slice ( start, end ) — 25.1.6.8
fn buffer_slice(args: &Args) -> JsResult {
    let t = buffer_this(args, "slice")?;
    if b::ab_detached(t) {
        return Err(error::type_error("Cannot perform ArrayBuffer.prototype.slice on a detached ArrayBuffer"));
    }
    let len = b::ab_len(t);
    let first = rel_index(args.get(0), len, 0)?;
    let fin = rel_index(args.get(1), len, len)?;
    let count = fin.saturating_sub(first);
    let c = species_constructor(args.this(), realm::get(I::ArrayBufferCtor))?;
    let new = if c == realm::get(I::ArrayBufferCtor) {
        b::array_buffer_over(b::alloc_store(count), None, realm::get(I::ArrayBufferProto))
    } else {
        let new = function::construct(c, &[Value::int(count as i64)], c)?;
        if !b::is_array_buffer(new) {
            return Err(error::type_error(&format!(
                "Method ArrayBuffer.prototype.slice called on incompatible receiver {}",
                crate::object_builtins::v8_brief(new)
            )));
        }
        if b::ab_detached(new) {
            return Err(error::type_error("Cannot perform ArrayBuffer.prototype.slice on a detached ArrayBuffer"));
        }
        if new == args.this() {
            return Err(error::type_error("ArrayBuffer subclass returned this from species constructor"));
        }
        if b::ab_len(new) < count {
            return Err(error::type_error("Species constructor returned a too small ArrayBuffer"));
        }
        new
    };
    let t = args.this();
    if b::ab_detached(t) {
        return Err(error::type_error("Cannot perform ArrayBuffer.prototype.slice on a detached ArrayBuffer"));
    }
    let cur = b::ab_len(t);
    if first < cur {
        let n = count.min(cur - first);
        let src = b::store_bytes(t.cell().field(AB_STORE))[first..first + n].to_vec();
        b::store_bytes_mut(new.cell().field(AB_STORE))[..n].copy_from_slice(&src);
    }
    Ok(new)
}

/// ArrayBufferCopyAndDetach (25.1.3.3) for `transfer` and `transferToFixedLength`.
fn copy_and_detach(args: &Args, what: &str, preserve: bool) -> JsResult {
    let t = buffer_this(args, what)?;
    let n = if args.get(0).is_undefined() { Ok(b::ab_len(t)) } else { to_index(args.get(0))? };
    let t = args.this();
    if b::ab_detached(t) {
        return Err(error::type_error(&format!("Cannot perform ArrayBuffer.prototype.{what} on a detached ArrayBuffer")));
    }
    let max = if preserve { b::ab_max(t) } else { None };
    let n = match n {
        Ok(n) if max.is_none_or(|m| n <= m) => n,
        _ => return Err(error::range_error(&format!("ArrayBuffer.prototype.{what}: Invalid length parameter"))),
    };
    check_size(max.unwrap_or(n))?;
    let s = b::alloc_store_cap(n, max.unwrap_or(n));
    let t = args.this();
    let old = b::store_bytes(t.cell().field(AB_STORE));
    let k = n.min(old.len());
    b::store_bytes_mut(s)[..k].copy_from_slice(&old[..k]);
    b::detach(t);
    Ok(b::array_buffer_over(s, max, realm::get(I::ArrayBufferProto)))
}

/// ArrayBuffer.prototype.transfer ( [ newLength ] ) — 25.1.6.9
fn buffer_transfer(args: &Args) -> JsResult {
    copy_and_detach(args, "transfer", true)
}

/// ArrayBuffer.prototype.transferToFixedLength ( [ newLength ] ) — 25.1.6.10
fn buffer_transfer_fixed(args: &Args) -> JsResult {
    copy_and_detach(args, "transferToFixedLength", false)
}

/// ArrayBuffer.isView ( arg ) — 25.1.5.1
fn buffer_is_view(args: &Args) -> JsResult {
    Ok(Value::bool(b::is_view(args.get(0))))
}

/// get ArrayBuffer [ @@species ] — 25.1.5.3
fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

pub fn install() {
    let scope = HandleScope::new();
    let op = realm::get(I::ObjectProto);
    let abp = object::new_object_kind(KIND_OBJECT, op, 12);
    realm::set(I::ArrayBufferProto, abp);
    let c = crate::constructor("ArrayBuffer", 1, array_buffer_ctor, abp);
    realm::set(I::ArrayBufferCtor, c);
    let hc = scope.root(c.0);
    method(Value(hc.get()), "isView", 1, buffer_is_view);
    let g = function::new_native("get [Symbol.species]", 0, species_getter);
    object::define_accessor(Value(hc.get()), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, shape::CONFIGURABLE);
    let abp = || realm::get(I::ArrayBufferProto);
    getter(abp(), "byteLength", buffer_byte_length);
    getter(abp(), "maxByteLength", buffer_max_byte_length);
    getter(abp(), "resizable", buffer_resizable);
    getter(abp(), "detached", buffer_detached);
    method(abp(), "resize", 1, buffer_resize);
    method(abp(), "slice", 2, buffer_slice);
    method(abp(), "transfer", 0, buffer_transfer);
    method(abp(), "transferToFixedLength", 0, buffer_transfer_fixed);
    crate::to_string_tag(abp(), "ArrayBuffer");
}
