//! Headers (WHATWG Fetch Standard, section 5.2) as Node 20 (undici 6) has
//! it: names compared case-insensitively, values normalized, `get` joins
//! repeated values with ", " (with "; " for `cookie`, as undici does),
//! iteration in sorted lower-case order with each `set-cookie` separate.
//!
//! Slots: `H_LIST`, a flat array `[lower-case name, name as first given,
//! combined value, ...]` in insertion order (undici's headers map);
//! `H_COOKIES`, the `set-cookie` values in order (an array) or undefined;
//! `H_GUARD`, the guard (`GUARD_*`); `H_SORTED`, the sort-and-combine list
//! (a flat `[name, value, ...]` array) cached until the next change.

use super::{Class, Family, P, is, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const H_LIST: usize = 0;
const H_COOKIES: usize = 1;
const H_GUARD: usize = 2;
const H_SORTED: usize = 3;
const H_SLOTS: u32 = 4;

pub const GUARD_NONE: i64 = 0;
pub const GUARD_IMMUTABLE: i64 = 1;
pub const GUARD_REQUEST: i64 = 2;
pub const GUARD_RESPONSE: i64 = 3;

/// A header list in Rust: `(lower-case name, name as given, value)` in
/// insertion order, and the `set-cookie` values.
#[derive(Default, Clone, Debug)]
pub struct List {
    pub entries: Vec<(String, String, String)>,
    pub cookies: Option<Vec<String>>,
}

impl List {
    /// Append (Fetch 2.2.2 "append", undici's combination rules).
    pub fn append(&mut self, name: &str, value: &str) {
        let lower = name.to_ascii_lowercase();
        if let Some(e) = self.entries.iter_mut().find(|e| e.0 == lower) {
            let delim = if lower == "cookie" { "; " } else { ", " };
            e.2 = format!("{}{delim}{value}", e.2);
        } else {
            self.entries.push((lower.clone(), name.to_string(), value.to_string()));
        }
        if lower == "set-cookie" {
            self.cookies.get_or_insert_with(Vec::new).push(value.to_string());
        }
    }

    /// Set (Fetch 2.2.2 "set"): replaces the value in place, the name's
    /// case becomes the one given.
    pub fn set(&mut self, name: &str, value: &str) {
        let lower = name.to_ascii_lowercase();
        if let Some(e) = self.entries.iter_mut().find(|e| e.0 == lower) {
            e.1 = name.to_string();
            e.2 = value.to_string();
        } else {
            self.entries.push((lower.clone(), name.to_string(), value.to_string()));
        }
        if lower == "set-cookie" {
            self.cookies = Some(vec![value.to_string()]);
        }
    }

    pub fn delete(&mut self, name: &str) {
        let lower = name.to_ascii_lowercase();
        if lower == "set-cookie" {
            self.cookies = None;
        }
        self.entries.retain(|e| e.0 != lower);
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        let lower = name.to_ascii_lowercase();
        self.entries.iter().find(|e| e.0 == lower).map(|e| e.2.as_str())
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sort and combine (Fetch 2.2.2): lower-case names in order, each
    /// `set-cookie` value separate.
    pub fn sorted(&self) -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = self.entries.iter().map(|e| (e.0.clone(), e.2.clone())).collect();
        names.sort_by(|a, b| a.0.cmp(&b.0));
        let cookies = match &self.cookies {
            Some(c) if c.len() > 1 => c,
            _ => return names,
        };
        let mut out = Vec::new();
        for (n, v) in names {
            if n == "set-cookie" {
                out.extend(cookies.iter().map(|c| (n.clone(), c.clone())));
            } else {
                out.push((n, v));
            }
        }
        out
    }
}

/// Whether `b` is an HTTP token (a valid header name).
pub fn is_token(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c))
}

/// Normalizes a header value: leading and trailing HTTP whitespace removed.
pub fn normalize_value(v: &str) -> &str {
    v.trim_matches(|c| matches!(c, '\t' | '\n' | '\r' | ' '))
}

/// Whether a normalized value is valid (no NUL, CR or LF).
pub fn is_valid_value(v: &str) -> bool {
    !v.contains(['\0', '\r', '\n'])
}

/// The list of a Headers object.
pub fn list_of(h: Value) -> List {
    let l = slot(h, H_LIST);
    let n = arr::len(l) / 3;
    let s = |i: usize| string::to_rust(arr::get_index(l, i));
    let entries = (0..n).map(|i| (s(3 * i), s(3 * i + 1), s(3 * i + 2))).collect();
    let c = slot(h, H_COOKIES);
    let cookies = if c.is_undefined() { None } else { Some((0..arr::len(c)).map(|i| string::to_rust(arr::get_index(c, i))).collect()) };
    List { entries, cookies }
}

