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
    IteratorProto,
    ArrayIteratorProto,
    StringIteratorProto,
    MapIteratorProto,
    SetIteratorProto,
    Global,
    SymIterator,
    SymAsyncIterator,
    SymHasInstance,
    SymToPrimitive,
    SymToStringTag,
    SymIsConcatSpreadable,
    SymSpecies,
    ObjectCtor,
    ArrayProtoValues,
    Count,
}

struct Realm {
    slots: [u64; I::Count as usize],
    sym_atoms: [Atom; 8],
}

static REALM: JsCell<Realm> = JsCell::new(Realm { slots: [perry_abi::UNDEFINED; I::Count as usize], sym_atoms: [0; 8] });

/// Address of the intrinsics table, for compiled code (`perry_abi::INTRINSIC_*`).
#[unsafe(no_mangle)]
pub static mut PERRY_INTRINSICS: u64 = 0;

pub fn init() {
    let r = unsafe { REALM.get() };
    unsafe { PERRY_INTRINSICS = r.slots.as_mut_ptr() as u64 };
    perry_gc::roots::register_range("intrinsics", r.slots.as_mut_ptr(), r.slots.len());
}

#[inline]
pub fn get(i: I) -> Value {
    Value(unsafe { REALM.get() }.slots[i as usize])
}

pub fn set(i: I, v: Value) {
    unsafe { REALM.get() }.slots[i as usize] = v.0;
}

/// Atom of a well-known symbol.
#[inline]
pub fn sym_atom(i: I) -> Atom {
    unsafe { REALM.get() }.sym_atoms[i as usize - I::SymIterator as usize]
}

pub fn set_sym_atom(i: I, a: Atom) {
    unsafe { REALM.get() }.sym_atoms[i as usize - I::SymIterator as usize] = a;
}
