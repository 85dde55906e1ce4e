//! A few seconds of fuzzing in the normal test suite (the long run is
//! `cargo run --release -p perry-http-fuzz -- --seconds 600`).

#[test]
fn three_seconds_of_mutated_requests_find_nothing() {
    let opts = perry_http_fuzz::Options { duration: std::time::Duration::from_secs(3), max_cases: None, seed: 25, crash_dir: None };
    let report = perry_http_fuzz::run(&opts);
    assert!(report.cases > 100, "only {} cases ran", report.cases);
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    // The corpus reaches both the handler and hyper's own refusals.
    assert!(report.statuses.contains_key(&200) && report.statuses.contains_key(&400), "{:?}", report.statuses);
}
