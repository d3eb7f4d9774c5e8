#!/usr/bin/env python3
"""cuTile Python's TileIR dump with tilechain's tileiras first on PATH.

    PYTHON_WITH_CUDA_TILE cutile-tileir-dump.py SCRIPTS_DIR DUMP_DIR VERSION

With CUDA_TILE_DUMP_TILEIR=DUMP_DIR and CUDA_TILE_LOGS=TILEIR, cuTile writes a
kernel's bytecode, runs `tileirdisasm` from the directory of the `tileiras`
it found, and writes its stdout to DUMP_DIR/*.tileir and to stderr. Only
bytecode is asked for (return_cubin=False), so no GPU, ptxas or driver is
involved. cuTile prefers NVIDIA's pip tileiras over PATH when that package is
installed; the script hides it, as on a machine where tilechain is the only
tileiras, so that the lookup reaches PATH.
"""

import os
import sys

scripts_dir, dump_dir, version = sys.argv[1:4]
os.environ["PATH"] = scripts_dir + os.pathsep + os.environ.get("PATH", "")
os.environ["CUDA_TILE_DUMP_TILEIR"] = dump_dir
os.environ["CUDA_TILE_LOGS"] = "TILEIR"

import cuda.tile as ct  # noqa: E402  (reads the environment on import)
from cuda.tile import _compile  # noqa: E402
from cuda.tile._bytecode.version import BytecodeVersion  # noqa: E402
from cuda.tile.compilation import (ArrayConstraint, CallingConvention,  # noqa: E402
                                   KernelSignature)

_compile._find_pip_tileiras = lambda: None


@ct.kernel
def vector_add(a, b, c):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(64,))
    y = ct.load(b, index=(bid,), shape=(64,))
    ct.store(c, index=(bid,), tile=x + y)


array = ArrayConstraint(ct.float32, 1, index_dtype=ct.int32,
                        stride_lower_bound_incl=0, alias_groups=(),
                        may_alias_internally=False)
signature = KernelSignature([array] * 3, CallingConvention.cutile_python_v1())
versions = {"13.4": BytecodeVersion.V_13_4, "13.5": BytecodeVersion.V_13_5}
result = _compile.compile_tile(vector_add._annotated_function, [signature],
                               compiler_options=vector_add._compiler_options,
                               bytecode_version=versions[version],
                               return_bytecode=True, return_cubin=False)
print("tileiras: %s" % _compile._find_compiler_bin().path)
print("tileirdisasm: %s" % _compile._find_tileirdisasm_bin())
print("bytecode: %d bytes" % len(result.bytecode))
