//! Object literals that never escape. A `const` bound to a plain object
//! literal (static keys, data properties) whose every use, in the function
//! that declares it, reads one of the literal's own fields (`p.x`, not as a
//! call's callee) cannot be reached by anything but those reads: no alias,
//! no closure, no call sees it. Its fields keep the values the literal gave
//! them, so the compiler keeps those values and allocates nothing (scalar
//! replacement). Reads compiled before the declaration still find the
//! binding in its TDZ.
//!
//! The literal is not scalar-replaced when one of its fields is read as a method call's callee,
//! in a nested function, when it is exported (`export const`), or when it is declared in a
//! `switch` case; the binding holds
//! `undefined` past its TDZ.

use crate::codegen::FnCompiler;
use hashbrown::{HashMap, HashSet};
use oxc_ast::ast::*;
use oxc_ast_visit::{Visit, walk};
use oxc_semantic::Scoping;
use oxc_syntax::scope::ScopeFlags;
use oxc_syntax::symbol::SymbolId;

/// The keys of an object literal made only of `key: value` properties with
/// distinct static, non-index keys (at most 16, not `__proto__`), in order.
pub fn literal_field_names(o: &ObjectExpression) -> Option<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    for p in &o.properties {
        let ObjectPropertyKind::ObjectProperty(p) = p else { return None };
        if p.computed || p.method || p.kind != PropertyKind::Init {
            return None;
        }
        let n = FnCompiler::static_key_name(&p.key)?;
        if n == "__proto__" || names.contains(&n) || n.parse::<u32>().is_ok() {
            return None;
        }
        names.push(n);
    }
    (!names.is_empty() && names.len() <= 16).then_some(names)
}

/// The object literal an initialiser is, through parentheses and type
/// assertions (which do nothing at run time).
pub fn object_literal_of<'a>(e: &'a Expression<'a>) -> Option<&'a ObjectExpression<'a>> {
    match e {
        Expression::ObjectExpression(o) => Some(o),
        Expression::ParenthesizedExpression(p) => object_literal_of(&p.expression),
        Expression::TSAsExpression(x) => object_literal_of(&x.expression),
        Expression::TSSatisfiesExpression(x) => object_literal_of(&x.expression),
        Expression::TSNonNullExpression(x) => object_literal_of(&x.expression),
        Expression::TSTypeAssertion(x) => object_literal_of(&x.expression),
        _ => None,
    }
}

/// The `const` bindings of one function body (nested functions excluded)
/// that never escape, as described above. Consts declared directly in a
/// `switch` case are left out: a later case may be entered past the
/// declaration or fall through from it.
pub fn scalar_literals(body: &[Statement], scoping: &Scoping) -> HashSet<SymbolId> {
    let mut u = Uses { scoping, candidates: HashMap::new(), reads: Vec::new(), escaped: HashSet::new() };
    for s in body {
        u.visit_statement(s);
    }
    let mut safe: HashMap<SymbolId, usize> = HashMap::new();
    for (sym, name) in &u.reads {
        match u.candidates.get(sym) {
            Some(names) if names.iter().any(|n| n == name) => *safe.entry(*sym).or_default() += 1,
            _ => {
                u.escaped.insert(*sym);
            }
        }
    }
    u.candidates
        .keys()
        .copied()
        .filter(|s| !u.escaped.contains(s) && safe.get(s).copied().unwrap_or(0) == scoping.get_resolved_reference_ids(*s).len())
        .collect()
}

struct Uses<'s> {
    scoping: &'s Scoping,
    candidates: HashMap<SymbolId, Vec<String>>,
    /// Reads `sym.name` in expression position.
    reads: Vec<(SymbolId, String)>,
    escaped: HashSet<SymbolId>,
}

impl Uses<'_> {
    fn sym(&self, e: &Expression) -> Option<SymbolId> {
        match e {
            Expression::Identifier(id) => id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id()),
            Expression::ParenthesizedExpression(p) => self.sym(&p.expression),
            _ => None,
        }
    }

    /// `sym.x` (through parentheses): the object's binding.
    fn member_of(&self, e: &Expression) -> Option<SymbolId> {
        match e {
            Expression::StaticMemberExpression(m) => self.sym(&m.object),
            Expression::ComputedMemberExpression(m) => self.sym(&m.object),
            Expression::ParenthesizedExpression(p) => self.member_of(&p.expression),
            _ => None,
        }
    }
}

