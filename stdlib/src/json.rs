//! The JSON object (ECMAScript 25.5): `JSON.parse` with V8's (Node 20's)
//! error messages and `JSON.stringify` with V8's circular-structure message.
//!
//! JSON.parse reads strings without escapes and integers of up to 15 digits straight from the
//! source and interns keys through `atoms::intern_units_cached`; JSON.stringify writes strings
//! and keys from the heap and integers without ryu, and skips the toJSON lookup of plain
//! objects and arrays whose prototypes are the intrinsic ones and lack it
//! (`proxy::object_proto_lacks`).

use perry_abi::*;
use perry_gc::{Handle, HandleScope};
use perry_runtime::array;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string::{self, Str, StrBuf};
use perry_runtime::{JsResult, Value};

#[inline]
fn hv(h: Handle) -> Value {
    Value(h.get())
}

// ---------------------------------------------------------------------------
// JSON.parse — 25.5.1
// ---------------------------------------------------------------------------

/// A width of JSON source text: Latin-1 bytes or UTF-16 units.
pub trait Src: Copy + Into<u16> + 'static {
    fn view(s: &[Self]) -> Str<'_>;
}
impl Src for u8 {
    fn view(s: &[u8]) -> Str<'_> {
        Str::One(s)
    }
}
impl Src for u16 {
    fn view(s: &[u16]) -> Str<'_> {
        Str::Two(s)
    }
}

struct Parser<T> {
    src: Vec<T>,
    pos: usize,
}

fn is_ws(c: u16) -> bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
}

fn is_digit(c: u16) -> bool {
    (b'0' as u16..=b'9' as u16).contains(&c)
}

impl<T: Src> Parser<T> {
    fn peek(&self) -> Option<u16> {
        self.src.get(self.pos).map(|&c| c.into())
    }

    fn skip_ws(&mut self) {
        while self.pos < self.src.len() && is_ws(self.src[self.pos].into()) {
            self.pos += 1;
        }
    }

    fn fail(&self, msg: String) -> error::Exc {
        error::syntax_error(&msg)
    }

    fn fail_at(&self, what: &str, pos: usize) -> error::Exc {
        self.fail(format!("{what} in JSON at position {pos}"))
    }

    /// V8's report for an unexpected token at `pos` (its kind decided by the character there).
    fn unexpected(&self, pos: usize) -> error::Exc {
        let Some(c) = self.src.get(pos).map(|&c| c.into()) else {
            return self.fail("Unexpected end of JSON input".into());
        };
        if c == b'"' as u16 {
            return self.fail_at("Unexpected string", pos);
        }
        if c == b'-' as u16 || is_digit(c) {
            return self.fail_at("Unexpected number", pos);
        }
        let whole = T::view(&self.src).to_rust();
        if matches!(whole.as_str(), "[object Object]" | "undefined" | "Infinity" | "NaN") {
            return self.fail(format!("\"{whole}\" is not valid JSON"));
        }
        let tok = String::from_utf16_lossy(&[c]);
        let len = self.src.len();
        const CTX: usize = 10;
        // V8 quotes the whole text when it is shorter than 21 units.
        let msg = if len < CTX * 2 + 1 {
            format!("Unexpected token '{tok}', \"{whole}\" is not valid JSON")
        } else if pos < CTX {
            format!("Unexpected token '{tok}', \"{}\"... is not valid JSON", T::view(&self.src[..pos + CTX]).to_rust())
        } else if pos < len - CTX {
            format!("Unexpected token '{tok}', ...\"{}\"... is not valid JSON", T::view(&self.src[pos - CTX..pos + CTX]).to_rust())
        } else {
            format!("Unexpected token '{tok}', ...\"{}\" is not valid JSON", T::view(&self.src[pos - CTX..]).to_rust())
        };
        self.fail(msg)
    }

