//===- HostAsyncCopy.cpp - cp.async on the host ---------------------------===//
//
// A thread's tile_dist.async_copy may complete at any time between its issue
// and the cp.async.wait.group that waits for its group. The host makes both
// ends happen, so that a schedule that is wrong either way fails:
//   early  the copy lands at issue: a copy into a stage other threads still
//          read (a missing or misplaced barrier before it) overwrites it;
//   late   the copy lands at the wait that retires its group, not before: a
//          read of a stage before its wait (a missing or weakened wait)
//          reads what was there before, the 0xFF bytes of fresh shared
//          memory or an older stage.
// Which one a copy takes comes from TILECHAIN_HOST_SEED (HostBlock.h), read
// by each thread as it starts: 0 or unset, every copy late; 1, every copy
// early; any other seed, per copy from a hash of the seed, the thread and
// the copy's number, the same every run. A late copy reads its 16 source bytes
// at issue (the GPU may read them at any time before it completes) into the
// thread's queue of copies in flight, in issue order, and the wait writes
// them to shared memory group by group; a copy whose group is never waited
// for lands when its thread ends, as nothing can read it then.
//
// The queue is the thread's own (an alloca, part of its coroutine frame):
// a header of i32 words (copies queued, copies of the queue landed, groups
// committed, copies issued early or late) and kQueueCapacity
// entries of 32 bytes (16 bytes of data, the destination address, the
// group). More copies in flight than that abort.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

namespace {

constexpr llvm::StringLiteral kLandFunction = "__tilechain_host_cp_async_land";
constexpr int32_t kQueueCapacity = 512;
constexpr int32_t kEntryBytes = 32;
constexpr int32_t kHeaderBytes = 32;
// Header words.
constexpr int32_t kQueued = 0, kLanded = 1, kCommitted = 2, kIssued = 3;
// Entry fields, in bytes.
constexpr int32_t kAddressField = 16, kGroupField = 24;

Value constantI32(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

Value i8Address(OpBuilder &b, Location loc, Value base, Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{offset});
}

Value headerWord(OpBuilder &b, Location loc, Value queue, int32_t word) {
  return i8Address(b, loc, queue, constantI32(b, loc, 4 * word));
}

Value loadI32(OpBuilder &b, Location loc, Value address) {
  return LLVM::LoadOp::create(b, loc, b.getI32Type(), address);
}

/// The address of entry `number` (a count of copies queued) of the ring.
Value entryAddress(OpBuilder &b, Location loc, Value queue, Value number) {
  Value slot = arith::RemUIOp::create(b, loc, number,
                                      constantI32(b, loc, kQueueCapacity));
  Value offset = arith::AddIOp::create(
      b, loc, constantI32(b, loc, kHeaderBytes),
      arith::MulIOp::create(b, loc, slot, constantI32(b, loc, kEntryBytes)));
  return i8Address(b, loc, queue, offset);
}

/// Writes the 16 bytes of `entry` to its destination.
void landEntry(OpBuilder &b, Location loc, Value entry) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value bits = LLVM::LoadOp::create(
      b, loc, b.getI64Type(),
      i8Address(b, loc, entry, constantI32(b, loc, kAddressField)));
  Value address = LLVM::IntToPtrOp::create(b, loc, ptrType, bits);
  for (int32_t half : {0, 8}) {
    Value word = LLVM::LoadOp::create(
        b, loc, b.getI64Type(),
        i8Address(b, loc, entry, constantI32(b, loc, half)));
    LLVM::StoreOp::create(b, loc, word,
                          i8Address(b, loc, address, constantI32(b, loc, half)));
  }
}

/// `__tilechain_host_cp_async_land(queue, pending)`: lands, in issue order,
/// the copies of every committed group but the `pending` newest ones (all
/// copies, committed or not, where `pending` is negative).
void declareLandFunction(ModuleOp module) {
  if (module.lookupSymbol(kLandFunction))
    return;
  MLIRContext *context = module.getContext();
  auto builder = OpBuilder::atBlockEnd(module.getBody());
  Location loc = module.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type();
  auto land = func::FuncOp::create(builder, loc, kLandFunction,
                                   builder.getFunctionType({ptrType, i32}, {}));
  land.setPrivate();
  land->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  Block *entry = land.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Value queue = entry->getArgument(0), pending = entry->getArgument(1);
  Value queued = loadI32(b, loc, headerWord(b, loc, queue, kQueued));
  Value committed = loadI32(b, loc, headerWord(b, loc, queue, kCommitted));
  Value all = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                    pending, constantI32(b, loc, 0));
  // Groups numbered below `limit` land.
  Value limit = arith::SelectOp::create(
      b, loc, all, arith::AddIOp::create(b, loc, committed,
                                         constantI32(b, loc, 1)),
      arith::SubIOp::create(b, loc, committed, pending));
  Value landedAt = headerWord(b, loc, queue, kLanded);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{i32}, ValueRange{loadI32(b, loc, landedAt)},
      [&](OpBuilder &before, Location, ValueRange args) {
        Value landed = args[0];
        Value more = arith::CmpIOp::create(
            before, loc, arith::CmpIPredicate::ult, landed, queued);
        Value group = loadI32(
            before, loc,
            i8Address(before, loc, entryAddress(before, loc, queue, landed),
                      constantI32(before, loc, kGroupField)));
        Value due = arith::CmpIOp::create(before, loc,
                                          arith::CmpIPredicate::slt, group,
                                          limit);
        scf::ConditionOp::create(
            before, loc, arith::AndIOp::create(before, loc, more, due),
            ValueRange{landed});
      },
      [&](OpBuilder &after, Location, ValueRange args) {
        landEntry(after, loc, entryAddress(after, loc, queue, args[0]));
        scf::YieldOp::create(
            after, loc,
            ValueRange{arith::AddIOp::create(after, loc, args[0],
                                             constantI32(after, loc, 1))});
      });
  LLVM::StoreOp::create(b, loc, loop.getResult(0), landedAt);
  func::ReturnOp::create(b, loc);
}



/// One copy: its values read now, and written now (early) or queued.
void expandCopy(tile_dist::AsyncCopyOp op, Value queue, Value seed,
                Value tid, StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto destination = cast<MemRefType>(op.getDestination().getType());
  Type element = destination.getElementType();
  int64_t bytes = destination.getElementTypeBitWidth() / 8;
  SmallVector<Value> values;
  for (int64_t i = 0; i < 16 / bytes; ++i) {
    Value read = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::slt,
        arith::ConstantIntOp::create(b, loc, i * bytes, 32),
        op.getSourceBytes());
    values.push_back(host::loadOrZero(b, loc, read, op.getSource(), element,
                                      int32_t(i)));
  }
  Value issuedAt = headerWord(b, loc, queue, kIssued);
  Value issued = loadI32(b, loc, issuedAt);
  scf::IfOp::create(
      b, loc, host::landsEarly(b, loc, seed, tid, issued),
      [&](OpBuilder &then, Location) {
        for (auto [i, value] : llvm::enumerate(values))
          memref::StoreOp::create(
              then, loc, value, op.getDestination(),
              ValueRange{arith::AddIOp::create(
                  then, loc, op.getIndex(),
                  arith::ConstantIndexOp::create(then, loc, i))});
        scf::YieldOp::create(then, loc);
      },
      [&](OpBuilder &otherwise, Location) {
        Value queuedAt = headerWord(otherwise, loc, queue, kQueued);
        Value queued = loadI32(otherwise, loc, queuedAt);
        Value landed =
            loadI32(otherwise, loc, headerWord(otherwise, loc, queue, kLanded));
        host::abortIf(
            otherwise, op,
            arith::CmpIOp::create(
                otherwise, loc, arith::CmpIPredicate::uge,
                arith::SubIOp::create(otherwise, loc, queued, landed),
                constantI32(otherwise, loc, kQueueCapacity)),
            kernel,
            "has more than " + std::to_string(kQueueCapacity) +
                " copies of its thread in flight (the host's queue)");
        Value entry = entryAddress(otherwise, loc, queue, queued);
        for (auto [i, value] : llvm::enumerate(values))
          LLVM::StoreOp::create(
              otherwise, loc, value,
              i8Address(otherwise, loc, entry,
                        constantI32(otherwise, loc, int32_t(i * bytes))));
        LLVM::StoreOp::create(
            otherwise, loc,
            host::elementAddress(otherwise, loc, op.getDestination(), op.getIndex(),
                           bytes),
            i8Address(otherwise, loc, entry,
                      constantI32(otherwise, loc, kAddressField)));
        LLVM::StoreOp::create(
            otherwise, loc,
            loadI32(otherwise, loc,
                    headerWord(otherwise, loc, queue, kCommitted)),
            i8Address(otherwise, loc, entry,
                      constantI32(otherwise, loc, kGroupField)));
        LLVM::StoreOp::create(
            otherwise, loc,
            arith::AddIOp::create(otherwise, loc, queued,
                                  constantI32(otherwise, loc, 1)),
            queuedAt);
        scf::YieldOp::create(otherwise, loc);
      });
  LLVM::StoreOp::create(
      b, loc, arith::AddIOp::create(b, loc, issued, constantI32(b, loc, 1)),
      issuedAt);
  op.erase();
}

