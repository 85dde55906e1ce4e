//! Intl.NumberFormat (ECMA-402 15) for en-US, and `Number.prototype.toLocaleString` /
//! `BigInt.prototype.toLocaleString` with locales and options.
//!
//! A number becomes a decimal ([`Dec`]: digits and a decimal exponent) from its shortest
//! round-trip form, as ICU's DecimalQuantity does, so rounding (half-expand) happens on the
//! decimal value the program wrote: `1.005` to two digits is `1.01`. BigInts keep all their
//! digits. Rounding to fraction or significant digits (or the more precise of both, compact
//! notation's default), then grouping, sign, percent, currency, unit, compact and scientific
//! forms are applied as parts, which `format` joins.

use super::{Class, Rec, Val, default_number_option, get_number_option, get_option, options_object, push_part};
use perry_gc::{Handle, HandleScope};
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const CTOR: &str = "Intl.NumberFormat";

// ---------------------------------------------------------------------------
// Decimals
// ---------------------------------------------------------------------------

/// A finite decimal: value = 0.d1d2d3... x 10^exp (no trailing zero digits; zero has none).
#[derive(Clone, Debug)]
pub struct Dec {
    pub neg: bool,
    pub digits: Vec<u8>,
    pub exp: i32,
}

/// A value to format: a finite decimal, NaN or an infinity.
#[derive(Clone, Debug)]
pub enum Num {
    Fin(Dec),
    NaN,
    Inf(bool),
}

impl Dec {
    fn from_f64(x: f64) -> Dec {
        let (digits, exp) = perry_stdlib::number::shortest_digits(x);
        Dec { neg: x.is_sign_negative(), digits, exp }
    }

    /// From a decimal integer string ("-123").
    fn from_int_str(s: &str) -> Dec {
        let (neg, d) = match s.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, s),
        };
        let d = d.trim_start_matches('0');
        let mut digits: Vec<u8> = d.bytes().map(|b| b - b'0').collect();
        let exp = digits.len() as i32;
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Dec { neg, digits, exp }
    }

    fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Rounds by `mode` (ECMA-402's roundingMode: "halfExpand" rounds half away from zero),
    /// keeping the digits above 10^(exp - keep).
    fn round_keep(&self, keep: i32, mode: &str) -> Dec {
        let mut r = self.clone();
        if self.is_zero() {
            return r;
        }
        // The dropped digits: the first, and whether any after it is not zero.
        let k = keep.max(0) as usize;
        if keep >= 0 && k >= r.digits.len() {
            return r;
        }
        let (first, rest) = if keep < 0 { (0, true) } else { (r.digits[k], r.digits[k + 1..].iter().any(|&d| d != 0)) };
        let odd = keep > 0 && r.digits[k - 1] % 2 == 1;
        let half = match (first, rest) {
            (5, false) => core::cmp::Ordering::Equal,
            (f, _) if f >= 5 => core::cmp::Ordering::Greater,
            _ => core::cmp::Ordering::Less,
        };
        // Whether the magnitude goes up (away from zero).
        let up = match mode {
            "ceil" => !self.neg,
            "floor" => self.neg,
            "expand" => true,
            "trunc" => false,
            _ => match half {
                core::cmp::Ordering::Greater => true,
                core::cmp::Ordering::Less => false,
                core::cmp::Ordering::Equal => match mode {
                    "halfCeil" => !self.neg,
                    "halfFloor" => self.neg,
                    "halfTrunc" => false,
                    "halfEven" => odd,
                    _ => true,
                },
            },
        };
        if keep < 0 {
            // Everything is dropped: zero, or one unit of the kept position.
            r.digits.clear();
            if up {
                r.digits.push(1);
                r.exp = self.exp - keep + 1;
            }
            return r;
        }
        r.digits.truncate(k);
        if up {
            let mut i = k;
            loop {
                if i == 0 {
                    r.digits.insert(0, 1);
                    r.exp += 1;
                    break;
                }
                i -= 1;
                if r.digits[i] == 9 {
                    r.digits[i] = 0;
                } else {
                    r.digits[i] += 1;
                    break;
                }
            }
        }
        while r.digits.last() == Some(&0) {
            r.digits.pop();
        }
        r
    }

    /// Rounded to `f` fraction digits.
    fn round_fraction(&self, f: i32, mode: &str) -> Dec {
        self.round_keep(self.exp + f, mode)
    }

    /// Rounded to `s` significant digits.
    fn round_significant(&self, s: i32, mode: &str) -> Dec {
        self.round_keep(s, mode)
    }
}

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

/// The resolved options a format needs (from the record).
#[derive(Clone, Debug)]
pub struct Opts {
    pub style: String,
    pub currency: String,
    pub currency_display: String,
    pub currency_sign: String,
    pub unit: String,
    pub unit_display: String,
    pub min_int: i32,
    pub min_fd: i32,
    pub max_fd: i32,
    pub min_sd: i32,
    pub max_sd: i32,
    /// "fraction", "significant", "morePrecision" or "lessPrecision".
    pub rounding: String,
    pub grouping: String,
    pub notation: String,
    pub compact_display: String,
    pub sign_display: String,
    pub strip_if_integer: bool,
    /// roundingMode ("halfExpand" by default).
    pub mode: String,
}

