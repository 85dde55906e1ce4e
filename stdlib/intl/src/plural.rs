//! Intl.PluralRules (ECMA-402 16), Intl.RelativeTimeFormat (17) and Intl.ListFormat (13)
//! with en's rules and patterns.
//!
//! en cardinal: "one" for an integer 1 shown without fraction digits, else "other"; ordinal:
//! "one" (1, 21, 31, ... not 11), "two" (2, 22, ... not 12), "few" (3, 23, ... not 13),
//! "other". Relative times format their number as `Intl.NumberFormat` does by default.

use super::number::{self, Num, Opts};
use super::{Class, Rec, get_option, options_object, push_part};
use perry_gc::{Handle, HandleScope};
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

// ---------------------------------------------------------------------------
// PluralRules
// ---------------------------------------------------------------------------

/// en's plural category of a formatted number (its integer and fraction digit strings).
pub fn category(int: &str, frac: &str, ordinal: bool) -> &'static str {
    if !ordinal {
        return if int == "1" && frac.is_empty() { "one" } else { "other" };
    }
    if !frac.is_empty() {
        return "other";
    }
    let n: u64 = int.bytes().rev().take(2).rev().fold(0, |a, b| a * 10 + (b - b'0') as u64);
    match (n % 10, n % 100) {
        (1, x) if x != 11 => "one",
        (2, x) if x != 12 => "two",
        (3, x) if x != 13 => "few",
        _ => "other",
    }
}

/// ResolvePlural: the category of `n` formatted with the record's digit options.
fn resolve_plural(rec: &Rec, n: &Num) -> &'static str {
    let ordinal = rec.get_str("type") == Some("ordinal");
    let mut o = Opts::from_rec(rec);
    o.style = "decimal".into();
    o.grouping = "false".into();
    o.notation = "standard".into();
    o.sign_display = "never".into();
    if !matches!(n, Num::Fin(_)) {
        return "other";
    }
    let s = number::joined(&number::format_to_parts(n, &o));
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    category(int, frac, ordinal)
}

fn plural_ctor(args: &Args) -> JsResult {
    super::require_new(args, "PluralRules")?;
    let locale = super::resolve_locale(args.get(0))?;
    let scope = HandleScope::new();
    let o = options_object(&scope, args.get(1))?;
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, "Intl.PluralRules")?;
    let ty = get_option(o, "type", &["cardinal", "ordinal"], Some("cardinal"), "Intl.PluralRules")?.unwrap_or_default();
    let mut digits = Rec::default();
    number::digit_options(o, &mut digits, 0, 3, false)?;
    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("type", &ty);
    for k in ["minimumIntegerDigits", "minimumSignificantDigits", "maximumSignificantDigits", "minimumFractionDigits", "maximumFractionDigits"] {
        if let Some(v) = digits.get(k) {
            rec.set(k, v.clone());
        }
    }
    let cats: &[&str] = if ty == "ordinal" { &["few", "one", "two", "other"] } else { &["one", "other"] };
    rec.set("pluralCategories", super::Val::List(cats.iter().map(|s| s.to_string()).collect()));
    rec.str("_rounding", digits.get_str("_rounding").unwrap_or("fraction"));
    super::new_object(args, Class::PluralRules, &rec)
}

/// Intl.PluralRules.prototype.select ( value ) — 16.3.3
fn select(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::PluralRules, "select")?;
    let x = ops::to_number(args.get(0))?;
    Ok(string::from_str(resolve_plural(&rec, &number::f64_num(x))))
}

fn plural_resolved(args: &Args) -> JsResult {
    super::this_rec(args, Class::PluralRules, "resolvedOptions")?.to_object()
}

// ---------------------------------------------------------------------------
// RelativeTimeFormat
// ---------------------------------------------------------------------------

const UNITS: [&str; 8] = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"];

fn rtf_ctor(args: &Args) -> JsResult {
    super::require_new(args, "RelativeTimeFormat")?;
    let locale = super::resolve_locale(args.get(0))?;
    let scope = HandleScope::new();
    let o = options_object(&scope, args.get(1))?;
    let c = "Intl.RelativeTimeFormat";
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, c)?;
    get_option(o, "numberingSystem", &[], None, c)?;
    let style = get_option(o, "style", &["long", "short", "narrow"], Some("long"), c)?.unwrap_or_default();
    let numeric = get_option(o, "numeric", &["always", "auto"], Some("always"), c)?.unwrap_or_default();
    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("style", &style);
    rec.str("numeric", &numeric);
    rec.str("numberingSystem", "latn");
    super::new_object(args, Class::RelativeTimeFormat, &rec)
}

