//===- CudaTileDialect.cpp - dialect registration -------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ModuleOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ArithOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MathOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ConversionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MmaOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ControlFlowOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MemoryOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/ViewOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/CudaTile/IR/MiscOps.cpp.inc"
      >();
}
