//! perry-difffuzz: a differential fuzzer. Each seed gives a valid
//! TypeScript program (gen.rs); Node runs it (the oracle) and Perry compiles
//! it and runs it plainly and under `PERRY_GC_STRESS` (run.rs); signals,
//! panics, internal errors, hangs, compile failures and output differences
//! are counted, minimised (minimize.rs) and saved with their seed.

mod generator;
mod minimize;
mod run;

use clap::Parser;
use rand::{Rng, SeedableRng};
use run::{Class, Config, Mode, Verdict};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// The repository root (this crate is tests/fuzz/difffuzz).
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

#[derive(Parser, Debug)]
#[command(about = "Differential fuzzer: random programs under Node and under Perry (plain and GC stress)")]
struct Args {
    /// The perry binary under test [default: target/release/perry of this repository].
    #[arg(long)]
    perry: Option<PathBuf>,
    #[arg(long, default_value = "node")]
    node: String,
    #[arg(long, default_value = "esbuild")]
    esbuild: String,
    /// The first seed; case i of the run uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many cases to run [default: 100 unless --minutes is given].
    #[arg(long)]
    count: Option<u64>,
    /// Run for this many minutes (minimising included) instead of a count.
    #[arg(long)]
    minutes: Option<f64>,
    /// Parallel workers [default: the number of cores].
    #[arg(long)]
    jobs: Option<usize>,
    /// Roughly how many blocks a program has.
    #[arg(long, default_value_t = 12)]
    size: usize,
    /// Compare error messages too, not only the error class names.
    #[arg(long)]
    messages: bool,
    /// Generate no blocks of these kinds (comma-separated, e.g. proxy,async).
    #[arg(long, value_delimiter = ',')]
    skip: Vec<String>,
    /// Where failures and the report go [default: target/difffuzz of this repository].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Run the one case SEED, print its verdict and save (and minimise) it.
    #[arg(long, value_name = "SEED")]
    replay: Option<u64>,
    /// Print the program of SEED and exit.
    #[arg(long, value_name = "SEED")]
    print: Option<u64>,
    /// Only the plain run (no GC stress run).
    #[arg(long)]
    no_stress: bool,
    /// Save failures without minimising them.
    #[arg(long)]
    no_minimize: bool,
    /// At most this many candidate runs when minimising one failure.
    #[arg(long, default_value_t = 250)]
    min_budget: usize,
    /// Minimise every failure, not only the first of each signature (output
    /// differences are always minimised: their signature before minimising
    /// says little).
    #[arg(long)]
    minimize_all: bool,
    /// Seconds for one Node run (and esbuild).
    #[arg(long, default_value_t = 20)]
    node_timeout: u64,
    /// Seconds for one `perry compile`.
    #[arg(long, default_value_t = 180)]
    compile_timeout: u64,
    /// Seconds for one plain run of the binary.
    #[arg(long, default_value_t = 20)]
    timeout: u64,
    /// Seconds for one GC-stress run of the binary.
    #[arg(long, default_value_t = 90)]
    stress_timeout: u64,
    /// Seconds between progress reports.
    #[arg(long, default_value_t = 60)]
    report_every: u64,
}

/// The modes a seed's binary runs in: plain, then PERRY_GC_STRESS=N with N
/// in 1..=13 chosen by the seed (with PERRY_GC_VERIFY=1 for about a third).
fn modes_for(seed: u64, stress: bool) -> Vec<Mode> {
    let mut m = vec![Mode::Plain];
    if stress {
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        m.push(Mode::Stress { n: r.random_range(1..=13), verify: r.random_bool(0.3) });
    }
    m
}

/// One distinct failure.
#[derive(Clone, Debug)]
struct Distinct {
    count: usize,
    seed: u64,
    mode: Option<Mode>,
    saved: PathBuf,
    minimized: bool,
}

#[derive(Default)]
struct Stats {
    done: u64,
    classes: BTreeMap<Class, u64>,
    distinct: BTreeMap<(Class, String), Distinct>,
    node_fail_saved: usize,
    diff_minimized: BTreeMap<String, usize>,
}

struct Shared {
    args: Args,
    cfg: Config,
    settings: generator::Settings,
    out: PathBuf,
    stats: Mutex<Stats>,
    next: AtomicU64,
    stop: AtomicBool,
    deadline: Option<Instant>,
    start: Instant,
}

fn write(path: &Path, text: impl AsRef<[u8]>) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("difffuzz: writing {}: {e}", path.display());
    }
}

