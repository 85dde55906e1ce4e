//! BigInt values (ECMAScript 6.1.6.2) and their abstract operations.
//!
//! A BigInt is an immutable `KIND_BIGINT` cell (layout in `perry-abi`):
//! `header | limb count << 2 | 2 | negative | u64 limbs, least significant
//! first`. Arithmetic converts the cells to `num_bigint::BigInt`, computes
//! and allocates a new cell; values that fit in an `i64` take a fast path
//! that never builds a `num_bigint::BigInt`.
//!
//! Every function here reads its operands completely before it allocates,
//! so none needs a handle: the only allocation is the result's cell.
//!
//! # Why the meta word has bit 1, and what dispatches here
//!
//! The kind is internal (below `KIND_FIRST_OBJECT`) and untraced, like `KIND_STRING`: the limbs
//! are data. A BigInt is a `TAG_OBJECT` value, so every test that meets cells must ask for the
//! kind: `Value::is_object` is false for it (as for symbols), `is_bigint` true. Bit 1 of
//! `BI_META` keeps the word that sits where objects keep their shape from ever being 0, the
//! empty inline-cache entry (a `0n` receiver would otherwise hit an empty property cache).
//!
//! Everything that uses num-bigint is reached through a table of function pointers that the
//! `bigint` family sets ([`enable`]), so a program without BigInts links none of it. Here are
//! the spec's BigInt operations (6.1.6.2: unaryMinus, bitwiseNOT, exponentiate, multiply,
//! divide/remainder truncating, shifts rounding towards negative infinity, two's complement
//! bitwise operators), StringToBigInt, NumberToBigInt, ToBigInt, asIntN/asUintN and exact
//! comparison with Numbers. Results above 2^30 bits are V8's RangeError "Maximum BigInt size
//! exceeded". `ops.rs` dispatches on ToNumeric: `+` and `binary_num` require both operands of
//! one type ("Cannot mix BigInt and other types"), `less_than`/`loose_equals` compare with
//! Numbers and Strings (7.2.13, 7.2.15), `strict_equals` (and so SameValue, SameValueZero,
//! `includes`, `indexOf`, Map/Set, whose hash of a BigInt key is by value) compares values, not
//! cells. BigInt64Array/BigUint64Array elements and the DataView BigInt accessors use
//! `to_u64_wrapping` (the bits of asUintN(64)/asIntN(64)), `from_bits` and `element_bits`.
//!
//! Compiler side: a literal is `perry_bigint_from_i64` (raw digits that fit) or
//! `perry_bigint_from_str` (decimal constant string), a new cell per evaluation. Inline `===`
//! compares bits and, when they differ and both are cells with a BigInt on the left, calls
//! `perry_strict_eq`. `++`/`--` run `perry_to_numeric` and, for a BigInt, `perry_numeric_step`.
//! The number-type inference (compiler `numeric::is_num`) counts `-`, `*`, `/`, `%`, `**`, `&`,
//! `|`, `^`, `<<`, `>>` as numbers only when one operand is a known number (a BigInt on the
//! other side throws), unary `-`/`~` only of a known number, `+x` and `>>>` always.

use crate::error::{self, JsResult};
use crate::ops::NumOp;
use crate::string;
use crate::value::Value;
use core::cmp::Ordering;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use perry_abi::*;

/// The largest BigInt, in bits (V8's `BigInt::kMaxLengthBits`).
pub const MAX_BITS: u64 = 1 << 30;

fn too_big() -> error::Exc {
    error::range_error("Maximum BigInt size exceeded")
}

// ---------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------

#[inline]
fn meta(v: Value) -> u64 {
    v.cell().word(BI_META)
}

fn limbs<'a>(v: Value) -> &'a [u64] {
    let n = (meta(v) >> 2) as usize;
    // SAFETY: a BigInt cell holds `n` limbs after BI_DATA; valid until the
    // next allocation (callers copy before allocating).
    unsafe { core::slice::from_raw_parts((v.ptr() as *const u8).add(BI_DATA as usize) as *const u64, n) }
}

#[inline]
fn is_negative(v: Value) -> bool {
    meta(v) & 1 != 0
}

