//! The `Proxy` constructor and `Proxy.revocable` (ECMAScript 28.2). A proxy
//! is a value of the proxy id band naming a slot of the runtime's weak
//! registry (`perry_runtime::binding::proxies`); its internal methods are in runtime
//! `proxy.rs`. The band holds 65,536 live proxies: when it is full, making
//! one runs a full collection first (dead proxies free their ids) and
//! throws a RangeError if that freed none.

use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::atoms::{self, Atom};
use perry_runtime::error;
use perry_runtime::function::{self, Args};
use perry_runtime::proxy as rp;
use perry_runtime::{JsResult, Value, object};

/// Proxy ( target, handler ) — 28.2.1.1
fn proxy_ctor(args: &Args) -> JsResult {
    if args.new_target().is_undefined() {
        return Err(error::type_error("Constructor Proxy requires 'new'"));
    }
    rp::create(args.get(0), args.get(1))
}

/// Proxy.revocable ( target, handler ) — 28.2.2.1
fn revocable(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let p = scope.root(rp::create(args.get(0), args.get(1))?.0);
    let revoke = function::new_native_caps("", 0, revoke_fn, 1, 0);
    revoke.cell().set_field(FN_CAPS, Value(p.get()));
    let hr = scope.root(revoke.0);
    let (kp, kr) = (atoms::intern("proxy"), atoms::intern("revoke"));
    let o = scope.root(object::new_plain(2).0);
    object::define(Value(o.get()), kp, Value(p.get()), perry_runtime::shape::DEFAULT);
    object::define(Value(o.get()), kr, Value(hr.get()), perry_runtime::shape::DEFAULT);
    Ok(Value(o.get()))
}

/// A revoke function: the first call revokes its proxy (28.2.2.1.1).
fn revoke_fn(args: &Args) -> JsResult {
    let p = args.capture(0);
    if rp::is_proxy(p) {
        perry_runtime::binding::proxies::revoke(p.0);
        args.callee().cell().set_field(FN_CAPS, Value::NULL);
    }
    Ok(Value::UNDEFINED)
}

/// The runtime's hook: a data property defined on a proxy receiver.
fn define_data(p: Value, key: Atom, v: Value, existing: bool) -> JsResult<bool> {
    let scope = HandleScope::new();
    let mut d = Desc { value: Some(scope.root(v.0)), ..Desc::default() };
    if !existing {
        d.writable = Some(true);
        d.enumerable = Some(true);
        d.configurable = Some(true);
    }
    // CreateDataProperty's answer: false when the proxy (or, through trapless proxies, the
    // ordinary target) refuses; its callers throw where the spec says so.
    try_define_own_any(p, key, &d)
}

pub fn install() {
    rp::set_define_data(define_data);
    let scope = HandleScope::new();
    let c = function::new_native_caps("Proxy", 2, proxy_ctor, 0, FNF_CONSTRUCTOR);
    let hc = scope.root(c.0);
    crate::method(Value(hc.get()), "revocable", 2, revocable);
    crate::global_value("Proxy", Value(hc.get()));
    perry_runtime::realm::set(perry_runtime::realm::I::ProxyCtor, Value(hc.get()));
}

// ----- the internal methods whose ordinary versions live in stdlib -----

use crate::object_builtins::Desc;
use perry_runtime::object::Prop;
use perry_runtime::shape;

/// FromPropertyDescriptor (6.2.6.4) of a possibly partial descriptor.
fn from_desc(d: &Desc) -> Value {
    let scope = HandleScope::new();
    let keys = ["value", "writable", "get", "set", "enumerable", "configurable"].map(atoms::intern);
    let o = scope.root(object::new_plain(4).0);
    let put = |k, v: Value| object::define(Value(o.get()), k, v, shape::DEFAULT);
    if let Some(h) = d.value {
        put(keys[0], Value(h.get()));
    }
    if let Some(w) = d.writable {
        put(keys[1], Value::bool(w));
    }
    if let Some(h) = d.get {
        put(keys[2], Value(h.get()));
    }
    if let Some(h) = d.set {
        put(keys[3], Value(h.get()));
    }
    if let Some(e) = d.enumerable {
        put(keys[4], Value::bool(e));
    }
    if let Some(c) = d.configurable {
        put(keys[5], Value::bool(c));
    }
    Value(o.get())
}

