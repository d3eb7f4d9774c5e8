//===- ModuleOps.cpp - module, entry, global, get_global -------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace mlir::cuda_tile;

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &state,
                     StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ModuleOps.cpp.inc"
