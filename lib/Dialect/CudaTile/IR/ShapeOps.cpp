//===- ShapeOps.cpp - builders, verifiers and custom syntax of ShapeOps
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ShapeOps.cpp.inc"
