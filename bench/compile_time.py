#!/usr/bin/env python3
"""Compile latency of tilechain against NVIDIA's tileiras (not a test).

Times whole processes, as a front end sees them: tilechain's scripts/tileiras
(its default mode, and the staged build through ninja, forced with a fresh
--keep-intermediates directory) and, when one is found, NVIDIA's tileiras, on
a fixed sample: the empty module (cuTile's probe), a vector add, a layer norm,
an fmha, a matmul, and every --stride-th cuTile 13.4 kernel of the corpus.
The commands of one input run alternately, --repeat times, and the median of
each is kept, so a change in the machine's load hits all of them alike.
Every run uses `--gpu-name sm_90 -O3 --lineinfo`.

Prints one row per input (seconds; `fail` when the compile failed, `>T` when
it ran past --timeout), the ratio tilechain / NVIDIA, the ratio staged /
default, and the median of each column over the sample.

  bench/compile_time.py [--corpus DIR] [--stride 45] [--repeat 5]
                        [--nvidia PATH] [--timeout 120]
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILEIRAS = os.path.join(ROOT, "scripts", "tileiras")
FLAGS = ["--gpu-name", "sm_90", "-O3", "--lineinfo"]
# The kernels named in issue 12's table, by corpus name.
NAMED = [
    ("vector_add f32", "sample__vector_add_quickstart__float32__n4096_t16"),
    ("layer_norm_fwd bf16", "sample__layer_norm_fwd__bfloat16__1024x2048_t1024"),
    ("fmha f16", "sample__fmha_kernel__float16__b2h8s128d64_t128x128_causal"),
    ("matmul f16", "sample__matmul_kernel__float16__1024x1024x1024_t128x256x64"),
]
SUFFIX = "__v13_4_anyarch.tileirbc"


def find_nvidia(explicit):
    """NVIDIA's tileiras: --nvidia, else /work/oracle's, else PATH's when it
    is not a tilechain wrapper."""
    candidates = [explicit] if explicit else (
        glob.glob("/work/oracle/bin/tileiras")
        + glob.glob("/work/oracle/lib/python3*/site-packages/nvidia/cu*/bin/tileiras"))
    on_path = shutil.which("tileiras")
    if not explicit and on_path and os.path.realpath(on_path) != os.path.realpath(TILEIRAS):
        candidates.append(on_path)
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def sample(corpus, stride):
    """(label, path) of every input, in a fixed order."""
    inputs = [("empty module", os.path.join(ROOT, "examples", "empty.tileirbc"))]
    for label, stem in NAMED:
        path = os.path.join(corpus, stem + SUFFIX)
        if os.path.exists(path):
            inputs.append((label, path))
    every = sorted(glob.glob(os.path.join(corpus, "*" + SUFFIX)))
    # The middle of each stride, so the sample is not the alphabet's edges.
    for path in every[stride // 2::stride]:
        name = os.path.basename(path)[:-len(SUFFIX)]
        inputs.append((name, path))
    return inputs


def run_once(command, timeout):
    """Seconds the command took, or a string saying why it has none."""
    with tempfile.TemporaryDirectory(prefix="tilechain-bench-") as work:
        words = [w.replace("@WORK@", work) for w in command]
        start = time.perf_counter()
        try:
            proc = subprocess.run(words, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=timeout,
                                  cwd=work)
        except subprocess.TimeoutExpired:
            return ">%d" % timeout
        seconds = time.perf_counter() - start
        return seconds if proc.returncode == 0 else "fail"


def median(times):
    numbers = [t for t in times if not isinstance(t, str)]
    if len(numbers) < len(times):
        return next(t for t in times if isinstance(t, str))
    return statistics.median(numbers)


def cell(value):
    return value if isinstance(value, str) else "%.2f" % value


def ratio(a, b):
    if isinstance(a, str) or isinstance(b, str) or b == 0:
        return "-"
    return "%.2fx" % (a / b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.environ.get(
        "TILECHAIN_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    parser.add_argument("--stride", type=int, default=45)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--nvidia", help="NVIDIA's tileiras")
    parser.add_argument("--tileiras", default=TILEIRAS,
                        help="the tilechain wrapper to time")
    parser.add_argument("--timeout", type=int, default=120)
    args = parser.parse_args()

    cutile = os.path.join(args.corpus, "cutile")
    if not os.path.isdir(cutile):
        print("compile_time: no corpus at %s: only the empty module is timed"
              % cutile, file=sys.stderr)
    nvidia = find_nvidia(args.nvidia)
    if not nvidia:
        print("compile_time: NVIDIA's tileiras not found: tilechain only",
              file=sys.stderr)
    # Each command is the program, then (after the input) its options. The
    # wrapper is run as a front end runs it: as an executable.
    columns = [("tilechain", [args.tileiras, "-o", "@WORK@/out.cubin"]),
               ("staged", [args.tileiras, "-o", "@WORK@/out.cubin",
                           "--keep-intermediates", "@WORK@/keep"])]
    if nvidia:
        columns.append(("nvidia", [nvidia, "-o", "@WORK@/out.cubin"]))

    print("machine: %d cores, load average %s; NVIDIA: %s"
          % (os.cpu_count(), " ".join("%.2f" % l for l in os.getloadavg()),
             nvidia or "none"))
    header = ["input"] + [name for name, _ in columns]
    if nvidia:
        header.append("tilechain/nvidia")
    header.append("staged/tilechain")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    medians = {name: [] for name, _ in columns}
    ratios = {"tilechain/nvidia": [], "staged/tilechain": []}
    for label, path in sample(cutile, args.stride):
        times = {name: [] for name, _ in columns}
        for _ in range(args.repeat):
            for name, command in columns:
                times[name].append(run_once(
                    command[:1] + [path] + command[1:] + FLAGS, args.timeout))
        row = {name: median(t) for name, t in times.items()}
        cells = [label] + [cell(row[name]) for name, _ in columns]
        for name, _ in columns:
            if not isinstance(row[name], str):
                medians[name].append(row[name])
        if nvidia:
            cells.append(ratio(row["tilechain"], row["nvidia"]))
            if ratio(row["tilechain"], row["nvidia"]) != "-":
                ratios["tilechain/nvidia"].append(row["tilechain"] / row["nvidia"])
        cells.append(ratio(row["staged"], row["tilechain"]))
        if ratio(row["staged"], row["tilechain"]) != "-":
            ratios["staged/tilechain"].append(row["staged"] / row["tilechain"])
        print("| " + " | ".join(cells) + " |", flush=True)
    summary = ["median"] + [cell(statistics.median(medians[name]))
                            if medians[name] else "-" for name, _ in columns]
    for key in ([("tilechain/nvidia")] if nvidia else []) + ["staged/tilechain"]:
        summary.append("%.2fx" % statistics.median(ratios[key])
                       if ratios[key] else "-")
    print("| " + " | ".join(summary) + " |")
    print("load average at the end: %s"
          % " ".join("%.2f" % l for l in os.getloadavg()))


if __name__ == "__main__":
    main()
