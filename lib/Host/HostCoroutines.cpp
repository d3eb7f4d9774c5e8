//===- HostCoroutines.cpp - host threads that wait become coroutines ------===//
//
// A K__thread that calls the wait or yield marker (HostBlock.h) becomes an
// LLVM switched-resume coroutine, which LLVM's CoroSplit (in the -O2
// pipeline) splits into a ramp that allocates the thread's frame and
// resume/destroy functions. The ramp suspends at once, so K__thread(...)
// only creates the thread; each wait is a loop
//   while (*generationSlot == generation) suspend;
// each yield one suspend, and each return a final suspend, after which
// llvm.coro.done holds. A thread's exit (the exit marker) returns there
// and then, in any function. The thread's frame holds what lives across a
// suspend, on the heap (aligned_alloc), so no thread needs a stack of its
// own.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "tilechain/Host/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace {

/// Moves the constant-size allocas into the entry block, which a coroutine
/// keeps for its ramp: the frame layout (and SROA) look for them there.
void hoistConstantAllocas(LLVM::LLVMFuncOp func, Block *entry) {
  SmallVector<LLVM::AllocaOp> allocas;
  func.walk([&](LLVM::AllocaOp alloca) {
    if (alloca->getBlock() != entry &&
        alloca.getArraySize().getDefiningOp<LLVM::ConstantOp>())
      allocas.push_back(alloca);
  });
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  for (LLVM::AllocaOp alloca : allocas) {
    Operation *size = b.clone(*alloca.getArraySize().getDefiningOp());
    alloca->moveAfter(size);
    alloca.getArraySizeMutable().assign(size->getResult(0));
    b.setInsertionPointAfter(alloca);
  }
}

class CoroutineBuilder {
public:
  CoroutineBuilder(LLVM::LLVMFuncOp func) : func(func), b(func.getContext()) {}

  /// `markers`: the thread's calls of the wait and yield markers.
  LogicalResult build(ArrayRef<LLVM::CallOp> markers);

private:
  /// Suspends; resumed, continues at `resume`; destroyed, frees the frame.
  void suspend(Location loc, bool final, Block *resume) {
    MLIRContext *context = b.getContext();
    Value none =
        LLVM::NoneTokenOp::create(b, loc, LLVM::LLVMTokenType::get(context));
    Value isFinal = LLVM::ConstantOp::create(b, loc, b.getI1Type(), final);
    Value state = LLVM::CoroSuspendOp::create(b, loc, b.getI8Type(), none,
                                              isFinal);
    // llvm.coro.suspend: -1 suspended (return), 0 resumed, 1 destroyed.
    LLVM::SwitchOp::create(
        b, loc, state, exit, ValueRange{},
        ArrayRef<APInt>{APInt(8, 0), APInt(8, 1)},
        BlockRange{resume, cleanup}, ArrayRef<ValueRange>{{}, {}});
  }

  LLVM::LLVMFuncOp func;
  OpBuilder b;
  Block *exit = nullptr;
  Block *cleanup = nullptr;
};

