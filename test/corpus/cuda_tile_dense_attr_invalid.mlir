// REQUIRES: corpus
// NVIDIA's 13.3 diagnostics for malformed dense constants, unchanged.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/dense_attr_invalid.mlir --split-input-file --verify-diagnostics
