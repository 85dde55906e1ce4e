//! Date (ECMAScript 21.4): the constructor, Date.now/parse/UTC and
//! Date.prototype.
//!
//! A Date is a `KIND_DATE` cell whose one extra word, `DATE_VALUE`, is the
//! [[DateValue]] slot: a time value (a number, milliseconds since the epoch,
//! or NaN), so the collector sees nothing to trace in it.
//!
//! Local time comes from the C library (`localtime_r`), which honours `TZ`
//! and the system's time-zone database (/usr/share/zoneinfo,
//! /etc/localtime); only the UTC offset at a UTC instant is asked of it, and
//! local-to-UTC conversion is done here (21.4.1.26, the offset before a
//! transition for skipped and repeated wall times, as V8 does). Strings that
//! are not in the ISO format of 21.4.1.32 are parsed with V8's legacy rules
//! (`dateparser-inl.h`), which is what Node accepts.
//!
//! # Calendar, zones, printing
//!
//! Calendar fields come from day numbers with integer civil arithmetic
//! (`civil_from_days`/`days_from_civil`); the spec's MakeDay, MakeTime, MakeDate and TimeClip
//! work on doubles. UTC(t) looks at the offsets 16 hours either side of the wall time and, for
//! a skipped or repeated wall time, takes the offset in force before the transition (V8's
//! choice). `toString` names the zone with ICU's long name for known abbreviations (a table)
//! and ICU's `GMT+hh:mm` otherwise. The legacy parser is ported token for token (`Scanner`, the
//! day/time/zone composers). `toLocale*String` print en-US (`1/15/2024, 10:00:00 AM`); with the Intl
//! family linked they take locales and options through it (`intl/datetime.rs`). The prototype is `I::DateProto`. Conformance programs run with `TZ=UTC`;
//! `compiler/tests/date_tz.rs` runs `tests/date_tz/zones.ts` under four zones against Node's
//! output.

use crate::global::{def_constructor, def_method};
use perry_abi::{DATE_EXTRA, DATE_VALUE, KIND_DATE};
use perry_gc::HandleScope;
use perry_runtime::atoms::{self, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::ops::{self, Hint};
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

// ---------------------------------------------------------------------------
// Time values and the abstract operations of 21.4.1
// ---------------------------------------------------------------------------

const MS_PER_DAY: f64 = 86_400_000.0;
const MS_PER_HOUR: f64 = 3_600_000.0;
const MS_PER_MINUTE: f64 = 60_000.0;
const MS_PER_SECOND: f64 = 1_000.0;
/// The largest |time value| (21.4.1.1): 100,000,000 days.
const MAX_TIME: f64 = 8.64e15;

/// Day ( t ) — 21.4.1.3
fn day(t: f64) -> f64 {
    (t / MS_PER_DAY).floor()
}

/// TimeWithinDay ( t ) — 21.4.1.4
fn time_within_day(t: f64) -> f64 {
    // `+ 0.0`: a negative multiple of a day gives -0, which must print as 0.
    t.rem_euclid(MS_PER_DAY) + 0.0
}

/// Days from 1970-01-01 to the proleptic Gregorian date (month 1-12).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The (year, month 0-11, date 1-31) of a day number.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m - 1, d)
}

/// The calendar fields of a finite time value (local or UTC).
#[derive(Clone, Copy)]
pub struct Fields {
    pub year: f64,
    pub month: f64,
    pub date: f64,
    pub hour: f64,
    pub minute: f64,
    pub second: f64,
    pub ms: f64,
    pub weekday: f64,
}

/// YearFromTime, MonthFromTime, DateFromTime, WeekDay, HourFromTime,
/// MinFromTime, SecFromTime and msFromTime (21.4.1.5 - 21.4.1.14) at once.
pub fn fields(t: f64) -> Fields {
    let d = day(t);
    let (y, m, dt) = civil_from_days(d as i64);
    let tw = time_within_day(t);
    Fields {
        year: y as f64,
        month: m as f64,
        date: dt as f64,
        hour: (tw / MS_PER_HOUR).floor(),
        minute: (tw / MS_PER_MINUTE).floor() % 60.0,
        second: (tw / MS_PER_SECOND).floor() % 60.0,
        ms: tw % MS_PER_SECOND,
        weekday: (d + 4.0).rem_euclid(7.0) + 0.0,
    }
}

/// ToIntegerOrInfinity of a number.
fn integer(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x.trunc() + 0.0 }
}

/// MakeTime ( hour, min, sec, ms ) — 21.4.1.27
fn make_time(h: f64, m: f64, s: f64, ms: f64) -> f64 {
    if !(h.is_finite() && m.is_finite() && s.is_finite() && ms.is_finite()) {
        return f64::NAN;
    }
    integer(h) * MS_PER_HOUR + integer(m) * MS_PER_MINUTE + integer(s) * MS_PER_SECOND + integer(ms)
}

/// MakeDay ( year, month, date ) — 21.4.1.28
fn make_day(year: f64, month: f64, date: f64) -> f64 {
    if !(year.is_finite() && month.is_finite() && date.is_finite()) {
        return f64::NAN;
    }
    let (y, m, dt) = (integer(year), integer(month), integer(date));
    let ym = y + (m / 12.0).floor();
    // Far outside the range of time values: no representable day.
    if !ym.is_finite() || ym.abs() > 400_000.0 {
        return f64::NAN;
    }
    let mn = m.rem_euclid(12.0);
    let days = days_from_civil(ym as i64, mn as i64 + 1, 1) as f64;
    days + dt - 1.0
}

/// MakeDate ( day, time ) — 21.4.1.29
fn make_date(day: f64, time: f64) -> f64 {
    if !(day.is_finite() && time.is_finite()) {
        return f64::NAN;
    }
    let tv = day * MS_PER_DAY + time;
    if tv.is_finite() { tv } else { f64::NAN }
}

/// MakeFullYear ( year ) — 21.4.1.30 (0-99 mean 1900-1999).
fn make_full_year(y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    let t = integer(y);
    if (0.0..=99.0).contains(&t) { 1900.0 + t } else { y }
}

/// TimeClip ( time ) — 21.4.1.31
fn time_clip(t: f64) -> f64 {
    if !t.is_finite() || t.abs() > MAX_TIME {
        return f64::NAN;
    }
    integer(t)
}

// ---------------------------------------------------------------------------
// Local time
// ---------------------------------------------------------------------------