    /// A JSON value. Nesting is kept on an explicit stack of open containers (handles reused
    /// by depth), not the native stack, so any depth the heap holds parses (as in V8).
    fn parse_value(&mut self) -> JsResult {
        let scope = HandleScope::new();
        // slots[d] roots the container open at depth d; frames[d] is its pending key (None
        // for an array). slots outlives frames so that the handles are reused.
        let mut slots: Vec<Handle> = Vec::new();
        let mut frames: Vec<Option<Atom>> = Vec::new();
        'value: loop {
            self.skip_ws();
            let Some(c) = self.peek() else {
                return Err(self.unexpected(self.pos));
            };
            let mut v = match c {
                0x22 => match self.plain_string() {
                    Some((a, b)) => crate::string_builtins::new_view(T::view(&self.src[a..b])),
                    None => {
                        let u = self.parse_string()?;
                        string::from_units(&u)
                    }
                },
                0x2D | 0x30..=0x39 => self.parse_number()?,
                0x7B => {
                    self.pos += 1;
                    self.skip_ws();
                    let o = object::new_plain(4);
                    if self.peek() == Some(b'}' as u16) {
                        self.pos += 1;
                        o
                    } else {
                        if self.peek() != Some(b'"' as u16) {
                            return Err(self.fail_at("Expected property name or '}'", self.pos));
                        }
                        open(&scope, &mut slots, frames.len(), o);
                        let key = self.parse_key(true)?;
                        frames.push(Some(key));
                        continue 'value;
                    }
                }
                0x5B => {
                    self.pos += 1;
                    self.skip_ws();
                    let a = array::new_array(0);
                    if self.peek() == Some(b']' as u16) {
                        self.pos += 1;
                        a
                    } else {
                        open(&scope, &mut slots, frames.len(), a);
                        frames.push(None);
                        continue 'value;
                    }
                }
                0x74 => self.parse_literal("true", Value::TRUE)?,
                0x66 => self.parse_literal("false", Value::FALSE)?,
                0x6E => self.parse_literal("null", Value::NULL)?,
                _ => return Err(self.unexpected(self.pos)),
            };
            // `v` is complete: store it in the open container, and close containers as their
            // ends come.
            loop {
                let Some(&frame) = frames.last() else { return Ok(v) };
                let h = slots[frames.len() - 1];
                self.skip_ws();
                match frame {
                    None => {
                        array::push(hv(h), v);
                        match self.peek() {
                            Some(0x2C) => {
                                self.pos += 1;
                                continue 'value;
                            }
                            Some(0x5D) => self.pos += 1,
                            _ => return Err(self.fail_at("Expected ',' or ']' after array element", self.pos)),
                        }
                    }
                    Some(key) => {
                        create_data_property(hv(h), key, v);
                        match self.peek() {
                            Some(0x2C) => {
                                self.pos += 1;
                                self.skip_ws();
                                if self.peek() != Some(b'"' as u16) {
                                    return Err(self.fail_at("Expected double-quoted property name", self.pos));
                                }
                                let key = self.parse_key(false)?;
                                *frames.last_mut().expect("an open object") = Some(key);
                                continue 'value;
                            }
                            Some(0x7D) => self.pos += 1,
                            _ => return Err(self.fail_at("Expected ',' or '}' after property value", self.pos)),
                        }
                    }
                }
                frames.pop();
                v = hv(h);
            }
        }
    }

    /// A property name at its opening quote and the ':' after it (V8 names the missing ':' only
    /// after an object's first name; after the others it reports the token found).
    fn parse_key(&mut self, first: bool) -> JsResult<Atom> {
        let key = match self.plain_string() {
            Some((a, b)) => atoms::intern_view_cached(T::view(&self.src[a..b])),
            None => {
                let k = self.parse_string()?;
                atoms::intern_units(&k)
            }
        };
        self.skip_ws();
        if self.peek() != Some(b':' as u16) {
            return Err(if first { self.fail_at("Expected ':' after property name", self.pos) } else { self.unexpected(self.pos) });
        }
        self.pos += 1;
        Ok(key)
    }

    fn parse_literal(&mut self, word: &str, v: Value) -> JsResult {
        for (i, b) in word.bytes().enumerate() {
            let p = self.pos + i;
            if self.src.get(p).map(|&c| c.into()) != Some(b as u16) {
                return Err(self.unexpected(p));
            }
        }
        self.pos += word.len();
        Ok(v)
    }

    fn parse_number(&mut self) -> JsResult {
        let start = self.pos;
        if self.peek() == Some(b'-' as u16) {
            self.pos += 1;
        }
        match self.peek() {
            Some(0x30) => {
                self.pos += 1;
                if self.peek().is_some_and(is_digit) {
                    return Err(self.unexpected(self.pos));
                }
            }
            Some(c) if is_digit(c) => {
                while self.peek().is_some_and(is_digit) {
                    self.pos += 1;
                }
            }
            _ => return Err(self.fail_at("No number after minus sign", self.pos)),
        }
        if self.peek() == Some(b'.' as u16) {
            self.pos += 1;
            if !self.peek().is_some_and(is_digit) {
                return Err(self.fail_at("Unterminated fractional number", self.pos));
            }
            while self.peek().is_some_and(is_digit) {
                self.pos += 1;
            }
        }
        if matches!(self.peek(), Some(0x65) | Some(0x45)) {
            self.pos += 1;
            if matches!(self.peek(), Some(0x2B) | Some(0x2D)) {
                self.pos += 1;
            }
            if !self.peek().is_some_and(is_digit) {
                return Err(self.fail_at("Exponent part is missing a number", self.pos));
            }
            while self.peek().is_some_and(is_digit) {
                self.pos += 1;
            }
        }
        let digits: smallvec::SmallVec<[u16; 24]> = self.src[start..self.pos].iter().map(|&c| c.into()).collect();
        let digits = &digits[..];
        // Up to 15 digits without a fraction or exponent: exact as an i64.
        if digits.len() <= 15 && digits.iter().all(|&c| is_digit(c) || c == b'-' as u16) {
            let (neg, ds) = if digits[0] == b'-' as u16 { (true, &digits[1..]) } else { (false, digits) };
            let n = ds.iter().fold(0i64, |n, &c| n * 10 + (c - b'0' as u16) as i64);
            return Ok(Value::num(if neg { -(n as f64) } else { n as f64 }));
        }
        let mut buf = [0u8; 64];
        let text = if digits.len() <= buf.len() {
            for (d, &c) in buf.iter_mut().zip(digits) {
                *d = c as u8;
            }
            // SAFETY: the scanner admitted only ASCII digits, signs, '.', 'e', 'E'.
            std::borrow::Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(&buf[..digits.len()]) })
        } else {
            std::borrow::Cow::Owned(digits.iter().map(|&c| c as u8 as char).collect::<String>())
        };
        Ok(Value::num(text.parse::<f64>().unwrap_or(f64::NAN)))
    }

    /// A string literal without escapes starting at the opening quote: the
    /// range of its code units in the source, the position past it. None
    /// (nothing consumed) when it has an escape, a control character or no end.
    fn plain_string(&mut self) -> Option<(usize, usize)> {
        let start = self.pos + 1;
        let rest = self.src.get(start..)?;
        let n = rest.iter().position(|&c| {
            let c: u16 = c.into();
            c == b'"' as u16 || c == b'\\' as u16 || c < 0x20
        })?;
        if rest[n].into() != b'"' as u16 {
            return None;
        }
        self.pos = start + n + 1;
        Some((start, start + n))
    }

    /// A string literal starting at the opening quote; returns its code units.
    fn parse_string(&mut self) -> JsResult<Vec<u16>> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.fail_at("Unterminated string", self.src.len()));
            };
            if c == b'"' as u16 {
                self.pos += 1;
                return Ok(out);
            }
            if c < 0x20 {
                return Err(self.fail_at("Bad control character in string literal", self.pos));
            }
            if c != b'\\' as u16 {
                out.push(c);
                self.pos += 1;
                continue;
            }
            self.pos += 1;
            let Some(e) = self.peek() else {
                // A backslash at the end: V8 reports the end of the input.
                return Err(self.unexpected(self.pos));
            };
            let simple = match e {
                0x22 => Some(0x22),
                0x5C => Some(0x5C),
                0x2F => Some(0x2F),
                0x62 => Some(0x08),
                0x66 => Some(0x0C),
                0x6E => Some(0x0A),
                0x72 => Some(0x0D),
                0x74 => Some(0x09),
                _ => None,
            };
            if let Some(s) = simple {
                out.push(s);
                self.pos += 1;
                continue;
            }
            if e > 0xFF {
                // V8 classifies only one-byte characters after a backslash.
                return Err(self.unexpected(self.pos));
            }
            if e != b'u' as u16 {
                return Err(self.fail_at("Bad escaped character", self.pos));
            }
            let mut v: u16 = 0;
            for i in 1..=4 {
                let d = self.src.get(self.pos + i).and_then(|&c| char::from_u32(c.into() as u32)).and_then(|c| c.to_digit(16));
                match d {
                    Some(d) => v = v * 16 + d as u16,
                    None => return Err(self.fail_at("Bad Unicode escape", self.pos + i)),
                }
            }
            out.push(v);
            self.pos += 5;
        }
    }
}

