#!/usr/bin/env python3
"""Compiles the cuTile corpus for several targets and tabulates the outcome.

Each (kernel file, target) pair is compiled with scripts/tileiras exactly as
cuTile runs it (-O3 --lineinfo; --remarks=all for a fallback's reason) and
classified:

  compiled   exit 0 and a cubin was written
  refused    exit 5 with a diagnostic that names the target: the kernel uses
             something the chip cannot run (the reason is the diagnostic)
  failed     anything else (the first error line is kept)

With --tile-form parallel a compiled kernel that fell back to the serial form
(one thread per block, tile-lower's remark says why) is `serial`, not
`compiled`: the parallel form's coverage is what that run measures.

A compiled kernel's resources come from its cubin when cuobjdump is found (on
PATH, in the project's .venv, or in --cuda-bin): threads per block (.reqntid),
registers, stack frame, static shared and local memory per thread, the largest
over the cubin's functions.

A 13.1/13.2 file is specialised to one arch (its name says which) and is only
compiled for that arch; 13.3+ bytecode is the same for every arch, so those
files are compiled for every target (a kernel cuTile only writes for sm_100
shows up as refused on the others).

  target-table.py --corpus DIR [--targets sm_90,sm_100] [--stride N] [--glob G]
                  [--tile-form serial|parallel] [--cuda-bin DIR]
                  [--tsv TABLE.tsv] [--markdown OUT.md] [--min PERCENT] [-j N]

--tsv is the table itself: a row is appended as soon as its compile ends, and
pairs already in the file are not compiled again, so an interrupted or partial
run (one target at a time on a small machine) is continued by running the same
command. --markdown renders every row of the TSV. --min makes the exit status
non-zero when, on any selected target, fewer than PERCENT of the selected files
compiled (in the parallel form, with --tile-form parallel) or were refused with
a reason.
"""
import argparse
import collections
import concurrent.futures
import datetime
import fnmatch
import glob
import os
import shutil
import re
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILEIRAS = os.path.join(ROOT, "scripts", "tileiras")
FILE_ARCH = re.compile(r"__v(\d+)_(\d+)_(anyarch|sm_\d+)\.tileirbc$")
DEFAULT_TARGETS = "sm_80,sm_86,sm_89,sm_90,sm_100,sm_120"
RESOURCES = ["threads", "regs", "stack", "shared", "local"]
COLUMNS = ["file", "target", "outcome", "seconds"] + RESOURCES + ["reason"]
# tileiras --remarks=all, in its command-line layout.
FELL_BACK = re.compile(r"= name: RemarkKernelSerialForm\n\s+= reason: (.*)")
Row = collections.namedtuple("Row", COLUMNS)


def corpus_files(corpus, stride, pattern):
    names = []
    for sub in ("", "extra_versions"):
        directory = os.path.join(corpus, sub)
        if os.path.isdir(directory):
            names += [os.path.join(sub, n) for n in os.listdir(directory)
                      if n.endswith(".tileirbc")]
    names = sorted(n for n in names if fnmatch.fnmatch(n, pattern))
    return names[::stride]


def applies(name, target):
    match = FILE_ARCH.search(os.path.basename(name))
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


def find_cuobjdump(cuda_bin):
    candidates = [os.path.join(cuda_bin, "cuobjdump")] if cuda_bin else []
    candidates.append(shutil.which("cuobjdump"))
    candidates += glob.glob(os.path.join(
        ROOT, ".venv", "lib", "python3*", "site-packages", "nvidia", "cu*", "bin", "cuobjdump"))
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def cubin_resources(cuobjdump, cubin):
    """The RESOURCES of a cubin as strings, blank where unknown."""
    if not cuobjdump:
        return [""] * len(RESOURCES)
    usage = subprocess.run([cuobjdump, "--dump-resource-usage", cubin],
                           capture_output=True, text=True).stdout
    elf = subprocess.run([cuobjdump, "-elf", cubin], capture_output=True, text=True).stdout
    threads = [int(m.group(1), 16) * int(m.group(2), 16) * int(m.group(3), 16)
               for m in re.finditer(r"EIATTR_REQNTID\s+Format:\s+EIFMT_SVAL\s+"
                                    r"Value:\s+0x(\w+) 0x(\w+) 0x(\w+)", elf)]
    found = [str(max(threads)) if threads else ""]
    for key in ("REG", "STACK", "SHARED", "LOCAL"):
        values = [int(v) for v in re.findall(r"\b%s:(\d+)" % key, usage)]
        found.append(str(max(values)) if values else "")
    return found


