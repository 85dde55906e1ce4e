//! Code generation from the mid-level IR (`crate::ir`), for the functions lowering covers.
//!
//! Opt-in while it reaches parity with the AST generator (`PERRY_IR=1`; issue 30): a function
//! whose IR exists is compiled from it, every other one from the AST. The translation is one
//! IR instruction at a time onto the value-level helpers the AST generator uses (inline caches,
//! number fast paths, runtime calls), and the bindings onto its storage (`FnCompiler::loc`:
//! number locals stay unboxed `f64` variables), so what differs is only what the IR makes
//! explicit: the order of evaluation and the guards.
//!
//! - IR blocks become Cranelift blocks; a block with a handler compiles its instructions with
//!   that handler's block as the innermost exception handler.
//! - Values are block-local in the IR; each maps to the Cranelift value that computed it.
//!   `truthy` of a comparison read by nothing else compiles to the comparison's condition
//!   (no boolean is made).
//! - Locals holding a binding go through the binding's storage; temporaries are variables.

use super::FnBody;
use super::func::{FnCompiler, Held};
use crate::ir::lower::AstFn;
use crate::ir::{self, BinOp, Const, Guard, Op, Term, UnOp};
use cranelift_codegen::ir::condcodes::FloatCC;
use cranelift_codegen::ir::{Block, InstBuilder, Value as V};
use cranelift_frontend::Variable;
use hashbrown::{HashMap, HashSet};
use oxc_syntax::operator::BinaryOperator;
use perry_abi::*;

/// Whether `PERRY_IR=1` asks for code generation from the IR.
pub fn enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("PERRY_IR").is_ok_and(|v| v == "1"))
}

/// A lowered module and what code generation needs beside it.
pub struct IrModule {
    pub lowered: ir::lower::Lowered,
}

impl IrModule {
    pub fn new(m: &crate::modules::Module) -> IrModule {
        let mut lowered = ir::lower::module(m);
        ir::passes::run(&mut lowered.ir, None);
        IrModule { lowered }
    }

    /// The lowered function with AST key `key`, if lowering covered it.
    pub fn function(&self, key: usize) -> Option<ir::FuncId> {
        let f = *self.lowered.by_key.get(&key)?;
        self.lowered.unsupported[f.index()].is_none().then_some(f)
    }
}

struct State {
    blocks: Vec<Block>,
    vals: Vec<Option<V>>,
    /// Comparisons compiled straight to a condition (read only by their `truthy`).
    conds: HashMap<ir::Value, V>,
    temps: HashMap<ir::Local, Variable>,
    declared: HashSet<ir::Local>,
    /// Property reads whose value some call calls (read with the method cache).
    callees: HashSet<ir::Value>,
}

fn binary_operator(op: BinOp) -> BinaryOperator {
    use BinaryOperator as B;
    match op {
        BinOp::Add => B::Addition,
        BinOp::Sub => B::Subtraction,
        BinOp::Mul => B::Multiplication,
        BinOp::Div => B::Division,
        BinOp::Rem => B::Remainder,
        BinOp::Exp => B::Exponential,
        BinOp::Shl => B::ShiftLeft,
        BinOp::Shr => B::ShiftRight,
        BinOp::UShr => B::ShiftRightZeroFill,
        BinOp::BitAnd => B::BitwiseAnd,
        BinOp::BitOr => B::BitwiseOR,
        BinOp::BitXor => B::BitwiseXOR,
        BinOp::Lt => B::LessThan,
        BinOp::Le => B::LessEqualThan,
        BinOp::Gt => B::GreaterThan,
        BinOp::Ge => B::GreaterEqualThan,
        BinOp::Eq => B::Equality,
        BinOp::Ne => B::Inequality,
        BinOp::StrictEq => B::StrictEquality,
        BinOp::StrictNe => B::StrictInequality,
        BinOp::In => B::In,
        BinOp::InstanceOf => B::Instanceof,
    }
}

