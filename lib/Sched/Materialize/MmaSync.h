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

/// The instruction mma `op` runs on: the one tile-lower recorded on it
/// (tile_dist.mma), or, where the kernel's other ops keep the tensor cores
/// from it (TileLowering::allowsTensorCores), FMA, and nullopt for an
/// mmaf_scaled, which has no CUDA-core path. An mmaf_scaled with no record
/// (no block-scaled instruction takes it) has nullopt too.
std::optional<tile_dist::MmaInstruction> instructionOf(const TileLowering &l,
                                                       mlir::Operation *op);

/// The tile dim of operand `index` of `op` along which its view load can
/// be copied straight into shared memory (AsyncViewCopy.h), or nullopt: it
/// is a view load (directly or through a reshape that only drops leading
/// unit dims, as cuTile's loads of one batch or head do) of the same block,
/// or of the block of the loop `op` is directly in where that loop's body
/// only reads (a loop-invariant operand, copied again every iteration),
/// read by nothing but mmas' lhs and rhs, with no write to memory between
/// them.
std::optional<unsigned> copyableOperandDim(TileLowering &l,
                                           mlir::Operation *op,
                                           unsigned index);

/// How operand `index` of `op`, on wgmma, reaches its arrays straight from
/// global memory, or nullopt where it is loaded into registers first: k
/// contiguous where its view is contiguous along k, k major where a 16-bit
/// view is contiguous along m or n and an instruction's rows or columns
/// are whole swizzle atoms.
std::optional<ChunkOrder> wgmmaOperandOrder(TileLowering &l,
                                            mlir::Operation *op,
                                            unsigned index);

/// Lowers `op`, recorded to run on wgmma, to wgmma.
mlir::LogicalResult lowerWgmma(TileLowering &l, mlir::Operation *op);

/// wgmmaOperandOrder's counterpart on tcgen05.mma (instructions of 128
/// rows).
std::optional<ChunkOrder> tcgen05OperandOrder(TileLowering &l,
                                              mlir::Operation *op,
                                              unsigned index);

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

/// How operand `index` (0: lhs, 1: rhs) of `op` reaches its chunk arrays
/// straight from global memory (AsyncViewCopy.h), or nullopt where it is
/// loaded into registers first: on wgmma, wgmmaOperandOrder; on mma.sync,
/// where copyableOperandDim has a dim and it is k (k-contiguous arrays) or,
/// for 16-bit elements read with ldmatrix, m or n (k-major arrays, which
/// the transposing ldmatrix reads).
std::optional<ChunkOrder> asyncOperandOrder(TileLowering &l,
                                            mlir::Operation *op,
                                            unsigned index);

/// The view load an mma operand is (asyncOperandOrder's shapes), and how
/// many leading unit dims its tile has beyond the operand's; null if none.
mlir::cuda_tile::LoadViewTkoOp operandLoad(mlir::Value operand,
                                           unsigned *leadingUnitDims = nullptr);

/// Whether the mmas that read `tile` (a view load's tile, or the reshape
/// of one that operandLoad sees through) all copy the load themselves
/// (asyncOperandOrder), so that the load and the reshape emit nothing.
bool copiedByMma(TileLowering &l, mlir::Value tile);

/// Lowers `op`, recorded to run on mma.sync, to it.
mlir::LogicalResult lowerMmaSync(TileLowering &l, mlir::Operation *op);

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_MMASYNC_H
