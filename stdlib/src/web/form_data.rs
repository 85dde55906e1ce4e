//! FormData (WHATWG XMLHttpRequest Standard, section 5) as Node 20 (undici 6) has it: entries
//! whose value is a string or a File, as `formData()` returns it and as a body Request and
//! Response accept (serialized as multipart/form-data: [`multipart`]).
//!
//! NOTE: deviates from Node: only native Blobs and Files are Blob values (undici also takes
//! "Blob-like" objects, by their `Symbol.toStringTag` and a `stream` or `arrayBuffer` method,
//! and wraps them in its FileLike), and `util.inspect` options other than the defaults (`depth`,
//! `colors`, ...) do not reach the entries a FormData prints.
//!
//! Slot `F_LIST`: a flat array `[name0, value0, ...]`: each name a string, each value a string
//! or a File (a JS object the collector moves: the array holds it, Rust code only reads it
//! between allocations).

use super::multipart::Part;
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

/// The number of entries of `f`.
fn count(f: Value) -> usize {
    arr::len(slot(f, F_LIST)) / 2
}

/// The name of entry `i`.
fn name_at(f: Value, i: usize) -> String {
    string::to_rust(arr::get_index(slot(f, F_LIST), 2 * i))
}

/// The value of entry `i` (a string or a File).
fn value_at(f: Value, i: usize) -> Value {
    arr::get_index(slot(f, F_LIST), 2 * i + 1)
}

/// The entries of `f` as Rust data (strings and files copied out).
pub fn entries_of(f: Value) -> Vec<(String, Part)> {
    (0..count(f))
        .map(|i| {
            let v = value_at(f, i);
            let part = if v.is_string() {
                Part::Text(string::to_rust(v))
            } else {
                Part::File { filename: super::blob::file_name(v), mime: super::blob::mime_type(v), bytes: super::blob::bytes(v) }
            };
            (name_at(f, i), part)
        })
        .collect()
}

/// Keeps the entries for which `keep(index, name)` holds, in order (no allocation).
fn retain(f: Value, mut keep: impl FnMut(usize, &str) -> bool) {
    let list = slot(f, F_LIST);
    let n = arr::len(list) / 2;
    let mut j = 0;
    for i in 0..n {
        let k = arr::get_index(list, 2 * i);
        if keep(i, &string::to_rust(k)) {
            if i != j {
                let v = arr::get_index(list, 2 * i + 1);
                // In bounds of a dense array the runtime made: stores that cannot fail or allocate.
                let _ = arr::set_index(list, 2 * j, k);
                let _ = arr::set_index(list, 2 * j + 1, v);
            }
            j += 1;
        }
    }
    arr::truncate(list, 2 * j);
}

/// Appends the entry (`name`, `value`) to `f`: `value` a string or a File.
fn push_entry(f: Value, name: &str, value: Value) {
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let hv = scope.root(value.0);
    let k = string::from_str(name);
    let hk = scope.root(k.0);
    arr::push(slot(Value(hf.get()), F_LIST), Value(hk.get()));
    arr::push(slot(Value(hf.get()), F_LIST), Value(hv.get()));
}

fn new_with(proto_v: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto_v.0);
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    let f = new_platform(Class::FormData, F_SLOTS, Value(hp.get()));
    set_slot(f, F_LIST, Value(ha.get()));
    f
}

/// A new %FormData% holding the string entries `pairs`.
pub fn new_form_data(pairs: &Pairs) -> Value {
    let scope = HandleScope::new();
    let hf = scope.root(new_with(proto(P::FormDataProto)).0);
    for (k, v) in pairs {
        let s = string::from_str(v);
        push_entry(Value(hf.get()), k, s);
    }
    Value(hf.get())
}

/// A new %FormData% holding `entries` (what the multipart parser gives): each file a new File
/// (its `lastModified` now).
pub fn new_form_data_of(entries: &[(String, Part)]) -> Value {
    let scope = HandleScope::new();
    let hf = scope.root(new_with(proto(P::FormDataProto)).0);
    let now = super::blob::now_ms();
    for (k, part) in entries {
        let v = match part {
            Part::Text(t) => string::from_str(t),
            Part::File { filename, mime, bytes } => super::blob::new_file(bytes, filename, mime, now),
        };
        push_entry(Value(hf.get()), k, v);
    }
    Value(hf.get())
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
    Ok(new_with(p))
}

