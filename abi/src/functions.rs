//! The functions compiled code calls, declared once (see the crate docs,
//! "The ABI lists").

/// Calls `$mac!` with every function compiled code calls by name, in the
/// manner of Wasmtime's `foreach_builtin_function!`: one line per function,
/// `fn name(param: Type, ...) -> Type [flags];`, where `Type` is one of the
/// [`AbiType`] names (`Value`, `F64`, `Ptr`) or `Void` (no result) and the
/// optional flags are
///
/// - `preserving(name_pa)`: the runtime also defines `name_pa`, the same
///   function behind `perry_gc::preserving_trampoline!`, which compiled code
///   calls with Cranelift's `PreserveAll` convention (the slow paths of
///   inline fast paths);
/// - `preserve_all`: the function itself is called with `PreserveAll` (it
///   is written in assembly, so no Rust signature checks it).
///
/// Every other function is called with the platform's C convention and,
/// unless it is a number leaf, is reached through an exit trampoline
/// (`perry_gc::exit_trampoline!`). A `Value` result of `EXCEPTION` means the
/// call threw. A `Value` parameter is a 64-bit word: a NaN-boxed value, or
/// the raw integer or address its name says (`atom`, `argc`, `meta`,
/// `code`, `slot`, `site`...).
///
/// The expansions: [`Rt`] and [`RuntimeFn`] here (the compiler declares its
/// imports from them), [`sig`] (the function-pointer type of each, which
/// the runtime's and stdlib's definitions are checked against at compile
/// time), the runtime's preserving trampolines.
#[macro_export]
macro_rules! foreach_runtime_function {
    ($mac:ident) => {
        $mac! {
        fn perry_get_named(o: Value, atom: Value) -> Value;
        fn perry_set_named(o: Value, atom: Value, v: Value) -> Value;
        fn perry_get_index(o: Value, k: Value) -> Value [preserving(perry_get_index_pa)];
        fn perry_set_index(o: Value, k: Value, v: Value) -> Value [preserving(perry_set_index_pa)];
        fn perry_get_index_site(o: Value, k: Value, site: Value) -> Value [preserving(perry_get_index_site_pa)];
        fn perry_set_index_site(o: Value, k: Value, v: Value, site: Value) -> Value [preserving(perry_set_index_site_pa)];
        fn perry_get_super(home: Value, k: Value, this: Value) -> Value;
        fn perry_set_super(home: Value, k: Value, v: Value, this: Value) -> Value;
        fn perry_delete(o: Value, k: Value) -> Value;
        fn perry_in(k: Value, o: Value) -> Value;
        fn perry_new_object(cap: Value) -> Value;
        fn perry_new_object_proto(proto: Value) -> Value;
        fn perry_define_prop(o: Value, k: Value, v: Value, flags: Value) -> Value;
        fn perry_object_spread(o: Value, src: Value) -> Value;
        fn perry_object_rest(src: Value, excluded: Value) -> Value;
        fn perry_require_object_coercible(v: Value) -> Value;
        fn perry_new_array(cap: Value) -> Value;
        fn perry_array_push(a: Value, v: Value) -> Value;
        fn perry_array_hole(a: Value) -> Value;
        fn perry_spread_into(a: Value, it: Value) -> Value;
        fn perry_rest_array(start: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value) -> Value;
        fn perry_arguments(argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value) -> Value;
        fn perry_closure(meta: Value, code: Value) -> Value;
        fn perry_closure_site(meta: Value, code: Value, site: Value) -> Value;
        fn perry_gen_new(f: Value, cells: Value) -> Value;
        fn perry_async_start(g: Value) -> Value;
        fn perry_async_resolved(v: Value) -> Value;
        fn perry_async_rejected() -> Value;
        fn perry_regexp_new(p: Value, f: Value) -> Value;
        fn perry_module_add(code: Value, is_async: Value) -> Value;
        fn perry_module_dep(m: Value, dep: Value) -> Value;
        fn perry_modules_run() -> Value;
        fn perry_cjs_add(wrapper_slot: Value, filename_const: Value) -> Value;
        fn perry_cjs_dep(m: Value, spec_const: Value, kind: Value, target: Value) -> Value;
        fn perry_cjs_bind(m: Value, name_const: Value, slot: Value) -> Value;
        fn perry_cjs_import(m: Value) -> Value;
        fn perry_cjs_name(m: Value, name_const: Value) -> Value;
        fn perry_import_dep(importer_const: Value, spec_const: Value, kind: Value, target: Value) -> Value;
        fn perry_dynamic_import(importer_const: Value, spec: Value) -> Value;
        fn perry_lazy_add(code: Value, is_async: Value) -> Value;
        fn perry_lazy_dep(m: Value, dep: Value) -> Value;
        fn perry_get_iterator(v: Value) -> Value;
        fn perry_yield_star_step(it: Value, v: Value, mode: Value) -> Value;
        fn perry_get_async_iterator(v: Value) -> Value;
        fn perry_next_method(it: Value) -> Value;
        fn perry_call_next(it: Value, next: Value) -> Value;
        fn perry_iter_result_value(r: Value) -> Value;
        fn perry_iter_result_check(r: Value) -> Value;
        fn perry_async_iter_return(it: Value) -> Value;
        fn perry_new_box(v: Value) -> Value;
        fn perry_construct(f: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value) -> Value;
        fn perry_construct_site(f: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value, site: Value) -> Value;
        fn perry_construct_plain(f: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value, site: Value, nfields: Value) -> Value;
        fn perry_construct_plain_spread(f: Value, args: Value, site: Value, nfields: Value) -> Value;
        fn perry_alloc_instance(proto: Value, root: Value) -> Value;
        fn perry_super_construct(active: Value, nt: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value) -> Value;
        fn perry_call_value(f: Value, this: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value, rest: Value) -> Value;
        fn perry_call_other(f: Value, this: Value, text: Value, argc: Value, a0: Value, a1: Value, a2: Value, a3: Value) -> Value;
        fn perry_call_spread(f: Value, this: Value, args: Value) -> Value;
        fn perry_construct_spread(f: Value, args: Value) -> Value;
        fn perry_super_construct_spread(active: Value, nt: Value, args: Value) -> Value;
        fn perry_class_setup(ctor: Value, parent: Value, has_parent: Value) -> Value;
        fn perry_set_home(f: Value, home: Value) -> Value;
        fn perry_require_callable(f: Value, text: Value) -> Value;
        fn perry_throw_class_call(f: Value) -> Value;
        fn perry_this_tdz() -> Value;
        fn perry_super_twice() -> Value;
        fn perry_derived_return(v: Value) -> Value;
        fn perry_throw(v: Value) -> Value;
        fn perry_take_exception() -> Value;
        fn perry_throw_tdz(name: Value) -> Value;
        fn perry_throw_const_assign() -> Value;
        fn perry_throw_error(kind: Value, msg: Value) -> Value;
        fn perry_stack_overflow() -> Value;
        fn perry_global_get(atom: Value) -> Value;
        fn perry_global_get_ic(atom: Value, ic: Value) -> Value;
        fn perry_learn_layout(o: Value, slot: Value, names: Value) -> Value;
        fn perry_watch_member(o: Value, k: Value, at: Value, accessor: Value, get: Value, set: Value) -> Value;
        fn perry_map_get(m: Value, k: Value) -> Value;
        fn perry_map_has(m: Value, k: Value) -> Value;
        fn perry_map_set(m: Value, k: Value, v: Value) -> Value;
        fn perry_set_add(s: Value, k: Value) -> Value;
        fn perry_native_loader() -> Value;
        fn perry_global_typeof(atom: Value) -> Value;
        fn perry_global_set(atom: Value, v: Value) -> Value;
        fn perry_global_put(atom: Value, v: Value) -> Value;
        fn perry_global_this() -> Value;
        fn perry_global_declare(atom: Value, v: Value, function: Value) -> Value;
        fn perry_add(a: Value, b: Value) -> Value;
        fn perry_numop(op: Value, a: Value, b: Value) -> Value [preserving(perry_numop_pa)];
        fn perry_compare(op: Value, a: Value, b: Value) -> Value [preserving(perry_compare_pa)];
        fn perry_loose_eq(a: Value, b: Value) -> Value;
        fn perry_strict_eq(a: Value, c: Value) -> Value;
        fn perry_to_number(v: Value) -> Value;
        fn perry_neg(v: Value) -> Value;
        fn perry_bnot(v: Value) -> Value;
        fn perry_to_numeric(v: Value) -> Value;
        fn perry_numeric_step(v: Value, delta: Value) -> Value;
        fn perry_bigint_from_str(s: Value) -> Value;
        fn perry_bigint_from_i64(i: Value) -> Value;
        fn perry_truthy(v: Value) -> Value;
        fn perry_typeof(v: Value) -> Value;
        fn perry_instanceof(v: Value, t: Value) -> Value;
        fn perry_to_string(v: Value) -> Value;
        fn perry_to_property_key(v: Value) -> Value;
        fn perry_concat(a: Value, b: Value) -> Value;
        fn perry_concat4(a: Value, b: Value, c: Value, d: Value) -> Value;
        fn perry_array_species_create(o: Value, len: Value) -> Value;
        fn perry_array_create_data(a: Value, k: Value, v: Value) -> Value;
        fn perry_array_get_present(o: Value, k: Value) -> Value;
        fn perry_array_get_k(o: Value, k: Value) -> Value;
        fn perry_iter_open(v: Value) -> Value;
        fn perry_iter_next(it: Value) -> Value;
        fn perry_iter_close(it: Value) -> Value;
        fn perry_for_in(o: Value) -> Value;
        fn perry_private_name(desc: Value) -> Value;
        fn perry_private_get(o: Value, name: Value) -> Value;
        fn perry_private_set(o: Value, name: Value, v: Value) -> Value;
        fn perry_private_define(o: Value, name: Value, v: Value, kind: Value) -> Value;
        fn perry_private_in(name: Value, o: Value) -> Value;
        fn perry_template_object(cooked: Value, raw: Value) -> Value;
        fn perry_module_namespace() -> Value;
        fn perry_namespace_export(ns: Value, key: Value, slot: Value) -> Value;
        fn perry_private_methods(this: Value, home: Value) -> Value;
        fn perry_alloc_shaped(shape: Value) -> Value;
        fn perry_card_dirty(slot: Value) -> Value;
        fn perry_set_named_ic(o: Value, atom: Value, v: Value, ic: Value) -> Value;
        fn perry_define_field_ic(o: Value, atom: Value, v: Value, ic: Value) -> Value;
        fn perry_literal_shape(o: Value, site: Value) -> Value;
        fn perry_get_named_ic(o: Value, atom: Value, ic: Value) -> Value;
        fn perry_get_method_ic(o: Value, atom: Value, ic: Value) -> Value;
        fn perry_get_method_poly_ic(o: Value, atom: Value, ic: Value) -> Value;
        fn perry_get_accessor_ic(o: Value, atom: Value, ic: Value) -> Value;
        fn perry_private_get_ic(o: Value, name: Value, ic: Value) -> Value;
        fn perry_private_set_ic(o: Value, name: Value, v: Value, ic: Value) -> Value;
        fn perry_set_accessor_ic(o: Value, atom: Value, v: Value, ic: Value) -> Value;
        fn perry_set_add_ic(o: Value, atom: Value, v: Value, ic: Value) -> Value;
        // Number leaves (no allocation, no trampoline): `%` and `**`, and
        // fmod saving every register for the slow path of an inline `%`
        // (defined in assembly: `out` receives the result).
        fn perry_fmod(a: F64, b: F64) -> F64;
        fn perry_pow(a: F64, b: F64) -> F64;
        fn perry_fmod_preserve(a: F64, b: F64, out: Ptr) -> Void [preserve_all];
        }
    };
}

