//! `globalThis.crypto` (WebCrypto's Crypto interface, section 10), as far
//! as Node 20 has it without `subtle`: `getRandomValues` and `randomUUID`.
//! Randomness comes from the operating system (`getrandom`).

use super::{Class, P, is, new_platform, proto};
use crate::method;
use perry_gc::HandleScope;
use perry_runtime::bytes as b;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// The most bytes one `getRandomValues` call fills (10.1.1 step 3).
const MAX_RANDOM_BYTES: usize = 65536;

fn crypto_this(args: &Args) -> JsResult<()> {
    if is(args.this(), Class::Crypto) {
        Ok(())
    } else {
        Err(super::node_error(error::ErrorKind::TypeError, "Value of \"this\" must be of type Crypto", "ERR_INVALID_THIS"))
    }
}

/// Fills `buf` from the operating system's generator.
fn fill_random(buf: &mut [u8]) {
    if getrandom::fill(buf).is_err() {
        perry_gc::fatal("the operating system's random number generator failed");
    }
}

/// Crypto.getRandomValues ( array ) — WebCrypto 10.1.1
fn get_random_values(args: &Args) -> JsResult {
    // Node counts the arguments before it checks `this`.
    if args.is_empty() {
        return Err(super::node_error(
            error::ErrorKind::TypeError,
            "Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.",
            "ERR_MISSING_ARGS",
        ));
    }
    crypto_this(args)?;
    let a = args.get(0);
    // An integer-type typed array (WebCrypto 10.1.1).
    if !b::is_typed_array(a) || matches!(b::ta_type(a), b::Ty::Float32 | b::Ty::Float64) {
        return Err(super::dom_exception::throw("The data argument must be an integer-type TypedArray", "TypeMismatchError"));
    }
    let n = b::ta_bytes(a).len();
    if n > MAX_RANDOM_BYTES {
        return Err(super::dom_exception::throw("The requested length exceeds 65,536 bytes", "QuotaExceededError"));
    }
    let mut buf = vec![0u8; n];
    fill_random(&mut buf);
    b::ta_bytes_mut(args.get(0)).copy_from_slice(&buf);
    Ok(args.get(0))
}

/// A version 4 UUID (RFC 9562, 5.4) in its lower-case text form.
pub fn uuid_v4() -> String {
    let mut r = [0u8; 16];
    fill_random(&mut r);
    r[6] = (r[6] & 0x0F) | 0x40;
    r[8] = (r[8] & 0x3F) | 0x80;
    let h: String = r.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// Crypto.randomUUID ( ) — WebCrypto 10.1.2
fn random_uuid(args: &Args) -> JsResult {
    crypto_this(args)?;
    Ok(string::from_str(&uuid_v4()))
}

/// get globalThis.crypto
fn crypto_getter(args: &Args) -> JsResult {
    Ok(args.capture(0))
}

/// `new Crypto()`: the interface has no constructor.
fn ctor(_args: &Args) -> JsResult {
    Err(super::node_error(error::ErrorKind::TypeError, "Illegal constructor", "ERR_ILLEGAL_CONSTRUCTOR"))
}

pub fn install() {
    let scope = HandleScope::new();
    let p = proto(P::CryptoProto);
    super::class("Crypto", 0, ctor, p);
    method(proto(P::CryptoProto), "getRandomValues", 1, get_random_values);
    method(proto(P::CryptoProto), "randomUUID", 0, random_uuid);
    crate::to_string_tag(proto(P::CryptoProto), "Crypto");
    // `globalThis.crypto` is an enumerable getter in Node 20; it returns
    // the one Crypto object (kept as the getter's capture).
    let key = perry_runtime::atoms::intern("crypto");
    let c = new_platform(Class::Crypto, 0, proto(P::CryptoProto));
    let hc = scope.root(c.0);
    let g = perry_runtime::function::new_native_caps("get crypto", 0, crypto_getter, 1, 0);
    g.cell().set_field(perry_abi::FN_CAPS, Value(hc.get()));
    let attrs = perry_runtime::shape::CONFIGURABLE | perry_runtime::shape::ENUMERABLE;
    perry_runtime::object::define_accessor(perry_runtime::realm::get(perry_runtime::realm::I::Global), key, g, Value::UNDEFINED, attrs);
}

#[cfg(test)]
mod tests {
    #[test]
    fn uuid_shape() {
        let u = super::uuid_v4();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert!(matches!(&u[19..20], "8" | "9" | "a" | "b"));
        assert_ne!(u, super::uuid_v4());
    }
}
