//===- CudaTileTypes.td - cuda_tile types and type constraints ------------===//
//
// Def names follow NVIDIA/cuda-tile's Types.td so that op definitions read
// the same; constraint summaries appear verbatim in verifier diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_TYPES_TD
#define TILECHAIN_CUDATILE_TYPES_TD

include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileInterfaces.td"

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

def CudaTile_Int1  : TypeAlias<I1, "i1">;
def CudaTile_Int8  : TypeAlias<I8, "i8">;
def CudaTile_Int16 : TypeAlias<I16, "i16">;
def CudaTile_Int32 : TypeAlias<I32, "i32">;
def CudaTile_Int64 : TypeAlias<I64, "i64">;

def CudaTile_AnyInt : AnyTypeOf<[CudaTile_Int1, CudaTile_Int8, CudaTile_Int16,
                                 CudaTile_Int32, CudaTile_Int64]> {
  let cppFunctionName = "isAnyInt";
}

def CudaTile_Float16  : TypeAlias<F16, "f16">;
def CudaTile_BFloat16 : TypeAlias<BF16, "bf16">;
def CudaTile_Float32  : TypeAlias<F32, "f32">;
def CudaTile_TFloat32 : TypeAlias<TF32, "tf32">;
def CudaTile_Float64  : TypeAlias<F64, "f64">;
def CudaTile_Float8E4M3FN  : TypeAlias<F8E4M3FN, "f8E4M3FN">;
def CudaTile_Float8E5M2    : TypeAlias<F8E5M2, "f8E5M2">;
// Since 13.2.
def CudaTile_Float8E8M0FNU : TypeAlias<F8E8M0FNU, "f8E8M0FNU">;
// Since 13.3.
def CudaTile_Float4E2M1FN  : TypeAlias<F4E2M1FN, "f4E2M1FN">;

def CudaTile_AnyFloat : AnyTypeOf<[CudaTile_Float16, CudaTile_BFloat16,
    CudaTile_Float32, CudaTile_TFloat32, CudaTile_Float64,
    CudaTile_Float8E4M3FN, CudaTile_Float8E5M2, CudaTile_Float8E8M0FNU,
    CudaTile_Float4E2M1FN]> {
  let cppFunctionName = "isAnyFloat";
}

def CudaTile_NumberType : AnyTypeOf<[CudaTile_AnyFloat, CudaTile_AnyInt]> {
  string cppType = "::mlir::Type";
}

//===----------------------------------------------------------------------===//
// ptr
//===----------------------------------------------------------------------===//

// `ptr<f32>`: the address of one element in global memory;
// `ptr<f32, <multicast>>`: one with a pointer classification.
def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr"> {
  let summary = "Pointer type";
  let parameters = (ins CudaTile_NumberType:$pointeeType,
      OptionalParameter<"::mlir::cuda_tile::PointerClassAttr">:$pointerClass);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
        CArg<"::mlir::cuda_tile::PointerClassAttr", "{}">:$pointerClass), [{
      return $_get(pointeeType.getContext(), pointeeType, pointerClass);
    }]>
  ];
  let extraClassDeclaration = [{
    bool isMulticast() const;
  }];
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

// i4 is a tile element (since 13.3, e.g. for unpack) but no arithmetic type.
def CudaTile_Int4 : TypeAlias<I<4>, "i4">;

def CudaTile_TileElementType
    : AnyTypeOf<[CudaTile_NumberType, CudaTile_PointerType, CudaTile_Int4]> {
  string cppType = "::mlir::Type";
}

// `tile<4x8xf32>`, `tile<f32>` (0-d), `tile<4xptr<f16>>`: a statically shaped
// value held by one tile block.
def CudaTile_TileType : CudaTile_Type<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "Tile type";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        CudaTile_TileElementType:$elementType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const;
  }];
}

def CudaTile_IsTileTypePred
    : CPred<"::llvm::isa<::mlir::cuda_tile::TileType>($_self)">;

class CudaTile_TileOf<list<Type> allowedTypes, list<Pred> preds = [],
                      string summary = "tile">
    : ShapedContainerType<allowedTypes,
          And<!listconcat([CudaTile_IsTileTypePred], preds)>,
          summary, "::mlir::cuda_tile::TileType"> {
  list<Type> allowedElementTypes = allowedTypes;
}

