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
