//! `perry compile --app DIR`: a server from a Next.js-style App-Route app.
//!
//! `scan` finds the route handlers `DIR/app/**/route.ts` (or `DIR/src/app`)
//! and turns each folder path into a URL pattern as the App Router does:
//! route groups `(name)` vanish, private folders `_name` and everything in
//! them are skipped, `%5F` at the start of a folder name is a literal `_`,
//! and `[id]`, `[...slug]`, `[[...slug]]` stay as written for the router to
//! parse. Layouts Next refuses (two routes for one path, different parameter
//! names at one position, a required beside an optional catch-all, an
//! optional catch-all beside a route for its parent path) are errors naming
//! both files.
//!
//! `entry_source` generates the server's entry module: it imports every route
//! module as a namespace, the app's optional `DIR/request-context.ts`
//! (exporting `runWithRequest(request, fn)`, which the router calls around
//! each handler), `serve` from perry:http, and calls `startApp` from
//! perry:app-router (compiler/builtins/perry_app_router.ts) with the
//! route table. `load` builds the module graph: the routes first, each
//! checked for a handler export as soon as it is loaded, then the entry
//! (whose imports of the routes come first, so the evaluation order is the
//! one Node gives the same entry file).
//!
//! # The router
//!
//! The router is TypeScript (`compiler/builtins/perry_app_router.ts`): `compileRoutes` builds a
//! tree (static children, one `[param]` child, catch-alls) that `decide` walks depth-first in
//! Next's precedence (static, then `[param]`, then `[...all]`, then `[[...all]]`,
//! backtracking), giving a pure decision (route and params, automatic HEAD through GET and
//! OPTIONS with `Allow`, 405 with `Allow`, 404, 400 for an unknown method or a malformed
//! escape, 308 for a trailing slash) that `handleRequest` turns into a Response, calling the
//! handler with `{ params }` (own properties plus a non-enumerable `then`, so `await params`
//! works as in Next 15) inside `runWithRequest`; a throw, rejection or non-Response is a 500
//! logged with `console.error`. `startApp` reads `--port`, `--hostname` and `PORT` (default
//! 127.0.0.1:3000), awaits `serve` (a Node host's binds asynchronously) and prints `listening
//! on http://HOST:PORT` with the bound port. Everything before `handleRequest` is pure, so the
//! matcher is a conformance program (`tests/conformance/app_router.ts`) and the same source
//! serves the Node host (`--emit-entry FILE` writes the entry;
//! `fixtures/app-route/build-node.sh` bundles it with `perry:http` over `node:http`). Handlers
//! are the exports `GET`, `HEAD`, `OPTIONS`, `POST`, `PUT`, `DELETE`, `PATCH`.

use crate::diag::render;
use crate::modules::Graph;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The handler names a route module may export (perry:app-router's METHODS).
pub const METHODS: [&str; 7] = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

/// The name of the generated entry module in diagnostics and stack traces.
pub const ENTRY_NAME: &str = "<app entry>";

pub struct Route {
    /// Canonical path of route.ts.
    pub file: PathBuf,
    /// Path relative to the app directory, with `/`: "app/api/items/[id]/route.ts".
    pub rel: String,
    /// URL pattern: "/api/items/[id]".
    pub pattern: String,
}

pub struct App {
    /// The directory as given on the command line (for messages).
    pub dir: PathBuf,
    /// Routes sorted by their file's relative path.
    pub routes: Vec<Route>,
    /// Canonical path of `DIR/request-context.ts`, when the app has one.
    pub context: Option<PathBuf>,
    /// Things worth telling the user that do not stop the build.
    pub warnings: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Static,
    Dynamic,
    CatchAll,
    OptionalCatchAll,
}

/// Classifies one folder name of a route path as perry:app-router's
/// `parseSegment` does; `Err` says why it is invalid.
fn segment(text: &str) -> Result<(Kind, &str), String> {
    let (kind, name) = if let Some(n) = text.strip_prefix("[[...").and_then(|t| t.strip_suffix("]]")) {
        (Kind::OptionalCatchAll, n)
    } else if let Some(n) = text.strip_prefix("[...").and_then(|t| t.strip_suffix(']')) {
        (Kind::CatchAll, n)
    } else if let Some(n) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        (Kind::Dynamic, n)
    } else {
        if text.is_empty() || text.contains(['[', ']']) {
            return Err(format!("invalid route segment '{text}'"));
        }
        return Ok((Kind::Static, text));
    };
    if name.is_empty() || name.contains(['[', ']', '.']) {
        return Err(format!("invalid route segment '{text}'"));
    }
    Ok((kind, name))
}

