//! The Body mixin of Request and Response (WHATWG Fetch Standard, 6.4
//! "extract a body" and 6.4.5 "consume body"), as Node 20 (undici 6) has it.
//!
//! A body slot holds one of four things:
//! - null: no body;
//! - a number: a request body still arriving, read through the [`NativeSource`] the HTTP server
//!   registers (its id there), beside the used flag. Consuming it waits for all of it natively;
//!   its `body` is a stream pulling one chunk at a time from the source;
//! - a `KIND_BUFFER_STORE` cell with all its bytes (every body made from a string, bytes, a
//!   Blob, a form, and the server's requests), beside a "used" flag. The store never reaches
//!   JavaScript: readers get copies, so a clone may share it;
//! - a `ReadableStream` (a body made from a stream or an async iterable, or a byte body whose
//!   `body` was read: the getter swaps the store for a stream of its bytes). `bodyUsed` is then
//!   the stream's disturbed flag, and the used flag is not read.
//!
//! Streams are JavaScript (`perry:web-streams`), so everything that touches one goes through
//! the [`Hook`]s that module registers when it loads (`__perry_native("web-body")`); the
//! compiler links it into every program that may meet a stream body (one naming `body` and a
//! Request, Response or fetch, `modules::Graph::finish`). The request `signal` goes through
//! the hooks `perry:web-events` registers the same way.

use super::{Class, is};
use perry_abi::FN_CAPS;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::bytes as b;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
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

/// What the JavaScript modules give the body code (their `setHooks` names, in order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hook {
    /// (value) -> the ReadableStream `value` is, one made from it when it is an async
    /// iterable, or undefined.
    ToStream,
    /// (Uint8Array, used) -> a byte stream of those bytes (closed, locked and disturbed when
    /// `used`: the body was read before anyone asked for its stream).
    FromBytes,
    /// (stream) -> a promise of all its bytes in one Uint8Array (the stream locked to the end;
    /// a chunk that is not a Uint8Array rejects with Node's TypeError).
    ReadAll,
    /// (stream) -> 1 if disturbed, + 2 if locked.
    State,
    /// (stream) -> [branch1, branch2].
    Tee,
    /// (stream) -> the bytes of a stream `FromBytes` made that nobody read (the stream is then
    /// drained), or undefined: the server's way around the reader for such a body.
    TakeBytes,
    /// (stream) -> a default reader.
    Reader,
    /// (reader) -> reader.read().
    Read,
    /// (reader, reason) -> reader.cancel(reason), its rejection handled.
    Cancel,
    /// (stream) -> a new stream the old one is piped into (`new Request(request)`: the input's
    /// body is then disturbed).
    Relay,
    /// (signal or undefined) -> a new AbortSignal, following `signal` when there is one.
    Signal,
    /// (signal, reason) -> aborts a signal `Signal` made.
    Abort,
    /// (pull, cancel) -> a byte stream whose pull awaits `pull()` (a promise of a Uint8Array,
    /// or of undefined at the end) and whose cancel calls `cancel()`.
    FromPull,
}

const HOOKS_N: usize = 13;
const HOOK_NAMES: [&str; HOOKS_N] =
    ["toStream", "fromBytes", "readAll", "state", "tee", "takeBytes", "reader", "read", "cancel", "relay", "signal", "abort", "fromPull"];

/// A body that is still arriving, kept by the HTTP server under a numeric id.
#[derive(Clone, Copy)]
pub struct NativeSource {
    /// A promise of all the body's bytes (a Uint8Array); rejects if it is cut short.
    pub read_all: fn(f64) -> JsResult,
    /// A promise of its next chunk (a Uint8Array), or of undefined at its end.
    pub read_one: fn(f64) -> JsResult,
    /// Nobody will read it: drop what is left.
    pub cancel: fn(f64),
}

static SOURCE: JsCell<Option<NativeSource>> = JsCell::new(None);

/// Registers the source of numeric bodies (the HTTP server, at start-up).
pub fn set_native_source(s: NativeSource) {
    // SAFETY: start-up, on the JS thread.
    unsafe { *SOURCE.get() = Some(s) };
}

fn source() -> NativeSource {
    // SAFETY: the JS thread; a numeric body exists only once its source is registered.
    unsafe { SOURCE.get() }.expect("a numeric body without its source")
}

/// Whether a body slot value is a body still arriving (a numeric id).
pub fn is_native(body: Value) -> bool {
    body.is_number()
}

fn pull_native(args: &Args) -> JsResult {
    (source().read_one)(args.capture(0).as_number())
}

fn cancel_native(args: &Args) -> JsResult {
    (source().cancel)(args.capture(0).as_number());
    Ok(Value::UNDEFINED)
}

/// The stream of a body still arriving: each pull reads one chunk from the source.
fn native_stream(id: f64) -> JsResult {
    let scope = HandleScope::new();
    let pull = function::new_native_caps("", 0, pull_native, 1, 0);
    pull.cell().set_field(FN_CAPS, Value::num(id));
    let hp = scope.root(pull.0);
    let cancel = function::new_native_caps("", 0, cancel_native, 1, 0);
    cancel.cell().set_field(FN_CAPS, Value::num(id));
    call_hook(Hook::FromPull, &[Value(hp.get()), cancel])
}

