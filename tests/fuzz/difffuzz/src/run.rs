//! Running one program: esbuild strips its types and Node runs it (the
//! oracle, as tests/gen-expected.sh does), Perry compiles it and runs it
//! plainly and under GC stress; the outcome is classified.

use std::fmt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Settings shared by every case of a run.
#[derive(Clone, Debug)]
pub struct Config {
    pub perry: PathBuf,
    pub node: String,
    pub esbuild: String,
    pub node_limit: Duration,
    pub compile_limit: Duration,
    pub run_limit: Duration,
    pub stress_limit: Duration,
}

/// How a Perry binary is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Plain,
    /// `PERRY_GC_STRESS=n`, with `PERRY_GC_VERIFY=1` when `verify`.
    Stress {
        n: u32,
        verify: bool,
    },
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Plain => write!(f, "plain"),
            Mode::Stress { n, verify: false } => write!(f, "PERRY_GC_STRESS={n}"),
            Mode::Stress { n, verify: true } => write!(f, "PERRY_GC_STRESS={n} PERRY_GC_VERIFY=1"),
        }
    }
}

/// What went wrong (or not) with one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    Pass,
    /// Node failed (non-zero exit or esbuild error): a generator bug; the
    /// case is discarded.
    NodeFail,
    /// Node timed out: discarded.
    NodeHang,
    /// `perry compile` rejected a construct with "not supported yet".
    Unsupported,
    /// `perry compile` reported some other error.
    CompileError,
    /// `perry compile` panicked, died of a signal or timed out.
    CompilerCrash,
    /// The binary died of a signal (no internal-error report).
    Signal,
    /// The binary printed a Rust panic that is not an internal error.
    Panic,
    /// The binary printed "perry: internal error".
    InternalError,
    /// The binary timed out.
    Hang,
    /// stdout or the exit status differ from Node's.
    Diff,
}

impl Class {
    pub const ALL: [Class; 11] = [
        Class::Pass,
        Class::NodeFail,
        Class::NodeHang,
        Class::Unsupported,
        Class::CompileError,
        Class::CompilerCrash,
        Class::Signal,
        Class::Panic,
        Class::InternalError,
        Class::Hang,
        Class::Diff,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Class::Pass => "pass",
            Class::NodeFail => "node-fail",
            Class::NodeHang => "node-hang",
            Class::Unsupported => "unsupported",
            Class::CompileError => "compile-error",
            Class::CompilerCrash => "compiler-crash",
            Class::Signal => "signal",
            Class::Panic => "panic",
            Class::InternalError => "internal-error",
            Class::Hang => "hang",
            Class::Diff => "diff",
        }
    }
    /// A Perry failure (not a pass, not a discarded case).
    pub fn is_failure(self) -> bool {
        !matches!(self, Class::Pass | Class::NodeFail | Class::NodeHang)
    }
}

