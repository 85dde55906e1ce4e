//! Differential conformance: every program in `tests/conformance/` is compiled
//! with `perry`, run, and its stdout and exit status compared with what Node
//! printed (`NAME.out`, `NAME.status`, produced by `tests/gen-expected.sh`).
//! The same binaries run again under GC stress, which is how rooting bugs
//! are found: `PERRY_GC_STRESS=N` collects every N allocations, and each N
//! lands collections at other allocations (a young cell held unrooted across
//! an allocation is moved only if a collection lands there while the cell is
//! still young). The stress run gives each program one N of [`STRESS_SET`]
//! (by a hash of its name, so adding a program moves no other); the verify
//! run gives every program N = 1 with the heap verifier on. The ignored test
//! `conformance_gc_sweep` runs every program at every N of a range
//! (`tests/gc-stress-sweep.sh`, N = 1..32 by default). Programs run with
//! `TZ=UTC` (Node did too); `date_tz.rs` tests other zones.
//!
//! `tests/conformance/known_failures.txt` lists programs that are known to
//! fail (`name` or `name stress` for the stress run only), each with a
//! reason. A listed program that passes is reported so the list shrinks.
//! Set `PERRY_TEST_FILTER=substr` to run a subset.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance").canonicalize().unwrap()
}

struct Case {
    name: String,
    source: PathBuf,
    expected: String,
    status: i32,
}

fn cases() -> Vec<Case> {
    let dir = root();
    let filter = std::env::var("PERRY_TEST_FILTER").ok();
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let (name, source) = if p.is_dir() {
            (p.file_name().unwrap().to_string_lossy().into_owned(), p.join("main.ts"))
        } else if p.extension().is_some_and(|e| e == "ts") {
            (p.file_stem().unwrap().to_string_lossy().into_owned(), p.clone())
        } else {
            continue;
        };
        let exp = dir.join(format!("{name}.out"));
        let Ok(expected) = std::fs::read_to_string(&exp) else { continue };
        if let Some(f) = &filter
            && !name.contains(f.as_str())
        {
            continue;
        }
        let status = std::fs::read_to_string(dir.join(format!("{name}.status"))).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        out.push(Case { name, source, expected, status });
    }
    out
}

/// Known failures: `name` -> reason, for the normal run and for the stress
/// run; and the programs whose stress run collects every N allocations
/// instead of every one (`name stress-every N -- reason`).
struct Known {
    normal: BTreeMap<String, String>,
    stress: BTreeMap<String, String>,
    stress_every: BTreeMap<String, u32>,
}

fn known_failures() -> Known {
    let text = std::fs::read_to_string(root().join("known_failures.txt")).unwrap_or_default();
    let mut k = Known { normal: BTreeMap::new(), stress: BTreeMap::new(), stress_every: BTreeMap::new() };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, reason) = line.split_once(" -- ").unwrap_or((line, ""));
        let mut parts = head.split_whitespace();
        let name = parts.next().unwrap().to_string();
        match parts.next() {
            Some("stress") => {
                k.stress.insert(name, reason.to_string());
            }
            Some("stress-every") => {
                let n = parts.next().and_then(|n| n.parse().ok()).expect("stress-every N");
                k.stress_every.insert(name, n);
            }
            _ => {
                k.normal.insert(name.clone(), reason.to_string());
                k.stress.insert(name, reason.to_string());
            }
        }
    }
    k
}

fn run_with_timeout(cmd: &mut Command, limit: Duration) -> (i32, String, String) {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
    let start = Instant::now();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut s).ok();
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut s).ok();
        s
    });
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st.code().unwrap_or_else(|| 128 + std::os::unix::process::ExitStatusExt::signal(&st).unwrap_or(0));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break -1;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let o = String::from_utf8_lossy(&out_t.join().unwrap()).into_owned();
    let e = String::from_utf8_lossy(&err_t.join().unwrap()).into_owned();
    (status, o, e)
}