/// The values read only by a `truthy` of the same block (so a comparison may skip the
/// boolean).
fn truthy_only(f: &ir::Function) -> HashSet<ir::Value> {
    let mut uses: HashMap<ir::Value, usize> = HashMap::new();
    let mut truthy: HashSet<ir::Value> = HashSet::new();
    for b in &f.blocks {
        for i in &b.insts {
            for u in i.op.uses() {
                *uses.entry(u).or_default() += 1;
            }
            if let Op::Truthy(v) = i.op {
                truthy.insert(v);
            }
        }
        if let Term::Branch(c, ..) | Term::Return(c) | Term::Throw(c) = b.term {
            *uses.entry(c).or_default() += 1;
        }
    }
    truthy.retain(|v| uses.get(v) == Some(&1));
    truthy
}

impl FnCompiler<'_, '_, '_> {
    /// Compiles the body of function `id` of `irm` (the function being compiled): after the
    /// prologue, the IR's blocks in order.
    pub fn compile_from_ir(&mut self, irm: &IrModule, id: ir::FuncId) {
        self.from_ir = true;
        let m = &irm.lowered.ir;
        let f = &m.functions[id.index()];
        let cmp_conds = truthy_only(f);
        let mut st = State {
            blocks: f.blocks.iter().map(|_| self.b.create_block()).collect(),
            vals: vec![None; f.values as usize],
            conds: HashMap::new(),
            temps: HashMap::new(),
            declared: HashSet::new(),
            callees: f.blocks.iter().flat_map(|b| &b.insts).filter_map(|i| if let Op::Call { callee, .. } = &i.op { Some(*callee) } else { None }).collect(),
        };
        self.jump(st.blocks[0]);
        for (bi, b) in f.blocks.iter().enumerate() {
            self.switch_to(st.blocks[bi]);
            let depth = self.handlers.len();
            if let Some(h) = b.handler {
                self.handlers.push(st.blocks[h.index()]);
            }
            for inst in &b.insts {
                self.ensure_open();
                let r = self.ir_inst(irm, f, inst, &mut st, &cmp_conds);
                if let (Some(res), Some(v)) = (inst.result, r) {
                    st.vals[res.index()] = Some(v);
                }
            }
            self.ensure_open();
            let val = |st: &State, v: ir::Value| st.vals[v.index()].expect("an IR value is defined before its use");
            match &b.term {
                Term::Jump(t) => self.jump(st.blocks[t.index()]),
                Term::Branch(c, y, n) => {
                    let c = val(&st, *c);
                    let (y, n) = (st.blocks[y.index()], st.blocks[n.index()]);
                    self.b.ins().brif(c, y, &[], n, &[]);
                    self.terminated = true;
                }
                Term::Return(v) => {
                    let v = val(&st, *v);
                    self.ret(v);
                    self.terminated = true;
                }
                Term::Throw(v) => {
                    let v = val(&st, *v);
                    self.rt(Rt::perry_throw, &[v]);
                    self.throw_pending();
                }
                Term::Unreachable | Term::Open => {
                    let u = self.undef();
                    self.ret(u);
                    self.terminated = true;
                }
            }
            self.handlers.truncate(depth);
        }
        self.gen_finish();
    }

    /// A new array of the values `vs`.
    fn array_of(&mut self, vs: &[V]) -> V {
        let n = self.iconst(vs.len() as u64);
        let arr = self.rt(Rt::perry_new_array, &[n]);
        for &v in vs {
            self.rt(Rt::perry_array_push, &[arr, v]);
        }
        arr
    }

    fn ir_local_set(&mut self, f: &ir::Function, l: ir::Local, v: V, st: &mut State) {
        let data = &f.locals[l.index()];
        match data.sym {
            None => {
                let var = *st.temps.entry(l).or_insert_with(|| self.new_var());
                self.def_var(var, v);
            }
            Some(s) if st.declared.insert(l) && data.kind == ir::LocalKind::Plain => self.declare_local(s, v),
            Some(s) => self.init_binding(s, v),
        }
    }

    fn ir_local_get(&mut self, f: &ir::Function, l: ir::Local, st: &mut State) -> V {
        match f.locals[l.index()].sym {
            None => {
                let var = *st.temps.entry(l).or_insert_with(|| self.new_var());
                self.use_var(var)
            }
            Some(s) => self.read_raw(s),
        }
    }

    fn ir_inst(&mut self, irm: &IrModule, f: &ir::Function, inst: &ir::Inst, st: &mut State, cmp_conds: &HashSet<ir::Value>) -> Option<V> {
        let val = |st: &State, v: ir::Value| st.vals[v.index()].expect("an IR value is defined before its use");
        let at = inst.at;
        Some(match &inst.op {
            Op::Const(c) => match c {
                Const::Undefined => self.undef(),
                Const::Null => self.iconst(NULL),
                Const::Bool(b) => self.iconst(if *b { TRUE } else { FALSE }),
                Const::Number(n) => self.num(*n),
                Const::String(s) => self.str_const(s),
                Const::Hole => self.iconst(HOLE),
            },
            Op::This => self.this_value(),
            Op::Callee => self.use_var(self.callee),
            Op::Param(i) => self.param(*i as usize),
            Op::LocalGet(l) => self.ir_local_get(f, *l, st),
            Op::LocalSet(l, v) => {
                let v = val(st, *v);
                self.ir_local_set(f, *l, v, st);
                return None;
            }
            Op::BoxNew(l) => {
                let s = f.locals[l.index()].sym.expect("a boxed local holds a binding");
                let h = self.iconst(HOLE);
                self.declare_local(s, h);
                return None;
            }
            Op::BoxGet(l) => self.ir_local_get(f, *l, st),
            Op::BoxSet(l, v) => {
                let v = val(st, *v);
                let s = f.locals[l.index()].sym.expect("a boxed local holds a binding");
                self.init_binding(s, v);
                return None;
            }
            Op::CapGet(i) => {
                let bx = self.capture_box(*i as usize);
                self.box_get(bx)
            }
            Op::CapSet(i, v) => {
                let v = val(st, *v);
                let bx = self.capture_box(*i as usize);
                self.box_set(bx, v);
                return None;
            }
            Op::ModuleGet(s) => self.read_symbol(*s, at),
            Op::ModuleSet(s, v) => {
                let v = val(st, *v);
                self.init_binding(*s, v);
                return None;
            }
            Op::GlobalGet(name) => {
                self.set_pos(at);
                self.global_read(name)
            }
            Op::Unary(op, v) => {
                let v = val(st, *v);
                match op {
                    UnOp::Neg => self.num_unary(v, Rt::perry_neg, |fc, f| fc.b.ins().fneg(f)),
                    UnOp::Plus => self.num_unary(v, Rt::perry_to_number, |_, f| f),
                    UnOp::BitNot => self.num_unary(v, Rt::perry_bnot, |fc, f| {
                        let x = fc.i32_of_num(f);
                        let n = fc.b.ins().bnot(x);
                        fc.b.ins().fcvt_from_sint(cranelift_codegen::ir::types::F64, n)
                    }),
                    UnOp::TypeOf => self.rt(Rt::perry_typeof, &[v]),
                    UnOp::Void => self.undef(),
                    UnOp::Not => {
                        // The operand is a boolean (`bool.value` of a condition).
                        self.b.ins().bxor_imm_u(v, 1)
                    }
                }
            }
            Op::Binary(op, l, r) => {
                let (l, r) = (val(st, *l), val(st, *r));
                self.set_pos(at);
                let cc = match op {
                    BinOp::Lt => Some((FloatCC::LessThan, 0)),
                    BinOp::Le => Some((FloatCC::LessThanOrEqual, 1)),
                    BinOp::Gt => Some((FloatCC::GreaterThan, 2)),
                    BinOp::Ge => Some((FloatCC::GreaterThanOrEqual, 3)),
                    _ => None,
                };
                if let Some(res) = inst.result
                    && cmp_conds.contains(&res)
                {
                    let cond = match (op, cc) {
                        (_, Some((cc, code))) => Some(self.compare_cond(l, r, cc, code)),
                        (BinOp::StrictEq, _) => Some(self.strict_eq(l, r)),
                        (BinOp::StrictNe, _) => {
                            let c = self.strict_eq(l, r);
                            Some(self.b.ins().bxor_imm_u(c, 1))
                        }
                        _ => None,
                    };
                    if let Some(c) = cond {
                        st.conds.insert(res, c);
                        // The boolean is never read: the branch takes the condition.
                        return Some(c);
                    }
                }
                self.binop(binary_operator(*op), l, r)
            }
            Op::Truthy(v) => match st.conds.get(v) {
                Some(&c) => c,
                None => {
                    let v = val(st, *v);
                    self.truthy(v)
                }
            },
            Op::BoolValue(c) => {
                let c = val(st, *c);
                self.bool_val(c)
            }
            Op::GetProp(o, name) => {
                let o = val(st, *o);
                match inst.result {
                    Some(r) if st.callees.contains(&r) => self.get_method(o, name, at),
                    _ => self.get_named(o, name, at),
                }
            }
            Op::SetProp(o, name, v) => {
                let (o, v) = (val(st, *o), val(st, *v));
                self.set_pos(at);
                self.set_named(o, name, v);
                return None;
            }
            Op::GetIndex(o, k) => {
                let (o, k) = (val(st, *o), val(st, *k));
                self.set_pos(at);
                self.get_index(o, k)
            }
            Op::SetIndex(o, k, v) => {
                let (o, k, v) = (val(st, *o), val(st, *k), val(st, *v));
                self.set_pos(at);
                self.set_index(o, k, v);
                return None;
            }
            Op::Call { callee, this, args, what, .. } => {
                let (fv, this) = (val(st, *callee), val(st, *this));
                let args: Vec<V> = args.iter().map(|a| val(st, *a)).collect();
                self.set_pos(at);
                self.call_with(fv, this, args, what)
            }
            Op::New { callee, args } => {
                let fv = val(st, *callee);
                let args: Vec<V> = args.iter().map(|a| val(st, *a)).collect();
                if args.len() > JS_REG_ARGS {
                    // Past the argument registers, the arguments travel in an array.
                    let arr = self.array_of(&args);
                    self.set_pos(at);
                    return Some(self.rt_check(Rt::perry_construct_spread, &[fv, arr]));
                }
                self.set_pos(at);
                self.construct_cached(fv, &args)
            }
            Op::Closure { func, name, .. } => {
                let key = m_key(irm, *func);
                let (body, length) = match irm.lowered.nodes[func.index()] {
                    AstFn::Function(f) => (FnBody::Function(f), super::func::fn_length(&f.params)),
                    AstFn::Arrow(a) => (FnBody::Arrow(a), super::func::fn_length(&a.params)),
                };
                self.make_closure(key, body, name, length)
            }
            Op::Array(vs) => {
                let vs: Vec<V> = vs.iter().map(|v| val(st, *v)).collect();
                self.array_of(&vs)
            }
            Op::Object(fs) => {
                let names: Vec<String> = fs.iter().map(|(k, _)| k.clone()).collect();
                let held: Vec<Held> = fs.iter().map(|(_, v)| Held::Raw(val(st, *v))).collect();
                self.shaped_object(&names, &held)
            }
            Op::Guard(Guard::Tdz(name), v) => {
                let v = val(st, *v);
                self.tdz_check(v, name.clone());
                return None;
            }
            Op::Caught => self.rt(Rt::perry_take_exception, &[]),
        })
    }
}

/// The AST key of function `f` of the module.
fn m_key(irm: &IrModule, f: ir::FuncId) -> usize {
    match irm.lowered.nodes[f.index()] {
        AstFn::Function(x) => x as *const oxc_ast::ast::Function as usize,
        AstFn::Arrow(a) => a as *const oxc_ast::ast::ArrowFunctionExpression as usize,
    }
}

/// The AST key of a function body being compiled, when it may come from the IR: plain
/// functions and arrows (not number entries, generators or async functions).
pub fn ir_key(body: FnBody) -> Option<usize> {
    match body {
        FnBody::Function(f) if !f.generator && !f.r#async => Some(f as *const oxc_ast::ast::Function as usize),
        FnBody::Arrow(a) if !a.r#async => Some(a as *const oxc_ast::ast::ArrowFunctionExpression as usize),
        _ => None,
    }
}
