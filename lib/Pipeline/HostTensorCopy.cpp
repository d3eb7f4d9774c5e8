//===- HostTensorCopy.cpp - TMA copies on the host ------------------------===//
//
// The thread that issues a tile_dist.tensor_copy copies the box itself, at
// once, element by element from the tensor its operands describe (the
// tensor map, which the host does not build, goes unread): zero outside the
// tensor, and each element to its swizzled byte in shared memory. Then it
// completes the box's bytes on the copy's mbarrier, an
// nvvm.mbarrier.complete_tx that HostMbarrier runs, so the readers' waits
// check the bytes announced against those written. A tile_dist.tensor_store
// is the same loop the other way, writing only the elements inside the
// tensor, and complete at once: the bulk group's commit and wait go.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// Calls `body` for each element of a box of extents `box` at tensor
/// coordinates `coordinates` of a tensor of extents `sizes` and element
/// strides `strides` (dims after the first), dim 0 fastest, with the
/// element's position in the box, whether it is inside the tensor, and its
/// element offset from the tensor's base.
void forEachBoxElement(
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

Value toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

/// The element of a shared buffer that box element `linear` (after element
/// `index`) is at: its byte, swizzled as the hardware does (`swizzle`
/// bytes; 0: none), over the elements' `bytes`.
Value swizzledSlot(OpBuilder &b, Location loc, Value index, Value linear,
                   int64_t bytes, int64_t swizzle) {
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

void expandTensorCopy(tile_dist::TensorCopyOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto destination = cast<MemRefType>(op.getDestination().getType());
  Type element = destination.getElementType();
  int64_t bytes = destination.getElementTypeBitWidth() / 8;
  forEachBoxElement(
      b, loc, op.getBox(), op.getCoordinates(), op.getSizes(), op.getStrides(),
      [&](OpBuilder &at, Value linear, Value inside, Value offset) {
        Value value = host::loadOrZero(at, loc, inside, op.getBase(), element,
                                       toI64(at, loc, offset));
        memref::StoreOp::create(
            at, loc, value, op.getDestination(),
            ValueRange{swizzledSlot(at, loc, op.getIndex(), linear, bytes,
                                    op.getSwizzle())});
      });
  NVVM::MBarrierCompleteTxOp::create(
      b, loc, host::mbarrierAddress(b, loc, op.getBarriers(), op.getBarrier()),
      arith::ConstantIntOp::create(b, loc, op.getBoxBytes(), 32));
  op.erase();
}

/// The store as the issuing thread's loop over the box: each element inside
/// the tensor written to global memory, the others skipped.
void expandTensorStore(tile_dist::TensorStoreOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto source = cast<MemRefType>(op.getSource().getType());
  Type element = source.getElementType();
  int64_t bytes = source.getElementTypeBitWidth() / 8;
  forEachBoxElement(
      b, loc, op.getBox(), op.getCoordinates(), op.getSizes(), op.getStrides(),
      [&](OpBuilder &at, Value linear, Value inside, Value offset) {
        scf::IfOp::create(at, loc, inside, [&](OpBuilder &then, Location) {
          Value value = memref::LoadOp::create(
              then, loc, op.getSource(),
              ValueRange{swizzledSlot(then, loc, op.getIndex(), linear, bytes,
                                      op.getSwizzle())});
          Value address = LLVM::GEPOp::create(
              then, loc, op.getBase().getType(), element, op.getBase(),
              ArrayRef<LLVM::GEPArg>{toI64(then, loc, offset)});
          LLVM::StoreOp::create(then, loc, value, address);
          scf::YieldOp::create(then, loc);
        });
      });
  op.erase();
}

} // namespace

void tilechain::host::expandTensorCopies(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> orderingOps;
  SmallVector<tile_dist::TensorCopyOp> copies;
  SmallVector<tile_dist::TensorStoreOp> stores;
  kernel.walk([&](Operation *op) {
    if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op))
      copies.push_back(copy);
    else if (auto store = dyn_cast<tile_dist::TensorStoreOp>(op))
      stores.push_back(store);
    else if (isa<NVVM::CpAsyncBulkCommitGroupOp,
                 NVVM::CpAsyncBulkWaitGroupOp>(op))
      orderingOps.push_back(op);
  });
  for (Operation *op : orderingOps)
    op->erase();
  for (tile_dist::TensorCopyOp copy : copies)
    expandTensorCopy(copy);
  for (tile_dist::TensorStoreOp store : stores)
    expandTensorStore(store);
}
