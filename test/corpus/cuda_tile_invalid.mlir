// REQUIRES: corpus
// NVIDIA's 13.3 invalid.mlir, run unchanged with --verify-diagnostics. Its 265
// `// -----` chunks cover every op family; the chunks tilechain does not match
// yet are listed below (0-based) and checked to stay failing, so the list
// shrinks as the gaps close:
//   133      assume: a non-predicate attribute reads "expected an assume
//            predicate" instead of "expected assume predicate attribute"
// RUN: tile-read %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/invalid.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect 2> %t.diag || true
// RUN: %python %S/Inputs/failing_chunks.py %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/invalid.mlir %t.diag 133
