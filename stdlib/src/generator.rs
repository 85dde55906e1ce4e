//! %GeneratorPrototype% (ECMAScript 27.5): `next`, `return`, `throw` resume
//! a generator object's compiled state machine (compiler `codegen/generator.rs`).
//!
//! # Async functions and async generators
//!
//! Each `await` calls `promise::await_value`: the activation itself is the reaction (an
//! `AWAIT_REACTION` triple on a pending promise, or an `AwaitFulfilled`/`AwaitRejected` job at
//! once for a settled promise or a primitive), so no closures are made; the job resumes it in
//! `next` or `throw` mode (`async_step`), and the body's return or throw settles the promise.
//!
//! Async generators (27.6) are the same state machines on a generator object (`FNF_GENERATOR |
//! FNF_ASYNC`) whose `GEN_PROMISE` word holds the request queue (flat `[mode, value, promise]`
//! triples) and `GEN_AGSTATE` the spec state (`AG_*`). An `await` leaves the state executing,
//! so after `generator::run` the driver (`ag_run`) knows which it was: an await subscribes the
//! continuations, a yield settles the oldest request and, if another is queued, resumes at
//! once. `return v` awaits `v`; a `return()` resumption at a `yield` is awaited by the driver
//! before the body sees it (AsyncGeneratorUnwrapYieldResumption); completion drains the queue
//! (AwaitReturn for queued `return()`s). `yield*` uses GetIterator(async) and awaits each inner
//! result.

use crate::method;
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::generator::{self, Step, run, state};
use perry_runtime::iter;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// GeneratorResume / GeneratorResumeAbrupt (27.5.3.3-4).
fn resume(args: &Args, mode: u64, what: &str) -> JsResult {
    let g = args.this();
    if !g.is_cell() || g.kind() != KIND_GENERATOR || is_async_gen(g) {
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
/// (rejected). Async generators have their own driver (`ag_run`).
pub fn async_step(g: Value, v: Value, mode: u64) {
    if is_async_gen(g) {
        return ag_run(g, v, mode);
    }
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let step = run(g, v, mode);
    let promise = Value(hg.get()).cell().field(GEN_PROMISE);
    match step {
        Step::Threw => crate::promise::reject(promise, error::take()),
        Step::Returned(r) => crate::promise::resolve(promise, r),
        Step::Suspended(r) => crate::promise::await_value(r, Value(hg.get())),
    }
}

/// Await (27.7.5.3) for activation `g`, resuming it in `mode` with the value
/// (`next`, or `return` for an async generator's return resumption) or in
/// `throw` mode with the reason. `next` is the closure-free reaction of
/// `promise::await_value`; a `return` resumption waits through
/// continuations.
fn await_value(g: Value, v: Value, mode: u64) {
    if mode != GEN_RETURN {
        return crate::promise::await_value(v, g);
    }
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let p = scope.root(crate::promise::promise_resolve(v).0);
    let on_f = scope.root(continuation(Value(hg.get()), await_return_fulfilled).0);
    let on_r = continuation(Value(hg.get()), await_rejected);
    crate::promise::perform_then(Value(p.get()), Value(on_f.get()), on_r, Value::UNDEFINED);
}

fn continuation(g: Value, f: perry_runtime::function::NativeFn) -> Value {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let f = perry_runtime::function::new_native_caps("", 1, f, 1, 0);
    f.cell().set_field(FN_CAPS, Value(hg.get()));
    f
}

fn await_return_fulfilled(args: &Args) -> JsResult {
    ag_run(args.capture(0), args.get(0), GEN_RETURN);
    Ok(Value::UNDEFINED)
}

fn await_rejected(args: &Args) -> JsResult {
    async_step(args.capture(0), args.get(0), GEN_THROW);
    Ok(Value::UNDEFINED)
}

/// Called by an async function's code at its start (suspension point 0):
/// makes its promise and runs it to its first `await`.
extern "C" fn async_start(g: u64) -> u64 {
    let scope = HandleScope::new();
    let hg = scope.root(g);
    let p = scope.root(crate::promise::new_promise().0);
    Value(hg.get()).cell().set_field(GEN_PROMISE, Value(p.get()));
    async_step(Value(hg.get()), Value::UNDEFINED, GEN_NEXT);
    p.get()
}
perry_runtime::abi_export!(perry_async_start, async_start);

/// An async function with no `await` (compiled as a plain function)
/// returning `v`: its promise, resolved with `v`.
extern "C" fn async_resolved(v: u64) -> u64 {
    let scope = HandleScope::new();
    let hv = scope.root(v);
    let p = scope.root(crate::promise::new_promise().0);
    crate::promise::resolve(Value(p.get()), Value(hv.get()));
    p.get()
}
perry_runtime::abi_export!(perry_async_resolved, async_resolved);

/// Such a function threw (the exception is pending): its promise, rejected.
extern "C" fn async_rejected() -> u64 {
    let scope = HandleScope::new();
    let e = scope.root(error::take().0);
    let p = scope.root(crate::promise::new_promise().0);
    crate::promise::reject(Value(p.get()), Value(e.get()));
    p.get()
}
perry_runtime::abi_export!(perry_async_rejected, async_rejected);

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
        if !f.is_callable() {
            return Err(error::type_error(&format!("{} is not iterable", crate::object_builtins::v8_brief(Value(hv.get())))));
        }
        let it = perry_runtime::function::call(f, Value(hv.get()), &[])?;
        if !it.is_js_object() {
            return Err(error::type_error("Result of the Symbol.iterator method is not an object"));
        }
        Ok(it)
    })())
}
perry_runtime::abi_export!(perry_get_iterator, get_iterator);

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
            if ret.is_callable() {
                perry_runtime::function::call(ret, Value(hit.get()), &[])?;
            }
            return Err(error::type_error("The iterator does not provide a 'throw' method."));
        }
        if !m.is_callable() {
            return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(m))));
        }
        let r = perry_runtime::function::call(m, Value(hit.get()), &[Value(hv.get())])?;
        if !r.is_js_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(r))));
        }
        Ok(r)
    })())
}
perry_runtime::abi_export!(perry_yield_star_step, yield_star_step);

