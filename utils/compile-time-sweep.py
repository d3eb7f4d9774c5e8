#!/usr/bin/env python3
"""Compile time of every corpus kernel in each tile form (not a test).

Runs `tile-compile K -o OUT --gpu-name=GPU --opt-level=3 --lineinfo
--tile-form=FORM` for every cuTile 13.4 kernel of the corpus, one compile at
a time, and records the CPU time of each (the process and its ptxas), so that
issue 12's "no kernel over 10 s" can be checked and the slow ones found.
Writes a TSV (kernel, form, status, CPU seconds) and prints a summary: how
many compiles took over 1, 5 and 10 s, and the slowest per form.

  utils/compile-time-sweep.py [--corpus DIR] [--forms serial,parallel]
      [--gpu-name sm_90] [--timeout 120] [--glob '*'] [--tsv FILE] [--bin-dir DIR]
"""
import argparse
import glob
import os
import signal
import sys
import tempfile
import threading
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUFFIX = "__v13_4_anyarch.tileirbc"


def compile_once(compiler, kernel, form, gpu, timeout, work):
    """(status, CPU seconds): status is ok, failed (with the exit code) or
    timeout."""
    command = [compiler, kernel, "-o", os.path.join(work, "out.cubin"),
               "--gpu-name=" + gpu, "--opt-level=3", "--lineinfo",
               "--tile-form=" + form]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    # SIGTERM first: tile-compile then stops its ptxas (in a process group of
    # its own); SIGKILL 10 s later.
    timers = [threading.Timer(timeout, proc.send_signal, [signal.SIGTERM]),
              threading.Timer(timeout + 10, proc.send_signal, [signal.SIGKILL])]
    start = time.perf_counter()
    for timer in timers:
        timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    for timer in timers:
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    if wall >= timeout:
        return "timeout", cpu
    if proc.returncode != 0:
        return "failed(%d)" % proc.returncode, cpu
    return "ok", cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.environ.get(
        "TILECHAIN_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    parser.add_argument("--forms", default="serial,parallel")
    parser.add_argument("--gpu-name", default="sm_90")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--glob", default="*")
    parser.add_argument("--tsv", help="write one row per compile here")
    parser.add_argument("--bin-dir", default=os.environ.get(
        "TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin")))
    args = parser.parse_args()

    compiler = os.path.join(args.bin_dir, "tile-compile")
    kernels = sorted(glob.glob(os.path.join(args.corpus, "cutile",
                                            args.glob + SUFFIX)))
    if not kernels:
        sys.exit("compile-time-sweep: no kernels under %s/cutile" % args.corpus)
    forms = args.forms.split(",")
    rows = []
    with tempfile.TemporaryDirectory(prefix="tilechain-sweep-") as work:
        for kernel in kernels:
            name = os.path.basename(kernel)[:-len(SUFFIX)]
            for form in forms:
                status, cpu = compile_once(compiler, kernel, form,
                                           args.gpu_name, args.timeout, work)
                rows.append((name, form, status, cpu))
    if args.tsv:
        with open(args.tsv, "w") as f:
            f.write("kernel\tform\tstatus\tcpu_s\n")
            for name, form, status, cpu in rows:
                f.write("%s\t%s\t%s\t%.3f\n" % (name, form, status, cpu))
    print("%d kernels, %s, %s, one compile at a time, load average at the "
          "end %.2f" % (len(kernels), args.gpu_name, "/".join(forms),
                        os.getloadavg()[0]))
    for form in forms:
        mine = [r for r in rows if r[1] == form]
        print("%s: %d ok, %d failed, %d timed out; over 1 s: %d, over 5 s: "
              "%d, over 10 s: %d; total %.0f s CPU" % (
                  form, sum(r[2] == "ok" for r in mine),
                  sum(r[2].startswith("failed") for r in mine),
                  sum(r[2] == "timeout" for r in mine),
                  sum(r[3] > 1 for r in mine), sum(r[3] > 5 for r in mine),
                  sum(r[3] > 10 for r in mine), sum(r[3] for r in mine)))
        for name, _, status, cpu in sorted(mine, key=lambda r: -r[3])[:10]:
            print("  %7.2f s  %s%s" % (cpu, name,
                                       "" if status == "ok" else "  (%s)" % status))


if __name__ == "__main__":
    main()
