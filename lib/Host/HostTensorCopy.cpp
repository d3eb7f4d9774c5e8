//===- HostTensorCopy.cpp - TMA copies on the host ------------------------===//
//
// The thread that issues a tile_dist.tensor_copy copies the box itself,
// element by element from the tensor its operands describe (the tensor map,
// which the host does not build, goes unread): zero outside the tensor, and
// each element to its swizzled byte in shared memory. The copy may complete
// at any time before its mbarrier's phase is seen complete, and the host
// makes both ends happen (TILECHAIN_HOST_SEED picks per copy, as for
// cp.async, HostAsyncCopy.cpp):
//   early  at issue: the box is written and its bytes completed on its
//          mbarrier (an nvvm.mbarrier.complete_tx that HostMbarrier runs);
//   late   as late as the block allows: the box is read at issue into a
//          staging buffer, the image of its bytes in shared memory, and
//          queued (HostAsyncLandings.cpp); K__host lands the queue (the
//          bytes copied, then completed on their mbarriers) only when a
//          sweep of its threads makes no progress, that is, when every
//          thread waits. A read of the stage that no wait orders after the
//          copy reads the stage's old bytes, even where a barrier follows
//          the deleted wait.
// TMA stores: HostTensorStore.cpp.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostTensorBox.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using host::constantI64;
using host::forEachBoxElement;
using host::swizzledSlot;
using host::toI64;
using host::wordAt;

void tilechain::host::forEachBoxElement(
    OpBuilder &b, Location loc, ArrayRef<int64_t> box, ValueRange coordinates,
    ValueRange sizes, ValueRange strides,
    function_ref<void(OpBuilder &, Value linear, Value inside, Value offset)>
        body) {
  int64_t count = 1;
  for (int64_t extent : box)
    count *= extent;
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  scf::ForOp::create(
      b, loc, constant(b, 0), constant(b, count), constant(b, 1), ValueRange(),
      [&](OpBuilder &at, Location, Value linear, ValueRange) {
        Value inside = arith::ConstantIntOp::create(at, loc, 1, 1);
        Value offset = constant(at, 0);
        Value rest = linear;
        for (auto [d, extent] : llvm::enumerate(box)) {
          Value within = arith::RemUIOp::create(at, loc, rest,
                                                constant(at, extent));
          rest = arith::DivUIOp::create(at, loc, rest, constant(at, extent));
          Value origin = arith::IndexCastOp::create(
              at, loc, at.getIndexType(), coordinates[d]);
          Value coordinate = arith::AddIOp::create(at, loc, origin, within);
          Value nonNegative = arith::CmpIOp::create(
              at, loc, arith::CmpIPredicate::sge, coordinate, constant(at, 0));
          Value below = arith::CmpIOp::create(at, loc, arith::CmpIPredicate::slt,
                                              coordinate, sizes[d]);
          inside = arith::AndIOp::create(
              at, loc, inside,
              arith::AndIOp::create(at, loc, nonNegative, below));
          Value step = d == 0 ? coordinate
                              : arith::MulIOp::create(at, loc, coordinate,
                                                      strides[d - 1]);
          offset = arith::AddIOp::create(at, loc, offset, step);
        }
        body(at, linear, inside, offset);
        scf::YieldOp::create(at, loc);
      });
}

Value tilechain::host::toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

Value tilechain::host::constantI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}

Value tilechain::host::wordAt(OpBuilder &b, Location loc, Value base,
                              Value index) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI64Type(), base,
                             ArrayRef<LLVM::GEPArg>{index});
}

Value tilechain::host::swizzledSlot(OpBuilder &b, Location loc, Value index,
                                    Value linear, int64_t bytes,
                                    int64_t swizzle) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value byte = arith::MulIOp::create(
      b, loc, arith::AddIOp::create(b, loc, index, linear), constant(bytes));
  if (swizzle) {
    Value row = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, byte, constant(7)),
        constant(swizzle / 16 - 1));
    byte = arith::XOrIOp::create(
        b, loc, byte, arith::ShLIOp::create(b, loc, row, constant(4)));
  }
  return arith::DivUIOp::create(b, loc, byte, constant(bytes));
}

