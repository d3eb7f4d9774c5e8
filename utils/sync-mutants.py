#!/usr/bin/env python3
"""Deletes each wait, fence and barrier of a kernel, one at a time, and runs
the kernel on the host: a deletion the host run does not catch is a gap in
the host's model of asynchrony, or a synchronisation the lowering did not
need.

    sync-mutants.py --gpu-name sm_80 [--seeds 0,1,7] [--jobs 2] KERNEL.tileirbc...
    sync-mutants.py ... --shape Q=1x8x256x64 ... --grid 2,8,1 KERNEL.tileirbc

(--shape and --grid run the kernel on other extents than its manifest row's,
as harness/run_kernel.py does: to reach code its own input never runs.)

For each corpus kernel (a row of the corpus manifest), tile-sched's output
for the target is compiled with one synchronisation op deleted (the N-th of
SYNC_OPS in the text), then run on the host against numpy under each seed
of TILECHAIN_HOST_SEED (0 lands every cp.async copy at its wait and every
TMA load when all threads of the block wait, 1 both at issue, others mix:
lib/Host/HostAsyncCopy.cpp, HostTensorCopy.cpp). --ops keeps only the
named ops' deletions. A mutant is
caught when a seed's run fails (wrong values, a deadlock or an abort the
host reports, a hang); a harness error gives no verdict. One line per mutant, then per kernel and target:
`KERNEL TARGET: N mutants, K caught`. A kernel that fails under a seed
with nothing deleted is reported instead of its mutants, and the exit
status is 1.
"""
import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin"))
# The ops that order memory between threads, proxies or asynchronous units:
# waits, fences and barriers. Commits, arrivals and expect_tx are not among
# them (deleting one leaves a wait that never completes, which the host
# reports as a deadlock by construction).
SYNC_OPS = re.compile(
    r"^\s*(gpu\.barrier|nvvm\.barrier\S*|nvvm\.cp\.async\.wait\.group|"
    r"nvvm\.cp\.async\.bulk\.wait_group\S*|nvvm\.fence\.\S+|"
    r"nvvm\.wgmma\.fence\S*|nvvm\.wgmma\.wait\.group\S*|"
    r"nvvm\.tcgen05\.(fence|wait)\S*|tile_dist\.mbarrier_wait|"
    r"tile_dist\.\S*wait\S*|tile_dist\.\S*fence\S*)\b")

# What a run that catches a mutant ends in: wrong values, a crash (the
# host's deadlock and misuse aborts), or a hang.
CAUGHT = ("fail", "crash", "timeout")

# tile-sched in the mutants' bin dir: the real one, then the deletion.
WRAPPER = """#!/bin/sh
"{real}/tile-sched" "$@" | "{python}" "{script}" --delete "$TILECHAIN_MUTANT"
"""


def sync_lines(text):
    """(line index, op name) of each deletable synchronisation op: one whose
    line defines no value."""
    found = []
    for index, line in enumerate(text.splitlines()):
        match = SYNC_OPS.match(line)
        if match and "=" not in line.split(match.group(1))[0]:
            found.append((index, match.group(1)))
    return found


def delete(n):
    """Deletes the n-th sync op of stdin's text; n < 0 deletes none."""
    text = sys.stdin.read()
    if n < 0:
        sys.stdout.write(text)
        return
    lines = text.splitlines(keepends=True)
    index, _ = sync_lines(text)[n]
    del lines[index]
    sys.stdout.write("".join(lines))


def scheduled(bytecode, gpu_name):
    read = subprocess.run([os.path.join(BIN, "tile-read"), bytecode],
                          capture_output=True, check=True).stdout
    lowered = subprocess.run([os.path.join(BIN, "tile-lower"), "--gpu-name",
                              gpu_name, "--tile-form=parallel"], input=read,
                             capture_output=True, check=True).stdout
    return subprocess.run([os.path.join(BIN, "tile-sched")], input=lowered,
                          capture_output=True, check=True).stdout.decode()


