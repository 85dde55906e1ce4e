//! The ECMAScript built-ins, one module per built-in, registered from one
//! table ([`install`]). Each method's doc comment names its spec section.
//!
//! Rooting rule (see ARCHITECTURE.md): a native receives its arguments in
//! handles (`Args`); any other heap value it keeps across an allocation goes
//! into a `HandleScope`.

use perry_gc::HandleScope;
use perry_runtime::atoms::{self, Atom};
use perry_runtime::function::{self, NativeFn};
use perry_runtime::object;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::{JsResult, Value};

pub mod array;
pub mod array_buffer;
pub mod array_from_async;
pub mod async_context;
pub mod bigint_builtins;
pub mod boolean;
pub mod cjs;
pub mod console;
pub mod data_view;
pub mod date;
pub mod error;
pub mod event_loop;
pub mod families;
pub mod function_builtins;
pub mod generator;
pub mod global;
pub mod inspect;
pub mod iterator;
pub mod json;
pub mod map_set;
pub mod math;
pub mod modules;
pub mod native_modules;
pub mod node_crypto;
pub mod node_util;
pub use node_crypto::perry_node_crypto_install;
pub use node_util::perry_node_util_install;
pub mod compression;
pub mod performance;
pub use compression::perry_web_compression_install;
pub use performance::perry_web_globals_install;
pub use web::body::perry_web_body_install;
pub mod number;
pub mod object_builtins;
pub mod process;
pub mod promise;
pub mod proxy;
pub mod reflect;
pub mod regexp;
pub mod string_builtins;
pub mod structured_clone;
pub mod symbol_builtins;
pub mod typed_array;
pub mod weak;
pub mod web;

/// Defines a native method (non-enumerable) on `target`.
pub fn method(target: Value, name: &str, length: u32, f: NativeFn) -> Value {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let fv = function::new_native(name, length, f);
    let hf = scope.root(fv.0);
    let key = atoms::intern(name);
    object::define_hidden(Value(ht.get()), key, Value(hf.get()));
    Value(hf.get())
}

/// Defines a native method keyed by a symbol atom; `name` is its function name.
pub fn method_atom(target: Value, key: Atom, name: &str, length: u32, f: NativeFn) -> Value {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let fv = function::new_native(name, length, f);
    let hf = scope.root(fv.0);
    object::define_hidden(Value(ht.get()), key, fv);
    Value(hf.get())
}

/// Defines a getter (non-enumerable, configurable) on `target`.
pub fn getter(target: Value, name: &str, f: NativeFn) {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let fv = function::new_native(&format!("get {name}"), 0, f);
    let hf = scope.root(fv.0);
    let key = atoms::intern(name);
    object::define_accessor(Value(ht.get()), key, Value(hf.get()), Value::UNDEFINED, shape::CONFIGURABLE);
}

/// Defines a constant data property (not writable, not enumerable, not configurable).
pub fn constant(target: Value, name: &str, v: Value) {
    let scope = HandleScope::new();
    let ht = scope.root(target.0);
    let hv = scope.root(v.0);
    let key = atoms::intern(name);
    object::define(Value(ht.get()), key, Value(hv.get()), 0);
}

/// Creates a constructor function `name` whose `prototype` is `proto`, and
/// defines it on the global object.
pub fn constructor(name: &str, length: u32, f: NativeFn, proto: Value) -> Value {
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    // Inline slots for `prototype` and the static methods (Object has 24, Number 14): compiled
    // code reads them through inline caches, and an inline slot is one load.
    let c = function::new_native_constructor(name, length, f, BUILTIN_SLOTS);
    let hc = scope.root(c.0);
    object::define(Value(hc.get()), atoms::names::PROTOTYPE, Value(hp.get()), 0);
    object::define_hidden(Value(hp.get()), atoms::names::CONSTRUCTOR, Value(hc.get()));
    global_value(name, Value(hc.get()));
    Value(hc.get())
}

/// Defines `Symbol.toStringTag` (configurable, not writable) on `p`.
pub fn to_string_tag(p: Value, name: &str) {
    let scope = HandleScope::new();
    let hp = scope.root(p.0);
    let t = perry_runtime::string::from_str(name);
    object::define(Value(hp.get()), realm::sym_atom(I::SymToStringTag), t, perry_runtime::shape::CONFIGURABLE);
}

