//! Abstract operations (ECMAScript chapter 7) and the operators (chapter 13)
//! for the cases compiled code does not handle inline.
//!
//! Number-to-string ([`number_to_string_value`]) writes integers below 2^53 directly (no
//! shortest-digits search), interns 0..1023 once, and goes through a 256-entry cache of recent
//! numbers (the strings a root range): a loop's `${r}` converts once.

use crate::array;
use crate::atoms::{self, names};
use crate::bigint;
use crate::error::{self, JsResult};
use crate::function;
use crate::object;
use crate::realm::{self, I};
use crate::string;
use crate::symbol;
use crate::value::Value;
use core::cmp::Ordering;
use perry_abi::*;
use perry_gc::HandleScope;

/// The one-unit string at index `i` (ASCII ones come from the atom table).
pub fn char_at(s: Value, i: usize) -> Value {
    let c = string::unit_at(s, i);
    unit_string(c)
}

/// The one-unit string of each Latin-1 unit, atoms (`perry_abi::SYM_UNIT_STRINGS`; a root
/// range, filled by [`init_unit_strings`]).
#[unsafe(no_mangle)]
pub static mut PERRY_UNIT_STRINGS: [u64; 256] = [0; 256];

/// Interns the 256 one-unit Latin-1 strings (pinned atoms) into [`PERRY_UNIT_STRINGS`], a root
/// range: compiled code reads `s[i]` of a one-byte string from it.
pub fn init_unit_strings() {
    // The static array's address stays valid for the program.
    perry_gc::roots::register_range("unit-strings", (&raw mut PERRY_UNIT_STRINGS).cast::<u64>(), 256);
    for c in 0..=255u8 {
        let a = atoms::intern_view(string::Str::One(&[c]));
        atoms::pin(a);
        // SAFETY: start-up on the JS thread; a plain store into the root range.
        unsafe { PERRY_UNIT_STRINGS[c as usize] = atoms::value(a).0 };
    }
}

pub fn unit_string(c: u16) -> Value {
    if c < 256 {
        // SAFETY: the JS thread only; a plain read of the root range.
        return Value(unsafe { PERRY_UNIT_STRINGS[c as usize] });
    }
    string::from_units(&[c])
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    Default,
    Number,
    String,
}

