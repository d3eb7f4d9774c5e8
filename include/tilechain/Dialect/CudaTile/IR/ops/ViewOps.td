//===- ViewOps.td - make_tensor_view, make_{partition,strided,gather_scatter}_view, get_tensor_shape, get_index_space_shape
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_VIEWOPS_TD
#define TILECHAIN_CUDATILE_VIEWOPS_TD

include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"

def CudaTile_MakeTensorViewOp : CudaTile_Op<"make_tensor_view", "13.1",
    [AttrSizedOperandSegments, NoMemoryEffect,
     DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "tensor_view over global memory from a base pointer";
  let arguments = (ins
    CudaTile_ScalarTileOf<CudaTile_PointerType>:$base,
    Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$dynamicShape,
    Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$dynamicStrides);
  let results = (outs CudaTile_TensorViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp : CudaTile_Op<"make_partition_view", "13.1",
    [Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "grid of equal tiles over a tensor_view";
  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_PartitionViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakeStridedViewOp : CudaTile_Op<"make_strided_view", "13.3", [Pure]> {
  let summary = "tiles over a tensor_view visited with traversal strides";
  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_StridedViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakeGatherScatterViewOp
    : CudaTile_Op<"make_gather_scatter_view", "13.3",
    [Pure, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "view whose sparse dimension is indexed by a tile of offsets";
  let arguments = (ins CudaTile_TensorViewType:$tensor_view);
  let results = (outs CudaTile_GatherScatterViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetTensorShapeOp : CudaTile_Op<"get_tensor_shape", "13.1",
    [NoMemoryEffect]> {
  let summary = "dimension sizes of a tensor_view";
  let arguments = (ins CudaTile_TensorViewType:$src);
  let results = (outs Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_Op<"get_index_space_shape", "13.1",
    [NoMemoryEffect]> {
  let summary = "extent of each index-space dimension of a tile view";
  let arguments = (ins CudaTile_TileView:$src);
  let results = (outs Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILECHAIN_CUDATILE_VIEWOPS_TD
