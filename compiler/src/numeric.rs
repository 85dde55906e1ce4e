//! Number-typed locals: a flow-insensitive inference that finds `let`/`const`
//! bindings of one function whose every write is an expression that always
//! yields a number (literals, arithmetic other than `+` on unknowns, updates,
//! other number locals). Such bindings live in `f64` registers: no tag tests,
//! no boxing, and no stack-map spills around calls.
//!
//! A binding qualifies only when it is not captured by an inner function, is
//! declared by a plain `let`/`const` with an initialiser, and is never read
//! before its declaration in source order (so it can have no TDZ).
//!
//! # Number, integer and probable-number locals
//!
//! At each loop exit the number locals get fresh values anchored by a store, so a loop-carried
//! number that is still needed after later calls is not kept in a stack slot inside the loop
//! (regalloc2 spills whole live ranges and every float register is caller-saved).
//!
//! Integer locals ([`int_locals`]): a number local initialised with an integer literal below
//! 2^31 and otherwise only stepped by `++`/`--` (a loop counter), or one only ever set to
//! integers (`integral_local`: integer literals below 2^53, bitwise results, bitwise compound
//! assignments, `++`/`--`: `s ^= s << 13; s |= 0`), lives in an `i64` variable (`Loc::Int`); a
//! step stops at +-2^53, where the double's would. Reads are the double made from that integer,
//! so element indexing, `%` by a constant and bitwise operators take the integer back with no
//! conversion (`int_source`); a counter never decremented from a non-negative start is known
//! non-negative (no -0 from `%`). A *narrow* integer local (every write a bitwise result or an
//! integer literal below 2^31, no `++`/`--`) holds at most 33 bits, so `+`, `-` and `*` with it
//! are integer arithmetic while the result stays exact in a double (`add_sub_f64`, `mul_f64`):
//! `acc = (acc + x * 31) | 0` never leaves the integer registers. A `for` loop's counter that
//! its test bounds (`i < N` with `N` an integer literal or another integer local, nothing else
//! writing `i`) steps without the 2^53 clamp (`bounded_counter`).
//!
//! Probable numbers ([`spec_locals`], `Loc::Spec`): a `let` that is not a number local but
//! whose plain writes are all numbers and that arithmetic compound assignments update with
//! values of any type (`let sum = 0; sum += o.x`) has an `f64` variable, a value variable and
//! an `i8` flag. While the flag is set the binding is the f64's number (the value variable is
//! stale). `sum += e` when the flag is set and `e` is a number is float arithmetic on the f64;
//! otherwise the operator runs on values and the write sets whichever representation the result
//! needs (only when `e` does not itself assign the binding, so reading it after `e` is the same
//! as before). Reads select between the two. `sum += a op b` (`op` one of `+ - * /`) tests the
//! flag and both operands once and does both float operations; otherwise `a op b` runs on
//! values (cold) and the general `sum += x` follows.
//!
//! # Number functions
//!
//! Found by [`number_functions`]: a top-level function declaration that is never reassigned, with one to
//! four plain parameters that no closure captures, some of which (`NumFn::nums`: declared
//! `number` or not typed) its body only sets to numbers, gets a *number entry*
//! (`FnBody::NumEntry`): the same body compiled again with those parameters as number locals
//! (parameters typed as anything else stay values). When all parameters are numbers there
//! (`NumFn::full`), a call `f(a, b)` with as many arguments as parameters calls it directly (no
//! closure dispatch) when every argument is a number, statically (`is_num`) or by a tag test;
//! in any case the general entry forwards to it when the number parameters hold numbers. When
//! every `return` yields a number and the body ends with one (`returns_num`, a fixpoint over
//! the module, recursion included), such a call's result is a number by construction, so
//! callers keep it unboxed.
//!
//! # Static number knowledge, indexed bindings, loop arrays
//!
//! Module-scope `const X = <number literal>` reads as that number after its TDZ check (none
//! when the module imports nothing and only function/type declarations and such constants
//! precede it: `ModuleConsts::early`). When `a` is a `const` used as `a[...]` in the function
//! ([`indexed_bindings`]), whether it is an array is tested once, at the declaration, into an
//! `i8` variable (a const's value and a cell's kind never change; the variable reads zero on
//! any path that skipped the declaration, which only sends the read to the runtime). A
//! parameter declared `Float64Array`, indexed and never assigned gets the same flags at entry,
//! and whether it is a Float64Array: its reads skip the kind and element-type tests
//! (`param_flags`; for parameters declared arrays the flags cost more than they saved).
//! [`loop_arrays`] finds the loops and bindings the loop array caches of `codegen/func.rs` may
//! cover.

use hashbrown::{HashMap, HashSet};
use oxc_ast::ast::*;
use oxc_ast_visit::Visit;
use oxc_semantic::Scoping;
use oxc_syntax::operator::{AssignmentOperator, BinaryOperator, UnaryOperator, UpdateOperator};
use oxc_syntax::scope::ScopeFlags;
use oxc_syntax::symbol::{SymbolFlags, SymbolId};

/// What is known to be a number: symbols (number locals, module number
/// constants) and the functions whose calls yield numbers (see
/// [`number_functions`]): symbol -> number of parameters.
#[derive(Default, Clone)]
pub struct Known {
    pub syms: HashSet<SymbolId>,
    pub fns: HashMap<SymbolId, usize>,
}

impl Known {
    pub fn contains(&self, s: &SymbolId) -> bool {
        self.syms.contains(s)
    }
}

