//! The JS-thread half: the native namespace `fetch` that `perry:fetch` (TypeScript) calls, the
//! table of fetches in flight, and the event-loop source that settles their promises.
//!
//! A fetch is an [`Entry`] under a number the TypeScript half keeps: `start` hands the request
//! to the I/O thread and returns the number; `head` gives the promise of the response head;
//! `read` the promise of the next body chunk (a `Uint8Array`, `null` at the end, or an error
//! record); `write`/`end` feed a streamed request body; `cancel` aborts the fetch and forgets
//! it. Promises settle in a macrotask per event ([`poll`]), or at once when the chunk is
//! already there.
//!
//! Invariants: the only JavaScript values this crate holds are the promises of the entries
//! (the root source "fetch"); an entry is removed when its fetch failed, its body ended, failed
//! or was cancelled, or the response has no body, so nothing stays behind a finished fetch.
//! The source is refed only while some promise is pending (a request whose head has not
//! arrived, a body read or a body write waiting), so a program whose fetches are done exits.

use crate::client::{self, BodyRx, Chunk, Event, NetError, Redirect, Req, Upload};
use bytes::Bytes;
use hyper::Method;
use hyper::header::{HeaderName, HeaderValue};
use perry_gc::{HandleScope, JsCell};
use perry_runtime::function::Args;
use perry_runtime::{JsResult, Value, array, bytes as b, error, object, ops, string};
use perry_stdlib::promise;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use tokio::sync::mpsc;

const UNDEFINED: u64 = perry_abi::UNDEFINED;

struct Entry {
    /// The promise of the head, until it settles.
    head: u64,
    /// A body read waiting for a chunk.
    read: u64,
    /// A body write waiting for room.
    write: u64,
    task: Option<tokio::task::AbortHandle>,
    body: Option<BodyRx>,
    upload: Option<mpsc::Sender<Result<Bytes, NetError>>>,
}

impl Entry {
    fn pending(&self) -> bool {
        self.head != UNDEFINED || self.read != UNDEFINED || self.write != UNDEFINED
    }
}

struct Host {
    entries: BTreeMap<u32, Entry>,
    next: u32,
    batch: Vec<Event>,
}

static HOST: JsCell<Host> = JsCell::new(Host { entries: BTreeMap::new(), next: 0, batch: Vec::new() });

fn host() -> &'static mut Host {
    // SAFETY: single JS thread; callers do not hold the reference across JavaScript calls or
    // allocations that could run finalizers calling back into this module.
    unsafe { HOST.get() }
}

/// Root source "fetch": the entries' pending promises.
pub fn visit_roots(visit: &mut dyn FnMut(*mut u64)) {
    for e in host().entries.values_mut() {
        visit(&mut e.head as *mut u64);
        visit(&mut e.read as *mut u64);
        visit(&mut e.write as *mut u64);
    }
}

/// Refed while a promise of some fetch is pending.
pub fn refed() -> bool {
    host().entries.values().any(Entry::pending)
}

/// Nothing to hand back in batches: requests go to the I/O thread as they start.
pub fn flush() {}

/// The native namespace `fetch`.
pub fn namespace() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(8).0);
    let m = |name: &str, len: u32, f: perry_runtime::function::NativeFn| {
        perry_stdlib::method(Value(ns.get()), name, len, f);
    };
    m("start", 5, start);
    m("head", 1, head);
    m("read", 1, read);
    m("cancel", 1, cancel);
    m("write", 2, write);
    m("end", 2, end);
    m("finish", 3, finish);
    m("bodyKind", 1, body_kind);
    Ok(Value(ns.get()))
}

/// A ByteString's bytes (each code unit below 256 is one byte).
fn byte_string(v: Value) -> Vec<u8> {
    string::units16(v).iter().map(|&u| u as u8).collect()
}

fn id_of(v: Value) -> u32 {
    v.as_number() as u32
}

/// The headers undici adds when the request has none of that name, in its order.
fn default_headers(https: bool) -> [(&'static str, &'static str); 5] {
    [
        ("accept", "*/*"),
        ("accept-language", "*"),
        ("sec-fetch-mode", "cors"),
        ("user-agent", "node"),
        ("accept-encoding", if https { "br, gzip, deflate" } else { "gzip, deflate" }),
    ]
}

