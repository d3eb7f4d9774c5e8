//===- ShapeOps.td - constant, iota, broadcast, reshape, permute, cat, extract, offset
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_SHAPEOPS_TD
#define TILECHAIN_CUDATILE_SHAPEOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_SHAPEOPS_TD
