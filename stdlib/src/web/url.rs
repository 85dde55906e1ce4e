//! URL (WHATWG URL Standard, section 6.1) with Node 20's messages; parsing,
//! the getters and the setters are the `url` crate's (its `quirks` module
//! is the standard's API).
//!
//! Slots: `U_HREF`, the serialized URL (a string; the getters parse it
//! again, which round-trips by the standard's design), and `U_PARAMS`, the
//! URLSearchParams object `searchParams` returns (made on first read, the
//! same object afterwards) or undefined.

use super::url_search_params::{self as usp, Pairs};
use super::{Class, P, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use url::{Url, quirks};

const U_HREF: usize = 0;
const U_PARAMS: usize = 1;
const U_SLOTS: u32 = 2;

/// The parsed URL of a URL object.
fn parsed(u: Value) -> Url {
    let href = string::to_rust(slot(u, U_HREF));
    parse_absolute(&href).unwrap_or_else(|_| perry_gc::fatal(&format!("URL: the serialization {href:?} does not parse again")))
}

/// Recently parsed absolute URLs, and the origin of the last one (as a
/// base URL) for the inputs that share it.
struct ParseCache {
    /// (input, result), most recent last.
    recent: Vec<(String, Url)>,
    /// A URL whose serialization is `scheme://host[:port]/` with no
    /// credentials.
    origin: Option<Url>,
}

const RECENT: usize = 4;

thread_local! {
    static CACHE: std::cell::RefCell<ParseCache> = const { std::cell::RefCell::new(ParseCache { recent: Vec::new(), origin: None }) };
}

/// The basic URL parser on an absolute `input` (URL 4.4), as `Url::parse`,
/// with two shortcuts for what a server does with each request's URL: it
/// parses the same string several times (the Request, `new URL(req.url)`,
/// each getter, which parses the object's serialization again), and every
/// request's URL starts with the same origin.
///
/// - The last few inputs and their results are kept.
/// - An input that is the cached (HTTP or WebSocket) origin's serialization (without its final
///   `/`) followed by a path-absolute `/…` (neither `//` nor `/\`) is the
///   rest parsed against that origin: the path-absolute relative state
///   copies the base's scheme and authority, which parsing the origin's own
///   text gives, so the result is the same URL without running the host
///   parser (IDNA) again.
pub fn parse_absolute(input: &str) -> Result<Url, url::ParseError> {
    let hit = CACHE.with_borrow(|c| c.recent.iter().rev().find(|(s, _)| s == input).map(|(_, u)| u.clone()));
    if let Some(u) = hit {
        return Ok(u);
    }
    let via_origin = CACHE.with_borrow(|c| {
        let o = c.origin.as_ref()?;
        let prefix = o.as_str().strip_suffix('/')?;
        let rest = input.strip_prefix(prefix)?;
        let b = rest.as_bytes();
        if b.first() != Some(&b'/') || matches!(b.get(1), Some(b'/' | b'\\')) {
            return None;
        }
        Some(Url::options().base_url(Some(o)).parse(rest))
    });
    let url = via_origin.unwrap_or_else(|| Url::parse(input))?;
    CACHE.with_borrow_mut(|c| {
        if c.recent.len() == RECENT {
            c.recent.remove(0);
        }
        c.recent.push((input.to_string(), url.clone()));
        let same = c.origin.as_ref().is_some_and(|o| o.scheme() == url.scheme() && o.host_str() == url.host_str() && o.port() == url.port());
        if !same && matches!(url.scheme(), "http" | "https" | "ws" | "wss") && url.username().is_empty() && url.password().is_none() && !url.cannot_be_a_base()
        {
            let mut o = url.clone();
            o.set_path("/");
            o.set_query(None);
            o.set_fragment(None);
            if o.as_str().ends_with('/') {
                c.origin = Some(o);
            }
        }
    });
    Ok(url)
}

fn this_url(args: &Args) -> JsResult {
    super::this_is(args, Class::Url, "URL")
}

/// The TypeError of a failed parse, with `code`, `input` and (when given)
/// `base`, as Node's ERR_INVALID_URL.
fn invalid_url(input: &str, base: Option<&str>) -> error::Exc {
    let scope = HandleScope::new();
    let e = error::new_error(ErrorKind::TypeError, "Invalid URL");
    let he = scope.root(e.0);
    let fields = [("code", Some("ERR_INVALID_URL")), ("input", Some(input)), ("base", base)];
    for (k, v) in fields {
        if let Some(v) = v {
            let key = atoms::intern(k);
            let s = string::from_str(v);
            object::define(Value(he.get()), key, s, shape::DEFAULT);
        }
    }
    error::throw(Value(he.get()))
}

fn missing_url() -> error::Exc {
    super::node_error(ErrorKind::TypeError, "The \"url\" argument must be specified", "ERR_MISSING_ARGS")
}

/// The basic URL parser on `input` against an optional `base` (URL 4.4).
pub fn parse_with_base(input: &str, base: Option<&str>) -> Result<Url, url::ParseError> {
    match base {
        None => parse_absolute(input),
        Some(b) => {
            let b = Url::parse(b)?;
            Url::options().base_url(Some(&b)).parse(input)
        }
    }
}

/// The (input, base) arguments of the constructor, `canParse` and `parse`.
fn url_args(args: &Args) -> JsResult<(String, Option<String>)> {
    if args.is_empty() {
        return Err(missing_url());
    }
    let input = super::to_usv(args.get(0))?;
    let base = if args.get(1).is_undefined() { None } else { Some(super::to_usv(args.get(1))?) };
    Ok((input, base))
}

/// A new URL object with `proto` for `url`.
fn new_url(url: &Url, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto_v.0);
    let s = string::from_str(url.as_str());
    let hs = scope.root(s.0);
    let u = new_platform(Class::Url, U_SLOTS, Value(hp.get()));
    set_slot(u, U_HREF, Value(hs.get()));
    u
}

