"""Runs the kernels of parallel-mma-scaled.mlir from a host library over one
block each and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import (check, column_major, decode_fp8, finite_codes,
                        run as run_in)

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


def scales(shape):
    """e8m0 codes of 2^-8 .. 2^8 (the code is the exponent + 127)."""
    return rng.integers(127 - 8, 127 + 9, shape).astype(np.uint8)


def stretch(codes, size, axis):
    """Each block's scale repeated over its `size` consecutive k."""
    return np.repeat(2.0 ** (codes.astype(np.float64) - 127), size, axis)


def reference(a, b, sa, sb, acc):
    return acc + (a * stretch(sa, 32, 1)) @ (b * stretch(sb, 32, 0))


# Every scaled product is exact in bf16 and the products of two are exact
# in f32; the host sums them in f32, so a result is within a few f32 ulps of
# the largest partial sum. An element scaled by the wrong block's scale is
# off by at least a factor of 2 on that product.
rng = np.random.default_rng(29)
e4m3 = lambda c: c & 0x7F != 0x7F  # noqa: E731 (NaN codes left out)
e5m2 = lambda c: (c >> 2) & 0x1F != 0x1F  # noqa: E731 (inf and NaN)

a = finite_codes(rng, (128, 128), e4m3)
b = finite_codes(rng, (128, 128), e4m3)
sa, sb = scales((128, 4)), scales((4, 128))
d = np.zeros((128, 128), np.float32)
run("e4m3_128x128", a, column_major(b), sa, column_major(sb), d)
want = reference(decode_fp8(a, 3, 7), decode_fp8(b, 3, 7), sa, sb, 0.5)
check("e4m3 128x128", d, want, 1e-5 * np.abs(want).max())

# e5m2 reaches 57344: a third of its codes at most 2^-4 keeps the sums of
# 192 products of up to 2^16 x 2^8 each inside f32's range with room.
a = finite_codes(rng, (128, 192), e5m2)
b = finite_codes(rng, (192, 64), e5m2)
sa, sb = scales((128, 6)), scales((6, 64))
d = np.zeros((128, 64), np.float32)
run("e5m2_loop", a, column_major(b), sa, column_major(sb), d)
want = reference(decode_fp8(a, 2, 15), decode_fp8(b, 2, 15), sa, sb, 0.0)
check("e5m2 loop", d, want, 1e-5 * np.abs(want).max())

a = finite_codes(rng, (16, 64), e4m3)
b = finite_codes(rng, (64, 16), e4m3)
sa, sb = scales((16, 2)), scales((2, 16))
d = np.zeros((16, 16), np.float32)
run("e4m3_16x16", a, column_major(b), sa, column_major(sb), d)
want = reference(decode_fp8(a, 3, 7), decode_fp8(b, 3, 7), sa, sb, -1.0)
check("e4m3 16x16", d, want, 1e-5 * np.abs(want).max())

# A batch: each batch's rows, columns and scales apart.
a = finite_codes(rng, (2, 16, 64), e4m3)
b = finite_codes(rng, (2, 64, 16), e4m3)
sa, sb = scales((2, 16, 2)), scales((2, 2, 16))
d = np.zeros((2, 16, 16), np.float32)
run("e4m3_batch", a, np.ascontiguousarray(np.swapaxes(b, 1, 2)), sa,
    np.ascontiguousarray(np.swapaxes(sb, 1, 2)), d)
want = np.stack([reference(decode_fp8(a[i], 3, 7), decode_fp8(b[i], 3, 7),
                           sa[i], sb[i], 0.25) for i in range(2)])
check("e4m3 batch", d, want, 1e-5 * np.abs(want).max())


def swizzled(codes):
    """The corpus's swizzled scale layout of an (rows, k / 32) scale matrix:
    [rows / 128, k / 128, 32, 16], row r's scale of block kb at
    [r // 128, kb // 4, r % 32, (r % 128) // 32 * 4 + kb % 4]."""
    rows, blocks = codes.shape
    out = np.zeros((rows // 128, blocks // 4, 32, 16), np.uint8)
    r, kb = np.meshgrid(np.arange(rows), np.arange(blocks), indexing="ij")
    out[r // 128, kb // 4, r % 32, (r % 128) // 32 * 4 + kb % 4] = codes
    return out


# 256x256 in two column slices, each with its half of the rhs scales.
a = finite_codes(rng, (256, 256), e4m3)
b = finite_codes(rng, (256, 256), e4m3)
sa, sb = scales((256, 8)), scales((8, 256))
d = np.zeros((256, 256), np.float32)
run("e4m3_256x256_swizzled_scales", a, column_major(b), swizzled(sa),
    swizzled(np.ascontiguousarray(sb.T)), d)
want = reference(decode_fp8(a, 3, 7), decode_fp8(b, 3, 7), sa, sb, 0.125)
check("e4m3 256x256 swizzled scales", d, want, 1e-5 * np.abs(want).max())
