//===- ConversionLowering.cpp - exti, trunci, itof, ftoi, ftof, casts ------===//
//
// Every conversion rounds once, to nearest even unless ftof asks for
// another mode (roundDirected, roundToTF32Away). Where PTX has the conversion
// it is one cvt; where it lacks
// it (bf16, tf32 and f8 from f64, bf16 and tf32 from integers) the value is
// first rounded to f32 toward zero with the lost bits ORed into the last
// place ("round to odd"), from which the final nearest-even rounding to the
// narrower type is exact: f32 keeps at least two bits more than any of them.
// Rounding to nearest f32 first would not do: a value just above a tie of the
// narrow type can round down onto the tie in f32 and then to even.
// The round-to-odd steps are plain integer and float arithmetic, so the host
// backend runs them too.
//
//===----------------------------------------------------------------------===//
#include "ElementwiseLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <limits>

using namespace mlir;
using namespace tilechain;
using cuda_tile::Signedness;

using ScalarFn = std::function<Value(OpBuilder &, Location, ValueRange)>;

static bool isFloat8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// The small float with no conversion instruction that ftof converts from by
/// decoding its bits (decodeSmallFloat): e8m0, the block scales.
static bool isDecodedFloat(Type t) { return isa<Float8E8M0FNUType>(t); }

/// The float types the arithmetic of this file handles directly.
static bool isIEEEFloat(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

/// Integers narrower than 32 bits widened for a cvt (PTX cvt wants 32/64).
static Value widenInteger(OpBuilder &b, Location loc, Value v, bool isSigned) {
  if (v.getType().getIntOrFloatBitWidth() >= 32)
    return v;
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, b.getI32Type(), v);
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
}

/// f32 `rounded` (the toward-zero rounding of an exact value) with its last
/// bit set when `inexact`: the round-to-odd f32 image of the exact value.
static Value setStickyBit(OpBuilder &b, Location loc, Value rounded,
                          Value inexact) {
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), rounded);
  Value sticky = arith::ExtUIOp::create(b, loc, b.getI32Type(), inexact);
  Value odd = arith::OrIOp::create(b, loc, bits, sticky);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), odd);
}

/// Integer (i32/i64) -> f32 rounded to odd: the magnitude keeps its 24
/// leading significant bits (toward zero), which converts exactly, and the
/// sticky bit records whether any bit below them was set.
static Value intToOddF32(OpBuilder &b, Location loc, Value x, bool isSigned) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
  };
  Value magnitude = x;
  Value negative;
  if (isSigned) {
    // The most negative value's negation wraps to itself, which read as
    // unsigned is its magnitude.
    negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, constant(0));
    Value negated = arith::SubIOp::create(b, loc, constant(0), x);
    magnitude = arith::SelectOp::create(b, loc, negative, negated, x);
  }
  Value leadingZeros = LLVM::CountLeadingZerosOp::create(
      b, loc, type, magnitude, /*is_zero_poison=*/false);
  // Bits below the 24 an f32 keeps: width - 24 - leadingZeros, at least 0.
  Value dropped = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, constant(width - 24), leadingZeros),
      constant(0));
  Value lowMask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, constant(1), dropped), constant(1));
  Value lowBits = arith::AndIOp::create(b, loc, magnitude, lowMask);
  Value inexact = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        lowBits, constant(0));
  Value kept = arith::XOrIOp::create(b, loc, magnitude, lowBits);
  Value truncated = arith::UIToFPOp::create(b, loc, b.getF32Type(), kept);
  if (isSigned)
    truncated = arith::SelectOp::create(
        b, loc, negative, arith::NegFOp::create(b, loc, truncated), truncated);
  return setStickyBit(b, loc, truncated, inexact);
}

