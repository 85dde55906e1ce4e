// URL: `new URL(input, base)` of mutated URLs, its getters, searchParams, setters, canParse.
const SEEDS = [
  "https://user:pass@example.com:8080/a/b/../c?x=1&y=%20#frag",
  "http://[::1]:80/",
  "http://[1:2:3:4:5:6:7:8]/p",
  "file:///C:/x/../y",
  "file://host/share/f",
  "http://xn--nxasmq6b.com/",
  "https://EXAMPLE.com./%7Efoo",
  "mailto:a@b.c",
  "data:text/plain,hi",
  "ws://h/p?q",
  "blob:https://a/b",
  "//host/path",
  "/abs?x#y",
  "rel/../x",
  "?q",
  "#h",
  "http://1.2.3.4/",
  "http://0x7f.1/",
  "http://999999999999/",
  "http://ümlaut.de/ä?ö#ü",
  "javascript:alert(1)",
  "https://a/%zz",
  "http://a:65535/",
  "sc://ñ/x",
  "non-spec:/.//p",
  "http://a/b/c/./../../g",
  " \t http://x/ \n",
  "HTTP://A.COM/%2e%2E/x",
  "https://a.b/c?d=e&f=g&d=h",
];
const BASES = [undefined, "http://base.com/dir/file?q#h", "file:///home/u/", "about:blank", "https://a/", "invalid", "http://[::]/x/"];
const TOKENS = [":", "/", "//", "\\", "?", "#", "@", "[", "]", "%", "%2e", "%00", "%zz", ".", "..", " ", "\t", "\n", "ä", "💩", "xn--", "0x", "255", "256", "4294967296", "::", "http:", "file:", "https:", "ws:", "localhost", "\u0000", "^", "|", "{", "<", '"', "'", "`", "\u00ad", "ß", "ＡＢＣ", "\ufffd", "\ud800", "&", "=", "+", "a", "1"];
function gen() {
  const input = rnd(5) === 0 ? pick(SEEDS) : mutate(pick(SEEDS), SEEDS, TOKENS);
  const base = rnd(3) === 0 ? pick(BASES) : rnd(4) === 0 ? mutate(pick(SEEDS), SEEDS, TOKENS) : undefined;
  const edits = [];
  for (let k = rnd(4); k > 0; k--) edits.push([pick(["pathname", "search", "hash", "host", "hostname", "port", "protocol", "username", "password", "href"]), mutate(pick(TOKENS) + pick(TOKENS), TOKENS, TOKENS)]);
  return [input, base, edits];
}
function props(u) {
  return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.searchParams.toString(), String(u), JSON.stringify(u)].map((x) => JSON.stringify(x)).join(" ");
}
function check([input, base, edits]) {
  let out = show(input) + " " + show(String(base)) + "\t" + URL.canParse(input, base) + " ";
  let u;
  try {
    u = base === undefined ? new URL(input) : new URL(input, base);
  } catch (e) {
    return out + "error " + e.name + ": " + e.message + " " + e.code;
  }
  out += props(u);
  for (const [k, v] of edits) {
    try {
      u[k] = v;
      out += "\t" + k + "=" + show(v) + " " + props(u);
    } catch (e) {
      out += "\t" + k + "=" + show(v) + " error " + e.name;
    }
  }
  const keys = [];
  u.searchParams.forEach((v, k) => keys.push(k + "=" + v));
  return out + "\t" + JSON.stringify(keys);
}
main(gen, check);
