//===- MmaLowering.cpp - mmaf, mmai, mmaf_scaled -> serial dot products ----===//
//
// result[b, m, n] = acc[b, m, n] + sum_k lhs[b, m, k] * rhs[b, k, n], as
// NVIDIA's tileiras 13.5 computes it where it uses no tensor core
// (docs/semantics-from-nvidia.md): the sum starts from zero and is taken in k
// order, one fused multiply-add per step, in f32 (f64 for f64 operands);
// the accumulator is added to the sum last, and an f16 accumulator is
// widened for that addition and the result rounded to f16 once. The product
// of two inputs is exact in f32 (f16, bf16, tf32 and f8 products fit in its
// significand), so each step rounds once.
//
// Only the combinations the hardware has are accepted; the serial loop nest
// is the one code path for now, and a warp-level mma path would sit beside
// lowerSerial with the same legality check in front.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
using namespace tilechain;

//===----------------------------------------------------------------------===//
// Target legality
//===----------------------------------------------------------------------===//

/// The first SM that has a matrix instruction for these input types.
static unsigned minimumSm(Type input, Type scale) {
  if (scale)
    return 100; // block-scaled mma (and the e8m0 scale type) is Blackwell's
  if (isa<Float8E4M3FNType, Float8E5M2Type>(input))
    return 89;
  return 80;
}

static LogicalResult checkTarget(TileLowering &l, Operation *op, Type input,
                                 Type scale = {}) {
  unsigned needed = minimumSm(input, scale);
  const TargetInfo &target = l.getTarget();
  if (target.smVersion >= needed)
    return success();
  InFlightDiagnostic diag = op->emitError()
                            << op->getName().stripDialect() << " with "
                            << input << " operands";
  if (scale)
    diag << " and " << scale << " scales";
  return diag << " needs sm_" << needed << " or newer; target is "
              << target.gpuName;
}

//===----------------------------------------------------------------------===//
// Element conversions
//===----------------------------------------------------------------------===//

/// Decodes a small float (f8E4M3FN, f8E5M2, f4E2M1FN, f8E8M0FNU) to f32
/// exactly from its bits: magnitude = significand * 2^(exponent - bias -
/// mantissa bits), with the implicit leading one for normal numbers.
static Value decodeSmallFloat(OpBuilder &b, Location loc, Value x) {
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

/// An input element as the multiplier sees it, in `computeType`.
static Value widenInput(OpBuilder &b, Location loc, Value x, Type inputType,
                        Type computeType) {
  if (isa<FloatTF32Type>(inputType)) {
    // A tf32 element travels as f32; the tensor core reads only its top 19
    // bits (sign, exponent, 10 mantissa bits).
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
    Value kept = arith::AndIOp::create(
        b, loc, bits,
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(~0x1fff)));
    return arith::BitcastOp::create(b, loc, computeType, kept);
  }
  if (x.getType().getIntOrFloatBitWidth() <= 8)
    x = decodeSmallFloat(b, loc, x);
  if (x.getType() == computeType)
    return x;
  return arith::ExtFOp::create(b, loc, computeType, x);
}

//===----------------------------------------------------------------------===//
// The serial loop nest
//===----------------------------------------------------------------------===//

/// One k step: the new accumulated value from the old one and the two input
/// elements (at position `k`).
using MmaStep = function_ref<Value(OpBuilder &, Location, Value acc, Value a,
                                   Value b, ValueRange ivs, Value k)>;

/// The accumulator (widened to the carried type) added to the k sum.
using MmaAddAccumulator =
    function_ref<Value(OpBuilder &, Location, Value acc, Value sum)>;

