//! The contract between compiled code and the runtime: value tags, heap object
//! layout and the names of the functions and data the runtime exports.
//!
//! The compiler and the runtime both read these constants; neither copies a
//! number. Changing anything here changes the ABI of every executable.
//!
//! # Values
//!
//! A value is a NaN-boxed `u64`:
//!
//! ```text
//!  63      48 47                                             0
//! +----------+------------------------------------------------+
//! |  < FFF9  |  any IEEE-754 double (NaNs canonicalised)      |  number
//! |   FFF9   |  0                                             |  undefined
//! |   FFFA   |  0                                             |  null
//! |   FFFB   |  0 or 1                                        |  boolean
//! |   FFFC   |  48-bit address of a heap cell (not a string)  |  object, function, symbol, box...
//! |   FFFD   |  48-bit address of a string cell               |  string
//! |   FFFE   |  16-bit proxy id (payload < PROXY_IDS)         |  proxy
//! |   FFFF   |  0 = exception sentinel, 1 = hole (TDZ/array)  |  internal, never user-visible
//! +----------+------------------------------------------------+
//! ```
//!
//! Every tagged value is `>= MIN_TAGGED`, so "is a number" is one unsigned
//! compare. Raw integers and raw pointers below 2^48 stored in a traced heap
//! word read as doubles and are ignored by the collector: that is what lets
//! objects carry shape and code pointers in ordinary words.
//!
//! # The ABI lists
//!
//! Everything compiled code and the runtime refer to by symbol is declared
//! once here, in a macro list in the manner of Wasmtime's
//! `foreach_builtin_function!`: the list macro calls a macro it is given
//! with every entry, and each side expands it into what it needs, so the
//! two cannot disagree.
//!
//! - [`foreach_runtime_function!`]: every function compiled code calls, as
//!   `fn name(param: Type, ...) -> Type [flags];` over the closed set of
//!   [`AbiType`]s (`Value`, `F64`, `Ptr`; `Void`, no result). The flags say
//!   whether the function has a register-preserving `_pa` form
//!   (`preserving(name_pa)`) and whether it is itself called with the
//!   `PreserveAll` convention (`preserve_all`). Expanded here into the
//!   [`Rt`] enum (one variant per function: the compiler names every call
//!   by one, so a misspelled name does not compile) with its signatures
//!   ([`Rt::info`], [`RUNTIME_FUNCTIONS`]), from which the compiler declares
//!   its imports and nothing else; and into [`sig`], each function's Rust
//!   type, which every definition (the runtime's `export!` functions,
//!   `perry_runtime::abi_export!` in the runtime and the stdlib, the leaves)
//!   is assigned to in a `const _` (a wrong name, arity or type does not
//!   compile; the constant emits nothing, so the functions, their exit
//!   trampolines and their `_pa` forms are what they were). The runtime
//!   expands it into the `_pa` trampolines. The compiler's
//!   `runtime_library_defines_the_lists` test checks that the runtime
//!   library defines every symbol of the lists.
//! - [`foreach_data_symbol!`]: the data the compiled object emits and the
//!   runtime reads at start-up (constants, globals, stack maps, function
//!   metadata, the source map, the built-in and extension tables) and the
//!   runtime's words compiled code reads (stack limit, nursery bounds,
//!   write-barrier filter, the inline-cache roots). Expanded here into the
//!   `SYM_*` name constants the compiler uses, and in `perry-rtlib` into its
//!   `extern` statics and the checks that each runtime word is defined with
//!   its type.
//! - [`foreach_builtin_family!`] and [`foreach_extension!`]: the install
//!   functions the compiled object's tables point to
//!   ([`BUILTIN_FAMILIES`], [`BUILTIN_INSTALLS`], [`EXTENSIONS`]).
//!
//! The layouts both sides read in those tables and in inline-cache and
//! `new` sites are the constants below (`IC_*`, `CTOR_SITE_*`,
//! `PLAIN_SITE_*`, `STACKMAP_RECORD_SIZE`, `FNMETA_SIZE`).
//!
//! # Raw words and cells
//!
//! Strings have a tag of their own (`TAG_STRING`), so a string test needs no
//! memory access; a proxy is `TAG_PROXY` plus a 16-bit registry id, not a cell.
//!
//! Raw words in cells (code pointers, shape pointers, lengths) stay below 2^48,
//! so they read as doubles: the collector and the barrier filter ignore them.
//! That is how cells carry shape pointers, code pointers and lengths in
//! ordinary words (kept by the compile-time assert `NAN < MIN_TAGGED` and the
//! test `tags_sit_above_every_double`). Raw data that could look like a tagged
//! value lives in `KIND_BYTES` cells (the Map/Set index is one),
//! `KIND_BUFFER_STORE` cells (ArrayBuffer bytes, including a resizable buffer's
//! unused capacity) or `KIND_BIGINT` cells (limbs).
//!
//! Every cell starts with an 8-byte header: size (bytes), kind, flags, identity
//! hash. Kinds below `KIND_FIRST_OBJECT` are internal (string, box, value
//! array, symbol, accessor pair, BigInt); kinds from it up share the ordinary
//! object layout (runtime `object.rs`).

#![no_std]

extern crate alloc;

mod functions;
pub mod regexp_source;
mod symbols;

pub use functions::*;
pub use symbols::*;

pub const TAG_SHIFT: u64 = 48;
pub const PAYLOAD_MASK: u64 = (1 << 48) - 1;