/// f64 -> f32 rounded to odd (NaN stays NaN, overflow goes to the largest
/// finite value with the sticky bit, which nearest rounding carries to inf).
/// The nearest f32 is stepped one unit toward zero where it rounded away
/// from zero: magnitudes order as their bit patterns without the sign.
static Value f64ToOddF32(OpBuilder &b, Location loc, Value x) {
  Value nearest = arith::TruncFOp::create(b, loc, b.getF32Type(), x);
  Value back = arith::ExtFOp::create(b, loc, b.getF64Type(), nearest);
  auto magnitudeBits = [&](Value f64) -> Value {
    Value bits = arith::BitcastOp::create(b, loc, b.getI64Type(), f64);
    Value noSign = arith::ConstantOp::create(
        b, loc, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
    return arith::AndIOp::create(b, loc, bits, noSign);
  };
  Value awayFromZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                            magnitudeBits(back), magnitudeBits(x));
  Value nearestBits =
      arith::BitcastOp::create(b, loc, b.getI32Type(), nearest);
  Value step = arith::ExtUIOp::create(b, loc, b.getI32Type(), awayFromZero);
  Value towardZero = arith::BitcastOp::create(
      b, loc, b.getF32Type(),
      arith::SubIOp::create(b, loc, nearestBits, step));
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, back, x);
  return setStickyBit(b, loc, towardZero, inexact);
}

static Value roundToTF32(OpBuilder &b, Location loc, Value x);
static Value f32ToFloat8(OpBuilder &b, Location loc, Value x, Type to);
static Value float8ToF16(OpBuilder &b, Location loc, Value x);

static ScalarFn itof(cuda_tile::IToFOp op) {
  bool isSigned = op.getSignedness() == Signedness::Signed;
  Type to = tileElementType(op.getTo().getType());
  bool toTF32 = isa<FloatTF32Type>(
      cast<cuda_tile::TileType>(op.getTo().getType()).getElementType());
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Value x = widenInteger(b, loc, v[0], isSigned);
    if (isFloat8(to)) {
      // Nearest f32 then nearest f8 is one rounding: every integer of the
      // f8 range (at most 57344) is exact in f32, and larger magnitudes
      // saturate either way.
      Value f32 =
          isSigned
              ? arith::SIToFPOp::create(b, loc, b.getF32Type(), x).getResult()
              : arith::UIToFPOp::create(b, loc, b.getF32Type(), x).getResult();
      return f32ToFloat8(b, loc, f32, to);
    }
    if (to.isBF16())
      return arith::TruncFOp::create(b, loc, to,
                                     intToOddF32(b, loc, x, isSigned));
    if (toTF32)
      return roundToTF32(b, loc, intToOddF32(b, loc, x, isSigned));
    // f16, f32 and f64 from integers are single cvt.rn instructions.
    return isSigned ? arith::SIToFPOp::create(b, loc, to, x).getResult()
                    : arith::UIToFPOp::create(b, loc, to, x).getResult();
  };
}

/// A float as i1 is "not zero", as NVIDIA's tileiras 13.5 compiles it
/// (docs/semantics-from-nvidia.md): f16, bf16, f32 and f64 compare unordered
/// (`setp.neu`: NaN is true, -0.0 false), f8 and tf32 test their bits
/// (`setp.ne.b16`/`.b32`: NaN and -0.0 are true).
static Value floatToBool(OpBuilder &b, Location loc, Value x, bool isTF32) {
  if (isFloat8(x.getType()) || isTF32) {
    Type bitsType = b.getIntegerType(x.getType().getIntOrFloatBitWidth());
    Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
    Value zero = arith::ConstantIntOp::create(b, loc, bitsType, 0);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bits, zero);
  }
  x = widenToF32(b, loc, x);
  Value zero =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(x.getType(), 0.0));
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
}

