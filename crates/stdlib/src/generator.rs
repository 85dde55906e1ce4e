//! %GeneratorPrototype% (ECMAScript 27.5): `next`, `return`, `throw` resume
//! a generator object's compiled state machine (compiler `codegen/generator.rs`).

use crate::method;
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::generator::{self, Step, run, state};
use perry_runtime::iter;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// GeneratorResume / GeneratorResumeAbrupt (27.5.3.3-4).
fn resume(args: &Args, mode: u64, what: &str) -> JsResult {
    let g = args.this();
    if !g.is_cell() || g.kind() != KIND_GENERATOR {
        return Err(error::type_error(&format!("{what} method called on incompatible receiver {}", crate::object_builtins::v8_brief(g))));
    }
    let v = args.get(0);
    match state(g) {
        GEN_RUNNING => return Err(error::type_error("Generator is already running")),
        GEN_DONE => {
            return match mode {
                GEN_THROW => Err(error::throw(v)),
                GEN_RETURN => Ok(iter::result_object(v, true)),
                _ => Ok(iter::result_object(Value::UNDEFINED, true)),
            };
        }
        // Not started: an abrupt resumption completes it without running.
        0 if mode != GEN_NEXT => {
            generator::finish(g);
            return if mode == GEN_THROW { Err(error::throw(v)) } else { Ok(iter::result_object(v, true)) };
        }
        _ => {}
    }
    match run(g, v, mode) {
        Step::Threw => Err(error::Exc),
        Step::Returned(r) => Ok(iter::result_object(r, true)),
        Step::Suspended(r) => Ok(iter::result_object(r, false)),
    }
}

// ----- async functions: the same state machines, driven by promises -----

/// Runs an async activation from its saved state with `v` in `mode` until
/// it awaits (it then resumes as a reaction to the awaited value's promise,
/// `promise::await_value`), returns (its promise is resolved) or throws
/// (rejected).
pub fn async_step(g: Value, v: Value, mode: u64) {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let step = run(g, v, mode);
    let promise = Value(hg.get()).field(GEN_PROMISE);
    match step {
        Step::Threw => crate::promise::reject(promise, error::take()),
        Step::Returned(r) => crate::promise::resolve(promise, r),
        Step::Suspended(r) => crate::promise::await_value(r, Value(hg.get())),
    }
}

/// Called by an async function's code at its start (suspension point 0):
/// makes its promise and runs it to its first `await`.
extern "C" fn async_start(g: u64) -> u64 {
    let scope = HandleScope::new();
    let hg = scope.root(g);
    let p = scope.root(crate::promise::new_promise().0);
    Value(hg.get()).set_field(GEN_PROMISE, Value(p.get()));
    async_step(Value(hg.get()), Value::UNDEFINED, GEN_NEXT);
    p.get()
}
perry_gc::exit_trampoline!(perry_async_start, async_start);

// ----- yield* -----

fn to_abi(r: JsResult) -> u64 {
    match r {
        Ok(v) => v.0,
        Err(_) => EXCEPTION,
    }
}

/// GetIterator(v, sync) (7.4.3) for `yield*`: the iterator object itself.
extern "C" fn get_iterator(v: u64) -> u64 {
    to_abi((|| {
        let scope = HandleScope::new();
        let hv = scope.root(v);
        let f = perry_runtime::object::get(Value(v), realm::sym_atom(I::SymIterator))?;
        if !f.is_function() {
            return Err(error::type_error(&format!("{} is not iterable", crate::object_builtins::v8_brief(Value(hv.get())))));
        }
        let it = perry_runtime::function::call(f, Value(hv.get()), &[])?;
        if !it.is_object() {
            return Err(error::type_error("Result of the Symbol.iterator method is not an object"));
        }
        Ok(it)
    })())
}
perry_gc::exit_trampoline!(perry_get_iterator, get_iterator);

/// One step of `yield*` (14.4.4): the inner iterator's `next`, `throw` or
/// `return` (by `mode`) with `v`; its result object. A missing `return`
/// completes with `v`; a missing `throw` closes the iterator and throws.
extern "C" fn yield_star_step(it: u64, v: u64, mode: u64) -> u64 {
    to_abi((|| {
        let scope = HandleScope::new();
        let (hit, hv) = (scope.root(it), scope.root(v));
        let key = perry_runtime::atoms::intern(match mode {
            GEN_THROW => "throw",
            GEN_RETURN => "return",
            _ => "next",
        });
        let m = perry_runtime::object::get(Value(hit.get()), key)?;
        if m.is_nullish() && mode == GEN_RETURN {
            return Ok(iter::result_object(Value(hv.get()), true));
        }
        if m.is_nullish() && mode == GEN_THROW {
            let ret = perry_runtime::object::get(Value(hit.get()), perry_runtime::atoms::intern("return"))?;
            if ret.is_function() {
                perry_runtime::function::call(ret, Value(hit.get()), &[])?;
            }
            return Err(error::type_error("The iterator does not provide a 'throw' method."));
        }
        if !m.is_function() {
            return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(m))));
        }
        let r = perry_runtime::function::call(m, Value(hit.get()), &[Value(hv.get())])?;
        if !r.is_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(r))));
        }
        Ok(r)
    })())
}
perry_gc::exit_trampoline!(perry_yield_star_step, yield_star_step);

fn next(args: &Args) -> JsResult {
    resume(args, GEN_NEXT, "next")
}

fn return_(args: &Args) -> JsResult {
    resume(args, GEN_RETURN, "return")
}

fn throw(args: &Args) -> JsResult {
    resume(args, GEN_THROW, "throw")
}

pub fn install() {
    let p = || realm::get(I::GeneratorProto);
    let n = method(p(), "next", 1, next);
    realm::set(I::GeneratorProtoNext, n);
    method(p(), "return", 1, return_);
    method(p(), "throw", 1, throw);
    crate::to_string_tag(p(), "Generator");
}
