//! The async context: which AsyncLocalStorage stores are current, and how a
//! job, timer or promise reaction runs in the context current where it was
//! made (`node:async_hooks`, whose JavaScript half is
//! `compiler/builtins/node_async_hooks.ts`).
//!
//! Node 20 keeps an instance's store on the *current async resource* (the
//! promise whose reaction runs, the Timeout, the TickObject, ...): a new
//! resource copies the stores of the enabled instances from the current one,
//! `run` and `enterWith` write to the current resource. Here a context is
//! one value: undefined (no store) or an immutable value array
//! `[key0, store0, key1, store1, ...]` (`run` and `enterWith` replace it by a
//! copy). A resource keeps the context it was made in as one word:
//!
//! - a promise, in its `P_CTX` word (set at creation): the reaction job of a
//!   `then` runs in its derived promise's context, a thenable job in the
//!   context of the promise it resolves;
//! - an `await`, in its reaction (`[AWAIT_REACTION, activation, context]`)
//!   or its job;
//! - a reaction with no derived promise (the runtime's own continuations),
//!   in the derived place itself (a context is never a capability);
//! - `queueMicrotask`, timers, immediates and `nextTick` callbacks, beside
//!   their values in the queues (root sources "microtasks" and "event-loop");
//! - an AsyncResource, in its runner's capture.
//!
//! A job [`enter`]s its context and [`leave`]s it when done. Where Node
//! runs the same resource again or reads it later (an interval, an
//! AsyncResource, a derived promise resolved with a thenable), the context
//! the callback left is written back, as Node's store writes mutate the
//! resource. A key is a one-element array holding its state: undefined
//! (never enabled), true (enabled) or false (disabled after being
//! enabled). A disabled instance's stores are not copied into new resources
//! ([`capture`] drops them), but stay where they are, as in Node.
//!
//! With no AsyncLocalStorage ever used, the context is undefined: capturing
//! is a load, entering a job a push and a store.
//!
//! While any instance is disabled, [`capture`] is a filtered copy of `current`, recomputed when
//! `current` changes (the only time entering a job may allocate, `enter_allocates`). Everything
//! captured is traced: the "async-context" root source (`current`, the filtered copy, the
//! contexts to return to), promise cells, reaction arrays, "microtasks" and "event-loop".

use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::{JsResult, Value};

struct Context {
    /// The current context (undefined or a value array of key/store pairs).
    current: u64,
    /// `current` without the entries of disabled keys (what resources made
    /// now capture); only kept while `disabled` is positive.
    capture: u64,
    /// The contexts to return to that are heap values (roots), one per job
    /// being run whose [`Entered`] says so.
    saved: Vec<u64>,
    /// Keys disabled after being enabled (counted, never listed: a key
    /// dropped while disabled keeps the count up, which only means that
    /// `refresh` scans the current context's few keys).
    disabled: usize,
}

static CONTEXT: JsCell<Context> = JsCell::new(Context { current: UNDEFINED, capture: UNDEFINED, saved: Vec::new(), disabled: 0 });

fn cx() -> &'static mut Context {
    // SAFETY: the context belongs to the JS thread; callers use each borrow for one read or write
    // and run no JavaScript while holding it.
    unsafe { CONTEXT.get() }
}

/// The current context, as `run` and `enterWith` left it.
#[inline]
pub fn current() -> Value {
    Value(cx().current)
}

/// The context a resource made now keeps: the current one without the
/// stores of disabled instances. Never allocates.
#[inline]
pub fn capture() -> Value {
    let c = cx();
    Value(if c.disabled == 0 { c.current } else { c.capture })
}

/// Whether `v` is a context value array (in a reaction's derived place: a
/// reaction with no capability).
#[inline]
pub fn is_context(v: Value) -> bool {
    v.is_cell() && v.kind() == KIND_VALARRAY
}

/// Whether [`enter`] and [`leave`] may allocate now (an instance is disabled).
#[inline]
pub fn enter_allocates() -> bool {
    cx().disabled > 0
}

