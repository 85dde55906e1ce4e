//! The server thread: a current-thread tokio runtime on its own OS thread
//! ("perry-http") that accepts connections and speaks HTTP/1.1 with hyper.
//! It never touches the JavaScript heap. A request whose head and body were
//! read crosses to the JS thread as an [`Event`] in [`Shared::queue`] (the
//! JS thread is woken through the event loop's `Waker`); its response comes
//! back through a oneshot channel the request carries. The JS thread hands
//! responses over in batches ([`Shared::reply`]): one wake-up of this
//! thread per batch, not per response, since waking a tokio runtime from
//! another thread is a system call.
//!
//! Limits, all enforced here so that JavaScript never sees what breaks them
//! (the per-connection ones are in `conn.rs`: 400, 413, 431, the header
//! and request timeouts, half-closed clients):
//! - at most `PERRY_HTTP_MAX_INFLIGHT` requests (default 1024) are read and
//!   handed over at once; the others wait for a permit before their body is
//!   read, so a slow handler holds memory to permits x body limit.
//!
//! Shutdown: `stop()` and SIGINT/SIGTERM stop the accept loops and shut
//! every connection down gracefully (in-flight requests finish, idle
//! keep-alive connections close), waiting at most `PERRY_HTTP_DRAIN_MS`
//! (default 5000 ms). After a signal the JS thread is told to exit once all
//! servers are drained; a second signal exits at once.
//!
//! # One wake per batch
//!
//! The first event into an empty queue notifies the `wake_js` task, which wakes the JS thread
//! after the tasks already runnable have run, so one wake-up carries every request read in that
//! turn (measured: 0.1 context switches per request under load instead of 0.6 to 1.5). The
//! `replies` task sends each response to its request's oneshot channel, and the request's task
//! builds the hyper response.

use crate::bridge::ResponseParts;
use crate::conn::{self, Limits, plain};
use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::Frame;
use hyper::body::Incoming as Body;
use hyper::header::{CONTENT_LENGTH, HeaderName, HeaderValue, TRANSFER_ENCODING};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use perry_stdlib::event_loop::Waker;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore, mpsc, oneshot};

/// A request on its way to the JS thread: its head and its body, read in full or arriving.
pub struct Incoming {
    pub server: u32,
    pub parts: hyper::http::request::Parts,
    pub body: RequestBody,
    pub reply: oneshot::Sender<Answer>,
}

/// A request body: all of it, or the receiving end of its chunks ([`conn::feed`]) and the id
/// its [`Event::BodyData`] events carry.
pub enum RequestBody {
    Read(Bytes),
    Arriving { id: u64, rx: mpsc::Receiver<Result<Bytes, String>> },
}

/// How many chunks of a request body may wait for the handler.
pub const REQUEST_CHUNKS: usize = 4;

/// One chunk of a streamed response body, or the error that ends it early (hyper then closes
/// the connection without the final chunk, so the client sees the body cut short).
pub type Chunk = Result<Bytes, std::io::Error>;

/// How many chunks of a streamed body may wait for the socket: the JS side reads the next
/// chunk from its stream only when there is room (backpressure from the client).
pub const CHUNKS_IN_FLIGHT: usize = 4;

/// A handler's answer: the head and a byte body, or the head and the receiving end of a
/// streamed body.
pub struct Answer {
    pub parts: ResponseParts,
    pub chunks: Option<Chunks>,
}

/// A response for the request whose channel this is.
pub type Reply = (oneshot::Sender<Answer>, Answer);

/// A streamed response body: the chunks the JS side sends, with chunked transfer encoding.
/// Dropped by hyper when the client goes away, which closes the channel: the JS side then
/// cancels the stream.
pub struct Chunks {
    rx: mpsc::Receiver<Chunk>,
    /// Dropped with the body: its receiver, awaited by [`Shared::when_gone`], then reports it.
    _dropped: oneshot::Sender<()>,
}

