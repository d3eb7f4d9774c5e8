//===- MiscOps.td - assume, assert, print, get_tile_block_id, get_num_tile_blocks
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_MISCOPS_TD
#define TILECHAIN_CUDATILE_MISCOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_MISCOPS_TD
