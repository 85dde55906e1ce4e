//! The echo contract: what a pass sends and what every response must say.
//!
//! ```text
//! GET  /api/echo?id=ID&iterations=N                      x-request-id: ID
//! POST /api/echo?id=ID&iterations=N  (text/plain body)   x-request-id: ID
//! -> 207, x-perry-repro: ID, set-cookie: perry_ctx=ID; ...,
//!    {"runtime": "...", "method": "GET", "pathname": "/api/echo", "id": ID,
//!     "iterations": N, "checksum": sum of (i*31+7)%1009 for i in 0..N,
//!     "beforeAwait": ID, "afterAwait": ID, "requestBody": null | BODY}
//! ```
//!
//! `beforeAwait` and `afterAwait` are the `x-request-id` header as the server
//! read it before and after an `await`: another request's id there means the
//! server's per-request context bled across requests.
//!
//! With `--unique` ([`unique`]) every request of the soak is new: its id ends
//! in `-uN` (N counts the soak's requests), it sends the cookie `uN=N`, and a
//! POST sends the JSON body `{"item_uN":{"score":N}}`, so a server that keys
//! anything by what a request carries (parsed JSON, a cookie jar, a symbol or
//! a regular expression made from the id) sees a key it never saw before.

use hyper::HeaderMap;
use serde_json::Value;
use std::fmt;

/// The route every request goes to.
pub const ECHO_PATH: &str = "/api/echo";
/// The body of every POST.
pub const POST_BODY: &str = "perry-request-body";
/// The iterations of every POST.
pub const POST_ITERATIONS: u64 = 31;
/// The status the echo route answers with (207, so that a default 200 from a
/// wrong route is not taken for success).
pub const ECHO_STATUS: u16 = 207;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// One request of a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestSpec {
    pub method: Method,
    /// The `id` query parameter and the `x-request-id` header.
    pub id: String,
    pub iterations: u64,
    /// The request's number in a `--unique` soak; `None` in the fixed plan.
    pub unique: Option<u64>,
}

impl RequestSpec {
    /// The path and query, appended to the base URL's path.
    pub fn path_and_query(&self) -> String {
        format!("{ECHO_PATH}?id={}&iterations={}", self.id, self.iterations)
    }

    /// The body sent, `None` for a GET.
    pub fn body(&self) -> Option<String> {
        match (self.method, self.unique) {
            (Method::Get, _) => None,
            (Method::Post, None) => Some(POST_BODY.to_string()),
            (Method::Post, Some(n)) => Some(format!("{{\"item_u{n}\":{{\"score\":{n}}}}}")),
        }
    }

    /// The body's content type.
    pub fn content_type(&self) -> &'static str {
        if self.unique.is_some() { "application/json" } else { "text/plain" }
    }

    /// The `cookie` header sent, if any.
    pub fn cookie(&self) -> Option<String> {
        self.unique.map(|n| format!("u{n}={n}"))
    }
}

/// The requests of one pass: `gets` GETs `request-K` with `K + 1` iterations,
/// then `posts` POSTs with 31 iterations, the first `post-request` and any
/// further ones `post-request-K` (distinct ids, so a context that bleeds from
/// one POST to another is still seen).
pub fn plan(gets: u32, posts: u32) -> Vec<RequestSpec> {
    let mut v = Vec::with_capacity((gets + posts) as usize);
    for k in 0..gets {
        v.push(RequestSpec { method: Method::Get, id: format!("request-{k}"), iterations: u64::from(k) + 1, unique: None });
    }
    for k in 0..posts {
        let id = if k == 0 { "post-request".to_string() } else { format!("post-request-{k}") };
        v.push(RequestSpec { method: Method::Post, id, iterations: POST_ITERATIONS, unique: None });
    }
    v
}

/// Pass `pass` (from 1) of a `--unique` soak over `plan`: each request
/// numbered across the soak, its id suffixed with its number.
pub fn unique(plan: &[RequestSpec], pass: u32) -> Vec<RequestSpec> {
    let first = u64::from(pass - 1) * plan.len() as u64;
    plan.iter().zip(first..).map(|(spec, n)| RequestSpec { id: format!("{}-u{n}", spec.id), unique: Some(n), ..spec.clone() }).collect()
}

/// The echo route's workload: the sum over `i` in `0..n` of `(i * 31 + 7) % 1009`.
pub fn checksum(n: u64) -> u64 {
    (0..n).map(|i| (i * 31 + 7) % 1009).sum()
}

