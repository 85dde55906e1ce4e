//! `fetch` end to end: the programs of `tests/fetch/*.ts` compiled and run against servers this
//! test starts on 127.0.0.1 (an HTTP/1.1 server, and a TLS server speaking HTTP/1.1 and HTTP/2
//! by ALPN under a certificate made for the run, its CA written to a PEM file passed as
//! `NODE_EXTRA_CA_CERTS`); each program's stdout must equal `tests/fetch/NAME.out`, what Node 20
//! printed for it against the same servers. Every program runs three times: plain, under
//! `PERRY_GC_STRESS=N` and under `PERRY_GC_STRESS=1 PERRY_GC_VERIFY=1` (those two with
//! `FETCH_SMALL=1`, which programs read to shrink their sizes without changing their output).
//!
//! The environment a program gets: `HTTP_PORT`, `HTTPS_PORT`, `CLOSED_PORT` (a port nothing
//! listens on), `NODE_EXTRA_CA_CERTS`. Programs print URLs with the ports replaced by `PORT`.
//!
//! Regenerating the expected outputs: `PERRY_FETCH_REGEN=1 cargo test --release -p
//! perry-compiler --test fetch` runs each program under Node instead (types stripped by esbuild,
//! as `tests/gen-expected.sh` does) and writes its stdout to `tests/fetch/NAME.out`.
//!
//! Besides the outputs, the test checks what only the servers see: Perry's requests to the TLS
//! server went over HTTP/2 (Node 20's fetch speaks HTTP/1.1 only).

use bytes::Bytes;
use http_body::Frame;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

// ----- servers -----

/// What a server saw: the HTTP version of each request by path.
#[derive(Default)]
struct Seen {
    versions: Mutex<Vec<(String, String)>>,
}

struct Servers {
    http: u16,
    https: u16,
    closed: u16,
    ca: PathBuf,
    https_seen: Arc<Seen>,
}

type Body = BoxBody<Bytes, Infallible>;

/// `/drip` responses whose client has not gone away.
static DRIPPING: AtomicUsize = AtomicUsize::new(0);

fn full(b: impl Into<Bytes>) -> Body {
    Full::new(b.into()).boxed()
}

/// A body whose chunks come from a channel (sent with delays, or many of them).
struct Chunks(tokio::sync::mpsc::Receiver<Bytes>);

impl http_body::Body for Chunks {
    type Data = Bytes;
    type Error = Infallible;
    fn poll_frame(self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.get_mut().0.poll_recv(cx).map(|o| o.map(|b| Ok(Frame::data(b))))
    }
}

fn chunked(f: impl FnOnce(tokio::sync::mpsc::Sender<Bytes>) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>) -> Body {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    tokio::spawn(f(tx));
    Chunks(rx).boxed()
}

fn json_escape(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn query<'a>(req: &'a Request<Incoming>, name: &str) -> Option<&'a str> {
    req.uri().query()?.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
}

