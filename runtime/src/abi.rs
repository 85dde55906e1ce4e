//! The functions compiled code calls. Each is reached through an exit
//! trampoline (`perry_gc::exit_trampoline!`) so the collector can find the
//! compiled frames. Every one is declared in `perry_abi`'s list
//! (`foreach_runtime_function!`), and its definition here (`export!`,
//! [`abi_export!`]) is checked against it at compile time. Every function
//! takes and returns `u64` values; a return of `perry_abi::EXCEPTION` means
//! the call threw.
//!
//! # Inline-cache misses and the megamorphic cache
//!
//! A named read's inline miss calls `perry_get_named_ic`, which fills the first
//! empty entry of the site (`IC_WAYS` entries) for an own data property, or
//! once all four are taken drops the oldest (so a one-off shape cannot keep a
//! steady one out) and records the location in the global megamorphic cache
//! (1024 entries keyed by shape and atom), which answers later misses without a
//! property lookup. A shape lives while an object or a compiled cache word
//! names it, and a table sweep (`tables.rs`) empties every runtime cache keyed
//! by shape before it frees one, so a raw shape pointer is a stable key.
//!
//! # The prototype cache
//!
//! Inherited properties (methods on a class's or a built-in's prototype). On an
//! inline-cache miss the *prototype cache* (`proto_hit`, `proto_fill`: 512
//! entries keyed by receiver shape, its prototype's shape and atom: a class and
//! a subclass that adds no field make instances of one shape) answers first, before the
//! own-property lookup (a hit implies no own property by that name), then own,
//! then the prototype fill. It answers a data property one or two prototypes
//! up: an entry holds the shapes and kinds of the receiver and of each
//! prototype on the way, and a hit reads the property from the receiver's
//! actual prototype (no object identity is kept: the same shapes and kinds put
//! the property at the same place, and for the kinds of `own_by_shape` a shape
//! says every own property the object has: functions, wrappers, typed arrays
//! and namespaces, whose virtual own properties are not in their shape, are
//! never cached). A replaced method is read where it is (same shape); a
//! deleted, shadowed or redefined one changes a shape; another prototype is
//! compared afresh.
//!
//! It answers accessors there too: the entry holds the accessor cell's location and a hit
//! calls its getter with the receiver (a class's `get x()`; before, every such read took the
//! generic lookup, `bench/accessors.ts`). A named store `o.x = v` asks it first as well
//! (`inherited_setter`): an accessor with a setter one or two prototypes up runs the setter
//! with the receiver, as [[Set]] would; anything else takes the generic [[Set]].
//!
//! It also answers a property no object on the way has (`absent` entries): when the receiver,
//! its prototype and, for depth 2, that one's prototype have none, and the last one's prototype
//! is null, a read is undefined. A hit checks the same shapes and kinds, and that the chain still
//! ends there. `summary.diagonal !== undefined` on a literal without that field took five own
//! lookups without it (`bench/dispatch.ts`).
//!
//! The site's inline entries do not cache inherited properties: reading them
//! inline (the prototype word, its shape and kind, the receiver's kind) at
//! every method read in a loop measured 0.65x the time of a `Map.has` loop but
//! made the generated 20,000-line program compile 8% slower, so a method read
//! misses inline and the runtime answers from this cache.
//!
//! # Construction sites and plain classes
//!
//! `perry_construct_site` fills a `new C(...)` site's `[ctor, prototype, root
//! shape, instance size]` (`CTOR_SITE_*`) for base-class constructors (whose
//! `prototype` cannot change); `perry_construct_plain` fills a plain-data
//! class's `[ctor, final shape, prototype]` (`PLAIN_SITE_*`) after the first,
//! general construction and copies that first instance into the final layout;
//! `learn_plain` checks that the instance shape has every field a writable data
//! property in an inline slot (compiler `classes.rs`).

use crate::array;
use crate::atoms::{self, Atom, names};
use crate::collections;
use crate::error::{self, JsResult, abi};
use crate::function;
use crate::iter;
use crate::object;
use crate::ops;
use crate::realm::{self, I};
use crate::shape;
use crate::string;
use crate::symbol;
use crate::value::Value;
use perry_abi::*;
use perry_gc::{HandleScope, JsCell};

/// Defines the exit trampoline `$name` (`perry_gc::exit_trampoline!`) that
/// compiled code calls, jumping to the Rust implementation `$imp`, and checks
/// at compile time that `$name` is a function of
/// `perry_abi::foreach_runtime_function!` and that `$imp` has its signature
/// (`perry_abi::sig::$name`): a wrong name, arity or type does not build.
/// The check is a constant, so nothing of it is in the executable.
#[macro_export]
macro_rules! abi_export {
    ($name:ident, $imp:path) => {
        const _: ::perry_abi::sig::$name = $imp;
        ::perry_gc::exit_trampoline!($name, $imp);
    };
}

/// Runtime functions compiled code calls: each `fn` becomes a private Rust
/// function of that name and, through [`abi_export!`], the exit trampoline
/// defining the symbol, checked against the ABI list.
macro_rules! export {
    ($(fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty $body:block)*) => {
        $(
            #[allow(clippy::too_many_arguments)]
            extern "C" fn $name($($arg: $ty),*) -> $ret $body
            $crate::abi_export!($name, $name);
        )*
    };
}

// The leaves defined below without a trampoline, and the write barrier's
// slow path (gc `barrier.rs`), checked against the ABI list like the rest.
// `perry_fmod_preserve` is assembly: only its presence in the list is
// checked (beside it; its definition by the compiler's symbol test).
const _: perry_abi::sig::perry_fmod = perry_fmod;
const _: perry_abi::sig::perry_pow = perry_pow;
const _: perry_abi::sig::perry_card_dirty = perry_gc::barrier::perry_card_dirty;

/// An inline-cache entry as the runtime reads and writes it: `[shape word,
/// location word]`, the layout `perry_abi::IC_*` describes.
type IcEntry = [u64; 2];
const _: () = assert!(core::mem::size_of::<IcEntry>() == IC_ENTRY_SIZE as usize && IC_SHAPE == 0 && IC_LOCATION == 8 && IC_SHAPE_AFTER as u32 == IC_ENTRY_SIZE);
// A site's slots are module-global words, read here as `*mut u64`.
const _: () = assert!(core::mem::size_of::<u64>() == GLOBAL_SLOT_SIZE as usize);

// ---------------------------------------------------------------------------
// Tables the compiler emits
// ---------------------------------------------------------------------------

struct Tables {
    consts: *mut u64,
    atoms: *mut u64,
    nconsts: usize,
    globals: *mut u64,
    nglobals: usize,
    ics: *mut u64,
    nics: usize,
}

static TABLES: JsCell<Tables> = JsCell::new(Tables {
    consts: core::ptr::null_mut(),
    atoms: core::ptr::null_mut(),
    nconsts: 0,
    globals: core::ptr::null_mut(),
    nglobals: 0,
    ics: core::ptr::null_mut(),
    nics: 0,
});

/// Registers the compiled program's inline-cache table (`words` words), which
/// a table sweep reads for the shapes it names.
///
/// # Safety
/// `ics` is the compiled object's `perry_abi::SYM_ICS` table of `words`
/// words, valid for the whole run.
pub unsafe fn install_ics(ics: *mut u64, words: usize) {
    // SAFETY: the JS thread; no other reference to TABLES is live.
    let t = unsafe { TABLES.get() };
    t.ics = ics;
    t.nics = words;
}

/// Calls `f` with every word of the compiled program's caches that may name
/// a shape: the inline-cache table and the module globals (object-literal
/// and construction sites keep shapes there). A table sweep keeps the
/// shapes they name (`shape::mark` ignores words that are no shape).
pub fn for_each_cache_word(mut f: impl FnMut(u64)) {
    // SAFETY: the JS thread; the reference does not outlive this function.
    let t = unsafe { TABLES.get() };
    for (p, n) in [(t.ics, t.nics), (t.globals, t.nglobals)] {
        if !p.is_null() {
            // SAFETY: the tables installed at start-up, of `n` words each.
            unsafe { core::slice::from_raw_parts(p, n) }.iter().for_each(|&w| f(w));
        }
    }
}

/// After a table sweep: the runtime's caches keyed by shape or atom are
/// emptied (a freed shape's address or a freed atom's id may be reused).
pub fn clear_caches() {
    // SAFETY: the JS thread; no borrow of these caches is live at a sweep.
    unsafe {
        *PROTO_CACHE.get() = [PROTO_EMPTY; 512];
        *MEGA_CACHE.get() = [(0, 0, 0); 1024];
        *KEYED_SET_CACHE.get() = [(0, 0, 0); 256];
        *GLOBAL_CACHE.get() = [(0, 0, 0); 256];
        *ARGUMENT_SHAPES.get() = None;
    }
}

/// Registers the module globals table (a root range) with the runtime.
///
/// # Safety
/// `globals` is the compiled object's table of `count` words
/// (`perry_abi::SYM_GLOBALS`), valid for the whole run.
pub unsafe fn install_globals(globals: *mut u64, count: usize) {
    // SAFETY: the JS thread; no other reference to TABLES is live.
    let t = unsafe { TABLES.get() };
    t.globals = globals;
    t.nglobals = count;
    perry_gc::roots::register_range("module-globals", globals, count);
}

/// The value in global slot `i` (module namespace objects read through this).
pub fn global_value(i: usize) -> Value {
    // SAFETY: `install_globals` set the table before any compiled code ran,
    // and `i` is a slot index the compiler allocated (below the count).
    let v = Value(unsafe { *TABLES.get().globals.add(i) });
    if v == Value::HOLE { Value::UNDEFINED } else { v }
}

/// Stores `v` in global slot `i` (the CommonJS loader fills ES module imports through this).
pub fn set_global_value(i: usize, v: Value) {
    // SAFETY: as `global_value`; the table is a root range, so the stored value is traced.
    unsafe { *TABLES.get().globals.add(i) = v.0 }
}

/// A string constant of the compiled program.
pub fn const_value(i: usize) -> Value {
    // SAFETY: the JS thread; the reference does not outlive this function.
    let t = unsafe { TABLES.get() };
    // SAFETY: `install_consts` set the table at start-up and `i` is the
    // index of a constant of the program (below `nconsts`).
    Value(unsafe { *t.consts.add(i) })
}

fn const_atom(i: u64) -> Atom {
    // SAFETY: the JS thread; the reference does not outlive this function.
    let t = unsafe { TABLES.get() };
    // SAFETY: as `const_value`: `i` indexes the atoms table of `nconsts`
    // entries `install_consts` filled.
    unsafe { *t.atoms.add(i as usize) as Atom }
}

fn const_rust(i: u64) -> String {
    string::to_rust(const_value(i as usize))
}

/// Creates the string constants from the compiler's blob (u32 count, then
/// per string a u32 length and its UTF-16 units) and their atoms.
///
/// # Safety
/// The pointers are the compiler's tables of `count` entries.
pub unsafe fn install_consts(blob: *const u8, consts: *mut u64, atoms_out: *mut u64, count: usize) {
    // SAFETY: the JS thread, at start-up; nothing else holds TABLES.
    let t = unsafe { TABLES.get() };
    t.consts = consts;
    t.atoms = atoms_out;
    t.nconsts = count;
    for i in 0..count {
        // SAFETY: `consts` has `count` words (the caller's contract).
        unsafe { *consts.add(i) = UNDEFINED };
    }
    perry_gc::roots::register_range("string-constants", consts, count);
    // SAFETY: the blob starts with its u32 count.
    let mut p = unsafe { blob.add(4) };
    for i in 0..count {
        // SAFETY: the blob holds `count` records of a u32 length and that
        // many UTF-16 units (read unaligned: the blob is packed), and the
        // two tables have `count` words (the caller's contract).
        unsafe {
            let len = (p as *const u32).read_unaligned() as usize;
            p = p.add(4);
            let mut u = Vec::with_capacity(len);
            for j in 0..len {
                u.push((p.add(j * 2) as *const u16).read_unaligned());
            }
            p = p.add(len * 2);
            let a = atoms::intern_units(&u);
            *consts.add(i) = atoms::value(a).0;
            *atoms_out.add(i) = a as u64;
        }
    }
}

/// Patches compiled function metadata: names are constant indices until now.
///
/// # Safety
/// `metas` holds `count` pointers to the compiler's `FnMeta` records.
pub unsafe fn install_fnmetas(metas: *const *mut function::FnMeta, count: usize) {
    for i in 0..count {
        // SAFETY: `metas` holds `count` pointers to distinct, writable
        // `FnMeta` records (the caller's contract); nothing else refers to
        // them at start-up.
        unsafe {
            let m = &mut **metas.add(i);
            m.name = if m.name == u32::MAX { names::EMPTY } else { const_atom(m.name as u64) };
        }
    }
}

// ---------------------------------------------------------------------------
// Stack limit
// ---------------------------------------------------------------------------

/// Compiled prologues compare their frame pointer with this.
#[unsafe(no_mangle)]
pub static mut PERRY_STACK_LIMIT: u64 = 0;

