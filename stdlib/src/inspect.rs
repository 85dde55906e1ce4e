//! `util.inspect` as `console.log` uses it: a port of Node v20's
//! `lib/internal/util/inspect.js` (`formatValue`, `formatRaw`,
//! `formatProperty`, `reduceToSingleString`, `groupArrayElements`...),
//! without colors, proxies, dates or regexps; the web classes' custom
//! inspection is `web::inspect_platform`.
//!
//! Rooting: every function that holds an object across an allocation keeps
//! it in a handle; strings are copied to Rust before anything allocates.
//! Objects met while formatting (the `seen` stack) are handles of the
//! enclosing `format_value` frames; the circular-reference table lives in a
//! registered root vector because it outlives those frames.

use perry_abi::*;
use perry_gc::{Handle, HandleScope, JsCell};
use perry_runtime::array;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::bytes;
use perry_runtime::collections;
use perry_runtime::error;
use perry_runtime::function;
use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::object::{self, Prop};
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::symbol;
use perry_runtime::{JsResult, Value};

/// Options of `util.inspect` that Perry supports.
#[derive(Clone, Debug)]
pub struct Options {
    /// Maximum nesting (`Infinity` for `depth: null`).
    pub depth: f64,
    pub show_hidden: bool,
    /// `compact` as a number (Node's default is 3).
    pub compact: usize,
    pub break_length: usize,
    pub max_array_length: usize,
    pub max_string_length: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { depth: 2.0, show_hidden: false, compact: 3, break_length: 80, max_array_length: 100, max_string_length: 10000 }
    }
}

const K_OBJECT: u8 = 0;
const K_ARRAY: u8 = 1;
const K_ARRAY_EXTRAS: u8 = 2;

struct Ctx {
    o: Options,
    indentation_lvl: usize,
    seen: Vec<Handle>,
    /// Start of this context's entries in [`CIRCULAR`].
    circular_base: usize,
    current_depth: usize,
}

// ---------------------------------------------------------------------------
// The circular-reference table (a root source).
// ---------------------------------------------------------------------------

static CIRCULAR: JsCell<Vec<u64>> = JsCell::new(Vec::new());
static REGISTERED: JsCell<bool> = JsCell::new(false);

fn circular() -> &'static mut Vec<u64> {
    // SAFETY: the JS thread only; callers use each borrow within one statement and recursion re-
    // borrows it (no two borrows are live at once).
    unsafe { CIRCULAR.get() }
}

fn ensure_roots() {
    // SAFETY: the JS thread only; the flag's borrow ends within this function.
    let r = unsafe { REGISTERED.get() };
    if !*r {
        *r = true;
        perry_gc::roots::register_source("inspect-circular", |visit| {
            for v in circular().iter_mut() {
                visit(v as *mut u64);
            }
        });
    }
}

impl Ctx {
    fn new(o: Options) -> Ctx {
        ensure_roots();
        Ctx { o, indentation_lvl: 0, seen: Vec::new(), circular_base: circular().len(), current_depth: 0 }
    }
    fn circular_index(&self, v: Value) -> Option<usize> {
        circular()[self.circular_base..].iter().position(|&x| x == v.0).map(|i| i + 1)
    }
    fn circular_add(&mut self, v: Value) -> usize {
        if let Some(i) = self.circular_index(v) {
            return i;
        }
        circular().push(v.0);
        circular().len() - self.circular_base
    }
    fn beyond_depth(&self, recurse_times: usize) -> bool {
        recurse_times as f64 > self.o.depth
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        circular().truncate(self.circular_base);
    }
}

#[inline]
fn hv(h: Handle) -> Value {
    Value(h.get())
}

/// Defines a native method on the rooted `target` (the key is interned
/// before anything else is read, so nothing is held across the allocation).
pub(crate) fn define_method(target: Handle, name: &str, length: u32, f: function::NativeFn) {
    let key = atoms::intern(name);
    let scope = HandleScope::new();
    let fv = function::new_native(name, length, f);
    let hf = scope.root(fv.0);
    object::define_hidden(hv(target), key, hv(hf));
}

/// Defines a global (writable, configurable, not enumerable).
pub(crate) fn define_global(name: &str, v: Handle) {
    let key = atoms::intern(name);
    object::define_hidden(realm::get(I::Global), key, hv(v));
}

// ---------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------

/// Formats a value the way `console.log` prints an argument (strings raw).
pub fn inspect_top(v: Value) -> String {
    if v.is_string() {
        return string::to_rust(v);
    }
    inspect(v, 0)
}

/// `util.inspect(v)` with the default options; `depth` is the nesting level
/// the value is printed at (0 at top level).
pub fn inspect(v: Value, depth: usize) -> String {
    let mut ctx = Ctx::new(Options::default());
    format_value(&mut ctx, v, depth)
}

/// `util.inspect(v, opts)`.
pub fn inspect_with(v: Value, opts: &Options) -> String {
    let mut ctx = Ctx::new(opts.clone());
    format_value(&mut ctx, v, 0)
}

/// Own enumerable properties of an error beyond the standard ones, as Node
/// appends them after the stack (`{ code: 'X' }`); empty when none.
pub fn error_extra_props(v: Value) -> String {
    if !v.is_object() || !is_error(v) {
        return String::new();
    }
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    let mut ctx = Ctx::new(Options::default());
    let constructor = get_constructor_name(&mut ctx, hv(h), 0);
    let tag = get_tag(&ctx, h);
    let mut keys = get_keys(hv(h), false);
    let base = format_error(&mut ctx, h, constructor.as_deref(), &tag, &mut keys);
    if keys.is_empty() {
        return String::new();
    }
    ctx.seen.push(h);
    ctx.current_depth = 1;
    let mut output = Vec::new();
    for k in keys {
        output.push(format_property(&mut ctx, h, 1, k, K_OBJECT));
    }
    ctx.seen.pop();
    let res = reduce_to_single_string(&mut ctx, output, base.clone(), ["{".into(), "}".into()], K_OBJECT, 1, None);
    match res.strip_prefix(&format!("{base} ")) {
        Some(r) => r.to_string(),
        None => res,
    }
}

// ---------------------------------------------------------------------------
// Strings
// ---------------------------------------------------------------------------

/// Length in UTF-16 code units, as JavaScript's `.length`.
fn js_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

fn meta(c: u16) -> String {
    match c {
        8 => "\\b".into(),
        9 => "\\t".into(),
        10 => "\\n".into(),
        12 => "\\f".into(),
        13 => "\\r".into(),
        39 => "\\'".into(),
        92 => "\\\\".into(),
        _ => format!("\\x{:02X}", c),
    }
}

fn needs_meta(c: u16, single_quote: bool) -> bool {
    (single_quote && c == 39) || c == 92 || c < 32 || (127..160).contains(&c)
}

/// Node's `strEscape`: quotes a string for display.
pub fn str_escape(u: &[u16]) -> String {
    let has = |c: u8| u.contains(&(c as u16));
    // 39 = single quotes (escape them), -1 = double quotes, -2 = backticks.
    let mut quote: i32 = 39;
    if has(b'\'') {
        if !has(b'"') {
            quote = -1;
        } else if !has(b'`') && !u.windows(2).any(|w| w == [b'$' as u16, b'{' as u16]) {
            quote = -2;
        }
    }
    let mut out = String::with_capacity(u.len() + 2);
    out.push(match quote {
        -1 => '"',
        -2 => '`',
        _ => '\'',
    });
    let mut i = 0;
    while i < u.len() {
        let c = u[i];
        if needs_meta(c, quote == 39) {
            out.push_str(&meta(c));
        } else if (0xD800..0xE000).contains(&c) {
            if c < 0xDC00 && i + 1 < u.len() && (0xDC00..0xE000).contains(&u[i + 1]) {
                let cp = 0x10000 + (((c as u32) - 0xD800) << 10) + ((u[i + 1] as u32) - 0xDC00);
                out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                i += 2;
                continue;
            }
            out.push_str(&format!("\\u{:x}", c));
        } else {
            out.push(char::from_u32(c as u32).unwrap_or('\u{FFFD}'));
        }
        i += 1;
    }
    out.push(match quote {
        -1 => '"',
        -2 => '`',
        _ => '\'',
    });
    out
}

