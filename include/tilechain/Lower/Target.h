//===- Target.h - the target a tile program is for --------------*- C++ -*-===//
//
// tile-lower checks its target options first and records them on the module
// (tilechain-record-target: `tilechain.target`, `tilechain.tile_form`); every
// later pass that plans for the chip, in tile-lower and tile-sched, reads the
// record, so that a file says what it was shaped for and no pass takes a
// target option of its own.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_TARGET_H
#define TILECHAIN_LOWER_TARGET_H

#include "tilechain/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace tilechain {

/// The chip `module`'s recorded target generates code for (loweringChip:
/// sm_100's for sm_107), or nullopt after an error on `module` where
/// nothing (or nothing supported) is recorded.
std::optional<TargetInfo> recordedTarget(mlir::ModuleOp module);

} // namespace tilechain

#endif // TILECHAIN_LOWER_TARGET_H
