//! `perry soak` end to end against tests/echo-server.mjs (node:http): the
//! command line parsed as `perry soak` parses it, a real server spawned
//! with --spawn, real requests, and the exit status, summary and CSV
//! checked. Node is on the machine (ARCHITECTURE.md, tests).

use clap::Parser;
use perry_soak::{SoakArgs, main as soak_main, report::Status, soak};
use std::path::PathBuf;

/// A port nothing listens on now.
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

fn echo_server() -> String {
    format!("{}/tests/echo-server.mjs", env!("CARGO_MANIFEST_DIR"))
}

/// `--spawn` for the echo server on `port` with `extra` arguments.
/// NODE_EXTRA_CA_CERTS is unset: where it names a missing file, Node warns
/// on stderr at start-up.
fn spawn_cmd(port: u16, extra: &str) -> String {
    format!("env -u NODE_EXTRA_CA_CERTS node --expose-gc {} {port} {extra}", shell_words::quote(&echo_server()))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("perry-soak-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Parses `perry soak ARGS` (the first word is the program name).
fn args(line: &[&str]) -> SoakArgs {
    let mut argv = vec!["perry soak"];
    argv.extend_from_slice(line);
    SoakArgs::try_parse_from(argv).unwrap_or_else(|e| panic!("{e}"))
}

fn csv_rows(path: &PathBuf) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().skip(1).map(|l| l.split(',').map(str::to_string).collect()).collect()
}

#[test]
fn three_passes_against_a_good_server() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let (csv, html) = (tmp("good.csv"), tmp("good.html"));
    let spawn = spawn_cmd(port, "--gc-every=10");
    // The default 20-pass warm-up is longer than the run, so the slopes are
    // not measured (Node's RSS still grows while its JIT warms up).
    let a = args(&[&url, "--passes", "3", "--spawn", &spawn, "--csv", csv.to_str().unwrap(), "--html", html.to_str().unwrap()]);
    assert_eq!(soak_main(&a), 0);

    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("pass,requests,cumulative_requests,failures,timeouts,"), "{text}");
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 3, "{text}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string(), "pass: {text}");
        assert_eq!(row[1], "21", "requests: {text}");
        assert_eq!(row[2], (21 * (i + 1)).to_string(), "cumulative: {text}");
        assert_eq!((row[3].as_str(), row[4].as_str()), ("0", "0"), "failures, timeouts: {text}");
        assert!(row[8].parse::<u64>().unwrap() > 1_000_000, "rss_bytes: {text}");
    }
    // gc() after every 10th request: Node's full collections arrive as
    // [gc-step] lines and are counted, and post_in_use is known by the end.
    let full: u32 = rows.iter().map(|r| r[11].parse::<u32>().unwrap()).sum();
    assert!(full >= 1, "full collections: {text}");
    assert!(!rows[2][9].is_empty(), "post_in_use: {text}");
    assert_eq!(rows[2][14], "0", "box_cells_live: {text}");

    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!doctype html>"));
    assert_eq!(page.matches("<svg").count(), 4, "four charts");
    assert!(page.contains("PASS") && !page.contains("<script"));
}

#[test]
fn keep_alive_and_the_summary() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let spawn = spawn_cmd(port, "");
    let a = args(&[&url, "--passes", "4", "--gets", "5", "--posts", "2", "--keep-alive", "--spawn", &spawn]);
    let run = soak(&a).unwrap();
    assert!(run.passed(), "{}", run.summary(20));
    assert_eq!(run.passes.len(), 4);
    assert!(run.passes.iter().all(|p| p.requests == 7 && p.failures == 0));
    let summary = run.summary(20);
    assert!(summary.contains("4 passes x 7 requests (5 GET + 2 POST), keep-alive connections"), "{summary}");
    assert!(summary.contains("PASS  requests                  0 of 28 failed (0 timed out)"), "{summary}");
    assert!(summary.contains("n/a   RSS slope                 needs 2 passes after the 20-pass warm-up, ran 4"), "{summary}");
    assert!(summary.contains("Result: PASS"), "{summary}");
}

