//===- Passes.h - tile-lower's passes -------------------------------------===//
//
// What tile-lower decides about the tile program, as passes over cuda_tile
// (docs/pipeline.md, "tile-lower").
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_PASSES_H
#define TILECHAIN_LOWER_PASSES_H

#include "tilechain/Pipeline/Pipeline.h"

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// tile-lower, parallel form: runs an mma's k loop and its store once per
/// column slice where the accumulator would take more registers per thread
/// than an mma keeps, or a block-scaled one's accumulator and scales more
/// tensor memory than sm_100 has (SplitWideAccumulators.cpp).
std::unique_ptr<mlir::Pass> createSplitWideAccumulatorsPass();

/// tile-lower, parallel form, sm_100 and newer: computes each
/// cuda_tile.mmaf_scaled as an mmaf of its operands times their block
/// scales, rounded exactly to bf16 (ExpandScaledMma.cpp).
std::unique_ptr<mlir::Pass> createExpandScaledMmaPass();

/// tile-lower, parallel form: loads the block scales of mmaf_scaled in a k
/// loop an iteration ahead, carried by the loop (PrefetchBlockScales.cpp).
std::unique_ptr<mlir::Pass> createPrefetchBlockScalesPass();

/// tile-lower, parallel form, sm_90 and newer: where cuTile's
/// num_cta_in_cga hint asks for clusters, makes each tile block a cluster
/// whose CTAs each compute a slice of the tiles the kernel stores, and
/// records its size on the entry as `tile_dist.cluster_ctas`
/// (SplitTilesOverCluster.cpp).
std::unique_ptr<mlir::Pass> createSplitTilesOverClusterPass();

/// tile-lower, parallel form: computes once, before a loop around an mma,
/// the views and scalars its body makes from values before the loop
/// (HoistLoopInvariants.cpp), so that the loop's copies can be pipelined
/// across iterations.
std::unique_ptr<mlir::Pass> createHoistLoopInvariantsPass();

/// tile-lower, parallel form: chooses the warps of each kernel's CTA and
/// records them on its entry as `tile_dist.num_warps` (AssignWarps.cpp).
std::unique_ptr<mlir::Pass> createAssignWarpsPass();

/// tile-lower, parallel form: chooses the instruction each mma runs on and
/// records it as `tile_dist.mma` (ChooseMmaInstructions.cpp).
std::unique_ptr<mlir::Pass> createChooseMmaInstructionsPass();

/// tile-lower, parallel form: chooses the layouts of each kernel's tiles
/// from how they are used and records them as `tile_dist.layout` attributes
/// for the lowering (LayoutAssignment.cpp).
std::unique_ptr<mlir::Pass> createAssignLayoutsPass();

/// tile-lower, first: checks the target chip, optimization level and tile
/// form and records them on the module for the passes after it and
/// tile-sched (RecordTarget.cpp, Target.h).
std::unique_ptr<mlir::Pass> createRecordTargetPass(const LowerOptions &options);

} // namespace tilechain

#endif // TILECHAIN_LOWER_PASSES_H
