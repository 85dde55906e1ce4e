//! Per-pass records, the verdict, and the text and CSV reports.

use crate::diag::{DiagLine, Event, GcKind};
use crate::stats::{least_squares, percentile};
use std::fmt::Write as _;

/// What one pass measured. Server-side figures are `None` when not measured
/// (no `--spawn`/`--pid`, or the server printed no such diagnostic yet).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassRecord {
    /// 1-based.
    pub pass: u32,
    pub requests: u32,
    /// Requests sent by the end of this pass, in all passes.
    pub cumulative_requests: u64,
    pub failures: u32,
    pub timeouts: u32,
    pub latency_p50_us: Option<u64>,
    pub latency_p99_us: Option<u64>,
    /// Wall time of the pass (the requests; not the settle time after it).
    pub elapsed_us: u64,
    /// The server's resident set at the end of the pass.
    pub rss: Option<u64>,
    /// `post_in_use` of the last collection so far.
    pub post_in_use: Option<u64>,
    /// Collections during the pass.
    pub minor: u32,
    pub full: u32,
    /// `pause_us` of every minor collection during the pass.
    pub minor_pauses_us: Vec<u64>,
    /// `pause_us` of every full collection during the pass.
    pub full_pauses_us: Vec<u64>,
    /// `pause_cpu_us` of the minor and the full collections that printed it.
    pub minor_pauses_cpu_us: Vec<u64>,
    pub full_pauses_cpu_us: Vec<u64>,
    /// Box cells live at the end of the pass (see [`GcTracker`]).
    pub box_cells_live: Option<u64>,
    pub proxies_live: Option<u64>,
}

impl PassRecord {
    pub fn minor_pause_max_us(&self) -> Option<u64> {
        self.minor_pauses_us.iter().copied().max()
    }

    pub fn minor_pause_p99_us(&self) -> Option<u64> {
        percentile(&self.minor_pauses_us, 99.0)
    }

    pub fn full_pause_p99_us(&self) -> Option<u64> {
        percentile(&self.full_pauses_us, 99.0)
    }

    pub fn minor_pause_cpu_p99_us(&self) -> Option<u64> {
        percentile(&self.minor_pauses_cpu_us, 99.0)
    }

    pub fn collections(&self) -> u32 {
        self.minor + self.full
    }
}

/// A failed request (or the server going away), for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailureRecord {
    pub pass: u32,
    /// The request id, or `(server)`.
    pub id: String,
    pub method: &'static str,
    pub what: String,
}

impl std::fmt::Display for FailureRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "pass {}: {} {}: {}", self.pass, self.method, self.id, self.what)
    }
}

/// The collector figures of one pass, from its diagnostic events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GcPass {
    pub minor: u32,
    pub full: u32,
    pub minor_pauses_us: Vec<u64>,
    pub full_pauses_us: Vec<u64>,
    pub minor_pauses_cpu_us: Vec<u64>,
    pub full_pauses_cpu_us: Vec<u64>,
    pub post_in_use: Option<u64>,
    pub box_cells_live: Option<u64>,
    pub proxies_live: Option<u64>,
}

/// Folds the diagnostic events pass by pass, carrying the last known values
/// forward across passes in which the server printed none.
///
/// `box_cells_live` at the end of a pass is the `live` of the pass's last
/// `[box-stats]` line (printed at event-loop quiescence, between requests),
/// else the `box_cells_live` of its last `[gc-step]` (which counts the
/// activations of requests in flight too), else the previous pass's value.
/// `proxies_live` is the last of `[gc-step] proxies_live` and
/// `[proxy-stats] live`.
#[derive(Clone, Debug, Default)]
pub struct GcTracker {
    post_in_use: Option<u64>,
    box_cells_live: Option<u64>,
    proxies_live: Option<u64>,
    /// The last `[gc-summary]` line (printed by a Perry server at exit).
    pub summary: Option<DiagLine>,
    /// Whether any diagnostic line was seen.
    pub seen: bool,
}