/// What the C library says about the instant `t` (ms, UTC): the UTC offset
/// in ms, whether it is daylight-saving time, and the zone's abbreviation.
fn local_info(t: f64) -> (f64, bool, String) {
    static INIT: std::sync::Once = std::sync::Once::new();
    // SAFETY: tzset reads TZ once; the JS thread is the only caller.
    INIT.call_once(|| unsafe { tzset() });
    // Offsets are asked for around valid times only; keep time_t sane.
    let t = t.clamp(-MAX_TIME - 4.0 * MS_PER_DAY, MAX_TIME + 4.0 * MS_PER_DAY);
    let secs = (t / 1000.0).floor() as libc::time_t;
    // SAFETY: an all-zero `tm` is valid; localtime_r writes it and returns it.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&secs, &mut tm).is_null() {
            return (0.0, false, "UTC".into());
        }
        let abbr = if tm.tm_zone.is_null() { String::new() } else { std::ffi::CStr::from_ptr(tm.tm_zone).to_string_lossy().into_owned() };
        (tm.tm_gmtoff as f64 * 1000.0, tm.tm_isdst > 0, abbr)
    }
}

unsafe extern "C" {
    fn tzset();
}

/// The local zone's offset from UTC at the UTC instant `t`, in ms.
fn offset_at(t: f64) -> f64 {
    // One-entry cache: consecutive conversions are usually of one instant.
    static LAST: std::sync::Mutex<(f64, f64)> = std::sync::Mutex::new((f64::NAN, 0.0));
    let secs = (t / 1000.0).floor();
    if let Ok(last) = LAST.lock()
        && last.0 == secs
    {
        return last.1;
    }
    let o = local_info(t).0;
    if let Ok(mut last) = LAST.lock() {
        *last = (secs, o);
    }
    o
}

/// LocalTime ( t ) — 21.4.1.25
fn local_time(t: f64) -> f64 {
    t + offset_at(t)
}

/// UTC ( t ) — 21.4.1.26. A wall time skipped or repeated by a transition
/// is read with the offset in force before the transition. Assumes at most
/// one transition within 16 hours of `t`.
fn utc(t: f64) -> f64 {
    if !t.is_finite() {
        return f64::NAN;
    }
    const WINDOW: f64 = 16.0 * MS_PER_HOUR;
    let early = offset_at(t - WINDOW);
    let late = offset_at(t + WINDOW);
    if early == late {
        return t - early;
    }
    let o = if offset_at(t - early) == early || offset_at(t - late) != late { early } else { late };
    t - o
}

/// V8's EquivalentTime: the same month, day and time of day in a year of
/// 2008-2035 that starts on the same weekday and has the same leap-ness.
fn equivalent_time(t: f64) -> f64 {
    let d = day(t);
    let (y, m, dt) = civil_from_days(d as i64);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let week_day = (days_from_civil(y, 1, 1) + 4).rem_euclid(7);
    let recent = if leap { 1956 } else { 1967 } + (week_day * 12) % 28;
    let ey = 2008 + (recent + 3 * 28 - 2008) % 28;
    days_from_civil(ey, m + 1, dt) as f64 * MS_PER_DAY + time_within_day(t)
}

/// The long name Node (ICU) prints for a zone abbreviation in `toString`.
pub fn zone_name(abbr: &str, offset_min: i64) -> String {
    let name = match (abbr, offset_min) {
        ("UTC", 0) | ("UCT", 0) | ("Z", 0) => "Coordinated Universal Time",
        ("GMT", 0) => "Greenwich Mean Time",
        ("BST", 60) => "British Summer Time",
        ("IST", 60) => "Irish Standard Time",
        ("WET", _) => "Western European Standard Time",
        ("WEST", _) => "Western European Summer Time",
        ("CET", _) => "Central European Standard Time",
        ("CEST", _) => "Central European Summer Time",
        ("EET", _) => "Eastern European Standard Time",
        ("EEST", _) => "Eastern European Summer Time",
        ("MSK", _) => "Moscow Standard Time",
        ("IST", 120) => "Israel Standard Time",
        ("IDT", _) => "Israel Daylight Time",
        ("IST", 330) => "India Standard Time",
        ("PKT", _) => "Pakistan Standard Time",
        ("CST", 480) => "China Standard Time",
        ("HKT", _) => "Hong Kong Standard Time",
        ("JST", _) => "Japan Standard Time",
        ("KST", _) => "Korean Standard Time",
        ("AEST", _) => "Australian Eastern Standard Time",
        ("AEDT", _) => "Australian Eastern Daylight Time",
        ("ACST", _) => "Australian Central Standard Time",
        ("ACDT", _) => "Australian Central Daylight Time",
        ("AWST", _) => "Australian Western Standard Time",
        ("NZST", _) => "New Zealand Standard Time",
        ("NZDT", _) => "New Zealand Daylight Time",
        ("SAST", _) => "South Africa Standard Time",
        ("EST", _) => "Eastern Standard Time",
        ("EDT", _) => "Eastern Daylight Time",
        ("CST", _) => "Central Standard Time",
        ("CDT", _) => "Central Daylight Time",
        ("MST", _) => "Mountain Standard Time",
        ("MDT", _) => "Mountain Daylight Time",
        ("PST", _) => "Pacific Standard Time",
        ("PDT", _) => "Pacific Daylight Time",
        ("AKST", _) => "Alaska Standard Time",
        ("AKDT", _) => "Alaska Daylight Time",
        ("HST", _) => "Hawaii-Aleutian Standard Time",
        _ => "",
    };
    if !name.is_empty() {
        return name.into();
    }
    // ICU's fallback: the localized GMT format.
    if offset_min == 0 {
        return "GMT".into();
    }
    let sign = if offset_min < 0 { '-' } else { '+' };
    let a = offset_min.abs();
    format!("GMT{sign}{:02}:{:02}", a / 60, a % 60)
}

// ---------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------

const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

fn year_string(y: f64) -> String {
    let y = y as i64;
    if y < 0 { format!("-{:04}", -y) } else { format!("{y:04}") }
}

/// DateString ( tv ) — 21.4.4.41.2 (of a local time value).
fn date_string(t: f64) -> String {
    let f = fields(t);
    format!("{} {} {:02} {}", WEEKDAYS[f.weekday as usize], MONTHS[f.month as usize], f.date as i64, year_string(f.year))
}

