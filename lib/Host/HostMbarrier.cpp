//===- HostMbarrier.cpp - mbarriers on the host ---------------------------===//
//
// An mbarrier keeps its state in its own 8 bytes of shared memory, as on the
// GPU, in the host's encoding:
//   word 0  bits 0-10 the arrivals its current phase still expects, 11-21
//           the arrivals per phase (mbarrier_init's count), 22 the current
//           phase's parity, 24-31 kInitialised (workgroup memory starts as
//           0xFF bytes, so an mbarrier nobody set up does not pass for one);
//   word 1  the transaction bytes the current phase still expects (signed:
//           a copy may complete its bytes before they are announced).
// A phase completes once it has all its arrivals and no bytes outstanding:
// the parity flips and the arrivals restart. mbarrier_expect_tx arrives and
// announces bytes, mbarrier_arrive only arrives, a TMA copy completes its
// box's bytes (HostTensorCopy writes the box at once, then an
// nvvm.mbarrier.complete_tx), and a
// tensor_mma_commit arrives (HostTensorMma computes the products at once).
// mbarrier_wait suspends the thread until the phase of its parity has
// completed, so a copy announced with more bytes than it writes, a commit
// missing or a parity off by a phase leaves the threads waiting, which
// K__host reports as a deadlock: the waits the GPU would hang in. Using an
// mbarrier before its init or after its inval, an arrival past the phase's
// count, and an inval while a phase has arrivals or bytes outstanding (more
// bytes written than announced) abort with the op's location.
//
// An mbarrier_init is a generic write that the async proxy (TMA's
// complete_tx, tcgen05's commit) sees only after a fence.mbarrier_init or
// fence.proxy.async of the thread that made it; the host, with one memory,
// checks that rule instead, with the race check's clocks (HostRaces.cpp).
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
using namespace tilechain::host;

namespace {

constexpr int32_t kCountMask = 0x7FF;
constexpr int32_t kExpectedShift = 11;
constexpr int32_t kParityShift = 22;
constexpr int32_t kMarkShift = 24;
constexpr int32_t kInitialised = 0xA5;
Value constantI32(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

Value field(OpBuilder &b, Location loc, Value word, int32_t shift,
            int32_t mask) {
  return arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, word, constantI32(b, loc, shift)),
      constantI32(b, loc, mask));
}

Value isInitialised(OpBuilder &b, Location loc, Value word) {
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::ShRUIOp::create(b, loc, word, constantI32(b, loc, kMarkShift)),
      constantI32(b, loc, kInitialised));
}

/// Word 0 of an initialised mbarrier.
Value stateWord(OpBuilder &b, Location loc, Value parity, Value expected,
                Value pending) {
  Value word = constantI32(b, loc, kInitialised << kMarkShift);
  word = arith::OrIOp::create(
      b, loc, word,
      arith::ShLIOp::create(b, loc, parity,
                            constantI32(b, loc, kParityShift)));
  word = arith::OrIOp::create(
      b, loc, word,
      arith::ShLIOp::create(b, loc, expected,
                            constantI32(b, loc, kExpectedShift)));
  return arith::OrIOp::create(b, loc, word, pending);
}

Value bytesWordOf(OpBuilder &b, Location loc, Value mbarrier) {
  return LLVM::GEPOp::create(b, loc, mbarrier.getType(), b.getI32Type(),
                             mbarrier, ArrayRef<LLVM::GEPArg>{1});
}

/// (sync, mbarrier, arrivals, bytes) -> 0 after `arrivals` arrivals and
/// `bytes` more transaction bytes expected (negative: bytes completed),
/// the phase completing where that leaves nothing outstanding; 1, changing
/// nothing, where the mbarrier is not set up or the arrivals are more than
/// the phase still expects. Marks progress for K__host's scheduler.
void buildUpdate(func::FuncOp func) {
  OpBuilder b = OpBuilder::atBlockBegin(func.addEntryBlock());
  Location loc = func.getLoc();
  Type i32 = b.getI32Type();
  Value sync = func.getArgument(0), mbarrier = func.getArgument(1);
  Value arrivals = func.getArgument(2), bytes = func.getArgument(3);
  LLVM::StoreOp::create(
      b, loc, constantI32(b, loc, 1),
      wordAddress(b, loc, sync,
                  constantI32(b, loc, SyncLayout::progressWord())));
  Value word = LLVM::LoadOp::create(b, loc, i32, mbarrier);
  Value bytesAt = bytesWordOf(b, loc, mbarrier);
  Value outstanding = LLVM::LoadOp::create(b, loc, i32, bytesAt);
  Value pending = field(b, loc, word, 0, kCountMask);
  Value usable = arith::AndIOp::create(
      b, loc, isInitialised(b, loc, word),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, arrivals,
                            pending));
  auto update = scf::IfOp::create(
      b, loc, usable,
      [&](OpBuilder &then, Location) {
        Value zero = constantI32(then, loc, 0);
        Value left = arith::SubIOp::create(then, loc, pending, arrivals);
        Value nowOutstanding =
            arith::AddIOp::create(then, loc, outstanding, bytes);
        Value complete = arith::AndIOp::create(
            then, loc,
            arith::CmpIOp::create(then, loc, arith::CmpIPredicate::eq, left,
                                  zero),
            arith::CmpIOp::create(then, loc, arith::CmpIPredicate::eq,
                                  nowOutstanding, zero));
        Value expected = field(then, loc, word, kExpectedShift, kCountMask);
        Value parity = field(then, loc, word, kParityShift, 1);
        Value flipped =
            arith::XOrIOp::create(then, loc, parity, constantI32(then, loc, 1));
        Value next = stateWord(
            then, loc,
            arith::SelectOp::create(then, loc, complete, flipped, parity),
            expected,
            arith::SelectOp::create(then, loc, complete, expected, left));
        LLVM::StoreOp::create(then, loc, next, mbarrier);
        LLVM::StoreOp::create(then, loc, nowOutstanding, bytesAt);
        scf::YieldOp::create(then, loc, ValueRange{zero});
      },
      [&](OpBuilder &otherwise, Location) {
        scf::YieldOp::create(otherwise, loc,
                             ValueRange{constantI32(otherwise, loc, 1)});
      });
  func::ReturnOp::create(b, loc, update.getResult(0));
}


