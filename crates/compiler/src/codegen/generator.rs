//! Generator functions as resumable state machines (DESIGN.md, "Async
//! functions, generators, box cells").
//!
//! A generator function compiles to one machine function with two ways in.
//! Called as a function, it binds its parameters (FunctionDeclarationInstantiation)
//! and then suspends at point 0: `perry_gen_new` makes the generator object,
//! whose frame (a value array) receives every variable of the activation,
//! and the call returns it. `next`/`throw`/`return` call the same code with
//! the generator object as callee: the entry sees that, reloads every
//! variable from the frame and switches on the saved state to the block
//! after the suspension point, where the resumption mode makes the `yield`
//! produce the sent value, throw it, or return it (through the `finally`
//! blocks, as a `return` statement there would).
//!
//! Saving every declared variable rather than the live ones is simple and
//! always right (a variable not yet defined on a path reads as zero, a
//! number); the save and restore blocks are filled after the whole body is
//! compiled, when every variable is known. The effect epoch is bumped at
//! each suspension point: other code runs while the generator waits.

use super::func::FnCompiler;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, InstBuilder, MemFlagsData, Value as V, types};
use cranelift_frontend::{Switch, Variable};
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_syntax::scope::ScopeFlags;
use perry_abi::*;

pub struct GenState {
    /// Reloads the variables and dispatches (from the entry, on resumption).
    restore: Block,
    /// Per suspension point: the block that saves and returns, the one
    /// that resumes, and whether it is an async generator's `yield` (which
    /// records `AG_SUSPENDED_YIELD`; its `await`s leave the state executing).
    points: Vec<(Block, Block, bool)>,
    /// The value a `yield` hands out.
    yielded: Variable,
    /// On resumption: the sent value, the mode and the generator object.
    sent: Variable,
    mode: Variable,
    gen_obj: Variable,
    /// An async function: point 0 hands the activation to `perry_async_start`,
    /// which runs it to its first `await` and returns its promise.
    is_async: bool,
    /// An async generator: point 0 returns the generator object, like a
    /// generator's; `yield` awaits its operand first.
    pub is_async_gen: bool,
}