/// TimeString ( tv ) — 21.4.4.41.1 (of a local time value).
fn time_string(t: f64) -> String {
    let f = fields(t);
    format!("{:02}:{:02}:{:02} GMT", f.hour as i64, f.minute as i64, f.second as i64)
}

/// TimeZoneString ( tv ) — 21.4.4.41.3 (of a UTC time value).
fn time_zone_string(tv: f64) -> String {
    let (off, _, abbr) = local_info(tv);
    let off_min = (off / MS_PER_MINUTE).trunc() as i64;
    let sign = if off_min < 0 { '-' } else { '+' };
    let a = off_min.abs();
    // V8 names the zone from whether daylight-saving time is in force at
    // an equivalent time within 1970-2037 (DateCache::LocalTimezone).
    let tn = if !(0.0..=2_147_483_647_000.0).contains(&tv) { equivalent_time(tv) } else { tv };
    let (no, _, nabbr) = if tn == tv { (off, false, abbr) } else { local_info(tn) };
    let name = zone_name(&nabbr, (no / MS_PER_MINUTE).trunc() as i64);
    format!("{sign}{:02}{:02} ({name})", a / 60, a % 60)
}

/// ToDateString ( tv ) — 21.4.4.41.4
pub fn to_date_string(tv: f64) -> String {
    if tv.is_nan() {
        return "Invalid Date".into();
    }
    let t = local_time(tv);
    format!("{} {}{}", date_string(t), time_string(t), time_zone_string(tv))
}

/// The toISOString form of a finite time value.
pub fn iso_string(tv: f64) -> String {
    let f = fields(tv);
    let y = f.year as i64;
    let year = if (0..=9999).contains(&y) { format!("{y:04}") } else { format!("{}{:06}", if y < 0 { '-' } else { '+' }, y.abs()) };
    format!("{year}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", f.month as i64 + 1, f.date as i64, f.hour as i64, f.minute as i64, f.second as i64, f.ms as i64)
}

fn utc_string(tv: f64) -> String {
    let f = fields(tv);
    format!(
        "{}, {:02} {} {} {:02}:{:02}:{:02} GMT",
        WEEKDAYS[f.weekday as usize],
        f.date as i64,
        MONTHS[f.month as usize],
        year_string(f.year),
        f.hour as i64,
        f.minute as i64,
        f.second as i64
    )
}

/// en-US `Intl.DateTimeFormat` numeric date ("1/15/2024") of a local time.
fn locale_date(t: f64) -> String {
    let f = fields(t);
    // Years before 1 are shown as era years (1 BC is year 0).
    let y = if f.year <= 0.0 { 1.0 - f.year } else { f.year };
    format!("{}/{}/{}", f.month as i64 + 1, f.date as i64, y as i64)
}

/// en-US `Intl.DateTimeFormat` time ("10:00:00 AM") of a local time.
fn locale_time(t: f64) -> String {
    let f = fields(t);
    let h = f.hour as i64;
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    format!("{h12}:{:02}:{:02} {}", f.minute as i64, f.second as i64, if h < 12 { "AM" } else { "PM" })
}

// ---------------------------------------------------------------------------
// Parsing (21.4.3.2), after V8's date parser
// ---------------------------------------------------------------------------

const NONE: i64 = i64::MIN;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Tok {
    /// value (at most nine significant digits), digit count, the first three digits as milliseconds
    Number(i64, usize, i64),
    Symbol(char),
    /// keyword type, value, word length
    Keyword(Kw, i64, usize),
    WhiteSpace,
    Unknown,
    End,
    Invalid,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kw {
    Invalid,
    MonthName,
    TimeZoneName,
    TimeSeparator,
    AmPm,
}

#[rustfmt::skip]
const KEYWORDS: &[(&str, Kw, i64)] = &[
    ("jan", Kw::MonthName, 1), ("feb", Kw::MonthName, 2), ("mar", Kw::MonthName, 3), ("apr", Kw::MonthName, 4),
    ("may", Kw::MonthName, 5), ("jun", Kw::MonthName, 6), ("jul", Kw::MonthName, 7), ("aug", Kw::MonthName, 8),
    ("sep", Kw::MonthName, 9), ("oct", Kw::MonthName, 10), ("nov", Kw::MonthName, 11), ("dec", Kw::MonthName, 12),
    ("am", Kw::AmPm, 0), ("pm", Kw::AmPm, 12),
    ("ut", Kw::TimeZoneName, 0), ("utc", Kw::TimeZoneName, 0), ("z", Kw::TimeZoneName, 0), ("gmt", Kw::TimeZoneName, 0),
    ("cdt", Kw::TimeZoneName, -5), ("cst", Kw::TimeZoneName, -6), ("edt", Kw::TimeZoneName, -4), ("est", Kw::TimeZoneName, -5),
    ("mdt", Kw::TimeZoneName, -6), ("mst", Kw::TimeZoneName, -7), ("pdt", Kw::TimeZoneName, -7), ("pst", Kw::TimeZoneName, -8),
    ("t", Kw::TimeSeparator, 0),
];

fn is_js_space(c: u16) -> bool {
    matches!(c, 0x09..=0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF)
}

fn is_word_char(c: u16) -> bool {
    (c as u8 as u16 == c && (c as u8).is_ascii_alphabetic()) || (c >= 0x80 && !is_js_space(c))
}

struct Scanner<'a> {
    s: &'a [u16],
    pos: usize,
    next: Tok,
}

