//! Facts compiled code relies on about built-in objects, kept true by watching the objects that
//! hold them.
//!
//! A fact is "own data property `key` of object `o` still holds the value it had when the fact
//! was armed": `Number.isFinite` is the built-in, `Array.prototype.push` is the built-in, the
//! global `Number` is the Number constructor. Each has a bit in [`PERRY_INTACT`]
//! (`perry_abi::INTACT_*`), set while it holds; compiled code tests the bits it needs with one
//! load instead of reading the properties and comparing what it finds. A bit, once cleared, stays
//! cleared (compiled code then takes its ordinary path).
//!
//! Every write that could change such a property clears the bit first:
//! - `watch` gives the holder a shape of its own, watched (`shape::watched_copy`; shapes derived
//!   from it are watched too, and no other object reaches them);
//! - inline caches never cache a location in an object with a watched shape
//!   (`abi::ic_location`, the add and field-definition caches), so every store into one goes
//!   through the runtime;
//! - the runtime's stores report: `object::slot_set` ([`wrote`]), shape changes
//!   (`object::set_shape`, dictionary conversion: [`reshaped`]), which cover deleting the
//!   property, making it an accessor or moving the object to dictionary mode.
//!
//! Member facts ([`watch_member`]) are the same about a class's prototype and one of its
//! methods or accessors: while the property keeps the function (or the accessor pair) the class
//! defined, a module global holds the prototype, and `undefined` once it changed. Compiled code
//! compares an instance's prototype word with that global, so one compare says both "the
//! receiver's prototype is the class's" and "its method is still the class's own"
//! (`compiler/src/codegen/expr.rs`, `member_guard`).
//!
//! Tests: `tests/conformance/intact_builtins.ts` changes each watched property in each of these
//! ways between calls that compiled code runs inline; `tests/conformance/class_member_facts.ts`
//! does the same to class methods, getters and setters.

use crate::atoms::Atom;
use crate::object;
use crate::shape::{self, Shape};
use crate::value::Value;
use perry_gc::JsCell;

/// Bit `i`: fact `i` (`perry_abi::INTACT_*`) holds. Compiled code reads it; only this module
/// writes it.
#[unsafe(no_mangle)]
pub static mut PERRY_INTACT: u64 = 0;

/// The value fact `i`'s property held when it was armed (a root range; +0 until then, zeros so
/// that the table takes no room in the executable): compiled code calls it when it skipped
/// reading the property.
#[unsafe(no_mangle)]
pub static mut PERRY_INTACT_VALUES: [u64; perry_abi::INTACT_COUNT] = [0; perry_abi::INTACT_COUNT];

/// Member facts about built-in prototypes (`perry_abi::HELD_*`, armed by
/// `perry_stdlib::arm_intact` with [`watch_member`]): word `i` holds %Map.prototype% while its
/// `get` is the built-in, and so on (a root range; +0 until armed, undefined once broken).
#[unsafe(no_mangle)]
pub static mut PERRY_HELD: [u64; perry_abi::HELD_COUNT] = [0; perry_abi::HELD_COUNT];

/// The objects holding watched properties (a root range; +0 for none): few, built-in objects.
const MAX_HOLDERS: usize = 8;
static HOLDERS: JsCell<[u64; MAX_HOLDERS]> = JsCell::new([0; MAX_HOLDERS]);

/// (holder index, key, bit) of each armed fact.
static FACTS: JsCell<Vec<(usize, Atom, u32)>> = JsCell::new(Vec::new());

/// (key, address of the global holding the holder, accessor) of each armed member fact.
static MEMBERS: JsCell<Vec<(Atom, usize, bool)>> = JsCell::new(Vec::new());

fn holders() -> &'static mut [u64; MAX_HOLDERS] {
    // SAFETY: the JS thread; each borrow ends within the function that takes it.
    unsafe { HOLDERS.get() }
}

fn facts() -> &'static mut Vec<(usize, Atom, u32)> {
    // SAFETY: as `holders`.
    unsafe { FACTS.get() }
}

fn members() -> &'static mut Vec<(Atom, usize, bool)> {
    // SAFETY: as `holders`.
    unsafe { MEMBERS.get() }
}

/// Registers the holders as a root range (at start-up, before any `watch`).
pub fn init() {
    let h = holders();
    perry_gc::roots::register_range("watched-holders", h.as_mut_ptr(), h.len());
    // SAFETY: a static table, registered once as a root range; only this module writes it.
    perry_gc::roots::register_range("intact-values", (&raw mut PERRY_INTACT_VALUES).cast::<u64>(), perry_abi::INTACT_COUNT);
    // SAFETY: as above.
    perry_gc::roots::register_range("held-prototypes", (&raw mut PERRY_HELD).cast::<u64>(), perry_abi::HELD_COUNT);
}

