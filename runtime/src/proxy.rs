//! Proxy exotic objects (ECMAScript 10.5). A proxy is a value of the proxy
//! id band naming a slot of the runtime's registry (`binding::proxies`,
//! DESIGN.md "Proxies"): target, handler, revoked. Each internal method
//! looks up the handler's trap; a missing trap forwards to the target; a
//! trap's result is checked against the target with the spec's invariants
//! (TypeError when violated). Revoked proxies throw a TypeError.
//!
//! The operations in `object.rs`, `function.rs` and `ops.rs` dispatch here
//! when their operand is a proxy; `[[DefineOwnProperty]]`,
//! `[[SetPrototypeOf]]`, `[[IsExtensible]]` and `[[PreventExtensions]]`
//! are in stdlib `proxy.rs`, beside the ordinary versions they forward to.
//!
//! # Reaching proxies, and the fast [[Get]]
//!
//! `perry_abi::proxy_id` decodes only values of the band (tag and `id < PROXY_IDS` = 65,536),
//! and `is_heap_tag(TAG_PROXY)` is false, so no proxy is ever taken for an address.
//! `Value::is_object` is false for proxies (they have no cell to read); `is_js_object`,
//! [`is_callable`] and [`is_constructor`] include them. Compiled code's fast paths test
//! `TAG_OBJECT`, so proxies always reach the runtime; a call of a non-function goes to
//! `perry_call_other`, which calls callable proxies (a spread call's check to
//! `perry_require_callable`), and a caching `new` site takes a proxy its constructor returns
//! as the result. The built-ins test IsCallable with `Value::is_callable` and Type(x) is
//! Object with `Value::is_js_object`, which include proxies; a proxy receiver of [[Set]] defines
//! through a hook (`set_define_data`). The getOwnPropertyDescriptor and defineProperty
//! invariants use IsCompatiblePropertyDescriptor (`is_compatible` over a `PartialDesc`).
//! Printing shows the target (Node's `showProxy: false`).
//!
//! The internal methods (`get`, `set`, `has`, `own_keys`, `create`, ...) are reached through a
//! table the `proxy` family sets ([`enable`]); without it `I::ProxyCtor` holds `HOLE`, which no
//! callee equals.
//!
//! Fast path of [[Get]] ([`get`]): when the handler is a plain object literal, the trap is
//! found by a shape lookup that runs no code (`trap_fast`), so target, handler and receiver go
//! to the call unrooted; the invariant check after the call is a shape lookup on an ordinary
//! target (`unconstrained`: absent or configurable means nothing to check) and builds no
//! descriptor.
//!
//! `object_proto_lacks` caches, per Object.prototype's shape, that it lacks a name
//! (JSON.stringify skips the toJSON lookup of plain objects and arrays whose prototypes are the
//! intrinsic ones).
//!
//! `new Proxy` (a direct path from `perry_construct`) takes a free registry id; when all 65,536
//! are live it runs a full collection first, and if that frees none it throws a catchable
//! RangeError naming the limit.

use crate::array;
use crate::atoms::{self, Atom};
use crate::error::{self, JsResult};
use crate::function;
use crate::object::{self, Prop};
use crate::ops;
use crate::shape;
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

/// Registry flags: the target was callable / a constructor when the proxy
/// was made (`typeof` and `new` keep answering after revocation).
pub const CALLABLE: u8 = 1;
pub const CONSTRUCTOR: u8 = 2;

#[inline]
pub fn is_proxy(v: Value) -> bool {
    proxy_id(v.0).is_some()
}

/// The target and handler of proxy `p`, or the TypeError of a revoked one
/// for operation `op`.
pub fn parts(p: Value, op: &str) -> JsResult<(Value, Value)> {
    match crate::binding::proxies::parts(p.0) {
        Some((t, h)) => Ok((Value(t), Value(h))),
        None => Err(error::type_error(&format!("Cannot perform '{op}' on a proxy that has been revoked"))),
    }
}

/// The target of proxy `p`; `None` once revoked. Allocates nothing.
pub fn target_of(p: Value) -> Option<Value> {
    crate::binding::proxies::parts(p.0).map(|(t, _)| Value(t))
}

/// IsCallable: a function, or a proxy of a callable target.
pub fn is_callable(v: Value) -> bool {
    v.is_function() || (is_proxy(v) && flags(v) & CALLABLE != 0)
}

/// IsConstructor: a constructor function, or a proxy of one.
pub fn is_constructor(v: Value) -> bool {
    function::is_constructor(v) || (is_proxy(v) && flags(v) & CONSTRUCTOR != 0)
}

pub fn flags(p: Value) -> u8 {
    crate::binding::proxies::flags(p.0)
}

/// GetMethod(handler, name): `None` when the trap is undefined or null.
/// The atom of trap `name` (predefined: no interning per operation).
#[inline(always)]
pub fn trap_atom(name: &str) -> Atom {
    use atoms::names::*;
    match name {
        "get" => GET,
        "set" => SET,
        "has" => HAS,
        "deleteProperty" => DELETE_PROPERTY,
        "ownKeys" => OWN_KEYS,
        "getOwnPropertyDescriptor" => GET_OWN_PROPERTY_DESCRIPTOR,
        "defineProperty" => DEFINE_PROPERTY,
        "getPrototypeOf" => GET_PROTOTYPE_OF,
        "setPrototypeOf" => SET_PROTOTYPE_OF,
        "isExtensible" => IS_EXTENSIBLE,
        "preventExtensions" => PREVENT_EXTENSIONS,
        "apply" => APPLY,
        "construct" => CONSTRUCT,
        _ => atoms::intern(name),
    }
}

