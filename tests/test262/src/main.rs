//! perry-test262: the official ECMAScript conformance suite through Perry.
//!
//! Each test is built as its host would (INTERPRETING.md): the harness files
//! it includes before it, `$DONE` for async tests, strictness from its
//! flags; then compiled with `perry compile` and run, in parallel. The
//! suite is not part of this repository: `--root` names a checkout.
//!
//!     cargo run --release -p perry-test262 -- --root ~/test262
//!     cargo run --release -p perry-test262 -- --root ~/test262 built-ins/Array/prototype/at
//!     cargo run --release -p perry-test262 -- --root ~/test262 --compare tests/test262/expected-failures.txt

mod meta;
mod report;
mod run;

use clap::Parser;
use run::{Config, Outcome};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The directories of the bar (issue 8), relative to `test/`.
const BAR: &[&str] = &[
    "built-ins/Array",
    "built-ins/ArrayBuffer",
    "built-ins/ArrayIteratorPrototype",
    "built-ins/BigInt",
    "built-ins/Boolean",
    "built-ins/DataView",
    "built-ins/Date",
    "built-ins/Error",
    "built-ins/Function",
    "built-ins/JSON",
    "built-ins/Map",
    "built-ins/MapIteratorPrototype",
    "built-ins/Math",
    "built-ins/NativeErrors",
    "built-ins/Number",
    "built-ins/Object",
    "built-ins/Promise",
    "built-ins/Proxy",
    "built-ins/Reflect",
    "built-ins/RegExp",
    "built-ins/Set",
    "built-ins/SetIteratorPrototype",
    "built-ins/String",
    "built-ins/StringIteratorPrototype",
    "built-ins/Symbol",
    "built-ins/TypedArray",
    "built-ins/TypedArrayConstructors",
    "built-ins/WeakMap",
    "built-ins/WeakRef",
    "built-ins/WeakSet",
    "built-ins/global",
    "built-ins/parseFloat",
    "built-ins/parseInt",
    "built-ins/encodeURIComponent",
    "built-ins/decodeURIComponent",
    "language/expressions",
    "language/statements",
    "language/arguments-object",
    "language/block-scope",
    "language/computed-property-names",
    "language/destructuring",
    "language/function-code",
    "language/identifier-resolution",
    "language/literals",
    "language/rest-parameters",
    "language/types",
    "language/asi",
    "language/comments",
    "language/white-space",
    "language/keywords",
    "language/punctuators",
    "language/reserved-words",
    "language/statementList",
    "language/global-code",
];

