#!/usr/bin/env python3
"""Probe NVIDIA tileiras' host-side tensor-map encoder.

  probe-tensor-maps.py CUBIN [--ir FILE.cutileir] [--set NAME_OR_INDEX=VALUE ...]
                     [--vary] [--kernel N] [--raw]

Extracts .nv.host from CUBIN, links it into a shared object, reads each
kernel's visible parameters from .nv.info (EIATTR 0x45 records), fills a
parameter buffer with recognisable values, calls the kernel's
on_arguments_change callback, and prints every hidden 128-byte slot as 16
little-endian u64 words.

Default values (when the matching .cutileir is found; it is looked up in
the corpus ($TILECHAIN_CORPUS, default ../shared/corpus)/cutile by the cubin's base name, or given with --ir):
  array X of rank r: X_0 (pointer) = 0x7f0000000000 + (a+1)*0x1000000 + 0x1000
  shape[k]  = 0x40*(r-k) + 0x10*(a+1)        (all multiples of 16)
  strides   = row-major over the shapes, each outer stride padded by 16 elems
Other scalars = 0x100 + 4*index.  --set overrides one param (by cutileir
name, e.g. A_2, or by index, e.g. 7).  --vary re-runs the callback once per
parameter with that parameter changed (pointer +0x10000, i32 +16) and
prints which bits of which slot changed (XOR against the baseline).
Each callback call runs in a child process, so a crash is reported, not fatal.
"""
import argparse
import ctypes
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.environ.get(
    "TILECHAIN_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")), "cutile")


def sections(data):
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
            for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for name, _k, _f, _a, off, size, *_ in hdrs:
        s = stroff + name
        out[data[s:data.index(b"\0", s)].decode()] = data[off:off + size]
    return out


