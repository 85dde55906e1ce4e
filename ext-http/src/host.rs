//! The JS-thread half: `serve`, the server objects, and the event-loop
//! source that runs each request as a macrotask.
//!
//! A request taken from the queue becomes a `Request` (bridge.rs), the
//! server's `fetch` handler is called with it, and the outcome is answered:
//! - a `Response` (or a promise of one): its parts go back to the server
//!   thread through the request's oneshot channel;
//! - a throw or a rejection: 500, the error printed as `console.error`
//!   prints it;
//! - anything else: 500 and a line naming what the handler returned.
//!
//! While a handler's promise is pending, its request waits in a slot of
//! [`Host::pending`]; the promise's reactions are two native closures that
//! capture the slot's key (index and generation, so a reaction that comes
//! after its slot was reused finds nothing). Slots whose connection ended
//! (the server thread dropped the request's channel: a drain that timed
//! out, a failed write) are reclaimed by an occasional sweep; since
//! half-closed clients are answered, a client that merely went away is
//! noticed only when its response is written. No JavaScript value is kept per
//! request outside the heap, so a request leaves nothing behind.

use crate::bridge::{self, ResponseParts};
use crate::server::{self, Answer, Chunk, Event, Incoming, Reply, RequestBody};
use perry_abi::FN_CAPS;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use perry_stdlib::promise;
use std::io::Write;
use tokio::sync::{mpsc, oneshot};

/// Default request body limit (1 MiB), overridden by `PERRY_HTTP_MAX_BODY`
/// or `serve({ maxRequestBodySize })`.
const DEFAULT_MAX_BODY: usize = 1 << 20;

struct ServerJs {
    /// The `fetch` handler, the server object, the `stop()` promise (or
    /// undefined): a root source.
    values: [u64; 3],
    /// Not yet closed: listening or draining its connections.
    open: bool,
    /// `host:port`, the authority of request URLs without a Host header.
    authority: String,
}

struct Slot {
    generation: u32,
    pending: Option<Pending>,
}

/// A request waiting for its handler's promise.
struct Pending {
    reply: oneshot::Sender<Answer>,
    method: hyper::Method,
    uri: hyper::Uri,
    /// The Request (a root): its signal is aborted if a streamed response's client goes away.
    request: u64,
    /// Its body's id, while it is arriving: dropped once the response is done.
    body: Option<u64>,
}

/// A request body arriving (`RequestBody::Arriving`), read through `perry_stdlib::web::body`'s
/// native source: a reader waits on `promise` (a root, undefined when none does).
struct InBody {
    rx: tokio::sync::mpsc::Receiver<Result<bytes::Bytes, String>>,
    /// What the waiting reader wants: every chunk (`read_all`) or the next one (`read_one`).
    all: bool,
    promise: u64,
    collected: Vec<u8>,
    /// The error that ended it (every later read rejects with it), and whether it was the
    /// body limit (a handler that then fails answers 413, not 500).
    error: Option<String>,
    over_limit: bool,
}

/// A response body being streamed: its stream's reader and the request (roots), and the
/// sending end of the chunk channel (dropped when the body ends).
struct Pump {
    generation: u32,
    values: [u64; 2],
    tx: Option<mpsc::Sender<Chunk>>,
    /// A chunk read while the channel was full, sent when it has room.
    waiting: Option<bytes::Bytes>,
    /// `METHOD uri`, for the log line of a stream that fails.
    what: String,
    /// The request's arriving body, dropped with the pump (a handler may echo it).
    body: Option<u64>,
}

struct Host {
    servers: Vec<ServerJs>,
    /// Servers not yet closed: the event-loop source is refed while any is.
    open: usize,
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Sweep for abandoned slots when this many are in use and none is free.
    sweep_at: usize,
    /// The batch being run (kept to reuse its allocation).
    batch: Vec<Event>,
    /// Responses not yet handed to the server thread ([`flush`]).
    replies: Vec<Reply>,
    /// Streamed response bodies, by index (a key is index and generation, as for `slots`).
    pumps: Vec<Pump>,
    free_pumps: Vec<u32>,
    /// Request bodies still arriving, by id.
    bodies: Vec<(u64, InBody)>,
}

