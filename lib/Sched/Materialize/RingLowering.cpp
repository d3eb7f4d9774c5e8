//===- RingLowering.cpp - an mma's ring of stages: start, fills, end ------===//
//
// The ring ops of the tile program (tilechain-alloc-mma-rings,
// tilechain-expand-mma-pipelines), lowered where they stand: the ring's
// shared memory and mbarriers, and the registers its mma writes into it,
// at its ring_alloc; the chunks its copies run ahead of the first
// multiply at its ring_fill ops, or all of them by a producer warpgroup
// at its ring_producer; and the mbarriers given back at its ring_dealloc. Its chunk_schedule is run by the mma's loop over its
// chunks (multiplyChunks, MmaPipeline.cpp).
//
//===----------------------------------------------------------------------===//
#include "MmaStaging.h"
#include "StageRing.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaPipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

/// The start of a ring: its shared memory, allocated where it stands, in
/// which its mma stages its operands (stageOperands), and where the ring
/// runs within one run of its mma, the registers of the operands it
/// writes into the ring, taken into the layouts they are staged from
/// (takeRingRegisters: its fills and its mma write them). Where its stages are
/// written before its mma's loop (ring_fill) or TMA fills it, a barrier
/// first orders those writes after an earlier exchange's reads of the same
/// bytes; where TMA fills it, its mbarriers are set up there too, with
/// each thread's word of the phases it has waited for.
static LogicalResult lowerRingAlloc(TileLowering &l,
                                    tile_dist::RingAllocOp op) {
  tile_dist::RingType ring = op.getType();
  FailureOr<Value> buffer =
      l.allocShared(op, ring.getBytes(), ring.getAlignment());
  if (failed(buffer))
    return failure();
  l.map(op.getResult(), *buffer);
  Operation *mma = l.mmaOf(op.getResult());
  if (mma && mma->getBlock() == op->getBlock() &&
      failed(mma::takeRingRegisters(l, mma, op.getResult())))
    return failure();
  Location loc = op.getLoc();
  bool filledAhead = llvm::any_of(op->getUsers(), [](Operation *user) {
    return isa<tile_dist::RingFillOp>(user);
  });
  if (ring.getMbarriers() || filledAhead)
    TileLowering::barrierBeforeSharedWrites(l.b(), loc);
  if (!ring.getMbarriers())
    return success();
  auto kernel = cast<gpu::GPUFuncOp>(l.getKernel());
  OpBuilder atEntry = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Value phases = memref::AllocaOp::create(
      atEntry, loc, MemRefType::get({1}, atEntry.getI32Type()));
  l.setRingPhases(op.getResult(), phases);
  mma::StageRing::setUpBarriers(l, l.b(), loc, *buffer, phases, ring);
  return success();
}

