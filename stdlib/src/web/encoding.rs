//! TextEncoder and TextDecoder (WHATWG Encoding Standard, sections 7 and 8),
//! with Node 20's messages. The decoder knows UTF-8, UTF-16LE and the
//! labels of windows-1252 ("latin1", "ascii"), which Node decodes as
//! ISO-8859-1.
//!
//! Strings are UTF-16 code units; encoding turns lone surrogates into
//! U+FFFD (a USVString conversion) and decoding replaces each maximal
//! invalid subsequence with U+FFFD, as Rust's lossy UTF-8 decoder does.

use super::{Class, P, is, new_platform, proto, set_slot, slot};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::bytes as b;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

// TextDecoder slots.
const D_ENCODING: usize = 0;
const D_FATAL: usize = 1;
const D_IGNORE_BOM: usize = 2;
/// Bytes of an incomplete sequence kept by `decode(..., { stream: true })`
/// (a Uint8Array), or undefined.
const D_PENDING: usize = 3;
/// Whether the BOM has been seen (or skipped) in this stream.
const D_BOM_SEEN: usize = 4;
const D_SLOTS: u32 = 5;

fn invalid_this(name: &str) -> error::Exc {
    super::node_error(error::ErrorKind::TypeError, &format!("Value of \"this\" must be of type {name}"), "ERR_INVALID_THIS")
}

// ---------------------------------------------------------------------------
// TextEncoder
// ---------------------------------------------------------------------------

/// TextEncoder ( ) — Encoding 8.2.1
fn encoder_ctor(args: &Args) -> JsResult {
    super::require_new(args, "TextEncoder")?;
    let p = super::proto_for(args, P::TextEncoderProto)?;
    Ok(new_platform(Class::TextEncoder, 0, p))
}

/// get TextEncoder.prototype.encoding — Encoding 8.2.2
fn encoder_encoding(args: &Args) -> JsResult {
    if !is(args.this(), Class::TextEncoder) {
        return Err(invalid_this("TextEncoder"));
    }
    Ok(string::from_str("utf-8"))
}

/// TextEncoder.prototype.encode ( input ) — Encoding 8.2.3
fn encoder_encode(args: &Args) -> JsResult {
    if !is(args.this(), Class::TextEncoder) {
        return Err(invalid_this("TextEncoder"));
    }
    let bytes = if args.get(0).is_undefined() {
        Vec::new()
    } else {
        let s = ops::to_string(args.get(0))?;
        string::view(s).to_utf8()
    };
    Ok(b::new_uint8array(&bytes))
}

/// TextEncoder.prototype.encodeInto ( source, destination ) — Encoding 8.2.4
fn encoder_encode_into(args: &Args) -> JsResult {
    if !is(args.this(), Class::TextEncoder) {
        return Err(invalid_this("TextEncoder"));
    }
    let s = ops::to_string(args.get(0))?;
    let units = string::view(s).to_vec();
    let dest = args.get(1);
    if !b::is_uint8array(dest) {
        return Err(super::node_error(
            error::ErrorKind::TypeError,
            &format!("The \"dest\" argument must be an instance of Uint8Array.{}", super::received(dest)),
            "ERR_INVALID_ARG_TYPE",
        ));
    }
    let out = b::ta_bytes_mut(dest);
    let (mut read, mut written) = (0usize, 0usize);
    let mut i = 0;
    while i < units.len() {
        let c = units[i];
        let (ch, n) = if (0xD800..0xDC00).contains(&c) && i + 1 < units.len() && (0xDC00..0xE000).contains(&units[i + 1]) {
            (char::from_u32(0x10000 + (((c as u32) - 0xD800) << 10) + (units[i + 1] as u32 - 0xDC00)).unwrap_or('\u{FFFD}'), 2)
        } else {
            (char::from_u32(c as u32).unwrap_or('\u{FFFD}'), 1)
        };
        let mut buf = [0u8; 4];
        let enc = ch.encode_utf8(&mut buf);
        if written + enc.len() > out.len() {
            break;
        }
        out[written..written + enc.len()].copy_from_slice(enc.as_bytes());
        written += enc.len();
        read += n;
        i += n;
    }
    let scope = HandleScope::new();
    let o = object::new_plain(2);
    let ho = scope.root(o.0);
    let kr = perry_runtime::atoms::intern("read");
    let kw = perry_runtime::atoms::intern("written");
    object::define(Value(ho.get()), kr, Value::int(read as i64), perry_runtime::shape::DEFAULT);
    object::define(Value(ho.get()), kw, Value::int(written as i64), perry_runtime::shape::DEFAULT);
    Ok(Value(ho.get()))
}

