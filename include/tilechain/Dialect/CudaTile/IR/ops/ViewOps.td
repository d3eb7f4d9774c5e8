//===- ViewOps.td - tensor and partition views: make_tensor_view, make_partition_view, get_tensor_shape, get_index_space_shape
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_VIEWOPS_TD
#define TILECHAIN_CUDATILE_VIEWOPS_TD

include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

#endif // TILECHAIN_CUDATILE_VIEWOPS_TD
