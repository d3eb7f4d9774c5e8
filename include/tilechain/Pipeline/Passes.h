//===- Passes.h - the passes the stage pipelines are built from -----------===//
#ifndef TILECHAIN_PIPELINE_PASSES_H
#define TILECHAIN_PIPELINE_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// Fails unless the module is the output of `stage` ("tile-read",
/// "tile-lower" or "tile-sched") and has the shape that stage produces.
std::unique_ptr<mlir::Pass> createExpectStagePass(llvm::StringRef stage);

/// Records on the module that `stage` produced it.
std::unique_ptr<mlir::Pass> createMarkStagePass(llvm::StringRef stage);

/// tile-lower, parallel form: runs an mma's k loop and its store once per
/// column slice where the accumulator would take more registers per thread
/// than an mma keeps, or a block-scaled one's accumulator and scales more
/// tensor memory than sm_100 has (SplitWideAccumulators.cpp).
std::unique_ptr<mlir::Pass>
createSplitWideAccumulatorsPass(llvm::StringRef gpuName);

/// tile-lower, parallel form, sm_100 and newer: computes each
/// cuda_tile.mmaf_scaled as an mmaf of its operands times their block
/// scales, rounded exactly to bf16 (ExpandScaledMma.cpp).
std::unique_ptr<mlir::Pass> createExpandScaledMmaPass(llvm::StringRef gpuName);

/// tile-lower, parallel form: loads the block scales of mmaf_scaled in a k
/// loop an iteration ahead, carried by the loop (PrefetchBlockScales.cpp).
std::unique_ptr<mlir::Pass> createPrefetchBlockScalesPass();

/// tile-lower, parallel form: chooses the layouts of each kernel's tiles
/// from how they are used and records them as `tile_dist.layout` attributes
/// for the lowering (LayoutAssignment.cpp).
std::unique_ptr<mlir::Pass> createAssignLayoutsPass();

struct LowerOptions;

/// tile-lower, last: checks the target chip, optimization level and tile
/// form and records them on the module for tile-sched (RecordTarget.cpp).
std::unique_ptr<mlir::Pass> createRecordTargetPass(const LowerOptions &options);

/// tile-sched: replaces every cuda_tile.module by a gpu.module of per-thread
/// code for the target tile-lower recorded; in the parallel form, kernels
/// spread their tiles over a CTA's threads where they can
/// (MaterializeThreads.cpp).
std::unique_ptr<mlir::Pass> createMaterializeThreadsPass();

/// tile-sched: places every tile buffer of each kernel in its entry block.
std::unique_ptr<mlir::Pass> createAssignTileBuffersPass();

/// tile-sched, parallel form: removes the tile_dist.convert_layout ops that
/// are not needed (folds, dead ones), moves those of loop-invariant tiles
/// out of loops and merges repeated ones (RemoveLayoutConversions.cpp).
std::unique_ptr<mlir::Pass> createRemoveLayoutConversionsPass();

/// tile-sched, parallel form: carries out each tile_dist.convert_layout, as
/// a selection of registers or through shared memory between barriers.
std::unique_ptr<mlir::Pass> createMaterializeLayoutConversionsPass();

/// tile-sched, parallel form: places each kernel's shared-memory buffers in
/// one array, sharing bytes by liveness, and removes the write-after-read
/// barriers that order nothing there (PlanSharedMemory.cpp).
std::unique_ptr<mlir::Pass> createPlanSharedMemoryPass();

/// tile-llc: tile kernels (`tilechain.tile_kernel`) read their tile block id
/// from %clusterid on sm_90 and newer, and a module with tile kernels defines
/// NVIDIA's tile launch metadata. Runs before convert-gpu-to-nvvm.
std::unique_ptr<mlir::Pass> createTileKernelFormPass();

/// tile-llc, after convert-gpu-to-nvvm: the `llvm.loop_annotation` that
/// scf.for loops carried (discardable, now on their back-edge branch) becomes
/// the branch's loop_annotation, so that it reaches LLVM IR.
std::unique_ptr<mlir::Pass> createLoopAnnotationsPass();

/// tile-llc, with --lineinfo: call-site locations whose callee has no file
/// position become their caller (MLIR 22's debug-scope pass needs one).
std::unique_ptr<mlir::Pass> createCallSiteLocationsPass();

/// tile-llc --emit=host-obj: each gpu.func kernel K becomes a func.func
/// K__host(params, grid) in the builtin.module; the gpu.module goes away.
std::unique_ptr<mlir::Pass> createHostKernelsPass();

/// tile-llc --emit=host-obj, in the LLVM dialect: each thread function that
/// waits for other threads becomes an LLVM coroutine suspended at its start
/// and wherever it waits (HostBlock.h).
std::unique_ptr<mlir::Pass> createHostCoroutinesPass();

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_PASSES_H
