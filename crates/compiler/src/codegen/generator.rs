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
use perry_abi::*;

pub struct GenState {
    /// Reloads the variables and dispatches (from the entry, on resumption).
    restore: Block,
    /// Per suspension point: the block that saves and returns, and the one
    /// that resumes.
    points: Vec<(Block, Block)>,
    /// The value a `yield` hands out.
    yielded: Variable,
    /// On resumption: the sent value, the mode and the generator object.
    sent: Variable,
    mode: Variable,
    gen_obj: Variable,
    /// An async function: point 0 hands the activation to `perry_async_start`,
    /// which runs it to its first `await` and returns its promise.
    is_async: bool,
}

impl FnCompiler<'_, '_, '_> {
    /// At the entry, after the stack check: a generator object as callee
    /// means a resumption.
    pub fn gen_entry(&mut self, is_async: bool) {
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
        self.generator = Some(super::generator::GenState { restore, points: Vec::new(), yielded, sent, mode, gen_obj, is_async });
    }

    /// A suspension point handing out `v`; returns the resumption's sent
    /// value and mode, for the caller to act on (`yield*` forwards them).
    fn suspend_raw(&mut self, v: V) -> (V, V) {
        self.ensure_open();
        let gs = self.generator.as_mut().expect("suspend in a generator");
        let save = self.b.create_block();
        let resume = self.b.create_block();
        gs.points.push((save, resume));
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
        let (_, m) = self.suspend_raw(v);
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
    pub fn yield_star(&mut self, iterable: V) -> V {
        let it = self.rt_check("perry_get_iterator", &[iterable]);
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
        let r = self.rt_check("perry_yield_star_step", &[it, rv, m]);
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
        let (s, m) = self.suspend_raw(v);
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
        for (i, &(_, resume)) in gs.points.iter().enumerate() {
            sw.set_entry(i as u128, resume);
        }
        sw.emit(&mut self.b, k, bad);
        self.b.switch_to_block(bad);
        let u = self.undef();
        self.b.ins().return_(&[u]);
        // Suspension: save every variable, record the point, return.
        for (i, &(save, _)) in gs.points.iter().enumerate() {
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
            let out = if i == 0 && gs.is_async {
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
