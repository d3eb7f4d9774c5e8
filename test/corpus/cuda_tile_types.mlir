// REQUIRES: corpus
// NVIDIA's 13.3 types.mlir, unchanged: every type prints as the reference does.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/types.mlir --allow-unregistered-dialect | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/types.mlir
