//! Enum member reads that fold to constants.
//!
//! A TypeScript `enum` is an object made when its declaration runs; `Op.Push`
//! reads a property of it. Most programs never touch the object otherwise, and
//! then every read of a member with a constant value sees that constant, once
//! the declaration has run. This analysis finds those reads (by the span start
//! of their member expression) and their values, so that code generation
//! emits the constant instead of a property lookup (`case Op.Push:` in a
//! `switch` over opcodes becomes a compare with an immediate).
//!
//! An enum qualifies when it is declared once, at the top level of its module,
//! not exported, and every value reference to it is `E.member` or `E[key]` read
//! as a value: not assigned, not deleted, not the callee of a call (which would
//! pass the object as `this`), not passed anywhere. Nothing can then change
//! the object's members after the declaration.
//!
//! A read folds only where it cannot run before the declaration has run (where
//! it throws, the binding being `undefined`). A read in a top-level statement
//! after the declaration qualifies, unless that statement is a function
//! declaration: those are hoisted. A hoisted function qualifies through its
//! callers: it is *late* for the enum when every reference to it is itself in a
//! later statement or in another late function (a fixpoint), and it is not
//! exported (another module could call it during a cycle of imports).
//!
//! Member values: number and string literals, `-`, `+`, `~` and the binary
//! arithmetic and bitwise operators over constants, references to earlier
//! members (`B = A << 1`, `C = Op.A | Op.B`), and the implicit `previous + 1`.

use hashbrown::HashMap;

use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::{Scoping, SymbolId};
use oxc_syntax::operator::{BinaryOperator, UnaryOperator};

#[derive(Clone, Debug, PartialEq)]
pub enum EnumConst {
    Num(f64),
    Str(String),
}

