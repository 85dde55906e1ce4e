//! Statements: declarations, control flow, exceptions, loops and iteration.
//!
//! # `if`-select
//!
//! `if (c) x = e;` / `x op= e` (`+ - *`) on a local, with `e` made of locals, number constants
//! and `+ - *`, compiles to a select on integer registers ([`if_select`]): a branch that
//! follows the data (`if (s >= M) s -= M`) is the one the processor mispredicts. When `c`
//! compares such operands it is computed in the fast path too; locals not known to be numbers
//! are tested first, and the statement runs as a plain `if` when one is not. `finally` on
//! `break`/`continue`/`return` is inlined at each exit. Function declarations are hoisted per
//! block.

use super::FnBody;
use super::func::{Cleanup, FnCompiler, JumpTarget, Loc, fn_length, pattern_name};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{Block, InstBuilder, JumpTableData, MemFlagsData, Value as V, types};
use cranelift_frontend::Variable;
use oxc_ast::ast::*;
use oxc_span::GetSpan;
use oxc_syntax::operator::{AssignmentOperator, BinaryOperator, UnaryOperator};
use oxc_syntax::symbol::SymbolFlags;
use perry_abi::*;

impl FnCompiler<'_, '_, '_> {
    pub fn stmts(&mut self, list: &'static [Statement<'static>]) {
        let mut i = 0;
        while i < list.len() {
            if let Some((end, r)) = self.number_region(list, i) {
                self.number_region_code(list, i, end, r);
                i = end;
                continue;
            }
            self.stmt(&list[i]);
            i += 1;
        }
    }

    pub fn stmt(&mut self, s: &'static Statement<'static>) {
        self.stmt_depth += 1;
        self.stmt_inner(s);
        self.stmt_depth -= 1;
        if self.stmt_depth == 0 {
            self.release_temps();
        }
    }

    fn stmt_inner(&mut self, s: &'static Statement<'static>) {
        self.ensure_open();
        self.set_pos(s.span().start);
        let labels = std::mem::take(&mut self.pending_labels);
        match s {
            Statement::ExpressionStatement(e) => {
                if let Expression::CallExpression(c) = &e.expression {
                    self.unused_call = &**c as *const CallExpression as usize;
                }
                self.expr(&e.expression);
            }
            Statement::VariableDeclaration(d) => self.var_decl(d),
            Statement::FunctionDeclaration(_) => {}
            Statement::ClassDeclaration(c) => self.class_declaration(c),
            Statement::BlockStatement(b) => {
                if labels.is_empty() {
                    self.block(b);
                } else {
                    self.labelled(labels, |s| s.block(b));
                }
            }
            Statement::EmptyStatement(_) | Statement::DebuggerStatement(_) => {}
            Statement::IfStatement(i) => {
                if self.if_select(i) {
                    return;
                }
                let then_b = self.b.create_block();
                let else_b = self.b.create_block();
                let done = self.b.create_block();
                self.cond_branch(&i.test, then_b, else_b);
                self.b.switch_to_block(then_b);
                self.terminated = false;
                self.stmt(&i.consequent);
                self.jump(done);
                self.b.switch_to_block(else_b);
                self.terminated = false;
                if let Some(a) = &i.alternate {
                    self.stmt(a);
                }
                self.jump(done);
                self.switch_to(done);
            }
            Statement::WhileStatement(w) => {
                let head = self.b.create_block();
                let body = self.b.create_block();
                let exit = self.b.create_block();
                self.loop_entry();
                self.loop_caches(&[Some(&w.test)], &w.body, w.span.start);
                self.switch_to(head);
                self.cond_branch(&w.test, body, exit);
                self.b.switch_to_block(body);
                self.terminated = false;
                self.loop_body(labels, exit, head, &w.body);
                self.jump(head);
                self.switch_to(exit);
                self.exit_loop_caches();
                self.split_number_locals();
            }
            Statement::DoWhileStatement(w) => {
                let body = self.b.create_block();
                let test = self.b.create_block();
                let exit = self.b.create_block();
                self.loop_entry();
                self.loop_caches(&[Some(&w.test)], &w.body, w.span.start);
                self.switch_to(body);
                self.loop_body(labels, exit, test, &w.body);
                self.switch_to(test);
                self.cond_branch(&w.test, body, exit);
                self.switch_to(exit);
                self.exit_loop_caches();
                self.split_number_locals();
            }
            Statement::ForStatement(f) => self.for_stmt(f, labels),
            Statement::ForOfStatement(f) => {
                if f.r#await {
                    if self.generator.is_none() {
                        self.c.unsupported(self.module, f.span.start, "for await...of in an imported module");
                        return;
                    }
                    // The head's expression sees the loop's bindings in
                    // their TDZ (14.7.5.6 ForIn/OfHeadEvaluation): a closure
                    // there captures boxes that exist.
                    self.init_scope(f.scope_id.get(), &[]);
                    let it_src = self.expr(&f.right);
                    self.set_pos(f.span.start);
                    let it = self.rt_check(Rt::perry_get_async_iterator, &[it_src]);
                    self.for_await_loop(labels, it, f.scope_id.get(), &f.left, &f.body);
                    return;
                }
                self.init_scope(f.scope_id.get(), &[]);
                let it_src = self.expr(&f.right);
                let it = self.rt_check(Rt::perry_iter_open, &[it_src]);
                self.iter_loop(labels, it, true, f.scope_id.get(), &f.left, &f.body);
            }
            Statement::ForInStatement(f) => {
                self.init_scope(f.scope_id.get(), &[]);
                let o = self.expr(&f.right);
                let it = self.rt_check(Rt::perry_for_in, &[o]);
                self.iter_loop(labels, it, false, f.scope_id.get(), &f.left, &f.body);
            }
            Statement::ContinueStatement(c) => {
                let label = c.label.as_ref().map(|l| l.name.as_str());
                let idx = self.jumps.iter().rposition(|j| j.cont.is_some() && label.is_none_or(|l| j.labels.iter().any(|x| x == l)));
                match idx {
                    Some(i) => {
                        let depth = self.jumps[i].cont_depth;
                        let target = self.jumps[i].cont.unwrap();
                        self.run_cleanups(depth);
                        self.jump(target);
                    }
                    None => self.c.unsupported(self.module, c.span.start, "continue outside a loop"),
                }
            }
            Statement::BreakStatement(c) => {
                let label = c.label.as_ref().map(|l| l.name.as_str());
                let idx = self.jumps.iter().rposition(|j| match label {
                    None => !j.label_only,
                    Some(l) => j.labels.iter().any(|x| x == l),
                });
                match idx {
                    Some(i) => {
                        let depth = self.jumps[i].cleanup_depth;
                        let target = self.jumps[i].brk;
                        self.run_cleanups(depth);
                        self.jump(target);
                    }
                    None => self.c.unsupported(self.module, c.span.start, "break outside a loop or switch"),
                }
            }
            Statement::ReturnStatement(r) => {
                let v = match &r.argument {
                    // An async generator awaits the value it returns.
                    Some(e) if self.in_async_gen() => {
                        let v = self.expr(e);
                        self.suspend(v)
                    }
                    Some(e) => self.expr(e),
                    None => self.undef(),
                };
                self.do_return(v);
            }
            Statement::ThrowStatement(t) => {
                let v = self.expr(&t.argument);
                self.set_pos(t.span.start);
                self.rt(Rt::perry_throw, &[v]);
                self.throw_pending();
            }
            Statement::TryStatement(t) => self.try_stmt(t),
            Statement::SwitchStatement(sw) => self.switch_stmt(sw, labels),
            Statement::LabeledStatement(l) => {
                let mut labels = labels;
                labels.push(l.label.name.as_str().to_string());
                match &l.body {
                    Statement::ForStatement(_)
                    | Statement::WhileStatement(_)
                    | Statement::DoWhileStatement(_)
                    | Statement::ForOfStatement(_)
                    | Statement::ForInStatement(_)
                    | Statement::LabeledStatement(_) => {
                        self.pending_labels = labels;
                        self.stmt(&l.body);
                    }
                    Statement::BlockStatement(_) => {
                        self.pending_labels = labels;
                        self.stmt(&l.body);
                    }
                    body => self.labelled(labels, |s| s.stmt(body)),
                }
            }
            Statement::WithStatement(w) => self.c.unsupported(self.module, w.span.start, "with statement"),
            // Modules and TypeScript.
            Statement::ImportDeclaration(_)
            | Statement::ExportNamedDeclaration(_)
            | Statement::ExportAllDeclaration(_)
            | Statement::ExportFromDeclaration(_) => {}
            Statement::ExportDeclaration(d) => self.declaration(&d.declaration),
            Statement::ExportDefaultDeclaration(d) => {
                let slot = self.c.default_slots[&self.module];
                match &d.declaration {
                    ExportDefaultDeclarationKind::FunctionDeclaration(f) => {
                        if let Some(id) = &f.id {
                            let _ = id;
                        } else {
                            let key = &**f as *const Function as usize;
                            let clo = self.make_closure(key, FnBody::Function(f), "default", fn_length(&f.params));
                            self.global_set(slot, clo);
                        }
                    }
                    ExportDefaultDeclarationKind::ClassDeclaration(c) => {
                        let v = self.class_named(c, Some("default"));
                        if let Some(id) = &c.id
                            && let Some(sym) = id.symbol_id.get()
                        {
                            self.init_binding(sym, v);
                        } else {
                            self.global_set(slot, v);
                        }
                    }
                    ExportDefaultDeclarationKind::TSInterfaceDeclaration(_) => {}
                    other => {
                        if let Some(e) = other.as_expression() {
                            let v = self.expr_named(e, Some("default"));
                            self.global_set(slot, v);
                        }
                    }
                }
            }
            Statement::TSExportAssignment(e) => {
                // `export = x`: the module's default export (what `require` and
                // `import y = require(...)` of it get).
                let slot = self.c.default_slots[&self.module];
                let v = self.expr(&e.expression);
                self.global_set(slot, v);
            }
            Statement::TSNamespaceExportDeclaration(_) => {}
            Statement::TSTypeAliasDeclaration(_) | Statement::TSInterfaceDeclaration(_) | Statement::TSGlobalDeclaration(_) => {}
            Statement::TSEnumDeclaration(e) => self.enum_decl(e),
            Statement::TSNamespaceDeclaration(n) => self.namespace_decl(n),
            Statement::TSExternalModuleDeclaration(_) => {}
            Statement::TSImportEqualsDeclaration(d) => self.import_equals(d),
        }
    }

    /// `import a = N.b`: binds `a` to the entity's value (a `require` form is bound when the
    /// program is linked, `Compiler::assign_globals`).
    fn import_equals(&mut self, d: &'static TSImportEqualsDeclaration<'static>) {
        fn entity(fc: &mut FnCompiler, n: &'static TSTypeName<'static>) -> V {
            match n {
                TSTypeName::IdentifierReference(id) => fc.expr_identifier(id),
                TSTypeName::QualifiedName(q) => {
                    let o = entity(fc, &q.left);
                    fc.get_named(o, q.right.name.as_str(), q.span.start)
                }
                TSTypeName::ThisExpression(_) => fc.this_value(),
            }
        }
        let Some(sym) = d.id.symbol_id.get() else { return };
        let exported = self.m.exports.values().any(|e| matches!(e, crate::modules::Export::Local(s) if *s == sym));
        if !d.import_kind.is_value() || !(exported || self.scoping().get_resolved_references(sym).any(|r| r.flags().is_value())) {
            return;
        }
        let v = match &d.module_reference {
            TSModuleReference::ExternalModuleReference(_) => return,
            TSModuleReference::IdentifierReference(id) => self.expr_identifier(id),
            TSModuleReference::QualifiedName(q) => {
                let o = entity(self, &q.left);
                self.get_named(o, q.right.name.as_str(), q.span.start)
            }
        };
        if self.m.scoping.symbol_scope_id(sym) == self.m.scoping.root_scope_id() {
            match self.c.global_slots.get(&(self.module, sym)) {
                Some(&slot) => self.global_set(slot, v),
                None => self.c.unsupported(self.module, d.span.start, "import = alias here"),
            }
        } else {
            self.c.unsupported(self.module, d.span.start, "import = alias inside a namespace or block");
        }
    }

    /// `class C {}`: evaluates the class and initialises its binding.
    fn class_declaration(&mut self, c: &'static Class<'static>) {
        let v = self.class(c);
        if let Some(id) = &c.id
            && let Some(sym) = id.symbol_id.get()
        {
            self.init_binding(sym, v);
            self.initialized.insert(sym);
        }
    }

    fn declaration(&mut self, d: &'static Declaration<'static>) {
        match d {
            Declaration::VariableDeclaration(v) => self.var_decl(v),
            Declaration::FunctionDeclaration(_) => {}
            Declaration::ClassDeclaration(c) => self.class_declaration(c),
            Declaration::TSEnumDeclaration(e) => self.enum_decl(e),
            Declaration::TSNamespaceDeclaration(n) => self.namespace_decl(n),
            Declaration::TSImportEqualsDeclaration(d) => self.import_equals(d),
            _ => {}
        }
    }

    pub fn var_decl(&mut self, d: &'static VariableDeclaration<'static>) {
        if d.declare {
            return;
        }
        if matches!(d.kind, VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing) {
            self.c.unsupported(self.module, d.span.start, "using declarations");
            return;
        }
        for decl in &d.declarations {
            self.set_pos(decl.span.start);
            // A `const` bound to a plain name: its value never changes.
            let const_sym = match (&decl.id, d.kind) {
                (BindingPattern::BindingIdentifier(id), VariableDeclarationKind::Const) => id.symbol_id.get(),
                _ => None,
            };
            match &decl.init {
                Some(init) => {
                    if let Some(sym) = const_sym
                        && let Some(o) = crate::scalar::object_literal_of(init)
                    {
                        if self.scalars.contains(&sym) {
                            self.scalar_literal(sym, o);
                            let u = self.undef();
                            self.bind_pattern(&decl.id, u, true);
                            continue;
                        }
                        if let Some((v, fields)) = self.shaped_literal(o) {
                            self.bind_pattern(&decl.id, v, true);
                            self.fresh.insert(sym, crate::codegen::func::FreshObject { epoch: self.effects, fields });
                            continue;
                        }
                    }
                    let v = self.expr_named(init, pattern_name(&decl.id));
                    if let Some(sym) = const_sym
                        && self.indexed.contains(&sym)
                    {
                        let flag = self.kind_test(v, KIND_ARRAY);
                        self.array_flags.insert(sym, flag);
                    }
                    self.bind_pattern(&decl.id, v, true);
                }
                None => {
                    if d.kind != VariableDeclarationKind::Var {
                        let u = self.undef();
                        self.bind_pattern(&decl.id, u, true);
                    }
                }
            }
        }
    }

    pub fn block(&mut self, b: &'static BlockStatement<'static>) {
        self.init_scope(b.scope_id.get(), &[]);
        self.hoist_functions(&b.body);
        self.stmts(&b.body);
    }

    /// A labelled statement that is not a loop or switch: `break label`
    /// leaves it.
    fn labelled(&mut self, labels: Vec<String>, body: impl FnOnce(&mut Self)) {
        let brk = self.b.create_block();
        self.jumps.push(JumpTarget { labels, brk, cont: None, cleanup_depth: self.cleanups.len(), cont_depth: self.cleanups.len(), label_only: true });
        body(self);
        self.jumps.pop();
        self.switch_to(brk);
    }

    /// `if (c) x = e;` or `if (c) x op= e;` (`op` one of `+ - *`) on a local
    /// `x`, where `e` is made of locals, number constants and `+ - *`:
    /// compiled as a select. The test runs as usual; the new value is
    /// computed whether or not it holds (with number operands it can neither
    /// throw nor run code) and chosen without a branch, because a branch that
    /// follows the data (a modular reduction, a clamp) is the one the
    /// processor mispredicts. Locals not known to be numbers are tested
    /// first; when one is not, the statement runs as a plain `if`.
    fn if_select(&mut self, i: &'static IfStatement<'static>) -> bool {
        use AssignmentOperator as A;
        if i.alternate.is_some() {
            return false;
        }
        let single = match &i.consequent {
            Statement::ExpressionStatement(e) => e,
            Statement::BlockStatement(b) => match b.body.as_slice() {
                [Statement::ExpressionStatement(e)] => e,
                _ => return false,
            },
            _ => return false,
        };
        let Expression::AssignmentExpression(a) = &single.expression else { return false };
        if !matches!(a.operator, A::Assign | A::Addition | A::Subtraction | A::Multiplication) {
            return false;
        }
        let Some(SimpleAssignmentTarget::AssignmentTargetIdentifier(id)) = a.left.as_simple_assignment_target() else { return false };
        let Some(target) = self.select_operand(id) else { return false };
        if self.scoping().symbol_flags(target).contains(SymbolFlags::ConstVariable) {
            return false;
        }
        let mut syms = Vec::new();
        if a.operator != A::Assign {
            syms.push(target);
        }
        if !self.select_pure(&a.right, &mut syms) {
            return false;
        }
        // A comparison of such operands is computed in the fast path (no
        // test of its own); any other test runs first, as usual.
        let pure_test = match &i.test {
            Expression::BinaryExpression(b) => {
                let cc = match b.operator {
                    BinaryOperator::LessThan => Some(FloatCC::LessThan),
                    BinaryOperator::LessEqualThan => Some(FloatCC::LessThanOrEqual),
                    BinaryOperator::GreaterThan => Some(FloatCC::GreaterThan),
                    BinaryOperator::GreaterEqualThan => Some(FloatCC::GreaterThanOrEqual),
                    BinaryOperator::StrictEquality => Some(FloatCC::Equal),
                    BinaryOperator::StrictInequality => Some(FloatCC::NotEqual),
                    _ => None,
                };
                let mut test_syms = Vec::new();
                match cc {
                    Some(cc) if self.select_pure(&b.left, &mut test_syms) && self.select_pure(&b.right, &mut test_syms) => {
                        syms.extend(test_syms);
                        Some((cc, &b.left, &b.right))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let c = if pure_test.is_none() {
            let c = self.cond(&i.test);
            self.ensure_open();
            Some(c)
        } else {
            None
        };
        // Operands held as values must be numbers for the select.
        let mut guard = None;
        syms.sort();
        syms.dedup();
        for &sym in &syms {
            if let Loc::Local(var) = self.loc(sym) {
                let v = self.use_var(var);
                let n = self.is_number(v);
                guard = Some(match guard {
                    Some(g) => self.b.ins().band(g, n),
                    None => n,
                });
            }
        }
        let done = self.b.create_block();
        if let Some(g) = guard {
            let fast = self.b.create_block();
            let slow = self.b.create_block();
            let then_b = self.b.create_block();
            self.b.ins().brif(g, fast, &[], slow, &[]);
            self.b.switch_to_block(slow);
            match c {
                Some(c) => {
                    self.b.ins().brif(c, then_b, &[], done, &[]);
                }
                None => self.cond_branch(&i.test, then_b, done),
            }
            self.b.switch_to_block(then_b);
            self.terminated = false;
            self.stmt(&i.consequent);
            self.jump(done);
            self.b.switch_to_block(fast);
        }
        let c = match (c, pure_test) {
            (Some(c), _) => c,
            (None, Some((cc, l, r))) => {
                let l = self.select_f64(l);
                let r = self.select_f64(r);
                self.b.ins().fcmp(cc, l, r)
            }
            (None, None) => unreachable!(),
        };
        let r = self.select_f64(&a.right);
        let old_bits = self.read_raw(target);
        let old = self.f64_of(old_bits);
        let new = match a.operator {
            A::Assign => r,
            A::Addition => self.b.ins().fadd(old, r),
            A::Subtraction => self.b.ins().fsub(old, r),
            _ => self.b.ins().fmul(old, r),
        };
        // On integer registers: a float select would be lowered to a branch.
        let new_bits = self.val_of_f64(new);
        let chosen = self.b.ins().select(c, new_bits, old_bits);
        match self.loc(target) {
            Loc::Num(var) => {
                let f = self.f64_of(chosen);
                self.def_var(var, f);
            }
            Loc::Local(var) => self.def_var(var, chosen),
            _ => unreachable!("select targets are locals"),
        }
        self.b.ins().jump(done, &[]);
        self.switch_to(done);
        self.terminated = false;
        true
    }

    /// A binding a select may read or write: a local of this function (in a
    /// register, not boxed or global) past its TDZ.
    fn select_operand(&mut self, id: &IdentifierReference) -> Option<oxc_syntax::symbol::SymbolId> {
        let sym = self.scoping().get_reference(id.reference_id.get()?).symbol_id()?;
        let ready = self.initialized.contains(&sym) || self.num_locals.contains(&sym) || !self.needs_tdz(sym);
        (ready && matches!(self.loc(sym), Loc::Local(_) | Loc::Num(_))).then_some(sym)
    }

    /// Whether `e` is built from number literals, module number constants
    /// past their TDZ and select operands with `+ - *` and negation; pushes
    /// the operands it reads.
    fn select_pure(&mut self, e: &Expression, syms: &mut Vec<oxc_syntax::symbol::SymbolId>) -> bool {
        match e {
            Expression::NumericLiteral(_) => true,
            Expression::ParenthesizedExpression(p) => self.select_pure(&p.expression, syms),
            Expression::UnaryExpression(u) if u.operator == UnaryOperator::UnaryNegation => self.select_pure(&u.argument, syms),
            Expression::BinaryExpression(b)
                if matches!(b.operator, BinaryOperator::Addition | BinaryOperator::Subtraction | BinaryOperator::Multiplication) =>
            {
                self.select_pure(&b.left, syms) && self.select_pure(&b.right, syms)
            }
            Expression::Identifier(id) => {
                let Some(sym) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()) else { return false };
                if self.const_nums.values.contains_key(&sym) {
                    return self.initialized.contains(&sym) || self.const_nums.early.contains(&sym);
                }
                match self.select_operand(id) {
                    Some(s) => {
                        syms.push(s);
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// The f64 value of an expression [`Self::select_pure`] accepted, its
    /// operands being numbers.
    fn select_f64(&mut self, e: &Expression) -> cranelift_codegen::ir::Value {
        match e {
            Expression::NumericLiteral(n) => self.b.ins().f64const(n.value),
            Expression::ParenthesizedExpression(p) => self.select_f64(&p.expression),
            Expression::UnaryExpression(u) => {
                let v = self.select_f64(&u.argument);
                self.b.ins().fneg(v)
            }
            Expression::BinaryExpression(b) => {
                let l = self.select_f64(&b.left);
                let r = self.select_f64(&b.right);
                match b.operator {
                    BinaryOperator::Addition => self.b.ins().fadd(l, r),
                    BinaryOperator::Subtraction => self.b.ins().fsub(l, r),
                    _ => self.b.ins().fmul(l, r),
                }
            }
            Expression::Identifier(id) => {
                let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()).expect("checked by select_pure");
                if let Some(&n) = self.const_nums.values.get(&sym) {
                    return self.b.ins().f64const(n);
                }
                let v = self.read_raw(sym);
                self.f64_of(v)
            }
            _ => unreachable!("checked by select_pure"),
        }
    }

    /// A literal that is never allocated: its field values, in order, kept
    /// for the reads of its fields.
    fn scalar_literal(&mut self, sym: oxc_syntax::symbol::SymbolId, o: &'static ObjectExpression<'static>) {
        let mut fields = Vec::new();
        for p in &o.properties {
            let ObjectPropertyKind::ObjectProperty(p) = p else { unreachable!("checked by scalar_literals") };
            let n = Self::static_key_name(&p.key).expect("checked by scalar_literals");
            let v = self.expr_named(&p.value, Some(&n));
            fields.push((n, self.hold(v)));
        }
        self.fresh.insert(sym, crate::codegen::func::FreshObject { epoch: crate::codegen::func::SCALAR, fields });
    }

    /// Before a loop's first block: code compiled after this point may run
    /// again after code compiled later, so known field values end here.
    fn loop_entry(&mut self) {
        self.effects += 1;
        self.loops += 1;
    }

    fn loop_body(&mut self, labels: Vec<String>, brk: cranelift_codegen::ir::Block, cont: cranelift_codegen::ir::Block, body: &'static Statement<'static>) {
        self.jumps.push(JumpTarget { labels, brk, cont: Some(cont), cleanup_depth: self.cleanups.len(), cont_depth: self.cleanups.len(), label_only: false });
        self.stmt(body);
        self.jumps.pop();
    }

    fn for_stmt(&mut self, f: &'static ForStatement<'static>, labels: Vec<String>) {
        self.init_scope(f.scope_id.get(), &[]);
        let mut per_iter: Vec<oxc_syntax::symbol::SymbolId> = Vec::new();
        if let Some(init) = &f.init {
            match init {
                ForStatementInit::VariableDeclaration(d) => {
                    self.var_decl(d);
                    if d.kind != VariableDeclarationKind::Var {
                        for decl in &d.declarations {
                            let mut v = Vec::new();
                            crate::modules::pattern_names(&decl.id, &mut v);
                            per_iter.extend(v.into_iter().map(|x| x.1).filter(|s| self.is_boxed(*s)));
                        }
                    }
                }
                other => {
                    if let Some(e) = other.as_expression() {
                        self.expr(e);
                    }
                }
            }
        }
        let head = self.b.create_block();
        let body = self.b.create_block();
        let update = self.b.create_block();
        let exit = self.b.create_block();
        self.loop_entry();
        self.loop_caches(&[f.test.as_ref(), f.update.as_ref()], &f.body, f.span.start);
        self.switch_to(head);
        if let Some(t) = &f.test {
            self.cond_branch(t, body, exit);
        }
        self.switch_to(body);
        self.loop_body(labels, exit, update, &f.body);
        self.switch_to(update);
        // CreatePerIterationEnvironment: captured loop variables get fresh boxes.
        for sym in per_iter {
            let cur = self.read_raw(sym);
            self.declare_local(sym, cur);
        }
        if let Some(u) = &f.update {
            self.bounded_step = self.bounded_counter(f);
            self.expr(u);
            self.bounded_step = None;
        }
        self.jump(head);
        self.switch_to(exit);
        self.exit_loop_caches();
        self.split_number_locals();
    }

    /// The integer counter of `for (...; i < E; i++)` (or `i > E; i--`)
    /// when nothing else writes it and `E` is an integer literal strictly
    /// inside +-2^53 or another integer local (never past +-2^53): the test
    /// passed with the counter short of `E`, so the step cannot pass 2^53.
    fn bounded_counter(&mut self, f: &ForStatement) -> Option<oxc_syntax::symbol::SymbolId> {
        let Some(Expression::UpdateExpression(u)) = f.update.as_ref().map(|u| u.without_parentheses()) else { return None };
        let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = &u.argument else { return None };
        let s = self.scoping().get_reference(id.reference_id.get()?).symbol_id()?;
        let Some(Expression::BinaryExpression(t)) = f.test.as_ref().map(|t| t.without_parentheses()) else { return None };
        let want = if u.operator == UpdateOperator::Increment { BinaryOperator::LessThan } else { BinaryOperator::GreaterThan };
        if t.operator != want {
            return None;
        }
        let Expression::Identifier(l) = t.left.without_parentheses() else { return None };
        if self.scoping().get_reference(l.reference_id.get()?).symbol_id() != Some(s) {
            return None;
        }
        if !matches!(self.loc(s), Loc::Int(..)) {
            return None;
        }
        let bounded = match t.right.without_parentheses() {
            Expression::NumericLiteral(n) => n.value.abs() < 9007199254740992.0,
            Expression::Identifier(r) => {
                let rs = r.reference_id.get().and_then(|x| self.scoping().get_reference(x).symbol_id());
                rs.is_some_and(|rs| rs != s && matches!(self.loc(rs), Loc::Int(..)))
            }
            _ => false,
        };
        // Written only by the update (not in the test or the body).
        let sc = self.scoping();
        (bounded && !crate::numeric::writes_in(&t.right, s, sc) && !crate::numeric::writes_in_stmt(&f.body, s, sc)).then_some(s)
    }

    /// Array caches for a loop with `parts` (test, update) and `body`
    /// starting at `at` (`enter_loop_caches`; none when the loop calls
    /// functions outside its slow paths, or in a generator, whose frame a
    /// `yield` leaves).
    fn loop_caches(&mut self, parts: &[Option<&Expression>], body: &Statement, at: u32) {
        let syms = if self.generator.is_none() {
            let fns = self.c.number_functions(self.module);
            let inlined = |c: &CallExpression| self.inlines(&fns, c);
            crate::numeric::loop_arrays(parts, body, self.scoping(), &inlined).unwrap_or_default()
        } else {
            Vec::new()
        };
        self.enter_loop_caches(&syms, at);
    }

    /// The next value of iterator cell `it`, or HOLE when done: an Array's
    /// values iterator at an index below the length, on an element that is
    /// not a hole, steps inline (the index is a raw word: no barrier);
    /// anything else is `perry_iter_next`, in cold blocks.
    fn iter_next(&mut self, it: V) -> V {
        let res = self.new_var();
        let arr = self.b.create_block();
        let ld = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let p = self.ptr_of(it);
        let mode = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ITER_MODE);
        let values = self.b.ins().icmp_imm_u(IntCC::Equal, mode, ITER_ARRAY_VALUES as i64);
        let not_arr = self.b.create_block();
        let strb = self.b.create_block();
        self.b.ins().brif(values, arr, &[], not_arr, &[]);
        // A string's next unit below 256 (so no surrogate): its one-unit
        // string; the end and anything else step in the runtime.
        self.b.switch_to_block(not_arr);
        let is_str = self.b.ins().icmp_imm_u(IntCC::Equal, mode, ITER_STRING as i64);
        self.b.ins().brif(is_str, strb, &[], slow, &[]);
        self.b.switch_to_block(strb);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ITER_TARGET);
        let i = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ITER_INDEX);
        let u = self.string_unit(t, i, slow);
        let v = self.unit_string(u, slow);
        // No call since `p` was taken: the iterator has not moved.
        let next = self.b.ins().iadd_imm_u(i, 1);
        self.b.ins().store(MemFlagsData::trusted(), next, p, ITER_INDEX);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(arr);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ITER_TARGET);
        self.guard_kind(t, KIND_ARRAY, slow, slow);
        let tp = self.ptr_of(t);
        let i = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ITER_INDEX);
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), tp, ARR_LEN);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, len);
        self.b.ins().brif(inb, ld, &[], slow, &[]);
        self.b.switch_to_block(ld);
        let v = self.dense_elem(tp, i, slow);
        let next = self.b.ins().iadd_imm_u(i, 1);
        self.b.ins().store(MemFlagsData::trusted(), next, p, ITER_INDEX);
        let v = self.track(v);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        self.cold_here();
        let v = self.rt_check(Rt::perry_iter_next, &[it]);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// for-of / for-in over an iterator cell (`close` for for-of).
    fn iter_loop(
        &mut self,
        labels: Vec<String>,
        it: V,
        close: bool,
        scope: Option<oxc_syntax::scope::ScopeId>,
        left: &'static ForStatementLeft<'static>,
        body: &'static Statement<'static>,
    ) {
        let itv = self.new_var();
        self.def_var(itv, it);
        let head = self.b.create_block();
        let body_b = self.b.create_block();
        let exit = self.b.create_block();
        self.loop_entry();
        self.enter_loop_caches(&[], 0);
        self.switch_to(head);
        let it = self.use_var(itv);
        let v = self.iter_next(it);
        let done = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
        let vv = self.new_var();
        self.def_var(vv, v);
        self.b.ins().brif(done, exit, &[], body_b, &[]);
        self.b.switch_to_block(body_b);
        self.terminated = false;
        // Exceptions in the body close the iterator, then propagate.
        let land = self.b.create_block();
        if close {
            self.handlers.push(land);
            self.cleanups.push(Cleanup::IterClose(itv));
        }
        self.init_scope(scope, &[]);
        let v = self.use_var(vv);
        self.bind_for_left(left, v);
        self.jumps.push(JumpTarget {
            labels,
            brk: exit,
            cont: Some(head),
            cleanup_depth: self.cleanups.len() - close as usize,
            cont_depth: self.cleanups.len(),
            label_only: false,
        });
        self.stmt(body);
        self.jumps.pop();
        if close {
            self.cleanups.pop();
            self.handlers.pop();
        }
        self.jump(head);
        if close {
            self.b.switch_to_block(land);
            self.terminated = false;
            let exc = self.rt(Rt::perry_take_exception, &[]);
            let ev = self.new_var();
            self.def_var(ev, exc);
            let it = self.use_var(itv);
            self.rt(Rt::perry_iter_close, &[it]);
            // An error from return() is dropped in favour of the original one.
            self.rt(Rt::perry_take_exception, &[]);
            let e = self.use_var(ev);
            self.rt(Rt::perry_throw, &[e]);
            self.throw_pending();
        }
        self.switch_to(exit);
        self.exit_loop_caches();
    }

    /// `for await (left of ...)` over async iterator `it` (14.7.5.6-7): each
    /// `next()` result is awaited; leaving the body early (break, return,
    /// throw) calls `return()` and awaits it (AsyncIteratorClose).
    fn for_await_loop(
        &mut self,
        labels: Vec<String>,
        it: V,
        scope: Option<oxc_syntax::scope::ScopeId>,
        left: &'static ForStatementLeft<'static>,
        body: &'static Statement<'static>,
    ) {
        let itv = self.new_var();
        self.def_var(itv, it);
        let nm = self.rt_check(Rt::perry_next_method, &[it]);
        let nmv = self.new_var();
        self.def_var(nmv, nm);
        let head = self.b.create_block();
        let body_b = self.b.create_block();
        let exit = self.b.create_block();
        self.loop_entry();
        self.switch_to(head);
        let (it, nm) = (self.use_var(itv), self.use_var(nmv));
        let r = self.rt_check(Rt::perry_call_next, &[it, nm]);
        let r = self.suspend(r);
        let v = self.rt_check(Rt::perry_iter_result_value, &[r]);
        let done = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
        let vv = self.new_var();
        self.def_var(vv, v);
        self.b.ins().brif(done, exit, &[], body_b, &[]);
        self.b.switch_to_block(body_b);
        self.terminated = false;
        let land = self.b.create_block();
        let hdepth = self.handlers.len();
        self.handlers.push(land);
        self.cleanups.push(Cleanup::AsyncIterClose(itv, hdepth));
        self.init_scope(scope, &[]);
        let v = self.use_var(vv);
        self.bind_for_left(left, v);
        self.jumps.push(JumpTarget {
            labels,
            brk: exit,
            cont: Some(head),
            cleanup_depth: self.cleanups.len() - 1,
            cont_depth: self.cleanups.len(),
            label_only: false,
        });
        self.stmt(body);
        self.jumps.pop();
        self.cleanups.pop();
        self.handlers.pop();
        self.jump(head);
        // A throw from the body: call `return()` and await its result,
        // ignoring any error from either; then rethrow.
        self.b.switch_to_block(land);
        self.terminated = false;
        let exc = self.rt(Rt::perry_take_exception, &[]);
        let ev = self.new_var();
        self.def_var(ev, exc);
        let it = self.use_var(itv);
        let r = self.rt(Rt::perry_async_iter_return, &[it]);
        self.rt(Rt::perry_take_exception, &[]);
        let rethrow = self.b.create_block();
        let aw = self.b.create_block();
        let is_exc = self.b.ins().icmp_imm_u(IntCC::Equal, r, EXCEPTION as i64);
        let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, r, HOLE as i64);
        let skip = self.b.ins().bor(is_exc, is_hole);
        self.b.ins().brif(skip, rethrow, &[], aw, &[]);
        self.b.switch_to_block(aw);
        self.suspend_await_any(r);
        self.b.ins().jump(rethrow, &[]);
        self.b.switch_to_block(rethrow);
        let e = self.use_var(ev);
        self.rt(Rt::perry_throw, &[e]);
        self.throw_pending();
        self.switch_to(exit);
    }

    /// Binds a for-of/for-await iteration's value to the loop head: a
    /// declaration's pattern or an assignment target.
    fn bind_for_left(&mut self, left: &'static ForStatementLeft<'static>, v: V) {
        match left {
            ForStatementLeft::VariableDeclaration(d) => {
                if let Some(decl) = d.declarations.first() {
                    self.bind_pattern(&decl.id, v, true);
                }
            }
            other => {
                if let Some(t) = other.as_assignment_target() {
                    self.assign_target(t, v);
                }
            }
        }
    }

    /// Runs the cleanups above `depth` (innermost first) for an early exit.
    pub fn run_cleanups(&mut self, depth: usize) {
        let mut i = self.cleanups.len();
        while i > depth {
            i -= 1;
            let c = self.cleanups[i];
            let saved_cleanups = self.cleanups.split_off(i);
            match c {
                Cleanup::Finally(fin, hdepth) => {
                    let saved_h = self.handlers.split_off(hdepth.min(self.handlers.len()));
                    let saved_jumps_len = self.jumps.len();
                    self.block(fin);
                    self.jumps.truncate(saved_jumps_len);
                    self.handlers.extend(saved_h);
                }
                Cleanup::IterClose(itv) => {
                    let it = self.use_var(itv);
                    self.rt_check(Rt::perry_iter_close, &[it]);
                }
                Cleanup::AsyncIterClose(itv, hdepth) => {
                    // AsyncIteratorClose: await `return()`'s result, an object.
                    // The loop's own handler does not cover it.
                    let saved_h = self.handlers.split_off(hdepth.min(self.handlers.len()));
                    let it = self.use_var(itv);
                    let r = self.rt_check(Rt::perry_async_iter_return, &[it]);
                    let has = self.b.ins().icmp_imm_u(IntCC::NotEqual, r, HOLE as i64);
                    let aw = self.b.create_block();
                    let done = self.b.create_block();
                    self.b.ins().brif(has, aw, &[], done, &[]);
                    self.b.switch_to_block(aw);
                    let x = self.suspend(r);
                    self.rt_check(Rt::perry_iter_result_check, &[x]);
                    self.jump(done);
                    self.switch_to(done);
                    self.handlers.extend(saved_h);
                }
            }
            self.cleanups.extend(saved_cleanups);
            self.ensure_open();
        }
    }

    pub fn do_return(&mut self, v: V) {
        // An inlined method's return: its value goes to the call's continuation (the method's
        // body has no `try` or loop, so nothing of its own to clean up; the caller's cleanups
        // are not this return's).
        if let Some((blk, var)) = self.inline_ret {
            self.def_var(var, v);
            self.jump(blk);
            return;
        }
        let rv = self.new_var();
        self.def_var(rv, v);
        self.run_cleanups(0);
        self.ensure_open();
        let v = self.use_var(rv);
        if self.is_ctor {
            let r = self.ctor_return_value(v);
            self.b.ins().return_(&[r]);
        } else {
            self.ret(v);
        }
        self.dead();
    }

    fn try_stmt(&mut self, t: &'static TryStatement<'static>) {
        let catch_land = self.b.create_block();
        let fin_land = self.b.create_block();
        let after = self.b.create_block();
        let has_fin = t.finalizer.is_some();
        if let Some(fin) = &t.finalizer {
            self.cleanups.push(Cleanup::Finally(fin, self.handlers.len()));
        }
        let depth_h = self.handlers.len();
        self.handlers.push(if t.handler.is_some() { catch_land } else { fin_land });
        self.block(&t.block);
        self.handlers.truncate(depth_h);
        self.jump(after);
        if let Some(h) = &t.handler {
            self.b.switch_to_block(catch_land);
            self.terminated = false;
            if has_fin {
                self.handlers.push(fin_land);
            }
            let e = self.rt(Rt::perry_take_exception, &[]);
            let mut params = Vec::new();
            if let Some(p) = &h.param {
                crate::modules::pattern_names(&p.pattern, &mut params);
            }
            let params: Vec<_> = params.into_iter().map(|x| x.1).collect();
            self.init_scope(h.scope_id.get(), &params);
            if let Some(p) = &h.param {
                self.bind_pattern(&p.pattern, e, true);
            }
            if h.body.scope_id.get() != h.scope_id.get() {
                self.init_scope(h.body.scope_id.get(), &params);
            }
            self.hoist_functions(&h.body.body);
            self.stmts(&h.body.body);
            if has_fin {
                self.handlers.pop();
            }
            self.jump(after);
        }
        if let Some(fin) = &t.finalizer {
            self.cleanups.pop();
            // Normal completion runs the finalizer inline.
            self.switch_to(after);
            self.block(fin);
            let cont = self.b.create_block();
            self.jump(cont);
            // Abrupt (throw) completion: run it, then rethrow.
            self.b.switch_to_block(fin_land);
            self.terminated = false;
            let e = self.rt(Rt::perry_take_exception, &[]);
            let ev = self.new_var();
            self.def_var(ev, e);
            self.block(fin);
            self.ensure_open();
            if !self.terminated {
                let e = self.use_var(ev);
                self.rt(Rt::perry_throw, &[e]);
                self.throw_pending();
            }
            self.switch_to(cont);
        } else {
            self.switch_to(after);
        }
    }

    fn switch_stmt(&mut self, sw: &'static SwitchStatement<'static>, labels: Vec<String>) {
        let d = self.expr(&sw.discriminant);
        let dv = self.new_var();
        self.def_var(dv, d);
        self.init_scope(sw.scope_id.get(), &[]);
        for case in &sw.cases {
            self.hoist_functions(&case.consequent);
        }
        let exit = self.b.create_block();
        let bodies: Vec<_> = sw.cases.iter().map(|_| self.b.create_block()).collect();
        let mut default = None;
        if let Some(table) = self.case_table(sw) {
            // Every test is an int32 constant: one test of the discriminant and a jump table.
            let default = sw.cases.iter().position(|c| c.test.is_none()).map_or(exit, |i| bodies[i]);
            self.switch_table(dv, &table, &bodies, default);
        }
        for (i, case) in sw.cases.iter().enumerate() {
            if self.terminated {
                break;
            }
            match &case.test {
                None => default = Some(bodies[i]),
                Some(t) => {
                    let v = self.expr(t);
                    let d = self.use_var(dv);
                    let eq = self.strict_eq(d, v);
                    let next = self.b.create_block();
                    self.b.ins().brif(eq, bodies[i], &[], next, &[]);
                    self.b.switch_to_block(next);
                }
            }
        }
        if !self.terminated {
            self.b.ins().jump(default.unwrap_or(exit), &[]);
        }
        self.terminated = true;
        self.jumps.push(JumpTarget { labels, brk: exit, cont: None, cleanup_depth: self.cleanups.len(), cont_depth: self.cleanups.len(), label_only: false });
        let lexical: Vec<_> = sw.scope_id.get().map(|s| self.scoping().get_bindings(s).iter().map(|(_, &x)| x).collect()).unwrap_or_default();
        for (i, case) in sw.cases.iter().enumerate() {
            self.switch_to(bodies[i]);
            // Cases can be entered past a declaration: keep TDZ checks for them.
            for s in &lexical {
                self.initialized.remove(s);
            }
            self.effects += 1;
            // (No number regions: a later case can read what this one declares.)
            for s in &case.consequent {
                self.stmt(s);
            }
        }
        self.jumps.pop();
        self.switch_to(exit);
    }

    /// A `switch` whose every test is an int32 constant (a number literal, a negated one, or an
    /// enum member that folds), all distinct, spanning a range at most four times their number
    /// (and 1024): the base and, per value from the base, the case it selects (`usize::MAX`
    /// for none). The tests have no effects, so skipping their evaluation changes nothing.
    fn case_table(&mut self, sw: &'static SwitchStatement<'static>) -> Option<(i32, Vec<usize>)> {
        let mut tests = vec![];
        for (i, case) in sw.cases.iter().enumerate() {
            let Some(t) = &case.test else { continue };
            let n = match t.without_parentheses() {
                Expression::NumericLiteral(n) => n.value,
                Expression::UnaryExpression(u) if u.operator == UnaryOperator::UnaryNegation => match u.argument.without_parentheses() {
                    Expression::NumericLiteral(n) => -n.value,
                    _ => return None,
                },
                Expression::StaticMemberExpression(m) => match self.c.enum_fold(self.module, m.span.start)? {
                    crate::enums::EnumConst::Num(n) => n,
                    crate::enums::EnumConst::Str(_) => return None,
                },
                _ => return None,
            };
            if n.fract() != 0.0 || !(-(2f64.powi(31))..2f64.powi(31)).contains(&n) || (n == 0.0 && n.is_sign_negative()) {
                return None;
            }
            tests.push((n as i32, i));
        }
        if tests.len() < 4 {
            return None;
        }
        let lo = tests.iter().map(|t| t.0).min()?;
        let hi = tests.iter().map(|t| t.0).max()?;
        let span = (hi as i64 - lo as i64 + 1) as usize;
        if span > 4 * tests.len() || span > 1024 {
            return None;
        }
        let mut table = vec![usize::MAX; span];
        for (v, i) in tests {
            let slot = &mut table[(v as i64 - lo as i64) as usize];
            if *slot == usize::MAX {
                *slot = i;
            }
        }
        Some((lo, table))
    }

    /// Jumps to the case of a [`Self::case_table`] the discriminant (in `dv`) equals, or to
    /// `default`: a number that is an integer in the table's range indexes it; anything else
    /// (another type, a fraction, NaN) is equal to no test.
    fn switch_table(&mut self, dv: Variable, (lo, table): &(i32, Vec<usize>), bodies: &[Block], default: Block) {
        let d = self.use_var(dv);
        let isn = self.is_number(d);
        let num = self.b.create_block();
        let index = self.b.create_block();
        self.b.ins().brif(isn, num, &[], default, &[]);
        self.b.switch_to_block(num);
        let f = self.f64_of(d);
        let i = self.b.ins().fcvt_to_sint_sat(types::I32, f);
        let back = self.b.ins().fcvt_from_sint(types::F64, i);
        let exact = self.b.ins().fcmp(FloatCC::Equal, back, f);
        self.b.ins().brif(exact, index, &[], default, &[]);
        self.b.switch_to_block(index);
        let k = self.b.ins().iadd_imm_s(i, -(*lo as i64));
        // One block call per entry: later passes append arguments to each on its own.
        let def = self.b.func.dfg.block_call(default, &[]);
        let calls: Vec<_> = table.iter().map(|&c| self.b.func.dfg.block_call(if c == usize::MAX { default } else { bodies[c] }, &[])).collect();
        let jt = self.b.create_jump_table(JumpTableData::new(def, &calls));
        self.b.ins().br_table(k, jt);
        self.terminated = true;
    }

    // ----- TypeScript runtime constructs -----

    fn enum_decl(&mut self, e: &'static TSEnumDeclaration<'static>) {
        if e.declare {
            return;
        }
        let Some(sym) = e.id.symbol_id.get() else { return };
        // Reuse the object of an earlier declaration with the same name (merging).
        let cur = self.read_raw(sym);
        let objv = self.object_or_new(cur, e.body.members.len() as u64 * 2, None);
        let o = self.use_var(objv);
        self.init_binding(sym, o);
        self.initialized.insert(sym);
        let scope = e.body.scope_id.get().unwrap();
        self.enum_obj.push((objv, scope));
        let last = self.new_var();
        let m1 = self.num(-1.0);
        self.def_var(last, m1);
        for m in &e.body.members {
            let name = match &m.id {
                TSEnumMemberName::Identifier(i) => i.name.as_str().to_string(),
                TSEnumMemberName::String(s) | TSEnumMemberName::ComputedString(s) => s.value.as_str().to_string(),
                TSEnumMemberName::ComputedTemplateString(t) => t.quasis.iter().map(|q| q.value.raw.as_str()).collect(),
            };
            let v = match &m.initializer {
                Some(init) => self.expr(init),
                None => {
                    let l = self.use_var(last);
                    let f = self.f64_of(l);
                    let one = self.b.ins().f64const(1.0);
                    let n = self.b.ins().fadd(f, one);
                    self.val_of_f64(n)
                }
            };
            let v = self.track(v);
            self.def_var(last, v);
            let o = self.use_var(objv);
            let k = self.str_const(&name);
            let fl = self.iconst(0);
            self.rt(Rt::perry_define_prop, &[o, k, v, fl]);
            // Reverse mapping for numeric members.
            let v = self.use_var(last);
            let isn = self.is_number(v);
            let rev = self.b.create_block();
            let next = self.b.create_block();
            self.b.ins().brif(isn, rev, &[], next, &[]);
            self.b.switch_to_block(rev);
            let o = self.use_var(objv);
            let k = self.str_const(&name);
            let fl = self.iconst(16);
            self.rt(Rt::perry_define_prop, &[o, v, k, fl]);
            self.b.ins().jump(next, &[]);
            self.b.switch_to_block(next);
        }
        self.enum_obj.pop();
    }

    fn namespace_decl(&mut self, n: &'static TSNamespaceDeclaration<'static>) {
        if n.declare {
            return;
        }
        let Some(sym) = n.id.symbol_id.get() else { return };
        let cur = self.read_raw(sym);
        let objv = self.object_or_new(cur, 4, None);
        let o = self.use_var(objv);
        self.init_binding(sym, o);
        self.initialized.insert(sym);
        self.namespace_body(objv, n);
    }

    fn namespace_body(&mut self, objv: Variable, n: &'static TSNamespaceDeclaration<'static>) {
        match &n.body {
            TSNamespaceDeclarationBody::TSModuleBlock(block) => {
                self.init_scope(n.scope_id.get(), &[]);
                self.hoist_functions(&block.body);
                for s in &block.body {
                    match s {
                        Statement::ExportDeclaration(d) => {
                            self.declaration(&d.declaration);
                            for (name, sym) in crate::modules::declared_names(&d.declaration) {
                                let v = self.read_raw(sym);
                                let o = self.use_var(objv);
                                let k = self.str_const(&name);
                                let fl = self.iconst(0);
                                self.rt(Rt::perry_define_prop, &[o, k, v, fl]);
                            }
                        }
                        other => self.stmt(other),
                    }
                }
            }
            TSNamespaceDeclarationBody::TSNamespaceDeclaration(inner) => {
                let o = self.use_var(objv);
                let k = self.str_const(inner.id.name.as_str());
                let sub = self.rt(Rt::perry_get_index, &[o, k]);
                let subv = self.object_or_new(sub, 4, Some((objv, inner.id.name.as_str())));
                if let Some(s) = inner.id.symbol_id.get() {
                    let v = self.use_var(subv);
                    self.declare_local(s, v);
                }
                self.namespace_body(subv, inner);
            }
        }
    }

    /// `v` when it is an object (a TS enum or namespace merging with an earlier
    /// declaration), else a new object (defined on `parent.name` when given).
    fn object_or_new(&mut self, v: V, cap: u64, parent: Option<(Variable, &str)>) -> Variable {
        let objv = self.new_var();
        self.def_var(objv, v);
        let isobj = {
            let t = self.tag_of(v);
            self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64)
        };
        let mk = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(isobj, done, &[], mk, &[]);
        self.b.switch_to_block(mk);
        let cap = self.iconst(cap);
        let o = self.rt(Rt::perry_new_object, &[cap]);
        self.def_var(objv, o);
        if let Some((pv, name)) = parent {
            let p = self.use_var(pv);
            let k = self.str_const(name);
            let fl = self.iconst(0);
            self.rt(Rt::perry_define_prop, &[p, k, o, fl]);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        objv
    }

    /// Ends the in-loop live ranges of the number locals at a loop exit.
    ///
    /// The register allocator spills a value for its whole live range, and
    /// every float register is caller-saved: a loop-carried number still
    /// needed after calls that follow the loop would live in a stack slot
    /// inside the loop too. A fresh value (`x + -0`, an exact identity),
    /// anchored at the exit by a store, splits the range there.
    fn split_number_locals(&mut self) {
        if self.terminated || self.num_vars.is_empty() {
            return;
        }
        // In variable order: the code must not depend on hash order.
        let mut vars: Vec<Variable> = self.num_vars.values().copied().collect();
        vars.sort_unstable_by_key(|v| v.as_u32());
        for var in vars {
            let slot = self.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(cranelift_codegen::ir::StackSlotKind::ExplicitSlot, 8, 3));
            let v = self.use_var(var);
            let nz = self.b.ins().f64const(-0.0);
            let c = self.b.ins().fadd(v, nz);
            let addr = self.b.ins().stack_addr(types::I64, slot, 0);
            self.b.ins().store(cranelift_codegen::ir::MemFlagsData::trusted(), c, addr, 0);
            self.def_var(var, c);
        }
    }

    pub fn ctor_return_value(&mut self, v: V) -> V {
        // Class constructors return the object, or `this` for undefined/primitives.
        let res = self.new_var();
        let t = self.tag_of(v);
        let isobj = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let yes = self.b.create_block();
        let no = self.b.create_block();
        let done = self.b.create_block();
        let cell = self.b.create_block();
        let not_cell = self.b.create_block();
        self.b.ins().brif(isobj, cell, &[], not_cell, &[]);
        // A proxy is an object too.
        self.b.switch_to_block(not_cell);
        let is_proxy = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_PROXY as i64);
        self.b.ins().brif(is_proxy, yes, &[], no, &[]);
        // Symbols and BigInts are cells but primitives.
        self.b.switch_to_block(cell);
        let k = self.cell_kind(v);
        let is_o = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, k, KIND_FIRST_OBJECT as i64);
        self.b.ins().brif(is_o, yes, &[], no, &[]);
        self.b.switch_to_block(yes);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(no);
        if self.is_derived {
            let isu = self.b.ins().icmp_imm_u(IntCC::Equal, v, UNDEFINED as i64);
            let bad = self.b.create_block();
            let ok = self.b.create_block();
            self.b.ins().brif(isu, ok, &[], bad, &[]);
            self.b.switch_to_block(bad);
            self.rt(Rt::perry_derived_return, &[v]);
            let e = self.iconst(EXCEPTION);
            self.b.ins().return_(&[e]);
            self.b.switch_to_block(ok);
        }
        self.terminated = false;
        let th = self.this_value();
        self.def_var(res, th);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }
}