/// The unit's name (singular or plural) in a style.
fn unit_name(unit: &str, style: &str, one: bool) -> String {
    match style {
        "long" => {
            if one {
                unit.to_string()
            } else {
                format!("{unit}s")
            }
        }
        "short" => match unit {
            "year" => "yr.".into(),
            "quarter" => (if one { "qtr." } else { "qtrs." }).into(),
            "month" => "mo.".into(),
            "week" => "wk.".into(),
            "day" => (if one { "day" } else { "days" }).into(),
            "hour" => "hr.".into(),
            "minute" => "min.".into(),
            _ => "sec.".into(),
        },
        _ => match unit {
            "year" => "y".into(),
            "quarter" => "q".into(),
            "month" => "mo".into(),
            "week" => "w".into(),
            "day" => "d".into(),
            "hour" => "h".into(),
            "minute" => "m".into(),
            _ => "s".into(),
        },
    }
}

/// The words of numeric "auto" for -1, 0 and 1, where en has them.
fn auto_phrase(unit: &str, style: &str, v: f64) -> Option<String> {
    if v != -1.0 && v != 0.0 && v != 1.0 {
        return None;
    }
    match unit {
        "day" => Some(
            (if v < 0.0 {
                "yesterday"
            } else if v == 0.0 {
                "today"
            } else {
                "tomorrow"
            })
            .into(),
        ),
        "second" if v == 0.0 => Some("now".into()),
        "minute" | "hour" if v == 0.0 => Some(format!("this {unit}")),
        "year" | "quarter" | "month" | "week" => {
            let word = if style == "long" {
                unit.to_string()
            } else {
                match unit {
                    "year" => "yr.".into(),
                    "quarter" => "qtr.".into(),
                    "month" => "mo.".into(),
                    _ => "wk.".into(),
                }
            };
            let rel = if v < 0.0 {
                "last"
            } else if v == 0.0 {
                "this"
            } else {
                "next"
            };
            Some(format!("{rel} {word}"))
        }
        _ => None,
    }
}

/// PartitionRelativeTimePattern (17.5.2): the parts, each number part with its unit.
fn relative_parts(args: &Args) -> JsResult<Vec<(String, String, bool, String)>> {
    let rec = super::this_rec(args, Class::RelativeTimeFormat, "format")?;
    let v = ops::to_number(args.get(0))?;
    let unit_s = ops::to_rust_string(args.get(1))?;
    if !v.is_finite() {
        return Err(error::range_error("Value need to be finite number for Intl.RelativeTimeFormat.prototype.format()"));
    }
    let unit = unit_s.strip_suffix('s').unwrap_or(&unit_s);
    if !UNITS.contains(&unit) {
        return Err(error::range_error(&format!("Invalid unit argument for Intl.RelativeTimeFormat.prototype.format() '{unit_s}'")));
    }
    let style = rec.get_str("style").unwrap_or("long").to_string();
    let mut out = Vec::new();
    if rec.get_str("numeric") == Some("auto")
        && let Some(p) = auto_phrase(unit, &style, v)
    {
        out.push(("literal".into(), p, false, String::new()));
        return Ok(out);
    }
    let mut nf = Rec::default();
    nf.str("style", "decimal");
    nf.num("minimumIntegerDigits", 1.0);
    nf.num("minimumFractionDigits", 0.0);
    nf.num("maximumFractionDigits", 3.0);
    nf.str("useGrouping", "auto");
    nf.str("notation", "standard");
    nf.str("signDisplay", "never");
    nf.str("_rounding", "fraction");
    let parts = number::format_to_parts(&number::f64_num(v.abs()), &Opts::from_rec(&nf));
    let shown = number::joined(&parts);
    let name = unit_name(unit, &style, shown == "1");
    let past = v < 0.0 || (v == 0.0 && v.is_sign_negative());
    let sep = if style == "narrow" { "" } else { " " };
    if !past {
        out.push(("literal".into(), "in ".into(), false, String::new()));
    }
    for (t, s) in parts {
        out.push((t, s, true, unit.to_string()));
    }
    out.push(("literal".into(), if past { format!("{sep}{name} ago") } else { format!("{sep}{name}") }, false, String::new()));
    Ok(out)
}

/// Intl.RelativeTimeFormat.prototype.format ( value, unit ) — 17.3.3
fn rtf_format(args: &Args) -> JsResult {
    let parts = relative_parts(args)?;
    Ok(string::from_str(&parts.iter().map(|p| p.1.as_str()).collect::<String>()))
}

/// Intl.RelativeTimeFormat.prototype.formatToParts ( value, unit ) — 17.3.4
fn rtf_format_to_parts(args: &Args) -> JsResult {
    let parts = relative_parts(args)?;
    let pairs: Vec<(String, String)> = parts.iter().map(|p| (p.0.clone(), p.1.clone())).collect();
    let units: Vec<Option<&str>> = parts.iter().map(|p| if p.2 { Some(p.3.as_str()) } else { None }).collect();
    Ok(super::parts_array(&pairs, Some(&units)))
}

