// REQUIRES: corpus
// NVIDIA's 13.3 types.mlir, its testing$func rewritten to entry (see
// Inputs/lower_testing_func.py); every type prints as the reference does.
// RUN: %python %src_root/test/corpus/Inputs/lower_testing_func.py %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/types.mlir > %t.mlir
// RUN: tile-read %t.mlir --allow-unregistered-dialect | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/types.mlir