static HOST: JsCell<Host> = JsCell::new(Host {
    servers: Vec::new(),
    open: 0,
    slots: Vec::new(),
    free: Vec::new(),
    sweep_at: 64,
    batch: Vec::new(),
    replies: Vec::new(),
    pumps: Vec::new(),
    free_pumps: Vec::new(),
    bodies: Vec::new(),
});

/// Hand this many responses over at once at most.
const REPLY_BATCH: usize = 32;

fn host() -> &'static mut Host {
    // SAFETY: single JS thread; callers do not hold the reference across
    // JavaScript calls (a handler may call `serve` or `stop`).
    unsafe { HOST.get() }
}

/// Root source "http": each server's handler, object and stop promise, the requests waiting
/// for their handler, and the readers and requests of streamed bodies.
pub fn visit_roots(visit: &mut dyn FnMut(*mut u64)) {
    let h = host();
    for s in h.servers.iter_mut() {
        for v in s.values.iter_mut() {
            visit(v as *mut u64);
        }
    }
    for p in h.slots.iter_mut().filter_map(|s| s.pending.as_mut()) {
        visit(&mut p.request as *mut u64);
    }
    for p in h.pumps.iter_mut() {
        for v in p.values.iter_mut() {
            visit(v as *mut u64);
        }
        // The request's arriving body, if any, lives as long as the pump (`end_pump`).
    }
    for (_, b) in h.bodies.iter_mut() {
        visit(&mut b.promise as *mut u64);
    }
    bridge::visit_roots(visit);
}

/// The event-loop source is refed while a server is open or a body is being streamed.
pub fn refed() -> bool {
    let h = host();
    h.open > 0 || h.pumps.len() > h.free_pumps.len()
}

/// The `perry:http` native namespace.
pub fn namespace() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(2).0);
    perry_stdlib::method(Value(ns.get()), "serve", 1, serve);
    Ok(Value(ns.get()))
}

/// Option `name` of `serve`'s first argument (read after interning the
/// key, which may allocate).
fn get_option(args: &Args, name: &str) -> JsResult {
    let key = atoms::intern(name);
    object::get(args.get(0), key)
}

fn default_max_body() -> usize {
    std::env::var("PERRY_HTTP_MAX_BODY").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_MAX_BODY)
}

/// Milliseconds from `env` (an integer), or `default`.
fn env_ms(env: &str, default: std::time::Duration) -> f64 {
    std::env::var(env).ok().and_then(|v| v.trim().parse::<u64>().ok()).map_or(default.as_millis() as f64, |ms| ms as f64)
}

/// Option `name` of `serve`, a timeout in milliseconds as Node's options
/// are (0: none), defaulting to the variable `env`, then to `default`.
fn timeout_option(args: &Args, name: &str, env: &str, default: std::time::Duration) -> JsResult<Option<std::time::Duration>> {
    let v = get_option(args, name)?;
    let ms = if v.is_undefined() {
        env_ms(env, default)
    } else if v.is_number() && v.as_number() >= 0.0 {
        v.as_number()
    } else {
        return Err(error::range_error(&format!("serve: options.{name} must be a number of milliseconds, not {}", ops::inspect_brief(v))));
    };
    Ok((ms > 0.0).then(|| std::time::Duration::from_secs_f64((ms / 1000.0).min(u32::MAX as f64))))
}

