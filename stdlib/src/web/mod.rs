//! The Web-platform built-ins Node 20 has as globals, one family per file:
//! `ArrayBuffer`/`Uint8Array` ([`bytes`]), `TextEncoder`/`TextDecoder`
//! ([`encoding`]), `crypto` ([`crypto`]), `URL` ([`url`]), `URLSearchParams`
//! ([`url_search_params`]), `Headers` ([`headers`]), the body mixin and
//! `FormData` ([`body`], [`form_data`], [`multipart`]), `Request` ([`request`]) and
//! `Response` ([`response`]).
//!
//! Except for the byte cells (runtime `bytes.rs`), every object here is a
//! *platform object*: a `KIND_PLATFORM` cell whose `PO_CLASS` word is its
//! [`Class`] (the brand the methods check) followed by the class's internal
//! slots (values, traced as usual).
//!
//! # The Rust API other crates use
//!
//! The HTTP server builds requests and reads responses natively:
//! [`new_request`] and [`response_parts`]. Bytes cross with
//! [`bytes_of`]/[`bytes_of_vec`], [`new_uint8array`] and [`new_array_buffer`].
//! All of them run on the JavaScript thread, after the runtime is
//! initialised; a returned `Value` is not rooted: hold it in a `HandleScope`
//! before the next allocation.
//!
//! # State in values
//!
//! Their prototypes are a registered root range (`P`). State lives in JS values (a URL keeps
//! its serialized href and parses it again with the `url` crate in each getter;
//! URLSearchParams and Headers keep flat arrays of strings, FormData of names and values,
//! strings or Files), so nothing off the heap
//! needs finalizing. A body (Request, Response) is one store cell, or null, plus a used flag;
//! the body methods return settled promises. `util.inspect` calls [`inspect_platform`] first,
//! as Node's formatValue calls `[util.inspect.custom]`. [`new_request`] takes the headers as
//! raw bytes (each byte one code unit) and copies the body into one store, read when a body
//! method runs; [`response_parts`] returns the status, the sorted-and-combined header list
//! (each `set-cookie` separately) and a copy of the body without consuming it.

use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args, NativeFn};
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

pub mod blob;
pub mod body;
pub mod crypto;
pub mod dom_exception;
pub mod encoding;
pub mod form_data;
pub mod headers;
pub mod multipart;
pub mod request;
pub mod response;
pub mod url;
pub mod url_search_params;

pub use perry_runtime::bytes::{bytes_of, bytes_of_vec, new_array_buffer, new_uint8array};
pub use request::new_request;
pub use response::{ResponseParts, response_parts};

/// The brand of a platform object (its `PO_CLASS` word).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u64)]
pub enum Class {
    TextEncoder = 1,
    TextDecoder,
    Crypto,
    Url,
    UrlSearchParams,
    Headers,
    Request,
    Response,
    FormData,
    Blob,
    File,
    /// An iterator over a URLSearchParams, Headers or FormData: slots
    /// `[target, next index, kind, family]`.
    Iterator,
}

/// Prototypes and constructors the web built-ins create objects with (a
/// registered root range).
#[derive(Clone, Copy)]
#[repr(usize)]
pub enum P {
    TextEncoderProto,
    TextDecoderProto,
    CryptoProto,
    UrlProto,
    UrlSearchParamsProto,
    HeadersProto,
    RequestProto,
    ResponseProto,
    FormDataProto,
    SearchParamsIteratorProto,
    HeadersIteratorProto,
    FormDataIteratorProto,
    DomExceptionProto,
    BlobProto,
    FileProto,
    Count,
}

static PROTOS: JsCell<[u64; P::Count as usize]> = JsCell::new([UNDEFINED; P::Count as usize]);

fn protos() -> &'static mut [u64; P::Count as usize] {
    // SAFETY: single JS thread; the table is only touched through here.
    unsafe { PROTOS.get() }
}

/// Web intrinsic `p`.
#[inline]
pub fn proto(p: P) -> Value {
    Value(protos()[p as usize])
}

fn set_proto(p: P, v: Value) {
    protos()[p as usize] = v.0;
}

