//! The front end's limits on generated programs: deep nesting of every shape is a compile or
//! a "nesting too deep" diagnostic (file:line:col and a code frame), never a crash
//! (`compiler/src/nesting.rs`); a long one-line file compiles in time linear in its length.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("front_end_limits");
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn compile(name: &str, src: &str, check: bool) -> Output {
    let p = dir().join(name);
    std::fs::write(&p, src).unwrap();
    let mut c = Command::new(env!("CARGO_BIN_EXE_perry"));
    c.arg("compile").arg(&p).arg("-o").arg(p.with_extension(""));
    if check {
        c.arg("--check");
    }
    c.output().unwrap()
}

/// (name, opener, innermost, closer, `typeof` the result): `opener * n + innermost + closer * n`.
type Shape = (&'static str, &'static str, &'static str, &'static str, &'static str);

const SHAPES: &[Shape] = &[
    ("array", "[", "", "]", "object"),
    ("paren", "(", "1", ")", "number"),
    ("object", "{a:", "1", "}", "object"),
    ("template", "`${", "1", "}`", "string"),
    ("call", "f(", "1", ")", "number"),
    ("negate", "-(", "1", ")", "number"),
    ("not", "!", "1", "", "boolean"),
    ("arrow", "() => ", "1", "", "function"),
    ("function", "function () { return ", "1", "; }", "function"),
    ("member", "", "o", ".p", "object"),
    ("call_chain", "", "g", "()", "function"),
    ("sum", "", "y", " + y", "number"),
    ("conditional", "y ? 1 : ", "2", "", "number"),
    ("assign", "z = ", "1", "", "number"),
];

fn nested(shape: &Shape, n: usize) -> String {
    let (_, open, inner, close, _) = shape;
    format!(
        "const f = (a?: any) => a; const g: any = () => g; const o: any = {{}}; o.p = o; let y = 1, z: any;\nconst x: any = {}{}{};\nconsole.log(typeof x);\n",
        open.repeat(n),
        inner,
        close.repeat(n)
    )
}

fn assert_too_deep(name: &str, out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{name}: {err}");
    assert!(err.contains("nesting too deep"), "{name}: {err}");
    assert!(err.contains(&format!("{name}.ts:2:")), "{name}: location: {err}");
    assert!(err.contains("> 2 | ") && err.contains('^'), "{name}: code frame: {err}");
    // The frame shows a window of the long line, not all of it.
    assert!(err.len() < 2000, "{name}: {} bytes of diagnostic", err.len());
}

#[test]
fn deep_nesting_of_every_shape_is_a_diagnostic() {
    for shape in SHAPES {
        for n in [10_000, 100_000] {
            let name = format!("{}_{n}", shape.0);
            assert_too_deep(&name, &compile(&format!("{name}.ts"), &nested(shape, n), true));
        }
    }
    // Statements and types nest too.
    let deep_if = format!("let x = 1;\n{}console.log(x);\n", "if (x) ".repeat(20_000));
    assert_too_deep("if", &compile("if.ts", &deep_if, true));
    let deep_block = format!("let x = 1;\n{}{}\n", "{".repeat(20_000), "}".repeat(20_000));
    assert_too_deep("block", &compile("block.ts", &deep_block, true));
    let deep_type = format!("let x = 1;\nlet t: {}number{} = [];\n", "Array<".repeat(20_000), ">".repeat(20_000));
    assert_too_deep("type", &compile("type.ts", &deep_type, true));
    let deep_pattern = format!("let x = 1;\nlet {}a{} = x as any;\n", "[".repeat(20_000), "]".repeat(20_000));
    assert_too_deep("pattern", &compile("pattern.ts", &deep_pattern, true));
}

#[test]
fn nesting_deeper_than_node_accepts_compiles_and_runs() {
    // Node gives up at about 1,500 nested calls or functions and 2,500 nested arrays.
    for shape in SHAPES {
        let n = 1_500;
        let name = format!("{}_ok", shape.0);
        let out = compile(&format!("{name}.ts"), &nested(shape, n), false);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let run = Command::new(dir().join(&name)).output().unwrap();
        assert!(run.status.success(), "{name}: {}", String::from_utf8_lossy(&run.stderr));
        let ty = shape.4;
        assert_eq!(String::from_utf8_lossy(&run.stdout), format!("{ty}\n"), "{name}");
    }
}

#[test]
fn a_deep_array_literal_runs() {
    // The runtime side: the literal builds and JSON.stringify walks it.
    let n = 4_000;
    let src = format!("const x: any = {}{};\nconsole.log(JSON.stringify(x).length);\n", "[".repeat(n), "]".repeat(n));
    let out = compile("deep_array_runs.ts", &src, false);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let run = Command::new(dir().join("deep_array_runs")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), format!("{}\n", 2 * n));
}

/// CPU time of `perry compile --check` on `src`.
fn check_time(name: &str, src: &str) -> Duration {
    let start = Instant::now();
    let out = compile(name, src, true);
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    start.elapsed()
}

#[test]
fn a_long_one_line_file_compiles_in_linear_time() {
    // The shapes of a generated file: declarations, updates, property stores, calls. Column
    // numbers on one long line made the source map quadratic (diag::LineIndex).
    let shape = |n: usize| -> String {
        let mut s = String::from("const o: any = {};");
        for i in 0..n {
            s.push_str(&format!("let x{i} = {i}; x{i}++; o.p{} = x{i};", i % 100));
        }
        s.push('\n');
        s
    };
    let small = check_time("linear_small.ts", &shape(4_000));
    let large = check_time("linear_large.ts", &shape(16_000));
    // Four times the statements: linear is 4x; quadratic would be 16x. Generous for noise.
    assert!(large < small * 8 + Duration::from_secs(2), "4,000 statements: {small:?}, 16,000: {large:?}");
}

