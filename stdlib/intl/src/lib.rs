//! `Intl` (ECMA-402) with English data only, as Node built with
//! `--with-intl=small-icu`: `DateTimeFormat`, `NumberFormat`, `PluralRules`,
//! `RelativeTimeFormat`, `ListFormat`, `Collator`, `Locale`,
//! `getCanonicalLocales` and `supportedValuesOf`.
//!
//! # Scope
//!
//! Every requested locale resolves to `en-US` (`resolvedOptions().locale`), but a locale list is
//! still canonicalized and an invalid language tag throws a RangeError as ECMA-402 says
//! (9.2.1). What is printed for en-US is meant to be byte-identical to Node 20 (full ICU) for
//! en-US: the English CLDR strings and patterns (month and weekday names, the date and time
//! skeletons en-US uses, en plural rules, list and relative-time patterns, currency symbols of
//! the common currencies, a handful of units) are small tables here. Time zones come from the
//! `jiff` crate's bundled tz database (never the system's, so every machine prints the same),
//! canonicalized to ICU's names (`Asia/Kolkata` is `Asia/Calcutta`); long zone names come from
//! a table of common zones whose abbreviation is numeric or shared (`datetime::ZONE_NAMES`) and
//! the table `date::zone_name` keeps for `Date.prototype.toString`; zones neither knows are
//! named `GMT+hh:mm` (ICU names more metazones). Offset time zones (`"+05:30"`) are a
//! RangeError, as in Node 20. Collation is the approximation of `String.prototype.localeCompare`
//! with Intl.Collator's options applied.
//!
//! # Linking
//!
//! This is its own crate (`stdlib/intl`, linked into `libperry_runtime.a` by perry-rtlib) rather
//! than a stdlib module: the linker drops unreferenced functions but keeps a whole object file's
//! merged string section, so tables and messages in a stdlib code-generation unit that hello
//! world needs would be in every executable. Nothing refers to this crate but the
//! `perry_builtins` slot of the `intl` family (`perry_install_intl`), and the core methods
//! reach it only through the hooks it sets.
//!
//! # Objects
//!
//! An Intl object is a `KIND_PLATFORM` cell whose class word is one of [`Class`] (outside the
//! web classes' numbers) with two slots: the resolved options as a string record ([`Rec`],
//! read back on each call; it also carries private keys such as the date pattern) and the
//! bound `format`/`compare` function, made on first use.
//!
//! # Reaching it without naming `Intl`
//!
//! `Date.prototype.toLocale{,Date,Time}String`, `Number.prototype.toLocaleString`,
//! `BigInt.prototype.toLocaleString` and `String.prototype.localeCompare` call into this module
//! through `families::Hooks` (`locale_date`, `locale_number`, `locale_compare`); the
//! compiler links the family when a program names any of them (`compiler/src/features.rs`).
//! Without it they keep their fixed en-US forms.

use perry_abi::{KIND_PLATFORM, PO_CLASS, PO_SLOTS};
use perry_gc::{Handle, HandleScope, JsCell};
use perry_runtime::atoms::{self, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args, NativeFn};
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

pub mod collator;
pub mod datetime;
pub mod number;
pub mod plural;

/// The brand of an Intl object (its `PO_CLASS` word; the web classes use small numbers).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u64)]
pub enum Class {
    DateTimeFormat = 0x1_0001,
    NumberFormat,
    PluralRules,
    RelativeTimeFormat,
    ListFormat,
    Collator,
    Locale,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::DateTimeFormat => "DateTimeFormat",
            Class::NumberFormat => "NumberFormat",
            Class::PluralRules => "PluralRules",
            Class::RelativeTimeFormat => "RelativeTimeFormat",
            Class::ListFormat => "ListFormat",
            Class::Collator => "Collator",
            Class::Locale => "Locale",
        }
    }
}

/// The one locale this build has.
pub const LOCALE: &str = "en-US";

// ---------------------------------------------------------------------------
// Prototypes (a registered root range)
// ---------------------------------------------------------------------------

const NPROTOS: usize = 7;
static PROTOS: JsCell<[u64; NPROTOS]> = JsCell::new([perry_abi::UNDEFINED; NPROTOS]);

