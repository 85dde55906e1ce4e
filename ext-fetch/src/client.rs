//! The I/O thread: a current-thread tokio runtime on its own OS thread ("perry-fetch") running
//! hyper-util's pooled client (HTTP/1.1, and HTTP/2 where TLS's ALPN picks it) over rustls with
//! the `ring` provider. It never touches the JavaScript heap: a request arrives as a [`Req`]
//! (plain Rust data), and what it produces goes back to the JS thread as [`Event`]s in
//! [`Shared::queue`], the JS thread woken through the event loop's `Waker`.
//!
//! One task per fetch ([`run`]): it sends the request, follows redirects as the Fetch standard's
//! HTTP-redirect fetch does (`follow`: at most 20; `error`; `manual`), posts the response head,
//! then pumps the body through its content decoders into a bounded channel the JS thread reads
//! ([`BodyRx`]): the channel's capacity is the backpressure, so a body nobody reads stops being
//! read from the socket. Aborting a fetch aborts its task, which drops the connection.
//!
//! Trust roots: webpki-roots, plus the PEM certificates of the file named by
//! `NODE_EXTRA_CA_CERTS` (as Node reads it once at start-up). Connections are pooled per origin
//! and closed after 4 s idle (undici's keep-alive timeout). The connector is ours
//! ([`Connector`]) so that a failed connection reports the address and `errno` Node reports.

use crate::decode::Decoders;
use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use http_body_util::BodyExt;
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Uri};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use perry_stdlib::event_loop::Waker;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc;

/// Chunks of a response body buffered ahead of the reader.
const BODY_CHUNKS: usize = 16;
/// Chunks of a streamed request body buffered ahead of the socket.
pub const UPLOAD_CHUNKS: usize = 4;
/// undici's connect timeout.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// undici's `headersTimeout` and `bodyTimeout` (300 s each; `PERRY_FETCH_HEADERS_TIMEOUT_MS` and
/// `PERRY_FETCH_BODY_TIMEOUT_MS` override them, 0 for none): the wait for a response head, and
/// for each body chunk while the reader wants one.
fn timeout_from(env: &str) -> Option<Duration> {
    let ms = std::env::var(env).ok().and_then(|v| v.trim().parse::<u64>().ok()).unwrap_or(300_000);
    (ms > 0).then(|| Duration::from_millis(ms))
}

static TIMEOUTS: OnceLock<(Option<Duration>, Option<Duration>)> = OnceLock::new();

fn timeouts() -> (Option<Duration>, Option<Duration>) {
    *TIMEOUTS.get_or_init(|| (timeout_from("PERRY_FETCH_HEADERS_TIMEOUT_MS"), timeout_from("PERRY_FETCH_BODY_TIMEOUT_MS")))
}

/// `f`, failed with `error` when it takes longer than `limit`.
async fn within<T>(limit: Option<Duration>, f: impl Future<Output = Result<T, NetError>>, error: impl FnOnce() -> NetError) -> Result<T, NetError> {
    match limit {
        None => f.await,
        Some(d) => tokio::time::timeout(d, f).await.unwrap_or_else(|_| Err(error())),
    }
}
/// The most redirects `follow` takes (Fetch, HTTP-redirect fetch step 5).
const MAX_REDIRECTS: u32 = 20;

/// A failure as Node reports it in `TypeError: fetch failed`'s `cause`: an `Error` with this
/// message and name, and the fields that are set.
#[derive(Clone, Debug, Default)]
pub struct NetError {
    pub message: Box<str>,
    pub name: &'static str,
    pub code: Option<&'static str>,
    pub errno: Option<i32>,
    pub syscall: Option<&'static str>,
    pub address: Option<Box<str>>,
    pub port: Option<u16>,
    pub hostname: Option<Box<str>>,
}

impl NetError {
    pub fn plain(message: &str) -> NetError {
        NetError { message: message.into(), name: "Error", ..NetError::default() }
    }
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NetError {}

/// How redirects are handled (`RequestInit.redirect`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Redirect {
    Follow,
    Error,
    Manual,
}

