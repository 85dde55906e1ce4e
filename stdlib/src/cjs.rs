//! The CommonJS loader: `require`, `module`, `exports`, `require.cache`, `require.resolve`.
//!
//! The compiler wraps each CommonJS module's source as Node does, `(function (exports,
//! require, module, __filename, __dirname) { ... })`, and its module body stores that
//! function in the module's default slot. `perry_user_main` registers every CommonJS module
//! before any module body runs (`perry_cjs_add`: the slot and the file name), the
//! specifiers each one requires with a string literal and what they resolved to at compile
//! time (`perry_cjs_dep`: another CommonJS module, or the global slot holding an ES module's
//! namespace or a built-in's default export), and the slots of ES module imports of it
//! (`perry_cjs_bind`). A module runs on its first `require`, or at its place in the ES
//! evaluation order when an ES module imports it (`perry_cjs_import`, which then fills the
//! import slots from `module.exports`: `default` is `module.exports`, a named import the
//! property of that name, a namespace import an object of both).
//!
//! As in Node: a module that is still running returns its partly filled `exports` to a
//! cyclic `require`; a module whose body throws is forgotten (a later `require` runs it
//! again); a specifier the compiler could not resolve (a `require(expr)`, a missing
//! optional package or a built-in module Perry lacks) throws `Error: Cannot find module 'x'`
//! with code `MODULE_NOT_FOUND` when the `require` runs. A `require(expr)` whose value names
//! a module in the program (a specifier some module required literally, or a relative path
//! to a file in the program) finds it.

use perry_abi::*;
use perry_gc::{HandleScope, JsCell};
use perry_runtime::error::{self, ErrorKind};
use perry_runtime::function::{self, Args};
use perry_runtime::{JsResult, Value, array, atoms, object, string};

#[derive(Clone, Copy, PartialEq)]
enum State {
    Unloaded,
    Loading,
    Loaded,
}

#[derive(Clone, Copy)]
enum Target {
    Cjs(usize),
    /// A global slot: an ES module's namespace or a built-in module's default export.
    Slot(usize),
    /// An ES module only `import()` reaches (its index among the lazy modules) and its
    /// namespace's slot: it runs on the first `import()`.
    Lazy(usize, usize),
}

#[derive(Clone, Copy, PartialEq)]
enum LazyState {
    Pending,
    Running,
    Done,
    Failed,
}

/// An ES module that runs when `import()` first asks for it (`perry_lazy_add`).
struct LazyModule {
    code: u64,
    is_async: bool,
    /// The lazy modules it imports statically, in evaluation order: they run first.
    deps: Vec<usize>,
    state: LazyState,
    /// The body's result (its promise when it awaits at top level) or, failed, its error: a root.
    result: u64,
}

struct Module {
    /// The global slot holding the wrapper function.
    wrapper: usize,
    filename: String,
    state: State,
    /// The `module` object while loading or loaded (a root), else `undefined`.
    module: u64,
    deps: Vec<(String, Target)>,
    /// ES module imports of this module: (name, or `None` for the namespace; slot).
    binds: Vec<(Option<String>, usize)>,
    /// The names of its namespace beside `default`, as Node's static analysis finds them.
    names: Vec<String>,
}

/// A string-literal `import()` the compiler resolved: (importing file, specifier, target).
struct Dynamic {
    importer: String,
    spec: String,
    target: Target,
}

struct Registry {
    modules: Vec<Module>,
    dynamic: Vec<Dynamic>,
    lazy: Vec<LazyModule>,
    /// `require.cache`, shared by every module (a root).
    cache: u64,
}

static REGISTRY: JsCell<Registry> = JsCell::new(Registry { modules: Vec::new(), dynamic: Vec::new(), lazy: Vec::new(), cache: UNDEFINED });

fn reg() -> &'static mut Registry {
    // SAFETY: the registry belongs to the JS thread; callers drop the borrow before running
    // JavaScript (which may call back here).
    unsafe { REGISTRY.get() }
}