/// Emits result = acc + lhs x rhs as a loop nest over the result with an
/// inner k loop carrying its sum in `carriedType`. With `addAccumulator` the
/// k loop starts from zero and the accumulator is added to its sum;
/// without, the k loop starts from the accumulator.
static LogicalResult lowerSerial(TileLowering &l, Operation *op, Value lhs,
                                 Value rhs, Value acc, Type carriedType,
                                 MmaStep step,
                                 MmaAddAccumulator addAccumulator = nullptr) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  ArrayRef<int64_t> shape = TileLowering::tileShape(resultType);
  ArrayRef<int64_t> lhsShape = TileLowering::tileShape(lhs.getType());
  int64_t k = lhsShape.back();
  Value lhsBuffer = l.lookup(lhs), rhsBuffer = l.lookup(rhs),
        accBuffer = l.lookup(acc);
  // Each result element reads its accumulator element first: the result can
  // take the accumulator's buffer when nothing else reads it (a loop's
  // carried accumulator, typically), which saves a tile and a copy.
  Value result = l.reusableBuffer(acc, op);
  if (!result)
    result = l.allocTileFor(loc, resultType);
  Type accType = TileLowering::tileElementType(resultType);

  l.forEachElement(loc, shape, [&](OpBuilder &b, Location, ValueRange ivs) {
    // ivs = [batch,] m, n
    SmallVector<Value> batch(ivs.drop_back(2));
    Value m = ivs[ivs.size() - 2], n = ivs.back();
    Value initial = l.readElement(b, loc, accBuffer, ivs);
    if (carriedType != accType)
      initial = arith::ExtFOp::create(b, loc, carriedType, initial);
    Value start = initial;
    if (addAccumulator)
      start = arith::ConstantOp::create(b, loc, b.getZeroAttr(carriedType));
    Value zero = l.indexConstant(loc, 0);
    Value end = l.indexConstant(loc, k);
    Value one = l.indexConstant(loc, 1);
    auto loop = scf::ForOp::create(
        b, loc, zero, end, one, ValueRange{start},
        [&](OpBuilder &nested, Location, Value kv, ValueRange carried) {
          SmallVector<Value> lhsIvs(batch), rhsIvs(batch);
          lhsIvs.append({m, kv});
          rhsIvs.append({kv, n});
          Value a = l.readElement(nested, loc, lhsBuffer, lhsIvs);
          Value bv = l.readElement(nested, loc, rhsBuffer, rhsIvs);
          Value next = step(nested, loc, carried[0], a, bv, ivs, kv);
          scf::YieldOp::create(nested, loc, next);
        });
    Value sum = loop.getResult(0);
    if (addAccumulator)
      sum = addAccumulator(b, loc, initial, sum);
    if (carriedType != accType)
      sum = arith::TruncFOp::create(b, loc, accType, sum);
    l.writeElement(b, loc, sum, result, ivs);
  });
  l.map(op->getResult(0), result);
  return success();
}

/// The float step: fma of the inputs widened to the computation type.
static Value floatStep(OpBuilder &b, Location loc, Value sum, Value a,
                       Value bv, Type inputType) {
  Type computeType = sum.getType();
  Value wideA = widenInput(b, loc, a, inputType, computeType);
  Value wideB = widenInput(b, loc, bv, inputType, computeType);
  return math::FmaOp::create(b, loc, wideA, wideB, sum);
}

/// Whether a lowered tile holds its elements as f32.
static bool storedAsF32(Value lowered) {
  return getElementTypeOrSelf(lowered.getType()).isF32();
}

static LogicalResult lowerMmaF(TileLowering &l, cuda_tile::MmaFOp op) {
  auto lhsType = cast<cuda_tile::TileType>(op.getLhs().getType());
  Type input = lhsType.getElementType();
  Type accType = TileLowering::tileElementType(op.getAcc().getType());
  if (failed(checkTarget(l, op, input)))
    return failure();
  if (isa<FloatTF32Type>(input) && !storedAsF32(l.lookup(op.getLhs())))
    return op.emitError() << "tile-lower cannot lower '" << op->getName()
                          << "' with tf32 operands held as "
                          << getElementTypeOrSelf(l.lookup(op.getLhs()))
                          << " yet (expected f32 holders)";
  Type computeType = accType.isF16() ? l.b().getF32Type() : accType;
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(), computeType,
      [&](OpBuilder &b, Location loc, Value sum, Value a, Value bv, ValueRange,
          Value) { return floatStep(b, loc, sum, a, bv, input); },
      [](OpBuilder &b, Location loc, Value acc, Value sum) -> Value {
        return arith::AddFOp::create(b, loc, acc, sum);
      });
}