/// serve({ port = 3000, hostname = "0.0.0.0", maxRequestBodySize, headersTimeout, requestTimeout, fetch })
fn serve(args: &Args) -> JsResult {
    let opts = args.get(0);
    if !opts.is_object() {
        return Err(error::type_error("serve: the options must be an object with a fetch function"));
    }
    let scope = HandleScope::new();
    let handler = scope.root(get_option(args, "fetch")?.0);
    if !Value(handler.get()).is_function() {
        return Err(error::type_error(&format!("serve: options.fetch must be a function, not {}", ops::inspect_brief(Value(handler.get())))));
    }
    let port = get_option(args, "port")?;
    let port = if port.is_undefined() {
        3000
    } else if port.is_number() && (0.0..=65535.0).contains(&port.as_number()) && port.as_number().fract() == 0.0 {
        port.as_number() as u16
    } else {
        return Err(error::range_error(&format!("serve: options.port must be an integer from 0 to 65535, not {}", ops::inspect_brief(port))));
    };
    let hostname = get_option(args, "hostname")?;
    let hostname = if hostname.is_undefined() { "0.0.0.0".to_string() } else { ops::to_rust_string(hostname)? };
    let limit = get_option(args, "maxRequestBodySize")?;
    let max_body = if limit.is_undefined() {
        default_max_body()
    } else if limit.is_number() && limit.as_number() >= 0.0 {
        limit.as_number().min(usize::MAX as f64) as usize
    } else {
        return Err(error::range_error(&format!("serve: options.maxRequestBodySize must be a number of bytes, not {}", ops::inspect_brief(limit))));
    };
    let headers_timeout = timeout_option(args, "headersTimeout", "PERRY_HTTP_HEADERS_TIMEOUT_MS", crate::conn::DEFAULT_HEADERS_TIMEOUT)?;
    let request_timeout = timeout_option(args, "requestTimeout", "PERRY_HTTP_REQUEST_TIMEOUT_MS", crate::conn::DEFAULT_REQUEST_TIMEOUT)?;
    if server::shutting_down() {
        return Err(error::throw_error(error::ErrorKind::Error, "serve: the process is shutting down"));
    }
    let listener = match std::net::TcpListener::bind((hostname.as_str(), port)) {
        Ok(l) => l,
        Err(e) => return Err(error::throw_error(error::ErrorKind::Error, &listen_error(&e, &hostname, port))),
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(port);
    let id = host().servers.len() as u32;

    // The server object: { port, hostname, url, stop() }.
    let o = scope.root(object::new_plain(4).0);
    let def = |name: &str, v: Value| {
        let hv = scope.root(v.0);
        let key = atoms::intern(name);
        object::define(Value(o.get()), key, Value(hv.get()), shape::ENUMERABLE);
    };
    def("port", Value::int(port as i64));
    def("hostname", string::from_str(&hostname));
    let shown = if hostname.contains(':') { format!("[{hostname}]") } else { hostname.clone() };
    def("url", string::from_str(&format!("http://{shown}:{port}/")));
    let stop_fn = function::new_native_caps("stop", 0, stop, 1, 0);
    stop_fn.cell().set_field(FN_CAPS, Value::int(id as i64));
    let hs = scope.root(stop_fn.0);
    let key = atoms::intern("stop");
    object::define_hidden(Value(o.get()), key, Value(hs.get()));

    let h = host();
    h.servers.push(ServerJs { values: [handler.get(), o.get(), perry_abi::UNDEFINED], open: true, authority: format!("{shown}:{port}") });
    h.open += 1;
    server::listen(id, listener, crate::conn::Limits { max_body, headers_timeout, request_timeout });
    Ok(Value(o.get()))
}

/// Node's wording for bind errors (`listen EADDRINUSE: address already in
/// use 127.0.0.1:3000`).
fn listen_error(e: &std::io::Error, host: &str, port: u16) -> String {
    let code = match e.kind() {
        std::io::ErrorKind::AddrInUse => "EADDRINUSE: address already in use",
        std::io::ErrorKind::AddrNotAvailable => "EADDRNOTAVAIL: address not available",
        std::io::ErrorKind::PermissionDenied => "EACCES: permission denied",
        _ => return format!("listen {e}: {host}:{port}"),
    };
    format!("listen {code} {host}:{port}")
}

/// server.stop(): stops accepting; in-flight requests finish. Returns a
/// promise fulfilled once every connection has closed.
fn stop(args: &Args) -> JsResult {
    let id = args.capture(0).as_number() as usize;
    if host().servers[id].values[2] == perry_abi::UNDEFINED {
        let p = promise::new_promise();
        let s = &mut host().servers[id];
        s.values[2] = p.0;
        if s.open {
            server::stop(id as u32);
        } else {
            promise::resolve(p, Value::UNDEFINED);
        }
    }
    Ok(Value(host().servers[id].values[2]))
}

/// The event-loop source: runs the requests (and server events) the server
/// thread handed over, each as a macrotask.
pub fn poll() -> JsResult<usize> {
    let Some(sh) = server::started() else { return Ok(0) };
    let mut batch = std::mem::take(&mut host().batch);
    std::mem::swap(&mut *sh.queue.lock().unwrap_or_else(|e| e.into_inner()), &mut batch);
    let n = batch.len();
    let mut events = batch.drain(..);
    let r = events.try_for_each(|ev| match ev {
        Event::Request(req) => perry_stdlib::event_loop::macrotask(|| run_request(req)),
        Event::Closed(id) => perry_stdlib::event_loop::macrotask(|| {
            closed(id);
            Ok(())
        }),
        Event::Writable(key) => perry_stdlib::event_loop::macrotask(|| {
            writable(key);
            Ok(())
        }),
        Event::Gone(key) => perry_stdlib::event_loop::macrotask(|| {
            gone(key);
            Ok(())
        }),
        Event::BodyData(id) => perry_stdlib::event_loop::macrotask(|| {
            drain(id);
            Ok(())
        }),
        Event::Shutdown => shutdown(),
    });
    drop(events);
    host().batch = batch;
    flush();
    r.map(|()| n)
}

/// Hands the responses made so far to the server thread (after each poll,
/// and before the event loop waits).
pub fn flush() {
    if let Some(sh) = server::started() {
        sh.reply(&mut host().replies);
    }
}

/// Queues a response; sent with the next [`flush`].
fn send(reply: oneshot::Sender<Answer>, parts: ResponseParts) {
    queue(reply, Answer { parts, chunks: None });
}

fn queue(reply: oneshot::Sender<Answer>, answer: Answer) {
    let h = host();
    h.replies.push((reply, answer));
    if h.replies.len() >= REPLY_BATCH {
        flush();
    }
}

/// A signal asked the process to end and the servers have drained: exit as
/// the end of the program does (the `[gc-summary]` line under
/// `PERRY_GC_DIAG=1`), with status 0.
fn shutdown() -> ! {
    let _ = std::io::stdout().flush();
    perry_gc::stats::summary();
    std::process::exit(0)
}

fn closed(id: u32) {
    let s = &mut host().servers[id as usize];
    if !s.open {
        return;
    }
    s.open = false;
    // The handler is no longer needed.
    s.values[0] = perry_abi::UNDEFINED;
    let p = s.values[2];
    host().open -= 1;
    if p != perry_abi::UNDEFINED {
        promise::resolve(Value(p), Value::UNDEFINED);
    }
}

/// The URL of a request: its absolute form, or `http://` + Host + target.
fn request_url(parts: &hyper::http::request::Parts, authority: &str) -> String {
    if parts.uri.scheme().is_some() {
        return parts.uri.to_string();
    }
    let host = parts.headers.get(hyper::header::HOST).and_then(|h| h.to_str().ok()).filter(|h| !h.is_empty()).unwrap_or(authority);
    let target = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let mut url = String::with_capacity(7 + host.len() + target.len());
    url.push_str("http://");
    url.push_str(host);
    url.push_str(target);
    url
}

fn run_request(req: Box<Incoming>) -> JsResult<()> {
    let Incoming { server, parts, body, reply } = *req;
    let s = &host().servers[server as usize];
    if s.values[0] == perry_abi::UNDEFINED {
        // Closed meanwhile (cannot happen while its connections are open).
        return Ok(());
    }
    let url = request_url(&parts, &s.authority);
    let scope = HandleScope::new();
    let headers: Vec<(&[u8], &[u8])> = parts.headers.iter().map(|(n, v)| (n.as_str().as_bytes(), v.as_bytes())).collect();
    let (request, body_id) = match body {
        RequestBody::Read(bytes) => (scope.root(bridge::new_request(parts.method.as_str(), &url, &headers, Vec::from(bytes)).0), None),
        RequestBody::Arriving { id, rx } => {
            host().bodies.push((id, InBody { rx, all: false, promise: perry_abi::UNDEFINED, collected: Vec::new(), error: None, over_limit: false }));
            (scope.root(bridge::new_streaming_request(parts.method.as_str(), &url, &headers, id).0), Some(id))
        }
    };
    drop(headers);
    let key = insert(Pending { reply, method: parts.method, uri: parts.uri, request: request.get(), body: body_id });
    let [handler, object, _] = host().servers[server as usize].values;
    match function::call(Value(handler), Value::UNDEFINED, &[Value(request.get()), Value(object)]) {
        Ok(v) => settle(key, v),
        Err(_) => {
            let e = error::take();
            fail(key, e);
        }
    }
    Ok(())
}

/// The handler returned `v`: answer now, or when its promise settles.
fn settle(key: u64, v: Value) {
    if !promise::is_promise(v) {
        return respond(key, v);
    }
    match promise::take_settled(v) {
        Some(Ok(r)) => respond(key, r),
        Some(Err(e)) => fail(key, e),
        None => then_with_key(v, key, on_fulfilled, on_rejected),
    }
}

/// Reacts to promise `p` with two native functions that capture `key` (the slot or pump it
/// concerns: a reaction that comes after the key went stale finds nothing).
fn then_with_key(p: Value, key: u64, on_fulfilled: function::NativeFn, on_rejected: function::NativeFn) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let k = Value::num(key as f64);
    let on_f = function::new_native_caps("", 1, on_fulfilled, 1, 0);
    on_f.cell().set_field(FN_CAPS, k);
    let hf = scope.root(on_f.0);
    let on_r = function::new_native_caps("", 1, on_rejected, 1, 0);
    on_r.cell().set_field(FN_CAPS, k);
    promise::perform_then(Value(hp.get()), Value(hf.get()), on_r, Value::UNDEFINED);
}

