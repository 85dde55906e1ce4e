//! One test: what to skip, the program to compile, compiling and running it,
//! and the outcome (INTERPRETING.md describes what a host must do).

use crate::meta::{self, Meta, Phase};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// Features a run skips, with the reason: not in ES2023 (the bar's
/// edition; the issue's later additions such as `Object.groupBy`,
/// `Promise.withResolvers`, `Array.fromAsync`, change-array-by-copy and
/// resizable buffers are run), or outside what one ahead-of-time process
/// can be (realms, agents, the web's [[IsHTMLDDA]]).
pub const SKIPPED_FEATURES: &[(&str, &str)] = &[
    ("cross-realm", "cross-realm: one realm per process"),
    ("ShadowRealm", "after ES2023: ShadowRealm"),
    ("Temporal", "after ES2023: Temporal"),
    ("decorators", "after ES2023: decorators"),
    ("regexp-modifiers", "after ES2023: RegExp modifiers"),
    ("regexp-duplicate-named-groups", "after ES2023: duplicate named groups"),
    ("iterator-helpers", "after ES2023: iterator helpers"),
    ("iterator-sequencing", "after ES2023: iterator sequencing"),
    ("set-methods", "after ES2023: Set methods"),
    ("promise-try", "after ES2023: Promise.try"),
    ("Float16Array", "after ES2023: Float16Array"),
    ("Math.sumPrecise", "after ES2023: Math.sumPrecise"),
    ("RegExp.escape", "after ES2023: RegExp.escape"),
    ("Error.isError", "after ES2023: Error.isError"),
    ("upsert", "after ES2023: Map upsert"),
    ("json-modules", "after ES2023: JSON modules"),
    ("import-attributes", "after ES2023: import attributes"),
    ("import-assertions", "after ES2023: import assertions"),
    ("explicit-resource-management", "after ES2023: using declarations"),
    ("source-phase-imports", "after ES2023: source phase imports"),
    ("source-phase-imports-module-source", "after ES2023: source phase imports"),
    ("import-defer", "after ES2023: import defer"),
    ("json-parse-with-source", "after ES2023: JSON.parse source text access"),
    ("uint8array-base64", "after ES2023: Uint8Array base64"),
    ("arraybuffer-transfer", "after ES2023: ArrayBuffer transfer"),
    ("immutable-arraybuffer", "after ES2023: immutable ArrayBuffer"),
    ("Atomics.waitAsync", "after ES2023: Atomics.waitAsync"),
    ("Atomics.pause", "after ES2023: Atomics.pause"),
    ("legacy-regexp", "not in ES2023: legacy RegExp features"),
    ("error-stack-accessor", "after ES2023: Error.prototype.stack accessor"),
    ("await-dictionary", "after ES2023: Promise.allKeyed"),
    ("immutable-arraybuffer", "after ES2023: immutable ArrayBuffer"),
    ("nonextensible-applies-to-private", "after ES2023: non-extensible objects and private fields"),
    ("Intl.Era-monthcode", "Intl"),
    ("joint-iteration", "after ES2023: joint iteration"),
    ("iterator-chunking", "after ES2023: iterator chunking"),
    ("iterator-includes", "after ES2023: Iterator.prototype.includes"),
    ("Iterator.prototype.join", "after ES2023: Iterator.prototype.join"),
    ("import-text", "after ES2023: text imports"),
    ("import-bytes", "after ES2023: bytes imports"),
    ("canonical-tz", "Intl: canonical time zones"),
    ("intl-normative-optional", "Intl"),
    ("IsHTMLDDA", "host: [[IsHTMLDDA]] is a web-browser object"),
    ("tail-call-optimization", "proper tail calls: V8 does not implement them either (Node fails these)"),
    ("SharedArrayBuffer", "agents: SharedArrayBuffer needs threads that share memory"),
    ("Atomics", "agents: Atomics needs threads that share memory"),
];

/// Text in a test's source that makes it need what an ahead-of-time binary
/// cannot have, with the reason.
const SKIPPED_SOURCE: &[(&str, &str)] = &[
    ("$262.createRealm", "cross-realm: one realm per process"),
    ("$262.evalScript", "eval: $262.evalScript"),
    ("$262.agent", "agents: $262.agent"),
    ("$262.IsHTMLDDA", "host: [[IsHTMLDDA]]"),
    ("$262.AbstractModuleSource", "after ES2023: source phase imports"),
];

