//===- SharedOperands.cpp - operands the tensor cores read themselves -----===//
#include "SharedOperands.h"
#include "MmaSync.h"
#include "TensorMapCopy.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

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
      tileShape(op->getOperand(index).getType()).size();
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