// ----- async generators (27.6): the same state machines, with a request queue -----

/// Whether `g` is an async generator object (its state is a number).
fn is_async_gen(g: Value) -> bool {
    g.is_cell() && g.kind() == KIND_GENERATOR && g.cell().field(GEN_AGSTATE).is_number()
}

fn ag_state(g: Value) -> i64 {
    g.cell().field(GEN_AGSTATE).as_number() as i64
}

fn set_ag_state(g: Value, s: i64) {
    g.cell().set_field(GEN_AGSTATE, Value::int(s));
}

/// AsyncGeneratorEnqueue: appends `[mode, value, promise]` to the queue.
fn ag_enqueue(g: Value, mode: u64, v: Value, p: Value) {
    let scope = HandleScope::new();
    let (hg, hv, hp) = (scope.root(g.0), scope.root(v.0), scope.root(p.0));
    let mut q = g.cell().field(GEN_PROMISE);
    if !q.is_object() {
        q = arr::new_array(0);
        Value(hg.get()).cell().set_field(GEN_PROMISE, q);
    }
    let hq = scope.root(q.0);
    arr::push(Value(hq.get()), Value::int(mode as i64));
    arr::push(Value(hq.get()), Value(hv.get()));
    arr::push(Value(hq.get()), Value(hp.get()));
}

/// The oldest request's mode and value, if any.
fn ag_head(g: Value) -> Option<(u64, Value)> {
    let q = g.cell().field(GEN_PROMISE);
    if !q.is_object() || arr::len(q) == 0 {
        return None;
    }
    Some((arr::get_index(q, 0).as_number() as u64, arr::get_index(q, 1)))
}

/// AsyncGeneratorCompleteStep: takes the oldest request off the queue and
/// settles its promise (rejects with `v`, or resolves with `{ value: v, done }`).
fn ag_complete_step(g: Value, threw: bool, v: Value, done: bool) {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let q = g.cell().field(GEN_PROMISE);
    let hp = scope.root(arr::get_index(q, 2).0);
    arr::splice_gap(q, 0, 3, 0);
    if threw {
        crate::promise::reject(Value(hp.get()), Value(hv.get()));
    } else {
        let r = iter::result_object(Value(hv.get()), done);
        crate::promise::resolve(Value(hp.get()), r);
    }
}

