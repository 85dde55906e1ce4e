//! A regular expression's source as the `regress` parser reads it. The
//! compiler checks literals with it and the runtime compiles with it, so
//! both accept and refuse the same patterns.

use alloc::vec::Vec;

/// Nesting depth beyond which a pattern is refused before it reaches the
/// (recursive) parser, so a pathological pattern is a SyntaxError instead
/// of a native stack overflow.
pub const MAX_NESTING: usize = 2000;

/// The deepest group nesting of a pattern (an upper bound: brackets in
/// classes count too).
pub fn nesting(p: &[u16]) -> usize {
    let (mut d, mut max) = (0usize, 0usize);
    for &c in p {
        if c == b'(' as u16 || c == b'[' as u16 {
            d += 1;
            max = max.max(d);
        } else if (c == b')' as u16 || c == b']' as u16) && d > 0 {
            d -= 1;
        }
    }
    max
}

/// The code points the parser reads: in Unicode mode a surrogate pair is
/// one code point, otherwise every code unit is a character.
///
/// Outside Unicode mode `\u{` is an identity escape followed by a
/// quantifier (Annex B: `/\u{2}/` matches `uu`), which the parser would
/// read as a code point escape: the backslash is dropped.
///
/// A group name (`(?<name>`, `\k<name>`) may hold a surrogate pair in any
/// mode (ES2020): there the pair is one code point.
pub fn pattern_chars(p: &[u16], unicode: bool) -> Vec<u32> {
    if !unicode {
        let mut out = Vec::with_capacity(p.len());
        let mut i = 0;
        let mut in_name = false;
        while i < p.len() {
            let c = p[i];
            if in_name {
                if c == b'>' as u16 {
                    in_name = false;
                } else if (0xD800..0xDC00).contains(&c) && p.get(i + 1).is_some_and(|&d| (0xDC00..0xE000).contains(&d)) {
                    out.push(0x10000 + (((c as u32) - 0xD800) << 10) + (p[i + 1] as u32 - 0xDC00));
                    i += 2;
                    continue;
                }
            } else if c == b'<' as u16 && i >= 2 && (p[i - 1] == b'?' as u16 && p[i - 2] == b'(' as u16 || p[i - 1] == b'k' as u16 && p[i - 2] == b'\\' as u16)
            {
                in_name = !matches!(p.get(i + 1), Some(&0x3D) | Some(&0x21));
            }
            if p[i] == b'\\' as u16 && i + 1 < p.len() {
                if in_name || p[i + 1] != b'u' as u16 || p.get(i + 2) != Some(&(b'{' as u16)) {
                    out.push(p[i] as u32);
                }
                out.push(p[i + 1] as u32);
                i += 2;
                continue;
            }
            out.push(p[i] as u32);
            i += 1;
        }
        return out;
    }
    char::decode_utf16(p.iter().copied()).map(|r| r.map(|c| c as u32).unwrap_or_else(|e| e.unpaired_surrogate() as u32)).collect()
}
