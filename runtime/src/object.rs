//! The object model: allocation, shapes and slots, the property operations
//! (get, set, define, delete, has, own keys) over the prototype chain, with the
//! exotic behaviours of arrays, strings and functions.
//!
//! # Layout and the internal methods
//!
//! Kinds from `KIND_FIRST_OBJECT` up share the layout `header | shape | proto | kind-specific
//! words | inline slots` (at least one inline slot). *Plain* objects (`KIND_OBJECT` with
//! Object.prototype and no kind-specific words: literals, `{}`, JSON.parse) leave out the proto
//! word: `header | shape | inline slots` (`OBJ_PLAIN_INLINE`); their shape's `inline_start`
//! says so. [`proto_of`] reads the proto word, or for a plain object Object.prototype, unless
//! the object's prototype was changed: then it lives in a hidden slot under a private key
//! (`shape::proto_key`, recorded as `Shape::proto_slot`), which nothing lists or copies.
//! Properties live inline while they fit; once a shape has more properties than inline slots,
//! the last inline slot holds an overflow value array with the rest (`Shape::is_inline`,
//! [`slot_addr`]).
//!
//! The internal methods are here (`get_with_receiver`, `try_set`, `try_delete`, `has_property`,
//! `own_keys`, `proto_of`, `set_prototype_of`, `is_extensible`, `prevent_extensions`; ordinary
//! [[DefineOwnProperty]] is `stdlib::object_builtins::try_define_own`). Those the spec lets
//! return false report why ([`Refused`]): `Reflect.*` returns the false, while strict-mode code
//! and `Object.*` throw V8's TypeError for the reason (`refusal_error`). Built-ins call these
//! operations rather than reading shapes, so exotic objects only need to hook them. Each checks
//! for a proxy first (`proxy.rs`). Internal callers that cannot throw (`has_property`,
//! `own_keys`, `get_own_property`, `proto_of`: printing, structuredClone) see a throwing proxy
//! trap as absent; every operation that can throw uses the fallible forms (`try_own_keys`,
//! `try_has_own`, `try_is_enumerable_own`, `proxy::proto_of_any`) and propagates the error.
//!
//! A typed array is an integer-indexed exotic object (ECMAScript 10.4.5): this module asks
//! `bytes::numeric_key` whether a key is a canonical numeric string and, if so, never looks
//! past the typed array (get, has, set, delete, define, own keys).

use crate::array;
use crate::atoms::{self, Atom, names};
use crate::bytes;
use crate::error::{self, JsResult};
use crate::function;
use crate::realm::{self, I};
use crate::shape::{self, Shape};
use crate::string;
use crate::value::{CellRef, Value};
use perry_abi::*;
use perry_gc::HandleScope;

/// Allocates an ordinary-layout cell of `kind` with `extra` bytes of
/// kind-specific fields after the overflow word and room for `cap` inline slots.
/// A plain object (`KIND_OBJECT` with Object.prototype, no extra words) has
/// no proto word (`OBJ_PLAIN_INLINE`).
pub fn alloc_object(kind: u64, extra: u32, cap: u32, proto: Value) -> Value {
    // At least one inline slot: it holds the overflow array when needed.
    let cap = cap.max(1);
    let plain = kind == KIND_OBJECT && extra == 0 && proto.is_object() && proto == realm::get(I::ObjectProto);
    let scope = HandleScope::new();
    let hp = scope.root(proto.0);
    let inline_start = if plain { OBJ_PLAIN_INLINE as u32 } else { OBJ_INLINE as u32 + extra };
    let size = inline_start as usize + cap as usize * 8;
    let sh = shape::root(inline_start, cap);
    if size <= perry_gc::old::MAX_SMALL {
        // A young cell: every word is written here, with no barrier.
        let p = perry_gc::alloc_uninit(size, kind);
        // SAFETY: a fresh cell of `size` bytes (its header is written).
        unsafe {
            *p.add(1) = sh as *const Shape as u64;
            let mut w = 2;
            if !plain {
                *p.add(2) = hp.get();
                w = 3;
            }
            while w < size / 8 {
                *p.add(w) = UNDEFINED;
                w += 1;
            }
        }
        return Value::from_cell(p);
    }
    let p = perry_gc::alloc(size, kind);
    let o = Value::from_cell(p);
    // SAFETY: `p` is the cell just allocated, of `size` bytes; nothing
    // allocates until it is returned.
    let c = unsafe { CellRef::from_ptr(p) };
    c.set_word(OBJ_SHAPE, sh as *const Shape as u64);
    if !plain {
        c.set_field(OBJ_PROTO, Value(hp.get()));
    }
    // Zero words read as +0; fill inline slots and extra fields with undefined.
    let mut off = if plain { OBJ_PLAIN_INLINE } else { OBJ_INLINE };
    while (off as usize) < size {
        c.set_field(off, Value::UNDEFINED);
        off += 8;
    }
    o
}

/// Creates the private key of the hidden prototype slot of plain objects
/// (`shape::proto_key`). Called once at start-up, before any object exists.
pub fn init_proto_key() {
    let s = crate::symbol::new_symbol(string::from_str("[[Prototype]]"), true);
    shape::set_proto_key(crate::symbol::atom_of(s));
}

pub fn new_object_kind(kind: u64, proto: Value, cap: u32) -> Value {
    alloc_object(kind, 0, cap, proto)
}

/// `{}` with Object.prototype.
pub fn new_plain(cap: u32) -> Value {
    alloc_object(KIND_OBJECT, 0, cap, realm::get(I::ObjectProto))
}

#[inline]
pub fn shape_of(o: Value) -> &'static Shape {
    // SAFETY: `o` is an object of the ordinary layout (the callers test
    // `is_object` or made it; the hot path of every property access, so no
    // second tag test), whose `OBJ_SHAPE` word always holds a shape. A shape
    // is freed only by a table sweep, which runs where no native frame is
    // below it (`tables.rs`), so the reference outlives every native caller.
    unsafe { &*(o.cell_unchecked().word(OBJ_SHAPE) as *const Shape) }
}

/// The `OBJ_SHAPE` word of `o` (what inline caches compare): `shape_of` as
/// a number.
#[inline]
pub fn shape_word(o: Value) -> u64 {
    shape_of(o) as *const Shape as u64
}