/// Saturating conversion toward zero; NaN becomes 0. f16/bf16 widen first.
/// To i1 it is a test for zero instead (floatToBool), signed or not.
static ScalarFn ftoi(cuda_tile::FToIOp op) {
  bool isSigned = op.getSignedness() == Signedness::Signed;
  Type to = tileElementType(op.getTo().getType());
  bool fromTF32 = isa<FloatTF32Type>(
      cast<cuda_tile::TileType>(op.getFrom().getType()).getElementType());
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Value x = v[0];
    if (to.isInteger(1))
      return floatToBool(b, loc, x, fromTF32);
    if (isFloat8(x.getType()))
      x = float8ToF16(b, loc, x);
    x = widenToF32(b, loc, x);
    std::string name = (isSigned ? "llvm.fptosi.sat.i" : "llvm.fptoui.sat.i") +
                       std::to_string(to.getIntOrFloatBitWidth()) + ".f" +
                       std::to_string(x.getType().getIntOrFloatBitWidth());
    return callIntrinsic(b, loc, name, to, x);
  };
}

Value tilechain::decodeSmallFloat(OpBuilder &b, Location loc, Value x) {
  auto type = cast<FloatType>(x.getType());
  unsigned width = type.getWidth();
  unsigned mantissaBits = type.getFPMantissaWidth() - 1;
  bool hasSign = !isa<Float8E8M0FNUType>(type);
  unsigned exponentBits = width - mantissaBits - (hasSign ? 1 : 0);
  int bias = (1 << (exponentBits - 1)) - 1;
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto i32c = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  auto f32c = [&](float v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  };
  Value raw = arith::BitcastOp::create(b, loc, b.getIntegerType(width), x);
  Value bits = arith::ExtUIOp::create(b, loc, i32, raw);
  Value zero = i32c(0);

  if (isa<Float8E8M0FNUType>(type)) {
    // 2^(e - 127) is the f32 with exponent field e; 2^-127 is subnormal.
    Value normal = arith::ShLIOp::create(b, loc, bits, i32c(23));
    Value isZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bits, zero);
    Value scaled = arith::SelectOp::create(b, loc, isZero,
                                           i32c(0x00400000), normal);
    Value isNan = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        bits, i32c(255));
    return arith::SelectOp::create(
        b, loc, isNan, f32c(std::numeric_limits<float>::quiet_NaN()),
        arith::BitcastOp::create(b, loc, f32, scaled));
  }

  Value mantissa =
      arith::AndIOp::create(b, loc, bits, i32c((1 << mantissaBits) - 1));
  Value exponent = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, i32c(mantissaBits)),
      i32c((1 << exponentBits) - 1));
  Value isSubnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            exponent, zero);
  Value significand = arith::SelectOp::create(
      b, loc, isSubnormal, mantissa,
      arith::OrIOp::create(b, loc, mantissa, i32c(1 << mantissaBits)));
  Value effectiveExponent =
      arith::SelectOp::create(b, loc, isSubnormal, i32c(1), exponent);
  // 2^(effectiveExponent - bias - mantissaBits) as f32 bits; always normal.
  Value scaleField = arith::AddIOp::create(
      b, loc, effectiveExponent, i32c(127 - bias - int(mantissaBits)));
  Value scale = arith::BitcastOp::create(
      b, loc, f32, arith::ShLIOp::create(b, loc, scaleField, i32c(23)));
  Value magnitude = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, f32, significand), scale);

  // The all-ones exponent: e5m2 has inf and NaN there, e4m3fn only NaN
  // (with all-ones mantissa), e2m1fn nothing special.
  unsigned top = (1 << exponentBits) - 1;
  Value isTop = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      exponent, i32c(top));
  if (isa<Float8E5M2Type>(type)) {
    Value isInf = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        mantissa, zero);
    Value special = arith::SelectOp::create(
        b, loc, isInf, f32c(std::numeric_limits<float>::infinity()),
        f32c(std::numeric_limits<float>::quiet_NaN()));
    magnitude = arith::SelectOp::create(b, loc, isTop, special, magnitude);
  } else if (isa<Float8E4M3FNType>(type)) {
    Value allOnes = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, mantissa,
        i32c((1 << mantissaBits) - 1));
    Value isNan = arith::AndIOp::create(b, loc, isTop, allOnes);
    magnitude = arith::SelectOp::create(
        b, loc, isNan, f32c(std::numeric_limits<float>::quiet_NaN()),
        magnitude);
  }
  Value sign = arith::AndIOp::create(b, loc, bits, i32c(1 << (width - 1)));
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, sign, zero);
  return arith::SelectOp::create(b, loc, negative,
                                 arith::NegFOp::create(b, loc, magnitude),
                                 magnitude);
}