/// The routes every server answers (see the programs for what each is for).
async fn route(req: Request<Incoming>, seen: Arc<Seen>, other_origin: String, served: Arc<AtomicUsize>) -> Result<Response<Body>, Infallible> {
    let on_connection = served.fetch_add(1, Ordering::SeqCst) + 1;
    let path = req.uri().path().to_string();
    seen.versions.lock().unwrap().push((path.clone(), format!("{:?}", req.version())));
    let res = |status: u16, headers: &[(&str, &str)], body: Body| {
        let mut r = Response::builder().status(status);
        for (n, v) in headers {
            r = r.header(*n, *v);
        }
        Ok(r.body(body).unwrap())
    };
    let n: usize = query(&req, "n").and_then(|n| n.parse().ok()).unwrap_or(0);
    match path.as_str() {
        "/text" => res(200, &[("content-type", "text/plain; charset=utf-8")], full("hello, fetch")),
        "/json" => res(200, &[("content-type", "application/json")], full(r#"{"a":1,"list":[true,null,"x"],"nested":{"é":"ü"}}"#)),
        "/bytes" => res(200, &[("content-type", "application/octet-stream")], full((0..=255u8).collect::<Vec<u8>>())),
        "/echo" | "/echo/again" => {
            let method = req.method().to_string();
            // The path as HTTP/1.1 sends it (HTTP/2's :path; hyper gives HTTP/2 requests an absolute URI).
            let uri = req.uri().path_and_query().map_or("/".to_string(), |p| p.to_string());
            let mut headers: Vec<(String, String)> =
                req.headers().iter().map(|(n, v)| (n.as_str().to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned())).collect();
            headers.sort();
            let body = req.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
            let hs: Vec<String> = headers.iter().filter(|(n, _)| n != "host").map(|(n, v)| format!("[{},{}]", json_escape(n), json_escape(v))).collect();
            let out = format!(
                r#"{{"method":{},"url":{},"headers":[{}],"body":{},"length":{}}}"#,
                json_escape(&method),
                json_escape(&uri),
                hs.join(","),
                json_escape(&String::from_utf8_lossy(&body)),
                body.len()
            );
            res(200, &[("content-type", "application/json")], full(out))
        }
        "/status" => {
            let s = query(&req, "code").and_then(|c| c.parse().ok()).unwrap_or(200);
            let body = if matches!(s, 204 | 304) { full("") } else { full(format!("status {s}")) };
            res(s, &[("x-status", &s.to_string())], body)
        }
        "/headers" => res(
            200,
            &[
                ("set-cookie", "a=1; Path=/"),
                ("set-cookie", "b=2"),
                ("x-multi", "one"),
                ("x-multi", "two"),
                ("X-Upper", "Value"),
                ("content-type", "text/plain"),
            ],
            full("headers"),
        ),
        "/redirect" => {
            let status = query(&req, "status").and_then(|c| c.parse().ok()).unwrap_or(302);
            let to = query(&req, "to").unwrap_or("/echo").replace("%3F", "?").replace("%26", "&");
            // Read the request body first: answering before it arrives lets hyper close the
            // connection while a streamed body is still being written (EPIPE on the client), a
            // race this program is not about.
            let _ = req.into_body().collect().await;
            res(status, &[("location", &to)], full("redirecting"))
        }
        "/chain" => {
            let to = if n == 0 { "/text".to_string() } else { format!("/chain?n={}", n - 1) };
            res(302, &[("location", &to)], full(""))
        }
        "/loop" => res(302, &[("location", "/loop")], full("")),
        "/cross" => res(302, &[("location", &format!("{other_origin}/echo"))], full("")),
        "/gzip" | "/deflate" | "/br" => {
            let text = "compressed body ".repeat(if n == 0 { 4 } else { n });
            let encoded = match path.as_str() {
                "/gzip" => {
                    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                    e.write_all(text.as_bytes()).unwrap();
                    e.finish().unwrap()
                }
                "/deflate" => {
                    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                    e.write_all(text.as_bytes()).unwrap();
                    e.finish().unwrap()
                }
                _ => {
                    let mut out = Vec::new();
                    {
                        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
                        w.write_all(text.as_bytes()).unwrap();
                    }
                    out
                }
            };
            res(200, &[("content-encoding", &path[1..]), ("content-type", "text/plain")], full(encoded))
        }
        // `n` chunks of 16 KiB, byte i of the body being i % 251.
        "/big" => {
            let body = chunked(move |tx| {
                Box::pin(async move {
                    for c in 0..n {
                        let chunk: Vec<u8> = (0..16384).map(|i| ((c * 16384 + i) % 251) as u8).collect();
                        if tx.send(Bytes::from(chunk)).await.is_err() {
                            return;
                        }
                    }
                })
            });
            res(200, &[("content-type", "application/octet-stream")], body)
        }
        // A first chunk, then the rest after `n` ms.
        "/slow" => {
            let body = chunked(move |tx| {
                Box::pin(async move {
                    let _ = tx.send(Bytes::from_static(b"first ")).await;
                    tokio::time::sleep(Duration::from_millis(n as u64)).await;
                    let _ = tx.send(Bytes::from_static(b"last")).await;
                })
            });
            res(200, &[("content-type", "text/plain")], body)
        }
        // No head for `n` ms.
        "/hang" => {
            tokio::time::sleep(Duration::from_millis(n as u64)).await;
            res(200, &[], full("late"))
        }
        // Promises 100 bytes, sends 5, then closes the connection.
        "/truncated" => Err::<Response<Body>, _>(()).or_else(|()| {
            let body = chunked(|tx| {
                Box::pin(async move {
                    let _ = tx.send(Bytes::from_static(b"12345")).await;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    // Dropping the sender ends the body short of its length: hyper closes.
                })
            });
            res(200, &[("content-length", "100")], body)
        }),
        // How many requests this connection has carried, this one included.
        "/connection" => res(200, &[], full(on_connection.to_string())),
        // A chunk every 20 ms for `n` chunks; `/dripping` counts the drips whose client is still
        // there (a drip ends when its client goes away).
        "/drip" => {
            DRIPPING.fetch_add(1, Ordering::SeqCst);
            let body = chunked(move |tx| {
                Box::pin(async move {
                    for _ in 0..n {
                        if tx.send(Bytes::from_static(b"drop ")).await.is_err() {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                    DRIPPING.fetch_sub(1, Ordering::SeqCst);
                })
            });
            res(200, &[], body)
        }
        "/dripping" => res(200, &[], full(DRIPPING.load(Ordering::SeqCst).to_string())),
        _ => res(404, &[], full("not found")),
    }
}

fn start_servers() -> Servers {
    let http_seen = Arc::new(Seen::default());
    let https_seen = Arc::new(Seen::default());
    let http = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let https = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (http_port, https_port) = (http.local_addr().unwrap().port(), https.local_addr().unwrap().port());
    http.set_nonblocking(true).unwrap();
    https.set_nonblocking(true).unwrap();

    // A CA, and a certificate it signs for localhost and 127.0.0.1.
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params.distinguished_name.push(rcgen::DnType::CommonName, "perry fetch test CA");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap().signed_by(&key, &ca, &ca_key).unwrap();
    let ca_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fetch-ca-{}.pem", std::process::id()));
    std::fs::write(&ca_path, ca.pem()).unwrap();
    // ring, as ext-fetch uses (aws-lc-rs needs cmake).
    #[allow(deprecated)]
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut tls = tokio_rustls::rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], tokio_rustls::rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .unwrap();
    tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(tls));

    let (hs, ss) = (http_seen.clone(), https_seen.clone());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            let http = tokio::net::TcpListener::from_std(http).unwrap();
            let https = tokio::net::TcpListener::from_std(https).unwrap();
            // The other origin of each server: the same server by another host name.
            let http_other = format!("http://localhost:{http_port}");
            let https_other = format!("https://localhost:{https_port}");
            tokio::spawn(async move {
                loop {
                    let Ok((s, _)) = http.accept().await else { continue };
                    let (seen, other, served) = (hs.clone(), http_other.clone(), Arc::new(AtomicUsize::new(0)));
                    tokio::spawn(async move {
                        let svc = hyper::service::service_fn(move |r| route(r, seen.clone(), other.clone(), served.clone()));
                        let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new()).serve_connection(TokioIo::new(s), svc).await;
                    });
                }
            });
            loop {
                let Ok((s, _)) = https.accept().await else { continue };
                let (seen, other, acceptor, served) = (ss.clone(), https_other.clone(), acceptor.clone(), Arc::new(AtomicUsize::new(0)));
                tokio::spawn(async move {
                    let Ok(s) = acceptor.accept(s).await else { return };
                    let svc = hyper::service::service_fn(move |r| route(r, seen.clone(), other.clone(), served.clone()));
                    let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new()).serve_connection(TokioIo::new(s), svc).await;
                });
            }
        });
    });
    Servers { http: http_port, https: https_port, closed, ca: ca_path, https_seen }
}