fn on_fulfilled(args: &Args) -> JsResult {
    respond(args.capture(0).as_number() as u64, args.get(0));
    Ok(Value::UNDEFINED)
}

fn on_rejected(args: &Args) -> JsResult {
    fail(args.capture(0).as_number() as u64, args.get(0));
    Ok(Value::UNDEFINED)
}

fn internal_error() -> ResponseParts {
    ResponseParts {
        status: 500,
        headers: vec![("content-type".into(), "text/plain;charset=UTF-8".into())],
        body: b"Internal Server Error".to_vec(),
        streamed: false,
    }
}

/// Sends the handler's result, or 500 when it is not a Response.
fn respond(key: u64, v: Value) {
    let Some(p) = take(key) else { return };
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let hr = scope.root(p.request);
    match bridge::response_parts(v) {
        Ok(Some(parts)) if parts.streamed => {
            let (tx, rx) = mpsc::channel(server::CHUNKS_IN_FLIGHT);
            let (chunks, dropped) = server::Chunks::new(rx);
            let what = format!("{} {}", p.method, p.uri);
            queue(p.reply, Answer { parts, chunks: Some(chunks) });
            if let Err(()) = start_pump(Value(hv.get()), Value(hr.get()), tx, dropped, what, p.body) {
                // The stream could not be read (locked meanwhile): the body ends at once.
                error::take();
                drop_body(p.body);
            }
        }
        Ok(Some(parts)) => {
            drop_body(p.body);
            send(p.reply, parts);
        }
        Err(_) => {
            drop_body(p.body);
            let e = error::take();
            log_error(e);
            send(p.reply, internal_error());
        }
        Ok(None) => {
            // A thenable that is not a Promise is not followed: say so.
            let _ = std::io::stdout().flush();
            let what = ops::inspect_brief(v);
            eprintln!("perry:http: the fetch handler for {} {} returned {what}, not a Response; answered 500", p.method, p.uri);
            send(p.reply, internal_error());
        }
    }
}