/// Allocates a BigInt of sign `neg` and magnitude `mag` (little-endian
/// limbs; high zero limbs are dropped, zero is never negative).
fn alloc(neg: bool, mag: &[u64]) -> Value {
    let mut n = mag.len();
    while n > 0 && mag[n - 1] == 0 {
        n -= 1;
    }
    let neg = neg && n > 0;
    let p = perry_gc::alloc_uninit(BI_DATA as usize + 8 * n, KIND_BIGINT);
    // SAFETY: the fresh cell has room for the meta word and `n` limbs; it is
    // untraced, so raw stores need no barrier.
    unsafe {
        *p.add(1) = ((n as u64) << 2) | 2 | neg as u64;
        core::ptr::copy_nonoverlapping(mag.as_ptr(), p.add(2), n);
    }
    Value::from_cell(p)
}

/// A BigInt from an `i64`.
pub fn from_i64(i: i64) -> Value {
    alloc(i < 0, &[i.unsigned_abs()])
}

/// A BigInt from a `u64` (a BigUint64 element).
pub fn from_u64(x: u64) -> Value {
    alloc(false, &[x])
}

/// A BigInt from the 64 bits of a BigInt64 (`signed`) or BigUint64 element.
pub fn from_bits(bits: u64, signed: bool) -> Value {
    if signed { from_i64(bits as i64) } else { from_u64(bits) }
}

/// A BigInt from a `num_bigint::BigInt`.
pub fn from_big(b: &BigInt) -> Value {
    if let Some(i) = b.to_i64() {
        return from_i64(i);
    }
    let mag: Vec<u64> = b.magnitude().iter_u64_digits().collect();
    alloc(b.sign() == Sign::Minus, &mag)
}

/// A result that must stay within [`MAX_BITS`].
fn checked(b: BigInt) -> JsResult {
    if b.bits() > MAX_BITS {
        return Err(too_big());
    }
    Ok(from_big(&b))
}

/// The value of a BigInt cell.
pub fn to_big(v: Value) -> BigInt {
    let l = limbs(v);
    let mut d = Vec::with_capacity(l.len() * 2);
    for &x in l {
        d.push(x as u32);
        d.push((x >> 32) as u32);
    }
    let m = BigUint::new(d);
    BigInt::from_biguint(if is_negative(v) { Sign::Minus } else { Sign::Plus }, m)
}

