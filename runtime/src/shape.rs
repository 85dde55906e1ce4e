//! Hidden classes. A shape is immutable: it lists the keys of an object in
//! slot order with their attributes, and caches transitions. Root shapes
//! (one per layout) live for the process; a derived shape lives while an
//! object has it or a cache of compiled code names it, and is freed by a
//! table sweep (`crate::tables`) after that: transitions to it are weak.
//! Objects whose shape is equal have the same layout, which is what inline
//! caches in compiled code test.
//!
//! Slot `i` lives inline at `inline_start + 8*i` when `i < inline_cap`, else in
//! the overflow value array at `i - inline_cap`.

use crate::atoms::Atom;
use core::cell::{Cell, RefCell};
use hashbrown::HashMap;
use perry_gc::JsCell;

pub const WRITABLE: u8 = 1;
pub const ENUMERABLE: u8 = 2;
pub const CONFIGURABLE: u8 = 4;
/// The slot holds an accessor cell (getter/setter pair).
pub const ACCESSOR: u8 = 8;
pub const DEFAULT: u8 = WRITABLE | ENUMERABLE | CONFIGURABLE;
pub const HIDDEN: u8 = WRITABLE | CONFIGURABLE;

pub struct Shape {
    pub inline_start: u32,
    pub inline_cap: u32,
    pub keys: Vec<Atom>,
    pub attrs: Vec<u8>,
    index: Option<HashMap<Atom, u32>>,
    transitions: RefCell<HashMap<(Atom, u8), &'static Shape>>,
    /// The most recent transition: most shapes have exactly one, and
    /// constructors take it on every instance.
    last: Cell<Option<(Atom, u8, &'static Shape)>>,
    root: *const Shape,
    /// The hidden slot holding the prototype of a plain object whose
    /// prototype was changed (see [`proto_key`]).
    pub proto_slot: Option<u32>,
    /// The name of the function that constructed objects of this shape, when
    /// their prototype chain has no `constructor` to name them by (see
    /// [`root_for`]); `None` for every other object.
    pub ctor: Option<&'static str>,
    /// A dictionary shape ([`dict_root`]): its objects keep their properties
    /// in a hash table (`runtime/src/dict.rs`), not in slots this shape
    /// lists, so the shape says nothing about which keys they have.
    pub dict: bool,
    /// A shape of an object whose properties compiled code relies on (`crate::watch`): it
    /// and the shapes derived from it belong to that object alone ([`watched_copy`]); inline
    /// caches never store into objects that have it, and the runtime's writes to such an
    /// object report to the watch.
    pub watched: bool,
    /// The epoch of the last table sweep that found this shape live.
    mark: Cell<u32>,
}

/// Root shapes and pinned derived shapes made so far (never freed), for
/// `[gc-step]`'s `shapes_live=`.
static MADE: JsCell<usize> = JsCell::new(0);

/// The addresses of every derived (non-root) shape, which table sweeps free.
static DERIVED: JsCell<Option<hashbrown::HashSet<usize>>> = JsCell::new(None);

/// Derived shapes made before the program started (the realm's): pinned, so
/// a pointer kept to one (a "pristine layout" check) stays unambiguous. Kept
/// so a sweep can prune their transitions.
static PINNED: JsCell<Vec<usize>> = JsCell::new(Vec::new());

fn derived() -> &'static mut hashbrown::HashSet<usize> {
    // SAFETY: the set belongs to the JS thread; callers use each borrow within one operation
    // that does not reach `derived()` again.
    unsafe { DERIVED.get().get_or_insert_with(Default::default) }
}

/// The number of shapes that exist (roots and derived).
pub fn count() -> usize {
    // SAFETY: a one-word read on the JS thread.
    unsafe { *MADE.get() + derived().len() }
}

fn count_one() {
    // SAFETY: a one-word update on the JS thread.
    unsafe { *MADE.get() += 1 };
}

