//! Expressions: literals, operators with their inline number fast paths,
//! property access, calls, closures and classes.
//!
//! # Inline fast paths
//!
//! Number arithmetic and comparisons run behind a tag test; conditions (`if`, loops, `&&`,
//! `||`, `!`) compile to branch conditions without materialising booleans; `%` by a constant
//! integer is a reciprocal multiplication; an integral dividend beyond 32 bits but below 2^53
//! (an LCG's `x * 48271`) takes a 64-bit `srem` (the result's sign copied from the dividend, so
//! -0 stays), anything else a register-preserving call to fmod; `/` by a constant power of two
//! is a multiplication by its reciprocal (exact); comparisons of two numbers just made from
//! integers compare the integers. Template literals convert each substitution to a string as it
//! is evaluated and join the pieces four at a time (`perry_concat4`, one allocation each).
//!
//! # Property reads and writes
//!
//! Each `o.name` read site has `IC_WAYS` (4) 16-byte entries (shape, location) in `perry_ics`,
//! tested in order inline; a hit is a shape compare and a load (a location with `IC_OVERFLOW`
//! set names a slot of the overflow array). A miss calls `perry_get_named_ic` (runtime
//! `abi.rs`). A string receiver's read is tested against String.prototype's shape (the root
//! word `PERRY_STRING_PROTO`): its own properties are `length` (compiled apart) and indices
//! (never read by name), so its methods are String.prototype's own data properties, which the
//! site caches as for an object. Compound assignments (`o.x += v`) read through the same cache.
//! Named stores `o.x = v` have an inline cache too (own writable data property in an inline
//! slot: shape compare, store, barrier), filled by `perry_set_named_ic`; class fields `x = v`
//! cache the shape transition (shape before, offset, shape after) in two entries, filled by
//! `perry_define_field_ic`. Entries are raw shape pointers, which a table sweep keeps alive (it
//! marks every shape a compiled cache word names). The site's inline entries do not cache inherited properties: the runtime's prototype
//! cache answers those (see there for why). A method read `o.m(...)` also tests prototype
//! entries (`proto_entries`): one way, or `IC_PROTO_POLY_WAYS` in a loop where two or more
//! classes define `m` (`Compiler::member_names`).
//!
//! Global variables (properties of the global object: `Reflect`, `JSON`, `console`, ...) read
//! through a one-entry inline cache inside functions and loops ([`global_read`]): the global
//! object is the root word `PERRY_GLOBAL_OBJECT`; while its shape is the cached one the read is
//! a load at the cached location; `perry_global_get_ic` fills the entry for an own data
//! property and otherwise keeps the spec's semantics (a ReferenceError for an unresolvable
//! name). Module code outside loops runs once and calls `perry_global_get` (its own small
//! cache) instead: the inline code only made the module body slower to compile.
//!
//! # Elements
//!
//! `a[i]` loads a dense array element inline (integral index below the length, not a hole), and
//! `a[i] = v` stores one inline when the element exists and the array's elements are not frozen
//! (kind and flags are one 16-bit header load; numbers need no barrier). Elements of
//! `Float64Array`, `Int32Array` and `Uint8Array` are read and written inline when the view is
//! fixed-length, the index below its length and the view inside its attached buffer
//! ([`typed_elem_addr`]; a NaN read is canonicalised). Everything else calls
//! `perry_get_index`/`perry_set_index`.
//!
//! # Calls and allocation
//!
//! Array.prototype callback methods (`forEach`, `map`, `filter`, `some`, `every`, `find`,
//! `findIndex`, `reduce` and `reduceRight` with an initial value) at a call `o.m(cb[, thisArg])` run inline
//! ([`array_hof_call`]) when `o` is an Array, `o.m` is the built-in (`PERRY_ARRAY_HOFS`, the
//! function objects as installed, a root range, in `perry_abi::ARRAY_HOFS` order) and `cb` a
//! function: the loop is in the caller and calls the callback with a direct call. The length is
//! read once; an element in place is read inline, a hole or an index past the current length
//! goes through HasProperty/Get in the runtime (`perry_array_get_present`, `perry_array_get_k`;
//! `find` and `findIndex` visit holes); `map` and `filter` make their result with
//! ArraySpeciesCreate and store with CreateDataPropertyOrThrow through the runtime. Anything
//! else is the ordinary call, which throws the same errors.
//!
//! `Math.sqrt/abs/floor/ceil/trunc/min/max/imul(...)` on the global `Math` (no binding of that
//! name in scope): the callee is read as usual, and when it is a function whose `FN_META` is
//! the built-in's (the stdlib records them at start-up in `PERRY_MATH_METAS`, order
//! `perry_abi::MATH_INLINE`; a meta is leaked static data, so the word never moves; the `math`
//! family fills the table) and the arguments are numbers, the result is one instruction (a NaN
//! result canonicalised); otherwise the ordinary call. A replaced `Math.sqrt` is called.
//!
//! Object literals with plain static keys cache their shape in a global slot after the first
//! evaluation; later evaluations bump-allocate inline in eden ([`alloc_object_inline`],
//! `PERRY_HEAP_TOP`/`PERRY_HEAP_END`; under `PERRY_GC_STRESS` the end equals the top so every
//! allocation takes the slow path) and store the values straight into the inline slots, without
//! a barrier (the cell is young). Such cells start with identity hash 0; Map/Set assign one on
//! first use. `--expose-gc` emits `perry_expose_gc` = 1, which makes the runtime define `gc()`.

use super::FnBody;
use super::func::{ArrCache, FnCompiler, Held, Loc, fn_length};
use crate::analyze::{self, CtxKind};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{Block, InstBuilder, MemFlagsData, Value as V, types};
use cranelift_frontend::Variable;
use cranelift_module::DataId;
use oxc_ast::ast::*;
use oxc_span::GetSpan;
use oxc_syntax::operator::{AssignmentOperator, BinaryOperator, LogicalOperator, UnaryOperator, UpdateOperator};
use oxc_syntax::symbol::{SymbolFlags, SymbolId};
use perry_abi::*;

/// Where a member reference points, evaluated once (for compound assignment).
pub enum Place {
    Binding(oxc_syntax::symbol::SymbolId, u32),
    /// Object, name, and the predicted plain-class field (class shape
    /// slot, byte offset: `predicted_field`).
    Named(V, String, Option<Predicted>),
    /// Object, key, and the object binding's loop array cache.
    Keyed(V, V, Option<ArrCache>),
    Private(V, V),
    Super(V, V),
    Global(String),
}

