//===- ViewBytes.h - the bytes a chain of memref.views covers -------------===//
//
// tile-sched's fence placement (PlanSharedMemory.cpp) and barrier removal
// (DropRedundantBarriers.cpp) both tell apart the bytes of one buffer that
// its views cover, where the views' shifts are constants.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_VIEWBYTES_H
#define TILECHAIN_SCHED_VIEWBYTES_H

#include "mlir/IR/Value.h"

#include <optional>
#include <utility>

namespace tilechain {

/// `memref` as a chain of memref.views of `root` (`memref` itself where it
/// is no view), and the bytes [first, last) of `root` it covers where every
/// shift is a constant and its type static; no span otherwise.
struct ViewBytes {
  mlir::Value root;
  std::optional<std::pair<int64_t, int64_t>> span;
};
ViewBytes viewBytes(mlir::Value memref);

} // namespace tilechain

#endif // TILECHAIN_SCHED_VIEWBYTES_H
