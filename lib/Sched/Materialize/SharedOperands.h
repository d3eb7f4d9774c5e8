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

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_SHAREDOPERANDS_H
