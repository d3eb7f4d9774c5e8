//===- SharedOperands.h - operands the tensor cores read themselves -*- C++ -*-===//
//
// wgmma (sm_90) and tcgen05.mma (sm_100) read their operands from shared
// memory themselves, through matrix descriptors, in the swizzled canonical
// layouts of tile_dist.shared_matrix. What the two lowerings share, beside
// what tile-lower decides from (which element types they multiply, the rows
// of S bytes of k: include/tilechain/Lower/MmaInstructions.h): the operands'
// arrays and forms, and where an instruction's operand starts.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H
#define TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H

#include "MmaStaging.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include <string>

namespace tilechain::mma {

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