/// AsyncGeneratorResume from suspended-start or suspended-yield. A return
/// resumption awaits its value first (AsyncGeneratorUnwrapYieldResumption).
fn ag_resume(g: Value, v: Value, mode: u64) {
    set_ag_state(g, AG_EXECUTING);
    if mode == GEN_RETURN {
        await_value(g, v, GEN_RETURN);
    } else {
        ag_run(g, v, mode);
    }
}

/// Runs async generator `g` with `v` in `mode` until it awaits (its
/// continuation resumes it), yields with no request left (suspended-yield)
/// or completes (the queue drains).
fn ag_run(g: Value, v: Value, mode: u64) {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let hv = scope.root(v.0);
    let mut mode = mode;
    loop {
        let step = run(Value(hg.get()), Value(hv.get()), mode);
        let g = Value(hg.get());
        match step {
            Step::Threw => {
                let e = error::take();
                set_ag_state(g, AG_COMPLETED);
                ag_complete_step(g, true, e, true);
                return ag_drain(Value(hg.get()));
            }
            Step::Returned(r) => {
                set_ag_state(g, AG_COMPLETED);
                ag_complete_step(g, false, r, true);
                return ag_drain(Value(hg.get()));
            }
            Step::Suspended(r) if ag_state(g) == AG_SUSPENDED_YIELD => {
                // AsyncGeneratorYield: settle the oldest request; a queued
                // one resumes the body at once.
                ag_complete_step(g, false, r, false);
                let g = Value(hg.get());
                let Some((m, x)) = ag_head(g) else { return };
                set_ag_state(g, AG_EXECUTING);
                if m == GEN_RETURN {
                    return await_value(g, x, GEN_RETURN);
                }
                hv.set(x.0);
                mode = m;
            }
            Step::Suspended(r) => return await_value(g, r, GEN_NEXT),
        }
    }
}

/// AsyncGeneratorDrainQueue, once the generator completed.
fn ag_drain(g: Value) {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    loop {
        let g = Value(hg.get());
        let Some((m, v)) = ag_head(g) else {
            return set_ag_state(g, AG_COMPLETED);
        };
        match m {
            GEN_RETURN => {
                set_ag_state(g, AG_AWAITING_RETURN);
                return ag_await_return(g);
            }
            GEN_THROW => ag_complete_step(g, true, v, true),
            _ => ag_complete_step(g, false, Value::UNDEFINED, true),
        }
    }
}

/// AsyncGeneratorAwaitReturn: the oldest request is a `return(v)` of a
/// generator that is not running; settle it with the awaited `v`.
fn ag_await_return(g: Value) {
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let v = ag_head(g).map(|(_, v)| v).unwrap_or(Value::UNDEFINED);
    let p = scope.root(crate::promise::promise_resolve(v).0);
    let on_f = scope.root(continuation(Value(hg.get()), ag_return_fulfilled).0);
    let on_r = continuation(Value(hg.get()), ag_return_rejected);
    crate::promise::perform_then(Value(p.get()), Value(on_f.get()), on_r, Value::UNDEFINED);
}

fn ag_return_settled(args: &Args, threw: bool) -> JsResult {
    let scope = HandleScope::new();
    let hg = scope.root(args.capture(0).0);
    set_ag_state(Value(hg.get()), AG_COMPLETED);
    ag_complete_step(Value(hg.get()), threw, args.get(0), true);
    ag_drain(Value(hg.get()));
    Ok(Value::UNDEFINED)
}

fn ag_return_fulfilled(args: &Args) -> JsResult {
    ag_return_settled(args, false)
}

fn ag_return_rejected(args: &Args) -> JsResult {
    ag_return_settled(args, true)
}