fn protos() -> &'static mut [u64; NPROTOS] {
    // SAFETY: single JS thread; the table is only touched through here.
    unsafe { PROTOS.get() }
}

fn proto_index(c: Class) -> usize {
    (c as u64 - Class::DateTimeFormat as u64) as usize
}

/// The intrinsic prototype of `c`.
pub fn proto(c: Class) -> Value {
    Value(protos()[proto_index(c)])
}

/// The prototype for `new C()` where `C` may be subclassed (`new_target` undefined: the
/// intrinsic one).
fn proto_for(args: &Args, c: Class) -> JsResult {
    let nt = args.new_target();
    if nt.is_undefined() {
        return Ok(proto(c));
    }
    let v = object::get(nt, names::PROTOTYPE)?;
    Ok(if v.is_js_object() { v } else { proto(c) })
}

/// A new Intl object of class `c` with the resolved record `rec` (for `new C()`).
fn new_object(args: &Args, c: Class, rec: &Rec) -> JsResult {
    let p = proto_for(args, c)?;
    Ok(new_with_proto(p, c, rec))
}

/// A new Intl object of class `c` with the intrinsic prototype.
fn new_object_plain(c: Class, rec: &Rec) -> JsResult {
    Ok(new_with_proto(proto(c), c, rec))
}

fn new_with_proto(p: Value, c: Class, rec: &Rec) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let s = string::from_str(&rec.encode());
    let hs = scope.root(s.0);
    let o = object::alloc_object(KIND_PLATFORM, 8 + 16, 0, Value(hp.get()));
    o.cell().set_word(PO_CLASS, c as u64);
    o.cell().set_field(PO_SLOTS, Value(hs.get()));
    o.cell().set_field(PO_SLOTS + 8, Value::UNDEFINED);
    o
}

/// Whether `v` is an Intl object of class `c`.
pub fn is(v: Value, c: Class) -> bool {
    v.is_cell() && v.is_object() && v.kind() == KIND_PLATFORM && v.cell().word(PO_CLASS) == c as u64
}

/// The record of `this`, checked to be a `c` (V8's TypeError otherwise).
fn this_rec(args: &Args, c: Class, method: &str) -> JsResult<Rec> {
    let t = args.this();
    if !is(t, c) {
        return Err(error::type_error(&format!(
            "Method Intl.{}.prototype.{method} called on incompatible receiver {}",
            c.name(),
            perry_stdlib::object_builtins::v8_brief(t)
        )));
    }
    Ok(rec_of(t))
}

/// The record of an Intl object.
fn rec_of(o: Value) -> Rec {
    Rec::decode(&string::to_rust(o.cell().field(PO_SLOTS)))
}

/// The bound function cached in an Intl object (`format`, `compare`), made by `make` once.
fn bound_getter(args: &Args, c: Class, name: &str, f: NativeFn, length: u32) -> JsResult {
    let t = args.this();
    if !is(t, c) {
        return Err(error::type_error(&format!(
            "Method get Intl.{}.prototype.{name} called on incompatible receiver {}",
            c.name(),
            perry_stdlib::object_builtins::v8_brief(t)
        )));
    }
    let cached = t.cell().field(PO_SLOTS + 8);
    if cached.is_function() {
        return Ok(cached);
    }
    let scope = HandleScope::new();
    let ht = scope.root(t.0);
    let fv = function::new_native_caps("", length, f, 1, 0);
    fv.cell().set_field(perry_abi::FN_CAPS, Value(ht.get()));
    let hf = scope.root(fv.0);
    Value(ht.get()).cell().set_field(PO_SLOTS + 8, Value(hf.get()));
    Ok(Value(hf.get()))
}

// ---------------------------------------------------------------------------
// Records: resolved options kept as one string
// ---------------------------------------------------------------------------

/// A resolved option's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Str(String),
    Num(f64),
    Bool(bool),
    /// A list of strings (pluralCategories).
    List(Vec<String>),
}

/// Resolved options in resolvedOptions() order; keys starting with `_` are private.
#[derive(Clone, Debug, Default)]
pub struct Rec(pub Vec<(String, Val)>);

