//! URLSearchParams (WHATWG URL Standard, section 6.2) with Node 20's
//! messages; `application/x-www-form-urlencoded` parsing and serializing by
//! the `form_urlencoded` crate.
//!
//! Slots: `S_LIST`, a flat array `[name0, value0, name1, value1, ...]` of
//! strings (what Node keeps too), and `S_URL`, the URL object whose query
//! the list mirrors, or undefined. Every change runs the update steps: the
//! URL's query becomes the serialization.

use super::{Class, Family, P, is, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

pub const S_LIST: usize = 0;
pub const S_URL: usize = 1;
const S_SLOTS: u32 = 2;

/// A name/value list in Rust.
pub type Pairs = Vec<(String, String)>;

/// Parses `application/x-www-form-urlencoded` text (URL 5.1).
pub fn parse_query(s: &str) -> Pairs {
    form_urlencoded::parse(s.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

/// The `application/x-www-form-urlencoded` serializer (URL 5.2).
pub fn serialize(pairs: &Pairs) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

/// The list of a URLSearchParams as Rust strings.
pub fn pairs_of(p: Value) -> Pairs {
    let list = slot(p, S_LIST);
    let n = arr::len(list);
    (0..n / 2).map(|i| (string::to_rust(arr::get_index(list, 2 * i)), string::to_rust(arr::get_index(list, 2 * i + 1)))).collect()
}

/// A new flat array of strings for `pairs`.
fn list_value(pairs: &Pairs) -> Value {
    let scope = HandleScope::new();
    let list = arr::new_array(0);
    let hl = scope.root(list.0);
    for (k, v) in pairs {
        let ks = string::from_str(k);
        arr::push(Value(hl.get()), ks);
        let vs = string::from_str(v);
        arr::push(Value(hl.get()), vs);
    }
    Value(hl.get())
}

/// Replaces the list of `p` (rooted by the caller) without update steps.
pub fn set_pairs(p: Value, pairs: &Pairs) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let l = list_value(pairs);
    set_slot(Value(hp.get()), S_LIST, l);
}

/// A new URLSearchParams with `proto` holding `pairs`, tied to `url`
/// (a URL object or undefined).
pub fn new_params(pairs: &Pairs, url: Value, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hu = scope.root(url.0);
    let hp = scope.root(proto_v.0);
    let l = list_value(pairs);
    let hl = scope.root(l.0);
    let p = new_platform(Class::UrlSearchParams, S_SLOTS, Value(hp.get()));
    set_slot(p, S_LIST, Value(hl.get()));
    set_slot(p, S_URL, Value(hu.get()));
    p
}

/// The update steps (URL 6.2): the associated URL's query follows the list.
fn update(p: Value, pairs: &Pairs) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    set_pairs(p, pairs);
    let u = slot(Value(hp.get()), S_URL);
    if !u.is_undefined() {
        let q = serialize(pairs);
        super::url::set_query_from_params(u, if q.is_empty() { None } else { Some(&q) });
    }
}

fn this_params(args: &Args) -> JsResult {
    super::this_is(args, Class::UrlSearchParams, "URLSearchParams")
}

fn missing(what: &str) -> error::Exc {
    super::node_error(ErrorKind::TypeError, &format!("The {what} must be specified"), "ERR_MISSING_ARGS")
}

fn invalid_tuple() -> error::Exc {
    super::node_error(ErrorKind::TypeError, "Each query pair must be an iterable [name, value] tuple", "ERR_INVALID_TUPLE")
}

/// URLSearchParams ( init ) — URL 6.2.1
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "URLSearchParams")?;
    let init = args.get(0);
    let mut pairs = Pairs::new();
    if init.is_nullish() {
        // Empty.
    } else if is(init, Class::UrlSearchParams) {
        pairs = pairs_of(init);
    } else if init.is_js_object() {
        let it = object::get(init, realm::sym_atom(I::SymIterator))?;
        if !it.is_nullish() {
            if !it.is_callable() {
                return Err(super::node_error(ErrorKind::TypeError, "Query pairs must be iterable", "ERR_ARG_NOT_ITERABLE"));
            }
            // sequence<sequence<USVString>>: each pair must have two items.
            crate::object_builtins::for_each_iterable(args.get(0), &mut |pair, _| {
                if !pair.is_js_object() {
                    return Err(invalid_tuple());
                }
                let scope = HandleScope::new();
                let hpair = scope.root(pair.0);
                let items = arr::new_array(0);
                let hi = scope.root(items.0);
                iter::collect_into(items, Value(hpair.get())).map_err(|_| {
                    error::take();
                    invalid_tuple()
                })?;
                if arr::len(Value(hi.get())) != 2 {
                    return Err(invalid_tuple());
                }
                let k = super::to_usv(arr::get_index(Value(hi.get()), 0))?;
                let v = super::to_usv(arr::get_index(Value(hi.get()), 1))?;
                pairs.push((k, v));
                Ok(())
            })?;
        } else {
            // record<USVString, USVString>: own enumerable string keys.
            let scope = HandleScope::new();
            let ho = scope.root(init.0);
            for key in object::own_keys(init, true, false) {
                let v = object::get(Value(ho.get()), key)?;
                let v = super::to_usv(v)?;
                let k = super::to_usv(perry_runtime::atoms::value(key))?;
                pairs.push((k, v));
            }
        }
    } else {
        let s = super::to_usv(init)?;
        pairs = parse_query(s.strip_prefix('?').unwrap_or(&s));
    }
    let p = super::proto_for(args, P::UrlSearchParamsProto)?;
    Ok(new_params(&pairs, Value::UNDEFINED, p))
}

