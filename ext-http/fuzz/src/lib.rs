//! A fuzz harness for `perry:http`'s request parsing that runs on stable
//! Rust (cargo-fuzz needs nightly). Each case mutates a request from a seed
//! corpus of valid and malformed ones ([`SEEDS`]) with a seeded RNG, and
//! feeds it to the server's own connection code (`perry_ext_http::conn`:
//! the hyper configuration with half-close and the header timeout, the body
//! limit and the request timeout) over an in-memory duplex stream, in
//! pieces of random sizes, then half-closes the stream or leaves it open.
//! Only JavaScript is left out: the handler answers `200` with what it read.
//!
//! A case fails when the connection task panics, when it has not finished
//! after an hour of the (paused, auto-advancing) tokio clock, or when what
//! the server wrote is not a sequence of well-formed HTTP/1.1 responses
//! (status line, headers, a body of the declared length). A case that
//! takes more than [`WATCHDOG`] of real time (a busy loop) ends the process
//! with the input printed. Failing inputs are written to the crash folder.

use bytes::Bytes;
use http_body_util::Full;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use perry_ext_http::conn::{self, Limits};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;

/// A case that runs longer than this in real time is a hang.
pub const WATCHDOG: Duration = Duration::from_secs(20);

/// The seed corpus: valid requests (one, pipelined, chunked, with
/// trailers, 100-continue, absolute-form, HTTP/1.0) and malformed ones
/// (request smuggling shapes, bad chunk sizes, bad header lines, NULs).
pub const SEEDS: &[&[u8]] = &[
    b"GET / HTTP/1.1\r\nHost: a\r\n\r\n",
    b"GET /path?q=1&r=%20 HTTP/1.1\r\nHost: example.com\r\nUser-Agent: x\r\nAccept: */*\r\n\r\n",
    b"POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello",
    b"POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n",
    b"GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\nPOST /c HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi",
    b"PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
    b"GET http://example.com:8080/abs?x HTTP/1.1\r\nHost: example.com\r\n\r\n",
    b"GET / HTTP/1.0\r\n\r\n",
    b"HEAD / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    b"OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
    b"DELETE /r HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
    b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nx\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nab",
    b"GET / HTTP/1.1\r\nHost: a\r\n folded: value\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: a\r\nbad header line\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: a\r\nX: a\0b\r\n\r\n",
    b"GET / HTTP/1.1\nHost: a\n\n",
    b"GET  /  HTTP/1.1\r\n\r\n",
    b"GET / HTTP/2.0\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    b"\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    b"G\xffT / HTTP/1.1\r\n\r\n",
    b"GET /\xe2\x82\xac HTTP/1.1\r\nHost: \xc3\xa9\r\n\r\n",
    b"THIS IS NOT HTTP\r\n\r\n",
    b"",
];

/// Byte strings the mutator inserts: the parser's delimiters and the
/// headers that change how a body is framed.
const TOKENS: &[&[u8]] = &[
    b"\r\n",
    b"\r\n\r\n",
    b"\n",
    b": ",
    b" ",
    b"\t",
    b"\0",
    b"\xff",
    b";",
    b"0\r\n\r\n",
    b"Content-Length: ",
    b"Transfer-Encoding: chunked\r\n",
    b"Transfer-Encoding: identity\r\n",
    b"Connection: close\r\n",
    b"Expect: 100-continue\r\n",
    b"Host: h\r\n",
    b"HTTP/1.1",
    b"HTTP/1.0",
    b"GET / HTTP/1.1\r\n",
    b"POST / HTTP/1.1\r\nContent-Length: 1\r\n\r\nx",
    b"18446744073709551616",
    b"ffffffff",
    b"-0",
    b"+1",
    b"0x10",
];

/// What to run: for how long (or how many cases), from which seed.
#[derive(Clone, Debug)]
pub struct Options {
    pub duration: Duration,
    /// Stop after this many cases even if time remains.
    pub max_cases: Option<u64>,
    pub seed: u64,
    /// Where failing inputs are written (`crash-<case>.bin`), if anywhere.
    pub crash_dir: Option<PathBuf>,
}

