// REQUIRES: corpus
// NVIDIA's own 13.3 diagnostics test, run unchanged through tile-read.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/memory_consistency_ops_invalid.mlir --split-input-file --verify-diagnostics