fn register_roots() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        perry_gc::roots::register_source("commonjs-modules", |visit| {
            let r = reg();
            visit(&mut r.cache as *mut u64);
            for m in r.modules.iter_mut() {
                visit(&mut m.module as *mut u64);
            }
            for m in r.lazy.iter_mut() {
                visit(&mut m.result as *mut u64);
            }
        });
        reg().cache = object::new_plain(8).0;
    });
}

extern "C" fn cjs_add(wrapper: u64, filename: u64) -> u64 {
    register_roots();
    let filename = string::to_rust(perry_runtime::abi::const_value(filename as usize));
    let r = reg();
    r.modules.push(Module {
        wrapper: wrapper as usize,
        filename,
        state: State::Unloaded,
        module: UNDEFINED,
        deps: Vec::new(),
        binds: Vec::new(),
        names: Vec::new(),
    });
    (r.modules.len() - 1) as u64
}
perry_runtime::abi_export!(perry_cjs_add, cjs_add);

extern "C" fn cjs_dep(m: u64, spec: u64, kind: u64, target: u64) -> u64 {
    let spec = string::to_rust(perry_runtime::abi::const_value(spec as usize));
    let t = if kind == 0 { Target::Cjs(target as usize) } else { Target::Slot(target as usize) };
    reg().modules[m as usize].deps.push((spec, t));
    UNDEFINED
}
perry_runtime::abi_export!(perry_cjs_dep, cjs_dep);

/// Registers what the string-literal `import(spec)` of file `importer` (string constants)
/// resolved to: CommonJS module `target` (kind 0), the ES module namespace in global slot
/// `target` (kind 1), or lazy module `target >> 32` with its namespace in slot `target & 2^32-1`
/// (kind 2).
extern "C" fn import_dep(importer: u64, spec: u64, kind: u64, target: u64) -> u64 {
    let importer = string::to_rust(perry_runtime::abi::const_value(importer as usize));
    let spec = string::to_rust(perry_runtime::abi::const_value(spec as usize));
    let target = match kind {
        0 => Target::Cjs(target as usize),
        1 => Target::Slot(target as usize),
        _ => Target::Lazy((target >> 32) as usize, (target & 0xFFFF_FFFF) as usize),
    };
    reg().dynamic.push(Dynamic { importer, spec, target });
    UNDEFINED
}
perry_runtime::abi_export!(perry_import_dep, import_dep);

/// `import(spec)` in file `importer` (a string constant): a promise of the module's
/// namespace. A specifier the compiler resolved for this file, or one some file imported or
/// required literally, names its module; any other rejects with Node's
/// `ERR_MODULE_NOT_FOUND` error.
extern "C" fn dynamic_import(importer: u64, spec: u64) -> u64 {
    let scope = HandleScope::new();
    let hs = scope.root(spec);
    let p = scope.root(crate::promise::new_promise().0);
    let importer = string::to_rust(perry_runtime::abi::const_value(importer as usize));
    if let Ok(spec) = perry_runtime::ops::to_string(Value(hs.get()))
        && let Some(Target::Lazy(id, slot)) = find_dynamic(&importer, &string::to_rust(spec))
    {
        // Node loads the module asynchronously: its body runs in a later job, then the promise
        // settles with its namespace.
        let job = scope.root(function::new_native_caps("", 0, run_lazy_job, 3, 0).0);
        let f = Value(job.get()).cell();
        f.set_field(FN_CAPS, Value::int(id as i64));
        f.set_field(FN_CAPS + 8, Value::int(slot as i64));
        f.set_field(FN_CAPS + 16, Value(p.get()));
        let ready = scope.root(crate::promise::new_promise().0);
        crate::promise::resolve(Value(ready.get()), Value::UNDEFINED);
        crate::promise::perform_then(Value(ready.get()), Value(job.get()), Value::UNDEFINED, Value::UNDEFINED);
        return p.get();
    }
    match import_namespace(&importer, Value(hs.get())) {
        Ok(ns) => crate::promise::resolve(Value(p.get()), ns),
        Err(_) => {
            let e = error::take();
            crate::promise::reject(Value(p.get()), e);
        }
    }
    p.get()
}
perry_runtime::abi_export!(perry_dynamic_import, dynamic_import);

