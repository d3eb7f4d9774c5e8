//===- CudaTileOps.td - cuda_tile operations ------------------------------===//
//
// Every op family (ops/*.td). Each family is also generated on its own into
// <Family>.h.inc/.cpp.inc; this file gathers them for whole-dialect
// generators such as the bytecode op table.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_OPS_TD
#define TILECHAIN_CUDATILE_OPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

include "tilechain/Dialect/CudaTile/IR/ops/ModuleOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/ArithOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/MathOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/ConversionOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/ShapeOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/MmaOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/ControlFlowOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/MemoryOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/ViewOps.td"
include "tilechain/Dialect/CudaTile/IR/ops/MiscOps.td"

#endif // TILECHAIN_CUDATILE_OPS_TD