fn strings_array(items: &[&str]) -> Value {
    let scope = HandleScope::new();
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    for s in items {
        let v = string::from_str(s);
        arr::push(Value(ha.get()), v);
    }
    Value(ha.get())
}

/// Stores `list` in the Headers object `h` (and drops the sorted cache).
pub fn store(h: Value, list: &List) {
    let scope = HandleScope::new();
    let hh = scope.root(h.0);
    let flat: Vec<&str> = list.entries.iter().flat_map(|e| [e.0.as_str(), e.1.as_str(), e.2.as_str()]).collect();
    let l = strings_array(&flat);
    set_slot(Value(hh.get()), H_LIST, l);
    let c = match &list.cookies {
        Some(c) => strings_array(&c.iter().map(String::as_str).collect::<Vec<_>>()),
        None => Value::UNDEFINED,
    };
    set_slot(Value(hh.get()), H_COOKIES, c);
    set_slot(Value(hh.get()), H_SORTED, Value::UNDEFINED);
}

/// A new Headers object with `list` and `guard`.
pub fn new_headers(list: &List, guard: i64, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto_v.0);
    let h = new_platform(Class::Headers, H_SLOTS, Value(hp.get()));
    let hh = scope.root(h.0);
    set_slot(h, H_GUARD, Value::int(guard));
    store(Value(hh.get()), list);
    Value(hh.get())
}

/// A new %Headers% with `list` and `guard`.
pub fn new_intrinsic(list: &List, guard: i64) -> Value {
    new_headers(list, guard, proto(P::HeadersProto))
}

/// The guard of a Headers object.
pub fn guard_of(h: Value) -> i64 {
    slot(h, H_GUARD).as_number() as i64
}

pub fn set_guard(h: Value, g: i64) {
    set_slot(h, H_GUARD, Value::int(g));
}

/// WebIDL ByteString: ToString, then every code unit must be below 256.
pub fn byte_string(v: Value) -> JsResult<String> {
    let s = ops::to_string(v)?;
    let u = &string::units16(s);
    if let Some(i) = u.iter().position(|&c| c > 255) {
        return Err(error::type_error(&format!(
            "Cannot convert argument to a ByteString because the character at index {i} has a value of {} which is greater than 255.",
            u[i]
        )));
    }
    Ok(u.iter().map(|&c| c as u8 as char).collect())
}

fn invalid_name(method: &str, name: &str) -> error::Exc {
    error::type_error(&format!("Headers.{method}: \"{name}\" is an invalid header name."))
}

/// A validated (name, normalized value) for `method`.
fn name_value(method: &str, n: Value, v: Value) -> JsResult<(String, String)> {
    let name = byte_string(n)?;
    let value = byte_string(v)?;
    let value = normalize_value(&value).to_string();
    if !is_token(&name) {
        return Err(invalid_name(method, &name));
    }
    if !is_valid_value(&value) {
        return Err(error::type_error(&format!("Headers.{method}: \"{value}\" is an invalid header value.")));
    }
    Ok((name, value))
}

fn checked_name(method: &str, n: Value) -> JsResult<String> {
    let name = byte_string(n)?;
    if !is_token(&name) {
        return Err(invalid_name(method, &name));
    }
    Ok(name)
}

fn need_args(args: &Args, method: &str, n: usize) -> JsResult<()> {
    if args.len() < n {
        let got = if args.is_empty() { "0".to_string() } else { format!("only {}", args.len()) };
        let s = if n == 1 { "" } else { "s" };
        return Err(error::type_error(&format!("Headers.{method}: {n} argument{s} required, but {got} found.")));
    }
    Ok(())
}

fn immutable() -> error::Exc {
    error::type_error("immutable")
}

fn this_headers(args: &Args) -> JsResult {
    let t = args.this();
    if is(t, Class::Headers) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS")) }
}