impl Opts {
    pub fn from_rec(r: &Rec) -> Opts {
        let s = |k: &str| r.get_str(k).unwrap_or("").to_string();
        let n = |k: &str| r.get_num(k).unwrap_or(0.0) as i32;
        Opts {
            style: s("style"),
            currency: s("currency"),
            currency_display: s("currencyDisplay"),
            currency_sign: s("currencySign"),
            unit: s("unit"),
            unit_display: s("unitDisplay"),
            min_int: n("minimumIntegerDigits").max(1),
            min_fd: n("minimumFractionDigits"),
            max_fd: n("maximumFractionDigits"),
            min_sd: n("minimumSignificantDigits"),
            max_sd: n("maximumSignificantDigits"),
            rounding: s("_rounding"),
            grouping: match r.get("useGrouping") {
                Some(Val::Str(g)) => g.clone(),
                _ => "false".into(),
            },
            notation: s("notation"),
            compact_display: s("compactDisplay"),
            sign_display: s("signDisplay"),
            strip_if_integer: r.get_str("trailingZeroDisplay") == Some("stripIfInteger"),
            mode: r.get_str("roundingMode").unwrap_or("halfExpand").to_string(),
        }
    }
}

/// ISO 4217 minor units that are not 2.
fn currency_digits(c: &str) -> i32 {
    match c {
        "BIF" | "CLP" | "DJF" | "GNF" | "ISK" | "JPY" | "KMF" | "KRW" | "PYG" | "RWF" | "UGX" | "UYI" | "VND" | "VUV" | "XAF" | "XOF" | "XPF" => 0,
        "BHD" | "IQD" | "JOD" | "KWD" | "LYD" | "OMR" | "TND" => 3,
        _ => 2,
    }
}

/// (symbol, narrow symbol, singular name, plural name) of the currencies en has names for.
#[rustfmt::skip]
const CURRENCIES: &[(&str, &str, &str, &str, &str)] = &[
    ("USD", "$", "$", "US dollar", "US dollars"),
    ("EUR", "€", "€", "euro", "euros"),
    ("GBP", "£", "£", "British pound", "British pounds"),
    ("JPY", "¥", "¥", "Japanese yen", "Japanese yen"),
    ("CAD", "CA$", "$", "Canadian dollar", "Canadian dollars"),
    ("AUD", "A$", "$", "Australian dollar", "Australian dollars"),
    ("CNY", "CN¥", "¥", "Chinese yuan", "Chinese yuan"),
    ("INR", "₹", "₹", "Indian rupee", "Indian rupees"),
    ("KRW", "₩", "₩", "South Korean won", "South Korean won"),
    ("MXN", "MX$", "$", "Mexican peso", "Mexican pesos"),
    ("BRL", "R$", "R$", "Brazilian real", "Brazilian reals"),
    ("CHF", "CHF", "CHF", "Swiss franc", "Swiss francs"),
    ("HKD", "HK$", "$", "Hong Kong dollar", "Hong Kong dollars"),
    ("NZD", "NZ$", "$", "New Zealand dollar", "New Zealand dollars"),
    ("SEK", "SEK", "kr", "Swedish krona", "Swedish kronor"),
    ("NOK", "NOK", "kr", "Norwegian krone", "Norwegian kroner"),
    ("DKK", "DKK", "kr", "Danish krone", "Danish kroner"),
    ("PLN", "PLN", "zł", "Polish zloty", "Polish zlotys"),
    ("RUB", "RUB", "₽", "Russian ruble", "Russian rubles"),
    ("ILS", "₪", "₪", "Israeli new shekel", "Israeli new shekels"),
    ("TWD", "NT$", "$", "New Taiwan dollar", "New Taiwan dollars"),
    ("VND", "₫", "₫", "Vietnamese dong", "Vietnamese dong"),
    ("ZAR", "ZAR", "R", "South African rand", "South African rand"),
    ("SGD", "SGD", "$", "Singapore dollar", "Singapore dollars"),
    ("THB", "THB", "฿", "Thai baht", "Thai baht"),
    ("TRY", "TRY", "₺", "Turkish lira", "Turkish Lira"),
    ("PHP", "₱", "₱", "Philippine peso", "Philippine pesos"),
    ("KWD", "KWD", "KWD", "Kuwaiti dinar", "Kuwaiti dinars"),
    ("CZK", "CZK", "Kč", "Czech koruna", "Czech korunas"),
    ("HUF", "HUF", "Ft", "Hungarian forint", "Hungarian forints"),
    ("UAH", "UAH", "₴", "Ukrainian hryvnia", "Ukrainian hryvnias"),
    ("NGN", "NGN", "₦", "Nigerian naira", "Nigerian nairas"),
    ("XAF", "FCFA", "FCFA", "Central African CFA franc", "Central African CFA francs"),
];

