//! The iteration protocol. Built-in iterators (array, string, Map, Set) are
//! iterator cells stepped natively; anything else is wrapped in a GENERIC
//! cell holding the iterator object and its `next` method.
//!
//! Layout after the ordinary object words: `target | index | mode | next`
//! (`perry_abi::ITER_*`: compiled for-of steps an Array's values inline).
//!
//! # Compiled for-of
//!
//! `open` gives an Array whose `Symbol.iterator` is the built-in one an iterator cell in
//! `ARRAY_VALUES` mode; compiled for-of reads its next element inline while the index is below
//! the array's current length and the element is not a hole, and advances the raw index word
//! (no barrier); anything else (done, a hole, which reads through the prototype chain, other
//! modes) calls `perry_iter_next` from a cold block. When a generator's `next` is the built-in
//! one, `open` makes an iterator cell in `GENERATOR` mode and [`step_generator`] runs the state
//! machine directly: no result object and no native call per step. GetIterator(async) falls
//! back to an async-from-sync iterator (mode `ASYNC_FROM_SYNC`, over
//! %AsyncFromSyncIteratorPrototype%; Node 20 semantics: no close on a rejected value, a missing
//! `throw` rejects with the value).

use crate::array;
use crate::atoms::names;
use crate::collections;
use crate::error::{self, JsResult};
use crate::function;
use crate::object;
use crate::ops;
use crate::realm::{self, I};
use crate::string;
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

pub const TARGET: i32 = perry_abi::ITER_TARGET;
pub const INDEX: i32 = perry_abi::ITER_INDEX;
pub const MODE: i32 = perry_abi::ITER_MODE;
pub const NEXT: i32 = perry_abi::OBJ_INLINE + 24;

pub const ARRAY_VALUES: u64 = perry_abi::ITER_ARRAY_VALUES;
pub const ARRAY_KEYS: u64 = 1;
pub const ARRAY_ENTRIES: u64 = 2;
pub const STRING: u64 = perry_abi::ITER_STRING;
pub const MAP_ENTRIES: u64 = 4;
pub const MAP_KEYS: u64 = 5;
pub const MAP_VALUES: u64 = 6;
pub const SET_VALUES: u64 = 7;
pub const SET_ENTRIES: u64 = 8;
pub const GENERIC: u64 = 9;
pub const DONE: u64 = 10;
/// for-in: `target` is the key list, `next` the object; keys deleted
/// during the loop are skipped.
pub const FOR_IN: u64 = 11;
/// A generator object whose `next` is %GeneratorPrototype%.next: stepped by
/// running its state machine directly, with no result object.
pub const GENERATOR: u64 = 12;
/// An async-from-sync iterator (stdlib `generator.rs`, 27.1.6): `target`
/// is the sync iterator, `next` its `next` method.
pub const ASYNC_FROM_SYNC: u64 = 13;

/// A built-in iterator over `target` with `mode`.
pub fn new_iterator(target: Value, mode: u64, proto: I) -> Value {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let it = object::alloc_object(KIND_ITERATOR, 32, 0, realm::get(proto));
    it.cell().set_field(TARGET, Value(ht.get()));
    it.cell().set_word(INDEX, 0);
    it.cell().set_word(MODE, mode);
    it.cell().set_field(NEXT, Value::UNDEFINED);
    it
}

/// GetIterator(v, sync): a fast built-in iterator when the object's
/// `[Symbol.iterator]` is the built-in one, else the generic protocol.
pub fn open(v: Value) -> JsResult {
    if v.is_cell() && v.kind() == KIND_ITERATOR && matches!(v.cell().word(MODE), GENERIC | GENERATOR) {
        return Ok(v);
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    if v.is_nullish() {
        return Err(error::type_error(&format!("{} is not iterable", ops::inspect_brief(v))));
    }
    // A getter or a proxy's `get` trap may throw: that error stands. An array's (or any
    // object's) inherited method comes from the prototype cache.
    let at = realm::sym_atom(I::SymIterator);
    let f = match crate::abi::get_inherited_data(v, at) {
        Some(f) => f,
        None => object::get(v, at)?,
    };
    let v = Value(hv.get());
    if f.is_undefined() || f.is_null() {
        return Err(error::type_error(&format!("{} is not iterable", not_iterable_name(v))));
    }
    open_method(v, f)
}

/// GetIteratorFromMethod(v, f) (7.4.3): the iterator `f` makes for `v`, for
/// callers that read `v[Symbol.iterator]` themselves (once: a proxy's `get`
/// trap sees one read).
pub fn open_method(v: Value, f: Value) -> JsResult {
    let scope = HandleScope::new();
    if f == realm::get(I::ArrayProtoValues) && v.is_array() {
        return Ok(new_iterator(v, ARRAY_VALUES, I::ArrayIteratorProto));
    }
    let it = function::call(f, v, &[])?;
    if it.is_cell() && it.kind() == KIND_ITERATOR && it.cell().word(MODE) != GENERIC {
        return Ok(it);
    }
    if !it.is_js_object() {
        return Err(error::type_error("Result of the Symbol.iterator method is not an object"));
    }
    let hit = scope.root(it.0);
    let next = object::get(it, names::NEXT)?;
    let hn = scope.root(next.0);
    let it = Value(hit.get());
    if it.is_cell() && it.kind() == KIND_GENERATOR && next == realm::get(I::GeneratorProtoNext) {
        return Ok(new_iterator(it, GENERATOR, I::IteratorProto));
    }
    let cell = new_iterator(Value(hit.get()), GENERIC, I::IteratorProto);
    cell.cell().set_field(NEXT, Value(hn.get()));
    Ok(cell)
}

fn not_iterable_name(v: Value) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if v.is_number() {
        format!("number {}", string::number_to_rust(v.as_number()))
    } else if v.is_object() && !v.is_function() {
        "object is not iterable (cannot read property Symbol(Symbol.iterator))".replace(" is not iterable (cannot read property Symbol(Symbol.iterator))", "")
    } else {
        ops::inspect_brief(v)
    }
}