/// What `import(spec)` in file `importer` names: a specifier the compiler resolved for this
/// file, else one some file imported or required literally (bare specifiers only).
fn find_dynamic(importer: &str, spec: &str) -> Option<Target> {
    let r = reg();
    r.dynamic.iter().find(|d| d.importer == importer && d.spec == spec).map(|d| d.target).or_else(|| {
        let bare = !(spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/'));
        let by_spec = r.dynamic.iter().find(|d| bare && d.spec == spec).map(|d| d.target);
        by_spec.or_else(|| r.modules.iter().flat_map(|x| x.deps.iter()).find(|(s, _)| bare && *s == spec).map(|(_, t)| *t))
    })
}

/// The job `import()` of a lazy module queues: runs the module (once), then settles the
/// promise (captures: the module, its namespace slot, the promise).
fn run_lazy_job(args: &Args) -> JsResult {
    let scope = HandleScope::new();
    let (id, slot) = (args.capture(0).as_number() as usize, args.capture(1).as_number() as usize);
    let p = scope.root(args.capture(2).0);
    match evaluate_lazy(id) {
        Ok(done) => {
            let hd = scope.root(done.0);
            let ns = perry_runtime::abi::global_value(slot);
            if reg().lazy[id].is_async && done.is_object() {
                // Top-level await: the namespace once the module's promise fulfils.
                let hn = scope.root(ns.0);
                let settle = scope.root(function::new_native_caps("", 1, settle_with_capture, 1, 0).0);
                Value(settle.get()).cell().set_field(FN_CAPS, Value(hn.get()));
                let derived = scope.root(crate::promise::new_promise().0);
                crate::promise::perform_then(Value(hd.get()), Value(settle.get()), Value::UNDEFINED, Value(derived.get()));
                crate::promise::resolve(Value(p.get()), Value(derived.get()));
            } else {
                crate::promise::resolve(Value(p.get()), ns);
            }
        }
        Err(_) => {
            let e = error::take();
            crate::promise::reject(Value(p.get()), e);
        }
    }
    Ok(Value::UNDEFINED)
}

fn settle_with_capture(args: &Args) -> JsResult {
    Ok(args.capture(0))
}

/// Runs lazy module `id` unless it ran: its static lazy dependencies first, then its body.
/// Returns the body's result (a promise for top-level await); a module that threw throws the
/// same error again, as Node's module map keeps it.
fn evaluate_lazy(id: usize) -> JsResult {
    let m = &reg().lazy[id];
    match m.state {
        LazyState::Done | LazyState::Running => return Ok(Value(m.result)),
        LazyState::Failed => return Err(error::throw(Value(m.result))),
        LazyState::Pending => {}
    }
    reg().lazy[id].state = LazyState::Running;
    let failed = |id: usize| {
        let err = error::take();
        let m = &mut reg().lazy[id];
        m.state = LazyState::Failed;
        m.result = err.0;
        Err(error::throw(err))
    };
    for d in reg().lazy[id].deps.clone() {
        if evaluate_lazy(d).is_err() {
            return failed(id);
        }
    }
    let block = [0, UNDEFINED, UNDEFINED, 0, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED, UNDEFINED];
    let r = perry_gc::frames::enter(reg().lazy[id].code, &block);
    if r == EXCEPTION {
        return failed(id);
    }
    let m = &mut reg().lazy[id];
    m.state = LazyState::Done;
    m.result = r;
    Ok(Value(r))
}

/// Registers a module only `import()` reaches: its body's code and whether it awaits at top
/// level. Returns its index.
extern "C" fn lazy_add(code: u64, is_async: u64) -> u64 {
    register_roots();
    let r = reg();
    r.lazy.push(LazyModule { code, is_async: is_async != 0, deps: Vec::new(), state: LazyState::Pending, result: UNDEFINED });
    (r.lazy.len() - 1) as u64
}
perry_runtime::abi_export!(perry_lazy_add, lazy_add);

/// Lazy module `m` imports lazy module `dep` statically (in evaluation order).
extern "C" fn lazy_dep(m: u64, dep: u64) -> u64 {
    reg().lazy[m as usize].deps.push(dep as usize);
    UNDEFINED
}
perry_runtime::abi_export!(perry_lazy_dep, lazy_dep);

fn import_namespace(importer: &str, spec: Value) -> JsResult {
    let spec = string::to_rust(perry_runtime::ops::to_string(spec)?);
    let found = find_dynamic(importer, &spec);
    match found {
        Some(Target::Cjs(m)) => {
            let exports = load(m)?;
            namespace(m, exports)
        }
        Some(Target::Slot(s)) => Ok(perry_runtime::abi::global_value(s)),
        // Handled by `dynamic_import` before this (a lazy module is never a `require` target).
        Some(Target::Lazy(_, s)) => Ok(perry_runtime::abi::global_value(s)),
        None if is_unknown_builtin(&spec) => Err(unknown_builtin(&spec)),
        None => {
            let msg = if spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/') {
                let dir = dirname(importer);
                let abs = if spec.starts_with('/') { normalize(&spec) } else { normalize(&format!("{dir}/{spec}")) };
                format!("Cannot find module '{abs}' imported from {importer}")
            } else if spec.starts_with("node:") {
                format!("Cannot find module '{spec}' imported from {importer} (Perry does not have this built-in module yet)")
            } else {
                let mut parts = spec.split('/');
                let first = parts.next().unwrap_or("");
                let pkg = match (first.starts_with('@'), parts.next()) {
                    (true, Some(second)) => format!("{first}/{second}"),
                    _ => first.to_string(),
                };
                format!("Cannot find package '{pkg}' imported from {importer}")
            };
            Err(node_error(ErrorKind::Error, &msg, "ERR_MODULE_NOT_FOUND", None))
        }
    }
}