impl<'a> Scanner<'a> {
    fn new(s: &'a [u16]) -> Scanner<'a> {
        let mut sc = Scanner { s, pos: 0, next: Tok::End };
        sc.next = sc.scan();
        sc
    }

    fn ch(&self) -> u16 {
        self.s.get(self.pos).copied().unwrap_or(0)
    }

    fn scan(&mut self) -> Tok {
        let start = self.pos;
        if self.pos >= self.s.len() {
            return Tok::End;
        }
        let c = self.ch();
        if (b'0' as u16..=b'9' as u16).contains(&c) {
            let (mut n, mut i, mut ms) = (0i64, 0usize, 0i64);
            while self.ch() == b'0' as u16 {
                self.pos += 1;
            }
            while (b'0' as u16..=b'9' as u16).contains(&self.ch()) {
                if i < 9 {
                    n = n * 10 + (self.ch() - b'0' as u16) as i64;
                }
                i += 1;
                self.pos += 1;
            }
            // The first three digits (leading zeros included) as milliseconds.
            for k in 0..3 {
                let d = self.s.get(start + k).filter(|_| start + k < self.pos).map_or(0, |&d| (d - b'0' as u16) as i64);
                ms = ms * 10 + d;
            }
            return Tok::Number(n, self.pos - start, ms);
        }
        for sym in [':', '-', '+', '.', ')'] {
            if c == sym as u16 {
                self.pos += 1;
                return Tok::Symbol(sym);
            }
        }
        if is_word_char(c) {
            let mut pre = String::new();
            let mut len = 0;
            while is_word_char(self.ch()) {
                if len < 3 {
                    let ch = char::from_u32(self.ch() as u32).unwrap_or('\u{FFFD}');
                    pre.extend(ch.to_lowercase());
                }
                len += 1;
                self.pos += 1;
            }
            for &(k, ty, v) in KEYWORDS {
                if k == pre && (len <= 3 || ty == Kw::MonthName) {
                    return Tok::Keyword(ty, v, len);
                }
            }
            return Tok::Keyword(Kw::Invalid, 0, len);
        }
        if is_js_space(c) {
            while self.pos < self.s.len() && is_js_space(self.ch()) {
                self.pos += 1;
            }
            return Tok::WhiteSpace;
        }
        if c == b'(' as u16 {
            let mut balance = 0;
            loop {
                let c = self.ch();
                if c == b')' as u16 {
                    balance -= 1;
                } else if c == b'(' as u16 {
                    balance += 1;
                }
                self.pos += 1;
                if balance <= 0 || self.pos >= self.s.len() {
                    break;
                }
            }
            return Tok::Unknown;
        }
        self.pos += 1;
        Tok::Unknown
    }

    fn peek(&self) -> Tok {
        self.next
    }

    fn next(&mut self) -> Tok {
        let t = self.next;
        self.next = self.scan();
        t
    }

    fn skip_symbol(&mut self, c: char) -> bool {
        if self.next == Tok::Symbol(c) {
            self.next();
            true
        } else {
            false
        }
    }
}

impl Tok {
    fn fixed(self, n: usize) -> Option<i64> {
        match self {
            Tok::Number(v, l, _) if l == n => Some(v),
            _ => None,
        }
    }
    fn number(self) -> Option<i64> {
        match self {
            Tok::Number(v, _, _) => Some(v),
            _ => None,
        }
    }
    fn is_sign(self) -> bool {
        matches!(self, Tok::Symbol('+' | '-'))
    }
    fn is_z(self) -> bool {
        matches!(self, Tok::Keyword(Kw::TimeZoneName, 0, 1))
    }
}

fn between(x: i64, lo: i64, hi: i64) -> bool {
    (lo..=hi).contains(&x)
}

#[derive(Default)]
struct DayComposer {
    comp: [i64; 3],
    index: usize,
    named_month: Option<i64>,
    iso: bool,
}

impl DayComposer {
    fn add(&mut self, n: i64) -> bool {
        if self.index < 3 {
            self.comp[self.index] = n;
            self.index += 1;
            true
        } else {
            false
        }
    }