/// URL ( url [ , base ] ) — URL 6.1.1
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "URL")?;
    let (input, base) = url_args(args)?;
    let Ok(url) = parse_with_base(&input, base.as_deref()) else {
        return Err(invalid_url(&input, base.as_deref()));
    };
    let p = super::proto_for(args, P::UrlProto)?;
    Ok(new_url(&url, p))
}

/// URL.canParse ( url [ , base ] ) — URL 6.1.2
fn can_parse(args: &Args) -> JsResult {
    let (input, base) = url_args(args)?;
    Ok(Value::bool(parse_with_base(&input, base.as_deref()).is_ok()))
}

/// URL.parse ( url [ , base ] ) — URL 6.1.3
fn parse(args: &Args) -> JsResult {
    let (input, base) = url_args(args)?;
    Ok(match parse_with_base(&input, base.as_deref()) {
        Ok(url) => new_url(&url, proto(P::UrlProto)),
        Err(_) => Value::NULL,
    })
}

/// Stores a changed URL back and refreshes its URLSearchParams list.
fn store(u: Value, url: &Url) {
    // The `url` crate's setters can make a URL whose serialization does not parse again (the
    // host of a non-special URL with credentials set to empty): the standard's setters refuse
    // those changes, so the URL stays as it was.
    if url.as_str() != string::to_rust(slot(u, U_HREF)) && parse_absolute(url.as_str()).is_err() {
        return;
    }
    let scope = HandleScope::new();
    let hu = scope.root(u.0);
    let s = string::from_str(url.as_str());
    set_slot(Value(hu.get()), U_HREF, s);
    let p = slot(Value(hu.get()), U_PARAMS);
    if !p.is_undefined() {
        let pairs: Pairs = url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        usp::set_pairs(p, &pairs);
    }
}

/// The URLSearchParams update steps' half: the URL's query becomes `q`
/// (`None`: no query at all).
pub fn set_query_from_params(u: Value, q: Option<&str>) {
    let mut url = parsed(u);
    url.set_query(q);
    if parse_absolute(url.as_str()).is_err() {
        return;
    }
    let scope = HandleScope::new();
    let hu = scope.root(u.0);
    let s = string::from_str(url.as_str());
    set_slot(Value(hu.get()), U_HREF, s);
}

