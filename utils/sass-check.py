#!/usr/bin/env python3
"""Compiles corpus kernels in the parallel form and checks their sm_90 SASS.

Each kernel is compiled with

  scripts/tileiras K -o K.cubin --tile-form parallel --gpu-name sm_90 -O3

and its SASS (cuobjdump -sass) and resource usage (cuobjdump
--dump-resource-usage) are read. Per kernel the table has: the form the
kernel took (parallel, or serial when tile-lower fell back), the local memory
instructions (LDL/STL: spills or stack arrays), the global loads and stores
by width (LDG/STG .32/.64/.128; 8- and 16-bit accesses count as .32 since
they move no more than it), and REG, STACK, SHARED and LOCAL bytes.

  sass-check.py [KERNEL.tileirbc ...] [--corpus DIR] [--cuda-bin DIR]
                [--tsv OUT.tsv] [--markdown OUT.md] [-j N]

Without kernels: every 13.4 kernel of the corpus (../shared/corpus/cutile)
without mmaf/mmai ops. cuobjdump is looked up in --cuda-bin, then on PATH,
then in the project's .venv (scripts/setup installs it there).
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus",
                              "cutile")
RESOURCES = ("REG", "STACK", "SHARED", "LOCAL")
WIDTHS = ("32", "64", "128")
COLUMNS = (["kernel", "status", "form", "LDL", "STL"] +
           [f"{op}.{w}" for op in ("LDG", "STG") for w in WIDTHS] +
           list(RESOURCES))


def find_cuobjdump(cuda_bin):
    if cuda_bin:
        path = os.path.join(cuda_bin, "cuobjdump")
        return path if os.access(path, os.X_OK) else None
    found = shutil.which("cuobjdump")
    if found:
        return found
    for path in glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*",
                                       "site-packages", "nvidia", "cu13",
                                       "bin", "cuobjdump")):
        return path
    return None


def uses_mma(kernel):
    """Whether the kernel has mmaf/mmai ops (by tile-read's decode)."""
    decoded = subprocess.run([os.path.join(ROOT, "build", "bin", "tile-read"),
                              kernel], capture_output=True, text=True)
    return re.search(r"\bmma[fi]\b", decoded.stdout) is not None


def access_width(opcode):
    """The width column of an LDG/STG opcode: .64 and .128 say so, narrower
    or unmarked accesses are .32."""
    for width in ("128", "64"):
        if f".{width}" in opcode:
            return width
    return "32"


def count_sass(sass):
    counts = collections.Counter()
    for line in sass.splitlines():
        # "/*0130*/  @!P0 LDG.E.128 R4, desc[UR4][R2.64] ;"
        match = re.match(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+)",
                         line)
        if not match:
            continue
        opcode = match.group(1)
        base = opcode.split(".")[0]
        if base in ("LDL", "STL"):
            counts[base] += 1
        elif base in ("LDG", "STG"):
            counts[f"{base}.{access_width(opcode)}"] += 1
    return counts


def resource_usage(text):
    usage = {}
    for name in RESOURCES:
        match = re.search(rf"\b{name}:(\d+)", text)
        usage[name] = int(match.group(1)) if match else 0
    return usage


def check(kernel, cuobjdump, scratch):
    name = os.path.basename(kernel).rsplit(".", 1)[0]
    cubin = os.path.join(scratch, name + ".cubin")
    row = {"kernel": name, "status": "ok", "form": "parallel"}
    compiled = subprocess.run(
        [os.path.join(ROOT, "scripts", "tileiras"), kernel, "-o", cubin,
         "--tile-form", "parallel", "--gpu-name", "sm_90", "-O3",
         "--remarks=all"],
        capture_output=True, text=True)
    if compiled.returncode != 0:
        lines = (compiled.stderr or compiled.stdout).strip().splitlines()
        row["status"] = f"compile failed ({lines[-1] if lines else 'no output'})"
        return row
    if "RemarkKernelSerialForm" in compiled.stdout:
        row["form"] = "serial"
    sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True,
                          text=True, check=True).stdout
    usage = subprocess.run([cuobjdump, "--dump-resource-usage", cubin],
                           capture_output=True, text=True, check=True).stdout
    row.update(count_sass(sass))
    row.update(resource_usage(usage))
    return row


def write_tsv(rows, path):
    with open(path, "w") as out:
        out.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            out.write("\t".join(str(row.get(c, 0)) for c in COLUMNS) + "\n")


def summary(rows):
    ok = [r for r in rows if r["status"] == "ok"]
    parallel = [r for r in ok if r["form"] == "parallel"]
    no_local = [r for r in parallel if not r.get("LDL") and not r.get("STL")]
    global_access = [r for r in parallel
                     if any(r.get(f"{op}.{w}") for op in ("LDG", "STG")
                            for w in WIDTHS)]
    wide = [r for r in global_access
            if r.get("LDG.128") or r.get("STG.128")]
    lines = [
        f"- kernels: {len(rows)}; compiled: {len(ok)}; parallel form: "
        f"{len(parallel)}",
        f"- parallel form without LDL/STL: {len(no_local)} of {len(parallel)}",
        f"- parallel form with global accesses: {len(global_access)}; with "
        f"128-bit ones (LDG.128 or STG.128): {len(wide)}",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for row in rows:
        lines.append("| " + " | ".join(str(row.get(c, 0)) for c in COLUMNS) +
                     " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--cuda-bin")
    parser.add_argument("--tsv")
    parser.add_argument("--markdown")
    parser.add_argument("-j", type=int, default=1)
    args = parser.parse_args()

    cuobjdump = find_cuobjdump(args.cuda_bin)
    if not cuobjdump:
        sys.exit("sass-check: no cuobjdump (give --cuda-bin, put it on PATH, "
                 "or run scripts/setup)")
    kernels = args.kernels
    if not kernels:
        if not os.path.isdir(args.corpus):
            sys.exit(f"sass-check: no corpus at {args.corpus}")
        kernels = [k for k in sorted(glob.glob(os.path.join(
            args.corpus, "*__v13_4_anyarch.tileirbc"))) if not uses_mma(k)]
    with tempfile.TemporaryDirectory() as scratch:
        with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
            rows = list(pool.map(lambda k: check(k, cuobjdump, scratch),
                                 kernels))
    if args.tsv:
        write_tsv(rows, args.tsv)
    text = summary(rows)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
