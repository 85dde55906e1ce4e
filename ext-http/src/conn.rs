//! One connection's HTTP/1.1, without JavaScript: hyper's configuration
//! ([`builder`]) and the reading of a request within the server's limits
//! ([`read_request`]). Public so that the fuzz harness (`ext-http/fuzz`)
//! drives over an in-memory stream exactly what the server runs over TCP.
//!
//! - Half-closed clients are answered: a client may shut down its write side
//!   once its request is sent and still read the response (hyper's
//!   `half_close`). Node answers them only when the response is ready
//!   before it reads the end of the stream; Perry always does, since every
//!   response crosses to the JS thread and back. The price: while a handler
//!   runs, hyper does not read the connection, so a client that goes away
//!   is noticed when its response is written (a FIN cannot tell "done
//!   sending" from "gone" anyway).
//! - A request head must arrive within the header timeout (default
//!   [`DEFAULT_HEADERS_TIMEOUT`], `serve({ headersTimeout })` or
//!   `PERRY_HTTP_HEADERS_TIMEOUT_MS`; 0 disables it), or the connection is
//!   closed: the slowloris defence, Node's `headersTimeout`. The timer also
//!   runs while a keep-alive connection waits for its next request, so an
//!   idle connection is closed after the same time.
//! - A malformed head gets hyper's 400 (431 for too many or too large
//!   headers, 414 for a long URI) and the connection closes.
//! - A body longer than `max_body` gets 413 (from the Content-Length before
//!   reading, or while reading a chunked body) and the connection closes
//!   after it; a broken chunked body or one cut short gets 400.
//! - A body must arrive within the request timeout (default
//!   [`DEFAULT_REQUEST_TIMEOUT`], `serve({ requestTimeout })` or
//!   `PERRY_HTTP_REQUEST_TIMEOUT_MS`; 0 disables it), or the client gets 408
//!   and the connection closes: a client that sends a head and then its
//!   body slowly, or never, holds a connection and an in-flight permit only
//!   that long. Node's `requestTimeout` (300 s) counts from the start of the
//!   request; this one from the end of its head.
//! - A body of unknown length (chunked) or longer than [`STREAM_FROM`] is not read here: the
//!   handler gets it as it arrives ([`streams`], [`start_streaming`]; the server thread feeds it
//!   to the JS side one chunk at a time, within the same limits). The fuzz harness drives
//!   [`read_request`] only.

use bytes::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Incoming;
use hyper::header::{CONTENT_LENGTH, HeaderValue};
use hyper::server::conn::http1;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioTimer;
use std::time::Duration;
use tokio::sync::{Semaphore, SemaphorePermit};

/// The header read timeout when neither `serve` nor the environment sets
/// one (hyper's default; Node's `headersTimeout` is 60 s).
pub const DEFAULT_HEADERS_TIMEOUT: Duration = Duration::from_secs(30);

/// The request (body) timeout when neither `serve` nor the environment sets
/// one (Node's `requestTimeout`).
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(300);

/// A server's limits, from `serve`'s options.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest request body taken, in bytes.
    pub max_body: usize,
    /// The header read timeout (`None`: none).
    pub headers_timeout: Option<Duration>,
    /// How long reading a body may take (`None`: no bound).
    pub request_timeout: Option<Duration>,
}

/// The connection builder every server uses: keep-alive, half-close, and
/// the header read timeout (`None`: no timeout). Vectored writes are off:
/// with them, hyper 1.12 queues a response's body behind its head buffer and
/// puts the head of an automatic 400 (a malformed request after it) into
/// that head buffer, so the 400 went out inside the previous body when a
/// write was partial (found by `ext-http/fuzz`). One flat buffer keeps the
/// order, at the cost of copying each body once.
pub fn builder(headers_timeout: Option<Duration>) -> http1::Builder {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).keep_alive(true).half_close(true).header_read_timeout(headers_timeout).writev(false);
    http
}

/// A plain-text response with the status's reason as its body.
pub fn plain(status: StatusCode) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(Bytes::from(status.canonical_reason().unwrap_or(""))));
    *r.status_mut() = status;
    r.headers_mut().insert(hyper::header::CONTENT_TYPE, HeaderValue::from_static("text/plain;charset=UTF-8"));
    r
}