/// Harness files whose use of the Function constructor a host replaces:
/// fnGlobalObject.js finds the global object with it, and
/// resizableArrayBufferUtils.js makes its subclasses with it.
fn harness_text(name: &str, text: String) -> String {
    match name {
        "fnGlobalObject.js" => "function fnGlobalObject() { return globalThis; }\n".into(),
        "resizableArrayBufferUtils.js" => text.replace(
            "return new Function('return class My' + type + ' extends ' + type + ' {}')();",
            "return ({ Uint8Array: () => class MyUint8Array extends Uint8Array {}, Float32Array: () => class MyFloat32Array extends Float32Array {}, \
             BigInt64Array: () => class MyBigInt64Array extends BigInt64Array {} })[type]();",
        ),
        _ => text,
    }
}

/// What the host defines before the harness: `print` (doneprintHandle.js
/// reports with it) and the parts of `$262` one process can have.
const PRELUDE: &str = r#"function print(...args) { console.log(...args); }
var $262 = {
  global: globalThis,
  gc: typeof gc === "function" ? gc : undefined,
  // Perry detaches with ES2024's ArrayBuffer.prototype.transfer, taken
  // before any test can replace it.
  detachArrayBuffer: (function (apply, transfer, detached) {
    return function detachArrayBuffer(buffer) {
      if (!apply(detached, buffer, [])) apply(transfer, buffer, [0]);
      return null;
    };
  })(Reflect.apply, ArrayBuffer.prototype.transfer, Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached").get),
};
globalThis.print = print;
globalThis.$262 = $262;
"#;

/// The names of the functions a harness file declares at its top level
/// (`function name(` at the start of a line).
fn top_level_functions(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("function ").or_else(|| l.strip_prefix("async function ")))
        .filter_map(|rest| {
            let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))?;
            (end > 0 && rest[end..].trim_start().starts_with('(')).then(|| &rest[..end])
        })
        .collect()
}

/// Whether `source` calls `eval` or the Function constructor (a property
/// named `eval`, an identifier `evaluate`, or `Function.prototype` are not).
pub fn needs_eval(source: &str) -> Option<&'static str> {
    for (word, reason) in [("eval", "eval"), ("Function", "the Function constructor")] {
        for (at, end) in standalone(source, word) {
            let rest = source[end..].trim_start();
            if rest.starts_with('(') || (word == "eval" && rest.starts_with(')')) {
                return Some(reason);
            }
            // `new Function;`, `Function.call(this, "...")`.
            let before = source[..at].trim_end();
            if word == "Function" && (before.ends_with("new") || rest.starts_with(".call(") || rest.starts_with(".apply(")) {
                return Some(reason);
            }
        }
    }
    // The AsyncFunction, GeneratorFunction and AsyncGeneratorFunction
    // constructors (reached through `.constructor`) called with source text.
    for word in ["AsyncFunction", "GeneratorFunction", "AsyncGeneratorFunction"] {
        for (_, end) in standalone(source, word) {
            if let Some(args) = source[end..].trim_start().strip_prefix('(')
                && args.trim_start().starts_with(['"', '\''])
            {
                return Some("the Function constructor");
            }
        }
    }
    None
}

/// The places `word` stands alone in `source` (not part of a longer
/// identifier, not a property name after `.`): `(start, end)` offsets.
fn standalone<'a>(source: &'a str, word: &'a str) -> impl Iterator<Item = (usize, usize)> + 'a {
    let b = source.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    source
        .match_indices(word)
        .map(|(at, w)| (at, at + w.len()))
        .filter(move |&(at, end)| !(at > 0 && (ident(b[at - 1]) || b[at - 1] == b'.')) && !b.get(end).is_some_and(|&c| ident(c)))
}

/// Why `path` is skipped, if it is.
pub fn skip_reason(meta: &Meta, source: &str) -> Option<String> {
    for f in &meta.features {
        if let Some((_, why)) = SKIPPED_FEATURES.iter().find(|(name, _)| f == name || (f.starts_with("Intl") && *name == "intl-normative-optional")) {
            return Some(why.to_string());
        }
    }
    if meta.flag("noStrict") {
        return Some("sloppy mode: Perry compiles every file as strict code".into());
    }
    if meta.flag("CanBlockIsFalse") || meta.flag("CanBlockIsTrue") {
        return Some("agents: CanBlock".into());
    }
    for (text, why) in SKIPPED_SOURCE {
        if source.contains(text) {
            return Some(why.to_string());
        }
    }
    if let Some(what) = needs_eval(source) {
        return Some(format!("eval: the test calls {what}"));
    }
    None
}