/// Fills a header list from a HeadersInit (Fetch 5.2 "fill").
pub fn fill(list: &mut List, init: Value) -> JsResult<()> {
    if init.is_undefined() {
        return Ok(());
    }
    if is(init, Class::Headers) {
        for (n, v) in list_of(init).sorted() {
            list.append(&n, &v);
        }
        return Ok(());
    }
    if !init.is_js_object() {
        return Err(error::type_error(
            "Headers constructor: Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.",
        ));
    }
    let scope = HandleScope::new();
    let hi = scope.root(init.0);
    let it = object::get(init, realm::sym_atom(I::SymIterator))?;
    if !it.is_nullish() {
        // sequence<sequence<ByteString>>.
        crate::object_builtins::for_each_iterable(Value(hi.get()), &mut |pair, k| {
            let s = HandleScope::new();
            let hp = s.root(pair.0);
            let m = if pair.is_js_object() { object::get(pair, realm::sym_atom(I::SymIterator))? } else { Value::UNDEFINED };
            if m.is_nullish() {
                let shown = crate::inspect::inspect(Value(hp.get()), 1);
                return Err(error::type_error(&format!("Headers contructor: init[{k}] ({shown}) is not iterable.")));
            }
            let items = arr::new_array(0);
            let hitems = s.root(items.0);
            iter::collect_into(items, Value(hp.get()))?;
            let n = arr::len(Value(hitems.get()));
            if n != 2 {
                return Err(error::type_error(&format!("Headers constructor: expected name/value pair to be length 2, found {n}.")));
            }
            let (name, value) = name_value("append", arr::get_index(Value(hitems.get()), 0), arr::get_index(Value(hitems.get()), 1))?;
            list.append(&name, &value);
            Ok(())
        })?;
        return Ok(());
    }
    // record<ByteString, ByteString>.
    for key in object::own_keys(Value(hi.get()), true, false) {
        let v = object::get(Value(hi.get()), key)?;
        let s = HandleScope::new();
        let hv = s.root(v.0);
        let (name, value) = name_value("append", perry_runtime::atoms::value(key), Value(hv.get()))?;
        list.append(&name, &value);
    }
    Ok(())
}

/// Headers ( [ init ] ) — Fetch 5.2
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "_Headers")?;
    let init = args.get(0);
    let mut list = List::default();
    if init.is_null() {
        return Err(error::type_error(
            "Headers constructor: Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.",
        ));
    }
    fill(&mut list, init)?;
    let p = super::proto_for(args, P::HeadersProto)?;
    Ok(new_headers(&list, GUARD_NONE, p))
}

/// Headers.prototype.append ( name, value ) — Fetch 5.2
fn append(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "append", 2)?;
    let (name, value) = name_value("append", args.get(0), args.get(1))?;
    if guard_of(args.this()) == GUARD_IMMUTABLE {
        return Err(immutable());
    }
    let mut l = list_of(args.this());
    l.append(&name, &value);
    store(args.this(), &l);
    Ok(Value::UNDEFINED)
}

/// Headers.prototype.delete ( name ) — Fetch 5.2
fn delete(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "delete", 1)?;
    let name = checked_name("delete", args.get(0))?;
    if guard_of(args.this()) == GUARD_IMMUTABLE {
        return Err(immutable());
    }
    let mut l = list_of(args.this());
    if !l.contains(&name) {
        return Ok(Value::UNDEFINED);
    }
    l.delete(&name);
    store(args.this(), &l);
    Ok(Value::UNDEFINED)
}

/// Headers.prototype.get ( name ) — Fetch 5.2
fn get(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "get", 1)?;
    let name = checked_name("get", args.get(0))?;
    Ok(match get_value(args.this(), &name) {
        Some(v) => v,
        None => Value::NULL,
    })
}

/// The combined value of `name` as a string value, found without
/// allocating until the answer.
pub fn get_value(h: Value, name: &str) -> Option<Value> {
    let lower: Vec<u16> = name.to_ascii_lowercase().encode_utf16().collect();
    let l = slot(h, H_LIST);
    let n = arr::len(l) / 3;
    (0..n).find(|&i| string::view(arr::get_index(l, 3 * i)).eq_units(&lower)).map(|i| arr::get_index(l, 3 * i + 2))
}

/// Headers.prototype.getSetCookie ( ) — Fetch 5.2
fn get_set_cookie(args: &Args) -> JsResult {
    this_headers(args)?;
    let c = slot(args.this(), H_COOKIES);
    if c.is_undefined() {
        return Ok(arr::new_array(0));
    }
    let n = arr::len(c);
    let items: Vec<Value> = (0..n).map(|i| arr::get_index(c, i)).collect();
    Ok(arr::from_values(&items))
}

/// Headers.prototype.has ( name ) — Fetch 5.2
fn has(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "has", 1)?;
    let name = checked_name("has", args.get(0))?;
    Ok(Value::bool(get_value(args.this(), &name).is_some()))
}

