//===- MmaOps.td - mmaf, mmai: tile matrix multiply-accumulate
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MMAOPS_TD
#define TILECHAIN_CUDATILE_MMAOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_MMAOPS_TD