/// A request body: none, all of it, or chunks the JS thread sends as it reads them.
pub enum Upload {
    None,
    Full(Bytes),
    Stream(mpsc::Receiver<Result<Bytes, NetError>>),
}

/// A fetch as the JS thread hands it over.
pub struct Req {
    pub method: Method,
    pub url: url::Url,
    pub headers: Vec<(HeaderName, HeaderValue)>,
    pub body: Upload,
    pub redirect: Redirect,
}

/// What a body read yields.
pub enum Chunk {
    Data(Bytes),
    End,
    Error(NetError),
}

/// The JS thread's end of a response body.
pub struct BodyRx {
    pub rx: mpsc::Receiver<Chunk>,
    /// Set by the JS thread when a read found the channel empty: the pump then posts
    /// [`Event::Ready`] after its next send.
    pub waiting: Arc<AtomicBool>,
}

/// A response head.
pub struct Head {
    pub status: u16,
    pub status_text: Vec<u8>,
    pub headers: HeaderMap,
    pub url: String,
    pub redirected: bool,
    pub body: Option<BodyRx>,
}

/// What the I/O thread hands the JS thread.
pub enum Event {
    Head(u32, Result<Box<Head>, NetError>),
    /// A chunk arrived for a body whose reader waits.
    Ready(u32),
    /// A streamed request body's chunk that waited for room was queued (`false`: the request
    /// is gone).
    Written(u32, bool),
}

/// The request body type the client sends.
pub struct OutBody(Option<Upload>);

impl HttpBody for OutBody {
    type Data = Bytes;
    type Error = NetError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, NetError>>> {
        let this = self.get_mut();
        match &mut this.0 {
            None | Some(Upload::None) => Poll::Ready(None),
            Some(Upload::Full(_)) => match this.0.take() {
                Some(Upload::Full(b)) => Poll::Ready(Some(Ok(Frame::data(b)))),
                _ => Poll::Ready(None),
            },
            Some(Upload::Stream(rx)) => rx.poll_recv(cx).map(|o| o.map(|r| r.map(Frame::data))),
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self.0, None | Some(Upload::None))
    }

    fn size_hint(&self) -> SizeHint {
        match &self.0 {
            None | Some(Upload::None) => SizeHint::with_exact(0),
            Some(Upload::Full(b)) => SizeHint::with_exact(b.len() as u64),
            Some(Upload::Stream(_)) => SizeHint::default(),
        }
    }
}

type HttpClient = Client<HttpsConnector<Connector>, OutBody>;

/// State shared by the JS thread and the I/O thread.
pub struct Shared {
    /// Events for the JS thread, taken in batches by its event-loop source.
    pub queue: Mutex<Vec<Event>>,
    waker: Waker,
    pub runtime: tokio::runtime::Handle,
    client: HttpClient,
}

impl Shared {
    /// Queues an event for the JS thread and wakes it.
    pub fn post(&self, ev: Event) {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        let first = q.is_empty();
        q.push(ev);
        drop(q);
        if first {
            self.waker.wake();
        }
    }
}

static SHARED: OnceLock<Arc<Shared>> = OnceLock::new();

/// The shared state, started on first use (from the JS thread).
pub fn shared() -> &'static Arc<Shared> {
    SHARED.get_or_init(start)
}

/// The shared state if a fetch has started.
pub fn started() -> Option<&'static Arc<Shared>> {
    SHARED.get()
}

fn start() -> Arc<Shared> {
    let waker = perry_stdlib::event_loop::waker();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("perry-fetch".into())
        .spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("perry: cannot start the fetch runtime");
            let _ = tx.send(rt.handle().clone());
            rt.block_on(std::future::pending::<()>());
        })
        .expect("perry: cannot start the fetch thread");
    let runtime = rx.recv().expect("perry: the fetch thread did not start");
    let client = {
        let _guard = runtime.enter();
        Client::builder(TokioExecutor::new()).pool_idle_timeout(Duration::from_secs(4)).pool_timer(TokioTimer::new()).build(connector())
    };
    Arc::new(Shared { queue: Mutex::new(Vec::new()), waker, runtime, client })
}

