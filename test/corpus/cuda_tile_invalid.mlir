// REQUIRES: corpus
// NVIDIA's 13.3 invalid.mlir, unchanged: all 265 `// -----` chunks, covering
// every op family, report their expected errors with the reference's text.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/invalid.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect
