//===- ScalarTiles.h - building cuda_tile scalar arithmetic -----*- C++ -*-===//
//
// Passes that write cuda_tile arithmetic of their own (a loop over slices,
// the iterations a ring's fills copy from) build scalar tiles: rank-0
// tiles of an integer type; plans read the constant ones back.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_SCALARTILES_H
#define TILECHAIN_LOWER_SCALARTILES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>

namespace tilechain {

/// A constant `value` of scalar integer tile type `type`.
inline mlir::Value intConstant(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Type type, int64_t value) {
  auto tile = mlir::cast<mlir::cuda_tile::TileType>(type);
  auto attr = mlir::DenseIntElementsAttr::get(
      mlir::cast<mlir::ShapedType>(tile),
      llvm::ArrayRef<mlir::Attribute>{
          b.getIntegerAttr(tile.getElementType(), value)});
  return mlir::cuda_tile::ConstantOp::create(b, loc, tile, attr).getResult();
}

/// The integer a constant splat tile `v` holds, seen through assume ops
/// (which only add facts); nullopt where `v` is no such constant.
inline std::optional<llvm::APInt> splatInt(mlir::Value v) {
  while (auto assume = v.getDefiningOp<mlir::cuda_tile::AssumeOp>())
    v = assume.getValue();
  auto constant = v.getDefiningOp<mlir::cuda_tile::ConstantOp>();
  if (!constant || !constant.getValue().isSplat() ||
      !mlir::isa<mlir::IntegerType>(constant.getValue().getElementType()))
    return std::nullopt;
  return constant.getValue().getSplatValue<llvm::APInt>();
}

} // namespace tilechain

#endif // TILECHAIN_LOWER_SCALARTILES_H
