"""Runs cuTile's offset_atomic_cas_with_mask (cutile-python
test_atomic_offset_cas_mask, bytecode from cuTile 1.7) on the host backend:
x = 0, expected = -1, desired = 1, 512 elements, the mask true for the
first 256. Prints the distinct results of each half and what x holds."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cutile_host  # noqa: E402

bytecode, bin_dir, harness, form = sys.argv[1:5]
n = 512
x, expected, desired, result = (np.full(n, v, dtype=np.int32) for v in (0, -1, 1, 7))
cutile_host.run(harness, bin_dir, bytecode, [x, expected, desired, result],
                (n // 128, 1, 1), form)
print("%s: masked-in results %s, masked-off results %s, x %s" % (
    form, sorted(set(result[:n // 2].tolist())), sorted(set(result[n // 2:].tolist())),
    sorted(set(x.tolist()))))
