//! console (WHATWG Console Standard, as Node v20 prints it): `log`, `info`,
//! `debug`, `dirxml` on stdout; `error`, `warn`, `trace` on stderr; format
//! specifiers; `assert`, `count`, `group`, `time`, `dir`.

use crate::inspect;
use perry_gc::{Handle, HandleScope, JsCell};
use perry_runtime::atoms::names;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::symbol;
use perry_runtime::{JsResult, Value};
use std::io::Write;
use std::time::Instant;

struct State {
    group_indent: String,
    counts: Vec<(String, u64)>,
    timers: Vec<(String, Instant)>,
}

static STATE: JsCell<State> = JsCell::new(State { group_indent: String::new(), counts: Vec::new(), timers: Vec::new() });

fn state() -> &'static mut State {
    // SAFETY: console state is touched by the JS thread only; callers use the borrow for one
    // statement and never call back into `state()` while holding it.
    unsafe { STATE.get() }
}

#[inline]
fn hv(h: Handle) -> Value {
    Value(h.get())
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

fn write_line(to_stderr: bool, s: &str) {
    let indent = &state().group_indent;
    let mut line = String::with_capacity(s.len() + indent.len() + 1);
    if indent.is_empty() {
        line.push_str(s);
    } else {
        line.push_str(indent);
        line.push_str(&s.replace('\n', &format!("\n{indent}")));
    }
    line.push('\n');
    if to_stderr {
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    } else {
        let _ = std::io::stdout().lock().write_all(line.as_bytes());
    }
}

fn emit_warning(msg: &str) {
    let _ = std::io::stdout().flush();
    let _ = writeln!(std::io::stderr().lock(), "(node:{}) Warning: {msg}", std::process::id());
}

// ---------------------------------------------------------------------------
// util.format
// ---------------------------------------------------------------------------

/// `String(v)` that never fails on symbols.
fn string_of(v: Value) -> JsResult<String> {
    if v.is_symbol() {
        return Ok(symbol::descriptive_string(v));
    }
    ops::to_rust_string(v)
}

#[rustfmt::skip]
const BUILTIN_CONSTRUCTORS: &[&str] = &[
    "Object", "Function", "Array", "Number", "Boolean", "String", "Symbol", "Date", "Promise", "RegExp", "Error", "AggregateError", "EvalError",
    "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "Proxy", "Reflect",
    "BigInt", "DataView", "Math", "Intl", "Atomics", "FinalizationRegistry", "SharedArrayBuffer", "ArrayBuffer", "WebAssembly", "Buffer", "Iterator",
];

/// Node's `hasBuiltInToString`: whether `%s` should inspect the object
/// rather than call its own `toString`.
fn has_builtin_to_string(h: Handle) -> JsResult<bool> {
    let to_prim = realm::sym_atom(I::SymToPrimitive);
    let ts = object::get(hv(h), names::TO_STRING)?;
    let mut check_to_string = true;
    let mut check_to_prim = true;
    if !ts.is_callable() {
        let tp = object::get(hv(h), to_prim)?;
        if !tp.is_callable() {
            return Ok(true);
        } else if object::has_own(hv(h), to_prim) {
            return Ok(false);
        }
        check_to_string = false;
    } else if object::has_own(hv(h), names::TO_STRING) {
        return Ok(false);
    } else {
        let tp = object::get(hv(h), to_prim)?;
        if !tp.is_callable() {
            check_to_prim = false;
        } else if object::has_own(hv(h), to_prim) {
            return Ok(false);
        }
    }
    let mut p = hv(h);
    loop {
        p = object::proto_of(p);
        if !p.is_object() {
            return Ok(true);
        }
        if (check_to_string && object::has_own(p, names::TO_STRING)) || (check_to_prim && object::has_own(p, to_prim)) {
            break;
        }
    }
    if let Some(object::Prop::Data(c, _)) = object::get_own_property(p, names::CONSTRUCTOR)
        && c.is_function()
    {
        let n = perry_runtime::function::name_of(c);
        return Ok(BUILTIN_CONSTRUCTORS.contains(&n.as_str()));
    }
    Ok(false)
}

fn is_js_ws(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{A}' | '\u{B}' | '\u{C}' | '\u{D}' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// `parseInt(s)` (radix 10, or 16 with a 0x prefix).
pub fn parse_int(s: &str) -> f64 {
    let t = s.trim_start_matches(is_js_ws);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (radix, t) = if t.starts_with("0x") || t.starts_with("0X") { (16, &t[2..]) } else { (10, t) };
    let digits: String = t.chars().take_while(|c| c.is_digit(radix)).collect();
    if digits.is_empty() {
        return f64::NAN;
    }
    let v = if radix == 10 {
        digits.parse::<f64>().unwrap_or(f64::NAN)
    } else {
        digits.chars().fold(0.0, |acc, c| acc * 16.0 + c.to_digit(16).unwrap_or(0) as f64)
    };
    if neg { -v } else { v }
}

/// `parseFloat(s)`.
pub fn parse_float(s: &str) -> f64 {
    let t = s.trim_start_matches(is_js_ws);
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    if t[i..].starts_with("Infinity") {
        return if b.first() == Some(&b'-') { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        let f = i + 1;
        let mut j = f;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        digits += j - f;
        if digits > 0 {
            i = j;
        }
    }
    if digits == 0 {
        return f64::NAN;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let e = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > e {
            i = j;
        }
    }
    let mut num = t[..i].to_string();
    if num.ends_with('.') {
        num.pop();
    }
    if num.starts_with('.') || num.starts_with("-.") || num.starts_with("+.") {
        num = num.replacen('.', "0.", 1);
    }
    num.parse::<f64>().unwrap_or(f64::NAN)
}

fn json_for_format(h: Handle) -> JsResult<String> {
    match crate::json::stringify(hv(h), Value::UNDEFINED, Value::UNDEFINED) {
        Ok(Some(s)) => Ok(string::to_rust(s)),
        Ok(None) => Ok("undefined".into()),
        Err(e) => {
            let ex = error::peek();
            if ex.is_object()
                && let Some(m) = object::get_data_chain(ex, names::MESSAGE)
                && m.is_string()
                && string::to_rust(m).starts_with("Converting circular structure to JSON")
            {
                error::take();
                return Ok("[Circular]".into());
            }
            Err(e)
        }
    }
}

fn format_specifier(c: u8, h: Handle) -> JsResult<String> {
    let v = hv(h);
    // Node's formatWithOptions prints a BigInt as `123n` for %s, %d and %i.
    if v.is_bigint() && matches!(c, b's' | b'd' | b'i') {
        return Ok(format!("{}n", perry_runtime::bigint::to_string_radix(v, 10)));
    }
    Ok(match c {
        b's' => {
            if v.is_number() {
                inspect::format_number(v.as_number())
            } else if !v.is_object() || v.is_function() {
                string_of(v)?
            } else if !has_builtin_to_string(h)? {
                string_of(hv(h))?
            } else {
                inspect::inspect_with(hv(h), &inspect::Options { depth: 0.0, ..Default::default() })
            }
        }
        b'j' => json_for_format(h)?,
        b'd' => {
            if v.is_symbol() {
                "NaN".into()
            } else {
                inspect::format_number(ops::to_number(v)?)
            }
        }
        b'i' => {
            if v.is_symbol() {
                "NaN".into()
            } else {
                inspect::format_number(parse_int(&string_of(v)?))
            }
        }
        b'f' => {
            if v.is_symbol() {
                "NaN".into()
            } else {
                inspect::format_number(parse_float(&string_of(v)?))
            }
        }
        b'O' => inspect::inspect(v, 0),
        b'o' => inspect::inspect_with(v, &inspect::Options { show_hidden: true, depth: 4.0, ..Default::default() }),
        _ => String::new(),
    })
}

/// Node's `formatWithOptions` (util.format) over rooted values.
pub fn format_values(hs: &[Handle]) -> JsResult<String> {
    let n = hs.len();
    let mut a = 0;
    let mut out = String::new();
    let mut join = "";
    if n > 0 && hv(hs[0]).is_string() {
        if n == 1 {
            return Ok(string::to_rust(hv(hs[0])));
        }
        let first: Vec<u16> = string::view(hv(hs[0])).to_vec();
        let slice = |from: usize, to: usize| String::from_utf16_lossy(&first[from..to]);
        let mut last_pos = 0;
        let mut i = 0;
        while i + 1 < first.len() {
            if first[i] == b'%' as u16 {
                i += 1;
                let next = first[i];
                if a + 1 != n {
                    let c = if next < 128 { next as u8 } else { 0 };
                    let temp = match c {
                        b's' | b'j' | b'd' | b'O' | b'o' | b'i' | b'f' => {
                            a += 1;
                            format_specifier(c, hs[a])?
                        }
                        b'c' => {
                            a += 1;
                            String::new()
                        }
                        b'%' => {
                            out.push_str(&slice(last_pos, i));
                            last_pos = i + 1;
                            i += 1;
                            continue;
                        }
                        _ => {
                            i += 1;
                            continue;
                        }
                    };
                    if last_pos != i - 1 {
                        out.push_str(&slice(last_pos, i - 1));
                    }
                    out.push_str(&temp);
                    last_pos = i + 1;
                } else if next == b'%' as u16 {
                    out.push_str(&slice(last_pos, i));
                    last_pos = i + 1;
                }
            }
            i += 1;
        }
        if last_pos != 0 {
            a += 1;
            join = " ";
            if last_pos < first.len() {
                out.push_str(&slice(last_pos, first.len()));
            }
        }
    }
    while a < n {
        out.push_str(join);
        let v = hv(hs[a]);
        if v.is_string() {
            out.push_str(&string::to_rust(v));
        } else {
            out.push_str(&inspect::inspect(v, 0));
        }
        join = " ";
        a += 1;
    }
    Ok(out)
}

/// util.format over a native's arguments starting at `from`.
pub(crate) fn format_args_from(args: &Args, from: usize) -> JsResult<String> {
    let scope = HandleScope::new();
    let hs: Vec<Handle> = (from..args.len()).map(|i| scope.root(args.get(i).0)).collect();
    format_values(&hs)
}

// ---------------------------------------------------------------------------
// Methods
// ---------------------------------------------------------------------------

/// console.log / info / debug / dirxml
fn log(args: &Args) -> JsResult {
    let s = format_args_from(args, 0)?;
    write_line(false, &s);
    Ok(Value::UNDEFINED)
}

/// console.error / warn
fn warn(args: &Args) -> JsResult {
    let s = format_args_from(args, 0)?;
    write_line(true, &s);
    Ok(Value::UNDEFINED)
}

/// `${label}` with 'default' for undefined.
fn label_of(v: Value) -> JsResult<String> {
    if v.is_undefined() {
        return Ok("default".into());
    }
    ops::to_rust_string(v)
}

/// console.assert(value, ...data)
fn assert(args: &Args) -> JsResult {
    if ops::to_boolean(args.get(0)) {
        return Ok(Value::UNDEFINED);
    }
    if args.len() <= 1 {
        write_line(true, "Assertion failed");
        return Ok(Value::UNDEFINED);
    }
    let first = string_of(args.get(1))?;
    let scope = HandleScope::new();
    let s = string::from_str(&format!("Assertion failed: {first}"));
    let mut hs = vec![scope.root(s.0)];
    for i in 2..args.len() {
        hs.push(scope.root(args.get(i).0));
    }
    let out = format_values(&hs)?;
    write_line(true, &out);
    Ok(Value::UNDEFINED)
}

/// console.count([label])
fn count(args: &Args) -> JsResult {
    let label = label_of(args.get(0))?;
    let st = state();
    let n = match st.counts.iter_mut().find(|(l, _)| *l == label) {
        Some((_, c)) => {
            *c += 1;
            *c
        }
        None => {
            st.counts.push((label.clone(), 1));
            1
        }
    };
    write_line(false, &format!("{label}: {n}"));
    Ok(Value::UNDEFINED)
}

/// console.countReset([label])
fn count_reset(args: &Args) -> JsResult {
    let label = label_of(args.get(0))?;
    let st = state();
    match st.counts.iter().position(|(l, _)| *l == label) {
        Some(i) => {
            st.counts.remove(i);
        }
        None => emit_warning(&format!("Count for '{label}' does not exist")),
    }
    Ok(Value::UNDEFINED)
}

/// console.group(...data) / groupCollapsed
fn group(args: &Args) -> JsResult {
    if !args.is_empty() {
        let s = format_args_from(args, 0)?;
        write_line(false, &s);
    }
    state().group_indent.push_str("  ");
    Ok(Value::UNDEFINED)
}

/// console.groupEnd()
fn group_end(_args: &Args) -> JsResult {
    let g = &mut state().group_indent;
    let n = g.len().saturating_sub(2);
    g.truncate(n);
    Ok(Value::UNDEFINED)
}

/// console.time([label])
fn time(args: &Args) -> JsResult {
    let label = label_of(args.get(0))?;
    let st = state();
    if st.timers.iter().any(|(l, _)| *l == label) {
        emit_warning(&format!("Label '{label}' already exists for console.time()"));
        return Ok(Value::UNDEFINED);
    }
    st.timers.push((label, Instant::now()));
    Ok(Value::UNDEFINED)
}

/// Node's `formatTime`.
pub fn format_time(ms: f64) -> String {
    let (mut hours, mut minutes, mut seconds) = (0.0f64, 0.0f64, 0.0f64);
    let mut ms = ms;
    if ms >= 1000.0 {
        if ms >= 60_000.0 {
            if ms >= 3_600_000.0 {
                hours = (ms / 3_600_000.0).floor();
                ms %= 3_600_000.0;
            }
            minutes = (ms / 60_000.0).floor();
            ms %= 60_000.0;
        }
        seconds = ms / 1000.0;
    }
    if hours != 0.0 || minutes != 0.0 {
        let fixed = format!("{seconds:.3}");
        let (s, frac) = fixed.split_once('.').unwrap_or((&fixed, "000"));
        let res = if hours != 0.0 { format!("{hours}:{minutes:02}") } else { format!("{minutes}") };
        return format!("{res}:{s:0>2}.{frac} ({}m:ss.mmm)", if hours != 0.0 { "h:m" } else { "" });
    }
    if seconds != 0.0 {
        return format!("{seconds:.3}s");
    }
    let fixed = format!("{ms:.3}");
    format!("{}ms", string::number_to_rust(fixed.parse::<f64>().unwrap_or(0.0)))
}

fn time_log_impl(args: &Args, name: &str, end: bool) -> JsResult {
    let label = label_of(args.get(0))?;
    let st = state();
    let Some(i) = st.timers.iter().position(|(l, _)| *l == label) else {
        emit_warning(&format!("No such label '{label}' for console.{name}()"));
        return Ok(Value::UNDEFINED);
    };
    let ms = st.timers[i].1.elapsed().as_secs_f64() * 1000.0;
    if end {
        st.timers.remove(i);
    }
    let scope = HandleScope::new();
    let head = string::from_str(&format!("{label}: {}", format_time(ms)));
    let mut hs = vec![scope.root(head.0)];
    if !end {
        for j in 1..args.len() {
            hs.push(scope.root(args.get(j).0));
        }
    }
    // log('%s: %s', label, time, ...data): the data follow, each raw or inspected.
    let mut out = string::to_rust(hv(hs[0]));
    for &h in &hs[1..] {
        out.push(' ');
        let v = hv(h);
        out.push_str(&if v.is_string() { string::to_rust(v) } else { inspect::inspect(v, 0) });
    }
    write_line(false, &out);
    Ok(Value::UNDEFINED)
}

/// console.timeEnd([label])
fn time_end(args: &Args) -> JsResult {
    time_log_impl(args, "timeEnd", true)
}

/// console.timeLog([label, ...data])
fn time_log(args: &Args) -> JsResult {
    time_log_impl(args, "timeLog", false)
}

/// console.trace(...data): `Trace: message` and the stack on stderr.
fn trace(args: &Args) -> JsResult {
    let msg = format_args_from(args, 0)?;
    let scope = HandleScope::new();
    let o = object::new_plain(4);
    let ho = scope.root(o.0);
    let n = string::from_str("Trace");
    object::define(hv(ho), names::NAME, n, shape::DEFAULT);
    let m = string::from_str(&msg);
    object::define(hv(ho), names::MESSAGE, m, shape::DEFAULT);
    error::capture_stack(hv(ho));
    let st = object::get_data_chain(hv(ho), names::STACK).filter(|s| s.is_string()).map(string::to_rust).unwrap_or_else(|| error::error_header(hv(ho)));
    write_line(true, &st);
    Ok(Value::UNDEFINED)
}

/// Reads util.inspect options from an options object.
fn options_from(o: Value) -> JsResult<inspect::Options> {
    let mut opts = inspect::Options::default();
    if !o.is_object() {
        return Ok(opts);
    }
    let scope = HandleScope::new();
    let h = scope.root(o.0);
    let get = |k: &str| {
        let key = perry_runtime::atoms::intern(k);
        object::get(hv(h), key)
    };
    let d = get("depth")?;
    if d.is_null() {
        opts.depth = f64::INFINITY;
    } else if d.is_number() {
        opts.depth = d.as_number();
    }
    let sh = get("showHidden")?;
    if !sh.is_undefined() {
        opts.show_hidden = ops::to_boolean(sh);
    }
    let bl = get("breakLength")?;
    if bl.is_number() {
        opts.break_length = if bl.as_number().is_finite() { bl.as_number().max(0.0) as usize } else { usize::MAX / 4 };
    }
    let c = get("compact")?;
    if c.is_number() {
        opts.compact = c.as_number().max(0.0) as usize;
    }
    let m = get("maxArrayLength")?;
    if m.is_number() {
        opts.max_array_length = m.as_number().max(0.0).min(usize::MAX as f64 / 4.0) as usize;
    } else if m.is_null() {
        opts.max_array_length = usize::MAX / 4;
    }
    let m = get("maxStringLength")?;
    if m.is_number() {
        opts.max_string_length = m.as_number().max(0.0).min(usize::MAX as f64 / 4.0) as usize;
    } else if m.is_null() {
        opts.max_string_length = usize::MAX / 4;
    }
    Ok(opts)
}

/// console.dir(item[, options])
fn dir(args: &Args) -> JsResult {
    let opts = options_from(args.get(1))?;
    let s = inspect::inspect_with(args.get(0), &opts);
    write_line(false, &s);
    Ok(Value::UNDEFINED)
}

/// console.clear(): nothing to do when stdout is not a terminal.
fn clear(_args: &Args) -> JsResult {
    Ok(Value::UNDEFINED)
}

pub fn install() {
    let scope = HandleScope::new();
    let c = object::new_plain(8);
    let hc = scope.root(c.0);
    let methods: &[(&str, u32, perry_runtime::function::NativeFn)] = &[
        ("log", 0, log),
        ("warn", 0, warn),
        ("dir", 0, dir),
        ("time", 0, time),
        ("timeEnd", 0, time_end),
        ("timeLog", 0, time_log),
        ("trace", 0, trace),
        ("assert", 0, assert),
        ("clear", 0, clear),
        ("count", 0, count),
        ("countReset", 0, count_reset),
        ("group", 0, group),
        ("groupEnd", 0, group_end),
        ("table", 0, log),
        ("debug", 0, log),
        ("info", 0, log),
        ("dirxml", 0, log),
        ("error", 0, warn),
        ("groupCollapsed", 0, group),
    ];
    for &(name, len, f) in methods {
        inspect::define_method(hc, name, len, f);
    }
    inspect::define_global("console", hc);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse() {
        assert_eq!(parse_int("  42.9abc"), 42.0);
        assert_eq!(parse_int("0x1f"), 31.0);
        assert_eq!(parse_int("-12.7e1"), -12.0);
        assert!(parse_int("abc").is_nan());
        assert_eq!(parse_float("3.5abc"), 3.5);
        assert_eq!(parse_float(".5"), 0.5);
        assert_eq!(parse_float("1e3x"), 1000.0);
        assert_eq!(parse_float("1e"), 1.0);
        assert_eq!(parse_float("-Infinityx"), f64::NEG_INFINITY);
        assert!(parse_float("x").is_nan());
    }

    #[test]
    fn times() {
        assert_eq!(format_time(0.1234), "0.123ms");
        assert_eq!(format_time(12.0), "12ms");
        assert_eq!(format_time(1500.0), "1.500s");
        assert_eq!(format_time(61_000.0), "1:01.000 (m:ss.mmm)");
        assert_eq!(format_time(3_661_000.0), "1:01:01.000 (h:mm:ss.mmm)");
    }
}
