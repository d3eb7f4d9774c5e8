//===- TileSlices.h - a tile program cut into slices ------------*- C++ -*-===//
//
// Passes that run part of a tile program on a slice of its tiles (an mma's
// column slices, one CTA's part of a cluster's tiles) shrink one dim of
// each tile type, load and store the slices through partition views of
// narrower tiles, and follow the sliced dim through reshapes.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_TILESLICES_H
#define TILECHAIN_LOWER_TILESLICES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace tilechain {

/// Through a row-major reshape from `from` to `to`: the dim of `to` whose
/// first `1 / slices` (its major part) holds the elements of the major
/// part of dim `dim` of `from` and no other, or nullopt. That is the dim
/// whose elements and those inside it number as many as `dim`'s and those
/// inside it do, where both divide by `slices`: unit dims added or dropped,
/// `dim` split into several (the outermost takes the cut) or merged with
/// dims inside it.
std::optional<unsigned> majorDimThroughReshape(llvm::ArrayRef<int64_t> from,
                                               llvm::ArrayRef<int64_t> to,
                                               unsigned dim, int64_t slices);

/// A tile type with dim `dim` divided by `slices`.
mlir::cuda_tile::TileType sliceType(mlir::Type type, unsigned dim,
                                    int64_t slices);

/// A partition view of `view`'s tensor view whose tiles are `view`'s with
/// dim `dim` divided by `slices`, made right after `view`.
mlir::Value slicedView(mlir::Value view, unsigned dim, int64_t slices);

/// Index `index` of a view of tiles `slices` times narrower in one dim:
/// slice `slice` of the tile at `index`.
mlir::Value sliceIndex(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value index, int64_t slices, mlir::Value slice);

/// The partition view `view` is, where a sliced one can be made beside it.
bool isSliceablePartitionView(mlir::Value view, unsigned dim, int64_t slices);

} // namespace tilechain

#endif // TILECHAIN_LOWER_TILESLICES_H
