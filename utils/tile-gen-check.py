#!/usr/bin/env python3
"""Compiles programs of utils/tile-gen.py for GPU targets and runs them on
the host in the serial and the parallel form.

    tile-gen-check.py --seed S --count N [--targets sm_80,sm_90,...]
                      [--host-every K [--host-target sm_XY]] [--jobs J]
                      [--keep DIR]
    tile-gen-check.py FILE.mlir ...        # generated modules kept earlier

For every program:
1. tile-read verifies it and writes Tile IR bytecode; a program that does
   not verify is a generator bug.
2. For each target, scripts/tileiras compiles the bytecode: a cubin, or a
   refusal (exit 5) whose diagnostic names the target. An internal compiler
   error, another exit code, a hang or a cubin left after a failure is a
   problem. With --until=ptx the stages run without ptxas instead
   (tile-read | tile-lower | tile-sched | tile-llc), which is several times
   faster, with the same verdicts.
3. Every K-th program (--host-every) is compiled for the host in both forms,
   for --host-target (sm_90 by default; sm_100 runs its mma on tcgen05)
   (tile-read | tile-lower --tile-form=serial|parallel | tile-sched |
   tile-llc --emit=host-obj, harness/tilechain_harness/host.py) and run on
   the same random inputs, every block of the grid, in a child process (a
   crash or a hang there is a problem). A kernel the parallel form does not
   take (tile-lower's remark: it runs in the serial form) is run serially
   only and counted as "not parallel". The outputs are compared bit for bit
   (NaNs equal whatever their payload), except the float outputs that
   depend on a floating-point reduce, scan or mma (`free_order` in the
   program's header): those agree within a tolerance scaled by the
   output's largest magnitude, that of the stored type or of the type the
   sum ran in, whichever is coarser, grown with the sum's length.

Prints one line per problem and a summary; exit 1 when there are problems.
"""
import argparse
import importlib.util
import multiprocessing
import os
import pickle
import re
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "harness"))
from tilechain_harness import dtypes, host, inputs, params  # noqa: E402

_spec = importlib.util.spec_from_file_location("tile_gen", os.path.join(HERE, "tile-gen.py"))
tile_gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tile_gen)

STAGE_TIMEOUT = 300
RUN_TIMEOUT = 120
# Relative to the output's largest magnitude, for outputs whose float
# reduction order is free.
TOLERANCE = {"float64": 1e-9, "float32": 2e-4, "float16": 2e-2, "bfloat16": 6e-2}
# Byte every output element starts as, so elements a kernel does not store
# compare equal too.
UNWRITTEN = 0x5A


def problem_text(stage, proc_or_text):
    if isinstance(proc_or_text, str):
        return "%s: %s" % (stage, proc_or_text)
    stderr = proc_or_text.stderr
    if isinstance(stderr, bytes):
        stderr = stderr.decode(errors="replace")
    lines = [l for l in stderr.splitlines() if l.strip()]
    return "%s: exit %d: %s" % (stage, proc_or_text.returncode,
                                " | ".join(lines[:3])[:400])


def internal_error(returncode, stderr):
    return (returncode not in (0, 5) or "internal compiler error" in stderr
            or "LLVM ERROR" in stderr or "PLEASE submit" in stderr)


def compile_target(args, bytecode, work, target):
    """'compiled', 'refused' or a problem text."""
    if args.until == "ptx":
        return compile_ptx(args, bytecode, work, target)
    cubin = os.path.join(work, "out-%s.cubin" % target)
    try:
        proc = subprocess.run([args.tileiras, bytecode, "-o", cubin,
                               "--gpu-name", target], capture_output=True, text=True,
                              timeout=STAGE_TIMEOUT * 2)
    except subprocess.TimeoutExpired:
        return "%s: hang (over %d s)" % (target, STAGE_TIMEOUT * 2)
    if proc.returncode == 0:
        return "compiled" if os.path.exists(cubin) else "%s: exit 0 without a cubin" % target
    if internal_error(proc.returncode, proc.stderr) or os.path.exists(cubin):
        return problem_text(target, proc)
    if target not in proc.stderr:
        return problem_text(target + " (refusal does not name the target)", proc)
    return "refused"


