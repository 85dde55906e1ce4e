//! Small methods compiled into their callers.
//!
//! A method call `o.m(a, b)` costs a method lookup, a call through the function object's code
//! pointer, the callee's prologue (stack and arity checks) and the caller forgetting what it
//! knew about its objects (`after_call`). For the small methods classes are made of (`area()
//! { return this.w * this.h; }`, `kind() { return "rect"; }`), that is most of the work. The
//! code generator (`codegen/expr.rs`: `inline_method_call`) compiles such a call as the lookup
//! as before, then a test of the function found against the code of each method of the module
//! by that name that qualifies here (at most [`MAX_CANDIDATES`]), each hit running that
//! method's body in place with `this` the receiver and the arguments bound to its parameters;
//! anything else (another function, a method that does not qualify, a patched prototype) is
//! the ordinary call. The test is on the code, so it holds for any receiver: the class of the
//! object never matters, only which method its lookup found.
//!
//! # What qualifies ([`inlinable_methods`])
//!
//! A method, getter or setter (not static, async or a generator; a plain identifier name,
//! not private or computed) of a class declared at the top level of the module (evaluated once,
//! so one closure per method, and its free names are the module's), with at most four
//! parameters, each a plain identifier with no default value, no rest parameter, and a body of
//! at most [`MAX_BODY_BYTES`] of source made of `let`/`const` declarations (each initialised),
//! expression statements, `if`, blocks, `return` and `throw` of values. The body must not be
//! able to tell that it runs inside another function:
//!
//! - calls and `new` without spread (spread and destructuring call iterators), but no direct
//!   `eval` (it would see the caller's scope) and no tagged templates (a template object is
//!   one per source location, and an inlined copy would be another location);
//! - no functions, arrows or classes (they would capture the caller's context), no `super`,
//!   `new.target`, `import.meta`, `arguments`, `yield`, `await` or `delete` (private names
//!   are found by source position, so `this.#x` compiles the same anywhere);
//! - every name it reads or writes is its own (a parameter, or a local declared before the
//!   reference: no temporal dead zone to check) or not declared in any function (a module
//!   binding or a global).
//!
//! A stack trace taken inside the inlined body (a callee's `new Error()`, a getter, a
//! `valueOf`) shows the method's frame as if it had been called: the source map records the
//! positions of an inlined body in an inlined frame, named as the method's own frames are, and
//! the call it replaced (`Compiler::inline_frames`, `sourcemap::frames` in the runtime).

use hashbrown::HashMap;
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
use oxc_syntax::scope::{ScopeFlags, ScopeId};
use oxc_syntax::symbol::SymbolId;

/// The most methods one call site tests before its ordinary call.
pub const MAX_CANDIDATES: usize = 6;
/// The longest method body (in bytes of source) compiled into callers.
pub const MAX_BODY_BYTES: u32 = 320;
/// The most parameters an inlined method has (the register arguments).
const MAX_PARAMS: usize = 4;

/// A method that may be compiled into its callers.
pub struct Method {
    /// The method's function: its address is the code generator's key for it.
    pub func: &'static Function<'static>,
    /// Its parameters, in order.
    pub params: Vec<SymbolId>,
    /// The names of the methods it calls on `this` (`this.m()`).
    this_calls: Vec<String>,
}

impl Method {
    pub fn key(&self) -> usize {
        self.func as *const Function as usize
    }
}

/// A method, a getter (run by a property read) or a setter (run by an assignment).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Method,
    Getter,
    Setter,
}

/// A module's inlinable methods and getters by kind and name, in source order.
pub type Methods = HashMap<(Kind, String), Vec<Method>>;