/// A fresh ordinary object (for a prototype), stored as web intrinsic `p`.
fn new_proto(p: P, parent: Value) -> Value {
    let o = object::new_object_kind(KIND_OBJECT, parent, 8);
    set_proto(p, o);
    o
}

// ---------------------------------------------------------------------------
// Platform objects
// ---------------------------------------------------------------------------

/// A platform object of `class` with `slots` internal slots (undefined).
pub fn new_platform(class: Class, slots: u32, proto: Value) -> Value {
    let o = object::alloc_object(KIND_PLATFORM, 8 + 8 * slots, 0, proto);
    o.cell().set_word(PO_CLASS, class as u64);
    o
}

/// Whether `v` is a platform object of `class`.
#[inline]
pub fn is(v: Value, class: Class) -> bool {
    v.is_cell() && v.kind() == KIND_PLATFORM && v.cell().word(PO_CLASS) == class as u64
}

/// Internal slot `i` of a platform object.
#[inline]
pub fn slot(o: Value, i: usize) -> Value {
    o.cell().field(PO_SLOTS + 8 * i as i32)
}

#[inline]
pub fn set_slot(o: Value, i: usize, v: Value) {
    o.cell().set_field(PO_SLOTS + 8 * i as i32, v)
}

/// `this` checked to be a `class` object; otherwise Node's TypeError for
/// its internal classes ("Value of "this" must be of type URL").
pub fn this_is(args: &Args, class: Class, name: &str) -> JsResult {
    let t = args.this();
    if is(t, class) { Ok(t) } else { Err(node_error(error::ErrorKind::TypeError, &format!("Value of \"this\" must be of type {name}"), "ERR_INVALID_THIS")) }
}

/// `this` checked for undici's classes (Headers, Request, Response,
/// FormData), which say "Illegal invocation".
pub fn this_brand(args: &Args, class: Class) -> JsResult {
    let t = args.this();
    if is(t, class) { Ok(t) } else { Err(error::type_error("Illegal invocation")) }
}

/// The TypeError a class constructor called without `new` throws.
pub fn require_new(args: &Args, name: &str) -> JsResult<()> {
    if args.new_target().is_undefined() {
        return Err(error::type_error(&format!("Class constructor {name} cannot be invoked without 'new'")));
    }
    Ok(())
}

/// The prototype for `new C()` where `C` may be subclassed.
pub fn proto_for(args: &Args, p: P) -> JsResult {
    let nt = args.new_target();
    let d = proto(p);
    if nt.is_undefined() {
        return Ok(d);
    }
    let scope = HandleScope::new();
    let hd = scope.root(d.0);
    let v = object::get(nt, atoms::names::PROTOTYPE)?;
    Ok(if v.is_js_object() { v } else { Value(hd.get()) })
}

/// Defines an accessor with a getter and, unless `None`, a setter
/// (configurable, enumerable as WebIDL attributes are).
pub fn accessor(target: Value, name: &str, get: NativeFn, set: Option<NativeFn>) {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let key = atoms::intern(name);
    let g = function::new_native(&format!("get {name}"), 0, get);
    let hg = scope.root(g.0);
    let s = match set {
        Some(f) => function::new_native(&format!("set {name}"), 1, f),
        None => Value::UNDEFINED,
    };
    object::define_accessor(Value(ht.get()), key, Value(hg.get()), s, shape::CONFIGURABLE | shape::ENUMERABLE);
}

/// A class constructor `name` on the global object with `proto` as its
/// prototype.
pub fn class(name: &str, length: u32, f: NativeFn, proto: Value) -> Value {
    crate::constructor(name, length, f, proto)
}

/// A JavaScript string from Rust text.
pub fn js_str(s: &str) -> Value {
    string::from_str(s)
}

/// ToString (USVString conversions replace lone surrogates when the text
/// reaches Rust; see [`to_usv`]).
pub fn to_rust_string(v: Value) -> JsResult<String> {
    perry_runtime::ops::to_rust_string(v)
}

/// WebIDL USVString: ToString, lone surrogates replaced by U+FFFD.
pub fn to_usv(v: Value) -> JsResult<String> {
    let s = perry_runtime::ops::to_string(v)?;
    Ok(string::to_rust(s))
}