impl Chunks {
    /// A body reading `rx`, and the receiver that completes when hyper drops the body.
    pub fn new(rx: mpsc::Receiver<Chunk>) -> (Chunks, oneshot::Receiver<()>) {
        let (tx, dropped) = oneshot::channel();
        (Chunks { rx, _dropped: tx }, dropped)
    }
}

impl hyper::body::Body for Chunks {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        self.rx.poll_recv(cx).map(|c| c.map(|r| r.map(Frame::data)))
    }
}

/// A response body: all its bytes, or streamed.
pub type OutBody = Either<Full<Bytes>, Chunks>;

/// What the server thread hands the JS thread.
pub enum Event {
    Request(Box<Incoming>),
    /// A streamed body (the JS side's key for it) has room for a chunk again.
    Writable(u64),
    /// A streamed body's client went away (or the body ended: the key is then stale).
    Gone(u64),
    /// An arriving request body (by id) has a chunk, its end, or its error waiting.
    BodyData(u64),
    /// A stopped server has closed its listener and every connection.
    Closed(u32),
    /// A signal asked the process to end and the servers have drained.
    Shutdown,
}

struct ServerCtl {
    id: u32,
    stop: Arc<Notify>,
    task: tokio::task::JoinHandle<()>,
}

/// State shared by the JS thread and the server thread.
pub struct Shared {
    /// Events for the JS thread, taken in batches by its event-loop source.
    pub queue: Mutex<Vec<Event>>,
    waker: Waker,
    /// Responses from the JS thread, sent on by the `replies` task.
    replies: Mutex<Vec<Reply>>,
    replies_ready: Notify,
    wake_js: Notify,
    permits: Semaphore,
    runtime: tokio::runtime::Handle,
    servers: Mutex<Vec<ServerCtl>>,
    shutting_down: AtomicBool,
    drain: Duration,
}

impl Shared {
    /// Queues an event for the JS thread. On the server thread the JS
    /// thread is woken by the `wake_js` task, which runs after the tasks
    /// already runnable: one wake-up for all the requests this turn of the
    /// runtime read, not one each.
    fn post(&self, ev: Event) {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        let first = q.is_empty();
        q.push(ev);
        drop(q);
        if first {
            self.wake_js.notify_one();
        }
    }

    /// Posts [`Event::Writable`] for `key` once `tx` has room (from the JS thread, when a
    /// streamed body's channel is full).
    pub fn when_writable(self: &Arc<Self>, key: u64, tx: mpsc::Sender<Chunk>) {
        let sh = self.clone();
        self.runtime.spawn(async move {
            let ev = match tx.reserve().await {
                Ok(_) => Event::Writable(key),
                Err(_) => Event::Gone(key),
            };
            sh.post(ev);
        });
    }

    /// Posts [`Event::Gone`] for `key` once hyper drops the body whose `dropped` this is: the
    /// body ended (the key is then stale), or the client went away.
    pub fn when_gone(self: &Arc<Self>, key: u64, dropped: oneshot::Receiver<()>) {
        let sh = self.clone();
        self.runtime.spawn(async move {
            let _ = dropped.await;
            sh.post(Event::Gone(key));
        });
    }

    /// Hands a batch of responses to the server thread (from the JS thread).
    pub fn reply(&self, batch: &mut Vec<Reply>) {
        if batch.is_empty() {
            return;
        }
        let mut q = self.replies.lock().unwrap_or_else(|e| e.into_inner());
        let was_empty = q.is_empty();
        q.append(batch);
        drop(q);
        if was_empty {
            self.replies_ready.notify_one();
        }
    }
}

/// Wakes the JS thread for the events `post` queued.
async fn wake_js(sh: Arc<Shared>) {
    loop {
        sh.wake_js.notified().await;
        sh.waker.wake();
    }
}

/// Sends each response the JS thread handed over to its request's task
/// (a wake-up within this thread).
async fn replies(sh: Arc<Shared>) {
    let mut batch = Vec::new();
    loop {
        sh.replies_ready.notified().await;
        std::mem::swap(&mut *sh.replies.lock().unwrap_or_else(|e| e.into_inner()), &mut batch);
        for (tx, parts) in batch.drain(..) {
            let _ = tx.send(parts);
        }
    }
}