/// Whether %Object.prototype% has no property named `key`, cached per
/// shape of it (a handler that is a plain object with no such own trap
/// then has none at all, without walking the chain).
static LACKS: perry_gc::JsCell<(u64, Vec<(Atom, bool)>)> = perry_gc::JsCell::new((0, Vec::new()));

/// After a table sweep: the cache of [`object_proto_lacks`] (keyed by shape
/// and atoms, which may be reused) is emptied.
pub fn clear_caches() {
    // SAFETY: single JS thread; no borrow of the cache is live at a sweep.
    unsafe { *LACKS.get() = (0, Vec::new()) };
}

pub fn object_proto_lacks(key: Atom) -> bool {
    let op = crate::realm::get(crate::realm::I::ObjectProto);
    let sh = op.cell().word(OBJ_SHAPE);
    // SAFETY: single JS thread.
    let c = unsafe { LACKS.get() };
    if c.0 != sh {
        *c = (sh, Vec::new());
    }
    if let Some(&(_, lacks)) = c.1.iter().find(|(k, _)| *k == key) {
        return lacks;
    }
    let lacks = object::find_own(op, key).is_none() && object::proto_of(op).is_null();
    c.1.push((key, lacks));
    lacks
}

/// GetMethod(handler, trap name) (stdlib `proxy.rs` uses it too).
#[inline]
pub fn trap(handler: Value, name: &str) -> JsResult<Option<Value>> {
    let key = trap_atom(name);
    match trap_fast(handler, key) {
        Some(t) => Ok(t),
        None => trap_slow(handler, key, name),
    }
}

/// Fast path of GetMethod for the common handler, a plain object literal
/// with the trap as an own data property or without it: `Some(trap)`
/// without running code or allocating, `None` when the full lookup is needed.
#[inline]
fn trap_fast(handler: Value, key: Atom) -> Option<Option<Value>> {
    if handler.is_object() && handler.kind() == KIND_OBJECT {
        let sh = object::shape_of(handler);
        if sh.is_plain() && !sh.dict && sh.proto_slot.is_none() {
            // A shape lookup: the handler is not in dictionary mode.
            match sh.find(key) {
                Some((i, a)) if a & shape::ACCESSOR == 0 => {
                    let t = object::slot_get(handler, i);
                    if t.is_function() {
                        return Some(Some(t));
                    }
                }
                None if object_proto_lacks(key) => return Some(None),
                _ => {}
            }
        }
    }
    None
}

#[inline(never)]
fn trap_slow(handler: Value, key: Atom, name: &str) -> JsResult<Option<Value>> {
    let t = object::get(handler, key)?;
    if t.is_nullish() {
        return Ok(None);
    }
    if !is_callable(t) {
        return Err(not_callable_trap(t, name));
    }
    Ok(Some(t))
}

/// V8's TypeError for a trap that is neither undefined nor callable.
pub fn not_callable_trap(t: Value, name: &str) -> error::Exc {
    let shown = ops::to_rust_string(t).unwrap_or_else(|_| {
        error::take();
        String::from("[object]")
    });
    error::type_error(&format!("'{shown}' returned for property '{name}' of object '#<Object>' is not a function"))
}

/// The trap `name` of proxy `p` with the rooted target and handler; `None`
/// (with the target) when the handler has no such trap.
struct Trap {
    target: perry_gc::Handle,
    handler: perry_gc::Handle,
    f: Option<perry_gc::Handle>,
}

fn get_trap(scope: &HandleScope, p: Value, name: &str) -> JsResult<Trap> {
    let (t, h) = parts(p, name)?;
    let (target, handler) = (scope.root(t.0), scope.root(h.0));
    let f = trap(h, name)?.map(|f| scope.root(f.0));
    Ok(Trap { target, handler, f })
}

fn key_name(key: Atom) -> String {
    atoms::to_rust(key)
}

/// [[GetOwnProperty]] of any object (a proxy target may be a proxy).
pub fn own_property(o: Value, key: Atom) -> JsResult<Option<Prop>> {
    if is_proxy(o) { get_own_property(o, key) } else { Ok(if o.is_object() { object::get_own_property(o, key) } else { None }) }
}

/// Whether an ordinary target's property `key` is absent or configurable,
/// so no invariant of [[Get]] or [[Set]] can apply (10.5.8 step 9, 10.5.9
/// step 9): a shape lookup instead of a property descriptor.
#[inline]
fn unconstrained(target: Value, key: Atom) -> bool {
    if !(target.is_object() && target.kind() == KIND_OBJECT) {
        return false;
    }
    let sh = object::shape_of(target);
    let found = if sh.dict { object::find_own(target, key) } else { sh.find(key) };
    found.is_none_or(|(_, a)| a & shape::CONFIGURABLE != 0)
}

