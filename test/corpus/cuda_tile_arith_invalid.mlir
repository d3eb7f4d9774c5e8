// REQUIRES: corpus
// NVIDIA's 13.3 arith_invalid.mlir: every expected-error is reported, with its text,
// and nothing else. Their test-only testing$func becomes an entry (see
// Inputs/lower_testing_func.py); lines are unchanged.
// RUN: %python %S/Inputs/lower_testing_func.py %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/arith_invalid.mlir > %t.mlir
// RUN: tile-read --allow-unregistered-dialect --split-input-file --verify-diagnostics %t.mlir
