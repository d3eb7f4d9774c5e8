#!/usr/bin/env python3
"""Writes cmake/startup-order.txt, the linker's function order for the tools.

A front end starts five stage tools per kernel in the staged mode. Each is a
static executable with tens of MB of code, and on a small kernel a stage spends
as much time in page faults as in its own work: the functions one compile runs
are spread over the whole text, and every fault maps only 64 KB of it. Linked
in the order this file gives (lld's --symbol-ordering-file, cmake/
Tilechain.cmake), the functions that compiles run lie together at the start of
the text.

The order comes from running the stages under callgrind on the inputs given
(default: examples/vector_add.tileirbc for sm_90, and, where ../shared has
the corpus, a matmul for sm_90, an fmha for sm_100 and a layer norm for
sm_80): every function of a tool binary that ran, grouped by the first stage
in pipeline order that ran it (tile-read's first, then tile-lower's new ones,
and so on, tile-compile last), sorted by name within a group. Functions that
no profile ran are placed after these, as the linker finds them; a name the
file lists that a binary lacks is skipped. So a stale file costs speed, never
correctness. Two runs differ in a few names (functions that only a hash
collision or the state of the file system runs).

  utils/startup-order.py [--bin-dir build/bin] [--jobs 2] [-o FILE]
                         [INPUT.tileirbc:GPU ...]

Needs valgrind. Takes a few minutes.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from stage_costs import STAGES, kept_build  # noqa: E402

TOOLS = STAGES + ["tile-compile"]
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "cutile")
CORPUS_INPUTS = [
    ("sample__matmul_kernel__float16__1024x1024x1024_t128x256x64", "sm_90"),
    ("sample__fmha_kernel__float16__b2h8s128d64_t128x128_causal", "sm_100"),
    ("sample__layer_norm_fwd__bfloat16__1024x2048_t1024", "sm_80"),
]


def default_inputs():
    inputs = [(os.path.join(ROOT, "examples", "vector_add.tileirbc"), "sm_90")]
    for name, gpu in CORPUS_INPUTS:
        path = os.path.join(CORPUS, name + "__v13_4_anyarch.tileirbc")
        if os.path.exists(path):
            inputs.append((path, gpu))
    return inputs


def executed_functions(profile, binary):
    """The functions of `binary` that a callgrind profile shows running."""
    # callgrind's compressed names: "(id) name" the first time, "(id)"
    # after; objects and functions number their own.
    objects, names = {}, {}
    executed = set()
    current_object = None
    with open(profile) as lines:
        for line in lines:
            match = re.match(r"^c?(ob|fn)=\((\d+)\)(?: (.*))?$",
                             line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind == "ob" else names
            if name is not None:
                table[number] = name
            if line.startswith("ob="):
                current_object = objects[number]
            elif line.startswith("fn=") and current_object == binary:
                name = names[number]
                # Code without a symbol: "0x..." and "(below main)".
                if name.startswith(("0x", "(")):
                    continue
                # callgrind marks recursion depth as name'N.
                executed.add(re.sub(r"'\d+$", "", name))
    return executed


def profile(number, arguments, tool, binary, cwd, work):
    """Runs one tool under callgrind; returns the functions it ran."""
    out = os.path.join(work, "callgrind.%d" % number)
    command = ["valgrind", "--tool=callgrind", "--demangle=no",
               "--callgrind-out-file=" + out, binary] + arguments
    proc = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit("startup-order: %s failed under callgrind:\n%s"
                 % (tool, proc.stderr[-2000:]))
    return tool, executed_functions(out, binary)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", metavar="INPUT:GPU")
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-o", dest="output",
                        default=os.path.join(ROOT, "cmake",
                                             "startup-order.txt"))
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("startup-order: needs valgrind")
    inputs = ([tuple(given.rsplit(":", 1)) for given in args.inputs]
              or default_inputs())

    work = tempfile.mkdtemp(prefix="startup-order.")
    # valgrind 3.19 cannot read the DWARF 5 of the binaries: profile copies
    # without it (the symbol tables are what counts).
    binaries = {}
    for tool in TOOLS:
        binaries[tool] = os.path.join(work, tool)
        subprocess.run(["strip", "--strip-debug", "-o", binaries[tool],
                        os.path.join(args.bin_dir, tool)], check=True)

    jobs = []
    for index, (path, gpu) in enumerate(inputs):
        path = os.path.abspath(path)
        build = os.path.join(work, "build%d" % index)
        for tool, arguments in kept_build(args.bin_dir, path, gpu,
                                          build).items():
            jobs.append((arguments, tool, binaries[tool], build))
        jobs.append(([path, "-o", "compiled.cubin", "--gpu-name=" + gpu,
                      "--opt-level=3", "--lineinfo", "--tile-form=parallel"],
                     "tile-compile", binaries["tile-compile"], build))

    used = {tool: set() for tool in TOOLS}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for tool, functions in pool.map(
                lambda job: profile(job[0], *job[1], work), enumerate(jobs)):
            used[tool] |= functions

    placed, order = set(), []
    for tool in TOOLS:
        group = sorted(used[tool] - placed)
        placed.update(group)
        order.extend(group)
    with open(args.output, "w") as out:
        out.write("\n".join(order) + "\n")
    shutil.rmtree(work)
    print("startup-order: %d functions from %d inputs -> %s"
          % (len(order), len(inputs), os.path.relpath(args.output)))


if __name__ == "__main__":
    main()
