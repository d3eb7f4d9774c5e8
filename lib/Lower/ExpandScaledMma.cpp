//===- ExpandScaledMma.cpp - tile-lower: mmaf_scaled as a bf16 mmaf -------===//
//
// The parallel form computes `mmaf_scaled` as an `mmaf` of bf16 operands:
// each operand element times the scale of its block of k, in f32, then
// rounded to bf16. That rounding is exact: an fp8 element times an e8m0
// scale (a power of two) keeps the element's 3 or 4 significant bits, and
// bf16 holds 8 with f32's exponent range. So each product the mmaf forms is
// exactly the scaled product, summed in f32 as block-scaled tensor cores
// sum them, and the mma runs on whatever tensor cores the target has
// (mma.sync, tcgen05.mma) with the operand staging and loop residency of
// any other bf16 mmaf. Only scaled elements outside bf16's normal range
// (below 2^-126, where bf16 keeps fewer bits, or past its largest) differ
// from the serial form's exact product.
//
// Each operand is viewed with k split into (blocks, block size) and each
// scale with a unit dim opened after its blocks, broadcast over it: a
// broadcast that feeds the multiply directly costs no exchange (each thread
// repeats the scales of the elements it holds), where stretching the scale
// back to the operand's shape first would make every thread hold one scale
// register per element (the t128x128x128 block-scaled matmul spilled 592
// bytes on sm_100 so).
//
// Where the parallel form runs the op natively, the op stays: the tensor
// cores read the operands as they were copied and multiply by the scales
// themselves (whyNotBlockScaled, which the lowering follows). That is
// tcgen05.mma's block scaling on sm_100 (8-bit float operands in 128-row
// instructions, e8m0 scales of blocks of 32, room in tensor memory for the
// accumulator and the scales) and the block-scaled mma.sync of sm_120a and
// sm_121a on sm_120 and sm_121.
//
// The serial form (--tile-form serial) keeps its own lowering of
// mmaf_scaled, the reference; a kernel the parallel form declines for
// another op lowers the rewritten ops serially. Targets before sm_100 keep
// the op, so its lowering refuses them as before; and so do e2m1 operands,
// which the parallel form does not convert yet (their kernels stay
// serial).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// `operand` times the scale of its block of k (dim `kDim`), rounded to
/// bf16 (exactly). Both are viewed with k split into (blocks, block size):
/// the operand by a reshape, the scale by a reshape that opens a unit dim
/// after its blocks and a broadcast over it, which the multiply reads
/// without an exchange (each thread repeats the scales of its elements).
Value scaledOperand(OpBuilder &b, Location loc, Value operand, Value scale,
                    unsigned kDim) {
  auto type = cast<TileType>(operand.getType());
  auto scaleType = cast<TileType>(scale.getType());
  Type f32 = b.getF32Type();
  ArrayRef<int64_t> blocks = scaleType.getShape();
  int64_t blockSize = type.getShape()[kDim] / blocks[kDim];
  // [.., k, ..] -> [.., blocks, blockSize, ..]; the scale [.., blocks, 1, ..].
  SmallVector<int64_t> split(blocks);
  split.insert(split.begin() + kDim + 1, 1);
  Value unit = ReshapeOp::create(b, loc, TileType::get(split, f32),
                                 FToFOp::create(b, loc, scaleType.clone(f32),
                                                scale))
                   .getResult();
  split[kDim + 1] = blockSize;
  auto splitType = TileType::get(split, f32);
  Value stretched = BroadcastOp::create(b, loc, splitType, unit).getResult();
  Value wide = ReshapeOp::create(
                   b, loc, splitType,
                   FToFOp::create(b, loc, type.clone(f32), operand))
                   .getResult();
  Value product = MulFOp::create(
      b, loc, splitType, wide, stretched,
      RoundingModeAttr::get(b.getContext(), RoundingMode::NEAREST_EVEN));
  Value narrow =
      FToFOp::create(b, loc, splitType.clone(b.getBF16Type()), product);
  return ReshapeOp::create(b, loc, type.clone(b.getBF16Type()), narrow)
      .getResult();
}

struct ExpandScaledMmaPass
    : public PassWrapper<ExpandScaledMmaPass, OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandScaledMmaPass)


  StringRef getArgument() const override {
    return "tilechain-expand-scaled-mma";
  }
  StringRef getDescription() const override {
    return "Compute cuda_tile.mmaf_scaled as an mmaf of its operands scaled "
           "exactly into bf16 (the parallel form, sm_100 and newer)";
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::recordedTarget(getOperation());
    if (!target)
      return signalPassFailure();
    if (target->smVersion < 100)
      return;
    auto expand = [&](EntryOp entry, unsigned numWarps) {
      SmallVector<MmaFScaledOp> scaled;
      entry.walk([&](MmaFScaledOp op) { scaled.push_back(op); });
      for (MmaFScaledOp op : scaled)
        expandUnlessBlockScaled(op, entry, *target, numWarps);
    };
    if (failed(tilechain::forEachEntryWithWarps(getOperation(), expand)))
      signalPassFailure();
  }

  /// Replaces `op` by an mmaf of its operands scaled into bf16 where no
  /// block-scaled instruction takes it, with a remark saying why.
  static void expandUnlessBlockScaled(MmaFScaledOp op, EntryOp entry,
                                      const tilechain::TargetInfo &target,
                                      unsigned numWarps) {
    // e2m1 operands have no conversion in the parallel form yet; the
    // serial form computes them.
    if (isa<Float4E2M1FNType>(
            cast<TileType>(op.getLhs().getType()).getElementType()))
      return;
    std::optional<std::string> why =
        tilechain::whyNotBlockScaled(op, target, numWarps);
    if (!why)
      return;
    tilechain::reportTileRemark(
        tilechain::TileRemark{
            tilechain::TileRemarkKind::Missed,
            tilechain::kTensorCoreRemarks,
            "RemarkTensorCoreBlockScaling",
            op.getLoc(),
            "Block-scaled MMA operation does not use the tensor cores' "
            "block scaling: its operands are scaled into bf16 first",
            {}}
            .reason(*why),
        entry.getSymName());
    OpBuilder b(op);
    Location loc = op.getLoc();
    unsigned rank = cast<TileType>(op.getAcc().getType()).getRank();
    Value lhs =
        scaledOperand(b, loc, op.getLhs(), op.getLhsScale(), rank - 1);
    Value rhs =
        scaledOperand(b, loc, op.getRhs(), op.getRhsScale(), rank - 2);
    Value result = MmaFOp::create(b, loc, op.getResult().getType(), lhs, rhs,
                                  op.getAcc())
                       .getResult();
    op.getResult().replaceAllUsesWith(result);
    op.erase();
  }

};

} // namespace

std::unique_ptr<Pass>
tilechain::createExpandScaledMmaPass() {
  return std::make_unique<ExpandScaledMmaPass>();
}
