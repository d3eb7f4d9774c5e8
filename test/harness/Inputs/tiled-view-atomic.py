"""Runs cuTile's tiled-view atomic kernel (cutile-python
test_tiled_view_atomic, bytecode from cuTile 1.7) on the host backend: each
128x128 block reduces the second array's tile into the first array's, with
the kernel's atomic mode. Prints whether the first array holds numpy's
result and the second is unchanged."""
import ctypes
import struct
import subprocess
import sys
import tempfile

import numpy as np

bytecode, bin_dir, harness, first_type, second_type, mode, form = sys.argv[1:8]
sys.path.insert(0, harness)
from tilechain_harness import host  # noqa: E402

rng = np.random.default_rng(3)


def values(dtype):
    if dtype.startswith("float"):
        return rng.uniform(-4, 4, size=(256, 256)).astype(dtype)
    return rng.integers(-1000, 1000, size=(256, 256)).astype(dtype)


first, second = values(first_type), values(second_type)
expected = {"add": np.add, "max": np.maximum}[mode](
    first, second.astype(first_type))
second_before = second.copy()
symbol = next(line.split("@")[1].split("(")[0] for line in
              subprocess.run([bin_dir + "/tile-read", bytecode], capture_output=True,
                             text=True).stdout.splitlines() if "entry @" in line)


def slots(array):
    return (struct.pack("<Q", array.ctypes.data)
            + b"".join(struct.pack("<i", v).ljust(8, b"\0") for v in array.shape)
            + b"".join(struct.pack("<i", s // array.itemsize).ljust(8, b"\0")
                       for s in array.strides))


with tempfile.TemporaryDirectory() as work:
    library = host.compile_host(bytecode, work, bin_dir, tile_form=form)
    host.launch(library, symbol, slots(first) + slots(second), (2, 2, 1))
print("%s %s %s %s: first %s, second %s" % (
    form, mode, first_type, second_type,
    "as numpy" if np.array_equal(first, expected) else "DIFFERS",
    "unchanged" if np.array_equal(second, second_before) else "CHANGED"))
