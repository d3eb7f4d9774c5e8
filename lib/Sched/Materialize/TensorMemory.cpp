//===- TensorMemory.cpp - an mma's accumulator in tensor memory -----------===//
//
// The columns and commit mbarriers of an accumulator in tensor memory
// (TensorMemory.h).
//
//===----------------------------------------------------------------------===//
#include "TensorMemory.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

Value mma::indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value mma::i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

Value mma::barriersOf(OpBuilder &b, Value control) {
  return sharedView(b, control, b.getI64Type(), 2, 0);
}

static Value addressSlotOf(OpBuilder &b, Value control) {
  return sharedView(b, control, b.getI32Type(), 1, 16);
}

Value mma::commitBarrier(OpBuilder &b, Location loc, Value n) {
  return arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      arith::AndIOp::create(b, loc, n, i32Constant(b, loc, 1)));
}

void mma::waitForCommit(OpBuilder &b, Location loc, Value control, Value n) {
  Value one = i32Constant(b, loc, 1);
  Value parity = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, n, one), one);
  tile_dist::MbarrierWaitOp::create(b, loc, barriersOf(b, control),
                                    commitBarrier(b, loc, n), parity);
}

void mma::waitForCommitBefore(OpBuilder &b, Location loc, Value control,
                              Value n) {
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, n,
                                    i32Constant(b, loc, 0));
  scf::IfOp::create(b, loc, any, [&](OpBuilder &then, Location) {
    waitForCommit(
        then, loc, control,
        arith::SubIOp::create(then, loc, n, i32Constant(then, loc, 1)));
    scf::YieldOp::create(then, loc);
  });
}

static Value isWarp0(TileLowering &l, OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               l.getWarpId(), indexConstant(b, loc, 0));
}

FailureOr<TensorMemory> mma::allocateTensorMemory(TileLowering &l,
                                                  Operation *op,
                                                  int64_t columns) {
  l.releaseDeferredTensorMemory();
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  FailureOr<Value> control = l.allocShared(op, 24);
  if (failed(control))
    return failure();
  l.barrierBeforeSharedWrites(b, loc);
  scf::IfOp::create(b, loc, isWarp0(l, b, loc), [&](OpBuilder &then, Location) {
    tile_dist::TmemAllocOp::create(
        then, loc, addressSlotOf(then, *control),
        indexConstant(then, loc, 0), then.getI64IntegerAttr(columns));
    scf::YieldOp::create(then, loc);
  });
  scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                    [&](OpBuilder &then, Location) {
                      for (int64_t barrier = 0; barrier < 2; ++barrier)
                        tile_dist::MbarrierInitOp::create(
                            then, loc, barriersOf(then, *control),
                            indexConstant(then, loc, barrier),
                            i32Constant(then, loc, 1));
                      NVVM::FenceMbarrierInitOp::create(then, loc);
                      scf::YieldOp::create(then, loc);
                    });
  NVVM::Tcgen05FenceOp::create(b, loc,
                               NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  gpu::BarrierOp::create(b, loc);
  NVVM::Tcgen05FenceOp::create(b, loc,
                               NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  Value address =
      memref::LoadOp::create(b, loc, addressSlotOf(b, *control),
                             ValueRange{indexConstant(b, loc, 0)});
  return TensorMemory{*control, address, columns};
}

void mma::releaseTensorMemory(TileLowering &l, Location loc,
                              const TensorMemory &memory) {
  OpBuilder &b = l.b();
  NVVM::Tcgen05FenceOp::create(b, loc,
                               NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  gpu::BarrierOp::create(b, loc);
  scf::IfOp::create(b, loc, isWarp0(l, b, loc), [&](OpBuilder &then, Location) {
    NVVM::Tcgen05FenceOp::create(then, loc,
                                 NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    tile_dist::TmemDeallocOp::create(then, loc, memory.address,
                                     then.getI64IntegerAttr(memory.columns));
    scf::YieldOp::create(then, loc);
  });
  scf::IfOp::create(b, loc, l.isFirstThread(b, loc),
                    [&](OpBuilder &then, Location) {
                      for (int64_t barrier = 0; barrier < 2; ++barrier)
                        tile_dist::MbarrierInvalOp::create(
                            then, loc, barriersOf(then, memory.control),
                            indexConstant(then, loc, barrier));
                      scf::YieldOp::create(then, loc);
                    });
}

Value ScaleColumns::group(OpBuilder &b, Location loc, Value group,
                          bool rhs) const {
  Value start = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(
          b, loc, group,
          i32Constant(b, loc, scales.lhsColumns + scales.rhsColumns)));
  return rhs ? arith::AddIOp::create(b, loc, start,
                                     i32Constant(b, loc, scales.lhsColumns))
                   .getResult()
             : start;
}

Value ScaleColumns::address(OpBuilder &b, Location loc, Value block,
                            bool rhs, int64_t x0) const {
  Value four = i32Constant(b, loc, 4);
  Value column = arith::AddIOp::create(
      b, loc,
      group(b, loc, arith::DivUIOp::create(b, loc, block, four), rhs),
      i32Constant(b, loc, x0 / 32));
  Value byte = arith::ShLIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, block, four),
      i32Constant(b, loc, 30));
  return arith::OrIOp::create(b, loc, column, byte);
}