/// `start(method, url, headers, body, redirect)`: `headers` a flat array of names and values,
/// `body` null, a Uint8Array, or `true` for a body streamed with `write`/`end`. Returns the
/// fetch's number.
fn start(args: &Args) -> JsResult {
    let method = ops::to_rust_string(args.get(0))?;
    let url_s = ops::to_rust_string(args.get(1))?;
    let Ok(url) = url::Url::parse(&url_s) else { return Err(error::type_error(&format!("Failed to parse URL from {url_s}"))) };
    let Ok(method) = Method::from_bytes(method.as_bytes()) else { return Err(error::type_error(&format!("'{method}' is not a valid HTTP method."))) };
    let flat = args.get(2);
    // undici's `connection` comes first (after `host`, which hyper adds).
    let mut headers = vec![(hyper::header::CONNECTION, HeaderValue::from_static("keep-alive"))];
    let n = array::len(flat);
    for i in (0..n.saturating_sub(1)).step_by(2) {
        let name = byte_string(array::get_index(args.get(2), i));
        let value = byte_string(array::get_index(args.get(2), i + 1));
        let (Ok(name), Ok(value)) = (HeaderName::from_bytes(&name), HeaderValue::from_bytes(&value)) else {
            return Err(error::type_error("Headers.append: invalid header"));
        };
        if name == hyper::header::CONNECTION {
            headers.remove(0);
        }
        headers.push((name, value));
    }
    for (name, value) in default_headers(url.scheme() == "https") {
        if !headers.iter().any(|(n, _)| n.as_str() == name) {
            headers.push((HeaderName::from_static(name), HeaderValue::from_static(value)));
        }
    }
    let body = args.get(3);
    let (upload, sender) = if body.is_nullish() {
        // undici's Content-Length for a POST or PUT without a body.
        if (method == Method::POST || method == Method::PUT) && !headers.iter().any(|(n, _)| n == hyper::header::CONTENT_LENGTH) {
            headers.push((hyper::header::CONTENT_LENGTH, HeaderValue::from_static("0")));
        }
        (Upload::None, None)
    } else if body == Value::TRUE {
        let (tx, rx) = mpsc::channel(client::UPLOAD_CHUNKS);
        (Upload::Stream(rx), Some(tx))
    } else {
        (Upload::Full(Bytes::from(b::bytes_of_vec(body).unwrap_or_default())), None)
    };
    let redirect = match ops::to_rust_string(args.get(4))?.as_str() {
        "error" => Redirect::Error,
        "manual" => Redirect::Manual,
        _ => Redirect::Follow,
    };
    let p = promise::new_promise();
    let h = host();
    let id = loop {
        h.next = h.next.wrapping_add(1);
        if !h.entries.contains_key(&h.next) {
            break h.next;
        }
    };
    let sh = client::shared();
    let task = sh.runtime.spawn(client::run(id, Req { method, url, headers, body: upload, redirect }, sh.clone()));
    h.entries.insert(id, Entry { head: p.0, read: UNDEFINED, write: UNDEFINED, task: Some(task.abort_handle()), body: None, upload: sender });
    Ok(Value::int(id as i64))
}

/// `head(id)`: the promise of the response head (see [`head_value`]).
fn head(args: &Args) -> JsResult {
    Ok(host().entries.get(&id_of(args.get(0))).map_or(Value::UNDEFINED, |e| Value(e.head)))
}

/// `[status, statusText, [name, value, ...], url, redirected, hasBody]`.
fn head_value(h: &client::Head, has_body: bool) -> Value {
    let scope = HandleScope::new();
    let mut flat = Vec::with_capacity(h.headers.len() * 2);
    for (n, v) in h.headers.iter() {
        flat.push(scope.root(string::from_latin1(n.as_str().as_bytes()).0));
        flat.push(scope.root(string::from_latin1(v.as_bytes()).0));
    }
    let vals: Vec<Value> = flat.iter().map(|h| Value(h.get())).collect();
    let list = scope.root(array::from_values(&vals).0);
    let text = scope.root(string::from_latin1(&h.status_text).0);
    let url = scope.root(string::from_str(&h.url).0);
    array::from_values(&[Value::int(h.status as i64), Value(text.get()), Value(list.get()), Value(url.get()), Value::bool(h.redirected), Value::bool(has_body)])
}

/// `["error", message, name, code, errno, syscall, address, port, hostname]`, each field
/// undefined when the error has none: what the TypeScript half turns into Node's `cause`.
fn error_value(e: &NetError) -> Value {
    let scope = HandleScope::new();
    let s = |v: Option<&str>| scope.root(v.map_or(Value::UNDEFINED, string::from_str).0);
    let fields = [
        s(Some("error")),
        s(Some(&e.message)),
        s(Some(e.name)),
        s(e.code),
        scope.root(e.errno.map_or(Value::UNDEFINED, |n| Value::int(n as i64)).0),
        s(e.syscall),
        s(e.address.as_deref()),
        scope.root(e.port.map_or(Value::UNDEFINED, |p| Value::int(p as i64)).0),
        s(e.hostname.as_deref()),
    ];
    let vals: Vec<Value> = fields.iter().map(|h| Value(h.get())).collect();
    array::from_values(&vals)
}

/// The value a read settles with; an ended or failed body's entry is removed.
fn chunk_value(id: u32, c: Chunk) -> Value {
    match c {
        Chunk::Data(d) => b::new_uint8array(&d),
        Chunk::End => {
            remove(id);
            Value::NULL
        }
        Chunk::Error(e) => {
            remove(id);
            error_value(&e)
        }
    }
}

/// The next chunk of entry `id`'s body if one is there; `None` after marking the body as
/// waiting (the pump then posts [`Event::Ready`]).
fn take_chunk(body: &mut BodyRx) -> Option<Chunk> {
    use mpsc::error::TryRecvError;
    let mut once = || match body.rx.try_recv() {
        Ok(c) => Some(c),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => Some(Chunk::Error(NetError::plain("terminated"))),
    };
    if let Some(c) = once() {
        return Some(c);
    }
    body.waiting.store(true, Ordering::Release);
    let c = once()?;
    body.waiting.store(false, Ordering::Release);
    Some(c)
}

/// `read(id)`: the promise of the next chunk.
fn read(args: &Args) -> JsResult {
    let id = id_of(args.get(0));
    let scope = HandleScope::new();
    let p = scope.root(promise::new_promise().0);
    let chunk = match host().entries.get_mut(&id) {
        None => Some(Chunk::End),
        Some(e) => match e.body.as_mut() {
            None => Some(Chunk::End),
            Some(body) => {
                let c = take_chunk(body);
                if c.is_none() {
                    e.read = p.get();
                }
                c
            }
        },
    };
    if let Some(c) = chunk {
        let v = chunk_value(id, c);
        promise::resolve(Value(p.get()), v);
    }
    Ok(Value(p.get()))
}

/// Forgets entry `id` and aborts its task (dropping its connection if the body was unread).
fn remove(id: u32) -> Option<Entry> {
    let e = host().entries.remove(&id)?;
    if let Some(t) = &e.task {
        t.abort();
    }
    Some(e)
}

/// `cancel(id)`: aborts the fetch; a pending read settles with null, a pending write with false.
fn cancel(args: &Args) -> JsResult {
    if let Some(e) = remove(id_of(args.get(0))) {
        if e.read != UNDEFINED {
            promise::resolve(Value(e.read), Value::NULL);
        }
        if e.write != UNDEFINED {
            promise::resolve(Value(e.write), Value::FALSE);
        }
    }
    Ok(Value::UNDEFINED)
}

/// `write(id, chunk)`: queues a chunk of a streamed request body: `true` when queued, `false`
/// when the request is gone, or a promise of that when the channel is full (backpressure).
fn write(args: &Args) -> JsResult {
    let id = id_of(args.get(0));
    let data = Bytes::from(b::bytes_of_vec(args.get(1)).unwrap_or_default());
    let Some(tx) = host().entries.get(&id).and_then(|e| e.upload.clone()) else { return Ok(Value::FALSE) };
    match tx.try_send(Ok(data)) {
        Ok(()) => Ok(Value::TRUE),
        Err(mpsc::error::TrySendError::Closed(_)) => Ok(Value::FALSE),
        Err(mpsc::error::TrySendError::Full(item)) => {
            let p = promise::new_promise();
            if let Some(e) = host().entries.get_mut(&id) {
                e.write = p.0;
            }
            let sh = client::shared().clone();
            client::shared().runtime.spawn(async move {
                let ok = tx.send(item).await.is_ok();
                sh.post(Event::Written(id, ok));
            });
            Ok(p)
        }
    }
}

