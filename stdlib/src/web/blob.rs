//! `Blob` and `File` (File API 3 and 4), as Node 20 has them: immutable bytes with a MIME
//! type, and a File's name and modification time. A Blob is a platform object whose slots are
//! `[bytes (a store cell), type]`; a File adds `[name, lastModified]`. Request and Response
//! take one as a body (its type as the Content-Type) and make one with `blob()` ([`new_blob`]).
//!
//! NOTE: deviates from Node: `stream()` needs the `ReadableStream` global (present when the
//! program names it), and returns a default stream of one chunk, not a byte stream.

use super::body::settled;
use super::{Class, P, is, proto, set_slot, slot};
use perry_gc::HandleScope;
use perry_runtime::bytes as b;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const BYTES: usize = 0;
const TYPE: usize = 1;
const NAME: usize = 2;
const LAST_MODIFIED: usize = 3;

/// Whether `v` is a Blob (a File is one too).
pub fn is_blob(v: Value) -> bool {
    is(v, Class::Blob) || is(v, Class::File)
}

/// A copy of a Blob's bytes (the cell holding them moves in a collection).
pub fn bytes(v: Value) -> Vec<u8> {
    b::store_bytes(slot(v, BYTES)).to_vec()
}

/// A Blob's size in bytes.
fn size(v: Value) -> usize {
    b::store_bytes(slot(v, BYTES)).len()
}

/// A Blob's type (lower case, or empty).
pub fn mime_type(v: Value) -> String {
    string::to_rust(slot(v, TYPE))
}

/// The type a Blob keeps: lower case, or empty when it has a character outside U+0020..U+007E.
pub fn normalize_type(t: &str) -> String {
    if t.chars().all(|c| (' '..='~').contains(&c)) { t.to_ascii_lowercase() } else { String::new() }
}

/// A new Blob (`class` Blob, or File with its name and time) of `bytes` and `type`.
fn make(class: Class, proto_value: Value, bytes: &[u8], mime: &str) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto_value.0);
    let store = b::store_from(bytes);
    let hs = scope.root(store.0);
    let t = string::from_str(mime);
    let ht = scope.root(t.0);
    let o = super::new_platform(class, if class == Class::File { 4 } else { 2 }, Value(hp.get()));
    set_slot(o, BYTES, Value(hs.get()));
    set_slot(o, TYPE, Value(ht.get()));
    o
}

/// A new Blob of `bytes` with the type `mime` (normalized): what `blob()` of a body gives.
pub fn new_blob(bytes: &[u8], mime: &str) -> Value {
    make(Class::Blob, proto(P::BlobProto), bytes, &normalize_type(mime))
}

/// The time now in milliseconds since the epoch (a File's default `lastModified`).
pub fn now_ms() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_millis() as f64)
}

/// A new File of `bytes` named `name`, with the type `mime` (normalized) and `lastModified`
/// `last_modified`: `new File([bytes], name, { type, lastModified })`.
pub fn new_file(bytes: &[u8], name: &str, mime: &str, last_modified: f64) -> Value {
    let scope = HandleScope::new();
    let n = string::from_str(name);
    let hn = scope.root(n.0);
    let o = make(Class::File, proto(P::FileProto), bytes, &normalize_type(mime));
    set_slot(o, NAME, Value(hn.get()));
    set_slot(o, LAST_MODIFIED, Value::num(last_modified));
    o
}

/// A File's name.
pub fn file_name(v: Value) -> String {
    string::to_rust(slot(v, NAME))
}

/// A File's `lastModified`.
pub fn last_modified(v: Value) -> f64 {
    slot(v, LAST_MODIFIED).as_number()
}

