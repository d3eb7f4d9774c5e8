//===- MmaStaging.h - mma operands through shared memory -------*- C++ -*-===//
//
// Both parallel lowerings of mmaf/mmai (CUDA cores and mma.sync) bring the
// operands to the threads that need them through shared memory, kc values
// of k at a time: every thread writes the elements of lhs and rhs it holds
// whose k falls in the chunk, each once (by its owner), into the chunk's
// stage of a ring of arrays, and after a barrier the threads read what
// they multiply. The chunk arrays are [batch][k][m or n] (k-major: a k step reads a row) or
// [batch][m or n][k] (k contiguous: an mma.sync fragment register packs
// consecutive values of k, so it is one 32-bit read). For wgmma the arrays
// are swizzled instead (OperandForm::swizzle): the canonical layouts of
// tile_dist.shared_matrix, whose rows are S bytes and whose 16-byte units
// are permuted within each group of 8 rows.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_MMASTAGING_H
#define TILECHAIN_SCHED_MATERIALIZE_MMASTAGING_H

#include "AsyncViewCopy.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Sched/Materialize/TileLowering.h"

#include <array>

namespace tilechain::mma {

/// Which dim of a chunk array is contiguous: k (rows of k, one per value of
/// m or n) or m or n (rows of m or n, one per value of k).
using ChunkOrder = tile_dist::ChunkOrder;

/// The coordinates of the element that register `reg` holds in `layout` are
/// the running thread's part (those of its register 0) plus the register's
/// part, a constant, where the layout's parts are disjoint; so are a chunk
/// array's slot and an element's chunk, and only the thread's parts take
/// registers (the constants fold into shared-memory addresses).
llvm::SmallVector<int64_t> registerPart(const LinearLayout &layout,
                                        int64_t reg);

/// The slot of element (batch, k within the chunk, x) in a chunk array of
/// `width` rows of `kc` values of k (k-major), or of `kc` rows of `width`
/// (k contiguous, where `kc` is then the row length, contiguousRowLength)
/// per batch, as a constant or an index value.
int64_t chunkSlot(ChunkOrder order, int64_t batch, int64_t k, int64_t x,
                  int64_t kc, int64_t width);
mlir::Value chunkSlot(mlir::OpBuilder &b, mlir::Location loc, ChunkOrder order,
                      mlir::Value batch, mlir::Value k, mlir::Value x,
                      int64_t kc, int64_t width);

/// How an operand reaches its chunk array (ChunkArrayForm: its order, rows
/// and whether it has one): for the tensor cores, as tile-sched recorded it
/// (recordedOperandForms). A swizzled array (tile_dist.shared_matrix) has
/// rows of kc values of k, or mn-contiguous atoms of kc rows of S / e
/// values of m or n, each atom kc S bytes after the previous, unpadded.
struct OperandForm : ChunkArrayForm {
  /// The view load whose tile is copied straight into the array
  /// (AsyncViewCopy.h), or null where the operand's registers are written,
  /// and how many leading unit dims its tile has beyond the operand's.
  mlir::cuda_tile::LoadViewTkoOp copiedFrom;
  unsigned leadingUnitDims = 0;
  /// Copied by TMA (TensorMapCopy.h) rather than by the threads' cp.async.
  bool byTensorMap = false;
  /// Why a copy on a chip with TMA (sm_90 on) is by cp.async; empty
  /// otherwise.
  std::string whyNotTensorMap;
};

/// The forms of the lhs and rhs of `op`, which runs on tensor-core
/// `instruction`, as tile-sched recorded them (tile_dist.operands, which
/// checkRecordedMmas checked): where a copy on sm_90 on is by cp.async,
/// with why not by TMA, or that tile-sched chose it.
std::array<OperandForm, 2>
recordedOperandForms(TileLowering &l, mlir::Operation *op,
                     tile_dist::MmaInstruction instruction);

/// The byte offset of a ring's mbarriers in its buffer: after its stages
/// (RingType::getBytes).
inline int64_t ringBarriersOffset(tile_dist::RingType ring) {
  return ring.getStages() * ring.getStageBytes();
}

/// An operand on its way through shared memory.
struct StagedOperand {
  mlir::Value tile;    // the cuda_tile value
  unsigned kDim, xDim; // its k dim and its m (lhs) or n (rhs) dim
  OperandForm form;
  LinearLayout layout; // of its registers (none where copied)
  llvm::SmallVector<mlir::Value> registers;
  mlir::Value arrays;  // the shared buffer (allocShared) of both chunk arrays
  int64_t offset;      // of this operand's array in it, in bytes
  /// The pipeline's stages, a ring of chunk arrays: chunk g of a run (of
  /// the mma, or of its pipelined loop) goes to stage g mod `stages`,
  /// `stageBytes` bytes after stage 0 (0 with one stage).
  int64_t stages = 1;
  int64_t stageBytes = 0;
  /// The loop the ring runs through, its copies reaching into later
  /// iterations (MmaPipelinePlan::ringLoop), or null where it runs within
  /// each run of the mma.
  mlir::cuda_tile::ForOp ringLoop;
  /// The groups of mma instructions each thread leaves running after a
  /// chunk's multiply (MmaPipelinePlan::mmaGroupsInFlight).
  int64_t mmaGroupsInFlight = 0;
  mlir::Value buffer;  // the chunk array, a view of `arrays` (every stage)
  /// Where operands come by TMA: the byte offset in `arrays` of one
  /// mbarrier per stage, after the arrays; else 0.
  int64_t barriersOffset = 0;
  /// Where operands come by TMA: the word of the phases of those mbarriers
  /// each thread has waited for, bit s for stage s, which the thread keeps
  /// in a register (LLVM promotes the entry block's alloca; made with the
  /// ring, lowerRingAlloc); else null.
  mlir::Value phases;
  int64_t rows;       // of the array per batch: m or n, or kc (k-major)
  int64_t rowLength;  // elements, padding included
  mlir::Type sharedType, registerType;
  // The running thread's part of its elements' chunk and slot.
  mlir::Value threadChunk, threadSlot;
};

/// The pipeline `op` stages its operands in (`forms`, `chunks`, one stage
/// taking `stageBytes`): `recorded` (tile_dist.pipeline, which
/// checkRecordedMmas checked) where there is one, else planMmaPipeline
/// (MmaPipelines.h) on the kernel's target; with the plan's remarks.
/// MmaPipeline.cpp.
MmaPipelinePlan planPipeline(TileLowering &l, mlir::Operation *op,
                             llvm::ArrayRef<OperandForm> forms,
                             int64_t stageBytes, const MmaChunks &chunks,
                             tile_dist::MmaPipelineAttr recorded);

/// The lhs and rhs of an mma, staged `chunks.kc` values of k at a time in
/// their `forms` over `chunks.chunks` chunks: their registers in their own
/// layouts (unless copied; on tensor cores those its ring took where it
/// starts, takeRingRegisters), their chunk arrays (mmaStageArrays: lhs at
/// byte 0, rhs after it) and the running thread's parts.
/// With more than one chunk the arrays form a ring of stages, as
/// `recorded` (tile-sched's tile_dist.pipeline) says or, for an mma on CUDA
/// cores, as planPipeline plans it: operands written from registers take
/// two (chunk c in stage c mod 2, so writing a chunk cannot overtake reads
/// of the one before it, and a chunk loop needs one barrier per chunk, not
/// two); copied operands take as many as hide their copies' latency, the
/// copies running all but one stage ahead, less the stages of the groups
/// of mma left running. Fails, declining the parallel form, where a layout
/// does not split into thread and register parts or shared memory cannot
/// hold the arrays.
mlir::FailureOr<std::array<StagedOperand, 2>>
stageOperands(TileLowering &l, mlir::Operation *op, mlir::Value lhs,
              mlir::Value rhs, const MmaChunks &chunks,
              std::array<OperandForm, 2> forms,
              tile_dist::MmaPipelineAttr recorded = {});

/// Takes the operands that `op` on tensor cores writes into its `ring`
/// from registers into the layouts they are staged from, with the running
/// thread's part of their chunks and slots, and keeps them with the ring
/// (TileLowering::setRingRegisters): at the ring's start, before its fills,
/// so that the fills and the mma's chunk loop write the same registers
/// (registersIn keeps none; taking them twice would exchange them through
/// shared memory twice). Fails, declining the parallel form, as
/// stageOperands does.
mlir::LogicalResult takeRingRegisters(TileLowering &l, mlir::Operation *op,
                                      mlir::Value ring);

/// The operands of an mma as its ring's fills write them (tile_dist.ring_fill,
/// lowered before the mma): their chunk arrays, of `kc` values of k, in
/// the stages of the ring.
struct RingCopies {
  std::array<StagedOperand, 2> operands;
  int64_t kc;
};

/// The operands of `op` on tensor cores, which stages them in `ring`, as
/// their records lay them out in its stages (recordedOperandForms,
/// mmaChunks), with views of their arrays made at the insertion point and
/// the registers taken at the ring's start (takeRingRegisters); fails
/// where `op` writes an operand from registers that were not taken there
/// (a ring that runs through a loop copies every operand it stages).
mlir::FailureOr<RingCopies> ringCopies(TileLowering &l, mlir::Operation *op,
                                       mlir::Value ring);

/// Records that `op` runs on tensor cores, by `instruction` ("Tensor-core
/// SM90": tileiras's names) of shape `shape` (m, n, k).
TileRemark &remarkTensorCores(TileLowering &l, mlir::Operation *op,
                              llvm::StringRef instruction,
                              llvm::ArrayRef<int64_t> shape);

/// The slot (element index, the stage aside) of element (batch, k within
/// the chunk, x) of `operand`'s chunk array, as a constant or an index
/// value. The slot of a thread's register is its thread's slot plus the
/// register's where the array is plain (the map is affine), and the two
/// XORed where it is swizzled (the map is linear over the bits of
/// (batch, k, x)).
int64_t arraySlot(const StagedOperand &operand, int64_t batch, int64_t k,
                  int64_t x);
mlir::Value arraySlot(mlir::OpBuilder &b, mlir::Location loc,
                      const StagedOperand &operand, mlir::Value batch,
                      mlir::Value k, mlir::Value x);

/// The index offset of stage `stage` (an index value) in a view of
/// `elementBytes`-byte elements of `operand`'s arrays: 0 with one stage.
mlir::Value stageOffset(mlir::OpBuilder &b, mlir::Location loc,
                        const StagedOperand &operand, mlir::Value stage,
                        int64_t elementBytes);

/// The stage of chunk `chunk` (an index value, counted from the run's
/// first) in `operand`'s ring.
mlir::Value chunkStage(mlir::OpBuilder &b, mlir::Location loc,
                       const StagedOperand &operand, mlir::Value chunk);

/// Writes the elements of `operand` the running thread holds whose k falls
/// in chunk `chunk` (an index value) into stage `stage` of the chunk
/// array; each element is written once, by its owner.
void writeChunk(TileLowering &l, mlir::OpBuilder &b, mlir::Location loc,
                const StagedOperand &operand, mlir::Value chunk,
                mlir::Value stage, int64_t kc);

/// Starts the async copies of chunk `chunk` (an index value) of a copied
/// `operand` into stage `stage` of its array, 16 bytes each, spread over
/// the CTA's threads in order (neighbouring threads take neighbouring runs
/// of a row).
void copyChunk(TileLowering &l, mlir::OpBuilder &b, mlir::Location loc,
               const StagedOperand &operand, const AsyncRunCopy &copy,
               mlir::Value chunk, mlir::Value stage, int64_t kc);

/// The running thread's registers of accumulator `acc` (a cuda_tile value)
/// in `layout`, widened to `sumType` where that is wider (the tensor cores
/// sum an f16 accumulator in f32 and round once at the end): a splat's one
/// value for every register, or the tile's registers in that layout.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
accumulatorRegisters(TileLowering &l, mlir::Location loc, mlir::Value acc,
                     const LinearLayout &layout, mlir::Type sumType);

/// Whether mma `op` sums its products from zero and adds its accumulator
/// to them after, in f32, instead of letting the tensor cores sum into the
/// accumulator. The tensor cores of sm_89
/// (mma.sync) and sm_90 (mma.sync and wgmma) sum fp8 products in less
/// than f32's precision, so an fp8 mmaf there does this unless it is
/// `fast_acc`: so does NVIDIA's tileiras 13.5 (QMMA and QGMMA from zero,
/// then FADD; with fast_acc no FADD), and not on sm_100 or sm_120.
bool sumsFp8FromZero(const TileLowering &l, mlir::Operation *op);

/// What the tensor cores do with one staged chunk: the sums after chunk
/// `chunk` (an index value) from the sums before it, built at the builder,
/// after the barrier that makes the chunk's arrays (in stage `stage`)
/// visible.
using ChunkMultiply = llvm::function_ref<llvm::SmallVector<mlir::Value>(
    mlir::OpBuilder &, mlir::Value chunk, mlir::Value stage,
    mlir::ValueRange sums)>;

/// The k loop of an mma over the `chunkCount` chunks of `staged` (lhs,
/// rhs), from `sums`; returns the sums after the last. Each chunk runs the
/// ops of the schedule tile-sched wrote for the mma's ring
/// (tile_dist.chunk_schedule): its waits for the chunk's copies, its
/// barriers (with a fence for the async proxy where it says so), its fills
/// of the chunk or of one further ahead, and `multiply` where it has
/// `mma_chunk`. Async copies run as many chunks ahead as the ring has
/// stages but one (chunk g + stages - 1 is copied while chunk g is
/// multiplied), less the stages of the mma groups left running
/// (StagedOperand::mmaGroupsInFlight), and, in a loop that only loads and
/// computes (MmaPipelinePlan::ringLoop), across its iterations: the ring
/// then runs through the whole loop, the first iteration's first chunks
/// copied before it.
llvm::SmallVector<mlir::Value>
multiplyChunks(TileLowering &l, mlir::Operation *op,
               llvm::ArrayRef<StagedOperand> staged, int64_t kc,
               int64_t chunkCount, mlir::ValueRange sums,
               ChunkMultiply multiply);

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_MMASTAGING_H