pub const TAG_UNDEFINED: u64 = 0xFFF9;
pub const TAG_NULL: u64 = 0xFFFA;
pub const TAG_BOOL: u64 = 0xFFFB;
pub const TAG_OBJECT: u64 = 0xFFFC;
pub const TAG_STRING: u64 = 0xFFFD;
pub const TAG_PROXY: u64 = 0xFFFE;
/// The proxy id band: a proxy is `TAG_PROXY << TAG_SHIFT | (PERRY_PROXY_BASE + id)`
/// with `id < PROXY_IDS`, an index into the thread's proxy registry
/// (`perry_runtime::binding::proxies`). Never a heap address (`is_heap_tag` is false).
pub const PROXY_IDS: u64 = 1 << 16;

/// The payload of proxy id 0: the collector sets it to the nursery's first
/// address (`perry_gc::barrier::init`), so the write barrier's filter (a
/// payload inside the nursery) also logs every store of a proxy value into
/// an old cell, and a minor collection finds the young proxies old cells
/// hold on the dirty cards. Set once, before the first proxy is made.
#[unsafe(no_mangle)]
pub static mut PERRY_PROXY_BASE: u64 = 0;

#[inline(always)]
fn proxy_base() -> u64 {
    // SAFETY: a plain read of a static written once at start-up, before any proxy exists.
    unsafe { PERRY_PROXY_BASE }
}

/// The proxy with registry id `id`.
#[inline]
pub fn proxy_value(id: u16) -> u64 {
    (TAG_PROXY << TAG_SHIFT) | (proxy_base() + id as u64)
}

/// The registry id of `v` when it is a value of the proxy band: the tag and
/// a payload `PROXY_IDS` wide from `PERRY_PROXY_BASE`, nothing else.
#[inline]
pub fn proxy_id(v: u64) -> Option<u16> {
    let id = (v & PAYLOAD_MASK).wrapping_sub(proxy_base());
    if v >> TAG_SHIFT == TAG_PROXY && id < PROXY_IDS { Some(id as u16) } else { None }
}
pub const TAG_SPECIAL: u64 = 0xFFFF;

pub const MIN_TAGGED: u64 = TAG_UNDEFINED << TAG_SHIFT;
pub const UNDEFINED: u64 = TAG_UNDEFINED << TAG_SHIFT;
pub const NULL: u64 = TAG_NULL << TAG_SHIFT;
pub const FALSE: u64 = TAG_BOOL << TAG_SHIFT;
pub const TRUE: u64 = (TAG_BOOL << TAG_SHIFT) | 1;
/// Returned by any call that threw; the thrown value is in the runtime's
/// pending-exception slot.
pub const EXCEPTION: u64 = TAG_SPECIAL << TAG_SHIFT;
/// An uninitialised `let`/`const` binding (TDZ) or an array hole.
pub const HOLE: u64 = (TAG_SPECIAL << TAG_SHIFT) | 1;
/// The canonical NaN.
pub const NAN: u64 = 0x7FF8_0000_0000_0000;

/// Tags at or above this one carry a heap address in their payload.
pub const fn is_heap_tag(tag: u64) -> bool {
    tag == TAG_OBJECT || tag == TAG_STRING
}

// ---------------------------------------------------------------------------
// Heap cells
//
// Every cell starts with an 8-byte header:
//
//   bits  0..32  size of the cell in bytes (a multiple of 8, at least 16)
//   bits 32..40  kind (KIND_*)
//   bits 40..48  flags (FLAG_*)
//   bits 48..64  identity hash (objects) / reserved
//
// Cells of a traced kind are scanned word by word from offset 8 to `size`:
// every word whose tag is a heap tag is a pointer. Flat strings are not scanned; ropes are.
// ---------------------------------------------------------------------------

pub const HEADER_SIZE: u64 = 8;
pub const HDR_KIND_SHIFT: u64 = 32;
pub const HDR_FLAGS_SHIFT: u64 = 40;
pub const HDR_HASH_SHIFT: u64 = 48;

/// Set on a from-space cell that has been copied; word 1 holds the new address.
pub const FLAG_FORWARDED: u64 = 1;
/// `Object.preventExtensions` and friends.
pub const FLAG_NONEXTENSIBLE: u64 = 2;
/// Class constructors and functions that may be called with `new`.
pub const FLAG_CONSTRUCTOR: u64 = 4;
/// Arrays: every element is non-configurable (`Object.seal`/`Object.freeze`).
pub const FLAG_SEALED_ELEMENTS: u64 = 8;
/// Arrays: every element and `length` are also non-writable (`Object.freeze`).
pub const FLAG_FROZEN_ELEMENTS: u64 = 16;
/// Functions (the array bits above): `name` is an own property in the
/// shape, or was deleted; the virtual one (`function::virtual_own`) no
/// longer answers.
pub const FLAG_FN_OWN_NAME: u64 = 8;
/// Functions: the same for `length`.
pub const FLAG_FN_OWN_LENGTH: u64 = 16;
/// Set by a full collection's mark phase on every reached old cell; cleared
/// by the sweep, so it is never set between collections.
pub const FLAG_MARK: u64 = 32;
/// Two flag bits count the minor collections a nursery cell has survived.
pub const FLAG_AGE_SHIFT: u64 = 6;
pub const FLAG_AGE_MASK: u64 = 3;

