//! Closure analysis: which function each binding belongs to, which bindings
//! are captured by inner functions (those live in heap boxes), and what each
//! function captures from its parents (its environment layout).
//!
//! A "function context" is anything compiled to one machine function: a
//! function or arrow, a method, a class constructor (explicit, or synthetic
//! when the class has none; it also runs the instance field initialisers), a
//! class's static initialiser (static fields and static blocks), and each
//! module's top-level code.
//!
//! Contexts are one per machine function: functions, arrows, methods, class constructors with
//! their field initialisers, class static initialisers, module bodies. Module-scope bindings
//! live in global slots; bindings used by an inner context live in heap boxes;
//! `this`/`arguments`/`new.target`/the function object are boxed when an inner arrow uses them.
//! Module-body variables that no other function uses are locals of the module function (so they
//! can be number locals).

use hashbrown::{HashMap, HashSet};
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
use oxc_syntax::scope::{ScopeFlags, ScopeId};
use oxc_syntax::symbol::{SymbolFlags, SymbolId};

/// Something an inner function reads from an outer one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cap {
    Sym(SymbolId),
    /// `this` of the nearest non-arrow function.
    This,
    /// `arguments` of the nearest non-arrow function.
    Arguments,
    /// `new.target` of the nearest non-arrow function.
    NewTarget,
    /// The function object of the nearest non-arrow function (for `super`).
    FnObj,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CtxKind {
    Module,
    Function,
    Arrow,
    Method,
    /// Class constructor; `derived` when the class has `extends`.
    Ctor {
        derived: bool,
    },
    StaticInit,
}

pub struct Ctx {
    pub kind: CtxKind,
    pub parent: Option<usize>,
    pub captures: Vec<Cap>,
    pub cap_index: HashMap<Cap, usize>,
    /// Pseudo-variables of this (non-arrow) function that inner arrows capture:
    /// they live in boxes.
    pub boxed_pseudo: HashSet<Cap>,
    /// Uses `arguments` itself (not through an arrow).
    pub uses_arguments: bool,
    /// Reads `this` itself or through an arrow (`super` included).
    pub uses_this: bool,
}

pub struct Analysis {
    pub ctxs: Vec<Ctx>,
    /// Function-like AST node address -> context.
    pub by_node: HashMap<usize, usize>,
    /// Symbols captured by an inner function: stored in boxes.
    pub boxed: HashSet<SymbolId>,
    /// Symbols of the module scope: stored in global slots.
    pub module_scope: ScopeId,
    /// Module-scope symbols referenced from some function other than the
    /// module body (those need a global slot).
    pub module_refs_outside: HashSet<SymbolId>,
    /// The own-name bindings of named function expressions: immutable
    /// (assigning one throws a TypeError in strict code).
    pub fn_expr_names: HashSet<SymbolId>,
    /// The body span of each named class: inside it the class's name is its
    /// inner binding, immutable (15.7.14 step 3.a; assigning it throws a
    /// TypeError), even where the outer binding of a declaration is not.
    pub class_bodies: HashMap<SymbolId, (u32, u32)>,
    scope_ctx: HashMap<ScopeId, usize>,
}

impl Analysis {
    /// The context a scope's bindings belong to (the innermost context enclosing it).
    pub fn ctx_of_scope(&self, scoping: &Scoping, mut s: ScopeId) -> Option<usize> {
        loop {
            if let Some(&c) = self.scope_ctx.get(&s) {
                return Some(c);
            }
            s = scoping.scope_parent_id(s)?;
        }
    }
}

/// Key of a class's synthetic constructor / static initialiser.
pub fn class_ctor_key(c: &Class) -> usize {
    c as *const Class as usize
}
pub fn class_static_key(c: &Class) -> usize {
    c as *const Class as usize + 1
}

/// The explicit constructor of a class, if any.
pub fn explicit_ctor<'a, 'b>(c: &'b Class<'a>) -> Option<&'b Function<'a>> {
    c.body.body.iter().find_map(|e| match e {
        ClassElement::MethodDefinition(m) if m.kind == MethodDefinitionKind::Constructor && m.value.body.is_some() => Some(&*m.value),
        _ => None,
    })
}

pub fn ctor_key(c: &Class) -> usize {
    match explicit_ctor(c) {
        Some(f) => f as *const Function as usize,
        None => class_ctor_key(c),
    }
}

struct Walker<'s> {
    scoping: &'s Scoping,
    an: Analysis,
    cur: usize,
    /// Contexts whose constructor key belongs to a class being visited.
    pending_ctor: HashMap<usize, CtxKind>,
}

