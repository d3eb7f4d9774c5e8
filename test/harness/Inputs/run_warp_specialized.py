"""Runs the kernels of parallel-warp-specialized.mlir from a host library
and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import check, exact
from tilechain_harness import host, params

library = sys.argv[1]


def run(symbol, grid, *arrays):
    packed = b"".join(params.pack_slot("ptr<int32>", array.ctypes.data)
                      for array in arrays)
    host.launch(library, symbol, packed, grid)


rng = np.random.default_rng(42)
a = rng.uniform(-1, 1, (256, 512)).astype(np.float16)
b = rng.uniform(-1, 1, (512, 128)).astype(np.float16)
d = np.zeros((256, 128), np.float32)
run("four_consumer_warps", (2, 1, 1), a, b, d)
check("four consumer warps", d, 0.5 + exact(a) @ exact(b), atol=4e-3)

a = rng.uniform(-1, 1, (256, 256)).astype(np.float16)
b = rng.uniform(-1, 1, (256, 256)).astype(np.float16)
d = np.zeros((256, 256), np.float32)
run("eight_consumer_warps", (2, 1, 1), a, b, d)
check("eight consumer warps", d, exact(a) @ exact(b), atol=2e-3)

a = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
b = rng.uniform(-1, 1, (128, 128)).astype(np.float16)
d = np.zeros((64, 128), np.float32)
run("written_operand", (1, 1, 1), a, b, d)
check("written operand", d, -(exact(a) @ exact(b)), atol=2e-3)
