//! Object (ECMAScript 20.1): the constructor, its static methods, and
//! Object.prototype.

use crate::method;
use perry_abi::*;
use perry_gc::{Handle, HandleScope};
use perry_runtime::array as arr;
use perry_runtime::atoms::{self, Atom, names};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::iter;
use perry_runtime::object::{self, Prop, Refused};
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::symbol;
use perry_runtime::{JsResult, Value};

// ---------------------------------------------------------------------------
// Property descriptors
// ---------------------------------------------------------------------------

/// A property descriptor whose values live in the caller's handle scope.
#[derive(Default)]
pub struct Desc {
    pub value: Option<Handle>,
    pub writable: Option<bool>,
    pub get: Option<Handle>,
    pub set: Option<Handle>,
    pub enumerable: Option<bool>,
    pub configurable: Option<bool>,
}

impl Desc {
    /// `{ [[Value]]: value, [[Writable]]: true, [[Enumerable]]: true,
    /// [[Configurable]]: true }`: what CreateDataProperty defines.
    pub fn data(value: Handle) -> Desc {
        Desc { value: Some(value), writable: Some(true), enumerable: Some(true), configurable: Some(true), ..Default::default() }
    }
    fn is_accessor(&self) -> bool {
        self.get.is_some() || self.set.is_some()
    }
    fn is_data(&self) -> bool {
        self.value.is_some() || self.writable.is_some()
    }
}

/// ToPropertyDescriptor — 6.2.6.5. The handles go into `scope`, which must be
/// the innermost live scope.
pub fn to_property_descriptor(scope: &HandleScope, obj: Value) -> JsResult<Desc> {
    if !obj.is_object() {
        return Err(error::type_error(&format!("Property description must be an object: {}", brief(obj))));
    }
    let ho = scope.root(obj.0);
    let mut d = Desc::default();
    let field = |name: Atom| -> JsResult<Option<Value>> {
        let o = Value(ho.get());
        if !object::has_property(o, name) {
            return Ok(None);
        }
        Ok(Some(object::get(Value(ho.get()), name)?))
    };
    if let Some(v) = field(names::ENUMERABLE)? {
        d.enumerable = Some(ops::to_boolean(v));
    }
    if let Some(v) = field(names::CONFIGURABLE)? {
        d.configurable = Some(ops::to_boolean(v));
    }
    if let Some(v) = field(names::VALUE)? {
        d.value = Some(scope.root(v.0));
    }
    if let Some(v) = field(names::WRITABLE)? {
        d.writable = Some(ops::to_boolean(v));
    }
    if let Some(v) = field(names::GET)? {
        if !v.is_undefined() && !v.is_callable() {
            return Err(error::type_error(&format!("Getter must be a function: {}", brief(v))));
        }
        d.get = Some(scope.root(v.0));
    }
    if let Some(v) = field(names::SET)? {
        if !v.is_undefined() && !v.is_callable() {
            return Err(error::type_error(&format!("Setter must be a function: {}", brief(v))));
        }
        d.set = Some(scope.root(v.0));
    }
    if d.is_accessor() && d.is_data() {
        return Err(error::type_error(&format!(
            "Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, {}",
            brief(Value(ho.get()))
        )));
    }
    Ok(d)
}

fn brief(v: Value) -> String {
    if v.is_string() { string::to_rust(v) } else { v8_brief(v) }
}

/// A value as V8 names it in error messages: `#<Map>` for objects (by
/// their constructor's name), otherwise the runtime's short form. Runs no code.
pub fn v8_brief(v: Value) -> String {
    if v.is_proxy() && !v.is_callable() {
        // V8 names a proxy by its target (a revoked one as an object).
        return perry_runtime::proxy::target_of(v).map_or_else(|| "#<Object>".into(), v8_brief);
    }
    if v.is_object() && !v.is_function() && !v.is_array_exotic() {
        if let Some(c) = object::get_data_chain(v, names::CONSTRUCTOR)
            && c.is_function()
        {
            let n = function::name_of(c);
            if !n.is_empty() {
                return format!("#<{n}>");
            }
        }
        return "#<Object>".into();
    }
    ops::inspect_brief(v)
}

/// The check built-ins that take an iterable make before GetIterator, with
/// V8's message ("number 5 is not iterable (cannot read property ...)"):
/// returns `v[Symbol.iterator]`, which [`for_each_iterable_method`] then
/// uses (the property is read once, as Node reads it).
pub fn require_iterable(v: Value) -> JsResult<Value> {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let m = if v.is_nullish() { Value::UNDEFINED } else { object::get(v, realm::sym_atom(I::SymIterator))? };
    if !m.is_nullish() {
        return Ok(m);
    }
    let v = Value(hv.get());
    let what = if v.is_undefined() {
        "undefined".to_string()
    } else if v.is_null() {
        "object null".to_string()
    } else if v.is_number() || v.is_bool() {
        format!("{} {}", ops::typeof_str(v), ops::to_rust_string(v).unwrap_or_default())
    } else if v.is_function() {
        ops::inspect_brief(v)
    } else {
        ops::typeof_str(v).to_string()
    };
    Err(error::type_error(&format!("{what} is not iterable (cannot read property Symbol(Symbol.iterator))")))
}

fn hv(h: Option<Handle>) -> Option<Value> {
    h.map(|h| Value(h.get()))
}

