//! Function objects: compiled closures and native (Rust) functions share one
//! layout and one calling convention (see `perry_abi::JS_PARAMS`).
//!
//! A function carries a code pointer, a `FnMeta` pointer (static data emitted by the compiler,
//! or leaked by the runtime for natives), a home object and its captured boxes. Its `name` and
//! `length` are virtual, read from the `FnMeta`, until written or deleted: materializing one
//! sets a header flag (`FLAG_FN_OWN_NAME`, `FLAG_FN_OWN_LENGTH`), after which the shape alone
//! answers, so a deleted one stays gone. Functions with `FNF_GENERATOR` and/or `FNF_ASYNC`
//! inherit from %GeneratorFunction.prototype%, %AsyncFunction.prototype% or
//! %AsyncGeneratorFunction.prototype% ([`alloc_function`]), whose `prototype` is
//! %GeneratorPrototype% / %AsyncGeneratorPrototype% (no GeneratorFunction constructors: they
//! would need eval).
//!
//! The runtime's hot entry points keep a small inline hit path and an `#[inline(never)]` slow
//! path (global reads, [[Get]] with receiver, ToPropertyKey of a string, interning,
//! `function::call`), so the hit path needs no callee-saved registers.

use crate::array;
use crate::atoms::{self, Atom, names};
use crate::error::{self, JsResult};
use crate::object;
use crate::realm::{self, I};
use crate::shape;
use crate::string;
use crate::value::Value;
use perry_abi::*;
use perry_gc::HandleScope;

/// Arguments of a native function, rooted in the handle stack.
pub struct Args {
    base: usize,
    argc: usize,
}

impl Args {
    #[inline]
    pub fn callee(&self) -> Value {
        Value(perry_gc::roots::handle_at(self.base))
    }
    #[inline]
    pub fn this(&self) -> Value {
        Value(perry_gc::roots::handle_at(self.base + 1))
    }
    #[inline]
    pub fn new_target(&self) -> Value {
        Value(perry_gc::roots::handle_at(self.base + 2))
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.argc
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.argc == 0
    }
    /// Argument `i`, or undefined.
    #[inline]
    pub fn get(&self, i: usize) -> Value {
        if i < self.argc { Value(perry_gc::roots::handle_at(self.base + 3 + i)) } else { Value::UNDEFINED }
    }
    /// All arguments (a snapshot: re-read after allocating).
    pub fn to_vec(&self) -> Vec<Value> {
        (0..self.argc).map(|i| self.get(i)).collect()
    }
    /// Capture `i` of the callee (natives created with captures).
    pub fn capture(&self, i: usize) -> Value {
        self.callee().cell().field(FN_CAPS + 8 * i as i32)
    }
}

pub type NativeFn = fn(&Args) -> JsResult;

/// Static metadata of a function; compiled functions get one from the
/// compiler as data (name is a constant index until [`crate::init`] patches it).
#[repr(C)]
pub struct FnMeta {
    pub name: u32,
    pub length: u32,
    pub flags: u32,
    pub ncaps: u32,
    pub native: Option<NativeFn>,
    /// Source text range (byte offsets) in `file` for Function.prototype.toString.
    pub src_start: u32,
    pub src_end: u32,
    pub file: u32,
    /// A class constructor's estimate of its instances' properties (its fields, parameter
    /// properties and `this.x =` assignments, `compiler/src/classes.rs` `instance_slots`):
    /// the inline slots of the object `new` makes, so a singleton with many fields is not left
    /// with most of them out of line. 0: [`INSTANCE_SLOTS`].
    pub slots: u32,
}
const _: () = assert!(core::mem::size_of::<FnMeta>() == FNMETA_SIZE);

