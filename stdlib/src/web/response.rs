//! Response (WHATWG Fetch Standard, section 5.5) without networking, as
//! Node 20 (undici 6) has it, and the native view the HTTP server reads
//! ([`response_parts`]).
//!
//! Slots: status (number), status text (string), Headers object, body (a store cell, a
//! ReadableStream or null: [`super::body`]), used flag, type (string), URL (string),
//! redirected.

use super::body::{self, Consume};
use super::headers::{self, GUARD_IMMUTABLE, GUARD_RESPONSE, List};
use super::{Class, P, is, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::bytes as b;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const S_STATUS: usize = 0;
const S_TEXT: usize = 1;
const S_HEADERS: usize = 2;
const S_BODY: usize = 3;
const S_USED: usize = 4;
const S_TYPE: usize = 5;
const S_URL: usize = 6;
const S_REDIRECTED: usize = 7;
const S_SLOTS: u32 = 8;

/// What the HTTP server sends for a Response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResponseParts {
    pub status: u16,
    /// The header list sorted and combined as iteration yields it: names
    /// in lower case, each `set-cookie` separately. Names and values are
    /// ByteStrings: every char is below U+0100 and stands for one byte.
    pub headers: Vec<(String, String)>,
    /// The body's bytes, or empty for no body or a stream body.
    pub body: Vec<u8>,
    /// The body is a ReadableStream ([`body_stream`]), to be sent as it is read.
    pub streamed: bool,
}

/// The status, headers and body bytes of a Response object; `None` when
/// `v` is not a Response. Reading does not consume a byte body (`bodyUsed`
/// is unchanged). A stream body made from bytes that nobody read gives its bytes (a
/// `new Response(res.body, res)` costs no stream), any other is `streamed`: read it with
/// [`body_stream`]. Runs JavaScript only for a stream body.
pub fn response_parts(v: Value) -> JsResult<Option<ResponseParts>> {
    if !is(v, Class::Response) {
        return Ok(None);
    }
    let status = slot(v, S_STATUS).as_number() as u16;
    let headers = headers::list_of(slot(v, S_HEADERS)).sorted();
    let bv = slot(v, S_BODY);
    let (body, streamed) = if bv.is_null() {
        (Vec::new(), false)
    } else if body::is_stream(bv) {
        let taken = body::call_hook(body::Hook::TakeBytes, &[bv])?;
        match b::bytes_of_vec(taken) {
            Some(bytes) => (bytes, false),
            None => (Vec::new(), true),
        }
    } else {
        (b::store_bytes(bv).to_vec(), false)
    };
    Ok(Some(ResponseParts { status, headers, body, streamed }))
}

/// The body stream of a Response whose parts are `streamed`.
pub fn body_stream(v: Value) -> Value {
    slot(v, S_BODY)
}

/// A Response with every field given (all rooted here).
#[allow(clippy::too_many_arguments)]
fn make(status: u16, text: &str, headers_v: Value, body_v: Value, ty: &str, url: &str, redirected: bool, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hh = scope.root(headers_v.0);
    let hb = scope.root(body_v.0);
    let hp = scope.root(proto_v.0);
    let vals: Vec<_> = [text, ty, url].iter().map(|s| scope.root(string::from_str(s).0)).collect();
    let r = new_platform(Class::Response, S_SLOTS, Value(hp.get()));
    set_slot(r, S_STATUS, Value::int(status as i64));
    set_slot(r, S_TEXT, Value(vals[0].get()));
    set_slot(r, S_HEADERS, Value(hh.get()));
    set_slot(r, S_BODY, Value(hb.get()));
    set_slot(r, S_USED, Value::FALSE);
    set_slot(r, S_TYPE, Value(vals[1].get()));
    set_slot(r, S_URL, Value(vals[2].get()));
    set_slot(r, S_REDIRECTED, Value::bool(redirected));
    r
}