/// %AsyncGeneratorPrototype%.next / return / throw (27.6.1.2-4): each
/// returns a promise; requests made while the generator runs are queued.
fn ag_method(args: &Args, mode: u64, what: &str) -> JsResult {
    let scope = HandleScope::new();
    let p = scope.root(crate::promise::new_promise().0);
    let g = args.this();
    if !is_async_gen(g) {
        let _ = error::type_error(&format!("{what} method called on incompatible receiver {}", crate::object_builtins::v8_brief(g)));
        crate::promise::reject(Value(p.get()), error::take());
        return Ok(Value(p.get()));
    }
    let hg = scope.root(g.0);
    let v = args.get(0);
    let mut st = ag_state(g);
    match mode {
        GEN_NEXT => {
            if st == AG_COMPLETED {
                let r = iter::result_object(Value::UNDEFINED, true);
                crate::promise::resolve(Value(p.get()), r);
                return Ok(Value(p.get()));
            }
            ag_enqueue(g, mode, v, Value(p.get()));
            if st == AG_SUSPENDED_START || st == AG_SUSPENDED_YIELD {
                ag_resume(Value(hg.get()), args.get(0), mode);
            }
        }
        GEN_RETURN => {
            ag_enqueue(g, mode, v, Value(p.get()));
            let g = Value(hg.get());
            if st == AG_SUSPENDED_START || st == AG_COMPLETED {
                if st == AG_SUSPENDED_START {
                    generator::finish(g);
                }
                set_ag_state(g, AG_AWAITING_RETURN);
                ag_await_return(g);
            } else if st == AG_SUSPENDED_YIELD {
                ag_resume(g, args.get(0), mode);
            }
        }
        _ => {
            if st == AG_SUSPENDED_START {
                generator::finish(g);
                set_ag_state(g, AG_COMPLETED);
                st = AG_COMPLETED;
            }
            if st == AG_COMPLETED {
                crate::promise::reject(Value(p.get()), args.get(0));
                return Ok(Value(p.get()));
            }
            ag_enqueue(g, mode, v, Value(p.get()));
            if st == AG_SUSPENDED_YIELD {
                ag_resume(Value(hg.get()), args.get(0), mode);
            }
        }
    }
    Ok(Value(p.get()))
}

fn ag_next(args: &Args) -> JsResult {
    ag_method(args, GEN_NEXT, "next")
}

fn ag_return(args: &Args) -> JsResult {
    ag_method(args, GEN_RETURN, "return")
}

fn ag_throw(args: &Args) -> JsResult {
    ag_method(args, GEN_THROW, "throw")
}

// ----- async iteration: GetIterator(async), CreateAsyncFromSyncIterator -----

fn afs_this(args: &Args) -> Option<Value> {
    let o = args.this();
    (o.is_cell() && o.kind() == KIND_ITERATOR && o.cell().word(iter::MODE) == iter::ASYNC_FROM_SYNC).then_some(o)
}

/// AsyncFromSyncIteratorContinuation: the promise `p` settles with the
/// awaited value of sync result `r`, wrapped as `{ value, done }`.
fn afs_continuation(r: Value, p: Value) {
    let scope = HandleScope::new();
    let (hr, hp) = (scope.root(r.0), scope.root(p.0));
    let outcome: JsResult<(bool, Value)> = (|| {
        let d = perry_runtime::object::get(Value(hr.get()), perry_runtime::atoms::names::DONE)?;
        let done = perry_runtime::ops::to_boolean(d);
        let v = perry_runtime::object::get(Value(hr.get()), perry_runtime::atoms::names::VALUE)?;
        Ok((done, v))
    })();
    let (done, v) = match outcome {
        Ok(x) => x,
        Err(_) => return crate::promise::reject(Value(hp.get()), error::take()),
    };
    let w = scope.root(crate::promise::promise_resolve(v).0);
    let on_f = perry_runtime::function::new_native_caps("", 1, afs_unwrap, 1, 0);
    on_f.cell().set_field(FN_CAPS, Value::bool(done));
    crate::promise::perform_then(Value(w.get()), on_f, Value::UNDEFINED, Value(hp.get()));
}

fn afs_unwrap(args: &Args) -> JsResult {
    Ok(iter::result_object(args.get(0), args.capture(0).as_bool()))
}

