"""Checks utils/tile-gen-check.py's comparison of serial and parallel
outputs and its host runs in a child process (crash, hang, results)."""
import importlib.util
import os
import struct
import sys

import numpy as np

root = os.path.join(os.path.dirname(__file__), "..", "..", "..")
spec = importlib.util.spec_from_file_location(
    "tile_gen_check", os.path.join(root, "utils", "tile-gen-check.py"))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def meta(dtype, free_order=None):
    return {"arrays": [{"name": "a0", "dtype": dtype, "role": "out",
                        "free_order": free_order}]}


def compare(dtype, serial, parallel, free_order=None):
    s = np.asarray(serial, dtype=check.dtypes.storage_dtype(dtype)).tobytes()
    p = np.asarray(parallel, dtype=check.dtypes.storage_dtype(dtype)).tobytes()
    problem, tolerant = check.compare(meta(dtype, free_order), {"a0": s}, {"a0": p})
    print("%s %s: %s%s" % (dtype, "free" if free_order else "exact",
                           problem or "same", " (tolerance)" if tolerant else ""))


compare("int32", [1, 2, 3], [1, 2, 3])
compare("int32", [1, 2, 3], [1, 5, 3])
nan_a = struct.unpack("<f", struct.pack("<I", 0x7FC00000))[0]
nan_b = struct.unpack("<f", struct.pack("<I", 0xFFC00001))[0]
compare("float32", [nan_a, 1.0], [nan_b, 1.0])
compare("float32", [0.0, 1.0], [-0.0, 1.0])
compare("float32", [100.0, 1.0], [100.0, 1.0 + 1e-3], "floating-point reduce of 16 f32 terms")
compare("float32", [100.0, 1.0], [100.0, 1.5], "floating-point reduce of 16 f32 terms")
compare("bfloat16", [0x3F80], [0x3F81], "floating-point mma of 16 f32 terms")
# A sum run in f32 and stored as f64 is only as close as f32 allows.
compare("float64", [0.1965823620557785], [0.19658470153808594],
        "floating-point reduce of 128 f32 terms")
compare("float64", [0.1965823620557785], [0.19658470153808594],
        "floating-point reduce of 128 f64 terms")
# A long bf16 sum may move by many steps; a short one may not.
compare("bfloat16", [0x4500], [0x4540], "floating-point reduce of 1024 bf16 terms")
compare("bfloat16", [0x4500], [0x4540], "floating-point reduce of 16 bf16 terms")

library = sys.argv[1]
out = np.zeros(4, dtype=np.int32)
hang_meta = {"kernel": "hang", "grid": [1, 1, 1], "params": [], "arrays": [],
             "scalars": {}}
check.RUN_TIMEOUT = 2
for kernel in ("crash", "hang"):
    print("%s: %s" % (kernel, check.run_host(library, dict(hang_meta, kernel=kernel), 0)[1]))
stores = {"kernel": "stores", "grid": [1, 1, 1], "params": [["a0.ptr", "ptr<int32>"]],
          "arrays": [{"name": "a0", "dtype": "int32", "shape": [4], "role": "out"}],
          "scalars": {}}
outputs, problem = check.run_host(library, stores, 0)
print("stores: %s %s" % (np.frombuffer(outputs["a0"], dtype=np.int32).tolist(), problem))
