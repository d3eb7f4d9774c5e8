//===- MathLowering.cpp - exp, log, sin, sqrt, pow, ... -> math dialect ----===//
//
// Accurate forms become math dialect ops, which tile-llc turns into libdevice
// calls (__nv_expf, ...) or LLVM intrinsics. The approximate and flush-to-zero
// forms (f32 only) name the PTX approximation instruction directly.
//
//===----------------------------------------------------------------------===//
#include "ElementwiseLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace tilechain;
using cuda_tile::RoundingMode;

using ScalarFn = std::function<Value(OpBuilder &, Location, ValueRange)>;

template <typename Op>
static void addElementwise(LoweringTable &table,
                           std::function<ScalarFn(Op)> makeScalar) {
  table.add<Op>([makeScalar](TileLowering &l, Op op) {
    return l.lowerElementwise(op, makeScalar(op));
  });
}

/// `Op` lowers to the math op `MathOp` applied to its operands.
template <typename Op, typename MathOp>
static void addMath(LoweringTable &table) {
  addElementwise<Op>(table, [](Op) -> ScalarFn {
    return [](OpBuilder &b, Location loc, ValueRange v) -> Value {
      return MathOp::create(b, loc, v).getResult();
    };
  });
}

static Value approxExp(OpBuilder &b, Location loc, Value x) {
  // e^x = 2^(x * log2(e)), the fast path CUDA's __expf takes.
  Value log2e = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(M_LOG2E));
  Value scaled = arith::MulFOp::create(b, loc, x, log2e);
  return callIntrinsic(b, loc, "llvm.nvvm.ex2.approx.f32", b.getF32Type(),
                       scaled);
}

static ScalarFn sqrtScalar(cuda_tile::SqrtOp op) {
  RoundingMode mode = op.getRoundingMode();
  bool ftz = op.getFlushToZero();
  return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
    Value x = v[0];
    Type type = x.getType();
    if (mode == RoundingMode::NEAREST_EVEN && !ftz)
      return math::SqrtOp::create(b, loc, x);
    if (mode == RoundingMode::APPROX)
      return callIntrinsic(b, loc,
                           ftz ? "llvm.nvvm.sqrt.approx.ftz.f"
                               : "llvm.nvvm.sqrt.approx.f",
                           type, x);
    std::string name = ("llvm.nvvm.sqrt." + ptxRounding(mode) +
                        (ftz ? ".ftz" : "") + (type.isF64() ? ".d" : ".f"))
                           .str();
    if (type.isF32() || type.isF64())
      return callIntrinsic(b, loc, name, type, x);
    // A 16-bit float is exact in f32; the directed f32 root rounded again in
    // the same direction is the directed 16-bit root.
    Value root = callIntrinsic(b, loc, name, b.getF32Type(),
                               widenToF32(b, loc, x));
    return truncateF32(b, loc, root, type, mode);
  };
}

void tilechain::addMathLowerings(LoweringTable &table) {
  using namespace cuda_tile;
  addMath<CeilOp, math::CeilOp>(table);
  addMath<FloorOp, math::FloorOp>(table);
  addMath<CosOp, math::CosOp>(table);
  addMath<CosHOp, math::CoshOp>(table);
  addMath<SinOp, math::SinOp>(table);
  addMath<SinHOp, math::SinhOp>(table);
  addMath<TanOp, math::TanOp>(table);
  addMath<LogOp, math::LogOp>(table);
  addMath<Log2Op, math::Log2Op>(table);
  addMath<PowOp, math::PowFOp>(table);
  // atan2(x, y) is the angle of (y, x): atan(x / y) by quadrant, which is
  // math.atan2's operand order.
  addMath<Atan2Op, math::Atan2Op>(table);

  addElementwise<ExpOp>(table, [](ExpOp op) -> ScalarFn {
    bool approx = op.getRoundingMode() == RoundingMode::APPROX;
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (approx) // f32 only
        return approxExp(b, loc, v[0]);
      return math::ExpOp::create(b, loc, v[0]);
    };
  });
  addElementwise<TanHOp>(table, [](TanHOp op) -> ScalarFn {
    bool approx = op.getRoundingMode() == RoundingMode::APPROX;
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (approx) // f32 only; NVVM has no intrinsic for it
        return ptxInstruction(b, loc, "tanh.approx.f32", b.getF32Type(), v[0]);
      return math::TanhOp::create(b, loc, v[0]);
    };
  });
  addElementwise<Exp2Op>(table, [](Exp2Op op) -> ScalarFn {
    bool ftz = op.getFlushToZero();
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (ftz) // f32 only
        return callIntrinsic(b, loc, "llvm.nvvm.ex2.approx.ftz.f32",
                             b.getF32Type(), v[0]);
      return math::Exp2Op::create(b, loc, v[0]);
    };
  });
  addElementwise<RsqrtOp>(table, [](RsqrtOp op) -> ScalarFn {
    bool ftz = op.getFlushToZero();
    return [=](OpBuilder &b, Location loc, ValueRange v) -> Value {
      if (ftz) // f32 only
        return callIntrinsic(b, loc, "llvm.nvvm.rsqrt.approx.ftz.f",
                             b.getF32Type(), v[0]);
      return math::RsqrtOp::create(b, loc, v[0]);
    };
  });
  addElementwise<SqrtOp>(table, sqrtScalar);
  addElementwise<FPowIOp>(table, [](FPowIOp) -> ScalarFn {
    return [](OpBuilder &b, Location loc, ValueRange v) -> Value {
      // libdevice's powi takes an i32 exponent; narrower ones are signed.
      Value exponent = v[1];
      if (exponent.getType().getIntOrFloatBitWidth() < 32)
        exponent = arith::ExtSIOp::create(b, loc, b.getI32Type(), exponent);
      return math::FPowIOp::create(b, loc, v[0], exponent);
    };
  });
}
