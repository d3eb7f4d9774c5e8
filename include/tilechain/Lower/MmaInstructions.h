//===- MmaInstructions.h - the instructions an mma can run on --*- C++ -*-===//
//
// What each tensor-core instruction takes, as tile-lower decides which one an
// mma runs on (tilechain-choose-mma-instructions) and the materialization
// builds it: wgmma on sm_90, tcgen05.mma on sm_100, mma.sync on every target
// from sm_80, and the CUDA cores (FMA) where none does. Each instruction's
// plan (its tiling of the result, how its operands are staged) is a function
// of the mma's types, the target and the CTA's warps, nothing the
// materialization builds, so the choice can be made and recorded on the tile
// program and the materialization follows the record.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_MMAINSTRUCTIONS_H
#define TILECHAIN_LOWER_MMAINSTRUCTIONS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/MmaLayouts.h"
#include "tilechain/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <optional>
#include <string>

namespace tilechain {

/// mmaf, mmai or mmaf_scaled: the ops whose operands 0-2 are lhs, rhs and
/// accumulator.
bool isMma(mlir::Operation *op);

/// The most accumulator registers per thread an mma keeps in registers
/// (wgmma, mma.sync): each wgmma instruction holds up to 128 at once, beside
/// the other instructions' and the addresses, and 255 registers leave no
/// room for a second 128 (a 256x256 f32 tile over 256 threads spilled 1536
/// bytes of stack on wgmma and 168-1472 on mma.sync). A larger accumulator
/// is computed in column slices (SplitWideAccumulators.cpp).
inline constexpr int64_t kMaxAccumulatorRegisters = 128;

/// The most accumulator registers per thread where a tcgen05.mma's
/// accumulator lives in registers between runs of the op (read back whole
/// after each): past this it spills as wgmma's does. One kept in tensor
/// memory through a loop is read back once, after it, and may be wider.
inline constexpr int64_t kTcgen05MaxAccumulators = 128;

//===----------------------------------------------------------------------===//
// Operands that the tensor cores read from shared memory (wgmma, tcgen05)
//===----------------------------------------------------------------------===//

/// What one instruction multiplies and accumulates.
struct SharedOperandKind {
  mlir::Type lhsType, rhsType; // the tile_dist element types
  int64_t elementBytes;
  mlir::Type accumulatorType; // f32 or i32
};

/// The kind of `op` (mmaf or mmai) on `instruction` ("wgmma",
/// "tcgen05.mma"), or failure with `why`: f16, bf16, tf32 or 8-bit float
/// operands into f32 (or f16, widened), 8-bit integers into i32.
mlir::FailureOr<SharedOperandKind>
classifySharedOperands(mlir::Operation *op, llvm::StringRef instruction,
                       std::string &why);

/// The shared memory one chunk of both operands may take (each stage of
/// the pipeline takes this, and there are at least two): 128-byte rows of
/// k fit for a 128x256 pair of operands (48 KiB) and a 256x256 pair (64
/// KiB).
constexpr int64_t kSwizzledStagingBytes = 64 * 1024;

/// The widest swizzle, in bytes: rows of 128 bytes.
constexpr int64_t kMaxSwizzle = 128;

/// How the operands of an m x n x k mma are staged: rows of `swizzle` (S)
/// bytes of k, `kc` = S / e values of k per chunk, `chunks` chunks.
struct SwizzledStaging {
  int64_t swizzle, kc, chunks;
};
/// Rows of up to 128 bytes of k, and at least two chunks where k has 64
/// bytes (so that copies overlap the tensor cores), narrower where two
/// stages of both operands' chunk would not fit 2 kSwizzledStagingBytes;
/// failure with `why` where even 32-byte rows do not.
mlir::FailureOr<SwizzledStaging> planSwizzledStaging(int64_t m, int64_t n,
                                                     int64_t k,
                                                     int64_t elementBytes,
                                                     std::string &why);

//===----------------------------------------------------------------------===//
// The instructions
//===----------------------------------------------------------------------===//

/// How an mma runs on wgmma.
struct WgmmaPlan {
  SharedOperandKind kind;
  WgmmaTiling tiling;
  SwizzledStaging staging;
};
/// `op` (mmaf or mmai) on wgmma over `numWarps` warps, or failure with
/// `why`: sm_90, warpgroups that split the result into 64-row blocks, an
/// accumulator of at most kMaxAccumulatorRegisters per thread, f16, bf16,
/// tf32, fp8 or i8 operands, and staging arrays that fit.
mlir::FailureOr<WgmmaPlan> planWgmma(mlir::Operation *op,
                                     const TargetInfo &target,
                                     unsigned numWarps, std::string &why);

/// Where a block-scaled mma's scales lie in tensor memory, after its
/// accumulator's columns: per group of 4 blocks of k (one byte each of a
/// 32-bit word), the lhs scales' columns (row i in lane i % 32 of column
/// i / 32) then the rhs scales' (column j in lane j % 32 of column j / 32),
/// every quarter of the lanes holding the same; twice over where the
/// accumulator stays in tensor memory through a loop, one copy per run's
/// parity, so that a run writes its scales while the previous run's last
/// products may still read theirs.
struct BlockScales {
  int64_t blocks;     // of k: 32 values each
  int64_t lhsColumns; // per group: m / 32
  int64_t rhsColumns; // per group: n / 32
  int64_t copies;

