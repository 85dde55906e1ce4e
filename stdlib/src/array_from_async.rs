//! Array.fromAsync ( asyncItems [ , mapfn [ , thisArg ] ] ) — ES2026
//! 23.1.2.2 (the proposal-array-from-async algorithm).
//!
//! The spec's async abstract closure is a state machine here: a state
//! array (`S_*` slots) and native closures that each hold it as their one
//! capture. Every `Await` is PromiseResolve plus PerformPromiseThen with two
//! such closures; an abrupt completion rejects the result promise, after
//! AsyncIteratorClose where the spec closes the iterator (a throwing or
//! rejecting `mapfn`, a failing CreateDataPropertyOrThrow).

use crate::array::{construct_this, create_i, get_i, require_fn, set_len};
use crate::promise;
use perry_abi::FN_CAPS;
use perry_gc::HandleScope;
use perry_runtime::array as arr;
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::{self, Args, NativeFn};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// The result promise.
const S_PROMISE: usize = 0;
/// The array (or `this`-constructed object) being filled.
const S_TARGET: usize = 1;
/// The iterator (async, or async-from-sync); undefined for an array-like.
const S_ITERATOR: usize = 2;
/// The iterator's `next` method.
const S_NEXT: usize = 3;
const S_MAPFN: usize = 4;
const S_THIS_ARG: usize = 5;
/// The index k, a number.
const S_INDEX: usize = 6;
/// The array-like and its length (array-like mode).
const S_ARRAY_LIKE: usize = 7;
const S_LENGTH: usize = 8;
/// The error an AsyncIteratorClose rejects with once `return` settles.
const S_ERROR: usize = 9;
const S_SLOTS: usize = 10;

fn slot(s: Value, i: usize) -> Value {
    arr::get_index(s, i)
}

fn set_slot(s: Value, i: usize, v: Value) {
    // In range of an array no script sees: cannot fail.
    let _ = arr::set_index(s, i, v);
}

fn index(s: Value) -> usize {
    slot(s, S_INDEX).as_number() as usize
}

/// A one-argument closure over the state `s`.
fn closure(s: Value, f: NativeFn) -> Value {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let c = function::new_native_caps("", 1, f, 1, 0);
    c.cell().set_field(FN_CAPS, Value(hs.get()));
    c
}

/// Await(v), continuing with `on_fulfilled` or `on_rejected`.
fn await_then(s: Value, v: Value, on_fulfilled: NativeFn, on_rejected: NativeFn) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let hv = scope.root(v.0);
    let f = scope.root(closure(Value(hs.get()), on_fulfilled).0);
    let r = scope.root(closure(Value(hs.get()), on_rejected).0);
    let p = promise::promise_resolve(Value(hv.get()));
    promise::perform_then(p, Value(f.get()), Value(r.get()), Value::UNDEFINED);
}

/// Rejects the result promise with the pending exception.
fn reject_pending(s: Value) {
    let e = error::take();
    promise::reject(slot(s, S_PROMISE), e);
}

fn is_iterating(s: Value) -> bool {
    !slot(s, S_ITERATOR).is_undefined()
}

/// Array.fromAsync — the function itself: the result promise, with the
/// closure's synchronous part run now.
pub fn from_async(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let p = promise::new_promise();
    let hp = scope.root(p.0);
    let s = arr::new_array(S_SLOTS);
    set_slot(s, S_PROMISE, Value(hp.get()));
    let hs = scope.root(s.0);
    if start(Value(hs.get()), args).is_err() {
        reject_pending(Value(hs.get()));
    }
    Ok(Value(hp.get()))
}