fn attrs_of(writable: bool, enumerable: bool, configurable: bool) -> u8 {
    (if writable { shape::WRITABLE } else { 0 }) | (if enumerable { shape::ENUMERABLE } else { 0 }) | (if configurable { shape::CONFIGURABLE } else { 0 })
}

/// Stores an accessor pair exactly (undefined halves stay undefined).
fn put_accessor(o: Value, key: Atom, g: Value, s: Value, attrs: u8) {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hg = scope.root(g.0);
    let hs = scope.root(s.0);
    let cell = Value::from_cell(perry_gc::alloc(24, KIND_ACCESSOR));
    cell.cell().set_field(8, Value(hg.get()));
    cell.cell().set_field(16, Value(hs.get()));
    object::define(Value(ho.get()), key, cell, (attrs & !shape::WRITABLE) | shape::ACCESSOR);
}

/// DefinePropertyOrThrow — 7.3.8: [[DefineOwnProperty]], throwing V8's
/// TypeError when it returns false (as Object.defineProperty does).
pub fn define_own(o: Value, key: Atom, d: &Desc) -> JsResult<()> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    match try_define_own(o, key, d)? {
        Ok(()) => Ok(()),
        Err(r) => Err(object::refusal_error(r, key, Value(ho.get()))),
    }
}

/// OrdinaryDefineOwnProperty / ValidateAndApplyPropertyDescriptor — 10.1.6:
/// `Ok(Err(_))` is the spec's false (nothing changed).
pub fn try_define_own(o: Value, key: Atom, d: &Desc) -> JsResult<Result<(), Refused>> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    if o.kind() == KIND_TYPED_ARRAY
        && let Some(n) = perry_runtime::bytes::numeric_key(key)
    {
        // [[DefineOwnProperty]] of an integer-indexed exotic object — 10.4.5.3.
        let Some(i) = n.filter(|&i| i < perry_runtime::bytes::ta_len(o)) else { return Ok(Err(Refused::InvalidIndex)) };
        if d.configurable == Some(false) || d.enumerable == Some(false) || d.is_accessor() || d.writable == Some(false) {
            return Ok(Err(Refused::Redefine));
        }
        if let Some(v) = hv(d.value) {
            perry_runtime::bytes::set_element(o, Some(i), v)?;
        }
        return Ok(Ok(()));
    }
    if o.is_array_exotic() {
        if key == names::LENGTH {
            if d.is_accessor() || d.configurable == Some(true) || d.enumerable == Some(true) {
                return Ok(Err(Refused::Redefine));
            }
            if let Some(v) = hv(d.value)
                && let Err(r) = arr::try_set_length(Value(ho.get()), v)?
            {
                return Ok(Err(r));
            }
            if d.writable == Some(false) {
                let o = Value(ho.get());
                o.cell().set_header_flag(FLAG_SEALED_ELEMENTS | FLAG_FROZEN_ELEMENTS | FLAG_NONEXTENSIBLE);
            }
            return Ok(Ok(()));
        }
        if let Some(i) = atoms::array_index(key) {
            let o = Value(ho.get());
            let i = i as usize;
            let cur = arr::get_index(o, i);
            if d.is_accessor() {
                return Err(error::type_error("Accessor properties on array elements are not supported by Perry"));
            }
            if cur == Value::HOLE {
                if o.cell().header_flags() & FLAG_NONEXTENSIBLE != 0 {
                    return Ok(Err(Refused::CannotDefine));
                }
            } else if o.cell().header_flags() & FLAG_FROZEN_ELEMENTS != 0 {
                let same = hv(d.value).is_none_or(|v| ops::same_value(v, cur));
                if !same || d.writable == Some(true) || d.configurable == Some(true) || d.enumerable == Some(false) {
                    return Ok(Err(Refused::Redefine));
                }
                return Ok(Ok(()));
            } else if o.cell().header_flags() & FLAG_SEALED_ELEMENTS != 0 && (d.configurable == Some(true) || d.enumerable == Some(false)) {
                return Ok(Err(Refused::Redefine));
            }
            let v = hv(d.value).unwrap_or(if cur == Value::HOLE { Value::UNDEFINED } else { cur });
            // NOTE: element attributes other than the defaults are not representable.
            return arr::try_set_index(o, i, v);
        }
    }
    let current = object::get_own_property(Value(ho.get()), key);
    let o = Value(ho.get());
    match current {
        None => {
            if o.cell().header_flags() & FLAG_NONEXTENSIBLE != 0 {
                return Ok(Err(Refused::CannotDefine));
            }
            let en = d.enumerable.unwrap_or(false);
            let co = d.configurable.unwrap_or(false);
            if d.is_accessor() {
                put_accessor(o, key, hv(d.get).unwrap_or(Value::UNDEFINED), hv(d.set).unwrap_or(Value::UNDEFINED), attrs_of(false, en, co));
            } else {
                if o.kind() == KIND_FUNCTION {
                    function::materialize_virtual(o, key);
                }
                let o = Value(ho.get());
                object::define(o, key, hv(d.value).unwrap_or(Value::UNDEFINED), attrs_of(d.writable.unwrap_or(false), en, co));
            }
            Ok(Ok(()))
        }
        Some(p) => {
            let (is_acc, a) = match p {
                Prop::Data(_, a) => (false, a),
                Prop::Accessor(_, _, a) => (true, a),
            };
            let hcur = match p {
                Prop::Data(v, _) => [scope.root(v.0), scope.root(UNDEFINED)],
                Prop::Accessor(g, s, _) => [scope.root(g.0), scope.root(s.0)],
            };
            let cur_en = a & shape::ENUMERABLE != 0;
            let cur_co = a & shape::CONFIGURABLE != 0;
            let cur_wr = a & shape::WRITABLE != 0;
            let generic = !d.is_accessor() && !d.is_data();
            if !cur_co {
                if d.configurable == Some(true) || d.enumerable.is_some_and(|e| e != cur_en) {
                    return Ok(Err(Refused::Redefine));
                }
                if !generic && d.is_accessor() != is_acc {
                    return Ok(Err(Refused::Redefine));
                }
                if is_acc {
                    if hv(d.get).is_some_and(|g| g != Value(hcur[0].get())) || hv(d.set).is_some_and(|s| s != Value(hcur[1].get())) {
                        return Ok(Err(Refused::Redefine));
                    }
                } else if !cur_wr {
                    if d.writable == Some(true) || hv(d.value).is_some_and(|v| !ops::same_value(v, Value(hcur[0].get()))) {
                        return Ok(Err(Refused::Redefine));
                    }
                    // Nothing changes.
                    return Ok(Ok(()));
                }
            }
            // String wrapper indices and `length` are read-only exotic properties.
            if o.kind() == KIND_PRIMITIVE_WRAPPER && object::find_own(o, key).is_none() {
                return Ok(Err(Refused::Redefine));
            }
            let en = d.enumerable.unwrap_or(cur_en);
            let co = d.configurable.unwrap_or(cur_co);
            if d.is_accessor() || (generic && is_acc) {
                let (mut g, mut s) = if is_acc { (Value(hcur[0].get()), Value(hcur[1].get())) } else { (Value::UNDEFINED, Value::UNDEFINED) };
                if let Some(x) = hv(d.get) {
                    g = x;
                }
                if let Some(x) = hv(d.set) {
                    s = x;
                }
                put_accessor(Value(ho.get()), key, g, s, attrs_of(false, en, co));
            } else {
                let wr = d.writable.unwrap_or(!is_acc && cur_wr);
                let v = hv(d.value).unwrap_or(if is_acc { Value::UNDEFINED } else { Value(hcur[0].get()) });
                let o = Value(ho.get());
                if o.kind() == KIND_FUNCTION {
                    function::materialize_virtual(o, key);
                }
                object::define(Value(ho.get()), key, v, attrs_of(wr, en, co));
            }
            Ok(Ok(()))
        }
    }
}

