//===- MmaPipelines.h - how an mma's operand copies are pipelined -*- C++ -*-===//
//
// An mma multiplies its operands a chunk of k at a time from a ring of
// shared-memory stages. Where operands are copied (cp.async or TMA), the
// copies run ahead of the multiplies: how many stages the ring has, how many
// groups of mma instructions each thread leaves running, and whether the
// ring runs on across the iterations of the loop around the mma are a
// function of the tile program (the operands' forms, MmaOperands.h; the
// loads' latency hints; the loop; the shared memory the kernel may take),
// not of anything materialized. tile-sched plans it on the tile program
// (tilechain-plan-mma-pipelines) and records it on the mma as
// `tile_dist.pipeline`; the materialization builds what is recorded.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_MMAPIPELINES_H
#define TILECHAIN_LOWER_MMAPIPELINES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Target/TargetInfo.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace tilechain {

/// The most stages of a pipeline: each is a bit of the word in which a
/// thread counts the TMA phases it has waited for, and beyond this the
/// copies in flight outrun any latency hint.
inline constexpr int64_t kMaxStages = 8;

//===----------------------------------------------------------------------===//
// A stage
//===----------------------------------------------------------------------===//

/// Accumulator registers per thread from which an mma.sync's ring keeps two
/// stages: half of the 255 a thread may have. The fragments ldmatrix reads
/// fill most of the rest, and a ring of more stages, whose stage varies
/// from one iteration to the next (so the fragments' addresses do), spills:
/// the persistent t128x256x64 matmul on sm_80 took 144 bytes of stack with
/// four stages, none with two.
inline constexpr int64_t kRegisterBoundAccumulators = 128;

/// How an mma's k is staged on its instruction: `kc` values of k a chunk,
/// `chunks` chunks per run of the mma; and the most stages and groups of
/// mma instructions in flight its ring may have.
struct MmaChunks {
  int64_t kc, chunks, maxStages, maxMmaGroupsInFlight;
};

/// The chunks of `op` on `instruction` over `numWarps` warps of `target`,
/// which must take it (whyNotInstruction): wgmma's and tcgen05's swizzled
/// staging (planWgmma, planTcgen05), with one group of instructions left
/// running at most; mma.sync's and the CUDA cores' stagingChunk, with none.
/// An mma.sync whose accumulators take kRegisterBoundAccumulators registers
/// or more has at most two stages; other rings kMaxStages.
MmaChunks mmaChunks(mlir::Operation *op, tile_dist::MmaInstruction instruction,
                    const TargetInfo &target, unsigned numWarps);

/// The elements of one row of a k-contiguous chunk array: `kc` values of k
/// of `elementBytes` each, and 16 bytes of padding where the rows would
/// otherwise start on the same banks every 8 or fewer rows. With it, the 8
/// rows of an mma.sync fragment read (lane group g reads row g, its 4 lanes
/// 4 consecutive words) fall on 8 distinct groups of 4 banks: a row of 4q
/// words with q odd starts 4q mod 32 banks after the previous one.
int64_t contiguousRowLength(int64_t kc, int64_t elementBytes);

/// How one operand's chunk array is laid out.
struct ChunkArrayForm {
  tile_dist::ChunkOrder order;
  /// S, the bytes of a swizzled row (tile_dist.operand's swizzle); 0 for
  /// plain rows.
  int64_t swizzle = 0;
  /// Plain rows padded as contiguousRowLength pads them (k contiguous ones
  /// always are): where a warp reads 8 rows at once (ldmatrix).
  bool paddedRows = false;
  /// No array: the instructions read the operand from registers (wgmma's A
  /// fragments).
  bool inRegisters = false;
};

/// The array form of an operand recorded as `record` for `instruction`.
ChunkArrayForm chunkArrayForm(tile_dist::MmaOperandAttr record,
                              tile_dist::MmaInstruction instruction);

