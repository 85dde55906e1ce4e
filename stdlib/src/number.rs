//! Number (ECMAScript 21.1): the constructor, its constants and statics, and
//! Number.prototype. toFixed, toExponential and toPrecision round the exact
//! binary value half-up, as V8 does.

use crate::global::{def_constant, def_constructor, def_global, def_method};
use perry_abi::{KIND_PRIMITIVE_WRAPPER, OBJ_INLINE};
use perry_gc::HandleScope;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

// ---------------------------------------------------------------------------
// Decimal digits
// ---------------------------------------------------------------------------

/// The exact decimal expansion of finite `|x|`: digits `d1 d2 ...` (no
/// leading or trailing zeros) and `exp` with `|x| = 0.d1d2... × 10^exp`.
/// Zero gives no digits.
pub fn exact_digits(x: f64) -> (Vec<u8>, i32) {
    let x = x.abs();
    if x == 0.0 {
        return (Vec::new(), 0);
    }
    // Digits after the point needed to be exact: the binary exponent of the
    // lowest set bit of the significand, if negative.
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7FF) as i32;
    let m = bits & ((1u64 << 52) - 1);
    let (mant, exp2) = if e == 0 { (m, -1074) } else { (m | (1u64 << 52), e - 1075) };
    let low = exp2 + mant.trailing_zeros() as i32;
    let frac = if low < 0 { (-low) as usize } else { 0 };
    let s = format!("{:.*}", frac, x);
    digits_of_plain(&s)
}

/// The shortest round-trip digits of finite `|x|`, in the same form as [`exact_digits`].
pub fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    let x = x.abs();
    if x == 0.0 {
        return (Vec::new(), 0);
    }
    let s = format!("{:e}", x);
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let mut d: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).map(|b| b - b'0').collect();
    while d.last() == Some(&0) {
        d.pop();
    }
    (d, e + 1)
}

fn digits_of_plain(s: &str) -> (Vec<u8>, i32) {
    let (ip, fp) = s.split_once('.').unwrap_or((s, ""));
    let mut d: Vec<u8> = ip.bytes().chain(fp.bytes()).map(|b| b - b'0').collect();
    let mut exp = ip.len() as i32;
    let lead = d.iter().take_while(|&&x| x == 0).count();
    if lead == d.len() {
        return (Vec::new(), 0);
    }
    d.drain(..lead);
    exp -= lead as i32;
    while d.last() == Some(&0) {
        d.pop();
    }
    (d, exp)
}

/// Keeps the first `keep` digits of `d` (padding with zeros), rounding half
/// up on the rest. Returns the digits of the integer `n`; the result has one
/// more digit than `keep` when rounding carried out (all nines).
fn round_half_up(d: &[u8], keep: i32) -> Vec<u8> {
    if keep < 0 {
        return Vec::new();
    }
    let keep = keep as usize;
    let mut n: Vec<u8> = (0..keep).map(|i| d.get(i).copied().unwrap_or(0)).collect();
    if d.get(keep).copied().unwrap_or(0) >= 5 {
        let mut i = n.len();
        loop {
            if i == 0 {
                n.insert(0, 1);
                break;
            }
            i -= 1;
            if n[i] == 9 {
                n[i] = 0;
            } else {
                n[i] += 1;
                break;
            }
        }
    }
    n
}

fn digits_str(d: &[u8]) -> String {
    d.iter().map(|&x| (b'0' + x) as char).collect()
}

/// Number::toFixed body for finite `0 <= x < 1e21`.
fn fixed(x: f64, f: usize) -> String {
    if let Some(n) = fixed_integer(x, f) {
        let s = n.to_string();
        if f == 0 {
            return s;
        }
        let s = format!("{s:0>width$}", width = f + 1);
        let (a, b) = s.split_at(s.len() - f);
        return format!("{a}.{b}");
    }
    fixed_exact(x, f)
}

