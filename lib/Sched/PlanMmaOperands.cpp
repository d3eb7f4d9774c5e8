//===- PlanMmaOperands.cpp - tile-sched: how mma operands reach shared memory ===//
//
// tile-sched's first decision on the tile program: for every mma that runs
// on tensor cores (the instruction tile-lower recorded: wgmma, tcgen05 or
// mma_sync), how its lhs and rhs reach the shared-memory arrays the
// instruction reads (MmaOperands.h): written from the threads' registers,
// copied by cp.async or by TMA, which of their dims is contiguous and how
// their rows are swizzled. The plan is recorded on the mma as
// `tile_dist.operands`, where `--stop-after=tilechain-plan-mma-operands`
// shows it; a plan edited there and fed back to tile-sched is kept, and the
// materialization builds what is recorded, or refuses a form the mma cannot
// take. The serial form stages nothing.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

struct PlanMmaOperandsPass
    : public PassWrapper<PlanMmaOperandsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PlanMmaOperandsPass)

  StringRef getArgument() const override {
    return "tilechain-plan-mma-operands";
  }
  StringRef getDescription() const override {
    return "Plan how the operands of each mma on tensor cores reach shared "
           "memory (registers, cp_async or tma; order; swizzle) and record "
           "it as tile_dist.operands";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilechain::tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto plan = [&](cuda_tile::EntryOp entry,
                    const tilechain::TargetInfo &target, unsigned numWarps) {
      entry.walk([&](Operation *op) {
        // A record already there (a plan edited at this stop point and fed
        // back to tile-sched) is kept; the materialization checks it.
        if (!tilechain::isMma(op) ||
            op->hasAttr(
                tilechain::tile_dist::TileDistDialect::kMmaOperandsAttrName))
          return;
        std::optional<tilechain::tile_dist::MmaInstruction> instruction =
            tilechain::recordedMmaInstruction(op);
        // The materialization refuses an instruction that cannot take its
        // mma; there is nothing to plan for one.
        if (!instruction ||
            *instruction == tilechain::tile_dist::MmaInstruction::Fma ||
            tilechain::whyNotInstruction(op, *instruction, target, numWarps))
          return;
        std::array<tilechain::MmaOperandPlan, 2> plans =
            tilechain::planMmaOperands(op, *instruction, target, numWarps);
        op->setAttr(
            tilechain::tile_dist::TileDistDialect::kMmaOperandsAttrName,
            ArrayAttr::get(op->getContext(),
                           {plans[0].form, plans[1].form}));
      });
    };
    if (failed(tilechain::forEachParallelKernel(getOperation(), plan)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createPlanMmaOperandsPass() {
  return std::make_unique<PlanMmaOperandsPass>();
}
