//! Executable size and the built-in families linked on demand
//! (compiler `features.rs`, stdlib `families.rs`): hello world stays under
//! 1,080,000 bytes stripped, and a program using many families still works.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("size");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Compiles `src` (a module, or with `script` a classic script) into an
/// executable and returns its path.
fn build(name: &str, src: &str, script: bool) -> PathBuf {
    let src_path = dir().join(format!("{name}.ts"));
    std::fs::write(&src_path, src).unwrap();
    let exe = dir().join(name);
    let mut c = Command::new(env!("CARGO_BIN_EXE_perry"));
    c.env("PERRY_CACHE_DIR", dir().join("cache")).arg("compile").arg(&src_path).arg("-o").arg(&exe);
    if script {
        c.arg("--script");
    }
    let out = c.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    exe
}

fn run(exe: &Path) -> String {
    let out = Command::new(exe).env("TZ", "UTC").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn hello_world_is_under_one_megabyte_stripped() {
    let exe = build("hello", "console.log(\"hello\");\n", false);
    assert_eq!(run(&exe), "hello\n");
    let stripped = dir().join("hello-stripped");
    match Command::new("strip").arg("-o").arg(&stripped).arg(&exe).status() {
        Ok(s) if s.success() => {
            let size = std::fs::metadata(&stripped).unwrap().len();
            // The bar was 1 MiB (1,048,576). Issue 25 put stack checks, limits
            // and proxy-aware paths into the core and took hello world from
            // 1,031,688 to 1,052,296 bytes; the bar is raised to 1,080,000
            // until a size pass (noted in the issue) wins it back. Sparse arrays
            // took it to 1,080,968; building the runtime as one codegen unit
            // (compiler/build.rs) brought it back to 1,064,584. Table sweeps
            // (issue 26: atoms, shapes and symbols collected) took it to
            // 1,082,120. One-byte strings and ropes (issue 27: every string
            // reader in both widths, memchr's substring search) took it to
            // 1,140,488. String slices, inline unit reads and the small-string
            // paths (issue 27's second part) took it to 1,161,992. Node's arguments for
            // `[util.inspect.custom]` (issue 29: the options object, `stylize` and `inspect`
            // itself, in the core formatter) pushed the read-only segment over a page:
            // 1,170,184; issue 30's inline caches (prototype entries, accessors, private fields)
            // 1,174,344. Dropping the unwind tables nothing could use (`link.rs`,
            // `drop_unwind_tables`: no `.eh_frame_hdr`, so no unwinder finds them) took it to
            // 1,100,464. The rest of issue 30's size pass brought it under the 1 MiB bar again:
            // zero-initialised runtime caches (in `.bss`), the built-in library at opt-level 2
            // (compiler/build.rs), GNU ld without the page-aligned separate code segment
            // (`link.rs`) and String's case mappings as a family of their own (`case`):
            // 1,035,696. (mimalloc v2 would save 17 KB more of its v3 heap templates, but
            // perry-gc's purge override, `gc/src/purge.rs`, is written against v3's options.)
            assert!(size < 1_048_576, "hello world is {size} bytes stripped (the bar is 1 MiB, 1,048,576 bytes)");
            assert_eq!(run(&stripped), "hello\n");
        }
        _ => eprintln!("no `strip`: size not checked"),
    }
}

#[test]
fn many_families_in_one_executable() {
    let src = r#"
const d = new Date(0);
console.log(d.toISOString(), d.getUTCFullYear());
const r = /b+/g;
console.log("abbbcb".match(r), r.source, "x-y".split(/-/));
const m = new Map<string, number>([["a", 1]]);
m.set("b", 2);
console.log(m, m.size, new Set([1, 1, 2]));
console.log(JSON.stringify({ a: [1, "x"], b: null }), JSON.parse("[1,2]"));
const u = new Uint8Array(4);
u[1] = 300;
console.log(u, u.length, new TextEncoder().encode("hé"));
console.log(10n ** 20n, typeof 10n, BigInt(7) + 1n);
console.log(Math.max(1, 5), new URL("http://a.b/c?d=1").searchParams.get("d"));
Promise.resolve(3).then((x) => console.log("then", x));
(async () => { await null; console.log("async"); })();
console.log("e\u0301".normalize().length, encodeURIComponent("a b"), structuredClone({ x: 1 }));
"#;
    let exe = build("families", src, false);
    assert_eq!(
        run(&exe),
        "1970-01-01T00:00:00.000Z 1970\n\
         [ 'bbb', 'b' ] b+ [ 'x', 'y' ]\n\
         Map(2) { 'a' => 1, 'b' => 2 } 2 Set(2) { 1, 2 }\n\
         {\"a\":[1,\"x\"],\"b\":null} [ 1, 2 ]\n\
         Uint8Array(4) [ 0, 44, 0, 0 ] 4 Uint8Array(3) [ 104, 195, 169 ]\n\
         100000000000000000000n bigint 8n\n\
         5 1\n\
         1 a%20b { x: 1 }\n\
         then 3\n\
         async\n"
    );
}

#[test]
fn global_object_or_script_links_every_family() {
    // A name computed at run time can only reach a built-in through the
    // global object; naming it links everything.
    let src = "const g = globalThis as any;\nconsole.log(typeof g[\"Da\" + \"te\"], typeof g[\"Reg\" + \"Exp\"], typeof g[\"Big\" + \"Int\"], typeof g[\"In\" + \"tl\"]);\n";
    assert_eq!(run(&build("global_this", src, false)), "function function function object\n");
    let src = "var t = this;\nconsole.log(typeof t[\"Da\" + \"te\"], typeof t[\"Pro\" + \"xy\"]);\n";
    assert_eq!(run(&build("script_this", src, true)), "function function\n");
}

#[test]
fn unnamed_family_method_says_so() {
    // `match` spelled at run time: the RegExp family is not linked, and the
    // method says why instead of misbehaving.
    let src = "const k = [\"ma\", \"tch\"].join(\"\");\ntry {\n  (\"abc\" as any)[k](\"b\");\n} catch (e) {\n  console.log((e as Error).message);\n}\nconsole.log(typeof (\"abc\" as any)[k]);\n";
    assert_eq!(
        run(&build("unnamed", src, false)),
        "String.prototype.match with a string pattern needs the RegExp built-in, which this executable was linked without (the program does not name it in its source)\nfunction\n"
    );
}

#[test]
fn unnamed_case_mapping_says_so_and_a_named_one_maps() {
    // The case mappings (and Unicode's case tables) are the `case` family's: spelled at run
    // time they throw saying so; named anywhere in the program, every one of them works.
    let src = "const k = [\"toUpp\", \"erCase\"].join(\"\");\ntry {\n  (\"abc\" as any)[k]();\n} catch (e) {\n  console.log((e as Error).message);\n}\nconsole.log(typeof (\"abc\" as any)[k]);\n";
    assert_eq!(
        run(&build("unnamed_case", src, false)),
        "String.prototype's case mapping needs the case built-in, which this executable was linked without (the program does not name it in its source)\nfunction\n"
    );
    let src = "const k = [\"toUpp\", \"erCase\"].join(\"\");\nconsole.log((\"stra\\u00dfe \\u0131\" as any)[k](), \"\\u0130X\".toLowerCase().length, \"\\u00e9\".toLocaleUpperCase());\n";
    assert_eq!(run(&build("named_case", src, false)), "STRASSE I 3 É\n");
}
