//! String cells: UTF-16 code units stored inline.
//!
//! NOTE: DESIGN.md wants a one-byte/two-byte representation and ropes; this
//! first version stores every string as UTF-16 and concatenation copies.
//!
//! String cells are allocated unzeroed (every maker writes all units before the next
//! allocation; the collector never reads a string's body). The String search methods
//! (`indexOf`, `includes`, `startsWith`, ...) and `slice`/`substring` work on both strings in
//! place, rooted across the position's conversion, instead of copying them; with a string
//! argument and an undefined or number position they skip the conversions and rooting, since
//! nothing there allocates or runs code. Arrays of known length (`split`'s pieces, a RegExp
//! match's result) are made at that length and filled in place, not grown by `push`.

use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

/// The most code units a string holds: V8's `String::kMaxLength` on 64-bit targets, so the
/// operations that would make a longer one throw Node's `RangeError` ([`check_len`]).
pub const MAX_LEN: usize = (1 << 29) - 24;

/// `Err(RangeError: Invalid string length)` when a string of `n` units would be too long.
#[inline]
pub fn check_len(n: usize) -> crate::error::JsResult<()> {
    if n > MAX_LEN { Err(crate::error::range_error("Invalid string length")) } else { Ok(()) }
}

/// A new string of `len` code units written by `fill`, which must not allocate (it gets the
/// string's units before any other allocation). The caller checked `len` ([`check_len`]).
pub fn build(len: usize, fill: impl FnOnce(&mut [u16])) -> Value {
    let s = alloc_string(len);
    fill(units_mut(s));
    s
}

/// Allocates a string of `len` code units (not zeroed: the caller writes them all before its
/// next allocation). Callers check lengths that may exceed [`MAX_LEN`] first ([`check_len`]);
/// past 2^30 units this is a fatal out-of-memory error.
pub fn alloc_string(len: usize) -> Value {
    if len > (1 << 30) {
        crate::error::fatal_oom("Invalid string length");
    }
    // Not zeroed: every caller writes all the units before its next
    // allocation, and the collector never reads a string's body.
    let p = perry_gc::alloc_uninit(STR_DATA as usize + len * 2, KIND_STRING);
    // The length and a zero hash word.
    // SAFETY: `p` is the string cell just allocated with `STR_DATA + 2 * len` bytes, so word 1 is
    // inside it; writing it before any other allocation is what `alloc_uninit` asks.
    unsafe { *p.add(1) = len as u64 };
    Value::from_string_cell(p)
}

#[inline]
pub fn len(s: Value) -> usize {
    // SAFETY: `s` is a string (this module's contract: callers test `is_string`, and the compiler
    // types these calls), whose word 1 holds the length in its low 32 bits; nothing allocates
    // during the read.
    unsafe { *(s.ptr().add(1) as *const u32) as usize }
}

/// The code units of `s`. Valid until the next allocation.
#[inline]
pub fn units<'a>(s: Value) -> &'a [u16] {
    // SAFETY: `s` is a string, as in `len`: `len(s)` code units follow `STR_DATA`; the slice is
    // valid until the next allocation, as this function's documentation says.
    unsafe { core::slice::from_raw_parts((s.ptr() as *const u8).add(STR_DATA as usize) as *const u16, len(s)) }
}

#[inline]
fn units_mut<'a>(s: Value) -> &'a mut [u16] {
    // SAFETY: as in `units`; a string's units are written only while it is being built (no other
    // slice of it is alive then).
    unsafe { core::slice::from_raw_parts_mut((s.ptr() as *mut u8).add(STR_DATA as usize) as *mut u16, len(s)) }
}

pub fn from_units(u: &[u16]) -> Value {
    // `u` must not point into the heap: copy first if it might.
    let s = alloc_string(u.len());
    units_mut(s).copy_from_slice(u);
    s
}

/// A string of Latin-1 bytes: each byte one code unit.
pub fn from_latin1(b: &[u8]) -> Value {
    let v = alloc_string(b.len());
    for (d, &c) in units_mut(v).iter_mut().zip(b) {
        *d = c as u16;
    }
    v
}

pub fn from_str(s: &str) -> Value {
    if s.is_ascii() {
        return from_latin1(s.as_bytes());
    }
    let v = alloc_string(s.encode_utf16().count());
    for (d, u) in units_mut(v).iter_mut().zip(s.encode_utf16()) {
        *d = u;
    }
    v
}

/// The string as UTF-8, lone surrogates replaced by U+FFFD.
pub fn to_rust(s: Value) -> String {
    utf8_lossy(units(s))
}

/// Code units as UTF-8, lone surrogates replaced by U+FFFD; all-ASCII
/// input (the common case: URLs, header values, JSON) is one copy.
pub fn utf8_lossy(u: &[u16]) -> String {
    if u.iter().all(|&c| c < 0x80) {
        let bytes: Vec<u8> = u.iter().map(|&c| c as u8).collect();
        // SAFETY: every byte is ASCII.
        return unsafe { String::from_utf8_unchecked(bytes) };
    }
    String::from_utf16_lossy(u)
}

