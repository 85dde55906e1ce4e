//! Collection counters and the `PERRY_GC_DIAG` / `PERRY_GC_TRACE` output.
//! The line formats are documented in the README; users grep them, so keys
//! are only ever added, never renamed. The binding appends its own fields to
//! the `[gc-step]` line ([`crate::binding::Binding::step_fields`]) and prints
//! its own lines after `[gc-summary]`
//! ([`crate::binding::Binding::print_summary`]).
//!
//! `[gc-step]` follows every collection, `[gc-summary]` is printed at exit.
//! `perry soak` (`ext-http/soak/src/diag.rs`) parses these lines and the
//! binding's; README.md documents their format.

use crate::JsCell;

struct Stats {
    diag: bool,
    trace: bool,
    n: u64,
    minor: u64,
    full: u64,
    pauses_us: Vec<u64>,
    minor_pauses_us: Vec<u64>,
    peak_heap: usize,
    peak_rss: u64,
}

static STATS: JsCell<Stats> =
    JsCell::new(Stats { diag: false, trace: false, n: 0, minor: 0, full: 0, pauses_us: Vec::new(), minor_pauses_us: Vec::new(), peak_heap: 0, peak_rss: 0 });

fn stats() -> &'static mut Stats {
    // SAFETY: single JS thread.
    unsafe { STATS.get() }
}

pub(crate) fn env_on(name: &str) -> bool {
    std::env::var(name).map(|v| !v.is_empty() && v != "0").unwrap_or(false)
}

pub fn init() {
    let s = stats();
    s.diag = env_on("PERRY_GC_DIAG");
    s.trace = env_on("PERRY_GC_TRACE");
}

pub fn diag_enabled() -> bool {
    stats().diag
}

pub fn trace_enabled() -> bool {
    stats().trace
}

/// Resident set size in bytes, from /proc/self/statm.
pub fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|x| x.parse::<u64>().ok()))
        .map_or(0, |pages| pages * 4096)
}

/// Times one phase of a collection for `PERRY_GC_TRACE`.
pub struct Phase(Option<std::time::Instant>);

impl Phase {
    pub fn start() -> Phase {
        Phase(trace_enabled().then(std::time::Instant::now))
    }
    pub fn end(self, name: &str, slots: usize) {
        if let Some(t) = self.0 {
            eprintln!("[gc-trace] phase={name} slots={slots} us={}", t.elapsed().as_micros());
        }
    }
    pub fn end_with(self, name: &str, detail: &str) {
        if let Some(t) = self.0 {
            eprintln!("[gc-trace] phase={name} {detail} us={}", t.elapsed().as_micros());
        }
    }
}

/// The calling thread's CPU time and `getrusage(RUSAGE_THREAD)` counts, or
/// the difference of two readings.
#[derive(Clone, Copy, Default)]
pub struct ThreadUsage {
    /// User plus system CPU time, in microseconds.
    pub cpu_us: u64,
    /// Involuntary context switches: times the scheduler took the CPU away.
    pub preempted: u64,
    /// Page faults, minor and major.
    pub faults: u64,
}

impl ThreadUsage {
    pub fn now() -> ThreadUsage {
        // SAFETY: an all-zero rusage is valid; getrusage fills it in.
        let mut r: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: a valid out-pointer; RUSAGE_THREAD names the caller.
        if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut r) } != 0 {
            return ThreadUsage::default();
        }
        // The thread's CPU clock is exact; rusage's times tick coarser.
        // SAFETY: an all-zero timespec is valid; clock_gettime fills it in.
        let mut t: libc::timespec = unsafe { std::mem::zeroed() };
        // SAFETY: a valid out-pointer.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        let cpu_us = t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1_000;
        ThreadUsage { cpu_us, preempted: r.ru_nivcsw as u64, faults: (r.ru_minflt + r.ru_majflt) as u64 }
    }

    pub fn since(&self, earlier: &ThreadUsage) -> ThreadUsage {
        ThreadUsage {
            cpu_us: self.cpu_us.saturating_sub(earlier.cpu_us),
            preempted: self.preempted.saturating_sub(earlier.preempted),
            faults: self.faults.saturating_sub(earlier.faults),
        }
    }
}

/// One finished collection.
pub struct Step {
    pub kind: &'static str,
    pub reason: &'static str,
    pub pre: usize,
    pub post: usize,
    pub swept: usize,
    pub promoted: usize,
    pub root_slots: usize,
    pub pause: std::time::Duration,
    /// What the collecting thread spent during the pause (under
    /// `PERRY_GC_DIAG`): a pause far longer than its CPU time was
    /// descheduled, not working.
    pub usage: Option<ThreadUsage>,
    /// The binding's ` key=value` fields, appended to the `[gc-step]` line
    /// (built only under `PERRY_GC_DIAG`).
    pub fields: String,
}

pub fn record(step: Step) {
    let s = stats();
    s.n += 1;
    let us = step.pause.as_micros() as u64;
    s.pauses_us.push(us);
    if step.kind == "minor" {
        s.minor += 1;
        s.minor_pauses_us.push(us);
    } else {
        s.full += 1;
    }
    s.peak_heap = s.peak_heap.max(step.pre);
    if s.diag {
        let rss = rss_bytes();
        s.peak_rss = s.peak_rss.max(rss);
        let u = step.usage.unwrap_or_default();
        eprintln!(
            "[gc-step] n={} kind={} reason={} pre_in_use={} post_in_use={} sweep_freed={} promoted={} pause_us={} root_slots={} rss={} pause_cpu_us={} preempted={} faults={}{}",
            s.n, step.kind, step.reason, step.pre, step.post, step.swept, step.promoted, us, step.root_slots, rss, u.cpu_us, u.preempted, u.faults, step.fields
        );
    }
}

fn percentile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() { 0 } else { sorted[((sorted.len() - 1) as f64 * q).round() as usize] }
}

/// Prints the `[gc-summary]` line when diagnostics are on. Called at exit.
pub fn summary() {
    let s = stats();
    if !s.diag {
        return;
    }
    let mut p = s.pauses_us.clone();
    p.sort_unstable();
    let mut m = s.minor_pauses_us.clone();
    m.sort_unstable();
    let rss = rss_bytes();
    s.peak_rss = s.peak_rss.max(rss);
    eprintln!(
        "[gc-summary] collections={} full={} minor={} pause_p50_us={} pause_p99_us={} pause_max_us={} minor_pause_p99_us={} peak_heap={} peak_rss={} rss={} allocated={}",
        s.n,
        s.full,
        s.minor,
        percentile(&p, 0.5),
        percentile(&p, 0.99),
        p.last().copied().unwrap_or(0),
        percentile(&m, 0.99),
        s.peak_heap.max(crate::heap::in_use()),
        s.peak_rss.max(peak_rss_from_status()),
        rss,
        crate::heap::allocated_total()
    );
    crate::heap::print_binding_summary();
}

/// VmHWM from /proc/self/status: the kernel's own peak RSS.
fn peak_rss_from_status() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1).and_then(|k| k.parse::<u64>().ok())))
        .map_or(0, |kb| kb * 1024)
}