    /// (year, month 0-11, day)
    fn write(&mut self) -> Option<(i64, i64, i64)> {
        if self.index < 1 {
            return None;
        }
        while self.index < 3 {
            self.comp[self.index] = 1;
            self.index += 1;
        }
        let c = self.comp;
        let is_day = |x| between(x, 1, 31);
        let (mut year, month, day) = match self.named_month {
            None if self.iso || !is_day(c[0]) => (c[0], c[1], c[2]),
            None => (c[2], c[0], c[1]),
            Some(m) if !is_day(c[0]) => (c[0], m, c[1]),
            Some(m) => (c[1], m, c[0]),
        };
        if !self.iso {
            if between(year, 0, 49) {
                year += 2000;
            } else if between(year, 50, 99) {
                year += 1900;
            }
        }
        if !between(month, 1, 12) || !is_day(day) {
            return None;
        }
        Some((year, month - 1, day))
    }
}

#[derive(Default)]
struct TimeComposer {
    comp: [i64; 4],
    index: usize,
    hour_offset: Option<i64>,
}

impl TimeComposer {
    fn is_empty(&self) -> bool {
        self.index == 0
    }
    fn is_expecting(&self, n: i64) -> bool {
        (self.index == 1 && between(n, 0, 59)) || (self.index == 2 && between(n, 0, 59)) || (self.index == 3 && between(n, 0, 999))
    }
    fn add(&mut self, n: i64) -> bool {
        if self.index < 4 {
            self.comp[self.index] = n;
            self.index += 1;
            true
        } else {
            false
        }
    }
    fn add_final(&mut self, n: i64) -> bool {
        if !self.add(n) {
            return false;
        }
        while self.index < 4 {
            self.comp[self.index] = 0;
            self.index += 1;
        }
        true
    }
    fn write(&mut self) -> Option<[i64; 4]> {
        while self.index < 4 {
            self.comp[self.index] = 0;
            self.index += 1;
        }
        let [mut h, m, s, ms] = self.comp;
        if let Some(off) = self.hour_offset {
            if !between(h, 0, 12) {
                return None;
            }
            h = h % 12 + off;
        }
        if !(between(h, 0, 23) && between(m, 0, 59) && between(s, 0, 59) && between(ms, 0, 999)) && (h != 24 || m != 0 || s != 0 || ms != 0) {
            return None;
        }
        Some([h, m, s, ms])
    }
}

struct TzComposer {
    sign: i64,
    hour: i64,
    minute: i64,
}

impl TzComposer {
    fn set(&mut self, hours: i64) {
        self.sign = if hours < 0 { -1 } else { 1 };
        self.hour = hours.abs();
        self.minute = 0;
    }
    fn is_expecting(&self, n: i64) -> bool {
        self.hour != NONE && self.minute == NONE && between(n, 0, 59)
    }
    fn is_utc(&self) -> bool {
        self.hour == 0 && self.minute == 0
    }
    /// The offset in seconds, or None for local time.
    fn write(&self) -> Option<Option<i64>> {
        if self.sign == NONE {
            return Some(None);
        }
        let h = if self.hour == NONE { 0 } else { self.hour };
        let m = if self.minute == NONE { 0 } else { self.minute };
        let total = h.checked_mul(3600)?.checked_add(m.checked_mul(60)?)?;
        if total > (1 << 30) - 1 {
            return None;
        }
        Some(Some(if self.sign < 0 { -total } else { total }))
    }
}

/// V8's ParseES5DateTime: the ISO format, or the token where it stopped
/// (the legacy parser goes on from there), or `Tok::Invalid`.
fn parse_iso(sc: &mut Scanner, day: &mut DayComposer, time: &mut TimeComposer, tz: &mut TzComposer) -> Tok {
    if sc.peek().is_sign() {
        let sign_tok = sc.next();
        let Some(year) = sc.peek().fixed(6) else { return sign_tok };
        let sign = if sign_tok == Tok::Symbol('-') { -1 } else { 1 };
        if sign < 0 && year == 0 {
            return sign_tok;
        }
        sc.next();
        day.add(sign * year);
    } else if let Some(y) = sc.peek().fixed(4) {
        sc.next();
        day.add(y);
    } else {
        return sc.next();
    }
    if sc.skip_symbol('-') {
        match sc.peek().fixed(2) {
            Some(m) if between(m, 1, 12) => {
                sc.next();
                day.add(m);
            }
            _ => return sc.next(),
        }
        if sc.skip_symbol('-') {
            match sc.peek().fixed(2) {
                Some(d) if between(d, 1, 31) => {
                    sc.next();
                    day.add(d);
                }
                _ => return sc.next(),
            }
        }
    }
    if !matches!(sc.peek(), Tok::Keyword(Kw::TimeSeparator, _, _)) {
        if sc.peek() != Tok::End {
            return sc.next();
        }
    } else {
        sc.next();
        let Some(h) = sc.peek().fixed(2).filter(|&h| between(h, 0, 24)) else { return Tok::Invalid };
        let h24 = h == 24;
        sc.next();
        time.add(h);
        if !sc.skip_symbol(':') {
            return Tok::Invalid;
        }
        let Some(m) = sc.peek().fixed(2).filter(|&m| between(m, 0, 59) && !(h24 && m > 0)) else { return Tok::Invalid };
        sc.next();
        time.add(m);
        if sc.skip_symbol(':') {
            let Some(s) = sc.peek().fixed(2).filter(|&s| between(s, 0, 59) && !(h24 && s > 0)) else { return Tok::Invalid };
            sc.next();
            time.add(s);
            if sc.skip_symbol('.') {
                let Tok::Number(n, _, ms) = sc.peek() else { return Tok::Invalid };
                if h24 && n > 0 {
                    return Tok::Invalid;
                }
                sc.next();
                time.add(ms);
            }
        }
        if sc.peek().is_z() {
            sc.next();
            tz.set(0);
        } else if sc.peek().is_sign() {
            tz.sign = if sc.next() == Tok::Symbol('+') { 1 } else { -1 };
            if let Some(hm) = sc.peek().fixed(4) {
                sc.next();
                let (h, m) = (hm / 100, hm % 100);
                if !between(h, 0, 23) || !between(m, 0, 59) {
                    return Tok::Invalid;
                }
                tz.hour = h;
                tz.minute = m;
            } else {
                let Some(h) = sc.peek().fixed(2).filter(|&h| between(h, 0, 23)) else { return Tok::Invalid };
                sc.next();
                tz.hour = h;
                if !sc.skip_symbol(':') {
                    return Tok::Invalid;
                }
                let Some(m) = sc.peek().fixed(2).filter(|&m| between(m, 0, 59)) else { return Tok::Invalid };
                sc.next();
                tz.minute = m;
            }
        }
        if sc.peek() != Tok::End {
            return Tok::Invalid;
        }
    }
    // Date-only forms are UTC, date-time forms local.
    if tz.hour == NONE && time.is_empty() {
        tz.set(0);
    }
    day.iso = true;
    Tok::End
}

/// Parses a date string to a time value (NaN when it is not a date).
pub fn parse(s: &[u16]) -> f64 {
    parse_fields(s).unwrap_or(f64::NAN)
}

fn parse_fields(s: &[u16]) -> Option<f64> {
    let mut sc = Scanner::new(s);
    let mut day = DayComposer::default();
    let mut time = TimeComposer::default();
    let mut tz = TzComposer { sign: NONE, hour: NONE, minute: NONE };
    let mut token = parse_iso(&mut sc, &mut day, &mut time, &mut tz);
    if token == Tok::Invalid {
        return None;
    }
    let mut has_read_number = day.index > 0;
    // The legacy parser takes whatever is left.
    while token != Tok::End {
        match token {
            Tok::Number(n, _, _) => {
                has_read_number = true;
                if sc.skip_symbol(':') {
                    if sc.skip_symbol(':') {
                        if !time.is_empty() {
                            return None;
                        }
                        time.add(n);
                        time.add(0);
                    } else {
                        if !time.add(n) {
                            return None;
                        }
                        if sc.peek() == Tok::Symbol('.') {
                            sc.next();
                        }
                    }
                } else if sc.peek() == Tok::Symbol('.') && time.is_expecting(n) {
                    sc.next();
                    time.add(n);
                    let Tok::Number(_, _, ms) = sc.peek() else { return None };
                    sc.next();
                    time.add_final(ms);
                } else if tz.is_expecting(n) {
                    tz.minute = n;
                } else if time.is_expecting(n) {
                    time.add_final(n);
                    let p = sc.peek();
                    if !(p == Tok::End || p == Tok::WhiteSpace || p.is_z() || p.is_sign()) {
                        return None;
                    }
                } else {
                    if !day.add(n) {
                        return None;
                    }
                    sc.skip_symbol('-');
                }
            }
            Tok::Keyword(ty, v, _) => {
                if ty == Kw::AmPm && !time.is_empty() {
                    time.hour_offset = Some(v);
                } else if ty == Kw::MonthName {
                    day.named_month = Some(v);
                    sc.skip_symbol('-');
                } else if ty == Kw::TimeZoneName && has_read_number {
                    tz.set(v);
                } else {
                    // Garbage words are illegal once a number has been read,
                    // and must be separated from the first number.
                    if has_read_number || sc.peek().number().is_some() {
                        return None;
                    }
                }
            }
            t if t.is_sign() && (tz.is_utc() || !time.is_empty()) => {
                tz.sign = if t == Tok::Symbol('-') { -1 } else { 1 };
                let (mut n, mut len) = (0, 0);
                if let Tok::Number(v, l, _) = sc.peek() {
                    sc.next();
                    n = v;
                    len = l;
                }
                has_read_number = true;
                if sc.peek() == Tok::Symbol(':') {
                    tz.hour = n;
                    tz.minute = NONE;
                } else if len == 1 || len == 2 {
                    tz.hour = n;
                    tz.minute = 0;
                } else if len == 3 || len == 4 {
                    tz.hour = n / 100;
                    tz.minute = n % 100;
                } else {
                    return None;
                }
            }
            t if (t.is_sign() || t == Tok::Symbol(')')) && has_read_number => return None,
            _ => {}
        }
        token = sc.next();
    }
    let (y, m, d) = day.write()?;
    let [h, mi, se, ms] = time.write()?;
    let off = tz.write()?;
    let date = make_date(make_day(y as f64, m as f64, d as f64), make_time(h as f64, mi as f64, se as f64, ms as f64));
    let t = match off {
        None => {
            if date.abs() > MAX_TIME + 10.0 * MS_PER_DAY {
                return None;
            }
            utc(date)
        }
        Some(secs) => {
            let t = date - secs as f64 * 1000.0;
            if t.abs() > MAX_TIME {
                return None;
            }
            t
        }
    };
    Some(time_clip(t))
}

// ---------------------------------------------------------------------------
// The constructor and its functions
// ---------------------------------------------------------------------------

fn now() -> f64 {
    match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_millis() as f64,
        Err(e) => -(e.duration().as_millis() as f64),
    }
}