pub fn non_configurable(p: &Option<Prop>) -> bool {
    match p {
        Some(Prop::Data(_, a)) | Some(Prop::Accessor(_, _, a)) => a & shape::CONFIGURABLE == 0,
        None => false,
    }
}

/// [[IsExtensible]] of any object.
pub fn is_extensible(o: Value) -> JsResult<bool> {
    if is_proxy(o) {
        return is_extensible_proxy(o);
    }
    Ok(o.is_object() && o.cell().header_flags() & FLAG_NONEXTENSIBLE == 0)
}

/// [[IsExtensible]] of a proxy (10.5.3).
fn is_extensible_proxy_impl(o: Value) -> JsResult<bool> {
    let scope = HandleScope::new();
    let t = get_trap(&scope, o, "isExtensible")?;
    let target = Value(t.target.get());
    let Some(f) = t.f else { return is_extensible(target) };
    let r = ops::to_boolean(function::call(Value(f.get()), Value(t.handler.get()), &[target])?);
    if r != is_extensible(Value(t.target.get()))? {
        return Err(error::type_error(&format!("'isExtensible' on proxy: trap result does not reflect extensibility of proxy target (which is '{}')", !r)));
    }
    Ok(r)
}

/// [[GetPrototypeOf]] (10.5.1).
fn get_prototype_of_impl(p: Value) -> JsResult {
    let scope = HandleScope::new();
    let t = get_trap(&scope, p, "getPrototypeOf")?;
    let target = Value(t.target.get());
    let Some(f) = t.f else { return proto_of_any(target) };
    let r = function::call(Value(f.get()), Value(t.handler.get()), &[target])?;
    if !r.is_object() && !r.is_null() && !is_proxy(r) {
        return Err(error::type_error("'getPrototypeOf' on proxy: trap returned neither object nor null"));
    }
    let hr = scope.root(r.0);
    if !is_extensible(Value(t.target.get()))? && proto_of_any(Value(t.target.get()))? != Value(hr.get()) {
        return Err(error::type_error("'getPrototypeOf' on proxy: proxy target is non-extensible but the trap did not return its actual prototype"));
    }
    Ok(Value(hr.get()))
}

/// [[GetPrototypeOf]] of any object.
pub fn proto_of_any(o: Value) -> JsResult {
    if is_proxy(o) { get_prototype_of(o) } else { Ok(object::proto_of(o)) }
}

/// [[GetOwnProperty]] (10.5.5).
fn get_own_property_impl(p: Value, key: Atom) -> JsResult<Option<Prop>> {
    let scope = HandleScope::new();
    let t = get_trap(&scope, p, "getOwnPropertyDescriptor")?;
    let Some(f) = t.f else { return own_property(Value(t.target.get()), key) };
    let r = function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), atoms::value(key)])?;
    let hr = scope.root(r.0);
    let target_desc = own_property(Value(t.target.get()), key)?;
    if r.is_undefined() {
        if non_configurable(&target_desc) {
            return Err(error::type_error(&format!(
                "'getOwnPropertyDescriptor' on proxy: trap returned undefined for property '{}' which is non-configurable in the proxy target",
                key_name(key)
            )));
        }
        if target_desc.is_some() && !is_extensible(Value(t.target.get()))? {
            return Err(error::type_error(&format!(
                "'getOwnPropertyDescriptor' on proxy: trap returned undefined for property '{}' which exists in the non-extensible proxy target",
                key_name(key)
            )));
        }
        return Ok(None);
    }
    if !r.is_object() {
        return Err(error::type_error(&format!(
            "'getOwnPropertyDescriptor' on proxy: trap returned neither object nor undefined for property '{}'",
            key_name(key)
        )));
    }
    let held_target = Held::new(&scope, target_desc);
    let desc = Held::new(&scope, Some(to_prop(Value(hr.get()))?));
    let extensible = is_extensible(Value(t.target.get()))?;
    let (desc, target_desc) = (desc.get().expect("a descriptor"), held_target.get());
    if !is_compatible(extensible, &PartialDesc::from(desc), &target_desc) {
        return Err(error::type_error(&format!(
            "'getOwnPropertyDescriptor' on proxy: trap returned descriptor for property '{}' that is incompatible with the existing property in the proxy target",
            key_name(key)
        )));
    }
    if non_configurable(&Some(desc)) {
        if !non_configurable(&target_desc) {
            return Err(error::type_error(&format!(
                "'getOwnPropertyDescriptor' on proxy: trap reported non-configurability for property '{}' which is either non-existent or configurable in the proxy target",
                key_name(key)
            )));
        }
        if let (Prop::Data(_, a), Some(Prop::Data(_, ta))) = (desc, target_desc)
            && a & shape::WRITABLE == 0
            && ta & shape::WRITABLE != 0
        {
            return Err(error::type_error(&format!(
                "'getOwnPropertyDescriptor' on proxy: trap reported non-configurable and writable for property '{}' which is non-configurable, non-writable in the proxy target",
                key_name(key)
            )));
        }
    }
    Ok(Some(desc))
}

/// A property found on an object, its values held in handles while code
/// that may collect runs.
pub struct Held {
    p: Option<Prop>,
    h: [perry_gc::Handle; 2],
}

