//! The native half of `node:util`: `inspect` with options and `format`, over the formatter
//! `console.log` uses (`inspect.rs`, `console.rs`). An extension entry
//! (`perry_node_util_install`, `perry_abi::foreach_extension!`): only programs whose graph
//! holds `node:util` link it.

use crate::inspect::{self, Options};
use perry_gc::HandleScope;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// A number option (`None` when absent or not a number).
fn number(opts: Value, name: &str) -> Option<f64> {
    let v = object::get_data_chain(opts, perry_runtime::atoms::intern(name))?;
    v.is_number().then(|| v.as_number())
}

/// `inspect(value, options)`: the options Perry's formatter has (depth, with `null` for no
/// limit; showHidden; compact as a number or `false`; breakLength; maxArrayLength;
/// maxStringLength). The TypeScript half maps the legacy `(value, showHidden, depth)` form.
fn inspect_value(args: &Args) -> JsResult {
    let v = args.get(0);
    let opts = args.get(1);
    let mut o = Options::default();
    if opts.is_object() {
        let scope = HandleScope::new();
        let hv = scope.root(v.0);
        let ho = scope.root(opts.0);
        let opts = Value(ho.get());
        if let Some(d) = object::get_data_chain(opts, perry_runtime::atoms::intern("depth")) {
            if d.is_null() {
                o.depth = f64::INFINITY;
            } else if d.is_number() {
                o.depth = d.as_number();
            }
        }
        if let Some(h) = object::get_data_chain(opts, perry_runtime::atoms::intern("showHidden")) {
            o.show_hidden = perry_runtime::ops::to_boolean(h);
        }
        if let Some(c) = object::get_data_chain(opts, perry_runtime::atoms::intern("compact")) {
            if c.is_number() {
                o.compact = c.as_number().max(0.0) as usize;
            } else if c == Value::FALSE {
                o.compact = 0;
            }
        }
        if let Some(n) = number(opts, "breakLength") {
            o.break_length = if n.is_finite() { n.max(0.0) as usize } else { usize::MAX };
        }
        if let Some(n) = number(opts, "maxArrayLength") {
            o.max_array_length = if n.is_finite() { n.max(0.0) as usize } else { usize::MAX };
        }
        if let Some(n) = number(opts, "maxStringLength") {
            o.max_string_length = if n.is_finite() { n.max(0.0) as usize } else { usize::MAX };
        }
        let s = inspect::inspect_with(Value(hv.get()), &o);
        return Ok(string::from_str(&s));
    }
    Ok(string::from_str(&inspect::inspect_with(v, &o)))
}

/// `format(format, ...args)`: Node's `util.format`, as `console.log` formats its arguments.
fn format(args: &Args) -> JsResult {
    let s = crate::console::format_args_from(args, 0)?;
    Ok(string::from_str(&s))
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(2).0);
    crate::method(Value(ns.get()), "inspect", 2, inspect_value);
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
