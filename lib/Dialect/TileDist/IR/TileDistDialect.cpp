//===- TileDistDialect.cpp - the tile_dist dialect ------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "tilechain/Dialect/TileDist/IR/TileDistDialect.cpp.inc"

using namespace tilechain::tile_dist;

void TileDistDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/TileDist/IR/TileDistOps.cpp.inc"
      >();
}