/// The name and value of `append`/`set` (XHR 5.2 and undici's `makeEntry`): a Blob value becomes
/// a File named "blob", and a filename gives a new File of that name (keeping the type and
/// `lastModified`); a File without a filename is kept as it is.
fn make_entry(args: &Args, method: &str) -> JsResult<(String, Value)> {
    this_form(args)?;
    need_args(args, method, 2)?;
    let is_blob = super::blob::is_blob(args.get(1));
    if args.len() == 3 && !is_blob {
        return Err(error::type_error(&format!("Failed to execute '{method}' on 'FormData': parameter 2 is not of type 'Blob'")));
    }
    let name = super::to_usv(args.get(0))?;
    if !is_blob {
        let v = super::to_usv(args.get(1))?;
        return Ok((name, string::from_str(&v)));
    }
    let filename = if args.len() == 3 { Some(super::to_usv(args.get(2))?) } else { None };
    let v = args.get(1);
    let is_file = super::is(v, Class::File);
    Ok((
        name,
        match filename {
            None if is_file => v,
            None => super::blob::new_file(&super::blob::bytes(v), "blob", &super::blob::mime_type(v), super::blob::now_ms()),
            Some(filename) => {
                let lm = if is_file { super::blob::last_modified(v) } else { super::blob::now_ms() };
                super::blob::new_file(&super::blob::bytes(v), &filename, &super::blob::mime_type(v), lm)
            }
        },
    ))
}

/// FormData.prototype.append ( name, value [ , filename ] ) — XHR 5.2
fn append(args: &Args) -> JsResult {
    let (name, value) = make_entry(args, "append")?;
    push_entry(args.this(), &name, value);
    Ok(Value::UNDEFINED)
}

/// FormData.prototype.delete ( name ) — XHR 5.2
fn delete(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "delete", 1)?;
    let k = super::to_usv(args.get(0))?;
    retain(args.this(), |_, n| n != k);
    Ok(Value::UNDEFINED)
}

/// The index of the first entry named `k`.
fn find(f: Value, k: &str) -> Option<usize> {
    (0..count(f)).find(|&i| name_at(f, i) == k)
}

/// FormData.prototype.get ( name ) — XHR 5.2
fn get(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "get", 1)?;
    let k = super::to_usv(args.get(0))?;
    Ok(find(args.this(), &k).map_or(Value::NULL, |i| value_at(args.this(), i)))
}

/// FormData.prototype.getAll ( name ) — XHR 5.2
fn get_all(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "getAll", 1)?;
    let k = super::to_usv(args.get(0))?;
    let scope = HandleScope::new();
    let a = arr::new_array(0);
    let ha = scope.root(a.0);
    for i in 0..count(args.this()) {
        if name_at(args.this(), i) == k {
            arr::push(Value(ha.get()), value_at(args.this(), i));
        }
    }
    Ok(Value(ha.get()))
}

/// FormData.prototype.has ( name ) — XHR 5.2
fn has(args: &Args) -> JsResult {
    this_form(args)?;
    need_args(args, "has", 1)?;
    let k = super::to_usv(args.get(0))?;
    Ok(Value::bool(find(args.this(), &k).is_some()))
}