/// The context to return to when a job is done: itself when it is not a
/// heap value (undefined, the common case), else `HOLE` and the context on
/// the saved stack.
#[must_use]
pub struct Entered(u64);

/// Runs what follows in context `ctx` until [`leave`]. May allocate (only
/// while an instance is disabled: [`enter_allocates`]): root what you hold
/// first.
#[inline]
pub fn enter(ctx: Value) -> Entered {
    let c = cx();
    let prev = c.current;
    let e = if Value(prev).is_cell() {
        c.saved.push(prev);
        Entered(HOLE)
    } else {
        Entered(prev)
    };
    c.current = ctx.0;
    if c.disabled > 0 {
        refresh();
    }
    e
}

/// Returns to the context current before the matching [`enter`]. May
/// allocate, like `enter`.
#[inline]
pub fn leave(e: Entered) {
    let c = cx();
    c.current = if e.0 == HOLE { c.saved.pop().expect("async context: unbalanced leave") } else { e.0 };
    if c.disabled > 0 {
        refresh();
    }
}

fn set_current(v: Value) {
    cx().current = v.0;
    if cx().disabled > 0 {
        refresh();
    }
}

/// A key's state: undefined (never enabled), true or false.
fn state(key: Value) -> Value {
    arr::get_index(key, 0)
}

/// Recomputes `capture` from `current`: the same value when no key in it
/// is disabled, else a copy without the disabled keys' entries.
fn refresh() {
    let cur = current();
    if cur.is_undefined() {
        cx().capture = UNDEFINED;
        return;
    }
    let n = arr::va_capacity(cur) / 2;
    let kept = (0..n).filter(|&i| state(arr::va_get(cur, 2 * i)) != Value::bool(false)).count();
    if kept == n {
        cx().capture = cur.0;
        return;
    }
    if kept == 0 {
        cx().capture = UNDEFINED;
        return;
    }
    let out = arr::va_alloc(2 * kept);
    // `current` is a root: read it again after the allocation.
    let cur = current();
    let mut j = 0;
    for i in 0..n {
        let k = arr::va_get(cur, 2 * i);
        if state(k) != Value::bool(false) {
            arr::va_set(out, j, k);
            arr::va_set(out, j + 1, arr::va_get(cur, 2 * i + 1));
            j += 2;
        }
    }
    cx().capture = out.0;
}

/// The store of `key` in the current context (undefined when none).
fn lookup(key: Value) -> Value {
    let cur = current();
    if cur.is_undefined() {
        return Value::UNDEFINED;
    }
    let n = arr::va_capacity(cur);
    (0..n).step_by(2).find(|&i| arr::va_get(cur, i) == key).map_or(Value::UNDEFINED, |i| arr::va_get(cur, i + 1))
}

/// Makes the current context a copy of itself with `key` mapped to `store`
/// (no entry for an undefined store).
fn assign(key: Value, store: Value) {
    let scope = HandleScope::new();
    let (hk, hs) = (scope.root(key.0), scope.root(store.0));
    let cur = current();
    let old = if cur.is_undefined() { 0 } else { arr::va_capacity(cur) };
    let had = (0..old).step_by(2).any(|i| arr::va_get(cur, i) == key);
    let removed = if had { 2 } else { 0 };
    let added = if store.is_undefined() { 0 } else { 2 };
    let len = old - removed + added;
    if len == 0 {
        return set_current(Value::UNDEFINED);
    }
    let out = arr::va_alloc(len);
    let (cur, key) = (current(), Value(hk.get()));
    let mut j = 0;
    for i in (0..old).step_by(2) {
        let k = arr::va_get(cur, i);
        if k != key {
            arr::va_set(out, j, k);
            arr::va_set(out, j + 1, arr::va_get(cur, i + 1));
            j += 2;
        }
    }
    if !Value(hs.get()).is_undefined() {
        arr::va_set(out, j, key);
        arr::va_set(out, j + 1, Value(hs.get()));
    }
    set_current(out);
}

// ----- the native half of node:async_hooks -----

/// `newKey()`: a new instance's key, never enabled yet.
fn new_key(_: &Args) -> JsResult {
    Ok(arr::new_array_filled(1, Value::UNDEFINED))
}