#[test]
fn a_wrong_checksum_fails_and_is_named() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let spawn = spawn_cmd(port, "--broken=checksum");
    let a = args(&[&url, "--passes", "3", "--warmup", "1", "--spawn", &spawn]);
    let run = soak(&a).unwrap();
    assert!(!run.passed());
    assert_eq!(run.failures.len(), 3, "request-7 in each pass: {:?}", run.failures);
    let expected = perry_soak::contract::checksum(8);
    for (i, f) in run.failures.iter().enumerate() {
        assert_eq!(f.to_string(), format!("pass {}: GET request-7: checksum: expected {expected}, got {}", i + 1, expected + 1));
    }
    let requests = run.verdict.checks.iter().find(|c| c.name == "requests").unwrap();
    assert_eq!(requests.status, Status::Fail);
    assert!(requests.figure.starts_with("3 of 63 failed (0 timed out); first: pass 1: GET request-7: checksum"), "{}", requests.figure);
    assert_eq!(run.failure_kinds.get("checksum"), Some(&3));
    assert_eq!(soak_main(&a), 1);
    // The same server passes when the contract is not checked.
    let a = args(&[&url, "--passes", "2", "--warmup", "1", "--no-contract", "--spawn", &spawn]);
    assert_eq!(soak_main(&a), 0);
}

#[test]
fn a_leaked_request_context_fails_as_bleed() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let spawn = spawn_cmd(port, "--broken=leak-context");
    let a = args(&[&url, "--passes", "3", "--warmup", "1", "--spawn", &spawn]);
    let run = soak(&a).unwrap();
    assert!(!run.passed());
    assert!(!run.failures.is_empty());
    assert!(run.failures.iter().all(|f| f.what.contains("afterAwait: expected") && f.what.contains("(cross-request context bleed)")), "{:?}", run.failures);
    assert!(run.summary(1).contains("Failures: "), "{}", run.summary(1));
}

#[test]
fn growing_rss_fails_the_slope() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let spawn = spawn_cmd(port, "--broken=retain");
    let a = args(&[&url, "--passes", "6", "--warmup", "1", "--spawn", &spawn]);
    let run = soak(&a).unwrap();
    assert!(!run.passed());
    let rss = run.verdict.checks.iter().find(|c| c.name == "RSS slope").unwrap();
    assert_eq!(rss.status, Status::Fail, "{rss:?}");
    // 256 KiB per request retained; RSS follows within a quarter.
    let slope: f64 = rss.figure.split(' ').next().unwrap().parse().unwrap();
    assert!(slope > 0.75 * 262144.0 && slope < 1.25 * 262144.0, "{rss:?}");
    assert!(run.failures.is_empty(), "{:?}", run.failures);
}

#[test]
fn a_server_that_exits_stops_the_soak() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let spawn = spawn_cmd(port, "--broken=exit-after=30");
    let a = args(&[&url, "--passes", "10", "--warmup", "1", "--spawn", &spawn]);
    let run = soak(&a).unwrap();
    assert!(!run.passed());
    let passes = run.verdict.checks.iter().find(|c| c.name == "passes").unwrap();
    assert_eq!(passes.status, Status::Fail);
    assert!(passes.figure.contains("the server exited (exit status: 3)"), "{passes:?}");
    assert!(run.passes.len() < 10);
}

#[test]
fn nothing_listening_fails_every_request() {
    let port = free_port();
    let a = args(&[&format!("http://127.0.0.1:{port}"), "--passes", "2", "--gets", "3", "--posts", "0", "--timeout", "2s"]);
    let run = soak(&a).unwrap();
    assert!(!run.passed());
    assert_eq!(run.failures.len(), 6);
    assert!(run.failures[0].what.contains("onnect"), "{:?}", run.failures[0]);
    assert_eq!(run.passes[0].rss, None);
    assert_eq!(soak_main(&a), 1);
}

#[test]
fn setup_errors_exit_2() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    assert_eq!(soak_main(&args(&["https://127.0.0.1:1"])), 2);
    assert_eq!(soak_main(&args(&[&url, "--passes", "0"])), 2);
    assert_eq!(soak_main(&args(&[&url, "--spawn", "sh -c 'exit 4'"])), 2);
    assert_eq!(soak_main(&args(&[&url, "--pid", "4000000000"])), 2);
    // --spawn and --pid together, and a bad duration, are refused by the parser.
    assert!(SoakArgs::try_parse_from(["perry soak", &url, "--spawn", "x", "--pid", "1"]).is_err());
    assert!(SoakArgs::try_parse_from(["perry soak", &url, "--timeout", "soon"]).is_err());
    let a = args(&[&url, "--timeout", "250ms", "--startup-timeout", "1m", "--grace", "2s"]);
    assert_eq!(a.timeout.as_millis(), 250);
    assert_eq!(a.startup_timeout.as_secs(), 60);
    assert_eq!((a.passes, a.gets, a.posts, a.warmup, a.keep_alive), (100, 20, 1, 20, false));
    assert_eq!((a.max_rss_slope, a.max_heap_slope), (1024.0, 256.0));
}
