//===- SharedOperands.cpp - operands the tensor cores read themselves -----===//
#include "SharedOperands.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

tile_dist::SharedMatrixAttr mma::sharedMatrix(MLIRContext *context,
                                              const OperandForm &form,
                                              int64_t kc) {
  bool mnMajor = form.order == ChunkOrder::MNContiguous;
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
