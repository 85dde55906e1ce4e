//! The data symbols shared by compiled code and the runtime, declared once
//! (see the crate docs, "The ABI lists").

/// Calls `$mac!` with every data symbol one side defines and the other
/// reads, one line each:
///
/// - `emitted CONST = name: Type;` the compiled object defines `name`
///   (read-only) and the runtime's `main` reads it at start-up;
/// - `emitted_mut CONST = name: Type;` the same, a table the runtime writes;
/// - `entry CONST = name;` the compiled object's entry function (the
///   JavaScript signature, [`JS_PARAMS`](crate::JS_PARAMS) words in, one
///   out);
/// - `import CONST = name: Type => crate::module;` the runtime defines
///   `name` (a `#[no_mangle] static mut` in that module) and compiled code
///   reads or writes it.
///
/// `CONST` is the `&str` constant holding the symbol that the expansion
/// here defines (the compiler's names). `perry-rtlib` expands the list into
/// its `extern` statics (the `emitted` kinds) and into compile-time checks
/// that every `import` is defined with that type.
#[macro_export]
macro_rules! foreach_data_symbol {
    ($mac:ident) => {
        $mac! {
            /// The compiled program's entry: its module bodies, in order.
            entry SYM_MAIN = perry_user_main;
            /// String constants: a u32 count, then per string a u32 length
            /// and its UTF-16 units.
            emitted SYM_CONST_DATA = perry_const_data: u8;
            /// One value per string constant (a root range the runtime fills).
            emitted_mut SYM_CONSTS = perry_consts: u64;
            /// The atom of each string constant (the runtime fills it).
            emitted_mut SYM_ATOMS = perry_atoms: u64;
            emitted SYM_CONST_COUNT = perry_const_count: u64;
            /// Module globals (a root range).
            emitted_mut SYM_GLOBALS = perry_globals: u64;
            emitted SYM_GLOBAL_COUNT = perry_global_count: u64;
            /// Inline-cache entries ([`IC_ENTRY_SIZE`](crate::IC_ENTRY_SIZE) bytes each; the
            /// runtime fills them and a table sweep reads them for the shapes they name).
            emitted_mut SYM_ICS = perry_ics: u64;
            /// The number of words of `perry_ics`.
            emitted SYM_IC_WORDS = perry_ic_words: u64;
            /// Stack-map records ([`STACKMAP_RECORD_SIZE`](crate::STACKMAP_RECORD_SIZE) bytes each).
            emitted SYM_STACKMAPS = perry_stackmaps: u8;
            emitted SYM_STACKMAP_COUNT = perry_stackmap_count: u64;
            /// The frame offsets the records' slot ranges index (u32 each).
            emitted SYM_STACKMAP_SLOTS = perry_stackmap_slots: u32;
            emitted SYM_STACKMAP_SLOT_COUNT = perry_stackmap_slot_count: u64;
            /// Pointers to every function's metadata ([`FNMETA_SIZE`](crate::FNMETA_SIZE) bytes each).
            emitted SYM_FNMETAS = perry_fnmetas: u8;
            emitted SYM_FNMETA_COUNT = perry_fnmeta_count: u64;
            /// The source map: text records, NUL, then each module's source.
            emitted SYM_SRCMAP = perry_srcmap: u8;
            emitted SYM_SRCMAP_LEN = perry_srcmap_len: u64;
            /// The functions the source map's records name, by index.
            emitted SYM_SRCMAP_FNS = perry_srcmap_fns: u64;
            emitted SYM_SRCMAP_FN_COUNT = perry_srcmap_fn_count: u64;
            /// 1 when compiled with `--expose-gc`.
            emitted SYM_EXPOSE_GC = perry_expose_gc: u64;
            /// The largest frame of a compiled function, in bytes: the runtime keeps that much
            /// stack below the limit prologues check, so an overflowing prologue's call (made
            /// at its stack pointer) lands on the stack.
            emitted SYM_MAX_FRAME = perry_max_frame: u64;
            /// The install functions (`extern "C" fn()`) of the extensions
            /// the program's built-in modules need, and their count. `main`
            /// calls them after the built-ins are installed; a program that
            /// needs none refers to no extension, so the linker leaves them
            /// out.
            emitted SYM_EXTENSIONS = perry_extensions: [Option<extern "C" fn()>; 0];
            emitted SYM_EXTENSION_COUNT = perry_extension_count: u64;
            /// One slot per entry of [`BUILTIN_FAMILIES`](crate::BUILTIN_FAMILIES),
            /// holding that family's install function
            /// ([`BUILTIN_INSTALLS`](crate::BUILTIN_INSTALLS), `extern "C"
            /// fn()`) when the program may use the family, else null. The
            /// stdlib's `install` calls each non-null slot at the family's
            /// place in the installation order; a family whose slot is null
            /// is never referenced, so the linker leaves its code (and
            /// crates) out.
            emitted SYM_BUILTINS = perry_builtins: [Option<extern "C" fn()>; 0];
            /// Compiled prologues compare their frame pointer with this.
            import SYM_STACK_LIMIT = PERRY_STACK_LIMIT: u64 => perry_runtime::abi;
            /// The nursery's bump pointer and its end (inline allocation).
            import SYM_HEAP_TOP = PERRY_HEAP_TOP: u64 => perry_gc::nursery;
            import SYM_HEAP_END = PERRY_HEAP_END: u64 => perry_gc::nursery;
            /// The write barrier: a store of value `v` into a heap slot at
            /// address `s` is recorded when `v` points into the nursery:
            /// `(v & PAYLOAD_MASK) - PERRY_NURSERY_START < PERRY_NURSERY_SIZE`
            /// (unsigned); then `*(PERRY_CARD_BIAS + (s >> CARD_SHIFT)) = 1`
            /// (one byte).
            import SYM_NURSERY_START = PERRY_NURSERY_START: u64 => perry_gc::barrier;
            import SYM_NURSERY_SIZE = PERRY_NURSERY_SIZE: u64 => perry_gc::barrier;
            import SYM_CARD_BIAS = PERRY_CARD_BIAS: u64 => perry_gc::barrier;
            /// The `FN_META` words of the built-in Math functions the
            /// compiler inlines, in [`MATH_INLINE`](crate::MATH_INLINE) order:
            /// a call `Math.f(x)` whose callee still has that meta is
            /// computed inline (stdlib `math.rs` fills the table at start-up).
            import SYM_MATH_METAS = PERRY_MATH_METAS: [u64; $crate::MATH_INLINE.len()] => perry_stdlib::math;
            /// The `FN_META` words of the Number functions the compiler inlines, in
            /// [`NUMBER_INLINE`](crate::NUMBER_INLINE) order (stdlib `number.rs` fills the
            /// table at start-up).
            import SYM_NUMBER_METAS = PERRY_NUMBER_METAS: [u64; $crate::NUMBER_INLINE.len()] => perry_stdlib::number;
            /// The `FN_META` words of the String.prototype methods the
            /// compiler inlines, in [`STRING_INLINE`](crate::STRING_INLINE)
            /// order (stdlib `string_builtins.rs` fills the table at start-up).
            import SYM_STRING_METAS = PERRY_STRING_METAS: [u64; $crate::STRING_INLINE.len()] => perry_stdlib::string_builtins;
            /// 256 words (a root): the one-unit string of each Latin-1 unit,
            /// an atom (`s[i]`, `charAt` and for-of over strings read it).
            import SYM_UNIT_STRINGS = PERRY_UNIT_STRINGS: [u64; 256] => perry_runtime::ops;
            /// One word holding %String.prototype% (a root): a named read on
            /// a string tests its inline cache against this object's shape.
            import SYM_STRING_PROTO = PERRY_STRING_PROTO: u64 => perry_runtime::realm;
            /// One word holding the global object (a root): a global
            /// variable's read tests its inline cache against this object's
            /// shape.
            import SYM_GLOBAL_OBJECT = PERRY_GLOBAL_OBJECT: u64 => perry_runtime::realm;
            /// One word holding %Object.prototype% (a root): a store that adds
            /// a property to a plain object tests that this object's shape is
            /// the one its cache entry was made with (no setter or read-only
            /// property by that name since).
            import SYM_OBJECT_PROTO = PERRY_OBJECT_PROTO: u64 => perry_runtime::realm;
            /// One word holding %Array.prototype% (a root): an array whose prototype word is
            /// this object and whose shape lacks a method's name gets Array.prototype's.
            import SYM_ARRAY_PROTO = PERRY_ARRAY_PROTO: u64 => perry_runtime::realm;
            /// One word of bits (not a root), [`INTACT_*`](crate::INTACT_ARRAY): each set while
            /// a built-in property compiled code would otherwise read and compare (the global
            /// `Number`, `Number.isFinite`, `Array.prototype.push`...) still holds its start-up
            /// value (runtime `watch.rs`).
            import SYM_INTACT = PERRY_INTACT: u64 => perry_runtime::watch;
            /// [`HELD_COUNT`](crate::HELD_COUNT) words (a root range): word
            /// [`HELD_MAP`](crate::HELD_MAP)` + i` holds %Map.prototype% while its method
            /// `MAP_DIRECT[i]` is the built-in (runtime `watch.rs`, a member fact), and so on.
            import SYM_HELD = PERRY_HELD: [u64; $crate::HELD_COUNT] => perry_runtime::watch;
            /// [`INTACT_COUNT`](crate::INTACT_COUNT) words (a root range): the value of each
            /// `INTACT_*` property when it was watched, which compiled code calls when its bit
            /// let it skip the read.
            import SYM_INTACT_VALUES = PERRY_INTACT_VALUES: [u64; $crate::INTACT_COUNT] => perry_runtime::watch;
            /// Array.prototype's callback methods compiled code runs inline
            /// (the loop in the caller, the callback called directly) while
            /// `o.m` is the built-in (`PERRY_ARRAY_HOFS[i]`, a root range the
            /// stdlib fills, in [`ARRAY_HOFS`](crate::ARRAY_HOFS) order), then
            /// the methods of [`ARRAY_INLINE`](crate::ARRAY_INLINE).
            import SYM_ARRAY_HOFS = PERRY_ARRAY_HOFS: [u64; $crate::ARRAY_HOFS.len() + $crate::ARRAY_INLINE.len()] => perry_stdlib::array;
        }
    };
}

