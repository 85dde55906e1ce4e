//! BigInt (ECMAScript 21.2): the function, its statics and
//! BigInt.prototype. The values and their arithmetic are the runtime's
//! (`perry_runtime::bigint`).

use crate::global::{def_constructor, def_method};
use perry_abi::{KIND_PRIMITIVE_WRAPPER, OBJ_INLINE};
use perry_gc::HandleScope;
use perry_runtime::bigint;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// BigInt ( value ) — 21.2.1.1
fn bigint_fn(args: &Args) -> JsResult {
    // 1. If NewTarget is not undefined, throw a TypeError.
    if !args.new_target().is_undefined() {
        return Err(error::type_error("BigInt is not a constructor"));
    }
    // 2. Let prim be ? ToPrimitive(value, number).
    let prim = ops::to_primitive(args.get(0), ops::Hint::Number)?;
    // 3. If prim is a Number, return ? NumberToBigInt(prim).
    if prim.is_number() {
        return bigint::from_number(prim.as_number());
    }
    // 4. Otherwise, return ? ToBigInt(prim).
    bigint::to_bigint(prim)
}

/// ToIndex (7.1.22) for the `bits` argument of asIntN/asUintN.
fn to_index(v: Value) -> JsResult<u64> {
    let f = ops::to_integer(v)?;
    if !(0.0..=9007199254740991.0).contains(&f) {
        return Err(error::range_error("Invalid value: not (convertible to) a safe integer"));
    }
    Ok(f as u64)
}

/// BigInt.asIntN ( bits, bigint ) — 21.2.2.1
fn as_int_n(args: &Args) -> JsResult {
    let bits = to_index(args.get(0))?;
    let b = bigint::to_bigint(args.get(1))?;
    bigint::as_int_n(bits, b)
}

/// BigInt.asUintN ( bits, bigint ) — 21.2.2.2
fn as_uint_n(args: &Args) -> JsResult {
    let bits = to_index(args.get(0))?;
    let b = bigint::to_bigint(args.get(1))?;
    bigint::as_uint_n(bits, b)
}

/// thisBigIntValue (21.2.3.4.1).
fn this_bigint(v: Value, name: &str) -> JsResult {
    if v.is_bigint() {
        return Ok(v);
    }
    if v.is_cell() && v.kind() == KIND_PRIMITIVE_WRAPPER && v.cell().field(OBJ_INLINE).is_bigint() {
        return Ok(v.cell().field(OBJ_INLINE));
    }
    Err(error::type_error(&format!("BigInt.prototype.{name} requires that 'this' be a BigInt")))
}

/// BigInt.prototype.toString ( [ radix ] ) — 21.2.3.3
fn to_string(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let x = this_bigint(args.this(), "toString")?;
    let hx = scope.root(x.0);
    let radix = if args.get(0).is_undefined() { 10.0 } else { ops::to_integer(args.get(0))? };
    if !(2.0..=36.0).contains(&radix) {
        return Err(error::range_error("toString() radix argument must be between 2 and 36"));
    }
    let s = bigint::to_string_radix(Value(hx.get()), radix as u32);
    Ok(string::from_str(&s))
}

/// BigInt.prototype.toLocaleString — 21.2.3.2 (en-US: digits grouped by three)
fn to_locale_string(args: &Args) -> JsResult {
    let x = this_bigint(args.this(), "toLocaleString")?;
    if let Some(f) = crate::families::hooks().locale_number {
        return f(x, args.get(0), args.get(1));
    }
    let s = bigint::to_string_radix(x, 10);
    let (sign, digits) = match s.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", s.as_str()),
    };
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    Ok(string::from_str(&out))
}

/// BigInt.prototype.valueOf — 21.2.3.4
fn value_of(args: &Args) -> JsResult {
    this_bigint(args.this(), "valueOf")
}

pub fn install() {
    let scope = HandleScope::new();
    let hp = scope.root(realm::get(I::BigIntProto).0);
    let c = def_constructor("BigInt", 1, bigint_fn, hp);
    let hc = scope.root(c.0);
    def_method(hc, "asIntN", 2, as_int_n);
    def_method(hc, "asUintN", 2, as_uint_n);
    def_method(hp, "toLocaleString", 0, to_locale_string);
    def_method(hp, "toString", 0, to_string);
    def_method(hp, "valueOf", 0, value_of);
    crate::to_string_tag(Value(hp.get()), "BigInt");
}