/// The bytes of the blob parts `parts` (a sequence of BufferSources, Blobs and strings).
fn parts_bytes(parts: Value) -> JsResult<Vec<u8>> {
    let mut out = Vec::new();
    if parts.is_undefined() {
        return Ok(out);
    }
    let scope = HandleScope::new();
    let hp = scope.root(parts.0);
    let is_sequence = parts.is_js_object() && {
        let f = object::get(parts, perry_runtime::realm::sym_atom(perry_runtime::realm::I::SymIterator))?;
        f.is_callable()
    };
    if !is_sequence {
        return Err(super::node_error(
            ErrorKind::TypeError,
            &format!("The \"sources\" argument must be a sequence.{}", super::received(Value(hp.get()))),
            "ERR_INVALID_ARG_TYPE",
        ));
    }
    let list = scope.root(perry_runtime::array::new_array(0).0);
    iter::collect_into(Value(list.get()), Value(hp.get()))?;
    for i in 0..perry_runtime::array::len(Value(list.get())) {
        let part = perry_runtime::array::get(Value(list.get()), i)?;
        if let Some(bytes) = b::bytes_of(part) {
            out.extend_from_slice(bytes);
        } else if is_blob(part) {
            out.extend_from_slice(&bytes(part));
        } else {
            let s = ops::to_string(part)?;
            out.extend_from_slice(string::to_rust(s).as_bytes());
        }
    }
    Ok(out)
}

/// The `type` member of a BlobPropertyBag (empty when absent).
fn type_option(options: Value) -> JsResult<String> {
    if options.is_nullish() {
        return Ok(String::new());
    }
    if !options.is_js_object() {
        return Err(super::node_error(
            ErrorKind::TypeError,
            &format!("The \"options\" argument must be of type object.{}", super::received(options)),
            "ERR_INVALID_ARG_TYPE",
        ));
    }
    let t = object::get(options, perry_runtime::atoms::intern("type"))?;
    Ok(if t.is_undefined() { String::new() } else { normalize_type(&ops::to_rust_string(t)?) })
}

/// new Blob(blobParts, options)
fn blob_ctor(args: &Args) -> JsResult {
    super::require_new(args, "Blob")?;
    let bytes = parts_bytes(args.get(0))?;
    let mime = type_option(args.get(1))?;
    let p = super::proto_for(args, P::BlobProto)?;
    Ok(make(Class::Blob, p, &bytes, &mime))
}

/// new File(fileBits, fileName, options)
fn file_ctor(args: &Args) -> JsResult {
    super::require_new(args, "File")?;
    if args.len() < 2 {
        return Err(super::node_error(ErrorKind::TypeError, "The \"fileBits\" and \"fileName\" arguments must be specified", "ERR_MISSING_ARGS"));
    }
    let bytes = parts_bytes(args.get(0))?;
    let name = ops::to_string(args.get(1))?;
    let scope = HandleScope::new();
    let hn = scope.root(name.0);
    let options = args.get(2);
    let mime = type_option(options)?;
    let mut last_modified = Value::UNDEFINED;
    if options.is_js_object() {
        let lm = object::get(options, perry_runtime::atoms::intern("lastModified"))?;
        if !lm.is_undefined() {
            let n = ops::to_number(lm)?;
            last_modified = Value::num(if n.is_finite() { n.trunc() } else { 0.0 });
        }
    }
    if last_modified.is_undefined() {
        last_modified = Value::num(now_ms());
    }
    let p = super::proto_for(args, P::FileProto)?;
    let o = make(Class::File, p, &bytes, &mime);
    set_slot(o, NAME, Value(hn.get()));
    set_slot(o, LAST_MODIFIED, last_modified);
    Ok(o)
}

fn this_blob(args: &Args) -> JsResult {
    let t = args.this();
    if is_blob(t) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Value of \"this\" must be of type Blob", "ERR_INVALID_THIS")) }
}

fn this_file(args: &Args) -> JsResult {
    let t = args.this();
    if is(t, Class::File) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Value of \"this\" must be of type File", "ERR_INVALID_THIS")) }
}

fn get_size(args: &Args) -> JsResult {
    Ok(Value::num(size(this_blob(args)?) as f64))
}

fn get_type(args: &Args) -> JsResult {
    Ok(slot(this_blob(args)?, TYPE))
}

fn get_name(args: &Args) -> JsResult {
    Ok(slot(this_file(args)?, NAME))
}

fn get_last_modified(args: &Args) -> JsResult {
    Ok(slot(this_file(args)?, LAST_MODIFIED))
}

/// A relative index into `len` bytes (negative from the end), clamped.
fn relative(v: Value, len: usize, default: usize) -> JsResult<usize> {
    if v.is_undefined() {
        return Ok(default);
    }
    let n = ops::to_number(v)?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    Ok(if n < 0.0 { (len as f64 + n).max(0.0) as usize } else { n.min(len as f64) as usize })
}