/// A flat two-byte string: UTF-16 code units (the layout `STR_*` below).
/// Made only for content with a unit above 0xFF where the maker can tell.
pub const KIND_STRING: u64 = 0;
pub const KIND_BOX: u64 = 1;
pub const KIND_VALARRAY: u64 = 2;
pub const KIND_SYMBOL: u64 = 3;
pub const KIND_ACCESSOR: u64 = 4;
/// Raw bytes, never scanned.
pub const KIND_BYTES: u64 = 5;
/// Value-array layout holding `[key, value]` pairs with ephemeron semantics
/// (WeakMap/WeakSet storage): a full collection keeps a value only while its
/// key is reachable and clears dead pairs to `[HOLE, undefined]`. Minor
/// collections trace it like any value array.
pub const KIND_EPHEMERONS: u64 = 6;
/// `header | target`: a weak reference (WeakRef). A full collection replaces
/// an unreachable target with `undefined`.
pub const KIND_WEAK_CELL: u64 = 7;
/// FinalizationRegistry cells: `header | len | registry | [target, held, token]...`.
/// `target` and `token` are weak, `held` and `registry` strong. A full
/// collection replaces a dead target with `undefined` and queues the table
/// for cleanup (`perry_runtime::binding::finreg`); a dead token becomes `undefined`.
pub const KIND_FINREG_CELLS: u64 = 8;
/// The bytes of an ArrayBuffer (and of the typed arrays that view it):
/// `header | byte length (raw) | bytes...`. Never scanned: the payload is
/// data, whatever it looks like (see [`kind_is_traced`]). Its size is the
/// header's, like every cell's; the exact byte length is word `STORE_LEN`.
pub const KIND_BUFFER_STORE: u64 = 9;
/// A BigInt (ECMAScript 6.1.6.2), immutable: `header | BI_META | u64
/// magnitude limbs, least significant first`. `BI_META` is raw: `limb
/// count << 2 | 2 | negative`; bit 1 keeps it from ever being 0, the empty
/// inline-cache entry, as it sits where objects keep their shape. Zero has
/// no limbs and is never negative; the top
/// limb is never zero. Never scanned: the limbs are data (see
/// [`kind_is_traced`]). A BigInt is a `TAG_OBJECT` value but not an object
/// (its kind is below `KIND_FIRST_OBJECT`).
pub const KIND_BIGINT: u64 = 10;
/// A flat one-byte string: Latin-1 code units, one byte each (the `STR_*`
/// layout with `u8` units). Untraced.
pub const KIND_STRING_ONE_BYTE: u64 = 11;
/// A rope: the concatenation of two strings, `header | ROPE_META | left |
/// right` (`ROPE_*` below). Traced (its meta word is raw, below 2^48). Once
/// flattened, `left` is the flat string of its units and `right` is raw 0.
/// Every string kind keeps its length in the low 32 bits of word 1
/// (`STR_LEN`), so compiled code reads any string's length inline.
pub const KIND_ROPE: u64 = 12;
/// A slice: the units `[offset, offset + len)` of a flat string, `header |
/// SLICE_META | parent | offset` (`SLICE_*` below). Traced (its meta and
/// offset words are raw, below 2^48). The parent is always a flat string
/// (one-byte or two-byte), never a rope or another slice, and the slice has
/// its width.
pub const KIND_SLICE: u64 = 13;
// Compiled code tells a string's cell by one compare: below `KIND_ROPE` is flat.
const _: () = assert!(KIND_STRING < KIND_ROPE && KIND_STRING_ONE_BYTE < KIND_ROPE && KIND_SLICE > KIND_ROPE);
/// First kind with the ordinary object layout (shape, proto, overflow).
pub const KIND_FIRST_OBJECT: u64 = 16;
pub const KIND_OBJECT: u64 = 16;
pub const KIND_ARRAY: u64 = 17;
pub const KIND_FUNCTION: u64 = 18;
pub const KIND_ERROR: u64 = 19;
pub const KIND_MAP: u64 = 20;
pub const KIND_SET: u64 = 21;
pub const KIND_ARGUMENTS: u64 = 22;
pub const KIND_PRIMITIVE_WRAPPER: u64 = 23;
pub const KIND_ITERATOR: u64 = 24;
pub const KIND_BOUND_FUNCTION: u64 = 25;
/// `import * as ns`: slots hold global-slot indices; reads see live bindings.
pub const KIND_MODULE_NS: u64 = 26;
/// WeakMap / WeakSet: the Map/Set layout with `KIND_EPHEMERONS` entries.
pub const KIND_WEAKMAP: u64 = 27;
pub const KIND_WEAKSET: u64 = 28;
/// WeakRef: one extra word holding a `KIND_WEAK_CELL`.
pub const KIND_WEAKREF: u64 = 29;
/// FinalizationRegistry: extra words: cleanup callback, `KIND_FINREG_CELLS` table.
pub const KIND_FINREG: u64 = 30;
/// Promise: extra words: state, result, reactions, handled (stdlib `promise.rs`).
pub const KIND_PROMISE: u64 = 31;
/// A generator object: extra words `GEN_FRAME` (a value array holding every
/// variable of the suspended activation), `GEN_STATE` (the suspension point
/// as a number, or `GEN_RUNNING`/`GEN_DONE`) and `GEN_FN` (its function).
pub const KIND_GENERATOR: u64 = 32;
pub const GEN_FRAME: i32 = OBJ_INLINE;
pub const GEN_STATE: i32 = OBJ_INLINE + 8;
pub const GEN_FN: i32 = OBJ_INLINE + 16;
/// An async function's activation: the promise it settles. An async
/// generator's: its request queue (an array of `[mode, value, promise]`
/// triples, oldest first).
pub const GEN_PROMISE: i32 = OBJ_INLINE + 24;
/// An async generator's state (27.6): one of the `AG_*` numbers. Its code
/// stores `AG_SUSPENDED_YIELD` at a `yield` (an `await` leaves it executing),
/// which is how the driver tells the two suspensions apart.
pub const GEN_AGSTATE: i32 = OBJ_INLINE + 32;
pub const GEN_EXTRA: u32 = 40;
pub const AG_SUSPENDED_START: i64 = 0;
pub const AG_SUSPENDED_YIELD: i64 = 1;
pub const AG_EXECUTING: i64 = 2;
pub const AG_AWAITING_RETURN: i64 = 3;
pub const AG_COMPLETED: i64 = 4;
/// `GEN_STATE` holds the raw integer `state + GEN_STATE_BIAS` (a number to
/// the collector): a suspension point `k >= 0`, `GEN_RUNNING` or `GEN_DONE`.
pub const GEN_STATE_BIAS: i64 = 2;
pub const GEN_RUNNING: i64 = -1;
pub const GEN_DONE: i64 = -2;
/// Or'ed into `perry_gen_new`'s cell count for an async function, whose
/// activation object JavaScript never sees (no `prototype` lookup).
pub const GEN_NEW_HIDDEN: u64 = 1 << 32;
/// Resumption modes compiled code receives in the second argument.
pub const GEN_NEXT: u64 = 0;
pub const GEN_THROW: u64 = 1;
pub const GEN_RETURN: u64 = 2;

