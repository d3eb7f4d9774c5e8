// REQUIRES: corpus
// NVIDIA's own 13.3 diagnostics test, run unchanged through tile-read.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/get_shape_invalid.mlir --split-input-file --verify-diagnostics