class CudaTile_RankedTileOf<list<Type> allowedTypes, list<int> ranks>
    : CudaTile_TileOf<allowedTypes, [HasAnyRankOfPred<ranks>],
          !interleave(!foreach(rank, ranks, rank # "D"), "/") # " tile">;

class CudaTile_ScalarTileOf<Type elementType>
    : CudaTile_RankedTileOf<[elementType], [0]>,
      BuildableType<!if(!eq(elementType.builderCall, ""), "",
          "::mlir::cuda_tile::TileType::get(::llvm::ArrayRef<int64_t>(), " #
          elementType.builderCall # ")")>;

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

// `tensor_view<?x16xf32, strides=[16,1]>`, `tensor_view<f32>` (0-d): a tensor
// in global memory; `?` marks a size or stride known only at run time. The
// pointer classification of its base pointer, if any, follows
// (`tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>`).
def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view"> {
  let summary = "tensor view type";
  let parameters = (ins CudaTile_NumberType:$elementType,
      ArrayRefParameter<"int64_t">:$shape,
      ArrayRefParameter<"int64_t">:$strides,
      OptionalParameter<"::mlir::cuda_tile::PointerClassAttr">:$pointerClass);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Marks a dynamic size or stride.
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;
    size_t dynamicShapeAmount() const;
    size_t dynamicStrideAmount() const;
    bool isMulticast() const;
  }];
}

//===----------------------------------------------------------------------===//
// Views over a tensor_view
//===----------------------------------------------------------------------===//

// `partition_view<tile=(64x64), padding_value = zero, tensor_view<...>,
// dim_map=[1, 0]>`: the tensor_view cut into a grid of equal tiles.
def CudaTile_PartitionViewType : CudaTile_Type<"PartitionView",
    "partition_view", [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "partition view type";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tile_shape,
      CudaTile_TensorViewType:$tensor_view,
      ArrayRefParameter<"int32_t">:$dim_map,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// `strided_view<tile=(2x2), traversal_strides=[2, 2], tensor_view<...>>`:
// tiles placed every `traversal_strides` elements (since 13.3).
def CudaTile_StridedViewType : CudaTile_Type<"StridedView", "strided_view",
    [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "strided view type";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tile_shape,
      ArrayRefParameter<"int32_t">:$traversal_strides,
      CudaTile_TensorViewType:$tensor_view,
      ArrayRefParameter<"int32_t">:$dim_map,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// `gather_scatter_view<tile=(16x16), tensor_view<...>, sparse_dim=0>`: tiles
// whose rows along `sparse_dim` are picked by an index tile (since 13.3).
def CudaTile_GatherScatterViewType : CudaTile_Type<"GatherScatterView",
    "gather_scatter_view", [DeclareTypeInterfaceMethods<CudaTile_TileView>]> {
  let summary = "gather/scatter view type";
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tile_shape,
      CudaTile_TensorViewType:$tensor_view,
      "int32_t":$sparse_dim,
      OptionalParameter<"::mlir::cuda_tile::PaddingValueAttr">:$padding_value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// token
//===----------------------------------------------------------------------===//

// Orders memory operations: every token-ordered op consumes and produces one.
def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "cuda tile token type";
}

//===----------------------------------------------------------------------===//
// Constraints used by op definitions
//===----------------------------------------------------------------------===//

def CudaTile_AnyType : AnyTypeOf<[CudaTile_NumberType,
    Type<CPred<"::llvm::isa<::mlir::cuda_tile::CudaTileDialect>("
               "$_self.getDialect())">, "cuda_tile type">]>;

def CudaTile_IntTileType : CudaTile_TileOf<[CudaTile_Int1, CudaTile_Int8,
    CudaTile_Int16, CudaTile_Int32, CudaTile_Int64]>;

// exti and trunci also take i4 (since 13.3), an element no arithmetic op takes.
def CudaTile_IntOrI4TileType : CudaTile_TileOf<[CudaTile_Int1, CudaTile_Int4,
    CudaTile_Int8, CudaTile_Int16, CudaTile_Int32, CudaTile_Int64]>;

def CudaTile_IntTileInt64Type : CudaTile_TileOf<[CudaTile_Int64]>;

def CudaTile_BaseFloatTileType : CudaTile_TileOf<[CudaTile_Float16,
    CudaTile_BFloat16, CudaTile_Float32, CudaTile_Float64]>;

def CudaTile_FloatTileType : CudaTile_TileOf<[CudaTile_Float16,
    CudaTile_BFloat16, CudaTile_Float32, CudaTile_Float64, CudaTile_TFloat32,
    CudaTile_Float8E4M3FN, CudaTile_Float8E5M2, CudaTile_Float8E8M0FNU,
    CudaTile_Float4E2M1FN]>;

def CudaTile_NumberTileType : CudaTile_TileOf<[CudaTile_Int1, CudaTile_Int8,
    CudaTile_Int16, CudaTile_Int32, CudaTile_Int64, CudaTile_Float16,
    CudaTile_BFloat16, CudaTile_Float32, CudaTile_Float64, CudaTile_TFloat32,
    CudaTile_Float8E4M3FN, CudaTile_Float8E5M2, CudaTile_Float8E8M0FNU,
    CudaTile_Float4E2M1FN]>;

def CudaTile_PointerTileType : CudaTile_TileOf<[CudaTile_PointerType]>;

#endif // TILECHAIN_CUDATILE_TYPES_TD
