//! The NaN-boxed value (layout in `perry-abi`).

use perry_abi::*;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(transparent)]
pub struct Value(pub u64);

const _: () = assert!(core::mem::size_of::<Value>() == 8);

impl Value {
    pub const UNDEFINED: Value = Value(UNDEFINED);
    pub const NULL: Value = Value(NULL);
    pub const TRUE: Value = Value(TRUE);
    pub const FALSE: Value = Value(FALSE);
    pub const HOLE: Value = Value(HOLE);
    pub const EXCEPTION: Value = Value(EXCEPTION);

    #[inline]
    pub fn num(f: f64) -> Value {
        if f.is_nan() { Value(NAN) } else { Value(f.to_bits()) }
    }
    #[inline]
    pub fn int(i: i64) -> Value {
        Value::num(i as f64)
    }
    #[inline]
    pub fn bool(b: bool) -> Value {
        if b { Value::TRUE } else { Value::FALSE }
    }
    #[inline]
    pub fn tag(self) -> u64 {
        self.0 >> TAG_SHIFT
    }
    #[inline]
    pub fn is_number(self) -> bool {
        self.0 < MIN_TAGGED
    }
    #[inline]
    pub fn as_number(self) -> f64 {
        f64::from_bits(self.0)
    }
    #[inline]
    pub fn is_undefined(self) -> bool {
        self.0 == UNDEFINED
    }
    #[inline]
    pub fn is_null(self) -> bool {
        self.0 == NULL
    }
    #[inline]
    pub fn is_nullish(self) -> bool {
        self.0 == UNDEFINED || self.0 == NULL
    }
    #[inline]
    pub fn is_bool(self) -> bool {
        self.tag() == TAG_BOOL
    }
    #[inline]
    pub fn as_bool(self) -> bool {
        self.0 == TRUE
    }
    #[inline]
    pub fn is_string(self) -> bool {
        self.tag() == TAG_STRING
    }
    /// A heap cell that is not a string (object, function, symbol, box ...).
    #[inline]
    pub fn is_cell(self) -> bool {
        self.tag() == TAG_OBJECT
    }
    #[inline]
    pub fn is_heap(self) -> bool {
        is_heap_tag(self.tag())
    }
    #[inline]
    pub fn ptr(self) -> *mut u64 {
        (self.0 & PAYLOAD_MASK) as *mut u64
    }
    #[inline]
    pub fn from_cell(p: *mut u64) -> Value {
        Value((TAG_OBJECT << TAG_SHIFT) | p as u64)
    }
    #[inline]
    pub fn from_string_cell(p: *mut u64) -> Value {
        Value((TAG_STRING << TAG_SHIFT) | p as u64)
    }
    /// Kind of the heap cell, or [`KIND_NOT_A_CELL`] for a value that is
    /// not one. The tag test folds into the caller's own (`is_cell() &&
    /// kind() == ...` tests the tag once).
    #[inline]
    pub fn kind(self) -> u64 {
        match self.as_cell() {
            Some(c) => c.kind(),
            None => KIND_NOT_A_CELL,
        }
    }
    /// The cell this value points at, when its tag is a heap tag (an object
    /// cell or a string). The one safe way from a `Value` to its heap words.
    #[inline]
    pub fn as_cell(self) -> Option<CellRef> {
        if self.is_heap() { Some(CellRef(self.ptr())) } else { None }
    }
    /// The cell of a value the caller knows to be one (a kind test or the
    /// layout it was read from says so); a value with any other tag aborts:
    /// that is heap corruption or a runtime bug, never a JavaScript error.
    #[inline]
    pub fn cell(self) -> CellRef {
        match self.as_cell() {
            Some(c) => c,
            None => not_a_cell(self),
        }
    }
    /// The cell of a value, without the tag test.
    ///
    /// # Safety
    /// `self` is a heap value (`is_heap`) pointing at a live cell: read from
    /// a slot whose layout says so, or tested by the caller; and no
    /// allocation runs between this call and the last use of the result (a
    /// collection may move the cell).
    #[inline]
    pub unsafe fn cell_unchecked(self) -> CellRef {
        debug_assert!(self.is_heap(), "cell_unchecked of {:#x}", self.0);
        CellRef(self.ptr())
    }
    /// A value of the proxy id band (runtime `proxy.rs`).
    #[inline]
    pub fn is_proxy(self) -> bool {
        perry_abi::proxy_id(self.0).is_some()
    }
    /// An object in the JavaScript sense including proxies (`typeof` is
    /// "object" or "function"); [`Value::is_object`] excludes proxies, which
    /// have no cell.
    #[inline]
    pub fn is_js_object(self) -> bool {
        self.is_object() || self.is_proxy()
    }
    /// An object in the JavaScript sense: ordinary layout (objects, arrays, functions...).
    #[inline]
    pub fn is_object(self) -> bool {
        self.is_cell() && self.kind() >= KIND_FIRST_OBJECT
    }
    #[inline]
    pub fn is_symbol(self) -> bool {
        self.is_cell() && self.kind() == KIND_SYMBOL
    }
    /// A BigInt (runtime `bigint.rs`): a cell, but a primitive.
    #[inline]
    pub fn is_bigint(self) -> bool {
        self.is_cell() && self.kind() == KIND_BIGINT
    }
    #[inline]
    pub fn is_array(self) -> bool {
        self.is_cell() && self.kind() == KIND_ARRAY
    }
    /// An array in sparse mode (`KIND_SPARSE_ARRAY`, see `array.rs`).
    #[inline]
    pub fn is_sparse_array(self) -> bool {
        self.is_cell() && self.kind() == KIND_SPARSE_ARRAY
    }
    /// An Array exotic object (10.4.2), dense or sparse: what IsArray sees
    /// through proxies. [`Value::is_array`] is the dense layout alone, which
    /// the element fast paths need.
    #[inline]
    pub fn is_array_exotic(self) -> bool {
        self.is_cell() && matches!(self.kind(), KIND_ARRAY | KIND_SPARSE_ARRAY)
    }
    #[inline]
    pub fn is_function(self) -> bool {
        self.is_cell() && matches!(self.kind(), KIND_FUNCTION | KIND_BOUND_FUNCTION)
    }
    /// IsCallable (7.2.3): a function cell, or a proxy whose target is callable.
    /// Use this, not [`Value::is_function`], wherever the spec says IsCallable:
    /// a callable proxy is called through `function::call` like any function.
    #[inline]
    pub fn is_callable(self) -> bool {
        crate::proxy::is_callable(self)
    }
}

