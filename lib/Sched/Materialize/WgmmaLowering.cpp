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
// attention's P) is read from registers instead. Per chunk (WgmmaChunk.h):
// each thread fences its writes to the async proxy before the chunk's
// barrier, then the warpgroup fences its
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
#include "WgmmaChunk.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

namespace {

/// How `op`, recorded to run on wgmma, runs on it. The
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
  Value lhs = op->getOperand(0), rhs = op->getOperand(1),
        acc = op->getOperand(2);
  ArrayRef<int64_t> shape = tileShape(acc.getType());

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

  WgmmaChunks multiplier =
      WgmmaChunks::setUp(l, op, p, forms, *staged, layout);
  auto multiply = [&](OpBuilder &at, Value chunk, Value stage,
                      ValueRange chunkSums) {
    return multiplier.multiply(at, chunk, stage, chunkSums);
  };
  SmallVector<Value> results =
      multiplyChunks(l, op, *staged, p.staging.kc, p.staging.chunks, sums,
                     multiply);
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
