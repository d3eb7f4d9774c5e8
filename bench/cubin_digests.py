#!/usr/bin/env python3
"""The SHA-256 of every corpus kernel's cubin on a set of targets.

A restructuring of the compiler that should change no generated code (a stage
boundary moved, files moved) is checked by running this before and after and
comparing the two files: every row must be equal, or its difference explained.
The kernels are the cuTile 13.4 files: the 451 anyarch ones, named without
their __v13_4_anyarch suffix, and the 5 that cuTile specialises to sm_100
(its block-scaled mma, which the others lack), named with theirs; on the
targets that cannot run them they give the refusal's exit status.

  bench/cubin_digests.py [--corpus DIR] [--targets sm_80,sm_90,...] [-j N]
                         [--staged] [--also-without SECTION] --tsv FILE

Rows: kernel, target, exit status and the cubin's SHA-256 (empty where the
compile failed). Compiles run with the compile cache off, in process unless
--staged. With --also-without, a fifth column digests the cubin without
that section and the copy of it that ptxas makes for sm_100 and later
(.nv.merc<SECTION>): the names and contents of the others, in order. So a
change confined to it (.nv.host, the host object of tile kernels) shows as
such.
"""
import argparse
import concurrent.futures
import glob
import hashlib
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUFFIX = "__v13_4_anyarch.tileirbc"
PATTERN = "*__v13_4_*.tileirbc"


def sections(elf):
    """(name, contents) of each section of a 64-bit little-endian ELF."""
    (shoff,) = struct.unpack_from("<Q", elf, 0x28)
    entsize, count, names = struct.unpack_from("<HHH", elf, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", elf, shoff + i * entsize)
               for i in range(count)]
    name_table = headers[names]
    result = []
    for name, kind, _, _, offset, size in headers:
        start = name_table[4] + name
        label = elf[start:elf.index(b"\0", start)]
        # SHT_NOBITS (.nv.shared.*, .bss) has no contents in the file.
        result.append((label, b"" if kind == 8 else elf[offset:offset + size]))
    return result


def digest_without(elf, skipped):
    digest = hashlib.sha256()
    for name, contents in sections(elf):
        if name not in (skipped.encode(), b".nv.merc" + skipped.encode()):
            digest.update(name + b"\0" + struct.pack("<Q", len(contents))
                          + contents)
    return digest.hexdigest()


def compile_one(kernel, target, staged, without, work):
    out = os.path.join(work, "%s-%s.cubin" % (os.path.basename(kernel), target))
    command = [os.path.join(ROOT, "scripts", "tileiras"), kernel, "-o", out,
               "--gpu-name", target, "-O3"]
    if not staged:
        command.append("--in-process")
    env = dict(os.environ, TILECHAIN_CACHE="0")
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    digests = [""] * (2 if without else 1)
    if result.returncode == 0:
        with open(out, "rb") as f:
            cubin = f.read()
        digests[0] = hashlib.sha256(cubin).hexdigest()
        if without:
            digests[1] = digest_without(cubin, without)
        os.remove(out)
    name = os.path.basename(kernel)
    name = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else \
        name[: -len(".tileirbc")]
    return (name, target, str(result.returncode), *digests)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus",
                        default=os.path.join(ROOT, "..", "shared", "corpus", "cutile"))
    parser.add_argument("--targets", default="sm_80,sm_90,sm_100,sm_120")
    parser.add_argument("-j", type=int, default=os.cpu_count())
    parser.add_argument("--staged", action="store_true")
    parser.add_argument("--also-without", metavar="SECTION")
    parser.add_argument("--tsv", required=True)
    args = parser.parse_args()
    kernels = sorted(glob.glob(os.path.join(args.corpus, PATTERN)))
    if not kernels:
        sys.exit("no corpus kernels in %s" % args.corpus)
    targets = args.targets.split(",")
    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        rows = list(pool.map(lambda job: compile_one(job[0], job[1], args.staged,
                                                   args.also_without, work),
                             [(k, t) for k in kernels for t in targets]))
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    with open(args.tsv, "w") as f:
        f.write("# bench/cubin_digests.py at %s: %d kernels x %s\n"
                % (commit, len(kernels), ",".join(targets)))
        f.write("kernel\ttarget\texit\tsha256"
                + ("\tsha256 without " + args.also_without
                   if args.also_without else "") + "\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    failed = sum(1 for row in rows if row[2] != "0")
    print("%d compiles, %d failed -> %s" % (len(rows), failed, args.tsv))


if __name__ == "__main__":
    main()