impl FnCompiler<'_, '_, '_> {
    /// At the entry, after the stack check: a generator object as callee
    /// means a resumption.
    pub fn gen_entry(&mut self, is_async: bool, is_async_gen: bool) {
        let restore = self.b.create_block();
        let cont = self.b.create_block();
        let callee = self.b.use_var(self.callee);
        let is_gen = self.kind_test(callee, KIND_GENERATOR);
        let f = self.b.use_var(is_gen);
        self.b.ins().brif(f, restore, &[], cont, &[]);
        self.b.switch_to_block(cont);
        let yielded = self.new_var();
        let sent = self.new_var();
        let mode = self.declare(types::I64);
        let gen_obj = self.new_var();
        self.generator = Some(super::generator::GenState { restore, points: Vec::new(), yielded, sent, mode, gen_obj, is_async, is_async_gen });
    }

    /// A suspension point handing out `v`; returns the resumption's sent
    /// value and mode, for the caller to act on (`yield*` forwards them).
    fn suspend_raw(&mut self, v: V, is_yield: bool) -> (V, V) {
        self.ensure_open();
        let gs = self.generator.as_mut().expect("suspend in a generator");
        let save = self.b.create_block();
        let resume = self.b.create_block();
        gs.points.push((save, resume, is_yield && gs.is_async_gen));
        let (yielded, sent, mode) = (gs.yielded, gs.sent, gs.mode);
        self.b.def_var(yielded, v);
        self.b.ins().jump(save, &[]);
        self.b.switch_to_block(resume);
        self.effects += 1;
        (self.b.use_var(sent), self.b.use_var(mode))
    }

    /// A suspension point handing out `v` (point 0, the initial one, hands
    /// out the new generator object). Returns the value the resumption
    /// produces (the sent value in `next` mode).
    pub fn suspend(&mut self, v: V) -> V {
        self.suspend_as(v, false)
    }

    /// `yield v`: in an async generator, `v` is awaited first (27.6.3.8
    /// AsyncGeneratorYield(? Await(v))); a `return` resumption arrives with
    /// its value already awaited by the driver.
    pub fn yield_value(&mut self, v: V) -> V {
        if self.generator.as_ref().is_some_and(|g| g.is_async_gen) {
            let a = self.suspend(v);
            return self.suspend_as(a, true);
        }
        self.suspend(v)
    }

    /// Whether this is an async generator's body.
    pub fn in_async_gen(&self) -> bool {
        self.generator.as_ref().is_some_and(|g| g.is_async_gen)
    }

    /// `await v` whose outcome is ignored (a fulfilment or a rejection).
    pub fn suspend_await_any(&mut self, v: V) {
        self.suspend_raw(v, false);
    }

    /// Whether this module's body awaits at its top level (then it compiles
    /// as an async activation). Only the entry module may.
    pub fn module_has_tla(&self) -> bool {
        struct Finder(bool);
        impl<'a> Visit<'a> for Finder {
            fn visit_await_expression(&mut self, _: &AwaitExpression<'a>) {
                self.0 = true;
            }
            fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
                self.0 |= it.r#await;
                oxc_ast_visit::walk::walk_for_of_statement(self, it);
            }
            fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}
            fn visit_arrow_function_expression(&mut self, _: &ArrowFunctionExpression<'a>) {}
        }
        let mut f = Finder(false);
        f.visit_program(self.m.program);
        let entry = self.c.graph.order.last() == Some(&self.module);
        f.0 && entry
    }

    fn suspend_as(&mut self, v: V, is_yield: bool) -> V {
        let (_, m) = self.suspend_raw(v, is_yield);
        let sent = self.generator.as_ref().expect("suspend in a generator").sent;
        let normal = self.b.create_block();
        let other = self.b.create_block();
        let is_next = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_NEXT as i64);
        self.b.ins().brif(is_next, normal, &[], other, &[]);
        self.b.switch_to_block(other);
        let thr = self.b.create_block();
        let ret = self.b.create_block();
        let is_throw = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_THROW as i64);
        self.b.ins().brif(is_throw, thr, &[], ret, &[]);
        self.b.switch_to_block(thr);
        let s = self.b.use_var(sent);
        self.rt("perry_throw", &[s]);
        self.throw_pending();
        self.b.switch_to_block(ret);
        self.terminated = false;
        let s = self.b.use_var(sent);
        self.do_return(s);
        self.b.switch_to_block(normal);
        self.terminated = false;
        self.b.use_var(sent)
    }

    /// `yield* iterable` (14.4.4): every resumption is forwarded to the inner
    /// iterator (`perry_yield_star_step`: next, throw or return) until its
    /// result is done; its value is the expression's, or with `return` the
    /// generator's own return.
    /// In an async generator the iterator is an async one (sync iterators
    /// are wrapped), each result is awaited, and its values are handed out
    /// without awaiting them again.
    pub fn yield_star(&mut self, iterable: V) -> V {
        let is_async = self.in_async_gen();
        let it = self.rt_check(if is_async { "perry_get_async_iterator" } else { "perry_get_iterator" }, &[iterable]);
        let itv = self.new_var();
        self.b.def_var(itv, it);
        let received = self.new_var();
        let u = self.undef();
        self.b.def_var(received, u);
        let mode = self.declare(types::I64);
        let next = self.iconst(GEN_NEXT);
        self.b.def_var(mode, next);
        let head = self.b.create_block();
        let exit = self.b.create_block();
        let res = self.new_var();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        self.effects += 1;
        let (it, rv, m) = (self.b.use_var(itv), self.b.use_var(received), self.b.use_var(mode));
        let mut r = self.rt_check("perry_yield_star_step", &[it, rv, m]);
        if is_async {
            let a = self.suspend(r);
            r = self.rt_check("perry_iter_result_check", &[a]);
        }
        let rh = self.new_var();
        self.b.def_var(rh, r);
        let done = self.get_named(r, "done", 0);
        let d = self.truthy(done);
        let fin = self.b.create_block();
        let more = self.b.create_block();
        self.b.ins().brif(d, fin, &[], more, &[]);
        // Done: the value ends the `yield*`, or returns when resumed with `return`.
        self.b.switch_to_block(fin);
        let r = self.b.use_var(rh);
        let v = self.get_named(r, "value", 0);
        self.b.def_var(res, v);
        let m = self.b.use_var(mode);
        let is_ret = self.b.ins().icmp_imm_u(IntCC::Equal, m, GEN_RETURN as i64);
        let ret = self.b.create_block();
        self.b.ins().brif(is_ret, ret, &[], exit, &[]);
        self.b.switch_to_block(ret);
        let v = self.b.use_var(res);
        self.do_return(v);
        // Not done: hand out its value, forward the resumption.
        self.b.switch_to_block(more);
        self.terminated = false;
        let r = self.b.use_var(rh);
        let v = self.get_named(r, "value", 0);
        let (s, m) = self.suspend_raw(v, true);
        self.b.def_var(received, s);
        self.b.def_var(mode, m);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(exit);
        self.terminated = false;
        self.b.use_var(res)
    }

    /// Fills the restore and save blocks, once every variable is declared.
    pub fn gen_finish(&mut self) {
        let Some(gs) = self.generator.take() else { return };
        let vars: Vec<(Variable, types::Type)> = self.var_types.iter().copied().filter(|(v, _)| ![gs.sent, gs.mode, gs.gen_obj].contains(v)).collect();
        let n = vars.len();
        // Resumption: callee = generator, a0 = sent value, a1 = mode.
        self.b.switch_to_block(gs.restore);
        let g = self.b.use_var(self.callee);
        let s = self.b.use_var(self.regs[0]);
        let m = self.b.use_var(self.regs[1]);
        self.b.def_var(gs.gen_obj, g);
        self.b.def_var(gs.sent, s);
        self.b.def_var(gs.mode, m);
        let fp = self.load_field(g, GEN_FRAME);
        for (i, &(var, ty)) in vars.iter().enumerate() {
            let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), fp, 8 + 8 * i as i32);
            let v = if ty == types::I64 {
                w
            } else if ty == types::F64 {
                self.b.ins().bitcast(types::F64, MemFlagsData::new(), w)
            } else {
                self.b.ins().ireduce(ty, w)
            };
            self.b.def_var(var, v);
        }
        let state = self.load_field(g, GEN_STATE);
        let sf = self.b.ins().bitcast(types::F64, MemFlagsData::new(), state);
        let k = self.b.ins().fcvt_to_sint_sat(types::I64, sf);
        let running = self.num(GEN_RUNNING as f64);
        let gp = self.ptr_of(g);
        self.b.ins().store(MemFlagsData::trusted(), running, gp, GEN_STATE);
        let bad = self.b.create_block();
        let mut sw = Switch::new();
        for (i, &(_, resume, _)) in gs.points.iter().enumerate() {
            sw.set_entry(i as u128, resume);
        }
        sw.emit(&mut self.b, k, bad);
        self.b.switch_to_block(bad);
        let u = self.undef();
        self.b.ins().return_(&[u]);
        // Suspension: save every variable, record the point, return.
        for (i, &(save, _, is_yield)) in gs.points.iter().enumerate() {
            self.b.switch_to_block(save);
            let g = if i == 0 {
                let f = self.b.use_var(self.callee);
                let nv = self.iconst(n as u64);
                let g = self.rt("perry_gen_new", &[f, nv]);
                self.b.def_var(gs.gen_obj, g);
                g
            } else {
                self.b.use_var(gs.gen_obj)
            };
            // Box cells are roots of every minor collection: no barrier.
            let fp = self.load_field(g, GEN_FRAME);
            for (j, &(var, ty)) in vars.iter().enumerate() {
                let v = self.b.use_var(var);
                let w = if ty == types::I64 {
                    v
                } else if ty == types::F64 {
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), v)
                } else {
                    self.b.ins().uextend(types::I64, v)
                };
                self.b.ins().store(MemFlagsData::trusted(), w, fp, 8 + 8 * j as i32);
            }
            let st = self.num(i as f64);
            let gp = self.ptr_of(g);
            self.b.ins().store(MemFlagsData::trusted(), st, gp, GEN_STATE);
            if is_yield {
                let y = self.num(AG_SUSPENDED_YIELD as f64);
                self.b.ins().store(MemFlagsData::trusted(), y, gp, GEN_AGSTATE);
            }
            let out = if i == 0 && gs.is_async && !gs.is_async_gen {
                let g = self.b.use_var(gs.gen_obj);
                self.rt("perry_async_start", &[g])
            } else if i == 0 {
                g
            } else {
                self.b.use_var(gs.yielded)
            };
            self.b.ins().return_(&[out]);
        }
    }
}
