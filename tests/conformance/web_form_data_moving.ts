// FormData entries are JS values (strings and Files) in an array the collector moves: many
// entries, old FormData holding young Files and the reverse, set/delete compacting the list,
// iteration and forEach allocating between steps, inspection and round trips of big forms.
// @expose-gc
declare function gc(): void;

const old = new FormData();
for (let i = 0; i < 50; i++) old.append("s" + (i % 7), "value " + i);
gc(); // `old` and its list are old now; what is appended below is young.
for (let i = 0; i < 200; i++) {
  const bytes = new Uint8Array(i % 13);
  for (let j = 0; j < bytes.length; j++) bytes[j] = (i + j) & 0xff;
  if (i % 3 === 0) old.append("f" + (i % 5), new Blob([bytes], { type: "x/" + i }));
  else if (i % 3 === 1) old.append("f" + (i % 5), new File([bytes], "n" + i, { lastModified: i }));
  else old.append("f" + (i % 5), new Blob([bytes]), "named" + i);
  // Garbage between appends.
  const junk = [];
  for (let k = 0; k < 20; k++) junk.push({ k, s: "junk" + k });
}
console.log("count", [...old.keys()].length);
let sum = 0;
old.forEach((v, k) => {
  const tmp = { v, k, more: [1, 2, 3].map((x) => x * 2) };
  sum += typeof tmp.v === "string" ? tmp.v.length : (tmp.v as File).size + (tmp.v as File).name.length;
});
console.log("forEach sum", sum);
for (let i = 0; i < 2; i++) old.set("f" + i, new File(["set" + i], "set" + i + ".txt", { lastModified: 1 }));
old.delete("s3");
console.log("after set/delete", [...old.keys()].join(","));
const names: string[] = [];
for (const [k, v] of old) {
  names.push(k + ":" + (typeof v === "string" ? v : (v as File).name + "/" + (v as File).type + "/" + (v as File).size));
  gc();
}
console.log(names.join(" "));
const shown = new FormData();
for (const [k, v] of old) if (typeof v === "string" || (v as File).lastModified < 1000) shown.append(k, v);
gc();
console.log(shown);

// A young FormData holding old Files.
const files: File[] = [];
for (let i = 0; i < 20; i++) files.push(new File(["old" + i], "old" + i, { type: "text/plain", lastModified: i }));
gc();
const young = new FormData();
for (const f of files) young.append("o", f);
for (const f of files) young.append("r", f, f.name + ".renamed");
console.log("identity", young.getAll("o").every((f, i) => f === files[i]), young.getAll("r").every((f, i) => f !== files[i]));
console.log((young.getAll("r") as File[]).map((f) => f.name + "@" + f.lastModified).join(" "));

// Round trips of a big form, with collections in between.
async function main() {
  let fd = old;
  for (let round = 0; round < 3; round++) {
    const res = new Response(fd);
    gc();
    fd = await res.formData();
    const parts: string[] = [];
    for (const [k, v] of fd) parts.push(typeof v === "string" ? k + "=" + v : k + "=" + (v as File).name + ":" + (v as File).type + ":" + (await (v as File).arrayBuffer()).byteLength);
    let check = 0;
    for (const v of fd.values()) {
      if (typeof v === "string") continue;
      const bytes = new Uint8Array(await (v as File).arrayBuffer());
      for (const b of bytes) check = (check * 31 + b) % 1000003;
    }
    console.log("round", round, parts.length, parts.slice(0, 3).join(" "), parts.slice(-4).join(" "), "checksum", check);
  }
}
main();
