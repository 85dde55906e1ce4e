//! Reflect (ECMAScript 28.1): a namespace object whose functions expose the
//! internal methods of objects. Each one calls the runtime's generic object
//! operation (`object::get_with_receiver`, `object::try_set`, ...), so
//! whatever those operations support (exotic objects, later proxies),
//! Reflect supports; where the spec's internal method returns false, Reflect
//! returns the false instead of throwing.

use crate::function_builtins::{create_list_from_array_like, source_string};
use crate::method;
use crate::object_builtins::{self, from_property, keys_array, to_property_descriptor, v8_brief};
use perry_gc::HandleScope;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// The target of every Reflect function but `apply` and `construct`:
/// TypeError "Reflect.NAME called on non-object" unless it is an object.
#[inline]
fn target(args: &Args, name: &str) -> JsResult {
    let t = args.get(0);
    if t.is_js_object() { Ok(t) } else { Err(non_object(name)) }
}

#[inline(never)]
fn non_object(name: &str) -> error::Exc {
    error::type_error(&format!("Reflect.{name} called on non-object"))
}

/// A value as V8 names it in "... is not a constructor" and similar
/// messages: a function's source text, a string without quotes.
fn describe(v: Value) -> String {
    if v.is_function() {
        source_string(v)
    } else if v.is_string() {
        string::to_rust(v)
    } else {
        v8_brief(v)
    }
}

/// Reflect.apply ( target, thisArgument, argumentsList ) — 28.1.1
fn apply(args: &Args) -> JsResult {
    let f = args.get(0);
    if !perry_runtime::proxy::is_callable(f) {
        let what = if f.is_null() {
            "null".to_string()
        } else if f.is_object() {
            "an object".to_string()
        } else {
            format!("a {}", ops::typeof_str(f))
        };
        return Err(error::type_error(&format!("Function.prototype.apply was called on {}, which is {what} and not a function", describe(f))));
    }
    let list = create_list_from_array_like(args.get(2))?;
    function::call(args.get(0), args.get(1), &list)
}

/// Reflect.construct ( target, argumentsList [ , newTarget ] ) — 28.1.2
fn construct(args: &Args) -> JsResult {
    let c = args.get(0);
    if !perry_runtime::proxy::is_constructor(c) {
        return Err(error::type_error(&format!("{} is not a constructor", describe(c))));
    }
    // Present (even as undefined): it must be a constructor too.
    if args.len() >= 3 && !perry_runtime::proxy::is_constructor(args.get(2)) {
        return Err(error::type_error(&format!("{} is not a constructor", describe(args.get(2)))));
    }
    let list = create_list_from_array_like(args.get(1))?;
    let nt = if args.len() >= 3 { args.get(2) } else { args.get(0) };
    function::construct(args.get(0), &list, nt)
}

/// Reflect.defineProperty ( target, propertyKey, attributes ) — 28.1.3
fn define_property(args: &Args) -> JsResult {
    target(args, "defineProperty")?;
    let scope = HandleScope::new();
    let key = object::to_key(args.get(1))?;
    let d = to_property_descriptor(&scope, args.get(2))?;
    if args.get(0).is_proxy() {
        return Ok(Value::bool(crate::proxy::try_define_own_any(args.get(0), key, &d)?));
    }
    Ok(Value::bool(object_builtins::try_define_own(args.get(0), key, &d)?.is_ok()))
}

/// Reflect.deleteProperty ( target, propertyKey ) — 28.1.4
fn delete_property(args: &Args) -> JsResult {
    target(args, "deleteProperty")?;
    let key = object::to_key(args.get(1))?;
    if args.get(0).is_proxy() {
        return Ok(Value::bool(perry_runtime::proxy::delete(args.get(0), key)?));
    }
    Ok(Value::bool(object::try_delete(args.get(0), key)))
}

/// Reflect.get ( target, propertyKey [ , receiver ] ) — 28.1.5
fn get(args: &Args) -> JsResult {
    target(args, "get")?;
    let key = object::to_key(args.get(1))?;
    let receiver = if args.len() >= 3 { args.get(2) } else { args.get(0) };
    object::get_with_receiver(args.get(0), key, receiver)
}

