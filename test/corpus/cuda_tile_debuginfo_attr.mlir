// REQUIRES: corpus
// NVIDIA's 13.3 debuginfo_attr.mlir: di_* attributes print as aliases and
// di_loc locations keep their scopes.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/debuginfo_attr.mlir --mlir-print-debuginfo | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/debuginfo_attr.mlir
