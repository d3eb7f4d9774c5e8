"""Runs vector_add__host from a host library over its grid and checks c = a + b."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host, manifest, inputs, params  # noqa: E402

library, n, tile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
array = "%%s:array[float32; shape=(%d); strides_elems=(1); -> params: x; base_div=16B]" % n
flat = ", ".join("%s.ptr:ptr<float32>, %s.shape[0]:int32, %s.stride[0]:int32" % (v, v, v)
                 for v in "abc")
spec = manifest.parse_row({
    "file": "vector_add", "symbol": "vector_add", "sm_arch": "sm_90",
    "arguments": " | ".join(array % v for v in "abc"), "kernel_params_flat": flat,
    "grid": "(%d, 1, 1)" % (n // tile), "numpy_reference": "c = a + b"})
arrays = inputs.allocate(spec, seed=3)
a, b = arrays["a"].values(), arrays["b"].values()
packed = params.pack(spec, {k: v.address for k, v in arrays.items()})
host.launch(library, spec.symbol, packed, spec.grid())
c = arrays["c"].view
if not np.array_equal(c, a + b):
    bad = np.flatnonzero(c != a + b)
    sys.exit("vector_add: %d elements differ, first at %d: %r != %r"
             % (bad.size, bad[0], c[bad[0]], (a + b)[bad[0]]))
print("vector_add: %d elements match numpy" % n)