#[inline]
fn set_shape(o: Value, s: &'static Shape) {
    let old = shape_of(o);
    if old.watched {
        crate::watch::reshaped(o, old, s);
    }
    set_shape_added(o, s);
}

/// [`set_shape`] for a shape that only appends keys to `o`'s: no watched property changes
/// (`crate::watch`; a shape derived from a watched one is watched).
#[inline]
fn set_shape_added(o: Value, s: &'static Shape) {
    debug_assert!(s.watched || !shape_of(o).watched);
    // SAFETY: `o` is an object of the ordinary layout, as in `shape_of`.
    unsafe { o.cell_unchecked() }.set_word(OBJ_SHAPE, s as *const Shape as u64);
}

/// Gives `o` the watched copy of its shape (`crate::watch::watch`).
pub fn set_shape_watched(o: Value, s: &'static Shape) {
    debug_assert!(s.watched && s.keys == shape_of(o).keys && s.inline_cap == shape_of(o).inline_cap);
    // SAFETY: `o` is an object of the ordinary layout, as in `shape_of`.
    unsafe { o.cell_unchecked() }.set_word(OBJ_SHAPE, s as *const Shape as u64);
}

/// Gives `o`, a fresh object with no properties yet, shape `sh`: a shape derived from its own
/// with `Shape::add_many`, whose slots all fit inline. Its slots read undefined until
/// [`slot_set`] writes them.
pub fn adopt_shape(o: Value, sh: &'static Shape) {
    let old = shape_of(o);
    assert!(old.is_empty() && sh.inline_start == old.inline_start && sh.inline_cap == old.inline_cap && sh.len() <= sh.inline_cap as usize);
    set_shape(o, sh);
}

/// [[Prototype]]: the proto word, or for a plain object Object.prototype
/// unless a hidden slot holds another one.
#[inline]
pub fn proto_of(o: Value) -> Value {
    if o.is_proxy() {
        // Callers that cannot throw see a throwing trap as a null prototype.
        return crate::proxy::get_prototype_of(o).unwrap_or_else(|_| {
            error::take();
            Value::NULL
        });
    }
    let sh = shape_of(o);
    if !sh.is_plain() {
        // SAFETY: an object, as `shape_of` just required; a non-plain shape
        // means the cell has its `OBJ_PROTO` word.
        return unsafe { o.cell_unchecked() }.field(OBJ_PROTO);
    }
    if sh.dict {
        return match crate::dict::find(o, sh, shape::proto_key()) {
            Some((e, _)) => slot_get(o, e),
            None => realm::get(I::ObjectProto),
        };
    }
    match sh.proto_slot {
        Some(i) => slot_get(o, i as usize),
        None => realm::get(I::ObjectProto),
    }
}

/// Sets [[Prototype]] (the caller checked that it may change). A plain
/// object given another prototype than Object.prototype gets the hidden slot.
pub fn set_proto(o: Value, p: Value) {
    let sh = shape_of(o);
    if !sh.is_plain() {
        o.cell().set_field(OBJ_PROTO, p);
        return;
    }
    let slot = if sh.dict { crate::dict::find(o, sh, shape::proto_key()).map(|(e, _)| e as u32) } else { sh.proto_slot };
    match slot {
        Some(i) => slot_set(o, i as usize, p),
        None if p == realm::get(I::ObjectProto) => {}
        None => add_property(o, shape::proto_key(), p, shape::HIDDEN & !shape::CONFIGURABLE),
    }
}

/// Address of property slot `i` of `o`, whose shape is `sh`: inline while
/// the shape's properties fit; otherwise the last inline slot holds the
/// overflow value array and properties from that index on live there.
#[inline]
fn slot_addr(o: Value, sh: &Shape, i: usize) -> *mut u64 {
    if sh.dict {
        return crate::dict::value_addr(o, sh, i);
    }
    if sh.is_inline(i) {
        // SAFETY: `sh` is `o`'s shape and slot `i` is inline in it, so the
        // address is inside the cell (`inline_cap` slots from `inline_start`).
        unsafe { (o.ptr() as *mut u8).add(sh.inline_start as usize + i * 8) as *mut u64 }
    } else {
        let first = sh.inline_cap as usize - 1;
        let ov = overflow(o, sh);
        // SAFETY: slot `i` is past the inline ones, so the last inline slot
        // holds the overflow value array, which `add_property` grew to hold
        // every property from `first` on.
        unsafe { (ov.ptr() as *mut u8).add(VA_DATA as usize + (i - first) * 8) as *mut u64 }
    }
}

/// The overflow value array of an object whose shape has more properties
/// than inline slots.
#[inline]
fn overflow(o: Value, sh: &Shape) -> Value {
    // SAFETY: `o` is an object whose shape is `sh` (the callers' contract),
    // so its last inline slot is inside the cell.
    unsafe { o.cell_unchecked() }.field(sh.inline_start as i32 + 8 * (sh.inline_cap as i32 - 1))
}

#[inline]
pub fn slot_get(o: Value, i: usize) -> Value {
    // SAFETY: slot `i` of the object's current shape (`slot_addr`); the
    // callers pass an index the shape has.
    Value(unsafe { *slot_addr(o, shape_of(o), i) })
}

#[inline]
pub fn slot_set(o: Value, i: usize, v: Value) {
    let sh = shape_of(o);
    if sh.watched {
        crate::watch::wrote(o, sh.keys[i]);
    }
    // SAFETY: slot `i` of the object's current shape (`slot_addr`), a word
    // of a live cell as `store` asks.
    unsafe { perry_gc::barrier::store(slot_addr(o, sh, i), v.0) }
}

