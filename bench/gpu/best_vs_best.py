#!/usr/bin/env python3
"""Best against best on one GPU, in one process: tilechain's and NVIDIA's
tileiras cubins (bench/gpu/make_bench_bundle.py, compiled from the same
bytecode), cuBLAS, the SDPA backends, Triton kernels and a device-to-device
copy, on the same inputs.

  python3 bench/gpu/best_vs_best.py BUNDLE --out results.tsv [--budget S]

Every configuration is checked against a reference before it is timed; one
that fails its check gets a `fail` row and no time. Times are CUDA events
around the launch alone: the median and minimum of --runs launches, each
after a write that evicts the L2 cache. Tuning: every matmul configuration
is timed at 4096^3; at 8192^3 each system's four best at 4096^3 are timed;
each system's best is then timed again with 3x the runs, and that is its
`best` row. Rows are written as they come, so a run cut short keeps what it
measured; --budget stops starting workloads after that many seconds.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import traceback

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "harness"))
from tilechain_harness import cuda as cuda_mod, params as params_mod  # noqa: E402

import triton_kernels  # noqa: E402  (beside this file)

HEADER = ("workload shape dtype system config median_us min_us rate unit "
          "device commit date").split()
DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16,
          "float16": torch.float16, "bfloat16": torch.bfloat16,
          "float32": torch.float32, "float8_e4m3fn": torch.float8_e4m3fn}
FLUSH_BYTES = 256 << 20  # the H100's and H200's L2 are 50 and 60 MB


class Bench:
    def __init__(self, args):
        self.args = args
        self.started = time.time()
        torch.cuda.init()
        self.driver = cuda_mod.Driver()  # the primary context torch uses
        with open(os.path.join(args.bundle, "bench.json")) as f:
            self.bundle = json.load(f)
        properties = torch.cuda.get_device_properties(0)
        self.device = "%s (%d SMs, driver %s)" % (
            properties.name, properties.multi_processor_count,
            _driver_version())
        self.sms = properties.multi_processor_count
        self.flush = torch.empty(FLUSH_BYTES, dtype=torch.uint8, device="cuda")
        self.out = open(args.out, "a")
        if self.out.tell() == 0:
            self.out.write("\t".join(HEADER) + "\n")
        self.date = time.strftime("%Y-%m-%d", time.gmtime())
        self.modules = {}

    def over_budget(self):
        return time.time() - self.started > self.args.budget

    # Rows.
    def row(self, workload, shape, dtype, system, config, times, rate, unit):
        median_us, min_us = ("%.2f" % (times[0] * 1e3), "%.2f" % (times[1] * 1e3)) \
            if times else ("", "")
        fields = [workload, shape, dtype, system, config, median_us, min_us,
                  rate, unit, self.device, self.bundle["commit"], self.date]
        self.out.write("\t".join(str(f) for f in fields) + "\n")
        self.out.flush()
        print("\t".join(str(f) for f in fields[:9]), flush=True)

    def measured(self, workload, shape, dtype, system, config, fn, check, work,
                 unit, outputs=(), runs=None):
        """Checks `fn` (check() -> error text or None after one call, with
        `outputs` filled with NaN before it), times it, writes its row;
        returns the median ms or None."""
        try:
            for output in outputs:
                output.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            error = check()
        except Exception as exception:  # a backend that refuses the shape
            error = "%s: %s" % (type(exception).__name__,
                                str(exception).splitlines()[0][:160]
                                if str(exception) else "")
            if context_lost():
                self.row(workload, shape, dtype, system, config + " [" + error + "]",
                         None, "crash", "")
                raise SystemExit("the CUDA context is lost: %s" % error)
        if error:
            self.row(workload, shape, dtype, system, config + " [" + error + "]",
                     None, "fail", "")
            return None
        times = self.time(fn, runs or self.args.runs)
        rate = work / (times[0] * 1e-3) / (1e12 if unit == "TFLOP/s" else 1e9)
        self.row(workload, shape, dtype, system, config, times, "%.1f" % rate, unit)
        return times[0]

    def time(self, fn, runs):
        start = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
        end = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
        fn()  # warm: module load, Triton's compile, caches
        for i in range(runs):
            self.flush.fill_(i & 0xff)
            start[i].record()
            fn()
            end[i].record()
        torch.cuda.synchronize()
        times = [s.elapsed_time(e) for s, e in zip(start, end)]
        return statistics.median(times), min(times)

    # Cubins.
    def kernels(self, **match):
        return [k for k in self.bundle["kernels"]
                if all(k.get(key) == value for key, value in match.items())]

    def launcher(self, kernel, system, grid, slots):
        """fn() launching the bundle's cubin for `system` with the packed
        parameter slots; None (and the compile error) if it has none."""
        entry = kernel["systems"][system]
        if "cubin" not in entry:
            return None, entry["error"]
        key = (kernel["id"], system)
        if key not in self.modules:
            with open(os.path.join(self.args.bundle, entry["cubin"]), "rb") as f:
                module = self.driver.load(f.read())
            self.modules[key] = self.driver.function(module, kernel["symbol"])
        function = self.modules[key]
        packed = params_mod.KernelParams(b"".join(slots))

        def fn():
            self.driver.launch(function, grid, (1, 1, 1), packed.pointer)
        fn.packed = packed  # kept alive with fn
        return fn, None


def context_lost():
    """Whether the CUDA context died (a kernel faulted): nothing more runs."""
    try:
        torch.cuda.synchronize()
        torch.zeros(1, device="cuda").item()
        return False
    except Exception:
        return True


def _driver_version():
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=driver_version",
                               "--format=csv,noheader"], capture_output=True,
                              text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def slot(value, kind="i32"):
    if kind == "ptr":
        return params_mod.pack_slot("ptr<x>", value)
    if kind == "f32":
        return params_mod.pack_slot("float32", value)
    return params_mod.pack_slot("int32", value)


def array_slots(tensor):
    """cuTile's flat parameters of an array: pointer, shape, strides (elements)."""
    return ([slot(tensor.data_ptr(), "ptr")] + [slot(s) for s in tensor.shape]
            + [slot(s) for s in tensor.stride()])