impl GcTracker {
    pub fn pass(&mut self, events: &[Event]) -> GcPass {
        let mut p = GcPass::default();
        let (mut box_quiescent, mut box_step) = (None, None);
        for e in events {
            self.seen = true;
            match e {
                Event::GcStep(s) => {
                    match s.kind {
                        Some(GcKind::Minor) => {
                            p.minor += 1;
                            p.minor_pauses_us.extend(s.pause_us);
                            p.minor_pauses_cpu_us.extend(s.pause_cpu_us);
                        }
                        Some(GcKind::Full) => {
                            p.full += 1;
                            p.full_pauses_us.extend(s.pause_us);
                            p.full_pauses_cpu_us.extend(s.pause_cpu_us);
                        }
                        None => {}
                    }
                    if s.post_in_use.is_some() {
                        self.post_in_use = s.post_in_use;
                    }
                    if s.box_cells_live.is_some() {
                        box_step = s.box_cells_live;
                    }
                    if s.proxies_live.is_some() {
                        self.proxies_live = s.proxies_live;
                    }
                }
                Event::BoxStats(b) => {
                    if b.live.is_some() {
                        box_quiescent = b.live;
                    }
                }
                Event::ProxyStats(s) => {
                    if s.live.is_some() {
                        self.proxies_live = s.live;
                    }
                }
                Event::Other(d) if d.tag == "gc-summary" => self.summary = Some(d.clone()),
                Event::Other(_) => {}
            }
        }
        if let Some(b) = box_quiescent.or(box_step) {
            self.box_cells_live = Some(b);
        }
        p.post_in_use = self.post_in_use;
        p.box_cells_live = self.box_cells_live;
        p.proxies_live = self.proxies_live;
        p
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Pass,
    Fail,
    /// Not measured: the reason is in the figure.
    NotMeasured,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::Pass => "PASS",
            Status::Fail => "FAIL",
            Status::NotMeasured => "n/a",
        }
    }
}

/// One line of the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub name: &'static str,
    pub status: Status,
    pub figure: String,
}

/// The bounds of the verdict.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Bytes per request.
    pub max_rss_slope: f64,
    pub max_heap_slope: f64,
    /// Make the pause and cadence lines checks (`--check-pauses`): the
    /// pause p99 of the last 50 passes at most [`PAUSE_GROWTH`] times that
    /// of the first 50 after the warm-up, and collections per pass not
    /// growing.
    pub check_pauses: bool,
}

/// The bound of the late/early pause p99 ratio.
pub const PAUSE_GROWTH: f64 = 1.5;

/// How the run ended, beyond its passes.
#[derive(Clone, Debug, Default)]
pub struct Ending {
    pub planned_passes: u32,
    /// Set when the run stopped early (Ctrl-C).
    pub interrupted: bool,
    /// Set when the measured server went away: what happened.
    pub server_gone: Option<String>,
    /// Whether a server was measured (`--spawn` or `--pid`).
    pub server: bool,
    /// Whether its diagnostics were read (`--spawn`).
    pub diag: bool,
}

/// The checks and the informative lines.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub checks: Vec<Check>,
    pub info: Vec<String>,
}

impl Verdict {
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Fail)
    }
}

/// The passes after the warm-up, and a description of their range.
fn after_warmup(passes: &[PassRecord], warmup: u32) -> &[PassRecord] {
    let skip = (warmup as usize).min(passes.len());
    &passes[skip..]
}

fn range_text(passes: &[PassRecord]) -> String {
    match passes {
        [] => "no passes".into(),
        [p] => format!("pass {}", p.pass),
        [a, .., b] => format!("passes {}-{}", a.pass, b.pass),
    }
}

/// The least-squares slope of `y` against cumulative requests, in bytes per
/// request, over `passes` (those with a value).
pub fn slope_per_request(passes: &[PassRecord], y: impl Fn(&PassRecord) -> Option<u64>) -> Option<f64> {
    let pts: Vec<(f64, f64)> = passes.iter().filter_map(|p| Some((p.cumulative_requests as f64, y(p)? as f64))).collect();
    least_squares(&pts).map(|l| l.slope)
}