fn servers() -> &'static Servers {
    static S: OnceLock<Servers> = OnceLock::new();
    S.get_or_init(start_servers)
}

// ----- programs -----

fn programs() -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(root().join("tests/fetch")).unwrap().filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".ts").map(str::to_string)).collect();
    names.sort();
    names
}

/// `tests/fetch/NAME.ts` compiled (NAME may name a subdirectory's program: `perry/timeouts`).
fn compiled(name: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<BTreeMap<String, PathBuf>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(|| Mutex::new(BTreeMap::new())).lock().unwrap();
    if let Some(p) = built.get(name) {
        return p.clone();
    }
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fetch-{}", name.replace('/', "-")));
    let src = root().join(format!("tests/fetch/{name}.ts"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_perry"));
    cmd.arg("compile").arg(&src).arg("-o").arg(&exe);
    if std::fs::read_to_string(&src).is_ok_and(|s| s.lines().any(|l| l.trim() == "// @expose-gc")) {
        cmd.arg("--expose-gc");
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "compiling {name}: {}", String::from_utf8_lossy(&out.stderr));
    built.insert(name.to_string(), exe.clone());
    exe
}

/// Runs `cmd` with the servers' environment (`NODE_EXTRA_CA_CERTS` unless `cmd` sets it; set to
/// "", it is removed); (status, stdout, stderr), killed after `limit`.
fn run(mut cmd: Command, limit: Duration) -> (i32, String, String) {
    let s = servers();
    cmd.env("HTTP_PORT", s.http.to_string())
        .env("HTTPS_PORT", s.https.to_string())
        .env("CLOSED_PORT", s.closed.to_string())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !cmd.get_envs().any(|(k, _)| k == "NODE_EXTRA_CA_CERTS") {
        cmd.env("NODE_EXTRA_CA_CERTS", &s.ca);
    }
    // A variable the caller set to "" is removed (`NODE_EXTRA_CA_CERTS` for the untrusted test).
    let cleared: Vec<_> = cmd.get_envs().filter(|(_, v)| v.is_some_and(|v| v.is_empty())).map(|(k, _)| k.to_owned()).collect();
    for k in cleared {
        cmd.env_remove(k);
    }
    let mut child = cmd.spawn().unwrap();
    let start = Instant::now();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let ot = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut out, &mut s).ok();
        s
    });
    let et = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).ok();
        s
    });
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st.code().unwrap_or(-2);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break -1;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (status, ot.join().unwrap(), et.join().unwrap())
}

