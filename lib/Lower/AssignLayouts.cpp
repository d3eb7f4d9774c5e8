//===- AssignLayouts.cpp - tile-lower: layouts chosen before the lowering --===//
//
// The parallel form's layout choice as a pass over cuda_tile, so that it can
// be seen (--mlir-print-ir-after-all, the tile_dist.layout attributes) and
// tested alone: each kernel's tiles take layouts from how they are used
// (tilechain::assignLayouts), and the lowering that follows builds them so.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Sched/Materialize/TileLowering.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

struct AssignLayoutsPass
    : public PassWrapper<AssignLayoutsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignLayoutsPass)

  StringRef getArgument() const override { return "tilechain-assign-layouts"; }
  StringRef getDescription() const override {
    return "Choose the parallel form's layouts of cuda_tile kernels' tiles "
           "from how they are used, as tile_dist.layout attributes";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilechain::tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    bool assigned = true;
    getOperation().walk([&](cuda_tile::EntryOp entry) {
      unsigned numWarps = tilechain::recordedNumWarps(entry);
      assigned &= numWarps != 0;
      if (numWarps)
        tilechain::assignLayouts(entry, numWarps);
    });
    if (!assigned)
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignLayoutsPass() {
  return std::make_unique<AssignLayoutsPass>();
}
