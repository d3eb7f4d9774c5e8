"""Runs the kernels of parallel-mma-sync.mlir from a host library over one
block each and checks their results against numpy."""
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

# f16 products are exact in f32 and the sums of 64 of them in [-1, 1] stay
# within a few ulps; a misplaced element is off by about 1.
p = rng.uniform(-1, 1, (24, 64)).astype(np.float16)
q = np.zeros((64, 24), np.float16)
q[:, :20] = rng.uniform(-1, 1, (64, 20))
q[:, 20:] = 100  # row padding: outside the view, must not be read
out = np.zeros((32, 32), np.float32)
run("f16_rows", p, q, out)
expected = np.full((32, 32), 0.25)
expected[:24, :20] += p.astype(np.float64) @ q[:, :20].astype(np.float64)
check("f16 rows", out, expected, atol=1e-3)

g = rng.uniform(-1, 1, (32, 64)).astype(np.float16)
h = rng.uniform(-1, 1, (64, 16)).astype(np.float16)
out = np.zeros((32, 16), np.float32)
run("f16_columns", np.asfortranarray(g).ravel(order="K"),
    np.asfortranarray(h).ravel(order="K"), out)
check("f16 columns", out, -1 + g.astype(np.float64) @ h.astype(np.float64),
      atol=1e-3)

e = rng.uniform(-1, 1, (2, 16, 64)).astype(np.float16)
f = rng.uniform(-1, 1, (64, 16)).astype(np.float16)
out = np.zeros((16, 16), np.float32)
run("f16_batch", e, f, out)
check("f16 batch", out, 2 + e[1].astype(np.float64) @ f.astype(np.float64),
      atol=1e-3)

g2 = rng.uniform(-1, 1, (16, 192)).astype(np.float16)
h2 = rng.uniform(-1, 1, (192, 16)).astype(np.float16)
out = np.zeros((16, 16), np.float32)
run("f16_loop", g2, h2, out)
check("f16 loop", out, 0.5 + g2.astype(np.float64) @ h2.astype(np.float64),
      atol=2e-3)

s8 = rng.integers(-128, 128, (16, 16)).astype(np.int8)
t8 = rng.integers(-128, 128, (16, 16)).astype(np.int8)
w = np.zeros((16, 16), np.int32)
run("int8_k16_copied", s8, np.ascontiguousarray(t8.T), w)
check("int8 k16 copied", w, 5 + s8.astype(np.int64) @ t8.astype(np.int64),
      atol=0)

# 8-row results: a misplaced or unread row of the lhs is off by about 1.
a8 = rng.uniform(-1, 1, (8, 64)).astype(np.float16)
b8 = rng.uniform(-1, 1, (64, 32)).astype(np.float16)
out = np.zeros((8, 32), np.float32)
sums = np.zeros(8, np.float32)
run("f16_eight_rows", a8, b8, out, sums)
product = 0.75 + a8.astype(np.float64) @ b8.astype(np.float64)
check("f16 eight rows", out, product, atol=1e-3)
check("f16 eight row sums", sums, product.sum(axis=1), atol=1e-2)

c8 = rng.uniform(-1, 1, (8, 64)).astype(np.float16)
d8 = rng.uniform(-1, 1, (64, 16)).astype(np.float16)
out = np.zeros((8, 16), np.float32)
run("f16_eight_columns", np.asfortranarray(c8).ravel(order="K"), d8, out)
check("f16 eight columns", out,
      -0.5 + c8.astype(np.float64) @ d8.astype(np.float64), atol=1e-3)

i8a = rng.integers(-128, 128, (8, 32)).astype(np.int8)
i8b = rng.integers(-128, 128, (32, 8)).astype(np.int8)
w = np.zeros((8, 8), np.int32)
run("int8_eight_rows", i8a, i8b, w)
check("int8 eight rows", w, 11 + i8a.astype(np.int64) @ i8b.astype(np.int64),
      atol=0)