/// rustls with the `ring` provider, webpki's roots and `NODE_EXTRA_CA_CERTS`; ALPN offers h2
/// and http/1.1.
fn connector() -> HttpsConnector<Connector> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = std::env::var_os("NODE_EXTRA_CA_CERTS").filter(|p| !p.is_empty()) {
        use rustls_pki_types::pem::PemObject;
        let added = rustls_pki_types::CertificateDer::pem_file_iter(&path)
            .map_err(|e| e.to_string())
            .and_then(|mut certs| certs.try_for_each(|c| c.map_err(|e| e.to_string()).and_then(|c| roots.add(c).map_err(|e| e.to_string()))));
        if let Err(e) = added {
            // Node's warning for a file it cannot load.
            eprintln!("Warning: Ignoring extra certs from `{}`, load failed: {e}", path.to_string_lossy());
        }
    }
    // ring, deliberately: aws-lc-rs (the post-quantum default) needs cmake and slows the build.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("perry: ring supports the default TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    hyper_rustls::HttpsConnectorBuilder::new().with_tls_config(config).https_or_http().enable_http1().enable_http2().wrap_connector(Connector)
}

// ----- connecting -----

/// Node's names for the errno values a connection reports.
fn errno_name(errno: i32) -> Option<&'static str> {
    Some(match errno {
        1 => "EPERM",
        13 => "EACCES",
        32 => "EPIPE",
        99 => "EADDRNOTAVAIL",
        101 => "ENETUNREACH",
        103 => "ECONNABORTED",
        104 => "ECONNRESET",
        110 => "ETIMEDOUT",
        111 => "ECONNREFUSED",
        113 => "EHOSTUNREACH",
        _ => return None,
    })
}

/// Node's error for a failed `connect`: `connect ECONNREFUSED 127.0.0.1:3000`.
fn connect_error(e: &std::io::Error, addr: SocketAddr) -> NetError {
    let address = addr.ip().to_string();
    let Some(errno) = e.raw_os_error() else { return NetError::plain(&e.to_string()) };
    let code = errno_name(errno);
    let shown = code.map_or_else(|| e.to_string(), str::to_string);
    NetError {
        message: format!("connect {shown} {address}:{}", addr.port()).into(),
        name: "Error",
        code,
        errno: Some(-errno),
        syscall: Some("connect"),
        address: Some(address.into()),
        port: Some(addr.port()),
        hostname: None,
    }
}

/// Connects TCP to the URI's host (its addresses in order) with `TCP_NODELAY`, as undici does.
#[derive(Clone)]
pub struct Connector;

impl tower_service::Service<Uri> for Connector {
    type Response = TokioIo<TcpStream>;
    type Error = NetError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, NetError>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), NetError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, uri: Uri) -> Self::Future {
        Box::pin(async move {
            let host = uri.host().unwrap_or("").trim_start_matches('[').trim_end_matches(']').to_string();
            let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
            let addrs: Vec<SocketAddr> = match host.parse::<IpAddr>() {
                Ok(ip) => vec![SocketAddr::new(ip, port)],
                Err(_) => match tokio::net::lookup_host((host.as_str(), port)).await {
                    Ok(a) => a.collect(),
                    Err(_) => Vec::new(),
                },
            };
            if addrs.is_empty() {
                return Err(NetError {
                    message: format!("getaddrinfo ENOTFOUND {host}").into(),
                    name: "Error",
                    code: Some("ENOTFOUND"),
                    errno: Some(-3008),
                    syscall: Some("getaddrinfo"),
                    hostname: Some(host.into()),
                    ..NetError::default()
                });
            }
            let mut last = None;
            for addr in addrs {
                match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(addr)).await {
                    Ok(Ok(s)) => {
                        let _ = s.set_nodelay(true);
                        return Ok(TokioIo::new(s));
                    }
                    Ok(Err(e)) => last = Some(connect_error(&e, addr)),
                    Err(_) => {
                        last = Some(NetError {
                            message: format!("Connect Timeout Error (attempted address: {host}:{port}, timeout: {}ms)", CONNECT_TIMEOUT.as_millis()).into(),
                            name: "ConnectTimeoutError",
                            code: Some("UND_ERR_CONNECT_TIMEOUT"),
                            ..NetError::default()
                        })
                    }
                }
            }
            Err(last.unwrap_or_else(|| NetError::plain("connect failed")))
        })
    }
}