impl Analysis {
    pub fn run(program: &Program, scoping: &Scoping) -> Analysis {
        let root = program.scope_id.get().expect("semantic ran");
        let mut w = Walker {
            scoping,
            an: Analysis {
                ctxs: Vec::new(),
                by_node: HashMap::new(),
                boxed: HashSet::new(),
                module_scope: root,
                module_refs_outside: HashSet::new(),
                fn_expr_names: HashSet::new(),
                class_bodies: HashMap::new(),
                scope_ctx: HashMap::new(),
            },
            cur: 0,
            pending_ctor: HashMap::new(),
        };
        let m = w.new_ctx(CtxKind::Module, None, program as *const Program as usize);
        w.an.scope_ctx.insert(root, m);
        w.cur = m;
        for s in &program.body {
            w.visit_statement(s);
        }
        w.an
    }

    /// The nearest non-arrow context at or above `c`.
    pub fn non_arrow(&self, mut c: usize) -> usize {
        while self.ctxs[c].kind == CtxKind::Arrow {
            c = self.ctxs[c].parent.unwrap();
        }
        c
    }
}

impl Walker<'_> {
    fn new_ctx(&mut self, kind: CtxKind, parent: Option<usize>, key: usize) -> usize {
        let id = self.an.ctxs.len();
        self.an.ctxs.push(Ctx {
            kind,
            parent,
            captures: Vec::new(),
            cap_index: HashMap::new(),
            boxed_pseudo: HashSet::new(),
            uses_arguments: false,
            uses_this: false,
        });
        self.an.by_node.insert(key, id);
        id
    }

    fn ctx_of_scope(&self, mut s: ScopeId) -> Option<usize> {
        loop {
            if let Some(&c) = self.an.scope_ctx.get(&s) {
                return Some(c);
            }
            s = self.scoping.scope_parent_id(s)?;
        }
    }

    /// Records that context `from` uses `cap`, owned by context `owner`.
    fn capture_chain(&mut self, from: usize, owner: usize, cap: Cap) {
        let mut c = from;
        while c != owner {
            let ctx = &mut self.an.ctxs[c];
            if !ctx.cap_index.contains_key(&cap) {
                ctx.cap_index.insert(cap, ctx.captures.len());
                ctx.captures.push(cap);
            }
            c = match ctx.parent {
                Some(p) => p,
                None => break,
            };
        }
    }

    fn use_pseudo(&mut self, cap: Cap) {
        let owner = self.an.non_arrow(self.cur);
        if cap == Cap::This {
            self.an.ctxs[owner].uses_this = true;
        }
        if owner != self.cur {
            self.an.ctxs[owner].boxed_pseudo.insert(cap);
            self.capture_chain(self.cur, owner, cap);
        }
    }

    fn enter<F: FnOnce(&mut Self)>(&mut self, kind: CtxKind, key: usize, scope: Option<ScopeId>, f: F) {
        let c = self.new_ctx(kind, Some(self.cur), key);
        if let Some(s) = scope {
            self.an.scope_ctx.insert(s, c);
        }
        let saved = self.cur;
        self.cur = c;
        f(self);
        self.cur = saved;
    }
}

