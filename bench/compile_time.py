#!/usr/bin/env python3
"""Compile latency of tilechain against NVIDIA's tileiras (not a test).

Times whole processes, as a front end sees them: tilechain's scripts/tileiras
and, when one is found, NVIDIA's tileiras, on a fixed sample: the empty
module (cuTile's probe), a vector add, a layer norm, an fmha, a matmul, and
every --stride-th cuTile 13.4 kernel of the corpus. The commands of one input
run alternately, --repeat times, and the median of each is kept, so a change
in the machine's load hits all of them alike. Every run uses `--gpu-name
sm_90 -O3 --lineinfo`.

Columns: `tilechain` is the default mode (the staged build, ninja over the
five stage tools) with the compile cache off (TILECHAIN_CACHE=0), so every
run compiles; `in-process` is --in-process, cache off; `cached` is the
default mode with the cache on, in a cache directory of the run's own that
one untimed compile of the input filled first: a local hit.

Prints one row per input: per command the median wall time and, in
parentheses, the median CPU time of the process and everything it waited for
(seconds; `fail` when the compile failed, `>T` when it ran past --timeout);
the ratios of each tilechain column to NVIDIA's; the median of each column
over the sample. CPU time is the steadier figure on a loaded machine.

  bench/compile_time.py [--corpus DIR] [--stride 45] [--repeat 5]
                        [--nvidia PATH] [--timeout 120]
"""
import argparse
import glob
import os
import signal
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
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


def run_once(command, timeout, env=None):
    """(wall seconds, CPU seconds) the command took, or a string saying why
    it has none. The CPU time is the process's and that of everything it
    waited for. The wait blocks (a timer kills the process at the timeout):
    subprocess's own timeout polls with sleeps of up to 50 ms, which would
    round every short compile up to the next poll."""
    with tempfile.TemporaryDirectory(prefix="tilechain-bench-") as work:
        words = [w.replace("@WORK@", work) for w in command]
        start = time.perf_counter()
        proc = subprocess.Popen(words, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, cwd=work,
                                env=env)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode == -signal.SIGKILL and seconds >= timeout:
            return ">%d" % timeout
        if proc.returncode != 0:
            return "fail"
        return seconds, usage.ru_utime + usage.ru_stime


def median(times):
    """(median wall, median CPU), or the first failure."""
    failure = next((t for t in times if isinstance(t, str)), None)
    if failure:
        return failure
    return (statistics.median(t[0] for t in times),
            statistics.median(t[1] for t in times))


def cell(value):
    return value if isinstance(value, str) else "%.2f (%.2f)" % value


def ratio(a, b):
    """(wall ratio, CPU ratio), or None."""
    if isinstance(a, str) or isinstance(b, str) or 0 in b:
        return None
    return a[0] / b[0], a[1] / b[1]


def ratio_cell(r):
    return "-" if r is None else "%.2fx (%.2fx)" % r


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
    # Each command is the program, then (after the input) its options, and
    # its environment. The wrapper is run as a front end runs it: as an
    # executable.
    cache_dir = tempfile.mkdtemp(prefix="tilechain-bench-cache-")
    uncached = dict(os.environ, TILECHAIN_CACHE="0")
    cached = dict(os.environ, TILECHAIN_CACHE="1", TILECHAIN_CACHE_DIR=cache_dir)
    cached.pop("TILECHAIN_REMOTE_CACHE", None)
    output = ["-o", "@WORK@/out.cubin"]
    columns = [("tilechain", [args.tileiras] + output, uncached),
               ("in-process", [args.tileiras] + output + ["--in-process"],
                uncached),
               ("cached", [args.tileiras] + output, cached)]
    if nvidia:
        columns.append(("nvidia", [nvidia] + output, None))

    print("machine: %d cores, load average %s; NVIDIA: %s"
          % (os.cpu_count(), " ".join("%.2f" % l for l in os.getloadavg()),
             nvidia or "none"))
    ratio_names = (["tilechain/nvidia", "in-process/nvidia", "cached/nvidia"]
                   if nvidia else ["cached/tilechain"])
    header = ["input"] + [name for name, _, _ in columns] + ratio_names
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    medians = {name: [] for name, _, _ in columns}
    ratios = {key: [] for key in ratio_names}
    for label, path in sample(cutile, args.stride):
        # The cached column's entry.
        run_once([args.tileiras, path] + output + FLAGS, args.timeout, cached)
        times = {name: [] for name, _, _ in columns}
        for _ in range(args.repeat):
            for name, command, env in columns:
                times[name].append(run_once(
                    command[:1] + [path] + command[1:] + FLAGS, args.timeout,
                    env))
        row = {name: median(t) for name, t in times.items()}
        cells = [label] + [cell(row[name]) for name, _, _ in columns]
        for name, _, _ in columns:
            if not isinstance(row[name], str):
                medians[name].append(row[name])
        for key in ratio_names:
            numerator, denominator = key.split("/")
            r = ratio(row[numerator], row[denominator])
            cells.append(ratio_cell(r))
            if r:
                ratios[key].append(r)
        print("| " + " | ".join(cells) + " |", flush=True)

    def column_median(pairs):
        return (statistics.median(p[0] for p in pairs),
                statistics.median(p[1] for p in pairs))
    summary = ["median"] + [cell(column_median(medians[name]))
                            if medians[name] else "-" for name, _, _ in columns]
    summary += [ratio_cell(column_median(ratios[key])) if ratios[key] else "-"
                for key in ratio_names]
    print("| " + " | ".join(summary) + " |")
    print("load average at the end: %s"
          % " ".join("%.2f" % l for l in os.getloadavg()))
    shutil.rmtree(cache_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
