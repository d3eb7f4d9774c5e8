#!/usr/bin/env python3
"""Runs every corpus file through tile-read | tile-lower | tile-sched on each
target and reports each internal compiler error (a crash the stage caught).

A stage may refuse a kernel with a located diagnostic; it may never crash.
The corpus has, beside the 13.4 files the target table compiles, the files
of cuTile 13.1 to 13.3, which write the same kernels differently (views made
in loop bodies, say): this covers them all.

  crash-sweep.py [--corpus DIR] [--targets sm_80,...] [--bin-dir DIR] [-j N]

Prints one line per crash (stage, target, file) and a total line; the exit
status is 1 where there was a crash.
"""
import argparse
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = b"internal compiler error"


def sweep(bin_dir, kernel, targets, work):
    """The (stage, target) pairs at which `kernel` crashed."""
    crashes = []
    read = subprocess.run([str(bin_dir / "tile-read"), str(kernel)],
                          capture_output=True)
    if MARK in read.stderr:
        return [("tile-read", "-")]
    if read.returncode != 0:
        return crashes
    for target in targets:
        lowered = pathlib.Path(work) / (kernel.stem + "." + target)
        lower = subprocess.run(
            [str(bin_dir / "tile-lower"), f"--gpu-name={target}",
             "--tile-form=parallel", "--emit-bytecode", "-o", str(lowered)],
            input=read.stdout, capture_output=True)
        if MARK in lower.stderr:
            crashes.append(("tile-lower", target))
            continue
        if lower.returncode != 0:
            continue
        sched = subprocess.run(
            [str(bin_dir / "tile-sched"), str(lowered), "-o", os.devnull],
            capture_output=True)
        lowered.unlink(missing_ok=True)
        if MARK in sched.stderr:
            crashes.append(("tile-sched", target))
    return crashes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=pathlib.Path,
                        default=ROOT.parent / "shared" / "corpus" / "cutile")
    parser.add_argument("--targets", default="sm_80,sm_90,sm_100,sm_120")
    parser.add_argument("--bin-dir", type=pathlib.Path,
                        default=ROOT / "build" / "bin")
    parser.add_argument("-j", type=int, default=2)
    args = parser.parse_args()
    kernels = sorted(args.corpus.glob("*.tileirbc"))
    if not kernels:
        sys.exit(f"no corpus files in {args.corpus}")
    targets = args.targets.split(",")
    with tempfile.TemporaryDirectory() as work, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(
            lambda k: (k, sweep(args.bin_dir, k, targets, work)), kernels))
    total = 0
    for kernel, crashes in results:
        for stage, target in crashes:
            print(f"crash: {stage} {target} {kernel.name}")
            total += 1
    print(f"{len(kernels)} files x {len(targets)} targets: "
          f"{total} internal compiler errors")
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