/// The program compiled for a test: the host prelude, the harness files and
/// the test, or the test alone under `raw`.
pub fn program(root: &Path, meta: &Meta, source: &str) -> Result<String, String> {
    if meta.flag("raw") {
        return Ok(source.to_string());
    }
    let mut out = String::with_capacity(source.len() + 16 * 1024);
    if meta.flag("onlyStrict") {
        out.push_str("\"use strict\";\n");
    }
    out.push_str(PRELUDE);
    let mut includes = vec!["assert.js".to_string(), "sta.js".to_string()];
    if meta.flag("async") {
        includes.push("doneprintHandle.js".into());
    }
    includes.extend(meta.includes.iter().cloned());
    let mut seen = std::collections::HashSet::new();
    for inc in includes {
        if !seen.insert(inc.clone()) {
            continue;
        }
        // A harness file that still calls eval does so inside a `try`
        // (wellKnownIntrinsicObjects.js): Perry's EvalError is caught there.
        let text = std::fs::read_to_string(root.join("harness").join(&inc)).map_err(|e| format!("harness/{inc}: {e}"))?;
        let text = harness_text(&inc, text);
        out.push_str(&text);
        out.push('\n');
        if meta.flag("module") {
            // A script's top-level functions are properties of the global
            // object (asyncHelpers.js looks for `$DONE` there); in a module
            // they are not, so the host puts them there.
            for name in top_level_functions(&text) {
                out.push_str(&format!("globalThis.{name} = {name};\n"));
            }
        }
        out.push('\n');
    }
    out.push_str(source);
    Ok(out)
}

/// A finished child process.
pub struct Ran {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Runs `cmd` with output to files in `dir` (no pipe to fill), killing it
/// after `limit`.
pub fn run_limited(mut cmd: Command, dir: &Path, limit: Duration) -> std::io::Result<Ran> {
    let (out_p, err_p) = (dir.join("stdout"), dir.join("stderr"));
    cmd.stdin(Stdio::null()).stdout(std::fs::File::create(&out_p)?).stderr(std::fs::File::create(&err_p)?);
    let mut child = cmd.spawn()?;
    let start = Instant::now();
    let mut pause = Duration::from_micros(200);
    let (status, timed_out) = loop {
        if let Some(st) = child.try_wait()? {
            break (st.code(), false);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Ok(Ran { status, stdout: read(&out_p), stderr: read(&err_p), timed_out })
}

/// The line of a compiler or runtime error worth reporting.
pub fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
    let at = lines
        .iter()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with("Uncaught")
                || t.contains("Error:")
                || t.contains("Error ")
                || t.contains("error:")
                || t.contains("unsupported")
                || t.contains("not supported")
        })
        .unwrap_or(0);
    let Some(pick) = lines.get(at) else { return "(no output)".into() };
    let mut s = pick.trim().to_string();
    // An uncaught object printed over several lines: `{`, its fields, `}`.
    if s.starts_with("Uncaught") && s.ends_with('{') {
        for l in &lines[at + 1..] {
            s.push(' ');
            s.push_str(l.trim());
            if l.trim_start().starts_with('}') {
                break;
            }
        }
    }
    if s.len() > 200 {
        let mut cut = 200;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push_str("...");
    }
    s
}

/// Settings shared by every test of a run.
pub struct Config {
    pub root: PathBuf,
    pub perry: PathBuf,
    pub compile_limit: Duration,
    pub run_limit: Duration,
    /// Environment for the compiler (`CC` for a faster linker).
    pub compile_env: Vec<(String, String)>,
}

