//! Error and the NativeError constructors (ECMAScript 20.5).

use crate::method;
use perry_gc::HandleScope;
use perry_runtime::atoms::{self, names};
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

fn make(args: &Args, fallback: I) -> JsResult {
    let nt = if args.new_target().is_undefined() { args.callee() } else { args.new_target() };
    let proto = function::proto_from_new_target(nt, fallback)?;
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let m = args.get(0);
    let msg = if m.is_undefined() { m } else { ops::to_string(m)? };
    let e = error::new_error_with_proto(Value(hp.get()), msg);
    let he = scope.root(e.0);
    // InstallErrorCause — 20.5.8.1
    let opts = args.get(1);
    if opts.is_object() && object::has_property(opts, names::CAUSE) {
        let c = object::get(opts, names::CAUSE)?;
        object::define_hidden(Value(he.get()), names::CAUSE, c);
    }
    Ok(Value(he.get()))
}

/// Error ( message [ , options ] ) — 20.5.1.1
fn error_ctor(args: &Args) -> JsResult {
    make(args, I::ErrorProto)
}
fn type_error_ctor(args: &Args) -> JsResult {
    make(args, I::TypeErrorProto)
}
fn range_error_ctor(args: &Args) -> JsResult {
    make(args, I::RangeErrorProto)
}
fn syntax_error_ctor(args: &Args) -> JsResult {
    make(args, I::SyntaxErrorProto)
}
fn reference_error_ctor(args: &Args) -> JsResult {
    make(args, I::ReferenceErrorProto)
}
fn eval_error_ctor(args: &Args) -> JsResult {
    make(args, I::EvalErrorProto)
}
fn uri_error_ctor(args: &Args) -> JsResult {
    make(args, I::UriErrorProto)
}

