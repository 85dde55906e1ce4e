//! %IteratorPrototype% and the built-in iterators (ECMAScript 27.1, 23.1.5,
//! 22.1.5, 24.1.5, 24.2.5). All of them are iterator cells stepped by
//! `perry_runtime::iter::step`.

use crate::method_atom;
use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// %IteratorPrototype% [ @@iterator ] — 27.1.2.1
fn iterator_self(args: &Args) -> JsResult {
    Ok(args.this())
}

/// %ArrayIteratorPrototype%.next and friends — 23.1.5.2.1
fn builtin_next(args: &Args) -> JsResult {
    let it = args.this();
    if !(it.is_cell() && it.kind() == perry_abi::KIND_ITERATOR) {
        return Err(perry_runtime::error::type_error("next method called on incompatible receiver"));
    }
    let v = iter::step(it)?;
    if v == Value::HOLE { Ok(iter::result_object(Value::UNDEFINED, true)) } else { Ok(iter::result_object(v, false)) }
}

pub fn install() {
    let ip = realm::get(I::IteratorProto);
    method_atom(ip, realm::sym_atom(I::SymIterator), "[Symbol.iterator]", 0, iterator_self);
    for (p, tag) in [
        (I::ArrayIteratorProto, "Array Iterator"),
        (I::StringIteratorProto, "String Iterator"),
        (I::MapIteratorProto, "Map Iterator"),
        (I::SetIteratorProto, "Set Iterator"),
    ] {
        crate::method(realm::get(p), "next", 0, builtin_next);
        let t = perry_runtime::string::from_str(tag);
        perry_runtime::object::define(realm::get(p), realm::sym_atom(I::SymToStringTag), t, perry_runtime::shape::CONFIGURABLE);
    }
}
