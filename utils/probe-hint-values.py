#!/usr/bin/env python3
"""What NVIDIA's tileiras does with entry hints in and out of their ranges.

    probe-hint-values.py --nvidia PATH/TO/tileiras [--gpu-name sm_90] [-o OUT.tsv]

Compiles examples/vector_add.mlir with each hint value below under cuTile
1.7's `default` key (bytecode 13.5, written by tilechain's tile-read), by
NVIDIA's tileiras and by tilechain's, and prints a TSV row per value:
whether NVIDIA's cubin is byte-identical to its cubin without hints, and
otherwise which .nv.info attributes differ (cuobjdump -elf), and the
RemarkHintNotFollowed reasons tilechain gives, and both cubins' threads per
CTA (.nv.info EIATTR_REQNTID). NVIDIA's tileiras is an
oracle here, never a dependency (PyPI nvidia-cuda-tileiras).
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin"))
HINTS = ["occupancy = 0", "occupancy = -1", "occupancy = 2", "occupancy = 99",
         "num_cta_in_cga = 0", "num_cta_in_cga = 2", "num_cta_in_cga = 5",
         "num_cta_in_cga = 64", "num_worker_warps_per_cta = 0",
         "num_worker_warps_per_cta = 1", "num_worker_warps_per_cta = 2",
         "num_worker_warps_per_cta = 4", "num_worker_warps_per_cta = 8",
         "num_worker_warps_per_cta = 16", "num_worker_warps_per_cta = 32",
         "num_worker_warps_per_cta = 1000"]


def cuobjdump():
    venv = os.path.join(ROOT, ".venv", "lib")
    for dirpath, _, files in os.walk(venv):
        if "cuobjdump" in files:
            return os.path.join(dirpath, "cuobjdump")
    return shutil.which("cuobjdump")


def bytecode(work, name, hint):
    with open(os.path.join(ROOT, "examples", "vector_add.mlir")) as f:
        text = f.read()
    if hint:
        text, count = re.subn(r"(%c_s: tile<i32>\)) \{",
                              r"\1 optimization_hints=<default = {%s}> {" % hint, text)
        assert count == 1
    mlir = os.path.join(work, name + ".mlir")
    with open(mlir, "w") as f:
        f.write(text)
    out = os.path.join(work, name + ".tileirbc")
    subprocess.run([os.path.join(BIN, "tile-read"), mlir, "--emit=bytecode",
                    "--bytecode-version=13.5", "-o", out], check=True)
    return out


def info_attributes(dump, cubin):
    """The .nv.info attributes of `cubin` with their values, one string each."""
    text = subprocess.run([dump, "-elf", cubin], capture_output=True, text=True,
                          check=True).stdout
    attrs, current = [], None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("Attribute:"):
            current = line.split(None, 1)[1]
        elif line.startswith("Value:") and current:
            attrs.append("%s=%s" % (current, " ".join(line.split()[1:])))
            current = None
    return attrs


def threads(dump, cubin):
    """The threads per CTA `cubin`'s kernel asks for (EIATTR_REQNTID's x)."""
    for attr in info_attributes(dump, cubin):
        if attr.startswith("EIATTR_REQNTID="):
            return str(int(attr.split("=", 1)[1].split()[0], 16))
    return "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nvidia", required=True, help="NVIDIA's tileiras")
    parser.add_argument("--gpu-name", default="sm_90")
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    dump = cuobjdump()
    version = [line for line in subprocess.run(
        [args.nvidia, "--version"], capture_output=True,
        text=True).stdout.splitlines() if "release" in line][0].strip()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    rows = ["# NVIDIA tileiras (%s) and tilechain %s on the vector add, %s, %s"
            % (version, commit, args.gpu_name, datetime.date.today()),
            "hint\tnvidia_exit\tnvidia_vs_no_hint\tnvidia_threads\ttilechain_exit"
            "\ttilechain_threads\ttilechain_not_followed"]
    with tempfile.TemporaryDirectory() as work:
        def nvidia(bc, name):
            cubin = os.path.join(work, name + ".nv.cubin")
            rc = subprocess.run([args.nvidia, bc, "-o", cubin, "--gpu-name",
                                 args.gpu_name, "-O3"], capture_output=True).returncode
            return rc, cubin
        _, base = nvidia(bytecode(work, "none", None), "none")
        base_attrs = info_attributes(dump, base)
        for i, hint in enumerate(HINTS):
            bc = bytecode(work, "h%d" % i, hint)
            rc, cubin = nvidia(bc, "h%d" % i)
            if rc:
                difference = "-"
            elif open(cubin, "rb").read() == open(base, "rb").read():
                difference = "identical"
            else:
                attrs = info_attributes(dump, cubin)
                changed = [a for a in attrs if a not in base_attrs]
                difference = "; ".join(changed) or "code differs"
            ours_cubin = os.path.join(work, "h%d.cubin" % i)
            ours = subprocess.run(
                [os.path.join(ROOT, "scripts", "tileiras"), bc, "-o", ours_cubin,
                 "--gpu-name", args.gpu_name, "--remarks=all"],
                capture_output=True, text=True)
            reasons = [line.split("= reason: ", 1)[1] for line in ours.stdout.splitlines()
                       if "= reason: " in line]
            rows.append("\t".join([
                hint, str(rc), difference,
                threads(dump, cubin) if rc == 0 else "-", str(ours.returncode),
                threads(dump, ours_cubin) if ours.returncode == 0 else "-",
                " | ".join(reasons) or "-"]))
    text = "\n".join(rows) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