unsafe extern "C" {
    fn perry_native_call(callee: u64, this: u64, nt: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64;
}

perry_gc::exit_trampoline!(perry_native_call, native_call_impl);

extern "C" fn native_call_impl(callee: u64, this: u64, nt: u64, argc: u64, a0: u64, a1: u64, a2: u64, a3: u64, rest: u64) -> u64 {
    if crate::stack::exhausted() {
        return error::abi(Err(crate::stack::overflow()));
    }
    let argc = argc as usize;
    // The callee, `this`, new.target and the arguments become consecutive
    // handles (what `Args` reads).
    let regs = [callee, this, nt, a0, a1, a2, a3];
    let base = perry_gc::roots::handles_extend(&regs, 3 + argc.min(JS_REG_ARGS));
    if argc > JS_REG_ARGS {
        push_rest(rest, argc);
    }
    let meta = meta_of(Value(callee));
    let f = meta.native.expect("native function without code");
    let r = f(&Args { base, argc });
    perry_gc::roots::handles_truncate(base);
    error::abi(r)
}

/// The arguments past the registers, from the caller's rest array.
#[inline(never)]
fn push_rest(rest: u64, argc: usize) {
    for i in JS_REG_ARGS..argc {
        perry_gc::roots::handles_push(array::va_get(Value(rest), i - JS_REG_ARGS).0);
    }
}

#[inline]
pub fn meta_of(f: Value) -> &'static FnMeta {
    // SAFETY: `f` is a function (callers test `is_function` or made it; the
    // call path, so no second tag test) whose `FN_META` word the compiler or
    // `alloc_function` set to a `FnMeta` in the executable's data or leaked
    // by `native_meta`: 'static either way.
    unsafe { &*(f.cell_unchecked().word(FN_META) as *const FnMeta) }
}

/// Allocates a function cell for `meta` with `code`; captures are undefined.
pub fn alloc_function(meta: &'static FnMeta, code: u64) -> Value {
    alloc_function_with_slots(meta, code, 0)
}

/// [`alloc_function`] with room for `slots` inline properties (a built-in constructor's
/// static methods: read through inline caches, an inline slot is one load).
pub fn alloc_function_with_slots(meta: &'static FnMeta, code: u64, slots: u32) -> Value {
    let ncaps = meta.ncaps;
    // Generator, async and async generator functions inherit from their own
    // intrinsic prototypes (27.3.3, 27.7.3, 27.4.3), which inherit from
    // %Function.prototype%.
    let proto = match meta.flags & (FNF_GENERATOR | FNF_ASYNC) {
        0 => I::FunctionProto,
        FNF_GENERATOR => I::GeneratorFunctionProto,
        FNF_ASYNC => I::AsyncFunctionProto,
        _ => I::AsyncGeneratorFunctionProto,
    };
    let proto = if realm::get(proto).is_object() { realm::get(proto) } else { realm::get(I::FunctionProto) };
    let f = object::alloc_object(KIND_FUNCTION, (FN_CAPS - OBJ_INLINE) as u32 + ncaps * 8, slots, proto);
    f.cell().set_word(FN_CODE, code);
    f.cell().set_word(FN_META, meta as *const FnMeta as u64);
    f.cell().set_field(FN_HOME, Value::UNDEFINED);
    if meta.flags & (FNF_CONSTRUCTOR | FNF_CLASS_CTOR) != 0 {
        f.cell().set_header_flag(FLAG_CONSTRUCTOR);
    }
    f
}

/// A native function object.
pub fn new_native(name: &str, length: u32, f: NativeFn) -> Value {
    new_native_caps(name, length, f, 0, 0)
}

/// A native function with `ncaps` capture slots and extra `FNF_*` flags.
pub fn new_native_caps(name: &str, length: u32, f: NativeFn, ncaps: u32, flags: u32) -> Value {
    // Closures the runtime makes per call (resolving functions, combinator
    // elements) are anonymous: no interning on that path.
    let name = if name.is_empty() { names::EMPTY } else { atoms::intern(name) };
    alloc_function(native_meta(name, length, f, ncaps, flags), perry_native_call as *const () as u64)
}

/// A built-in constructor: a native function with room for `slots` inline properties.
pub fn new_native_constructor(name: &str, length: u32, f: NativeFn, slots: u32) -> Value {
    let name = atoms::intern(name);
    alloc_function_with_slots(native_meta(name, length, f, 0, FNF_CONSTRUCTOR), perry_native_call as *const () as u64, slots)
}

