//! Intl.DateTimeFormat (ECMA-402 11) for en-US, and the `toLocale*String` methods of Date.
//!
//! The options become an ICU-style pattern (`"EEE, MMM d, y, h:mm a"`) the way ICU's
//! DateTimePatternGenerator picks en-US's available formats: a date part (era, year, month,
//! day, weekday) and a time part (hour, minute, second, fractional seconds, zone name), joined
//! by `", "` or, when the month is spelled out in full, `" at "`. The pattern is kept in the
//! object's record (`_pattern`); `resolvedOptions` reports the fields as the pattern has them
//! (V8 does the same), `format` and `formatToParts` read it field by field. Times are shifted
//! by the zone's offset from jiff's bundled tz database ([`zone_info`]).

use super::{Class, Rec, get_bool_option, get_number_option, get_option, options_object, push_part};
use perry_gc::{Handle, HandleScope};
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

const CTOR: &str = "Intl.DateTimeFormat";

// ---------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------

fn db() -> &'static jiff::tz::TimeZoneDatabase {
    static DB: std::sync::OnceLock<jiff::tz::TimeZoneDatabase> = std::sync::OnceLock::new();
    DB.get_or_init(jiff::tz::TimeZoneDatabase::bundled)
}

/// Names ICU (and so Node) reports for zones the tz database has under another name.
const ICU_NAMES: &[(&str, &str)] = &[
    ("Asia/Kolkata", "Asia/Calcutta"),
    ("Asia/Kathmandu", "Asia/Katmandu"),
    ("Asia/Ho_Chi_Minh", "Asia/Saigon"),
    ("Asia/Yangon", "Asia/Rangoon"),
    ("Europe/Kyiv", "Europe/Kiev"),
    ("America/Argentina/Buenos_Aires", "America/Buenos_Aires"),
    ("America/Nuuk", "America/Godthab"),
    ("Atlantic/Faroe", "Atlantic/Faeroe"),
    ("Pacific/Chuuk", "Pacific/Truk"),
    ("Pacific/Pohnpei", "Pacific/Ponape"),
    ("US/Eastern", "America/New_York"),
    ("US/Central", "America/Chicago"),
    ("US/Mountain", "America/Denver"),
    ("US/Pacific", "America/Los_Angeles"),
    ("US/Alaska", "America/Anchorage"),
    ("US/Hawaii", "Pacific/Honolulu"),
    ("US/Arizona", "America/Phoenix"),
    ("EST5EDT", "America/New_York"),
    ("CST6CDT", "America/Chicago"),
    ("MST7MDT", "America/Denver"),
    ("PST8PDT", "America/Los_Angeles"),
    ("EST", "America/Panama"),
    ("MST", "America/Phoenix"),
    ("HST", "Pacific/Honolulu"),
];

const UTC_NAMES: &[&str] = &[
    "UTC",
    "ETC/UTC",
    "ETC/GMT",
    "GMT",
    "UCT",
    "ETC/UCT",
    "UNIVERSAL",
    "ETC/UNIVERSAL",
    "ZULU",
    "ETC/ZULU",
    "GMT0",
    "ETC/GMT0",
    "GMT+0",
    "GMT-0",
    "ETC/GMT+0",
    "ETC/GMT-0",
    "GREENWICH",
    "ETC/GREENWICH",
];

/// The canonical (ICU) name of a time zone identifier, or None when there is no such zone.
pub fn canonical_zone(name: &str) -> Option<String> {
    let up = name.to_ascii_uppercase();
    if UTC_NAMES.contains(&up.as_str()) {
        return Some("UTC".into());
    }
    // Offset zones ("+05:30") are not accepted by Node 20's V8.
    if !name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let tz = db().get(name).ok()?;
    let iana = tz.iana_name()?.to_string();
    Some(ICU_NAMES.iter().find(|(a, _)| a.eq_ignore_ascii_case(&iana)).map(|(_, b)| b.to_string()).unwrap_or(iana))
}

/// Every zone name of the database, canonicalized (supportedValuesOf).
pub fn zone_names() -> Vec<String> {
    db().available().filter_map(|n| canonical_zone(n.as_str())).filter(|n| n.contains('/') || n == "UTC").collect()
}