/// Arms fact `bit`: `o`'s own data property `key` keeps its value. Does nothing when `o` has no
/// such property in its shape (the bit stays clear and compiled code takes its ordinary path).
pub fn watch(o: Value, key: Atom, bit: u32) {
    debug_assert!((bit as usize) < perry_abi::INTACT_COUNT);
    let Some(v) = watch_holder(o, key, false) else { return };
    // SAFETY: the JS thread; a plain store into a root range only this module writes.
    unsafe { PERRY_INTACT_VALUES[bit as usize] = v.0 };
    let hs = holders();
    let at = match hs.iter().position(|&h| h == o.0) {
        Some(i) => i,
        None => {
            let Some(free) = hs.iter().position(|&h| h == 0) else { return };
            hs[free] = o.0;
            free
        }
    };
    facts().push((at, key, bit));
    // SAFETY: the JS thread; a plain store to a word compiled code reads.
    unsafe { PERRY_INTACT |= 1 << bit };
}

/// `o`'s own property `key` when it is a data property (an accessor with `accessor`) of a shape
/// that is not a dictionary: its value, once `o` has a watched shape.
fn watch_holder(o: Value, key: Atom, accessor: bool) -> Option<Value> {
    if !o.is_object() || o.is_proxy() {
        return None;
    }
    let sh = object::shape_of(o);
    let (slot, a) = sh.find(key).filter(|_| !sh.dict)?;
    if (a & shape::ACCESSOR != 0) != accessor {
        return None;
    }
    if !sh.watched {
        object::set_shape_watched(o, shape::watched_copy(sh));
    }
    Some(object::slot_get(o, slot))
}

/// The code address of function `f` (0 for undefined, `u64::MAX` for anything else).
fn code_of(f: Value) -> u64 {
    if f.is_undefined() {
        0
    } else if f.is_object() && f.kind() == perry_abi::KIND_FUNCTION {
        f.cell().word(perry_abi::FN_CODE)
    } else {
        u64::MAX
    }
}

/// Arms a member fact: while `o`'s own property `key` keeps what it holds now, a method whose
/// code is `codes[0]` or (`accessor`) a getter and a setter whose codes are `codes` (0 for
/// none; with no codes, any data property), the word at `at` holds `o`; it holds `undefined`
/// when the property does not hold that now, and from the write that changes it on. (A word is
/// armed once: a top-level class is defined once.)
///
/// # Safety
/// `at` is a word of a root range that lives as long as the program (a module global, or
/// [`PERRY_HELD`]).
pub unsafe fn watch_member(o: Value, key: Atom, at: *mut u64, accessor: bool, codes: Option<[u64; 2]>) {
    // SAFETY: the caller's contract.
    let g = unsafe { &mut *at };
    *g = Value::UNDEFINED.0;
    let Some(v) = watch_holder(o, key, accessor) else { return };
    let held = if accessor { [code_of(v.cell().field(8)), code_of(v.cell().field(16))] } else { [code_of(v), 0] };
    if codes.is_some_and(|c| c != held) {
        return;
    }
    members().push((key, at as usize, accessor));
    *g = o.0;
}

/// Breaks the facts about `o` whose keys `broken` (given the key and whether the fact is about
/// an accessor) says no longer hold: clears their bits and empties their globals.
fn clear(o: Value, mut broken: impl FnMut(Atom, bool) -> bool) {
    let hs = holders();
    if let Some(at) = hs.iter().position(|&h| h == o.0) {
        for &(h, key, bit) in facts().iter() {
            if h == at && broken(key, false) {
                // SAFETY: as in `watch`.
                unsafe { PERRY_INTACT &= !(1 << bit) };
            }
        }
    }
    for &(key, at, accessor) in members().iter() {
        // SAFETY: `at` is a module global (`watch_member`), which lives as long as the program.
        let g = unsafe { &mut *(at as *mut u64) };
        if *g == o.0 && broken(key, accessor) {
            *g = Value::UNDEFINED.0;
        }
    }
}

/// The runtime stored into `o`'s property `key` (`o` has a watched shape).
#[cold]
pub fn wrote(o: Value, key: Atom) {
    clear(o, |k, _| k == key);
}

/// `o` (with watched shape `old`) is getting shape `new`: the facts whose property `new` no
/// longer has as a data property are broken (a dictionary shape has none; a shape that is not
/// watched breaks them all, as caches could then store into `o`).
#[cold]
pub fn reshaped(o: Value, old: &Shape, new: &Shape) {
    debug_assert!(old.watched);
    clear(o, |k, accessor| new.dict || !new.watched || !matches!(new.find(k), Some((_, a)) if (a & shape::ACCESSOR != 0) == accessor));
}
