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
// Directed rounding (.rz/.rm/.rp) and packed f8 conversions have no host
// counterpart here and stay, so that checkHostable refuses them by name.
//
//===----------------------------------------------------------------------===//
#include "HostIntrinsics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

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

} // namespace

void tilechain::emulateNVVMOnHost(Operation *root) {
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