fn rtf_resolved(args: &Args) -> JsResult {
    super::this_rec(args, Class::RelativeTimeFormat, "resolvedOptions")?.to_object()
}

// ---------------------------------------------------------------------------
// ListFormat
// ---------------------------------------------------------------------------

fn list_ctor(args: &Args) -> JsResult {
    super::require_new(args, "ListFormat")?;
    let locale = super::resolve_locale(args.get(0))?;
    let scope = HandleScope::new();
    let o = options_object(&scope, args.get(1))?;
    let c = "Intl.ListFormat";
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, c)?;
    let ty = get_option(o, "type", &["conjunction", "disjunction", "unit"], Some("conjunction"), c)?.unwrap_or_default();
    let style = get_option(o, "style", &["long", "short", "narrow"], Some("long"), c)?.unwrap_or_default();
    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("type", &ty);
    rec.str("style", &style);
    super::new_object(args, Class::ListFormat, &rec)
}

/// StringListFromIterable (13.5.3)
fn string_list(v: Value) -> JsResult<Vec<String>> {
    if v.is_undefined() {
        return Ok(Vec::new());
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let ha = scope.root(perry_runtime::array::new_array(0).0);
    perry_runtime::iter::collect_into(Value(ha.get()), Value(hv.get()))?;
    let n = perry_runtime::array::len(Value(ha.get()));
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let x = perry_runtime::array::get_index(Value(ha.get()), i);
        if !x.is_string() {
            return Err(error::type_error(&format!("Iterable yielded {} which is not a string", ops::inspect_brief(x))));
        }
        out.push(string::to_rust(x));
    }
    Ok(out)
}

/// The (separator between two, middle separator, last separator) of a type and style.
fn list_seps(ty: &str, style: &str) -> (&'static str, &'static str, &'static str) {
    match (ty, style) {
        ("conjunction", "long") => (" and ", ", ", ", and "),
        ("conjunction", "short") => (" & ", ", ", ", & "),
        ("conjunction", _) => (", ", ", ", ", "),
        ("disjunction", _) => (" or ", ", ", ", or "),
        ("unit", "narrow") => (" ", " ", " "),
        _ => (", ", ", ", ", "),
    }
}

fn list_parts(args: &Args, method: &str) -> JsResult<Vec<(String, String)>> {
    let rec = super::this_rec(args, Class::ListFormat, method)?;
    let items = string_list(args.get(0))?;
    let (two, mid, last) = list_seps(rec.get_str("type").unwrap_or("conjunction"), rec.get_str("style").unwrap_or("long"));
    let mut parts = Vec::new();
    let n = items.len();
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            let sep = if n == 2 {
                two
            } else if i == n - 1 {
                last
            } else {
                mid
            };
            push_part(&mut parts, "literal", sep);
        }
        parts.push(("element".to_string(), s.clone()));
    }
    Ok(parts)
}

/// Intl.ListFormat.prototype.format ( list ) — 13.3.3
fn list_format(args: &Args) -> JsResult {
    let parts = list_parts(args, "format")?;
    Ok(string::from_str(&parts.iter().map(|p| p.1.as_str()).collect::<String>()))
}

/// Intl.ListFormat.prototype.formatToParts ( list ) — 13.3.4
fn list_format_to_parts(args: &Args) -> JsResult {
    let parts = list_parts(args, "formatToParts")?;
    Ok(super::parts_array(&parts, None))
}

fn list_resolved(args: &Args) -> JsResult {
    super::this_rec(args, Class::ListFormat, "resolvedOptions")?.to_object()
}

pub fn install(intl: Handle) {
    let scope = HandleScope::new();
    let (_, hp) = super::class(&scope, intl, Class::PluralRules, 0, plural_ctor);
    perry_stdlib::method(Value(hp.get()), "select", 1, select);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, plural_resolved);
    let (_, hp) = super::class(&scope, intl, Class::RelativeTimeFormat, 0, rtf_ctor);
    perry_stdlib::method(Value(hp.get()), "format", 2, rtf_format);
    perry_stdlib::method(Value(hp.get()), "formatToParts", 2, rtf_format_to_parts);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, rtf_resolved);
    let (_, hp) = super::class(&scope, intl, Class::ListFormat, 0, list_ctor);
    perry_stdlib::method(Value(hp.get()), "format", 1, list_format);
    perry_stdlib::method(Value(hp.get()), "formatToParts", 1, list_format_to_parts);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, list_resolved);
}
