//! Perry's JavaScript runtime: values, the object model, operators, calls,
//! exceptions, iteration, and the `extern "C"` ABI compiled code calls
//! (module [`abi`]). Built-in objects live in `perry-stdlib`.

pub mod abi;
pub mod array;
pub mod atoms;
pub mod bigint;
pub mod binding;
pub mod bytes;
pub mod collections;
pub mod dict;
pub mod error;
pub mod function;
pub mod generator;
pub mod iter;
pub mod object;
pub mod ops;
pub mod proxy;
pub mod realm;
pub mod shape;
pub mod sourcemap;
pub mod stack;
pub mod string;
pub mod symbol;
pub mod tables;
pub mod value;
pub mod watch;

pub use error::{Exc, JsResult};
pub use function::Args;
pub use value::{CellRef, Value};

/// Sets up the collector and the runtime tables (before the stdlib installs
/// the built-ins).
pub fn init() {
    binding::init();
    atoms::init();
    for n in atoms::names::ALL {
        atoms::intern(n);
    }
    realm::init();
    watch::init();
    ops::init_number_string_cache();
    ops::init_unit_strings();
    error::init();
    abi::init_stack_limit();
}