/// Appends a property (the key must not exist). An object past
/// `dict::MAX_FAST_PROPERTIES` becomes a dictionary.
pub fn add_property(o: Value, key: Atom, v: Value, attrs: u8) {
    let sh = shape_of(o);
    if sh.dict {
        return crate::dict::add(o, key, v, attrs);
    }
    let i = sh.len();
    if i >= crate::dict::MAX_FAST_PROPERTIES && may_be_dictionary(o) {
        let scope = HandleScope::new();
        let ho = scope.root(o.0);
        let hv = scope.root(v.0);
        crate::dict::convert(o);
        return crate::dict::add(Value(ho.get()), key, Value(hv.get()), attrs);
    }
    let cap = sh.inline_cap as usize;
    if i >= cap {
        if i == cap && sh.is_plain() {
            // The literal sites of this shape learn to leave room.
            crate::abi::literal_outgrown(sh);
        }
        // Overflow mode: properties from `cap - 1` on live in the array held
        // by the last inline slot; entering it moves that slot's property.
        let first = cap - 1;
        let need = i - first + 1;
        let ov = if i == cap { Value::UNDEFINED } else { overflow(o, sh) };
        let have = if ov.is_undefined() { 0 } else { array::va_capacity(ov) };
        if need > have {
            let scope = HandleScope::new();
            let ho = scope.root(o.0);
            let hv = scope.root(v.0);
            let nv = array::va_alloc((have * 2).max(4).max(need));
            let o2 = Value(ho.get());
            let sh2 = shape_of(o2);
            let last = o2.cell().field(sh2.inline_start as i32 + 8 * first as i32);
            if i == cap {
                array::va_set(nv, 0, last);
            } else {
                for j in 0..have {
                    array::va_set(nv, j, array::va_get(last, j));
                }
            }
            o2.cell().set_field(sh2.inline_start as i32 + 8 * first as i32, nv);
            let ns = sh2.add(key, attrs);
            set_shape_added(o2, ns);
            slot_init(o2, ns, i, Value(hv.get()));
            return;
        }
    }
    let ns = sh.add(key, attrs);
    set_shape_added(o, ns);
    slot_init(o, ns, i, v);
}

/// The first store into slot `i` of `o`, whose shape `sh` just gained the key (no fact is
/// about a key that did not exist: no report to `crate::watch`).
#[inline]
fn slot_init(o: Value, sh: &Shape, i: usize, v: Value) {
    // SAFETY: slot `i` of `o`'s current shape `sh` (`slot_addr`), a word of a live cell.
    unsafe { perry_gc::barrier::store(slot_addr(o, sh, i), v.0) }
}

/// Own property lookup in the shape (or a dictionary object's table):
/// (slot, attributes).
#[inline]
pub fn find_own(o: Value, key: Atom) -> Option<(usize, u8)> {
    if o.is_proxy() {
        return None;
    }
    let sh = shape_of(o);
    if sh.dict {
        return crate::dict::find(o, sh, key);
    }
    sh.find(key)
}

/// Whether `o` may switch to dictionary mode: not a module namespace (its
/// slots hold global indices) nor the global object (compiled code caches
/// its slots by shape).
fn may_be_dictionary(o: Value) -> bool {
    o.kind() != KIND_MODULE_NS && o != realm::get(I::Global)
}

/// The own properties that `o`'s shape or table holds, in insertion order:
/// (slot, key, attributes). Private keys included.
pub fn own_props(o: Value) -> Vec<(usize, Atom, u8)> {
    let sh = shape_of(o);
    if sh.dict {
        return crate::dict::entries(o, sh);
    }
    sh.keys.iter().zip(sh.attrs.iter()).enumerate().map(|(i, (&k, &a))| (i, k, a)).collect()
}

/// Changes the attributes of slot `i` (from [`find_own`] or [`own_props`]).
pub fn set_slot_attrs(o: Value, i: usize, attrs: u8) {
    let sh = shape_of(o);
    if sh.dict {
        crate::dict::set_attrs(o, sh, i, attrs);
    } else {
        set_shape(o, sh.with_attrs(i, attrs));
    }
}

/// The number of own properties that `o`'s shape or table holds.
pub fn own_prop_count(o: Value) -> usize {
    let sh = shape_of(o);
    if sh.dict { crate::dict::len(o, sh) } else { sh.len() }
}

/// A property as found on one object of the chain.
#[derive(Clone, Copy)]
pub enum Prop {
    Data(Value, u8),
    Accessor(Value, Value, u8),
}

/// Own property of an object (ordinary or exotic), without running code.
/// May allocate (a function's lazy `prototype`).
pub fn get_own_property(o: Value, key: Atom) -> Option<Prop> {
    // Ordinary objects first: their own properties are their shape's.
    if o.is_cell() && o.kind() == KIND_OBJECT {
        let (i, a) = find_own(o, key)?;
        let v = slot_get(o, i);
        return Some(if a & shape::ACCESSOR != 0 { Prop::Accessor(v.cell().field(8), v.cell().field(16), a) } else { Prop::Data(v, a) });
    }
    if crate::proxy::is_proxy(o) {
        return crate::proxy::get_own_property(o, key).unwrap_or_else(|_| {
            error::take();
            None
        });
    }
    let kind = o.kind();
    match kind {
        KIND_ARRAY | KIND_SPARSE_ARRAY => {
            let flags = o.cell().header_flags();
            if key == names::LENGTH {
                let a = if flags & FLAG_FROZEN_ELEMENTS != 0 { 0 } else { shape::WRITABLE };
                return Some(Prop::Data(Value::int(array::length(o) as i64), a));
            }
            if let Some(i) = atoms::array_index(key) {
                let v = array::get_index(o, i as usize);
                let a = if flags & FLAG_FROZEN_ELEMENTS != 0 {
                    shape::ENUMERABLE
                } else if flags & FLAG_SEALED_ELEMENTS != 0 {
                    shape::ENUMERABLE | shape::WRITABLE
                } else {
                    shape::DEFAULT
                };
                return if v == Value::HOLE { None } else { Some(Prop::Data(v, a)) };
            }
        }
        KIND_PRIMITIVE_WRAPPER => {
            let pv = o.cell().field(OBJ_INLINE);
            if pv.is_string() {
                if key == names::LENGTH {
                    return Some(Prop::Data(Value::int(string::len(pv) as i64), 0));
                }
                if let Some(i) = atoms::array_index(key)
                    && (i as usize) < string::len(pv)
                {
                    return Some(Prop::Data(crate::ops::char_at(pv, i as usize), shape::ENUMERABLE));
                }
            }
        }
        KIND_TYPED_ARRAY => {
            // Integer-indexed exotic (10.4.5.1): a numeric key is an element or nothing.
            if let Some(n) = bytes::numeric_key(key) {
                return match n {
                    Some(i) if i < bytes::ta_len(o) => Some(Prop::Data(bytes::ta_get(o, i), shape::DEFAULT)),
                    _ => None,
                };
            }
        }
        KIND_ARGUMENTS => {}
        KIND_MODULE_NS => {
            return find_own(o, key).map(|(i, a)| {
                if a & shape::ACCESSOR != 0 || crate::atoms::is_symbol(key) {
                    return Prop::Data(slot_get(o, i), a);
                }
                Prop::Data(crate::abi::global_value(slot_get(o, i).0 as usize), a)
            });
        }
        _ => {}
    }
    if let Some((i, a)) = find_own(o, key) {
        let v = slot_get(o, i);
        if a & shape::ACCESSOR != 0 {
            return Some(Prop::Accessor(v.cell().field(8), v.cell().field(16), a));
        }
        return Some(Prop::Data(v, a));
    }
    if kind == KIND_FUNCTION {
        return function::virtual_own(o, key);
    }
    None
}