/// Whether `e` always evaluates to a number, given the number locals `set`.
///
/// The numeric operators other than `+` and `>>>` yield a BigInt for BigInt
/// operands, so they are numbers only when one operand is known to be a
/// number (with a BigInt on the other side they throw: the types must
/// agree). Unary `-` and `~` need a number operand; unary `+` and `>>>`
/// always give a number (or throw).
pub fn is_num(e: &Expression, scoping: &Scoping, set: &Known) -> bool {
    use BinaryOperator as B;
    match e {
        Expression::NumericLiteral(_) => true,
        Expression::ParenthesizedExpression(p) => is_num(&p.expression, scoping, set),
        Expression::TSAsExpression(x) => is_num(&x.expression, scoping, set),
        Expression::TSNonNullExpression(x) => is_num(&x.expression, scoping, set),
        Expression::TSSatisfiesExpression(x) => is_num(&x.expression, scoping, set),
        Expression::UnaryExpression(u) => match u.operator {
            UnaryOperator::UnaryPlus => true,
            UnaryOperator::UnaryNegation | UnaryOperator::BitwiseNot => is_num(&u.argument, scoping, set),
            _ => false,
        },
        Expression::BinaryExpression(b) => match b.operator {
            B::Addition => is_num(&b.left, scoping, set) && is_num(&b.right, scoping, set),
            B::Subtraction
            | B::Multiplication
            | B::Division
            | B::Remainder
            | B::Exponential
            | B::BitwiseAnd
            | B::BitwiseOR
            | B::BitwiseXOR
            | B::ShiftLeft
            | B::ShiftRight => is_num(&b.left, scoping, set) || is_num(&b.right, scoping, set),
            B::ShiftRightZeroFill => true,
            _ => false,
        },
        // ToNumeric of the old value: a number when the target is one.
        Expression::UpdateExpression(u) => match &u.argument {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(id) => {
                id.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id()).is_some_and(|s| set.contains(&s))
            }
            _ => false,
        },
        Expression::Identifier(id) => id.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id()).is_some_and(|s| set.contains(&s)),

        Expression::AssignmentExpression(a) => match a.operator {
            AssignmentOperator::Assign => is_num(&a.right, scoping, set),
            AssignmentOperator::Addition => target_sym(&a.left, scoping).is_some_and(|s| set.contains(&s)) && is_num(&a.right, scoping, set),
            AssignmentOperator::LogicalAnd | AssignmentOperator::LogicalOr | AssignmentOperator::LogicalNullish => false,
            AssignmentOperator::ShiftRightZeroFill => true,
            _ => target_sym(&a.left, scoping).is_some_and(|s| set.contains(&s)) || is_num(&a.right, scoping, set),
        },
        Expression::ConditionalExpression(c) => is_num(&c.consequent, scoping, set) && is_num(&c.alternate, scoping, set),
        Expression::SequenceExpression(s) => s.expressions.last().is_some_and(|x| is_num(x, scoping, set)),
        // A number function called with as many number arguments as it has
        // parameters runs its number entry, which returns a number.
        Expression::CallExpression(c) => {
            !c.optional
                && match &c.callee {
                    Expression::Identifier(id) => id
                        .reference_id
                        .get()
                        .and_then(|r| scoping.get_reference(r).symbol_id())
                        .and_then(|s| set.fns.get(&s))
                        .is_some_and(|&n| n == c.arguments.len() && c.arguments.iter().all(|a| a.as_expression().is_some_and(|x| is_num(x, scoping, set)))),
                    _ => false,
                }
        }
        _ => false,
    }
}

fn target_sym(t: &AssignmentTarget, scoping: &Scoping) -> Option<SymbolId> {
    match t {
        AssignmentTarget::AssignmentTargetIdentifier(id) => id.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id()),
        _ => None,
    }
}

#[derive(Default)]
struct Collect<'a> {
    /// Candidate -> its writes (None: a write that is not a plain expression).
    writes: HashMap<SymbolId, Vec<Option<&'a Expression<'a>>>>,
    /// Compound writes: (symbol, operator, right-hand side).
    compound: Vec<(SymbolId, AssignmentOperator, &'a Expression<'a>)>,
    declared: HashSet<SymbolId>,
    bad: HashSet<SymbolId>,
    /// `x++`/`x--` targets: (incremented, decremented).
    updates: HashMap<SymbolId, (bool, bool)>,
}

struct Walker<'s, 'a> {
    scoping: &'s Scoping,
    c: Collect<'a>,
}

