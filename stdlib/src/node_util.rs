//! The native half of `node:util`: `inspect` with options and `format`, over the formatter
//! `console.log` uses (`inspect.rs`, `console.rs`). An extension entry
//! (`perry_node_util_install`, `perry_abi::foreach_extension!`): only programs whose graph
//! holds `node:util` link it.

use crate::inspect;
use perry_gc::HandleScope;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// `format(format, ...args)`: Node's `util.format`, as `console.log` formats its arguments.
fn format(args: &Args) -> JsResult {
    let s = crate::console::format_args_from(args, 0)?;
    Ok(string::from_str(&s))
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(2).0);
    crate::method(Value(ns.get()), "inspect", 2, inspect::inspect_native);
    crate::method(Value(ns.get()), "format", 1, format);
    Ok(Value(ns.get()))
}

/// `isatty(fd)`: whether the file descriptor is a terminal (false for one that is not open).
fn isatty(args: &Args) -> JsResult {
    use std::io::IsTerminal;
    let n = perry_runtime::ops::to_number(args.get(0))?;
    if !(0.0..=i32::MAX as f64).contains(&n) || n.fract() != 0.0 {
        return Ok(Value::bool(false));
    }
    // SAFETY: the descriptor is only borrowed for `isatty(3)`, which fails harmlessly (false) on
    // one that is not open.
    let fd = unsafe { std::os::fd::BorrowedFd::borrow_raw(n as i32) };
    Ok(Value::bool(fd.is_terminal()))
}

fn build_tty() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(1).0);
    crate::method(Value(ns.get()), "isatty", 1, isatty);
    Ok(Value(ns.get()))
}

/// Registers the native modules `util` and `tty` (`node:tty` imports `node:util`, so its graph
/// links this too).
#[unsafe(no_mangle)]
pub extern "C" fn perry_node_util_install() {
    crate::native_modules::register("util", build);
    crate::native_modules::register("tty", build_tty);
}