/// The system's zone as Node reports it: `TZ`, else /etc/localtime's target, else UTC.
pub fn default_zone() -> String {
    static ZONE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ZONE.get_or_init(|| {
        if let Ok(tz) = std::env::var("TZ") {
            let tz = tz.trim_start_matches(':');
            if tz.is_empty() {
                return "UTC".into();
            }
            let tz = tz.split("zoneinfo/").last().unwrap_or(tz);
            return canonical_zone(tz).unwrap_or_else(|| "UTC".into());
        }
        if let Ok(p) = std::fs::read_link("/etc/localtime")
            && let Some(s) = p.to_str()
            && let Some((_, name)) = s.split_once("zoneinfo/")
        {
            return canonical_zone(name).unwrap_or_else(|| "UTC".into());
        }
        "UTC".into()
    })
    .clone()
}

/// The UTC offset (seconds), abbreviation and daylight-saving flag of `zone` (canonical) at
/// `ms` since the epoch.
pub fn zone_info(zone: &str, ms: f64) -> (i32, String, bool) {
    if zone == "UTC" {
        return (0, "UTC".into(), false);
    }
    let Ok(tz) = db().get(zone) else {
        return (0, "UTC".into(), false);
    };
    // jiff's instants cover years -9999..=9999; beyond them the offset at the edge holds.
    let ms = (ms as i64).clamp(-377_705_116_800_000 + 86_400_000, 253_402_207_200_000 - 86_400_000);
    let Ok(ts) = jiff::Timestamp::from_millisecond(ms) else {
        return (0, "UTC".into(), false);
    };
    let info = tz.to_offset_info(ts);
    (info.offset().seconds(), info.abbreviation().to_string(), info.dst().is_dst())
}

/// The abbreviations en-US shows as short zone names, with the offset (minutes) each means
/// there (Asia/Manila's "PST" and Asia/Shanghai's "CST" are not).
const US_ABBRS: &[(&str, i32)] = &[
    ("EST", -300),
    ("EDT", -240),
    ("CST", -360),
    ("CDT", -300),
    ("MST", -420),
    ("MDT", -360),
    ("PST", -480),
    ("PDT", -420),
    ("AKST", -540),
    ("AKDT", -480),
    ("HST", -600),
    ("HDT", -540),
    ("AST", -240),
    ("ADT", -180),
];

fn us_abbr(abbr: &str, off: i32) -> bool {
    US_ABBRS.iter().any(|&(a, o)| a == abbr && o * 60 == off)
}

/// ICU's long names (standard, daylight) of common zones whose tz database abbreviation does not
/// name them (numeric ones such as "-03", or shared ones such as Taipei's "CST").
#[rustfmt::skip]
const ZONE_NAMES: &[(&str, &str, &str)] = &[
    ("America/Sao_Paulo", "Brasilia Standard Time", "Brasilia Summer Time"),
    ("America/Buenos_Aires", "Argentina Standard Time", "Argentina Summer Time"),
    ("America/Bogota", "Colombia Standard Time", "Colombia Summer Time"),
    ("America/Lima", "Peru Standard Time", "Peru Summer Time"),
    ("America/Santiago", "Chile Standard Time", "Chile Summer Time"),
    ("America/Caracas", "Venezuela Time", "Venezuela Time"),
    ("America/Halifax", "Atlantic Standard Time", "Atlantic Daylight Time"),
    ("America/St_Johns", "Newfoundland Standard Time", "Newfoundland Daylight Time"),
    ("Asia/Dubai", "Gulf Standard Time", "Gulf Standard Time"),
    ("Asia/Singapore", "Singapore Standard Time", "Singapore Standard Time"),
    ("Asia/Kuala_Lumpur", "Malaysia Time", "Malaysia Time"),
    ("Asia/Jakarta", "Western Indonesia Time", "Western Indonesia Time"),
    ("Asia/Bangkok", "Indochina Time", "Indochina Time"),
    ("Asia/Saigon", "Indochina Time", "Indochina Time"),
    ("Asia/Manila", "Philippine Standard Time", "Philippine Summer Time"),
    ("Asia/Dhaka", "Bangladesh Standard Time", "Bangladesh Summer Time"),
    ("Asia/Katmandu", "Nepal Time", "Nepal Time"),
    ("Asia/Tehran", "Iran Standard Time", "Iran Daylight Time"),
    ("Asia/Riyadh", "Arabian Standard Time", "Arabian Daylight Time"),
    ("Europe/Istanbul", "Türkiye Standard Time", "Türkiye Summer Time"),
    ("Asia/Istanbul", "Türkiye Standard Time", "Türkiye Summer Time"),
    ("Asia/Taipei", "Taiwan Standard Time", "Taiwan Daylight Time"),
    ("Africa/Lagos", "West Africa Time", "West Africa Summer Time"),
    ("Africa/Nairobi", "East Africa Time", "East Africa Time"),
    ("Asia/Rangoon", "Myanmar Time", "Myanmar Time"),
    ("Asia/Colombo", "India Standard Time", "India Standard Time"),
    ("Asia/Tashkent", "Uzbekistan Standard Time", "Uzbekistan Summer Time"),
    ("Asia/Baku", "Azerbaijan Standard Time", "Azerbaijan Summer Time"),
    ("Asia/Tbilisi", "Georgia Standard Time", "Georgia Summer Time"),
    ("Asia/Yerevan", "Armenia Standard Time", "Armenia Summer Time"),
];