static SHARED: OnceLock<Arc<Shared>> = OnceLock::new();

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

/// The shared state, with the server thread, started on first use.
pub fn shared() -> &'static Arc<Shared> {
    SHARED.get_or_init(start)
}

/// Whether the server thread runs (some `serve` was called).
pub fn started() -> Option<&'static Arc<Shared>> {
    SHARED.get()
}

fn start() -> Arc<Shared> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .thread_name("perry-http")
        .build()
        .unwrap_or_else(|e| panic!("perry:http: cannot start the server runtime: {e}"));
    // The signal handlers are installed now, before `serve` returns, so a
    // signal that comes early still shuts down gracefully.
    let signals = {
        let _in_rt = rt.enter();
        use tokio::signal::unix::{SignalKind, signal};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(t), Ok(i)) => Some((t, i)),
            _ => None,
        }
    };
    let shared = Arc::new(Shared {
        queue: Mutex::new(Vec::new()),
        waker: perry_stdlib::event_loop::waker(),
        replies: Mutex::new(Vec::new()),
        replies_ready: Notify::new(),
        wake_js: Notify::new(),
        permits: Semaphore::new(env_number("PERRY_HTTP_MAX_INFLIGHT", 1024).clamp(1, Semaphore::MAX_PERMITS as u64) as usize),
        runtime: rt.handle().clone(),
        servers: Mutex::new(Vec::new()),
        shutting_down: AtomicBool::new(false),
        drain: Duration::from_millis(env_number("PERRY_HTTP_DRAIN_MS", 5000)),
    });
    let sh = shared.clone();
    std::thread::Builder::new()
        .name("perry-http".into())
        .spawn(move || {
            rt.block_on(async move {
                tokio::spawn(replies(sh.clone()));
                tokio::spawn(wake_js(sh.clone()));
                match signals {
                    Some((term, int)) => on_signals(sh, term, int).await,
                    None => std::future::pending().await,
                }
            })
        })
        .unwrap_or_else(|e| panic!("perry:http: cannot start the server thread: {e}"));
    shared
}

/// Starts serving on `listener` (bound by the JS thread, so that `serve`
/// reports a bind error at once and knows its port).
pub fn listen(id: u32, listener: std::net::TcpListener, limits: Limits) {
    let sh = shared();
    let stop = Arc::new(Notify::new());
    let task = sh.runtime.spawn(accept_loop(sh.clone(), id, listener, limits, stop.clone()));
    sh.servers.lock().unwrap_or_else(|e| e.into_inner()).push(ServerCtl { id, stop, task });
}

/// Stops accepting on server `id`; [`Event::Closed`] follows once its
/// connections have finished.
pub fn stop(id: u32) {
    let sh = shared();
    if let Some(s) = sh.servers.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|s| s.id == id) {
        s.stop.notify_one();
    }
}