/// %AsyncFromSyncIteratorPrototype%.next / return / throw.
fn afs_method(args: &Args, mode: u64) -> JsResult {
    let scope = HandleScope::new();
    let p = scope.root(crate::promise::new_promise().0);
    let Some(o) = afs_this(args) else {
        let _ = error::type_error("not an async-from-sync iterator");
        crate::promise::reject(Value(p.get()), error::take());
        return Ok(Value(p.get()));
    };
    let ho = scope.root(o.0);
    let sync = scope.root(o.cell().field(iter::TARGET).0);
    let m = match mode {
        GEN_NEXT => Ok(o.cell().field(iter::NEXT)),
        GEN_RETURN => perry_runtime::object::get(Value(sync.get()), perry_runtime::atoms::names::RETURN),
        _ => perry_runtime::object::get(Value(sync.get()), perry_runtime::atoms::intern("throw")),
    };
    let _ = ho;
    let result = m.and_then(|m| {
        if m.is_nullish() && mode != GEN_NEXT {
            // No `return`: done with the value; no `throw`: reject with it.
            return if mode == GEN_RETURN { Ok(iter::result_object(args.get(0), true)) } else { Err(error::throw(args.get(0))) };
        }
        let argv: Vec<Value> = if !args.is_empty() { vec![args.get(0)] } else { vec![] };
        let r = perry_runtime::function::call(m, Value(sync.get()), &argv)?;
        if !r.is_js_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(r))));
        }
        Ok(r)
    });
    match result {
        Ok(r) => afs_continuation(r, Value(p.get())),
        Err(_) => crate::promise::reject(Value(p.get()), error::take()),
    }
    Ok(Value(p.get()))
}

fn afs_next(args: &Args) -> JsResult {
    afs_method(args, GEN_NEXT)
}

fn afs_return(args: &Args) -> JsResult {
    afs_method(args, GEN_RETURN)
}

fn afs_throw(args: &Args) -> JsResult {
    afs_method(args, GEN_THROW)
}

/// GetIterator(v, async) (7.4.3): `v[Symbol.asyncIterator]()`, or its sync
/// iterator wrapped by CreateAsyncFromSyncIterator.
fn get_async_iterator_js(v: Value) -> JsResult {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let f = perry_runtime::object::get(v, realm::sym_atom(I::SymAsyncIterator))?;
    if !f.is_nullish() {
        if !f.is_callable() {
            return Err(error::type_error(&format!("{} is not async iterable", crate::object_builtins::v8_brief(Value(hv.get())))));
        }
        let it = perry_runtime::function::call(f, Value(hv.get()), &[])?;
        if !it.is_js_object() {
            return Err(error::type_error("Result of the Symbol.asyncIterator method is not an object"));
        }
        return Ok(it);
    }
    let f = perry_runtime::object::get(Value(hv.get()), realm::sym_atom(I::SymIterator))?;
    if !f.is_callable() {
        return Err(error::type_error(&format!("{} is not async iterable", crate::object_builtins::v8_brief(Value(hv.get())))));
    }
    let it = perry_runtime::function::call(f, Value(hv.get()), &[])?;
    if !it.is_js_object() {
        return Err(error::type_error("Result of the Symbol.iterator method is not an object"));
    }
    let hit = scope.root(it.0);
    let next = perry_runtime::object::get(it, perry_runtime::atoms::intern("next"))?;
    let hn = scope.root(next.0);
    let o = iter::new_iterator(Value(hit.get()), iter::ASYNC_FROM_SYNC, I::AsyncFromSyncIteratorProto);
    o.cell().set_field(iter::NEXT, Value(hn.get()));
    Ok(o)
}

extern "C" fn get_async_iterator(v: u64) -> u64 {
    to_abi(get_async_iterator_js(Value(v)))
}
perry_runtime::abi_export!(perry_get_async_iterator, get_async_iterator);

/// `it.next` (read once per loop, as IteratorRecord.[[NextMethod]]).
extern "C" fn next_method(it: u64) -> u64 {
    to_abi(perry_runtime::object::get(Value(it), perry_runtime::atoms::intern("next")))
}
perry_runtime::abi_export!(perry_next_method, next_method);

