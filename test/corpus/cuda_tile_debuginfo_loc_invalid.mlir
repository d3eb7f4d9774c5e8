// REQUIRES: corpus
// NVIDIA's 13.3 debug-info scope rules through name, fused and call-site
// locations; needs the cuda_tile.module verifier to run verifyDebugInfoScopes.
// RUN: not tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/debuginfo_loc_invalid.mlir --split-input-file --mlir-print-debuginfo --allow-unregistered-dialect 2>&1 | FileCheck %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/debuginfo_loc_invalid.mlir
