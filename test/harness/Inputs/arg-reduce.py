"""Runs cuTile's argmax/argmin over a whole 512x128 tile (cutile-python
test_reduce_argmaxmin_all_axes, keepdims, bytecode from cuTile 1.7) on the
host backend, on values whose extreme occurs twice: the kernel must give
the first flat index of it, as numpy does. Prints the kernel's shape on
the host (threads) and the index against numpy's."""
import ctypes
import struct
import sys
import tempfile

import numpy as np

bytecode, bin_dir, harness, dtype, op = sys.argv[1:6]
sys.path.insert(0, harness)
from tilechain_harness import host  # noqa: E402

rng = np.random.default_rng(7)
if dtype == "int8":
    x = rng.integers(-100, 100, size=(512, 128)).astype(np.int8)
else:
    x = rng.uniform(-1, 1, size=(512, 128)).astype(dtype)
extreme = (x.max() if op == "argmax" else x.min())
flat = x.reshape(-1)
flat[[40000, 9000]] = extreme + (1 if op == "argmax" else -1) * (1 if dtype == "int8" else 0.5)
expected = int(getattr(np, op)(flat))
out = np.full((1, 1), -1, dtype=np.int32)
symbol = next(line.split("@")[1].split("(")[0] for line in
              __import__("subprocess").run([bin_dir + "/tile-read", bytecode],
                                           capture_output=True, text=True).stdout.splitlines()
              if "entry @" in line)


def slots(array):
    return (struct.pack("<Q", array.ctypes.data)
            + b"".join(struct.pack("<i", v).ljust(8, b"\0") for v in array.shape)
            + b"".join(struct.pack("<i", s // array.itemsize).ljust(8, b"\0")
                       for s in array.strides))


with tempfile.TemporaryDirectory() as work:
    library = host.compile_host(bytecode, work, bin_dir, tile_form="parallel")
    host.launch(library, symbol, slots(x) + slots(out), (1, 1, 1))
print("%s %s: index %d, numpy %d" % (op, dtype, out[0, 0], expected))
