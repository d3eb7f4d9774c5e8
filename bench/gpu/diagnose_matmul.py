#!/usr/bin/env python3
"""Where a matmul cubin goes wrong on the GPU: which shapes, which tiles,
which rows and columns inside a tile, which chunks of k, and whether the
wrong values change from run to run (a race) or not (a wrong address).

  diagnose_matmul.py BUNDLE --kernel ID [--kernel ID ...] \
      [--cubin NAME=PATH ...] --out DIAG.tsv

A kernel is a bench bundle kernel (bench/gpu/make_bench_bundle.py) by id,
tilechain's cubin, or NVIDIA's with ID@nvidia-tileiras; --cubin NAME=PATH
runs another cubin of the first --kernel's symbol and tile (a variant
assembled from edited PTX, say). The kernels are cuTile's matmul:
C[M, N] = A[M, K] @ B[K, N], one CTA per output tile (a persistent one gets
one CTA per SM).

Rows of DIAG.tsv (tab-separated, as printed):
  run    NAME SHAPE RUN rel_error bad_fraction bad_tiles same_as_run_0
  rows   NAME SHAPE  the bad elements' rows within a tile, in 8 bands
  cols   NAME SHAPE  their columns within a tile, in 8 bands
  chunk  NAME SHAPE K0:K1 rel_error   A is zero outside k in [K0, K1)
An element is bad where it differs from torch.matmul by more than 1% of
the largest |C|.
"""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "harness"))
from tilechain_harness import cuda as cuda_mod, params as params_mod  # noqa: E402

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}
TOLERANCE = 1e-2


def slot(value, kind="int32"):
    return params_mod.pack_slot("ptr<x>" if kind == "ptr" else kind, value)


def array_slots(tensor):
    return ([slot(tensor.data_ptr(), "ptr")] + [slot(s) for s in tensor.shape]
            + [slot(s) for s in tensor.stride()])


class Kernel:
    def __init__(self, driver, name, path, symbol, tile, persistent, sms):
        with open(path, "rb") as f:
            self.function = driver.function(driver.load(f.read()), symbol)
        self.driver, self.name, self.tile = driver, name, tile
        self.persistent, self.sms = persistent, sms

    def __call__(self, a, b, c):
        tm, tn = self.tile[0], self.tile[1]
        tiles = -(-a.shape[0] // tm) * -(-b.shape[1] // tn)
        grid = (min(self.sms, tiles) if self.persistent else tiles, 1, 1)
        packed = params_mod.KernelParams(
            b"".join(array_slots(a) + array_slots(b) + array_slots(c)))
        c.fill_(float("nan"))
        self.driver.launch(self.function, grid, (1, 1, 1), packed.pointer)
        torch.cuda.synchronize()


def bands(indices, extent):
    counts = torch.bincount(indices * 8 // extent, minlength=8)
    return " ".join(str(int(v)) for v in counts.tolist())


def diagnose(kernel, dtype, shapes, chunk_k, runs, emit):
    tm, tn = kernel.tile[0], kernel.tile[1]
    for m, n, k in shapes:
        shape = "%dx%dx%d" % (m, n, k)
        torch.manual_seed(0)
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(k, n, device="cuda", dtype=dtype)
        ref = (a.float() @ b.float())
        scale = ref.abs().max().item()
        c = torch.empty(m, n, device="cuda", dtype=dtype)
        first, union = None, torch.zeros(m, n, dtype=torch.bool, device="cuda")
        for run in range(runs):
            kernel(a, b, c)
            diff = (c.float() - ref).abs()
            diff = torch.where(torch.isfinite(diff), diff, torch.full_like(diff, float("inf")))
            bad = diff > TOLERANCE * scale
            union |= bad
            tiles_bad = bad.reshape(m // tm, tm, n // tn, tn).any(dim=3).any(dim=1).sum().item()
            same = "-" if first is None else str(bool(torch.equal(first, c)))
            first = c.clone() if first is None else first
            emit("run", kernel.name, shape, run, "%.3e" % (diff.max().item() / scale),
                 "%.5f" % bad.float().mean().item(), tiles_bad, same)
        rows, cols = union.nonzero(as_tuple=True)
        emit("rows", kernel.name, shape, bands(rows % tm, tm))
        emit("cols", kernel.name, shape, bands(cols % tn, tn))
    # Chunks of k, on one tile row: which chunk's products come out wrong.
    m, n, k = tm, 2 * tn, 64 * chunk_k
    torch.manual_seed(1)
    a_full = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(k, n, device="cuda", dtype=dtype)
    c = torch.empty(m, n, device="cuda", dtype=dtype)
    for index in (0, 1, 2, 3, 4, 5, 31, 62, 63):
        k0, k1 = index * chunk_k, (index + 1) * chunk_k
        a = torch.zeros_like(a_full)
        a[:, k0:k1] = a_full[:, k0:k1]
        ref = a.float() @ b.float()
        kernel(a, b, c)
        error = ((c.float() - ref).abs().max() / ref.abs().max()).item()
        emit("chunk", kernel.name, "%dx%dx%d" % (m, n, k), "%d:%d" % (k0, k1),
             "%.3e" % error)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bundle")
    parser.add_argument("--kernel", action="append", required=True)
    parser.add_argument("--cubin", action="append", default=[])
    parser.add_argument("--out", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shapes", default="512x512x768,1024x1024x1024,"
                        "4096x4096x64,4096x4096x512,4096x4096x4096")
    args = parser.parse_args()
    torch.cuda.init()
    driver = cuda_mod.Driver()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    with open(os.path.join(args.bundle, "bench.json")) as f:
        bundle = {k["id"]: k for k in json.load(f)["kernels"]}
    out = open(args.out, "a")

    def emit(*fields):
        line = "\t".join(str(f) for f in fields)
        print(line, flush=True)
        out.write(line + "\n")
        out.flush()

    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    kernels, dtype = [], None
    for spec in args.kernel:
        id_, _, system = spec.partition("@")
        entry = bundle[id_]
        dtype = DTYPES[entry["dtype"]]
        path = os.path.join(args.bundle, entry["systems"][system or "tilechain"]["cubin"])
        kernels.append((Kernel(driver, spec, path, entry["symbol"], entry["tile"],
                               entry["kind"] == "persistent_matmul", sms), dtype))
    first = bundle[args.kernel[0].partition("@")[0]]
    for spec in args.cubin:
        name, _, path = spec.partition("=")
        kernels.append((Kernel(driver, name, path, first["symbol"], first["tile"],
                               first["kind"] == "persistent_matmul", sms),
                        DTYPES[first["dtype"]]))
    for kernel, dtype in kernels:
        try:
            diagnose(kernel, dtype, shapes, 32, args.runs, emit)
        except Exception as exception:  # a fault loses the context: stop
            emit("error", kernel.name, type(exception).__name__, str(exception)[:200])
            raise


if __name__ == "__main__":
    main()