def relative_error(out, ref):
    return ((out.float() - ref.float()).abs().max() / ref.float().abs().max()).item()


def checker(out, ref, tolerance):
    def check():
        if not torch.isfinite(out.float()).all():
            return "non-finite output"
        error = relative_error(out, ref)
        return None if error <= tolerance else "error %.2e > %.0e" % (error, tolerance)
    return check


def cdiv(a, b):
    return -(-a // b)


def cubin_rows(bench, name, shape, dtype, kernel, grid, slots, out, ref, tolerance,
               work, unit):
    """A corpus kernel's rows, tilechain's and NVIDIA's cubin: `out[0]`
    checked against `ref`, every array of `out` NaN-filled first."""
    for system in ("tilechain", "nvidia-tileiras"):
        fn, error = bench.launcher(kernel, system, grid, slots)
        if error:
            bench.row(name, shape, dtype, system, kernel["config"], None,
                      "compile-error", "")
            continue
        bench.measured(name, shape, dtype, system, kernel["config"], fn,
                       checker(out[0], ref, tolerance), work, unit, out)


# Matmul: the tuned cubins, cuBLAS, Triton.
def matmul(bench, dtype_name, size, candidates=None):
    dtype = DTYPES[dtype_name]
    m = n = k = size
    shape = "%dx%dx%d" % (m, n, k)
    torch.manual_seed(0)
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(k, n, device="cuda", dtype=dtype)
    ref = torch.matmul(a, b)
    tolerance = 1e-2 if dtype == torch.float16 else 2e-2
    flops = 2 * m * n * k
    c = torch.empty(m, n, device="cuda", dtype=dtype)
    results = {}
    for system in ("tilechain", "nvidia-tileiras"):
        kernels = [kern for kern in bench.kernels(dtype=dtype_name)
                   if kern["kind"] in ("matmul", "persistent_matmul")
                   and (candidates is None or kern["id"] in candidates[system])]
        for kernel in kernels:
            if bench.over_budget():
                return results
            tm, tn, _ = kernel["tile"]
            tiles = cdiv(m, tm) * cdiv(n, tn)
            grid = (min(bench.sms, tiles) if kernel["kind"] == "persistent_matmul"
                    else tiles, 1, 1)
            fn, error = bench.launcher(kernel, system, grid,
                                       array_slots(a) + array_slots(b) + array_slots(c))
            config = kernel["workload"] + " " + kernel["config"]
            if error:
                bench.row("matmul", shape, dtype_name, system, config + " [" + error + "]",
                          None, "compile-error", "")
                continue
            median = bench.measured("matmul", shape, dtype_name, system, config, fn,
                                    checker(c, ref, tolerance), flops, "TFLOP/s", [c])
            if median is not None:
                results.setdefault(system, []).append((median, kernel["id"], fn, config))
    for config, fn in (("torch.matmul", lambda: torch.matmul(a, b, out=c)),):
        median = bench.measured("matmul", shape, dtype_name, "cublas", config, fn,
                                checker(c, ref, tolerance), flops, "TFLOP/s", [c])
        if median is not None:
            results.setdefault("cublas", []).append((median, config, fn, config))
    for config, fn in triton_kernels.matmul_variants(a, b, c):
        median = bench.measured("matmul", shape, dtype_name, "triton", config, fn,
                                checker(c, ref, tolerance), flops, "TFLOP/s", [c])
        if median is not None:
            results.setdefault("triton", []).append((median, config, fn, config))
    # Each system's best, timed again with more runs.
    for system, timed in sorted(results.items()):
        _, _, fn, config = min(timed, key=lambda t: t[0])
        times = bench.time(fn, 3 * bench.args.runs)
        bench.row("matmul best", shape, dtype_name, system, config, times,
                  "%.1f" % (flops / (times[0] * 1e-3) / 1e12), "TFLOP/s")
    return results


def fp8_matmul(bench, size):
    m = n = k = size
    shape = "%dx%dx%d" % (m, n, k)
    torch.manual_seed(0)
    a = torch.randn(1, m, k, device="cuda").to(torch.float8_e4m3fn)
    b = torch.randn(1, k, n, device="cuda").to(torch.float8_e4m3fn)
    ref = torch.matmul(a.float(), b.float())
    c = torch.empty(1, m, n, device="cuda", dtype=torch.float32)
    flops = 2 * m * n * k
    [kernel] = bench.kernels(workload="fp8 batch matmul")
    tm, tn = int(kernel["constants"]["tm"]), int(kernel["constants"]["tn"])
    cubin_rows(bench, "fp8 matmul", shape, "e4m3->f32", kernel,
               (1, cdiv(m, tm), cdiv(n, tn)),
               array_slots(a) + array_slots(b) + array_slots(c), [c], ref, 1e-2,
               flops, "TFLOP/s")
    # cuBLASLt through torch._scaled_mm: B column-major, unit scales.
    b_t = b[0].t().contiguous().t()
    one = torch.ones((), device="cuda")
    out = torch.empty(m, n, device="cuda", dtype=torch.float32)

    def scaled():
        out.copy_(torch._scaled_mm(a[0], b_t, scale_a=one, scale_b=one,
                                   out_dtype=torch.float32))
    bench.measured("fp8 matmul", shape, "e4m3->f32", "cublas", "torch._scaled_mm",
                   scaled, checker(out, ref[0], 1e-2), flops, "TFLOP/s", [out])


def batch_matmul(bench, batch, size):
    m = n = k = size
    shape = "b%d %dx%dx%d" % (batch, m, n, k)
    torch.manual_seed(0)
    a = torch.randn(batch, m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(batch, k, n, device="cuda", dtype=torch.float16)
    ref = torch.bmm(a, b)
    c = torch.empty_like(ref)
    flops = 2 * batch * m * n * k
    [kernel] = bench.kernels(workload="batch matmul")
    tm, tn = int(kernel["constants"]["tm"]), int(kernel["constants"]["tn"])
    cubin_rows(bench, "batch matmul", shape, "f16", kernel,
               (batch, cdiv(m, tm), cdiv(n, tn)),
               array_slots(a) + array_slots(b) + array_slots(c), [c], ref, 1e-2,
               flops, "TFLOP/s")
    bench.measured("batch matmul", shape, "f16", "cublas", "torch.bmm",
                   lambda: torch.bmm(a, b, out=c), checker(c, ref, 1e-2), flops,
                   "TFLOP/s", [c])


# Attention.
SDPA_BACKENDS = [("flash", "FLASH_ATTENTION"), ("cudnn", "CUDNN_ATTENTION"),
                 ("torch", "EFFICIENT_ATTENTION")]


def attention(bench, kernel, batch, seqlen, kv_len=None):
    constants = kernel["constants"]
    heads, depth = int(constants["H"]), int(constants["TILE_D"])
    group = int(constants.get("QUERY_GROUP_SIZE", 1))
    causal = constants.get("CAUSAL") == "True"
    kv_len = kv_len or seqlen
    kv_heads = heads // group
    shape = "b%d h%d/%d q%d k%d d%d" % (batch, heads, kv_heads, seqlen, kv_len, depth)
    name = kernel["workload"]
    torch.manual_seed(0)
    q = torch.randn(batch, heads, seqlen, depth, device="cuda", dtype=torch.float16)
    k = torch.randn(batch, kv_heads, kv_len, depth, device="cuda", dtype=torch.float16)
    v = torch.randn(batch, kv_heads, kv_len, depth, device="cuda", dtype=torch.float16)
    out = torch.empty_like(q)
    scale = depth ** -0.5
    flops = 4 * batch * heads * seqlen * kv_len * depth // (2 if causal else 1)
    gqa = kv_heads != heads
    # The reference: FlashAttention through SDPA, with K and V repeated for
    # each query head of their group.
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        ref = F.scaled_dot_product_attention(
            q, k.repeat_interleave(group, 1), v.repeat_interleave(group, 1),
            is_causal=causal, scale=scale)
    slots = (array_slots(q) + array_slots(k) + array_slots(v) + array_slots(out)
             + [slot(scale, "f32"), slot(0)])
    cubin_rows(bench, name, shape, "f16", kernel,
               (cdiv(seqlen, int(constants["TILE_M"])), batch * heads, 1), slots,
               [out], ref, 2e-2, flops, "TFLOP/s")
    sdpa_out = torch.empty_like(q)
    for system, backend in SDPA_BACKENDS:
        def fn(backend=backend):
            with sdpa_kernel(getattr(SDPBackend, backend)):
                sdpa_out.copy_(F.scaled_dot_product_attention(
                    q, k, v, is_causal=causal, scale=scale, enable_gqa=gqa))
        bench.measured(name, shape, "f16", system, "sdpa " + backend.lower(), fn,
                       checker(sdpa_out, ref, 2e-2), flops, "TFLOP/s", [sdpa_out])
    if seqlen >= 64:
        for config, fn in triton_kernels.attention_variants(q, k, v, out, causal, scale):
            bench.measured(name, shape, "f16", "triton", config, fn,
                           checker(out, ref, 2e-2), flops, "TFLOP/s", [out])


# Bandwidth-bound rows, each beside a copy of the same bytes.
def copy_row(bench, name, shape, dtype, nbytes):
    src = torch.empty(nbytes // 2, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    src.fill_(1)
    bench.measured(name, shape, dtype, "copy", "d2d copy of the same bytes",
                   lambda: dst.copy_(src), lambda: None, nbytes, "GB/s")


def layer_norm(bench, m, n):
    [kernel] = bench.kernels(workload="layer norm")
    shape, dtype = "%dx%d" % (m, n), "bf16"
    torch.manual_seed(0)
    x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    y = torch.empty_like(x)
    mean = torch.empty(m, device="cuda")
    rstd = torch.empty(m, device="cuda")
    ref = F.layer_norm(x.float(), (n,), w.float(), b.float(), 1e-5).bfloat16()
    nbytes = 2 * x.numel() * 2
    slots = (array_slots(x) + array_slots(w) + array_slots(b) + array_slots(y)
             + array_slots(mean) + array_slots(rstd) + [slot(1e-5, "f32")])
    cubin_rows(bench, "layer norm", shape, dtype, kernel, (m, 1, 1), slots,
               [y, mean, rstd], ref, 2e-2, nbytes, "GB/s")
    out = torch.empty_like(x)
    bench.measured("layer norm", shape, dtype, "torch", "F.layer_norm",
                   lambda: out.copy_(F.layer_norm(x, (n,), w, b, 1e-5)),
                   checker(out, ref, 2e-2), nbytes, "GB/s", [out])
    copy_row(bench, "layer norm", shape, dtype, nbytes)


def transpose(bench, m, n):
    [kernel] = bench.kernels(workload="transpose")
    shape, dtype = "%dx%d" % (m, n), "f32"
    x = torch.randn(m, n, device="cuda")
    y = torch.empty(n, m, device="cuda")
    ref = x.t().contiguous()
    nbytes = 2 * x.numel() * 4
    tile = 64
    cubin_rows(bench, "transpose", shape, dtype, kernel, (cdiv(m, tile), cdiv(n, tile), 1),
               array_slots(x) + array_slots(y), [y], ref, 0, nbytes, "GB/s")
    bench.measured("transpose", shape, dtype, "torch", "y.copy_(x.t())",
                   lambda: y.copy_(x.t()), checker(y, ref, 0), nbytes, "GB/s", [y])
    copy_row(bench, "transpose", shape, dtype, nbytes)


def row_sum(bench, m):
    [kernel] = bench.kernels(workload="row sum")
    n = 128
    shape, dtype = "%dx%d" % (m, n), "f32"
    x = torch.randn(m, n, device="cuda")
    y = torch.empty(m, device="cuda")
    ref = x.double().sum(1).float()
    nbytes = x.numel() * 4 + m * 4
    cubin_rows(bench, "row sum", shape, dtype, kernel, (cdiv(m, 16), 1, 1),
               array_slots(x) + array_slots(y), [y], ref, 1e-5, nbytes, "GB/s")
    bench.measured("row sum", shape, dtype, "torch", "torch.sum(x, 1)",
                   lambda: torch.sum(x, 1, out=y), checker(y, ref, 1e-5), nbytes, "GB/s",
                   [y])
    copy_row(bench, "row sum", shape, dtype, 2 * x.numel() * 4)


def vector_add(bench, n):
    [kernel] = bench.kernels(workload="vector add")
    shape, dtype = "n%d" % n, "f32"
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    c = torch.empty(n, device="cuda")
    ref = a + b
    nbytes = 3 * n * 4
    cubin_rows(bench, "vector add", shape, dtype, kernel, (cdiv(n, 1024), 1, 1),
               array_slots(a) + array_slots(b) + array_slots(c), [c], ref, 0, nbytes,
               "GB/s")
    bench.measured("vector add", shape, dtype, "torch", "torch.add",
                   lambda: torch.add(a, b, out=c), checker(c, ref, 0), nbytes, "GB/s", [c])
    copy_row(bench, "vector add", shape, dtype, nbytes)


def best_candidates(results, count=4):
    return {system: [t[1] for t in sorted(results.get(system, []),
                                          key=lambda t: t[0])[:count]]
            for system in ("tilechain", "nvidia-tileiras")}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bundle")
    parser.add_argument("--out", required=True)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--budget", type=float, default=240)
    parser.add_argument("--only", help="comma-separated workload groups")
    args = parser.parse_args()
    bench = Bench(args)
    print("device: %s; bundle %s (%s)" % (bench.device, bench.bundle["commit"],
                                          bench.bundle["tools"]), flush=True)
    tuned = {}

    def matmul_group(dtype):
        def run_group():
            tuned[dtype] = matmul(bench, dtype, 4096)
            matmul(bench, dtype, 8192, best_candidates(tuned[dtype]))
        return run_group

    groups = [
        ("matmul-f16", matmul_group("f16")),
        ("fmha", lambda: [attention(bench, kernel,
                                    1 if kernel.get("fixed_batch") else 16384 // s, s)
                          for kernel in bench.kernels(kind="fmha")
                          if "decode" not in kernel["workload"]
                          for s in (512, 1024, 2048, 4096, 8192, 16384)]),
        ("bandwidth", lambda: (layer_norm(bench, 16384, 8192), transpose(bench, 8192, 8192),
                               row_sum(bench, 1 << 20), vector_add(bench, 1 << 28))),
        ("matmul-bf16", matmul_group("bf16")),
        ("fp8", lambda: fp8_matmul(bench, 4096)),
        ("batch", lambda: batch_matmul(bench, 8, 2048)),
        ("decode", lambda: [attention(bench, kernel, 8, 1, kv)
                            for kernel in bench.kernels(workload="fmha gqa decode d128")
                            for kv in (1024, 16384)]),
    ]
    only = set(args.only.split(",")) if args.only else None
    for name, run_group in groups:
        if only and name not in only:
            continue
        if bench.over_budget():
            print("budget: %s not started" % name, flush=True)
            continue
        try:
            run_group()
        except cuda_mod.CudaError as error:
            if error.sticky:  # the context is gone: nothing more can run
                print("sticky CUDA error in %s: %s" % (name, error), flush=True)
                return 1
            traceback.print_exc()
        except Exception:
            traceback.print_exc()
    print("done in %.0f s" % (time.time() - bench.started), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
