//===- HoistLoopInvariants.cpp - tile-lower: views made before the k loop -===//
//
// cuTile 13.1 writes a k loop's partition views, and index arithmetic that
// does not change from one iteration to the next, in the loop's body. A
// ring that copies an mma's operands iterations ahead reads each chunk
// through the view and indices a later iteration would use, so the
// pipeline plan takes only loads whose view and indices are made before
// the loop or are its counter (loadFollowsCounter); the others were
// pipelined within each iteration (RemarkMemoryPipelineWithinIteration: 54
// of the corpus's 13.1 tensor-core kernels on sm_90). What such a body
// computes from values made before the loop alone, by pure ops, is
// computed once before it here, in the loops around an mma: views,
// tokens and scalars only. A tile stays where it is computed, as moving it
// would keep its registers live across the whole loop.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;
namespace ct = mlir::cuda_tile;

namespace {

/// Whether `op` may be computed once before the loop: pure, without
/// regions, and yielding no tile of rank 1 or more.
bool isHoistable(Operation *op) {
  if (op->getNumRegions() || !isPure(op))
    return false;
  return llvm::none_of(op->getResultTypes(), [](Type type) {
    auto tile = dyn_cast<ct::TileType>(type);
    return tile && tile.getRank() > 0;
  });
}

struct HoistLoopInvariantsPass
    : public PassWrapper<HoistLoopInvariantsPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistLoopInvariantsPass)

  StringRef getArgument() const override {
    return "tilechain-hoist-loop-invariants";
  }
  StringRef getDescription() const override {
    return "Compute the views and scalars that a loop around an mma makes "
           "from values before it once, before the loop";
  }

  void runOnOperation() override {
    getOperation().walk([](ct::ForOp loop) {
      bool aroundMma = llvm::any_of(loop.getBody()->getOperations(),
                                    [](Operation &op) {
                                      return tilechain::isMma(&op);
                                    });
      if (!aroundMma)
        return;
      Region &body = loop.getRegion();
      moveLoopInvariantCode(
          {&body},
          [&](Value v, Region *) {
            return !loop->isAncestor(v.getParentRegion()->getParentOp());
          },
          [](Operation *op, Region *) { return isHoistable(op); },
          [&](Operation *op, Region *) { op->moveBefore(loop); });
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createHoistLoopInvariantsPass() {
  return std::make_unique<HoistLoopInvariantsPass>();
}
