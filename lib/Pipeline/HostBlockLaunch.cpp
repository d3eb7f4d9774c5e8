//===- HostBlockLaunch.cpp - K__host runs every thread of one block -------===//
//
// K__host(params, grid) allocates the block's workgroup (shared) buffers and
// sync words, then runs K__thread for each thread id. Threads that never
// wait on each other run one after another; otherwise each K__thread call
// creates a suspended coroutine (HostCoroutines), and the scheduler resumes
// the unfinished ones in thread order, sweep after sweep, until none is
// left. A sweep in which no thread arrived anywhere or exited is a deadlock
// (a barrier or shuffle outside uniform control flow, an mbarrier phase
// that never completes): K__host says so on stderr and aborts instead of
// spinning forever. The schedule depends only
// on the kernel, so every run computes the same result.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace tilechain::host;

namespace {

/// Workgroup memory starts as 0xFF bytes (NaN as a float, -1 as an integer):
/// whatever a kernel reads before writing shows up, the same way every run.
constexpr int8_t kWorkgroupFill = -1;
/// Workgroup buffers are aligned as the GPU's shared memory window.
constexpr int64_t kWorkgroupAlignment = 128;

Value constantI32(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

Value constantI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}

Value elementAddress(OpBuilder &b, Location loc, Type type, Value base,
                     Value index) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, type, base, ValueRange{index});
}

/// A fresh, filled workgroup buffer of `type`.
Value allocateWorkgroupBuffer(OpBuilder &b, Location loc, MemRefType type) {
  Value buffer = memref::AllocOp::create(
      b, loc, type, b.getI64IntegerAttr(kWorkgroupAlignment));
  int64_t bytes = type.getNumElements() *
                  ((type.getElementTypeBitWidth() + 7) / 8);
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value asInteger =
      arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  Value pointer = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), asInteger);
  Value fill = arith::ConstantIntOp::create(b, loc, kWorkgroupFill, 8);
  LLVM::MemsetOp::create(b, loc, pointer, fill, constantI64(b, loc, bytes),
                         /*isVolatile=*/false);
  return buffer;
}

/// The sync words on K__host's stack: zero, then every group's live count.
Value allocateSyncWords(OpBuilder &b, Location loc, SyncLayout layout) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Type i32 = b.getI32Type();
  Value sync = LLVM::AllocaOp::create(b, loc, ptrType, i32,
                                      constantI64(b, loc, layout.words()));
  Value zeroByte = arith::ConstantIntOp::create(b, loc, 0, 8);
  LLVM::MemsetOp::create(b, loc, sync, zeroByte,
                         constantI64(b, loc, 4 * int64_t(layout.words())),
                         /*isVolatile=*/false);
  auto storeLive = [&](int32_t group, int32_t threads) {
    LLVM::StoreOp::create(
        b, loc, constantI32(b, loc, threads),
        elementAddress(b, loc, i32, sync,
                       constantI32(b, loc, SyncLayout::liveWord(group))));
  };
  storeLive(0, layout.threads);
  for (int32_t warp = 0; warp < layout.warps(); ++warp)
    storeLive(1 + warp,
              std::min(kWarpSize, layout.threads - warp * kWarpSize));
  return sync;
}

/// `for tid in [0, threads)`, the body given the i32 thread id.
void forEachThread(OpBuilder &b, Location loc, int32_t threads,
                   function_ref<void(OpBuilder &, Value)> body) {
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, threads);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(b, loc, lower, upper, step, ValueRange{},
                     [&](OpBuilder &nested, Location, Value index, ValueRange) {
                       Value tid = arith::IndexCastUIOp::create(
                           nested, loc, nested.getI32Type(), index);
                       body(nested, tid);
                       scf::YieldOp::create(nested, loc);
                     });
}