/// The metadata of native functions made at run time (promise resolving
/// functions, combinator elements, ...): one per distinct signature, made
/// once, so making such functions in a loop does not grow the process.
fn native_meta(name: Atom, length: u32, f: NativeFn, ncaps: u32, flags: u32) -> &'static FnMeta {
    type Key = (Atom, u32, usize, u32, u32);
    static METAS: perry_gc::JsCell<Option<hashbrown::HashMap<Key, &'static FnMeta>>> = perry_gc::JsCell::new(None);
    // SAFETY: the metadata table belongs to the JS thread, and the closure below (a leak of a new
    // `FnMeta`) does not reach it again.
    let metas = unsafe { METAS.get() }.get_or_insert_with(hashbrown::HashMap::new);
    metas.entry((name, length, f as usize, ncaps, flags)).or_insert_with(|| {
        // The metadata outlives every table sweep, and so must its name.
        atoms::pin(name);
        Box::leak(Box::new(FnMeta { name, length, flags, ncaps, native: Some(f), src_start: 0, src_end: 0, file: u32::MAX, slots: 0 }))
    })
}

/// Own properties every function has without storing them: `name`, `length`
/// and, for constructors, a lazily created `prototype`.
pub fn virtual_own(f: Value, key: Atom) -> Option<object::Prop> {
    let m = meta_of(f);
    let own = f.cell().header_flags();
    if key == names::NAME && own & FLAG_FN_OWN_NAME == 0 {
        return Some(object::Prop::Data(atoms::value(m.name), shape::CONFIGURABLE));
    }
    if key == names::LENGTH && own & FLAG_FN_OWN_LENGTH == 0 {
        return Some(object::Prop::Data(Value::int(m.length as i64), shape::CONFIGURABLE));
    }
    if key == names::PROTOTYPE && m.flags & (FNF_CONSTRUCTOR | FNF_GENERATOR) != 0 && m.native.is_none() {
        // Creating the prototype allocates: keep `f` rooted.
        let scope = HandleScope::new();
        let hf = scope.root(f.0);
        materialize_virtual(f, key);
        let f = Value(hf.get());
        return object::find_own(f, key).map(|(i, a)| object::Prop::Data(object::slot_get(f, i), a));
    }
    None
}

pub fn virtual_keys(f: Value) -> Vec<Atom> {
    let m = meta_of(f);
    let own = f.cell().header_flags();
    let mut v = Vec::with_capacity(3);
    if own & FLAG_FN_OWN_LENGTH == 0 {
        v.push(names::LENGTH);
    }
    if own & FLAG_FN_OWN_NAME == 0 {
        v.push(names::NAME);
    }
    if m.flags & (FNF_CONSTRUCTOR | FNF_GENERATOR) != 0 && m.native.is_none() {
        v.push(names::PROTOTYPE);
    }
    v
}

/// Turns a virtual property into a real one (before it is written or
/// deleted). Returns whether `key` was virtual.
pub fn materialize_virtual(f: Value, key: Atom) -> bool {
    if object::find_own(f, key).is_some() {
        return false;
    }
    let m = meta_of(f);
    let own = f.cell().header_flags();
    if key == names::NAME && own & FLAG_FN_OWN_NAME == 0 {
        // Before the allocation: a collection copies the header with `f`.
        f.cell().set_header_flag(FLAG_FN_OWN_NAME);
        object::add_property(f, key, atoms::value(m.name), shape::CONFIGURABLE);
        return true;
    }
    if key == names::LENGTH && own & FLAG_FN_OWN_LENGTH == 0 {
        // Before the allocation: a collection copies the header with `f`.
        f.cell().set_header_flag(FLAG_FN_OWN_LENGTH);
        object::add_property(f, key, Value::int(m.length as i64), shape::CONFIGURABLE);
        return true;
    }
    if key == names::PROTOTYPE && m.flags & FNF_GENERATOR != 0 && m.native.is_none() {
        // A generator function's prototype: inherits %GeneratorPrototype%
        // (%AsyncGeneratorPrototype%), no `constructor`.
        let scope = HandleScope::new();
        let hf = scope.root(f.0);
        let proto = if m.flags & FNF_ASYNC != 0 { crate::realm::I::AsyncGeneratorProto } else { crate::realm::I::GeneratorProto };
        let p = object::new_object_kind(KIND_OBJECT, crate::realm::get(proto), 1);
        object::add_property(Value(hf.get()), names::PROTOTYPE, p, shape::WRITABLE);
        return true;
    }
    if key == names::PROTOTYPE && m.flags & FNF_CONSTRUCTOR != 0 && m.native.is_none() {
        let scope = HandleScope::new();
        let hf = scope.root(f.0);
        let p = object::new_plain(4);
        let hp = scope.root(p.0);
        object::define_hidden(Value(hp.get()), names::CONSTRUCTOR, Value(hf.get()));
        object::add_property(Value(hf.get()), names::PROTOTYPE, Value(hp.get()), shape::WRITABLE);
        return true;
    }
    false
}

