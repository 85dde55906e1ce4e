#!/usr/bin/env python3
"""Callgrind instruction counts of one compiled function, summed by source line (Perry's
embedded source map). usage: cglines.py BINARY CG.OUT FUNCSYM [TOP]
CG.OUT from: valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no"""
import sys, re, subprocess, collections, bisect
binary, cg, func = sys.argv[1:4]
top = int(sys.argv[4]) if len(sys.argv) > 4 else 40
syms = {}
for l in subprocess.run(['nm', '-S', binary], capture_output=True, text=True).stdout.splitlines():
    p = l.split()
    if len(p) == 4:
        syms[p[3]] = (int(p[0], 16), int(p[1], 16))
fsym = [s for s in syms if s == func] or [s for s in syms if func in s]
fsym = fsym[0]
faddr, fsize = syms[fsym]
# source map blob
maddr, msize = syms['perry_srcmap']
sec = subprocess.run(['objdump', '-h', binary], capture_output=True, text=True).stdout
data = None
for l in sec.splitlines():
    p = l.split()
    if len(p) >= 7 and p[0].isdigit():
        vma, off, size = int(p[3], 16), int(p[5], 16), int(p[2], 16)
        if vma and data is None and vma <= maddr < vma + size:
            with open(binary, 'rb') as fh:
                fh.seek(off + maddr - vma)
                data = fh.read(msize)
text = data.split(b'\0')[0].decode()
files, names, inl = [], [], []
fns = []  # (name_idx, size, [(start, f, line, col, inline)])
for l in text.splitlines():
    t = l.split(' ')
    if t[0] == 'F': files.append(l[2:])
    elif t[0] == 'N': names.append(l[2:])
    elif t[0] == 'R': fns.append((int(t[2]), int(t[3]), []))
    elif t[0] == 'L': fns[-1][2].append((int(t[1]), int(t[2]), int(t[3]), int(t[4]), int(t[5]) if len(t) > 5 else -1))
    elif t[0] == 'I': inl.append(l[2:])
cands = [f for f in fns if f[1] == fsize]
if len(cands) != 1:
    print('ambiguous/no match for size', fsize, len(cands)); sys.exit(1)
locs = sorted(cands[0][2])
starts = [x[0] for x in locs]
counts = collections.Counter()
cur = None; skip = False
for line in open(cg):
    if line.startswith('fn='):
        cur = line[3:].strip(); continue
    if line.startswith('calls='):
        skip = True; continue
    if line.startswith(('cfn=', 'cfi=', 'cob=')): continue
    m = re.match(r'^(0x[0-9a-f]+)\s+\d+\s+(\d+)', line)
    if not m: continue
    if skip: skip = False; continue
    if cur == fsym:
        counts[int(m.group(1), 16)] += int(m.group(2))
by = collections.Counter()
for a, c in counts.items():
    i = bisect.bisect_right(starts, a - faddr) - 1
    key = locs[i][1:] if i >= 0 else None
    by[key] += c
tot = sum(by.values())
src = {}
for key, c in by.most_common(top):
    if key is None:
        print(f'{c:>12} {c/tot*100:5.1f}% (prologue)'); continue
    f, line, col, il = key
    fn = files[f]
    if fn not in src:
        try: src[fn] = open(fn).read().splitlines()
        except Exception: src[fn] = []
    s = src[fn][line - 1].strip()[:70] if line - 1 < len(src[fn]) else ''
    where = f' [inl {inl[il][:40]}]' if il >= 0 else ''
    print(f'{c:>12} {c/tot*100:5.1f}% {line}:{col}{where} {s}')
print('total', tot)
