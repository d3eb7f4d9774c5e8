#!/usr/bin/env python3
"""Runs a GPU bundle (harness/make_bundle.py): checks every kernel of every
variant against numpy and times the benchmarks, side by side.

  run_bundle.py gpu-bundle --results OUT.tsv     on the GPU (libcuda, numpy)
  run_bundle.py B --backend host                 the host libraries (tests)

Output, one line each (also written to --results):
  env       what ran it: driver, device, SMs
  <status>  <variant> <file> <detail>     status: pass, fail, no-reference,
            unsupported, not-compiled, load-error, launch-error, crash, timeout
  bench     <name> <variant> <median ms> <min ms> <TFLOP/s> <ratio> <check>
  summary   <variant> <count per status>

Kernels run one after another in a worker process; a kernel that faults
(the context is lost) or hangs past --kernel-timeout ends its worker, is
reported, and a new worker goes on with the next one. The benchmarks run
before the sweep, after the kernels they time have passed their checks.
Launches are cuTile's: blockDim (1,1,1), the kernel's .reqntid decides
(--block reqntid launches with .reqntid threads instead); a tile kernel
that fails so runs again with its .reqntid threads, and its detail says
how that went.
"""
import argparse
import fnmatch
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilechain_harness import bundle as bundle_mod  # noqa: E402
from tilechain_harness import check, cuda, gpu, host, inputs, params  # noqa: E402
from tilechain_harness import reference  # noqa: E402

STATUSES = ("pass", "fail", "no-reference", "unsupported", "not-compiled",
            "load-error", "launch-error", "crash", "timeout")
FAILURES = ("fail", "load-error", "launch-error", "crash", "timeout")


# The worker: runs jobs[start:], one JSON line per job on stdout.

def check_kernel(args, the_bundle, variant, file, spec=None, launch_hook=None):
    """(status, detail) of one kernel and variant. On the GPU, a tile kernel
    that fails under cuTile's launch runs again with its .reqntid threads,
    and the detail says how that went: whether the launch or the code is
    at fault."""
    spec = spec or the_bundle.spec(file)
    kernel = the_bundle.kernel(file)
    reason = check.unsupported_reason(spec)
    if reason:
        return "unsupported", reason
    binaries = kernel.get("host", {}) if args.backend == "host" else kernel["cubins"]
    if variant not in binaries:
        return "not-compiled", kernel["errors"].get(variant, "no binary")
    path = the_bundle.path(binaries[variant])
    threads = tuple(kernel["reqntid"].get(variant, gpu.CUTILE_BLOCK))
    block = threads if args.block == "reqntid" else gpu.CUTILE_BLOCK
    try:
        status, detail = run_and_compare(args, spec, kernel, path, block,
                                         launch_hook)
    except reference.NoReference as error:
        return "no-reference", str(error)
    if (args.backend == "cuda" and status in ("fail", "launch-error")
            and block != threads):
        again, why = run_and_compare(args, spec, kernel, path, threads, None)
        detail += "; launched with its .reqntid %s threads: %s%s" % (
            "x".join(map(str, threads)), again, " (%s)" % why if why else "")
    return status, detail


def run_and_compare(args, spec, kernel, path, block, launch_hook):
    """(status, detail) of one launch on fresh inputs; raises NoReference
    (before launching) where the kernel has no executable reference."""
    arrays = inputs.allocate(spec, args.seed)
    expected = check.expected_results(spec, arrays, kernel["tf32"])
    grid = spec.grid(args.num_sms)
    if args.backend == "host":
        packed = params.pack(spec, {n: a.address for n, a in arrays.items()})
        host.launch(path, spec.symbol, packed, grid)
        detail = ""
    else:
        detail = run_on_gpu(spec, arrays, path, grid, block, launch_hook)
        if isinstance(detail, tuple):
            return detail
    problems = check.compare_all(arrays, expected)
    if problems:
        return "fail", "; ".join(problems)[:500]
    return "pass", detail


def run_on_gpu(spec, arrays, path, grid, block, launch_hook):
    """Launches the cubin and copies the arrays back: a detail string, or a
    (status, detail) pair when it could not run."""
    with open(path, "rb") as f:
        image = f.read()
    try:
        loaded = gpu.Loaded(image, spec, arrays)
    except cuda.CudaError as error:
        if error.sticky:
            raise
        return "load-error", str(error)
    with loaded:
        attributes = resource_usage(loaded)
        try:
            loaded.launch(grid, block)
            loaded.copy_back()
        except cuda.CudaError as error:
            if error.sticky:
                raise
            return "launch-error", str(error)
        if launch_hook:
            launch_hook(loaded, grid, block)
    return attributes


def resource_usage(loaded):
    get = lambda a: loaded.cuda.function_attribute(loaded.function, a)
    return "regs %d, local %d B, static smem %d B" % (
        get(cuda.CU_FUNC_ATTRIBUTE_NUM_REGS),
        get(cuda.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES),
        get(cuda.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES))


def benchmark(args, the_bundle, variant, index):
    """(status, detail, figures) of one benchmark and variant: the check of
    its result at the benchmark's size, then the timing."""
    case = the_bundle.benchmarks[index]
    spec = case.spec(the_bundle.specs)
    figures = {}

    def timed(loaded, grid, block):
        median, least = gpu.time_launches(loaded, grid, args.runs, block)
        figures.update(median_ms=median, min_ms=least,
                       tflops=case.flops / (median * 1e-3) / 1e12)

    if args.backend == "host":
        return "skipped", "no timing on the host backend", figures
    status, detail = check_kernel(args, the_bundle, variant, case.file, spec,
                                  launch_hook=timed)
    return status, detail, figures


def worker(args):
    # The parent reads results from this process's stdout, but a kernel's
    # printf and assert messages (device output the driver writes to file
    # descriptor 1) must not land among them: results go to a copy of the
    # original descriptor and descriptor 1 becomes stderr.
    channel = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)

    def send(message):
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    the_bundle = bundle_mod.Bundle(args.bundle)
    with open(args.jobs_file) as f:
        jobs = json.load(f)
    for index in range(args.start, len(jobs)):
        job = jobs[index]
        send({"start": index})
        result = {"index": index}
        try:
            if job["kind"] == "check":
                result["status"], result["detail"] = check_kernel(
                    args, the_bundle, job["variant"], job["file"])
            else:
                (result["status"], result["detail"],
                 result["figures"]) = benchmark(args, the_bundle,
                                                job["variant"], job["benchmark"])
        except Exception as error:  # noqa: BLE001 - a result, not an exit
            result["status"] = "crash"
            result["detail"] = "%s: %s" % (type(error).__name__, error)
            sticky = getattr(error, "sticky", False)
            send(result)
            if sticky:
                return 3  # the context is gone; the parent starts another
            continue
        send(result)
    return 0


# The parent: plans the jobs, keeps a worker running them, reports.

def plan(the_bundle, args):
    variants = [v for v in the_bundle.variants
                if not args.variants or v in args.variants.split(",")]
    benchmarked = {b.file for b in the_bundle.benchmarks}
    files = [k["file"] for k in the_bundle.kernels()
             if fnmatch.fnmatch(k["file"], args.glob)]
    # The benchmarks' kernels and the vector adds first: they say at once
    # whether launches, tile kernels and TMA work at all.
    first = [f for f in files if f in benchmarked or "vector_add" in f]
    rest = [f for f in files if f not in first]
    def kernel_variants(file):
        # The bundle's variants, and the ptxas probes where the kernel has
        # them.
        kernel = the_bundle.kernel(file)
        probes = sorted(v for v in set(kernel["cubins"]) | set(kernel["errors"])
                        if "@" in v and v.split("@")[0] in variants)
        return variants + probes

    jobs = [{"kind": "check", "file": f, "variant": v}
            for f in first for v in kernel_variants(f)]
    if not args.no_benchmarks:
        # NVIDIA's first, so that each of ours prints its ratio to it.
        timed = sorted(variants, key=lambda v: v != "nvidia")
        jobs += [{"kind": "bench", "benchmark": i, "variant": v}
                 for i in range(len(the_bundle.benchmarks)) for v in timed]
    jobs += [{"kind": "check", "file": f, "variant": v}
             for f in rest for v in kernel_variants(f)]
    return jobs


class Report:
    def __init__(self, path, the_bundle):
        self.out = open(path, "w") if path else None
        self.the_bundle = the_bundle
        self.counts = {}
        self.bench = {}
        self.failed = 0

    def line(self, *fields):
        text = "\t".join(str(f) for f in fields)
        print(text, flush=True)
        if self.out:
            self.out.write(text + "\n")
            self.out.flush()

    def result(self, job, status, detail, figures=None):
        self.failed += status in FAILURES
        if job["kind"] == "check":
            variant_counts = self.counts.setdefault(job["variant"], {})
            variant_counts[status] = variant_counts.get(status, 0) + 1
            self.line(status, job["variant"], job["file"], detail)
            return
        case = self.the_bundle.benchmarks[job["benchmark"]]
        figures = figures or {}
        self.bench.setdefault(case.name, {})[job["variant"]] = figures
        if "median_ms" not in figures:
            self.line("bench", case.name, job["variant"], "-", "-", "-", "-",
                      "%s: %s" % (status, detail))
            return
        reference_figures = self.bench[case.name].get("nvidia")
        ratio = ("%.2fx" % (reference_figures["median_ms"] / figures["median_ms"])
                 if reference_figures and "median_ms" in reference_figures
                 else "-")
        self.line("bench", case.name, job["variant"],
                  "%.4f" % figures["median_ms"], "%.4f" % figures["min_ms"],
                  "%.1f" % figures["tflops"], ratio, "%s %s" % (status, detail))

    def summary(self, skipped):
        for variant, counts in sorted(self.counts.items()):
            self.line("summary", variant, ", ".join(
                "%s %d" % (s, counts[s]) for s in STATUSES if s in counts))
        if skipped:
            self.line("summary", "not run (over --budget)", skipped)