/// The closed set of types the functions of [`foreach_runtime_function!`]
/// take and return. Each maps to one Cranelift type (the compiler) and one
/// Rust type (in [`sig`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AbiType {
    /// A 64-bit word (`u64`, Cranelift `I64`): a NaN-boxed value, or a raw
    /// integer or address below 2^48.
    Value,
    /// A double (`f64`, Cranelift `F64`).
    F64,
    /// A raw pointer (`*mut u8`, Cranelift `I64`).
    Ptr,
}

/// How compiled code calls a function of the list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CallConv {
    /// The platform's C convention (System V on x86-64).
    C,
    /// Every register but the result's is preserved (Cranelift's
    /// `PreserveAll`).
    PreserveAll,
}

/// One function of the list, as the compiler declares it.
#[derive(Debug)]
pub struct RuntimeFn {
    /// Its symbol.
    pub name: &'static str,
    pub params: &'static [AbiType],
    /// `None`: no result.
    pub result: Option<AbiType>,
    pub conv: CallConv,
    /// The symbol of its register-preserving form (called with
    /// [`CallConv::PreserveAll`], same parameters and result), if it has one.
    pub preserving: Option<&'static str>,
}

/// The Rust type of an [`AbiType`] name.
macro_rules! abi_rust_type {
    (Value) => {
        u64
    };
    (F64) => {
        f64
    };
    (Ptr) => {
        *mut u8
    };
}