impl Rec {
    pub fn set(&mut self, k: &str, v: Val) {
        if let Some(e) = self.0.iter_mut().find(|e| e.0 == k) {
            e.1 = v;
        } else {
            self.0.push((k.to_string(), v));
        }
    }
    pub fn str(&mut self, k: &str, v: &str) {
        self.set(k, Val::Str(v.to_string()));
    }
    pub fn num(&mut self, k: &str, v: f64) {
        self.set(k, Val::Num(v));
    }
    pub fn bool(&mut self, k: &str, v: bool) {
        self.set(k, Val::Bool(v));
    }
    pub fn get(&self, k: &str) -> Option<&Val> {
        self.0.iter().find(|e| e.0 == k).map(|e| &e.1)
    }
    pub fn get_str(&self, k: &str) -> Option<&str> {
        match self.get(k) {
            Some(Val::Str(s)) => Some(s),
            _ => None,
        }
    }
    pub fn get_num(&self, k: &str) -> Option<f64> {
        match self.get(k) {
            Some(Val::Num(n)) => Some(*n),
            _ => None,
        }
    }
    pub fn get_bool(&self, k: &str) -> Option<bool> {
        match self.get(k) {
            Some(Val::Bool(b)) => Some(*b),
            _ => None,
        }
    }
    fn encode(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.0 {
            if !out.is_empty() {
                out.push('\u{1e}');
            }
            out.push_str(k);
            out.push('\u{1f}');
            match v {
                Val::Str(s) => {
                    out.push('s');
                    out.push_str(s);
                }
                Val::Num(n) => {
                    out.push('n');
                    out.push_str(&n.to_string());
                }
                Val::Bool(b) => out.push(if *b { 't' } else { 'f' }),
                Val::List(l) => {
                    out.push('l');
                    out.push_str(&l.join("\u{1d}"));
                }
            }
        }
        out
    }
    fn decode(s: &str) -> Rec {
        let mut r = Rec::default();
        for e in s.split('\u{1e}').filter(|e| !e.is_empty()) {
            let Some((k, v)) = e.split_once('\u{1f}') else { continue };
            let (t, rest) = v.split_at(1);
            let val = match t {
                "s" => Val::Str(rest.to_string()),
                "n" => Val::Num(rest.parse().unwrap_or(f64::NAN)),
                "t" => Val::Bool(true),
                "f" => Val::Bool(false),
                _ => Val::List(if rest.is_empty() { Vec::new() } else { rest.split('\u{1d}').map(str::to_string).collect() }),
            };
            r.0.push((k.to_string(), val));
        }
        r
    }
    /// The resolvedOptions() object: every public entry, in order.
    fn to_object(&self) -> JsResult {
        let scope = HandleScope::new();
        let ho = scope.root(object::new_plain(self.0.len() as u32).0);
        for (k, v) in &self.0 {
            if k.starts_with('_') {
                continue;
            }
            let val = match v {
                Val::Str(s) => string::from_str(s),
                Val::Num(n) => Value::num(*n),
                Val::Bool(b) => Value::bool(*b),
                Val::List(l) => str_array(l),
            };
            let hv = scope.root(val.0);
            let key = atoms::intern(k);
            object::define(Value(ho.get()), key, Value(hv.get()), shape::DEFAULT);
        }
        Ok(Value(ho.get()))
    }
}

/// An array of strings.
pub fn str_array(items: &[String]) -> Value {
    let scope = HandleScope::new();
    let ha = scope.root(perry_runtime::array::new_array(0).0);
    for s in items {
        let v = string::from_str(s);
        perry_runtime::array::push(Value(ha.get()), v);
    }
    Value(ha.get())
}