/// A table sweep met shape word `w` (an object's, or a word of a compiled
/// cache that may be one): if it is a derived shape not yet marked in
/// `epoch`, it is marked and its keys' atoms are. Words that are no shape
/// are ignored, so callers may pass any word.
pub fn mark(w: u64, epoch: u32, visit: &mut impl FnMut(*mut u64)) {
    if !derived().contains(&(w as usize)) {
        return;
    }
    // SAFETY: `w` is the address of a live derived shape (it is in the set).
    let s = unsafe { &*(w as *const Shape) };
    if s.mark.get() == epoch {
        return;
    }
    s.mark.set(epoch);
    for &k in &s.keys {
        crate::atoms::mark(k, epoch, visit);
    }
}

/// The end of a table sweep's mark: frees every derived shape not marked
/// with `epoch`, after removing the transitions (and `last` entries) that
/// lead to one. Returns the number freed.
pub fn sweep(epoch: u32) -> usize {
    let set = derived();
    let unmarked = |p: usize| {
        // SAFETY: every address in the set is a live derived shape.
        unsafe { &*(p as *const Shape) }.mark.get() != epoch
    };
    let dead: hashbrown::HashSet<usize> = set.iter().copied().filter(|&p| unmarked(p)).collect();
    if dead.is_empty() {
        return 0;
    }
    for p in &dead {
        set.remove(p);
    }
    let set: &hashbrown::HashSet<usize> = set;
    let alive = |c: &Shape| !dead.contains(&(c as *const Shape as usize));
    let prune = |s: &Shape| {
        s.transitions.borrow_mut().retain(|_, c| alive(c));
        if let Some((_, _, c)) = s.last.get()
            && !alive(c)
        {
            s.last.set(None);
        }
    };
    // SAFETY: as above.
    set.iter().for_each(|&p| prune(unsafe { &*(p as *const Shape) }));
    // SAFETY: the JS thread; the root table is not borrowed elsewhere during the sweep.
    if let Some(roots) = unsafe { ROOTS.get() } {
        roots.values().for_each(|s| prune(s));
    }
    // SAFETY: the JS thread; every pinned address is a shape that is never freed.
    unsafe { PINNED.get() }.iter().for_each(|&p| prune(unsafe { &*(p as *const Shape) }));
    let n = dead.len();
    for p in dead {
        // SAFETY: `p` came from `Box::leak` in `derive`, is in no table any more, and no
        // object, cache or transition names it (it was not marked).
        drop(unsafe { Box::from_raw(p as *mut Shape) });
    }
    n
}

/// The private key of the hidden slot where a plain object (no proto word,
/// `perry_abi::OBJ_PLAIN_INLINE`) keeps a prototype other than
/// Object.prototype. Private keys are never listed or copied.
static PROTO_KEY: JsCell<Atom> = JsCell::new(Atom::MAX);

pub fn set_proto_key(a: Atom) {
    // SAFETY: single JS thread; set once at start-up.
    unsafe { *PROTO_KEY.get() = a };
}

#[inline]
pub fn proto_key() -> Atom {
    // SAFETY: a one-word read on the JS thread (set once by `set_proto_key`).
    unsafe { *PROTO_KEY.get() }
}

/// Root shapes by (inline start, inline capacity, constructor name's address
/// or 0, whether a dictionary shape).
type RootTable = HashMap<(u32, u32, usize, bool), &'static Shape>;
static ROOTS: JsCell<Option<RootTable>> = JsCell::new(None);

/// The interned constructor names of [`root_for`], at most [`MAX_CTOR_NAMES`].
static CTOR_NAMES: JsCell<Option<HashMap<Box<str>, &'static str>>> = JsCell::new(None);

/// Distinct constructor names that get their own root shapes; past this many
/// (a program naming constructors at run time) objects go untagged.
const MAX_CTOR_NAMES: usize = 4096;

