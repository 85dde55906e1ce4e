//! `perry:http` end to end: `tests/http/server.ts` compiled, started on an
//! ephemeral port (it prints "listening <port>"), and driven over real TCP
//! connections with a minimal HTTP/1.1 client: routes, status codes,
//! headers and bodies, keep-alive, concurrent requests, handler failures
//! (500 and their log lines), the body limit (413), malformed requests
//! (400), oversized heads (431), clients that reset or half-close their
//! connection, the header and request timeouts (`tests/http/timeout.ts`),
//! `server.stop()`, graceful shutdown on SIGTERM, memory that stays flat
//! over many requests, the same server under `PERRY_GC_STRESS=1`, and
//! `serve`'s errors (`tests/http/errors.ts`); and a program writing to a
//! closed stdout pipe (`tests/http/closed_stdout.ts`: no SIGPIPE).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Compiles `tests/http/<name>.ts` once per test run.
fn compiled(name: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    let built = BUILT.get_or_init(|| Mutex::new(Vec::new()));
    let mut done = built.lock().unwrap();
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("http-{name}"));
    if !done.iter().any(|n| n == name) {
        let out =
            Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(root().join(format!("tests/http/{name}.ts"))).arg("-o").arg(&exe).output().unwrap();
        assert!(out.status.success(), "compiling {name}: {}", String::from_utf8_lossy(&out.stderr));
        done.push(name.to_string());
    }
    exe
}

/// A running server process; killed when dropped.
struct Server {
    child: Child,
    port: u16,
    stdout: BufReader<std::process::ChildStdout>,
    stderr: Arc<Mutex<String>>,
}

impl Server {
    fn start(name: &str, env: &[(&str, &str)]) -> Server {
        let mut cmd = Command::new(compiled(name));
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().unwrap();
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let port =
            line.trim().strip_prefix("listening ").unwrap_or_else(|| panic!("no port line: {line:?}; stderr: {}", stderr.lock().unwrap())).parse().unwrap();
        Server { child, port, stdout, stderr }
    }

    fn connect(&self) -> Conn {
        Conn::new(self.port)
    }

