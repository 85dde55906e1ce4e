//! The Body mixin of Request and Response (WHATWG Fetch Standard, 6.4
//! "extract a body" and 6.4.5 "consume body"), as Node 20 (undici 6) has it.
//!
//! A body is a `KIND_BUFFER_STORE` cell holding all its bytes (Perry has no
//! streams): the object keeps it in its body slot, or null when it has no
//! body, beside a "used" flag. The store never reaches JavaScript: readers
//! get copies, so a clone may share it.
//!
//! NOTE: deviates from Node: `body` (a ReadableStream) is missing.

use super::{Class, is};
use perry_gc::HandleScope;
use perry_runtime::bytes as b;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// A body extracted from a BodyInit (Fetch 6.4.2): the bytes and the
/// Content-Type the standard gives them.
pub struct Extracted {
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
}

/// Extract a body from `v` (not nullish).
pub fn extract(v: Value) -> JsResult<Extracted> {
    if let Some(bytes) = b::bytes_of_vec(v) {
        return Ok(Extracted { bytes, content_type: None });
    }
    if is(v, Class::UrlSearchParams) {
        let s = super::url_search_params::serialize(&super::url_search_params::pairs_of(v));
        return Ok(Extracted { bytes: s.into_bytes(), content_type: Some("application/x-www-form-urlencoded;charset=UTF-8".into()) });
    }
    if is(v, Class::FormData) {
        let (bytes, ct) = super::form_data::multipart(v);
        return Ok(Extracted { bytes, content_type: Some(ct) });
    }
    if super::blob::is_blob(v) {
        let t = super::blob::mime_type(v);
        return Ok(Extracted { bytes: super::blob::bytes(v), content_type: (!t.is_empty()).then_some(t) });
    }
    // USVString, and every other object through ToString (WebIDL's union
    // conversion falls back to the string member).
    let s = ops::to_string(v)?;
    let bytes = string::view(s).to_utf8();
    Ok(Extracted { bytes, content_type: Some("text/plain;charset=UTF-8".into()) })
}

/// A body slot value for `bytes` (a store cell).
pub fn store_of(bytes: &[u8]) -> Value {
    b::store_from(bytes)
}

/// How a body is consumed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Consume {
    Text,
    Json,
    ArrayBuffer,
    Bytes,
    FormData,
    Blob,
}

/// `bytes` without a leading UTF-8 BOM.
fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes)
}

/// UTF-8 decode (Encoding 6): a leading BOM removed, errors replaced.
pub fn utf8_decode(bytes: &[u8]) -> Vec<u16> {
    String::from_utf8_lossy(strip_bom(bytes)).encode_utf16().collect()
}

/// The value of consuming `bytes` as `how` (Fetch 6.4.5, the package data
/// algorithm); `content_type` is the object's Content-Type header.
fn package(how: Consume, bytes: Vec<u8>, content_type: Option<String>) -> JsResult {
    match how {
        Consume::Text => Ok(string::from_utf8_lossy(strip_bom(&bytes))),
        Consume::Json => {
            let bom = bytes.len() - strip_bom(&bytes).len();
            if !bytes[bom..].is_ascii() {
                return crate::json::parse_units(utf8_decode(&bytes));
            }
            // ASCII JSON is parsed from its own bytes as one-byte text.
            let mut bytes = bytes;
            bytes.drain(..bom);
            crate::json::parse_src(bytes)
        }
        Consume::ArrayBuffer => Ok(b::new_array_buffer(&bytes)),
        Consume::Bytes => Ok(b::new_uint8array(&bytes)),
        Consume::Blob => Ok(super::blob::new_blob(&bytes, content_type.as_deref().unwrap_or(""))),
        Consume::FormData => super::form_data::from_body(&bytes, content_type.as_deref()),
    }
}

/// The body methods of Request and Response: `this` must be a `class`
/// object whose body lives in slot `body_slot`, its used flag in
/// `used_slot`, its Headers in `headers_slot`. Always returns a promise; a
/// failure rejects it.
pub fn consume(args: &Args, class: Class, body_slot: usize, used_slot: usize, headers_slot: usize, how: Consume) -> JsResult {
    settled(|| -> JsResult {
        let t = args.this();
        if !is(t, class) {
            return Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS"));
        }
        let body = super::slot(t, body_slot);
        if super::slot(t, used_slot).as_bool() {
            return Err(error::type_error("Body is unusable: Body has already been read"));
        }
        let bytes = if body.is_null() {
            Vec::new()
        } else {
            // A used body stays used.
            super::set_slot(t, used_slot, Value::TRUE);
            b::store_bytes(body).to_vec()
        };
        let ct = if matches!(how, Consume::FormData | Consume::Blob) {
            let h = super::slot(args.this(), headers_slot);
            super::headers::list_of(h).get("content-type").map(str::to_string)
        } else {
            None
        };
        package(how, bytes, ct)
    })
}

/// A promise settled with what `f` gives (rejected with its exception): how the body methods
/// of Request, Response and Blob answer.
pub fn settled(f: impl FnOnce() -> JsResult) -> JsResult {
    let scope = HandleScope::new();
    let result = f();
    let hv = scope.root(match &result {
        Ok(v) => v.0,
        Err(_) => error::take().0,
    });
    let p = crate::promise::new_promise();
    let hp = scope.root(p.0);
    match result {
        Ok(_) => crate::promise::resolve(Value(hp.get()), Value(hv.get())),
        Err(_) => crate::promise::reject(Value(hp.get()), Value(hv.get())),
    }
    Ok(Value(hp.get()))
}