/// ToPrimitive (7.1.1).
pub fn to_primitive(v: Value, hint: Hint) -> JsResult {
    if !v.is_js_object() {
        return Ok(v);
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let ex = object::get(v, realm::sym_atom(I::SymToPrimitive))?;
    if !ex.is_nullish() {
        let hex = scope.root(ex.0);
        let h = string::from_str(match hint {
            Hint::Default => "default",
            Hint::Number => "number",
            Hint::String => "string",
        });
        let r = function::call(Value(hex.get()), Value(hv.get()), &[h])?;
        if r.is_js_object() {
            return Err(error::type_error("Cannot convert object to primitive value"));
        }
        return Ok(r);
    }
    let order = if hint == Hint::String { [names::TO_STRING, names::VALUE_OF] } else { [names::VALUE_OF, names::TO_STRING] };
    for k in order {
        let f = object::get(Value(hv.get()), k)?;
        if crate::proxy::is_callable(f) {
            let r = function::call(f, Value(hv.get()), &[])?;
            if !r.is_js_object() {
                return Ok(r);
            }
        }
    }
    Err(error::type_error("Cannot convert object to primitive value"))
}

/// ToNumber (7.1.4).
pub fn to_number(v: Value) -> JsResult<f64> {
    if v.is_number() {
        return Ok(v.as_number());
    }
    match v.tag() {
        TAG_UNDEFINED => Ok(f64::NAN),
        TAG_NULL => Ok(0.0),
        TAG_BOOL => Ok(if v.as_bool() { 1.0 } else { 0.0 }),
        TAG_STRING => Ok(string::to_number(v)),
        _ => {
            if v.is_symbol() {
                return Err(error::type_error("Cannot convert a Symbol value to a number"));
            }
            if v.is_bigint() {
                return Err(error::type_error("Cannot convert a BigInt value to a number"));
            }
            let p = to_primitive(v, Hint::Number)?;
            to_number(p)
        }
    }
}

/// ToNumeric (7.1.3): a Number or a BigInt.
pub fn to_numeric(v: Value) -> JsResult {
    if v.is_number() || v.is_bigint() {
        return Ok(v);
    }
    let p = to_primitive(v, Hint::Number)?;
    if p.is_bigint() {
        return Ok(p);
    }
    Ok(Value::num(to_number(p)?))
}

fn mix_error() -> error::Exc {
    error::type_error("Cannot mix BigInt and other types, use explicit conversions")
}

/// Recently converted numbers and their strings (`number_to_string_value`),
/// direct-mapped by the number's bits; the strings are a root range
/// (`init_number_string_cache`). An empty entry is all zero (no string is the word 0), so the
/// tables are in `.bss`; a hit needs the key's bits and a string.
const NUM_CACHE: usize = 256;
static NUM_CACHE_KEYS: perry_gc::JsCell<[u64; NUM_CACHE]> = perry_gc::JsCell::new([0; NUM_CACHE]);
static NUM_CACHE_VALUES: perry_gc::JsCell<[u64; NUM_CACHE]> = perry_gc::JsCell::new([0; NUM_CACHE]);

pub fn init_number_string_cache() {
    // SAFETY: start-up on the JS thread; the borrow only yields the static array's address, a root
    // range that stays valid for the program.
    let values = unsafe { NUM_CACHE_VALUES.get() };
    perry_gc::roots::register_range("number-strings", values.as_mut_ptr(), NUM_CACHE);
}

pub fn number_to_string_value(f: f64) -> Value {
    // A number printed again (a loop's `${r}`) is a cache hit.
    let bits = f.to_bits();
    let slot = ((bits ^ (bits >> 29) ^ (bits >> 47)) as usize).wrapping_mul(0x9E37_79B9) >> 7 & (NUM_CACHE - 1);
    // SAFETY: single JS thread; no other borrow of the cache is live.
    let (keys, values) = unsafe { (NUM_CACHE_KEYS.get(), NUM_CACHE_VALUES.get()) };
    if keys[slot] == bits && values[slot] != 0 {
        return Value(values[slot]);
    }
    let v = number_to_string_uncached(f);
    // SAFETY: as above (the conversion allocated, but the cache is static).
    let (keys, values) = unsafe { (NUM_CACHE_KEYS.get(), NUM_CACHE_VALUES.get()) };
    keys[slot] = bits;
    values[slot] = v.0;
    v
}

fn number_to_string_uncached(f: f64) -> Value {
    // `as` saturates, so the round trip is exact only for integers in range
    // (and -0, which prints as "0" too).
    if f.abs() < 9007199254740992.0 && (f as i64) as f64 == f {
        // Integers 0..1024 are interned once (their atoms cached here);
        // other integers are written without the shortest-digits search.
        if (0.0..1024.0).contains(&f) {
            // Atom + 1, 0 for none yet (zero-initialised: in `.bss`).
            static SMALL: perry_gc::JsCell<[atoms::Atom; 1024]> = perry_gc::JsCell::new([0; 1024]);
            // SAFETY: the cache belongs to the JS thread; `intern` below does not reach `SMALL`,
            // so this is the only live borrow of it.
            let small = unsafe { SMALL.get() };
            let i = f as usize;
            if small[i] == 0 {
                // Pinned: a table sweep must not free an atom this cache holds.
                let a = atoms::intern(&i.to_string());
                atoms::pin(a);
                small[i] = a + 1;
            }
            return atoms::value(small[i] - 1);
        }
        const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
            2021222324252627282930313233343536373839\
            4041424344454647484950515253545556575859\
            6061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899";
        let mut buf = [0u8; 20];
        let mut n = (f as i64).unsigned_abs();
        let mut at = buf.len();
        while n >= 100 {
            let d = (n % 100) as usize * 2;
            n /= 100;
            at -= 2;
            buf[at..at + 2].copy_from_slice(&PAIRS[d..d + 2]);
        }
        if n >= 10 {
            let d = n as usize * 2;
            at -= 2;
            buf[at..at + 2].copy_from_slice(&PAIRS[d..d + 2]);
        } else {
            at -= 1;
            buf[at] = b'0' + n as u8;
        }
        if f < 0.0 {
            at -= 1;
            buf[at] = b'-';
        }
        return string::from_latin1(&buf[at..]);
    }
    string::from_str(&string::number_to_rust(f))
}

/// ToString (7.1.17), returning a string value.
pub fn to_string(v: Value) -> JsResult {
    if v.is_string() {
        return Ok(v);
    }
    if v.is_number() {
        return Ok(number_to_string_value(v.as_number()));
    }
    match v.tag() {
        TAG_UNDEFINED => Ok(atoms::value(atoms::intern("undefined"))),
        TAG_NULL => Ok(atoms::value(atoms::intern("null"))),
        TAG_BOOL => Ok(atoms::value(atoms::intern(if v.as_bool() { "true" } else { "false" }))),
        _ => {
            if v.is_symbol() {
                return Err(error::type_error("Cannot convert a Symbol value to a string"));
            }
            if v.is_bigint() {
                return Ok(bigint::to_string_value(v));
            }
            let p = to_primitive(v, Hint::String)?;
            to_string(p)
        }
    }
}

/// ToString as a Rust string.
pub fn to_rust_string(v: Value) -> JsResult<String> {
    Ok(string::to_rust(to_string(v)?))
}

pub fn to_boolean(v: Value) -> bool {
    if v.is_number() {
        let f = v.as_number();
        return !(f == 0.0 || f.is_nan());
    }
    match v.tag() {
        TAG_UNDEFINED | TAG_NULL => false,
        TAG_BOOL => v.as_bool(),
        TAG_STRING => string::len(v) != 0,
        _ => !(v.is_bigint() && bigint::is_zero(v)),
    }
}

pub use perry_abi::to_int32;

pub fn to_uint32(f: f64) -> u32 {
    to_int32(f) as u32
}

/// ToIntegerOrInfinity.
pub fn to_integer(v: Value) -> JsResult<f64> {
    let f = to_number(v)?;
    if f.is_nan() {
        return Ok(0.0);
    }
    Ok(f.trunc() + 0.0)
}

/// ToObject (7.1.18).
pub fn to_object(v: Value) -> JsResult {
    if v.is_js_object() {
        return Ok(v);
    }
    if v.is_nullish() {
        return Err(error::type_error("Cannot convert undefined or null to object"));
    }
    let proto = if v.is_string() {
        I::StringProto
    } else if v.is_number() {
        I::NumberProto
    } else if v.is_bool() {
        I::BooleanProto
    } else if v.is_bigint() {
        I::BigIntProto
    } else {
        I::SymbolProto
    };
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let o = object::alloc_object(KIND_PRIMITIVE_WRAPPER, 8, 0, realm::get(proto));
    o.cell().set_field(OBJ_INLINE, Value(hv.get()));
    Ok(o)
}

pub fn typeof_str(v: Value) -> &'static str {
    if crate::proxy::is_proxy(v) {
        return if crate::proxy::flags(v) & crate::proxy::CALLABLE != 0 { "function" } else { "object" };
    }
    if v.is_number() {
        return "number";
    }
    match v.tag() {
        TAG_UNDEFINED => "undefined",
        TAG_NULL => "object",
        TAG_BOOL => "boolean",
        TAG_STRING => "string",
        _ => {
            if v.is_symbol() {
                "symbol"
            } else if v.is_bigint() {
                "bigint"
            } else if v.is_function() {
                "function"
            } else {
                "object"
            }
        }
    }
}

