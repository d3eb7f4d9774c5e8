//===- MathOps.cpp - verifiers and rounding syntax of the math ops ---------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "FloatModifierChecks.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace mlir::cuda_tile {
/// An optional `rounding<mode>` that takes `defaultMode` when absent and
/// accepts only the modes in `accepted`.
static ParseResult parseOptionalRounding(OpAsmParser &parser,
                                         RoundingModeAttr &attr,
                                         RoundingMode defaultMode,
                                         ArrayRef<RoundingMode> accepted) {
  RoundingMode mode = defaultMode;
  if (succeeded(parser.parseOptionalKeyword("rounding"))) {
    StringRef name;
    if (parser.parseLess())
      return failure();
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&name))
      return failure();
    std::optional<RoundingMode> parsed = symbolizeRoundingMode(name);
    if (!parsed || !llvm::is_contained(accepted, *parsed)) {
      InFlightDiagnostic diag =
          parser.emitError(loc, "expected rounding mode to be one of: ");
      llvm::interleaveComma(accepted, diag, [&](RoundingMode m) {
        diag << "'" << stringifyRoundingMode(m) << "'";
      });
      return diag << ", got: '" << name << "'";
    }
    if (parser.parseGreater())
      return failure();
    mode = *parsed;
  }
  attr = RoundingModeAttr::get(parser.getContext(), mode);
  return success();
}

static void printRoundingUnless(OpAsmPrinter &printer, RoundingModeAttr attr,
                                RoundingMode defaultMode) {
  if (attr.getValue() != defaultMode)
    printer << "rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

/// `rounding<mode>` of exp and tanh, absent for the default `full`. Every
/// mode name parses so that the verifier reports a mode the op rejects.
static ParseResult parseApproxOrFullRoundingMode(OpAsmParser &parser,
                                                 RoundingModeAttr &attr) {
  static constexpr RoundingMode kAnyMode[] = {
      RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
      RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
      RoundingMode::APPROX,       RoundingMode::FULL,
      RoundingMode::NEAREST_INT_TO_ZERO};
  return parseOptionalRounding(parser, attr, RoundingMode::FULL, kAnyMode);
}

static void printApproxOrFullRoundingMode(OpAsmPrinter &printer, Operation *,
                                          RoundingModeAttr attr) {
  printRoundingUnless(printer, attr, RoundingMode::FULL);
}

/// `rounding<mode>` of sqrt: an IEEE mode or `approx`, default nearest_even.
static ParseResult parseSqrtOpRoundingMode(OpAsmParser &parser,
                                           RoundingModeAttr &attr) {
  static constexpr RoundingMode kSqrtModes[] = {
      RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
      RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
      RoundingMode::APPROX};
  return parseOptionalRounding(parser, attr, RoundingMode::NEAREST_EVEN,
                               kSqrtModes);
}

static void printSqrtOpRoundingMode(OpAsmPrinter &printer, Operation *,
                                    RoundingModeAttr attr) {
  printRoundingUnless(printer, attr, RoundingMode::NEAREST_EVEN);
}
} // namespace mlir::cuda_tile

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MathOps.cpp.inc"

/// exp and tanh: `approx` (f32 only) or `full`.
static LogicalResult verifyApproxOrFull(Operation *op, RoundingMode rounding) {
  if (failed(verifyRoundingModeIn(op, rounding,
                                  {RoundingMode::APPROX, RoundingMode::FULL})))
    return failure();
  return verifyF32OnlyModifier(op, "approx", rounding == RoundingMode::APPROX);
}

LogicalResult ExpOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode());
}
LogicalResult TanHOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode());
}

LogicalResult Exp2Op::verify() {
  return verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero());
}
LogicalResult RsqrtOp::verify() {
  return verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero());
}

LogicalResult SqrtOp::verify() {
  RoundingMode rounding = getRoundingMode();
  if (failed(verifyRoundingModeIn(
          *this, rounding,
          {RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
           RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
           RoundingMode::APPROX})))
    return failure();
  if (failed(verifyF32OnlyModifier(*this, "flush_to_zero", getFlushToZero())))
    return failure();
  return verifyF32OnlyModifier(*this, "approx",
                               rounding == RoundingMode::APPROX);
}