/// round(x × 10^f) for finite non-negative `x`, the larger on a tie (what toFixed writes), in
/// integer arithmetic: x = m × 2^e exactly, so x × 10^f = m × 10^f × 2^e, which fits in 128
/// bits for f ≤ 22. `None` when it does not (larger `f` or `x` ≥ 2^53).
fn fixed_integer(x: f64, f: usize) -> Option<u128> {
    let bits = x.to_bits();
    let be = ((bits >> 52) & 0x7FF) as i32;
    let m = bits & ((1u64 << 52) - 1);
    let (mant, e) = if be == 0 { (m, -1074) } else { (m | (1u64 << 52), be - 1075) };
    if f > 22 || e > 0 {
        return None;
    }
    let n = mant as u128 * 10u128.pow(f as u32);
    let shift = (-e) as u32;
    if shift >= 128 {
        return Some(0);
    }
    let q = n >> shift;
    let rem = n - (q << shift);
    // rem / 2^shift >= 1/2: rounds up (ties too).
    let half = shift > 0 && rem >> (shift - 1) != 0;
    Some(q + half as u128)
}

fn fixed_exact(x: f64, f: usize) -> String {
    let (d, exp) = exact_digits(x);
    let mut n = round_half_up(&d, exp + f as i32);
    // n is the integer round(x * 10^f); write it with f decimals.
    while n.len() < f + 1 {
        n.insert(0, 0);
    }
    let s = digits_str(&n);
    if f == 0 {
        return s;
    }
    let (a, b) = s.split_at(s.len() - f);
    format!("{a}.{b}")
}

fn exp_suffix(e: i32) -> String {
    if e < 0 { format!("e-{}", -e) } else { format!("e+{e}") }
}

/// `d` as `d1.d2d3...e±E`.
fn exponential_form(d: &[u8], e: i32) -> String {
    let s = digits_str(d);
    if s.len() == 1 { format!("{s}{}", exp_suffix(e)) } else { format!("{}.{}{}", &s[..1], &s[1..], exp_suffix(e)) }
}

/// Rounds finite non-zero `|x|` to `p` significant digits: (digits, exponent e
/// with value = d1.d2... × 10^e).
fn significant(x: f64, p: usize) -> (Vec<u8>, i32) {
    let (d, exp) = exact_digits(x);
    let mut n = round_half_up(&d, p as i32);
    let mut e = exp - 1;
    if n.len() > p {
        n.truncate(p);
        e += 1;
    }
    (n, e)
}

// ---------------------------------------------------------------------------
// Constructor and statics
// ---------------------------------------------------------------------------

/// Number ( value ) — 21.1.1.1
fn number_ctor(args: &Args) -> JsResult {
    // ToNumeric; a BigInt becomes 𝔽(ℝ(prim)).
    let n = if args.is_empty() {
        0.0
    } else {
        let p = ops::to_numeric(args.get(0))?;
        if p.is_bigint() { perry_runtime::bigint::to_f64(p) } else { p.as_number() }
    };
    if args.new_target().is_undefined() {
        return Ok(Value::num(n));
    }
    let scope = HandleScope::new();
    let proto = function::proto_from_new_target(args.new_target(), I::NumberProto)?;
    let hp = scope.root(proto.0);
    let o = ops::to_object(Value::num(n))?;
    object::set_proto(o, Value(hp.get()));
    Ok(o)
}

/// Number.isFinite ( number ) — 21.1.2.2
fn is_finite(args: &Args) -> JsResult {
    let v = args.get(0);
    Ok(Value::bool(v.is_number() && v.as_number().is_finite()))
}

fn is_integral(v: Value) -> bool {
    v.is_number() && v.as_number().is_finite() && v.as_number().trunc() == v.as_number()
}

/// Number.isInteger ( number ) — 21.1.2.3
fn is_integer(args: &Args) -> JsResult {
    Ok(Value::bool(is_integral(args.get(0))))
}

/// Number.isNaN ( number ) — 21.1.2.4
fn is_nan(args: &Args) -> JsResult {
    let v = args.get(0);
    Ok(Value::bool(v.is_number() && v.as_number().is_nan()))
}

/// Number.isSafeInteger ( number ) — 21.1.2.5
fn is_safe_integer(args: &Args) -> JsResult {
    let v = args.get(0);
    Ok(Value::bool(is_integral(v) && v.as_number().abs() <= 9007199254740991.0))
}

// ---------------------------------------------------------------------------
// Number.prototype
// ---------------------------------------------------------------------------

/// thisNumberValue (21.1.3.7.1).
fn this_number(v: Value, name: &str) -> JsResult<f64> {
    if v.is_number() {
        return Ok(v.as_number());
    }
    if v.is_cell() && v.kind() == KIND_PRIMITIVE_WRAPPER && v.cell().field(OBJ_INLINE).is_number() {
        return Ok(v.cell().field(OBJ_INLINE).as_number());
    }
    Err(error::type_error(&format!("Number.prototype.{name} requires that 'this' be a Number")))
}