impl Held {
    pub fn new(scope: &HandleScope, p: Option<Prop>) -> Held {
        let (a, b) = match p {
            Some(Prop::Data(v, _)) => (v, Value::UNDEFINED),
            Some(Prop::Accessor(g, s, _)) => (g, s),
            None => (Value::UNDEFINED, Value::UNDEFINED),
        };
        Held { p, h: [scope.root(a.0), scope.root(b.0)] }
    }

    /// The property with its values as they are now.
    pub fn get(&self) -> Option<Prop> {
        let (a, b) = (Value(self.h[0].get()), Value(self.h[1].get()));
        self.p.map(|p| match p {
            Prop::Data(_, at) => Prop::Data(a, at),
            Prop::Accessor(_, _, at) => Prop::Accessor(a, b, at),
        })
    }
}

/// A property descriptor whose fields may be absent (a `defineProperty`
/// argument); values are raw, so it lives only while nothing allocates.
#[derive(Clone, Copy, Default)]
pub struct PartialDesc {
    pub value: Option<Value>,
    pub writable: Option<bool>,
    pub get: Option<Value>,
    pub set: Option<Value>,
    pub enumerable: Option<bool>,
    pub configurable: Option<bool>,
}

impl From<Prop> for PartialDesc {
    fn from(p: Prop) -> PartialDesc {
        match p {
            Prop::Data(v, a) => PartialDesc {
                value: Some(v),
                writable: Some(a & shape::WRITABLE != 0),
                enumerable: Some(a & shape::ENUMERABLE != 0),
                configurable: Some(a & shape::CONFIGURABLE != 0),
                ..PartialDesc::default()
            },
            Prop::Accessor(g, s, a) => PartialDesc {
                get: Some(g),
                set: Some(s),
                enumerable: Some(a & shape::ENUMERABLE != 0),
                configurable: Some(a & shape::CONFIGURABLE != 0),
                ..PartialDesc::default()
            },
        }
    }
}

/// IsCompatiblePropertyDescriptor (10.1.6.2): ValidateAndApplyPropertyDescriptor
/// (10.1.6.3) with no object to apply to.
pub fn is_compatible(extensible: bool, d: &PartialDesc, current: &Option<Prop>) -> bool {
    let Some(current) = current else { return extensible };
    let d_accessor = d.get.is_some() || d.set.is_some();
    let d_data = d.value.is_some() || d.writable.is_some();
    let (Prop::Data(_, ca) | Prop::Accessor(_, _, ca)) = *current;
    if ca & shape::CONFIGURABLE != 0 {
        return true;
    }
    if d.configurable == Some(true) || d.enumerable.is_some_and(|e| e != (ca & shape::ENUMERABLE != 0)) {
        return false;
    }
    match *current {
        Prop::Accessor(g, s, _) => !d_data && d.get.is_none_or(|x| ops::same_value(x, g)) && d.set.is_none_or(|x| ops::same_value(x, s)),
        Prop::Data(v, a) => {
            if d_accessor {
                return false;
            }
            a & shape::WRITABLE != 0 || (d.writable != Some(true) && d.value.is_none_or(|x| ops::same_value(x, v)))
        }
    }
}

/// ToPropertyDescriptor (6.2.6.5) completed with defaults (absent fields
/// read as false / undefined).
fn to_prop(d: Value) -> JsResult<Prop> {
    let scope = HandleScope::new();
    let hd = scope.root(d.0);
    let flag = |name: &str| -> JsResult<bool> { Ok(ops::to_boolean(object::get(Value(hd.get()), atoms::intern(name))?)) };
    let mut a = 0u8;
    if flag("enumerable")? {
        a |= shape::ENUMERABLE;
    }
    if flag("configurable")? {
        a |= shape::CONFIGURABLE;
    }
    let (kg, ks) = (atoms::intern("get"), atoms::intern("set"));
    if object::has_property(Value(hd.get()), kg) || object::has_property(Value(hd.get()), ks) {
        let g = scope.root(object::get(Value(hd.get()), kg)?.0);
        let s = object::get(Value(hd.get()), ks)?;
        return Ok(Prop::Accessor(Value(g.get()), s, a | shape::ACCESSOR));
    }
    if flag("writable")? {
        a |= shape::WRITABLE;
    }
    Ok(Prop::Data(object::get(Value(hd.get()), atoms::intern("value"))?, a))
}

/// [[HasProperty]] (10.5.7).
fn has_impl(p: Value, key: Atom) -> JsResult<bool> {
    let scope = HandleScope::new();
    let t = get_trap(&scope, p, "has")?;
    let Some(f) = t.f else { return has_any(Value(t.target.get()), key) };
    let r = ops::to_boolean(function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), atoms::value(key)])?);
    if !r {
        let td = own_property(Value(t.target.get()), key)?;
        if non_configurable(&td) {
            return Err(error::type_error(&format!(
                "'has' on proxy: trap returned falsish for property '{}' which exists in the proxy target as non-configurable",
                key_name(key)
            )));
        }
        if td.is_some() && !is_extensible(Value(t.target.get()))? {
            return Err(error::type_error(&format!(
                "'has' on proxy: trap returned falsish for property '{}' but the proxy target is not extensible",
                key_name(key)
            )));
        }
    }
    Ok(r)
}

