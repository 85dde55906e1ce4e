//! Collection counters and the `PERRY_GC_DIAG` / `PERRY_GC_TRACE` output.

use crate::JsCell;

struct Stats {
    diag: bool,
    trace: bool,
    n: u64,
    pauses_us: Vec<u64>,
    peak_heap: usize,
}

static STATS: JsCell<Stats> = JsCell::new(Stats { diag: false, trace: false, n: 0, pauses_us: Vec::new(), peak_heap: 0 });

fn stats() -> &'static mut Stats {
    // SAFETY: single JS thread.
    unsafe { STATS.get() }
}

fn env_on(name: &str) -> bool {
    std::env::var(name).map(|v| !v.is_empty() && v != "0").unwrap_or(false)
}

pub fn init() {
    let s = stats();
    s.diag = env_on("PERRY_GC_DIAG");
    s.trace = env_on("PERRY_GC_TRACE");
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

pub fn record_collection(reason: &str, pre: usize, post: usize, root_slots: usize, pause: std::time::Duration) {
    let s = stats();
    s.n += 1;
    let us = pause.as_micros() as u64;
    s.pauses_us.push(us);
    s.peak_heap = s.peak_heap.max(pre);
    if s.diag {
        eprintln!(
            "[gc-step] n={} kind=full reason={} pre_in_use={} post_in_use={} sweep_freed={} promoted=0 pause_us={} root_slots={} rss={}",
            s.n,
            reason,
            pre,
            post,
            pre.saturating_sub(post),
            us,
            root_slots,
            rss_bytes()
        );
    }
}

/// Prints the `[gc-summary]` line when diagnostics are on. Called at exit.
pub fn summary() {
    let s = stats();
    if !s.diag {
        return;
    }
    let mut p = s.pauses_us.clone();
    p.sort_unstable();
    let pct = |q: f64| if p.is_empty() { 0 } else { p[((p.len() - 1) as f64 * q) as usize] };
    eprintln!(
        "[gc-summary] collections={} full={} minor=0 pause_p50_us={} pause_p99_us={} pause_max_us={} peak_heap={} rss={}",
        s.n,
        s.n,
        pct(0.5),
        pct(0.99),
        p.last().copied().unwrap_or(0),
        s.peak_heap.max(crate::heap::in_use()),
        rss_bytes()
    );
}
