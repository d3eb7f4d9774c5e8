//===- SpecializeWarps.cpp - tile-sched: a producer warp fills a TMA ring -===//
//
// Warp specialization, CUTLASS's and NVIDIA's tileiras's sm_90 and sm_100
// schedule: the warps tile-lower assigned become consumers, which only
// wait for their mma's chunks and multiply them, and a producer warpgroup
// more fills the mma's ring by TMA, as far ahead as the ring has stages,
// with no CTA barrier per chunk: a consumer hands each stage back on its
// empty mbarrier once the chunk's products have retired (its wgmma group,
// or the tcgen05 commit the consumers wait for) (tile_dist.ring_free), and
// the producer waits for that before filling it again.
//
// For a kernel whose ring qualifies, the pass
// - moves the ops the producer reads (the loop's bounds, the copied loads'
//   views and tile origins: pure ops of the kernel's body) to the kernel's
//   start, then the ring's ring_alloc after them, with `producer` in its
//   type, then a tile_dist.ring_producer, where the producer warpgroup
//   leaves the consumers;
// - drops the ring's fills before its loop (the producer makes them);
// - rewrites the mma's chunk schedule to: wait for the chunk's stage,
//   multiply, free the stage of the chunk whose products have just retired.
// What qualifies, first cut: a kernel whose one ring is filled by TMA
// alone (both operands) and runs through the iterations of a loop of the
// kernel's body with a constant positive step, for a wgmma on sm_90 or a
// tcgen05.mma on sm_100. Which kernels it pays for is not measured yet (no
// GPU run): the pass specializes where cuTile's num_worker_warps_per_cta
// hint names the consumer warps, as NVIDIA's tileiras counts them (that
// many, plus a producer warpgroup), and says with a remark why it did not
// where the hint is given.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"
#include "PlanKernels.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/ScalarTiles.h"
#include "tilechain/Lower/TileRemarks.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace tilechain;