/// [[Get]] on any value (primitives use their prototype).
pub fn get(v: Value, key: Atom) -> JsResult {
    get_with_receiver(v, key, v)
}

#[inline]
pub fn get_with_receiver(v: Value, key: Atom, receiver: Value) -> JsResult {
    // Fast path: an own data property of an ordinary object (the receiver
    // matters only to getters).
    if v.is_object()
        && v.kind() == KIND_OBJECT
        && let Some((i, a)) = find_own(v, key)
        && a & shape::ACCESSOR == 0
    {
        return Ok(slot_get(v, i));
    }
    get_with_receiver_slow(v, key, receiver)
}

#[inline(never)]
fn get_with_receiver_slow(v: Value, key: Atom, receiver: Value) -> JsResult {
    if crate::proxy::is_proxy(v) {
        return crate::proxy::get(v, key, receiver);
    }
    let mut o = match start_object(v, key)? {
        Start::Value(x) => return Ok(x),
        Start::Object(o) => o,
    };
    loop {
        match get_own_property(o, key) {
            Some(Prop::Data(x, _)) => return Ok(x),
            Some(Prop::Accessor(g, _, _)) => {
                if g.is_undefined() {
                    return Ok(Value::UNDEFINED);
                }
                return function::call(g, receiver, &[]);
            }
            // A typed array's numeric keys never reach its prototype (10.4.5.4).
            None if o.kind() == KIND_TYPED_ARRAY && bytes::numeric_key(key).is_some() => return Ok(Value::UNDEFINED),
            None => {}
        }
        o = proto_of(o);
        if !o.is_object() {
            // A proxy on the chain answers with its own [[Get]].
            if crate::proxy::is_proxy(o) {
                return crate::proxy::get(o, key, receiver);
            }
            return Ok(Value::UNDEFINED);
        }
    }
}

enum Start {
    Value(Value),
    Object(Value),
}

#[inline]
fn start_object(v: Value, key: Atom) -> JsResult<Start> {
    if v.is_object() {
        return Ok(Start::Object(v));
    }
    if v.is_string() {
        if key == names::LENGTH {
            return Ok(Start::Value(Value::int(string::len(v) as i64)));
        }
        if let Some(i) = atoms::array_index(key) {
            if (i as usize) < string::len(v) {
                return Ok(Start::Value(crate::ops::char_at(v, i as usize)));
            }
            return Ok(Start::Value(Value::UNDEFINED));
        }
        return Ok(Start::Object(realm::get(I::StringProto)));
    }
    if v.is_number() {
        return Ok(Start::Object(realm::get(I::NumberProto)));
    }
    if v.is_bool() {
        return Ok(Start::Object(realm::get(I::BooleanProto)));
    }
    if v.is_symbol() {
        return Ok(Start::Object(realm::get(I::SymbolProto)));
    }
    if v.is_bigint() {
        return Ok(Start::Object(realm::get(I::BigIntProto)));
    }
    Err(error::type_error(&format!("Cannot read properties of {} (reading '{}')", if v.is_null() { "null" } else { "undefined" }, atoms::to_rust(key))))
}

/// A data property's value along the chain, running no code (for printing errors).
pub fn get_data_chain(v: Value, key: Atom) -> Option<Value> {
    let mut o = v;
    while o.is_object() {
        if let Some((i, a)) = find_own(o, key) {
            if a & shape::ACCESSOR != 0 {
                return None;
            }
            return Some(slot_get(o, i));
        }
        o = proto_of(o);
    }
    None
}

/// Why an ordinary internal method ([[Set]], [[DefineOwnProperty]],
/// [[Delete]], [[SetPrototypeOf]]) returned false. Strict-mode code and the
/// `Object.*` built-ins turn it into V8's TypeError ([`refusal_error`]);
/// `Reflect.*` returns the false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// [[Set]] of a non-writable data property.
    ReadOnly,
    /// [[Set]] of an accessor without a setter.
    GetterOnly,
    /// [[Set]] creating a property on a non-extensible object.
    CannotAdd,
    /// [[Set]] with a primitive receiver.
    PrimitiveReceiver,
    /// [[Delete]] of a non-configurable property (an array index when a
    /// `length` store had to delete one).
    CannotDelete(Option<u32>),
    /// [[DefineOwnProperty]] incompatible with a non-configurable property.
    Redefine,
    /// [[DefineOwnProperty]] adding to a non-extensible object.
    CannotDefine,
    /// [[DefineOwnProperty]] of a typed array's numeric key that names no element.
    InvalidIndex,
    /// [[SetPrototypeOf]] of an immutable-prototype object (Object.prototype).
    ImmutablePrototype,
    /// [[SetPrototypeOf]] of a non-extensible object.
    NotExtensible,
    /// A proxy trap returned false (the trap's name).
    Trap(&'static str),
    /// [[SetPrototypeOf]] that would make the chain a cycle.
    CyclicPrototype,
}