/// Concatenates two strings (a RangeError past [`MAX_LEN`]).
pub fn concat(a: Value, b: Value) -> crate::error::JsResult {
    let (la, lb) = (len(a), len(b));
    if la == 0 {
        return Ok(b);
    }
    if lb == 0 {
        return Ok(a);
    }
    check_len(la + lb)?;
    let scope = HandleScope::new();
    let ha = scope.root(a.0);
    let hb = scope.root(b.0);
    let s = alloc_string(la + lb);
    let (a, b) = (Value(ha.get()), Value(hb.get()));
    let d = units_mut(s);
    d[..la].copy_from_slice(units(a));
    d[la..].copy_from_slice(units(b));
    Ok(s)
}

/// Concatenates four strings with one allocation (a RangeError past [`MAX_LEN`]).
pub fn concat4(parts: [Value; 4]) -> crate::error::JsResult {
    let total: usize = parts.iter().map(|p| len(*p)).sum();
    if let Some(only) = parts.iter().find(|p| len(**p) == total) {
        return Ok(*only);
    }
    check_len(total)?;
    let scope = HandleScope::new();
    let hs = parts.map(|p| scope.root(p.0));
    Ok(concat_rooted(&hs, total))
}

/// A new string of the rooted strings `hs` (`total` units in all), in order.
fn concat_rooted(hs: &[perry_gc::Handle], total: usize) -> Value {
    let s = alloc_string(total);
    let d = units_mut(s);
    let mut at = 0;
    for h in hs {
        let u = units(Value(h.get()));
        d[at..at + u.len()].copy_from_slice(u);
        at += u.len();
    }
    s
}

/// Concatenates many strings (a RangeError past [`MAX_LEN`]).
pub fn concat_many(parts: &[Value]) -> crate::error::JsResult {
    let total: usize = parts.iter().map(|p| len(*p)).sum();
    check_len(total)?;
    let scope = HandleScope::new();
    let hs: Vec<_> = parts.iter().map(|p| scope.root(p.0)).collect();
    Ok(concat_rooted(&hs, total))
}

/// A substring `[start, end)` in code units.
pub fn substring(s: Value, start: usize, end: usize) -> Value {
    if start == 0 && end == len(s) {
        return s;
    }
    let scope = HandleScope::new();
    let h = scope.root(s.0);
    let r = alloc_string(end - start);
    units_mut(r).copy_from_slice(&units(Value(h.get()))[start..end]);
    r
}

pub fn eq(a: Value, b: Value) -> bool {
    a == b || units(a) == units(b)
}