    /// One request on a fresh connection.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        self.connect().request(method, path, headers, body)
    }

    fn get(&self, path: &str) -> Response {
        self.request("GET", path, &[], b"")
    }

    /// Waits until stderr contains `text` (log lines are written after the
    /// 500 is handed back, so they may trail the response a little).
    fn stderr_has(&self, text: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.stderr.lock().unwrap().contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Sends a signal to the server process.
    fn signal(&self, sig: &str) {
        let st = Command::new("kill").arg(format!("-{sig}")).arg(self.child.id().to_string()).status().unwrap();
        assert!(st.success());
    }

    /// Waits for the process to exit; its status code and remaining stdout.
    fn wait(&mut self, limit: Duration) -> (Option<i32>, String) {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                let mut rest = String::new();
                self.stdout.read_to_string(&mut rest).unwrap();
                return (st.code(), rest);
            }
            assert!(Instant::now() < deadline, "the server did not exit within {limit:?}; stderr:\n{}", self.stderr());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Resident memory in bytes, from /proc.
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let kb: u64 = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
        kb * 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// One keep-alive connection.
struct Conn {
    reader: BufReader<TcpStream>,
}

impl Conn {
    fn new(port: u16) -> Conn {
        let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        Conn { reader: BufReader::new(s) }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.reader.get_mut().write_all(bytes).unwrap();
    }

    fn request(&mut self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        let mut head = format!("{method} {path} HTTP/1.1\r\nhost: test.local\r\n");
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        if !body.is_empty() && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("transfer-encoding")) {
            head.push_str(&format!("content-length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        self.send_raw(&bytes);
        self.read_response()
    }

    fn read_response(&mut self) -> Response {
        let (status, headers) = self.read_head();
        let body = if headers.iter().any(|(k, v)| k == "transfer-encoding" && v == "chunked") {
            let mut body = Vec::new();
            while let Some(chunk) = self.read_chunk() {
                body.extend_from_slice(&chunk);
            }
            body
        } else {
            let len: usize = headers.iter().find(|(k, _)| k == "content-length").map_or(0, |(_, v)| v.parse().unwrap());
            let mut body = vec![0u8; len];
            self.reader.read_exact(&mut body).unwrap();
            body
        };
        Response { status, headers, body: String::from_utf8(body).unwrap() }
    }

    /// One chunk of a chunked body; None after the last (or when the connection ends first).
    fn read_chunk(&mut self) -> Option<Vec<u8>> {
        let mut line = String::new();
        if self.reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let n = usize::from_str_radix(line.trim(), 16).unwrap_or_else(|_| panic!("bad chunk size line {line:?}"));
        let mut chunk = vec![0u8; n + 2];
        self.reader.read_exact(&mut chunk).ok()?;
        assert_eq!(&chunk[n..], b"\r\n");
        chunk.truncate(n);
        (n > 0).then_some(chunk)
    }

    fn read_head(&mut self) -> (u16, Vec<(String, String)>) {
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status = line.split_whitespace().nth(1).unwrap_or_else(|| panic!("bad status line {line:?}")).parse().unwrap();
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            self.reader.read_line(&mut h).unwrap();
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            let (k, v) = h.split_once(':').unwrap();
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        (status, headers)
    }

    /// Whether the server closed the connection (EOF on the next read).
    fn closed(&mut self) -> bool {
        let mut b = [0u8; 1];
        matches!(self.reader.read(&mut b), Ok(0) | Err(_))
    }

    /// Closes the connection with a reset (SO_LINGER 0), as a client that
    /// crashed or gave up does.
    fn reset(self) {
        let s = self.reader.into_inner();
        socket2::SockRef::from(&s).set_linger(Some(Duration::ZERO)).unwrap();
    }

    /// Shuts down the write side (the server reads the end of the stream).
    fn half_close(&mut self) {
        self.reader.get_mut().shutdown(Shutdown::Write).unwrap();
    }
}

#[test]
fn routes_statuses_headers_and_bodies() {
    let s = Server::start("server", &[]);
    let r = s.get("/hello");
    assert_eq!((r.status, r.body.as_str(), r.header("x-test")), (200, "hello", Some("1")));
    assert!(r.header("date").is_some(), "{r:?}");

    let r = s.request("POST", "/echo", &[("content-type", "text/x-test")], b"some body \xe2\x9c\x93");
    assert_eq!((r.status, r.body.as_str()), (201, "some body \u{2713}"));
    assert_eq!((r.header("content-type"), r.header("x-method")), (Some("text/x-test"), Some("POST")));

    let r = s.request("GET", "/headers", &[("X-CUSTOM", "abc")], b"");
    assert_eq!(r.body, "custom=abc missing=null has=true");

    let r = s.get("/json");
    assert_eq!((r.status, r.header("content-type"), r.body.as_str()), (200, Some("application/json"), r#"{"ok":true,"list":[1,2,3]}"#));

    assert_eq!(s.get("/status/404").status, 404);
    assert_eq!(s.get("/status/503").status, 503);
    let r = s.get("/nowhere");
    assert_eq!((r.status, r.body.as_str()), (404, "not found"));
    // The URL is absolute, from the Host header.
    assert_eq!(s.get("/url?a=1&b=2").body, "http://test.local/url?a=1&b=2");
}

#[test]
fn keep_alive_serves_many_requests_on_one_connection() {
    let s = Server::start("server", &[]);
    let mut c = s.connect();
    for i in 0..20 {
        let r = c.request("GET", &format!("/id/{i}"), &[], b"");
        assert_eq!((r.status, r.body), (200, format!("id={i}")));
    }
    let r = c.request("POST", "/echo", &[], b"last");
    assert_eq!(r.body, "last");
}

#[test]
fn concurrent_requests_each_get_their_own_response() {
    let s = Server::start("server", &[]);
    let port = s.port;
    let threads: Vec<_> = (0..50)
        .map(|i| {
            std::thread::spawn(move || {
                let mut c = Conn::new(port);
                let r = c.request("GET", &format!("/id/{i}"), &[], b"");
                (i, r.status, r.body)
            })
        })
        .collect();
    for t in threads {
        let (i, status, body) = t.join().unwrap();
        assert_eq!((status, body), (200, format!("id={i}")));
    }
}

#[test]
fn handler_failures_answer_500_and_are_logged() {
    let s = Server::start("server", &[]);
    let mut c = s.connect();
    // A synchronous throw: the error and its stack, as console.error prints it.
    let r = c.request("GET", "/throw", &[], b"");
    assert_eq!((r.status, r.body.as_str()), (500, "Internal Server Error"));
    assert!(s.stderr_has("Error: boom\n    at "), "{}", s.stderr());
    // The connection and the server go on.
    assert_eq!(c.request("GET", "/hello", &[], b"").status, 200);
    // A returned rejected promise, and an async handler that throws later.
    assert_eq!(c.request("GET", "/reject", &[], b"").status, 500);
    assert!(s.stderr_has("TypeError: rejected boom\n    at "), "{}", s.stderr());
    assert_eq!(c.request("GET", "/async-throw", &[], b"").status, 500);
    assert!(s.stderr_has("RangeError: async boom\n    at route ("), "{}", s.stderr());
    // Not a Response: 500 and a line that says what came back.
    assert_eq!(c.request("GET", "/undefined", &[], b"").status, 500);
    assert!(s.stderr_has("perry:http: the fetch handler for GET /undefined returned undefined, not a Response; answered 500"), "{}", s.stderr());
    assert_eq!(c.request("GET", "/number", &[], b"").status, 500);
    assert!(s.stderr_has("returned 42, not a Response"), "{}", s.stderr());
    assert_eq!(s.get("/hello").body, "hello");
}

#[test]
fn bodies_over_the_limit_get_413() {
    // The server sets maxRequestBodySize to 64 KiB.
    let s = Server::start("server", &[]);
    let big = vec![b'x'; 64 * 1024 + 1];
    // Declared too long: refused before the body is read (send the head only).
    let mut c = s.connect();
    c.send_raw(format!("POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: {}\r\n\r\n", big.len()).as_bytes());
    assert_eq!(c.read_response().status, 413);
    // Chunked and too long: refused while reading.
    let mut chunked = format!("{:x}\r\n", big.len()).into_bytes();
    chunked.extend_from_slice(&big);
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let r = s.request("POST", "/echo", &[("transfer-encoding", "chunked")], &chunked);
    assert_eq!(r.status, 413);
    // At the limit: accepted.
    let r = s.request("POST", "/echo", &[], &big[1..]);
    assert_eq!((r.status, r.body.len()), (201, 64 * 1024));
    // PERRY_HTTP_MAX_BODY does not override the option...
    let s = Server::start("server", &[("PERRY_HTTP_MAX_BODY", "10")]);
    assert_eq!(s.request("POST", "/echo", &[], b"more than ten bytes").status, 201);
    // ...but applies without it (stop.ts sets none).
    let s = Server::start("stop", &[("PERRY_HTTP_MAX_BODY", "10")]);
    assert_eq!(s.request("POST", "/x", &[], b"more than ten bytes").status, 413);
    assert_eq!(s.request("POST", "/x", &[], b"ten bytes!").status, 200);
}

#[test]
fn serve_reports_bad_options_and_ports_in_use() {
    let out = Command::new(compiled("errors")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Error: listen EADDRINUSE: address already in use 127.0.0.1:PORT
TypeError: serve: the options must be an object with a fetch function
TypeError: serve: options.fetch must be a function, not undefined
TypeError: serve: options.fetch must be a function, not 1
RangeError: serve: options.port must be an integer from 0 to 65535, not 70000
RangeError: serve: options.port must be an integer from 0 to 65535, not 1.5
RangeError: serve: options.maxRequestBodySize must be a number of bytes, not -1
RangeError: serve: options.headersTimeout must be a number of milliseconds, not -1
RangeError: serve: options.requestTimeout must be a number of milliseconds, not \"1s\"
127.0.0.1 true number
stopped
"
    );
}

#[test]
fn malformed_requests_get_400_and_never_reach_javascript() {
    let s = Server::start("server", &[]);
    let mut c = s.connect();
    c.send_raw(b"THIS IS NOT HTTP\r\n\r\n");
    assert_eq!(c.read_response().status, 400);
    assert!(c.closed());
    let mut c = s.connect();
    c.send_raw(b"GET /hello HTTP/1.1\r\nbad header line\r\n\r\n");
    assert_eq!(c.read_response().status, 400);
    let r = s.get("/hello");
    assert_eq!((r.status, r.body.as_str()), (200, "hello"));
    assert!(!s.stderr().contains("perry:http"), "{}", s.stderr());
}

#[test]
fn oversized_heads_get_431() {
    let s = Server::start("server", &[]);
    // More header fields than hyper takes (100).
    let mut head = String::from("GET /hello HTTP/1.1\r\nhost: x\r\n");
    for i in 0..150 {
        head.push_str(&format!("x-h{i}: {i}\r\n"));
    }
    head.push_str("\r\n");
    let mut c = s.connect();
    c.send_raw(head.as_bytes());
    assert_eq!(c.read_response().status, 431);
    assert!(c.closed());
    // One field larger than the read buffer (400 KB): refused once the
    // buffer is full (the rest of the head is never read).
    let mut c = s.connect();
    c.send_raw(format!("GET /hello HTTP/1.1\r\nhost: x\r\nx-big: {}", "a".repeat(500 * 1024)).as_bytes());
    assert_eq!(c.read_response().status, 431);
    assert_eq!(s.get("/hello").status, 200);
}

#[test]
fn clients_that_reset_their_connection_do_not_stop_the_server() {
    let s = Server::start("server", &[]);
    for i in 0..20 {
        // A head and part of its body, then a reset: the body read fails,
        // the 400 the server answers meets a reset socket (EPIPE, which
        // killed the server by SIGPIPE before main ignored it).
        let mut c = s.connect();
        c.send_raw(b"POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\nab");
        if i % 2 == 1 {
            std::thread::sleep(Duration::from_millis(20));
        }
        c.reset();
        let r = s.get("/hello");
        assert_eq!((r.status, r.body.as_str()), (200, "hello"), "after reset {i}; stderr: {}", s.stderr());
    }
    // A reset while the handler runs: its response is written to a reset
    // socket.
    let mut c = s.connect();
    c.send_raw(b"GET /slow HTTP/1.1\r\nhost: x\r\n\r\n");
    std::thread::sleep(Duration::from_millis(100));
    c.reset();
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(s.get("/hello").body, "hello", "stderr: {}", s.stderr());
    assert!(!s.stderr().contains("perry"), "{}", s.stderr());
}

#[test]
fn half_closed_clients_get_their_response() {
    let s = Server::start("server", &[]);
    // A complete request, then shutdown(SHUT_WR): the response comes, then
    // the server closes the connection.
    for (path, body, expect) in [("/echo", &b"ab"[..], "ab"), ("/hello", b"", "hello"), ("/slow", b"", "slow done")] {
        let mut c = s.connect();
        let method = if body.is_empty() { "GET" } else { "POST" };
        c.send_raw(format!("{method} {path} HTTP/1.1\r\nhost: x\r\ncontent-length: {}\r\n\r\n", body.len()).as_bytes());
        c.send_raw(body);
        c.half_close();
        let r = c.read_response();
        assert_eq!(r.body, expect, "{path}");
        assert!(c.closed(), "{path}");
    }
    // Two pipelined requests, then the half-close: both answered in order.
    let mut c = s.connect();
    c.send_raw(b"GET /id/5 HTTP/1.1\r\nhost: x\r\n\r\nGET /id/1 HTTP/1.1\r\nhost: x\r\n\r\n");
    c.half_close();
    assert_eq!(c.read_response().body, "id=5");
    assert_eq!(c.read_response().body, "id=1");
    assert!(c.closed());
    // A body cut short by the half-close: 400, and the connection closes.
    let mut c = s.connect();
    c.send_raw(b"POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab");
    c.half_close();
    assert_eq!(c.read_response().status, 400);
    assert!(c.closed());
}

/// How long the server takes to close a connection that sent `partial`
/// (an unfinished request head), then, if `dribble`, one more byte every
/// 50 ms for as long as it can (a write fails soon after the server closed).
fn time_to_close(port: u16, partial: &[u8], dribble: bool) -> Duration {
    let mut c = Conn::new(port);
    let start = Instant::now();
    c.send_raw(partial);
    if dribble {
        while start.elapsed() < Duration::from_secs(10) && c.reader.get_mut().write_all(b"x").is_ok() {
            std::thread::sleep(Duration::from_millis(50));
        }
    } else {
        assert!(c.closed());
    }
    start.elapsed()
}

#[test]
fn a_request_head_must_arrive_within_the_header_timeout() {
    // timeout.ts sets headersTimeout: 300 (ms).
    let s = Server::start("timeout", &[]);
    let t = time_to_close(s.port, b"GET / HTTP/1.1\r\nhost: x\r\n", false);
    assert!(t >= Duration::from_millis(250) && t < Duration::from_secs(5), "closed after {t:?}");
    // Sending the head a byte at a time does not keep it open (slowloris).
    let t = time_to_close(s.port, b"GET / HTTP/1.1\r\nx-a: ", true);
    assert!(t >= Duration::from_millis(250) && t < Duration::from_secs(5), "closed after {t:?}");
    // Nothing at all: closed too.
    let t = time_to_close(s.port, b"", false);
    assert!(t < Duration::from_secs(5), "closed after {t:?}");
    // A request in time is served, also after a wait on a kept-alive connection.
    let mut c = s.connect();
    assert_eq!(c.request("GET", "/", &[], b"").body, "ok GET");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(c.request("POST", "/", &[], b"x").body, "ok POST");
    // PERRY_HTTP_HEADERS_TIMEOUT_MS applies when serve has no headersTimeout.
    let s = Server::start("stop", &[("PERRY_HTTP_HEADERS_TIMEOUT_MS", "300")]);
    let t = time_to_close(s.port, b"GET / HTTP/1.1\r\n", false);
    assert!(t >= Duration::from_millis(250) && t < Duration::from_secs(5), "closed after {t:?}");
    // 0 disables it: still open after a second.
    let s = Server::start("stop", &[("PERRY_HTTP_HEADERS_TIMEOUT_MS", "0")]);
    let mut c = s.connect();
    c.send_raw(b"GET / HTTP/1.1\r\n");
    std::thread::sleep(Duration::from_secs(1));
    c.send_raw(b"host: x\r\n\r\n");
    assert_eq!(c.read_response().body, "ok 1");
}

#[test]
fn a_body_must_arrive_within_the_request_timeout() {
    // stop.ts sets no requestTimeout: the variable applies.
    let s = Server::start("stop", &[("PERRY_HTTP_REQUEST_TIMEOUT_MS", "300")]);
    let mut c = s.connect();
    let start = Instant::now();
    c.send_raw(b"POST /x HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab");
    let r = c.read_response();
    let t = start.elapsed();
    assert_eq!(r.status, 408);
    assert!(t >= Duration::from_millis(250) && t < Duration::from_secs(5), "answered after {t:?}");
    assert!(c.closed());
    // A body that arrives in time is taken, and JavaScript saw only it.
    let r = s.request("POST", "/x", &[], b"in time");
    assert_eq!((r.status, r.body.as_str()), (200, "ok 1"));
}

#[test]
fn a_program_writing_to_a_closed_stdout_pipe_is_not_killed_by_sigpipe() {
    let mut child = Command::new(compiled("closed_stdout")).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The reader goes away before the program writes.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    // Node: console.log ignores EPIPE; the program ends normally.
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()), (Some(0), "done\n"), "{:?}", out.status);
}

#[test]
fn sigterm_finishes_in_flight_requests_then_exits_0() {
    let mut s = Server::start("server", &[("PERRY_GC_DIAG", "1")]);
    let port = s.port;
    let slow = std::thread::spawn(move || Conn::new(port).request("GET", "/slow", &[], b""));
    // An idle keep-alive connection must not hold the shutdown up.
    let mut idle = s.connect();
    assert_eq!(idle.request("GET", "/hello", &[], b"").status, 200);
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    s.signal("TERM");
    let r = slow.join().unwrap();
    assert_eq!((r.status, r.body.as_str()), (200, "slow done"));
    let (code, _) = s.wait(Duration::from_secs(10));
    assert_eq!(code, Some(0), "{}", s.stderr());
    assert!(t.elapsed() < Duration::from_secs(4), "shutdown took {:?}", t.elapsed());
    assert!(idle.closed());
    assert!(s.stderr().contains("[gc-summary] "), "{}", s.stderr());
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err(), "still accepting after shutdown");
}

#[test]
fn sigint_shuts_down_too() {
    let mut s = Server::start("server", &[]);
    assert_eq!(s.get("/hello").status, 200);
    s.signal("INT");
    let (code, _) = s.wait(Duration::from_secs(10));
    assert_eq!(code, Some(0), "{}", s.stderr());
}

#[test]
fn stop_closes_the_listener_and_lets_the_process_end() {
    let mut s = Server::start("stop", &[]);
    let mut c = s.connect();
    assert_eq!(c.request("GET", "/a", &[], b"").body, "ok 1");
    let r = s.get("/stop");
    assert_eq!((r.status, r.body.as_str()), (200, "stopping"));
    let (code, rest) = s.wait(Duration::from_secs(10));
    assert_eq!((code, rest.as_str()), (Some(0), "stopped after 2 requests\n"), "{}", s.stderr());
    assert!(c.closed());
}

#[test]
fn memory_stays_flat_over_many_requests() {
    // A small eden, so that the warm-up has touched all of it.
    let s = Server::start("server", &[("PERRY_GC_NURSERY", "2m")]);
    let paths = ["/hello", "/json", "/throw", "/reject", "/undefined", "/id/3", "/status/204", "/echo"];
    let run = |n: usize| {
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let port = s.port;
                std::thread::spawn(move || {
                    let mut c = Conn::new(port);
                    for i in 0..n / 4 {
                        let p = paths[(i + t) % paths.len()];
                        let r = if p == "/echo" { c.request("POST", p, &[], b"a small body") } else { c.request("GET", p, &[], b"") };
                        assert!(matches!(r.status, 200 | 201 | 204 | 500), "{p}: {r:?}");
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
    };
    run(8_000);
    let warm = s.rss();
    run(20_000);
    let after = s.rss();
    // A leak of 100 bytes per request would be 2 MB here.
    assert!(after < warm + (1 << 20), "RSS grew from {warm} to {after} over 20,000 requests");
}

#[test]
fn gc_stress() {
    let s = Server::start("server", &[("PERRY_GC_STRESS", "1")]);
    let mut c = s.connect();
    assert_eq!(c.request("GET", "/hello", &[], b"").body, "hello");
    let r = c.request("POST", "/echo", &[("content-type", "a/b")], b"stress body");
    assert_eq!((r.status, r.body.as_str(), r.header("content-type")), (201, "stress body", Some("a/b")));
    assert_eq!(c.request("GET", "/headers", &[("x-custom", "q")], b"").body, "custom=q missing=null has=true");
    assert_eq!(c.request("GET", "/throw", &[], b"").status, 500);
    assert_eq!(c.request("GET", "/async-throw", &[], b"").status, 500);
    assert_eq!(c.request("GET", "/json", &[], b"").body, r#"{"ok":true,"list":[1,2,3]}"#);
    let port = s.port;
    let threads: Vec<_> = (0..10).map(|i| std::thread::spawn(move || Conn::new(port).request("GET", &format!("/id/{i}"), &[], b"").body)).collect();
    for (i, t) in threads.into_iter().enumerate() {
        assert_eq!(t.join().unwrap(), format!("id={i}"));
    }
    let s = Server::start("server", &[("PERRY_GC_STRESS", "1"), ("PERRY_GC_VERIFY", "1")]);
    let mut c = s.connect();
    for i in 0..5 {
        assert_eq!(c.request("GET", &format!("/id/{i}"), &[], b"").body, format!("id={i}"));
    }
    assert_eq!(c.request("GET", "/reject", &[], b"").status, 500);
}

#[test]
fn web_api_requests_and_responses() {
    let s = Server::start("web", &[]);
    let r = s.get("/text");
    assert_eq!((r.status, r.body.as_str(), r.header("x-a")), (201, "hi", Some("1")));
    assert_eq!(r.header("content-type"), Some("text/plain;charset=UTF-8"));
    let r = s.get("/json");
    assert_eq!((r.status, r.body.as_str(), r.header("content-type")), (202, r#"{"a":[1,2]}"#, Some("application/json")));
    let r = s.request("POST", "/echo", &[("content-type", "text/x")], b"echoed");
    assert_eq!((r.body.as_str(), r.header("content-type")), ("echoed", Some("text/x")));
    let r = s.request("POST", "/post-json", &[("content-type", "application/json")], br#"{"n":[1,"two"]}"#);
    assert_eq!(r.body, r#"{"got":{"n":[1,"two"]}}"#);
    let r = s.get("/headers");
    assert_eq!((r.status, r.header("x-b")), (204, Some("2")));
    let cookies: Vec<&str> = r.headers.iter().filter(|(k, _)| k == "set-cookie").map(|(_, v)| v.as_str()).collect();
    assert_eq!(cookies, ["a=1", "b=2"]);
    assert_eq!(s.request("GET", "/request-headers", &[("X-One", "1"), ("x-two", "2")], b"").body, "x-one,x-two");
    assert_eq!(s.get("/bytes").body, "hi");
    assert_eq!(s.get("/query?q=a%20b").body, "a b");
    assert_eq!(s.request("PUT", "/method", &[], b"").body, "PUT");
    assert_eq!(s.get("/nope").status, 404);
}

#[test]
fn streamed_bodies_are_sent_as_they_are_produced() {
    let s = Server::start("stream", &[]);
    let mut c = s.connect();
    c.send_raw(b"GET /sse?n=4&every=150 HTTP/1.1\r\nhost: t\r\n\r\n");
    let (status, headers) = c.read_head();
    assert_eq!(status, 200);
    assert!(headers.contains(&("transfer-encoding".into(), "chunked".into())), "{headers:?}");
    assert!(headers.contains(&("content-type".into(), "text/event-stream".into())));
    // Each event arrives on its own, when it is enqueued: the first well before the last.
    let start = Instant::now();
    let mut events = Vec::new();
    let mut times = Vec::new();
    while let Some(chunk) = c.read_chunk() {
        events.push(String::from_utf8(chunk).unwrap());
        times.push(start.elapsed());
    }
    assert_eq!(events, ["data: event 0\n\n", "data: event 1\n\n", "data: event 2\n\n", "data: event 3\n\n"]);
    assert!(times[3] - times[0] >= Duration::from_millis(300), "{times:?}");
    // The connection stays usable after a streamed body.
    let r = c.request("GET", "/strings", &[], b"");
    assert_eq!(r.body, "text chunks");
    let r = c.request("GET", "/empty-stream", &[], b"");
    assert_eq!((r.status, r.body.as_str()), (200, ""));
    let r = c.request("GET", "/transform?s=loud", &[], b"");
    assert_eq!(r.body, "LOUD");
    // A body that was bytes once is sent whole (with a length), not streamed.
    let r = c.request("GET", "/wrapped", &[], b"");
    assert_eq!((r.status, r.body.as_str(), r.header("x-inner"), r.header("content-length")), (203, "wrapped body", Some("1"), Some("12")));
    let r = c.request("POST", "/echo", &[("content-type", "text/x")], b"echo me");
    assert_eq!((r.body.as_str(), r.header("content-type")), ("echo me", Some("text/x")));
}

#[test]
fn a_slow_client_holds_the_producer_back() {
    let s = Server::start("stream", &[]);
    let mut c = s.connect();
    // 1,000 chunks of 64 KiB (62.5 MiB): the client reads nothing for a while.
    c.send_raw(b"GET /big?n=1000 HTTP/1.1\r\nhost: t\r\n\r\n");
    let (status, _) = c.read_head();
    assert_eq!(status, 200);
    std::thread::sleep(Duration::from_millis(700));
    let ahead: u32 = s.get("/stats").body.parse().unwrap();
    // What the socket buffers hold, plus the channel: far from all of it.
    assert!(ahead < 400, "the producer ran {ahead} chunks ahead of a client that read nothing");
    let rss_before = s.rss();
    let mut total = 0;
    while let Some(chunk) = c.read_chunk() {
        total += chunk.len();
    }
    assert_eq!(total, 1000 * 65536);
    assert_eq!(s.get("/stats").body, "1000");
    assert!(s.rss() < rss_before + (32 << 20), "RSS grew from {} to {} while streaming", rss_before, s.rss());
}

#[test]
fn a_client_that_goes_away_cancels_the_stream_and_aborts_the_signal() {
    let s = Server::start("stream", &[]);
    let mut c = s.connect();
    c.send_raw(b"GET /sse?n=100000&every=5 HTTP/1.1\r\nhost: t\r\n\r\n");
    c.read_head();
    for _ in 0..3 {
        c.read_chunk().unwrap();
    }
    drop(c);
    assert!(s.stderr_has("cancelled /sse"), "stderr: {}", s.stderr());
    assert!(s.stderr_has("aborted /sse after"), "stderr: {}", s.stderr());
    // And the server goes on serving.
    assert_eq!(s.get("/strings").body, "text chunks");
}

#[test]
fn a_stream_that_fails_cuts_the_body_short_and_is_logged() {
    let s = Server::start("stream", &[]);
    let mut c = s.connect();
    c.send_raw(b"GET /fails HTTP/1.1\r\nhost: t\r\n\r\n");
    let (status, headers) = c.read_head();
    assert_eq!(status, 200);
    assert!(headers.contains(&("transfer-encoding".into(), "chunked".into())));
    assert_eq!(c.read_chunk().unwrap(), b"first part;");
    // No last chunk: the connection ends instead.
    assert!(c.read_chunk().is_none());
    assert!(c.closed());
    assert!(s.stderr_has("the response body stream of GET /fails failed"), "stderr: {}", s.stderr());
    assert!(s.stderr_has("Error: the source broke"));
    assert_eq!(s.get("/strings").body, "text chunks");
}

#[test]
fn streamed_bodies_under_gc_stress() {
    let s = Server::start("stream", &[("PERRY_GC_STRESS", "1"), ("PERRY_GC_VERIFY", "1")]);
    let mut c = s.connect();
    let r = c.request("GET", "/sse?n=3&every=5", &[], b"");
    assert_eq!(r.body, "data: event 0\n\ndata: event 1\n\ndata: event 2\n\n");
    let r = c.request("GET", "/big?n=8", &[], b"");
    assert_eq!(r.body.len(), 8 * 65536);
    let r = c.request("POST", "/echo", &[], b"stressed");
    assert_eq!(r.body, "stressed");
    let r = c.request("GET", "/transform?s=gc", &[], b"");
    assert_eq!(r.body, "GC");
    let body: Vec<u8> = (0..100_000usize).map(|i| (i % 251) as u8).collect();
    assert_eq!(c.request("POST", "/upload", &[], &body).body, upload_sum(&body));
    let chunked = b"4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n";
    assert_eq!(c.request("POST", "/upload-chunks", &[("transfer-encoding", "chunked")], chunked).body, "7 bytes in some chunks, used true");
    assert_eq!(c.request("POST", "/echo", &[("transfer-encoding", "chunked")], chunked).body, "abcdefg");
    let mut c2 = s.connect();
    c2.send_raw(b"GET /sse?n=100000&every=5 HTTP/1.1\r\nhost: t\r\n\r\n");
    c2.read_head();
    c2.read_chunk().unwrap();
    drop(c2);
    assert!(s.stderr_has("aborted /sse after"), "stderr: {}", s.stderr());
}

/// The sum `/upload` answers with: bytes mod 65521.
fn upload_sum(body: &[u8]) -> String {
    format!("{} {}", body.len(), body.iter().fold(0u32, |s, &b| (s + b as u32) % 65521))
}

#[test]
fn request_bodies_reach_the_handler_as_they_arrive() {
    let s = Server::start("stream", &[("PERRY_HTTP_MAX_BODY", "4000000")]);
    let mut c = s.connect();
    // Short bodies are read before the handler runs; long and chunked ones arrive.
    for n in [10usize, 70_000, 3_000_000] {
        let body: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
        let r = c.request("POST", "/upload", &[], &body);
        assert_eq!(r.body, upload_sum(&body), "{n} bytes");
    }
    let mut chunked = Vec::new();
    let mut expected = Vec::new();
    for i in 0..50u32 {
        let part = format!("part {i};").repeat(200);
        chunked.extend_from_slice(format!("{:x}\r\n{part}\r\n", part.len()).as_bytes());
        expected.extend_from_slice(part.as_bytes());
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let r = c.request("POST", "/upload", &[("transfer-encoding", "chunked")], &chunked);
    assert_eq!(r.body, upload_sum(&expected));
    let r = c.request("POST", "/upload-chunks", &[("transfer-encoding", "chunked")], &chunked);
    assert_eq!(r.body, format!("{} bytes in some chunks, used true", expected.len()));
    // A request body echoed as the response body.
    let r = c.request("PUT", "/echo", &[("transfer-encoding", "chunked"), ("content-type", "text/x")], &chunked);
    assert_eq!((r.body.as_bytes(), r.header("content-type")), (expected.as_slice(), Some("text/x")));

    // The handler reads the first chunk while the rest has not been sent.
    let mut c = s.connect();
    c.send_raw(b"POST /first HTTP/1.1\r\nhost: t\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n");
    let r = c.read_response();
    assert_eq!(r.body, "first: hello");

    // Over the limit: the handler's read fails (it answers 413 itself here).
    let mut c = s.connect();
    let big: Vec<u8> = std::iter::repeat_n(b'x', 5_000_000).collect();
    let mut body = format!("{:x}\r\n", big.len()).into_bytes();
    body.extend_from_slice(&big);
    body.extend_from_slice(b"\r\n0\r\n\r\n");
    c.send_raw(b"POST /upload HTTP/1.1\r\nhost: t\r\ntransfer-encoding: chunked\r\n\r\n");
    let sender = std::thread::spawn({
        let mut w = c.reader.get_ref().try_clone().unwrap();
        move || {
            let _ = w.write_all(&body);
        }
    });
    let r = c.read_response();
    assert_eq!((r.status, r.body.as_str()), (413, "TypeError: the request body is larger than the limit of 4000000 bytes"));
    drop(c);
    let _ = sender.join();
    assert_eq!(s.get("/strings").body, "text chunks");
}