/// The TypeError V8 throws where the refused operation `r` on `o[key]`
/// must throw. Runs no code.
pub fn refusal_error(r: Refused, key: Atom, o: Value) -> error::Exc {
    let k = atoms::to_rust(key);
    let brief = || crate::ops::inspect_brief(o);
    error::type_error(&match r {
        Refused::ReadOnly => format!("Cannot assign to read only property '{k}' of object '{}'", brief()),
        Refused::GetterOnly => format!("Cannot set property {k} of {} which has only a getter", brief()),
        Refused::CannotAdd => format!("Cannot add property {k}, object is not extensible"),
        Refused::PrimitiveReceiver => "Cannot create property on primitive".to_string(),
        Refused::CannotDelete(Some(i)) => format!("Cannot delete property '{i}' of {}", brief()),
        Refused::CannotDelete(None) => format!("Cannot delete property '{k}' of {}", brief()),
        Refused::Redefine => format!("Cannot redefine property: {k}"),
        Refused::CannotDefine => format!("Cannot define property {k}, object is not extensible"),
        Refused::InvalidIndex => "Invalid typed array index".to_string(),
        Refused::ImmutablePrototype => "Immutable prototype object 'Object.prototype' cannot have their prototype set".to_string(),
        Refused::NotExtensible => format!("{} is not extensible", brief()),
        Refused::CyclicPrototype => "Cyclic __proto__ value".to_string(),
        Refused::Trap(t) => format!("'{t}' on proxy: trap returned falsish for property '{k}'"),
    })
}

/// [[Set]] in strict mode: throws on failure.
pub fn set(target: Value, key: Atom, v: Value) -> JsResult<()> {
    set_with_receiver(target, key, v, target)
}

/// [[Set]] in strict mode with a receiver: throws on failure.
pub fn set_with_receiver(target: Value, key: Atom, v: Value, receiver: Value) -> JsResult<()> {
    if crate::proxy::is_proxy(target) {
        if crate::proxy::set(target, key, v, receiver)? {
            return Ok(());
        }
        return Err(refusal_error(crate::proxy::take_set_refusal().unwrap_or(Refused::Trap("set")), key, target));
    }
    if !target.is_object() {
        if target.is_nullish() {
            return Err(error::type_error(&format!(
                "Cannot set properties of {} (setting '{}')",
                if target.is_null() { "null" } else { "undefined" },
                atoms::to_rust(key)
            )));
        }
        // Primitives: setters on the prototype run; anything else fails.
        let proto = match start_object(target, key)? {
            Start::Object(p) => p,
            Start::Value(_) => {
                return Err(error::type_error(&format!("Cannot assign to read only property '{}' of string", atoms::to_rust(key))));
            }
        };
        if let Some(Prop::Accessor(_, s, _)) = lookup_chain(proto, key)
            && !s.is_undefined()
        {
            function::call(s, receiver, &[v])?;
            return Ok(());
        }
        // The type first: showing the value allocates (and may move it).
        let ty = crate::ops::typeof_str(target);
        let shown = if target.is_symbol() { crate::symbol::descriptive_string(target) } else { crate::ops::to_rust_string(target).unwrap_or_default() };
        return Err(error::type_error(&format!("Cannot create property '{}' on {ty} '{shown}'", atoms::to_rust(key))));
    }
    // Fast path: own writable data property.
    if target == receiver
        && let Some((i, a)) = find_own(target, key)
        && a & (shape::ACCESSOR | shape::WRITABLE) == shape::WRITABLE
    {
        slot_set(target, i, v);
        return Ok(());
    }
    let scope = HandleScope::new();
    let hr = scope.root(receiver.0);
    match try_set(target, key, v, receiver)? {
        Ok(()) => Ok(()),
        Err(r) => Err(refusal_error(r, key, Value(hr.get()))),
    }
}

/// [[Set]] — 10.1.9 (OrdinarySet, OrdinarySetWithOwnDescriptor) on an
/// object `target`: `Ok(Err(_))` is the spec's false (nothing was written),
/// `Err` an exception (a setter threw, an array grew too long).
pub fn try_set(target: Value, key: Atom, v: Value, receiver: Value) -> JsResult<Result<(), Refused>> {
    if target.is_proxy() {
        return Ok(if crate::proxy::set(target, key, v, receiver)? { Ok(()) } else { Err(crate::proxy::take_set_refusal().unwrap_or(Refused::Trap("set"))) });
    }
    // Fast path: own writable data property.
    if target == receiver
        && let Some((i, a)) = find_own(target, key)
        && a & (shape::ACCESSOR | shape::WRITABLE) == shape::WRITABLE
    {
        slot_set(target, i, v);
        return Ok(Ok(()));
    }
    if target.kind() == KIND_TYPED_ARRAY
        && let Some(n) = bytes::numeric_key(key)
    {
        // [[Set]] of an integer-indexed exotic object (10.4.5.5).
        if target == receiver {
            bytes::set_element(target, n, v)?;
            return Ok(Ok(()));
        }
        if n.is_none_or(|i| i >= bytes::ta_len(target)) {
            return Ok(Ok(()));
        }
    }
    if target.is_array_exotic() && target == receiver {
        // A proxy on the array's chain before any such property decides.
        match walk_chain(target, key) {
            Walk::Proxy(p) | Walk::TypedArray(p) => return try_set(p, key, v, receiver),
            _ => {}
        }
        if let Some(i) = atoms::array_index(key) {
            return array::try_set_index(target, i as usize, v);
        }
        if key == names::LENGTH {
            return array::try_set_length(target, v);
        }
    }
    // `lookup_chain` may allocate (a function's lazy `prototype`).
    let scope = HandleScope::new();
    let hr = scope.root(receiver.0);
    let hv = scope.root(v.0);
    // One walk up the chain: a property decides, or a proxy's [[Set]] does.
    let found = match walk_chain(target, key) {
        Walk::Proxy(p) => return try_set(p, key, Value(hv.get()), Value(hr.get())),
        Walk::TypedArray(t) if t != target => return try_set(t, key, Value(hv.get()), Value(hr.get())),
        Walk::Found(p) => Some(p),
        Walk::Absent | Walk::TypedArray(_) => None,
    };
    match found {
        Some(Prop::Accessor(_, s, _)) => {
            if s.is_undefined() {
                return Ok(Err(Refused::GetterOnly));
            }
            function::call(s, Value(hr.get()), &[Value(hv.get())])?;
            Ok(Ok(()))
        }
        Some(Prop::Data(_, a)) if a & shape::WRITABLE == 0 => Ok(Err(Refused::ReadOnly)),
        _ => {
            let receiver = Value(hr.get());
            if receiver.is_proxy() {
                let ok = crate::proxy::set_on_receiver(receiver, key, Value(hv.get()))?;
                return Ok(if ok { Ok(()) } else { Err(Refused::Trap("defineProperty")) });
            }
            if !receiver.is_object() {
                return Ok(Err(Refused::PrimitiveReceiver));
            }
            // The receiver's own property (10.1.9.2 steps 2.c-e).
            match get_own_property(receiver, key) {
                Some(Prop::Accessor(..)) => return Ok(Err(Refused::ReadOnly)),
                Some(Prop::Data(_, a)) if a & shape::WRITABLE == 0 => return Ok(Err(Refused::ReadOnly)),
                Some(Prop::Data(..)) => {
                    let (r, v) = (Value(hr.get()), Value(hv.get()));
                    if r.kind() == KIND_TYPED_ARRAY
                        && let Some(n) = bytes::numeric_key(key)
                    {
                        // The receiver's [[DefineOwnProperty]] of { [[Value]]: V } (10.4.5.3).
                        bytes::set_element(r, n, v)?;
                        return Ok(Ok(()));
                    }
                    if r.is_array_exotic() {
                        if let Some(i) = atoms::array_index(key) {
                            return array::try_set_index(r, i as usize, v);
                        }
                        if key == names::LENGTH {
                            return array::try_set_length(r, v);
                        }
                    }
                    if let Some((i, _)) = find_own(r, key) {
                        slot_set(r, i, v);
                    }
                    return Ok(Ok(()));
                }
                None => {}
            }
            // CreateDataProperty(Receiver, P, V).
            let (r, v) = (Value(hr.get()), Value(hv.get()));
            if r.kind() == KIND_TYPED_ARRAY && bytes::numeric_key(key).is_some() {
                return Ok(Err(Refused::InvalidIndex));
            }
            if r.cell().header_flags() & FLAG_NONEXTENSIBLE != 0 {
                return Ok(Err(Refused::CannotAdd));
            }
            if r.is_array_exotic()
                && let Some(i) = atoms::array_index(key)
            {
                return array::try_set_index(r, i as usize, v);
            }
            add_property(r, key, v, shape::DEFAULT);
            Ok(Ok(()))
        }
    }
}

