//===- tile-read.cpp - Tile IR bytecode <-> cuda_tile ---------------------===//
//
// Reads Tile IR bytecode (recognised by its magic) or cuda_tile MLIR (text or
// MLIR bytecode), verifies it, and writes cuda_tile text, MLIR bytecode for
// the next stage, or Tile IR bytecode.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Tools/TileRead.h"

int main(int argc, char **argv) { return tilechain::runTileRead(argc, argv); }
