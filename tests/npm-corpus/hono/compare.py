#!/usr/bin/env python3
"""The Hono app of app.ts served by Perry (perry:http) and by Node (@hono/node-server), sent the
same request set over HTTP: prints any difference in status, headers or body and exits 1 if
there is one. Headers that depend on the moment or on the server's framing are left out:
`date`, `connection`, `keep-alive`, `content-length` and `transfer-encoding` (each server frames
bodies its own way; the bodies themselves are compared byte for byte), the servers' ports in
URLs, and the Content-Type of a 204 or 304 answer: @hono/node-server gives every response it
writes `content-type: text/plain; charset=UTF-8` when it has none (`buildOutgoingHttpHeaders`),
bodiless ones included, which Node's own Response does not.

Usage: tests/npm-corpus/hono/compare.py   (builds Perry's server with target/release/perry; needs
node, esbuild and the corpus's node_modules: run tests/npm-corpus/run.sh once first)."""
import http.client, json, os, re, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
perry = os.environ.get("PERRY", os.path.join(root, "target", "release", "perry"))
env = dict(os.environ)
env.pop("NODE_EXTRA_CA_CERTS", None)
FRAMING = {"date", "connection", "keep-alive", "content-length", "transfer-encoding"}

def start(cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=dict(env, PORT="0"), text=True)
    line = p.stdout.readline()
    m = re.match(r"listening (\d+)", line)
    if not m:
        sys.exit(f"{cmd[0]} did not start: {line!r}")
    return p, int(m.group(1))

def requests():
    src = open(os.path.join(here, "app.ts")).read()
    block = src[src.index("export const requests"):]
    block = block[block.index("= [") + 2: block.index("];\n") + 1]
    block = re.sub(r'btoa\("([^"]*)"\)', lambda m: json.dumps(__import__("base64").b64encode(m.group(1).encode()).decode()), block)
    block = re.sub(r'"Basic " \+ ', '"Basic " + ', block)
    block = re.sub(r'("[^"]*") \+ ("[^"]*")', lambda m: json.dumps(json.loads(m.group(1)) + json.loads(m.group(2))), block)
    block = re.sub(r"'([^']*)'", lambda m: json.dumps(m.group(1)), block)
    block = re.sub(r'([{,]\s*)([A-Za-z_][\w-]*)\s*:', r'\1"\2":', block)
    block = re.sub(r",\s*([\]}])", r"\1", block)
    return json.loads(block)

def run(port):
    out, etag, token = [], "", ""
    for req in requests():
        method, path, headers = req[0], req[1], req[2]
        body = req[3] if len(req) > 3 else None
        headers = {k: v.replace("PLACEHOLDER", etag.replace('"', "")).replace("TOKEN", token) for k, v in headers.items()}
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        data = r.read()
        c.close()
        hs = sorted((k.lower(), v.replace(f"127.0.0.1:{port}", "127.0.0.1:PORT")) for k, v in r.getheaders()
                    if k.lower() not in FRAMING and not (r.status in (204, 304) and k.lower() == "content-type"))
        if path == "/etag/page" and r.getheader("etag"):
            etag = r.getheader("etag")
        if path == "/login":
            token = json.loads(data)["token"]
        out.append(f"{method} {path} -> {r.status}")
        out += [f"  {k}: {v}" for k, v in hs]
        out.append("  " + repr(data))
    return out

subprocess.run(["esbuild", os.path.join(here, "serve-node.ts"), "--bundle", "--packages=external", "--format=esm",
                "--platform=node", "--target=es2022", "--log-level=error",
                "--tsconfig-raw=" + open(os.path.join(here, "..", "tsconfig.json")).read(),
                "--outfile=" + os.path.join(here, ".serve-node.mjs")], check=True)
exe = os.path.join(here, ".serve-perry")
subprocess.run([perry, "compile", os.path.join(here, "serve-perry.ts"), "-o", exe], check=True)
node, node_port = start(["node", os.path.join(here, ".serve-node.mjs")])
perry_p, perry_port = start([exe])
try:
    a, b = run(node_port), run(perry_port)
finally:
    node.kill(); perry_p.kill()
if a == b:
    print(f"identical: {len(requests())} requests, {len(a)} lines of status, headers and bodies")
    sys.exit(0)
import difflib
print("\n".join(difflib.unified_diff(a, b, "node", "perry", lineterm="")))
sys.exit(1)
