//===- AssignTileBuffers.cpp - place every tile buffer in the frame -------===//
//
// tile-lower creates each tile buffer (memref.alloca) where its value is
// defined, possibly inside loops. An alloca in a loop would grow the stack on
// every iteration, so tile-sched owns placement: every tile buffer moves to
// the kernel's entry block, where it exists once for the whole kernel.
//
// This is safe because tile-lower never carries a buffer around a loop: a
// value defined in an iteration is dead before the next iteration redefines
// it, except through the dedicated loop-carried buffers, which are written
// only at the loop's yield (TileLowering.h).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace {

struct AssignTileBuffersPass
    : public PassWrapper<AssignTileBuffersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignTileBuffersPass)

  StringRef getArgument() const override {
    return "tilechain-assign-tile-buffers";
  }
  StringRef getDescription() const override {
    return "Place every tile buffer in the kernel's entry block";
  }

  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      Block &entry = func.getBody().front();
      SmallVector<memref::AllocaOp> buffers;
      func.walk([&](memref::AllocaOp alloca) {
        if (alloca->getBlock() != &entry &&
            alloca.getDynamicSizes().empty() &&
            alloca.getSymbolOperands().empty())
          buffers.push_back(alloca);
      });
      for (memref::AllocaOp alloca : buffers)
        alloca->moveBefore(&entry, entry.begin());
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignTileBuffersPass() {
  return std::make_unique<AssignTileBuffersPass>();
}