/// `str.replace(strEscapeSequencesReplacer, escapeFn)`: escapes without quoting.
fn escape_no_quotes(s: &str) -> String {
    let u: Vec<u16> = s.encode_utf16().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < u.len() {
        let c = u[i];
        if needs_meta(c, true) {
            out.push_str(&meta(c));
        } else if (0xD800..0xE000).contains(&c) {
            if c < 0xDC00 && i + 1 < u.len() && (0xDC00..0xE000).contains(&u[i + 1]) {
                out.push_str(&String::from_utf16_lossy(&u[i..i + 2]));
                i += 2;
                continue;
            }
            out.push_str(&format!("\\u{:x}", c));
        } else {
            out.push(char::from_u32(c as u32).unwrap_or('\u{FFFD}'));
        }
        i += 1;
    }
    out
}

fn is_identifier(u: &[u16]) -> bool {
    let ok = |c: u16, first: bool| {
        (c >= b'a' as u16 && c <= b'z' as u16) || (c >= b'A' as u16 && c <= b'Z' as u16) || c == b'_' as u16 || (!first && c >= b'0' as u16 && c <= b'9' as u16)
    };
    !u.is_empty() && ok(u[0], true) && u[1..].iter().all(|&c| ok(c, false))
}

fn is_full_width(code: u32) -> bool {
    code >= 0x1100
        && (code <= 0x115f
            || code == 0x2329
            || code == 0x232a
            || (0x2e80..=0x3247).contains(&code) && code != 0x303f
            || (0x3250..=0x4dbf).contains(&code)
            || (0x4e00..=0xa4c6).contains(&code)
            || (0xa960..=0xa97c).contains(&code)
            || (0xac00..=0xd7a3).contains(&code)
            || (0xf900..=0xfaff).contains(&code)
            || (0xfe10..=0xfe19).contains(&code)
            || (0xfe30..=0xfe6b).contains(&code)
            || (0xff01..=0xff60).contains(&code)
            || (0xffe0..=0xffe6).contains(&code)
            || (0x1b000..=0x1b001).contains(&code)
            || (0x1f200..=0x1f251).contains(&code)
            || (0x1f300..=0x1f64f).contains(&code)
            || (0x20000..=0x3fffd).contains(&code))
}

fn is_zero_width(code: u32) -> bool {
    code <= 0x1F
        || (0x7F..=0x9F).contains(&code)
        || (0x300..=0x36F).contains(&code)
        || (0x200B..=0x200F).contains(&code)
        || (0x20D0..=0x20FF).contains(&code)
        || (0xFE00..=0xFE0F).contains(&code)
        || (0xFE20..=0xFE2F).contains(&code)
        || (0xE0100..=0xE01EF).contains(&code)
}

/// Node's `getStringWidth` (without ICU): columns a string takes.
pub fn string_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let code = c as u32;
            if is_full_width(code) {
                2
            } else if is_zero_width(code) {
                0
            } else {
                1
            }
        })
        .sum()
}

/// A number as Node prints it (`-0` keeps its sign).
pub fn format_number(f: f64) -> String {
    if f == 0.0 && f.is_sign_negative() {
        return "-0".into();
    }
    string::number_to_rust(f)
}

fn format_string(ctx: &Ctx, units: &[u16]) -> String {
    let mut u = units;
    let mut trailer = String::new();
    if u.len() > ctx.o.max_string_length {
        let remaining = u.len() - ctx.o.max_string_length;
        u = &u[..ctx.o.max_string_length];
        trailer = format!("... {remaining} more character{}", if remaining > 1 { "s" } else { "" });
    }
    if u.len() > 16 && (u.len() as i64) > ctx.o.break_length as i64 - ctx.indentation_lvl as i64 - 4 {
        // Split after each line break: /(?<=\n)/.
        let mut parts = Vec::new();
        let mut start = 0;
        for i in 1..u.len() {
            if u[i - 1] == b'\n' as u16 {
                parts.push(str_escape(&u[start..i]));
                start = i;
            }
        }
        parts.push(str_escape(&u[start..]));
        let sep = format!(" +\n{}", " ".repeat(ctx.indentation_lvl + 2));
        return parts.join(&sep) + &trailer;
    }
    str_escape(u) + &trailer
}

fn format_primitive(ctx: &Ctx, v: Value) -> String {
    if v.is_string() {
        let u = string::view(v).to_vec();
        return format_string(ctx, &u);
    }
    if v.is_number() {
        return format_number(v.as_number());
    }
    if v.is_bool() {
        return if v.as_bool() { "true".into() } else { "false".into() };
    }
    if v.is_undefined() {
        return "undefined".into();
    }
    if v.is_null() {
        return "null".into();
    }
    if v.is_symbol() {
        return symbol::descriptive_string(v);
    }
    if v.is_bigint() {
        return format!("{}n", perry_runtime::bigint::to_string_radix(v, 10));
    }
    "undefined".into()
}

// ---------------------------------------------------------------------------
// Object helpers
// ---------------------------------------------------------------------------

/// `util.types.isNativeError(v) || v instanceof Error`.
fn is_error(v: Value) -> bool {
    if !v.is_object() {
        return false;
    }
    if v.kind() == KIND_ERROR {
        return true;
    }
    let ep = realm::get(I::ErrorProto);
    let mut o = object::proto_of(v);
    while o.is_object() {
        if o == ep {
            return true;
        }
        o = object::proto_of(o);
    }
    false
}

/// V8's internal class name of an object (used when the prototype chain has
/// no usable `constructor`).
fn internal_name(v: Value) -> &'static str {
    match v.kind() {
        KIND_ARRAY | KIND_SPARSE_ARRAY => "Array",
        KIND_FUNCTION | KIND_BOUND_FUNCTION => "Function",
        KIND_ERROR => "Error",
        KIND_MAP => "Map",
        KIND_SET => "Set",
        KIND_PRIMITIVE_WRAPPER => {
            let p = v.cell().field(OBJ_INLINE);
            if p.is_string() {
                "String"
            } else if p.is_number() {
                "Number"
            } else if p.is_bool() {
                "Boolean"
            } else if p.is_bigint() {
                "BigInt"
            } else {
                "Symbol"
            }
        }
        // The function `new` made it with, when its prototype chain had no
        // `constructor` then (V8's map constructor; `function::create_this`).
        KIND_OBJECT => object::shape_of(v).ctor.unwrap_or("Object"),
        _ => "Object",
    }
}

/// Own data property value of `o` (no code runs; may allocate a function's
/// lazy `prototype`).
fn own_data(o: Value, key: Atom) -> Option<Value> {
    match object::get_own_property(o, key) {
        Some(Prop::Data(v, _)) => Some(v),
        _ => None,
    }
}

/// `v instanceof ctor` without running `Symbol.hasInstance`.
fn is_instance_of(v: Value, ctor: Value) -> bool {
    if !v.is_object() || !ctor.is_function() {
        return false;
    }
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    let mut c = ctor;
    if c.kind() == KIND_BOUND_FUNCTION {
        c = c.cell().field(FN_CAPS);
    }
    let p = match own_data(c, names::PROTOTYPE) {
        Some(p) if p.is_object() => p,
        _ => return false,
    };
    let mut o = object::proto_of(hv(h));
    while o.is_object() {
        if o == p {
            return true;
        }
        o = object::proto_of(o);
    }
    false
}