/// Roots container `v` at `depth` (reusing the handle of an earlier container at that depth).
fn open(scope: &HandleScope, slots: &mut Vec<Handle>, depth: usize, v: Value) {
    if let Some(h) = slots.get(depth) {
        h.set(v.0);
    } else {
        slots.push(scope.root(v.0));
    }
}

/// CreateDataProperty on an ordinary object or array (never throws here).
fn create_data_property(o: Value, key: Atom, v: Value) {
    if o.is_array_exotic()
        && let Some(i) = atoms::array_index(key)
    {
        let _ = array::set_index(o, i as usize, v);
        return;
    }
    object::define(o, key, v, shape::DEFAULT);
}

/// InternalizeJSONProperty's update of `key` (25.5.1.1 steps 2.b-c): a
/// revived undefined is `[[Delete]]`, anything else CreateDataProperty;
/// either may refuse (false) without an error, a proxy trap may throw.
fn revive_property(o: Value, key: Atom, v: Value) -> JsResult<()> {
    let proxy = perry_runtime::proxy::is_proxy(o);
    if v.is_undefined() {
        if proxy {
            perry_runtime::proxy::delete(o, key)?;
        } else {
            object::try_delete(o, key);
        }
        return Ok(());
    }
    let scope = HandleScope::new();
    let d = crate::object_builtins::Desc::data(scope.root(v.0));
    if proxy {
        crate::proxy::define_own_any(o, key, &d)?;
    } else {
        let _refused = crate::object_builtins::try_define_own(o, key, &d)?;
    }
    Ok(())
}

