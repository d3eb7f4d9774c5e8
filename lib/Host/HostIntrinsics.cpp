//===- HostIntrinsics.cpp - NVVM intrinsics as host arithmetic ------------===//
//
// The host backend exists to check what a kernel computes, so a GPU
// intrinsic is replaced by the host operation that computes the same value
// up to the GPU's own latitude:
//   - round-to-nearest forms (add/mul/div/fma/sqrt .rn) are the IEEE ops;
//   - approximate forms (div/sqrt/rsqrt/ex2 .approx, div.full, tanh.approx)
//     become the exact function, within the approximation's error bound;
//   - .ftz is dropped: the host keeps subnormals the GPU would flush, a
//     difference only for results below 2^-126.
// Packed f8 conversions (cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and back to
// f16x2) become integer code that computes PTX's result bit for bit: round
// to nearest even, finite results saturated to the largest finite value
// (infinities too), NaN to the canonical NaN 0x7F. Directed rounding
// (.rz/.rm/.rp) has no host counterpart here and stays, so that
// checkHostable refuses it by name.
//
//===----------------------------------------------------------------------===//
#include "HostIntrinsics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <optional>

using namespace mlir;
using tilechain::Float8Format;
using tilechain::kE4M3;
using tilechain::kE5M2;

namespace {

enum class HostOp { None, Add, Mul, Div, Fma, Sqrt, Rsqrt, Exp2, Tanh, Max, Min, MaxNan, MinNan };

/// The host op for "llvm.nvvm.<op>.<mode>[.ftz][.nan].<type>", if it has one.
HostOp classifyIntrinsic(StringRef name) {
  if (!name.consume_front("llvm.nvvm."))
    return HostOp::None;
  SmallVector<StringRef> parts;
  name.split(parts, '.');
  StringRef op = parts.front();
  bool nan = llvm::is_contained(parts, "nan");
  if (op == "fmax")
    return nan ? HostOp::MaxNan : HostOp::Max;
  if (op == "fmin")
    return nan ? HostOp::MinNan : HostOp::Min;
  if (parts.size() < 2)
    return HostOp::None;
  StringRef mode = parts[1];
  if (mode != "rn" && mode != "approx" && mode != "full")
    return HostOp::None;
  return llvm::StringSwitch<HostOp>(op)
      .Case("add", HostOp::Add)
      .Case("mul", HostOp::Mul)
      .Case("div", HostOp::Div)
      .Case("fma", HostOp::Fma)
      .Case("sqrt", HostOp::Sqrt)
      .Case("rsqrt", HostOp::Rsqrt)
      .Case("ex2", HostOp::Exp2)
      .Default(HostOp::None);
}

/// The host op for a one-instruction PTX inline asm, if it has one.
HostOp classifyAsm(StringRef text) {
  return text.starts_with("tanh.approx.f32 ") ? HostOp::Tanh : HostOp::None;
}

Value buildHostOp(OpBuilder &b, Location loc, HostOp op, ValueRange v) {
  switch (op) {
  case HostOp::Add:
    return arith::AddFOp::create(b, loc, v[0], v[1]);
  case HostOp::Mul:
    return arith::MulFOp::create(b, loc, v[0], v[1]);
  case HostOp::Div:
    return arith::DivFOp::create(b, loc, v[0], v[1]);
  case HostOp::Fma:
    return math::FmaOp::create(b, loc, v[0], v[1], v[2]);
  case HostOp::Sqrt:
    return math::SqrtOp::create(b, loc, v[0]);
  case HostOp::Rsqrt:
    return math::RsqrtOp::create(b, loc, v[0]);
  case HostOp::Exp2:
    return math::Exp2Op::create(b, loc, v[0]);
  case HostOp::Tanh:
    return math::TanhOp::create(b, loc, v[0]);
  case HostOp::Max:
    return arith::MaxNumFOp::create(b, loc, v[0], v[1]);
  case HostOp::Min:
    return arith::MinNumFOp::create(b, loc, v[0], v[1]);
  case HostOp::MaxNan:
    return arith::MaximumFOp::create(b, loc, v[0], v[1]);
  case HostOp::MinNan:
    return arith::MinimumFOp::create(b, loc, v[0], v[1]);
  case HostOp::None:
    break;
  }
  llvm_unreachable("no host op");
}

/// The f8 format of "llvm.nvvm.ff.to.<f8>x2.rn" or
/// "llvm.nvvm.<f8>x2.to.f16x2.rn", if `name` is one.
std::optional<std::pair<Float8Format, bool>> classifyFloat8(StringRef name) {
  if (name == "llvm.nvvm.ff.to.e4m3x2.rn")
    return std::pair{kE4M3, /*toFloat8=*/true};
  if (name == "llvm.nvvm.ff.to.e5m2x2.rn")
    return std::pair{kE5M2, true};
  if (name == "llvm.nvvm.e4m3x2.to.f16x2.rn")
    return std::pair{kE4M3, false};
  if (name == "llvm.nvvm.e5m2x2.to.f16x2.rn")
    return std::pair{kE5M2, false};
  return std::nullopt;
}

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

/// The f8 code (an i32 in 0..255) of the f32 `x`: its significand shifted
/// right to the f8 mantissa at the value's exponent (or at the smallest
/// normal exponent, for subnormal results) with the dropped bits rounded to
/// nearest even; the code is then ((exponent + bias - 1) << mantissa bits)
/// plus the significand, whose implicit bit carries into the exponent.
Value floatToFloat8(OpBuilder &b, Location loc, Value x, Float8Format f8) {
  auto c = [&](int64_t v) { return i32Constant(b, loc, v); };
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c(24)), c(0x80));
  Value magnitude = arith::AndIOp::create(b, loc, bits, c(0x7FFFFFFF));
  Value biased = arith::ShRUIOp::create(b, loc, magnitude, c(23));
  Value fraction = arith::AndIOp::create(b, loc, magnitude, c(0x7FFFFF));
  // f32 subnormals (biased exponent 0) are far below every f8 value and
  // round to zero whatever their significand is taken to be.
  Value significand = arith::OrIOp::create(b, loc, fraction, c(1 << 23));
  Value exponent = arith::SubIOp::create(b, loc, biased, c(127));
  Value target = arith::MaxSIOp::create(b, loc, exponent, c(1 - f8.bias));
  // Bits dropped: 23 - m at the value's exponent, more below the normal
  // range; from 25 on the value is under half the smallest subnormal.
  Value shift = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, target, exponent),
      c(23 - f8.mantissaBits));
  shift = arith::MinSIOp::create(b, loc, shift, c(25));
  Value kept = arith::ShRUIOp::create(b, loc, significand, shift);
  Value one = c(1);
  Value half = arith::ShLIOp::create(
      b, loc, one, arith::SubIOp::create(b, loc, shift, one));
  Value dropped = arith::AndIOp::create(
      b, loc, significand,
      arith::SubIOp::create(b, loc, arith::ShLIOp::create(b, loc, one, shift),
                            one));
  Value odd = arith::TruncIOp::create(b, loc, b.getI1Type(), kept);
  Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                      dropped, half);
  Value tie = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dropped,
                                    half);
  Value roundUp = arith::OrIOp::create(
      b, loc, above, arith::AndIOp::create(b, loc, tie, odd));
  kept = arith::AddIOp::create(
      b, loc, kept, arith::ExtUIOp::create(b, loc, b.getI32Type(), roundUp));
  Value exponentField = arith::ShLIOp::create(
      b, loc, arith::AddIOp::create(b, loc, target, c(f8.bias - 1)),
      c(f8.mantissaBits));
  // Past the largest finite value (infinities included) it saturates.
  Value code = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, exponentField, kept),
      c(f8.largestFinite));
  Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                      magnitude, c(0x7F800000));
  Value withSign = arith::OrIOp::create(b, loc, code, sign);
  return arith::SelectOp::create(b, loc, isNaN, c(0x7F), withSign);
}

