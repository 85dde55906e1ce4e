//! App Routes end to end: `perry compile --app fixtures/app-route` builds the
//! fixture's server, which starts on an ephemeral port (`--port 0`; it prints
//! `listening on http://127.0.0.1:PORT` on stdout), and every route, status
//! code, header and body of the fixture is checked over HTTP/1.1, then 50
//! concurrent echo requests with distinct ids (no request sees another's
//! context), handler failures (500, logged, the server goes on), and a clean
//! exit on SIGTERM.
//!
//! `PERRY_APP_TEST_HOST=node` runs the same checks against the fixture under
//! Node (fixtures/app-route/build-node.sh: the same generated entry and
//! router, perry:http served by node:http; needs node and esbuild). That is
//! how the checks themselves are validated.
//!
//! The compile-error tests need only the compiler.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/app-route").canonicalize().unwrap()
}

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

// ---------------------------------------------------------------------------
// A minimal HTTP/1.1 client (one request per connection)
// ---------------------------------------------------------------------------

#[derive(Debug)]
struct Reply {
    status: u16,
    /// Lower-case names, in arrival order.
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn all(&self, name: &str) -> Vec<&str> {
        self.headers.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
    }
}

fn request(port: u16, method: &str, target: &str, headers: &[(&str, &str)], body: Option<&str>) -> Reply {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap_or_else(|e| panic!("{method} {target}: connect: {e}"));
    // (Generous: under PERRY_GC_STRESS=1 PERRY_GC_VERIFY=1 on a slow 2-core machine, the 50
    // concurrent echo requests took longer than 60 s to be answered, with any compiler.)
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    let mut req = format!("{method} {target} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\nconnection: close\r\n");
    for (n, v) in headers {
        req.push_str(&format!("{n}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!("content-length: {}\r\n", b.len()));
    }
    req.push_str("\r\n");
    if let Some(b) = body {
        req.push_str(b);
    }
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap_or_else(|e| panic!("{method} {target}: read: {e}"));
    parse_reply(&raw, method == "HEAD").unwrap_or_else(|e| panic!("{method} {target}: {e}: {:?}", String::from_utf8_lossy(&raw)))
}

fn parse_reply(raw: &[u8], head: bool) -> Result<Reply, String> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").ok_or("no end of headers")?;
    let text = std::str::from_utf8(&raw[..end]).map_err(|e| e.to_string())?;
    let mut lines = text.split("\r\n");
    let status_line = lines.next().ok_or("no status line")?;
    let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("bad status line")?;
    let headers: Vec<(String, String)> = lines
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap_or((l, ""));
            (n.trim().to_ascii_lowercase(), v.trim().to_string())
        })
        .collect();
    let rest = &raw[end + 4..];
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let body = if head {
        if !rest.is_empty() {
            return Err(format!("a HEAD response with a body of {} bytes", rest.len()));
        }
        Vec::new()
    } else if chunked {
        dechunk(rest)?
    } else {
        rest.to_vec()
    };
    Ok(Reply { status, headers, body: String::from_utf8(body).map_err(|e| e.to_string())? })
}

fn dechunk(mut b: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n").ok_or("truncated chunk size")?;
        let size_text = std::str::from_utf8(&b[..eol]).map_err(|e| e.to_string())?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).map_err(|e| format!("chunk size {size_text:?}: {e}"))?;
        b = &b[eol + 2..];
        if size == 0 {
            return Ok(out);
        }
        if b.len() < size + 2 {
            return Err("truncated chunk".into());
        }
        out.extend_from_slice(&b[..size]);
        b = &b[size + 2..];
    }
}

fn get(port: u16, target: &str) -> Reply {
    request(port, "GET", target, &[], None)
}

// ---------------------------------------------------------------------------
// The server under test
// ---------------------------------------------------------------------------

