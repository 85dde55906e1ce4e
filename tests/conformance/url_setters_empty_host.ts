// URL setters that would give a non-special URL with credentials or a port an empty host are
// refused (the URL stays as it was), as the standard says; they used to abort Perry (found by
// the URL fuzzer).
function show(u: URL) {
  console.log(u.href, JSON.stringify([u.host, u.hostname, u.username, u.password, u.port, u.pathname]));
}
const a = new URL("foo://h/p");
a.password = "pw";
a.host = "//";
show(a);
a.host = "";
show(a);
a.hostname = "";
show(a);
const b = new URL("foo://user@h:1/p");
b.hostname = "";
show(b);
b.host = "x";
show(b);
const c = new URL("foo://h:5/p");
c.host = "";
show(c);
c.port = "";
show(c);
c.host = "";
show(c);
const d = new URL("foo://h/p");
d.host = "";
show(d);
d.username = "u";
show(d);
const e = new URL("http://u:p@h/p");
e.host = "";
show(e);
e.hostname = "//";
show(e);