/// Parses JSON text (the code units of a string) into a value.
pub fn parse_units(src: Vec<u16>) -> JsResult {
    parse_src(src)
}

/// Parses JSON text of either width into a value.
pub fn parse_src<T: Src>(src: Vec<T>) -> JsResult {
    let mut p = Parser { src, pos: 0 };
    let v = p.parse_value()?;
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    p.skip_ws();
    if p.pos < p.src.len() {
        return Err(p.fail(format!("Unexpected non-whitespace character after JSON at position {}", p.pos)));
    }
    Ok(hv(h))
}

/// InternalizeJSONProperty — 25.5.1.1
fn internalize(holder: Handle, name: Value, reviver: Handle) -> JsResult {
    perry_runtime::stack::check()?;
    let scope = HandleScope::new();
    let hname = scope.root(name.0);
    let key = object::to_key(name)?;
    let val = object::get(hv(holder), key)?;
    let hval = scope.root(val.0);
    if val.is_js_object() {
        // IsArray sees through proxies (and throws for a revoked one).
        if perry_runtime::proxy::is_array(val)? {
            let len = ops::length_of(hv(hval))?;
            for i in 0..len {
                let k = ops::number_to_string_value(i as f64);
                let hk = scope.root(k.0);
                let ne = internalize(hval, k, reviver)?;
                let a = atoms::intern_value(hv(hk));
                revive_property(hv(hval), a, ne)?;
            }
        } else {
            let keys = if perry_runtime::proxy::is_proxy(hv(hval)) {
                perry_runtime::proxy::enumerable_string_keys(hv(hval))?
            } else {
                object::try_own_keys(hv(hval), true, false)?
            };
            for a in keys {
                let ne = internalize(hval, atoms::value(a), reviver)?;
                revive_property(hv(hval), a, ne)?;
            }
        }
    }
    function::call(hv(reviver), hv(holder), &[hv(hname), hv(hval)])
}

