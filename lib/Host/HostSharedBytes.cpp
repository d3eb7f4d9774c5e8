//===- HostSharedBytes.cpp - the bytes a shared-memory access touches -----===//
#include "HostSharedBytes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

int64_t tilechain::host::elementBytes(Type element) {
  return (element.getIntOrFloatBitWidth() + 7) / 8;
}

Value tilechain::host::firstByte(OpBuilder &b, Location loc, Value memref,
                                 ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.getLayout().isIdentity() || !type.hasStaticShape())
    return {};
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value linear = index(0);
  for (auto [dim, at] : llvm::enumerate(indices))
    linear = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, linear, index(type.getDimSize(dim))),
        at);
  return arith::MulIOp::create(b, loc, linear,
                               index(elementBytes(type.getElementType())));
}
