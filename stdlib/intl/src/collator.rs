//! Intl.Collator (ECMA-402 10), Intl.Locale (14), Intl.getCanonicalLocales (8.3.1) and
//! Intl.supportedValuesOf (8.3.2).
//!
//! Collation is [`collate`]: the collation elements `localeCompare` has always compared
//! (`string_builtins::collation_elems`), with the Collator's sensitivity, numeric,
//! ignorePunctuation and caseFirst applied. Locale's
//! maximize/minimize know the likely subtags of the common languages only (a small table).

use super::{Class, LOCALE, Rec, get_bool_option, get_option, options_object};
use perry_gc::{Handle, HandleScope};
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};
use perry_stdlib::string_builtins::{collation_elems, to_units};

// ---------------------------------------------------------------------------
// Collator
// ---------------------------------------------------------------------------

/// How two strings are compared (Intl.Collator's options; the defaults are localeCompare's).
#[derive(Clone, Copy, Debug)]
pub struct CollateOptions {
    /// 0 base, 1 accent, 2 case, 3 variant.
    pub sensitivity: u8,
    pub numeric: bool,
    pub ignore_punctuation: bool,
    pub upper_first: bool,
}

type Elem = (u8, u32, u32, u8);

/// The collation elements of `u` (`string_builtins::collation_elems`: primary class and
/// weight, accents, case) with the options applied: punctuation and spaces dropped, digit
/// runs made numbers (their length without leading zeros, then their digits), case inverted.
fn elems(u: &[u16], o: CollateOptions) -> JsResult<Vec<Elem>> {
    let is_digit = |e: &Elem| e.0 == 3 && (b'0' as u32..=b'9' as u32).contains(&e.1);
    let mut k = collation_elems(u)?;
    if o.ignore_punctuation {
        k.retain(|e| e.0 > 2);
    }
    if o.numeric {
        let mut out = Vec::with_capacity(k.len());
        let mut i = 0;
        while i < k.len() {
            if !is_digit(&k[i]) {
                out.push(k[i]);
                i += 1;
                continue;
            }
            let mut j = i;
            while j < k.len() && is_digit(&k[j]) {
                j += 1;
            }
            let mut s = i;
            while s + 1 < j && k[s].1 == b'0' as u32 {
                s += 1;
            }
            out.push((3, (j - s) as u32, 0, 0));
            out.extend_from_slice(&k[s..j]);
            i = j;
        }
        k = out;
    }
    if o.upper_first {
        for e in &mut k {
            e.3 ^= 1;
        }
    }
    Ok(k)
}