/// `end(id, error?)`: ends a streamed request body; with an error message, fails it.
fn end(args: &Args) -> JsResult {
    let id = id_of(args.get(0));
    let failure = if args.get(1).is_nullish() { None } else { Some(ops::to_rust_string(args.get(1))?) };
    let Some(tx) = host().entries.get_mut(&id).and_then(|e| e.upload.take()) else { return Ok(Value::UNDEFINED) };
    if let Some(m) = failure {
        client::shared().runtime.spawn(async move {
            let _ = tx.send(Err(NetError::plain(&m))).await;
        });
    }
    Ok(Value::UNDEFINED)
}

/// `finish(response, url, redirected)`: makes a Response fetch's: type "basic", its URL and
/// redirected flag, immutable headers.
fn finish(args: &Args) -> JsResult {
    let url = ops::to_rust_string(args.get(1))?;
    perry_stdlib::web::response::set_fetched(args.get(0), &url, ops::to_boolean(args.get(2)));
    Ok(Value::UNDEFINED)
}

/// `bodyKind(request)`: 0 when a Request has no body, 2 when its body is a stream (sent chunk
/// by chunk), 1 otherwise (bytes, read in full and sent with a Content-Length). Reading the slot
/// leaves a byte body bytes, where `request.body` would make it a stream.
fn body_kind(args: &Args) -> JsResult {
    use perry_stdlib::web::{self, Class, body, request};
    let r = args.get(0);
    if !web::is(r, Class::Request) {
        return Ok(Value::int(0));
    }
    let b = web::slot(r, request::R_BODY);
    Ok(Value::int(if b.is_null() {
        0
    } else if body::is_stream(b) {
        2
    } else {
        1
    }))
}

/// The event-loop source: settles what the I/O thread handed over, each in a macrotask.
pub fn poll() -> JsResult<usize> {
    let Some(sh) = client::started() else { return Ok(0) };
    let mut batch = std::mem::take(&mut host().batch);
    std::mem::swap(&mut *sh.queue.lock().unwrap_or_else(|e| e.into_inner()), &mut batch);
    let n = batch.len();
    let mut events = batch.drain(..);
    let r = events.try_for_each(|ev| {
        perry_stdlib::event_loop::macrotask(|| {
            event(ev);
            Ok(())
        })
    });
    drop(events);
    host().batch = batch;
    r.map(|()| n)
}

fn event(ev: Event) {
    match ev {
        Event::Head(id, result) => {
            let Some(e) = host().entries.get_mut(&id) else { return };
            let p = std::mem::replace(&mut e.head, UNDEFINED);
            let scope = HandleScope::new();
            let hp = scope.root(p);
            let v = match result {
                Ok(mut head) => {
                    let has_body = head.body.is_some();
                    match head.body.take() {
                        Some(body) => e.body = Some(body),
                        None => {
                            remove(id);
                        }
                    }
                    head_value(&head, has_body)
                }
                Err(err) => {
                    remove(id);
                    error_value(&err)
                }
            };
            promise::resolve(Value(hp.get()), v);
        }
        Event::Ready(id) => {
            let Some(e) = host().entries.get_mut(&id) else { return };
            if e.read == UNDEFINED {
                return;
            }
            let Some(c) = e.body.as_mut().and_then(take_chunk) else { return };
            let p = std::mem::replace(&mut e.read, UNDEFINED);
            let scope = HandleScope::new();
            let hp = scope.root(p);
            let v = chunk_value(id, c);
            promise::resolve(Value(hp.get()), v);
        }
        Event::Written(id, ok) => {
            let Some(e) = host().entries.get_mut(&id) else { return };
            let p = std::mem::replace(&mut e.write, UNDEFINED);
            if p != UNDEFINED {
                promise::resolve(Value(p), Value::bool(ok));
            }
        }
    }
}