def run(job):
    """The outcome of one mutant under one seed: pass, fail, crash, ..."""
    bytecode, gpu_name, mutant, seed, bin_dir, timeout, reshape = job
    env = dict(os.environ, TILECHAIN_MUTANT=str(mutant))
    command = [sys.executable, os.path.join(ROOT, "harness", "run_kernel.py"),
               "--tile-form", "parallel", "--gpu-name", gpu_name,
               "--host-seeds", str(seed), "--bin-dir", bin_dir, bytecode]
    command += reshape
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    lines = done.stdout.splitlines()
    if not lines:
        return "crash"
    status = lines[-1].split("\t", 1)[0]
    if status == "error" and "CalledProcessError" in lines[-1]:
        return "invalid"  # the mutant did not compile
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernels", nargs="*")
    parser.add_argument("--gpu-name", default="sm_80")
    parser.add_argument("--seeds", default="0,1,7")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--ops", help="comma-separated op names: delete only "
                        "these (default: every op SYNC_OPS names)")
    parser.add_argument("--shape", action="append", default=[],
                        metavar="ARRAY=AxB...",
                        help="run on these extents (harness/run_kernel.py)")
    parser.add_argument("--grid", metavar="X,Y,Z",
                        help="the launch grid, with --shape")
    parser.add_argument("--delete", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    reshape = [a for shape in args.shape for a in ("--shape", shape)]
    if args.grid:
        reshape += ["--grid", args.grid]
    if args.delete is not None:
        return delete(args.delete)
    seeds = [int(s) for s in args.seeds.split(",")]
    with tempfile.TemporaryDirectory() as bin_dir:
        for name in os.listdir(BIN):
            if name != "tile-sched":
                os.symlink(os.path.join(BIN, name), os.path.join(bin_dir, name))
        wrapper = os.path.join(bin_dir, "tile-sched")
        with open(wrapper, "w") as f:
            f.write(WRAPPER.format(real=BIN, python=sys.executable,
                                   script=os.path.abspath(__file__)))
        os.chmod(wrapper, 0o755)
        status = 0
        for bytecode in args.kernels:
            # The kernel as scheduled must pass under every seed: else a
            # mutant's failure says nothing about its deletion.
            with multiprocessing.Pool(args.jobs) as pool:
                baseline = pool.map(run, [(bytecode, args.gpu_name, -1, seed,
                                           bin_dir, args.timeout, reshape)
                                          for seed in seeds])
            if any(o != "pass" for o in baseline):
                print("%s %s: the kernel without deletions does not pass: %s"
                      % (os.path.basename(bytecode), args.gpu_name,
                         " ".join("%d:%s" % (s, o)
                                  for s, o in zip(seeds, baseline))),
                      flush=True)
                status = 1
                continue
            # (the op's number among all sync ops, its line, its name)
            ops = [(n, line, op) for n, (line, op) in
                   enumerate(sync_lines(scheduled(bytecode, args.gpu_name)))
                   if not args.ops or op in args.ops.split(",")]
            jobs = [(bytecode, args.gpu_name, n, seed, bin_dir, args.timeout,
                     reshape)
                    for n, _, _ in ops for seed in seeds]
            with multiprocessing.Pool(args.jobs) as pool:
                outcomes = pool.map(run, jobs)
            caught = invalid = broken = 0
            for i, (_, line, op) in enumerate(ops):
                mine = outcomes[i * len(seeds):(i + 1) * len(seeds)]
                if "invalid" in mine:
                    invalid += 1
                    verdict = "invalid"
                elif any(o in CAUGHT for o in mine):
                    caught += 1
                    verdict = "caught"
                elif all(o == "pass" for o in mine):
                    verdict = "SURVIVED"
                else:  # the harness itself failed: no verdict
                    broken += 1
                    verdict = "harness-error"
                print("%s\t%s\t%s\tline %d\t%s\t%s" % (
                    os.path.basename(bytecode), args.gpu_name, op, line + 1,
                    verdict, " ".join("%d:%s" % (s, o) for s, o in zip(seeds, mine))),
                    flush=True)
            print("%s %s: %d mutants, %d caught%s%s" % (
                os.path.basename(bytecode), args.gpu_name,
                len(ops) - invalid - broken, caught,
                ", %d invalid" % invalid if invalid else "",
                ", %d harness errors" % broken if broken else ""), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
