//! The benchmarks' checksums at small sizes: `bench/run --quick` compiles
//! every `bench/*.ts` with the perry built for this test, runs each once with
//! the size of its `// quick size: N` line and compares its stdout with
//! `bench/expected/NAME.quick.out` (Node's output, committed). A mismatch
//! names the benchmark and shows the diff. Needs python3, not Node.

use std::path::Path;
use std::process::Command;

#[test]
fn bench_quick_outputs_match_node() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("python3")
        .arg(root.join("bench/run"))
        .args(["--quick", "--perry", env!("CARGO_BIN_EXE_perry")])
        .current_dir(&root)
        .output()
        .expect("python3 bench/run --quick: could not start python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench/run --quick failed ({}):\n{stdout}{stderr}", out.status);
    assert!(stdout.contains("outputs as expected"), "no summary line:\n{stdout}{stderr}");
}
