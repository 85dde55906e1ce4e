//! Request (WHATWG Fetch Standard, section 5.4) without networking, as Node
//! 20 (undici 6) has it: method, URL, headers and a body read by the Body
//! mixin ([`super::body`]).
//!
//! NOTE: deviates from Node: only `method`, `url`, `headers`, `body`, `bodyUsed`,
//! `redirect`, `signal`, `duplex` and the body methods; no `mode`, `cache` and the other
//! fetch-only attributes.
//!
//! Slots: method (string), URL (string), Headers object, body (a store cell, a ReadableStream
//! or null: [`super::body`]), used flag, redirect mode (string), the request's own signal
//! (made by the constructor when it follows one, else on first use; `perry:web-events` makes
//! it), the fetch attributes (`Opts`).

use super::body::{self, Consume};
use super::headers::{self, GUARD_REQUEST, List};
use super::{Class, P, is, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

pub const R_METHOD: usize = 0;
pub const R_URL: usize = 1;
pub const R_HEADERS: usize = 2;
pub const R_BODY: usize = 3;
pub const R_USED: usize = 4;
pub const R_REDIRECT: usize = 5;
const R_SIGNAL: usize = 6;
const R_OPTS: usize = 7;
const R_SLOTS: u32 = 8;

/// The fetch attributes a server has no use for but a Request carries (read from the init and
/// shown by the getters and by inspection), in slot `R_OPTS` as an array in this order.
#[derive(Clone)]
struct Opts {
    strings: [String; 6],
    keepalive: bool,
}

/// The string attributes in `Opts::strings`, with their defaults and the values WebIDL accepts
/// (None: any string).
const OPT_STRINGS: [(&str, &str, Option<&[&str]>); 6] = [
    ("referrer", "about:client", None),
    (
        "referrerPolicy",
        "",
        Some(&[
            "",
            "no-referrer",
            "no-referrer-when-downgrade",
            "same-origin",
            "origin",
            "strict-origin",
            "origin-when-cross-origin",
            "strict-origin-when-cross-origin",
            "unsafe-url",
        ]),
    ),
    ("mode", "cors", Some(&["navigate", "same-origin", "no-cors", "cors"])),
    ("credentials", "same-origin", Some(&["omit", "same-origin", "include"])),
    ("cache", "default", Some(&["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"])),
    ("integrity", "", None),
];

impl Default for Opts {
    fn default() -> Opts {
        Opts { strings: OPT_STRINGS.map(|(_, d, _)| d.to_string()), keepalive: false }
    }
}

fn opts_of(r: Value) -> Opts {
    let a = slot(r, R_OPTS);
    Opts {
        strings: std::array::from_fn(|i| string::to_rust(perry_runtime::array::get_index(a, i))),
        keepalive: perry_runtime::array::get_index(a, 6).as_bool(),
    }
}

fn opts_value(o: &Opts) -> Value {
    let scope = HandleScope::new();
    let a = scope.root(perry_runtime::array::new_array(0).0);
    for s in &o.strings {
        let v = string::from_str(s);
        perry_runtime::array::push(Value(a.get()), v);
    }
    perry_runtime::array::push(Value(a.get()), Value::bool(o.keepalive));
    Value(a.get())
}

/// The init's fetch attributes over `o` (undici's order and messages).
fn read_opts(init: Value, o: &mut Opts) -> JsResult<()> {
    let scope = HandleScope::new();
    let hi = scope.root(init.0);
    for (i, (name, _, allowed)) in OPT_STRINGS.iter().enumerate() {
        let v = get_member(Value(hi.get()), name)?;
        if v.is_undefined() {
            continue;
        }
        let text = super::to_rust_string(v)?;
        if let Some(allowed) = allowed
            && !allowed.contains(&text.as_str())
        {
            return Err(error::type_error(&format!("Request constructor: {text} is not an accepted type. Expected one of {}.", allowed.join(", "))));
        }
        o.strings[i] = match *name {
            "referrer" if text.is_empty() => text,
            "referrer" => match url::Url::parse(&text) {
                Ok(u) => u.to_string(),
                Err(_) => return Err(error::type_error(&format!("Referrer \"{text}\" is not a valid URL."))),
            },
            "mode" if text == "navigate" => return Err(error::type_error("Request constructor: invalid request mode navigate.")),
            _ => text,
        };
    }
    if o.strings[4] == "only-if-cached" && o.strings[2] != "same-origin" {
        return Err(error::type_error("'only-if-cached' can be set only with 'same-origin' mode"));
    }
    let k = get_member(Value(hi.get()), "keepalive")?;
    if !k.is_undefined() {
        o.keepalive = ops::to_boolean(k);
    }
    Ok(())
}

/// Builds a Request natively, for the HTTP server: `method` (as the client
/// sent it; the standard methods are upper-cased as `new Request` does),
/// `url` (an absolute URL; one that does not parse is kept as given),
/// `headers` as raw name/value bytes (each byte one code unit, as Node's
/// HTTP server gives them; names are matched case-insensitively, values
/// trimmed of surrounding whitespace; repeated names combine as `append`
/// does and every `set-cookie` stays separate), and the body bytes.
///
/// The body is copied into one heap cell (no per-byte work) and read only
/// when a body method is called: `text()`, `json()`, `arrayBuffer()`,
/// `bytes()`, `formData()`. An empty `body` with a GET or HEAD method gives a
/// request without a body (`null`), any other an empty or full body.
///
/// Must run on the JavaScript thread; the returned value is not rooted:
/// hold it in a `HandleScope` before the next allocation.
pub fn new_request(method: &str, url: &str, headers: &[(&[u8], &[u8])], body: Vec<u8>) -> Value {
    let method = normalize_method(method);
    let no_body = body.is_empty() && (method == "GET" || method == "HEAD");
    let scope = HandleScope::new();
    let bv = if no_body { Value::NULL } else { body::store_of(&body) };
    let hb = scope.root(bv.0);
    request_with(&method, url, headers, Value(hb.get()))
}

/// [`new_request`] with a body still arriving: `id` names it in the [`body::NativeSource`] the
/// server registered.
pub fn new_streaming_request(method: &str, url: &str, headers: &[(&[u8], &[u8])], id: f64) -> Value {
    request_with(&normalize_method(method), url, headers, Value::num(id))
}

fn request_with(method: &str, url: &str, headers: &[(&[u8], &[u8])], body_v: Value) -> Value {
    let scope = HandleScope::new();
    let hb = scope.root(body_v.0);
    let mut list = List::default();
    for (n, v) in headers {
        let name: String = n.iter().map(|&c| c as char).collect();
        let value: String = v.iter().map(|&c| c as char).collect();
        list.append(&name, headers::normalize_value(&value));
    }
    let url = match super::url::parse_absolute(url) {
        Ok(u) => u.to_string(),
        Err(_) => url.to_string(),
    };
    let h = headers::new_intrinsic(&list, GUARD_REQUEST);
    let hh = scope.root(h.0);
    make(method, &url, Value(hh.get()), Value(hb.get()), "follow", Value::UNDEFINED, &Opts::default(), proto(P::RequestProto))
}

/// A Request object with everything given (rooted here).
#[allow(clippy::too_many_arguments)]
fn make(method: &str, url: &str, headers_v: Value, body_v: Value, redirect: &str, signal: Value, opts: &Opts, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(signal.0);
    let hh = scope.root(headers_v.0);
    let hb = scope.root(body_v.0);
    let hp = scope.root(proto_v.0);
    // Allocates: after the arguments are rooted.
    let ho = scope.root(opts_value(opts).0);
    let vals: Vec<_> = [method, url, redirect].iter().map(|s| scope.root(string::from_str(s).0)).collect();
    let r = new_platform(Class::Request, R_SLOTS, Value(hp.get()));
    set_slot(r, R_METHOD, Value(vals[0].get()));
    set_slot(r, R_URL, Value(vals[1].get()));
    set_slot(r, R_HEADERS, Value(hh.get()));
    set_slot(r, R_BODY, Value(hb.get()));
    set_slot(r, R_USED, Value::FALSE);
    set_slot(r, R_REDIRECT, Value(vals[2].get()));
    set_slot(r, R_SIGNAL, Value(hs.get()));
    set_slot(r, R_OPTS, Value(ho.get()));
    r
}

/// Normalize a method (Fetch 2.2.1): the standard ones upper-cased.
pub fn normalize_method(m: &str) -> String {
    let up = m.to_ascii_uppercase();
    if ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"].contains(&up.as_str()) { up } else { m.to_string() }
}

fn get_member(o: Value, name: &str) -> JsResult {
    if !o.is_js_object() {
        return Ok(Value::UNDEFINED);
    }
    let k = atoms::intern(name);
    object::get(o, k)
}

/// Request ( input [ , init ] ) — Fetch 5.4
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "_Request")?;
    if args.is_empty() {
        return Err(error::type_error("Request constructor: 1 argument required, but 0 found."));
    }
    let scope = HandleScope::new();
    let input = args.get(0);
    let init = args.get(1);
    if !init.is_nullish() && !init.is_js_object() {
        return Err(error::type_error("Request constructor: Expected init (\"Argument 2\") to be an object."));
    }
    // Steps 5-6: the URL and, from a Request, its state.
    let (url, mut method, mut list, input_body, mut redirect) = if is(input, Class::Request) {
        (
            string::to_rust(slot(input, R_URL)),
            string::to_rust(slot(input, R_METHOD)),
            headers::list_of(slot(input, R_HEADERS)),
            slot(input, R_BODY),
            string::to_rust(slot(input, R_REDIRECT)),
        )
    } else {
        let s = super::to_usv(input)?;
        let u = match url::Url::parse(&s) {
            Ok(u) => u,
            Err(_) => return Err(error::type_error(&format!("Failed to parse URL from {s}"))),
        };
        if !u.username().is_empty() || u.password().is_some() {
            return Err(error::type_error(&format!("Request cannot be constructed from a URL that includes credentials: {s}")));
        }
        (u.to_string(), "GET".to_string(), List::default(), Value::NULL, "follow".to_string())
    };
    let h_input_body = scope.root(input_body.0);
    // The signal to follow: the input request's own (made now if it was not yet), or the init's.
    // `args.get(0)` again from here: the allocations above may have moved the input.
    let follow = if is(args.get(0), Class::Request) && body::has_hook(body::Hook::Signal) { signal(args.get(0))? } else { Value::UNDEFINED };
    let mut h_follow = scope.root(follow.0);
    let mut opts = if is(args.get(0), Class::Request) { opts_of(args.get(0)) } else { Opts::default() };
    read_opts(args.get(1), &mut opts)?;
    // init.method
    let m = get_member(args.get(1), "method")?;
    if !m.is_undefined() {
        let s = headers::byte_string(m)?;
        if !headers::is_token(&s) {
            return Err(error::type_error(&format!("'{s}' is not a valid HTTP method.")));
        }
        let up = s.to_ascii_uppercase();
        if ["CONNECT", "TRACE", "TRACK"].contains(&up.as_str()) {
            return Err(error::type_error(&format!("'{s}' HTTP method is unsupported.")));
        }
        method = normalize_method(&s);
    }
    let r = get_member(args.get(1), "redirect")?;
    if !r.is_undefined() {
        let s = super::to_rust_string(r)?;
        if !["follow", "error", "manual"].contains(&s.as_str()) {
            return Err(error::type_error(&format!("Request constructor: {s} is not an accepted type. Expected one of follow, manual, error.")));
        }
        redirect = s;
    }
    let sig = get_member(args.get(1), "signal")?;
    if !sig.is_undefined() {
        if !sig.is_null() && !sig.is_js_object() {
            return Err(error::type_error("Failed to construct 'Request': member signal is not of type AbortSignal."));
        }
        h_follow = scope.root(if sig.is_null() { perry_abi::UNDEFINED } else { sig.0 });
    }
    // init.headers replaces the headers.
    let hi = get_member(args.get(1), "headers")?;
    if !hi.is_undefined() {
        let mut l = List::default();
        headers::fill(&mut l, hi)?;
        list = l;
    }
    // init.body
    let bi = get_member(args.get(1), "body")?;
    let hbi = scope.root(bi.0);
    let has_init_body = !bi.is_nullish();
    if (has_init_body || !Value(h_input_body.get()).is_null()) && (method == "GET" || method == "HEAD") {
        return Err(error::type_error("Request with GET/HEAD method cannot have body."));
    }
    let stream = if has_init_body { body::stream_init(Value(hbi.get()))? } else { None };
    let body_v = if let Some(stream) = stream {
        let hs = scope.root(stream.0);
        let d = get_member(args.get(1), "duplex")?;
        if d.is_undefined() {
            return Err(error::type_error("RequestInit: duplex option is required when sending a body."));
        }
        if super::to_rust_string(d)? != "half" {
            return Err(error::type_error(&format!("Request constructor: {} is not an accepted type. Expected one of half.", super::to_rust_string(d)?)));
        }
        Value(hs.get())
    } else if has_init_body {
        let e = body::extract(Value(hbi.get()))?;
        if let Some(ct) = e.content_type
            && !list.contains("content-type")
        {
            list.append("content-type", &ct);
        }
        body::store_of(&e.bytes)
    } else {
        let ib = Value(h_input_body.get());
        if !ib.is_null() {
            if body::unusable(args.get(0), R_BODY, R_USED)? {
                return Err(error::type_error("Cannot construct a Request with a Request object that has already been used."));
            }
            // Read again: `unusable` ran JavaScript.
            let ib = Value(h_input_body.get());
            if body::is_stream(ib) {
                // The input's stream is piped into the new request's: the input is disturbed.
                body::call_hook(body::Hook::Relay, &[ib])?
            } else {
                // The input's body moves to the new request: the input is used.
                set_slot(args.get(0), R_USED, Value::TRUE);
                ib
            }
        } else {
            ib
        }
    };
    let hbody = scope.root(body_v.0);
    let p = super::proto_for(args, P::RequestProto)?;
    let hp = scope.root(p.0);
    // A request that follows a signal makes its own at once (as undici does), so that the
    // followers of one signal abort in the order the requests were made.
    let own =
        if Value(h_follow.get()).is_undefined() { Value::UNDEFINED } else { body::call_hook(body::Hook::Signal, &[Value(h_follow.get()), Value::FALSE])? };
    let hown = scope.root(own.0);
    let h = headers::new_intrinsic(&list, GUARD_REQUEST);
    Ok(make(&method, &url, h, Value(hbody.get()), &redirect, Value(hown.get()), &opts, Value(hp.get())))
}