fn is_date(v: Value) -> bool {
    v.is_cell() && v.is_object() && v.kind() == KIND_DATE
}

/// The [[DateValue]] of a Date object, if `v` is one.
pub fn date_value(v: Value) -> Option<f64> {
    if is_date(v) { Some(v.cell().field(DATE_VALUE).as_number()) } else { None }
}

/// thisTimeValue: `this`'s [[DateValue]], or V8's TypeError.
fn this_time_value(v: Value) -> JsResult<f64> {
    date_value(v).ok_or_else(|| error::type_error("this is not a Date object."))
}

/// A new Date with `proto` holding `tv`.
pub(crate) fn new_date(proto: Value, tv: f64) -> Value {
    let o = object::alloc_object(KIND_DATE, DATE_EXTRA, 1, proto);
    o.cell().set_field(DATE_VALUE, Value::num(tv));
    o
}

/// Date ( ...values ) — 21.4.2.1
fn date_ctor(args: &Args) -> JsResult {
    // 1. Called as a function: the current time as a string.
    if args.new_target().is_undefined() {
        return Ok(string::from_str(&to_date_string(now())));
    }
    let n = args.len();
    let tv = if n == 0 {
        now()
    } else if n == 1 {
        let value = args.get(0);
        let tv = if let Some(t) = date_value(value) {
            t
        } else {
            let v = ops::to_primitive(value, Hint::Default)?;
            if v.is_string() { parse(&string::units16(v)) } else { ops::to_number(v)? }
        };
        time_clip(tv)
    } else {
        let mut c = [f64::NAN, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
        for (i, slot) in c.iter_mut().enumerate().take(n.min(7)) {
            *slot = ops::to_number(args.get(i))?;
        }
        let yr = make_full_year(c[0]);
        let final_date = make_date(make_day(yr, c[1], c[2]), make_time(c[3], c[4], c[5], c[6]));
        time_clip(utc(final_date))
    };
    let proto = function::proto_from_new_target(args.new_target(), I::DateProto)?;
    Ok(new_date(proto, tv))
}

/// Date.now ( ) — 21.4.3.1
fn date_now(_: &Args) -> JsResult {
    Ok(Value::num(now()))
}

/// Date.parse ( string ) — 21.4.3.2
fn date_parse(args: &Args) -> JsResult {
    let s = ops::to_string(args.get(0))?;
    Ok(Value::num(parse(&string::units16(s))))
}

/// Date.UTC ( year [ , month [ , date [ , hours [ , minutes [ , seconds [ , ms ] ] ] ] ] ] ) — 21.4.3.4
fn date_utc(args: &Args) -> JsResult {
    let mut c = [f64::NAN, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
    for (i, slot) in c.iter_mut().enumerate().take(args.len().min(7)) {
        *slot = ops::to_number(args.get(i))?;
    }
    let yr = make_full_year(c[0]);
    Ok(Value::num(time_clip(make_date(make_day(yr, c[1], c[2]), make_time(c[3], c[4], c[5], c[6])))))
}

// ---------------------------------------------------------------------------
// Date.prototype getters (21.4.4.2 - 21.4.4.19)
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Field {
    Year,
    Month,
    Date,
    Day,
    Hours,
    Minutes,
    Seconds,
    Ms,
}

fn get_field(args: &Args, local: bool, field: Field) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(Value::num(f64::NAN));
    }
    let f = fields(if local { local_time(t) } else { t });
    Ok(Value::num(match field {
        Field::Year => f.year,
        Field::Month => f.month,
        Field::Date => f.date,
        Field::Day => f.weekday,
        Field::Hours => f.hour,
        Field::Minutes => f.minute,
        Field::Seconds => f.second,
        Field::Ms => f.ms,
    }))
}

macro_rules! getters {
    ($($name:ident => $local:expr, $field:ident;)*) => {
        $(fn $name(args: &Args) -> JsResult {
            get_field(args, $local, Field::$field)
        })*
    };
}

getters! {
    get_full_year => true, Year;
    get_month => true, Month;
    get_date => true, Date;
    get_day => true, Day;
    get_hours => true, Hours;
    get_minutes => true, Minutes;
    get_seconds => true, Seconds;
    get_milliseconds => true, Ms;
    get_utc_full_year => false, Year;
    get_utc_month => false, Month;
    get_utc_date => false, Date;
    get_utc_day => false, Day;
    get_utc_hours => false, Hours;
    get_utc_minutes => false, Minutes;
    get_utc_seconds => false, Seconds;
    get_utc_milliseconds => false, Ms;
}

/// Date.prototype.getTime ( ) — 21.4.4.10; valueOf ( ) — 21.4.4.44
fn get_time(args: &Args) -> JsResult {
    Ok(Value::num(this_time_value(args.this())?))
}

/// Date.prototype.getTimezoneOffset ( ) — 21.4.4.11
fn get_timezone_offset(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(Value::num(f64::NAN));
    }
    // Whole minutes, truncated, as V8 (local mean time has seconds).
    Ok(Value::num(((t - local_time(t)) / MS_PER_MINUTE).trunc() + 0.0))
}

/// Date.prototype.getYear ( ) — B.2.3.1
fn get_year(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(Value::num(f64::NAN));
    }
    Ok(Value::num(fields(local_time(t)).year - 1900.0))
}