/// formatToParts' array: `{ type, value }` objects (plus `unit` when given).
pub fn parts_array(parts: &[(String, String)], unit: Option<&[Option<&str>]>) -> Value {
    let scope = HandleScope::new();
    let ha = scope.root(perry_runtime::array::new_array(0).0);
    let (kt, kv, ku) = (atoms::intern("type"), atoms::intern("value"), atoms::intern("unit"));
    for (i, (t, v)) in parts.iter().enumerate() {
        let ho = scope.root(object::new_plain(3).0);
        let tv = string::from_str(t);
        object::define(Value(ho.get()), kt, tv, shape::DEFAULT);
        let vv = string::from_str(v);
        object::define(Value(ho.get()), kv, vv, shape::DEFAULT);
        if let Some(Some(u)) = unit.and_then(|u| u.get(i)) {
            let uv = string::from_str(u);
            object::define(Value(ho.get()), ku, uv, shape::DEFAULT);
        }
        perry_runtime::array::push(Value(ha.get()), Value(ho.get()));
    }
    Value(ha.get())
}

/// Appends `(type, value)`, merging adjacent literals.
pub fn push_part(parts: &mut Vec<(String, String)>, t: &str, v: &str) {
    if v.is_empty() {
        return;
    }
    if t == "literal"
        && let Some(last) = parts.last_mut()
        && last.0 == "literal"
    {
        last.1.push_str(v);
        return;
    }
    parts.push((t.to_string(), v.to_string()));
}

// ---------------------------------------------------------------------------
// Locales (ECMA-402 6.2, 9.2)
// ---------------------------------------------------------------------------

fn all(s: &str, f: impl Fn(u8) -> bool) -> bool {
    s.bytes().all(f)
}

/// IsStructurallyValidLanguageTag (6.2.1) and CanonicalizeUnicodeLocaleId's case rules:
/// the canonical form, or None.
pub fn canonical_tag(tag: &str) -> Option<String> {
    if tag.is_empty() || !tag.is_ascii() {
        return None;
    }
    let subs: Vec<&str> = tag.split(['-', '_']).collect();
    if tag.contains('_') || subs.iter().any(|s| s.is_empty() || s.len() > 8 || !all(s, |b| b.is_ascii_alphanumeric())) {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    // unicode_language_subtag: 2-3 or 5-8 letters ("root" is not a tag).
    let lang = subs[0];
    if !(all(lang, |b| b.is_ascii_alphabetic()) && (matches!(lang.len(), 2 | 3) || (5..=8).contains(&lang.len()))) {
        return None;
    }
    out.push(lang.to_ascii_lowercase());
    i += 1;
    if i < subs.len() && subs[i].len() == 4 && all(subs[i], |b| b.is_ascii_alphabetic()) {
        let s = subs[i].to_ascii_lowercase();
        out.push(s[..1].to_ascii_uppercase() + &s[1..]);
        i += 1;
    }
    if i < subs.len() && ((subs[i].len() == 2 && all(subs[i], |b| b.is_ascii_alphabetic())) || (subs[i].len() == 3 && all(subs[i], |b| b.is_ascii_digit()))) {
        out.push(subs[i].to_ascii_uppercase());
        i += 1;
    }
    let mut variants: Vec<String> = Vec::new();
    while i < subs.len() {
        let s = subs[i];
        let variant = (5..=8).contains(&s.len()) || (s.len() == 4 && s.as_bytes()[0].is_ascii_digit());
        if !variant {
            break;
        }
        let v = s.to_ascii_lowercase();
        if variants.contains(&v) {
            return None;
        }
        variants.push(v);
        i += 1;
    }
    variants.sort();
    out.extend(variants);
    // Extensions and private use: singletons with their subtags, each singleton once.
    let mut seen: Vec<u8> = Vec::new();
    while i < subs.len() {
        let s = subs[i];
        if s.len() != 1 {
            return None;
        }
        let single = s.as_bytes()[0].to_ascii_lowercase();
        if single == b'x' {
            if i + 1 >= subs.len() {
                return None;
            }
            out.extend(subs[i..].iter().map(|s| s.to_ascii_lowercase()));
            break;
        }
        if seen.contains(&single) {
            return None;
        }
        seen.push(single);
        out.push((single as char).to_string());
        i += 1;
        let start = i;
        while i < subs.len() && subs[i].len() > 1 {
            if subs[i].len() < 2 {
                return None;
            }
            out.push(subs[i].to_ascii_lowercase());
            i += 1;
        }
        if i == start {
            return None;
        }
    }
    Some(out.join("-"))
}

/// V8's RangeError for a tag that is not structurally valid: "Invalid language tag" when only
/// its extensions or private use are wrong, else "Incorrect locale information provided".
pub fn invalid_tag(tag: &str) -> error::Exc {
    let base: Vec<&str> = tag.split('-').take_while(|s| s.len() != 1).collect();
    if base.len() < tag.split('-').count() && canonical_tag(&base.join("-")).is_some() {
        return error::range_error(&format!("Invalid language tag: {}", tag.to_ascii_lowercase()));
    }
    error::range_error("Incorrect locale information provided")
}

/// CanonicalizeLocaleList ( locales ) — 9.2.1
pub fn canonicalize_locale_list(locales: Value) -> JsResult<Vec<String>> {
    if locales.is_undefined() {
        return Ok(Vec::new());
    }
    let mut seen: Vec<String> = Vec::new();
    let scope = HandleScope::new();
    let one = |seen: &mut Vec<String>, v: Value| -> JsResult<()> {
        let tag = if is(v, Class::Locale) {
            rec_of(v).get_str("_tag").unwrap_or(LOCALE).to_string()
        } else if v.is_string() || v.is_js_object() {
            ops::to_rust_string(v)?
        } else {
            return Err(error::type_error(&format!("{} is not a valid locale", ops::inspect_brief(v))));
        };
        let Some(c) = canonical_tag(&tag) else {
            return Err(invalid_tag(&tag));
        };
        if !seen.contains(&c) {
            seen.push(c);
        }
        Ok(())
    };
    if locales.is_string() || is(locales, Class::Locale) {
        one(&mut seen, locales)?;
        return Ok(seen);
    }
    if locales.is_null() {
        return Err(error::type_error("Cannot convert undefined or null to object"));
    }
    let o = ops::to_object(locales)?;
    let ho = scope.root(o.0);
    let len = ops::to_number(object::get(Value(ho.get()), names::LENGTH)?)?;
    let len = if len.is_nan() || len <= 0.0 { 0 } else { len.min(1e9) as usize };
    for k in 0..len {
        let key = Value::int(k as i64);
        let k = object::to_key(key)?;
        let ok = object::has_property(Value(ho.get()), k);
        if ok {
            let v = object::get_value_key(Value(ho.get()), key)?;
            one(&mut seen, v)?;
        }
    }
    Ok(seen)
}

/// The requested locales, validated; the resolved locale is always [`LOCALE`].
fn resolve_locale(locales: Value) -> JsResult<&'static str> {
    canonicalize_locale_list(locales)?;
    Ok(LOCALE)
}