/// The value as an `i64` when it fits (the fast paths).
#[inline]
pub fn small(v: Value) -> Option<i64> {
    let m = meta(v);
    match m >> 2 {
        0 => Some(0),
        1 => {
            let x = v.cell().word(BI_DATA);
            if m & 1 == 0 {
                i64::try_from(x).ok()
            } else if x <= 1 << 63 {
                Some((x as i64).wrapping_neg())
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The value modulo 2^64 as 64 bits: BigInt::asUintN(64, v), and the bits
/// of BigInt::asIntN(64, v) (ToBigInt64/ToBigUint64, 7.1.15-7.1.16).
pub fn to_u64_wrapping(v: Value) -> u64 {
    let low = limbs(v).first().copied().unwrap_or(0);
    if is_negative(v) { low.wrapping_neg() } else { low }
}

/// The value as a `u64` when it lies in [0, 2^64).
pub fn to_u64_exact(v: Value) -> Option<u64> {
    let m = meta(v);
    match m >> 2 {
        0 => Some(0),
        1 if m & 1 == 0 => Some(v.cell().word(BI_DATA)),
        _ => None,
    }
}

/// The bits a BigInt64 (`signed`) or BigUint64 element holds when it equals
/// `v`; `None` when no element of that type can.
pub fn element_bits(v: Value, signed: bool) -> Option<u64> {
    if signed { small(v).map(|i| i as u64) } else { to_u64_exact(v) }
}

pub fn is_zero(v: Value) -> bool {
    meta(v) >> 2 == 0
}

/// A hash of the value (Map/Set keys: equal BigInts hash alike).
pub fn hash(v: Value) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ meta(v);
    for &x in limbs(v) {
        h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// BigInt::toString (6.1.6.2.23) in `radix` (2..=36), lowercase.
fn to_string_radix_impl(v: Value, radix: u32) -> String {
    if radix == 10
        && let Some(i) = small(v)
    {
        return i.to_string();
    }
    to_big(v).to_str_radix(radix)
}

/// The decimal string of a BigInt as a string value.
pub fn to_string_value(v: Value) -> Value {
    let s = to_string_radix(v, 10);
    string::from_str(&s)
}

/// ℝ(v) rounded to the nearest double (Number(bigint), 21.1.1.1).
fn to_f64_impl(v: Value) -> f64 {
    if let Some(i) = small(v) {
        return i as f64;
    }
    to_big(v).to_f64().unwrap_or(f64::NAN)
}

/// StringToBigInt (7.1.14) of code units: `None` when the string is not a
/// StringIntegerLiteral.
pub fn parse_units(u: &[u16]) -> Option<BigInt> {
    let (a, b) = string::trim_units(u, true, true);
    let t = &u[a..b];
    if t.is_empty() {
        return Some(BigInt::zero());
    }
    if t.iter().any(|&c| c > 0x7F) {
        return None;
    }
    let t: Vec<u8> = t.iter().map(|&c| c as u8).collect();
    let (radix, neg, digits) = if t.len() >= 2 && t[0] == b'0' && matches!(t[1], b'x' | b'X' | b'o' | b'O' | b'b' | b'B') {
        let r = match t[1] | 0x20 {
            b'x' => 16,
            b'o' => 8,
            _ => 2,
        };
        (r, false, &t[2..])
    } else {
        match t[0] {
            b'+' => (10, false, &t[1..]),
            b'-' => (10, true, &t[1..]),
            _ => (10, false, &t[..]),
        }
    };
    parse_digits(digits, radix).map(|m| if neg { -m } else { m })
}

/// Digits in `radix` (no sign, no separators), at least one.
fn parse_digits(d: &[u8], radix: u32) -> Option<BigInt> {
    if d.is_empty() || !d.iter().all(|&c| (c as char).is_digit(radix)) {
        return None;
    }
    BigInt::parse_bytes(d, radix)
}

/// A BigInt literal's source text (`123n`, `0xFFn`, `1_000n`) as its value.
pub fn parse_literal(s: &str) -> Option<BigInt> {
    let s: String = s.trim_end_matches('n').chars().filter(|&c| c != '_').collect();
    let b = s.as_bytes();
    if b.len() >= 2 && b[0] == b'0' && matches!(b[1] | 0x20, b'x' | b'o' | b'b') {
        let r = match b[1] | 0x20 {
            b'x' => 16,
            b'o' => 8,
            _ => 2,
        };
        return parse_digits(&b[2..], r);
    }
    parse_digits(b, 10)
}

/// StringToBigInt as a value, or SyntaxError "Cannot convert x to a BigInt".
pub fn from_string(s: Value) -> JsResult {
    match parse_units(&string::units16(s)) {
        Some(b) => Ok(from_big(&b)),
        None => {
            let t = string::to_rust(s);
            Err(error::syntax_error(&format!("Cannot convert {t} to a BigInt")))
        }
    }
}

/// NumberToBigInt (21.2.1.1.1): RangeError unless integral.
pub fn from_number(f: f64) -> JsResult {
    if !f.is_finite() || f.trunc() != f {
        return Err(error::range_error(&format!("The number {} cannot be converted to a BigInt because it is not an integer", string::number_to_rust(f))));
    }
    if f.abs() < 9.2e18 {
        return Ok(from_i64(f as i64));
    }
    Ok(from_big(&exact_f64(f)))
}

/// The exact integer value of an integral finite double.
fn exact_f64(f: f64) -> BigInt {
    num_traits::FromPrimitive::from_f64(f).unwrap_or_default()
}

/// ToBigInt (7.1.13).
fn to_bigint_impl(v: Value) -> JsResult {
    let p = crate::ops::to_primitive(v, crate::ops::Hint::Number)?;
    if p.is_bigint() {
        return Ok(p);
    }
    if p.is_bool() {
        return Ok(from_i64(p.as_bool() as i64));
    }
    if p.is_string() {
        return from_string(p);
    }
    let what = if p.is_symbol() { crate::symbol::descriptive_string(p) } else { crate::ops::to_rust_string(p)? };
    Err(error::type_error(&format!("Cannot convert {what} to a BigInt")))
}

// ---------------------------------------------------------------------------
// Operators (6.1.6.2)
// ---------------------------------------------------------------------------

/// BigInt::unaryMinus (6.1.6.2.1).
fn unary_minus_impl(v: Value) -> Value {
    if let Some(i) = small(v).and_then(i64::checked_neg) {
        return from_i64(i);
    }
    from_big(&-to_big(v))
}

/// BigInt::bitwiseNOT (6.1.6.2.2): -x - 1.
fn bitwise_not_impl(v: Value) -> Value {
    if let Some(i) = small(v) {
        return from_i64(!i);
    }
    from_big(&!to_big(v))
}

/// `v + d` (`++`/`--` on a BigInt).
fn step_impl(v: Value, d: i64) -> JsResult {
    if let Some(r) = small(v).and_then(|x| x.checked_add(d)) {
        return Ok(from_i64(r));
    }
    checked(to_big(v) + d)
}

/// `a op b` for two BigInts (6.1.6.2.3 - 6.1.6.2.20).
fn binary_impl(op: NumOp, a: Value, b: Value) -> JsResult {
    if let (Some(x), Some(y)) = (small(a), small(b)) {
        let r = match op {
            NumOp::Add => x.checked_add(y),
            NumOp::Sub => x.checked_sub(y),
            NumOp::Mul => x.checked_mul(y),
            NumOp::Div if y != 0 => x.checked_div(y),
            NumOp::Mod if y != 0 => x.checked_rem(y),
            NumOp::And => Some(x & y),
            NumOp::Or => Some(x | y),
            NumOp::Xor => Some(x ^ y),
            NumOp::Sar if y >= 0 => Some(if y >= 64 { x >> 63 } else { x >> y }),
            NumOp::Shl if y < 0 => Some(if y <= -64 { x >> 63 } else { x >> -y }),
            _ => None,
        };
        if let Some(r) = r {
            return Ok(from_i64(r));
        }
    }
    let (x, y) = (to_big(a), to_big(b));
    match op {
        NumOp::Add => checked(x + y),
        NumOp::Sub => checked(x - y),
        NumOp::Mul => {
            if x.bits() + y.bits() > MAX_BITS + 1 {
                return Err(too_big());
            }
            checked(x * y)
        }
        NumOp::Div | NumOp::Mod => {
            if y.is_zero() {
                return Err(error::range_error("Division by zero"));
            }
            // Truncating division; the remainder takes the dividend's sign.
            let (q, r) = x.div_rem(&y);
            Ok(from_big(if op == NumOp::Div { &q } else { &r }))
        }
        NumOp::Exp => exponentiate(&x, &y),
        NumOp::And => Ok(from_big(&(x & y))),
        NumOp::Or => Ok(from_big(&(x | y))),
        NumOp::Xor => Ok(from_big(&(x ^ y))),
        NumOp::Shl => shift_left(&x, &y),
        NumOp::Sar => shift_left(&x, &-y),
        NumOp::Shr => Err(error::type_error("BigInts have no unsigned right shift, use >> instead")),
    }
}

/// BigInt::exponentiate (6.1.6.2.3).
fn exponentiate(base: &BigInt, exp: &BigInt) -> JsResult {
    if exp.is_negative() {
        // V8's message, as Node 20 prints it.
        return Err(error::range_error("undefined must be positive"));
    }
    if exp.is_zero() {
        return Ok(from_i64(1));
    }
    if base.is_zero() || base == &BigInt::from(1) {
        return Ok(from_big(base));
    }
    if base == &BigInt::from(-1) {
        return Ok(from_i64(if exp.is_even() { 1 } else { -1 }));
    }
    let e = match exp.to_u64() {
        Some(e) if e <= MAX_BITS => e,
        _ => return Err(too_big()),
    };
    // |base| >= 2: the result has at least (bits - 1) * e + 1 bits.
    if (base.bits() - 1).saturating_mul(e) >= MAX_BITS {
        return Err(too_big());
    }
    checked(base.pow(e as u32))
}

/// BigInt::leftShift (6.1.6.2.9); a negative count shifts right, rounding
/// towards negative infinity.
fn shift_left(x: &BigInt, n: &BigInt) -> JsResult {
    if x.is_zero() || n.is_zero() {
        return Ok(from_big(x));
    }
    if n.is_negative() {
        let k = n.magnitude().to_u64().unwrap_or(u64::MAX);
        if k >= x.bits() {
            return Ok(from_i64(if x.is_negative() { -1 } else { 0 }));
        }
        return Ok(from_big(&(x >> k)));
    }
    match n.to_u64() {
        Some(k) if k <= MAX_BITS && x.bits() + k <= MAX_BITS => Ok(from_big(&(x << k))),
        _ => Err(too_big()),
    }
}

/// BigInt::lessThan / comparison of two BigInts.
fn cmp_impl(a: Value, b: Value) -> Ordering {
    if let (Some(x), Some(y)) = (small(a), small(b)) {
        return x.cmp(&y);
    }
    to_big(a).cmp(&to_big(b))
}

/// BigInt::equal (6.1.6.2.13).
pub fn equal(a: Value, b: Value) -> bool {
    meta(a) == meta(b) && limbs(a) == limbs(b)
}

/// The BigInt `a` against the Number `f`: None when `f` is NaN.
fn cmp_number_impl(a: Value, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f == f64::INFINITY {
        return Some(Ordering::Less);
    }
    if f == f64::NEG_INFINITY {
        return Some(Ordering::Greater);
    }
    if let Some(x) = small(a)
        && f.abs() < 9.0e15
    {
        // Both exact as doubles (|x| < 2^53 is checked by the cast).
        if (x.unsigned_abs()) < (1 << 53) {
            return (x as f64).partial_cmp(&f);
        }
    }
    let fl = f.floor();
    let o = to_big(a).cmp(&exact_f64(fl));
    // a vs floor(f): when equal and f has a fraction, a < f.
    Some(if o == Ordering::Equal && fl != f { Ordering::Less } else { o })
}

/// BigInt == Number (7.2.15 step 12).
pub fn equals_number(a: Value, f: f64) -> bool {
    cmp_number(a, f) == Some(Ordering::Equal)
}

/// BigInt.asIntN (21.2.2.1) with `bits` already ToIndex'ed.
pub fn as_int_n(bits: u64, v: Value) -> JsResult {
    if bits == 0 {
        return Ok(from_i64(0));
    }
    let x = to_big(v);
    if bits > x.bits() {
        // Already in [-2^(bits-1), 2^(bits-1)).
        return Ok(v);
    }
    let m = BigInt::from(1) << bits;
    let r = x.mod_floor(&m);
    let half = BigInt::from(1) << (bits - 1);
    Ok(from_big(&if r >= half { r - m } else { r }))
}

/// BigInt.asUintN (21.2.2.2) with `bits` already ToIndex'ed.
pub fn as_uint_n(bits: u64, v: Value) -> JsResult {
    if bits == 0 {
        return Ok(from_i64(0));
    }
    let x = to_big(v);
    if !x.is_negative() && bits >= x.bits() {
        return Ok(v);
    }
    if bits > MAX_BITS {
        return Err(too_big());
    }
    let m = BigInt::from(1) << bits;
    Ok(from_big(&x.mod_floor(&m)))
}

// ---------------------------------------------------------------------------
// The operations that need num-bigint, reached through a table
// ---------------------------------------------------------------------------

/// The operations that compute with `num_bigint` values. The runtime's
/// operators reach them only through this table, which the stdlib sets
/// ([`enable`]) when the program links the BigInt family (a BigInt literal,
/// `BigInt`, the BigInt typed arrays): a BigInt value exists only then, and a
/// program without one does not link num-bigint at all.
struct Big {
    to_string_radix: fn(Value, u32) -> String,
    to_f64: fn(Value) -> f64,
    to_bigint: fn(Value) -> JsResult,
    unary_minus: fn(Value) -> Value,
    bitwise_not: fn(Value) -> Value,
    step: fn(Value, i64) -> JsResult,
    binary: fn(NumOp, Value, Value) -> JsResult,
    cmp: fn(Value, Value) -> Ordering,
    cmp_number: fn(Value, f64) -> Option<Ordering>,
    cmp_units: fn(Value, &[u16]) -> Option<Ordering>,
}

static BIG: perry_gc::JsCell<Option<&'static Big>> = perry_gc::JsCell::new(None);

static IMPL: Big = Big {
    to_string_radix: to_string_radix_impl,
    to_f64: to_f64_impl,
    to_bigint: to_bigint_impl,
    unary_minus: unary_minus_impl,
    bitwise_not: bitwise_not_impl,
    step: step_impl,
    binary: binary_impl,
    cmp: cmp_impl,
    cmp_number: cmp_number_impl,
    cmp_units: cmp_units_impl,
};

/// Links and enables the BigInt operations (idempotent).
pub fn enable() {
    // SAFETY: a one-word store on the JS thread, with no reference kept.
    unsafe { *BIG.get() = Some(&IMPL) };
}

#[inline]
fn big() -> &'static Big {
    // SAFETY: single JS thread; the table is written once at start-up.
    match unsafe { *BIG.get() } {
        Some(b) => b,
        None => perry_gc::fatal("a BigInt exists but the BigInt built-in is not linked"),
    }
}

/// BigInt::toString (6.1.6.2.23) in `radix` (2..=36), lowercase.
pub fn to_string_radix(v: Value, radix: u32) -> String {
    (big().to_string_radix)(v, radix)
}

/// ℝ(v) rounded to the nearest double (Number(bigint), 21.1.1.1).
pub fn to_f64(v: Value) -> f64 {
    (big().to_f64)(v)
}

/// ToBigInt (7.1.13): reached only when a BigInt typed array or the BigInt
/// built-in is linked, which enables the table.
pub fn to_bigint(v: Value) -> JsResult {
    (big().to_bigint)(v)
}

/// BigInt::unaryMinus (6.1.6.2.1).
pub fn unary_minus(v: Value) -> Value {
    (big().unary_minus)(v)
}

/// BigInt::bitwiseNOT (6.1.6.2.2).
pub fn bitwise_not(v: Value) -> Value {
    (big().bitwise_not)(v)
}

/// `v + d` (`++`/`--` on a BigInt).
pub fn step(v: Value, d: i64) -> JsResult {
    (big().step)(v, d)
}

/// `a op b` for two BigInts (6.1.6.2.3 - 6.1.6.2.20).
pub fn binary(op: NumOp, a: Value, b: Value) -> JsResult {
    (big().binary)(op, a, b)
}

/// BigInt::lessThan / comparison of two BigInts.
pub fn cmp(a: Value, b: Value) -> Ordering {
    (big().cmp)(a, b)
}

/// The BigInt `a` against the Number `f`: None when `f` is NaN.
pub fn cmp_number(a: Value, f: f64) -> Option<Ordering> {
    (big().cmp_number)(a, f)
}

/// The BigInt `a` against the string `u` read as a BigInt (StringToBigInt):
/// None when `u` is not one.
pub fn cmp_units(a: Value, u: &[u16]) -> Option<Ordering> {
    (big().cmp_units)(a, u)
}

fn cmp_units_impl(a: Value, u: &[u16]) -> Option<Ordering> {
    parse_units(u).map(|y| to_big(a).cmp(&y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> BigInt {
        parse_literal(s).unwrap()
    }

    #[test]
    fn literals() {
        assert_eq!(lit("0xFFn"), BigInt::from(255));
        assert_eq!(lit("0o17n"), BigInt::from(15));
        assert_eq!(lit("0b101n"), BigInt::from(5));
        assert_eq!(lit("1_000n"), BigInt::from(1000));
        assert_eq!(lit("0n"), BigInt::zero());
    }

    #[test]
    fn strings() {
        let p = |s: &str| parse_units(&s.encode_utf16().collect::<Vec<_>>());
        assert_eq!(p("  -12 "), Some(BigInt::from(-12)));
        assert_eq!(p(""), Some(BigInt::zero()));
        assert_eq!(p("0x1f"), Some(BigInt::from(31)));
        assert_eq!(p("-0x1"), None);
        assert_eq!(p("1_0"), None);
        assert_eq!(p("1e3"), None);
        assert_eq!(p("0x"), None);
        assert_eq!(p("-"), None);
    }
}