void callLand(OpBuilder &b, Location loc, Value queue, int32_t pending) {
  func::CallOp::create(b, loc, kLandFunction, TypeRange{},
                       ValueRange{queue, constantI32(b, loc, pending)});
}

} // namespace

Value tilechain::host::landsEarly(OpBuilder &b, Location loc, Value seed, Value tid,
                 Value number) {
  Value h = host::mixHash(b, loc, {seed, tid, number});
  Value coin = arith::TruncIOp::create(
      b, loc, b.getI1Type(),
      arith::ShRUIOp::create(b, loc, h, constantI32(b, loc, 16)));
  auto isSeed = [&](int32_t value) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, seed,
                                 constantI32(b, loc, value));
  };
  Value never = arith::ConstantIntOp::create(b, loc, 0, 1);
  Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
  return arith::SelectOp::create(
      b, loc, isSeed(0), never,
      arith::SelectOp::create(b, loc, isSeed(1), always, coin));
}

Value tilechain::host::elementAddress(OpBuilder &b, Location loc, Value destination,
                     Value index, int64_t elementBytes) {
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, destination);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(
      b, loc, metadata.getBaseBuffer());
  Value element = arith::AddIOp::create(
      b, loc, metadata.getOffset(),
      arith::MulIOp::create(b, loc, index, metadata.getStrides()[0]));
  Value bytes = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, element,
                            arith::ConstantIndexOp::create(b, loc,
                                                           elementBytes)));
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), bytes);
}

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
  SmallVector<tile_dist::AsyncCopyOp> copies;
  kernel.walk([&](tile_dist::AsyncCopyOp op) { copies.push_back(op); });
  SmallVector<Operation *> groupOps;
  kernel.walk([&](Operation *op) {
    if (isa<NVVM::CpAsyncCommitGroupOp, NVVM::CpAsyncWaitGroupOp>(op))
      groupOps.push_back(op);
  });
  if (copies.empty()) {
    for (Operation *op : groupOps)
      op->erase();
    return;
  }
  auto module = kernel->getParentOfType<ModuleOp>();
  declareLandFunction(module);
  Location loc = kernel.getLoc();
  MLIRContext *context = kernel.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Value queue = LLVM::AllocaOp::create(
      b, loc, ptrType, b.getI8Type(),
      constantI32(b, loc, kHeaderBytes + kQueueCapacity * kEntryBytes), 16);
  for (int32_t word : {kQueued, kLanded, kCommitted, kIssued})
    LLVM::StoreOp::create(b, loc, constantI32(b, loc, 0),
                          headerWord(b, loc, queue, word));
  Value seed = host::readHostSeed(b, loc, module);
  Value tid = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));

  for (tile_dist::AsyncCopyOp op : copies)
    expandCopy(op, queue, seed, tid, kernel.getName());
  for (Operation *op : groupOps) {
    OpBuilder at(op);
    Location opLoc = op->getLoc();
    if (isa<NVVM::CpAsyncCommitGroupOp>(op)) {
      Value committedAt = headerWord(at, opLoc, queue, kCommitted);
      LLVM::StoreOp::create(
          at, opLoc,
          arith::AddIOp::create(at, opLoc, loadI32(at, opLoc, committedAt),
                                constantI32(at, opLoc, 1)),
          committedAt);
    } else {
      callLand(at, opLoc, queue,
               cast<NVVM::CpAsyncWaitGroupOp>(op).getN());
    }
    op->erase();
  }
  // Copies no wait retired land as the thread ends.
  kernel.walk([&](gpu::ReturnOp ret) {
    OpBuilder at(ret);
    callLand(at, ret.getLoc(), queue, -1);
  });
}
