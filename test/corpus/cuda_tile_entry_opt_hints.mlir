// REQUIRES: corpus
// NVIDIA's 13.3 hint tests that need no tool flags: malformed hints are parse
// errors, unknown or out-of-range hints are kept silently by default.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_invalid.mlir --split-input-file --verify-diagnostics
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_default_silent.mlir | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_default_silent.mlir