/// The handler threw or its promise rejected with `e`: 500, and `e` printed
/// as console.error prints it.
fn fail(key: u64, e: Value) {
    let Some(p) = take(key) else { return };
    let over_limit = p.body.and_then(body_index).is_some_and(|i| host().bodies[i].1.over_limit);
    drop_body(p.body);
    if over_limit {
        // The handler failed reading a body over the limit: the client gets the 413 the server
        // gives a body it reads itself, and the connection closes.
        send(
            p.reply,
            ResponseParts {
                status: 413,
                headers: vec![("connection".into(), "close".into()), ("content-type".into(), "text/plain".into())],
                body: b"Payload Too Large".to_vec(),
                streamed: false,
            },
        );
        return;
    }
    log_error(e);
    send(p.reply, internal_error());
}

/// Prints `e` on stderr as console.error prints it.
fn log_error(e: Value) {
    let scope = HandleScope::new();
    let he = scope.root(e.0);
    let text = perry_stdlib::console::format_values(&[he]).unwrap_or_else(|_| {
        error::take();
        ops::inspect_brief(Value(he.get()))
    });
    let _ = std::io::stdout().flush();
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

// ----- streamed bodies -----
//
// A Response whose body is a stream is answered with its head at once and a channel for the
// body (`server::Chunks`). Its pump reads one chunk at a time: each read's promise settles into
// `on_chunk`, which sends the chunk if the channel has room and reads the next; a full channel
// parks the chunk until the server thread reports room (`Event::Writable`). So a slow client
// holds at most `CHUNKS_IN_FLIGHT` chunks here, and the stream's own queue fills up behind
// them: its producer sees backpressure through `desiredSize`. When hyper drops the body (the
// client went away), `Event::Gone` cancels the stream and aborts the request's signal.

fn start_pump(response: Value, request: Value, tx: mpsc::Sender<Chunk>, dropped: oneshot::Receiver<()>, what: String, body: Option<u64>) -> Result<(), ()> {
    let scope = HandleScope::new();
    let hreq = scope.root(request.0);
    let stream = bridge::body_stream(response);
    let reader = scope.root(perry_stdlib::web::body::call_hook(perry_stdlib::web::body::Hook::Reader, &[stream]).map_err(|_| ())?.0);
    let h = host();
    let index = match h.free_pumps.pop() {
        Some(i) => i,
        None => {
            h.pumps.push(Pump { generation: 0, values: [perry_abi::UNDEFINED; 2], tx: None, waiting: None, what: String::new(), body: None });
            (h.pumps.len() - 1) as u32
        }
    };
    let p = &mut h.pumps[index as usize];
    p.generation = (p.generation + 1) & GENERATION_MASK;
    p.values = [reader.get(), hreq.get()];
    p.waiting = None;
    p.what = what;
    p.body = body;
    let key = ((p.generation as u64) << INDEX_BITS) | index as u64;
    if let Some(sh) = server::started() {
        sh.when_gone(key, dropped);
    }
    p.tx = Some(tx);
    read_next(key);
    Ok(())
}

fn pump(key: u64) -> Option<&'static mut Pump> {
    let index = (key & ((1 << INDEX_BITS) - 1)) as usize;
    host().pumps.get_mut(index).filter(|p| p.tx.is_some() && p.generation as u64 == key >> INDEX_BITS)
}