/// ArrayBuffer (ECMAScript 25.1): extra words `AB_STORE`, its
/// `KIND_BUFFER_STORE` cell (the current byte length is the store's), and
/// `AB_MAX`, raw: 0 for a fixed-length buffer, `maxByteLength + 1` for a
/// resizable one (whose store was allocated with `maxByteLength` bytes of
/// capacity, so resizing only changes the store's length word).
pub const KIND_ARRAY_BUFFER: u64 = 33;
pub const AB_STORE: i32 = OBJ_INLINE;
pub const AB_MAX: i32 = OBJ_INLINE + 8;
pub const AB_EXTRA: u32 = 16;
/// A typed array (ECMAScript 23.2, every element type), an integer-indexed
/// exotic object: extra words `TA_STORE` (the viewed `KIND_BUFFER_STORE`
/// cell, so element access needs no trip through the ArrayBuffer),
/// `TA_BUFFER` (the ArrayBuffer object, or undefined until `buffer` is first
/// read: `new Uint8Array(n)` makes one cell fewer), `TA_OFFSET` (raw byte
/// offset), `TA_LENGTH` (raw element count; ignored when length-tracking)
/// and `TA_TYPE` (raw: the element type, `TA_*` below, or'ed with
/// `TA_TRACKING` for a view of a resizable buffer made without a length).
pub const KIND_TYPED_ARRAY: u64 = 34;
pub const TA_STORE: i32 = OBJ_INLINE;
pub const TA_BUFFER: i32 = OBJ_INLINE + 8;
pub const TA_OFFSET: i32 = OBJ_INLINE + 16;
pub const TA_LENGTH: i32 = OBJ_INLINE + 24;
pub const TA_TYPE: i32 = OBJ_INLINE + 32;
pub const TA_EXTRA: u32 = 40;
/// `TA_TYPE` bit: the view's length follows its buffer's.
pub const TA_TRACKING: u64 = 1 << 8;
/// `TA_TYPE` element type numbers the compiler accesses inline (the index
/// of the type in the runtime's `bytes::TYPES`).
pub const TA_TY_UINT8: u64 = 1;
pub const TA_TY_INT32: u64 = 5;
pub const TA_TY_FLOAT64: u64 = 8;
/// A DataView (ECMAScript 25.3): the typed-array words, `TA_LENGTH` a byte
/// count and `TA_TYPE` only the `TA_TRACKING` bit. Not integer-indexed.
pub const KIND_DATA_VIEW: u64 = 39;
/// A Web-platform object (WebIDL's platform objects: URL, Headers,
/// Request...; stdlib `web/`): extra words `PO_CLASS` (a raw class number,
/// the brand) then the class's internal slots from `PO_SLOTS`, values.
pub const KIND_PLATFORM: u64 = 35;
pub const PO_CLASS: i32 = OBJ_INLINE;
pub const PO_SLOTS: i32 = OBJ_INLINE + 8;
/// RegExp (ECMAScript 22.2; stdlib `regexp.rs`): extra words `RX_SOURCE`
/// ([[OriginalSource]], a string), `RX_FLAGS` ([[OriginalFlags]], a string)
/// and `RX_CODE` ([[RegExpMatcher]]: a raw number below 2^48 naming the
/// compiled matcher's entry in the stdlib's bounded cache by slot and stamp;
/// 0 before RegExpInitialize).
/// `lastIndex` is an ordinary own data property.
pub const KIND_REGEXP: u64 = 36;
pub const RX_SOURCE: i32 = OBJ_INLINE;
pub const RX_FLAGS: i32 = OBJ_INLINE + 8;
pub const RX_CODE: i32 = OBJ_INLINE + 16;
pub const RX_EXTRA: u32 = 24;
/// A RegExp String Iterator (22.2.9): extra words `RXI_REGEXP` (the
/// matcher), `RXI_STRING` and `RXI_STATE` (raw bits: `RXI_GLOBAL`,
/// `RXI_UNICODE`, `RXI_DONE`).
pub const KIND_REGEXP_ITERATOR: u64 = 37;
pub const RXI_REGEXP: i32 = OBJ_INLINE;
pub const RXI_STRING: i32 = OBJ_INLINE + 8;
pub const RXI_STATE: i32 = OBJ_INLINE + 16;
pub const RXI_EXTRA: u32 = 24;
pub const RXI_GLOBAL: u64 = 1;
pub const RXI_UNICODE: u64 = 2;
pub const RXI_DONE: u64 = 4;
/// Date (ECMAScript 21.4): one extra word, `DATE_VALUE`, the [[DateValue]]
/// internal slot: a time value (a number: milliseconds since the epoch, or NaN).
pub const KIND_DATE: u64 = 38;
pub const DATE_VALUE: i32 = OBJ_INLINE;
pub const DATE_EXTRA: u32 = 8;