/// Creates every thread's coroutine, resumes them until all have returned,
/// destroys them.
void emitScheduler(OpBuilder &b, Location loc, func::FuncOp host,
                   StringRef kernel, func::FuncOp thread, SyncLayout layout,
                   Value sync,
                   ValueRange threadArgsBeforeTid,
                   ValueRange threadArgsAfterTid) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Type i32 = b.getI32Type();
  Value handles = LLVM::AllocaOp::create(b, loc, ptrType, ptrType,
                                         constantI64(b, loc, layout.threads));
  auto handleAddress = [&](OpBuilder &nested, Value tid) {
    return elementAddress(nested, loc, ptrType, handles, tid);
  };
  forEachThread(b, loc, layout.threads, [&](OpBuilder &nested, Value tid) {
    SmallVector<Value> args(threadArgsBeforeTid);
    args.push_back(tid);
    llvm::append_range(args, threadArgsAfterTid);
    Value handle = func::CallOp::create(nested, loc, thread, args).getResult(0);
    LLVM::StoreOp::create(nested, loc, handle, handleAddress(nested, tid));
  });

  Value progressAt = elementAddress(
      b, loc, i32, sync, constantI32(b, loc, SyncLayout::progressWord()));
  Value liveAt = elementAddress(b, loc, i32, sync,
                                constantI32(b, loc, SyncLayout::liveWord(0)));
  auto sweep = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(b.createBlock(&sweep.getBefore()));
    LLVM::StoreOp::create(b, loc, constantI32(b, loc, 0), progressAt);
    forEachThread(b, loc, layout.threads, [&](OpBuilder &nested, Value tid) {
      Value handle = LLVM::LoadOp::create(nested, loc, ptrType,
                                          handleAddress(nested, tid));
      Value done = LLVM::CallIntrinsicOp::create(
                       nested, loc, nested.getI1Type(),
                       nested.getStringAttr("llvm.coro.done"),
                       ValueRange{handle})
                       .getResult(0);
      Value running = arith::XOrIOp::create(
          nested, loc, done,
          arith::ConstantIntOp::create(nested, loc, 1, 1));
      scf::IfOp::create(nested, loc, running, [&](OpBuilder &then, Location) {
        LLVM::CoroResumeOp::create(then, loc, handle);
        scf::YieldOp::create(then, loc);
      });
    });
    Value zero = constantI32(b, loc, 0);
    Value live = LLVM::LoadOp::create(b, loc, i32, liveAt);
    Value progress = LLVM::LoadOp::create(b, loc, i32, progressAt);
    Value unfinished =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, live, zero);
    Value stuck = arith::AndIOp::create(
        b, loc, unfinished,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, progress,
                              zero));
    scf::IfOp::create(b, loc, stuck, [&](OpBuilder &then, Location) {
      emitHostAbort(then, loc, host, kernel,
                    "every unfinished thread waits at a barrier or shuffle "
                    "that not all threads of its block or warp reach, or for "
                    "an mbarrier phase that nothing completes");
      scf::YieldOp::create(then, loc);
    });
    scf::ConditionOp::create(b, loc, unfinished, ValueRange{});
    b.setInsertionPointToStart(b.createBlock(&sweep.getAfter()));
    scf::YieldOp::create(b, loc);
  }

  forEachThread(b, loc, layout.threads, [&](OpBuilder &nested, Value tid) {
    Value handle = LLVM::LoadOp::create(nested, loc, ptrType,
                                        handleAddress(nested, tid));
    LLVM::CallIntrinsicOp::create(nested, loc,
                                  nested.getStringAttr("llvm.coro.destroy"),
                                  ValueRange{handle});
  });
}

} // namespace

void tilechain::host::emitHostAbort(OpBuilder &b, Location loc,
                                    Operation *function, StringRef kernel,
                                    StringRef what) {
  auto module = function->getParentOfType<ModuleOp>();
  Operation *top = function;
  while (top->getParentOp() != module)
    top = top->getParentOp();
  MLIRContext *context = b.getContext();
  std::string text =
      ("tilechain host: kernel '" + kernel + "': " + what + "\n").str();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto textType = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  OpBuilder detached(context);
  auto global = LLVM::GlobalOp::create(
      detached, loc, textType, /*isConstant=*/true, LLVM::Linkage::Internal,
      (kernel + "__message").str(), b.getStringAttr(text));
  // Renamed where another message has the name.
  SymbolTable(module).insert(global, Block::iterator(top));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(top);
    if (!module.lookupSymbol("write"))
      LLVM::LLVMFuncOp::create(b, loc, "write",
                               LLVM::LLVMFunctionType::get(
                                   i64, {i32, ptrType, i64}));
    if (!module.lookupSymbol("abort"))
      LLVM::LLVMFuncOp::create(
          b, loc, "abort",
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {}));
  }
  Value textAddress =
      LLVM::AddressOfOp::create(b, loc, ptrType, global.getSymName());
  LLVM::CallOp::create(b, loc, TypeRange{i64}, "write",
                       ValueRange{constantI32(b, loc, 2), textAddress,
                                  constantI64(b, loc, text.size())});
  LLVM::CallOp::create(b, loc, TypeRange{}, "abort", ValueRange{});
}

void tilechain::host::buildBlockLaunch(func::FuncOp host, StringRef kernel,
                                       func::FuncOp thread, SyncLayout layout,
                                       bool synchronises,
                                       ArrayRef<MemRefType> workgroupBuffers) {
  Location loc = host.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(&host.getBody().front());
  Value params = host.getArgument(0), grid = host.getArgument(1);
  SmallVector<Value> buffers;
  for (MemRefType type : workgroupBuffers)
    buffers.push_back(allocateWorkgroupBuffer(b, loc, type));
  Value sync = synchronises
                   ? allocateSyncWords(b, loc, layout)
                   : LLVM::ZeroOp::create(
                         b, loc, LLVM::LLVMPointerType::get(b.getContext()))
                         .getResult();
  SmallVector<Value> before = {params, grid, sync};
  if (synchronises) {
    emitScheduler(b, loc, host, kernel, thread, layout, sync, before,
                  buffers);
  } else {
    forEachThread(b, loc, layout.threads, [&](OpBuilder &nested, Value tid) {
      SmallVector<Value> args(before);
      args.push_back(tid);
      llvm::append_range(args, buffers);
      func::CallOp::create(nested, loc, thread, args);
    });
  }
  for (Value buffer : buffers)
    memref::DeallocOp::create(b, loc, buffer);
  func::ReturnOp::create(b, loc);
}

void tilechain::host::abortIf(OpBuilder &b, Operation *op, Value condition,
                              StringRef kernel, StringRef what) {
  Operation *function = op->getParentOfType<FunctionOpInterface>();
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto at = op->getLoc()->findInstanceOf<FileLineColLoc>())
    os << at.getFilename().getValue() << ":" << at.getLine() << ":"
       << at.getColumn() << ": ";
  os << op->getName() << " " << what;
  Location loc = op->getLoc();
  scf::IfOp::create(b, loc, condition, [&](OpBuilder &then, Location) {
    emitHostAbort(then, loc, function, kernel, text);
    scf::YieldOp::create(then, loc);
  });
}
