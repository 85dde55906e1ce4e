//! `structuredClone` (HTML 2.7.3 StructuredSerializeWithTransfer, StructuredSerializeInternal
//! and StructuredDeserialize, fused: the clone is built while the value is walked), as Node 20
//! (V8's ValueSerializer) implements it.
//!
//! Cloned: primitives but symbols; Boolean, Number, String and BigInt wrappers; Date; RegExp
//! (source and flags, `lastIndex` 0); ArrayBuffer (bytes, a resizable one's maximum length);
//! typed arrays and DataView (type, offset, length, over the clone of their buffer, so views
//! that share a buffer share the cloned one); Map and Set; Error (a standard `name`, `message`,
//! `stack`, `cause`); arrays (length, holes, own enumerable properties); any other ordinary
//! object as a plain object of its own enumerable string-keyed properties, read with [[Get]].
//! A memo maps each object met to its clone, so cycles and shared references survive. Proxies,
//! functions, symbols and every other kind throw a `DataCloneError` (a DOMException when the
//! Web classes are linked, otherwise an Error named so).
//!
//! `transfer` (an iterable of ArrayBuffers) detaches each buffer and gives its bytes to the
//! clone (they are copied to a new store: detaching marks the old store, which every view of
//! it reads). NOTE: deviates from Node, which clones a detached ArrayBuffer in the transfer
//! list to an empty one; the HTML standard (and this code) throws a DataCloneError.
//!
//! The walk recurses per nesting level and checks the native stack at each
//! (`perry_runtime::stack`): a deeper value than the stack holds is a `RangeError`, as in V8.

use crate::families;
use perry_abi::*;
use perry_gc::{Handle, HandleScope};
use perry_runtime::array;
use perry_runtime::atoms::{self, names};
use perry_runtime::bytes::{self, Ty};
use perry_runtime::collections;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::proxy;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

#[inline]
fn hv(h: Handle) -> Value {
    Value(h.get())
}

/// A DataCloneError with `message`.
fn data_clone_error_msg(message: &str) -> error::Exc {
    if let Some(dom) = families::hooks().dom_exception {
        return dom(message, "DataCloneError");
    }
    let scope = HandleScope::new();
    let e = error::new_error(ErrorKind::Error, message);
    let he = scope.root(e.0);
    let n = string::from_str("DataCloneError");
    object::define_hidden(hv(he), names::NAME, n);
    error::throw(hv(he))
}

/// The DataCloneError of a value that cannot be cloned (V8's "X could not be cloned.").
fn data_clone_error(v: Value) -> error::Exc {
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    let what = if v.is_symbol() {
        perry_runtime::symbol::descriptive_string(v)
    } else if v.is_function() {
        ops::to_rust_string(v).unwrap_or_else(|_| {
            error::take();
            "function".into()
        })
    } else if proxy::is_proxy(v) {
        if proxy::is_array(v).unwrap_or(false) { "[object Array]".into() } else { "#<Object>".into() }
    } else if v.is_object() {
        // V8 names the object by its class: here its @@toStringTag (WeakMap, Promise, ...).
        let tag = object::get(v, realm::sym_atom(I::SymToStringTag)).unwrap_or_else(|_| {
            error::take();
            Value::UNDEFINED
        });
        let name = if tag.is_string() { string::to_rust(tag) } else { "Object".into() };
        format!("#<{name}>")
    } else {
        ops::inspect_brief(hv(h))
    };
    data_clone_error_msg(&format!("{what} could not be cloned."))
}

/// A TypeError with Node's `code` property.
fn node_type_error(message: &str, code: &str) -> error::Exc {
    let scope = HandleScope::new();
    let e = error::new_error(ErrorKind::TypeError, message);
    let he = scope.root(e.0);
    let c = string::from_str(code);
    let hc = scope.root(c.0);
    let key = atoms::intern("code");
    object::define(hv(he), key, hv(hc), shape::DEFAULT);
    error::throw(hv(he))
}

struct Cloner {
    /// Map from each object met to its clone (an ordinary Map's storage).
    memo: Handle,
}

impl Cloner {
    /// Records `clone` as the clone of `src` (may allocate: callers re-read what they hold).
    fn remember(&self, src: Value, clone: Value) {
        collections::set(hv(self.memo), src, clone);
    }

    /// Copies the own enumerable string-keyed properties of `src` onto `dst`, cloning each value.
    fn props(&self, src: Handle, dst: Handle) -> JsResult<()> {
        if hv(src).is_array_exotic() {
            // own_keys interns index keys while it holds the array unrooted:
            // intern them first so that it does not allocate.
            for i in array::sparse_indices(hv(src), 0, array::MAX_LENGTH) {
                atoms::intern(&i.to_string());
            }
        }
        let keys = object::own_keys(hv(src), true, false);
        for k in keys {
            let x = object::get(hv(src), k)?;
            let c = self.value(x)?;
            object::define(hv(dst), k, c, shape::DEFAULT);
        }
        Ok(())
    }