/// Finds the routes of the app in `dir`.
pub fn scan(dir: &Path) -> Result<App, String> {
    if !dir.is_dir() {
        return Err(format!("{}: not a directory (perry compile --app DIR expects an App-Route app: DIR/app/**/route.ts)", dir.display()));
    }
    let app_dir = if dir.join("app").is_dir() {
        "app"
    } else if dir.join("src/app").is_dir() {
        "src/app"
    } else {
        return Err(format!("{}: no app/ folder (an App-Route app keeps its route handlers in app/**/route.ts)", dir.display()));
    };
    let mut app = App { dir: dir.to_path_buf(), routes: Vec::new(), context: None, warnings: Vec::new() };
    let mut segments = Vec::new();
    walk(&dir.join(app_dir), app_dir, &mut segments, &mut app)?;
    if app.routes.is_empty() {
        return Err(format!("{}: no route handlers (app/**/route.ts)", dir.join(app_dir).display()));
    }
    app.routes.sort_by(|a, b| a.rel.cmp(&b.rel));
    check_layout(&app)?;
    let context = dir.join("request-context.ts");
    if context.is_file() {
        app.context = Some(std::fs::canonicalize(&context).map_err(|e| format!("{}: {e}", context.display()))?);
    }
    Ok(app)
}

fn walk(folder: &Path, rel: &str, segments: &mut Vec<String>, app: &mut App) -> Result<(), String> {
    let mut entries: Vec<(String, PathBuf)> = Vec::new();
    let read = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", app.dir.join(rel).display()))?;
    for e in read {
        let e = e.map_err(|e| format!("{}: {e}", app.dir.join(rel).display()))?;
        let name = e.file_name().into_string().map_err(|n| format!("{}: a file name that is not UTF-8: {n:?}", app.dir.join(rel).display()))?;
        entries.push((name, e.path()));
    }
    entries.sort();
    for (name, path) in entries {
        let here = format!("{rel}/{name}");
        if path.is_dir() {
            if name.starts_with('_') {
                continue; // a private folder: not routed
            }
            if name.starts_with('@') {
                return Err(format!("{}: parallel route slots (@folder) are not supported by perry compile --app", app.dir.join(&here).display()));
            }
            if name.starts_with("(.") {
                return Err(format!("{}: intercepting routes are not supported by perry compile --app", app.dir.join(&here).display()));
            }
            if name.starts_with('(') && name.ends_with(')') {
                walk(&path, &here, segments, app)?; // a route group: not part of the path
                continue;
            }
            let seg = match name.strip_prefix("%5F").or_else(|| name.strip_prefix("%5f")) {
                Some(rest) => format!("_{rest}"),
                None => name.clone(),
            };
            segment(&seg).map_err(|e| format!("{}: {e}", app.dir.join(&here).display()))?;
            segments.push(seg);
            walk(&path, &here, segments, app)?;
            segments.pop();
        } else if name == "route.ts" {
            let file = std::fs::canonicalize(&path).map_err(|e| format!("{}: {e}", app.dir.join(&here).display()))?;
            app.routes.push(Route { file, rel: here, pattern: format!("/{}", segments.join("/")) });
        } else if name.starts_with("route.") {
            return Err(format!("{}: Perry compiles route handlers written in TypeScript: name the file route.ts", app.dir.join(&here).display()));
        } else if name.starts_with("page.") || name.starts_with("layout.") {
            app.warnings.push(format!("{}: ignored (perry compile --app serves route handlers, not pages)", app.dir.join(&here).display()));
        }
    }
    Ok(())
}