/// SupportedLocales: the requested locales whose language this build has (English).
fn supported_locales_of(args: &Args) -> JsResult {
    let list = canonicalize_locale_list(args.get(0))?;
    let opts = args.get(1);
    if !opts.is_undefined() {
        let scope = HandleScope::new();
        let ho = scope.root(ops::to_object(opts)?.0);
        get_option(ho, "localeMatcher", &["lookup", "best fit"], None, "Intl.supportedLocalesOf")?;
    }
    let keep: Vec<String> = list.into_iter().filter(|t| t == "en" || t.starts_with("en-")).collect();
    Ok(str_array(&keep))
}

// ---------------------------------------------------------------------------
// Options (9.2.12 GetOption, 9.2.13 GetNumberOption)
// ---------------------------------------------------------------------------

/// CoerceOptionsToObject: undefined is an empty object.
pub fn options_object(scope: &HandleScope, options: Value) -> JsResult<Handle> {
    let o = if options.is_undefined() { object::new_object_kind(perry_abi::KIND_OBJECT, Value::NULL, 0) } else { ops::to_object(options)? };
    Ok(scope.root(o.0))
}

/// GetOption ( options, property, "string", values, fallback )
pub fn get_option(o: Handle, prop: &str, values: &[&str], fallback: Option<&str>, ctor: &str) -> JsResult<Option<String>> {
    let v = {
        let key = atoms::intern(prop);
        object::get(Value(o.get()), key)
    }?;
    if v.is_undefined() {
        return Ok(fallback.map(str::to_string));
    }
    let s = ops::to_rust_string(v)?;
    if !values.is_empty() && !values.contains(&s.as_str()) {
        return Err(error::range_error(&format!("Value {s} out of range for {ctor} options property {prop}")));
    }
    Ok(Some(s))
}

