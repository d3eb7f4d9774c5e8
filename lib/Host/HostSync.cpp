//===- HostSync.cpp - barriers and shuffles among a block's host threads --===//
//
// gpu.barrier, nvvm.barrier and gpu.shuffle inside K__thread become
// arrivals at a group (the block, a named barrier, or the thread's warp)
// and a wait for the group's next generation, through the sync words
// HostBlock.h lays out. The arrive and
// depart functions are plain code; only the wait suspends, so they are
// ordinary internal functions the optimizer inlines.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace tilechain::host;

Value tilechain::host::wordAddress(OpBuilder &b, Location loc, Value sync,
                                  Value word) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI32Type(), sync,
                             ValueRange{word});
}

namespace {

constexpr llvm::StringLiteral kArriveFunction = "__tilechain_host_arrive";
constexpr llvm::StringLiteral kDepartFunction = "__tilechain_host_depart";
constexpr llvm::StringLiteral kArriveNamedFunction =
    "__tilechain_host_arrive_named";

Value constantI32(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

Value loadWord(OpBuilder &b, Location loc, Value sync, Value word) {
  return LLVM::LoadOp::create(b, loc, b.getI32Type(),
                              wordAddress(b, loc, sync, word));
}

void storeWord(OpBuilder &b, Location loc, Value sync, Value word,
               Value value) {
  LLVM::StoreOp::create(b, loc, value, wordAddress(b, loc, sync, word));
}

/// The word of `group` at `first`, the same word's index in group 0.
Value groupWord(OpBuilder &b, Location loc, Value group, int32_t first) {
  Value scaled =
      arith::MulIOp::create(b, loc, group, constantI32(b, loc, 3));
  return arith::AddIOp::create(b, loc, scaled, constantI32(b, loc, first));
}

/// Marks progress, then either counts a thread in (arrive: arrived + 1) or
/// out (depart: live - 1) of `group`; when every live thread has arrived, the
/// group's generation moves on and the count restarts.
void buildGroupUpdate(func::FuncOp func, bool arrive) {
  OpBuilder b = OpBuilder::atBlockBegin(func.addEntryBlock());
  Location loc = func.getLoc();
  Value sync = func.getArgument(0), group = func.getArgument(1);
  Value zero = constantI32(b, loc, 0), one = constantI32(b, loc, 1);
  storeWord(b, loc, sync, constantI32(b, loc, SyncLayout::progressWord()),
            one);
  Value liveAt = groupWord(b, loc, group, SyncLayout::liveWord(0));
  Value arrivedAt = groupWord(b, loc, group, SyncLayout::arrivedWord(0));
  Value generationAt = groupWord(b, loc, group, SyncLayout::generationWord(0));
  Value live = loadWord(b, loc, sync, liveAt);
  Value arrived = loadWord(b, loc, sync, arrivedAt);
  Value generation = loadWord(b, loc, sync, generationAt);
  if (arrive) {
    arrived = arith::AddIOp::create(b, loc, arrived, one);
  } else {
    live = arith::SubIOp::create(b, loc, live, one);
    storeWord(b, loc, sync, liveAt, live);
  }
  Value complete = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, arrived, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, arrived, live));
  storeWord(b, loc, sync, arrivedAt,
            arith::SelectOp::create(b, loc, complete, zero, arrived));
  Value next = arith::AddIOp::create(b, loc, generation, one);
  storeWord(b, loc, sync, generationAt,
            arith::SelectOp::create(b, loc, complete, next, generation));
  if (arrive)
    func::ReturnOp::create(b, loc, generation);
  else
    func::ReturnOp::create(b, loc);
}

