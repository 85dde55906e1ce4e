//! The HTTP side: one pass of concurrent requests through a hyper client.

use crate::contract::{self, Method, Mismatch, RequestSpec};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Uri;
use hyper::header::{CONNECTION, CONTENT_TYPE, COOKIE, HeaderValue};
use hyper_util::client::legacy::{Client as HyperClient, connect::HttpConnector};
use hyper_util::rt::TokioExecutor;
use std::fmt;
use std::time::{Duration, Instant};

/// The server's base URL, split for building request URIs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// `host:port` as written (the port defaults to 80).
    pub authority: String,
    pub host: String,
    pub port: u16,
    /// The base path without a trailing `/` (empty for `http://h:p/`).
    pub prefix: String,
}

impl Base {
    /// Parses a base URL such as `http://127.0.0.1:3000` or
    /// `http://localhost:8080/app/`. Only `http` is supported; a query or
    /// fragment is refused (the verifier appends its own).
    pub fn parse(url: &str) -> Result<Base, String> {
        let uri: Uri = url.parse().map_err(|e| format!("invalid URL {url:?}: {e}"))?;
        match uri.scheme_str() {
            Some("http") => {}
            Some(other) => return Err(format!("invalid URL {url:?}: scheme {other:?} is not supported (only http)")),
            None => return Err(format!("invalid URL {url:?}: expected http://HOST:PORT")),
        }
        let authority = uri.authority().ok_or_else(|| format!("invalid URL {url:?}: no host"))?;
        if uri.query().is_some() || url.contains('#') {
            return Err(format!("invalid URL {url:?}: give the base URL, without a query"));
        }
        let host = authority.host().trim_start_matches('[').trim_end_matches(']').to_string();
        Ok(Base {
            authority: authority.as_str().to_string(),
            host,
            port: authority.port_u16().unwrap_or(80),
            prefix: uri.path().trim_end_matches('/').to_string(),
        })
    }

    /// The URI of `spec` under this base.
    pub fn uri(&self, spec: &RequestSpec) -> String {
        format!("http://{}{}{}", self.authority, self.prefix, spec.path_and_query())
    }
}

/// Why a request failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No complete response within the timeout.
    Timeout(Duration),
    /// Connecting, sending or reading failed.
    Transport(String),
    /// With `--no-contract`: a status outside 2xx.
    Status(u16),
    /// The response broke the echo contract.
    Contract(Vec<Mismatch>),
}

impl Failure {
    /// What broke, in a word each, for counting failures by kind.
    pub fn keys(&self) -> Vec<&'static str> {
        match self {
            Failure::Timeout(_) => vec!["timeout"],
            Failure::Transport(_) => vec!["transport"],
            Failure::Status(_) => vec!["status"],
            Failure::Contract(m) => m.iter().map(Mismatch::key).collect(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Timeout(d) => write!(f, "timed out after {}", humantime::format_duration(*d)),
            Failure::Transport(e) => write!(f, "{e}"),
            Failure::Status(s) => write!(f, "status {s} (expected 2xx)"),
            Failure::Contract(m) => {
                let parts: Vec<String> = m.iter().map(|m| m.to_string()).collect();
                write!(f, "{}", parts.join("; "))
            }
        }
    }
}

/// One request's result.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub spec: RequestSpec,
    /// From sending the request to the last byte of the body (or the failure).
    pub latency: Duration,
    pub result: Result<(), Failure>,
}

/// A hyper client set up for the soak.
#[derive(Clone)]
pub struct Client {
    inner: HyperClient<HttpConnector, Full<Bytes>>,
    base: Base,
    keep_alive: bool,
    timeout: Duration,
    contract: bool,
}

impl Client {
    /// `keep_alive`: reuse pooled connections; otherwise every request opens
    /// its own connection and sends `connection: close`. `contract`: check
    /// responses against the echo contract (else any 2xx is a success).
    /// Must be called inside a tokio runtime.
    pub fn new(base: Base, keep_alive: bool, timeout: Duration, contract: bool) -> Client {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        let mut builder = HyperClient::builder(TokioExecutor::new());
        if !keep_alive {
            builder.pool_max_idle_per_host(0);
        }
        Client { inner: builder.build(connector), base, keep_alive, timeout, contract }
    }