/// Compares two strings: primary (letters case- and accent-insensitively), then accents
/// (sensitivity accent or variant), then case (case or variant); equal at every level
/// compared is 0.
pub fn collate(a: &[u16], b: &[u16], o: CollateOptions) -> JsResult<i32> {
    use core::cmp::Ordering;
    if a == b {
        return Ok(0);
    }
    let (ka, kb) = (elems(a, o)?, elems(b, o)?);
    let prim = |k: &[Elem]| k.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>();
    let sec = |k: &[Elem]| k.iter().map(|e| e.2).collect::<Vec<_>>();
    let ter = |k: &[Elem]| k.iter().map(|e| e.3).collect::<Vec<_>>();
    let mut ord = prim(&ka).cmp(&prim(&kb));
    if o.sensitivity == 1 || o.sensitivity == 3 {
        ord = ord.then_with(|| sec(&ka).cmp(&sec(&kb)));
    }
    if o.sensitivity >= 2 {
        ord = ord.then_with(|| ter(&ka).cmp(&ter(&kb)));
    }
    Ok(match ord {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

/// InitializeCollator (10.1.2)'s record.
fn create(locales: Value, options: Value) -> JsResult<Rec> {
    // Reading the locales may run code: the options are held first.
    let scope = HandleScope::new();
    let hopts = scope.root(options.0);
    let locale = super::resolve_locale(locales)?;
    let o = options_object(&scope, Value(hopts.get()))?;
    let c = "Intl.Collator";
    let usage = get_option(o, "usage", &["sort", "search"], Some("sort"), c)?.unwrap_or_default();
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, c)?;
    get_option(o, "collation", &[], None, c)?;
    let numeric = get_bool_option(o, "numeric")?.unwrap_or(false);
    let case_first = get_option(o, "caseFirst", &["upper", "lower", "false"], Some("false"), c)?.unwrap_or_default();
    let sensitivity = get_option(o, "sensitivity", &["base", "accent", "case", "variant"], Some("variant"), c)?.unwrap_or_default();
    let ignore = get_bool_option(o, "ignorePunctuation")?.unwrap_or(false);
    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("usage", &usage);
    rec.str("sensitivity", &sensitivity);
    rec.bool("ignorePunctuation", ignore);
    rec.str("collation", "default");
    rec.bool("numeric", numeric);
    rec.str("caseFirst", &case_first);
    Ok(rec)
}

fn collate_options(rec: &Rec) -> CollateOptions {
    CollateOptions {
        sensitivity: match rec.get_str("sensitivity") {
            Some("base") => 0,
            Some("accent") => 1,
            Some("case") => 2,
            _ => 3,
        },
        numeric: rec.get_bool("numeric").unwrap_or(false),
        ignore_punctuation: rec.get_bool("ignorePunctuation").unwrap_or(false),
        upper_first: rec.get_str("caseFirst") == Some("upper"),
    }
}

/// String.prototype.localeCompare with its locales and options (the hook
/// `families::Hooks::locale_compare`).
pub fn locale_compare(a: &[u16], b: &[u16], locales: Value, options: Value) -> JsResult<i32> {
    let o = collate_options(&create(locales, options)?);
    collate(a, b, o)
}

/// Intl.Collator ( [ locales [ , options ] ] ) — 10.1.1 (callable without `new`).
fn ctor(args: &Args) -> JsResult {
    let rec = create(args.get(0), args.get(1))?;
    super::new_object(args, Class::Collator, &rec)
}

fn bound_compare(args: &Args) -> JsResult {
    let rec = super::rec_of(args.capture(0));
    let a = to_units(args.get(0))?;
    let b = to_units(args.get(1))?;
    Ok(Value::int(collate(&a, &b, collate_options(&rec))? as i64))
}

/// get Intl.Collator.prototype.compare — 10.3.3
fn compare_getter(args: &Args) -> JsResult {
    super::bound_getter(args, Class::Collator, "compare", bound_compare, 2)
}

fn resolved_options(args: &Args) -> JsResult {
    super::this_rec(args, Class::Collator, "resolvedOptions")?.to_object()
}

// ---------------------------------------------------------------------------
// Locale
// ---------------------------------------------------------------------------

/// Likely subtags (language -> script, region) of common languages (CLDR likelySubtags).
#[rustfmt::skip]
const LIKELY: &[(&str, &str, &str)] = &[
    ("en", "Latn", "US"), ("fr", "Latn", "FR"), ("de", "Latn", "DE"), ("es", "Latn", "ES"), ("it", "Latn", "IT"),
    ("pt", "Latn", "BR"), ("nl", "Latn", "NL"), ("sv", "Latn", "SE"), ("da", "Latn", "DK"), ("nb", "Latn", "NO"),
    ("fi", "Latn", "FI"), ("pl", "Latn", "PL"), ("cs", "Latn", "CZ"), ("tr", "Latn", "TR"), ("ru", "Cyrl", "RU"),
    ("uk", "Cyrl", "UA"), ("el", "Grek", "GR"), ("he", "Hebr", "IL"), ("ar", "Arab", "EG"), ("fa", "Arab", "IR"),
    ("hi", "Deva", "IN"), ("bn", "Beng", "BD"), ("th", "Thai", "TH"), ("vi", "Latn", "VN"), ("id", "Latn", "ID"),
    ("ja", "Jpan", "JP"), ("ko", "Kore", "KR"), ("zh", "Hans", "CN"), ("ro", "Latn", "RO"), ("hu", "Latn", "HU"),
    ("und", "Latn", "US"),
];

/// The parsed subtags of a canonical tag.
#[derive(Default, Clone)]
struct Tag {
    language: String,
    script: Option<String>,
    region: Option<String>,
    variants: Vec<String>,
    /// Everything from the first singleton on ("u-ca-gregory").
    ext: Option<String>,
}

fn parse(tag: &str) -> Tag {
    let subs: Vec<&str> = tag.split('-').collect();
    let mut t = Tag { language: subs[0].to_string(), ..Tag::default() };
    let mut i = 1;
    if i < subs.len() && subs[i].len() == 4 && subs[i].bytes().all(|b| b.is_ascii_alphabetic()) {
        t.script = Some(subs[i].to_string());
        i += 1;
    }
    if i < subs.len() && (subs[i].len() == 2 || (subs[i].len() == 3 && subs[i].bytes().all(|b| b.is_ascii_digit()))) {
        t.region = Some(subs[i].to_string());
        i += 1;
    }
    while i < subs.len() && subs[i].len() > 1 {
        t.variants.push(subs[i].to_string());
        i += 1;
    }
    if i < subs.len() {
        t.ext = Some(subs[i..].join("-"));
    }
    t
}

impl Tag {
    fn base(&self) -> String {
        let mut s = self.language.clone();
        for x in self.script.iter().chain(self.region.iter()).chain(self.variants.iter()) {
            s.push('-');
            s.push_str(x);
        }
        s
    }
    fn full(&self) -> String {
        match &self.ext {
            Some(e) => format!("{}-{e}", self.base()),
            None => self.base(),
        }
    }
    /// A `-u-` keyword's value ("" for a key present with no value).
    fn keyword(&self, key: &str) -> Option<String> {
        let ext = self.ext.as_deref()?;
        let subs: Vec<&str> = ext.split('-').collect();
        let u = subs.iter().position(|s| *s == "u")?;
        let mut i = u + 1;
        while i < subs.len() && subs[i].len() != 1 {
            if subs[i] == key {
                let mut vals = Vec::new();
                let mut j = i + 1;
                while j < subs.len() && subs[j].len() > 2 {
                    vals.push(subs[j]);
                    j += 1;
                }
                return Some(vals.join("-"));
            }
            i += 1;
        }
        None
    }
    fn maximize(&self) -> Tag {
        let mut t = self.clone();
        // "und" (undetermined) is likely English.
        if let Some(&(_, script, region)) = LIKELY.iter().find(|e| e.0 == self.language) {
            if t.language == "und" {
                t.language = "en".to_string();
            }
            if t.script.is_none() {
                t.script = Some(if t.language == "zh" && matches!(t.region.as_deref(), Some("TW" | "HK" | "MO")) { "Hant".into() } else { script.into() });
            }
            if t.region.is_none() {
                t.region = Some(region.into());
            }
        }
        t
    }
    fn minimize(&self) -> Tag {
        let max = self.maximize();
        let try_tag = |script: bool, region: bool| {
            let t = Tag {
                language: max.language.clone(),
                script: if script { max.script.clone() } else { None },
                region: if region { max.region.clone() } else { None },
                variants: max.variants.clone(),
                ext: max.ext.clone(),
            };
            if t.maximize().base() == max.base() { Some(t) } else { None }
        };
        try_tag(false, false).or_else(|| try_tag(false, true)).or_else(|| try_tag(true, false)).unwrap_or(max)
    }
}

/// The canonical tag of an Intl.Locale.
fn locale_tag(args: &Args, method: &str) -> JsResult<Tag> {
    let rec = super::this_rec(args, Class::Locale, method)?;
    Ok(parse(rec.get_str("_tag").unwrap_or(LOCALE)))
}

/// Intl.Locale ( tag [ , options ] ) — 14.1.1
fn locale_ctor(args: &Args) -> JsResult {
    super::require_new(args, "Locale")?;
    let tag_v = args.get(0);
    let tag = if super::is(tag_v, Class::Locale) {
        super::rec_of(tag_v).get_str("_tag").unwrap_or(LOCALE).to_string()
    } else if tag_v.is_string() || tag_v.is_js_object() {
        ops::to_rust_string(tag_v)?
    } else {
        return Err(error::type_error("First argument to Intl.Locale constructor can't be empty or missing"));
    };
    let Some(canon) = super::canonical_tag(&tag) else {
        return Err(super::invalid_tag(&tag));
    };
    let mut t = parse(&canon);
    let scope = HandleScope::new();
    let o = options_object(&scope, args.get(1))?;
    let c = "Intl.Locale";
    if let Some(l) = get_option(o, "language", &[], None, c)? {
        t.language = l.to_ascii_lowercase();
    }
    if let Some(s) = get_option(o, "script", &[], None, c)? {
        let s = s.to_ascii_lowercase();
        t.script = Some(s[..1.min(s.len())].to_ascii_uppercase() + &s[1.min(s.len())..]);
    }
    if let Some(r) = get_option(o, "region", &[], None, c)? {
        t.region = Some(r.to_ascii_uppercase());
    }
    let mut kw: Vec<(String, String)> = Vec::new();
    for (opt, key, values) in [
        ("calendar", "ca", &[][..]),
        ("collation", "co", &[][..]),
        ("hourCycle", "hc", &["h11", "h12", "h23", "h24"][..]),
        ("caseFirst", "kf", &["upper", "lower", "false"][..]),
    ] {
        if let Some(v) = get_option(o, opt, values, None, c)? {
            kw.push((key.to_string(), v));
        }
    }
    if let Some(n) = get_bool_option(o, "numeric")? {
        kw.push(("kn".into(), n.to_string()));
    }
    if let Some(v) = get_option(o, "numberingSystem", &[], None, c)? {
        kw.push(("nu".into(), v));
    }
    if !kw.is_empty() {
        let mut all: Vec<(String, String)> = Vec::new();
        for k in ["ca", "co", "hc", "kf", "kn", "nu"] {
            if let Some((_, v)) = kw.iter().find(|e| e.0 == k) {
                all.push((k.into(), v.clone()));
            } else if let Some(v) = t.keyword(k) {
                all.push((k.into(), v));
            }
        }
        let u: Vec<String> = all.iter().map(|(k, v)| if v.is_empty() || v == "true" { k.clone() } else { format!("{k}-{v}") }).collect();
        t.ext = Some(format!("u-{}", u.join("-")));
    }
    let mut rec = Rec::default();
    rec.str("_tag", &t.full());
    super::new_object(args, Class::Locale, &rec)
}

fn locale_to_string(args: &Args) -> JsResult {
    Ok(string::from_str(&locale_tag(args, "toString")?.full()))
}

fn locale_maximize(args: &Args) -> JsResult {
    let t = locale_tag(args, "maximize")?.maximize();
    let mut rec = Rec::default();
    rec.str("_tag", &t.full());
    super::new_object_plain(Class::Locale, &rec)
}

fn locale_minimize(args: &Args) -> JsResult {
    let t = locale_tag(args, "minimize")?.minimize();
    let mut rec = Rec::default();
    rec.str("_tag", &t.full());
    super::new_object_plain(Class::Locale, &rec)
}

macro_rules! locale_getters {
    ($($name:ident => $js:literal, |$t:ident| $e:expr;)*) => {
        $(fn $name(args: &Args) -> JsResult {
            let $t = locale_tag(args, $js)?;
            let v: Option<String> = $e;
            Ok(match v {
                Some(s) => string::from_str(&s),
                None => Value::UNDEFINED,
            })
        })*
        const LOCALE_GETTERS: &[(&str, perry_runtime::function::NativeFn)] = &[$(($js, $name)),*];
    };
}

locale_getters! {
    get_base_name => "baseName", |t| Some(t.base());
    get_calendar => "calendar", |t| t.keyword("ca");
    get_case_first => "caseFirst", |t| t.keyword("kf");
    get_collation => "collation", |t| t.keyword("co");
    get_hour_cycle => "hourCycle", |t| t.keyword("hc");
    get_numbering_system => "numberingSystem", |t| t.keyword("nu");
    get_language => "language", |t| Some(t.language.clone());
    get_script => "script", |t| t.script.clone();
    get_region => "region", |t| t.region.clone();
}

fn get_numeric(args: &Args) -> JsResult {
    let t = locale_tag(args, "numeric")?;
    Ok(Value::bool(t.keyword("kn").is_some_and(|v| v.is_empty() || v == "true")))
}

// ---------------------------------------------------------------------------
// Intl.getCanonicalLocales, Intl.supportedValuesOf
// ---------------------------------------------------------------------------

/// Intl.getCanonicalLocales ( locales ) — 8.3.1
pub fn get_canonical_locales(args: &Args) -> JsResult {
    let list = super::canonicalize_locale_list(args.get(0))?;
    Ok(super::str_array(&list))
}

/// Intl.supportedValuesOf ( key ) — 8.3.2 (what this English-only build supports).
pub fn supported_values_of(args: &Args) -> JsResult {
    let key = ops::to_rust_string(args.get(0))?;
    let mut list: Vec<String> = match key.as_str() {
        "calendar" => vec!["gregory".into()],
        "collation" => vec!["default".into()],
        "currency" => super::number::currency_codes(),
        "numberingSystem" => vec!["latn".into()],
        "timeZone" => super::datetime::zone_names(),
        "unit" => super::number::unit_names(),
        _ => return Err(error::range_error(&format!("Invalid key : {key}"))),
    };
    list.sort();
    list.dedup();
    Ok(super::str_array(&list))
}

pub fn install(intl: Handle) {
    let scope = HandleScope::new();
    let (_, hp) = super::class(&scope, intl, Class::Collator, 0, ctor);
    perry_stdlib::getter(Value(hp.get()), "compare", compare_getter);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, resolved_options);
    let (_, hp) = super::class(&scope, intl, Class::Locale, 1, locale_ctor);
    perry_stdlib::method(Value(hp.get()), "toString", 0, locale_to_string);
    perry_stdlib::method(Value(hp.get()), "maximize", 0, locale_maximize);
    perry_stdlib::method(Value(hp.get()), "minimize", 0, locale_minimize);
    for &(name, f) in LOCALE_GETTERS {
        perry_stdlib::getter(Value(hp.get()), name, f);
    }
    perry_stdlib::getter(Value(hp.get()), "numeric", get_numeric);
}
