//===- BufferLifetimes.h - when a buffer is in use, and where it fits -----===//
//
// What tile-sched's two placements share: the per-thread tile buffers of the
// serial form (AssignTileBuffers.cpp) and the shared-memory buffers of the
// parallel form (PlanSharedMemory.cpp) both live from their first op to
// their last use, in program order, and are packed first fit by that order.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_BUFFERLIFETIMES_H
#define TILECHAIN_PIPELINE_BUFFERLIFETIMES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace tilechain {

/// Every op nested in `root` (itself included) by its position in a
/// pre-order walk: program order, where an op with regions comes before
/// what it contains.
struct ProgramOrder {
  explicit ProgramOrder(mlir::Operation *root);
  int64_t operator[](mlir::Operation *op) const { return position.lookup(op); }
  /// One past the last position of an op nested in `op`.
  int64_t endOf(mlir::Operation *op) const;
  int64_t size() const { return static_cast<int64_t>(ops.size()); }
  mlir::Operation *at(int64_t index) const { return ops[index]; }

private:
  llvm::DenseMap<mlir::Operation *, int64_t> position;
  llvm::SmallVector<mlir::Operation *> ops;
};

/// Where the use `user` of a buffer that comes into use at `birth` keeps it
/// in use until: `user` itself, or the end of the outermost loop that
/// contains `user` but not `birth` (each iteration uses it again).
int64_t useEnd(mlir::Operation *user, mlir::Operation *birth,
               const ProgramOrder &order);

/// The users of memref `value`, and of the memrefs ops derive from it
/// (views), recursively.
void collectMemRefUsers(mlir::Value value,
                        llvm::SmallVectorImpl<mlir::Operation *> &users);

/// The lowest multiple of `alignment` at which `bytes` bytes overlap none of
/// the byte ranges [from, to) of `taken`.
int64_t lowestFreeOffset(int64_t bytes, int64_t alignment,
                         llvm::ArrayRef<std::pair<int64_t, int64_t>> taken);

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_BUFFERLIFETIMES_H