/// [[HasProperty]] of any object, along a chain that may hold proxies.
pub fn has_any(o: Value, key: Atom) -> JsResult<bool> {
    let mut o = o;
    loop {
        if is_proxy(o) {
            return has(o, key);
        }
        if !o.is_object() {
            return Ok(false);
        }
        if object::get_own_property(o, key).is_some() {
            return Ok(true);
        }
        // A typed array's numeric keys never reach its prototype (10.4.5.2).
        if o.kind() == perry_abi::KIND_TYPED_ARRAY && crate::bytes::numeric_key(key).is_some() {
            return Ok(false);
        }
        o = object::proto_of(o);
    }
}

/// [[Get]] (10.5.8).
fn get_impl(p: Value, key: Atom, receiver: Value) -> JsResult {
    // Fast path: a plain handler whose trap lookup runs no code, so the
    // target, handler and receiver stay where they are until the call.
    let (t, h) = parts(p, "get")?;
    let Some(f) = trap_fast(h, atoms::names::GET) else { return get_slow(p, key, receiver) };
    let Some(f) = f else { return object::get_with_receiver(t, key, receiver) };
    let scope = HandleScope::new();
    let target = scope.root(t.0);
    let v = function::call(f, h, &[t, atoms::value(key), receiver])?;
    if unconstrained(Value(target.get()), key) {
        return Ok(v);
    }
    let hv = scope.root(v.0);
    check_get(Value(target.get()), key, Value(hv.get()))
}

#[inline(never)]
fn get_slow(p: Value, key: Atom, receiver: Value) -> JsResult {
    let scope = HandleScope::new();
    let hr = scope.root(receiver.0);
    let t = get_trap(&scope, p, "get")?;
    let receiver = Value(hr.get());
    let Some(f) = t.f else { return object::get_with_receiver(Value(t.target.get()), key, receiver) };
    let v = function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), atoms::value(key), receiver])?;
    if unconstrained(Value(t.target.get()), key) {
        return Ok(v);
    }
    let hv = scope.root(v.0);
    check_get(Value(t.target.get()), key, Value(hv.get()))
}

/// The invariants of [[Get]] (10.5.8 step 9) for trap result `v`.
fn check_get(target: Value, key: Atom, v: Value) -> JsResult {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    match own_property(target, key)? {
        Some(Prop::Data(x, a)) if a & (shape::CONFIGURABLE | shape::WRITABLE) == 0 && !ops::same_value(x, Value(hv.get())) => Err(error::type_error(&format!(
            "'get' on proxy: property '{}' is a read-only and non-configurable data property on the proxy target but the proxy did not return its actual value (expected '{}' but got '{}')",
            key_name(key),
            ops::to_rust_string(x).unwrap_or_default(),
            ops::to_rust_string(Value(hv.get())).unwrap_or_default()
        ))),
        Some(Prop::Accessor(g, _, a)) if a & shape::CONFIGURABLE == 0 && g.is_undefined() && !Value(hv.get()).is_undefined() => {
            Err(error::type_error(&format!(
                "'get' on proxy: property '{}' is a non-configurable accessor property on the proxy target and does not have a getter function, but the trap did not return 'undefined' (got '{}')",
                key_name(key),
                ops::to_rust_string(Value(hv.get())).unwrap_or_default()
            )))
        }
        _ => Ok(Value(hv.get())),
    }
}

/// [[Set]] (10.5.9): whether it succeeded.
/// Why the last trapless proxy [[Set]] that answered false was refused by its target (`None`
/// after a `set` trap's false): strict assignment throws the target's error, as V8 does.
static SET_REFUSAL: perry_gc::JsCell<Option<object::Refused>> = perry_gc::JsCell::new(None);

/// The refusal behind the last false [[Set]] of a proxy (see `SET_REFUSAL`), taken.
pub fn take_set_refusal() -> Option<object::Refused> {
    // SAFETY: the JS thread; a one-word read and write with no reference kept.
    unsafe { SET_REFUSAL.get().take() }
}

fn set_impl(p: Value, key: Atom, v: Value, receiver: Value) -> JsResult<bool> {
    let scope = HandleScope::new();
    let (hv, hrec) = (scope.root(v.0), scope.root(receiver.0));
    let t = get_trap(&scope, p, "set")?;
    let Some(f) = t.f else {
        // The target's [[Set]] answers (false when it refuses: Reflect.set must not throw).
        let r = object::try_set(Value(t.target.get()), key, Value(hv.get()), Value(hrec.get()))?;
        // SAFETY: the JS thread; a one-word store with no reference kept.
        unsafe { *SET_REFUSAL.get() = r.err() };
        return Ok(r.is_ok());
    };
    let r = function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), atoms::value(key), Value(hv.get()), Value(hrec.get())])?;
    if !ops::to_boolean(r) {
        // SAFETY: as above (the trap may have left another proxy's refusal).
        unsafe { *SET_REFUSAL.get() = None };
        return Ok(false);
    }
    match own_property(Value(t.target.get()), key)? {
        Some(Prop::Data(x, a)) if a & (shape::CONFIGURABLE | shape::WRITABLE) == 0 && !ops::same_value(x, Value(hv.get())) => Err(error::type_error(&format!(
            "'set' on proxy: trap returned truish for property '{}' which exists in the proxy target as a non-configurable and non-writable data property with a different value",
            key_name(key)
        ))),
        Some(Prop::Accessor(_, s, a)) if a & shape::CONFIGURABLE == 0 && s.is_undefined() => Err(error::type_error(&format!(
            "'set' on proxy: trap returned truish for property '{}' which exists in the proxy target as a non-configurable and writable accessor property without a setter",
            key_name(key)
        ))),
        _ => Ok(true),
    }
}