/// Node's output for `name` (PERRY_FETCH_REGEN=1): the program with its types stripped.
fn regenerate(name: &str) {
    let src = root().join(format!("tests/fetch/{name}.ts"));
    let js = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fetch-{name}.mjs"));
    let stripped = Command::new("esbuild")
        .args(["--format=esm", "--platform=node", "--target=es2022", "--loader=ts", "--log-level=error"])
        .stdin(std::fs::File::open(&src).unwrap())
        .output()
        .expect("esbuild (npm install -g esbuild)");
    assert!(stripped.status.success(), "esbuild {name}: {}", String::from_utf8_lossy(&stripped.stderr));
    std::fs::write(&js, stripped.stdout).unwrap();
    let mut cmd = Command::new("node");
    cmd.arg(&js);
    let (st, out, err) = run(cmd, Duration::from_secs(60));
    assert_eq!(st, 0, "node {name} exited {st}: {err}");
    std::fs::write(root().join(format!("tests/fetch/{name}.out")), out).unwrap();
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode {
    Plain,
    Stress,
    Verify,
}

fn check(name: &str, mode: Mode) -> Result<(), String> {
    let expected = std::fs::read_to_string(root().join(format!("tests/fetch/{name}.out"))).map_err(|e| format!("{name}.out: {e}"))?;
    let mut cmd = Command::new(compiled(name));
    match mode {
        Mode::Plain => {}
        Mode::Stress => {
            cmd.env("PERRY_GC_STRESS", "3").env("FETCH_SMALL", "1");
        }
        Mode::Verify => {
            cmd.env("PERRY_GC_STRESS", "1").env("PERRY_GC_VERIFY", "1").env("FETCH_SMALL", "1");
        }
    }
    let (st, out, err) = run(cmd, Duration::from_secs(if mode == Mode::Plain { 60 } else { 300 }));
    if st == 0 && out == expected {
        return Ok(());
    }
    let mut d = String::new();
    for (i, (e, a)) in expected.lines().zip(out.lines().chain(std::iter::repeat(""))).enumerate() {
        if e != a {
            d = format!("line {}:\n  expected: {e}\n  actual:   {a}", i + 1);
            break;
        }
    }
    if d.is_empty() && out.lines().count() > expected.lines().count() {
        d = format!("extra output: {}", out.lines().nth(expected.lines().count()).unwrap_or(""));
    }
    Err(format!("{name} ({mode:?}): exit {st}\n{d}\nstderr: {}", err.lines().take(8).collect::<Vec<_>>().join("\n  ")))
}

fn run_all(mode: Mode) {
    if std::env::var_os("PERRY_FETCH_REGEN").is_some() {
        if mode == Mode::Plain {
            for name in programs() {
                regenerate(&name);
            }
        }
        return;
    }
    let failures: Vec<String> = programs().iter().filter_map(|n| check(n, mode).err()).collect();
    assert!(failures.is_empty(), "{} of {} fetch programs failed:\n{}", failures.len(), programs().len(), failures.join("\n\n"));
}

#[test]
fn programs_print_what_node_prints() {
    run_all(Mode::Plain);
}

#[test]
fn programs_under_gc_stress() {
    run_all(Mode::Stress);
}

#[test]
fn programs_under_gc_stress_and_verify() {
    run_all(Mode::Verify);
}

/// Perry's requests to the TLS server go over HTTP/2 (ALPN h2), which Node 20's fetch does not
/// use: so this is checked here, not in the outputs.
#[test]
fn tls_requests_use_http2() {
    let s = servers();
    let before = s.https_seen.versions.lock().unwrap().len();
    let (st, _, err) = run(Command::new(compiled("tls")), Duration::from_secs(60));
    assert_eq!(st, 0, "{err}");
    let seen = s.https_seen.versions.lock().unwrap();
    let versions: Vec<&str> = seen[before..].iter().map(|(_, v)| v.as_str()).collect();
    assert!(!versions.is_empty() && versions.iter().all(|v| *v == "HTTP/2.0"), "{versions:?}");
}

/// Perry's sequential fetches all go over one keep-alive connection: the keep-alive program
/// prints the server's per-connection request counts to stderr (undici alternates between two
/// connections, so its output only says that connections were reused).
#[test]
fn sequential_fetches_share_one_connection() {
    let (st, out, err) = run(Command::new(compiled("keepalive")), Duration::from_secs(60));
    assert_eq!(st, 0, "{out}{err}");
    let counts: Vec<u64> = err.lines().last().and_then(|l| l.strip_prefix("counts: ")).expect(&err).split(' ').map(|c| c.parse().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[1] == w[0] + 1), "{counts:?}");
}

