//! The `process` global (Node.js): argv, env, platform, pid, cwd, stdout and stderr (`fd`,
//! `write`, `isTTY`), exit, nextTick,
//! memoryUsage, and
//! the runtime's name: `process.release.name` is "perry" (Node's is "node")
//! and `process.versions.perry` its version.

use perry_gc::HandleScope;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use std::io::Write;

static ARGV: perry_gc::JsCell<Vec<String>> = perry_gc::JsCell::new(Vec::new());

/// Called by `main` before the built-ins are installed.
pub fn set_argv(args: Vec<String>) {
    // SAFETY: `ARGV` is set once by `main` on the JS thread, before any built-in reads it.
    unsafe { *ARGV.get() = args };
}

/// process.exit([code])
fn exit(args: &Args) -> JsResult {
    let code = if args.get(0).is_undefined() { 0 } else { ops::to_number(args.get(0))? as i32 };
    let _ = std::io::stdout().flush();
    perry_gc::stats::summary();
    std::process::exit(code)
}

/// Defines an enumerable data property (keeps both values rooted while interning the key).
fn prop(o: Value, name: &str, v: Value) {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hv = scope.root(v.0);
    let key = perry_runtime::atoms::intern(name);
    object::define(Value(ho.get()), key, Value(hv.get()), perry_runtime::shape::DEFAULT);
}

/// The `{ rss, heapTotal, heapUsed, external, arrayBuffers }` of
/// process.memoryUsage(): the resident set, the heap's committed bytes
/// ([`perry_gc::heap::committed`]) and the bytes of its cells in use. Buffer
/// stores live in the heap, so `external` and `arrayBuffers` are 0.
fn memory_usage(_args: &Args) -> JsResult {
    let rss = perry_gc::stats::rss_bytes() as f64;
    let total = perry_gc::heap::committed() as f64;
    let used = perry_gc::heap::in_use() as f64;
    let scope = HandleScope::new();
    let o = scope.root(object::new_plain(5).0);
    for (k, v) in [("rss", rss), ("heapTotal", total), ("heapUsed", used), ("external", 0.0), ("arrayBuffers", 0.0)] {
        prop(Value(o.get()), k, Value::num(v));
    }
    Ok(Value(o.get()))
}

/// process.cwd(): the working directory (an Error if it was removed, as in Node).
fn cwd(_args: &Args) -> JsResult {
    match std::env::current_dir() {
        Ok(d) => Ok(string::from_str(&d.to_string_lossy())),
        Err(e) => Err(perry_runtime::error::throw_error(perry_runtime::error::ErrorKind::Error, &format!("ENOENT: process.cwd failed: {e}"))),
    }
}

/// `process.stdout.write` / `process.stderr.write` (chunk [, encoding] [, callback]): a string
/// (UTF-8) or a Uint8Array, written at once, in order with `console.log`; the callback runs on
/// the next tick. Returns true (nothing is ever buffered for later).
fn stream_write(args: &Args, to_stderr: bool) -> JsResult {
    let chunk = args.get(0);
    let bytes = if chunk.is_string() {
        string::to_rust(chunk).into_bytes()
    } else if let Some(b) = perry_runtime::bytes::bytes_of_vec(chunk) {
        b
    } else {
        let (code, msg) = if chunk.is_null() {
            ("ERR_STREAM_NULL_VALUES", "May not write null values to stream".to_string())
        } else {
            ("ERR_INVALID_ARG_TYPE", invalid_chunk(chunk)?)
        };
        let scope = HandleScope::new();
        let e = scope.root(perry_runtime::error::new_error(perry_runtime::error::ErrorKind::TypeError, &msg).0);
        let code = string::from_str(code);
        prop(Value(e.get()), "code", code);
        return Err(perry_runtime::error::throw(Value(e.get())));
    };
    if to_stderr {
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().lock().write_all(&bytes);
    } else {
        let _ = std::io::stdout().lock().write_all(&bytes);
    }
    let cb = (1..args.len()).map(|i| args.get(i)).find(|v| v.is_callable());
    if let Some(cb) = cb {
        crate::event_loop::queue_tick(cb);
    }
    Ok(Value::bool(true))
}
fn stdout_write(args: &Args) -> JsResult {
    stream_write(args, false)
}
fn stderr_write(args: &Args) -> JsResult {
    stream_write(args, true)
}

