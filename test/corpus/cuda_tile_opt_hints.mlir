// REQUIRES: corpus
// NVIDIA's 13.3 opt_hints.mlir: optimization_hints on entry and view accesses.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir
