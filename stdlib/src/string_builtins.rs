//! String (ECMAScript 22.1): the constructor, its statics and
//! String.prototype. Methods work on a copy of the receiver's code units
//! (`Vec<u16>`), so nothing points into the moving heap across a call.
//!
//! `match`, `matchAll`, `replace`, `replaceAll`, `search` and `split`
//! dispatch to the argument's `Symbol.match` ... `Symbol.split` method
//! (RegExp's are in `regexp.rs`).

use crate::global::{def_constructor, def_method};
use crate::method_atom;
use perry_abi::{ARR_ELEMS, KIND_PRIMITIVE_WRAPPER, OBJ_INLINE};
use perry_gc::HandleScope;
use perry_runtime::array;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string::{self, Str};
use perry_runtime::symbol;
use perry_runtime::{JsResult, Value};

/// V8's maximum string length (2^29 - 24 code units).
pub const MAX_STRING_LENGTH: usize = string::MAX_LEN;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

#[inline]
pub(crate) fn is_high(c: u16) -> bool {
    (0xD800..0xDC00).contains(&c)
}
#[inline]
pub(crate) fn is_low(c: u16) -> bool {
    (0xDC00..0xE000).contains(&c)
}

/// ToString(v) as owned code units.
pub fn to_units(v: Value) -> JsResult<Vec<u16>> {
    Ok(string::view(ops::to_string(v)?).to_vec())
}

/// A string of the code units `u`: the empty and one-unit strings shared.
pub(crate) fn new_str(u: &[u16]) -> Value {
    if u.is_empty() {
        return atoms::value(names::EMPTY);
    }
    if u.len() == 1 {
        return ops::unit_string(u[0]);
    }
    string::from_units(u)
}

/// [`new_str`] of a view (which may be of a heap string), in its width.
pub(crate) fn new_view(u: Str) -> Value {
    match u.len() {
        0 => atoms::value(names::EMPTY),
        1 => ops::unit_string(u.at(0)),
        _ => string::from_view(u),
    }
}

/// RequireObjectCoercible(this) then ToString, as owned units.
fn this_units(args: &Args, name: &str) -> JsResult<Vec<u16>> {
    let t = args.this();
    if t.is_nullish() {
        return Err(error::type_error(&format!("String.prototype.{name} called on null or undefined")));
    }
    to_units(t)
}

/// The search methods' shared steps, without copying either string:
/// RequireObjectCoercible(this) and ToString, the IsRegExp check of the
/// search string when `no_re`, ToString of it, then `pos` (given the
/// receiver's length; it may run user code, so both strings stay rooted),
/// then `f` on the two strings' code units and that position.
fn find_in<P, R>(args: &Args, name: &str, no_re: bool, pos: impl FnOnce(usize) -> JsResult<P>, f: impl FnOnce(Str, Str, P) -> R) -> JsResult<R> {
    let (t, q, at) = (args.this(), args.get(0), args.get(1));
    if t.is_string() && q.is_string() && (at.is_undefined() || at.is_number()) {
        // Two strings and a number position: nothing below converts,
        // allocates or runs code, so nothing needs rooting.
        let p = pos(string::len(t))?;
        return Ok(f(string::view(t), string::view(q), p));
    }
    let s = this_string(args, name)?;
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    if no_re {
        no_regexp(args.get(0), name)?;
    }
    let q = ops::to_string(args.get(0))?;
    let hq = scope.root(q.0);
    let p = pos(string::len(Value(hs.get())))?;
    Ok(f(string::view(Value(hs.get())), string::view(Value(hq.get())), p))
}

/// RequireObjectCoercible(this) then ToString, as a string value.
fn this_string(args: &Args, name: &str) -> JsResult {
    let t = args.this();
    if t.is_nullish() {
        return Err(error::type_error(&format!("String.prototype.{name} called on null or undefined")));
    }
    ops::to_string(t)
}

/// Clamps a ToIntegerOrInfinity result into `0..=len`.
fn clamp_pos(f: f64, len: usize) -> usize {
    if f <= 0.0 {
        0
    } else if f >= len as f64 {
        len
    } else {
        f as usize
    }
}

/// A relative index (negative counts from the end) clamped into `0..=len`.
fn rel_pos(f: f64, len: usize) -> usize {
    if f < 0.0 { clamp_pos(len as f64 + f, len) } else { clamp_pos(f, len) }
}

/// StringIndexOf (6.1.4.1): the first occurrence of `needle` at or after `from`.
pub fn index_of(hay: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    string::find_units(hay, needle, from)
}

/// The atom of the well-known symbol `Symbol.<name>` used by the
/// RegExp-dispatching methods.
fn well_known(name: &str) -> Atom {
    realm::sym_atom(match name {
        "match" => I::SymMatch,
        "matchAll" => I::SymMatchAll,
        "replace" => I::SymReplace,
        "search" => I::SymSearch,
        _ => I::SymSplit,
    })
}

/// GetMethod(v, @@name) (7.3.11) for one of the RegExp symbols, asked of
/// objects only: the current spec ("If regexp is an Object") does not
/// consult a primitive argument's prototype. Node 20 still looks there.
fn symbol_method(v: Value, name: &str) -> JsResult<Option<Value>> {
    if !v.is_js_object() {
        return Ok(None);
    }
    let m = object::get(v, well_known(name))?;
    if m.is_nullish() {
        return Ok(None);
    }
    if !perry_runtime::proxy::is_callable(m) {
        return Err(error::type_error(&format!("{} is not a function", ops::inspect_brief(m))));
    }
    Ok(Some(m))
}

/// IsRegExp (7.2.8).
fn is_regexp(v: Value) -> JsResult<bool> {
    crate::regexp::is_regexp(v)
}

/// RegExpCreate (22.2.3.1) through the RegExp family's hook.
fn regexp_create(p: Value, f: Value, method: &str) -> JsResult {
    match crate::families::hooks().regexp_create {
        Some(create) => create(p, f),
        None => Err(crate::families::not_linked(&format!("String.prototype.{method} with a string pattern"), "RegExp")),
    }
}

fn no_regexp(v: Value, name: &str) -> JsResult<()> {
    if is_regexp(v)? {
        return Err(error::type_error(&format!("First argument to String.prototype.{name} must not be a regular expression")));
    }
    Ok(())
}

/// Applies `f` to each well-formed run of `u`, keeping lone surrogates as they are.
fn map_wtf16(u: &[u16], f: impl Fn(&str) -> String) -> Vec<u16> {
    let mut out = Vec::with_capacity(u.len());
    let mut i = 0;
    while i < u.len() {
        let start = i;
        while i < u.len() {
            let c = u[i];
            if is_high(c) {
                if i + 1 < u.len() && is_low(u[i + 1]) {
                    i += 2;
                    continue;
                }
                break;
            }
            if is_low(c) {
                break;
            }
            i += 1;
        }
        if i > start {
            let s = String::from_utf16(&u[start..i]).unwrap_or_default();
            out.extend(f(&s).encode_utf16());
        }
        if i < u.len() {
            out.push(u[i]);
            i += 1;
        }
    }
    out
}

/// Code point at `i` (a lone surrogate is its own code point) and its length in units.
fn code_point_at(u: &[u16], i: usize) -> (u32, usize) {
    let c = u[i];
    if is_high(c) && i + 1 < u.len() && is_low(u[i + 1]) { (0x10000 + (((c as u32) - 0xD800) << 10) + (u[i + 1] as u32 - 0xDC00), 2) } else { (c as u32, 1) }
}

fn push_code_point(out: &mut Vec<u16>, cp: u32) {
    if cp < 0x10000 {
        out.push(cp as u16);
    } else {
        let c = cp - 0x10000;
        out.push(0xD800 + (c >> 10) as u16);
        out.push(0xDC00 + (c & 0x3FF) as u16);
    }
}

// ---------------------------------------------------------------------------
// Constructor and statics
// ---------------------------------------------------------------------------

/// String ( value ) — 22.1.1.1
fn string_ctor(args: &Args) -> JsResult {
    let s = if args.is_empty() {
        atoms::value(names::EMPTY)
    } else {
        let v = args.get(0);
        if args.new_target().is_undefined() && v.is_symbol() {
            return Ok(string::from_str(&symbol::descriptive_string(v)));
        }
        ops::to_string(v)?
    };
    if args.new_target().is_undefined() {
        return Ok(s);
    }
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let proto = function::proto_from_new_target(args.new_target(), I::StringProto)?;
    let hp = scope.root(proto.0);
    let o = ops::to_object(Value(hs.get()))?;
    object::set_proto(o, Value(hp.get()));
    Ok(o)
}

/// String.fromCharCode ( ...codeUnits ) — 22.1.2.1
fn from_char_code(args: &Args) -> JsResult {
    let mut u = Vec::with_capacity(args.len());
    for i in 0..args.len() {
        let n = ops::to_number(args.get(i))?;
        u.push(ops::to_uint32(n) as u16);
    }
    Ok(new_str(&u))
}

/// String.fromCodePoint ( ...codePoints ) — 22.1.2.2
fn from_code_point(args: &Args) -> JsResult {
    let mut u = Vec::with_capacity(args.len());
    for i in 0..args.len() {
        let n = ops::to_number(args.get(i))?;
        if n.is_nan() || n.fract() != 0.0 || !(0.0..=1114111.0).contains(&n) {
            return Err(error::range_error(&format!("Invalid code point {}", string::number_to_rust(n))));
        }
        push_code_point(&mut u, n as u32);
    }
    Ok(new_str(&u))
}

/// String.raw ( template, ...substitutions ) — 22.1.2.4
fn raw(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let cooked = ops::to_object(args.get(0))?;
    let r = object::get(cooked, names::RAW)?;
    let raw = ops::to_object(r)?;
    let hr = scope.root(raw.0);
    let n = ops::length_of(raw)?;
    let mut out = Vec::new();
    for i in 0..n {
        let seg = object::get_value_key(Value(hr.get()), Value::int(i as i64))?;
        out.extend(to_units(seg)?);
        if i + 1 == n {
            break;
        }
        if i + 1 < args.len() {
            out.extend(to_units(args.get(i + 1))?);
        }
    }
    Ok(new_str(&out))
}

// ---------------------------------------------------------------------------
// String.prototype
// ---------------------------------------------------------------------------

/// thisStringValue (22.1.3.35.1).
fn this_string_value(v: Value, name: &str) -> JsResult {
    if v.is_string() {
        return Ok(v);
    }
    if v.is_cell() && v.kind() == KIND_PRIMITIVE_WRAPPER && v.cell().field(OBJ_INLINE).is_string() {
        return Ok(v.cell().field(OBJ_INLINE));
    }
    Err(error::type_error(&format!("String.prototype.{name} requires that 'this' be a String")))
}

/// String.prototype.toString — 22.1.3.29
fn to_string(args: &Args) -> JsResult {
    this_string_value(args.this(), "toString")
}

/// String.prototype.valueOf — 22.1.3.35
fn value_of(args: &Args) -> JsResult {
    this_string_value(args.this(), "valueOf")
}

/// String.prototype.at ( index ) — 22.1.3.1
fn at(args: &Args) -> JsResult {
    let (s, k) = this_and_index(args, "at")?;
    let len = string::len(s) as f64;
    let k = if k < 0.0 { len + k } else { k };
    if k < 0.0 || k >= len {
        return Ok(Value::UNDEFINED);
    }
    Ok(ops::unit_string(string::unit_at(s, k as usize)))
}

/// The receiver as a string and ToIntegerOrInfinity of the first argument (which may run
/// code: the string is rooted across it), for the methods that read one position.
fn this_and_index(args: &Args, name: &str) -> JsResult<(Value, f64)> {
    let (t, a) = (args.this(), args.get(0));
    if t.is_string() && a.is_number() {
        return Ok((t, ops::to_integer(a)?));
    }
    let s = this_string(args, name)?;
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let k = ops::to_integer(args.get(0))?;
    Ok((Value(hs.get()), k))
}

/// String.prototype.charAt ( pos ) — 22.1.3.2
fn char_at(args: &Args) -> JsResult {
    let (s, p) = this_and_index(args, "charAt")?;
    if p < 0.0 || p >= string::len(s) as f64 {
        return Ok(atoms::value(names::EMPTY));
    }
    Ok(ops::unit_string(string::unit_at(s, p as usize)))
}

/// String.prototype.charCodeAt ( pos ) — 22.1.3.3
fn char_code_at(args: &Args) -> JsResult {
    let (s, p) = this_and_index(args, "charCodeAt")?;
    if p < 0.0 || p >= string::len(s) as f64 {
        return Ok(Value::num(f64::NAN));
    }
    Ok(Value::int(string::unit_at(s, p as usize) as i64))
}

