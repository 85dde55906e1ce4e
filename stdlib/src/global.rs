//! Function and value properties of the global object (ECMAScript 19.1,
//! 19.2). `parseInt` and `parseFloat` are
//! installed by `number.rs`, which shares them with `Number`.

use crate::method;
use perry_gc::{Handle, HandleScope};
use perry_runtime::atoms;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{Args, NativeFn};
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

fn to_units(v: Value) -> JsResult<Vec<u16>> {
    Ok(string::view(ops::to_string(v)?).to_vec())
}

fn digit_value(c: u16) -> Option<u32> {
    char::from_u32(c as u32).and_then(|ch| ch.to_digit(36))
}

/// A digit string in a power-of-two radix, rounded to nearest-even.
fn pow2_radix_value(digits: &[u32], radix: u32) -> f64 {
    let bits_per = radix.trailing_zeros();
    let mut bits: Vec<u8> = Vec::with_capacity(digits.len() * bits_per as usize);
    for &d in digits {
        for b in (0..bits_per).rev() {
            bits.push(((d >> b) & 1) as u8);
        }
    }
    let lead = bits.iter().take_while(|&&b| b == 0).count();
    let bits = &bits[lead..];
    if bits.len() <= 53 {
        return bits.iter().fold(0f64, |a, &b| a * 2.0 + b as f64);
    }
    let mut m: u64 = bits[..53].iter().fold(0u64, |a, &b| (a << 1) | b as u64);
    let round = bits[53] == 1;
    let sticky = bits[54..].contains(&1);
    if round && (sticky || m & 1 == 1) {
        m += 1;
    }
    let shift = (bits.len() - 53) as i32;
    if shift > 1100 {
        return f64::INFINITY;
    }
    m as f64 * 2f64.powi(shift)
}

/// parseInt ( string, radix ) — 19.2.5
pub fn parse_int(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    let r = ops::to_int32(ops::to_number(args.get(1))?);
    let (a, b) = string::trim_units(&s, true, false);
    let mut s = &s[a..b];
    let mut neg = false;
    if let Some(&c) = s.first()
        && (c == b'-' as u16 || c == b'+' as u16)
    {
        neg = c == b'-' as u16;
        s = &s[1..];
    }
    let mut radix = r;
    let mut strip = true;
    if radix != 0 {
        if !(2..=36).contains(&radix) {
            return Ok(Value::num(f64::NAN));
        }
        if radix != 16 {
            strip = false;
        }
    } else {
        radix = 10;
    }
    if strip && s.len() >= 2 && s[0] == b'0' as u16 && (s[1] == b'x' as u16 || s[1] == b'X' as u16) {
        s = &s[2..];
        radix = 16;
    }
    let radix = radix as u32;
    let digits: Vec<u32> = s.iter().map_while(|&c| digit_value(c).filter(|&d| d < radix)).collect();
    if digits.is_empty() {
        return Ok(Value::num(f64::NAN));
    }
    let v = if radix == 10 {
        let t: String = digits.iter().map(|&d| char::from_digit(d, 10).unwrap_or('0')).collect();
        t.parse::<f64>().unwrap_or(f64::NAN)
    } else if radix.is_power_of_two() {
        pow2_radix_value(&digits, radix)
    } else {
        digits.iter().fold(0f64, |a, &d| a * radix as f64 + d as f64)
    };
    Ok(Value::num(if neg { -v } else { v }))
}

/// The longest prefix of `s` that is a StrDecimalLiteral, parsed.
pub fn parse_float_units(s: &[u16]) -> f64 {
    let (a, b) = string::trim_units(s, true, false);
    let s: Vec<u8> = s[a..b].iter().map(|&c| if c < 128 { c as u8 } else { 0 }).collect();
    let mut i = 0;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        i += 1;
    }
    if s[i..].starts_with(b"Infinity") {
        return if s[0] == b'-' { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let int_start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut ndigits = i - int_start;
    if i < s.len() && s[i] == b'.' {
        let f = i + 1;
        let mut j = f;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if ndigits > 0 || j > f {
            ndigits += j - f;
            i = j;
        }
    }
    if ndigits == 0 {
        return f64::NAN;
    }
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        let k = j;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j > k {
            i = j;
        }
    }
    let t = std::str::from_utf8(&s[..i]).unwrap_or("");
    t.parse::<f64>().unwrap_or(f64::NAN)
}