impl<'a> Visit<'a> for Walker<'_, 'a> {
    fn visit_variable_declarator(&mut self, d: &VariableDeclarator<'a>) {
        if let Some(init) = &d.init {
            self.visit_expression(init);
        }
        match (&d.id, &d.init) {
            (BindingPattern::BindingIdentifier(id), Some(init)) => {
                if let Some(s) = id.symbol_id.get() {
                    // SAFETY: `init` is a node of the AST arena, which lives for `'a`; the visitor
                    // only hands it out with a shorter borrow, so lengthening it back to `'a` is
                    // exact.
                    let e: &'a Expression<'a> = unsafe { &*(init as *const Expression<'a>) };
                    self.c.writes.entry(s).or_default().push(Some(e));
                    self.c.declared.insert(s);
                }
            }
            (p, _) => {
                let mut v = Vec::new();
                crate::modules::pattern_names(p, &mut v);
                for (_, s) in v {
                    self.c.bad.insert(s);
                }
                self.visit_binding_pattern(p);
            }
        }
    }

    fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
        if let Some(s) = it.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            && !self.c.declared.contains(&s)
        {
            // Read (or written) before its declaration in source order.
            self.c.bad.insert(s);
        }
    }

    fn visit_assignment_expression(&mut self, a: &AssignmentExpression<'a>) {
        match &a.left {
            AssignmentTarget::AssignmentTargetIdentifier(id) => {
                if let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id()) {
                    if !self.c.declared.contains(&s) {
                        self.c.bad.insert(s);
                    }
                    // SAFETY: as above: `a.right` lives in the AST arena for `'a`.
                    let e: &'a Expression<'a> = unsafe { &*(&a.right as *const Expression<'a>) };
                    if a.operator == AssignmentOperator::Assign {
                        self.c.writes.entry(s).or_default().push(Some(e));
                    } else {
                        self.c.compound.push((s, a.operator, e));
                    }
                }
            }
            t => {
                if let Some(p) = t.as_assignment_target_pattern() {
                    mark_pattern_targets(p, self.scoping, &mut self.c.bad);
                }
                self.visit_assignment_target(t);
            }
        }
        self.visit_expression(&a.right);
    }

    fn visit_update_expression(&mut self, it: &UpdateExpression<'a>) {
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = &it.argument
            && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
        {
            let e = self.c.updates.entry(s).or_default();
            if it.operator == UpdateOperator::Increment {
                e.0 = true;
            } else {
                e.1 = true;
            }
        }
        oxc_ast_visit::walk::walk_update_expression(self, it);
    }

    fn visit_for_in_statement(&mut self, it: &ForInStatement<'a>) {
        mark_left(&it.left, self.scoping, &mut self.c.bad);
        oxc_ast_visit::walk::walk_for_in_statement(self, it);
    }

    fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
        mark_left(&it.left, self.scoping, &mut self.c.bad);
        oxc_ast_visit::walk::walk_for_of_statement(self, it);
    }

    fn visit_switch_statement(&mut self, it: &SwitchStatement<'a>) {
        // Cases may jump past a declaration: keep switch-scoped bindings boxed values.
        for case in &it.cases {
            for st in &case.consequent {
                if let Statement::VariableDeclaration(d) = st {
                    for decl in &d.declarations {
                        let mut v = Vec::new();
                        crate::modules::pattern_names(&decl.id, &mut v);
                        for (_, s) in v {
                            self.c.bad.insert(s);
                        }
                    }
                }
            }
        }
        oxc_ast_visit::walk::walk_switch_statement(self, it);
    }

    // Inner functions and classes are other contexts: their references make a
    // binding captured (and so boxed), which excludes it anyway.
    fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {}
    fn visit_class(&mut self, c: &Class<'a>) {
        if let Some(h) = &c.heritage {
            self.visit_expression(&h.expression);
        }
    }
    fn visit_ts_type_annotation(&mut self, _it: &TSTypeAnnotation<'a>) {}
}

fn mark_left(left: &ForStatementLeft, scoping: &Scoping, bad: &mut HashSet<SymbolId>) {
    match left {
        ForStatementLeft::VariableDeclaration(d) => {
            for decl in &d.declarations {
                let mut v = Vec::new();
                crate::modules::pattern_names(&decl.id, &mut v);
                for (_, s) in v {
                    bad.insert(s);
                }
            }
        }
        other => {
            if let Some(t) = other.as_assignment_target() {
                if let Some(s) = target_sym(t, scoping) {
                    bad.insert(s);
                }
                if let Some(p) = t.as_assignment_target_pattern() {
                    mark_pattern_targets(p, scoping, bad);
                }
            }
        }
    }
}

fn mark_pattern_targets(p: &AssignmentTargetPattern, scoping: &Scoping, bad: &mut HashSet<SymbolId>) {
    let mark_target = |t: &AssignmentTarget, bad: &mut HashSet<SymbolId>| {
        if let Some(s) = target_sym(t, scoping) {
            bad.insert(s);
        }
        if let Some(p) = t.as_assignment_target_pattern() {
            mark_pattern_targets(p, scoping, bad);
        }
    };
    match p {
        AssignmentTargetPattern::ArrayAssignmentTarget(a) => {
            for el in a.elements.iter().flatten() {
                match el {
                    AssignmentTargetMaybeDefault::AssignmentTargetWithDefault(d) => mark_target(&d.binding, bad),
                    other => {
                        if let Some(t) = other.as_assignment_target() {
                            mark_target(t, bad);
                        }
                    }
                }
            }
            if let Some(r) = &a.rest {
                mark_target(&r.target, bad);
            }
        }
        AssignmentTargetPattern::ObjectAssignmentTarget(o) => {
            for prop in &o.properties {
                match prop {
                    AssignmentTargetProperty::AssignmentTargetPropertyIdentifier(id) => {
                        if let Some(s) = id.binding.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id()) {
                            bad.insert(s);
                        }
                    }
                    AssignmentTargetProperty::AssignmentTargetPropertyProperty(pp) => match &pp.binding {
                        AssignmentTargetMaybeDefault::AssignmentTargetWithDefault(d) => mark_target(&d.binding, bad),
                        other => {
                            if let Some(t) = other.as_assignment_target() {
                                mark_target(t, bad);
                            }
                        }
                    },
                }
            }
            if let Some(r) = &o.rest {
                mark_target(&r.target, bad);
            }
        }
    }
}

/// The number locals among the statements of one function body. `eligible`
/// says whether a symbol may live in a register at all (not captured, not a
/// global slot).
/// The integer locals among number locals `nums`: initialised with an
/// integer literal below 2^31 in magnitude and otherwise only stepped by
/// `++`/`--` (loop counters), or only ever set to integers (see
/// [`integral_local`]). They live in i64 registers; a step stops at +-2^53
/// as the double would. The value is whether the local is never negative
/// (a counter with a non-negative start, never decremented).
///
/// Also returned: the *narrow* ones among them, whose every value is an
/// int32 or a uint32 (each write a bitwise operator's result or an integer
/// literal below 2^31 in magnitude, no `++`/`--`): 33 bits hold them, so
/// sums and products of a few of them are exact integer arithmetic.
pub fn int_locals<'a>(body: &'a [Statement<'a>], scoping: &Scoping, nums: &HashSet<SymbolId>) -> (HashMap<SymbolId, bool>, HashSet<SymbolId>) {
    let mut w = Walker { scoping, c: Collect::default() };
    for s in body {
        w.visit_statement(s);
    }
    let c = w.c;
    let mut out = HashMap::new();
    let mut narrow = HashSet::new();
    // Counters that start one past or before another integer local (`let j = i + 1`), whose
    // start is an integer of at most 2^53 in magnitude as the double's is (`x + 1` rounds to
    // 2^53 at the top, where a step stops): after the others, until no more are found.
    let mut from_local: Vec<(SymbolId, SymbolId, bool)> = Vec::new();
    for &s in nums {
        let counter = match c.writes.get(&s).map(|w| w.as_slice()) {
            Some([Some(Expression::NumericLiteral(n))]) => {
                let v = n.value;
                (v.fract() == 0.0 && v.abs() < 2147483648.0 && !(v == 0.0 && v.is_sign_negative()) && !c.compound.iter().any(|(t, _, _)| *t == s)).then_some(v)
            }
            Some([Some(e)]) if !c.compound.iter().any(|(t, _, _)| *t == s) => {
                if let Some((x, up)) = next_to_local(e, scoping)
                    && x != s
                {
                    from_local.push((s, x, up));
                }
                None
            }
            _ => None,
        };
        let Some(v) = counter else {
            if integral_local(&c, s) {
                out.insert(s, false);
                if !c.updates.contains_key(&s) && c.writes.get(&s).is_some_and(|w| w.iter().all(|e| e.is_some_and(|e| int_valued(e, 2147483648.0)))) {
                    narrow.insert(s);
                }
            }
            continue;
        };
        let (_, dec) = c.updates.get(&s).copied().unwrap_or_default();
        out.insert(s, v >= 0.0 && !dec);
    }
    while let Some(at) = from_local.iter().position(|(_, x, _)| out.contains_key(x)) {
        let (s, x, up) = from_local.swap_remove(at);
        let (_, dec) = c.updates.get(&s).copied().unwrap_or_default();
        out.insert(s, up && out[&x] && !dec);
    }
    (out, narrow)
}

/// `x + 1` or `x - 1` with `x` a binding: `x` and whether it is `+`.
fn next_to_local(e: &Expression, scoping: &Scoping) -> Option<(SymbolId, bool)> {
    let Expression::BinaryExpression(b) = e.without_parentheses() else { return None };
    let up = match b.operator {
        BinaryOperator::Addition => true,
        BinaryOperator::Subtraction => false,
        _ => return None,
    };
    let (Expression::Identifier(id), Expression::NumericLiteral(one)) = (b.left.without_parentheses(), b.right.without_parentheses()) else { return None };
    if one.value != 1.0 {
        return None;
    }
    let sym = scoping.get_reference(id.reference_id.get()?).symbol_id()?;
    Some((sym, up))
}

/// An integer by construction: a bitwise operator's result (an int32 or a
/// uint32), or an integer literal below `limit` in magnitude.
fn int_valued(e: &Expression, limit: f64) -> bool {
    match e.without_parentheses() {
        Expression::NumericLiteral(n) => {
            let v = n.value;
            v.fract() == 0.0 && v.abs() < limit && !(v == 0.0 && v.is_sign_negative())
        }
        Expression::UnaryExpression(u) => u.operator == UnaryOperator::BitwiseNot,
        Expression::BinaryExpression(b) => matches!(
            b.operator,
            BinaryOperator::BitwiseOR
                | BinaryOperator::BitwiseAnd
                | BinaryOperator::BitwiseXOR
                | BinaryOperator::ShiftLeft
                | BinaryOperator::ShiftRight
                | BinaryOperator::ShiftRightZeroFill
        ),
        _ => false,
    }
}

/// A number local whose every value is an integer of at most 53 bits: each
/// write an integer literal or a bitwise operator's result (an int32 or
/// uint32), each compound assignment a bitwise one, `++`/`--` (clamped as
/// the double stops at +-2^53). Such a local can live in an i64 register:
/// `s ^= s << 13; s |= 0` then needs no ToInt32 of a double.
fn integral_local(c: &Collect, s: SymbolId) -> bool {
    use AssignmentOperator as A;
    let integral = |e: &Expression| int_valued(e, 9007199254740992.0);
    let Some(writes) = c.writes.get(&s) else { return false };
    !writes.is_empty()
        && writes.iter().all(|w| w.is_some_and(integral))
        && c.compound
            .iter()
            .filter(|(t, _, _)| *t == s)
            .all(|(_, op, _)| matches!(op, A::BitwiseOR | A::BitwiseAnd | A::BitwiseXOR | A::ShiftLeft | A::ShiftRight | A::ShiftRightZeroFill))
}

/// Module-scope `const` bindings initialised with a number literal (or its
/// negation): every read that passes the TDZ check sees that number.
#[derive(Default)]
pub struct ModuleConsts {
    pub values: HashMap<SymbolId, f64>,
    /// Those that no code can read in their TDZ: the module imports nothing
    /// (so no other module's code runs before its body, and none can call
    /// into it before it finished), and only inert statements (function and
    /// type declarations, other such constants) precede the declaration.
    pub early: HashSet<SymbolId>,
}

pub fn module_const_numbers(program: &Program, scoping: &Scoping) -> ModuleConsts {
    let mut out = ModuleConsts::default();
    let mut inert = !program.body.iter().any(|st| {
        matches!(
            st,
            Statement::ImportDeclaration(_)
                | Statement::ExportAllDeclaration(_)
                | Statement::ExportFromDeclaration(_)
                | Statement::TSImportEqualsDeclaration(_)
        )
    });
    for st in &program.body {
        let decl = match st {
            Statement::VariableDeclaration(d) => Some(d),
            Statement::ExportDeclaration(e) => match &e.declaration {
                Declaration::VariableDeclaration(d) => Some(d),
                _ => None,
            },
            _ => None,
        };
        let Some(decl) = decl else {
            inert &= is_inert(st);
            continue;
        };
        let mut all = decl.kind == VariableDeclarationKind::Const;
        for d in &decl.declarations {
            let value = match &d.init {
                Some(Expression::NumericLiteral(n)) => Some(n.value),
                Some(Expression::UnaryExpression(u)) if u.operator == UnaryOperator::UnaryNegation => match &u.argument {
                    Expression::NumericLiteral(n) => Some(-n.value),
                    _ => None,
                },
                _ => None,
            };
            if let (Some(value), BindingPattern::BindingIdentifier(id), VariableDeclarationKind::Const) = (value, &d.id, decl.kind)
                && let Some(sym) = id.symbol_id.get()
                && scoping.symbol_flags(sym).contains(SymbolFlags::ConstVariable)
            {
                out.values.insert(sym, value);
                if inert {
                    out.early.insert(sym);
                }
            } else {
                all = false;
            }
        }
        inert &= all;
    }
    out
}

/// A module statement that runs no code and reads no binding.
fn is_inert(st: &Statement) -> bool {
    match st {
        Statement::FunctionDeclaration(_) | Statement::TSInterfaceDeclaration(_) | Statement::TSTypeAliasDeclaration(_) | Statement::EmptyStatement(_) => true,
        Statement::ExportDeclaration(e) => {
            matches!(e.declaration, Declaration::FunctionDeclaration(_) | Declaration::TSInterfaceDeclaration(_) | Declaration::TSTypeAliasDeclaration(_))
        }
        _ => false,
    }
}

/// Bindings of one function body (not of nested functions) used as the
/// object of a computed member expression, `a[i]`: the `const` ones among
/// them get their is-an-array test computed once, at the declaration.
pub fn indexed_bindings(body: &[Statement], scoping: &Scoping) -> HashSet<SymbolId> {
    struct Indexed<'s> {
        scoping: &'s Scoping,
        out: HashSet<SymbolId>,
    }
    impl<'a> Visit<'a> for Indexed<'_> {
        fn visit_computed_member_expression(&mut self, m: &ComputedMemberExpression<'a>) {
            if let Expression::Identifier(id) = &m.object
                && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            {
                self.out.insert(s);
            }
            self.visit_expression(&m.object);
            self.visit_expression(&m.expression);
        }
        fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
        fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {}
        fn visit_class(&mut self, _it: &Class<'a>) {}
    }
    let mut v = Indexed { scoping, out: HashSet::new() };
    for s in body {
        v.visit_statement(s);
    }
    v.out
}