// ---------------------------------------------------------------------------
// TextDecoder
// ---------------------------------------------------------------------------

/// The encoding a label names (Encoding 4.2, get an encoding), as far as
/// this decoder goes.
fn encoding_for_label(label: &str) -> Option<&'static str> {
    let l = label.trim_matches(|c: char| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')).to_ascii_lowercase();
    Some(match l.as_str() {
        "unicode-1-1-utf-8" | "unicode11utf8" | "unicode20utf8" | "utf-8" | "utf8" | "x-unicode20utf8" => "utf-8",
        "csunicode" | "iso-10646-ucs-2" | "ucs-2" | "unicode" | "unicodefeff" | "utf-16" | "utf-16le" => "utf-16le",
        "ansi_x3.4-1968" | "ascii" | "cp1252" | "cp819" | "csisolatin1" | "ibm819" | "iso-8859-1" | "iso-ir-100" | "iso8859-1" | "iso88591" | "iso_8859-1"
        | "iso_8859-1:1987" | "l1" | "latin1" | "us-ascii" | "windows-1252" | "x-cp1252" => "windows-1252",
        _ => return None,
    })
}

/// Reads a dictionary member as a boolean (undefined when `o` is not an object).
fn option_bool(o: Value, name: &str) -> JsResult<bool> {
    if o.is_nullish() {
        return Ok(false);
    }
    if !o.is_js_object() {
        return Err(super::node_error(
            error::ErrorKind::TypeError,
            &format!("The \"options\" argument must be of type object.{}", super::received(o)),
            "ERR_INVALID_ARG_TYPE",
        ));
    }
    let k = perry_runtime::atoms::intern(name);
    Ok(ops::to_boolean(object::get(o, k)?))
}