/// The verdict over `passes` (see README.md, `perry soak`).
pub fn verdict(passes: &[PassRecord], failures: &[FailureRecord], warmup: u32, bounds: Bounds, ending: &Ending) -> Verdict {
    let mut checks = Vec::new();
    let mut info = Vec::new();
    let requests: u64 = passes.iter().map(|p| u64::from(p.requests)).sum();
    let failed: u64 = passes.iter().map(|p| u64::from(p.failures)).sum();
    let timeouts: u64 = passes.iter().map(|p| u64::from(p.timeouts)).sum();

    // Every planned pass ran.
    let done = passes.len() as u32;
    checks.push(if ending.interrupted {
        Check { name: "passes", status: Status::Fail, figure: format!("interrupted after {done} of {}", ending.planned_passes) }
    } else if let Some(gone) = &ending.server_gone {
        Check { name: "passes", status: Status::Fail, figure: format!("{gone}; stopped after {done} of {}", ending.planned_passes) }
    } else {
        Check { name: "passes", status: Status::Pass, figure: format!("{done} of {}", ending.planned_passes) }
    });

    // Every request succeeded.
    let mut figure = format!("{failed} of {requests} failed ({timeouts} timed out)");
    if let Some(first) = failures.iter().find(|f| f.id != "(server)") {
        let _ = write!(figure, "; first: {first}");
    }
    checks.push(Check { name: "requests", status: if failed == 0 { Status::Pass } else { Status::Fail }, figure });

    let warm = after_warmup(passes, warmup);
    let range = range_text(warm);
    let slope_check = |name: &'static str, bound: f64, y: &dyn Fn(&PassRecord) -> Option<u64>, missing: &str| {
        if warm.len() < 2 {
            return Check { name, status: Status::NotMeasured, figure: format!("needs 2 passes after the {warmup}-pass warm-up, ran {}", passes.len()) };
        }
        match slope_per_request(warm, y) {
            None => Check { name, status: Status::NotMeasured, figure: missing.to_string() },
            Some(s) => Check {
                name,
                status: if s <= bound { Status::Pass } else { Status::Fail },
                figure: format!("{s:.1} bytes/request over {range} (bound {bound})"),
            },
        }
    };
    let no_server = "no server measured (use --spawn or --pid)";
    let no_diag = if ending.diag {
        "the server printed no such diagnostic (a Perry server prints them with PERRY_GC_DIAG=1)"
    } else if ending.server {
        "not measured: diagnostics are read from a server started with --spawn"
    } else {
        no_server
    };
    checks.push(slope_check("RSS slope", bounds.max_rss_slope, &|p| p.rss, if ending.server { "no RSS readings" } else { no_server }));
    checks.push(slope_check("heap slope (post_in_use)", bounds.max_heap_slope, &|p| p.post_in_use, no_diag));

    // Live box cells and proxies do not grow after the warm-up: at the end
    // of no pass after it above their count at its end.
    let end_of_warmup = if warmup == 0 { passes.first() } else { passes.get(warmup as usize - 1) };
    let growth_check = |name: &'static str, y: &dyn Fn(&PassRecord) -> Option<u64>| {
        if warm.is_empty() {
            return Check { name, status: Status::NotMeasured, figure: format!("needs a pass after the {warmup}-pass warm-up, ran {}", passes.len()) };
        }
        let (Some(base), Some(last)) = (end_of_warmup, passes.last()) else {
            return Check { name, status: Status::NotMeasured, figure: "no passes".into() };
        };
        let (Some(b), Some(l)) = (y(base), y(last)) else { return Check { name, status: Status::NotMeasured, figure: no_diag.to_string() } };
        let above: Vec<&PassRecord> = warm.iter().filter(|p| y(p).is_some_and(|v| v > b)).collect();
        let mut figure = format!("{l} at the end of pass {}, {b} at the end of warm-up (pass {})", last.pass, base.pass);
        match above.as_slice() {
            [] => {
                let lo = warm.iter().filter_map(y).min().unwrap_or(l);
                let _ = write!(figure, "; {lo}-{b} at the end of every pass after it");
            }
            [first, ..] => {
                let max = above.iter().filter_map(|p| y(p)).max().unwrap_or(0);
                let _ = write!(
                    figure,
                    "; above it after {} of {} passes (first pass {}: {}; max {max})",
                    above.len(),
                    warm.len(),
                    first.pass,
                    y(first).unwrap_or(0)
                );
            }
        }
        Check { name, status: if above.is_empty() { Status::Pass } else { Status::Fail }, figure }
    };
    checks.push(growth_check("box_cells_live", &|p| p.box_cells_live));
    checks.push(growth_check("proxies_live", &|p| p.proxies_live));

    // Pauses late against early, and the collection cadence: informative
    // lines, or checks under --check-pauses. Minor pauses when both windows
    // have minor collections; else every collection's (a server whose
    // collections are all full ones, e.g. at idle). Growth is judged on the
    // collector's CPU time per pause when the server prints it for every
    // collection of both windows: a pause's wall time also counts time the
    // CPU was taken from the process (on a shared 2-core VM, measured: 4-21
    // ms pauses with 0.2-0.3 ms of CPU and no preemption the guest saw),
    // which is not the collector's work growing. The wall-clock p99s are
    // printed beside it.
    let window = 50usize;
    let early = &warm[..warm.len().min(window)];
    let late = &passes[passes.len().saturating_sub(window)..];
    let pauses = |ps: &[PassRecord], with_full: bool, cpu: bool| -> Vec<u64> {
        let mut v = Vec::new();
        for p in ps {
            v.extend(if cpu { &p.minor_pauses_cpu_us } else { &p.minor_pauses_us });
            if with_full {
                v.extend(if cpu { &p.full_pauses_cpu_us } else { &p.full_pauses_us });
            }
        }
        v
    };
    let with_full = pauses(late, false, false).is_empty() || pauses(early, false, false).is_empty();
    let cpu = [late, early].iter().all(|w| {
        let n = pauses(w, with_full, true).len();
        n > 0 && n == pauses(w, with_full, false).len()
    });
    let p99 = |w: &[PassRecord], cpu: bool| percentile(&pauses(w, with_full, cpu), 99.0);
    let which = match (with_full, cpu) {
        (false, false) => "minor pause p99",
        (false, true) => "minor pause CPU p99",
        (true, false) => "pause p99 (all collections: no minor ones in a window)",
        (true, true) => "pause CPU p99 (all collections: no minor ones in a window)",
    };
    let (l, e) = (p99(late, cpu), p99(early, cpu));
    let (pause_status, pause_figure) = match (l, e) {
        (Some(l), Some(e)) if !warm.is_empty() => {
            let ratio = l as f64 / (e.max(1)) as f64;
            let ok = ratio <= PAUSE_GROWTH;
            let mut figure = format!(
                "{} over {} vs {} over {}: ratio {ratio:.2} ({} the bar of {PAUSE_GROWTH})",
                us(l),
                range_text(late),
                us(e),
                range_text(early),
                if ok { "within" } else { "above" }
            );
            if let (true, Some(wl), Some(we)) = (cpu, p99(late, false), p99(early, false)) {
                let _ = write!(figure, "; wall-clock p99 {} vs {}", us(wl), us(we));
            }
            (if ok { Status::Pass } else { Status::Fail }, figure)
        }
        _ => (Status::NotMeasured, format!("n/a (no collections {})", if ending.diag { "in one of the windows" } else { "measured: no --spawn" })),
    };
    let cadence: Vec<(f64, f64)> = warm.iter().map(|p| (f64::from(p.pass), f64::from(p.collections()))).collect();
    let (cadence_status, cadence_figure) = match (least_squares(&cadence), warm.first(), warm.last()) {
        (Some(line), Some(first), Some(last)) if ending.diag => {
            let (a, b) = (line.at(f64::from(first.pass)), line.at(f64::from(last.pass)));
            let growing = b > 1.5 * a.max(1.0);
            (
                if growing { Status::Fail } else { Status::Pass },
                format!("fitted {a:.2} -> {b:.2} over {range} (slope {:+.4}/pass): {}", line.slope, if growing { "growing" } else { "not growing" }),
            )
        }
        _ => (Status::NotMeasured, format!("n/a ({})", if ending.diag { "needs 2 passes after the warm-up" } else { "diagnostics are read with --spawn" })),
    };
    if bounds.check_pauses {
        checks.push(Check { name: "pause p99 growth", status: pause_status, figure: format!("{which}: {pause_figure}") });
        checks.push(Check { name: "collections per pass", status: cadence_status, figure: cadence_figure });
    } else {
        info.push(format!("{which}: {pause_figure}"));
        info.push(format!("collections per pass: {cadence_figure}"));
    }
    Verdict { checks, info }
}