/// URLSearchParams.prototype.append ( name, value ) — URL 6.2
fn append(args: &Args) -> JsResult {
    this_params(args)?;
    if args.len() < 2 {
        return Err(missing("\"name\" and \"value\" arguments"));
    }
    let k = super::to_usv(args.get(0))?;
    let v = super::to_usv(args.get(1))?;
    let mut pairs = pairs_of(args.this());
    pairs.push((k, v));
    update(args.this(), &pairs);
    Ok(Value::UNDEFINED)
}

/// The optional `value` argument of delete/has (undefined: absent).
fn opt_value(args: &Args) -> JsResult<Option<String>> {
    if args.get(1).is_undefined() { Ok(None) } else { Ok(Some(super::to_usv(args.get(1))?)) }
}

/// URLSearchParams.prototype.delete ( name [ , value ] ) — URL 6.2
fn delete(args: &Args) -> JsResult {
    this_params(args)?;
    if args.is_empty() {
        return Err(missing("\"name\" argument"));
    }
    let k = super::to_usv(args.get(0))?;
    let v = opt_value(args)?;
    let mut pairs = pairs_of(args.this());
    pairs.retain(|(pk, pv)| !(*pk == k && v.as_ref().is_none_or(|v| v == pv)));
    update(args.this(), &pairs);
    Ok(Value::UNDEFINED)
}

/// URLSearchParams.prototype.get ( name ) — URL 6.2
fn get(args: &Args) -> JsResult {
    this_params(args)?;
    if args.is_empty() {
        return Err(missing("\"name\" argument"));
    }
    let k = super::to_usv(args.get(0))?;
    Ok(pairs_of(args.this()).into_iter().find(|(pk, _)| *pk == k).map_or(Value::NULL, |(_, v)| string::from_str(&v)))
}

/// URLSearchParams.prototype.getAll ( name ) — URL 6.2
fn get_all(args: &Args) -> JsResult {
    this_params(args)?;
    if args.is_empty() {
        return Err(missing("\"name\" argument"));
    }
    let k = super::to_usv(args.get(0))?;
    let vals: Vec<String> = pairs_of(args.this()).into_iter().filter(|(pk, _)| *pk == k).map(|(_, v)| v).collect();
    let scope = HandleScope::new();
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    for v in vals {
        let s = string::from_str(&v);
        arr::push(Value(ha.get()), s);
    }
    Ok(Value(ha.get()))
}

/// URLSearchParams.prototype.has ( name [ , value ] ) — URL 6.2
fn has(args: &Args) -> JsResult {
    this_params(args)?;
    if args.is_empty() {
        return Err(missing("\"name\" argument"));
    }
    let k = super::to_usv(args.get(0))?;
    let v = opt_value(args)?;
    Ok(Value::bool(pairs_of(args.this()).iter().any(|(pk, pv)| *pk == k && v.as_ref().is_none_or(|v| v == pv))))
}

