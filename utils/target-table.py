#!/usr/bin/env python3
"""Compiles the cuTile corpus for several targets and tabulates the outcome.

Each (kernel file, target) pair is compiled with scripts/tileiras exactly as
cuTile runs it (-O3 --lineinfo) and classified:

  compiled   exit 0 and a cubin was written
  refused    exit 5 with a diagnostic that names the target: the kernel uses
             something the chip cannot run (the reason is the diagnostic)
  failed     anything else (the first error line is kept)

A 13.1/13.2 file is specialised to one arch (its name says which) and is only
compiled for that arch; 13.3+ bytecode is the same for every arch, so those
files are compiled for every target (a kernel cuTile only writes for sm_100
shows up as refused on the others).

  target-table.py --corpus DIR [--targets sm_90,sm_100] [--stride N] [--glob G]
                  [--markdown OUT.md] [--tsv OUT.tsv] [--min PERCENT] [-j N]

--min makes the exit status non-zero when, on any target, fewer than PERCENT
of the attempted files compiled or were refused with a reason.
"""
import argparse
import collections
import concurrent.futures
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILEIRAS = os.path.join(ROOT, "scripts", "tileiras")
FILE_ARCH = re.compile(r"__v(\d+)_(\d+)_(anyarch|sm_\d+)\.tileirbc$")
DEFAULT_TARGETS = "sm_80,sm_86,sm_89,sm_90,sm_100,sm_120"


def corpus_files(corpus, stride, pattern):
    names = []
    for sub in ("", "extra_versions"):
        directory = os.path.join(corpus, sub)
        if os.path.isdir(directory):
            names += [os.path.join(directory, n) for n in os.listdir(directory)
                      if n.endswith(".tileirbc")]
    names = sorted(n for n in names
                   if fnmatch.fnmatch(os.path.relpath(n, corpus), pattern))
    return names[::stride]


def applies(path, target):
    match = FILE_ARCH.search(os.path.basename(path))
    if not match:
        return True
    version = (int(match.group(1)), int(match.group(2)))
    return version >= (13, 3) or match.group(3) == target


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else "no diagnostic"


def compile_one(path, target):
    with tempfile.TemporaryDirectory(prefix="tilechain-table-") as work:
        cubin = os.path.join(work, "k.cubin")
        try:
            proc = subprocess.run(
                [sys.executable, TILEIRAS, path, "-o", cubin, "--gpu-name",
                 target, "-O3", "--lineinfo"],
                capture_output=True, timeout=600)
        except subprocess.TimeoutExpired:
            return path, target, "failed", "timed out after 600 s"
        stderr = proc.stderr.decode(errors="replace")
        if proc.returncode == 0 and os.path.exists(cubin):
            return path, target, "compiled", ""
        reason = first_error(stderr)
        if proc.returncode == 5 and target in reason:
            return path, target, "refused", reason
        return path, target, "failed", "exit %d: %s" % (proc.returncode, reason)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--targets", default=DEFAULT_TARGETS)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--glob", default="*",
                        help="only files whose path in the corpus matches")
    parser.add_argument("--markdown")
    parser.add_argument("--tsv")
    parser.add_argument("--min", type=float)
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)

    targets = args.targets.split(",")
    jobs = [(f, t) for f in corpus_files(args.corpus, args.stride, args.glob)
            for t in targets if applies(f, t)]
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for result in pool.map(lambda job: compile_one(*job), jobs):
            results.append(result)

    counts = collections.defaultdict(collections.Counter)
    reasons = collections.defaultdict(collections.Counter)
    for path, target, outcome, reason in results:
        counts[target][outcome] += 1
        if outcome != "compiled":
            reasons[outcome][re.sub(r"sm_\d+\w*", "sm_XX", reason)] += 1

    summary = ["| target | files | compiled | refused | failed | compiled or refused |",
               "|---|---|---|---|---|---|"]
    worst = 100.0
    for target in targets:
        c = counts[target]
        total = sum(c.values())
        ok = 100.0 * (c["compiled"] + c["refused"]) / total if total else 100.0
        worst = min(worst, ok)
        summary.append("| %s | %d | %d | %d | %d | %.1f%% |" % (
            target, total, c["compiled"], c["refused"], c["failed"], ok))
    print("\n".join(summary))
    for outcome in ("refused", "failed"):
        for reason, n in reasons[outcome].most_common(15):
            print("%s x%d: %s" % (outcome, n, reason))

    if args.tsv:
        with open(args.tsv, "w") as out:
            out.write("file\ttarget\toutcome\treason\n")
            for path, target, outcome, reason in sorted(results):
                out.write("%s\t%s\t%s\t%s\n" % (
                    os.path.relpath(path, args.corpus), target, outcome,
                    reason.replace("\t", " ")))
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("\n".join(summary) + "\n\n")
            for outcome in ("refused", "failed"):
                if reasons[outcome]:
                    out.write("### %s, by reason\n\n" % outcome)
                    for reason, n in reasons[outcome].most_common():
                        out.write("- %d x %s\n" % (n, reason))
                    out.write("\n")
    if args.min is not None and worst < args.min:
        print("target-table: below --min %.1f%%" % args.min)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
