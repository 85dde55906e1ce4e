//! The names an ES module sees exported by a CommonJS module, found as Node finds them: by
//! static analysis of the source (Node uses cjs-module-lexer), never by running it. A name is
//! detected wherever in the file it is assigned, executed or not:
//!
//! - `exports.a = ...`, `exports["a"] = ...`, `module.exports.a = ...`;
//! - `Object.defineProperty(exports, "a", ...)` (and on `module.exports`);
//! - `module.exports = { a, b: x, "c": y, ...require("./d") }`;
//!
//! and re-exports, whose names are those of the module required:
//!
//! - `module.exports = require("./x")`;
//! - `__exportStar(require("./x"), exports)`, `__export(require("./x"))` and
//!   `tslib.__exportStar(...)` (TypeScript's output);
//! - `Object.keys(_x).forEach(...)` where `var _x = require("./x")` (Babel's output).
//!
//! An ES module's namespace of a CommonJS module has these names and `default` (which is
//! always `module.exports`); their values are read from `module.exports` once the module has
//! run (`stdlib/src/cjs.rs`).

use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
use oxc_syntax::symbol::SymbolId;

/// Detected names and re-exported specifiers, in source order.
#[derive(Default, Debug)]
pub struct Detected {
    pub names: Vec<String>,
    pub reexports: Vec<String>,
}

struct V<'s> {
    scoping: &'s Scoping,
    exports: Option<SymbolId>,
    module: Option<SymbolId>,
    require: Option<SymbolId>,
    /// `var x = require("...")` bindings (by name, as the lexer sees them).
    required: Vec<(String, String)>,
    out: Detected,
}

fn param(f: &Function, i: usize) -> Option<SymbolId> {
    match &f.params.items.get(i)?.pattern {
        BindingPattern::BindingIdentifier(id) => id.symbol_id.get(),
        _ => None,
    }
}

fn prop_name(e: &MemberExpression) -> Option<String> {
    match e {
        MemberExpression::StaticMemberExpression(m) => Some(m.property.name.as_str().to_string()),
        MemberExpression::ComputedMemberExpression(m) => match &m.expression {
            Expression::StringLiteral(s) => Some(s.value.as_str().to_string()),
            _ => None,
        },
        _ => None,
    }
}

impl V<'_> {
    fn is_sym(&self, e: &Expression, sym: Option<SymbolId>) -> bool {
        let Expression::Identifier(id) = e.without_parentheses() else { return false };
        sym.is_some() && id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id()) == sym
    }

    /// `exports` or `module.exports`.
    fn is_exports(&self, e: &Expression) -> bool {
        if self.is_sym(e, self.exports) {
            return true;
        }
        match e.without_parentheses() {
            Expression::StaticMemberExpression(m) => m.property.name == "exports" && self.is_sym(&m.object, self.module),
            _ => false,
        }
    }

    /// The specifier of `require("x")`.
    fn required_spec(&self, e: &Expression) -> Option<String> {
        let Expression::CallExpression(c) = e.without_parentheses() else { return None };
        if !self.is_sym(&c.callee, self.require) || c.arguments.len() != 1 {
            return None;
        }
        match &c.arguments[0] {
            Argument::StringLiteral(s) => Some(s.value.as_str().to_string()),
            _ => None,
        }
    }

    fn name(&mut self, n: String) {
        if !self.out.names.contains(&n) {
            self.out.names.push(n);
        }
    }

    fn reexport(&mut self, spec: String) {
        if !self.out.reexports.contains(&spec) {
            self.out.reexports.push(spec);
        }
    }
}

