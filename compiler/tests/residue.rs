//! The box-cell residue test (issue 4): an async workload (each iteration
//! five awaits, three closures capturing its locals, one timer) run for
//! 10,000 and for 100,000 iterations must end, at the final quiescence,
//! with the same number of live box cells (slope zero, not "small") and an
//! RSS within 5%. Outputs are Node's.

use std::path::Path;
use std::process::Command;

mod common;
use common::field;

struct Run {
    stdout: String,
    box_live: u64,
    box_allocs: u64,
    rss: u64,
}

fn run(exe: &Path, n: u32) -> Run {
    let out = Command::new(exe).arg(n.to_string()).env("PERRY_GC_DIAG", "1").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    let last = |tag: &str| err.lines().rev().find(|l| l.starts_with(tag)).unwrap_or_else(|| panic!("no {tag} line:\n{err}")).to_string();
    let boxes = last("[box-stats]");
    let summary = last("[gc-summary]");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        box_live: field(&boxes, "live"),
        box_allocs: field(&boxes, "allocs"),
        rss: field(&summary, "rss"),
    }
}

#[test]
fn box_cells_and_rss_stay_flat() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("residue-workload");
    let st = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(root.join("tests/residue/workload.ts")).arg("-o").arg(&exe).status().unwrap();
    assert!(st.success());
    let small = run(&exe, 10_000);
    let large = run(&exe, 100_000);
    assert_eq!(small.stdout, "10000 202447951 1000\n");
    assert_eq!(large.stdout, "100000 24682683 1000\n");
    // Ten times the activations went through the pool...
    assert!(large.box_allocs >= 9 * small.box_allocs, "allocs {} vs {}", large.box_allocs, small.box_allocs);
    // ...and exactly as many cells are left live.
    assert_eq!(small.box_live, large.box_live, "live box cells differ");
    let diff = (large.rss as f64 - small.rss as f64).abs() / small.rss as f64;
    assert!(diff < 0.05, "RSS {} vs {} differs by {:.1}%", small.rss, large.rss, diff * 100.0);
}
