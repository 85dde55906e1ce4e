//! The Rust API the HTTP server uses (`perry_stdlib::web`): requests built
//! natively read back through the JavaScript-visible classes, and the parts
//! of responses made by the JavaScript constructors. One test: the runtime
//! is per process.

use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::function;
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use perry_stdlib::web::{self, ResponseParts};

fn global(name: &str) -> Value {
    let k = atoms::intern(name);
    object::get(realm::get(I::Global), k).unwrap()
}

fn call_method(o: Value, name: &str, args: &[Value]) -> JsResult {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hargs: Vec<_> = args.iter().map(|a| scope.root(a.0)).collect();
    let k = atoms::intern(name);
    let f = object::get(Value(ho.get()), k)?;
    let args: Vec<Value> = hargs.iter().map(|h| Value(h.get())).collect();
    function::call(f, Value(ho.get()), &args)
}

/// Defines `o[name] = v` with the key interned before anything is read.
fn put(o: perry_gc::Handle, name: &str, v: perry_gc::Handle) {
    let k = atoms::intern(name);
    object::define(Value(o.get()), k, Value(v.get()), perry_runtime::shape::DEFAULT);
}

fn get_str(o: perry_gc::Handle, name: &str) -> String {
    let k = atoms::intern(name);
    let v = object::get(Value(o.get()), k).unwrap();
    string::to_rust(v)
}

/// Runs the microtasks and returns a settled promise's value.
fn settled(p: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    while perry_stdlib::promise::run_one().unwrap() {}
    let (state, v) = perry_stdlib::promise::describe(Value(hp.get()));
    assert_eq!(state, "fulfilled");
    v
}

#[test]
fn requests_and_responses_cross_natively() {
    // Collect at every allocation, checking the heap: a value held across
    // an allocation without a handle fails here.
    // SAFETY: no other thread runs yet.
    unsafe {
        std::env::set_var("PERRY_GC_STRESS", "1");
        std::env::set_var("PERRY_GC_VERIFY", "1");
    }
    perry_runtime::init();
    perry_stdlib::install();
    let scope = HandleScope::new();

    // A request from the server: method normalised, headers combined,
    // set-cookie kept apart, the body read lazily by text().
    let headers: &[(&[u8], &[u8])] = &[
        (b"Host", b"example.com"),
        (b"Content-Type", b" text/plain "),
        (b"X-Dup", b"1"),
        (b"x-dup", b"2"),
        (b"Set-Cookie", b"a=1"),
        (b"set-cookie", b"b=2"),
        (b"X-Latin1", &[0x63, 0x61, 0x66, 0xE9]),
    ];
    let r = web::new_request("post", "http://example.com/a/../b?q=1", headers, b"hello \xE2\x82\xAC".to_vec());
    let hr = scope.root(r.0);
    assert_eq!(get_str(hr, "method"), "POST");
    assert_eq!(get_str(hr, "url"), "http://example.com/b?q=1");
    let k = atoms::intern("headers");
    let h = object::get(Value(hr.get()), k).unwrap();
    let hh = scope.root(h.0);
    let get = |name: &str| {
        let n = string::from_str(name);
        string::to_rust(call_method(Value(hh.get()), "get", &[n]).unwrap())
    };
    // (call_method roots its arguments before it allocates.)
    assert_eq!(get("x-dup"), "1, 2");
    assert_eq!(get("content-type"), "text/plain");
    assert_eq!(get("set-cookie"), "a=1, b=2");
    assert_eq!(get("x-latin1"), "caf\u{e9}");
    let p = call_method(Value(hr.get()), "text", &[]).unwrap();
    assert_eq!(string::to_rust(settled(p)), "hello \u{20ac}");
    let k = atoms::intern("bodyUsed");
    assert_eq!(object::get(Value(hr.get()), k).unwrap(), Value::TRUE);

    // A GET without a body has a null body: reading it twice works.
    let g = web::new_request("get", "http://h/", &[], Vec::new());
    let hg = scope.root(g.0);
    for _ in 0..2 {
        let p = call_method(Value(hg.get()), "text", &[]).unwrap();
        assert_eq!(string::to_rust(settled(p)), "");
    }

    // A Response made by the constructor, seen from Rust.
    let body = string::from_str("payload");
    let hb = scope.root(body.0);
    let init = object::new_plain(2);
    let hi = scope.root(init.0);
    let status = scope.root(Value::int(201).0);
    put(hi, "status", status);
    let hdrs = object::new_plain(2);
    let hd = scope.root(hdrs.0);
    let sc = scope.root(string::from_str("s=1").0);
    put(hd, "Set-Cookie", sc);
    let xa = scope.root(string::from_str("v").0);
    put(hd, "X-A", xa);
    put(hi, "headers", hd);
    let ctor = scope.root(global("Response").0);
    let c = Value(ctor.get());
    let res = function::construct(c, &[Value(hb.get()), Value(hi.get())], c).unwrap();
    let hres = scope.root(res.0);
    let k = atoms::intern("headers");
    let rh = scope.root(object::get(Value(hres.get()), k).unwrap().0);
    let n = string::from_str("set-cookie");
    let hn = scope.root(n.0);
    let v = string::from_str("s=2");
    call_method(Value(rh.get()), "append", &[Value(hn.get()), v]).unwrap();
    let parts = web::response_parts(Value(hres.get())).unwrap().unwrap();
    assert_eq!(
        parts,
        ResponseParts {
            status: 201,
            headers: vec![
                ("content-type".into(), "text/plain;charset=UTF-8".into()),
                ("set-cookie".into(), "s=1".into()),
                ("set-cookie".into(), "s=2".into()),
                ("x-a".into(), "v".into()),
            ],
            body: b"payload".to_vec(),
            streamed: false,
        }
    );
    // Reading the parts does not consume the body.
    let k = atoms::intern("bodyUsed");
    assert_eq!(object::get(Value(hres.get()), k).unwrap(), Value::FALSE);
    assert!(web::response_parts(Value(hr.get())).unwrap().is_none());
    assert!(web::response_parts(Value::int(1)).unwrap().is_none());

    // Byte helpers.
    let u = web::new_uint8array(&[1, 2, 3]);
    // Borrowed bytes are valid until the next allocation.
    assert_eq!(web::bytes_of(u), Some(&[1u8, 2, 3][..]));
    let hu = scope.root(u.0);
    let ab = web::new_array_buffer(&[9, 8]);
    assert_eq!(web::bytes_of_vec(ab), Some(vec![9, 8]));
    assert_eq!(web::bytes_of_vec(Value(hu.get())), Some(vec![1, 2, 3]));
    assert_eq!(web::bytes_of(Value::int(3)), None);
}
