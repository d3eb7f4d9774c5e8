//===- MmaPipelines.h - how an mma's operand copies are pipelined -*- C++ -*-===//
//
// An mma multiplies its operands a chunk of k at a time from a ring of
// shared-memory stages. Where operands are copied (cp.async or TMA), the
// copies run ahead of the multiplies: how many stages the ring has, how many
// groups of mma instructions each thread leaves running, and whether the
// ring runs on across the iterations of the loop around the mma are a
// function of the tile program (the operands' forms, MmaOperands.h; the
// loads' latency hints; the loop; the shared memory the kernel may take),
// not of anything materialized.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_MMAPIPELINES_H
#define TILECHAIN_LOWER_MMAPIPELINES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Target/TargetInfo.h"

#include <optional>
#include <string>

namespace tilechain {

/// The most stages of a pipeline: each is a bit of the word in which a
/// thread counts the TMA phases it has waited for, and beyond this the
/// copies in flight outrun any latency hint.
inline constexpr int64_t kMaxStages = 8;

/// What the pipeline needs to know of one operand's form.
struct PipelinedOperand {
  /// The view load copied into the arrays, or null where the operand is
  /// written from registers or held in them.
  mlir::cuda_tile::LoadViewTkoOp copiedFrom;
  bool byTensorMap = false; // copied by TMA
  bool inRegisters = false; // read from registers, not staged
};

/// How an mma's operands are pipelined, and what its remarks say.
struct MmaPipelinePlan {
  /// The loop the ring runs through, its copies reaching into later
  /// iterations, or null where it runs within each run of the mma.
  mlir::cuda_tile::ForOp ringLoop;
  int64_t stages;
  /// The groups of mma instructions (wgmma's commit groups) each thread
  /// may leave running after a chunk's multiply: a running group still
  /// reads its chunk's stage, so the copies run that many stages less
  /// ahead (stages - 1 - mmaGroupsInFlight chunks).
  int64_t mmaGroupsInFlight;
  /// Why the ring stays within each run where the mma is in a loop; empty
  /// where it does not or there is no loop.
  std::string whyNotAcrossIterations;
  /// Whether an operand is copied (the copies' remarks are due), the latency
  /// hint followed and the load that gave it, the first copied load, and
  /// the copied loads whose latency hints are out of range (with theirs).
  bool copies = false;
  std::optional<int64_t> latency;
  mlir::cuda_tile::LoadViewTkoOp hinted, firstCopied;
  llvm::SmallVector<std::pair<mlir::cuda_tile::LoadViewTkoOp, int64_t>>
      invalidLatencies;
};

/// The pipeline of mma `op`, whose operands take `operands`, `kc` values of
/// k a stage in `chunks` chunks per run, one stage taking `stageBytes`, on
/// `target` (its shared memory that of the kernel's CTA): a ring of two
/// where only registers are written and there is more than one chunk (else
/// one); where operands are copied, enough stages that the copies in flight
/// cover the loads' latency hint (cuTile's `latency`, 1 to 10,
/// kDefaultLatency where none is given) times kInFlightBytesPerLatency, at
/// most `maxStages` and, those the copies go into, at most the share of half
/// the shared memory of each mma in `op`'s block, and no more than the
/// chunks of a run where the copies cannot run into the next iteration of
/// the loop around `op`. Up to `maxMmaGroupsInFlight` groups stay running
/// where every operand is copied or held in registers (a register write
/// into a stage would not wait for them) and, where stages are filled
/// again, the ring has a stage for each beside one being copied into.
MmaPipelinePlan planMmaPipeline(mlir::Operation *op,
                                llvm::ArrayRef<PipelinedOperand> operands,
                                int64_t stageBytes, int64_t chunks,
                                int64_t maxStages,
                                int64_t maxMmaGroupsInFlight,
                                const TargetInfo &target);

} // namespace tilechain

#endif // TILECHAIN_LOWER_MMAPIPELINES_H
