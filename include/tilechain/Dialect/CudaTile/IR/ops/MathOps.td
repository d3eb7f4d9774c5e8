//===- MathOps.td - transcendental and rounding math: exp, log, sin, sqrt, pow, floor, ...
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MATHOPS_TD
#define TILECHAIN_CUDATILE_MATHOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_MATHOPS_TD
