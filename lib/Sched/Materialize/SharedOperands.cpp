//===- SharedOperands.cpp - operands the tensor cores read themselves -----===//
#include "SharedOperands.h"
#include "MmaSync.h"
#include "TensorMapCopy.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

static std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

FailureOr<SharedOperandKind>
mma::classifySharedOperands(Operation *op, StringRef instruction,
                            std::string &why) {
  MLIRContext *context = op->getContext();
  Type lhs =
      cast<cuda_tile::TileType>(op->getOperand(0).getType()).getElementType();
  Type rhs =
      cast<cuda_tile::TileType>(op->getOperand(1).getType()).getElementType();
  Type acc = TileLowering::tileElementType(op->getOperand(2).getType());
  if (auto mmai = dyn_cast<cuda_tile::MmaIOp>(op)) {
    if (!lhs.isInteger(8) || !acc.isInteger(32)) {
      why = instruction.str() + " multiplies i8 into i32, not " + str(lhs) +
            " into " + str(acc);
      return failure();
    }
    auto withSign = [&](cuda_tile::Signedness signedness) -> Type {
      return IntegerType::get(context, 8,
                              signedness == cuda_tile::Signedness::Signed
                                  ? IntegerType::Signed
                                  : IntegerType::Unsigned);
    };
    return SharedOperandKind{withSign(mmai.getSignednessLhs()),
                             withSign(mmai.getSignednessRhs()), 1,
                             IntegerType::get(context, 32)};
  }
  if (!acc.isF32() && !acc.isF16()) {
    why = instruction.str() + " accumulates in f32 (or f16, widened), not " +
          str(acc);
    return failure();
  }
  Type f32 = Float32Type::get(context);
  if ((lhs.isF16() || lhs.isBF16()) && lhs == rhs)
    return SharedOperandKind{lhs, rhs, 2, f32};
  // tf32 travels as f32 (checkMmaF); the tensor core reads its top 19 bits.
  if (isa<FloatTF32Type>(lhs) && lhs == rhs)
    return SharedOperandKind{lhs, rhs, 4, f32};
  if (isa<Float8E4M3FNType, Float8E5M2Type>(lhs) &&
      isa<Float8E4M3FNType, Float8E5M2Type>(rhs))
    return SharedOperandKind{lhs, rhs, 1, f32};
  why = instruction.str() + " does not multiply " + str(lhs) + " by " +
        str(rhs);
  return failure();
}

FailureOr<SwizzledStaging>
mma::planSwizzledStaging(int64_t m, int64_t n, int64_t k, int64_t e,
                         std::string &why) {
  int64_t stagingBytes = kSwizzledStagingBytes;
  int64_t swizzle = std::clamp<int64_t>(k * e / 2, 32, 128);
  auto bytes = [&](int64_t swizzle) {
    return (m + n) * swizzle * (k * e > swizzle ? 2 : 1);
  };
  while (swizzle > 32 && bytes(swizzle) > 2 * stagingBytes)
    swizzle /= 2;
  if (bytes(swizzle) > 2 * stagingBytes) {
    why = "its operands need more than " + std::to_string(stagingBytes) +
          " bytes of shared memory per 32 bytes of k";
    return failure();
  }
  int64_t kc = swizzle / e;
  return SwizzledStaging{swizzle, kc, k / kc};
}

tile_dist::SharedMatrixAttr mma::sharedMatrix(MLIRContext *context,
                                              const OperandForm &form,
                                              int64_t kc) {
  bool mnMajor = form.order == ChunkOrder::KMajor;
  int64_t swizzle = form.swizzle;
  // k-contiguous: 8-row groups 8 S apart (the leading offset is unused); k
  // major: atoms of S bytes of m or n by kc rows of k, kc S bytes apart.
  return tile_dist::SharedMatrixAttr::get(context, mnMajor, swizzle,
                                          mnMajor ? kc * swizzle : 16,
                                          8 * swizzle);
}

int64_t mma::operandStart(const OperandForm &form, int64_t kc, int64_t e,
                          int64_t x, int64_t k) {
  if (form.order == ChunkOrder::KContiguous)
    return x * form.swizzle + k * e;
  return x / (form.swizzle / e) * kc * form.swizzle + k * form.swizzle;
}

Value mma::blockStart(OpBuilder &b, Location loc, const OperandForm &form,
                      int64_t kc, int64_t e, Value x0) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  if (form.order == ChunkOrder::KContiguous)
    return arith::MulIOp::create(b, loc, x0, constant(form.swizzle));
  return arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, x0, constant(form.swizzle / e)),
      constant(kc * form.swizzle));
}

std::optional<ChunkOrder>
mma::swizzledOperandOrder(TileLowering &l, Operation *op, unsigned index,
                          int64_t swizzle, int64_t e, int64_t instructionX) {
  std::optional<unsigned> dim = copyableOperandDim(l, op, index);
  if (!dim)
    return std::nullopt;
  unsigned rank =
      TileLowering::tileShape(op->getOperand(index).getType()).size();
  unsigned kDim = index == 0 ? rank - 1 : rank - 2;
  unsigned xDim = index == 0 ? rank - 2 : rank - 1;
  if (*dim == kDim)
    return ChunkOrder::KContiguous;
  // Only 16-bit operands may be k major, and an instruction's rows or
  // columns must be whole atoms.
  if (*dim == xDim && e == 2 && instructionX % (swizzle / e) == 0)
    return ChunkOrder::KMajor;
  return std::nullopt;
}

std::array<OperandForm, 2>
mma::swizzledOperandForms(TileLowering &l, Operation *op, int64_t swizzle,
                          int64_t e, int64_t instructionM,
                          int64_t instructionN) {
  std::array<OperandForm, 2> forms;
  for (unsigned index : {0u, 1u}) {
    std::optional<ChunkOrder> copied = swizzledOperandOrder(
        l, op, index, swizzle, e, index == 0 ? instructionM : instructionN);
    OperandForm &form = forms[index];
    form.order = copied.value_or(ChunkOrder::KContiguous);
    form.swizzle = swizzle;
    if (!copied)
      continue;
    // k-major atoms are as wide as the instructions allow, whatever the
    // chunk's k: 128-byte atoms of m or n take half the TMA boxes of 64-byte
    // ones.
    if (*copied == ChunkOrder::KMajor &&
        (index == 0 ? instructionM : instructionN) % (kMaxSwizzle / e) == 0)
      form.swizzle = kMaxSwizzle;
    form.copiedFrom =
        operandLoad(op->getOperand(index), &form.leadingUnitDims);
    std::optional<std::string> whyNot = whyNotTensorMapCopy(l, form);
    form.byTensorMap = !whyNot;
    form.whyNotTensorMap = whyNot.value_or("");
  }
  return forms;
}