/// Reflect.getOwnPropertyDescriptor ( target, propertyKey ) — 28.1.6
fn get_own_property_descriptor(args: &Args) -> JsResult {
    target(args, "getOwnPropertyDescriptor")?;
    let key = object::to_key(args.get(1))?;
    from_property(args.get(0), key)
}

/// Reflect.getPrototypeOf ( target ) — 28.1.7
fn get_prototype_of(args: &Args) -> JsResult {
    let t = target(args, "getPrototypeOf")?;
    perry_runtime::proxy::proto_of_any(t)
}

/// Reflect.has ( target, propertyKey ) — 28.1.8
fn has(args: &Args) -> JsResult {
    target(args, "has")?;
    let key = object::to_key(args.get(1))?;
    Ok(Value::bool(perry_runtime::proxy::has_any(args.get(0), key)?))
}

/// Reflect.isExtensible ( target ) — 28.1.9
fn is_extensible(args: &Args) -> JsResult {
    let t = target(args, "isExtensible")?;
    Ok(Value::bool(perry_runtime::proxy::is_extensible(t)?))
}

/// Reflect.ownKeys ( target ) — 28.1.10
fn own_keys(args: &Args) -> JsResult {
    let t = target(args, "ownKeys")?;
    let keys = perry_runtime::proxy::own_keys_any(t)?;
    Ok(keys_array(&keys))
}

/// Reflect.preventExtensions ( target ) — 28.1.11
fn prevent_extensions(args: &Args) -> JsResult {
    let t = target(args, "preventExtensions")?;
    if t.is_proxy() {
        return Ok(Value::bool(crate::proxy::prevent_extensions_any(t)?));
    }
    Ok(Value::bool(object::prevent_extensions(t)))
}

/// Reflect.set ( target, propertyKey, V [ , receiver ] ) — 28.1.12
fn set(args: &Args) -> JsResult {
    target(args, "set")?;
    let key = object::to_key(args.get(1))?;
    let receiver = if args.len() >= 4 { args.get(3) } else { args.get(0) };
    Ok(Value::bool(object::try_set(args.get(0), key, args.get(2), receiver)?.is_ok()))
}

/// Reflect.setPrototypeOf ( target, proto ) — 28.1.13
fn set_prototype_of(args: &Args) -> JsResult {
    let t = target(args, "setPrototypeOf")?;
    let p = args.get(1);
    if !p.is_js_object() && !p.is_null() {
        return Err(error::type_error(&format!("Object prototype may only be an Object or null: {}", describe(p))));
    }
    if t.is_proxy() {
        return Ok(Value::bool(crate::proxy::try_set_prototype_of_any(t, p)?));
    }
    Ok(Value::bool(object::set_prototype_of(t, p).is_ok()))
}

/// Creates the Reflect object (28.1) and defines it on the global object.
pub fn install() {
    let scope = HandleScope::new();
    let r = object::new_plain(16);
    let hr = scope.root(r.0);
    // V8's property order.
    let fns: &[(&str, u32, function::NativeFn)] = &[
        ("defineProperty", 3, define_property),
        ("deleteProperty", 2, delete_property),
        ("apply", 3, apply),
        ("construct", 2, construct),
        ("get", 2, get),
        ("getOwnPropertyDescriptor", 2, get_own_property_descriptor),
        ("getPrototypeOf", 1, get_prototype_of),
        ("has", 2, has),
        ("isExtensible", 1, is_extensible),
        ("ownKeys", 1, own_keys),
        ("preventExtensions", 1, prevent_extensions),
        ("set", 3, set),
        ("setPrototypeOf", 2, set_prototype_of),
    ];
    for &(name, len, f) in fns {
        method(Value(hr.get()), name, len, f);
    }
    // Reflect [ @@toStringTag ] — 28.1.14
    crate::to_string_tag(Value(hr.get()), "Reflect");
    crate::global_value("Reflect", Value(hr.get()));
}
