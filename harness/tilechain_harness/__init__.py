"""Checks tilechain-compiled corpus kernels against numpy references.

manifest  parses cutile/MANIFEST.tsv rows into KernelSpec
inputs    allocates arrays that satisfy a kernel's assumptions
params    packs the flat kernel parameters like cuTile (8-byte slots)
reference evaluates numpy_reference texts (executable or hand-written)
compare   dtype-aware comparison
host      compiles through tile-llc --emit=host-obj and runs on the CPU
gpu       runs a cubin through the CUDA driver API
"""
