//! IR filetests: each `compiler/tests/ir/NAME.ts` is lowered, run through the pipeline up to
//! the pass its first line names (`// pass: NAME`; `lower` runs none), printed, and compared
//! with `NAME.ir` beside it. `PERRY_IR_BLESS=1` rewrites the `.ir` files with what is printed
//! (as Cranelift's filetests do): review the diff before committing it.

use super::*;
use std::path::{Path, PathBuf};

/// The printed IR of the entry module of `file` after the pipeline up to `pass`.
pub fn render(file: &Path, pass: &str) -> String {
    let g = crate::modules::Graph::load(file).unwrap_or_else(|e| panic!("{}: does not load: {}", file.display(), e[0].message));
    let m = &g.modules[g.modules.iter().position(|m| m.path == file).expect("the entry module")];
    let mut lowered = lower::module(m);
    if pass != "lower" {
        assert!(passes::exists(pass), "{}: no pass {pass}", file.display());
        passes::run(&mut lowered.ir, Some(pass));
    }
    let names = ModuleNames(m);
    let mut out = String::new();
    for (i, u) in lowered.unsupported.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match u {
            None => {
                let f = &lowered.ir.functions[i];
                f.verify().unwrap_or_else(|e| panic!("{}: {}: invalid IR: {e}", file.display(), f.name));
                out.push_str(&print::function(&lowered.ir, FuncId(i as u32), &names));
            }
            Some(u) => {
                let d = m.diag(u.at, "");
                out.push_str(&format!("; {} {}: not lowered: {} (line {})\n", FuncId(i as u32), lowered.ir.functions[i].name, u.what, d.line));
            }
        }
    }
    out
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "ts")).collect();
    v.sort();
    v
}

#[test]
fn ir_filetests() {
    let bless = std::env::var_os("PERRY_IR_BLESS").is_some();
    let mut failed = vec![];
    let cases = cases();
    assert!(!cases.is_empty(), "no IR filetests");
    for ts in cases {
        let src = std::fs::read_to_string(&ts).unwrap();
        let pass = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// pass: "))
            .unwrap_or_else(|| panic!("{}: no `// pass: NAME` first line", ts.display()))
            .trim()
            .to_string();
        let got = render(&ts, &pass);
        let expected_file = ts.with_extension("ir");
        if bless {
            std::fs::write(&expected_file, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
        if got != expected {
            failed.push(format!("{}:\n--- expected\n{expected}\n--- got\n{got}", ts.display()));
        }
    }
    assert!(failed.is_empty(), "IR differs (PERRY_IR_BLESS=1 rewrites the expected files):\n{}", failed.join("\n"));
}

/// Lowering every conformance program (its own modules) gives valid IR: the rules of
/// [`Function::verify`] hold for every function lowering covers, and lowering never panics.
#[test]
fn every_conformance_program_lowers_to_valid_ir() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance");
    let mut progs: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "ts")).collect();
    progs.sort();
    let (mut lowered, mut total) = (0, 0);
    let mut bad = vec![];
    for p in progs {
        // A program that is an expected compile error does not load; nothing to lower.
        let Ok(g) = crate::modules::Graph::load(&p) else { continue };
        for m in g.modules.iter().filter(|m| !m.builtin) {
            let mut l = lower::module(m);
            passes::run(&mut l.ir, None);
            for (f, u) in l.ir.functions.iter().zip(&l.unsupported) {
                total += 1;
                if u.is_none() {
                    lowered += 1;
                    if let Err(e) = f.verify() {
                        bad.push(format!("{}: {}: {e}", p.display(), f.name));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "invalid IR:\n{}", bad.join("\n"));
    // Coverage only grows: this is the floor (of 3,751 functions when it was set).
    assert!(lowered >= 2700, "{lowered} of {total} functions lowered");
}
