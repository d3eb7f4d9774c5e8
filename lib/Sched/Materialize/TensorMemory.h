//===- TensorMemory.h - an mma's accumulator in tensor memory --*- C++ -*-===//
//
// On tcgen05.mma (Tcgen05Lowering.cpp) an mma accumulates in the CTA's
// tensor memory: columns that warp 0 allocates, and two mbarriers that
// the products' commits complete on, for one run of the mma or through the
// loop that keeps the accumulator there. This file holds their set-up and
// release, the waits for a commit, and the columns of a block-scaled mma's
// scales, which both the mma's set-up (Tcgen05Lowering.cpp) and each
// chunk's products (Tcgen05Chunk.h) use.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_TENSORMEMORY_H
#define TILECHAIN_SCHED_MATERIALIZE_TENSORMEMORY_H

#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Sched/Materialize/TileLowering.h"

namespace tilechain::mma {

/// The columns of tensor memory an mma's accumulator takes during one run of
/// it, or through a loop: the shared buffer holding the two mbarriers its
/// products complete on (bytes 0 and 8: commit n of the run or loop
/// arrives on mbarrier n mod 2, completing its phase n / 2) and the slot of
/// the columns' address (byte 16), and the address.
struct TensorMemory {
  mlir::Value control, address;
  int64_t columns;
};

mlir::Value indexConstant(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
mlir::Value i32Constant(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// The two commit mbarriers in `control`.
mlir::Value barriersOf(mlir::OpBuilder &b, mlir::Value control);

/// The mbarrier commit `n` (an i32 value) arrives on.
mlir::Value commitBarrier(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value n);

/// Waits for commit `n` (an i32 value) of the products on `control`'s
/// mbarriers: the phase n / 2 of mbarrier n mod 2. No waiter lags two
/// phases behind, since commit n + 2 comes after a barrier every thread
/// passes after this wait.
void waitForCommit(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::Value control, mlir::Value n);

/// Waits for commit n - 1 (`n` an i32 value) where n is not 0: the
/// products before commit n, where there are any.
void waitForCommitBefore(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value control, mlir::Value n);

/// Warp 0 allocates the columns, thread 0 sets up the mbarriers, and a
/// barrier between tcgen05 fences publishes both; every thread then reads
/// the address. The two write the control buffer after a barrier of their
/// own, which tile-sched keeps where it gives these bytes to an exchange
/// whose reads may not be done yet (an earlier iteration's included).
mlir::FailureOr<TensorMemory> allocateTensorMemory(TileLowering &l,
                                                   mlir::Operation *op,
                                                   int64_t columns);

/// Every thread's reads are done before warp 0 gives the columns back and
/// thread 0 the mbarriers.
void releaseTensorMemory(TileLowering &l, mlir::Location loc,
                         const TensorMemory &memory);

/// The copy of a block-scaled mma's scales that this run writes and reads:
/// its tensor-memory columns from `base` on (BlockScales).
struct ScaleColumns {
  mlir::Value base; // i32, lane 0
  BlockScales scales;

  /// The first column of group `group` (an i32 value) of the lhs scales
  /// or of the rhs scales.
  mlir::Value group(mlir::OpBuilder &b, mlir::Location loc, mlir::Value group,
                    bool rhs) const;

  /// The scale address of k block `block` (an i32 value) from x `x0` on:
  /// the column of x0's group and, in bits 30-31, the block's byte.
  mlir::Value address(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value block, bool rhs, int64_t x0) const;
};

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_TENSORMEMORY_H
