#!/usr/bin/env python3
"""Writes a handful of cuTile Python 1.7 kernels as Tile IR bytecode 13.5.

    PYTHON_WITH_CUDA_TILE utils/cutile-13.5-samples.py OUTDIR

cuTile's public export_kernel refuses 13.5 (a development version in 1.7),
but its compile_tile writes it without a GPU or a tileiras. The kernels
cover what 13.5 changed in the format: every entry carries optimization
hints and an argument-attribute array, debug subprograms carry flags, and
num_worker_warps may be any power of two up to 32, and
atomic_red_view_tko always carries its `inbounds` flags. Three more modules
use the multimem view ops (opcodes 123-125) on multicast pointers; cuTile
1.7 has no Python API for them, so they are written op by op with its
bytecode writer. The outputs are ours (test/Bytecode/Inputs/cutile-13.5/);
rerunning rewrites them byte for byte.
"""

import linecache
import math
import os
import sys
import types

import cuda.tile as ct
import cuda.tile._bytecode as bc
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


# cuTile 1.7's writer knows two pointer classifications, absent and `none`
# (PtrAttr.Default, 0); it writes whatever bytes the value holds, and
# NVIDIA's reader takes 2 for multicast.
MULTICAST = types.SimpleNamespace(_value_=b"\x02")


def multimem_module(elem, element_bytes, shape, tile, ops, dynamic=False):
    """One entry `multimem(%p: tile<ptr<elem, <multicast>>>, %n: tile<i32>)`
    over a tensor_view of `shape` (its first size `%n` when `dynamic`),
    partitioned into `tile`s, running `ops` at the tile of the block id; each
    op a dict: op ("load_reduce", "reduce", "store"), ordering, scope,
    reduction, inbounds, token (take the previous op's token, or a fresh one).
    The first load_reduce's values, else a zero tile, are reduced and stored.
    Every op gets its own line of a debug location."""
    buf = bytearray()
    with bc.write_bytecode(1, buf, BytecodeVersion.V_13_5) as w:
        tt, dt = w.type_table, w.debug_attr_table
        element = tt.simple(bc.SimpleType[elem])
        base = tt.tile(tt.pointer(element, MULTICAST), ())
        strides = [1] * len(shape)
        for d in range(len(shape) - 2, -1, -1):
            strides[d] = strides[d + 1] * shape[d + 1]
        view_shape = [bc.DYNAMIC_SHAPE] + shape[1:] if dynamic else shape
        tensor_view = tt.tensor_view(element, view_shape, strides, MULTICAST)
        partition = tt.partition_view(tile, tensor_view, range(len(shape)),
                                      bc.PaddingValue.Missing)
        data, i32, token = tt.tile(element, tile), tt.tile(tt.I32, ()), tt.Token
        file = dt.file("cutile_13_5_samples.py", "/tilechain")
        function = dt.subprogram(file, 1, "multimem", "multimem",
                                 dt.compile_unit(file), 1)

        def line(number):
            return dt.loc(function, "cutile_13_5_samples.py", number, 5)

        lines = iter(range(2, 100))
        with w.function("multimem", [base, i32], [], True, {},
                        line(1)) as fb:
            cb = fb.code_builder
            p, n = fb.parameters

            def at_next_line():
                return cb.debug_attr(line(next(lines)))

            with at_next_line():
                view = bc.encode_MakeTensorViewOp(
                    cb, tensor_view, p, [n] if dynamic else [], [])
            with at_next_line():
                view = bc.encode_MakePartitionViewOp(cb, partition, view)
            with at_next_line():
                block = bc.encode_GetTileBlockIdOp(cb, i32, i32, i32)
            index = list(block[:len(shape)])
            with at_next_line():
                values = bc.encode_ConstantOp(
                    cb, data, bytes(element_bytes * math.prod(tile)))
            last = None
            for op in ops:
                ordering = bc.MemoryOrderingSemantics[op["ordering"]]
                scope = op.get("scope")
                scope = scope and bc.MemoryScope[scope]
                inbounds = op.get("inbounds", [False] * len(shape))
                reduction = bc.MultimemReductionKind[op.get("reduction", "ADD")]
                with at_next_line():
                    after = None
                    if op.get("token"):
                        after = last or bc.encode_MakeTokenOp(cb, token)
                    if op["op"] == "load_reduce":
                        values, last = bc.encode_MultimemLoadReduceViewTkoOp(
                            cb, data, token, view, index, after, ordering,
                            scope, reduction, inbounds)
                    elif op["op"] == "reduce":
                        last = bc.encode_MultimemReduceViewTkoOp(
                            cb, token, view, values, index, after, ordering,
                            scope, reduction, inbounds)
                    else:
                        last = bc.encode_MultimemStoreViewTkoOp(
                            cb, token, view, values, index, after, ordering,
                            scope, inbounds)
            with at_next_line():
                bc.encode_ReturnOp(cb, [])
    return bytes(buf)


def multimem_samples():
    """(file stem, bytecode): an f32 all-reduce (load_reduce, then store the
    sum), i32 with the integer reductions, a dynamic size, tokens, inbounds
    and weak accesses, and 2-d f16 with an acquire min and a release store."""
    return [
        ("multimem_allreduce_f32", multimem_module("F32", 4, [256], [32], [
            {"op": "load_reduce", "ordering": "RELAXED", "scope": "DEVICE"},
            {"op": "store", "ordering": "RELAXED", "scope": "DEVICE",
             "token": True}])),
        ("multimem_i32", multimem_module("I32", 4, [128], [16], [
            {"op": "load_reduce", "ordering": "WEAK", "reduction": "UMAX",
             "inbounds": [True], "token": True},
            {"op": "reduce", "ordering": "RELEASE", "scope": "SYS",
             "reduction": "XOR", "token": True},
            {"op": "reduce", "ordering": "RELAXED", "scope": "TL_BLK",
             "reduction": "MIN", "inbounds": [True]},
            {"op": "store", "ordering": "WEAK", "inbounds": [True],
             "token": True}], dynamic=True)),
        ("multimem_f16_2d", multimem_module("F16", 2, [32, 64], [8, 16], [
            {"op": "load_reduce", "ordering": "ACQUIRE", "scope": "TL_BLK",
             "reduction": "MIN"},
            {"op": "reduce", "ordering": "RELAXED", "scope": "DEVICE",
             "token": True, "inbounds": [False, True]},
            {"op": "store", "ordering": "RELEASE", "scope": "DEVICE",
             "token": True}])),
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
    for stem, bytecode in multimem_samples():
        path = os.path.join(out_dir, stem + ".tileirbc")
        with open(path, "wb") as f:
            f.write(bytecode)
        print("%s: %d bytes" % (path, len(bytecode)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