/// [`plain`], and the connection closes after it: a body left unread (too
/// long, or too slow) is not worth draining, and hyper, left to decide, read
/// what followed an unread `Expect: 100-continue` body as a new request and
/// ended the connection with the 413 half written (found by
/// `ext-http/fuzz`).
fn closing(status: StatusCode) -> Response<Full<Bytes>> {
    let mut r = plain(status);
    r.headers_mut().insert(hyper::header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// Request bodies longer than this, by their Content-Length, reach the handler as they
/// arrive; shorter ones are read before it runs.
pub const STREAM_FROM: u64 = 64 * 1024;

/// The body length a request's Content-Length declares (None: none, or not a number).
fn declared_length(req: &Request<Incoming>) -> Option<u64> {
    req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok())
}

/// How the error of an arriving body over the limit begins.
pub const OVER_LIMIT: &str = "the request body is larger than the limit of";

/// Whether `req`'s body should reach the handler as it arrives: a method with a body, and a
/// body of unknown length or longer than [`STREAM_FROM`].
pub fn streams(req: &Request<Incoming>) -> bool {
    if matches!(*req.method(), hyper::Method::GET | hyper::Method::HEAD) || hyper::body::Body::is_end_stream(req.body()) {
        return false;
    }
    let declared = declared_length(req);
    declared.is_none_or(|n| n > STREAM_FROM)
}

/// The head and the unread body of a request whose body [`streams`], once one of `permits` is
/// free; or the 413 for a declared length over the limit.
pub async fn start_streaming<'p>(
    req: Request<Incoming>,
    limits: &Limits,
    permits: &'p Semaphore,
) -> Result<(hyper::http::request::Parts, Incoming, SemaphorePermit<'p>), Response<Full<Bytes>>> {
    let declared = declared_length(&req);
    if declared.is_some_and(|n| n > limits.max_body as u64) {
        return Err(closing(StatusCode::PAYLOAD_TOO_LARGE));
    }
    let Ok(permit) = permits.acquire().await else { return Err(plain(StatusCode::SERVICE_UNAVAILABLE)) };
    let (parts, body) = req.into_parts();
    Ok((parts, body, permit))
}

/// Reads a streamed body's frames into `tx` (each send waits for room: the handler's pace is
/// the client's), within the body limit and the request timeout (counted while waiting for the
/// client only). A body over the limit, cut short or too slow ends with an error the handler's
/// read rejects with. `sent` is called after each chunk and at the end.
pub async fn feed(body: Incoming, limits: Limits, tx: tokio::sync::mpsc::Sender<Result<Bytes, String>>, sent: impl Fn()) {
    let mut body = Limited::new(body, limits.max_body);
    let mut budget = limits.request_timeout;
    loop {
        let start = tokio::time::Instant::now();
        let frame = match budget {
            Some(b) => match tokio::time::timeout(b, body.frame()).await {
                Ok(f) => f,
                Err(_) => Some(Err("the request body did not arrive within the request timeout".into())),
            },
            None => body.frame().await,
        };
        budget = budget.map(|b| b.saturating_sub(start.elapsed()));
        let chunk = match frame {
            None => break,
            Some(Ok(f)) => match f.into_data() {
                Ok(data) if !data.is_empty() => Ok(data),
                _ => continue,
            },
            Some(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(format!("{OVER_LIMIT} {} bytes", limits.max_body)),
            Some(Err(e)) => Err(format!("the request body was cut short: {e}")),
        };
        let failed = chunk.is_err();
        if tx.send(chunk).await.is_err() {
            // Nobody reads it any more.
            return;
        }
        sent();
        if failed {
            return;
        }
    }
    drop(tx);
    sent();
}

/// Reads `req`'s body within the limits once one of `permits` is free (the
/// bound on requests read and handed over at once). The head, the body and
/// the permit, which the caller holds until it has answered; or the
/// response that answers the request without JavaScript (413, 400, 408,
/// 503).
pub async fn read_request<'p>(
    req: Request<Incoming>,
    limits: &Limits,
    permits: &'p Semaphore,
) -> Result<(hyper::http::request::Parts, Bytes, SemaphorePermit<'p>), Response<Full<Bytes>>> {
    let max_body = limits.max_body;
    let declared = declared_length(&req);
    if declared.is_some_and(|n| n > max_body as u64) {
        return Err(closing(StatusCode::PAYLOAD_TOO_LARGE));
    }
    let deadline = limits.request_timeout.map(|t| tokio::time::Instant::now() + t);
    let Ok(permit) = permits.acquire().await else { return Err(plain(StatusCode::SERVICE_UNAVAILABLE)) };
    let (parts, body) = req.into_parts();
    let body = if hyper::body::Body::is_end_stream(&body) {
        Bytes::new()
    } else {
        let collect = Limited::new(body, max_body).collect();
        let collected = match deadline {
            Some(d) => match tokio::time::timeout_at(d, collect).await {
                Ok(r) => r,
                Err(_) => return Err(closing(StatusCode::REQUEST_TIMEOUT)),
            },
            None => collect.await,
        };
        match collected {
            Ok(c) => c.to_bytes(),
            Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => return Err(closing(StatusCode::PAYLOAD_TOO_LARGE)),
            // A broken chunked body, or a client that stopped sending (it
            // may still read this; if it reset the connection, the write
            // fails with EPIPE and the connection ends).
            Err(_) => return Err(plain(StatusCode::BAD_REQUEST)),
        }
    };
    Ok((parts, body, permit))
}
