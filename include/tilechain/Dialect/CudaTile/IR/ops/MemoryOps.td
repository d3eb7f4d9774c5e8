//===- MemoryOps.td - tokens and memory: make_token, join_tokens, load/store (pointer and view), atomics
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MEMORYOPS_TD
#define TILECHAIN_CUDATILE_MEMORYOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_MEMORYOPS_TD
