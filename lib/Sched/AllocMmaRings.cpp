//===- AllocMmaRings.cpp - tile-sched: each mma's ring as a value ---------===//
//
// After the plans of an mma's operands and pipeline (tile_dist.operands,
// tile_dist.pipeline), the ring of stages those describe becomes a value of
// the tile program: a `tile_dist.ring_alloc` of the ring's bytes, for
// each operand staged through it (copied, or written from registers; not a
// wgmma lhs read as fragments) a `tile_dist.in_ring` between the operand
// and the mma, and a `tile_dist.ring_dealloc`. The allocation stands before
// the loop the ring runs through where its copies reach into later
// iterations and the deallocation after it, else right before and after
// the mma, so the ring's live range reads off the program. The
// materialization allocates the ring where it stands, stages the operands
// of the mma in it, and gives its mbarriers back at its deallocation.
// `--stop-after=tilechain-alloc-mma-rings` shows them; rings edited there
// and fed back are kept, and the materialization refuses a ring whose
// stages or bytes are not those of its mma's records.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/Occupancy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Whether `op` reads an operand through a ring already.
bool hasRing(Operation *op) {
  return llvm::any_of(op->getOperands().take_front(2), [](Value operand) {
    return operand.getDefiningOp<tile_dist::InRingOp>();
  });
}

struct AllocMmaRingsPass
    : public PassWrapper<AllocMmaRingsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AllocMmaRingsPass)

  StringRef getArgument() const override { return "tilechain-alloc-mma-rings"; }
  StringRef getDescription() const override {
    return "Allocate the ring of stages of each pipelined mma "
           "(tile_dist.ring_alloc, ring_dealloc) and pass its staged "
           "operands through it (tile_dist.in_ring)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto alloc = [&](cuda_tile::EntryOp entry, const TargetInfo &target,
                     unsigned numWarps) {
      TargetInfo cta = kernelTarget(entry, target, numWarps);
      SmallVector<Operation *> mmas;
      entry.walk([&](Operation *op) {
        if (isMma(op) && !hasRing(op))
          mmas.push_back(op);
      });
      for (Operation *op : mmas) {
        // The mmas whose ring tilechain-plan-mma-pipelines recorded.
        std::optional<tile_dist::MmaInstruction> instruction =
            recordedMmaInstruction(op);
        std::optional<std::array<tile_dist::MmaOperandAttr, 2>> records =
            recordedMmaOperands(op);
        tile_dist::MmaPipelineAttr pipeline = recordedMmaPipeline(op);
        if (!instruction || !records || !pipeline)
          continue;
        cuda_tile::ForOp ringLoop;
        if (pipeline.getAcross() == tile_dist::PipelineSpan::Iterations) {
          std::string whyNot;
          ringLoop = pipelineLoop(op, pipelinedOperands(op, *records), whyNot);
        }
        OpBuilder b(op);
        if (ringLoop)
          b.setInsertionPoint(ringLoop);
        Value ring = tile_dist::RingAllocOp::create(
            b, op->getLoc(),
            mmaRingType(op, *instruction, *records, pipeline, cta, numWarps));
        // Its end: after the loop (in the order of the loop's mmas, after
        // the deallocations of the rings before), else after the mma.
        Operation *last = ringLoop ? ringLoop.getOperation() : op;
        while (isa_and_nonnull<tile_dist::RingDeallocOp>(last->getNextNode()))
          last = last->getNextNode();
        b.setInsertionPointAfter(last);
        tile_dist::RingDeallocOp::create(b, op->getLoc(), ring);
        b.setInsertionPoint(op);
        for (auto [index, record] : llvm::enumerate(*records)) {
          if (record.getCopy() == tile_dist::OperandCopy::Fragments)
            continue;
          Value operand = op->getOperand(index);
          op->setOperand(index,
                         tile_dist::InRingOp::create(b, op->getLoc(),
                                                     operand.getType(), ring,
                                                     operand));
        }
      }
    };
    if (failed(forEachParallelKernel(getOperation(), alloc)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAllocMmaRingsPass() {
  return std::make_unique<AllocMmaRingsPass>();
}
