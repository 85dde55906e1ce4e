//! FormData (WHATWG XMLHttpRequest Standard, section 5) with string entries
//! only, as `formData()` returns it and as a body Request and Response
//! accept.
//!
//! NOTE: deviates from Node: no Blob or File values (a value is always
//! converted to a string) and no form-element constructor argument.
//!
//! Slot `F_LIST`: a flat array `[name0, value0, ...]` of strings.

use super::url_search_params::Pairs;
use super::{Class, Family, P, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const F_LIST: usize = 0;
const F_SLOTS: u32 = 1;

fn pairs_of(f: Value) -> Pairs {
    let list = slot(f, F_LIST);
    let n = arr::len(list) / 2;
    (0..n).map(|i| (string::to_rust(arr::get_index(list, 2 * i)), string::to_rust(arr::get_index(list, 2 * i + 1)))).collect()
}

fn store(f: Value, pairs: &Pairs) {
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    for (k, v) in pairs {
        let s = string::from_str(k);
        arr::push(Value(ha.get()), s);
        let s = string::from_str(v);
        arr::push(Value(ha.get()), s);
    }
    set_slot(Value(hf.get()), F_LIST, Value(ha.get()));
}

fn new_with(pairs: &Pairs, proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto_v.0);
    let f = new_platform(Class::FormData, F_SLOTS, Value(hp.get()));
    let hf = scope.root(f.0);
    store(f, pairs);
    Value(hf.get())
}

/// A new %FormData% holding `pairs`.
pub fn new_form_data(pairs: &Pairs) -> Value {
    new_with(pairs, proto(P::FormDataProto))
}

fn this_form(args: &Args) -> JsResult {
    let t = args.this();
    if super::is(t, Class::FormData) { Ok(t) } else { Err(super::node_error(ErrorKind::TypeError, "Illegal invocation", "ERR_INVALID_THIS")) }
}

fn need_args(args: &Args, method: &str, n: usize) -> JsResult<()> {
    if args.len() < n {
        let got = if args.is_empty() { "0".to_string() } else { format!("only {}", args.len()) };
        let s = if n == 1 { "" } else { "s" };
        return Err(error::type_error(&format!("FormData.{method}: {n} argument{s} required, but {got} found.")));
    }
    Ok(())
}

/// FormData ( [ form ] ) — XHR 5.1
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "_FormData")?;
    if !args.get(0).is_undefined() {
        return Err(error::type_error("FormData constructor: Argument 1 could not be converted to: undefined."));
    }
    let p = super::proto_for(args, P::FormDataProto)?;
    Ok(new_with(&Pairs::new(), p))
}

/// FormData.prototype.append ( name, value ) — XHR 5.2
fn append(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "append", 2)?;
    let k = super::to_usv(args.get(0))?;
    let v = super::to_usv(args.get(1))?;
    let mut p = pairs_of(args.this());
    p.push((k, v));
    store(args.this(), &p);
    Ok(Value::UNDEFINED)
}

/// FormData.prototype.delete ( name ) — XHR 5.2
fn delete(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "delete", 1)?;
    let k = super::to_usv(args.get(0))?;
    let mut p = pairs_of(args.this());
    p.retain(|e| e.0 != k);
    store(args.this(), &p);
    Ok(Value::UNDEFINED)
}

/// FormData.prototype.get ( name ) — XHR 5.2
fn get(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "get", 1)?;
    let k = super::to_usv(args.get(0))?;
    Ok(pairs_of(args.this()).into_iter().find(|e| e.0 == k).map_or(Value::NULL, |e| string::from_str(&e.1)))
}

/// FormData.prototype.getAll ( name ) — XHR 5.2
fn get_all(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "getAll", 1)?;
    let k = super::to_usv(args.get(0))?;
    let scope = HandleScope::new();
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    for (_, v) in pairs_of(args.this()).into_iter().filter(|e| e.0 == k) {
        let s = string::from_str(&v);
        arr::push(Value(ha.get()), s);
    }
    Ok(Value(ha.get()))
}

/// FormData.prototype.has ( name ) — XHR 5.2
fn has(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "has", 1)?;
    let k = super::to_usv(args.get(0))?;
    Ok(Value::bool(pairs_of(args.this()).iter().any(|e| e.0 == k)))
}