/// String.prototype.codePointAt ( pos ) — 22.1.3.4
fn code_point_at_m(args: &Args) -> JsResult {
    let (s, p) = this_and_index(args, "codePointAt")?;
    if p < 0.0 || p >= string::len(s) as f64 {
        return Ok(Value::UNDEFINED);
    }
    let (i, v) = (p as usize, string::view(s));
    let c = v.at(i);
    let cp =
        if is_high(c) && i + 1 < v.len() && is_low(v.at(i + 1)) { 0x10000 + (((c as u32) - 0xD800) << 10) + (v.at(i + 1) as u32 - 0xDC00) } else { c as u32 };
    Ok(Value::int(cp as i64))
}

/// String.prototype.concat ( ...args ) — 22.1.3.5
fn concat(args: &Args) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error("String.prototype.concat called on null or undefined"));
    }
    // Every part converted first (in order), so a result too long throws before any copying.
    let scope = HandleScope::new();
    let mut parts = vec![scope.root(ops::to_string(args.this())?.0)];
    for i in 0..args.len() {
        parts.push(scope.root(ops::to_string(args.get(i))?.0));
    }
    let values: Vec<Value> = parts.iter().map(|h| Value(h.get())).collect();
    string::concat_many(&values)
}

/// String.prototype.endsWith ( searchString [ , endPosition ] ) — 22.1.3.7
fn ends_with(args: &Args) -> JsResult {
    let end = |len| Ok(if args.get(1).is_undefined() { len } else { clamp_pos(ops::to_integer(args.get(1))?, len) });
    find_in(args, "endsWith", true, end, |s, q, end| Value::bool(q.len() <= end && s.has_at(end - q.len(), q)))
}

/// String.prototype.includes ( searchString [ , position ] ) — 22.1.3.8
fn includes(args: &Args) -> JsResult {
    let pos = |len| Ok(clamp_pos(ops::to_integer(args.get(1))?, len));
    find_in(args, "includes", true, pos, |s, q, p| Value::bool(s.find(q, p).is_some()))
}

/// String.prototype.indexOf ( searchString [ , position ] ) — 22.1.3.9
fn index_of_m(args: &Args) -> JsResult {
    let pos = |len| Ok(clamp_pos(ops::to_integer(args.get(1))?, len));
    find_in(args, "indexOf", false, pos, |s, q, p| Value::int(s.find(q, p).map(|i| i as i64).unwrap_or(-1)))
}

/// String.prototype.lastIndexOf ( searchString [ , position ] ) — 22.1.3.11
fn last_index_of(args: &Args) -> JsResult {
    let pos = |len| {
        let n = ops::to_number(args.get(1))?;
        Ok(clamp_pos(if n.is_nan() { f64::INFINITY } else { n.trunc() }, len))
    };
    find_in(args, "lastIndexOf", false, pos, |s, q, start| {
        if q.len() > s.len() {
            return Value::int(-1);
        }
        let mut i = start.min(s.len() - q.len());
        loop {
            if s.has_at(i, q) {
                return Value::int(i as i64);
            }
            if i == 0 {
                return Value::int(-1);
            }
            i -= 1;
        }
    })
}

/// A collation key element: (primary class, primary weight, accents, case).
pub fn collation_elems(u: &[u16]) -> JsResult<Vec<(u8, u32, u32, u8)>> {
    let h = crate::families::hooks();
    let (Some(normalize), Some(is_combining_mark)) = (h.normalize, h.is_combining_mark) else {
        return Err(crate::families::not_linked("String.prototype.localeCompare", "Unicode normalization"));
    };
    let s = normalize(&String::from_utf16_lossy(u), false, false);
    let mut out: Vec<(u8, u32, u32, u8)> = Vec::new();
    for c in s.chars() {
        if is_combining_mark(c) {
            if let Some(last) = out.last_mut() {
                last.2 = last.2.wrapping_mul(31).wrapping_add(c as u32);
            }
            continue;
        }
        let lower = c.to_lowercase().next().unwrap_or(c);
        let class = if c.is_whitespace() {
            1
        } else if c.is_alphabetic() {
            4
        } else if c.is_numeric() {
            3
        } else if c.is_ascii_punctuation() || c.is_control() {
            2
        } else {
            3
        };
        let case = if c != lower { 1 } else { 0 };
        out.push((class, if class == 3 { c.to_digit(10).map(|d| d + '0' as u32).unwrap_or(c as u32) } else { lower as u32 }, 0, case));
    }
    Ok(out)
}

/// String.prototype.localeCompare ( that [ , locales [ , options ] ] ) — 22.1.3.12. An
/// approximation of the root collation: letters compare case- and accent-insensitively
/// first, then by accents, then lower case before upper case. With the Intl family linked,
/// Intl.Collator's (the same approximation with its locales and options).
fn locale_compare(args: &Args) -> JsResult {
    let a = this_units(args, "localeCompare")?;
    let b = to_units(args.get(0))?;
    if let Some(f) = crate::families::hooks().locale_compare {
        return Ok(Value::int(f(&a, &b, args.get(1), args.get(2))? as i64));
    }
    if a == b {
        return Ok(Value::int(0));
    }
    let ka = collation_elems(&a)?;
    let kb = collation_elems(&b)?;
    let prim = |k: &Vec<(u8, u32, u32, u8)>| k.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>();
    let sec = |k: &Vec<(u8, u32, u32, u8)>| k.iter().map(|e| e.2).collect::<Vec<_>>();
    let ter = |k: &Vec<(u8, u32, u32, u8)>| k.iter().map(|e| e.3).collect::<Vec<_>>();
    let ord = prim(&ka).cmp(&prim(&kb)).then_with(|| sec(&ka).cmp(&sec(&kb))).then_with(|| ter(&ka).cmp(&ter(&kb)));
    Ok(Value::int(match ord {
        core::cmp::Ordering::Less => -1,
        core::cmp::Ordering::Equal => 0,
        core::cmp::Ordering::Greater => 1,
    }))
}