/// The registered hook functions (undefined until their module loads): a root range.
static HOOKS: JsCell<[u64; HOOKS_N]> = JsCell::new([perry_abi::UNDEFINED; HOOKS_N]);

fn hooks() -> &'static mut [u64; HOOKS_N] {
    // SAFETY: the JS thread only; callers copy a word out or in.
    unsafe { HOOKS.get() }
}

/// Whether `h` is registered (its module is in the program).
pub fn has_hook(h: Hook) -> bool {
    hooks()[h as usize] != perry_abi::UNDEFINED
}

/// Calls hook `h`. A hook whose module the program lacks throws a TypeError naming it (the
/// compiler links the module wherever the source can reach a stream, so this is reached only
/// through names computed at run time).
pub fn call_hook(h: Hook, args: &[Value]) -> JsResult {
    let f = hooks()[h as usize];
    if f == perry_abi::UNDEFINED {
        let module = if matches!(h, Hook::Signal | Hook::Abort) { "AbortSignal" } else { "ReadableStream" };
        return Err(error::type_error(&format!("this body operation needs {module}, which this program does not use")));
    }
    function::call(Value(f), Value::UNDEFINED, args)
}

/// `setHooks(object)`: takes every hook the object names.
fn set_hooks(args: &Args) -> JsResult {
    let o = args.get(0);
    if !o.is_js_object() {
        return Err(error::type_error("setHooks: expected an object"));
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    for (i, name) in HOOK_NAMES.iter().enumerate() {
        let key = perry_runtime::atoms::intern(name);
        let f = perry_runtime::object::get(Value(ho.get()), key)?;
        if f.is_callable() {
            hooks()[i] = f.0;
        }
    }
    Ok(Value::UNDEFINED)
}

fn build_native() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(perry_runtime::object::new_plain(1).0);
    crate::method(Value(ns.get()), "setHooks", 1, set_hooks);
    Ok(Value(ns.get()))
}

/// Registers the native module `web-body` and the hooks' root range (the extension of
/// `perry:web-streams` and `perry:web-events`; idempotent).
#[unsafe(no_mangle)]
pub extern "C" fn perry_web_body_install() {
    static DONE: JsCell<bool> = JsCell::new(false);
    // SAFETY: start-up, on the JS thread.
    let done = unsafe { DONE.get() };
    if *done {
        return;
    }
    *done = true;
    crate::native_modules::register("web-body", build_native);
    let h = hooks();
    perry_gc::roots::register_range("web-body-hooks", h.as_mut_ptr(), h.len());
}

/// Whether a body slot value is a stream (not null, not a store).
pub fn is_stream(body: Value) -> bool {
    body.is_js_object()
}

/// The `body` getter of Request and Response: null, or the body's stream (a byte body becomes
/// one now and stays one).
pub fn get_body(t: Value, body_slot: usize, used_slot: usize) -> JsResult {
    let body = super::slot(t, body_slot);
    if body.is_null() || is_stream(body) {
        return Ok(body);
    }
    let used = super::slot(t, used_slot);
    if is_native(body) {
        let scope = HandleScope::new();
        let ht = scope.root(t.0);
        let s = if used.as_bool() {
            let empty = scope.root(b::new_uint8array(&[]).0);
            call_hook(Hook::FromBytes, &[Value(empty.get()), used])?
        } else {
            native_stream(body.as_number())?
        };
        super::set_slot(Value(ht.get()), body_slot, s);
        return Ok(s);
    }
    let scope = HandleScope::new();
    let ht = scope.root(t.0);
    // Copied out first: the allocation may move the store.
    let bytes = b::store_bytes(body).to_vec();
    let hu = scope.root(b::new_uint8array(&bytes).0);
    let s = call_hook(Hook::FromBytes, &[Value(hu.get()), used])?;
    super::set_slot(Value(ht.get()), body_slot, s);
    Ok(s)
}

/// Whether a body is used: a stream's disturbed flag, or the used flag.
pub fn body_used(t: Value, body_slot: usize, used_slot: usize) -> JsResult<bool> {
    let body = super::slot(t, body_slot);
    if body.is_null() {
        return Ok(false);
    }
    if is_stream(body) {
        return Ok(stream_state(body)? & 1 != 0);
    }
    Ok(super::slot(t, used_slot).as_bool())
}

/// A stream's state bits: 1 disturbed, 2 locked.
fn stream_state(s: Value) -> JsResult<u32> {
    Ok(call_hook(Hook::State, &[s])?.as_number() as u32)
}

/// Whether a body can be read or cloned: not used, and a stream not locked.
pub fn unusable(t: Value, body_slot: usize, used_slot: usize) -> JsResult<bool> {
    let body = super::slot(t, body_slot);
    if body.is_null() {
        return Ok(false);
    }
    if is_stream(body) {
        return Ok(stream_state(body)? != 0);
    }
    Ok(super::slot(t, used_slot).as_bool())
}