/// What [`Value::kind`] answers for a value that is no heap cell: no cell
/// has this kind (the `KIND_*` constants of `perry-abi` stay below it).
pub const KIND_NOT_A_CELL: u64 = 0xFF;

#[cold]
#[inline(never)]
fn not_a_cell(v: Value) -> ! {
    panic!("heap access through {:#x}, which is not a heap cell", v.0)
}

/// The address of a heap cell, made only by a tag test
/// ([`Value::as_cell`], [`Value::cell`]) or by an `unsafe` constructor; its
/// methods read and write the cell's header and words.
///
/// Like the `Value` it came from, a `CellRef` is valid until the next
/// allocation (a collection may move the cell): take it again after one.
/// Offsets are the layout constants of `perry-abi` and the runtime's
/// modules; a debug build checks that they lie inside the cell.
///
/// Reading a heap word needs a tag test or `unsafe`:
///
/// ```compile_fail
/// use perry_runtime::Value;
/// let w = Value(42).word(8); // no such method: a Value has no heap words
/// ```
///
/// ```compile_fail
/// use perry_runtime::Value;
/// let w = Value(42).cell_unchecked().word(8); // an unsafe fn
/// ```
///
/// ```
/// use perry_runtime::Value;
/// assert!(Value(42).as_cell().is_none()); // a number: no cell to read
/// assert!(Value::UNDEFINED.as_cell().is_none());
/// assert_eq!(Value::NULL.kind(), perry_runtime::value::KIND_NOT_A_CELL);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct CellRef(*mut u64);