/// String.prototype.normalize ( [ form ] ) — 22.1.3.15
fn normalize(args: &Args) -> JsResult {
    let sv = this_string(args, "normalize")?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    let form = if args.get(0).is_undefined() { "NFC".to_string() } else { ops::to_rust_string(args.get(0))? };
    let sv = Value(hs.get());
    let (compat, compose) = match form.as_str() {
        "NFC" => (false, true),
        "NFD" => (false, false),
        "NFKC" => (true, true),
        "NFKD" => (true, false),
        _ => return Err(error::range_error("The normalization form should be one of NFC, NFD, NFKC, NFKD.")),
    };
    let Some(normalize) = crate::families::hooks().normalize else {
        return Err(crate::families::not_linked("String.prototype.normalize", "Unicode normalization"));
    };
    // ASCII is its own normal form in all four; Latin-1 its own NFC.
    if string::is_ascii(sv) || (compose && !compat && string::is_one_byte(string::flat(sv))) {
        return Ok(sv);
    }
    let s = string::view(sv).to_units();
    Ok(new_str(&map_wtf16(&s, |x| normalize(x, compat, compose))))
}

/// The normalization family's conversion (NFC, NFD, NFKC or NFKD of `s`).
pub fn normalize_str(s: &str, compat: bool, compose: bool) -> String {
    use unicode_normalization::UnicodeNormalization;
    match (compat, compose) {
        (false, true) => s.nfc().collect(),
        (false, false) => s.nfd().collect(),
        (true, true) => s.nfkc().collect(),
        (true, false) => s.nfkd().collect(),
    }
}

/// ToLength (7.1.20) as usize-ish f64.
fn to_length(v: Value) -> JsResult<f64> {
    let f = ops::to_integer(v)?;
    Ok(f.clamp(0.0, 9007199254740991.0))
}

/// StringPad (22.1.3.17.2)
fn pad(args: &Args, name: &str, at_start: bool) -> JsResult {
    let sv = this_string(args, name)?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    let max = to_length(args.get(0))?;
    let len = string::len(Value(hs.get()));
    if max <= len as f64 {
        return Ok(Value(hs.get()));
    }
    let fill = if args.get(1).is_undefined() { ops::unit_string(0x20) } else { ops::to_string(args.get(1))? };
    let hf = scope.root(fill.0);
    if string::len(fill) == 0 {
        return Ok(Value(hs.get()));
    }
    if max > MAX_STRING_LENGTH as f64 {
        return Err(error::range_error("Invalid string length"));
    }
    let total = max as usize;
    let need = total - len;
    // Flat first (moving nothing), so the views below are free.
    let (s, f) = (string::flat(Value(hs.get())), string::flat(Value(hf.get())));
    let one = string::is_one_byte(s) && string::is_one_byte(f);
    // The views are taken after the allocation (which may move both strings).
    let views = || (string::view(Value(hs.get())), string::view(Value(hf.get())));
    Ok(if one {
        string::build_one_byte(total, |d| {
            let (s, f) = views();
            pad_into(d, s, f, need, at_start)
        })
    } else {
        string::build(total, |d| {
            let (s, f) = views();
            pad_into(d, s, f, need, at_start)
        })
    })
}

/// `s` and `need` units of `fill` repeated, the fill before `s` when `at_start`, into `d`.
fn pad_into<T: string::Unit>(d: &mut [T], s: Str, fill: Str, need: usize, at_start: bool) {
    let (filler, rest) = if at_start {
        d.split_at_mut(need)
    } else {
        let (a, b) = d.split_at_mut(s.len());
        (b, a)
    };
    s.copy_to(rest);
    let first = fill.len().min(filler.len());
    fill.slice(0, first).copy_to(&mut filler[..first]);
    fill_cycle_from(filler, first);
}

/// Fills `d` with `unit` repeated (and cut off at the end), by doubling copies.
fn fill_cycle<T: Copy>(d: &mut [T], unit: &[T]) {
    let first = unit.len().min(d.len());
    d[..first].copy_from_slice(&unit[..first]);
    fill_cycle_from(d, first);
}

/// Fills the rest of `d` with its first `done` units repeated, by doubling copies.
fn fill_cycle_from<T: Copy>(d: &mut [T], mut done: usize) {
    while done < d.len() {
        let n = done.min(d.len() - done);
        d.copy_within(..n, done);
        done += n;
    }
}

/// String.prototype.padEnd ( maxLength [ , fillString ] ) — 22.1.3.16
fn pad_end(args: &Args) -> JsResult {
    pad(args, "padEnd", false)
}

/// String.prototype.padStart ( maxLength [ , fillString ] ) — 22.1.3.17
fn pad_start(args: &Args) -> JsResult {
    pad(args, "padStart", true)
}

/// String.prototype.repeat ( count ) — 22.1.3.18
fn repeat(args: &Args) -> JsResult {
    let sv = this_string(args, "repeat")?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    let n = ops::to_number(args.get(0))?;
    let n = if n.is_nan() { 0.0 } else { n };
    if n < 0.0 || n.is_infinite() {
        return Err(error::range_error(&format!("Invalid count value: {}", string::number_to_rust(n))));
    }
    let n = n.trunc();
    let len = string::len(Value(hs.get()));
    if n == 0.0 || len == 0 {
        return Ok(atoms::value(names::EMPTY));
    }
    if n == 1.0 {
        return Ok(Value(hs.get()));
    }
    if len as f64 * n > MAX_STRING_LENGTH as f64 {
        return Err(error::range_error("Invalid string length"));
    }
    let total = len * n as usize;
    // The view is taken after the allocation (which may move the string).
    let view = || string::view(Value(hs.get()));
    Ok(match view() {
        Str::One(_) => string::build_one_byte(total, |d| {
            let Str::One(b) = view() else { unreachable!("the same string") };
            fill_cycle(d, b)
        }),
        Str::Two(u) if u.iter().all(|&c| c <= 0xFF) => string::build_one_byte(total, |d| {
            view().copy_to(&mut d[..len]);
            fill_cycle_from(d, len)
        }),
        Str::Two(_) => string::build(total, |d| {
            let Str::Two(u) = view() else { unreachable!("the same string") };
            fill_cycle(d, u)
        }),
    })
}

