//! Which optional built-in families (`perry_abi::BUILTIN_FAMILIES`) a
//! program may use. The code generator writes the install function of each
//! one into the `perry_builtins` table; a family left out is never
//! referenced, so the linker drops its code (regress, url, num-bigint, ...).
//!
//! The decision is made from the names in the source of every module of the
//! graph (built-in modules included): global identifiers, property names
//! and whole string literals and template texts (`o["match"]`), plus regex
//! and BigInt literals. A family is needed when one of its names appears
//! (over-approximating is harmless: a name used as a local or in an
//! unrelated object only links a little more). A program that could reach
//! the global object by a name computed at run time (`globalThis`, a
//! classic script's `this`) gets every family. Only a method name built at
//! run time out of pieces is not seen; the core methods that need a family
//! then throw a TypeError saying so (stdlib `families::not_linked`).
//!
//! # The families and the decision
//!
//! Core built-ins are always installed: Object, Function, Array, String, Number, Boolean,
//! Symbol, the Error types, iterators and generators, Promise and the event loop (timers,
//! queueMicrotask), console and util.inspect, parseInt/parseFloat/isNaN/isFinite. The families
//! are `regexp`, `date`, `bigint`, `typed_arrays`, `web`, `normalize`
//! (String.prototype.normalize and localeCompare's tables), `case` (String.prototype's case
//! mappings and Unicode's case tables), `math`, `reflect`, `map_set`,
//! `weak`, `proxy`, `json`, `from_async`, `uri`, `structured_clone`, `process`, `stack_api`
//! (V8's `Error.prepareStackTrace` and `Error.stackTraceLimit`) and `intl` (also linked by
//! `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString` and `localeCompare`, whose
//! locales and options it reads); `web` brings `typed_arrays`, which brings `bigint`, and
//! `intl` brings `date` and `normalize`. A family is linked when any module of the graph
//! mentions one of its names as an identifier, a property name, or a whole string literal or
//! template text (`Date`, `match`, `"search"`, `Uint8Array`, `localeCompare`, ...), or has a
//! regex literal (`regexp`) or a BigInt literal (`bigint`). `globalThis`, `global`, `self`,
//! `window` or `--script` (whose top-level `this` is the global object) link every family: that
//! is the only way to reach a built-in by a name computed at run time, apart from a core method
//! named that way (stdlib `families::not_linked`). Not in Perry's built-in modules
//! (`compiler/builtins/`), which name `globalThis` only to read or define globals by fixed names. `codegen/mod.rs` writes the `perry_builtins`
//! table (one slot per family, null for the others) from this decision.

use crate::modules::Graph;
use oxc_ast::ast::{BigIntLiteral, IdentifierName, IdentifierReference, RegExpLiteral, StringLiteral, TemplateElement};
use oxc_ast_visit::Visit;
use perry_abi::BUILTIN_FAMILIES;

/// Names that reach the global object, and with it every built-in, by a
/// name computed at run time.
const EVERYTHING: &[&str] = &["globalThis", "global", "self", "window"];

/// (family, the names that need it). Dependencies are closed in [`needed`].
const NAMES: &[(&str, &[&str])] = &[
    // The String methods that make a RegExp from a string argument.
    ("regexp", &["RegExp", "match", "matchAll", "search"]),
    ("date", &["Date"]),
    ("bigint", &["BigInt"]),
    (
        "typed_arrays",
        &[
            "ArrayBuffer",
            "SharedArrayBuffer",
            "DataView",
            "Int8Array",
            "Uint8Array",
            "Uint8ClampedArray",
            "Int16Array",
            "Uint16Array",
            "Int32Array",
            "Uint32Array",
            "Float16Array",
            "Float32Array",
            "Float64Array",
            "BigInt64Array",
            "BigUint64Array",
        ],
    ),
    (
        "web",
        &[
            "URL",
            "URLSearchParams",
            "Headers",
            "Request",
            "Response",
            "FormData",
            "TextEncoder",
            "TextDecoder",
            "Crypto",
            "crypto",
            "DOMException",
            "fetch",
            "Blob",
            "File",
        ],
    ),
    ("normalize", &["normalize", "localeCompare"]),
    ("case", &["toLowerCase", "toUpperCase", "toLocaleLowerCase", "toLocaleUpperCase"]),
    ("math", &["Math"]),
    ("reflect", &["Reflect"]),
    ("map_set", &["Map", "Set"]),
    ("weak", &["WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry"]),
    ("proxy", &["Proxy"]),
    ("json", &["JSON"]),
    ("from_async", &["fromAsync"]),
    ("uri", &["encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape"]),
    ("structured_clone", &["structuredClone"]),
    ("process", &["process"]),
    ("stack_api", &["prepareStackTrace", "stackTraceLimit"]),
    // The locale-sensitive methods take Intl's locales and options.
    ("intl", &["Intl", "toLocaleString", "toLocaleDateString", "toLocaleTimeString", "localeCompare"]),
];

/// (family, a family it needs installed too): the Web classes make typed
/// arrays (TextEncoder, Response.arrayBuffer), whose BigInt64/BigUint64
/// elements are BigInts with BigInt.prototype's methods; Intl formats Dates
/// and collates with the normalization tables.
const DEPENDS: &[(&str, &str)] = &[("web", "typed_arrays"), ("typed_arrays", "bigint"), ("intl", "date"), ("intl", "normalize")];

