//===- ArithLowering.cpp - integer/float arithmetic, cmpi/cmpf, select -----===//
//
// IEEE ops with the default rounding (nearest even, no FTZ) become arith ops,
// which LLVM compiles to the correctly rounded PTX instruction. Any other
// rounding mode or FTZ names the PTX instruction through its NVVM intrinsic.
// f16/bf16 with a directed rounding mode compute in f32 with the same mode
// and round again: both roundings go the same direction on nested grids, so
// the result equals one rounding of the exact value.
//
//===----------------------------------------------------------------------===//
#include "ElementwiseLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tilechain;
using cuda_tile::RoundingMode;
using cuda_tile::Signedness;

using ScalarFn = std::function<Value(OpBuilder &, Location, ValueRange)>;

/// Registers `Op` as elementwise with a builder made from the op itself.
template <typename Op>
static void addElementwise(LoweringTable &table,
                           std::function<ScalarFn(Op)> makeScalar) {
  table.add<Op>([makeScalar](TileLowering &l, Op op) {
    ScalarFn scalar = makeScalar(op);
    return l.lowerElementwise(op, scalar);
  });
}

/// Registers `Op` as elementwise with a builder that ignores attributes.
template <typename Op>
static void addPlain(LoweringTable &table, ScalarFn scalar) {
  addElementwise<Op>(table, [scalar](Op) { return scalar; });
}

template <typename ArithOp>
static ScalarFn binary() {
  return [](OpBuilder &b, Location loc, ValueRange v) -> Value {
    return ArithOp::create(b, loc, v[0], v[1]);
  };
}

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

/// "llvm.nvvm.<op>.<rounding>[.ftz].<f|d>" for f32 or f64 operands.
static std::string nvvmRounded(StringRef op, RoundingMode mode, bool ftz,
                               Type type) {
  return ("llvm.nvvm." + op + "." + ptxRounding(mode) + (ftz ? ".ftz" : "") +
          (type.isF64() ? ".d" : ".f"))
      .str();
}

/// add/mul/div/fma of `args` with an IEEE rounding mode and FTZ flag;
/// `plain` builds the default (nearest even, no FTZ) form.
static Value roundedArith(OpBuilder &b, Location loc, StringRef op,
                          ValueRange args, RoundingMode mode, bool ftz,
                          const ScalarFn &plain) {
  Type type = args[0].getType();
  if (mode == RoundingMode::NEAREST_EVEN && !ftz)
    return plain(b, loc, args);
  if (type.isF32() || type.isF64())
    return callIntrinsic(b, loc, nvvmRounded(op, mode, ftz, type), type, args);
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(widenToF32(b, loc, arg));
  Value result = callIntrinsic(b, loc, nvvmRounded(op, mode, ftz, b.getF32Type()),
                               b.getF32Type(), wide);
  return truncateF32(b, loc, result, type, mode);
}

template <typename Op>
static void addRoundedBinary(LoweringTable &table, StringRef nvvmOp,
                             ScalarFn plain, bool negateRhs = false) {
  std::string name = nvvmOp.str();
  addElementwise<Op>(table, [=](Op op) -> ScalarFn {
    RoundingMode mode = op.getRoundingMode();
    bool ftz = op.getFlushToZero();
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (!negateRhs || (mode == RoundingMode::NEAREST_EVEN && !ftz))
        return roundedArith(b, loc, name, v, mode, ftz, plain);
      // a - b is a + (-b) exactly; NVVM names only the rounded add.
      Value negated = arith::NegFOp::create(b, loc, v[1]);
      return roundedArith(b, loc, name, {v[0], negated}, mode, ftz, plain);
    };
  });
}

static ScalarFn divf(cuda_tile::DivFOp op) {
  RoundingMode mode = op.getRoundingMode();
  bool ftz = op.getFlushToZero();
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    // approx and full are f32-only (the verifier says so).
    if (mode == RoundingMode::APPROX)
      return callIntrinsic(b, loc,
                           ftz ? "llvm.nvvm.div.approx.ftz.f"
                               : "llvm.nvvm.div.approx.f",
                           v[0].getType(), v);
    if (mode == RoundingMode::FULL)
      return callIntrinsic(b, loc,
                           ftz ? "llvm.nvvm.div.full.ftz"
                               : "llvm.nvvm.div.full",
                           v[0].getType(), v);
    return roundedArith(b, loc, "div", v, mode, ftz,
                        binary<arith::DivFOp>());
  };
}

static ScalarFn fmaScalar(cuda_tile::FmaOp op) {
  RoundingMode mode = op.getRoundingMode();
  bool ftz = op.getFlushToZero();
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    // f16/bf16 in f32: the product of two 16-bit floats is exact in f32, so
    // the f32 fma rounds the exact value once, in the requested direction.
    return roundedArith(
        b, loc, "fma", v, mode, ftz,
        [](OpBuilder &b, Location loc, ValueRange v) -> Value {
          // LLVM would widen a 16-bit fma to f32 and round twice; PTX has
          // the single-rounding instruction (sm_80).
          Type type = v[0].getType();
          if (type.isF16() || type.isBF16())
            return callIntrinsic(b, loc,
                                 type.isF16() ? "llvm.nvvm.fma.rn.f16"
                                              : "llvm.nvvm.fma.rn.bf16",
                                 type, v);
          return math::FmaOp::create(b, loc, v[0], v[1], v[2]);
        });
  };
}