/// JSON.parse ( text [ , reviver ] ) — 25.5.1
fn json_parse(args: &Args) -> JsResult {
    let s = ops::to_string(args.get(0))?;
    // A copy of the text: the parse allocates, and the string may move.
    let v = match string::view(s) {
        Str::One(b) => parse_src(b.to_vec())?,
        Str::Two(u) => parse_src(u.to_vec())?,
    };
    if !args.get(1).is_callable() {
        return Ok(v);
    }
    let scope = HandleScope::new();
    let hv0 = scope.root(v.0);
    let root = object::new_plain(1);
    let hroot = scope.root(root.0);
    object::define(hv(hroot), names::EMPTY, hv(hv0), shape::DEFAULT);
    let hrev = scope.root(args.get(1).0);
    internalize(hroot, atoms::value(names::EMPTY), hrev)
}

// ---------------------------------------------------------------------------
// JSON.stringify — 25.5.2
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Key {
    Atom(Atom),
    Index(usize),
}

struct Ser {
    replacer: Option<Handle>,
    property_list: Option<Vec<Atom>>,
    gap: Vec<u16>,
    indent: Vec<u16>,
    /// Objects being serialized, with the key each was reached by.
    stack: Vec<(Handle, Option<Key>)>,
    out: StrBuf,
}

fn push_str(out: &mut StrBuf, s: &str) {
    out.push_str(s);
}

/// QuoteJSONString — 25.5.2.3
pub fn quote_json_string(out: &mut StrBuf, u: Str) {
    let u = match u {
        Str::One(b) => {
            // Runs of units that need no escape are copied whole.
            out.push(b'"' as u16);
            let mut start = 0;
            for (i, &c) in b.iter().enumerate() {
                if c < 0x20 || c == b'"' || c == b'\\' {
                    out.push_latin1(&b[start..i]);
                    quote_unit(out, c as u16);
                    start = i + 1;
                }
            }
            out.push_latin1(&b[start..]);
            out.push(b'"' as u16);
            return;
        }
        Str::Two(u) => u,
    };
    out.push(b'"' as u16);
    let mut i = 0;
    while i < u.len() {
        let c = u[i];
        match c {
            0x22 | 0x5C | 0..0x20 => quote_unit(out, c),
            0xD800..=0xDBFF => {
                if i + 1 < u.len() && (0xDC00..=0xDFFF).contains(&u[i + 1]) {
                    out.push(c);
                    out.push(u[i + 1]);
                    i += 2;
                    continue;
                }
                push_str(out, &format!("\\u{:04x}", c));
            }
            0xDC00..=0xDFFF => push_str(out, &format!("\\u{:04x}", c)),
            _ => out.push(c),
        }
        i += 1;
    }
    out.push(b'"' as u16);
}

/// The escape of a control character, '"' or '\\'.
fn quote_unit(out: &mut StrBuf, c: u16) {
    match c {
        0x08 => push_str(out, "\\b"),
        0x09 => push_str(out, "\\t"),
        0x0A => push_str(out, "\\n"),
        0x0C => push_str(out, "\\f"),
        0x0D => push_str(out, "\\r"),
        0x22 => push_str(out, "\\\""),
        0x5C => push_str(out, "\\\\"),
        _ => push_str(out, &format!("\\u{:04x}", c)),
    }
}

fn key_value(k: Key) -> Value {
    match k {
        Key::Atom(a) => atoms::value(a),
        Key::Index(i) => ops::number_to_string_value(i as f64),
    }
}