/// A failing case: its input and what went wrong.
#[derive(Debug)]
pub struct Failure {
    pub case: u64,
    pub input: Vec<u8>,
    pub what: String,
}

/// What a run did.
#[derive(Debug, Default)]
pub struct Report {
    pub cases: u64,
    pub failures: Vec<Failure>,
    /// How many responses of each status the server wrote.
    pub statuses: BTreeMap<u16, u64>,
    /// Cases where the server closed without writing anything.
    pub closed_silently: u64,
    /// Cases whose last response was cut short after a request with an
    /// `Upgrade` header. hyper (1.12) keeps a pending upgrade for such a
    /// request even when the response is not 101, and ends the connection
    /// as an upgrade, dropping what it had not yet written: so the 400 for
    /// a malformed request that follows one is truncated when the stream
    /// does not take it in one write (only a client that does not read its
    /// socket could see that over TCP). Counted, not failed.
    pub truncated_after_upgrade: u64,
    /// The most virtual (tokio) time one case took.
    pub longest_virtual: Duration,
}

/// How one case is delivered.
#[derive(Clone, Debug)]
struct Plan {
    /// Sizes of the writes (the last one takes the rest).
    pieces: Vec<usize>,
    /// The duplex stream's buffer.
    capacity: usize,
    /// Half-close after the input (else leave the stream open).
    eof: bool,
    limits: Limits,
}

/// The server's answer: what it read, so that a mis-framed body shows.
/// `x-method` lets the checker know a response to HEAD has no body.
fn respond(parts: &hyper::http::request::Parts, body: &Bytes) -> Response<Full<Bytes>> {
    let text = format!("{} {} {}", parts.method, parts.uri, body.len());
    let mut r = Response::new(Full::new(Bytes::from(text)));
    if let Ok(m) = hyper::header::HeaderValue::from_str(parts.method.as_str()) {
        r.headers_mut().insert("x-method", m);
    }
    r
}

/// At most 300 bytes of `b`, for messages.
fn shown(b: &[u8]) -> String {
    let s = String::from_utf8_lossy(&b[..b.len().min(300)]).into_owned();
    if b.len() > 300 { format!("{s:?}...") } else { format!("{s:?}") }
}

/// How the server's output ended.
#[derive(Debug, PartialEq)]
enum Ending {
    /// After this many complete responses.
    Complete(usize),
    /// In the middle of the last response, which followed a request that
    /// asked for an upgrade (see [`Report::truncated_after_upgrade`]).
    TruncatedAfterUpgrade,
}

/// Checks that `out` is a sequence of complete HTTP/1.1 responses; counts
/// their statuses. `upgrade`: the input asked for an upgrade, so a last
/// response cut short is hyper's known limitation, not a failure.
fn check_responses(out: &[u8], upgrade: bool, statuses: &mut BTreeMap<u16, u64>) -> Result<Ending, String> {
    let mut rest = out;
    let mut n = 0;
    let truncated = |what: String| if upgrade { Ok(Ending::TruncatedAfterUpgrade) } else { Err(what) };
    while !rest.is_empty() {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut resp = httparse::Response::new(&mut headers);
        let head_len = match resp.parse(rest) {
            Ok(httparse::Status::Complete(len)) => len,
            Ok(httparse::Status::Partial) => return truncated(format!("response {n}: a truncated head: {}", shown(rest))),
            Err(e) => return Err(format!("response {n}: not a valid HTTP response ({e}): {}", shown(rest))),
        };
        let code = resp.code.unwrap_or(0);
        // HTTP/1.0 requests are answered in HTTP/1.0.
        if !matches!(resp.version, Some(0 | 1)) || !(100..=599).contains(&code) {
            return Err(format!("response {n}: bad status line: {}", shown(&rest[..head_len])));
        }
        *statuses.entry(code).or_default() += 1;
        let header = |name: &str| resp.headers.iter().find(|h| h.name.eq_ignore_ascii_case(name)).map(|h| h.value);
        if header("transfer-encoding").is_some() {
            return Err(format!("response {n}: the server never sends chunked responses: {}", shown(&rest[..head_len])));
        }
        let body_len = match header("content-length") {
            _ if (100..200).contains(&code) || code == 204 || code == 304 => 0,
            _ if header("x-method") == Some(b"HEAD") => 0,
            Some(v) => std::str::from_utf8(v).ok().and_then(|v| v.parse::<usize>().ok()).ok_or_else(|| format!("response {n}: bad content-length {v:?}"))?,
            None => return Err(format!("response {n}: no content-length: {}", shown(&rest[..head_len]))),
        };
        if rest.len() < head_len + body_len {
            return truncated(format!("response {n}: body shorter than its content-length {body_len}"));
        }
        rest = &rest[head_len + body_len..];
        n += 1;
    }
    Ok(Ending::Complete(n))
}

