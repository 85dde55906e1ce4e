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
    /// Kind of the heap cell (only for `is_cell`).
    #[inline]
    pub fn kind(self) -> u64 {
        unsafe { (*self.ptr() >> HDR_KIND_SHIFT) & 0xFF }
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
    #[inline]
    pub fn is_function(self) -> bool {
        self.is_cell() && matches!(self.kind(), KIND_FUNCTION | KIND_BOUND_FUNCTION)
    }
    #[inline]
    pub fn header_flags(self) -> u64 {
        unsafe { (*self.ptr() >> HDR_FLAGS_SHIFT) & 0xFF }
    }
    #[inline]
    pub fn set_header_flag(self, f: u64) {
        unsafe { *self.ptr() |= f << HDR_FLAGS_SHIFT }
    }
    #[inline]
    pub fn identity_hash(self) -> u64 {
        unsafe { *self.ptr() >> HDR_HASH_SHIFT }
    }
    /// Reads the word at byte offset `off` of the cell.
    #[inline]
    pub fn word(self, off: i32) -> u64 {
        unsafe { *(self.ptr() as *const u8).add(off as usize).cast::<u64>() }
    }
    #[inline]
    pub fn set_word(self, off: i32, v: u64) {
        // Every store into a heap cell runs the write barrier (see
        // `perry_gc::barrier`); raw words never pass its filter.
        unsafe { perry_gc::barrier::store((self.ptr() as *mut u8).add(off as usize).cast::<u64>(), v) }
    }
    #[inline]
    pub fn field(self, off: i32) -> Value {
        Value(self.word(off))
    }
    #[inline]
    pub fn set_field(self, off: i32, v: Value) {
        self.set_word(off, v.0)
    }
    pub fn cell_size(self) -> usize {
        unsafe { (*self.ptr() & 0xFFFF_FFFF) as usize }
    }
}