/// The number locals of a function body. `known` are other bindings that
/// always read as numbers (module constants); they are not returned.
/// `params` are parameters that start out as numbers (a number entry's,
/// see [`number_functions`]); they qualify like declared locals.
pub fn number_locals<'a>(
    body: &'a [Statement<'a>],
    scoping: &Scoping,
    eligible: &dyn Fn(SymbolId) -> bool,
    known: &Known,
    params: &[SymbolId],
) -> HashSet<SymbolId> {
    let mut w = Walker { scoping, c: Collect::default() };
    for &p in params {
        w.c.declared.insert(p);
        w.c.writes.entry(p).or_default();
    }
    for s in body {
        w.visit_statement(s);
    }
    let c = w.c;
    let mut set: HashSet<SymbolId> = c
        .writes
        .keys()
        .copied()
        .filter(|&s| {
            !c.bad.contains(&s)
                && c.declared.contains(&s)
                && eligible(s)
                && (params.contains(&s) || scoping.symbol_flags(s).intersects(SymbolFlags::BlockScopedVariable | SymbolFlags::ConstVariable))
        })
        .collect();
    loop {
        let before = set.len();
        let mut snapshot = known.clone();
        snapshot.syms.extend(set.iter().copied());
        set.retain(|s| {
            c.writes[s].iter().all(|w| w.is_some_and(|e| is_num(e, scoping, &snapshot)))
                && c.compound.iter().filter(|(t, _, _)| t == s).all(|(_, op, e)| *op != AssignmentOperator::Addition || is_num(e, scoping, &snapshot))
                && c.compound
                    .iter()
                    .filter(|(t, _, _)| t == s)
                    .all(|(_, op, _)| !matches!(op, AssignmentOperator::LogicalAnd | AssignmentOperator::LogicalOr | AssignmentOperator::LogicalNullish))
        });
        if set.len() == before {
            break;
        }
    }
    set
}