/// The long (specific) name of a zone at an instant.
fn long_name(zone: &str, off: i32, abbr: &str, dst: bool) -> String {
    if let Some(&(_, std, day)) = ZONE_NAMES.iter().find(|e| e.0 == zone) {
        return (if dst { day } else { std }).to_string();
    }
    perry_stdlib::date::zone_name(abbr, (off / 60) as i64)
}

fn gmt_short(off: i32, zero: &str) -> String {
    if off == 0 {
        return zero.into();
    }
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.abs() / 60;
    if a % 60 == 0 { format!("GMT{sign}{}", a / 60) } else { format!("GMT{sign}{}:{:02}", a / 60, a % 60) }
}

fn gmt_long(off: i32, zero: &str) -> String {
    if off == 0 {
        return zero.into();
    }
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.abs() / 60;
    format!("GMT{sign}{:02}:{:02}", a / 60, a % 60)
}

/// The zone's name in pattern field `c` x `n` (z, zzzz, O, OOOO, v, vvvv).
fn zone_text(zone: &str, off: i32, abbr: &str, dst: bool, c: char, n: usize) -> String {
    let long = n >= 4;
    match c {
        'O' => {
            if long {
                gmt_long(off, "GMT+00:00")
            } else {
                gmt_short(off, "GMT+0")
            }
        }
        'v' => {
            if zone == "UTC" {
                return if long { "GMT+00:00".into() } else { "GMT+0".into() };
            }
            let full = long_name(zone, off, abbr, dst);
            if us_abbr(abbr, off) {
                if long {
                    return full.replace(" Standard Time", " Time").replace(" Daylight Time", " Time");
                }
                let a = abbr.replace("ST", "T").replace("DT", "T");
                return if a == "HT" { "HST".into() } else { a };
            }
            if long && !full.starts_with("GMT") {
                return full.replace(" Standard Time", " Time").replace(" Summer Time", " Time").replace(" Daylight Time", " Time");
            }
            if long { gmt_long(off, "GMT+00:00") } else { gmt_short(off, "GMT+0") }
        }
        _ => {
            if zone == "UTC" {
                return if long { "Coordinated Universal Time".into() } else { "UTC".into() };
            }
            if long {
                long_name(zone, off, abbr, dst)
            } else if us_abbr(abbr, off) || (abbr == "GMT" && off == 0) {
                abbr.into()
            } else {
                gmt_short(off, "GMT+0")
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------

/// The requested components (Table 7), each with its option value.
#[derive(Default, Clone)]
struct Req {
    weekday: Option<String>,
    era: Option<String>,
    year: Option<String>,
    month: Option<String>,
    day: Option<String>,
    hour: Option<String>,
    minute: Option<String>,
    second: Option<String>,
    fsd: Option<u32>,
    tzn: Option<String>,
}

fn text_width(v: &str) -> usize {
    match v {
        "long" => 4,
        "narrow" => 5,
        _ => 3,
    }
}

fn zone_field(tzn: &str) -> &'static str {
    match tzn {
        "long" => "zzzz",
        "shortOffset" => "O",
        "longOffset" => "OOOO",
        "shortGeneric" => "v",
        "longGeneric" => "vvvv",
        _ => "z",
    }
}

/// The hour letter for an hour cycle.
fn hour_char(hc: &str) -> char {
    match hc {
        "h11" => 'K',
        "h23" => 'H',
        "h24" => 'k',
        _ => 'h',
    }
}

/// The date part of a pattern (en-US available formats), with whether it spells the month
/// out in full (which joins it to the time with " 'at' ").
fn date_pattern(r: &Req) -> (String, bool) {
    let (g, y, m, d, e) = (r.era.is_some(), r.year.is_some(), r.month.is_some(), r.day.is_some(), r.weekday.is_some());
    if !(y || m || d || e) {
        // An era with only time fields ("AD, 3 PM").
        return (if g { "G".repeat(era_width(r)) } else { String::new() }, false);
    }
    let text = r.month.as_deref().is_some_and(|v| matches!(v, "short" | "long" | "narrow"));
    // Skeleton (year, month, day, weekday) -> pattern with one-letter placeholders.
    let base: &str = match (y, m, d, e, text) {
        (true, false, false, false, _) => "y",
        (false, true, false, false, false) => "M",
        (false, true, false, false, true) => "M",
        (false, false, true, false, _) => "d",
        (false, false, false, true, _) => "E",
        (true, true, false, false, false) => "M/y",
        (true, true, false, false, true) => "M y",
        (false, true, true, false, false) => "M/d",
        (false, true, true, false, true) => "M d",
        (true, true, true, false, false) => "M/d/y",
        (true, true, true, false, true) => "M d, y",
        (false, false, true, true, _) => "d E",
        (false, true, true, true, false) => "E, M/d",
        (false, true, true, true, true) => "E, M d",
        (true, true, true, true, false) => "E, M/d/y",
        (true, true, true, true, true) => "E, M d, y",
        (true, false, true, false, _) => "d y",
        (true, false, false, true, _) => "E y",
        (true, false, true, true, _) => "E d y",
        (false, true, false, true, false) => "E, M",
        (false, true, false, true, true) => "E, M",
        (true, true, false, true, false) => "E, M/y",
        (true, true, false, true, true) => "E, M y",
        _ => "M/d/y",
    };
    let mut out = String::new();
    for c in base.chars() {
        match c {
            'y' => out.push_str(if r.year.as_deref() == Some("2-digit") { "yy" } else { "y" }),
            'M' => {
                let v = r.month.as_deref().unwrap_or("numeric");
                let n = match v {
                    "2-digit" => 2,
                    "numeric" => 1,
                    t => text_width(t),
                };
                // A month alone is a stand-alone month (LLL), which is the same text in English.
                out.push_str(&"M".repeat(n));
            }
            'd' => out.push_str(if r.day.as_deref() == Some("2-digit") { "dd" } else { "d" }),
            'E' => out.push_str(&"E".repeat(text_width(r.weekday.as_deref().unwrap_or("short")))),
            c => out.push(c),
        }
    }
    if g {
        out.push(' ');
        out.push_str(&"G".repeat(era_width(r)));
    }
    let full = r.month.as_deref() == Some("long");
    (out, full)
}

/// The pattern width of the era field.
fn era_width(r: &Req) -> usize {
    match r.era.as_deref() {
        Some("long") => 4,
        Some("narrow") => 5,
        _ => 1,
    }
}

/// Whether the date part is a weekday alone, which en joins to a time with a space
/// ("Monday 3 PM", ICU's `Ehm`).
fn weekday_only(r: &Req) -> bool {
    r.weekday.is_some() && r.year.is_none() && r.month.is_none() && r.day.is_none() && r.era.is_none()
}

/// The time part of a pattern.
fn time_pattern(r: &Req, hc: &str) -> String {
    let (h, m, s) = (r.hour.is_some(), r.minute.is_some(), r.second.is_some());
    let hcc = hour_char(hc);
    let twelve = matches!(hcc, 'h' | 'K');
    let hour = |two: bool| -> String { if twelve { if two { format!("{hcc}{hcc}") } else { hcc.to_string() } } else { format!("{hcc}{hcc}") } };
    let two_hour = r.hour.as_deref() == Some("2-digit");
    let frac = r.fsd.map(|n| "S".repeat(n as usize)).unwrap_or_default();
    let sec = |base: &str| if frac.is_empty() { base.to_string() } else { format!("{base}.{frac}") };
    let mut p = match (h, m, s) {
        (true, false, false) => hour(two_hour),
        (true, true, false) => format!("{}:mm", hour(two_hour)),
        (true, _, true) => format!("{}:mm:{}", hour(two_hour), sec("ss")),
        (false, true, true) => format!("mm:{}", sec("ss")),
        // A minute or second alone is numeric even when asked for 2-digit (as ICU's en-US).
        (false, true, false) => "m".to_string(),
        (false, false, true) => sec("s"),
        (false, false, false) => frac.clone(),
    };
    if h && twelve {
        p.push_str("\u{202f}a");
    }
    if let Some(t) = &r.tzn {
        if !p.is_empty() {
            p.push(' ');
        }
        p.push_str(zone_field(t));
    }
    p
}

fn style_date(s: &str) -> &'static str {
    match s {
        "full" => "EEEE, MMMM d, y",
        "long" => "MMMM d, y",
        "medium" => "MMM d, y",
        _ => "M/d/yy",
    }
}

fn style_time(s: &str, hc: &str) -> String {
    let hcc = hour_char(hc);
    let twelve = matches!(hcc, 'h' | 'K');
    let h = if twelve { hcc.to_string() } else { format!("{hcc}{hcc}") };
    let a = if twelve { "\u{202f}a" } else { "" };
    match s {
        "full" => format!("{h}:mm:ss{a} zzzz"),
        "long" => format!("{h}:mm:ss{a} z"),
        "medium" => format!("{h}:mm:ss{a}"),
        _ => format!("{h}:mm{a}"),
    }
}

fn join(date: &str, time: &str, at: bool) -> String {
    match (date.is_empty(), time.is_empty()) {
        (true, _) => time.to_string(),
        (_, true) => date.to_string(),
        _ if at => format!("{date} 'at' {time}"),
        _ => format!("{date}, {time}"),
    }
}

/// A pattern's tokens: (field letter, count) or a literal.
enum Tok {
    Field(char, usize),
    Lit(String),
}

fn tokens(p: &str) -> Vec<Tok> {
    let cs: Vec<char> = p.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_alphabetic() {
            let mut n = 1;
            while i + n < cs.len() && cs[i + n] == c {
                n += 1;
            }
            out.push(Tok::Field(c, n));
            i += n;
        } else if c == '\'' {
            let mut s = String::new();
            i += 1;
            while i < cs.len() && cs[i] != '\'' {
                s.push(cs[i]);
                i += 1;
            }
            i += 1;
            out.push(Tok::Lit(s));
        } else {
            out.push(Tok::Lit(c.to_string()));
            i += 1;
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------

pub const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
pub const WEEKDAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

fn text(name: &str, n: usize) -> String {
    match n {
        4 => name.to_string(),
        5 => name[..1].to_string(),
        _ => name[..3].to_string(),
    }
}

/// The parts of time value `tv` (finite) under `pattern` in `zone`.
fn format_parts(pattern: &str, zone: &str, tv: f64) -> Vec<(String, String)> {
    let (off, abbr, dst) = zone_info(zone, tv);
    let f = perry_stdlib::date::fields(tv + off as f64 * 1000.0);
    let mut parts = Vec::new();
    let year = f.year as i64;
    let era_year = if year <= 0 { 1 - year } else { year };
    let hour = f.hour as i64;
    for t in tokens(pattern) {
        let (ty, v) = match t {
            Tok::Lit(s) => ("literal", s),
            Tok::Field(c, n) => {
                let num = |x: i64| if n >= 2 { format!("{x:02}") } else { x.to_string() };
                match c {
                    'G' => (
                        "era",
                        match n {
                            4 => (if year <= 0 { "Before Christ" } else { "Anno Domini" }).to_string(),
                            5 => (if year <= 0 { "B" } else { "A" }).to_string(),
                            _ => (if year <= 0 { "BC" } else { "AD" }).to_string(),
                        },
                    ),
                    'y' => ("year", if n == 2 { format!("{:02}", era_year % 100) } else { era_year.to_string() }),
                    'M' | 'L' => ("month", if n >= 3 { text(MONTHS[f.month as usize], n) } else { num(f.month as i64 + 1) }),
                    'd' => ("day", num(f.date as i64)),
                    'E' | 'c' => ("weekday", text(WEEKDAYS[f.weekday as usize], n)),
                    'a' => ("dayPeriod", (if hour < 12 { "AM" } else { "PM" }).to_string()),
                    'h' => ("hour", num(if hour % 12 == 0 { 12 } else { hour % 12 })),
                    'K' => ("hour", num(hour % 12)),
                    'H' => ("hour", num(hour)),
                    'k' => ("hour", num(if hour == 0 { 24 } else { hour })),
                    'm' => ("minute", num(f.minute as i64)),
                    's' => ("second", num(f.second as i64)),
                    'S' => ("fractionalSecond", format!("{:03}", f.ms as i64)[..n.min(3)].to_string()),
                    'z' | 'O' | 'v' => ("timeZoneName", zone_text(zone, off, &abbr, dst, c, n)),
                    _ => ("literal", String::new()),
                }
            }
        };
        push_part(&mut parts, ty, &v);
    }
    parts
}

// ---------------------------------------------------------------------------
// CreateDateTimeFormat (11.1.2)
// ---------------------------------------------------------------------------

/// Which defaults ToDateTimeOptions adds: `required` and `defaults` are "date", "time",
/// "any"/"all".
pub fn create(locales: Value, options: Value, required: &str, defaults: &str) -> JsResult<Rec> {
    // Reading the locales may run code: the options are held first.
    let scope = HandleScope::new();
    let hopts = scope.root(options.0);
    let locale = super::resolve_locale(locales)?;
    let o: Handle = options_object(&scope, Value(hopts.get()))?;
    get_option(o, "localeMatcher", &["lookup", "best fit"], None, CTOR)?;
    let calendar = get_option(o, "calendar", &[], None, CTOR)?;
    if let Some(c) = &calendar
        && !valid_type(c)
    {
        return Err(error::range_error(&format!("Invalid calendar : {c}")));
    }
    let nu = get_option(o, "numberingSystem", &[], None, CTOR)?;
    if let Some(n) = &nu
        && !valid_type(n)
    {
        return Err(error::range_error(&format!("Invalid numberingSystem : {n}")));
    }
    let hour12 = get_bool_option(o, "hour12")?;
    let hour_cycle = get_option(o, "hourCycle", &["h11", "h12", "h23", "h24"], None, CTOR)?;
    let tz_v = {
        let key = perry_runtime::atoms::intern("timeZone");
        perry_runtime::object::get(Value(o.get()), key)
    }?;
    let zone = if tz_v.is_undefined() {
        default_zone()
    } else {
        let name = ops::to_rust_string(tz_v)?;
        canonical_zone(&name).ok_or_else(|| error::range_error(&format!("Invalid time zone specified: {name}")))?
    };
    let mut r = Req {
        weekday: get_option(o, "weekday", &["narrow", "short", "long"], None, CTOR)?,
        era: get_option(o, "era", &["narrow", "short", "long"], None, CTOR)?,
        year: get_option(o, "year", &["2-digit", "numeric"], None, CTOR)?,
        month: get_option(o, "month", &["2-digit", "numeric", "narrow", "short", "long"], None, CTOR)?,
        day: get_option(o, "day", &["2-digit", "numeric"], None, CTOR)?,
        ..Req::default()
    };
    let day_period = get_option(o, "dayPeriod", &["narrow", "short", "long"], None, CTOR)?;
    r.hour = get_option(o, "hour", &["2-digit", "numeric"], None, CTOR)?;
    r.minute = get_option(o, "minute", &["2-digit", "numeric"], None, CTOR)?;
    r.second = get_option(o, "second", &["2-digit", "numeric"], None, CTOR)?;
    r.fsd = get_number_option(o, "fractionalSecondDigits", 1.0, 3.0)?.map(|n| n as u32);
    r.tzn = get_option(o, "timeZoneName", &["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"], None, CTOR)?;
    get_option(o, "formatMatcher", &["basic", "best fit"], None, CTOR)?;
    let date_style = get_option(o, "dateStyle", &["full", "long", "medium", "short"], None, CTOR)?;
    let time_style = get_option(o, "timeStyle", &["full", "long", "medium", "short"], None, CTOR)?;

    // The hour cycle: hour12 overrides hourCycle; en-US's default is h12, and `hour12: false`
    // gives h24 in Node 20 (V8 takes the 24-hour cycle matching the locale's h12: midnight is
    // "24:30").
    let hc = match hour12 {
        Some(true) => "h12".to_string(),
        Some(false) => "h24".to_string(),
        None => hour_cycle.clone().unwrap_or_else(|| "h12".into()),
    };

    let mut rec = Rec::default();
    rec.str("locale", locale);
    rec.str("calendar", "gregory");
    rec.str("numberingSystem", "latn");
    rec.str("timeZone", &zone);
    let pattern;
    if date_style.is_some() || time_style.is_some() {
        let explicit = [
            ("weekday", r.weekday.is_some()),
            ("era", r.era.is_some()),
            ("year", r.year.is_some()),
            ("month", r.month.is_some()),
            ("day", r.day.is_some()),
            ("dayPeriod", day_period.is_some()),
            ("hour", r.hour.is_some()),
            ("minute", r.minute.is_some()),
            ("second", r.second.is_some()),
            ("fractionalSecondDigits", r.fsd.is_some()),
            ("timeZoneName", r.tzn.is_some()),
        ];
        if let Some((name, _)) = explicit.iter().find(|e| e.1) {
            let style = if date_style.is_some() { "dateStyle" } else { "timeStyle" };
            return Err(error::type_error(&format!("Can't set option {name} when {style} is used")));
        }
        if required == "date" && time_style.is_some() {
            return Err(error::type_error("Invalid option : timeStyle"));
        }
        if required == "time" && date_style.is_some() {
            return Err(error::type_error("Invalid option : dateStyle"));
        }
        let dp = date_style.as_deref().map(style_date).unwrap_or("");
        let tp = time_style.as_deref().map(|t| style_time(t, &hc)).unwrap_or_default();
        let at = matches!(date_style.as_deref(), Some("full" | "long"));
        pattern = join(dp, &tp, at);
        if time_style.is_some() {
            rec.str("hourCycle", &hc);
            rec.bool("hour12", matches!(hc.as_str(), "h11" | "h12"));
        }
        if let Some(d) = &date_style {
            rec.str("dateStyle", d);
        }
        if let Some(t) = &time_style {
            rec.str("timeStyle", t);
        }
    } else {
        let has_date = r.weekday.is_some() || r.year.is_some() || r.month.is_some() || r.day.is_some();
        let has_time = day_period.is_some() || r.hour.is_some() || r.minute.is_some() || r.second.is_some() || r.fsd.is_some();
        let need = match required {
            "date" => !has_date,
            "time" => !has_time,
            _ => !has_date && !has_time,
        };
        if need && matches!(defaults, "date" | "all") {
            r.year = Some("numeric".into());
            r.month = Some("numeric".into());
            r.day = Some("numeric".into());
        }
        if need && matches!(defaults, "time" | "all") {
            r.hour = Some("numeric".into());
            r.minute = Some("numeric".into());
            r.second = Some("numeric".into());
        }
        let (dp, at) = date_pattern(&r);
        let tp = time_pattern(&r, &hc);
        // en has "E h:mm a"-style formats (a space, not a comma) for a weekday with a 12-hour
        // time, or a 24-hour time with minutes, and no zone name.
        let twelve = matches!(hour_char(&hc), 'h' | 'K');
        let spaced = weekday_only(&r) && r.hour.is_some() && r.tzn.is_none() && (twelve || r.minute.is_some());
        pattern = if spaced { format!("{dp} {tp}") } else { join(&dp, &tp, at) };
        resolved_fields(&mut rec, &pattern, &hc);
    }
    rec.str("_pattern", &pattern);
    Ok(rec)
}

/// The resolved component options as the pattern has them (V8 reads them back from ICU's
/// pattern), in Table 7 order, with hourCycle and hour12 when there is an hour.
fn resolved_fields(rec: &mut Rec, pattern: &str, hc: &str) {
    let mut found: Vec<(char, usize)> = Vec::new();
    for t in tokens(pattern) {
        if let Tok::Field(c, n) = t {
            found.push((c, n));
        }
    }
    let get = |cs: &[char]| found.iter().find(|(c, _)| cs.contains(c)).map(|&(_, n)| n);
    if get(&['h', 'H', 'k', 'K']).is_some() {
        rec.str("hourCycle", hc);
        rec.bool("hour12", matches!(hc, "h11" | "h12"));
    }
    let textual = |n: usize| match n {
        4 => "long",
        5 => "narrow",
        _ => "short",
    };
    let numeric = |n: usize| if n == 2 { "2-digit" } else { "numeric" };
    if let Some(n) = get(&['E', 'c']) {
        rec.str("weekday", textual(n));
    }
    if let Some(n) = get(&['G']) {
        rec.str("era", textual(n));
    }
    if let Some(n) = get(&['y']) {
        rec.str("year", numeric(n));
    }
    if let Some(n) = get(&['M', 'L']) {
        rec.str("month", if n >= 3 { textual(n) } else { numeric(n) });
    }
    if let Some(n) = get(&['d']) {
        rec.str("day", numeric(n));
    }
    if let Some(n) = get(&['h', 'H', 'k', 'K']) {
        rec.str("hour", numeric(n));
    }
    if let Some(n) = get(&['m']) {
        rec.str("minute", numeric(n));
    }
    if let Some(n) = get(&['s']) {
        rec.str("second", numeric(n));
    }
    if let Some(n) = get(&['S']) {
        rec.num("fractionalSecondDigits", n as f64);
    }
    if let Some(c) = found.iter().find(|(c, _)| matches!(c, 'z' | 'O' | 'v')) {
        rec.str(
            "timeZoneName",
            match c {
                ('z', 4) => "long",
                ('z', _) => "short",
                ('O', 4) => "longOffset",
                ('O', _) => "shortOffset",
                ('v', 4) => "longGeneric",
                _ => "shortGeneric",
            },
        );
    }
}

/// A Unicode `type` sequence (3-8 alphanumerics, dash-separated).
fn valid_type(s: &str) -> bool {
    !s.is_empty() && s.split('-').all(|p| (3..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// ToNumber of a format argument, TimeClip'ed; undefined is now.
fn time_arg(v: Value) -> JsResult<f64> {
    let x = if v.is_undefined() {
        match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => d.as_millis() as f64,
            Err(_) => 0.0,
        }
    } else if let Some(t) = perry_stdlib::date::date_value(v) {
        t
    } else {
        ops::to_number(v)?
    };
    if !x.is_finite() || x.abs() > 8.64e15 {
        return Err(error::range_error("Invalid time value"));
    }
    Ok(x.trunc() + 0.0)
}

fn format_rec(rec: &Rec, tv: f64) -> Vec<(String, String)> {
    format_parts(rec.get_str("_pattern").unwrap_or(""), rec.get_str("timeZone").unwrap_or("UTC"), tv)
}

/// `format`'s string: the parts joined, with ICU's narrow no-break space before the day period
/// (which formatToParts keeps) made a space, as V8 does.
fn joined(parts: &[(String, String)]) -> String {
    parts.iter().map(|p| p.1.as_str()).collect::<String>().replace('\u{202f}', " ")
}

/// `Date.prototype.toLocale{,Date,Time}String` with locales and options (the date family's
/// hook): `tv` is finite.
pub fn to_locale(tv: f64, locales: Value, options: Value, required: &str, defaults: &str) -> JsResult {
    let rec = create(locales, options, required, defaults)?;
    Ok(string::from_str(&joined(&format_rec(&rec, tv))))
}

// ---------------------------------------------------------------------------
// The constructor and prototype
// ---------------------------------------------------------------------------

/// Intl.DateTimeFormat ( [ locales [ , options ] ] ) — 11.1.1 (callable without `new`).
fn ctor(args: &Args) -> JsResult {
    let rec = create(args.get(0), args.get(1), "any", "date")?;
    super::new_object(args, Class::DateTimeFormat, &rec)
}

/// The bound format function (11.5.5).
fn bound_format(args: &Args) -> JsResult {
    let dtf = args.capture(0);
    let rec = super::rec_of(dtf);
    let tv = time_arg(args.get(0))?;
    Ok(string::from_str(&joined(&format_rec(&rec, tv))))
}

/// get Intl.DateTimeFormat.prototype.format — 11.3.3
fn format_getter(args: &Args) -> JsResult {
    super::bound_getter(args, Class::DateTimeFormat, "format", bound_format, 1)
}

/// Intl.DateTimeFormat.prototype.formatToParts ( date ) — 11.3.4
fn format_to_parts(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::DateTimeFormat, "formatToParts")?;
    let tv = time_arg(args.get(0))?;
    Ok(super::parts_array(&format_rec(&rec, tv), None))
}

/// Intl.DateTimeFormat.prototype.formatRange ( startDate, endDate ) — 11.3.5 (approximated:
/// both dates formatted in full and joined by ICU's thin-spaced en dash unless they print the
/// same; ICU also leaves out the fields both share, "Jan 1 – 5, 2024").
fn format_range(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::DateTimeFormat, "formatRange")?;
    if args.get(0).is_undefined() || args.get(1).is_undefined() {
        return Err(error::type_error("Invalid time value"));
    }
    let a = joined(&format_rec(&rec, time_arg(args.get(0))?));
    let b = joined(&format_rec(&rec, time_arg(args.get(1))?));
    Ok(string::from_str(&if a == b { a } else { format!("{a}\u{2009}–\u{2009}{b}") }))
}

/// Intl.DateTimeFormat.prototype.resolvedOptions ( ) — 11.3.7
fn resolved_options(args: &Args) -> JsResult {
    let rec = super::this_rec(args, Class::DateTimeFormat, "resolvedOptions")?;
    rec.to_object()
}

pub fn install(intl: Handle) {
    let scope = HandleScope::new();
    let (_, hp) = super::class(&scope, intl, Class::DateTimeFormat, 0, ctor);
    perry_stdlib::getter(Value(hp.get()), "format", format_getter);
    perry_stdlib::method(Value(hp.get()), "formatToParts", 1, format_to_parts);
    perry_stdlib::method(Value(hp.get()), "formatRange", 2, format_range);
    perry_stdlib::method(Value(hp.get()), "resolvedOptions", 0, resolved_options);
}