/// Node's message for a chunk that is neither a string nor bytes.
fn invalid_chunk(chunk: Value) -> JsResult<String> {
    let got = if chunk.is_undefined() {
        "undefined".to_string()
    } else if chunk.is_object() {
        "an instance of Object".to_string()
    } else {
        format!("type {} ({})", ops::typeof_str(chunk), ops::to_rust_string(chunk)?)
    };
    Ok(format!("The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received {got}"))
}

/// `process.stdout` or `process.stderr`: `fd`, `write`, and `isTTY` when it is a terminal.
fn stream(fd: i32, tty: bool, write: perry_runtime::function::NativeFn) -> Value {
    let scope = HandleScope::new();
    let s = scope.root(object::new_plain(3).0);
    prop(Value(s.get()), "fd", Value::int(fd as i64));
    if tty {
        prop(Value(s.get()), "isTTY", Value::bool(true));
    }
    crate::method(Value(s.get()), "write", 1, write);
    Value(s.get())
}

/// process.memoryUsage.rss()
fn memory_usage_rss(_args: &Args) -> JsResult {
    Ok(Value::num(perry_gc::stats::rss_bytes() as f64))
}

pub fn install() {
    let scope = HandleScope::new();
    let p = object::new_plain(8);
    let hp = scope.root(p.0);
    // argv: [executable, script, ...args], as Node gives [node, script, ...].
    let argv = perry_runtime::array::new_array(0);
    let ha = scope.root(argv.0);
    // SAFETY: the JS thread only; the borrow ends with the `clone`.
    let args = unsafe { ARGV.get() }.clone();
    let exe = std::env::current_exe().map(|p| p.to_string_lossy().into_owned()).unwrap_or_else(|_| args.first().cloned().unwrap_or_default());
    let mut list = vec![exe.clone(), exe];
    list.extend(args.into_iter().skip(1));
    for a in list {
        let s = string::from_str(&a);
        perry_runtime::array::push(Value(ha.get()), s);
    }
    prop(Value(hp.get()), "argv", Value(ha.get()));
    let env = object::new_plain(16);
    let he = scope.root(env.0);
    for (k, v) in std::env::vars() {
        let s = string::from_str(&v);
        prop(Value(he.get()), &k, s);
    }
    prop(Value(hp.get()), "env", Value(he.get()));
    let pl = string::from_str("linux");
    prop(Value(hp.get()), "platform", pl);
    let release = object::new_plain(1);
    let hr = scope.root(release.0);
    let name = string::from_str("perry");
    prop(Value(hr.get()), "name", name);
    prop(Value(hp.get()), "release", Value(hr.get()));
    let versions = object::new_plain(1);
    let hv = scope.root(versions.0);
    let version = string::from_str(env!("CARGO_PKG_VERSION"));
    prop(Value(hv.get()), "perry", version);
    prop(Value(hp.get()), "versions", Value(hv.get()));
    prop(Value(hp.get()), "pid", Value::int(std::process::id() as i64));
    crate::method(Value(hp.get()), "cwd", 0, cwd);
    {
        use std::io::IsTerminal;
        let out = stream(1, std::io::stdout().is_terminal(), stdout_write);
        prop(Value(hp.get()), "stdout", out);
        let err = stream(2, std::io::stderr().is_terminal(), stderr_write);
        prop(Value(hp.get()), "stderr", err);
    }
    crate::method(Value(hp.get()), "exit", 1, exit);
    crate::method(Value(hp.get()), "nextTick", 1, crate::event_loop::next_tick);
    let mu = crate::method(Value(hp.get()), "memoryUsage", 0, memory_usage);
    let hm = scope.root(mu.0);
    crate::method(Value(hm.get()), "rss", 0, memory_usage_rss);
    crate::global_value("process", Value(hp.get()));
}