/// Locals that are *probably* numbers: `let` bindings (not number locals)
/// whose plain writes are all numbers and that some arithmetic compound
/// assignment (`+=`, `-=`, `*=`, `/=`, `%=`) updates with a value of any
/// type: accumulators such as `let sum = 0; sum += o.x`. They keep an f64
/// while they hold a number (codegen's `Loc::Spec`), so the loop updating
/// them adds floats, and fall back to a value when the operand is not one.
pub fn spec_locals<'a>(
    body: &'a [Statement<'a>],
    scoping: &Scoping,
    eligible: &dyn Fn(SymbolId) -> bool,
    known: &Known,
    nums: &HashSet<SymbolId>,
) -> HashSet<SymbolId> {
    use AssignmentOperator as A;
    let mut w = Walker { scoping, c: Collect::default() };
    for s in body {
        w.visit_statement(s);
    }
    let c = w.c;
    let mut k = known.clone();
    k.syms.extend(nums.iter().copied());
    c.writes
        .iter()
        .filter(|&(&s, writes)| {
            let flags = scoping.symbol_flags(s);
            !nums.contains(&s)
                && !c.bad.contains(&s)
                && c.declared.contains(&s)
                && eligible(s)
                && flags.contains(SymbolFlags::BlockScopedVariable)
                && !flags.contains(SymbolFlags::ConstVariable)
                && writes.iter().all(|w| w.is_some_and(|e| is_num(e, scoping, &k)))
                && c.compound.iter().any(|(t, _, _)| *t == s)
                && c.compound
                    .iter()
                    .filter(|(t, _, _)| *t == s)
                    .all(|(_, op, _)| matches!(op, A::Addition | A::Subtraction | A::Multiplication | A::Division | A::Remainder))
        })
        .map(|(&s, _)| s)
        .collect()
}

