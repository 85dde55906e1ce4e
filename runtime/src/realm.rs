//! Intrinsic objects the runtime itself needs (prototypes, the global object,
//! well-known symbols). The stdlib creates them at start-up; they are a root.

use crate::atoms::Atom;
use crate::value::Value;
use perry_gc::JsCell;

#[derive(Clone, Copy, Debug)]
#[repr(usize)]
pub enum I {
    ObjectProto,
    FunctionProto,
    ArrayProto,
    StringProto,
    NumberProto,
    BooleanProto,
    SymbolProto,
    BigIntProto,
    ErrorProto,
    TypeErrorProto,
    RangeErrorProto,
    SyntaxErrorProto,
    ReferenceErrorProto,
    EvalErrorProto,
    UriErrorProto,
    AggregateErrorProto,
    MapProto,
    SetProto,
    WeakMapProto,
    WeakSetProto,
    WeakRefProto,
    FinalizationRegistryProto,
    PromiseProto,
    GeneratorProto,
    /// %GeneratorFunction.prototype%, %AsyncFunction.prototype%,
    /// %AsyncGeneratorFunction.prototype%: the prototypes of such functions.
    GeneratorFunctionProto,
    AsyncFunctionProto,
    AsyncGeneratorFunctionProto,
    TimeoutProto,
    ImmediateProto,
    IteratorProto,
    ArrayIteratorProto,
    StringIteratorProto,
    MapIteratorProto,
    SetIteratorProto,
    AsyncIteratorProto,
    AsyncGeneratorProto,
    AsyncFromSyncIteratorProto,
    /// %ArrayBuffer.prototype%, %TypedArray.prototype%, %Uint8Array.prototype%,
    /// %DataView.prototype%, %ArrayBuffer%.
    ArrayBufferProto,
    TypedArrayProto,
    Uint8ArrayProto,
    /// %Date.prototype%.
    DateProto,
    DataViewProto,
    ArrayBufferCtor,
    Global,
    SymIterator,
    SymAsyncIterator,
    SymHasInstance,
    SymToPrimitive,
    SymToStringTag,
    SymIsConcatSpreadable,
    SymSpecies,
    SymMatch,
    SymMatchAll,
    SymReplace,
    SymSearch,
    SymSplit,
    SymUnscopables,
    /// Symbol.dispose and Symbol.asyncDispose (explicit resource management; Node 20 has them).
    SymDispose,
    SymAsyncDispose,
    ObjectCtor,
    ArrayProtoValues,
    /// %GeneratorPrototype%.next as installed (for-of steps such generators directly).
    GeneratorProtoNext,
    /// %Promise% and %Promise.resolve% (capabilities and combinators take fast paths for them).
    PromiseCtor,
    PromiseResolveFn,
    PromiseThen,
    /// %Proxy% (`new Proxy(t, h)` goes straight to `proxy::create`).
    ProxyCtor,
    /// %ThrowTypeError% (10.2.4.1): the getter and setter of
    /// `Function.prototype.caller`/`arguments` and of `arguments.callee`.
    ThrowTypeError,
    /// %Function.prototype%[@@hasInstance] as installed: `instanceof` calls
    /// OrdinaryHasInstance directly when it finds this one.
    FunctionProtoHasInstance,
    PromiseSpeciesGetter,
    /// The native-module loader built-in modules call as `__perry_native(name)`.
    NativeLoader,
    /// Namespace objects of native modules, by name (`stdlib::native_modules`).
    NativeModules,
    /// %RegExp%, %RegExp.prototype%, %RegExp.prototype.exec% (RegExpExec's
    /// fast path) and %RegExpStringIteratorPrototype%.
    RegExpCtor,
    RegExpProto,
    RegExpProtoExec,
    RegExpStringIteratorProto,
    Count,
}

struct Realm {
    sym_atoms: [Atom; SYMBOLS],
}

