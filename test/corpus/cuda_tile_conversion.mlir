// REQUIRES: corpus
// NVIDIA's 13.3 conversion.mlir, unchanged: its ops parse, and our printer, also
// after a trip through the generic form, satisfies its CHECK lines.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/conversion.mlir | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/conversion.mlir
// RUN: tile-read --mlir-print-op-generic %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/conversion.mlir | tile-read | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/conversion.mlir
