#!/usr/bin/env python3
"""What each stage process of the staged mode costs (not a test).

For one input, `tileiras --keep-intermediates` writes the build once; then
each stage's command from its build.ninja runs alone, --repeat times, from
every --bin-dir given, the builds alternating so that a change in the
machine's load hits them alike. Per stage and build it prints the median
wall time, the median CPU time (user + system) and the page faults of the
process and the children it waited for (tile-link's ptxas), from wait4's
resource usage. The last rows are the stages together and the whole
`tileiras` compile in its default mode, compile cache off.

  bench/stage_costs.py [--input FILE] [--gpu-name sm_90] [--repeat 21]
                       --bin-dir DIR [--bin-dir DIR ...]
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGES = ["tile-read", "tile-lower", "tile-sched", "tile-llc", "tile-link"]
FLAGS = ["-O3", "--lineinfo"]


def run(command, cwd, env=None):
    """(wall seconds, CPU seconds, page faults) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit("stage_costs: failed (%d): %s"
                 % (proc.returncode, shlex.join(command)))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_minflt


def kept_build(bin_dir, source, gpu, build):
    """Compiles `source` with tileiras --keep-intermediates=`build` (cache
    off); returns each stage tool's argument words in its build.ninja."""
    subprocess.run([os.path.join(bin_dir, "tileiras"), source, "-o",
                    os.path.join(build, "out.cubin"), "--gpu-name", gpu,
                    "--keep-intermediates=" + build] + FLAGS,
                   env=dict(os.environ, TILECHAIN_CACHE="0"), check=True)
    listed = subprocess.run(["ninja", "-C", build, "-t", "commands"],
                            check=True, capture_output=True, text=True)
    commands = {}
    for line in listed.stdout.splitlines():
        program, rest = line.split(" ", 1)
        tool = os.path.basename(program)
        if tool in STAGES:
            # Outputs go to scratch names, so that the build stays as it is.
            words = shlex.split(rest.split(" 2> ")[0])
            words[words.index("-o") + 1] = "scratch." + tool
            commands[tool] = words
    return commands


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", default=os.path.join(
        ROOT, "examples", "vector_add.tileirbc"))
    parser.add_argument("--gpu-name", default="sm_90")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--bin-dir", action="append", required=True)
    args = parser.parse_args()
    args.bin_dir = [os.path.abspath(bin_dir) for bin_dir in args.bin_dir]

    work = tempfile.mkdtemp(prefix="stage-costs.")
    env = dict(os.environ, TILECHAIN_CACHE="0")
    builds = {}
    for index, bin_dir in enumerate(args.bin_dir):
        build = os.path.join(work, "build%d" % index)
        builds[bin_dir] = (build, kept_build(bin_dir, args.input,
                                             args.gpu_name, build))

    rows = STAGES + ["stages together", "tileiras (default mode)"]
    samples = {(row, bin_dir): [] for row in rows for bin_dir in args.bin_dir}
    for _ in range(args.repeat):
        for bin_dir in args.bin_dir:
            build, commands = builds[bin_dir]
            total = [0.0, 0.0, 0]
            for tool in STAGES:
                sample = run([os.path.join(bin_dir, tool)] + commands[tool],
                             build)
                samples[(tool, bin_dir)].append(sample)
                total = [a + b for a, b in zip(total, sample)]
            samples[("stages together", bin_dir)].append(tuple(total))
            samples[("tileiras (default mode)", bin_dir)].append(run(
                [os.path.join(bin_dir, "tileiras"), args.input, "-o",
                 os.path.join(work, "whole.cubin"), "--gpu-name",
                 args.gpu_name] + FLAGS, work, env))

    print("input: %s, %s, median of %d; load average %s"
          % (os.path.basename(args.input), args.gpu_name, args.repeat,
             " ".join("%.2f" % load for load in os.getloadavg())))
    header = ["process"] + ["%s: wall ms, CPU ms, faults" % bin_dir
                            for bin_dir in args.bin_dir]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        cells = [row]
        for bin_dir in args.bin_dir:
            wall, cpu, faults = zip(*samples[(row, bin_dir)])
            cells.append("%.1f, %.1f, %d" % (statistics.median(wall) * 1e3,
                                             statistics.median(cpu) * 1e3,
                                             statistics.median(faults)))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
