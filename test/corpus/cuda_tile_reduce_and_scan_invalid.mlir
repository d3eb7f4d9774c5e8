// REQUIRES: corpus
// NVIDIA's 13.3 reduce/scan diagnostics test, run unchanged: every
// expected-error is reported with its text, and nothing else.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/reduce_and_scan_invalid.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect
