//===- NameConsumerBarriers.cpp - tile-sched: the consumers' own barriers -===//
//
// A warp-specialized kernel (tilechain-specialize-warps) splits at its
// producer warpgroup's scf.if, whose region ends in nvvm.exit: after it only
// the kernel's W consumer warps run, so a barrier there must count them
// alone. This pass turns each gpu.barrier after the split into their named
// barrier, `bar.sync 1, 32 W` (W from tilechain.consumer_warps, which the
// materialization sets and this pass removes).
//
// It runs last, so that the passes that place and drop barriers
// (PlanSharedMemory's write-after-read barriers, the canonicalizer's merge
// of adjacent ones, DropRedundantBarriers) treat the consumers' barriers as
// the block's: what they keep orders conflicting accesses of any two
// threads, so it orders the consumers' too, and what they drop orders no
// conflict even counting the producer's accesses.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

/// The scf.if of `body` that the producer warps leave the kernel in, or
/// null.
scf::IfOp producerSplit(Block &body) {
  for (Operation &op : body) {
    auto split = dyn_cast<scf::IfOp>(op);
    if (split && llvm::any_of(split.getThenRegion().front(), [](Operation &in) {
          return isa<NVVM::Exit>(in);
        }))
      return split;
  }
  return scf::IfOp();
}

struct NameConsumerBarriersPass
    : public PassWrapper<NameConsumerBarriersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NameConsumerBarriersPass)

  StringRef getArgument() const override {
    return "tilechain-name-consumer-barriers";
  }
  StringRef getDescription() const override {
    return "Turn each barrier after a warp-specialized kernel's split into "
           "its consumers' named barrier";
  }

  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      auto warps =
          func->getAttrOfType<IntegerAttr>(tilechain::kConsumerWarpsAttrName);
      if (!warps)
        return;
      func->removeAttr(tilechain::kConsumerWarpsAttrName);
      Block &body = func.getBody().front();
      scf::IfOp split = producerSplit(body);
      if (!split) {
        func.emitError() << "is warp-specialized ("
                         << tilechain::kConsumerWarpsAttrName
                         << ") but has no producer split (an scf.if of its "
                            "body whose region exits)";
        return signalPassFailure();
      }
      SmallVector<gpu::BarrierOp> barriers;
      func.walk([&](gpu::BarrierOp barrier) {
        Operation *at = body.findAncestorOpInBlock(*barrier);
        if (at && split->isBeforeInBlock(at))
          barriers.push_back(barrier);
      });
      int64_t threads = warps.getInt() * 32;
      for (gpu::BarrierOp barrier : barriers) {
        OpBuilder b(barrier);
        Location loc = barrier.getLoc();
        NVVM::BarrierOp::create(
            b, loc, TypeRange(), arith::ConstantIntOp::create(b, loc, 1, 32),
            arith::ConstantIntOp::create(b, loc, threads, 32),
            NVVM::BarrierReductionAttr(), Value());
        barrier.erase();
      }
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createNameConsumerBarriersPass() {
  return std::make_unique<NameConsumerBarriersPass>();
}