/// Saves a verdict's outputs as `stem.node.out`, `stem.perry.out`,
/// `stem.perry.err` in `dir`.
fn save_outputs(dir: &Path, stem: &str, v: &Verdict) {
    if let Some(n) = &v.node {
        write(&dir.join(format!("{stem}.node.out")), &n.ran.stdout);
        if let Some(e) = &n.esbuild_error {
            write(&dir.join(format!("{stem}.esbuild.err")), e);
        } else if !n.ran.stderr.is_empty() {
            write(&dir.join(format!("{stem}.node.err")), &n.ran.stderr);
        }
    }
    if let Some(p) = &v.perry {
        write(&dir.join(format!("{stem}.perry.out")), &p.stdout);
        write(&dir.join(format!("{stem}.perry.err")), format!("{}\n{}", p.status_text(), p.stderr));
    }
}

fn describe(v: &Verdict) -> String {
    let mut s = format!("class: {}\nsignature: {}\n", v.class.name(), v.signature);
    if let Some(m) = v.mode {
        let _ = writeln!(s, "mode: {m}");
    }
    if let (Some(n), Some(p)) = (&v.node, &v.perry)
        && let Some((line, a, b)) = run::first_difference(&n.ran.stdout, &p.stdout)
    {
        let _ = writeln!(s, "first difference at stdout line {line}:\n  node:  {a}\n  perry: {b}");
    }
    if let Some(p) = &v.perry {
        let _ = writeln!(s, "perry: {}", p.status_text());
        for l in p.stderr.lines().take(8) {
            let _ = writeln!(s, "  {l}");
        }
    }
    s
}

/// Handles one case; returns its verdict.
fn one_case(sh: &Shared, seed: u64, work: &Path, verbose: bool) -> Verdict {
    let _ = std::fs::remove_dir_all(work);
    if let Err(e) = std::fs::create_dir_all(work) {
        panic!("scratch directory {}: {e}", work.display());
    }
    let prog = generator::generate(seed, sh.settings);
    let text = prog.text();
    write(&work.join("case.ts"), &text);
    let modes = modes_for(seed, !sh.args.no_stress);
    let v = match run::evaluate(&sh.cfg, work, &modes) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("difffuzz: seed {seed}: cannot run: {e}");
            sh.stop.store(true, Ordering::SeqCst);
            return Verdict { class: Class::NodeFail, mode: None, signature: format!("io: {e}"), node: None, perry: None };
        }
    };
    if verbose {
        println!("seed {seed}: {}", describe(&v));
    }
    {
        let mut st = sh.stats.lock().unwrap();
        st.done += 1;
        *st.classes.entry(v.class).or_default() += 1;
        if v.class == Class::NodeFail && st.node_fail_saved < 20 {
            st.node_fail_saved += 1;
            let dir = sh.out.join(format!("node-fail-{seed}"));
            let _ = std::fs::create_dir_all(&dir);
            write(&dir.join("original.ts"), &text);
            save_outputs(&dir, "original", &v);
            write(&dir.join("info.txt"), describe(&v));
        }
    }
    if !v.class.is_failure() {
        return v;
    }
    // An output difference is known by the kind of block that printed it
    // (its signature before minimising says little).
    let target = minimize::Target::from(&v);
    let kind = target.label().and_then(|l| {
        let needle = format!("\"{l}\"");
        prog.blocks.iter().find(|b| b.contains(&needle)).map(|b| generator::kind_of(b).to_string())
    });
    let mut v = v;
    if let Some(k) = &kind {
        v.signature = format!("[{k}] {}", v.signature);
    }
    let key = (v.class, v.signature.clone());
    let minimize = !sh.args.no_minimize && {
        let mut st = sh.stats.lock().unwrap();
        if sh.args.minimize_all {
            true
        } else if v.class == Class::Diff {
            // At most two minimised differences per kind of block and run.
            let n = st.diff_minimized.entry(kind.clone().unwrap_or_default()).or_default();
            *n += 1;
            *n <= 2
        } else {
            !st.distinct.get(&key).is_some_and(|d| d.minimized)
        }
    };
    let dir = sh.out.join(format!("{}-{seed}", v.class.name()));
    let _ = std::fs::create_dir_all(&dir);
    write(&dir.join("original.ts"), &text);
    save_outputs(&dir, "original", &v);
    let skip = if sh.args.skip.is_empty() { String::new() } else { format!(" --skip {}", sh.args.skip.join(",")) };
    let mut info = format!(
        "seed: {seed}\nreplay: perry-difffuzz --replay {seed} --size {}{}{skip}\n{}",
        sh.args.size,
        if sh.args.messages { " --messages" } else { "" },
        describe(&v)
    );
    let mut final_sig = v.signature.clone();
    let mut minimized = false;
    if minimize {
        let t0 = Instant::now();
        let mut m = minimize::Minimizer::new(&sh.cfg, work, target, sh.args.min_budget);
        let small = m.minimize(&prog);
        // The minimised program's own outputs.
        write(&work.join("case.ts"), &small);
        let mv = run::evaluate(&sh.cfg, work, &v.mode.into_iter().collect::<Vec<_>>()).ok();
        write(&dir.join("minimized.ts"), &small);
        if let Some(mv) = &mv {
            save_outputs(&dir, "minimized", mv);
            let _ = write!(
                info,
                "\nminimised ({} candidate runs, {:.0}s, {} -> {} lines):\n{}",
                m.tests,
                t0.elapsed().as_secs_f64(),
                text.lines().count(),
                small.lines().count(),
                describe(mv)
            );
            if mv.class == v.class {
                final_sig = match &kind {
                    Some(k) => format!("[{k}] {}", mv.signature),
                    None => mv.signature.clone(),
                };
                minimized = true;
            }
        }
    }
    write(&dir.join("info.txt"), &info);
    if verbose {
        println!("saved in {}", dir.display());
        if minimized {
            println!("minimised program:\n{}", std::fs::read_to_string(dir.join("minimized.ts")).unwrap_or_default());
        }
    }
    let mut st = sh.stats.lock().unwrap();
    let e = st.distinct.entry((v.class, final_sig)).or_insert(Distinct { count: 0, seed, mode: v.mode, saved: dir.clone(), minimized });
    e.count += 1;
    if minimized && !e.minimized {
        *e = Distinct { count: e.count, seed, mode: v.mode, saved: dir, minimized };
    }
    // The pre-minimisation signature is marked too, so the next case with
    // it is not minimised again.
    if minimized && key.0 != Class::Diff {
        st.distinct.entry(key).or_insert(Distinct { count: 0, seed, mode: v.mode, saved: PathBuf::new(), minimized: true }).minimized = true;
    }
    v
}