/// GetSubstitution (22.1.3.19.1). `captures` are the capture groups
/// (None for undefined); `named` is the groups object or undefined.
pub fn get_substitution(matched: &[u16], s: &[u16], position: usize, captures: &[Option<Vec<u16>>], named: Value, replacement: &[u16]) -> JsResult<Vec<u16>> {
    let scope = HandleScope::new();
    let hn = scope.root(named.0);
    let d = |c: u16| (b'0' as u16..=b'9' as u16).contains(&c);
    let mut out = Vec::with_capacity(replacement.len());
    let mut i = 0;
    let m = captures.len();
    while i < replacement.len() {
        let c = replacement[i];
        if c != b'$' as u16 || i + 1 >= replacement.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let n = replacement[i + 1];
        if n == b'$' as u16 {
            out.push(b'$' as u16);
            i += 2;
        } else if n == b'&' as u16 {
            string::check_len(out.len() + matched.len())?;
            out.extend_from_slice(matched);
            i += 2;
        } else if n == b'`' as u16 {
            string::check_len(out.len() + position.min(s.len()))?;
            out.extend_from_slice(&s[..position.min(s.len())]);
            i += 2;
        } else if n == b'\'' as u16 {
            let tail = (position + matched.len()).min(s.len());
            string::check_len(out.len() + (s.len() - tail))?;
            out.extend_from_slice(&s[tail..]);
            i += 2;
        } else if d(n) {
            let two = i + 2 < replacement.len() && d(replacement[i + 2]);
            let mut digits = if two { 2 } else { 1 };
            let mut index = (n - b'0' as u16) as usize;
            if two {
                let idx2 = index * 10 + (replacement[i + 2] - b'0' as u16) as usize;
                if idx2 > m {
                    digits = 1;
                } else {
                    index = idx2;
                }
            }
            if (1..=m).contains(&index) {
                if let Some(cap) = &captures[index - 1] {
                    string::check_len(out.len() + cap.len())?;
                    out.extend_from_slice(cap);
                }
            } else {
                out.extend_from_slice(&replacement[i..i + 1 + digits]);
            }
            i += 1 + digits;
        } else if n == b'<' as u16 {
            if Value(hn.get()).is_undefined() {
                out.extend_from_slice(&replacement[i..i + 2]);
                i += 2;
            } else {
                match replacement[i + 2..].iter().position(|&x| x == b'>' as u16) {
                    None => {
                        out.extend_from_slice(&replacement[i..i + 2]);
                        i += 2;
                    }
                    Some(gt) => {
                        let name = replacement[i + 2..i + 2 + gt].to_vec();
                        let key = atoms::intern_units(&name);
                        let cap = object::get(Value(hn.get()), key)?;
                        if !cap.is_undefined() {
                            out.extend(to_units(cap)?);
                        }
                        i += 3 + gt;
                    }
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(out)
}

/// Calls a replacer function `f(matched, position, string)` and converts the result.
fn call_replacer(f: Value, matched: &[u16], position: usize, s: Value) -> JsResult<Vec<u16>> {
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let hs = scope.root(s.0);
    let m = new_str(matched);
    let r = function::call(Value(hf.get()), Value::UNDEFINED, &[m, Value::int(position as i64), Value(hs.get())])?;
    to_units(r)
}

/// String.prototype.match ( regexp ) — 22.1.3.13, and search ( regexp ) —
/// 22.1.3.21: the regexp's @@match/@@search, or a new RegExp's.
fn match_or_search(args: &Args, name: &str) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error(&format!("String.prototype.{name} called on null or undefined")));
    }
    if !args.get(0).is_nullish()
        && let Some(m) = symbol_method(args.get(0), name)?
    {
        return function::call(m, args.get(0), &[args.this()]);
    }
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.this())?.0);
    let rx = scope.root(regexp_create(args.get(0), Value::UNDEFINED, name)?.0);
    invoke(Value(rx.get()), well_known(name), Value(s.get()))
}

/// Invoke(v, key, «arg») (7.3.21).
fn invoke(v: Value, key: Atom, arg: Value) -> JsResult {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let ha = scope.root(arg.0);
    let f = object::get(v, key)?;
    function::call(f, Value(hv.get()), &[Value(ha.get())])
}

fn match_m(args: &Args) -> JsResult {
    match_or_search(args, "match")
}

fn search(args: &Args) -> JsResult {
    match_or_search(args, "search")
}

/// String.prototype.matchAll ( regexp ) — 22.1.3.14
fn match_all(args: &Args) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error("String.prototype.matchAll called on null or undefined"));
    }
    if !args.get(0).is_nullish() {
        if is_regexp(args.get(0))? {
            let flags = object::get(args.get(0), atoms::intern("flags"))?;
            if flags.is_nullish() {
                return Err(error::type_error("String.prototype.matchAll called with a non-global RegExp argument"));
            }
            if !to_units(flags)?.contains(&(b'g' as u16)) {
                return Err(error::type_error("String.prototype.matchAll called with a non-global RegExp argument"));
            }
        }
        if let Some(m) = symbol_method(args.get(0), "matchAll")? {
            return function::call(m, args.get(0), &[args.this()]);
        }
    }
    let scope = HandleScope::new();
    let s = scope.root(ops::to_string(args.this())?.0);
    let g = string::from_str("g");
    let rx = scope.root(regexp_create(args.get(0), g, "matchAll")?.0);
    invoke(Value(rx.get()), well_known("matchAll"), Value(s.get()))
}

/// String.prototype.replace ( searchValue, replaceValue ) — 22.1.3.19
fn replace(args: &Args) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error("String.prototype.replace called on null or undefined"));
    }
    if !args.get(0).is_nullish()
        && let Some(m) = symbol_method(args.get(0), "replace")?
    {
        return function::call(m, args.get(0), &[args.this(), args.get(1)]);
    }
    if let Some(r) = replace_plain(args, false) {
        return r;
    }
    let sv = ops::to_string(args.this())?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    let search = to_units(args.get(0))?;
    let functional = args.get(1).is_callable();
    let repl = if functional { Vec::new() } else { to_units(args.get(1))? };
    let s = string::view(Value(hs.get())).to_vec();
    let Some(pos) = index_of(&s, &search, 0) else { return Ok(Value(hs.get())) };
    let replacement =
        if functional { call_replacer(args.get(1), &search, pos, Value(hs.get()))? } else { get_substitution(&search, &s, pos, &[], Value::UNDEFINED, &repl)? };
    string::check_len(s.len() - search.len() + replacement.len())?;
    let mut out = Vec::with_capacity(s.len() + replacement.len());
    out.extend_from_slice(&s[..pos]);
    out.extend(replacement);
    out.extend_from_slice(&s[pos + search.len()..]);
    Ok(new_str(&out))
}