/// Whether expression `e` assigns binding `s` (an assignment or update
/// target somewhere inside it).
pub fn writes_in(e: &Expression, s: SymbolId, scoping: &Scoping) -> bool {
    let mut f = WriteFinder { scoping, s, found: false };
    f.visit_expression(e);
    f.found
}

/// [`writes_in`] for a statement.
pub fn writes_in_stmt(st: &Statement, s: SymbolId, scoping: &Scoping) -> bool {
    let mut f = WriteFinder { scoping, s, found: false };
    f.visit_statement(st);
    f.found
}

struct WriteFinder<'s> {
    scoping: &'s Scoping,
    s: SymbolId,
    found: bool,
}

impl<'a> Visit<'a> for WriteFinder<'_> {
    fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
        if let Some(r) = it.reference_id.get() {
            let r = self.scoping.get_reference(r);
            self.found |= r.is_write() && r.symbol_id() == Some(self.s);
        }
    }
}

/// A module-level function declaration with a *number entry*: a second
/// compilation of its body for calls whose arguments are all numbers, in
/// which the parameters are number locals (see `codegen`'s `NumEntry`).
#[derive(Clone)]
pub struct NumFn {
    /// The `Function` node's address (its context key).
    pub key: usize,
    pub func: &'static Function<'static>,
    pub arity: usize,
    /// Which parameters are numbers in the number entry: those the body only
    /// sets to numbers, declared `number` or not typed (a parameter typed as
    /// something else stays a value). The general entry forwards when these
    /// hold numbers; direct calls need them all ([`NumFn::full`]).
    pub nums: Vec<bool>,
    /// Every return of the number entry yields a number.
    pub returns_num: bool,
    /// Small enough and simple enough to compile into its callers (see
    /// [`inlinable`]).
    pub inline: bool,
    /// The number locals of its number entry, parameters included.
    pub locals: std::rc::Rc<HashSet<SymbolId>>,
}

impl NumFn {
    /// Every parameter is a number in the number entry: calls with number
    /// arguments go straight to it.
    pub fn full(&self) -> bool {
        self.nums.iter().all(|&n| n)
    }
}

/// The number functions of a module: top-level `function` declarations
/// (plain, not async or a generator) whose binding is never assigned, with
/// one to four simple parameters that no inner function captures and that
/// the body only ever sets to numbers, and that do not use `arguments`.
/// `returns_num` is a fixpoint: a function returns a number when each of its
/// returns does given the others' (recursion included), and its body ends
/// with a `return`.
pub fn number_functions(
    program: &'static Program<'static>,
    scoping: &Scoping,
    consts: &HashSet<SymbolId>,
    eligible: &dyn Fn(usize, SymbolId) -> bool,
) -> HashMap<SymbolId, NumFn> {
    let mut cands: Vec<(SymbolId, NumFn, Vec<SymbolId>)> = Vec::new();
    for st in &program.body {
        let f: &'static Function<'static> = match st {
            Statement::FunctionDeclaration(f) => f,
            Statement::ExportDeclaration(e) => match &e.declaration {
                Declaration::FunctionDeclaration(f) => f,
                _ => continue,
            },
            _ => continue,
        };
        let Some(sym) = f.id.as_ref().and_then(|i| i.symbol_id.get()) else { continue };
        if f.r#async || f.generator || f.body.is_none() || f.params.rest.is_some() || f.params.items.is_empty() || f.params.items.len() > 4 {
            continue;
        }
        if scoping.get_resolved_references(sym).any(|r| r.is_write()) {
            continue;
        }
        let key = f as *const Function as usize;
        let mut params = Vec::new();
        let simple = f.params.items.iter().all(|p| match (&p.pattern, &p.initializer) {
            (BindingPattern::BindingIdentifier(id), None) => id.symbol_id.get().map(|s| params.push(s)).is_some(),
            _ => false,
        });
        if !simple || !params.iter().all(|&p| eligible(key, p)) {
            continue;
        }
        let nums: Vec<bool> =
            f.params.items.iter().map(|p| p.type_annotation.as_ref().is_none_or(|t| matches!(t.type_annotation, TSType::TSNumberKeyword(_)))).collect();
        if !nums.contains(&true) {
            continue;
        }
        cands.push((sym, NumFn { key, func: f, arity: params.len(), nums, returns_num: true, inline: false, locals: Default::default() }, params));
    }
    // Fixpoint: drop functions whose parameters are not number locals, and
    // clear `returns_num` where a return is not a number.
    loop {
        let known = Known { syms: consts.clone(), fns: cands.iter().filter(|c| c.1.returns_num && c.1.full()).map(|c| (c.0, c.1.arity)).collect() };
        let mut changed = false;
        let mut keep = Vec::new();
        for (sym, mut nf, params) in std::mem::take(&mut cands) {
            let body = &nf.func.body.as_ref().unwrap().statements;
            let assumed: Vec<SymbolId> = params.iter().zip(&nf.nums).filter(|(_, n)| **n).map(|(p, _)| *p).collect();
            let locals = number_locals(body, scoping, &|s| eligible(nf.key, s), &known, &assumed);
            if !assumed.iter().all(|p| locals.contains(p)) {
                for (n, p) in nf.nums.iter_mut().zip(&params) {
                    *n &= locals.contains(p);
                }
                changed = true;
                if nf.nums.contains(&true) {
                    keep.push((sym, nf, params));
                }
                continue;
            }
            nf.locals = std::rc::Rc::new(locals.clone());
            if nf.returns_num {
                let mut k = known.clone();
                k.syms.extend(locals.iter().copied());
                let mut r = Returns { scoping, known: &k, all_num: true };
                for st in body {
                    r.visit_statement(st);
                }
                if !r.all_num || !matches!(body.last(), Some(Statement::ReturnStatement(_))) {
                    nf.returns_num = false;
                    changed = true;
                }
            }
            keep.push((sym, nf, params));
        }
        cands = keep;
        if !changed {
            break;
        }
    }
    let mut out: HashMap<SymbolId, NumFn> = cands.into_iter().map(|(s, nf, _)| (s, nf)).collect();
    for nf in out.values_mut() {
        nf.inline = nf.returns_num && nf.full() && inlinable(nf.func, consts, &nf.locals, scoping);
    }
    out
}