/// Number.prototype.toString ( [ radix ] ) — 21.1.3.6
fn to_string(args: &Args) -> JsResult {
    let x = this_number(args.this(), "toString")?;
    let radix = if args.get(0).is_undefined() { 10.0 } else { ops::to_integer(args.get(0))? };
    if !(2.0..=36.0).contains(&radix) {
        return Err(error::range_error("toString() radix argument must be between 2 and 36"));
    }
    if radix == 10.0 {
        return Ok(ops::number_to_string_value(x));
    }
    Ok(string::from_str(&string::number_to_radix(x, radix as u32)))
}

/// Number.prototype.toLocaleString ( [ reserved1 [ , reserved2 ] ] ) — 21.1.3.4 (en-US:
/// grouping, at most three fraction digits; with the Intl family, Intl.NumberFormat's)
fn to_locale_string(args: &Args) -> JsResult {
    let x = this_number(args.this(), "toLocaleString")?;
    if let Some(f) = crate::families::hooks().locale_number {
        return f(Value::num(x), args.get(0), args.get(1));
    }
    Ok(string::from_str(&locale_format(x)))
}

/// en-US `Intl.NumberFormat` default formatting of a number.
pub fn locale_format(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}∞");
    }
    let (d, exp) = shortest_digits(x);
    // Round half away from zero at three fraction digits.
    let mut n = round_half_up(&d, exp + 3);
    while n.len() < 4 {
        n.insert(0, 0);
    }
    let s = digits_str(&n);
    let (ip, fp) = s.split_at(s.len() - 3);
    let ip = ip.trim_start_matches('0');
    let ip = if ip.is_empty() { "0" } else { ip };
    let fp = fp.trim_end_matches('0');
    let mut grouped = String::new();
    for (i, c) in ip.chars().enumerate() {
        if i > 0 && (ip.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if fp.is_empty() { format!("{sign}{grouped}") } else { format!("{sign}{grouped}.{fp}") }
}

/// Number.prototype.toFixed ( fractionDigits ) — 21.1.3.3
fn to_fixed(args: &Args) -> JsResult {
    let x = this_number(args.this(), "toFixed")?;
    let f = ops::to_integer(args.get(0))?;
    if !(0.0..=100.0).contains(&f) {
        return Err(error::range_error("toFixed() digits argument must be between 0 and 100"));
    }
    if !x.is_finite() || x.abs() >= 1e21 {
        return Ok(ops::number_to_string_value(x));
    }
    let s = fixed(x.abs(), f as usize);
    Ok(string::from_str(&if x < 0.0 { format!("-{s}") } else { s }))
}

/// Number.prototype.toExponential ( fractionDigits ) — 21.1.3.2
fn to_exponential(args: &Args) -> JsResult {
    let x = this_number(args.this(), "toExponential")?;
    let f = ops::to_integer(args.get(0))?;
    if !x.is_finite() {
        return Ok(ops::number_to_string_value(x));
    }
    if !(0.0..=100.0).contains(&f) {
        return Err(error::range_error("toExponential() argument must be between 0 and 100"));
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let s = if x == 0.0 {
        let d = vec![0u8; if args.get(0).is_undefined() { 1 } else { f as usize + 1 }];
        exponential_form(&d, 0)
    } else if args.get(0).is_undefined() {
        let (d, exp) = shortest_digits(x);
        exponential_form(&d, exp - 1)
    } else {
        let (d, e) = significant(x, f as usize + 1);
        exponential_form(&d, e)
    };
    Ok(string::from_str(&format!("{sign}{s}")))
}

/// Number.prototype.toPrecision ( precision ) — 21.1.3.5
fn to_precision(args: &Args) -> JsResult {
    let x = this_number(args.this(), "toPrecision")?;
    if args.get(0).is_undefined() {
        return Ok(ops::number_to_string_value(x));
    }
    let p = ops::to_integer(args.get(0))?;
    if !x.is_finite() {
        return Ok(ops::number_to_string_value(x));
    }
    if !(1.0..=100.0).contains(&p) {
        return Err(error::range_error("toPrecision() argument must be between 1 and 100"));
    }
    let p = p as usize;
    let sign = if x < 0.0 { "-" } else { "" };
    let (d, e) = if x == 0.0 { (vec![0u8; p], 0) } else { significant(x, p) };
    let s = digits_str(&d);
    let body = if e < -6 || e >= p as i32 {
        exponential_form(&d, e)
    } else if e == p as i32 - 1 {
        s
    } else if e >= 0 {
        let k = (e + 1) as usize;
        format!("{}.{}", &s[..k], &s[k..])
    } else {
        format!("0.{}{}", "0".repeat((-(e + 1)) as usize), s)
    };
    Ok(string::from_str(&format!("{sign}{body}")))
}

/// Number.prototype.valueOf — 21.1.3.7
fn value_of(args: &Args) -> JsResult {
    Ok(Value::num(this_number(args.this(), "valueOf")?))
}

/// The `FN_META` words of `perry_abi::NUMBER_INLINE`'s functions (`SYM_NUMBER_METAS`): a call
/// whose callee still has one is computed inline.
#[unsafe(no_mangle)]
pub static mut PERRY_NUMBER_METAS: [u64; perry_abi::NUMBER_INLINE.len()] = [0; perry_abi::NUMBER_INLINE.len()];

pub fn install() {
    let scope = HandleScope::new();
    let hp = scope.root(realm::get(I::NumberProto).0);
    let c = def_constructor("Number", 1, number_ctor, hp);
    let hc = scope.root(c.0);
    for (name, v) in [
        ("EPSILON", f64::EPSILON),
        ("MAX_SAFE_INTEGER", 9007199254740991.0),
        ("MIN_SAFE_INTEGER", -9007199254740991.0),
        ("MAX_VALUE", f64::MAX),
        ("MIN_VALUE", 5e-324),
        ("NaN", f64::NAN),
        ("POSITIVE_INFINITY", f64::INFINITY),
        ("NEGATIVE_INFINITY", f64::NEG_INFINITY),
    ] {
        def_constant(hc, name, Value::num(v));
    }
    for (name, f) in [("isFinite", is_finite as function::NativeFn), ("isInteger", is_integer), ("isNaN", is_nan), ("isSafeInteger", is_safe_integer)] {
        let fv = def_method(hc, name, 1, f);
        let i = perry_abi::NUMBER_INLINE.iter().position(|&n| n == name).expect("every one is inlined");
        // SAFETY: start-up, single JS thread; compiled code only reads it.
        unsafe { PERRY_NUMBER_METAS[i] = fv.cell().word(perry_abi::FN_META) };
    }
    // Number.parseFloat / parseInt are the global functions (21.1.2.12, 21.1.2.13).
    let pf = def_method(hc, "parseFloat", 1, crate::global::parse_float);
    def_global("parseFloat", scope.root(pf.0));
    let pi = def_method(hc, "parseInt", 2, crate::global::parse_int);
    def_global("parseInt", scope.root(pi.0));

    def_method(hp, "toExponential", 1, to_exponential);
    def_method(hp, "toFixed", 1, to_fixed);
    def_method(hp, "toLocaleString", 0, to_locale_string);
    def_method(hp, "toPrecision", 1, to_precision);
    def_method(hp, "toString", 1, to_string);
    def_method(hp, "valueOf", 0, value_of);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer fast path of toFixed writes what the exact expansion does.
    #[test]
    fn fixed_fast_path_matches_the_exact_digits() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut values = vec![0.0, 0.5, 1.5, 2.5, 1.005, 1.045, 0.125, 1e-7, 5e-324, 123.456, 9007199254740991.0, 4503599627370495.5, 1e21 - 1.0];
        for _ in 0..20_000 {
            let bits = next();
            // Random magnitudes from 2^-60 to 2^60, and random raw bit patterns.
            let scale = 2f64.powi((bits % 121) as i32 - 60);
            values.push((next() >> 11) as f64 / (1u64 << 53) as f64 * scale);
            let raw = f64::from_bits(next() & 0x7FEF_FFFF_FFFF_FFFF);
            if raw < 1e21 {
                values.push(raw);
            }
            values.push(((next() % 1_000_000) as f64) / 100.0);
        }
        for x in values {
            for f in [0, 1, 2, 3, 5, 8, 12, 17, 20, 22] {
                assert_eq!(fixed(x, f), fixed_exact(x, f), "{x:e}.toFixed({f})");
            }
        }
    }
}