/// Arrivals and bytes through the update function, aborting where it
/// refuses them.
void update(OpBuilder &b, Operation *op, const ThreadContext &thread,
            StringRef kernel, Value mbarrier, int32_t arrivals, Value bytes) {
  Location loc = op->getLoc();
  Value refused =
      func::CallOp::create(b, loc, kMbarrierUpdateFunction, b.getI32Type(),
                           ValueRange{thread.sync, mbarrier,
                                      constantI32(b, loc, arrivals), bytes})
          .getResult(0);
  abortIf(b, op,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, refused,
                                constantI32(b, loc, 0)),
          kernel,
          "arrives on or completes bytes of an mbarrier that is not set up "
          "(before its mbarrier_init or after its mbarrier_inval), or "
          "arrives more often in one phase than its count");
}

void lowerInit(tile_dist::MbarrierInitOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value mbarrier = mbarrierAddress(b, loc, op.getBarriers(), op.getBarrier());
  Value count = arith::AndIOp::create(b, loc, op.getCount(),
                                      constantI32(b, loc, kCountMask));
  LLVM::StoreOp::create(
      b, loc, stateWord(b, loc, constantI32(b, loc, 0), count, count),
      mbarrier);
  LLVM::StoreOp::create(b, loc, constantI32(b, loc, 0),
                        bytesWordOf(b, loc, mbarrier));
  op.erase();
}

/// Suspends while the mbarrier's current phase has the awaited parity.
void lowerWait(tile_dist::MbarrierWaitOp op, const ThreadContext &context,
               StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value mbarrier = mbarrierAddress(b, loc, op.getBarriers(), op.getBarrier());
  // The block's landings see what this thread waits on (mbarrierWaits).
  Value waitsOn =
      wordAt(b, loc, mbarrierWaits(b, loc, op->getParentOfType<ModuleOp>()),
             arith::ExtUIOp::create(b, loc, i64, context.tid));
  LLVM::StoreOp::create(b, loc, LLVM::PtrToIntOp::create(b, loc, i64, mbarrier),
                        waitsOn);
  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  OpBuilder body = OpBuilder::atBlockBegin(b.createBlock(&loop.getBefore()));
  Value word = LLVM::LoadOp::create(body, loc, i32, mbarrier);
  abortIf(body, op,
          arith::XOrIOp::create(body, loc, isInitialised(body, loc, word),
                                arith::ConstantIntOp::create(body, loc, 1, 1)),
          kernel,
          "waits on an mbarrier that is not set up (before its "
          "mbarrier_init or after its mbarrier_inval)");
  Value inProgress = arith::CmpIOp::create(
      body, loc, arith::CmpIPredicate::eq,
      field(body, loc, word, kParityShift, 1), op.getParity());
  scf::IfOp::create(body, loc, inProgress, [&](OpBuilder &then, Location) {
    LLVM::CallOp::create(then, loc, TypeRange{}, kWaitFunction,
                         ValueRange{mbarrier, word});
    scf::YieldOp::create(then, loc);
  });
  scf::ConditionOp::create(body, loc, inProgress, ValueRange{});
  OpBuilder after = OpBuilder::atBlockBegin(b.createBlock(&loop.getAfter()));
  scf::YieldOp::create(after, loc);
  b.setInsertionPointAfter(loop);
  LLVM::StoreOp::create(b, loc, constantI64(b, loc, 0), waitsOn);
  op.erase();
}

