//===- AsyncViewCopy.h - view loads copied into shared memory ---*- C++ -*-===//
//
// A view load whose tile is only read through shared memory (an mma
// operand on tensor cores) need not pass through registers: the threads
// copy it from global into shared memory 16 bytes at a time with cp.async
// (tile_dist.async_copy), and out-of-bounds bytes arrive as zeros. The
// view's facts say when a load can be copied so (asyncCopyDim, ViewFacts.h),
// tile-sched's plan which loads are (tile_dist.operands, MmaOperands.h), and
// the view code (ViewLowering.cpp) emits the copies where the mma lowering
// puts their bytes.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_ASYNCVIEWCOPY_H
#define TILECHAIN_SCHED_MATERIALIZE_ASYNCVIEWCOPY_H

#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include <functional>

namespace tilechain {

/// Copies the 16-byte run of `load`'s tile from tile element `coords` on
/// (along asyncCopyDim, ViewFacts.h; the coordinates of the tile's first
/// `leadingUnitDims` dims, all of extent 1, left out) into `shared` from
/// element `slot` on; the bytes of elements outside the tensor are zeros.
using AsyncRunCopy = std::function<void(mlir::OpBuilder &, mlir::Location,
                                        mlir::ValueRange coords,
                                        mlir::Value shared, mlir::Value slot)>;
/// Computes, at the insertion point, what every copy of `load`'s runs
/// shares (the tile's origin, from `loweredIndex` where given instead of
/// the lowered index operands: another iteration's), and returns the
/// copier.
AsyncRunCopy asyncRunCopy(TileLowering &l, mlir::cuda_tile::LoadViewTkoOp load,
                          unsigned leadingUnitDims = 0,
                          llvm::ArrayRef<mlir::Value> loweredIndex = {});

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_ASYNCVIEWCOPY_H
