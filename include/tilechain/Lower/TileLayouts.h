//===- TileLayouts.h - how the parallel form holds a tile -------*- C++ -*-===//
//
// What tile-lower's decisions and the materialization agree on about a tile
// of the parallel form: the type its elements take once lowered and in
// memory, the layout it takes where nothing asks for another, and which ops
// compute their result element by element in their operands' layout. The
// layout assignment (tilechain-assign-layouts) chooses from these, and the
// materialization builds them.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_TILELAYOUTS_H
#define TILECHAIN_LOWER_TILELAYOUTS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/LinearLayout.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "mlir/IR/Types.h"

#include <optional>

namespace tilechain {

/// The scalar type an element of a cuda_tile tile or scalar becomes:
/// pointers are i64, a tf32 value lives as the f32 whose low 13 mantissa
/// bits are zero, everything else is unchanged.
mlir::Type convertElementType(mlir::Type cudaTileElementType);
/// Shape and (converted) element type of a cuda_tile tile type.
llvm::ArrayRef<int64_t> tileShape(mlir::Type tileType);
mlir::Type tileElementType(mlir::Type tileType);

/// Bytes a tile element takes in memory (an i1 takes one); 0 when its
/// elements are not whole bytes.
int64_t tileElementBytes(mlir::Type elementType);

/// The type an element has in memory: itself when LLVM can access it, a byte
/// for i1, the same-width integer for other whole-byte types (fp8); null for
/// a type without whole-byte storage (f4E2M1FN).
mlir::Type memoryType(mlir::Type element);
/// Bytes of one element in memory (at least 1).
unsigned byteSize(mlir::Type element);

/// The layout a tile of `tileType` takes in the parallel form over
/// `numWarps` warps where nothing asks for another: blocked, up to 16
/// contiguous bytes per thread along `fastDim` (default: the last dim).
LinearLayout defaultTileLayout(mlir::Type tileType, unsigned numWarps,
                               std::optional<unsigned> fastDim = {});
/// The blocked layout of a tile of `tileType` over `numWarps` warps with
/// runs of `contiguous` elements along `fastDim`, fewer where the tile has
/// fewer than that many elements per thread (rounded down to a power of 2).
LinearLayout blockedTileLayout(mlir::Type tileType, unsigned numWarps,
                               int64_t contiguous, unsigned fastDim);

/// The result whose layout a `tile_dist.layout` on `op` records: its one
/// tile result (a load's tile, beside its token); null where it has none or
/// several.
mlir::Value recordedTileResult(mlir::Operation *op);

/// The layout tile-lower recorded for `v`, which the parallel form builds
/// it in: its op's `tile_dist.layout`; for a `for`'s result or a loop
/// body's carried value, the layout the loop carries it in
/// (`tile_dist.carried_layouts`); null where none is recorded.
tile_dist::LinearLayoutAttr recordedLayout(mlir::Value v);

/// Whether the parallel form computes `op`'s result register by register
/// from its operands' registers in the result's layout (lowerElementwise):
/// one result of rank >= 1, operands that are all tiles of its shape, no
/// memory effects. Shape ops that keep the shape (broadcast, reshape,
/// permute of a square tile), byte regrouping and mma choose their own
/// layouts.
bool computesPerElement(mlir::Operation *op);

/// The parallel form keeps a broadcast unexpanded: its registers are those
/// of its source, in a layout of the source's shape, until a user needs the
/// tile whole; a splat constant is one register, and an elementwise op over
/// unexpanded broadcasts of one shape stays one too
/// (TileLowering::lowerElementwise). The layout assignment asks which
/// values stay so; answers are cached.
class UnexpandedBroadcasts {
public:
  /// The shape `v`'s registers have where it stays unexpanded, none where
  /// it is whole (or rank 0).
  std::optional<llvm::SmallVector<int64_t>> shapeOf(mlir::Value v);
  /// Whether `v` is an unexpanded broadcast: it takes any layout its users
  /// ask for without an exchange.
  bool isBroadcast(mlir::Value v);

private:
  llvm::DenseMap<mlir::Value, std::optional<llvm::SmallVector<int64_t>>>
      cache;
};

/// Chooses layouts over `numWarps` warps from how `entry`'s tiles are used
/// (AssignLayouts.cpp) and records them on the ops as `tile_dist.layout`.
void assignLayouts(mlir::cuda_tile::EntryOp entry, unsigned numWarps);

} // namespace tilechain

#endif // TILECHAIN_LOWER_TILELAYOUTS_H
