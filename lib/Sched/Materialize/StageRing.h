//===- StageRing.h - what can be done to an mma's ring of stages -*- C++ -*-===//
//
// An mma's operands pass through a ring of shared-memory stages
// (MmaStaging.h). These are the ring's operations: fill a stage with a
// chunk (async copies by cp.async or TMA, or the threads' register
// writes), close a group of cp.async copies, wait for a stage's copies,
// fence the threads' writes for the async proxy, and set up and give back
// the mbarriers the TMA copies complete on. Which chunk is filled, waited
// for and multiplied when is the schedule, multiplyChunks
// (MmaPipeline.cpp). The two are kept apart because they are the seam
// along which the schedule moves to tile-sched: each operation here is one
// op of the tile-level ring (docs/tile-async.md): the fills before a
// ring's loop are tile_dist.ring_fill ops already (lowered in
// RingLowering.cpp), and multiplyChunks writes the rest.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_STAGERING_H
#define TILECHAIN_SCHED_MATERIALIZE_STAGERING_H

#include "MmaStaging.h"
#include "TensorMapCopy.h"

#include <functional>

namespace tilechain::mma {

class StageRing {
public:
  /// What fills one staged operand's chunks where it is copied: its
  /// cp.async runs or its TMA copies (neither where its registers are
  /// written).
  struct Source {
    AsyncRunCopy threads;
    TensorChunkCopy tensor;
  };
  /// The tile origin of a copied operand's view load, from lowered values:
  /// an empty one is this iteration's.
  using OriginOf = llvm::function_ref<llvm::SmallVector<mlir::Value>(
      mlir::cuda_tile::LoadViewTkoOp)>;

  /// The ring of `staged` (lhs, rhs), chunks of `kc` values of k, for mma
  /// `op`.
  StageRing(TileLowering &l, mlir::Operation *op,
            llvm::ArrayRef<StagedOperand> staged, int64_t kc);

  /// The sources of the staged operands with tile origins `originOf`,
  /// built at the insertion point.
  llvm::SmallVector<Source, 2> sources(OriginOf originOf);

  int64_t stages() const { return stageCount; }
  /// Whether some operand is copied (by cp.async or TMA), copied by
  /// cp.async, copied by TMA; and whether the threads write a stage
  /// through the generic proxy (cp.async copies and register writes; TMA
  /// writes through the async one).
  bool copies() const { return anyCopied; }
  bool threadCopies() const { return anyThreadCopies; }
  bool tensorCopies() const { return anyTensorCopies; }
  bool threadWrites() const { return anyThreadWrites; }

  /// The stage of chunk `chunk` (an index value, counted from the run's
  /// first).
  mlir::Value stageOf(mlir::OpBuilder &at, mlir::Value chunk) const;

  /// Sets up the mbarriers of `ring`, whose buffer is `arrays`, one per
  /// stage (and, where a producer warp fills it, an empty one per stage,
  /// for an arrival of each consumer thread), by thread 0, and zeroes the
  /// word `phases` of the phases each thread has waited for; the barrier
  /// after publishes them. It is
  /// the ring's start (tile_dist.ring_alloc), before the first fill of
  /// each run of the mma, or of its pipelined loop. Each thread first
  /// fences its earlier accesses of shared memory to the async proxy, so
  /// that the copies, which write through it, come after them (the
  /// planner may have given these bytes to an earlier exchange; where it
  /// has not, it drops the fence).
  static void setUpBarriers(TileLowering &l, mlir::OpBuilder &at,
                            mlir::Location loc, mlir::Value arrays,
                            mlir::Value phases, tile_dist::RingType ring);
  /// Gives the mbarriers of `ring`, whose buffer is `arrays`, back, by
  /// thread 0 (tile_dist.ring_dealloc), after the last
  /// wait: every thread's waits come before the barrier of the last chunk,
  /// which thread 0 has passed. A ring with a producer has no barrier per
  /// chunk: a barrier first orders every consumer's last hand-over before
  /// the invalidation.
  static void releaseBarriers(TileLowering &l, mlir::OpBuilder &at,
                              mlir::Location loc, mlir::Value arrays,
                              tile_dist::RingType ring);

  /// Fills stage `stage` with chunk `chunk` of `operands` (the staged ones,
  /// or copies of them with views made elsewhere) from `from` (sources of
  /// this iteration or another): cp.async copies and register writes by
  /// every thread, TMA copies by thread 0 after announcing their bytes on
  /// the stage's mbarrier.
  void fill(mlir::OpBuilder &at, mlir::Value chunk, mlir::Value stage,
            llvm::ArrayRef<StagedOperand> operands,
            llvm::ArrayRef<Source> from) const;
  /// Closes the cp.async group of a fill position, where cp.async copies
  /// fill the ring. Every fill position closes one, empty where nothing is
  /// copied there, so that the groups after a chunk's are always as many
  /// as the chunks the copies run ahead, less one, and waiting for all but
  /// those waits for exactly that chunk's.
  void closeGroup(mlir::OpBuilder &at) const;
  /// Waits for the copies into stage `stage`, of which `newerGroups`
  /// cp.async groups closed since may still run: their cp.async group and
  /// the phase of its mbarrier this thread has not waited for yet.
  void waitForCopies(mlir::OpBuilder &at, mlir::Value stage,
                     int64_t newerGroups) const;
  /// Fences this thread's writes of a stage to the async proxy, where the
  /// threads write stages (a reader through that proxy, wgmma or tcgen05,
  /// sees them once fenced and the barrier after has passed).
  void fenceWritesForAsyncReads(mlir::OpBuilder &at) const;

  /// A ring a producer warp fills (tile_dist.ring_producer): the running
  /// consumer thread hands stage `stage` back, an arrival on its empty
  /// mbarrier (tile_dist.ring_free).
  void freeStage(mlir::OpBuilder &at, mlir::Value stage) const;
  /// The producer waits until the consumers have handed stage `stage` back
  /// after its fill in round `round` (an index value: the fills of the
  /// stage before this one) less one; the first round waits for nothing
  /// (the phase before an mbarrier's first counts as complete).
  void waitForFreeStage(mlir::OpBuilder &at, mlir::Value stage,
                        mlir::Value round) const;

private:
  void waitForTensorCopies(mlir::OpBuilder &at, mlir::Value stage) const;
  mlir::Value barriersAt(mlir::OpBuilder &at) const;
  /// The empty mbarriers, after the full ones, of a ring with a producer.
  mlir::Value emptyBarriersAt(mlir::OpBuilder &at) const;

  TileLowering &l;
  mlir::Location loc;
  llvm::ArrayRef<StagedOperand> staged;
  int64_t kc;
  bool anyCopied = false, anyThreadCopies = false, anyTensorCopies = false;
  bool anyThreadWrites = false;
  /// The bytes the TMA copies of one chunk write.
  int64_t tensorBytes = 0;
  int64_t stageCount;
  /// The phases of each stage's mbarrier this thread has waited for, bit s
  /// for stage s (StagedOperand::phases); null without TMA copies.
  mlir::Value phases;
};

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_STAGERING_H