// ---------------------------------------------------------------------------
// Date.prototype setters (21.4.4.20 - 21.4.4.29)
// ---------------------------------------------------------------------------

/// The setters that replace calendar components: the arguments set the
/// components from `start` (0 year, 1 month, 2 date, 3 hours, 4 minutes,
/// 5 seconds, 6 ms), at most `count` of them; the rest come from the time
/// value. Every argument is converted before the time value is looked at.
fn set_components(args: &Args, start: usize, count: usize, local: bool) -> JsResult {
    let mut t = this_time_value(args.this())?;
    let mut given = [None; 7];
    for (i, slot) in given.iter_mut().skip(start).take(args.len().clamp(1, count)).enumerate() {
        *slot = Some(ops::to_number(args.get(i))?);
    }
    if t.is_nan() {
        // setFullYear / setUTCFullYear start from +0; the others stay NaN.
        if start != 0 {
            return Ok(Value::num(f64::NAN));
        }
        t = 0.0;
    } else if local {
        t = local_time(t);
    }
    let f = fields(t);
    let own = [f.year, f.month, f.date, f.hour, f.minute, f.second, f.ms];
    let c: Vec<f64> = (0..7).map(|i| given[i].unwrap_or(own[i])).collect();
    let date = make_date(make_day(c[0], c[1], c[2]), make_time(c[3], c[4], c[5], c[6]));
    let u = time_clip(if local { utc(date) } else { date });
    args.this().cell().set_field(DATE_VALUE, Value::num(u));
    Ok(Value::num(u))
}

macro_rules! setters {
    ($($name:ident => $start:expr, $count:expr, $local:expr;)*) => {
        $(fn $name(args: &Args) -> JsResult {
            set_components(args, $start, $count, $local)
        })*
    };
}

setters! {
    set_full_year => 0, 3, true;
    set_month => 1, 2, true;
    set_date => 2, 1, true;
    set_hours => 3, 4, true;
    set_minutes => 4, 3, true;
    set_seconds => 5, 2, true;
    set_milliseconds => 6, 1, true;
    set_utc_full_year => 0, 3, false;
    set_utc_month => 1, 2, false;
    set_utc_date => 2, 1, false;
    set_utc_hours => 3, 4, false;
    set_utc_minutes => 4, 3, false;
    set_utc_seconds => 5, 2, false;
    set_utc_milliseconds => 6, 1, false;
}

/// Date.prototype.setTime ( time ) — 21.4.4.27
fn set_time(args: &Args) -> JsResult {
    this_time_value(args.this())?;
    let t = time_clip(ops::to_number(args.get(0))?);
    args.this().cell().set_field(DATE_VALUE, Value::num(t));
    Ok(Value::num(t))
}

/// Date.prototype.setYear ( year ) — B.2.3.2
fn set_year(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    let y = ops::to_number(args.get(0))?;
    let t = if t.is_nan() { 0.0 } else { local_time(t) };
    let yyyy = make_full_year(y);
    let f = fields(t);
    let d = make_day(yyyy, f.month, f.date);
    let u = time_clip(utc(make_date(d, time_within_day(t))));
    args.this().cell().set_field(DATE_VALUE, Value::num(u));
    Ok(Value::num(u))
}

// ---------------------------------------------------------------------------
// Date.prototype string conversions
// ---------------------------------------------------------------------------

/// Date.prototype.toISOString ( ) — 21.4.4.36
fn to_iso_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if !t.is_finite() {
        return Err(error::range_error("Invalid time value"));
    }
    Ok(string::from_str(&iso_string(t)))
}

/// Date.prototype.toJSON ( key ) — 21.4.4.37
fn to_json(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.this())?;
    let ho = scope.root(o.0);
    let tv = ops::to_primitive(o, Hint::Number)?;
    if tv.is_number() && !tv.as_number().is_finite() {
        return Ok(Value::NULL);
    }
    // Intern before reading the handle: interning may allocate.
    let key = atoms::intern("toISOString");
    let f = object::get(Value(ho.get()), key)?;
    if !perry_runtime::proxy::is_callable(f) {
        return Err(error::type_error("toISOString is not a function"));
    }
    function::call(f, Value(ho.get()), &[])
}

/// Date.prototype.toString ( ) — 21.4.4.41
fn to_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    Ok(string::from_str(&to_date_string(t)))
}

/// Date.prototype.toDateString ( ) — 21.4.4.35
fn to_date_string_m(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    Ok(string::from_str(&date_string(local_time(t))))
}

/// Date.prototype.toTimeString ( ) — 21.4.4.42
fn to_time_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    Ok(string::from_str(&format!("{}{}", time_string(local_time(t)), time_zone_string(t))))
}

/// Date.prototype.toUTCString ( ) — 21.4.4.43
fn to_utc_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    Ok(string::from_str(&utc_string(t)))
}

/// Date.prototype.toLocaleString ( [ reserved1 [ , reserved2 ] ] ) — 21.4.4.39 (en-US, the
/// local zone; with the Intl family, ECMA-402's with its locales and options)
fn to_locale_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    if let Some(f) = crate::families::hooks().locale_date {
        return f(t, args.get(0), args.get(1), "any", "all");
    }
    let l = local_time(t);
    Ok(string::from_str(&format!("{}, {}", locale_date(l), locale_time(l))))
}

/// Date.prototype.toLocaleDateString ( ) — 21.4.4.38
fn to_locale_date_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    if let Some(f) = crate::families::hooks().locale_date {
        return f(t, args.get(0), args.get(1), "date", "date");
    }
    Ok(string::from_str(&locale_date(local_time(t))))
}

/// Date.prototype.toLocaleTimeString ( ) — 21.4.4.40
fn to_locale_time_string(args: &Args) -> JsResult {
    let t = this_time_value(args.this())?;
    if t.is_nan() {
        return Ok(string::from_str("Invalid Date"));
    }
    if let Some(f) = crate::families::hooks().locale_date {
        return f(t, args.get(0), args.get(1), "time", "time");
    }
    Ok(string::from_str(&locale_time(local_time(t))))
}

