"""Runs tf32__host, int8__host and int8_k16__host from a host library over one block each
and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import check, run as run_in

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


rng = np.random.default_rng(10)
# tf32 keeps 10 of f32's 23 mantissa bits: a product is off by up to 2^-10
# relative, a sum of 32 products of inputs in [-1, 1] by well under 0.05; a
# misplaced fragment element is off by about 1.
a = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
b = rng.uniform(-1, 1, (32, 16)).astype(np.float32)
d = np.zeros((32, 16), np.float32)
run("tf32", a, b, d)
check("tf32", d, 0.5 + a.astype(np.float64) @ b.astype(np.float64), atol=0.05)

x = rng.integers(-128, 128, (32, 64)).astype(np.int8)
y = rng.integers(0, 256, (64, 16)).astype(np.uint8)
z = np.zeros((32, 16), np.int32)
run("int8", x, y.view(np.int8), z)
check("int8", z, 7 + x.astype(np.int64) @ y.astype(np.int64), atol=0)

u = rng.integers(0, 256, (16, 16)).astype(np.uint8)
v = rng.integers(-128, 128, (16, 16)).astype(np.int8)
w = np.zeros((16, 16), np.int32)
run("int8_k16", u.view(np.int8), v, w)
check("int8 k16", w, -3 + u.astype(np.int64) @ v.astype(np.int64), atol=0)
