//! The early errors of a regular expression literal (ECMAScript 13.2.7.2):
//! its flags and pattern are checked at compile time with the same parser
//! the runtime matches with (`regress`), so a bad literal is a compile
//! error naming its position instead of a SyntaxError at run time.

use perry_abi::regexp_source;

/// Checks `flags` (each of `dgimsuvy` at most once, not both `u` and `v`)
/// and parses `pattern` with them; the error text is the parser's.
pub fn check(pattern: &str, flags: &str) -> Result<(), String> {
    let mut f = regress::Flags::default();
    let mut seen = String::new();
    for c in flags.chars() {
        if !"dgimsuvy".contains(c) || seen.contains(c) {
            return Err(format!("Invalid flags '{flags}'"));
        }
        seen.push(c);
        match c {
            'i' => f.icase = true,
            'm' => f.multiline = true,
            's' => f.dot_all = true,
            'u' => f.unicode = true,
            'v' => {
                f.unicode = true;
                f.unicode_sets = true;
            }
            _ => {}
        }
    }
    if seen.contains('u') && seen.contains('v') {
        return Err(format!("Invalid flags '{flags}'"));
    }
    let units: Vec<u16> = pattern.encode_utf16().collect();
    if regexp_source::nesting(&units) > regexp_source::MAX_NESTING {
        return Err("Regular expression too large".into());
    }
    let chars = regexp_source::pattern_chars(&units, f.unicode);
    regress::Regex::from_unicode(chars.into_iter(), f).map(|_| ()).map_err(|e| e.text)
}