/// OrdinaryToPrimitive ( O, hint ) — 7.1.1.1
fn ordinary_to_primitive(o: Value, string_first: bool) -> JsResult {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let order = if string_first { [names::TO_STRING, names::VALUE_OF] } else { [names::VALUE_OF, names::TO_STRING] };
    for k in order {
        let f = object::get(Value(ho.get()), k)?;
        if perry_runtime::proxy::is_callable(f) {
            let r = function::call(f, Value(ho.get()), &[])?;
            if !r.is_js_object() {
                return Ok(r);
            }
        }
    }
    Err(error::type_error("Cannot convert object to primitive value"))
}

/// Date.prototype [ @@toPrimitive ] ( hint ) — 21.4.4.45
fn to_primitive(args: &Args) -> JsResult {
    let o = args.this();
    if !o.is_js_object() {
        return Err(error::type_error("Date.prototype [ @@toPrimitive ] called on non-object"));
    }
    let hint = args.get(0);
    let h = if hint.is_string() { string::to_rust(hint) } else { String::new() };
    let string_first = match h.as_str() {
        "string" | "default" => true,
        "number" => false,
        _ => {
            let shown = if hint.is_symbol() { ops::inspect_brief(hint) } else { ops::to_rust_string(hint)? };
            return Err(error::type_error(&format!("Invalid hint: {shown}")));
        }
    };
    ordinary_to_primitive(o, string_first)
}

/// `util.inspect`'s text of a Date (Node: the ISO string, or toString's
/// "Invalid Date").
pub fn inspect_text(v: Value) -> String {
    let t = date_value(v).unwrap_or(f64::NAN);
    if t.is_nan() { to_date_string(t) } else { iso_string(t) }
}

pub fn install() {
    let scope = HandleScope::new();
    let p = object::new_object_kind(perry_abi::KIND_OBJECT, realm::get(I::ObjectProto), 8);
    realm::set(I::DateProto, p);
    let hp = scope.root(realm::get(I::DateProto).0);
    let c = def_constructor("Date", 7, date_ctor, hp);
    let hc = scope.root(c.0);
    def_method(hc, "now", 0, date_now);
    def_method(hc, "parse", 1, date_parse);
    def_method(hc, "UTC", 7, date_utc);

    #[rustfmt::skip]
    let methods: &[(&str, u32, perry_runtime::function::NativeFn)] = &[
        ("getDate", 0, get_date), ("getDay", 0, get_day), ("getFullYear", 0, get_full_year),
        ("getHours", 0, get_hours), ("getMilliseconds", 0, get_milliseconds), ("getMinutes", 0, get_minutes),
        ("getMonth", 0, get_month), ("getSeconds", 0, get_seconds), ("getTime", 0, get_time),
        ("getTimezoneOffset", 0, get_timezone_offset), ("getUTCDate", 0, get_utc_date), ("getUTCDay", 0, get_utc_day),
        ("getUTCFullYear", 0, get_utc_full_year), ("getUTCHours", 0, get_utc_hours),
        ("getUTCMilliseconds", 0, get_utc_milliseconds), ("getUTCMinutes", 0, get_utc_minutes),
        ("getUTCMonth", 0, get_utc_month), ("getUTCSeconds", 0, get_utc_seconds), ("getYear", 0, get_year),
        ("setDate", 1, set_date), ("setFullYear", 3, set_full_year), ("setHours", 4, set_hours),
        ("setMilliseconds", 1, set_milliseconds), ("setMinutes", 3, set_minutes), ("setMonth", 2, set_month),
        ("setSeconds", 2, set_seconds), ("setTime", 1, set_time), ("setUTCDate", 1, set_utc_date),
        ("setUTCFullYear", 3, set_utc_full_year), ("setUTCHours", 4, set_utc_hours),
        ("setUTCMilliseconds", 1, set_utc_milliseconds), ("setUTCMinutes", 3, set_utc_minutes),
        ("setUTCMonth", 2, set_utc_month), ("setUTCSeconds", 2, set_utc_seconds), ("setYear", 1, set_year),
        ("toDateString", 0, to_date_string_m), ("toISOString", 0, to_iso_string), ("toJSON", 1, to_json),
        ("toLocaleDateString", 0, to_locale_date_string), ("toLocaleString", 0, to_locale_string),
        ("toLocaleTimeString", 0, to_locale_time_string), ("toString", 0, to_string),
        ("toTimeString", 0, to_time_string), ("valueOf", 0, get_time),
    ];
    for &(name, len, f) in methods {
        def_method(hp, name, len, f);
    }
    // toGMTString is the same function object as toUTCString (B.2.3.3).
    let u = def_method(hp, "toUTCString", 0, to_utc_string);
    let hu = scope.root(u.0);
    let key = atoms::intern("toGMTString");
    object::define_hidden(Value(hp.get()), key, Value(hu.get()));
    // @@toPrimitive: not writable, configurable.
    let tp = function::new_native("[Symbol.toPrimitive]", 1, to_primitive);
    object::define(Value(hp.get()), realm::sym_atom(I::SymToPrimitive), tp, shape::CONFIGURABLE);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> f64 {
        let u: Vec<u16> = s.encode_utf16().collect();
        parse(&u)
    }

    #[test]
    fn civil_round_trip() {
        for d in [-719_468 * 3, -1, 0, 1, 59, 365, 10_000, 100_000_000, -100_000_000] {
            let (y, m, dt) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m + 1, dt), d);
        }
        assert_eq!(civil_from_days(0), (1970, 0, 1));
    }

    #[test]
    fn iso_parsing_with_offsets() {
        assert_eq!(p("2024-01-15T10:00:00Z"), 1705312800000.0);
        assert_eq!(p("2024-01-15"), 1705276800000.0);
        assert_eq!(p("+002024-01-15"), 1705276800000.0);
        assert_eq!(p("2024-01-15T10:00:00.1234567Z"), 1705312800123.0);
        assert_eq!(p("2024-01-15T10:00+0100"), 1705309200000.0);
        assert_eq!(p("2024-01-15T10:00:00+05:30"), 1705293000000.0);
        assert_eq!(p("Tue, 01 Jan 2019 00:00:00 GMT"), 1546300800000.0);
        assert_eq!(p("Mon Jan 01 2024 10:00:00 GMT+0100 (Central European Standard Time)"), 1704099600000.0);
        assert_eq!(p("Thu, 01 Jan 1970 00:00:00 GMT-0500"), 18000000.0);
        for bad in ["2024-01-15T24:00:01", "-000000-01-01T00:00:00Z", "x", "", "20240115", "2024-13-01", "12:00", "2000-01-01TZ"] {
            assert!(p(bad).is_nan(), "{bad}");
        }
    }
}