/// One way a response broke the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The status was not the one expected.
    Status { expected: u16, got: u16 },
    /// A header was missing or had another value.
    Header { name: &'static str, expected: String, got: Option<String> },
    /// No `set-cookie` header carries `perry_ctx=ID`; `got` lists the
    /// cookie pairs that were set.
    Cookie { expected: String, got: Vec<String> },
    /// The body is not a JSON object.
    Body { error: String, start: String },
    /// A field of the JSON object was missing or had another value;
    /// `expected` and `got` are JSON texts (`got` is `None` when missing).
    Field { name: &'static str, expected: String, got: Option<String> },
}

impl Mismatch {
    /// What broke, in a word: the status, a header, the cookie, the body,
    /// or a field's name.
    pub fn key(&self) -> &'static str {
        match self {
            Mismatch::Status { .. } => "status",
            Mismatch::Header { name, .. } | Mismatch::Field { name, .. } => name,
            Mismatch::Cookie { .. } => "set-cookie",
            Mismatch::Body { .. } => "body",
        }
    }

    /// True for a mismatch that means one request's context reached another.
    pub fn is_context_bleed(&self) -> bool {
        matches!(self, Mismatch::Field { name: "beforeAwait" | "afterAwait", got: Some(_), .. })
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Status { expected, got } => write!(f, "status: expected {expected}, got {got}"),
            Mismatch::Header { name, expected, got: Some(got) } => {
                write!(f, "header {name}: expected {expected:?}, got {got:?}")
            }
            Mismatch::Header { name, expected, got: None } => {
                write!(f, "header {name}: expected {expected:?}, missing")
            }
            Mismatch::Cookie { expected, got } if got.is_empty() => {
                write!(f, "set-cookie: expected {expected}, no cookie set")
            }
            Mismatch::Cookie { expected, got } => {
                write!(f, "set-cookie: expected {expected}, got {}", got.join(", "))
            }
            Mismatch::Body { error, start } => write!(f, "body: not a JSON object ({error}): {start:?}"),
            Mismatch::Field { name, expected, got: None } => write!(f, "{name}: expected {expected}, missing"),
            Mismatch::Field { name, expected, got: Some(got) } => {
                write!(f, "{name}: expected {expected}, got {got}")?;
                if self.is_context_bleed() {
                    write!(f, " (cross-request context bleed)")?;
                }
                Ok(())
            }
        }
    }
}

/// Checks one response against the echo contract for the request `spec`.
/// Returns every mismatch found (empty when the response is right).
pub fn check(spec: &RequestSpec, status: u16, headers: &HeaderMap, body: &[u8]) -> Vec<Mismatch> {
    let mut out = Vec::new();
    if status != ECHO_STATUS {
        out.push(Mismatch::Status { expected: ECHO_STATUS, got: status });
    }
    let repro = headers.get("x-perry-repro").map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    if repro.as_deref() != Some(spec.id.as_str()) {
        out.push(Mismatch::Header { name: "x-perry-repro", expected: spec.id.clone(), got: repro });
    }
    let wanted = format!("perry_ctx={}", spec.id);
    // The cookie pair is what precedes the first `;` (RFC 6265 4.1.1);
    // comparing it whole keeps `perry_ctx=request-10` from passing for
    // `request-1`.
    let pairs: Vec<String> =
        headers.get_all("set-cookie").iter().map(|v| String::from_utf8_lossy(v.as_bytes()).split(';').next().unwrap_or("").trim().to_string()).collect();
    if !pairs.contains(&wanted) {
        out.push(Mismatch::Cookie { expected: wanted, got: pairs });
    }
    let json: Value = match serde_json::from_slice(body) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            out.push(Mismatch::Body { error: "not an object".into(), start: body_start(body) });
            return out;
        }
        Err(e) => {
            out.push(Mismatch::Body { error: e.to_string(), start: body_start(body) });
            return out;
        }
    };
    let field = |name: &str| json.get(name);
    let mut expect = |name: &'static str, want: Value| {
        let got = field(name);
        if !got.is_some_and(|g| same(g, &want)) {
            out.push(Mismatch::Field { name, expected: want.to_string(), got: got.map(|g| g.to_string()) });
        }
    };
    expect("method", Value::from(spec.method.as_str()));
    expect("pathname", Value::from(ECHO_PATH));
    expect("id", Value::from(spec.id.as_str()));
    expect("iterations", Value::from(spec.iterations));
    expect("checksum", Value::from(checksum(spec.iterations)));
    expect("beforeAwait", Value::from(spec.id.as_str()));
    expect("afterAwait", Value::from(spec.id.as_str()));
    expect("requestBody", spec.body().map_or(Value::Null, Value::from));
    match field("runtime") {
        Some(Value::String(_)) => {}
        got => out.push(Mismatch::Field { name: "runtime", expected: "a string".into(), got: got.map(|g| g.to_string()) }),
    }
    out
}

