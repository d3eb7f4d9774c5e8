//===- WgmmaChunk.cpp - one chunk of k on wgmma ---------------------------===//
//
// Each instruction reads its operands' rows of the chunk from the
// swizzled canonical layouts wgmma reads (tile_dist.shared_matrix), at the
// warpgroup's block origin, the chunk's stage and the instruction's own
// start; a 16-bit lhs the warpgroups already hold as wgmma's A fragments
// (an attention's P) is read from registers instead, the chunk's words
// chosen among all chunks' where there are several.
//
//===----------------------------------------------------------------------===//
#include "WgmmaChunk.h"
#include "SharedOperands.h"

#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

WgmmaChunks WgmmaChunks::setUp(TileLowering &l, Operation *op,
                               const WgmmaPlan &p,
                               const std::array<OperandForm, 2> &forms,
                               const std::array<StagedOperand, 2> &staged,
                               const LinearLayout &layout) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  WgmmaChunks chunks(loc, p, forms, staged);
  MLIRContext *context = op->getContext();
  ArrayRef<int64_t> shape = tileShape(op->getOperand(2).getType());
  unsigned rank = shape.size();
  int64_t registers = layout.getSize(LinearLayout::Register);

  // The warpgroup's block origin: the running thread's coordinates less
  // its lane's and its warp's within the warpgroup.
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  SmallVector<Value> coords = l.elementCoords(b, loc, layout, 0);
  Value m0 = arith::AndIOp::create(b, loc, coords[rank - 2],
                                   constant(b, ~(kWgmmaM - 1)));
  Value n0 = arith::AndIOp::create(b, loc, coords[rank - 1],
                                   constant(b, ~(p.tiling.blockN - 1)));
  chunks.lhsBlock = forms[0].inRegisters
                        ? Value()
                        : arith::AddIOp::create(
                              b, loc,
                              blockStart(b, loc, forms[0], p.staging.kc,
                                         p.kind.elementBytes, m0),
                              constant(b, staged[0].offset));
  chunks.rhsBlock = arith::AddIOp::create(
      b, loc,
      blockStart(b, loc, forms[1], p.staging.kc, p.kind.elementBytes, n0),
      constant(b, staged[1].offset));

  // The block's instructions: registers [i N/2, (i + 1) N/2) accumulate
  // rows and columns from the constant part of register i N/2 on.
  chunks.perInstruction = p.tiling.instructionN / 2;
  for (int64_t first = 0; first < registers; first += chunks.perInstruction) {
    SmallVector<int64_t> part = registerPart(layout, first);
    chunks.instructions.push_back({part[rank - 2], part[rank - 1]});
  }
  chunks.lhsMatrix = forms[0].inRegisters
                         ? tile_dist::SharedMatrixAttr()
                         : sharedMatrix(context, forms[0], p.staging.kc);
  chunks.rhsMatrix = sharedMatrix(context, forms[1], p.staging.kc);
  chunks.instructionK = 32 / p.kind.elementBytes;
  chunks.vectorType = VectorType::get({chunks.perInstruction},
                                      p.kind.accumulatorType);
  chunks.k = tileShape(op->getOperand(0).getType()).back();
  return chunks;
}

