//! The proxy registry under load (issue 5): ten million short-lived proxies
//! keep `proxies_live` within the band and RSS flat; a program holding all
//! 65,536 ids gets a catchable RangeError, and dropping half lets it make
//! 30,000 more. Checksums are Node's; Node has no limit, so the band test's
//! RangeError line is Perry's own.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::field;

fn compile(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("proxies-{name}"));
    let st = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(root.join(format!("tests/proxies/{name}.ts"))).arg("-o").arg(&exe).status().unwrap();
    assert!(st.success());
    exe
}

/// (stdout, max proxies_live over [gc-step] lines, [proxy-stats] lines, peak RSS)
fn run(exe: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, u64, usize, u64) {
    let out = Command::new(exe).args(args).env("PERRY_GC_DIAG", "1").envs(env.iter().copied()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    let live = err.lines().filter(|l| l.starts_with("[gc-step]")).map(|l| field(l, "proxies_live")).max().unwrap_or(0);
    let stats = err.lines().filter(|l| l.starts_with("[proxy-stats]")).count();
    let summary = err.lines().find(|l| l.starts_with("[gc-summary]")).expect("gc-summary");
    (String::from_utf8_lossy(&out.stdout).into_owned(), live, stats, field(summary, "peak_rss"))
}

#[test]
fn ten_million_short_lived_proxies_stay_bounded() {
    let exe = compile("churn");
    let (out1, live1, stats1, rss1) = run(&exe, &["1000000"], &[]);
    let (out10, live10, stats10, rss10) = run(&exe, &["10000000"], &[]);
    assert_eq!(out1, "1000000 22741945\n");
    assert_eq!(out10, "10000000 229754170\n");
    assert!(live1 <= 65536 && live10 <= 65536, "proxies_live {live1} / {live10}");
    assert!(stats10 >= 9 * stats1, "a [proxy-stats] line per full collection: {stats1} then {stats10}");
    let growth = rss10 as f64 / rss1 as f64;
    assert!(growth < 1.10, "peak RSS {rss1} -> {rss10} (x{growth:.2}) for ten times the proxies");
}

#[test]
fn the_band_limit_is_a_catchable_range_error() {
    let exe = compile("band_limit");
    let expected = "holding 65536\n\
        RangeError Too many live proxies: the limit is 65536 (Proxy ids are reused once unreachable proxies are collected)\n\
        created 30000 still working 62768\n";
    assert_eq!(run(&exe, &[], &[]).0, expected);
    // The same with the collector running every 500 allocations and the
    // heap verified each time (a freed slot still referenced aborts).
    assert_eq!(run(&exe, &[], &[("PERRY_GC_STRESS", "500"), ("PERRY_GC_VERIFY", "1")]).0, expected);
}