/// The main thread's stack the runtime asks for (the soft RLIMIT_STACK raised to it, when the
/// hard limit allows): a function that runs once (a module body) compiled by the single-pass
/// register allocator may have a frame of several MB, on top of `RECURSION_STACK`
/// (`compiler/src/codegen/parallel.rs`, `MAX_FAST_FRAME`; `reserve_frames`). Only the pages used are touched;
/// Linux checks the main stack's growth against the current limit, and leaves at least
/// 128 MB below the stack free of other mappings.
const MAIN_STACK: u64 = 64 << 20;

pub fn init_stack_limit() {
    let here = 0u8;
    let addr = &here as *const u8 as u64;
    let mut size: u64 = 8 << 20;
    let mut rl = libc_rlimit { cur: 0, max: 0 };
    // SAFETY: getrlimit/setrlimit(RLIMIT_STACK) read and write one `struct rlimit` (two
    // 64-bit words, `libc_rlimit`'s layout) at a valid pointer.
    unsafe {
        if getrlimit(3, &mut rl) == 0 && rl.cur != u64::MAX {
            if rl.cur < MAIN_STACK && rl.max > rl.cur {
                let want = libc_rlimit { cur: MAIN_STACK.min(rl.max), max: rl.max };
                if setrlimit(3, &want) == 0 {
                    rl.cur = want.cur;
                }
            }
            size = rl.cur.max(64 << 10);
        }
    }
    // SAFETY: the JS thread, before any compiled code runs.
    unsafe { *STACK.get() = (addr, size) };
    reserve_frames(0);
}

/// (an address near the top of the main stack, its size), set by `init_stack_limit`.
static STACK: perry_gc::JsCell<(u64, u64)> = perry_gc::JsCell::new((0, 0));

/// The stack ordinary recursion gets, whatever the main stack was raised to: deep recursion
/// ends in a RangeError at the depth an 8 MB stack gives (where Node throws, so do the
/// conformance programs that recurse until it, such as `limits_deep_nesting`).
const RECURSION_STACK: u64 = 8 << 20;

/// Sets the limit compiled prologues and native recursion check. Above it: the stack ordinary
/// recursion gets (`RECURSION_STACK` less a reserve of 256 KiB or a quarter) plus `max_frame`,
/// the largest compiled frame (`perry_abi::SYM_MAX_FRAME`: a module body's may be MBs, and sits
/// on top). Below it, at least `max_frame` and 256 KiB stay free: a prologue checks its stack
/// pointer (the bottom of its frame) and, past the limit, calls the runtime from there. A stack
/// too small for that puts the limit at its top: every call is then a RangeError, never a write
/// past the stack.
pub fn reserve_frames(max_frame: u64) {
    // SAFETY: the JS thread, before any compiled code runs (`init_stack_limit`, then main).
    let (top, size) = unsafe { *STACK.get() };
    let base = size.min(RECURSION_STACK);
    let reserve = (256u64 << 10).max(base / 4);
    let usable = base - reserve + max_frame;
    let below = reserve.max(max_frame + (256 << 10));
    let used = if usable + below <= size { usable } else { size.saturating_sub(below) };
    // SAFETY: as above; compiled code reads the word only after main starts it.
    unsafe { PERRY_STACK_LIMIT = top - used };
}