/// (unit, short one, short other, long one, long other, narrow) with `#` for the number.
#[rustfmt::skip]
const UNITS: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("kilometer-per-hour", "# km/h", "# km/h", "# kilometer per hour", "# kilometers per hour", "#km/h"),
    ("mile-per-hour", "# mph", "# mph", "# mile per hour", "# miles per hour", "#mph"),
    ("celsius", "#°C", "#°C", "# degree Celsius", "# degrees Celsius", "#°C"),
    ("fahrenheit", "#°F", "#°F", "# degree Fahrenheit", "# degrees Fahrenheit", "#°"),
    ("percent", "#%", "#%", "# percent", "# percent", "#%"),
    ("degree", "# deg", "# deg", "# degree", "# degrees", "#°"),
    ("bit", "# bit", "# bit", "# bit", "# bits", "#bit"),
    ("byte", "# byte", "# byte", "# byte", "# bytes", "#B"),
    ("kilobit", "# kb", "# kb", "# kilobit", "# kilobits", "#kb"),
    ("kilobyte", "# kB", "# kB", "# kilobyte", "# kilobytes", "#kB"),
    ("megabit", "# Mb", "# Mb", "# megabit", "# megabits", "#Mb"),
    ("megabyte", "# MB", "# MB", "# megabyte", "# megabytes", "#MB"),
    ("gigabit", "# Gb", "# Gb", "# gigabit", "# gigabits", "#Gb"),
    ("gigabyte", "# GB", "# GB", "# gigabyte", "# gigabytes", "#GB"),
    ("terabyte", "# TB", "# TB", "# terabyte", "# terabytes", "#TB"),
    ("petabyte", "# PB", "# PB", "# petabyte", "# petabytes", "#PB"),
    ("millisecond", "# ms", "# ms", "# millisecond", "# milliseconds", "#ms"),
    ("microsecond", "# μs", "# μs", "# microsecond", "# microseconds", "#μs"),
    ("nanosecond", "# ns", "# ns", "# nanosecond", "# nanoseconds", "#ns"),
    ("second", "# sec", "# sec", "# second", "# seconds", "#s"),
    ("minute", "# min", "# min", "# minute", "# minutes", "#m"),
    ("hour", "# hr", "# hr", "# hour", "# hours", "#h"),
    ("day", "# day", "# days", "# day", "# days", "#d"),
    ("week", "# wk", "# wks", "# week", "# weeks", "#w"),
    ("month", "# mth", "# mths", "# month", "# months", "#m"),
    ("year", "# yr", "# yrs", "# year", "# years", "#y"),
    ("millimeter", "# mm", "# mm", "# millimeter", "# millimeters", "#mm"),
    ("centimeter", "# cm", "# cm", "# centimeter", "# centimeters", "#cm"),
    ("meter", "# m", "# m", "# meter", "# meters", "#m"),
    ("kilometer", "# km", "# km", "# kilometer", "# kilometers", "#km"),
    ("inch", "# in", "# in", "# inch", "# inches", "#″"),
    ("foot", "# ft", "# ft", "# foot", "# feet", "#′"),
    ("yard", "# yd", "# yd", "# yard", "# yards", "#yd"),
    ("mile", "# mi", "# mi", "# mile", "# miles", "#mi"),
    ("milliliter", "# mL", "# mL", "# milliliter", "# milliliters", "#mL"),
    ("liter", "# L", "# L", "# liter", "# liters", "#L"),
    ("gallon", "# gal", "# gal", "# gallon", "# gallons", "#gal"),
    ("gram", "# g", "# g", "# gram", "# grams", "#g"),
    ("kilogram", "# kg", "# kg", "# kilogram", "# kilograms", "#kg"),
    ("ounce", "# oz", "# oz", "# ounce", "# ounces", "#oz"),
    ("pound", "# lb", "# lb", "# pound", "# pounds", "#lb"),
    ("stone", "# st", "# st", "# stone", "# stones", "#st"),
    ("acre", "# ac", "# ac", "# acre", "# acres", "#ac"),
    ("hectare", "# ha", "# ha", "# hectare", "# hectares", "#ha"),
];

/// The currency codes with en names (supportedValuesOf).
pub fn currency_codes() -> Vec<String> {
    CURRENCIES.iter().map(|e| e.0.to_string()).collect()
}

/// The units this build formats (supportedValuesOf).
pub fn unit_names() -> Vec<String> {
    UNITS.iter().map(|e| e.0.to_string()).collect()
}

