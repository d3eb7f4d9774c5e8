//===- Passes.h - tile-sched's passes -------------------------------------===//
//
// The materialization of the tile program into per-thread code and the
// placement of that code's buffers and barriers (docs/pipeline.md,
// "tile-sched").
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_PASSES_H
#define TILECHAIN_SCHED_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// tile-sched, parallel form: records on each mma on tensor cores how its
/// lhs and rhs reach shared memory (tile_dist.operands, PlanMmaOperands.cpp).
std::unique_ptr<mlir::Pass> createPlanMmaOperandsPass();
/// tile-sched, parallel form: records on each of those mmas the ring of
/// shared-memory stages its operands are pipelined through
/// (tile_dist.pipeline, PlanMmaPipelines.cpp).
std::unique_ptr<mlir::Pass> createPlanMmaPipelinesPass();
/// tile-sched, parallel form on chips with TMA: records on each view store
/// whether it goes by its threads' stores or by TMA (tile_dist.store,
/// PlanViewStores.cpp).
std::unique_ptr<mlir::Pass> createPlanViewStoresPass();
/// tile-sched, parallel form: allocates the ring each pipelined mma stages
/// its operands in (tile_dist.ring_alloc) and passes those operands through
/// it (tile_dist.in_ring, AllocMmaRings.cpp).
std::unique_ptr<mlir::Pass> createAllocMmaRingsPass();
/// tile-sched, parallel form: writes the fills of the first chunks of each
/// ring that runs through its loop's iterations before the loop
/// (tile_dist.ring_fill, ExpandMmaPipelines.cpp).
std::unique_ptr<mlir::Pass> createExpandMmaPipelinesPass();
/// tile-sched, parallel form: gives a kernel's TMA ring a producer
/// warpgroup (tile_dist.ring_producer) and its mma's chunks the schedule of
/// a consumer (SpecializeWarps.cpp).
std::unique_ptr<mlir::Pass> createSpecializeWarpsPass();

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

/// tile-sched, parallel form: removes the barriers across which no two
/// threads' accesses conflict (DropRedundantBarriers.cpp).
std::unique_ptr<mlir::Pass> createDropRedundantBarriersPass();

/// tile-sched, parallel form: removes the fence.mbarrier_init that the same
/// thread's next one covers before any TMA copy or tcgen05 commit
/// (DropCoveredMbarrierFences.cpp).
std::unique_ptr<mlir::Pass> createDropCoveredMbarrierFencesPass();

/// On a warp-specialized kernel (tilechain-specialize-warps), from its
/// materialization to tilechain-name-consumer-barriers: the consumer warps
/// that run on after the producer warpgroup's split (an i32).
constexpr llvm::StringLiteral kConsumerWarpsAttrName =
    "tilechain.consumer_warps";

/// tile-sched, parallel form, last: each barrier after a warp-specialized
/// kernel's split becomes its consumers' named barrier
/// (NameConsumerBarriers.cpp).
std::unique_ptr<mlir::Pass> createNameConsumerBarriersPass();

} // namespace tilechain

#endif // TILECHAIN_SCHED_PASSES_H