/// `replace`/`replaceAll` (`all`) of a string by a string with no `$` in a string: the
/// result built from the two strings' units in either width, copying nothing else. None for
/// any other arguments (the general steps).
fn replace_plain(args: &Args, all: bool) -> Option<JsResult> {
    let (t, q, r) = (args.this(), args.get(0), args.get(1));
    if !(t.is_string() && q.is_string() && r.is_string()) {
        return None;
    }
    let (s, q, r) = (string::view(t), string::view(q), string::view(r));
    if r.find(Str::One(b"$"), 0).is_some() {
        return None;
    }
    let mut at: Vec<usize> = Vec::new();
    let advance = q.len().max(1);
    let mut p = s.find(q, 0);
    while let Some(i) = p {
        at.push(i);
        p = if all { s.find(q, i + advance) } else { None };
    }
    if at.is_empty() {
        return Some(Ok(t));
    }
    let (n, qn, rn) = (s.len(), q.len(), r.len());
    Some(string::assemble(t, args.get(1), |piece| {
        let mut end = 0;
        for &i in &at {
            piece((false, end, i));
            piece((true, 0, rn));
            end = i + qn;
        }
        piece((false, end, n));
    }))
}

/// String.prototype.replaceAll ( searchValue, replaceValue ) — 22.1.3.20
fn replace_all(args: &Args) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error("String.prototype.replaceAll called on null or undefined"));
    }
    let sv = args.get(0);
    if !sv.is_nullish() {
        if is_regexp(sv)? {
            let flags = object::get(args.get(0), atoms::intern("flags"))?;
            if flags.is_nullish() {
                return Err(error::type_error("String.prototype.replaceAll called with a non-global RegExp argument"));
            }
            let f = to_units(flags)?;
            if !f.contains(&(b'g' as u16)) {
                return Err(error::type_error("replaceAll must be called with a global RegExp"));
            }
        }
        if let Some(m) = symbol_method(args.get(0), "replace")? {
            return function::call(m, args.get(0), &[args.this(), args.get(1)]);
        }
    }
    if let Some(r) = replace_plain(args, true) {
        return r;
    }
    let sv = ops::to_string(args.this())?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    let search = to_units(args.get(0))?;
    let functional = args.get(1).is_callable();
    let repl = if functional { Vec::new() } else { to_units(args.get(1))? };
    let s = string::view(Value(hs.get())).to_vec();
    let advance = search.len().max(1);
    let mut positions = Vec::new();
    let mut p = index_of(&s, &search, 0);
    while let Some(i) = p {
        positions.push(i);
        p = index_of(&s, &search, i + advance);
    }
    if positions.is_empty() {
        return Ok(Value(hs.get()));
    }
    if !functional && !repl.contains(&(b'$' as u16)) {
        // The result's length is known: too long throws before building it.
        string::check_len(s.len() - positions.len() * search.len() + positions.len() * repl.len())?;
    }
    let mut end = 0;
    let mut out = Vec::with_capacity(s.len());
    for pos in positions {
        out.extend_from_slice(&s[end..pos]);
        let r = if functional {
            call_replacer(args.get(1), &search, pos, Value(hs.get()))?
        } else {
            get_substitution(&search, &s, pos, &[], Value::UNDEFINED, &repl)?
        };
        string::check_len(out.len() + r.len())?;
        out.extend(r);
        end = pos + search.len();
    }
    if end < s.len() {
        out.extend_from_slice(&s[end..]);
    }
    Ok(new_str(&out))
}

/// String.prototype.slice ( start, end ) — 22.1.3.22
fn slice(args: &Args) -> JsResult {
    let s = this_string(args, "slice")?;
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let len = string::len(s);
    let from = rel_pos(ops::to_integer(args.get(0))?, len);
    let to = if args.get(1).is_undefined() { len } else { rel_pos(ops::to_integer(args.get(1))?, len) };
    Ok(sub_str(Value(hs.get()), from, to))
}

/// The code units `[from, to)` of string `s` (empty when `from >= to`),
/// sharing the empty and one-unit strings.
fn sub_str(s: Value, from: usize, to: usize) -> Value {
    match to.saturating_sub(from) {
        0 => atoms::value(names::EMPTY),
        1 => ops::unit_string(string::unit_at(s, from)),
        _ => string::substring(s, from, to),
    }
}

/// An array of the pieces `[a, b)` of the rooted string `hs`, made at its length.
fn array_of_pieces(hs: perry_gc::Handle, pieces: &[(usize, usize)]) -> Value {
    let scope = HandleScope::new();
    // Made at its final length: the elements are stored in place.
    let a = array::new_array(pieces.len());
    let ha = scope.root(a.0);
    for (i, &(from, to)) in pieces.iter().enumerate() {
        // A copy, or a slice of a long piece (`string::substring`).
        let sv = sub_str(Value(hs.get()), from, to);
        array::va_set(Value(ha.get()).cell().field(ARR_ELEMS), i, sv);
    }
    Value(ha.get())
}

/// String.prototype.split ( separator, limit ) — 22.1.3.23
fn split(args: &Args) -> JsResult {
    if args.this().is_nullish() {
        return Err(error::type_error("String.prototype.split called on null or undefined"));
    }
    if !args.get(0).is_nullish()
        && let Some(m) = symbol_method(args.get(0), "split")?
    {
        return function::call(m, args.get(0), &[args.this(), args.get(1)]);
    }
    let scope = HandleScope::new();
    let sv = ops::to_string(args.this())?;
    let hs = scope.root(sv.0);
    let lim = if args.get(1).is_undefined() { u32::MAX } else { ops::to_uint32(ops::to_number(args.get(1))?) } as usize;
    let rv = ops::to_string(args.get(0))?;
    let hr = scope.root(rv.0);
    if lim == 0 {
        return Ok(array::new_array(0));
    }
    let n = string::len(Value(hs.get()));
    if args.get(0).is_undefined() {
        return Ok(array_of_pieces(hs, &[(0, n)]));
    }
    // The pieces' ranges first (nothing allocates), then the strings.
    let (s, r) = (string::view(Value(hs.get())), string::view(Value(hr.get())));
    let mut pieces: Vec<(usize, usize)> = Vec::new();
    if r.is_empty() {
        pieces.extend((0..n.min(lim)).map(|i| (i, i + 1)));
    } else if n == 0 {
        pieces.push((0, 0));
    } else {
        let mut i = 0;
        let mut j = s.find(r, 0);
        while let Some(jj) = j {
            pieces.push((i, jj));
            if pieces.len() == lim {
                break;
            }
            i = jj + r.len();
            j = s.find(r, i);
        }
        if pieces.len() < lim {
            pieces.push((i, n));
        }
    }
    Ok(array_of_pieces(hs, &pieces))
}