/// Compiles and runs the test at `rel` (relative to `root/test`) in the
/// scratch directory `dir`.
pub fn run_test(cfg: &Config, rel: &str, dir: &Path) -> Outcome {
    let path = cfg.root.join("test").join(rel);
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => return Outcome::Fail(format!("cannot read the test: {e}")),
    };
    let meta = match meta::parse(&source) {
        Ok(m) => m,
        Err(e) => return Outcome::Fail(format!("frontmatter: {e}")),
    };
    if let Some(why) = skip_reason(&meta, &source) {
        return Outcome::Skip(why);
    }
    let program = match program(&cfg.root, &meta, &source) {
        Ok(p) => p,
        Err(e) => return Outcome::Fail(e),
    };
    let _ = std::fs::remove_dir_all(dir);
    if let Err(e) = std::fs::create_dir_all(dir) {
        return Outcome::Fail(format!("scratch directory: {e}"));
    }
    // A module test imports fixtures next to it: they are copied beside it.
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("test.js").to_string();
    if meta.flag("module")
        && let Some(parent) = path.parent()
        && let Ok(entries) = std::fs::read_dir(parent)
    {
        for e in entries.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.contains("_FIXTURE") {
                let _ = std::fs::copy(e.path(), dir.join(&n));
            }
        }
    }
    if meta.flag("module") {
        // Every `.js` file of a module test is an ES module, as Node decides: by the package.
        if let Err(e) = std::fs::write(dir.join("package.json"), "{ \"type\": \"module\" }\n") {
            return Outcome::Fail(format!("writing package.json: {e}"));
        }
    }
    let src_path = dir.join(&name);
    if let Err(e) = std::fs::write(&src_path, &program) {
        return Outcome::Fail(format!("writing the program: {e}"));
    }
    let exe = dir.join("test.exe");
    let mut cmd = Command::new(&cfg.perry);
    cmd.arg("compile").arg(&src_path).arg("-o").arg(&exe);
    if !meta.flag("module") {
        // INTERPRETING.md: a test without the `module` flag is a script.
        cmd.arg("--script");
    }
    if meta.includes.iter().any(|i| i == "gc.js") || meta.features.iter().any(|f| f == "host-gc-required") {
        cmd.arg("--expose-gc");
    }
    cmd.envs(cfg.compile_env.iter().map(|(k, v)| (k, v)));
    let compiled = match run_limited(cmd, dir, cfg.compile_limit) {
        Ok(r) => r,
        Err(e) => return Outcome::Fail(format!("cannot run perry: {e}")),
    };
    let expect_early = meta.negative.as_ref().is_some_and(|n| n.phase != Phase::Runtime);
    if compiled.timed_out {
        return Outcome::Fail(format!("compile: timed out after {:?}", cfg.compile_limit));
    }
    if compiled.status != Some(0) {
        let err = first_error(&compiled.stderr).replace(&format!("{}/", dir.display()), "");
        if compiled.stderr.contains("panicked") || compiled.status.is_none() {
            return Outcome::Fail(format!("compiler crash: {err}"));
        }
        return if expect_early { Outcome::Pass } else { Outcome::Fail(format!("compile: {err}")) };
    }
    if expect_early {
        let n = meta.negative.as_ref().expect("negative");
        return Outcome::Fail(format!("expected a {} before evaluation; it compiled", n.error));
    }
    // A rejection nobody handles is not a failure of a test262 test
    // (HostPromiseRejectionTracker is the host's; the harness does not ask
    // for one): the run goes on as under `node --unhandled-rejections=none`.
    let mut run = Command::new(&exe);
    run.env("PERRY_UNHANDLED_REJECTIONS", "none");
    let ran = match run_limited(run, dir, cfg.run_limit) {
        Ok(r) => r,
        Err(e) => return Outcome::Fail(format!("cannot run the test: {e}")),
    };
    if ran.timed_out {
        return Outcome::Fail(format!("timed out after {:?}", cfg.run_limit));
    }
    if let Some(n) = &meta.negative {
        let named = ran.stderr.contains(&format!("{}:", n.error))
            || ran.stderr.contains(&format!("Uncaught {}", n.error))
            || ran.stderr.contains(&format!("[{}", n.error));
        return match (ran.status, named) {
            (Some(0), _) => Outcome::Fail(format!("expected a {} at runtime; it exited 0", n.error)),
            (_, true) => Outcome::Pass,
            _ => Outcome::Fail(format!("expected a {} at runtime; {}", n.error, first_error(&ran.stderr))),
        };
    }
    if meta.flag("async") {
        if let Some(line) = ran.stdout.lines().find(|l| l.starts_with("Test262:AsyncTestFailure")) {
            return Outcome::Fail(line.to_string());
        }
        if ran.status == Some(0) && ran.stdout.lines().any(|l| l == "Test262:AsyncTestComplete") {
            return Outcome::Pass;
        }
        if ran.status == Some(0) {
            return Outcome::Fail("async: $DONE was not called".into());
        }
    }
    match ran.status {
        Some(0) => Outcome::Pass,
        Some(code) if ran.stderr.trim().is_empty() => Outcome::Fail(format!("exit status {code}")),
        None => Outcome::Fail(format!("killed by a signal: {}", first_error(&ran.stderr))),
        _ => Outcome::Fail(first_error(&ran.stderr)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_detection() {
        assert_eq!(needs_eval("var x = eval('1');"), Some("eval"));
        assert_eq!(needs_eval("(0, eval)('1')"), Some("eval"));
        assert_eq!(needs_eval("new Function('return 1')"), Some("the Function constructor"));
        assert_eq!(needs_eval("Function ('a', 'return a')"), Some("the Function constructor"));
        assert_eq!(needs_eval("obj.eval(1); evaluate(); Function.prototype.call; x instanceof Function"), None);
        assert_eq!(needs_eval("function evalThing() {} class F extends Function {}"), None);
        assert_eq!(needs_eval("myFunction(1); AsyncFunction(1)"), None);
        assert_eq!(needs_eval("var f = new Function;"), Some("the Function constructor"));
        assert_eq!(needs_eval("Function.call(this, 'return 1')"), Some("the Function constructor"));
        assert_eq!(needs_eval("var g = AsyncFunction('a', 'return a')"), Some("the Function constructor"));
        assert_eq!(needs_eval("Function.prototype.call(1)"), None);
    }

    #[test]
    fn skips() {
        let m = Meta { features: vec!["Temporal".into()], ..Default::default() };
        assert_eq!(skip_reason(&m, "").unwrap(), "after ES2023: Temporal");
        let m = Meta { features: vec!["Intl.Locale".into()], ..Default::default() };
        assert_eq!(skip_reason(&m, "").unwrap(), "Intl");
        let m = Meta { flags: vec!["noStrict".into()], ..Default::default() };
        assert!(skip_reason(&m, "").unwrap().starts_with("sloppy mode"));
        let m = Meta::default();
        assert_eq!(skip_reason(&m, "var other = $262.createRealm().global;").unwrap(), "cross-realm: one realm per process");
        assert_eq!(skip_reason(&m, "assert.sameValue(1, 1);"), None);
    }

    #[test]
    fn program_prepends_the_harness() {
        let dir = std::env::temp_dir().join(format!("perry-test262-unit-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("harness")).unwrap();
        std::fs::write(dir.join("harness/assert.js"), "/*assert*/").unwrap();
        std::fs::write(dir.join("harness/sta.js"), "/*sta*/").unwrap();
        std::fs::write(dir.join("harness/doneprintHandle.js"), "/*done*/").unwrap();
        std::fs::write(dir.join("harness/extra.js"), "/*extra*/").unwrap();
        std::fs::write(dir.join("harness/fnGlobalObject.js"), "Function('return this')").unwrap();
        let m = Meta { includes: vec!["extra.js".into(), "fnGlobalObject.js".into()], flags: vec!["async".into()], ..Default::default() };
        let p = program(&dir, &m, "/*test*/").unwrap();
        assert!(p.contains("globalThis.print = print;"), "{p}");
        assert_eq!(top_level_functions("function $DONE(error) {\n  function inner() {}\n}\nasync function a_b (x) {}\nfunctionx()\n"), ["$DONE", "a_b"]);
        let order: Vec<usize> =
            ["function print", "/*assert*/", "/*sta*/", "/*done*/", "/*extra*/", "return globalThis", "/*test*/"].iter().map(|s| p.find(s).unwrap()).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{p}");
        let raw = Meta { flags: vec!["raw".into()], ..Default::default() };
        assert_eq!(program(&dir, &raw, "/*test*/").unwrap(), "/*test*/");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn error_lines() {
        let stderr = "/tmp/t.js:3\nnull.x;\n^\n\nTypeError: Cannot read properties of null (reading 'x')\n    at /tmp/t.js:3:1\n";
        assert_eq!(first_error(stderr), "TypeError: Cannot read properties of null (reading 'x')");
        assert_eq!(first_error("Uncaught Test262Error { message: 'x' }\n"), "Uncaught Test262Error { message: 'x' }");
        assert_eq!(first_error(""), "(no output)");
        assert_eq!(first_error("Uncaught Test262Error {\n  message: 'long'\n}\n\nNode.js v20\n"), "Uncaught Test262Error { message: 'long' }");
    }
}