fn report(sh: &Shared, full: bool) -> String {
    let st = sh.stats.lock().unwrap();
    let mins = sh.start.elapsed().as_secs_f64() / 60.0;
    let mut s = format!("[{mins:.1} min] {} cases:", st.done);
    for c in Class::ALL {
        if let Some(n) = st.classes.get(&c) {
            let _ = write!(s, " {} {n},", c.name());
        }
    }
    s.pop();
    let run = st.done - st.classes.get(&Class::NodeFail).copied().unwrap_or(0) - st.classes.get(&Class::NodeHang).copied().unwrap_or(0);
    let nf = st.classes.get(&Class::NodeFail).copied().unwrap_or(0);
    if st.done > 0 {
        let _ = write!(s, " (node-failure rate {:.1}%, {run} cases compared)", 100.0 * nf as f64 / st.done as f64);
    }
    s.push('\n');
    if full {
        let distinct: Vec<_> = st.distinct.iter().filter(|(_, d)| d.count > 0).collect();
        let _ = writeln!(s, "{} distinct failure signature(s):", distinct.len());
        for ((class, sig), d) in distinct {
            let mode = d.mode.map(|m| format!(" [{m}]")).unwrap_or_default();
            let _ = writeln!(
                s,
                "  {:<14} x{:<3} seed {:<8}{mode} {}\n      {}{}",
                class.name(),
                d.count,
                d.seed,
                sig,
                d.saved.display(),
                if d.minimized { " (minimised.ts)" } else { "" }
            );
        }
    }
    s
}