/// Whether a number function's body can be compiled into a caller that
/// passes numbers: at most `INLINE_MAX` bytes of source, `let`/`const`
/// declarations and expression statements followed by one final `return`,
/// made only of operators, number literals, its own parameters and locals
/// (which must be number locals of its number entry) and module number
/// constants. Such code cannot throw, call or observe anything, so where it
/// runs is invisible.
pub fn inlinable(f: &Function, consts: &HashSet<SymbolId>, locals: &HashSet<SymbolId>, scoping: &Scoping) -> bool {
    const INLINE_MAX: u32 = 400;
    let Some(body) = &f.body else { return false };
    if body.span.end - body.span.start > INLINE_MAX || !body.directives.is_empty() {
        return false;
    }
    let Some((Statement::ReturnStatement(last), rest)) = body.statements.split_last() else { return false };
    let ok_sym = |s: SymbolId| locals.contains(&s) || consts.contains(&s);
    let mut exprs: Vec<&Expression> = Vec::new();
    for st in rest {
        match st {
            Statement::ExpressionStatement(e) => exprs.push(&e.expression),
            Statement::VariableDeclaration(d) if d.kind != VariableDeclarationKind::Var => {
                for d in &d.declarations {
                    let (BindingPattern::BindingIdentifier(id), Some(init)) = (&d.id, &d.init) else { return false };
                    if !id.symbol_id.get().is_some_and(|s| locals.contains(&s)) {
                        return false;
                    }
                    exprs.push(init);
                }
            }
            _ => return false,
        }
    }
    let Some(r) = &last.argument else { return false };
    exprs.push(r);
    exprs.iter().all(|e| pure_number_expr(e, scoping, &ok_sym))
}

/// An expression of operators over number literals and `ok` symbols.
fn pure_number_expr(e: &Expression, scoping: &Scoping, ok: &dyn Fn(SymbolId) -> bool) -> bool {
    let sym_ok = |id: &IdentifierReference| id.reference_id.get().and_then(|r| scoping.get_reference(r).symbol_id()).is_some_and(ok);
    match e {
        Expression::NumericLiteral(_) => true,
        Expression::Identifier(id) => sym_ok(id),
        Expression::ParenthesizedExpression(p) => pure_number_expr(&p.expression, scoping, ok),
        Expression::UnaryExpression(u) => {
            matches!(u.operator, UnaryOperator::UnaryNegation | UnaryOperator::UnaryPlus | UnaryOperator::BitwiseNot | UnaryOperator::LogicalNot)
                && pure_number_expr(&u.argument, scoping, ok)
        }
        Expression::BinaryExpression(b) => {
            !matches!(b.operator, BinaryOperator::In | BinaryOperator::Instanceof)
                && pure_number_expr(&b.left, scoping, ok)
                && pure_number_expr(&b.right, scoping, ok)
        }
        Expression::LogicalExpression(l) => pure_number_expr(&l.left, scoping, ok) && pure_number_expr(&l.right, scoping, ok),
        Expression::ConditionalExpression(c) => {
            pure_number_expr(&c.test, scoping, ok) && pure_number_expr(&c.consequent, scoping, ok) && pure_number_expr(&c.alternate, scoping, ok)
        }
        Expression::AssignmentExpression(a) => {
            matches!(&a.left, AssignmentTarget::AssignmentTargetIdentifier(id) if sym_ok(id))
                && !matches!(a.operator, AssignmentOperator::LogicalAnd | AssignmentOperator::LogicalOr | AssignmentOperator::LogicalNullish)
                && pure_number_expr(&a.right, scoping, ok)
        }
        Expression::UpdateExpression(u) => matches!(&u.argument, SimpleAssignmentTarget::AssignmentTargetIdentifier(id) if sym_ok(id)),
        Expression::SequenceExpression(s) => s.expressions.iter().all(|x| pure_number_expr(x, scoping, ok)),
        _ => false,
    }
}

/// Whether every `return` of a body (not of inner functions) yields a number.
struct Returns<'s> {
    scoping: &'s Scoping,
    known: &'s Known,
    all_num: bool,
}

impl<'a> Visit<'a> for Returns<'_> {
    fn visit_return_statement(&mut self, it: &ReturnStatement<'a>) {
        if !it.argument.as_ref().is_some_and(|e| is_num(e, self.scoping, self.known)) {
            self.all_num = false;
        }
    }
    fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {}
    fn visit_class(&mut self, _c: &Class<'a>) {}
}