/// Headers.prototype.set ( name, value ) — Fetch 5.2
fn set(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "set", 2)?;
    let (name, value) = name_value("set", args.get(0), args.get(1))?;
    if guard_of(args.this()) == GUARD_IMMUTABLE {
        return Err(immutable());
    }
    let mut l = list_of(args.this());
    l.set(&name, &value);
    store(args.this(), &l);
    Ok(Value::UNDEFINED)
}

/// The sort-and-combine list of `h` as a flat array (cached).
fn sorted_array(h: Value) -> Value {
    let c = slot(h, H_SORTED);
    if !c.is_undefined() {
        return c;
    }
    let scope = HandleScope::new();
    let hh = scope.root(h.0);
    let sorted = list_of(h).sorted();
    let flat: Vec<&str> = sorted.iter().flat_map(|(n, v)| [n.as_str(), v.as_str()]).collect();
    let a = strings_array(&flat);
    set_slot(Value(hh.get()), H_SORTED, a);
    a
}

/// The pair at `i` of the sorted list (for the iterators).
pub fn pair_at(h: Value, i: usize) -> JsResult<Option<(Value, Value)>> {
    let a = sorted_array(h);
    if 2 * i + 1 >= arr::len(a) {
        return Ok(None);
    }
    Ok(Some((arr::get_index(a, 2 * i), arr::get_index(a, 2 * i + 1))))
}

/// Headers.prototype.forEach ( callback [ , thisArg ] ) — WebIDL 3.7.9
fn for_each(args: &Args) -> JsResult {
    this_headers(args)?;
    need_args(args, "forEach", 1)?;
    if !args.get(0).is_callable() {
        return Err(error::type_error("Failed to execute 'forEach' on 'Headers': parameter 1 is not of type 'Function'."));
    }
    let mut i = 0;
    while let Some((k, v)) = pair_at(args.this(), i)? {
        function::call(args.get(0), args.get(1), &[v, k, args.this()])?;
        i += 1;
    }
    Ok(Value::UNDEFINED)
}

fn keys(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_headers(args)?, super::ITER_KEYS, Family::Headers))
}

fn values(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_headers(args)?, super::ITER_VALUES, Family::Headers))
}

fn entries(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_headers(args)?, super::ITER_ENTRIES, Family::Headers))
}

/// undici's `[util.inspect.custom]`: `Headers { Name: 'value', ... }` with
/// the names as first given, in insertion order.
pub fn inspect(h: Value) -> String {
    let scope = HandleScope::new();
    let l = list_of(h);
    let o = object::new_plain(4);
    let ho = scope.root(o.0);
    for (_, name, value) in &l.entries {
        let s = HandleScope::new();
        let v = string::from_str(value);
        let hv = s.root(v.0);
        let k = perry_runtime::atoms::intern(name);
        object::define(Value(ho.get()), k, Value(hv.get()), perry_runtime::shape::DEFAULT);
    }
    format!("Headers {}", crate::inspect::inspect(Value(ho.get()), 0))
}

pub fn install() {
    let p = proto(P::HeadersProto);
    super::class("Headers", 0, ctor, p);
    let p = || proto(P::HeadersProto);
    method(p(), "append", 2, append);
    method(p(), "delete", 1, delete);
    method(p(), "get", 1, get);
    method(p(), "getSetCookie", 0, get_set_cookie);
    method(p(), "has", 1, has);
    method(p(), "set", 2, set);
    super::install_pair_iterable(p(), keys, values, entries);
    method(p(), "forEach", 1, for_each);
    crate::to_string_tag(p(), "Headers");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_and_sort() {
        let mut l = List::default();
        l.append("X-B", "2");
        l.append("Cookie", "a=1");
        l.append("cookie", "b=2");
        l.append("Set-Cookie", "s=1");
        l.append("set-cookie", "s=2");
        assert_eq!(l.get("COOKIE"), Some("a=1; b=2"));
        assert_eq!(l.get("set-cookie"), Some("s=1, s=2"));
        let s = l.sorted();
        let names: Vec<&str> = s.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["cookie", "set-cookie", "set-cookie", "x-b"]);
        l.set("SET-COOKIE", "c");
        assert_eq!(l.sorted()[1], ("set-cookie".into(), "c".into()));
        l.delete("set-cookie");
        assert!(l.cookies.is_none() && !l.contains("set-cookie"));
    }

    #[test]
    fn validation() {
        assert!(is_token("x-a") && !is_token("a b") && !is_token("") && !is_token("é"));
        assert_eq!(normalize_value(" \t v \r\n"), "v");
        assert!(!is_valid_value("a\nb") && is_valid_value("a b"));
    }
}
