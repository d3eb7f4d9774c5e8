//===- ModuleLowering.cpp - globals and symbol references -----------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace tilechain;

LogicalResult tilechain::lowerGlobal(Operation *global, OpBuilder &builder) {
  return global->emitError() << "tile-lower cannot lower '"
                             << global->getName() << "' yet";
}

void tilechain::addModuleLowerings(LoweringTable &table) {}
