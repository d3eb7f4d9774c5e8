//===- HostTensorCopy.cpp - TMA copies on the host ------------------------===//
//
// The thread that issues a tile_dist.tensor_copy copies the box itself, at
// once, element by element from the tensor its operands describe (the
// tensor map, which the host does not build, goes unread): zero outside the
// tensor, and each element to its swizzled byte in shared memory. The
// mbarriers that would tell the other threads have nothing left to do; the
// barrier every reader passes after the wait orders the copy before its
// reads, as HostAsyncCopy does for cp.async.
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

void expandTensorCopy(tile_dist::TensorCopyOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto destination = cast<MemRefType>(op.getDestination().getType());
  Type element = destination.getElementType();
  int64_t bytes = destination.getElementTypeBitWidth() / 8;
  ArrayRef<int64_t> box = op.getBox();
  int64_t count = 1;
  for (int64_t extent : box)
    count *= extent;
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  int64_t swizzle = op.getSwizzle();
  scf::ForOp::create(
      b, loc, constant(b, 0), constant(b, count), constant(b, 1), ValueRange(),
      [&](OpBuilder &at, Location, Value linear, ValueRange) {
        // The element's box coordinates (dim 0 fastest), its tensor
        // coordinates, whether those are inside, and its offset.
        Value inside = arith::ConstantIntOp::create(at, loc, 1, 1);
        Value offset = constant(at, 0);
        Value rest = linear;
        for (auto [d, extent] : llvm::enumerate(box)) {
          Value within = arith::RemUIOp::create(at, loc, rest,
                                                constant(at, extent));
          rest = arith::DivUIOp::create(at, loc, rest, constant(at, extent));
          Value origin = arith::IndexCastOp::create(
              at, loc, at.getIndexType(), op.getCoordinates()[d]);
          Value coordinate = arith::AddIOp::create(at, loc, origin, within);
          Value nonNegative = arith::CmpIOp::create(
              at, loc, arith::CmpIPredicate::sge, coordinate, constant(at, 0));
          Value below = arith::CmpIOp::create(at, loc, arith::CmpIPredicate::slt,
                                              coordinate, op.getSizes()[d]);
          inside = arith::AndIOp::create(
              at, loc, inside,
              arith::AndIOp::create(at, loc, nonNegative, below));
          Value step = d == 0 ? coordinate
                              : arith::MulIOp::create(at, loc, coordinate,
                                                      op.getStrides()[d - 1]);
          offset = arith::AddIOp::create(at, loc, offset, step);
        }
        Value value = host::loadOrZero(
            at, loc, inside, op.getBase(), element,
            arith::IndexCastOp::create(at, loc, at.getI64Type(), offset)
                .getResult());
        // Its byte in the destination, swizzled as the hardware does.
        Value byte = arith::MulIOp::create(
            at, loc, arith::AddIOp::create(at, loc, op.getIndex(), linear),
            constant(at, bytes));
        if (swizzle) {
          Value row = arith::AndIOp::create(
              at, loc,
              arith::ShRUIOp::create(at, loc, byte, constant(at, 7)),
              constant(at, swizzle / 16 - 1));
          byte = arith::XOrIOp::create(
              at, loc, byte,
              arith::ShLIOp::create(at, loc, row, constant(at, 4)));
        }
        memref::StoreOp::create(
            at, loc, value, op.getDestination(),
            ValueRange{arith::DivUIOp::create(at, loc, byte,
                                              constant(at, bytes))});
        scf::YieldOp::create(at, loc);
      });
  op.erase();
}

} // namespace

void tilechain::host::expandTensorCopies(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> barrierOps;
  SmallVector<tile_dist::TensorCopyOp> copies;
  kernel.walk([&](Operation *op) {
    if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op))
      copies.push_back(copy);
    else if (isa<tile_dist::MbarrierInitOp, tile_dist::MbarrierExpectTxOp,
                 tile_dist::MbarrierWaitOp, tile_dist::MbarrierInvalOp,
                 NVVM::FenceMbarrierInitOp>(op))
      barrierOps.push_back(op);
  });
  for (Operation *op : barrierOps)
    op->erase();
  for (tile_dist::TensorCopyOp copy : copies)
    expandTensorCopy(copy);
}
