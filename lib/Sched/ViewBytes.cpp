//===- ViewBytes.cpp - the bytes a chain of memref.views covers -----------===//
#include "ViewBytes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

tilechain::ViewBytes tilechain::viewBytes(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  bool exact = type.hasStaticShape() && type.getElementType().isIntOrFloat();
  int64_t shift = 0;
  while (auto view = memref.getDefiningOp<memref::ViewOp>()) {
    std::optional<int64_t> by = getConstantIntValue(view.getByteShift());
    exact = exact && by;
    shift += by.value_or(0);
    memref = view.getSource();
  }
  if (!exact)
    return {memref, std::nullopt};
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  return {memref, std::pair{shift, shift + bytes}};
}
