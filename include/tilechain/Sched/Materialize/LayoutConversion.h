//===- LayoutConversion.h - tile_dist.convert_layout carried out -*- C++ -*-===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H
#define TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/Value.h"

namespace tilechain {

/// Replaces `op`, in a gpu.func of the parallel form whose running thread's
/// lane and warp are `lane` and `warp` (index values), with what it does:
/// a selection of the source's registers where every target register is one
/// of them, else a round trip through a new shared-memory buffer of the
/// kernel (a workgroup attribution, placed by tile-sched's planner) between
/// two barriers, the first marked write-after-read.
void materializeLayoutConversion(tile_dist::ConvertLayoutOp op,
                                 mlir::Value lane, mlir::Value warp);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_LAYOUTCONVERSION_H