/// Microseconds as text, in ms above 1000.
pub fn us(v: u64) -> String {
    if v >= 1000 { format!("{:.2} ms", v as f64 / 1000.0) } else { format!("{v} us") }
}

fn mb(v: Option<u64>) -> String {
    v.map_or("-".into(), |b| format!("{:.1}", b as f64 / 1e6))
}

fn ms(v: Option<u64>) -> String {
    v.map_or("-".into(), |u| format!("{:.2}", u as f64 / 1000.0))
}

fn num(v: Option<u64>) -> String {
    v.map_or("-".into(), |n| n.to_string())
}

/// The passes shown in the text table: all of them up to 25, else the
/// first, the end of the warm-up, every multiple of a round step (about 20
/// rows), the passes with a failure (up to 10 more), and the last.
pub fn table_rows(passes: &[PassRecord], warmup: u32) -> Vec<usize> {
    let n = passes.len();
    if n <= 25 {
        return (0..n).collect();
    }
    let mut rows: Vec<usize> = vec![0, n - 1];
    if (warmup as usize) >= 1 && (warmup as usize) <= n {
        rows.push(warmup as usize - 1);
    }
    let step = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].into_iter().find(|s| n / s <= 20).unwrap_or(n.div_ceil(20));
    rows.extend((step - 1..n).step_by(step));
    rows.extend(passes.iter().enumerate().filter(|(_, p)| p.failures > 0).map(|(i, _)| i).take(10));
    rows.sort_unstable();
    rows.dedup();
    rows
}

