//===- TileDistDialect.cpp - the tile_dist dialect ------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "tilechain/Dialect/TileDist/IR/TileDistDialect.cpp.inc"

using namespace tilechain::tile_dist;

void TileDistDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tilechain/Dialect/TileDist/IR/TileDistOps.cpp.inc"
      >();
}

bool tilechain::tile_dist::isMmaName(llvm::StringRef opName) {
  return llvm::is_contained(
      {"cuda_tile.mmaf", "cuda_tile.mmai", "cuda_tile.mmaf_scaled"}, opName);
}

/// The discardable attributes tile-lower and tile-sched record on the tile
/// program, each on the ops it describes, with its own kind: a layout on an
/// op of one result and one per carried value on a loop (their fit to the
/// tiles' shapes and the CTA's warps is checked where both are known:
/// tilechain::checkAssignedLayouts), the warps
/// on an entry, the instruction, how its operands reach shared memory and
/// their pipeline on an mma (checked against what the mma takes:
/// tilechain::checkRecordedMmas).
mlir::LogicalResult
TileDistDialect::verifyOperationAttribute(mlir::Operation *op,
                                          mlir::NamedAttribute attribute) {
  llvm::StringRef name = attribute.getName().getValue();
  mlir::StringAttr opName = op->getName().getIdentifier();
  if (name == kLayoutAttrName) {
    if (!mlir::isa<LinearLayoutAttr>(attribute.getValue()))
      return op->emitOpError() << "'" << name
                               << "' must be a #tile_dist.linear layout";
    return mlir::success();
  }
  if (name == kCarriedLayoutsAttrName) {
    auto layouts = mlir::dyn_cast<mlir::ArrayAttr>(attribute.getValue());
    if (!layouts ||
        !llvm::all_of(layouts,
                      llvm::IsaPred<LinearLayoutAttr, mlir::UnitAttr>) ||
        (opName != "cuda_tile.for" && opName != "cuda_tile.loop"))
      return op->emitOpError()
             << "'" << name
             << "' must be an array of #tile_dist.linear or unit on a "
                "cuda_tile for or loop";
    return mlir::success();
  }
  if (name == kNumWarpsAttrName) {
    auto warps = mlir::dyn_cast<mlir::IntegerAttr>(attribute.getValue());
    if (opName != "cuda_tile.entry" || !warps || warps.getInt() <= 0 ||
        !llvm::isPowerOf2_64(warps.getInt()) || warps.getInt() > 32)
      return op->emitOpError()
             << "'" << name
             << "' must be a power of two of warps, at most 32, on a "
                "cuda_tile.entry";
    return mlir::success();
  }
  if (name == kClusterCTAsAttrName) {
    auto ctas = mlir::dyn_cast<mlir::IntegerAttr>(attribute.getValue());
    if (opName != "cuda_tile.entry" || !ctas || ctas.getInt() < 2 ||
        !llvm::isPowerOf2_64(ctas.getInt()) || ctas.getInt() > 16)
      return op->emitOpError()
             << "'" << name
             << "' must be a power of two of CTAs, 2 to 16, on a "
                "cuda_tile.entry";
    return mlir::success();
  }
  if (name == kMmaInstructionAttrName) {
    if (!mlir::isa<MmaInstructionAttr>(attribute.getValue()) ||
        !isMmaName(opName.getValue()))
      return op->emitOpError()
             << "'" << name
             << "' must be a #tile_dist.mma instruction on a cuda_tile "
                "mmaf, mmai or mmaf_scaled";
    return mlir::success();
  }
  if (name == kMmaOperandsAttrName) {
    auto operands = mlir::dyn_cast<mlir::ArrayAttr>(attribute.getValue());
    if (!operands || operands.size() != 2 ||
        !llvm::all_of(operands, llvm::IsaPred<MmaOperandAttr>) ||
        !isMmaName(opName.getValue()))
      return op->emitOpError()
             << "'" << name
             << "' must be the lhs's and rhs's #tile_dist.operand on a "
                "cuda_tile mmaf, mmai or mmaf_scaled";
    return mlir::success();
  }
  if (name == kViewStoreAttrName) {
    if (!mlir::isa<StoreCopyAttr>(attribute.getValue()) ||
        opName != "cuda_tile.store_view_tko")
      return op->emitOpError()
             << "'" << name
             << "' must be a #tile_dist.store on a cuda_tile.store_view_tko";
    return mlir::success();
  }
  if (name == kMmaPipelineAttrName) {
    if (!mlir::isa<MmaPipelineAttr>(attribute.getValue()) ||
        !isMmaName(opName.getValue()))
      return op->emitOpError()
             << "'" << name
             << "' must be a #tile_dist.pipeline on a cuda_tile mmaf, mmai "
                "or mmaf_scaled";
    return mlir::success();
  }
  return op->emitOpError() << "unknown tile_dist attribute '" << name << "'";
}