/// Calls `f` with `this` and `args` from Rust.
pub fn call(f: Value, this: Value, args: &[Value]) -> JsResult {
    call_nt(f, this, Value::UNDEFINED, args)
}

#[inline]
fn call_nt(f: Value, this: Value, nt: Value, args: &[Value]) -> JsResult {
    // Fast path: a function with its arguments in registers.
    if args.len() <= JS_REG_ARGS && f.is_cell() && f.kind() == KIND_FUNCTION {
        let mut block = [f.0, this.0, nt.0, args.len() as u64, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED];
        for (i, a) in args.iter().enumerate() {
            block[4 + i] = a.0;
        }
        return error::from_abi(perry_gc::frames::enter(f.cell().word(FN_CODE), &block));
    }
    call_nt_slow(f, this, nt, args)
}

#[inline(never)]
fn call_nt_slow(f: Value, this: Value, nt: Value, args: &[Value]) -> JsResult {
    if crate::proxy::is_proxy(f) {
        return crate::proxy::call(f, this, args);
    }
    if !f.is_cell() || f.kind() != KIND_FUNCTION {
        return Err(error::type_error(&format!("{} is not a function", crate::ops::inspect_brief(f))));
    }
    let mut block = [f.0, this.0, nt.0, args.len() as u64, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED];
    for (i, a) in args.iter().take(JS_REG_ARGS).enumerate() {
        block[4 + i] = a.0;
    }
    if args.len() > JS_REG_ARGS {
        let scope = HandleScope::new();
        let hs: Vec<_> = block.iter().map(|&w| scope.root(w)).collect();
        let extra: Vec<_> = args[JS_REG_ARGS..].iter().map(|v| scope.root(v.0)).collect();
        let rest = array::va_alloc(extra.len());
        for (i, h) in extra.iter().enumerate() {
            array::va_set(rest, i, Value(h.get()));
        }
        for (i, h) in hs.iter().enumerate() {
            block[i] = h.get();
        }
        block[8] = rest.0;
    }
    let code = Value(block[0]).cell().word(FN_CODE);
    error::from_abi(perry_gc::frames::enter(code, &block))
}

pub fn is_constructor(f: Value) -> bool {
    f.is_cell() && f.kind() == KIND_FUNCTION && f.cell().header_flags() & FLAG_CONSTRUCTOR != 0
}

/// [[Construct]]: `new f(...args)` with `new_target`.
pub fn construct(f: Value, args: &[Value], new_target: Value) -> JsResult {
    if crate::proxy::is_proxy(f) {
        return crate::proxy::construct(f, args, new_target);
    }
    if !is_constructor(f) {
        return Err(error::type_error(&format!("{} is not a constructor", crate::ops::inspect_brief(f))));
    }
    let m = meta_of(f);
    if m.native.is_some() || m.flags & FNF_DERIVED != 0 {
        return call_nt(f, Value::HOLE, new_target, args);
    }
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    let hargs: Vec<_> = args.iter().map(|v| scope.root(v.0)).collect();
    let hnt = scope.root(new_target.0);
    let this = create_this(Value(hf.get()), Value(hnt.get()))?;
    let ht = scope.root(this.0);
    let args: Vec<Value> = hargs.iter().map(|h| Value(h.get())).collect();
    let r = call_nt(Value(hf.get()), this, Value(hnt.get()), &args)?;
    if r.is_js_object() { Ok(r) } else { Ok(Value(ht.get())) }
}

