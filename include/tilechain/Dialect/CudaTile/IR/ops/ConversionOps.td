//===- ConversionOps.td - exti, trunci, itof, ftoi, ftof, bitcast, int_to_ptr, ptr_to_int, ptr_to_ptr
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_CONVERSIONOPS_TD
#define TILECHAIN_CUDATILE_CONVERSIONOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_CONVERSIONOPS_TD
