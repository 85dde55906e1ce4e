//! The driver the fuzz targets share: a JavaScript program that makes its own inputs (a seed
//! corpus and a seeded mutator, so that input `i` of seed `s` is the same in any engine) is
//! compiled once with `perry`; each run gives it a seed, an input count and a first index, in
//! the Perry executable and in Node. A run whose executable dies (a signal, a non-zero exit)
//! is a crash, found again input by input to name the one that crashed; a run whose output
//! differs from Node's is a mismatch, reported at its first different line.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The mutator and helpers every target's program starts with: `rnd(n)` (xorshift32, in
/// integer operations every engine computes alike), `reseed(seed, i)`, `mutate(s, seeds,
/// tokens)`, and `main(gen, check)`, which reads `seed count start` from the command line and
/// prints one line per input.
const PRELUDE: &str = include_str!("prelude.js");

pub struct Options {
    pub duration: Duration,
    pub seed: u64,
    pub batch: u64,
    pub perry: PathBuf,
    pub node: String,
    pub out: PathBuf,
}

impl Options {
    /// Reads `--duration`, `--seed`, `--batch`, `--perry`, `--node`, `--out`.
    pub fn from_args(target: &str) -> Options {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let mut o = Options {
            duration: Duration::from_secs(60),
            seed: 1,
            batch: 400,
            perry: root.join("target/release/perry"),
            node: "node".into(),
            out: root.join("target/fuzz").join(target),
        };
        let mut args = std::env::args().skip(1);
        while let Some(a) = args.next() {
            let mut val = || args.next().unwrap_or_else(|| usage(&format!("{a} needs a value")));
            match a.as_str() {
                "--duration" => o.duration = Duration::from_secs(val().parse().unwrap_or_else(|_| usage("--duration SECONDS"))),
                "--seed" => o.seed = val().parse().unwrap_or_else(|_| usage("--seed N")),
                "--batch" => o.batch = val().parse().unwrap_or_else(|_| usage("--batch N")),
                "--perry" => o.perry = val().into(),
                "--node" => o.node = val(),
                "--out" => o.out = val().into(),
                _ => usage(&format!("unknown option {a}")),
            }
        }
        o
    }
}

fn usage(msg: &str) -> ! {
    eprintln!("{msg}\nusage: fuzz_TARGET [--duration SECONDS] [--seed N] [--batch N] [--perry PATH] [--node PATH] [--out DIR]");
    std::process::exit(2)
}

struct Outcome {
    /// The exit code, or None when killed by a signal or the time limit.
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(cmd: &mut Command, limit: Duration) -> Outcome {
    let dir = std::env::temp_dir().join(format!("perry-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (out_path, err_path) = (dir.join("stdout"), dir.join("stderr"));
    let out = std::fs::File::create(&out_path).expect("stdout file");
    let err = std::fs::File::create(&err_path).expect("stderr file");
    let mut child = cmd.stdin(Stdio::null()).stdout(out).stderr(err).spawn().expect("start the program");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Outcome { code: status.and_then(|s| s.code()), stdout: read(&out_path), stderr: read(&err_path) }
}

/// Runs `target`'s fuzzer: `program` is the target's part of the JavaScript program (after the
/// prelude); it must end by calling `main`.
pub fn fuzz(target: &str, program: &str) -> ExitCode {
    let o = Options::from_args(target);
    std::fs::create_dir_all(&o.out).expect("the output directory");
    let src = format!("{PRELUDE}\n{program}");
    let (ts, mjs, exe) = (o.out.join("prog.ts"), o.out.join("prog.mjs"), o.out.join("prog"));
    std::fs::write(&ts, &src).expect("write prog.ts");
    std::fs::write(&mjs, &src).expect("write prog.mjs");
    let c = Command::new(&o.perry).arg("compile").arg(&ts).arg("-o").arg(&exe).output().expect("run perry");
    if !c.status.success() {
        eprintln!("perry compile failed:\n{}{}", String::from_utf8_lossy(&c.stdout), String::from_utf8_lossy(&c.stderr));
        return ExitCode::FAILURE;
    }
    let limit = Duration::from_secs(120);
    let node = |seed: u64, count: u64, start: u64| {
        run(Command::new(&o.node).arg(&mjs).args([seed.to_string(), count.to_string(), start.to_string()]).env_remove("NODE_EXTRA_CA_CERTS"), limit)
    };
    let perry = |seed: u64, count: u64, start: u64| run(Command::new(&exe).args([seed.to_string(), count.to_string(), start.to_string()]), limit);
    let began = Instant::now();
    let (mut inputs, mut runs, mut crashes, mut mismatches) = (0u64, 0u64, 0u64, 0u64);
    let mut seed = o.seed;
    while began.elapsed() < o.duration {
        let p = perry(seed, o.batch, 0);
        runs += 1;
        if p.code != Some(0) {
            crashes += 1;
            // Input by input, to name the one that crashes.
            let culprit = (0..o.batch).find(|&i| perry(seed, 1, i).code != Some(0));
            let line = culprit.map(|i| node(seed, 1, i).stdout).unwrap_or_default();
            let report = format!(
                "crash: seed {seed}, input {culprit:?} (exit {:?})\ninput (as Node prints it): {line}\nstderr:\n{}\n",
                p.code,
                p.stderr.chars().take(4000).collect::<String>()
            );
            eprint!("{report}");
            std::fs::write(o.out.join(format!("crash-{seed}.txt")), report).expect("write the report");
        } else {
            let n = node(seed, o.batch, 0);
            if n.code != Some(0) {
                eprintln!("node failed on seed {seed}: {}", n.stderr.chars().take(2000).collect::<String>());
            } else if n.stdout != p.stdout {
                mismatches += 1;
                let (pl, nl): (Vec<&str>, Vec<&str>) = (p.stdout.lines().collect(), n.stdout.lines().collect());
                let i = (0..pl.len().max(nl.len())).find(|&i| pl.get(i) != nl.get(i)).unwrap_or(0);
                let cut = |s: Option<&&str>| s.map(|s| s.chars().take(600).collect::<String>()).unwrap_or_default();
                let report = format!("mismatch: seed {seed}, line {i}\nperry: {}\nnode:  {}\n", cut(pl.get(i)), cut(nl.get(i)));
                eprint!("{report}");
                let mut f = std::fs::File::create(o.out.join(format!("mismatch-{seed}.txt"))).expect("write the report");
                let _ = f.write_all(report.as_bytes());
            }
        }
        inputs += o.batch;
        seed += 1;
    }
    println!(
        "{target}: {inputs} inputs in {runs} runs (seeds {}..{}), {:.0} s: {crashes} crashes, {mismatches} runs differing from Node; reports in {}",
        o.seed,
        seed,
        began.elapsed().as_secs_f64(),
        o.out.display()
    );
    if crashes > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