    fn value(&self, v: Value) -> JsResult {
        if v.is_symbol() || v.is_function() || proxy::is_proxy(v) {
            return Err(data_clone_error(v));
        }
        if !v.is_object() {
            return Ok(v);
        }
        if let Some(c) = collections::get(hv(self.memo), v) {
            return Ok(c);
        }
        perry_runtime::stack::check()?;
        let scope = HandleScope::new();
        let hs = scope.root(v.0);
        let src = || hv(hs);
        match v.kind() {
            KIND_OBJECT | KIND_ARGUMENTS => {
                let out = object::new_plain(4);
                let ho = scope.root(out.0);
                self.remember(src(), out);
                self.props(hs, ho)?;
                Ok(hv(ho))
            }
            KIND_ARRAY | KIND_SPARSE_ARRAY => {
                let n = array::length(v);
                let out = if n > array::MAX_DENSE { array::new_sparse(n) } else { array::new_array_filled(n, Value::HOLE) };
                let ho = scope.root(out.0);
                self.remember(src(), out);
                self.props(hs, ho)?;
                Ok(hv(ho))
            }
            KIND_MAP | KIND_SET => {
                let kind = v.kind();
                let proto = realm::get(if kind == KIND_MAP { I::MapProto } else { I::SetProto });
                let out = collections::new_collection(kind, proto);
                let ho = scope.root(out.0);
                self.remember(src(), out);
                // HTML: the entries are copied first, then serialized (a getter run while
                // cloning one cannot add entries to the clone).
                let mut entries = Vec::new();
                for i in 0..collections::used(src()) {
                    let (k, x) = collections::entry(src(), i);
                    if k != Value::HOLE {
                        entries.push((scope.root(k.0), scope.root(x.0)));
                    }
                }
                for (k, x) in entries {
                    let s2 = HandleScope::new();
                    let ck = self.value(hv(k))?;
                    let hk = s2.root(ck.0);
                    let cx = if kind == KIND_MAP { self.value(hv(x))? } else { hv(hk) };
                    collections::set(hv(ho), hv(hk), cx);
                }
                Ok(hv(ho))
            }
            KIND_DATE => {
                let tv = crate::date::date_value(v).unwrap_or(f64::NAN);
                let out = crate::date::new_date(realm::get(I::DateProto), tv);
                let ho = scope.root(out.0);
                self.remember(src(), hv(ho));
                Ok(hv(ho))
            }
            KIND_REGEXP => {
                let (source, flags) = (v.cell().field(RX_SOURCE), v.cell().field(RX_FLAGS));
                let Some(create) = families::hooks().regexp_create else { return Err(data_clone_error(src())) };
                let out = create(source, flags)?;
                let ho = scope.root(out.0);
                self.remember(src(), hv(ho));
                Ok(hv(ho))
            }
            KIND_PRIMITIVE_WRAPPER => {
                let p = v.cell().field(OBJ_INLINE);
                if p.is_symbol() {
                    return Err(data_clone_error(src()));
                }
                let out = ops::to_object(p)?;
                let ho = scope.root(out.0);
                self.remember(src(), hv(ho));
                Ok(hv(ho))
            }
            KIND_ARRAY_BUFFER => {
                if bytes::ab_detached(v) {
                    return Err(data_clone_error_msg("An ArrayBuffer is detached and could not be cloned."));
                }
                let out = copy_buffer(v);
                let ho = scope.root(out.0);
                self.remember(src(), hv(ho));
                Ok(hv(ho))
            }
            KIND_TYPED_ARRAY | KIND_DATA_VIEW => {
                let Some((offset, len)) = bytes::view_window(v) else {
                    return Err(data_clone_error_msg("An ArrayBuffer is detached and could not be cloned."));
                };
                let tracking = bytes::view_tracking(v);
                let is_dv = v.kind() == KIND_DATA_VIEW;
                let ty = if is_dv { Ty::Uint8 } else { bytes::ta_type(v) };
                let buffer = bytes::ta_buffer(src());
                let cb = self.value(buffer)?;
                let hb = scope.root(cb.0);
                let out = if is_dv {
                    bytes::data_view_over(hv(hb), offset, (!tracking).then_some(len), realm::get(I::DataViewProto))
                } else {
                    let store = hv(hb).cell().field(AB_STORE);
                    let elems = len / ty.size();
                    bytes::typed_array_over(ty, store, hv(hb), offset, (!tracking).then_some(elems), crate::typed_array::proto_of(ty))
                };
                let ho = scope.root(out.0);
                self.remember(src(), hv(ho));
                Ok(hv(ho))
            }
            KIND_ERROR => {
                // HTML: `name` read with [[Get]], one of the standard names or "Error".
                let name = object::get(src(), names::NAME)?;
                let name = if name.is_string() { string::to_rust(name) } else { String::new() };
                let proto = match name.as_str() {
                    "EvalError" => I::EvalErrorProto,
                    "RangeError" => I::RangeErrorProto,
                    "ReferenceError" => I::ReferenceErrorProto,
                    "SyntaxError" => I::SyntaxErrorProto,
                    "TypeError" => I::TypeErrorProto,
                    "URIError" => I::UriErrorProto,
                    _ => I::ErrorProto,
                };
                let out = object::new_object_kind(KIND_ERROR, realm::get(proto), 4);
                let ho = scope.root(out.0);
                self.remember(src(), out);
                for key in [names::STACK, names::MESSAGE, names::CAUSE] {
                    if object::has_own(src(), key) {
                        let x = object::get(src(), key)?;
                        let c = if key == names::CAUSE { self.value(x)? } else { ops::to_string(x)? };
                        object::define_hidden(hv(ho), key, c);
                    }
                }
                Ok(hv(ho))
            }
            _ => Err(data_clone_error(src())),
        }
    }
}

