//! multipart/form-data bodies as Node 20 (undici 6) reads them: the MIME type of a Content-Type
//! header (MIME Sniffing 4.4 "parse a MIME type", through Fetch's "extract a MIME type" with its
//! "get, decode, and split"), and undici's multipart parser (`lib/web/fetch/formdata-parser.js`),
//! quirks included: a part's body ends four bytes before the next occurrence of the boundary
//! (without its leading `--`), a header line may end in any byte followed by LF, a
//! `Content-Transfer-Encoding: base64` part is decoded as `Buffer.from(text, "base64")` does.
//!
//! Pure Rust over bytes: no heap values, so the fuzz test below drives it directly.

/// A parsed MIME type: its essence (lower case) and its parameters in order (names lower case).
pub struct Mime {
    pub essence: String,
    pub params: Vec<(String, String)>,
}

impl Mime {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|p| p.0 == name).map(|p| p.1.as_str())
    }
}

/// One part of a multipart body: a string, or a file (its name, type and bytes).
#[derive(Debug, PartialEq, Eq)]
pub enum Part {
    Text(String),
    File { filename: String, mime: String, bytes: Vec<u8> },
}

fn is_http_ws(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\t' | ' ')
}

fn is_token_char(c: u32) -> bool {
    char::from_u32(c).is_some_and(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_|~".contains(c))
}

/// undici's `removeChars`: `leading` and `trailing` runs of `pred` removed (the trailing loop
/// never removes the first element, as undici's `trail > 0` says).
fn remove_chars<T: Copy>(s: &[T], leading: bool, trailing: bool, pred: impl Fn(T) -> bool) -> &[T] {
    let mut lead = 0;
    let mut trail = s.len() as isize - 1;
    if leading {
        while lead < s.len() && pred(s[lead]) {
            lead += 1;
        }
    }
    if trailing {
        while trail > 0 && pred(s[trail as usize]) {
            trail -= 1;
        }
    }
    let end = (trail + 1) as usize;
    if end <= lead { &s[..0] } else { &s[lead..end] }
}

/// The code points from `pos` while `cond` holds (`pos` moves past them).
fn collect<T: Copy>(input: &[T], pos: &mut usize, cond: impl Fn(T) -> bool) -> Vec<T> {
    let start = *pos;
    let mut end = start;
    while end < input.len() && cond(input[end]) {
        end += 1;
    }
    *pos = end;
    input.get(start..end).map(<[T]>::to_vec).unwrap_or_default()
}

/// Fetch's "collect an HTTP quoted string" from `input[pos]` (a `"`): the value, or with
/// `extract` false the quoted text as it stands.
fn quoted_string(input: &[char], pos: &mut usize, extract: bool) -> Vec<char> {
    let start = *pos;
    let mut value = Vec::new();
    *pos += 1;
    loop {
        value.extend(collect(input, pos, |c| c != '"' && c != '\\'));
        if *pos >= input.len() {
            break;
        }
        let q = input[*pos];
        *pos += 1;
        if q == '\\' {
            if *pos >= input.len() {
                value.push('\\');
                break;
            }
            value.push(input[*pos]);
            *pos += 1;
        } else {
            break;
        }
    }
    if extract { value } else { input[start..(*pos).min(input.len())].to_vec() }
}

/// MIME Sniffing's "parse a MIME type" (undici's `parseMIMEType`).
pub fn parse_mime(input: &str) -> Option<Mime> {
    let all: Vec<char> = input.chars().collect();
    let input = remove_chars(&all, true, true, is_http_ws);
    let len = input.len();
    let mut pos = 0;
    let ty = collect(input, &mut pos, |c| c != '/');
    if ty.is_empty() || !ty.iter().all(|&c| is_token_char(c as u32)) {
        return None;
    }
    pos += 1;
    let subtype = collect(input, &mut pos, |c| c != ';');
    let subtype = remove_chars(&subtype, false, true, is_http_ws);
    if subtype.is_empty() || !subtype.iter().all(|&c| is_token_char(c as u32)) {
        return None;
    }
    let lower = |s: &[char]| s.iter().collect::<String>().to_ascii_lowercase();
    let mut mime = Mime { essence: format!("{}/{}", lower(&ty), lower(subtype)), params: Vec::new() };
    while pos < len {
        pos += 1;
        collect(input, &mut pos, is_http_ws);
        let name = lower(&collect(input, &mut pos, |c| c != ';' && c != '='));
        if pos < len {
            if input[pos] == ';' {
                continue;
            }
            pos += 1;
        }
        let value: Vec<char> = if pos < len && input[pos] == '"' {
            let v = quoted_string(input, &mut pos, true);
            collect(input, &mut pos, |c| c != ';');
            v
        } else {
            let v = collect(input, &mut pos, |c| c != ';');
            let v = remove_chars(&v, false, true, is_http_ws).to_vec();
            if v.is_empty() {
                continue;
            }
            v
        };
        let quoted_ok = value.iter().all(|&c| c == '\t' || (' '..='~').contains(&c) || ('\u{80}'..='\u{ff}').contains(&c));
        if !name.is_empty() && name.chars().all(|c| is_token_char(c as u32)) && quoted_ok && mime.param(&name).is_none() {
            mime.params.push((name, value.into_iter().collect()));
        }
    }
    Some(mime)
}

/// Fetch's "extract a MIME type" from a Content-Type header value (the combined value of every
/// Content-Type header, each code point one byte): the last valid type that is not `*/*`.
pub fn extract_mime_type(header: Option<&str>) -> Option<Mime> {
    let input: Vec<char> = header?.chars().collect();
    // "get, decode, and split"
    let mut values = Vec::new();
    let mut pos = 0;
    let mut temp: Vec<char> = Vec::new();
    while pos < input.len() {
        temp.extend(collect(&input, &mut pos, |c| c != '"' && c != ','));
        if pos < input.len() {
            if input[pos] == '"' {
                temp.extend(quoted_string(&input, &mut pos, false));
                if pos < input.len() {
                    continue;
                }
            } else {
                pos += 1;
            }
        }
        values.push(remove_chars(&temp, true, true, |c| c == '\t' || c == ' ').iter().collect::<String>());
        temp.clear();
    }
    values.iter().rev().filter_map(|v| parse_mime(v)).find(|m| m.essence != "*/*")
}

fn at(input: &[u8], i: usize) -> Option<u8> {
    input.get(i).copied()
}

fn starts_with_at(input: &[u8], prefix: &[u8], pos: usize) -> bool {
    input.get(pos..pos + prefix.len()) == Some(prefix)
}

/// `bytes` without one leading UTF-8 BOM.
fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes)
}

