//===- WgmmaLowering.cpp - mmaf/mmai on sm_90's warpgroup tensor cores ----===//
//
// result = acc + lhs x rhs with wgmma.mma_async.m64nNkK (sm_90a): each
// warpgroup (four consecutive warps) computes a block of the result
// (wgmmaTiling), 64 rows per instruction, from operands that wgmma reads
// from shared memory itself. The operands cross into shared memory as on
// mma.sync (MmaStaging.h: chunks of k in a ring of stages, view loads
// copied by TMA or cp.async, computed tiles written from registers), but in the
// swizzled canonical layouts wgmma reads (tile_dist.shared_matrix): rows of
// S bytes of k (half of k's bytes, 32 to 128, so that copies overlap the
// tensor cores; fewer where shared memory is tight), or, for 16-bit views
// contiguous along m or n, atoms of S bytes of m or n by kc rows of k. A
// 16-bit lhs the warpgroups already hold as wgmma's A fragments (an
// attention's P) is read from registers instead. Per chunk: each thread
// fences its writes to the async
// proxy before the chunk's barrier, then the warpgroup fences its
// accumulator registers, issues one warpgroup_mma per instruction and k
// step (32 bytes of k) and commits them as one group. Where the ring has a
// stage for it (MmaPipeline.cpp) the warpgroup then waits for all groups
// but that one, so the tensor cores multiply chunk g while the threads
// wait for chunk g + 1's copies and pass its barrier; otherwise it waits
// for the group, so the accumulators are whole and the chunk's stage is
// free before the next barrier. The result takes wgmmaResultLayout
// (MmaLayouts.h), so a k loop carries its accumulator in the registers
// wgmma writes, and where that loop's next mma is the only reader, the
// last group keeps running into the next iteration: the wait for it is
// after the loop.
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "MmaSync.h"
#include "SharedOperands.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

namespace {

/// How `op`, which runs on wgmma (instructionOf), runs on it. The
/// materialization checks first that every recorded instruction takes its
/// mma (checkRecordedMmas), so the plan exists.
WgmmaPlan plan(const TileLowering &l, Operation *op) {
  std::string why;
  FailureOr<WgmmaPlan> p = planWgmma(op, l.getTarget(), l.getNumWarps(), why);
  assert(succeeded(p) && "wgmma recorded for an mma it cannot take");
  return *p;
}

} // namespace

/// Whether `op`'s result, in `layout` and of the type the tensor cores
/// sum in, only feeds its own accumulator in the next iteration of the loop
/// its operands' ring runs through (`ringLoop`), which reads it in the same
/// registers: then nothing but the next wgmma touches them, and the last
/// group of an iteration can run on into the next.
static bool accumulatesAcrossIterations(TileLowering &l, Operation *op,
                                        cuda_tile::ForOp ringLoop,
                                        const LinearLayout &layout,
                                        bool sumsInAccType) {
  if (!ringLoop || op->getParentOp() != ringLoop || !sumsInAccType)
    return false;
  Value result = op->getResult(0), acc = op->getOperand(2);
  if (!result.hasOneUse() ||
      result.getUses().begin()->getOwner() !=
          ringLoop.getBody()->getTerminator())
    return false;
  unsigned position = result.getUses().begin()->getOperandNumber();
  Value carried = ringLoop.getRegionIterValues()[position];
  return carried == acc && acc.hasOneUse() && l.layoutOf(acc) == layout;
}

void mma::waitForWgmmaAfter(TileLowering &l, cuda_tile::ForOp loop) {
  OpBuilder &b = l.b();
  Location loc = loop.getLoc();
  for (Value result : loop.getResults()) {
    if (!l.isWgmmaRunningAtExit(result))
      continue;
    Value lowered = l.lookup(result);
    SmallVector<Value> registers = l.getRegisters(b, loc, lowered);
    auto wait = tile_dist::WarpgroupWaitOp::create(
        b, loc, ValueRange(registers).getTypes(), 0, registers);
    l.map(result, l.makeDistributed(loc, SmallVector<Value>(wait.getResults()),
                                    l.getLayout(lowered)));
  }
}