/// `get(key)`: the key's store in the current resource (enabled or not).
fn get(args: &Args) -> JsResult {
    Ok(lookup(args.get(0)))
}

/// `set(key, store)`: writes the key's store to the current resource.
fn set(args: &Args) -> JsResult {
    assign(args.get(0), args.get(1));
    Ok(Value::UNDEFINED)
}

/// `setEnabled(key, on)`: enables the key (its stores propagate to new
/// resources) or disables it (Node's storageList membership).
fn set_enabled(args: &Args) -> JsResult {
    let (key, on) = (args.get(0), args.get(1).as_bool());
    let was = state(key);
    if was == Value::bool(on) || (was.is_undefined() && !on) {
        return Ok(Value::UNDEFINED);
    }
    arr::set_index(key, 0, Value::bool(on))?;
    let c = cx();
    if !on {
        c.disabled += 1;
    } else if was == Value::bool(false) {
        c.disabled -= 1;
    }
    if c.disabled > 0 {
        refresh();
    } else {
        c.capture = UNDEFINED;
    }
    Ok(Value::UNDEFINED)
}

/// `resource()`: an AsyncResource's runner, holding the context current
/// now; `runner(fn, thisArg, args)` calls `fn` in it (runInAsyncScope).
fn resource(_: &Args) -> JsResult {
    let scope = HandleScope::new();
    let ctx = scope.root(capture().0);
    let f = function::new_native_caps("runInAsyncScope", 3, run_in_scope, 1, 0);
    f.cell().set_field(FN_CAPS, Value(ctx.get()));
    Ok(f)
}

fn run_in_scope(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let list = args.get(2);
    let n = if list.is_array() { arr::len(list) } else { 0 };
    let hs: Vec<_> = (0..n).map(|i| scope.root(arr::get_index(args.get(2), i).0)).collect();
    let entered = enter(args.capture(0));
    let argv: Vec<Value> = hs.iter().map(|h| Value(h.get())).collect();
    let r = function::call(args.get(0), args.get(1), &argv);
    // The resource's stores as the callback left them (Node writes to the
    // resource itself), for its next run.
    args.callee().cell().set_field(FN_CAPS, current());
    let hr = scope.root(match r {
        Ok(v) => v.0,
        Err(_) => EXCEPTION,
    });
    leave(entered);
    match hr.get() {
        EXCEPTION => Err(error::Exc),
        v => Ok(Value(v)),
    }
}

/// `invalidArgType(name, type, value)`: Node's ERR_INVALID_ARG_TYPE TypeError.
fn invalid_arg_type(args: &Args) -> JsResult {
    let (name, ty) = (perry_runtime::string::to_rust(args.get(0)), perry_runtime::string::to_rust(args.get(1)));
    let msg = format!("The \"{name}\" argument must be of type {ty}. Received {}", crate::event_loop::received(args.get(2)));
    let scope = HandleScope::new();
    let e = scope.root(error::new_error(error::ErrorKind::TypeError, &msg).0);
    let code = scope.root(perry_runtime::string::from_str("ERR_INVALID_ARG_TYPE").0);
    let k = perry_runtime::atoms::intern("code");
    object::set(Value(e.get()), k, Value(code.get()))?;
    Ok(Value(e.get()))
}

fn build() -> JsResult {
    let scope = HandleScope::new();
    let ns = scope.root(object::new_plain(6).0);
    let m = |name, len, f| {
        crate::method(Value(ns.get()), name, len, f);
    };
    m("newKey", 0, new_key);
    m("get", 1, get);
    m("set", 2, set);
    m("setEnabled", 2, set_enabled);
    m("resource", 0, resource);
    m("invalidArgType", 3, invalid_arg_type);
    Ok(Value(ns.get()))
}

pub fn install() {
    perry_gc::roots::register_source("async-context", |visit| {
        let c = cx();
        visit(&mut c.current as *mut u64);
        visit(&mut c.capture as *mut u64);
        for v in c.saved.iter_mut() {
            visit(v as *mut u64);
        }
    });
    crate::native_modules::register("async_hooks", build);
}