/// `%0A` and `%0D` (either case) and `%22` in a name replaced by LF, CR and `"`, one after
/// the other as undici does.
fn unescape_name(s: &str) -> String {
    fn replace(s: &str, pat: &str, with: &str, fold: bool) -> String {
        let mut out = String::with_capacity(s.len());
        let mut i = 0;
        while i < s.len() {
            let hit = s.get(i..i + pat.len()).is_some_and(|t| if fold { t.eq_ignore_ascii_case(pat) } else { t == pat });
            if hit {
                out.push_str(with);
                i += pat.len();
            } else {
                let c = s[i..].chars().next().unwrap_or_default();
                out.push(c);
                i += c.len_utf8();
            }
        }
        out
    }
    replace(&replace(&replace(s, "%0A", "\n", true), "%0D", "\r", true), "%22", "\"", false)
}

/// A quoted name or filename at `pos` (just past its opening quote), decoded as
/// `new TextDecoder().decode` does (one BOM dropped) and unescaped.
fn parse_name(input: &[u8], pos: &mut usize) -> Option<String> {
    let name = collect(input, pos, |c| c != b'\n' && c != b'\r' && c != b'"');
    if at(input, *pos) != Some(b'"') {
        return None;
    }
    *pos += 1;
    Some(unescape_name(&String::from_utf8_lossy(strip_bom(&name))))
}

struct Headers {
    name: String,
    filename: Option<String>,
    content_type: Option<String>,
    encoding: Option<String>,
}

fn latin1(b: &[u8]) -> String {
    b.iter().map(|&c| c as char).collect()
}