/// SetNumberFormatDigitOptions (15.1.3) into `rec`; the defaults are given.
pub(super) fn digit_options(o: Handle, rec: &mut Rec, mnfd_default: i32, mxfd_default: i32, compact: bool) -> JsResult<()> {
    let mnid = get_number_option(o, "minimumIntegerDigits", 1.0, 21.0)?.unwrap_or(1.0);
    let get = |k: &str| {
        let key = atoms::intern(k);
        object::get(Value(o.get()), key)
    };
    let mnfd = get("minimumFractionDigits")?;
    let scope = HandleScope::new();
    let h_mnfd = scope.root(mnfd.0);
    let mxfd = get("maximumFractionDigits")?;
    let h_mxfd = scope.root(mxfd.0);
    let mnsd = get("minimumSignificantDigits")?;
    let h_mnsd = scope.root(mnsd.0);
    let mxsd = get("maximumSignificantDigits")?;
    let h_mxsd = scope.root(mxsd.0);
    rec.num("minimumIntegerDigits", mnid);
    let increment = get_number_option(o, "roundingIncrement", 1.0, 5000.0)?.unwrap_or(1.0);
    let mode = get_option(
        o,
        "roundingMode",
        &["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
        Some("halfExpand"),
        CTOR,
    )?
    .unwrap_or_default();
    let priority = get_option(o, "roundingPriority", &["auto", "morePrecision", "lessPrecision"], Some("auto"), CTOR)?.unwrap_or_default();
    let tzd = get_option(o, "trailingZeroDisplay", &["auto", "stripIfInteger"], Some("auto"), CTOR)?.unwrap_or_default();
    let (mnfd, mxfd, mnsd, mxsd) = (Value(h_mnfd.get()), Value(h_mxfd.get()), Value(h_mnsd.get()), Value(h_mxsd.get()));
    let has_sd = !mnsd.is_undefined() || !mxsd.is_undefined();
    let has_fd = !mnfd.is_undefined() || !mxfd.is_undefined();
    let mut need_sd = true;
    let mut need_fd = true;
    if priority == "auto" {
        need_sd = has_sd;
        if need_sd || (!has_fd && compact) {
            need_fd = false;
        }
    }
    let (mut sd, mut fd) = (None, None);
    if need_sd {
        if has_sd {
            let a = default_number_option(mnsd, 1.0, 21.0, "minimumSignificantDigits")?.unwrap_or(1.0);
            let b = default_number_option(mxsd, a, 21.0, "maximumSignificantDigits")?.unwrap_or(21.0);
            sd = Some((a, b));
        } else {
            sd = Some((1.0, 21.0));
        }
    }
    if need_fd {
        if has_fd {
            let a = default_number_option(mnfd, 0.0, 100.0, "minimumFractionDigits")?;
            let b = default_number_option(mxfd, 0.0, 100.0, "maximumFractionDigits")?;
            let (a, b) = match (a, b) {
                (None, Some(b)) => ((mnfd_default as f64).min(b), b),
                (Some(a), None) => (a, (mxfd_default as f64).max(a)),
                (Some(a), Some(b)) => {
                    if a > b {
                        return Err(error::range_error("maximumFractionDigits value is out of range."));
                    }
                    (a, b)
                }
                (None, None) => (mnfd_default as f64, mxfd_default as f64),
            };
            fd = Some((a, b));
        } else {
            fd = Some((mnfd_default as f64, mxfd_default as f64));
        }
    }
    let rounding;
    let mut resolved_priority = priority.clone();
    if !need_sd && !need_fd {
        sd = Some((1.0, 2.0));
        fd = Some((0.0, 0.0));
        rounding = "morePrecision".to_string();
        resolved_priority = "morePrecision".into();
    } else if priority == "auto" {
        rounding = if has_sd { "significant".into() } else { "fraction".into() };
    } else {
        rounding = priority.clone();
    }
    if let Some((a, b)) = sd {
        rec.num("minimumSignificantDigits", a);
        rec.num("maximumSignificantDigits", b);
    }
    if let Some((a, b)) = fd {
        rec.num("minimumFractionDigits", a);
        rec.num("maximumFractionDigits", b);
    }
    rec.str("_rounding", &rounding);
    rec.str("_mode", &mode);
    rec.num("_increment", increment);
    rec.str("_priority", &resolved_priority);
    rec.str("_tzd", &tzd);
    Ok(())
}

/// InitializeNumberFormat (15.1.2).
pub fn create(locales: Value, options: Value) -> JsResult<Rec> {
    // Reading the locales may run code: the options are held first.
    let scope = HandleScope::new();
    let hopts = scope.root(options.0);
    let locale = super::resolve_locale(locales)?;
    let o = options_object(&scope, Value(hopts.get()))?;
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, CTOR)?;
    get_option(o, "numberingSystem", &[], None, CTOR)?;
    let style = get_option(o, "style", &["decimal", "percent", "currency", "unit"], Some("decimal"), CTOR)?.unwrap_or_default();
    let currency = get_option(o, "currency", &[], None, CTOR)?;
    if let Some(c) = &currency
        && !(c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        return Err(error::range_error(&format!("Invalid currency code : {c}")));
    }
    let currency_display = get_option(o, "currencyDisplay", &["code", "symbol", "narrowSymbol", "name"], Some("symbol"), CTOR)?.unwrap_or_default();
    let currency_sign = get_option(o, "currencySign", &["standard", "accounting"], Some("standard"), CTOR)?.unwrap_or_default();
    let unit = get_option(o, "unit", &[], None, CTOR)?;
    if let Some(u) = &unit
        && !UNITS.iter().any(|e| e.0 == u)
    {
        return Err(error::range_error(&format!("Invalid unit argument for Intl.NumberFormat() '{u}'")));
    }
    let unit_display = get_option(o, "unitDisplay", &["short", "narrow", "long"], Some("short"), CTOR)?.unwrap_or_default();
    if style == "currency" && currency.is_none() {
        return Err(error::type_error("Currency code is required with currency style."));
    }
    if style == "unit" && unit.is_none() {
        return Err(error::type_error("Invalid unit argument for Intl.NumberFormat() ''"));
    }
    let notation = get_option(o, "notation", &["standard", "scientific", "engineering", "compact"], Some("standard"), CTOR)?.unwrap_or_default();
    let currency = currency.map(|c| c.to_ascii_uppercase());
    let (mnfd_d, mxfd_d) = match style.as_str() {
        "currency" if notation == "standard" => {
            let d = currency_digits(currency.as_deref().unwrap_or("USD"));
            (d, d)
        }
        "percent" => (0, 0),
        _ => (0, 3),
    };
    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("numberingSystem", "latn");
    rec.str("style", &style);
    if style == "currency" {
        rec.str("currency", currency.as_deref().unwrap_or(""));
        rec.str("currencyDisplay", &currency_display);
        rec.str("currencySign", &currency_sign);
    }
    if style == "unit" {
        rec.str("unit", unit.as_deref().unwrap_or(""));
        rec.str("unitDisplay", &unit_display);
    }
    let mut digits = Rec::default();
    digit_options(o, &mut digits, mnfd_d, mxfd_d, notation == "compact")?;
    let compact_display = get_option(o, "compactDisplay", &["short", "long"], Some("short"), CTOR)?.unwrap_or_default();
    let default_grouping = if notation == "compact" { "min2" } else { "auto" };
    let ug = {
        let key = atoms::intern("useGrouping");
        object::get(Value(o.get()), key)
    }?;
    let grouping = if ug.is_undefined() {
        Val::Str(default_grouping.into())
    } else if ug.is_bool() {
        if ops::to_boolean(ug) { Val::Str("always".into()) } else { Val::Bool(false) }
    } else {
        let s = ops::to_rust_string(ug)?;
        match s.as_str() {
            "min2" | "auto" | "always" => Val::Str(s),
            "true" | "false" => Val::Str(default_grouping.into()),
            "" => Val::Bool(false),
            _ => return Err(error::range_error(&format!("Value {s} out of range for Intl.NumberFormat options property useGrouping"))),
        }
    };
    let sign = get_option(o, "signDisplay", &["auto", "never", "always", "exceptZero", "negative"], Some("auto"), CTOR)?.unwrap_or_default();
    // resolvedOptions order (V8): integer digits, significant, fraction, grouping, notation, ...
    rec.set("minimumIntegerDigits", digits.get("minimumIntegerDigits").cloned().unwrap_or(Val::Num(1.0)));
    for k in ["minimumSignificantDigits", "maximumSignificantDigits", "minimumFractionDigits", "maximumFractionDigits"] {
        if let Some(v) = digits.get(k) {
            rec.set(k, v.clone());
        }
    }
    rec.set("useGrouping", grouping);
    rec.str("notation", &notation);
    if notation == "compact" {
        rec.str("compactDisplay", &compact_display);
    }
    rec.str("signDisplay", &sign);
    rec.str("roundingMode", digits.get_str("_mode").unwrap_or("halfExpand"));
    rec.num("roundingIncrement", digits.get_num("_increment").unwrap_or(1.0));
    rec.str("trailingZeroDisplay", digits.get_str("_tzd").unwrap_or("auto"));
    rec.str("roundingPriority", digits.get_str("_priority").unwrap_or("auto"));
    rec.str("_rounding", digits.get_str("_rounding").unwrap_or("fraction"));
    Ok(rec)
}