/// maxf/minf: maximumNumber (NaN ignored) or, with propagate_nan, maximum.
template <typename Op, typename NumberOp, typename NanOp>
static void addMinMax(LoweringTable &table, StringRef nvvmName) {
  std::string name = nvvmName.str();
  addElementwise<Op>(table, [=](Op op) -> ScalarFn {
    bool nan = op.getPropagateNan();
    bool ftz = op.getFlushToZero();
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (ftz) // f32 only
        return callIntrinsic(b, loc,
                             "llvm.nvvm." + name + ".ftz" +
                                 (nan ? ".nan" : "") + ".f",
                             v[0].getType(), v);
      if (nan)
        return NanOp::create(b, loc, v[0], v[1]);
      return NumberOp::create(b, loc, v[0], v[1]);
    };
  });
}

static arith::CmpFPredicate cmpfPredicate(cuda_tile::ComparisonPredicate p,
                                          bool ordered) {
  using P = cuda_tile::ComparisonPredicate;
  using F = arith::CmpFPredicate;
  switch (p) {
  case P::EQUAL:
    return ordered ? F::OEQ : F::UEQ;
  case P::NOT_EQUAL:
    return ordered ? F::ONE : F::UNE;
  case P::LESS_THAN:
    return ordered ? F::OLT : F::ULT;
  case P::LESS_THAN_OR_EQUAL:
    return ordered ? F::OLE : F::ULE;
  case P::GREATER_THAN:
    return ordered ? F::OGT : F::UGT;
  case P::GREATER_THAN_OR_EQUAL:
    return ordered ? F::OGE : F::UGE;
  }
  llvm_unreachable("unknown comparison predicate");
}

static arith::CmpIPredicate cmpiPredicate(cuda_tile::ComparisonPredicate p,
                                          bool isSigned) {
  using P = cuda_tile::ComparisonPredicate;
  using I = arith::CmpIPredicate;
  switch (p) {
  case P::EQUAL:
    return I::eq;
  case P::NOT_EQUAL:
    return I::ne;
  case P::LESS_THAN:
    return isSigned ? I::slt : I::ult;
  case P::LESS_THAN_OR_EQUAL:
    return isSigned ? I::sle : I::ule;
  case P::GREATER_THAN:
    return isSigned ? I::sgt : I::ugt;
  case P::GREATER_THAN_OR_EQUAL:
    return isSigned ? I::sge : I::uge;
  }
  llvm_unreachable("unknown comparison predicate");
}

//===----------------------------------------------------------------------===//
// Integer
//===----------------------------------------------------------------------===//

static Value intConstant(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

/// Shifts by the bit width or more are defined: shli and logical shri give
/// 0, arithmetic shri the sign fill (LLVM would give poison).
static ScalarFn shift(bool left, bool isSigned) {
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Type type = v[0].getType();
    unsigned width = type.getIntOrFloatBitWidth();
    Value widthValue = intConstant(b, loc, type, width);
    Value tooFar = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                         v[1], widthValue);
    Value shifted, saturated;
    if (left) {
      shifted = arith::ShLIOp::create(b, loc, v[0], v[1]);
      saturated = intConstant(b, loc, type, 0);
    } else if (isSigned) {
      Value last = intConstant(b, loc, type, width - 1);
      Value amount = arith::SelectOp::create(b, loc, tooFar, last, v[1]);
      return arith::ShRSIOp::create(b, loc, v[0], amount);
    } else {
      shifted = arith::ShRUIOp::create(b, loc, v[0], v[1]);
      saturated = intConstant(b, loc, type, 0);
    }
    return arith::SelectOp::create(b, loc, tooFar, saturated, shifted);
  };
}

/// Truncating division, then one step toward -inf (floor) or +inf (ceil)
/// when the remainder is non-zero and the exact quotient lies that way.
static ScalarFn divi(cuda_tile::DivIOp op) {
  bool isSigned = op.getSignedness() == Signedness::Signed;
  RoundingMode mode = op.getRounding();
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Value quotient =
        isSigned ? arith::DivSIOp::create(b, loc, v[0], v[1]).getResult()
                 : arith::DivUIOp::create(b, loc, v[0], v[1]).getResult();
    if (mode == RoundingMode::ZERO)
      return quotient;
    Type type = quotient.getType();
    Value zero = intConstant(b, loc, type, 0);
    Value remainder =
        isSigned ? arith::RemSIOp::create(b, loc, v[0], v[1]).getResult()
                 : arith::RemUIOp::create(b, loc, v[0], v[1]).getResult();
    Value inexact = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          remainder, zero);
    Value adjust = inexact;
    if (isSigned) {
      // The exact quotient is negative when remainder and divisor differ in
      // sign (the remainder takes the dividend's sign).
      Value remNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           remainder, zero);
      Value divNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           v[1], zero);
      Value negative = arith::XOrIOp::create(b, loc, remNeg, divNeg);
      Value wanted = mode == RoundingMode::NEGATIVE_INF
                         ? negative
                         : arith::XOrIOp::create(
                               b, loc, negative,
                               intConstant(b, loc, b.getI1Type(), 1))
                               .getResult();
      adjust = arith::AndIOp::create(b, loc, inexact, wanted);
    }
    Value step = intConstant(b, loc, type,
                             mode == RoundingMode::NEGATIVE_INF ? -1 : 1);
    Value stepped = arith::AddIOp::create(b, loc, quotient, step);
    return arith::SelectOp::create(b, loc, adjust, stepped, quotient);
  };
}

