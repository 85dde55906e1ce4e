//! console (WHATWG Console Standard, as Node prints it).

use crate::inspect;
use perry_runtime::function::Args;
use perry_runtime::{JsResult, Value};
use std::io::Write;

fn format_args(args: &Args) -> String {
    let mut out = String::new();
    for i in 0..args.len() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&inspect::inspect_top(args.get(i)));
    }
    out
}

/// console.log / console.info / console.debug
fn log(args: &Args) -> JsResult {
    let s = format_args(args);
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(s.as_bytes());
    let _ = o.write_all(b"\n");
    Ok(Value::UNDEFINED)
}

/// console.error / console.warn / console.trace
fn error(args: &Args) -> JsResult {
    let s = format_args(args);
    let mut o = std::io::stderr().lock();
    let _ = o.write_all(s.as_bytes());
    let _ = o.write_all(b"\n");
    Ok(Value::UNDEFINED)
}

pub fn install() {
    let c = perry_runtime::object::new_plain(8);
    let scope = perry_gc::HandleScope::new();
    let hc = scope.root(c.0);
    crate::method(Value(hc.get()), "log", 0, log);
    crate::method(Value(hc.get()), "info", 0, log);
    crate::method(Value(hc.get()), "debug", 0, log);
    crate::method(Value(hc.get()), "error", 0, error);
    crate::method(Value(hc.get()), "warn", 0, error);
    crate::global_value("console", Value(hc.get()));
}
