//! Array (ECMAScript 23.1).

use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// Array.prototype.values / [@@iterator] — 23.1.3.37
fn values(args: &Args) -> JsResult {
    let o = perry_runtime::ops::to_object(args.this())?;
    Ok(iter::new_iterator(o, iter::ARRAY_VALUES, I::ArrayIteratorProto))
}

pub fn install() {
    let ap = realm::get(I::ArrayProto);
    let f = crate::method(ap, "values", 0, values);
    realm::set(I::ArrayProtoValues, f);
    perry_runtime::object::define_hidden(realm::get(I::ArrayProto), realm::sym_atom(I::SymIterator), realm::get(I::ArrayProtoValues));
    let _ = Value::UNDEFINED;
}