/// Marks progress and counts a thread into named barrier `group`'s
/// generation, which ends with its `count`-th arrival; returns the
/// generation it arrived in.
void buildNamedArrive(func::FuncOp func) {
  OpBuilder b = OpBuilder::atBlockBegin(func.addEntryBlock());
  Location loc = func.getLoc();
  Value sync = func.getArgument(0), group = func.getArgument(1),
        count = func.getArgument(2);
  storeWord(b, loc, sync, constantI32(b, loc, SyncLayout::progressWord()),
            constantI32(b, loc, 1));
  Value countAt = groupWord(b, loc, group, SyncLayout::liveWord(0));
  Value arrivedAt = groupWord(b, loc, group, SyncLayout::arrivedWord(0));
  Value generationAt = groupWord(b, loc, group, SyncLayout::generationWord(0));
  Value arrived = arith::AddIOp::create(b, loc, loadWord(b, loc, sync,
                                                         arrivedAt),
                                        constantI32(b, loc, 1));
  Value generation = loadWord(b, loc, sync, generationAt);
  storeWord(b, loc, sync, countAt, count);
  Value complete =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, arrived, count);
  storeWord(b, loc, sync, arrivedAt,
            arith::SelectOp::create(b, loc, complete, constantI32(b, loc, 0),
                                    arrived));
  Value next = arith::AddIOp::create(b, loc, generation,
                                     constantI32(b, loc, 1));
  storeWord(b, loc, sync, generationAt,
            arith::SelectOp::create(b, loc, complete, next, generation));
  func::ReturnOp::create(b, loc, generation);
}

/// Waits in `group` for `generation` to end.
void emitGroupWait(OpBuilder &b, Location loc, Value sync, Value group,
                   Value generation) {
  Value slot = wordAddress(
      b, loc, sync, groupWord(b, loc, group, SyncLayout::generationWord(0)));
  LLVM::CallOp::create(b, loc, TypeRange{}, kWaitFunction,
                       ValueRange{slot, generation});
}

/// Arrives at `group` and waits for the generation it arrived in to end.
void emitGroupBarrier(OpBuilder &b, Location loc, Value sync, Value group) {
  Value generation =
      func::CallOp::create(b, loc, kArriveFunction, b.getI32Type(),
                           ValueRange{sync, group})
          .getResult(0);
  emitGroupWait(b, loc, sync, group, generation);
}

/// Arrives at named barrier `id` (an i32) for `count` threads, at `op`,
/// after the checks PTX's undefined cases get; returns the group and the
/// generation arrived in.
std::pair<Value, Value> emitNamedArrive(OpBuilder &b, Operation *op,
                                        Value id, Value count,
                                        const ThreadContext &thread,
                                        StringRef kernel) {
  Location loc = op->getLoc();
  using Pred = arith::CmpIPredicate;
  Value zero = constantI32(b, loc, 0);
  Value badId = arith::CmpIOp::create(b, loc, Pred::uge, id,
                                      constantI32(b, loc, kNamedBarriers));
  abortIf(b, op, badId, kernel, "names a barrier outside 0-15");
  Value badCount = arith::OrIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, Pred::sle, count, zero),
      arith::CmpIOp::create(
          b, loc, Pred::ne,
          arith::RemUIOp::create(b, loc, count,
                                 constantI32(b, loc, kWarpSize)),
          zero));
  abortIf(b, op, badCount,
          kernel, "counts threads that are not a positive multiple of 32");
  Value group = arith::AddIOp::create(
      b, loc, id, constantI32(b, loc, thread.layout.namedGroup(0)));
  Value arrived = loadWord(b, loc, thread.sync,
                           groupWord(b, loc, group,
                                     SyncLayout::arrivedWord(0)));
  Value named = loadWord(b, loc, thread.sync,
                         groupWord(b, loc, group, SyncLayout::liveWord(0)));
  Value mismatch = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, Pred::ne, arrived, zero),
      arith::CmpIOp::create(b, loc, Pred::ne, named, count));
  abortIf(b, op, mismatch, kernel,
          "counts other threads than the barrier's earlier arrivals in "
          "this generation");
  Value generation =
      func::CallOp::create(b, loc, kArriveNamedFunction, b.getI32Type(),
                           ValueRange{thread.sync, group, count})
          .getResult(0);
  return {group, generation};
}

/// Group 1 + tid / 32: the thread's warp.
Value warpGroup(OpBuilder &b, Location loc, const ThreadContext &thread) {
  Value warp = arith::ShRUIOp::create(b, loc, thread.tid,
                                      constantI32(b, loc, 5));
  return arith::AddIOp::create(b, loc, warp, constantI32(b, loc, 1));
}

