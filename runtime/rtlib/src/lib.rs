//! `libperry_runtime.a`: the runtime, collector and built-ins in one static
//! library, with the C `main` every Perry executable starts in.
//!
//! `main` ignores SIGPIPE (as Node and Rust's own start-up do), initialises
//! the collector and runtime, installs the built-ins, reads the tables the
//! compiler emitted (string constants, globals, function metadata, stack
//! maps, source map), runs the program's module bodies through
//! `perry_enter`, and reports an uncaught exception as Node does.

use perry_runtime::Value;
use perry_runtime::error;
use std::io::Write;

// Extensions are linked into the library but referred to only by the
// programs that need them (through `perry_extensions`): naming the crate
// here keeps its `#[no_mangle]` install function in the archive.
extern crate perry_ext_fetch;
extern crate perry_ext_http;
// The Intl family (`perry_install_intl`), pulled from the archive only by an executable whose
// `perry_builtins` table names it.
extern crate perry_intl;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The tables the compiled object defines, declared from the ABI's list
// (`perry_abi::foreach_data_symbol!`: the `entry`, `emitted` and
// `emitted_mut` symbols), and compile-time checks that the runtime defines
// every word compiled code imports (the `import` symbols) with its type.
macro_rules! data_symbols {
    (@decl entry $name:ident) => {
        fn $name(callee: u64, this: u64, nt: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64;
    };
    (@decl emitted $name:ident $ty:ty) => {
        static $name: $ty;
    };
    (@decl emitted_mut $name:ident $ty:ty) => {
        static mut $name: $ty;
    };
    (@decl import $name:ident $ty:ty) => {};
    (@check import $name:ident $ty:ty => $krate:ident :: $module:ident) => {
        let _: *mut $ty = &raw mut $krate::$module::$name;
    };
    (@check $kind:ident $name:ident $($rest:tt)*) => {};
    ($( $(#[$doc:meta])* $kind:ident $konst:ident = $name:ident $(: $ty:ty)? $(=> $krate:ident :: $module:ident)?; )*) => {
        // SAFETY: every compiled object defines these symbols with these
        // types (the compiler emits them from the same list).
        unsafe extern "C" {
            $( data_symbols!(@decl $kind $name $($ty)?); )*
        }

        /// Never called: it only has to type-check, which it does when every
        /// `import` symbol is a `static mut` of its type at its path.
        #[allow(dead_code)]
        fn imports_are_defined() {
            $( data_symbols!(@check $kind $name $($ty)? $(=> $krate::$module)?); )*
        }
    };
}
perry_abi::foreach_data_symbol!(data_symbols);
// `entry`'s declaration above is the JavaScript signature.
const _: () = assert!(perry_abi::JS_PARAMS == 9);

// Every extension's install function is defined with its type.
macro_rules! extensions_are_defined {
    ($( $module:literal => $krate:ident :: $install:ident; )*) => {
        $( const _: extern "C" fn() = $krate::$install; )*
    };
}
perry_abi::foreach_extension!(extensions_are_defined);

static ARGV: perry_gc::JsCell<Vec<String>> = perry_gc::JsCell::new(Vec::new());

/// Command-line arguments as `process.argv` shows them.
pub fn argv() -> &'static [String] {
    // SAFETY: the JS thread, and nothing ever writes ARGV (a shared
    // reference to its empty vector).
    unsafe { ARGV.get() }
}

/// # Safety
/// Called by the C runtime with a valid argv.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn main(argc: i32, argv: *const *const std::ffi::c_char) -> i32 {
    // A write to a closed pipe or a reset socket fails with EPIPE, as in
    // Node, instead of killing the process: Rust's own start-up (which a C
    // `main` bypasses) does the same. Without it, a client that resets its
    // connection while perry:http answers it ends the server by SIGPIPE.
    // SAFETY: setting a signal's disposition to SIG_IGN has no other effect;
    // nothing has started a thread or installed a handler yet.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let mut args = Vec::new();
    for i in 0..argc as usize {
        // SAFETY: the C runtime passes `argc` valid NUL-terminated strings.
        let s = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
        args.push(s.to_string_lossy().into_owned());
    }
    perry_stdlib::process::set_argv(args);
    // Keeps the stand-ins for std's hooks in main's object file, so that they,
    // not std's weak copies, are linked.
    std::hint::black_box((perry_std_default_hook as fn(&std::panic::PanicHookInfo<'_>), perry_std_default_alloc_error_hook as fn(std::alloc::Layout)));
    // A panic in the runtime is a bug: say so plainly, then abort.
    std::panic::set_hook(Box::new(|info| {
        let _ = std::io::stdout().flush();
        eprintln!("perry: internal error: {info}");
    }));
    perry_runtime::init();
    // SAFETY: the compiled object's tables, with the counts it emitted
    // beside them (the contracts of the install functions); this runs once,
    // before any compiled code.
    unsafe {
        let count = perry_const_count as usize;
        perry_runtime::abi::install_consts(&perry_const_data, &raw mut perry_consts, &raw mut perry_atoms, count);
        perry_runtime::abi::install_globals(&raw mut perry_globals, perry_global_count as usize);
        perry_runtime::abi::install_ics(&raw mut perry_ics, perry_ic_words as usize);
        perry_runtime::abi::reserve_frames(perry_max_frame);
        perry_gc::frames::install_stackmaps(&perry_stackmaps, perry_stackmap_count as usize, &perry_stackmap_slots, perry_stackmap_slot_count as usize);
        perry_runtime::abi::install_fnmetas(&perry_fnmetas as *const u8 as *const *mut perry_runtime::function::FnMeta, perry_fnmeta_count as usize);
        let blob = std::slice::from_raw_parts(&perry_srcmap as *const u8, perry_srcmap_len as usize);
        install_srcmap(blob, &perry_srcmap_fns, perry_srcmap_fn_count as usize);
    }
    // The core built-ins, and the families the program may use (the
    // compiler's table, one slot per perry_abi::BUILTIN_FAMILIES entry).
    // SAFETY: the compiled object's `perry_builtins` has one slot per family.
    let families = unsafe { std::slice::from_raw_parts((&raw const perry_builtins).cast::<Option<extern "C" fn()>>(), perry_abi::BUILTIN_FAMILIES.len()) };
    perry_stdlib::install_with(families);
    // The extensions the program's built-in modules need (perry:http, ...).
    // SAFETY: `perry_extensions` has `perry_extension_count` slots.
    unsafe {
        let table = std::slice::from_raw_parts((&raw const perry_extensions).cast::<Option<extern "C" fn()>>(), perry_extension_count as usize);
        for install in table.iter().flatten() {
            install();
        }
    }
    // SAFETY: a word of the compiled object, never written.
    if unsafe { perry_expose_gc } != 0 || std::env::var("PERRY_EXPOSE_GC").is_ok_and(|v| !v.is_empty() && v != "0") {
        perry_stdlib::weak::expose_gc();
    }
    let block = [
        0u64,
        perry_abi::UNDEFINED,
        perry_abi::UNDEFINED,
        0,
        perry_abi::UNDEFINED,
        perry_abi::UNDEFINED,
        perry_abi::UNDEFINED,
        perry_abi::UNDEFINED,
        perry_abi::UNDEFINED,
    ];
    // What compiled code assumes of the built-ins, watched from here on.
    perry_stdlib::arm_intact();
    // Atoms interned from here on are the program's data, not pinned.
    perry_runtime::tables::start_program();
    let mut r = perry_gc::frames::enter(perry_user_main as *const () as u64, &block);
    // The entry module's result: its promise when it awaits at top level.
    let scope = perry_gc::HandleScope::new();
    let main_result = scope.root(if r == perry_abi::EXCEPTION { perry_abi::UNDEFINED } else { r });
    if r != perry_abi::EXCEPTION {
        // The main job ended: the event loop runs what it queued (ticks,
        // microtasks, timers, immediates). An uncaught exception or an
        // unhandled rejection there ends the process with status 1.
        if perry_stdlib::weak::end_of_job().is_err() || perry_stdlib::event_loop::run().is_err() {
            r = perry_abi::EXCEPTION;
        }
    }
    let status = if r == perry_abi::EXCEPTION {
        report_uncaught(error::take());
        1
    } else if perry_stdlib::promise::is_pending(Value(main_result.get())) {
        // The loop ran dry with the top-level await still waiting (Node: 13).
        let _ = std::io::stdout().flush();
        eprintln!("Warning: Detected unsettled top-level await");
        13
    } else {
        0
    };
    exit(status)
}

/// Stands in for std's default panic hook: compiler/build.rs renames std's
/// `default_hook` to this name in the embedded library and makes std's copy
/// weak, so this one is linked and std's backtrace printer (gimli, addr2line,
/// rustc-demangle, miniz_oxide: about 150 KB) is not. `main` installs its own
/// hook before anything can panic, so this never runs.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn perry_std_default_hook(info: &std::panic::PanicHookInfo<'_>) {
    eprintln!("perry: internal error: {info}");
}

/// Stands in for std's default allocation-error hook (renamed like
/// [`perry_std_default_hook`]): the same message, without a backtrace.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn perry_std_default_alloc_error_hook(layout: std::alloc::Layout) {
    eprintln!("memory allocation of {} bytes failed", layout.size());
}

/// Flushes stdout, prints the GC summary and exits.
pub fn exit(status: i32) -> ! {
    let _ = std::io::stdout().flush();
    perry_gc::stats::summary();
    std::process::exit(status)
}

/// Installs the compiled object's source map and module sources.
///
/// # Safety
/// `fns` is the compiled object's table of `nfns` function addresses.
unsafe fn install_srcmap(blob: &[u8], fns: *const u64, nfns: usize) {
    // Layout: the text map, then "\0", then the sources as `len\n<bytes>` records.
    let split = blob.iter().position(|&b| b == 0).unwrap_or(blob.len());
    let text = String::from_utf8_lossy(&blob[..split]);
    // SAFETY: the caller's contract.
    unsafe { perry_runtime::sourcemap::install(&text, fns, nfns) };
    let mut sources = Vec::new();
    let mut p = split + 1;
    while p < blob.len() {
        let nl = match blob[p..].iter().position(|&b| b == b'\n') {
            Some(n) => p + n,
            None => break,
        };
        let len: usize = std::str::from_utf8(&blob[p..nl]).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
        let start = nl + 1;
        let end = (start + len).min(blob.len());
        sources.push(String::from_utf8_lossy(&blob[start..end]).into_owned());
        p = end;
    }
    perry_runtime::sourcemap::install_sources(sources);
}

/// Prints an uncaught exception as Node does: the throwing line with a caret,
/// then the error's stack (or the inspected value).
fn report_uncaught(v: Value) {
    let _ = std::io::stdout().flush();
    let mut out = String::new();
    let is_error = v.is_object() && perry_runtime::object::has_property(v, perry_runtime::atoms::names::STACK);
    let stack = if is_error {
        perry_runtime::object::get_data_chain(v, perry_runtime::atoms::names::STACK).filter(|s| s.is_string()).map(perry_runtime::string::to_rust)
    } else {
        None
    };
    // Location: the first `at` frame of the stack.
    if let Some(st) = &stack
        && let Some(loc) = first_location(st)
    {
        let (file, line, col) = loc;
        out.push_str(&format!("{file}:{line}\n"));
        if let Some(src) = perry_runtime::sourcemap::source_line(&file, line) {
            out.push_str(&src);
            out.push('\n');
            out.push_str(&" ".repeat(col.saturating_sub(1) as usize));
            out.push_str("^\n");
        }
        out.push('\n');
    }
    match stack {
        Some(st) => {
            out.push_str(&st);
            let extra = perry_stdlib::inspect::error_extra_props(v);
            if !extra.is_empty() {
                out.push(' ');
                out.push_str(&extra);
            }
            out.push('\n');
        }
        None if perry_stdlib::promise::from_rejection() => {
            out.push_str(&perry_stdlib::promise::unhandled_rejection_text(v));
            out.push('\n');
        }
        None => {
            out.push_str("Uncaught ");
            out.push_str(&perry_stdlib::inspect::inspect(v, 0));
            out.push('\n');
        }
    }
    out.push_str("\nNode.js v20 compatible (Perry)\n");
    let _ = std::io::stderr().write_all(out.as_bytes());
}

fn first_location(stack: &str) -> Option<(String, u32, u32)> {
    for line in stack.lines() {
        let l = line.trim();
        if let Some(rest) = l.strip_prefix("at ") {
            let loc = if let (Some(a), Some(b)) = (rest.rfind('('), rest.rfind(')')) { &rest[a + 1..b] } else { rest };
            let mut parts = loc.rsplitn(3, ':');
            let col = parts.next()?.parse().ok()?;
            let line = parts.next()?.parse().ok()?;
            let file = parts.next()?.to_string();
            return Some((file, line, col));
        }
    }
    None
}