/// Refuses the layouts Next refuses (perry:app-router's `compileRoutes`
/// makes the same checks at start-up).
fn check_layout(app: &App) -> Result<(), String> {
    // Keys are route shapes: static names as they are, parameters by kind only.
    let mut paths: HashMap<String, &Route> = HashMap::new();
    let mut params: HashMap<String, (&str, &Route)> = HashMap::new();
    let both = |a: &Route, b: &Route, why: &str| format!("{} and {}: {why}", app.dir.join(&a.rel).display(), app.dir.join(&b.rel).display());
    for r in &app.routes {
        let mut shape = String::new();
        let mut names: Vec<&str> = Vec::new();
        let segs: Vec<&str> = if r.pattern == "/" { Vec::new() } else { r.pattern[1..].split('/').collect() };
        for (i, s) in segs.iter().enumerate() {
            let (kind, text) = segment(s).map_err(|e| format!("{}: {e}", app.dir.join(&r.rel).display()))?;
            if kind == Kind::Static {
                shape.push_str("/=");
                shape.push_str(text);
                continue;
            }
            let here = format!("{} ({s})", app.dir.join(&r.rel).display());
            if matches!(kind, Kind::CatchAll | Kind::OptionalCatchAll) && i + 1 != segs.len() {
                return Err(format!("{here}: a catch-all segment must be the last one"));
            }
            if names.contains(&text) {
                return Err(format!("{here}: the parameter name '{text}' is used twice in {}", r.pattern));
            }
            names.push(text);
            let (mine, other) = match kind {
                Kind::Dynamic => ("/[]", None),
                Kind::CatchAll => ("/[...]", Some("/[[...]]")),
                _ => ("/[[...]]", Some("/[...]")),
            };
            if let Some(other) = other
                && let Some((_, o)) = params.get(&format!("{shape}{other}"))
            {
                return Err(both(o, r, "a required and an optional catch-all at the same level"));
            }
            if kind == Kind::OptionalCatchAll
                && let Some(o) = paths.get(&shape)
            {
                return Err(both(o, r, &format!("an optional catch-all also matches its parent path {}", o.pattern)));
            }
            shape.push_str(mine);
            match params.get(&shape) {
                Some((n, o)) if *n != text => {
                    return Err(both(o, r, &format!("different parameter names ('{n}' and '{text}') for the same dynamic path")));
                }
                Some(_) => {}
                None => {
                    params.insert(shape.clone(), (text, r));
                }
            }
        }
        if let Some(o) = paths.get(&shape) {
            return Err(both(o, r, &format!("both serve {}", r.pattern)));
        }
        if let Some((_, o)) = params.get(&format!("{shape}/[[...]]")) {
            return Err(both(o, r, &format!("an optional catch-all also matches its parent path {}", r.pattern)));
        }
        paths.insert(shape, r);
    }
    Ok(())
}

/// A JavaScript string literal.
pub(crate) fn js_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn path_str(p: &Path) -> Result<&str, String> {
    p.to_str().ok_or_else(|| format!("{}: a path that is not UTF-8", p.display()))
}