macro_rules! url_getter {
    ($name:ident, $f:expr) => {
        fn $name(args: &Args) -> JsResult {
            let url = parsed(this_url(args)?);
            let f: fn(&Url) -> String = $f;
            Ok(string::from_str(&f(&url)))
        }
    };
}

/// get URL.prototype.href: the serialization, which the object holds.
fn get_href(args: &Args) -> JsResult {
    Ok(slot(this_url(args)?, U_HREF))
}

url_getter!(get_origin, quirks::origin);
url_getter!(get_protocol, |u| quirks::protocol(u).to_string());
url_getter!(get_username, |u| quirks::username(u).to_string());
url_getter!(get_password, |u| quirks::password(u).to_string());
url_getter!(get_host, |u| quirks::host(u).to_string());
url_getter!(get_hostname, |u| quirks::hostname(u).to_string());
url_getter!(get_port, |u| quirks::port(u).to_string());
url_getter!(get_pathname, |u| quirks::pathname(u).to_string());
url_getter!(get_search, |u| quirks::search(u).to_string());
url_getter!(get_hash, |u| quirks::hash(u).to_string());

/// A setter: converts the value (USVString), applies `f` and stores the
/// result; a setter the standard says to ignore leaves the URL as it was.
fn setter(args: &Args, f: fn(&mut Url, &str)) -> JsResult {
    this_url(args)?;
    let v = super::to_usv(args.get(0))?;
    let mut url = parsed(args.this());
    f(&mut url, &v);
    store(args.this(), &url);
    Ok(Value::UNDEFINED)
}

/// set URL.prototype.href — URL 6.1: a failed parse throws.
fn set_href(args: &Args) -> JsResult {
    this_url(args)?;
    let v = super::to_usv(args.get(0))?;
    let Ok(url) = parse_absolute(&v) else { return Err(invalid_url(&v, None)) };
    store(args.this(), &url);
    Ok(Value::UNDEFINED)
}

fn set_protocol(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_protocol(u, v);
    })
}

fn set_username(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_username(u, v);
    })
}

fn set_password(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_password(u, v);
    })
}

fn set_host(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_host(u, v);
    })
}

fn set_hostname(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_hostname(u, v);
    })
}

fn set_port(args: &Args) -> JsResult {
    setter(args, |u, v| {
        let _ = quirks::set_port(u, v);
    })
}

fn set_pathname(args: &Args) -> JsResult {
    setter(args, quirks::set_pathname)
}

fn set_search(args: &Args) -> JsResult {
    setter(args, quirks::set_search)
}

fn set_hash(args: &Args) -> JsResult {
    setter(args, quirks::set_hash)
}

/// get URL.prototype.searchParams — URL 6.1: the same object each time.
fn get_search_params(args: &Args) -> JsResult {
    let u = this_url(args)?;
    let p = slot(u, U_PARAMS);
    if !p.is_undefined() {
        return Ok(p);
    }
    let url = parsed(u);
    let pairs: Pairs = url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let p = usp::new_params(&pairs, args.this(), proto(P::UrlSearchParamsProto));
    set_slot(args.this(), U_PARAMS, p);
    Ok(p)
}

/// URL.prototype.toString ( ) / toJSON ( ) — URL 6.1
fn to_string(args: &Args) -> JsResult {
    Ok(slot(this_url(args)?, U_HREF))
}

/// Node's `[util.inspect.custom]` for URL: `URL { href: ..., ... }`.
pub fn inspect(u: Value) -> String {
    let scope = HandleScope::new();
    let hu = scope.root(u.0);
    let url = parsed(u);
    let o = object::new_plain(12);
    let ho = scope.root(o.0);
    let fields: [(&str, String); 8] = [
        ("href", quirks::href(&url).to_string()),
        ("origin", quirks::origin(&url)),
        ("protocol", quirks::protocol(&url).to_string()),
        ("username", quirks::username(&url).to_string()),
        ("password", quirks::password(&url).to_string()),
        ("host", quirks::host(&url).to_string()),
        ("hostname", quirks::hostname(&url).to_string()),
        ("port", quirks::port(&url).to_string()),
    ];
    let put = |k: &str, v: Value| {
        let s = HandleScope::new();
        let hv = s.root(v.0);
        let key = atoms::intern(k);
        object::define(Value(ho.get()), key, Value(hv.get()), shape::DEFAULT);
    };
    for (k, v) in fields {
        put(k, string::from_str(&v));
    }
    put("pathname", string::from_str(quirks::pathname(&url)));
    put("search", string::from_str(quirks::search(&url)));
    let sp = slot(Value(hu.get()), U_PARAMS);
    let sp = if sp.is_undefined() {
        let pairs: Pairs = url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        usp::new_params(&pairs, Value::UNDEFINED, proto(P::UrlSearchParamsProto))
    } else {
        sp
    };
    put("searchParams", sp);
    put("hash", string::from_str(quirks::hash(&url)));
    format!("URL {}", crate::inspect::inspect(Value(ho.get()), 0))
}