/// undici's `parseMultipartFormDataHeaders`: the headers of a part, up to the empty line
/// (`pos` left on its CR).
fn parse_headers(input: &[u8], pos: &mut usize) -> Option<Headers> {
    let mut name: Option<String> = None;
    let mut filename: Option<String> = None;
    let mut content_type = None;
    let mut encoding = None;
    let tab_or_space = |c: u8| c == b'\t' || c == b' ';
    loop {
        if at(input, *pos) == Some(b'\r') && at(input, *pos + 1) == Some(b'\n') {
            return name.map(|name| Headers { name, filename, content_type, encoding });
        }
        let header_name = collect(input, pos, |c| c != b'\n' && c != b'\r' && c != b':');
        let header_name = remove_chars(&header_name, true, true, tab_or_space);
        if header_name.is_empty() || !header_name.iter().all(|&c| is_token_char(c as u32)) {
            return None;
        }
        if at(input, *pos) != Some(b':') {
            return None;
        }
        *pos += 1;
        collect(input, pos, tab_or_space);
        let value_to_eol = |pos: &mut usize| {
            let v = collect(input, pos, |c| c != b'\n' && c != b'\r');
            latin1(remove_chars(&v, false, true, tab_or_space))
        };
        match header_name.to_ascii_lowercase().as_slice() {
            b"content-disposition" => {
                // (`name` is set below or the parse fails.)
                filename = None;
                if !starts_with_at(input, b"form-data; name=\"", *pos) {
                    return None;
                }
                *pos += 17;
                name = Some(parse_name(input, pos)?);
                if starts_with_at(input, b"; filename", *pos) {
                    let mut check = *pos + 10;
                    if at(input, check) == Some(b'*') {
                        *pos += 1;
                        check += 1;
                    }
                    if at(input, check) != Some(b'=') || at(input, check + 1) != Some(b'"') {
                        return None;
                    }
                    *pos += 12;
                    filename = Some(parse_name(input, pos)?);
                }
            }
            b"content-type" => content_type = Some(value_to_eol(pos)),
            b"content-transfer-encoding" => encoding = Some(value_to_eol(pos)),
            _ => {
                collect(input, pos, |c| c != b'\n' && c != b'\r');
            }
        }
        // undici tests `!== CR && !== LF`: a line may end in any byte and LF, or CR and any.
        if at(input, *pos) != Some(b'\r') && at(input, *pos + 1) != Some(b'\n') {
            return None;
        }
        *pos += 2;
    }
}

/// `Buffer.from(text, "base64")` where `text` is `bytes` decoded as UTF-8: Node's lenient
/// decoder reads each UTF-16 unit's low byte, skips what is not in either alphabet, and stops
/// at the first `=`.
fn node_base64(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut acc, mut n) = (0u32, 0);
    for u in String::from_utf8_lossy(bytes).encode_utf16() {
        let c = u as u8;
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            _ => continue,
        };
        acc = (acc << 6) | v as u32;
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            (acc, n) = (0, 0);
        }
    }
    match n {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        _ => {}
    }
    out
}

/// `Buffer.prototype.indexOf(needle, from)`: an empty needle is found at `from` (or at the
/// end when `from` is past it).
fn index_of(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return Some(from.min(haystack.len()));
    }
    if from + needle.len() > haystack.len() {
        return None;
    }
    haystack[from..].windows(needle.len()).position(|w| w == needle).map(|i| i + from)
}