fn member(o: Value, name: &str) -> JsResult {
    if !o.is_js_object() {
        return Ok(Value::UNDEFINED);
    }
    let k = atoms::intern(name);
    object::get(o, k)
}

/// WebIDL `unsigned short`: ToNumber, then modulo 2^16.
fn to_u16(v: Value) -> JsResult<u16> {
    let f = ops::to_number(v)?;
    if !f.is_finite() {
        return Ok(0);
    }
    let m = f.trunc() % 65536.0;
    Ok((if m < 0.0 { m + 65536.0 } else { m }) as u16)
}

/// Whether a status text matches the reason-phrase production.
fn valid_status_text(s: &str) -> bool {
    s.chars().all(|c| c == '\t' || c == ' ' || ('\x21'..='\x7E').contains(&c) || ('\u{80}'..='\u{FF}').contains(&c))
}

/// The validated ResponseInit (Fetch 5.5 "initialize a response").
struct Init {
    status: u16,
    text: String,
    list: List,
}

fn read_init(init: Value, default_list: List) -> JsResult<Init> {
    if !init.is_nullish() && !init.is_js_object() {
        return Err(error::type_error("Response constructor: Expected init (\"Argument 2\") to be an object."));
    }
    let scope = HandleScope::new();
    let hi = scope.root(init.0);
    let s = member(init, "status")?;
    let status = if s.is_undefined() { 200 } else { to_u16(s)? };
    let t = member(Value(hi.get()), "statusText")?;
    let text = if t.is_undefined() { String::new() } else { headers::byte_string(t)? };
    if !(200..=599).contains(&status) {
        return Err(error::range_error("init[\"status\"] must be in the range of 200 to 599, inclusive."));
    }
    if !valid_status_text(&text) {
        return Err(error::type_error("Invalid statusText"));
    }
    let h = member(Value(hi.get()), "headers")?;
    let mut list = default_list;
    if !h.is_undefined() {
        headers::fill(&mut list, h)?;
    }
    Ok(Init { status, text, list })
}

fn is_null_body_status(s: u16) -> bool {
    matches!(s, 101 | 103 | 204 | 205 | 304)
}

/// Response ( [ body [ , init ] ] ) — Fetch 5.5
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "_Response")?;
    let mut init = read_init(args.get(1), List::default())?;
    let bv = args.get(0);
    let body_v = if bv.is_nullish() {
        Value::NULL
    } else {
        if is_null_body_status(init.status) {
            return Err(error::type_error(&format!("Response constructor: Invalid response status code {}", init.status)));
        }
        if let Some(stream) = body::stream_init(args.get(0))? {
            stream
        } else {
            let e = body::extract(args.get(0))?;
            if let Some(ct) = e.content_type
                && !init.list.contains("content-type")
            {
                init.list.append("content-type", &ct);
            }
            body::store_of(&e.bytes)
        }
    };
    let scope = HandleScope::new();
    let hb = scope.root(body_v.0);
    let p = super::proto_for(args, P::ResponseProto)?;
    let hp = scope.root(p.0);
    let h = headers::new_intrinsic(&init.list, GUARD_RESPONSE);
    Ok(make(init.status, &init.text, h, Value(hb.get()), "default", "", false, Value(hp.get())))
}

/// Response.error ( ) — Fetch 5.5
fn error_static(_args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let h = headers::new_intrinsic(&List::default(), GUARD_IMMUTABLE);
    let hh = scope.root(h.0);
    Ok(make(0, "", Value(hh.get()), Value::NULL, "error", "", false, proto(P::ResponseProto)))
}

