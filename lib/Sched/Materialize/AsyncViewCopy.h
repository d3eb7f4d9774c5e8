//===- AsyncViewCopy.h - view loads copied into shared memory ---*- C++ -*-===//
//
// A view load whose tile is only read through shared memory (an mma
// operand on tensor cores) need not pass through registers: the threads
// copy it from global into shared memory 16 bytes at a time with cp.async
// (tile_dist.async_copy), and out-of-bounds bytes arrive as zeros. The
// view code (ViewLowering.cpp) says when a load can be copied so and emits
// the copies; the mma lowering decides which loads it takes this way and
// where their bytes go.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_ASYNCVIEWCOPY_H
#define TILECHAIN_SCHED_MATERIALIZE_ASYNCVIEWCOPY_H

#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include <functional>

namespace tilechain {

/// The tile dim along which `load`'s view is contiguous, where its tile can
/// be copied 16 bytes at a time: a weak load of a tiled (not gather) view
/// padded with zeros or not at all, whose facts (base alignment, strides,
/// tile step) keep every 16-byte run of the tile along that dim aligned,
/// and whose tile is a whole number of runs along it.
std::optional<unsigned> asyncCopyDim(TileLowering &l,
                                     mlir::cuda_tile::LoadViewTkoOp load);

/// Copies the 16-byte run of `load`'s tile from tile element `coords` on
/// (along asyncCopyDim; the coordinates of the tile's first
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