LogicalResult mma::lowerWgmma(TileLowering &l, Operation *op) {
  WgmmaPlan p = plan(l, op);
  // An instruction takes 32 bytes of k.
  remarkTensorCores(l, op, "Tensor-core SM90",
                    {kWgmmaM, p.tiling.instructionN, 32 / p.kind.elementBytes});
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  MLIRContext *context = op->getContext();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = tileShape(acc.getType());
  unsigned rank = shape.size();

  std::array<OperandForm, 2> forms =
      recordedOperandForms(l, op, tile_dist::MmaInstruction::Wgmma);
  FailureOr<std::array<StagedOperand, 2>> staged = stageOperands(
      l, op, lhs, rhs,
      mmaChunks(op, tile_dist::MmaInstruction::Wgmma, l.getTarget(),
                l.getNumWarps()),
      forms, recordedMmaPipeline(op));
  if (failed(staged))
    return failure();

  LinearLayout layout = wgmmaResultLayout(shape, l.getNumWarps());
  int64_t registers = layout.getSize(LinearLayout::Register);
  Type accType = tileElementType(acc.getType());
  Type sumType = p.kind.accumulatorType;
  FailureOr<SmallVector<Value>> accSums =
      accumulatorRegisters(l, loc, acc, layout, sumType);
  if (failed(accSums))
    return failure();
  bool sumsFromZero = sumsFp8FromZero(l, op);
  SmallVector<Value> sums = *accSums;
  if (sumsFromZero)
    sums.assign(registers, arith::ConstantOp::create(
                               b, loc, b.getZeroAttr(sumType)));

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
  Value lhsBlock = forms[0].inRegisters
                       ? Value()
                       : arith::AddIOp::create(
                             b, loc,
                             blockStart(b, loc, forms[0], p.staging.kc,
                                        p.kind.elementBytes, m0),
                             constant(b, (*staged)[0].offset));
  Value rhsBlock = arith::AddIOp::create(
      b, loc,
      blockStart(b, loc, forms[1], p.staging.kc, p.kind.elementBytes, n0),
                                         constant(b, (*staged)[1].offset));

  // The block's instructions: registers [i N/2, (i + 1) N/2) accumulate
  // rows and columns from the constant part of register i N/2 on.
  int64_t perInstruction = p.tiling.instructionN / 2;
  struct Instruction {
    int64_t m, n;
  };
  SmallVector<Instruction> instructions;
  for (int64_t first = 0; first < registers; first += perInstruction) {
    SmallVector<int64_t> part = registerPart(layout, first);
    instructions.push_back({part[rank - 2], part[rank - 1]});
  }
  tile_dist::SharedMatrixAttr lhsMatrix =
      forms[0].inRegisters ? tile_dist::SharedMatrixAttr()
                           : sharedMatrix(context, forms[0], p.staging.kc);
  tile_dist::SharedMatrixAttr rhsMatrix =
      sharedMatrix(context, forms[1], p.staging.kc);
  int64_t instructionK = 32 / p.kind.elementBytes;
  VectorType vectorType = VectorType::get({perInstruction}, sumType);

  // A's registers for the block's m-instruction `mBlock` and 16 values of
  // k from `kStep` of the chunk: registers 8 q .. 8 q + 7 of the block's
  // (q the step over the whole k), two to a word; a choice among the
  // chunks' where there are several.
  int64_t k = tileShape(lhs.getType()).back();
  auto fragment = [&](OpBuilder &at, Value chunk, int64_t mBlock,
                      int64_t kStep) -> Value {
    ArrayRef<Value> held = (*staged)[0].registers;
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
        return mBlock * (k / 2) + (c * p.staging.kc + kStep) / 16 * 8 + 2 * reg;
      };
      Value chosen = word(firstOf(0));
      for (int64_t c = 1; c < p.staging.chunks; ++c)
        chosen = arith::SelectOp::create(
            at, loc,
            arith::CmpIOp::create(at, loc, arith::CmpIPredicate::eq, chunk,
                                  constant(at, c)),
            word(firstOf(c)), chosen);
      words.push_back(chosen);
    }
    return vector::FromElementsOp::create(
        at, loc, VectorType::get({4}, at.getI32Type()), words);
  };

  auto multiply = [&](OpBuilder &at, Value chunk, Value stage,
                      ValueRange chunkSums) -> SmallVector<Value> {
    Value lhsChunk =
        lhsBlock ? arith::AddIOp::create(
                       at, loc, lhsBlock,
                       stageOffset(at, loc, (*staged)[0], stage, 1))
                 : Value();
    Value rhsChunk = arith::AddIOp::create(
        at, loc, rhsBlock, stageOffset(at, loc, (*staged)[1], stage, 1));
    NVVM::WgmmaFenceAlignedOp::create(at, loc);
    SmallVector<Value> accumulators;
    for (int64_t i = 0, e = instructions.size(); i < e; ++i)
      accumulators.push_back(vector::FromElementsOp::create(
          at, loc, vectorType,
          chunkSums.slice(i * perInstruction, perInstruction)));
    for (int64_t kStep = 0; kStep < p.staging.kc; kStep += instructionK) {
      // A's registers per m block, shared by the block's n instructions.
      llvm::SmallDenseMap<int64_t, Value> fragments;
      for (auto [instruction, accumulator] :
           llvm::zip(instructions, accumulators)) {
        Value rhsStart = arith::AddIOp::create(
            at, loc, rhsChunk,
            constant(at, operandStart(forms[1], p.staging.kc,
                                      p.kind.elementBytes, instruction.n,
                                      kStep)));
        if (forms[0].inRegisters) {
          int64_t mBlock = instruction.m / kWgmmaM;
          Value &a = fragments[mBlock];
          if (!a)
            a = fragment(at, chunk, mBlock, kStep);
          accumulator = tile_dist::WarpgroupMmaOp::create(
              at, loc, vectorType, Value(), Value(), a,
              (*staged)[1].arrays, rhsStart, accumulator,
              TypeAttr::get(p.kind.lhsType), TypeAttr::get(p.kind.rhsType),
              tile_dist::SharedMatrixAttr(), rhsMatrix);
          continue;
        }
        Value lhsStart = arith::AddIOp::create(
            at, loc, lhsChunk,
            constant(at, operandStart(forms[0], p.staging.kc,
                                      p.kind.elementBytes, instruction.m,
                                      kStep)));
        accumulator = tile_dist::WarpgroupMmaOp::create(
            at, loc, vectorType, (*staged)[0].arrays, lhsStart, Value(),
            (*staged)[1].arrays, rhsStart, accumulator,
            TypeAttr::get(p.kind.lhsType), TypeAttr::get(p.kind.rhsType),
            lhsMatrix, rhsMatrix);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(at, loc);
    SmallVector<Value> next;
    for (Value accumulator : accumulators)
      for (int64_t i = 0; i < perInstruction; ++i)
        next.push_back(vector::ExtractOp::create(at, loc, accumulator, i));
    return SmallVector<Value>(
        tile_dist::WarpgroupWaitOp::create(
            at, loc, ValueRange(next).getTypes(),
            (*staged)[0].mmaGroupsInFlight, next)
            .getResults());
  };
  SmallVector<Value> results =
      multiplyChunks(l, op, *staged, p.staging.kc, p.staging.chunks, sums,
                     /*asyncProxyReads=*/true, multiply);
  // The last group: waited for here, or, where it runs on into the next
  // iteration, after the loop.
  if ((*staged)[0].mmaGroupsInFlight) {
    if (!sumsFromZero &&
        accumulatesAcrossIterations(l, op, (*staged)[0].ringLoop, layout,
                                    accType == sumType))
      l.setWgmmaRunningAtExit((*staged)[0].ringLoop.getResult(
          op->getResult(0).getUses().begin()->getOperandNumber()));
    else
      results = SmallVector<Value>(
          tile_dist::WarpgroupWaitOp::create(
              b, loc, ValueRange(results).getTypes(), 0, results)
              .getResults());
  }
  if (sumsFromZero)
    for (auto [result, accSum] : llvm::zip(results, *accSums))
      result = arith::AddFOp::create(b, loc, accSum, result);
  if (accType != sumType)
    for (Value &result : results)
      result = arith::TruncFOp::create(b, loc, accType, result);
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}