/// The per-pass table as text.
pub fn table(passes: &[PassRecord], warmup: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:>5} {:>5} {:>5} {:>4} {:>8} {:>8} {:>8} {:>8} {:>6} {:>5} {:>10} {:>9} {:>8}",
        "pass", "reqs", "fail", "t/o", "p50 ms", "p99 ms", "RSS MB", "heap MB", "minor", "full", "minor max", "box_live", "proxies"
    );
    for i in table_rows(passes, warmup) {
        let p = &passes[i];
        let _ = writeln!(
            s,
            "{:>5} {:>5} {:>5} {:>4} {:>8} {:>8} {:>8} {:>8} {:>6} {:>5} {:>10} {:>9} {:>8}",
            p.pass,
            p.requests,
            p.failures,
            p.timeouts,
            ms(p.latency_p50_us),
            ms(p.latency_p99_us),
            mb(p.rss),
            mb(p.post_in_use),
            p.minor,
            p.full,
            ms(p.minor_pause_max_us()),
            num(p.box_cells_live),
            num(p.proxies_live),
        );
    }
    s
}

/// The CSV header; one row per pass follows ([`csv_row`]). Bytes and
/// microseconds are integers; an unmeasured figure is an empty field.
pub const CSV_HEADER: &str = "pass,requests,cumulative_requests,failures,timeouts,latency_p50_us,latency_p99_us,elapsed_us,rss_bytes,post_in_use,minor,full,minor_pause_max_us,minor_pause_p99_us,box_cells_live,proxies_live,full_pause_p99_us,minor_pause_cpu_p99_us";

pub fn csv_row(p: &PassRecord) -> String {
    let o = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        p.pass,
        p.requests,
        p.cumulative_requests,
        p.failures,
        p.timeouts,
        o(p.latency_p50_us),
        o(p.latency_p99_us),
        p.elapsed_us,
        o(p.rss),
        o(p.post_in_use),
        p.minor,
        p.full,
        o(p.minor_pause_max_us()),
        o(p.minor_pause_p99_us()),
        o(p.box_cells_live),
        o(p.proxies_live),
        o(p.full_pause_p99_us()),
        o(p.minor_pause_cpu_p99_us()),
    )
}

