"""Runs e4m3__host and e5m2_k16__host from a host library over one block
each and checks their results against numpy, decoding the fp8 bytes."""
import sys

import numpy as np

from mma_runner import check, decode_fp8 as decode, finite_codes
from mma_runner import run as run_in

library = sys.argv[1]


def run(symbol, *arrays):
    run_in(library, symbol, *arrays)


# Each product of two fp8 values is exact in f32 and the host sums them in
# f32, so a result is within a few f32 (or, stored as f16, f16) ulps of the
# largest partial sum; a misplaced fragment element is off by far more.
rng = np.random.default_rng(12)
# e4m3: the codes with all exponent and mantissa bits set are NaN.
a = finite_codes(rng, (32, 64), lambda c: c & 0x7F != 0x7F)
b = finite_codes(rng, (64, 16), lambda c: c & 0x7F != 0x7F)
d = np.zeros((32, 16), np.float32)
run("e4m3", a, b, d)
want = 0.5 + decode(a, 3, 7) @ decode(b, 3, 7)
check("e4m3", d, want, 1e-5 * np.abs(want).max())

# e5m2: an all-ones exponent is an infinity or a NaN.
x = finite_codes(rng, (16, 16), lambda c: (c >> 2) & 0x1F != 0x1F)
y = finite_codes(rng, (16, 16), lambda c: (c >> 2) & 0x1F != 0x1F)
z = np.zeros((16, 16), np.float16)
run("e5m2_k16", x, y, z)
# Keep the sums inside f16's range: rows and columns of small magnitude.
want = -1.5 + decode(x, 2, 15) @ decode(y, 2, 15)
finite = np.abs(want) < 60000
check("e5m2 k16", np.where(finite, z.astype(np.float64), 0),
      np.where(finite, want, 0), 1e-3 * np.abs(np.where(finite, want, 0)).max())