// ---------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------

/// Rounds `d` as the options say.
fn round(d: &Dec, o: &Opts) -> (Dec, i32) {
    let by_fd = |d: &Dec| (d.round_fraction(o.max_fd, &o.mode), o.min_fd);
    let by_sd = |d: &Dec| {
        let r = d.round_significant(o.max_sd, &o.mode);
        // Fraction digits shown so that at least min_sd significant digits appear.
        let e = if r.is_zero() { 1 } else { r.exp };
        (r, (o.min_sd - e).max(0))
    };
    match o.rounding.as_str() {
        "significant" => by_sd(d),
        "morePrecision" | "lessPrecision" => {
            let e = if d.is_zero() { 1 } else { d.exp };
            // The magnitude of the last digit each keeps: smaller is more precise.
            let sd_mag = e - o.max_sd;
            let fd_mag = -o.max_fd;
            let sd_wins = if o.rounding == "morePrecision" { sd_mag <= fd_mag } else { sd_mag > fd_mag };
            if sd_wins { by_sd(d) } else { by_fd(d) }
        }
        _ => by_fd(d),
    }
}

/// The integer and fraction digit strings of a rounded decimal.
fn digit_strings(d: &Dec, min_frac: i32, min_int: i32, strip: bool) -> (String, String) {
    let mut int = String::new();
    let mut frac = String::new();
    if d.exp > 0 {
        for i in 0..d.exp as usize {
            int.push((b'0' + d.digits.get(i).copied().unwrap_or(0)) as char);
        }
        for &x in d.digits.iter().skip(d.exp as usize) {
            frac.push((b'0' + x) as char);
        }
    } else {
        for _ in 0..(-d.exp) {
            frac.push('0');
        }
        for &x in &d.digits {
            frac.push((b'0' + x) as char);
        }
        if d.is_zero() {
            frac.clear();
        }
    }
    if int.is_empty() {
        int.push('0');
    }
    while (int.len() as i32) < min_int {
        int.insert(0, '0');
    }
    if !(strip && frac.is_empty()) {
        while (frac.len() as i32) < min_frac {
            frac.push('0');
        }
    }
    (int, frac)
}

