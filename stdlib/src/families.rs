//! The built-in families a program links only when it may use them
//! (`perry_abi::BUILTIN_FAMILIES`): RegExp, Date, BigInt, the typed arrays,
//! the Web classes, the Unicode normalization tables, Math, Reflect, Map and
//! Set, the weak collections, Proxy, JSON, Array.fromAsync, the URI
//! functions, structuredClone, `process` and Intl (whose code is the perry-intl crate's,
//! `stdlib/intl`, so that its strings too stay out of executables that do not name it).
//!
//! The compiler decides from the program's source which families it needs
//! (`compiler/src/features.rs`) and writes their install functions, the
//! `perry_install_<family>` below, into the `perry_builtins` table; [`crate::install`]
//! calls each one at the family's place in the installation order. Those
//! table entries are the only references to a family's code: core code that
//! meets a family's values (printing a Date, `"a".match("a")`) goes through
//! the [`Hooks`] the family's install function sets, so the linker leaves an
//! unneeded family out with the crates only it uses (regress, url, idna,
//! num-bigint, unicode-normalization).
//!
//! A family's values exist only after its install function ran (its
//! constructors, literals and prototypes are what make them), so a hook that
//! reads such a value is always set. Only the String methods that create a
//! RegExp from a string, the ones that need the normalization tables and the
//! case mappings can be called without their family (and Array.fromAsync):
//! when the program names them nowhere (a method name computed at run time),
//! they throw [`not_linked`].
//!
//! # The hooks
//!
//! Core code that meets a family's values goes through a hook the family's install function
//! sets: [`Hooks`] here (printing a Date, RegExp or Web object, RegExpCreate for String
//! match/matchAll/search, the normalization tables, Array.fromAsync), and in the runtime the
//! BigInt arithmetic (`bigint::enable`: the operators reach num-bigint only through its table)
//! and the proxy internal methods (`proxy::enable`). An unset hook that is reached is an
//! internal error, except for the core String and Array methods listed above, which throw a
//! TypeError naming the missing family.

use perry_gc::JsCell;
use perry_runtime::error::{self, Exc};
use perry_runtime::{JsResult, Value};

/// Date.prototype.toLocale*String's hook: (time value, locales, options, required, defaults).
pub type LocaleDate = fn(f64, Value, Value, &str, &str) -> JsResult;
/// localeCompare's hook: (this, that, locales, options) -> -1, 0 or 1.
pub type LocaleCompare = fn(&[u16], &[u16], Value, Value) -> JsResult<i32>;

/// `util.inspect`'s hook for platform objects: (the object, whether it sits beyond the depth,
/// the inspection's options) -> its text, or None for the default formatting.
pub type InspectPlatform = fn(Value, bool, &crate::inspect::Options) -> Option<String>;

/// What core code needs of an optional family; set by the family's install
/// function.
#[derive(Default)]
pub struct Hooks {
    /// RegExpCreate (22.2.3.1), for String.prototype.match, matchAll and search.
    pub regexp_create: Option<fn(Value, Value) -> JsResult>,
    /// `util.inspect`'s text of a RegExp (`/source/flags`).
    pub regexp_display: Option<fn(Value) -> String>,
    /// Records RegExp.prototype and %RegExp% as installed, once every
    /// built-in is (`regexp::record_pristine`).
    pub regexp_record_pristine: Option<fn()>,
    /// `util.inspect`'s text of a Date (the ISO string or "Invalid Date").
    pub date_display: Option<fn(Value) -> String>,
    /// `util.inspect` of a platform object (`web::inspect_platform`).
    pub inspect_platform: Option<InspectPlatform>,
    /// The canonical (NFD) or compatibility (NFKD) decomposition, or with
    /// `compose` the composition (NFC, NFKC), of a string.
    pub normalize: Option<fn(&str, bool, bool) -> String>,
    /// Whether a character is a combining mark (localeCompare's accents).
    pub is_combining_mark: Option<fn(char) -> bool>,
    /// Array.fromAsync.
    pub from_async: Option<fn(&perry_runtime::function::Args) -> JsResult>,
    /// Throws a DOMException (message, name): structuredClone's DataCloneError.
    pub dom_exception: Option<fn(&str, &str) -> Exc>,
    /// Date.prototype.toLocale{,Date,Time}String with locales and options: (time value,
    /// locales, options, required, defaults) as ToDateTimeOptions takes them.
    pub locale_date: Option<LocaleDate>,
    /// Number.prototype.toLocaleString and BigInt.prototype.toLocaleString with locales and
    /// options: (the number or BigInt, locales, options).
    pub locale_number: Option<fn(Value, Value, Value) -> JsResult>,
    /// String.prototype.localeCompare as Intl.Collator compares: (this, that, locales,
    /// options) -> -1, 0 or 1.
    pub locale_compare: Option<LocaleCompare>,
}

static HOOKS: JsCell<Hooks> = JsCell::new(Hooks {
    regexp_create: None,
    regexp_display: None,
    regexp_record_pristine: None,
    date_display: None,
    inspect_platform: None,
    normalize: None,
    is_combining_mark: None,
    from_async: None,
    dom_exception: None,
    locale_date: None,
    locale_number: None,
    locale_compare: None,
});

/// The hooks (single JS thread; written only by the install functions).
pub fn hooks() -> &'static Hooks {
    // SAFETY: single JS thread; no `&mut` is held across calls.
    unsafe { HOOKS.get() }
}

