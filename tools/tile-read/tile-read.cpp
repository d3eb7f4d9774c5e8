//===- tile-read.cpp - Tile IR bytecode <-> cuda_tile MLIR ----------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile-read: Tile IR bytecode reader", registry));
}