LogicalResult CoroutineBuilder::build(ArrayRef<LLVM::CallOp> markers) {
  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();
  auto module = func->getParentOfType<ModuleOp>();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  FailureOr<LLVM::LLVMFuncOp> alignedAlloc =
      LLVM::lookupOrCreateAlignedAllocFn(b, module, i64);
  FailureOr<LLVM::LLVMFuncOp> free = LLVM::lookupOrCreateFreeFn(b, module);
  if (failed(alignedAlloc) || failed(free))
    return func.emitError(
        "aligned_alloc or free is declared with another type");

  SmallVector<Attribute> passthrough;
  if (ArrayAttr existing = func.getPassthroughAttr())
    llvm::append_range(passthrough, existing);
  passthrough.push_back(b.getStringAttr("presplitcoroutine"));
  func.setPassthroughAttr(b.getArrayAttr(passthrough));

  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  Block *entry = &func.getBody().front();
  Block *start = entry->splitBlock(entry->begin());
  hoistConstantAllocas(func, entry);

  Region &body = func.getBody();
  exit = b.createBlock(&body, body.end());
  cleanup = b.createBlock(&body, body.end());
  Block *final = b.createBlock(&body, body.end());
  Block *afterFinal = b.createBlock(&body, body.end());

  b.setInsertionPointToEnd(entry);
  Value null = LLVM::ZeroOp::create(b, loc, ptrType);
  Value id = LLVM::CoroIdOp::create(
      b, loc, LLVM::LLVMTokenType::get(context),
      LLVM::ConstantOp::create(b, loc, i32, 0), null, null, null);
  // The frame is as aligned as its most aligned member; aligned_alloc wants
  // a size that is a multiple of the alignment.
  Value size = LLVM::CoroSizeOp::create(b, loc, i64);
  Value align = LLVM::CoroAlignOp::create(b, loc, i64);
  Value one = LLVM::ConstantOp::create(b, loc, i64, 1);
  Value padded = LLVM::AddOp::create(
      b, loc, size, LLVM::SubOp::create(b, loc, align, one));
  Value rounded = LLVM::AndOp::create(
      b, loc, padded,
      LLVM::SubOp::create(b, loc, LLVM::ConstantOp::create(b, loc, i64, 0),
                          align));
  Value frame = LLVM::CallOp::create(b, loc, *alignedAlloc,
                                     ValueRange{align, rounded})
                    .getResult();
  Value handle = LLVM::CoroBeginOp::create(b, loc, ptrType, id, frame);
  suspend(loc, /*final=*/false, start);

  b.setInsertionPointToEnd(exit);
  Value unwind = LLVM::ConstantOp::create(b, loc, i1, false);
  Value none =
      LLVM::NoneTokenOp::create(b, loc, LLVM::LLVMTokenType::get(context));
  LLVM::CallIntrinsicOp::create(b, loc, b.getStringAttr("llvm.coro.end"),
                                ValueRange{handle, unwind, none});
  LLVM::ReturnOp::create(b, loc, handle);

  b.setInsertionPointToEnd(cleanup);
  Value memory = LLVM::CoroFreeOp::create(b, loc, ptrType, id, handle);
  LLVM::CallOp::create(b, loc, *free, ValueRange{memory});
  LLVM::BrOp::create(b, loc, exit);

  b.setInsertionPointToEnd(final);
  suspend(loc, /*final=*/true, afterFinal);
  b.setInsertionPointToEnd(afterFinal);
  LLVM::UnreachableOp::create(b, loc); // a finished thread is never resumed

  for (LLVM::ReturnOp ret : returns) {
    b.setInsertionPoint(ret);
    LLVM::BrOp::create(b, ret.getLoc(), final);
    ret.erase();
  }

  for (LLVM::CallOp marker : markers) {
    Location waitLoc = marker.getLoc();
    Block *before = marker->getBlock();
    Block *after = before->splitBlock(marker);
    if (marker.getCallee() == tilechain::host::kYieldFunction) {
      marker.erase();
      b.setInsertionPointToEnd(before);
      suspend(waitLoc, /*final=*/false, after);
      continue;
    }
    Value slot = marker.getOperand(0), generation = marker.getOperand(1);
    marker.erase();
    Block *check = b.createBlock(after);
    Block *waiting = b.createBlock(after);
    b.setInsertionPointToEnd(before);
    LLVM::BrOp::create(b, waitLoc, check);
    b.setInsertionPointToEnd(check);
    Value current = LLVM::LoadOp::create(b, waitLoc, i32, slot);
    Value same = LLVM::ICmpOp::create(b, waitLoc, LLVM::ICmpPredicate::eq,
                                      current, generation);
    LLVM::CondBrOp::create(b, waitLoc, same, waiting, after);
    b.setInsertionPointToEnd(waiting);
    suspend(waitLoc, /*final=*/false, check);
  }
  return success();
}

/// Each call of the exit marker ends its block with the function's
/// return (of null, where it returns the coroutine handle); the rest of the
/// block is left unreachable. A coroutine's returns then become final
/// suspends, as every other return does.
void returnAtExits(ModuleOp module) {
  SmallVector<LLVM::CallOp> exits;
  module.walk([&](LLVM::CallOp call) {
    if (call.getCallee() == tilechain::host::kExitFunction)
      exits.push_back(call);
  });
  for (LLVM::CallOp exit : exits) {
    auto func = exit->getParentOfType<LLVM::LLVMFuncOp>();
    Location loc = exit.getLoc();
    Block *before = exit->getBlock();
    before->splitBlock(std::next(exit->getIterator()));
    OpBuilder b = OpBuilder::atBlockEnd(before);
    Type result = func.getFunctionType().getReturnType();
    if (isa<LLVM::LLVMVoidType>(result))
      LLVM::ReturnOp::create(b, loc, ValueRange{});
    else
      LLVM::ReturnOp::create(b, loc,
                             LLVM::ZeroOp::create(b, loc, result).getResult());
    exit.erase();
  }
  if (Operation *declaration =
          module.lookupSymbol(tilechain::host::kExitFunction))
    declaration->erase();
}

struct HostCoroutinesPass
    : public PassWrapper<HostCoroutinesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostCoroutinesPass)

  StringRef getArgument() const override { return "tilechain-host-coroutines"; }
  StringRef getDescription() const override {
    return "Turn host thread functions that wait for other threads into LLVM "
           "coroutines";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    returnAtExits(module);
    llvm::MapVector<Operation *, SmallVector<LLVM::CallOp>> markersByFunction;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee == tilechain::host::kWaitFunction ||
          callee == tilechain::host::kYieldFunction)
        markersByFunction[call->getParentOfType<LLVM::LLVMFuncOp>()]
            .push_back(call);
    });
    for (auto &[func, markers] : markersByFunction)
      if (failed(
              CoroutineBuilder(cast<LLVM::LLVMFuncOp>(func)).build(markers)))
        return signalPassFailure();
    for (StringRef marker :
         {tilechain::host::kWaitFunction, tilechain::host::kYieldFunction})
      if (Operation *declaration = module.lookupSymbol(marker))
        declaration->erase();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createHostCoroutinesPass() {
  return std::make_unique<HostCoroutinesPass>();
}
