//===- HostAsyncCopy.cpp - cp.async on the host ---------------------------===//
//
// A thread's tile_dist.async_copy may complete at any time before the
// cp.async.wait.group that waits for its group. The host completes it at
// once: the copy becomes the thread's own element loads and stores (zero
// past `sourceBytes`), and the group ops have nothing left to do. Writing
// early is the schedule most likely to expose a missing barrier, so the
// host harness checks the staging's barriers at their tightest.
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

Value tilechain::host::loadOrZero(OpBuilder &b, Location loc, Value inside,
                                 Value base, Type element,
                                 LLVM::GEPArg index) {
  auto value = scf::IfOp::create(
      b, loc, inside,
      [&](OpBuilder &then, Location) {
        Value address = LLVM::GEPOp::create(then, loc, base.getType(), element,
                                            base, ArrayRef<LLVM::GEPArg>{index});
        scf::YieldOp::create(
            then, loc, Value(LLVM::LoadOp::create(then, loc, element, address)));
      },
      [&](OpBuilder &otherwise, Location) {
        scf::YieldOp::create(otherwise, loc,
                             Value(arith::ConstantOp::create(
                                 otherwise, loc, element,
                                 otherwise.getZeroAttr(element))));
      });
  return value.getResult(0);
}

void tilechain::host::expandAsyncCopies(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> groupOps;
  kernel.walk([&](Operation *op) {
    if (isa<NVVM::CpAsyncCommitGroupOp, NVVM::CpAsyncWaitGroupOp>(op))
      groupOps.push_back(op);
  });
  for (Operation *op : groupOps)
    op->erase();
  SmallVector<tile_dist::AsyncCopyOp> copies;
  kernel.walk([&](tile_dist::AsyncCopyOp op) { copies.push_back(op); });
  for (tile_dist::AsyncCopyOp op : copies) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto destination = cast<MemRefType>(op.getDestination().getType());
    Type element = destination.getElementType();
    int64_t bytes = destination.getElementTypeBitWidth() / 8;
    for (int64_t i = 0; i < 16 / bytes; ++i) {
      Value read = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::slt,
          arith::ConstantIntOp::create(b, loc, i * bytes, 32),
          op.getSourceBytes());
      Value value = host::loadOrZero(b, loc, read, op.getSource(), element,
                                     int32_t(i));
      memref::StoreOp::create(
          b, loc, value, op.getDestination(),
          ValueRange{arith::AddIOp::create(
              b, loc, op.getIndex(), arith::ConstantIndexOp::create(b, loc, i))});
    }
    op.erase();
  }
}