/// parseFloat ( string ) — 19.2.4
pub fn parse_float(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    Ok(Value::num(parse_float_units(&s)))
}

/// isNaN ( number ) — 19.2.3
fn is_nan(args: &Args) -> JsResult {
    Ok(Value::bool(ops::to_number(args.get(0))?.is_nan()))
}

/// isFinite ( number ) — 19.2.2
fn is_finite(args: &Args) -> JsResult {
    Ok(Value::bool(ops::to_number(args.get(0))?.is_finite()))
}

// ---------------------------------------------------------------------------
// URI handling (19.2.6)
// ---------------------------------------------------------------------------

const URI_RESERVED: &[u8] = b";/?:@&=+$,";
const URI_MARK: &[u8] = b"-_.!~*'()";

fn uri_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || URI_MARK.contains(&c)
}

fn uri_error() -> error::Exc {
    error::throw_error(ErrorKind::UriError, "URI malformed")
}

/// Encode (19.2.6.5).
fn encode(s: &[u16], extra: &[u8]) -> JsResult<Vec<u16>> {
    let hex = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(s.len());
    let mut k = 0;
    while k < s.len() {
        let c = s[k];
        if c < 128 && (uri_unreserved(c as u8) || extra.contains(&(c as u8))) {
            out.push(c);
            k += 1;
            continue;
        }
        let cp = if (0xDC00..0xE000).contains(&c) {
            return Err(uri_error());
        } else if (0xD800..0xDC00).contains(&c) {
            if k + 1 >= s.len() || !(0xDC00..0xE000).contains(&s[k + 1]) {
                return Err(uri_error());
            }
            k += 1;
            0x10000 + (((c as u32) - 0xD800) << 10) + (s[k] as u32 - 0xDC00)
        } else {
            c as u32
        };
        k += 1;
        let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
        let mut buf = [0u8; 4];
        for &b in ch.encode_utf8(&mut buf).as_bytes() {
            out.push(b'%' as u16);
            out.push(hex[(b >> 4) as usize] as u16);
            out.push(hex[(b & 15) as usize] as u16);
        }
    }
    Ok(out)
}

fn hex_byte(s: &[u16], k: usize) -> Option<u8> {
    let h = char::from_u32(s[k] as u32)?.to_digit(16)?;
    let l = char::from_u32(s[k + 1] as u32)?.to_digit(16)?;
    Some((h * 16 + l) as u8)
}

/// Decode (19.2.6.6): `preserve` are the ASCII characters left escaped.
fn decode(s: &[u16], preserve: &[u8]) -> JsResult<Vec<u16>> {
    let mut out = Vec::with_capacity(s.len());
    let mut k = 0;
    let len = s.len();
    while k < len {
        let c = s[k];
        if c != b'%' as u16 {
            out.push(c);
            k += 1;
            continue;
        }
        let start = k;
        if k + 2 >= len {
            return Err(uri_error());
        }
        let b = hex_byte(s, k + 1).ok_or_else(uri_error)?;
        k += 2;
        if b < 0x80 {
            if preserve.contains(&b) {
                out.extend_from_slice(&s[start..=k]);
            } else {
                out.push(b as u16);
            }
        } else {
            let n = b.leading_ones() as usize;
            if n == 1 || n > 4 {
                return Err(uri_error());
            }
            let mut octets = vec![b];
            if k + 3 * (n - 1) >= len {
                return Err(uri_error());
            }
            for _ in 1..n {
                k += 1;
                if s[k] != b'%' as u16 {
                    return Err(uri_error());
                }
                let b = hex_byte(s, k + 1).ok_or_else(uri_error)?;
                if b & 0xC0 != 0x80 {
                    return Err(uri_error());
                }
                k += 2;
                octets.push(b);
            }
            let st = std::str::from_utf8(&octets).map_err(|_| uri_error())?;
            out.extend(st.encode_utf16());
        }
        k += 1;
    }
    Ok(out)
}

fn reserved_plus(extra: &[u8]) -> Vec<u8> {
    let mut v = URI_RESERVED.to_vec();
    v.extend_from_slice(extra);
    v
}

/// encodeURI ( uri ) — 19.2.6.3
fn encode_uri(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    Ok(string::from_units(&encode(&s, &reserved_plus(b"#"))?))
}