/// Where a walk up a prototype chain for `key` stopped.
enum Walk {
    Found(Prop),
    /// A proxy reached before any property `key`: its traps decide.
    Proxy(Value),
    /// A typed array without the element a numeric `key` names: it ends
    /// the walk (10.4.5), and its own [[Set]] decides.
    TypedArray(Value),
    Absent,
}

fn walk_chain(mut o: Value, key: Atom) -> Walk {
    while o.is_object() {
        if let Some(p) = get_own_property(o, key) {
            return Walk::Found(p);
        }
        // A typed array's numeric keys never reach its prototype (10.4.5.2).
        if o.kind() == KIND_TYPED_ARRAY && bytes::numeric_key(key).is_some() {
            return Walk::TypedArray(o);
        }
        o = proto_of(o);
    }
    if crate::proxy::is_proxy(o) { Walk::Proxy(o) } else { Walk::Absent }
}

/// The first property named `key` on the chain starting at `o` (a proxy on
/// the chain ends it: see [`walk_chain`]).
pub fn lookup_chain(o: Value, key: Atom) -> Option<Prop> {
    match walk_chain(o, key) {
        Walk::Found(p) => Some(p),
        _ => None,
    }
}

/// Defines (or redefines) an own data property.
pub fn define(o: Value, key: Atom, v: Value, attrs: u8) {
    if o.is_array_exotic()
        && let Some(i) = atoms::array_index(key)
    {
        let _ = array::set_index(o, i as usize, v);
        return;
    }
    let (o, v) = if o.kind() == KIND_FUNCTION {
        // Materializing allocates: keep `o` and `v` rooted.
        let scope = HandleScope::new();
        let ho = scope.root(o.0);
        let hv = scope.root(v.0);
        function::materialize_virtual(o, key);
        (Value(ho.get()), Value(hv.get()))
    } else {
        (o, v)
    };
    match find_own(o, key) {
        Some((i, a)) => {
            if a != attrs {
                set_slot_attrs(o, i, attrs);
            }
            slot_set(o, i, v);
        }
        None => add_property(o, key, v, attrs),
    }
}

/// An own, non-enumerable, writable, configurable data property (methods, `message`...).
pub fn define_hidden(o: Value, key: Atom, v: Value) {
    define(o, key, v, shape::HIDDEN)
}

/// Defines an accessor property; `getter`/`setter` may be undefined.
pub fn define_accessor(o: Value, key: Atom, getter: Value, setter: Value, attrs: u8) {
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hg = scope.root(getter.0);
    let hs = scope.root(setter.0);
    // Merge with an existing accessor: defining only a getter keeps the setter.
    let (mut g, mut s) = (Value(hg.get()), Value(hs.get()));
    if let Some((i, a)) = find_own(Value(ho.get()), key)
        && a & shape::ACCESSOR != 0
    {
        let old = slot_get(Value(ho.get()), i);
        if g.is_undefined() {
            g = old.cell().field(8);
        }
        if s.is_undefined() {
            s = old.cell().field(16);
        }
        hg.set(g.0);
        hs.set(s.0);
    }
    let cell = Value::from_cell(perry_gc::alloc(24, KIND_ACCESSOR));
    cell.cell().set_field(8, Value(hg.get()));
    cell.cell().set_field(16, Value(hs.get()));
    define(Value(ho.get()), key, cell, attrs | shape::ACCESSOR);
}