/// Whether for-in still visits key `a` of `o` (V8's HasEnumerableProperty,
/// which Node runs for every key when a proxy is on the chain): an ordinary
/// object's own property of any attributes says yes; a proxy is asked
/// [[GetOwnProperty]] (its getOwnPropertyDescriptor trap: yes when
/// enumerable, no when not) and, when it has none, [[GetPrototypeOf]] to go
/// on with; no `has` trap runs.
fn for_in_present(o: Value, a: crate::atoms::Atom) -> JsResult<bool> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    loop {
        let o = Value(ho.get());
        if o.is_proxy() {
            match crate::proxy::own_property(o, a)? {
                Some(object::Prop::Data(_, at) | object::Prop::Accessor(_, _, at)) => return Ok(at & crate::shape::ENUMERABLE != 0),
                None => ho.set(crate::proxy::proto_of_any(Value(ho.get()))?.0),
            }
        } else if o.is_object() {
            if object::get_own_property(o, a).is_some() {
                return Ok(true);
            }
            // A typed array's numeric keys never reach its prototype (10.4.5).
            if o.kind() == KIND_TYPED_ARRAY && crate::bytes::numeric_key(a).is_some() {
                return Ok(false);
            }
            ho.set(object::proto_of(o).0);
        } else {
            return Ok(false);
        }
    }
}

/// IteratorStep: the next value, or HOLE when done.
pub fn step(it: Value) -> JsResult {
    let mode = it.cell().word(MODE);
    let i = it.cell().word(INDEX) as usize;
    let t = it.cell().field(TARGET);
    match mode {
        ARRAY_VALUES | ARRAY_KEYS | ARRAY_ENTRIES => {
            // An array-like's (a proxy's) `length` runs code: `it` is held.
            let scope = HandleScope::new();
            let hi = scope.root(it.0);
            let n = if t.is_array() {
                array::len(t)
            } else if crate::bytes::is_typed_array(t) {
                // %ArrayIteratorPrototype%.next (23.1.5.2.1): a typed array's
                // current length; an out-of-bounds one throws.
                if crate::bytes::view_out_of_bounds(t) {
                    return Err(error::type_error("Cannot perform %ArrayIteratorPrototype%.next on a detached ArrayBuffer"));
                }
                crate::bytes::ta_len(t)
            } else {
                ops::length_of(t)?
            };
            let it = Value(hi.get());
            let t = it.cell().field(TARGET);
            if i >= n {
                it.cell().set_word(MODE, DONE);
                return Ok(Value::HOLE);
            }
            it.cell().set_word(INDEX, (i + 1) as u64);
            match mode {
                ARRAY_KEYS => Ok(Value::int(i as i64)),
                _ => {
                    let v = if t.is_array() { array::get(t, i)? } else { object::get_value_key(t, Value::int(i as i64))? };
                    if mode == ARRAY_VALUES { Ok(v) } else { Ok(pair(Value::int(i as i64), v)) }
                }
            }
        }
        STRING => {
            let u = string::view(t);
            if i >= u.len() {
                it.cell().set_word(MODE, DONE);
                return Ok(Value::HOLE);
            }
            let c = u.at(i);
            let n = if (0xD800..0xDC00).contains(&c) && i + 1 < u.len() && (0xDC00..0xE000).contains(&u.at(i + 1)) { 2 } else { 1 };
            it.cell().set_word(INDEX, (i + n) as u64);
            if n == 1 {
                Ok(ops::unit_string(c))
            } else {
                let pair = [c, u.at(i + 1)];
                Ok(string::from_units(&pair))
            }
        }
        MAP_ENTRIES | MAP_KEYS | MAP_VALUES | SET_VALUES | SET_ENTRIES => {
            // The position is (entries array in NEXT, INDEX): it survives
            // the collection's rebuilds (`collections::resume`).
            if let Some((k, v, e, i)) = collections::next_live(t, it.cell().field(NEXT), i) {
                it.cell().set_field(NEXT, e);
                it.cell().set_word(INDEX, i as u64);
                return Ok(match mode {
                    MAP_KEYS | SET_VALUES => k,
                    MAP_VALUES => v,
                    SET_ENTRIES => pair(k, k),
                    _ => pair(k, v),
                });
            }
            it.cell().set_word(MODE, DONE);
            it.cell().set_field(NEXT, Value::UNDEFINED);
            Ok(Value::HOLE)
        }
        FOR_IN => {
            let scope = HandleScope::new();
            let hit = scope.root(it.0);
            let mut i = i;
            loop {
                let t = Value(hit.get()).cell().field(TARGET);
                if i >= array::len(t) {
                    break;
                }
                let hk = scope.root(array::get_index(t, i).0);
                i += 1;
                let a = crate::atoms::intern_value(Value(hk.get()));
                let obj = Value(hit.get()).cell().field(NEXT);
                if for_in_present(obj, a)? {
                    Value(hit.get()).cell().set_word(INDEX, i as u64);
                    return Ok(Value(hk.get()));
                }
            }
            Value(hit.get()).cell().set_word(MODE, DONE);
            Ok(Value::HOLE)
        }
        GENERIC => {
            let scope = HandleScope::new();
            let hit = scope.root(it.0);
            let r = function::call(it.cell().field(NEXT), t, &[])?;
            if !r.is_js_object() {
                return Err(error::type_error(&format!("Iterator result {} is not an object", ops::to_rust_string(r).unwrap_or_default())));
            }
            let hr = scope.root(r.0);
            let d = object::get(r, names::DONE)?;
            if ops::to_boolean(d) {
                Value(hit.get()).cell().set_word(MODE, DONE);
                return Ok(Value::HOLE);
            }
            object::get(Value(hr.get()), names::VALUE)
        }
        GENERATOR => step_generator(it),
        _ => Ok(Value::HOLE),
    }
}