/// The empty shape for cells whose first inline slot is at `inline_start` and
/// that have room for `cap` inline slots.
pub fn root(inline_start: u32, cap: u32) -> &'static Shape {
    // The small layouts every allocation asks for, directly indexed.
    const STARTS: usize = 32;
    const CAPS: usize = 16;
    static SMALL: JsCell<[[Option<&'static Shape>; CAPS]; STARTS]> = JsCell::new([[None; CAPS]; STARTS]);
    let (i, c) = (inline_start as usize / 8, cap as usize);
    if !inline_start.is_multiple_of(8) || i >= STARTS || c >= CAPS {
        return root_slow(inline_start, cap, None, false);
    }
    // SAFETY: the table belongs to the JS thread; `root_slow` in the closure touches `ROOTS`,
    // never `SMALL`, so `e` is the only borrow of it.
    let e = unsafe { &mut SMALL.get()[i][c] };
    e.get_or_insert_with(|| root_slow(inline_start, cap, None, false))
}

/// The root shape of objects that `new F()` made, with `ctor` the name of
/// `F` (see [`ctor_name`]): Node prints such an object by the name of the
/// function that constructed it (V8's map constructor) when its prototype chain
/// has no `constructor` (`C.prototype = Object.create(null)`). `None` is
/// [`root`].
pub fn root_for(inline_start: u32, cap: u32, ctor: Option<&'static str>) -> &'static Shape {
    match ctor {
        None => root(inline_start, cap),
        Some(_) => root_slow(inline_start, cap, ctor, false),
    }
}

/// The shape of dictionary-mode objects with this layout and `ctor`: one
/// per layout, with no keys; the object's last inline slot holds its
/// property table (`dict.rs`). Inline caches never cache it
/// ([`Shape::dict`]).
pub fn dict_root(inline_start: u32, cap: u32, ctor: Option<&'static str>) -> &'static Shape {
    root_slow(inline_start, cap, ctor, true)
}

/// `name` interned for [`root_for`]; `None` when it is empty or the table is full.
pub fn ctor_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return None;
    }
    // SAFETY: the table is touched by the JS thread only; no call below reaches it again.
    let t = unsafe { CTOR_NAMES.get().get_or_insert_with(HashMap::new) };
    if let Some(&n) = t.get(name) {
        return Some(n);
    }
    if t.len() >= MAX_CTOR_NAMES {
        return None;
    }
    let n: &'static str = Box::leak(name.into());
    t.insert(name.into(), n);
    Some(n)
}

fn root_slow(inline_start: u32, cap: u32, ctor: Option<&'static str>, dict: bool) -> &'static Shape {
    // SAFETY: the root table is touched by the JS thread only and this borrow ends with the
    // statement's closure, which calls nothing that reaches `ROOTS` again.
    let roots = unsafe { ROOTS.get().get_or_insert_with(HashMap::new) };
    let tag = ctor.map_or(0, |n| n.as_ptr() as usize);
    roots.entry((inline_start, cap, tag, dict)).or_insert_with(|| new_root(inline_start, cap, ctor, dict, false))
}

/// A new root shape (no keys, its own root), never freed.
fn new_root(inline_start: u32, cap: u32, ctor: Option<&'static str>, dict: bool, watched: bool) -> &'static Shape {
    count_one();
    let s: &'static mut Shape = Box::leak(Box::new(Shape {
        inline_start,
        inline_cap: cap,
        keys: Vec::new(),
        attrs: Vec::new(),
        index: None,
        transitions: RefCell::new(HashMap::new()),
        last: Cell::new(None),
        root: core::ptr::null(),
        proto_slot: None,
        ctor,
        dict,
        watched,
        mark: Cell::new(0),
    }));
    s.root = s as *const Shape;
    s
}

