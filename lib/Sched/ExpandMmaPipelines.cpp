//===- ExpandMmaPipelines.cpp - tile-sched: a ring's fills and schedule --===//
//
// Where an mma copies an operand into its ring (TMA or cp.async), the
// copies run `ahead` chunks ahead of the multiply (mmaCopiesAhead), so the
// chunks g < ahead of the ring's run are filled before it starts. This
// pass writes those fills as tile_dist.ring_fill ops:
// - a ring within each run of its mma: chunk g into stage g, right before
//   the mma (ahead is below the chunks, or 1 where there is one);
// - a ring that runs through its loop's iterations (tile_dist.pipeline
//   `across = iterations`): chunk g mod C of iteration
//   lower + (g div C) x step, where the mma takes C chunks an iteration,
//   into stage g (ahead < stages), where that iteration runs, between the
//   ring's ring_alloc and its loop. An iteration's guard is computed in 64
//   bits, so that lower + (g div C) x step cannot overflow.
// Several fills stand in a loop over g: unrolled, they took more registers
// (bench/results/2026-11-30-unrolled-prologue-cubins.tsv).
// It also writes, right before each mma with a ring, what each of its
// chunks does (tile_dist.chunk_schedule: wait, publish, fill ahead,
// multiply; scheduleChunks), which the materialization runs in the mma's
// loop over its chunks (multiplyChunks); that loop, with the arithmetic
// of which chunk and stage each op names, is still written there.
// `--stop-after=tilechain-expand-mma-pipelines` shows both; a ring that has
// fills or a schedule when the pass runs keeps them.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/Occupancy.h"
#include "tilechain/Lower/ScalarTiles.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace tilechain;