/// Pushes the integer digits with en grouping (`,` every three).
fn push_integer(parts: &mut Vec<(String, String)>, int: &str, grouping: &str) {
    let group = match grouping {
        "always" | "auto" => int.len() > 3,
        "min2" => int.len() > 4,
        _ => false,
    };
    if !group {
        push_part(parts, "integer", int);
        return;
    }
    let first = int.len() % 3;
    let mut i = 0;
    if first > 0 {
        push_part(parts, "integer", &int[..first]);
        i = first;
    }
    while i < int.len() {
        if i > 0 {
            push_part(parts, "group", ",");
        }
        push_part(parts, "integer", &int[i..i + 3]);
        i += 3;
    }
}

/// The number's parts without sign or affixes, and whether it shows exactly "1" (en's plural
/// "one"), and whether it is zero after rounding.
fn number_parts(n: &Num, o: &Opts) -> (Vec<(String, String)>, bool, bool) {
    let mut parts = Vec::new();
    let d = match n {
        Num::NaN => {
            push_part(&mut parts, "nan", "NaN");
            return (parts, false, false);
        }
        Num::Inf(_) => {
            push_part(&mut parts, "infinity", "∞");
            return (parts, false, false);
        }
        Num::Fin(d) => d,
    };
    let mut d = d.clone();
    if o.style == "percent" && !d.is_zero() {
        d.exp += 2;
    }
    match o.notation.as_str() {
        "scientific" | "engineering" => {
            let mut e10 = if d.is_zero() { 0 } else { d.exp - 1 };
            if o.notation == "engineering" {
                e10 = e10.div_euclid(3) * 3;
            }
            let mut m = Dec { neg: d.neg, digits: d.digits.clone(), exp: d.exp - e10 };
            let (mut r, mut mf) = round(&m, o);
            if !r.is_zero() && r.exp > (if o.notation == "engineering" { 3 } else { 1 }) {
                // Rounding carried into a new digit: one exponent step up.
                let step = if o.notation == "engineering" { 3 } else { 1 };
                e10 += step;
                m.exp -= step;
                (r, mf) = round(&m, o);
            }
            let (int, frac) = digit_strings(&r, mf, o.min_int, o.strip_if_integer);
            push_part(&mut parts, "integer", &int);
            if !frac.is_empty() {
                push_part(&mut parts, "decimal", ".");
                push_part(&mut parts, "fraction", &frac);
            }
            push_part(&mut parts, "exponentSeparator", "E");
            if e10 < 0 {
                push_part(&mut parts, "exponentMinusSign", "-");
            }
            push_part(&mut parts, "exponentInteger", &e10.abs().to_string());
            let zero = r.is_zero();
            return (parts, false, zero);
        }
        "compact" => {
            let mut k = if d.is_zero() || d.exp <= 3 { 0 } else { ((d.exp - 1) / 3).min(4) };
            let (mut r, mut mf);
            loop {
                let m = Dec { neg: d.neg, digits: d.digits.clone(), exp: d.exp - 3 * k };
                (r, mf) = round(&m, o);
                if k < 4 && !r.is_zero() && r.exp > 3 {
                    k += 1;
                    continue;
                }
                break;
            }
            let (int, frac) = digit_strings(&r, mf, o.min_int, o.strip_if_integer);
            let one = int == "1" && frac.is_empty() && k == 0;
            push_integer(&mut parts, &int, &o.grouping);
            if !frac.is_empty() {
                push_part(&mut parts, "decimal", ".");
                push_part(&mut parts, "fraction", &frac);
            }
            if k > 0 {
                let (short, long) = [("K", "thousand"), ("M", "million"), ("B", "billion"), ("T", "trillion")][(k - 1) as usize];
                if o.compact_display == "long" {
                    push_part(&mut parts, "literal", " ");
                    push_part(&mut parts, "compact", long);
                } else {
                    push_part(&mut parts, "compact", short);
                }
            }
            let zero = r.is_zero();
            return (parts, one, zero);
        }
        _ => {}
    }
    let (r, mf) = round(&d, o);
    let (int, frac) = digit_strings(&r, mf, o.min_int, o.strip_if_integer);
    let one = int == "1" && frac.is_empty();
    push_integer(&mut parts, &int, &o.grouping);
    if !frac.is_empty() {
        push_part(&mut parts, "decimal", ".");
        push_part(&mut parts, "fraction", &frac);
    }
    (parts, one, r.is_zero())
}

