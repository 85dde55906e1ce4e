//! Interned property keys. An atom is a `u32`; the table keeps, per atom, the
//! string (or symbol) value it stands for.
//!
//! The table is a root in every collection but one: a *table sweep*
//! (`crate::tables`), a full collection run where no native frame can hold an
//! atom. There only pinned atoms are roots (those interned before the program
//! ran: its constants, the runtime's names, the realm's; and [`pin`]ned ones);
//! every other atom lives while a live shape, dictionary table or symbol names
//! it ([`mark`]), and the rest are freed, their ids reused.
//!
//! JSON.parse interns object keys through a 256-entry cache of recent keys
//! ([`intern_units_cached`]: a hit compares the units with the atom's string, no hashing).

use crate::string::{self, Str};
use crate::value::Value;
use hashbrown::HashTable;
use perry_gc::JsCell;

pub type Atom = u32;

struct Table {
    /// Per interned string: the hash of its units and its atom. The units are the atom's
    /// string's own (either width), compared in place: the table copies nothing.
    map: HashTable<(u64, Atom)>,
    values: Vec<u64>,
    /// Array-index value of each atom, or u32::MAX.
    index: Vec<u32>,
    /// Per atom: pinned (never freed), or the epoch of the last table sweep
    /// that found it live.
    mark: Vec<u32>,
    /// Ids of freed atoms, reused first.
    free: Vec<Atom>,
}

/// `Table::mark` of a pinned atom.
const PINNED: u32 = u32::MAX;

static TABLE: JsCell<Option<Table>> = JsCell::new(None);

fn table() -> &'static mut Table {
    // SAFETY: the atom table belongs to the JS thread; callers use each borrow within one
    // operation and nothing they call while holding it (hashing, `string::view`) reaches
    // `table()`.
    unsafe { TABLE.get().get_or_insert_with(|| Table { map: HashTable::new(), values: Vec::new(), index: Vec::new(), mark: Vec::new(), free: Vec::new() }) }
}

pub fn init() {
    table();
    perry_gc::roots::register_source("atoms", |visit| {
        let t = table();
        let sweeping = crate::tables::sweeping();
        for (v, &m) in t.values.iter_mut().zip(t.mark.iter()) {
            if !sweeping || m == PINNED {
                visit(v as *mut u64);
            }
        }
        if sweeping {
            crate::tables::mark_roots(visit);
        }
    });
}

/// A fresh id for an atom standing for `v`.
fn push(t: &mut Table, v: u64, index: u32) -> Atom {
    let pinned = if crate::tables::program_started() { 0 } else { PINNED };
    if let Some(a) = t.free.pop() {
        t.values[a as usize] = v;
        t.index[a as usize] = index;
        t.mark[a as usize] = pinned;
        return a;
    }
    let a = t.values.len() as Atom;
    t.values.push(v);
    t.index.push(index);
    t.mark.push(pinned);
    a
}

/// Keeps `a` for the life of the process (a key the runtime holds in a
/// static, outside any shape).
pub fn pin(a: Atom) {
    table().mark[a as usize] = PINNED;
}

/// A table sweep reached `a`: it stays, and its value slot is visited (kept
/// alive and updated if its cell moves).
#[inline]
pub fn mark(a: Atom, epoch: u32, visit: &mut impl FnMut(*mut u64)) {
    let t = table();
    let m = &mut t.mark[a as usize];
    if *m != PINNED && *m != epoch {
        *m = epoch;
        visit(&mut t.values[a as usize] as *mut u64);
    }
}

/// The end of a table sweep's mark: frees every atom that is neither pinned
/// nor marked with `epoch`. Returns the number freed.
pub fn sweep(epoch: u32) -> usize {
    let t = table();
    let before = t.free.len();
    for a in 0..t.values.len() {
        let m = t.mark[a];
        if m != PINNED && m != epoch && t.values[a] != UNDEFINED_WORD {
            t.values[a] = UNDEFINED_WORD;
            t.index[a] = u32::MAX;
            t.free.push(a as Atom);
        }
    }
    let freed = t.free.len() - before;
    if freed > 0 {
        let values = &t.values;
        t.map.retain(|&mut (_, a)| values[a as usize] != UNDEFINED_WORD);
        // A burst of names should not hold its table's capacity for good.
        if t.map.capacity() > 4 * t.map.len().max(1024) {
            t.map.shrink_to_fit(|&(h, _)| h);
        }
        // Reused ids must not hit these caches (they are also validated).
        // SAFETY: the JS thread; no borrow of either cache is live.
        unsafe {
            *KEYS.get() = [0; 256];
            *RECENT.get() = [0; 64];
        }
    }
    freed
}

