"""Runs the kernels of parallel-wgmma.mlir from a host library over one
block each and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import (as_bf16, bf16_values, check, column_major, exact,
                        run as run_in)

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


rng = np.random.default_rng(90)
# f16 and bf16 products are exact in f32 and sums of up to 192 of them in
# [-1, 1] stay within a few ulps of numpy's; an element read from the wrong
# row, column or swizzle slot is off by about 1.
a = rng.uniform(-1, 1, (64, 128)).astype(np.float16)
b = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
d = np.zeros((64, 64), np.float32)
run("f16_k_contiguous", a, column_major(b), d)
check("f16 k contiguous", d, 0.5 + exact(a) @ exact(b), atol=1e-3)

a = rng.uniform(-1, 1, (120, 64)).astype(np.float16)
b = np.full((64, 104), 100, np.float16)  # columns 100-103: outside the view
b[:, :100] = rng.uniform(-1, 1, (64, 100))
d = np.zeros((128, 128), np.float32)
run("f16_row_major_b", a, b, d)
want = np.full((128, 128), 0.25)
want[:120, :100] += exact(a) @ exact(b[:, :100])
check("f16 row-major b", d, want, atol=1e-3)

a = rng.uniform(-1, 1, (128, 192)).astype(np.float16)
b = rng.uniform(-1, 1, (192, 128)).astype(np.float16)
d = np.zeros((128, 128), np.float32)
run("f16_loop_copied", a, b, d)
check("f16 loop copied", d, 0.5 + exact(a) @ exact(b), atol=2e-3)

a = rng.uniform(-1, 1, (128, 192)).astype(np.float16)
b = rng.uniform(-1, 1, (192, 256)).astype(np.float16)
d = np.zeros((128, 256), np.float32)
run("f16_nested_loops", a, b, d)
check("f16 nested loops", d, 0.5 + exact(a) @ exact(b), atol=2e-3)

a = rng.uniform(-1, 1, (64, 192)).astype(np.float16)
b = rng.uniform(-1, 1, (192, 64)).astype(np.float16)
d = np.zeros((64, 64), np.float32)
run("f16_loop_written", a, b, d)
check("f16 loop written", d, -0.5 + exact(a) @ exact(b), atol=2e-3)

# bf16 has 8 significant bits: inputs it holds exactly.
a = bf16_values(rng, (64, 64))
b = bf16_values(rng, (64, 64))
d = np.zeros((64, 64), np.float32)
run("bf16_columns", as_bf16(column_major(a)), as_bf16(column_major(b)), d)
check("bf16 columns", d, -1 + exact(a) @ exact(b), atol=1e-3)

# tf32 keeps 10 of f32's 23 mantissa bits: sums of 32 products of inputs in
# [-1, 1] are off by well under 0.05; a misplaced element by about 1.
a = rng.uniform(-1, 1, (64, 32)).astype(np.float32)
b = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
d = np.zeros((64, 32), np.float32)
run("tf32", a, b, d)
check("tf32", d, 0.5 + exact(a) @ exact(b), atol=0.05)

x = rng.integers(-128, 128, (64, 64)).astype(np.int8)
y = rng.integers(0, 256, (64, 64)).astype(np.uint8)
z = np.zeros((64, 64), np.int32)
run("int8", x, column_major(y).view(np.int8), z)
check("int8", z, 7 + x.astype(np.int64) @ y.astype(np.int64), atol=0)

# The f16 result: the f32 sum rounded once, within half an f16 ulp of
# values up to about 16 (2^-7), plus the sum's own error.
a = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
b = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
d = np.zeros((64, 64), np.float16)
run("f16_negated_f16_acc", a, column_major(b), d)
check("f16 negated, f16 accumulator", d.astype(np.float64),
      2 - exact(a) @ exact(b), atol=1e-2)

# P is S rounded to f16; numpy's S and the host's may round differently
# where S sits on a tie (one f16 ulp of |S| < 8, 2^-8), well under 0.05 in
# O; an element read from the wrong lane or register is off by about 1.
q = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
k = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
v = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
o = np.zeros((128, 64), np.float32)
run("attention_like", q, k, v, o)
p16 = (exact(q) @ exact(k).T).astype(np.float16)
check("attention-like", o, 1 + exact(p16) @ exact(v), atol=0.05)

# A result of more than half the shared memory, stored by TMA in slabs.
a = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
b = rng.uniform(-1, 1, (64, 256)).astype(np.float16)
d = np.zeros((128, 256), np.float32)
run("f32_wide_store", a, b, d)
check("f32 wide store", d, 0.5 + exact(a) @ exact(b), atol=1e-3)