/// A property-read inline cache entry's second word with this bit set names
/// a slot in the object's overflow array (see `perry_get_named_ic`).
pub const IC_OVERFLOW: u64 = 1 << 63;
/// Entries (shape, location) of a property-read inline cache site: the
/// compiled code tests them in order; the runtime fills the first empty one.
pub const IC_WAYS: usize = 4;

// Inline caches: the compiler's local table `perry_ics` of 16-byte entries
// `[shape word][location word]`, zero (empty) until the runtime's miss path
// (`perry_get_named_ic`, `perry_set_named_ic`, `perry_define_field_ic`,
// `perry_global_get_ic`, given the entry's address) fills them.

/// A method-read site (`o.m(...)`) has, after its `IC_WAYS` entries, three
/// more for an inherited data property one or two prototypes up (filled by
/// `perry_get_method_ic`): `[receiver shape, receiver kind]`, `[first
/// prototype's shape, its kind]`, `[second prototype's shape or 0, location]`.
/// Compiled code tests the receiver's shape and kind and each prototype's shape
/// (and for two prototypes up the first's kind), then reads the location in the
/// prototype that holds the property (the runtime's prototype cache, inline).
pub const IC_PROTO_ENTRIES: u32 = 3;
/// Ways of prototype entries (`IC_PROTO_ENTRIES` each) at a method-read site of a name that
/// two or more classes define (`this.area()` in a base class, `shape.describe()`): compiled
/// code tests each way's receiver shape in turn, then that way's other words;
/// `perry_get_method_poly_ic` fills the first empty way.
pub const IC_PROTO_POLY_WAYS: u32 = 6;
/// In a prototype entry's location: the slot holds an accessor cell (a read
/// calls its getter, a store its setter, with the receiver). Filled only at
/// sites of names some class defines an accessor for (`perry_get_accessor_ic`,
/// `perry_set_accessor_ic`; a store site has one own entry before them).
pub const IC_ACCESSOR: u64 = 1 << 62;
/// Entries of a private field's read or store site (`this.#x`): `[shape, atom
/// << 32 | byte offset]`, an own data field in an inline slot of an object of
/// that shape under the private name of that atom (the site's name is a new
/// symbol each time its class is evaluated). Filled by `perry_private_get_ic`
/// and `perry_private_set_ic`.
pub const IC_PRIVATE_WAYS: u32 = 2;
/// A named store site (`o.x = v`, not a setter's name) has, after its own
/// entry, two for adding the property to a plain object: `[shape before,
/// byte offset]`, `[shape after, Object.prototype's shape]` (filled by
/// `perry_set_named_ic` when the store added an inline slot to an extensible
/// plain object whose prototype, %Object.prototype%, has no setter or
/// read-only property by that name).
pub const IC_ADD_ENTRIES: u32 = 2;
/// The word of a symbol cell holding its atom (raw).
pub const SYM_ATOM: i32 = 8;

/// Bytes per inline-cache entry; entry `i` of the table is at `i * IC_ENTRY_SIZE`.
pub const IC_ENTRY_SIZE: u32 = 16;
/// An entry's shape word: the shape (a raw pointer) an object must have for
/// the entry to apply; 0 while empty.
pub const IC_SHAPE: i32 = 0;
/// An entry's location word: the property's byte offset in the object, or
/// an [`IC_OVERFLOW`] location.
pub const IC_LOCATION: i32 = 8;
/// A class field's definition site takes two entries: (shape before,
/// offset), then the shape after the transition in the second entry's
/// shape word, at this offset from the first entry.
pub const IC_SHAPE_AFTER: i32 = IC_ENTRY_SIZE as i32 + IC_SHAPE;

// Caching `new` sites: consecutive module-global slots (8 bytes each) that
// compiled code tests and the runtime fills, passed to the runtime as the
// address of the first.

