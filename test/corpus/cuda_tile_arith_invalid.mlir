// REQUIRES: corpus
// NVIDIA's 13.3 arith_invalid.mlir, unchanged: every expected-error is reported,
// with its text, and nothing else.
// RUN: tile-read --allow-unregistered-dialect --split-input-file --verify-diagnostics %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/arith_invalid.mlir