def compile_one(corpus, name, target, form, cuobjdump):
    start = time.monotonic()
    unknown = [""] * len(RESOURCES)
    with tempfile.TemporaryDirectory(prefix="tilechain-table-") as work:
        cubin = os.path.join(work, "k.cubin")
        try:
            proc = subprocess.run(
                [TILEIRAS, os.path.join(corpus, name), "-o",
                 cubin, "--gpu-name", target, "-O3", "--lineinfo", "--tile-form", form,
                 "--remarks=all"],
                capture_output=True, timeout=600)
        except subprocess.TimeoutExpired:
            return Row(name, target, "failed", "600.0", *unknown, "timed out after 600 s")
        seconds = "%.1f" % (time.monotonic() - start)
        stderr = proc.stderr.decode(errors="replace")
        if proc.returncode == 0 and os.path.exists(cubin):
            remarks = proc.stdout.decode(errors="replace")
            fell_back = FELL_BACK.search(remarks) if form == "parallel" else None
            outcome = "serial" if fell_back else "compiled"
            reason = fell_back.group(1).strip().replace("\t", " ") if fell_back else ""
            return Row(name, target, outcome, seconds, *cubin_resources(cuobjdump, cubin), reason)
        reason = first_error(stderr).replace("\t", " ")
        if proc.returncode == 5 and target in reason:
            return Row(name, target, "refused", seconds, *unknown, reason)
        return Row(name, target, "failed", seconds, *unknown,
                   "exit %d: %s" % (proc.returncode, reason))


def read_table(path):
    if not path or not os.path.exists(path):
        return {}
    with open(path) as table:
        header = table.readline().rstrip("\n").split("\t")
        if header != COLUMNS:
            sys.exit("target-table: %s does not have the columns %s" % (path, COLUMNS))
        rows = [Row(*line.rstrip("\n").split("\t")) for line in table if line.strip()]
    return {(r.file, r.target): r for r in rows}


def summary_lines(rows, targets):
    counts = collections.defaultdict(collections.Counter)
    for row in rows:
        counts[row.target][row.outcome] += 1
    lines = ["| target | files | compiled | fell back to serial | refused | failed "
             "| compiled or refused |",
             "|---|---|---|---|---|---|---|"]
    worst = 100.0
    for target in targets:
        c = counts[target]
        total = sum(c.values())
        ok = 100.0 * (c["compiled"] + c["refused"]) / total if total else 100.0
        worst = min(worst, ok)
        lines.append("| %s | %d | %d | %d | %d | %d | %.1f%% |" % (
            target, total, c["compiled"], c["serial"], c["refused"], c["failed"], ok))
    return lines, worst


