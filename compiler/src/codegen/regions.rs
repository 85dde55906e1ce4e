//! Number regions: guards hoisted out of straight-line number code on class instances.
//!
//! A run of statements inside a loop that only declares or assigns numbers made from number
//! constants, locals and the fields of instances of plain classes (`const dx = bi.x - bj.x`,
//! `bi.vx -= dx * bj.mass * mag`) is compiled twice ([`FnCompiler::stmts`]):
//!
//! - **The entry test**, once: every receiver (`bi`, `bj`) has its predicted class's instance
//!   shape, every field the run reads holds a number, and every local the run reads that is
//!   not already a number local holds a number. Nothing in it runs user code or allocates:
//!   raw reads and compares.
//! - **The fast copy**, when the test passes: receivers' fields are loads at their constant
//!   offsets with no shape test (`Predicted::proven`), read as doubles with no tag test, and
//!   stored with no barrier; the run's locals are `f64` variables. It makes no call, so
//!   nothing can change a receiver's shape or store a non-number into a field between the
//!   test and the last statement: the run itself only stores numbers. At its end the locals
//!   it declared or assigned are written to their ordinary storage, so the code after it (and
//!   the other copy's join) sees them as the generic copy would leave them.
//! - **The generic copy**, otherwise: the statements as every other statement compiles.
//!
//! Both copies join after the run. A statement that could run user code (a call, a getter,
//! an operator on something not known to be a number) ends the run: its code stays where it
//! is, between two runs. No statement resumes half done, and the fast copy cannot throw: a
//! local the run reads in its TDZ holds the hole, which the entry test finds is no number (the
//! generic copy then throws where it should); assignments to constants and reads of the run's
//! own declarations before them are not run statements. So a `catch` never sees the run's
//! `f64` variables half written back.

use super::expr::Predicted;
use super::func::{FnCompiler, Loc};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, types};
use oxc_ast::ast::*;
use oxc_span::GetSpan;
use oxc_syntax::operator::{AssignmentOperator, BinaryOperator, UnaryOperator};
use oxc_syntax::symbol::{SymbolFlags, SymbolId};
use perry_abi::{INTACT_MATH, INTACT_MATH_GLOBAL, MATH_INLINE, MIN_TAGGED};

/// A run's statements at most (each is compiled twice).
const MAX_STATEMENTS: usize = 24;
/// Values the entry test checks at most (fields and locals).
const MAX_CHECKS: usize = 32;

/// What a run reads and writes, as [`FnCompiler::scan_stmt`] finds it.
#[derive(Clone, Default)]
pub struct Region {
    /// The receivers, each with its predicted class's shape slot and field offsets.
    recv: Vec<(SymbolId, Predicted)>,
    /// Fields read: (receiver, byte offset).
    fields: Vec<(SymbolId, i32)>,
    /// Bindings the run declares (`const`/`let` of a number).
    decls: Vec<SymbolId>,
    /// Locals declared before the run that it reads before writing: tested at entry.
    outers: Vec<SymbolId>,
    /// Locals declared before the run that it assigns.
    assigned: Vec<SymbolId>,
    /// The `Math` functions it calls (`MATH_INLINE` indices).
    math: Vec<usize>,
    /// Field reads and writes.
    accesses: usize,
}