pub fn install() {
    let p = proto(P::UrlProto);
    let c = super::class("URL", 1, ctor, p);
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    method(Value(hc.get()), "canParse", 1, can_parse);
    method(Value(hc.get()), "parse", 1, parse);
    let p = || proto(P::UrlProto);
    super::accessor(p(), "href", get_href, Some(set_href));
    super::accessor(p(), "origin", get_origin, None);
    super::accessor(p(), "protocol", get_protocol, Some(set_protocol));
    super::accessor(p(), "username", get_username, Some(set_username));
    super::accessor(p(), "password", get_password, Some(set_password));
    super::accessor(p(), "host", get_host, Some(set_host));
    super::accessor(p(), "hostname", get_hostname, Some(set_hostname));
    super::accessor(p(), "port", get_port, Some(set_port));
    super::accessor(p(), "pathname", get_pathname, Some(set_pathname));
    super::accessor(p(), "search", get_search, Some(set_search));
    super::accessor(p(), "searchParams", get_search_params, None);
    super::accessor(p(), "hash", get_hash, Some(set_hash));
    method(p(), "toString", 0, to_string);
    method(p(), "toJSON", 0, to_string);
    crate::to_string_tag(p(), "URL");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_absolute` gives `Url::parse`'s result through its cache and
    /// its origin shortcut, whatever came before.
    #[test]
    fn parse_absolute_equals_the_parser() {
        let inputs = [
            "http://127.0.0.1:3000/api/echo?id=x&iterations=20",
            "http://127.0.0.1:3000/api/echo?id=y",
            "http://127.0.0.1:3000/a/../b/./c?x#frag",
            "http://127.0.0.1:3000/a\tb\nc",
            "http://127.0.0.1:3000/%7Efoo/%zz/\u{e9}?q=\u{e9} x",
            "http://127.0.0.1:3000//evil.example/x",
            "http://127.0.0.1:3000/\\evil.example/x",
            "http://127.0.0.1:3000/@evil.example",
            "http://127.0.0.1:3000/x   ",
            "http://127.0.0.1:30000/x",
            "http://127.0.0.1:3000",
            "http://127.0.0.1:3000?q",
            "http://127.0.0.1:3000#f",
            "http://127.0.0.1/x",
            "http://127.0.0.1:80/x",
            "HTTP://127.0.0.1:3000/x",
            "http://user:pw@127.0.0.1:3000/x",
            "http://127.0.0.1:3000/x",
            "https://EXAMPLE.com/a?b",
            "https://example.com/a?b",
            "https://example.com.evil/a",
            "https://xn--bcher-kva.example/x",
            "https://b\u{fc}cher.example/x",
            "file:///C:/x/../y",
            "file:///C:/z",
            "foo://host/x/../y",
            "mailto:someone@example.com",
            "not a url",
            "http://[::1]:8080/x",
            "http://[::1]:8080/y?z",
        ];
        // Twice, so the second round meets a warm cache and origins.
        for _ in 0..2 {
            for (i, input) in inputs.iter().enumerate() {
                let want = Url::parse(input).map(|u| u.to_string());
                let got = parse_absolute(input).map(|u| u.to_string());
                assert_eq!(got, want, "{input:?}");
                // After a different origin was cached.
                let other = inputs[(i * 7 + 3) % inputs.len()];
                let _ = parse_absolute(other);
                assert_eq!(parse_absolute(input).map(|u| u.to_string()), want, "{input:?} after {other:?}");
            }
        }
    }
}
