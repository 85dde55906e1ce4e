//! Map and Set (ECMAScript 24.1, 24.2) on `perry_runtime::collections`.

use crate::object_builtins::{entry_pair, for_each_iterable_method, require_iterable, v8_brief};
use crate::{getter, method, method_atom};
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::atoms;
use perry_runtime::collections::{self, normalize_key};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

/// The intrinsic Map.prototype.set and Set.prototype.add (roots): the
/// constructors skip the generic adder call when they are unchanged.
static ADDERS: JsCell<[u64; 2]> = JsCell::new([UNDEFINED; 2]);

fn this_of_kind(this: Value, kind: u64, what: &str) -> JsResult {
    if this.is_cell() && this.kind() == kind {
        Ok(this)
    } else {
        Err(error::type_error(&format!("Method {what} called on incompatible receiver {}", v8_brief(this))))
    }
}

fn map_this(args: &Args, what: &str) -> JsResult {
    this_of_kind(args.this(), KIND_MAP, what)
}

fn set_this(args: &Args, what: &str) -> JsResult {
    this_of_kind(args.this(), KIND_SET, what)
}

/// V8's rendering of a non-callable in the collection methods' messages.
fn callback_error(v: Value) -> error::Exc {
    let s = if v.is_number() || v.is_bool() {
        format!("{} {}", ops::typeof_str(v), ops::to_rust_string(v).unwrap_or_default())
    } else if v.is_string() {
        format!("string \"{}\"", string::to_rust(v))
    } else if v.is_object() && !v.is_function() {
        "object".to_string()
    } else {
        ops::inspect_brief(v)
    };
    error::type_error(&format!("{s} is not a function"))
}

/// The shared part of `new Map(iterable)` / `new Set(iterable)`.
fn construct(args: &Args, kind: u64, name: &str, fallback: I, adder_name: &str, adder_slot: usize) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error(&format!("Constructor {name} requires 'new'")));
    }
    let proto = function::proto_from_new_target(args.new_target(), fallback)?;
    let scope = HandleScope::new();
    let m = collections::new_collection(kind, proto);
    let hm = scope.root(m.0);
    if args.get(0).is_nullish() {
        return Ok(Value(hm.get()));
    }
    let method = scope.root(require_iterable(args.get(0))?.0);
    let key = atoms::intern(adder_name);
    let adder = object::get(Value(hm.get()), key)?;
    if !adder.is_callable() {
        return Err(error::type_error(&format!(
            "'{}' returned for property '{adder_name}' of object '#<{name}>' is not a function",
            crate::array::fn_brief(adder)
        )));
    }
    let ha = scope.root(adder.0);
    // SAFETY: the JS thread only; the borrow ends with this comparison.
    let fast = adder.0 == unsafe { ADDERS.get() }[adder_slot];
    for_each_iterable_method(args.get(0), Value(method.get()), &mut |v, _| {
        let s = HandleScope::new();
        if kind == KIND_SET {
            if fast {
                collections::set(Value(hm.get()), normalize_key(v), Value::UNDEFINED);
            } else {
                function::call(Value(ha.get()), Value(hm.get()), &[v])?;
            }
            return Ok(());
        }
        let (hk, hv) = entry_pair(&s, v)?;
        if fast {
            collections::set(Value(hm.get()), normalize_key(Value(hk.get())), Value(hv.get()));
        } else {
            function::call(Value(ha.get()), Value(hm.get()), &[Value(hk.get()), Value(hv.get())])?;
        }
        Ok(())
    })?;
    Ok(Value(hm.get()))
}

/// Map ( [ iterable ] ) — 24.1.1.1
fn map_ctor(args: &Args) -> JsResult {
    construct(args, KIND_MAP, "Map", I::MapProto, "set", 0)
}

/// Set ( [ iterable ] ) — 24.2.1.1
fn set_ctor(args: &Args) -> JsResult {
    construct(args, KIND_SET, "Set", I::SetProto, "add", 1)
}

/// get Map [ @@species ] — 24.1.2.3, get Set [ @@species ] — 24.2.2.3
fn species_getter(args: &Args) -> JsResult {
    Ok(args.this())
}

