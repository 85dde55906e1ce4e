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
    if !v.is_js_object() {
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
    let ht = scope.root(target.0);
    let rest: Vec<Value> = (1..args.len()).map(|i| args.get(i)).collect();
    let ba = array::from_values(&rest);
    let hba = scope.root(ba.0);
    // BoundFunctionCreate: the prototype through [[GetPrototypeOf]].
    let p = perry_runtime::proxy::proto_of_any(Value(ht.get()))?;
    let hp = scope.root(p.0);
    // Steps 5-6: `length` from an own `length` that is a Number.
    let mut len = 0.0;
    if perry_runtime::proxy::own_property(Value(ht.get()), names::LENGTH)?.is_some() {
        let l = object::get(Value(ht.get()), names::LENGTH)?;
        if l.is_number() {
            let l = l.as_number();
            len = if l == f64::INFINITY { l } else { (ops::to_integer(Value::num(l))? - rest.len() as f64).max(0.0) };
        }
    }
    // Steps 8-10: `name` is "bound " and the target's name if a String.
    let n = object::get(Value(ht.get()), names::NAME)?;
    let name = if n.is_string() { format!("bound {}", ops::to_rust_string(n).unwrap_or_default()) } else { "bound ".to_string() };
    let flags = perry_abi::FNF_BOUND | if perry_runtime::proxy::is_constructor(Value(ht.get())) { perry_abi::FNF_CONSTRUCTOR } else { 0 };
    let small = len >= 0.0 && len <= u32::MAX as f64 && len.fract() == 0.0;
    let f = function::new_native_caps(&name, if small { len as u32 } else { 0 }, bound_call, 3, flags);
    let hf = scope.root(f.0);
    f.cell().set_field(perry_abi::FN_CAPS, Value(ht.get()));
    f.cell().set_field(perry_abi::FN_CAPS + 8, args.get(0));
    f.cell().set_field(perry_abi::FN_CAPS + 16, Value(hba.get()));
    object::set_proto(f, Value(hp.get()));
    if !small {
        function::materialize_virtual(Value(hf.get()), names::LENGTH);
        object::define(Value(hf.get()), names::LENGTH, Value::num(len), perry_runtime::shape::CONFIGURABLE);
    }
    Ok(Value(hf.get()))
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

/// The Function constructor compiles no source at run time (no eval in compiled programs),
/// with one exception: `Function("return this")`, the global-object idiom of lodash, core-js
/// and regenerator-runtime (any whitespace around the words, an optional `;`), is a function
/// returning `globalThis`. Any other source throws an EvalError.
fn function_ctor(args: &Args) -> JsResult {
    if args.len() == 1 && args.get(0).is_string() && is_return_this(&string::to_rust(args.get(0))) {
        return Ok(function::new_native("anonymous", 0, global_this));
    }
    Err(error::throw_error(error::ErrorKind::EvalError, "Code generation from strings is not supported by Perry"))
}

fn global_this(_args: &Args) -> JsResult {
    Ok(perry_runtime::realm::get(perry_runtime::realm::I::Global))
}

/// `return this` with any JavaScript whitespace around and between the words, an optional `;`.
fn is_return_this(src: &str) -> bool {
    let s = statement(src);
    let Some(rest) = s.strip_prefix("return") else { return false };
    let body = rest.trim_start_matches(js_space);
    body.len() < rest.len() && body == "this"
}

fn js_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// `src` without the JavaScript whitespace around it and an optional final `;`.
fn statement(src: &str) -> &str {
    let s = src.trim_matches(js_space);
    s.strip_suffix(';').map_or(s, |x| x.trim_end_matches(js_space))
}

/// eval ( x ) — 19.2.1, as the Function constructor: an ahead-of-time program compiles no
/// source at run time. A value other than a string is returned as it is (step 2 of
/// PerformEval); the source `this` (the global-object idiom `(0, eval)("this")`, any
/// whitespace, an optional `;`) is the global object; any other source throws an EvalError.
/// A direct call is evaluated as an indirect one (for `this`, the global object).
pub(crate) fn eval(args: &Args) -> JsResult {
    let x = args.get(0);
    if !x.is_string() {
        return Ok(x);
    }
    if statement(&string::to_rust(x)) == "this" {
        return global_this(args);
    }
    Err(error::throw_error(error::ErrorKind::EvalError, "Code generation from strings is not supported by Perry"))
}

/// Function.prototype [ @@hasInstance ] ( V ) — 20.2.3.6
fn has_instance(args: &Args) -> JsResult {
    Ok(Value::bool(perry_runtime::ops::ordinary_has_instance(args.this(), args.get(0))?))
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
        // Interning allocates: the thrower and the prototype are read after.
        let key = perry_runtime::atoms::intern(name);
        let t = Value(ht.get());
        object::define_accessor(realm::get(I::FunctionProto), key, t, t, perry_runtime::shape::CONFIGURABLE);
    }
    method(realm::get(I::FunctionProto), "call", 1, call);
    method(realm::get(I::FunctionProto), "apply", 2, apply);
    method(realm::get(I::FunctionProto), "bind", 1, bind);
    method(realm::get(I::FunctionProto), "toString", 0, to_string);
    // Function.prototype [ @@hasInstance ] (20.2.3.6): not writable, not configurable.
    let hi = function::new_native("[Symbol.hasInstance]", 1, has_instance);
    realm::set(I::FunctionProtoHasInstance, hi);
    object::define(realm::get(I::FunctionProto), realm::sym_atom(I::SymHasInstance), hi, 0);
    crate::constructor("Function", 1, function_ctor, realm::get(I::FunctionProto));
}