/// Bytes per module-global slot (the `perry_globals` table).
pub const GLOBAL_SLOT_SIZE: u32 = 8;
/// A `new f(...)` site (`perry_construct_site`): `[ctor, prototype, root
/// shape, instance size]`. The ctor slot starts as `HOLE`.
pub const CTOR_SITE_SLOTS: u32 = 4;
pub const CTOR_SITE_CTOR: u32 = 0;
pub const CTOR_SITE_PROTO: u32 = 1;
pub const CTOR_SITE_ROOT_SHAPE: u32 = 2;
/// Raw: the instance's size in bytes.
pub const CTOR_SITE_SIZE: u32 = 3;
/// A `new C(...)` site of a plain-data class (`perry_construct_plain`):
/// `[ctor, final shape, prototype]`. The ctor slot starts as `HOLE`.
pub const PLAIN_SITE_SLOTS: u32 = 3;
pub const PLAIN_SITE_CTOR: u32 = 0;
pub const PLAIN_SITE_SHAPE: u32 = 1;
pub const PLAIN_SITE_PROTO: u32 = 2;
/// A closure site (`perry_closure_site`): `[shape, prototype]` of the function
/// objects it makes, filled by its first, general allocation; the shape slot
/// starts as `UNDEFINED` (raw: a root shape's address once filled). Compiled
/// code then allocates the site's functions inline.
pub const CLOSURE_SITE_SLOTS: u32 = 2;
pub const CLOSURE_SITE_SHAPE: u32 = 0;
pub const CLOSURE_SITE_PROTO: u32 = 1;
/// An object literal site `{ a, b }` with static keys (`perry_literal_shape`):
/// `[shape, size]`, raw, once the runtime learnt the literal's shape (the
/// shape slot starts as `UNDEFINED`). Compiled code then allocates `size`
/// bytes with that shape and stores the fields. When an object of that shape
/// outgrows its inline slots (a property added after the literal's), the
/// runtime gives the site's shape `LITERAL_SLACK` more inline slots, which
/// compiled code fills with `undefined`.
pub const LITERAL_SITE_SLOTS: u32 = 2;
pub const LITERAL_SITE_SHAPE: u32 = 0;
pub const LITERAL_SITE_SIZE: u32 = 1;
pub const LITERAL_SLACK: u32 = 4;
/// A keyed site `o[k]` (`perry_get_index_site`, `perry_set_index_site`):
/// `KEYED_SITE_WAYS` entries of `[shape, key, location]`, the way chosen by
/// the key's bits ([`keyed_way`]). An entry says: an object of that shape has
/// an own data property (for a write, a writable one) named by that string
/// key at that location (an inline cache's location word). Every slot starts
/// as `UNDEFINED`, which no shape word equals.
pub const KEYED_SITE_WAYS: u32 = 8;
pub const KEYED_ENTRY_SLOTS: u32 = 3;
pub const KEYED_SITE_SLOTS: u32 = KEYED_SITE_WAYS * KEYED_ENTRY_SLOTS;
pub const KEYED_ENTRY_SHAPE: u32 = 0;
pub const KEYED_ENTRY_KEY: u32 = 1;
pub const KEYED_ENTRY_LOCATION: u32 = 2;
/// The two shifts of [`keyed_way`] (compiled code computes it too).
pub const KEYED_WAY_SHIFTS: (u32, u32) = (4, 9);

/// The way of a keyed site a key's bits select.
pub const fn keyed_way(k: u64) -> u32 {
    (((k >> KEYED_WAY_SHIFTS.0) ^ (k >> KEYED_WAY_SHIFTS.1)) & (KEYED_SITE_WAYS as u64 - 1)) as u32
}
// Compiled code tests both kinds of site's constructor with one helper.
const _: () = assert!(CTOR_SITE_CTOR == PLAIN_SITE_CTOR);

/// Whether the collector scans a cell of this kind.
pub const fn kind_is_traced(kind: u64) -> bool {
    kind != KIND_STRING && kind != KIND_STRING_ONE_BYTE && kind != KIND_BYTES && kind != KIND_BUFFER_STORE && kind != KIND_BIGINT
}

// BigInt cell: header | limb count << 2 | 2 | sign (raw) | u64 limbs...
pub const BI_META: i32 = 8;
pub const BI_DATA: i32 = 16;

// Flat string cell: header | len: u32, 0: u32 | code units (u16, or u8 for
// KIND_STRING_ONE_BYTE)...
pub const STR_LEN: i32 = 8;
pub const STR_DATA: i32 = 16;

// Rope cell: header | meta (raw: len in bits 0..32, ROPE_TWO_BYTE, depth
// from ROPE_DEPTH_SHIFT) | left | right.
pub const ROPE_META: i32 = 8;
pub const ROPE_LEFT: i32 = 16;
pub const ROPE_RIGHT: i32 = 24;
pub const ROPE_SIZE: usize = 32;
/// Some unit of the rope is above 0xFF (a leaf is two-byte): its flat form
/// is two-byte.
pub const ROPE_TWO_BYTE: u64 = 1 << 32;
pub const ROPE_DEPTH_SHIFT: u64 = 33;
/// Depth bits (15): the meta word stays below 2^48.
pub const ROPE_DEPTH_MASK: u64 = 0x7FFF;

// Slice cell: header | meta (raw: len in bits 0..32, the one-byte ASCII
// bits 32 and 33 as in a flat one-byte string) | parent | offset (raw).
pub const SLICE_META: i32 = 8;
pub const SLICE_PARENT: i32 = 16;
pub const SLICE_OFFSET: i32 = 24;
pub const SLICE_SIZE: usize = 32;

// Buffer store: header | byte length (raw, or'ed with STORE_DETACHED once
// its ArrayBuffer was detached) | bytes (the cell may hold more: capacity)...
pub const STORE_LEN: i32 = 8;
pub const STORE_DETACHED: u64 = 1 << 48;
pub const STORE_DATA: i32 = 16;

// Box cell: header | value
pub const BOX_VALUE: i32 = 8;

// Value array: header | len (raw) | values...
pub const VA_LEN: i32 = 8;
pub const VA_DATA: i32 = 16;

