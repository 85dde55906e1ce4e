//! Every conversion between hyper's requests and responses and JavaScript
//! values, in two functions with the signatures of `perry_stdlib::web`:
//! [`new_request`] makes the handler's `Request`, [`response_parts`] reads
//! the `Response` it returns. Nothing else in this crate touches the shape
//! of those objects.
//!
//! TEMPORARY until perry_stdlib::web lands (branch wip-web): the Web
//! `Request`/`Response`/`Headers` globals are not in the stdlib yet, so this
//! file stands in with the least that lets a server run end to end:
//! - a request is an object `{ method, url, headers }` whose prototype has
//!   `text()` and `json()` (promises of the body), and whose `headers` has
//!   `get(name)` and `has(name)` (names compared without case);
//! - a response is any object with a `status` (default 200) or a `body`
//!   (a string, or undefined for none), and optionally `headers`, a plain
//!   object of name/value pairs.
//!
//! At the merge both functions become calls of `perry_stdlib::web::new_request`
//! and `perry_stdlib::web::response_parts`, and `ResponseParts` is theirs.

use perry_abi::KIND_OBJECT;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::atoms::{self, Atom};
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// A response as the server thread sends it.
pub struct ResponseParts {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

// TEMPORARY until perry_stdlib::web lands: the stand-in's prototypes and
// atoms, made on first use.
struct Protos {
    /// [request prototype, headers prototype]; a root source (`visit_roots`).
    values: [u64; 2],
    method: Atom,
    url: Atom,
    headers: Atom,
    status: Atom,
    body: Atom,
    /// The request's body text, under a private symbol.
    body_text: Atom,
}

static PROTOS: JsCell<Option<Protos>> = JsCell::new(None);

fn protos() -> &'static mut Protos {
    // SAFETY: single JS thread.
    let p = unsafe { PROTOS.get() };
    if p.is_none() {
        let sym = perry_runtime::symbol::new_symbol(string::from_str("request body"), true);
        let body_text = perry_runtime::symbol::atom_of(sym);
        let names = [atoms::intern("method"), atoms::intern("url"), atoms::intern("headers"), atoms::intern("status"), atoms::intern("body")];
        *p =
            Some(Protos { values: [perry_abi::UNDEFINED; 2], method: names[0], url: names[1], headers: names[2], status: names[3], body: names[4], body_text });
        let rp = object::new_plain(4);
        p.as_mut().unwrap().values[0] = rp.0;
        let hp = object::new_plain(4);
        p.as_mut().unwrap().values[1] = hp.0;
        let p = p.as_mut().unwrap();
        perry_stdlib::method(Value(p.values[0]), "text", 0, request_text);
        perry_stdlib::method(Value(p.values[0]), "json", 0, request_json);
        perry_stdlib::method(Value(p.values[1]), "get", 1, headers_get);
        perry_stdlib::method(Value(p.values[1]), "has", 1, headers_has);
    }
    p.as_mut().unwrap()
}

/// The bridge's own roots (the stand-in prototypes).
pub fn visit_roots(visit: &mut dyn FnMut(*mut u64)) {
    // SAFETY: single JS thread.
    if let Some(p) = unsafe { PROTOS.get() } {
        for v in p.values.iter_mut() {
            visit(v as *mut u64);
        }
    }
}

/// The handler's `Request` for a request the server thread read.
pub fn new_request(method: &str, url: &str, headers: &[(&[u8], &[u8])], body: Vec<u8>) -> Value {
    // TEMPORARY until perry_stdlib::web lands.
    let scope = HandleScope::new();
    let (method_key, url_key, headers_key, body_key) = {
        let p = protos();
        (p.method, p.url, p.headers, p.body_text)
    };
    let hh = scope.root(object::new_object_kind(KIND_OBJECT, Value(protos().values[1]), headers.len() as u32 + 1).0);
    let mut i = 0;
    while i < headers.len() {
        // Repeated fields join with ", " (RFC 9110 5.3), as Headers.get does.
        let name = headers[i].0;
        let mut value = String::from_utf8_lossy(headers[i].1).into_owned();
        let mut j = i + 1;
        while j < headers.len() && headers[j].0.eq_ignore_ascii_case(name) {
            value.push_str(", ");
            value.push_str(&String::from_utf8_lossy(headers[j].1));
            j += 1;
        }
        let key = atoms::intern(&String::from_utf8_lossy(name).to_ascii_lowercase());
        if object::find_own(Value(hh.get()), key).is_none() {
            let v = string::from_str(&value);
            object::define(Value(hh.get()), key, v, shape::DEFAULT);
        }
        i = j;
    }
    let hr = scope.root(object::new_object_kind(KIND_OBJECT, Value(protos().values[0]), 4).0);
    let m = string::from_str(method);
    object::define(Value(hr.get()), method_key, m, shape::DEFAULT);
    let u = string::from_str(url);
    object::define(Value(hr.get()), url_key, u, shape::DEFAULT);
    object::define(Value(hr.get()), headers_key, Value(hh.get()), shape::DEFAULT);
    let b = string::from_str(&String::from_utf8_lossy(&body));
    object::define(Value(hr.get()), body_key, b, 0);
    Value(hr.get())
}

