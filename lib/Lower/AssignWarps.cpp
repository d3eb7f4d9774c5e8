//===- AssignWarps.cpp - tile-lower: the warps of each kernel's CTA -------===//
//
// The parallel form spreads each tile over all of a CTA's threads, so a
// kernel of larger tiles gets more of them: 8 warps from 4096 elements on,
// else 4. The choice is made once, here, first in the parallel form, and
// recorded on the entry: the passes after it plan for it (the accumulator
// split counts registers per thread, the instruction choice tiles results
// over the warps, the layouts spread tiles over them), and the
// materialization follows it.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

int64_t tilechain::largestTileElements(Operation *entry) {
  int64_t largest = 0;
  entry->walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (auto tile = dyn_cast<cuda_tile::TileType>(result.getType()))
        largest = std::max(largest, tile.getNumElements());
  });
  return largest;
}

unsigned tilechain::chooseNumWarps(Operation *entry) {
  return largestTileElements(entry) >= 4096 ? 8 : 4;
}

unsigned tilechain::recordedNumWarps(Operation *entry) {
  if (auto warps = entry->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
    return warps.getInt();
  entry->emitError() << "expected the warps tile-lower assigns ('"
                     << kNumWarpsAttrName << "', tilechain-assign-warps)";
  return 0;
}

LogicalResult tilechain::forEachEntryWithWarps(
    Operation *root,
    llvm::function_ref<void(cuda_tile::EntryOp, unsigned)> fn) {
  bool recorded = true;
  root->walk([&](cuda_tile::EntryOp entry) {
    unsigned numWarps = recordedNumWarps(entry);
    recorded &= numWarps != 0;
    if (numWarps)
      fn(entry, numWarps);
  });
  return success(recorded);
}

namespace {

struct AssignWarpsPass
    : public PassWrapper<AssignWarpsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignWarpsPass)

  StringRef getArgument() const override { return "tilechain-assign-warps"; }
  StringRef getDescription() const override {
    return "Choose the warps of each kernel's CTA in the parallel form and "
           "record them on its entry";
  }

  void runOnOperation() override {
    getOperation().walk([](cuda_tile::EntryOp entry) {
      entry->setAttr(
          tilechain::kNumWarpsAttrName,
          Builder(entry).getI32IntegerAttr(tilechain::chooseNumWarps(entry)));
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignWarpsPass() {
  return std::make_unique<AssignWarpsPass>();
}