/// Defines `name` on the global object (writable, configurable, not enumerable).
pub fn global_value(name: &str, v: Value) {
    let scope = HandleScope::new();
    let hv = scope.root(v.0);
    let key = atoms::intern(name);
    object::define_hidden(realm::get(I::Global), key, Value(hv.get()));
}

/// Inline slots of the built-in prototypes and constructors: room for every method, so that
/// the inline caches of `xs.push`, `m.get`, `Number.isFinite`... read an inline slot, not the
/// out-of-line array.
const BUILTIN_SLOTS: u32 = 32;

/// A fresh ordinary object with `proto`, stored as intrinsic `i`.
fn intrinsic_object(i: I, proto: Value) -> Value {
    let o = object::new_object_kind(perry_abi::KIND_OBJECT, proto, BUILTIN_SLOTS);
    realm::set(i, o);
    o
}

/// Creates every intrinsic and global, every family included (tests).
pub fn install() {
    install_with(&families::ALL);
}

/// Creates the core intrinsics and globals, and the families whose install
/// function `families` holds (slots in `perry_abi::BUILTIN_FAMILIES` order;
/// `main` passes the compiler's `perry_builtins` table), each at its place
/// in the order. Called once after `perry_runtime::init`.
pub fn install_with(families: &[Option<extern "C" fn()>]) {
    let family = |name: &str| {
        if let Some(Some(f)) = families.get(families::slot(name)) {
            f();
        }
    };
    object::init_proto_key();
    // The prototypes first: everything else hangs off them.
    let op = intrinsic_object(I::ObjectProto, Value::NULL);
    let _ = op;
    // %Function.prototype% is itself a function (20.2.3): it accepts any
    // arguments and returns undefined; `length` 0, `name` "".
    let fp = perry_runtime::function::new_native("", 0, |_| Ok(Value::UNDEFINED));
    object::set_proto(fp, realm::get(I::ObjectProto));
    realm::set(I::FunctionProto, fp);
    let ap = perry_runtime::array::new_array_in(0, Value::UNDEFINED, 2 * BUILTIN_SLOTS);
    object::set_proto(ap, realm::get(I::ObjectProto));
    realm::set(I::ArrayProto, ap);
    // %String.prototype%, %Number.prototype% and %Boolean.prototype% are
    // themselves wrappers of "", +0 and false (22.1.3, 21.1.3, 20.3.3).
    for (i, prim) in [(I::NumberProto, Value::num(0.0)), (I::BooleanProto, Value::FALSE), (I::StringProto, Value::UNDEFINED)] {
        let scope = HandleScope::new();
        let hv = scope.root(if matches!(i, I::StringProto) { perry_runtime::string::from_str("").0 } else { prim.0 });
        let slots = if matches!(i, I::StringProto) { 2 * BUILTIN_SLOTS } else { BUILTIN_SLOTS };
        let o = object::alloc_object(perry_abi::KIND_PRIMITIVE_WRAPPER, 8, slots, realm::get(I::ObjectProto));
        o.cell().set_field(perry_abi::OBJ_INLINE, Value(hv.get()));
        realm::set(i, o);
    }
    for i in [
        I::SymbolProto,
        I::BigIntProto,
        I::ErrorProto,
        I::MapProto,
        I::SetProto,
        I::IteratorProto,
        I::WeakMapProto,
        I::WeakSetProto,
        I::WeakRefProto,
        I::FinalizationRegistryProto,
        I::PromiseProto,
        I::TimeoutProto,
        I::ImmediateProto,
    ] {
        intrinsic_object(i, realm::get(I::ObjectProto));
    }
    for i in [I::ArrayIteratorProto, I::StringIteratorProto, I::MapIteratorProto, I::SetIteratorProto, I::GeneratorProto] {
        intrinsic_object(i, realm::get(I::IteratorProto));
    }
    intrinsic_object(I::AsyncIteratorProto, realm::get(I::ObjectProto));
    for i in [I::GeneratorFunctionProto, I::AsyncFunctionProto, I::AsyncGeneratorFunctionProto] {
        intrinsic_object(i, realm::get(I::FunctionProto));
    }
    for i in [I::AsyncGeneratorProto, I::AsyncFromSyncIteratorProto] {
        intrinsic_object(i, realm::get(I::AsyncIteratorProto));
    }
    for i in [I::TypeErrorProto, I::RangeErrorProto, I::SyntaxErrorProto, I::ReferenceErrorProto, I::EvalErrorProto, I::UriErrorProto, I::AggregateErrorProto] {
        intrinsic_object(i, realm::get(I::ErrorProto));
    }
    intrinsic_object(I::Global, realm::get(I::ObjectProto));
    let g = realm::get(I::Global);
    global_value("globalThis", g);
    // `new Proxy` is recognised by its callee (runtime `perry_construct`):
    // without the Proxy family no value may match, not even undefined.
    realm::set(I::ProxyCtor, Value(perry_abi::HOLE));

    symbol_builtins::install_well_known();
    object_builtins::install();
    native_modules::install();
    function_builtins::install();
    iterator::install();
    array::install();
    string_builtins::install();
    family("case");
    family("regexp");
    number::install();
    boolean::install();
    family("date");
    family("bigint");
    symbol_builtins::install();
    error::install();
    family("math");
    family("json");
    family("reflect");
    family("map_set");
    family("weak");
    promise::install();
    family("proxy");
    generator::install();
    family("typed_arrays");
    family("web");
    event_loop::install();
    async_context::install();
    global::install();
    family("uri");
    family("structured_clone");
    console::install();
    family("process");
    promise::record_pristine();
    if let Some(record) = families::hooks().regexp_record_pristine {
        record();
    }
    family("normalize");
    family("from_async");
    family("stack_api");
    family("intl");
}