/// Steps up to the first Await: mapfn check, GetIterator or the array-like.
fn start(s: Value, args: &Args) -> JsResult<()> {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let c = args.this();
    let items = args.get(0);
    let mapfn = args.get(1);
    if !mapfn.is_undefined() {
        require_fn(mapfn)?;
    }
    set_slot(Value(hs.get()), S_MAPFN, mapfn);
    set_slot(Value(hs.get()), S_THIS_ARG, args.get(2));
    set_slot(Value(hs.get()), S_INDEX, Value::int(0));
    if items.is_nullish() {
        let what = if items.is_null() { "null" } else { "undefined" };
        return Err(error::type_error(&format!("{what} is not async iterable")));
    }
    let using_async = object::get(args.get(0), realm::sym_atom(I::SymAsyncIterator))?;
    let hua = scope.root(using_async.0);
    let using_sync = if using_async.is_nullish() { object::get(args.get(0), realm::sym_atom(I::SymIterator))? } else { Value::UNDEFINED };
    let hus = scope.root(using_sync.0);
    if !Value(hua.get()).is_nullish() || !Value(hus.get()).is_nullish() {
        // GetIteratorFromMethod; a sync iterator through CreateAsyncFromSyncIterator.
        let sync = Value(hua.get()).is_nullish();
        let method = if sync { Value(hus.get()) } else { Value(hua.get()) };
        if !method.is_callable() {
            return Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(method))));
        }
        let it = function::call(method, args.get(0), &[])?;
        if !it.is_js_object() {
            return Err(error::type_error("Result of the Symbol.asyncIterator method is not an object"));
        }
        let hit = scope.root(it.0);
        let next = object::get(it, atoms::intern("next"))?;
        let hn = scope.root(next.0);
        if sync {
            let o = iter::new_iterator(Value(hit.get()), iter::ASYNC_FROM_SYNC, I::AsyncFromSyncIteratorProto);
            o.cell().set_field(iter::NEXT, Value(hn.get()));
            hit.set(o.0);
            let next = object::get(o, atoms::intern("next"))?;
            hn.set(next.0);
        }
        let a = construct_this(c, None)?;
        let s = Value(hs.get());
        set_slot(s, S_TARGET, a);
        set_slot(s, S_ITERATOR, Value(hit.get()));
        set_slot(s, S_NEXT, Value(hn.get()));
        iterate(s);
        return Ok(());
    }
    // An array-like: ToObject, LengthOfArrayLike, then one Await per element.
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    let len = ops::length_of(o)?;
    let a = construct_this(c, Some(len))?;
    let s = Value(hs.get());
    set_slot(s, S_TARGET, a);
    set_slot(s, S_ARRAY_LIKE, Value(ho.get()));
    set_slot(s, S_LENGTH, Value::num(len as f64));
    array_like_step(s);
    Ok(())
}

/// Iterator mode: `Await(Call(next, iterator))`.
fn iterate(s: Value) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let next = slot(s, S_NEXT);
    let r = if next.is_callable() {
        function::call(next, slot(s, S_ITERATOR), &[])
    } else {
        Err(error::type_error(&format!("{} is not a function", crate::object_builtins::v8_brief(next))))
    };
    match r {
        Ok(r) => await_then(Value(hs.get()), r, next_fulfilled, reject_with),
        Err(_) => reject_pending(Value(hs.get())),
    }
}

/// The awaited IteratorResult: done (set `length`, resolve) or a value.
fn next_fulfilled(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let hs = scope.root(args.capture(0).0);
    let r = args.get(0);
    let hr = scope.root(r.0);
    let step = (|| -> JsResult<Option<Value>> {
        if !r.is_js_object() {
            return Err(error::type_error(&format!("Iterator result {} is not an object", crate::object_builtins::v8_brief(r))));
        }
        let done = object::get(Value(hr.get()), atoms::intern("done"))?;
        if ops::to_boolean(done) {
            return Ok(None);
        }
        Ok(Some(object::get(Value(hr.get()), atoms::intern("value"))?))
    })();
    let s = Value(hs.get());
    match step {
        Err(_) => reject_pending(s),
        Ok(None) => match set_len(slot(s, S_TARGET), index(s)) {
            Ok(()) => promise::resolve(slot(Value(hs.get()), S_PROMISE), slot(Value(hs.get()), S_TARGET)),
            Err(_) => reject_pending(Value(hs.get())),
        },
        Ok(Some(v)) => got_value(s, v),
    }
    Ok(Value::UNDEFINED)
}