#[repr(C)]
struct libc_rlimit {
    cur: u64,
    max: u64,
}
unsafe extern "C" {
    fn getrlimit(resource: i32, rl: *mut libc_rlimit) -> i32;
    fn setrlimit(resource: i32, rl: *const libc_rlimit) -> i32;
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Past this many arguments an arguments object gets its index keys' shape at once.
const BULK_ARGUMENTS: usize = 16;

/// Inline slots of an instance `new` creates (see `function::ordinary_create_from_constructor`).
pub const INSTANCE_SLOTS: u32 = crate::function::INSTANCE_SLOTS;
/// The most inline slots a `new` site gives its instances after the first.
const MAX_LEARNT_SLOTS: usize = 16;
/// What a class's shape slot holds when its first instance did not have the expected layout
/// (`perry_learn_layout`): a word no shape has (shapes are aligned), so every test fails.
const NOT_A_SHAPE: u64 = 1;

fn collect_args(argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> Vec<Value> {
    let regs = [a0, a1, a2, a3];
    (0..argc as usize).map(|i| if i < JS_REG_ARGS { Value(regs[i]) } else { array::va_get(Value(rest), i - JS_REG_ARGS) }).collect()
}

/// The `prototype` of a compiled base-class constructor (which can never
/// change), for `new` sites that cache the class.
fn base_class_prototype(f: Value) -> Option<Value> {
    if !function::is_constructor(f) {
        return None;
    }
    let m = function::meta_of(f);
    if m.native.is_some() || m.flags & FNF_CLASS_CTOR == 0 || m.flags & FNF_DERIVED != 0 {
        return None;
    }
    match object::get_own_property(f, names::PROTOTYPE) {
        Some(object::Prop::Data(p, _)) if p.is_object() => Some(p),
        _ => None,
    }
}

fn b(x: bool) -> u64 {
    if x { TRUE } else { FALSE }
}

fn r_unit(r: JsResult<()>) -> u64 {
    match r {
        Ok(()) => UNDEFINED,
        Err(_) => EXCEPTION,
    }
}

fn r_bool(r: JsResult<bool>) -> u64 {
    match r {
        Ok(x) => b(x),
        Err(_) => EXCEPTION,
    }
}

export! {
    // ----- properties -----
    fn perry_get_named(o: u64, atom: u64) -> u64 {
        abi(object::get(Value(o), atom as Atom))
    }
    fn perry_set_named(o: u64, atom: u64, v: u64) -> u64 {
        r_unit(object::set(Value(o), atom as Atom, Value(v)))
    }
    fn perry_get_index(o: u64, k: u64) -> u64 {
        // `o[k]` with a string key naming an own data property of an ordinary object: the
        // megamorphic cache by (shape, key), as named reads use it.
        if let Some(x) = keyed_own_read(Value(o), Value(k)) {
            return x;
        }
        abi(object::get_value_key(Value(o), Value(k)))
    }
    fn perry_set_index(o: u64, k: u64, v: u64) -> u64 {
        // `o[k] = v` with a string key naming an own writable data property of an ordinary
        // object: its cache by (shape, key).
        if keyed_own_write(Value(o), Value(k), Value(v)) {
            return UNDEFINED;
        }
        r_unit(object::set_value_key(Value(o), Value(k), Value(v)))
    }
    fn perry_get_index_site(o: u64, k: u64, site: u64) -> u64 {
        // A keyed site's miss: an own data property of an ordinary object
        // named by a string key is read and recorded in the key's way of
        // the site (`KEYED_SITE_*`), which compiled code tests first.
        if let Some((sh, atom)) = keyed_ordinary(Value(o), Value(k))
            && let Some(at) = ic_location(Value(o), atom)
        {
            fill_keyed_site(site, sh, k, at);
            return read_cached(Value(o), at);
        }
        perry_get_index(o, k)
    }
    fn perry_set_index_site(o: u64, k: u64, v: u64, site: u64) -> u64 {
        // `perry_get_index_site` for a write: an own writable data property.
        if let Some((sh, atom)) = keyed_ordinary(Value(o), Value(k))
            && let Some(at) = writable_own_location(Value(o), atom)
        {
            fill_keyed_site(site, sh, k, at);
            write_cached(Value(o), at, Value(v));
            return UNDEFINED;
        }
        perry_set_index(o, k, v)
    }
    fn perry_get_super(home: u64, k: u64, this: u64) -> u64 {
        let scope = HandleScope::new();
        let ht = scope.root(this);
        let hh = scope.root(home);
        let a = match object::to_key(Value(k)) { Ok(a) => a, Err(_) => return EXCEPTION };
        // The home object is ordinary; its prototype may be a proxy, whose
        // [[Get]] runs with `this` as the receiver.
        let p = object::proto_of(Value(hh.get()));
        if !p.is_js_object() { return UNDEFINED; }
        abi(object::get_with_receiver(p, a, Value(ht.get())))
    }
    fn perry_set_super(home: u64, k: u64, v: u64, this: u64) -> u64 {
        let scope = HandleScope::new();
        let ht = scope.root(this);
        let hh = scope.root(home);
        let hv = scope.root(v);
        let a = match object::to_key(Value(k)) { Ok(a) => a, Err(_) => return EXCEPTION };
        let p = object::proto_of(Value(hh.get()));
        r_unit(object::set_with_receiver(p, a, Value(hv.get()), Value(ht.get())))
    }
    fn perry_delete(o: u64, k: u64) -> u64 {
        let o = Value(o);
        if o.is_nullish() {
            return abi(Err(error::type_error("Cannot convert undefined or null to object")));
        }
        let scope = HandleScope::new();
        let ho = scope.root(o.0);
        let a = match object::to_key(Value(k)) { Ok(a) => a, Err(_) => return EXCEPTION };
        r_bool(object::delete(Value(ho.get()), a))
    }
    fn perry_in(k: u64, o: u64) -> u64 {
        r_bool(ops::has_in(Value(k), Value(o)))
    }
    fn perry_new_object(cap: u64) -> u64 {
        object::new_plain(cap as u32).0
    }
    fn perry_new_object_proto(proto: u64) -> u64 {
        let p = Value(proto);
        let p = if p.is_js_object() || p.is_null() { p } else { realm::get(I::ObjectProto) };
        object::new_object_kind(KIND_OBJECT, p, 4).0
    }
    fn perry_define_prop(o: u64, k: u64, v: u64, flags: u64) -> u64 {
        // flags: 1 getter, 2 setter, 4 not enumerable, 8 name the function after the key,
        // 16 the key is a computed value (ToPropertyKey), 32 `__proto__` literal semantics,
        // 64 the key is an atom.
        let scope = HandleScope::new();
        let ho = scope.root(o);
        let hv = scope.root(v);
        let a = if flags & 64 != 0 {
            k as Atom
        } else if flags & 16 != 0 {
            match object::to_key(Value(k)) { Ok(a) => a, Err(_) => return EXCEPTION }
        } else {
            object::to_key(Value(k)).unwrap_or(names::EMPTY)
        };
        let attrs = if flags & 4 != 0 { shape::HIDDEN } else { shape::DEFAULT };
        let v = Value(hv.get());
        if flags & 8 != 0 && v.is_function() && object::find_own(v, names::NAME).is_none() {
            let kv = atoms::value(a);
            let base = if kv.is_string() { string::to_rust(kv) } else {
                let d = symbol::description(kv);
                if d.is_string() { format!("[{}]", string::to_rust(d)) } else { String::new() }
            };
            let nm = match flags & 3 { 1 => format!("get {base}"), 2 => format!("set {base}"), _ => base };
            let s = string::from_str(&nm);
            object::define(Value(hv.get()), names::NAME, s, shape::CONFIGURABLE);
        }
        let o = Value(ho.get());
        let v = Value(hv.get());
        if flags & 32 != 0 && a == atoms::intern("__proto__") {
            if v.is_js_object() || v.is_null() { object::set_proto(o, v); }
            return UNDEFINED;
        }
        if crate::proxy::is_proxy(o) {
            // A class field on a `this` that a base constructor returned as a proxy.
            return match crate::proxy::create_data_property(o, a, v) {
                Ok(true) => UNDEFINED,
                Ok(false) => abi(Err(error::type_error(&format!("Cannot define property {}, object is not extensible", atoms::to_rust(a))))),
                Err(_) => EXCEPTION,
            };
        }
        match flags & 3 {
            1 => object::define_accessor(o, a, v, Value::UNDEFINED, attrs & !shape::WRITABLE),
            2 => object::define_accessor(o, a, Value::UNDEFINED, v, attrs & !shape::WRITABLE),
            _ => object::define(o, a, v, attrs),
        }
        UNDEFINED
    }
    fn perry_object_spread(o: u64, src: u64) -> u64 {
        r_unit(copy_data_properties(Value(o), Value(src), &[]))
    }
    fn perry_object_rest(src: u64, excluded: u64) -> u64 {
        let scope = HandleScope::new();
        let hs = scope.root(src);
        let he = scope.root(excluded);
        let o = object::new_plain(4);
        let ho = scope.root(o.0);
        let ex = Value(he.get());
        let mut keys = Vec::new();
        for i in 0..array::len(ex) {
            match object::to_key(array::get_index(Value(he.get()), i)) { Ok(a) => keys.push(a), Err(_) => return EXCEPTION }
        }
        let _ = ex;
        match copy_data_properties(Value(ho.get()), Value(hs.get()), &keys) {
            Ok(()) => ho.get(),
            Err(_) => EXCEPTION,
        }
    }
    fn perry_require_object_coercible(v: u64) -> u64 {
        if Value(v).is_nullish() {
            return abi(Err(error::type_error(&format!("Cannot destructure '{}' as it is {}.", ops::to_rust_string(Value(v)).unwrap_or_default(), if Value(v).is_null() { "null" } else { "undefined" }))));
        }
        UNDEFINED
    }

    // ----- arrays -----
    fn perry_new_array(cap: u64) -> u64 {
        let a = array::new_array(cap as usize);
        a.cell().set_word(ARR_LEN, 0);
        a.0
    }
    fn perry_array_push(a: u64, v: u64) -> u64 {
        array::push(Value(a), Value(v));
        UNDEFINED
    }
    fn perry_array_hole(a: u64) -> u64 {
        array::push(Value(a), Value::HOLE);
        UNDEFINED
    }
    fn perry_spread_into(a: u64, it: u64) -> u64 {
        abi(iter::collect_into(Value(a), Value(it)))
    }
    fn perry_rest_array(start: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
        let args = collect_args(argc, a0, a1, a2, a3, rest);
        let s = (start as usize).min(args.len());
        array::from_values(&args[s..]).0
    }
    fn perry_arguments(argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
        let args = collect_args(argc, a0, a1, a2, a3, rest);
        let scope = HandleScope::new();
        let hs: Vec<_> = args.iter().map(|v| scope.root(v.0)).collect();
        let o = object::new_object_kind(KIND_ARGUMENTS, realm::get(I::ObjectProto), args.len() as u32 + 2);
        let ho = scope.root(o.0);
        if args.len() <= BULK_ARGUMENTS {
            for (i, h) in hs.iter().enumerate() {
                let key = atoms::intern(&i.to_string());
                object::add_property(Value(ho.get()), key, Value(h.get()), shape::DEFAULT);
            }
        } else {
            // Many arguments: the index keys' shape at once, one per count (`apply` with
            // thousands of arguments was quadratic in time and memory, one shape per key).
            let keys: Vec<Atom> = (0..args.len()).map(|i| atoms::intern(&i.to_string())).collect();
            let base = object::shape_of(Value(ho.get()));
            // SAFETY: single JS thread; the borrow ends with the statement, and `add_many`
            // does not reach this table.
            let sh = *unsafe { ARGUMENT_SHAPES.get() }.get_or_insert_with(Default::default).entry((args.len(), base as *const shape::Shape as usize)).or_insert_with(|| base.add_many(&keys, shape::DEFAULT));
            object::adopt_shape(Value(ho.get()), sh);
            for (i, h) in hs.iter().enumerate() {
                object::slot_set(Value(ho.get()), i, Value(h.get()));
            }
        }
        object::add_property(Value(ho.get()), names::LENGTH, Value::int(args.len() as i64), shape::HIDDEN);
        object::add_property(Value(ho.get()), realm::sym_atom(I::SymIterator), realm::get(I::ArrayProtoValues), shape::HIDDEN);
        // Every Perry function is strict: an unmapped arguments object, whose
        // `callee` throws (10.4.4.6 CreateUnmappedArgumentsObject, step 8).
        let t = realm::get(I::ThrowTypeError);
        if t.is_object() {
            object::define_accessor(Value(ho.get()), names::CALLEE, t, t, 0);
        }
        ho.get()
    }

    // ----- functions and classes -----
    fn perry_closure(meta: u64, code: u64) -> u64 {
        // SAFETY: compiled code passes the address of one of its `FnMeta`
        // records (static data, valid for the whole run).
        let m = unsafe { &*(meta as *const function::FnMeta) };
        function::alloc_function(m, code).0
    }
    fn perry_closure_site(meta: u64, code: u64, site: u64) -> u64 {
        // SAFETY: as in `perry_closure`.
        let m = unsafe { &*(meta as *const function::FnMeta) };
        let f = function::alloc_function(m, code);
        // The site's functions all have this layout (one meta, so one
        // prototype and one root shape, which is never freed): compiled code
        // makes the next ones inline (`FnCompiler::make_closure`).
        let slots = site as *mut u64;
        // SAFETY: `site` is the address of the site's CLOSURE_SITE_SLOTS
        // module-global slots, which live as long as the program.
        unsafe {
            *slots.add(CLOSURE_SITE_PROTO as usize) = object::proto_of(f).0;
            *slots.add(CLOSURE_SITE_SHAPE as usize) = object::shape_of(f) as *const crate::shape::Shape as u64;
        }
        f.0
    }
    fn perry_gen_new(f: u64, cells: u64) -> u64 {
        // A generator object for a call of generator function `f`: its
        // prototype is `f.prototype` when that is an object. An async
        // function's activation object is never seen by JavaScript. An async
        // generator's state starts at `AG_SUSPENDED_START` (other activations
        // leave it undefined).
        let scope = HandleScope::new();
        let hf = scope.root(f);
        let (nvars, hidden) = (cells & !GEN_NEW_HIDDEN, cells & GEN_NEW_HIDDEN != 0);
        let is_async_gen = function::meta_of(Value(f)).flags & (FNF_GENERATOR | FNF_ASYNC) == FNF_GENERATOR | FNF_ASYNC;
        let proto = match if hidden { Ok(Value::UNDEFINED) } else { object::get(Value(f), atoms::names::PROTOTYPE) } {
            Ok(p) if p.is_object() => p,
            Ok(_) if is_async_gen => realm::get(I::AsyncGeneratorProto),
            Ok(_) => realm::get(I::GeneratorProto),
            Err(_) => return EXCEPTION,
        };
        let g = object::alloc_object(KIND_GENERATOR, GEN_EXTRA, 0, proto);
        if is_async_gen {
            g.cell().set_field(GEN_AGSTATE, Value::int(AG_SUSPENDED_START));
        }
        // The activation's locals live in pooled box cells (binding::boxes).
        let cells = crate::binding::boxes::acquire(nvars as usize, g.0);
        g.cell().set_word(GEN_FRAME, cells as u64);
        crate::generator::set_state(g, 0);
        g.cell().set_field(GEN_FN, Value(hf.get()));
        g.0
    }
    fn perry_new_box(v: u64) -> u64 {
        let scope = HandleScope::new();
        let h = scope.root(v);
        let p = perry_gc::alloc(16, KIND_BOX);
        let bx = Value::from_cell(p);
        bx.cell().set_field(BOX_VALUE, Value(h.get()));
        bx.0
    }
    fn perry_construct(f: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
        // `new Proxy(target, handler)`: no argument vector, no native call.
        if f == realm::get(I::ProxyCtor).0 && argc <= 2 {
            let a = |i: u64, v: u64| if argc > i { Value(v) } else { Value::UNDEFINED };
            return abi(crate::proxy::create(a(0, a0), a(1, a1)));
        }
        if let Some(r) = function::construct_compiled(Value(f), [argc, a0, a1, a2, a3, rest]) {
            return r;
        }
        let args = collect_args(argc, a0, a1, a2, a3, rest);
        abi(function::construct(Value(f), &args, Value(f)))
    }
    fn perry_construct_site(f: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64, site: u64) -> u64 {
        if f == realm::get(I::ProxyCtor).0 {
            return perry_construct(f, argc, a0, a1, a2, a3, rest);
        }
        // `new f(...)` at a site that caches a base-class constructor: after
        // the general path, a class constructor (whose `prototype` can never
        // change) is recorded in the site's three global slots
        // `[ctor, prototype, root shape]`; compiled code then allocates the
        // instance inline and calls the constructor's code directly.
        let scope = HandleScope::new();
        let hf = scope.root(f);
        let r = perry_construct(f, argc, a0, a1, a2, a3, rest);
        if r == EXCEPTION {
            return r;
        }
        let hr = scope.root(r);
        let f = Value(hf.get());
        if let Some(p) = base_class_prototype(f) {
            // Slack tracking: later instances get as many inline slots as
            // this one ended up with properties (more go to overflow).
            let r = Value(hr.get());
            let (n, ctor) = if r.is_cell() && r.kind() == KIND_OBJECT {
                let s = object::shape_of(r);
                (s.len(), s.ctor)
            } else {
                (INSTANCE_SLOTS as usize, None)
            };
            let cap = n.clamp(1, MAX_LEARNT_SLOTS) as u32;
            let slots = site as *mut u64;
            let root = shape::root_for(OBJ_INLINE as u32, cap, ctor);
            // SAFETY: `site` is the address of the site's CTOR_SITE_SLOTS
            // module-global slots (compiled code `construct_cached`), which
            // live as long as the program; the words are the site's own.
            unsafe {
                *slots.add(CTOR_SITE_CTOR as usize) = hf.get();
                *slots.add(CTOR_SITE_PROTO as usize) = p.0;
                *slots.add(CTOR_SITE_ROOT_SHAPE as usize) = root as *const crate::shape::Shape as u64;
                *slots.add(CTOR_SITE_SIZE as usize) = (OBJ_INLINE as u32 + 8 * cap) as u64;
            }
        }
        hr.get()
    }
    fn perry_construct_plain(f: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64, site: u64, nfields: u64) -> u64 {
        // `new C(...)` of a class the compiler proved constructs as plain
        // data (compiler `classes.rs`): the general path, then the site
        // learns the class (`learn_plain`).
        let scope = HandleScope::new();
        let hf = scope.root(f);
        let r = perry_construct(f, argc, a0, a1, a2, a3, rest);
        learn_plain(Value(hf.get()), r, site, nfields)
    }
    fn perry_construct_plain_spread(f: u64, args: u64, site: u64, nfields: u64) -> u64 {
        // `perry_construct_plain` with more than four arguments (an array).
        let scope = HandleScope::new();
        let hf = scope.root(f);
        let r = perry_construct_spread(f, args);
        learn_plain(Value(hf.get()), r, site, nfields)
    }
    fn perry_alloc_instance(proto: u64, root: u64) -> u64 {
        // The slow path of an inline instance allocation (eden full).
        // SAFETY: `root` is the root shape a `new` site cached
        // (`perry_construct_site`); root shapes are never freed.
        let cap = unsafe { &*(root as *const crate::shape::Shape) }.inline_cap;
        object::new_object_kind(KIND_OBJECT, Value(proto), cap).0
    }
    fn perry_super_construct(active: u64, nt: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
        let args = collect_args(argc, a0, a1, a2, a3, rest);
        let parent = object::proto_of(Value(active));
        if !crate::proxy::is_constructor(parent) {
            return abi(Err(error::type_error("Super constructor is not a constructor")));
        }
        abi(function::construct(parent, &args, Value(nt)))
    }
    fn perry_call_value(f: u64, this: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
        let args = collect_args(argc, a0, a1, a2, a3, rest);
        abi(function::call(Value(f), Value(this), &args))
    }
    fn perry_call_spread(f: u64, this: u64, args: u64) -> u64 {
        let a = Value(args);
        let v: Vec<Value> = (0..array::len(a)).map(|i| { let x = array::get_index(a, i); if x == Value::HOLE { Value::UNDEFINED } else { x } }).collect();
        abi(function::call(Value(f), Value(this), &v))
    }
    fn perry_construct_spread(f: u64, args: u64) -> u64 {
        let a = Value(args);
        let v: Vec<Value> = (0..array::len(a)).map(|i| { let x = array::get_index(a, i); if x == Value::HOLE { Value::UNDEFINED } else { x } }).collect();
        abi(function::construct(Value(f), &v, Value(f)))
    }
    fn perry_super_construct_spread(active: u64, nt: u64, args: u64) -> u64 {
        let a = Value(args);
        let v: Vec<Value> = (0..array::len(a)).map(|i| { let x = array::get_index(a, i); if x == Value::HOLE { Value::UNDEFINED } else { x } }).collect();
        let parent = object::proto_of(Value(active));
        if !crate::proxy::is_constructor(parent) {
            return abi(Err(error::type_error("Super constructor is not a constructor")));
        }
        abi(function::construct(parent, &v, Value(nt)))
    }
    fn perry_class_setup(ctor: u64, parent: u64, has_parent: u64) -> u64 {
        // Returns the new prototype object, or EXCEPTION.
        let scope = HandleScope::new();
        let hc = scope.root(ctor);
        let hp = scope.root(parent);
        let proto_parent = if has_parent == 0 {
            realm::get(I::ObjectProto)
        } else {
            let p = Value(hp.get());
            if p.is_null() {
                Value::NULL
            } else if !crate::proxy::is_constructor(p) {
                return abi(Err(error::type_error(&format!("Class extends value {} is not a constructor or null", ops::inspect_brief(p)))));
            } else {
                let pp = match object::get(p, names::PROTOTYPE) { Ok(v) => v, Err(_) => return EXCEPTION };
                if !pp.is_js_object() && !pp.is_null() {
                    return abi(Err(error::type_error("Class extends value does not have valid prototype property")));
                }
                pp
            }
        };
        let proto = object::new_object_kind(KIND_OBJECT, proto_parent, 4);
        let hpr = scope.root(proto.0);
        let c = Value(hc.get());
        if has_parent != 0 && !Value(hp.get()).is_null() {
            object::set_proto(c, Value(hp.get()));
        }
        object::define(c, names::PROTOTYPE, Value(hpr.get()), 0);
        object::define_hidden(Value(hpr.get()), names::CONSTRUCTOR, Value(hc.get()));
        hpr.get()
    }
    fn perry_set_home(f: u64, home: u64) -> u64 {
        Value(f).cell().set_field(FN_HOME, Value(home));
        UNDEFINED
    }
    fn perry_call_other(f: u64, this: u64, text: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64) -> u64 {
        // A call whose callee is not a function cell: a callable proxy, or
        // the TypeError naming the callee's source text.
        if crate::proxy::is_callable(Value(f)) {
            let args = collect_args(argc, a0, a1, a2, a3, UNDEFINED);
            return abi(function::call(Value(f), Value(this), &args));
        }
        abi(Err(error::type_error(&format!("{} is not a function", const_rust(text)))))
    }
    fn perry_require_callable(f: u64, text: u64) -> u64 {
        // IsCallable for a callee that is no function cell (a spread call):
        // a callable proxy passes; anything else is "... is not a function".
        if crate::proxy::is_callable(Value(f)) {
            return UNDEFINED;
        }
        abi(Err(error::type_error(&format!("{} is not a function", const_rust(text)))))
    }
    fn perry_throw_class_call(f: u64) -> u64 {
        abi(Err(error::type_error(&format!("Class constructor {} cannot be invoked without 'new'", function::name_of(Value(f))))))
    }
    fn perry_this_tdz() -> u64 {
        abi(Err(error::reference_error("Must call super constructor in derived class before accessing 'this' or returning from derived constructor")))
    }
    fn perry_super_twice() -> u64 {
        abi(Err(error::reference_error("Super constructor may only be called once")))
    }
    fn perry_derived_return(v: u64) -> u64 {
        let _ = v;
        abi(Err(error::type_error("Derived constructors may only return object or undefined")))
    }

    // ----- exceptions -----
    fn perry_throw(v: u64) -> u64 {
        error::throw(Value(v));
        EXCEPTION
    }
    fn perry_take_exception() -> u64 {
        error::take().0
    }
    fn perry_throw_tdz(name: u64) -> u64 {
        abi(Err(error::reference_error(&format!("Cannot access '{}' before initialization", const_rust(name)))))
    }
    fn perry_throw_const_assign() -> u64 {
        abi(Err(error::type_error("Assignment to constant variable.")))
    }
    fn perry_throw_error(kind: u64, msg: u64) -> u64 {
        let k = match kind { 1 => error::ErrorKind::TypeError, 2 => error::ErrorKind::ReferenceError, 3 => error::ErrorKind::SyntaxError, 4 => error::ErrorKind::RangeError, _ => error::ErrorKind::Error };
        abi(Err(error::throw_error(k, &const_rust(msg))))
    }
    fn perry_stack_overflow() -> u64 {
        abi(Err(error::range_error("Maximum call stack size exceeded")))
    }

    // ----- globals -----
    fn perry_global_get(atom: u64) -> u64 {
        let g = realm::get(I::Global);
        // A data property of the global object found before, while the
        // global object keeps the shape it had then (defining or deleting
        // a global changes it).
        let sh = object::shape_word(g);
        let e = global_cache_entry(atom as Atom);
        if e.0 == atom as Atom && e.1 == sh {
            return object::slot_get(g, e.2 as usize).0;
        }
        global_get_slow(g, atom as Atom)
    }
    fn perry_global_get_ic(atom: u64, ic: u64) -> u64 {
        // A global variable's read (compiled code `global_read`): its entry
        // of (global object's shape, where) is tested inline; here it is
        // filled when the variable is an own data property.
        let g = realm::get(I::Global);
        if let Some(at) = own_data_location(g, atom as Atom) {
            // SAFETY: `ic` is the address of the site's one inline-cache
            // entry in the compiler's table (static data, aligned).
            unsafe { *(ic as *mut IcEntry) = [object::shape_word(g), at] };
            return read_cached(g, at);
        }
        global_get_slow(g, atom as Atom)
    }
    fn perry_learn_layout(o: u64, slot: u64, names: u64) -> u64 {
        // The end of the first construction of a class with an expected layout (compiler
        // `classes::class_layout`): when the instance's first own properties are `names`
        // (newline-separated), in that order, writable, enumerable and configurable data
        // properties each in an inline slot, the class's shape slot learns its shape (properties after
        // them, `Object.assign(this, options)` say, move no field); else the slot gets a word no
        // shape has, and compiled code keeps its inline caches.
        let v = Value(o);
        let expected = string::to_rust(Value(names));
        let n = expected.split('\n').count();
        let ok = v.is_object() && v.kind() == KIND_OBJECT && {
            let sh = object::shape_of(v);
            !sh.dict
                && sh.proto_slot.is_none()
                && sh.inline_start == OBJ_INLINE as u32
                && sh.keys.len() >= n
                // Every field in an inline slot: with more keys than inline slots the last
                // inline slot holds the out-of-line array (`Shape::is_inline`).
                && (0..n).all(|i| sh.is_inline(i))
                && sh.attrs[..n].iter().all(|&a| a == shape::DEFAULT)
                && sh.keys.iter().zip(expected.split('\n')).all(|(&k, name)| atoms::to_rust(k) == name)
        };
        let word = if ok { object::shape_word(v) } else { NOT_A_SHAPE };
        // SAFETY: `slot` is the address of the class's shape slot among the module globals
        // (compiler `class_shape_slot`), which live as long as the program.
        unsafe { *(slot as *mut u64) = word };
        UNDEFINED
    }
    fn perry_watch_member(o: u64, k: u64, at: u64, accessor: u64, get: u64, set: u64) -> u64 {
        // The end of a class definition (compiler `arm_member_facts`): the global at `at`
        // holds the prototype `o` while its property `k` (a string) keeps the method (`get`:
        // its code) or the accessor pair (`accessor` nonzero) the class defined.
        let key = object::to_key(Value(k)).unwrap_or(names::EMPTY);
        // SAFETY: `at` is the address of a module global (compiler `arm_member_facts`).
        unsafe { crate::watch::watch_member(Value(o), key, at as *mut u64, accessor != 0, Some([get, set])) };
        UNDEFINED
    }
    fn perry_map_get(m: u64, k: u64) -> u64 {
        // `m.get(k)` compiled where `m` is a Map whose `get` is the built-in (`HELD_MAP`).
        collections::get(Value(m), Value(k)).unwrap_or(Value::UNDEFINED).0
    }
    fn perry_map_has(m: u64, k: u64) -> u64 {
        // `m.has(k)` or `s.has(k)` on a Map or a Set whose `has` is the built-in.
        Value::bool(collections::has(Value(m), Value(k))).0
    }
    fn perry_map_set(m: u64, k: u64, v: u64) -> u64 {
        // `m.set(k, v)` on a Map whose `set` is the built-in: returns the Map.
        let scope = HandleScope::new();
        let hm = scope.root(m);
        collections::set(Value(m), Value(k), Value(v));
        hm.get()
    }
    fn perry_set_add(s: u64, k: u64) -> u64 {
        // `s.add(k)` on a Set whose `add` is the built-in: returns the Set.
        let scope = HandleScope::new();
        let hs = scope.root(s);
        // (A present key keeps its place: `set` only rewrites its value, undefined for a Set.)
        collections::set(Value(s), Value(k), Value::UNDEFINED);
        hs.get()
    }
    fn perry_native_loader() -> u64 {
        realm::get(I::NativeLoader).0
    }
    fn perry_global_typeof(atom: u64) -> u64 {
        let g = realm::get(I::Global);
        let v = match object::get(g, atom as Atom) { Ok(v) => v, Err(_) => return EXCEPTION };
        atoms::value(atoms::intern(ops::typeof_str(v))).0
    }
    // The global object (a script's top-level `this`).
    fn perry_global_this() -> u64 {
        realm::get(I::Global).0
    }
    // A script's top-level declaration of `atom` (16.1.7 steps 16-17):
    // `function` 0 is CreateGlobalVarBinding (an own `undefined` property
    // unless one exists), 1 is CreateGlobalFunctionBinding with `v`.
    fn perry_global_declare(atom: u64, v: u64, function: u64) -> u64 {
        let g = realm::get(I::Global);
        let atom = atom as Atom;
        let attrs = shape::WRITABLE | shape::ENUMERABLE;
        match object::get_own_property(g, atom) {
            None if g.cell().header_flags() & FLAG_NONEXTENSIBLE != 0 => {
                return abi(Err(error::type_error(&format!("Cannot declare global variable '{}': the global object is not extensible", atoms::to_rust(atom)))));
            }
            None => object::define(g, atom, if function != 0 { Value(v) } else { Value::UNDEFINED }, attrs),
            Some(_) if function == 0 => {}
            Some(object::Prop::Data(_, a) | object::Prop::Accessor(_, _, a)) if a & shape::CONFIGURABLE != 0 => object::define(g, atom, Value(v), attrs),
            Some(_) => return r_unit(object::set(g, atom, Value(v))),
        }
        UNDEFINED
    }
    fn perry_global_set(atom: u64, v: u64) -> u64 {
        let g = realm::get(I::Global);
        if !object::has_property(g, atom as Atom) {
            return abi(Err(error::reference_error(&format!("{} is not defined", atoms::to_rust(atom as Atom)))));
        }
        r_unit(object::set(g, atom as Atom, Value(v)))
    }
    // An assignment to an unresolvable name in sloppy-mode code (6.2.5.6 PutValue, step 3.b):
    // a property of the global object, created if missing.
    fn perry_global_put(atom: u64, v: u64) -> u64 {
        r_unit(object::set(realm::get(I::Global), atom as Atom, Value(v)))
    }

    // ----- operators -----
    fn perry_add(a: u64, b: u64) -> u64 {
        abi(ops::add(Value(a), Value(b)))
    }
    fn perry_numop(op: u64, a: u64, b: u64) -> u64 {
        abi(ops::binary_num(ops::NumOp::from_u32(op as u32), Value(a), Value(b)))
    }
    fn perry_compare(op: u64, a: u64, b: u64) -> u64 {
        r_bool(ops::compare(op as u32, Value(a), Value(b)))
    }
    fn perry_loose_eq(a: u64, b: u64) -> u64 {
        r_bool(ops::loose_equals(Value(a), Value(b)))
    }
    fn perry_strict_eq(a: u64, c: u64) -> u64 {
        b(ops::strict_equals(Value(a), Value(c)))
    }
    fn perry_to_number(v: u64) -> u64 {
        match ops::to_number(Value(v)) { Ok(f) => Value::num(f).0, Err(_) => EXCEPTION }
    }
    fn perry_neg(v: u64) -> u64 {
        match ops::to_numeric(Value(v)) {
            Ok(n) if n.is_bigint() => crate::bigint::unary_minus(n).0,
            Ok(n) => Value::num(-n.as_number()).0,
            Err(_) => EXCEPTION,
        }
    }
    fn perry_bnot(v: u64) -> u64 {
        match ops::to_numeric(Value(v)) {
            Ok(n) if n.is_bigint() => crate::bigint::bitwise_not(n).0,
            Ok(n) => Value::num(!ops::to_int32(n.as_number()) as f64).0,
            Err(_) => EXCEPTION,
        }
    }
    // ToNumeric (update expressions: the old value).
    fn perry_to_numeric(v: u64) -> u64 {
        abi(ops::to_numeric(Value(v)))
    }
    // `v + delta` for a numeric `v` (update expressions): a BigInt steps
    // by `delta` as a BigInt.
    fn perry_numeric_step(v: u64, delta: u64) -> u64 {
        let (v, d) = (Value(v), Value(delta).as_number());
        if v.is_bigint() {
            return abi(crate::bigint::step(v, d as i64));
        }
        Value::num(v.as_number() + d).0
    }
    // A BigInt literal: its decimal digits (a constant string).
    fn perry_bigint_from_str(s: u64) -> u64 {
        match crate::bigint::parse_units(&string::units16(Value(s))) {
            Some(b) => crate::bigint::from_big(&b).0,
            None => abi(Err(error::syntax_error("Invalid BigInt literal"))),
        }
    }
    // A BigInt literal that fits in an `i64` (passed raw).
    fn perry_bigint_from_i64(i: u64) -> u64 {
        crate::bigint::from_i64(i as i64).0
    }
    fn perry_truthy(v: u64) -> u64 {
        ops::to_boolean(Value(v)) as u64
    }
    fn perry_typeof(v: u64) -> u64 {
        atoms::value(atoms::intern(ops::typeof_str(Value(v)))).0
    }
    fn perry_instanceof(v: u64, t: u64) -> u64 {
        r_bool(ops::instance_of(Value(v), Value(t)))
    }
    fn perry_to_string(v: u64) -> u64 {
        abi(ops::to_string(Value(v)))
    }
    fn perry_to_property_key(v: u64) -> u64 {
        match object::to_key(Value(v)) { Ok(a) => atoms::value(a).0, Err(_) => EXCEPTION }
    }
    fn perry_concat(a: u64, b: u64) -> u64 {
        abi(string::concat(Value(a), Value(b)))
    }
    fn perry_concat4(a: u64, b: u64, c: u64, d: u64) -> u64 {
        // A template literal's strings, four at a time: one allocation.
        abi(string::concat4([Value(a), Value(b), Value(c), Value(d)]))
    }

    // ----- iteration -----
    fn perry_iter_open(v: u64) -> u64 {
        abi(iter::open(Value(v)))
    }
    fn perry_iter_next(it: u64) -> u64 {
        if Value(it).cell().word(iter::MODE) == iter::GENERATOR {
            return abi(iter::step_generator(Value(it)));
        }
        abi(iter::step(Value(it)))
    }
    fn perry_iter_close(it: u64) -> u64 {
        r_unit(iter::close(Value(it)))
    }
    fn perry_for_in(o: u64) -> u64 {
        let o = if Value(o).is_string() { ops::to_object(Value(o)).map(|v| v.0).unwrap_or(UNDEFINED) } else { o };
        let scope = HandleScope::new();
        let ho = scope.root(o);
        let keys = match for_in_keys(Value(o)) {
            Ok(k) => k,
            Err(_) => return EXCEPTION,
        };
        let a = array::from_values(&[]);
        let ha = scope.root(a.0);
        for k in keys {
            array::push(Value(ha.get()), atoms::value(k));
        }
        let it = iter::new_iterator(Value(ha.get()), iter::FOR_IN, I::ArrayIteratorProto);
        it.cell().set_field(iter::NEXT, Value(ho.get()));
        it.0
    }

    // ----- private names -----
    fn perry_alloc_shaped(shape: u64) -> u64 {
        // An object literal whose shape the site has seen before: allocate it
        // with that shape; compiled code stores the values into the inline slots.
        // SAFETY: `shape` is the shape `perry_literal_shape` returned to this
        // site, which its cache word keeps alive (table sweeps mark the shapes
        // compiled caches name).
        let sh = unsafe { &*(shape as *const crate::shape::Shape) };
        debug_assert!(sh.is_plain(), "literal sites cache plain shapes");
        let size = sh.inline_start as usize + sh.inline_cap as usize * 8;
        let o = Value::from_cell(perry_gc::alloc(size, KIND_OBJECT));
        o.cell().set_word(OBJ_SHAPE, shape);
        // Compiled code fills the slots next, with no allocation in between.
        o.0
    }
    fn perry_literal_shape(o: u64, site: u64) -> u64 {
        // A literal site learns the shape of the object it made (`LITERAL_SITE_*`) when that is
        // a plain inline-only data object with exactly its fields; else nothing.
        let o = Value(o);
        let sh = object::shape_of(o);
        if o.kind() != KIND_OBJECT || sh.dict || !sh.is_plain() || sh.len() != sh.inline_cap as usize || sh.attrs.iter().any(|&a| a != shape::DEFAULT) {
            return UNDEFINED;
        }
        set_literal_site(site, sh);
        // SAFETY: the JS thread; no other borrow of the table is live.
        let sites = unsafe { LITERAL_SITES.get() }.get_or_insert_with(hashbrown::HashMap::new);
        let list = sites.entry(sh as *const crate::shape::Shape as u64).or_default();
        if !list.contains(&site) {
            list.push(site);
        }
        UNDEFINED
    }
    fn perry_get_named_ic(o: u64, atom: u64, ic: u64) -> u64 {
        // `o.name` at a polymorphic site (compiled code `get_named`): its
        // `IC_WAYS` entries of (shape, where) are tested inline. On a miss,
        // when the property is an own data property, the first empty entry
        // caches it; when all are taken the oldest is dropped (so the shape
        // of a one-off object, such as a class's first instance made before
        // its size was known, does not keep a steady shape out for good).
        // The global megamorphic cache finds the location of a shape a full
        // site keeps missing without a property lookup.
        let v = Value(o);
        let cache = |sh: u64, at: u64| {
            // SAFETY: `ic` is the address of the site's IC_WAYS consecutive
            // inline-cache entries in the compiler's table (static data,
            // aligned); nothing else refers to them during this call.
            let ways = unsafe { core::slice::from_raw_parts_mut(ic as *mut IcEntry, IC_WAYS) };
            match ways.iter().position(|w| w[0] == 0) {
                Some(i) => ways[i] = [sh, at],
                None => {
                    ways.copy_within(1.., 0);
                    ways[IC_WAYS - 1] = [sh, at];
                }
            }
        };
        if v.is_string() && atom as Atom != names::LENGTH {
            // A string's method: a data property of String.prototype (its
            // own properties are `length` and indices, never read by name).
            // Compiled code tests a string's reads against String.prototype's
            // shape (`SYM_STRING_PROTO`), so the site caches that.
            let sp = realm::get(I::StringProto);
            let sh = object::shape_word(sp);
            let mega = mega_entry(sh, atom as Atom);
            let at = if mega.0 == sh && mega.1 == atom as Atom { Some(mega.2) } else { own_data_location(sp, atom as Atom) };
            if let Some(at) = at {
                *mega = (sh, atom as Atom, at);
                cache(sh, at);
                return read_cached(sp, at);
            }
        }
        if v.is_object() {
            let sh = object::shape_word(v);
            let mega = mega_entry(sh, atom as Atom);
            if mega.0 == sh && mega.1 == atom as Atom {
                let at = mega.2;
                cache(sh, at);
                return read_cached(v, at);
            }
            // An inherited method's read missed inline: the prototype cache
            // first (a hit implies no own property by that name).
            if let Some(x) = proto_hit(v, atom as Atom) {
                return x;
            }
            if let Some(at) = ic_location(v, atom as Atom) {
                *mega_entry(sh, atom as Atom) = (sh, atom as Atom, at);
                cache(sh, at);
                return read_cached(v, at);
            }
            if let Some(x) = proto_fill(v, atom as Atom) {
                return x;
            }
        }
        abi(object::get(v, atom as Atom))
    }
    fn perry_get_method_ic(o: u64, atom: u64, ic: u64) -> u64 {
        // `o.m` read to be called: an inherited data property one or two
        // prototypes up fills the site's prototype entries (`IC_PROTO_ENTRIES`).
        let v = Value(o);
        if let Some((at, _, holder)) = proto_entries_fill(v, atom as Atom, ic, IC_WAYS, Inherited::Data, 1) {
            return read_cached(holder, at);
        }
        perry_get_named_ic(o, atom, ic)
    }
    fn perry_get_method_poly_ic(o: u64, atom: u64, ic: u64) -> u64 {
        // The same at a site with `IC_PROTO_POLY_WAYS` ways of prototype entries.
        let v = Value(o);
        if let Some((at, _, holder)) = proto_entries_fill(v, atom as Atom, ic, IC_WAYS, Inherited::Data, IC_PROTO_POLY_WAYS as usize) {
            return read_cached(holder, at);
        }
        perry_get_named_ic(o, atom, ic)
    }
    fn perry_get_accessor_ic(o: u64, atom: u64, ic: u64) -> u64 {
        // `o.x` where some class defines an accessor `x`: an inherited getter
        // (or data property) fills the prototype entries; compiled code then
        // calls the getter itself.
        let v = Value(o);
        if let Some((at, accessor, holder)) = proto_entries_fill(v, atom as Atom, ic, IC_WAYS, Inherited::Any, 1) {
            return read_found(v, holder, at, accessor);
        }
        perry_get_named_ic(o, atom, ic)
    }
    fn perry_set_add_ic(o: u64, atom: u64, v: u64, ic: u64) -> u64 {
        // `o.x = v` at a site with `IC_ADD_ENTRIES` after its own entry: when
        // the store adds an inline slot to an extensible plain object (whose
        // prototype is %Object.prototype%, not in dictionary mode), the site
        // caches (shape before, offset, shape after, Object.prototype's shape).
        let obj = Value(o);
        let op = realm::get(I::ObjectProto);
        let before = if obj.is_cell()
            && obj.kind() == KIND_OBJECT
            && obj.cell().header_flags() & FLAG_NONEXTENSIBLE == 0
            && object::shape_of(obj).is_plain()
            && object::shape_of(obj).proto_slot.is_none()
            && !object::shape_of(obj).dict
            && !object::shape_of(obj).watched
            && !object::shape_of(op).dict
            && object::find_own(obj, atom as Atom).is_none()
        {
            Some((object::shape_of(obj), object::shape_word(op)))
        } else {
            None
        };
        let scope = HandleScope::new();
        let ho = scope.root(o);
        // Such an object without the property, whose prototype %Object.prototype% has none by
        // that name either (no setter, nothing read-only, no `__proto__`): [[Set]] adds it, here
        // directly (into the overflow array when the inline slots are taken).
        let r = if before.is_some() && object::find_own(op, atom as Atom).is_none() {
            object::add_property(obj, atom as Atom, Value(v), shape::DEFAULT);
            UNDEFINED
        } else {
            perry_set_named_ic(o, atom, v, ic)
        };
        let o = Value(ho.get());
        if r != EXCEPTION
            && let Some((before, op_shape)) = before
            && object::shape_word(realm::get(I::ObjectProto)) == op_shape
            && let Some((i, a)) = object::find_own(o, atom as Atom)
        {
            let after = object::shape_of(o);
            if a == shape::DEFAULT && !after.dict && after.len() <= after.inline_cap as usize && after.len() == before.len() + 1 && after.is_inline(i) {
                // SAFETY: the site's own entry and its `IC_ADD_ENTRIES` in the compiler's table
                // (static data, aligned); nothing else refers to them during this call.
                let words = unsafe { core::slice::from_raw_parts_mut((ic as *mut IcEntry).add(1), IC_ADD_ENTRIES as usize) };
                words[0] = [before as *const crate::shape::Shape as u64, (after.inline_start as u64) + 8 * i as u64];
                words[1] = [after as *const crate::shape::Shape as u64, op_shape];
            }
        }
        r
    }
    fn perry_set_accessor_ic(o: u64, atom: u64, v: u64, ic: u64) -> u64 {
        // `o.x = v` where some class defines a setter `x`: an inherited
        // accessor with a setter fills the prototype entries after the site's
        // own entry; compiled code then calls the setter itself.
        let r = Value(o);
        if let Some((at, _, holder)) = proto_entries_fill(r, atom as Atom, ic, 1, Inherited::Accessor, 1) {
            let setter = Value(read_cached(holder, at)).cell().field(16);
            if !setter.is_undefined() {
                return match function::call(setter, r, &[Value(v)]) {
                    Ok(_) => UNDEFINED,
                    Err(_) => EXCEPTION,
                };
            }
        }
        perry_set_named_ic(o, atom, v, ic)
    }
    fn perry_set_named_ic(o: u64, atom: u64, v: u64, ic: u64) -> u64 {
        // `o.name = v`; afterwards, when the property is an own writable data
        // property of an ordinary object, the site caches (shape, location,
        // see `ic_location`) and later stores with that shape go inline.
        // A setter on a prototype: found through the prototype cache.
        if let Some(setter) = inherited_setter(Value(o), atom as Atom) {
            return match function::call(setter, Value(o), &[Value(v)]) {
                Ok(_) => UNDEFINED,
                Err(_) => EXCEPTION,
            };
        }
        let scope = HandleScope::new();
        let ho = scope.root(o);
        if object::set(Value(o), atom as Atom, Value(v)).is_err() {
            return EXCEPTION;
        }
        let o = Value(ho.get());
        if o.is_cell()
            && o.kind() == KIND_OBJECT
            && let Some((_, a)) = object::find_own(o, atom as Atom)
        {
            let sh = object::shape_of(o);
            if a & shape::ACCESSOR == 0
                && a & shape::WRITABLE != 0
                && !sh.watched
                && let Some(at) = ic_location(o, atom as Atom)
            {
                // SAFETY: `ic` is the address of the site's inline-cache entry
                // in the compiler's table (static data, aligned).
                unsafe {
                    *((ic + IC_SHAPE as u64) as *mut u64) = sh as *const crate::shape::Shape as u64;
                    *((ic + IC_LOCATION as u64) as *mut u64) = at;
                }
            }
        }
        UNDEFINED
    }
    fn perry_define_field_ic(o: u64, atom: u64, v: u64, ic: u64) -> u64 {
        // A class field `name = v` (CreateDataPropertyOrThrow). When it adds
        // an inline slot to an extensible ordinary object, the site caches
        // (shape before, byte offset, shape after): later instances with the
        // same shape take the transition inline.
        if crate::proxy::is_proxy(Value(o)) {
            // `this` is a proxy a base constructor returned: its trap decides.
            return match crate::proxy::create_data_property(Value(o), atom as Atom, Value(v)) {
                Ok(true) => UNDEFINED,
                Ok(false) => abi(Err(error::type_error(&format!("Cannot define property {}, object is not extensible", atoms::to_rust(atom as Atom))))),
                Err(_) => EXCEPTION,
            };
        }
        let scope = HandleScope::new();
        let ho = scope.root(o);
        let hv = scope.root(v);
        let obj = Value(o);
        let before = if obj.is_cell()
            && obj.kind() == KIND_OBJECT
            && obj.cell().header_flags() & FLAG_NONEXTENSIBLE == 0
            && !object::shape_of(obj).dict
            && !object::shape_of(obj).watched
            && object::find_own(obj, atom as Atom).is_none()
        {
            Some(object::shape_of(obj))
        } else {
            None
        };
        // As perry_define_prop with an atom key.
        object::define(Value(ho.get()), atom as Atom, Value(hv.get()), shape::DEFAULT);
        let o = Value(ho.get());
        if let Some(before) = before
            && let Some((i, a)) = object::find_own(o, atom as Atom)
        {
            let after = object::shape_of(o);
            if a == shape::DEFAULT && !after.dict && after.len() <= after.inline_cap as usize && after.len() == before.len() + 1 {
                // SAFETY: `ic` is the address of the site's two inline-cache
                // entries in the compiler's table (static data, aligned).
                unsafe {
                    *((ic + IC_SHAPE as u64) as *mut u64) = before as *const crate::shape::Shape as u64;
                    *((ic + IC_LOCATION as u64) as *mut u64) = (after.inline_start as u64) + 8 * i as u64;
                    *((ic + IC_SHAPE_AFTER as u64) as *mut u64) = after as *const crate::shape::Shape as u64;
                }
            }
        }
        UNDEFINED
    }
    fn perry_module_namespace() -> u64 {
        // Slots hold global indices, not values: the namespace gets a root
        // shape of its own (16 unused bytes move its slots), so no inline
        // cache filled by an ordinary object can ever match it.
        let o = object::alloc_object(KIND_MODULE_NS, 16, 4, Value::NULL);
        let scope = HandleScope::new();
        let ho = scope.root(o.0);
        let tag = string::from_str("Module");
        object::define(Value(ho.get()), realm::sym_atom(I::SymToStringTag), tag, 0);
        Value(ho.get()).cell().set_header_flag(FLAG_NONEXTENSIBLE);
        ho.get()
    }
    fn perry_namespace_export(ns: u64, key: u64, slot: u64) -> u64 {
        let scope = HandleScope::new();
        let hn = scope.root(ns);
        let a = atoms::intern_value(Value(key));
        object::add_property(Value(hn.get()), a, Value(slot), shape::ENUMERABLE);
        UNDEFINED
    }
    fn perry_private_methods(this: u64, home: u64) -> u64 {
        // Private methods and accessors of a class, from its prototype onto the instance.
        let scope = HandleScope::new();
        let ht = scope.root(this);
        let hh = scope.root(home);
        if !Value(hh.get()).is_object() || !Value(ht.get()).is_object() {
            return UNDEFINED;
        }
        let keys: Vec<(usize, Atom, u8)> = object::own_props(Value(hh.get())).into_iter().filter(|&(_, k, _)| symbol::is_private_atom(k) && k != shape::proto_key()).collect();
        for (i, k, a) in keys {
            let v = object::slot_get(Value(hh.get()), i);
            if a & shape::ACCESSOR != 0 {
                let (g, s) = (v.cell().field(8), v.cell().field(16));
                object::define_accessor(Value(ht.get()), k, g, s, 0);
            } else {
                object::define(Value(ht.get()), k, v, 0);
            }
        }
        UNDEFINED
    }
    fn perry_private_name(desc: u64) -> u64 {
        symbol::new_symbol(const_value(desc as usize), true).0
    }
    fn perry_private_get(o: u64, name: u64) -> u64 {
        let (o, n) = (Value(o), Value(name));
        let a = symbol::atom_of(n);
        // Fields are own properties; private methods and accessors live on the prototype.
        if o.is_object() && object::find_own(o, a).is_some() {
            return abi(object::get(o, a));
        }
        abi(Err(error::type_error(&format!("Cannot read private member {} from an object whose class did not declare it", string::to_rust(symbol::description(n))))))
    }
    fn perry_private_get_ic(o: u64, name: u64, ic: u64) -> u64 {
        // `o.#x` at a site with `IC_PRIVATE_WAYS` entries: an own data field
        // in an inline slot fills one.
        private_fill(Value(o), Value(name), ic, false);
        perry_private_get(o, name)
    }
    fn perry_private_set_ic(o: u64, name: u64, v: u64, ic: u64) -> u64 {
        // `o.#x = v`: an own writable data field in an inline slot fills an entry.
        private_fill(Value(o), Value(name), ic, true);
        perry_private_set(o, name, v)
    }
    fn perry_private_set(o: u64, name: u64, v: u64) -> u64 {
        let (o, n) = (Value(o), Value(name));
        let a = symbol::atom_of(n);
        if o.is_object() && object::find_own(o, a).is_some() {
            return r_unit(object::set(o, a, Value(v)));
        }
        abi(Err(error::type_error(&format!("Cannot write private member {} to an object whose class did not declare it", string::to_rust(symbol::description(n))))))
    }
    fn perry_private_define(o: u64, name: u64, v: u64, kind: u64) -> u64 {
        let (o, n) = (Value(o), Value(name));
        let a = symbol::atom_of(n);
        if !o.is_object() { return UNDEFINED; }
        match kind {
            1 => object::define_accessor(o, a, Value(v), Value::UNDEFINED, 0),
            2 => object::define_accessor(o, a, Value::UNDEFINED, Value(v), 0),
            3 => object::define(o, a, Value(v), 0),
            _ => {
                if object::find_own(o, a).is_some() {
                    return abi(Err(error::type_error("Cannot initialize private field twice on the same object")));
                }
                object::define(o, a, Value(v), shape::WRITABLE)
            }
        }
        UNDEFINED
    }
    fn perry_private_in(name: u64, o: u64) -> u64 {
        let o = Value(o);
        if !o.is_object() {
            return abi(Err(error::type_error("Cannot use 'in' operator to search for a private field in a non-object")));
        }
        b(object::find_own(o, symbol::atom_of(Value(name))).is_some())
    }

    // ----- templates -----
    fn perry_template_object(cooked: u64, raw: u64) -> u64 {
        let scope = HandleScope::new();
        let hc = scope.root(cooked);
        let hr = scope.root(raw);
        object::define(Value(hc.get()), names::RAW, Value(hr.get()), 0);
        // Both arrays are frozen (13.2.8.4 GetTemplateObject).
        Value(hr.get()).cell().set_header_flag(FLAG_NONEXTENSIBLE | FLAG_SEALED_ELEMENTS | FLAG_FROZEN_ELEMENTS);
        Value(hc.get()).cell().set_header_flag(FLAG_NONEXTENSIBLE | FLAG_SEALED_ELEMENTS | FLAG_FROZEN_ELEMENTS);
        hc.get()
    }
}

/// `perry_fmod` is a leaf (no allocation): called directly.
#[unsafe(no_mangle)]
pub extern "C" fn perry_fmod(a: f64, b: f64) -> f64 {
    ops::js_mod(a, b)
}

// `perry_fmod_preserve(a: f64, b: f64, out: *mut f64)`: fmod that preserves
// every register (Cranelift's `PreserveAll` convention), so the rare slow path
// of an inline `%` does not force the surrounding loop's values onto the stack.
// The symbol is the list's (`perry_abi::sig::$name` must exist), named once.
macro_rules! fmod_preserve {
    ($name:ident) => {
        const _: Option<perry_abi::sig::$name> = None;
        core::arch::global_asm!(
            concat!(".pushsection .text.", stringify!($name), ",\"ax\",@progbits"),
            concat!(".globl ", stringify!($name)),
            concat!(".type ", stringify!($name), ",@function"),
            ".p2align 4",
            concat!(stringify!($name), ":"),
            "push rbp",
            "mov rbp, rsp",
            "push rax",
            "push rcx",
            "push rdx",
            "push rsi",
            "push rdi",
            "push r8",
            "push r9",
            "push r10",
            "push r11",
            "sub rsp, 264",
            "movdqu [rsp + 0], xmm0",
            "movdqu [rsp + 16], xmm1",
            "movdqu [rsp + 32], xmm2",
            "movdqu [rsp + 48], xmm3",
            "movdqu [rsp + 64], xmm4",
            "movdqu [rsp + 80], xmm5",
            "movdqu [rsp + 96], xmm6",
            "movdqu [rsp + 112], xmm7",
            "movdqu [rsp + 128], xmm8",
            "movdqu [rsp + 144], xmm9",
            "movdqu [rsp + 160], xmm10",
            "movdqu [rsp + 176], xmm11",
            "movdqu [rsp + 192], xmm12",
            "movdqu [rsp + 208], xmm13",
            "movdqu [rsp + 224], xmm14",
            "movdqu [rsp + 240], xmm15",
            "call {fmod}",
            "mov rdi, [rsp + 296]",
            "movsd [rdi], xmm0",
            "movdqu xmm0, [rsp + 0]",
            "movdqu xmm1, [rsp + 16]",
            "movdqu xmm2, [rsp + 32]",
            "movdqu xmm3, [rsp + 48]",
            "movdqu xmm4, [rsp + 64]",
            "movdqu xmm5, [rsp + 80]",
            "movdqu xmm6, [rsp + 96]",
            "movdqu xmm7, [rsp + 112]",
            "movdqu xmm8, [rsp + 128]",
            "movdqu xmm9, [rsp + 144]",
            "movdqu xmm10, [rsp + 160]",
            "movdqu xmm11, [rsp + 176]",
            "movdqu xmm12, [rsp + 192]",
            "movdqu xmm13, [rsp + 208]",
            "movdqu xmm14, [rsp + 224]",
            "movdqu xmm15, [rsp + 240]",
            "add rsp, 264",
            "pop r11",
            "pop r10",
            "pop r9",
            "pop r8",
            "pop rdi",
            "pop rsi",
            "pop rdx",
            "pop rcx",
            "pop rax",
            "pop rbp",
            "ret",
            concat!(".size ", stringify!($name), ", . - ", stringify!($name)),
            ".popsection",
            fmod = sym perry_fmod,
        );
    };
}
fmod_preserve!(perry_fmod_preserve);

#[unsafe(no_mangle)]
pub extern "C" fn perry_pow(a: f64, b: f64) -> f64 {
    ops::js_pow(a, b)
}

/// Keys for `for (k in o)`: enumerable string keys along the chain, each once.
pub fn for_in_keys(o: Value) -> JsResult<Vec<Atom>> {
    let mut out = Vec::new();
    let mut seen = hashbrown::HashSet::new();
    let cur = if o.is_string() { ops::to_object(o).unwrap_or(Value::UNDEFINED) } else { o };
    let scope = HandleScope::new();
    let hc = scope.root(cur.0);
    let receiver_is_proxy = cur.is_proxy();
    loop {
        let cur = Value(hc.get());
        if cur.is_proxy() {
            // As V8: every string key the ownKeys trap lists; whether it is
            // enumerable is asked (getOwnPropertyDescriptor) as the loop
            // reaches it (`iter::step`). The prototype comes from the
            // getPrototypeOf trap. When the object iterated is not itself a
            // proxy, V8 stops after the first proxy of its chain (its
            // FastKeyAccumulator ends at the last prototype it can see
            // past without traps).
            for k in crate::proxy::own_keys(cur)? {
                if !atoms::is_symbol(k) && seen.insert(k) {
                    out.push(k);
                }
            }
            hc.set(crate::proxy::proto_of_any(Value(hc.get()))?.0);
            if !receiver_is_proxy {
                return Ok(out);
            }
        } else if cur.is_object() {
            for k in object::own_keys(cur, false, false) {
                if seen.insert(k) && object::is_enumerable_own(Value(hc.get()), k) {
                    out.push(k);
                }
            }
            hc.set(object::proto_of(Value(hc.get())).0);
        } else {
            return Ok(out);
        }
    }
}

/// `perry_global_get` after a cache miss (kept out of line so the hit path
/// needs no callee-saved registers).
#[inline(never)]
fn global_get_slow(g: Value, atom: Atom) -> u64 {
    let sh = object::shape_word(g);
    let e = global_cache_entry(atom);
    if let Some((i, a)) = object::find_own(g, atom)
        && a & shape::ACCESSOR == 0
    {
        if !object::shape_of(g).dict {
            *e = (atom, sh, i as u32);
        }
        return object::slot_get(g, i).0;
    }
    match object::lookup_chain(g, atom) {
        Some(object::Prop::Data(v, _)) => v.0,
        Some(_) => abi(object::get(g, atom)),
        None => abi(Err(error::reference_error(&format!("{} is not defined", atoms::to_rust(atom))))),
    }
}

/// Where an own data property of `v` lives, for an inline cache: the byte
/// offset of an inline slot, or for a slot in the overflow array
/// `IC_OVERFLOW | the inline slot holding that array << 32 | the byte offset
/// in it`. None for accessors, inherited properties and the objects whose
/// named properties are not all in their shape (arrays' `length`, wrappers,
/// namespaces); functions qualify (their `name` and `length` are not in the
/// shape, so never cached).
fn ic_location(v: Value, atom: Atom) -> Option<u64> {
    if matches!(v.kind(), KIND_ARRAY | KIND_SPARSE_ARRAY | KIND_PRIMITIVE_WRAPPER | KIND_MODULE_NS) {
        return None;
    }
    own_data_location(v, atom)
}

/// [`ic_location`] for any object, for a key that its shape holds if it has
/// it at all (not a wrapper's `length` or index).
fn own_data_location(v: Value, atom: Atom) -> Option<u64> {
    own_location(v, atom).filter(|&(_, accessor)| !accessor).map(|(at, _)| at)
}

/// Where `v`'s own property `atom` is (as [`own_data_location`]), and whether it is an
/// accessor (its slot then holds the accessor cell).
fn own_location(v: Value, atom: Atom) -> Option<(u64, bool)> {
    let (i, a) = object::find_own(v, atom)?;
    let sh = object::shape_of(v);
    // A dictionary object's shape says nothing about its properties.
    if sh.dict {
        return None;
    }
    let first = sh.inline_cap as u64 - 1;
    let at = if sh.is_inline(i) {
        (sh.inline_start as u64) + 8 * i as u64
    } else {
        IC_OVERFLOW | (sh.inline_start as u64 + 8 * first) << 32 | (VA_DATA as u64 + 8 * (i as u64 - first))
    };
    Some((at, a & shape::ACCESSOR != 0))
}

/// The value at a location from [`ic_location`].
fn read_cached(v: Value, at: u64) -> u64 {
    if at & IC_OVERFLOW == 0 {
        return v.cell().word(at as i32);
    }
    let arr = Value(v.cell().word(((at >> 32) & 0x7FFF_FFFF) as i32));
    arr.cell().word((at & 0xFFFF_FFFF) as i32)
}

/// Stores `x` (with the barrier) at location `at` of `v`, as [`read_cached`] reads it.
fn write_cached(v: Value, at: u64, x: Value) {
    if at & IC_OVERFLOW == 0 {
        return v.cell().set_field(at as i32, x);
    }
    let arr = Value(v.cell().word(((at >> 32) & 0x7FFF_FFFF) as i32));
    arr.cell().set_field((at & 0xFFFF_FFFF) as i32, x);
}

/// Whether every own property named `atom` of an object of kind `kind`
/// is in its shape (no virtual own property by that name): what lets a
/// shape stand for "has no own `atom`".
fn own_by_shape(kind: u64, atom: Atom) -> bool {
    match kind {
        KIND_OBJECT | KIND_ERROR | KIND_MAP | KIND_SET | KIND_ITERATOR | KIND_WEAKMAP | KIND_WEAKSET | KIND_WEAKREF | KIND_FINREG | KIND_PROMISE
        | KIND_GENERATOR | KIND_ARRAY_BUFFER | KIND_DATA_VIEW | KIND_REGEXP | KIND_REGEXP_ITERATOR | KIND_DATE => true,
        KIND_ARRAY => atom != names::LENGTH && atoms::array_index(atom).is_none(),
        _ => false,
    }
}

/// One entry of the prototype cache: a data property found on the
/// prototype (`depth` 1) or the prototype's prototype (`depth` 2) of an
/// object with shape `shape` and kind `kind`, given the shapes and kinds
/// of the objects on the way.
#[derive(Clone, Copy)]
struct ProtoEntry {
    shape: u64,
    atom: Atom,
    kind: u64,
    depth: u8,
    /// Shapes and kinds of the first and second prototype.
    p1: (u64, u64),
    p2: (u64, u64),
    /// The property's location in the holder (see `ic_location`).
    at: u64,
    /// No object on the chain has the property: the `depth`-th prototype's prototype is null,
    /// and a read is undefined.
    absent: bool,
    /// The property is an accessor: `at` holds its accessor cell, and a read calls the getter
    /// with the receiver.
    accessor: bool,
}

const PROTO_EMPTY: ProtoEntry = ProtoEntry { shape: 0, atom: 0, kind: 0, depth: 0, p1: (0, 0), p2: (0, 0), at: 0, absent: false, accessor: false };
static PROTO_CACHE: perry_gc::JsCell<[ProtoEntry; 512]> = perry_gc::JsCell::new([PROTO_EMPTY; 512]);

/// The entry for a receiver of shape `sh` whose prototype has shape `p1`, reading `atom`. The
/// prototype's shape is part of the key: instances of a class and of a subclass that adds no
/// field share a shape, and would otherwise take turns in one entry.
fn proto_entry(sh: u64, p1: u64, atom: Atom) -> &'static mut ProtoEntry {
    let h = ((sh >> 4) ^ (p1 >> 3) ^ (atom as u64).wrapping_mul(0x9E37_79B9)) as usize & 511;
    // SAFETY: single JS thread.
    unsafe { &mut PROTO_CACHE.get()[h] }
}

/// `v.atom` when it is an inherited data property (a method on a class's or
/// a built-in's prototype) one or two prototypes up, through the prototype
/// cache: an object's shape and kind say which own properties it has (for
/// the kinds of `own_by_shape`) and where its prototype is, so the same
/// shapes and kinds along the chain find the property at the same place,
/// whichever objects they are. `None` on a miss (`proto_fill` then looks).
#[inline]
fn proto_hit(v: Value, atom: Atom) -> Option<u64> {
    let (e, holder) = proto_find(v, atom)?;
    if e.absent {
        return Some(UNDEFINED);
    }
    Some(read_found(v, holder, e.at, e.accessor))
}

/// The cache's entry for `v.atom` and the object holding the property, when the entry still
/// holds for `v` (the shapes and kinds on the way, and for an absent entry the chain's end).
#[inline(always)]
fn proto_find(v: Value, atom: Atom) -> Option<(&'static ProtoEntry, Value)> {
    let sh = object::shape_word(v);
    let p1 = object::proto_of(v);
    let l1 = looks(p1)?;
    let e: &'static ProtoEntry = proto_entry(sh, l1.0, atom);
    if e.shape != sh || e.atom != atom || e.kind != v.kind() || e.p1 != l1 {
        return None;
    }
    let holder = if e.depth == 1 {
        p1
    } else {
        let p2 = object::proto_of(p1);
        if looks(p2) != Some(e.p2) {
            return None;
        }
        p2
    };
    // An absent entry: the shapes say no object on the way has it; the chain must still end there.
    (!e.absent || object::proto_of(holder).is_null()).then_some((e, holder))
}

/// The setter `v.atom = x` runs when `atom` is an accessor one or two prototypes up with a
/// setter (`None`: anything else, which the generic [[Set]] handles).
fn inherited_setter(v: Value, atom: Atom) -> Option<Value> {
    if !v.is_object() {
        return None;
    }
    let (at, holder) = match proto_find(v, atom) {
        Some((e, holder)) => (e.accessor.then_some(e.at)?, holder),
        None => {
            let (e, holder) = proto_fill_entry(v, atom)?;
            (e.accessor.then_some(e.at)?, holder)
        }
    };
    let setter = Value(read_cached(holder, at)).cell().field(16);
    (!setter.is_undefined()).then_some(setter)
}

/// Fills an entry of a private field site (`IC_PRIVATE_WAYS` at `ic`) when `o` has the private
/// name `name` as an own data property (writable, for a store) in an inline slot: the first
/// empty one, else the last.
fn private_fill(o: Value, name: Value, ic: u64, store: bool) {
    if !o.is_object() || o.is_proxy() {
        return;
    }
    let a = symbol::atom_of(name);
    let sh = object::shape_of(o);
    let Some((i, attrs)) = object::find_own(o, a) else { return };
    if sh.dict || !sh.is_inline(i) || attrs & shape::ACCESSOR != 0 || (store && attrs & shape::WRITABLE == 0) {
        return;
    }
    let at = (a as u64) << 32 | (sh.inline_start as u64 + 8 * i as u64);
    // SAFETY: the site's `IC_PRIVATE_WAYS` consecutive entries of the compiler's table (static,
    // aligned); nothing else refers to them during this call.
    let ways = unsafe { core::slice::from_raw_parts_mut(ic as *mut IcEntry, IC_PRIVATE_WAYS as usize) };
    let w = ways.iter().position(|w| w[0] == 0).unwrap_or(ways.len() - 1);
    ways[w] = [object::shape_word(o), at];
}

/// `v.atom` when the prototype cache answers it as an inherited data property or an absent
/// one (undefined), with no code run; `None` otherwise (an own property, an accessor, a proxy,
/// a dictionary object on the way, or not cacheable): then the caller does the generic [[Get]].
/// For the runtime's own reads of well-known inherited properties (`arr[Symbol.iterator]`).
pub fn get_inherited_data(v: Value, atom: Atom) -> Option<Value> {
    if !v.is_object() {
        return None;
    }
    with_proto_entry(v, atom, |e, holder| match (e.absent, e.accessor) {
        (true, _) => Some(Value::UNDEFINED),
        (false, false) => Some(Value(read_cached(holder, e.at))),
        (false, true) => None,
    })
}

/// `f` of the prototype cache's entry for `v.atom` and its holder, found or filled (`None`
/// when the cache cannot answer), without copying a found entry.
#[inline(always)]
fn with_proto_entry<R>(v: Value, atom: Atom, f: impl FnOnce(&ProtoEntry, Value) -> Option<R>) -> Option<R> {
    match proto_find(v, atom) {
        Some((e, holder)) => f(e, holder),
        None => {
            let (e, holder) = proto_fill_entry(v, atom)?;
            f(&e, holder)
        }
    }
}

/// Which inherited properties a site's prototype entries answer.
enum Inherited {
    Data,
    Accessor,
    Any,
}

/// When `v.atom` is an inherited property of the kind `want` one or two prototypes up, found
/// through the prototype cache, and the objects whose prototype word compiled code reads have
/// one (not a plain object's layout): fills the site's prototype entries (`ways` ways of
/// `IC_PROTO_ENTRIES`, after its `own` entries at `ic`) and returns the cache entry and the
/// holder.
fn proto_entries_fill(v: Value, atom: Atom, ic: u64, own: usize, want: Inherited, ways: usize) -> Option<(u64, bool, Value)> {
    if !v.is_object() || object::shape_of(v).is_plain() {
        return None;
    }
    with_proto_entry(v, atom, |e, holder| fill_proto_entries(v, e, holder, ic, own, want, ways))
}

/// [`proto_entries_fill`] given the prototype cache's entry.
fn fill_proto_entries(v: Value, e: &ProtoEntry, holder: Value, ic: u64, own: usize, want: Inherited, ways: usize) -> Option<(u64, bool, Value)> {
    let kind_ok = match want {
        Inherited::Data => !e.accessor,
        Inherited::Accessor => e.accessor,
        Inherited::Any => true,
    };
    if e.absent || !kind_ok || (e.depth == 2 && object::shape_of(object::proto_of(v)).is_plain()) {
        return None;
    }
    let n = IC_PROTO_ENTRIES as usize;
    // SAFETY: the site's `own + ways * IC_PROTO_ENTRIES` consecutive entries of the compiler's
    // table (static, aligned); nothing else refers to them during this call.
    let all = unsafe { core::slice::from_raw_parts_mut((ic as *mut IcEntry).add(own), ways * n) };
    // The way of this receiver shape and first prototype shape, whose other words went stale
    // (the second prototype changed; compiled code takes the first such way), else the first
    // empty way. A site seeing more receivers than it has ways keeps the ones it has and leaves
    // the others to the runtime's cache, but only for so many misses: one-off first receivers
    // do not keep the steady ones out for good (the last way is replaced).
    let way = match (0..ways).find(|&w| all[w * n][0] == e.shape && all[w * n + 1][0] == e.p1.0).or_else(|| (0..ways).find(|&w| all[w * n][0] == 0)) {
        Some(w) => w,
        None => {
            // SAFETY: single JS thread.
            let misses = unsafe { &mut PROTO_SITE_MISSES.get()[(ic >> 4) as usize & 255] };
            *misses = misses.wrapping_add(1);
            if *misses != 0 {
                return Some((e.at, e.accessor, holder));
            }
            ways - 1
        }
    };
    let words = &mut all[way * n..(way + 1) * n];
    words[0] = [e.shape, e.kind];
    words[1] = [e.p1.0, e.p1.1];
    words[2] = [if e.depth == 2 { e.p2.0 } else { 0 }, e.at | if e.accessor { IC_ACCESSOR } else { 0 }];
    Some((e.at, e.accessor, holder))
}

/// Misses of sites whose prototype entries are taken, by site address (a hash): every 256th
/// miss of a site refills its entries.
static PROTO_SITE_MISSES: perry_gc::JsCell<[u8; 256]> = perry_gc::JsCell::new([0; 256]);

/// The value of the property found at `at` in `holder` for receiver `v`: the data there, or
/// what the accessor's getter returns for `v` (undefined without a getter).
#[inline(always)]
fn read_found(v: Value, holder: Value, at: u64, accessor: bool) -> u64 {
    let x = read_cached(holder, at);
    if !accessor {
        return x;
    }
    let getter = Value(x).cell().field(8);
    if getter.is_undefined() { UNDEFINED } else { abi(function::call(getter, v, &[])) }
}

/// The shape and kind of a prototype the cache can pass through.
fn looks(o: Value) -> Option<(u64, u64)> {
    (o.is_object() && !o.is_proxy() && !object::shape_of(o).dict).then(|| (object::shape_word(o), o.kind()))
}

/// Looks `v.atom` up one or two prototypes up and fills the cache's entry when it is an
/// inherited data property or accessor there, or absent; returns the entry and its holder.
fn proto_fill_entry(v: Value, atom: Atom) -> Option<(ProtoEntry, Value)> {
    let sh = object::shape_word(v);
    let kind = v.kind();
    // Only when `v` has no own property by that name (its shape says so).
    if !own_by_shape(kind, atom) || object::shape_of(v).dict || object::find_own(v, atom).is_some() {
        return None;
    }
    let p1 = object::proto_of(v);
    let l1 = looks(p1)?;
    if !own_by_shape(l1.1, atom) {
        return None;
    }
    let (depth, holder, p2) = match own_location(p1, atom) {
        Some(_) => (1, p1, (0, 0)),
        None => {
            if object::find_own(p1, atom).is_some() {
                return None;
            }
            let p2 = object::proto_of(p1);
            if p2.is_null() {
                // Absent: the chain ends at the first prototype.
                let e = ProtoEntry { shape: sh, atom, kind, depth: 1, p1: l1, p2: (0, 0), at: 0, absent: true, accessor: false };
                *proto_entry(sh, l1.0, atom) = e;
                return Some((e, p1));
            }
            let l2 = looks(p2)?;
            if !own_by_shape(l2.1, atom) {
                return None;
            }
            if object::find_own(p2, atom).is_none() && object::proto_of(p2).is_null() {
                let e = ProtoEntry { shape: sh, atom, kind, depth: 2, p1: l1, p2: l2, at: 0, absent: true, accessor: false };
                *proto_entry(sh, l1.0, atom) = e;
                return Some((e, p2));
            }
            (2, p2, l2)
        }
    };
    let (at, accessor) = own_location(holder, atom)?;
    let e = ProtoEntry { shape: sh, atom, kind, depth, p1: l1, p2, at, absent: false, accessor };
    *proto_entry(sh, l1.0, atom) = e;
    Some((e, holder))
}

/// [`proto_hit`] after a miss: looks the property up one or two prototypes up, fills the entry
/// when it is an inherited data property or accessor there (or absent), and reads it.
fn proto_fill(v: Value, atom: Atom) -> Option<u64> {
    let (e, holder) = proto_fill_entry(v, atom)?;
    if e.absent {
        return Some(UNDEFINED);
    }
    Some(read_found(v, holder, e.at, e.accessor))
}

/// The megamorphic property cache entry for (shape, atom): `(shape, atom,
/// location)`, shared by every site whose own entries are all taken.
static MEGA_CACHE: perry_gc::JsCell<[(u64, Atom, u64); 1024]> = perry_gc::JsCell::new([(0, 0, 0); 1024]);
/// Empty entries are zero (no global object has shape word 0), so the table is in `.bss`.
static GLOBAL_CACHE: perry_gc::JsCell<[(Atom, u64, u32); 256]> = perry_gc::JsCell::new([(0, 0, 0); 256]);
/// The shapes of `arguments` objects with many arguments, by count and base shape.
type ArgumentShapes = hashbrown::HashMap<(usize, usize), &'static shape::Shape>;
static ARGUMENT_SHAPES: JsCell<Option<ArgumentShapes>> = JsCell::new(None);

/// The location of an ordinary object's own writable data property by (shape, atom), for keyed
/// stores (`keyed_own_write`); empty entries are zero.
static KEYED_SET_CACHE: perry_gc::JsCell<[(u64, Atom, u64); 256]> = perry_gc::JsCell::new([(0, 0, 0); 256]);

/// An ordinary object (`KIND_OBJECT`, not in dictionary mode) and a string key: the shape word
/// and the key's atom.
#[inline]
fn keyed_ordinary(o: Value, k: Value) -> Option<(u64, Atom)> {
    if !(k.is_string() && o.is_object() && !o.is_proxy() && o.kind() == KIND_OBJECT) || object::shape_of(o).dict {
        return None;
    }
    Some((object::shape_word(o), atoms::intern_value(k)))
}

/// `o[k]` when `k` is a string naming an own data property of ordinary object `o`.
fn keyed_own_read(o: Value, k: Value) -> Option<u64> {
    let (sh, atom) = keyed_ordinary(o, k)?;
    let mega = mega_entry(sh, atom);
    if mega.0 == sh && mega.1 == atom {
        return Some(read_cached(o, mega.2));
    }
    let at = ic_location(o, atom)?;
    *mega = (sh, atom, at);
    Some(read_cached(o, at))
}

/// `o[k] = v` when `k` is a string naming an own writable data property of ordinary object
/// `o` (stored with the barrier); false for anything else.
fn keyed_own_write(o: Value, k: Value, v: Value) -> bool {
    let Some((sh, atom)) = keyed_ordinary(o, k) else { return false };
    // SAFETY: single JS thread; no other borrow of the cache is live.
    let e = unsafe { &mut KEYED_SET_CACHE.get()[shape_atom_hash(sh, atom) & 255] };
    let at = if e.0 == sh && e.1 == atom {
        e.2
    } else {
        let Some(at) = writable_own_location(o, atom) else { return false };
        *e = (sh, atom, at);
        at
    };
    write_cached(o, at, v);
    true
}

/// Where own property `atom` of `o` is, when it is a writable data property an inline cache can
/// hold for stores (as [`ic_location`]; never in a watched object, `crate::watch`, which only
/// the runtime stores into).
fn writable_own_location(o: Value, atom: Atom) -> Option<u64> {
    if !o.is_object() || object::shape_of(o).watched {
        return None;
    }
    match object::find_own(o, atom) {
        Some((_, a)) if a & shape::ACCESSOR == 0 && a & shape::WRITABLE != 0 => ic_location(o, atom),
        _ => None,
    }
}

/// The literal sites whose objects have exactly the fields of a shape, by that shape: when one
/// such object outgrows its inline slots, they all allocate with `LITERAL_SLACK` more. The
/// shapes stay alive while the sites' slots name them (table sweeps keep shapes global slots
/// name); a grown site's old shape leaves the table.
static LITERAL_SITES: perry_gc::JsCell<Option<hashbrown::HashMap<u64, Vec<u64>>>> = perry_gc::JsCell::new(None);

/// Points literal site `site` (the address of its `LITERAL_SITE_SLOTS` module-global slots) at
/// shape `sh`, all of whose properties are in inline slots.
fn set_literal_site(site: u64, sh: &'static crate::shape::Shape) {
    let slots = site as *mut u64;
    // SAFETY: `site` is the address of the site's slots in the module-global table, which lives
    // as long as the program; the words are raw (a shape's address, a size in bytes).
    unsafe {
        *slots.add(LITERAL_SITE_SHAPE as usize) = sh as *const crate::shape::Shape as u64;
        *slots.add(LITERAL_SITE_SIZE as usize) = sh.inline_start as u64 + 8 * sh.inline_cap as u64;
    }
}

/// An object of plain shape `sh`, whose inline slots are all taken, is getting another property
/// (`object::add_property`): the literal sites that make objects of that shape make them with
/// `LITERAL_SLACK` spare inline slots from now on, so that the objects they make next take such
/// properties inline.
pub fn literal_outgrown(sh: &'static crate::shape::Shape) {
    // SAFETY: the JS thread; no other borrow of the table is live (nothing below reaches it).
    let Some(sites) = (unsafe { LITERAL_SITES.get() }).as_mut().and_then(|t| t.remove(&(sh as *const crate::shape::Shape as u64))) else {
        return;
    };
    let mut grown = shape::root(sh.inline_start, sh.inline_cap + LITERAL_SLACK);
    for &k in &sh.keys {
        grown = grown.add(k, shape::DEFAULT);
    }
    for site in sites {
        set_literal_site(site, grown);
    }
}

/// Records in keyed site `site` (the address of its `KEYED_SITE_SLOTS` module-global slots)
/// that objects of shape `sh` have key `k`'s property at location `at`, in `k`'s way.
fn fill_keyed_site(site: u64, sh: u64, k: u64, at: u64) {
    let e = site as *mut u64;
    let w = (keyed_way(k) * KEYED_ENTRY_SLOTS) as usize;
    // SAFETY: `site` is the address of the site's KEYED_SITE_SLOTS module-global slots (compiled
    // code `keyed_site`), which live as long as the program; the key slot is a root (the table of
    // globals), and table sweeps keep the shapes that global slots name.
    unsafe {
        *e.add(w + KEYED_ENTRY_SHAPE as usize) = sh;
        *e.add(w + KEYED_ENTRY_KEY as usize) = k;
        *e.add(w + KEYED_ENTRY_LOCATION as usize) = at;
    }
}

/// The hash of (shape, atom) the caches keyed by both index with (their size a power of two).
fn shape_atom_hash(sh: u64, atom: Atom) -> usize {
    ((sh >> 4) ^ (atom as u64).wrapping_mul(0x9E37_79B9)) as usize
}

fn mega_entry(sh: u64, atom: Atom) -> &'static mut (u64, Atom, u64) {
    // SAFETY: single JS thread.
    unsafe { &mut MEGA_CACHE.get()[shape_atom_hash(sh, atom) & 1023] }
}