/// The parts of a formatted number (Node's formatToParts types).
pub fn format_to_parts(n: &Num, o: &Opts) -> Vec<(String, String)> {
    let (body, one, zero) = number_parts(n, o);
    let neg = match n {
        Num::Fin(d) => d.neg,
        Num::Inf(neg) => *neg,
        Num::NaN => false,
    };
    // The sign (15.5.? signDisplay): -0 shows "-" under auto and always.
    let sign = match o.sign_display.as_str() {
        "never" => "",
        "always" => {
            if neg {
                "-"
            } else {
                "+"
            }
        }
        "exceptZero" => {
            if zero || matches!(n, Num::NaN) {
                ""
            } else if neg {
                "-"
            } else {
                "+"
            }
        }
        "negative" => {
            if neg && !zero {
                "-"
            } else {
                ""
            }
        }
        _ => {
            if neg {
                "-"
            } else {
                ""
            }
        }
    };
    let accounting = o.style == "currency" && o.currency_sign == "accounting" && sign == "-";
    let mut parts = Vec::new();
    if accounting {
        push_part(&mut parts, "literal", "(");
    } else if sign == "-" {
        push_part(&mut parts, "minusSign", "-");
    } else if sign == "+" {
        push_part(&mut parts, "plusSign", "+");
    }
    match o.style.as_str() {
        "currency" => {
            let entry = CURRENCIES.iter().find(|e| e.0 == o.currency);
            match o.currency_display.as_str() {
                "name" => {
                    parts.extend(body);
                    push_part(&mut parts, "literal", " ");
                    let name = entry.map(|e| if one { e.3 } else { e.4 }).unwrap_or(&o.currency);
                    push_part(&mut parts, "currency", name);
                }
                disp => {
                    let sym = match disp {
                        "code" => o.currency.as_str(),
                        "narrowSymbol" => entry.map(|e| e.2).unwrap_or(&o.currency),
                        _ => entry.map(|e| e.1).unwrap_or(&o.currency),
                    };
                    push_part(&mut parts, "currency", sym);
                    let digit_first = body.first().is_some_and(|p| p.0 == "integer");
                    if digit_first && sym.chars().last().is_some_and(|c| c.is_alphabetic()) {
                        push_part(&mut parts, "literal", "\u{a0}");
                    }
                    parts.extend(body);
                }
            }
        }
        "percent" => {
            parts.extend(body);
            push_part(&mut parts, "percentSign", "%");
        }
        "unit" => {
            let e = UNITS.iter().find(|e| e.0 == o.unit).copied().unwrap_or(("", "#", "#", "#", "#", "#"));
            let pat = match o.unit_display.as_str() {
                "long" => {
                    if one {
                        e.3
                    } else {
                        e.4
                    }
                }
                "narrow" => e.5,
                _ => {
                    if one {
                        e.1
                    } else {
                        e.2
                    }
                }
            };
            let (before, after) = pat.split_once('#').unwrap_or(("", ""));
            push_unit_text(&mut parts, before);
            parts.extend(body);
            push_unit_text(&mut parts, after);
        }
        _ => parts.extend(body),
    }
    if accounting {
        push_part(&mut parts, "literal", ")");
    }
    // Adjacent literals merge (push_part does it as they are pushed; `extend` may join two).
    let mut merged: Vec<(String, String)> = Vec::new();
    for (t, v) in parts {
        push_part(&mut merged, &t, &v);
    }
    merged
}

/// A unit pattern's text: spaces are literals, the rest the unit.
fn push_unit_text(parts: &mut Vec<(String, String)>, s: &str) {
    let trimmed = s.trim();
    if trimmed.is_empty() {
        push_part(parts, "literal", s);
        return;
    }
    let lead = &s[..s.len() - s.trim_start().len()];
    let trail = &s[s.trim_end().len()..];
    push_part(parts, "literal", lead);
    push_part(parts, "unit", trimmed);
    push_part(parts, "literal", trail);
}