static LogicalResult lowerMmaI(TileLowering &l, cuda_tile::MmaIOp op) {
  Type input = TileLowering::tileElementType(op.getLhs().getType());
  if (failed(checkTarget(l, op, input)))
    return failure();
  bool lhsSigned =
      op.getSignednessLhs() == cuda_tile::Signedness::Signed;
  bool rhsSigned =
      op.getSignednessRhs() == cuda_tile::Signedness::Signed;
  auto widen = [](OpBuilder &b, Location loc, Value x, bool isSigned) -> Value {
    if (isSigned)
      return arith::ExtSIOp::create(b, loc, b.getI32Type(), x);
    return arith::ExtUIOp::create(b, loc, b.getI32Type(), x);
  };
  // i8 x i8 products fit in i32; the i32 sum wraps like the hardware's.
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(),
      TileLowering::tileElementType(op.getAcc().getType()),
      [&](OpBuilder &b, Location loc, Value acc, Value a, Value bv, ValueRange,
          Value) -> Value {
        Value wideA = widen(b, loc, a, lhsSigned);
        Value wideB = widen(b, loc, bv, rhsSigned);
        Value product = arith::MulIOp::create(b, loc, wideA, wideB);
        return arith::AddIOp::create(b, loc, acc, product);
      });
}

/// mmaf_scaled: every input element is multiplied by the scale of its block
/// of `blockSize` consecutive k. The scaled product is exact in f32 except
/// where the scales push it out of f32's range. The k loop starts from the
/// accumulator: block-scaled mma needs sm_100, where NVIDIA's tileiras uses
/// tcgen05.mma, so no serial form of it was there to compare with.
static LogicalResult lowerMmaFScaled(TileLowering &l,
                                     cuda_tile::MmaFScaledOp op) {
  auto lhsType = cast<cuda_tile::TileType>(op.getLhs().getType());
  auto scaleType = cast<cuda_tile::TileType>(op.getLhsScale().getType());
  Type input = lhsType.getElementType();
  if (failed(checkTarget(l, op, input, scaleType.getElementType())))
    return failure();
  int64_t blockSize = lhsType.getShape().back() / scaleType.getShape().back();
  Value lhsScale = l.lookup(op.getLhsScale());
  Value rhsScale = l.lookup(op.getRhsScale());
  Type f32 = l.b().getF32Type();
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(), f32,
      [&](OpBuilder &b, Location loc, Value acc, Value a, Value bv,
          ValueRange ivs, Value k) -> Value {
        SmallVector<Value> lhsIvs(ivs.drop_back(2)), rhsIvs(ivs.drop_back(2));
        Value block = arith::DivUIOp::create(
            b, loc, k, l.indexConstant(loc, blockSize));
        lhsIvs.append({ivs[ivs.size() - 2], block});
        rhsIvs.append({block, ivs.back()});
        Value scaleA =
            decodeSmallFloat(b, loc, l.readElement(b, loc, lhsScale, lhsIvs));
        Value scaleB =
            decodeSmallFloat(b, loc, l.readElement(b, loc, rhsScale, rhsIvs));
        Value scale = arith::MulFOp::create(b, loc, scaleA, scaleB);
        Value wideA = widenInput(b, loc, a, input, f32);
        Value wideB = widenInput(b, loc, bv, input, f32);
        Value product = arith::MulFOp::create(b, loc, wideA, wideB);
        return math::FmaOp::create(b, loc, product, scale, acc);
      });
}

void tilechain::addMmaLowerings(LoweringTable &table) {
  table.add<cuda_tile::MmaFOp>(lowerMmaF);
  table.add<cuda_tile::MmaIOp>(lowerMmaI);
  table.add<cuda_tile::MmaFScaledOp>(lowerMmaFScaled);
}
