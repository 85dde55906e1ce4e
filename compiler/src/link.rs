//! Linking: the object file plus the runtime library, with the system `cc`.
//!
//! `link.rs` links with `--gc-sections`, so the executable holds only the code reachable from
//! `main` and the compiler's tables; the built-in families are kept out by the `perry_builtins`
//! table (`features.rs`, stdlib `families.rs`) and `perry:http` by the `perry_extensions`
//! table. Relative relocations are packed (`-z pack-relative-relocs`); the link runs again
//! without it when it fails or when the result has DT_RELR without the `GLIBC_ABI_DT_RELR`
//! dependency glibc's loader requires (as mold 1.x makes). Executables link without
//! `.eh_frame_hdr`: nothing unwinds (`panic = "abort"`, exceptions are return values, the
//! collector walks frame pointers), and then without the `.eh_frame` tables the standard
//! library's objects bring (`drop_unwind_tables`). GNU ld puts the code in a page-aligned
//! segment of its own (`-z separate-code`); executables link with one read-only segment, as lld
//! and mold do by default. Hello world is about 1.02 MB stripped; `compiler/tests/size.rs`
//! holds it under 1 MiB.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The runtime library built with this compiler.
static RUNTIME_LIB: &[u8] = include_bytes!(env!("PERRY_RUNTIME_LIB_PATH"));

/// System libraries the Rust standard library needs in a static link.
/// libgcc is linked statically (`-static-libgcc` + `libgcc_eh`) so executables need only libc.
const NATIVE_LIBS: &[&str] = &["-static-libgcc", "-lgcc_eh", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

pub fn cache_root() -> PathBuf {
    if let Ok(d) = std::env::var("PERRY_CACHE_DIR") {
        return PathBuf::from(d);
    }
    if let Ok(d) = std::env::var("XDG_CACHE_HOME") {
        return PathBuf::from(d).join("perry");
    }
    if let Ok(h) = std::env::var("HOME") {
        return PathBuf::from(h).join(".cache/perry");
    }
    std::env::temp_dir().join("perry-cache")
}

/// Hash of the embedded runtime library (part of every cache key).
pub fn runtime_hash() -> String {
    if let Ok(p) = std::env::var("PERRY_RUNTIME_LIB") {
        let bytes = std::fs::read(&p).unwrap_or_default();
        return hex(&Sha256::digest(&bytes))[..16].to_string();
    }
    env!("PERRY_RUNTIME_HASH").to_string()
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Path of the runtime library: `PERRY_RUNTIME_LIB`, or the embedded copy
/// unpacked into the cache on first use.
pub fn runtime_lib() -> std::io::Result<PathBuf> {
    if let Ok(p) = std::env::var("PERRY_RUNTIME_LIB") {
        return Ok(PathBuf::from(p));
    }
    let dir = cache_root().join("runtime").join(runtime_hash());
    let path = dir.join("libperry_runtime.a");
    if !path.exists() {
        std::fs::create_dir_all(&dir)?;
        let tmp = dir.join(format!("lib.{}.tmp", std::process::id()));
        std::fs::write(&tmp, RUNTIME_LIB)?;
        std::fs::rename(&tmp, &path)?;
    }
    Ok(path)
}

/// Links `object` into the executable `out`.
pub fn link(object: &Path, out: &Path) -> Result<(), String> {
    let lib = runtime_lib().map_err(|e| format!("cannot unpack the runtime library: {e}"))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let run = |extra: &[&str]| {
        Command::new(&cc)
            .arg("-o")
            .arg(out)
            .arg(object)
            .arg(&lib)
            .args(NATIVE_LIBS)
            .arg("-Wl,--gc-sections")
            // Nothing unwinds (panic=abort; exceptions are return values
            // and the collector walks frame pointers): no unwind lookup
            // table (about 10 KB of hello world).
            .arg("-Wl,--no-eh-frame-hdr")
            // One read-only segment for the headers, the code and the constants, as lld and
            // mold lay them out by default, instead of GNU ld's three page-aligned ones (about
            // 8 KB of padding in every executable).
            .arg("-Wl,-z,noseparate-code")
            .args(extra)
            .output()
            .map_err(|e| format!("cannot run the linker '{cc}': {e}"))
    };
    // Packed relative relocations (DT_RELR) keep the position-independent
    // executable's relocation table at a few KB instead of ~24 bytes per
    // pointer in the data (about 250 KB of hello world). A linker or C
    // library too old for them fails the link, and a linker that emits them
    // without the version dependency glibc's loader requires (mold 1.x)
    // makes an executable that does not start: then it links without.
    let mut output = run(&["-Wl,-z,pack-relative-relocs"])?;
    if !output.status.success() || !relr_loadable(out) {
        output = run(&[])?;
    }
    if !output.status.success() {
        return Err(format!("linking failed:\n{}", String::from_utf8_lossy(&output.stderr)));
    }
    drop_unwind_tables(out);
    Ok(())
}

/// Removes the unwind tables the standard library's and the C runtime's objects bring
/// (`.eh_frame`, `.gcc_except_table`: about 75 KB of hello world). Nothing can use them: the
/// executable has no `.eh_frame_hdr` (`--no-eh-frame-hdr`), so the unwinder finds no frame
/// description in it anyway. Done with `objcopy` when it is there (it comes with the linker);
/// without it, or if it fails, the executable keeps them.
fn drop_unwind_tables(exe: &Path) {
    let objcopy = std::env::var("OBJCOPY").unwrap_or_else(|_| "objcopy".into());
    let tmp = exe.with_extension("nounwind.tmp");
    let ok = Command::new(&objcopy)
        .args(["--remove-section=.eh_frame", "--remove-section=.gcc_except_table"])
        .arg(exe)
        .arg(&tmp)
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        let _ = std::fs::rename(&tmp, exe);
    } else {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Whether the loader accepts `exe`'s relocations: true unless it has packed
/// relative relocations (DT_RELR) without the `GLIBC_ABI_DT_RELR` version
/// dependency that glibc requires with them (GNU ld adds it).
fn relr_loadable(exe: &Path) -> bool {
    const DT_RELR: u64 = 36;
    let Ok(b) = std::fs::read(exe) else { return false };
    let word = |at: usize, n: usize| -> Option<u64> { Some(b.get(at..at + n)?.iter().rev().fold(0u64, |a, &x| a << 8 | x as u64)) };
    // ELF64 little-endian: the program headers, then PT_DYNAMIC's entries.
    let has_relr = (|| {
        if b.get(..6)? != b"\x7fELF\x02\x01" {
            return None;
        }
        let (phoff, phentsize, phnum) = (word(0x20, 8)? as usize, word(0x36, 2)? as usize, word(0x38, 2)? as usize);
        for i in 0..phnum {
            let ph = phoff + i * phentsize;
            if word(ph, 4)? == 2 {
                let (off, size) = (word(ph + 8, 8)? as usize, word(ph + 32, 8)? as usize);
                return Some((0..size / 16).any(|j| word(off + j * 16, 8) == Some(DT_RELR)));
            }
        }
        Some(false)
    })()
    .unwrap_or(false);
    !has_relr || b.windows(17).any(|w| w == b"GLIBC_ABI_DT_RELR")
}
