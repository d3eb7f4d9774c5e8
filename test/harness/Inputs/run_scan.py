"""Runs cumsum__host and reverse_rows__host from a host library over one
block each and checks their results against numpy."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host, params  # noqa: E402

library = sys.argv[1]


def run(symbol, a, b):
    """One block of `symbol`(a, b), both pointers."""
    packed = b"".join(params.pack_slot("ptr<int32>", array.ctypes.data)
                      for array in (a, b))
    host.launch(library, symbol, packed, (1, 1, 1))


def check(name, got, want, exact):
    same = np.array_equal(got, want) if exact else np.allclose(got, want, rtol=1e-4, atol=1e-4)
    if not same:
        bad = np.flatnonzero(~np.isclose(got, want, rtol=1e-4, atol=1e-4))
        sys.exit("%s: %d elements differ, first at %d: %r != %r"
                 % (name, bad.size, bad[0], got.flat[bad[0]], want.flat[bad[0]]))
    print("%s: %d elements match numpy" % (name, got.size))


rng = np.random.default_rng(5)
a = rng.uniform(-1, 1, 1024).astype(np.float32)
b = np.zeros(1024, np.float32)
run("cumsum", a, b)
check("cumsum", b, np.cumsum(a, dtype=np.float32), exact=False)

x = rng.integers(-100, 100, (16, 64)).astype(np.int32)
y = np.zeros((16, 64), np.int32)
run("reverse_rows", x, y)
check("reverse row cumsum", y, np.cumsum(x[:, ::-1], axis=1)[:, ::-1], exact=True)