/// URLSearchParams.prototype.set ( name, value ) — URL 6.2
fn set(args: &Args) -> JsResult {
    this_params(args)?;
    if args.len() < 2 {
        return Err(missing("\"name\" and \"value\" arguments"));
    }
    let k = super::to_usv(args.get(0))?;
    let v = super::to_usv(args.get(1))?;
    let mut pairs = pairs_of(args.this());
    match pairs.iter().position(|(pk, _)| *pk == k) {
        Some(i) => {
            pairs[i].1 = v;
            let mut j = i + 1;
            while j < pairs.len() {
                if pairs[j].0 == k {
                    pairs.remove(j);
                } else {
                    j += 1;
                }
            }
        }
        None => pairs.push((k, v)),
    }
    update(args.this(), &pairs);
    Ok(Value::UNDEFINED)
}

/// URLSearchParams.prototype.sort ( ) — URL 6.2: a stable sort by name in
/// code units.
fn sort(args: &Args) -> JsResult {
    this_params(args)?;
    let mut pairs = pairs_of(args.this());
    pairs.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    update(args.this(), &pairs);
    Ok(Value::UNDEFINED)
}

/// URLSearchParams.prototype.toString ( ) — URL 6.2
fn to_string(args: &Args) -> JsResult {
    this_params(args)?;
    Ok(string::from_str(&serialize(&pairs_of(args.this()))))
}

/// get URLSearchParams.prototype.size — URL 6.2
fn size(args: &Args) -> JsResult {
    this_params(args)?;
    Ok(Value::int(arr::len(slot(args.this(), S_LIST)) as i64 / 2))
}

/// URLSearchParams.prototype.forEach ( callback [ , thisArg ] ) — WebIDL
/// 3.7.9 (iterable declarations): `callback(value, name, params)` for each
/// pair, reading the list anew at each step.
fn for_each(args: &Args) -> JsResult {
    this_params(args)?;
    let f = args.get(0);
    if !f.is_callable() {
        return Err(super::node_error(
            ErrorKind::TypeError,
            &format!("The \"callback\" argument must be of type function.{}", super::received(f)),
            "ERR_INVALID_ARG_TYPE",
        ));
    }
    let mut i = 0;
    while let Some((k, v)) = pair_at(args.this(), i) {
        function::call(args.get(0), args.get(1), &[v, k, args.this()])?;
        i += 1;
    }
    Ok(Value::UNDEFINED)
}

/// The pair at `i` of the list (for the iterators), as values.
pub fn pair_at(p: Value, i: usize) -> Option<(Value, Value)> {
    let list = slot(p, S_LIST);
    if 2 * i + 1 >= arr::len(list) {
        return None;
    }
    Some((arr::get_index(list, 2 * i), arr::get_index(list, 2 * i + 1)))
}

fn keys(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_params(args)?, super::ITER_KEYS, Family::SearchParams))
}

fn values(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_params(args)?, super::ITER_VALUES, Family::SearchParams))
}

fn entries(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_params(args)?, super::ITER_ENTRIES, Family::SearchParams))
}

/// Node's `[util.inspect.custom]` for URLSearchParams.
pub fn inspect(p: Value, beyond_depth: bool) -> String {
    if beyond_depth {
        return "[Object]".into();
    }
    let quote = |s: &str| crate::inspect::inspect(string::from_str(s), 1);
    let output: Vec<String> = pairs_of(p).iter().map(|(k, v)| format!("{} => {}", quote(k), quote(v))).collect();
    let length: isize = output.iter().map(|s| s.encode_utf16().count() as isize + 2).sum::<isize>() - 2;
    if length > 80 {
        format!("URLSearchParams {{\n  {} }}", output.join(",\n  "))
    } else if !output.is_empty() {
        format!("URLSearchParams {{ {} }}", output.join(", "))
    } else {
        "URLSearchParams {}".into()
    }
}

pub fn install() {
    let p = proto(P::UrlSearchParamsProto);
    super::class("URLSearchParams", 0, ctor, p);
    let p = || proto(P::UrlSearchParamsProto);
    method(p(), "append", 2, append);
    method(p(), "delete", 1, delete);
    method(p(), "get", 1, get);
    method(p(), "getAll", 1, get_all);
    method(p(), "has", 1, has);
    method(p(), "set", 2, set);
    method(p(), "sort", 0, sort);
    super::install_pair_iterable(p(), keys, values, entries);
    method(p(), "forEach", 1, for_each);
    method(p(), "toString", 0, to_string);
    super::accessor(p(), "size", size, None);
    crate::to_string_tag(p(), "URLSearchParams");
}
