//===- LoopAnalysis.h - what a cuda_tile loop lets a schedule do ----------===//
//
// Facts about a cuda_tile.for that decide whether its loads may run
// iterations ahead (the copy pipeline of an mma's operands): questions about
// the tile program, asked by tile-lower's passes and the materialization.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_LOOPANALYSIS_H
#define TILECHAIN_LOWER_LOOPANALYSIS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

namespace tilechain {

/// Whether `v` is defined outside `loop` (not in its body).
bool isDefinedOutside(mlir::cuda_tile::ForOp loop, mlir::Value v);
/// Whether `load` in `loop`'s body reads, for another value of the loop's
/// counter, what that iteration's load reads: its view and indices come
/// from outside the loop or are the counter.
bool loadFollowsCounter(mlir::cuda_tile::ForOp loop,
                        mlir::cuda_tile::LoadViewTkoOp load);
/// Whether `op` leaves the tile program's memory as it was: it has no
/// effects, or it only allocates or frees memory, or writes a ring's
/// shared memory (tile_dist.ring_fill), which only the mma staged in the
/// ring reads, or its effects are those of ops in it that do neither
/// (tile_dist.chunk_schedule).
bool writesNoMemory(mlir::Operation *op);
/// Whether every iteration of `loop` reads the memory the one before it
/// read, so that a load may run iterations ahead: its body only loads
/// (weak) and computes, and runs whole (no continue, break or return
/// inside; a loop nested in it that writes no memory, such as a loop of
/// ring fills, runs whole too).
bool loopBodyOnlyReads(mlir::cuda_tile::ForOp loop);
/// Whether a branch of `ifOp`, or of an `if` nested in it, leaves the
/// enclosing loop (continue or break). Exits never cross another loop, so
/// no need to look there.
bool leavesLoop(mlir::cuda_tile::IfOp ifOp);

} // namespace tilechain

#endif // TILECHAIN_LOWER_LOOPANALYSIS_H