/// FromPropertyDescriptor — 6.2.6.4 for an own property, or undefined.
pub fn from_property(o: Value, key: Atom) -> JsResult {
    let scope = HandleScope::new();
    // A proxy's getOwnPropertyDescriptor trap may throw.
    let Some(p) = perry_runtime::proxy::own_property(o, key)? else { return Ok(Value::UNDEFINED) };
    let (h1, h2, a, acc) = match p {
        Prop::Data(v, a) => (scope.root(v.0), scope.root(UNDEFINED), a, false),
        Prop::Accessor(g, s, a) => (scope.root(g.0), scope.root(s.0), a, true),
    };
    let r = object::new_plain(4);
    let hr = scope.root(r.0);
    let r = Value(hr.get());
    if acc {
        object::add_property(r, names::GET, Value(h1.get()), shape::DEFAULT);
        object::add_property(r, names::SET, Value(h2.get()), shape::DEFAULT);
    } else {
        object::add_property(r, names::VALUE, Value(h1.get()), shape::DEFAULT);
        object::add_property(r, names::WRITABLE, Value::bool(a & shape::WRITABLE != 0), shape::DEFAULT);
    }
    object::add_property(r, names::ENUMERABLE, Value::bool(a & shape::ENUMERABLE != 0), shape::DEFAULT);
    object::add_property(r, names::CONFIGURABLE, Value::bool(a & shape::CONFIGURABLE != 0), shape::DEFAULT);
    Ok(r)
}

// ---------------------------------------------------------------------------
// Integrity levels
// ---------------------------------------------------------------------------

/// SetIntegrityLevel — 7.3.15 (sealed, or frozen when `frozen`).
pub fn set_integrity(o: Value, frozen: bool) {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    if o.kind() == KIND_FUNCTION {
        for k in function::virtual_keys(o) {
            function::materialize_virtual(Value(ho.get()), k);
        }
    }
    let o = Value(ho.get());
    o.cell().set_header_flag(FLAG_NONEXTENSIBLE);
    if o.is_array_exotic() {
        o.cell().set_header_flag(FLAG_SEALED_ELEMENTS | if frozen { FLAG_FROZEN_ELEMENTS } else { 0 });
    }
    let sh = object::shape_of(o);
    if sh.dict {
        for (e, k, a) in object::own_props(o) {
            if !symbol::is_private_atom(k) {
                let na = if frozen && a & shape::ACCESSOR == 0 { a & !(shape::CONFIGURABLE | shape::WRITABLE) } else { a & !shape::CONFIGURABLE };
                object::set_slot_attrs(o, e, na);
            }
        }
        return;
    }
    if sh.is_empty() {
        return;
    }
    // Rebuild the shape from its root so equal layouts share frozen shapes.
    let mut ns = sh.root_shape();
    for (i, &k) in sh.keys.iter().enumerate() {
        let a = sh.attrs[i];
        let na = if symbol::is_private_atom(k) {
            a
        } else if frozen && a & shape::ACCESSOR == 0 {
            a & !(shape::CONFIGURABLE | shape::WRITABLE)
        } else {
            a & !shape::CONFIGURABLE
        };
        ns = ns.add(k, na);
    }
    o.cell().set_word(OBJ_SHAPE, ns as *const shape::Shape as u64);
}