/// A short rendering of a value for error messages.
pub fn inspect_brief(v: Value) -> String {
    if v.is_string() {
        return format!("\"{}\"", string::to_rust(v));
    }
    if v.is_symbol() {
        return symbol::descriptive_string(v);
    }
    if v.is_function() {
        let n = function::name_of(v);
        return if n.is_empty() { "function (anonymous)".into() } else { n };
    }
    if v.is_array_exotic() {
        return "[object Array]".into();
    }
    if crate::bytes::is_typed_array(v) {
        return format!("[object {}]", crate::bytes::ta_type(v).name());
    }
    if crate::proxy::is_proxy(v) {
        // V8 names the proxy's target (its traps are never run here).
        return match crate::proxy::innermost_target(v) {
            Some(t) => inspect_brief(t),
            None => "[object Object]".into(),
        };
    }
    if v.is_object() {
        return receiver_brief(v);
    }
    to_rust_string(v).unwrap_or_default()
}

/// V8's NoSideEffectsToString of an object: an error as Error.prototype.toString
/// would print it; an object whose `toString` is Object.prototype's as `#<C>`
/// (C its `constructor`'s name); else `[object Tag]`. Only data properties are
/// read: no code runs.
fn receiver_brief(v: Value) -> String {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    if v.kind() == KIND_ERROR {
        let text = |k| match data_on_chain(Value(hv.get()), k) {
            Some(s) if s.is_string() => Some(string::to_rust(s)),
            _ => None,
        };
        let name = text(names::NAME).unwrap_or_else(|| "Error".into());
        let msg = text(names::MESSAGE).unwrap_or_default();
        return if name.is_empty() {
            msg
        } else if msg.is_empty() {
            name
        } else {
            format!("{name}: {msg}")
        };
    }
    let hs = scope.root(data_on_chain(Value(hv.get()), names::TO_STRING).unwrap_or(Value::HOLE).0);
    let object_to_string = data_on_chain(realm::get(I::ObjectProto), names::TO_STRING);
    if hs.get() != Value::HOLE.0
        && Some(Value(hs.get())) == object_to_string
        && let Some(c) = data_on_chain(Value(hv.get()), names::CONSTRUCTOR)
        && c.is_cell()
        && matches!(c.kind(), KIND_FUNCTION | KIND_BOUND_FUNCTION)
    {
        let n = function::name_of(c);
        if !n.is_empty() {
            return format!("#<{n}>");
        }
    }
    let v = Value(hv.get());
    let tag = match data_on_chain(v, realm::sym_atom(I::SymToStringTag)) {
        Some(t) if t.is_string() => string::to_rust(t),
        _ => match v.kind() {
            KIND_ARGUMENTS => "Arguments",
            KIND_REGEXP => "RegExp",
            KIND_DATE => "Date",
            KIND_ERROR => "Error",
            KIND_PRIMITIVE_WRAPPER => wrapper_builtin_tag(v),
            _ => "Object",
        }
        .into(),
    };
    format!("[object {tag}]")
}