/// Adds the string constant `name` to the export names of module `m`.
extern "C" fn cjs_name(m: u64, name: u64) -> u64 {
    let name = string::to_rust(perry_runtime::abi::const_value(name as usize));
    reg().modules[m as usize].names.push(name);
    UNDEFINED
}
perry_runtime::abi_export!(perry_cjs_name, cjs_name);

/// `name` is a string constant's index, or `u64::MAX` for the namespace.
extern "C" fn cjs_bind(m: u64, name: u64, slot: u64) -> u64 {
    let name = (name != u64::MAX).then(|| string::to_rust(perry_runtime::abi::const_value(name as usize)));
    reg().modules[m as usize].binds.push((name, slot as usize));
    UNDEFINED
}
perry_runtime::abi_export!(perry_cjs_bind, cjs_bind);

/// Runs CommonJS module `m` for an ES module that imports it (once), and fills the slots
/// of its importers' bindings.
extern "C" fn cjs_import(m: u64) -> u64 {
    error::abi(import(m as usize))
}
perry_runtime::abi_export!(perry_cjs_import, cjs_import);

fn import(m: usize) -> JsResult {
    let scope = HandleScope::new();
    let exports = scope.root(load(m)?.0);
    let binds = reg().modules[m].binds.clone();
    for (name, slot) in binds {
        let v = match name {
            Some(n) if n == "default" => Value(exports.get()),
            Some(n) => {
                // Interned first: interning allocates, and may move `exports`.
                let k = atoms::intern(&n);
                let e = Value(exports.get());
                if e.is_object() { object::get(e, k)? } else { Value::UNDEFINED }
            }
            None => namespace(m, Value(exports.get()))?,
        };
        perry_runtime::abi::set_global_value(slot, v);
    }
    Ok(Value::UNDEFINED)
}

