//! Destructuring: binding patterns (declarations, parameters) and
//! assignment patterns, over the iterator protocol for arrays.

use super::func::{FnCompiler, pattern_name};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value as V};
use oxc_ast::ast::*;
use perry_abi::*;

impl FnCompiler<'_, '_, '_> {
    /// Binds `v` to a pattern; `init` for declarations (no const/TDZ checks).
    pub fn bind_pattern(&mut self, p: &'static BindingPattern<'static>, v: V, init: bool) {
        match p {
            BindingPattern::BindingIdentifier(id) => {
                if let Some(sym) = id.symbol_id.get() {
                    if init && self.is_undeclared_local(sym) {
                        self.declare_local(sym, v);
                        self.initialized.insert(sym);
                    } else if init {
                        self.init_binding(sym, v);
                        self.initialized.insert(sym);
                    } else {
                        self.assign_binding(sym, v, id.span.start);
                    }
                }
            }
            BindingPattern::AssignmentPattern(a) => {
                let v = self.default_value(v, &a.right, pattern_name(&a.left));
                self.bind_pattern(&a.left, v, init);
            }
            BindingPattern::ObjectPattern(o) => {
                let src = self.new_var();
                self.def_var(src, v);
                self.rt_check(Rt::perry_require_object_coercible, &[v]);
                let mut keys = Vec::new();
                for prop in &o.properties {
                    let (k, _) = self.prop_key(&prop.key, prop.computed);
                    let kv = self.new_var();
                    self.def_var(kv, k);
                    keys.push(kv);
                    let s = self.use_var(src);
                    let k = self.use_var(kv);
                    let x = self.rt_check(Rt::perry_get_index, &[s, k]);
                    self.bind_pattern(&prop.value, x, init);
                }
                if let Some(r) = &o.rest {
                    let n = self.iconst(keys.len() as u64);
                    let arr = self.rt(Rt::perry_new_array, &[n]);
                    let av = self.new_var();
                    self.def_var(av, arr);
                    for k in keys {
                        let a = self.use_var(av);
                        let k = self.use_var(k);
                        self.rt(Rt::perry_array_push, &[a, k]);
                    }
                    let s = self.use_var(src);
                    let a = self.use_var(av);
                    let rest = self.rt_check(Rt::perry_object_rest, &[s, a]);
                    self.bind_pattern(&r.argument, rest, init);
                }
            }
            BindingPattern::ArrayPattern(a) => {
                let it = self.rt_check(Rt::perry_iter_open, &[v]);
                let itv = self.new_var();
                self.def_var(itv, it);
                for el in &a.elements {
                    let it = self.use_var(itv);
                    let x = self.rt_check(Rt::perry_iter_next, &[it]);
                    let x = self.hole_to_undefined(x);
                    if let Some(el) = el {
                        self.bind_pattern(el, x, init);
                    }
                }
                if let Some(r) = &a.rest {
                    let z = self.iconst(0);
                    let arr = self.rt(Rt::perry_new_array, &[z]);
                    let av = self.new_var();
                    self.def_var(av, arr);
                    let it = self.use_var(itv);
                    // The rest of the iterator: spread the iterator cell itself.
                    self.rt_check(Rt::perry_spread_into, &[arr, it]);
                    let a = self.use_var(av);
                    self.bind_pattern(&r.argument, a, init);
                } else {
                    let it = self.use_var(itv);
                    self.rt_check(Rt::perry_iter_close, &[it]);
                }
            }
        }
    }

    pub fn hole_to_undefined(&mut self, x: V) -> V {
        let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, x, HOLE as i64);
        let u = self.undef();
        let r = self.b.ins().select(is_hole, u, x);
        self.track(r)
    }

    /// Assigns `v` to an assignment target (for-of heads, destructuring).
    pub fn assign_target(&mut self, t: &'static AssignmentTarget<'static>, v: V) {
        if let Some(s) = t.as_simple_assignment_target() {
            let vv = self.new_var();
            self.def_var(vv, v);
            let place = self.place(s);
            let v = self.use_var(vv);
            self.write_simple(place, v);
        } else if let Some(p) = t.as_assignment_target_pattern() {
            self.assign_pattern(p, v);
        }
    }

    fn write_simple(&mut self, p: super::expr::Place, v: V) {
        use super::expr::Place;
        match p {
            Place::Binding(s, at) => self.assign_binding(s, v, at),
            Place::Global(n) => self.unresolved_assign(&n, v),
            Place::Named(o, n, _) => {
                let a = self.atom(&n);
                self.rt_check(Rt::perry_set_named, &[o, a, v]);
            }
            Place::Keyed(o, k, _) => {
                self.rt_check(Rt::perry_set_index, &[o, k, v]);
            }
            Place::Private(o, n) => {
                self.private_set(o, n, v);
            }
            Place::Super(h, k) => {
                let this = self.this_value();
                self.rt_check(Rt::perry_set_super, &[h, k, v, this]);
            }
        }
    }

    fn assign_maybe_default(&mut self, t: &'static AssignmentTargetMaybeDefault<'static>, v: V) {
        match t {
            AssignmentTargetMaybeDefault::AssignmentTargetWithDefault(d) => {
                let name = match &d.binding {
                    AssignmentTarget::AssignmentTargetIdentifier(id) => Some(id.name.as_str()),
                    _ => None,
                };
                let v = self.default_value(v, &d.init, name);
                self.assign_target(&d.binding, v);
            }
            other => {
                if let Some(t) = other.as_assignment_target() {
                    self.assign_target(t, v);
                }
            }
        }
    }

    pub fn assign_pattern(&mut self, p: &'static AssignmentTargetPattern<'static>, v: V) {
        match p {
            AssignmentTargetPattern::ArrayAssignmentTarget(a) => {
                let it = self.rt_check(Rt::perry_iter_open, &[v]);
                let itv = self.new_var();
                self.def_var(itv, it);
                for el in &a.elements {
                    let it = self.use_var(itv);
                    let x = self.rt_check(Rt::perry_iter_next, &[it]);
                    let x = self.hole_to_undefined(x);
                    if let Some(el) = el {
                        self.assign_maybe_default(el, x);
                    }
                }
                if let Some(r) = &a.rest {
                    let z = self.iconst(0);
                    let arr = self.rt(Rt::perry_new_array, &[z]);
                    let av = self.new_var();
                    self.def_var(av, arr);
                    let it = self.use_var(itv);
                    self.rt_check(Rt::perry_spread_into, &[arr, it]);
                    let a = self.use_var(av);
                    self.assign_target(&r.target, a);
                } else {
                    let it = self.use_var(itv);
                    self.rt_check(Rt::perry_iter_close, &[it]);
                }
            }
            AssignmentTargetPattern::ObjectAssignmentTarget(o) => {
                let src = self.new_var();
                self.def_var(src, v);
                self.rt_check(Rt::perry_require_object_coercible, &[v]);
                let mut keys = Vec::new();
                for prop in &o.properties {
                    match prop {
                        AssignmentTargetProperty::AssignmentTargetPropertyIdentifier(id) => {
                            let k = self.str_const(id.binding.name.as_str());
                            let kv = self.new_var();
                            self.def_var(kv, k);
                            keys.push(kv);
                            let s = self.use_var(src);
                            let x = self.rt_check(Rt::perry_get_index, &[s, k]);
                            let x = match &id.init {
                                Some(init) => self.default_value(x, init, Some(id.binding.name.as_str())),
                                None => x,
                            };
                            let sym = id.binding.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id());
                            match sym {
                                Some(s) => self.assign_binding(s, x, id.span.start),
                                None => self.unresolved_assign(id.binding.name.as_str(), x),
                            }
                        }
                        AssignmentTargetProperty::AssignmentTargetPropertyProperty(pp) => {
                            let (k, _) = self.prop_key(&pp.name, pp.computed);
                            let kv = self.new_var();
                            self.def_var(kv, k);
                            keys.push(kv);
                            let s = self.use_var(src);
                            let k = self.use_var(kv);
                            let x = self.rt_check(Rt::perry_get_index, &[s, k]);
                            self.assign_maybe_default(&pp.binding, x);
                        }
                    }
                }
                if let Some(r) = &o.rest {
                    let n = self.iconst(keys.len() as u64);
                    let arr = self.rt(Rt::perry_new_array, &[n]);
                    let av = self.new_var();
                    self.def_var(av, arr);
                    for k in keys {
                        let a = self.use_var(av);
                        let k = self.use_var(k);
                        self.rt(Rt::perry_array_push, &[a, k]);
                    }
                    let s = self.use_var(src);
                    let a = self.use_var(av);
                    let rest = self.rt_check(Rt::perry_object_rest, &[s, a]);
                    self.assign_target(&r.target, rest);
                }
            }
        }
    }
}
