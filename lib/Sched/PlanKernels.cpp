//===- PlanKernels.cpp - what tile-sched's plans walk ---------------------===//
#include "PlanKernels.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/Warps.h"
#include "tilechain/Pipeline/Pipeline.h"

using namespace mlir;

LogicalResult tilechain::forEachParallelKernel(
    ModuleOp top,
    llvm::function_ref<void(cuda_tile::EntryOp, const TargetInfo &, unsigned)>
        plan) {
  auto form = top->getAttrOfType<StringAttr>(kTileFormAttrName);
  if (!form || form.getValue() != "parallel")
    return success();
  std::optional<TargetInfo> target = recordedTarget(top);
  if (!target)
    return failure();
  return forEachEntryWithWarps(top, [&](cuda_tile::EntryOp entry,
                                        unsigned numWarps) {
    plan(entry, *target, numWarps);
  });
}
