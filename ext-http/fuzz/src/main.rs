//! `perry-http-fuzz [--seconds N] [--cases N] [--seed N] [--crashes DIR]`:
//! fuzzes perry:http's request parsing (see the library's docs and
//! tests/fuzz/README.md); exits 1 if any case failed.

use std::time::Duration;

fn usage() -> ! {
    eprintln!("usage: perry-http-fuzz [--seconds N (default 60)] [--cases N] [--seed N (default: from the clock)] [--crashes DIR (default fuzz-crashes)]");
    std::process::exit(2)
}

fn main() {
    let mut opts = perry_http_fuzz::Options {
        duration: Duration::from_secs(60),
        max_cases: None,
        seed: std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64),
        crash_dir: Some("fuzz-crashes".into()),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--seconds" => opts.duration = Duration::from_secs_f64(value().parse().unwrap_or_else(|_| usage())),
            "--cases" => opts.max_cases = Some(value().parse().unwrap_or_else(|_| usage())),
            "--seed" => opts.seed = value().parse().unwrap_or_else(|_| usage()),
            "--crashes" => opts.crash_dir = Some(value().into()),
            _ => usage(),
        }
    }
    eprintln!("perry-http-fuzz: seed {}, {:?}", opts.seed, opts.duration);
    let started = std::time::Instant::now();
    let report = perry_http_fuzz::run(&opts);
    let secs = started.elapsed().as_secs_f64();
    for f in &report.failures {
        let shown = String::from_utf8_lossy(&f.input[..f.input.len().min(400)]).into_owned();
        println!("FAIL case {}: {}\n  input ({} bytes, in the crash folder): {shown:?}", f.case, f.what, f.input.len());
    }
    println!(
        "{} cases in {secs:.0} s ({:.0}/s), {} failures, {} closed without a response, {} cut short after an upgrade request (hyper), longest case {:?} of tokio time",
        report.cases,
        report.cases as f64 / secs,
        report.failures.len(),
        report.closed_silently,
        report.truncated_after_upgrade,
        report.longest_virtual
    );
    println!("statuses: {:?}", report.statuses);
    if !report.failures.is_empty() {
        std::process::exit(1);
    }
}
