//! DOMException (WebIDL 3.14.1), as far as the built-ins here throw it:
//! an error object (it inherits Error.prototype) with `name`, `message` and
//! the legacy `code` of its name.

use super::P;
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::atoms::{self, names};
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// The legacy code of a DOMException name (WebIDL's error names table).
fn legacy_code(name: &str) -> i64 {
    match name {
        "IndexSizeError" => 1,
        "HierarchyRequestError" => 3,
        "WrongDocumentError" => 4,
        "InvalidCharacterError" => 5,
        "NoModificationAllowedError" => 7,
        "NotFoundError" => 8,
        "NotSupportedError" => 9,
        "InUseAttributeError" => 10,
        "InvalidStateError" => 11,
        "SyntaxError" => 12,
        "InvalidModificationError" => 13,
        "NamespaceError" => 14,
        "InvalidAccessError" => 15,
        "TypeMismatchError" => 17,
        "SecurityError" => 18,
        "NetworkError" => 19,
        "AbortError" => 20,
        "URLMismatchError" => 21,
        "QuotaExceededError" => 22,
        "TimeoutError" => 23,
        "InvalidNodeTypeError" => 24,
        "DataCloneError" => 25,
        _ => 0,
    }
}

/// A DOMException with `proto`.
fn make(proto: Value, message: &str, name: &str) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let m = string::from_str(message);
    let hm = scope.root(m.0);
    let n = string::from_str(name);
    let hn = scope.root(n.0);
    // The stack header reads `name`: define it before capturing.
    let e = object::new_object_kind(KIND_ERROR, Value(hp.get()), 4);
    let he = scope.root(e.0);
    object::define_hidden(Value(he.get()), names::NAME, Value(hn.get()));
    object::define_hidden(Value(he.get()), names::MESSAGE, Value(hm.get()));
    let code = atoms::intern("code");
    object::define_hidden(Value(he.get()), code, Value::int(legacy_code(name)));
    error::capture_stack(Value(he.get()));
    Value(he.get())
}

/// Throws a new DOMException.
pub fn throw(message: &str, name: &str) -> error::Exc {
    let e = make(super::proto(P::DomExceptionProto), message, name);
    error::throw(e)
}

/// DOMException ( [ message [ , name ] ] ) — WebIDL 3.14.1.1
fn ctor(args: &Args) -> JsResult {
    super::require_new(args, "DOMException")?;
    let message = if args.get(0).is_undefined() { String::new() } else { ops::to_rust_string(args.get(0))? };
    let name = if args.get(1).is_undefined() { "Error".to_string() } else { ops::to_rust_string(args.get(1))? };
    let p = super::proto_for(args, P::DomExceptionProto)?;
    Ok(make(p, &message, &name))
}

pub fn install() {
    let p = object::new_object_kind(KIND_OBJECT, realm::get(I::ErrorProto), 4);
    super::set_proto(P::DomExceptionProto, p);
    super::class("DOMException", 0, ctor, p);
    crate::to_string_tag(super::proto(P::DomExceptionProto), "DOMException");
}
