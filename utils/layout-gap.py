#!/usr/bin/env python3
"""Counts where the layouts of the parallel form's tiles come from.

Issue 41 wants every tile of the tile program to carry its layout
(docs/tile-async.md, "What blocks the other families"). Today tile-lower
records some (tile_dist.layout) and the materialization picks the others as
it writes each op. This runs tile-read | tile-lower | tile-sched with
`--tilechain-materialize-threads=report-layouts` over a corpus and counts the
remarks it gives per tile result, by target, op and where the layout came
from:

  recorded               the op's tile_dist.layout
  not the recorded one   recorded, but the tile got another
  default                none recorded: the default layout of its type
  chosen                 none recorded: the materialization chose another
  broadcast, splat, not distributed, not lowered
                         held as a smaller tile, a scalar, a buffer, or
                         not at all (a load copied into an mma's stages)

Kernels the parallel form declines (the serial form) give no remarks;
compiles that tile-lower or tile-sched refuse are counted and named.

  layout-gap.py --corpus DIR [--targets sm_90,sm_100] [--glob G] [-j N]
                [--bin-dir build/bin] [--tsv OUT.tsv]
"""
import argparse
import collections
import concurrent.futures
import pathlib
import re
import subprocess
import sys

REMARK = re.compile(r"remark: (\S+) result \d+ layout: (.*)$")
CATEGORIES = ("recorded", "not the recorded one", "default", "chosen",
              "broadcast", "splat", "not distributed", "not lowered")


def category(text):
    for name in CATEGORIES:
        if text.startswith(name):
            return name
    raise ValueError(f"unknown layout remark: {text}")


def run(bin_dir, kernel, target):
    """The (op, category) of each tile result of `kernel` on `target`, and
    whether a stage refused or failed the compile."""
    read = subprocess.run([str(bin_dir / "tile-read"), str(kernel)],
                          capture_output=True, check=True)
    lower = subprocess.run(
        [str(bin_dir / "tile-lower"), f"--gpu-name={target}",
         "--tile-form=parallel", "--emit-bytecode"],
        input=read.stdout, capture_output=True)
    if lower.returncode != 0:
        return [], True
    sched = subprocess.run(
        [str(bin_dir / "tile-sched"), "--mlir-print-op-on-diagnostic=false",
         "--tilechain-plan-mma-operands", "--tilechain-plan-mma-pipelines",
         "--tilechain-plan-view-stores", "--tilechain-alloc-mma-rings",
         "--tilechain-expand-mma-pipelines",
         "--tilechain-materialize-threads=report-layouts", "-o", "/dev/null"],
        input=lower.stdout, capture_output=True)
    found = []
    for line in sched.stderr.decode(errors="replace").splitlines():
        match = REMARK.search(line)
        if match:
            found.append((match.group(1), category(match.group(2))))
    return found, sched.returncode != 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True, type=pathlib.Path)
    parser.add_argument("--targets", default="sm_90,sm_100")
    parser.add_argument("--glob", default="*__v13_4_anyarch.tileirbc")
    parser.add_argument("--bin-dir", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent
                        / "build" / "bin")
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("--tsv", type=pathlib.Path)
    args = parser.parse_args()
    kernels = sorted(args.corpus.glob(args.glob))
    if not kernels:
        sys.exit(f"layout-gap.py: no {args.glob} in {args.corpus}")
    targets = args.targets.split(",")
    counts = collections.Counter()
    failed = collections.defaultdict(list)
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = {pool.submit(run, args.bin_dir, k, t): (k, t)
                for k in kernels for t in targets}
        for job in concurrent.futures.as_completed(jobs):
            kernel, target = jobs[job]
            found, refused = job.result()
            if refused:
                failed[target].append(kernel.name)
            for op, where in found:
                counts[(target, op, where)] += 1
    rows = ["target\top\tlayout\tresults"]
    for (target, op, where), n in sorted(counts.items()):
        rows.append(f"{target}\t{op}\t{where}\t{n}")
    for target in targets:
        total = sum(n for (t, _, _), n in counts.items() if t == target)
        print(f"{target}: {total} tile results in {len(kernels)} kernels, "
              f"{len(failed[target])} of them refused or failed")
        for name in sorted(failed[target]):
            print(f"  refused or failed: {name}")
        for where in CATEGORIES:
            n = sum(c for (t, _, w), c in counts.items()
                    if t == target and w == where)
            if n:
                print(f"  {where:22} {n:6}  {100.0 * n / total:5.1f}%")
    if args.tsv:
        args.tsv.write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
