//===- ExpandScaledMma.cpp - tile-lower: mmaf_scaled as a bf16 mmaf -------===//
//
// The parallel form computes `mmaf_scaled` as an `mmaf` of bf16 operands:
// each operand element times the scale of its block of k, in f32, then
// rounded to bf16. That rounding is exact: an fp8 or fp4 element times an
// e8m0 scale (a power of two) keeps the element's 2 to 4 significant bits,
// times an e4m3 scale (nvfp4's) at most 8, and bf16 holds 8 with f32's
// exponent range. So each product the mmaf forms is exactly the scaled
// product, summed in f32 as block-scaled tensor cores sum them, and the mma
// runs on whatever tensor cores the target has (mma.sync, tcgen05.mma)
// with the operand staging and loop residency of any other bf16 mmaf. Only
// scaled elements outside bf16's normal range (below 2^-126, where bf16
// keeps fewer bits, or past its largest) differ from the serial form's
// exact product.
//
// The block scales are stretched along k by a reshape that opens a unit
// dim, a broadcast over the block, and a reshape that closes it. The serial
// form keeps its own lowering of mmaf_scaled (the reference); targets
// before sm_100 keep the op, so its lowering refuses them as before; and
// so do e2m1 operands, which the parallel form does not convert yet (their
// kernels stay serial).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Passes.h"

#include "tilechain/Conversion/TileToLoops/TileLowering.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// `scale` ([batch,] rows, cols of blocks, or blocks, cols) stretched over
/// k, which is dim `kDim` of the result of shape `shape`, as f32.
Value stretchedScale(OpBuilder &b, Location loc, Value scale,
                     ArrayRef<int64_t> shape, unsigned kDim) {
  auto scaleType = cast<TileType>(scale.getType());
  Type f32 = b.getF32Type();
  Value wide = FToFOp::create(b, loc, scaleType.clone(f32), scale);
  ArrayRef<int64_t> blocks = scaleType.getShape();
  int64_t blockSize = shape[kDim] / blocks[kDim];
  // [.., blocks, ..] -> [.., blocks, 1, ..] -> [.., blocks, blockSize, ..].
  SmallVector<int64_t> opened(blocks);
  opened.insert(opened.begin() + kDim + 1, 1);
  Value unit =
      ReshapeOp::create(b, loc, TileType::get(opened, f32), wide).getResult();
  opened[kDim + 1] = blockSize;
  Value stretched =
      BroadcastOp::create(b, loc, TileType::get(opened, f32), unit).getResult();
  return ReshapeOp::create(b, loc, TileType::get(shape, f32), stretched)
      .getResult();
}

/// `operand` times its stretched scale, rounded to bf16 (exactly).
Value scaledOperand(OpBuilder &b, Location loc, Value operand, Value scale,
                    unsigned kDim) {
  auto type = cast<TileType>(operand.getType());
  Type f32 = b.getF32Type();
  Value wide = FToFOp::create(b, loc, type.clone(f32), operand);
  Value product = MulFOp::create(
      b, loc, type.clone(f32), wide,
      stretchedScale(b, loc, scale, type.getShape(), kDim),
      RoundingModeAttr::get(b.getContext(), RoundingMode::NEAREST_EVEN));
  return FToFOp::create(b, loc, type.clone(b.getBF16Type()), product);
}

struct ExpandScaledMmaPass
    : public PassWrapper<ExpandScaledMmaPass, OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandScaledMmaPass)

  ExpandScaledMmaPass() = default;
  ExpandScaledMmaPass(const ExpandScaledMmaPass &other)
      : PassWrapper(other) {}
  explicit ExpandScaledMmaPass(StringRef chip) { gpuName = chip.str(); }

  StringRef getArgument() const override {
    return "tilechain-expand-scaled-mma";
  }
  StringRef getDescription() const override {
    return "Compute cuda_tile.mmaf_scaled as an mmaf of its operands scaled "
           "exactly into bf16 (the parallel form, sm_100 and newer)";
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::parseTarget(gpuName);
    if (!target || target->smVersion < 100)
      return;
    getOperation().walk([](MmaFScaledOp op) {
      // e2m1 operands have no conversion in the parallel form yet; the
      // serial form computes them.
      if (isa<Float4E2M1FNType>(
              cast<TileType>(op.getLhs().getType()).getElementType()))
        return;
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
    });
  }

  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("the target, e.g. sm_100"),
                              llvm::cl::init("sm_100")};
};

} // namespace

std::unique_ptr<Pass>
tilechain::createExpandScaledMmaPass(StringRef gpuName) {
  return std::make_unique<ExpandScaledMmaPass>(gpuName);
}
