//===- CudaTileInterfaces.td - cuda_tile type and attribute interfaces ----===//
#ifndef TILECHAIN_CUDATILE_INTERFACES_TD
#define TILECHAIN_CUDATILE_INTERFACES_TD

include "mlir/IR/OpBase.td"

// A view that load_view_tko/store_view_tko index into: an index space of
// some rank, each index naming one tile of a fixed type.
def CudaTile_TileView : TypeInterface<"TileView"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = "A view over global memory that is accessed tile by tile.";
  let methods = [
    // Declared as Type because TileType is not yet complete here; the
    // value is always a cuda_tile::TileType.
    InterfaceMethod<"Type of the tile that one index of the view names.",
      "::mlir::Type", "getViewTileType">,
    InterfaceMethod<"Number of indices needed to name one tile.",
      "unsigned", "getViewIndexRank">,
  ];
}

// A fact that cuda_tile.assume attaches to a value.
def CudaTile_AssumePredicateAttrInterface
    : AttrInterface<"AssumePredicateAttrInterface"> {
  let cppNamespace = "::mlir::cuda_tile";
  let description = "A predicate that cuda_tile.assume attaches to a value.";
  let methods = [
    InterfaceMethod<
      "Checks that the predicate applies to a value of `valueType`.",
      "::mlir::LogicalResult", "verifyWithValueType",
      (ins "::mlir::Type":$valueType,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

#endif // TILECHAIN_CUDATILE_INTERFACES_TD