/// slice(start, end, contentType)
fn slice(args: &Args) -> JsResult {
    let t = this_blob(args)?;
    let len = size(t);
    let start = relative(args.get(0), len, 0)?;
    let end = relative(args.get(1), len, len)?;
    let mime = if args.get(2).is_undefined() { String::new() } else { normalize_type(&ops::to_rust_string(args.get(2))?) };
    let t = this_blob(args)?;
    let all = bytes(t);
    let part = if start < end { all[start..end].to_vec() } else { Vec::new() };
    Ok(make(Class::Blob, proto(P::BlobProto), &part, &mime))
}

fn text(args: &Args) -> JsResult {
    settled(|| Ok(string::from_units(&super::body::utf8_decode(&bytes(this_blob(args)?)))))
}

fn array_buffer(args: &Args) -> JsResult {
    settled(|| Ok(b::new_array_buffer(&bytes(this_blob(args)?))))
}

fn bytes_method(args: &Args) -> JsResult {
    settled(|| Ok(b::new_uint8array(&bytes(this_blob(args)?))))
}

/// stream(): `ReadableStream.from([bytes])`, or of no chunk for an empty Blob (see the NOTE
/// above).
fn stream(args: &Args) -> JsResult {
    let t = this_blob(args)?;
    let scope = HandleScope::new();
    let data = bytes(t);
    let empty = data.is_empty();
    let chunk = b::new_uint8array(&data);
    let hc = scope.root(chunk.0);
    let global = perry_runtime::realm::get(perry_runtime::realm::I::Global);
    let rs = object::get(global, perry_runtime::atoms::intern("ReadableStream"))?;
    if !rs.is_js_object() {
        return Err(error::type_error("Blob.stream() needs ReadableStream, which this program does not use"));
    }
    let hr = scope.root(rs.0);
    let from = object::get(Value(hr.get()), perry_runtime::atoms::intern("from"))?;
    let hf = scope.root(from.0);
    let list = perry_runtime::array::new_array(0);
    let hl = scope.root(list.0);
    // An empty Blob's stream closes without a chunk.
    if !empty {
        perry_runtime::array::push(Value(hl.get()), Value(hc.get()));
    }
    perry_runtime::function::call(Value(hf.get()), Value(hr.get()), &[Value(hl.get())])
}

/// Node's `[kInspect]`: `Blob { size: N, type: '...' }` (and a File's name and lastModified),
/// the braces formatted as `inspect` formats a fresh object of those properties.
pub fn inspect(v: Value) -> String {
    let file = is(v, Class::File);
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let o = object::new_plain(4);
    let ho = scope.root(o.0);
    let define = |name: &str, x: Value| {
        let s = HandleScope::new();
        let hx = s.root(x.0);
        let key = perry_runtime::atoms::intern(name);
        object::define(Value(ho.get()), key, Value(hx.get()), perry_runtime::shape::DEFAULT);
    };
    define("size", Value::num(size(Value(hv.get())) as f64));
    define("type", slot(Value(hv.get()), TYPE));
    if file {
        define("name", slot(Value(hv.get()), NAME));
        define("lastModified", slot(Value(hv.get()), LAST_MODIFIED));
    }
    format!("{} {}", if file { "File" } else { "Blob" }, crate::inspect::inspect(Value(ho.get()), 0))
}

pub fn install() {
    let scope = HandleScope::new();
    let blob_class = scope.root(super::class("Blob", 0, blob_ctor, proto(P::BlobProto)).0);
    let p = || proto(P::BlobProto);
    super::accessor(p(), "type", get_type, None);
    super::accessor(p(), "size", get_size, None);
    crate::method(p(), "slice", 0, slice);
    crate::method(p(), "arrayBuffer", 0, array_buffer);
    crate::method(p(), "text", 0, text);
    crate::method(p(), "bytes", 0, bytes_method);
    crate::method(p(), "stream", 0, stream);
    crate::to_string_tag(p(), "Blob");
    // class File extends Blob: its constructor inherits Blob's (its prototype's parent is
    // Blob.prototype, `web::install`).
    let f = super::class("File", 2, file_ctor, proto(P::FileProto));
    object::set_proto(f, Value(blob_class.get()));
    let fp = || proto(P::FileProto);
    super::accessor(fp(), "name", get_name, None);
    super::accessor(fp(), "lastModified", get_last_modified, None);
    crate::to_string_tag(fp(), "File");
}
