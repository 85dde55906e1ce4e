//! The code cache (`compiler/src/codegen/parallel.rs`): a warm compile gives the executable a
//! cold one gives, byte for byte; editing the app's own file leaves the packages' cached code
//! in use (the numbering of packages comes first, `Compiler::phases`); a corrupt cache is
//! ignored and rebuilt; `--no-cache` neither reads nor writes it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn project(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("code-cache").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let pkg = dir.join("node_modules/shapes");
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(pkg.join("package.json"), r#"{ "name": "shapes", "type": "module", "exports": "./index.js" }"#).unwrap();
    // A package of some size: 40 classes with methods and closures.
    let mut src = String::new();
    for i in 0..40 {
        src.push_str(&format!(
            "export class Shape{i} {{ constructor(w) {{ this.w = w + {i}; }} area() {{ return this.w * this.w; }} scaled(k) {{ return [1, 2, 3].map((x) => x * k * this.w); }} }}\n"
        ));
    }
    src.push_str("export const total = (n) => { let s = 0; for (let i = 0; i < n; i++) s += new Shape7(i).area(); return s; };\n");
    std::fs::write(pkg.join("index.js"), src).unwrap();
    std::fs::write(
        dir.join("main.ts"),
        "import { Shape3, total } from 'shapes';\nconsole.log(new Shape3(1).area(), new Shape3(2).scaled(2).join(), total(10));\n",
    )
    .unwrap();
    dir
}

fn compile(dir: &Path, cache: &Path, extra: &[&str]) -> Vec<u8> {
    let exe = dir.join("main.bin");
    let out = Command::new(env!("CARGO_BIN_EXE_perry"))
        .env("PERRY_CACHE_DIR", cache)
        .arg("compile")
        .arg(dir.join("main.ts"))
        .arg("-o")
        .arg(&exe)
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(&exe).unwrap()
}

fn run(dir: &Path) -> String {
    let out = Command::new(dir.join("main.bin")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The cache's pack files and their total size.
fn packs(cache: &Path) -> (Vec<PathBuf>, u64) {
    let files: Vec<PathBuf> = std::fs::read_dir(cache.join("code-v3"))
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("pack-")).collect())
        .unwrap_or_default();
    let size = files.iter().map(|f| std::fs::metadata(f).unwrap().len()).sum();
    (files, size)
}

#[test]
fn warm_compiles_reuse_code_and_give_the_same_executable() {
    let dir = project("same");
    let cache = dir.join("cache");
    let uncached = compile(&dir, &cache, &["--no-cache"]);
    assert!(packs(&cache).0.is_empty(), "--no-cache wrote the cache");
    let expected = "16 10,20,30 1405\n";
    assert_eq!(run(&dir), expected);
    let cold = compile(&dir, &cache, &[]);
    let (files, size) = packs(&cache);
    assert!(files.len() == 1 && size > 100_000, "{files:?}, {size} bytes");
    let warm = compile(&dir, &cache, &[]);
    assert_eq!(packs(&cache).0.len(), 1, "a warm compile wrote to the cache");
    assert!(uncached == cold && cold == warm, "the cache changed the executable");
    assert_eq!(run(&dir), expected);
}

#[test]
fn editing_the_app_keeps_the_packages_cached() {
    let dir = project("edit");
    let cache = dir.join("cache");
    compile(&dir, &cache, &[]);
    let (_, before) = packs(&cache);
    // New module-level bindings and functions in the app: were the app numbered first, every
    // package function's slots would move and miss.
    std::fs::write(
        dir.join("main.ts"),
        "import { Shape3, total } from 'shapes';\nexport let counter = 0;\nexport function bump() { return ++counter; }\nconst extra = { a: 1 };\n\
         console.log(new Shape3(1).area(), new Shape3(2).scaled(2).join(), total(10), bump(), extra.a);\n",
    )
    .unwrap();
    compile(&dir, &cache, &[]);
    let added = packs(&cache).1 - before;
    assert!(added * 20 < before, "{added} bytes of code compiled again (of {before}) after an edit of the app alone");
    assert_eq!(run(&dir), "16 10,20,30 1405 1 1\n");
}

#[test]
fn a_corrupt_cache_is_ignored_and_rebuilt() {
    let dir = project("corrupt");
    let cache = dir.join("cache");
    let cold = compile(&dir, &cache, &[]);
    let (files, _) = packs(&cache);
    let bytes = std::fs::read(&files[0]).unwrap();
    // Every blob garbled (headers kept: the checksums catch it), then the pack cut in the
    // middle of a record, then a pack of garbage beside it.
    let mut bad = bytes.clone();
    let mut at = 0;
    while at + 28 <= bad.len() {
        let len = u32::from_le_bytes(bad[at + 16..at + 20].try_into().unwrap()) as usize;
        for x in bad.iter_mut().skip(at + 28).take(len) {
            *x ^= 0x5a;
        }
        at += 28 + len;
    }
    std::fs::write(&files[0], &bad).unwrap();
    let again = compile(&dir, &cache, &[]);
    assert!(cold == again, "a garbled cache changed the executable");
    std::fs::write(&files[0], &bytes[..bytes.len() / 2 + 7]).unwrap();
    std::fs::write(files[0].with_file_name("pack-0-garbage.bin"), bytes.iter().map(|x| x ^ 0xa5).collect::<Vec<u8>>()).unwrap();
    let again = compile(&dir, &cache, &[]);
    assert!(cold == again, "a corrupt cache changed the executable");
    assert_eq!(run(&dir), "16 10,20,30 1405\n");
}
