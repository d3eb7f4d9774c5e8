//===- LayoutConversion.h - tile_dist.convert_layout carried out -*- C++ -*-===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H
#define TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H

#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/LinearLayout.h"

#include "mlir/IR/Value.h"

#include <optional>

namespace tilechain {

/// Replaces `op`, in a gpu.func of the parallel form whose running thread's
/// lane and warp are `lane` and `warp` (index values), with what it does:
/// a selection of the source's registers where every target register is one
/// of them, else a round trip through a new shared-memory buffer of the
/// kernel (a workgroup attribution, placed by tile-sched's planner) between
/// two barriers, the first marked write-after-read. Where the tile takes
/// more than `sharedBytesLimit` bytes, it goes in rounds of one share each
/// (exchangeRoundBits), each between such barriers.
void materializeLayoutConversion(tile_dist::ConvertLayoutOp op,
                                 mlir::Value lane, mlir::Value warp,
                                 int64_t sharedBytesLimit);

/// The bits of the flat index over which a change of a tile's layout from
/// `from` to `to`, which takes `bytes` of shared memory at once, goes in
/// rounds so that each round takes at most `limit`: 0 where it fits at
/// once; else as few bits as fit, of those that only registers set in
/// `to`; nullopt where none do (or the layouts' shapes differ, as a
/// broadcast's do).
std::optional<uint64_t> exchangeRoundBits(const LinearLayout &from,
                                          const LinearLayout &to,
                                          int64_t bytes, int64_t limit);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H