/// The source of the server's entry module.
pub fn entry_source(app: &App) -> Result<String, String> {
    let mut s = String::new();
    s.push_str(&format!("// Generated by `perry compile --app {}`: the server of its route handlers.\n", app.dir.display()));
    for (i, r) in app.routes.iter().enumerate() {
        s.push_str(&format!("import * as route{i} from {};\n", js_string(path_str(&r.file)?)));
    }
    if let Some(c) = &app.context {
        s.push_str(&format!("import {{ runWithRequest }} from {};\n", js_string(path_str(c)?)));
    }
    s.push_str("import { serve } from \"perry:http\";\nimport { startApp } from \"perry:app-router\";\n");
    s.push_str(
        "import { runWithRequest as requestScope } from \"perry:next/headers\";\nimport { NextRequest } from \"perry:next/server\";\n\nstartApp(\n  [\n",
    );
    for (i, r) in app.routes.iter().enumerate() {
        s.push_str(&format!("    {{ path: {}, file: {}, module: route{i} }},\n", js_string(&r.pattern), js_string(&r.rel)));
    }
    s.push_str(if app.context.is_some() {
        "  ],\n  { serve, requestScope, NextRequest, runWithRequest },\n);\n"
    } else {
        "  ],\n  { serve, requestScope, NextRequest },\n);\n"
    });
    Ok(s)
}

