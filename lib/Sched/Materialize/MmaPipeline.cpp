//===- MmaPipeline.cpp - an mma's k loop, software-pipelined --------------===//
//
// An mma multiplies its operands a chunk of k at a time from a ring of
// shared-memory stages (MmaStaging.h). Where operands are copied (cp.async
// or TMA), the copies run ahead: chunk g + stages - 1 starts while chunk g
// is multiplied, into the stage chunk g - 1 was read from, which the
// barrier before chunk g has freed. Where each thread leaves its last
// group of wgmma running past the barrier (it waits for all but the newest
// group), that group still reads chunk g - 1, and the copies run one chunk
// less ahead, into the stage of chunk g - 2. In a loop that only loads and
// computes, the ring runs on across the loop's iterations, so that none
// but the first waits for its first chunks. How many stages, groups and
// whether the ring crosses iterations is planned from the tile program
// (planMmaPipeline, include/tilechain/Lower/MmaPipelines.h), and what each
// chunk does with the ring is written by tile-sched
// (tilechain-expand-mma-pipelines: tile_dist.chunk_schedule); this file
// builds the loop over chunks that runs it, with the ring's operations
// (StageRing.h) each of its ops stands for.
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "StageRing.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

MmaPipelinePlan mma::planPipeline(TileLowering &l, Operation *op,
                                  ArrayRef<OperandForm> forms,
                                  int64_t stageBytes, const MmaChunks &chunks,
                                  tile_dist::MmaPipelineAttr recorded) {
  SmallVector<PipelinedOperand> operands;
  for (const OperandForm &form : forms)
    operands.push_back({form.copiedFrom, form.byTensorMap, form.inRegisters});
  MmaPipelinePlan plan = planMmaPipeline(
      op, operands, stageBytes, chunks.chunks, chunks.maxStages,
      chunks.maxMmaGroupsInFlight, l.getTarget());
  std::string whyWithin = plan.whyNotAcrossIterations;
  if (recorded) {
    // tile-sched's ring, which checkRecordedMmas found legal: across
    // iterations only where the plan found the loop (pipelineLoop).
    if (recorded.getAcross() == tile_dist::PipelineSpan::Chunks &&
        plan.ringLoop) {
      plan.ringLoop = {};
      whyWithin = "tile-sched chose it";
    }
    plan.stages = recorded.getStages();
    plan.mmaGroupsInFlight = recorded.getGroupsInFlight();
  }
  if (!plan.copies)
    return plan;
  if (!whyWithin.empty())
    l.remark(TileRemarkKind::Missed, kMemoryRemarks,
             "RemarkMemoryPipelineWithinIteration", op->getLoc(),
             "Copies pipelined within each loop iteration, not across "
             "iterations")
        .reason(whyWithin);
  // One chunk and no loop to run through: nothing is pipelined.
  if (chunks.chunks == 1 && !plan.ringLoop)
    return plan;
  for (auto [load, given] : plan.invalidLatencies)
    l.remark(TileRemarkKind::Missed, kHintRemarks, "RemarkHintNotFollowed",
             load.getLoc(), "OptimizationHint latency not followed")
        .note("Latency", std::to_string(given))
        .reason("a latency hint is 1 to " +
                std::to_string(
                    cuda_tile::OptimizationHintsAttr::kMaxLatency) +
                "; the load is pipelined as if it had none");
  if (plan.latency)
    l.remark(TileRemarkKind::Passed, kHintRemarks, "RemarkHint",
             plan.hinted.getLoc(), "OptimizationHint used latency")
        .note("Latency", std::to_string(*plan.latency));
  else
    l.remark(TileRemarkKind::Passed, kHintRemarks, "RemarkHintDefault",
             plan.firstCopied.getLoc(),
             "OptimizationHint used default latency");
  TileRemark &remark =
      l.remark(TileRemarkKind::Passed, kMemoryRemarks,
               "RemarkMemoryPipelineStages", op->getLoc(),
               "Copies pipelined in " + Twine(plan.stages) + " stages")
          .note("Stages", std::to_string(plan.stages))
          .note("StageBytes", std::to_string(stageBytes))
          .note("Across", plan.ringLoop ? "loop iterations" : "chunks of k");
  if (chunks.maxMmaGroupsInFlight)
    remark.note("MmaGroupsInFlight", std::to_string(plan.mmaGroupsInFlight));
  return plan;
}

/// The schedule of the chunks of the mma that `ring` stages the operands
/// of (tilechain-expand-mma-pipelines), or null.
static tile_dist::ChunkScheduleOp scheduleOf(Value ring) {
  for (Operation *user : ring.getUsers())
    if (auto schedule = dyn_cast<tile_dist::ChunkScheduleOp>(user))
      return schedule;
  return {};
}