/// The f16 value of the f8 code in the low byte of the i32 `code`: every f8
/// value (NaN and infinity too) is an f16, so the conversion is exact.
Value float8ToHalf(OpBuilder &b, Location loc, Value code, Float8Format f8) {
  return arith::TruncFOp::create(b, loc, b.getF16Type(),
                                 tilechain::float8ToFloat(b, loc, code, f8));
}

/// The packed conversion `call` (an f8 intrinsic) as host code.
Value buildFloat8Conversion(OpBuilder &b, Location loc,
                            LLVM::CallIntrinsicOp call, Float8Format f8,
                            bool toFloat8) {
  auto c = [&](int64_t v) { return i32Constant(b, loc, v); };
  if (toFloat8) {
    // The first operand fills the high byte of the i16 pair.
    Value high = floatToFloat8(b, loc, call.getOperand(0), f8);
    Value low = floatToFloat8(b, loc, call.getOperand(1), f8);
    Value pair = arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, high, c(8)), low);
    return arith::TruncIOp::create(b, loc, b.getI16Type(), pair);
  }
  // The low byte gives element 0 of the f16x2 result.
  Value pair = arith::ExtUIOp::create(b, loc, b.getI32Type(), call.getOperand(0));
  Value low = float8ToHalf(b, loc, pair, f8);
  Value high = float8ToHalf(b, loc, arith::ShRUIOp::create(b, loc, pair, c(8)),
                            f8);
  Type halves = call.getResult(0).getType();
  Value vector = LLVM::UndefOp::create(b, loc, halves);
  vector = LLVM::InsertElementOp::create(b, loc, vector, low, c(0));
  return LLVM::InsertElementOp::create(b, loc, vector, high, c(1));
}

} // namespace