async fn accept_loop(sh: Arc<Shared>, id: u32, listener: std::net::TcpListener, limits: Limits, stop: Arc<Notify>) {
    let listener = match listener.set_nonblocking(true).and_then(|()| tokio::net::TcpListener::from_std(listener)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("perry:http: cannot listen: {e}");
            sh.post(Event::Closed(id));
            return;
        }
    };
    let graceful = GracefulShutdown::new();
    let http = conn::builder(limits.headers_timeout);
    loop {
        tokio::select! {
            biased;
            _ = stop.notified() => break,
            r = listener.accept() => match r {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    let sh = sh.clone();
                    let svc = hyper::service::service_fn(move |req| handle(sh.clone(), id, limits, req));
                    let conn = graceful.watch(http.serve_connection(TokioIo::new(stream), svc));
                    tokio::spawn(async move {
                        // A connection error (a reset, a timeout) concerns
                        // that client only.
                        let _ = conn.await;
                    });
                }
                Err(e) => {
                    // Out of descriptors or memory: wait a little rather
                    // than spin; a client that gave up is no error.
                    if !matches!(e.kind(), std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::Interrupted) {
                        eprintln!("perry:http: accept failed: {e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
        }
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(sh.drain) => {}
    }
    sh.servers.lock().unwrap_or_else(|e| e.into_inner()).retain(|s| s.id != id);
    sh.post(Event::Closed(id));
}

/// One request: read its body within the limit, hand it to the JS thread,
/// await the response.
async fn handle(sh: Arc<Shared>, server: u32, limits: Limits, req: Request<Body>) -> Result<Response<OutBody>, Infallible> {
    let (parts, body, _permit) = if conn::streams(&req) {
        match conn::start_streaming(req, &limits, &sh.permits).await {
            Ok((parts, incoming, permit)) => {
                static IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
                let id = IDS.fetch_add(1, Ordering::Relaxed);
                let (tx, rx) = mpsc::channel(REQUEST_CHUNKS);
                let feeder = sh.clone();
                sh.runtime.spawn(conn::feed(incoming, limits, tx, move || feeder.post(Event::BodyData(id))));
                (parts, RequestBody::Arriving { id, rx }, permit)
            }
            Err(answer) => return Ok(answer.map(Either::Left)),
        }
    } else {
        match conn::read_request(req, &limits, &sh.permits).await {
            Ok((parts, body, permit)) => (parts, RequestBody::Read(body), permit),
            Err(answer) => return Ok(answer.map(Either::Left)),
        }
    };
    let (reply, response) = oneshot::channel();
    sh.post(Event::Request(Box::new(Incoming { server, parts, body, reply })));
    Ok(match response.await {
        Ok(answer) => build(answer),
        // The JS side dropped the request (the process is ending).
        Err(_) => plain(StatusCode::SERVICE_UNAVAILABLE).map(Either::Left),
    })
}

fn build(answer: Answer) -> Response<OutBody> {
    let Answer { parts, chunks } = answer;
    let body = match chunks {
        Some(chunks) => Either::Right(chunks),
        None => Either::Left(Full::new(Bytes::from(parts.body))),
    };
    let mut r = Response::new(body);
    let Ok(status) = StatusCode::from_u16(parts.status) else {
        eprintln!("perry:http: invalid response status {}; answering 500", parts.status);
        return plain(StatusCode::INTERNAL_SERVER_ERROR).map(Either::Left);
    };
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.reserve(parts.headers.len());
    for (name, value) in parts.headers {
        match (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_bytes(value.as_bytes())) {
            // hyper frames the body itself: a header claiming another
            // length would corrupt the connection.
            (Ok(n), Ok(_)) if n == CONTENT_LENGTH || n == TRANSFER_ENCODING => {}
            (Ok(n), Ok(v)) => {
                h.append(n, v);
            }
            _ => {
                eprintln!("perry:http: invalid response header {name:?}: {value:?}; answering 500");
                return plain(StatusCode::INTERNAL_SERVER_ERROR).map(Either::Left);
            }
        }
    }
    r
}

/// SIGTERM or SIGINT: stop every server, let them drain, then have the JS
/// thread exit; a second signal exits at once.
async fn on_signals(sh: Arc<Shared>, mut term: tokio::signal::unix::Signal, mut int: tokio::signal::unix::Signal) {
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
    sh.shutting_down.store(true, Ordering::SeqCst);
    let servers = std::mem::take(&mut *sh.servers.lock().unwrap_or_else(|e| e.into_inner()));
    for s in &servers {
        s.stop.notify_one();
    }
    for s in servers {
        let _ = s.task.await;
    }
    sh.post(Event::Shutdown);
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
    eprintln!("perry:http: second signal; exiting now");
    std::process::exit(130);
}

/// Whether a signal started the shutdown (no new server may start).
pub fn shutting_down() -> bool {
    started().is_some_and(|s| s.shutting_down.load(Ordering::SeqCst))
}