/// TestIntegrityLevel — 7.3.16
pub fn test_integrity(o: Value, frozen: bool) -> JsResult<bool> {
    if o.is_proxy() {
        // TestIntegrityLevel through the traps.
        return (|| -> JsResult<bool> {
            if perry_runtime::proxy::is_extensible(o)? {
                return Ok(false);
            }
            let scope = HandleScope::new();
            let ho = scope.root(o.0);
            for k in perry_runtime::proxy::own_keys(o)? {
                match perry_runtime::proxy::own_property(Value(ho.get()), k)? {
                    Some(Prop::Data(_, a)) if a & shape::CONFIGURABLE != 0 || (frozen && a & shape::WRITABLE != 0) => return Ok(false),
                    Some(Prop::Accessor(_, _, a)) if a & shape::CONFIGURABLE != 0 => return Ok(false),
                    _ => {}
                }
            }
            Ok(true)
        })();
    }
    if !o.is_object() {
        return Ok(true);
    }
    if o.cell().header_flags() & FLAG_NONEXTENSIBLE == 0 {
        return Ok(false);
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let keys = if o.is_array_exotic() {
        let f = o.cell().header_flags();
        let need = if frozen { FLAG_FROZEN_ELEMENTS } else { FLAG_SEALED_ELEMENTS };
        if f & need == 0 && (arr::any_present(o) || frozen) {
            return Ok(false);
        }
        object::own_props(o).into_iter().map(|(_, k, _)| k).filter(|&k| !symbol::is_private_atom(k)).collect()
    } else {
        object::own_keys(o, false, true)
    };
    for k in keys {
        // May allocate (a function's lazy `prototype`): re-read `o`.
        match object::get_own_property(Value(ho.get()), k) {
            Some(Prop::Data(_, a)) if a & shape::CONFIGURABLE != 0 || (frozen && a & shape::WRITABLE != 0) => return Ok(false),
            Some(Prop::Accessor(_, _, a)) if a & shape::CONFIGURABLE != 0 => return Ok(false),
            _ => {}
        }
    }
    Ok(true)
}

/// Object.freeze ( O ) — 20.1.2.6
fn freeze(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_proxy() {
        if !crate::proxy::set_integrity_any(o, true)? {
            return Err(crate::proxy::falsish("preventExtensions", None));
        }
        return Ok(args.get(0));
    }
    if o.is_object() {
        // Elements of a typed array cannot be made read-only (10.4.5.3).
        if o.kind() == KIND_TYPED_ARRAY && perry_runtime::bytes::ta_len(o) > 0 {
            return Err(error::type_error("Cannot freeze array buffer views with elements"));
        }
        set_integrity(o, true);
    }
    Ok(args.get(0))
}

/// Object.seal ( O ) — 20.1.2.22
fn seal(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_proxy() {
        if !crate::proxy::set_integrity_any(o, false)? {
            return Err(crate::proxy::falsish("preventExtensions", None));
        }
        return Ok(args.get(0));
    }
    if o.is_object() {
        set_integrity(o, false);
    }
    Ok(args.get(0))
}

/// Object.preventExtensions ( O ) — 20.1.2.19
fn prevent_extensions(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_proxy() {
        if !crate::proxy::prevent_extensions_any(o)? {
            return Err(crate::proxy::falsish("preventExtensions", None));
        }
        return Ok(args.get(0));
    }
    if o.is_object() {
        object::prevent_extensions(o);
    }
    Ok(o)
}

/// Object.isFrozen ( O ) — 20.1.2.15
fn is_frozen(args: &Args) -> JsResult {
    Ok(Value::bool(test_integrity(args.get(0), true)?))
}

/// Object.isSealed ( O ) — 20.1.2.16
fn is_sealed(args: &Args) -> JsResult {
    Ok(Value::bool(test_integrity(args.get(0), false)?))
}

/// Object.isExtensible ( O ) — 20.1.2.14
fn is_extensible(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_proxy() {
        return Ok(Value::bool(perry_runtime::proxy::is_extensible(o)?));
    }
    Ok(Value::bool(o.is_object() && object::is_extensible(o)))
}

// ---------------------------------------------------------------------------
// The constructor and the static methods
// ---------------------------------------------------------------------------

/// Object ( [ value ] ) — 20.1.1.1
fn object_ctor(args: &Args) -> JsResult {
    let nt = args.new_target();
    if !nt.is_undefined() && nt != args.callee() {
        return function::ordinary_create_from_constructor(nt, I::ObjectProto);
    }
    let v = args.get(0);
    if v.is_nullish() {
        return Ok(object::new_plain(4));
    }
    ops::to_object(v)
}

/// The values of `keys` as an array of strings/symbols.
pub fn keys_array(keys: &[Atom]) -> Value {
    let vals: Vec<Value> = keys.iter().map(|&k| atoms::value(k)).collect();
    arr::from_values(&vals)
}

/// Object.keys ( O ) — 20.1.2.18
fn keys(args: &Args) -> JsResult {
    let o = ops::to_object(args.get(0))?;
    if o.is_proxy() {
        return Ok(keys_array(&perry_runtime::proxy::enumerable_string_keys(o)?));
    }
    Ok(keys_array(&object::own_keys(o, true, false)))
}

/// EnumerableOwnProperties(O, value / key+value) — 7.3.23
fn enumerable_own(args: &Args, entries: bool) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    // EnumerableOwnProperties — 7.3.23: [[OwnPropertyKeys]], then one
    // [[GetOwnProperty]] per key (below). An ordinary object may pre-filter
    // its keys (nothing observes it); a proxy's traps must run once each.
    let keys = object::try_own_keys(o, !o.is_proxy(), false)?;
    let res = arr::new_array(0);
    let hr = scope.root(res.0);
    for k in keys {
        if !object::try_is_enumerable_own(Value(ho.get()), k)? {
            continue;
        }
        let v = object::get(Value(ho.get()), k)?;
        let item = if entries { arr::from_values(&[atoms::value(k), v]) } else { v };
        arr::push(Value(hr.get()), item);
    }
    Ok(Value(hr.get()))
}