impl<'a> Visit<'a> for Walker<'_> {
    fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
        let Some(rid) = it.reference_id.get() else { return };
        let r = self.scoping.get_reference(rid);
        if !r.flags().is_value() {
            return;
        }
        if it.name.as_str() == "arguments" && r.symbol_id().is_none() {
            let owner = self.an.non_arrow(self.cur);
            self.an.ctxs[owner].uses_arguments = true;
            self.use_pseudo(Cap::Arguments);
            return;
        }
        let Some(sym) = r.symbol_id() else { return };
        let flags = self.scoping.symbol_flags(sym);
        if !flags.intersects(SymbolFlags::Value | SymbolFlags::Import) {
            return;
        }
        let scope = self.scoping.symbol_scope_id(sym);
        if scope == self.an.module_scope {
            if self.cur != 0 {
                self.an.module_refs_outside.insert(sym);
            }
            return;
        }
        let Some(owner) = self.ctx_of_scope(scope) else { return };
        if owner != self.cur {
            self.an.boxed.insert(sym);
            self.capture_chain(self.cur, owner, Cap::Sym(sym));
        }
    }

    fn visit_this_expression(&mut self, _it: &ThisExpression) {
        self.use_pseudo(Cap::This);
    }

    fn visit_new_target(&mut self, _it: &NewTarget) {
        self.use_pseudo(Cap::NewTarget);
    }

    fn visit_super(&mut self, _it: &Super) {
        // super.x needs the home object (via the function object) and `this`;
        // super(...) also needs new.target and writes `this`.
        self.use_pseudo(Cap::FnObj);
        self.use_pseudo(Cap::This);
        self.use_pseudo(Cap::NewTarget);
    }

    fn visit_function(&mut self, it: &Function<'a>, _flags: ScopeFlags) {
        let key = it as *const Function as usize;
        if it.r#type == FunctionType::FunctionExpression
            && let Some(s) = it.id.as_ref().and_then(|id| id.symbol_id.get())
            && Some(self.scoping.symbol_scope_id(s)) == it.scope_id.get()
            // Not also a parameter or `var` of that name (a mutable binding).
            && !self.scoping.symbol_flags(s).intersects(SymbolFlags::FunctionScopedVariable | SymbolFlags::BlockScopedVariable)
        {
            self.an.fn_expr_names.insert(s);
        }
        let kind = self.pending_ctor.remove(&key).unwrap_or(CtxKind::Function);
        self.enter(kind, key, it.scope_id.get(), |w| {
            oxc_ast_visit::walk::walk_formal_parameters(w, &it.params);
            if let Some(b) = &it.body {
                for s in &b.statements {
                    w.visit_statement(s);
                }
            }
        });
    }

    fn visit_arrow_function_expression(&mut self, it: &ArrowFunctionExpression<'a>) {
        let key = it as *const ArrowFunctionExpression as usize;
        self.enter(CtxKind::Arrow, key, it.scope_id.get(), |w| {
            oxc_ast_visit::walk::walk_formal_parameters(w, &it.params);
            if let Some(e) = it.get_expression() {
                w.visit_expression(e);
            } else if let Some(b) = it.get_function_body() {
                for s in &b.statements {
                    w.visit_statement(s);
                }
            }
        });
    }

    fn visit_class(&mut self, c: &Class<'a>) {
        if let Some(s) = c.id.as_ref().and_then(|id| id.symbol_id.get()) {
            self.an.class_bodies.insert(s, (c.body.span.start, c.body.span.end));
        }
        if let Some(h) = &c.heritage {
            self.visit_expression(&h.expression);
        }
        let derived = c.heritage.is_some();
        let ckey = ctor_key(c);
        let explicit = explicit_ctor(c).is_some();
        // Context for the constructor: created now so field initialisers can
        // be attributed to it; an explicit constructor's Function reuses it.
        let ctor = self.new_ctx(CtxKind::Ctor { derived }, Some(self.cur), ckey);
        if explicit {
            let f = explicit_ctor(c).unwrap();
            if let Some(s) = f.scope_id.get() {
                self.an.scope_ctx.insert(s, ctor);
            }
        }
        let stat = self.new_ctx(CtxKind::StaticInit, Some(self.cur), class_static_key(c));
        for el in &c.body.body {
            match el {
                ClassElement::MethodDefinition(m) => {
                    if m.computed {
                        self.visit_property_key(&m.key);
                    }
                    if m.kind == MethodDefinitionKind::Constructor {
                        let saved = self.cur;
                        self.cur = ctor;
                        oxc_ast_visit::walk::walk_formal_parameters(self, &m.value.params);
                        if let Some(b) = &m.value.body {
                            for s in &b.statements {
                                self.visit_statement(s);
                            }
                        }
                        self.cur = saved;
                    } else {
                        let key = &*m.value as *const Function as usize;
                        self.pending_ctor.insert(key, CtxKind::Method);
                        self.visit_function(&m.value, ScopeFlags::Function);
                    }
                }
                ClassElement::PropertyDefinition(p) => {
                    if p.computed {
                        self.visit_property_key(&p.key);
                    }
                    if let Some(v) = &p.value {
                        let saved = self.cur;
                        self.cur = if p.r#static { stat } else { ctor };
                        self.visit_expression(v);
                        self.cur = saved;
                    }
                }
                ClassElement::StaticBlock(b) => {
                    if let Some(s) = b.scope_id.get() {
                        self.an.scope_ctx.insert(s, stat);
                    }
                    let saved = self.cur;
                    self.cur = stat;
                    for s in &b.body {
                        self.visit_statement(s);
                    }
                    self.cur = saved;
                }
                _ => {}
            }
        }
    }

    fn visit_method_definition(&mut self, it: &MethodDefinition<'a>) {
        // Object-literal methods reach here only through classes (handled above).
        oxc_ast_visit::walk::walk_method_definition(self, it);
    }

    fn visit_object_property(&mut self, it: &ObjectProperty<'a>) {
        if it.computed {
            self.visit_property_key(&it.key);
        }
        if let Expression::FunctionExpression(f) = &it.value
            && (it.method || it.kind != PropertyKind::Init)
        {
            let key = &**f as *const Function as usize;
            self.pending_ctor.insert(key, CtxKind::Method);
        }
        self.visit_expression(&it.value);
    }

    fn visit_ts_type_annotation(&mut self, _it: &TSTypeAnnotation<'a>) {}
    fn visit_ts_type_parameter_instantiation(&mut self, _it: &TSTypeParameterInstantiation<'a>) {}
    fn visit_ts_type_parameter_declaration(&mut self, _it: &TSTypeParameterDeclaration<'a>) {}
    fn visit_ts_interface_declaration(&mut self, _it: &TSInterfaceDeclaration<'a>) {}
    fn visit_ts_type_alias_declaration(&mut self, _it: &TSTypeAliasDeclaration<'a>) {}
}