#[derive(Parser, Debug)]
#[command(name = "perry-test262", about = "Run test262 through the perry compiler and report pass/fail/skip per directory")]
struct Args {
    /// A test262 checkout (with harness/ and test/).
    #[arg(long)]
    root: PathBuf,
    /// Tests or directories under ROOT/test (default: the bar's subset).
    paths: Vec<String>,
    /// The perry compiler (default: `perry` beside this binary).
    #[arg(long)]
    perry: Option<PathBuf>,
    /// Parallel tests (default: the number of cores).
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Linker for the test executables: `shared` (mold, against a shared
    /// copy of the runtime made once per run: the fastest), `mold` (mold,
    /// the static runtime, as `perry compile` links), `cc` (the system
    /// default) or `auto` (`shared` when mold is installed, else `cc`).
    #[arg(long, default_value = "auto")]
    linker: String,
    /// Time limit of compiling one test, in seconds.
    #[arg(long, default_value_t = 30)]
    compile_timeout: u64,
    /// Time limit of running one test, in seconds.
    #[arg(long, default_value_t = 10)]
    run_timeout: u64,
    /// Write every test's outcome to FILE.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Compare with the expected failures in FILE: print what changed; exit 1 on a new failure.
    #[arg(long, value_name = "FILE")]
    compare: Option<PathBuf>,
    /// Write this run's failures, each with its reason, to FILE (the expected-failures file).
    #[arg(long, value_name = "FILE")]
    write_expected: Option<PathBuf>,
    /// Run every Nth test only (a quick estimate of the pass rates).
    #[arg(long, default_value_t = 1)]
    sample: usize,
    /// Print each failure as it happens.
    #[arg(short, long)]
    verbose: bool,
}

/// Every `*.js` test under `dir` (fixtures excluded), relative to `base`.
fn collect(base: &Path, rel: &str, out: &mut Vec<String>) -> std::io::Result<()> {
    let p = base.join(rel);
    if p.is_file() {
        out.push(rel.to_string());
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(&p)?.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let child = format!("{rel}/{name}");
        if e.file_type()?.is_dir() {
            collect(base, &child, out)?;
        } else if name.ends_with(".js") && !name.contains("_FIXTURE") {
            out.push(child);
        }
    }
    Ok(())
}

/// The suite's commit: `git rev-parse HEAD` in the checkout, else a
/// `COMMIT` file there, else "unknown".
fn suite_commit(root: &Path) -> String {
    if let Ok(o) = std::process::Command::new("git").arg("-C").arg(root).args(["rev-parse", "HEAD"]).output()
        && o.status.success()
    {
        return String::from_utf8_lossy(&o.stdout).trim().to_string();
    }
    std::fs::read_to_string(root.join("COMMIT")).map(|s| s.trim().to_string()).unwrap_or_else(|_| "unknown".into())
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let test_dir = args.root.join("test");
    if !test_dir.is_dir() || !args.root.join("harness").is_dir() {
        eprintln!("perry-test262: {} is not a test262 checkout (no test/ and harness/)", args.root.display());
        return ExitCode::from(2);
    }
    let perry = args.perry.clone().unwrap_or_else(|| {
        let me = std::env::current_exe().unwrap_or_default();
        me.parent().map(|d| d.join("perry")).filter(|p| p.is_file()).or_else(|| which("perry")).unwrap_or_else(|| PathBuf::from("perry"))
    });
    let scratch = std::env::temp_dir().join(format!("perry-test262-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        eprintln!("perry-test262: {}: {e}", scratch.display());
        return ExitCode::from(2);
    }
    // A faster link: `cc -fuse-ld=mold` through a wrapper named by CC, and
    // by default against a shared copy of the runtime made once per run
    // (linking a test is then linking its own object only: about half the
    // time of the static link; the code run is the same).
    let mut compile_env = Vec::new();
    let linker = match args.linker.as_str() {
        "auto" if which("mold").is_some() => "shared",
        "auto" => "cc",
        l @ ("shared" | "mold" | "cc") => l,
        other => {
            eprintln!("perry-test262: --linker {other}: expected auto, shared, mold or cc");
            return ExitCode::from(2);
        }
    };
    if linker != "cc" {
        let cc = scratch.join("cc-mold");
        let script = if linker == "shared" { shared_link_script(&scratch) } else { "#!/bin/sh\nexec cc -fuse-ld=mold \"$@\"\n".to_string() };
        if std::fs::write(&cc, script).is_err() || std::process::Command::new("chmod").arg("+x").arg(&cc).status().map_or(true, |s| !s.success()) {
            eprintln!("perry-test262: cannot write the linker wrapper");
            return ExitCode::from(2);
        }
        compile_env.push(("CC".to_string(), cc.display().to_string()));
    }
    let cfg = Config {
        root: args.root.clone(),
        perry: perry.clone(),
        compile_limit: Duration::from_secs(args.compile_timeout),
        run_limit: Duration::from_secs(args.run_timeout),
        compile_env,
    };

    let roots: Vec<String> = if args.paths.is_empty() { BAR.iter().map(|s| s.to_string()).collect() } else { args.paths.clone() };
    let mut tests = Vec::new();
    for r in &roots {
        let r = r.trim_start_matches("test/").trim_end_matches('/');
        if let Err(e) = collect(&test_dir, r, &mut tests) {
            eprintln!("perry-test262: test/{r}: {e}");
            return ExitCode::from(2);
        }
    }
    if args.sample > 1 {
        tests = tests.into_iter().step_by(args.sample).collect();
    }
    let commit = suite_commit(&args.root);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())).max(1);
    eprintln!("perry-test262: {} tests from test262 {commit} with {} ({} jobs, linker {})", tests.len(), perry.display(), jobs, linker);

    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; tests.len()]);
    let started = Instant::now();
    std::thread::scope(|s| {
        for w in 0..jobs {
            let (cfg, tests, next, done, results, scratch) = (&cfg, &tests, &next, &done, &results, &scratch);
            let verbose = args.verbose;
            s.spawn(move || {
                let dir = scratch.join(format!("w{w}"));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(rel) = tests.get(i) else { break };
                    let o = run::run_test(cfg, rel, &dir);
                    if verbose && let Outcome::Fail(why) = &o {
                        eprintln!("FAIL {rel}: {why}");
                    }
                    results.lock().unwrap()[i] = Some(o);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n % 500 == 0 {
                        let el = started.elapsed().as_secs_f64();
                        let eta = el / n as f64 * (tests.len() - n) as f64;
                        eprintln!("  {n}/{} tests, {el:.0} s, about {eta:.0} s to go", tests.len());
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let results: Vec<(String, Outcome)> = tests.into_iter().zip(results.into_inner().unwrap()).map(|(t, o)| (t, o.expect("every test ran"))).collect();

    println!("test262 {commit}: {} tests in {:.0} s\n", results.len(), started.elapsed().as_secs_f64());
    print!("{}", report::table(&results, 90.0, 85.0));
    let top = report::top_failures(&results, 25);
    if !top.is_empty() {
        println!("\nMost common failures:\n{top}");
    }
    if let Some(p) = &args.results
        && let Err(e) = std::fs::write(p, report::results_file(&commit, &results))
    {
        eprintln!("perry-test262: {}: {e}", p.display());
        return ExitCode::from(2);
    }
    if let Some(p) = &args.write_expected
        && let Err(e) = std::fs::write(p, report::expected_file(&commit, &results))
    {
        eprintln!("perry-test262: {}: {e}", p.display());
        return ExitCode::from(2);
    }
    if let Some(p) = &args.compare {
        let text = match std::fs::read_to_string(p) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("perry-test262: {}: {e}", p.display());
                return ExitCode::from(2);
            }
        };
        let c = report::compare(&report::parse_expected(&text), &results);
        println!("\nAgainst {}: {} new failures, {} expected failures now pass", p.display(), c.regressions.len(), c.fixed.len());
        for (rel, why) in &c.regressions {
            println!("  NEW FAIL {rel}: {why}");
        }
        for rel in &c.fixed {
            println!("  now passes {rel}");
        }
        if !c.regressions.is_empty() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// The CC wrapper of `--linker shared`: the runtime archive perry passes is
/// replaced by a shared library made from it (once per runtime, in `dir`;
/// `-Bsymbolic` keeps the runtime's own references inside it), and the
/// executable exports its symbols to it (the runtime calls the program's
/// entry points). The test program's object is position-independent, so it
/// reaches the runtime's data through the GOT: one copy of every global.
fn shared_link_script(dir: &Path) -> String {
    let d = dir.display();
    format!(
        r#"#!/bin/sh
for a do
  shift
  case "$a" in
    *libperry_runtime.a)
      so="{d}/rt-$(basename "$(dirname "$a")").so"
      if [ ! -f "$so" ]; then
        cc -shared -fuse-ld=mold -Wl,-Bsymbolic -o "$so.$$" -Wl,--whole-archive "$a" -Wl,--no-whole-archive -static-libgcc -lgcc_eh -lutil -lrt -lpthread -lm -ldl -lc || exit 1
        mv -f "$so.$$" "$so"
      fi
      set -- "$@" "$so" "-Wl,-rpath,{d}" -Wl,--export-dynamic ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec cc -fuse-ld=mold "$@"
"#
    )
}