SmallVector<Value> mma::multiplyChunks(TileLowering &l, Operation *op,
                                       ArrayRef<StagedOperand> staged,
                                       int64_t kc, int64_t chunkCount,
                                       ValueRange sums,
                                       ChunkMultiply multiply) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  StageRing ring(l, op, staged, kc);
  // The copies from this iteration's tiles (the loads' own indices).
  SmallVector<StageRing::Source, 2> own =
      ring.sources([](cuda_tile::LoadViewTkoOp) {
        return SmallVector<Value>();
      });
  int64_t stages = ring.stages();
  // Each chunk runs the ops of the mma's schedule (stageOperands checked
  // that it has one): with async copies, chunk g is filled `ahead` chunks
  // before the barrier that starts its multiply and read after it; the
  // multiply of chunk g starts the copies of chunk g + ahead, into the
  // stage chunk g - 1 was read from (which that barrier has finished:
  // every thread passed it after waiting for its mma of chunk g - 1, or,
  // with a group left running, of chunk g - 2, whose stage it then is),
  // before the tensor cores multiply chunk g, so the copies overlap the
  // mma. Registers are written in the iteration that reads them, before
  // its barrier (written a chunk ahead, they would stay live longer beside
  // the accumulators). Either way one barrier per chunk where there are two
  // stages or more; the write-after-read barrier before the first fill
  // keeps it from overtaking an earlier exchange's reads, and with one
  // stage, each fill has one.
  tile_dist::ChunkScheduleOp schedule = scheduleOf(l.ringOf(op));
  cuda_tile::ForOp loop = staged[0].ringLoop;
  // The chunks g < ahead of a run are filled before it: before the mma,
  // or before the pipelined loop its ring runs through (those of
  // iterations that run), by tile_dist.ring_fill ops, which
  // tilechain-expand-mma-pipelines wrote and RingLowering.cpp lowers. In a
  // loop, chunk c of iteration i copies chunk c + ahead counted on from
  // there, in this iteration or a later one.
  auto sourcesAt = [&](Value iv) {
    return ring.sources([&](cuda_tile::LoadViewTkoOp load) {
      SmallVector<Value> index;
      for (Value v : load.getIndex())
        index.push_back(v == loop.getInductionVar() ? iv : l.lookup(v));
      return index;
    });
  };
  bool isUnsigned = loop && loop.getUnsignedCmp();
  // Loop bounds in 64 bits, so that iv + d * step cannot overflow.
  auto wide = [&](OpBuilder &at, Value v) -> Value {
    Type i64 = at.getI64Type();
    if (v.getType() == i64)
      return v;
    if (v.getType().isIndex())
      return arith::IndexCastOp::create(at, loc, i64, v);
    if (isUnsigned)
      return arith::ExtUIOp::create(at, loc, i64, v);
    return arith::ExtSIOp::create(at, loc, i64, v);
  };
  // Iteration `iv` + d * step, which runs where it is below the upper
  // bound; `d` an index value.
  auto laterIv = [&](OpBuilder &at, Value iv, Value d) -> Value {
    Type ivType = iv.getType();
    Value dAsIv = ivType.isIndex()
                      ? d
                      : arith::IndexCastOp::create(at, loc, ivType, d);
    return arith::AddIOp::create(
        at, loc, iv,
        arith::MulIOp::create(at, loc, dAsIv, l.lookup(loop.getStep())));
  };
  auto runs = [&](OpBuilder &at, Value iv, Value d) -> Value {
    Value d64 = arith::IndexCastOp::create(at, loc, at.getI64Type(), d);
    Value later = arith::AddIOp::create(
        at, loc, wide(at, iv),
        arith::MulIOp::create(at, loc, d64, wide(at, l.lookup(loop.getStep()))));
    return arith::CmpIOp::create(
        at, loc,
        isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
        later, wide(at, l.lookup(loop.getUpperBound())));
  };
  // The fill of chunk `chunk` + `ahead` (chunk `inRun` + `ahead` of the
  // ring's run): chunk c' of this iteration or of the d-th after it.
  // (The region builders are l.b() itself, moved into the regions, as the
  // copies' constants need.)
  auto fillAhead = [&](OpBuilder &inChunks, Value chunk, Value inRun,
                       int64_t ahead) {
    Value target = arith::AddIOp::create(inChunks, loc, chunk,
                                         constant(inChunks, ahead));
    Value targetStage = ring.stageOf(
        inChunks, arith::AddIOp::create(inChunks, loc, inRun,
                                        constant(inChunks, ahead)));
    Value d = arith::DivUIOp::create(inChunks, loc, target,
                                     constant(inChunks, chunkCount));
    Value inIteration = arith::RemUIOp::create(
        inChunks, loc, target, constant(inChunks, chunkCount));
    Value thisIteration = arith::CmpIOp::create(
        inChunks, loc, arith::CmpIPredicate::eq, d, constant(inChunks, 0));
    auto fillThis = [&](OpBuilder &then, Location) {
      ring.fill(then, inIteration, targetStage, staged, own);
      scf::YieldOp::create(then, loc);
    };
    auto fillLater = [&](OpBuilder &otherwise, Location) {
      Value iv = l.lookup(loop.getInductionVar());
      scf::IfOp::create(otherwise, loc, runs(otherwise, iv, d),
                        [&](OpBuilder &then, Location) {
                          // The later iteration's tile origins, made
                          // here to keep them out of the registers
                          // live beside the accumulators.
                          ring.fill(then, inIteration, targetStage, staged,
                                    sourcesAt(laterIv(then, iv, d)));
                          scf::YieldOp::create(then, loc);
                        });
      scf::YieldOp::create(otherwise, loc);
    };
    if (loop)
      scf::IfOp::create(inChunks, loc, thisIteration, fillThis, fillLater);
    else
      scf::IfOp::create(inChunks, loc, thisIteration, fillThis);
  };
  // The run's chunk count before this iteration's first: iteration i of
  // the pipelined loop starts at chunk i * chunkCount.
  Value firstChunk;
  if (loop) {
    Value lower = l.lookup(loop.getLowerBound());
    Value iv = l.lookup(loop.getInductionVar());
    Value iteration = arith::DivUIOp::create(
        b, loc,
        arith::SubIOp::create(b, loc, wide(b, iv), wide(b, lower)),
        wide(b, l.lookup(loop.getStep())));
    firstChunk = arith::MulIOp::create(
        b, loc,
        arith::IndexCastOp::create(b, loc, b.getIndexType(), iteration),
        constant(b, chunkCount));
  } else if (!ring.copies() && stages > 1) {
    l.barrierBeforeSharedWrites(b, loc);
  }
  auto chunks = scf::ForOp::create(
      b, loc, constant(b, 0), constant(b, chunkCount), constant(b, 1), sums,
      [&](OpBuilder &inChunks, Location, Value chunk, ValueRange chunkSums) {
        Value inRun =
            firstChunk ? arith::AddIOp::create(inChunks, loc, firstChunk, chunk)
                       : chunk;
        Value stage = ring.stageOf(inChunks, inRun);
        SmallVector<Value> next;
        for (Operation &scheduled : schedule.getBody().front()) {
          if (auto wait = dyn_cast<tile_dist::RingWaitOp>(scheduled)) {
            ring.waitForCopies(inChunks, stage, wait.getNewer());
          } else if (isa<tile_dist::RingReleaseOp>(scheduled)) {
            l.barrierBeforeSharedWrites(inChunks, loc);
          } else if (auto publish =
                         dyn_cast<tile_dist::RingPublishOp>(scheduled)) {
            // The async proxy sees this thread's writes once they are
            // fenced; the barrier then makes every thread's visible to it.
            // Stages that only TMA fills need no fence: the copies write
            // through the async proxy, and their mbarrier's phase, waited
            // for above, makes them visible.
            if (publish.getAsyncProxy())
              ring.fenceWritesForAsyncReads(inChunks);
            gpu::BarrierOp::create(inChunks, loc);
          } else if (auto fill =
                         dyn_cast<tile_dist::RingFillAheadOp>(scheduled)) {
            if (fill.getBy() == 0)
              ring.fill(inChunks, chunk, stage, staged, own);
            else
              fillAhead(inChunks, chunk, inRun, fill.getBy());
            ring.closeGroup(inChunks);
          } else if (isa<tile_dist::MmaChunkOp>(scheduled)) {
            next = multiply(inChunks, chunk, stage, chunkSums);
          } else if (auto free = dyn_cast<tile_dist::RingFreeOp>(scheduled)) {
            // The chunk `behind` this one, whose group has retired, where
            // the run has one.
            Value behind = constant(inChunks, free.getBehind());
            Value has = arith::CmpIOp::create(
                inChunks, loc, arith::CmpIPredicate::uge, inRun, behind);
            scf::IfOp::create(
                inChunks, loc, has, [&](OpBuilder &then, Location) {
                  ring.freeStage(then,
                                 ring.stageOf(then, arith::SubIOp::create(
                                                        then, loc, inRun,
                                                        behind)));
                  scf::YieldOp::create(then, loc);
                });
          }
        }
        scf::YieldOp::create(inChunks, loc, next);
      });
  return SmallVector<Value>(chunks.getResults());
}