/// The cause Node gives for a failed request: our connector's error, a TLS failure, or the
/// socket closing early.
fn request_error(e: &(dyn std::error::Error + 'static)) -> NetError {
    let mut src: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = src {
        if let Some(n) = s.downcast_ref::<NetError>() {
            return n.clone();
        }
        if let Some(t) = s.downcast_ref::<rustls::Error>() {
            return tls_error(t);
        }
        if let Some(h) = s.downcast_ref::<hyper::Error>()
            && (h.is_incomplete_message() || h.is_closed() || h.is_canceled())
        {
            return NetError { message: "other side closed".into(), name: "SocketError", code: Some("UND_ERR_SOCKET"), ..NetError::default() };
        }
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && io.kind() == std::io::ErrorKind::UnexpectedEof
        {
            return NetError { message: "other side closed".into(), name: "SocketError", code: Some("UND_ERR_SOCKET"), ..NetError::default() };
        }
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && let Some(code) = io.raw_os_error().and_then(errno_name)
        {
            return NetError {
                message: format!("read {code}").into(),
                name: "Error",
                code: Some(code),
                errno: io.raw_os_error().map(|e| -e),
                syscall: Some("read"),
                ..NetError::default()
            };
        }
        // An io::Error's `source` is its inner error's source, skipping the inner error itself
        // (where tokio-rustls puts a TLS failure): step into it instead.
        src = match s.downcast_ref::<std::io::Error>() {
            Some(io) => io.get_ref().map(|inner| inner as &(dyn std::error::Error + 'static)),
            None => s.source(),
        };
    }
    NetError::plain(&e.to_string())
}

/// OpenSSL's wording, as Node reports certificate failures.
fn tls_error(e: &rustls::Error) -> NetError {
    use rustls::CertificateError as C;
    let (message, code) = match e {
        rustls::Error::InvalidCertificate(C::UnknownIssuer) => ("unable to verify the first certificate", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"),
        rustls::Error::InvalidCertificate(C::Expired | C::ExpiredContext { .. }) => ("certificate has expired", "CERT_HAS_EXPIRED"),
        rustls::Error::InvalidCertificate(C::NotValidForName | C::NotValidForNameContext { .. }) => {
            ("Hostname/IP does not match certificate's altnames", "ERR_TLS_CERT_ALTNAME_INVALID")
        }
        other => return NetError::plain(&other.to_string()),
    };
    NetError { message: message.into(), name: "Error", code: Some(code), ..NetError::default() }
}

// ----- fetching -----

/// Ports the Fetch standard blocks ("bad port").
const BAD_PORTS: &[u16] = &[
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
    139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723,
    2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];

/// Main fetch's checks of a URL before it is fetched (undici's messages).
fn check_url(url: &url::Url) -> Result<(), NetError> {
    match url.scheme() {
        "http" | "https" => {}
        "about" => return Err(NetError::plain("about scheme is not supported")),
        // No blob URL store: every blob URL is one undici finds no Blob for.
        "blob" => return Err(NetError::plain("invalid method")),
        // perry_fetch.ts answers data: URLs itself; a redirect to one is refused below.
        "data" => return Err(NetError::plain("unknown scheme")),
        "file" => return Err(NetError::plain("not implemented... yet...")),
        _ => return Err(NetError::plain("unknown scheme")),
    }
    if url.port().is_some_and(|p| BAD_PORTS.contains(&p)) {
        return Err(NetError::plain("bad port"));
    }
    Ok(())
}

fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

/// Null body statuses (Fetch 2.2.3) and HEAD responses have no body.
fn has_body(method: &Method, status: u16) -> bool {
    *method != Method::HEAD && !matches!(status, 101 | 103 | 204 | 205 | 304)
}

/// The hyper request for one hop.
fn build(method: &Method, url: &url::Url, headers: &[(HeaderName, HeaderValue)], body: OutBody) -> Result<hyper::Request<OutBody>, NetError> {
    let mut target = url.clone();
    target.set_fragment(None);
    let uri: Uri = target.as_str().parse().map_err(|_| NetError::plain(&format!("Invalid URL: {target}")))?;
    let mut req = hyper::Request::new(body);
    *req.method_mut() = method.clone();
    *req.uri_mut() = uri;
    let h = req.headers_mut();
    for (n, v) in headers {
        h.append(n.clone(), v.clone());
    }
    Ok(req)
}

/// The headers a request body brings (removed when a redirect drops the body).
const BODY_HEADERS: &[&str] = &["content-encoding", "content-language", "content-location", "content-type", "content-length"];

/// Fetches `req`, following redirects as its mode says; the final response and its URL.
async fn fetch(client: &HttpClient, req: Req) -> Result<(hyper::Response<hyper::body::Incoming>, url::Url, bool, Method), NetError> {
    let Req { mut method, mut url, mut headers, body, redirect } = req;
    let streamed = matches!(body, Upload::Stream(_));
    let mut body = Some(body);
    let mut redirects = 0;
    loop {
        check_url(&url)?;
        let out = match body.take() {
            Some(Upload::Full(b)) => {
                body = Some(Upload::Full(b.clone()));
                OutBody(Some(Upload::Full(b)))
            }
            Some(Upload::Stream(rx)) => OutBody(Some(Upload::Stream(rx))),
            Some(Upload::None) | None => OutBody(None),
        };
        let request = build(&method, &url, &headers, out)?;
        let response = within(timeouts().0, async { client.request(request).await.map_err(|e| request_error(&e)) }, || NetError {
            message: "Headers Timeout Error".into(),
            name: "HeadersTimeoutError",
            code: Some("UND_ERR_HEADERS_TIMEOUT"),
            ..NetError::default()
        })
        .await?;
        let status = response.status().as_u16();
        if !is_redirect(status) || redirect == Redirect::Manual {
            return Ok((response, url, redirects > 0, method));
        }
        // HTTP-redirect fetch (Fetch 4.4).
        let Some(location) = response.headers().get(hyper::header::LOCATION) else { return Ok((response, url, redirects > 0, method)) };
        let location: String = location.as_bytes().iter().map(|&b| b as char).collect();
        let mut next = url.join(&location).map_err(|_| NetError {
            message: "Invalid URL".into(),
            name: "TypeError",
            code: Some("ERR_INVALID_URL"),
            ..NetError::default()
        })?;
        if next.fragment().is_none()
            && let Some(f) = url.fragment()
        {
            next.set_fragment(Some(f));
        }
        if redirect == Redirect::Error {
            return Err(NetError::plain("unexpected redirect"));
        }
        if !matches!(next.scheme(), "http" | "https") {
            return Err(NetError::plain("URL scheme must be a HTTP(S) scheme"));
        }
        redirects += 1;
        if redirects > MAX_REDIRECTS {
            return Err(NetError::plain("redirect count exceeded"));
        }
        if status != 303 && streamed {
            // undici's network error has no message here.
            return Err(NetError::plain(""));
        }
        if ((status == 301 || status == 302) && method == Method::POST) || (status == 303 && method != Method::GET && method != Method::HEAD) {
            method = Method::GET;
            body = None;
            headers.retain(|(n, _)| !BODY_HEADERS.contains(&n.as_str()));
        }
        if next.origin() != url.origin() {
            headers.retain(|(n, _)| !matches!(n.as_str(), "authorization" | "proxy-authorization" | "cookie" | "host"));
        }
        // The redirect's own body is not read: a small one is drained so the connection is
        // reused, a large one closes it.
        let small = response.headers().get(hyper::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok()).is_some_and(|n| n <= 65536);
        if small {
            let _ = response.into_body().collect().await;
        }
        url = next;
    }
}

/// One fetch: the request (and its redirects), then the body pumped to the JS thread.
pub async fn run(id: u32, req: Req, sh: Arc<Shared>) {
    let (response, mut url, redirected, method) = match fetch(&sh.client, req).await {
        Ok(r) => r,
        Err(e) => return sh.post(Event::Head(id, Err(e))),
    };
    let (parts, incoming) = response.into_parts();
    let status = parts.status.as_u16();
    let status_text = if parts.version == hyper::Version::HTTP_2 {
        Vec::new()
    } else {
        match parts.extensions.get::<hyper::ext::ReasonPhrase>() {
            Some(r) => r.as_bytes().to_vec(),
            None => parts.status.canonical_reason().unwrap_or("").as_bytes().to_vec(),
        }
    };
    url.set_fragment(None);
    let with_body = has_body(&method, status);
    let (body, pump) = if with_body {
        let (tx, rx) = mpsc::channel(BODY_CHUNKS);
        let waiting = Arc::new(AtomicBool::new(false));
        (Some(BodyRx { rx, waiting: waiting.clone() }), Some((tx, waiting)))
    } else {
        (None, None)
    };
    let decoders = match parts.headers.get(hyper::header::CONTENT_ENCODING).and_then(|v| v.to_str().ok()) {
        Some(coding) if with_body && !is_redirect(status) => Decoders::for_encoding(coding),
        _ => Decoders::default(),
    };
    sh.post(Event::Head(id, Ok(Box::new(Head { status, status_text, headers: parts.headers, url: url.to_string(), redirected, body }))));
    if let Some((tx, waiting)) = pump {
        pump_body(id, incoming, decoders, tx, waiting, &sh).await;
    }
}

/// Reads the body frame by frame, decodes it and sends it to the JS thread; ends when the body
/// does, fails, or the JS thread drops its end.
async fn pump_body(id: u32, mut incoming: hyper::body::Incoming, mut decoders: Decoders, tx: mpsc::Sender<Chunk>, waiting: Arc<AtomicBool>, sh: &Shared) {
    loop {
        let frame = within(timeouts().1, async { Ok(incoming.frame().await) }, || NetError {
            message: "Body Timeout Error".into(),
            name: "BodyTimeoutError",
            code: Some("UND_ERR_BODY_TIMEOUT"),
            ..NetError::default()
        })
        .await;
        let frame = match frame {
            Ok(f) => f,
            Err(e) => {
                if tx.send(Chunk::Error(e)).await.is_ok() && waiting.swap(false, Ordering::AcqRel) {
                    sh.post(Event::Ready(id));
                }
                return;
            }
        };
        let (chunk, last) = match frame {
            None => match decoders.finish() {
                Ok(rest) if !rest.is_empty() => (Chunk::Data(Bytes::from(rest)), false),
                Ok(_) => (Chunk::End, true),
                Err(e) => (Chunk::Error(decode_error(&e)), true),
            },
            Some(Ok(frame)) => {
                let Ok(data) = frame.into_data() else { continue };
                if data.is_empty() {
                    continue;
                }
                if decoders.is_empty() {
                    (Chunk::Data(data), false)
                } else {
                    match decoders.push(&data) {
                        Ok(out) if out.is_empty() => continue,
                        Ok(out) => (Chunk::Data(Bytes::from(out)), false),
                        Err(e) => (Chunk::Error(decode_error(&e)), true),
                    }
                }
            }
            Some(Err(e)) => (Chunk::Error(request_error(&e)), true),
        };
        if tx.send(chunk).await.is_err() {
            return;
        }
        if waiting.swap(false, Ordering::AcqRel) {
            sh.post(Event::Ready(id));
        }
        if last {
            return;
        }
        if incoming.is_end_stream() && decoders.is_empty() {
            if tx.send(Chunk::End).await.is_ok() && waiting.swap(false, Ordering::AcqRel) {
                sh.post(Event::Ready(id));
            }
            return;
        }
    }
}

/// zlib's error for a body its decoder cannot take.
fn decode_error(e: &std::io::Error) -> NetError {
    NetError {
        message: if e.to_string().is_empty() { "incorrect header check".into() } else { e.to_string().into() },
        name: "Error",
        code: Some("Z_DATA_ERROR"),
        ..NetError::default()
    }
}