/// The inlinable methods and getters of the classes declared at the top level of `program`.
pub fn inlinable_methods(program: &'static Program<'static>, scoping: &Scoping) -> Methods {
    let mut out = Methods::new();
    for st in &program.body {
        let class = match st {
            Statement::ClassDeclaration(c) => &**c,
            Statement::ExportDeclaration(e) => match &e.declaration {
                Declaration::ClassDeclaration(c) => &**c,
                _ => continue,
            },
            Statement::ExportDefaultDeclaration(e) => match &e.declaration {
                ExportDefaultDeclarationKind::ClassDeclaration(c) => &**c,
                _ => continue,
            },
            _ => continue,
        };
        if !class.decorators.is_empty() {
            continue;
        }
        for el in &class.body.body {
            let ClassElement::MethodDefinition(m) = el else { continue };
            let kind = match m.kind {
                MethodDefinitionKind::Method => Kind::Method,
                MethodDefinitionKind::Get => Kind::Getter,
                MethodDefinitionKind::Set => Kind::Setter,
                _ => continue,
            };
            if m.r#static || m.computed || !m.decorators.is_empty() {
                continue;
            }
            let PropertyKey::StaticIdentifier(name) = &m.key else { continue };
            if let Some((params, this_calls)) = qualifies(&m.value, scoping) {
                out.entry((kind, name.name.to_string())).or_default().push(Method { func: &m.value, params, this_calls });
            }
        }
    }
    // A method that calls `this.m()` for a method `m` that runs in place keeps its own body:
    // compiled there, its calls run in place; compiled into a caller they would not (no
    // nested inlining), and `describe() { return this.kind() + this.area(); }` would lose
    // more than its own call.
    let callees: hashbrown::HashSet<String> = out.keys().filter(|(k, _)| *k == Kind::Method).map(|(_, n)| n.clone()).collect();
    for ms in out.values_mut() {
        ms.retain(|m| !m.this_calls.iter().any(|c| callees.contains(c)));
    }
    out.retain(|_, ms| !ms.is_empty());
    out
}

/// The parameters of `f` and the names of the methods it calls on `this`, when its body
/// qualifies (module docs).
fn qualifies(f: &'static Function<'static>, scoping: &Scoping) -> Option<(Vec<SymbolId>, Vec<String>)> {
    let body = f.body.as_ref()?;
    if f.r#async || f.generator || f.params.rest.is_some() || f.params.items.len() > MAX_PARAMS || body.span.end - body.span.start > MAX_BODY_BYTES {
        return None;
    }
    let mut params = Vec::new();
    for p in &f.params.items {
        let BindingPattern::BindingIdentifier(id) = &p.pattern else { return None };
        if p.initializer.is_some() {
            return None;
        }
        params.push(id.symbol_id.get()?);
    }
    let scope = f.scope_id.get()?;
    let mut v = Check { scoping, scope, ok: true, declared: HashMap::new(), this_calls: Vec::new() };
    for s in &params {
        v.declared.insert(*s, 0);
    }
    for st in &body.statements {
        v.statement(st);
    }
    v.ok.then_some((params, v.this_calls))
}

struct Check<'s> {
    scoping: &'s Scoping,
    /// The method's own scope.
    scope: ScopeId,
    ok: bool,
    /// Its locals, with the offset after which they may be referenced (the end of their
    /// declarator; 0 for parameters).
    declared: HashMap<SymbolId, u32>,
    /// Names of the methods called on `this`.
    this_calls: Vec<String>,
}

impl Check<'_> {
    /// Statements: only the straight-line kinds (no loops, `switch`, `try` or labels).
    fn statement(&mut self, st: &Statement) {
        match st {
            Statement::ExpressionStatement(e) => self.visit_expression(&e.expression),
            Statement::ReturnStatement(r) => {
                if let Some(e) = &r.argument {
                    self.visit_expression(e);
                }
            }
            Statement::ThrowStatement(t) => self.visit_expression(&t.argument),
            Statement::IfStatement(i) => {
                self.visit_expression(&i.test);
                self.statement(&i.consequent);
                if let Some(a) = &i.alternate {
                    self.statement(a);
                }
            }
            Statement::BlockStatement(b) => b.body.iter().for_each(|s| self.statement(s)),
            Statement::EmptyStatement(_) => {}
            Statement::VariableDeclaration(d) if d.kind.is_lexical() => {
                for decl in &d.declarations {
                    let (BindingPattern::BindingIdentifier(id), Some(init)) = (&decl.id, &decl.init) else {
                        self.ok = false;
                        return;
                    };
                    self.visit_expression(init);
                    match id.symbol_id.get() {
                        Some(s) => {
                            self.declared.insert(s, decl.span.end);
                        }
                        None => self.ok = false,
                    }
                }
            }
            _ => self.ok = false,
        }
    }

    /// Whether `scope` is the method's scope or inside it.
    fn inside(&self, scope: ScopeId) -> bool {
        self.scoping.scope_ancestors(scope).any(|s| s == self.scope)
    }
}