/// The hooks, to set (install functions only, also the Intl crate's `perry_install_intl`).
pub fn hooks_mut() -> &'static mut Hooks {
    // SAFETY: the hooks are written at start-up on the JS thread, before any core method reads
    // them.
    unsafe { HOOKS.get() }
}

/// The TypeError of a core method whose family this executable was linked
/// without: only a method name the program builds at run time (it names
/// the method nowhere in its source) reaches it.
pub fn not_linked(what: &str, family: &str) -> Exc {
    error::type_error(&format!("{what} needs the {family} built-in, which this executable was linked without (the program does not name it in its source)"))
}

/// RegExp, RegExp.prototype, the regex literals' `perry_regexp_new`.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_regexp() {
    let h = hooks_mut();
    h.regexp_create = Some(crate::regexp::regexp_create);
    h.regexp_display = Some(crate::regexp::to_display);
    h.regexp_record_pristine = Some(crate::regexp::record_pristine);
    crate::regexp::install();
}

/// Date and Date.prototype.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_date() {
    hooks_mut().date_display = Some(crate::date::inspect_text);
    crate::date::install();
}

/// BigInt, BigInt.prototype and the runtime's BigInt arithmetic.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_bigint() {
    perry_runtime::bigint::enable();
    crate::bigint_builtins::install();
}

/// ArrayBuffer, the eleven typed arrays and DataView (whose BigInt64 and
/// BigUint64 elements need the BigInt arithmetic).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_typed_arrays() {
    perry_runtime::bigint::enable();
    crate::array_buffer::install();
    crate::typed_array::install();
    crate::data_view::install();
}

/// The Web classes (URL, Headers, Request, Response, TextEncoder, ...).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_web() {
    let h = hooks_mut();
    h.inspect_platform = Some(crate::web::inspect_platform);
    h.dom_exception = Some(crate::web::dom_exception::throw);
    crate::web::install();
}

/// The Unicode normalization tables (String.prototype.normalize, localeCompare).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_normalize() {
    let h = hooks_mut();
    h.normalize = Some(crate::string_builtins::normalize_str);
    h.is_combining_mark = Some(unicode_normalization::char::is_combining_mark);
}

/// String.prototype's case mappings (toLowerCase, toUpperCase, toLocaleLowerCase,
/// toLocaleUpperCase) and Unicode's case tables they use.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_case() {
    crate::string_builtins::install_case();
}

/// Math (and the libm functions only it uses).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_math() {
    crate::math::install();
}

/// Reflect.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_reflect() {
    crate::reflect::install();
}

/// Map and Set (their storage is the runtime's, which printing and
/// structuredClone use too).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_map_set() {
    crate::map_set::install();
}

/// WeakMap, WeakSet, WeakRef and FinalizationRegistry.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_weak() {
    crate::weak::install();
}

/// Proxy, and the runtime's proxy operations.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_proxy() {
    perry_runtime::proxy::enable();
    crate::proxy::install();
}

/// JSON (`JSON.stringify` itself stays linked: console.log's `%j` uses it).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_json() {
    crate::json::install();
}

/// Array.fromAsync's implementation (the method itself is always there).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_from_async() {
    hooks_mut().from_async = Some(crate::array_from_async::from_async);
}

/// encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape and unescape.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_uri() {
    crate::global::install_uri();
}

/// structuredClone.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_structured_clone() {
    crate::structured_clone::install();
}

/// The `process` object (argv, env, exit, ...).
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_process() {
    crate::process::install();
}

/// V8's stack trace API: Error.stackTraceLimit and Error.prepareStackTrace with CallSites.
#[unsafe(no_mangle)]
pub extern "C" fn perry_install_stack_api() {
    crate::error::install_stack_api();
}

// `ALL` from the ABI's list of families (`perry_abi::foreach_builtin_family!`):
// each install function named there must be defined above as an `extern "C"
// fn()`, in the list's order.
// `intl`'s install function is the perry-intl crate's (which depends on this one), so it is
// not in `ALL`: `install()` (the stdlib's tests) leaves Intl out.
macro_rules! install_of {
    (perry_install_intl) => {
        None
    };
    ($install:ident) => {
        Some($install)
    };
}
macro_rules! all_installs {
    ($( $family:ident => $install:ident; )*) => {
        /// Every family's install function, in `perry_abi::BUILTIN_FAMILIES`
        /// order (what [`crate::install`] installs), but Intl's (perry-intl).
        pub const ALL: [Option<extern "C" fn()>; perry_abi::BUILTIN_FAMILIES.len()] = [$(install_of!($install)),*];
    };
}
perry_abi::foreach_builtin_family!(all_installs);

/// The slot of `family` in `perry_abi::BUILTIN_FAMILIES` (inlined: every caller names a
/// constant family, which folds to its index).
#[inline(always)]
pub fn slot(family: &str) -> usize {
    perry_abi::BUILTIN_FAMILIES.iter().position(|f| *f == family).expect("a family of perry_abi::BUILTIN_FAMILIES")
}

#[cfg(test)]
mod tests {
    #[test]
    fn all_in_abi_order() {
        assert_eq!(super::ALL.len(), perry_abi::BUILTIN_FAMILIES.len());
        assert_eq!(super::slot("regexp"), 0);
        assert_eq!(super::slot("normalize"), 5);
    }
}