/// The global-read cache entry for `atom`: `(atom, global shape, slot)`.
fn global_cache_entry(atom: Atom) -> &'static mut (Atom, u64, u32) {
    // SAFETY: single JS thread.
    unsafe { &mut GLOBAL_CACHE.get()[atom as usize & 255] }
}

/// CopyDataProperties (7.3.25): own enumerable properties of `src` onto `o`.
pub fn copy_data_properties(o: Value, src: Value, excluded: &[Atom]) -> JsResult<()> {
    if src.is_nullish() {
        return Ok(());
    }
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    let hs = scope.root(src.0);
    if src.is_string() {
        let u: Vec<u16> = string::units16(src).to_vec();
        for (i, c) in u.iter().enumerate() {
            let key = atoms::intern(&i.to_string());
            let v = ops::unit_string(*c);
            object::define(Value(ho.get()), key, v, shape::DEFAULT);
        }
        return Ok(());
    }
    if !src.is_js_object() {
        return Ok(());
    }
    // A proxy's ownKeys trap may throw.
    let keys = if src.is_proxy() { crate::proxy::own_keys(src)? } else { object::own_keys(src, false, true) };
    for k in keys {
        if excluded.contains(&k) || !object::try_is_enumerable_own(Value(hs.get()), k)? {
            continue;
        }
        let v = object::get(Value(hs.get()), k)?;
        object::define(Value(ho.get()), k, v, shape::DEFAULT);
    }
    Ok(())
}