impl<'a> Visit<'a> for V<'_> {
    fn visit_variable_declarator(&mut self, d: &VariableDeclarator<'a>) {
        if let (BindingPattern::BindingIdentifier(id), Some(init)) = (&d.id, &d.init) {
            let init = match init.without_parentheses() {
                // `_interopRequireWildcard(require("x"))` and the like.
                Expression::CallExpression(c) if c.arguments.len() == 1 && self.required_spec(init).is_none() => {
                    c.arguments[0].as_expression().and_then(|e| self.required_spec(e))
                }
                _ => self.required_spec(init),
            };
            if let Some(spec) = init {
                self.required.push((id.name.as_str().to_string(), spec));
            }
        }
        oxc_ast_visit::walk::walk_variable_declarator(self, d);
    }

    fn visit_assignment_expression(&mut self, a: &AssignmentExpression<'a>) {
        if let Some(m) = a.left.as_member_expression() {
            if self.is_exports(m.object())
                && let Some(n) = prop_name(m)
            {
                self.name(n);
            } else if let MemberExpression::StaticMemberExpression(sm) = m
                && sm.property.name == "exports"
                && self.is_sym(&sm.object, self.module)
            {
                // `module.exports = ...`
                match a.right.without_parentheses() {
                    Expression::ObjectExpression(o) => {
                        // Node's lexer takes `a`, `a: b` and `'a': b` (identifier values) and
                        // `...require('x')`, and stops at the first other property.
                        for p in &o.properties {
                            match p {
                                ObjectPropertyKind::ObjectProperty(p)
                                    if !p.computed
                                        && !p.method
                                        && p.kind == PropertyKind::Init
                                        && matches!(p.value.without_parentheses(), Expression::Identifier(_))
                                        && matches!(p.key, PropertyKey::StaticIdentifier(_) | PropertyKey::StringLiteral(_)) =>
                                {
                                    if let Some(n) = p.key.static_name() {
                                        self.name(n.to_string());
                                    }
                                }
                                ObjectPropertyKind::SpreadProperty(s) => match self.required_spec(&s.argument) {
                                    Some(spec) => self.reexport(spec),
                                    None => break,
                                },
                                _ => break,
                            }
                        }
                    }
                    e => {
                        if let Some(spec) = self.required_spec(e) {
                            self.reexport(spec);
                        }
                    }
                }
            }
        }
        oxc_ast_visit::walk::walk_assignment_expression(self, a);
    }

    fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
        let callee = c.callee.without_parentheses();
        // `(0, tslib.__exportStar)(...)`
        let callee = match callee {
            Expression::SequenceExpression(s) => s.expressions.last().map_or(callee, |e| e.without_parentheses()),
            e => e,
        };
        let callee_name = match callee {
            Expression::Identifier(id) => Some(id.name.as_str()),
            Expression::StaticMemberExpression(m) => Some(m.property.name.as_str()),
            _ => None,
        };
        match callee_name {
            Some("defineProperty") if c.arguments.len() >= 2 => {
                if let Expression::StaticMemberExpression(m) = callee
                    && matches!(m.object.without_parentheses(), Expression::Identifier(o) if o.name == "Object")
                    && c.arguments[0].as_expression().is_some_and(|e| self.is_exports(e))
                    && let Argument::StringLiteral(s) = &c.arguments[1]
                {
                    self.name(s.value.as_str().to_string());
                }
            }
            Some("__exportStar" | "__export") => {
                if let Some(spec) = c.arguments.first().and_then(|a| a.as_expression()).and_then(|e| self.required_spec(e)) {
                    self.reexport(spec);
                }
            }
            Some("forEach") => {
                // Babel: `Object.keys(_x).forEach(function (key) { ... exports[key] = _x[key] ... })`.
                if let Expression::StaticMemberExpression(m) = callee
                    && let Expression::CallExpression(keys) = m.object.without_parentheses()
                    && let Expression::StaticMemberExpression(k) = keys.callee.without_parentheses()
                    && k.property.name == "keys"
                    && matches!(k.object.without_parentheses(), Expression::Identifier(o) if o.name == "Object")
                    && let Some(Argument::Identifier(x)) = keys.arguments.first()
                    && let Some((_, spec)) = self.required.iter().find(|(n, _)| n == x.name.as_str())
                {
                    let spec = spec.clone();
                    self.reexport(spec);
                }
            }
            _ => {}
        }
        oxc_ast_visit::walk::walk_call_expression(self, c);
    }
}

/// The names and re-exports CommonJS program `program` (wrapped, `modules::cjs_wrapper`)
/// exports as Node's static analysis finds them.
pub fn detect(program: &'static Program<'static>, scoping: &Scoping) -> Detected {
    let Some(f) = crate::modules::cjs_wrapper(program) else { return Detected::default() };
    let mut v = V { scoping, exports: param(f, 0), require: param(f, 1), module: param(f, 2), required: Vec::new(), out: Detected::default() };
    v.visit_program(program);
    v.out
}
