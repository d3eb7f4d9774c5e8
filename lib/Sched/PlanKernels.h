//===- PlanKernels.h - what tile-sched's plans walk ------------*- C++ -*-===//
//
// tile-sched's plans on the tile program (each mma's operands and ring,
// each view store's copy) are made per kernel of the parallel form, for the
// target and warps tile-lower recorded. This walks them.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_PLANKERNELS_H
#define TILECHAIN_SCHED_PLANKERNELS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

namespace tilechain {

/// Runs `plan` on each kernel of tile-lower's module `top` with the target
/// and the kernel's warps tile-lower recorded; nothing in the serial form.
/// Fails where the target or a kernel's warps are not recorded (after an
/// error saying so).
mlir::LogicalResult forEachParallelKernel(
    mlir::ModuleOp top,
    llvm::function_ref<void(mlir::cuda_tile::EntryOp, const TargetInfo &,
                            unsigned numWarps)>
        plan);

} // namespace tilechain

#endif // TILECHAIN_SCHED_PLANKERNELS_H