namespace {

unsigned widthOf(Type scalar) {
  return cast<TileType>(scalar).getElementType().getIntOrFloatBitWidth();
}

/// Scalar integer tile `v` as one of `type`: extended as `signedness` says,
/// or truncated.
Value toScalarType(OpBuilder &b, Location loc, Value v, Type type,
                   Signedness signedness) {
  unsigned from = widthOf(v.getType()), to = widthOf(type);
  if (from == to)
    return v;
  if (from < to)
    return ExtIOp::create(b, loc, type, v, signedness);
  return TruncIOp::create(b, loc, type, v);
}

/// The mma whose operands `alloc`'s ring stages, or null.
Operation *mmaOf(tile_dist::RingAllocOp alloc) {
  for (Operation *user : alloc->getUsers())
    if (isa<tile_dist::InRingOp>(user) && !user->use_empty())
      return *user->getUsers().begin();
  return nullptr;
}

/// Calls `fill` for each g < `ahead` (an i32 scalar), at `b`'s insertion
/// point: in a loop over g where there are several.
void forEachFirst(OpBuilder &b, Location loc, int64_t ahead,
                  function_ref<void(OpBuilder &, Value)> fill) {
  Type i32 = TileType::get({}, b.getI32Type());
  if (ahead == 1) {
    fill(b, intConstant(b, loc, i32, 0));
    return;
  }
  auto first = ForOp::create(b, loc, TypeRange(), intConstant(b, loc, i32, 0),
                             intConstant(b, loc, i32, ahead),
                             intConstant(b, loc, i32, 1), ValueRange(), false);
  Block *body = &first.getRegion().emplaceBlock();
  Value g = body->addArgument(i32, loc);
  OpBuilder inFirst = OpBuilder::atBlockEnd(body);
  fill(inFirst, g);
  ContinueOp::create(inFirst, loc, ValueRange());
}

/// Writes the fills of the `ahead` first chunks of the ring of `alloc`
/// before `loop`, whose iterations its mma multiplies `chunks` chunks of.
void fillAhead(tile_dist::RingAllocOp alloc, Operation *mma, ForOp loop,
               int64_t chunks, int64_t ahead) {
  OpBuilder b(loop);
  Location loc = mma->getLoc();
  Type counter = loop.getLowerBound().getType();
  Signedness signedness =
      loop.getUnsignedCmp() ? Signedness::Unsigned : Signedness::Signed;
  Type i32 = TileType::get({}, b.getI32Type());
  Type wide = widthOf(counter) < 64 ? TileType::get({}, b.getI64Type())
                                    : counter;
  Type i1 = TileType::get({}, b.getI1Type());
  Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
        step = loop.getStep();
  // Fill g: chunk g mod chunks of iteration lower + d x step, d = g div
  // chunks. (Where ahead <= chunks, d is 0 and the chunk g: written so, it
  // changed 46 more cubins, with more registers or stack in 15 and fewer
  // in 6; the sm_90 sample causal fmha's LDL/STL went from 22 to 37.)
  auto fill = [&](OpBuilder &at, Value g) {
    Value perIteration = intConstant(at, loc, i32, chunks);
    Value chunk =
        RemIOp::create(at, loc, i32, g, perIteration, Signedness::Unsigned);
    Value d =
        DivIOp::create(at, loc, i32, g, perIteration, Signedness::Unsigned);
    Value iv = AddIOp::create(
        at, loc, counter, lower,
        MulIOp::create(
            at, loc, counter,
            toScalarType(at, loc, d, counter, Signedness::Unsigned), step));
    Value later = AddIOp::create(
        at, loc, wide, toScalarType(at, loc, lower, wide, signedness),
        MulIOp::create(at, loc, wide,
                       toScalarType(at, loc, d, wide, Signedness::Unsigned),
                       toScalarType(at, loc, step, wide, signedness)));
    Value runs = CmpIOp::create(
        at, loc, i1, ComparisonPredicate::LESS_THAN, later,
        toScalarType(at, loc, upper, wide, signedness), signedness);
    tile_dist::RingFillOp::create(at, loc, alloc.getResult(), g, chunk, iv,
                                  runs);
  };
  forEachFirst(b, loc, ahead, fill);
}

/// Writes the fills of the `ahead` first chunks of the ring of `alloc`
/// right before `mma`, whose run it is within: chunk g into stage g.
void fillFirst(tile_dist::RingAllocOp alloc, Operation *mma, int64_t ahead) {
  OpBuilder b(mma);
  forEachFirst(b, mma->getLoc(), ahead, [&](OpBuilder &at, Value g) {
    tile_dist::RingFillOp::create(at, mma->getLoc(), alloc.getResult(), g, g,
                                  Value(), Value());
  });
}

/// Writes the schedule of the chunks of `mma`, whose operands the ring of
/// `alloc` stages, right before it. Where the ring copies, each chunk waits
/// for its stage's copies (all but the ahead - 1 fills after its own), the
/// barrier publishes the stage (and frees the one the chunks before it
/// finished with), the chunk `ahead` further on is filled (where
/// `fillsAhead`), and the chunk is multiplied; where the threads write
/// every operand from registers, each chunk writes its own stage (after a
/// barrier where the ring has one stage, which the previous chunk's reads
/// still use) before the barrier. wgmma and tcgen05.mma read through the
/// async proxy, so the threads' writes are fenced for it first.
void scheduleChunks(tile_dist::RingAllocOp alloc, Operation *mma,
                    bool copies, bool fillsAhead, int64_t ahead,
                    tile_dist::MmaInstruction instruction) {
  OpBuilder b(mma);
  Location loc = mma->getLoc();
  Value ring = alloc.getResult();
  auto schedule = tile_dist::ChunkScheduleOp::create(b, loc, ring);
  OpBuilder body = OpBuilder::atBlockEnd(&schedule.getBody().emplaceBlock());
  bool asyncProxy = instruction == tile_dist::MmaInstruction::Wgmma ||
                    instruction == tile_dist::MmaInstruction::Tcgen05;
  if (copies) {
    tile_dist::RingWaitOp::create(body, loc, ring, ahead - 1);
  } else {
    if (alloc.getType().getStages() == 1)
      tile_dist::RingReleaseOp::create(body, loc, ring);
    tile_dist::RingFillAheadOp::create(body, loc, ring, 0);
  }
  tile_dist::RingPublishOp::create(body, loc, ring, asyncProxy);
  if (fillsAhead)
    tile_dist::RingFillAheadOp::create(body, loc, ring, ahead);
  tile_dist::MmaChunkOp::create(body, loc, ring);
}

/// Whether an op of type `OpTy` takes the ring of `alloc`.
template <typename OpTy>
bool usedBy(tile_dist::RingAllocOp alloc) {
  return llvm::any_of(alloc->getUsers(),
                      [](Operation *user) { return isa<OpTy>(user); });
}

/// Whether an mma with operand records `records` copies one into its ring.
bool copiesInto(std::array<tile_dist::MmaOperandAttr, 2> records) {
  return llvm::any_of(records, [](tile_dist::MmaOperandAttr record) {
    return record.getCopy() == tile_dist::OperandCopy::CpAsync ||
           record.getCopy() == tile_dist::OperandCopy::Tma;
  });
}

struct ExpandMmaPipelinesPass
    : public PassWrapper<ExpandMmaPipelinesPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandMmaPipelinesPass)

  StringRef getArgument() const override {
    return "tilechain-expand-mma-pipelines";
  }
  StringRef getDescription() const override {
    return "Write the schedule of each mma's chunks (tile_dist."
           "chunk_schedule) and, where it copies into its ring, the fills "
           "of the first chunks, before the mma or before the loop the ring "
           "runs through (tile_dist.ring_fill)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto expand = [&](EntryOp entry, const TargetInfo &target,
                      unsigned numWarps) {
      TargetInfo cta = kernelTarget(entry, target, numWarps);
      SmallVector<tile_dist::RingAllocOp> allocs;
      entry.walk(
          [&](tile_dist::RingAllocOp alloc) { allocs.push_back(alloc); });
      for (tile_dist::RingAllocOp alloc : allocs) {
        Operation *mma = mmaOf(alloc);
        if (!mma)
          continue;
        tile_dist::MmaPipelineAttr pipeline = recordedMmaPipeline(mma);
        std::optional<tile_dist::MmaInstruction> instruction =
            recordedMmaInstruction(mma);
        std::optional<std::array<tile_dist::MmaOperandAttr, 2>> records =
            recordedMmaOperands(mma);
        if (!pipeline || !instruction || !records)
          continue;
        bool copies = copiesInto(*records);
        int64_t ahead = copies ? mmaCopiesAhead(pipeline.getStages(),
                                                pipeline.getGroupsInFlight())
                               : 0;
        // Within each run where the ring starts right before the mma
        // (tilechain-alloc-mma-rings), else through the loop it starts
        // before.
        Operation *holder = alloc->getBlock()->findAncestorOpInBlock(*mma);
        auto loop = dyn_cast_or_null<ForOp>(holder);
        if (holder != mma &&
            (!loop ||
             pipeline.getAcross() != tile_dist::PipelineSpan::Iterations))
          continue;
        // Each chunk fills the one `ahead` further on where the run has
        // one, and always where the ring runs on through its loop (the
        // chunk may fall in a later iteration). Into a ring too short for
        // that (one stage), nothing is built, and the materialization
        // says why (checkRecordedMmas).
        int64_t chunks = mmaChunks(mma, *instruction, cta, numWarps).chunks;
        bool fillsAhead = copies && (holder != mma || chunks > ahead);
        if (fillsAhead && ahead >= pipeline.getStages())
          continue;
        // A ring's fills and schedule fed back are kept.
        if (copies && !usedBy<tile_dist::RingFillOp>(alloc)) {
          if (holder == mma)
            fillFirst(alloc, mma, ahead);
          else
            fillAhead(alloc, mma, loop, chunks, ahead);
        }
        if (!usedBy<tile_dist::ChunkScheduleOp>(alloc))
          scheduleChunks(alloc, mma, copies, fillsAhead, ahead,
                         *instruction);
      }
    };
    if (failed(forEachParallelKernel(getOperation(), expand)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createExpandMmaPipelinesPass() {
  return std::make_unique<ExpandMmaPipelinesPass>();
}
