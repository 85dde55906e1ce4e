//! Builds `libperry_runtime.a` (crate perry-rtlib) in release mode into
//! `target/rt` and hands its path to the compiler, which embeds it: an
//! installed `perry` is one file that needs only `cc` beside it.
//!
//! The embedded copy is patched (`target/rt/libperry_runtime-embedded.a`):
//! std's default panic and allocation-error hooks are replaced by the
//! rtlib's stand-ins, which print without a backtrace, so executables do not
//! link std's backtrace printer (see [`patch_std_hooks`]).
//!
//! # Why the embedded library is patched and hashed
//!
//! The runtime is built without unwind tables (`-Cforce-unwind-tables=no`: it never unwinds).
//! In the embedded copy std's default panic and allocation-error hooks are made weak and
//! renamed to the rtlib's stand-ins (`perry_std_default_hook`, ...), so no executable links
//! std's backtrace symbolizer (gimli, addr2line, rustc-demangle, miniz_oxide: about 230 KB).
//! Without `objcopy` the build warns and embeds the library as built (larger executables, same
//! behaviour). The build also hashes the library once (the hash names the unpacked copy in the
//! cache), so `perry compile` does not hash the 28 MB archive on every run.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let ws = manifest.join("..").canonicalize().unwrap();
    for d in ["abi", "gc", "runtime", "stdlib", "ext-http", "ext-fetch", "Cargo.lock", "Cargo.toml"] {
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
    // The runtime never unwinds (panic=abort, and the collector walks
    // compiled frames by their frame pointers): no unwind tables for its
    // own code (about 40 KB of .eh_frame in every executable).
    cmd.env("CARGO_ENCODED_RUSTFLAGS", "-Cforce-unwind-tables=no");
    // One codegen unit: the runtime's generic helpers are instantiated once, not once per
    // unit (hello world 1,080,968 -> 1,064,584 bytes stripped; the library builds in about a
    // minute either way on two cores). Fat LTO was tried: it defeats the std-hook patch below
    // and doubles the executable.
    cmd.env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1");
    // The built-in library at opt-level 2: every executable links its core families, most of
    // which are cold in any one program; level 3's extra inlining and unrolling made hello
    // world 16 KB larger, with no difference the benchmarks showed (bench/run against 3).
    // The object model, the operators and the collector (perry-runtime, perry-gc) stay at 3.
    cmd.args(["--config", "profile.release.package.perry-stdlib.opt-level=2"]);
    if std::env::var("PERRY_SKIP_RUNTIME_BUILD").is_err() {
        let status = cmd.status().expect("running cargo to build the runtime library");
        if !status.success() {
            panic!("building libperry_runtime.a failed");
        }
    }
    let built = target_dir.join("release/libperry_runtime.a");
    let lib = patch_std_hooks(&built, &target_dir.join("libperry_runtime-embedded.a"));
    println!("cargo:rustc-env=PERRY_RUNTIME_LIB_PATH={}", lib.display());
    // The library's hash names its unpacked copy in the cache: computed once
    // here, not by every `perry compile` (28 MB of SHA-256 is ~60 ms).
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(&lib).expect("reading libperry_runtime.a");
    let hash: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=PERRY_RUNTIME_HASH={}", &hash[..16]);
    // What the code cache keys do not see: the code cache keys a function by its IR before the
    // safepoint pass, so the pass and the worker's choice of ISA (`codegen/parallel.rs`) are
    // part of the key by the hash of their source.
    let mut h = Sha256::new();
    for f in ["src/codegen/safepoints.rs", "src/codegen/parallel.rs"] {
        let path = manifest.join(f);
        println!("cargo:rerun-if-changed={}", path.display());
        h.update(std::fs::read(&path).expect("reading the code generator's source"));
    }
    let hash: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=PERRY_PASS_HASH={}", &hash[..32]);
}

/// std's default panic hook and allocation-error hook print a backtrace, so
/// they link std's symbolizer (gimli, addr2line, rustc-demangle,
/// miniz_oxide: about 230 KB of every executable), although the runtime's
/// `main` replaces the panic hook before anything runs. Both are global
/// symbols of std's object, and std refers to them by symbol, so this makes
/// std's definitions weak and renames them (two `objcopy` passes: weakening
/// first, so that the rtlib's strong definitions of the new names,
/// `perry_std_default_hook` and `perry_std_default_alloc_error_hook`, stay
/// strong); the linker then takes the rtlib's and drops std's with all they
/// reach. Returns the patched copy, or `lib` itself (with a warning) when
/// the symbols or `objcopy` are missing: executables are larger then, not
/// different.
fn patch_std_hooks(lib: &std::path::Path, out: &std::path::Path) -> PathBuf {
    let bytes = std::fs::read(lib).expect("reading libperry_runtime.a");
    let find = |suffix: &str| -> Option<String> {
        // A v0-mangled name `_RNvNtCs<hash>_3std<suffix>`, NUL-terminated in a string table.
        let pat = format!("_3std{suffix}\0");
        let at = bytes.windows(pat.len()).position(|w| w == pat.as_bytes())?;
        let start = bytes[..at].iter().rposition(|&b| b == 0)? + 1;
        let name = std::str::from_utf8(&bytes[start..at + pat.len() - 1]).ok()?;
        (name.starts_with("_RNvNtCs") && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')).then(|| name.to_string())
    };
    let (Some(hook), Some(oom)) = (find("9panicking12default_hook"), find("5alloc24default_alloc_error_hook")) else {
        println!("cargo:warning=std's default hooks not found in libperry_runtime.a: executables keep std's backtrace printer");
        return lib.to_path_buf();
    };
    let weak = out.with_extension("weak.a");
    let objcopy = std::env::var("OBJCOPY").unwrap_or_else(|_| "objcopy".into());
    let ok = Command::new(&objcopy)
        .arg(format!("--weaken-symbol={hook}"))
        .arg(format!("--weaken-symbol={oom}"))
        .arg(lib)
        .arg(&weak)
        .status()
        .is_ok_and(|s| s.success())
        && Command::new(&objcopy)
            .arg(format!("--redefine-sym={hook}=perry_std_default_hook"))
            .arg(format!("--redefine-sym={oom}=perry_std_default_alloc_error_hook"))
            .arg(&weak)
            .arg(out)
            .status()
            .is_ok_and(|s| s.success());
    let _ = std::fs::remove_file(&weak);
    if !ok {
        println!("cargo:warning=objcopy failed: executables keep std's backtrace printer");
        return lib.to_path_buf();
    }
    out.to_path_buf()
}