unsafe extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut [i64; 18]) -> i32;
}

/// Peak resident memory (KiB) of `perry compile --check` on `src`, from the child's rusage.
#[allow(clippy::zombie_processes, reason = "the child is reaped by wait4, which also gives its rusage")]
fn check_peak_kib(name: &str, src: &str) -> i64 {
    let p = dir().join(name);
    std::fs::write(&p, src).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_perry")).arg("compile").arg(&p).arg("-o").arg(p.with_extension("")).arg("--check").spawn().unwrap();
    let (mut status, mut usage) = (0i32, [0i64; 18]);
    // SAFETY: `child` is this process's unwaited child; `usage` has the size of Linux's
    // `struct rusage` on 64-bit targets (two timevals, then 14 longs; `ru_maxrss` is word 4).
    let r = unsafe { wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as i32);
    assert_eq!(status, 0, "{name}: perry compile --check failed (wait status {status})");
    usage[4]
}

#[test]
fn a_module_of_many_bindings_compiles_in_linear_memory() {
    // Cranelift's SSA builder kept a table per variable as long as the blocks before it: 8,000
    // top-level `let`s took 1.2 GB and 43,000 (a 1.9 MB file) over 24 GB. The vendored builder
    // (compiler/vendor/cranelift-frontend/PERRY.md) is sparse.
    let shape = |n: usize| -> String {
        let mut s = String::from("const o: any = {};");
        for i in 0..n {
            s.push_str(&format!("let x{i} = {i}; x{i}++; o.p{} = x{i};", i % 100));
        }
        s.push_str("console.log(o.p1);\n");
        s
    };
    let small = check_peak_kib("bindings_small.ts", &shape(2_000));
    let large = check_peak_kib("bindings_large.ts", &shape(8_000));
    // Four times the bindings: linear is about 2-4x here (a fixed part); quadratic was 8x.
    assert!(large < small * 5, "peak memory: 2,000 bindings {small} KiB, 8,000: {large} KiB");
    assert!(large < 700 * 1024, "8,000 bindings took {large} KiB");
}

#[test]
fn a_long_module_body_never_overruns_the_stack() {
    // Code that runs once is compiled by the single-pass register allocator, which gives every
    // spilled value a slot of its own: this body's frame is 1.4 MB (16,000 groups: 7.5 MB; the
    // prologue checked its frame pointer, so 20,000 overran the 8 MB stack and segfaulted).
    // Prologues check the stack pointer, the runtime keeps the largest frame free below the
    // limit and raises the main stack to 64 MB: it runs; on a 1 MB stack (a hard limit) it is a
    // RangeError, never a signal.
    use std::os::unix::process::ExitStatusExt;
    let n = 3_000;
    let mut src = String::from("const o: any = {}; let i = 0;");
    for j in 0..n {
        src.push_str(&format!("o.k{} = i++; if (o.k{} > 5) {{ o.q = [o.k{}, \"s{j}\"]; }}", j % 500, j % 500, j % 500));
    }
    src.push_str("console.log(o.q);\n");
    let out = compile("long_body.ts", &src, false);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let exe = dir().join("long_body");
    let run = Command::new(&exe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), format!("[ {}, 's{}' ]\n", n - 1, n - 1), "{}", String::from_utf8_lossy(&run.stderr));
    let small = Command::new("sh").arg("-c").arg(format!("ulimit -s 1024 && exec '{}'", exe.display())).output().unwrap();
    assert_eq!(small.status.signal(), None, "killed by a signal on a 1 MB stack");
    assert!(String::from_utf8_lossy(&small.stderr).contains("RangeError: Maximum call stack size exceeded"), "{}", String::from_utf8_lossy(&small.stderr));
}

#[test]
fn speculative_type_arguments_past_the_limit_stop_at_once() {
    // Found by tests/fuzz/frontend: `f.A<A<...` is first tried as type arguments; when that
    // failed on the nesting limit the parser rewound and retried one level further in, and
    // again: minutes and gigabytes for 20,000 levels. The limit now survives a rewind.
    let src = format!("const f: any = 1;\nconsole.log(f.{}1{}x);\n", "Array<".repeat(20_000), ">".repeat(20_000));
    let start = Instant::now();
    assert_too_deep("type_arguments", &compile("type_arguments.ts", &src, true));
    assert!(start.elapsed() < Duration::from_secs(30), "{:?}", start.elapsed());
}

#[test]
fn deeply_nested_calls_in_a_loop_compile_in_time() {
    // Found by tests/fuzz/frontend: 1,000 nested calls in a loop body took the optimising
    // register allocator 200 s; past a stack map size the fast ISA compiles the function.
    let src = format!("for (const p of [1]) {{\n  console.log({}p{});\n}}\n", "String(".repeat(1_000), ")".repeat(1_000));
    let start = Instant::now();
    let out = compile("nested_calls_loop.ts", &src, false);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
    // Each call site keeps its own spill slots for the values live across
    // it, so the frame grows with the square of the nesting: at 1,000 it is
    // about 7 MB and the native stack check ends the run in a RangeError
    // (a known gap; Node runs it). It must not die of a signal.
    let run = Command::new(dir().join("nested_calls_loop")).output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        out == "1\n" || (run.status.code() == Some(1) && String::from_utf8_lossy(&run.stderr).contains("RangeError: Maximum call stack size exceeded")),
        "{:?} {out:?} {}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    let src = format!("for (const p of [1]) {{\n  console.log({}p{});\n}}\n", "String(".repeat(300), ")".repeat(300));
    assert!(compile("nested_calls_loop_300.ts", &src, false).status.success());
    let run = Command::new(dir().join("nested_calls_loop_300")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "1\n");
}