/// Who defines a symbol of [`foreach_data_symbol!`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DataKind {
    /// The compiled object (`entry`, `emitted`, `emitted_mut`).
    Compiled,
    /// The runtime library (`import`).
    Runtime,
}

macro_rules! data_kind {
    (entry) => {
        DataKind::Compiled
    };
    (emitted) => {
        DataKind::Compiled
    };
    (emitted_mut) => {
        DataKind::Compiled
    };
    (import) => {
        DataKind::Runtime
    };
}

macro_rules! declare_symbol_names {
    ($( $(#[$doc:meta])* $kind:ident $konst:ident = $name:ident $(: $ty:ty)? $(=> $krate:ident :: $module:ident)?; )*) => {
        $( $(#[$doc])* pub const $konst: &str = stringify!($name); )*

        /// Every symbol of [`foreach_data_symbol!`] and who defines it.
        pub const DATA_SYMBOLS: &[(DataKind, &str)] = &[$((data_kind!($kind), $konst)),*];
    };
}

foreach_data_symbol!(declare_symbol_names);

/// Calls `$mac!` with the built-in families linked on demand, in slot order
/// of [`SYM_BUILTINS`], as `family => install function;` (the stdlib's
/// `#[no_mangle] extern "C" fn()`, checked there against this list):
/// `regexp` (RegExp, regex literals, String match/matchAll/search: regress),
/// `date` (Date), `bigint` (BigInt and its arithmetic: num-bigint),
/// `typed_arrays` (ArrayBuffer, the typed arrays, DataView), `web` (URL,
/// URLSearchParams, Headers, Request, Response, FormData, TextEncoder,
/// TextDecoder, Crypto, DOMException: url, idna), `normalize`
/// (String.prototype.normalize's tables: unicode-normalization), `math`
/// (Math: libm), `reflect` (Reflect), `map_set` (Map, Set), `weak`
/// (WeakMap, WeakSet, WeakRef, FinalizationRegistry), `proxy` (Proxy and
/// the runtime's proxy operations), `json` (the JSON object), `from_async`
/// (Array.fromAsync's implementation), `uri` (encodeURI, decodeURI and
/// their Component forms), `structured_clone`, `process`, `stack_api` (V8's
/// `Error.stackTraceLimit` and `Error.prepareStackTrace`) and `intl` (Intl, English data,
/// and the locale-sensitive methods' options: jiff's bundled tz database).
#[macro_export]
macro_rules! foreach_builtin_family {
    ($mac:ident) => {
        $mac! {
            regexp => perry_install_regexp;
            date => perry_install_date;
            bigint => perry_install_bigint;
            typed_arrays => perry_install_typed_arrays;
            web => perry_install_web;
            normalize => perry_install_normalize;
            case => perry_install_case;
            math => perry_install_math;
            reflect => perry_install_reflect;
            map_set => perry_install_map_set;
            weak => perry_install_weak;
            proxy => perry_install_proxy;
            json => perry_install_json;
            from_async => perry_install_from_async;
            uri => perry_install_uri;
            structured_clone => perry_install_structured_clone;
            process => perry_install_process;
            stack_api => perry_install_stack_api;
            intl => perry_install_intl;
        }
    };
}

macro_rules! declare_builtin_families {
    ($( $family:ident => $install:ident; )*) => {
        /// The built-in families, in slot order of [`SYM_BUILTINS`]
        /// (see [`foreach_builtin_family!`]).
        pub const BUILTIN_FAMILIES: &[&str] = &[$(stringify!($family)),*];
        /// Their install functions' symbols, in the same order.
        pub const BUILTIN_INSTALLS: &[&str] = &[$(stringify!($install)),*];
    };
}

foreach_builtin_family!(declare_builtin_families);

/// Calls `$mac!` with the extensions (crates beside the stdlib that
/// implement a built-in module), as `"module specifier" => crate::install
/// function;`: compiled code that imports the module puts the install
/// function (`#[no_mangle] extern "C" fn()`) in [`SYM_EXTENSIONS`];
/// `perry-rtlib` checks it is defined with that type.
#[macro_export]
macro_rules! foreach_extension {
    ($mac:ident) => {
        $mac! {
            "perry:http" => perry_ext_http::perry_ext_http_install;
            "node:crypto" => perry_stdlib::perry_node_crypto_install;
            "node:util" => perry_stdlib::perry_node_util_install;
            "perry:web-globals" => perry_stdlib::perry_web_globals_install;
            "perry:web-crypto" => perry_stdlib::perry_node_crypto_install;
            "perry:web-compression" => perry_stdlib::perry_web_compression_install;
            "perry:web-streams" => perry_stdlib::perry_web_body_install;
            "perry:web-events" => perry_stdlib::perry_web_body_install;
            "perry:fetch" => perry_ext_fetch::perry_ext_fetch_install;
        }
    };
}

macro_rules! declare_extensions {
    ($( $module:literal => $krate:ident :: $install:ident; )*) => {
        /// (module specifier, install function symbol) of every extension
        /// (see [`foreach_extension!`]).
        pub const EXTENSIONS: &[(&str, &str)] = &[$(($module, stringify!($install))),*];
    };
}

foreach_extension!(declare_extensions);
