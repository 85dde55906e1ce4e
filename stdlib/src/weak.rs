//! WeakMap, WeakSet, WeakRef and FinalizationRegistry (ECMAScript 24.3,
//! 24.4, 26.1, 26.2), and `gc()` under `--expose-gc`.
//!
//! The collector does the weak part (`perry_gc::collect`, with the
//! runtime's `binding::finreg` for registries): WeakMap/WeakSet
//! keep their pairs in a `KIND_EPHEMERONS` table (a value is live only
//! while its key is), a WeakRef holds its target in a `KIND_WEAK_CELL`, and a
//! registry's `[target, held, token]` cells live in a `KIND_FINREG_CELLS`
//! table. All are cleared only by full collections. This module is the
//! JavaScript surface, the kept-objects list of a job (WeakRef targets stay
//! alive until the job that created or dereferenced them ends, 9.10 and
//! 9.13 `AddToKeptObjects`), and the cleanup job that calls a registry's
//! callback for each dead target.

use crate::object_builtins::v8_brief;
use crate::{getter, method};
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::array as arr;
use perry_runtime::collections;
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

/// WeakRef: the weak cell after the ordinary words.
const WR_CELL: i32 = OBJ_INLINE;
/// FinalizationRegistry: the cleanup callback and the cells table.
const FR_CALLBACK: i32 = OBJ_INLINE;
const FR_CELLS: i32 = OBJ_INLINE + 8;
/// FinalizationRegistry cells table: `header | used triples | registry | triples`.
const FC_USED: i32 = 8;
const FC_REGISTRY: i32 = 16;
const FC_DATA: i32 = 24;

/// Targets kept alive until the current job ends (a root source).
static KEPT: JsCell<Vec<u64>> = JsCell::new(Vec::new());

fn kept() -> &'static mut Vec<u64> {
    // SAFETY: the kept list belongs to the JS thread; callers push or clear it in one statement,
    // and the collector reads it through its own root source while none of those borrows is live.
    unsafe { KEPT.get() }
}

/// CanBeHeldWeakly (9.13): an object, or a symbol not in the global registry.
fn can_be_held_weakly(v: Value) -> bool {
    v.is_js_object() || (v.is_symbol() && !crate::symbol_builtins::is_registered(v))
}

fn this_of(args: &Args, kind: u64, what: &str) -> JsResult {
    let t = args.this();
    if t.is_cell() && t.kind() == kind { Ok(t) } else { Err(error::type_error(&format!("Method {what} called on incompatible receiver {}", v8_brief(t)))) }
}

fn require_new(args: &Args, name: &str) -> JsResult<()> {
    if args.new_target().is_undefined() { Err(error::type_error(&format!("Constructor {name} requires 'new'"))) } else { Ok(()) }
}

// ----- WeakMap (24.3) and WeakSet (24.4) -----

fn weak_collection(args: &Args, kind: u64, name: &str, fallback: I) -> JsResult {
    require_new(args, name)?;
    let proto = function::proto_from_new_target(args.new_target(), fallback)?;
    let scope = HandleScope::new();
    let m = scope.root(collections::new_collection(kind, proto).0);
    let it = args.get(0);
    if it.is_nullish() {
        return Ok(Value(m.get()));
    }
    let adder = object::get(Value(m.get()), perry_runtime::atoms::intern(if kind == KIND_WEAKMAP { "set" } else { "add" }))?;
    if !adder.is_callable() {
        return Err(error::type_error(&format!("'{}' returned for property of object '#<{name}>' is not a function", v8_brief(adder))));
    }
    let ha = scope.root(adder.0);
    crate::object_builtins::for_each_iterable(it, &mut |v, _| {
        if kind == KIND_WEAKMAP {
            let s = HandleScope::new();
            let (k, val) = crate::object_builtins::entry_pair(&s, v)?;
            function::call(Value(ha.get()), Value(m.get()), &[Value(k.get()), Value(val.get())]).map(|_| ())
        } else {
            function::call(Value(ha.get()), Value(m.get()), &[v]).map(|_| ())
        }
    })?;
    Ok(Value(m.get()))
}

