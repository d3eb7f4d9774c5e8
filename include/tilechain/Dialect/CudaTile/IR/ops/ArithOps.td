//===- ArithOps.td - integer, floating-point and bitwise elementwise arithmetic; cmpi/cmpf; select
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_ARITHOPS_TD
#define TILECHAIN_CUDATILE_ARITHOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_ARITHOPS_TD