/// Node's `getConstructorName`: `None` stands for a null prototype.
fn get_constructor_name(ctx: &mut Ctx, v: Value, recurse_times: usize) -> Option<String> {
    let scope = HandleScope::new();
    let ht = scope.root(v.0);
    let hobj = scope.root(v.0);
    let hfirst = scope.root(Value::HOLE.0);
    while hv(hobj).is_object() {
        let obj = hv(hobj);
        if let Some(c) = own_data(obj, names::CONSTRUCTOR)
            && c.is_function()
        {
            let name = own_data(c, names::NAME).filter(|n| n.is_string()).map(string::to_rust).unwrap_or_default();
            if !name.is_empty() && is_instance_of(hv(ht), c) {
                return Some(name);
            }
        }
        let p = object::proto_of(hv(hobj));
        hobj.set(p.0);
        if hv(hfirst) == Value::HOLE {
            hfirst.set(p.0);
        }
    }
    let first = hv(hfirst);
    if first.is_null() || first == Value::HOLE || !first.is_object() {
        return None;
    }
    let res = internal_name(hv(ht));
    if ctx.beyond_depth(recurse_times) {
        return Some(format!("{res} <Complex prototype>"));
    }
    match get_constructor_name(ctx, first, recurse_times + 1) {
        Some(p) => Some(format!("{res} <{p}>")),
        None => {
            let mut sub = Ctx::new(Options { depth: -1.0, ..ctx.o.clone() });
            let s = format_value(&mut sub, hv(hfirst), 0);
            Some(format!("{res} <{s}>"))
        }
    }
}

/// `value[Symbol.toStringTag]` when it is a string and not an own
/// enumerable property (own at all with `showHidden`).
fn get_tag(ctx: &Ctx, h: Handle) -> String {
    let key = realm::sym_atom(I::SymToStringTag);
    let t = match object::get(hv(h), key) {
        Ok(t) => t,
        Err(_) => {
            error::take();
            return String::new();
        }
    };
    if !t.is_string() || string::len(t) == 0 {
        return String::new();
    }
    let s = string::to_rust(t);
    let v = hv(h);
    let hidden = if ctx.o.show_hidden { object::get_own_property(v, key).is_some() } else { object::is_enumerable_own(v, key) };
    if hidden { String::new() } else { s }
}

fn get_prefix(constructor: Option<&str>, tag: &str, fallback: &str, size: &str) -> String {
    match constructor {
        None => {
            if !tag.is_empty() && fallback != tag {
                format!("[{fallback}{size}: null prototype] [{tag}] ")
            } else {
                format!("[{fallback}{size}: null prototype] ")
            }
        }
        Some(c) => {
            if !tag.is_empty() && c != tag {
                format!("{c}{size} [{tag}] ")
            } else {
                format!("{c}{size} ")
            }
        }
    }
}

fn get_ctx_style(v: Value, constructor: Option<&str>, tag: &str) -> String {
    let mut fallback = "";
    if constructor.is_none() {
        fallback = internal_name(v);
        if fallback == tag {
            fallback = "Object";
        }
    }
    get_prefix(constructor, tag, fallback, "")
}

/// `Object.keys` plus enumerable symbols (all own keys with `showHidden`).
fn get_keys(v: Value, show_hidden: bool) -> Vec<Atom> {
    let kind = v.kind();
    let is_array = v.is_array_exotic();
    if is_array || (kind == KIND_PRIMITIVE_WRAPPER && v.cell().field(OBJ_INLINE).is_string()) {
        // Index keys are interned (an allocation): read everything first.
        let indices: Vec<usize> =
            if is_array { array::sparse_indices(v, 0, array::MAX_LENGTH) } else { (0..string::len(v.cell().field(OBJ_INLINE))).collect() };
        let rest = non_index_keys(v, show_hidden && is_array, !show_hidden);
        let mut k: Vec<Atom> = indices.into_iter().map(|i| atoms::intern(&i.to_string())).collect();
        k.extend(rest);
        return k;
    }
    object::own_keys(v, !show_hidden, true)
}

/// Own keys of an array other than its indices (`length` with `showHidden`).
fn non_index_keys(v: Value, with_length: bool, only_enumerable: bool) -> Vec<Atom> {
    let mut strs = Vec::new();
    let mut syms = Vec::new();
    if with_length {
        strs.push(names::LENGTH);
    }
    for (_, k, a) in object::own_props(v) {
        if only_enumerable && a & shape::ENUMERABLE == 0 {
            continue;
        }
        if symbol::is_private_atom(k) || atoms::array_index(k).is_some() {
            continue;
        }
        if atoms::is_symbol(k) {
            syms.push(k);
        } else {
            strs.push(k);
        }
    }
    strs.extend(syms);
    strs
}

fn remaining_text(remaining: usize) -> String {
    format!("... {remaining} more item{}", if remaining > 1 { "s" } else { "" })
}

// ---------------------------------------------------------------------------
// formatValue / formatRaw
// ---------------------------------------------------------------------------

fn format_value(ctx: &mut Ctx, v: Value, recurse_times: usize) -> String {
    // A proxy prints as its target does (Node's `showProxy: false`), with
    // no trap run; a revoked one has nothing to show.
    if perry_runtime::proxy::is_proxy(v) {
        return match perry_runtime::proxy::innermost_target(v) {
            Some(t) => format_value(ctx, t, recurse_times),
            None => "<Revoked Proxy>".into(),
        };
    }
    if !v.is_cell() || v.is_symbol() || v.is_bigint() {
        return format_primitive(ctx, v);
    }
    if !v.is_object() {
        return "[internal]".into();
    }
    if v.kind() == KIND_PLATFORM {
        // The web classes' `[util.inspect.custom]` (Node's formatValue
        // calls it first); the text is indented as a whole.
        let beyond = ctx.beyond_depth(recurse_times);
        // A platform object exists only once the web family is installed.
        if let Some(s) = crate::families::hooks().inspect_platform.and_then(|f| f(v, beyond, &ctx.o)) {
            return s.replace('\n', &format!("\n{}", " ".repeat(ctx.indentation_lvl)));
        }
    }
    let scope = HandleScope::new();
    let h = scope.root(v.0);
    if ctx.seen.iter().any(|s| s.get() == h.get()) {
        let index = ctx.circular_add(hv(h));
        return format!("[Circular *{index}]");
    }
    if stack_exhausted() {
        return format!("[{}: Inspection interrupted prematurely. Maximum call stack size exceeded.]", internal_name(hv(h)));
    }
    // An object's own `[util.inspect.custom]` method (Node's formatValue calls it first). No
    // object can have one before `Symbol.for("nodejs.util.inspect.custom")` was made.
    if let Some(sym) = crate::symbol_builtins::registered("nodejs.util.inspect.custom")
        && let Some(s) = custom_inspect(ctx, h, sym, recurse_times)
    {
        return s;
    }
    format_raw(ctx, h, recurse_times)
}

/// What `value[util.inspect.custom](depth, options, inspect)` gives, formatted; `None` when it
/// has no such method (or is the prototype of its constructor), returns the object itself, or
/// throws (the exception is dropped and the object formatted as usual).
fn custom_inspect(ctx: &mut Ctx, h: Handle, sym: Value, recurse_times: usize) -> Option<String> {
    let key = symbol::atom_of(sym);
    let f = object::get(hv(h), key).ok()?;
    if !f.is_callable() {
        return None;
    }
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    // A class's prototype is not inspected through its instances' method.
    if let Some(ctor) = object::get_data_chain(hv(h), names::CONSTRUCTOR)
        && ctor.is_object()
        && object::get_data_chain(ctor, names::PROTOTYPE).is_some_and(|p| p == hv(h))
    {
        return None;
    }
    let depth = ctx.o.depth - recurse_times as f64;
    let d = if depth.is_finite() { Value::num(depth) } else { Value::NULL };
    let opts = scope.root(user_options(&ctx.o).0);
    let inspect = scope.root(function::new_native("inspect", 2, inspect_native).0);
    let r = match function::call(Value(hf.get()), hv(h), &[d, Value(opts.get()), Value(inspect.get())]) {
        Ok(r) => r,
        Err(_) => {
            error::take();
            return None;
        }
    };
    if r == hv(h) {
        return None;
    }
    if r.is_string() {
        return Some(string::to_rust(r).replace('\n', &format!("\n{}", " ".repeat(ctx.indentation_lvl))));
    }
    Some(format_value(ctx, r, recurse_times))
}

