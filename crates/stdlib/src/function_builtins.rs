//! Function.prototype (ECMAScript 20.2.3).

use crate::method;
use perry_gc::HandleScope;
use perry_runtime::array;
use perry_runtime::atoms::names;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// Function.prototype.call — 20.2.3.3
fn call(args: &Args) -> JsResult {
    let rest: Vec<Value> = (1..args.len()).map(|i| args.get(i)).collect();
    function::call(args.this(), args.get(0), &rest)
}

/// The argument list of Function.prototype.apply (20.2.3.1 step 3): empty
/// for null or undefined, otherwise CreateListFromArrayLike.
pub fn list_from_array_like(v: Value) -> JsResult<Vec<Value>> {
    if v.is_nullish() {
        return Ok(Vec::new());
    }
    create_list_from_array_like(v)
}

/// CreateListFromArrayLike — 7.3.19 (TypeError for a non-object).
pub fn create_list_from_array_like(v: Value) -> JsResult<Vec<Value>> {
    if !v.is_object() {
        return Err(error::type_error("CreateListFromArrayLike called on non-object"));
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let n = ops::length_of(v)?;
    let mut hs = Vec::with_capacity(n);
    for i in 0..n {
        let x = object::get_value_key(Value(hv.get()), Value::int(i as i64))?;
        hs.push(scope.root(x.0));
    }
    Ok(hs.iter().map(|h| Value(h.get())).collect())
}

/// Function.prototype.apply — 20.2.3.1
fn apply(args: &Args) -> JsResult {
    let list = list_from_array_like(args.get(1))?;
    function::call(args.this(), args.get(0), &list)
}

/// The behaviour of a bound function: captures are target, bound this, bound args.
fn bound_call(args: &Args) -> JsResult {
    let target = args.capture(0);
    let bound_this = args.capture(1);
    let bound = args.capture(2);
    let mut all: Vec<Value> = (0..array::len(bound)).map(|i| array::get_index(bound, i)).collect();
    all.extend(args.to_vec());
    if !args.new_target().is_undefined() {
        let nt = if args.new_target() == args.callee() { target } else { args.new_target() };
        return function::construct(target, &all, nt);
    }
    function::call(target, bound_this, &all)
}

/// Function.prototype.bind — 20.2.3.2
fn bind(args: &Args) -> JsResult {
    let target = args.this();
    if !perry_runtime::proxy::is_callable(target) {
        return Err(error::type_error("Bind must be called on a function"));
    }
    let scope = HandleScope::new();
    let rest: Vec<Value> = (1..args.len()).map(|i| args.get(i)).collect();
    let ba = array::from_values(&rest);
    let hba = scope.root(ba.0);
    let name = format!("bound {}", function::name_of(args.this()));
    let len = {
        let l = object::get(args.this(), names::LENGTH)?;
        let l = if l.is_number() { l.as_number() } else { 0.0 };
        (l - rest.len() as f64).max(0.0) as u32
    };
    let flags = if perry_runtime::proxy::is_constructor(args.this()) { perry_abi::FNF_CONSTRUCTOR } else { 0 };
    let f = function::new_native_caps(&name, len, bound_call, 3, flags);
    f.set_field(perry_abi::FN_CAPS, args.this());
    f.set_field(perry_abi::FN_CAPS + 8, args.get(0));
    f.set_field(perry_abi::FN_CAPS + 16, Value(hba.get()));
    let p = object::proto_of(args.this());
    object::set_proto(f, p);
    Ok(f)
}

/// Function.prototype.toString — 20.2.3.5
fn to_string(args: &Args) -> JsResult {
    let f = args.this();
    if perry_runtime::proxy::is_callable(f) && f.is_proxy() {
        return Ok(string::from_str("function () { [native code] }"));
    }
    if !f.is_function() {
        return Err(error::type_error("Function.prototype.toString requires that 'this' be a Function"));
    }
    Ok(string::from_str(&source_string(f)))
}

/// A function's source text, or `function name() { [native code] }`.
pub fn source_string(f: Value) -> String {
    if f.kind() == perry_abi::KIND_FUNCTION {
        let m = function::meta_of(f);
        if m.native.is_none()
            && let Some(src) = perry_runtime::sourcemap::source_text(m.file, m.src_start, m.src_end)
        {
            return src;
        }
    }
    format!("function {}() {{ [native code] }}", function::name_of(f))
}

/// The Function constructor is not supported (no eval in compiled programs).
fn function_ctor(_args: &Args) -> JsResult {
    Err(error::throw_error(error::ErrorKind::EvalError, "Code generation from strings is not supported by Perry"))
}

/// %ThrowTypeError% — 10.2.4.1.
fn throw_type_error(_args: &Args) -> JsResult {
    Err(error::type_error(
        "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them",
    ))
}

pub fn install() {
    // %ThrowTypeError%: anonymous, non-extensible, `length` and `name`
    // frozen; Function.prototype's `caller` and `arguments` (AddRestrictedFunctionProperties, 10.2.4).
    let scope = HandleScope::new();
    let t = function::new_native("", 0, throw_type_error);
    let ht = scope.root(t.0);
    object::define(Value(ht.get()), names::LENGTH, Value::int(0), 0);
    let empty = string::from_str("");
    object::define(Value(ht.get()), names::NAME, empty, 0);
    object::prevent_extensions(Value(ht.get()));
    realm::set(I::ThrowTypeError, Value(ht.get()));
    for name in ["caller", "arguments"] {
        let t = Value(ht.get());
        object::define_accessor(realm::get(I::FunctionProto), perry_runtime::atoms::intern(name), t, t, perry_runtime::shape::CONFIGURABLE);
    }
    method(realm::get(I::FunctionProto), "call", 1, call);
    method(realm::get(I::FunctionProto), "apply", 2, apply);
    method(realm::get(I::FunctionProto), "bind", 1, bind);
    method(realm::get(I::FunctionProto), "toString", 0, to_string);
    crate::constructor("Function", 1, function_ctor, realm::get(I::FunctionProto));
}