/// The value slot of a freed atom.
const UNDEFINED_WORD: u64 = perry_abi::UNDEFINED;

/// The atom whose string has the units `u` (hash `h`), if one was interned.
fn find(t: &Table, h: u64, u: Str) -> Option<Atom> {
    let values = &t.values;
    t.map.find(h, |&(hh, a)| hh == h && string::view(Value(values[a as usize])).same(u)).map(|&(_, a)| a)
}

/// Records atom `a` (whose string's units hash to `h`) in the map.
fn insert(t: &mut Table, h: u64, a: Atom) {
    t.map.insert_unique(h, (h, a), |&(hh, _)| hh);
}

/// Interns UTF-16 units (which may be a slice of a heap string).
pub fn intern_units(u: &[u16]) -> Atom {
    intern_view(Str::Two(u))
}

/// Interns the units `u` (which may be a view of a heap string), one-byte when they fit.
pub fn intern_view(u: Str) -> Atom {
    let h = u.hash();
    if let Some(a) = find(table(), h, u) {
        return a;
    }
    let index = as_index(u);
    // `u` may be read after the allocation below: `from_view` copies it off the nursery first.
    let s = string::from_view(u);
    let t = table();
    let a = push(t, s.0, index);
    insert(t, h, a);
    a
}

fn as_index(u: Str) -> u32 {
    if u.len() > 10 {
        return u32::MAX;
    }
    string::as_array_index(&u.to_units()).unwrap_or(u32::MAX)
}

/// Atoms of recently interned keys, by a hash of their length and three of
/// their units (`intern_units_cached`).
/// Zero-initialised (in `.bss`): every hit is confirmed against the table.
static KEYS: JsCell<[Atom; 256]> = JsCell::new([0; 256]);

/// [`intern_units`] through a small cache for keys that repeat (the object
/// keys of parsed JSON): a hit compares the units with the cached atom's
/// string instead of hashing them and probing the table.
pub fn intern_units_cached(u: &[u16]) -> Atom {
    intern_view_cached(Str::Two(u))
}

/// [`intern_view`] through the cache of [`intern_units_cached`].
pub fn intern_view_cached(u: Str) -> Atom {
    let n = u.len();
    let h = if n == 0 {
        0
    } else {
        (n.wrapping_mul(31) ^ (u.at(0) as usize).wrapping_mul(7) ^ (u.at(n / 2) as usize).wrapping_mul(131) ^ (u.at(n - 1) as usize).wrapping_mul(1031)) & 255
    };
    // SAFETY: the key cache belongs to the JS thread and nothing below reaches `KEYS` while
    // `cache` is live.
    let cache = unsafe { KEYS.get() };
    let a = cache[h];
    if let Some(&v) = table().values.get(a as usize)
        && Value(v).is_string()
        && string::len(Value(v)) == n
        && string::view(Value(v)).same(u)
    {
        return a;
    }
    let a = intern_view(u);
    cache[h] = a;
    a
}

pub fn intern(s: &str) -> Atom {
    if s.is_ascii() {
        return intern_view(Str::One(s.as_bytes()));
    }
    let v: Vec<u16> = s.encode_utf16().collect();
    intern_units(&v)
}

/// The atom of `s` if it was ever interned (never allocates).
pub fn lookup(s: &str) -> Option<Atom> {
    let v: Vec<u16> = s.encode_utf16().collect();
    let u = Str::Two(&v);
    find(table(), u.hash(), u)
}

/// Atoms of recently interned string values, by string address: a key
/// handed out as an atom's own string (a trap's `key`, a for-in key) comes
/// back often. A hit is confirmed by the atom's string being the value
/// itself, so a moved or reused address can never give a wrong atom.
static RECENT: perry_gc::JsCell<[Atom; 64]> = perry_gc::JsCell::new([0; 64]);

