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
    // Annex B: there `\u{` is an identity escape and a quantifier, which
    // the parser would take for a code point escape (the runtime drops the
    // backslash the same way).
    let chars: Vec<u32> = if f.unicode {
        pattern.chars().map(|c| c as u32).collect()
    } else {
        let units: Vec<u16> = pattern.encode_utf16().collect();
        let mut out = Vec::with_capacity(units.len());
        let mut i = 0;
        let mut in_name = false;
        while i < units.len() {
            // A group name may hold a surrogate pair in any mode (ES2020).
            let c = units[i];
            if in_name {
                if c == b'>' as u16 {
                    in_name = false;
                } else if (0xD800..0xDC00).contains(&c) && units.get(i + 1).is_some_and(|d| (0xDC00..0xE000).contains(d)) {
                    out.push(0x10000 + (((c as u32) - 0xD800) << 10) + (units[i + 1] as u32 - 0xDC00));
                    i += 2;
                    continue;
                }
            } else if c == b'<' as u16
                && i >= 2
                && (units[i - 1] == b'?' as u16 && units[i - 2] == b'(' as u16 || units[i - 1] == b'k' as u16 && units[i - 2] == b'\\' as u16)
            {
                in_name = !matches!(units.get(i + 1), Some(&0x3D) | Some(&0x21));
            }
            if units[i] == b'\\' as u16 && i + 1 < units.len() {
                if in_name || units[i + 1] != b'u' as u16 || units.get(i + 2) != Some(&(b'{' as u16)) {
                    out.push(units[i] as u32);
                }
                out.push(units[i + 1] as u32);
                i += 2;
                continue;
            }
            out.push(units[i] as u32);
            i += 1;
        }
        out
    };
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
