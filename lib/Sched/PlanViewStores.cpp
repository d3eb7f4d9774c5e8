//===- PlanViewStores.cpp - tile-sched: how each view store goes ----------===//
//
// tile-sched's plan for the stores on a chip with TMA (sm_90 on): each view
// store goes by its threads' own stores or, where those would be narrow
// (an mma accumulator's fragments hold runs of fewer than 16 bytes along
// its rows), by one TMA store of a shared buffer the threads fill
// (include/tilechain/Lower/ViewStores.h). The plan reads the layout
// tile-lower recorded for the stored tile, the view's facts and the CTA's
// shared memory, and is recorded on the store as `tile_dist.store`, where
// `--stop-after=tilechain-plan-view-stores` shows it. A record edited there
// and fed back to tile-sched is kept; the materialization builds what is
// recorded, and refuses a `tensor_map` the store cannot take. Older chips
// and the serial form store by thread, with nothing recorded.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/Occupancy.h"
#include "tilechain/Lower/ViewStores.h"
#include "tilechain/Target/Chips.h"

using namespace mlir;
using namespace tilechain;

namespace {

struct PlanViewStoresPass
    : public PassWrapper<PlanViewStoresPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PlanViewStoresPass)

  StringRef getArgument() const override {
    return "tilechain-plan-view-stores";
  }
  StringRef getDescription() const override {
    return "Plan whether each view store goes by its threads' stores or by "
           "TMA through shared memory, and record it as tile_dist.store";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto plan = [&](cuda_tile::EntryOp entry, const TargetInfo &target,
                    unsigned numWarps) {
      if (target.smVersion < kTensorMapMinSM)
        return;
      TargetInfo cta = kernelTarget(entry, target, numWarps);
      entry.walk([&](cuda_tile::StoreViewTkoOp store) {
        // A record already there (edited at this stop point and fed back to
        // tile-sched) is kept; the materialization checks it.
        if (recordedViewStore(store))
          return;
        store->setAttr(tile_dist::TileDistDialect::kViewStoreAttrName,
                       tile_dist::StoreCopyAttr::get(
                           store->getContext(),
                           planViewStore(store, cta, numWarps).copy));
      });
    };
    if (failed(forEachParallelKernel(getOperation(), plan)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createPlanViewStoresPass() {
  return std::make_unique<PlanViewStoresPass>();
}