/// Runs one case on the current (paused-clock) runtime: `Ok(bytes the
/// server wrote)` or what failed.
async fn run_case(input: &[u8], plan: &Plan) -> Result<Vec<u8>, String> {
    let (client, server) = tokio::io::duplex(plan.capacity);
    let limits = plan.limits;
    let permits = Arc::new(Semaphore::new(16));
    let svc = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
        let permits = permits.clone();
        async move {
            let method = hyper::header::HeaderValue::from_str(req.method().as_str()).ok();
            Ok::<_, Infallible>(match conn::read_request(req, &limits, &permits).await {
                Ok((parts, body, _permit)) => respond(&parts, &body),
                Err(mut answer) => {
                    // For the checker: a 413 or 408 to HEAD has no body either.
                    if let Some(m) = method {
                        answer.headers_mut().insert("x-method", m);
                    }
                    answer
                }
            })
        }
    });
    let http = conn::builder(limits.headers_timeout);
    let connection = tokio::spawn(http.serve_connection(TokioIo::new(server), svc));
    let (mut rd, mut wr) = tokio::io::split(client);
    let pieces = plan.pieces.clone();
    let eof = plan.eof;
    let input = input.to_vec();
    let writer = async move {
        let mut at = 0;
        for size in pieces.into_iter().chain(std::iter::once(usize::MAX)) {
            let end = at + size.min(input.len() - at);
            if wr.write_all(&input[at..end]).await.is_err() {
                // The server closed the connection.
                return wr;
            }
            at = end;
            if at == input.len() {
                break;
            }
            tokio::task::yield_now().await;
        }
        if eof {
            let _ = wr.shutdown().await;
        }
        wr
    };
    let reader = async move {
        let mut out = Vec::new();
        let r = rd.read_to_end(&mut out).await;
        (out, r)
    };
    let work = async {
        let (wr, (out, read)) = tokio::join!(writer, reader);
        // The stream is dropped only once the server is done with it.
        drop(wr);
        (out, read, connection.await)
    };
    match tokio::time::timeout(Duration::from_secs(3600), work).await {
        Err(_) => Err("hang: the connection was still open after an hour of tokio time".to_string()),
        Ok((_, _, Err(e))) if e.is_panic() => Err(format!("the connection task panicked: {}", last_panic())),
        Ok((_, _, Err(e))) => Err(format!("the connection task failed: {e}")),
        Ok((_, Err(e), _)) => Err(format!("reading the responses failed: {e}")),
        Ok((out, Ok(_), Ok(_))) => Ok(out),
    }
}

static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