#[derive(Default)]
struct Names {
    everything: bool,
    found: Vec<bool>,
    /// Visiting a built-in module, which names `globalThis` only to read or define globals by
    /// fixed names (each also written out, so it links its family by itself).
    builtin: bool,
}

impl Names {
    fn name(&mut self, s: &str) {
        if EVERYTHING.contains(&s) && !self.builtin {
            self.everything = true;
        }
        for (i, (_, names)) in NAMES.iter().enumerate() {
            if names.contains(&s) {
                self.found[i] = true;
            }
        }
    }

    fn family(&mut self, f: &str) {
        let i = NAMES.iter().position(|(n, _)| *n == f).expect("a family of NAMES");
        self.found[i] = true;
    }
}

impl<'a> Visit<'a> for Names {
    fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
        self.name(&it.name);
    }
    fn visit_identifier_name(&mut self, it: &IdentifierName<'a>) {
        self.name(&it.name);
    }
    fn visit_string_literal(&mut self, it: &StringLiteral<'a>) {
        self.name(&it.value);
    }
    fn visit_template_element(&mut self, it: &TemplateElement<'a>) {
        self.name(&it.value.raw);
        if let Some(c) = &it.value.cooked {
            self.name(c);
        }
    }
    fn visit_reg_exp_literal(&mut self, _: &RegExpLiteral<'a>) {
        self.family("regexp");
    }
    fn visit_big_int_literal(&mut self, _: &BigIntLiteral<'a>) {
        self.family("bigint");
    }
}

/// For each entry of `perry_abi::BUILTIN_FAMILIES`, whether the program may
/// use that family.
pub fn needed(graph: &Graph) -> Vec<bool> {
    let mut v = Names { everything: false, found: vec![false; NAMES.len()], builtin: false };
    for m in &graph.modules {
        // A classic script's top-level `this` is the global object.
        v.everything |= m.script;
        v.builtin = m.builtin;
        v.visit_program(m.program);
    }
    v.finish()
}

impl Names {
    /// The families found, with their dependencies, in `BUILTIN_FAMILIES` order.
    fn finish(mut self) -> Vec<bool> {
        if self.everything {
            return vec![true; BUILTIN_FAMILIES.len()];
        }
        for _ in 0..DEPENDS.len() {
            for (f, dep) in DEPENDS {
                if self.found[NAMES.iter().position(|(n, _)| n == f).expect("a family of NAMES")] {
                    self.family(dep);
                }
            }
        }
        BUILTIN_FAMILIES.iter().map(|f| NAMES.iter().position(|(n, _)| n == f).is_some_and(|i| self.found[i])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn families(src: &str) -> Vec<&'static str> {
        families_of(src, false)
    }

    fn families_of(src: &str, builtin: bool) -> Vec<&'static str> {
        let (program, _) = crate::parse_for_test(src);
        let mut v = Names { everything: false, found: vec![false; NAMES.len()], builtin };
        v.visit_program(program);
        BUILTIN_FAMILIES.iter().zip(v.finish()).filter(|(_, on)| *on).map(|(f, _)| *f).collect()
    }

    #[test]
    fn names_decide() {
        assert_eq!(NAMES.len(), BUILTIN_FAMILIES.len());
        assert!(families("console.log('hello')").is_empty());
        assert_eq!(families("const r = /a+/g;"), ["regexp"]);
        assert_eq!(families("'abc'.match('b')"), ["regexp"]);
        assert_eq!(families("const k = 'search'; ''[k]('a')"), ["regexp"]);
        assert_eq!(families("new Date()"), ["date"]);
        assert_eq!(families("const x = 10n;"), ["bigint"]);
        assert_eq!(families("new Uint8Array(4)"), ["bigint", "typed_arrays"]);
        assert_eq!(families("new TextEncoder()"), ["bigint", "typed_arrays", "web"]);
        assert_eq!(families("'e\\u0301'.normalize()"), ["normalize"]);
        assert_eq!(families("'a'.toUpperCase()"), ["case"]);
        assert_eq!(families("const k = 'toLowerCase'; ''[k]()"), ["case"]);
        assert_eq!(families("globalThis.foo = 1"), BUILTIN_FAMILIES);
        assert_eq!(families("const s = `${'Date'}`;"), ["date"]);
        assert_eq!(families("Math.max(new Map().size, new WeakRef({}) ? 1 : 0)"), ["math", "map_set", "weak"]);
        assert_eq!(families("new Intl.NumberFormat().format(1)"), ["date", "normalize", "intl"]);
        assert_eq!(families("(1).toLocaleString('en-US')"), ["date", "normalize", "intl"]);
    }

    #[test]
    fn a_built_in_module_naming_global_this_links_only_what_it_names() {
        let src = "Object.defineProperty(globalThis, 'atob', { value: 1 }); const c = globalThis.crypto;";
        assert_eq!(families_of(src, true), ["bigint", "typed_arrays", "web"]);
        assert_eq!(families_of(src, false), BUILTIN_FAMILIES);
    }
}