impl CellRef {
    /// The cell at `p`.
    ///
    /// # Safety
    /// `p` is the address of a live heap cell (its header word), and no
    /// allocation runs before the last use of the result.
    #[inline]
    pub unsafe fn from_ptr(p: *mut u64) -> CellRef {
        CellRef(p)
    }
    /// The address of the header word.
    #[inline]
    pub fn ptr(self) -> *mut u64 {
        self.0
    }
    #[inline]
    fn header(self) -> u64 {
        // SAFETY: a `CellRef` is only made for the address of a live cell
        // (see the type's documentation), and every cell starts with its
        // header word.
        unsafe { *self.0 }
    }
    #[inline]
    pub fn kind(self) -> u64 {
        (self.header() >> HDR_KIND_SHIFT) & 0xFF
    }
    #[inline]
    pub fn header_flags(self) -> u64 {
        (self.header() >> HDR_FLAGS_SHIFT) & 0xFF
    }
    #[inline]
    pub fn set_header_flag(self, f: u64) {
        // SAFETY: as in `header`; flags are header bits, not a value, so no
        // write barrier. The runtime runs on one JavaScript thread, so the
        // read-modify-write races with nothing.
        unsafe { *self.0 |= f << HDR_FLAGS_SHIFT }
    }
    /// Changes the cell's kind between two kinds of one layout (an array
    /// entering or leaving sparse mode): the collector scans both alike.
    #[inline]
    pub fn set_kind(self, kind: u64) {
        debug_assert!(kind_is_traced(kind) && kind_is_traced(self.kind()));
        // SAFETY: as in `set_header_flag`: header bits, no value, one thread.
        unsafe { *self.0 = (*self.0 & !(0xFF << HDR_KIND_SHIFT)) | kind << HDR_KIND_SHIFT }
    }
    #[inline]
    pub fn identity_hash(self) -> u64 {
        self.header() >> HDR_HASH_SHIFT
    }
    /// Size of the cell in bytes, header included.
    #[inline]
    pub fn cell_size(self) -> usize {
        (self.header() & 0xFFFF_FFFF) as usize
    }
    #[inline]
    fn slot(self, off: i32) -> *mut u64 {
        debug_assert!(off >= 0 && off as usize + 8 <= self.cell_size(), "offset {off} outside a cell of {} bytes", self.cell_size());
        // SAFETY: `off` is a layout offset inside the cell (checked in debug
        // builds), so the result stays inside the cell's allocation.
        unsafe { (self.0 as *mut u8).add(off as usize).cast::<u64>() }
    }
    /// Reads the word at byte offset `off` of the cell.
    #[inline]
    pub fn word(self, off: i32) -> u64 {
        // SAFETY: `slot` is a word of the live cell; cells are 8-aligned.
        unsafe { *self.slot(off) }
    }
    /// Writes the word at byte offset `off`, through the write barrier.
    #[inline]
    pub fn set_word(self, off: i32, v: u64) {
        // Every store into a heap cell runs the write barrier (see
        // `perry_gc::barrier`); raw words never pass its filter.
        // SAFETY: `slot` is a word of the live cell, what `store` asks.
        unsafe { perry_gc::barrier::store(self.slot(off), v) }
    }
    #[inline]
    pub fn field(self, off: i32) -> Value {
        Value(self.word(off))
    }
    #[inline]
    pub fn set_field(self, off: i32, v: Value) {
        self.set_word(off, v.0)
    }
    /// The value pointing at this cell (an object-tagged one; strings are
    /// made with [`Value::from_string_cell`]).
    #[inline]
    pub fn value(self) -> Value {
        Value::from_cell(self.0)
    }
}
