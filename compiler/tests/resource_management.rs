//! `DisposableStack`, `AsyncDisposableStack` and `SuppressedError` (`compiler/builtins/
//! perry_disposable.ts`): Node 20, the conformance oracle, lacks them, so the expected output
//! (`tests/resource_management/expected.out`) follows the specification: resources disposed in
//! reverse order, errors combined into SuppressedErrors (`error` the later, `suppressed` the
//! earlier, both non-enumerable), a disposed stack a ReferenceError to use, `move`, and the
//! async stack awaiting each disposal. Also run under `PERRY_GC_STRESS`.

use std::path::Path;
use std::process::Command;

#[test]
fn disposable_stacks_follow_the_specification() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/resource_management");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("resource_management.bin");
    let out = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(dir.join("main.ts")).arg("-o").arg(&exe).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let expected = std::fs::read_to_string(dir.join("expected.out")).unwrap();
    for stress in [None, Some("3"), Some("17")] {
        let mut cmd = Command::new(&exe);
        if let Some(n) = stress {
            cmd.env("PERRY_GC_STRESS", n);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "PERRY_GC_STRESS={stress:?}");
    }
}
