"""Runs the kernels of parallel-exchange-rounds.mlir from a host library over
one block each and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import check, exact, run

library = sys.argv[1]
rng = np.random.default_rng(41)

# A transpose moves every element; one left behind or written twice in a
# round is off by about 1 (or caught by the host's race check).
a = rng.uniform(-1, 1, (128, 256)).astype(np.float32)
b = np.zeros((256, 128), np.float32)
run(library, "transpose", a, b)
check("transpose", b, a.T, atol=0)

# f16 products are exact in f32 and sums of 16 of them in [-1, 1] stay
# within a few ulps; a misplaced element is off by about 1.
x = rng.uniform(-1, 1, (256, 16)).astype(np.float16)
y = rng.uniform(-1, 1, (16, 256)).astype(np.float16)
d = np.zeros((256, 256), np.float32)
run(library, "mma_permute", x, y, d)
check("mma permute", d, (0.5 + exact(x) @ exact(y)).T, atol=1e-3)

# Other element types and ranks, moved bit for bit.
a = rng.uniform(-1, 1, (256, 512)).astype(np.float16)
b = np.zeros((512, 256), np.float16)
run(library, "transpose_f16", a, b)
check("transpose f16", b, a.T, atol=0)
a = rng.uniform(-1, 1, (64, 64, 32)).astype(np.float32)
b = np.zeros((32, 64, 64), np.float32)
run(library, "permute3", a, b)
check("permute3", b, a.transpose(2, 0, 1), atol=0)
a = rng.integers(-128, 128, (512, 256)).astype(np.int8)
b = np.zeros((256, 512), np.int8)
run(library, "transpose_i8", a, b)
check("transpose i8", b, a.T, atol=0)