/// A decimal StrNumericLiteral ("  -1.5e3 ", "12345678901234567890.123") read exactly, or None
/// for anything else (hex, "Infinity", "", garbage: ToNumber decides those).
fn decimal_literal(s: &str) -> Option<Dec> {
    let t = s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (mant, e) = match t.find(['e', 'E']) {
        Some(i) => {
            let e = &t[i + 1..];
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (&t[..i], e.parse::<i64>().unwrap_or(if e.starts_with('-') { -1_000_000 } else { 1_000_000 }).clamp(-1_000_000, 1_000_000))
        }
        None => (t, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if (int.is_empty() && frac.is_empty()) || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
    let mut exp = int.len() as i64 + e;
    while digits.first() == Some(&0) {
        digits.remove(0);
        exp -= 1;
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.is_empty() {
        exp = 0;
    }
    Some(Dec { neg, digits, exp: exp.clamp(-1_000_000, 1_000_000) as i32 })
}

/// ToIntlMathematicalValue: a BigInt keeps its digits, and so does a decimal string; anything
/// else is ToNumber'ed.
pub fn to_num(v: Value) -> JsResult<Num> {
    let p = if v.is_js_object() { ops::to_primitive(v, ops::Hint::Number)? } else { v };
    if p.is_bigint() {
        return Ok(Num::Fin(Dec::from_int_str(&perry_runtime::bigint::to_string_radix(p, 10))));
    }
    if p.is_string()
        && let Some(d) = decimal_literal(&string::to_rust(p))
    {
        return Ok(Num::Fin(d));
    }
    let x = ops::to_number(p)?;
    Ok(f64_num(x))
}

pub fn f64_num(x: f64) -> Num {
    if x.is_nan() {
        Num::NaN
    } else if x.is_infinite() {
        Num::Inf(x < 0.0)
    } else {
        Num::Fin(Dec::from_f64(x))
    }
}

pub fn joined(parts: &[(String, String)]) -> String {
    parts.iter().map(|p| p.1.as_str()).collect()
}

/// `Number.prototype.toLocaleString` and `BigInt.prototype.toLocaleString` (the hook):
/// `x` is the number or BigInt.
pub fn to_locale(x: Value, locales: Value, options: Value) -> JsResult {
    let scope = HandleScope::new();
    let hx = scope.root(x.0);
    let rec = create(locales, options)?;
    let n = to_num(Value(hx.get()))?;
    Ok(string::from_str(&joined(&format_to_parts(&n, &Opts::from_rec(&rec)))))
}

// ---------------------------------------------------------------------------
// The constructor and prototype
// ---------------------------------------------------------------------------

/// Intl.NumberFormat ( [ locales [ , options ] ] ) — 15.1.1 (callable without `new`).
fn ctor(args: &Args) -> JsResult {
    let rec = create(args.get(0), args.get(1))?;
    super::new_object(args, Class::NumberFormat, &rec)
}

fn bound_format(args: &Args) -> JsResult {
    let rec = super::rec_of(args.capture(0));
    let n = to_num(args.get(0))?;
    Ok(string::from_str(&joined(&format_to_parts(&n, &Opts::from_rec(&rec)))))
}

/// get Intl.NumberFormat.prototype.format — 15.3.3
fn format_getter(args: &Args) -> JsResult {
    super::bound_getter(args, Class::NumberFormat, "format", bound_format, 1)
}

/// Intl.NumberFormat.prototype.formatToParts ( x ) — 15.3.4
fn format_to_parts_m(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::NumberFormat, "formatToParts")?;
    let n = to_num(args.get(0))?;
    Ok(super::parts_array(&format_to_parts(&n, &Opts::from_rec(&rec)), None))
}

/// Intl.NumberFormat.prototype.formatRange ( start, end ) — 15.3.5 (approximated: "a–b").
fn format_range(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::NumberFormat, "formatRange")?;
    if args.get(0).is_undefined() || args.get(1).is_undefined() {
        return Err(error::type_error("start or end is undefined"));
    }
    let o = Opts::from_rec(&rec);
    let a = joined(&format_to_parts(&to_num(args.get(0))?, &o));
    let b = joined(&format_to_parts(&to_num(args.get(1))?, &o));
    let dash = if o.style == "currency" { " – " } else { "–" };
    Ok(string::from_str(&if a == b { format!("~{a}") } else { format!("{a}{dash}{b}") }))
}

/// Intl.NumberFormat.prototype.resolvedOptions ( ) — 15.3.7
fn resolved_options(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::NumberFormat, "resolvedOptions")?;
    rec.to_object()
}

pub fn install(intl: Handle) {
    let scope = HandleScope::new();
    let (_, hp) = super::class(&scope, intl, Class::NumberFormat, 0, ctor);
    perry_stdlib::getter(Value(hp.get()), "format", format_getter);
    perry_stdlib::method(Value(hp.get()), "formatToParts", 1, format_to_parts_m);
    perry_stdlib::method(Value(hp.get()), "formatRange", 2, format_range);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, resolved_options);
}