/// The builtin tag of a primitive wrapper object (Object.prototype.toString's step 5 names):
/// `Boolean`, `Number`, `String`, else `Object`.
pub fn wrapper_builtin_tag(w: Value) -> &'static str {
    let p = w.cell().field(OBJ_INLINE);
    if p.is_bool() {
        "Boolean"
    } else if p.is_number() {
        "Number"
    } else if p.is_string() {
        "String"
    } else {
        "Object"
    }
}

/// The value of the data property `key` of `o` or of the first object on its prototype chain
/// that has `key`; `None` when none has it, or it is an accessor, or the walk meets a proxy
/// (V8's GetDataProperty: no code runs).
fn data_on_chain(o: Value, key: atoms::Atom) -> Option<Value> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    // Bounded: a chain is acyclic, but never trust a walk to end.
    for _ in 0..100_000 {
        let o = Value(ho.get());
        if !o.is_object() {
            return None;
        }
        match object::get_own_property(o, key) {
            Some(object::Prop::Data(v, _)) => return Some(v),
            Some(_) => return None,
            None => {}
        }
        ho.set(object::proto_of(Value(ho.get())).0);
    }
    None
}

// ---------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------

/// The `+` operator (13.15.3 ApplyStringOrNumericBinaryOperator).
pub fn add(a: Value, b: Value) -> JsResult {
    if a.is_number() && b.is_number() {
        return Ok(Value::num(a.as_number() + b.as_number()));
    }
    if a.is_string() && b.is_string() {
        return string::concat(a, b);
    }
    let scope = HandleScope::new();
    let hb = scope.root(b.0);
    let pa = to_primitive(a, Hint::Default)?;
    let ha = scope.root(pa.0);
    let pb = to_primitive(Value(hb.get()), Hint::Default)?;
    let hb = scope.root(pb.0);
    let (pa, pb) = (Value(ha.get()), Value(hb.get()));
    if pa.is_string() || pb.is_string() {
        let sa = to_string(pa)?;
        let ha = scope.root(sa.0);
        let sb = to_string(Value(hb.get()))?;
        return string::concat(Value(ha.get()), sb);
    }
    let x = to_numeric(pa)?;
    let hx = scope.root(x.0);
    let y = to_numeric(Value(hb.get()))?;
    numeric_op(NumOp::Add, Value(hx.get()), y)
}