/// Map.groupBy ( items, callbackfn ) — 24.1.2.1 (ES2024)
fn map_group_by(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let method = scope.root(require_iterable(args.get(0))?.0);
    if !args.get(1).is_callable() {
        return Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(args.get(1)))));
    }
    let m = collections::new_collection(KIND_MAP, realm::get(I::MapProto));
    let hm = scope.root(m.0);
    for_each_iterable_method(args.get(0), Value(method.get()), &mut |v, k| {
        let s = HandleScope::new();
        let hv = s.root(v.0);
        let key = function::call(args.get(1), Value::UNDEFINED, &[v, Value::num(k as f64)])?;
        let key = normalize_key(key);
        let g = match collections::get(Value(hm.get()), key) {
            Some(g) => g,
            None => {
                let hk = s.root(key.0);
                let g = arr::new_array(0);
                let hg = s.root(g.0);
                collections::set(Value(hm.get()), Value(hk.get()), g);
                Value(hg.get())
            }
        };
        arr::push(g, Value(hv.get()));
        Ok(())
    })?;
    Ok(Value(hm.get()))
}

// ----- Map.prototype -----

/// Map.prototype.clear — 24.1.3.1
fn map_clear(args: &Args) -> JsResult {
    collections::clear(map_this(args, "Map.prototype.clear")?);
    Ok(Value::UNDEFINED)
}

/// Map.prototype.delete ( key ) — 24.1.3.3
fn map_delete(args: &Args) -> JsResult {
    Ok(Value::bool(collections::delete(map_this(args, "Map.prototype.delete")?, args.get(0))))
}

/// Map.prototype.entries — 24.1.3.4
fn map_entries(args: &Args) -> JsResult {
    Ok(iter::new_iterator(map_this(args, "Map.prototype.entries")?, iter::MAP_ENTRIES, I::MapIteratorProto))
}

/// Map.prototype.forEach ( callbackfn [ , thisArg ] ) — 24.1.3.5
fn map_for_each(args: &Args) -> JsResult {
    map_this(args, "Map.prototype.forEach")?;
    each_entry(args, false)
}

/// The forEach loop of Map and Set: entries added during the loop are
/// visited, deleted ones skipped.
fn each_entry(args: &Args, set: bool) -> JsResult {
    if !args.get(0).is_callable() {
        return Err(callback_error(args.get(0)));
    }
    // The position survives rebuilds the callback causes (`collections::resume`).
    let scope = HandleScope::new();
    let at = scope.root(UNDEFINED);
    let mut i = 0;
    while let Some((k, v, e, next)) = collections::next_live(args.this(), Value(at.get()), i) {
        at.set(e.0);
        i = next;
        let v = if set { k } else { v };
        function::call(args.get(0), args.get(1), &[v, k, args.this()])?;
    }
    Ok(Value::UNDEFINED)
}

/// Map.prototype.get ( key ) — 24.1.3.6
fn map_get(args: &Args) -> JsResult {
    Ok(collections::get(map_this(args, "Map.prototype.get")?, args.get(0)).unwrap_or(Value::UNDEFINED))
}

/// Map.prototype.has ( key ) — 24.1.3.7
fn map_has(args: &Args) -> JsResult {
    Ok(Value::bool(collections::has(map_this(args, "Map.prototype.has")?, args.get(0))))
}

/// Map.prototype.keys — 24.1.3.8
fn map_keys(args: &Args) -> JsResult {
    Ok(iter::new_iterator(map_this(args, "Map.prototype.keys")?, iter::MAP_KEYS, I::MapIteratorProto))
}

/// Map.prototype.set ( key, value ) — 24.1.3.9
fn map_set(args: &Args) -> JsResult {
    let m = map_this(args, "Map.prototype.set")?;
    collections::set(m, normalize_key(args.get(0)), args.get(1));
    Ok(args.this())
}

/// get Map.prototype.size — 24.1.3.10
fn map_size(args: &Args) -> JsResult {
    Ok(Value::num(collections::size(map_this(args, "get Map.prototype.size")?) as f64))
}

/// Map.prototype.values — 24.1.3.11
fn map_values(args: &Args) -> JsResult {
    Ok(iter::new_iterator(map_this(args, "Map.prototype.values")?, iter::MAP_VALUES, I::MapIteratorProto))
}

// ----- Set.prototype -----

/// Set.prototype.add ( value ) — 24.2.3.1
fn set_add(args: &Args) -> JsResult {
    let s = set_this(args, "Set.prototype.add")?;
    if !collections::has(s, args.get(0)) {
        collections::set(s, normalize_key(args.get(0)), Value::UNDEFINED);
    }
    Ok(args.this())
}

