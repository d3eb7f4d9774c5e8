//===- ControlFlowOps.td - if, for, loop, break, continue, yield, return, reduce, scan
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD
#define TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_CONTROLFLOWOPS_TD