/// Interns the string value `s`.
#[inline]
pub fn intern_value(s: Value) -> Atom {
    debug_assert!(s.is_string(), "intern_value of a non-string (a symbol's atom is symbol::atom_of)");
    // SAFETY: the recent-atoms cache belongs to the JS thread and is not reached again while
    // `recent` is live (`intern_slow` writes it through its own short borrow after this one is
    // dead).
    let recent = unsafe { RECENT.get() };
    let slot = (s.0 as usize >> 4) & 63;
    if let Some(&v) = table().values.get(recent[slot] as usize)
        && v == s.0
    {
        return recent[slot];
    }
    intern_value_slow(s, slot)
}

#[inline(never)]
fn intern_value_slow(s: Value, slot: usize) -> Atom {
    // An atom's string is flat: a rope is flattened (moving nothing) and its flat string kept,
    // a slice copied.
    let f = string::flat(s);
    let u = string::view(f);
    let h = u.hash();
    let t = table();
    if let Some(a) = find(t, h, u) {
        if t.values[a as usize] == s.0 {
            // SAFETY: the JS thread only; a one-word store with no other borrow of `RECENT` live.
            unsafe { RECENT.get()[slot] = a };
        }
        return a;
    }
    let index = as_index(u);
    // A slice is copied (without collecting): an atom must not keep its parent alive.
    let f = string::unshared(f);
    let a = push(t, f.0, index);
    insert(t, h, a);
    a
}

/// A fresh atom for a symbol value (symbols are never interned by content).
pub fn new_symbol_atom(sym: Value) -> Atom {
    push(table(), sym.0, u32::MAX)
}

/// The number of atoms in the table (live until the next table sweep).
pub fn count() -> usize {
    let t = table();
    t.values.len() - t.free.len()
}

/// The string or symbol value of an atom.
#[inline]
pub fn value(a: Atom) -> Value {
    Value(table().values[a as usize])
}

#[inline]
pub fn is_symbol(a: Atom) -> bool {
    !value(a).is_string()
}

/// The array index an atom names, if it is a canonical index string.
#[inline]
pub fn array_index(a: Atom) -> Option<u32> {
    let i = table().index[a as usize];
    if i == u32::MAX { None } else { Some(i) }
}

pub fn to_rust(a: Atom) -> String {
    let v = value(a);
    if v.is_string() { string::to_rust(v) } else { crate::symbol::descriptive_string(v) }
}

/// Atoms the runtime uses by name, interned at start-up in this order.
pub mod names {
    use super::Atom;
    macro_rules! atoms {
        ($($id:ident = $s:literal),* $(,)?) => {
            pub const ALL: &[&str] = &[$($s),*];
            atoms!(@count 0u32, $($id),*);
        };
        (@count $n:expr, $id:ident $(, $rest:ident)*) => {
            pub const $id: Atom = $n;
            atoms!(@count $n + 1u32 $(, $rest)*);
        };
        (@count $n:expr) => {};
    }
    atoms! {
        LENGTH = "length", PROTOTYPE = "prototype", CONSTRUCTOR = "constructor", NAME = "name",
        MESSAGE = "message", STACK = "stack", CAUSE = "cause", TO_STRING = "toString",
        VALUE_OF = "valueOf", NEXT = "next", DONE = "done", VALUE = "value", RETURN = "return",
        GET = "get", SET = "set", WRITABLE = "writable", ENUMERABLE = "enumerable",
        CONFIGURABLE = "configurable", TO_JSON = "toJSON", CALLEE = "callee", ERRORS = "errors",
        EMPTY = "", THROW = "throw", RAW = "raw", INDEX = "index", INPUT = "input",
        DEFAULT = "default", THEN = "then",
        HAS = "has", DELETE_PROPERTY = "deleteProperty", OWN_KEYS = "ownKeys",
        GET_OWN_PROPERTY_DESCRIPTOR = "getOwnPropertyDescriptor", DEFINE_PROPERTY = "defineProperty",
        GET_PROTOTYPE_OF = "getPrototypeOf", SET_PROTOTYPE_OF = "setPrototypeOf",
        IS_EXTENSIBLE = "isExtensible", PREVENT_EXTENSIONS = "preventExtensions", APPLY = "apply",
        CONSTRUCT = "construct",
    }
}