/// f32 -> f8 (nearest even, saturating to the largest finite value).
static Value f32ToFloat8(OpBuilder &b, Location loc, Value x, Type to) {
  StringRef name = isa<Float8E4M3FNType>(to) ? "llvm.nvvm.ff.to.e4m3x2.rn"
                                             : "llvm.nvvm.ff.to.e5m2x2.rn";
  // The pair's first operand fills the high byte; ours is the low one.
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  Value pair = callIntrinsic(b, loc, name, b.getI16Type(), {zero, x});
  Value byte = arith::TruncIOp::create(b, loc, b.getI8Type(), pair);
  return arith::BitcastOp::create(b, loc, to, byte);
}

/// f8 -> f16, exactly.
static Value float8ToF16(OpBuilder &b, Location loc, Value x) {
  StringRef name = isa<Float8E4M3FNType>(x.getType())
                       ? "llvm.nvvm.e4m3x2.to.f16x2.rn"
                       : "llvm.nvvm.e5m2x2.to.f16x2.rn";
  Value byte = arith::BitcastOp::create(b, loc, b.getI8Type(), x);
  Value pair = arith::ExtUIOp::create(b, loc, b.getI16Type(), byte);
  Type halves = VectorType::get({2}, b.getF16Type());
  Value converted = callIntrinsic(b, loc, name, halves, pair);
  Value index = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
  return LLVM::ExtractElementOp::create(b, loc, converted, index);
}

/// f32 -> tf32: rounds off the low 13 mantissa bits to nearest even, in
/// integer arithmetic (cvt.rn.tf32.f32 needs sm_90). A carry into the
/// exponent is the correct rounding up, to infinity included; NaN is kept.
static Value roundToTF32(OpBuilder &b, Location loc, Value x) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value lastKept = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, constant(13)), constant(1));
  Value bias = arith::AddIOp::create(b, loc, constant(0xFFF), lastKept);
  Value biased = arith::AddIOp::create(b, loc, bits, bias);
  Value rounded = arith::AndIOp::create(b, loc, biased, constant(~0x1FFF));
  Value result = arith::BitcastOp::create(b, loc, b.getF32Type(), rounded);
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, isNaN, x, result);
}

/// f32 -> tf32 rounding to nearest, ties away from zero (cvt.rna.tf32.f32):
/// half the dropped place added to the magnitude's bits, then the low 13
/// bits cleared. A carry into the exponent is the correct rounding up, to
/// infinity included; NaN is kept.
static Value roundToTF32Away(OpBuilder &b, Location loc, Value x) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value biased = arith::AddIOp::create(b, loc, bits, constant(0x1000));
  Value rounded = arith::AndIOp::create(b, loc, biased, constant(~0x1FFF));
  Value result = arith::BitcastOp::create(b, loc, b.getF32Type(), rounded);
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, isNaN, x, result);
}