/// A fill of one chunk into a stage. Before the loop the ring runs
/// through, where it runs: the copies of the chunk from the tiles the
/// mma's loads read in the iteration whose counter is `iv` (the loads'
/// other indices are defined before the loop, pipelineLoop). Before the
/// mma, within its run: the copies from the tiles its loads read, and the
/// writes of the registers taken at the ring's start. Whether or not it
/// runs, the close of its cp.async group.
static LogicalResult lowerRingFill(TileLowering &l, tile_dist::RingFillOp op) {
  Value ringValue = op.getRing();
  Operation *mma = l.mmaOf(ringValue);
  auto alloc = ringValue.getDefiningOp<tile_dist::RingAllocOp>();
  Operation *holder =
      mma && alloc ? alloc->getBlock()->findAncestorOpInBlock(*mma) : nullptr;
  auto loop = dyn_cast_or_null<cuda_tile::ForOp>(holder);
  if (op.getIv() && !loop)
    return op.emitError() << "fills a ring at an iteration of its loop, but "
                             "no mma in a loop after its ring_alloc stages "
                             "its operands in it";
  Operation *fillAt =
      holder == mma && mma ? mma->getBlock()->findAncestorOpInBlock(*op)
                           : nullptr;
  if (!op.getIv() && !(fillAt && fillAt->isBeforeInBlock(mma)))
    return op.emitError() << "fills a ring within a run of its mma, but no "
                             "mma after it in the block of its ring_alloc "
                             "stages its operands in it";
  FailureOr<mma::RingCopies> copies = mma::ringCopies(l, mma, ringValue);
  if (failed(copies))
    return failure();
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  mma::StageRing ring(l, mma, copies->operands, copies->kc);
  Value chunk = l.toIndex(b, loc, l.lookup(op.getChunk()), false);
  Value stage = l.toIndex(b, loc, l.lookup(op.getStage()), false);
  if (!op.getIv()) {
    // The tiles of the mma's own loads.
    ring.fill(b, chunk, stage, copies->operands,
              ring.sources([](cuda_tile::LoadViewTkoOp) {
                return SmallVector<Value>();
              }));
    ring.closeGroup(b);
    return success();
  }
  Value iv = l.lookup(op.getIv());
  auto origin = [&](cuda_tile::LoadViewTkoOp load) {
    SmallVector<Value> index;
    for (Value v : load.getIndex())
      index.push_back(v == loop.getInductionVar() ? iv : l.lookup(v));
    return index;
  };
  scf::IfOp::create(
      b, loc, l.lookup(op.getRuns()), [&](OpBuilder &then, Location) {
        // That iteration's tile origins, made here to keep them out of
        // the registers live across the fills.
        ring.fill(then, chunk, stage, copies->operands, ring.sources(origin));
        scf::YieldOp::create(then, loc);
      });
  ring.closeGroup(b);
  return success();
}

/// The registers a warpgroup keeps under warp specialization with two
/// consumer warpgroups, CUTLASS's and NVIDIA's tileiras's sm_90 split of a
/// 384-thread CTA's 64K: 40 a producer thread, 232 a consumer thread.
constexpr int32_t kProducerRegisters = 40;
constexpr int32_t kConsumerRegisters = 232;

/// Where the producer warpgroup leaves the consumers
/// (tile_dist.ring_producer): the warps after the kernel's own give their
/// registers back, and the first thread of the first of them fills every
/// chunk of every iteration of the ring's loop, each after the consumers
/// freed its stage; then the producers exit, and the consumers, which
/// take the registers, run on.
static LogicalResult lowerRingProducer(TileLowering &l,
                                       tile_dist::RingProducerOp op) {
  Value ringValue = op.getRing();
  Operation *mma = l.mmaOf(ringValue);
  auto alloc = ringValue.getDefiningOp<tile_dist::RingAllocOp>();
  auto loop = mma && alloc ? dyn_cast_or_null<cuda_tile::ForOp>(
                                 alloc->getBlock()->findAncestorOpInBlock(*mma))
                           : cuda_tile::ForOp();
  std::optional<tile_dist::MmaInstruction> instruction =
      mma ? recordedMmaInstruction(mma) : std::nullopt;
  if (!loop || !instruction)
    return op.emitError() << "fills a ring whose mma is in no loop after "
                             "its ring_alloc";
  FailureOr<mma::RingCopies> copies = mma::ringCopies(l, mma, ringValue);
  if (failed(copies))
    return failure();
  int64_t chunks =
      mmaChunks(mma, *instruction, l.getTarget(), l.getNumWarps()).chunks;
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  unsigned consumers = l.getNumWarps();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Two consumer warpgroups take the registers one producer gives back.
  bool rebalance = consumers == 8;
  Value warp = l.getWarpId(), lane = l.getLaneId();
  Value isProducer = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, warp, index(consumers));
  auto split = scf::IfOp::create(b, loc, isProducer, [&](OpBuilder &, Location) {
    if (rebalance)
      NVVM::SetMaxRegisterOp::create(b, loc, kProducerRegisters,
                                     NVVM::SetMaxRegisterAction::decrease);
    Value issuer = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp,
                              index(consumers)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                              index(0)));
    scf::IfOp::create(b, loc, issuer, [&](OpBuilder &, Location) {
      l.asIssuingThread(b, loc, [&] {
        mma::StageRing ring(l, mma, copies->operands, copies->kc);
        int64_t stages = ring.stages();
        scf::ForOp::create(
            b, loc, l.lookup(loop.getLowerBound()),
            l.lookup(loop.getUpperBound()), l.lookup(loop.getStep()),
            ValueRange{index(0)},
            [&](OpBuilder &, Location, Value iv, ValueRange filled) {
              // That iteration's tile origins.
              auto origin = [&](cuda_tile::LoadViewTkoOp load) {
                SmallVector<Value> at;
                for (Value v : load.getIndex())
                  at.push_back(v == loop.getInductionVar() ? iv
                                                           : l.lookup(v));
                return at;
              };
              SmallVector<mma::StageRing::Source, 2> sources =
                  ring.sources(origin);
              auto overChunks = scf::ForOp::create(
                  b, loc, index(0), index(chunks), index(1), filled,
                  [&](OpBuilder &, Location, Value chunk,
                      ValueRange before) {
                    Value fill = before[0];
                    Value stage = ring.stageOf(b, fill);
                    ring.waitForFreeStage(
                        b, stage,
                        arith::DivUIOp::create(b, loc, fill, index(stages)));
                    ring.fill(b, chunk, stage, copies->operands, sources);
                    scf::YieldOp::create(
                        b, loc,
                        ValueRange{arith::AddIOp::create(b, loc, fill,
                                                         index(1))});
                  });
              scf::YieldOp::create(b, loc, overChunks.getResults());
            },
            loop.getUnsignedCmp());
      });
      scf::YieldOp::create(b, loc);
    });
    NVVM::Exit::create(b, loc);
    scf::YieldOp::create(b, loc);
  });
  l.setConsumersStart(split);
  if (rebalance)
    NVVM::SetMaxRegisterOp::create(b, loc, kConsumerRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
  return success();
}