/// A string value of Latin-1 bytes (WebIDL ByteString contents): each byte
/// one code unit.
pub fn latin1_str(b: &[u8]) -> Value {
    string::from_latin1(b)
}

/// Node's `ERR_*` errors: a `kind` error with an enumerable `code`.
pub fn node_error(kind: error::ErrorKind, msg: &str, code: &str) -> error::Exc {
    let scope = HandleScope::new();
    let e = error::new_error(kind, msg);
    let he = scope.root(e.0);
    let c = string::from_str(code);
    let hc = scope.root(c.0);
    let k = atoms::intern("code");
    object::define(Value(he.get()), k, Value(hc.get()), shape::DEFAULT);
    error::throw(Value(he.get()))
}

/// The ". Received ..." tail of Node's ERR_INVALID_ARG_TYPE messages
/// (`addReceived` in lib/internal/errors.js). Runs no code.
pub fn received(v: Value) -> String {
    if v.is_nullish() {
        return format!(" Received {}", if v.is_null() { "null" } else { "undefined" });
    }
    if v.is_function() {
        let n = function::name_of(v);
        if !n.is_empty() {
            return format!(" Received function {n}");
        }
    }
    if v.is_js_object() {
        if let Some(c) = object::get_data_chain(v, atoms::names::CONSTRUCTOR)
            && c.is_function()
        {
            let n = function::name_of(c);
            if !n.is_empty() {
                return format!(" Received an instance of {n}");
            }
        }
        return format!(" Received {}", crate::inspect::inspect(v, 0));
    }
    let mut s = crate::inspect::inspect(v, 0);
    if s.encode_utf16().count() > 25 {
        let u: Vec<u16> = s.encode_utf16().take(25).collect();
        s = format!("{}...", String::from_utf16_lossy(&u));
    }
    format!(" Received type {} ({s})", perry_runtime::ops::typeof_str(v))
}

// ---------------------------------------------------------------------------
// Iterators over URLSearchParams, Headers and FormData (WebIDL pair iterators)
// ---------------------------------------------------------------------------

pub const ITER_KEYS: u64 = 0;
pub const ITER_VALUES: u64 = 1;
pub const ITER_ENTRIES: u64 = 2;

/// Which list an iterator walks.
#[derive(Clone, Copy)]
#[repr(u64)]
pub enum Family {
    SearchParams = 0,
    Headers = 1,
    FormData = 2,
}

/// A pair iterator over `target` (rooted by the caller's `Args`).
pub fn new_pair_iterator(target: Value, kind: u64, family: Family) -> Value {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let p = match family {
        Family::SearchParams => P::SearchParamsIteratorProto,
        Family::Headers => P::HeadersIteratorProto,
        Family::FormData => P::FormDataIteratorProto,
    };
    let it = new_platform(Class::Iterator, 4, proto(p));
    set_slot(it, 0, Value(ht.get()));
    set_slot(it, 1, Value::int(0));
    set_slot(it, 2, Value::int(kind as i64));
    set_slot(it, 3, Value::int(family as i64));
    it
}

/// %XIteratorPrototype%.next: the pair at the iterator's index of the
/// target's current list (the list is read anew at each step, so changes
/// made while iterating are seen, as WebIDL says).
fn pair_iterator_next(args: &Args) -> JsResult {
    let it = args.this();
    if !is(it, Class::Iterator) {
        return Err(error::type_error("Illegal invocation"));
    }
    let target = slot(it, 0);
    let i = slot(it, 1).as_number() as usize;
    let kind = slot(it, 2).as_number() as u64;
    let family = slot(it, 3).as_number() as u64;
    let pair = match family {
        0 => url_search_params::pair_at(target, i),
        1 => headers::pair_at(target, i)?,
        _ => form_data::pair_at(target, i),
    };
    let Some((k, v)) = pair else {
        return Ok(perry_runtime::iter::result_object(Value::UNDEFINED, true));
    };
    let scope = HandleScope::new();
    let (hk, hv) = (scope.root(k.0), scope.root(v.0));
    set_slot(args.this(), 1, Value::int(i as i64 + 1));
    let value = match kind {
        ITER_KEYS => Value(hk.get()),
        ITER_VALUES => Value(hv.get()),
        _ => perry_runtime::array::from_values(&[Value(hk.get()), Value(hv.get())]),
    };
    Ok(perry_runtime::iter::result_object(value, false))
}

