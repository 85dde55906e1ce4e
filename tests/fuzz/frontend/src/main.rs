//! `perry-fuzz-frontend`: a mutation fuzzer for the compiler's front end
//! (parser, semantic analysis, our analyses, code generation) that runs on
//! stable Rust. It reads a seed corpus (`tests/conformance/*.ts`), mutates
//! the seeds with a seeded RNG (byte flips, token splices between seeds,
//! truncation, duplication, deep nesting, random bytes including invalid
//! UTF-8) and compiles each input with `perry compile --check` (no link), a
//! few at a time. An input passes when the compiler exits 0 (compiled) or 1
//! (a diagnostic); a signal (a panic aborts), another status or running
//! past the time limit is a failure, and the input is saved to the output
//! folder as `crash-N.ts` / `hang-N.ts`. Usage: tests/fuzz/README.md.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Mutation fuzzer for perry's front end")]
struct Args {
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The RNG seed (each worker derives its own from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The perry binary.
    #[arg(long, default_value = "target/release/perry")]
    perry: PathBuf,
    /// The seed corpus: every .ts file in this folder.
    #[arg(long, default_value = "tests/conformance")]
    corpus: PathBuf,
    /// Where failing inputs and the scratch files go.
    #[arg(long, default_value = "target/fuzz-frontend")]
    out: PathBuf,
    /// Compiles run at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// A compile running longer than this many seconds is a hang.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

/// What one compile did.
enum Outcome {
    Compiled,
    Diagnostic,
    /// A signal, an unexpected status, or no diagnostic on stderr.
    Crash(String),
    Hang,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&args.corpus)
        .unwrap_or_else(|e| panic!("{}: {e}", args.corpus.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ts"))
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    seeds.sort();
    assert!(!seeds.is_empty(), "no .ts seeds in {}", args.corpus.display());
    std::fs::create_dir_all(&args.out).unwrap();
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let (runs, compiled, diagnostics) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let failures: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for w in 0..args.jobs.max(1) {
            let (args, seeds, runs, compiled, diagnostics, failures) = (&args, &seeds, &runs, &compiled, &diagnostics, &failures);
            s.spawn(move || {
                let mut rng = fastrand::Rng::with_seed(args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(w as u64));
                let input = args.out.join(format!("input-{w}.ts"));
                while Instant::now() < deadline {
                    let bytes = mutate(&mut rng, seeds);
                    std::fs::write(&input, &bytes).unwrap();
                    let n = runs.fetch_add(1, Ordering::Relaxed);
                    match compile(&args.perry, &input, Duration::from_secs(args.timeout)) {
                        Outcome::Compiled => {
                            compiled.fetch_add(1, Ordering::Relaxed);
                        }
                        Outcome::Diagnostic => {
                            diagnostics.fetch_add(1, Ordering::Relaxed);
                        }
                        Outcome::Crash(why) => {
                            let p = args.out.join(format!("crash-{w}-{n}.ts"));
                            std::fs::write(&p, &bytes).unwrap();
                            eprintln!("CRASH ({why}): {}", p.display());
                            failures.lock().unwrap().push(p);
                        }
                        Outcome::Hang => {
                            let p = args.out.join(format!("hang-{w}-{n}.ts"));
                            std::fs::write(&p, &bytes).unwrap();
                            eprintln!("HANG: {}", p.display());
                            failures.lock().unwrap().push(p);
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    println!(
        "{} inputs: {} compiled, {} diagnostics, {} failures ({} s, seed {})",
        runs.into_inner(),
        compiled.into_inner(),
        diagnostics.into_inner(),
        failures.len(),
        args.seconds,
        args.seed
    );
    if failures.is_empty() { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::FAILURE }
}

/// Runs `perry compile --check input` with a time limit.
fn compile(perry: &Path, input: &Path, limit: Duration) -> Outcome {
    let mut child = Command::new(perry)
        .arg("compile")
        .arg("--check")
        .arg(input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", perry.display()));
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let _ = reader.join();
            return Outcome::Hang;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let err = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    match status.code() {
        Some(0) => Outcome::Compiled,
        // A diagnostic names the input (`file:line:col: message`).
        Some(1) if err.contains(&*input.to_string_lossy()) => Outcome::Diagnostic,
        Some(1) => Outcome::Crash(format!("status 1 without a diagnostic: {}", err.lines().next().unwrap_or(""))),
        code => Outcome::Crash(format!("status {code:?}: {}", err.lines().last().unwrap_or(""))),
    }
}

/// Tokens worth splicing in: brackets, operators and keywords whose
/// combinations reach the parser's and the analyses' corner cases.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "`",
    "${",
    "=>",
    "...",
    "?.",
    "??",
    "?",
    ":",
    ";",
    ",",
    "=",
    "+=",
    "**",
    "++",
    "--",
    "!",
    "-",
    "typeof ",
    "await ",
    "yield ",
    "new ",
    "class ",
    "function ",
    "async ",
    "function* ",
    "let ",
    "const ",
    "var ",
    "return ",
    "if (",
    "else ",
    "for (",
    " of ",
    " in ",
    "while (",
    "try {",
    "catch (e) {",
    "finally {",
    "switch (x) {",
    "case 1:",
    "default:",
    "break;",
    "continue;",
    "label: ",
    "this",
    "super",
    "import ",
    "export ",
    "extends ",
    "static ",
    "get ",
    "set ",
    "#p",
    "<T>",
    " as any",
    "!",
    "/re/g",
    "'s'",
    "\"\\u{1F600}\"",
    "0x1n",
    "1e308",
    "-0",
    "NaN",
    "delete ",
    "void ",
    "in",
    "instanceof ",
    "interface I {}",
    "enum E { A }",
    "type T = ",
    "declare ",
    "namespace N {",
    "@dec ",
    "\n",
    "/*",
    "*/",
    "//",
];

/// Nesting openers (and their closers) for deep-nesting mutations.
const NESTS: &[(&str, &str)] = &[
    ("[", "]"),
    ("(", ")"),
    ("{a:", "}"),
    ("`${", "}`"),
    ("f(", ")"),
    ("-(", ")"),
    ("() => ", ""),
    ("function () { return ", "; }"),
    ("{", "}"),
    ("if (x) ", ""),
    ("!", ""),
    ("a.b", ""),
    ("x + ", ""),
    ("Array<", ">"),
    ("[a, ", "] = [1]"),
];

fn mutate(rng: &mut fastrand::Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut b = seeds[rng.usize(..seeds.len())].clone();
    for _ in 0..rng.usize(1..=4) {
        let at = |rng: &mut fastrand::Rng, b: &Vec<u8>| rng.usize(..=b.len());
        match rng.u32(..10) {
            // Flip a bit.
            0 if !b.is_empty() => {
                let i = rng.usize(..b.len());
                b[i] ^= 1 << rng.u32(..8);
            }
            // Replace a byte by any byte (invalid UTF-8 too).
            1 if !b.is_empty() => {
                let i = rng.usize(..b.len());
                b[i] = rng.u8(..);
            }
            // Delete a range.
            2 if !b.is_empty() => {
                let i = rng.usize(..b.len());
                let j = (i + rng.usize(1..64)).min(b.len());
                b.drain(i..j);
            }
            // Truncate.
            3 => b.truncate(at(rng, &b)),
            // Insert a token.
            4 | 5 => {
                let i = at(rng, &b);
                let t = TOKENS[rng.usize(..TOKENS.len())].as_bytes();
                b.splice(i..i, t.iter().copied());
            }
            // Splice in a slice of another seed.
            6 => {
                let other = &seeds[rng.usize(..seeds.len())];
                if !other.is_empty() {
                    let s = rng.usize(..other.len());
                    let e = (s + rng.usize(1..400)).min(other.len());
                    let i = at(rng, &b);
                    b.splice(i..i, other[s..e].iter().copied());
                }
            }
            // Duplicate a range.
            7 if !b.is_empty() => {
                let s = rng.usize(..b.len());
                let e = (s + rng.usize(1..200)).min(b.len());
                let piece = b[s..e].to_vec();
                let i = at(rng, &b);
                b.splice(i..i, piece);
            }
            // Deep nesting, sometimes past the compiler's limits.
            8 => {
                let (open, close) = NESTS[rng.usize(..NESTS.len())];
                let n = *[10, 100, 1000, 6000, 20_000].get(rng.usize(..5)).unwrap();
                let i = at(rng, &b);
                let body = format!("{}1{}", open.repeat(n), close.repeat(n));
                b.splice(i..i, body.into_bytes());
            }
            // Random bytes.
            _ => {
                let i = at(rng, &b);
                let n = rng.usize(1..16);
                b.splice(i..i, (0..n).map(|_| rng.u8(..)));
            }
        }
    }
    b
}