/// The body a clone gets (Fetch "clone a body"): the same store, or for a stream one branch of
/// its tee, the object keeping the other.
pub fn clone_body(t: Value, body_slot: usize, used_slot: usize) -> JsResult {
    let scope = HandleScope::new();
    let ht = scope.root(t.0);
    if is_native(super::slot(t, body_slot)) {
        // Two readers of a body still arriving: it becomes a stream, and that is teed.
        get_body(t, body_slot, used_slot)?;
    }
    let t = Value(ht.get());
    let body = super::slot(t, body_slot);
    if !is_stream(body) {
        return Ok(body);
    }
    let pair = scope.root(call_hook(Hook::Tee, &[body])?.0);
    super::set_slot(Value(ht.get()), body_slot, perry_runtime::array::get_index(Value(pair.get()), 0));
    Ok(perry_runtime::array::get_index(Value(pair.get()), 1))
}

/// The body slot value for a BodyInit that is a ReadableStream (or an async iterable), or
/// None for any other value. A disturbed or locked stream is a TypeError.
pub fn stream_init(v: Value) -> JsResult<Option<Value>> {
    if !v.is_js_object() || !has_hook(Hook::ToStream) || b::bytes_of(v).is_some() {
        return Ok(None);
    }
    let s = call_hook(Hook::ToStream, &[v])?;
    if s.is_undefined() {
        return Ok(None);
    }
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    if stream_state(s)? != 0 {
        return Err(error::type_error("Response body object should not be disturbed or locked"));
    }
    Ok(Some(Value(hs.get())))
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
    let t = args.this();
    if !is(t, class) {
        return settled(|| Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS")));
    }
    let ct = if matches!(how, Consume::FormData | Consume::Blob) {
        let h = super::slot(t, headers_slot);
        super::headers::list_of(h).get("content-type").map(str::to_string)
    } else {
        None
    };
    if is_stream(super::slot(t, body_slot)) {
        // The promise the reaction to the stream's bytes settles (no second promise).
        let scope = HandleScope::new();
        let ht = scope.root(t.0);
        let r = unusable(t, body_slot, used_slot).and_then(|unusable| {
            if unusable {
                return Err(error::type_error("Body is unusable: Body has already been read"));
            }
            read_stream(super::slot(Value(ht.get()), body_slot), how, ct)
        });
        return if r.is_ok() { r } else { settled(|| r) };
    }
    settled(|| -> JsResult {
        let body = super::slot(t, body_slot);
        if super::slot(t, used_slot).as_bool() {
            return Err(error::type_error("Body is unusable: Body has already been read"));
        }
        if is_native(body) {
            super::set_slot(t, used_slot, Value::TRUE);
            let all = (source().read_all)(body.as_number())?;
            return package_later(all, how, ct);
        }
        let bytes = if body.is_null() {
            Vec::new()
        } else {
            // A used body stays used.
            super::set_slot(t, used_slot, Value::TRUE);
            b::store_bytes(body).to_vec()
        };
        package(how, bytes, ct)
    })
}

/// Consumes a stream body: a promise of its bytes packaged as `how` once they have all come.
fn read_stream(stream: Value, how: Consume, ct: Option<String>) -> JsResult {
    let all = call_hook(Hook::ReadAll, &[stream])?;
    package_later(all, how, ct)
}

/// A promise of what `all` (a promise of a Uint8Array) gives, packaged as `how`.
fn package_later(all: Value, how: Consume, ct: Option<String>) -> JsResult {
    let scope = HandleScope::new();
    let all = scope.root(all.0);
    let hct = scope.root(match &ct {
        Some(c) => string::from_str(c).0,
        None => perry_abi::UNDEFINED,
    });
    let f = function::new_native_caps("", 1, packaged, 2, 0);
    f.cell().set_field(FN_CAPS, Value::int(how as i64));
    f.cell().set_field(FN_CAPS + 8, Value(hct.get()));
    let hf = scope.root(f.0);
    let derived = crate::promise::new_promise();
    let hd = scope.root(derived.0);
    crate::promise::perform_then(Value(all.get()), Value(hf.get()), Value::UNDEFINED, derived);
    Ok(Value(hd.get()))
}

/// The reaction to a stream body's bytes: packages them (captures: the Consume, the
/// Content-Type or undefined).
fn packaged(args: &Args) -> JsResult {
    let how = [Consume::Text, Consume::Json, Consume::ArrayBuffer, Consume::Bytes, Consume::FormData, Consume::Blob]
        .into_iter()
        .find(|c| *c as i64 == args.capture(0).as_number() as i64)
        .unwrap_or(Consume::Bytes);
    let ct = args.capture(1);
    let ct = (!ct.is_undefined()).then(|| string::to_rust(ct));
    let bytes = b::bytes_of_vec(args.get(0)).unwrap_or_default();
    package(how, bytes, ct)
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