/// shfl.sync's source lane and predicate (PTX ISA, "shfl.sync") for the
/// operands gpu-to-nvvm gives it: no segment mask, and the clamp lane
/// 32 - width for up, width - 1 otherwise.
std::pair<Value, Value> shuffleSource(OpBuilder &b, Location loc,
                                      gpu::ShuffleMode mode, Value lane,
                                      Value offset, Value width) {
  using Pred = arith::CmpIPredicate;
  Value clamp =
      mode == gpu::ShuffleMode::UP
          ? arith::SubIOp::create(b, loc, constantI32(b, loc, kWarpSize),
                                  width)
                .getResult()
          : arith::SubIOp::create(b, loc, width, constantI32(b, loc, 1))
                .getResult();
  Value source;
  Pred inRange = Pred::sle;
  switch (mode) {
  case gpu::ShuffleMode::XOR:
    source = arith::XOrIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::DOWN:
    source = arith::AddIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::UP:
    source = arith::SubIOp::create(b, loc, lane, offset);
    inRange = Pred::sge;
    break;
  case gpu::ShuffleMode::IDX:
    source = arith::AndIOp::create(b, loc, offset,
                                   constantI32(b, loc, kWarpSize - 1));
    break;
  }
  Value valid = arith::CmpIOp::create(b, loc, inRange, source, clamp);
  return {arith::SelectOp::create(b, loc, valid, source, lane), valid};
}

} // namespace

void tilechain::host::declareSyncFunctions(ModuleOp module,
                                           OpBuilder &builder) {
  if (module.lookupSymbol(kWaitFunction))
    return;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type();
  auto internal = LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal);
  auto arrive =
      func::FuncOp::create(builder, loc, kArriveFunction,
                           builder.getFunctionType({ptrType, i32}, {i32}));
  auto depart = func::FuncOp::create(
      builder, loc, kDepartFunction,
      builder.getFunctionType({ptrType, i32}, {}));
  auto arriveNamed = func::FuncOp::create(
      builder, loc, kArriveNamedFunction,
      builder.getFunctionType({ptrType, i32, i32}, {i32}));
  for (func::FuncOp func : {arrive, depart, arriveNamed}) {
    func.setPrivate();
    func->setAttr("llvm.linkage", internal);
  }
  buildGroupUpdate(arrive, /*arrive=*/true);
  buildGroupUpdate(depart, /*arrive=*/false);
  buildNamedArrive(arriveNamed);
  LLVM::LLVMFuncOp::create(
      builder, loc, kWaitFunction,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptrType, i32}));
}

void tilechain::host::emitYield(OpBuilder &b, Location loc, ModuleOp module) {
  if (!module.lookupSymbol(kYieldFunction)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    LLVM::LLVMFuncOp::create(
        b, loc, kYieldFunction,
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(b.getContext()),
                                    {}));
  }
  LLVM::CallOp::create(b, loc, TypeRange{}, kYieldFunction, ValueRange{});
}

bool tilechain::host::isYield(Operation *op) {
  auto call = dyn_cast<LLVM::CallOp>(op);
  return call && call.getCallee() == kYieldFunction;
}

void tilechain::host::lowerYield(LLVM::CallOp yield,
                                 const ThreadContext &thread) {
  OpBuilder b(yield);
  Location loc = yield.getLoc();
  storeWord(b, loc, thread.sync,
            constantI32(b, loc, SyncLayout::progressWord()),
            constantI32(b, loc, 1));
}

void tilechain::host::lowerBarrier(gpu::BarrierOp barrier,
                                   const ThreadContext &thread) {
  OpBuilder b(barrier);
  Location loc = barrier.getLoc();
  emitGroupBarrier(b, loc, thread.sync, constantI32(b, loc, 0));
  barrier.erase();
}

bool tilechain::host::isHostBarrier(NVVM::BarrierOp barrier) {
  return !barrier.getReductionOp() && !barrier.getRes();
}

void tilechain::host::lowerNamedBarrier(NVVM::BarrierOp barrier,
                                        const ThreadContext &thread,
                                        StringRef kernel) {
  OpBuilder b(barrier);
  Location loc = barrier.getLoc();
  Value id = barrier.getBarrierId();
  Value count = barrier.getNumberOfThreads();
  if (!count) {
    // bar.sync b with no count waits for every thread of the block; the
    // host keeps one such barrier, whatever b.
    emitGroupBarrier(b, loc, thread.sync, constantI32(b, loc, 0));
  } else {
    auto [group, generation] = emitNamedArrive(
        b, barrier, id ? id : constantI32(b, loc, 0), count, thread, kernel);
    emitGroupWait(b, loc, thread.sync, group, generation);
  }
  barrier.erase();
}

void tilechain::host::lowerBarrierArrive(NVVM::BarrierArriveOp arrive,
                                         const ThreadContext &thread,
                                         StringRef kernel) {
  OpBuilder b(arrive);
  Value id = arrive.getBarrierId();
  emitNamedArrive(b, arrive, id ? id : constantI32(b, arrive.getLoc(), 0),
                  arrive.getNumberOfThreads(), thread, kernel);
  arrive.erase();
}

LogicalResult tilechain::host::lowerShuffle(gpu::ShuffleOp shuffle,
                                            const ThreadContext &thread) {
  Type type = shuffle.getValue().getType();
  if (!type.isInteger(32) && !type.isF32())
    return shuffle.emitError()
           << "the host backend shuffles i32 and f32 values, not " << type;
  OpBuilder b(shuffle);
  Location loc = shuffle.getLoc();
  Type i32 = b.getI32Type();
  Value bits = shuffle.getValue();
  if (type.isF32())
    bits = arith::BitcastOp::create(b, loc, i32, bits);
  Value lane = arith::AndIOp::create(b, loc, thread.tid,
                                     constantI32(b, loc, kWarpSize - 1));
  Value firstOfWarp = arith::SubIOp::create(b, loc, thread.tid, lane);
  Value slots = constantI32(b, loc, thread.layout.shuffleSlot(0));
  Value ownSlot = arith::AddIOp::create(b, loc, slots, thread.tid);
  storeWord(b, loc, thread.sync, ownSlot, bits);
  Value warp = warpGroup(b, loc, thread);
  emitGroupBarrier(b, loc, thread.sync, warp);
  auto [source, valid] =
      shuffleSource(b, loc, shuffle.getMode(), lane, shuffle.getOffset(),
                    shuffle.getWidth());
  Value sourceSlot = arith::AddIOp::create(
      b, loc, slots, arith::AddIOp::create(b, loc, firstOfWarp, source));
  Value read = loadWord(b, loc, thread.sync, sourceSlot);
  // Every lane has read before any lane's next shuffle overwrites its slot.
  emitGroupBarrier(b, loc, thread.sync, warp);
  if (type.isF32())
    read = arith::BitcastOp::create(b, loc, type, read);
  shuffle.getShuffleResult().replaceAllUsesWith(read);
  shuffle.getValid().replaceAllUsesWith(valid);
  shuffle.erase();
  return success();
}

void tilechain::host::emitWarpBarrier(OpBuilder &b, Location loc,
                                      const ThreadContext &thread) {
  emitGroupBarrier(b, loc, thread.sync, warpGroup(b, loc, thread));
}

void tilechain::host::lowerExit(NVVM::Exit exit, const ThreadContext &thread,
                                bool synchronises) {
  OpBuilder b(exit);
  Location loc = exit.getLoc();
  auto module = exit->getParentOfType<ModuleOp>();
  if (!module.lookupSymbol(kExitFunction)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    LLVM::LLVMFuncOp::create(
        b, loc, kExitFunction,
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(b.getContext()),
                                    {}));
  }
  if (synchronises)
    emitThreadExit(b, loc, thread);
  LLVM::CallOp::create(b, loc, TypeRange{}, kExitFunction, ValueRange{});
  exit.erase();
}

void tilechain::host::emitThreadExit(OpBuilder &b, Location loc,
                                     const ThreadContext &thread) {
  for (Value group : {constantI32(b, loc, 0), warpGroup(b, loc, thread)})
    func::CallOp::create(b, loc, kDepartFunction, TypeRange{},
                         ValueRange{thread.sync, group});
}