/// Ends pump `key`: drops its channel (the body ends) and frees its slot.
fn end_pump(key: u64) {
    if let Some(p) = pump(key) {
        p.tx = None;
        p.waiting = None;
        p.values = [perry_abi::UNDEFINED; 2];
        p.what = String::new();
        let body = p.body.take();
        host().free_pumps.push((key & ((1 << INDEX_BITS) - 1)) as u32);
        drop_body(body);
    }
}

/// Asks the stream for its next chunk.
fn read_next(key: u64) {
    let Some(p) = pump(key) else { return };
    let reader = p.values[0];
    let scope = HandleScope::new();
    let promise = match perry_stdlib::web::body::call_hook(perry_stdlib::web::body::Hook::Read, &[Value(reader)]) {
        Ok(v) => scope.root(v.0),
        Err(_) => {
            let e = error::take();
            return stream_failed(key, e);
        }
    };
    then_with_key(Value(promise.get()), key, on_chunk, on_stream_error);
}

/// A read settled with `{ done, value }`.
fn on_chunk(args: &Args) -> JsResult {
    let key = args.capture(0).as_number() as u64;
    if pump(key).is_none() {
        return Ok(Value::UNDEFINED);
    }
    let result = args.get(0);
    let scope = HandleScope::new();
    let hres = scope.root(result.0);
    let done = object::get(result, atoms::intern("done"))?;
    if ops::to_boolean(done) {
        end_pump(key);
        return Ok(Value::UNDEFINED);
    }
    let value = object::get(Value(hres.get()), atoms::intern("value"))?;
    let bytes = match perry_runtime::bytes::bytes_of_vec(value) {
        Some(b) => b,
        None if value.is_string() => string::view(value).to_utf8(),
        None => {
            let msg = format!("a response body chunk must be a Uint8Array or a string, not {}", ops::inspect_brief(value));
            let _: error::Exc = error::type_error(&msg);
            let e = error::take();
            stream_failed(key, e);
            return Ok(Value::UNDEFINED);
        }
    };
    send_chunk(key, bytes::Bytes::from(bytes));
    Ok(Value::UNDEFINED)
}

