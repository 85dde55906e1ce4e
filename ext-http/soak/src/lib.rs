//! `perry soak`: the warm-soak verifier (DESIGN.md, "The warm-soak verifier").
//!
//! It drives one warm HTTP server through N passes. Each pass sends
//! `--gets` concurrent GETs and `--posts` POSTs to the echo route
//! ([`contract`]), checks every response, and records per pass the latency
//! percentiles, the server's RSS and the collector's `PERRY_GC_DIAG=1`
//! figures ([`report::PassRecord`]). After the warm-up it fits the slope of
//! RSS and of the live heap in bytes per request, and the verdict
//! ([`report::verdict`]) fails the run on any failed request, a slope above
//! its bound, or box cells or proxies still live that were not at the end of
//! the warm-up.
//!
//! Modules: [`contract`] (what is sent and checked), [`client`] (hyper),
//! [`server`] (the measured process), [`diag`] (stderr lines), [`stats`]
//! (percentiles, slopes), [`report`] (records, verdict, text, CSV),
//! [`html`] (the chart page).

pub mod client;
pub mod contract;
pub mod diag;
pub mod html;
pub mod report;
pub mod server;
pub mod stats;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use report::{Bounds, Ending, FailureRecord, GcTracker, PassRecord, Verdict};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The command line of `perry soak`.
#[derive(Parser, Clone, Debug)]
#[command(
    name = "perry soak",
    about = "Drive one warm HTTP server through N passes of concurrent requests and check that its memory and pauses stay flat",
    long_about = None,
    after_help = "Exit status: 0 when every check passes, 1 when one fails (a failed request, a slope above its bound, \
                  box cells or proxies live at the end that were not at the end of the warm-up, an interrupted run), \
                  2 when the soak could not run (bad arguments, the server did not start, a report could not be written)."
)]
pub struct SoakArgs {
    /// The server's base URL, e.g. http://127.0.0.1:3000 (requests go to BASE/api/echo).
    pub url: String,
    /// Passes to run.
    #[arg(long, default_value_t = 100)]
    pub passes: u32,
    /// Concurrent GETs per pass (/api/echo?id=request-K&iterations=K+1).
    #[arg(long, default_value_t = 20)]
    pub gets: u32,
    /// POSTs per pass (/api/echo?id=post-request&iterations=31, body perry-request-body).
    #[arg(long, default_value_t = 1)]
    pub posts: u32,
    /// Reuse pooled connections (default: a new connection per request, with `connection: close`).
    #[arg(long)]
    pub keep_alive: bool,
    /// Time limit of each request, from sending it to the end of its body.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    pub timeout: Duration,
    /// Start the server with this command (split as a shell would, PERRY_GC_DIAG=1 added), measure its RSS and
    /// parse its diagnostics; it must listen on the URL's port. Stopped with SIGTERM (then SIGKILL) at the end.
    #[arg(long, value_name = "CMD ARGS", conflicts_with = "pid")]
    pub spawn: Option<String>,
    /// Measure the RSS of a server started elsewhere.
    #[arg(long)]
    pub pid: Option<u32>,
    /// How long a --spawn server may take to accept connections.
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    pub startup_timeout: Duration,
    /// How long a --spawn server has to exit after SIGTERM before SIGKILL.
    #[arg(long, default_value = "5s", value_parser = humantime::parse_duration)]
    pub grace: Duration,
    /// Passes before the slopes are measured and the live counts taken as the baseline.
    #[arg(long, default_value_t = 20)]
    pub warmup: u32,
    /// Largest RSS growth accepted after the warm-up, in bytes per request.
    #[arg(long, default_value_t = 1024.0)]
    pub max_rss_slope: f64,
    /// Largest post_in_use growth accepted after the warm-up, in bytes per request.
    #[arg(long, default_value_t = 256.0)]
    pub max_heap_slope: f64,
    /// Make the pause and cadence lines checks: the pause p99 over the last 50 passes at most 1.5 times that over
    /// the first 50 after the warm-up, and collections per pass not growing.
    #[arg(long)]
    pub check_pauses: bool,
    /// Wait after each pass before reading the server's RSS and diagnostics: the lines it printed while answering
    /// count in the pass, and an idle server settles (Perry collects and gives memory back after 50 ms idle).
    #[arg(long, default_value = "100ms", value_parser = humantime::parse_duration)]
    pub settle: Duration,
    /// Do not check responses against the echo contract: any 2xx is a success.
    #[arg(long)]
    pub no_contract: bool,
    /// Make every request new: its id ends in `-uN` (N numbers the soak's requests), it sends the cookie `uN=N`,
    /// and a POST sends the JSON body `{"item_uN":{"score":N}}`, so that what a server keys by request data is
    /// never seen twice (a retention check for names made at run time).
    #[arg(long)]
    pub unique: bool,
    /// Write one row per pass to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write a standalone HTML page with SVG charts to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Forward the spawned server's stdout and stderr.
    #[arg(short, long)]
    pub verbose: bool,
}