/// FormData.prototype.set ( name, value ) — XHR 5.2
fn set(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "set", 2)?;
    let k = super::to_usv(args.get(0))?;
    let v = super::to_usv(args.get(1))?;
    let mut p = pairs_of(args.this());
    match p.iter().position(|e| e.0 == k) {
        Some(i) => {
            p[i].1 = v;
            let mut j = i + 1;
            while j < p.len() {
                if p[j].0 == k {
                    p.remove(j);
                } else {
                    j += 1;
                }
            }
        }
        None => p.push((k, v)),
    }
    store(args.this(), &p);
    Ok(Value::UNDEFINED)
}

/// The pair at `i` (for the iterators).
pub fn pair_at(f: Value, i: usize) -> Option<(Value, Value)> {
    let list = slot(f, F_LIST);
    if 2 * i + 1 >= arr::len(list) {
        return None;
    }
    Some((arr::get_index(list, 2 * i), arr::get_index(list, 2 * i + 1)))
}

/// FormData.prototype.forEach ( callback [ , thisArg ] ) — WebIDL 3.7.9
fn for_each(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "forEach", 1)?;
    if !args.get(0).is_callable() {
        return Err(error::type_error("Failed to execute 'forEach' on 'FormData': parameter 1 is not of type 'Function'."));
    }
    let mut i = 0;
    while let Some((k, v)) = pair_at(args.this(), i) {
        function::call(args.get(0), args.get(1), &[v, k, args.this()])?;
        i += 1;
    }
    Ok(Value::UNDEFINED)
}

fn keys(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_form(args)?, super::ITER_KEYS, Family::FormData))
}

fn values(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_form(args)?, super::ITER_VALUES, Family::FormData))
}

fn entries(args: &Args) -> JsResult {
    Ok(super::new_pair_iterator(this_form(args)?, super::ITER_ENTRIES, Family::FormData))
}

/// The multipart/form-data encoding of a FormData (HTML 4.10.21.8) and its
/// Content-Type, with undici's boundary form.
pub fn multipart(f: Value) -> (Vec<u8>, String) {
    let mut r = [0u8; 6];
    let _ = getrandom::fill(&mut r);
    let digits: String = r.iter().map(|x| format!("{:02}", x % 100)).collect();
    let boundary = format!("----formdata-undici-0{}", &digits[..11]);
    let escape = |s: &str| s.replace('\n', "%0A").replace('\r', "%0D").replace('"', "%22");
    let mut out = Vec::new();
    for (k, v) in pairs_of(f) {
        let v = v.replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n");
        out.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"\r\n\r\n{v}\r\n", escape(&k)).as_bytes());
    }
    out.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (out, format!("multipart/form-data; boundary={boundary}"))
}

/// undici's `[util.inspect.custom]`: `FormData { name: 'value', ... }`.
pub fn inspect(f: Value) -> String {
    let scope = HandleScope::new();
    // Read before the allocation below, which may move `f`.
    let pairs = pairs_of(f);
    let o = perry_runtime::object::new_plain(4);
    let ho = scope.root(o.0);
    for (k, v) in pairs {
        let s = HandleScope::new();
        let sv = string::from_str(&v);
        let hv = s.root(sv.0);
        let key = perry_runtime::atoms::intern(&k);
        perry_runtime::object::define(Value(ho.get()), key, Value(hv.get()), perry_runtime::shape::DEFAULT);
    }
    format!("FormData {}", crate::inspect::inspect(Value(ho.get()), 0))
}

pub fn install() {
    let p = proto(P::FormDataProto);
    super::class("FormData", 0, ctor, p);
    let p = || proto(P::FormDataProto);
    method(p(), "append", 2, append);
    method(p(), "delete", 1, delete);
    method(p(), "get", 1, get);
    method(p(), "getAll", 1, get_all);
    method(p(), "has", 1, has);
    method(p(), "set", 2, set);
    super::install_pair_iterable(p(), keys, values, entries);
    method(p(), "forEach", 1, for_each);
    crate::to_string_tag(p(), "FormData");
}