namespace {

/// Calls `body` with each element of the box of copy `op`, read from the
/// tensor (zero outside it), and its position in the box.
void forEachBoxValue(
    OpBuilder &b, tile_dist::TensorCopyOp op,
    function_ref<void(OpBuilder &, Value linear, Value value)> body) {
  Location loc = op.getLoc();
  Type element =
      cast<MemRefType>(op.getDestination().getType()).getElementType();
  forEachBoxElement(
      b, loc, op.getBox(), op.getCoordinates(), op.getSizes(), op.getStrides(),
      [&](OpBuilder &at, Value linear, Value inside, Value offset) {
        body(at, linear,
             host::loadOrZero(at, loc, inside, op.getBase(), element,
                              toI64(at, loc, offset)));
      });
}

void expandTensorCopy(tile_dist::TensorCopyOp op, Value seed, Value tid,
                      Value issuedAt, StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto destination = cast<MemRefType>(op.getDestination().getType());
  Type element = destination.getElementType();
  int64_t bytes = destination.getElementTypeBitWidth() / 8;
  int64_t count = op.getBoxBytes() / bytes;
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value issued = LLVM::LoadOp::create(b, loc, b.getI32Type(), issuedAt);
  LLVM::StoreOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, issued,
                            arith::ConstantIntOp::create(b, loc, 1, 32)),
      issuedAt);
  Value mbarrier =
      host::mbarrierAddress(b, loc, op.getBarriers(), op.getBarrier());
  scf::IfOp::create(
      b, loc, host::landsEarly(b, loc, seed, tid, issued),
      [&](OpBuilder &then, Location) {
        forEachBoxValue(
            then, op, [&](OpBuilder &at, Value linear, Value value) {
              memref::StoreOp::create(
                  at, loc, value, op.getDestination(),
                  ValueRange{swizzledSlot(at, loc, op.getIndex(), linear,
                                          bytes, op.getSwizzle())});
            });
        NVVM::MBarrierCompleteTxOp::create(
            then, loc, mbarrier,
            arith::ConstantIntOp::create(then, loc, op.getBoxBytes(), 32));
        scf::YieldOp::create(then, loc);
      },
      [&](OpBuilder &otherwise, Location) {
        Value staging =
            LLVM::CallOp::create(
                otherwise, loc, TypeRange{ptrType}, "calloc",
                ValueRange{constantI64(otherwise, loc, op.getBoxBytes()),
                           constantI64(otherwise, loc, 1)})
                .getResult();
        forEachBoxValue(
            otherwise, op, [&](OpBuilder &at, Value linear, Value value) {
              // The slot relative to the box's first element: the box is
              // a whole swizzle pattern, so its slots stay within it.
              Value slot = arith::SubIOp::create(
                  at, loc,
                  swizzledSlot(at, loc, op.getIndex(), linear, bytes,
                               op.getSwizzle()),
                  op.getIndex());
              host::abortIf(
                  at, op,
                  arith::CmpIOp::create(
                      at, loc, arith::CmpIPredicate::uge, slot,
                      arith::ConstantIndexOp::create(at, loc, count)),
                  kernel,
                  "swizzles an element of its box out of the box's bytes "
                  "(the host's late copies need whole swizzle patterns)");
              LLVM::StoreOp::create(
                  at, loc, value,
                  LLVM::GEPOp::create(at, loc, ptrType, element, staging,
                                      ArrayRef<LLVM::GEPArg>{toI64(at, loc, slot)}));
            });
        host::queueLanding(
            otherwise, op, kernel, host::LateLanding::TensorCopy,
            host::elementAddress(otherwise, loc, op.getDestination(),
                                 op.getIndex(), bytes),
            staging, constantI64(otherwise, loc, op.getBoxBytes()), mbarrier);
        scf::YieldOp::create(otherwise, loc);
      });
  op.erase();
}

} // namespace

void tilechain::host::expandTensorCopies(gpu::GPUFuncOp kernel) {
  SmallVector<tile_dist::TensorCopyOp> copies;
  kernel.walk([&](tile_dist::TensorCopyOp copy) { copies.push_back(copy); });
  if (!copies.empty()) {
    auto module = kernel->getParentOfType<ModuleOp>();
    host::declareLandings(module);
    Location loc = kernel.getLoc();
    OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Value issuedAt = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(kernel.getContext()),
        b.getI32Type(), arith::ConstantIntOp::create(b, loc, 1, 32), 4);
    LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 32),
                          issuedAt);
    Value seed = host::readHostSeed(b, loc, module);
    Value tid = arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(),
        gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
    for (tile_dist::TensorCopyOp copy : copies)
      expandTensorCopy(copy, seed, tid, issuedAt, kernel.getName());
  }
}