/// The bindings a loop indexes (`a[i]`, read or written), most indexed
/// first, at most `MAX_LOOP_ARRAYS`: candidates for the loop's array
/// caches (`FnCompiler::enter_loop_caches`). None when the loop (`parts`:
/// its test, update and body) may call a function outside its slow paths
/// (a call other than an inline `Math` function or one `inlined` says is
/// compiled in place, `new`, a tagged template, `await`, `yield`, a nested
/// function or class): there a cache would be refilled on the hot path
/// after each call.
pub fn loop_arrays(parts: &[Option<&Expression>], body: &Statement, scoping: &Scoping, inlined: &dyn Fn(&CallExpression) -> bool) -> Option<Vec<SymbolId>> {
    struct Scan<'s> {
        scoping: &'s Scoping,
        inlined: &'s dyn Fn(&CallExpression) -> bool,
        calls: bool,
        seen: Vec<(SymbolId, u32)>,
    }
    impl<'a> Visit<'a> for Scan<'_> {
        fn visit_computed_member_expression(&mut self, m: &ComputedMemberExpression<'a>) {
            if let Expression::Identifier(id) = &m.object
                && let Some(s) = id.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id())
            {
                match self.seen.iter_mut().find(|(x, _)| *x == s) {
                    Some(e) => e.1 += 1,
                    None => self.seen.push((s, 1)),
                }
            }
            self.visit_expression(&m.object);
            self.visit_expression(&m.expression);
        }
        fn visit_call_expression(&mut self, c: &CallExpression<'a>) {
            // `Math.sqrt(x)` and the other inline Math functions compute in
            // place (calling only when `Math` was changed).
            if let Expression::StaticMemberExpression(m) = &c.callee
                && let Expression::Identifier(o) = &m.object
                && o.name == "Math"
                && o.reference_id.get().and_then(|r| self.scoping.get_reference(r).symbol_id()).is_none()
                && perry_abi::MATH_INLINE.contains(&m.property.name.as_str())
            {
                for a in &c.arguments {
                    self.visit_argument(a);
                }
                return;
            }
            if (self.inlined)(c) {
                // Its body is operators over its numbers: nothing to scan.
                for a in &c.arguments {
                    self.visit_argument(a);
                }
                return;
            }
            self.calls = true;
        }
        fn visit_new_expression(&mut self, _it: &NewExpression<'a>) {
            self.calls = true;
        }
        fn visit_tagged_template_expression(&mut self, _it: &TaggedTemplateExpression<'a>) {
            self.calls = true;
        }
        fn visit_await_expression(&mut self, _it: &AwaitExpression<'a>) {
            self.calls = true;
        }
        fn visit_yield_expression(&mut self, _it: &YieldExpression<'a>) {
            self.calls = true;
        }
        fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {
            self.calls = true;
        }
        fn visit_arrow_function_expression(&mut self, _it: &ArrowFunctionExpression<'a>) {
            self.calls = true;
        }
        fn visit_class(&mut self, _it: &Class<'a>) {
            self.calls = true;
        }
    }
    let mut v = Scan { scoping, inlined, calls: false, seen: Vec::new() };
    for e in parts.iter().flatten() {
        v.visit_expression(e);
    }
    v.visit_statement(body);
    if v.calls {
        return None;
    }
    // Stable: equally indexed bindings keep source order.
    v.seen.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    Some(v.seen.into_iter().take(MAX_LOOP_ARRAYS).map(|(s, _)| s).collect())
}

/// At most this many array caches per loop (each is two registers).
pub const MAX_LOOP_ARRAYS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    /// The module number constants of `src` by name, sorted, with `!` after
    /// those no code can read in their TDZ.
    fn consts(src: &str) -> Vec<String> {
        let (program, scoping) = crate::parse_for_test(src);
        let c = module_const_numbers(program, &scoping);
        let mut out: Vec<String> = c.values.keys().map(|&s| format!("{}{}", scoping.symbol_name(s), if c.early.contains(&s) { "!" } else { "" })).collect();
        out.sort();
        out
    }

    #[test]
    fn constants_before_any_code_need_no_tdz_check() {
        assert_eq!(consts("interface I { a: number }\nfunction f() { return N; }\nconst N = 3, M = -2;\nexport const K = 1;"), ["K!", "M!", "N!"]);
        // Anything that may run code ends the prefix.
        assert_eq!(consts("const A = 1;\nf();\nconst B = 2;\nfunction f() { return B; }"), ["A!", "B"]);
        assert_eq!(consts("const A = 1;\nclass C { static x = A; }\nconst B = 2;"), ["A!", "B"]);
        assert_eq!(consts("const A = 1;\nconst s = String(A);\nconst B = 2;"), ["A!", "B"]);
        // An import may run code (and call back) before the body.
        assert_eq!(consts("import { x } from './m';\nconst A = 1;"), ["A"]);
        assert_eq!(consts("export * from './m';\nconst A = 1;"), ["A"]);
    }

    /// The number functions of `src` by name, sorted, with `!` after those
    /// that return only numbers.
    fn num_fns(src: &str) -> Vec<String> {
        let (program, scoping) = crate::parse_for_test(src);
        let f = number_functions(program, &scoping, &HashSet::new(), &|_, _| true);
        let mut out: Vec<String> = f.iter().map(|(&s, nf)| format!("{}{}", scoping.symbol_name(s), if nf.returns_num { "!" } else { "" })).collect();
        out.sort();
        out
    }

    #[test]
    fn number_functions_need_number_parameters_and_calls() {
        let src = "function fib(n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
            function inc(x) { return x + 1; }
            function str(x) { x = 's'; return x; }
            function maybe(x) { if (x) return 1; }
            function later(x) { return x; }
            later = null;
            async function a(x) { return x; }
            function dflt(x = 1) { return x; }
            function none() { return 1; }
            function mixed(x) { return x > 1 ? 'a' : 2; }
            function viaInc(y) { y = inc(y); return inc(y * 2); }
            function viaStr(y) { return inc(str(y)); }";
        assert_eq!(num_fns(src), ["fib!", "inc!", "maybe", "mixed", "viaInc!", "viaStr"]);
    }
}
