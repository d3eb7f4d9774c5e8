//===- DropCoveredMbarrierFences.cpp - one fence for a thread's setups ----===//
//
// fence.mbarrier_init makes every mbarrier_init its thread has run so far
// visible to the async proxy (TMA's complete_tx, tcgen05.commit's arrive),
// which sees them no earlier than it first acts on one. Where the same
// thread fences again before any TMA copy or tcgen05 commit is issued, the
// first fence orders nothing the second does not: the sm_100 lowerings set
// up a tcgen05 commit's mbarriers, then a TMA ring's, each ending with its
// fence, all before the first copy.
//
// A fence is dropped where the next op of its scf.if's block that issues a
// copy or commit (or holds one) comes after an scf.if on the same condition
// whose body ends in a fence.mbarrier_init. The condition being the same
// value, both bodies run on the same thread (the lowerings guard setups by
// their thread-0 test).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Whether `op` is or holds an op through which the async proxy acts on an
/// mbarrier.
bool issuesAsyncArrivals(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<tile_dist::TensorCopyOp, tile_dist::TensorMmaCommitOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op` is an scf.if on `condition` whose then-body ends in a
/// fence.mbarrier_init.
bool fencesOn(Operation *op, Value condition) {
  auto branch = dyn_cast<scf::IfOp>(op);
  if (!branch || branch.getCondition() != condition)
    return false;
  Operation *yield = branch.thenBlock()->getTerminator();
  return isa_and_nonnull<NVVM::FenceMbarrierInitOp>(yield->getPrevNode());
}

/// Whether `fence`, the last op of an scf.if's then-body, is covered by a
/// later fence of the same thread before any async arrival.
bool isCovered(NVVM::FenceMbarrierInitOp fence) {
  auto branch = dyn_cast<scf::IfOp>(fence->getParentOp());
  if (!branch || fence->getNextNode() != branch.thenBlock()->getTerminator())
    return false;
  for (Operation *next = branch->getNextNode(); next;
       next = next->getNextNode()) {
    if (fencesOn(next, branch.getCondition()))
      return !issuesAsyncArrivals(next);
    if (issuesAsyncArrivals(next))
      return false;
  }
  return false;
}

struct DropCoveredMbarrierFencesPass
    : public PassWrapper<DropCoveredMbarrierFencesPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropCoveredMbarrierFencesPass)

  StringRef getArgument() const override {
    return "tilechain-drop-covered-mbarrier-fences";
  }
  StringRef getDescription() const override {
    return "Remove the fence.mbarrier_init that the same thread's next one "
           "covers, before any TMA copy or tcgen05 commit";
  }

  void runOnOperation() override {
    SmallVector<NVVM::FenceMbarrierInitOp> covered;
    getOperation().walk([&](NVVM::FenceMbarrierInitOp fence) {
      if (isCovered(fence))
        covered.push_back(fence);
    });
    for (NVVM::FenceMbarrierInitOp fence : covered)
      fence.erase();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createDropCoveredMbarrierFencesPass() {
  return std::make_unique<DropCoveredMbarrierFencesPass>();
}
