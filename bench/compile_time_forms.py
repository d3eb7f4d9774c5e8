#!/usr/bin/env python3
"""Compile time of the parallel form against the serial form (not a test).

Compiles each selected corpus kernel with scripts/tileiras in both forms
(`--tile-form serial|parallel`, -O3 --lineinfo, a fresh --keep-intermediates
directory per run so nothing is cached) and reads each stage's wall time from
ninja's log. Per kernel and form the best of --repeat runs is kept. Kernels
that fall back to the serial form in a parallel run (tile-lower's remark) are
left out: both runs would compile the same thing.

Prints the median over kernels of each stage and of the whole compile per
form, the median of the per-kernel ratio parallel/serial, and the kernels
with the largest ratio. `--tsv` writes the per-kernel figures.

  bench/compile_time_forms.py [--corpus DIR] [--glob G] [--stride N]
                              [--target sm_90] [--repeat 3] [--tsv OUT]
"""
import argparse
import fnmatch
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILEIRAS = os.path.join(ROOT, "scripts", "tileiras")
STAGES = ["read.mlirbc", "lower.mlirbc", "sched.mlirbc", "module.ptx", "module.cubin"]
STAGE_NAMES = ["tile-read", "tile-lower", "tile-sched", "tile-llc", "tile-link"]


def stage_seconds(ninja_log):
    """Seconds per stage output, from ninja's log (start and end in ms)."""
    seconds = {}
    with open(ninja_log) as log:
        for line in log:
            if line.startswith("#"):
                continue
            start, end, _, output, _ = line.rstrip("\n").split("\t")
            seconds[output] = (int(end) - int(start)) / 1000.0
    return [seconds.get(s, 0.0) for s in STAGES]


def compile_once(path, target, form):
    """(stage seconds, total seconds, fell back) or None when it failed."""
    with tempfile.TemporaryDirectory(prefix="tilechain-bench-") as work:
        keep = os.path.join(work, "keep")
        start = time.perf_counter()
        proc = subprocess.run(
            [TILEIRAS, path, "-o", os.path.join(work, "k.cubin"),
             "--gpu-name", target, "-O3", "--lineinfo", "--tile-form", form,
             "--keep-intermediates", keep], capture_output=True, text=True)
        total = time.perf_counter() - start
        if proc.returncode != 0:
            return None
        fell_back = "runs in the serial form" in proc.stderr
        return stage_seconds(os.path.join(keep, ".ninja_log")), total, fell_back


def best_of(path, target, form, repeat):
    runs = [compile_once(path, target, form) for _ in range(repeat)]
    if any(r is None for r in runs):
        return None
    best = min(runs, key=lambda r: r[1])
    return best[0], best[1], any(r[2] for r in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.path.join(
        os.environ.get("TILECHAIN_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")),
        "cutile"))
    parser.add_argument("--glob", default="*v13_4_anyarch.tileirbc")
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--target", default="sm_90")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tsv")
    args = parser.parse_args()

    names = sorted(n for n in os.listdir(args.corpus) if fnmatch.fnmatch(n, args.glob))
    names = names[::args.stride]
    rows = []
    skipped = {"fell back": 0, "failed": 0}
    for name in names:
        path = os.path.join(args.corpus, name)
        parallel = best_of(path, args.target, "parallel", args.repeat)
        if parallel is None:
            skipped["failed"] += 1
            continue
        if parallel[2]:
            skipped["fell back"] += 1
            continue
        serial = best_of(path, args.target, "serial", args.repeat)
        if serial is None:
            skipped["failed"] += 1
            continue
        rows.append((name, serial, parallel))

    if not rows:
        sys.exit("compile_time_forms: no kernel compiled in the parallel form")
    print("kernels: %d in the parallel form (of %d selected; %d fell back to serial, "
          "%d failed in a form), %s, best of %d" % (
              len(rows), len(names), skipped["fell back"], skipped["failed"],
              args.target, args.repeat))
    print("%-12s %10s %10s" % ("median s", "serial", "parallel"))
    for i, stage in enumerate(STAGE_NAMES):
        print("%-12s %10.3f %10.3f" % (
            stage, statistics.median(r[1][0][i] for r in rows),
            statistics.median(r[2][0][i] for r in rows)))
    print("%-12s %10.3f %10.3f" % ("tileiras", statistics.median(r[1][1] for r in rows),
                                   statistics.median(r[2][1] for r in rows)))
    ratios = sorted(((r[2][1] / r[1][1], r[0]) for r in rows), reverse=True)
    print("median ratio parallel/serial (whole compile, per kernel): %.2f" %
          statistics.median(x for x, _ in ratios))
    print("largest ratios:")
    for ratio, name in ratios[:5]:
        print("  %.2f  %s" % (ratio, name))
    if args.tsv:
        with open(args.tsv, "w") as out:
            out.write("file\tform\t%s\ttotal\n" % "\t".join(STAGE_NAMES))
            for name, serial, parallel in rows:
                for form, (stages, total, _) in (("serial", serial), ("parallel", parallel)):
                    out.write("%s\t%s\t%s\t%.3f\n" % (
                        name, form, "\t".join("%.3f" % s for s in stages), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
