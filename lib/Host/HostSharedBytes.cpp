//===- HostSharedBytes.cpp - the bytes a shared-memory access touches -----===//
#include "HostSharedBytes.h"

#include "HostBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

Value tilechain::host::index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

int64_t tilechain::host::elementBytes(Type element) {
  return (element.getIntOrFloatBitWidth() + 7) / 8;
}

Value tilechain::host::firstByte(OpBuilder &b, Location loc, Value memref,
                                 ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.getLayout().isIdentity() || !type.hasStaticShape())
    return {};
  Value linear = index(b, loc, 0);
  for (auto [dim, at] : llvm::enumerate(indices))
    linear = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, linear,
                              index(b, loc, type.getDimSize(dim))),
        at);
  return arith::MulIOp::create(
      b, loc, linear, index(b, loc, elementBytes(type.getElementType())));
}

std::pair<Value, Value> tilechain::host::boxBytes(OpBuilder &b, Location loc,
                                                  Value buffer, Value at,
                                                  ArrayRef<int64_t> box) {
  int64_t bytes =
      elementBytes(cast<MemRefType>(buffer.getType()).getElementType());
  int64_t elements = 1;
  for (int64_t extent : box)
    elements *= extent;
  Value first = arith::MulIOp::create(b, loc, at, index(b, loc, bytes));
  return {first, arith::AddIOp::create(b, loc, first,
                                       index(b, loc, elements * bytes))};
}

static Value addAttribution(gpu::GPUFuncOp kernel, int64_t elements,
                            unsigned bits) {
  MLIRContext *context = kernel.getContext();
  return kernel.addWorkgroupAttribution(
      MemRefType::get({elements}, IntegerType::get(context, bits),
                      MemRefLayoutAttrInterface(),
                      gpu::AddressSpaceAttr::get(
                          context, gpu::AddressSpace::Workgroup)),
      kernel.getLoc());
}

Value tilechain::host::addShadow(gpu::GPUFuncOp kernel, Value root,
                                 int64_t wordsPerByte) {
  auto type = cast<MemRefType>(root.getType());
  int64_t bytes = type.getNumElements() * elementBytes(type.getElementType());
  return addAttribution(kernel, wordsPerByte * bytes, 64);
}

Value tilechain::host::addWords(gpu::GPUFuncOp kernel, int64_t words,
                                unsigned bits) {
  return addAttribution(kernel, words, bits);
}

Value tilechain::host::addThreadCounts(gpu::GPUFuncOp kernel) {
  return addAttribution(kernel, kMaxThreads, 32);
}

Value tilechain::host::threadCount(OpBuilder &b, Location loc, Value counts,
                                   Value tid) {
  return memref::LoadOp::create(b, loc, counts, ValueRange{tid});
}

void tilechain::host::raiseThreadCount(OpBuilder &b, Location loc,
                                       Value counts) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value count = threadCount(b, loc, counts, tid);
  Value raised = arith::AddIOp::create(
      b, loc, count, arith::ConstantIntOp::create(b, loc, 1, 32));
  memref::StoreOp::create(b, loc, raised, counts, ValueRange{tid});
}
