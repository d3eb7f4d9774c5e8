// REQUIRES: corpus
// NVIDIA's 13.3 dense_attr.mlir, unchanged: `<elem: literal>` constants print
// as the reference does (needs the entry/constant/return ops).
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/dense_attr.mlir --split-input-file | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/dense_attr.mlir