fn this_request(args: &Args) -> JsResult {
    let t = args.this();
    if is(t, Class::Request) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS")) }
}

fn get_method(args: &Args) -> JsResult {
    Ok(slot(this_request(args)?, R_METHOD))
}

fn get_url(args: &Args) -> JsResult {
    Ok(slot(this_request(args)?, R_URL))
}

fn get_headers(args: &Args) -> JsResult {
    Ok(slot(this_request(args)?, R_HEADERS))
}

fn get_redirect(args: &Args) -> JsResult {
    Ok(slot(this_request(args)?, R_REDIRECT))
}

fn get_body_used(args: &Args) -> JsResult {
    let r = this_request(args)?;
    Ok(Value::bool(body::body_used(r, R_BODY, R_USED)?))
}

fn get_body(args: &Args) -> JsResult {
    let r = this_request(args)?;
    body::get_body(r, R_BODY, R_USED)
}

macro_rules! opt_getters {
    ($($name:ident = $i:expr;)*) => {
        $(fn $name(args: &Args) -> JsResult {
            Ok(perry_runtime::array::get_index(slot(this_request(args)?, R_OPTS), $i))
        })*
    };
}

opt_getters! {
    get_referrer = 0;
    get_referrer_policy = 1;
    get_mode = 2;
    get_credentials = 3;
    get_cache = 4;
    get_integrity = 5;
    get_keepalive = 6;
}

fn get_destination(args: &Args) -> JsResult {
    this_request(args)?;
    Ok(string::from_str(""))
}

fn get_false(args: &Args) -> JsResult {
    this_request(args)?;
    Ok(Value::FALSE)
}

fn get_duplex(args: &Args) -> JsResult {
    this_request(args)?;
    Ok(string::from_str("half"))
}

/// The request's signal: made by the constructor when it follows another, else on first use
/// (one that never aborts unless the server aborts it).
fn get_signal(args: &Args) -> JsResult {
    let r = this_request(args)?;
    signal(r)
}

fn signal(r: Value) -> JsResult {
    let own = slot(r, R_SIGNAL);
    if !own.is_undefined() {
        return Ok(own);
    }
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let s = body::call_hook(body::Hook::Signal, &[Value::UNDEFINED, Value::FALSE])?;
    set_slot(Value(hr.get()), R_SIGNAL, s);
    Ok(s)
}

/// Aborts a request's signal with `reason` (the HTTP server, when the client went away):
/// nothing to do when nothing can observe it (no AbortSignal in the program).
pub fn abort(r: Value, reason: Value) -> JsResult<()> {
    if !is(r, Class::Request) || !body::has_hook(body::Hook::Abort) {
        return Ok(());
    }
    let scope = HandleScope::new();
    let hreason = scope.root(reason.0);
    let s = signal(r)?;
    body::call_hook(body::Hook::Abort, &[s, Value(hreason.get())])?;
    Ok(())
}

/// Request.prototype.clone ( ) — Fetch 5.4
fn clone(args: &Args) -> JsResult {
    let r = this_request(args)?;
    if body::unusable(r, R_BODY, R_USED)? {
        return Err(error::type_error("Request.clone: Body has already been consumed."));
    }
    let r = args.this();
    let list = headers::list_of(slot(r, R_HEADERS));
    let (m, u, red) = (string::to_rust(slot(r, R_METHOD)), string::to_rust(slot(r, R_URL)), string::to_rust(slot(r, R_REDIRECT)));
    let scope = HandleScope::new();
    let hb = scope.root(body::clone_body(r, R_BODY, R_USED)?.0);
    // The clone's signal is aborted after its original's (undici's dependent controllers).
    let own = if body::has_hook(body::Hook::Signal) {
        let original = signal(args.this())?;
        body::call_hook(body::Hook::Signal, &[original, Value::TRUE])?
    } else {
        Value::UNDEFINED
    };
    let hf = scope.root(own.0);
    let opts = opts_of(args.this());
    let h = headers::new_intrinsic(&list, GUARD_REQUEST);
    let hh = scope.root(h.0);
    Ok(make(&m, &u, Value(hh.get()), Value(hb.get()), &red, Value(hf.get()), &opts, proto(P::RequestProto)))
}