/// A finished child process.
#[derive(Clone, Debug, Default)]
pub struct Ran {
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

impl Ran {
    pub fn status_text(&self) -> String {
        if self.timed_out {
            "timed out".into()
        } else if let Some(s) = self.signal {
            format!("killed by {}", signal_name(s))
        } else {
            format!("exit {}", self.code.unwrap_or(-1))
        }
    }
}

/// Runs `cmd` (stdin from `stdin` or nothing, output to files in `dir`, so
/// no pipe fills up), killing it after `limit`.
pub fn run_limited(mut cmd: Command, dir: &Path, stdin: Option<&Path>, limit: Duration) -> std::io::Result<Ran> {
    let (out_p, err_p) = (dir.join(".stdout"), dir.join(".stderr"));
    let input = match stdin {
        Some(p) => Stdio::from(std::fs::File::open(p)?),
        None => Stdio::null(),
    };
    cmd.stdin(input).stdout(std::fs::File::create(&out_p)?).stderr(std::fs::File::create(&err_p)?);
    let mut child = cmd.spawn()?;
    let start = Instant::now();
    let mut pause = Duration::from_micros(500);
    let (status, timed_out) = loop {
        if let Some(st) = child.try_wait()? {
            break (Some(st), false);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Ok(Ran { code: status.and_then(|s| s.code()), signal: status.and_then(|s| s.signal()), stdout: read(&out_p), stderr: read(&err_p), timed_out })
}

pub fn signal_name(sig: i32) -> String {
    match sig {
        4 => "SIGILL".into(),
        5 => "SIGTRAP".into(),
        6 => "SIGABRT".into(),
        7 => "SIGBUS".into(),
        8 => "SIGFPE".into(),
        9 => "SIGKILL".into(),
        11 => "SIGSEGV".into(),
        13 => "SIGPIPE".into(),
        15 => "SIGTERM".into(),
        n => format!("signal {n}"),
    }
}

/// The oracle's run of a program.
#[derive(Clone, Debug)]
pub struct NodeRun {
    pub ran: Ran,
    /// esbuild's complaint, when it rejected the program.
    pub esbuild_error: Option<String>,
}

/// Strips the types of `dir/case.ts` into `dir/case.mjs` and runs it with
/// Node in `dir`.
pub fn run_node(cfg: &Config, dir: &Path) -> std::io::Result<NodeRun> {
    let ts = dir.join("case.ts");
    let js = dir.join("case.mjs");
    let mut es = Command::new(&cfg.esbuild);
    // --loader=ts only applies to stdin; the JavaScript comes on stdout.
    // --keep-names: esbuild lowers a function declared in a block to a
    // renamed `let` (`function f6` becomes `f62`), which `f6.name` would
    // show; tests/gen-expected.sh has no such programs.
    es.args(["--format=esm", "--platform=node", "--target=es2022", "--loader=ts", "--keep-names", "--log-level=error"]);
    let r = run_limited(es, dir, Some(&ts), cfg.node_limit)?;
    std::fs::write(&js, &r.stdout)?;
    if r.code != Some(0) {
        let msg = if r.stderr.trim().is_empty() { r.status_text() } else { r.stderr.trim().to_string() };
        return Ok(NodeRun { ran: r, esbuild_error: Some(msg) });
    }
    let mut node = Command::new(&cfg.node);
    node.arg(&js).current_dir(dir).env("TZ", "UTC").env("NO_COLOR", "1").env_remove("NODE_EXTRA_CA_CERTS");
    Ok(NodeRun { ran: run_limited(node, dir, None, cfg.node_limit)?, esbuild_error: None })
}

/// Compiles `dir/case.ts` into `dir/case`.
pub fn compile(cfg: &Config, dir: &Path) -> std::io::Result<Ran> {
    let mut cmd = Command::new(&cfg.perry);
    cmd.arg("compile").arg(dir.join("case.ts")).arg("-o").arg(dir.join("case")).current_dir(dir);
    run_limited(cmd, dir, None, cfg.compile_limit)
}

/// Runs the compiled `dir/case` in `mode`.
pub fn run_perry(cfg: &Config, dir: &Path, mode: Mode) -> std::io::Result<Ran> {
    let mut cmd = Command::new(dir.join("case"));
    cmd.current_dir(dir).env("TZ", "UTC").env_remove("PERRY_GC_STRESS").env_remove("PERRY_GC_VERIFY");
    let limit = match mode {
        Mode::Plain => cfg.run_limit,
        Mode::Stress { n, verify } => {
            cmd.env("PERRY_GC_STRESS", n.to_string());
            if verify {
                cmd.env("PERRY_GC_VERIFY", "1");
            }
            cfg.stress_limit
        }
    };
    run_limited(cmd, dir, None, limit)
}

/// A classified outcome: the class, the mode that showed it, a one-line
/// signature (to tell distinct failures apart) and the details.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub class: Class,
    pub mode: Option<Mode>,
    pub signature: String,
    pub node: Option<NodeRun>,
    pub perry: Option<Ran>,
}

impl Verdict {
    fn simple(class: Class, signature: String) -> Verdict {
        Verdict { class, mode: None, signature, node: None, perry: None }
    }
}

/// Drops the case directory from diagnostics so signatures do not depend
/// on where a case ran.
fn scrub(s: &str, dir: &Path) -> String {
    let d = dir.display().to_string();
    s.replace(&format!("{d}/"), "").replace(&d, "")
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut t: String = s.chars().take(n).collect();
    t.push('…');
    t
}

/// The line a compiler error is known by.
fn compile_signature(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if let Some(l) = lines.iter().find(|l| l.contains("not supported yet")) {
        // `case.ts:3:5: not supported yet: X` -> `not supported yet: X`.
        let at = l.find("not supported yet").unwrap_or(0);
        return cut(&l[at..], 160);
    }
    if let Some(l) = lines.iter().find(|l| l.contains("panicked")) {
        return cut(l, 160);
    }
    // `case.ts:3:5: message`: the position varies, the message is the
    // signature.
    let first = lines.first().copied().unwrap_or("(no output)");
    let msg = match first.strip_prefix("case.ts:") {
        Some(rest) => rest.splitn(3, ':').nth(2).unwrap_or(rest).trim(),
        None => first,
    };
    cut(msg, 160)
}

/// The stderr line an internal error or panic is known by (its location).
fn panic_signature(stderr: &str) -> String {
    let l = stderr.lines().find(|l| l.contains("perry: internal error") || l.contains("panicked")).unwrap_or("");
    cut(l.trim(), 200)
}

/// Removes the block label (`p12`, `l7`) that starts a generated print, so
/// the same failure in different programs has one signature.
fn unlabel(line: &str) -> &str {
    let mut it = line.splitn(2, ' ');
    let first = it.next().unwrap_or("");
    let labelled = first.len() > 1 && (first.starts_with('p') || first.starts_with('l')) && first[1..].bytes().all(|b| b.is_ascii_digit());
    if labelled { it.next().unwrap_or("") } else { line }
}

/// The first line where `perry`'s output differs from `node`'s.
pub fn first_difference(node: &str, perry: &str) -> Option<(usize, String, String)> {
    let (a, b): (Vec<&str>, Vec<&str>) = (node.lines().collect(), perry.lines().collect());
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i).copied(), b.get(i).copied());
        if x != y {
            return Some((i + 1, x.unwrap_or("<end of output>").to_string(), y.unwrap_or("<end of output>").to_string()));
        }
    }
    if node != perry {
        return Some((a.len() + 1, "(trailing newline)".into(), "(different trailing newline)".into()));
    }
    None
}