  int64_t groups() const { return llvm::divideCeil(blocks, 4); }
  int64_t columnsPerCopy() const {
    return groups() * (lhsColumns + rhsColumns);
  }
};

/// How an mma runs on tcgen05.mma.
struct Tcgen05Plan {
  SharedOperandKind kind;
  TensorMmaTiling tiling;
  SwizzledStaging staging;
  int64_t accumulatorColumns;
  int64_t columns; // of tensor memory allocated: a power of two, 32 to 512
  std::optional<BlockScales> scales; // where `op` is an mmaf_scaled
};
/// `op` (mmaf, mmai or mmaf_scaled) on tcgen05.mma over `numWarps` warps,
/// its result computed in `columnSlices` slices of its columns, or failure
/// with `why`: sm_100, a result of 128-row blocks (or 64 rows) whose
/// accumulator fits kTcgen05MaxAccumulators registers per thread (unless
/// it stays in tensor memory through a loop: loopAccumulator) and 512
/// columns of tensor memory beside its block scales, the operand types of
/// wgmma, and staging arrays that fit.
mlir::FailureOr<Tcgen05Plan> planTcgen05(mlir::Operation *op,
                                         const TargetInfo &target,
                                         unsigned numWarps, std::string &why,
                                         int64_t columnSlices = 1);

/// The `for` loop and iter value through which `mma` (isMma) would
/// keep its accumulator in tensor memory: the loop carries it only from
/// `mma`'s result to `mma`'s accumulator (the iter value used by nothing
/// else in the body, the result by nothing but the `continue`), and `mma`
/// is the only mma in the loop. The columns it holds through the loop then
/// never meet another allocation of the CTA (one run's columns are given
/// back before the next op), so the CTA never asks for more than the 512
/// columns there are, where tcgen05.alloc would wait forever.
std::optional<std::pair<mlir::cuda_tile::ForOp, unsigned>>
loopAccumulator(mlir::Operation *mma);

/// What one mma.sync of an op multiplies and accumulates.
struct MmaSyncKind {
  unsigned elementBits; // of an input element
  int64_t k;            // of the instruction
  mlir::NVVM::MMATypes lhsType, rhsType;
  mlir::Type accumulatorType; // of C and D: f32 or i32
};
/// The mma.sync variant for `op`'s element types, or failure with `why`.
mlir::FailureOr<MmaSyncKind> classifyMmaSync(mlir::Operation *op,
                                             std::string &why);
/// The fragment registers of k of a `kind` instruction: 2 (k + 4 words'
/// worth in a2, a3 and b1), or 1 for m16n8k16 with 8-bit inputs. With 2,
/// the fragments are 8x8 matrices of 16-bit values that ldmatrix reads.
int64_t mmaSyncKHalves(const MmaSyncKind &kind);
/// Why `op` cannot run on mma.sync on `target`, or nullopt when it can.
std::optional<std::string> whyNotMmaSync(mlir::Operation *op,
                                         const TargetInfo &target);

//===----------------------------------------------------------------------===//
// The CUDA-core and mma.sync staging
//===----------------------------------------------------------------------===//

/// The shared memory one chunk of both operands may take on mma.sync and
/// the CUDA cores, padding aside (each stage of the pipeline takes this):
/// a 128x256 pair of f16 operands then stages 16 values of k at a time.
constexpr int64_t kStagingBytes = 16 * 1024;
/// The most values of k staged at once.
constexpr int64_t kMaxChunk = 32;

/// The values of k staged at once for `lhs` x `rhs` (cuda_tile tile types):
/// the most, up to kMaxChunk, whose two arrays fit kStagingBytes (at least
/// 1), before the padding of k-contiguous rows.
int64_t stagingChunk(mlir::Type lhsType, mlir::Type rhsType);

//===----------------------------------------------------------------------===//
// The choice
//===----------------------------------------------------------------------===//

/// The instruction `op` runs on over `numWarps` warps of `target`: wgmma or
/// tcgen05.mma where the target has it and it takes `op`, else mma.sync
/// where it takes `op`, else FMA; or, for an mmaf_scaled, the target's
/// block-scaled instruction, nullopt where none takes it. Why the target's
/// own instruction was not chosen is whyNotInstruction's to say.
std::optional<tile_dist::MmaInstruction>
chooseMmaInstruction(mlir::Operation *op, const TargetInfo &target,
                     unsigned numWarps);

/// Why `op` cannot take `instruction` over `numWarps` warps of `target`,
/// or nullopt where it can.
std::optional<std::string> whyNotInstruction(mlir::Operation *op,
                                             tile_dist::MmaInstruction
                                                 instruction,
                                             const TargetInfo &target,
                                             unsigned numWarps);

/// Why no block-scaled instruction takes `op` on `target` over `numWarps`
/// warps: the reason of the target's own (tcgen05.mma on sm_100,
/// mma.sync on sm_120 and sm_121), or nullopt where one takes it.
std::optional<std::string> whyNotBlockScaled(mlir::cuda_tile::MmaFScaledOp op,
                                             const TargetInfo &target,
                                             unsigned numWarps);

/// The layout of an mma result of `shape` computed by `instruction` over
/// `numWarps` warps (MmaLayouts.h); nullopt for FMA, whose result takes the
/// accumulator's.
std::optional<LinearLayout>
instructionResultLayout(tile_dist::MmaInstruction instruction,
                        llvm::ArrayRef<int64_t> shape, unsigned numWarps);

/// The instruction tile-lower recorded on `op`
/// (tile_dist::TileDistDialect::kMmaInstructionAttrName), or nullopt.
std::optional<tile_dist::MmaInstruction> recordedMmaInstruction(
    mlir::Operation *op);

} // namespace tilechain

#endif // TILECHAIN_LOWER_MMAINSTRUCTIONS_H