/// Foldable enum member reads of one module: member expression span start ->
/// the member's value.
pub fn enum_folds(program: &Program, scoping: &Scoping) -> HashMap<u32, EnumConst> {
    // The candidate enums: top level, declared once, not exported.
    let mut enums: HashMap<SymbolId, (usize, HashMap<String, EnumConst>)> = HashMap::new();
    for (i, st) in program.body.iter().enumerate() {
        let Statement::TSEnumDeclaration(e) = st else { continue };
        let Some(sym) = e.id.symbol_id.get() else { continue };
        if e.declare || !scoping.symbol_redeclarations(sym).is_empty() {
            continue;
        }
        enums.insert(sym, (i, member_values(e, scoping)));
    }
    if enums.is_empty() {
        return HashMap::new();
    }
    // Top-level function declarations (hoisted: they may run before any
    // statement), by statement; exported ones may run at any time (another
    // module can call them during a cycle of imports).
    let mut fns: HashMap<SymbolId, usize> = HashMap::new();
    let mut hoisted: HashMap<usize, Option<SymbolId>> = HashMap::new();
    for (i, st) in program.body.iter().enumerate() {
        let (f, exported) = match st {
            Statement::FunctionDeclaration(f) => (f, false),
            Statement::ExportDeclaration(d) => match &d.declaration {
                Declaration::FunctionDeclaration(f) => (f, true),
                _ => continue,
            },
            Statement::ExportDefaultDeclaration(d) => {
                if let ExportDefaultDeclarationKind::FunctionDeclaration(_) = &d.declaration {
                    hoisted.insert(i, None);
                }
                continue;
            }
            _ => continue,
        };
        let s = f.id.as_ref().and_then(|id| id.symbol_id.get());
        hoisted.insert(i, s.filter(|_| !exported));
        if let Some(s) = s
            && !exported
        {
            fns.insert(s, i);
        }
    }
    let mut v = Refs { scoping, enums: &enums, fns: &fns, stmt: 0, in_export: false, safe: HashMap::new(), reads: Vec::new(), calls: Vec::new() };
    for (i, st) in program.body.iter().enumerate() {
        v.stmt = i;
        v.in_export = matches!(st, Statement::ExportNamedDeclaration(_) | Statement::ExportDefaultDeclaration(_));
        v.visit_statement(st);
    }
    // The earliest top-level statement during which code in statement `at`
    // may run: that statement's, or for a hoisted function its callers'
    // (a fixpoint; 0 for exported ones, never for unreferenced ones).
    let mut from: HashMap<SymbolId, usize> = fns.keys().map(|&f| (f, usize::MAX)).collect();
    let runs_from = |from: &HashMap<SymbolId, usize>, at: usize| match hoisted.get(&at) {
        Some(Some(f)) => from[f],
        Some(None) => 0,
        None => at,
    };
    loop {
        let mut changed = false;
        for &(callee, at, in_export) in &v.calls {
            let start = if in_export { 0 } else { runs_from(&from, at) };
            if start < from[&callee] {
                from.insert(callee, start);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = HashMap::new();
    for (site, sym, name, at) in v.reads {
        let (decl, values) = &enums[&sym];
        let safe_refs = v.safe.get(&sym).copied().unwrap_or(0);
        let value_refs = scoping.get_resolved_references(sym).filter(|r| r.flags().is_value()).count();
        if runs_from(&from, at) > *decl
            && safe_refs == value_refs
            && let Some(c) = values.get(&name)
        {
            out.insert(site, c.clone());
        }
    }
    out
}

struct Refs<'s> {
    scoping: &'s Scoping,
    enums: &'s HashMap<SymbolId, (usize, HashMap<String, EnumConst>)>,
    fns: &'s HashMap<SymbolId, usize>,
    stmt: usize,
    in_export: bool,
    /// Per enum: its references that only read a member.
    safe: HashMap<SymbolId, usize>,
    /// (member expression start, enum, member, top-level statement).
    reads: Vec<(u32, SymbolId, String, usize)>,
    /// (function, top-level statement of the reference, in an export list).
    calls: Vec<(SymbolId, usize, bool)>,
}

impl Refs<'_> {
    fn enum_of(&self, e: &Expression) -> Option<SymbolId> {
        let Expression::Identifier(id) = e else { return None };
        let s = self.scoping.get_reference(id.reference_id.get()?).symbol_id()?;
        self.enums.contains_key(&s).then_some(s)
    }
    /// `E.x` or `E[k]` read as a value: counts the reference as safe (and
    /// records a static read as a fold site); other members are walked.
    fn member_read(&mut self, e: &Expression<'_>) -> bool {
        match e {
            Expression::StaticMemberExpression(m) if !m.optional => {
                let Some(s) = self.enum_of(&m.object) else { return false };
                *self.safe.entry(s).or_default() += 1;
                self.reads.push((m.span.start, s, m.property.name.to_string(), self.stmt));
                true
            }
            Expression::ComputedMemberExpression(m) if !m.optional => {
                let Some(s) = self.enum_of(&m.object) else { return false };
                *self.safe.entry(s).or_default() += 1;
                self.visit_expression(&m.expression);
                true
            }
            _ => false,
        }
    }
}

impl<'a> Visit<'a> for Refs<'_> {
    fn visit_expression(&mut self, e: &Expression<'a>) {
        if !self.member_read(e) {
            oxc_ast_visit::walk::walk_expression(self, e);
        }
    }
    fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
        // `E.x()` passes E as `this`: walked without the safe count.
        if let Some(m) = c.callee.as_member_expression() {
            oxc_ast_visit::walk::walk_member_expression(self, m);
        } else {
            self.visit_expression(&c.callee);
        }
        for a in &c.arguments {
            self.visit_argument(a);
        }
    }
    fn visit_tagged_template_expression(&mut self, t: &TaggedTemplateExpression<'a>) {
        if let Some(m) = t.tag.as_member_expression() {
            oxc_ast_visit::walk::walk_member_expression(self, m);
        } else {
            self.visit_expression(&t.tag);
        }
        self.visit_template_literal(&t.quasi);
    }
    fn visit_unary_expression(&mut self, u: &UnaryExpression<'a>) {
        // `delete E.x` changes the object.
        if u.operator == UnaryOperator::Delete
            && let Some(m) = u.argument.as_member_expression()
        {
            oxc_ast_visit::walk::walk_member_expression(self, m);
            return;
        }
        self.visit_expression(&u.argument);
    }
    fn visit_identifier_reference(&mut self, id: &IdentifierReference<'a>) {
        if let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            && self.fns.contains_key(&s)
        {
            self.calls.push((s, self.stmt, self.in_export));
        }
    }
}

