//===- MmaSyncLowering.cpp - mma ops on tensor cores with mma.sync --------===//
//
// result = acc + lhs x rhs with PTX's warp-wide mma.sync.m16n8kK (K = 16
// for f16/bf16, 8 for tf32, 32 for i8 and fp8, or 16 where k is 16; fp8
// through its LLVM intrinsic, Fp8MmaSync.h): the result
// takes mmaSyncResultLayout (MmaLayouts.h), which tiles the CTA's warps
// over (m, n) and gives each warp a block of 16 x 8 fragments, four
// registers per instruction. The operands cross the CTA through shared
// memory as in the CUDA-core path (MmaStaging.h), and each chunk of k is
// multiplied from its stage (MmaSyncChunk.h: the fragments' reads and the
// instructions). The accumulator is the C operand of the first instruction
// and D carries the sum: the tensor core adds the products to it in its
// own order (docs/semantics-from-nvidia.md). An f16 accumulator is summed
// in f32 and rounded once, at the end, as in the CUDA-core path.
// An mmaf_scaled on sm_120 runs so too, on sm_120a's block-scaled
// mma.sync.m16n8k32 (nvvm.mma.block_scale).
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "MmaSync.h"
#include "MmaSyncChunk.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

bool mma::copiedByMma(TileLowering &l, Value tile) {
  Value operand = tile;
  if (tile.hasOneUse())
    if (auto reshape = dyn_cast<cuda_tile::ReshapeOp>(*tile.user_begin()))
      operand = reshape.getResult();
  return !operand.use_empty() &&
         llvm::all_of(operand.getUses(), [&](OpOperand &use) {
           Operation *mma = use.getOwner();
           unsigned index = use.getOperandNumber();
           if (!isMma(mma) || index > 1 ||
               recordedMmaInstruction(mma).value_or(
                   tile_dist::MmaInstruction::Fma) ==
                   tile_dist::MmaInstruction::Fma)
             return false;
           std::optional<std::array<tile_dist::MmaOperandAttr, 2>> recorded =
               recordedMmaOperands(mma);
           if (!recorded)
             return false;
           tile_dist::OperandCopy copy = (*recorded)[index].getCopy();
           return copy == tile_dist::OperandCopy::CpAsync ||
                  copy == tile_dist::OperandCopy::Tma;
         });
}

LogicalResult mma::lowerMmaSync(TileLowering &l, Operation *op) {
  std::string why;
  MmaSyncKind kind = *classifyMmaSync(op, why);
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = tileShape(acc.getType());
  int64_t k = tileShape(lhs.getType()).back();
  remarkTensorCores(l, op, "Tensor-core SM80",
                    {kMmaSyncM, kMmaSyncN, kind.k});

  MmaChunks chunks = mmaChunks(op, tile_dist::MmaInstruction::MmaSync,
                               l.getTarget(), l.getNumWarps());
  int64_t kc = chunks.kc;
  std::array<OperandForm, 2> forms =
      recordedOperandForms(l, op, tile_dist::MmaInstruction::MmaSync);
  LinearLayout layout = mmaSyncResultLayout(shape, l.getNumWarps());
  int64_t registers = layout.getSize(LinearLayout::Register);
  FailureOr<std::array<StagedOperand, 2>> staged = stageOperands(
      l, op, lhs, rhs, chunks, forms, recordedMmaPipeline(op));
  if (failed(staged))
    return failure();

  Type accType = tileElementType(acc.getType());
  FailureOr<SmallVector<Value>> accSums =
      accumulatorRegisters(l, loc, acc, layout, kind.accumulatorType);
  if (failed(accSums))
    return failure();
  bool sumsFromZero = sumsFp8FromZero(l, op);
  SmallVector<Value> sums = *accSums;
  if (sumsFromZero)
    sums.assign(registers, arith::ConstantOp::create(
                               b, loc, b.getZeroAttr(kind.accumulatorType)));

  FailureOr<MmaSyncChunks> multiplier =
      MmaSyncChunks::setUp(l, op, kind, *staged, layout, kc);
  if (failed(multiplier))
    return failure();
  auto multiply = [&](OpBuilder &inChunks, Value chunk, Value stage,
                      ValueRange chunkSums) {
    return multiplier->multiply(inChunks, chunk, stage, chunkSums);
  };
  SmallVector<Value> results =
      multiplyChunks(l, op, *staged, kc, k / kc, sums, multiply);
  if (sumsFromZero)
    for (auto [result, accSum] : llvm::zip(results, *accSums))
      result = arith::AddFOp::create(b, loc, accSum, result);
  if (accType != kind.accumulatorType)
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, accType, result);
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}
