#!/usr/bin/env python3
"""Runs corpus kernels on the host (or a GPU) and checks them against numpy.

  run_kernel.py FILE.tileirbc [FILE...]     one line per kernel
  run_kernel.py --all [--glob '*v13_4*']    every manifest row (whose file matches)
  run_kernel.py --gpu FILE.tileirbc         through scripts/tileiras + CUDA
  run_kernel.py --gpu-name sm_100 FILE...   for another target than the manifest's
  run_kernel.py --shape Q=1x8x256x64 --grid 2,8,1 FILE
                                            other extents than the manifest's (the
                                            array then dense, row-major) and grid
"""
import argparse
import dataclasses
import fnmatch
import multiprocessing
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilechain_harness import check, inputs, manifest, params  # noqa: E402
from tilechain_harness import gpu  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = manifest.corpus_dir(ROOT)


def run_gpu(spec, bytecode, work_dir, num_sms, bin_dir, tile_form):
    cubin = os.path.join(work_dir, "kernel.cubin")
    subprocess.run([os.path.join(ROOT, "scripts", "tileiras"), bytecode, "-o", cubin,
                    "--gpu-name", spec.sm_arch[0], "--tile-form", tile_form],
                   check=True)
    arrays = inputs.allocate(spec)
    expected = check.expected_results(spec, arrays,
                                      check.kernel_uses_tf32(bytecode, bin_dir))
    with open(cubin, "rb") as f:
        gpu.launch(f.read(), spec, arrays, spec.grid(num_sms))
    problems = check.compare_all(arrays, expected)
    return check.Outcome(check.FAIL if problems else check.PASS, "; ".join(problems))


def run_isolated(job):
    """One kernel in a child process: a kernel that crashes or hangs is a
    result, not the end of the sweep."""
    spec, args = job
    command = [sys.executable, os.path.abspath(__file__), spec.file,
               "--bin-dir", args.bin_dir, "--num-sms", str(args.num_sms),
               "--tile-form", args.tile_form, "--host-seeds", args.host_seeds]
    if args.gpu_name:
        command += ["--gpu-name", args.gpu_name]
    for shape in args.shape:
        command += ["--shape", shape]
    if args.grid:
        command += ["--grid", args.grid]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return spec.file, check.Outcome("timeout", "over %ds" % args.timeout)
    lines = done.stdout.splitlines()
    parts = lines[-1].split("\t", 2) if lines else []
    if len(parts) == 3:
        return spec.file, check.Outcome(parts[0], parts[2])
    return spec.file, check.Outcome(
        "crash", "exit %d: %s" % (done.returncode, done.stderr.strip()[-200:]))


def reshaped(spec, shapes, grid):
    """`spec` with the arrays named in `shapes` ('Q=1x8x256x64') dense and
    row-major at those extents, and launched on `grid` ('2,8,1')."""
    extents = {}
    for item in shapes:
        name, _, text = item.partition("=")
        extents[name] = tuple(int(n) for n in text.split("x"))
    arguments = []
    for arg in spec.arguments:
        if arg.name in extents:
            if arg.kind != "array" or len(extents[arg.name]) != len(arg.shape):
                raise ValueError("--shape %s: not a rank-%d array of %s"
                                 % (arg.name, len(extents[arg.name]), spec.file))
            shape = extents.pop(arg.name)
            strides = [1] * len(shape)
            for d in range(len(shape) - 2, -1, -1):
                strides[d] = strides[d + 1] * shape[d + 1]
            arg = dataclasses.replace(arg, shape=shape, strides=tuple(strides))
        arguments.append(arg)
    if extents:
        raise ValueError("--shape: %s has no array %s"
                         % (spec.file, ", ".join(sorted(extents))))
    spec = dataclasses.replace(spec, arguments=arguments)
    if grid:
        spec = dataclasses.replace(spec, grid_text=repr(tuple(
            int(n) for n in grid.split(","))))
    return spec


def run_one(job):
    spec, args = job
    bytecode = os.path.join(CORPUS, spec.file)
    with tempfile.TemporaryDirectory() as work_dir:
        try:
            if args.gpu:
                outcome = run_gpu(spec, bytecode, work_dir, args.num_sms, args.bin_dir,
                                  args.tile_form)
            else:
                outcome = check.run_on_host(
                    spec, bytecode, work_dir, args.bin_dir, num_sms=args.num_sms,
                    tile_form=args.tile_form,
                    host_seeds=[int(s) for s in args.host_seeds.split(",")])
        except Exception as error:  # a harness problem: report, keep going
            outcome = check.Outcome("error", "%s: %s" % (type(error).__name__, error))
    return spec.file, outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--glob", default="*",
                        help="with --all, only rows whose file name matches")
    parser.add_argument("--gpu", action="store_true")
    parser.add_argument("--bin-dir", default=os.environ.get(
        "TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin")))
    parser.add_argument("--num-sms", type=int, default=132)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--tile-form", choices=("serial", "parallel"),
                        default="serial",
                        help="tile-lower's form (docs/pipeline.md)")
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds per kernel with --all")
    parser.add_argument("--host-seeds", default=",".join(map(str, check.HOST_SEEDS)),
                        help="the TILECHAIN_HOST_SEED values each host run "
                             "takes, comma-separated (default: %(default)s)")
    parser.add_argument("--gpu-name",
                        help="the target to compile for (default: the "
                             "manifest's sm_arch, sm_90 for the corpus)")
    parser.add_argument("--shape", action="append", default=[],
                        metavar="ARRAY=AxB...",
                        help="run with these extents of ARRAY (dense, "
                             "row-major) instead of the manifest's; repeatable")
    parser.add_argument("--grid", metavar="X,Y,Z",
                        help="the launch grid, with --shape")
    args = parser.parse_args()
    specs = manifest.load_manifest(os.path.join(CORPUS, "MANIFEST.tsv"))
    if args.all:
        chosen = [s for s in specs if fnmatch.fnmatch(s.file, args.glob)]
    else:
        chosen = []
        for f in args.files:
            spec = manifest.find(specs, os.path.basename(f))
            if spec is None:
                parser.error("%s is not in the manifest" % f)
            chosen.append(spec)
    if args.gpu_name:
        chosen = [dataclasses.replace(s, sm_arch=[args.gpu_name]) for s in chosen]
    if args.shape or args.grid:
        try:
            chosen = [reshaped(s, args.shape, args.grid) for s in chosen]
        except ValueError as error:
            parser.error(str(error))
    jobs = [(s, args) for s in chosen]
    runner = run_isolated if args.all else run_one
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            failed = report(pool.imap(runner, jobs))
    else:
        failed = report(map(runner, jobs))
    return 1 if failed else 0


def report(results):
    failed = 0
    for name, outcome in results:
        print("%s\t%s\t%s" % (outcome.status, name, outcome.detail), flush=True)
        failed += outcome.status in (check.FAIL, "error", "crash", "timeout")
    return failed


if __name__ == "__main__":
    sys.exit(main())