/// The module graph of the server: every route (each must export a
/// handler), the request context, then the generated entry.
pub fn load(app: &App) -> Result<Graph, String> {
    let mut g = Graph::default();
    g.next_modules = true;
    for r in &app.routes {
        let m = g.add_file(&r.file).map_err(|d| render(&d))?;
        if !METHODS.iter().any(|name| g.resolve_export(m, name, 0).is_some()) {
            let mut names = Vec::new();
            g.export_names(m, 0, &mut names);
            let mut hint = String::new();
            if let Some(n) = names.iter().find(|n| METHODS.contains(&n.to_uppercase().as_str())) {
                hint = format!(" (it exports '{n}': handler names are uppercase)");
            } else if names.iter().any(|n| n == "default") {
                hint = " (a default export is not a handler: export each method by name)".to_string();
            }
            return Err(format!(
                "{}: exports no route handler; a route module exports one or more of {}{hint}",
                app.dir.join(&r.rel).display(),
                METHODS.join(", ")
            ));
        }
    }
    if let Some(c) = &app.context {
        let m = g.add_file(c).map_err(|d| render(&d))?;
        if g.resolve_export(m, "runWithRequest", 0).is_none() {
            return Err(format!(
                "{}: a request context module exports runWithRequest(request, fn), which the server calls around each route handler",
                app.dir.join("request-context.ts").display()
            ));
        }
    }
    g.add_generated(ENTRY_NAME, entry_source(app)?).map_err(|d| render(&d))?;
    g.finish().map_err(|d| render(&d))?;
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app_of(files: &[&str]) -> Result<App, String> {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("perry-app-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in files {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "export function GET() {}\n").unwrap();
        }
        std::fs::create_dir_all(&dir).unwrap();
        let r = scan(&dir).map_err(|e| e.replace(&format!("{}/", dir.display()), "").replace(&dir.display().to_string(), "DIR"));
        let _ = std::fs::remove_dir_all(&dir);
        r
    }

    fn patterns(files: &[&str]) -> Vec<(String, String)> {
        app_of(files).unwrap().routes.into_iter().map(|r| (r.rel, r.pattern)).collect()
    }

    #[test]
    fn folders_to_patterns() {
        let p = patterns(&[
            "app/route.ts",
            "app/(shop)/cart/route.ts",
            "app/api/items/[id]/route.ts",
            "app/api/_lib/route.ts",
            "app/api/%5Fx/route.ts",
            "app/docs/[[...slug]]/route.ts",
            "app/files/[...path]/route.ts",
            "app/page.tsx",
            "app/api/items/helpers.ts",
        ]);
        let want = [
            ("app/(shop)/cart/route.ts", "/cart"),
            ("app/api/%5Fx/route.ts", "/api/_x"),
            ("app/api/items/[id]/route.ts", "/api/items/[id]"),
            ("app/docs/[[...slug]]/route.ts", "/docs/[[...slug]]"),
            ("app/files/[...path]/route.ts", "/files/[...path]"),
            ("app/route.ts", "/"),
        ];
        assert_eq!(p, want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>());
        assert_eq!(patterns(&["src/app/x/route.ts"]), vec![("src/app/x/route.ts".to_string(), "/x".to_string())]);
    }

    #[test]
    fn refused_layouts() {
        let err = |files: &[&str]| app_of(files).err().unwrap();
        assert_eq!(err(&["app/(a)/x/route.ts", "app/(b)/x/route.ts"]), "app/(a)/x/route.ts and app/(b)/x/route.ts: both serve /x");
        assert_eq!(
            err(&["app/a/[id]/route.ts", "app/a/[slug]/b/route.ts"]),
            "app/a/[id]/route.ts and app/a/[slug]/b/route.ts: different parameter names ('id' and 'slug') for the same dynamic path"
        );
        assert_eq!(
            err(&["app/d/[...a]/route.ts", "app/d/[[...a]]/route.ts"]),
            "app/d/[...a]/route.ts and app/d/[[...a]]/route.ts: a required and an optional catch-all at the same level"
        );
        assert_eq!(
            err(&["app/d/[[...a]]/route.ts", "app/d/route.ts"]),
            "app/d/[[...a]]/route.ts and app/d/route.ts: an optional catch-all also matches its parent path /d"
        );
        assert_eq!(
            err(&["app/d/route.ts", "app/e/[[...a]]/route.ts", "app/route.ts", "app/[[...z]]/route.ts"]),
            "app/[[...z]]/route.ts and app/route.ts: an optional catch-all also matches its parent path /"
        );
        assert_eq!(err(&["app/[...a]/b/route.ts"]), "app/[...a]/b/route.ts ([...a]): a catch-all segment must be the last one");
        assert_eq!(err(&["app/[a]/[a]/route.ts"]), "app/[a]/[a]/route.ts ([a]): the parameter name 'a' is used twice in /[a]/[a]");
        assert_eq!(err(&["app/[]/route.ts"]), "app/[]: invalid route segment '[]'");
        assert_eq!(err(&["app/@modal/route.ts"]), "app/@modal: parallel route slots (@folder) are not supported by perry compile --app");
        assert_eq!(err(&["app/x/route.js"]), "app/x/route.js: Perry compiles route handlers written in TypeScript: name the file route.ts");
        assert_eq!(err(&["app/x.ts"]), "app: no route handlers (app/**/route.ts)");
        assert_eq!(err(&["lib/x.ts"]), "DIR: no app/ folder (an App-Route app keeps its route handlers in app/**/route.ts)");
    }

    #[test]
    fn entry() {
        let app = App {
            dir: PathBuf::from("demo"),
            routes: vec![Route { file: PathBuf::from("/d/app/a \"q\"/route.ts"), rel: "app/a \"q\"/route.ts".into(), pattern: "/a \"q\"".into() }],
            context: Some(PathBuf::from("/d/request-context.ts")),
            warnings: Vec::new(),
        };
        assert_eq!(
            entry_source(&app).unwrap(),
            "// Generated by `perry compile --app demo`: the server of its route handlers.\n\
             import * as route0 from \"/d/app/a \\\"q\\\"/route.ts\";\n\
             import { runWithRequest } from \"/d/request-context.ts\";\n\
             import { serve } from \"perry:http\";\n\
             import { startApp } from \"perry:app-router\";\n\
             import { runWithRequest as requestScope } from \"perry:next/headers\";\n\
             import { NextRequest } from \"perry:next/server\";\n\
             \n\
             startApp(\n  [\n    { path: \"/a \\\"q\\\"\", file: \"app/a \\\"q\\\"/route.ts\", module: route0 },\n  ],\n  { serve, requestScope, NextRequest, runWithRequest },\n);\n"
        );
        assert_eq!(js_string("a\\b\n\u{2028}"), "\"a\\\\b\\u000a\\u2028\"");
    }
}
