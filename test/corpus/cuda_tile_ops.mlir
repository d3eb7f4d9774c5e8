// REQUIRES: corpus
// NVIDIA's 13.3 ops.mlir: every op prints back as their CHECK lines expect,
// directly and after a trip through the generic form. Not yet in tilechain,
// so left out: pack/unpack (their two functions) and the i4 element type
// (the lines that use it).
// RUN: %python %S/Inputs/drop_unsupported.py %corpus/cuda-tile-tests/lit-13.3/Dialect/CudaTile/ops.mlir --lines 'i4>' test_unpack_op test_pack_op > %t.mlir
// RUN: tile-read %t.mlir | tile-read | FileCheck %t.mlir
// RUN: tile-read --mlir-print-op-generic %t.mlir | tile-read | FileCheck %t.mlir