template <typename Op, typename SignedOp, typename UnsignedOp>
static void addSignedBinary(LoweringTable &table) {
  addElementwise<Op>(table, [](Op op) -> ScalarFn {
    if (op.getSignedness() == Signedness::Signed)
      return binary<SignedOp>();
    return binary<UnsignedOp>();
  });
}

void tilechain::addArithLowerings(LoweringTable &table) {
  using namespace cuda_tile;
  // Integer arithmetic. Overflow flags only promise what the producer knows;
  // the lowering drops them so that no result becomes poison.
  addPlain<AddIOp>(table, binary<arith::AddIOp>());
  addPlain<SubIOp>(table, binary<arith::SubIOp>());
  addPlain<MulIOp>(table, binary<arith::MulIOp>());
  addPlain<AndIOp>(table, binary<arith::AndIOp>());
  addPlain<OrIOp>(table, binary<arith::OrIOp>());
  addPlain<XOrIOp>(table, binary<arith::XOrIOp>());
  addPlain<ShLIOp>(table, shift(/*left=*/true, /*isSigned=*/false));
  addElementwise<ShRIOp>(table, [](ShRIOp op) {
    return shift(/*left=*/false, op.getSignedness() == Signedness::Signed);
  });
  addSignedBinary<MaxIOp, arith::MaxSIOp, arith::MaxUIOp>(table);
  addSignedBinary<MinIOp, arith::MinSIOp, arith::MinUIOp>(table);
  addSignedBinary<RemIOp, arith::RemSIOp, arith::RemUIOp>(table);
  addElementwise<DivIOp>(table, divi);
  addPlain<NegIOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    Value zero = intConstant(b, loc, v[0].getType(), 0);
    return arith::SubIOp::create(b, loc, zero, v[0]).getResult();
  });
  // |INT_MIN| wraps to INT_MIN, as two's complement negation does.
  addPlain<AbsIOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    Value zero = intConstant(b, loc, v[0].getType(), 0);
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v[0], zero);
    Value negated = arith::SubIOp::create(b, loc, zero, v[0]);
    return arith::SelectOp::create(b, loc, negative, negated, v[0])
        .getResult();
  });
  addPlain<MulhiIOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    return arith::MulUIExtendedOp::create(b, loc, v[0], v[1]).getHigh();
  });

  // Floating point.
  addRoundedBinary<AddFOp>(table, "add", binary<arith::AddFOp>());
  addRoundedBinary<SubFOp>(table, "add", binary<arith::SubFOp>(),
                           /*negateRhs=*/true);
  addRoundedBinary<MulFOp>(table, "mul", binary<arith::MulFOp>());
  addElementwise<DivFOp>(table, divf);
  addElementwise<FmaOp>(table, fmaScalar);
  addPlain<RemFOp>(table, binary<arith::RemFOp>());
  addPlain<NegFOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    return arith::NegFOp::create(b, loc, v[0]).getResult();
  });
  addPlain<AbsFOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    return math::AbsFOp::create(b, loc, v[0]).getResult();
  });
  addMinMax<MaxFOp, arith::MaxNumFOp, arith::MaximumFOp>(table, "fmax");
  addMinMax<MinFOp, arith::MinNumFOp, arith::MinimumFOp>(table, "fmin");

  // Comparison and selection.
  addElementwise<CmpFOp>(table, [](CmpFOp op) -> ScalarFn {
    arith::CmpFPredicate predicate =
        cmpfPredicate(op.getComparisonPredicate(),
                      op.getComparisonOrdering() == ComparisonOrdering::ORDERED);
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      return arith::CmpFOp::create(b, loc, predicate, v[0], v[1]);
    };
  });
  addElementwise<CmpIOp>(table, [](CmpIOp op) -> ScalarFn {
    arith::CmpIPredicate predicate =
        cmpiPredicate(op.getComparisonPredicate(),
                      op.getSignedness() == Signedness::Signed);
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      return arith::CmpIOp::create(b, loc, predicate, v[0], v[1]);
    };
  });
  addPlain<SelectOp>(table, [](OpBuilder &b, Location loc, ValueRange v) {
    return arith::SelectOp::create(b, loc, v[0], v[1], v[2]).getResult();
  });
}