/// Calls `next` on `it` with no argument; the result (awaited by the caller).
extern "C" fn call_next(it: u64, next: u64) -> u64 {
    to_abi((|| {
        if !Value(next).is_callable() {
            return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(Value(next)))));
        }
        perry_runtime::function::call(Value(next), Value(it), &[])
    })())
}
perry_runtime::abi_export!(perry_call_next, call_next);

/// An awaited iterator result of `for await`: its value, or HOLE when done.
extern "C" fn iter_result_value(r: u64) -> u64 {
    to_abi((|| {
        let r = Value(r);
        if !r.is_js_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(r))));
        }
        let scope = HandleScope::new();
        let hr = scope.root(r.0);
        let d = perry_runtime::object::get(r, perry_runtime::atoms::names::DONE)?;
        if perry_runtime::ops::to_boolean(d) {
            return Ok(Value(HOLE));
        }
        perry_runtime::object::get(Value(hr.get()), perry_runtime::atoms::names::VALUE)
    })())
}
perry_runtime::abi_export!(perry_iter_result_value, iter_result_value);

/// An awaited iterator result that must be an object (`yield*` in an async
/// generator, the result of `return()` closing a `for await`).
extern "C" fn iter_result_check(r: u64) -> u64 {
    if Value(r).is_js_object() {
        return r;
    }
    let _ = error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(Value(r))));
    EXCEPTION
}
perry_runtime::abi_export!(perry_iter_result_check, iter_result_check);

/// AsyncIteratorClose's call: `it.return()` (to be awaited), or HOLE when
/// there is no `return` method.
extern "C" fn async_iter_return(it: u64) -> u64 {
    to_abi((|| {
        let scope = HandleScope::new();
        let hit = scope.root(it);
        let r = perry_runtime::object::get(Value(it), perry_runtime::atoms::names::RETURN)?;
        if r.is_nullish() {
            return Ok(Value(HOLE));
        }
        if !r.is_callable() {
            return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(r))));
        }
        perry_runtime::function::call(r, Value(hit.get()), &[])
    })())
}
perry_runtime::abi_export!(perry_async_iter_return, async_iter_return);

fn async_iterator_self(args: &Args) -> JsResult {
    Ok(args.this())
}

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
    // The function prototypes: `prototype` links %GeneratorFunction.prototype%
    // to %GeneratorPrototype% (and back through `constructor`), the same for
    // async generators; each has its Symbol.toStringTag.
    let link = |fp: I, gp: I| {
        perry_runtime::object::define(realm::get(fp), perry_runtime::atoms::names::PROTOTYPE, realm::get(gp), perry_runtime::shape::CONFIGURABLE);
        perry_runtime::object::define(realm::get(gp), perry_runtime::atoms::names::CONSTRUCTOR, realm::get(fp), perry_runtime::shape::CONFIGURABLE);
    };
    link(I::GeneratorFunctionProto, I::GeneratorProto);
    link(I::AsyncGeneratorFunctionProto, I::AsyncGeneratorProto);
    crate::to_string_tag(realm::get(I::GeneratorFunctionProto), "GeneratorFunction");
    crate::to_string_tag(realm::get(I::AsyncFunctionProto), "AsyncFunction");
    crate::to_string_tag(realm::get(I::AsyncGeneratorFunctionProto), "AsyncGeneratorFunction");
    let ai = realm::get(I::AsyncIteratorProto);
    crate::method_atom(ai, realm::sym_atom(I::SymAsyncIterator), "[Symbol.asyncIterator]", 0, async_iterator_self);
    let ag = || realm::get(I::AsyncGeneratorProto);
    method(ag(), "next", 1, ag_next);
    method(ag(), "return", 1, ag_return);
    method(ag(), "throw", 1, ag_throw);
    crate::to_string_tag(ag(), "AsyncGenerator");
    let afs = || realm::get(I::AsyncFromSyncIteratorProto);
    method(afs(), "next", 1, afs_next);
    method(afs(), "return", 1, afs_return);
    method(afs(), "throw", 1, afs_throw);
}