/// The well-known symbols, `I::SymIterator..=I::SymAsyncDispose`.
const SYMBOLS: usize = I::SymAsyncDispose as usize - I::SymIterator as usize + 1;

static REALM: JsCell<Realm> = JsCell::new(Realm { sym_atoms: [0; SYMBOLS] });

/// The intrinsics, indexed by [`I`] (a registered root range).
static INTRINSICS: JsCell<[u64; I::Count as usize]> = JsCell::new([perry_abi::UNDEFINED; I::Count as usize]);

fn slots() -> &'static mut [u64; I::Count as usize] {
    // SAFETY: single JS thread; the table is only touched through here.
    unsafe { INTRINSICS.get() }
}

/// %String.prototype% for compiled code (`perry_abi::SYM_STRING_PROTO`).
#[unsafe(no_mangle)]
pub static mut PERRY_STRING_PROTO: u64 = perry_abi::UNDEFINED;
/// %Object.prototype% for compiled code (`perry_abi::SYM_OBJECT_PROTO`).
#[unsafe(no_mangle)]
pub static mut PERRY_OBJECT_PROTO: u64 = perry_abi::UNDEFINED;
/// %Array.prototype% for compiled code (`perry_abi::SYM_ARRAY_PROTO`).
#[unsafe(no_mangle)]
pub static mut PERRY_ARRAY_PROTO: u64 = perry_abi::UNDEFINED;
/// The global object for compiled code (`perry_abi::SYM_GLOBAL_OBJECT`).
#[unsafe(no_mangle)]
pub static mut PERRY_GLOBAL_OBJECT: u64 = perry_abi::UNDEFINED;

pub fn init() {
    let s = slots();
    perry_gc::roots::register_range("intrinsics", s.as_mut_ptr(), s.len());
    // SAFETY: a static word, registered once as a root range of one.
    perry_gc::roots::register_range("string-prototype", &raw mut PERRY_STRING_PROTO, 1);
    // SAFETY: as above, for the global object's mirror word.
    perry_gc::roots::register_range("global-object", &raw mut PERRY_GLOBAL_OBJECT, 1);
    // SAFETY: as above, for Object.prototype's mirror word.
    perry_gc::roots::register_range("object-prototype", &raw mut PERRY_OBJECT_PROTO, 1);
    // SAFETY: as above, for Array.prototype's mirror word.
    perry_gc::roots::register_range("array-prototype", &raw mut PERRY_ARRAY_PROTO, 1);
}

#[inline]
pub fn get(i: I) -> Value {
    Value(slots()[i as usize])
}

pub fn set(i: I, v: Value) {
    slots()[i as usize] = v.0;
    match i {
        // SAFETY: the mirror word compiled code reads; only the JS thread
        // writes or reads it, and no reference to it is held (a plain store).
        I::StringProto => unsafe { PERRY_STRING_PROTO = v.0 },
        // SAFETY: as above, for the global object's mirror word.
        I::Global => unsafe { PERRY_GLOBAL_OBJECT = v.0 },
        // SAFETY: as above, for Object.prototype's mirror word.
        I::ObjectProto => unsafe { PERRY_OBJECT_PROTO = v.0 },
        // SAFETY: as above, for Array.prototype's mirror word.
        I::ArrayProto => unsafe { PERRY_ARRAY_PROTO = v.0 },
        _ => {}
    }
}

/// Atom of a well-known symbol.
#[inline]
pub fn sym_atom(i: I) -> Atom {
    // SAFETY: the realm is touched by the JS thread only, and the borrow
    // ends within this expression (nothing here calls back into the realm).
    unsafe { REALM.get() }.sym_atoms[i as usize - I::SymIterator as usize]
}

pub fn set_sym_atom(i: I, a: Atom) {
    // SAFETY: as in `sym_atom`: a one-word store through a borrow that ends
    // at once.
    unsafe { REALM.get() }.sym_atoms[i as usize - I::SymIterator as usize] = a;
}