/// Classifies one Perry run against Node's.
pub fn classify_run(node: &Ran, perry: &Ran, mode: Mode) -> (Class, String) {
    let tag = if mode == Mode::Plain { String::new() } else { " [gc stress]".to_string() };
    if perry.stderr.contains("perry: internal error") {
        return (Class::InternalError, panic_signature(&perry.stderr) + &tag);
    }
    if perry.stderr.contains("panicked") {
        return (Class::Panic, panic_signature(&perry.stderr) + &tag);
    }
    if let Some(s) = perry.signal.filter(|_| !perry.timed_out) {
        return (Class::Signal, signal_name(s) + &tag);
    }
    if perry.timed_out {
        return (Class::Hang, format!("timeout{tag}"));
    }
    if perry.code != node.code {
        let err = perry.stderr.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
        return (Class::Diff, cut(&format!("exit {} (node exit {}): {err}", perry.code.unwrap_or(-1), node.code.unwrap_or(-1)), 200));
    }
    if let Some((_, n, p)) = first_difference(&node.stdout, &perry.stdout) {
        return (Class::Diff, cut(&format!("node `{}` perry `{}`", unlabel(&n), unlabel(&p)), 240));
    }
    (Class::Pass, String::new())
}

/// Evaluates the program already written to `dir/case.ts` in `modes` (in
/// order; the first failing mode is the verdict).
pub fn evaluate(cfg: &Config, dir: &Path, modes: &[Mode]) -> std::io::Result<Verdict> {
    let node = run_node(cfg, dir)?;
    if let Some(e) = &node.esbuild_error {
        return Ok(Verdict { node: Some(node.clone()), ..Verdict::simple(Class::NodeFail, format!("esbuild: {}", cut(e.lines().next().unwrap_or(""), 160))) });
    }
    if node.ran.timed_out {
        return Ok(Verdict { node: Some(node), ..Verdict::simple(Class::NodeHang, "node timed out".into()) });
    }
    if node.ran.code != Some(0) {
        let err = node.ran.stderr.lines().find(|l| l.contains("Error")).unwrap_or("").trim().to_string();
        return Ok(Verdict { node: Some(node), ..Verdict::simple(Class::NodeFail, cut(&err, 160)) });
    }
    let c = compile(cfg, dir)?;
    if c.timed_out || c.signal.is_some() || c.stderr.contains("panicked") || (c.code != Some(0) && c.stderr.contains("internal error")) {
        let sig = if c.timed_out {
            "compile timed out".to_string()
        } else if c.stderr.contains("panicked") {
            compile_signature(&scrub(&c.stderr, dir))
        } else {
            c.signal.map(signal_name).unwrap_or_else(|| compile_signature(&scrub(&c.stderr, dir)))
        };
        return Ok(Verdict { node: Some(node), perry: Some(c), ..Verdict::simple(Class::CompilerCrash, sig) });
    }
    if c.code != Some(0) {
        let err = scrub(&c.stderr, dir);
        let class = if err.contains("not supported yet") { Class::Unsupported } else { Class::CompileError };
        return Ok(Verdict { node: Some(node), perry: Some(c), ..Verdict::simple(class, compile_signature(&err)) });
    }
    let mut last = None;
    for &mode in modes {
        let p = run_perry(cfg, dir, mode)?;
        let (class, signature) = classify_run(&node.ran, &p, mode);
        if class != Class::Pass {
            return Ok(Verdict { class, mode: Some(mode), signature, node: Some(node), perry: Some(p) });
        }
        last = Some(p);
    }
    Ok(Verdict { class: Class::Pass, mode: None, signature: String::new(), node: Some(node), perry: last })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_differences() {
        assert_eq!(unlabel("p12 [1,2]"), "[1,2]");
        assert_eq!(unlabel("threw TypeError"), "threw TypeError");
        assert_eq!(unlabel("pad 1"), "pad 1");
        assert_eq!(first_difference("a\nb\n", "a\nc\n"), Some((2, "b".into(), "c".into())));
        assert_eq!(first_difference("a\n", "a\n"), None);
        assert_eq!(first_difference("a\nb\n", "a\n"), Some((2, "b".into(), "<end of output>".into())));
    }

    #[test]
    fn classification() {
        let node = Ran { code: Some(0), stdout: "x\n".into(), ..Ran::default() };
        let segv = Ran { signal: Some(11), ..Ran::default() };
        assert_eq!(classify_run(&node, &segv, Mode::Plain), (Class::Signal, "SIGSEGV".into()));
        let ie = Ran { signal: Some(6), stderr: "perry: internal error: panicked at runtime/src/a.rs:1:2:\nboom\n".into(), ..Ran::default() };
        assert_eq!(classify_run(&node, &ie, Mode::Stress { n: 3, verify: false }).0, Class::InternalError);
        let same = Ran { code: Some(0), stdout: "x\n".into(), ..Ran::default() };
        assert_eq!(classify_run(&node, &same, Mode::Plain).0, Class::Pass);
        let hang = Ran { timed_out: true, ..Ran::default() };
        assert_eq!(classify_run(&node, &hang, Mode::Plain).0, Class::Hang);
        assert_eq!(compile_signature("case.ts:3:5: not supported yet: with statement\n"), "not supported yet: with statement");
        assert_eq!(compile_signature("case.ts:3:5: bad thing\n> 3 | x\n"), "bad thing");
    }
}