// The slow paths of inline fast paths call the `_pa` forms of the functions
// the ABI list flags `preserving(name_pa)` (`PreserveAll`; see
// `perry_gc::preserving_trampoline!`): each is defined here, for the
// function of this module the list names.
macro_rules! preserving_forms {
    (@one $name:ident preserving($pa:ident)) => {
        perry_gc::preserving_trampoline!($pa, $name);
    };
    (@one $name:ident $($flag:tt)*) => {};
    ($( $(#[$attr:meta])* fn $name:ident ( $($arg:ident : $ty:ident),* ) -> $ret:ident $([$($flag:tt)*])? ; )*) => {
        $( preserving_forms!(@one $name $($($flag)*)?); )*
    };
}
perry_abi::foreach_runtime_function!(preserving_forms);

/// After `new C(...)` of a plain-data class `f` made `r`: a base-class
/// constructor is recorded in the site's slots `[ctor, final shape,
/// prototype]`: the final shape is the instance's keys replayed on a root
/// with room for exactly its fields, and compiled code builds the next
/// instances inline with no call. Returns the instance.
fn learn_plain(f: Value, r: u64, site: u64, nfields: u64) -> u64 {
    if r == EXCEPTION {
        return r;
    }
    let scope = HandleScope::new();
    if let Some(p) = base_class_prototype(f) {
        let inst = Value(r);
        if inst.is_cell() && inst.kind() == KIND_OBJECT && object::proto_of(inst) == p {
            let s = object::shape_of(inst);
            if !s.dict && s.len() == nfields as usize && s.attrs.iter().all(|&a| a == shape::DEFAULT) {
                let mut sh = shape::root_for(OBJ_INLINE as u32, (nfields as u32).max(1), s.ctor);
                for &k in &s.keys {
                    sh = sh.add(k, shape::DEFAULT);
                }
                let slots = site as *mut u64;
                // SAFETY: `site` is the address of the site's
                // PLAIN_SITE_SLOTS module-global slots (compiled code
                // `construct_plain`), which live as long as the program.
                unsafe {
                    *slots.add(PLAIN_SITE_CTOR as usize) = f.0;
                    *slots.add(PLAIN_SITE_SHAPE as usize) = sh as *const crate::shape::Shape as u64;
                    *slots.add(PLAIN_SITE_PROTO as usize) = p.0;
                }
                // This first instance is rebuilt with the final shape too,
                // so that every instance of the class has one layout
                // (one entry in each inline cache). Nothing can have
                // seen it: the constructor only stores its arguments.
                let hi = scope.root(inst.0);
                let n = object::new_object_kind(KIND_OBJECT, p, (nfields as u32).max(1));
                let inst = Value(hi.get());
                n.cell().set_word(OBJ_SHAPE, sh as *const crate::shape::Shape as u64);
                for i in 0..nfields as usize {
                    n.cell().set_field(OBJ_INLINE + 8 * i as i32, object::slot_get(inst, i));
                }
                return n.0;
            }
        }
    }
    r
}
