// REQUIRES: corpus
// NVIDIA's 13.3 test of the short syntax inside cuda_tile.module (ops and
// types without the `cuda_tile.` prefix), through the pretty and generic forms.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/syntax_omit_dialect_prefix.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/syntax_omit_dialect_prefix.mlir
// RUN: tile-read --mlir-print-op-generic %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/syntax_omit_dialect_prefix.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/syntax_omit_dialect_prefix.mlir
