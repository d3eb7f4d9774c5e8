//===- PlanMmaPipelines.cpp - tile-sched: each mma's software pipeline ----===//
//
// tile-sched's second decision on the tile program: for every mma on tensor
// cores whose operands tilechain-plan-mma-operands brought to shared
// memory, the ring of stages it multiplies from (MmaPipelines.h): how many
// stages, so that the copies in flight cover the loads' latency hints
// within the CTA's shared memory; how many groups of mma instructions each
// thread leaves running; and whether the ring runs on through the
// iterations of the loop around the mma, so that no iteration but the
// first waits for its first chunks. The plan is recorded on the mma as
// `tile_dist.pipeline`, where `--stop-after=tilechain-plan-mma-pipelines`
// shows it; a plan edited there and fed back to tile-sched is kept, and the
// materialization builds what is recorded, or refuses a ring it cannot
// build. The serial form pipelines nothing.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/Occupancy.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace tilechain;

namespace {

struct PlanMmaPipelinesPass
    : public PassWrapper<PlanMmaPipelinesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PlanMmaPipelinesPass)

  StringRef getArgument() const override {
    return "tilechain-plan-mma-pipelines";
  }
  StringRef getDescription() const override {
    return "Plan the ring of shared-memory stages each mma on tensor cores "
           "multiplies from (stages, mma groups in flight, across loop "
           "iterations or not) and record it as tile_dist.pipeline";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto plan = [&](cuda_tile::EntryOp entry, const TargetInfo &target,
                    unsigned numWarps) {
      TargetInfo cta = kernelTarget(entry, target, numWarps);
      entry.walk([&](Operation *op) {
        // A record already there (edited at this stop point and fed back to
        // tile-sched) is kept; the materialization checks it.
        if (!isMma(op) ||
            op->hasAttr(tile_dist::TileDistDialect::kMmaPipelineAttrName))
          return;
        // Only where the operands' record is there to pipeline (the
        // materialization refuses an mma on tensor cores without one).
        std::optional<tile_dist::MmaInstruction> instruction =
            recordedMmaInstruction(op);
        std::optional<std::array<tile_dist::MmaOperandAttr, 2>> operands =
            recordedMmaOperands(op);
        if (!instruction || !operands ||
            *instruction == tile_dist::MmaInstruction::Fma ||
            whyNotInstruction(op, *instruction, target, numWarps))
          return;
        MmaPipelinePlan pipeline =
            planMmaPipeline(op, *instruction, *operands, cta, numWarps);
        op->setAttr(tile_dist::TileDistDialect::kMmaPipelineAttrName,
                    tile_dist::MmaPipelineAttr::get(
                        op->getContext(), pipeline.stages,
                        pipeline.mmaGroupsInFlight,
                        pipeline.ringLoop ? tile_dist::PipelineSpan::Iterations
                                          : tile_dist::PipelineSpan::Chunks));
      });
    };
    if (failed(forEachParallelKernel(getOperation(), plan)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createPlanMmaPipelinesPass() {
  return std::make_unique<PlanMmaPipelinesPass>();
}
