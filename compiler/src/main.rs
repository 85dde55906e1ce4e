//! `perry`: compiles a TypeScript program into one native executable.

mod accessors;
mod analyze;
mod app;
mod builtins;
mod cjs_exports;
mod classes;
mod codegen;
mod decorators;
mod diag;
mod enums;
mod features;
mod inline;
mod ir;
mod link;
mod modules;
mod nesting;
mod numeric;
mod regexp_check;
mod resolve;
mod scalar;

/// Parses `src` as a TypeScript module for unit tests: the program (leaked,
/// so it lives as long as the test) and its scoping.
#[cfg(test)]
fn parse_for_test(src: &str) -> (&'static oxc_ast::ast::Program<'static>, oxc_semantic::Scoping) {
    let source: &'static str = Box::leak(src.to_string().into_boxed_str());
    let alloc: &'static oxc_allocator::Allocator = Box::leak(Box::default());
    let ret = oxc_parser::Parser::new(alloc, source, oxc_span::SourceType::ts().with_module(true)).parse();
    assert!(ret.diagnostics.is_empty() && !ret.panicked, "{src}");
    let program: &'static oxc_ast::ast::Program<'static> = Box::leak(Box::new(ret.program));
    let scoping = oxc_semantic::SemanticBuilder::new().build(program).semantic.into_scoping();
    (program, scoping)
}

/// mimalloc, as in the runtime (runtime/rtlib).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "perry", version, about = "Compile TypeScript to a native executable", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile FILE.ts (and the modules it imports) into an executable, or
    /// with --app DIR the App-Route app in DIR into a server.
    Compile {
        #[arg(required_unless_present = "app", conflicts_with = "app")]
        file: Option<PathBuf>,
        /// Build an HTTP server from the Next.js-style route handlers
        /// DIR/app/**/route.ts (run it with [--port N] [--hostname H]).
        #[arg(long, value_name = "DIR")]
        app: Option<PathBuf>,
        /// With --app: write the generated server entry module to FILE and stop
        /// (what a Node host bundles; see fixtures/app-route/build-node.sh).
        #[arg(long, value_name = "FILE", requires = "app")]
        emit_entry: Option<PathBuf>,
        /// Output executable (default: the file name without extension; with
        /// --app, the app directory's name in the current directory).
        #[arg(short = 'o', long)]
        output: Option<PathBuf>,
        /// Print the time each compiler phase took.
        #[arg(long)]
        timings: bool,
        /// Define a global `gc()` that runs a full collection (as `node --expose-gc`).
        #[arg(long)]
        expose_gc: bool,
        /// Compile every function again rather than reuse machine code from the code cache
        /// (also `PERRY_CODE_CACHE=0`).
        #[arg(long)]
        no_cache: bool,
        /// Compile FILE as a classic script rather than a module: no
        /// import/export, top-level `this` is the global object, and
        /// top-level `var` and function declarations are properties of it.
        /// Outside "use strict", assigning an undeclared name creates a global
        /// and `this` of a call without a receiver is the global object.
        #[arg(long, conflicts_with = "app")]
        script: bool,
        /// Parse, analyse and generate code, then stop: report the
        /// diagnostics without linking or writing an executable.
        #[arg(long, conflicts_with = "app")]
        check: bool,
    },
    /// Compile FILE.ts into the cache (if needed) and run it with ARGS.
    Run {
        file: PathBuf,
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Drive a warm HTTP server through N passes and check that its memory and pauses stay flat.
    Soak(perry_soak::SoakArgs),
}

struct Timings {
    on: bool,
    last: Instant,
}

impl Timings {
    fn phase(&mut self, name: &str) {
        if self.on {
            eprintln!("[timings] {name}: {:.1} ms", self.last.elapsed().as_secs_f64() * 1000.0);
        }
        self.last = Instant::now();
    }
}