fn install_iterator_proto(p: P, tag: &str) {
    let ip = new_proto(p, realm::get(I::IteratorProto));
    crate::method(ip, "next", 0, pair_iterator_next);
    crate::to_string_tag(proto(p), tag);
}

/// Defines `keys`, `values`, `entries` and `@@iterator` (= `entries`) on a
/// prototype; `make` creates the iterator for a kind.
pub fn install_pair_iterable(target: Value, keys: NativeFn, values: NativeFn, entries: NativeFn) {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    crate::method(Value(ht.get()), "keys", 0, keys);
    crate::method(Value(ht.get()), "values", 0, values);
    let e = crate::method(Value(ht.get()), "entries", 0, entries);
    object::define_hidden(Value(ht.get()), realm::sym_atom(I::SymIterator), e);
}

/// A field's value as undici's inspection of Request and Response shows it (nested one level).
fn field_text(v: Value) -> String {
    crate::inspect::inspect(v, 1).replace('\n', "\n  ")
}

/// `Name {` and its fields one per line, as undici prints Requests and Responses.
fn fields_view(name: &str, fields: &[(&str, String)]) -> String {
    let mut out = format!("{name} {{");
    for (i, (key, text)) in fields.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(key);
        out.push_str(": ");
        out.push_str(text);
    }
    out.push_str("\n}");
    out
}

/// The `[util.inspect.custom]` text of a platform object as Node prints
/// it, or `None` for the default formatting. `beyond_depth`: the object
/// sits deeper than the `depth` option.
pub fn inspect_platform(v: Value, beyond_depth: bool, options: &crate::inspect::Options) -> Option<String> {
    if v.kind() != KIND_PLATFORM {
        return None;
    }
    let class = v.cell().word(PO_CLASS);
    if class == Class::UrlSearchParams as u64 {
        return Some(url_search_params::inspect(v, beyond_depth));
    }
    if class == Class::FormData as u64 {
        // undici's inspect ignores the depth.
        return Some(form_data::inspect(v, options));
    }
    if beyond_depth {
        // Node's Blob inspect returns the object itself below the depth: `[Blob]`, `[File]`.
        return if class == Class::Blob as u64 {
            Some("[Blob]".into())
        } else if class == Class::File as u64 {
            Some("[File]".into())
        } else {
            None
        };
    }
    if class == Class::Url as u64 {
        Some(url::inspect(v))
    } else if class == Class::Headers as u64 {
        Some(headers::inspect(v))
    } else if class == Class::TextEncoder as u64 || class == Class::TextDecoder as u64 {
        Some(encoding::inspect(v))
    } else if class == Class::Blob as u64 || class == Class::File as u64 {
        Some(blob::inspect(v))
    } else if class == Class::Response as u64 {
        Some(response::inspect(v))
    } else if class == Class::Request as u64 {
        Some(request::inspect(v))
    } else {
        None
    }
}

/// Creates every web built-in. Called from `lib.rs::install`.
pub fn install() {
    {
        let t = protos();
        perry_gc::roots::register_range("web-intrinsics", t.as_mut_ptr(), t.len());
    }
    let op = realm::get(I::ObjectProto);
    for p in [
        P::TextEncoderProto,
        P::TextDecoderProto,
        P::CryptoProto,
        P::UrlProto,
        P::UrlSearchParamsProto,
        P::HeadersProto,
        P::RequestProto,
        P::ResponseProto,
        P::FormDataProto,
        P::BlobProto,
    ] {
        new_proto(p, op);
    }
    new_proto(P::FileProto, proto(P::BlobProto));
    install_iterator_proto(P::SearchParamsIteratorProto, "URLSearchParams Iterator");
    install_iterator_proto(P::HeadersIteratorProto, "Headers Iterator");
    install_iterator_proto(P::FormDataIteratorProto, "FormData Iterator");
    dom_exception::install();
    encoding::install();
    crypto::install();
    url_search_params::install();
    url::install();
    headers::install();
    form_data::install();
    blob::install();
    request::install();
    response::install();
}