/// [[DefineOwnProperty]] of any object: a proxy's `defineProperty` trap
/// (10.5.6), else ValidateAndApplyPropertyDescriptor, which throws V8's
/// error when it refuses (also for the target of trapless proxies). False
/// when a trap returned false.
pub fn define_own_any(o: Value, key: Atom, d: &Desc) -> JsResult<bool> {
    define_own_impl(o, key, d, true)
}

/// [[DefineOwnProperty]] of any object as Reflect.defineProperty sees it:
/// false when a trap or the ordinary object (at the end of a chain of
/// trapless proxies) refuses.
pub fn try_define_own_any(o: Value, key: Atom, d: &Desc) -> JsResult<bool> {
    define_own_impl(o, key, d, false)
}

fn define_own_impl(o: Value, key: Atom, d: &Desc, throw: bool) -> JsResult<bool> {
    if !rp::is_proxy(o) {
        if throw {
            crate::object_builtins::define_own(o, key, d)?;
            return Ok(true);
        }
        return Ok(crate::object_builtins::try_define_own(o, key, d)?.is_ok());
    }
    // A chain of proxies recurses here, once per proxy.
    perry_runtime::stack::check()?;
    let scope = HandleScope::new();
    let (t, h) = rp::parts(o, "defineProperty")?;
    let (ht, hh) = (scope.root(t.0), scope.root(h.0));
    let Some(f) = rp::trap(h, "defineProperty")? else { return define_own_impl(Value(ht.get()), key, d, throw) };
    let hf = scope.root(f.0);
    let desc = from_desc(d);
    let r = function::call(Value(hf.get()), Value(hh.get()), &[Value(ht.get()), atoms::value(key), desc])?;
    if !perry_runtime::ops::to_boolean(r) {
        return Ok(false);
    }
    // (10.5.6 steps 11-16.)
    let target_desc = rp::own_property(Value(ht.get()), key)?;
    let held = rp::Held::new(&scope, target_desc);
    let extensible = rp::is_extensible(Value(ht.get()))?;
    let target_desc = held.get();
    let name = atoms::to_rust(key);
    let setting_config_false = d.configurable == Some(false);
    match target_desc {
        None => {
            if !extensible {
                return Err(error::type_error(&format!(
                    "'defineProperty' on proxy: trap returned truish for adding property '{name}'  to the non-extensible proxy target"
                )));
            }
            if setting_config_false {
                return Err(non_configurable_error(&name));
            }
        }
        Some(td) => {
            let partial = rp::PartialDesc {
                value: d.value.map(|h| Value(h.get())),
                writable: d.writable,
                get: d.get.map(|h| Value(h.get())),
                set: d.set.map(|h| Value(h.get())),
                enumerable: d.enumerable,
                configurable: d.configurable,
            };
            if !rp::is_compatible(extensible, &partial, &target_desc) {
                return Err(error::type_error(&format!(
                    "'defineProperty' on proxy: trap returned truish for adding property '{name}'  that is incompatible with the existing property in the proxy target"
                )));
            }
            if setting_config_false && !rp::non_configurable(&target_desc) {
                return Err(non_configurable_error(&name));
            }
            if let Prop::Data(_, a) = td
                && a & shape::CONFIGURABLE == 0
                && a & shape::WRITABLE != 0
                && d.writable == Some(false)
            {
                return Err(error::type_error(&format!(
                    "'defineProperty' on proxy: trap returned truish for defining non-configurable property '{name}' which cannot be non-writable, unless there exists a corresponding non-configurable, non-writable own property of the target object."
                )));
            }
        }
    }
    Ok(true)
}

fn non_configurable_error(name: &str) -> error::Exc {
    error::type_error(&format!(
        "'defineProperty' on proxy: trap returned truish for defining non-configurable property '{name}' which is either non-existent or configurable in the proxy target"
    ))
}