impl FnCompiler<'_, '_, '_> {
    pub fn expr(&mut self, e: &'static Expression<'static>) -> V {
        self.expr_named(e, None)
    }

    /// An expression; anonymous functions and classes get `name` (NamedEvaluation).
    pub fn expr_named(&mut self, e: &'static Expression<'static>, name: Option<&str>) -> V {
        self.ensure_open();
        match e {
            Expression::NumericLiteral(n) => self.num(n.value),
            Expression::StringLiteral(s) => {
                if s.lone_surrogates {
                    let u = decode_lone_surrogates(s.value.as_str());
                    self.str_units_const(u)
                } else {
                    self.str_const(s.value.as_str())
                }
            }
            Expression::BooleanLiteral(b) => self.iconst(if b.value { TRUE } else { FALSE }),
            Expression::NullLiteral(_) => self.iconst(NULL),
            Expression::TemplateLiteral(t) => self.template(t),
            Expression::Identifier(id) => self.identifier(id),
            Expression::ThisExpression(_) => self.this_value(),
            Expression::ParenthesizedExpression(p) => self.expr_named(&p.expression, name),
            Expression::TSAsExpression(x) => self.expr_named(&x.expression, name),
            Expression::TSSatisfiesExpression(x) => self.expr_named(&x.expression, name),
            Expression::TSNonNullExpression(x) => self.expr_named(&x.expression, name),
            Expression::TSTypeAssertion(x) => self.expr_named(&x.expression, name),
            Expression::TSInstantiationExpression(x) => self.expr_named(&x.expression, name),
            Expression::SequenceExpression(s) => {
                let mut last = self.undef();
                for x in &s.expressions {
                    last = self.expr(x);
                }
                last
            }
            Expression::ArrayExpression(a) => self.array_literal(a),
            Expression::ObjectExpression(o) => self.object_literal(o),
            Expression::FunctionExpression(f) => {
                let key = &**f as *const Function as usize;
                let nm = f.id.as_ref().map(|i| i.name.as_str()).or(name).unwrap_or("");
                self.make_closure(key, FnBody::Function(f), nm, fn_length(&f.params))
            }
            Expression::ArrowFunctionExpression(a) => {
                let key = &**a as *const ArrowFunctionExpression as usize;
                self.make_closure(key, FnBody::Arrow(a), name.unwrap_or(""), fn_length(&a.params))
            }
            Expression::ClassExpression(c) => self.class_named(c, name),
            Expression::UnaryExpression(u) => self.unary(u),
            Expression::BinaryExpression(b) => self.binary(b),
            Expression::LogicalExpression(l) => self.logical(l),
            Expression::ConditionalExpression(c) => {
                let res = self.new_var();
                let yes = self.b.create_block();
                let no = self.b.create_block();
                let done = self.b.create_block();
                self.cond_branch(&c.test, yes, no);
                self.b.switch_to_block(yes);
                self.terminated = false;
                let v = self.expr_named(&c.consequent, name);
                self.ensure_open();
                self.def_var(res, v);
                self.jump(done);
                self.b.switch_to_block(no);
                self.terminated = false;
                let v = self.expr_named(&c.alternate, name);
                self.ensure_open();
                self.def_var(res, v);
                self.jump(done);
                self.switch_to(done);
                self.use_var(res)
            }
            Expression::AssignmentExpression(a) => self.assignment(a),
            Expression::UpdateExpression(u) => self.update(u),
            Expression::StaticMemberExpression(_) | Expression::ComputedMemberExpression(_) | Expression::PrivateFieldExpression(_) => {
                self.member(e.to_member_expression())
            }
            Expression::CallExpression(c) => self.call(c),
            Expression::NewExpression(n) => self.new_expr(n),
            Expression::ChainExpression(c) => {
                let exit = self.b.create_block();
                let res = self.new_var();
                self.chain.push((exit, res));
                let v = match &c.expression {
                    ChainElement::CallExpression(call) => self.call(call),
                    ChainElement::TSNonNullExpression(x) => self.expr(&x.expression),
                    other => {
                        let m = other.as_member_expression().unwrap();
                        self.member(m)
                    }
                };
                self.chain.pop();
                self.ensure_open();
                self.def_var(res, v);
                self.jump(exit);
                self.switch_to(exit);
                self.use_var(res)
            }
            Expression::TaggedTemplateExpression(t) => self.tagged_template(t),
            Expression::ImportMeta(m) => {
                self.c.unsupported(self.module, m.span.start, "import.meta");
                self.undef()
            }
            Expression::NewTarget(_) => self.new_target(),
            Expression::PrivateInExpression(p) => {
                let o = self.expr(&p.right);
                let n = self.private_name(p.left.name.as_str(), p.span.start);
                self.rt_check(Rt::perry_private_in, &[n, o])
            }
            Expression::Super(s) => {
                self.c.unsupported(self.module, s.span.start, "bare super");
                self.undef()
            }
            Expression::AwaitExpression(a) => {
                if self.generator.is_none() {
                    self.c.unsupported(self.module, a.span.start, "top-level await in an imported module");
                    return self.undef();
                }
                let v = self.expr(&a.argument);
                self.suspend(v)
            }
            Expression::YieldExpression(y) => {
                let v = match &y.argument {
                    Some(a) => self.expr(a),
                    None => self.undef(),
                };
                if y.delegate {
                    self.set_pos(y.span.start);
                    return self.yield_star(v);
                }
                self.yield_value(v)
            }
            Expression::RegExpLiteral(r) => {
                let pattern = r.regex.pattern.text.as_str();
                let flags = r.regex.flags.to_string();
                if let Err(msg) = crate::regexp_check::check(pattern, &flags) {
                    self.c.error(self.module, r.span.start, format!("SyntaxError: Invalid regular expression: /{pattern}/{flags}: {msg}"));
                    return self.undef();
                }
                let p = self.str_const(pattern);
                let f = self.str_const(&flags);
                self.set_pos(r.span.start);
                self.rt_check(Rt::perry_regexp_new, &[p, f])
            }
            Expression::BigIntLiteral(b) => {
                // `value` is the literal's decimal digits (any radix in the source).
                let digits = b.value.as_str();
                match digits.parse::<i64>() {
                    Ok(i) => {
                        let raw = self.iconst(i as u64);
                        self.rt(Rt::perry_bigint_from_i64, &[raw])
                    }
                    Err(_) => {
                        let s = self.str_const(digits);
                        self.rt(Rt::perry_bigint_from_str, &[s])
                    }
                }
            }
            Expression::ImportExpression(i) => {
                // A promise of the module's namespace (`stdlib/src/cjs.rs`); the specifiers the
                // compiler resolved are registered by `perry_user_main`.
                let spec = self.expr(&i.source);
                let spec = self.hold(spec);
                if let Some(o) = &i.options {
                    self.expr(o);
                }
                let file = self.c.const_str(&self.m.path.to_string_lossy());
                let f = self.iconst(file as u64);
                let s = self.unhold(spec);
                self.set_pos(i.span.start);
                self.rt_check(Rt::perry_dynamic_import, &[f, s])
            }
            Expression::JSXElement(j) => {
                self.c.unsupported(self.module, j.span.start, "JSX");
                self.undef()
            }
            Expression::JSXFragment(j) => {
                self.c.unsupported(self.module, j.span.start, "JSX");
                self.undef()
            }
            Expression::V8IntrinsicExpression(v) => {
                self.c.unsupported(self.module, v.span.start, "V8 intrinsics");
                self.undef()
            }
        }
    }

    fn member(&mut self, m: &'static MemberExpression<'static>) -> V {
        match m {
            MemberExpression::StaticMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let hv = self.new_var();
                    self.def_var(hv, home);
                    let k = self.str_const(m.property.name.as_str());
                    let this = self.this_value();
                    let home = self.use_var(hv);
                    return self.rt_check(Rt::perry_get_super, &[home, k, this]);
                }
                if !m.optional
                    && let Some(v) = self.known_field(&m.object, m.property.name.as_str())
                {
                    return v;
                }
                if let Some(c) = self.c.enum_fold(self.module, m.span.start) {
                    return match c {
                        crate::enums::EnumConst::Num(n) => self.num(n),
                        crate::enums::EnumConst::Str(s) => self.str_const(&s),
                    };
                }
                let predicted = if m.optional {
                    None
                } else {
                    self.predicted_field(&m.object, m.property.name.as_str()).or_else(|| self.predicted_member(&m.object, m.property.name.as_str()))
                };
                let o = self.expr(&m.object);
                if m.optional {
                    self.chain_guard(o);
                }
                if let Some(pr) = predicted {
                    self.set_pos(m.span.start);
                    return self.get_field_predicted(o, pr, m.property.name.as_str());
                }
                self.get_named(o, m.property.name.as_str(), m.span.start)
            }
            MemberExpression::ComputedMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let hv = self.new_var();
                    self.def_var(hv, home);
                    let k = self.expr(&m.expression);
                    let kv = self.new_var();
                    self.def_var(kv, k);
                    let this = self.this_value();
                    let home = self.use_var(hv);
                    let k = self.use_var(kv);
                    return self.rt_check(Rt::perry_get_super, &[home, k, this]);
                }
                let sym = match &m.object {
                    Expression::Identifier(id) => id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()),
                    _ => None,
                };
                let flag = sym.and_then(|s| self.array_flags.get(&s).copied());
                let f64_flag = sym.and_then(|s| self.f64_array_flags.get(&s).copied());
                let cache = self.cache_of(&m.object);
                let o = self.expr(&m.object);
                if m.optional {
                    self.chain_guard(o);
                }
                // The key may `await` or `yield`: only variables live across that.
                let ho = self.hold(o);
                let k = self.expr(&m.expression);
                let o = self.unhold(ho);
                self.set_pos(m.span.start);
                if let Some(c) = cache {
                    return self.get_index_cached(o, k, c, flag, f64_flag);
                }
                match flag {
                    Some(f) => {
                        let is_array = self.use_var(f);
                        let is_f64 = f64_flag.map(|f| self.use_var(f));
                        self.get_index_flagged(o, k, Some(is_array), is_f64)
                    }
                    None => self.get_index(o, k),
                }
            }
            MemberExpression::PrivateFieldExpression(p) => {
                let o = self.expr(&p.object);
                if p.optional {
                    self.chain_guard(o);
                }
                let n = self.private_name(p.field.name.as_str(), p.span.start);
                self.private_get(o, n)
            }
        }
    }

    /// `c.f` where `c` is a `const` bound to an object literal with field `f`
    /// and nothing compiled since may have run code or written a field (the
    /// effect epoch is unchanged): the value the literal stored. The read is
    /// dominated by the declaration (a loop or `switch` case entered since
    /// would have bumped the epoch), so it is past the TDZ.
    fn known_field(&mut self, obj: &Expression, name: &str) -> Option<V> {
        let Expression::Identifier(id) = obj else { return None };
        let sym = self.scoping().get_reference(id.reference_id.get()?).symbol_id()?;
        let f = self.fresh.get(&sym)?;
        if f.epoch != self.effects && f.epoch != super::func::SCALAR {
            return None;
        }
        let h = f.fields.iter().find(|(n, _)| n == name)?.1;
        Some(self.unhold(h))
    }

    /// Optional chaining: leaves the chain with undefined when `v` is nullish.
    pub fn chain_guard(&mut self, v: V) {
        let Some(&(exit, res)) = self.chain.last() else { return };
        let n = self.is_nullish(v);
        let short = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(n, short, &[], cont, &[]);
        self.b.switch_to_block(short);
        let u = self.undef();
        self.def_var(res, u);
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(cont);
    }

    pub fn get_named(&mut self, o: V, name: &str, at: u32) -> V {
        if let Some(s) = self.super_home_guard(o) {
            return s;
        }
        self.set_pos(at);
        self.get_named_cached(o, name)
    }

    /// `o.name` read to be called (`o.name(...)`): [`Self::get_named`] with the site's prototype
    /// entries (`IC_PROTO_ENTRIES`) tested first, since a method is most often inherited.
    pub fn get_method(&mut self, o: V, name: &str, at: u32) -> V {
        if let Some(s) = self.super_home_guard(o) {
            return s;
        }
        self.set_pos(at);
        let mode = if self.runs_once() {
            ProtoSite::No
        } else if self.c.member_names().poly_methods.contains(name) {
            ProtoSite::PolyMethod
        } else {
            ProtoSite::Method
        };
        self.get_named_site(o, name, mode)
    }

    /// Module code outside loops: it runs once, so its property accesses stay small.
    pub fn runs_once(&self) -> bool {
        matches!(self.m.analysis.ctxs[self.ctx_id].kind, CtxKind::Module) && !self.jumps.iter().any(|j| j.cont.is_some())
    }

    /// How a named read or store of `name` treats inherited properties: with prototype entries
    /// answering accessors when some class of the program defines one by that name.
    fn accessor_site(&mut self, name: &str, setter: bool) -> bool {
        let names = self.c.member_names();
        (if setter { &names.setters } else { &names.getters }).contains(name) && !self.runs_once()
    }

    /// `o.name` through a polymorphic inline cache (`length` through the runtime).
    pub fn get_named_cached(&mut self, o: V, name: &str) -> V {
        let mode = if self.accessor_site(name, false) { ProtoSite::Accessor } else { ProtoSite::No };
        self.get_named_site(o, name, mode)
    }

    fn get_named_site(&mut self, o: V, name: &str, mode: ProtoSite) -> V {
        if name == "length" {
            return self.get_length(o, mode);
        }
        self.named_ic(o, name, mode)
    }

    /// A named read's inline cache (see [`Self::get_named_site`]).
    fn named_ic(&mut self, o: V, name: &str, mode: ProtoSite) -> V {
        // Polymorphic inline cache: up to IC_WAYS (shape, location) entries,
        // tested in order; a hit is a compare and a load.
        let site = self.new_ic_sites(IC_WAYS as u32 + IC_PROTO_ENTRIES * mode.proto_ways());
        if mode != ProtoSite::No {
            self.last_proto_site = Some(site + IC_WAYS as u32);
        }
        let res = self.new_var();
        let miss = self.b.create_block();
        let done = self.b.create_block();
        let hit = self.b.create_block();
        let offv = self.declare(types::I64);
        // The holder whose shape the entries are tested against: the object
        // itself, or String.prototype for a string (the runtime caches a
        // string's methods as that object's own data properties).
        let t = self.tag_of(o);
        let iso = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let chk = self.b.create_block();
        let p = self.b.append_block_param(chk, types::I64);
        let strb = self.b.create_block();
        // A string receiver (a method read, then a call into the runtime)
        // is laid out away, so an object's path falls through.
        self.b.set_cold_block(strb);
        let po = self.ptr_of(o);
        self.b.ins().brif(iso, chk, &[po.into()], strb, &[]);
        self.b.switch_to_block(strb);
        let iss = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_STRING as i64);
        let spa = self.data_addr(self.c.string_proto);
        let sp = self.b.ins().load(types::I64, MemFlagsData::trusted(), spa, 0);
        let psp = self.ptr_of(sp);
        self.b.ins().brif(iss, chk, &[psp.into()], miss, &[]);
        self.b.switch_to_block(chk);
        let base = self.data_addr(self.c.ic_data);
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        if mode != ProtoSite::No {
            let own = self.b.create_block();
            let (x, accessor) = self.proto_entries(p, sh, base, site + IC_WAYS as u32, mode.proto_ways(), own);
            if mode == ProtoSite::Accessor {
                // An accessor: its getter called with the receiver (undefined without one).
                let data = self.b.create_block();
                let acc = self.b.create_block();
                self.b.ins().brif(accessor, acc, &[], data, &[]);
                self.b.switch_to_block(acc);
                let cell = self.ptr_of(x);
                let getter = self.b.ins().load(types::I64, MemFlagsData::trusted(), cell, 8);
                let getter = self.track(getter);
                let call = self.b.create_block();
                let none = self.b.create_block();
                let is_undef = self.b.ins().icmp_imm_u(IntCC::Equal, getter, UNDEFINED as i64);
                self.b.ins().brif(is_undef, none, &[], call, &[]);
                self.b.switch_to_block(none);
                self.def_var(res, getter);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(call);
                // A getter of the module's that can run in place runs here (`crate::inline`).
                let cands = if self.may_inline() { self.c.inline_candidates(self.module, crate::inline::Kind::Getter, name) } else { None };
                let r = match cands {
                    Some(cands) => {
                        let (gv, ov) = (self.var_holding(getter), self.var_holding(o));
                        self.call_inlined(gv, ov, &[], name, cands)
                    }
                    None => self.call_value(getter, o, &[], name),
                };
                self.def_var(res, r);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(data);
            }
            self.def_var(res, x);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(own);
        }
        for way in 0..IC_WAYS as u32 {
            let at = ((site + way) * IC_ENTRY_SIZE) as i32;
            let cached = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_SHAPE);
            let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_LOCATION);
            self.def_var(offv, off);
            let same = self.b.ins().icmp(IntCC::Equal, cached, sh);
            let next = if way + 1 == IC_WAYS as u32 { miss } else { self.b.create_block() };
            self.b.ins().brif(same, hit, &[], next, &[]);
            if next != miss {
                self.b.switch_to_block(next);
            }
        }
        self.b.switch_to_block(hit);
        let off = self.use_var(offv);
        let v = self.load_cached_slot(p, off);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        let rt = match mode {
            ProtoSite::No => Rt::perry_get_named_ic,
            ProtoSite::Method => Rt::perry_get_method_ic,
            ProtoSite::PolyMethod => Rt::perry_get_method_poly_ic,
            ProtoSite::Accessor => Rt::perry_get_accessor_ic,
        };
        let v = self.ic_miss(rt, site, o, name, None);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// The prototype entries of a site (`ways` ways of `IC_PROTO_ENTRIES`, from entry `first`):
    /// when the receiver (at `p`, with shape word `sh`) has the shape and kind a way cached and
    /// its first prototype (and for a property two up, the second) that way's shapes (and
    /// kind), returns the word in the slot of the prototype holding the property and whether it
    /// is an accessor cell (an `i8`); otherwise goes to `fail`. Several ways are a loop over
    /// the receiver shapes, then one copy of the other tests.
    fn proto_entries(&mut self, p: V, sh: V, base: V, first: u32, ways: u32, fail: Block) -> (V, V) {
        let step = |fc: &mut Self, cond: V, fail: Block| {
            let next = fc.b.create_block();
            fc.b.ins().brif(cond, next, &[], fail, &[]);
            fc.b.switch_to_block(next);
        };
        // The prototype of the object at `p` (its shape says it has the prototype word), when
        // it is an object: its address and shape word.
        let proto = |fc: &mut Self, p: V| {
            let pv = fc.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_PROTO);
            let t = fc.tag_of(pv);
            let c = fc.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
            step(fc, c, fail);
            let pp = fc.ptr_of(pv);
            (pp, fc.b.ins().load(types::I64, MemFlagsData::trusted(), pp, OBJ_SHAPE))
        };
        // A way's receiver shape and kind, then its first prototype's shape (objects of one
        // shape may have different prototypes: a subclass adding no field).
        let way = |fc: &mut Self, at: V, at_off: i32, miss: Block| {
            let want = fc.b.ins().load(types::I64, MemFlagsData::trusted(), at, at_off + IC_SHAPE);
            let c = fc.b.ins().icmp(IntCC::Equal, sh, want);
            step(fc, c, miss);
            let kind = fc.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, 4);
            let want = fc.b.ins().load(types::I64, MemFlagsData::trusted(), at, at_off + IC_LOCATION);
            let c = fc.b.ins().icmp(IntCC::Equal, kind, want);
            step(fc, c, miss);
            let (p1, sh1) = proto(fc, p);
            let want = fc.b.ins().load(types::I64, MemFlagsData::trusted(), at, at_off + IC_ENTRY_SIZE as i32 + IC_SHAPE);
            let c = fc.b.ins().icmp(IntCC::Equal, sh1, want);
            step(fc, c, miss);
            p1
        };
        let (at, at_off, p1) = if ways == 1 {
            let off = (first * IC_ENTRY_SIZE) as i32;
            let p1 = way(self, base, off, fail);
            (base, off, p1)
        } else {
            // A loop over the ways: the first whose words match.
            let start = self.b.ins().iadd_imm_s(base, (first * IC_ENTRY_SIZE) as i64);
            let n = self.iconst(ways as u64);
            let lp = self.b.create_block();
            let e = self.b.append_block_param(lp, types::I64);
            let left = self.b.append_block_param(lp, types::I64);
            let next = self.b.create_block();
            self.b.ins().jump(lp, &[start.into(), n.into()]);
            self.b.switch_to_block(lp);
            let p1 = way(self, e, 0, next);
            let found = self.b.current_block().expect("the way's last test");
            self.b.switch_to_block(next);
            let e2 = self.b.ins().iadd_imm_s(e, (IC_PROTO_ENTRIES * IC_ENTRY_SIZE) as i64);
            let left2 = self.b.ins().iadd_imm_s(left, -1);
            let more = self.b.ins().icmp_imm_u(IntCC::NotEqual, left2, 0);
            self.b.ins().brif(more, lp, &[e2.into(), left2.into()], fail, &[]);
            self.b.switch_to_block(found);
            (e, 0, p1)
        };
        let word =
            |fc: &mut Self, entry: u32, off: i32| fc.b.ins().load(types::I64, MemFlagsData::trusted(), at, at_off + (entry * IC_ENTRY_SIZE) as i32 + off);
        let want2 = word(self, 2, IC_SHAPE);
        let loc = word(self, 2, IC_LOCATION);
        let read = self.b.create_block();
        let holder = self.b.append_block_param(read, types::I64);
        let two = self.b.create_block();
        let one = self.b.ins().icmp_imm_u(IntCC::Equal, want2, 0);
        self.b.ins().brif(one, read, &[p1.into()], two, &[]);
        // Two up: the first prototype's kind (no virtual own property), then the second's shape.
        self.b.switch_to_block(two);
        let kind1 = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), p1, 4);
        let want = word(self, 1, IC_LOCATION);
        let c = self.b.ins().icmp(IntCC::Equal, kind1, want);
        step(self, c, fail);
        let (p2, sh2) = proto(self, p1);
        let c = self.b.ins().icmp(IntCC::Equal, sh2, want2);
        self.b.ins().brif(c, read, &[p2.into()], fail, &[]);
        self.b.switch_to_block(read);
        let accessor = self.b.ins().band_imm_u(loc, IC_ACCESSOR as i64);
        let accessor = self.b.ins().icmp_imm_u(IntCC::NotEqual, accessor, 0);
        let loc = self.b.ins().band_imm_u(loc, !IC_ACCESSOR as i64);
        (self.load_cached_slot(holder, loc), accessor)
    }

    /// `o.#x` (`n` the private name's symbol) with an inline cache (`IC_PRIVATE_WAYS`): an own
    /// field in an inline slot of a cached shape, under the atom of `n`, is a compare and a load.
    pub fn private_get(&mut self, o: V, n: V) -> V {
        let site = self.new_ic_sites(IC_PRIVATE_WAYS);
        let res = self.new_var();
        let miss = self.b.create_block();
        let done = self.b.create_block();
        let p = self.private_guard(o, n, site, miss);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, 0);
        let v = self.track(v);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        self.cold_here();
        let base = self.data_addr(self.c.ic_data);
        let icp = self.b.ins().iadd_imm_s(base, (site * IC_ENTRY_SIZE) as i64);
        let v = self.rt_check(Rt::perry_private_get_ic, &[o, n, icp]);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// `o.#x = v` with the inline cache of [`Self::private_get`] (writable fields only).
    pub fn private_set(&mut self, o: V, n: V, v: V) {
        let site = self.new_ic_sites(IC_PRIVATE_WAYS);
        let miss = self.b.create_block();
        let done = self.b.create_block();
        let addr = self.private_guard(o, n, site, miss);
        self.store_raw_with_barrier(addr, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        self.cold_here();
        let base = self.data_addr(self.c.ic_data);
        let icp = self.b.ins().iadd_imm_s(base, (site * IC_ENTRY_SIZE) as i64);
        self.rt_check(Rt::perry_private_set_ic, &[o, n, v, icp]);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// The address of the field an entry of private site `site` caches for `o` and the name
    /// `n` (a symbol), leaving the builder there; `miss` otherwise.
    fn private_guard(&mut self, o: V, n: V, site: u32, miss: Block) -> V {
        let p = self.object_or(o, miss);
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        let np = self.ptr_of(n);
        let atom = self.b.ins().load(types::I64, MemFlagsData::trusted(), np, SYM_ATOM);
        let base = self.data_addr(self.c.ic_data);
        let hit = self.b.create_block();
        let off = self.b.append_block_param(hit, types::I64);
        for way in 0..IC_PRIVATE_WAYS {
            let at = ((site + way) * IC_ENTRY_SIZE) as i32;
            let cached = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_SHAPE);
            let loc = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_LOCATION);
            let same_shape = self.b.ins().icmp(IntCC::Equal, cached, sh);
            let a = self.b.ins().ushr_imm_u(loc, 32);
            let same_atom = self.b.ins().icmp(IntCC::Equal, a, atom);
            let same = self.b.ins().band(same_shape, same_atom);
            let o32 = self.b.ins().band_imm_u(loc, 0xFFFF_FFFF);
            let next = if way + 1 == IC_PRIVATE_WAYS { miss } else { self.b.create_block() };
            self.b.ins().brif(same, hit, &[o32.into()], next, &[]);
            if next != miss {
                self.b.switch_to_block(next);
            }
        }
        self.b.switch_to_block(hit);
        self.b.ins().iadd(p, off)
    }

    /// Continues in a new block when `v` is a cell of `kind`; jumps to
    /// `not_object` when it is no object, to `other_kind` when another kind.
    pub fn guard_kind(&mut self, v: V, kind: u64, not_object: Block, other_kind: Block) {
        self.object_or(v, not_object);
        let k = self.cell_kind(v);
        let same = self.b.ins().icmp_imm_u(IntCC::Equal, k, kind as i64);
        let c2 = self.b.create_block();
        self.b.ins().brif(same, c2, &[], other_kind, &[]);
        self.b.switch_to_block(c2);
    }

    /// `o.length`: a string's and an array's are read inline; anything else
    /// asks the runtime.
    fn get_length(&mut self, o: V, mode: ProtoSite) -> V {
        let res = self.new_var();
        let done = self.b.create_block();
        let slow = self.b.create_block();
        let st = self.b.create_block();
        let not_str = self.b.create_block();
        let t = self.tag_of(o);
        let iss = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_STRING as i64);
        self.b.ins().brif(iss, st, &[], not_str, &[]);
        self.b.switch_to_block(st);
        let p = self.ptr_of(o);
        let n = self.b.ins().uload32(MemFlagsData::trusted(), p, STR_LEN);
        let f = self.b.ins().fcvt_from_sint(types::F64, n);
        let v = self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(not_str);
        self.guard_kind(o, KIND_ARRAY, slow, slow);
        let p = self.ptr_of(o);
        let n = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let f = self.b.ins().fcvt_from_sint(types::F64, n);
        let v = self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        // Anything else asks the runtime; where a class defines `get length()`, the inline
        // cache with its prototype entries.
        let v = if mode == ProtoSite::No {
            let a = self.atom("length");
            self.rt_check(Rt::perry_get_named, &[o, a])
        } else {
            self.named_ic(o, "length", mode)
        };
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// Code unit `i` (an i64) of string `s` (a `TAG_STRING` value) when `s`
    /// is flat, a slice, or a rope already flattened (read through its flat
    /// string) and `i` is below its length; else to `slow`. One-byte units
    /// are read as bytes, two-byte ones as u16s.
    pub fn string_unit(&mut self, s: V, i: V, slow: Block) -> V {
        // The cell holding the units, its kind, the length and the offset of
        // the first unit in it.
        let pv = self.declare(types::I64);
        let kv = self.declare(types::I64);
        let lv = self.declare(types::I64);
        let ov = self.declare(types::I64);
        let unit = self.declare(types::I64);
        let not_flat = self.b.create_block();
        let rope = self.b.create_block();
        let slice = self.b.create_block();
        let flat = self.b.create_block();
        let ld = self.b.create_block();
        let one = self.b.create_block();
        let two = self.b.create_block();
        let done = self.b.create_block();
        let p = self.ptr_of(s);
        let k = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, 4);
        let len = self.b.ins().uload32(MemFlagsData::trusted(), p, STR_LEN);
        let zero = self.iconst(0);
        self.def_var(pv, p);
        self.def_var(kv, k);
        self.def_var(lv, len);
        self.def_var(ov, zero);
        // Kinds 11 (one-byte) and 0 (two-byte) are flat; 12 a rope, 13 a slice.
        let is_flat = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, k, KIND_ROPE as i64);
        self.b.ins().brif(is_flat, flat, &[], not_flat, &[]);
        self.b.switch_to_block(not_flat);
        let is_rope = self.b.ins().icmp_imm_u(IntCC::Equal, k, KIND_ROPE as i64);
        self.b.ins().brif(is_rope, rope, &[], slice, &[]);
        // A flattened rope's right is raw 0 and its left the flat string.
        self.b.switch_to_block(rope);
        let right = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ROPE_RIGHT);
        let r2 = self.b.create_block();
        self.b.ins().brif(right, slow, &[], r2, &[]);
        self.b.switch_to_block(r2);
        let left = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ROPE_LEFT);
        let lp = self.ptr_of(left);
        let lk = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), lp, 4);
        self.def_var(pv, lp);
        self.def_var(kv, lk);
        self.b.ins().jump(flat, &[]);
        // A slice reads its parent (always flat) from its offset.
        self.b.switch_to_block(slice);
        let parent = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, SLICE_PARENT);
        let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, SLICE_OFFSET);
        let pp = self.ptr_of(parent);
        let pk = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), pp, 4);
        self.def_var(pv, pp);
        self.def_var(kv, pk);
        self.def_var(ov, off);
        self.b.ins().jump(flat, &[]);
        self.b.switch_to_block(flat);
        let len = self.use_var(lv);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, len);
        self.b.ins().brif(inb, ld, &[], slow, &[]);
        self.b.switch_to_block(ld);
        let p = self.use_var(pv);
        let k = self.use_var(kv);
        let off = self.use_var(ov);
        let at = self.b.ins().iadd(i, off);
        let is_one = self.b.ins().icmp_imm_u(IntCC::Equal, k, KIND_STRING_ONE_BYTE as i64);
        self.b.ins().brif(is_one, one, &[], two, &[]);
        self.b.switch_to_block(one);
        let a = self.b.ins().iadd(p, at);
        let u = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), a, STR_DATA);
        self.def_var(unit, u);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(two);
        let i2 = self.b.ins().ishl_imm_u(at, 1);
        let a = self.b.ins().iadd(p, i2);
        let u = self.b.ins().uload16(types::I64, MemFlagsData::trusted(), a, STR_DATA);
        self.def_var(unit, u);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(unit)
    }

    /// The one-unit string of Latin-1 unit `u` (an i64 below 256; else to
    /// `slow`), an atom from `PERRY_UNIT_STRINGS`.
    pub fn unit_string(&mut self, u: V, slow: Block) -> V {
        let ok = self.b.create_block();
        let latin1 = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, u, 256);
        self.b.ins().brif(latin1, ok, &[], slow, &[]);
        self.b.switch_to_block(ok);
        let table = self.data_addr(self.c.unit_strings);
        let off = self.b.ins().ishl_imm_u(u, 3);
        let a = self.b.ins().iadd(table, off);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), a, 0);
        self.track(v)
    }

    /// The address of a property slot of the object at `p` from an inline
    /// cache's location word: a byte offset, or for a slot in the overflow
    /// array `IC_OVERFLOW | inline slot holding the array << 32 | offset in it`.
    fn cached_slot_addr(&mut self, p: V, off: V) -> V {
        let addr = self.declare(types::I64);
        let inline = self.b.create_block();
        let over = self.b.create_block();
        let done = self.b.create_block();
        // Out-of-line slots are rare: laid out away from the inline path,
        // which then falls through.
        self.b.set_cold_block(over);
        let is_over = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, off, 0);
        self.b.ins().brif(is_over, over, &[], inline, &[]);
        self.b.switch_to_block(inline);
        let a = self.b.ins().iadd(p, off);
        self.def_var(addr, a);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(over);
        let slot = self.b.ins().ushr_imm_u(off, 32);
        let slot = self.b.ins().band_imm_u(slot, 0x7FFF_FFFF);
        let slot_addr = self.b.ins().iadd(p, slot);
        let arr = self.b.ins().load(types::I64, MemFlagsData::trusted(), slot_addr, 0);
        let ap = self.ptr_of(arr);
        let within = self.b.ins().band_imm_u(off, 0xFFFF_FFFF);
        let a = self.b.ins().iadd(ap, within);
        self.def_var(addr, a);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(addr)
    }

    /// The value at an inline cache's location word `off` of the object at
    /// `p` (as the runtime's `read_cached` reads it).
    fn load_cached_slot(&mut self, p: V, off: V) -> V {
        let addr = self.cached_slot_addr(p, off);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, 0);
        self.track(v)
    }

    /// A global variable's value (a property of the global object; a
    /// ReferenceError when there is none) through a one-entry inline cache:
    /// while the global object has the shape cached, a compare and a load
    /// (in functions and loops; module code that runs once calls the runtime).
    pub fn global_read(&mut self, name: &str) -> V {
        if matches!(self.body, super::FnBody::Module) && !self.jumps.iter().any(|j| j.cont.is_some()) {
            // Module code outside loops runs once: the runtime's own cache
            // serves it, and the module body stays small to compile.
            let a = self.atom(name);
            return self.rt_check(Rt::perry_global_get, &[a]);
        }
        let ga = self.data_addr(self.c.global_object_word);
        let g = self.b.ins().load(types::I64, MemFlagsData::trusted(), ga, 0);
        let p = self.ptr_of(g);
        self.one_entry_read(p, |s, icp| {
            let a = s.atom(name);
            s.rt_check(Rt::perry_global_get_ic, &[a, icp])
        })
    }

    /// A read through a one-entry inline cache of the object at address `p`: while its shape
    /// is the entry's, a load at the entry's location; otherwise `miss`, given the entry's
    /// address, makes the value (and may fill the entry).
    pub(super) fn one_entry_read(&mut self, p: V, miss: impl FnOnce(&mut Self, V) -> V) -> V {
        let site = self.new_ic_sites(1);
        let res = self.new_var();
        let (hit, mb, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        let base = self.data_addr(self.c.ic_data);
        let at = (site * IC_ENTRY_SIZE) as i32;
        let cached = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_SHAPE);
        let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_LOCATION);
        let same = self.b.ins().icmp(IntCC::Equal, cached, sh);
        self.b.ins().brif(same, hit, &[], mb, &[]);
        self.b.switch_to_block(hit);
        let v = self.load_cached_slot(p, off);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(mb);
        let icp = self.b.ins().iadd_imm_s(base, at as i64);
        let v = miss(self, icp);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// Reserves `n` consecutive 16-byte inline-cache entries.
    pub(super) fn new_ic_sites(&mut self, n: u32) -> u32 {
        let site = self.c.ic_count;
        self.c.ic_count += n;
        site
    }

    /// The inline-cache guard: `o` is an object whose shape is the one cached
    /// in entry `site`. Leaves the builder in the hit block and returns the
    /// object's address and the cache table's; jumps to `miss` otherwise.
    fn ic_guard(&mut self, o: V, site: u32, miss: cranelift_codegen::ir::Block) -> (V, V) {
        self.shape_guard(o, self.c.ic_data, (site * IC_ENTRY_SIZE) as i32 + IC_SHAPE, miss)
    }

    /// Continues in a new block when `o` is an object whose shape is the
    /// word at offset `at` of data object `data` (an inline-cache entry, a
    /// plain class's instance shape); to `miss` otherwise. Returns `o`'s
    /// address and `data`'s.
    pub(super) fn shape_guard(&mut self, o: V, data: cranelift_module::DataId, at: i32, miss: Block) -> (V, V) {
        let p = self.object_or(o, miss);
        let hit = self.b.create_block();
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        let base = self.data_addr(data);
        let cached = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at);
        let same = self.b.ins().icmp(IntCC::Equal, sh, cached);
        self.b.ins().brif(same, hit, &[], miss, &[]);
        self.b.switch_to_block(hit);
        (p, base)
    }

    /// The miss path of an inline cache: the runtime function `rt` does the
    /// operation on `(o, atom of name[, v], address of entry site)` and
    /// fills the entry when it can.
    fn ic_miss(&mut self, rt: Rt, site: u32, o: V, name: &str, v: Option<V>) -> V {
        self.cold_here();
        let a = self.atom(name);
        let base = self.data_addr(self.c.ic_data);
        let icp = self.b.ins().iadd_imm_s(base, (site * IC_ENTRY_SIZE) as i64);
        match v {
            Some(v) => self.rt_check(rt, &[o, a, v, icp]),
            None => self.rt_check(rt, &[o, a, icp]),
        }
    }

    /// `o[k]`: a dense array element at an integral index below the length
    /// is loaded inline; anything else (holes, strings, other objects) goes
    /// to the runtime.
    pub fn get_index(&mut self, o: V, k: V) -> V {
        self.get_index_of(o, k, None)
    }

    /// [`Self::get_index`], given (when known) whether `o` is an array.
    /// Elements of arrays and of Float64, Int32 and Uint8 typed arrays are
    /// read inline.
    pub fn get_index_of(&mut self, o: V, k: V, is_array: Option<V>) -> V {
        self.get_index_flagged(o, k, is_array, None)
    }

    /// [`Self::get_index_of`], given also (when known) whether `o` is a
    /// Float64Array: then its elements are read with no kind or type test.
    pub fn get_index_flagged(&mut self, o: V, k: V, is_array: Option<V>, is_f64: Option<V>) -> V {
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let c2 = self.b.create_block();
        let c3 = self.b.create_block();
        let ld = self.b.create_block();
        let tac = self.b.create_block();
        match is_array {
            Some(f) => {
                self.b.ins().brif(f, c2, &[], tac, &[]);
            }
            None => {
                self.guard_kind(o, KIND_ARRAY, slow, tac);
                self.b.ins().jump(c2, &[]);
            }
        }
        self.b.switch_to_block(c2);
        let p = self.ptr_of(o);
        if !self.known_num(k) {
            let isnum = self.is_number(k);
            self.b.ins().brif(isnum, c3, &[], slow, &[]);
            self.b.switch_to_block(c3);
        }
        // An integral index below the length (two branches: no flag
        // materialisation on the path every element read takes).
        let i = self.exact_index(k, slow);
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, len);
        self.b.ins().brif(inb, ld, &[], slow, &[]);
        self.b.switch_to_block(ld);
        let v = self.dense_elem(p, i, slow);
        let v = self.track(v);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        // A typed array.
        self.b.switch_to_block(tac);
        if let Some(tf) = is_f64 {
            let known = self.b.create_block();
            let other = self.b.create_block();
            self.b.ins().brif(tf, known, &[], other, &[]);
            self.b.switch_to_block(known);
            self.number_or(k, slow);
            let i = self.exact_index(k, slow);
            let p = self.ptr_of(o);
            let a = self.typed_elem_addr_of(p, i, None, 8, slow);
            let v = self.load_f64_elem(a);
            self.def_var(res, v);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(other);
        }
        let (p, i) = self.typed_array_index(o, k, slow);
        let not_f64 = self.b.create_block();
        let not_i32 = self.b.create_block();
        let a = self.typed_elem_addr(p, i, TA_TY_FLOAT64, 8, not_f64);
        let v = self.load_f64_elem(a);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(not_f64);
        let a = self.typed_elem_addr(p, i, TA_TY_INT32, 4, not_i32);
        let x = self.b.ins().sload32(MemFlagsData::trusted(), a, 0);
        let f = self.b.ins().fcvt_from_sint(types::F64, x);
        let v = self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(not_i32);
        let a = self.typed_elem_addr(p, i, TA_TY_UINT8, 1, slow);
        let x = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), a, 0);
        let f = self.b.ins().fcvt_from_sint(types::F64, x);
        let v = self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        // A string's unit below 256 with an integral index: its one-unit
        // string, inline.
        self.b.switch_to_block(slow);
        let general = self.b.create_block();
        let sp = self.b.create_block();
        let t = self.tag_of(o);
        let iss = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_STRING as i64);
        self.b.ins().brif(iss, sp, &[], general, &[]);
        self.b.switch_to_block(sp);
        self.number_or(k, general);
        let i = self.exact_index(k, general);
        let u = self.string_unit(o, i, general);
        let v = self.unit_string(u, general);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        // Anything else: the site's keyed cache (a string key naming an own
        // data property), then the runtime, which fills it.
        // (A key known to be a number never hits, and code that runs once
        // would not use the cache: the runtime directly.)
        self.b.switch_to_block(general);
        self.cold_here();
        if self.known_num(k) || self.runs_once() {
            let r = self.rt_check(Rt::perry_get_index, &[o, k]);
            self.def_var(res, r);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
            return self.use_var(res);
        }
        let site = self.keyed_site();
        let miss = self.b.create_block();
        let (p, loc) = self.keyed_site_hit(o, k, site, miss);
        let v = self.load_cached_slot(p, loc);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        self.cold_here();
        let site_addr = self.global_addr(site);
        let r = self.rt_check(Rt::perry_get_index_site, &[o, k, site_addr]);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// A keyed site's module-global slots (`KEYED_SITE_*`, all undefined).
    fn keyed_site(&mut self) -> u32 {
        self.c.new_site(KEYED_SITE_SLOTS, super::SlotInit::Undefined)
    }

    /// The address of module-global slot `slot`.
    pub fn global_addr(&mut self, slot: u32) -> V {
        let base = self.data_addr(self.c.globals_data);
        self.b.ins().iadd_imm_u(base, (slot * GLOBAL_SLOT_SIZE) as i64)
    }

    /// Tests the way of keyed site `site` that key `k` selects
    /// (`perry_abi::keyed_way`): continues in a new block while `k` is the
    /// entry's key and `o` an object of the entry's shape, with `o`'s address
    /// and the entry's location word (to `miss` otherwise). Its blocks are
    /// cold: the keyed sites are what the index fast paths leave.
    fn keyed_site_hit(&mut self, o: V, k: V, site: u32, miss: Block) -> (V, V) {
        let (s1, s2) = KEYED_WAY_SHIFTS;
        let a = self.b.ins().ushr_imm_u(k, s1 as i64);
        let b = self.b.ins().ushr_imm_u(k, s2 as i64);
        let x = self.b.ins().bxor(a, b);
        let w = self.b.ins().band_imm_u(x, (KEYED_SITE_WAYS - 1) as i64);
        let off = self.b.ins().imul_imm_u(w, (KEYED_ENTRY_SLOTS * GLOBAL_SLOT_SIZE) as i64);
        let base = self.global_addr(site);
        let e = self.b.ins().iadd(base, off);
        let key = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, (KEYED_ENTRY_KEY * GLOBAL_SLOT_SIZE) as i32);
        let same = self.b.ins().icmp(IntCC::Equal, key, k);
        let obj = self.b.create_block();
        self.b.ins().brif(same, obj, &[], miss, &[]);
        self.b.switch_to_block(obj);
        self.cold_here();
        let t = self.tag_of(o);
        let is_obj = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let shaped = self.b.create_block();
        self.b.ins().brif(is_obj, shaped, &[], miss, &[]);
        self.b.switch_to_block(shaped);
        self.cold_here();
        let p = self.ptr_of(o);
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, (KEYED_ENTRY_SHAPE * GLOBAL_SLOT_SIZE) as i32);
        let hit = self.b.create_block();
        let same = self.b.ins().icmp(IntCC::Equal, sh, want);
        self.b.ins().brif(same, hit, &[], miss, &[]);
        self.b.switch_to_block(hit);
        self.cold_here();
        let loc = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, (KEYED_ENTRY_LOCATION * GLOBAL_SLOT_SIZE) as i32);
        (p, loc)
    }

    /// `o[k]` where `o` is the binding of loop array cache `c`: an integral
    /// index below the cached length reads the cached elements; anything
    /// else takes the general path (given the binding's array flags).
    fn get_index_cached(&mut self, o: V, k: V, c: ArrCache, flag: Option<Variable>, f64_flag: Option<Variable>) -> V {
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let ld = self.b.create_block();
        let addr = self.cached_elem_addr(k, c, ld, slow);
        if c.f64.is_some() {
            let v = self.load_f64_elem(addr);
            self.def_var(res, v);
        } else {
            let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, 0);
            let hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
            let got = self.b.create_block();
            self.b.ins().brif(hole, slow, &[], got, &[]);
            self.b.switch_to_block(got);
            let v = self.track(v);
            self.def_var(res, v);
        }
        self.b.ins().jump(done, &[]);
        self.general_path(slow, done, Some(res), |s| {
            Some(match flag {
                Some(f) => {
                    let is_array = s.use_var(f);
                    let is_f64 = f64_flag.map(|f| s.use_var(f));
                    s.get_index_flagged(o, k, Some(is_array), is_f64)
                }
                None => s.get_index(o, k),
            })
        });
        self.use_var(res)
    }

    /// `o[k] = v` where `o` is the binding of loop array cache `c`: an
    /// integral index below the cached length stores into the cached
    /// elements (with the barrier); anything else takes the general path.
    fn set_index_cached(&mut self, o: V, k: V, v: V, c: ArrCache) {
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let st = self.b.create_block();
        if c.f64.is_some() {
            self.number_or(v, slow);
            let addr = self.cached_elem_addr(k, c, st, slow);
            let f = self.f64_of(v);
            self.b.ins().store(MemFlagsData::trusted(), f, addr, 0);
        } else {
            let addr = self.cached_elem_addr(k, c, st, slow);
            self.store_raw_with_barrier(addr, v);
        }
        self.b.ins().jump(done, &[]);
        self.general_path(slow, done, None, |s| {
            s.set_index(o, k, v);
            None
        });
    }

    /// The address of element `k` through loop array cache `c`, in block
    /// `at`, when `k` is an integral index below the cached length; else to
    /// `slow`.
    fn cached_elem_addr(&mut self, k: V, c: ArrCache, at: Block, slow: Block) -> V {
        self.number_or(k, slow);
        let i = self.exact_index(k, slow);
        let len = self.use_var(c.len);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, len);
        self.b.ins().brif(inb, at, &[], slow, &[]);
        self.b.switch_to_block(at);
        let data = self.use_var(c.data);
        let off = self.b.ins().ishl_imm_u(i, 3);
        self.b.ins().iadd(data, off)
    }

    /// Block `slow` runs `general`, the general path behind a fast one,
    /// with every block it makes cold (so the fast path falls through past
    /// them), then joins `done` (with `general`'s value in `res`), and
    /// continues there.
    fn general_path(&mut self, slow: Block, done: Block, res: Option<Variable>, general: impl FnOnce(&mut Self) -> Option<V>) {
        self.b.switch_to_block(slow);
        let first = self.b.func.dfg.num_blocks();
        let v = general(self);
        self.b.set_cold_block(slow);
        for i in first..self.b.func.dfg.num_blocks() {
            self.b.set_cold_block(Block::from_u32(i as u32));
        }
        if let (Some(res), Some(v)) = (res, v) {
            self.def_var(res, v);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// Element `i` (below the length) of the array at address `p`,
    /// continuing in a new block; to `hole` when it is a hole.
    pub fn dense_elem(&mut self, p: V, i: V, hole: Block) -> V {
        let elems = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_ELEMS);
        let ep = self.ptr_of(elems);
        let off = self.b.ins().ishl_imm_u(i, 3);
        let addr = self.b.ins().iadd(ep, off);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, VA_DATA);
        let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
        let got = self.b.create_block();
        self.b.ins().brif(is_hole, hole, &[], got, &[]);
        self.b.switch_to_block(got);
        v
    }

    /// The Float64Array element at `a` as a value: any NaN reads as the
    /// canonical one (NaN-boxing).
    fn load_f64_elem(&mut self, a: V) -> V {
        let f = self.b.ins().load(types::F64, MemFlagsData::trusted(), a, 0);
        let nan = self.b.ins().f64const(f64::from_bits(NAN));
        let isnan = self.b.ins().fcmp(FloatCC::Unordered, f, f);
        let f = self.b.ins().select(isnan, nan, f);
        self.b.ins().bitcast(types::I64, MemFlagsData::new(), f)
    }

    /// Continues when `v` is a number (known, or tested); else to `slow`.
    fn number_or(&mut self, v: V, slow: Block) {
        if !self.known_num(v) {
            let ok = self.b.create_block();
            let isnum = self.is_number(v);
            self.b.ins().brif(isnum, ok, &[], slow, &[]);
            self.b.switch_to_block(ok);
        }
    }

    /// The i64 of number `k` when it is integral (else to `slow`).
    fn exact_index(&mut self, k: V, slow: Block) -> V {
        let f = self.f64_of(k);
        if let Some((x, _, _)) = self.int_source(f) {
            return x;
        }
        let i = self.b.ins().fcvt_to_sint_sat(types::I64, f);
        let back = self.b.ins().fcvt_from_sint(types::F64, i);
        let exact = self.b.ins().fcmp(FloatCC::Equal, back, f);
        let c4 = self.b.create_block();
        self.b.ins().brif(exact, c4, &[], slow, &[]);
        self.b.switch_to_block(c4);
        i
    }

    /// When `o` is a typed array and `k` an integral number, its address and
    /// the index; else to `slow`.
    fn typed_array_index(&mut self, o: V, k: V, slow: Block) -> (V, V) {
        self.guard_kind(o, KIND_TYPED_ARRAY, slow, slow);
        self.number_or(k, slow);
        let i = self.exact_index(k, slow);
        (self.ptr_of(o), i)
    }

    /// The address of element `i` of the typed array at `p` when its element
    /// type is `ty` (not length-tracking), `i` is below its length and the
    /// view lies inside its buffer (not detached); else to `miss`.
    fn typed_elem_addr(&mut self, p: V, i: V, ty: u64, size: i64, miss: Block) -> V {
        self.typed_elem_addr_of(p, i, Some(ty), size, miss)
    }

    /// [`Self::typed_elem_addr`]; with no `ty` the element type is known.
    fn typed_elem_addr_of(&mut self, p: V, i: V, ty: Option<u64>, size: i64, miss: Block) -> V {
        if let Some(ty) = ty {
            let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, TA_TYPE);
            let is_ty = self.b.ins().icmp_imm_u(IntCC::Equal, t, ty as i64);
            let b1 = self.b.create_block();
            self.b.ins().brif(is_ty, b1, &[], miss, &[]);
            self.b.switch_to_block(b1);
        }
        let n = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, TA_LENGTH);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, n);
        let b2 = self.b.create_block();
        self.b.ins().brif(inb, b2, &[], miss, &[]);
        self.b.switch_to_block(b2);
        let (base, _) = self.typed_view_of(p, n, size, miss);
        let at = self.b.ins().imul_imm_u(i, size);
        self.b.ins().iadd(base, at)
    }

    /// The address of element 0 of the typed array at `p` (elements of
    /// `size` bytes) and its length, when it is not length-tracking and the
    /// view lies inside its buffer (not detached); else to `miss`.
    pub fn typed_view(&mut self, p: V, size: i64, miss: Block) -> (V, V) {
        let n = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, TA_LENGTH);
        self.typed_view_of(p, n, size, miss)
    }

    /// [`Self::typed_view`] given the length word `n`.
    fn typed_view_of(&mut self, p: V, n: V, size: i64, miss: Block) -> (V, V) {
        let store = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, TA_STORE);
        let sp = self.ptr_of(store);
        // The raw length word has the detached bit (2^48) set once detached.
        let raw = self.b.ins().load(types::I64, MemFlagsData::trusted(), sp, STORE_LEN);
        let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, TA_OFFSET);
        let bytes = self.b.ins().imul_imm_u(n, size);
        let end = self.b.ins().iadd(off, bytes);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, raw);
        let det = self.b.ins().band_imm_u(raw, STORE_DETACHED as i64);
        let attached = self.b.ins().icmp_imm_u(IntCC::Equal, det, 0);
        let ok = self.b.ins().band(fits, attached);
        let b3 = self.b.create_block();
        self.b.ins().brif(ok, b3, &[], miss, &[]);
        self.b.switch_to_block(b3);
        let a = self.b.ins().iadd(sp, off);
        (self.b.ins().iadd_imm_u(a, STORE_DATA as i64), n)
    }

    /// `o[k] = v`: an array element that exists (an integral index below the
    /// length, the elements not frozen) is stored inline, with the barrier;
    /// everything else calls `perry_set_index`.
    pub fn set_index(&mut self, o: V, k: V, v: V) {
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let c4 = self.b.create_block();
        let st = self.b.create_block();
        let tac = self.b.create_block();
        let p = self.guard_writable_array(o, slow, tac);
        self.number_or(k, slow);
        let i = self.exact_index(k, slow);
        self.b.ins().jump(c4, &[]);
        // A typed array with a number value.
        self.b.switch_to_block(tac);
        let (tp, ti) = self.typed_array_index(o, k, slow);
        self.number_or(v, slow);
        let not_f64 = self.b.create_block();
        let not_i32 = self.b.create_block();
        let a = self.typed_elem_addr(tp, ti, TA_TY_FLOAT64, 8, not_f64);
        let f = self.f64_of(v);
        self.b.ins().store(MemFlagsData::trusted(), f, a, 0);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(not_f64);
        let a = self.typed_elem_addr(tp, ti, TA_TY_INT32, 4, not_i32);
        let x = self.i32_of_num(v);
        self.b.ins().store(MemFlagsData::trusted(), x, a, 0);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(not_i32);
        let a = self.typed_elem_addr(tp, ti, TA_TY_UINT8, 1, slow);
        let x = self.i32_of_num(v);
        self.b.ins().istore8(MemFlagsData::trusted(), x, a, 0);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(c4);
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, i, len);
        self.b.ins().brif(inb, st, &[], slow, &[]);
        self.b.switch_to_block(st);
        let elems = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_ELEMS);
        let ep = self.ptr_of(elems);
        let off = self.b.ins().ishl_imm_u(i, 3);
        let addr = self.b.ins().iadd(ep, off);
        let addr = self.b.ins().iadd_imm_u(addr, VA_DATA as i64);
        self.store_raw_with_barrier(addr, v);
        self.b.ins().jump(done, &[]);
        // Anything else: the site's keyed cache (a string key naming an own
        // writable data property), then the runtime, which fills it.
        self.b.switch_to_block(slow);
        self.cold_here();
        if self.known_num(k) || self.runs_once() {
            self.rt_check(Rt::perry_set_index, &[o, k, v]);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
            return;
        }
        let site = self.keyed_site();
        let miss = self.b.create_block();
        let (p, loc) = self.keyed_site_hit(o, k, site, miss);
        let a = self.cached_slot_addr(p, loc);
        self.store_raw_with_barrier(a, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        self.cold_here();
        let site_addr = self.global_addr(site);
        self.rt_check(Rt::perry_set_index_site, &[o, k, v, site_addr]);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// `o.name = v` with an inline cache: an own writable data property in
    /// an inline slot of a known shape is stored inline (with the barrier).
    /// Where some class defines a setter by that name, the site's prototype
    /// entries then answer an inherited setter, called here with the receiver.
    pub fn set_named(&mut self, o: V, name: &str, v: V) {
        // The store may be to `Math` (its inline cache filled by an earlier miss), or put
        // anything into a field a number region tested.
        self.forget_memos();
        let setter = self.accessor_site(name, true);
        // A store that adds the property to a plain object: the transition, cached.
        let adds = !setter && !self.runs_once();
        let site = self.new_ic_sites(
            1 + if setter {
                IC_PROTO_ENTRIES
            } else if adds {
                IC_ADD_ENTRIES
            } else {
                0
            },
        );
        if setter {
            self.last_proto_site = Some(site + 1);
        }
        let miss = self.b.create_block();
        let done = self.b.create_block();
        let proto = if setter || adds { self.b.create_block() } else { miss };
        let (p, base) = self.ic_guard(o, site, proto);
        let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (site * IC_ENTRY_SIZE) as i32 + IC_LOCATION);
        let addr = self.cached_slot_addr(p, off);
        self.store_raw_with_barrier(addr, v);
        self.b.ins().jump(done, &[]);
        if setter {
            // An object (the own entry's guard failed on its shape, or on the tag).
            self.b.switch_to_block(proto);
            let p = self.object_or(o, miss);
            let base = self.data_addr(self.c.ic_data);
            let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
            let (cell, accessor) = self.proto_entries(p, sh, base, site + 1, 1, miss);
            let acc = self.b.create_block();
            self.b.ins().brif(accessor, acc, &[], miss, &[]);
            self.b.switch_to_block(acc);
            let cp = self.ptr_of(cell);
            let f = self.b.ins().load(types::I64, MemFlagsData::trusted(), cp, 16);
            let f = self.track(f);
            let call = self.b.create_block();
            let is_undef = self.b.ins().icmp_imm_u(IntCC::Equal, f, UNDEFINED as i64);
            self.b.ins().brif(is_undef, miss, &[], call, &[]);
            self.b.switch_to_block(call);
            // A setter of the module's that can run in place runs here (`crate::inline`).
            match if self.may_inline() { self.c.inline_candidates(self.module, crate::inline::Kind::Setter, name) } else { None } {
                Some(cands) => {
                    let [fv, ov, vv] = [f, o, v].map(|x| self.var_holding(x));
                    self.call_inlined(fv, ov, &[vv], name, cands);
                }
                None => {
                    self.call_value(f, o, &[v], name);
                }
            }
            self.b.ins().jump(done, &[]);
        } else if adds {
            // The receiver has the shape before, is still extensible, and Object.prototype
            // the shape it had: the new shape and the value, stored here.
            self.b.switch_to_block(proto);
            let p = self.object_or(o, miss);
            let base = self.data_addr(self.c.ic_data);
            let at = ((site + 1) * IC_ENTRY_SIZE) as i32;
            let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
            let before = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_SHAPE);
            let same = self.b.ins().icmp(IntCC::Equal, sh, before);
            let c2 = self.b.create_block();
            self.b.ins().brif(same, c2, &[], miss, &[]);
            self.b.switch_to_block(c2);
            let hdr = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, 0);
            let ne = self.b.ins().band_imm_u(hdr, (FLAG_NONEXTENSIBLE << HDR_FLAGS_SHIFT) as i64);
            let c3 = self.b.create_block();
            self.b.ins().brif(ne, miss, &[], c3, &[]);
            self.b.switch_to_block(c3);
            let opw = self.data_addr(self.c.object_proto_word);
            let op = self.b.ins().load(types::I64, MemFlagsData::trusted(), opw, 0);
            let opp = self.ptr_of(op);
            let opsh = self.b.ins().load(types::I64, MemFlagsData::trusted(), opp, OBJ_SHAPE);
            let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_ENTRY_SIZE as i32 + IC_LOCATION);
            let same = self.b.ins().icmp(IntCC::Equal, opsh, want);
            let c4 = self.b.create_block();
            self.b.ins().brif(same, c4, &[], miss, &[]);
            self.b.switch_to_block(c4);
            let after = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_ENTRY_SIZE as i32 + IC_SHAPE);
            let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_LOCATION);
            self.b.ins().store(MemFlagsData::trusted(), after, p, OBJ_SHAPE);
            let addr = self.b.ins().iadd(p, off);
            self.store_raw_with_barrier(addr, v);
            self.forget_shapes();
            self.b.ins().jump(done, &[]);
        }
        self.b.switch_to_block(miss);
        self.ic_miss(
            if setter {
                Rt::perry_set_accessor_ic
            } else if adds {
                Rt::perry_set_add_ic
            } else {
                Rt::perry_set_named_ic
            },
            site,
            o,
            name,
            Some(v),
        );
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// Defines data property `name` on `this` (a class field) with an inline
    /// cache of the shape transition: (shape before, offset) in one 16-byte
    /// entry and the shape after in the next.
    pub fn define_field_named(&mut self, o: V, name: &str, v: V) {
        self.forget_memos();
        let site = self.new_ic_sites(2);
        let hit = self.b.create_block();
        let miss = self.b.create_block();
        let done = self.b.create_block();
        let (p, base) = self.ic_guard(o, site, miss);
        // Still extensible (a field initialiser may have frozen `this`).
        let hdr = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, 0);
        let ne = self.b.ins().band_imm_u(hdr, (FLAG_NONEXTENSIBLE << HDR_FLAGS_SHIFT) as i64);
        self.b.ins().brif(ne, miss, &[], hit, &[]);
        self.b.switch_to_block(hit);
        let off = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (site * IC_ENTRY_SIZE) as i32 + IC_LOCATION);
        let after = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (site * IC_ENTRY_SIZE) as i32 + IC_SHAPE_AFTER);
        self.b.ins().store(MemFlagsData::trusted(), after, p, OBJ_SHAPE);
        let addr = self.b.ins().iadd(p, off);
        self.store_raw_with_barrier(addr, v);
        // A new shape (only a property added after the others, but the
        // remembered shape tests need not know that).
        self.forget_shapes();
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(miss);
        self.ic_miss(Rt::perry_define_field_ic, site, o, name, Some(v));
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    fn super_home_guard(&mut self, _o: V) -> Option<V> {
        None
    }

    /// The value of an identifier reference (for `import a = N.b`).
    pub fn expr_identifier(&mut self, id: &'static IdentifierReference<'static>) -> V {
        self.identifier(id)
    }

    fn identifier(&mut self, id: &'static IdentifierReference<'static>) -> V {
        let name = id.name.as_str();
        let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id());
        match sym {
            Some(s) => self.read_symbol(s, id.span.start),
            None => match name {
                "undefined" => self.undef(),
                "NaN" => self.num(f64::NAN),
                "Infinity" => self.num(f64::INFINITY),
                "arguments" => self.arguments(),
                "__perry_native" if self.c.graph.modules[self.module].builtin => self.rt(Rt::perry_native_loader, &[]),
                _ => {
                    self.set_pos(id.span.start);
                    self.global_read(name)
                }
            },
        }
    }

    /// Reads binding `s` where a reference at `at` names it: an ambient global, a member of a
    /// namespace import, a member of the enum being declared, or a binding (with its TDZ
    /// check).
    pub fn read_symbol(&mut self, s: SymbolId, at: u32) -> V {
        let flags = self.scoping().symbol_flags(s);
        let name = self.scoping().symbol_name(s);
        if flags.contains(SymbolFlags::Ambient) {
            // `declare const x`: a global provided by the environment.
            self.set_pos(at);
            return self.global_read(name);
        }
        if let Some((slot, member)) = self.c.ns_members.get(&(self.module, s)).cloned() {
            let ns = self.global_get(slot);
            return self.get_named(ns, &member, at);
        }
        if flags.contains(SymbolFlags::EnumMember) {
            // A member of the enum being declared: read it from the enum object.
            if let Some(&(objv, _)) = self.enum_obj.last() {
                let o = self.use_var(objv);
                return self.get_named(o, name, at);
            }
        }
        self.read_binding(s, at)
    }

    fn template(&mut self, t: &'static TemplateLiteral<'static>) -> V {
        // Each substitution is converted to a string as it is evaluated; the
        // pieces are joined four at a time (`perry_concat4`, one allocation).
        let mut parts: Vec<cranelift_frontend::Variable> = Vec::new();
        let mut keep = |fc: &mut Self, v: V| {
            let var = fc.new_var();
            fc.def_var(var, v);
            parts.push(var);
        };
        let first = cooked(&t.quasis[0]);
        if !first.is_empty() {
            let q = self.str_units_const(first);
            keep(self, q);
        }
        for (i, e) in t.expressions.iter().enumerate() {
            let v = self.expr(e);
            let s = self.string_of_value(v);
            keep(self, s);
            let q = cooked(&t.quasis[i + 1]);
            if !q.is_empty() {
                let qs = self.str_units_const(q);
                keep(self, qs);
            }
        }
        let empty = |fc: &mut Self| fc.str_units_const(Vec::new());
        let mut rest = parts.as_slice();
        let mut acc = match rest.len() {
            0 => return empty(self),
            _ => {
                let v = self.use_var(rest[0]);
                rest = &rest[1..];
                v
            }
        };
        while !rest.is_empty() {
            let n = rest.len().min(3);
            let accv = self.new_var();
            self.def_var(accv, acc);
            let mut args = vec![self.use_var(accv)];
            for &p in &rest[..n] {
                args.push(self.use_var(p));
            }
            while args.len() < 4 {
                args.push(empty(self));
            }
            acc = self.rt_check(Rt::perry_concat4, &args);
            rest = &rest[n..];
        }
        acc
    }

    fn string_of_value(&mut self, v: V) -> V {
        let t = self.tag_of(v);
        let iss = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_STRING as i64);
        let res = self.new_var();
        self.def_var(res, v);
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(iss, done, &[], slow, &[]);
        self.b.switch_to_block(slow);
        let s = self.rt_check(Rt::perry_to_string, &[v]);
        self.def_var(res, s);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    fn tagged_template(&mut self, t: &'static TaggedTemplateExpression<'static>) -> V {
        // The strings array is created once per site and cached in a global slot.
        let slot = self.site_slot(t as *const TaggedTemplateExpression as usize);
        let cur = self.global_get(slot);
        let isu = self.b.ins().icmp_imm_u(IntCC::Equal, cur, UNDEFINED as i64);
        let mk = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(isu, mk, &[], done, &[]);
        self.b.switch_to_block(mk);
        let n = self.iconst(t.quasi.quasis.len() as u64);
        let cooked_arr = self.rt(Rt::perry_new_array, &[n]);
        let cv = self.new_var();
        self.def_var(cv, cooked_arr);
        let raw_arr = self.rt(Rt::perry_new_array, &[n]);
        let rv = self.new_var();
        self.def_var(rv, raw_arr);
        for q in &t.quasi.quasis {
            let c = match &q.value.cooked {
                Some(_) => {
                    let u = cooked(q);
                    self.str_units_const(u)
                }
                None => self.undef(),
            };
            let a = self.use_var(cv);
            self.rt(Rt::perry_array_push, &[a, c]);
            let r = self.str_const(q.value.raw.as_str());
            let a = self.use_var(rv);
            self.rt(Rt::perry_array_push, &[a, r]);
        }
        let c = self.use_var(cv);
        let r = self.use_var(rv);
        let obj = self.rt(Rt::perry_template_object, &[c, r]);
        self.global_set(slot, obj);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        // Callee and this as for a call.
        let (f, this) = self.callee_and_this(&t.tag);
        let fv = self.new_var();
        self.def_var(fv, f);
        let tv = self.new_var();
        self.def_var(tv, this);
        let strings = self.global_get(slot);
        let mut args = vec![strings];
        for e in &t.quasi.expressions {
            let held: Vec<_> = args.iter().map(|&a| self.hold(a)).collect();
            let v = self.expr(e);
            args = held.into_iter().map(|h| self.unhold(h)).collect();
            args.push(v);
        }
        let f = self.use_var(fv);
        let this = self.use_var(tv);
        self.call_with(f, this, args, "tag")
    }

    /// Calls with any number of argument values (spills to an array past four).
    pub fn call_with(&mut self, f: V, this: V, args: Vec<V>, what: &str) -> V {
        if args.len() <= JS_REG_ARGS {
            return self.call_value(f, this, &args, what);
        }
        let fv = self.new_var();
        self.def_var(fv, f);
        let tv = self.new_var();
        self.def_var(tv, this);
        let held: Vec<_> = args.iter().map(|&a| self.hold(a)).collect();
        let n = self.iconst(args.len() as u64);
        let arr = self.rt(Rt::perry_new_array, &[n]);
        let av = self.new_var();
        self.def_var(av, arr);
        for h in held {
            let a = self.use_var(av);
            let v = self.unhold(h);
            self.rt(Rt::perry_array_push, &[a, v]);
        }
        let f = self.use_var(fv);
        let this = self.use_var(tv);
        let a = self.use_var(av);
        self.rt_check(Rt::perry_call_spread, &[f, this, a])
    }

    fn array_literal(&mut self, a: &'static ArrayExpression<'static>) -> V {
        let n = self.iconst(a.elements.len() as u64);
        let arr = self.rt(Rt::perry_new_array, &[n]);
        let av = self.new_var();
        self.def_var(av, arr);
        for el in &a.elements {
            match el {
                ArrayExpressionElement::SpreadElement(s) => {
                    let v = self.expr(&s.argument);
                    let a = self.use_var(av);
                    self.rt_check(Rt::perry_spread_into, &[a, v]);
                }
                ArrayExpressionElement::Elision(_) => {
                    let a = self.use_var(av);
                    self.rt(Rt::perry_array_hole, &[a]);
                }
                other => {
                    let v = self.expr(other.to_expression());
                    let a = self.use_var(av);
                    self.rt(Rt::perry_array_push, &[a, v]);
                }
            }
        }
        self.use_var(av)
    }

    /// The value of a property key (string constant, or computed and converted).
    pub fn prop_key(&mut self, key: &'static PropertyKey<'static>, computed: bool) -> (V, bool) {
        if !computed {
            match key {
                PropertyKey::StaticIdentifier(id) => return (self.str_const(id.name.as_str()), false),
                PropertyKey::PrivateIdentifier(p) => return (self.str_const(p.name.as_str()), false),
                other => {
                    let e = other.to_expression();
                    match e {
                        // (A lone surrogate has no UTF-8 form: such a key is
                        // the string literal's value, made at run time.)
                        Expression::StringLiteral(s) if !s.lone_surrogates => return (self.str_const(s.value.as_str()), false),
                        Expression::NumericLiteral(n) => {
                            let s = perry_number_key(n.value);
                            return (self.str_const(&s), false);
                        }
                        Expression::BigIntLiteral(b) => return (self.str_const(b.value.as_str()), false),
                        _ => {}
                    }
                }
            }
        }
        let e = key.to_expression();
        let v = self.expr(e);
        (self.rt_check(Rt::perry_to_property_key, &[v]), true)
    }

    pub fn static_key_name(key: &PropertyKey) -> Option<String> {
        match key {
            PropertyKey::StaticIdentifier(id) => Some(id.name.as_str().to_string()),
            PropertyKey::StringLiteral(s) if !s.lone_surrogates => Some(s.value.as_str().to_string()),
            PropertyKey::NumericLiteral(n) => Some(perry_number_key(n.value)),
            PropertyKey::BigIntLiteral(b) => Some(b.value.as_str().to_string()),
            _ => None,
        }
    }

    /// `{ a: x, b: y }` with plain static keys: after the first evaluation the
    /// site knows the object's shape and allocates it directly, storing the
    /// values into the inline slots. Returns the object and its fields'
    /// values, held.
    pub fn shaped_literal(&mut self, o: &'static ObjectExpression<'static>) -> Option<(V, Vec<(String, Held)>)> {
        let names = crate::scalar::literal_field_names(o)?;
        let mut held = Vec::new();
        for (p, n) in o.properties.iter().zip(&names) {
            let ObjectPropertyKind::ObjectProperty(p) = p else { unreachable!() };
            let v = self.expr_named(&p.value, Some(n));
            held.push(self.hold(v));
        }
        let obj = self.shaped_object(&names, &held);
        Some((obj, names.into_iter().zip(held).collect()))
    }

    /// A plain object with data properties `names` (distinct, not indices or `__proto__`)
    /// holding the values `held`: allocated with its final shape once the site knows it
    /// (at most 16 fields), else defined one property at a time.
    pub fn shaped_object(&mut self, names: &[String], held: &[Held]) -> V {
        let res = self.new_var();
        let done = self.b.create_block();
        if !names.is_empty() && names.len() <= 16 {
            let site = self.c.new_site(LITERAL_SITE_SLOTS, super::SlotInit::Undefined);
            let cached = self.global_get(site + LITERAL_SITE_SHAPE);
            let fast = self.b.create_block();
            let slow = self.b.create_block();
            // The slot holds the raw shape pointer (reads as a number) once known:
            // nonzero and below the tags, in one unsigned compare.
            let less = self.b.ins().iadd_imm_s(cached, -1);
            let ok = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, less, (MIN_TAGGED - 1) as i64);
            self.b.ins().brif(ok, fast, &[], slow, &[]);
            self.b.switch_to_block(fast);
            // Inline bump allocation; the runtime call only when the space is full.
            // A plain object: no proto word (`OBJ_PLAIN_INLINE`). Its size is the site's: the
            // fields, and `LITERAL_SLACK` spare slots once the site's objects outgrew them.
            let base = self.data_addr(self.c.globals_data);
            let size = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, ((site + LITERAL_SITE_SIZE) * GLOBAL_SLOT_SIZE) as i32);
            let (obj, raw) = self.alloc_object_inline(
                size,
                KIND_OBJECT << HDR_KIND_SHIFT,
                |s, top| {
                    s.b.ins().store(MemFlagsData::trusted(), cached, top, OBJ_SHAPE);
                },
                |s| s.rt(Rt::perry_alloc_shaped, &[cached]),
            );
            for (i, h) in held.iter().enumerate() {
                let v = self.unhold(*h);
                self.store_fresh(raw, OBJ_PLAIN_INLINE + 8 * i as i32, v);
            }
            // The spare slots of a grown site (no safepoint before they hold a value).
            let exact = OBJ_PLAIN_INLINE as i64 + 8 * names.len() as i64;
            let grown = self.b.ins().icmp_imm_u(IntCC::NotEqual, size, exact);
            let spare = self.b.create_block();
            let filled = self.b.create_block();
            self.b.ins().brif(grown, spare, &[], filled, &[]);
            self.b.switch_to_block(spare);
            let undef = self.undef();
            for i in 0..LITERAL_SLACK as usize {
                self.store_fresh(raw, OBJ_PLAIN_INLINE + 8 * (names.len() + i) as i32, undef);
            }
            self.b.ins().jump(filled, &[]);
            self.b.switch_to_block(filled);
            self.def_var(res, obj);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(slow);
            // Exactly as many inline slots as fields; the runtime learns the shape and size.
            let obj = self.define_object(names, held, names.len());
            let ov = self.var_holding(obj);
            let site_addr = self.global_addr(site);
            self.rt(Rt::perry_literal_shape, &[obj, site_addr]);
            let obj = self.use_var(ov);
            self.def_var(res, obj);
        } else {
            let obj = self.define_object(names, held, names.len().clamp(2, 16));
            self.def_var(res, obj);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// A plain object with `slots` inline slots, made by defining data properties `names`
    /// with values `held`, in order.
    fn define_object(&mut self, names: &[String], held: &[Held], slots: usize) -> V {
        let n = self.iconst(slots as u64);
        let obj = self.rt(Rt::perry_new_object, &[n]);
        let ov = self.new_var();
        self.def_var(ov, obj);
        for (h, name) in held.iter().zip(names) {
            let k = self.str_const(name);
            let v = self.unhold(*h);
            let o = self.use_var(ov);
            let fl = self.iconst(0);
            self.rt(Rt::perry_define_prop, &[o, k, v, fl]);
        }
        self.use_var(ov)
    }

    /// The frame names of an object literal's functions, as V8 shows them:
    /// `Object.k`, `Object.f [as k]` for a function named `f`, and
    /// `get k [as k]` for an accessor.
    fn object_frame_names(&mut self, o: &'static ObjectExpression<'static>) {
        for p in &o.properties {
            let ObjectPropertyKind::ObjectProperty(p) = p else { continue };
            let Some(k) = (if p.computed { None } else { Self::static_key_name(&p.key) }) else { continue };
            let mut e = &p.value;
            while let Expression::ParenthesizedExpression(x) = e {
                e = &x.expression;
            }
            let (key, own) = match e {
                Expression::FunctionExpression(f) => (&**f as *const Function as usize, f.id.as_ref().map(|i| i.name.as_str())),
                Expression::ArrowFunctionExpression(a) => (&**a as *const ArrowFunctionExpression as usize, None),
                _ => continue,
            };
            let frame = match (p.kind, own) {
                (PropertyKind::Get, _) => format!("get {k} [as {k}]"),
                (PropertyKind::Set, _) => format!("set {k} [as {k}]"),
                (_, Some(f)) if f != k => format!("Object.{f} [as {k}]"),
                _ => format!("Object.{k}"),
            };
            self.c.frame_names.insert(key, frame);
        }
    }

    fn object_literal(&mut self, o: &'static ObjectExpression<'static>) -> V {
        self.object_frame_names(o);
        if let Some((v, _)) = self.shaped_literal(o) {
            return v;
        }
        let n = self.iconst(o.properties.len().clamp(2, 16) as u64);
        let obj = self.rt(Rt::perry_new_object, &[n]);
        let ov = self.new_var();
        self.def_var(ov, obj);
        for p in &o.properties {
            match p {
                ObjectPropertyKind::SpreadProperty(s) => {
                    let v = self.expr(&s.argument);
                    let o = self.use_var(ov);
                    self.rt_check(Rt::perry_object_spread, &[o, v]);
                }
                ObjectPropertyKind::ObjectProperty(p) => {
                    let (k, computed) = self.prop_key(&p.key, p.computed);
                    let kv = self.new_var();
                    self.def_var(kv, k);
                    let static_name = if p.computed { None } else { Self::static_key_name(&p.key) };
                    let v = match (&p.value, p.kind) {
                        (Expression::FunctionExpression(f), _) if p.method || p.kind != PropertyKind::Init => {
                            let key = &**f as *const Function as usize;
                            let nm = static_name.clone().unwrap_or_default();
                            let nm = match p.kind {
                                PropertyKind::Get => format!("get {nm}"),
                                PropertyKind::Set => format!("set {nm}"),
                                _ => nm,
                            };
                            self.c.method_src.insert(key, (p.span.start, p.span.end));
                            let clo = self.make_closure(key, FnBody::Function(f), &nm, fn_length(&f.params));
                            let o = self.use_var(ov);
                            self.rt(Rt::perry_set_home, &[clo, o]);
                            clo
                        }
                        _ => self.expr_named(&p.value, static_name.as_deref()),
                    };
                    let mut flags = match p.kind {
                        PropertyKind::Get => 1,
                        PropertyKind::Set => 2,
                        PropertyKind::Init => 0,
                    };
                    if computed {
                        flags |= 16 | 8;
                    }
                    if !p.computed && !p.shorthand && !p.method && static_name.as_deref() == Some("__proto__") {
                        flags |= 32;
                    }
                    let fl = self.iconst(flags);
                    let o = self.use_var(ov);
                    let k = self.use_var(kv);
                    self.rt(Rt::perry_define_prop, &[o, k, v, fl]);
                }
            }
        }
        self.use_var(ov)
    }

    // ----- operators -----

    fn unary(&mut self, u: &'static UnaryExpression<'static>) -> V {
        match u.operator {
            UnaryOperator::Typeof => {
                if let Expression::Identifier(id) = &u.argument
                    && id
                        .reference_id
                        .get()
                        .and_then(|r| self.scoping().get_reference(r).symbol_id())
                        .is_none_or(|s| self.scoping().symbol_flags(s).contains(SymbolFlags::Ambient))
                    && !matches!(id.name.as_str(), "undefined" | "NaN" | "Infinity" | "arguments")
                {
                    let a = self.atom(id.name.as_str());
                    return self.rt_check(Rt::perry_global_typeof, &[a]);
                }
                let v = self.expr(&u.argument);
                self.rt(Rt::perry_typeof, &[v])
            }
            UnaryOperator::Void => {
                self.expr(&u.argument);
                self.undef()
            }
            UnaryOperator::LogicalNot => {
                let v = self.expr(&u.argument);
                let t = self.truthy(v);
                let f = self.iconst(FALSE);
                let tr = self.iconst(TRUE);
                self.b.ins().select(t, f, tr)
            }
            UnaryOperator::UnaryNegation => {
                let v = self.expr(&u.argument);
                self.num_unary(v, Rt::perry_neg, |fc, f| fc.b.ins().fneg(f))
            }
            UnaryOperator::UnaryPlus => {
                let v = self.expr(&u.argument);
                self.num_unary(v, Rt::perry_to_number, |_, f| f)
            }
            UnaryOperator::BitwiseNot => {
                let v = self.expr(&u.argument);
                self.num_unary(v, Rt::perry_bnot, |fc, f| {
                    let x = fc.i32_of_num(f);
                    let n = fc.b.ins().bnot(x);
                    fc.b.ins().fcvt_from_sint(types::F64, n)
                })
            }
            UnaryOperator::Delete => match &u.argument {
                Expression::StaticMemberExpression(m) => {
                    let o = self.expr(&m.object);
                    let k = self.str_const(m.property.name.as_str());
                    self.rt_check(Rt::perry_delete, &[o, k])
                }
                Expression::ComputedMemberExpression(m) => {
                    let o = self.expr(&m.object);
                    let k = self.expr(&m.expression);
                    self.rt_check(Rt::perry_delete, &[o, k])
                }
                Expression::ChainExpression(c) => {
                    // `delete a?.b`: true when the chain short-circuits.
                    let Some(m) = c.expression.as_member_expression() else {
                        self.c.unsupported(self.module, u.span.start, "delete of this optional chain");
                        return self.undef();
                    };
                    let exit = self.b.create_block();
                    let res = self.new_var();
                    self.chain.push((exit, res));
                    let (o, k) = match m {
                        MemberExpression::StaticMemberExpression(x) => {
                            let o = self.expr(&x.object);
                            if x.optional {
                                self.chain_guard(o);
                            }
                            let ov = self.new_var();
                            self.def_var(ov, o);
                            let k = self.str_const(x.property.name.as_str());
                            (self.use_var(ov), k)
                        }
                        MemberExpression::ComputedMemberExpression(x) => {
                            let o = self.expr(&x.object);
                            if x.optional {
                                self.chain_guard(o);
                            }
                            let ov = self.new_var();
                            self.def_var(ov, o);
                            let k = self.expr(&x.expression);
                            (self.use_var(ov), k)
                        }
                        MemberExpression::PrivateFieldExpression(p) => {
                            self.c.unsupported(self.module, p.span.start, "delete of a private field");
                            self.chain.pop();
                            return self.undef();
                        }
                    };
                    let r = self.rt_check(Rt::perry_delete, &[o, k]);
                    self.chain.pop();
                    self.def_var(res, r);
                    self.jump(exit);
                    self.switch_to(exit);
                    let v = self.use_var(res);
                    // A short-circuited chain leaves undefined in `res`: that is `true`.
                    let isu = self.b.ins().icmp_imm_u(IntCC::Equal, v, UNDEFINED as i64);
                    let t = self.iconst(TRUE);
                    self.b.ins().select(isu, t, v)
                }
                other => {
                    self.expr(other);
                    self.iconst(TRUE)
                }
            },
        }
    }

    pub(crate) fn num_unary(&mut self, v: V, slow: Rt, fast: impl Fn(&mut Self, V) -> V) -> V {
        if self.known_num(v) {
            let f = self.f64_of(v);
            let r = fast(self, f);
            return self.val_of_f64(r);
        }
        let res = self.new_var();
        let isn = self.is_number(v);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(isn, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let f = self.f64_of(v);
        let r = fast(self, f);
        let r = self.val_of_f64(r);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(sb);
        let r = self.rt_check(slow, &[v]);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    fn binary(&mut self, b: &'static BinaryExpression<'static>) -> V {
        if b.operator == BinaryOperator::In
            && let Expression::PrivateInExpression(_) = &b.left
        {
            return self.expr(&b.left);
        }
        if self.is_num_expr(&b.left) && self.is_num_expr(&b.right) {
            use BinaryOperator as B;
            let direct = matches!(b.operator, B::Addition | B::Subtraction | B::Multiplication | B::Division | B::Remainder);
            let cmp = match b.operator {
                B::LessThan => Some(FloatCC::LessThan),
                B::LessEqualThan => Some(FloatCC::LessThanOrEqual),
                B::GreaterThan => Some(FloatCC::GreaterThan),
                B::GreaterEqualThan => Some(FloatCC::GreaterThanOrEqual),
                B::StrictEquality | B::Equality => Some(FloatCC::Equal),
                B::StrictInequality | B::Inequality => Some(FloatCC::NotEqual),
                _ => None,
            };
            if direct || cmp.is_some() {
                let l = self.expr_f64(&b.left);
                let lv = self.declare(types::F64);
                self.def_var(lv, l);
                let r = self.expr_f64(&b.right);
                let l = self.use_var(lv);
                if let Some(cc) = cmp {
                    let c = self.fcmp_ints(cc, l, r);
                    return self.bool_val(c);
                }
                let f = self.f64_op(b.operator, l, r);
                return self.val_of_f64(f);
            }
        }
        let l = self.expr(&b.left);
        let lh = self.hold(l);
        let r = self.expr(&b.right);
        let l = self.unhold(lh);
        self.set_pos(b.span.start);
        self.binop(b.operator, l, r)
    }

    /// A statically number-typed expression as an f64.
    pub fn expr_f64(&mut self, e: &'static Expression<'static>) -> V {
        match e {
            Expression::NumericLiteral(n) => return self.b.ins().f64const(n.value),
            Expression::ParenthesizedExpression(p) => return self.expr_f64(&p.expression),
            Expression::Identifier(id) => {
                if let Some(s) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
                    && let Some(f) = self.read_num(s)
                {
                    return f;
                }
            }
            Expression::BinaryExpression(b)
                if self.is_num_expr(&b.left)
                    && self.is_num_expr(&b.right)
                    && matches!(
                        b.operator,
                        BinaryOperator::Addition
                            | BinaryOperator::Subtraction
                            | BinaryOperator::Multiplication
                            | BinaryOperator::Division
                            | BinaryOperator::Remainder
                    ) =>
            {
                let l = self.expr_f64(&b.left);
                let lv = self.declare(types::F64);
                self.def_var(lv, l);
                let r = self.expr_f64(&b.right);
                let l = self.use_var(lv);
                return self.f64_op(b.operator, l, r);
            }
            _ => {}
        }
        let v = self.expr(e);
        self.f64_of(v)
    }

    /// `a + b` or `a - b` on doubles. When both were just made from
    /// integers narrow enough that the result is exact in a double, the
    /// operation is integer arithmetic, so that a later bitwise operator
    /// reads the integer back without a conversion (see `int_source`).
    pub fn add_sub_f64(&mut self, sub: bool, a: V, b: V) -> V {
        if let (Some((x, bx, nx)), Some((y, by, ny))) = (self.int_source(a), self.int_source(b))
            && bx.max(by) < 53
        {
            let r = if sub { self.b.ins().isub(x, y) } else { self.b.ins().iadd(x, y) };
            let f = self.b.ins().fcvt_from_sint(types::F64, r);
            self.int_bits.insert(r, (bx.max(by) + 1, !sub && nx && ny));
            return f;
        }
        if sub { self.b.ins().fsub(a, b) } else { self.b.ins().fadd(a, b) }
    }

    /// `a * b` on doubles: integer multiplication when both were just made
    /// from non-negative integers (no -0) whose product is exact in a double.
    pub fn mul_f64(&mut self, a: V, b: V) -> V {
        if let (Some((x, bx, true)), Some((y, by, true))) = (self.int_source(a), self.int_source(b))
            && bx + by <= 53
        {
            let r = self.b.ins().imul(x, y);
            let f = self.b.ins().fcvt_from_sint(types::F64, r);
            self.int_bits.insert(r, (bx + by, true));
            return f;
        }
        self.b.ins().fmul(a, b)
    }

    fn f64_op(&mut self, op: BinaryOperator, l: V, r: V) -> V {
        match op {
            BinaryOperator::Addition => self.add_sub_f64(false, l, r),
            BinaryOperator::Subtraction => self.add_sub_f64(true, l, r),
            BinaryOperator::Multiplication => self.mul_f64(l, r),
            BinaryOperator::Division => self.div_f64(l, r),
            _ => self.fmod_inline(l, r),
        }
    }

    /// `l / r` on f64s. By a constant power of two it is a multiplication
    /// by the reciprocal, which is exact (the same rounding of the same real
    /// value, subnormal results included) and much faster than a division.
    fn div_f64(&mut self, l: V, r: V) -> V {
        use cranelift_codegen::ir::InstructionData;
        let dfg = &self.b.func.dfg;
        if let Some(inst) = dfg.value_def(r).inst()
            && let InstructionData::UnaryIeee64 { imm, .. } = dfg.insts[inst]
        {
            let c = f64::from_bits(imm.bits());
            let recip = 1.0 / c;
            // A power of two whose reciprocal is a normal power of two.
            if c.is_finite() && c != 0.0 && c.abs().to_bits() & ((1u64 << 52) - 1) == 0 && recip.is_normal() {
                let k = self.b.ins().f64const(recip);
                return self.b.ins().fmul(l, k);
            }
        }
        self.b.ins().fdiv(l, r)
    }

    pub fn binop(&mut self, op: BinaryOperator, l: V, r: V) -> V {
        use BinaryOperator as B;
        match op {
            B::Addition => self.arith(l, r, |fc, a, b| fc.add_sub_f64(false, a, b), Slow::Add),
            B::Subtraction => self.arith(l, r, |fc, a, b| fc.add_sub_f64(true, a, b), Slow::Num(0)),
            B::Multiplication => self.arith(l, r, |fc, a, b| fc.mul_f64(a, b), Slow::Num(1)),
            B::Division => self.arith(l, r, |fc, a, b| fc.div_f64(a, b), Slow::Num(2)),
            B::Remainder => self.arith(l, r, |fc, a, b| fc.fmod_inline(a, b), Slow::Num(3)),
            B::Exponential => self.arith(
                l,
                r,
                |fc, a, b| {
                    let fref = fc.func_ref(fc.c.rt_id(Rt::perry_pow));
                    let call = fc.b.ins().call(fref, &[a, b]);
                    fc.b.inst_results(call)[0]
                },
                Slow::Num(4),
            ),
            B::BitwiseAnd => self.bitop(l, r, 5),
            B::BitwiseOR => self.bitop(l, r, 6),
            B::BitwiseXOR => self.bitop(l, r, 7),
            B::ShiftLeft => self.bitop(l, r, 8),
            B::ShiftRight => self.bitop(l, r, 9),
            B::ShiftRightZeroFill => self.bitop(l, r, 10),
            B::LessThan => self.compare(l, r, FloatCC::LessThan, 0),
            B::LessEqualThan => self.compare(l, r, FloatCC::LessThanOrEqual, 1),
            B::GreaterThan => self.compare(l, r, FloatCC::GreaterThan, 2),
            B::GreaterEqualThan => self.compare(l, r, FloatCC::GreaterThanOrEqual, 3),
            B::StrictEquality => {
                let c = self.strict_eq(l, r);
                self.bool_val(c)
            }
            B::StrictInequality => {
                let c = self.strict_eq(l, r);
                let f = self.iconst(FALSE);
                let t = self.iconst(TRUE);
                self.b.ins().select(c, f, t)
            }
            B::Equality | B::Inequality => {
                let res = self.new_var();
                let both = self.both_numbers(l, r);
                let fb = self.b.create_block();
                let sb = self.b.create_block();
                let done = self.b.create_block();
                self.b.ins().brif(both, fb, &[], sb, &[]);
                self.b.switch_to_block(fb);
                let a = self.f64_of(l);
                let c = self.f64_of(r);
                let eq = self.b.ins().fcmp(FloatCC::Equal, a, c);
                let v = self.bool_val(eq);
                self.def_var(res, v);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(sb);
                let v = self.rt_check(Rt::perry_loose_eq, &[l, r]);
                self.def_var(res, v);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(done);
                let v = self.use_var(res);
                if op == B::Inequality { self.b.ins().bxor_imm_u(v, 1) } else { v }
            }
            B::In => self.rt_check(Rt::perry_in, &[l, r]),
            B::Instanceof => self.rt_check(Rt::perry_instanceof, &[l, r]),
        }
    }

    /// `a % b` on doubles: integer remainder when both are exact integers
    /// below 2^53 (the result takes the dividend's sign, so -7 % 7 is -0),
    /// else fmod.
    /// `x` (an f64) as an i64, and whether that is exact with |x| < 2^53
    /// (an integral number whose remainder 64-bit `srem` computes).
    fn exact_int(&mut self, x: V) -> (V, V) {
        let i = self.b.ins().fcvt_to_sint_sat(types::I64, x);
        let back = self.b.ins().fcvt_from_sint(types::F64, i);
        let exact = self.b.ins().fcmp(FloatCC::Equal, back, x);
        let lim = self.b.ins().f64const(9007199254740992.0);
        let ax = self.b.ins().fabs(x);
        let small = self.b.ins().fcmp(FloatCC::LessThan, ax, lim);
        (i, self.b.ins().band(exact, small))
    }

    fn fmod_inline(&mut self, a: V, b: V) -> V {
        // An integer dividend (a loop counter, a bitwise result) and a
        // constant integer divisor: integer remainder, no checks.
        if let Some(d) = self.f64_const_of(b)
            && d.fract() == 0.0
            && d != 0.0
            && d.abs() < 2147483648.0
            && let Some((x, bits, nonneg)) = self.int_source(a)
        {
            let dc = self.b.ins().iconst(types::I64, d.abs() as i64);
            let r = self.b.ins().srem(x, dc);
            let rf = self.b.ins().fcvt_from_sint(types::F64, r);
            if nonneg {
                self.int_bits.insert(r, (bits.min(64 - (d.abs() as u64).leading_zeros()), true));
                return rf;
            }
            // The remainder takes the dividend's sign (-7 % 7 is -0).
            return self.b.ins().fcopysign(rf, a);
        }
        // A constant integer divisor (the common `i % 7`): 32-bit remainder.
        if let Some(d) = self.f64_const_of(b)
            && d.fract() == 0.0
            && d != 0.0
            && d.abs() < 2147483648.0
        {
            let res = self.declare(types::F64);
            let ai = self.b.ins().fcvt_to_sint_sat(types::I32, a);
            let af = self.b.ins().fcvt_from_sint(types::F64, ai);
            let exact = self.b.ins().fcmp(FloatCC::Equal, af, a);
            let fast = self.b.create_block();
            let slow = self.b.create_block();
            let done = self.b.create_block();
            self.b.ins().brif(exact, fast, &[], slow, &[]);
            self.b.switch_to_block(fast);
            // |a| mod |d| by multiplication with a rounded-up reciprocal:
            // M = ceil(2^k / d) with k = 32 + ceil(log2 d) is exact for every
            // |a| < 2^31 (Hacker's Delight, 10-4); the sign comes from `a`.
            let dabs = d.abs() as u64;
            let r = if dabs == 1 {
                self.b.ins().iconst(types::I64, 0)
            } else {
                let l = 64 - (dabs - 1).leading_zeros() as u64;
                let k = 32 + l;
                let m = ((1u128 << k) / dabs as u128 + 1) as u64;
                let a64 = self.b.ins().sextend(types::I64, ai);
                let ua = self.b.ins().iabs(a64);
                let mc = self.b.ins().iconst(types::I64, m as i64);
                let p = self.b.ins().imul(ua, mc);
                let q = self.b.ins().ushr_imm_u(p, k as i64);
                let dc = self.b.ins().iconst(types::I64, dabs as i64);
                let qd = self.b.ins().imul(q, dc);
                self.b.ins().isub(ua, qd)
            };
            // The remainder takes the dividend's sign (so -7 % 7 is -0).
            let rf = self.b.ins().fcvt_from_sint(types::F64, r);
            // The sign bit of `a` (so -0 % 7 is -0 too).
            let abits = self.b.ins().bitcast(types::I64, MemFlagsData::new(), a);
            let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, abits, 0);
            let negb = self.b.create_block();
            self.def_var(res, rf);
            self.b.ins().brif(neg, negb, &[], done, &[]);
            self.b.switch_to_block(negb);
            let nf = self.b.ins().fneg(rf);
            self.def_var(res, nf);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(slow);
            // An integral dividend beyond 32 bits but below 2^53 in
            // magnitude (an LCG's `x * 48271`): a 64-bit remainder.
            let (a64, ok) = self.exact_int(a);
            let wide = self.b.create_block();
            let libm = self.b.create_block();
            self.b.ins().brif(ok, wide, &[], libm, &[]);
            self.b.switch_to_block(wide);
            let dc = self.b.ins().iconst(types::I64, dabs as i64);
            let r = self.b.ins().srem(a64, dc);
            let rf = self.b.ins().fcvt_from_sint(types::F64, r);
            // The remainder takes the dividend's sign (-0 too).
            let rf = self.b.ins().fcopysign(rf, a);
            self.def_var(res, rf);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(libm);
            // A register-preserving call: the loop around keeps its registers.
            let slot = self.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(cranelift_codegen::ir::StackSlotKind::ExplicitSlot, 8, 3));
            let out = self.b.ins().stack_addr(types::I64, slot, 0);
            let fref = self.func_ref(self.c.rt_id(Rt::perry_fmod_preserve));
            self.b.ins().call(fref, &[a, b, out]);
            let r = self.b.ins().load(types::F64, MemFlagsData::trusted(), out, 0);
            self.def_var(res, r);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
            return self.use_var(res);
        }
        let res = self.declare(types::F64);
        let (ai, oka) = self.exact_int(a);
        let (bi, okb) = self.exact_int(b);
        let nz = self.b.ins().icmp_imm_u(IntCC::NotEqual, bi, 0);
        let ok = self.b.ins().band(oka, okb);
        let ok = self.b.ins().band(ok, nz);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let r = self.b.ins().srem(ai, bi);
        let rf = self.b.ins().fcvt_from_sint(types::F64, r);
        let rf = self.b.ins().fcopysign(rf, a);
        self.def_var(res, rf);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        let fref = self.func_ref(self.c.rt_id(Rt::perry_fmod));
        let call = self.b.ins().call(fref, &[a, b]);
        let r = self.b.inst_results(call)[0];
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// The constant an f64 SSA value was created with, if it is one.
    fn f64_const_of(&self, v: V) -> Option<f64> {
        let dfg = &self.b.func.dfg;
        let inst = dfg.value_def(v).inst()?;
        match dfg.insts[inst] {
            cranelift_codegen::ir::InstructionData::UnaryIeee64 { imm, .. } => Some(f64::from_bits(imm.bits())),
            _ => None,
        }
    }

    /// An expression evaluated for its truth value (an i8 condition), without
    /// materialising booleans for comparisons and logical operators.
    pub fn cond(&mut self, e: &'static Expression<'static>) -> V {
        use BinaryOperator as B;
        match e {
            Expression::ParenthesizedExpression(p) => self.cond(&p.expression),
            Expression::UnaryExpression(u) if u.operator == UnaryOperator::LogicalNot => {
                let c = self.cond(&u.argument);
                self.b.ins().bxor_imm_u(c, 1)
            }
            Expression::BinaryExpression(b)
                if matches!(b.operator, B::LessThan | B::LessEqualThan | B::GreaterThan | B::GreaterEqualThan | B::StrictEquality | B::StrictInequality)
                    && self.is_num_expr(&b.left)
                    && self.is_num_expr(&b.right) =>
            {
                let l = self.expr_f64(&b.left);
                let lv = self.declare(types::F64);
                self.def_var(lv, l);
                let r = self.expr_f64(&b.right);
                let l = self.use_var(lv);
                let cc = match b.operator {
                    B::LessThan => FloatCC::LessThan,
                    B::LessEqualThan => FloatCC::LessThanOrEqual,
                    B::GreaterThan => FloatCC::GreaterThan,
                    B::GreaterEqualThan => FloatCC::GreaterThanOrEqual,
                    B::StrictEquality => FloatCC::Equal,
                    _ => FloatCC::NotEqual,
                };
                self.fcmp_ints(cc, l, r)
            }
            Expression::BinaryExpression(b)
                if matches!(b.operator, B::LessThan | B::LessEqualThan | B::GreaterThan | B::GreaterEqualThan | B::StrictEquality | B::StrictInequality) =>
            {
                let l = self.expr(&b.left);
                let lh = self.hold(l);
                let r = self.expr(&b.right);
                let l = self.unhold(lh);
                self.set_pos(b.span.start);
                match b.operator {
                    B::StrictEquality => self.strict_eq(l, r),
                    B::StrictInequality => {
                        let c = self.strict_eq(l, r);
                        self.b.ins().bxor_imm_u(c, 1)
                    }
                    op => {
                        let (cc, code) = match op {
                            B::LessThan => (FloatCC::LessThan, 0),
                            B::LessEqualThan => (FloatCC::LessThanOrEqual, 1),
                            B::GreaterThan => (FloatCC::GreaterThan, 2),
                            _ => (FloatCC::GreaterThanOrEqual, 3),
                        };
                        self.compare_cond(l, r, cc, code)
                    }
                }
            }
            Expression::LogicalExpression(l) if l.operator != LogicalOperator::Coalesce => {
                let res = self.declare(types::I8);
                let c = self.cond(&l.left);
                self.def_var(res, c);
                let rhs = self.b.create_block();
                let done = self.b.create_block();
                if l.operator == LogicalOperator::And {
                    self.b.ins().brif(c, rhs, &[], done, &[]);
                } else {
                    self.b.ins().brif(c, done, &[], rhs, &[]);
                }
                self.b.switch_to_block(rhs);
                let c2 = self.cond(&l.right);
                self.ensure_open();
                self.def_var(res, c2);
                self.jump(done);
                self.switch_to(done);
                self.use_var(res)
            }
            _ => {
                let v = self.expr(e);
                self.truthy(v)
            }
        }
    }

    /// Branches to `yes` or `no` on an expression's truth value. Logical
    /// operators and relational comparisons branch directly on compare flags,
    /// so no boolean is merged through a variable on the hot path.
    pub fn cond_branch(&mut self, e: &'static Expression<'static>, yes: Block, no: Block) {
        use BinaryOperator as B;
        match e {
            Expression::ParenthesizedExpression(p) => self.cond_branch(&p.expression, yes, no),
            Expression::UnaryExpression(u) if u.operator == UnaryOperator::LogicalNot => self.cond_branch(&u.argument, no, yes),
            Expression::LogicalExpression(l) if l.operator != LogicalOperator::Coalesce => {
                let mid = self.b.create_block();
                if l.operator == LogicalOperator::And {
                    self.cond_branch(&l.left, mid, no);
                } else {
                    self.cond_branch(&l.left, yes, mid);
                }
                self.b.switch_to_block(mid);
                self.terminated = false;
                self.cond_branch(&l.right, yes, no);
            }
            Expression::BinaryExpression(b)
                if matches!(b.operator, B::LessThan | B::LessEqualThan | B::GreaterThan | B::GreaterEqualThan)
                    && !(self.is_num_expr(&b.left) && self.is_num_expr(&b.right)) =>
            {
                let l = self.expr(&b.left);
                let lh = self.hold(l);
                let r = self.expr(&b.right);
                let l = self.unhold(lh);
                self.set_pos(b.span.start);
                let (cc, code) = match b.operator {
                    B::LessThan => (FloatCC::LessThan, 0),
                    B::LessEqualThan => (FloatCC::LessThanOrEqual, 1),
                    B::GreaterThan => (FloatCC::GreaterThan, 2),
                    _ => (FloatCC::GreaterThanOrEqual, 3),
                };
                let both = self.both_numbers(l, r);
                let fb = self.b.create_block();
                let sb = self.b.create_block();
                self.b.ins().brif(both, fb, &[], sb, &[]);
                self.b.switch_to_block(fb);
                let a = self.f64_of(l);
                let c = self.f64_of(r);
                let x = self.b.ins().fcmp(cc, a, c);
                self.b.ins().brif(x, yes, &[], no, &[]);
                self.b.switch_to_block(sb);
                self.cold_here();
                let o = self.iconst(code);
                let v = self.rt_check(Rt::perry_compare, &[o, l, r]);
                let x = self.b.ins().icmp_imm_u(IntCC::Equal, v, TRUE as i64);
                self.b.ins().brif(x, yes, &[], no, &[]);
            }
            _ => {
                let c = self.cond(e);
                self.ensure_open();
                self.b.ins().brif(c, yes, &[], no, &[]);
            }
        }
        self.terminated = true;
    }

    /// A relational comparison as an i8 condition (numbers inline).
    pub(crate) fn compare_cond(&mut self, l: V, r: V, cc: FloatCC, op: u64) -> V {
        if self.known_num(l) && self.known_num(r) {
            let (a, c) = (self.f64_of(l), self.f64_of(r));
            return self.fcmp_ints(cc, a, c);
        }
        let res = self.declare(types::I8);
        let both = self.both_numbers(l, r);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(both, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let a = self.f64_of(l);
        let c = self.f64_of(r);
        let x = self.b.ins().fcmp(cc, a, c);
        self.def_var(res, x);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(sb);
        self.cold_here();
        let o = self.iconst(op);
        let v = self.rt_check(Rt::perry_compare, &[o, l, r]);
        let x = self.b.ins().icmp_imm_u(IntCC::Equal, v, TRUE as i64);
        self.def_var(res, x);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// `a cc c` on two numbers; when both were just made from integers
    /// (`int_source`: integer locals, integer constants, bitwise results),
    /// the integers are compared (the same answer: both are exact).
    fn fcmp_ints(&mut self, cc: FloatCC, a: V, c: V) -> V {
        let icc = match cc {
            FloatCC::Equal => IntCC::Equal,
            FloatCC::NotEqual => IntCC::NotEqual,
            FloatCC::LessThan => IntCC::SignedLessThan,
            FloatCC::LessThanOrEqual => IntCC::SignedLessThanOrEqual,
            FloatCC::GreaterThan => IntCC::SignedGreaterThan,
            FloatCC::GreaterThanOrEqual => IntCC::SignedGreaterThanOrEqual,
            _ => return self.b.ins().fcmp(cc, a, c),
        };
        if let (Some((x, _, _)), Some((y, _, _))) = (self.int_source(a), self.int_source(c)) {
            return self.b.ins().icmp(icc, x, y);
        }
        self.b.ins().fcmp(cc, a, c)
    }

    /// `===` as an i8 condition.
    pub fn strict_eq(&mut self, l: V, r: V) -> V {
        // Against a number by construction, the other side is equal only when
        // it is a number of the same value.
        let vs_number = self.known_num(l) || self.known_num(r);
        if self.known_num(l) && self.known_num(r) {
            let a = self.f64_of(l);
            let c = self.f64_of(r);
            return self.b.ins().fcmp(FloatCC::Equal, a, c);
        }
        let res = self.declare(types::I8);
        let both = self.both_numbers(l, r);
        let fb = self.b.create_block();
        let other = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(both, fb, &[], other, &[]);
        self.b.switch_to_block(fb);
        let a = self.f64_of(l);
        let c = self.f64_of(r);
        let eq = self.b.ins().fcmp(FloatCC::Equal, a, c);
        self.def_var(res, eq);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(other);
        if vs_number {
            let no = self.b.ins().iconst(types::I8, 0);
            self.def_var(res, no);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
            return self.use_var(res);
        }
        let strs = self.b.create_block();
        let bits = self.b.create_block();
        let tl = self.tag_of(l);
        let tr = self.tag_of(r);
        let sl = self.b.ins().icmp_imm_u(IntCC::Equal, tl, TAG_STRING as i64);
        let sr = self.b.ins().icmp_imm_u(IntCC::Equal, tr, TAG_STRING as i64);
        let both_s = self.b.ins().band(sl, sr);
        self.b.ins().brif(both_s, strs, &[], bits, &[]);
        // Two strings: the same cell is equal, different lengths are not
        // (every string kind keeps its length at `STR_LEN`); else the runtime
        // compares the units.
        self.b.switch_to_block(strs);
        let same = self.b.ins().icmp(IntCC::Equal, l, r);
        self.def_var(res, same);
        let cmp_len = self.b.create_block();
        let units = self.b.create_block();
        self.b.ins().brif(same, done, &[], cmp_len, &[]);
        self.b.switch_to_block(cmp_len);
        let pl = self.ptr_of(l);
        let pr = self.ptr_of(r);
        let ll = self.b.ins().uload32(MemFlagsData::trusted(), pl, STR_LEN);
        let lr = self.b.ins().uload32(MemFlagsData::trusted(), pr, STR_LEN);
        let same_len = self.b.ins().icmp(IntCC::Equal, ll, lr);
        self.def_var(res, same_len);
        let first = self.b.create_block();
        self.b.ins().brif(same_len, first, &[], done, &[]);
        // Different first units (of flat strings) are unequal.
        self.b.switch_to_block(first);
        let zero = self.iconst(0);
        let ul = self.string_unit(l, zero, units);
        let ur = self.string_unit(r, zero, units);
        let same_first = self.b.ins().icmp(IntCC::Equal, ul, ur);
        self.def_var(res, same_first);
        self.b.ins().brif(same_first, units, &[], done, &[]);
        self.b.switch_to_block(units);
        let v = self.rt(Rt::perry_strict_eq, &[l, r]);
        let c = self.b.ins().icmp_imm_u(IntCC::Equal, v, TRUE as i64);
        self.def_var(res, c);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(bits);
        let c = self.b.ins().icmp(IntCC::Equal, l, r);
        self.def_var(res, c);
        // Two different cells may be equal BigInts: compared by value.
        let differ = self.b.create_block();
        let cells = self.b.create_block();
        let big = self.b.create_block();
        self.b.ins().brif(c, done, &[], differ, &[]);
        self.b.switch_to_block(differ);
        let ol = self.b.ins().icmp_imm_u(IntCC::Equal, tl, TAG_OBJECT as i64);
        let or = self.b.ins().icmp_imm_u(IntCC::Equal, tr, TAG_OBJECT as i64);
        let both_o = self.b.ins().band(ol, or);
        self.b.ins().brif(both_o, cells, &[], done, &[]);
        self.b.switch_to_block(cells);
        let k = self.cell_kind(l);
        let isb = self.b.ins().icmp_imm_u(IntCC::Equal, k, KIND_BIGINT as i64);
        self.b.ins().brif(isb, big, &[], done, &[]);
        self.b.switch_to_block(big);
        let v = self.rt(Rt::perry_strict_eq, &[l, r]);
        let c = self.b.ins().icmp_imm_u(IntCC::Equal, v, TRUE as i64);
        self.def_var(res, c);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    fn arith(&mut self, l: V, r: V, fast: impl Fn(&mut Self, V, V) -> V, slow: Slow) -> V {
        if self.known_num(l) && self.known_num(r) {
            let (a, c) = (self.f64_of(l), self.f64_of(r));
            let x = fast(self, a, c);
            return self.val_of_f64(x);
        }
        if let Slow::Num(op) = slow
            && (self.known_num(l) || self.known_num(r))
        {
            return self.arith_one_number(l, r, fast, op);
        }
        let res = self.new_var();
        let both = self.both_numbers(l, r);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(both, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let a = self.f64_of(l);
        let c = self.f64_of(r);
        let x = fast(self, a, c);
        let x = self.val_of_f64(x);
        self.def_var(res, x);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(sb);
        self.cold_here();
        let v = match slow {
            Slow::Add => self.rt_check(Rt::perry_add, &[l, r]),
            Slow::Num(op) => {
                let o = self.iconst(op);
                self.rt_check(Rt::perry_numop, &[o, l, r])
            }
        };
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// `fast` when `l` and `r` are both numbers, else the runtime's `rt(op, l, r)` made into the
    /// same form by `from_rt` (a cold path); the two meet in a variable of type `ty` (an `I64`
    /// one holds JS values: a GC variable, since the runtime may return a BigInt).
    #[allow(clippy::too_many_arguments)]
    fn number_paths(&mut self, l: V, r: V, ty: types::Type, rt: Rt, op: u64, fast: impl FnOnce(&mut Self) -> V, from_rt: impl FnOnce(&mut Self, V) -> V) -> V {
        let res = if ty == types::I64 { self.new_var() } else { self.declare(ty) };
        let both = self.both_numbers(l, r);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(both, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let x = fast(self);
        self.def_var(res, x);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(sb);
        self.cold_here();
        let o = self.iconst(op);
        let v = self.rt_check(rt, &[o, l, r]);
        let x = from_rt(self, v);
        self.def_var(res, x);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// `l op r` for an operator other than `+` with one side a number by construction: the
    /// result is a number whatever the other side is (a BigInt there throws: the operators do
    /// not mix them), so both paths meet in an f64 and the result stays known to be a number.
    fn arith_one_number(&mut self, l: V, r: V, fast: impl Fn(&mut Self, V, V) -> V, op: u64) -> V {
        let x = self.number_paths(
            l,
            r,
            types::F64,
            Rt::perry_numop,
            op,
            |fc| {
                let (a, c) = (fc.f64_of(l), fc.f64_of(r));
                fast(fc, a, c)
            },
            |fc, v| fc.b.ins().bitcast(types::F64, MemFlagsData::new(), v),
        );
        self.val_of_f64(x)
    }

    /// The runtime's `l op r` on values for an arithmetic operator (`+`
    /// through `perry_add`, the others through `perry_numop`).
    fn values_op(&mut self, op: BinaryOperator, l: V, r: V) -> V {
        let code = match op {
            BinaryOperator::Addition => return self.rt_check(Rt::perry_add, &[l, r]),
            BinaryOperator::Subtraction => 0,
            BinaryOperator::Multiplication => 1,
            BinaryOperator::Division => 2,
            BinaryOperator::Remainder => 3,
            _ => 4,
        };
        let c = self.iconst(code);
        self.rt_check(Rt::perry_numop, &[c, l, r])
    }

    /// A probable-number local's `cur op= x` on its f64 `fv` (both known
    /// numbers here): the new f64, its value into `res`, then to `done`.
    fn spec_apply(&mut self, op: BinaryOperator, fv: Variable, xf: V, res: Variable, done: Block) {
        let cur = self.use_var(fv);
        let f = self.f64_op(op, cur, xf);
        self.def_var(fv, f);
        let v = self.val_of_f64(f);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
    }

    /// Bitwise operators on ToInt32 of both sides. Numbers take the inline
    /// path (operands that were just made from integers need no conversion
    /// at all, see [`Self::i32_of_num`]); anything else (BigInt, objects)
    /// calls the runtime.
    fn bitop(&mut self, l: V, r: V, op: u64) -> V {
        if self.known_num(l) && self.known_num(r) {
            return self.bitop_nums(l, r, op);
        }
        if self.known_num(l) || self.known_num(r) {
            return self.bitop_one_number(l, r, op);
        }
        self.number_paths(l, r, types::I64, Rt::perry_numop, op, |fc| fc.bitop_nums(l, r, op), |_, v| v)
    }

    /// A bitwise operator with one side a number by construction (`x | 0`, `x & 3`): the result
    /// is an int32 (a uint32 for `>>>`) whatever the other side is (a BigInt there throws), so
    /// both paths meet in an integer and later integer uses take it with no conversion.
    fn bitop_one_number(&mut self, l: V, r: V, op: u64) -> V {
        let out = self.number_paths(
            l,
            r,
            types::I32,
            Rt::perry_numop,
            op,
            |fc| {
                let (ai, ci) = (fc.i32_of_num(l), fc.i32_of_num(r));
                fc.bitop_i32(ai, ci, op)
            },
            |fc, v| {
                let f = fc.b.ins().bitcast(types::F64, MemFlagsData::new(), v);
                if op == 10 { fc.b.ins().fcvt_to_uint_sat(types::I32, f) } else { fc.b.ins().fcvt_to_sint_sat(types::I32, f) }
            },
        );
        let f = if op == 10 { self.b.ins().fcvt_from_uint(types::F64, out) } else { self.b.ins().fcvt_from_sint(types::F64, out) };
        self.val_of_f64(f)
    }

    /// The int32 (uint32 bits for `>>>`) a bitwise operator gives for the int32s of two numbers.
    fn bitop_i32(&mut self, ai: V, ci: V, op: u64) -> V {
        match op {
            5 => self.b.ins().band(ai, ci),
            6 => self.b.ins().bor(ai, ci),
            7 => self.b.ins().bxor(ai, ci),
            8 => self.b.ins().ishl(ai, ci),
            9 => self.b.ins().sshr(ai, ci),
            _ => self.b.ins().ushr(ai, ci),
        }
    }

    /// A bitwise operator on two numbers, inline.
    fn bitop_nums(&mut self, l: V, r: V, op: u64) -> V {
        let ai = self.i32_of_num(l);
        let ci = self.i32_of_num(r);
        let out = self.bitop_i32(ai, ci, op);
        // The range of `x & mask` (mask >= 0) and of `x >>> k`, for exact
        // integer arithmetic on the result (`mul_f64`).
        let konst = |fc: &Self, v: V| fc.i32_const_of(v);
        let range = match (op, konst(self, ai), konst(self, ci)) {
            (5, _, Some(m)) | (5, Some(m), _) if m >= 0 => Some(32 - (m as u32).leading_zeros()),
            (10, _, Some(k)) => Some(32 - (k as u32 & 31)),
            _ => None,
        };
        if let Some(bits) = range {
            self.int_bits.insert(out, (bits, true));
        }
        let f = if op == 10 { self.b.ins().fcvt_from_uint(types::F64, out) } else { self.b.ins().fcvt_from_sint(types::F64, out) };
        self.val_of_f64(f)
    }

    fn compare(&mut self, l: V, r: V, cc: FloatCC, op: u64) -> V {
        if self.known_num(l) && self.known_num(r) {
            let x = self.compare_cond(l, r, cc, op);
            return self.bool_val(x);
        }
        self.number_paths(
            l,
            r,
            types::I64,
            Rt::perry_compare,
            op,
            |fc| {
                let (a, c) = (fc.f64_of(l), fc.f64_of(r));
                let x = fc.b.ins().fcmp(cc, a, c);
                fc.bool_val(x)
            },
            |_, v| v,
        )
    }

    fn logical(&mut self, l: &'static LogicalExpression<'static>) -> V {
        let res = self.new_var();
        let left = self.expr(&l.left);
        self.def_var(res, left);
        let cond = match l.operator {
            LogicalOperator::And => self.truthy(left),
            LogicalOperator::Or => {
                let t = self.truthy(left);
                self.b.ins().bxor_imm_u(t, 1)
            }
            LogicalOperator::Coalesce => self.is_nullish(left),
        };
        let rhs = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(cond, rhs, &[], done, &[]);
        self.b.switch_to_block(rhs);
        let v = self.expr(&l.right);
        self.ensure_open();
        self.def_var(res, v);
        self.jump(done);
        self.switch_to(done);
        self.use_var(res)
    }

    // ----- assignment -----

    /// Evaluates the reference part of a simple target once.
    pub fn place(&mut self, t: &'static SimpleAssignmentTarget<'static>) -> Place {
        match t {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(id) => {
                let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id());
                if let Some(s) = sym
                    && let Some((slot, member)) = self.c.ns_members.get(&(self.module, s)).cloned()
                {
                    let ns = self.global_get(slot);
                    return Place::Named(ns, member, None);
                }
                match sym {
                    Some(s) => Place::Binding(s, id.span.start),
                    None => Place::Global(id.name.as_str().to_string()),
                }
            }
            SimpleAssignmentTarget::StaticMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let k = self.str_const(m.property.name.as_str());
                    return Place::Super(home, k);
                }
                let predicted =
                    self.predicted_field(&m.object, m.property.name.as_str()).or_else(|| self.predicted_member(&m.object, m.property.name.as_str()));
                let o = self.expr(&m.object);
                Place::Named(o, m.property.name.as_str().to_string(), predicted)
            }
            SimpleAssignmentTarget::ComputedMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let hv = self.new_var();
                    self.def_var(hv, home);
                    let k = self.expr(&m.expression);
                    let k = self.rt_check(Rt::perry_to_property_key, &[k]);
                    let home = self.use_var(hv);
                    return Place::Super(home, k);
                }
                let cache = self.cache_of(&m.object);
                let o = self.expr(&m.object);
                let ov = self.new_var();
                self.def_var(ov, o);
                let k = self.expr(&m.expression);
                let o = self.use_var(ov);
                Place::Keyed(o, k, cache)
            }
            SimpleAssignmentTarget::PrivateFieldExpression(p) => {
                let o = self.expr(&p.object);
                let ov = self.new_var();
                self.def_var(ov, o);
                let n = self.private_name(p.field.name.as_str(), p.span.start);
                let o = self.use_var(ov);
                Place::Private(o, n)
            }
            SimpleAssignmentTarget::TSAsExpression(x) => self.place_expr(&x.expression),
            SimpleAssignmentTarget::TSSatisfiesExpression(x) => self.place_expr(&x.expression),
            SimpleAssignmentTarget::TSNonNullExpression(x) => self.place_expr(&x.expression),
            SimpleAssignmentTarget::TSTypeAssertion(x) => self.place_expr(&x.expression),
        }
    }

    fn place_expr(&mut self, e: &'static Expression<'static>) -> Place {
        match e {
            Expression::Identifier(id) => {
                let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id());
                match sym {
                    Some(s) => Place::Binding(s, id.span.start),
                    None => Place::Global(id.name.as_str().to_string()),
                }
            }
            Expression::StaticMemberExpression(m) => {
                let predicted =
                    self.predicted_field(&m.object, m.property.name.as_str()).or_else(|| self.predicted_member(&m.object, m.property.name.as_str()));
                let o = self.expr(&m.object);
                Place::Named(o, m.property.name.as_str().to_string(), predicted)
            }
            Expression::ComputedMemberExpression(m) => {
                let cache = self.cache_of(&m.object);
                let o = self.expr(&m.object);
                let ov = self.new_var();
                self.def_var(ov, o);
                let k = self.expr(&m.expression);
                let o = self.use_var(ov);
                Place::Keyed(o, k, cache)
            }
            Expression::ParenthesizedExpression(p) => self.place_expr(&p.expression),
            Expression::TSAsExpression(x) => self.place_expr(&x.expression),
            Expression::TSNonNullExpression(x) => self.place_expr(&x.expression),
            other => {
                self.c.unsupported(self.module, other.span().start, "this assignment target");
                Place::Global("undefined".into())
            }
        }
    }

    /// Holds the SSA values of a place in variables (so they survive calls).
    fn hold_place(&mut self, p: Place) -> HeldPlace {
        let hold = |fc: &mut Self, v: V| {
            let x = fc.new_var();
            fc.def_var(x, v);
            x
        };
        match p {
            Place::Binding(s, at) => HeldPlace::Binding(s, at),
            Place::Global(n) => HeldPlace::Global(n),
            Place::Named(o, n, p) => HeldPlace::Named(hold(self, o), n, p),
            Place::Keyed(o, k, cache) => {
                let o = hold(self, o);
                // A number key stays a plain value (an integer index is
                // read back as the integer, see `int_source`).
                let k = self.hold(k);
                HeldPlace::Keyed(o, k, cache)
            }
            Place::Private(o, n) => {
                let o = hold(self, o);
                let n = hold(self, n);
                HeldPlace::Private(o, n)
            }
            Place::Super(h, k) => {
                let h = hold(self, h);
                let k = hold(self, k);
                HeldPlace::Super(h, k)
            }
        }
    }

    fn read_place(&mut self, p: &HeldPlace) -> V {
        match p {
            HeldPlace::Binding(s, at) => self.read_binding(*s, *at),
            HeldPlace::Global(n) => self.global_read(n),
            HeldPlace::Named(o, n, p) => {
                let o = self.use_var(*o);
                let n = n.clone();
                match *p {
                    Some(pr) => self.get_field_predicted(o, pr, &n),
                    None => self.get_named_cached(o, &n),
                }
            }
            HeldPlace::Keyed(o, k, cache) => {
                let o = self.use_var(*o);
                let k = self.unhold(*k);
                match cache {
                    Some(c) => self.get_index_cached(o, k, *c, None, None),
                    None => self.get_index(o, k),
                }
            }
            HeldPlace::Private(o, n) => {
                let o = self.use_var(*o);
                let n = self.use_var(*n);
                self.private_get(o, n)
            }
            HeldPlace::Super(h, k) => {
                let h = self.use_var(*h);
                let k = self.use_var(*k);
                let this = self.this_value();
                self.rt_check(Rt::perry_get_super, &[h, k, this])
            }
        }
    }

    fn write_place(&mut self, p: &HeldPlace, v: V) {
        match p {
            HeldPlace::Binding(s, at) => self.assign_binding(*s, v, *at),
            HeldPlace::Global(n) => self.unresolved_assign(n, v),
            HeldPlace::Named(o, n, p) => {
                let o = self.use_var(*o);
                let n = n.clone();
                match *p {
                    Some(pr) => self.set_field_predicted(o, pr, &n, v),
                    None => self.set_named(o, &n, v),
                }
            }
            HeldPlace::Keyed(o, k, cache) => {
                let o = self.use_var(*o);
                let k = self.unhold(*k);
                match cache {
                    Some(c) => self.set_index_cached(o, k, v, *c),
                    None => self.set_index(o, k, v),
                }
            }
            HeldPlace::Private(o, n) => {
                let o = self.use_var(*o);
                let n = self.use_var(*n);
                self.private_set(o, n, v);
            }
            HeldPlace::Super(h, k) => {
                let h = self.use_var(*h);
                let k = self.use_var(*k);
                let this = self.this_value();
                self.rt_check(Rt::perry_set_super, &[h, k, v, this]);
            }
        }
    }

    fn place_name(p: &HeldPlace) -> Option<String> {
        match p {
            HeldPlace::Binding(..) | HeldPlace::Global(_) => None,
            _ => None,
        }
    }

    /// `a.b.c = function () {}`: V8 shows the anonymous function's frames
    /// as `a.b.c`, the target's text.
    fn assignment_frame_name(&mut self, a: &'static AssignmentExpression<'static>) {
        let mut e = &a.right;
        while let Expression::ParenthesizedExpression(x) = e {
            e = &x.expression;
        }
        let key = match e {
            Expression::FunctionExpression(f) if f.id.is_none() => &**f as *const Function as usize,
            Expression::ArrowFunctionExpression(f) => &**f as *const ArrowFunctionExpression as usize,
            _ => return,
        };
        let Some(SimpleAssignmentTarget::StaticMemberExpression(m)) = a.left.as_simple_assignment_target() else { return };
        let mut parts = vec![m.property.name.as_str()];
        let mut o = &m.object;
        loop {
            match o {
                Expression::StaticMemberExpression(x) => {
                    parts.push(x.property.name.as_str());
                    o = &x.object;
                }
                Expression::Identifier(id) => {
                    parts.push(id.name.as_str());
                    break;
                }
                _ => return,
            }
        }
        parts.reverse();
        self.c.frame_names.insert(key, parts.join("."));
    }

    fn assignment(&mut self, a: &'static AssignmentExpression<'static>) -> V {
        use AssignmentOperator as A;
        if a.operator == A::Assign {
            self.assignment_frame_name(a);
        }
        let simple = a.left.as_simple_assignment_target();
        let Some(target) = simple else {
            // Destructuring assignment.
            let v = self.expr(&a.right);
            let vv = self.new_var();
            self.def_var(vv, v);
            if let Some(p) = a.left.as_assignment_target_pattern() {
                self.assign_pattern(p, v);
            }
            return self.use_var(vv);
        };
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = target
            && let Some(s) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
            && self.spec_locals.contains(&s)
            && matches!(a.operator, A::Addition | A::Subtraction | A::Multiplication | A::Division | A::Remainder)
            && !crate::numeric::writes_in(&a.right, s, self.scoping())
            && let Loc::Spec(fv, _, flag) = self.loc(s)
        {
            // A probable number: while it holds one and the operand is one,
            // float arithmetic on its f64; else the operator on values. (The
            // operand does not write the binding, so reading it after the
            // operand sees what reading it first would.)
            let op = match a.operator {
                A::Addition => BinaryOperator::Addition,
                A::Subtraction => BinaryOperator::Subtraction,
                A::Multiplication => BinaryOperator::Multiplication,
                A::Division => BinaryOperator::Division,
                _ => BinaryOperator::Remainder,
            };
            let res = self.new_var();
            let done = self.b.create_block();
            let x = match a.right.without_parentheses() {
                // `sum += a op b` (op + - * /): one test that the binding
                // and both operands are numbers, then float arithmetic
                // (testing the operator's result again would cost a
                // compare on the path every iteration takes); otherwise the
                // operator on values (cold), then the general `+=` below.
                Expression::BinaryExpression(rb)
                    if matches!(
                        rb.operator,
                        BinaryOperator::Addition | BinaryOperator::Subtraction | BinaryOperator::Multiplication | BinaryOperator::Division
                    ) =>
                {
                    let l = self.expr(&rb.left);
                    let lh = self.hold(l);
                    let r = self.expr(&rb.right);
                    let l = self.unhold(lh);
                    self.set_pos(rb.span.start);
                    let on = self.use_var(flag);
                    let both = self.both_numbers(l, r);
                    let ok = self.b.ins().band(on, both);
                    let fused = self.b.create_block();
                    let general = self.b.create_block();
                    self.b.ins().brif(ok, fused, &[], general, &[]);
                    self.b.switch_to_block(fused);
                    let (lf, rf) = (self.f64_of(l), self.f64_of(r));
                    let xf = self.f64_op(rb.operator, lf, rf);
                    self.spec_apply(op, fv, xf, res, done);
                    self.b.switch_to_block(general);
                    self.cold_here();
                    self.values_op(rb.operator, l, r)
                }
                _ => self.expr(&a.right),
            };
            let xh = self.hold(x);
            let on = self.use_var(flag);
            let isn = self.is_number(x);
            let both = self.b.ins().band(on, isn);
            let fast = self.b.create_block();
            let slow = self.b.create_block();
            self.b.ins().brif(both, fast, &[], slow, &[]);
            self.b.switch_to_block(fast);
            let xf = self.f64_of(x);
            self.spec_apply(op, fv, xf, res, done);
            self.b.switch_to_block(slow);
            self.cold_here();
            self.set_pos(a.span.start);
            // One side is not a number here (a set flag means a number), so
            // the operator's own fast path would not apply: the runtime.
            let cur = self.read_binding(s, id.span.start);
            let x = self.unhold(xh);
            let v = self.values_op(op, cur, x);
            let Loc::Spec(fv, gv, flag) = self.loc(s) else { unreachable!() };
            self.write_spec(fv, gv, flag, v);
            self.def_var(res, v);
            self.b.ins().jump(done, &[]);
            self.b.switch_to_block(done);
            return self.use_var(res);
        }
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = target
            && let Some(s) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
            && self.num_locals.contains(&s)
            && matches!(a.operator, A::Assign | A::Addition | A::Subtraction | A::Multiplication | A::Division | A::Remainder)
            && (a.operator != A::Addition || self.is_num_expr(&a.right))
            && (a.operator != A::Assign || self.is_num_expr(&a.right))
        {
            if self.scoping().symbol_flags(s).contains(SymbolFlags::ConstVariable) {
                self.rt(Rt::perry_throw_const_assign, &[]);
                self.throw_pending();
                self.ensure_open();
                return self.undef();
            }
            let curv = self.declare(types::F64);
            if a.operator != A::Assign {
                let cur = self.read_num(s).unwrap();
                self.def_var(curv, cur);
            }
            let op = match a.operator {
                A::Addition => BinaryOperator::Addition,
                A::Subtraction => BinaryOperator::Subtraction,
                A::Multiplication => BinaryOperator::Multiplication,
                A::Division => BinaryOperator::Division,
                _ => BinaryOperator::Remainder,
            };
            let v = if !self.is_num_expr(&a.right) {
                // `x -= e` with `e` of any type: the generic operator (a
                // Number, or it throws: a BigInt does not mix with `x`).
                let r = self.expr(&a.right);
                let cur = self.use_var(curv);
                let cur = self.val_of_f64(cur);
                let res = self.binop(op, cur, r);
                self.f64_of(res)
            } else {
                let r = self.expr_f64(&a.right);
                if a.operator == A::Assign {
                    r
                } else {
                    let cur = self.use_var(curv);
                    self.f64_op(op, cur, r)
                }
            };
            self.write_num(s, v);
            return self.val_of_f64(v);
        }
        if let SimpleAssignmentTarget::StaticMemberExpression(m) = target
            && matches!(a.operator, A::Addition | A::Subtraction | A::Multiplication | A::Division)
            && !matches!(m.object, Expression::Super(_))
            && self.pure_operand(&a.right)
            && let Some(pr) = self.predicted_field(&m.object, m.property.name.as_str())
            && pr.proven.is_none()
        {
            return self.compound_predicted(a, &m.object, m.property.name.as_str(), pr);
        }
        let place = self.place(target);
        let held = self.hold_place(place);
        let name = match target {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(id) => Some(id.name.as_str()),
            _ => None,
        };
        let _ = Self::place_name(&held);
        match a.operator {
            A::Assign => {
                let v = self.expr_named(&a.right, name);
                let vv = self.new_var();
                self.def_var(vv, v);
                self.write_place(&held, v);
                self.use_var(vv)
            }
            A::LogicalAnd | A::LogicalOr | A::LogicalNullish => {
                let cur = self.read_place(&held);
                let res = self.new_var();
                self.def_var(res, cur);
                let go = match a.operator {
                    A::LogicalAnd => self.truthy(cur),
                    A::LogicalOr => {
                        let t = self.truthy(cur);
                        self.b.ins().bxor_imm_u(t, 1)
                    }
                    _ => self.is_nullish(cur),
                };
                let yes = self.b.create_block();
                let done = self.b.create_block();
                self.b.ins().brif(go, yes, &[], done, &[]);
                self.b.switch_to_block(yes);
                let v = self.expr_named(&a.right, name);
                self.def_var(res, v);
                self.write_place(&held, v);
                self.jump(done);
                self.switch_to(done);
                self.use_var(res)
            }
            op => self.compound_place(a, op, &held),
        }
    }

    /// Whether evaluating `e` can run no user code and store nothing, so that it may be
    /// evaluated between a shape test and the store that relies on it: a number literal, or a
    /// read of a declared binding (it may throw in its TDZ, before anything is stored).
    fn pure_operand(&self, e: &Expression) -> bool {
        match e {
            Expression::NumericLiteral(_) => true,
            Expression::ParenthesizedExpression(p) => self.pure_operand(&p.expression),
            Expression::Identifier(id) => id.name != "arguments" && id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()).is_some(),
            _ => false,
        }
    }

    /// `o.f op= x` (`+ - * /`) on a predicted class field, `x` a [`Self::pure_operand`]: while
    /// `o` has the class's instance shape and the field and `x` hold numbers, one shape test,
    /// a load, the operation and a store at the field's offset (no barrier: a number); anything
    /// else is the ordinary compound assignment through the inline cache (cold), which reads
    /// `x` again (no effect).
    fn compound_predicted(&mut self, a: &'static AssignmentExpression<'static>, object: &'static Expression<'static>, name: &str, pr: Predicted) -> V {
        use oxc_syntax::operator::AssignmentOperator as A;
        let (ov, res, slow, done, p, cur) = self.predicted_number_field(object, pr);
        let both = self.b.create_block();
        let r = self.expr(&a.right);
        let rn = self.is_number(r);
        self.b.ins().brif(rn, both, &[], slow, &[]);
        self.b.switch_to_block(both);
        let (x, y) = (self.f64_of(cur), self.f64_of(r));
        let n = match a.operator {
            A::Addition => self.b.ins().fadd(x, y),
            A::Subtraction => self.b.ins().fsub(x, y),
            A::Multiplication => self.b.ins().fmul(x, y),
            _ => self.b.ins().fdiv(x, y),
        };
        let nv = self.val_of_f64(n);
        // `p` is still the object's address: reading the operand allocates nothing.
        let addr = self.b.ins().iadd_imm_s(p, pr.off as i64);
        self.store_raw_with_barrier(addr, nv);
        self.def_var(res, nv);
        self.b.ins().jump(done, &[]);
        let held = HeldPlace::Named(ov, name.to_string(), None);
        self.general_path(slow, done, Some(res), |s| Some(s.compound_place(a, a.operator, &held)));
        self.use_var(res)
    }

    /// The ordinary `place op= x` for an arithmetic or bitwise `op`: read, evaluate `x`,
    /// operate, write.
    fn compound_place(&mut self, a: &'static AssignmentExpression<'static>, op: oxc_syntax::operator::AssignmentOperator, held: &HeldPlace) -> V {
        use oxc_syntax::operator::AssignmentOperator as A;
        let cur = self.read_place(held);
        let cv = self.new_var();
        self.def_var(cv, cur);
        let r = self.expr(&a.right);
        let cur = self.use_var(cv);
        let bop = match op {
            A::Addition => BinaryOperator::Addition,
            A::Subtraction => BinaryOperator::Subtraction,
            A::Multiplication => BinaryOperator::Multiplication,
            A::Division => BinaryOperator::Division,
            A::Remainder => BinaryOperator::Remainder,
            A::Exponential => BinaryOperator::Exponential,
            A::ShiftLeft => BinaryOperator::ShiftLeft,
            A::ShiftRight => BinaryOperator::ShiftRight,
            A::ShiftRightZeroFill => BinaryOperator::ShiftRightZeroFill,
            A::BitwiseOR => BinaryOperator::BitwiseOR,
            A::BitwiseXOR => BinaryOperator::BitwiseXOR,
            A::BitwiseAnd => BinaryOperator::BitwiseAnd,
            _ => unreachable!(),
        };
        let v = self.binop(bop, cur, r);
        let vv = self.new_var();
        self.def_var(vv, v);
        self.write_place(held, v);
        self.use_var(vv)
    }

    fn update(&mut self, u: &'static UpdateExpression<'static>) -> V {
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = &u.argument
            && let Some(s) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
            && let Some((old, new)) = self.step_int(s, u.operator == UpdateOperator::Increment)
        {
            let r = if u.prefix { new } else { old };
            return self.val_of_f64(r);
        }
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = &u.argument
            && let Some(s) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())
            && let Some(old) = self.read_num(s)
        {
            let one = self.b.ins().f64const(1.0);
            let n = if u.operator == UpdateOperator::Increment { self.b.ins().fadd(old, one) } else { self.b.ins().fsub(old, one) };
            self.write_num(s, n);
            let r = if u.prefix { n } else { old };
            return self.val_of_f64(r);
        }
        if let SimpleAssignmentTarget::StaticMemberExpression(m) = &u.argument
            && !matches!(m.object, Expression::Super(_))
            && let Some(pr) = self.predicted_field(&m.object, m.property.name.as_str())
            && pr.proven.is_none()
        {
            return self.update_predicted(u, &m.object, m.property.name.as_str(), pr);
        }
        let place = self.place(&u.argument);
        let held = self.hold_place(place);
        self.update_place(u, &held)
    }

    /// `o.f++` (or `--`, prefix or postfix) on a predicted class field: while `o` has the
    /// class's instance shape and the field holds a number, one shape test, a load and a store
    /// at the field's offset (the new value is a number: no barrier); anything else is the
    /// ordinary update through the inline cache (cold).
    fn update_predicted(&mut self, u: &'static UpdateExpression<'static>, object: &'static Expression<'static>, name: &str, pr: Predicted) -> V {
        let (ov, res, slow, done, p, cur) = self.predicted_number_field(object, pr);
        let f = self.f64_of(cur);
        let d = self.b.ins().f64const(if u.operator == UpdateOperator::Increment { 1.0 } else { -1.0 });
        let n = self.b.ins().fadd(f, d);
        let nv = self.val_of_f64(n);
        let addr = self.b.ins().iadd_imm_s(p, pr.off as i64);
        self.store_raw_with_barrier(addr, nv);
        let r = if u.prefix { nv } else { cur };
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        let held = HeldPlace::Named(ov, name.to_string(), None);
        self.general_path(slow, done, Some(res), |s| Some(s.update_place(u, &held)));
        self.use_var(res)
    }

    /// The start of a read-modify-write of predicted field `pr` of `object` (`update_predicted`,
    /// `compound_predicted`): the receiver evaluated and held, its shape tested and the field
    /// loaded and tested for a number, the builder left where both hold. Returns the receiver's
    /// variable, the result variable, the cold block for every other case, the join block, the
    /// receiver's address and the field's value.
    fn predicted_number_field(&mut self, object: &'static Expression<'static>, pr: Predicted) -> (Variable, Variable, Block, Block, V, V) {
        let o = self.expr(object);
        let ov = self.var_holding(o);
        let res = self.new_var();
        let slow = self.b.create_block();
        let num = self.b.create_block();
        let done = self.b.create_block();
        let p = self.predicted_guard(o, pr, slow);
        let cur = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, pr.off);
        let isn = self.is_number(cur);
        self.b.ins().brif(isn, num, &[], slow, &[]);
        self.b.switch_to_block(num);
        (ov, res, slow, done, p, cur)
    }

    /// The ordinary `++`/`--` on a held place: read, ToNumeric, step, write.
    fn update_place(&mut self, u: &'static UpdateExpression<'static>, held: &HeldPlace) -> V {
        let cur = self.read_place(held);
        // ToNumeric, then a Number steps by 1 and a BigInt by 1n.
        let old = self.num_unary(cur, Rt::perry_to_numeric, |_, f| f);
        let ov = self.new_var();
        self.def_var(ov, old);
        let delta = if u.operator == UpdateOperator::Increment { 1.0 } else { -1.0 };
        let nv = self.new_var();
        let isn = self.is_number(old);
        let fb = self.b.create_block();
        let sb = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(isn, fb, &[], sb, &[]);
        self.b.switch_to_block(fb);
        let f = self.f64_of(old);
        let d = self.b.ins().f64const(delta);
        let n = self.b.ins().fadd(f, d);
        let n = self.val_of_f64(n);
        self.def_var(nv, n);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(sb);
        let d = self.num(delta);
        let n = self.rt_check(Rt::perry_numeric_step, &[old, d]);
        self.def_var(nv, n);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        let n = self.use_var(nv);
        self.write_place(held, n);
        if u.prefix { self.use_var(nv) } else { self.use_var(ov) }
    }

    // ----- calls -----

    /// The function and `this` for a call's callee expression.
    fn callee_and_this(&mut self, callee: &'static Expression<'static>) -> (V, V) {
        match callee {
            Expression::StaticMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let k = self.str_const(m.property.name.as_str());
                    let this = self.this_value();
                    let tv = self.new_var();
                    self.def_var(tv, this);
                    let f = self.rt_check(Rt::perry_get_super, &[home, k, this]);
                    return (f, self.use_var(tv));
                }
                let o = self.expr(&m.object);
                if m.optional {
                    self.chain_guard(o);
                }
                let ov = self.new_var();
                self.def_var(ov, o);
                let f = self.get_method(o, m.property.name.as_str(), m.span.start);
                (f, self.use_var(ov))
            }
            Expression::ComputedMemberExpression(m) => {
                if let Expression::Super(_) = &m.object {
                    let home = self.super_home();
                    let hv = self.new_var();
                    self.def_var(hv, home);
                    let k = self.expr(&m.expression);
                    let this = self.this_value();
                    let tv = self.new_var();
                    self.def_var(tv, this);
                    let home = self.use_var(hv);
                    let f = self.rt_check(Rt::perry_get_super, &[home, k, this]);
                    return (f, self.use_var(tv));
                }
                let o = self.expr(&m.object);
                if m.optional {
                    self.chain_guard(o);
                }
                let ov = self.new_var();
                self.def_var(ov, o);
                let k = self.expr(&m.expression);
                let o = self.use_var(ov);
                let f = self.rt_check(Rt::perry_get_index, &[o, k]);
                (f, self.use_var(ov))
            }
            Expression::PrivateFieldExpression(p) => {
                let o = self.expr(&p.object);
                if p.optional {
                    self.chain_guard(o);
                }
                let ov = self.new_var();
                self.def_var(ov, o);
                let n = self.private_name(p.field.name.as_str(), p.span.start);
                let o = self.use_var(ov);
                let f = self.private_get(o, n);
                (f, self.use_var(ov))
            }
            Expression::ParenthesizedExpression(p) => match &p.expression {
                e @ (Expression::StaticMemberExpression(_) | Expression::ComputedMemberExpression(_)) => self.callee_and_this(e),
                e => {
                    let f = self.expr(e);
                    (f, self.undef())
                }
            },
            Expression::TSNonNullExpression(x) => self.callee_and_this(&x.expression),
            Expression::TSAsExpression(x) => self.callee_and_this(&x.expression),
            e => {
                let f = self.expr(e);
                (f, self.undef())
            }
        }
    }

    /// Evaluates call arguments; Err(array) when a spread forces an array.
    fn arguments_list(&mut self, args: &'static [Argument<'static>]) -> Result<Vec<V>, V> {
        let has_spread = args.iter().any(|a| matches!(a, Argument::SpreadElement(_)));
        if has_spread || args.len() > JS_REG_ARGS {
            let n = self.iconst(args.len() as u64);
            let arr = self.rt(Rt::perry_new_array, &[n]);
            let av = self.new_var();
            self.def_var(av, arr);
            for a in args {
                match a {
                    Argument::SpreadElement(s) => {
                        let v = self.expr(&s.argument);
                        let arr = self.use_var(av);
                        self.rt_check(Rt::perry_spread_into, &[arr, v]);
                    }
                    other => {
                        let v = self.expr(other.to_expression());
                        let arr = self.use_var(av);
                        self.rt(Rt::perry_array_push, &[arr, v]);
                    }
                }
            }
            return Err(self.use_var(av));
        }
        let mut held = Vec::new();
        for a in args {
            let v = self.expr(a.to_expression());
            held.push(self.hold(v));
        }
        Ok(held.into_iter().map(|h| self.unhold(h)).collect())
    }

    fn call(&mut self, c: &'static CallExpression<'static>) -> V {
        if let Expression::Super(_) = &c.callee {
            return self.super_call(c);
        }
        if let Some(v) = self.num_call(c) {
            return v;
        }
        if let Some(v) = self.math_call(c) {
            return v;
        }
        if let Some(v) = self.number_static_call(c) {
            return v;
        }
        if let Some(v) = self.string_call(c) {
            return v;
        }
        if let Some(v) = self.member_method_call(c) {
            return v;
        }
        // `this.push(v)` in a method of a class with a layout runs the module's own method in
        // place without first testing whether `this` is an Array (which it rarely is).
        if self.this_ptr.is_some()
            && let Expression::StaticMemberExpression(m) = &c.callee
            && matches!(m.object, Expression::ThisExpression(_))
            && let Some(v) = self.inline_method_call(c)
        {
            return v;
        }
        if let Some(v) = self.array_hof_call(c) {
            return v;
        }
        if let Some(v) = self.array_inline_call(c) {
            return v;
        }
        if let Some(v) = self.collection_call(c) {
            return v;
        }
        if let Some(v) = self.inline_method_call(c) {
            return v;
        }
        let (f, this) = self.callee_and_this(&c.callee);
        if c.optional {
            self.chain_guard(f);
        }
        let fv = self.new_var();
        self.def_var(fv, f);
        let tv = self.new_var();
        self.def_var(tv, this);
        let what = callee_text(self.m.source, &c.callee);
        let args = self.arguments_list(&c.arguments);
        self.set_pos(c.span.start);
        let f = self.use_var(fv);
        let this = self.use_var(tv);
        match args {
            Ok(list) => self.call_value(f, this, &list, &what),
            Err(arr) => {
                // Check callability first for the right error message: a
                // function cell inline, anything else (a callable proxy
                // passes) in the runtime.
                let isf = self.is_function(f);
                let ok = self.b.create_block();
                let other = self.b.create_block();
                self.b.ins().brif(isf, ok, &[], other, &[]);
                self.b.set_cold_block(other);
                self.b.switch_to_block(other);
                let ci = self.c.const_str(&what);
                let t = self.iconst(ci as u64);
                self.rt_check(Rt::perry_require_callable, &[f, t]);
                self.b.ins().jump(ok, &[]);
                self.b.switch_to_block(ok);
                let f = self.use_var(fv);
                let this = self.use_var(tv);
                self.rt_check(Rt::perry_call_spread, &[f, this, arr])
            }
        }
    }

    /// Whether a call here may run a method's body in place (`crate::inline`): not inside such
    /// a body or an inlined number function, not in generators or async functions (their locals
    /// live in the generator's frame), not in code compiled from the IR.
    fn may_inline(&self) -> bool {
        !self.inlining && !self.no_inline && self.generator.is_none() && !self.from_ir
    }

    /// The callee of `o.m(a, b)` when a method's body may run in place for it: not optional,
    /// not `super.m`, where inlining is allowed, with at most the register arguments and no
    /// spread.
    fn inlinable_call(&self, c: &'static CallExpression<'static>) -> Option<&'static StaticMemberExpression<'static>> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        let plain = !c.optional && !m.optional && !matches!(m.object, Expression::Super(_)) && self.may_inline();
        let args = c.arguments.len() <= JS_REG_ARGS && c.arguments.iter().all(|a| a.as_expression().is_some());
        (plain && args).then_some(&**m)
    }

    /// `o.m(a, b)` where the module's methods named `m` that can run in place are few
    /// (`crate::inline`): the method is looked up as for any call, then [`Self::call_inlined`].
    fn inline_method_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let m = self.inlinable_call(c)?;
        let cands = self.c.inline_candidates(self.module, crate::inline::Kind::Method, m.property.name.as_str())?;
        let (f, this) = self.callee_and_this(&c.callee);
        let (fv, tv) = (self.var_holding(f), self.var_holding(this));
        let what = callee_text(self.m.source, &c.callee);
        let Ok(args) = self.arguments_list(&c.arguments) else { unreachable!("no spread, at most the register arguments") };
        let argv: Vec<Variable> = args.into_iter().map(|a| self.var_holding(a)).collect();
        self.set_pos(c.span.start);
        self.inline_this_ptr = self.same_this_ptr(&m.object);
        let v = self.call_inlined(fv, tv, &argv, &what, cands);
        self.inline_this_ptr = None;
        Some(v)
    }

    /// For a call `receiver.m(...)` whose method may run in place: when the receiver is `this`
    /// in a method, the body in place sees the same `this`, whose address `this_ptr` holds.
    fn same_this_ptr(&self, receiver: &Expression) -> Option<Variable> {
        if matches!(receiver, Expression::ThisExpression(_)) { self.this_ptr } else { None }
    }

    /// Calls the function in `fv` with `this` in `tv` and the arguments in `argv`: when its code
    /// is one of `cands`' (methods, getters or setters that can run in place), that one's body runs here
    /// with `this` and its parameters bound; any other function takes the ordinary call.
    fn call_inlined(&mut self, fv: Variable, tv: Variable, argv: &[Variable], what: &str, cands: Vec<super::InlineCandidate>) -> V {
        let res = self.new_var();
        let done = self.b.create_block();
        let slow = self.b.create_block();
        let test = self.b.create_block();
        let f = self.use_var(fv);
        let isf = self.is_function(f);
        self.b.ins().brif(isf, test, &[], slow, &[]);
        self.b.switch_to_block(test);
        let f = self.use_var(fv);
        let code = self.load_field(f, FN_CODE);
        let mut bodies = Vec::new();
        for (fid, ..) in &cands {
            let fref = self.func_ref(*fid);
            let addr = self.b.ins().func_addr(types::I64, fref);
            let hit = self.b.ins().icmp(IntCC::Equal, code, addr);
            let body = self.b.create_block();
            let next = self.b.create_block();
            self.b.ins().brif(hit, body, &[], next, &[]);
            self.b.switch_to_block(next);
            bodies.push(body);
        }
        self.b.ins().jump(slow, &[]);
        for (body, (_, func, params)) in bodies.into_iter().zip(cands) {
            self.b.switch_to_block(body);
            self.terminated = false;
            let v = self.inline_method_body(func, &params, tv, argv);
            self.def_var(res, v);
            self.jump(done);
        }
        self.b.switch_to_block(slow);
        self.terminated = false;
        let f = self.use_var(fv);
        let this = self.use_var(tv);
        let args: Vec<V> = argv.iter().map(|&v| self.use_var(v)).collect();
        let v = self.call_value(f, this, &args, what);
        self.def_var(res, v);
        self.jump(done);
        self.b.switch_to_block(done);
        self.terminated = false;
        self.use_var(res)
    }

    /// The body of method `func` (with parameters `params`) compiled in place, `this` in `tv`
    /// and the arguments in `argv`; returns its result, in the block after its returns.
    fn inline_method_body(&mut self, func: &'static Function<'static>, params: &[SymbolId], tv: Variable, argv: &[Variable]) -> V {
        let ret = self.b.create_block();
        let rv = self.new_var();
        // Positions in the body belong to the method's frame, called from
        // the call's position (stack traces show both).
        let call = self.cur_pos;
        let key = func as *const Function as usize;
        let name = self.c.frame_names.get(&key).cloned().or_else(|| func.id.as_ref().map(|id| id.name.to_string())).unwrap_or_default();
        self.c.inline_frames.push((name, call));
        self.inline_frame = self.c.inline_frames.len() as u32;
        self.inline_this = Some(tv);
        self.inline_key = Some(key);
        self.inline_ret = Some((ret, rv));
        self.inlining = true;
        for (i, &p) in params.iter().enumerate() {
            let v = match argv.get(i) {
                Some(&a) => self.use_var(a),
                None => self.undef(),
            };
            self.declare_local(p, v);
        }
        self.init_scope(func.scope_id.get(), params);
        if let Some(body) = &func.body {
            self.stmts(&body.statements);
        }
        if !self.terminated {
            let u = self.undef();
            self.def_var(rv, u);
            self.jump(ret);
        }
        self.inline_this = None;
        self.inline_key = None;
        self.inline_ret = None;
        self.inlining = false;
        self.inline_frame = 0;
        self.set_pos_index(call);
        self.b.switch_to_block(ret);
        self.terminated = false;
        self.use_var(rv)
    }

    /// `o.push(x)` and `o.pop()` (`perry_abi::ARRAY_INLINE`): when `o` is an Array that is
    /// extensible with no sealed or frozen elements and `o.m` is still the built-in, a push with
    /// room in the elements stores and counts inline, and a pop of a present last element
    /// (not a hole) takes it and clears its slot; anything else is the ordinary call.
    fn array_inline_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        if c.optional || m.optional || matches!(m.object, Expression::Super(_)) {
            return None;
        }
        let name = m.property.name.as_str();
        let which = ARRAY_INLINE.iter().position(|n| *n == name)?;
        let push = name == "push";
        if c.arguments.len() != usize::from(push) || c.arguments.iter().any(|a| a.as_expression().is_none()) {
            return None;
        }
        let unused = std::mem::take(&mut self.unused_call) == c as *const CallExpression as usize;
        let parts = self.built_in_method_parts(c, m);
        let (ov, fv, argv) = (parts.ov, parts.fv, parts.argv.clone());
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let fast = self.b.create_block();
        let fp = self.b.append_block_param(fast, types::I64);
        // The guards: an extensible Array without sealed or frozen elements, the built-in.
        const _: () = assert!(HDR_FLAGS_SHIFT == HDR_KIND_SHIFT + 8);
        let sealing = (FLAG_NONEXTENSIBLE | FLAG_SEALED_ELEMENTS | FLAG_FROZEN_ELEMENTS) as i64;
        let o = self.use_var(ov);
        let full = self.b.create_block();
        if let Some(p) = self.when_proven_array(&parts, o, full) {
            // The read proved the Array and the built-in: only the flags are left.
            let fl = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, (HDR_FLAGS_SHIFT / 8) as i32);
            let sealed = self.b.ins().band_imm_u(fl, sealing);
            self.b.ins().brif(sealed, slow, &[], fast, &[p.into()]);
        }
        self.b.switch_to_block(full);
        let o = self.use_var(ov);
        let p = self.object_or(o, slow);
        let kf = self.b.ins().uload16(types::I64, MemFlagsData::trusted(), p, (HDR_KIND_SHIFT / 8) as i32);
        let masked = self.b.ins().band_imm_u(kf, 0xff | (sealing << 8));
        let is_arr = self.b.ins().icmp_imm_u(IntCC::Equal, masked, KIND_ARRAY as i64);
        let table = self.data_addr(self.c.array_hofs);
        let builtin = self.b.ins().load(types::I64, MemFlagsData::trusted(), table, (8 * (ARRAY_HOFS.len() + which)) as i32);
        let f = self.use_var(fv);
        let same = self.b.ins().icmp(IntCC::Equal, f, builtin);
        let ok = self.b.ins().band(is_arr, same);
        self.b.ins().brif(ok, fast, &[p.into()], slow, &[]);
        self.b.switch_to_block(fast);
        let p = fp;
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let elems = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_ELEMS);
        let ep = self.ptr_of(elems);
        let room = self.b.create_block();
        if push {
            // Room: below the capacity and the dense limit.
            let cap = self.b.ins().load(types::I64, MemFlagsData::trusted(), ep, VA_LEN);
            let max = self.b.ins().iconst(types::I64, (ARR_MAX_DENSE - 1) as i64);
            let cap = self.b.ins().umin(cap, max);
            let fits = self.b.ins().icmp(IntCC::UnsignedLessThan, len, cap);
            self.b.ins().brif(fits, room, &[], slow, &[]);
            self.b.switch_to_block(room);
            let off = self.b.ins().ishl_imm_u(len, 3);
            let addr = self.b.ins().iadd(ep, off);
            let addr = self.b.ins().iadd_imm_u(addr, VA_DATA as i64);
            let v = self.unhold(argv[0]);
            self.store_raw_with_barrier(addr, v);
            let n = self.b.ins().iadd_imm_u(len, 1);
            self.b.ins().store(MemFlagsData::trusted(), n, p, ARR_LEN);
            // The new length as a number, unless the call is a statement of its own.
            let nv = if unused {
                self.undef()
            } else {
                let nf = self.b.ins().fcvt_from_uint(types::F64, n);
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), nf)
            };
            self.def_var(res, nv);
        } else {
            // A present last element.
            let nonempty = self.b.create_block();
            self.b.ins().brif(len, nonempty, &[], slow, &[]);
            self.b.switch_to_block(nonempty);
            let last = self.b.ins().iadd_imm_s(len, -1);
            let off = self.b.ins().ishl_imm_u(last, 3);
            let addr = self.b.ins().iadd(ep, off);
            let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, VA_DATA);
            let hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
            self.b.ins().brif(hole, slow, &[], room, &[]);
            self.b.switch_to_block(room);
            let u = self.undef();
            self.b.ins().store(MemFlagsData::trusted(), u, addr, VA_DATA);
            self.b.ins().store(MemFlagsData::trusted(), last, p, ARR_LEN);
            let v = self.track(v);
            self.def_var(res, v);
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        self.cold_here();
        self.call_held(fv, ov, &argv, c, res, done);
        self.b.switch_to_block(done);
        Some(self.use_var(res))
    }

    /// The receiver, the method and the arguments of a call `o.m(args)` that may run a
    /// built-in inline (`array_inline_call`, `array_hof_call`): `o` evaluated and held, `o.m`
    /// read with the method cache, the arguments evaluated in order and held.
    fn built_in_method_parts(&mut self, c: &'static CallExpression<'static>, m: &'static StaticMemberExpression<'static>) -> BuiltInParts {
        let o = self.expr(&m.object);
        let ov = self.new_var();
        self.def_var(ov, o);
        let (f, proven) = self.array_method_read(o, m.property.name.as_str(), m.span.start);
        let fv = self.new_var();
        self.def_var(fv, f);
        let argv = self.hold_arguments(&c.arguments);
        self.set_pos(c.span.start);
        BuiltInParts { ov, fv, argv, proven }
    }

    /// After [`Self::built_in_method_parts`]: when its method read found `o` an Array and the
    /// method the built-in (`proven`; nothing since can have changed that: an object's kind is
    /// fixed and the method was read), continues in a new block and returns `o`'s address;
    /// otherwise (or without a test) to `no`, and `None`.
    fn when_proven_array(&mut self, parts: &BuiltInParts, o: V, no: Block) -> Option<V> {
        let Some(proven) = parts.proven else {
            self.b.ins().jump(no, &[]);
            return None;
        };
        let yes = self.b.create_block();
        let p = self.b.append_block_param(yes, types::I64);
        let pp = self.ptr_of(o);
        let hit = self.use_var(proven);
        self.b.ins().brif(hit, yes, &[pp.into()], no, &[]);
        self.b.switch_to_block(yes);
        Some(p)
    }

    /// `o.name` for a method of Array.prototype that compiled code runs inline (`ARRAY_HOFS`,
    /// `ARRAY_INLINE`): when `o` is an Array whose shape a way of the site's prototype entries
    /// has (so it has no own property by that name), whose prototype is %Array.prototype%, and
    /// whose method there is still the built-in (`INTACT_ARRAY`), the built-in with no read;
    /// anything else is the method read with the site's inline cache (`get_method`).
    ///
    /// With the method, an `i8` variable that is 1 where the test answered (no variable when
    /// there is no test).
    fn array_method_read(&mut self, o: V, name: &str, at: u32) -> (V, Option<Variable>) {
        let which = ARRAY_HOFS.iter().chain(ARRAY_INLINE.iter()).position(|n| *n == name);
        let Some(which) = which.filter(|_| !self.runs_once()) else { return (self.get_method(o, name, at), None) };
        let bit = perry_abi::INTACT_ARRAY + which as u32;
        let res = self.new_var();
        let proven = self.declare(types::I8);
        let test = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(test, &[]);
        // The read first: it makes the site whose entries the test below reads.
        self.b.switch_to_block(slow);
        self.b.set_cold_block(slow);
        self.last_proto_site = None;
        let v = self.get_method(o, name, at);
        let site = self.last_proto_site.take();
        self.def_var(res, v);
        let no = self.b.ins().iconst(types::I8, 0);
        self.def_var(proven, no);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(test);
        let Some(site) = site else {
            self.b.ins().jump(slow, &[]);
            self.b.switch_to_block(done);
            return (self.use_var(res), None);
        };
        let p = self.object_or(o, slow);
        let step = |fc: &mut Self, cond: V| {
            let next = fc.b.create_block();
            fc.b.ins().brif(cond, next, &[], slow, &[]);
            fc.b.switch_to_block(next);
        };
        let kind = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, (HDR_KIND_SHIFT / 8) as i32);
        let c = self.b.ins().icmp_imm_u(IntCC::Equal, kind, KIND_ARRAY as i64);
        step(self, c);
        let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
        let base = self.data_addr(self.c.ic_data);
        let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (site * IC_ENTRY_SIZE) as i32 + IC_SHAPE);
        let c = self.b.ins().icmp(IntCC::Equal, sh, want);
        step(self, c);
        let proto = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_PROTO);
        let apa = self.data_addr(self.c.array_proto_word);
        let ap = self.b.ins().load(types::I64, MemFlagsData::trusted(), apa, 0);
        let c = self.b.ins().icmp(IntCC::Equal, proto, ap);
        step(self, c);
        let c = self.intact(1 << bit);
        step(self, c);
        let f = self.intact_value(bit);
        self.def_var(res, f);
        let yes = self.b.ins().iconst(types::I8, 1);
        self.def_var(proven, yes);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        (self.use_var(res), Some(proven))
    }

    /// `m.get(k)`, `m.has(k)` and `m.set(k, v)` on a Map, `s.has(k)` and `s.add(k)` on a Set
    /// (`perry_abi::MAP_DIRECT`, `SET_DIRECT`): where the method would be read (before the
    /// arguments), a test that the receiver is a Map (or Set) whose shape the first way of the
    /// site's prototype entries has (no own property by that name) and whose prototype word is
    /// what the method's word of `PERRY_HELD` holds (the intrinsic prototype, whose method is
    /// still the built-in: the runtime's watch); then the runtime's operation called directly
    /// (`perry_map_get`...), with no method read and no native call. Anything else is the
    /// ordinary read and call.
    fn collection_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        if c.optional || m.optional || matches!(m.object, Expression::Super(_)) || self.runs_once() {
            return None;
        }
        let name = m.property.name.as_str();
        let map = MAP_DIRECT.iter().position(|n| *n == name).map(|i| HELD_MAP + i as u32);
        let set = SET_DIRECT.iter().position(|n| *n == name).map(|i| HELD_SET + i as u32);
        if map.is_none() && set.is_none() {
            return None;
        }
        let (rt, argc) = match name {
            "get" => (Rt::perry_map_get, 1),
            "has" => (Rt::perry_map_has, 1),
            "set" => (Rt::perry_map_set, 2),
            _ => (Rt::perry_set_add, 1),
        };
        if c.arguments.len() != argc || c.arguments.iter().any(|a| a.as_expression().is_none()) {
            return None;
        }
        let o = self.expr(&m.object);
        let ov = self.var_holding(o);
        let fv = self.new_var();
        let hitv = self.declare(types::I8);
        let join = self.b.create_block();
        let slow = self.b.create_block();
        let test = self.b.create_block();
        self.b.ins().jump(test, &[]);
        // The read first, cold: it makes the site whose entries the test reads.
        self.last_proto_site = None;
        self.general_path(slow, join, None, |s| {
            let o = s.use_var(ov);
            let f = s.get_method(o, name, m.span.start);
            s.def_var(fv, f);
            let zero = s.b.ins().iconst(types::I8, 0);
            s.def_var(hitv, zero);
            None
        });
        let site = self.last_proto_site.take();
        self.b.switch_to_block(test);
        match site {
            None => {
                self.b.ins().jump(slow, &[]);
            }
            Some(site) => {
                let o = self.use_var(ov);
                let p = self.object_or(o, slow);
                let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
                let base = self.data_addr(self.c.ic_data);
                let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (site * IC_ENTRY_SIZE) as i32 + IC_SHAPE);
                let same = self.b.ins().icmp(IntCC::Equal, sh, want);
                let shaped = self.b.create_block();
                self.b.ins().brif(same, shaped, &[], slow, &[]);
                self.b.switch_to_block(shaped);
                // (Maps and Sets have no own property but their shape's: no kind of the way's.)
                let kind = self.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, (HDR_KIND_SHIFT / 8) as i32);
                let proto = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_PROTO);
                let held = self.data_addr(self.c.held);
                let found = self.b.create_block();
                let mut tests: Vec<(u64, u32)> = Vec::new();
                tests.extend(map.map(|w| (KIND_MAP, w)));
                tests.extend(set.map(|w| (KIND_SET, w)));
                for (i, (k, word)) in tests.iter().enumerate() {
                    let is_kind = self.b.ins().icmp_imm_u(IntCC::Equal, kind, *k as i64);
                    let holder = self.b.ins().load(types::I64, MemFlagsData::trusted(), held, (8 * word) as i32);
                    let is_held = self.b.ins().icmp(IntCC::Equal, proto, holder);
                    let ok = self.b.ins().band(is_kind, is_held);
                    let next = if i + 1 == tests.len() { slow } else { self.b.create_block() };
                    self.b.ins().brif(ok, found, &[], next, &[]);
                    if next != slow {
                        self.b.switch_to_block(next);
                    }
                }
                self.b.switch_to_block(found);
                self.guard_hit(hitv, fv, join);
            }
        }
        Some(self.call_after_guard(c, join, hitv, fv, ov, |s, argv| {
            let o = s.use_var(ov);
            let mut call_args = vec![o];
            call_args.extend(argv.iter().map(|&v| s.use_var(v)));
            s.rt(rt, &call_args)
        }))
    }

    /// Where a call's guard held (before the arguments, where its method would be read): says
    /// so in `hitv` (the method variable `fv` unused), then to `join`.
    fn guard_hit(&mut self, hitv: Variable, fv: Variable, join: Block) {
        let one = self.b.ins().iconst(types::I8, 1);
        self.def_var(hitv, one);
        let u = self.undef();
        self.def_var(fv, u);
        self.b.ins().jump(join, &[]);
    }

    /// The rest of call `c` (receiver in `ov`) from `join`, where `hitv` says whether its guard
    /// held (else its method was read into `fv`): the arguments, then `fast` with them where the
    /// guard held, the ordinary call otherwise (cold).
    fn call_after_guard(
        &mut self,
        c: &'static CallExpression<'static>,
        join: Block,
        hitv: Variable,
        fv: Variable,
        ov: Variable,
        fast: impl FnOnce(&mut Self, &[Variable]) -> V,
    ) -> V {
        self.b.switch_to_block(join);
        let what = callee_text(self.m.source, &c.callee);
        let Ok(args) = self.arguments_list(&c.arguments) else { unreachable!("no spread, at most the register arguments") };
        let argv: Vec<Variable> = args.into_iter().map(|a| self.var_holding(a)).collect();
        self.set_pos(c.span.start);
        let res = self.new_var();
        let yes = self.b.create_block();
        let other = self.b.create_block();
        let done = self.b.create_block();
        let hit = self.use_var(hitv);
        self.b.ins().brif(hit, yes, &[], other, &[]);
        self.b.switch_to_block(yes);
        let v = fast(self, &argv);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.general_path(other, done, Some(res), |s| {
            let f = s.use_var(fv);
            let this = s.use_var(ov);
            let args: Vec<V> = argv.iter().map(|&v| s.use_var(v)).collect();
            Some(s.call_value(f, this, &args, &what))
        });
        self.use_var(res)
    }

    /// The ordinary call of [`Self::built_in_method_parts`]' method (of call `c`, `o.name(...)`)
    /// on its receiver, its value into `res`, then to `done`; through [`Self::call_inlined`] when
    /// the module has methods by that name that run in place (a class's own `push` or `map`).
    fn call_held(&mut self, fv: Variable, ov: Variable, argv: &[Held], c: &'static CallExpression<'static>, res: Variable, done: Block) {
        let Expression::StaticMemberExpression(m) = &c.callee else { unreachable!("a built-in method's call `o.name(...)`") };
        let (name, what) = (m.property.name.as_str(), callee_text(self.m.source, &c.callee));
        if self.may_inline()
            && argv.len() <= JS_REG_ARGS
            && let Some(cands) = self.c.inline_candidates(self.module, crate::inline::Kind::Method, name)
        {
            let vars: Vec<Variable> = argv
                .iter()
                .map(|&h| {
                    let a = self.unhold(h);
                    self.var_holding(a)
                })
                .collect();
            self.inline_this_ptr = self.same_this_ptr(&m.object);
            let r = self.call_inlined(fv, ov, &vars, &what, cands);
            self.inline_this_ptr = None;
            self.def_var(res, r);
            self.b.ins().jump(done, &[]);
            return;
        }
        let f = self.use_var(fv);
        let o = self.use_var(ov);
        let args: Vec<V> = argv.iter().map(|&h| self.unhold(h)).collect();
        let r = self.call_value(f, o, &args, &what);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
    }

    /// `o.m(callback[, thisArg])` for the Array.prototype callback methods
    /// of `perry_abi::ARRAY_HOFS` (`reduce` and `reduceRight` only with an initial value):
    /// when `o` is an Array, `o.m` is still the built-in and the callback a
    /// function, the method's loop runs here and calls the callback
    /// directly (the steps it takes are the spec's: the length read once,
    /// HasProperty/Get per index through the runtime when an element is not
    /// in place, ArraySpeciesCreate and CreateDataPropertyOrThrow for map and
    /// filter); otherwise the ordinary call.
    fn array_hof_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        if c.optional || m.optional || matches!(m.object, Expression::Super(_)) || self.generator.is_some() {
            return None;
        }
        let name = m.property.name.as_str();
        let which = ARRAY_HOFS.iter().position(|n| *n == name)?;
        let n = c.arguments.len();
        // `reduce` and `reduceRight` (from the end) only with an initial value.
        let reduce = matches!(name, "reduce" | "reduceRight");
        let right = name == "reduceRight";
        if c.arguments.iter().any(|a| a.as_expression().is_none()) || if reduce { n != 2 } else { n == 0 || n > 2 } {
            return None;
        }
        let parts = self.built_in_method_parts(c, m);
        let (ov, fv, argv) = (parts.ov, parts.fv, parts.argv.clone());
        let what = callee_text(self.m.source, &c.callee);
        let res = self.new_var();
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        // The guards: an Array, the built-in method (proven by the read, or tested), a
        // function callback.
        let o = self.use_var(ov);
        let full = self.b.create_block();
        let callback = self.b.create_block();
        if self.when_proven_array(&parts, o, full).is_some() {
            self.b.ins().jump(callback, &[]);
        }
        self.b.switch_to_block(full);
        let o = self.use_var(ov);
        self.guard_kind(o, KIND_ARRAY, slow, slow);
        let hofs = self.data_addr(self.c.array_hofs);
        let builtin = self.b.ins().load(types::I64, MemFlagsData::trusted(), hofs, (8 * which) as i32);
        let f = self.use_var(fv);
        let same = self.b.ins().icmp(IntCC::Equal, f, builtin);
        self.b.ins().brif(same, callback, &[], slow, &[]);
        self.b.switch_to_block(callback);
        let cb = self.unhold(argv[0]);
        self.guard_kind(cb, KIND_FUNCTION, slow, slow);
        self.b.ins().jump(fast, &[]);

        self.b.switch_to_block(slow);
        self.call_held(fv, ov, &argv, c, res, done);

        self.b.switch_to_block(fast);
        let this_arg = if !reduce && n == 2 { self.unhold(argv[1]) } else { self.undef() };
        let tv = self.new_var();
        self.def_var(tv, this_arg);
        let o = self.use_var(ov);
        let p = self.ptr_of(o);
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let lenv = self.declare(types::I64);
        self.def_var(lenv, len);
        let kv = self.declare(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        let first = if right { self.b.ins().iadd_imm_s(len, -1) } else { zero };
        self.def_var(kv, first);
        let to = self.declare(types::I64);
        self.def_var(to, zero);
        // The value built up: the new array (map, filter), the accumulator
        // (reduce), or the result when the loop runs out.
        let acc = self.new_var();
        let init = match name {
            "map" | "filter" => {
                let o = self.use_var(ov);
                let l = if name == "map" { len } else { zero };
                self.rt_check(Rt::perry_array_species_create, &[o, l])
            }
            "reduce" | "reduceRight" => self.unhold(argv[1]),
            "some" => self.iconst(FALSE),
            "every" => self.iconst(TRUE),
            "findIndex" => self.num(-1.0),
            _ => self.undef(),
        };
        self.def_var(acc, init);
        let head = self.b.create_block();
        let body = self.b.create_block();
        let next = self.b.create_block();
        let exit = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let k = self.use_var(kv);
        let more = if right {
            self.b.ins().icmp_imm_s(IntCC::SignedGreaterThanOrEqual, k, 0)
        } else {
            let len = self.use_var(lenv);
            self.b.ins().icmp(IntCC::SignedLessThan, k, len)
        };
        self.b.ins().brif(more, body, &[], exit, &[]);
        self.b.switch_to_block(body);
        // kValue: in place, or through the runtime (a hole, or the callback
        // shortened the array); absent indices are skipped except by find
        // and findIndex, which Get every index.
        let val = self.new_var();
        let have = self.b.create_block();
        let away = self.b.create_block();
        let o = self.use_var(ov);
        let p = self.ptr_of(o);
        let cur = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_LEN);
        let inb = self.b.ins().icmp(IntCC::UnsignedLessThan, k, cur);
        let ld = self.b.create_block();
        self.b.ins().brif(inb, ld, &[], away, &[]);
        self.b.switch_to_block(ld);
        let elems = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, ARR_ELEMS);
        let ep = self.ptr_of(elems);
        let off = self.b.ins().ishl_imm_u(k, 3);
        let addr = self.b.ins().iadd(ep, off);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, VA_DATA);
        let v = self.track(v);
        self.def_var(val, v);
        let hole = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
        self.b.ins().brif(hole, away, &[], have, &[]);
        self.b.switch_to_block(away);
        let o = self.use_var(ov);
        let k = self.use_var(kv);
        let find = matches!(name, "find" | "findIndex");
        let v = self.rt_check(if find { Rt::perry_array_get_k } else { Rt::perry_array_get_present }, &[o, k]);
        self.def_var(val, v);
        if find {
            self.b.ins().jump(have, &[]);
        } else {
            let absent = self.b.ins().icmp_imm_u(IntCC::Equal, v, HOLE as i64);
            self.b.ins().brif(absent, next, &[], have, &[]);
        }
        self.b.switch_to_block(have);
        let k = self.use_var(kv);
        let kf = self.b.ins().fcvt_from_sint(types::F64, k);
        let kn = self.val_of_f64(kf);
        let cb = self.unhold(argv[0]);
        let v = self.use_var(val);
        let o = self.use_var(ov);
        let r = if reduce {
            let a = self.use_var(acc);
            let u = self.undef();
            self.call_value(cb, u, &[a, v, kn, o], &what)
        } else {
            let t = self.use_var(tv);
            self.call_value(cb, t, &[v, kn, o], &what)
        };
        match name {
            "forEach" => {
                self.b.ins().jump(next, &[]);
            }
            "reduce" | "reduceRight" => {
                self.def_var(acc, r);
                self.b.ins().jump(next, &[]);
            }
            "map" => {
                let a = self.use_var(acc);
                let k = self.use_var(kv);
                self.rt_check(Rt::perry_array_create_data, &[a, k, r]);
                self.b.ins().jump(next, &[]);
            }
            _ => {
                let t = self.truthy(r);
                let yes = self.b.create_block();
                let (on_yes, on_no) = if name == "every" { (next, yes) } else { (yes, next) };
                self.b.ins().brif(t, on_yes, &[], on_no, &[]);
                self.b.switch_to_block(yes);
                match name {
                    "filter" => {
                        let a = self.use_var(acc);
                        let i = self.use_var(to);
                        let v = self.use_var(val);
                        self.rt_check(Rt::perry_array_create_data, &[a, i, v]);
                        let i = self.use_var(to);
                        let i = self.b.ins().iadd_imm_s(i, 1);
                        self.def_var(to, i);
                        self.b.ins().jump(next, &[]);
                    }
                    _ => {
                        let out = match name {
                            "some" => self.iconst(TRUE),
                            "every" => self.iconst(FALSE),
                            "find" => self.use_var(val),
                            _ => {
                                let k = self.use_var(kv);
                                let kf = self.b.ins().fcvt_from_sint(types::F64, k);
                                self.val_of_f64(kf)
                            }
                        };
                        self.def_var(acc, out);
                        self.b.ins().jump(exit, &[]);
                    }
                }
            }
        }
        self.b.switch_to_block(next);
        let k = self.use_var(kv);
        let k = self.b.ins().iadd_imm_s(k, if right { -1 } else { 1 });
        self.def_var(kv, k);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(exit);
        let r = self.use_var(acc);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Some(self.use_var(res))
    }

    /// Evaluates call arguments (no spread) in order, each held across the
    /// next.
    fn hold_arguments(&mut self, args: &'static [Argument<'static>]) -> Vec<Held> {
        args.iter()
            .map(|a| {
                let v = self.expr(a.to_expression());
                self.hold(v)
            })
            .collect()
    }

    /// Whether call `c` is compiled in place by `num_call` (`fns`: this
    /// module's number functions): its body runs no code of anyone else's.
    pub fn inlines(&self, fns: &hashbrown::HashMap<SymbolId, crate::numeric::NumFn>, c: &CallExpression) -> bool {
        let Expression::Identifier(id) = &c.callee else { return false };
        let Some(nf) = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()).and_then(|s| fns.get(&s)) else { return false };
        !c.optional
            && nf.full()
            && nf.inline
            && !self.inlining
            && c.arguments.len() == nf.arity
            && c.arguments.iter().all(|a| a.as_expression().is_some_and(|e| self.is_num_expr(e)))
    }

    /// `f(a, b)` of a number function of this module with as many
    /// arguments as parameters: straight to the number entry when every
    /// argument is a number (tested at run time for those not numbers by
    /// construction), else the general call.
    fn num_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let Expression::Identifier(id) = &c.callee else { return None };
        let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())?;
        let nf = self.num_fn(sym)?;
        if c.optional || !nf.full() || c.arguments.len() != nf.arity || c.arguments.iter().any(|a| a.as_expression().is_none()) {
            return None;
        }
        if nf.inline && !self.inlining && c.arguments.iter().all(|a| self.is_num_expr(a.to_expression())) {
            return Some(self.inline_number_call(&nf, c));
        }
        // (`inlines` must agree with the test above.)
        let f = self.read_binding(sym, id.span.start);
        let fh = self.hold(f);
        let mut held = Vec::new();
        let mut statically = true;
        for a in &c.arguments {
            let e = a.to_expression();
            let v = if self.is_num_expr(e) {
                let x = self.expr_f64(e);
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), x)
            } else {
                statically = false;
                self.expr(e)
            };
            held.push(self.hold(v));
        }
        self.set_pos(c.span.start);
        let args: Vec<V> = held.into_iter().map(|h| self.unhold(h)).collect();
        let f = self.unhold(fh);
        if statically {
            return Some(self.call_num_entry(&nf, f, &args));
        }
        let mut all = None;
        for &a in &args {
            if self.known_num(a) {
                continue;
            }
            let t = self.is_number(a);
            all = Some(match all {
                None => t,
                Some(x) => self.b.ins().band(x, t),
            });
        }
        // Every argument turned out a number by construction.
        let Some(all) = all else { return Some(self.call_num_entry(&nf, f, &args)) };
        let res = self.new_var();
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(all, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let r = self.call_num_entry(&nf, f, &args);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        let what = callee_text(self.m.source, &c.callee);
        let u = self.undef();
        let r = self.call_value(f, u, &args, &what);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Some(self.use_var(res))
    }

    /// The callee, `this` and arguments of call `c`, evaluated in order (each
    /// held across the next), and whether the callee is still entry `k` of
    /// the built-in meta table `metas` (its `FN_META` word is the one the
    /// runtime recorded at start-up; a callee that is no function goes to
    /// `slow`): how an inlined built-in call (`Math.sqrt(x)`,
    /// `s.charCodeAt(i)`) knows nobody replaced it.
    fn builtin_callee(&mut self, c: &'static CallExpression<'static>, metas: DataId, k: usize, slow: Block) -> (V, V, Vec<V>, V) {
        let (f, this) = self.callee_and_this(&c.callee);
        let fh = self.hold(f);
        let th = self.hold(this);
        let held = self.hold_arguments(&c.arguments);
        self.set_pos(c.span.start);
        let args: Vec<V> = held.into_iter().map(|h| self.unhold(h)).collect();
        let f = self.unhold(fh);
        let this = self.unhold(th);
        let same = self.same_builtin_meta(f, metas, k, slow);
        (f, this, args, same)
    }

    /// Whether `f` is a function whose meta is entry `k` of table `metas` (an `i8`); to `slow`
    /// when it is no function.
    fn same_builtin_meta(&mut self, f: V, metas: DataId, k: usize, slow: Block) -> V {
        self.guard_kind(f, KIND_FUNCTION, slow, slow);
        let p = self.ptr_of(f);
        let meta = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, FN_META);
        let table = self.data_addr(metas);
        let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), table, 8 * k as i32);
        self.b.ins().icmp(IntCC::Equal, meta, want)
    }

    /// [`Self::builtin_callee`] for `G.name(args)` of a global built-in `G` whose property `name`
    /// has bit `bit` (and `G` itself `global_bit`) in `PERRY_INTACT`: while both bits are set the
    /// callee is the built-in with no read (the test comes before the arguments, where the
    /// callee is read); otherwise it is read and its meta compared as there. When the bits
    /// answered, the callee returned is the built-in as watched (`PERRY_INTACT_VALUES`) and
    /// `this` undefined (the built-ins these are ignore it).
    fn intact_builtin_callee(
        &mut self,
        c: &'static CallExpression<'static>,
        (global_bit, bit): (u32, u32),
        metas: DataId,
        k: usize,
        slow: Block,
    ) -> (V, V, Vec<V>, V) {
        let known = self.intact(1 << global_bit | 1 << bit);
        let (fv, tv) = (self.new_var(), self.new_var());
        let read = self.b.create_block();
        let args_b = self.b.create_block();
        let builtin = self.intact_value(bit);
        self.def_var(fv, builtin);
        let u = self.undef();
        self.def_var(tv, u);
        self.b.ins().brif(known, args_b, &[], read, &[]);
        self.b.set_cold_block(read);
        self.b.switch_to_block(read);
        let (f, this) = self.callee_and_this(&c.callee);
        self.def_var(fv, f);
        self.def_var(tv, this);
        self.b.ins().jump(args_b, &[]);
        self.b.switch_to_block(args_b);
        let held = self.hold_arguments(&c.arguments);
        self.set_pos(c.span.start);
        let args: Vec<V> = held.into_iter().map(|h| self.unhold(h)).collect();
        let f = self.use_var(fv);
        let this = self.use_var(tv);
        let join = self.b.create_block();
        let same = self.b.append_block_param(join, types::I8);
        let check = self.b.create_block();
        self.b.set_cold_block(check);
        let one = self.b.ins().iconst(types::I8, 1);
        self.b.ins().brif(known, join, &[one.into()], check, &[]);
        self.b.switch_to_block(check);
        let s = self.same_builtin_meta(f, metas, k, slow);
        self.b.ins().jump(join, &[s.into()]);
        self.b.switch_to_block(join);
        (f, this, args, same)
    }

    /// The value fact `bit`'s property held when it was watched (`PERRY_INTACT_VALUES`).
    pub(super) fn intact_value(&mut self, bit: u32) -> V {
        let a = self.data_addr(self.c.intact_values);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), a, 8 * bit as i32);
        self.track(v)
    }

    /// Whether every bit of `mask` is set in `PERRY_INTACT` (an `i8`).
    pub(super) fn intact(&mut self, mask: u64) -> V {
        let a = self.data_addr(self.c.intact);
        let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), a, 0);
        let m = self.b.ins().band_imm_u(w, mask as i64);
        self.b.ins().icmp_imm_u(IntCC::Equal, m, mask as i64)
    }

    /// `s.charCodeAt(i)`, `s.codePointAt(i)`, `s.charAt(i)`
    /// (`STRING_INLINE`): when the callee is still the built-in (its meta is
    /// the one the runtime recorded), `s` a flat string, a slice or a
    /// flattened rope and `i` an integral index within it, the unit is read inline
    /// (`codePointAt` of a lead surrogate and `charAt` of a unit above 0xFF
    /// excepted); anything else is the ordinary call.
    fn string_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        if c.optional || m.optional || matches!(m.object, Expression::Super(_)) || c.arguments.len() != 1 || c.arguments[0].as_expression().is_none() {
            return None;
        }
        let k = STRING_INLINE.iter().position(|&n| n == m.property.name.as_str())?;
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let c2 = self.b.create_block();
        let c3 = self.b.create_block();
        let (f, this, args, same) = self.builtin_callee(c, self.c.string_metas, k, slow);
        self.b.ins().brif(same, c2, &[], slow, &[]);
        self.b.switch_to_block(c2);
        let t = self.tag_of(this);
        let iss = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_STRING as i64);
        self.b.ins().brif(iss, c3, &[], slow, &[]);
        self.b.switch_to_block(c3);
        self.number_or(args[0], slow);
        let i = self.exact_index(args[0], slow);
        let u = self.string_unit(this, i, slow);
        let v = match STRING_INLINE[k] {
            "charAt" => self.unit_string(u, slow),
            name => {
                if name == "codePointAt" {
                    // A lead surrogate may start a pair: the runtime decides.
                    let ok = self.b.create_block();
                    let d = self.b.ins().iadd_imm_s(u, -0xD800);
                    let lead = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, d, 0x400);
                    self.b.ins().brif(lead, slow, &[], ok, &[]);
                    self.b.switch_to_block(ok);
                }
                let f = self.b.ins().fcvt_from_sint(types::F64, u);
                self.b.ins().bitcast(types::I64, MemFlagsData::new(), f)
            }
        };
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        self.cold_here();
        let what = callee_text(self.m.source, &c.callee);
        let v = self.call_value(f, this, &args, &what);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        Some(self.use_var(res))
    }

    /// `Math.f(x)` (`MATH_INLINE`: sqrt, abs, floor, ceil, trunc, min, max,
    /// imul) where `Math` is the global: computed inline when the callee is
    /// still the built-in (its meta is the one the runtime recorded) and the
    /// arguments are numbers; anything else is the ordinary call.
    /// `Number.isFinite(x)`, `Number.isInteger(x)`, `Number.isNaN(x)`, `Number.isSafeInteger(x)`
    /// (`NUMBER_INLINE`) of the global `Number`, while the callee is still the built-in: computed
    /// inline (they do not coerce: anything but a number is `false`); else the ordinary call.
    fn number_static_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let k = perry_abi::NUMBER_INLINE.iter().position(|&n| Some(n) == self.global_static_method(c, "Number"))?;
        if c.arguments.len() != 1 || c.arguments[0].as_expression().is_none() {
            return None;
        }
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let fast = self.b.create_block();
        let bits = (perry_abi::INTACT_NUMBER_GLOBAL, perry_abi::INTACT_NUMBER + k as u32);
        let (f, this, args, same) = self.intact_builtin_callee(c, bits, self.c.number_metas, k, slow);
        self.b.ins().brif(same, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let num = self.b.create_block();
        let no = self.b.create_block();
        let isn = self.is_number(args[0]);
        self.b.ins().brif(isn, num, &[], no, &[]);
        self.b.switch_to_block(no);
        let fv = self.iconst(FALSE);
        self.def_var(res, fv);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(num);
        let x = self.f64_of(args[0]);
        // x - x is 0 exactly for finite x (NaN for NaN and the infinities).
        let finite = |fc: &mut Self| {
            let d = fc.b.ins().fsub(x, x);
            let zero = fc.b.ins().f64const(0.0);
            fc.b.ins().fcmp(FloatCC::Equal, d, zero)
        };
        let cond = match perry_abi::NUMBER_INLINE[k] {
            "isFinite" => finite(self),
            "isNaN" => self.b.ins().fcmp(FloatCC::Unordered, x, x),
            name => {
                let finite = finite(self);
                let t = self.b.ins().trunc(x);
                let int = self.b.ins().fcmp(FloatCC::Equal, t, x);
                let int = self.b.ins().band(int, finite);
                if name == "isInteger" {
                    int
                } else {
                    let a = self.b.ins().fabs(x);
                    let max = self.b.ins().f64const(9007199254740991.0);
                    let safe = self.b.ins().fcmp(FloatCC::LessThanOrEqual, a, max);
                    self.b.ins().band(int, safe)
                }
            }
        };
        let t = self.iconst(TRUE);
        let fl = self.iconst(FALSE);
        let v = self.b.ins().select(cond, t, fl);
        Some(self.finish_builtin_call(c, v, (res, slow, done), (f, this, &args)))
    }

    /// `G.name(...)` of the global `G` (no binding of that name in scope), not optional:
    /// `name`.
    pub(super) fn global_static_method(&self, c: &'static CallExpression<'static>, global: &str) -> Option<&'static str> {
        let Expression::StaticMemberExpression(m) = &c.callee else { return None };
        let Expression::Identifier(obj) = &m.object else { return None };
        let unbound = obj.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()).is_none();
        (obj.name == global && unbound && !c.optional && !m.optional).then_some(m.property.name.as_str())
    }

    /// The end of an inline built-in call: the fast path's value `v` (in the current block) into
    /// `res`, and in block `slow` the ordinary call of `f` with `this` and `args`; both go on to
    /// `done`, where the result is read.
    fn finish_builtin_call(
        &mut self,
        c: &'static CallExpression<'static>,
        v: V,
        (res, slow, done): (Variable, Block, Block),
        (f, this, args): (V, V, &[V]),
    ) -> V {
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(slow);
        let what = callee_text(self.m.source, &c.callee);
        let v = self.call_value(f, this, args, &what);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    fn math_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let k = perry_abi::MATH_INLINE.iter().position(|&n| Some(n) == self.global_static_method(c, "Math"))?;
        let arity = if k >= 5 { 2 } else { 1 };
        if c.arguments.len() != arity || c.arguments.iter().any(|a| a.as_expression().is_none()) {
            return None;
        }
        if self.math_proven.contains(&k) {
            // In a number region's fast copy: the callee was tested at its entry, and the
            // arguments are numbers (no call can run in between to change either).
            let args: Vec<V> = c.arguments.iter().map(|a| self.expr(a.to_expression())).collect();
            return Some(self.math_op(k, &args));
        }
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let fast = self.b.create_block();
        let bits = (perry_abi::INTACT_MATH_GLOBAL, perry_abi::INTACT_MATH + k as u32);
        let (f, this, args, same) = self.intact_builtin_callee(c, bits, self.c.math_metas, k, slow);
        let nums = match args[..] {
            [a] => self.is_number(a),
            [a, b] => self.both_numbers(a, b),
            _ => unreachable!(),
        };
        let ok = self.b.ins().band(same, nums);
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        let v = self.math_op(k, &args);
        Some(self.finish_builtin_call(c, v, (res, slow, done), (f, this, &args)))
    }

    /// `Math[MATH_INLINE[k]](...args)` of number arguments, inline.
    fn math_op(&mut self, k: usize, args: &[V]) -> V {
        let x = self.f64_of(args[0]);
        let r = match perry_abi::MATH_INLINE[k] {
            "sqrt" => self.b.ins().sqrt(x),
            "abs" => self.b.ins().fabs(x),
            "floor" => self.b.ins().floor(x),
            "ceil" => self.b.ins().ceil(x),
            "trunc" => self.b.ins().trunc(x),
            "min" => {
                let y = self.f64_of(args[1]);
                self.b.ins().fmin(x, y)
            }
            "max" => {
                let y = self.f64_of(args[1]);
                self.b.ins().fmax(x, y)
            }
            _ => {
                let a = self.i32_of_num(args[0]);
                let b = self.i32_of_num(args[1]);
                let p = self.b.ins().imul(a, b);
                self.b.ins().fcvt_from_sint(types::F64, p)
            }
        };
        // A NaN result is the canonical NaN (sqrt of a negative number).
        let nan = self.b.ins().f64const(f64::from_bits(NAN));
        let isnan = self.b.ins().fcmp(FloatCC::Unordered, r, r);
        let r = self.b.ins().select(isnan, nan, r);
        self.b.ins().bitcast(types::I64, MemFlagsData::new(), r)
    }

    /// A call of an inlinable number function (`numeric::inlinable`) with
    /// number arguments, compiled in place: the arguments bind its parameters
    /// as number locals of this function, its statements run here, and its
    /// final `return` is the value. Its code can neither throw nor call, so
    /// nothing can tell.
    fn inline_number_call(&mut self, nf: &crate::numeric::NumFn, c: &'static CallExpression<'static>) -> V {
        let f = nf.func;
        let body = &f.body.as_ref().unwrap().statements;
        let params = super::func::param_symbols(&f.params);
        let mut vars = Vec::new();
        for arg in &c.arguments {
            let x = self.expr_f64(arg.to_expression());
            let v = self.declare(types::F64);
            self.def_var(v, x);
            vars.push(v);
        }
        for &s in nf.locals.iter() {
            self.num_locals.insert(s);
            self.num_known.syms.insert(s);
        }
        for (&p, v) in params.iter().zip(vars) {
            let x = self.use_var(v);
            self.write_num(p, x);
        }
        self.inlining = true;
        let (last, rest) = body.split_last().unwrap();
        for st in rest {
            self.stmt(st);
        }
        let Statement::ReturnStatement(r) = last else { unreachable!("inlinable ends with a return") };
        let x = self.expr_f64(r.argument.as_ref().unwrap());
        self.inlining = false;
        self.b.ins().bitcast(types::I64, MemFlagsData::new(), x)
    }

    pub fn is_function(&mut self, f: V) -> V {
        let v = self.kind_test(f, KIND_FUNCTION);
        self.use_var(v)
    }

    /// The plain-data construction of `new callee(...)`, when the callee names
    /// a class declaration that qualifies (see `classes.rs`).
    fn plain_class_of(&mut self, callee: &Expression) -> Option<std::rc::Rc<crate::classes::PlainClass>> {
        let Expression::Identifier(id) = callee else { return None };
        let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())?;
        self.plain_class(sym)
    }

    /// The global slot holding plain class `sym`'s instance shape.
    fn class_shape_slot(&mut self, sym: SymbolId) -> u32 {
        if let Some(&g) = self.c.class_shapes.get(&(self.module, sym)) {
            return g;
        }
        let g = self.c.new_global(super::SlotInit::Undefined);
        self.c.class_shapes.insert((self.module, sym), g);
        g
    }

    /// `o.name` where `o` (an identifier) is predicted to hold an instance
    /// of a plain class with field `name`: the class's shape slot and the
    /// field's byte offset.
    pub(super) fn predicted_field(&mut self, o: &Expression, name: &str) -> Option<Predicted> {
        let (sym, class, this_ptr) = self.predicted_receiver(o)?;
        let fields = self.class_fields(class)?;
        let k = fields.iter().position(|n| n == name)?;
        Some(Predicted {
            slot: self.class_shape_slot(class),
            off: OBJ_INLINE + 8 * k as i32,
            // (No memo for `this`: in a large method with calls in its loop, the memo's
            // branch cost more than the tests it saved; measured on `interp`.)
            memo: sym.and_then(|sym| self.shape_memo.get(&sym).copied()),
            proven: sym.and_then(|sym| self.proven.iter().find(|(s, _)| *s == sym).map(|(_, v)| *v)),
            this_ptr,
            member: None,
        })
    }

    /// The class whose instance `o` is predicted to be: a binding's (`predictions`), or `this`'s
    /// in a method (with `this`'s address when the method keeps it: `this_ptr`).
    fn predicted_receiver(&mut self, o: &Expression) -> Option<(Option<SymbolId>, SymbolId, Option<Variable>)> {
        match o {
            Expression::Identifier(id) => {
                let sym = id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id())?;
                Some((Some(sym), *self.predictions().get(&sym)?, None))
            }
            // In a method of a class: its instances' layout.
            Expression::ThisExpression(_) => Some((None, self.this_class()?, if self.inline_this.is_none() { self.this_ptr } else { self.inline_this_ptr })),
            _ => None,
        }
    }

    /// `o.name` where `o` is predicted to be an instance of a class with a known layout
    /// (`predicted_field`) that has no field `name` but defines it on its prototype as a
    /// method or accessor that can run in place (`crate::inline`): the member's fact
    /// (`arm_member_facts`), for [`Self::member_guard`].
    pub(super) fn predicted_member(&mut self, o: &Expression, name: &str) -> Option<Predicted> {
        if !self.may_inline() {
            return None;
        }
        let (sym, class, this_ptr) = self.predicted_receiver(o)?;
        let fields = self.class_fields(class);
        if fields.as_ref().is_some_and(|f| f.iter().any(|n| n == name)) {
            return None;
        }
        let program = self.m.program;
        let decls = self.c.class_decls.entry(self.module).or_insert_with(|| crate::classes::class_declarations(program));
        let decl = *decls.get(&class)?;
        let (_, mem) = crate::classes::prototype_members(decl).into_iter().find(|(n, _)| n == name)?;
        let mut fact = MemberFact { fact: 0, method: 0, getter: 0, setter: 0, layout: fields.is_some() };
        for (kind, key, to) in [
            (crate::inline::Kind::Method, mem.method, &mut fact.method),
            (crate::inline::Kind::Getter, mem.getter, &mut fact.getter),
            (crate::inline::Kind::Setter, mem.setter, &mut fact.setter),
        ] {
            if self.c.inline_candidate(self.module, kind, name, key).is_some() {
                *to = key;
            }
        }
        if fact.method == 0 && fact.getter == 0 && fact.setter == 0 {
            return None;
        }
        fact.fact = self.site_slot(mem.key());
        Some(Predicted {
            slot: if fact.layout { self.class_shape_slot(class) } else { 0 },
            off: 0,
            memo: sym.and_then(|sym| self.shape_memo.get(&sym).copied()),
            proven: None,
            this_ptr,
            member: Some(fact),
        })
    }

    /// At the end of class `c`'s methods (its prototype in `protov`): for each member of the
    /// prototype with a function that can run in place, the global slot `predicted_member`
    /// tests gets the prototype while the member is the class's own (`perry_watch_member`).
    fn arm_member_facts(&mut self, c: &'static Class<'static>, protov: Variable) {
        let all = self.c.inlinable(self.module);
        let inlinable = |key: usize| key != 0 && all.values().flatten().any(|me| me.key() == key);
        for (name, mem) in crate::classes::prototype_members(c) {
            if ![mem.method, mem.getter, mem.setter].into_iter().any(inlinable) {
                continue;
            }
            let slot = self.site_slot(mem.key());
            let code = |fc: &mut Self, key: usize| match (key, fc.c.fns.get(&key).map(|i| i.id)) {
                (0, _) | (_, None) => fc.iconst(0),
                (_, Some(id)) => {
                    let f = fc.func_ref(id);
                    fc.b.ins().func_addr(types::I64, f)
                }
            };
            let (a, b) = if mem.is_accessor() { (code(self, mem.getter), code(self, mem.setter)) } else { (code(self, mem.method), self.iconst(0)) };
            let acc = self.iconst(mem.is_accessor() as u64);
            let k = self.str_const(&name);
            let base = self.data_addr(self.c.globals_data);
            let at = self.b.ins().iadd_imm_s(base, (slot * 8) as i64);
            let proto = self.use_var(protov);
            self.rt(Rt::perry_watch_member, &[proto, k, at, acc, a, b]);
        }
    }

    /// Continues in a new block while `o` has no own property by the member's name, is an
    /// ordinary object, and its prototype is what the member's fact global holds (the class's,
    /// whose member is still its own); to `slow` otherwise. Returns `o`'s address. The first
    /// is the class's instance shape (`MemberFact::layout`), or else the receiver shape of the
    /// first way of prototype entries `site` (filled only for receivers with a prototype word
    /// and no own property by that name, with their kind).
    fn member_guard(&mut self, o: V, pr: Predicted, mf: MemberFact, site: Option<u32>, slow: Block) -> V {
        let step = |fc: &mut Self, cond: V| {
            let next = fc.b.create_block();
            fc.b.ins().brif(cond, next, &[], slow, &[]);
            fc.b.switch_to_block(next);
        };
        let kind = |fc: &mut Self, p: V| fc.b.ins().uload8(types::I64, MemFlagsData::trusted(), p, (HDR_KIND_SHIFT / 8) as i32);
        let p = match site {
            None => {
                let p = self.predicted_guard(o, pr, slow);
                let k = kind(self, p);
                let c = self.b.ins().icmp_imm_u(IntCC::Equal, k, KIND_OBJECT as i64);
                step(self, c);
                p
            }
            Some(site) => {
                let p = self.object_or(o, slow);
                let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
                let base = self.data_addr(self.c.ic_data);
                let at = (site * IC_ENTRY_SIZE) as i32;
                let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_SHAPE);
                let c = self.b.ins().icmp(IntCC::Equal, sh, want);
                step(self, c);
                let k = kind(self, p);
                let want = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, at + IC_LOCATION);
                let c = self.b.ins().icmp(IntCC::Equal, k, want);
                step(self, c);
                p
            }
        };
        let proto = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_PROTO);
        let base = self.data_addr(self.c.globals_data);
        let holder = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (mf.fact * 8) as i32);
        let c = self.b.ins().icmp(IntCC::Equal, proto, holder);
        step(self, c);
        p
    }

    /// A member's site: its general path (`general`, into `res` and then to `done`) compiled
    /// first, cold and with no body in place, so that the prototype entries it makes exist for
    /// [`Self::member_guard`] when the class has no layout. Leaves the builder in a new block,
    /// the test's; returns the general path's block and the site (`None` for a layout, or
    /// when the general path has no prototype entries: then go straight to it).
    fn member_general_first(
        &mut self,
        mf: MemberFact,
        done: Block,
        res: Option<Variable>,
        general: impl FnOnce(&mut Self) -> Option<V>,
    ) -> (Block, Option<u32>) {
        let slow = self.b.create_block();
        if mf.layout {
            return (slow, None);
        }
        let test = self.b.create_block();
        self.b.ins().jump(test, &[]);
        self.last_proto_site = None;
        self.general_path(slow, done, res, |s| s.without_inlining(general));
        let site = self.last_proto_site.take();
        self.b.switch_to_block(test);
        (slow, site)
    }

    /// `o.name` for a predicted member (`predicted_member`) with a getter that can run in
    /// place: while [`Self::member_guard`] holds, the getter's body; else the ordinary read.
    fn get_member_predicted(&mut self, o: V, pr: Predicted, mf: MemberFact, name: &str, this_ptr: Option<Variable>) -> V {
        let Some((_, func, params)) = self.c.inline_candidate(self.module, crate::inline::Kind::Getter, name, mf.getter) else {
            return self.get_named_cached(o, name);
        };
        let res = self.new_var();
        let done = self.b.create_block();
        let ov = self.var_holding(o);
        let general = move |s: &mut Self| {
            let o = s.use_var(ov);
            Some(s.without_inlining(|s| s.get_named_cached(o, name)))
        };
        let (slow, site) = self.member_general_first(mf, done, Some(res), general);
        if !mf.layout && site.is_none() {
            self.b.ins().jump(slow, &[]);
            self.b.switch_to_block(done);
            return self.use_var(res);
        }
        let o = self.use_var(ov);
        self.member_guard(o, pr, mf, site, slow);
        let v = self.member_body(func, &params, ov, &[], this_ptr);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        if mf.layout {
            self.general_path(slow, done, Some(res), general);
        } else {
            self.b.switch_to_block(done);
        }
        self.use_var(res)
    }

    /// `o.name = v` for a predicted member with a setter that can run in place: while
    /// [`Self::member_guard`] holds, the setter's body; else the ordinary store.
    fn set_member_predicted(&mut self, o: V, pr: Predicted, mf: MemberFact, name: &str, v: V, this_ptr: Option<Variable>) {
        let Some((_, func, params)) = self.c.inline_candidate(self.module, crate::inline::Kind::Setter, name, mf.setter) else {
            return self.set_named(o, name, v);
        };
        let done = self.b.create_block();
        let ov = self.var_holding(o);
        let vv = self.var_holding(v);
        let general = move |s: &mut Self| {
            let o = s.use_var(ov);
            let v = s.use_var(vv);
            s.without_inlining(|s| s.set_named(o, name, v));
            None
        };
        let (slow, site) = self.member_general_first(mf, done, None, general);
        if !mf.layout && site.is_none() {
            self.b.ins().jump(slow, &[]);
            self.b.switch_to_block(done);
            return;
        }
        let o = self.use_var(ov);
        self.member_guard(o, pr, mf, site, slow);
        self.member_body(func, &params, ov, &[vv], this_ptr);
        self.b.ins().jump(done, &[]);
        if mf.layout {
            self.general_path(slow, done, None, general);
        } else {
            self.b.switch_to_block(done);
        }
    }

    /// The body of a member (method, getter or setter) run in place with `this` in `tv`; when
    /// the receiver is the method's own `this`, its address in `this_ptr`.
    fn member_body(&mut self, func: &'static Function<'static>, params: &[SymbolId], tv: Variable, argv: &[Variable], this_ptr: Option<Variable>) -> V {
        let saved = std::mem::replace(&mut self.inline_this_ptr, this_ptr);
        let v = self.inline_method_body(func, params, tv, argv);
        self.inline_this_ptr = saved;
        v
    }

    /// Runs `f` with no body compiled in place (a general path whose fast path has one).
    fn without_inlining<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.no_inline, true);
        let r = f(self);
        self.no_inline = saved;
        r
    }

    /// `o.m(a, b)` for a predicted member (`predicted_member`) with a method that can run in
    /// place: [`Self::member_guard`] where the method would be read (before the arguments),
    /// then the method's body with the arguments; when the guard fails, the method is read and
    /// called as usual.
    fn member_method_call(&mut self, c: &'static CallExpression<'static>) -> Option<V> {
        let m = self.inlinable_call(c)?;
        let name = m.property.name.as_str();
        let pr = self.predicted_member(&m.object, name)?;
        let mf = pr.member?;
        let (_, func, params) = self.c.inline_candidate(self.module, crate::inline::Kind::Method, name, mf.method)?;
        let o = self.expr(&m.object);
        let ov = self.var_holding(o);
        let fv = self.new_var();
        let hitv = self.declare(types::I8);
        let join = self.b.create_block();
        let general = move |s: &mut Self| {
            let o = s.use_var(ov);
            let f = s.get_method(o, name, m.span.start);
            s.def_var(fv, f);
            let zero = s.b.ins().iconst(types::I8, 0);
            s.def_var(hitv, zero);
            None
        };
        let (slow, site) = self.member_general_first(mf, join, None, general);
        if !mf.layout && site.is_none() {
            self.b.ins().jump(slow, &[]);
        } else {
            let o = self.use_var(ov);
            self.member_guard(o, pr, mf, site, slow);
            self.guard_hit(hitv, fv, join);
            if mf.layout {
                self.general_path(slow, join, None, general);
            }
        }
        let this_ptr = self.same_this_ptr(&m.object);
        Some(self.call_after_guard(c, join, hitv, fv, ov, |s, argv| s.member_body(func, &params, ov, argv, this_ptr)))
    }

    /// The fields, in slot order, of the instances of class `sym` whose shape its shape slot
    /// holds: a plain class's, or the layout its first instance is checked against
    /// (`classes::class_layout`, learnt at the constructor's end: `learn_layout`).
    pub(super) fn class_fields(&mut self, sym: SymbolId) -> Option<std::rc::Rc<Vec<String>>> {
        if let Some(f) = self.c.class_fields.get(&(self.module, sym)) {
            return f.clone();
        }
        let fields = match self.plain_class(sym) {
            Some(p) => Some(p.fields.iter().map(|(n, _)| n.clone()).collect()),
            None => self.class_layout(sym),
        }
        .map(std::rc::Rc::new);
        self.c.class_fields.insert((self.module, sym), fields.clone());
        fields
    }

    /// The expected layout of a class that is not plain data (`classes::class_layout`).
    fn class_layout(&mut self, sym: SymbolId) -> Option<Vec<String>> {
        let program = self.m.program;
        let decls = self.c.class_decls.entry(self.module).or_insert_with(|| crate::classes::class_declarations(program));
        let &class = decls.get(&sym)?;
        crate::classes::class_layout(sym, class, &self.m.scoping)
    }

    /// The class whose instance `this` is expected to be: in a method, getter or setter of a
    /// class declaration (compiled, or inlined at a call site).
    pub(super) fn this_class(&mut self) -> Option<SymbolId> {
        let key = match (self.inline_this, self.inline_key) {
            (Some(_), Some(k)) => k,
            (Some(_), None) => return None,
            (None, _) => match self.body {
                FnBody::Function(f) => f as *const Function as usize,
                _ => return None,
            },
        };
        let program = self.m.program;
        let methods = self.c.method_classes.entry(self.module).or_insert_with(|| std::rc::Rc::new(crate::classes::method_classes(program))).clone();
        methods.get(&key).copied()
    }

    /// At the end of a constructor of a class with an expected layout: the first instance made
    /// by `new` of exactly this class (`new.target` is the constructor) is checked against it,
    /// and its shape becomes the class's shape slot when it matches (`perry_learn_layout`).
    fn learn_layout(&mut self, class: &'static Class<'static>) {
        let Some(sym) = class.id.as_ref().and_then(|i| i.symbol_id.get()) else { return };
        if self.plain_class(sym).is_some() {
            return;
        }
        let Some(fields) = self.class_fields(sym) else { return };
        let slot = self.class_shape_slot(sym);
        let nt = self.use_var(self.nt);
        let f = self.use_var(self.callee);
        let exact = self.b.ins().icmp(IntCC::Equal, nt, f);
        let base = self.data_addr(self.c.globals_data);
        let cur = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (slot * 8) as i32);
        let unset = self.b.ins().icmp_imm_u(IntCC::Equal, cur, UNDEFINED as i64);
        let go = self.b.ins().band(exact, unset);
        let learn = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(go, learn, &[], done, &[]);
        self.b.switch_to_block(learn);
        self.cold_here();
        let this = self.this_value();
        let names = self.str_const(&fields.join("\n"));
        let base = self.data_addr(self.c.globals_data);
        let at = self.b.ins().iadd_imm_s(base, (slot * 8) as i64);
        self.rt(Rt::perry_learn_layout, &[this, at, names]);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
    }

    /// The class each binding of this module is predicted to hold an
    /// instance of (`classes::predicted_instances`, computed once).
    pub fn predictions(&mut self) -> std::rc::Rc<hashbrown::HashMap<SymbolId, SymbolId>> {
        let module = self.module;
        let program = self.m.program;
        let scoping = &self.m.scoping;
        self.c.predicted.entry(module).or_insert_with(|| std::rc::Rc::new(crate::classes::predicted_instances(program, scoping))).clone()
    }

    /// Continues in a new block while `o` has the predicted class's
    /// instance shape (to `slow` otherwise); returns `o`'s address. With a
    /// remembered test (`FnCompiler::shape_memo`) that says so, no test: the
    /// test runs only where the memo is 0, and sets it.
    fn predicted_guard(&mut self, o: V, pr: Predicted, slow: Block) -> V {
        if let Some(tp) = pr.this_ptr {
            let p = self.use_var(tp);
            let hit = self.b.create_block();
            let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, OBJ_SHAPE);
            let base = self.data_addr(self.c.globals_data);
            let cached = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, (pr.slot * 8) as i32);
            let same = self.b.ins().icmp(IntCC::Equal, sh, cached);
            self.b.ins().brif(same, hit, &[], slow, &[]);
            self.b.switch_to_block(hit);
            return p;
        }
        let Some(memo) = pr.memo else {
            return self.shape_guard(o, self.c.globals_data, (pr.slot * 8) as i32, slow).0;
        };
        let known = self.use_var(memo);
        let test = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(known, go, &[], test, &[]);
        self.b.switch_to_block(test);
        self.shape_guard(o, self.c.globals_data, (pr.slot * 8) as i32, slow);
        let one = self.b.ins().iconst(types::I8, 1);
        self.def_var(memo, one);
        self.b.ins().jump(go, &[]);
        self.b.switch_to_block(go);
        self.ptr_of(o)
    }

    /// `o.name` for a predicted plain-class field at byte offset `off`:
    /// while `o` has the class's instance shape (in global `slot`), a load;
    /// anything else takes the inline cache (in cold blocks).
    fn get_field_predicted(&mut self, o: V, pr: Predicted, name: &str) -> V {
        if let Some(mf) = pr.member {
            return self.get_member_predicted(o, pr, mf, name, pr.this_ptr);
        }
        if let Some(pv) = pr.proven {
            // In a number region's fast copy: the shape and a number in the field were tested.
            let p = self.use_var(pv);
            let f = self.b.ins().load(types::F64, MemFlagsData::trusted(), p, pr.off);
            return self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        }
        let res = self.new_var();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let p = self.predicted_guard(o, pr, slow);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), p, pr.off);
        let v = self.track(v);
        self.def_var(res, v);
        self.b.ins().jump(done, &[]);
        self.general_path(slow, done, Some(res), |s| Some(s.get_named_cached(o, name)));
        self.use_var(res)
    }

    /// `o.name = v` for a predicted plain-class field at byte offset `off`:
    /// while `o` has the class's instance shape (every field a writable
    /// data property), a store with the barrier; anything else takes the
    /// inline cache (in cold blocks).
    fn set_field_predicted(&mut self, o: V, pr: Predicted, name: &str, v: V) {
        if let Some(mf) = pr.member {
            return self.set_member_predicted(o, pr, mf, name, v, pr.this_ptr);
        }
        if let Some(pv) = pr.proven {
            // In a number region's fast copy (which stores only numbers: no barrier).
            let p = self.use_var(pv);
            let addr = self.b.ins().iadd_imm_s(p, pr.off as i64);
            self.store_raw_with_barrier(addr, v);
            return;
        }
        // Anything may be stored: what number regions found about receivers' fields is void.
        self.forget_receivers();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let p = self.predicted_guard(o, pr, slow);
        let addr = self.b.ins().iadd_imm_s(p, pr.off as i64);
        self.store_raw_with_barrier(addr, v);
        self.b.ins().jump(done, &[]);
        self.general_path(slow, done, None, |s| {
            s.set_named(o, name, v);
            None
        });
    }

    fn plain_class(&mut self, sym: SymbolId) -> Option<std::rc::Rc<crate::classes::PlainClass>> {
        let module = self.module;
        let program = self.m.program;
        if let Some(p) = self.c.plain_classes.get(&(module, sym)) {
            return p.clone();
        }
        let decls = self.c.class_decls.entry(module).or_insert_with(|| crate::classes::class_declarations(program));
        let plain = decls.get(&sym).and_then(|&class| crate::classes::plain_class(sym, class, &self.m.scoping)).map(std::rc::Rc::new);
        self.c.plain_classes.insert((module, sym), plain.clone());
        plain
    }

    fn new_expr(&mut self, n: &'static NewExpression<'static>) -> V {
        if let Some(plain) = self.plain_class_of(&n.callee)
            && !n.arguments.iter().any(|a| matches!(a, Argument::SpreadElement(_)))
        {
            let class = match &n.callee {
                Expression::Identifier(id) => id.reference_id.get().and_then(|r| self.scoping().get_reference(r).symbol_id()),
                _ => None,
            };
            let slot = class.map(|c| self.class_shape_slot(c));
            return self.construct_plain(n, &plain, slot);
        }
        let f = self.expr(&n.callee);
        let fv = self.new_var();
        self.def_var(fv, f);
        let args = self.arguments_list(&n.arguments);
        self.set_pos(n.span.start);
        let f = self.use_var(fv);
        match args {
            Ok(list) => self.construct_cached(f, &list),
            Err(arr) => self.rt_check(Rt::perry_construct_spread, &[f, arr]),
        }
    }

    /// `new C(...)` of a plain-data class: the instance is allocated inline
    /// with its final shape and field values, and no constructor runs.
    ///
    /// Site slots: `[ctor, final shape, prototype]`, filled by
    /// `perry_construct_plain` after the first construction through the
    /// general path; while the callee is that constructor, the fast path is
    /// taken.
    fn construct_plain(&mut self, n: &'static NewExpression<'static>, plain: &crate::classes::PlainClass, class_slot: Option<u32>) -> V {
        // The ctor slot starts as HOLE, which no callee expression evaluates to.
        let g = self.c.new_site(PLAIN_SITE_SLOTS, super::SlotInit::Hole);
        let f = self.expr(&n.callee);
        let fh = self.hold(f);
        // No spread (see `new_expr`).
        let held = self.hold_arguments(&n.arguments);
        self.set_pos(n.span.start);
        let res = self.new_var();
        let f = self.unhold(fh);
        let (slow, done) = self.site_hit(f, g);
        let nslots = plain.fields.len().max(1);
        let size = self.iconst(OBJ_INLINE as u64 + 8 * nslots as u64);
        let (obj, raw) = self.alloc_object_inline(
            size,
            KIND_OBJECT << HDR_KIND_SHIFT,
            |s, top| {
                let proto = s.global_get(g + PLAIN_SITE_PROTO);
                s.b.ins().store(MemFlagsData::trusted(), proto, top, OBJ_PROTO);
            },
            |s| {
                let proto = s.global_get(g + PLAIN_SITE_PROTO);
                let shape = s.global_get(g + PLAIN_SITE_SHAPE);
                s.rt(Rt::perry_alloc_instance, &[proto, shape])
            },
        );
        // Both paths give a young object with room for every field: write the
        // final shape and the values (no safepoint until it is complete).
        let shape = self.global_get(g + PLAIN_SITE_SHAPE);
        self.store_fresh(raw, OBJ_SHAPE, shape);
        if plain.fields.is_empty() {
            let u = self.undef();
            self.store_fresh(raw, OBJ_INLINE, u);
        }
        for (i, (_, init)) in plain.fields.iter().enumerate() {
            let v = match *init {
                crate::classes::Init::Undefined => self.undef(),
                crate::classes::Init::Arg(a) => match held.get(a) {
                    Some(&h) => self.unhold(h),
                    None => self.undef(),
                },
                crate::classes::Init::Lit(e) => self.expr(e),
            };
            self.store_fresh(raw, OBJ_INLINE + 8 * i as i32, v);
        }
        self.def_var(res, obj);
        self.b.ins().jump(done, &[]);

        self.b.switch_to_block(slow);
        let f = self.unhold(fh);
        let nfields = self.iconst(plain.fields.len() as u64);
        let r = if held.len() <= JS_REG_ARGS {
            self.construct_at_site(Rt::perry_construct_plain, f, &held, g, &[nfields])
        } else {
            // More arguments than registers: in an array (this path runs
            // until the site has learnt the class).
            let fv = self.new_var();
            self.def_var(fv, f);
            let n = self.iconst(held.len() as u64);
            let arr = self.rt(Rt::perry_new_array, &[n]);
            let av = self.new_var();
            self.def_var(av, arr);
            for &h in &held {
                let v = self.unhold(h);
                let arr = self.use_var(av);
                self.rt(Rt::perry_array_push, &[arr, v]);
            }
            let f = self.use_var(fv);
            let arr = self.use_var(av);
            let base = self.data_addr(self.c.globals_data);
            let site = self.b.ins().iadd_imm_s(base, (g * GLOBAL_SLOT_SIZE) as i64);
            self.rt_check(Rt::perry_construct_plain_spread, &[f, arr, site, nfields])
        };
        // The instances' shape, for reads of predicted fields.
        if let Some(cs) = class_slot {
            let base = self.data_addr(self.c.globals_data);
            let sh = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, ((g + PLAIN_SITE_SHAPE) * GLOBAL_SLOT_SIZE) as i32);
            self.b.ins().store(MemFlagsData::trusted(), sh, base, (cs * GLOBAL_SLOT_SIZE) as i32);
        }
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// `new f(...)` with at most four arguments. The site remembers a
    /// base-class constructor in four global slots `[ctor, prototype, root
    /// shape, instance size]` (filled by `perry_construct_site`); when `f` is
    /// that constructor the instance is bump-allocated inline and the
    /// constructor's code is called directly.
    pub(crate) fn construct_cached(&mut self, f: V, list: &[V]) -> V {
        // The ctor slot starts as HOLE, which no callee expression evaluates to.
        let g = self.c.new_site(CTOR_SITE_SLOTS, super::SlotInit::Hole);
        let res = self.new_var();
        let held: Vec<_> = list.iter().map(|&v| self.hold(v)).collect();
        let fv = self.new_var();
        self.def_var(fv, f);
        let (slow, done) = self.site_hit(f, g);
        // The instance size the site learnt from the first instance (slack
        // tracking: as many inline slots as it ended up with properties).
        let size = self.global_get(g + CTOR_SITE_SIZE);
        let (this, _) = self.alloc_object_inline(
            size,
            KIND_OBJECT << HDR_KIND_SHIFT,
            |s, top| {
                let shape = s.global_get(g + CTOR_SITE_ROOT_SHAPE);
                s.b.ins().store(MemFlagsData::trusted(), shape, top, OBJ_SHAPE);
                let proto = s.global_get(g + CTOR_SITE_PROTO);
                s.b.ins().store(MemFlagsData::trusted(), proto, top, OBJ_PROTO);
                // Fill the inline slots with undefined.
                let off = s.new_var();
                let o0 = s.iconst(OBJ_INLINE as u64);
                s.def_var(off, o0);
                let head = s.b.create_block();
                let body = s.b.create_block();
                let exit = s.b.create_block();
                s.b.ins().jump(head, &[]);
                s.b.switch_to_block(head);
                let o = s.use_var(off);
                let more = s.b.ins().icmp(IntCC::UnsignedLessThan, o, size);
                s.b.ins().brif(more, body, &[], exit, &[]);
                s.b.switch_to_block(body);
                let addr = s.b.ins().iadd(top, o);
                let u = s.undef();
                s.b.ins().store(MemFlagsData::trusted(), u, addr, 0);
                let o2 = s.b.ins().iadd_imm_s(o, 8);
                s.def_var(off, o2);
                s.b.ins().jump(head, &[]);
                s.b.switch_to_block(exit);
            },
            |s| {
                let proto = s.global_get(g + CTOR_SITE_PROTO);
                let shape = s.global_get(g + CTOR_SITE_ROOT_SHAPE);
                s.rt(Rt::perry_alloc_instance, &[proto, shape])
            },
        );
        let thisv = self.new_var();
        self.def_var(thisv, this);
        let f = self.use_var(fv);
        let this = self.use_var(thisv);
        let code = self.load_field(f, FN_CODE);
        let argc = self.iconst(list.len() as u64);
        let mut full = vec![f, this, f, argc];
        full.extend(self.reg_args(&held));
        let sig = self.b.import_signature(self.c.js_sig.clone());
        self.effects += 1;
        let inst = self.b.ins().call_indirect(sig, code, &full);
        let r = self.b.inst_results(inst)[0];
        self.after_call();
        let r = self.track(r);
        self.check(r);
        // A constructor that returns an object (a proxy too) replaces the
        // instance.
        let t = self.tag_of(r);
        let iso = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_OBJECT as i64);
        let kindb = self.b.create_block();
        let take_r = self.b.create_block();
        let take_this = self.b.create_block();
        let not_cell = self.b.create_block();
        self.b.ins().brif(iso, kindb, &[], not_cell, &[]);
        self.b.switch_to_block(not_cell);
        let is_proxy = self.b.ins().icmp_imm_u(IntCC::Equal, t, TAG_PROXY as i64);
        self.b.ins().brif(is_proxy, take_r, &[], take_this, &[]);
        self.b.switch_to_block(kindb);
        let kind = self.cell_kind(r);
        let isobj = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, kind, KIND_FIRST_OBJECT as i64);
        self.b.ins().brif(isobj, take_r, &[], take_this, &[]);
        self.b.switch_to_block(take_r);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(take_this);
        let this = self.use_var(thisv);
        self.def_var(res, this);
        self.b.ins().jump(done, &[]);

        self.b.switch_to_block(slow);
        let f = self.use_var(fv);
        let r = self.construct_at_site(Rt::perry_construct_site, f, &held, g, &[]);
        self.def_var(res, r);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.use_var(res)
    }

    /// The test of a caching `new` site: leaves the builder in the block for
    /// callee `f` being the constructor in site slot `g` (`CTOR_SITE_CTOR`
    /// and `PLAIN_SITE_CTOR` are both the first); returns the blocks
    /// for the general path and the join.
    fn site_hit(&mut self, f: V, g: u32) -> (Block, Block) {
        let cached = self.global_get(g + CTOR_SITE_CTOR);
        let same = self.b.ins().icmp(IntCC::Equal, f, cached);
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(same, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        (slow, done)
    }

    /// The general path of a caching `new` site: runtime `name` with
    /// `(f, argc, a0..a3, rest, &site slots, extra...)`.
    fn construct_at_site(&mut self, name: Rt, f: V, held: &[Held], g: u32, extra: &[V]) -> V {
        let argc = self.iconst(held.len() as u64);
        let mut full = vec![f, argc];
        full.extend(self.reg_args(held));
        let base = self.data_addr(self.c.globals_data);
        full.push(self.b.ins().iadd_imm_s(base, (g * GLOBAL_SLOT_SIZE) as i64));
        full.extend_from_slice(extra);
        self.rt_check(name, &full)
    }

    /// The four register arguments from held variables (undefined past
    /// them) and an undefined `rest`.
    fn reg_args(&mut self, held: &[Held]) -> Vec<V> {
        let u = self.undef();
        let mut v: Vec<V> = (0..JS_REG_ARGS).map(|i| held.get(i).map_or(u, |&h| self.unhold(h))).collect();
        v.push(u);
        v
    }

    /// Allocates a cell of `size` bytes with header bits `hdr` (kind and
    /// flags; an ordinary object's: `KIND_OBJECT << HDR_KIND_SHIFT`): inline
    /// bump allocation in eden (`init` writes the header words at the raw
    /// address), the
    /// runtime's `slow` path when eden is full. Returns the object and its
    /// raw address (valid until the next allocation: for the stores that
    /// complete it, with no barrier).
    pub fn alloc_object_inline(&mut self, size: V, hdr: u64, init: impl FnOnce(&mut Self, V), slow: impl FnOnce(&mut Self) -> V) -> (V, V) {
        let objv = self.new_var();
        let rawv = self.declare(types::I64);
        let top_addr = self.data_addr(self.c.heap_top);
        let top = self.b.ins().load(types::I64, MemFlagsData::trusted(), top_addr, 0);
        let new_top = self.b.ins().iadd(top, size);
        let end_addr = self.data_addr(self.c.heap_end);
        let end = self.b.ins().load(types::I64, MemFlagsData::trusted(), end_addr, 0);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, new_top, end);
        let bump = self.b.create_block();
        let call = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(fits, bump, &[], call, &[]);
        self.b.switch_to_block(bump);
        self.b.ins().store(MemFlagsData::trusted(), new_top, top_addr, 0);
        let hdr = self.b.ins().bor_imm_u(size, hdr as i64);
        self.b.ins().store(MemFlagsData::trusted(), hdr, top, 0);
        init(self, top);
        let tagged = self.b.ins().bor_imm_u(top, (TAG_OBJECT << TAG_SHIFT) as i64);
        let tagged = self.track(tagged);
        self.def_var(objv, tagged);
        self.def_var(rawv, top);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(call);
        let o = slow(self);
        self.def_var(objv, o);
        let raw = self.ptr_of(o);
        self.def_var(rawv, raw);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        (self.use_var(objv), self.use_var(rawv))
    }

    /// The home object for `super.x`: the running method's [[HomeObject]].
    fn super_home(&mut self) -> V {
        let f = self.fn_obj();
        let v = self.load_field(f, FN_HOME);
        self.track(v)
    }

    fn super_call(&mut self, c: &'static CallExpression<'static>) -> V {
        let args = self.arguments_list(&c.arguments);
        self.set_pos(c.span.start);
        let active = self.fn_obj();
        let av = self.new_var();
        self.def_var(av, active);
        let nt = self.new_target();
        let active = self.use_var(av);
        let obj = match args {
            Ok(list) => {
                let argc = self.iconst(list.len() as u64);
                let u = self.undef();
                let mut full = vec![active, nt, argc];
                for i in 0..JS_REG_ARGS {
                    full.push(*list.get(i).unwrap_or(&u));
                }
                full.push(u);
                self.rt_check(Rt::perry_super_construct, &full)
            }
            Err(arr) => self.rt_check(Rt::perry_super_construct_spread, &[active, nt, arr]),
        };
        let ov = self.new_var();
        self.def_var(ov, obj);
        // `this` must still be uninitialised.
        let cur = self.pseudo_this_raw();
        let is_hole = self.b.ins().icmp_imm_u(IntCC::Equal, cur, HOLE as i64);
        let ok = self.b.create_block();
        let twice = self.b.create_block();
        self.b.ins().brif(is_hole, ok, &[], twice, &[]);
        self.b.switch_to_block(twice);
        self.rt(Rt::perry_super_twice, &[]);
        let h = self.handler();
        self.b.ins().jump(h, &[]);
        self.b.switch_to_block(ok);
        let obj = self.use_var(ov);
        self.set_this(obj);
        // Field initialisers of a derived class run right after super() returns.
        let owner = self.m.analysis.non_arrow(self.ctx_id);
        if owner == self.ctx_id
            && let Some(class) = self.ctor_class
        {
            self.field_initializers(class);
        }
        self.use_var(ov)
    }

    fn pseudo_this_raw(&mut self) -> V {
        let owner = self.m.analysis.non_arrow(self.ctx_id);
        if owner != self.ctx_id {
            let i = self.m.analysis.ctxs[self.ctx_id].cap_index[&crate::analyze::Cap::This];
            let bx = self.capture_box(i);
            return self.box_get(bx);
        }
        if let Some(&bv) = self.pseudo_box.get(&crate::analyze::Cap::This) {
            let bx = self.use_var(bv);
            return self.box_get(bx);
        }
        self.use_var(self.this_v)
    }

    // ----- classes -----

    pub fn class(&mut self, c: &'static Class<'static>) -> V {
        self.class_named(c, None)
    }

    /// The private name symbol for `#name` in the innermost class declaring it.
    pub fn private_name(&mut self, name: &str, at: u32) -> V {
        // Private names are per class declaration site; find the slot by name
        // among the classes enclosing `at`.
        let slot = self.c.private_slot_for(self.module, name, at);
        match slot {
            Some(s) => self.global_get(s),
            None => {
                self.c.unsupported(self.module, at, "private name outside its class");
                self.undef()
            }
        }
    }

    pub fn class_named(&mut self, c: &'static Class<'static>, name: Option<&str>) -> V {
        if c.declare {
            return self.undef();
        }
        // Decorators change what a class evaluates to: refuse rather than ignore them
        // (`modules::parse` lowers them all first, standard ones in `decorators.rs`, legacy
        // ones by oxc's transformer, or stops with an error).
        let decorated = c.decorators.first().map(|d| d.span.start).or_else(|| {
            c.body.body.iter().find_map(|e| match e {
                ClassElement::MethodDefinition(m) => {
                    m.decorators.first().map(|d| d.span.start).or_else(|| m.value.params.items.iter().find_map(|p| p.decorators.first().map(|d| d.span.start)))
                }
                ClassElement::PropertyDefinition(p) => p.decorators.first().map(|d| d.span.start),
                ClassElement::AccessorProperty(p) => p.decorators.first().map(|d| d.span.start),
                _ => None,
            })
        });
        if let Some(at) = decorated {
            self.c.unsupported(self.module, at, "a decorator that was not lowered");
            return self.undef();
        }
        let cname = c.id.as_ref().map(|i| i.name.as_str().to_string()).or(name.map(|s| s.to_string())).unwrap_or_default();
        // The inner class binding exists, in its TDZ, while the heritage is
        // evaluated (15.7.14 ClassDefinitionEvaluation, step 4): a closure
        // there captures its box.
        let inner = c.id.as_ref().and_then(|id| id.symbol_id.get()).filter(|&sym| Some(self.scoping().symbol_scope_id(sym)) == c.scope_id.get());
        if let Some(sym) = inner {
            let hole = self.iconst(HOLE);
            self.declare_local(sym, hole);
        }
        // Heritage first.
        let parent = c.heritage.as_ref().map(|h| self.expr(&h.expression));
        let pv = self.new_var();
        let p = parent.unwrap_or_else(|| self.undef());
        self.def_var(pv, p);
        // Private names of this class.
        for el in &c.body.body {
            let pname = match el {
                ClassElement::MethodDefinition(m) => private_key(&m.key),
                ClassElement::PropertyDefinition(p) => private_key(&p.key),
                ClassElement::AccessorProperty(p) => private_key(&p.key),
                _ => None,
            };
            if let Some(n) = pname {
                let slot = self.c.private_slot(self.module, c, n);
                let desc = self.c.const_str(&format!("#{n}"));
                let d = self.iconst(desc as u64);
                let sym = self.rt(Rt::perry_private_name, &[d]);
                self.global_set(slot, sym);
            }
        }
        // The inner class binding (class expressions with a name) is visible in the body.
        let key = analyze::ctor_key(c);
        let length = analyze::explicit_ctor(c).map_or(0, |f| fn_length(&f.params));
        self.c.frame_names.insert(key, if cname.is_empty() { "new <anonymous>".to_string() } else { format!("new {cname}") });
        let ctor = self.make_closure(key, FnBody::Ctor(c), &cname, length);
        let cv = self.new_var();
        self.def_var(cv, ctor);
        if let Some(sym) = inner {
            self.init_binding(sym, ctor);
            self.initialized.insert(sym);
        }
        let p = self.use_var(pv);
        let has = self.iconst(c.heritage.is_some() as u64);
        let ctor = self.use_var(cv);
        let proto = self.rt_check(Rt::perry_class_setup, &[ctor, p, has]);
        let protov = self.new_var();
        self.def_var(protov, proto);
        let ctor = self.use_var(cv);
        self.rt(Rt::perry_set_home, &[ctor, proto]);
        if let Some(id) = &c.id
            && let Some(sym) = id.symbol_id.get()
            && self.scoping().symbol_scope_id(sym) != c.scope_id.get().unwrap_or(self.m.analysis.module_scope)
        {
            // The outer binding is initialised by the caller once the class is complete.
        }
        // Element keys are evaluated once each, in source order across
        // methods and fields, static or not (15.7.14 step 26); a computed
        // field key waits in its slot for the field's definition.
        for el in &c.body.body {
            let ClassElement::MethodDefinition(m) = el else {
                match el {
                    ClassElement::AccessorProperty(a) => self.c.unsupported(self.module, a.span.start, "auto-accessor fields"),
                    ClassElement::PropertyDefinition(p) if p.computed => {
                        let (k, _) = self.prop_key(&p.key, true);
                        let slot = self.field_key_slot(p);
                        self.global_set(slot, k);
                    }
                    _ => {}
                }
                continue;
            };
            if m.kind == MethodDefinitionKind::Constructor || m.value.body.is_none() {
                continue;
            }
            let target = if m.r#static { self.use_var(cv) } else { self.use_var(protov) };
            let tv = self.new_var();
            self.def_var(tv, target);
            let (k, computed) = if let Some(n) = private_key(&m.key) {
                let slot = self.c.private_slot(self.module, c, n);
                (self.global_get(slot), false)
            } else {
                self.prop_key(&m.key, m.computed)
            };
            let kv = self.new_var();
            self.def_var(kv, k);
            let base = Self::static_key_name(&m.key).or_else(|| private_key(&m.key).map(|n| format!("#{n}"))).unwrap_or_default();
            let nm = match m.kind {
                MethodDefinitionKind::Get => format!("get {base}"),
                MethodDefinitionKind::Set => format!("set {base}"),
                _ => base.clone(),
            };
            let fkey = &*m.value as *const Function as usize;
            // V8 names a method's frames by the class (the receiver's, which
            // is the class for the calls a program makes most), an accessor
            // by its kind and key; a private method by its name alone.
            let frame = match m.kind {
                _ if m.computed
                    && let Some(w) = well_known_symbol_key(&m.key) =>
                {
                    Some(w)
                }
                _ if base.is_empty() || computed => None,
                MethodDefinitionKind::Get | MethodDefinitionKind::Set => Some(format!("{nm} [as {base}]")),
                _ if base.starts_with('#') || cname.is_empty() => Some(base.clone()),
                _ => Some(format!("{cname}.{base}")),
            };
            if let Some(f) = frame {
                self.c.frame_names.insert(fkey, f);
            }
            let src = self.m.source;
            let start = if m.r#static { after_static(src, m.span.start) } else { m.span.start };
            self.c.method_src.insert(fkey, (start, m.span.end));
            let clo = self.make_closure(fkey, FnBody::Function(&m.value), &nm, fn_length(&m.value.params));
            let t = self.use_var(tv);
            self.rt(Rt::perry_set_home, &[clo, t]);
            let mut flags = 4u64;
            match m.kind {
                MethodDefinitionKind::Get => flags |= 1,
                MethodDefinitionKind::Set => flags |= 2,
                _ => {}
            }
            if computed {
                flags |= 16 | 8;
            }
            let fl = self.iconst(flags);
            let t = self.use_var(tv);
            let k = self.use_var(kv);
            self.rt(Rt::perry_define_prop, &[t, k, clo, fl]);
        }
        self.arm_member_facts(c, protov);
        // The class binding is usable from static initialisers and methods.
        if let Some(id) = &c.id
            && let Some(sym) = id.symbol_id.get()
            && c.r#type == ClassType::ClassDeclaration
        {
            let ctor = self.use_var(cv);
            self.init_binding(sym, ctor);
            self.initialized.insert(sym);
        }
        // Static fields and blocks run in the static initialiser with this = the class.
        let has_static =
            c.body.body.iter().any(|e| matches!(e, ClassElement::StaticBlock(_)) || matches!(e, ClassElement::PropertyDefinition(p) if p.r#static));
        if has_static {
            let skey = analyze::class_static_key(c);
            let init = self.make_closure(skey, FnBody::StaticInit(c), "", 0);
            let ctor = self.use_var(cv);
            self.rt(Rt::perry_set_home, &[init, ctor]);
            let ctor = self.use_var(cv);
            self.call_value(init, ctor, &[], "static initializer");
        }
        self.use_var(cv)
    }

    /// The global slot caching a computed field key (set at class definition).
    fn field_key_slot(&mut self, p: &'static PropertyDefinition<'static>) -> u32 {
        self.site_slot(p as *const PropertyDefinition as usize)
    }

    /// The global slot (undefined at first) of the AST node at address `site`.
    fn site_slot(&mut self, site: usize) -> u32 {
        match self.c.site_slots.get(&site) {
            Some(&s) => s,
            None => {
                let s = self.c.new_global(super::SlotInit::Undefined);
                self.c.site_slots.insert(site, s);
                s
            }
        }
    }

    /// A field's key: a constant, or the computed key cached at class definition.
    fn field_key(&mut self, p: &'static PropertyDefinition<'static>) -> (V, bool) {
        if p.computed {
            let slot = self.field_key_slot(p);
            (self.global_get(slot), true)
        } else {
            self.prop_key(&p.key, false)
        }
    }

    /// Instance fields (and TS parameter properties) of `class` on `this`.
    pub fn field_initializers(&mut self, class: &'static Class<'static>) {
        // Parameter properties are declared first (as undefined) and assigned
        // after the other fields, as TypeScript emits them.
        let has_private_methods =
            class.body.body.iter().any(|e| matches!(e, ClassElement::MethodDefinition(m) if !m.r#static && private_key(&m.key).is_some()));
        if has_private_methods {
            let this = self.this_value();
            let thv = self.new_var();
            self.def_var(thv, this);
            let home = self.super_home();
            let this = self.use_var(thv);
            self.rt(Rt::perry_private_methods, &[this, home]);
        }
        let pprops = analyze::explicit_ctor(class).map(param_property_names).unwrap_or_default();
        // In a base class, `this` is a new ordinary object: with no instance field whose
        // initialiser could observe the parameter properties in between, defining each with its
        // value is the same as defining it as undefined and assigning it (a data property of
        // the object itself, which nothing can have made read-only).
        if !self.is_derived && !class.body.body.iter().any(|e| matches!(e, ClassElement::PropertyDefinition(p) if is_instance_field(p))) {
            for (name, sym) in pprops {
                let v = self.read_raw(sym);
                let vv = self.new_var();
                self.def_var(vv, v);
                let this = self.this_value();
                let k = self.atom(&name);
                let v = self.use_var(vv);
                let fl = self.iconst(64);
                self.rt_check(Rt::perry_define_prop, &[this, k, v, fl]);
            }
            return;
        }
        for (name, _) in &pprops {
            let this = self.this_value();
            let k = self.atom(name);
            let u = self.undef();
            let fl = self.iconst(64);
            self.rt_check(Rt::perry_define_prop, &[this, k, u, fl]);
        }
        self.instance_fields(class);
        for (name, sym) in pprops {
            let v = self.read_raw(sym);
            let vv = self.new_var();
            self.def_var(vv, v);
            let this = self.this_value();
            let v = self.use_var(vv);
            self.set_named(this, &name, v);
        }
    }

    fn instance_fields(&mut self, class: &'static Class<'static>) {
        for el in &class.body.body {
            let ClassElement::PropertyDefinition(p) = el else { continue };
            if !is_instance_field(p) {
                continue;
            }
            self.define_field(class, p);
        }
    }

    /// Defines one field on `this` (the instance, or the class for static fields).
    fn define_field(&mut self, class: &'static Class<'static>, p: &'static PropertyDefinition<'static>) {
        let this = self.this_value();
        let thv = self.new_var();
        self.def_var(thv, this);
        if let Some(n) = private_key(&p.key) {
            let v = match &p.value {
                Some(e) => self.expr_named(e, Some(&format!("#{n}"))),
                None => self.undef(),
            };
            let vv = self.new_var();
            self.def_var(vv, v);
            let slot = self.c.private_slot(self.module, class, n);
            let name = self.global_get(slot);
            let this = self.use_var(thv);
            let v = self.use_var(vv);
            let z = self.iconst(0);
            self.rt_check(Rt::perry_private_define, &[this, name, v, z]);
            return;
        }
        let nm = Self::static_key_name(&p.key);
        // A plain name travels as its atom (no interning per instance).
        let by_atom = !p.computed && nm.as_ref().is_some_and(|n| n.parse::<u32>().is_err());
        let (k, computed) = if by_atom { (self.iconst(0), false) } else { self.field_key(p) };
        let kv = self.new_var();
        self.def_var(kv, k);
        let v = match &p.value {
            Some(e) => self.expr_named(e, nm.as_deref()),
            None => self.undef(),
        };
        let this = self.use_var(thv);
        if by_atom {
            self.define_field_named(this, nm.as_deref().unwrap_or_default(), v);
            return;
        }
        let k = self.use_var(kv);
        let fl = self.iconst(if computed { 16 } else { 0 });
        self.rt_check(Rt::perry_define_prop, &[this, k, v, fl]);
    }

    pub fn compile_ctor(&mut self, class: &'static Class<'static>) {
        self.display_name = class.id.as_ref().map(|i| i.name.as_str().to_string()).unwrap_or_default();
        self.ctor_class = Some(class);
        // Calling a class without `new` throws.
        let nt = self.use_var(self.nt);
        let isu = self.b.ins().icmp_imm_u(IntCC::Equal, nt, UNDEFINED as i64);
        let bad = self.b.create_block();
        let ok = self.b.create_block();
        self.b.ins().brif(isu, bad, &[], ok, &[]);
        self.b.switch_to_block(bad);
        let f = self.use_var(self.callee);
        self.rt(Rt::perry_throw_class_call, &[f]);
        let h = self.handler();
        self.b.ins().jump(h, &[]);
        self.b.switch_to_block(ok);
        if self.is_derived {
            let hole = self.iconst(HOLE);
            self.set_this(hole);
        }
        match analyze::explicit_ctor(class) {
            Some(f) => {
                let params = super::func::param_symbols(&f.params);
                self.compile_params(&f.params);
                self.init_scope(f.scope_id.get(), &params);
                if !self.is_derived {
                    self.field_initializers(class);
                }
                if let Some(body) = &f.body {
                    self.hoist_functions(&body.statements);
                    self.stmts(&body.statements);
                }
            }
            None => {
                if self.is_derived {
                    // constructor(...args) { super(...args); }
                    let argc = self.use_var(self.argc);
                    let regs: Vec<V> = self.regs.into_iter().map(|r| self.use_var(r)).collect();
                    let rest = self.use_var(self.rest);
                    let zero = self.iconst(0);
                    let arr = self.rt(Rt::perry_rest_array, &[zero, argc, regs[0], regs[1], regs[2], regs[3], rest]);
                    let active = self.use_var(self.callee);
                    let nt = self.use_var(self.nt);
                    let obj = self.rt_check(Rt::perry_super_construct_spread, &[active, nt, arr]);
                    self.set_this(obj);
                    self.field_initializers(class);
                } else {
                    self.field_initializers(class);
                }
            }
        }
        self.ensure_open();
        if !self.is_derived {
            self.learn_layout(class);
        }
        let u = self.undef();
        let r = self.ctor_return_value(u);
        self.b.ins().return_(&[r]);
    }

    pub fn compile_static_init(&mut self, class: &'static Class<'static>) {
        for el in &class.body.body {
            match el {
                ClassElement::PropertyDefinition(p) if p.r#static && !p.declare => self.define_field(class, p),
                ClassElement::StaticBlock(b) => {
                    self.init_scope(b.scope_id.get(), &[]);
                    self.hoist_functions(&b.body);
                    self.stmts(&b.body);
                    self.ensure_open();
                }
                _ => {}
            }
        }
        let _ = CtxKind::Module;
    }
}

/// A predicted plain-class field (`predicted_field`): the global slot of
/// the class's instance shape, the field's byte offset, and the binding's
/// remembered shape test, if it has one.
#[derive(Clone, Copy)]
pub struct Predicted {
    pub slot: u32,
    pub off: i32,
    pub memo: Option<cranelift_frontend::Variable>,
    /// The receiver's shape and its fields' numbers were tested (`FnCompiler::proven`): the
    /// variable holding its address.
    pub proven: Option<cranelift_frontend::Variable>,
    /// The receiver is the method's own `this`, whose address this variable holds
    /// (`FnCompiler::this_ptr`): the shape test needs no tag test.
    pub this_ptr: Option<cranelift_frontend::Variable>,
    /// Not a field but a method or accessor of the class's prototype (`predicted_member`;
    /// `off` means nothing then).
    pub member: Option<MemberFact>,
}

/// A method or accessor a class defines on its prototype, which the prototype still holds while
/// a global holds the prototype (`perry_watch_member`; `crate::classes::Member`).
#[derive(Clone, Copy)]
pub struct MemberFact {
    /// The global slot: the prototype while the member is the class's own, else undefined.
    pub fact: u32,
    /// The AST addresses of its method, getter and setter that can run in place (0: none).
    pub method: usize,
    pub getter: usize,
    pub setter: usize,
    /// The class has a known instance layout (`Predicted::slot` holds its shape); without one,
    /// the receiver's shape is tested against the first way of the site's prototype entries.
    pub layout: bool,
}

/// A built-in method call's receiver, method and arguments (`built_in_method_parts`), and the
/// `i8` variable that says the method read proved the receiver an Array and the method the
/// built-in (`array_method_read`).
pub struct BuiltInParts {
    pub ov: cranelift_frontend::Variable,
    pub fv: cranelift_frontend::Variable,
    pub argv: Vec<Held>,
    pub proven: Option<cranelift_frontend::Variable>,
}

pub enum HeldPlace {
    Binding(oxc_syntax::symbol::SymbolId, u32),
    Global(String),
    Named(cranelift_frontend::Variable, String, Option<Predicted>),
    Keyed(cranelift_frontend::Variable, Held, Option<ArrCache>),
    Private(cranelift_frontend::Variable, cranelift_frontend::Variable),
    Super(cranelift_frontend::Variable, cranelift_frontend::Variable),
}

enum Slow {
    Add,
    Num(u64),
}

/// A field that `field_initializers` defines on each instance.
fn is_instance_field(p: &PropertyDefinition) -> bool {
    !p.r#static && !p.declare && p.r#type != PropertyDefinitionType::TSAbstractPropertyDefinition
}

/// TypeScript parameter properties of a constructor: `constructor(private x: T)`.
fn param_property_names(f: &Function) -> Vec<(String, oxc_syntax::symbol::SymbolId)> {
    let mut out = Vec::new();
    for p in &f.params.items {
        if p.accessibility.is_none() && !p.readonly && !p.r#override {
            continue;
        }
        let BindingPattern::BindingIdentifier(id) = &p.pattern else { continue };
        if let Some(sym) = id.symbol_id.get() {
            out.push((id.name.as_str().to_string(), sym));
        }
    }
    out
}

fn private_key<'a>(k: &'a PropertyKey) -> Option<&'a str> {
    match k {
        PropertyKey::PrivateIdentifier(p) => Some(p.name.as_str()),
        _ => None,
    }
}

