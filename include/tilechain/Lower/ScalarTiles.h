//===- ScalarTiles.h - building cuda_tile scalar arithmetic -----*- C++ -*-===//
//
// Passes that write cuda_tile arithmetic of their own (a loop over slices,
// the iterations a ring's fills copy from) build scalar tiles: rank-0
// tiles of an integer type.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_SCALARTILES_H
#define TILECHAIN_LOWER_SCALARTILES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

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

} // namespace tilechain

#endif // TILECHAIN_LOWER_SCALARTILES_H
