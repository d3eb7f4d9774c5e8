//===- ControlFlowLowering.cpp - ControlFlow ops of cuda_tile -> loops ---------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace tilechain;

void tilechain::addControlFlowLowerings(LoweringTable &table) {}
