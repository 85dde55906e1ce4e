//! The early errors of a regular expression literal (ECMAScript 13.2.7.2):
//! its flags and pattern are checked at compile time with the same parser
//! the runtime matches with (`regress`), so a bad literal is a compile
//! error naming its position instead of a SyntaxError at run time.
//!
//! A regex literal compiles to `perry_regexp_new(pattern, flags)`, a new object per evaluation.
//! Both this check and the runtime read the pattern through `perry_abi::regexp_source`
//! (`pattern_chars`, `nesting`): outside `u`/`v` mode `\u{` is rewritten to `u{` before parsing
//! (Annex B reads it as an identity escape and a quantifier; `regress` would read a code point
//! escape), a group name's surrogate pair is one code point, and a pattern nested deeper than
//! `MAX_NESTING` is refused before the recursive parser sees it.

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