/// Sends a chunk and reads the next, or parks it until the channel has room.
fn send_chunk(key: u64, chunk: bytes::Bytes) {
    let Some(p) = pump(key) else { return };
    let Some(tx) = p.tx.as_ref() else { return };
    match tx.try_send(Ok(chunk)) {
        Ok(()) => read_next(key),
        Err(mpsc::error::TrySendError::Full(Ok(chunk))) => {
            p.waiting = Some(chunk);
            let tx = tx.clone();
            if let Some(sh) = server::started() {
                sh.when_writable(key, tx);
            }
        }
        Err(_) => gone(key),
    }
}

/// The channel of pump `key` has room again.
fn writable(key: u64) {
    let Some(p) = pump(key) else { return };
    if let Some(chunk) = p.waiting.take() {
        send_chunk(key, chunk);
    }
}

/// The stream errored: the body ends without its last chunk (the client sees it cut short),
/// and the error is printed as an uncaught one would be.
fn on_stream_error(args: &Args) -> JsResult {
    let key = args.capture(0).as_number() as u64;
    stream_failed(key, args.get(0));
    Ok(Value::UNDEFINED)
}

fn stream_failed(key: u64, e: Value) {
    let Some(p) = pump(key) else { return };
    if let Some(tx) = p.tx.as_ref() {
        let _ = tx.try_send(Err(std::io::Error::other("the response body stream failed")));
    }
    let what = std::mem::take(&mut p.what);
    let _ = std::io::stdout().flush();
    eprintln!("perry:http: the response body stream of {what} failed:");
    log_error(e);
    end_pump(key);
}

/// The client of pump `key` went away (or its body ended: then the key is stale): cancel the
/// stream and abort the request's signal.
fn gone(key: u64) {
    let Some(p) = pump(key) else { return };
    let [reader, request] = p.values;
    let scope = HandleScope::new();
    let hreader = scope.root(reader);
    let hreq = scope.root(request);
    end_pump(key);
    let cancel = perry_stdlib::web::body::call_hook(perry_stdlib::web::body::Hook::Cancel, &[Value(hreader.get()), Value::UNDEFINED]);
    let abort = perry_stdlib::web::request::abort(Value(hreq.get()), Value::UNDEFINED);
    if cancel.is_err() || abort.is_err() {
        let e = error::take();
        log_error(e);
    }
}

// ----- pending slots -----

const INDEX_BITS: u32 = 24;
const GENERATION_MASK: u32 = (1 << 28) - 1;

fn insert(p: Pending) -> u64 {
    let h = host();
    if h.free.is_empty() && h.slots.len() >= h.sweep_at {
        sweep(h);
    }
    let index = match h.free.pop() {
        Some(i) => i,
        None => {
            h.slots.push(Slot { generation: 0, pending: None });
            (h.slots.len() - 1) as u32
        }
    };
    let slot = &mut h.slots[index as usize];
    slot.generation = (slot.generation + 1) & GENERATION_MASK;
    slot.pending = Some(p);
    ((slot.generation as u64) << INDEX_BITS) | index as u64
}

/// Takes the pending request of `key`, if it is still waiting.
fn take(key: u64) -> Option<Pending> {
    let h = host();
    let index = (key & ((1 << INDEX_BITS) - 1)) as usize;
    let slot = h.slots.get_mut(index)?;
    if slot.generation as u64 != key >> INDEX_BITS {
        return None;
    }
    let p = slot.pending.take()?;
    h.free.push(index as u32);
    Some(p)
}

/// Frees the slots whose client went away (their handler's promise never
/// settled, or has not yet).
fn sweep(h: &mut Host) {
    for (i, slot) in h.slots.iter_mut().enumerate() {
        if slot.pending.as_ref().is_some_and(|p| p.reply.is_closed()) {
            slot.pending = None;
            slot.generation = (slot.generation + 1) & GENERATION_MASK;
            h.free.push(i as u32);
        }
    }
    let live = h.slots.len() - h.free.len();
    h.sweep_at = (2 * live).max(64).max(h.slots.len() + 1);
}

