"""Runs cuTile's argmax/argmin over a whole 512x128 tile (cutile-python
test_reduce_argmaxmin_all_axes, keepdims, bytecode from cuTile 1.7) on the
host backend, on values whose extreme occurs twice: the kernel must give
the first flat index of it, as numpy does."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cutile_host  # noqa: E402

bytecode, bin_dir, harness, dtype, op = sys.argv[1:6]
rng = np.random.default_rng(7)
if dtype == "int8":
    x = rng.integers(-100, 100, size=(512, 128)).astype(np.int8)
else:
    x = rng.uniform(-1, 1, size=(512, 128)).astype(dtype)
step = (1 if op == "argmax" else -1) * (1 if dtype == "int8" else 0.5)
flat = x.reshape(-1)
flat[[40000, 9000]] = (x.max() if op == "argmax" else x.min()) + step
out = np.full((1, 1), -1, dtype=np.int32)
cutile_host.run(harness, bin_dir, bytecode, [x, out], (1, 1, 1))
print("%s %s: index %d, numpy %d" % (op, dtype, out[0, 0], getattr(np, op)(flat)))