pub fn hash_units(u: &[u16]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &c in u {
        h ^= c as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

// ---------------------------------------------------------------------------
// Number <-> string
// ---------------------------------------------------------------------------

/// Number::toString(10), ECMAScript's shortest round-trip form.
pub fn number_to_rust(f: f64) -> String {
    if f == 0.0 {
        return "0".into();
    }
    let mut b = ryu_js::Buffer::new();
    b.format(f).to_string()
}

/// Number::toString(radix) for radix 2..36.
pub fn number_to_radix(f: f64, radix: u32) -> String {
    if radix == 10 || !f.is_finite() {
        return number_to_rust(f);
    }
    // V8's DoubleToRadixCString: fraction digits only up to the input's precision (half the
    // gap to the next double), rounded to even, and integer digits past 2^53 as zeros.
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let r = radix as f64;
    let negative = f < 0.0;
    let value = f.abs();
    let mut integer = value.floor();
    let mut fraction = value - integer;
    let next_up = |x: f64| f64::from_bits(x.to_bits() + 1);
    let mut delta = (0.5 * (next_up(value) - value)).max(next_up(0.0));
    let mut frac_digits: Vec<u8> = Vec::new();
    if fraction >= delta {
        loop {
            fraction *= r;
            delta *= r;
            let digit = fraction as usize;
            frac_digits.push(DIGITS[digit]);
            fraction -= digit as f64;
            if (fraction > 0.5 || (fraction == 0.5 && digit & 1 == 1)) && fraction + delta > 1.0 {
                // Round up, carrying through the digits written (into the integer part).
                loop {
                    let Some(c) = frac_digits.pop() else {
                        integer += 1.0;
                        break;
                    };
                    let d = (c as char).to_digit(36).expect("a digit") as usize;
                    if d + 1 < radix as usize {
                        frac_digits.push(DIGITS[d + 1]);
                        break;
                    }
                }
                break;
            }
            if fraction < delta {
                break;
            }
        }
    }
    // The exponent of `x` as significand (53-bit integer) * 2^e.
    let exponent = |x: f64| {
        let biased = ((x.to_bits() >> 52) & 0x7FF) as i32;
        if biased == 0 { -1074 } else { biased - 1075 }
    };
    let mut int_digits: Vec<u8> = Vec::new();
    while exponent(integer / r) > 0 {
        integer /= r;
        int_digits.push(b'0');
    }
    loop {
        let rem = integer % r;
        int_digits.push(DIGITS[rem as usize]);
        integer = (integer - rem) / r;
        if integer <= 0.0 {
            break;
        }
    }
    let mut out = String::with_capacity(int_digits.len() + frac_digits.len() + 2);
    if negative {
        out.push('-');
    }
    out.extend(int_digits.iter().rev().map(|&c| c as char));
    if !frac_digits.is_empty() {
        out.push('.');
        out.extend(frac_digits.iter().map(|&c| c as char));
    }
    out
}

fn is_js_whitespace(c: u16) -> bool {
    matches!(c, 0x09 | 0x0A | 0x0B | 0x0C | 0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF)
}

pub fn trim_units(u: &[u16], start: bool, end: bool) -> (usize, usize) {
    let mut a = 0;
    let mut b = u.len();
    if start {
        while a < b && is_js_whitespace(u[a]) {
            a += 1;
        }
    }
    if end {
        while b > a && is_js_whitespace(u[b - 1]) {
            b -= 1;
        }
    }
    (a, b)
}

/// StringToNumber (ECMAScript 7.1.4.1.1).
pub fn string_to_number(u: &[u16]) -> f64 {
    let (a, b) = trim_units(u, true, true);
    let t: String = String::from_utf16_lossy(&u[a..b]);
    if t.is_empty() {
        return 0.0;
    }
    let lower = t.as_bytes();
    if lower.len() > 2 && lower[0] == b'0' {
        let radix = match lower[1] {
            b'x' | b'X' => 16,
            b'o' | b'O' => 8,
            b'b' | b'B' => 2,
            _ => 0,
        };
        if radix != 0 {
            let mut v = 0f64;
            for &c in &lower[2..] {
                match (c as char).to_digit(radix) {
                    Some(d) => v = v * radix as f64 + d as f64,
                    None => return f64::NAN,
                }
            }
            return v;
        }
    }
    match t.as_str() {
        "Infinity" | "+Infinity" => return f64::INFINITY,
        "-Infinity" => return f64::NEG_INFINITY,
        _ => {}
    }
    // Only decimal literal syntax: digits, one dot, exponent.
    let ok = t.bytes().enumerate().all(|(i, c)| {
        c.is_ascii_digit() || c == b'.' || c == b'e' || c == b'E' || ((c == b'+' || c == b'-') && (i == 0 || matches!(lower[i - 1], b'e' | b'E')))
    });
    if !ok || t.contains("inf") || t.contains("nan") {
        return f64::NAN;
    }
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// Whether the units are a canonical array index ("0", "17", not "01").
pub fn as_array_index(u: &[u16]) -> Option<u32> {
    if u.is_empty() || u.len() > 10 {
        return None;
    }
    if u.len() > 1 && u[0] == b'0' as u16 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in u {
        if !(b'0' as u16..=b'9' as u16).contains(&c) {
            return None;
        }
        v = v * 10 + (c - b'0' as u16) as u64;
    }
    if v < u32::MAX as u64 { Some(v as u32) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn string_to_number_follows_ecmascript() {
        assert_eq!(string_to_number(&u("  42  ")), 42.0);
        assert_eq!(string_to_number(&u("")), 0.0);
        assert_eq!(string_to_number(&u("0x1F")), 31.0);
        assert_eq!(string_to_number(&u("0b101")), 5.0);
        assert_eq!(string_to_number(&u("-Infinity")), f64::NEG_INFINITY);
        assert_eq!(string_to_number(&u("1e3")), 1000.0);
        assert!(string_to_number(&u("12px")).is_nan());
        assert!(string_to_number(&u("inf")).is_nan());
        assert!(string_to_number(&u("-0x10")).is_nan());
    }

    #[test]
    fn number_printing_is_shortest_round_trip() {
        assert_eq!(number_to_rust(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(number_to_rust(1e21), "1e+21");
        assert_eq!(number_to_rust(1e-7), "1e-7");
        assert_eq!(number_to_rust(-0.0), "0");
        assert_eq!(number_to_rust(123456789012345680000.0), "123456789012345680000");
        assert_eq!(number_to_radix(255.0, 16), "ff");
        assert_eq!(number_to_radix(-10.0, 2), "-1010");
        assert_eq!(number_to_radix(0.5, 2), "0.1");
    }

    #[test]
    fn array_index_keys() {
        assert_eq!(as_array_index(&u("0")), Some(0));
        assert_eq!(as_array_index(&u("4294967294")), Some(4294967294));
        assert_eq!(as_array_index(&u("4294967295")), None);
        assert_eq!(as_array_index(&u("01")), None);
        assert_eq!(as_array_index(&u("-1")), None);
    }
}
