//===- CudaTileAttrs.cpp - cuda_tile enums and attributes -----------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tilechain/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}
