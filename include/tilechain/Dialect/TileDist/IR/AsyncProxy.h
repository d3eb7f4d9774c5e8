//===- AsyncProxy.h - which tile_dist ops reach memory asynchronously -----===//
//
// Shared memory is reached through two proxies: the generic one (loads,
// stores, stmatrix, cp.async, the mbarrier ops) and the async one. A
// thread's generic writes become visible to the async proxy only after its
// fence.proxy.async. tile-sched's fence placement and barrier removal and
// the host's per-byte proxy check all need to know which ops are which.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DIALECT_TILEDIST_IR_ASYNCPROXY_H
#define TILECHAIN_DIALECT_TILEDIST_IR_ASYNCPROXY_H

#include "mlir/IR/Operation.h"

namespace tilechain::tile_dist {

/// Whether `op` reads or writes shared memory through the async proxy: a
/// TMA copy or store, or a wgmma or tcgen05.mma reading its operands.
bool accessesThroughAsyncProxy(mlir::Operation *op);

} // namespace tilechain::tile_dist

#endif // TILECHAIN_DIALECT_TILEDIST_IR_ASYNCPROXY_H