struct Server {
    child: Child,
    port: u16,
    stderr: Arc<Mutex<String>>,
    host: &'static str,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(mut cmd: Command, host: &'static str) -> Server {
        let mut child = cmd.arg("--port").arg("0").stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn the server");
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
        let (tx, rx) = std::sync::mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let start = Instant::now();
        let port = loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    if let Some(p) = line.strip_prefix("listening on http://127.0.0.1:") {
                        break p.trim().parse::<u16>().unwrap_or_else(|e| panic!("bad port in {line:?}: {e}"));
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    let status = child.wait().unwrap();
                    panic!("the {host} server exited ({status}) before listening; stderr:\n{}", stderr.lock().unwrap());
                }
            }
            if start.elapsed() > Duration::from_secs(60) {
                panic!("the {host} server did not print its listening line in 60 s; stderr:\n{}", stderr.lock().unwrap());
            }
        };
        assert_ne!(port, 0, "the server printed port 0, not the bound port");
        Server { child, port, stderr, host }
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}

fn perry_server() -> Server {
    perry_server_with(&[])
}

/// The fixture compiled by Perry, started with `env` added.
fn perry_server_with(env: &[(&str, &str)]) -> Server {
    let exe = tmp(if env.is_empty() { "app-route-server" } else { "app-route-server-env" });
    let out = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg("--app").arg(fixture()).arg("-o").arg(&exe).output().unwrap();
    assert!(
        out.status.success(),
        "perry compile --app {} failed:\n{}{}",
        fixture().display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut cmd = Command::new(&exe);
    cmd.envs(env.iter().copied());
    Server::start(cmd, "perry")
}

fn node_server() -> Server {
    let dir = tmp("app-route-node");
    let out = Command::new(fixture().join("build-node.sh")).arg(&dir).env("PERRY", env!("CARGO_BIN_EXE_perry")).output().unwrap();
    assert!(out.status.success(), "build-node.sh failed:\n{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let mut cmd = Command::new("node");
    cmd.arg(dir.join("node-host.mjs")).env_remove("NODE_EXTRA_CA_CERTS");
    Server::start(cmd, "node")
}

/// The echo route's checksum of `n` terms.
fn checksum(n: u64) -> u64 {
    (0..n).map(|i| (i * 31 + 7) % 1009).sum()
}

fn echo_body(runtime: &str, method: &str, id: &str, iterations: u64, body: Option<&str>) -> String {
    let body = body.map_or("null".to_string(), |b| format!("\"{b}\""));
    format!(
        "{{\"runtime\":\"{runtime}\",\"method\":\"{method}\",\"pathname\":\"/api/echo\",\"id\":\"{id}\",\"iterations\":{iterations},\"checksum\":{},\"beforeAwait\":\"{id}\",\"afterAwait\":\"{id}\",\"requestBody\":{body}}}",
        checksum(iterations)
    )
}

/// One echo request, checked completely.
fn check_echo(port: u16, runtime: &str, method: &str, id: &str, iterations: u64, body: Option<&str>) {
    let r = request(port, method, &format!("/api/echo?id={id}&iterations={iterations}"), &[("x-request-id", id)], body);
    let what = format!("{method} /api/echo id={id}");
    assert_eq!(r.status, 207, "{what}: {r:?}");
    assert_eq!(r.header("x-perry-repro"), Some(id), "{what}: {r:?}");
    assert_eq!(r.all("set-cookie"), vec![format!("perry_ctx={id}; Path=/; HttpOnly").as_str()], "{what}: {r:?}");
    assert!(r.header("content-type").is_some_and(|c| c.starts_with("application/json")), "{what}: {r:?}");
    assert_eq!(r.body, echo_body(runtime, method, id, iterations, body), "{what}");
}

fn check(r: &Reply, status: u16, body: &str, what: &str) {
    assert_eq!((r.status, r.body.as_str()), (status, body), "{what}: {r:?}");
}

fn fixture_checks(s: &Server) {
    let (p, rt) = (s.port, s.host);

    // The soak contract.
    check_echo(p, rt, "GET", "first", 100, None);
    check_echo(p, rt, "POST", "post-1", 10, Some("hello body"));
    check_echo(p, rt, "GET", "zero", 0, None);
    let r = request(p, "HEAD", "/api/echo?id=head&iterations=5", &[("x-request-id", "head")], None);
    assert_eq!((r.status, r.header("x-perry-repro"), r.body.as_str()), (207, Some("head"), ""), "HEAD /api/echo: {r:?}");
    let r = get(p, "/api/echo?iterations=3");
    check(&r, 400, r#"{"error":"id: required"}"#, "echo without id");
    let r = get(p, "/api/echo?id=x&iterations=lots");
    check(&r, 400, r#"{"error":"iterations: expected an integer from 0 to 1000000"}"#, "echo with bad iterations");
    let r = request(p, "GET", "/api/echo?id=noheader", &[], None);
    assert!(r.status == 207 && r.body.contains(r#""beforeAwait":null,"afterAwait":null"#), "echo without x-request-id: {r:?}");

    // The router's own answers.
    let r = request(p, "OPTIONS", "/api/echo", &[], None);
    assert_eq!((r.status, r.header("allow"), r.body.as_str()), (204, Some("GET, HEAD, OPTIONS, POST"), ""), "OPTIONS /api/echo: {r:?}");
    for m in ["PUT", "DELETE", "PATCH"] {
        let r = request(p, m, "/api/echo", &[], Some(""));
        check(&r, 405, "Method Not Allowed", &format!("{m} /api/echo"));
        assert_eq!(r.header("allow"), Some("GET, HEAD, OPTIONS, POST"), "{m} /api/echo: {r:?}");
    }
    check(&get(p, "/nope"), 404, "Not Found", "GET /nope");
    check(&get(p, "/api"), 404, "Not Found", "GET /api");
    check(&get(p, "/"), 404, "Not Found", "GET /");
    check(&get(p, "/(site)/health"), 404, "Not Found", "a route group is not a path segment");
    check(&get(p, "/api//echo"), 404, "Not Found", "GET /api//echo");
    check(&get(p, "/api/items/%E0%A4%A"), 400, "Bad Request", "a malformed escape");
    let r = get(p, "/api/echo/?id=slash");
    assert_eq!((r.status, r.header("location")), (308, Some("/api/echo?id=slash")), "trailing slash: {r:?}");
    let r = get(p, "/api/ech%6F?id=enc");
    assert_eq!((r.status, r.header("x-perry-repro")), (207, Some("enc")), "a percent-encoded static segment: {r:?}");

    // Route groups, catch-alls.
    check(&get(p, "/health"), 200, r#"{"ok":true}"#, "GET /health");
    let r = get(p, "/api/events?count=2&every=1");
    let events = "id: 0\ndata: {\"n\":0,\"path\":\"/api/events\"}\n\nid: 1\ndata: {\"n\":1,\"path\":\"/api/events\"}\n\n";
    check(&r, 200, events, "GET /api/events");
    assert_eq!(r.header("content-type"), Some("text/event-stream"), "{r:?}");
    if rt == "perry" {
        // Streamed as produced (the Node host of this test buffers bodies).
        assert_eq!(r.header("transfer-encoding"), Some("chunked"), "{r:?}");
    }
    check(&get(p, "/api/files/a/b/c.txt"), 200, r#"{"path":["a","b","c.txt"],"file":"a/b/c.txt"}"#, "catch-all");
    check(&get(p, "/api/files/x%20y"), 200, r#"{"path":["x y"],"file":"x y"}"#, "catch-all, decoded");
    check(&get(p, "/api/files"), 404, "Not Found", "a catch-all needs a segment");
    check(&get(p, "/api/docs"), 200, r#"{"slug":null,"page":"index"}"#, "optional catch-all, empty");
    check(&get(p, "/api/docs/guide/intro"), 200, r#"{"slug":["guide","intro"],"page":"guide/intro"}"#, "optional catch-all");

    // Items: a module-level Map (three seeded items).
    let apple = r#"{"id":"1","name":"Apple","price":1.25,"tags":["fruit"]}"#;
    let banana = r#"{"id":"2","name":"Banana","price":0.5,"tags":["fruit"]}"#;
    let carrot = r#"{"id":"3","name":"Carrot","price":0.75,"tags":["vegetable"]}"#;
    check(&get(p, "/api/items"), 200, &format!(r#"{{"items":[{apple},{banana},{carrot}],"total":3}}"#), "GET /api/items");
    check(&get(p, "/api/items?q=AN&limit=1"), 200, &format!(r#"{{"items":[{banana}],"total":1}}"#), "GET /api/items?q=AN");
    check(&get(p, "/api/items?q=a&limit=2"), 200, &format!(r#"{{"items":[{apple},{banana}],"total":3}}"#), "GET /api/items?limit=2");
    for bad in ["0", "101", "1.5", "abc", ""] {
        check(&get(p, &format!("/api/items?limit={bad}")), 400, r#"{"error":"limit: expected an integer from 1 to 100"}"#, &format!("limit={bad}"));
    }
    check(&get(p, "/api/items/2"), 200, banana, "GET /api/items/2");
    check(&get(p, "/api/items/99"), 404, r#"{"error":"item 99 not found"}"#, "GET /api/items/99");
    check(&get(p, "/api/items/stats"), 200, r#"{"count":3,"totalPrice":2.5,"tags":["fruit","vegetable"]}"#, "static before [id]");
    let json = [("content-type", "application/json")];
    let r = request(p, "POST", "/api/items", &json, Some(r#"{"name":"  Durian ","price":7.5,"tags":["fruit","smelly"]}"#));
    let durian = r#"{"id":"4","name":"Durian","price":7.5,"tags":["fruit","smelly"]}"#;
    check(&r, 201, durian, "POST /api/items");
    assert_eq!(r.header("location"), Some("/api/items/4"), "POST /api/items: {r:?}");
    for (body, error) in [
        ("{oops", "invalid JSON"),
        ("", "invalid JSON"),
        ("[1]", "expected a JSON object"),
        ("null", "expected a JSON object"),
        (r#"{"price":1}"#, "name: expected a non-empty string"),
        (r#"{"name":"   ","price":1}"#, "name: expected a non-empty string"),
        (r#"{"name":"x","price":-1}"#, "price: expected a number >= 0"),
        (r#"{"name":"x","price":"1"}"#, "price: expected a number >= 0"),
        (r#"{"name":"x","price":1,"tags":[1]}"#, "tags: expected at most 10 strings"),
    ] {
        check(&request(p, "POST", "/api/items", &json, Some(body)), 400, &format!(r#"{{"error":"{error}"}}"#), &format!("POST /api/items {body}"));
    }
    check(&get(p, "/api/items/4"), 200, durian, "GET /api/items/4");
    check(&get(p, "/api/items/stats"), 200, r#"{"count":4,"totalPrice":10,"tags":["fruit","smelly","vegetable"]}"#, "stats after POST");
    check(&request(p, "DELETE", "/api/items/4", &[], None), 204, "", "DELETE /api/items/4");
    check(&request(p, "DELETE", "/api/items/4", &[], None), 404, r#"{"error":"item 4 not found"}"#, "DELETE /api/items/4 again");
    check(&get(p, "/api/items/4"), 404, r#"{"error":"item 4 not found"}"#, "GET a deleted item");
    let r = request(p, "OPTIONS", "/api/items", &[], None);
    assert_eq!(
        (r.status, r.header("allow"), r.header("access-control-allow-methods"), r.header("access-control-allow-origin")),
        (204, Some("GET, HEAD, OPTIONS, POST"), Some("GET, POST"), Some("*")),
        "an exported OPTIONS: {r:?}"
    );
    let r = request(p, "OPTIONS", "/api/items/1", &[], None);
    assert_eq!((r.status, r.header("allow")), (204, Some("DELETE, GET, HEAD, OPTIONS")), "automatic OPTIONS on [id]: {r:?}");
    let r = request(p, "PATCH", "/api/items", &json, Some("{}"));
    assert_eq!((r.status, r.header("allow")), (405, Some("GET, HEAD, OPTIONS, POST")), "PATCH /api/items: {r:?}");
    let r = request(p, "HEAD", "/api/items/1", &[], None);
    assert_eq!((r.status, r.header("content-type")), (200, Some("application/json")), "HEAD /api/items/1: {r:?}");

    // Cookies and read-only adapters.
    let r = request(p, "GET", "/api/session", &[("cookie", "perry_ctx=abc%20d; theme=light")], None);
    // Next's adapter errors keep the name "Error".
    check(&r, 200, r#"{"session":"abc d","cookies":["perry_ctx","theme"],"readonly":["Error"]}"#, "GET /api/session");
    assert!(r.header("set-cookie").is_none(), "reading cookies sets none: {r:?}");
    let r = request(p, "POST", "/api/session", &[], Some(""));
    check(&r, 200, r#"{"ok":true}"#, "POST /api/session");
    // As @edge-runtime/cookies normalises them: Path defaults to "/", Max-Age sets Expires.
    let set = r.all("set-cookie");
    assert_eq!(set.len(), 2, "two cookies: {r:?}");
    assert!(set[0].starts_with("theme=dark%20mode; Path=/; Expires=") && set[0].ends_with(" GMT; Max-Age=3600; SameSite=lax"), "{r:?}");
    assert_eq!(set[1], "visits=1; Path=/; Secure; HttpOnly; Priority=high", "{r:?}");
    let r = request(p, "DELETE", "/api/session", &[("cookie", "perry_ctx=abc")], None);
    assert_eq!((r.status, r.all("set-cookie")), (204, vec!["perry_ctx=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]), "DELETE /api/session: {r:?}");

    // next/server: NextRequest's nextUrl and cookies, NextResponse's cookies and redirect,
    // next/headers' draftMode, route segment config exports.
    let r = request(p, "GET", "/api/prefs?theme=dark&reset", &[("cookie", "theme=light; lang=en; __prerender_bypass=abc")], None);
    check(&r, 200, r#"{"pathname":"/api/prefs","theme":"light","hasLang":true,"draft":true}"#, "GET /api/prefs");
    assert_eq!(
        r.all("set-cookie"),
        vec!["theme=dark; Path=/api; SameSite=strict", "lang=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"],
        "prefs cookies: {r:?}"
    );
    assert_eq!(
        r.header("x-middleware-set-cookie"),
        Some("theme=dark; Path=/api; SameSite=strict,lang=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"),
        "{r:?}"
    );
    assert_eq!(r.header("cache-control"), Some("no-store"), "{r:?}");
    let r = request(p, "GET", "/api/prefs", &[], None);
    check(&r, 200, r#"{"pathname":"/api/prefs","theme":null,"hasLang":false,"draft":false}"#, "GET /api/prefs without cookies");
    assert!(r.all("set-cookie").is_empty(), "{r:?}");
    let r = request(p, "POST", "/api/prefs", &[], Some(""));
    assert_eq!(r.status, 204, "POST /api/prefs: {r:?}");
    let bypass = r.all("set-cookie");
    assert!(bypass.len() == 1 && bypass[0].starts_with("__prerender_bypass=") && bypass[0].ends_with("; Path=/; Secure; HttpOnly; SameSite=none"), "{r:?}");
    let r = get(p, "/api/go?to=/api/items");
    assert_eq!((r.status, r.header("location")), (308, Some(format!("http://127.0.0.1:{p}/api/items").as_str())), "GET /api/go: {r:?}");
    let r = get(p, "/api/go");
    assert_eq!((r.status, r.header("location")), (307, Some(format!("http://127.0.0.1:{p}/health").as_str())), "GET /api/go: {r:?}");

    // Failing handlers: 500, logged, and the server goes on.
    check(&get(p, "/api/boom"), 500, "Internal Server Error", "GET /api/boom");
    check(&request(p, "PUT", "/api/boom", &[], Some("")), 500, "Internal Server Error", "PUT /api/boom");
    check(&request(p, "POST", "/api/boom", &[], Some("")), 500, "Internal Server Error", "POST /api/boom");
    check_echo(p, rt, "GET", "after-boom", 20, None);
    let start = Instant::now();
    let logged = [
        "GET /api/boom: the GET handler of app/api/boom/route.ts threw:",
        "boom: the handler failed after an await",
        "PUT /api/boom: the PUT handler of app/api/boom/route.ts threw:",
        "TypeError: boom: the handler failed at once",
        "POST /api/boom: the POST handler of app/api/boom/route.ts returned no Response",
    ];
    while logged.iter().any(|l| !s.stderr().contains(l)) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let err = s.stderr();
    for l in logged {
        assert!(err.contains(l), "stderr lacks {l:?}:\n{err}");
    }

    // 50 concurrent requests, distinct ids: each sees its own request
    // before and after its awaits, in its header and in its cookie.
    let threads: Vec<_> = (0..50)
        .map(|i| {
            let rt = rt.to_string();
            std::thread::spawn(move || {
                let id = format!("c{i:02}-{}", i * 7919 % 1000);
                let body = format!("body of {id}");
                if i % 5 == 0 {
                    check_echo(p, &rt, "POST", &id, 300 + i, Some(&body));
                } else {
                    check_echo(p, &rt, "GET", &id, 300 + i, None);
                }
            })
        })
        .collect();
    let failures: Vec<String> = threads
        .into_iter()
        .filter_map(|t| t.join().err())
        .map(|e| e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default())
        .collect();
    assert!(failures.is_empty(), "{} of 50 concurrent echo requests failed:\n{}", failures.len(), failures.join("\n"));
}

fn host() -> &'static str {
    match std::env::var("PERRY_APP_TEST_HOST").as_deref() {
        Ok("node") => "node",
        Ok("perry") | Err(_) => "perry",
        Ok(other) => panic!("PERRY_APP_TEST_HOST={other}: expected perry or node"),
    }
}

#[test]
fn fixture_server() {
    let mut s = match host() {
        "node" => node_server(),
        _ => perry_server(),
    };
    eprintln!("app_route: checking the {} host on port {}", s.host, s.port);
    fixture_checks(&s);

    // SIGTERM: stop accepting, finish, exit 0.
    let pid = s.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let start = Instant::now();
    let status = loop {
        if let Some(st) = s.child.try_wait().unwrap() {
            break st;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the server did not exit within 10 s of SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "exit on SIGTERM: {status}; stderr:\n{}", s.stderr());
}

/// Every route and status again with the collector running at every
/// allocation and the heap verified after each collection: a request's
/// values (the Request, the four Proxy adapters, the async context, the
/// pooled box cells of its awaits) must be rooted across every allocation.
#[test]
fn fixture_server_under_gc_stress() {
    if host() == "node" {
        return;
    }
    let mut s = perry_server_with(&[("PERRY_GC_STRESS", "1"), ("PERRY_GC_VERIFY", "1")]);
    fixture_checks(&s);
    let _ = s.child.kill();
    let _ = s.child.wait();
}

// ---------------------------------------------------------------------------
// Compile errors and the generated entry
// ---------------------------------------------------------------------------

/// An app directory with these files (path, source).
fn app_dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = tmp(&format!("apps/{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (path, src) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, src).unwrap();
    }
    dir
}

fn compile_app_err(dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg("--app").arg(dir).arg("-o").arg(dir.join("server")).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "expected a compile error for {}", dir.display());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn compile_errors_name_the_file() {
    let missing = tmp("apps/does-not-exist");
    let e = compile_app_err(&missing);
    assert!(e.starts_with(&format!("{}: not a directory", missing.display())), "{e}");

    let dir = app_dir("no-app-folder", &[("lib/x.ts", "export const x = 1;\n")]);
    assert_eq!(compile_app_err(&dir), format!("{}: no app/ folder (an App-Route app keeps its route handlers in app/**/route.ts)\n", dir.display()));

    let dir = app_dir("no-routes", &[("app/readme.ts", "export {};\n")]);
    assert_eq!(compile_app_err(&dir), format!("{}/app: no route handlers (app/**/route.ts)\n", dir.display()));

    let dir = app_dir(
        "no-handler",
        &[("app/ok/route.ts", "export function GET() { return new Response(); }\n"), ("app/bad/route.ts", "export function get() {}\nexport const x = 1;\n")],
    );
    assert_eq!(
        compile_app_err(&dir),
        format!(
            "{}/app/bad/route.ts: exports no route handler; a route module exports one or more of GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH (it exports 'get': handler names are uppercase)\n",
            dir.display()
        )
    );

    let dir = app_dir("default-export", &[("app/route.ts", "export default function handler() {}\n")]);
    assert!(compile_app_err(&dir).contains("app/route.ts: exports no route handler; a route module exports one or more of GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH (a default export is not a handler: export each method by name)"));

    let dir = app_dir("context", &[("app/route.ts", "export function GET() {}\n"), ("request-context.ts", "export function run() {}\n")]);
    assert!(compile_app_err(&dir).starts_with(&format!("{}/request-context.ts: a request context module exports runWithRequest(request, fn)", dir.display())));

    let dir = app_dir("syntax", &[("app/x/route.ts", "export function GET() { return 1 +; }\n")]);
    let e = compile_app_err(&dir);
    assert!(e.starts_with(&format!("{}/app/x/route.ts:1:", dir.display())) && e.contains("> 1 | export function GET() { return 1 +; }"), "{e}");

    let out = Command::new(env!("CARGO_BIN_EXE_perry")).args(["compile", "--emit-entry", "entry.ts", "main.ts"]).output().unwrap();
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()), (Some(2), "error: --emit-entry needs --app DIR\n"));

    let dir = app_dir("dup", &[("app/(a)/x/route.ts", "export function GET() {}\n"), ("app/(b)/x/route.ts", "export function GET() {}\n")]);
    assert_eq!(compile_app_err(&dir), format!("{0}/app/(a)/x/route.ts and {0}/app/(b)/x/route.ts: both serve /x\n", dir.display()));
}

#[test]
fn emit_entry_writes_the_generated_server() {
    let file = tmp("app-route-entry.ts");
    let out = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg("--app").arg(fixture()).arg("--emit-entry").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let src = std::fs::read_to_string(&file).unwrap();
    let f = fixture();
    for line in [
        format!("import * as route0 from \"{}/app/(site)/health/route.ts\";", f.display()),
        "import { serve } from \"perry:http\";".to_string(),
        "import { startApp } from \"perry:app-router\";".to_string(),
        "import { runWithRequest as requestScope } from \"perry:next/headers\";".to_string(),
        "import { NextRequest } from \"perry:next/server\";".to_string(),
        "    { path: \"/health\", file: \"app/(site)/health/route.ts\", module: route0 },".to_string(),
        "    { path: \"/api/items/[id]\", file: \"app/api/items/[id]/route.ts\", module: route7 },".to_string(),
        "    { path: \"/api/docs/[[...slug]]\", file: \"app/api/docs/[[...slug]]/route.ts\", module: route2 },".to_string(),
        "  { serve, requestScope, NextRequest },".to_string(),
    ] {
        assert!(src.lines().any(|l| l == line), "the entry lacks {line:?}:\n{src}");
    }
}