/// Response.redirect ( url [ , status ] ) — Fetch 5.5
fn redirect(args: &Args) -> JsResult {
    if args.is_empty() {
        return Err(error::type_error("Response.redirect: 1 argument required, but 0 found."));
    }
    let s = super::to_usv(args.get(0))?;
    let Ok(u) = url::Url::parse(&s) else { return Err(error::type_error(&format!("Failed to parse URL from {s}"))) };
    let status = if args.get(1).is_undefined() { 302 } else { to_u16(args.get(1))? };
    if !matches!(status, 301 | 302 | 303 | 307 | 308) {
        return Err(error::range_error(&format!("Invalid status code {status}")));
    }
    let mut list = List::default();
    list.append("location", u.as_str());
    let scope = HandleScope::new();
    let h = headers::new_intrinsic(&list, GUARD_IMMUTABLE);
    let hh = scope.root(h.0);
    Ok(make(status, "", Value(hh.get()), Value::NULL, "default", "", false, proto(P::ResponseProto)))
}

/// Response.json ( data [ , init ] ) — Fetch 5.5
fn json_static(args: &Args) -> JsResult {
    let s = crate::json::stringify(args.get(0), Value::UNDEFINED, Value::UNDEFINED)?;
    let Some(s) = s else { return Err(error::type_error("Value is not JSON serializable")) };
    let bytes = string::view(s).to_utf8();
    let mut init = read_init(args.get(1), List::default())?;
    if is_null_body_status(init.status) {
        return Err(error::type_error(&format!("Response constructor: Invalid response status code {}", init.status)));
    }
    if !init.list.contains("content-type") {
        init.list.append("content-type", "application/json");
    }
    let scope = HandleScope::new();
    let bv = body::store_of(&bytes);
    let hb = scope.root(bv.0);
    let h = headers::new_intrinsic(&init.list, GUARD_RESPONSE);
    Ok(make(init.status, &init.text, h, Value(hb.get()), "default", "", false, proto(P::ResponseProto)))
}

fn this_response(args: &Args) -> JsResult {
    let t = args.this();
    if is(t, Class::Response) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS")) }
}

fn get_type(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_TYPE))
}

fn get_url(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_URL))
}

fn get_redirected(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_REDIRECTED))
}

fn get_status(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_STATUS))
}

fn get_ok(args: &Args) -> JsResult {
    let s = slot(this_response(args)?, S_STATUS).as_number();
    Ok(Value::bool((200.0..=299.0).contains(&s)))
}

fn get_status_text(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_TEXT))
}

fn get_headers(args: &Args) -> JsResult {
    Ok(slot(this_response(args)?, S_HEADERS))
}

fn get_body_used(args: &Args) -> JsResult {
    let r = this_response(args)?;
    Ok(Value::bool(body::body_used(r, S_BODY, S_USED)?))
}

fn get_body(args: &Args) -> JsResult {
    let r = this_response(args)?;
    body::get_body(r, S_BODY, S_USED)
}

/// Response.prototype.clone ( ) — Fetch 5.5
fn clone(args: &Args) -> JsResult {
    let r = this_response(args)?;
    if body::unusable(r, S_BODY, S_USED)? {
        return Err(error::type_error("Response.clone: Body has already been consumed."));
    }
    let r = args.this();
    let list = headers::list_of(slot(r, S_HEADERS));
    let guard = headers::guard_of(slot(r, S_HEADERS));
    let status = slot(r, S_STATUS).as_number() as u16;
    let text = string::to_rust(slot(r, S_TEXT));
    let ty = string::to_rust(slot(r, S_TYPE));
    let url = string::to_rust(slot(r, S_URL));
    let redirected = slot(r, S_REDIRECTED).as_bool();
    let scope = HandleScope::new();
    let hb = scope.root(body::clone_body(r, S_BODY, S_USED)?.0);
    let h = headers::new_intrinsic(&list, guard);
    let hh = scope.root(h.0);
    Ok(make(status, &text, Value(hh.get()), Value(hb.get()), &ty, &url, redirected, proto(P::ResponseProto)))
}

fn consume(args: &Args, how: Consume) -> JsResult {
    body::consume(args, Class::Response, S_BODY, S_USED, S_HEADERS, how)
}