namespace {

/// The ring of a kernel that a producer warp can fill, and what the
/// producer reads.
struct Specializable {
  tile_dist::RingAllocOp alloc;
  Operation *mma = nullptr;
  /// The mma's instruction: wgmma (sm_90) or tcgen05 (sm_100).
  tile_dist::MmaInstruction instruction;
  ForOp loop;
  tile_dist::MmaPipelineAttr pipeline;
  /// The ops of the kernel's body that compute what the producer reads,
  /// in their order.
  SmallVector<Operation *> slice;
};

/// The copied view load behind operand `index` of `mma` (through its
/// in_ring), or null.
LoadViewTkoOp copiedLoad(Operation *mma, unsigned index) {
  auto inRing = mma->getOperand(index).getDefiningOp<tile_dist::InRingOp>();
  return inRing ? operandLoad(inRing.getTile()) : LoadViewTkoOp();
}

/// Adds to `slice` the ops of `body` that `value` depends on; false where
/// one of them is not a pure op without regions standing in `body`.
bool addSlice(Block &body, Value value, llvm::SetVector<Operation *> &slice) {
  Operation *op = value.getDefiningOp();
  if (!op)
    return value.getParentBlock() == &body;
  if (slice.contains(op))
    return true;
  // An assume only adds facts about its value.
  if (op->getBlock() != &body || op->getNumRegions() ||
      !(isMemoryEffectFree(op) || isa<AssumeOp>(op)))
    return false;
  for (Value operand : op->getOperands())
    if (!addSlice(body, operand, slice))
      return false;
  slice.insert(op);
  return true;
}

/// Why `entry`'s ring cannot be filled by a producer warp, or empty with
/// `found` filled in.
std::string whyNotSpecializable(EntryOp entry, const TargetInfo &target,
                                Specializable &found) {
  if (target.smVersion != 90 && target.smVersion != 100)
    return "warp specialization is built for sm_90's wgmma and sm_100's "
           "tcgen05 only";
  tile_dist::MmaInstruction warpgroupMma =
      target.smVersion == 90 ? tile_dist::MmaInstruction::Wgmma
                             : tile_dist::MmaInstruction::Tcgen05;
  SmallVector<tile_dist::RingAllocOp> allocs;
  entry.walk([&](tile_dist::RingAllocOp alloc) { allocs.push_back(alloc); });
  if (allocs.size() != 1)
    return "the kernel has " + std::to_string(allocs.size()) +
           " rings of mma operands, not one";
  tile_dist::RingAllocOp alloc = allocs.front();
  Operation *mma = nullptr;
  for (Operation *user : alloc->getUsers())
    if (isa<tile_dist::InRingOp>(user) && !user->use_empty())
      mma = *user->getUsers().begin();
  if (!mma || recordedMmaInstruction(mma) != warpgroupMma)
    return target.smVersion == 90 ? "its ring's mma does not run on wgmma"
                                  : "its ring's mma does not run on tcgen05";
  tile_dist::MmaPipelineAttr pipeline = recordedMmaPipeline(mma);
  auto records = recordedMmaOperands(mma);
  if (!pipeline || !records)
    return "its ring's mma has no recorded pipeline";
  for (tile_dist::MmaOperandAttr record : *records)
    if (record.getCopy() != tile_dist::OperandCopy::Tma)
      return "TMA does not copy both of its mma's operands";
  Block &body = entry.getBody().front();
  auto loop = alloc->getBlock() == &body
                  ? dyn_cast_or_null<ForOp>(body.findAncestorOpInBlock(*mma))
                  : ForOp();
  if (!loop || pipeline.getAcross() != tile_dist::PipelineSpan::Iterations)
    return "its ring does not run through a loop of the kernel's body";
  std::optional<APInt> step = splatInt(loop.getStep());
  if (!step || !step->isStrictlyPositive())
    return "its loop's step is not a positive constant";
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> read = {loop.getLowerBound(), loop.getUpperBound(),
                             loop.getStep()};
  for (unsigned index : {0u, 1u}) {
    LoadViewTkoOp load = copiedLoad(mma, index);
    if (!load)
      return "an operand's view load is not found";
    read.push_back(load.getView());
    for (Value v : load.getIndex())
      if (v != loop.getInductionVar())
        read.push_back(v);
  }
  for (Value v : read)
    if (!addSlice(body, v, slice))
      return "the loop's bounds or the copies' tile origins are not "
             "computed by pure ops of the kernel's body";
  found = {alloc, mma, warpgroupMma, loop, pipeline,
           SmallVector<Operation *>()};
  // In the body's order, for the move to its start.
  for (Operation &op : body)
    if (slice.contains(&op))
      found.slice.push_back(&op);
  return "";
}

/// The specialization of `found` (the file's comment).
void specialize(const Specializable &found) {
  tile_dist::RingAllocOp alloc = found.alloc;
  Block &body = *alloc->getBlock();
  // The slice's ops lead the body, in order; the ring starts after them.
  Operation *next = &body.front();
  for (Operation *op : found.slice) {
    if (op == next)
      next = next->getNextNode();
    else
      op->moveBefore(next);
  }
  if (alloc != next)
    alloc->moveBefore(next);
  tile_dist::RingType type = alloc.getType();
  alloc.getResult().setType(tile_dist::RingType::get(
      type.getContext(), type.getStages(), type.getStageBytes(),
      type.getAlignment(), type.getMbarriers(), /*producer=*/true));
  OpBuilder b(alloc->getContext());
  b.setInsertionPointAfter(alloc);
  tile_dist::RingProducerOp::create(b, alloc.getLoc(), alloc.getResult());

  SmallVector<Operation *> fills;
  for (Operation *user : alloc->getUsers())
    if (isa<tile_dist::RingFillOp>(user))
      fills.push_back(user);
  for (Operation *fill : fills) {
    // tilechain-expand-mma-pipelines puts several in a loop of their own.
    Operation *holder = body.findAncestorOpInBlock(*fill);
    if (holder != fill && holder->getNumRegions()) {
      holder->walk([](tile_dist::RingFillOp inner) { inner->erase(); });
      holder->erase();
    } else if (holder == fill) {
      fill->erase();
    }
  }
  for (Operation *user : alloc->getUsers()) {
    auto schedule = dyn_cast<tile_dist::ChunkScheduleOp>(user);
    if (!schedule)
      continue;
    Block &chunk = schedule.getBody().front();
    while (!chunk.empty())
      chunk.back().erase();
    OpBuilder in = OpBuilder::atBlockEnd(&chunk);
    Location loc = schedule.getLoc();
    Value ring = alloc.getResult();
    tile_dist::RingWaitOp::create(in, loc, ring, 0);
    // On tcgen05 one thread multiplies into tensor memory, which every
    // consumer warp has written (the accumulator's start) and waits on:
    // its products complete on two mbarriers that each consumer waits on
    // by phase parity, commit n on mbarrier n mod 2, so a consumer two
    // commits behind the issuing thread would wait for a parity that has
    // come round again. A consumers' barrier before each chunk's products
    // orders the warps' writes before the first and keeps the consumers
    // within one commit of each other (wgmma's accumulators and groups are
    // each warpgroup's own).
    if (found.instruction == tile_dist::MmaInstruction::Tcgen05)
      tile_dist::RingReleaseOp::create(in, loc, ring);
    tile_dist::MmaChunkOp::create(in, loc, ring);
    tile_dist::RingFreeOp::create(in, loc, ring,
                                  found.pipeline.getGroupsInFlight());
  }
}

struct SpecializeWarpsPass
    : public PassWrapper<SpecializeWarpsPass, OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SpecializeWarpsPass)

  StringRef getArgument() const override {
    return "tilechain-specialize-warps";
  }
  StringRef getDescription() const override {
    return "Give a kernel's TMA ring a producer warpgroup "
           "(tile_dist.ring_producer) where cuTile's num_worker_warps_per_cta "
           "hint names its consumer warps";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    auto run = [&](EntryOp entry, const TargetInfo &target, unsigned) {
      // Where NVIDIA's tileiras specializes (sm_90 and sm_100: TMA and a
      // warpgroup mma).
      if (target.smVersion != 90 && target.smVersion != 100)
        return;
      OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
      if (!hints || !hints.getNumWorkerWarpsPerCTA(
                        "sm_" + std::to_string(target.smVersion)))
        return;
      bool hasMma = entry
                        ->walk([](Operation *op) {
                          return isMma(op) ? WalkResult::interrupt()
                                           : WalkResult::advance();
                        })
                        .wasInterrupted();
      if (!hasMma)
        return;
      Specializable found;
      std::string why = whyNotSpecializable(entry, target, found);
      if (!why.empty()) {
        reportTileRemark(TileRemark{TileRemarkKind::Missed, kKernelRemarks,
                                    "RemarkWarpsNotSpecialized",
                                    entry.getLoc(),
                                    "Warps not specialized",
                                    {}}
                             .reason(why),
                         entry.getSymName());
        return;
      }
      specialize(found);
      reportTileRemark(TileRemark{TileRemarkKind::Passed, kKernelRemarks,
                                  "RemarkWarpsSpecialized", found.mma->getLoc(),
                                  "Warps specialized: a producer warpgroup "
                                  "fills the mma's TMA ring",
                                  {}}
                           .note("Stages", std::to_string(
                                               found.pipeline.getStages())),
                       entry.getSymName());
    };
    if (failed(forEachParallelKernel(getOperation(), run)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createSpecializeWarpsPass() {
  return std::make_unique<SpecializeWarpsPass>();
}