/// JSON equality, with numbers compared by value (`507` is `507.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The first 80 characters of a body, for a message.
fn body_start(body: &[u8]) -> String {
    String::from_utf8_lossy(body).chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;
    use serde_json::json;

    fn get(k: u64) -> RequestSpec {
        RequestSpec { method: Method::Get, id: format!("request-{k}"), iterations: k + 1, unique: None }
    }

    fn post() -> RequestSpec {
        plan(0, 1).remove(0)
    }

    /// A right response to `spec`, as the echo route sends it.
    fn good(spec: &RequestSpec) -> (u16, HeaderMap, Value) {
        let mut h = HeaderMap::new();
        h.insert("x-perry-repro", HeaderValue::from_str(&spec.id).unwrap());
        h.append("set-cookie", HeaderValue::from_static("other=1; Path=/"));
        h.append("set-cookie", HeaderValue::from_str(&format!("perry_ctx={}; Path=/; HttpOnly", spec.id)).unwrap());
        let body = json!({
            "runtime": "perry",
            "method": spec.method.as_str(),
            "pathname": "/api/echo",
            "id": spec.id,
            "iterations": spec.iterations,
            "checksum": checksum(spec.iterations),
            "beforeAwait": spec.id,
            "afterAwait": spec.id,
            "requestBody": spec.body(),
        });
        (207, h, body)
    }

    fn run(spec: &RequestSpec, status: u16, h: &HeaderMap, body: &Value) -> Vec<Mismatch> {
        check(spec, status, h, body.to_string().as_bytes())
    }

    #[test]
    fn the_plan() {
        let p = plan(20, 1);
        assert_eq!(p.len(), 21);
        assert_eq!(p[0], get(0));
        assert_eq!(p[19].path_and_query(), "/api/echo?id=request-19&iterations=20");
        assert_eq!(p[20].path_and_query(), "/api/echo?id=post-request&iterations=31");
        assert_eq!(p[20].body().as_deref(), Some("perry-request-body"));
        assert_eq!((p[20].content_type(), p[20].cookie()), ("text/plain", None));
        assert_eq!(p[0].body(), None);
        let ids: Vec<String> = plan(1, 3).into_iter().map(|s| s.id).collect();
        assert_eq!(ids, ["request-0", "post-request", "post-request-1", "post-request-2"]);
    }

    #[test]
    fn unique_passes_never_repeat_a_request() {
        let p = plan(2, 1);
        let (first, third) = (unique(&p, 1), unique(&p, 3));
        assert_eq!(first[0].id, "request-0-u0");
        assert_eq!(third[2].id, "post-request-u8");
        assert_eq!(third[2].path_and_query(), "/api/echo?id=post-request-u8&iterations=31");
        assert_eq!(third[2].body().as_deref(), Some(r#"{"item_u8":{"score":8}}"#));
        assert_eq!((third[2].content_type(), third[2].cookie().as_deref()), ("application/json", Some("u8=8")));
        assert_eq!(third[0].body(), None);
        let mut ids: Vec<String> = (1..=4).flat_map(|k| unique(&p, k)).map(|s| s.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 12);
        // The contract holds for a unique request as for any.
        let (s, h, b) = good(&third[2]);
        assert!(run(&third[2], s, &h, &b).is_empty());
    }

    #[test]
    fn checksums() {
        assert_eq!(checksum(0), 0);
        assert_eq!(checksum(1), 7);
        assert_eq!(checksum(2), 7 + 38);
        // 31 terms: i*31+7 stays below 1009 up to i = 32.
        assert_eq!(checksum(31), (0..31).map(|i| i * 31 + 7).sum::<u64>());
        // Past the modulus: term 33 is (1030 % 1009) = 21.
        assert_eq!(checksum(34) - checksum(33), 21);
    }

    #[test]
    fn good_responses_pass() {
        for spec in [get(0), get(19), post()] {
            let (s, h, b) = good(&spec);
            assert_eq!(run(&spec, s, &h, &b), vec![], "{spec:?}");
        }
    }

    #[test]
    fn wrong_status() {
        let spec = get(3);
        let (_, h, b) = good(&spec);
        let m = run(&spec, 200, &h, &b);
        assert_eq!(m, vec![Mismatch::Status { expected: 207, got: 200 }]);
        assert_eq!(m[0].to_string(), "status: expected 207, got 200");
    }

    #[test]
    fn wrong_or_missing_repro_header() {
        let spec = get(3);
        let (s, mut h, b) = good(&spec);
        h.insert("x-perry-repro", HeaderValue::from_static("request-4"));
        let m = run(&spec, s, &h, &b);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].to_string(), "header x-perry-repro: expected \"request-3\", got \"request-4\"");
        h.remove("x-perry-repro");
        assert_eq!(run(&spec, s, &h, &b)[0].to_string(), "header x-perry-repro: expected \"request-3\", missing");
    }

    #[test]
    fn cookie_must_name_this_request() {
        let spec = get(1);
        let (s, mut h, b) = good(&spec);
        h.remove("set-cookie");
        h.append("set-cookie", HeaderValue::from_static("perry_ctx=request-10; Path=/"));
        let m = run(&spec, s, &h, &b);
        assert_eq!(m, vec![Mismatch::Cookie { expected: "perry_ctx=request-1".into(), got: vec!["perry_ctx=request-10".into()] }]);
        assert_eq!(m[0].to_string(), "set-cookie: expected perry_ctx=request-1, got perry_ctx=request-10");
        h.remove("set-cookie");
        assert_eq!(run(&spec, s, &h, &b)[0].to_string(), "set-cookie: expected perry_ctx=request-1, no cookie set");
    }

    #[test]
    fn each_field_mismatch_is_named() {
        let spec = get(5);
        let cases: &[(&str, Value, &str)] = &[
            ("runtime", json!(7), "runtime: expected a string, got 7"),
            ("method", json!("POST"), "method: expected \"GET\", got \"POST\""),
            ("pathname", json!("/api/echo/"), "pathname: expected \"/api/echo\", got \"/api/echo/\""),
            ("id", json!("request-6"), "id: expected \"request-5\", got \"request-6\""),
            ("iterations", json!("6"), "iterations: expected 6, got \"6\""),
            ("checksum", json!(checksum(6) + 1), "checksum: expected 507, got 508"),
            ("beforeAwait", json!(null), "beforeAwait: expected \"request-5\", got null (cross-request context bleed)"),
            ("afterAwait", json!("request-9"), "afterAwait: expected \"request-5\", got \"request-9\" (cross-request context bleed)"),
            ("requestBody", json!(""), "requestBody: expected null, got \"\""),
        ];
        for (name, value, message) in cases {
            let (s, h, mut b) = good(&spec);
            b[*name] = value.clone();
            let m = run(&spec, s, &h, &b);
            assert_eq!(m.len(), 1, "{name}: {m:?}");
            assert_eq!(m[0].to_string(), *message);
        }
        // A missing field.
        let (s, h, mut b) = good(&spec);
        b.as_object_mut().unwrap().remove("afterAwait");
        assert_eq!(run(&spec, s, &h, &b)[0].to_string(), "afterAwait: expected \"request-5\", missing");
        // The POST body.
        let spec = post();
        let (s, h, mut b) = good(&spec);
        b["requestBody"] = json!(null);
        assert_eq!(run(&spec, s, &h, &b)[0].to_string(), "requestBody: expected \"perry-request-body\", got null");
    }

    #[test]
    fn checksum_as_float_is_accepted() {
        // JSON numbers: a server may print 507 as 507.0.
        let spec = get(5);
        let (s, h, _) = good(&spec);
        let text = good(&spec).2.to_string().replace("\"checksum\":507", "\"checksum\":507.0");
        assert!(text.contains("507.0"), "{text}");
        let m = check(&spec, s, &h, text.as_bytes());
        assert_eq!(m, vec![], "{text}");
    }

    #[test]
    fn bad_json() {
        let spec = get(0);
        let (s, h, _) = good(&spec);
        let m = check(&spec, s, &h, b"{\"runtime\": \"perry\",");
        assert_eq!(m.len(), 1);
        assert!(matches!(&m[0], Mismatch::Body { .. }), "{m:?}");
        assert!(m[0].to_string().starts_with("body: not a JSON object (EOF while parsing"), "{}", m[0]);
        let m = check(&spec, s, &h, b"[1, 2]");
        assert_eq!(m[0].to_string(), "body: not a JSON object (not an object): \"[1, 2]\"");
        let m = check(&spec, s, &h, b"");
        assert!(matches!(&m[0], Mismatch::Body { .. }), "{m:?}");
    }

    #[test]
    fn several_mismatches_are_all_reported() {
        let spec = get(2);
        let (_, h, mut b) = good(&spec);
        b["checksum"] = json!(0);
        b["afterAwait"] = json!("request-0");
        let m = run(&spec, 500, &h, &b);
        let names: Vec<String> = m.iter().map(|m| m.to_string()).collect();
        assert_eq!(names.len(), 3, "{names:?}");
        assert!(names[0].starts_with("status"));
        assert!(names[1].starts_with("checksum"));
        assert!(names[2].starts_with("afterAwait"));
    }
}