fn consume(args: &Args, how: Consume) -> JsResult {
    body::consume(args, Class::Request, R_BODY, R_USED, R_HEADERS, how)
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
    let p = proto(P::RequestProto);
    super::class("Request", 1, ctor, p);
    let p = || proto(P::RequestProto);
    super::accessor(p(), "method", get_method, None);
    super::accessor(p(), "url", get_url, None);
    super::accessor(p(), "headers", get_headers, None);
    super::accessor(p(), "redirect", get_redirect, None);
    super::accessor(p(), "body", get_body, None);
    super::accessor(p(), "bodyUsed", get_body_used, None);
    super::accessor(p(), "signal", get_signal, None);
    super::accessor(p(), "duplex", get_duplex, None);
    super::accessor(p(), "destination", get_destination, None);
    super::accessor(p(), "referrer", get_referrer, None);
    super::accessor(p(), "referrerPolicy", get_referrer_policy, None);
    super::accessor(p(), "mode", get_mode, None);
    super::accessor(p(), "credentials", get_credentials, None);
    super::accessor(p(), "cache", get_cache, None);
    super::accessor(p(), "integrity", get_integrity, None);
    super::accessor(p(), "keepalive", get_keepalive, None);
    super::accessor(p(), "isReloadNavigation", get_false, None);
    super::accessor(p(), "isHistoryNavigation", get_false, None);
    method(p(), "clone", 0, clone);
    method(p(), "arrayBuffer", 0, array_buffer);
    method(p(), "text", 0, text);
    method(p(), "json", 0, json);
    method(p(), "formData", 0, form_data);
    method(p(), "blob", 0, blob);
    method(p(), "bytes", 0, bytes);
    crate::to_string_tag(p(), "Request");
}

/// How Node prints a Request (undici's `[util.inspect.custom]`): its fields, one per line; the
/// signal as `request.signal` gives it (or, when the program has no AbortSignal, as a fresh
/// one prints).
pub fn inspect(r: Value) -> String {
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let r = || Value(hr.get());
    let field = |i: usize| super::field_text(slot(r(), i));
    let signal = if body::has_hook(body::Hook::Signal) {
        match signal(r()) {
            Ok(s) => super::field_text(s),
            Err(_) => {
                error::take();
                "undefined".into()
            }
        }
    } else {
        "AbortSignal { aborted: false }".into()
    };
    // The fetch attributes, in `Opts`' order: their JS values as the slot holds them.
    let opt = |i: usize| super::field_text(perry_runtime::array::get_index(slot(r(), R_OPTS), i));
    let f = |s: &str| s.to_string();
    super::fields_view(
        "Request",
        &[
            ("method", field(R_METHOD)),
            ("url", field(R_URL)),
            ("headers", field(R_HEADERS)),
            ("destination", f("''")),
            ("referrer", opt(0)),
            ("referrerPolicy", opt(1)),
            ("mode", opt(2)),
            ("credentials", opt(3)),
            ("cache", opt(4)),
            ("redirect", field(R_REDIRECT)),
            ("integrity", opt(5)),
            ("keepalive", opt(6)),
            ("isReloadNavigation", f("false")),
            ("isHistoryNavigation", f("false")),
            ("signal", signal),
        ],
    )
}