fn main() {
    let args = Args::parse();
    let skip = match generator::skip_mask(&args.skip) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("difffuzz: --skip: {e}");
            std::process::exit(2);
        }
    };
    let settings = generator::Settings { size: args.size, messages: args.messages, skip };
    if let Some(seed) = args.print {
        print!("{}", generator::generate(seed, settings).text());
        return;
    }
    let root = repo_root();
    let perry = args.perry.clone().unwrap_or_else(|| root.join("target/release/perry"));
    if !perry.exists() {
        eprintln!("difffuzz: no perry binary at {} (build it or pass --perry)", perry.display());
        std::process::exit(2);
    }
    let perry = std::fs::canonicalize(&perry).unwrap_or(perry);
    let out = args.out.clone().unwrap_or_else(|| root.join("target/difffuzz"));
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("difffuzz: {}: {e}", out.display());
        std::process::exit(2);
    }
    let out = std::fs::canonicalize(&out).unwrap_or(out);
    let cfg = Config {
        perry,
        node: args.node.clone(),
        esbuild: args.esbuild.clone(),
        node_limit: Duration::from_secs(args.node_timeout),
        compile_limit: Duration::from_secs(args.compile_timeout),
        run_limit: Duration::from_secs(args.timeout),
        stress_limit: Duration::from_secs(args.stress_timeout),
    };
    let deadline = args.minutes.map(|m| Instant::now() + Duration::from_secs_f64(m * 60.0));
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let count = args.count.unwrap_or(if args.minutes.is_some() { u64::MAX } else { 100 });
    let first = args.seed;
    let replay = args.replay;
    let sh =
        Shared { args, cfg, settings, out, stats: Mutex::default(), next: AtomicU64::new(0), stop: AtomicBool::new(false), deadline, start: Instant::now() };
    let work_root = sh.out.join("work");
    if let Some(seed) = replay {
        let v = one_case(&sh, seed, &work_root.join("replay"), true);
        std::process::exit(i32::from(v.class.is_failure()));
    }
    println!("difffuzz: perry {}, seeds {first}.., {jobs} job(s), output in {}", sh.cfg.perry.display(), sh.out.display());
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..jobs)
            .map(|w| {
                let (sh, work) = (&sh, work_root.join(format!("w{w}")));
                s.spawn(move || {
                    loop {
                        if sh.stop.load(Ordering::SeqCst) || sh.deadline.is_some_and(|d| Instant::now() >= d) {
                            break;
                        }
                        let i = sh.next.fetch_add(1, Ordering::SeqCst);
                        if i >= count {
                            break;
                        }
                        one_case(sh, first + i, &work, false);
                    }
                })
            })
            .collect();
        let (shr, doner) = (&sh, &done);
        let reporter = s.spawn(move || {
            let mut g = doner.0.lock().unwrap();
            while !*g {
                let (ng, t) = doner.1.wait_timeout(g, Duration::from_secs(shr.args.report_every.max(1))).unwrap();
                g = ng;
                if t.timed_out() && !*g {
                    print!("{}", report(shr, false));
                }
            }
        });
        for h in workers {
            let _ = h.join();
        }
        *done.0.lock().unwrap() = true;
        done.1.notify_all();
        let _ = reporter.join();
    });
    let r = report(&sh, true);
    print!("{r}");
    write(&sh.out.join("report.txt"), &r);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated programs are the oracle's input: Node must run every one
    /// of them cleanly (a failure is a generator bug). Skipped without node
    /// and esbuild on PATH; Perry is not run here (too slow for CI).
    #[test]
    fn node_runs_generated_programs() {
        let have = |tool: &str| std::process::Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
        if !have("node") || !have("esbuild") {
            eprintln!("node or esbuild not on PATH: skipped");
            return;
        }
        let cfg = Config {
            perry: PathBuf::from("perry"),
            node: "node".into(),
            esbuild: "esbuild".into(),
            node_limit: Duration::from_secs(60),
            compile_limit: Duration::from_secs(1),
            run_limit: Duration::from_secs(1),
            stress_limit: Duration::from_secs(1),
        };
        let dir = std::env::temp_dir().join(format!("perry-difffuzz-smoke-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut failures = Vec::new();
        for seed in 1000..1050 {
            let p = generator::generate(seed, generator::Settings { size: 10, messages: seed % 2 == 0, skip: 0 });
            assert_eq!(p, generator::generate(seed, generator::Settings { size: 10, messages: seed % 2 == 0, skip: 0 }));
            std::fs::write(dir.join("case.ts"), p.text()).unwrap();
            let n = run::run_node(&cfg, &dir).unwrap();
            if n.esbuild_error.is_some() || n.ran.code != Some(0) {
                failures.push(format!("seed {seed}: {} {}", n.esbuild_error.unwrap_or_default(), n.ran.stderr));
            } else {
                // The last line is the epilogue's, after every block.
                let last = n.ran.stdout.lines().last().unwrap_or("");
                assert!(last.starts_with("end "), "seed {seed}: the program did not reach its end:\n{}", n.ran.stdout);
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(failures.is_empty(), "Node rejected generated programs:\n{}", failures.join("\n"));
    }

    #[test]
    fn modes_are_seeded() {
        assert_eq!(modes_for(7, true), modes_for(7, true));
        assert_eq!(modes_for(7, false), vec![Mode::Plain]);
        for s in 0..100 {
            match modes_for(s, true)[1] {
                Mode::Stress { n, .. } => assert!((1..=13).contains(&n)),
                Mode::Plain => panic!("no stress mode"),
            }
        }
    }
}
