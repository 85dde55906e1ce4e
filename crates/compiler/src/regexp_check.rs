//! The early errors of a regular expression literal (ECMAScript 13.2.7.2):
//! its flags and pattern are checked at compile time with the same parser
//! the runtime matches with (`regress`), so a bad literal is a compile
//! error naming its position instead of a SyntaxError at run time.

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
    // Without `u`/`v` the pattern is a sequence of UTF-16 code units.
    let chars: Vec<u32> = if f.unicode { pattern.chars().map(|c| c as u32).collect() } else { pattern.encode_utf16().map(u32::from).collect() };
    if nesting(&chars) > 2000 {
        return Err("Regular expression too large".into());
    }
    regress::Regex::from_unicode(chars.into_iter(), f).map(|_| ()).map_err(|e| e.text)
}

/// The deepest bracket nesting (the runtime refuses the same patterns).
fn nesting(p: &[u32]) -> usize {
    let (mut d, mut max) = (0usize, 0usize);
    for &c in p {
        if c == '(' as u32 || c == '[' as u32 {
            d += 1;
            max = max.max(d);
        } else if (c == ')' as u32 || c == ']' as u32) && d > 0 {
            d -= 1;
        }
    }
    max
}
