//===- MmaSync.h - mmaf/mmai on tensor cores with mma.sync -----*- C++ -*-===//
//
// The parallel form's tensor-core path (MmaSyncLowering.cpp); MmaLowering.cpp
// takes it where whyNotMmaSync has nothing against it and keeps the CUDA-core
// path, with a remark giving the reason, elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H
#define TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H

#include "MmaStaging.h"

#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include <string>

namespace tilechain::mma {

/// Why `op` (mmaf or mmai) cannot run on mma.sync here, or nullopt when it
/// can.
std::optional<std::string> whyNotMmaSync(const TileLowering &l,
                                         mlir::Operation *op);

/// How operand `index` (0: lhs, 1: rhs) of `op`, on mma.sync, reaches its
/// chunk arrays straight from global memory (AsyncViewCopy.h), or nullopt
/// where it is loaded into registers first: it is a view load of the same
/// block (directly or through a reshape that only drops leading unit dims,
/// as cuTile's loads of one batch or head do), read by nothing else, with
/// no write to memory between them, and its view is contiguous along k
/// (k-contiguous arrays) or, for 16-bit elements read with ldmatrix, along
/// m or n (k-major arrays, which the transposing ldmatrix reads).
std::optional<ChunkOrder> asyncOperandOrder(TileLowering &l,
                                            mlir::Operation *op,
                                            unsigned index);

/// The view load an mma operand is (asyncOperandOrder's shapes), and how
/// many leading unit dims its tile has beyond the operand's; null if none.
mlir::cuda_tile::LoadViewTkoOp operandLoad(mlir::Value operand,
                                           unsigned *leadingUnitDims = nullptr);

/// Whether the mma that reads `tile` (a view load's tile, or the reshape
/// of one that operandLoad sees through) copies the load itself
/// (asyncOperandOrder), so that the load and the reshape emit nothing.
bool copiedByMma(TileLowering &l, mlir::Value tile);

/// Lowers `op`, for which whyNotMmaSync has no reason, to mma.sync.
mlir::LogicalResult lowerMmaSync(TileLowering &l, mlir::Operation *op);

} // namespace tilechain::mma

#endif // TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H