def nv_info(body):
    at = 0
    while at + 4 <= len(body):
        fmt, attr = body[at], body[at + 1]
        (v,) = struct.unpack_from("<H", body, at + 2)
        if fmt == 4:
            yield attr, list(struct.unpack_from("<%dI" % (v // 4), body, at + 4))
            at += 4 + v
        else:
            yield attr, [v]
            at += 4


def kernel_infos(secs):
    infos = {}
    for name, body in secs.items():
        if not name.startswith(".nv.info."):
            continue
        params, total, base = [], None, None
        for attr, w in nv_info(body):
            if attr == 0x45:
                params.append(dict(index=w[1] & 0xFFFF, offset=w[1] >> 16,
                                   size=w[2] & 0xFFFF, flags=w[2] >> 16))
            elif attr == 0x17:  # KPARAM_INFO (kernels without hidden slots)
                params.append(dict(index=w[1] & 0xFFFF, offset=w[1] >> 16,
                                   size=(w[2] >> 18) & 0x3FFF, flags=0))
            elif attr == 0x19:
                total = w[0]
            elif attr == 0x0A:
                base = w[1] & 0xFFFF
        params.sort(key=lambda p: p["index"])
        infos[name[len(".nv.info."):]] = dict(params=params, total=total,
                                              base=base)
    return infos


ELT = {"float16": 2, "bfloat16": 2, "float32": 4, "tfloat32": 4, "float64": 8,
       "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 4,
       "uint32": 4, "int64": 8, "uint64": 8, "bool_": 1,
       "float8_e4m3fn": 1, "float8_e5m2": 1}


def ir_params(path):
    """[(name, type)] from the kernel signature line of a .cutileir file."""
    with open(path) as f:
        for line in f:
            if line.startswith("("):
                return re.findall(r"(\w+): Tile\[(pointer\[\w+\]|\w+),", line)
    return []


def defaults(info, irp):
    vals, labels = {}, {}
    names = [n for n, _ in irp] if len(irp) == len(info["params"]) else None
    groups = {}
    if names:
        for i, (n, t) in enumerate(irp):
            m = re.match(r"(.*)_(\d+)$", n)
            if m:
                groups.setdefault(m.group(1), []).append((int(m.group(2)), i, t))
    done = set()
    for a, (g, mem) in enumerate(sorted(groups.items(),
                                         key=lambda kv: kv[1][0][1])):
        mem.sort()
        if not mem[0][2].startswith("pointer") or mem[0][0] != 0:
            continue
        n = len(mem) - 1
        if n % 2:
            continue
        r = n // 2
        ptr = 0x7f0000000000 + (a + 1) * 0x1000000 + 0x1000
        shapes = [0x40 * (r - k) + 0x10 * (a + 1) for k in range(r)]
        strides = [1] * r
        for k in range(r - 2, -1, -1):
            strides[k] = strides[k + 1] * shapes[k + 1] + 16
        vals[mem[0][1]] = ptr
        for k in range(r):
            vals[mem[1 + k][1]] = shapes[k]
            vals[mem[1 + r + k][1]] = strides[k]
        for _, i, _ in mem:
            done.add(i)
    for p in info["params"]:
        i = p["index"]
        labels[i] = names[i] if names else "p%d" % i
        if i not in vals:
            vals[i] = 0x7f00f0000000 + 0x10000 * i if p["size"] == 8 and \
                p["flags"] & 0x400 else 0x100 + 4 * i
    return vals, labels


CHILD = r"""
import ctypes, struct, sys, json
req = json.loads(sys.stdin.read())
lib = ctypes.CDLL(req["so"])
cbs = (ctypes.c_uint64 * 9).in_dll(lib, "__CUDA_TILEIR_CALLBACKS")
t = (ctypes.c_uint64 * 8).from_address(cbs[5] + 64 * req["k"])
fn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                      ctypes.c_void_p, ctypes.c_void_p)(t[5])
out = []
for fill in req["runs"]:
    buf = (ctypes.c_uint8 * 8192)(*([req["prefill"]] * 8192))
    for off, size, val in fill:
        struct.pack_into({1: "<B", 2: "<H", 4: "<I", 8: "<Q"}[size], buf, off,
                         val & ((1 << (8 * size)) - 1))
    rc = fn(None, None, None, ctypes.addressof(buf))
    out.append([rc, bytes(buf).hex()])
print(json.dumps(out))
"""


def run_child(so, k, runs, prefill=0):
    p = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps(
        dict(so=so, k=k, runs=runs, prefill=prefill)), capture_output=True, text=True)
    if p.returncode:
        return None, "child failed rc=%d %s" % (p.returncode, p.stderr[-300:])
    return json.loads(p.stdout), None


def slot_offsets(info):
    vis_end = max(p["offset"] + p["size"] for p in info["params"]) \
        if info["params"] else 0
    base = info["base"] or 0
    off = (base + vis_end + 63) // 64 * 64 - base
    out = []
    while info["total"] and off + 128 <= info["total"]:
        out.append(off)
        off += 128
    return out


def words(hexbuf, off):
    b = bytes.fromhex(hexbuf)
    return struct.unpack_from("<16Q", b, off)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cubin")
    ap.add_argument("--ir")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--vary", action="store_true")
    ap.add_argument("--kernel", type=int)
    ap.add_argument("--prefill", type=lambda x: int(x, 0), default=0,
                    help="byte value the buffer starts filled with")
    ap.add_argument("--quiet", action="store_true", help="slots only")
    a = ap.parse_args()
    with open(a.cubin, "rb") as f:
        secs = sections(f.read())
    if ".nv.host" not in secs:
        print("no .nv.host section (no host callback)")
        return
    tmp = tempfile.mkdtemp(prefix="tmaprobe")
    obj, so = os.path.join(tmp, "host.o"), os.path.join(tmp, "host.so")
    with open(obj, "wb") as f:
        f.write(secs[".nv.host"])
    subprocess.check_call(["cc", "-shared", "-o", so, obj])
    infos = kernel_infos(secs)
    lib = ctypes.CDLL(so)
    cbs = (ctypes.c_uint64 * 9).in_dll(lib, "__CUDA_TILEIR_CALLBACKS")
    irpath = a.ir
    if not irpath:
        b = os.path.basename(a.cubin).rsplit(".", 1)[0]
        cand = os.path.join(CORPUS, b + "__v13_4_anyarch.cutileir")
        irpath = cand if os.path.exists(cand) else None
    irp = ir_params(irpath) if irpath else []
    for k in range(cbs[6]):
        if a.kernel is not None and k != a.kernel:
            continue
        t = (ctypes.c_uint64 * 8).from_address(cbs[5] + 64 * k)
        name = ctypes.string_at(t[0]).decode()
        info = infos.get(name)
        print("kernel %d %s" % (k, name[:90]))
        if not info:
            print("  no .nv.info")
            continue
        if not t[5]:
            print("  no on_arguments_change callback")
            continue
        vals, labels = defaults(info, irp)
        byname = {v: i for i, v in labels.items()}
        for s in a.set:
            key, v = s.split("=", 1)
            i = int(key) if key.isdigit() else byname[key]
            vals[i] = int(v, 0)
        slots = slot_offsets(info)
        if not a.quiet:
            print("  cbank base %#x, total param size %#x, slots %s" % (
                info["base"] or 0, info["total"] or 0,
                " ".join("%#x" % s for s in slots)))
            print("  params: " + " ".join(
                "%s@%#x=%#x" % (labels[p["index"]], p["offset"],
                                vals[p["index"]]) for p in info["params"]))

        def fill(v):
            return [(p["offset"], p["size"], v[p["index"]])
                    for p in info["params"]]
        runs = [fill(vals)]
        order = [p["index"] for p in info["params"]]
        if a.vary:
            for i in order:
                v2 = dict(vals)
                v2[i] = vals[i] + (0x10000 if info["params"][i]["size"] == 8
                                   else 16)
                runs.append(fill(v2))
        res, err = run_child(so, k, runs, a.prefill)
        if err:
            print("  " + err)
            continue
        rc, base = res[0]
        if rc:
            print("  callback returned %d" % rc)
        for s in slots:
            w = words(base, s)
            print("  slot %#05x: %s" % (s, " ".join("%016x" % x for x in w[:8])))
            if any(x != int.from_bytes(bytes([a.prefill]) * 8, "little") for x in w[8:]):
                print("            %s" % " ".join("%016x" % x for x in w[8:]))
        if a.vary:
            for i, (rc2, buf2) in zip(order, res[1:]):
                diffs = []
                for s in slots:
                    w1, w2 = words(base, s), words(buf2, s)
                    for j in range(16):
                        if w1[j] != w2[j]:
                            diffs.append("slot%#x.w%d^%x" % (s, j, w1[j] ^ w2[j]))
                print("  vary %-8s -> %s" % (labels[i], " ".join(diffs) or "-"))


if __name__ == "__main__":
    main()