/// [[Delete]] in strict mode: throws when the property is not configurable.
pub fn delete(o: Value, key: Atom) -> JsResult<bool> {
    if crate::proxy::is_proxy(o) {
        if crate::proxy::delete(o, key)? {
            return Ok(true);
        }
        return Err(refusal_error(Refused::Trap("deleteProperty"), key, o));
    }
    if !o.is_object() {
        return Ok(true);
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    if try_delete(o, key) {
        return Ok(true);
    }
    Err(refusal_error(Refused::CannotDelete(None), key, Value(ho.get())))
}

/// [[Delete]] — 10.1.10 (OrdinaryDelete): false when the property is not
/// configurable.
pub fn try_delete(o: Value, key: Atom) -> bool {
    if o.kind() == KIND_TYPED_ARRAY
        && let Some(n) = bytes::numeric_key(key)
    {
        // 10.4.5.6: an element cannot be deleted; other numeric keys name nothing.
        return n.is_none_or(|i| i >= bytes::ta_len(o));
    }
    if o.is_array_exotic()
        && let Some(i) = atoms::array_index(key)
    {
        if o.cell().header_flags() & FLAG_SEALED_ELEMENTS != 0 && array::get_index(o, i as usize) != Value::HOLE {
            return false;
        }
        array::delete_index(o, i as usize);
        return true;
    }
    if let Some((i, a)) = find_own(o, key) {
        if a & shape::CONFIGURABLE == 0 {
            return false;
        }
        let sh = shape_of(o);
        if sh.dict {
            crate::dict::remove(o, sh, i);
            return true;
        }
        let n = sh.len();
        if i + 1 < n && may_be_dictionary(o) {
            // Deleting other than the last property: a dictionary from now on
            // (a shape per remaining key set would be quadratic).
            let scope = HandleScope::new();
            let ho = scope.root(o.0);
            crate::dict::convert(o);
            let o = Value(ho.get());
            let sh = shape_of(o);
            if let Some((e, _)) = crate::dict::find(o, sh, key) {
                crate::dict::remove(o, sh, e);
            }
            return true;
        }
        // Read every remaining value, switch to the shape without the key
        // and store them again: leaving overflow mode moves slots around.
        let vals: Vec<Value> = (0..n).filter(|&j| j != i).map(|j| slot_get(o, j)).collect();
        let ns = sh.remove(i);
        set_shape(o, ns);
        for (k, v) in vals.into_iter().enumerate() {
            slot_set(o, k, v);
        }
        // Clear the slot the last property used so it keeps nothing alive.
        // With exactly `cap` properties left every inline slot is in use
        // (the overflow array, if any, is dropped).
        let (m, cap) = (n - 1, ns.inline_cap as usize);
        if m < cap {
            o.cell().set_field(ns.inline_start as i32 + 8 * m as i32, Value::UNDEFINED);
        } else if m > cap {
            array::va_set(overflow(o, ns), m - (cap - 1), Value::UNDEFINED);
        }
        return true;
    }
    match o.kind() {
        KIND_FUNCTION => {
            let scope = HandleScope::new();
            let ho = scope.root(o.0);
            if function::materialize_virtual(o, key) {
                return try_delete(Value(ho.get()), key);
            }
        }
        // An array's `length`, a string wrapper's indices and `length`.
        KIND_ARRAY | KIND_SPARSE_ARRAY | KIND_PRIMITIVE_WRAPPER => {
            if let Some(Prop::Data(_, a)) = get_own_property(o, key)
                && a & shape::CONFIGURABLE == 0
            {
                return false;
            }
        }
        _ => {}
    }
    true
}

/// [[IsExtensible]] — 10.1.3.
pub fn is_extensible(o: Value) -> bool {
    o.cell().header_flags() & FLAG_NONEXTENSIBLE == 0
}

/// [[PreventExtensions]] — 10.1.4: always succeeds on ordinary objects.
pub fn prevent_extensions(o: Value) -> bool {
    o.cell().set_header_flag(FLAG_NONEXTENSIBLE);
    true
}

/// OrdinarySetPrototypeOf — 10.1.2.1 (`p` is an object or null).
pub fn set_prototype_of(o: Value, p: Value) -> Result<(), Refused> {
    if proto_of(o) == p {
        return Ok(());
    }
    if o == realm::get(I::ObjectProto) {
        return Err(Refused::ImmutablePrototype);
    }
    if !is_extensible(o) {
        return Err(Refused::NotExtensible);
    }
    let mut q = p;
    while q.is_object() {
        if q == o {
            return Err(Refused::CyclicPrototype);
        }
        q = proto_of(q);
    }
    set_proto(o, p);
    Ok(())
}

pub fn has_own(o: Value, key: Atom) -> bool {
    o.is_js_object() && get_own_property(o, key).is_some()
}

pub fn has_property(o: Value, key: Atom) -> bool {
    match walk_chain(o, key) {
        Walk::Found(_) => true,
        Walk::Absent | Walk::TypedArray(_) => false,
        // Callers that cannot throw see a throwing trap as "absent"; the
        // `in` operator and Reflect.has use `proxy::has_any`.
        Walk::Proxy(p) => crate::proxy::has_any(p, key).unwrap_or_else(|_| {
            error::take();
            false
        }),
    }
}

/// Own property keys in spec order: array indices ascending, then strings in
/// insertion order, then symbols. `only_enumerable` filters; symbols are
/// included only when `symbols` is set.
pub fn own_keys(o: Value, only_enumerable: bool, symbols: bool) -> Vec<Atom> {
    if crate::proxy::is_proxy(o) {
        // Callers that cannot throw see a throwing trap as no keys.
        let keys = if only_enumerable { crate::proxy::enumerable_string_keys(o) } else { crate::proxy::own_keys(o) };
        return keys.map(|k| k.into_iter().filter(|&a| symbols || !atoms::is_symbol(a)).collect()).unwrap_or_else(|_| {
            error::take();
            Vec::new()
        });
    }
    // Everything is read from `o` first: interning index keys may allocate
    // (and move `o`).
    let mut exotic: Vec<u32> = Vec::new();
    let mut idx: Vec<(u32, Atom)> = Vec::new();
    let mut strs = Vec::new();
    let mut syms = Vec::new();
    match o.kind() {
        KIND_ARRAY | KIND_SPARSE_ARRAY => {
            exotic.extend(array::sparse_indices(o, 0, array::MAX_LENGTH).into_iter().map(|i| i as u32));
            if !only_enumerable {
                strs.push(names::LENGTH);
            }
        }
        KIND_TYPED_ARRAY => exotic.extend(0..bytes::ta_len(o) as u32),
        KIND_PRIMITIVE_WRAPPER => {
            let pv = o.cell().field(OBJ_INLINE);
            if pv.is_string() {
                exotic.extend(0..string::len(pv) as u32);
                if !only_enumerable {
                    strs.push(names::LENGTH);
                }
            }
        }
        KIND_FUNCTION if !only_enumerable => {
            // `length`, `name` and `prototype` come first, as V8 makes them with the function,
            // whether still virtual or made real later (a lazy `prototype` read after other
            // properties were added is appended to the shape).
            let virt = function::virtual_keys(o);
            for k in [names::LENGTH, names::NAME, names::PROTOTYPE] {
                if virt.contains(&k) || find_own(o, k).is_some() {
                    strs.push(k);
                }
            }
        }
        _ => {}
    }
    let leading = strs.len();
    for (_, k, a) in own_props(o) {
        if only_enumerable && a & shape::ENUMERABLE == 0 {
            continue;
        }
        if strs[..leading].contains(&k) {
            continue;
        }
        if crate::symbol::is_private_atom(k) {
            continue;
        }
        if atoms::is_symbol(k) {
            if symbols {
                syms.push(k);
            }
        } else if let Some(n) = atoms::array_index(k) {
            idx.push((n, k));
        } else {
            strs.push(k);
        }
    }
    for i in exotic {
        idx.push((i, atoms::intern(&i.to_string())));
    }
    idx.sort_by_key(|p| p.0);
    let mut out: Vec<Atom> = idx.into_iter().map(|p| p.1).collect();
    out.extend(strs);
    out.extend(syms);
    out
}

/// Whether an own property is enumerable.
/// [`own_keys`] for callers that can throw: a proxy's throwing trap is
/// reported, not read as no keys.
pub fn try_own_keys(o: Value, only_enumerable: bool, symbols: bool) -> JsResult<Vec<Atom>> {
    if crate::proxy::is_proxy(o) {
        let keys = if only_enumerable { crate::proxy::enumerable_string_keys(o)? } else { crate::proxy::own_keys(o)? };
        return Ok(keys.into_iter().filter(|&a| symbols || !atoms::is_symbol(a)).collect());
    }
    Ok(own_keys(o, only_enumerable, symbols))
}

/// Whether `o` has an own property `key`, reporting a proxy's throwing trap.
pub fn try_has_own(o: Value, key: Atom) -> JsResult<bool> {
    Ok(o.is_js_object() && crate::proxy::own_property(o, key)?.is_some())
}

/// Whether `o` has an own enumerable property `key`, reporting a proxy's
/// throwing trap.
pub fn try_is_enumerable_own(o: Value, key: Atom) -> JsResult<bool> {
    Ok(match crate::proxy::own_property(o, key)? {
        Some(Prop::Data(_, a)) | Some(Prop::Accessor(_, _, a)) => a & shape::ENUMERABLE != 0,
        None => false,
    })
}

pub fn is_enumerable_own(o: Value, key: Atom) -> bool {
    match get_own_property(o, key) {
        Some(Prop::Data(_, a)) | Some(Prop::Accessor(_, _, a)) => a & shape::ENUMERABLE != 0,
        None => false,
    }
}

/// Converts any property key value to an atom (ToPropertyKey).
#[inline]
pub fn to_key(k: Value) -> JsResult<Atom> {
    if k.is_string() {
        return Ok(atoms::intern_value(k));
    }
    to_key_slow(k)
}

#[inline(never)]
fn to_key_slow(k: Value) -> JsResult<Atom> {
    if k.is_symbol() {
        return Ok(crate::symbol::atom_of(k));
    }
    if k.is_number() {
        let f = k.as_number();
        if (0.0..4294967295.0).contains(&f) && f.fract() == 0.0 {
            return Ok(atoms::intern(&(f as u64).to_string()));
        }
    }
    let p = crate::ops::to_primitive(k, crate::ops::Hint::String)?;
    if p.is_symbol() {
        return Ok(crate::symbol::atom_of(p));
    }
    let s = crate::ops::to_string(p)?;
    Ok(atoms::intern_value(s))
}

/// `o[k]` with a value key: the array and string index fast paths, then [[Get]].
pub fn get_value_key(o: Value, k: Value) -> JsResult {
    if k.is_number() {
        let f = k.as_number();
        let i = f as usize;
        if i as f64 == f {
            if o.is_array_exotic() {
                if i < array::MAX_LENGTH {
                    let v = array::get_index(o, i);
                    if v != Value::HOLE {
                        return Ok(v);
                    }
                    if array::holes_absent(o) {
                        return Ok(Value::UNDEFINED);
                    }
                }
            } else if o.is_string() {
                if i < string::len(o) {
                    return Ok(crate::ops::char_at(o, i));
                }
                return Ok(Value::UNDEFINED);
            } else if bytes::is_typed_array(o) {
                if i < bytes::ta_len(o) {
                    return Ok(bytes::ta_get(o, i));
                }
                return Ok(Value::UNDEFINED);
            }
        }
    }
    if o.is_nullish() {
        let scope = HandleScope::new();
        let _h = scope.root(o.0);
        let ks = crate::ops::to_string(k).map(string::to_rust).unwrap_or_default();
        return Err(error::type_error(&format!("Cannot read properties of {} (reading '{}')", if o.is_null() { "null" } else { "undefined" }, ks)));
    }
    // A numeric key that was never interned names no property of any
    // ordinary object: answer without interning (array-likes read with
    // many indices would otherwise grow the atom table without bound).
    if k.is_number() && o.is_object() && chain_is_ordinary(o) {
        let f = k.as_number();
        if (0.0..4294967295.0).contains(&f) && f.fract() == 0.0 && atoms::lookup(&(f as u64).to_string()).is_none() {
            return Ok(Value::UNDEFINED);
        }
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let a = to_key(k)?;
    get(Value(ho.get()), a)
}

/// Whether no object on the chain keeps index properties outside its shape.
fn chain_is_ordinary(mut o: Value) -> bool {
    while o.is_object() {
        if matches!(o.kind(), KIND_ARRAY | KIND_SPARSE_ARRAY | KIND_PRIMITIVE_WRAPPER | KIND_MODULE_NS | KIND_ARGUMENTS | KIND_TYPED_ARRAY) {
            return false;
        }
        o = proto_of(o);
    }
    true
}

/// `o[k] = v` with a value key.
pub fn set_value_key(o: Value, k: Value, v: Value) -> JsResult<()> {
    if k.is_number() && o.is_array_exotic() {
        let f = k.as_number();
        let i = f as usize;
        if i as f64 == f && f >= 0.0 && i < array::MAX_LENGTH {
            return array::set_index(o, i, v);
        }
    }
    if k.is_number() && bytes::is_typed_array(o) {
        let f = k.as_number();
        let i = f as usize;
        if i as f64 == f {
            // Integral (-0 included): element `i`, or nothing out of range.
            return bytes::set_element(o, Some(i), v);
        }
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hv = scope.root(v.0);
    let a = to_key(k)?;
    set(Value(ho.get()), a, Value(hv.get()))
}