/// What a soak produced.
pub struct Run {
    pub passes: Vec<PassRecord>,
    /// The failures, in order (the first 10,000; the passes count them all).
    pub failures: Vec<FailureRecord>,
    pub verdict: Verdict,
    /// The header lines: what was run, against what.
    pub about: Vec<String>,
    /// Failures counted by what broke (`checksum`, `timeout`, ...).
    pub failure_kinds: BTreeMap<&'static str, u64>,
    /// The server's `[gc-summary]` line and how it exited, when spawned.
    pub server_lines: Vec<String>,
}

impl Run {
    pub fn passed(&self) -> bool {
        self.verdict.passed()
    }

    /// The summary printed at the end.
    pub fn summary(&self, warmup: u32) -> String {
        let mut s = String::new();
        for line in &self.about {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(s);
        s.push_str(&report::table(&self.passes, warmup));
        if self.passes.len() > 25 {
            let _ = writeln!(s, "(selected passes: the first, the end of the warm-up, round ones, failed ones, the last; --csv FILE has every one)");
        }
        let _ = writeln!(s);
        if self.failures.is_empty() {
            let _ = writeln!(s, "Failures: none");
        } else {
            let kinds: Vec<String> = self.failure_kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let total: u64 = self.passes.iter().map(|p| u64::from(p.failures)).sum();
            let _ = writeln!(s, "Failures: {total} ({})", kinds.join(", "));
            for f in self.failures.iter().take(10) {
                let _ = writeln!(s, "  {f}");
            }
            if total > 10 {
                let _ = writeln!(s, "  ... and {} more", total - 10);
            }
        }
        for line in &self.server_lines {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(s, "\nVerdict:");
        for c in &self.verdict.checks {
            let _ = writeln!(s, "  {:<4}  {:<24}  {}", c.status.label(), c.name, c.figure);
        }
        for line in &self.verdict.info {
            let _ = writeln!(s, "  info  {line}");
        }
        let _ = writeln!(s, "\nResult: {}", if self.passed() { "PASS" } else { "FAIL" });
        s
    }
}

/// Live failure lines printed while running, at most.
const LIVE_FAILURES: usize = 20;
/// Failures kept for the report, at most (every one is counted).
const STORED_FAILURES: usize = 10_000;

/// Where a line goes while the progress bar is drawn.
fn printer(pb: &ProgressBar) -> server::Forward {
    let pb = pb.clone();
    Arc::new(move |line: &str| {
        if pb.is_hidden() {
            eprintln!("{line}");
        } else {
            pb.println(line);
        }
    })
}

/// The measured process.
enum Target {
    None,
    Pid(u32),
    Spawned(server::Server),
}

/// Runs the soak. `Err` when it could not run at all.
pub fn soak(args: &SoakArgs) -> Result<Run, String> {
    if args.passes == 0 {
        return Err("--passes must be at least 1".into());
    }
    if u64::from(args.gets) + u64::from(args.posts) == 0 {
        return Err("--gets and --posts are both 0: a pass would send nothing".into());
    }
    if args.timeout.is_zero() {
        return Err("--timeout must be above zero".into());
    }
    let base = client::Base::parse(&args.url)?;
    let plan = contract::plan(args.gets, args.posts);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().map_err(|e| format!("cannot start the tokio runtime: {e}"))?;
    let _guard = rt.enter();
    let signals = [tokio::signal::unix::SignalKind::interrupt(), tokio::signal::unix::SignalKind::terminate()].map(tokio::signal::unix::signal);
    let [Ok(mut sigint), Ok(mut sigterm)] = signals else { return Err("cannot install the signal handlers".into()) };

    let pb = ProgressBar::new(u64::from(args.passes));
    pb.set_style(
        ProgressStyle::with_template("{spinner} pass {pos}/{len} [{bar:30}] {elapsed_precise} {msg}").expect("a valid template").progress_chars("=> "),
    );
    let say = printer(&pb);

    let mut target = match (&args.spawn, args.pid) {
        (Some(cmd), _) => Target::Spawned(server::Server::spawn(cmd, &base.host, base.port, args.startup_timeout, args.verbose.then(|| say.clone()))?),
        (None, Some(pid)) => {
            if server::rss(pid).is_none() {
                return Err(format!("--pid {pid}: no such process (or /proc/{pid}/status is unreadable)"));
            }
            Target::Pid(pid)
        }
        (None, None) => Target::None,
    };

    let mut about = vec![
        format!(
            "perry soak {}: {} passes x {} requests ({} GET + {} POST), {}{}, timeout {}",
            args.url,
            args.passes,
            plan.len(),
            args.gets,
            args.posts,
            if args.keep_alive { "keep-alive connections" } else { "a fresh connection per request" },
            if args.unique { ", every request unique (--unique)" } else { "" },
            humantime::format_duration(args.timeout)
        ),
        match &target {
            Target::None => "server: not measured (client side only; --spawn or --pid measure it)".to_string(),
            Target::Pid(pid) => format!("server: pid {pid} (--pid: RSS only)"),
            Target::Spawned(s) => {
                format!("server: pid {} started with {:?} (PERRY_GC_DIAG=1)", s.pid(), args.spawn.as_deref().unwrap_or(""))
            }
        },
        format!(
            "checks: {}; warm-up {} pass{}; bounds: RSS {} and post_in_use {} bytes/request",
            if args.no_contract { "any 2xx (--no-contract)" } else { "the echo contract" },
            args.warmup,
            if args.warmup == 1 { "" } else { "es" },
            args.max_rss_slope,
            args.max_heap_slope
        ),
    ];

    let client = client::Client::new(base, args.keep_alive, args.timeout, !args.no_contract);
    let mut tracker = GcTracker::default();
    if let Target::Spawned(s) = &target {
        // What the server did while starting belongs to no pass, but its last
        // figures are where the first pass starts from.
        tracker.pass(&s.take_events());
    }
    let mut passes: Vec<PassRecord> = Vec::with_capacity(args.passes.min(100_000) as usize);
    let mut failures: Vec<FailureRecord> = Vec::new();
    let mut failure_kinds: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut ending =
        Ending { planned_passes: args.passes, server: !matches!(target, Target::None), diag: matches!(target, Target::Spawned(_)), ..Default::default() };
    let mut cumulative = 0u64;
    let mut failed_total = 0u64;
    let started = Instant::now();

    for pass in 1..=args.passes {
        let t0 = Instant::now();
        let fresh;
        let this = if args.unique {
            fresh = contract::unique(&plan, pass);
            &fresh
        } else {
            &plan
        };
        let outcomes = rt.block_on(async {
            tokio::select! {
                o = client.pass(this) => Some(o),
                _ = sigint.recv() => None,
                _ = sigterm.recv() => None,
            }
        });
        let Some(outcomes) = outcomes else {
            ending.interrupted = true;
            break;
        };
        let elapsed = t0.elapsed();
        let mut rec = PassRecord { pass, requests: outcomes.len() as u32, elapsed_us: elapsed.as_micros() as u64, ..Default::default() };
        cumulative += u64::from(rec.requests);
        rec.cumulative_requests = cumulative;
        let latencies: Vec<u64> = outcomes.iter().map(|o| o.latency.as_micros() as u64).collect();
        rec.latency_p50_us = stats::percentile(&latencies, 50.0);
        rec.latency_p99_us = stats::percentile(&latencies, 99.0);
        for o in &outcomes {
            let Err(f) = &o.result else { continue };
            rec.failures += 1;
            if matches!(f, client::Failure::Timeout(_)) {
                rec.timeouts += 1;
            }
            for k in f.keys() {
                *failure_kinds.entry(k).or_default() += 1;
            }
            failed_total += 1;
            let record = FailureRecord { pass, id: o.spec.id.clone(), method: o.spec.method.as_str(), what: f.to_string() };
            if failures.len() < LIVE_FAILURES {
                say(&format!("FAIL {record}"));
            } else if failures.len() == LIVE_FAILURES {
                say("(further failures are counted in the summary)");
            }
            if failures.len() < STORED_FAILURES {
                failures.push(record);
            }
        }
        match &mut target {
            Target::None => {}
            Target::Pid(pid) => {
                std::thread::sleep(args.settle);
                rec.rss = server::rss(*pid);
                if rec.rss.is_none() {
                    ending.server_gone = Some(format!("process {pid} is gone after pass {pass}"));
                }
            }
            Target::Spawned(s) => {
                std::thread::sleep(args.settle);
                rec.rss = server::rss(s.pid());
                let gc = tracker.pass(&s.take_events());
                rec.post_in_use = gc.post_in_use;
                rec.minor = gc.minor;
                rec.full = gc.full;
                rec.minor_pauses_us = gc.minor_pauses_us;
                rec.full_pauses_us = gc.full_pauses_us;
                rec.minor_pauses_cpu_us = gc.minor_pauses_cpu_us;
                rec.full_pauses_cpu_us = gc.full_pauses_cpu_us;
                rec.box_cells_live = gc.box_cells_live;
                rec.proxies_live = gc.proxies_live;
                if let Some(status) = s.exited() {
                    ending.server_gone = Some(format!("the server exited ({status}) during pass {pass}{}", s.tail_text()));
                }
            }
        }
        pb.set_message(format!(
            "rss {} MB, heap {} MB, {} failed",
            rec.rss.map_or("-".into(), |b| format!("{:.1}", b as f64 / 1e6)),
            rec.post_in_use.map_or("-".into(), |b| format!("{:.1}", b as f64 / 1e6)),
            failed_total
        ));
        pb.inc(1);
        passes.push(rec);
        if ending.server_gone.is_some() {
            break;
        }
    }
    pb.finish_and_clear();
    let total = started.elapsed();
    // Close pooled keep-alive connections first: a server that finishes its
    // connections before exiting would otherwise wait for them.
    drop(client);

    let mut server_lines = Vec::new();
    if let Target::Spawned(s) = &mut target {
        let status = s.stop(args.grace);
        tracker.pass(&s.take_events());
        if let Some(summary) = &tracker.summary {
            let fields: Vec<String> = summary.fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
            server_lines.push(format!("Server [gc-summary] {}", fields.join(" ")));
        }
        if ending.server_gone.is_none()
            && let Some(status) = status
        {
            server_lines.push(format!("Server stopped: {status}"));
        }
        if !tracker.seen {
            server_lines.push("Server printed no diagnostic lines (a Perry server prints them with PERRY_GC_DIAG=1)".into());
        }
    }
    let requests: u64 = passes.iter().map(|p| u64::from(p.requests)).sum();
    about.push(format!("client: {requests} requests in {:.1} s ({:.0} requests/s)", total.as_secs_f64(), requests as f64 / total.as_secs_f64().max(1e-9)));

    let bounds = Bounds { max_rss_slope: args.max_rss_slope, max_heap_slope: args.max_heap_slope, check_pauses: args.check_pauses };
    let verdict = report::verdict(&passes, &failures, args.warmup, bounds, &ending);
    Ok(Run { passes, failures, verdict, about, failure_kinds, server_lines })
}

/// Writes the `--csv` and `--html` files of `run`.
pub fn write_reports(args: &SoakArgs, run: &Run) -> Result<(), String> {
    if let Some(path) = &args.csv {
        std::fs::write(path, report::csv(&run.passes)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &args.html {
        let title = format!("perry soak {}", args.url);
        let page = html::page(&html::Page {
            title: &title,
            about: &run.about,
            verdict: &run.verdict,
            failures: &run.failures,
            passes: &run.passes,
            warmup: args.warmup,
        });
        std::fs::write(path, page).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// `perry soak`: runs, prints the summary on stdout, writes the reports, and
/// returns the exit status (0 pass, 1 fail, 2 could not run).
pub fn main(args: &SoakArgs) -> u8 {
    let run = match soak(args) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("perry soak: {e}");
            return 2;
        }
    };
    print!("{}", run.summary(args.warmup));
    if let Err(e) = write_reports(args, &run) {
        eprintln!("perry soak: {e}");
        return 2;
    }
    if run.passed() { 0 } else { 1 }
}