/// The namespace of CommonJS module `m` as an ES module sees it: `default` is
/// `module.exports`, beside the names Node's static analysis finds (read from
/// `module.exports`, `undefined` when absent), sorted, on a null prototype.
fn namespace(m: usize, exports: Value) -> JsResult {
    let scope = HandleScope::new();
    let he = scope.root(exports.0);
    let mut names = reg().modules[m].names.clone();
    names.push("default".to_string());
    names.sort();
    names.dedup();
    let ns = scope.root(object::new_plain(names.len() as u32).0);
    object::set_proto(Value(ns.get()), Value::NULL);
    for n in names {
        let k = atoms::intern(&n);
        let e = Value(he.get());
        let v = if n == "default" {
            e
        } else if e.is_object() {
            object::get(e, k)?
        } else {
            Value::UNDEFINED
        };
        object::define(Value(ns.get()), k, v, perry_runtime::shape::ENUMERABLE | perry_runtime::shape::WRITABLE);
    }
    Ok(Value(ns.get()))
}

fn dirname(f: &str) -> &str {
    match f.rfind('/') {
        Some(0) => "/",
        Some(i) => &f[..i],
        None => ".",
    }
}

/// Runs module `m` unless it ran or is running; its `module.exports`.
fn load(m: usize) -> JsResult {
    let r = reg();
    if r.modules[m].state != State::Unloaded {
        let k = atoms::intern("exports");
        return object::get(Value(reg().modules[m].module), k);
    }
    let filename = r.modules[m].filename.clone();
    let scope = HandleScope::new();
    let exports = scope.root(object::new_plain(4).0);
    let module = scope.root(object::new_plain(8).0);
    let fname = scope.root(string::from_str(&filename).0);
    let dname = scope.root(string::from_str(dirname(&filename)).0);
    let set = |o: perry_gc::Handle, k: &str, v: perry_gc::Handle| {
        let k = atoms::intern(k);
        object::define(Value(o.get()), k, Value(v.get()), perry_runtime::shape::DEFAULT);
    };
    set(module, "id", fname);
    set(module, "path", dname);
    set(module, "exports", exports);
    set(module, "filename", fname);
    let no = scope.root(Value::FALSE.0);
    set(module, "loaded", no);
    let children = scope.root(array::new_array(0).0);
    set(module, "children", children);
    let paths = scope.root(array::new_array(0).0);
    set(module, "paths", paths);
    let require = scope.root(make_require(m).0);
    set(module, "require", require);
    let key = atoms::intern(&filename);
    object::set(Value(reg().cache), key, Value(module.get()))?;
    let r = reg();
    r.modules[m].module = module.get();
    r.modules[m].state = State::Loading;
    let wrapper = perry_runtime::abi::global_value(r.modules[m].wrapper);
    let args = [exports.get(), require.get(), module.get(), fname.get(), dname.get()].map(Value);
    if let Err(e) = function::call(wrapper, Value(exports.get()), &args) {
        let r = reg();
        r.modules[m].state = State::Unloaded;
        r.modules[m].module = UNDEFINED;
        let k = atoms::intern(&filename);
        let _ = object::try_delete(Value(reg().cache), k);
        return Err(e);
    }
    let yes = scope.root(Value::TRUE.0);
    set(module, "loaded", yes);
    reg().modules[m].state = State::Loaded;
    let k = atoms::intern("exports");
    object::get(Value(module.get()), k)
}

fn make_require(m: usize) -> Value {
    let scope = HandleScope::new();
    let req = scope.root(function::new_native_caps("require", 1, require, 1, 0).0);
    Value(req.get()).cell().set_field(FN_CAPS, Value::int(m as i64));
    let resolve = scope.root(function::new_native_caps("resolve", 1, require_resolve, 1, 0).0);
    Value(resolve.get()).cell().set_field(FN_CAPS, Value::int(m as i64));
    // Keys interned before any value is read: interning allocates, and may move them.
    let [kr, km, kc] = ["resolve", "main", "cache"].map(atoms::intern);
    let define = |k, v: u64| object::define(Value(req.get()), k, Value(v), perry_runtime::shape::DEFAULT);
    define(kr, resolve.get());
    define(km, UNDEFINED);
    define(kc, reg().cache);
    Value(req.get())
}