/// Number::toString of a finite number, appended (integers without ryu;
/// -0 is "0").
fn push_number(out: &mut StrBuf, f: f64) {
    if f.abs() < 1e15 && (f as i64) as f64 == f {
        let n = f as i64;
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut m = n.unsigned_abs();
        loop {
            at -= 1;
            digits[at] = b'0' + (m % 10) as u8;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        if n < 0 {
            out.push(b'-' as u16);
        }
        out.push_latin1(&digits[at..]);
        return;
    }
    let mut b = ryu_js::Buffer::new();
    push_str(out, b.format(f));
}

fn get_key(holder: Value, k: Key) -> JsResult {
    match k {
        Key::Atom(a) => object::get(holder, a),
        Key::Index(i) => {
            if holder.is_array_exotic() {
                array::get(holder, i)
            } else {
                object::get_value_key(holder, Value::int(i as i64))
            }
        }
    }
}

/// The constructor name V8 prints in the circular-structure message.
fn constructor_name(v: Value) -> String {
    let mut o = v;
    while o.is_object() {
        if let Some(object::Prop::Data(c, _)) = object::get_own_property(o, names::CONSTRUCTOR)
            && c.is_function()
        {
            let n = function::name_of(c);
            if !n.is_empty() {
                return n;
            }
        }
        o = object::proto_of(o);
    }
    if v.is_array_exotic() { "Array".into() } else { "Object".into() }
}

impl Ser {
    fn circular_error(&self, v: Value, closing: Key) -> error::Exc {
        let start = self.stack.iter().position(|(h, _)| h.get() == v.0).unwrap_or(0);
        let describe = |k: Key| match k {
            Key::Index(i) => format!("index {i}"),
            Key::Atom(a) => format!("property '{}'", atoms::to_rust(a)),
        };
        let mut msg = String::from("Converting circular structure to JSON");
        msg.push_str(&format!("\n    --> starting at object with constructor '{}'", constructor_name(hv(self.stack[start].0))));
        let line = |i: usize| -> String {
            let (h, k) = self.stack[i];
            format!("\n    |     {} -> object with constructor '{}'", k.map(describe).unwrap_or_default(), constructor_name(hv(h)))
        };
        let inner: Vec<usize> = (start + 1..self.stack.len()).collect();
        if inner.len() > 3 {
            msg.push_str(&line(inner[0]));
            msg.push_str(&line(inner[1]));
            msg.push_str("\n    |     ...");
            msg.push_str(&line(inner[inner.len() - 1]));
        } else {
            for &i in &inner {
                msg.push_str(&line(i));
            }
        }
        msg.push_str(&format!("\n    --- {} closes the circle", describe(closing)));
        error::type_error(&msg)
    }

    /// SerializeJSONProperty — 25.5.2.2. Returns false for undefined (nothing written).
    fn property(&mut self, holder: Handle, key: Key) -> JsResult<bool> {
        let scope = HandleScope::new();
        let v = get_key(hv(holder), key)?;
        let h = scope.root(v.0);
        if (v.is_object() && !lacks_to_json(v)) || perry_runtime::proxy::is_proxy(v) || v.is_bigint() {
            let to_json = object::get(v, names::TO_JSON)?;
            if to_json.is_callable() {
                let hf = scope.root(to_json.0);
                let k = key_value(key);
                let r = function::call(hv(hf), hv(h), &[k])?;
                h.set(r.0);
            }
        }
        if let Some(rep) = self.replacer {
            let k = key_value(key);
            let hk = scope.root(k.0);
            let r = function::call(hv(rep), hv(holder), &[hv(hk), hv(h)])?;
            h.set(r.0);
        }
        let v = hv(h);
        if v.is_object() && v.kind() == KIND_PRIMITIVE_WRAPPER {
            let inner = v.cell().field(OBJ_INLINE);
            if inner.is_number() {
                let f = ops::to_number(v)?;
                h.set(Value::num(f).0);
            } else if inner.is_string() {
                let s = ops::to_string(v)?;
                h.set(s.0);
            } else if inner.is_bool() || inner.is_bigint() {
                h.set(inner.0);
            }
        }
        let v = hv(h);
        if v.is_null() {
            push_str(&mut self.out, "null");
        } else if v.is_bool() {
            push_str(&mut self.out, if v.as_bool() { "true" } else { "false" });
        } else if v.is_string() {
            // (`out` is Rust memory: nothing allocates on the heap meanwhile.)
            quote_json_string(&mut self.out, string::view(v));
        } else if v.is_number() {
            let f = v.as_number();
            if f.is_finite() {
                push_number(&mut self.out, f);
            } else {
                push_str(&mut self.out, "null");
            }
        } else if v.is_bigint() {
            return Err(error::type_error("Do not know how to serialize a BigInt"));
        } else if (v.is_object() && !v.is_function()) || (perry_runtime::proxy::is_proxy(v) && !perry_runtime::proxy::is_callable(v)) {
            if self.stack.iter().any(|(s, _)| s.get() == v.0) {
                return Err(self.circular_error(v, key));
            }
            perry_runtime::stack::check()?;
            let is_array = perry_runtime::proxy::is_array(v)?;
            self.stack.push((h, Some(key)));
            let r = if is_array { self.array(h) } else { self.object(h) };
            self.stack.pop();
            r?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    fn newline_indent(&mut self) {
        if !self.gap.is_empty() {
            self.out.push(b'\n' as u16);
            self.out.push_units(&self.indent);
        }
    }

    /// SerializeJSONObject — 25.5.2.5
    fn object(&mut self, h: Handle) -> JsResult<()> {
        let stepback = self.indent.clone();
        self.indent.extend_from_slice(&self.gap.clone());
        let keys: Vec<Atom> = match &self.property_list {
            Some(k) => k.clone(),
            None => object::try_own_keys(hv(h), true, false)?,
        };
        self.out.push(b'{' as u16);
        let mut any = false;
        for k in keys {
            let mark = self.out.len();
            if any {
                self.out.push(b',' as u16);
            }
            self.newline_indent();
            let kv = atoms::value(k);
            quote_json_string(&mut self.out, if kv.is_string() { string::view(kv) } else { Str::One(&[]) });
            self.out.push(b':' as u16);
            if !self.gap.is_empty() {
                self.out.push(b' ' as u16);
            }
            if self.property(h, Key::Atom(k))? {
                any = true;
            } else {
                self.out.truncate(mark);
            }
        }
        self.indent = stepback;
        if any {
            self.newline_indent();
        }
        self.out.push(b'}' as u16);
        Ok(())
    }

    /// SerializeJSONArray — 25.5.2.6
    fn array(&mut self, h: Handle) -> JsResult<()> {
        let stepback = self.indent.clone();
        self.indent.extend_from_slice(&self.gap.clone());
        let len = ops::length_of(hv(h))?;
        self.out.push(b'[' as u16);
        for i in 0..len {
            // A long sparse array reads as nulls: stop where the text gets too long for a string.
            string::check_len(self.out.len())?;
            if i > 0 {
                self.out.push(b',' as u16);
            }
            self.newline_indent();
            if !self.property(h, Key::Index(i))? {
                push_str(&mut self.out, "null");
            }
        }
        self.indent = stepback;
        if len > 0 {
            self.newline_indent();
        }
        self.out.push(b']' as u16);
        Ok(())
    }
}

/// JSON.stringify as a Rust call: `None` when the result is undefined.
pub fn stringify(value: Value, replacer: Value, space: Value) -> JsResult<Option<Value>> {
    let scope = HandleScope::new();
    let hval = scope.root(value.0);
    let hrep = scope.root(replacer.0);
    let hspace = scope.root(space.0);
    let mut ser = Ser { replacer: None, property_list: None, gap: Vec::new(), indent: Vec::new(), stack: Vec::new(), out: StrBuf::new() };
    let rep = hv(hrep);
    if rep.is_callable() {
        ser.replacer = Some(hrep);
    } else if perry_runtime::proxy::is_array(rep)? {
        // IsArray sees through proxies; the elements are Gets (a proxy's traps run).
        let mut list: Vec<Atom> = Vec::new();
        let len = ops::length_of(rep)?;
        for i in 0..len {
            let v = object::get_value_key(hv(hrep), Value::num(i as f64))?;
            let item = if v.is_string() {
                Some(atoms::intern_value(v))
            } else if v.is_number()
                || v.is_object() && v.kind() == KIND_PRIMITIVE_WRAPPER && {
                    let p = v.cell().field(OBJ_INLINE);
                    p.is_string() || p.is_number()
                }
            {
                let s = ops::to_string(v)?;
                Some(atoms::intern_value(s))
            } else {
                None
            };
            if let Some(a) = item
                && !list.contains(&a)
            {
                list.push(a);
            }
        }
        ser.property_list = Some(list);
    }
    // The space argument — 25.5.2.1 steps 5-8.
    let mut sp = hv(hspace);
    if sp.is_object() && sp.kind() == KIND_PRIMITIVE_WRAPPER {
        let p = sp.cell().field(OBJ_INLINE);
        if p.is_number() {
            sp = Value::num(ops::to_number(sp)?);
        } else if p.is_string() {
            sp = ops::to_string(sp)?;
        }
    }
    if sp.is_number() {
        let n = ops::to_integer(sp)?.clamp(0.0, 10.0) as usize;
        ser.gap = vec![b' ' as u16; n];
    } else if sp.is_string() {
        let u = string::view(sp);
        ser.gap = u.slice(0, u.len().min(10)).to_vec();
    }
    let wrapper = object::new_plain(1);
    let hw = scope.root(wrapper.0);
    object::define(hv(hw), names::EMPTY, hv(hval), shape::DEFAULT);
    if ser.property(hw, Key::Atom(names::EMPTY))? { Ok(Some(ser.out.finish()?)) } else { Ok(None) }
}

/// JSON.stringify ( value [ , replacer [ , space ] ] ) — 25.5.2
fn json_stringify(args: &Args) -> JsResult {
    Ok(stringify(args.get(0), args.get(1), args.get(2))?.unwrap_or(Value::UNDEFINED))
}

pub fn install() {
    let scope = HandleScope::new();
    let j = object::new_plain(4);
    let hj = scope.root(j.0);
    crate::inspect::define_method(hj, "parse", 2, json_parse);
    crate::inspect::define_method(hj, "stringify", 3, json_stringify);
    let tag = string::from_str("JSON");
    object::define(hv(hj), realm::sym_atom(I::SymToStringTag), tag, shape::CONFIGURABLE);
    crate::inspect::define_global("JSON", hj);
}

/// Whether object `v` has no `toJSON` on its chain, known without running
/// code or walking it: a plain object of %Object.prototype% or an array of
/// %Array.prototype% without one of its own, when neither prototype (nor
/// %Object.prototype% above the array's) has one. (`Get(v, "toJSON")` then
/// answers undefined, with nothing observable: no proxy or getter is
/// involved.)
fn lacks_to_json(v: Value) -> bool {
    let key = names::TO_JSON;
    if !perry_runtime::proxy::object_proto_lacks(key) || object::find_own(v, key).is_some() {
        return false;
    }
    match v.kind() {
        KIND_OBJECT => {
            let sh = object::shape_of(v);
            sh.is_plain() && !sh.dict && sh.proto_slot.is_none()
        }
        KIND_ARRAY => {
            let ap = realm::get(I::ArrayProto);
            object::proto_of(v) == ap && object::find_own(ap, key).is_none() && object::proto_of(ap) == realm::get(I::ObjectProto)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        let mut out = StrBuf::new();
        let u: Vec<u16> = "a\"\\\n\u{1}é".encode_utf16().chain([0xD800u16]).collect();
        quote_json_string(&mut out, Str::Two(&u));
        assert_eq!(out.as_view().to_rust(), "\"a\\\"\\\\\\n\\u0001é\\ud800\"");
        let mut out = StrBuf::new();
        quote_json_string(&mut out, Str::One(b"a\"\\\n\x01\xE9z"));
        assert_eq!(out.as_view().to_rust(), "\"a\\\"\\\\\\n\\u0001éz\"");
    }
}