/// encodeURIComponent ( uriComponent ) — 19.2.6.4
fn encode_uri_component(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    Ok(string::from_units(&encode(&s, b"")?))
}

/// decodeURI ( encodedURI ) — 19.2.6.1
fn decode_uri(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    Ok(string::from_units(&decode(&s, &reserved_plus(b"#"))?))
}

/// decodeURIComponent ( encodedURIComponent ) — 19.2.6.2
fn decode_uri_component(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    Ok(string::from_units(&decode(&s, b"")?))
}

/// escape ( string ) — B.2.1.1: every unit but `A-Za-z0-9@*_+-./` as `%XX` or `%uXXXX`.
fn escape(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out: Vec<u16> = Vec::with_capacity(s.len());
    for &c in &s {
        let keep = c < 128 && (c as u8).is_ascii_alphanumeric() || b"@*_+-./".iter().any(|&k| k as u16 == c);
        if keep {
            out.push(c);
        } else if c < 256 {
            out.extend([b'%', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]].map(u16::from));
        } else {
            out.extend([b'%', b'u'].map(u16::from));
            out.extend((0..4).rev().map(|i| HEX[((c >> (4 * i)) & 15) as usize] as u16));
        }
    }
    Ok(string::from_units(&out))
}

/// unescape ( string ) — B.2.1.2: `%uXXXX` and `%XX` back to their units; anything else as is.
fn unescape(args: &Args) -> JsResult {
    let s = to_units(args.get(0))?;
    let hex = |u: &[u16]| -> Option<u16> { u.iter().try_fold(0u16, |acc, &c| Some(acc * 16 + char::from_u32(c as u32)?.to_digit(16)? as u16)) };
    let mut out: Vec<u16> = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'%' as u16 {
            if s.get(i + 1) == Some(&(b'u' as u16))
                && let Some(v) = s.get(i + 2..i + 6).and_then(hex)
            {
                out.push(v);
                i += 6;
                continue;
            }
            if let Some(v) = s.get(i + 1..i + 3).and_then(hex) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    Ok(string::from_units(&out))
}

// GC-safe forms of the `lib.rs` helpers: the name is interned first, so the
// helper allocates nothing between reading its arguments and storing them.

/// Defines a native method on the object in `target`.
pub(crate) fn def_method(target: Handle, name: &str, len: u32, f: NativeFn) -> Value {
    atoms::intern(name);
    method(Value(target.get()), name, len, f)
}

/// Defines a constant (non-heap `v`) on the object in `target`.
pub(crate) fn def_constant(target: Handle, name: &str, v: Value) {
    debug_assert!(!v.is_heap());
    atoms::intern(name);
    crate::constant(Value(target.get()), name, v);
}

/// Defines the global `name` as the value in `v`.
pub(crate) fn def_global(name: &str, v: Handle) {
    atoms::intern(name);
    crate::global_value(name, Value(v.get()));
}

/// Creates constructor `name` (see `crate::constructor`) for the prototype in `proto`.
pub(crate) fn def_constructor(name: &str, len: u32, f: NativeFn, proto: Handle) -> Value {
    atoms::intern(name);
    crate::constructor(name, len, f, Value(proto.get()))
}

pub fn install() {
    let scope = HandleScope::new();
    let g = scope.root(realm::get(I::Global).0);
    def_constant(g, "NaN", Value::num(f64::NAN));
    def_constant(g, "Infinity", Value::num(f64::INFINITY));
    def_constant(g, "undefined", Value::UNDEFINED);
    def_method(g, "isNaN", 1, is_nan);
    def_method(g, "isFinite", 1, is_finite);
    def_method(g, "eval", 1, crate::function_builtins::eval);
}

/// encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, and Annex B's escape and
/// unescape (the `uri` family).
pub fn install_uri() {
    let scope = HandleScope::new();
    let g = scope.root(realm::get(I::Global).0);
    def_method(g, "encodeURI", 1, encode_uri);
    def_method(g, "encodeURIComponent", 1, encode_uri_component);
    def_method(g, "decodeURI", 1, decode_uri);
    def_method(g, "decodeURIComponent", 1, decode_uri_component);
    def_method(g, "escape", 1, escape);
    def_method(g, "unescape", 1, unescape);
}