fn last_panic() -> String {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// One mutation of `data`.
fn mutate_once(rng: &mut fastrand::Rng, data: &mut Vec<u8>) {
    let len = data.len();
    match rng.u8(0..10) {
        // Flip a bit.
        0 if len > 0 => {
            let i = rng.usize(0..len);
            data[i] ^= 1 << rng.u8(0..8);
        }
        // Replace a byte with a delimiter or an arbitrary byte.
        1 if len > 0 => {
            let i = rng.usize(0..len);
            data[i] = *rng.choice(b"\r\n :;\t\0\xff0aF-+,\"").unwrap_or(&0);
        }
        // Insert a token.
        2 | 3 => {
            let t = rng.choice(TOKENS).copied().unwrap_or(b"\r\n");
            let i = rng.usize(0..=len);
            data.splice(i..i, t.iter().copied());
        }
        // Delete a range.
        4 if len > 0 => {
            let i = rng.usize(0..len);
            let n = rng.usize(1..=(len - i).min(16));
            data.drain(i..i + n);
        }
        // Duplicate a range (repeated headers, chunks, requests).
        5 if len > 0 => {
            let i = rng.usize(0..len);
            let n = rng.usize(1..=(len - i).min(64));
            let copy: Vec<u8> = data[i..i + n].to_vec();
            let times = if rng.u8(0..8) == 0 { rng.usize(2..200) } else { 1 };
            let at = rng.usize(0..=len);
            data.splice(at..at, copy.iter().copied().cycle().take(n * times));
        }
        // Replace a number with another (lengths, chunk sizes).
        6 => {
            let digits: Vec<usize> = (0..len).filter(|&i| data[i].is_ascii_hexdigit()).collect();
            if let Some(&i) = rng.choice(&digits) {
                let end = (i..len).find(|&j| !data[j].is_ascii_hexdigit()).unwrap_or(len);
                let n = match rng.u8(0..4) {
                    0 => rng.u64(..).to_string(),
                    1 => format!("{:x}", rng.u32(..)),
                    2 => rng.u8(0..20).to_string(),
                    _ => "0".repeat(rng.usize(1..30)) + "1",
                };
                data.splice(i..end, n.bytes());
            }
        }
        // Splice in part of another seed.
        7 => {
            let other = rng.choice(SEEDS).copied().unwrap_or(b"");
            if !other.is_empty() {
                let i = rng.usize(0..other.len());
                let j = rng.usize(i..=other.len());
                let at = rng.usize(0..=len);
                data.splice(at..at, other[i..j].iter().copied());
            }
        }
        // Truncate.
        8 if len > 0 => data.truncate(rng.usize(0..len)),
        // A long run of one byte (long lines, long header values).
        _ => {
            let at = rng.usize(0..=len);
            let b = *rng.choice(b"a0 \r\n:").unwrap_or(&b'a');
            // Up to past hyper's read buffer (400 KB).
            let n = if rng.u8(0..4) > 0 { rng.usize(1..100) } else { rng.usize(1000..420_000) };
            data.splice(at..at, std::iter::repeat_n(b, n));
        }
    }
}

/// A mutated seed and how to deliver it.
fn next_case(rng: &mut fastrand::Rng) -> (Vec<u8>, Plan) {
    let mut input = rng.choice(SEEDS).copied().unwrap_or(b"").to_vec();
    let rounds = if rng.u8(0..10) == 0 { 0 } else { rng.usize(1..=8) };
    for _ in 0..rounds {
        mutate_once(rng, &mut input);
    }
    let pieces = match rng.u8(0..3) {
        0 => Vec::new(),
        1 => (0..rng.usize(1..8)).map(|_| rng.usize(1..64)).collect(),
        _ => (0..rng.usize(1..400)).map(|_| rng.usize(1..4)).collect(),
    };
    // Small buffers split reads; a large input through one would be slow.
    let capacity = if input.len() > 4096 { 1 << 16 } else { *rng.choice(&[1usize, 7, 64, 4096, 1 << 16]).unwrap_or(&4096) };
    let max_body = *rng.choice(&[0usize, 3, 16, 1024, 1 << 20]).unwrap_or(&1024);
    let limits = Limits { max_body, headers_timeout: Some(conn::DEFAULT_HEADERS_TIMEOUT), request_timeout: Some(conn::DEFAULT_REQUEST_TIMEOUT) };
    (input, Plan { pieces, capacity, eof: rng.u8(0..10) < 7, limits })
}

/// Runs cases until the time or the case count is used up.
pub fn run(opts: &Options) -> Report {
    let rt =
        tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap_or_else(|e| panic!("cannot start a tokio runtime: {e}"));
    std::panic::set_hook(Box::new(|info| {
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = info.to_string();
    }));
    let current: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let progress = Arc::new(AtomicU64::new(0));
    {
        let (current, progress) = (current.clone(), progress.clone());
        std::thread::spawn(move || watchdog(&current, &progress));
    }
    let mut rng = fastrand::Rng::with_seed(opts.seed);
    let mut report = Report::default();
    let start = Instant::now();
    while start.elapsed() < opts.duration && opts.max_cases.is_none_or(|m| report.cases < m) {
        let (input, plan) = next_case(&mut rng);
        current.lock().unwrap_or_else(|e| e.into_inner()).clone_from(&input);
        let t0 = rt.block_on(async { tokio::time::Instant::now() });
        let result = rt.block_on(run_case(&input, &plan));
        let took = rt.block_on(async { tokio::time::Instant::now() }) - t0;
        report.longest_virtual = report.longest_virtual.max(took);
        let upgrade = input.windows(8).any(|w| w.eq_ignore_ascii_case(b"upgrade:"));
        let checked = result.and_then(|out| check_responses(&out, upgrade, &mut report.statuses));
        match checked {
            Ok(Ending::Complete(0)) => report.closed_silently += 1,
            Ok(Ending::Complete(_)) => {}
            Ok(Ending::TruncatedAfterUpgrade) => report.truncated_after_upgrade += 1,
            Err(what) => {
                if let Some(dir) = &opts.crash_dir {
                    let _ = std::fs::create_dir_all(dir);
                    let _ = std::fs::write(dir.join(format!("crash-{}.bin", report.cases)), &input);
                }
                report.failures.push(Failure {
                    case: report.cases,
                    input,
                    what: format!("{what} (writes of {:?}, buffer {}, eof {}, {:?})", plan.pieces, plan.capacity, plan.eof, plan.limits),
                });
            }
        }
        report.cases += 1;
        progress.store(report.cases, Ordering::Relaxed);
    }
    let _ = std::panic::take_hook();
    report
}

/// Ends the process when one case has run for [`WATCHDOG`] of real time.
fn watchdog(current: &Mutex<Vec<u8>>, progress: &AtomicU64) {
    let mut last = u64::MAX;
    let mut since = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(500));
        let now = progress.load(Ordering::Relaxed);
        if now != last {
            last = now;
            since = Instant::now();
        } else if since.elapsed() > WATCHDOG {
            let input = current.lock().unwrap_or_else(|e| e.into_inner()).clone();
            eprintln!("perry-http-fuzz: case {now} has run for {WATCHDOG:?} (a busy loop?); input: {:?}", String::from_utf8_lossy(&input));
            let _ = std::fs::write("perry-http-fuzz-hang.bin", &input);
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_takes_responses_and_refuses_garbage() {
        let mut s = BTreeMap::new();
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokHTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(check_responses(ok, false, &mut s), Ok(Ending::Complete(2)));
        assert_eq!(s.get(&400), Some(&1));
        assert!(check_responses(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nok", false, &mut s).is_err());
        assert!(check_responses(b"HTTP/1.1 200 OK\r\n", false, &mut s).is_err());
        assert_eq!(check_responses(b"HTTP/1.1 200 OK\r\n", true, &mut s), Ok(Ending::TruncatedAfterUpgrade));
        assert!(check_responses(b"garbage\r\n\r\n", true, &mut s).is_err());
        assert_eq!(check_responses(b"", false, &mut s), Ok(Ending::Complete(0)));
    }

    #[test]
    fn valid_seeds_are_answered_200() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap();
        let limits = Limits { max_body: 1024, headers_timeout: Some(conn::DEFAULT_HEADERS_TIMEOUT), request_timeout: Some(conn::DEFAULT_REQUEST_TIMEOUT) };
        let plan = Plan { pieces: vec![3, 1, 7], capacity: 7, eof: true, limits };
        let out = rt.block_on(run_case(SEEDS[5], &plan)).unwrap();
        let mut s = BTreeMap::new();
        assert_eq!(check_responses(&out, false, &mut s), Ok(Ending::Complete(3)), "{}", String::from_utf8_lossy(&out));
        assert!(String::from_utf8_lossy(&out).contains("POST /c 2"));
        // Left open after a complete request: the header timeout closes it.
        let plan = Plan { eof: false, ..plan };
        let t0 = rt.block_on(async { tokio::time::Instant::now() });
        let out = rt.block_on(run_case(SEEDS[3], &plan)).unwrap();
        assert!(String::from_utf8_lossy(&out).contains("POST /echo 11"), "{}", String::from_utf8_lossy(&out));
        assert!(rt.block_on(async { tokio::time::Instant::now() }) - t0 >= conn::DEFAULT_HEADERS_TIMEOUT);
    }

    /// Found by this harness: a 413 to an `Expect: 100-continue` request,
    /// then bytes that are not a request. With hyper's vectored writes the
    /// 400 for those bytes went out inside the 413's body (hyper appended
    /// its head to the head buffer while the 413's body was still queued
    /// behind it); with one flat buffer, hyper ended the connection with the
    /// 413 half written. `conn::builder` turns vectored writes off and
    /// `conn::read_request` closes the connection after a 413.
    #[test]
    fn a_413_to_an_unread_100_continue_body_goes_out_whole() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap();
        let limits = Limits { max_body: 0, headers_timeout: Some(conn::DEFAULT_HEADERS_TIMEOUT), request_timeout: Some(conn::DEFAULT_REQUEST_TIMEOUT) };
        let head = "PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n";
        for rest in ["abcth: : 3\r", "00000000000000001", "ffffffffabc", ": abc", "a\0bc"] {
            for capacity in [7, 64, 1 << 16] {
                let input = format!("{head}{rest}");
                let out = rt.block_on(run_case(input.as_bytes(), &Plan { pieces: vec![], capacity, eof: true, limits })).unwrap();
                let mut s = BTreeMap::new();
                let ending = check_responses(&out, false, &mut s);
                assert_eq!(ending, Ok(Ending::Complete(1)), "{rest:?}, buffer {capacity}: {}", String::from_utf8_lossy(&out));
                assert!(out.starts_with(b"HTTP/1.1 413 "), "{}", String::from_utf8_lossy(&out));
            }
        }
    }

    /// hyper's limitation that [`Report::truncated_after_upgrade`] counts:
    /// the 400 after a request with `Upgrade` is cut at what one write took.
    /// FIXME(hyper): when this starts failing, hyper flushes before ending
    /// the connection; drop the tolerance in `check_responses`.
    #[test]
    fn a_400_after_an_upgrade_request_is_truncated_by_hyper() {
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().start_paused(true).build().unwrap();
        let limits = Limits { max_body: 16, headers_timeout: Some(conn::DEFAULT_HEADERS_TIMEOUT), request_timeout: Some(conn::DEFAULT_REQUEST_TIMEOUT) };
        let run = |input: &[u8], capacity| rt.block_on(run_case(input, &Plan { pieces: vec![], capacity, eof: true, limits })).unwrap();
        let mut s = BTreeMap::new();
        let upgrade = b"GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\nxx\r\n\r\n";
        assert_eq!(check_responses(&run(upgrade, 64), false, &mut s).map_err(|_| ()), Err(()));
        assert_eq!(check_responses(&run(upgrade, 1 << 16), false, &mut s), Ok(Ending::Complete(2)));
        let plain = b"GET / HTTP/1.1\r\nHost: a\r\nUpgradx: websocket\r\n\r\nxx\r\n\r\n";
        assert_eq!(check_responses(&run(plain, 64), false, &mut s), Ok(Ending::Complete(2)));
    }
}
