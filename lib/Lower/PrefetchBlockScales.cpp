//===- PrefetchBlockScales.cpp - block scales loaded an iteration ahead ---===//
//
// In a k loop of mmaf_scaled, the operands reach the tensor cores through
// the ring of pipeline stages, copied chunks ahead (MmaPipeline.cpp), but
// the block scales are plain loads of small tiles whose values the mma
// needs at once: each iteration would wait a load's whole latency (about a
// microsecond from DRAM, several times what a 128x128x128 fp8 product
// takes on tcgen05) before its first product.
//
// So the parallel form loads an iteration's scales during the iteration
// before it: a scale load of the loop body becomes one before the loop (the
// first iteration's) and one in the body for the next iteration (its index
// the loop counter plus the step, or the counter itself on the last
// iteration, so that the load stays among the tiles the loop reads), the
// loop carrying the loaded tiles in iteration values. Both loads read what
// the original load would have: the loop body writes no memory.
//
// A scale load is moved so where it is weak, its tile feeds only
// mmaf_scaled's scales in the same body, its result token is unused, and
// its view, token and indices other than the loop counter come from
// outside the loop, in a `for` loop whose body writes no memory and leaves
// no iteration early.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/Passes.h"

#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// Whether `load`, a value of `loop`'s body, can be loaded an iteration
/// ahead (the file comment).
bool isPrefetchableScaleLoad(ForOp loop, LoadViewTkoOp load) {
  // A copy before the loop takes the same token, so it comes from outside.
  if (!load || load->getBlock() != loop.getBody() ||
      load.getMemoryOrderingSemantics() != MemoryOrderingSemantics::WEAK ||
      !load.getResultToken().use_empty() ||
      !tilechain::loadFollowsCounter(loop, load) ||
      (load.getToken() && !tilechain::isDefinedOutside(loop, load.getToken())))
    return false;
  // Operands 3 and 4 of mmaf_scaled: its lhs and rhs scales.
  return llvm::all_of(load.getTile().getUses(), [&](OpOperand &use) {
    auto mma = dyn_cast<MmaFScaledOp>(use.getOwner());
    return mma && mma->getBlock() == loop.getBody() &&
           use.getOperandNumber() >= 3;
  });
}

/// Rebuilds `loop` with `loads` (of its body) moved an iteration ahead.
void prefetch(ForOp loop, ArrayRef<LoadViewTkoOp> loads) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value iv = loop.getInductionVar();
  // The first iteration's tiles, before the loop.
  SmallVector<Value> inits(loop.getInitValues());
  for (LoadViewTkoOp load : loads) {
    IRMapping first;
    first.map(iv, loop.getLowerBound());
    inits.push_back(b.clone(*load, first)->getResult(0));
  }
  auto rebuilt = ForOp::create(b, loc, ValueRange(inits).getTypes(),
                               loop.getLowerBound(), loop.getUpperBound(),
                               loop.getStep(), inits, loop.getUnsignedCmpAttr());
  rebuilt.getRegion().takeBody(loop.getRegion());
  Block *body = rebuilt.getBody();

  // The next iteration's index, or this one's on the last.
  b.setInsertionPointToStart(body);
  Type counter = iv.getType();
  Value next = AddIOp::create(b, loc, counter, iv, rebuilt.getStep());
  Value another = CmpIOp::create(
      b, loc, cast<TileType>(counter).clone(b.getI1Type()),
      ComparisonPredicate::LESS_THAN, next, rebuilt.getUpperBound(),
      rebuilt.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed);
  Value ahead = SelectOp::create(b, loc, counter, another, next, iv);
  SmallVector<Value> carried;
  for (LoadViewTkoOp load : loads) {
    BlockArgument current =
        body->addArgument(load.getTile().getType(), load.getLoc());
    b.setInsertionPoint(load);
    IRMapping later;
    later.map(iv, ahead);
    carried.push_back(b.clone(*load, later)->getResult(0));
    load.getTile().replaceAllUsesWith(current);
    load.erase();
  }
  Operation *terminator = body->getTerminator();
  terminator->insertOperands(terminator->getNumOperands(), carried);

  for (auto [old, now] : llvm::zip(loop.getResults(), rebuilt.getResults()))
    old.replaceAllUsesWith(now);
  loop.erase();
}

struct PrefetchBlockScalesPass
    : public PassWrapper<PrefetchBlockScalesPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrefetchBlockScalesPass)

  StringRef getArgument() const override {
    return "tilechain-prefetch-block-scales";
  }
  StringRef getDescription() const override {
    return "Load the block scales of mmaf_scaled in a k loop an iteration "
           "ahead (the parallel form)";
  }

  void runOnOperation() override {
    SmallVector<ForOp> loops;
    getOperation().walk([&](ForOp loop) { loops.push_back(loop); });
    for (ForOp loop : loops) {
      SmallVector<LoadViewTkoOp> loads;
      for (MmaFScaledOp mma : loop.getBody()->getOps<MmaFScaledOp>())
        for (Value scale : {mma.getLhsScale(), mma.getRhsScale()}) {
          auto load = scale.getDefiningOp<LoadViewTkoOp>();
          if (isPrefetchableScaleLoad(loop, load) &&
              !llvm::is_contained(loads, load))
            loads.push_back(load);
        }
      if (loads.empty() || !tilechain::loopBodyOnlyReads(loop))
        continue;
      if (auto entry = loop->getParentOfType<EntryOp>())
        tilechain::reportTileRemark(
            tilechain::TileRemark{
                tilechain::TileRemarkKind::Passed,
                tilechain::kMemoryRemarks,
                "RemarkMemoryBlockScalesAhead",
                loop.getLoc(),
                "Block scales loaded an iteration ahead",
                {}}
                .note("Loads", std::to_string(loads.size())),
            entry.getSymName());
      prefetch(loop, loads);
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createPrefetchBlockScalesPass() {
  return std::make_unique<PrefetchBlockScalesPass>();
}