impl<'a> Visit<'a> for Check<'_> {
    fn visit_identifier_reference(&mut self, id: &IdentifierReference<'a>) {
        let sym = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id());
        match sym {
            // A global (or `undefined`): not `arguments`, which is the method's own.
            None => self.ok &= id.name != "arguments",
            Some(s) => match self.declared.get(&s) {
                Some(&after) => self.ok &= id.span.start >= after,
                // Not its own: it must not be declared in any function (a module binding).
                None => {
                    let scope = self.scoping.symbol_scope_id(s);
                    self.ok &=
                        !self.inside(scope) && self.scoping.scope_ancestors(scope).all(|a| !self.scoping.scope_flags(a).intersects(ScopeFlags::Function));
                }
            },
        }
    }

    fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
        // A direct `eval` would see the caller's scope; spread iterates.
        let eval = matches!(&c.callee, Expression::Identifier(id) if id.name == "eval");
        if eval || c.arguments.iter().any(|a| a.is_spread()) {
            self.ok = false;
            return;
        }
        if let Expression::StaticMemberExpression(m) = &c.callee
            && matches!(m.object, Expression::ThisExpression(_))
        {
            self.this_calls.push(m.property.name.to_string());
        }
        oxc_ast_visit::walk::walk_call_expression(self, c);
    }

    fn visit_new_expression(&mut self, n: &NewExpression<'a>) {
        if n.arguments.iter().any(|a| a.is_spread()) {
            self.ok = false;
            return;
        }
        oxc_ast_visit::walk::walk_new_expression(self, n);
    }
    fn visit_tagged_template_expression(&mut self, _: &TaggedTemplateExpression<'a>) {
        self.ok = false;
    }
    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {
        self.ok = false;
    }
    fn visit_arrow_function_expression(&mut self, _: &ArrowFunctionExpression<'a>) {
        self.ok = false;
    }
    fn visit_class(&mut self, _: &Class<'a>) {
        self.ok = false;
    }
    fn visit_super(&mut self, _: &Super) {
        self.ok = false;
    }
    fn visit_new_target(&mut self, _: &NewTarget) {
        self.ok = false;
    }
    fn visit_import_meta(&mut self, _: &ImportMeta) {
        self.ok = false;
    }
    fn visit_yield_expression(&mut self, _: &YieldExpression<'a>) {
        self.ok = false;
    }
    fn visit_await_expression(&mut self, _: &AwaitExpression<'a>) {
        self.ok = false;
    }
    fn visit_import_expression(&mut self, _: &ImportExpression<'a>) {
        self.ok = false;
    }
    fn visit_spread_element(&mut self, _: &SpreadElement<'a>) {
        self.ok = false;
    }
    fn visit_object_expression(&mut self, o: &ObjectExpression<'a>) {
        // Data properties only (a method or accessor is a function).
        for p in &o.properties {
            match p {
                ObjectPropertyKind::ObjectProperty(p) if p.kind == PropertyKind::Init && !p.method => {
                    if p.computed {
                        self.visit_expression(p.key.to_expression());
                    }
                    self.visit_expression(&p.value);
                }
                _ => self.ok = false,
            }
        }
    }
    fn visit_unary_expression(&mut self, u: &UnaryExpression<'a>) {
        if u.operator == UnaryOperator::Delete {
            self.ok = false;
            return;
        }
        self.visit_expression(&u.argument);
    }
    fn visit_assignment_target(&mut self, t: &AssignmentTarget<'a>) {
        // Destructuring assignment iterates.
        if matches!(t, AssignmentTarget::ArrayAssignmentTarget(_) | AssignmentTarget::ObjectAssignmentTarget(_)) {
            self.ok = false;
            return;
        }
        oxc_ast_visit::walk::walk_assignment_target(self, t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(src: &str) -> Vec<(String, usize)> {
        let (program, scoping) = crate::parse_for_test(src);
        let mut v: Vec<(String, usize)> = inlinable_methods(program, &scoping)
            .into_iter()
            .map(|((k, n), m)| {
                let n = match k {
                    Kind::Method => n,
                    Kind::Getter => format!("get {n}"),
                    Kind::Setter => format!("set {n}"),
                };
                (n, m.len())
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn small_methods_qualify() {
        let src = "class A { constructor(public w: number) {} area() { return this.w * this.w; } kind() { return 'a'; }
                   scale(f: number) { const k = f * 2; if (k > 1) { this.w *= k; } else return; } root() { return Math.sqrt(this.w); } }
                   export class B { #n = 1; kind() { return `b${this.#n}`; } get size() { return this.#n + 1; }
                                    set size(v: number) { if (!Number.isFinite(v)) throw new TypeError(`bad ${v}`); this.#n = v - 1; } }";
        assert_eq!(
            names(src),
            [("area".into(), 1), ("get size".into(), 1), ("kind".into(), 2), ("root".into(), 1), ("scale".into(), 1), ("set size".into(), 1)]
        );
    }

    #[test]
    fn what_disqualifies() {
        for m in [
            "m() { return eval('1'); }",
            "m() { return f(...this.xs); }",
            "m() { return new Error(...this.xs); }",
            "m() { return () => 1; }",
            "m() { return arguments.length; }",
            "m() { return super.toString; }",
            "m() { for (;;) {} }",
            "m() { try { return 1; } catch { return 2; } }",
            "m() { var x = 1; return x; }",
            "m() { const a = b; const b = 1; return a; }",
            "m(a = 1) { return a; }",
            "m(...r) { return r; }",
            "m({ a }) { return a; }",
            "m(a, b, c, d, e) { return a; }",
            "m() { return [...this.xs]; }",
            "m() { delete this.x; }",
            "m() { return { f() {} }; }",
            "static m() { return 1; }",
            "set m(v) { for (const x of v) {} }",
            "get m() { return () => f(); }",
            "async m() { return 1; }",
            "*m() { yield 1; }",
            "m() { return new.target; }",
            "m() { [this.a, this.b] = [1, 2]; }",
            "m() { return this.tag`x`; }",
        ] {
            let src = format!("function f() {{ return 1; }}\nclass A {{ #p = 1; {m} }}");
            assert!(names(&src).is_empty(), "{m} must not qualify");
        }
        // A class inside a function captures its locals; one in a block is not top-level.
        assert!(names("function g(k: number) { class A { m() { return k; } } return A; }").is_empty());
        assert!(names("{ class A { m() { return 1; } } }").is_empty());
        // A module binding may be read; a method's free name inside a function may not.
        assert_eq!(names("const K = 2; class A { m() { return K; } }"), [("m".into(), 1)]);
    }

    #[test]
    fn calls_and_new_qualify() {
        let src = "function f(x: number) { return x; }
                   class A { xs: number[] = []; pop() { const v = this.xs.pop(); if (v === undefined) throw new Error(`empty`); return v; }
                             get g() { return f(1) + new A().xs.length; } }";
        assert_eq!(names(src), [("get g".into(), 1), ("pop".into(), 1)]);
    }

    #[test]
    fn a_method_calling_inlined_methods_on_this_keeps_its_body() {
        // `describe` would lose the in-place `kind` and `area`; `twice` calls a method that
        // does not run in place (its loop), so it may.
        let src = "class A { w = 1; kind() { return 'a'; } area() { return this.w * 2; }
                             describe() { return this.kind() + this.area(); }
                             sum() { let s = 0; for (let i = 0; i < 3; i++) s += i; return s; }
                             twice() { return this.sum() * 2; } }";
        assert_eq!(names(src), [("area".into(), 1), ("kind".into(), 1), ("twice".into(), 1)]);
    }
}
