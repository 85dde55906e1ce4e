//! The IR passes, in the one order they run ([`PIPELINE`]).
//!
//! Each pass is a function over a whole [`Module`] (it may look at every function: call
//! targets and class-hierarchy facts are the module's), documented in its own file with what
//! it proves and what it leaves. Each has filetests (`compiler/tests/ir/*.ts`, run by
//! `ir::filetests`): the IR before and after it, compared as text.

pub mod calls;
pub mod forward;
pub mod scalar;

use super::Module;

pub struct Pass {
    pub name: &'static str,
    pub run: fn(&mut Module),
}

/// The passes, in the order they run.
pub const PIPELINE: &[Pass] =
    &[Pass { name: "calls", run: calls::run }, Pass { name: "scalar", run: scalar::run }, Pass { name: "forward", run: forward::run }];

/// Runs the pipeline up to and including the pass named `last` (all of it for `None`).
pub fn run(m: &mut Module, last: Option<&str>) {
    for p in PIPELINE {
        (p.run)(m);
        if Some(p.name) == last {
            break;
        }
    }
}

/// Whether `name` is a pass of the pipeline.
pub fn exists(name: &str) -> bool {
    PIPELINE.iter().any(|p| p.name == name)
}