/// [[Delete]] (10.5.10).
fn delete_impl(p: Value, key: Atom) -> JsResult<bool> {
    let scope = HandleScope::new();
    let t = get_trap(&scope, p, "deleteProperty")?;
    let Some(f) = t.f else { return delete_any(Value(t.target.get()), key) };
    let r = ops::to_boolean(function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), atoms::value(key)])?);
    if r {
        let td = own_property(Value(t.target.get()), key)?;
        if non_configurable(&td) {
            return Err(error::type_error(&format!(
                "'deleteProperty' on proxy: trap returned truish for property '{}' which is non-configurable in the proxy target",
                key_name(key)
            )));
        }
        if td.is_some() && !is_extensible(Value(t.target.get()))? {
            return Err(error::type_error(&format!(
                "'deleteProperty' on proxy: trap returned truish for property '{}' but the proxy target is non-extensible",
                key_name(key)
            )));
        }
    }
    Ok(r)
}

/// [[Delete]] of any object.
pub fn delete_any(o: Value, key: Atom) -> JsResult<bool> {
    if is_proxy(o) { delete(o, key) } else { object::delete(o, key) }
}

/// [[OwnPropertyKeys]] (10.5.11): every own key, strings then symbols as the
/// trap lists them.
fn own_keys_impl(p: Value) -> JsResult<Vec<Atom>> {
    let scope = HandleScope::new();
    let t = get_trap(&scope, p, "ownKeys")?;
    let Some(f) = t.f else { return own_keys_any(Value(t.target.get())) };
    let r = function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get())])?;
    if !r.is_js_object() {
        return Err(error::type_error(&format!("CreateListFromArrayLike called on non-object: {}", ops::inspect_brief(r))));
    }
    let hr = scope.root(r.0);
    let n = ops::length_of(r)?;
    let mut keys = Vec::with_capacity(n);
    for i in 0..n {
        let k = object::get_value_key(Value(hr.get()), Value::int(i as i64))?;
        if !k.is_string() && !k.is_symbol() {
            return Err(error::type_error(&format!("{} is not a valid property name", ops::to_rust_string(k).unwrap_or_default())));
        }
        let a = object::to_key(k)?;
        if keys.contains(&a) {
            return Err(error::type_error("'ownKeys' on proxy: trap returned duplicate entries"));
        }
        keys.push(a);
    }
    // Invariants: every non-configurable key of the target is reported; a
    // non-extensible target's keys are reported exactly.
    let target = Value(t.target.get());
    let tkeys = own_keys_any(target)?;
    let extensible = is_extensible(Value(t.target.get()))?;
    for &k in &tkeys {
        let nc = non_configurable(&own_property(Value(t.target.get()), k)?);
        if (nc || !extensible) && !keys.contains(&k) {
            return Err(error::type_error(&format!("'ownKeys' on proxy: trap result did not include '{}'", key_name(k))));
        }
    }
    if !extensible && keys.len() != tkeys.len() {
        return Err(error::type_error("'ownKeys' on proxy: trap returned extra keys but proxy target is non-extensible"));
    }
    Ok(keys)
}

/// [[OwnPropertyKeys]] of any object.
pub fn own_keys_any(o: Value) -> JsResult<Vec<Atom>> {
    if is_proxy(o) { own_keys(o) } else { Ok(object::own_keys(o, false, true)) }
}

/// EnumerableOwnProperties' keys (Object.keys, for-in, spread, JSON): the
/// string keys whose [[GetOwnProperty]] says enumerable.
fn enumerable_string_keys_impl(p: Value) -> JsResult<Vec<Atom>> {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let mut out = Vec::new();
    for k in own_keys(p)? {
        if atoms::is_symbol(k) {
            continue;
        }
        if let Some(Prop::Data(_, a) | Prop::Accessor(_, _, a)) = get_own_property(Value(hp.get()), k)?
            && a & shape::ENUMERABLE != 0
        {
            out.push(k);
        }
    }
    Ok(out)
}

/// [[Call]] (10.5.12).
fn call_impl(p: Value, this: Value, args: &[Value]) -> JsResult {
    if flags(p) & CALLABLE == 0 {
        return Err(error::type_error("proxy is not a function"));
    }
    let scope = HandleScope::new();
    let hthis = scope.root(this.0);
    let hargs: Vec<_> = args.iter().map(|a| scope.root(a.0)).collect();
    // A proxy without an `apply` trap calls its target (a tail call): a chain of such proxies
    // is walked here, not recursed through, as V8 does.
    let mut p = p;
    loop {
        let s = HandleScope::new();
        let t = get_trap(&s, p, "apply")?;
        let args: Vec<Value> = hargs.iter().map(|h| Value(h.get())).collect();
        let Some(f) = t.f else {
            let target = Value(t.target.get());
            if is_proxy(target) {
                // A proxy value is a registry id, not a cell: it needs no root.
                p = target;
                continue;
            }
            return function::call(target, Value(hthis.get()), &args);
        };
        let list = array::from_values(&args);
        return function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), Value(hthis.get()), list]);
    }
}

