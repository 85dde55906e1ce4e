//! The native half of `perry:web-compression` (`CompressionStream`, `DecompressionStream`):
//! gzip, deflate (zlib) and deflate-raw by flate2, one state per stream, fed chunk by chunk.
//! An extension entry (`perry_web_compression_install`, `perry_abi::foreach_extension!`): only
//! programs whose graph holds the module link it.
//!
//! A state lives in a table on the JS thread under a number the TypeScript half keeps;
//! `finish` and `free` remove it (the TypeScript half frees the state of a stream that is
//! cancelled, errored or collected unfinished).

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::{DeflateDecoder, DeflateEncoder, GzDecoder, GzEncoder, ZlibDecoder, ZlibEncoder};
use perry_gc::HandleScope;
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::Args;
use perry_runtime::{JsResult, Value, bytes, object, ops, string};

enum State {
    GzipEncode(GzEncoder<Vec<u8>>),
    ZlibEncode(ZlibEncoder<Vec<u8>>),
    RawEncode(DeflateEncoder<Vec<u8>>),
    GzipDecode(GzDecoder<Vec<u8>>),
    ZlibDecode(ZlibDecoder<Vec<u8>>),
    RawDecode(DeflateDecoder<Vec<u8>>),
}

/// A state, with a decoder's first two input bytes (its format's header check, made as soon as
/// they arrive, as zlib makes it).
struct Entry {
    state: State,
    head: Vec<u8>,
}

thread_local! {
    static STATES: RefCell<(u32, HashMap<u32, Entry>)> = RefCell::new((0, HashMap::new()));
}

/// Whether the first two bytes of a decoder's input can start its format.
fn header_ok(state: &State, head: &[u8]) -> bool {
    match state {
        State::GzipDecode(_) => head == [0x1f, 0x8b],
        State::ZlibDecode(_) => head[0] & 0x0f == 8 && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0,
        _ => true,
    }
}

/// zlib's error for data a decoder cannot take (what Node's DecompressionStream rejects with).
fn data_error(header: bool) -> error::Exc {
    let (code, message) = if header { ("Z_DATA_ERROR", "incorrect header check") } else { ("Z_DATA_ERROR", "invalid block type") };
    zlib_error(code, message)
}

fn zlib_error(code: &str, message: &str) -> error::Exc {
    let scope = HandleScope::new();
    let e = scope.root(error::new_error(ErrorKind::Error, message).0);
    let c = string::from_str(code);
    object::define(Value(e.get()), perry_runtime::atoms::intern("code"), c, perry_runtime::shape::DEFAULT);
    error::throw(Value(e.get()))
}

/// `create(format, decompress)`: a new state's number.
fn create(args: &Args) -> JsResult {
    let format = ops::to_rust_string(args.get(0))?;
    let decompress = ops::to_boolean(args.get(1));
    let level = Compression::default();
    let state = match (format.as_str(), decompress) {
        // Node's gzip header: no name, mtime 0, OS 3 (Unix).
        ("gzip", false) => State::GzipEncode(flate2::GzBuilder::new().operating_system(3).write(Vec::new(), level)),
        ("deflate", false) => State::ZlibEncode(ZlibEncoder::new(Vec::new(), level)),
        ("deflate-raw", false) => State::RawEncode(DeflateEncoder::new(Vec::new(), level)),
        ("gzip", true) => State::GzipDecode(GzDecoder::new(Vec::new())),
        ("deflate", true) => State::ZlibDecode(ZlibDecoder::new(Vec::new())),
        ("deflate-raw", true) => State::RawDecode(DeflateDecoder::new(Vec::new())),
        _ => return Err(error::type_error("unsupported compression format")),
    };
    let id = STATES.with(|s| {
        let mut s = s.borrow_mut();
        s.0 = s.0.wrapping_add(1);
        let id = s.0;
        s.1.insert(id, Entry { state, head: Vec::new() });
        id
    });
    Ok(Value::int(id as i64))
}

fn id_of(v: Value) -> JsResult<u32> {
    Ok(ops::to_number(v)? as u32)
}

/// Writes `input` into state `id` and takes what it has produced so far.
fn feed(id: u32, input: &[u8]) -> JsResult<Vec<u8>> {
    STATES.with(|s| {
        let mut s = s.borrow_mut();
        let Some(Entry { state, head }) = s.1.get_mut(&id) else { return Err(error::type_error("the stream has ended")) };
        if head.len() < 2 {
            head.extend(input.iter().take(2 - head.len()));
            if head.len() == 2 && !header_ok(state, head) {
                return Err(data_error(true));
            }
        }
        macro_rules! run {
            ($w:expr, $decoding:expr) => {{
                let fresh = $w.total_in() == 0;
                if $w.write_all(input).is_err() {
                    return Err(data_error($decoding && fresh));
                }
                Ok(std::mem::take($w.get_mut()))
            }};
        }
        match state {
            State::GzipEncode(w) => {
                w.write_all(input).map_err(|_| data_error(false))?;
                Ok(std::mem::take(w.get_mut()))
            }
            State::ZlibEncode(w) => run!(w, false),
            State::RawEncode(w) => run!(w, false),
            State::GzipDecode(w) => {
                let fresh = w.header().is_none();
                if w.write_all(input).is_err() {
                    return Err(data_error(fresh));
                }
                Ok(std::mem::take(w.get_mut()))
            }
            State::ZlibDecode(w) => run!(w, true),
            State::RawDecode(w) => run!(w, true),
        }
    })
}

/// `push(id, chunk)`: the output of `chunk` (a Uint8Array; possibly empty).
fn push(args: &Args) -> JsResult {
    let id = id_of(args.get(0))?;
    let input = bytes::bytes_of_vec(args.get(1)).unwrap_or_default();
    let out = feed(id, &input)?;
    Ok(bytes::new_uint8array(&out))
}

/// `finish(id)`: the rest of the output; the state is gone afterwards. A decoder given
/// incomplete data fails as zlib does.
fn finish(args: &Args) -> JsResult {
    let id = id_of(args.get(0))?;
    let Some(Entry { state, .. }) = STATES.with(|s| s.borrow_mut().1.remove(&id)) else { return Err(error::type_error("the stream has ended")) };
    let truncated = || zlib_error("Z_BUF_ERROR", "unexpected end of file");
    let out = match state {
        State::GzipEncode(w) => w.finish().map_err(|_| truncated())?,
        State::ZlibEncode(w) => w.finish().map_err(|_| truncated())?,
        State::RawEncode(w) => w.finish().map_err(|_| truncated())?,
        State::GzipDecode(w) => w.finish().map_err(|_| truncated())?,
        State::ZlibDecode(w) => w.finish().map_err(|_| truncated())?,
        State::RawDecode(w) => w.finish().map_err(|_| truncated())?,
    };
    Ok(bytes::new_uint8array(&out))
}

/// `free(id)`: drops a state that will not finish (a cancelled or collected stream).
fn free(args: &Args) -> JsResult {
    let id = id_of(args.get(0))?;
    STATES.with(|s| s.borrow_mut().1.remove(&id));
    Ok(Value::UNDEFINED)
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(4).0);
    crate::method(Value(ns.get()), "create", 2, create);
    crate::method(Value(ns.get()), "push", 2, push);
    crate::method(Value(ns.get()), "finish", 1, finish);
    crate::method(Value(ns.get()), "free", 1, free);
    Ok(Value(ns.get()))
}

/// Registers the native module `compression`.
#[unsafe(no_mangle)]
pub extern "C" fn perry_web_compression_install() {
    crate::native_modules::register("compression", build);
}
