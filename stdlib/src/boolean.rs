//! Boolean (ECMAScript 20.3).

use crate::global::{def_constructor, def_method};
use perry_abi::{KIND_PRIMITIVE_WRAPPER, OBJ_INLINE};
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// Boolean ( value ) — 20.3.1.1
fn boolean_ctor(args: &Args) -> JsResult {
    let b = ops::to_boolean(args.get(0));
    if args.new_target().is_undefined() {
        return Ok(Value::bool(b));
    }
    let scope = HandleScope::new();
    let proto = function::proto_from_new_target(args.new_target(), I::BooleanProto)?;
    let hp = scope.root(proto.0);
    let o = ops::to_object(Value::bool(b))?;
    object::set_proto(o, Value(hp.get()));
    Ok(o)
}

/// thisBooleanValue (20.3.3.3.1).
fn this_boolean(v: Value, name: &str) -> JsResult<bool> {
    if v.is_bool() {
        return Ok(v.as_bool());
    }
    if v.is_cell() && v.kind() == KIND_PRIMITIVE_WRAPPER && v.cell().field(OBJ_INLINE).is_bool() {
        return Ok(v.cell().field(OBJ_INLINE).as_bool());
    }
    Err(error::type_error(&format!("Boolean.prototype.{name} requires that 'this' be a Boolean")))
}

/// Boolean.prototype.toString — 20.3.3.2
fn to_string(args: &Args) -> JsResult {
    let b = this_boolean(args.this(), "toString")?;
    Ok(atoms::value(atoms::intern(if b { "true" } else { "false" })))
}

/// Boolean.prototype.valueOf — 20.3.3.3
fn value_of(args: &Args) -> JsResult {
    Ok(Value::bool(this_boolean(args.this(), "valueOf")?))
}

pub fn install() {
    let scope = HandleScope::new();
    let hp = scope.root(realm::get(I::BooleanProto).0);
    def_constructor("Boolean", 1, boolean_ctor, hp);
    def_method(hp, "toString", 0, to_string);
    def_method(hp, "valueOf", 0, value_of);
}