/// Checks that no phase is under way, then leaves the bytes as an
/// mbarrier that is not set up.
void lowerInval(tile_dist::MbarrierInvalOp op, StringRef kernel) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  Value mbarrier = mbarrierAddress(b, loc, op.getBarriers(), op.getBarrier());
  Value word = LLVM::LoadOp::create(b, loc, i32, mbarrier);
  Value bytesAt = bytesWordOf(b, loc, mbarrier);
  Value outstanding = LLVM::LoadOp::create(b, loc, i32, bytesAt);
  Value idle = arith::AndIOp::create(
      b, loc,
      arith::AndIOp::create(
          b, loc, isInitialised(b, loc, word),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                field(b, loc, word, 0, kCountMask),
                                field(b, loc, word, kExpectedShift,
                                      kCountMask))),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, outstanding,
                            constantI32(b, loc, 0)));
  abortIf(b, op,
          arith::XOrIOp::create(b, loc, idle,
                                arith::ConstantIntOp::create(b, loc, 1, 1)),
          kernel,
          "invalidates an mbarrier that is not set up or whose phase has "
          "arrivals or transaction bytes outstanding (a copy or commit in "
          "flight, or more bytes written than announced)");
  Value unset = constantI32(b, loc, -1);
  LLVM::StoreOp::create(b, loc, unset, mbarrier);
  LLVM::StoreOp::create(b, loc, unset, bytesAt);
  op.erase();
}

} // namespace

void tilechain::host::declareMbarrierUpdate(ModuleOp module) {
  if (module.lookupSymbol(kMbarrierUpdateFunction))
    return;
  MLIRContext *context = module.getContext();
  auto builder = OpBuilder::atBlockEnd(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type();
  // The callers' mbarrier pointers are shared ones until HostKernels drops
  // every address space, before the module is verified again.
  auto update = func::FuncOp::create(
      builder, module.getLoc(), kMbarrierUpdateFunction,
      builder.getFunctionType({ptrType, ptrType, i32, i32}, {i32}));
  update.setPrivate();
  update->setAttr("llvm.linkage",
                  LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  buildUpdate(update);
}

Value tilechain::host::mbarrierAddress(OpBuilder &b, Location loc,
                                      Value barriers, Value index) {
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, barriers);
  Value aligned =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, barriers);
  Value element = arith::AddIOp::create(b, loc, metadata.getOffset(), index);
  Value byte = arith::AddIOp::create(
      b, loc, aligned,
      arith::MulIOp::create(b, loc, element,
                            arith::ConstantIndexOp::create(b, loc, 8)));
  return LLVM::IntToPtrOp::create(
      b, loc,
      LLVM::LLVMPointerType::get(
          b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared)),
      Value(arith::IndexCastUIOp::create(b, loc, b.getI64Type(), byte)));
}

bool tilechain::host::isMbarrierOp(Operation *op) {
  return isa<tile_dist::MbarrierInitOp, tile_dist::MbarrierExpectTxOp,
             tile_dist::MbarrierArriveOp,
             tile_dist::MbarrierWaitOp, tile_dist::MbarrierInvalOp,
             tile_dist::TensorMmaCommitOp, NVVM::MBarrierCompleteTxOp,
             NVVM::FenceMbarrierInitOp>(op);
}

void tilechain::host::lowerMbarrierOps(func::FuncOp thread,
                                       const ThreadContext &context,
                                       StringRef kernel) {
  SmallVector<Operation *> ops;
  thread.walk([&](Operation *op) {
    if (isMbarrierOp(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;
  declareMbarrierUpdate(thread->getParentOfType<ModuleOp>());
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto init = dyn_cast<tile_dist::MbarrierInitOp>(op)) {
      lowerInit(init);
    } else if (auto wait = dyn_cast<tile_dist::MbarrierWaitOp>(op)) {
      lowerWait(wait, context, kernel);
    } else if (auto inval = dyn_cast<tile_dist::MbarrierInvalOp>(op)) {
      lowerInval(inval, kernel);
    } else if (auto expect = dyn_cast<tile_dist::MbarrierExpectTxOp>(op)) {
      update(b, op, context, kernel,
             mbarrierAddress(b, loc, expect.getBarriers(),
                             expect.getBarrier()),
             1, expect.getBytes());
      op->erase();
    } else if (auto arrive = dyn_cast<tile_dist::MbarrierArriveOp>(op)) {
      update(b, op, context, kernel,
             mbarrierAddress(b, loc, arrive.getBarriers(),
                             arrive.getBarrier()),
             1, constantI32(b, loc, 0));
      op->erase();
    } else if (auto commit = dyn_cast<tile_dist::TensorMmaCommitOp>(op)) {
      update(b, op, context, kernel,
             mbarrierAddress(b, loc, commit.getBarriers(),
                             commit.getBarrier()),
             1, constantI32(b, loc, 0));
      op->erase();
    } else if (auto complete = dyn_cast<NVVM::MBarrierCompleteTxOp>(op)) {
      update(b, op, context, kernel, complete.getAddr(), 0,
             arith::SubIOp::create(b, loc, constantI32(b, loc, 0),
                                   complete.getTxcount()));
      op->erase();
    } else {
      op->erase(); // fence.mbarrier_init: one memory, nothing to order
    }
  }
}
