// REQUIRES: corpus
// NVIDIA's 13.3 hint-policy files, unchanged: -Wunsupported-hints warns about
// unknown or unsupported optimization hints; -Werr-hints makes them errors.
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_warn.mlir -Wunsupported-hints --verify-diagnostics --split-input-file
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/entry_opt_hints_error.mlir -Wunsupported-hints -Werr-hints --verify-diagnostics --split-input-file