/// A's registers for the block's m-instruction `mBlock` and 16 values of
/// k from `kStep` of the chunk: registers 8 q .. 8 q + 7 of the block's
/// (q the step over the whole k), two to a word; a choice among the
/// chunks' where there are several.
Value WgmmaChunks::lhsFragment(OpBuilder &at, Value chunk, int64_t mBlock,
                               int64_t kStep) const {
  ArrayRef<Value> held = staged[0].registers;
  Type pairType = VectorType::get({2}, held.front().getType());
  Type wordType = VectorType::get({1}, at.getI32Type());
  auto word = [&](int64_t first) -> Value {
    Value pair = vector::FromElementsOp::create(
        at, loc, pairType, ValueRange{held[first], held[first + 1]});
    return vector::ExtractOp::create(
        at, loc, vector::BitCastOp::create(at, loc, wordType, pair), 0);
  };
  SmallVector<Value> words;
  for (int64_t reg = 0; reg < 4; ++reg) {
    auto firstOf = [&](int64_t c) {
      return mBlock * (k / 2) + (c * plan.staging.kc + kStep) / 16 * 8 +
             2 * reg;
    };
    Value chosen = word(firstOf(0));
    for (int64_t c = 1; c < plan.staging.chunks; ++c)
      chosen = arith::SelectOp::create(
          at, loc,
          arith::CmpIOp::create(at, loc, arith::CmpIPredicate::eq, chunk,
                                arith::ConstantIndexOp::create(at, loc, c)),
          word(firstOf(c)), chosen);
    words.push_back(chosen);
  }
  return vector::FromElementsOp::create(
      at, loc, VectorType::get({4}, at.getI32Type()), words);
}

SmallVector<Value> WgmmaChunks::multiply(OpBuilder &at, Value chunk,
                                         Value stage, ValueRange sums) const {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  Value lhsChunk =
      lhsBlock
          ? arith::AddIOp::create(at, loc, lhsBlock,
                                  stageOffset(at, loc, staged[0], stage, 1))
          : Value();
  Value rhsChunk = arith::AddIOp::create(
      at, loc, rhsBlock, stageOffset(at, loc, staged[1], stage, 1));
  NVVM::WgmmaFenceAlignedOp::create(at, loc);
  SmallVector<Value> accumulators;
  for (int64_t i = 0, e = instructions.size(); i < e; ++i)
    accumulators.push_back(vector::FromElementsOp::create(
        at, loc, vectorType, sums.slice(i * perInstruction, perInstruction)));
  TypeAttr lhsType = TypeAttr::get(plan.kind.lhsType);
  TypeAttr rhsType = TypeAttr::get(plan.kind.rhsType);
  for (int64_t kStep = 0; kStep < plan.staging.kc; kStep += instructionK) {
    // A's registers per m block, shared by the block's n instructions.
    llvm::SmallDenseMap<int64_t, Value> fragments;
    for (auto [instruction, accumulator] :
         llvm::zip(instructions, accumulators)) {
      Value rhsStart = arith::AddIOp::create(
          at, loc, rhsChunk,
          constant(operandStart(forms[1], plan.staging.kc,
                                plan.kind.elementBytes, instruction.n, kStep)));
      if (!lhsBlock) {
        int64_t mBlock = instruction.m / kWgmmaM;
        Value &a = fragments[mBlock];
        if (!a)
          a = lhsFragment(at, chunk, mBlock, kStep);
        accumulator = tile_dist::WarpgroupMmaOp::create(
            at, loc, vectorType, Value(), Value(), a, staged[1].arrays,
            rhsStart, accumulator, lhsType, rhsType,
            tile_dist::SharedMatrixAttr(), rhsMatrix);
        continue;
      }
      Value lhsStart = arith::AddIOp::create(
          at, loc, lhsChunk,
          constant(operandStart(forms[0], plan.staging.kc,
                                plan.kind.elementBytes, instruction.m, kStep)));
      accumulator = tile_dist::WarpgroupMmaOp::create(
          at, loc, vectorType, staged[0].arrays, lhsStart, Value(),
          staged[1].arrays, rhsStart, accumulator, lhsType, rhsType, lhsMatrix,
          rhsMatrix);
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(at, loc);
  SmallVector<Value> next;
  for (Value accumulator : accumulators)
    for (int64_t i = 0; i < perInstruction; ++i)
      next.push_back(vector::ExtractOp::create(at, loc, accumulator, i));
  return SmallVector<Value>(
      tile_dist::WarpgroupWaitOp::create(at, loc, ValueRange(next).getTypes(),
                                         staged[0].mmaGroupsInFlight, next)
          .getResults());
}