def reason_counts(rows):
    reasons = collections.defaultdict(collections.Counter)
    for row in rows:
        if row.outcome != "compiled":
            reason = re.sub(r"sm_\d+\w*", "sm_XX", row.reason)
            reason = re.sub(r"kernel '[^']*'", "kernel K", reason)
            reason = re.sub(r"need \d+ bytes", "need N bytes", reason)
            reason = re.sub(r" at \S+:\d+:\d+:", ":", reason)
            reasons[row.outcome][reason] += 1
    return reasons


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def write_markdown(path, rows, tsv, corpus, form):
    targets = sorted({r.target for r in rows}, key=lambda t: int(re.sub(r"\D", "", t)))
    by_file = collections.defaultdict(dict)
    for row in rows:
        by_file[row.file][row.target] = row
    summary, _ = summary_lines(rows, targets)
    everything = corpus_files(corpus, 1, "*")
    coverage = ["| target | recorded | of the corpus files that apply |", "|---|---|---|"]
    for target in targets:
        applicable = [f for f in everything if applies(f, target)]
        recorded = sum(1 for f in applicable if target in by_file.get(f, {}))
        coverage.append("| %s | %d | %d |" % (target, recorded, len(applicable)))
    seconds = sorted(float(r.seconds) for r in rows)
    mark = {"refused": "refused", "failed": "**FAILED**"}

    def cell(row):
        if row.outcome not in ("compiled", "serial"):
            return mark[row.outcome]
        if not row.threads:
            return "ok" if row.outcome == "compiled" else "serial"
        return "%s / %s / %s / %s" % (row.threads, row.regs, row.stack, row.shared)

    with open(path, "w") as out:
        out.write("# The cuTile corpus, per target\n\n")
        out.write("Written by `utils/target-table.py` from `%s` (%d compiles), rendered %s at "
                  "commit %s. Each cell is `scripts/tileiras FILE --gpu-name TARGET -O3 "
                  "--lineinfo --tile-form %s`; a blank cell is a 13.1/13.2 file specialised to "
                  "another arch. A compiled kernel's cell is threads per block / registers per "
                  "thread / stack bytes per thread / static shared bytes per block, from "
                  "cuobjdump; one that fell back to the serial form has 1 thread. "
                  "Per compile (2-core machine, two at a time): median %.1f s, max %.1f s.\n\n"
                  % (os.path.relpath(tsv, os.path.dirname(os.path.abspath(path))), len(rows),
                     datetime.date.today().isoformat(), git_commit(), form,
                     seconds[len(seconds) // 2] if seconds else 0.0,
                     seconds[-1] if seconds else 0.0))
        out.write("\n".join(summary) + "\n\n")
        out.write("Coverage (the run continues where it stopped: rerun the same command):\n\n")
        out.write("\n".join(coverage) + "\n\n")
        reasons = reason_counts(rows)
        titles = {"serial": "Fell back to the serial form", "refused": "Refused",
                  "failed": "Failed"}
        for outcome in ("serial", "refused", "failed"):
            if reasons[outcome]:
                out.write("## %s, by reason\n\n" % titles[outcome])
                for reason, n in reasons[outcome].most_common():
                    out.write("- %d x %s\n" % (n, reason))
                out.write("\n")
        out.write("## Kernels x targets\n\n| file | %s |\n|---|%s\n" % (
            " | ".join(targets), "---|" * len(targets)))
        for name in sorted(by_file):
            cells = [cell(by_file[name][t]) if t in by_file[name] else "" for t in targets]
            out.write("| %s | %s |\n" % (name.replace(".tileirbc", ""), " | ".join(cells)))


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
    parser.add_argument("--tile-form", choices=["serial", "parallel"], default="serial")
    parser.add_argument("--cuda-bin", help="a directory holding cuobjdump")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)

    targets = args.targets.split(",")
    table = read_table(args.tsv)
    selected = [(f, t) for t in targets
                for f in corpus_files(args.corpus, args.stride, args.glob) if applies(f, t)]
    todo = [job for job in selected if job not in table]

    lock = threading.Lock()
    sink = None
    if args.tsv:
        fresh = not os.path.exists(args.tsv)
        sink = open(args.tsv, "a")
        if fresh:
            sink.write("\t".join(COLUMNS) + "\n")

    cuobjdump = find_cuobjdump(args.cuda_bin)
    if not cuobjdump:
        print("target-table: no cuobjdump found: resources are not recorded", file=sys.stderr)

    def run(job):
        row = compile_one(args.corpus, *job, args.tile_form, cuobjdump)
        with lock:
            table[job] = row
            if sink:
                sink.write("\t".join(row) + "\n")
                sink.flush()

    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        list(pool.map(run, todo))
    if sink:
        sink.close()
        # The finished table in a stable order, so that reruns diff cleanly.
        with open(args.tsv + ".tmp", "w") as out:
            out.write("\t".join(COLUMNS) + "\n")
            for key in sorted(table):
                out.write("\t".join(table[key]) + "\n")
        os.replace(args.tsv + ".tmp", args.tsv)

    rows = [table[job] for job in selected]
    summary, worst = summary_lines(rows, targets)
    print("\n".join(summary))
    reasons = reason_counts(rows)
    for outcome in ("serial", "refused", "failed"):
        for reason, n in reasons[outcome].most_common(15):
            print("%s x%d: %s" % (outcome, n, reason))
    if args.markdown:
        write_markdown(args.markdown, list(table.values()) if args.tsv else rows,
                       args.tsv or "this run", args.corpus, args.tile_form)
    if args.min is not None and worst < args.min:
        print("target-table: below --min %.1f%%" % args.min)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