/// Object.values ( O ) — 20.1.2.24
fn values(args: &Args) -> JsResult {
    enumerable_own(args, false)
}

/// Object.entries ( O ) — 20.1.2.5
fn entries(args: &Args) -> JsResult {
    enumerable_own(args, true)
}

/// Object.assign ( target, ...sources ) — 20.1.2.1
fn assign(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let to = ops::to_object(args.get(0))?;
    let ht = scope.root(to.0);
    for i in 1..args.len() {
        let src = args.get(i);
        if src.is_nullish() {
            continue;
        }
        let s = HandleScope::new();
        let from = ops::to_object(src)?;
        let hf = s.root(from.0);
        for k in object::try_own_keys(from, false, true)? {
            if !object::try_is_enumerable_own(Value(hf.get()), k)? {
                continue;
            }
            let v = object::get(Value(hf.get()), k)?;
            object::set(Value(ht.get()), k, v)?;
        }
    }
    Ok(Value(ht.get()))
}

/// Object.create ( O, Properties ) — 20.1.2.2
fn create(args: &Args) -> JsResult {
    let p = args.get(0);
    if !p.is_js_object() && !p.is_null() {
        return Err(error::type_error(&format!("Object prototype may only be an Object or null: {}", brief(p))));
    }
    let scope = HandleScope::new();
    let o = object::new_object_kind(KIND_OBJECT, args.get(0), 4);
    let ho = scope.root(o.0);
    if !args.get(1).is_undefined() {
        define_properties_impl(Value(ho.get()), args.get(1))?;
    }
    Ok(Value(ho.get()))
}

/// ObjectDefineProperties — 20.1.2.3.1
fn define_properties_impl(o: Value, props: Value) -> JsResult<()> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let p = ops::to_object(props)?;
    let hp = scope.root(p.0);
    let mut descs: Vec<(Atom, Desc)> = Vec::new();
    for k in object::try_own_keys(p, false, true)? {
        if !object::try_is_enumerable_own(Value(hp.get()), k)? {
            continue;
        }
        let dv = object::get(Value(hp.get()), k)?;
        let d = to_property_descriptor(&scope, dv)?;
        descs.push((k, d));
    }
    for (k, d) in &descs {
        if !crate::proxy::define_own_any(Value(ho.get()), *k, d)? {
            return Err(crate::proxy::falsish("defineProperty", Some(*k)));
        }
    }
    Ok(())
}

/// Object.defineProperties ( O, Properties ) — 20.1.2.3
fn define_properties(args: &Args) -> JsResult {
    if !args.get(0).is_js_object() {
        return Err(error::type_error("Object.defineProperties called on non-object"));
    }
    define_properties_impl(args.get(0), args.get(1))?;
    Ok(args.get(0))
}

/// Object.defineProperty ( O, P, Attributes ) — 20.1.2.4
fn define_property(args: &Args) -> JsResult {
    if !args.get(0).is_js_object() {
        return Err(error::type_error("Object.defineProperty called on non-object"));
    }
    let scope = HandleScope::new();
    let key = object::to_key(args.get(1))?;
    let d = to_property_descriptor(&scope, args.get(2))?;
    if !crate::proxy::define_own_any(args.get(0), key, &d)? {
        return Err(crate::proxy::falsish("defineProperty", Some(key)));
    }
    Ok(args.get(0))
}

/// Object.prototype.__defineGetter__ / __defineSetter__ ( P, f ) — B.2.2.2,
/// B.2.2.3: an enumerable, configurable accessor half on ToObject(this).
fn define_accessor_half(args: &Args, setter: bool) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.this())?;
    let ho = scope.root(o.0);
    let f = args.get(1);
    if !perry_runtime::proxy::is_callable(f) {
        return Err(error::type_error(&format!("Object.prototype.__define{}__: Expecting function", if setter { "Setter" } else { "Getter" })));
    }
    let hf = scope.root(f.0);
    let key = object::to_key(args.get(0))?;
    let mut d = Desc { enumerable: Some(true), configurable: Some(true), ..Default::default() };
    if setter {
        d.set = Some(hf);
    } else {
        d.get = Some(hf);
    }
    if !crate::proxy::define_own_any(Value(ho.get()), key, &d)? {
        return Err(crate::proxy::falsish("defineProperty", Some(key)));
    }
    Ok(Value::UNDEFINED)
}

