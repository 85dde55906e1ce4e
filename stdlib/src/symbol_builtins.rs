//! Symbol (ECMAScript 20.4).

use crate::{getter, method};
use perry_gc::HandleScope;
use perry_runtime::atoms;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::string;
use perry_runtime::symbol;
use perry_runtime::{JsResult, Value};

/// Creates the well-known symbols before anything uses them as keys.
pub fn install_well_known() {
    for (i, d) in [
        (I::SymIterator, "Symbol.iterator"),
        (I::SymAsyncIterator, "Symbol.asyncIterator"),
        (I::SymHasInstance, "Symbol.hasInstance"),
        (I::SymToPrimitive, "Symbol.toPrimitive"),
        (I::SymToStringTag, "Symbol.toStringTag"),
        (I::SymIsConcatSpreadable, "Symbol.isConcatSpreadable"),
        (I::SymSpecies, "Symbol.species"),
        (I::SymMatch, "Symbol.match"),
        (I::SymMatchAll, "Symbol.matchAll"),
        (I::SymReplace, "Symbol.replace"),
        (I::SymSearch, "Symbol.search"),
        (I::SymSplit, "Symbol.split"),
        (I::SymUnscopables, "Symbol.unscopables"),
        (I::SymDispose, "Symbol.dispose"),
        (I::SymAsyncDispose, "Symbol.asyncDispose"),
    ] {
        let s = symbol::new_symbol(string::from_str(d), false);
        realm::set(i, s);
        realm::set_sym_atom(i, symbol::atom_of(s));
    }
}

/// Symbol ( [ description ] ) — 20.4.1.1
fn symbol_ctor(args: &Args) -> JsResult {
    if !args.new_target().is_undefined() {
        return Err(error::type_error("Symbol is not a constructor"));
    }
    let d = args.get(0);
    let desc = if d.is_undefined() { d } else { ops::to_string(d)? };
    Ok(symbol::new_symbol(desc, false))
}

fn this_symbol(v: Value) -> JsResult {
    if v.is_symbol() {
        return Ok(v);
    }
    if v.is_cell() && v.kind() == perry_abi::KIND_PRIMITIVE_WRAPPER && v.cell().field(perry_abi::OBJ_INLINE).is_symbol() {
        return Ok(v.cell().field(perry_abi::OBJ_INLINE));
    }
    Err(error::type_error("Symbol.prototype method called on incompatible receiver"))
}

/// Symbol.prototype.toString — 20.4.3.3
fn to_string(args: &Args) -> JsResult {
    let s = this_symbol(args.this())?;
    Ok(string::from_str(&symbol::descriptive_string(s)))
}

/// get Symbol.prototype.description — 20.4.3.2
fn description(args: &Args) -> JsResult {
    Ok(symbol::description(this_symbol(args.this())?))
}

fn value_of(args: &Args) -> JsResult {
    this_symbol(args.this())
}

struct Registry(Vec<(String, u64)>);
static REGISTRY: perry_gc::JsCell<Registry> = perry_gc::JsCell::new(Registry(Vec::new()));

/// Symbol.for — 20.4.2.2
fn symbol_for(args: &Args) -> JsResult {
    let key = ops::to_rust_string(args.get(0))?;
    // SAFETY: the JS thread only; `r` is dead before `new_symbol` allocates (a collection visits
    // the registry through its own borrow).
    let r = unsafe { REGISTRY.get() };
    if let Some((_, v)) = r.0.iter().find(|(k, _)| *k == key) {
        return Ok(Value(*v));
    }
    let s = symbol::new_symbol(string::from_str(&key), false);
    // SAFETY: the JS thread only; the push is one statement, during which nothing else borrows the
    // registry.
    unsafe { REGISTRY.get() }.0.push((key, s.0));
    Ok(s)
}

/// The symbol `Symbol.for(key)` has made, if it has (none is made here).
pub fn registered(key: &str) -> Option<Value> {
    // SAFETY: the JS thread only; a read-only borrow that ends with the expression.
    unsafe { REGISTRY.get() }.0.iter().find(|(k, _)| k == key).map(|(_, v)| Value(*v))
}

/// Whether `s` is in the global symbol registry (made by `Symbol.for`).
pub fn is_registered(s: Value) -> bool {
    // SAFETY: the JS thread only; a read-only borrow that ends with the expression.
    unsafe { REGISTRY.get() }.0.iter().any(|(_, v)| *v == s.0)
}

/// Symbol.keyFor — 20.4.2.6
fn key_for(args: &Args) -> JsResult {
    let s = args.get(0);
    if !s.is_symbol() {
        return Err(error::type_error(&format!("{} is not a symbol", ops::inspect_brief(s))));
    }
    // SAFETY: the JS thread only; the borrow ends before `from_str` allocates (the key is copied
    // out first).
    let r = unsafe { REGISTRY.get() };
    let key = r.0.iter().find(|(_, v)| *v == s.0).map(|(k, _)| k.clone());
    Ok(key.map(|k| string::from_str(&k)).unwrap_or(Value::UNDEFINED))
}

pub fn install() {
    perry_gc::roots::register_source("symbol-registry", |visit| {
        // SAFETY: the visitor runs inside a collection on the JS thread, when
        // no other borrow of the registry is live (every other borrow ends
        // before anything allocates).
        for (_, v) in unsafe { REGISTRY.get() }.0.iter_mut() {
            visit(v as *mut u64);
        }
    });
    let proto = realm::get(I::SymbolProto);
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let c = crate::constructor("Symbol", 0, symbol_ctor, proto);
    let hc = scope.root(c.0);
    object::set_proto(c, realm::get(I::FunctionProto));
    for (name, i) in [
        ("iterator", I::SymIterator),
        ("asyncIterator", I::SymAsyncIterator),
        ("hasInstance", I::SymHasInstance),
        ("toPrimitive", I::SymToPrimitive),
        ("toStringTag", I::SymToStringTag),
        ("isConcatSpreadable", I::SymIsConcatSpreadable),
        ("species", I::SymSpecies),
        ("match", I::SymMatch),
        ("matchAll", I::SymMatchAll),
        ("replace", I::SymReplace),
        ("search", I::SymSearch),
        ("split", I::SymSplit),
        ("unscopables", I::SymUnscopables),
        ("dispose", I::SymDispose),
        ("asyncDispose", I::SymAsyncDispose),
    ] {
        crate::constant(Value(hc.get()), name, realm::get(i));
    }
    method(Value(hc.get()), "for", 1, symbol_for);
    method(Value(hc.get()), "keyFor", 1, key_for);
    method(Value(hp.get()), "toString", 0, to_string);
    method(Value(hp.get()), "valueOf", 0, value_of);
    getter(Value(hp.get()), "description", description);
    // Symbol.prototype [ @@toPrimitive ] (20.4.3.5): { [[Writable]]: false, [[Configurable]]: true }.
    let tp = perry_runtime::function::new_native("[Symbol.toPrimitive]", 1, value_of);
    object::define(Value(hp.get()), realm::sym_atom(I::SymToPrimitive), tp, perry_runtime::shape::CONFIGURABLE);
    let tag = string::from_str("Symbol");
    object::define(Value(hp.get()), realm::sym_atom(I::SymToStringTag), tag, perry_runtime::shape::CONFIGURABLE);
    let _ = atoms::names::LENGTH;
}