/// Arms the facts compiled code tests instead of reading built-ins (`perry_abi::INTACT_*`,
/// `perry_runtime::watch`), once every built-in and extension is installed: Array.prototype's
/// inline methods, the globals `Number` and `Math` and their inline functions. A built-in the
/// program's families did not install leaves its bits clear.
pub fn arm_intact() {
    use perry_abi::*;
    use perry_runtime::watch::watch;
    let ap = realm::get(I::ArrayProto);
    for (i, name) in ARRAY_HOFS.iter().chain(ARRAY_INLINE.iter()).enumerate() {
        watch(ap, atoms::intern(name), INTACT_ARRAY + i as u32);
    }
    let g = realm::get(I::Global);
    for (global, gbit, names, base) in
        [("Number", INTACT_NUMBER_GLOBAL, &NUMBER_INLINE[..], INTACT_NUMBER), ("Math", INTACT_MATH_GLOBAL, &MATH_INLINE[..], INTACT_MATH)]
    {
        let ga = atoms::intern(global);
        let Some((i, a)) = object::find_own(g, ga) else { continue };
        if a & shape::ACCESSOR != 0 {
            continue;
        }
        let holder = object::slot_get(g, i);
        for (k, name) in names.iter().enumerate() {
            watch(holder, atoms::intern(name), base + k as u32);
        }
        watch(g, ga, gbit);
    }
    for (proto, names, base) in [(I::MapProto, &MAP_DIRECT[..], HELD_MAP), (I::SetProto, &SET_DIRECT[..], HELD_SET)] {
        for (k, name) in names.iter().enumerate() {
            // SAFETY: a word of `PERRY_HELD`, a root range for the whole program.
            unsafe {
                perry_runtime::watch::watch_member(
                    realm::get(proto),
                    atoms::intern(name),
                    (&raw mut perry_runtime::watch::PERRY_HELD).cast::<u64>().add((base as usize) + k),
                    false,
                    None,
                )
            };
        }
    }
}

/// `this` checked to be of a kind (for methods like Map.prototype.get).
pub fn this_of_kind(this: Value, kind: u64, what: &str) -> JsResult {
    if this.is_cell() && this.kind() == kind {
        Ok(this)
    } else {
        Err(perry_runtime::error::type_error(&format!("Method {what} called on incompatible receiver {}", crate::object_builtins::v8_brief(this))))
    }
}