fn define_getter(args: &Args) -> JsResult {
    define_accessor_half(args, false)
}

fn define_setter(args: &Args) -> JsResult {
    define_accessor_half(args, true)
}

/// Object.prototype.__lookupGetter__ / __lookupSetter__ ( P ) — B.2.2.4,
/// B.2.2.5: the accessor half found first on ToObject(this)'s chain.
fn lookup_accessor_half(args: &Args, setter: bool) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.this())?;
    let ho = scope.root(o.0);
    let key = object::to_key(args.get(0))?;
    let mut o = Value(ho.get());
    loop {
        if let Some(p) = perry_runtime::proxy::own_property(o, key)? {
            return Ok(match p {
                object::Prop::Accessor(g, s, _) => {
                    let half = if setter { s } else { g };
                    if half.is_nullish() { Value::UNDEFINED } else { half }
                }
                object::Prop::Data(..) => Value::UNDEFINED,
            });
        }
        o = perry_runtime::proxy::proto_of_any(o)?;
        if o.is_null() {
            return Ok(Value::UNDEFINED);
        }
    }
}

fn lookup_getter(args: &Args) -> JsResult {
    lookup_accessor_half(args, false)
}

fn lookup_setter(args: &Args) -> JsResult {
    lookup_accessor_half(args, true)
}

/// Object.getPrototypeOf ( O ) — 20.1.2.12
fn get_prototype_of(args: &Args) -> JsResult {
    let o = ops::to_object(args.get(0))?;
    perry_runtime::proxy::proto_of_any(o)
}

/// [[SetPrototypeOf]] — 10.1.2.1, throwing V8's TypeError when it returns
/// false (Object.setPrototypeOf, `__proto__`).
pub fn set_prototype_of(o: Value, p: Value) -> JsResult<()> {
    match object::set_prototype_of(o, p) {
        Ok(()) => Ok(()),
        Err(Refused::NotExtensible) => Err(error::type_error(&format!("{} is not extensible", v8_brief(o)))),
        Err(r) => Err(object::refusal_error(r, names::PROTOTYPE, o)),
    }
}

/// Object.setPrototypeOf ( O, proto ) — 20.1.2.23
fn set_prototype_of_fn(args: &Args) -> JsResult {
    let o = args.get(0);
    if o.is_nullish() {
        return Err(error::type_error("Object.setPrototypeOf called on null or undefined"));
    }
    let p = args.get(1);
    if !p.is_js_object() && !p.is_null() {
        return Err(error::type_error(&format!("Object prototype may only be an Object or null: {}", brief(p))));
    }
    if !crate::proxy::set_prototype_of_any(o, p)? {
        // V8 names the property 'undefined' here.
        return Err(error::type_error("'setPrototypeOf' on proxy: trap returned falsish for property 'undefined'"));
    }
    Ok(args.get(0))
}

/// Object.getOwnPropertyNames ( O ) — 20.1.2.10
fn get_own_property_names(args: &Args) -> JsResult {
    let o = ops::to_object(args.get(0))?;
    if o.is_proxy() {
        let ks: Vec<Atom> = perry_runtime::proxy::own_keys(o)?.into_iter().filter(|&k| !atoms::is_symbol(k)).collect();
        return Ok(keys_array(&ks));
    }
    Ok(keys_array(&object::own_keys(o, false, false)))
}

/// Object.getOwnPropertySymbols ( O ) — 20.1.2.11
fn get_own_property_symbols(args: &Args) -> JsResult {
    let o = ops::to_object(args.get(0))?;
    let ks: Vec<Atom> = object::try_own_keys(o, false, true)?.into_iter().filter(|&k| atoms::is_symbol(k)).collect();
    Ok(keys_array(&ks))
}

/// Object.getOwnPropertyDescriptor ( O, P ) — 20.1.2.8
fn get_own_property_descriptor(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    let key = object::to_key(args.get(1))?;
    from_property(Value(ho.get()), key)
}

/// Object.getOwnPropertyDescriptors ( O ) — 20.1.2.9
fn get_own_property_descriptors(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    let keys = object::try_own_keys(o, false, true)?;
    let r = object::new_plain(4);
    let hr = scope.root(r.0);
    for k in keys {
        let d = from_property(Value(ho.get()), k)?;
        if !d.is_undefined() {
            object::define(Value(hr.get()), k, d, shape::DEFAULT);
        }
    }
    Ok(Value(hr.get()))
}

/// IteratorClose after an abrupt completion: the original error wins.
pub fn close_quietly(it: Value) {
    let scope = HandleScope::new();
    let pending = scope.root(error::take().0);
    let _ = iter::close(it);
    error::take();
    error::throw(Value(pending.get()));
}

/// Runs `f` on each value of an iterable; closes the iterator when `f` throws.
pub fn for_each_iterable(iterable: Value, f: &mut dyn FnMut(Value, usize) -> JsResult<()>) -> JsResult<()> {
    let it = iter::open(iterable)?;
    for_each_step(it, f)
}

/// [`for_each_iterable`] with the iterator method already read
/// ([`require_iterable`]'s result).
pub fn for_each_iterable_method(iterable: Value, method: Value, f: &mut dyn FnMut(Value, usize) -> JsResult<()>) -> JsResult<()> {
    let it = iter::open_method(iterable, method)?;
    for_each_step(it, f)
}