/// The cooked value of a template element as UTF-16.
fn cooked(q: &TemplateElement) -> Vec<u16> {
    match &q.value.cooked {
        Some(c) => {
            if q.lone_surrogates {
                decode_lone_surrogates(c.as_str())
            } else {
                c.as_str().encode_utf16().collect()
            }
        }
        None => Vec::new(),
    }
}

/// oxc encodes lone surrogates as U+FFFD followed by 4 hex digits (and a
/// literal U+FFFD as U+FFFD fffd).
pub fn decode_lone_surrogates(s: &str) -> Vec<u16> {
    let mut out = Vec::new();
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c == '\u{FFFD}' {
            let hex: String = it.clone().take(4).collect();
            if hex.len() == 4
                && let Ok(v) = u16::from_str_radix(&hex, 16)
            {
                for _ in 0..4 {
                    it.next();
                }
                out.push(v);
                continue;
            }
        }
        let mut buf = [0u16; 2];
        out.extend_from_slice(c.encode_utf16(&mut buf));
    }
    out
}

/// Property key text of a numeric literal (ToString of the number).
pub fn perry_number_key(f: f64) -> String {
    if f == 0.0 {
        return "0".into();
    }
    let mut b = ryu_js::Buffer::new();
    b.format(f).to_string()
}