/// A binary operator on two numeric values (Numbers or BigInts): the types
/// must agree (13.15.3 steps 6-8).
fn numeric_op(op: NumOp, x: Value, y: Value) -> JsResult {
    match (x.is_bigint(), y.is_bigint()) {
        (true, true) => bigint::binary(op, x, y),
        (false, false) => Ok(Value::num(num_op(op, x.as_number(), y.as_number()))),
        _ => Err(mix_error()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum NumOp {
    Sub = 0,
    Mul,
    Div,
    Mod,
    Exp,
    And,
    Or,
    Xor,
    Shl,
    Sar,
    Shr,
    /// `+` on two numeric values (not a compiled operator code: `perry_add`
    /// handles strings first).
    Add,
}

impl NumOp {
    pub fn from_u32(x: u32) -> NumOp {
        match x {
            0 => NumOp::Sub,
            1 => NumOp::Mul,
            2 => NumOp::Div,
            3 => NumOp::Mod,
            4 => NumOp::Exp,
            5 => NumOp::And,
            6 => NumOp::Or,
            7 => NumOp::Xor,
            8 => NumOp::Shl,
            9 => NumOp::Sar,
            11 => NumOp::Add,
            _ => NumOp::Shr,
        }
    }
}

pub fn js_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    if (x == 1.0 || x == -1.0) && y.is_infinite() {
        return f64::NAN;
    }
    // fdlibm's pow (as V8 uses), not the platform's correctly rounded one:
    // the last digit of results like 7 ** -2 must match Node.
    libm::pow(x, y)
}

pub fn js_mod(x: f64, y: f64) -> f64 {
    if y == 0.0 || x.is_infinite() || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    if x == 0.0 {
        return x;
    }
    let r = x % y;
    if r == 0.0 { 0.0f64.copysign(x) } else { r }
}

pub fn num_op(op: NumOp, x: f64, y: f64) -> f64 {
    match op {
        NumOp::Add => x + y,
        NumOp::Sub => x - y,
        NumOp::Mul => x * y,
        NumOp::Div => x / y,
        NumOp::Mod => js_mod(x, y),
        NumOp::Exp => js_pow(x, y),
        NumOp::And => (to_int32(x) & to_int32(y)) as f64,
        NumOp::Or => (to_int32(x) | to_int32(y)) as f64,
        NumOp::Xor => (to_int32(x) ^ to_int32(y)) as f64,
        NumOp::Shl => to_int32(x).wrapping_shl(to_uint32(y) & 31) as f64,
        NumOp::Sar => (to_int32(x) >> (to_uint32(y) & 31)) as f64,
        NumOp::Shr => (to_uint32(x) >> (to_uint32(y) & 31)) as f64,
    }
}

pub fn binary_num(op: NumOp, a: Value, b: Value) -> JsResult {
    if a.is_number() && b.is_number() {
        return Ok(Value::num(num_op(op, a.as_number(), b.as_number())));
    }
    let scope = HandleScope::new();
    let hb = scope.root(b.0);
    let x = to_numeric(a)?;
    let hx = scope.root(x.0);
    let y = to_numeric(Value(hb.get()))?;
    numeric_op(op, Value(hx.get()), y)
}

/// IsLessThan (7.2.13): Some(true/false), or None for undefined (NaN).
pub fn less_than(a: Value, b: Value, left_first: bool) -> JsResult<Option<bool>> {
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let hb = scope.root(b.0);
    let (px, py) = if left_first {
        let px = to_primitive(a, Hint::Number)?;
        let hx = scope.root(px.0);
        let py = to_primitive(Value(hb.get()), Hint::Number)?;
        (Value(hx.get()), py)
    } else {
        let py = to_primitive(b, Hint::Number)?;
        let hy = scope.root(py.0);
        let px = to_primitive(Value(ha.get()), Hint::Number)?;
        (px, Value(hy.get()))
    };
    if px.is_string() && py.is_string() {
        return Ok(Some(string::view(px).order(string::view(py)) == Ordering::Less));
    }
    // BigInt against String: the string as a BigInt, or undefined.
    if px.is_bigint() && py.is_string() {
        return Ok(bigint::cmp_units(px, &string::units16(py)).map(|o| o == Ordering::Less));
    }
    if px.is_string() && py.is_bigint() {
        return Ok(bigint::cmp_units(py, &string::units16(px)).map(|o| o == Ordering::Greater));
    }
    // ToNumeric of primitives allocates nothing (a Symbol throws).
    let x = to_numeric(px)?;
    let y = to_numeric(py)?;
    match (x.is_bigint(), y.is_bigint()) {
        (true, true) => Ok(Some(bigint::cmp(x, y) == Ordering::Less)),
        (true, false) => Ok(bigint::cmp_number(x, y.as_number()).map(|o| o == Ordering::Less)),
        (false, true) => Ok(bigint::cmp_number(y, x.as_number()).map(|o| o == Ordering::Greater)),
        (false, false) => {
            let (x, y) = (x.as_number(), y.as_number());
            if x.is_nan() || y.is_nan() {
                return Ok(None);
            }
            Ok(Some(x < y))
        }
    }
}

#[derive(Clone, Copy)]
#[repr(u32)]
pub enum CmpOp {
    Lt = 0,
    Le,
    Gt,
    Ge,
}

pub fn compare(op: u32, a: Value, b: Value) -> JsResult<bool> {
    Ok(match op {
        0 => less_than(a, b, true)? == Some(true),
        1 => less_than(b, a, false)? == Some(false),
        2 => less_than(b, a, false)? == Some(true),
        _ => less_than(a, b, true)? == Some(false),
    })
}

/// IsStrictlyEqual (7.2.16).
pub fn strict_equals(a: Value, b: Value) -> bool {
    if a.is_number() && b.is_number() {
        return a.as_number() == b.as_number();
    }
    if a.is_string() && b.is_string() {
        return string::eq(a, b);
    }
    a == b || (a.is_bigint() && b.is_bigint() && bigint::equal(a, b))
}

/// SameValueZero.
pub fn same_value_zero(a: Value, b: Value) -> bool {
    if a.is_number() && b.is_number() {
        let (x, y) = (a.as_number(), b.as_number());
        return x == y || (x.is_nan() && y.is_nan());
    }
    strict_equals(a, b)
}

/// SameValue (Object.is).
pub fn same_value(a: Value, b: Value) -> bool {
    if a.is_number() && b.is_number() {
        let (x, y) = (a.as_number(), b.as_number());
        if x.is_nan() && y.is_nan() {
            return true;
        }
        return x.to_bits() == y.to_bits();
    }
    strict_equals(a, b)
}

/// IsLooselyEqual (7.2.15).
pub fn loose_equals(a: Value, b: Value) -> JsResult<bool> {
    // Step 1: the same type (cells are objects, symbols or BigInts).
    let same_type = if a.is_number() || b.is_number() {
        a.is_number() && b.is_number()
    } else if a.is_js_object() || b.is_js_object() {
        a.is_js_object() && b.is_js_object()
    } else if a.is_cell() && b.is_cell() {
        a.is_bigint() == b.is_bigint()
    } else {
        a.tag() == b.tag()
    };
    if same_type {
        return Ok(strict_equals(a, b));
    }
    if a.is_nullish() && b.is_nullish() {
        return Ok(true);
    }
    if a.is_number() && b.is_string() {
        return Ok(a.as_number() == string::to_number(b));
    }
    if a.is_string() && b.is_number() {
        return Ok(string::to_number(a) == b.as_number());
    }
    if a.is_bigint() && b.is_string() {
        return Ok(bigint::cmp_units(a, &string::units16(b)) == Some(Ordering::Equal));
    }
    if a.is_string() && b.is_bigint() {
        return loose_equals(b, a);
    }
    if a.is_bool() {
        return loose_equals(Value::num(if a.as_bool() { 1.0 } else { 0.0 }), b);
    }
    if b.is_bool() {
        return loose_equals(a, Value::num(if b.as_bool() { 1.0 } else { 0.0 }));
    }
    let prim = |v: Value| v.is_number() || v.is_string() || v.is_symbol() || v.is_bigint();
    if prim(a) && b.is_js_object() {
        let scope = HandleScope::new();
        let ha = scope.root(a.0);
        let pb = to_primitive(b, Hint::Default)?;
        return loose_equals(Value(ha.get()), pb);
    }
    if a.is_js_object() && prim(b) {
        let scope = HandleScope::new();
        let hb = scope.root(b.0);
        let pa = to_primitive(a, Hint::Default)?;
        return loose_equals(pa, Value(hb.get()));
    }
    if a.is_bigint() && b.is_number() {
        return Ok(bigint::equals_number(a, b.as_number()));
    }
    if a.is_number() && b.is_bigint() {
        return Ok(bigint::equals_number(b, a.as_number()));
    }
    Ok(false)
}

/// `v instanceof target` (13.10.2 InstanceofOperator).
pub fn instance_of(v: Value, target: Value) -> JsResult<bool> {
    if !target.is_js_object() {
        return Err(error::type_error("Right-hand side of 'instanceof' is not an object"));
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let ht = scope.root(target.0);
    let h = object::get(target, realm::sym_atom(I::SymHasInstance))?;
    if h == realm::get(I::FunctionProtoHasInstance) && !h.is_undefined() {
        // %Function.prototype%[@@hasInstance] (20.2.3.6) without the call.
        return ordinary_has_instance(Value(ht.get()), Value(hv.get()));
    }
    if !h.is_nullish() {
        let r = function::call(h, Value(ht.get()), &[Value(hv.get())])?;
        return Ok(to_boolean(r));
    }
    let target = Value(ht.get());
    if !crate::proxy::is_callable(target) {
        return Err(error::type_error("Right-hand side of 'instanceof' is not callable"));
    }
    ordinary_has_instance(target, Value(hv.get()))
}

/// OrdinaryHasInstance (7.3.21).
pub fn ordinary_has_instance(c: Value, v: Value) -> JsResult<bool> {
    if !crate::proxy::is_callable(c) {
        return Ok(false);
    }
    if c.kind() == KIND_BOUND_FUNCTION || (c.kind() == KIND_FUNCTION && crate::function::meta_of(c).flags & FNF_BOUND != 0) {
        return instance_of(v, c.cell().field(FN_CAPS));
    }
    if !v.is_js_object() {
        return Ok(false);
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let p = object::get(c, names::PROTOTYPE)?;
    if !p.is_js_object() {
        return Err(error::type_error("Function has non-object prototype in instanceof check"));
    }
    let hp = scope.root(p.0);
    // The chain may pass through proxies ([[GetPrototypeOf]] traps).
    let mut o = crate::proxy::proto_of_any(Value(hv.get()))?;
    while o.is_js_object() {
        if o == Value(hp.get()) {
            return Ok(true);
        }
        o = crate::proxy::proto_of_any(o)?;
    }
    Ok(false)
}

/// `key in obj`.
pub fn has_in(key: Value, obj: Value) -> JsResult<bool> {
    if !obj.is_object() && !crate::proxy::is_proxy(obj) {
        let scope = HandleScope::new();
        let _h = scope.root(obj.0);
        let k = to_rust_string(key).unwrap_or_default();
        return Err(error::type_error(&format!("Cannot use 'in' operator to search for '{k}' in {}", to_rust_string(obj).unwrap_or_default())));
    }
    let scope = HandleScope::new();
    let ho = scope.root(obj.0);
    let a = object::to_key(key)?;
    crate::proxy::has_any(Value(ho.get()), a)
}

/// Array-likes: `length` of any object as a usize.
pub fn length_of(o: Value) -> JsResult<usize> {
    if o.is_array() {
        return Ok(array::len(o));
    }
    if crate::bytes::is_typed_array(o) && object::shape_of(o).is_empty() {
        // No own `length` can shadow the prototype's getter; assume the
        // intrinsic getter (a redefined %TypedArray%.prototype.length is
        // not honoured here).
        return Ok(crate::bytes::ta_len(o));
    }
    let l = object::get(o, names::LENGTH)?;
    let f = to_integer(l)?;
    Ok(if f <= 0.0 { 0 } else { f.min(9007199254740991.0) as usize })
}