fn for_each_step(it: Value, f: &mut dyn FnMut(Value, usize) -> JsResult<()>) -> JsResult<()> {
    let scope = HandleScope::new();
    let hit = scope.root(it.0);
    let mut k = 0;
    loop {
        let v = iter::step(Value(hit.get()))?;
        if v == Value::HOLE {
            return Ok(());
        }
        if let Err(e) = f(v, k) {
            close_quietly(Value(hit.get()));
            return Err(e);
        }
        k += 1;
    }
}

/// "Iterator value x is not an entry object".
pub fn not_entry(v: Value) -> error::Exc {
    let s = if v.is_symbol() { symbol::descriptive_string(v) } else { ops::to_rust_string(v).unwrap_or_default() };
    error::type_error(&format!("Iterator value {s} is not an entry object"))
}

/// Reads `entry[0]` and `entry[1]` (entry must be an object); both rooted in `scope`.
pub fn entry_pair(scope: &HandleScope, e: Value) -> JsResult<(Handle, Handle)> {
    if !e.is_js_object() {
        return Err(not_entry(e));
    }
    let he = scope.root(e.0);
    if e.is_array() {
        let (k, v) = (arr::get_index(e, 0), arr::get_index(e, 1));
        if k != Value::HOLE && v != Value::HOLE {
            return Ok((scope.root(k.0), scope.root(v.0)));
        }
    }
    let k = object::get_value_key(e, Value::num(0.0))?;
    let hk = scope.root(k.0);
    let v = object::get_value_key(Value(he.get()), Value::num(1.0))?;
    Ok((hk, scope.root(v.0)))
}

/// Object.fromEntries ( iterable ) — 20.1.2.7
fn from_entries(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let m = scope.root(require_iterable(args.get(0))?.0);
    let o = object::new_plain(4);
    let ho = scope.root(o.0);
    for_each_iterable_method(args.get(0), Value(m.get()), &mut |e, _| {
        let s = HandleScope::new();
        let (hk, hv) = entry_pair(&s, e)?;
        let k = object::to_key(Value(hk.get()))?;
        object::define(Value(ho.get()), k, Value(hv.get()), shape::DEFAULT);
        Ok(())
    })?;
    Ok(Value(ho.get()))
}

/// Object.hasOwn ( O, P ) — 20.1.2.13
fn has_own(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let o = ops::to_object(args.get(0))?;
    let ho = scope.root(o.0);
    let k = object::to_key(args.get(1))?;
    Ok(Value::bool(object::try_has_own(Value(ho.get()), k)?))
}

/// Object.is ( value1, value2 ) — 20.1.2.14
fn is(args: &Args) -> JsResult {
    Ok(Value::bool(ops::same_value(args.get(0), args.get(1))))
}

/// Object.groupBy ( items, callbackfn ) — 20.1.2.13 (ES2024)
fn group_by(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let m = scope.root(require_iterable(args.get(0))?.0);
    if !args.get(1).is_callable() {
        return Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(args.get(1)))));
    }
    let o = object::new_object_kind(KIND_OBJECT, Value::NULL, 4);
    let ho = scope.root(o.0);
    for_each_iterable_method(args.get(0), Value(m.get()), &mut |v, k| {
        let s = HandleScope::new();
        let hv = s.root(v.0);
        let key = function::call(args.get(1), Value::UNDEFINED, &[v, Value::num(k as f64)])?;
        let key = object::to_key(key)?;
        let g = match object::get_own_property(Value(ho.get()), key) {
            Some(Prop::Data(g, _)) => g,
            _ => {
                let g = arr::new_array(0);
                let hg = s.root(g.0);
                object::define(Value(ho.get()), key, g, shape::DEFAULT);
                Value(hg.get())
            }
        };
        arr::push(g, Value(hv.get()));
        Ok(())
    })?;
    Ok(Value(ho.get()))
}

// ---------------------------------------------------------------------------
// Object.prototype
// ---------------------------------------------------------------------------

/// Object.prototype.hasOwnProperty ( V ) — 20.1.3.2
fn has_own_property(args: &Args) -> JsResult {
    let k = object::to_key(args.get(0))?;
    let o = ops::to_object(args.this())?;
    Ok(Value::bool(object::try_has_own(o, k)?))
}

/// Object.prototype.isPrototypeOf ( V ) — 20.1.3.3
fn is_prototype_of(args: &Args) -> JsResult {
    let v = args.get(0);
    if !v.is_js_object() {
        return Ok(Value::FALSE);
    }
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let o = scope.root(ops::to_object(args.this())?.0);
    let mut p = perry_runtime::proxy::proto_of_any(Value(hv.get()))?;
    while p.is_js_object() {
        if p == Value(o.get()) {
            return Ok(Value::TRUE);
        }
        p = perry_runtime::proxy::proto_of_any(p)?;
    }
    Ok(Value::FALSE)
}

/// Object.prototype.propertyIsEnumerable ( V ) — 20.1.3.4
fn property_is_enumerable(args: &Args) -> JsResult {
    let k = object::to_key(args.get(0))?;
    let o = ops::to_object(args.this())?;
    Ok(Value::bool(object::try_is_enumerable_own(o, k)?))
}