impl<'a> Visit<'a> for Uses<'_> {
    fn visit_variable_declaration(&mut self, d: &VariableDeclaration<'a>) {
        if d.kind == VariableDeclarationKind::Const {
            for decl in &d.declarations {
                if let BindingPattern::BindingIdentifier(id) = &decl.id
                    && let Some(sym) = id.symbol_id.get()
                    && let Some(names) = decl.init.as_ref().and_then(object_literal_of).and_then(literal_field_names)
                {
                    self.candidates.insert(sym, names);
                }
            }
        }
        walk::walk_variable_declaration(self, d);
    }

    fn visit_expression(&mut self, e: &Expression<'a>) {
        if let Expression::StaticMemberExpression(m) = e
            && !m.optional
            && let Expression::Identifier(id) = &m.object
            && let Some(sym) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
        {
            self.reads.push((sym, m.property.name.as_str().to_string()));
            return;
        }
        walk::walk_expression(self, e);
    }

    fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
        // `p.f()` passes `p` as `this`.
        if let Some(s) = self.member_of(&c.callee) {
            self.escaped.insert(s);
        }
        walk::walk_call_expression(self, c);
    }

    fn visit_tagged_template_expression(&mut self, t: &TaggedTemplateExpression<'a>) {
        if let Some(s) = self.member_of(&t.tag) {
            self.escaped.insert(s);
        }
        walk::walk_tagged_template_expression(self, t);
    }

    fn visit_unary_expression(&mut self, u: &UnaryExpression<'a>) {
        if u.operator == oxc_syntax::operator::UnaryOperator::Delete
            && let Some(s) = self.member_of(&u.argument)
        {
            self.escaped.insert(s);
        }
        walk::walk_unary_expression(self, u);
    }

    // An exported binding is read by other modules (through its slot), unseen here.
    fn visit_export_declaration(&mut self, d: &ExportDeclaration<'a>) {
        self.escaped.extend(crate::modules::declared_names(&d.declaration).into_iter().map(|x| x.1));
        walk::walk_export_declaration(self, d);
    }

    fn visit_switch_case(&mut self, c: &SwitchCase<'a>) {
        for st in &c.consequent {
            if let Statement::VariableDeclaration(d) = st {
                for decl in &d.declarations {
                    let mut v = Vec::new();
                    crate::modules::pattern_names(&decl.id, &mut v);
                    self.escaped.extend(v.into_iter().map(|x| x.1));
                }
            }
        }
        walk::walk_switch_case(self, c);
    }

    // Uses in nested functions are not counted: such a binding escapes.
    fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {}
    fn visit_class(&mut self, _it: &Class<'a>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scalar literals of the module body of `src`, by name, sorted.
    fn scalars(src: &str) -> Vec<String> {
        let (program, scoping) = crate::parse_for_test(src);
        let mut out: Vec<String> = scalar_literals(&program.body, &scoping).iter().map(|&s| scoping.symbol_name(s).to_string()).collect();
        out.sort();
        out
    }

    #[test]
    fn only_field_reads_keep_a_literal_scalar() {
        assert_eq!(scalars("const p = { x: 1, y: 2 };\nconsole.log(p.x + p.y, typeof p.x);\nnew p.y();"), ["p"]);
        assert_eq!(scalars("const p = { x: 1 } as const;\nconst q = <any>{ y: 2 };\nlet s = p.x + q.y;"), ["p", "q"]);
        // Escapes: the binding itself, a write, a method call, a missing
        // field, optional chaining, a closure, delete, a computed key.
        for src in [
            "const p = { x: 1 };\nconsole.log(p);",
            "const p = { x: 1 };\np.x = 2;",
            "const p = { x: 1 };\np.x++;",
            "const p = { f: 1 };\np.f();",
            "const p = { x: 1 };\np.toString;",
            "const p = { x: 1 };\np?.x;",
            "const p = { x: 1 };\nconst f = () => p.x;",
            "const p = { x: 1 };\ndelete p.x;",
            "const p = { x: 1 };\np['x'];",
            "const p = { x: 1 };\nfor (p.x of []) {}",
            "const p = { x: 1 };\np.x`t`;",
            "const p = { x: 1 };\n(p).x;",
        ] {
            assert_eq!(scalars(src), Vec::<String>::new(), "{src}");
        }
        // Not plain data literals.
        for src in [
            "const p = { x: 1, ...o };\np.x;",
            "const p = { get x() { return 1; } };\np.x;",
            "const p = { __proto__: null, x: 1 };\np.x;",
            "let p = { x: 1 };\np.x;",
            "const p = { 0: 1 };\np[0];",
        ] {
            assert_eq!(scalars(src), Vec::<String>::new(), "{src}");
        }
        // A switch case's const may be reached by fall-through.
        assert_eq!(scalars("switch (k) { case 0: const p = { x: 1 }; case 1: p.x; }"), Vec::<String>::new());
    }
}
