//===- MmaSync.h - mmaf/mmai on tensor cores with mma.sync -----*- C++ -*-===//
//
// The parallel form's tensor-core path (MmaSyncLowering.cpp); MmaLowering.cpp
// takes it where whyNotMmaSync has nothing against it and keeps the CUDA-core
// path, with a remark giving the reason, elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H
#define TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H

#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include <string>

namespace tilechain::mma {

/// Why `op` (mmaf or mmai) cannot run on mma.sync here, or nullopt when it
/// can.
std::optional<std::string> whyNotMmaSync(const TileLowering &l,
                                         mlir::Operation *op);

/// Lowers `op`, for which whyNotMmaSync has no reason, to mma.sync.
mlir::LogicalResult lowerMmaSync(TileLowering &l, mlir::Operation *op);

} // namespace tilechain::mma

#endif // TILECHAIN_CONVERSION_TILETOLOOPS_MMASYNC_H
