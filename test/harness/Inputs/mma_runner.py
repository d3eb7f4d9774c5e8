"""What the mma.sync host tests share: launching one block of a kernel whose
parameters are all pointers, and comparing its result with numpy's."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host, params  # noqa: E402


def run(library, symbol, *arrays):
    """One block of `symbol`(arrays...), all pointers."""
    packed = b"".join(params.pack_slot("ptr<int32>", array.ctypes.data)
                      for array in arrays)
    host.launch(library, symbol, packed, (1, 1, 1))


def check(name, got, want, atol):
    """Exits naming the first element further than `atol` from numpy's."""
    bad = np.flatnonzero(~np.isclose(got, want, rtol=0, atol=atol))
    if bad.size:
        sys.exit("%s: %d elements differ, first at %d: %r != %r"
                 % (name, bad.size, bad[0], got.flat[bad[0]], want.flat[bad[0]]))
    print("%s: %d elements match numpy" % (name, got.size))