fn weakmap_ctor(args: &Args) -> JsResult {
    weak_collection(args, KIND_WEAKMAP, "WeakMap", I::WeakMapProto)
}

fn weakset_ctor(args: &Args) -> JsResult {
    weak_collection(args, KIND_WEAKSET, "WeakSet", I::WeakSetProto)
}

fn weakmap_get(args: &Args) -> JsResult {
    let m = this_of(args, KIND_WEAKMAP, "WeakMap.prototype.get")?;
    let k = args.get(0);
    if !can_be_held_weakly(k) {
        return Ok(Value::UNDEFINED);
    }
    Ok(collections::get(m, k).unwrap_or(Value::UNDEFINED))
}

/// `set` / `add` of a weak collection: the key must be holdable weakly.
fn weak_insert(args: &Args, kind: u64, what: &str, invalid: &str, v: Value) -> JsResult {
    let m = this_of(args, kind, what)?;
    let k = args.get(0);
    if !can_be_held_weakly(k) {
        return Err(error::type_error(invalid));
    }
    collections::set(m, k, v);
    Ok(args.this())
}

fn weakmap_set(args: &Args) -> JsResult {
    weak_insert(args, KIND_WEAKMAP, "WeakMap.prototype.set", "Invalid value used as weak map key", args.get(1))
}

/// `has` / `delete` of a weak collection: false for a key that cannot be
/// held weakly (it can never be in the collection).
fn weak_query(args: &Args, kind: u64, what: &str, f: fn(Value, Value) -> bool) -> JsResult {
    let m = this_of(args, kind, what)?;
    let k = args.get(0);
    Ok(Value::bool(can_be_held_weakly(k) && f(m, k)))
}

fn weakmap_has(args: &Args) -> JsResult {
    weak_query(args, KIND_WEAKMAP, "WeakMap.prototype.has", collections::has)
}

fn weakmap_delete(args: &Args) -> JsResult {
    weak_query(args, KIND_WEAKMAP, "WeakMap.prototype.delete", collections::delete)
}

fn weakset_add(args: &Args) -> JsResult {
    weak_insert(args, KIND_WEAKSET, "WeakSet.prototype.add", "Invalid value used in weak set", Value::TRUE)
}

fn weakset_has(args: &Args) -> JsResult {
    weak_query(args, KIND_WEAKSET, "WeakSet.prototype.has", collections::has)
}

fn weakset_delete(args: &Args) -> JsResult {
    weak_query(args, KIND_WEAKSET, "WeakSet.prototype.delete", collections::delete)
}

// ----- WeakRef (26.1) -----