/// The end of a ring: its mbarriers, where TMA fills it, given back.
/// tile-sched places it after the wait for the mma groups left running
/// (after the loop, or after the mma): where ptxas 13.5 if-converts the
/// invalidation into the wait's block, it has hoisted scalar
/// cvt.rn.f16.f32 reads of the accumulators above the wait (the
/// occupancy-2 t128x256 matmuls on an H200,
/// bench/results/2026-11-28-h200-diagnose.md).
static LogicalResult lowerRingDealloc(TileLowering &l,
                                      tile_dist::RingDeallocOp op) {
  tile_dist::RingType ring = op.getRing().getType();
  if (!ring.getMbarriers())
    return success();
  mma::StageRing::releaseBarriers(l, l.b(), op.getLoc(),
                                  l.lookup(op.getRing()), ring);
  return success();
}

void tilechain::addRingLowerings(LoweringTable &table, TileForm form) {
  // A schedule of an mma's chunks is run by the mma's lowering, in its
  // loop over chunks (multiplyChunks).
  table.add<tile_dist::ChunkScheduleOp>(
      [](TileLowering &, tile_dist::ChunkScheduleOp) { return success(); });
  if (form == TileForm::Parallel) {
    table.add<tile_dist::RingAllocOp>(lowerRingAlloc);
    table.add<tile_dist::RingFillOp>(lowerRingFill);
    table.add<tile_dist::RingProducerOp>(lowerRingProducer);
    table.add<tile_dist::RingDeallocOp>(lowerRingDealloc);
    return;
  }
  table.add<tile_dist::RingProducerOp>(
      [](TileLowering &, tile_dist::RingProducerOp) { return success(); });
  // The serial form pipelines nothing: a ring left by a try at the
  // parallel form is neither allocated nor filled.
  table.add<tile_dist::RingAllocOp>(
      [](TileLowering &, tile_dist::RingAllocOp) { return success(); });
  table.add<tile_dist::RingFillOp>(
      [](TileLowering &, tile_dist::RingFillOp) { return success(); });
  table.add<tile_dist::RingDeallocOp>(
      [](TileLowering &, tile_dist::RingDeallocOp) { return success(); });
}