// ----- request bodies still arriving -----
//
// A body longer than `conn::STREAM_FROM` or chunked reaches the handler as it arrives: its
// Request's body slot holds the id, and `perry_stdlib::web::body` reads it through the native
// source below. The server thread sends at most `REQUEST_CHUNKS` chunks ahead and posts
// `Event::BodyData` after each; a reader waiting here is served by `drain`. The body is dropped
// once the response is done (the server thread then stops reading the client).

/// Registers the native source of arriving bodies (at start-up).
pub fn install_body_source() {
    perry_stdlib::web::body::set_native_source(perry_stdlib::web::body::NativeSource { read_all, read_one, cancel: cancel_body });
}

fn body_index(id: u64) -> Option<usize> {
    host().bodies.iter().position(|(i, _)| *i == id)
}

fn wait(id: f64, all: bool) -> JsResult {
    let scope = HandleScope::new();
    let p = scope.root(promise::new_promise().0);
    match body_index(id as u64) {
        Some(i) if host().bodies[i].1.error.is_some() => {
            let message = host().bodies[i].1.error.clone().unwrap_or_default();
            let _: error::Exc = error::type_error(&message);
            let e = error::take();
            promise::reject(Value(p.get()), e);
        }
        Some(i) if host().bodies[i].1.promise == perry_abi::UNDEFINED => {
            let b = &mut host().bodies[i].1;
            b.all = all;
            b.promise = p.get();
            drain(id as u64);
        }
        Some(_) => return Err(error::type_error("the request body is already being read")),
        // Dropped: the response was sent, or the body was cancelled.
        None => promise::reject(Value(p.get()), {
            let _: error::Exc = error::type_error("the request body is no longer readable: its response was sent");
            error::take()
        }),
    }
    Ok(Value(p.get()))
}

fn read_all(id: f64) -> JsResult {
    wait(id, true)
}

fn read_one(id: f64) -> JsResult {
    wait(id, false)
}

fn cancel_body(id: f64) {
    drop_body(Some(id as u64));
}

/// Drops an arriving body (its reader, if one waits, gets the end of it).
fn drop_body(id: Option<u64>) {
    let Some(i) = id.and_then(body_index) else { return };
    let (_, b) = host().bodies.swap_remove(i);
    if b.promise != perry_abi::UNDEFINED {
        let scope = HandleScope::new();
        let p = scope.root(b.promise);
        let v = if b.all { perry_runtime::bytes::new_uint8array(&b.collected) } else { Value::UNDEFINED };
        promise::resolve(Value(p.get()), v);
    }
}

/// Serves the reader of body `id` with what has arrived.
fn drain(id: u64) {
    let Some(i) = body_index(id) else { return };
    if host().bodies[i].1.promise == perry_abi::UNDEFINED {
        return;
    }
    loop {
        let b = &mut host().bodies[i].1;
        match b.rx.try_recv() {
            Ok(Ok(chunk)) if b.all => b.collected.extend_from_slice(&chunk),
            Ok(Ok(chunk)) => {
                let p = std::mem::replace(&mut b.promise, perry_abi::UNDEFINED);
                let scope = HandleScope::new();
                let hp = scope.root(p);
                let v = perry_runtime::bytes::new_uint8array(&chunk);
                promise::resolve(Value(hp.get()), v);
                return;
            }
            Ok(Err(message)) => {
                // Kept (with its error) until the response is done.
                let p = std::mem::replace(&mut b.promise, perry_abi::UNDEFINED);
                b.over_limit = message.starts_with(crate::conn::OVER_LIMIT);
                b.error = Some(message.clone());
                let scope = HandleScope::new();
                let hp = scope.root(p);
                let _: error::Exc = error::type_error(&message);
                let e = error::take();
                promise::reject(Value(hp.get()), e);
                return;
            }
            Err(tokio::sync::mpsc::error::TryRecvError::Empty) => return,
            // The end: a reader of everything gets it; a reader of one chunk gets undefined.
            Err(tokio::sync::mpsc::error::TryRecvError::Disconnected) => return drop_body(Some(id)),
        }
    }
}