/// The status, headers and body of the handler's `Response`; `None` when
/// `v` is not one.
pub fn response_parts(v: Value) -> Option<ResponseParts> {
    // TEMPORARY until perry_stdlib::web lands.
    let r = read_response(v);
    match r {
        Ok(p) => p,
        Err(_) => {
            // A throwing getter: not a response we can send.
            error::take();
            None
        }
    }
}

fn read_response(v: Value) -> JsResult<Option<ResponseParts>> {
    if !v.is_object() {
        return Ok(None);
    }
    let (status_key, body_key, headers_key) = {
        let p = protos();
        (p.status, p.body, p.headers)
    };
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let status = scope.root(object::get(Value(hv.get()), status_key)?.0);
    let body = scope.root(object::get(Value(hv.get()), body_key)?.0);
    let status = Value(status.get());
    if status.is_undefined() && Value(body.get()).is_undefined() {
        return Ok(None);
    }
    let status = if status.is_undefined() {
        200
    } else if status.is_number() && (200.0..=599.0).contains(&status.as_number()) && status.as_number().fract() == 0.0 {
        status.as_number() as u16
    } else {
        return Ok(None);
    };
    let body = match Value(body.get()) {
        b if b.is_undefined() || b.is_null() => Vec::new(),
        b => ops::to_rust_string(b)?.into_bytes(),
    };
    let mut headers = Vec::new();
    let hs = scope.root(object::get(Value(hv.get()), headers_key)?.0);
    if Value(hs.get()).is_object() {
        for key in object::own_keys(Value(hs.get()), true, false) {
            let value = object::get(Value(hs.get()), key)?;
            headers.push((atoms::to_rust(key), ops::to_rust_string(value)?));
        }
    }
    if !body.is_empty() && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-type")) {
        headers.push(("content-type".into(), "text/plain;charset=UTF-8".into()));
    }
    Ok(Some(ResponseParts { status, headers, body }))
}

// TEMPORARY until perry_stdlib::web lands: the stand-in's methods.

/// The request's body text (a string, stored when the request was made).
fn body_text(this: Value) -> JsResult {
    let key = protos().body_text;
    if !this.is_object() {
        return Err(error::type_error("Illegal invocation"));
    }
    match object::find_own(this, key) {
        Some((i, _)) => Ok(object::slot_get(this, i)),
        None => Err(error::type_error("Illegal invocation")),
    }
}

/// request.text(): a promise of the body as a string.
fn request_text(args: &Args) -> JsResult {
    let text = body_text(args.this())?;
    let scope = HandleScope::new();
    let ht = scope.root(text.0);
    let p = scope.root(perry_stdlib::promise::new_promise().0);
    perry_stdlib::promise::resolve(Value(p.get()), Value(ht.get()));
    Ok(Value(p.get()))
}

/// request.json(): a promise of the body parsed as JSON.
fn request_json(args: &Args) -> JsResult {
    let text = body_text(args.this())?;
    let scope = HandleScope::new();
    let p = scope.root(perry_stdlib::promise::new_promise().0);
    match perry_stdlib::json::parse_units(string::units(text).to_vec()) {
        Ok(v) => perry_stdlib::promise::resolve(Value(p.get()), v),
        Err(_) => {
            let e = error::take();
            perry_stdlib::promise::reject(Value(p.get()), e);
        }
    }
    Ok(Value(p.get()))
}

/// The atom of a header name argument (names are kept lowercase).
fn header_key(name: Value) -> JsResult<Atom> {
    let s = ops::to_rust_string(name)?;
    Ok(atoms::intern(&s.to_ascii_lowercase()))
}

/// headers.get(name): the value, or null.
fn headers_get(args: &Args) -> JsResult {
    let key = header_key(args.get(0))?;
    let h = args.this();
    if !h.is_object() {
        return Err(error::type_error("Illegal invocation"));
    }
    Ok(object::find_own(h, key).map_or(Value::NULL, |(i, _)| object::slot_get(h, i)))
}

/// headers.has(name)
fn headers_has(args: &Args) -> JsResult {
    let key = header_key(args.get(0))?;
    let h = args.this();
    Ok(Value::bool(h.is_object() && object::find_own(h, key).is_some()))
}
