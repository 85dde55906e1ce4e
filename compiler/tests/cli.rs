//! The command line: compile errors (file:line:col, message, code frame,
//! exit status 1), unsupported constructs, uncaught exceptions (Node's
//! stderr shape, exit status 1), `perry run` caching, --help and --version.

use std::path::{Path, PathBuf};
use std::process::Command;

fn perry() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_perry"));
    c.env("PERRY_CACHE_DIR", Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"));
    c
}

fn write(name: &str, src: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, src).unwrap();
    p
}

/// Compiles `src` and returns (exit status, stderr).
fn compile_err(name: &str, src: &str) -> (i32, String) {
    let p = write(name, src);
    let out = perry().arg("compile").arg(&p).arg("-o").arg(p.with_extension("bin")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn syntax_error_has_location_and_frame() {
    let (st, err) = compile_err("stray.ts", "let a = 1;\nlet b = 2 +* 3;\nconsole.log(a);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("stray.ts:2:"), "{err}");
    assert!(err.contains("let b = 2 +* 3;"), "code frame missing: {err}");
    assert!(err.contains('^'), "caret missing: {err}");
}

#[test]
fn unterminated_string() {
    let (st, err) = compile_err("unterminated.ts", "const s = \"abc;\nconsole.log(s);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("unterminated.ts:1:"), "{err}");
    assert!(err.to_lowercase().contains("unterminated"), "{err}");
}

#[test]
fn stray_closing_brace() {
    let (st, err) = compile_err("brace.ts", "function f() {\n  return 1;\n}}\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("brace.ts:3:"), "{err}");
}

#[test]
fn unsupported_construct_is_named() {
    let (st, err) = compile_err("acc.ts", "const k = \"x\";\nclass A { accessor [k] = 1; }\nconsole.log(new A());\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("not supported yet: auto-accessor fields"), "{err}");
    assert!(err.contains("acc.ts:2:11"), "{err}");
    // A regular expression literal's pattern is checked when compiling.
    let (st, err) = compile_err("re.ts", "const ok = /a+/g;\nconst r = /a(/;\nconsole.log(ok, r);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("re.ts:2:11"), "{err}");
    let (st, err) = compile_err("with.ts", "const o = {a: 1};\n// @ts-ignore\nwith (o) { console.log(a); }\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("with.ts:3:"), "{err}");
}

#[test]
fn missing_module_is_reported() {
    let (st, err) = compile_err("imp.ts", "import { x } from \"./nowhere\";\nconsole.log(x);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("cannot resolve module './nowhere'"), "{err}");
}

#[test]
fn unsupported_builtin_module_is_named() {
    let (st, err) = compile_err("fs_import.ts", "import { readFileSync } from \"node:fs\";\nconsole.log(readFileSync);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("fs_import.ts:1:1: not supported yet: the built-in module 'node:fs'"), "{err}");
    // The native-module loader is named only inside built-in modules.
    let (st, _, err) = run_program("native_outside", "console.log(typeof __perry_native);\n__perry_native(\"http\");\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("ReferenceError: __perry_native is not defined"), "{err}");
}

/// Compiles `src` (with extra `perry compile` flags) into `exe_ext` beside it.
fn compile_ok(name: &str, src: &str, flags: &[&str], exe_ext: &str) -> PathBuf {
    let p = write(name, src);
    let exe = p.with_extension(exe_ext);
    let out = perry().arg("compile").args(flags).arg(&p).arg("-o").arg(&exe).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    exe
}

fn run_program(name: &str, src: &str) -> (i32, String, String) {
    let exe = compile_ok(name, src, &[], "bin");
    let out = Command::new(&exe).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn uncaught_error_prints_like_node() {
    let (st, out, err) = run_program("uncaught.ts", "console.log(\"before\");\nfunction boom() {\n  throw new TypeError(\"bad thing\");\n}\nboom();\n");
    assert_eq!(st, 1);
    assert_eq!(out, "before\n");
    // The throwing line with a caret, then the stack naming file:line:col.
    assert!(err.contains("uncaught.ts:3\n"), "{err}");
    assert!(err.contains("  throw new TypeError(\"bad thing\");\n"), "{err}");
    assert!(err.contains("TypeError: bad thing\n    at boom ("), "{err}");
    assert!(err.contains("uncaught.ts:3:9)"), "{err}");
    assert!(err.contains("uncaught.ts:5:1"), "{err}");
}

#[test]
fn uncaught_non_error_value() {
    let (st, _, err) = run_program("uncaught_str.ts", "throw \"plain\";\n");
    assert_eq!(st, 1);
    assert!(err.contains("Uncaught 'plain'"), "{err}");
}

#[test]
fn unhandled_rejection_prints_like_node() {
    // A non-error reason: Node's UnhandledPromiseRejection wording, with
    // V8's side-effect-free string of the reason.
    let (st, out, err) = run_program("unh_obj.ts", "console.log(\"before\");\nPromise.reject({ a: 1 });\n");
    assert_eq!(st, 1);
    assert_eq!(out, "before\n");
    let msg = "UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason \"#<Object>\".";
    assert!(err.contains(msg), "{err}");
    assert!(err.contains("  code: 'ERR_UNHANDLED_REJECTION'\n}"), "{err}");
    for (src, reason) in [
        ("Promise.reject(42);", "42"),
        ("Promise.reject(\"str\");", "str"),
        ("Promise.reject([1, 2]);", "[object Array]"),
        ("Promise.reject(undefined);", "undefined"),
    ] {
        let (st, _, err) = run_program("unh_prim.ts", src);
        assert_eq!(st, 1);
        assert!(err.contains(&format!("The promise rejected with the reason \"{reason}\".")), "{err}");
    }
    // An error: its stack, as an uncaught exception prints.
    let (st, _, err) = run_program("unh_err.ts", "async function f() {\n  await null;\n  throw new RangeError(\"async bad\");\n}\nf();\n");
    assert_eq!(st, 1);
    assert!(err.contains("RangeError: async bad\n    at "), "{err}");
    assert!(!err.contains("UnhandledPromiseRejection"), "{err}");
    // A top-level await that rejects ends the process the same way.
    let (st, out, err) = run_program("tla_err.ts", "console.log(1);\nawait Promise.reject(new Error(\"tla\"));\nconsole.log(2);\n");
    assert_eq!(st, 1);
    assert_eq!(out, "1\n");
    assert!(err.contains("Error: tla"), "{err}");
    // A top-level await never settled when the loop runs dry: Node's status 13.
    let (st, out, err) = run_program("tla_unsettled.ts", "console.log(1);\nawait new Promise(() => {});\nconsole.log(2);\n");
    assert_eq!(st, 13, "{err}");
    assert_eq!(out, "1\n");
    assert!(err.contains("Warning: Detected unsettled top-level await"), "{err}");
}

#[test]
fn runtime_type_error_is_catchable_and_uncaught_exits_1() {
    let (st, _, err) = run_program("nullprop.ts", "const o: any = null;\nconsole.log(o.x);\n");
    assert_eq!(st, 1);
    assert!(err.contains("TypeError: Cannot read properties of null (reading 'x')"), "{err}");
}

#[test]
fn deep_recursion_is_a_range_error() {
    let (st, out, _) = run_program(
        "deep.ts",
        "function f(n: number): number { return f(n + 1) + 1; }\ntry { f(0); } catch (e: any) { console.log(e instanceof RangeError, e.message); }\n",
    );
    assert_eq!(st, 0);
    assert_eq!(out, "true Maximum call stack size exceeded\n");
}

#[test]
fn run_uses_cache() {
    let p = write("cached.ts", "console.log(\"cached\", process.argv.length);\n");
    let a = perry().arg("run").arg(&p).arg("x").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&a.stdout), "cached 3\n");
    let t = std::time::Instant::now();
    let b = perry().arg("run").arg(&p).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&b.stdout), "cached 2\n");
    // A cache hit does not compile: it takes a fraction of a compile.
    assert!(t.elapsed().as_millis() < 2000);
}

#[test]
fn help_and_version() {
    let h = perry().arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&h.stdout).contains("compile"));
    let v = perry().arg("--version").output().unwrap();
    assert!(String::from_utf8_lossy(&v.stdout).starts_with("perry "));
}

#[test]
fn standard_decorators_compile_and_what_they_do_not_lower_is_refused_by_name() {
    let (st, out, err) = run_program("deco_ok.ts", "function d(t: any, c: any) { console.log(c.kind, c.name); }\n@d\nclass A {}\nconsole.log(typeof A);\n");
    assert_eq!((st, out.as_str()), (0, "class A\nfunction\n"), "{err}");
    let (st, err) = compile_err("deco.ts", "function d(t: any, c: any) { return t; }\nclass A {\n  @d [Symbol.iterator]() {}\n}\nconsole.log(A);\n");
    assert_eq!(st, 1, "{err}");
    assert!(err.contains("not supported yet: a decorated class element with a computed key"), "{err}");
    assert!(err.contains("deco.ts:3:3"), "{err}");
}

#[test]
fn navigator_names_perry_and_a_listener_error_is_uncaught_after_the_dispatch() {
    // Node 20 has no `navigator` (21 does): checked here rather than against Node's output.
    let src = "console.log(navigator.userAgent.startsWith(\"Perry/\"), navigator.hardwareConcurrency >= 1, navigator.platform, String(navigator));\nconst t = new EventTarget();\nt.addEventListener(\"x\", () => { throw new Error(\"boom\"); });\nconsole.log(\"dispatched\", t.dispatchEvent(new Event(\"x\")));\n";
    let (st, out, err) = run_program("nav.ts", src);
    assert_eq!(out, "true true linux [object Navigator]\ndispatched true\n", "{err}");
    assert_eq!(st, 1, "{out}");
    assert!(err.contains("Error: boom"), "{err}");
}

#[test]
fn eval_of_a_source_throws_an_eval_error_when_it_runs() {
    // Code that only mentions eval compiles (a package's unused path must not stop the
    // build); evaluating a source throws, as the Function constructor does.
    let src = "const p = 1;\nconsole.log(typeof eval, eval(p), (0, eval)(\" this ; \") === globalThis);\ntry { eval(\"p + 1\"); } catch (e) { console.log(String(e)); }\neval(\"p\");\n";
    let (st, out, err) = run_program("ev.ts", src);
    assert_eq!(out, "function 1 true\nEvalError: Code generation from strings is not supported by Perry\n", "{err}");
    assert_eq!(st, 1, "{out}");
    assert!(err.contains("EvalError: Code generation from strings is not supported by Perry"), "{err}");
    assert!(err.contains("ev.ts:4:1"), "{err}");
}

#[test]
fn executable_needs_only_libc() {
    let exe = compile_ok("deps.ts", "console.log(\"deps\");\n", &[], "bin");
    let Ok(ldd) = Command::new("ldd").arg(&exe).output() else { return };
    let text = String::from_utf8_lossy(&ldd.stdout);
    for line in text.lines() {
        let lib = line.split_whitespace().next().unwrap_or("");
        assert!(lib.starts_with("linux-vdso") || lib.starts_with("libc.so") || lib.contains("ld-linux"), "unexpected dependency: {line}");
    }
}

#[test]
fn heap_limit_is_a_fatal_out_of_memory_error() {
    // Live data past PERRY_GC_HEAP_LIMIT: a clear fatal error (as Node's
    // "JavaScript heap out of memory"), stdout flushed, no crash report.
    let exe = compile_ok(
        "oom.ts",
        "console.log(\"start\");\nconst keep: any[] = [];\nfor (let i = 0; i < 10000000; i++) keep.push({ i, s: \"x\" + i });\nconsole.log(keep.length);\n",
        &[],
        "bin",
    );
    let out = Command::new(&exe).env("PERRY_GC_HEAP_LIMIT", "32m").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "start\n");
    assert!(err.contains("perry: fatal error: JavaScript heap out of memory"), "{err}");
    assert!(err.contains("PERRY_GC_HEAP_LIMIT"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
}

#[test]
fn expose_gc_defines_gc() {
    let src = "console.log(typeof (globalThis as any).gc);\n";
    let exe = compile_ok("gcfn.ts", src, &[], "bin");
    let plain = Command::new(&exe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&plain.stdout), "undefined\n");
    let env = Command::new(&exe).env("PERRY_EXPOSE_GC", "1").env("PERRY_GC_DIAG", "1").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&env.stdout), "function\n");
    assert!(String::from_utf8_lossy(&env.stderr).contains("[gc-summary] collections="));
    let exe2 = compile_ok("gcfn.ts", src, &["--expose-gc"], "bin2");
    let flag = Command::new(&exe2).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&flag.stdout), "function\n");
}

#[test]
fn script_mode_binds_var_and_function_declarations_on_the_global_object() {
    // `perry compile --script`: a classic script (16.1.7
    // GlobalDeclarationInstantiation). `await` is an identifier there.
    let src = r#"var x = 1;
function f() { return "first"; }
var await = 3;
let lexical = 4;
console.log(this === globalThis, this.x, await, this.hasOwnProperty("lexical"), (() => this === globalThis)());
x = 2;
const d = Object.getOwnPropertyDescriptor(globalThis, "x");
console.log(globalThis.x, d.writable, d.enumerable, d.configurable);
globalThis.x = 5;
console.log(x, typeof globalThis.f, globalThis.f(), Object.getOwnPropertyDescriptor(this, "f").configurable);
function f() { return "second"; }
for (var i = 0; i < 3; i++) {}
var { a, b } = { a: 10, b: 20 };
console.log(this.i, this.a + this.b, "NaN" in this, typeof globalThis.lexical);
"#;
    let exe = compile_ok("script.js", src, &["--script"], "bin");
    let out = Command::new(&exe).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "true 1 3 false true\n2 true true false\n5 function second false\n3 30 true undefined\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The same file as a module: `await` is reserved.
    let (st, err) = compile_err("script_as_module.mjs", src);
    assert_eq!(st, 1, "{err}");
    // A script cannot import.
    let p = write("script_import.js", "import { x } from './m.js';\n");
    let out = perry().arg("compile").arg("--script").arg(&p).arg("-o").arg(p.with_extension("bin")).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("script_import.js:1:"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn unhandled_rejections_mode_as_node_flag() {
    // PERRY_UNHANDLED_REJECTIONS: Node's --unhandled-rejections throw (default), warn, none.
    let exe = compile_ok("unhandled.ts", "Promise.reject(new RangeError(\"lost\"));\nsetTimeout(() => console.log(\"after\"), 5);\n", &[], "bin");
    let out = Command::new(&exe).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("RangeError: lost"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = Command::new(&exe).env("PERRY_UNHANDLED_REJECTIONS", "warn").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "after\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("UnhandledPromiseRejectionWarning: RangeError: lost"), "{err}");
    let out = Command::new(&exe).env("PERRY_UNHANDLED_REJECTIONS", "none").output().unwrap();
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stdout).as_ref(), out.stderr.len()), (Some(0), "after\n", 0));
}

/// Functions compile on worker threads; the executable must not depend on
/// how many or on their timing (nor on hash order).
#[test]
fn output_is_the_same_for_any_number_of_code_generation_threads() {
    let mut src = String::new();
    for i in 0..60 {
        src.push_str(&format!(
            "class C{i} {{ constructor(public a: number) {{}} m(x: number) {{ return this.a * x + {i}; }} }}\n\
             function f{i}(n: number): number {{ let s = 0; for (let k = 0; k < n; k++) {{ s += new C{i}(k).m(2) ^ (k << 3); }} return s; }}\n\
             console.log(f{i}({i}));\n"
        ));
    }
    let p = write("threads.ts", &src);
    let mut outs = Vec::new();
    for jobs in ["1", "2", "3", "2"] {
        let exe = p.with_extension(format!("j{jobs}.{}", outs.len()));
        let st = perry().env("PERRY_JOBS", jobs).arg("compile").arg(&p).arg("-o").arg(&exe).status().unwrap();
        assert!(st.success());
        outs.push(std::fs::read(&exe).unwrap());
    }
    assert!(outs.iter().all(|o| o == &outs[0]), "executables differ between thread counts or runs");
}
