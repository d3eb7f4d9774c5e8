#!/usr/bin/env python3
"""Compiles the corpus mma kernels in the parallel form and tabulates their
tensor-core use, registers and spills per target.

Each kernel (a 13.4 row with mmaf/mmai ops) is compiled for each target with

  scripts/tileiras K -o K.cubin --tile-form parallel --gpu-name SM -O3 --remarks=all

and the table has, per kernel and target: where its mma ran (tensor cores,
CUDA cores with tile-lower's reason, the serial form, or the compile error),
the tensor-core instructions in its SASS (cuobjdump -sass: HMMA, IMMA,
HGMMA, IGMMA, QGMMA, UTC*MMA by opcode, with their counts), its asynchronous copies into
and out of shared memory (LDGSTS: cp.async; UTMALDG: TMA loads; UTMASTG: TMA
stores), the local-memory instructions
(LDL/STL: spills or stack arrays) and REG, STACK, LOCAL and SHARED (the
static shared memory, where the pipeline's stages show) from cuobjdump
--dump-resource-usage, and the codes of ptxas's advisories (such as C7515,
wgmma serialized, and C7517, a wgmma wait it had to add) where it gave any.

  mma-check.py [KERNEL.tileirbc ...] [--corpus DIR] [--targets sm_80,...]
               [--markdown OUT.md] [-j N]

cuobjdump is looked up on PATH, then in the project's .venv (scripts/setup
installs it there).
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
TENSOR_CORE = re.compile(r"^(HMMA|IMMA|HGMMA|IGMMA|QGMMA|QMMA|OMMA|UTC\w*MMA)")
ASYNC_COPY = re.compile(r"^(LDGSTS|UTMALDG|UTMASTG)")


def find_cuobjdump():
    found = shutil.which("cuobjdump")
    if found:
        return found
    for path in glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*",
                                       "site-packages", "nvidia", "cu13",
                                       "bin", "cuobjdump")):
        return path
    sys.exit("cuobjdump not found (scripts/setup installs it into .venv)")


def uses_mma(kernel):
    decoded = subprocess.run([os.path.join(ROOT, "build", "bin", "tile-read"),
                              kernel], capture_output=True, text=True)
    return re.search(r"\bmma[fi]\b", decoded.stdout) is not None


def where_mma_ran(remarks):
    """Tensor cores, or CUDA cores / serial with the reason of tileiras's
    remark (--remarks=all, its command-line layout); on sm_90 and sm_100,
    mma.sync instead of wgmma or tcgen05.mma with its reason; a
    block-scaled mma computed on bf16 operands scaled first, with the reason
    it is not on the tensor cores' block scaling."""
    serial = re.search(r"= name: RemarkKernelSerialForm\n\s+= reason: (.*)",
                       remarks)
    if serial:
        return "serial: " + serial.group(1)
    cuda = re.findall(r"= note: Instruction = FMA\n.*\n\s+= reason: (.*)",
                      remarks)
    if cuda:
        return "CUDA cores: " + cuda[0]
    mma_sync = re.findall(r"= name: RemarkTensorCoreMmaSync\n\s+= reason: (.*)",
                          remarks)
    if mma_sync:
        return "tensor cores (mma.sync: " + mma_sync[0] + ")"
    unscaled = re.findall(
        r"= name: RemarkTensorCoreBlockScaling\n\s+= reason: (.*)", remarks)
    if unscaled:
        return "tensor cores (bf16 operands scaled first: " + unscaled[0] + ")"
    return "tensor cores"


def check(kernel, target, cuobjdump, scratch):
    name = os.path.basename(kernel).rsplit(".", 1)[0]
    cubin = os.path.join(scratch, f"{name}.{target}.cubin")
    row = {"kernel": name, "target": target}
    compiled = subprocess.run(
        [os.path.join(ROOT, "scripts", "tileiras"), kernel, "-o", cubin,
         "--tile-form", "parallel", "--gpu-name", target, "-O3",
         "--remarks=all"],
        capture_output=True, text=True)
    if compiled.returncode != 0:
        lines = [l for l in compiled.stderr.splitlines() if "error" in l]
        row["mma"] = "refused: " + (lines[0].split("error: ")[-1] if lines
                                    else "compile failed")
        return row
    row["mma"] = where_mma_ran(compiled.stdout)
    row["ptxas"] = ", ".join(sorted(set(re.findall(
        r"\((C\d{4})\)", compiled.stderr)))) or "-"
    sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True,
                          text=True, check=True).stdout
    counts = collections.Counter()
    copies = collections.Counter()
    local = 0
    for line in sass.splitlines():
        match = re.match(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+(?:x[0-9A-Z_.x]+)?)",
                         line)
        if not match:
            continue
        opcode = match.group(1)
        if TENSOR_CORE.match(opcode):
            counts[opcode] += 1
        if ASYNC_COPY.match(opcode):
            copies[opcode.split(".")[0]] += 1
        if opcode.split(".")[0] in ("LDL", "STL"):
            local += 1
    row["sass"] = ", ".join(f"{op} x{n}" for op, n in sorted(counts.items())) \
        or "none"
    row["copies"] = ", ".join(
        f"{op} x{n}" for op, n in sorted(copies.items())) or "none"
    row["LDL/STL"] = local
    usage = subprocess.run([cuobjdump, "--dump-resource-usage", cubin],
                           capture_output=True, text=True, check=True).stdout
    for resource in ("REG", "STACK", "LOCAL", "SHARED"):
        match = re.search(rf"\b{resource}:(\d+)", usage)
        row[resource] = int(match.group(1)) if match else 0
    return row


COLUMNS = ("kernel", "target", "mma", "sass", "copies", "REG", "STACK",
           "LOCAL", "SHARED", "LDL/STL", "ptxas")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--targets", default="sm_80,sm_90,sm_120")
    parser.add_argument("--markdown")
    parser.add_argument("-j", type=int, default=1)
    args = parser.parse_args()
    kernels = args.kernels or [
        k for k in sorted(glob.glob(os.path.join(
            args.corpus, "*v13_4_anyarch.tileirbc"))) if uses_mma(k)]
    targets = args.targets.split(",")
    cuobjdump = find_cuobjdump()
    with tempfile.TemporaryDirectory() as scratch, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = [pool.submit(check, k, t, cuobjdump, scratch)
                for k in kernels for t in targets]
        rows = [job.result() for job in jobs]
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for row in rows:
        lines.append("| " + " | ".join(str(row.get(c, "")) for c in COLUMNS)
                     + " |")
    text = "\n".join(lines) + "\n"
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
