//! A short fuzzing run in the normal test suite (the long run is
//! `cargo run --release -p perry-http-fuzz -- --seconds 600`).

/// 3,000 cases from a fixed seed (about a second; the same cases on any
/// machine).
#[test]
fn three_thousand_mutated_requests_find_nothing() {
    let opts = perry_http_fuzz::Options { duration: std::time::Duration::from_secs(120), max_cases: Some(3000), seed: 25, crash_dir: None };
    let report = perry_http_fuzz::run(&opts);
    assert_eq!(report.cases, 3000);
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    // The corpus reaches both the handler and hyper's own refusals.
    assert!(report.statuses.contains_key(&200) && report.statuses.contains_key(&400), "{:?}", report.statuses);
}