    /// Sends every request of `plan` concurrently; the outcomes come back in
    /// plan order.
    pub async fn pass(&self, plan: &[RequestSpec]) -> Vec<Outcome> {
        let tasks: Vec<_> = plan
            .iter()
            .map(|spec| {
                let client = self.clone();
                let spec = spec.clone();
                tokio::spawn(async move { client.one(spec).await })
            })
            .collect();
        let mut out = Vec::with_capacity(tasks.len());
        for (task, spec) in tasks.into_iter().zip(plan) {
            out.push(task.await.unwrap_or_else(|e| Outcome {
                spec: spec.clone(),
                latency: Duration::ZERO,
                result: Err(Failure::Transport(format!("request task failed: {e}"))),
            }));
        }
        out
    }

    /// Sends one request and checks its response.
    pub async fn one(&self, spec: RequestSpec) -> Outcome {
        let start = Instant::now();
        let result = match tokio::time::timeout(self.timeout, self.exchange(&spec)).await {
            Err(_) => Err(Failure::Timeout(self.timeout)),
            Ok(Err(e)) => Err(Failure::Transport(e)),
            Ok(Ok((status, headers, body))) => {
                if self.contract {
                    let m = contract::check(&spec, status, &headers, &body);
                    if m.is_empty() { Ok(()) } else { Err(Failure::Contract(m)) }
                } else if (200..300).contains(&status) {
                    Ok(())
                } else {
                    Err(Failure::Status(status))
                }
            }
        };
        Outcome { spec, latency: start.elapsed(), result }
    }

    async fn exchange(&self, spec: &RequestSpec) -> Result<(u16, hyper::HeaderMap, Bytes), String> {
        let mut req = hyper::Request::builder()
            .method(spec.method.as_str())
            .uri(self.base.uri(spec))
            .header("x-request-id", HeaderValue::from_str(&spec.id).map_err(|e| e.to_string())?);
        if !self.keep_alive {
            req = req.header(CONNECTION, "close");
        }
        if let Some(c) = spec.cookie() {
            req = req.header(COOKIE, HeaderValue::from_str(&c).map_err(|e| e.to_string())?);
        }
        let body = match spec.method {
            Method::Get => Full::new(Bytes::new()),
            Method::Post => {
                req = req.header(CONTENT_TYPE, spec.content_type());
                Full::new(Bytes::from(spec.body().unwrap_or_default()))
            }
        };
        let req = req.body(body).map_err(|e| format!("cannot build the request: {e}"))?;
        let resp = self.inner.request(req).await.map_err(describe)?;
        let (parts, body) = resp.into_parts();
        let body = body.collect().await.map_err(|e| format!("reading the body: {}", describe(e)))?.to_bytes();
        Ok((parts.status.as_u16(), parts.headers, body))
    }
}

/// An error with its chain of causes (hyper's own message is often just
/// "client error (Connect)").
fn describe(e: impl std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        s.push_str(": ");
        s.push_str(&cause.to_string());
        source = cause.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls() {
        let b = Base::parse("http://127.0.0.1:3000").unwrap();
        assert_eq!((b.host.as_str(), b.port, b.prefix.as_str()), ("127.0.0.1", 3000, ""));
        let spec = &contract::plan(1, 0)[0];
        assert_eq!(b.uri(spec), "http://127.0.0.1:3000/api/echo?id=request-0&iterations=1");
        let b = Base::parse("http://localhost/app/").unwrap();
        assert_eq!((b.host.as_str(), b.port, b.prefix.as_str()), ("localhost", 80, "/app"));
        assert_eq!(b.uri(spec), "http://localhost/app/api/echo?id=request-0&iterations=1");
        let b = Base::parse("http://[::1]:8080/").unwrap();
        assert_eq!((b.host.as_str(), b.port), ("::1", 8080));
        assert!(Base::parse("https://example.com").unwrap_err().contains("only http"));
        assert!(Base::parse("127.0.0.1:3000").is_err());
        assert!(Base::parse("http://h:1/?a=b").unwrap_err().contains("without a query"));
        assert!(Base::parse("not a url").is_err());
    }
}