/// The names of the options a custom inspector gets (Node's `getUserOptions`), in the order
/// [`user_options`] fills them and [`options_from`] reads the first six back.
const OPTION_NAMES: [&str; 13] = [
    "depth",
    "showHidden",
    "compact",
    "breakLength",
    "maxArrayLength",
    "maxStringLength",
    "colors",
    "customInspect",
    "showProxy",
    "sorted",
    "getters",
    "numericSeparator",
    "stylize",
];

/// A count option as a number (a limit of `usize::MAX` is Infinity).
fn limit(n: usize) -> Value {
    Value::num(if n == usize::MAX { f64::INFINITY } else { n as f64 })
}

/// The options object a custom inspector gets: the inspection's options, `depth` being its
/// whole depth (null for none), and `stylize` (without colors, the identity).
fn user_options(o: &Options) -> Value {
    let scope = HandleScope::new();
    let obj = scope.root(object::new_plain(OPTION_NAMES.len() as u32).0);
    for (i, name) in OPTION_NAMES.iter().enumerate() {
        let v = match i {
            0 if o.depth.is_finite() => Value::num(o.depth),
            0 => Value::NULL,
            1 => Value::bool(o.show_hidden),
            2 if o.compact == 0 => Value::FALSE,
            2 => Value::num(o.compact as f64),
            3 => limit(o.break_length),
            4 => limit(o.max_array_length),
            5 => limit(o.max_string_length),
            7 => Value::TRUE,
            12 => function::new_native("stylize", 2, stylize_no_color),
            _ => Value::FALSE,
        };
        let hv = scope.root(v.0);
        let key = atoms::intern(name);
        object::define(Value(obj.get()), key, Value(hv.get()), shape::DEFAULT);
    }
    Value(obj.get())
}

fn stylize_no_color(args: &Args) -> JsResult {
    Ok(args.get(0))
}

/// The options of `util.inspect(value, options)` that Perry's formatter has: depth (null for
/// no limit), showHidden, compact (a number or false), breakLength, maxArrayLength,
/// maxStringLength.
pub fn options_from(opts: Value) -> Options {
    let mut o = Options::default();
    if !opts.is_object() {
        return o;
    }
    for (i, name) in OPTION_NAMES[..6].iter().enumerate() {
        let Some(v) = object::get_data_chain(opts, atoms::intern(name)) else { continue };
        let n = v.as_number();
        let count = if !v.is_number() {
            None
        } else if n.is_finite() {
            Some(n.max(0.0) as usize)
        } else {
            Some(usize::MAX)
        };
        match (i, count) {
            (0, _) if v.is_null() => o.depth = f64::INFINITY,
            (0, Some(_)) => o.depth = n,
            (1, _) => o.show_hidden = ops::to_boolean(v),
            (2, Some(c)) => o.compact = c,
            (2, None) if v == Value::FALSE => o.compact = 0,
            (3, Some(c)) => o.break_length = c,
            (4, Some(c)) => o.max_array_length = c,
            (5, Some(c)) => o.max_string_length = c,
            _ => {}
        }
    }
    o
}

/// `inspect(value, options)`, the function a custom inspector gets (and `node:util`'s).
pub fn inspect_native(args: &Args) -> JsResult {
    let o = options_from(args.get(1));
    Ok(string::from_str(&inspect_with(args.get(0), &o)))
}

/// Whether the native stack is past the limit compiled code stops at (deep
/// recursion in a formatter or parser should throw instead of crashing).
pub(crate) fn stack_exhausted() -> bool {
    perry_runtime::stack::exhausted()
}

enum Formatter {
    None,
    Array,
    Set,
    Map,
    Iterator { entries: bool },
    Promise,
    TypedArray,
    ArrayBuffer,
}