/// A value from the iterator or the array-like: mapped (and awaited) or stored.
fn got_value(s: Value, v: Value) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let mapfn = slot(s, S_MAPFN);
    if mapfn.is_undefined() {
        store(Value(hs.get()), v);
        return;
    }
    let k = Value::num(index(s) as f64);
    match function::call(mapfn, slot(s, S_THIS_ARG), &[v, k]) {
        Ok(m) => await_then(Value(hs.get()), m, mapped_fulfilled, mapped_rejected),
        Err(_) => fail(Value(hs.get())),
    }
}

fn mapped_fulfilled(args: &Args) -> JsResult {
    store(args.capture(0), args.get(0));
    Ok(Value::UNDEFINED)
}

fn mapped_rejected(args: &Args) -> JsResult {
    error::throw(args.get(0));
    fail(args.capture(0));
    Ok(Value::UNDEFINED)
}

/// CreateDataPropertyOrThrow(A, k, v), then the next step.
fn store(s: Value, v: Value) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let k = index(s);
    if create_i(slot(s, S_TARGET), k, v).is_err() {
        fail(Value(hs.get()));
        return;
    }
    let s = Value(hs.get());
    set_slot(s, S_INDEX, Value::num((k + 1) as f64));
    if is_iterating(s) { iterate(s) } else { array_like_step(s) }
}

/// An abrupt completion (the pending exception) after the iterator was
/// opened: AsyncIteratorClose with it, then reject. In array-like mode, reject.
fn fail(s: Value) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let e = scope.root(error::take().0);
    if !is_iterating(s) {
        promise::reject(slot(s, S_PROMISE), Value(e.get()));
        return;
    }
    set_slot(s, S_ERROR, Value(e.get()));
    let it = slot(s, S_ITERATOR);
    // GetMethod(iterator, "return") and its call: their own errors lose to the original.
    let ret = match object::get(it, atoms::intern("return")) {
        Ok(r) if r.is_callable() => r,
        _ => {
            error::take();
            promise::reject(slot(Value(hs.get()), S_PROMISE), Value(e.get()));
            return;
        }
    };
    match function::call(ret, slot(Value(hs.get()), S_ITERATOR), &[]) {
        Ok(r) => await_then(Value(hs.get()), r, reject_saved, reject_saved),
        Err(_) => {
            error::take();
            promise::reject(slot(Value(hs.get()), S_PROMISE), Value(e.get()));
        }
    }
}

/// After `return` settled: reject with the error that closed the iterator.
fn reject_saved(args: &Args) -> JsResult {
    let s = args.capture(0);
    promise::reject(slot(s, S_PROMISE), slot(s, S_ERROR));
    Ok(Value::UNDEFINED)
}

/// A rejection of an awaited `next` result or array-like element: reject
/// (the iterator is not closed, 7.4.x IfAbruptRejectPromise).
fn reject_with(args: &Args) -> JsResult {
    promise::reject(slot(args.capture(0), S_PROMISE), args.get(0));
    Ok(Value::UNDEFINED)
}

/// Array-like mode: `Await(Get(arrayLike, k))`, or the end.
fn array_like_step(s: Value) {
    let scope = HandleScope::new();
    let hs = scope.root(s.0);
    let k = index(s);
    let len = slot(s, S_LENGTH).as_number() as usize;
    if k >= len {
        match set_len(slot(s, S_TARGET), len) {
            Ok(()) => promise::resolve(slot(Value(hs.get()), S_PROMISE), slot(Value(hs.get()), S_TARGET)),
            Err(_) => reject_pending(Value(hs.get())),
        }
        return;
    }
    match get_i(slot(s, S_ARRAY_LIKE), k) {
        Ok(v) => await_then(Value(hs.get()), v, item_fulfilled, reject_with),
        Err(_) => reject_pending(Value(hs.get())),
    }
}

fn item_fulfilled(args: &Args) -> JsResult {
    got_value(args.capture(0), args.get(0));
    Ok(Value::UNDEFINED)
}
