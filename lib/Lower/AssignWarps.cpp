//===- AssignWarps.cpp - tile-lower: the warps of each kernel's CTA -------===//
//
// The parallel form spreads each tile over all of a CTA's threads, so a
// kernel of larger tiles gets more of them: 8 warps from 4096 elements on,
// else 4, unless cuTile's `num_worker_warps_per_cta` hint asks for a number
// (NVIDIA's tileiras 13.5 gives a kernel that many warps, beside the producer
// warpgroup of the kernels it specializes: docs/hint-values.tsv). The choice
// is made once, here, first in the parallel form, and recorded on the entry:
// the passes after it plan for it (the accumulator split counts registers
// per thread, the instruction choice tiles results over the warps, the
// layouts spread tiles over them), and the materialization follows it.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/TileRemarks.h"
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

/// The fewest warps of a CTA whose mma may run on a warpgroup instruction
/// (wgmma, tcgen05.mma): NVIDIA's tileiras gives the corpus matmul on sm_90
/// 128 threads for a hint of 1 or 2 worker warps.
constexpr int64_t kWarpgroupWarps = 4;

/// Whether `target` has a tensor-core instruction that a warpgroup issues
/// (the chips planWgmma and planTcgen05 take).
static bool hasWarpgroupMma(const tilechain::TargetInfo &target) {
  return target.smVersion == 90 || target.smVersion == 100;
}

unsigned tilechain::chooseNumWarps(cuda_tile::EntryOp entry,
                                   const TargetInfo &target) {
  unsigned fromTiles = largestTileElements(entry) >= 4096 ? 8 : 4;
  cuda_tile::OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
  std::optional<int64_t> hinted =
      hints ? hints.getNumWorkerWarpsPerCTA("sm_" +
                                            std::to_string(target.smVersion))
            : std::nullopt;
  if (!hinted)
    return fromTiles;
  auto remark = [&](TileRemarkKind kind, StringRef name, StringRef message) {
    return TileRemark{kind, kHintRemarks, name, entry.getLoc(),
                      message.str(), {}}
        .note("num_worker_warps_per_cta", std::to_string(*hinted));
  };
  StringRef notFollowed = "OptimizationHint num_worker_warps_per_cta not "
                          "followed";
  if (!cuda_tile::OptimizationHintsAttr::isValidIntHint(
          "num_worker_warps_per_cta", *hinted)) {
    reportTileRemark(
        remark(TileRemarkKind::Missed, "RemarkHintNotFollowed", notFollowed)
            .reason("a CTA has a power of two of worker warps, at most " +
                    std::to_string(cuda_tile::OptimizationHintsAttr::
                                       kMaxNumWorkerWarpsPerCTA) +
                    "; the kernel gets the " + std::to_string(fromTiles) +
                    " its tiles ask for"),
        entry.getSymName());
    return fromTiles;
  }
  bool hasMma = entry
                    ->walk([](Operation *op) {
                      return isMma(op) ? WalkResult::interrupt()
                                       : WalkResult::advance();
                    })
                    .wasInterrupted();
  if (*hinted < kWarpgroupWarps && hasMma && hasWarpgroupMma(target)) {
    reportTileRemark(
        remark(TileRemarkKind::Missed, "RemarkHintNotFollowed", notFollowed)
            .reason("the kernel's mma may run on a warpgroup (" +
                    std::to_string(kWarpgroupWarps) +
                    " warps), which it gets, as from NVIDIA's tileiras"),
        entry.getSymName());
    return kWarpgroupWarps;
  }
  reportTileRemark(remark(TileRemarkKind::Passed, "RemarkHint",
                          "OptimizationHint used num_worker_warps_per_cta"),
                   entry.getSymName());
  return *hinted;
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
    std::optional<tilechain::TargetInfo> target =
        tilechain::recordedTarget(getOperation());
    if (!target)
      return signalPassFailure();
    getOperation().walk([&](cuda_tile::EntryOp entry) {
      entry->setAttr(tilechain::kNumWarpsAttrName,
                     Builder(entry).getI32IntegerAttr(
                         tilechain::chooseNumWarps(entry, *target)));
    });
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignWarpsPass() {
  return std::make_unique<AssignWarpsPass>();
}