/// A shape with the layout, keys and attributes of `sh`, derived from a root of its own that is
/// in no table (so no other object reaches these shapes by adding properties), and watched
/// (`Shape::watched`, inherited by every shape derived from it). The root is pinned: table
/// sweeps prune its transitions.
pub fn watched_copy(sh: &'static Shape) -> &'static Shape {
    debug_assert!(!sh.dict, "a dictionary object is not watched");
    let root = new_root(sh.inline_start, sh.inline_cap, sh.ctor, false, true);
    // SAFETY: the JS thread; the pinned list is not borrowed elsewhere.
    unsafe { PINNED.get() }.push(root as *const Shape as usize);
    if sh.keys.is_empty() { root } else { root.derive(sh.keys.clone(), sh.attrs.clone()) }
}

impl Shape {
    #[inline]
    pub fn lookup(&self, key: Atom) -> Option<usize> {
        match &self.index {
            Some(ix) => ix.get(&key).map(|&i| i as usize),
            None => self.keys.iter().rposition(|&k| k == key),
        }
    }

    /// The slot and attributes of `key` in this shape's own keys (not a
    /// dictionary object's table: see `object::find_own`).
    #[inline]
    pub fn find(&self, key: Atom) -> Option<(usize, u8)> {
        self.lookup(key).map(|i| (i, self.attrs[i]))
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The layout of a plain object: no proto word.
    #[inline]
    pub fn is_plain(&self) -> bool {
        self.inline_start == perry_abi::OBJ_PLAIN_INLINE as u32
    }

    /// Whether property slot `i` is an inline slot: all are while the
    /// properties fit; past that, the last inline slot holds the overflow
    /// array and slots from its index on live in that array.
    #[inline]
    pub fn is_inline(&self, i: usize) -> bool {
        self.keys.len() <= self.inline_cap as usize || i + 1 < self.inline_cap as usize
    }
    /// Whether objects of this shape have no own properties in it (false
    /// for a dictionary shape, whose objects may have any).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && !self.dict
    }

    fn derive(&self, keys: Vec<Atom>, attrs: Vec<u8>) -> &'static Shape {
        let index = if keys.len() > 8 { Some(keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect()) } else { None };
        let proto_slot = keys.iter().position(|&k| k == proto_key()).map(|i| i as u32);
        let s: &'static Shape = Box::leak(Box::new(Shape {
            inline_start: self.inline_start,
            inline_cap: self.inline_cap,
            keys,
            attrs,
            index,
            transitions: RefCell::new(HashMap::new()),
            last: Cell::new(None),
            root: self.root,
            proto_slot,
            ctor: self.ctor,
            dict: false,
            watched: self.watched,
            mark: Cell::new(0),
        }));
        if crate::tables::program_started() {
            derived().insert(s as *const Shape as usize);
        } else {
            // SAFETY: the JS thread, at start-up.
            unsafe { PINNED.get() }.push(s as *const Shape as usize);
            count_one();
        }
        s
    }

    /// The shape with `key` appended.
    pub fn add(&'static self, key: Atom, attrs: u8) -> &'static Shape {
        if let Some((k, a, s)) = self.last.get()
            && k == key
            && a == attrs
        {
            return s;
        }
        if let Some(&s) = self.transitions.borrow().get(&(key, attrs)) {
            self.last.set(Some((key, attrs, s)));
            return s;
        }
        let mut keys = self.keys.clone();
        keys.push(key);
        let mut a = self.attrs.clone();
        a.push(attrs);
        let s = self.derive(keys, a);
        self.transitions.borrow_mut().insert((key, attrs), s);
        self.last.set(Some((key, attrs, s)));
        s
    }

    /// The shape with `keys` appended, each with `attrs`, made at once (a fresh shape, not a
    /// transition: callers that make it again cache it). Appending n keys one by one makes n
    /// shapes of up to n keys each, O(n^2) in time and in memory until a table sweep.
    pub fn add_many(&'static self, keys: &[Atom], attrs: u8) -> &'static Shape {
        let mut k = self.keys.clone();
        k.extend_from_slice(keys);
        let mut a = self.attrs.clone();
        a.resize(k.len(), attrs);
        self.derive(k, a)
    }

    /// The shape with slot `i`'s attributes changed (a fresh, untransitioned shape).
    pub fn with_attrs(&'static self, i: usize, attrs: u8) -> &'static Shape {
        if self.attrs[i] == attrs {
            return self;
        }
        let mut a = self.attrs.clone();
        a[i] = attrs;
        self.derive(self.keys.clone(), a)
    }

    /// The root this shape was derived from (the same layout and `ctor`, no keys).
    pub fn root_shape(&self) -> &'static Shape {
        // SAFETY: `root` is set right after the root shape is leaked (`root_slow`) and copied to
        // every derived shape, so it points to a live 'static shape.
        unsafe { &*self.root }
    }

    /// The shape without slot `i`: later slots move down by one.
    pub fn remove(&'static self, i: usize) -> &'static Shape {
        let mut s: &'static Shape = self.root_shape();
        for (j, (&k, &a)) in self.keys.iter().zip(self.attrs.iter()).enumerate() {
            if j != i {
                s = s.add(k, a);
            }
        }
        s
    }
}
