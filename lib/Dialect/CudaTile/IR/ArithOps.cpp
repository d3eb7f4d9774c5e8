//===- ArithOps.cpp - verifiers of the elementwise arithmetic ops ----------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "FloatModifierChecks.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace mlir::cuda_tile {
/// The i1 tile of the same shape as `type`: what a comparison produces.
static Type getI1TileOfSameShape(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return type;
  return shaped.clone(IntegerType::get(type.getContext(), 1));
}
} // namespace mlir::cuda_tile

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ArithOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

LogicalResult DivIOp::verify() {
  RoundingMode rounding = getRounding();
  if (failed(verifyRoundingModeIn(*this, rounding,
                                  {RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
                                   RoundingMode::POSITIVE_INF})))
    return failure();
  // Floor division of unsigned values is plain truncating division; the
  // format keeps a single spelling for it.
  if (rounding == RoundingMode::NEGATIVE_INF &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError(
        "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return success();
}

LogicalResult NegIOp::verify() {
  // Negation wraps in the unsigned sense for every input but 0, so the flag
  // would make all other inputs undefined.
  if (getOverflow() == IntegerOverflow::NUW)
    return emitOpError("'no_unsigned_wrap' overflow flag is not supported");
  return success();
}

//===----------------------------------------------------------------------===//
// Floating-point ops
//===----------------------------------------------------------------------===//

/// addf, subf, mulf and fma: an IEEE rounding mode and f32-only FTZ.
static LogicalResult verifyIEEEArith(Operation *op, RoundingMode rounding,
                                     bool flushToZero) {
  if (failed(verifyRoundingModeIn(op, rounding, kIEEERoundingModes)))
    return failure();
  return verifyF32OnlyModifier(op, "flush_to_zero", flushToZero);
}

LogicalResult AddFOp::verify() {
  return verifyIEEEArith(*this, getRoundingMode(), getFlushToZero());
}
LogicalResult SubFOp::verify() {
  return verifyIEEEArith(*this, getRoundingMode(), getFlushToZero());
}
LogicalResult MulFOp::verify() {
  return verifyIEEEArith(*this, getRoundingMode(), getFlushToZero());
}
LogicalResult FmaOp::verify() {
  return verifyIEEEArith(*this, getRoundingMode(), getFlushToZero());
}

LogicalResult DivFOp::verify() {
  RoundingMode rounding = getRoundingMode();
  if (failed(verifyRoundingModeIn(
          *this, rounding,
          {RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
           RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
           RoundingMode::APPROX, RoundingMode::FULL})))
    return failure();
  if (failed(verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero())) ||
      failed(verifyF32OnlyModifier(*this, "approx",
                                   rounding == RoundingMode::APPROX)))
    return failure();
  return verifyF32OnlyModifier(*this, "full", rounding == RoundingMode::FULL);
}

LogicalResult MaxFOp::verify() {
  return verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero());
}
LogicalResult MinFOp::verify() {
  return verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero());
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  // Two f4 values share a byte; selecting single elements would need
  // read-modify-write of packed storage, which the op does not define.
  if (isa<Float4E2M1FNType>(getElementTypeOrSelf(getResult().getType())))
    return emitOpError("cannot operate on sub-byte type F4E2M1FN");
  return success();
}