/// The rounding of `x` by `mode` (zero, negative_inf or positive_inf) from
/// `nearest`, its rounding to nearest even: the two differ by at most one
/// step of the result, `unit` in its bits (2^13 for tf32, held in f32). The
/// step is toward zero where `nearest` overshoots x's magnitude (zero),
/// down where it is above x (negative_inf), up where it is below x
/// (positive_inf); a step of the bits toward zero lowers the magnitude,
/// one away raises it, from the largest finite value to infinity and from
/// either zero to the smallest subnormal of its sign. x and `nearest`
/// compare exactly in f64 (from f64) or f32; NaN compares false and stays.
static Value roundDirected(OpBuilder &b, Location loc, Value x, Value nearest,
                           cuda_tile::RoundingMode mode, int64_t unit) {
  using cuda_tile::RoundingMode;
  Type compareType = x.getType().isF64() ? b.getF64Type() : b.getF32Type();
  auto widen = [&](Value v) -> Value {
    return v.getType() == compareType
               ? v
               : arith::ExtFOp::create(b, loc, compareType, v).getResult();
  };
  Value exact = widen(x);
  Value rounded = widen(nearest);
  Value above = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                      rounded, exact);
  Value below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                      rounded, exact);
  Type bitsType = b.getIntegerType(nearest.getType().getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, loc, bitsType, nearest);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 0));
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         bits, zero);
  Value positive = arith::XOrIOp::create(
      b, loc, negative,
      arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
  // Whether to step, and whether the step raises the magnitude.
  Value step, away;
  switch (mode) {
  case RoundingMode::ZERO:
    step = arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, above, positive),
        arith::AndIOp::create(b, loc, below, negative));
    away = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
    break;
  case RoundingMode::NEGATIVE_INF:
    step = above;
    away = negative;
    break;
  case RoundingMode::POSITIVE_INF:
    step = below;
    away = positive;
    break;
  default:
    llvm_unreachable("the verifier admits no other directed mode");
  }
  Value up = arith::AddIOp::create(
      b, loc, bits, arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, unit)));
  Value down = arith::SubIOp::create(
      b, loc, bits, arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, unit)));
  Value stepped = arith::BitcastOp::create(
      b, loc, nearest.getType(),
      arith::SelectOp::create(b, loc, away, up, down));
  return arith::SelectOp::create(b, loc, step, stepped, nearest);
}

/// Converts between f16, bf16, f32 and f64, rounding once to nearest even.
static Value convertIEEE(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (toWidth > fromWidth && !(from.isF16() && to.isBF16()))
    return arith::ExtFOp::create(b, loc, to, x);
  if (from.isF16() || from.isBF16()) // to the other 16-bit type
    return arith::TruncFOp::create(b, loc, to, widenToF32(b, loc, x));
  if (from.isF64() && to.isBF16())
    return arith::TruncFOp::create(b, loc, to, f64ToOddF32(b, loc, x));
  // f32 -> f16/bf16 and f64 -> f32/f16 are single cvt.rn instructions.
  return arith::TruncFOp::create(b, loc, to, x);
}

static ScalarFn ftof(cuda_tile::FToFOp op) {
  using cuda_tile::RoundingMode;
  Type to = tileElementType(op.getTo().getType());
  // tf32 values are f32 values (see convertElementType); only rounding into
  // tf32 does work.
  bool toTF32 = isa<FloatTF32Type>(
      cast<cuda_tile::TileType>(op.getTo().getType()).getElementType());
  // Directed modes step from the nearest-even result; a widening is exact
  // in every mode, so there the step never happens.
  RoundingMode mode = op.getRoundingMode();
  bool directed = mode == RoundingMode::ZERO ||
                  mode == RoundingMode::NEGATIVE_INF ||
                  mode == RoundingMode::POSITIVE_INF;
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Value x = v[0];
    if (isFloat8(x.getType()))
      x = float8ToF16(b, loc, x);
    else if (isDecodedFloat(x.getType()))
      x = decodeSmallFloat(b, loc, x);
    if (toTF32) {
      if (x.getType().isF16() || x.getType().isBF16())
        return widenToF32(b, loc, x); // exact in tf32
      if (mode == RoundingMode::NEAREST_AWAY && x.getType().isF32())
        return roundToTF32Away(b, loc, x);
      Value nearest = roundToTF32(
          b, loc, x.getType().isF64() ? f64ToOddF32(b, loc, x) : x);
      return directed ? roundDirected(b, loc, x, nearest, mode, 1 << 13)
                      : nearest;
    }
    if (!isFloat8(to)) {
      Value nearest = convertIEEE(b, loc, x, to);
      return directed ? roundDirected(b, loc, x, nearest, mode, 1) : nearest;
    }
    Value f32 = x.getType().isF64() ? f64ToOddF32(b, loc, x)
                                    : widenToF32(b, loc, x);
    return f32ToFloat8(b, loc, f32, to);
  };
}