/// The header and body timeouts (undici's, 300 s; here 200 ms by their variables) fail as
/// undici's `HeadersTimeoutError` and `BodyTimeoutError`; a body waiting for its reader is not
/// timed out.
#[test]
fn header_and_body_timeouts_fail_as_undici_fails() {
    let mut cmd = Command::new(compiled("perry/timeouts"));
    cmd.env("PERRY_FETCH_HEADERS_TIMEOUT_MS", "200").env("PERRY_FETCH_BODY_TIMEOUT_MS", "200");
    let (st, out, err) = run(cmd, Duration::from_secs(30));
    assert_eq!(st, 0, "{out}{err}");
    assert_eq!(
        out,
        "TypeError fetch failed HeadersTimeoutError Headers Timeout Error UND_ERR_HEADERS_TIMEOUT\n\
         TypeError terminated BodyTimeoutError Body Timeout Error UND_ERR_BODY_TIMEOUT\n\
         hello, fetch\n"
    );
}

/// A Response dropped unread cancels its fetch once it is collected: the server sees every
/// client of its dripping bodies go away.
#[test]
fn unread_responses_are_cancelled_when_collected() {
    let (st, out, err) = run(Command::new(compiled("perry/unread")), Duration::from_secs(60));
    assert_eq!(st, 0, "{out}{err}");
    assert_eq!(out, "started 10\nstill dripping after collection: 0\n", "{err}");
}

/// Without the test's CA, the TLS server's certificate is refused with OpenSSL's wording, as
/// Node 20 words it (checked by hand against Node with a CA-signed certificate).
#[test]
fn an_untrusted_certificate_fails_as_in_node() {
    let mut cmd = Command::new(compiled("perry/untrusted"));
    cmd.env("NODE_EXTRA_CA_CERTS", "");
    let (st, out, err) = run(cmd, Duration::from_secs(30));
    assert_eq!(st, 0, "{out}{err}");
    assert_eq!(
        out,
        "TypeError fetch failed Error unable to verify the first certificate UNABLE_TO_VERIFY_LEAF_SIGNATURE\n\
         TypeError fetch failed Error unable to verify the first certificate UNABLE_TO_VERIFY_LEAF_SIGNATURE\n"
    );
}