/// The source text of a callee, as V8 names it in "x is not a function".
/// The callee's source text as a TypeError names it (`o.f is not a function`).
pub fn callee_text(src: &str, e: &Expression) -> String {
    let sp = e.span();
    let t = src.get(sp.start as usize..sp.end as usize).unwrap_or("expression");
    let t: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.len() > 60 { "expression".into() } else { t }
}

/// The offset of the first token after the `static` keyword at `at`
/// (skipping white space and comments): where a static method's
/// MethodDefinition, its [[SourceText]], begins.
fn after_static(src: &str, at: u32) -> u32 {
    let b = src.as_bytes();
    let mut i = at as usize;
    if !src[i..].starts_with("static") {
        return at;
    }
    i += "static".len();
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
        } else if src[i..].starts_with("/*") {
            i = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
        } else if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(b.len(), |e| i + e);
        } else if let Some(c) = src[i..].chars().next()
            && (c == '\u{feff}' || c.is_whitespace())
        {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i as u32
}

/// `[Symbol.iterator]` for a computed key `Symbol.iterator`: how V8 names
/// such a method (its `name` is the symbol's description in brackets).
fn well_known_symbol_key(key: &PropertyKey) -> Option<String> {
    let PropertyKey::StaticMemberExpression(m) = key else { return None };
    let Expression::Identifier(id) = &m.object else { return None };
    (id.name == "Symbol").then(|| format!("[Symbol.{}]", m.property.name))
}

/// Whether a named access site has prototype entries (`IC_PROTO_ENTRIES`), and which.
#[derive(Clone, Copy, PartialEq)]
enum ProtoSite {
    No,
    /// A read to be called: inherited data properties.
    Method,
    /// A read to be called of a name two or more classes define: `IC_PROTO_POLY_WAYS` ways
    /// of inherited data properties.
    PolyMethod,
    /// A name some class defines an accessor for: inherited data properties and getters.
    Accessor,
}

impl ProtoSite {
    /// Ways of prototype entries (`IC_PROTO_ENTRIES` each) the site has.
    fn proto_ways(self) -> u32 {
        match self {
            ProtoSite::No => 0,
            ProtoSite::PolyMethod => IC_PROTO_POLY_WAYS,
            ProtoSite::Method | ProtoSite::Accessor => 1,
        }
    }
}
