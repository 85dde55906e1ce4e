//! %GeneratorPrototype% (ECMAScript 27.5): `next`, `return`, `throw` resume
//! a generator object's compiled state machine (compiler `codegen/generator.rs`).

use crate::method;
use perry_abi::*;
use perry_gc::HandleScope;
use perry_runtime::error;
use perry_runtime::function::Args;
use perry_runtime::iter;
use perry_runtime::realm::{self, I};
use perry_runtime::{JsResult, Value};

fn state(g: Value) -> i64 {
    g.field(GEN_STATE).as_number() as i64
}

/// GeneratorResume / GeneratorResumeAbrupt (27.5.3.3-4).
fn resume(args: &Args, mode: u64, what: &str) -> JsResult {
    let g = args.this();
    if !g.is_cell() || g.kind() != KIND_GENERATOR {
        return Err(error::type_error(&format!("{what} method called on incompatible receiver {}", crate::object_builtins::v8_brief(g))));
    }
    let v = args.get(0);
    match state(g) {
        GEN_RUNNING => return Err(error::type_error("Generator is already running")),
        GEN_DONE => {
            return match mode {
                GEN_THROW => Err(error::throw(v)),
                GEN_RETURN => Ok(iter::result_object(v, true)),
                _ => Ok(iter::result_object(Value::UNDEFINED, true)),
            };
        }
        // Not started: an abrupt resumption completes it without running.
        0 if mode != GEN_NEXT => {
            g.set_field(GEN_STATE, Value::int(GEN_DONE));
            return if mode == GEN_THROW { Err(error::throw(v)) } else { Ok(iter::result_object(v, true)) };
        }
        _ => {}
    }
    let scope = HandleScope::new();
    let hg = scope.root(g.0);
    let code = g.field(GEN_FN).word(FN_CODE);
    // The code dispatches on the saved state and marks the generator running;
    // a suspension point stores its index again.
    let block = [g.0, UNDEFINED, UNDEFINED, 2, v.0, mode, UNDEFINED, UNDEFINED, UNDEFINED];
    let r = perry_gc::frames::enter(code, &block);
    let g = Value(hg.get());
    if r == EXCEPTION {
        g.set_field(GEN_STATE, Value::int(GEN_DONE));
        return Err(error::Exc);
    }
    let done = state(g) == GEN_RUNNING;
    if done {
        g.set_field(GEN_STATE, Value::int(GEN_DONE));
    }
    Ok(iter::result_object(Value(r), done))
}

fn next(args: &Args) -> JsResult {
    resume(args, GEN_NEXT, "next")
}

fn return_(args: &Args) -> JsResult {
    resume(args, GEN_RETURN, "return")
}

fn throw(args: &Args) -> JsResult {
    resume(args, GEN_THROW, "throw")
}

pub fn install() {
    let p = || realm::get(I::GeneratorProto);
    method(p(), "next", 1, next);
    method(p(), "return", 1, return_);
    method(p(), "throw", 1, throw);
    crate::to_string_tag(p(), "Generator");
}