/// What `spec` names for module `m`: its own literal requires first, then a specifier
/// another module required literally, then a relative path to a CommonJS module's file.
fn find(m: usize, spec: &str) -> Option<Target> {
    let r = reg();
    if let Some((_, t)) = r.modules[m].deps.iter().find(|(s, _)| s == spec) {
        return Some(*t);
    }
    let relative = spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/');
    if !relative {
        return r.modules.iter().flat_map(|x| x.deps.iter()).find(|(s, _)| s == spec).map(|(_, t)| *t);
    }
    let base = if spec.starts_with('/') { normalize(spec) } else { normalize(&format!("{}/{spec}", dirname(&r.modules[m].filename))) };
    let candidates = ["", ".js", ".cjs", ".json", "/index.js", "/index.json"].map(|e| format!("{base}{e}"));
    r.modules.iter().position(|x| candidates.contains(&x.filename)).map(Target::Cjs)
}

/// `a/./b/../c` as `a/c`.
fn normalize(p: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            x => out.push(x),
        }
    }
    format!("/{}", out.join("/"))
}

fn spec_arg(args: &Args) -> Result<String, error::Exc> {
    let v = args.get(0);
    if !v.is_string() {
        let msg = format!("The \"id\" argument must be of type string. Received {}", crate::event_loop::received(v));
        return Err(node_error(ErrorKind::TypeError, &msg, "ERR_INVALID_ARG_TYPE", None));
    }
    Ok(string::to_rust(v))
}

fn require(args: &Args) -> JsResult {
    let m = args.capture(0).as_number() as usize;
    let spec = spec_arg(args)?;
    match find(m, &spec) {
        Some(Target::Cjs(d)) => load(d),
        Some(Target::Slot(s) | Target::Lazy(_, s)) => Ok(perry_runtime::abi::global_value(s)),
        None => Err(not_found(m, &spec)),
    }
}

fn unknown_builtin(spec: &str) -> error::Exc {
    node_error(ErrorKind::Error, &format!("No such built-in module: {spec}"), "ERR_UNKNOWN_BUILTIN_MODULE", None)
}

fn require_resolve(args: &Args) -> JsResult {
    let m = args.capture(0).as_number() as usize;
    let spec = spec_arg(args)?;
    match find(m, &spec) {
        Some(Target::Cjs(d)) => Ok(string::from_str(&reg().modules[d].filename)),
        Some(Target::Slot(_) | Target::Lazy(..)) => Ok(string::from_str(&spec)),
        None => Err(not_found(m, &spec)),
    }
}

/// `node:x` where Node has no built-in module `x`.
fn is_unknown_builtin(spec: &str) -> bool {
    spec.starts_with("node:") && !nodejs_built_in_modules::is_nodejs_builtin_module(spec)
}

/// Node's `Error: Cannot find module 'x'` with `code` and `requireStack` (for `node:x`
/// where Node has no `x`, its `ERR_UNKNOWN_BUILTIN_MODULE` error).
fn not_found(m: usize, spec: &str) -> error::Exc {
    if is_unknown_builtin(spec) {
        return unknown_builtin(spec);
    }
    let file = reg().modules[m].filename.clone();
    let msg = format!("Cannot find module '{spec}'\nRequire stack:\n- {file}");
    node_error(ErrorKind::Error, &msg, "MODULE_NOT_FOUND", Some(&file))
}

fn node_error(kind: ErrorKind, msg: &str, code: &str, stack_file: Option<&str>) -> error::Exc {
    let scope = HandleScope::new();
    let e = scope.root(error::new_error(kind, msg).0);
    let c = scope.root(string::from_str(code).0);
    let k = atoms::intern("code");
    object::define(Value(e.get()), k, Value(c.get()), perry_runtime::shape::DEFAULT);
    if let Some(f) = stack_file {
        let s = scope.root(string::from_str(f).0);
        let a = scope.root(array::from_values(&[Value(s.get())]).0);
        let k = atoms::intern("requireStack");
        object::define(Value(e.get()), k, Value(a.get()), perry_runtime::shape::DEFAULT);
    }
    error::throw(Value(e.get()))
}
