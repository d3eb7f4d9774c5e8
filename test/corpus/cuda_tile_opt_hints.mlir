// REQUIRES: corpus
// NVIDIA's 13.3 tests of entry optimization_hints: printing (empty hints are
// not printed), unknown keys kept silently by default, and parse errors.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir
// RUN: tile-read --mlir-print-op-generic %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/opt_hints.mlir
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_default_silent.mlir | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_default_silent.mlir
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_invalid.mlir --split-input-file --verify-diagnostics
