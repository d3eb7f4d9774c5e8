"""Runs the kernels of split-accumulators.mlir from a host library over one
block each and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import as_bf16, bf16_values, check, exact, run as run_in

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


rng = np.random.default_rng(256)
# The tile at column block 1 of a 250x500 result (rows 250-255 and columns
# 500-511 outside it), K = 128 in two chunks: each column slice must land
# on its own columns, in bounds, and leave the others alone. The f32 sums
# of 128 products in [-1, 1], rounded to f16 once: within an f16 ulp of
# values up to 16 (2^-6) plus the sum's own error.
a = rng.uniform(-1, 1, (250, 128)).astype(np.float16)
b = rng.uniform(-1, 1, (128, 500)).astype(np.float16)
d = np.zeros((250, 500), np.float16)
run("f16_columns_of_block_1", a, b, d)
want = np.zeros((250, 500))
want[:, 256:] = 0.5 + exact(a) @ exact(b[:, 256:])
check("f16 columns of block 1", d.astype(np.float64), want, atol=2e-2)

# A batch of one through unit-dim reshapes, i8 into i32: exact.
x = rng.integers(-128, 128, (1, 256, 64)).astype(np.int8)
y = rng.integers(-128, 128, (1, 64, 256)).astype(np.int8)
z = np.zeros((1, 256, 256), np.int32)
run("i8_batch_of_one", x, y, z)
check("i8 batch of one", z, 3 + x[0].astype(np.int64) @ y[0].astype(np.int64),
      atol=0)

# Two column blocks in a loop that carries the stores' token, bf16: the
# first block's slices must not be overwritten by the second's.
a = bf16_values(rng, (256, 64))
b = bf16_values(rng, (64, 512))
d = np.zeros((256, 512), np.float32)
run("persistent_over_two_blocks", as_bf16(a), as_bf16(b), d)
check("persistent over two blocks", d, -1 + exact(a) @ exact(b), atol=1e-3)