/// The constant values of an enum's members, in declaration order.
fn member_values(e: &TSEnumDeclaration, scoping: &Scoping) -> HashMap<String, EnumConst> {
    let mut out: HashMap<String, EnumConst> = HashMap::new();
    let self_sym = e.id.symbol_id.get();
    let mut last: Option<EnumConst> = Some(EnumConst::Num(-1.0));
    for m in &e.body.members {
        let name = match &m.id {
            TSEnumMemberName::Identifier(i) => i.name.to_string(),
            TSEnumMemberName::String(s) | TSEnumMemberName::ComputedString(s) => s.value.to_string(),
            TSEnumMemberName::ComputedTemplateString(t) => t.quasis.iter().map(|q| q.value.raw.as_str()).collect(),
        };
        let value = match &m.initializer {
            Some(init) => eval(init, &out, self_sym, scoping),
            None => match last {
                Some(EnumConst::Num(n)) => Some(EnumConst::Num(n + 1.0)),
                _ => None,
            },
        };
        if let Some(v) = &value {
            out.insert(name, v.clone());
        }
        last = value;
    }
    out
}

fn eval(e: &Expression, members: &HashMap<String, EnumConst>, self_sym: Option<SymbolId>, scoping: &Scoping) -> Option<EnumConst> {
    let num = |e: &Expression| match eval(e, members, self_sym, scoping)? {
        EnumConst::Num(n) => Some(n),
        EnumConst::Str(_) => None,
    };
    Some(match e {
        Expression::NumericLiteral(n) => EnumConst::Num(n.value),
        Expression::StringLiteral(s) => EnumConst::Str(s.value.to_string()),
        Expression::TemplateLiteral(t) if t.expressions.is_empty() => EnumConst::Str(t.quasis[0].value.cooked?.to_string()),
        Expression::ParenthesizedExpression(p) => eval(&p.expression, members, self_sym, scoping)?,
        // An earlier member, by its own name (the reference resolves to the
        // member) or through the enum.
        Expression::Identifier(id) => {
            let s = scoping.get_reference(id.reference_id.get()?).symbol_id()?;
            if !scoping.symbol_flags(s).contains(oxc_syntax::symbol::SymbolFlags::EnumMember) {
                return None;
            }
            members.get(id.name.as_str())?.clone()
        }
        Expression::StaticMemberExpression(m) => {
            let Expression::Identifier(id) = &m.object else { return None };
            if scoping.get_reference(id.reference_id.get()?).symbol_id() != self_sym || self_sym.is_none() {
                return None;
            }
            members.get(m.property.name.as_str())?.clone()
        }
        Expression::UnaryExpression(u) => {
            let n = num(&u.argument)?;
            EnumConst::Num(match u.operator {
                UnaryOperator::UnaryNegation => -n,
                UnaryOperator::UnaryPlus => n,
                UnaryOperator::BitwiseNot => !perry_abi::to_int32(n) as f64,
                _ => return None,
            })
        }
        Expression::BinaryExpression(b) => {
            let (l, r) = (num(&b.left)?, num(&b.right)?);
            let (il, ir) = (perry_abi::to_int32(l), perry_abi::to_int32(r));
            EnumConst::Num(match b.operator {
                BinaryOperator::Addition => l + r,
                BinaryOperator::Subtraction => l - r,
                BinaryOperator::Multiplication => l * r,
                BinaryOperator::Division => l / r,
                BinaryOperator::Remainder => l % r,
                BinaryOperator::BitwiseOR => (il | ir) as f64,
                BinaryOperator::BitwiseAnd => (il & ir) as f64,
                BinaryOperator::BitwiseXOR => (il ^ ir) as f64,
                BinaryOperator::ShiftLeft => il.wrapping_shl(ir as u32 & 31) as f64,
                BinaryOperator::ShiftRight => (il >> (ir as u32 & 31)) as f64,
                BinaryOperator::ShiftRightZeroFill => ((il as u32) >> (ir as u32 & 31)) as f64,
                _ => return None,
            })
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folded reads of `src` as `source text = value`, in source order.
    fn folds(src: &str) -> Vec<String> {
        let (program, scoping) = crate::parse_for_test(src);
        let mut out: Vec<(u32, String)> = enum_folds(program, &scoping)
            .into_iter()
            .map(|(at, c)| {
                let rest = &src[at as usize..];
                let end = rest.find(|ch: char| !(ch.is_alphanumeric() || ch == '.' || ch == '_')).unwrap_or(rest.len());
                let v = match c {
                    EnumConst::Num(n) => n.to_string(),
                    EnumConst::Str(s) => format!("{s:?}"),
                };
                (at, format!("{} = {v}", &rest[..end]))
            })
            .collect();
        out.sort();
        out.into_iter().map(|(_, s)| s).collect()
    }

    #[test]
    fn member_values() {
        let src = "enum E { A, B, C = 10, D, N = -4, S = 1 << 4, M = S | C, X = ~C, T = 'tx', U = E.C * 2 }\n\
                   class K { f() { return [E.A, E.B, E.C, E.D, E.N, E.S, E.M, E.X, E.T, E.U]; } }";
        assert_eq!(folds(src), ["E.A = 0", "E.B = 1", "E.C = 10", "E.D = 11", "E.N = -4", "E.S = 16", "E.M = 26", "E.X = -11", "E.T = \"tx\"", "E.U = 20"]);
        // A member after a computed one has no known value.
        assert_eq!(folds("declare const k: number;\nenum E { A = k, B }\nclass K { f() { return E.A + E.B; } }"), Vec::<String>::new());
    }

    #[test]
    fn only_where_the_declaration_has_run() {
        // Before the declaration, in it, and in a hoisted function that may run before it: not
        // folded. After it, in a class or arrow made after it, and in a function only called
        // from there: folded.
        let src = "function early() { return E.A; }\nearly();\nenum E { A = 1, B = E.A }\n\
                   function late() { return E.B; }\nclass C { m() { return late() + E.A; } }\nconst g = () => E.B;";
        assert_eq!(folds(src), ["E.B = 1", "E.A = 1", "E.B = 1"]);
        // An exported function may be called at any time.
        assert_eq!(folds("enum E { A = 1 }\nexport function f() { return E.A; }"), Vec::<String>::new());
        assert_eq!(folds("enum E { A = 1 }\nfunction f() { return E.A; }\nexport { f };"), Vec::<String>::new());
    }

    #[test]
    fn only_enums_nothing_can_change() {
        // Written, deleted, passed on, called as a method's receiver, exported, merged.
        for src in [
            "enum E { A = 1 }\n(E as any).A = 2;\nconst x = E.A;",
            "enum E { A = 1 }\ndelete (E as any).A;\nconst x = E.A;",
            "enum E { A = 1 }\nObject.keys(E);\nconst x = E.A;",
            "enum E { A = 1 }\n(E as any).A();\nconst x = E.A;",
            "enum E { A = 1 }\nconst x = E.A;\nexport { E };",
            "export enum E { A = 1 }\nconst x = E.A;",
            "enum E { A = 1 }\nenum E { B = 2 }\nconst x = E.A;",
            "enum E { A = 1 }\nE.A++;\nconst x = E.A;",
        ] {
            assert_eq!(folds(src), Vec::<String>::new(), "{src}");
        }
        // Reads through a computed key and in types do not stop it.
        assert_eq!(folds("enum E { A = 1 }\nlet t: E = E.A;\nconst n = E[E.A];\ntype K = keyof typeof E;"), ["E.A = 1", "E.A = 1"]);
    }
}