/// One stage of an mma's ring: both operands' chunk arrays of `kc` values
/// of k, lhs first, each starting at a multiple of `alignment` (16 bytes,
/// or where a swizzle pattern starts: 8 rows), and the stage's bytes, a
/// multiple of it.
struct MmaStageArrays {
  /// Rows per batch: m or n where k is contiguous, else kc; 0 where the
  /// operand is held in registers.
  std::array<int64_t, 2> rows;
  std::array<int64_t, 2> rowLength; // elements, padding included
  std::array<int64_t, 2> offset;    // bytes from the stage's start
  int64_t alignment, stageBytes;
};
MmaStageArrays mmaStageArrays(mlir::Value lhs, mlir::Value rhs,
                              std::array<ChunkArrayForm, 2> forms,
                              int64_t kc);

//===----------------------------------------------------------------------===//
// The pipeline
//===----------------------------------------------------------------------===//

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

/// The operands of `op` as `records` (tile_dist.operands) bring them.
std::array<PipelinedOperand, 2>
pipelinedOperands(mlir::Operation *op,
                  std::array<tile_dist::MmaOperandAttr, 2> records);

/// The loop around `op` that its ring may run through (the copies of an
/// iteration's first chunks starting during the one before, so that no
/// iteration but the first waits for them), or null, with `whyNot` where
/// there is a loop: both operands are copied (or held in registers), by
/// loads whose indices are the loop's counter or values from outside it;
/// the loop counts up by a positive constant (or compares unsigned); its
/// body writes no memory and leaves no iteration early; and `op` is in the
/// loop's body proper.
mlir::cuda_tile::ForOp
pipelineLoop(mlir::Operation *op, llvm::ArrayRef<PipelinedOperand> operands,
             std::string &whyNot);

/// The pipeline tile-sched plans for `op`, which runs on tensor-core
/// `instruction` over `numWarps` warps of `target` (its shared memory the
/// CTA's: kernelTarget) with its operands brought as `operands` records.
MmaPipelinePlan planMmaPipeline(mlir::Operation *op,
                                tile_dist::MmaInstruction instruction,
                                std::array<tile_dist::MmaOperandAttr, 2>
                                    operands,
                                const TargetInfo &target, unsigned numWarps);

/// The pipeline recorded on `op` (tile_dist.pipeline), or null.
tile_dist::MmaPipelineAttr recordedMmaPipeline(mlir::Operation *op);

/// Why `op`, planned as for planMmaPipeline, cannot be pipelined as
/// `pipeline`, or nullopt where it can: at most the instruction's stages
/// and groups in flight (MmaChunks); groups left running only where every
/// operand is copied or held in registers; across iterations only through
/// pipelineLoop's loop, and only where an operand is copied; no copy into a
/// stage that a multiply or a running group still reads, nor of a chunk
/// beyond the run where there is no loop to run on through; and the stages
/// within the CTA's shared memory.
std::optional<std::string>
whyNotMmaPipeline(mlir::Operation *op, tile_dist::MmaPipelineAttr pipeline,
                  tile_dist::MmaInstruction instruction,
                  std::array<tile_dist::MmaOperandAttr, 2> operands,
                  const TargetInfo &target, unsigned numWarps);

//===----------------------------------------------------------------------===//
// The ring
//===----------------------------------------------------------------------===//

/// The ring (tile_dist.ring_alloc) that `op`, run on tensor-core
/// `instruction` over `numWarps` warps of `target` with its operands brought
/// as `records`, stages them in under `pipeline`: its recorded stages, each
/// holding both operands' chunk arrays (mmaStageArrays), and an mbarrier a
/// stage where TMA copies an operand.
tile_dist::RingType mmaRingType(mlir::Operation *op,
                                tile_dist::MmaInstruction instruction,
                                std::array<tile_dist::MmaOperandAttr, 2>
                                    records,
                                tile_dist::MmaPipelineAttr pipeline,
                                const TargetInfo &target, unsigned numWarps);

/// How many chunks a ring's copies run ahead of the multiply: all its
/// `stages` but those being read, by the chunk being multiplied and by the
/// `mmaGroupsInFlight` groups of mma instructions each thread left running;
/// at least one (the single stage of a one-chunk run is filled before it,
/// and a run of no more chunks than stages fills none twice).
inline int64_t mmaCopiesAhead(int64_t stages, int64_t mmaGroupsInFlight) {
  return std::max<int64_t>(stages - 1 - mmaGroupsInFlight, 1);
}

} // namespace tilechain

#endif // TILECHAIN_LOWER_MMAPIPELINES_H