/// GetOption ( options, property, "boolean", empty, fallback )
pub fn get_bool_option(o: Handle, prop: &str) -> JsResult<Option<bool>> {
    let v = {
        let key = atoms::intern(prop);
        object::get(Value(o.get()), key)
    }?;
    if v.is_undefined() { Ok(None) } else { Ok(Some(ops::to_boolean(v))) }
}

/// GetNumberOption / DefaultNumberOption: an integer in min..=max, or RangeError.
pub fn get_number_option(o: Handle, prop: &str, min: f64, max: f64) -> JsResult<Option<f64>> {
    let v = {
        let key = atoms::intern(prop);
        object::get(Value(o.get()), key)
    }?;
    default_number_option(v, min, max, prop)
}

pub fn default_number_option(v: Value, min: f64, max: f64, prop: &str) -> JsResult<Option<f64>> {
    if v.is_undefined() {
        return Ok(None);
    }
    let n = ops::to_number(v)?;
    if n.is_nan() || n < min || n > max {
        return Err(error::range_error(&format!("{prop} value is out of range.")));
    }
    Ok(Some(n.floor()))
}

/// The TypeError of an Intl constructor called without `new`.
fn require_new(args: &Args, name: &str) -> JsResult<()> {
    if args.new_target().is_undefined() {
        return Err(error::type_error(&format!("Constructor Intl.{name} requires 'new'")));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------

/// A constructor `Intl.name` with prototype `p` (tagged "Intl.name") and `supportedLocalesOf`.
fn class(scope: &HandleScope, intl: Handle, c: Class, length: u32, f: NativeFn) -> (Handle, Handle) {
    let name = c.name();
    let p = object::new_object_kind(perry_abi::KIND_OBJECT, realm::get(I::ObjectProto), 8);
    protos()[proto_index(c)] = p.0;
    let hp = scope.root(p.0);
    let ctor = function::new_native_caps(name, length, f, 0, perry_abi::FNF_CONSTRUCTOR);
    let hc = scope.root(ctor.0);
    object::define(Value(hc.get()), names::PROTOTYPE, Value(hp.get()), 0);
    object::define_hidden(Value(hp.get()), names::CONSTRUCTOR, Value(hc.get()));
    perry_stdlib::to_string_tag(Value(hp.get()), &format!("Intl.{name}"));
    let key = atoms::intern(name);
    object::define_hidden(Value(intl.get()), key, Value(hc.get()));
    if c != Class::Locale {
        perry_stdlib::method(Value(hc.get()), "supportedLocalesOf", 1, supported_locales_of);
    }
    (hc, hp)
}

/// Intl (English data) and the options of the locale-sensitive Date, Number, BigInt and
/// String methods: the `intl` family's install function (`perry_abi::foreach_builtin_family!`),
/// which the executable's `perry_builtins` table names when the program may use it.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_intl() {
    let h = perry_stdlib::families::hooks_mut();
    h.locale_date = Some(datetime::to_locale);
    h.locale_number = Some(number::to_locale);
    h.locale_compare = Some(collator::locale_compare);
    install();
}
// The family's install functions are `extern "C" fn()`.
const _: extern "C" fn() = perry_install_intl;

/// Creates the `Intl` object.
pub fn install() {
    let scope = HandleScope::new();
    let t = protos();
    perry_gc::roots::register_range("intl-intrinsics", t.as_mut_ptr(), t.len());
    let intl = object::new_object_kind(perry_abi::KIND_OBJECT, realm::get(I::ObjectProto), 8);
    let hi = scope.root(intl.0);
    perry_stdlib::to_string_tag(Value(hi.get()), "Intl");
    perry_stdlib::global_value("Intl", Value(hi.get()));
    perry_stdlib::method(Value(hi.get()), "getCanonicalLocales", 1, collator::get_canonical_locales);
    perry_stdlib::method(Value(hi.get()), "supportedValuesOf", 1, collator::supported_values_of);
    datetime::install(hi);
    number::install(hi);
    plural::install(hi);
    collator::install(hi);
}
