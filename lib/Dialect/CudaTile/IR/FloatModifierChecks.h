//===- FloatModifierChecks.h - rounding and f32-only modifier checks -------===//
//
// Shared by the floating-point arithmetic and math verifiers. The texts are
// the ones NVIDIA's test suite expects.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_DIALECT_CUDATILE_IR_FLOATMODIFIERCHECKS_H
#define TILECHAIN_LIB_DIALECT_CUDATILE_IR_FLOATMODIFIERCHECKS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::cuda_tile {

/// Fails unless `mode` is one of `allowed`; the message lists `allowed`.
inline LogicalResult verifyRoundingModeIn(Operation *op, RoundingMode mode,
                                          ArrayRef<RoundingMode> allowed) {
  if (llvm::is_contained(allowed, mode))
    return success();
  InFlightDiagnostic diag =
      op->emitOpError("invalid rounding mode specified, expect one of [");
  llvm::interleaveComma(allowed, diag, [&](RoundingMode m) {
    diag << stringifyRoundingMode(m);
  });
  return diag << "]";
}

/// The four IEEE 754 directed/nearest rounding modes.
inline constexpr RoundingMode kIEEERoundingModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF};

/// Fails when `modifier` is present on an op whose result elements are not
/// f32: flush_to_zero, approx and full only exist for f32 hardware paths.
inline LogicalResult verifyF32OnlyModifier(Operation *op, StringRef modifier,
                                           bool present) {
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  if (!present || elementType.isF32())
    return success();
  return op->emitOpError()
         << modifier << " modifier only supported for f32 data type, but got: "
         << elementType;
}

} // namespace mlir::cuda_tile

#endif // TILECHAIN_LIB_DIALECT_CUDATILE_IR_FLOATMODIFIERCHECKS_H