/// Object.prototype.toString's result for any value — 20.1.3.6
pub fn object_to_string(v: Value) -> JsResult {
    if v.is_undefined() {
        return Ok(string::from_str("[object Undefined]"));
    }
    if v.is_null() {
        return Ok(string::from_str("[object Null]"));
    }
    let scope = HandleScope::new();
    let o = ops::to_object(v)?;
    let ho = scope.root(o.0);
    let builtin = if o.is_proxy() {
        // A proxy: IsArray and IsCallable see through it (20.1.3.6).
        if perry_runtime::proxy::is_array(o)? {
            "Array"
        } else if perry_runtime::proxy::is_callable(o) {
            "Function"
        } else {
            "Object"
        }
    } else {
        match o.kind() {
            KIND_ARRAY | KIND_SPARSE_ARRAY => "Array",
            KIND_ARGUMENTS => "Arguments",
            KIND_FUNCTION | KIND_BOUND_FUNCTION => "Function",
            KIND_ERROR => "Error",
            KIND_REGEXP => "RegExp",
            perry_abi::KIND_DATE => "Date",
            KIND_PRIMITIVE_WRAPPER => ops::wrapper_builtin_tag(o),
            _ => "Object",
        }
    };
    let tag = object::get(Value(ho.get()), realm::sym_atom(I::SymToStringTag))?;
    if tag.is_string() {
        let mut u: Vec<u16> = "[object ".encode_utf16().collect();
        u.extend_from_slice(&string::units16(tag));
        u.push(b']' as u16);
        return Ok(string::from_units(&u));
    }
    Ok(string::from_str(&format!("[object {builtin}]")))
}

/// Object.prototype.toString — 20.1.3.6
fn to_string(args: &Args) -> JsResult {
    object_to_string(args.this())
}

/// Object.prototype.toLocaleString — 20.1.3.5
fn to_locale_string(args: &Args) -> JsResult {
    let this = args.this();
    let f = object::get(this, names::TO_STRING)?;
    if !f.is_callable() {
        return Err(error::type_error(&format!("{} is not a function", crate::array::fn_brief(f))));
    }
    function::call(f, args.this(), &[])
}

/// Object.prototype.valueOf — 20.1.3.7
fn value_of(args: &Args) -> JsResult {
    ops::to_object(args.this())
}

/// get Object.prototype.__proto__ — 20.1.3.8.1
fn proto_getter(args: &Args) -> JsResult {
    let o = ops::to_object(args.this())?;
    Ok(object::proto_of(o))
}

/// set Object.prototype.__proto__ — 20.1.3.8.2
fn proto_setter(args: &Args) -> JsResult {
    let this = args.this();
    if this.is_nullish() {
        return Err(error::type_error("Object.prototype.__proto__ called on null or undefined"));
    }
    let p = args.get(0);
    if !(p.is_object() || p.is_null()) || !this.is_object() {
        return Ok(Value::UNDEFINED);
    }
    set_prototype_of(this, p)?;
    Ok(Value::UNDEFINED)
}

pub fn install() {
    let op = realm::get(I::ObjectProto);
    let scope = HandleScope::new();
    let hp = scope.root(op.0);
    let c = crate::constructor("Object", 1, object_ctor, op);
    realm::set(I::ObjectCtor, c);
    let statics: &[(&str, u32, function::NativeFn)] = &[
        ("assign", 2, assign),
        ("create", 2, create),
        ("defineProperties", 2, define_properties),
        ("defineProperty", 3, define_property),
        ("entries", 1, entries),
        ("freeze", 1, freeze),
        ("fromEntries", 1, from_entries),
        ("getOwnPropertyDescriptor", 2, get_own_property_descriptor),
        ("getOwnPropertyDescriptors", 1, get_own_property_descriptors),
        ("getOwnPropertyNames", 1, get_own_property_names),
        ("getOwnPropertySymbols", 1, get_own_property_symbols),
        ("getPrototypeOf", 1, get_prototype_of),
        ("groupBy", 2, group_by),
        ("hasOwn", 2, has_own),
        ("is", 2, is),
        ("isExtensible", 1, is_extensible),
        ("isFrozen", 1, is_frozen),
        ("isSealed", 1, is_sealed),
        ("keys", 1, keys),
        ("preventExtensions", 1, prevent_extensions),
        ("seal", 1, seal),
        ("setPrototypeOf", 2, set_prototype_of_fn),
        ("values", 1, values),
    ];
    for &(name, len, f) in statics {
        method(realm::get(I::ObjectCtor), name, len, f);
    }
    let protos: &[(&str, u32, function::NativeFn)] = &[
        ("hasOwnProperty", 1, has_own_property),
        ("isPrototypeOf", 1, is_prototype_of),
        ("propertyIsEnumerable", 1, property_is_enumerable),
        ("toString", 0, to_string),
        ("toLocaleString", 0, to_locale_string),
        ("valueOf", 0, value_of),
        ("__defineGetter__", 2, define_getter),
        ("__defineSetter__", 2, define_setter),
        ("__lookupGetter__", 1, lookup_getter),
        ("__lookupSetter__", 1, lookup_setter),
    ];
    for &(name, len, f) in protos {
        method(Value(hp.get()), name, len, f);
    }
    let g = function::new_native("get __proto__", 0, proto_getter);
    let hg = scope.root(g.0);
    let s = function::new_native("set __proto__", 1, proto_setter);
    let hs = scope.root(s.0);
    let key = atoms::intern("__proto__");
    object::define_accessor(Value(hp.get()), key, Value(hg.get()), Value(hs.get()), shape::CONFIGURABLE);
}