/// TextDecoder ( [ label [ , options ] ] ) — Encoding 7.2.1
fn decoder_ctor(args: &Args) -> JsResult {
    super::require_new(args, "TextDecoder")?;
    let label = if args.get(0).is_undefined() { "utf-8".to_string() } else { ops::to_rust_string(args.get(0))? };
    let Some(enc) = encoding_for_label(&label) else {
        return Err(super::node_error(error::ErrorKind::RangeError, &format!("The \"{label}\" encoding is not supported"), "ERR_ENCODING_NOT_SUPPORTED"));
    };
    let fatal = option_bool(args.get(1), "fatal")?;
    let ignore_bom = option_bool(args.get(1), "ignoreBOM")?;
    let p = super::proto_for(args, P::TextDecoderProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let e = string::from_str(enc);
    let he = scope.root(e.0);
    let d = new_platform(Class::TextDecoder, D_SLOTS, Value(hp.get()));
    set_slot(d, D_ENCODING, Value(he.get()));
    set_slot(d, D_FATAL, Value::bool(fatal));
    set_slot(d, D_IGNORE_BOM, Value::bool(ignore_bom));
    set_slot(d, D_BOM_SEEN, Value::FALSE);
    Ok(d)
}

fn decoder_this(args: &Args) -> JsResult {
    let t = args.this();
    if is(t, Class::TextDecoder) { Ok(t) } else { Err(invalid_this("TextDecoder")) }
}

/// get TextDecoder.prototype.encoding / fatal / ignoreBOM — Encoding 7.1
fn decoder_encoding(args: &Args) -> JsResult {
    Ok(slot(decoder_this(args)?, D_ENCODING))
}

fn decoder_fatal(args: &Args) -> JsResult {
    Ok(slot(decoder_this(args)?, D_FATAL))
}

fn decoder_ignore_bom(args: &Args) -> JsResult {
    Ok(slot(decoder_this(args)?, D_IGNORE_BOM))
}

/// The length of the incomplete UTF-8 sequence at the end of `b` (0 when
/// the end is complete or invalid anyway).
fn incomplete_utf8_tail(b: &[u8]) -> usize {
    for back in 1..=3.min(b.len()) {
        let c = b[b.len() - back];
        if c & 0xC0 == 0x80 {
            continue;
        }
        let need = if (0xF0..=0xF4).contains(&c) {
            4
        } else if c >= 0xE0 {
            3
        } else if (0xC2..0xE0).contains(&c) {
            2
        } else {
            return 0;
        };
        if need > back && std::str::from_utf8(&b[b.len() - back..]).err().is_some_and(|e| e.error_len().is_none()) {
            return back;
        }
        return 0;
    }
    0
}

fn decode_error() -> error::Exc {
    super::node_error(error::ErrorKind::TypeError, "The encoded data was not valid for encoding utf-8", "ERR_ENCODING_INVALID_ENCODED_DATA")
}

/// Decodes `bytes` (the BOM handling done by the caller) in `enc`.
fn decode_bytes(enc: &str, bytes: &[u8], fatal: bool) -> JsResult<Vec<u16>> {
    match enc {
        "utf-16le" => {
            let mut u: Vec<u16> = bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
            if bytes.len() % 2 == 1 {
                if fatal {
                    return Err(decode_error());
                }
                u.push(0xFFFD);
            }
            if fatal && char::decode_utf16(u.iter().copied()).any(|r| r.is_err()) {
                return Err(decode_error());
            }
            Ok(u)
        }
        // NOTE: Node decodes the labels of windows-1252 as ISO-8859-1 (0x80
        // stays U+0080); Node is followed.
        "windows-1252" => Ok(bytes.iter().map(|&c| c as u16).collect()),
        _ => {
            if fatal {
                match std::str::from_utf8(bytes) {
                    Ok(s) => Ok(s.encode_utf16().collect()),
                    Err(_) => Err(decode_error()),
                }
            } else {
                Ok(String::from_utf8_lossy(bytes).encode_utf16().collect())
            }
        }
    }
}

/// TextDecoder.prototype.decode ( [ input [ , options ] ] ) — Encoding 7.2.2
fn decoder_decode(args: &Args) -> JsResult {
    decoder_this(args)?;
    let input = args.get(0);
    let stream = option_bool(args.get(1), "stream")?;
    let mut bytes = if input.is_undefined() {
        Vec::new()
    } else {
        match b::bytes_of_vec(input) {
            Some(v) => v,
            None => {
                // Node 20 names the argument "list" and says no more.
                return Err(super::node_error(
                    error::ErrorKind::TypeError,
                    "The \"list\" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.",
                    "ERR_INVALID_ARG_TYPE",
                ));
            }
        }
    };
    let d = args.this();
    let pending = slot(d, D_PENDING);
    if let Some(p) = b::bytes_of(pending) {
        let mut all = p.to_vec();
        all.extend_from_slice(&bytes);
        bytes = all;
    }
    let enc = string::to_rust(slot(d, D_ENCODING));
    let fatal = slot(d, D_FATAL).as_bool();
    // Keep an incomplete tail for the next call when streaming.
    let keep = if stream {
        match enc.as_str() {
            "utf-8" => incomplete_utf8_tail(&bytes),
            "utf-16le" => bytes.len() % 2 + if bytes.len() >= 2 && (0xD8..0xDC).contains(&bytes[bytes.len() - 1 - bytes.len() % 2]) { 2 } else { 0 },
            _ => 0,
        }
    } else {
        0
    };
    let tail = bytes.split_off(bytes.len() - keep);
    let mut start = 0;
    if !slot(d, D_BOM_SEEN).as_bool() && !bytes.is_empty() {
        let bom: &[u8] = if enc == "utf-8" {
            &[0xEF, 0xBB, 0xBF]
        } else if enc == "utf-16le" {
            &[0xFF, 0xFE]
        } else {
            &[]
        };
        if !slot(d, D_IGNORE_BOM).as_bool() && !bom.is_empty() && bytes.starts_with(bom) {
            start = bom.len();
        }
        if bytes.len() >= bom.len() {
            set_slot(d, D_BOM_SEEN, Value::TRUE);
        }
    }
    let scope = HandleScope::new();
    // ASCII UTF-8 and every windows-1252 (read as ISO-8859-1, as Node does) are one-byte text
    // as they are.
    let rest = &bytes[start..];
    let s = if (enc == "utf-8" && rest.is_ascii()) || enc == "windows-1252" {
        string::from_latin1(rest)
    } else {
        string::from_units(&decode_bytes(&enc, rest, fatal)?)
    };
    let hs = scope.root(s.0);
    let p = if tail.is_empty() { Value::UNDEFINED } else { b::new_uint8array(&tail) };
    let d = args.this();
    set_slot(d, D_PENDING, p);
    if !stream {
        set_slot(d, D_BOM_SEEN, Value::FALSE);
    }
    Ok(Value(hs.get()))
}

/// Node's `[util.inspect.custom]` of TextEncoder (`{ encoding: 'utf-8' }`)
/// and TextDecoder (`TextDecoder { encoding: ..., fatal: ..., ignoreBOM: ... }`).
pub fn inspect(v: Value) -> String {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let o = object::new_plain(3);
    let ho = scope.root(o.0);
    let put = |k: &str, x: Value| {
        let s = HandleScope::new();
        let hx = s.root(x.0);
        let key = perry_runtime::atoms::intern(k);
        object::define(Value(ho.get()), key, Value(hx.get()), perry_runtime::shape::DEFAULT);
    };
    // `v` may have moved in the allocation above: read the rooted value.
    if is(Value(hv.get()), Class::TextEncoder) {
        put("encoding", string::from_str("utf-8"));
        return crate::inspect::inspect(Value(ho.get()), 0);
    }
    put("encoding", slot(Value(hv.get()), D_ENCODING));
    put("fatal", slot(Value(hv.get()), D_FATAL));
    put("ignoreBOM", slot(Value(hv.get()), D_IGNORE_BOM));
    format!("TextDecoder {}", crate::inspect::inspect(Value(ho.get()), 0))
}

pub fn install() {
    let ep = proto(P::TextEncoderProto);
    super::class("TextEncoder", 0, encoder_ctor, ep);
    super::accessor(proto(P::TextEncoderProto), "encoding", encoder_encoding, None);
    method(proto(P::TextEncoderProto), "encode", 0, encoder_encode);
    method(proto(P::TextEncoderProto), "encodeInto", 2, encoder_encode_into);
    crate::to_string_tag(proto(P::TextEncoderProto), "TextEncoder");

    let dp = proto(P::TextDecoderProto);
    super::class("TextDecoder", 0, decoder_ctor, dp);
    method(proto(P::TextDecoderProto), "decode", 0, decoder_decode);
    super::accessor(proto(P::TextDecoderProto), "encoding", decoder_encoding, None);
    super::accessor(proto(P::TextDecoderProto), "fatal", decoder_fatal, None);
    super::accessor(proto(P::TextDecoderProto), "ignoreBOM", decoder_ignore_bom, None);
    crate::to_string_tag(proto(P::TextDecoderProto), "TextDecoder");
}