/// FormData.prototype.set ( name, value [ , filename ] ) — XHR 5.2: the first entry named
/// `name` takes the new value, the later ones go; none: appended.
fn set(args: &Args) -> JsResult {
    let (name, value) = make_entry(args, "set")?;
    let scope = HandleScope::new();
    let hv = scope.root(value.0);
    match find(args.this(), &name) {
        Some(first) => {
            let _ = arr::set_index(slot(args.this(), F_LIST), 2 * first + 1, Value(hv.get()));
            retain(args.this(), |i, n| i <= first || n != name);
        }
        None => push_entry(args.this(), &name, Value(hv.get())),
    }
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

/// undici's boundary: `----formdata-undici-0` and 11 random digits.
fn boundary() -> String {
    let mut r = [0u8; 8];
    let _ = getrandom::fill(&mut r);
    format!("----formdata-undici-0{:011}", u64::from_le_bytes(r) % 100_000_000_000)
}

/// The multipart/form-data encoding of a FormData and its Content-Type, as undici's
/// `extractBody` writes them: names with line breaks normalized to CRLF then `\n`, `\r` and `"`
/// escaped as `%0A`, `%0D`, `%22`; string values with line breaks normalized; a file's filename
/// (escaped, left out when empty) and type (`application/octet-stream` when empty).
pub fn multipart(f: Value) -> (Vec<u8>, String) {
    let boundary = boundary();
    let escape = |s: &str| s.replace('\n', "%0A").replace('\r', "%0D").replace('"', "%22");
    let crlf = |s: &str| s.replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n");
    let mut out = Vec::new();
    for (k, part) in entries_of(f) {
        out.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"", escape(&crlf(&k))).as_bytes());
        match part {
            Part::Text(v) => out.extend_from_slice(format!("\r\n\r\n{}\r\n", crlf(&v)).as_bytes()),
            Part::File { filename, mime, bytes } => {
                if !filename.is_empty() {
                    out.extend_from_slice(format!("; filename=\"{}\"", escape(&filename)).as_bytes());
                }
                let mime = if mime.is_empty() { "application/octet-stream" } else { &mime };
                out.extend_from_slice(format!("\r\nContent-Type: {mime}\r\n\r\n").as_bytes());
                out.extend_from_slice(&bytes);
                out.extend_from_slice(b"\r\n");
            }
        }
    }
    out.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (out, format!("multipart/form-data; boundary={boundary}"))
}

/// What `formData()` gives for a body of `bytes` whose Content-Type header is `content_type`
/// (undici's body mixin): multipart/form-data parsed ([`super::multipart`]),
/// application/x-www-form-urlencoded as URLSearchParams parse it, anything else a TypeError.
pub fn from_body(bytes: &[u8], content_type: Option<&str>) -> JsResult {
    let mime = super::multipart::extract_mime_type(content_type);
    match mime.as_ref().map(|m| m.essence.as_str()) {
        Some("multipart/form-data") => {
            let parsed = mime.as_ref().and_then(|m| m.param("boundary")).and_then(|b| super::multipart::parse(bytes, b));
            match parsed {
                Some(entries) => Ok(new_form_data_of(&entries)),
                None => Err(error::type_error("Failed to parse body as FormData.")),
            }
        }
        Some("application/x-www-form-urlencoded") => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            Ok(new_form_data(&super::url_search_params::parse_query(&text)))
        }
        _ => Err(error::type_error("Content-Type was not one of \"multipart/form-data\" or \"application/x-www-form-urlencoded\".")),
    }
}

/// undici's `[util.inspect.custom]`: the entries gathered on a null-prototype object (a name
/// seen again with a truthy value collects its values in an array; with a falsy one, the
/// value is replaced), formatted, its `[Object: null prototype] ` prefix cut off. Printed
/// whatever the depth, as undici ignores it.
pub fn inspect(f: Value, options: &crate::inspect::Options) -> String {
    use perry_runtime::object;
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let o = object::new_object_kind(perry_abi::KIND_OBJECT, Value::NULL, 4);
    let ho = scope.root(o.0);
    for i in 0..count(Value(hf.get())) {
        let s = HandleScope::new();
        let key = perry_runtime::atoms::intern(&name_at(Value(hf.get()), i));
        let hv = s.root(value_at(Value(hf.get()), i).0);
        let prev = match object::get_own_property(Value(ho.get()), key) {
            Some(object::Prop::Data(p, _)) => Some(p),
            _ => None,
        };
        let v = match prev {
            Some(p) if perry_runtime::ops::to_boolean(p) => {
                if p.is_array() {
                    arr::push(p, Value(hv.get()));
                    continue;
                }
                let hp = s.root(p.0);
                arr::from_values(&[Value(hp.get()), Value(hv.get())])
            }
            _ => Value(hv.get()),
        };
        object::define(Value(ho.get()), key, v, perry_runtime::shape::DEFAULT);
    }
    // undici formats the entries with the inspection's options, its whole depth included.
    let text = crate::inspect::inspect_with(Value(ho.get()), options);
    let body = text.find(']').map_or(text.as_str(), |i| &text[(i + 2).min(text.len())..]);
    format!("FormData {body}")
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
