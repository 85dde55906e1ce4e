//! The native half of `node:crypto` (`compiler/builtins/node_crypto.ts`): message digests and
//! HMACs by RustCrypto (`md-5`, `sha1`, `sha2`, `hmac`), installed only in programs that import
//! `node:crypto` (an extension entry). The TypeScript half gathers a
//! `Hash`'s or `Hmac`'s input and calls `digest` once, at `digest()`.

use perry_gc::HandleScope;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::{JsResult, Value, bytes, object, string};

/// Node's names for the algorithms here (lower-cased; `RSA-` aliases as OpenSSL has them).
fn algorithm(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "md5" | "rsa-md5" => "md5",
        "sha1" | "rsa-sha1" | "sha-1" => "sha1",
        "sha224" | "rsa-sha224" | "sha-224" => "sha224",
        "sha256" | "rsa-sha256" | "sha-256" => "sha256",
        "sha384" | "rsa-sha384" | "sha-384" => "sha384",
        "sha512" | "rsa-sha512" | "sha-512" => "sha512",
        _ => return None,
    })
}

fn hash(alg: &str, data: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    match alg {
        "md5" => md5::Md5::digest(data).to_vec(),
        "sha1" => sha1::Sha1::digest(data).to_vec(),
        "sha224" => sha2::Sha224::digest(data).to_vec(),
        "sha256" => sha2::Sha256::digest(data).to_vec(),
        "sha384" => sha2::Sha384::digest(data).to_vec(),
        _ => sha2::Sha512::digest(data).to_vec(),
    }
}

fn hmac(alg: &str, key: &[u8], data: &[u8]) -> Vec<u8> {
    use hmac::{Hmac, Mac};
    fn run<M: Mac + hmac::digest::KeyInit>(key: &[u8], data: &[u8]) -> Vec<u8> {
        let mut m = <M as hmac::digest::KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
        m.update(data);
        m.finalize().into_bytes().to_vec()
    }
    match alg {
        "md5" => run::<Hmac<md5::Md5>>(key, data),
        "sha1" => run::<Hmac<sha1::Sha1>>(key, data),
        "sha224" => run::<Hmac<sha2::Sha224>>(key, data),
        "sha256" => run::<Hmac<sha2::Sha256>>(key, data),
        "sha384" => run::<Hmac<sha2::Sha384>>(key, data),
        _ => run::<Hmac<sha2::Sha512>>(key, data),
    }
}

/// `supported(name)`: Node's canonical name of a digest Perry has, or `undefined`.
fn supported(args: &Args) -> JsResult {
    let name = string::to_rust(perry_runtime::ops::to_string(args.get(0))?);
    Ok(algorithm(&name).map_or(Value::UNDEFINED, string::from_str))
}

/// `digest(algorithm, data, key?)`: the digest of the bytes of `data` (a Uint8Array), keyed
/// by `key` (a Uint8Array) for an HMAC; a new Uint8Array.
fn digest(args: &Args) -> JsResult {
    let name = string::to_rust(perry_runtime::ops::to_string(args.get(0))?);
    let Some(alg) = algorithm(&name) else { return Err(error::throw_error(error::ErrorKind::Error, "Digest method not supported")) };
    let data = bytes::bytes_of_vec(args.get(1)).unwrap_or_default();
    let out = match bytes::bytes_of_vec(args.get(2)) {
        Some(key) => hmac(alg, &key, &data),
        None => hash(alg, &data),
    };
    Ok(bytes::new_uint8array(&out))
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(2).0);
    crate::method(Value(ns.get()), "supported", 1, supported);
    crate::method(Value(ns.get()), "digest", 3, digest);
    Ok(Value(ns.get()))
}

/// Registers the native module `crypto`. Only a program whose graph holds `node:crypto` or
/// `perry:web-crypto` (`crypto.subtle`) references this (an extension entry,
/// `perry_abi::foreach_extension!`), so the digests' code stays out of the others.
#[unsafe(no_mangle)]
pub extern "C" fn perry_node_crypto_install() {
    crate::native_modules::register("crypto", build);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn known_answers() {
        assert_eq!(hex(&hash("md5", b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex(&hash("sha1", b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(hex(&hash("sha256", b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        // RFC 4231 test case 2.
        assert_eq!(hex(&hmac("sha256", b"Jefe", b"what do ya want for nothing?")), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        assert_eq!(algorithm("SHA-256"), Some("sha256"));
        assert_eq!(algorithm("whirlpool"), None);
    }
}