/// AggregateError ( errors, message [ , options ] ) — 20.5.7.1
fn aggregate_error_ctor(args: &Args) -> JsResult {
    let nt = if args.new_target().is_undefined() { args.callee() } else { args.new_target() };
    let proto = function::proto_from_new_target(nt, I::AggregateErrorProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let m = args.get(1);
    let msg = if m.is_undefined() { m } else { ops::to_string(m)? };
    let e = error::new_error_with_proto(Value(hp.get()), msg);
    let he = scope.root(e.0);
    let list = perry_runtime::array::new_array(0);
    let hl = scope.root(list.0);
    perry_runtime::iter::collect_into(list, args.get(0))?;
    object::define_hidden(Value(he.get()), names::ERRORS, Value(hl.get()));
    Ok(Value(he.get()))
}

/// A new AggregateError with `errors` (an array) and `message`.
pub fn aggregate_error(errors: Value, message: &str) -> Value {
    let scope = HandleScope::new();
    let hl = scope.root(errors.0);
    let msg = perry_runtime::string::from_str(message);
    let e = error::new_error_with_proto(realm::get(I::AggregateErrorProto), msg);
    let he = scope.root(e.0);
    object::define_hidden(Value(he.get()), names::ERRORS, Value(hl.get()));
    Value(he.get())
}

/// Error.prototype.toString — 20.5.3.4
fn to_string(args: &Args) -> JsResult {
    let o = args.this();
    if !o.is_js_object() {
        return Err(error::type_error("Error.prototype.toString requires that 'this' be an Object"));
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let n = object::get(o, names::NAME)?;
    let name = if n.is_undefined() { "Error".to_string() } else { ops::to_rust_string(n)? };
    let m = object::get(Value(ho.get()), names::MESSAGE)?;
    let msg = if m.is_undefined() { String::new() } else { ops::to_rust_string(m)? };
    Ok(string::from_str(&if name.is_empty() {
        msg
    } else if msg.is_empty() {
        name
    } else {
        format!("{name}: {msg}")
    }))
}

pub fn install() {
    let ctor = crate::constructor("Error", 1, error_ctor, realm::get(I::ErrorProto));
    let scope = HandleScope::new();
    let hctor = scope.root(ctor.0);
    let n = string::from_str("Error");
    object::define_hidden(realm::get(I::ErrorProto), names::NAME, n);
    object::define_hidden(realm::get(I::ErrorProto), names::MESSAGE, atoms::value(names::EMPTY));
    method(realm::get(I::ErrorProto), "toString", 0, to_string);
    method(Value(hctor.get()), "captureStackTrace", 1, capture_stack_trace);
    let natives: [(&str, I, perry_runtime::function::NativeFn, u32); 7] = [
        ("TypeError", I::TypeErrorProto, type_error_ctor, 1),
        ("RangeError", I::RangeErrorProto, range_error_ctor, 1),
        ("SyntaxError", I::SyntaxErrorProto, syntax_error_ctor, 1),
        ("ReferenceError", I::ReferenceErrorProto, reference_error_ctor, 1),
        ("EvalError", I::EvalErrorProto, eval_error_ctor, 1),
        ("URIError", I::UriErrorProto, uri_error_ctor, 1),
        ("AggregateError", I::AggregateErrorProto, aggregate_error_ctor, 2),
    ];
    for (name, p, f, len) in natives {
        let c = crate::constructor(name, len, f, realm::get(p));
        object::set_proto(c, Value(hctor.get()));
        let n = string::from_str(name);
        object::define_hidden(realm::get(p), names::NAME, n);
        object::define_hidden(realm::get(p), names::MESSAGE, atoms::value(names::EMPTY));
    }
    let _ = ErrorKind::Error;
}

/// Error.captureStackTrace (V8 extension): sets `stack` on the target.
fn capture_stack_trace(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_object() {
        error::capture_stack(o);
    }
    Ok(Value::UNDEFINED)
}

/// V8's stack trace API (the `stack_api` family, linked when a program names
/// `prepareStackTrace` or `stackTraceLimit`): `Error.stackTraceLimit`, and stack traces made
/// through `Error.prepareStackTrace` when it is a function.
pub fn install_stack_api() {
    let Some(ctor) = object::get_data_chain(realm::get(I::ErrorProto), names::CONSTRUCTOR) else { return };
    let scope = HandleScope::new();
    let hc = scope.root(ctor.0);
    let limit = atoms::intern("stackTraceLimit");
    object::define(Value(hc.get()), limit, Value::int(10), perry_runtime::shape::DEFAULT);
    error::set_stack_hooks(error::StackHooks { limit: stack_trace_limit, prepare: prepare_stack });
}

/// `Error.stackTraceLimit` (V8): a number of frames, 10 to start with; a value that is not a
/// number keeps 10, and the count is bounded at 1,000 (`Infinity` too).
fn stack_trace_limit() -> usize {
    let Some(ctor) = object::get_data_chain(realm::get(I::ErrorProto), names::CONSTRUCTOR) else { return 10 };
    let key = atoms::intern("stackTraceLimit");
    match object::get_data_chain(ctor, key) {
        Some(v) if v.is_number() => {
            let n = v.as_number();
            if n.is_nan() || n <= 0.0 { 0 } else { n.min(1000.0) as usize }
        }
        _ => 10,
    }
}

static PREPARING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `Error.prepareStackTrace(error, callSites)` (V8): when it is a function, `stack` is what it
/// returns for the error and one CallSite object per frame. Errors made while it runs get the
/// default text; if it throws, the error keeps the default text (V8 would throw from the
/// `stack` getter) and the exception is dropped.
fn prepare_stack(e: Value, frames: &[error::Frame]) -> Option<Value> {
    use std::sync::atomic::Ordering::Relaxed;
    let ctor = object::get_data_chain(realm::get(I::ErrorProto), names::CONSTRUCTOR)?;
    let f = object::get_data_chain(ctor, atoms::intern("prepareStackTrace"))?;
    if !f.is_callable() || PREPARING.swap(true, Relaxed) {
        return None;
    }
    let scope = HandleScope::new();
    let (he, hf, hc) = (scope.root(e.0), scope.root(f.0), scope.root(ctor.0));
    let proto = scope.root(call_site_proto().0);
    let list = scope.root(perry_runtime::array::new_array(0).0);
    for frame in frames {
        let site = scope.root(object::new_plain(6).0);
        object::set_proto(Value(site.get()), Value(proto.get()));
        let (name, file, line, col) = frame;
        let text = error::frame_text(frame);
        let (ctor_call, ty, func) = match name.strip_prefix("new ") {
            Some(n) => (true, None, Some(n)),
            None => match name.rsplit_once('.') {
                Some((t, m)) if !name.contains(' ') => (false, Some(t), Some(m)),
                _ => (false, None, (!name.is_empty()).then_some(name.as_str())),
            },
        };
        let opt = |s: Option<&str>| s.map_or(Value::NULL, string::from_str);
        // Each value is made just before it is stored (they allocate), the key interned while
        // it is rooted.
        let put = |k: &str, v: Value| {
            let scope = HandleScope::new();
            let hv = scope.root(v.0);
            let key = atoms::intern(k);
            object::define_hidden(Value(site.get()), key, Value(hv.get()));
        };
        put("[[fileName]]", string::from_str(file));
        put("[[lineNumber]]", Value::int(*line as i64));
        put("[[columnNumber]]", Value::int(*col as i64));
        put("[[functionName]]", opt(func));
        put("[[typeName]]", opt(ty));
        put("[[isConstructor]]", Value::bool(ctor_call));
        put("[[text]]", string::from_str(&text));
        perry_runtime::array::push(Value(list.get()), Value(site.get()));
    }
    let pending = error::take();
    let hp = scope.root(pending.0);
    let r = perry_runtime::function::call(Value(hf.get()), Value(hc.get()), &[Value(he.get()), Value(list.get())]);
    if r.is_err() {
        error::take();
    }
    error::throw(Value(hp.get()));
    PREPARING.store(false, Relaxed);
    r.ok()
}

/// A CallSite's hidden field `key` (`this` must be a CallSite).
fn site_field(args: &Args, key: &str) -> JsResult {
    let this = args.this();
    if !this.is_object() {
        return Err(error::type_error("CallSite method called on a non-object"));
    }
    Ok(object::get_data_chain(this, atoms::intern(key)).unwrap_or(Value::UNDEFINED))
}

fn site_file(args: &Args) -> JsResult {
    site_field(args, "[[fileName]]")
}
fn site_line(args: &Args) -> JsResult {
    site_field(args, "[[lineNumber]]")
}
fn site_column(args: &Args) -> JsResult {
    site_field(args, "[[columnNumber]]")
}
fn site_function_name(args: &Args) -> JsResult {
    site_field(args, "[[functionName]]")
}
fn site_type_name(args: &Args) -> JsResult {
    site_field(args, "[[typeName]]")
}
fn site_method_name(args: &Args) -> JsResult {
    let t = site_field(args, "[[typeName]]")?;
    if t.is_null() { Ok(Value::NULL) } else { site_field(args, "[[functionName]]") }
}
fn site_is_constructor(args: &Args) -> JsResult {
    site_field(args, "[[isConstructor]]")
}
fn site_is_toplevel(args: &Args) -> JsResult {
    Ok(Value::bool(site_field(args, "[[typeName]]")?.is_null()))
}
fn site_to_string(args: &Args) -> JsResult {
    site_field(args, "[[text]]")
}
fn site_false(_args: &Args) -> JsResult {
    Ok(Value::bool(false))
}
fn site_undefined(_args: &Args) -> JsResult {
    Ok(Value::UNDEFINED)
}
fn site_null(_args: &Args) -> JsResult {
    Ok(Value::NULL)
}

/// The prototype of the CallSite objects `Error.prepareStackTrace` receives (V8's methods; a
/// compiled frame is never native or eval code, and strict code has no `this` or function).
fn call_site_proto() -> Value {
    let scope = HandleScope::new();
    let p = scope.root(object::new_plain(20).0);
    let methods: [(&str, perry_runtime::function::NativeFn); 21] = [
        ("getFileName", site_file),
        ("getScriptNameOrSourceURL", site_file),
        ("getLineNumber", site_line),
        ("getColumnNumber", site_column),
        ("getFunctionName", site_function_name),
        ("getMethodName", site_method_name),
        ("getTypeName", site_type_name),
        ("isConstructor", site_is_constructor),
        ("isToplevel", site_is_toplevel),
        ("toString", site_to_string),
        ("isNative", site_false),
        ("isEval", site_false),
        ("isAsync", site_false),
        ("isPromiseAll", site_false),
        ("getThis", site_undefined),
        ("getFunction", site_undefined),
        ("getEvalOrigin", site_undefined),
        ("getPromiseIndex", site_null),
        ("getEnclosingLineNumber", site_null),
        ("getEnclosingColumnNumber", site_null),
        ("getScriptHash", site_null),
    ];
    for (name, f) in methods {
        method(Value(p.get()), name, 0, f);
    }
    Value(p.get())
}