def compile_ptx(args, bytecode, work, target):
    tool = lambda name: os.path.join(args.bin_dir, name)
    ptx = os.path.join(work, "out-%s.ptx" % target)
    stages = [[tool("tile-read"), "--input=bytecode", bytecode, "--emit=mlirbc"],
              [tool("tile-lower"), "--gpu-name", target, "--emit-bytecode"],
              [tool("tile-sched"), "--emit-bytecode"],
              [tool("tile-llc"), "-o", ptx]]
    data = None
    for stage in stages:
        try:
            proc = subprocess.run(stage, input=data, capture_output=True,
                                  timeout=STAGE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return "%s: %s hangs" % (target, os.path.basename(stage[0]))
        stderr = proc.stderr.decode(errors="replace")
        if proc.returncode != 0:
            proc.stderr = stderr
            if internal_error(proc.returncode, stderr) or os.path.exists(ptx):
                return problem_text("%s %s" % (target, os.path.basename(stage[0])), proc)
            if target not in stderr:
                return problem_text(target + " (refusal does not name the target)", proc)
            return "refused"
        data = proc.stdout
    return "compiled" if os.path.exists(ptx) else "%s: no PTX written" % target


# --- the host run ---------------------------------------------------------
def random_inputs(meta, seed):
    """{name: DeviceArray}: inputs random, outputs UNWRITTEN bytes."""
    rng = np.random.default_rng(seed)
    arrays = {}
    for a in meta["arrays"]:
        shape = tuple(a["shape"])
        strides = tuple(int(np.prod(shape[d + 1:])) for d in range(len(shape)))
        array = inputs.DeviceArray(types.SimpleNamespace(
            dtype=a["dtype"], shape=shape, strides=strides))
        if a["role"] == "out":
            array.buffer[...] = UNWRITTEN
        elif a["dtype"] == "bool_":
            array.view[...] = rng.integers(0, 2, size=shape).astype(bool)
        elif a["dtype"].startswith("int"):
            info = np.iinfo(a["dtype"])
            small = rng.integers(-40, 41, size=shape)
            wide = rng.integers(info.min, info.max, size=shape, endpoint=True)
            array.view[...] = np.where(rng.random(shape) < 0.1, wide, small)
        else:
            values = rng.uniform(-2.0, 2.0, size=shape)
            array.view[...] = dtypes.from_values(a["dtype"], values)
        arrays[a["name"]] = array
    return arrays


def packed_params(meta, arrays):
    slots = []
    for name, ptype in meta["params"]:
        array_name, _, part = name.partition(".")
        if not part:
            value = meta["scalars"][name]
        elif part == "ptr":
            value = arrays[array_name].address
        else:
            arg = arrays[array_name].arg
            index = int(part[part.index("[") + 1:-1])
            value = (arg.shape if part.startswith("shape") else arg.strides)[index]
        slots.append(params.pack_slot(ptype, value))
    return b"".join(slots)


def run_host(library, meta, seed):
    """({output name: bytes}, None) or (None, problem text). The kernel runs
    in a forked child (os.fork: pool workers may not start multiprocessing
    children), so that a crash or a deadlock report ends only the child."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            arrays = random_inputs(meta, seed)
            host.launch(library, meta["kernel"], packed_params(meta, arrays),
                        tuple(meta["grid"]))
            outputs = {a["name"]: bytes(arrays[a["name"]].buffer)
                       for a in meta["arrays"] if a["role"] == "out"}
            with os.fdopen(write_fd, "wb") as pipe:
                pipe.write(pickle.dumps(outputs))
            os._exit(0)
        except BaseException:
            traceback.print_exc()
            os._exit(70)
    os.close(write_fd)
    chunks = []
    deadline = time.monotonic() + RUN_TIMEOUT
    with os.fdopen(read_fd, "rb", buffering=0) as pipe:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([pipe], [], [], remaining)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return None, "hang (over %d s)" % RUN_TIMEOUT
            chunk = pipe.read(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return None, "crash (signal %s)" % signal.Signals(os.WTERMSIG(status)).name
    if os.WEXITSTATUS(status) != 0:
        return None, "crash (exit %d)" % os.WEXITSTATUS(status)
    return pickle.loads(b"".join(chunks)), None


def as_values(dtype, raw):
    stored = np.frombuffer(raw, dtype=dtypes.storage_dtype(dtype))
    return dtypes.to_values(dtype, stored).astype(np.float64)


def differing(dtype, s, p):
    """Mask of the elements whose bits differ, two NaNs counting as equal."""
    storage = dtypes.storage_dtype(dtype)
    bits = np.dtype("u%d" % storage.itemsize)
    differ = (np.frombuffer(s, dtype=bits) != np.frombuffer(p, dtype=bits))
    if dtype in TOLERANCE:
        differ &= ~(np.isnan(as_values(dtype, s)) & np.isnan(as_values(dtype, p)))
    return differ


def first_difference(dtype, s, p, differ):
    storage = dtypes.storage_dtype(dtype)
    x = dtypes.to_values(dtype, np.frombuffer(s, dtype=storage))
    y = dtypes.to_values(dtype, np.frombuffer(p, dtype=storage))
    i = np.flatnonzero(differ)[0]
    return ": %d of %d elements, first [%d] serial %r parallel %r" % (
        np.count_nonzero(differ), differ.size, i, x[i].item(), y[i].item())


def free_order_tolerance(dtype, order):
    """Relative tolerance for an output of `dtype` that depends on the free
    order `order`: that of the stored type or of the type the terms were
    summed in, whichever is coarser, grown with the number of terms past 64
    (the rounding error of a sum grows with its length, and the serial
    form's running sum is the least accurate order)."""
    terms, elem = tile_gen.free_order_terms(order)
    summed = TOLERANCE[tile_gen.HARNESS_DTYPE[elem]] * max(1.0, terms / 64.0)
    return max(TOLERANCE[dtype], summed)


def compare(meta, serial, parallel):
    """(problem text or None, whether a tolerance was needed)."""
    tolerant = False
    for a in meta["arrays"]:
        if a["role"] != "out":
            continue
        name, dtype = a["name"], a["dtype"]
        s, p = serial[name], parallel[name]
        differ = differing(dtype, s, p)
        if not differ.any():
            continue
        if dtype not in TOLERANCE or not a["free_order"]:
            return ("%s (%s, exact) differs" % (name, dtype)
                    + first_difference(dtype, s, p, differ)), tolerant
        x, y = as_values(dtype, s), as_values(dtype, p)
        scale = max(1.0, float(np.max(np.abs(x[np.isfinite(x)]), initial=0.0)))
        tolerance = free_order_tolerance(dtype, a["free_order"])
        close = np.isfinite(x) & np.isfinite(y) & (
            np.abs(x - y) <= tolerance * scale)
        if (differ & ~close).any():
            return ("%s (%s, %s, tolerance %g x %g) differs" % (
                name, dtype, a["free_order"], tolerance, scale)
                + first_difference(dtype, s, p, differ & ~close)), tolerant
        tolerant = True
    return None, tolerant


def serial_reason(notes):
    """The op tile-lower names when it keeps a kernel serial (its
    RemarkKernelSerialForm: Reason="'op' at f:l:c: why"), with its reason
    unless that is the plain 'no parallel lowering yet'."""
    m = re.search(r"RemarkKernelSerialForm [^\n]*Reason=\"("
                  r"'(?:cuda_tile\.)?([\w.]+)'[^\n]*), Remark=", notes)
    if not m:
        return "?"
    why = m.group(1).rstrip('"').rsplit(": ", 1)[1]
    return m.group(2) if why == "it has no parallel lowering yet" else \
        "%s (%s)" % (m.group(2), why)


def host_check(args, program, work, meta, seed):
    """(outcome, problem text or None); outcome one of 'refused',
    'serial only: REASON', 'exact', 'tolerance'."""
    libraries = {}
    for form in ("serial", "parallel"):
        form_dir = os.path.join(work, form)
        os.makedirs(form_dir, exist_ok=True)
        notes = []
        try:
            libraries[form] = host.compile_host(program, form_dir, args.bin_dir,
                                                gpu_name=args.host_target,
                                                tile_form=form, diagnostics=notes,
                                                timeout=STAGE_TIMEOUT)
        except subprocess.TimeoutExpired as e:
            return None, "host %s: %s hangs" % (form, os.path.basename(e.cmd[0]))
        except subprocess.CalledProcessError as e:
            stderr = (e.stderr or b"").decode(errors="replace")
            if internal_error(e.returncode, stderr):
                return None, problem_text("host %s %s" % (form, os.path.basename(e.cmd[0])), e)
            if form == "parallel":
                return None, problem_text("host parallel refuses what serial takes", e)
            return "refused", None
        if form == "parallel" and "RemarkKernelSerialForm" in "".join(notes):
            outputs, problem = run_host(libraries["serial"], meta, seed)
            return ("serial only: " + serial_reason("".join(notes)), None) \
                if problem is None else (None, "host serial: " + problem)
    results = {}
    for form, library in libraries.items():
        outputs, problem = run_host(library, meta, seed)
        if problem:
            return None, "host %s: %s" % (form, problem)
        results[form] = outputs
    problem, tolerant = compare(meta, results["serial"], results["parallel"])
    if problem:
        return None, "serial/parallel mismatch: " + problem
    return ("tolerance" if tolerant else "exact"), None


def check(job):
    """Everything about one program: {'name', 'targets': {t: outcome},
    'host': outcome, 'problems': [...]}."""
    args, name, text, index = job
    meta = tile_gen.metadata(text)
    result = {"name": name, "targets": {}, "host": None, "problems": []}
    work = tempfile.mkdtemp(prefix="tile-gen-")
    try:
        program = os.path.join(work, "program.mlir")
        with open(program, "w") as f:
            f.write(text)
        bytecode = os.path.join(work, "program.tileirbc")
        proc = subprocess.run([os.path.join(args.bin_dir, "tile-read"), program,
                               "--emit=bytecode", "-o", bytecode],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            result["problems"].append(problem_text("does not verify", proc))
            return result
        for target in args.targets:
            outcome = compile_target(args, bytecode, work, target)
            if outcome in ("compiled", "refused"):
                result["targets"][target] = outcome
            else:
                result["problems"].append(outcome)
        if args.host_every and index % args.host_every == 0:
            # Inputs from the program's text: a kept program reproduces alone.
            outcome, problem = host_check(args, program, work, meta,
                                          zlib.crc32(text.encode()))
            result["host"] = outcome
            if problem:
                result["problems"].append(problem)
        return result
    finally:
        if result["problems"] and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            shutil.copy(os.path.join(work, "program.mlir"),
                        os.path.join(args.keep, name + ".mlir"))
        shutil.rmtree(work, ignore_errors=True)


class Stopped(Exception):
    pass


def stop(signum, frame):
    """SIGTERM ends a sequential campaign early with a summary (a program
    under way is left out)."""
    raise Stopped()


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="generated modules to check")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=0, help="programs from seeds S, S+1, ...")
    parser.add_argument("--targets", default="sm_90",
                        help="comma-separated --gpu-name values ('' for none)")
    parser.add_argument("--until", choices=("cubin", "ptx"), default="cubin",
                        help="compile for the targets through ptxas (scripts/tileiras) "
                        "or up to PTX")
    parser.add_argument("--host-every", type=int, default=0,
                        help="run every K-th program on the host in both forms (0: none)")
    parser.add_argument("--host-target", default="sm_90",
                        help="the --gpu-name of the host runs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cpu-budget", type=float,
                        help="with --jobs 1: start no program once this many CPU seconds "
                        "(this process and its children) are spent")
    parser.add_argument("--keep", help="copy programs with problems here")
    parser.add_argument("--bin-dir", default=os.environ.get(
        "TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin")))
    parser.add_argument("--tileiras", default=os.path.join(ROOT, "scripts", "tileiras"))
    args = parser.parse_args()
    args.targets = [t for t in args.targets.split(",") if t]

    jobs = []
    for i, path in enumerate(args.files):
        with open(path) as f:
            jobs.append((args, os.path.splitext(os.path.basename(path))[0], f.read(), i))
    for i, seed in enumerate(range(args.seed, args.seed + args.count)):
        jobs.append((args, "gen-%d" % seed, tile_gen.generate(seed), len(args.files) + i))

    if args.jobs > 1:
        if args.cpu_budget:
            parser.error("--cpu-budget needs --jobs 1")
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = list(pool.imap(check, jobs))
    else:
        results = []
        signal.signal(signal.SIGTERM, stop)
        try:
            for job in jobs:
                if args.cpu_budget and cpu_seconds() > args.cpu_budget:
                    break
                results.append(check(job))
        except Stopped:
            print("stopped by SIGTERM; the summary covers the programs done")
    if args.cpu_budget:
        print("cpu: %.0f s" % cpu_seconds())

    problems = 0
    for r in results:
        for p in r["problems"]:
            problems += 1
            print("PROBLEM %s: %s" % (r["name"], p))
    print("tile-gen: %d programs, %d verified" % (
        len(results), sum(1 for r in results if not any(
            p.startswith("does not verify") for p in r["problems"]))))
    for t in args.targets:
        outcomes = [r["targets"].get(t) for r in results]
        print("%s: %d compiled, %d refused" % (
            t, outcomes.count("compiled"), outcomes.count("refused")))
    hosts = [r["host"] for r in results if r["host"] or (
        args.host_every and r["problems"] and any(p.startswith("host") or
                                                  p.startswith("serial/parallel")
                                                  for p in r["problems"]))]
    serial = [h[len("serial only: "):] for h in hosts if h and h.startswith("serial only")]
    if args.host_every:
        print("host: %d programs, %d in both forms (%d bit-exact, %d within "
              "tolerance), %d not parallel, %d refused by the host backend" % (
                  len(hosts), hosts.count("exact") + hosts.count("tolerance"),
                  hosts.count("exact"), hosts.count("tolerance"),
                  len(serial), hosts.count("refused")))
        if serial:
            print("not parallel, first op without a parallel lowering: " + ", ".join(
                "%s %d" % (r, serial.count(r)) for r in sorted(set(serial))))
    print("problems: %d" % problems)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