fn diff(expected: &str, actual: &str) -> String {
    let mut out = String::new();
    let (e, a): (Vec<_>, Vec<_>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i), a.get(i));
        if x != y {
            out.push_str(&format!("  line {}:\n    expected: {}\n    actual:   {}\n", i + 1, x.unwrap_or(&"<none>"), y.unwrap_or(&"<none>")));
            if out.lines().count() > 12 {
                break;
            }
        }
    }
    out
}

type Compiled = BTreeMap<String, Result<PathBuf, String>>;

/// Compiles every case once (shared by the runs), by the AST code generator or, with `ir`,
/// from the mid-level IR where lowering covers a function (`PERRY_IR=1`).
fn compiled(ir: bool) -> &'static Compiled {
    static AST: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    static IR: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    (if ir { &IR } else { &AST }).get_or_init(|| {
        let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(if ir { "conformance-ir" } else { "conformance" });
        std::fs::create_dir_all(&out_dir).unwrap();
        let cases = cases();
        let results = Mutex::new(BTreeMap::new());
        for_each_parallel(&cases, |c| {
            let exe = out_dir.join(&c.name);
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_perry"));
            cmd.arg("compile").arg(&c.source).arg("-o").arg(&exe);
            if ir {
                cmd.env("PERRY_IR", "1");
            }
            // `// @expose-gc` in a test: compiled with --expose-gc (and run
            // with `node --expose-gc` by tests/gen-expected.sh).
            if std::fs::read_to_string(&c.source).is_ok_and(|s| s.lines().any(|l| l.trim() == "// @expose-gc")) {
                cmd.arg("--expose-gc");
            }
            let o = cmd.output().unwrap();
            let r = if o.status.success() { Ok(exe) } else { Err(String::from_utf8_lossy(&o.stderr).into_owned()) };
            results.lock().unwrap().insert(c.name.clone(), r);
        });
        results.into_inner().unwrap()
    })
}

/// Runs `f` on every case, on as many threads as there are cores.
fn for_each_parallel(cases: &[Case], f: impl Fn(&Case) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some(c) = cases.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    f(c);
                }
            });
        }
    });
}

/// The collection intervals the stress run spreads over the programs.
const STRESS_SET: [u32; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13];

/// The stress interval of a program in the stress run: an FNV-1a hash of
/// its name picks one of [`STRESS_SET`].
fn stress_interval(name: &str) -> u32 {
    let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    STRESS_SET[(h % STRESS_SET.len() as u64) as usize]
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Normal,
    /// `PERRY_GC_STRESS=N` with N from [`stress_interval`]: a collection
    /// every N allocations, minor and full alternating.
    Stress,
    /// `PERRY_GC_STRESS=1 PERRY_GC_VERIFY=1`: a collection at every
    /// allocation, and the heap verifier checks the write barrier before and
    /// the whole heap after every collection.
    Verify,
    /// `PERRY_GC_STRESS=N` for the given N (the sweep).
    Every(u32),
}

fn run_suite(mode: Mode) {
    if let Err(e) = try_run_suite(mode, false) {
        panic!("{e}");
    }
}