/// Refuses conversions this lowering has no exact code for; `decodes`: the
/// op is an ftof, which converts e8m0 to the IEEE types.
static LogicalResult checkFloatConversion(TileLowering &l, Operation *op,
                                          Type from, Type to,
                                          bool decodes = false) {
  auto refuse = [&](Type t) {
    return op->emitError() << "tilechain cannot lower '"
                           << op->getName() << "' with element type " << t
                           << " yet";
  };
  if (isDecodedFloat(from) && decodes && isIEEEFloat(to))
    return success();
  for (Type t : {from, to})
    if (!isIEEEFloat(t) && !isFloat8(t) && !isa<IntegerType>(t))
      return refuse(t);
  if (!isFloat8(from) && !isFloat8(to))
    return success();
  unsigned sm = l.getTarget().smVersion;
  if (sm < 89)
    return op->emitError() << "'" << op->getName() << "' from " << from
                           << " to " << to
                           << " needs the f8 conversions of sm_89 or newer "
                              "(target "
                           << l.getTarget().gpuName << ")";
  return success();
}

/// The pointer casts change no bits: pointers are i64 addresses.
template <typename Op>
static void addIdentity(LoweringTable &table) {
  table.add<Op>([](TileLowering &l, Op op) {
    l.mapAlias(op.getResult(), op.getSource());
    return success();
  });
}

void tilechain::addConversionLowerings(LoweringTable &table) {
  using namespace cuda_tile;
  table.add<ExtIOp>([](TileLowering &l, ExtIOp op) {
    bool isSigned = op.getSignedness() == Signedness::Signed;
    Type to = tileElementType(op.getTo().getType());
    return l.lowerElementwise(op, [=](OpBuilder &b, Location loc,
                                      ValueRange v) -> Value {
      if (isSigned)
        return arith::ExtSIOp::create(b, loc, to, v[0]);
      return arith::ExtUIOp::create(b, loc, to, v[0]);
    });
  });
  table.add<TruncIOp>([](TileLowering &l, TruncIOp op) {
    Type to = tileElementType(op.getTo().getType());
    return l.lowerElementwise(
        op, [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
          return arith::TruncIOp::create(b, loc, to, v[0]);
        });
  });
  table.add<IToFOp>([](TileLowering &l, IToFOp op) {
    Type from = tileElementType(op.getFrom().getType());
    Type to = tileElementType(op.getTo().getType());
    if (failed(checkFloatConversion(l, op, from, to)))
      return failure();
    return l.lowerElementwise(op, itof(op));
  });
  table.add<FToIOp>([](TileLowering &l, FToIOp op) {
    Type from = tileElementType(op.getFrom().getType());
    Type to = tileElementType(op.getTo().getType());
    if (failed(checkFloatConversion(l, op, from, to)))
      return failure();
    return l.lowerElementwise(op, ftoi(op));
  });
  table.add<FToFOp>([](TileLowering &l, FToFOp op) {
    Type from = tileElementType(op.getFrom().getType());
    Type to = tileElementType(op.getTo().getType());
    if (failed(checkFloatConversion(l, op, from, to, /*decodes=*/true)))
      return failure();
    return l.lowerElementwise(op, ftof(op));
  });
  table.add<BitcastOp>([](TileLowering &l, BitcastOp op) {
    Type from = tileElementType(op.getSource().getType());
    Type to = tileElementType(op.getResult().getType());
    if (from == to) {
      l.mapAlias(op.getResult(), op.getSource());
      return success();
    }
    for (Type t : {from, to})
      if (!isIEEEFloat(t) && !isFloat8(t) && !isa<IntegerType>(t))
        return LogicalResult(op.emitError()
                             << "tilechain cannot lower '" << op->getName()
                             << "' with element type " << t << " yet");
    return l.lowerElementwise(
        op, [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
          return arith::BitcastOp::create(b, loc, to, v[0]);
        });
  });
  addIdentity<IntToPtrOp>(table);
  addIdentity<PtrToIntOp>(table);
  addIdentity<PtrToPtrOp>(table);
}