/// Where a program comes from: an entry file (a module, or a classic
/// script), or an App-Route app directory.
enum Source<'a> {
    File(&'a Path),
    Script(&'a Path),
    App(&'a app::App),
}

/// Parses, compiles and links the program into `out` (`None`: stops before
/// the link, `perry compile --check`).
fn build(source: Source, out: Option<&Path>, timings: bool, expose_gc: bool) -> Result<(), String> {
    let mut t = Timings { on: timings, last: Instant::now() };
    let graph = match source {
        Source::File(file) => modules::Graph::load(file).map_err(|d| diag::render(&d))?,
        Source::Script(file) => modules::Graph::load_script(file).map_err(|d| diag::render(&d))?,
        Source::App(app) => app::load(app)?,
    };
    t.phase("parse");
    ir::dump(&graph);
    if timings {
        let lines: usize = graph.modules.iter().filter(|m| !m.builtin).map(|m| m.source.lines().count()).sum();
        eprintln!("[timings] graph: {} modules, {lines} lines", graph.modules.len());
    }
    let mut compiler = codegen::Compiler::new(&graph);
    compiler.expose_gc = expose_gc;
    let object = compiler.compile();
    let object = object.map_err(|d| {
        codegen::parallel::wait_for_cache();
        diag::render(&d)
    })?;
    t.phase("codegen");
    let Some(out) = out else {
        codegen::parallel::wait_for_cache();
        return Ok(());
    };
    let dir = tempdir()?;
    let obj_path = dir.join("program.o");
    let r = object.write(&obj_path).and_then(|()| {
        drop(object);
        link::link(&obj_path, out)
    });
    let _ = std::fs::remove_dir_all(&dir);
    codegen::parallel::wait_for_cache();
    r?;
    t.phase("link");
    Ok(())
}

/// `perry compile --app DIR`: the server of the app's route handlers, or
/// with `--emit-entry FILE` only its generated entry module.
fn compile_app(dir: &Path, emit_entry: Option<&Path>, output: Option<PathBuf>, timings: bool, expose_gc: bool) -> Result<(), String> {
    let app = app::scan(dir)?;
    for w in &app.warnings {
        eprintln!("warning: {w}");
    }
    if let Some(file) = emit_entry {
        let source = app::entry_source(&app)?;
        return std::fs::write(file, source).map_err(|e| format!("cannot write {}: {e}", file.display()));
    }
    let out = match output {
        Some(o) => o,
        None => {
            let canonical = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            PathBuf::from(canonical.file_name().ok_or_else(|| format!("{}: give the executable a name with -o", dir.display()))?)
        }
    };
    build(Source::App(&app), Some(&out), timings, expose_gc)
}

fn tempdir() -> Result<PathBuf, String> {
    let d = std::env::temp_dir().join(format!("perry-{}-{}", std::process::id(), Instant::now().elapsed().as_nanos()));
    std::fs::create_dir_all(&d).map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    Ok(d)
}

/// Cache key: compiler version, runtime library, and every reachable source.
fn cache_key(file: &Path) -> Result<String, String> {
    let graph = modules::Graph::load(file).map_err(|d| diag::render(&d))?;
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(link::runtime_hash().as_bytes());
    if let Ok(exe) = std::env::current_exe()
        && let Ok(meta) = std::fs::metadata(exe)
        && let Ok(m) = meta.modified()
    {
        h.update(format!("{m:?}").as_bytes());
    }
    for m in &graph.modules {
        h.update(m.path.to_string_lossy().as_bytes());
        h.update([0]);
        h.update(m.source.as_bytes());
        h.update([0]);
    }
    Ok(link::hex(&h.finalize())[..24].to_string())
}

unsafe extern "C" {
    fn mi_option_set(option: i32, value: core::ffi::c_long);
}

/// mimalloc's `mi_option_purge_delay` (the same index in its v2 and v3 headers).
const MI_OPTION_PURGE_DELAY: i32 = 15;

#[cfg(target_os = "linux")]
unsafe extern "C" {
    fn prctl(option: core::ffi::c_int, ...) -> core::ffi::c_int;
}

/// `<linux/prctl.h>`'s `PR_SET_THP_DISABLE`.
#[cfg(target_os = "linux")]
const PR_SET_THP_DISABLE: core::ffi::c_int = 41;

fn main() -> ExitCode {
    // A compile is short: memory freed between functions is kept for the
    // next ones instead of being returned to the OS and faulted in again
    // (a sixth of a large compile's time).
    // SAFETY: sets a process-wide allocator option before any thread starts.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    // Transparent huge pages (mimalloc asks for them on its arenas): each first touch of a
    // 2 MiB region zeroes all of it, a fifth of the CPU time of a compile that mostly hits
    // the code cache, and 15% more peak memory; the compiler's allocations are short-lived
    // and scattered, so it gains nothing from them. A no-op where the kernel lacks the flag.
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(PR_SET_THP_DISABLE) takes integer arguments and changes only a flag of
    // this process's memory map.
    unsafe {
        prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)
    };
    // Every pass recurses over the program's tree: the compiler runs on a
    // thread whose stack holds the deepest tree it accepts (nesting.rs).
    std::thread::Builder::new()
        .name("perry".into())
        .stack_size(nesting::STACK_SIZE)
        .spawn(perry_main)
        .expect("cannot start the compiler thread")
        .join()
        .unwrap_or(ExitCode::FAILURE)
}

fn perry_main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Compile { file, app: Some(dir), emit_entry, output, timings, expose_gc, no_cache, .. } => {
            debug_assert!(file.is_none());
            if no_cache {
                codegen::parallel::disable_cache();
            }
            match compile_app(&dir, emit_entry.as_deref(), output, timings, expose_gc) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(1)
                }
            }
        }
        Cmd::Compile { file, app: None, emit_entry, output, timings, expose_gc, script, check, no_cache } => {
            if no_cache {
                codegen::parallel::disable_cache();
            }
            if emit_entry.is_some() {
                // clap's `requires` lets a positional FILE stand in for --app.
                eprintln!("error: --emit-entry needs --app DIR");
                return ExitCode::from(2);
            }
            let file = file.expect("clap requires FILE without --app");
            let out = output.unwrap_or_else(|| file.with_extension(""));
            let source = if script { Source::Script(&file) } else { Source::File(&file) };
            match build(source, (!check).then_some(out.as_path()), timings, expose_gc) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(1)
                }
            }
        }
        Cmd::Run { file, args } => {
            let key = match cache_key(&file) {
                Ok(k) => k,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            };
            let dir = link::cache_root().join("bin");
            let exe = dir.join(key);
            if !exe.exists() {
                if let Err(e) = std::fs::create_dir_all(&dir) {
                    eprintln!("cannot create the cache directory {}: {e}", dir.display());
                    return ExitCode::from(1);
                }
                let tmp = dir.join(format!("build.{}", std::process::id()));
                if let Err(e) = build(Source::File(&file), Some(&tmp), false, false) {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
                if let Err(e) = std::fs::rename(&tmp, &exe) {
                    eprintln!("cannot store the executable in the cache: {e}");
                    return ExitCode::from(1);
                }
            }
            use std::os::unix::process::CommandExt;
            let err = std::process::Command::new(&exe).arg0(&file).args(&args).exec();
            eprintln!("cannot run {}: {err}", exe.display());
            ExitCode::from(1)
        }
        Cmd::Soak(args) => ExitCode::from(perry_soak::main(&args)),
    }
}
