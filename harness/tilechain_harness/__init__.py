"""Checks tilechain-compiled corpus kernels against numpy references.

manifest  parses cutile/MANIFEST.tsv rows into KernelSpec
inputs    allocates arrays that satisfy a kernel's assumptions
params    packs the flat kernel parameters like cuTile (8-byte slots)
reference evaluates numpy_reference texts (executable or hand-written)
compare   dtype-aware comparison
host      compiles through tile-llc --emit=host-obj and runs on the CPU
gpu       runs and times a cubin on the GPU (cuda: libcuda through ctypes)
cubin     reads a cubin's sections and .nv.info records
bundle    cubins compiled here for a GPU machine (make_bundle, run_bundle)
"""