fn weakref_ctor(args: &Args) -> JsResult {
    require_new(args, "WeakRef")?;
    let target = args.get(0);
    if !can_be_held_weakly(target) {
        return Err(error::type_error("WeakRef: invalid target"));
    }
    let proto = function::proto_from_new_target(args.new_target(), I::WeakRefProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let cell = Value::from_cell(perry_gc::alloc(16, KIND_WEAK_CELL));
    cell.cell().set_field(8, args.get(0));
    let hc = scope.root(cell.0);
    let r = object::alloc_object(KIND_WEAKREF, 8, 0, Value(hp.get()));
    r.cell().set_field(WR_CELL, Value(hc.get()));
    kept().push(args.get(0).0);
    Ok(r)
}

fn weakref_deref(args: &Args) -> JsResult {
    let r = this_of(args, KIND_WEAKREF, "WeakRef.prototype.deref")?;
    let t = r.cell().field(WR_CELL).cell().field(8);
    // Repeated derefs of one target in a job keep it once.
    if !t.is_undefined() && kept().last() != Some(&t.0) {
        kept().push(t.0);
    }
    Ok(t)
}

// ----- FinalizationRegistry (26.2) -----

fn finreg_ctor(args: &Args) -> JsResult {
    require_new(args, "FinalizationRegistry")?;
    let cb = args.get(0);
    if !cb.is_callable() {
        return Err(error::type_error("FinalizationRegistry: cleanup must be callable"));
    }
    let proto = function::proto_from_new_target(args.new_target(), I::FinalizationRegistryProto)?;
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let r = scope.root(object::alloc_object(KIND_FINREG, 16, 0, Value(hp.get())).0);
    Value(r.get()).cell().set_field(FR_CALLBACK, args.get(0));
    let cells = new_cells(Value(r.get()), 4);
    Value(r.get()).cell().set_field(FR_CELLS, cells);
    Ok(Value(r.get()))
}

/// A cells table with room for `cap` triples, owned by `registry`.
fn new_cells(registry: Value, cap: usize) -> Value {
    let scope = HandleScope::new();
    let hr = scope.root(registry.0);
    let t = Value::from_cell(perry_gc::alloc(FC_DATA as usize + cap * 24, KIND_FINREG_CELLS));
    t.cell().set_word(FC_USED, 0);
    t.cell().set_field(FC_REGISTRY, Value(hr.get()));
    for i in 0..cap * 3 {
        t.cell().set_field(FC_DATA + 8 * i as i32, if i % 3 == 1 { Value::HOLE } else { Value::UNDEFINED });
    }
    t
}

fn cells_cap(t: Value) -> usize {
    (t.cell().cell_size() - FC_DATA as usize) / 24
}

fn triple(_t: Value, i: usize) -> (i32, i32, i32) {
    let o = FC_DATA + 24 * i as i32;
    (o, o + 8, o + 16)
}

fn finreg_register(args: &Args) -> JsResult {
    let r = this_of(args, KIND_FINREG, "FinalizationRegistry.prototype.register")?;
    let (target, held, token) = (args.get(0), args.get(1), args.get(2));
    if !can_be_held_weakly(target) {
        return Err(error::type_error("FinalizationRegistry.prototype.register: invalid target"));
    }
    if perry_runtime::ops::same_value(target, held) {
        return Err(error::type_error("FinalizationRegistry.prototype.register: target and holdings must not be same"));
    }
    if !token.is_undefined() && !can_be_held_weakly(token) {
        return Err(error::type_error("FinalizationRegistry.prototype.register: invalid unregister token"));
    }
    let scope = HandleScope::new();
    let hr = scope.root(r.0);
    let (ht, hh, hk) = (scope.root(target.0), scope.root(held.0), scope.root(token.0));
    let mut t = Value(hr.get()).cell().field(FR_CELLS);
    let used = t.cell().word(FC_USED) as usize;
    if used == cells_cap(t) {
        // Compact: keep the cells whose target is still there. Unregistered
        // and finished cells go; so do cleared ones, whose callbacks the old
        // table (queued by the collector) still runs. Grow when still full.
        let keep = |t: Value, i: usize| t.cell().field(triple(t, i).0).is_heap();
        let live = (0..used).filter(|&i| keep(t, i)).count();
        let ht_old = scope.root(t.0);
        let nt = new_cells(Value(hr.get()), (live * 2).max(4));
        let old = Value(ht_old.get());
        let mut n = 0;
        for i in 0..used {
            let (a, b, c) = triple(old, i);
            if keep(old, i) {
                let (x, y, z) = triple(nt, n);
                nt.cell().set_field(x, old.cell().field(a));
                nt.cell().set_field(y, old.cell().field(b));
                nt.cell().set_field(z, old.cell().field(c));
                // The old table may still be queued for its cleared cells:
                // it must not report a moved one too.
                old.cell().set_field(a, Value::UNDEFINED);
                old.cell().set_field(b, Value::HOLE);
                old.cell().set_field(c, Value::UNDEFINED);
                n += 1;
            }
        }
        nt.cell().set_word(FC_USED, n as u64);
        Value(hr.get()).cell().set_field(FR_CELLS, nt);
        t = nt;
    }
    let i = t.cell().word(FC_USED) as usize;
    let (a, b, c) = triple(t, i);
    t.cell().set_field(a, Value(ht.get()));
    t.cell().set_field(b, Value(hh.get()));
    t.cell().set_field(c, Value(hk.get()));
    t.cell().set_word(FC_USED, i as u64 + 1);
    Ok(Value::UNDEFINED)
}

fn finreg_unregister(args: &Args) -> JsResult {
    let r = this_of(args, KIND_FINREG, "FinalizationRegistry.prototype.unregister")?;
    let token = args.get(0);
    if !can_be_held_weakly(token) {
        return Err(error::type_error(&format!("Invalid unregisterToken ('{}')", perry_runtime::ops::inspect_brief(token))));
    }
    let t = r.cell().field(FR_CELLS);
    let mut removed = false;
    for i in 0..t.cell().word(FC_USED) as usize {
        let (a, b, c) = triple(t, i);
        if t.cell().field(c) == token && t.cell().field(b) != Value::HOLE {
            t.cell().set_field(a, Value::UNDEFINED);
            t.cell().set_field(b, Value::HOLE);
            t.cell().set_field(c, Value::UNDEFINED);
            removed = true;
        }
    }
    Ok(Value::bool(removed))
}

/// Runs the cleanup callbacks of every registry whose targets a full
/// collection found dead (26.2.3 CleanupFinalizationRegistry).
fn run_cleanups() -> JsResult<()> {
    // A callback may allocate, and a collection may queue more tables.
    while perry_runtime::binding::finreg::has_pending() {
        run_cleanup_batch()?;
    }
    Ok(())
}

fn run_cleanup_batch() -> JsResult<()> {
    let batch = HandleScope::new();
    let tables: Vec<_> = perry_runtime::binding::finreg::take_pending().into_iter().map(|t| batch.root(t)).collect();
    for ht in tables {
        let mut i = 0;
        while i < Value(ht.get()).cell().word(FC_USED) as usize {
            let t = Value(ht.get());
            let (a, b, c) = triple(t, i);
            i += 1;
            let held = t.cell().field(b);
            if !t.cell().field(a).is_undefined() || held == Value::HOLE {
                continue;
            }
            t.cell().set_field(b, Value::HOLE);
            t.cell().set_field(c, Value::UNDEFINED);
            let registry = t.cell().field(FC_REGISTRY);
            let cb = registry.cell().field(FR_CALLBACK);
            function::call(cb, Value::UNDEFINED, &[held])?;
        }
    }
    Ok(())
}

/// The end of a job: WeakRef targets kept for the job are released and
/// pending finalization callbacks run.
pub fn end_of_job() -> JsResult<()> {
    kept().clear();
    run_cleanups()
}

/// `gc()` under `--expose-gc` / `PERRY_EXPOSE_GC=1`: a full collection.
fn gc(_args: &Args) -> JsResult {
    perry_runtime::tables::collect_explicit();
    Ok(Value::UNDEFINED)
}

/// Defines the global `gc` (only under `--expose-gc`).
pub fn expose_gc() {
    let f = function::new_native("gc", 0, gc);
    crate::global_value("gc", f);
}

pub fn install() {
    perry_gc::roots::register_source("weakref-kept", |visit| {
        for v in kept().iter_mut() {
            visit(v as *mut u64);
        }
    });
    let p = || realm::get(I::WeakMapProto);
    crate::constructor("WeakMap", 0, weakmap_ctor, p());
    method(p(), "delete", 1, weakmap_delete);
    method(p(), "get", 1, weakmap_get);
    method(p(), "set", 2, weakmap_set);
    method(p(), "has", 1, weakmap_has);
    crate::to_string_tag(p(), "WeakMap");

    let p = || realm::get(I::WeakSetProto);
    crate::constructor("WeakSet", 0, weakset_ctor, p());
    method(p(), "delete", 1, weakset_delete);
    method(p(), "has", 1, weakset_has);
    method(p(), "add", 1, weakset_add);
    crate::to_string_tag(p(), "WeakSet");

    let p = || realm::get(I::WeakRefProto);
    crate::constructor("WeakRef", 1, weakref_ctor, p());
    method(p(), "deref", 0, weakref_deref);
    crate::to_string_tag(p(), "WeakRef");

    let p = || realm::get(I::FinalizationRegistryProto);
    crate::constructor("FinalizationRegistry", 1, finreg_ctor, p());
    method(p(), "register", 2, finreg_register);
    method(p(), "unregister", 1, finreg_unregister);
    crate::to_string_tag(p(), "FinalizationRegistry");
    let _ = (getter, arr::va_capacity);
}