/// [[Construct]] (10.5.13).
fn construct_impl(p: Value, args: &[Value], new_target: Value) -> JsResult {
    if flags(p) & CONSTRUCTOR == 0 {
        return Err(error::type_error("proxy is not a constructor"));
    }
    let scope = HandleScope::new();
    let hnt = scope.root(new_target.0);
    let hargs: Vec<_> = args.iter().map(|a| scope.root(a.0)).collect();
    let t = get_trap(&scope, p, "construct")?;
    let args: Vec<Value> = hargs.iter().map(|h| Value(h.get())).collect();
    let Some(f) = t.f else { return function::construct(Value(t.target.get()), &args, Value(hnt.get())) };
    let list = array::from_values(&args);
    let r = function::call(Value(f.get()), Value(t.handler.get()), &[Value(t.target.get()), list, Value(hnt.get())])?;
    if !r.is_js_object() {
        return Err(error::type_error(&format!("'construct' on proxy: trap returned non-object ('{}')", ops::to_rust_string(r).unwrap_or_default())));
    }
    Ok(r)
}

/// IsArray (7.2.2): through proxies to their targets.
pub fn is_array(v: Value) -> JsResult<bool> {
    let mut v = v;
    while is_proxy(v) {
        v = parts(v, "IsArray")?.0;
    }
    Ok(v.is_array_exotic())
}

/// The innermost non-proxy target (for printing), or `None` if revoked.
pub fn innermost_target(v: Value) -> Option<Value> {
    let mut v = v;
    while is_proxy(v) {
        if crate::binding::proxies::is_revoked(v.0) {
            return None;
        }
        v = Value(crate::binding::proxies::target(v.0));
    }
    Some(v)
}

/// `[[DefineOwnProperty]]` of a proxy with a data descriptor (stdlib
/// `proxy.rs` installs it): `(proxy, key, value, existing)` defines
/// `{ value }` when the property exists, else a default data property.
pub type DefineData = fn(Value, Atom, Value, bool) -> JsResult<bool>;

static DEFINE_DATA: perry_gc::JsCell<Option<DefineData>> = perry_gc::JsCell::new(None);

pub fn set_define_data(f: DefineData) {
    // SAFETY: single JS thread.
    unsafe { *DEFINE_DATA.get() = Some(f) };
}

/// CreateDataProperty (7.3.5) on a proxy: its `defineProperty` trap with a
/// default data descriptor; false when refused.
pub fn create_data_property(p: Value, key: Atom, v: Value) -> JsResult<bool> {
    // SAFETY: single JS thread.
    let f = unsafe { *DEFINE_DATA.get() }.expect("stdlib installs the proxy define hook");
    f(p, key, v, false)
}

/// OrdinarySetWithOwnDescriptor's last steps (10.1.9.2) when the receiver is
/// a proxy: its own property decides, and the value is defined through its
/// `defineProperty` trap.
fn set_on_receiver_impl(receiver: Value, key: Atom, v: Value) -> JsResult<bool> {
    let scope = HandleScope::new();
    let (hr, hv) = (scope.root(receiver.0), scope.root(v.0));
    let existing = get_own_property(receiver, key)?;
    match existing {
        Some(Prop::Accessor(..)) => return Ok(false),
        Some(Prop::Data(_, a)) if a & shape::WRITABLE == 0 => return Ok(false),
        _ => {}
    }
    // SAFETY: single JS thread.
    let f = unsafe { *DEFINE_DATA.get() }.expect("stdlib installs the proxy define hook");
    f(Value(hr.get()), key, Value(hv.get()), existing.is_some())
}

/// ProxyCreate (10.5.14): a new proxy of `target` with `handler`. When every
/// id of the band is live, a full collection runs first (dead proxies free
/// their ids); if it freed none, a RangeError names the limit.
fn create_impl(target: Value, handler: Value) -> JsResult {
    if !target.is_js_object() || !handler.is_js_object() {
        return Err(error::type_error("Cannot create proxy with a non-object as target or handler"));
    }
    let mut flags = 0;
    if is_callable(target) {
        flags |= CALLABLE;
    }
    if is_constructor(target) {
        flags |= CONSTRUCTOR;
    }
    let scope = HandleScope::new();
    let (ht, hh) = (scope.root(target.0), scope.root(handler.0));
    if crate::binding::proxies::young() >= crate::binding::proxies::YOUNG_LIMIT {
        // Proxies made faster than eden fills: a minor collection frees the
        // young ones nothing reaches before they take the band.
        perry_gc::heap::collect_minor("proxy-young");
    }
    if let Some(p) = crate::binding::proxies::alloc(ht.get(), hh.get(), flags) {
        return Ok(Value(p));
    }
    perry_gc::heap::collect_full("proxy-band");
    match crate::binding::proxies::alloc(ht.get(), hh.get(), flags) {
        Some(p) => Ok(Value(p)),
        None => {
            Err(error::range_error(&format!("Too many live proxies: the limit is {PROXY_IDS} (Proxy ids are reused once unreachable proxies are collected)")))
        }
    }
}

