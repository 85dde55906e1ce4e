//! Builds `libperry_runtime.a` (crate perry-rtlib) in release mode into
//! `target/rt` and hands its path to the compiler, which embeds it: an
//! installed `perry` is one file that needs only `cc` beside it.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let ws = manifest.join("../..").canonicalize().unwrap();
    for d in ["crates/abi", "crates/gc", "crates/runtime", "crates/stdlib", "crates/ext-http", "crates/rtlib", "Cargo.lock", "Cargo.toml"] {
        println!("cargo:rerun-if-changed={}", ws.join(d).display());
    }
    println!("cargo:rerun-if-env-changed=PERRY_SKIP_RUNTIME_BUILD");
    let target_dir = ws.join("target/rt");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--release", "-p", "perry-rtlib", "--target-dir"]).arg(&target_dir).current_dir(&ws);
    for k in
        ["CARGO_TARGET_DIR", "RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_TARGET", "CARGO_PRIMARY_PACKAGE"]
    {
        cmd.env_remove(k);
    }
    for (k, _) in std::env::vars() {
        if k.starts_with("CARGO_FEATURE_") || k.starts_with("CARGO_CFG_") || k.starts_with("CARGO_PROFILE_") {
            cmd.env_remove(k);
        }
    }
    if std::env::var("PERRY_SKIP_RUNTIME_BUILD").is_err() {
        let status = cmd.status().expect("running cargo to build the runtime library");
        if !status.success() {
            panic!("building libperry_runtime.a failed");
        }
    }
    let lib = target_dir.join("release/libperry_runtime.a");
    println!("cargo:rustc-env=PERRY_RUNTIME_LIB_PATH={}", lib.display());
    // The library's hash names its unpacked copy in the cache: computed once
    // here, not by every `perry compile` (28 MB of SHA-256 is ~60 ms).
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(&lib).expect("reading libperry_runtime.a");
    let hash: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=PERRY_RUNTIME_HASH={}", &hash[..16]);
}