pub fn csv(passes: &[PassRecord]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for p in passes {
        s.push_str(&csv_row(p));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Event;

    fn ev(line: &str) -> Event {
        Event::parse(line).unwrap()
    }

    #[test]
    fn tracker_folds_and_carries() {
        let mut t = GcTracker::default();
        let p = t.pass(&[
            ev("[gc-step] n=1 kind=minor post_in_use=100 pause_us=30 box_cells_live=40 proxies_live=2"),
            ev("[gc-step] n=2 kind=minor post_in_use=120 pause_us=10 box_cells_live=44 proxies_live=2"),
            ev("[gc-step] n=3 kind=full post_in_use=90 pause_us=900 box_cells_live=41 proxies_live=2"),
            ev("[proxy-stats] live=1 freed=1 freed_total=1 created_total=2 slots=2"),
        ]);
        assert_eq!(
            p,
            GcPass {
                minor: 2,
                full: 1,
                minor_pauses_us: vec![30, 10],
                full_pauses_us: vec![900],
                minor_pauses_cpu_us: vec![],
                full_pauses_cpu_us: vec![],
                post_in_use: Some(90),
                box_cells_live: Some(41),
                proxies_live: Some(1)
            }
        );
        // A quiescent [box-stats] wins over a later [gc-step] in the same pass.
        let p = t.pass(&[
            ev("[box-stats] allocs=9 releases=9 pool_reuses=0 live=0 pooled=9 slabs=1 activations=0"),
            ev("[gc-step] n=4 kind=minor post_in_use=95 pause_us=12 box_cells_live=21 proxies_live=1"),
        ]);
        assert_eq!((p.box_cells_live, p.post_in_use, p.minor), (Some(0), Some(95), 1));
        // A pass without diagnostics carries the values forward.
        let p = t.pass(&[]);
        assert_eq!((p.minor, p.full, p.post_in_use, p.box_cells_live, p.proxies_live), (0, 0, Some(95), Some(0), Some(1)));
        assert!(t.summary.is_none());
        t.pass(&[ev("[gc-summary] collections=5 full=1 minor=4")]);
        assert_eq!(t.summary.as_ref().unwrap().u64("minor"), Some(4));
    }

    /// `n` passes of 21 requests with RSS = 100 MB + `leak` bytes per request.
    fn passes(n: u32, leak: u64) -> Vec<PassRecord> {
        (1..=n)
            .map(|pass| {
                let cumulative = u64::from(pass) * 21;
                PassRecord {
                    pass,
                    requests: 21,
                    cumulative_requests: cumulative,
                    rss: Some(100_000_000 + leak * cumulative),
                    post_in_use: Some(5_000_000),
                    minor: 2,
                    minor_pauses_us: vec![100, 200],
                    box_cells_live: Some(0),
                    proxies_live: Some(0),
                    ..Default::default()
                }
            })
            .collect()
    }

    const BOUNDS: Bounds = Bounds { max_rss_slope: 1024.0, max_heap_slope: 256.0, check_pauses: false };

    fn ending(n: u32) -> Ending {
        Ending { planned_passes: n, server: true, diag: true, ..Default::default() }
    }

    fn check<'a>(v: &'a Verdict, name: &str) -> &'a Check {
        v.checks.iter().find(|c| c.name == name).unwrap()
    }

    #[test]
    fn flat_run_passes() {
        let ps = passes(100, 0);
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(100));
        assert!(v.passed(), "{v:?}");
        assert_eq!(check(&v, "RSS slope").figure, "0.0 bytes/request over passes 21-100 (bound 1024)");
        assert_eq!(check(&v, "box_cells_live").figure, "0 at the end of pass 100, 0 at the end of warm-up (pass 20); 0-0 at the end of every pass after it");
        assert_eq!(check(&v, "requests").figure, "0 of 2100 failed (0 timed out)");
        assert!(v.info[0].starts_with("minor pause p99: ") && v.info[0].contains("ratio 1.00 (within the bar of 1.5)"), "{:?}", v.info);
        assert!(v.info[1].ends_with("not growing"), "{:?}", v.info);
    }

    #[test]
    fn leaks_and_failures_fail() {
        let mut ps = passes(100, 2000);
        ps[99].box_cells_live = Some(5);
        ps[60].failures = 1;
        ps[60].timeouts = 1;
        let failures = [FailureRecord { pass: 61, id: "request-3".into(), method: "GET", what: "timed out after 10s".into() }];
        let v = verdict(&ps, &failures, 20, BOUNDS, &ending(100));
        assert!(!v.passed());
        assert_eq!(check(&v, "RSS slope").status, Status::Fail);
        assert_eq!(check(&v, "RSS slope").figure, "2000.0 bytes/request over passes 21-100 (bound 1024)");
        assert_eq!(check(&v, "heap slope (post_in_use)").status, Status::Pass);
        assert_eq!(check(&v, "box_cells_live").status, Status::Fail);
        assert_eq!(check(&v, "proxies_live").status, Status::Pass);
        assert_eq!(check(&v, "requests").figure, "1 of 2100 failed (1 timed out); first: pass 61: GET request-3: timed out after 10s");
    }

    #[test]
    fn growing_pauses_and_cadence_are_reported() {
        let mut ps = passes(120, 0);
        for p in &mut ps[70..] {
            p.minor = 20;
            p.minor_pauses_us = vec![900; 20];
        }
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(120));
        assert!(v.passed(), "informative lines do not fail the run");
        assert!(v.info[0].contains("over passes 71-120 vs 200 us over passes 21-70: ratio 4.50 (above"), "{:?}", v.info);
        assert!(v.info[1].ends_with(": growing"), "{:?}", v.info);
    }

    /// A live count above the baseline after any pass fails, even when the
    /// last pass is back at it.
    #[test]
    fn live_counts_are_checked_after_every_pass() {
        let mut ps = passes(100, 0);
        ps[20].proxies_live = Some(3);
        ps[50].proxies_live = Some(7);
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(100));
        let c = check(&v, "proxies_live");
        assert_eq!(c.status, Status::Fail);
        assert_eq!(c.figure, "0 at the end of pass 100, 0 at the end of warm-up (pass 20); above it after 2 of 80 passes (first pass 21: 3; max 7)");
        // Below the baseline is fine.
        ps[19].proxies_live = Some(7);
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(100));
        assert_eq!(check(&v, "proxies_live").status, Status::Pass);
        assert_eq!(check(&v, "proxies_live").figure, "0 at the end of pass 100, 7 at the end of warm-up (pass 20); 0-7 at the end of every pass after it");
    }

    /// --check-pauses makes the pause and cadence lines checks; with no minor
    /// collections the pauses of full ones are compared.
    #[test]
    fn pause_checks() {
        let mut ps = passes(120, 0);
        for (i, p) in ps.iter_mut().enumerate() {
            p.minor = 0;
            p.minor_pauses_us.clear();
            p.full = 1;
            p.full_pauses_us = vec![if i >= 70 { 500 } else { 200 }];
        }
        let strict = Bounds { check_pauses: true, ..BOUNDS };
        let v = verdict(&ps, &[], 20, strict, &ending(120));
        let c = check(&v, "pause p99 growth");
        assert_eq!(c.status, Status::Fail, "{c:?}");
        assert!(c.figure.starts_with("pause p99 (all collections: no minor ones in a window): 500 us over passes 71-120 vs 200 us"), "{c:?}");
        assert_eq!(check(&v, "collections per pass").status, Status::Pass);
        assert!(v.info.is_empty());
        for p in &mut ps[70..] {
            p.full_pauses_us = vec![250];
        }
        let v = verdict(&ps, &[], 20, strict, &ending(120));
        assert!(v.passed(), "{v:?}");
        // With CPU times for every pause, growth is judged on them: late wall
        // times descheduled by the machine do not fail the run, CPU growth does.
        for (i, p) in ps.iter_mut().enumerate() {
            p.full_pauses_us = vec![if i >= 70 { 5000 } else { 200 }];
            p.full_pauses_cpu_us = vec![190];
        }
        let v = verdict(&ps, &[], 20, strict, &ending(120));
        let c = check(&v, "pause p99 growth");
        assert_eq!(c.status, Status::Pass, "{c:?}");
        assert!(c.figure.starts_with("pause CPU p99 (all collections: no minor ones in a window): 190 us over passes 71-120 vs 190 us"), "{c:?}");
        assert!(c.figure.ends_with("; wall-clock p99 5.00 ms vs 200 us"), "{c:?}");
        for p in &mut ps[70..] {
            p.full_pauses_cpu_us = vec![400];
        }
        assert_eq!(check(&verdict(&ps, &[], 20, strict, &ending(120)), "pause p99 growth").status, Status::Fail);
        // A window where some collection printed no CPU time: wall times.
        ps[30].full_pauses_cpu_us.clear();
        let c = check(&verdict(&ps, &[], 20, strict, &ending(120)), "pause p99 growth").clone();
        assert!(c.figure.starts_with("pause p99 (all collections"), "{c:?}");
        for p in &mut ps {
            p.full_pauses_us = vec![250];
            p.full_pauses_cpu_us.clear();
        }
        // Without the flag, the same run passes with the lines as info.
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(120));
        assert!(v.checks.iter().all(|c| c.name != "pause p99 growth"));
        assert_eq!(v.info.len(), 2);
    }

    #[test]
    fn too_short_or_unmeasured_is_not_a_failure() {
        let mut ps = passes(3, 5000);
        let v = verdict(&ps, &[], 20, BOUNDS, &ending(3));
        assert!(v.passed());
        assert_eq!(check(&v, "RSS slope").status, Status::NotMeasured);
        assert_eq!(check(&v, "box_cells_live").status, Status::NotMeasured);
        // Warm-up 1: the slope is measured over passes 2-3.
        let v = verdict(&ps, &[], 1, BOUNDS, &ending(3));
        assert_eq!(check(&v, "RSS slope").figure, "5000.0 bytes/request over passes 2-3 (bound 1024)");
        // Client side only.
        for p in &mut ps {
            p.rss = None;
            p.post_in_use = None;
            p.box_cells_live = None;
        }
        let v = verdict(&ps, &[], 1, BOUNDS, &Ending { planned_passes: 3, ..Default::default() });
        assert!(v.passed());
        assert_eq!(check(&v, "RSS slope").figure, "no server measured (use --spawn or --pid)");
        assert_eq!(check(&v, "box_cells_live").status, Status::NotMeasured);
    }

    #[test]
    fn interrupted_runs_fail() {
        let ps = passes(30, 0);
        let v = verdict(&ps, &[], 20, BOUNDS, &Ending { planned_passes: 100, interrupted: true, server: true, diag: true, ..Default::default() });
        assert!(!v.passed());
        assert_eq!(check(&v, "passes").figure, "interrupted after 30 of 100");
    }

    #[test]
    fn csv_rows() {
        let mut p = passes(1, 0).remove(0);
        p.latency_p50_us = Some(1500);
        p.proxies_live = None;
        assert_eq!(csv_row(&p), "1,21,21,0,0,1500,,0,100000000,5000000,2,0,200,200,0,,,");
        p.minor_pauses_cpu_us = vec![150, 180];
        assert!(csv_row(&p).ends_with(",0,,,180"), "{}", csv_row(&p));
        assert_eq!(CSV_HEADER.split(',').count(), csv_row(&p).split(',').count());
    }

    #[test]
    fn table_selects_rows() {
        assert_eq!(table_rows(&passes(5, 0), 20), vec![0, 1, 2, 3, 4]);
        let rows = table_rows(&passes(300, 0), 20);
        // Passes 1, 20, 40, ..., 300.
        let mut want = vec![0];
        want.extend((19..300).step_by(20));
        assert_eq!(rows, want);
        let mut ps = passes(120, 0);
        ps[56].failures = 2;
        let rows = table_rows(&ps, 20);
        assert_eq!(rows, [0, 9, 19, 29, 39, 49, 56, 59, 69, 79, 89, 99, 109, 119]);
        let text = table(&ps, 20);
        assert_eq!(text.lines().count(), 15, "{text}");
        assert!(text.lines().nth(7).unwrap().starts_with("   57    21     2 "), "{text}");
    }
}