// ---------------------------------------------------------------------------
// The proxy operations, reached through a table
// ---------------------------------------------------------------------------

/// The operations of proxy objects. Everything else reaches them through
/// this table, which the stdlib's Proxy family sets ([`enable`]) when the
/// program may make proxies (only `new Proxy` and `Proxy.revocable` do), so
/// a program that names `Proxy` nowhere links none of them.
struct Ops {
    get_own_property: fn(Value, Atom) -> JsResult<Option<Prop>>,
    get_prototype_of: fn(Value) -> JsResult,
    has: fn(Value, Atom) -> JsResult<bool>,
    get: fn(Value, Atom, Value) -> JsResult,
    set: fn(Value, Atom, Value, Value) -> JsResult<bool>,
    delete: fn(Value, Atom) -> JsResult<bool>,
    own_keys: fn(Value) -> JsResult<Vec<Atom>>,
    enumerable_string_keys: fn(Value) -> JsResult<Vec<Atom>>,
    call: fn(Value, Value, &[Value]) -> JsResult,
    construct: fn(Value, &[Value], Value) -> JsResult,
    set_on_receiver: fn(Value, Atom, Value) -> JsResult<bool>,
    create: fn(Value, Value) -> JsResult,
    is_extensible_proxy: fn(Value) -> JsResult<bool>,
}

static IMPL: Ops = Ops {
    get_own_property: get_own_property_impl,
    get_prototype_of: get_prototype_of_impl,
    has: has_impl,
    get: get_impl,
    set: set_impl,
    delete: delete_impl,
    own_keys: own_keys_impl,
    enumerable_string_keys: enumerable_string_keys_impl,
    call: call_impl,
    construct: construct_impl,
    set_on_receiver: set_on_receiver_impl,
    create: create_impl,
    is_extensible_proxy: is_extensible_proxy_impl,
};

static OPS: perry_gc::JsCell<Option<&'static Ops>> = perry_gc::JsCell::new(None);

/// Links and enables the proxy operations (the Proxy family's install).
pub fn enable() {
    // SAFETY: single JS thread.
    unsafe { *OPS.get() = Some(&IMPL) };
}

#[inline]
fn table() -> &'static Ops {
    // SAFETY: single JS thread; written once at start-up.
    match unsafe { *OPS.get() } {
        Some(o) => o,
        None => perry_gc::fatal("a proxy exists but the Proxy built-in is not linked"),
    }
}

/// [[GetOwnProperty]] of a proxy (10.5.5).
pub fn get_own_property(p: Value, key: Atom) -> JsResult<Option<Prop>> {
    crate::stack::check()?;
    (table().get_own_property)(p, key)
}

/// [[GetPrototypeOf]] of a proxy (10.5.1).
pub fn get_prototype_of(p: Value) -> JsResult {
    crate::stack::check()?;
    (table().get_prototype_of)(p)
}

/// [[HasProperty]] of a proxy (10.5.7).
pub fn has(p: Value, key: Atom) -> JsResult<bool> {
    crate::stack::check()?;
    (table().has)(p, key)
}

/// [[Get]] of a proxy (10.5.8).
pub fn get(p: Value, key: Atom, receiver: Value) -> JsResult {
    crate::stack::check()?;
    (table().get)(p, key, receiver)
}

/// [[Set]] of a proxy (10.5.9).
pub fn set(p: Value, key: Atom, v: Value, receiver: Value) -> JsResult<bool> {
    crate::stack::check()?;
    (table().set)(p, key, v, receiver)
}

/// [[Delete]] of a proxy (10.5.10).
pub fn delete(p: Value, key: Atom) -> JsResult<bool> {
    crate::stack::check()?;
    (table().delete)(p, key)
}

/// [[OwnPropertyKeys]] of a proxy (10.5.11).
pub fn own_keys(p: Value) -> JsResult<Vec<Atom>> {
    crate::stack::check()?;
    (table().own_keys)(p)
}

/// The enumerable own string keys of a proxy.
pub fn enumerable_string_keys(p: Value) -> JsResult<Vec<Atom>> {
    crate::stack::check()?;
    (table().enumerable_string_keys)(p)
}

/// [[Call]] of a proxy (10.5.12).
pub fn call(p: Value, this: Value, args: &[Value]) -> JsResult {
    (table().call)(p, this, args)
}

/// [[Construct]] of a proxy (10.5.13).
pub fn construct(p: Value, args: &[Value], new_target: Value) -> JsResult {
    crate::stack::check()?;
    (table().construct)(p, args, new_target)
}

/// [[Set]]'s last steps on a proxy receiver.
pub fn set_on_receiver(receiver: Value, key: Atom, v: Value) -> JsResult<bool> {
    crate::stack::check()?;
    (table().set_on_receiver)(receiver, key, v)
}

/// ProxyCreate (10.5.14).
pub fn create(target: Value, handler: Value) -> JsResult {
    (table().create)(target, handler)
}

/// [[IsExtensible]] of a proxy (10.5.3).
pub fn is_extensible_proxy(p: Value) -> JsResult<bool> {
    crate::stack::check()?;
    (table().is_extensible_proxy)(p)
}