fn text(args: &Args) -> JsResult {
    consume(args, Consume::Text)
}

fn json(args: &Args) -> JsResult {
    consume(args, Consume::Json)
}

fn array_buffer(args: &Args) -> JsResult {
    consume(args, Consume::ArrayBuffer)
}

fn bytes(args: &Args) -> JsResult {
    consume(args, Consume::Bytes)
}

fn blob(args: &Args) -> JsResult {
    consume(args, Consume::Blob)
}

fn form_data(args: &Args) -> JsResult {
    consume(args, Consume::FormData)
}

pub fn install() {
    let p = proto(P::ResponseProto);
    let c = super::class("Response", 0, ctor, p);
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    method(Value(hc.get()), "error", 0, error_static);
    method(Value(hc.get()), "json", 1, json_static);
    method(Value(hc.get()), "redirect", 1, redirect);
    let p = || proto(P::ResponseProto);
    super::accessor(p(), "type", get_type, None);
    super::accessor(p(), "url", get_url, None);
    super::accessor(p(), "redirected", get_redirected, None);
    super::accessor(p(), "status", get_status, None);
    super::accessor(p(), "ok", get_ok, None);
    super::accessor(p(), "statusText", get_status_text, None);
    super::accessor(p(), "headers", get_headers, None);
    super::accessor(p(), "body", get_body, None);
    super::accessor(p(), "bodyUsed", get_body_used, None);
    method(p(), "clone", 0, clone);
    method(p(), "arrayBuffer", 0, array_buffer);
    method(p(), "text", 0, text);
    method(p(), "json", 0, json);
    method(p(), "formData", 0, form_data);
    method(p(), "blob", 0, blob);
    method(p(), "bytes", 0, bytes);
    crate::to_string_tag(p(), "Response");
}

/// How Node prints a Response (undici's `[util.inspect.custom]`): its fields, one per line. A
/// byte body is shown as the stream it would be, without making one.
pub fn inspect(r: Value) -> String {
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let r = || Value(hr.get());
    let field = |i: usize| super::field_text(slot(r(), i));
    let body = slot(r(), S_BODY);
    let body_text = if body.is_null() {
        "null".to_string()
    } else if body::is_stream(body) {
        field(S_BODY)
    } else {
        let used = slot(r(), S_USED).as_bool();
        format!("ReadableStream {{ locked: {used}, state: '{}', supportsBYOB: true }}", if used { "closed" } else { "readable" })
    };
    let used = body::body_used(r(), S_BODY, S_USED).unwrap_or_else(|_| {
        error::take();
        false
    });
    let ok = (200.0..=299.0).contains(&slot(r(), S_STATUS).as_number());
    super::fields_view(
        "Response",
        &[
            ("status", field(S_STATUS)),
            ("statusText", field(S_TEXT)),
            ("headers", field(S_HEADERS)),
            ("body", body_text),
            ("bodyUsed", used.to_string()),
            ("ok", ok.to_string()),
            ("redirected", slot(r(), S_REDIRECTED).as_bool().to_string()),
            ("type", field(S_TYPE)),
            ("url", field(S_URL)),
        ],
    )
}

/// Makes `r` (a Response) what `fetch` returns: type "basic", `url` and `redirected` set, and
/// its headers immutable (Fetch 4.1 main fetch and 5.5's "headers" guard). For `perry:fetch`.
pub fn set_fetched(r: Value, url: &str, redirected: bool) {
    if !is(r, Class::Response) {
        return;
    }
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let hu = scope.root(string::from_str(url).0);
    let ht = string::from_str("basic");
    set_slot(Value(hr.get()), S_TYPE, ht);
    set_slot(Value(hr.get()), S_URL, Value(hu.get()));
    set_slot(Value(hr.get()), S_REDIRECTED, Value::bool(redirected));
    headers::set_guard(slot(Value(hr.get()), S_HEADERS), GUARD_IMMUTABLE);
}