/// undici's `multipartFormDataParser` (HTML's "multipart/form-data parser" as undici writes
/// it): the entries of `input` under the `boundary` parameter, or `None` ("failure").
pub fn parse(input: &[u8], boundary: &str) -> Option<Vec<(String, Part)>> {
    let boundary = format!("--{boundary}").into_bytes();
    let mut entries = Vec::new();
    let mut pos = 0;
    while at(input, pos) == Some(b'\r') && at(input, pos + 1) == Some(b'\n') {
        pos += 2;
    }
    let mut trailing = input.len();
    while trailing >= 2 && input[trailing - 1] == b'\n' && input[trailing - 2] == b'\r' {
        trailing -= 2;
    }
    let input = &input[..trailing];
    loop {
        if !starts_with_at(input, &boundary, pos) {
            return None;
        }
        pos += boundary.len();
        if (pos + 2 == input.len() && starts_with_at(input, b"--", pos)) || (pos + 4 == input.len() && starts_with_at(input, b"--\r\n", pos)) {
            return Some(entries);
        }
        if at(input, pos) != Some(b'\r') || at(input, pos + 1) != Some(b'\n') {
            return None;
        }
        pos += 2;
        let h = parse_headers(input, &mut pos)?;
        pos += 2;
        let next = index_of(input, &boundary[2..], pos)?;
        // The body ends four bytes ("\r\n--") before the boundary, or is empty.
        let end = next.saturating_sub(4).max(pos).min(input.len());
        let mut body = input.get(pos..end).unwrap_or_default().to_vec();
        pos = end;
        if h.encoding.as_deref() == Some("base64") {
            body = node_base64(&body);
        }
        if at(input, pos) != Some(b'\r') || at(input, pos + 1) != Some(b'\n') {
            return None;
        }
        pos += 2;
        let part = match h.filename {
            Some(filename) => {
                let ct = h.content_type.unwrap_or_else(|| "text/plain".into());
                let ct = if ct.is_ascii() { ct } else { String::new() };
                Part::File { filename, mime: super::blob::normalize_type(&ct), bytes: body }
            }
            // utf8DecodeBytes drops a BOM, and its TextDecoder another.
            None => Part::Text(String::from_utf8_lossy(strip_bom(strip_bom(&body))).into_owned()),
        };
        entries.push((h.name, part));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: &str = "----formdata-undici-012345678901";

    fn body(parts: &[&str]) -> Vec<u8> {
        let mut s = String::new();
        for p in parts {
            s.push_str(&format!("--{B}\r\n{p}\r\n"));
        }
        s.push_str(&format!("--{B}--\r\n"));
        s.into_bytes()
    }

    #[test]
    fn mime_types() {
        let m = parse_mime("Multipart/Form-Data; Boundary=\"a\\\"b\"; x=1").unwrap();
        assert_eq!(m.essence, "multipart/form-data");
        assert_eq!(m.param("boundary"), Some("a\"b"));
        assert_eq!(m.param("x"), Some("1"));
        assert!(parse_mime("multipart").is_none());
        assert!(parse_mime("/x").is_none());
        let m = extract_mime_type(Some("text/plain, multipart/form-data; boundary=zz")).unwrap();
        assert_eq!(m.param("boundary"), Some("zz"));
        assert!(extract_mime_type(Some("")).is_none());
        assert!(extract_mime_type(None).is_none());
    }

    #[test]
    fn parts() {
        let b = body(&[
            "Content-Disposition: form-data; name=\"a%22b\"\r\n\r\nhello",
            "Content-Disposition: form-data; name=\"f\"; filename=\"x.bin\"\r\nContent-Type: Image/PNG\r\n\r\n\x00\x01",
            "Content-Disposition: form-data; name=\"e\"; filename=\"\"\r\n\r\n",
            "Content-Disposition: form-data; name=\"b\"\r\nContent-Transfer-Encoding: base64\r\n\r\naGk=",
        ]);
        let e = parse(&b, B).unwrap();
        assert_eq!(e[0], ("a\"b".into(), Part::Text("hello".into())));
        assert_eq!(e[1], ("f".into(), Part::File { filename: "x.bin".into(), mime: "image/png".into(), bytes: vec![0, 1] }));
        assert_eq!(e[2], ("e".into(), Part::File { filename: "".into(), mime: "text/plain".into(), bytes: vec![] }));
        assert_eq!(e[3], ("b".into(), Part::Text("hi".into())));
        assert!(parse(b"", B).is_none());
        assert!(parse(format!("--{B}--").as_bytes(), B).unwrap().is_empty());
    }

    #[test]
    fn base64_like_node() {
        for (s, hex) in [("YWJj", "616263"), ("YWJ", "6162"), ("Y", ""), ("YQ==YQ==", "61"), ("Y W J j", "616263"), ("Y-_/", "63efff"), ("ŁYWJj", "018589")] {
            let got: String = node_base64(s.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(got, hex, "{s}");
        }
    }

    /// Truncated and mutated bodies never panic (a small deterministic fuzz).
    #[test]
    fn mutated_bodies_never_panic() {
        let seeds = [
            body(&[
                "Content-Disposition: form-data; name=\"a\"\r\n\r\nvalue\r\nwith lines",
                "Content-Disposition: form-data; name=\"f\"; filename*=\"x\"\r\nContent-Type: text/plain\r\n\r\nabc",
                "content-disposition:form-data; name=\"b\"\r\ncontent-transfer-encoding: base64 \r\nX-Other: 1\r\n\r\naGVsbG8=",
            ]),
            body(&[]),
            format!("\r\n\r\n--{B}\r\nContent-Disposition: form-data; name=\"\"\r\n\r\n--{B}--\r\n\r\n").into_bytes(),
        ];
        let tokens: [&[u8]; 12] = [b"\r\n", b"\r", b"\n", b"--", B.as_bytes(), b"\"", b":", b"; filename=\"", b"*", b"\xEF\xBB\xBF", b"\xFF", b"%0A"];
        let mut state = 0x9e37_79b9u32;
        let mut rnd = |n: usize| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state as usize % n.max(1)
        };
        for seed in &seeds {
            for cut in 0..=seed.len() {
                let _ = parse(&seed[..cut], B);
                let _ = parse(&seed[cut..], B);
            }
        }
        for _ in 0..20_000 {
            let mut s = seeds[rnd(seeds.len())].clone();
            for _ in 0..1 + rnd(6) {
                let at = rnd(s.len() + 1);
                match rnd(5) {
                    0 => {
                        let t = tokens[rnd(tokens.len())];
                        s.splice(at..at, t.iter().copied());
                    }
                    1 => {
                        let end = (at + 1 + rnd(8)).min(s.len());
                        s.drain(at..end);
                    }
                    2 => s.truncate(at),
                    3 => {
                        if at < s.len() {
                            s[at] = rnd(256) as u8;
                        }
                    }
                    _ => {
                        let d: Vec<u8> = s[at..(at + rnd(16)).min(s.len())].to_vec();
                        s.splice(at..at, d);
                    }
                }
            }
            let b = ["", "x", B][rnd(3)];
            let _ = parse(&s, b);
            let _ = extract_mime_type(Some(&String::from_utf8_lossy(&s)));
        }
    }
}