/// `new f(...)` for a compiled base-class constructor or function, with the
/// arguments still in registers (`[argc, a0..a3, rest]`): no argument vector
/// is built. `None` when `f` needs the general path.
pub fn construct_compiled(f: Value, regs: [u64; 6]) -> Option<u64> {
    if !is_constructor(f) {
        return None;
    }
    let m = meta_of(f);
    if m.native.is_some() || m.flags & FNF_DERIVED != 0 {
        return None;
    }
    let scope = HandleScope::new();
    let hf = scope.root(f.0);
    // Only the arguments (and `rest`) need rooting; argc is a raw count.
    let n = (regs[0] as usize).min(JS_REG_ARGS);
    let first = scope.root(regs[5]);
    for &a in &regs[1..=n] {
        scope.root(a);
    }
    let this = match create_this(Value(hf.get()), Value(hf.get())) {
        Ok(t) => t,
        Err(_) => return Some(EXCEPTION),
    };
    let ht = scope.root(this.0);
    let f = Value(hf.get());
    let mut block = [f.0, this.0, f.0, regs[0], UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, first.get()];
    for i in 0..n {
        block[4 + i] = perry_gc::roots::handle_at(first.index() + 1 + i);
    }
    let res = perry_gc::frames::enter(f.cell().word(FN_CODE), &block);
    if res == EXCEPTION {
        return Some(EXCEPTION);
    }
    Some(if Value(res).is_js_object() { res } else { ht.get() })
}

/// A new ordinary object whose prototype is `new_target.prototype`
/// (or the intrinsic `fallback` when that is not an object).
pub fn ordinary_create_from_constructor(new_target: Value, fallback: I) -> JsResult {
    // The estimate is 'static metadata: read before the `prototype` read, which may run code.
    let slots = if new_target.is_object() && new_target.kind() == KIND_FUNCTION {
        meta_of(new_target).slots.clamp(INSTANCE_SLOTS, MAX_INSTANCE_SLOTS)
    } else {
        INSTANCE_SLOTS
    };
    let p = if new_target.is_js_object() { object::get(new_target, names::PROTOTYPE)? } else { Value::UNDEFINED };
    let proto = if p.is_js_object() { p } else { realm::get(fallback) };
    Ok(object::new_object_kind(KIND_OBJECT, proto, slots))
}

/// The most inline slots a constructor's estimate gives its instances.
pub const MAX_INSTANCE_SLOTS: u32 = 16;

/// The `this` of `new f()` with `new_target` (OrdinaryCreateFromConstructor).
/// When `f` is `new_target` and nothing on the new object's prototype chain is
/// named `constructor` (`F.prototype = Object.create(null)`), the object's
/// shape records `f`'s name, which Node prints it by (`F <[Object: null
/// prototype] {}> {}`).
fn create_this(f: Value, new_target: Value) -> JsResult {
    // The metadata is 'static: read before anything allocates.
    let meta = if f == new_target { Some(meta_of(f)) } else { None };
    let o = ordinary_create_from_constructor(new_target, I::ObjectProto)?;
    let Some(meta) = meta else { return Ok(o) };
    let scope = HandleScope::new();
    let ho = scope.root(o.0);
    if has_constructor_on_chain(object::proto_of(o)) {
        return Ok(Value(ho.get()));
    }
    let o = Value(ho.get());
    if let Some(name) = shape::ctor_name(&atoms::to_rust(meta.name)) {
        let sh = object::shape_of(o);
        let root = shape::root_for(sh.inline_start, sh.inline_cap, Some(name));
        o.cell().set_word(OBJ_SHAPE, root as *const shape::Shape as u64);
    }
    Ok(o)
}

/// Whether some object on the chain from `p` has an own `constructor` (a proxy on it counts as
/// one: its traps are not run here). Runs no code.
fn has_constructor_on_chain(mut p: Value) -> bool {
    while p.is_js_object() {
        if crate::proxy::is_proxy(p) || object::get_own_property(p, names::CONSTRUCTOR).is_some() {
            return true;
        }
        p = object::proto_of(p);
    }
    false
}

/// Inline slots of an ordinary object a constructor creates; compiled `new`
/// sites allocate the same layout inline.
pub const INSTANCE_SLOTS: u32 = 4;

/// The prototype for an object a native constructor creates.
pub fn proto_from_new_target(new_target: Value, fallback: I) -> JsResult {
    let p = if new_target.is_js_object() { object::get(new_target, names::PROTOTYPE)? } else { Value::UNDEFINED };
    Ok(if p.is_js_object() { p } else { realm::get(fallback) })
}

/// The name a function prints with (`name` own property or metadata).
pub fn name_of(f: Value) -> String {
    if let Some(object::Prop::Data(v, _)) = object::get_own_property(f, names::NAME)
        && v.is_string()
    {
        return string::to_rust(v);
    }
    String::new()
}