/// [[SetPrototypeOf]] of any object: a proxy's `setPrototypeOf` trap
/// (10.5.2), else the ordinary one, which throws when it refuses (also for
/// the target of trapless proxies). False when a trap returned false.
pub fn set_prototype_of_any(o: Value, p: Value) -> JsResult<bool> {
    set_prototype_of_impl(o, p, true)
}

/// [[SetPrototypeOf]] of any object as Reflect.setPrototypeOf sees it: false
/// when a trap or the ordinary object refuses.
pub fn try_set_prototype_of_any(o: Value, p: Value) -> JsResult<bool> {
    set_prototype_of_impl(o, p, false)
}

fn set_prototype_of_impl(o: Value, p: Value, throw: bool) -> JsResult<bool> {
    if !rp::is_proxy(o) {
        if !o.is_object() {
            return Ok(true);
        }
        if throw {
            crate::object_builtins::set_prototype_of(o, p)?;
            return Ok(true);
        }
        return Ok(object::set_prototype_of(o, p).is_ok());
    }
    // A chain of proxies recurses here, once per proxy.
    perry_runtime::stack::check()?;
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let (t, h) = rp::parts(o, "setPrototypeOf")?;
    let (ht, hh) = (scope.root(t.0), scope.root(h.0));
    let Some(f) = rp::trap(h, "setPrototypeOf")? else { return set_prototype_of_impl(Value(ht.get()), Value(hp.get()), throw) };
    let r = function::call(f, Value(hh.get()), &[Value(ht.get()), Value(hp.get())])?;
    if !perry_runtime::ops::to_boolean(r) {
        return Ok(false);
    }
    if !rp::is_extensible(Value(ht.get()))? && rp::proto_of_any(Value(ht.get()))? != Value(hp.get()) {
        return Err(error::type_error("'setPrototypeOf' on proxy: trap returned truish for setting a new prototype on the non-extensible proxy target"));
    }
    Ok(true)
}

/// [[PreventExtensions]] of any object: a proxy's `preventExtensions` trap
/// (10.5.4), else the ordinary one.
pub fn prevent_extensions_any(o: Value) -> JsResult<bool> {
    if !rp::is_proxy(o) {
        if o.is_object() {
            o.cell().set_header_flag(FLAG_NONEXTENSIBLE);
        }
        return Ok(true);
    }
    // A chain of proxies recurses here, once per proxy.
    perry_runtime::stack::check()?;
    let scope = HandleScope::new();
    let (t, h) = rp::parts(o, "preventExtensions")?;
    let (ht, hh) = (scope.root(t.0), scope.root(h.0));
    let Some(f) = rp::trap(h, "preventExtensions")? else { return prevent_extensions_any(Value(ht.get())) };
    let r = perry_runtime::ops::to_boolean(function::call(f, Value(hh.get()), &[Value(ht.get())])?);
    if r && rp::is_extensible(Value(ht.get()))? {
        return Err(error::type_error("'preventExtensions' on proxy: trap returned truish but the proxy target is extensible"));
    }
    Ok(r)
}

/// The TypeError of a trap that reported failure where the caller throws.
pub fn falsish(trap: &'static str, key: Option<Atom>) -> error::Exc {
    match key {
        Some(k) => object::refusal_error(object::Refused::Trap(trap), k, Value::UNDEFINED),
        None => error::type_error(&format!("'{trap}' on proxy: trap returned falsish")),
    }
}

/// SetIntegrityLevel (7.3.15) on a proxy: preventExtensions, then each own
/// key redefined non-configurable (and data properties non-writable when
/// `frozen`) through the traps. False when a trap refused.
pub fn set_integrity_any(o: Value, frozen: bool) -> JsResult<bool> {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    if !prevent_extensions_any(o)? {
        return Ok(false);
    }
    for k in rp::own_keys(Value(ho.get()))? {
        let inner = HandleScope::new();
        let mut d = Desc { configurable: Some(false), ..Desc::default() };
        if frozen && matches!(rp::own_property(Value(ho.get()), k)?, Some(object::Prop::Data(..))) {
            d.writable = Some(false);
        }
        if !define_own_any(Value(ho.get()), k, &d)? {
            return Err(falsish("defineProperty", Some(k)));
        }
        drop(inner);
    }
    Ok(true)
}