fn format_raw(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> String {
    let constructor = get_constructor_name(ctx, hv(h), recurse_times);
    let ctor = constructor.as_deref();
    let tag = get_tag(ctx, h);
    let mut base = String::new();
    let mut formatter = Formatter::None;
    let mut braces: [String; 2] = ["{".into(), "}".into()];
    let mut extras_type = K_OBJECT;
    let mut keys: Vec<Atom> = Vec::new();
    let kind = hv(h).kind();
    let mut no_iterator = true;

    if ctor.is_none() || object::has_property(hv(h), realm::sym_atom(I::SymIterator)) {
        no_iterator = false;
        let v = hv(h);
        if v.is_array_exotic() {
            let len = array::length(v);
            let prefix = if ctor != Some("Array") || !tag.is_empty() { get_prefix(ctor, &tag, "Array", &format!("({len})")) } else { String::new() };
            keys = non_index_keys(v, ctx.o.show_hidden, !ctx.o.show_hidden);
            braces = [format!("{prefix}["), "]".into()];
            if len == 0 && keys.is_empty() {
                return format!("{}]", braces[0]);
            }
            extras_type = K_ARRAY_EXTRAS;
            formatter = Formatter::Array;
        } else if kind == KIND_SET || kind == KIND_MAP {
            let size = collections::size(v);
            let (name, f) = if kind == KIND_SET { ("Set", Formatter::Set) } else { ("Map", Formatter::Map) };
            let prefix = get_prefix(ctor, &tag, name, &format!("({size})"));
            keys = get_keys(hv(h), ctx.o.show_hidden);
            formatter = f;
            if size == 0 && keys.is_empty() {
                return format!("{prefix}{{}}");
            }
            braces = [format!("{prefix}{{"), "}".into()];
        } else if kind == KIND_TYPED_ARRAY {
            // Node's formatRaw for typed arrays.
            let len = bytes::ta_len(v);
            let fallback = if ctor.is_none() { bytes::ta_type(v).name() } else { "" };
            let prefix = get_prefix(ctor, &tag, fallback, &format!("({len})"));
            keys = non_index_keys(v, false, !ctx.o.show_hidden);
            braces = [format!("{prefix}["), "]".into()];
            if len == 0 && keys.is_empty() && !ctx.o.show_hidden {
                return format!("{}]", braces[0]);
            }
            extras_type = K_ARRAY_EXTRAS;
            formatter = Formatter::TypedArray;
        } else if kind == KIND_ITERATOR && iterator_collection(v).is_some() {
            let (ty, entries) = iterator_collection(v).unwrap_or(("Map", false));
            keys = get_keys(hv(h), ctx.o.show_hidden);
            let mut t = tag.clone();
            if t != format!("{ty} Iterator") {
                if !t.is_empty() {
                    t.push_str("] [");
                }
                t.push_str(&format!("{ty} Iterator"));
            }
            let mut b0 = format!("[{t}] {{");
            if entries && b0.ends_with(" Iterator] {") {
                b0 = format!("{} Entries] {{", &b0[..b0.len() - " Iterator] {".len()]);
            }
            braces = [b0, "}".into()];
            formatter = Formatter::Iterator { entries };
        } else {
            no_iterator = true;
        }
    }
    if no_iterator {
        keys = get_keys(hv(h), ctx.o.show_hidden);
        braces = ["{".into(), "}".into()];
        let v = hv(h);
        if v.is_function() {
            base = get_function_base(h, ctor, &tag);
            if keys.is_empty() {
                return base;
            }
        } else if ctor == Some("Object") {
            if kind == KIND_ARGUMENTS {
                braces[0] = "[Arguments] {".into();
            } else if !tag.is_empty() {
                braces[0] = format!("{}{{", get_prefix(ctor, &tag, "Object", ""));
            }
            if keys.is_empty() {
                return format!("{}}}", braces[0]);
            }
        } else if kind == KIND_REGEXP {
            // Node's formatRaw: RegExp.prototype.toString of the value
            // (read from its internal slots here), prefixed when the
            // constructor is not RegExp.
            base = crate::families::hooks().regexp_display.map(|f| f(v)).unwrap_or_default();
            let prefix = get_prefix(ctor, &tag, "RegExp", "");
            if prefix != "RegExp " {
                base = format!("{prefix}{base}");
            }
            if keys.is_empty() || ctx.beyond_depth(recurse_times) {
                return base;
            }
        } else if kind == perry_abi::KIND_DATE {
            // Node: the ISO string, or toString's "Invalid Date".
            base = crate::families::hooks().date_display.map(|f| f(v)).unwrap_or_default();
            let prefix = get_prefix(ctor, &tag, "Date", "");
            if prefix != "Date " {
                base = format!("{prefix}{base}");
            }
            if keys.is_empty() {
                return base;
            }
        } else if is_error(v) {
            base = format_error(ctx, h, ctor, &tag, &mut keys);
            if keys.is_empty() {
                return base;
            }
        } else if kind == KIND_ARRAY_BUFFER {
            let prefix = get_prefix(ctor, &tag, "ArrayBuffer", "");
            formatter = Formatter::ArrayBuffer;
            braces[0] = format!("{prefix}{{");
            keys.insert(0, atoms::intern("byteLength"));
        } else if kind == KIND_DATA_VIEW {
            braces[0] = format!("{}{{", get_prefix(ctor, &tag, "DataView", ""));
            for (i, k) in ["byteLength", "byteOffset", "buffer"].into_iter().enumerate() {
                keys.insert(i, atoms::intern(k));
            }
        } else if (kind == KIND_WEAKMAP || kind == KIND_WEAKSET) && keys.is_empty() {
            // Node cannot list a weak collection's entries without V8 internals.
            let name = if kind == KIND_WEAKMAP { "WeakMap" } else { "WeakSet" };
            return format!("{}{{ <items unknown> }}", get_prefix(ctor, &tag, name, ""));
        } else if kind == KIND_PROMISE {
            braces[0] = format!("{}{{", get_prefix(ctor, &tag, "Promise", ""));
            formatter = Formatter::Promise;
        } else if kind == KIND_PRIMITIVE_WRAPPER {
            base = get_boxed_base(ctx, h, &mut keys, ctor, &tag);
            if keys.is_empty() {
                return base;
            }
        } else {
            if keys.is_empty() {
                return format!("{}{{}}", get_ctx_style(v, ctor, &tag));
            }
            braces[0] = format!("{}{{", get_ctx_style(v, ctor, &tag));
        }
    }

    if ctx.beyond_depth(recurse_times) {
        let mut name = get_ctx_style(hv(h), ctor, &tag);
        name.pop();
        if ctor.is_some() {
            name = format!("[{name}]");
        }
        return name;
    }
    let recurse_times = recurse_times + 1;
    ctx.seen.push(h);
    ctx.current_depth = recurse_times;
    let mut output = match formatter {
        Formatter::None => Vec::new(),
        Formatter::Array => format_array(ctx, h, recurse_times),
        Formatter::Set => format_set(ctx, h, recurse_times),
        Formatter::Map => format_map(ctx, h, recurse_times),
        Formatter::Iterator { entries } => format_iterator(ctx, h, recurse_times, entries),
        Formatter::Promise => format_promise(ctx, h, recurse_times),
        Formatter::TypedArray => format_typed_array(ctx, h, recurse_times),
        Formatter::ArrayBuffer => format_array_buffer(ctx, h),
    };
    for k in keys {
        let p = format_property(ctx, h, recurse_times, k, extras_type);
        output.push(p);
    }
    if let Some(index) = ctx.circular_index(hv(h)) {
        let reference = format!("<ref *{index}>");
        base = if base.is_empty() { reference } else { format!("{reference} {base}") };
    }
    ctx.seen.pop();
    let value = if extras_type == K_ARRAY_EXTRAS { Some(h) } else { None };
    reduce_to_single_string(ctx, output, base, braces, extras_type, recurse_times, value)
}

/// Node's formatTypedArray: the elements as numbers, then with
/// `showHidden` the view's properties.
fn format_typed_array(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> Vec<String> {
    let length = bytes::ta_len(hv(h));
    let max_length = ctx.o.max_array_length.min(length);
    let v = hv(h);
    let output = (0..max_length).map(|i| match bytes::ta_type(v) {
        // formatBigInt: the digits and `n`, without allocating a BigInt.
        bytes::Ty::BigInt64 => format!("{}n", bytes::ta_get_bits(v, i) as i64),
        bytes::Ty::BigUint64 => format!("{}n", bytes::ta_get_bits(v, i)),
        _ => format_number(bytes::ta_get_num(v, i)),
    });
    let mut output: Vec<String> = output.collect();
    if length > max_length {
        output.push(remaining_text(length - max_length));
    }
    if ctx.o.show_hidden {
        ctx.indentation_lvl += 2;
        let v = hv(h);
        let size = bytes::ta_type(v).size();
        let offset = if bytes::view_out_of_bounds(v) { 0 } else { bytes::ta_offset(v) };
        let nums = [("BYTES_PER_ELEMENT", size), ("length", length), ("byteLength", length * size), ("byteOffset", offset)];
        for (k, n) in nums {
            output.push(format!("[{k}]: {}", format_number(n as f64)));
        }
        let buf = bytes::ta_buffer(hv(h));
        let s = format_value(ctx, buf, recurse_times);
        output.push(format!("[buffer]: {s}"));
        ctx.indentation_lvl -= 2;
    }
    output
}

/// Node's formatArrayBuffer: the bytes in hexadecimal.
fn format_array_buffer(ctx: &mut Ctx, h: Handle) -> Vec<String> {
    if bytes::ab_detached(hv(h)) {
        return vec!["(detached)".into()];
    }
    let b = bytes::bytes_of(hv(h)).unwrap_or(&[]);
    let shown = &b[..b.len().min(ctx.o.max_array_length)];
    let mut s = shown.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(" ");
    if b.len() > ctx.o.max_array_length {
        let remaining = b.len() - ctx.o.max_array_length;
        s.push_str(&format!(" ... {remaining} more byte{}", if remaining > 1 { "s" } else { "" }));
    }
    vec![format!("[Uint8Contents]: <{s}>")]
}

/// Node's formatPromise: `<pending>`, the value, or `<rejected> reason`.
fn format_promise(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> Vec<String> {
    let (state, result) = crate::promise::describe(hv(h));
    if state == "pending" {
        return vec!["<pending>".into()];
    }
    ctx.indentation_lvl += 2;
    let s = format_value(ctx, result, recurse_times);
    ctx.indentation_lvl -= 2;
    vec![if state == "rejected" { format!("<rejected> {s}") } else { s }]
}

/// For a Map or Set iterator: ("Map" | "Set", whether it yields entries).
fn iterator_collection(it: Value) -> Option<(&'static str, bool)> {
    let t = it.cell().field(iter::TARGET);
    if !t.is_cell() {
        return None;
    }
    let mode = it.cell().word(iter::MODE);
    match t.kind() {
        KIND_MAP => Some(("Map", mode == iter::MAP_ENTRIES)),
        KIND_SET => Some(("Set", mode == iter::SET_ENTRIES)),
        _ => None,
    }
}

fn get_function_base(h: Handle, constructor: Option<&str>, tag: &str) -> String {
    let v = hv(h);
    let is_class = v.kind() == KIND_FUNCTION && {
        let m = function::meta_of(v);
        m.native.is_none() && m.flags & FNF_CLASS_CTOR != 0
    };
    if is_class {
        return get_class_base(h, constructor, tag);
    }
    let flags = if v.kind() == KIND_FUNCTION { function::meta_of(v).flags } else { 0 };
    let ty = match (flags & FNF_GENERATOR != 0, flags & FNF_ASYNC != 0) {
        (true, true) => "AsyncGeneratorFunction",
        (true, false) => "GeneratorFunction",
        (false, true) => "AsyncFunction",
        _ => "Function",
    };
    let mut base = format!("[{ty}");
    if constructor.is_none() {
        base.push_str(" (null prototype)");
    }
    let name = match object::get(hv(h), names::NAME) {
        Ok(n) => n,
        Err(_) => {
            error::take();
            Value::UNDEFINED
        }
    };
    if name.is_string() && string::len(name) == 0 {
        base.push_str(" (anonymous)");
    } else {
        base.push_str(": ");
        base.push_str(&display_string(name));
    }
    base.push(']');
    // %GeneratorFunction.prototype% and the others have no `constructor`
    // here (no GeneratorFunction constructor without eval), so the one found
    // is Function's; their tag names the function's own kind.
    if let Some(c) = constructor
        && c != ty
        && c != "Function"
    {
        base.push(' ');
        base.push_str(c);
    }
    if !tag.is_empty() && constructor != Some(tag) && tag != ty {
        base.push_str(&format!(" [{tag}]"));
    }
    base
}

/// `${v}` for a value that is probably a string (never throws).
fn display_string(v: Value) -> String {
    if v.is_string() {
        return string::to_rust(v);
    }
    if v.is_symbol() {
        return symbol::descriptive_string(v);
    }
    match ops::to_rust_string(v) {
        Ok(s) => s,
        Err(_) => {
            error::take();
            String::new()
        }
    }
}

fn get_class_base(h: Handle, constructor: Option<&str>, tag: &str) -> String {
    let name = match own_data(hv(h), names::NAME) {
        Some(n) if ops::to_boolean(n) => display_string(n),
        _ => "(anonymous)".into(),
    };
    let mut base = format!("class {name}");
    if let Some(c) = constructor
        && c != "Function"
    {
        base.push_str(&format!(" [{c}]"));
    }
    if !tag.is_empty() && constructor != Some(tag) {
        base.push_str(&format!(" [{tag}]"));
    }
    if constructor.is_some() {
        let p = object::proto_of(hv(h));
        if p.is_object() {
            let sn = match object::get(p, names::NAME) {
                Ok(n) => n,
                Err(_) => {
                    error::take();
                    Value::UNDEFINED
                }
            };
            if ops::to_boolean(sn) {
                base.push_str(&format!(" extends {}", display_string(sn)));
            }
        }
    } else {
        base.push_str(" extends [null prototype]");
    }
    format!("[{base}]")
}

fn get_boxed_base(ctx: &Ctx, h: Handle, keys: &mut Vec<Atom>, constructor: Option<&str>, tag: &str) -> String {
    let inner = hv(h).cell().field(OBJ_INLINE);
    let ty = if inner.is_number() {
        "Number"
    } else if inner.is_string() {
        let n = string::len(inner).min(keys.len());
        keys.drain(0..n);
        "String"
    } else if inner.is_bool() {
        "Boolean"
    } else if inner.is_bigint() {
        "BigInt"
    } else {
        "Symbol"
    };
    let mut base = format!("[{ty}");
    if constructor != Some(ty) {
        match constructor {
            None => base.push_str(" (null prototype)"),
            Some(c) => base.push_str(&format!(" ({c})")),
        }
    }
    let inner = hv(h).cell().field(OBJ_INLINE);
    base.push_str(&format!(": {}]", format_primitive(ctx, inner)));
    if !tag.is_empty() && constructor != Some(tag) {
        base.push_str(&format!(" [{tag}]"));
    }
    base
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

fn get_prop(h: Handle, key: Atom) -> Value {
    match object::get(hv(h), key) {
        Ok(v) => v,
        Err(_) => {
            error::take();
            Value::UNDEFINED
        }
    }
}

fn get_stack_string(h: Handle) -> String {
    let s = get_prop(h, names::STACK);
    if ops::to_boolean(s) {
        return display_string(s);
    }
    error_to_string(h)
}

/// Error.prototype.toString without throwing.
fn error_to_string(h: Handle) -> String {
    let n = get_prop(h, names::NAME);
    let name = if n.is_undefined() { "Error".to_string() } else { display_string(n) };
    let m = get_prop(h, names::MESSAGE);
    let msg = if m.is_undefined() { String::new() } else { display_string(m) };
    if name.is_empty() {
        msg
    } else if msg.is_empty() {
        name
    } else {
        format!("{name}: {msg}")
    }
}

fn identical_sequence_range(a: &[String], b: &[String]) -> (usize, usize) {
    if a.len() > 3 {
        for i in 0..a.len() - 3 {
            if let Some(pos) = b.iter().position(|x| *x == a[i]) {
                let rest = b.len() - pos;
                if rest > 3 {
                    let mut len = 1;
                    let max_len = (a.len() - i).min(rest);
                    while max_len > len && a[i + len] == b[pos + len] {
                        len += 1;
                    }
                    if len > 3 {
                        return (len, i);
                    }
                }
            }
        }
    }
    (0, 0)
}

fn get_stack_frames(h: Handle, stack: &str) -> Vec<String> {
    let mut frames: Vec<String> = stack.split('\n').map(String::from).collect();
    let cause = get_prop(h, names::CAUSE);
    if !cause.is_nullish() && is_error(cause) {
        let scope = HandleScope::new();
        let hc = scope.root(cause.0);
        let cause_stack = get_stack_string(hc);
        if let Some(start) = cause_stack.find("\n    at") {
            let cause_frames: Vec<String> = cause_stack[start + 1..].split('\n').map(String::from).collect();
            let (len, offset) = identical_sequence_range(&frames, &cause_frames);
            if len > 0 {
                let skipped = len - 2;
                let msg = format!("    ... {skipped} lines matching cause stack trace ...");
                frames.splice(offset + 1..offset + 1 + skipped, [msg]);
            }
        }
    }
    frames
}

/// `^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)` or `^([a-z_A-Z0-9-]*Error)$`.
fn stack_name_prefix(stack: &str) -> String {
    let b = stack.as_bytes();
    if !b.is_empty() && b[0].is_ascii_uppercase() {
        let cls = |c: u8| c.is_ascii_alphanumeric() || b"_ []()-".contains(&c);
        let mut end = 1;
        while end < b.len() && cls(b[end]) {
            end += 1;
        }
        if end > 1 && (stack[end..].starts_with(':') || stack[end..].starts_with("\n    at")) {
            return stack[..end].to_string();
        }
    }
    if stack.ends_with("Error") && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-') {
        return stack.to_string();
    }
    String::new()
}

fn improve_stack(stack: String, constructor: Option<&str>, name: &str, tag: &str) -> String {
    let mut len = name.len();
    let sb = stack.as_bytes();
    if constructor.is_none() || (name.ends_with("Error") && stack.starts_with(name) && (stack.len() == len || sb[len] == b':' || sb[len] == b'\n')) {
        let mut fallback = "Error".to_string();
        if constructor.is_none() {
            let f = stack_name_prefix(&stack);
            len = f.len();
            fallback = if f.is_empty() { "Error".into() } else { f };
        }
        let mut prefix = get_prefix(constructor, tag, &fallback, "");
        prefix.pop();
        if name != prefix {
            let rest = if len <= stack.len() && stack.is_char_boundary(len) { &stack[len..] } else { "" };
            if prefix.contains(name) {
                if len == 0 {
                    return format!("{prefix}: {stack}");
                }
                return format!("{prefix}{rest}");
            }
            return format!("{prefix} [{name}]{rest}");
        }
    }
    stack
}

fn format_error(ctx: &mut Ctx, h: Handle, constructor: Option<&str>, tag: &str, keys: &mut Vec<Atom>) -> String {
    let n = get_prop(h, names::NAME);
    let name = if n.is_nullish() { "Error".to_string() } else { display_string(n) };
    let mut stack = get_stack_string(h);
    // removeDuplicateErrorKeys
    if !ctx.o.show_hidden && !keys.is_empty() {
        for k in [names::NAME, names::MESSAGE, names::STACK] {
            if let Some(i) = keys.iter().position(|&x| x == k) {
                let val = get_prop(h, k);
                if stack.contains(&display_string(val)) {
                    keys.remove(i);
                }
            }
        }
    }
    if object::has_property(hv(h), names::CAUSE) && !keys.contains(&names::CAUSE) {
        keys.push(names::CAUSE);
    }
    let errs = get_prop(h, names::ERRORS);
    if errs.is_array() && !keys.contains(&names::ERRORS) {
        keys.push(names::ERRORS);
    }
    stack = improve_stack(stack, constructor, &name, tag);

    let m = get_prop(h, names::MESSAGE);
    let mut pos: Option<usize> = None;
    if ops::to_boolean(m) {
        let msg = display_string(m);
        if let Some(p) = stack.find(&msg)
            && p != 0
        {
            pos = Some(p + msg.len());
        }
    }
    let from = pos.unwrap_or(0).min(stack.len());
    let stack_start = if stack.is_char_boundary(from) { stack[from..].find("\n    at").map(|i| i + from) } else { None };
    match stack_start {
        None => stack = format!("[{stack}]"),
        Some(s) => {
            let mut new_stack = stack[..s].to_string();
            let lines = get_stack_frames(h, &stack[s + 1..]);
            new_stack.push('\n');
            new_stack.push_str(&lines.join("\n"));
            stack = new_stack;
        }
    }
    if ctx.indentation_lvl != 0 {
        let ind = " ".repeat(ctx.indentation_lvl);
        stack = stack.replace('\n', &format!("\n{ind}"));
    }
    stack
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

fn format_array_value(ctx: &mut Ctx, v: Value, recurse_times: usize) -> String {
    ctx.indentation_lvl += 2;
    let s = format_value(ctx, v, recurse_times);
    ctx.indentation_lvl -= 2;
    s
}

fn format_array(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> Vec<String> {
    let val_len = array::length(hv(h));
    let len = ctx.o.max_array_length.min(val_len);
    let remaining = val_len - len;
    let mut output = Vec::new();
    for i in 0..len {
        let el = array::get_index(hv(h), i);
        if el == Value::HOLE {
            return format_special_array(ctx, h, recurse_times, len, output, i);
        }
        output.push(format_array_value(ctx, el, recurse_times));
    }
    if remaining > 0 {
        output.push(remaining_text(remaining));
    }
    output
}

/// Node's formatSpecialArray: from the first hole `i` on, the present
/// elements (the array's keys when it starts) and runs of empty items.
fn format_special_array(ctx: &mut Ctx, h: Handle, recurse_times: usize, max_length: usize, mut output: Vec<String>, i: usize) -> Vec<String> {
    let keys = array::sparse_indices(hv(h), i, array::MAX_LENGTH);
    let mut index = i;
    for key in keys {
        if output.len() >= max_length {
            break;
        }
        if key != index {
            let empty = key - index;
            output.push(format!("<{empty} empty item{}>", if empty > 1 { "s" } else { "" }));
            index = key;
            if output.len() == max_length {
                break;
            }
        }
        // An element deleted since (by an inspect hook) reads as undefined, as in Node.
        let el = match array::get_index(hv(h), key) {
            v if v == Value::HOLE => Value::UNDEFINED,
            v => v,
        };
        output.push(format_array_value(ctx, el, recurse_times));
        index += 1;
    }
    let remaining = array::length(hv(h)).saturating_sub(index);
    if output.len() != max_length {
        if remaining > 0 {
            output.push(format!("<{remaining} empty item{}>", if remaining > 1 { "s" } else { "" }));
        }
    } else if remaining > 0 {
        output.push(remaining_text(remaining));
    }
    output
}

fn format_set(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> Vec<String> {
    let length = collections::size(hv(h));
    let max_length = ctx.o.max_array_length.min(length);
    let remaining = length - max_length;
    let mut output = Vec::new();
    ctx.indentation_lvl += 2;
    let mut i = 0;
    let mut count = 0;
    while i < collections::used(hv(h)) && count < max_length {
        let (k, _) = collections::entry(hv(h), i);
        i += 1;
        if k == Value::HOLE {
            continue;
        }
        output.push(format_value(ctx, k, recurse_times));
        count += 1;
    }
    if remaining > 0 {
        output.push(remaining_text(remaining));
    }
    ctx.indentation_lvl -= 2;
    output
}

fn format_map(ctx: &mut Ctx, h: Handle, recurse_times: usize) -> Vec<String> {
    let length = collections::size(hv(h));
    let max_length = ctx.o.max_array_length.min(length);
    let remaining = length - max_length;
    let mut output = Vec::new();
    ctx.indentation_lvl += 2;
    let mut i = 0;
    let mut count = 0;
    while i < collections::used(hv(h)) && count < max_length {
        let (k, v) = collections::entry(hv(h), i);
        i += 1;
        if k == Value::HOLE {
            continue;
        }
        let scope = HandleScope::new();
        let hval = scope.root(v.0);
        let ks = format_value(ctx, k, recurse_times);
        let vs = format_value(ctx, hv(hval), recurse_times);
        output.push(format!("{ks} => {vs}"));
        count += 1;
    }
    if remaining > 0 {
        output.push(remaining_text(remaining));
    }
    ctx.indentation_lvl -= 2;
    output
}

/// `previewEntries` of a Map/Set iterator: the entries still to come.
fn format_iterator(ctx: &mut Ctx, h: Handle, recurse_times: usize, key_value: bool) -> Vec<String> {
    let scope = HandleScope::new();
    let it = hv(h);
    let target = scope.root(it.cell().field(iter::TARGET).0);
    let mode = it.cell().word(iter::MODE);
    let (_, start) = collections::resume(hv(target), it.cell().field(iter::NEXT), it.cell().word(iter::INDEX) as usize);
    let mut items: Vec<(usize, bool)> = Vec::new(); // (entry index, is value)
    if mode != iter::DONE {
        for i in start..collections::used(hv(target)) {
            let (k, _) = collections::entry(hv(target), i);
            if k == Value::HOLE {
                continue;
            }
            items.push((i, mode == iter::MAP_VALUES));
        }
    }
    let max_length = ctx.o.max_array_length.min(items.len());
    let mut output = Vec::new();
    ctx.indentation_lvl += 2;
    for &(i, is_value) in items.iter().take(max_length) {
        let (k, v) = collections::entry(hv(target), i);
        if key_value {
            let s2 = HandleScope::new();
            let hval = s2.root(if hv(target).kind() == KIND_SET { k.0 } else { v.0 });
            let a = format_value(ctx, k, recurse_times);
            let b = format_value(ctx, hv(hval), recurse_times);
            output.push(reduce_to_single_string(ctx, vec![a, b], String::new(), ["[".into(), "]".into()], K_ARRAY_EXTRAS, recurse_times, None));
        } else {
            output.push(format_value(ctx, if is_value { v } else { k }, recurse_times));
        }
    }
    ctx.indentation_lvl -= 2;
    if items.len() > max_length {
        output.push(remaining_text(items.len() - max_length));
    }
    output
}

fn format_property(ctx: &mut Ctx, h: Handle, recurse_times: usize, key: Atom, typ: u8) -> String {
    let desc = object::get_own_property(hv(h), key);
    let (s, enumerable) = match desc {
        Some(Prop::Data(val, attrs)) => {
            ctx.indentation_lvl += 2;
            let s = format_value(ctx, val, recurse_times);
            ctx.indentation_lvl -= 2;
            (s, attrs & shape::ENUMERABLE != 0)
        }
        Some(Prop::Accessor(g, st, attrs)) => {
            let s = if !g.is_undefined() {
                if !st.is_undefined() { "[Getter/Setter]" } else { "[Getter]" }
            } else if !st.is_undefined() {
                "[Setter]"
            } else {
                "undefined"
            };
            (s.to_string(), attrs & shape::ENUMERABLE != 0)
        }
        None => {
            let val = get_prop(h, key);
            ctx.indentation_lvl += 2;
            let s = format_value(ctx, val, recurse_times);
            ctx.indentation_lvl -= 2;
            (s, true)
        }
    };
    if typ == K_ARRAY {
        return s;
    }
    let kv = atoms::value(key);
    let name = if !kv.is_string() {
        format!("[{}]", escape_no_quotes(&symbol::descriptive_string(kv)))
    } else {
        let u = string::view(kv).to_vec();
        if u == "__proto__".encode_utf16().collect::<Vec<u16>>() {
            "['__proto__']".to_string()
        } else if !enumerable {
            format!("[{}]", escape_no_quotes(&String::from_utf16_lossy(&u)))
        } else if is_identifier(&u) {
            String::from_utf16_lossy(&u)
        } else {
            str_escape(&u)
        }
    };
    format!("{name}: {s}")
}

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

fn is_below_break_length(ctx: &Ctx, output: &[String], start: usize, base: &str) -> bool {
    let mut total = output.len() + start;
    if total + output.len() > ctx.o.break_length {
        return false;
    }
    for s in output {
        total += js_len(s);
        if total > ctx.o.break_length {
            return false;
        }
    }
    base.is_empty() || !base.contains('\n')
}

fn reduce_to_single_string(
    ctx: &mut Ctx,
    output: Vec<String>,
    base: String,
    braces: [String; 2],
    extras_type: u8,
    recurse_times: usize,
    value: Option<Handle>,
) -> String {
    let entries = output.len();
    let mut output = output;
    if extras_type == K_ARRAY_EXTRAS && entries > 6 {
        output = group_array_elements(ctx, output, value);
    }
    if (ctx.current_depth as i64 - recurse_times as i64) < ctx.o.compact as i64 && entries == output.len() {
        let start = output.len() + ctx.indentation_lvl + js_len(&braces[0]) + js_len(&base) + 10;
        if is_below_break_length(ctx, &output, start, &base) {
            let joined = output.join(", ");
            if !joined.contains('\n') {
                let b = if base.is_empty() { String::new() } else { format!("{base} ") };
                return format!("{b}{} {joined} {}", braces[0], braces[1]);
            }
        }
    }
    let indentation = format!("\n{}", " ".repeat(ctx.indentation_lvl));
    let b = if base.is_empty() { String::new() } else { format!("{base} ") };
    format!("{b}{}{indentation}  {}{indentation}{}", braces[0], output.join(&format!(",{indentation}  ")), braces[1])
}

/// JavaScript's `Math.round` for non-negative values.
fn js_round(x: f64) -> f64 {
    (x + 0.5).floor()
}

fn group_array_elements(ctx: &Ctx, output: Vec<String>, value: Option<Handle>) -> Vec<String> {
    let mut total_length = 0usize;
    let mut max_length = 0usize;
    let mut output_length = output.len();
    if ctx.o.max_array_length < output.len() {
        // The "... n more items" entry does not take part.
        output_length -= 1;
    }
    let separator_space = 2;
    let mut data_len = Vec::with_capacity(output_length);
    for s in output.iter().take(output_length) {
        let len = string_width(s);
        data_len.push(len);
        total_length += len + separator_space;
        if max_length < len {
            max_length = len;
        }
    }
    let actual_max = max_length + separator_space;
    if actual_max * 3 + ctx.indentation_lvl < ctx.o.break_length && (total_length as f64 / actual_max as f64 > 5.0 || max_length <= 6) {
        let approx_char_heights = 2.5;
        let average_bias = (actual_max as f64 - total_length as f64 / output.len() as f64).sqrt();
        let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
        let columns = js_round((approx_char_heights * biased_max * output_length as f64).sqrt() / biased_max)
            .min(((ctx.o.break_length - ctx.indentation_lvl) as f64 / actual_max as f64).floor())
            .min((ctx.o.compact * 4) as f64)
            .min(15.0);
        if columns <= 1.0 || columns.is_nan() {
            return output;
        }
        let columns = columns as usize;
        let mut max_line_length = Vec::with_capacity(columns);
        for i in 0..columns {
            let mut line_max = 0;
            let mut j = i;
            while j < output_length {
                if data_len[j] > line_max {
                    line_max = data_len[j];
                }
                j += columns;
            }
            max_line_length.push(line_max + separator_space);
        }
        let mut pad_start = true;
        if let Some(h) = value {
            for i in 0..output.len() {
                let v = hv(h);
                let el = if v.is_array_exotic() {
                    array::get_index(v, i)
                } else if bytes::is_typed_array(v) && i < bytes::ta_len(v) {
                    Value::int(0)
                } else {
                    Value::UNDEFINED
                };
                if !el.is_number() {
                    pad_start = false;
                    break;
                }
            }
        }
        let mut tmp = Vec::new();
        let mut i = 0;
        while i < output_length {
            let max = (i + columns).min(output_length);
            let mut s = String::new();
            let mut j = i;
            while j + 1 < max {
                let pad = max_line_length[j - i].saturating_sub(data_len[j] + separator_space);
                if pad_start {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(&output[j]);
                    s.push_str(", ");
                } else {
                    s.push_str(&output[j]);
                    s.push_str(", ");
                    s.push_str(&" ".repeat(pad));
                }
                j += 1;
            }
            if pad_start {
                let pad = max_line_length[j - i].saturating_sub(data_len[j] + separator_space);
                s.push_str(&" ".repeat(pad));
            }
            s.push_str(&output[j]);
            tmp.push(s);
            i += columns;
        }
        if ctx.o.max_array_length < output.len() {
            tmp.push(output[output_length].clone());
        }
        return tmp;
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn escapes() {
        assert_eq!(str_escape(&u("abc")), "'abc'");
        assert_eq!(str_escape(&u("it's")), "\"it's\"");
        assert_eq!(str_escape(&u("it's \"x\"")), "`it's \"x\"`");
        assert_eq!(str_escape(&u("it's \"x\" `y`")), "'it\\'s \"x\" `y`'");
        assert_eq!(str_escape(&u("a\nb\t\\")), "'a\\nb\\t\\\\'");
        assert_eq!(str_escape(&u("x\u{7f}\u{85}y")), "'x\\x7F\\x85y'");
        assert_eq!(str_escape(&[0xD800]), "'\\ud800'");
        assert_eq!(str_escape(&u("😀")), "'😀'");
    }

    #[test]
    fn identifiers_and_widths() {
        assert!(is_identifier(&u("valid_id")));
        assert!(!is_identifier(&u("$dollar")));
        assert!(!is_identifier(&u("1a")));
        assert_eq!(string_width("abc"), 3);
        assert_eq!(string_width("😀"), 2);
        assert_eq!(js_len("😀"), 2);
    }

    #[test]
    fn stack_prefix() {
        assert_eq!(stack_name_prefix("TypeError: x"), "TypeError");
        assert_eq!(stack_name_prefix("MyError"), "MyError");
        assert_eq!(stack_name_prefix("lower: x"), "");
        assert_eq!(improve_stack("Error: m\n    at f".into(), Some("MyErr"), "Error", ""), "MyErr [Error]: m\n    at f");
        assert_eq!(improve_stack("Error: m".into(), Some("BarError"), "Error", ""), "BarError: m");
        assert_eq!(improve_stack("Error: m".into(), Some("Foo"), "Error", ""), "Foo [Error]: m");
    }
}
