//===- ChooseMmaInstructions.cpp - tile-lower: each mma's instruction ------===//
//
// Which instruction each mma of the parallel form runs on is a decision of
// the tile program, like its CTA's warps: this pass makes it, after the warps
// are chosen (an instruction's tiling spreads the result over them), and
// records it on the mma as `tile_dist.mma`, which the materialization builds
// and tests can read, check or edit. The rule is the target's own tensor-core
// instruction where it takes the mma (wgmma on sm_90, tcgen05.mma on sm_100),
// else mma.sync, else the CUDA cores (MmaInstructions.h); the materialization's
// remarks say why where it is not the target's own. An mmaf_scaled that no
// block-scaled instruction takes gets no record: the kernel then keeps the
// serial form (ExpandScaledMma.cpp expands those it can first).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/Warps.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

struct ChooseMmaInstructionsPass
    : public PassWrapper<ChooseMmaInstructionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ChooseMmaInstructionsPass)


  StringRef getArgument() const override {
    return "tilechain-choose-mma-instructions";
  }
  StringRef getDescription() const override {
    return "Choose the instruction each mma of the parallel form runs on "
           "(wgmma, tcgen05, mma_sync or fma) and record it as tile_dist.mma";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilechain::tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::recordedTarget(getOperation());
    if (!target)
      return signalPassFailure();
    auto choose = [&](cuda_tile::EntryOp entry, unsigned numWarps) {
      entry.walk([&](Operation *op) {
        if (!tilechain::isMma(op))
          return;
        if (std::optional<tilechain::tile_dist::MmaInstruction> instruction =
                tilechain::chooseMmaInstruction(op, *target, numWarps))
          op->setAttr(tilechain::tile_dist::TileDistDialect::
                          kMmaInstructionAttrName,
                      tilechain::tile_dist::MmaInstructionAttr::get(
                          op->getContext(), *instruction));
      });
    };
    if (failed(tilechain::forEachEntryWithWarps(getOperation(), choose)))
      signalPassFailure();
  }

};

} // namespace

std::unique_ptr<Pass>
tilechain::createChooseMmaInstructionsPass() {
  return std::make_unique<ChooseMmaInstructionsPass>();
}
