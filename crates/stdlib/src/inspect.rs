//! `util.inspect` as `console.log` uses it (Node's formatting rules).
//! FIRST VERSION: primitives and flat objects; the full rules come next.

use perry_runtime::atoms;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::Value;

/// Formats a value the way `console.log` prints an argument.
pub fn inspect_top(v: Value) -> String {
    if v.is_string() {
        return string::to_rust(v);
    }
    inspect(v, 0)
}

pub fn inspect(v: Value, depth: usize) -> String {
    if v.is_number() {
        let f = v.as_number();
        if f == 0.0 && f.is_sign_negative() {
            return "-0".into();
        }
        return string::number_to_rust(f);
    }
    if v.is_string() {
        return format!("'{}'", string::to_rust(v));
    }
    if v.is_array() {
        let n = perry_runtime::array::len(v);
        let parts: Vec<String> = (0..n).map(|i| inspect(perry_runtime::array::get_index(v, i), depth + 1)).collect();
        return if parts.is_empty() { "[]".into() } else { format!("[ {} ]", parts.join(", ")) };
    }
    if v.is_function() {
        return format!("[Function: {}]", perry_runtime::function::name_of(v));
    }
    if v.is_object() {
        let keys = object::own_keys(v, true, false);
        let parts: Vec<String> = keys
            .iter()
            .map(|&k| format!("{}: {}", atoms::to_rust(k), object::get_data_chain(v, k).map(|x| inspect(x, depth + 1)).unwrap_or_default()))
            .collect();
        return if parts.is_empty() { "{}".into() } else { format!("{{ {} }}", parts.join(", ")) };
    }
    ops::to_rust_string(v).unwrap_or_else(|_| "?".into())
}

/// Own enumerable properties of an error beyond the standard ones, as Node
/// appends them after the stack (`{ code: 'X' }`); empty when none.
pub fn error_extra_props(_v: Value) -> String {
    String::new()
}
