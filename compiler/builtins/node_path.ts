// node:path: Node's POSIX path functions (`path.posix`, which `path` is on Linux), written
// after Node's documentation. Not implemented: `path.win32` (undefined) and `matchesGlob`.

type ParsedPath = { root: string; dir: string; base: string; ext: string; name: string };

function check(p: unknown, name: string): asserts p is string {
  if (typeof p !== "string") {
    const got = p === null || p === undefined ? String(p) : typeof p === "object" ? "an instance of " + ((p as object).constructor?.name ?? "Object") : `type ${typeof p} (${String(p)})`;
    const e = new TypeError(`The "${name}" argument must be of type string. Received ${got}`);
    (e as any).code = "ERR_INVALID_ARG_TYPE";
    throw e;
  }
}

// `.` and `..` resolved, repeated `/` collapsed; no leading or trailing `/` is added.
function normalizeSegments(path: string, absolute: boolean): string {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else {
      out.push(seg);
    }
  }
  return out.join("/");
}

export const sep = "/";
export const delimiter = ":";

export function resolve(...paths: string[]): string {
  let resolved = "";
  let absolute = false;
  for (let i = paths.length - 1; i >= -1 && !absolute; i--) {
    const p = i >= 0 ? paths[i] : process.cwd();
    check(p, `paths[${i}]`);
    if (p.length === 0) continue;
    resolved = resolved.length > 0 ? `${p}/${resolved}` : p;
    absolute = p.charCodeAt(0) === 47;
  }
  const body = normalizeSegments(resolved, absolute);
  return absolute ? `/${body}` : body.length > 0 ? body : ".";
}

export function normalize(path: string): string {
  check(path, "path");
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === 47;
  const trailing = path.charCodeAt(path.length - 1) === 47;
  let body = normalizeSegments(path, absolute);
  if (body.length === 0) {
    if (absolute) return "/";
    return trailing ? "./" : ".";
  }
  if (trailing) body += "/";
  return absolute ? `/${body}` : body;
}

export function isAbsolute(path: string): boolean {
  check(path, "path");
  return path.length > 0 && path.charCodeAt(0) === 47;
}

export function join(...paths: string[]): string {
  if (paths.length === 0) return ".";
  let joined: string | undefined;
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i];
    check(p, "path");
    if (p.length > 0) joined = joined === undefined ? p : `${joined}/${p}`;
  }
  return joined === undefined ? "." : normalize(joined);
}

export function relative(from: string, to: string): string {
  check(from, "from");
  check(to, "to");
  if (from === to) return "";
  const a = resolve(from);
  const b = resolve(to);
  if (a === b) return "";
  const fa = a === "/" ? [] : a.slice(1).split("/");
  const fb = b === "/" ? [] : b.slice(1).split("/");
  let i = 0;
  while (i < fa.length && i < fb.length && fa[i] === fb[i]) i++;
  const up = fa.slice(i).map(() => "..");
  return up.concat(fb.slice(i)).join("/");
}

export function toNamespacedPath(path: string): string {
  return path;
}

export function dirname(path: string): string {
  check(path, "path");
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === 47;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path.charCodeAt(i) === 47) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return absolute ? "/" : ".";
  if (absolute && end === 1) return "//";
  return path.slice(0, end);
}

export function basename(path: string, suffix?: string): string {
  check(path, "path");
  if (suffix !== undefined) check(suffix, "suffix");
  if (suffix !== undefined && suffix.length > 0 && suffix === path) return "";
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  if (end === 0) return "";
  let start = path.lastIndexOf("/", end - 1) + 1;
  let base = path.slice(start, end);
  if (suffix !== undefined && suffix.length > 0 && suffix !== base && base.endsWith(suffix)) {
    base = base.slice(0, base.length - suffix.length);
  }
  return base;
}

// The last component's extent and its last dot, scanning back from the end over trailing
// slashes (from `start`): Node's rules for an extension. A dot that starts the name, or the
// dots of `..`, begin no extension.
function scan(path: string, start: number): { part: number; dot: number; end: number } {
  let dot = -1;
  let part = 0;
  let end = -1;
  let matchedSlash = true;
  // 0: no character but the last dot seen; 1: only dots before it; -1: another character.
  let preDot = 0;
  for (let i = path.length - 1; i >= start; i--) {
    const code = path.charCodeAt(i);
    if (code === 47) {
      if (!matchedSlash) {
        part = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
    if (code === 46) {
      if (dot === -1) dot = i;
      else if (preDot !== 1) preDot = 1;
    } else if (dot !== -1) {
      preDot = -1;
    }
  }
  if (dot === -1 || end === -1 || preDot === 0 || (preDot === 1 && dot === end - 1 && dot === part + 1)) dot = -1;
  return { part, dot, end };
}

export function extname(path: string): string {
  check(path, "path");
  const { dot, end } = scan(path, 0);
  return dot === -1 ? "" : path.slice(dot, end);
}

export function parse(path: string): ParsedPath {
  check(path, "path");
  const ret = { root: "", dir: "", base: "", ext: "", name: "" };
  if (path.length === 0) return ret;
  const absolute = path.charCodeAt(0) === 47;
  if (absolute) ret.root = "/";
  const { part, dot, end } = scan(path, absolute ? 1 : 0);
  if (end !== -1) {
    const start = part === 0 && absolute ? 1 : part;
    ret.base = path.slice(start, end);
    if (dot === -1) {
      ret.name = ret.base;
    } else {
      ret.name = path.slice(start, dot);
      ret.ext = path.slice(dot, end);
    }
  }
  if (part > 0) ret.dir = path.slice(0, part - 1);
  else if (absolute) ret.dir = "/";
  return ret;
}

export function format(p: Partial<ParsedPath>): string {
  if (p === null || typeof p !== "object") {
    const e = new TypeError(`The "pathObject" argument must be of type object. Received ${p === null ? "null" : `type ${typeof p} (${String(p)})`}`);
    (e as any).code = "ERR_INVALID_ARG_TYPE";
    throw e;
  }
  const dir = p.dir || p.root;
  const ext = p.ext ? (p.ext.startsWith(".") ? p.ext : `.${p.ext}`) : "";
  const base = p.base || `${p.name ?? ""}${ext}`;
  if (!dir) return base;
  return dir === p.root ? `${dir}${base}` : `${dir}/${base}`;
}

const posix: any = {
  sep,
  delimiter,
  resolve,
  normalize,
  isAbsolute,
  join,
  relative,
  toNamespacedPath,
  dirname,
  basename,
  extname,
  parse,
  format,
  win32: undefined,
};
posix.posix = posix;
export { posix };
export const win32 = undefined;
export default posix;