/// IteratorStep of a generator stepped directly: %GeneratorPrototype%.next
/// (27.5.1.2) without its result object.
pub fn step_generator(it: Value) -> JsResult {
    let t = it.cell().field(TARGET);
    match crate::generator::state(t) {
        GEN_RUNNING => return Err(error::type_error("Generator is already running")),
        GEN_DONE => {
            it.cell().set_word(MODE, DONE);
            return Ok(Value::HOLE);
        }
        _ => {}
    }
    let scope = HandleScope::new();
    let hit = scope.root(it.0);
    match crate::generator::run(t, Value::UNDEFINED, GEN_NEXT) {
        crate::generator::Step::Suspended(v) => Ok(v),
        crate::generator::Step::Returned(_) => {
            Value(hit.get()).cell().set_word(MODE, DONE);
            Ok(Value::HOLE)
        }
        crate::generator::Step::Threw => {
            Value(hit.get()).cell().set_word(MODE, DONE);
            Err(error::Exc)
        }
    }
}

fn pair(a: Value, b: Value) -> Value {
    array::from_values(&[a, b])
}

/// IteratorClose: calls `return` on a generic iterator that is not done.
pub fn close(it: Value) -> JsResult<()> {
    if it.cell().word(MODE) != GENERIC && it.cell().word(MODE) != GENERATOR {
        it.cell().set_word(MODE, DONE);
        return Ok(());
    }
    it.cell().set_word(MODE, DONE);
    let scope = HandleScope::new();
    let ht = scope.root(it.cell().field(TARGET).0);
    let r = object::get(Value(ht.get()), names::RETURN)?;
    if r.is_nullish() {
        return Ok(());
    }
    let res = function::call(r, Value(ht.get()), &[])?;
    if !res.is_js_object() {
        return Err(error::type_error("iterator.return() did not return an object"));
    }
    Ok(())
}

/// `{ value, done }` objects for the built-in iterators' `next`.
pub fn result_object(v: Value, done: bool) -> Value {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let o = object::new_plain(2);
    object::add_property(o, names::VALUE, Value(hv.get()), crate::shape::DEFAULT);
    object::add_property(o, names::DONE, Value::bool(done), crate::shape::DEFAULT);
    o
}

/// Collects an iterable into a Rust vector of rooted values (spread, Array.from).
pub fn collect_into(arr: Value, iterable: Value) -> JsResult<Value> {
    let scope = HandleScope::new();
    let ha = scope.root(arr.0);
    if iterable.is_array() && crate::abi::get_inherited_data(iterable, realm::sym_atom(I::SymIterator)) == Some(realm::get(I::ArrayProtoValues)) {
        let n = array::len(iterable);
        let hs = scope.root(iterable.0);
        for i in 0..n {
            let v = array::get(Value(hs.get()), i)?;
            array::push(Value(ha.get()), v);
        }
        return Ok(Value(ha.get()));
    }
    let it = open(iterable)?;
    let hi = scope.root(it.0);
    loop {
        let v = step(Value(hi.get()))?;
        if v == Value::HOLE {
            break;
        }
        array::push(Value(ha.get()), v);
    }
    Ok(Value(ha.get()))
}
