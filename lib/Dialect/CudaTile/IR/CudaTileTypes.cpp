//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_TYPEDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}