// Ordinary object layout, shared by every kind >= KIND_FIRST_OBJECT:
// `header | shape | proto | kind-specific words | inline slots`.
// Properties live in the inline slots while they fit; once a shape has more
// properties than inline slots, the last inline slot holds an overflow value
// array with the rest (see `runtime::object::slot_addr`). Every ordinary cell
// has at least one inline slot.
pub const OBJ_SHAPE: i32 = 8;
pub const OBJ_PROTO: i32 = 16;
/// First word after the common header words (kind-specific words, then slots).
pub const OBJ_INLINE: i32 = 24;
/// Plain objects (`KIND_OBJECT` whose prototype is the realm's
/// Object.prototype: literals, `{}`, JSON.parse) have no proto word; their
/// slots start here, and their shape's `inline_start` says so. If their
/// prototype is ever changed, it is kept in a hidden slot (see
/// `runtime::object::proto_of`).
pub const OBJ_PLAIN_INLINE: i32 = 16;

// Arrays: dense element storage in a value array.
pub const ARR_ELEMS: i32 = OBJ_INLINE;
pub const ARR_LEN: i32 = OBJ_INLINE + 8;

/// An Array whose elements are too sparse for dense storage (`a[2 ** 31] =
/// 1`, `a.length = 2 ** 32 - 1`): the `KIND_ARRAY` layout, with `ARR_LEN`
/// raw 0 and `ARR_ELEMS` a value array holding the `length` and a hash table
/// of the present elements (runtime `array.rs`, "Sparse elements"). Compiled
/// code tests for `KIND_ARRAY` and bounds every element access by `ARR_LEN`,
/// so it never reads a sparse array's table as elements, even from a loop
/// that checked the kind before a call made the array sparse.
pub const KIND_SPARSE_ARRAY: u64 = 40;

/// Iterator cells (runtime `iter.rs`): the target, the next index (a raw
/// integer), the mode; mode `ITER_ARRAY_VALUES` steps an Array's values,
/// mode `ITER_STRING` a string's code points (the index counts code units).
pub const ITER_TARGET: i32 = OBJ_INLINE;
pub const ITER_INDEX: i32 = OBJ_INLINE + 8;
pub const ITER_MODE: i32 = OBJ_INLINE + 16;
pub const ITER_ARRAY_VALUES: u64 = 0;
pub const ITER_STRING: u64 = 3;
pub const ARR_SIZE: u64 = OBJ_INLINE as u64 + 16;

// Functions: code pointer and metadata are raw words below 2^48.
pub const FN_CODE: i32 = OBJ_INLINE;
pub const FN_META: i32 = OBJ_INLINE + 8;
pub const FN_HOME: i32 = OBJ_INLINE + 16;
pub const FN_CAPS: i32 = OBJ_INLINE + 24;

/// Signature of every JavaScript-callable function (compiled or native):
/// `(callee, this, new_target, argc, a0, a1, a2, a3, rest) -> value`, all
/// `i64`, System V. Arguments past the fourth travel in `rest`, a value
/// array, or `undefined` when there are none.
pub const JS_REG_ARGS: usize = 4;
pub const JS_PARAMS: usize = 5 + JS_REG_ARGS;

/// One stack-map record as the compiler emits it:
/// `[function address: u64][return offset: u32][frame span: u32][first slot: u32][slot count: u32]`
pub const STACKMAP_RECORD_SIZE: usize = 24;

/// Function metadata flags (`FnMeta::flags`).
pub const FNF_ARROW: u32 = 1;
pub const FNF_CLASS_CTOR: u32 = 2;
pub const FNF_DERIVED: u32 = 4;
pub const FNF_CONSTRUCTOR: u32 = 8;
pub const FNF_METHOD: u32 = 16;
pub const FNF_GENERATOR: u32 = 32;
/// An async function (with `FNF_GENERATOR`: an async generator function).
pub const FNF_ASYNC: u32 = 64;
/// A bound function (Function.prototype.bind): captures are the target,
/// the bound `this` and an array of the bound arguments.
pub const FNF_BOUND: u32 = 128;

/// Function metadata the compiler emits as static data, one per function:
/// `[name: u32 const index or u32::MAX][length: u32][flags: u32][ncaps: u32][native: u64 = 0][src start: u32][src end: u32][file: u32][pad: u32]`
pub const FNMETA_SIZE: usize = 40;

