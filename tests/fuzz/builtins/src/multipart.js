// multipart/form-data: `Response.prototype.formData()` of mutated multipart bodies under
// mutated Content-Types (undici's MIME type and multipart parsers), every entry printed (a
// file's name, type and bytes), then the FormData serialized and parsed again. No urlencoded
// bodies: Node's URLSearchParams (ada) turns a U+FEFF of some long inputs into U+FFFD, which
// would hide the multipart findings.
const BOUNDARY = "----formdata-undici-012345678901";
const part = (headers, content) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
const END = `--${BOUNDARY}--\r\n`;
const SEEDS = [
  part('Content-Disposition: form-data; name="field"', "value") + END,
  part('Content-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain', "line1\r\nline2") +
    part('Content-Disposition: form-data; name="e"; filename=""', "") +
    END,
  "\r\n" + part('content-disposition:form-data; name="a%22b%0A"; filename*="x%0d"', "\x00\xff\xef\xbb\xbf") + `--${BOUNDARY}--`,
  part('Content-Disposition: form-data; name="b64"\r\nContent-Transfer-Encoding: base64\r\nX-Other: 1', "aGVs bG8=") + END,
  part('Content-Disposition: form-data; name="t"\r\nContent-Type: Image/PNG ', "\x89PNG\r\n--") + END + "\r\n\r\n",
  END,
];
const CTS = [
  `multipart/form-data; boundary=${BOUNDARY}`,
  `multipart/form-data; boundary="${BOUNDARY}"`,
  `Multipart/Form-Data;charset=utf-8; BOUNDARY=${BOUNDARY} `,
  `text/plain, multipart/form-data; boundary=${BOUNDARY}`,
  "multipart/form-data",
];
const TOKENS = ["\r\n", "\r", "\n", "--", BOUNDARY, '"', ":", ";", "=", " ", "\t", "\\", ",", "*", "%0A", "%22", "\xef\xbb\xbf", "\xff", "\x00", "é", "; filename=\"", 'Content-Disposition: form-data; name="', "Content-Type: ", "Content-Transfer-Encoding: base64\r\n", "\r\n\r\n", "boundary=", "multipart/form-data"];
function gen() {
  const body = rnd(6) === 0 ? pick(SEEDS) : mutate(pick(SEEDS), SEEDS, TOKENS);
  const ct = rnd(5) === 0 ? mutate(pick(CTS), CTS, TOKENS) : pick(CTS);
  return [body, ct];
}
function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (x) => x.toString(16).padStart(2, "0")).join("");
}
async function entries(fd) {
  let out = "";
  for (const [k, v] of fd) {
    out += " " + JSON.stringify(k) + "=";
    out += typeof v === "string" ? JSON.stringify(v) : "File(" + JSON.stringify(v.name) + "," + JSON.stringify(v.type) + "," + v.size + "," + hex(await v.arrayBuffer()) + ")";
  }
  return out;
}
async function check([body, ct]) {
  let out = show(body) + " " + show(ct) + "\t";
  const bytes = Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff);
  let fd;
  try {
    fd = await new Response(bytes, { headers: { "content-type": ct } }).formData();
  } catch (e) {
    return out + "error " + e.name + ": " + e.message;
  }
  out += await entries(fd);
  const again = await new Response(fd).formData();
  return out + "\tagain" + (await entries(again));
}
// `main` with an asynchronous `check`.
async function mainAsync() {
  const argv = process.argv;
  const seed = Number(argv[2]) | 0;
  const count = Number(argv[3]);
  const start = Number(argv[4]);
  for (let i = start; i < start + count; i++) {
    reseed(seed, i);
    const input = gen();
    let r;
    try {
      r = await check(input);
    } catch (e) {
      r = "threw " + (e && e.name) + ": " + (e && e.message);
    }
    console.log(i + "\t" + r);
  }
}
mainAsync();
