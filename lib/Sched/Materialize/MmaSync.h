//===- MmaSync.h - mmaf/mmai on tensor cores -------------------*- C++ -*-===//
//
// The parallel form's tensor-core paths: wgmma on sm_90 (WgmmaLowering.cpp),
// tcgen05.mma on sm_100 (Tcgen05Lowering.cpp) and mma.sync on every target
// (MmaSyncLowering.cpp). MmaLowering.cpp builds the instruction tile-lower
// recorded on each mma (tile_dist.mma, MmaInstructions.h), and keeps the
// CUDA-core path, with a remark giving the reason, where that is FMA.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_MMASYNC_H
#define TILECHAIN_SCHED_MATERIALIZE_MMASYNC_H

#include "MmaStaging.h"

#include "tilechain/Sched/Materialize/TileLowering.h"

#include <string>

namespace tilechain::mma {

/// Lowers `op`, recorded to run on wgmma, to wgmma.
mlir::LogicalResult lowerWgmma(TileLowering &l, mlir::Operation *op);

/// Lowers `op`, recorded to run on tcgen05.mma, to it
/// (Tcgen05Lowering.cpp).
mlir::LogicalResult lowerTcgen05(TileLowering &l, mlir::Operation *op);

/// Before `loop` (being lowered, its bounds and initial values): the iter
/// values that an mma on tcgen05.mma in its body takes as its accumulator
/// and yields again, and nothing else reads, stay in tensor memory through
/// the loop: their columns are allocated and their initial registers
/// written there, and the mma accumulates in place without reading or
/// writing registers. Returns their indices; the loop carries nothing for
/// them. Fails (declining the parallel form) where shared memory is short.
mlir::FailureOr<llvm::SmallVector<unsigned>>
keepAccumulatorsInTensorMemory(TileLowering &l, mlir::cuda_tile::ForOp loop);

/// After `loop`: reads the `kept` accumulators back into the loop's results
/// and gives their tensor memory back.
void finishAccumulatorsInTensorMemory(TileLowering &l,
                                      mlir::cuda_tile::ForOp loop,
                                      llvm::ArrayRef<unsigned> kept);

/// After `loop`: waits for the groups of wgmma still writing the registers
/// of its results (TileLowering::isWgmmaRunningAtExit), which its readers
/// then take from the wait (WgmmaLowering.cpp).
void waitForWgmmaAfter(TileLowering &l, mlir::cuda_tile::ForOp loop);

/// Whether the mmas that read `tile` (a view load's tile, or the reshape
/// of one that operandLoad sees through) all copy the load themselves (on
/// tensor cores, with a cp_async or tma record), so that the load and the
/// reshape emit nothing.
bool copiedByMma(TileLowering &l, mlir::Value tile);

/// Lowers `op`, recorded to run on mma.sync, to it.
mlir::LogicalResult lowerMmaSync(TileLowering &l, mlir::Operation *op);

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_MMASYNC_H
