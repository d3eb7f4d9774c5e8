// REQUIRES: corpus
// NVIDIA's own 13.3 round-trip test of the memory ops, with its CHECK lines.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/memory_consistency_ops.mlir \
// RUN:   | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/memory_consistency_ops.mlir
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/memory_consistency_ops.mlir | tile-read \
// RUN:   | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/memory_consistency_ops.mlir