/// String.prototype.startsWith ( searchString [ , position ] ) — 22.1.3.24
fn starts_with(args: &Args) -> JsResult {
    let pos = |len| Ok(clamp_pos(ops::to_integer(args.get(1))?, len));
    find_in(args, "startsWith", true, pos, |s, q, start| Value::bool(s.has_at(start, q)))
}

/// String.prototype.substring ( start, end ) — 22.1.3.25
fn substring(args: &Args) -> JsResult {
    let s = this_string(args, "substring")?;
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let len = string::len(s);
    let a = clamp_pos(ops::to_integer(args.get(0))?, len);
    let b = if args.get(1).is_undefined() { len } else { clamp_pos(ops::to_integer(args.get(1))?, len) };
    let (from, to) = if a <= b { (a, b) } else { (b, a) };
    Ok(sub_str(Value(hs.get()), from, to))
}

/// String.prototype.substr ( start, length ) — B.2.2.1
fn substr(args: &Args) -> JsResult {
    let s = this_string(args, "substr")?;
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let len = string::len(s);
    let start = rel_pos(ops::to_integer(args.get(0))?, len);
    let n = if args.get(1).is_undefined() { len as f64 } else { ops::to_integer(args.get(1))? };
    let end = clamp_pos(start as f64 + n, len);
    Ok(sub_str(Value(hs.get()), start, end))
}

fn lower(u: &[u16]) -> Vec<u16> {
    if u.iter().all(|&c| c < 128) {
        return u.iter().map(|&c| if (b'A' as u16..=b'Z' as u16).contains(&c) { c + 32 } else { c }).collect();
    }
    map_wtf16(u, |s| s.to_lowercase())
}

fn upper(u: &[u16]) -> Vec<u16> {
    if u.iter().all(|&c| c < 128) {
        return u.iter().map(|&c| if (b'a' as u16..=b'z' as u16).contains(&c) { c - 32 } else { c }).collect();
    }
    map_wtf16(u, |s| s.to_uppercase())
}

/// The lower case of a Latin-1 unit (always Latin-1).
fn lower_latin1(c: u8) -> Option<u8> {
    Some(match c {
        b'A'..=b'Z' => c + 0x20,
        0xC0..=0xDE if c != 0xD7 => c + 0x20,
        _ => c,
    })
}

/// The upper case of a Latin-1 unit when it is one Latin-1 unit (not for µ, ß and ÿ).
fn upper_latin1(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - 0x20),
        0xE0..=0xFE if c != 0xF7 => Some(c - 0x20),
        0xB5 | 0xDF | 0xFF => None,
        _ => Some(c),
    }
}

/// The case mapping of `this` (`upper` or lower): ASCII text is mapped byte by byte (or is its
/// own result when no letter changes), other one-byte text whose mapping stays in Latin-1 unit
/// by unit into a one-byte string; anything else goes through Unicode's full mapping.
fn map_case(args: &Args, name: &str, upper_case: bool) -> JsResult {
    let sv = this_string(args, name)?;
    let scope = HandleScope::new();
    let hs = scope.root(sv.0);
    if let Str::One(b) = string::view(sv) {
        let r = if upper_case {
            map_latin1(b, hs, upper_latin1, u8::is_ascii_lowercase, <[u8]>::make_ascii_uppercase)
        } else {
            map_latin1(b, hs, lower_latin1, u8::is_ascii_uppercase, <[u8]>::make_ascii_lowercase)
        };
        if let Some(r) = r {
            return Ok(r);
        }
    }
    let u = string::view(Value(hs.get())).to_units();
    Ok(new_str(&if upper_case { upper(&u) } else { lower(&u) }))
}

/// [`map_case`] of one-byte text `b` (the units of the string rooted in `hs`) by `f` (a
/// Latin-1 unit's mapping when it is one Latin-1 unit); ASCII text by `ascii`, which changes
/// the letters `changes` names. `None` when some unit's mapping leaves Latin-1.
fn map_latin1(b: &[u8], hs: perry_gc::Handle, f: impl Fn(u8) -> Option<u8>, changes: fn(&u8) -> bool, ascii: fn(&mut [u8])) -> Option<Value> {
    // The view is taken again after the allocation (which may move the string).
    let units = || match string::view(Value(hs.get())) {
        Str::One(b) => b,
        Str::Two(_) => unreachable!("the same one-byte string"),
    };
    if b.is_ascii() {
        if !b.iter().any(changes) {
            return Some(Value(hs.get()));
        }
        return Some(string::build_one_byte(b.len(), |d| {
            d.copy_from_slice(units());
            ascii(d)
        }));
    }
    let mut same = true;
    for &c in b {
        same &= f(c)? == c;
    }
    if same {
        return Some(Value(hs.get()));
    }
    Some(string::build_one_byte(b.len(), |d| {
        for (d, &c) in d.iter_mut().zip(units()) {
            *d = f(c).unwrap_or(c);
        }
    }))
}

/// String.prototype.toLowerCase — 22.1.3.28
fn to_lower_case(args: &Args) -> JsResult {
    map_case(args, "toLowerCase", false)
}

/// String.prototype.toUpperCase — 22.1.3.30
fn to_upper_case(args: &Args) -> JsResult {
    map_case(args, "toUpperCase", true)
}

/// String.prototype.toLocaleLowerCase — 22.1.3.26 (root locale)
fn to_locale_lower_case(args: &Args) -> JsResult {
    map_case(args, "toLocaleLowerCase", false)
}

/// String.prototype.toLocaleUpperCase — 22.1.3.27 (root locale)
fn to_locale_upper_case(args: &Args) -> JsResult {
    map_case(args, "toLocaleUpperCase", true)
}

fn trim_impl(args: &Args, name: &str, start: bool, end: bool) -> JsResult {
    let sv = this_string(args, name)?;
    let (a, b) = string::view(sv).trim(start, end);
    Ok(string::substring(sv, a, b))
}

/// String.prototype.trim — 22.1.3.32
fn trim(args: &Args) -> JsResult {
    trim_impl(args, "trim", true, true)
}

/// String.prototype.trimStart — 22.1.3.34
fn trim_start(args: &Args) -> JsResult {
    trim_impl(args, "trimStart", true, false)
}

/// String.prototype.trimEnd — 22.1.3.33
fn trim_end(args: &Args) -> JsResult {
    trim_impl(args, "trimEnd", false, true)
}

fn well_formed(u: &[u16]) -> bool {
    let mut i = 0;
    while i < u.len() {
        let c = u[i];
        if is_high(c) {
            if i + 1 < u.len() && is_low(u[i + 1]) {
                i += 2;
                continue;
            }
            return false;
        }
        if is_low(c) {
            return false;
        }
        i += 1;
    }
    true
}

/// String.prototype.isWellFormed — 22.1.3.10
fn is_well_formed(args: &Args) -> JsResult {
    let s = this_string(args, "isWellFormed")?;
    Ok(Value::bool(match string::view(s) {
        Str::One(_) => true,
        Str::Two(u) => well_formed(u),
    }))
}

/// String.prototype.toWellFormed — 22.1.3.31
fn to_well_formed(args: &Args) -> JsResult {
    let sv = this_string(args, "toWellFormed")?;
    if string::is_one_byte(sv) || well_formed(&string::units16(sv)) {
        return Ok(sv);
    }
    let s = string::view(sv).to_vec();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let (cp, n) = code_point_at(&s, i);
        if (0xD800..0xE000).contains(&cp) {
            out.push(0xFFFD);
        } else {
            out.extend_from_slice(&s[i..i + n]);
        }
        i += n;
    }
    Ok(new_str(&out))
}

/// String.prototype [ @@iterator ] — 22.1.3.36
fn iterator(args: &Args) -> JsResult {
    let s = this_string(args, "[Symbol.iterator]")?;
    Ok(iter::new_iterator(s, iter::STRING, I::StringIteratorProto))
}

/// The metas of the String.prototype methods compiled code inlines
/// (`SYM_STRING_METAS`).
#[unsafe(no_mangle)]
pub static mut PERRY_STRING_METAS: [u64; perry_abi::STRING_INLINE.len()] = [0; perry_abi::STRING_INLINE.len()];

/// Defines the String.prototype methods of `table` on the prototype rooted in `hp`.
fn def_methods(hp: perry_gc::Handle, table: &[(&str, u32, function::NativeFn)]) {
    for &(name, len, f) in table {
        let fv = def_method(hp, name, len, f);
        if let Some(i) = perry_abi::STRING_INLINE.iter().position(|&n| n == name) {
            // SAFETY: start-up, single JS thread; compiled code only reads it.
            unsafe { PERRY_STRING_METAS[i] = fv.cell().word(perry_abi::FN_META) };
        }
    }
}

/// The case mappings of an executable linked without the `case` family: only a method name
/// built at run time reaches them.
fn case_not_linked(_: &Args) -> JsResult {
    Err(crate::families::not_linked("String.prototype's case mapping", "case"))
}

/// The `case` family: toLowerCase, toUpperCase and their locale forms (with Unicode's full
/// case mapping tables), in place of [`case_not_linked`].
pub fn install_case() {
    let scope = HandleScope::new();
    let hp = scope.root(realm::get(I::StringProto).0);
    def_methods(
        hp,
        &[
            ("toLocaleLowerCase", 0, to_locale_lower_case),
            ("toLocaleUpperCase", 0, to_locale_upper_case),
            ("toLowerCase", 0, to_lower_case),
            ("toUpperCase", 0, to_upper_case),
        ],
    );
}

pub fn install() {
    // Interned now so that looking them up later never allocates.
    for n in ["flags", "trimLeft", "trimRight"] {
        atoms::intern(n);
    }
    let scope = HandleScope::new();
    let hp = scope.root(realm::get(I::StringProto).0);
    let c = def_constructor("String", 1, string_ctor, hp);
    let hc = scope.root(c.0);
    def_method(hc, "fromCharCode", 1, from_char_code);
    def_method(hc, "fromCodePoint", 1, from_code_point);
    def_method(hc, "raw", 1, raw);

    let table: &[(&str, u32, function::NativeFn)] = &[
        ("at", 1, at),
        ("charAt", 1, char_at),
        ("charCodeAt", 1, char_code_at),
        ("codePointAt", 1, code_point_at_m),
        ("concat", 1, concat),
        ("endsWith", 1, ends_with),
        ("includes", 1, includes),
        ("indexOf", 1, index_of_m),
        ("isWellFormed", 0, is_well_formed),
        ("lastIndexOf", 1, last_index_of),
        ("localeCompare", 1, locale_compare),
        ("match", 1, match_m),
        ("matchAll", 1, match_all),
        ("normalize", 0, normalize),
        ("padEnd", 1, pad_end),
        ("padStart", 1, pad_start),
        ("repeat", 1, repeat),
        ("replace", 2, replace),
        ("replaceAll", 2, replace_all),
        ("search", 1, search),
        ("slice", 2, slice),
        ("split", 2, split),
        ("startsWith", 1, starts_with),
        ("substr", 2, substr),
        ("substring", 2, substring),
        // The case mappings are the `case` family's (`install_case`); until it replaces them,
        // they throw `not_linked`.
        ("toLocaleLowerCase", 0, case_not_linked),
        ("toLocaleUpperCase", 0, case_not_linked),
        ("toLowerCase", 0, case_not_linked),
        ("toString", 0, to_string),
        ("toUpperCase", 0, case_not_linked),
        ("toWellFormed", 0, to_well_formed),
        ("trim", 0, trim),
        ("valueOf", 0, value_of),
    ];
    def_methods(hp, table);
    // trimLeft / trimRight are the same function objects (B.2.2.15, B.2.2.16).
    for (name, alias, f) in [("trimStart", "trimLeft", trim_start as function::NativeFn), ("trimEnd", "trimRight", trim_end)] {
        let alias = atoms::intern(alias);
        let fv = def_method(hp, name, 0, f);
        object::define_hidden(Value(hp.get()), alias, fv);
    }
    atoms::intern("[Symbol.iterator]");
    method_atom(Value(hp.get()), realm::sym_atom(I::SymIterator), "[Symbol.iterator]", 0, iterator);
}