/// Runs the suite in `mode`, compiled from the IR with `ir`; the error lists the failing
/// programs.
fn try_run_suite(mode: Mode, ir: bool) -> Result<(), String> {
    let stress = mode != Mode::Normal;
    let cases = cases();
    let bins = compiled(ir);
    let all_known = known_failures();
    let known = if stress { &all_known.stress } else { &all_known.normal };
    let failures = Mutex::new(Vec::new());
    let unexpected_passes = Mutex::new(Vec::new());
    let passed = Mutex::new(0usize);
    for_each_parallel(&cases, |c| {
        let verdict = match &bins[&c.name] {
            Err(e) => Err(format!("compile error:\n{e}")),
            Ok(exe) => {
                let mut cmd = Command::new(exe);
                cmd.current_dir(c.source.parent().unwrap());
                // Local time is UTC, as when tests/gen-expected.sh ran Node.
                cmd.env("TZ", "UTC");
                if stress {
                    // A heavy program's `stress-every` interval scales the
                    // one its mode gives.
                    let scale = all_known.stress_every.get(&c.name).copied().unwrap_or(1);
                    let every = match mode {
                        Mode::Stress => stress_interval(&c.name),
                        Mode::Every(n) => n,
                        _ => 1,
                    };
                    cmd.env("PERRY_GC_STRESS", (every * scale).to_string());
                }
                if mode == Mode::Verify {
                    cmd.env("PERRY_GC_VERIFY", "1");
                }
                // (A collection at every allocation with the heap verified after each is slow:
                // the heaviest programs take about 115 s of CPU alone on a slow 2-core machine.)
                let (st, out, err) = run_with_timeout(&mut cmd, Duration::from_secs(if stress { 300 } else { 30 }));
                if out == c.expected && st == c.status {
                    Ok(())
                } else {
                    let tail: String = err.lines().take(6).collect::<Vec<_>>().join("\n    ");
                    Err(format!(
                        "exit status {st} (expected {}){}\n{}",
                        c.status,
                        if tail.is_empty() { String::new() } else { format!("\n  stderr: {tail}") },
                        diff(&c.expected, &out)
                    ))
                }
            }
        };
        match (verdict, known.contains_key(&c.name)) {
            (Ok(()), false) => *passed.lock().unwrap() += 1,
            (Ok(()), true) => unexpected_passes.lock().unwrap().push(c.name.clone()),
            (Err(_), true) => {}
            (Err(e), false) => failures.lock().unwrap().push(format!("{}: {e}", c.name)),
        }
    });
    let failures = failures.into_inner().unwrap();
    let ups = unexpected_passes.into_inner().unwrap();
    let mode = match mode {
        Mode::Normal if ir => "conformance (PERRY_IR=1)".to_string(),
        Mode::Stress if ir => format!("conformance (PERRY_IR=1, PERRY_GC_STRESS=N, N in {STRESS_SET:?} by program)"),
        Mode::Normal => "conformance".to_string(),
        Mode::Stress => format!("conformance (PERRY_GC_STRESS=N, N in {STRESS_SET:?} by program)"),
        Mode::Verify => "conformance (PERRY_GC_STRESS=1 PERRY_GC_VERIFY=1)".to_string(),
        Mode::Every(n) => format!("conformance (PERRY_GC_STRESS={n})"),
    };
    eprintln!("{mode}: {} passed, {} failed, {} known failures", passed.into_inner().unwrap(), failures.len(), known.len());
    for u in &ups {
        eprintln!("note: {u} now passes: remove it from known_failures.txt");
    }
    if !failures.is_empty() {
        return Err(format!("{mode}: {} failing programs:\n{}", failures.len(), failures.join("\n")));
    }
    Ok(())
}

#[test]
fn conformance() {
    run_suite(Mode::Normal);
}

#[test]
fn conformance_gc_stress() {
    run_suite(Mode::Stress);
}

#[test]
fn conformance_gc_verify() {
    run_suite(Mode::Verify);
}

/// The suite compiled from the IR (`PERRY_IR=1`, `codegen/from_ir.rs`), plain and under
/// `PERRY_GC_STRESS`: the IR's code generator gives every program Node's output too.
#[test]
fn conformance_ir() {
    let errors: Vec<String> = [Mode::Normal, Mode::Stress].into_iter().filter_map(|m| try_run_suite(m, true).err()).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// Every program at every N of `PERRY_GC_SWEEP` (`A-B` or a list `A,B,C`;
/// default 1-32): `tests/gc-stress-sweep.sh`. Too slow for CI.
#[test]
#[ignore]
fn conformance_gc_sweep() {
    let spec = std::env::var("PERRY_GC_SWEEP").unwrap_or_else(|_| "1-32".to_string());
    let ns: Vec<u32> = match spec.split_once('-') {
        Some((a, b)) => (a.trim().parse().expect("PERRY_GC_SWEEP")..=b.trim().parse().expect("PERRY_GC_SWEEP")).collect(),
        None => spec.split(',').map(|n| n.trim().parse().expect("PERRY_GC_SWEEP")).collect(),
    };
    let mut failed = Vec::new();
    for n in ns {
        if let Err(e) = try_run_suite(Mode::Every(n), false) {
            eprintln!("{e}");
            failed.push(n);
        }
    }
    assert!(failed.is_empty(), "the stress sweep failed at N = {failed:?}");
}
