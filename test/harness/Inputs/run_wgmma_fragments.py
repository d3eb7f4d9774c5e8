"""Runs the kernel of parallel-wgmma-fragments.mlir from a host library over
one block and checks its result against numpy."""
import sys

import numpy as np

from mma_runner import check, run

rng = np.random.default_rng(3)
# f16 products are exact in f32 and sums of 128 of them in [-1, 1] stay
# within a few ulps; a misplaced fragment element is off by about 1.
p = rng.uniform(-1, 1, (128, 128)).astype(np.float16)
v = rng.uniform(-1, 1, (128, 64)).astype(np.float16)
o = np.zeros((128, 64), np.float32)
run(sys.argv[1], "loaded_lhs", p, v, o)
check("fragments from a load", o, p.astype(np.float64) @ v.astype(np.float64),
      atol=2e-2)