/// The Rust function-pointer type of a signature of the list.
macro_rules! abi_fn_type {
    (($($arg:ident : $ty:ident),*) -> Void) => {
        unsafe extern "C" fn($($arg: abi_rust_type!($ty)),*)
    };
    (($($arg:ident : $ty:ident),*) -> $ret:ident) => {
        unsafe extern "C" fn($($arg: abi_rust_type!($ty)),*) -> abi_rust_type!($ret)
    };
}

macro_rules! abi_result {
    (Void) => {
        None
    };
    ($t:ident) => {
        Some(AbiType::$t)
    };
}

macro_rules! abi_preserving {
    () => {
        None
    };
    (preserving($pa:ident)) => {
        Some(stringify!($pa))
    };
    (preserve_all) => {
        None
    };
}

macro_rules! abi_conv {
    () => {
        CallConv::C
    };
    (preserving($pa:ident)) => {
        CallConv::C
    };
    (preserve_all) => {
        CallConv::PreserveAll
    };
}

macro_rules! declare_runtime_functions {
    ($( $(#[$attr:meta])* fn $name:ident ( $($arg:ident : $ty:ident),* ) -> $ret:ident $([$($flag:tt)*])? ; )*) => {
        /// A function of [`foreach_runtime_function!`]: the compiler names
        /// every runtime call by one of these (a misspelled name does not
        /// compile), and [`Rt::info`] gives its signature.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[repr(u16)]
        pub enum Rt {
            $( $(#[$attr])* $name, )*
        }

        impl Rt {
            /// Every function, in list order (`Rt::ALL[f as usize] == f`).
            pub const ALL: &'static [Rt] = &[$(Rt::$name),*];
            pub const COUNT: usize = Rt::ALL.len();

            /// Its symbol and signature.
            pub const fn info(self) -> &'static RuntimeFn {
                &RUNTIME_FUNCTIONS[self as usize]
            }

            /// Its symbol.
            pub const fn name(self) -> &'static str {
                self.info().name
            }
        }

        /// The signatures of [`Rt`], indexed by `Rt as usize`.
        pub static RUNTIME_FUNCTIONS: [RuntimeFn; Rt::COUNT] = [
            $( RuntimeFn {
                name: stringify!($name),
                params: &[$(AbiType::$ty),*],
                result: abi_result!($ret),
                conv: abi_conv!($($($flag)*)?),
                preserving: abi_preserving!($($($flag)*)?),
            }, )*
        ];

        /// The Rust type of each function of [`foreach_runtime_function!`],
        /// named like it. Every definition is checked against it at compile
        /// time (`const _: perry_abi::sig::perry_get_named = ...;` beside the
        /// runtime's `export!` functions and `perry_runtime::abi_export!`),
        /// so a wrong name, arity or type does not build. The assertion is a
        /// constant: it emits nothing.
        #[allow(non_camel_case_types)]
        pub mod sig {
            $( pub type $name = abi_fn_type!(($($arg: $ty),*) -> $ret); )*
        }
    };
}

foreach_runtime_function!(declare_runtime_functions);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_consistent() {
        for (i, &f) in Rt::ALL.iter().enumerate() {
            assert_eq!(f as usize, i);
            let info = f.info();
            assert!(info.name.starts_with("perry_"), "{}", info.name);
            // A `_pa` form is a `preserving_trampoline!`: at most six
            // integer arguments and a value, from a C-convention function.
            if let Some(pa) = info.preserving {
                assert_eq!(pa, alloc::format!("{}_pa", info.name));
                assert!(info.conv == CallConv::C && info.params.len() <= 6 && info.params.iter().all(|&t| t == AbiType::Value));
                assert_eq!(info.result, Some(AbiType::Value));
            }
        }
        // Every symbol once (the enum already rules out a repeated name).
        let mut names: alloc::vec::Vec<&str> = RUNTIME_FUNCTIONS.iter().flat_map(|f| [Some(f.name), f.preserving]).flatten().collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n);
    }
}
