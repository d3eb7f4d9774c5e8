// REQUIRES: corpus
// NVIDIA's 13.3 ops.mlir, unchanged: every op prints back as their CHECK lines
// expect, directly and after a trip through the generic form.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/ops.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/ops.mlir
// RUN: tile-read --mlir-print-op-generic %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/ops.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/ops.mlir
