//===- Warps.h - the warps of a kernel's CTA in the parallel form ---------===//
//
// How many warps a kernel's CTA has is a decision about the tile program:
// tilechain-assign-warps makes it in tile-lower and records it on each
// cuda_tile.entry, and the layouts and the materialization read it there,
// so that `tile-sched --stop-before=tilechain-materialize-threads` shows it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_WARPS_H
#define TILECHAIN_LOWER_WARPS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Target/TargetInfo.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace tilechain {

/// The i32 attribute of a cuda_tile.entry in the parallel form: its CTA's
/// warps (the dialect verifies its kind).
constexpr llvm::StringLiteral kNumWarpsAttrName =
    tile_dist::TileDistDialect::kNumWarpsAttrName;

/// The number of elements of the largest tile any op of `entry` yields.
int64_t largestTileElements(mlir::Operation *entry);

/// The number of warps the parallel form spreads `entry`'s tiles over on
/// `target`: its `num_worker_warps_per_cta` hint where it gives one in range
/// (a power of two up to 32), at least 4 where an mma may run on a
/// warpgroup instruction (sm_90, sm_100); else 4, or 8 when its largest tile
/// has 4096 elements or more. A remark says whether the hint was followed.
unsigned chooseNumWarps(mlir::cuda_tile::EntryOp entry,
                        const TargetInfo &target);

/// The warps tilechain-assign-warps recorded on `entry`; 0 where it did
/// not, after an error on `entry`.
unsigned recordedNumWarps(mlir::Operation *entry);

/// Runs `fn` on each cuda_tile.entry under `root` with the warps recorded
/// on it, for the passes that plan for them; fails where an entry has none
/// (after recordedNumWarps's error on it).
mlir::LogicalResult forEachEntryWithWarps(
    mlir::Operation *root,
    llvm::function_ref<void(mlir::cuda_tile::EntryOp, unsigned)> fn);

} // namespace tilechain

#endif // TILECHAIN_LOWER_WARPS_H