impl FnCompiler<'_, '_, '_> {
    /// The number region starting at statement `i` of `list`: its end and what it touches,
    /// when it is worth compiling twice (two or more field accesses).
    pub fn number_region(&mut self, list: &'static [Statement<'static>], i: usize) -> Option<(usize, Region)> {
        if self.generator.is_some() || self.inlining || self.terminated || !self.jumps.iter().any(|j| j.cont.is_some()) || self.predictions().is_empty() {
            return None;
        }
        let mut r = Region::default();
        let mut end = i;
        while end < list.len() && end - i < MAX_STATEMENTS {
            let mut next = r.clone();
            if !self.scan_stmt(&list[end], &mut next) || next.fields.len() + next.outers.len() > MAX_CHECKS {
                break;
            }
            r = next;
            end += 1;
        }
        (r.accesses >= 2).then_some((end, r))
    }

    /// Adds statement `s` to region `r`; false when it cannot be part of one.
    fn scan_stmt(&mut self, s: &'static Statement<'static>, r: &mut Region) -> bool {
        match s {
            Statement::VariableDeclaration(d) => {
                if d.declare || !matches!(d.kind, VariableDeclarationKind::Let | VariableDeclarationKind::Const) {
                    return false;
                }
                for decl in &d.declarations {
                    let (BindingPattern::BindingIdentifier(id), Some(init)) = (&decl.id, &decl.init) else { return false };
                    let Some(sym) = id.symbol_id.get() else { return false };
                    if !self.scan_expr(init, r) || r.recv.iter().any(|(s, _)| *s == sym) || r.outers.contains(&sym) || r.assigned.contains(&sym) {
                        return false;
                    }
                    // A number local keeps its storage; another plain local gets an `f64`
                    // variable in the fast copy.
                    if !self.is_num_storage(sym) {
                        if !self.plain_local(sym) {
                            return false;
                        }
                        r.decls.push(sym);
                    }
                }
                true
            }
            Statement::ExpressionStatement(es) => {
                let Expression::AssignmentExpression(a) = &es.expression else { return false };
                let compound = match a.operator {
                    AssignmentOperator::Assign => false,
                    AssignmentOperator::Addition | AssignmentOperator::Subtraction | AssignmentOperator::Multiplication | AssignmentOperator::Division => true,
                    _ => return false,
                };
                match &a.left {
                    AssignmentTarget::AssignmentTargetIdentifier(id) => {
                        let Some(sym) = id.reference_id.get().and_then(|x| self.scoping().get_reference(x).symbol_id()) else { return false };
                        if self.scoping().symbol_flags(sym).contains(SymbolFlags::ConstVariable) || r.recv.iter().any(|(s, _)| *s == sym) {
                            return false;
                        }
                        // The target is read at entry even for `=`: a binding in its TDZ must
                        // throw there, in the generic copy (the hole is no number).
                        if !self.scan_read(sym, r) {
                            return false;
                        }
                        if !self.scan_expr(&a.right, r) {
                            return false;
                        }
                        if !r.decls.contains(&sym) && !self.is_num_storage(sym) {
                            if !self.plain_local(sym) {
                                return false;
                            }
                            if !r.assigned.contains(&sym) {
                                r.assigned.push(sym);
                            }
                        }
                        true
                    }
                    AssignmentTarget::StaticMemberExpression(m) => self.scan_field(m, compound, r) && self.scan_expr(&a.right, r),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Adds number expression `e` to `r`; false when it is not one a region can hold.
    fn scan_expr(&mut self, e: &'static Expression<'static>, r: &mut Region) -> bool {
        match e {
            Expression::NumericLiteral(_) => true,
            Expression::ParenthesizedExpression(p) => self.scan_expr(&p.expression, r),
            Expression::TSAsExpression(x) => self.scan_expr(&x.expression, r),
            Expression::TSNonNullExpression(x) => self.scan_expr(&x.expression, r),
            Expression::UnaryExpression(u) => matches!(u.operator, UnaryOperator::UnaryNegation | UnaryOperator::UnaryPlus) && self.scan_expr(&u.argument, r),
            Expression::BinaryExpression(b) => {
                matches!(b.operator, BinaryOperator::Addition | BinaryOperator::Subtraction | BinaryOperator::Multiplication | BinaryOperator::Division)
                    && self.scan_expr(&b.left, r)
                    && self.scan_expr(&b.right, r)
            }
            Expression::Identifier(id) => match id.reference_id.get().and_then(|x| self.scoping().get_reference(x).symbol_id()) {
                Some(sym) => self.scan_read(sym, r),
                None => false,
            },
            Expression::StaticMemberExpression(m) => self.scan_field(m, true, r),
            Expression::CallExpression(c) => {
                let Some(k) = MATH_INLINE.iter().position(|&n| Some(n) == self.global_static_method(c, "Math")) else { return false };
                let arity = if k >= 5 { 2 } else { 1 };
                if c.arguments.len() != arity || !c.arguments.iter().all(|a| a.as_expression().is_some_and(|x| self.scan_expr(x, r))) {
                    return false;
                }
                if !r.math.contains(&k) {
                    r.math.push(k);
                }
                true
            }
            _ => false,
        }
    }

    /// A read of binding `sym`: a number by its storage, a number the run made, or a plain
    /// local the entry test checks.
    fn scan_read(&mut self, sym: SymbolId, r: &mut Region) -> bool {
        if r.decls.contains(&sym) || r.assigned.contains(&sym) || r.outers.contains(&sym) || self.is_num_storage(sym) {
            return true;
        }
        if !self.plain_local(sym) || r.recv.iter().any(|(s, _)| *s == sym) {
            return false;
        }
        r.outers.push(sym);
        true
    }

    /// `o.f` with `o` a binding predicted to hold an instance of a plain class with field `f`
    /// (read when `read`), not assigned in the run.
    fn scan_field(&mut self, m: &'static StaticMemberExpression<'static>, read: bool, r: &mut Region) -> bool {
        let Expression::Identifier(id) = &m.object else { return false };
        if m.optional {
            return false;
        }
        let Some(sym) = id.reference_id.get().and_then(|x| self.scoping().get_reference(x).symbol_id()) else { return false };
        if r.decls.contains(&sym) || r.assigned.contains(&sym) || r.outers.contains(&sym) {
            return false;
        }
        let Some(pr) = self.predicted_field(&m.object, m.property.name.as_str()) else { return false };
        if !r.recv.iter().any(|(s, _)| *s == sym) {
            r.recv.push((sym, pr));
        }
        if read && !r.fields.contains(&(sym, pr.off)) {
            r.fields.push((sym, pr.off));
        }
        r.accesses += 1;
        true
    }

    /// A binding stored as a number (`f64` or integer local, module number constant).
    fn is_num_storage(&self, sym: SymbolId) -> bool {
        self.num_locals.contains(&sym) || self.int_locals.contains_key(&sym) || self.const_nums.values.contains_key(&sym)
    }

    /// The memo bit of receiver `sym` of the region with key `key` (`FnCompiler::recv_memo`),
    /// while bits are left.
    fn receiver_bit(&mut self, key: (usize, usize, u32), sym: SymbolId) -> Option<(cranelift_frontend::Variable, u32)> {
        let memo = self.recv_memo?;
        let n = self.recv_bits.len() as u32;
        if n >= 64 && !self.recv_bits.contains_key(&(key, sym)) {
            return None;
        }
        Some((memo, *self.recv_bits.entry((key, sym)).or_insert(n)))
    }

    /// A binding held in a variable of this function (not boxed, captured or global).
    fn plain_local(&mut self, sym: SymbolId) -> bool {
        matches!(self.loc(sym), Loc::Local(_) | Loc::Spec(..))
    }

    /// Compiles statements `list[i..end]`, region `r`, as the module doc says.
    pub fn number_region_code(&mut self, list: &'static [Statement<'static>], i: usize, end: usize, r: Region) {
        let fast = self.b.create_block();
        let generic = self.b.create_block();
        let join = self.b.create_block();

        // The entry test. The `Math` functions: the global `Math` and each function still the
        // built-in (`PERRY_INTACT`, kept by the runtime's watch: no read, no call); otherwise the
        // generic copy runs.
        let mut ok = self.b.ins().iconst(types::I8, 1);
        if !r.math.is_empty() {
            let mask = r.math.iter().fold(1u64 << INTACT_MATH_GLOBAL, |m, &k| m | 1 << (INTACT_MATH + k as u32));
            ok = self.intact(mask);
        }
        let mut ptrs = Vec::new();
        let key = (list.as_ptr() as usize, i, self.inline_frame);
        for (sym, pr) in &r.recv {
            let o = self.read_raw(*sym);
            let var = self.declare(types::I64);
            let offs: Vec<i32> = r.fields.iter().filter(|(s, _)| s == sym).map(|&(_, off)| off).collect();
            // A binding declared in the run's own statement list gets a new value every time
            // the list runs: a memo would only add its own tests.
            let span = self.scoping().symbol_span(*sym);
            let local = list.first().zip(list.last()).is_some_and(|(a, z)| a.span().start <= span.start && span.end <= z.span().end);
            let memo = if local { None } else { self.receiver_bit(key, *sym) };
            let Some((memo, bit)) = memo else {
                let (p, _) = self.shape_guard(o, self.c.globals_data, (pr.slot * 8) as i32, generic);
                self.def_var(var, p);
                for off in offs {
                    let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, off);
                    let n = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, w, MIN_TAGGED as i64);
                    ok = self.b.ins().band(ok, n);
                }
                ptrs.push((*sym, var));
                continue;
            };
            // Tested at an earlier entry, with nothing since that could have changed the
            // answer: no test.
            let bits = self.use_var(memo);
            let has = self.b.ins().band_imm_u(bits, 1i64 << bit);
            let test = self.b.create_block();
            let found = self.b.create_block();
            let cont = self.b.create_block();
            self.b.ins().brif(has, cont, &[], test, &[]);
            self.b.switch_to_block(test);
            let (p, _) = self.shape_guard(o, self.c.globals_data, (pr.slot * 8) as i32, generic);
            let mut nums = self.b.ins().iconst(types::I8, 1);
            for off in offs {
                let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, off);
                let n = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, w, MIN_TAGGED as i64);
                nums = self.b.ins().band(nums, n);
            }
            self.b.ins().brif(nums, found, &[], generic, &[]);
            self.b.switch_to_block(found);
            let bits = self.use_var(memo);
            let bits = self.b.ins().bor_imm_u(bits, 1i64 << bit);
            self.def_var(memo, bits);
            self.b.ins().jump(cont, &[]);
            self.b.switch_to_block(cont);
            let p = self.ptr_of(o);
            self.def_var(var, p);
            ptrs.push((*sym, var));
        }
        let mut outer_vals = Vec::new();
        for sym in &r.outers {
            // A probable number's flag says it holds its f64: read that, not the value (the
            // select through a general register would lengthen a loop-carried chain).
            let (n, f) = match self.loc(*sym) {
                Loc::Spec(fv, _, flag) => (self.use_var(flag), self.use_var(fv)),
                _ => {
                    let v = self.read_raw(*sym);
                    (self.is_number(v), self.f64_of(v))
                }
            };
            ok = self.b.ins().band(ok, n);
            outer_vals.push(f);
        }
        self.b.ins().brif(ok, fast, &[], generic, &[]);

        // The fast copy.
        self.b.switch_to_block(fast);
        let proven = std::mem::replace(&mut self.proven, ptrs);
        let math_proven = std::mem::replace(&mut self.math_proven, r.math.clone());
        let mut overrides = Vec::new();
        for &sym in r.decls.iter().chain(&r.outers).chain(&r.assigned) {
            if overrides.iter().any(|(s, _, _)| *s == sym) {
                continue;
            }
            let var = self.declare(types::F64);
            let known = self.num_known.syms.insert(sym);
            self.num_locals.insert(sym);
            let old = self.num_vars.insert(sym, var);
            overrides.push((sym, var, (old, known)));
        }
        for (sym, f) in r.outers.iter().zip(outer_vals) {
            let var = overrides.iter().find(|(s, _, _)| s == sym).unwrap().1;
            self.def_var(var, f);
        }
        for s in &list[i..end] {
            self.stmt(s);
        }
        // What the run declared dies with its block when the run ends the block.
        let decls_live = end < list.len();
        let mut out = Vec::new();
        if !self.terminated {
            for &(sym, var, _) in &overrides {
                if (decls_live && r.decls.contains(&sym)) || r.assigned.contains(&sym) {
                    let f = self.use_var(var);
                    out.push((sym, f));
                }
            }
        }
        for (sym, _, (old, known)) in overrides {
            self.num_locals.remove(&sym);
            match old {
                Some(v) => self.num_vars.insert(sym, v),
                None => self.num_vars.remove(&sym),
            };
            if known {
                self.num_known.syms.remove(&sym);
            }
        }
        self.proven = proven;
        self.math_proven = math_proven;
        if !self.terminated {
            for (sym, f) in out {
                let v = self.val_of_f64(f);
                self.init_binding(sym, v);
            }
            // The receivers' shapes were tested and nothing since was a call.
            let one = self.b.ins().iconst(types::I8, 1);
            for (sym, _) in &r.recv {
                if let Some(&m) = self.shape_memo.get(sym) {
                    self.def_var(m, one);
                }
            }
        }
        self.jump(join);

        // The generic copy.
        self.b.switch_to_block(generic);
        self.terminated = false;
        for s in &list[i..end] {
            self.stmt(s);
        }
        self.switch_to(join);
    }
}
