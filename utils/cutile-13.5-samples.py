#!/usr/bin/env python3
"""Writes a handful of cuTile Python 1.7 kernels as Tile IR bytecode 13.5.

    PYTHON_WITH_CUDA_TILE utils/cutile-13.5-samples.py OUTDIR

cuTile's public export_kernel refuses 13.5 (a development version in 1.7),
but its compile_tile writes it without a GPU or a tileiras. The kernels
cover what 13.5 changed in the format: every entry carries optimization
hints and an argument-attribute array, debug subprograms carry flags, and
num_worker_warps may be any power of two up to 32, and
atomic_red_view_tko always carries its `inbounds` flags. The outputs are ours
(test/Bytecode/Inputs/cutile-13.5/); rerunning rewrites them byte for byte.
"""

import linecache
import os
import sys

import cuda.tile as ct
from cuda.tile._bytecode.version import BytecodeVersion
from cuda.tile._compile import compile_tile
from cuda.tile.compilation import (ArrayConstraint, CallingConvention,
                                   KernelSignature, ScalarConstraint)

# The kernels live in a source string with a fixed file name, so that the
# debug info in the bytecode does not depend on where this checkout is.
SOURCE_NAME = "/tilechain/cutile_13_5_samples.py"
SOURCE = '''
import cuda.tile as ct

TILE = 64


@ct.kernel
def vector_add(a, b, c):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


@ct.kernel
def matmul(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int],
           tk: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
        x = ct.load(a, index=(bm, k), shape=(tm, tk))
        y = ct.load(b, index=(k, bn), shape=(tk, tn))
        acc = ct.mma(x, y, acc)
    ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


@ct.kernel
def row_sum(x, out, tn: ct.Constant[int]):
    row = ct.bid(0)
    tile = ct.load(x, index=(row, 0), shape=(1, tn))
    ct.store(out, index=(row,), tile=ct.sum(tile, axis=1))


@ct.kernel(num_worker_warps=2, num_ctas=2, occupancy=2)
def scale_hinted(x, y, alpha):
    bid = ct.bid(0)
    tile = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=tile * alpha)


@ct.kernel
def histogram_add(x, bins):
    bid = ct.bid(0)
    tile = ct.load(x, index=(bid,), shape=(TILE,))
    bins.tiled_view((TILE,)).atomic_store_add((0,), tile)


@ct.kernel(num_worker_warps=16)
def relu_sixteen_warps(x, y):
    bid = ct.bid(0)
    tile = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=ct.where(tile > 0, tile, 0))
'''


def load_kernels():
    linecache.cache[SOURCE_NAME] = (len(SOURCE), None,
                                    SOURCE.splitlines(True), SOURCE_NAME)
    namespace = {"__name__": "cutile_13_5_samples"}
    exec(compile(SOURCE, SOURCE_NAME, "exec"), namespace)
    return namespace


def array(dtype, ndim):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32,
                           stride_lower_bound_incl=0, alias_groups=(),
                           may_alias_internally=False)


def samples(k):
    """(file stem, kernel, parameter constraints, target or None)."""
    f32, f16 = ct.float32, ct.float16
    return [
        ("vector_add", k["vector_add"], [array(f32, 1)] * 3, None),
        ("matmul_f16", k["matmul"],
         [array(f16, 2), array(f16, 2), array(f16, 2), 64, 64, 32], None),
        ("row_sum", k["row_sum"], [array(f32, 2), array(f32, 1), 128], None),
        ("atomic_red_view", k["histogram_add"], [array(f32, 1)] * 2, None),
        ("scale_hinted_sm_100", k["scale_hinted"],
         [array(f32, 1), array(f32, 1), ScalarConstraint(f32)], "sm_100"),
        ("relu_sixteen_warps_sm_120", k["relu_sixteen_warps"],
         [array(f32, 1)] * 2, "sm_120"),
    ]


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for stem, kernel, params, target in samples(load_kernels()):
        signature = KernelSignature(params, CallingConvention.cutile_python_v1())
        result = compile_tile(kernel._annotated_function, [signature],
                              sm_arch=target,
                              compiler_options=kernel._compiler_options,
                              bytecode_version=BytecodeVersion.V_13_5,
                              return_bytecode=True, return_cubin=False)
        path = os.path.join(out_dir, stem + ".tileirbc")
        with open(path, "wb") as f:
            f.write(result.bytecode)
        print("%s: %d bytes" % (path, len(result.bytecode)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
