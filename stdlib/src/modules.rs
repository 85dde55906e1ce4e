//! Evaluating a module graph in which imported modules await at top level
//! (ECMAScript 16.2.1.5.3, InnerModuleEvaluation with async modules,
//! simplified to the evaluation order the compiler computed).
//!
//! The compiler's `perry_user_main` registers every module body in
//! evaluation order (`perry_module_add`, with whether it awaits at top
//! level) and its dependencies (`perry_module_dep`), then calls
//! `perry_modules_run`. A module runs once all its dependencies are done; a
//! module that awaits returns its promise and is done when that settles, so
//! modules that do not depend on it run meanwhile, and those that do wait.
//! The result is a promise for the whole graph: fulfilled when the entry
//! module is done, rejected with the first error. A synchronous error before
//! any module awaited is returned as an exception, as without this driver.
//! A dependency that comes later in the evaluation order (an import cycle)
//! does not hold a module back.
//!
//! When only the entry module awaits, `perry_user_main` returns its promise; a rejection
//! surfaces as an unhandled rejection, and a promise still pending when the loop runs dry exits
//! 13 with Node's warning. Real ES module semantics here are why `tests/gen-expected.sh` runs
//! directory tests as separate modules, not as a bundle. An unhandled rejection whose reason
//! has no `stack` prints Node's `UnhandledPromiseRejection` text.

use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::Value;
use perry_runtime::error;
use perry_runtime::function::{self, Args};

#[derive(Clone, Copy, PartialEq)]
enum State {
    Waiting,
    /// Awaiting at top level: its promise has not settled.
    Evaluating,
    Done,
    Failed,
}

struct Module {
    code: u64,
    is_async: bool,
    deps: Vec<usize>,
    state: State,
}

struct Graph {
    modules: Vec<Module>,
    /// The promise for the whole graph (a root).
    result: u64,
    /// Whether a module has started awaiting.
    started_async: bool,
}

static GRAPH: JsCell<Graph> = JsCell::new(Graph { modules: Vec::new(), result: UNDEFINED, started_async: false });

fn graph() -> &'static mut Graph {
    // SAFETY: the module graph belongs to the JS thread; callers drop the borrow before running a
    // module body (which may call back here).
    unsafe { GRAPH.get() }
}

extern "C" fn module_add(code: u64, is_async: u64) -> u64 {
    let g = graph();
    g.modules.push(Module { code, is_async: is_async != 0, deps: Vec::new(), state: State::Waiting });
    (g.modules.len() - 1) as u64
}
perry_runtime::abi_export!(perry_module_add, module_add);

extern "C" fn module_dep(m: u64, dep: u64) -> u64 {
    graph().modules[m as usize].deps.push(dep as usize);
    UNDEFINED
}
perry_runtime::abi_export!(perry_module_dep, module_dep);

extern "C" fn modules_run() -> u64 {
    perry_gc::roots::register_source("module-graph", |visit| visit(&mut graph().result as *mut u64));
    graph().result = crate::promise::new_promise().0;
    match advance() {
        Ok(()) => graph().result,
        Err(_) => EXCEPTION,
    }
}
perry_runtime::abi_export!(perry_modules_run, modules_run);

/// Runs every waiting module whose dependencies are done, in evaluation
/// order; settles the result when the entry module is done or one failed.
fn advance() -> Result<(), error::Exc> {
    let mut i = 0;
    while i < graph().modules.len() {
        let m = &graph().modules[i];
        let ready = m.deps.iter().filter(|&&d| d < i).map(|&d| graph().modules[d].state).collect::<Vec<_>>();
        if m.state != State::Waiting || ready.iter().any(|&s| s != State::Done && s != State::Failed) {
            i += 1;
            continue;
        }
        if ready.contains(&State::Failed) {
            graph().modules[i].state = State::Failed;
            i += 1;
            continue;
        }
        let block = [0, UNDEFINED, UNDEFINED, 0, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED];
        let r = perry_gc::frames::enter(m.code, &block);
        if r == EXCEPTION {
            if !graph().started_async {
                return Err(error::Exc);
            }
            graph().modules[i].state = State::Failed;
            fail(error::take());
        } else if m.is_async {
            graph().modules[i].state = State::Evaluating;
            graph().started_async = true;
            let scope = HandleScope::new();
            let p = scope.root(r);
            let on_f = scope.root(continuation(i, fulfilled).0);
            let on_r = continuation(i, rejected);
            crate::promise::perform_then(Value(p.get()), Value(on_f.get()), on_r, Value::UNDEFINED);
        } else {
            graph().modules[i].state = State::Done;
        }
        i += 1;
    }
    if graph().modules.last().is_some_and(|m| m.state == State::Done) {
        crate::promise::resolve(Value(graph().result), Value::UNDEFINED);
    }
    Ok(())
}

/// The first failure rejects the graph's promise (later ones are ignored).
fn fail(e: Value) {
    crate::promise::reject(Value(graph().result), e);
}

fn continuation(i: usize, f: function::NativeFn) -> Value {
    let c = function::new_native_caps("", 1, f, 1, 0);
    c.cell().set_field(FN_CAPS, Value::int(i as i64));
    c
}

fn fulfilled(args: &Args) -> JsResult {
    graph().modules[args.capture(0).as_number() as usize].state = State::Done;
    advance()?;
    Ok(Value::UNDEFINED)
}

fn rejected(args: &Args) -> JsResult {
    graph().modules[args.capture(0).as_number() as usize].state = State::Failed;
    fail(args.get(0));
    advance()?;
    Ok(Value::UNDEFINED)
}

use perry_runtime::JsResult;