/// The built-in Math functions the compiler inlines, in the order of the
/// [`SYM_MATH_METAS`] table.
pub const MATH_INLINE: [&str; 8] = ["sqrt", "abs", "floor", "ceil", "trunc", "min", "max", "imul"];
/// The Number functions the compiler inlines (`Number.isFinite(x)` and the like: no coercion,
/// so any argument that is not a number is `false`), in the order of the [`SYM_NUMBER_METAS`]
/// table.
pub const NUMBER_INLINE: [&str; 4] = ["isFinite", "isInteger", "isNaN", "isSafeInteger"];
/// The String.prototype methods compiled code inlines for a flat string
/// (or a flattened rope) and an integral index, in the order of the
/// [`SYM_STRING_METAS`] table.
pub const STRING_INLINE: [&str; 3] = ["charCodeAt", "codePointAt", "charAt"];
/// The Array.prototype callback methods compiled code runs inline, in the
/// order of the [`SYM_ARRAY_HOFS`] table.
pub const ARRAY_HOFS: [&str; 9] = ["forEach", "map", "filter", "some", "every", "find", "findIndex", "reduce", "reduceRight"];
/// The Array.prototype methods compiled code runs inline on an extensible
/// array with no sealed or frozen elements (`a.push(x)` with room in the
/// elements, `a.pop()` of a present last element), after the callback
/// methods in the [`SYM_ARRAY_HOFS`] table.
pub const ARRAY_INLINE: [&str; 2] = ["push", "pop"];
/// Bits of [`SYM_INTACT`] (runtime `watch.rs`), each set while a built-in property still holds
/// what it held at start-up: compiled code tests them instead of reading the property. From
/// `INTACT_ARRAY`, Array.prototype's methods of [`ARRAY_HOFS`] then [`ARRAY_INLINE`]; the global
/// `Number`, then the Number functions of [`NUMBER_INLINE`]; the global `Math`, then the Math
/// functions of [`MATH_INLINE`].
pub const INTACT_ARRAY: u32 = 0;
pub const INTACT_NUMBER_GLOBAL: u32 = INTACT_ARRAY + (ARRAY_HOFS.len() + ARRAY_INLINE.len()) as u32;
pub const INTACT_NUMBER: u32 = INTACT_NUMBER_GLOBAL + 1;
pub const INTACT_MATH_GLOBAL: u32 = INTACT_NUMBER + NUMBER_INLINE.len() as u32;
pub const INTACT_MATH: u32 = INTACT_MATH_GLOBAL + 1;
/// The number of `INTACT_*` facts (bits of one word).
pub const INTACT_COUNT: usize = INTACT_MATH as usize + MATH_INLINE.len();
const _: () = assert!(INTACT_COUNT <= 64);
/// The Map.prototype and Set.prototype methods compiled code calls directly (the runtime's
/// `perry_map_get` and its siblings) while the prototype still holds the built-in: word
/// `HELD_MAP + i` of [`SYM_HELD`] holds %Map.prototype% while its `MAP_DIRECT[i]` does,
/// `HELD_SET + i` %Set.prototype% for `SET_DIRECT[i]`.
pub const MAP_DIRECT: [&str; 3] = ["get", "has", "set"];
pub const SET_DIRECT: [&str; 2] = ["has", "add"];
pub const HELD_MAP: u32 = 0;
pub const HELD_SET: u32 = HELD_MAP + MAP_DIRECT.len() as u32;
/// The number of words of [`SYM_HELD`].
pub const HELD_COUNT: usize = HELD_SET as usize + SET_DIRECT.len();
/// A dense array's length stays below this (past it, elements are sparse).
pub const ARR_MAX_DENSE: usize = 50_000_000;
/// A card covers `1 << CARD_SHIFT` bytes of old space (256: a dirty card in a
/// large heap is a memory miss whatever its size, and scanning it is cheap).
pub const CARD_SHIFT: u64 = 8;
// Both NaNs the hardware produces are numbers, not tags; a heap address
// (below 2^48) in a traced word reads as a double.
const _: () = assert!(NAN < MIN_TAGGED && 0xFFF8_0000_0000_0000u64 < MIN_TAGGED && PAYLOAD_MASK < MIN_TAGGED);

/// ToInt32 of a number (ECMA-262 7.1.6), shared by the runtime and the
/// compiler's constant folding.
pub fn to_int32(f: f64) -> i32 {
    if !f.is_finite() {
        return 0;
    }
    if f < 9.0e18 && f > -9.0e18 {
        return (f as i64) as i32;
    }
    // An integer: the mantissa shifted left by at least 10; its low 32 bits.
    let bits = f.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let m = (bits & ((1 << 52) - 1)) | (1 << 52);
    let low = if e >= 32 { 0 } else { (m << e) as u32 };
    (if (bits as i64) < 0 { low.wrapping_neg() } else { low }) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_sit_above_every_double() {
        for f in [0.0f64, -0.0, 1.5, f64::INFINITY, f64::NEG_INFINITY, f64::MAX, f64::MIN] {
            assert!(f.to_bits() < MIN_TAGGED);
        }
        for v in [UNDEFINED, NULL, FALSE, TRUE, EXCEPTION, HOLE] {
            assert!(v >= MIN_TAGGED);
        }
        assert!(is_heap_tag(TAG_OBJECT) && is_heap_tag(TAG_STRING) && !is_heap_tag(TAG_PROXY));
    }

    #[test]
    fn proxy_band_edges() {
        // Every id of the band round-trips; the first and last are proxies.
        assert_eq!(proxy_id(proxy_value(0)), Some(0));
        assert_eq!(proxy_id(proxy_value(u16::MAX)), Some(u16::MAX));
        assert_eq!(proxy_value(u16::MAX) & PAYLOAD_MASK, PROXY_IDS - 1);
        // Just past the band, and every other tag, is not a proxy.
        assert_eq!(proxy_id((TAG_PROXY << TAG_SHIFT) | PROXY_IDS), None);
        assert_eq!(proxy_id((TAG_PROXY << TAG_SHIFT) | PAYLOAD_MASK), None);
        for tag in [TAG_UNDEFINED, TAG_NULL, TAG_BOOL, TAG_OBJECT, TAG_STRING, TAG_SPECIAL] {
            assert_eq!(proxy_id((tag << TAG_SHIFT) | 5), None);
        }
        assert_eq!(proxy_id(1.5f64.to_bits()), None);
        // A proxy never decodes as a heap address.
        for id in [0u16, 1, 0x7FFF, u16::MAX] {
            assert!(!is_heap_tag(proxy_value(id) >> TAG_SHIFT));
            assert!(proxy_value(id) >= MIN_TAGGED);
        }
    }
}
