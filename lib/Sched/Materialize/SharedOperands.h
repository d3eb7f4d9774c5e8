//===- SharedOperands.h - operands the tensor cores read themselves -*- C++ -*-===//
//
// wgmma (sm_90) and tcgen05.mma (sm_100) read their operands from shared
// memory themselves, through matrix descriptors, in the swizzled canonical
// layouts of tile_dist.shared_matrix. What the two lowerings share: which
// element types they multiply, how the operands are staged (chunks of k in
// rows of S bytes, through a ring of stages) and where an instruction's
// operand starts.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H
#define TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H

#include "MmaStaging.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include <string>

namespace tilechain::mma {

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
/// stages of both operands' chunk would not fit 2 kSwizzledStagingBytes; failure with `why` where even
/// 32-byte rows do not.
mlir::FailureOr<SwizzledStaging> planSwizzledStaging(int64_t m, int64_t n,
                                                     int64_t k,
                                                     int64_t elementBytes,
                                                     std::string &why);

/// The shared_matrix of an operand staged in `form` (its swizzle is S)
/// with chunks of `kc` values of k.
tile_dist::SharedMatrixAttr sharedMatrix(mlir::MLIRContext *context,
                                               const OperandForm &form,
                                               int64_t kc);

/// The byte of element (x, k) of an operand's array (the stage aside) where
/// x is a multiple of 8 (k contiguous) or of S / e (k major) and k of 8:
/// the start of an instruction's operand, where the swizzle moves nothing.
int64_t operandStart(const OperandForm &form, int64_t kc, int64_t elementBytes,
                     int64_t x, int64_t k);

/// The byte offset in its array of the block of an operand that starts at
/// x = `x0` (an index value, a multiple of 8 or of S / e): whole rows or
/// atoms, which the swizzle leaves in place.
mlir::Value blockStart(mlir::OpBuilder &b, mlir::Location loc,
                       const OperandForm &form, int64_t kc,
                       int64_t elementBytes, mlir::Value x0);

/// How operand `index` (0: lhs, 1: rhs) of `op` reaches swizzled arrays of
/// S = `swizzle` bytes straight from global memory, or nullopt where it is
/// loaded into registers first: k contiguous where its view is contiguous
/// along k, k major where a 16-bit view is contiguous along m or n and an
/// instruction's `instructionX` rows (lhs) or columns (rhs) are whole atoms.
std::optional<ChunkOrder>
swizzledOperandOrder(TileLowering &l, mlir::Operation *op, unsigned index,
                     int64_t swizzle, int64_t elementBytes,
                     int64_t instructionX);

/// The forms of `op`'s operands staged in rows of `swizzle` bytes: copied
/// where swizzledOperandOrder allows (by TMA where TensorMapCopy allows,
/// else by cp.async with a remark saying why not TMA), else written from
/// registers.
std::array<OperandForm, 2> swizzledOperandForms(TileLowering &l,
                                                mlir::Operation *op,
                                                int64_t swizzle,
                                                int64_t elementBytes,
                                                int64_t instructionM,
                                                int64_t instructionN);

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H
