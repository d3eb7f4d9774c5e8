"""Runs the kernels of parallel-tcgen05.mlir from a host library over one
block each and checks their results against numpy."""
import sys

import numpy as np

from mma_runner import (as_bf16, bf16_values, check, column_major, exact,
                        run as run_in, tf32_values)

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


rng = np.random.default_rng(100)
# f16 and bf16 products are exact in f32 and sums of up to 192 of them in
# [-1, 1] stay within a few ulps of numpy's; an element read from the wrong
# row, column, lane or swizzle slot is off by about 1.
a = rng.uniform(-1, 1, (128, 128)).astype(np.float16)
b = rng.uniform(-1, 1, (128, 128)).astype(np.float16)
d = np.zeros((128, 128), np.float32)
run("f16_k_contiguous", a, column_major(b), d)
check("f16 k contiguous", d, 0.5 + exact(a) @ exact(b), atol=1e-3)

a = rng.uniform(-1, 1, (250, 64)).astype(np.float16)
b = np.full((64, 104), 100, np.float16)  # columns 100-103: outside the view
b[:, :100] = rng.uniform(-1, 1, (64, 100))
d = np.full((256, 128), 7, np.float32)
run("f16_two_row_blocks", a, b, d)
want = np.zeros((256, 128))
want[:250, :100] = exact(a) @ exact(b[:, :100])
check("f16 two row blocks", d, want, atol=1e-3)

# bf16 has 8 significant bits: inputs it holds exactly.
a = bf16_values(rng, (128, 16))
b = bf16_values(rng, (16, 16))
d = np.zeros((128, 16), np.float32)
run("bf16_four_warps", as_bf16(a), as_bf16(column_major(b)), d)
check("bf16 four warps", d, -1 + exact(a) @ exact(b), atol=1e-3)

x = rng.integers(-128, 128, (128, 64)).astype(np.int8)
y = rng.integers(0, 256, (64, 64)).astype(np.uint8)
z = np.zeros((128, 64), np.int32)
run("int8", x, column_major(y).view(np.int8), z)
check("int8", z, 7 + x.astype(np.int64) @ y.astype(np.int64), atol=0)

a = rng.uniform(-1, 1, (128, 192)).astype(np.float16)
b = rng.uniform(-1, 1, (192, 128)).astype(np.float16)
d = np.zeros((128, 128), np.float32)
run("f16_loop_copied", a, b, d)
check("f16 loop copied", d, 0.5 + exact(a) @ exact(b), atol=2e-3)

a = rng.uniform(-1, 1, (256, 64)).astype(np.float16)
b = rng.uniform(-1, 1, (64, 256)).astype(np.float16)
d = np.zeros((256, 256), np.float32)
run("f16_wide_loop", a, column_major(b), d)
check("f16 wide loop", d, exact(a) @ exact(b), atol=1e-3)


a = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
b = rng.uniform(-1, 1, (64, 256)).astype(np.float16)
d = np.zeros((64, 256), np.float32)
run("f16_sixty_four_rows", a, column_major(b), d)
check("f16 sixty-four rows", d, 0.25 + exact(a) @ exact(b), atol=1e-3)


# tf32 keeps 10 bits of mantissa: inputs it holds exactly.
a = tf32_values(rng, (64, 128))
b = tf32_values(rng, (128, 64))
d = np.zeros((64, 64), np.float32)
run("tf32_sixty_four_rows_loop", a, b, d)
check("tf32 sixty-four rows loop", d, exact(a) @ exact(b), atol=1e-3)

a = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
b = rng.uniform(-1, 1, (64, 512)).astype(np.float16)
d = np.zeros((128, 512), np.float32)
run("f16_wide_columns_loop", a, column_major(b), d)
check("f16 wide columns loop", d, exact(a) @ exact(b), atol=1e-3)

# Sums of 128 products stay under 16 in magnitude, where an f16 ulp is
# 2^-6: the host's f32 sum and numpy's round to f16 at most an ulp apart.
a = rng.uniform(-1, 1, (256, 128)).astype(np.float16)
b = rng.uniform(-1, 1, (128, 256)).astype(np.float16)
d = np.zeros((256, 256), np.float16)
run("f16_store_by_slab", a, b, d)
check("f16 store by slab", d, (exact(a) @ exact(b)).astype(np.float16),
      atol=2 ** -6)

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

q = rng.uniform(-1, 1, (64, 64)).astype(np.float16)
o = np.zeros((64, 64), np.float32)
run("attention_sixty_four_rows", q, k, v, o)
p16 = (exact(q) @ exact(k).T).astype(np.float16)
check("attention sixty-four rows", o, 1 + exact(p16) @ exact(v), atol=0.05)
