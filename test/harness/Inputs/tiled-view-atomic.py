"""Runs cuTile's tiled-view atomic kernel (cutile-python
test_tiled_view_atomic, bytecode from cuTile 1.7) on the host backend: each
128x128 block reduces the second array's tile into the first array's, with
the kernel's atomic mode. Prints whether the first array holds numpy's
result and the second is unchanged."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cutile_host  # noqa: E402

bytecode, bin_dir, harness, first_type, second_type, mode, form = sys.argv[1:8]
rng = np.random.default_rng(3)


def values(dtype):
    if dtype.startswith("float"):
        return rng.uniform(-4, 4, size=(256, 256)).astype(dtype)
    return rng.integers(-1000, 1000, size=(256, 256)).astype(dtype)


first, second = values(first_type), values(second_type)
expected = {"add": np.add, "max": np.maximum}[mode](first, second.astype(first_type))
second_before = second.copy()
cutile_host.run(harness, bin_dir, bytecode, [first, second], (2, 2, 1), form)
print("%s %s %s %s: first %s, second %s" % (
    form, mode, first_type, second_type,
    "as numpy" if np.array_equal(first, expected) else "DIFFERS",
    "unchanged" if np.array_equal(second, second_before) else "CHANGED"))