/// Set.prototype.clear — 24.2.3.2
fn set_clear(args: &Args) -> JsResult {
    collections::clear(set_this(args, "Set.prototype.clear")?);
    Ok(Value::UNDEFINED)
}

/// Set.prototype.delete ( value ) — 24.2.3.4
fn set_delete(args: &Args) -> JsResult {
    Ok(Value::bool(collections::delete(set_this(args, "Set.prototype.delete")?, args.get(0))))
}

/// Set.prototype.entries — 24.2.3.5
fn set_entries(args: &Args) -> JsResult {
    Ok(iter::new_iterator(set_this(args, "Set.prototype.entries")?, iter::SET_ENTRIES, I::SetIteratorProto))
}

/// Set.prototype.forEach ( callbackfn [ , thisArg ] ) — 24.2.3.6
fn set_for_each(args: &Args) -> JsResult {
    set_this(args, "Set.prototype.forEach")?;
    each_entry(args, true)
}

/// Set.prototype.has ( value ) — 24.2.3.7
fn set_has(args: &Args) -> JsResult {
    Ok(Value::bool(collections::has(set_this(args, "Set.prototype.has")?, args.get(0))))
}

/// get Set.prototype.size — 24.2.3.9
fn set_size(args: &Args) -> JsResult {
    Ok(Value::num(collections::size(set_this(args, "get Set.prototype.size")?) as f64))
}

/// Set.prototype.values / keys / [@@iterator] — 24.2.3.10
fn set_values(args: &Args) -> JsResult {
    Ok(iter::new_iterator(set_this(args, "Set.prototype.values")?, iter::SET_VALUES, I::SetIteratorProto))
}

fn species(c: Value) {
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    let g = function::new_native("get [Symbol.species]", 0, species_getter);
    object::define_accessor(Value(hc.get()), realm::sym_atom(I::SymSpecies), g, Value::UNDEFINED, shape::CONFIGURABLE);
}

pub fn install() {
    // SAFETY: `ADDERS` is a static array of two words, so the root range stays valid for the
    // program; registered once on the JS thread.
    unsafe { perry_gc::roots::register_range("map-set-adders", ADDERS.get().as_mut_ptr(), 2) };

    // Map
    let mp = realm::get(I::MapProto);
    let c = crate::constructor("Map", 0, map_ctor, mp);
    let scope = HandleScope::new();
    let hc = scope.root(c.0);
    species(Value(hc.get()));
    method(Value(hc.get()), "groupBy", 2, map_group_by);
    let mp = || realm::get(I::MapProto);
    method(mp(), "clear", 0, map_clear);
    method(mp(), "delete", 1, map_delete);
    let entries = method(mp(), "entries", 0, map_entries);
    object::define_hidden(mp(), realm::sym_atom(I::SymIterator), entries);
    method(mp(), "forEach", 1, map_for_each);
    method(mp(), "get", 1, map_get);
    method(mp(), "has", 1, map_has);
    method(mp(), "keys", 0, map_keys);
    let f = method(mp(), "set", 2, map_set);
    // SAFETY: a static word written on the JS thread at start-up, with no reference kept.
    unsafe { ADDERS.get()[0] = f.0 };
    getter(mp(), "size", map_size);
    method(mp(), "values", 0, map_values);
    crate::to_string_tag(mp(), "Map");

    // Set
    let sp = realm::get(I::SetProto);
    let c = crate::constructor("Set", 0, set_ctor, sp);
    species(c);
    let sp = || realm::get(I::SetProto);
    let f = method(sp(), "add", 1, set_add);
    // SAFETY: a static word written on the JS thread at start-up, with no reference kept.
    unsafe { ADDERS.get()[1] = f.0 };
    method(sp(), "clear", 0, set_clear);
    method(sp(), "delete", 1, set_delete);
    method(sp(), "entries", 0, set_entries);
    method(sp(), "forEach", 1, set_for_each);
    method(sp(), "has", 1, set_has);
    getter(sp(), "size", set_size);
    let values = method(sp(), "values", 0, set_values);
    let hv = scope.root(values.0);
    let keys = atoms::intern("keys");
    object::define_hidden(sp(), keys, Value(hv.get()));
    object::define_hidden(sp(), realm::sym_atom(I::SymIterator), Value(hv.get()));
    crate::to_string_tag(sp(), "Set");
    let _ = method_atom;
}