def environment(args, report):
    if args.backend == "host":
        report.line("env", "host backend")
        return args.num_sms
    device = gpu.driver()
    major, minor = device.compute_capability()
    report.line("env", "driver %d" % device.driver_version(), device.name(),
                "sm_%d%d" % (major, minor), "%d SMs" % device.sm_count(),
                "bundle for %s" % report.the_bundle.data["gpu_name"],
                json.dumps(report.the_bundle.data["tools"]))
    return device.sm_count()


def exit_text(returncode):
    if returncode < 0:
        return "worker killed by %s" % signal.Signals(-returncode).name
    return "worker exit %d" % returncode


def worker_command(args, jobs_file, start):
    command = [sys.executable, os.path.abspath(__file__), args.bundle,
               "--worker", "--jobs-file", jobs_file, "--start", str(start),
               "--backend", args.backend, "--block", args.block,
               "--num-sms", str(args.num_sms), "--runs", str(args.runs),
               "--seed", str(args.seed)]
    return command


def run_jobs(args, jobs, jobs_file, report):
    """Keeps a worker running until every job has a result or the budget is
    spent; returns how many jobs did not run."""
    began = time.monotonic()
    start = 0
    while start < len(jobs):
        if args.budget and time.monotonic() - began > args.budget:
            return len(jobs) - start
        process = subprocess.Popen(worker_command(args, jobs_file, start),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, start_new_session=True)
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ)
        running, deadline, answered = None, None, False
        while True:
            timeout = (max(deadline - time.monotonic(), 0) if deadline else
                       args.kernel_timeout)
            ready = selector.select(timeout)
            if not ready:
                if running is None:
                    running = start  # the worker never started its first job
                report.result(jobs[running], "timeout",
                              "no result in %g s" % args.kernel_timeout)
                os.killpg(process.pid, 9)
                process.wait()
                start = running + 1
                break
            text = process.stdout.readline()
            if not text:
                process.wait()
                # A worker ends after its last job, or after a job whose
                # error lost the CUDA context (it reported that job: the
                # next worker goes on after it), or dies in a job (or
                # before its first one), which is that job's result.
                if running is not None or not answered:
                    running = start if running is None else running
                    error = process.stderr.read().strip().splitlines()
                    report.result(jobs[running], "crash", "%s%s" % (
                        exit_text(process.returncode),
                        ": " + error[-1][:300] if error else ""))
                    start = running + 1
                break
            answered = True
            message = json.loads(text)
            if "start" in message:
                running = message["start"]
                deadline = time.monotonic() + args.kernel_timeout
                continue
            report.result(jobs[message["index"]], message["status"],
                          message["detail"], message.get("figures"))
            running, deadline = None, time.monotonic() + args.kernel_timeout
            start = message["index"] + 1
            if start >= len(jobs):
                process.wait()
                break
            if args.budget and time.monotonic() - began > args.budget:
                os.killpg(process.pid, 9)
                process.wait()
                return len(jobs) - start
        selector.close()
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bundle")
    parser.add_argument("--backend", choices=("cuda", "host"), default="cuda")
    parser.add_argument("--variants", help="comma-separated (default: all)")
    parser.add_argument("--glob", default="*", help="kernels whose file matches")
    parser.add_argument("--block", choices=("cutile", "reqntid"), default="cutile")
    parser.add_argument("--no-benchmarks", action="store_true")
    parser.add_argument("--runs", type=int, default=20,
                        help="timed launches per benchmark (median)")
    parser.add_argument("--budget", type=float, default=0,
                        help="seconds after which no new worker starts")
    parser.add_argument("--kernel-timeout", type=float, default=60)
    parser.add_argument("--results", help="also write the lines here")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--num-sms", type=int, default=132,
                        help="NUM_SMS of the grids (the GPU's count on cuda)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--jobs-file", help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args)

    the_bundle = bundle_mod.Bundle(args.bundle)
    report = Report(args.results, the_bundle)
    try:
        args.num_sms = environment(args, report)
    except (OSError, cuda.CudaError) as error:
        # No driver, no device: the one line that says so is the result.
        report.line("env", "error", str(error))
        return 2
    jobs = plan(the_bundle, args)
    descriptor, jobs_file = tempfile.mkstemp(suffix=".json")
    with os.fdopen(descriptor, "w") as f:
        json.dump(jobs, f)
    try:
        skipped = run_jobs(args, jobs, jobs_file, report)
    finally:
        os.remove(jobs_file)
    report.summary(skipped)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