Value tilechain::float8ToFloat(OpBuilder &b, Location loc, Value code,
                               Float8Format f8) {
  auto c = [&](int64_t v) { return i32Constant(b, loc, v); };
  unsigned m = f8.mantissaBits;
  Value magnitude = arith::AndIOp::create(b, loc, code, c(0x7F));
  Value exponentField = arith::ShRUIOp::create(b, loc, magnitude, c(m));
  Value mantissa = arith::AndIOp::create(b, loc, magnitude, c((1 << m) - 1));
  Value isSubnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            exponentField, c(0));
  Value significand = arith::SelectOp::create(
      b, loc, isSubnormal, mantissa,
      arith::OrIOp::create(b, loc, mantissa, c(1 << m)));
  Value exponent = arith::SelectOp::create(b, loc, isSubnormal, c(1),
                                           exponentField);
  // 2^(exponent - bias - m) as f32 bits.
  Value scaleBits = arith::ShLIOp::create(
      b, loc, arith::AddIOp::create(b, loc, exponent, c(127 - f8.bias - int(m))),
      c(23));
  Value value = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, b.getF32Type(), significand),
      arith::BitcastOp::create(b, loc, b.getF32Type(), scaleBits));
  Value negative = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, code, c(0x80)), c(0));
  value = arith::SelectOp::create(b, loc, negative,
                                  arith::NegFOp::create(b, loc, value), value);
  // e4m3 has NaN at 0x7F only; e5m2 infinities at 0x7C and NaNs above.
  Type f32 = b.getF32Type();
  auto f32Constant = [&](double v) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, v));
  };
  Value nan = f32Constant(std::nan(""));
  if (f8.largestFinite == kE4M3.largestFinite) {
    Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        magnitude, c(0x7F));
    return arith::SelectOp::create(b, loc, isNaN, nan, value);
  }
  Value isInf = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      magnitude, c(0x7C));
  Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                      magnitude, c(0x7C));
  Value inf = arith::SelectOp::create(
      b, loc, negative, f32Constant(-INFINITY), f32Constant(INFINITY));
  return arith::SelectOp::create(
      b, loc, isNaN, nan, arith::SelectOp::create(b, loc, isInf, inf, value));
}

void tilechain::emulateNVVMOnHost(Operation *root) {
  SmallVector<LLVM::CallIntrinsicOp> float8Calls;
  root->walk([&](LLVM::CallIntrinsicOp call) {
    if (classifyFloat8(call.getIntrin()) && call->getNumResults() == 1)
      float8Calls.push_back(call);
  });
  for (LLVM::CallIntrinsicOp call : float8Calls) {
    auto [format, toFloat8] = *classifyFloat8(call.getIntrin());
    OpBuilder b(call);
    Value value =
        buildFloat8Conversion(b, call.getLoc(), call, format, toFloat8);
    call.getResult(0).replaceAllUsesWith(value);
    call.erase();
  }

  SmallVector<std::pair<Operation *, HostOp>> replaced;
  root->walk([&](Operation *op) {
    HostOp hostOp = HostOp::None;
    if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
      hostOp = classifyIntrinsic(call.getIntrin());
    else if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
      hostOp = classifyAsm(inlineAsm.getAsmString());
    if (hostOp != HostOp::None && op->getNumResults() == 1)
      replaced.push_back({op, hostOp});
  });
  for (auto [op, hostOp] : replaced) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    // PTX asm carries 16-bit floats as i16; none of the replaced forms does,
    // so operands and result keep their types.
    Value value = buildHostOp(b, loc, hostOp, op->getOperands());
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  }
}