/// A new ArrayBuffer with a copy of `b`'s bytes (and its maximum length when resizable).
fn copy_buffer(b: Value) -> Value {
    let scope = HandleScope::new();
    let hb = scope.root(b.0);
    let len = bytes::ab_len(b);
    let max = bytes::ab_max(b);
    let store = bytes::alloc_store_cap(len, max.unwrap_or(len));
    let src = hv(hb).cell().field(AB_STORE);
    bytes::store_bytes_mut(store)[..len].copy_from_slice(&bytes::store_bytes(src)[..len]);
    bytes::array_buffer_over(store, max, realm::get(I::ArrayBufferProto))
}

/// The ArrayBuffers of `options.transfer`, checked as Node checks them.
fn transfer_list(options: Value, scope: &HandleScope) -> JsResult<Vec<Handle>> {
    if options.is_undefined() || options.is_null() {
        return Ok(Vec::new());
    }
    if !options.is_js_object() {
        return Err(node_type_error("The options argument must be either an object or undefined", "ERR_INVALID_ARG_TYPE"));
    }
    let key = atoms::intern("transfer");
    let list = object::get(options, key)?;
    if list.is_undefined() {
        return Ok(Vec::new());
    }
    let hl = scope.root(list.0);
    if !iterable(hv(hl))? {
        return Err(node_type_error("Optional transferList argument must be an iterable", "ERR_INVALID_ARG_TYPE"));
    }
    let a = array::new_array(0);
    let items = iter::collect_into(a, hv(hl))?;
    let hi = scope.root(items.0);
    let mut out: Vec<Handle> = Vec::new();
    for i in 0..array::len(hv(hi)) {
        let x = array::get(hv(hi), i)?;
        if !bytes::is_array_buffer(x) {
            return Err(node_type_error("Found invalid object in transferList", "ERR_INVALID_TRANSFER_OBJECT"));
        }
        if out.iter().any(|h| h.get() == x.0) {
            return Err(data_clone_error_msg("Transfer list contains duplicate ArrayBuffer"));
        }
        if bytes::ab_detached(x) {
            return Err(data_clone_error_msg("An ArrayBuffer is detached and could not be transferred."));
        }
        out.push(scope.root(x.0));
    }
    Ok(out)
}

/// Whether `v` has a callable @@iterator.
fn iterable(v: Value) -> JsResult<bool> {
    if v.is_string() {
        return Ok(true);
    }
    if !v.is_js_object() {
        return Ok(false);
    }
    let f = object::get(v, realm::sym_atom(I::SymIterator))?;
    Ok(proxy::is_callable(f))
}

/// structuredClone ( value [ , options ] ) — HTML 8.10.3
fn structured_clone(args: &Args) -> JsResult {
    if args.is_empty() {
        return Err(node_type_error("The value argument must be specified", "ERR_MISSING_ARGS"));
    }
    let scope = HandleScope::new();
    let transfer = transfer_list(args.get(1), &scope)?;
    let memo = collections::new_collection(KIND_MAP, realm::get(I::MapProto));
    let cloner = Cloner { memo: scope.root(memo.0) };
    // Each transferred buffer is cloned as a new buffer holding its bytes (met in the walk,
    // the memo answers it), then detached once the walk succeeded.
    for &b in &transfer {
        let out = copy_buffer(hv(b));
        cloner.remember(hv(b), out);
    }
    let out = cloner.value(args.get(0))?;
    for b in transfer {
        bytes::detach(hv(b));
    }
    Ok(out)
}

/// structuredClone (the `structured_clone` family).
pub fn install() {
    let scope = HandleScope::new();
    let g = scope.root(realm::get(I::Global).0);
    crate::global::def_method(g, "structuredClone", 1, structured_clone);
}
