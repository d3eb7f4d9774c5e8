//===- HostBlockLaunch.cpp - K__host runs every thread of one block -------===//
//
// K__host(params, grid) allocates the block's workgroup (shared) buffers and
// sync words, then runs K__thread for each thread id. Threads that never
// wait on each other run one after another; otherwise each K__thread call
// creates a suspended coroutine (HostCoroutines), and the scheduler resumes
// the unfinished ones in thread order, sweep after sweep, until none is
// left. A sweep in which no thread arrived anywhere, yielded or exited
// first lands one queued TMA copy or tcgen05 commit, the oldest that a
// waiting thread needs (HostAsyncLandings.cpp: the latest it may land); if
// there was none, it is a deadlock (a barrier or shuffle outside
// uniform control flow, an mbarrier phase that never completes): K__host
// says so on stderr and aborts instead of spinning forever. Under a TILECHAIN_HOST_SEED other than 0 and 1, each
// sweep starts with a burst: one warp, drawn from the seed and the sweep's
// number, is resumed alone until it makes no more progress, as a GPU may
// run one warp ahead of the others up to the next barrier that waits for
// them. A synchronisation between warps that only the sweeps' lockstep
// provided (a missing barrier) then shows. The schedule depends only on
// the kernel and the seed, so every run computes the same result.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include <limits>

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

/// Resumes each unfinished thread from `first` on, `count` of them, in
/// thread order: those below `threads` (the last warp of a block that is
/// not a whole number of warps has fewer lanes).
void resumeThreads(OpBuilder &b, Location loc, Value handles, Value first,
                   int32_t count, int32_t threads) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  forEachThread(b, loc, count, [&](OpBuilder &nested, Value offset) {
    Value tid = arith::AddIOp::create(nested, loc, first, offset);
    Value exists = arith::CmpIOp::create(nested, loc,
                                         arith::CmpIPredicate::ult, tid,
                                         constantI32(nested, loc, threads));
    scf::IfOp::create(nested, loc, exists, [&](OpBuilder &then, Location) {
      Value handle = LLVM::LoadOp::create(
          then, loc, ptrType, elementAddress(then, loc, ptrType, handles, tid));
      Value done = LLVM::CallIntrinsicOp::create(
                       then, loc, then.getI1Type(),
                       then.getStringAttr("llvm.coro.done"),
                       ValueRange{handle})
                       .getResult(0);
      Value running = arith::XOrIOp::create(
          then, loc, done, arith::ConstantIntOp::create(then, loc, 1, 1));
      scf::IfOp::create(then, loc, running, [&](OpBuilder &resume, Location) {
        LLVM::CoroResumeOp::create(resume, loc, handle);
        scf::YieldOp::create(resume, loc);
      });
      scf::YieldOp::create(then, loc);
    });
  });
}

/// Under a seed other than 0 and 1, resumes the warp the seed draws for
/// sweep `sweep` alone until a pass over it makes no progress.
void emitBurst(OpBuilder &b, Location loc, SyncLayout layout, Value handles,
               Value progressAt, Value seed, Value sweep) {
  Value zero = constantI32(b, loc, 0);
  Value seeded = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, seed, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, seed,
                            constantI32(b, loc, 1)));
  scf::IfOp::create(b, loc, seeded, [&](OpBuilder &then, Location) {
    Value warp = arith::RemUIOp::create(
        then, loc, mixHash(then, loc, {seed, sweep}),
        constantI32(then, loc, layout.warps()));
    Value first = arith::MulIOp::create(then, loc, warp,
                                        constantI32(then, loc, kWarpSize));
    auto burst = scf::WhileOp::create(then, loc, TypeRange{}, ValueRange{});
    {
      OpBuilder::InsertionGuard guard(then);
      then.setInsertionPointToStart(then.createBlock(&burst.getBefore()));
      LLVM::StoreOp::create(then, loc, constantI32(then, loc, 0), progressAt);
      resumeThreads(then, loc, handles, first, kWarpSize, layout.threads);
      Value progress =
          LLVM::LoadOp::create(then, loc, then.getI32Type(), progressAt);
      scf::ConditionOp::create(
          then, loc,
          arith::CmpIOp::create(then, loc, arith::CmpIPredicate::ne, progress,
                                constantI32(then, loc, 0)),
          ValueRange{});
      then.setInsertionPointToStart(then.createBlock(&burst.getAfter()));
      scf::YieldOp::create(then, loc);
    }
    scf::YieldOp::create(then, loc);
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
  bool landsLate =
      host->getParentOfType<ModuleOp>().lookupSymbol(kLandFunction);
  // `limit` queued TMA copies and tcgen05 commits landed (kLandFunction
  // chooses): how many, aborting where an mbarrier refused one.
  auto landQueued = [&](OpBuilder &at, int32_t limit) -> Value {
    Value landed =
        func::CallOp::create(at, loc, kLandFunction, TypeRange{i32},
                             ValueRange{sync, constantI32(at, loc, limit)})
            .getResult(0);
    scf::IfOp::create(
        at, loc,
        arith::CmpIOp::create(at, loc, arith::CmpIPredicate::slt, landed,
                              constantI32(at, loc, 0)),
        [&](OpBuilder &then, Location) {
          emitHostAbort(then, loc, host, kernel,
                        "a TMA copy completes its bytes, or a tcgen05 commit "
                        "arrives, on an mbarrier that is not set up (before "
                        "its mbarrier_init or after its mbarrier_inval)");
          scf::YieldOp::create(then, loc);
        });
    return landed;
  };
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
  Value seed = readHostSeed(b, loc, host->getParentOfType<ModuleOp>());
  auto sweep = scf::WhileOp::create(b, loc, TypeRange{i32},
                                    ValueRange{constantI32(b, loc, 0)});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&sweep.getBefore(), {}, {i32}, {loc});
    Value number = before->getArgument(0);
    emitBurst(b, loc, layout, handles, progressAt, seed, number);
    LLVM::StoreOp::create(b, loc, constantI32(b, loc, 0), progressAt);
    resumeThreads(b, loc, handles, constantI32(b, loc, 0), layout.threads,
                  layout.threads);
    Value zero = constantI32(b, loc, 0);
    Value live = LLVM::LoadOp::create(b, loc, i32, liveAt);
    Value progress = LLVM::LoadOp::create(b, loc, i32, progressAt);
    Value unfinished =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, live, zero);
    Value stuck = arith::AndIOp::create(
        b, loc, unfinished,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, progress,
                              zero));
    // Every thread waits: one queued TMA copy or tcgen05 commit lands now,
    // as late as the block allows (HostAsyncLandings.cpp); stuck only if
    // there was none.
    if (landsLate) {
      Value landed =
          scf::IfOp::create(
              b, loc, stuck,
              [&](OpBuilder &then, Location) {
                scf::YieldOp::create(then, loc,
                                     ValueRange{landQueued(then, 1)});
              },
              [&](OpBuilder &otherwise, Location) {
                scf::YieldOp::create(otherwise, loc, ValueRange{zero});
              })
              .getResult(0);
      stuck = arith::AndIOp::create(
          b, loc, stuck,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, landed,
                                zero));
    }
    scf::IfOp::create(b, loc, stuck, [&](OpBuilder &then, Location) {
      emitHostAbort(then, loc, host, kernel,
                    "every unfinished thread waits at a barrier or shuffle "
                    "that not all threads of its block or warp reach, or for "
                    "an mbarrier phase that nothing completes");
      scf::YieldOp::create(then, loc);
    });
    scf::ConditionOp::create(b, loc, unfinished, ValueRange{number});
    Block *after = b.createBlock(&sweep.getAfter(), {}, {i32}, {loc});
    b.setInsertionPointToStart(after);
    scf::YieldOp::create(
        b, loc,
        ValueRange{arith::AddIOp::create(b, loc, after->getArgument(0),
                                         constantI32(b, loc, 1))});
  }

  // What no wait needed lands as the block ends (nothing reads it); the
  // queue's array stays for the host thread's next block.
  if (landsLate)
    landQueued(b, std::numeric_limits<int32_t>::max());
  forEachThread(b, loc, layout.threads, [&](OpBuilder &nested, Value tid) {
    Value handle = LLVM::LoadOp::create(nested, loc, ptrType,
                                        handleAddress(nested, tid));
    LLVM::CallIntrinsicOp::create(nested, loc,
                                  nested.getStringAttr("llvm.coro.destroy"),
                                  ValueRange{handle});
  });
}

} // namespace

namespace {

/// The address of a global holding "tilechain host: kernel 'K': <what>\n"
/// (in the module of `function`, before it or the gpu.module holding it),
/// and the text's length.
std::pair<Value, int64_t> abortMessage(OpBuilder &b, Location loc,
                                       Operation *function, StringRef kernel,
                                       StringRef what) {
  auto module = function->getParentOfType<ModuleOp>();
  Operation *top = function;
  while (top->getParentOp() != module)
    top = top->getParentOp();
  MLIRContext *context = b.getContext();
  std::string text =
      ("tilechain host: kernel '" + kernel + "': " + what + "\n").str();
  auto textType = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  OpBuilder detached(context);
  auto global = LLVM::GlobalOp::create(
      detached, loc, textType, /*isConstant=*/true, LLVM::Linkage::Internal,
      (kernel + "__message").str(), b.getStringAttr(text));
  // Renamed where another message has the name.
  SymbolTable(module).insert(global, Block::iterator(top));
  Value address = LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(context), global.getSymName());
  return {address, static_cast<int64_t>(text.size())};
}

/// Writes `length` bytes at `text` to stderr, then aborts.
void writeAndAbort(OpBuilder &b, Location loc, ModuleOp module, Value text,
                   Value length) {
  MLIRContext *context = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  declareLibcFunction(
      module, "write", LLVM::LLVMFunctionType::get(i64, {i32, ptrType, i64}));
  declareLibcFunction(
      module, "abort",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {}));
  LLVM::CallOp::create(b, loc, TypeRange{i64}, "write",
                       ValueRange{constantI32(b, loc, 2), text, length});
  LLVM::CallOp::create(b, loc, TypeRange{}, "abort", ValueRange{});
}

/// `void __tilechain_host_abort_if(i1 condition, ptr text, i64 length)`:
/// where `condition` holds, writes the text and aborts. A kernel's checks
/// call it, out of line, rather than each branching to its own abort: a
/// kernel has thousands (one per shared-memory access, for the race
/// check), and as branches they made most of the basic blocks that the
/// host object's compile spent its time on.
constexpr llvm::StringLiteral kAbortIfFunction = "__tilechain_host_abort_if";

void declareAbortIfFunction(ModuleOp module) {
  if (module.lookupSymbol(kAbortIfFunction))
    return;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto b = OpBuilder::atBlockEnd(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i1 = b.getI1Type(), i64 = b.getI64Type();
  auto function = LLVM::LLVMFuncOp::create(
      b, loc, kAbortIfFunction,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {i1, ptrType, i64}),
      LLVM::Linkage::Internal);
  function.setNoInline(true);
  Block *entry = function.addEntryBlock(b);
  Block *fail = b.createBlock(&function.getBody());
  Block *pass = b.createBlock(&function.getBody());
  b.setInsertionPointToEnd(entry);
  LLVM::CondBrOp::create(b, loc, entry->getArgument(0), fail, pass);
  b.setInsertionPointToEnd(fail);
  writeAndAbort(b, loc, module, entry->getArgument(1), entry->getArgument(2));
  LLVM::UnreachableOp::create(b, loc);
  b.setInsertionPointToEnd(pass);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
}

} // namespace

void tilechain::host::emitHostAbort(OpBuilder &b, Location loc,
                                    Operation *function, StringRef kernel,
                                    StringRef what) {
  auto [text, length] = abortMessage(b, loc, function, kernel, what);
  writeAndAbort(b, loc, function->getParentOfType<ModuleOp>(), text,
                constantI64(b, loc, length));
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
  auto module = function->getParentOfType<ModuleOp>();
  declareAbortIfFunction(module);
  auto [message, length] = abortMessage(b, loc, function, kernel, text);
  LLVM::CallOp::create(
      b, loc, TypeRange{}, kAbortIfFunction,
      ValueRange{condition, message, constantI64(b, loc, length)});
}

void tilechain::host::declareLibcFunction(ModuleOp module, StringRef name,
                                          LLVM::LLVMFunctionType type) {
  if (module.lookupSymbol(name))
    return;
  auto b = OpBuilder::atBlockBegin(module.getBody());
  LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

void tilechain::host::declareHeapFunctions(ModuleOp module) {
  MLIRContext *context = module.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto i64 = IntegerType::get(context, 64);
  declareLibcFunction(module, "calloc",
                      LLVM::LLVMFunctionType::get(ptrType, {i64, i64}));
  declareLibcFunction(
      module, "free",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {ptrType}));
}

void tilechain::host::declareBlockPointer(ModuleOp module, StringRef name) {
  if (module.lookupSymbol(name))
    return;
  Location loc = module.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(module.getContext());
  auto b = OpBuilder::atBlockBegin(module.getBody());
  auto global = LLVM::GlobalOp::create(
      b, loc, ptrType, /*isConstant=*/false, LLVM::Linkage::Internal, name,
      Attribute(), /*alignment=*/8, /*addrSpace=*/0, /*dsoLocal=*/false,
      /*threadLocal=*/true);
  b.setInsertionPointToStart(b.createBlock(&global.getInitializerRegion()));
  LLVM::ReturnOp::create(b, loc, Value(LLVM::ZeroOp::create(b, loc, ptrType)));
}

Value tilechain::host::allocateOnFirstUse(OpBuilder &b, Location loc,
                                          Value slot, int64_t count,
                                          int64_t size) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value current = LLVM::LoadOp::create(b, loc, ptrType, slot);
  Value none = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, current,
                                    LLVM::ZeroOp::create(b, loc, ptrType));
  return scf::IfOp::create(
             b, loc, none,
             [&](OpBuilder &then, Location) {
               Value fresh =
                   LLVM::CallOp::create(
                       then, loc, TypeRange{ptrType}, "calloc",
                       ValueRange{constantI64(then, loc, count),
                                  constantI64(then, loc, size)})
                       .getResult();
               LLVM::StoreOp::create(then, loc, fresh, slot);
               scf::YieldOp::create(then, loc, ValueRange{fresh});
             },
             [&](OpBuilder &otherwise, Location) {
               scf::YieldOp::create(otherwise, loc, ValueRange{current});
             })
      .getResult(0);
}

Value tilechain::host::readHostSeed(OpBuilder &b, Location loc,
                                    ModuleOp module) {
  constexpr llvm::StringLiteral kNameGlobal = "__tilechain_host_seed_name";
  MLIRContext *context = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type();
  declareLibcFunction(module, "getenv",
                      LLVM::LLVMFunctionType::get(ptrType, {ptrType}));
  declareLibcFunction(module, "atoi",
                      LLVM::LLVMFunctionType::get(i32, {ptrType}));
  if (!module.lookupSymbol(kNameGlobal)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    std::string name = (kHostSeedVariable + llvm::Twine('\0')).str();
    LLVM::GlobalOp::create(
        b, loc, LLVM::LLVMArrayType::get(b.getI8Type(), name.size()),
        /*isConstant=*/true, LLVM::Linkage::Internal, kNameGlobal,
        b.getStringAttr(name));
  }
  Value name = LLVM::AddressOfOp::create(b, loc, ptrType, kNameGlobal);
  Value text = LLVM::CallOp::create(b, loc, TypeRange{ptrType}, "getenv",
                                    ValueRange{name})
                   .getResult();
  Value unset = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, text,
                                     LLVM::ZeroOp::create(b, loc, ptrType));
  auto seed = scf::IfOp::create(
      b, loc, unset,
      [&](OpBuilder &then, Location) {
        scf::YieldOp::create(then, loc, constantI32(then, loc, 0));
      },
      [&](OpBuilder &otherwise, Location) {
        scf::YieldOp::create(
            otherwise, loc,
            LLVM::CallOp::create(otherwise, loc, TypeRange{i32}, "atoi",
                                 ValueRange{text})
                .getResult());
      });
  return seed.getResult(0);
}

Value tilechain::host::mixHash(OpBuilder &b, Location loc,
                               ArrayRef<Value> words) {
  constexpr uint32_t kFactors[] = {0x9E3779B1u, 0x85EBCA77u, 0xC2B2AE3Du};
  Value h = constantI32(b, loc, 0);
  for (auto [index, word] : llvm::enumerate(words)) {
    h = arith::MulIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, h, word),
        constantI32(b, loc, int32_t(kFactors[index % 3])));
    h = arith::XOrIOp::create(
        b, loc, h, arith::ShRUIOp::create(b, loc, h, constantI32(b, loc, 15)));
  }
  for (auto [shift, factor] : {std::pair<int32_t, uint32_t>{16, 0x85EBCA6Bu},
                               std::pair<int32_t, uint32_t>{13, 0xC2B2AE35u}}) {
    h = arith::XOrIOp::create(
        b, loc, h, arith::ShRUIOp::create(b, loc, h, constantI32(b, loc, shift)));
    h = arith::MulIOp::create(b, loc, h, constantI32(b, loc, int32_t(factor)));
  }
  return arith::XOrIOp::create(
      b, loc, h, arith::ShRUIOp::create(b, loc, h, constantI32(b, loc, 16)));
}

Value tilechain::host::blockFlags(OpBuilder &b, Location loc, ModuleOp module,
                                  StringRef name) {
  declareHeapFunctions(module);
  declareBlockPointer(module, name);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return allocateOnFirstUse(b, loc,
                            LLVM::AddressOfOp::create(b, loc, ptrType, name),
                            kMaxThreads, 1);
}

void tilechain::host::setThreadFlag(OpBuilder &b, Location loc, Value flags,
                                    Value tid, bool value) {
  Value index = arith::ExtUIOp::create(b, loc, b.getI64Type(), tid);
  Value at = LLVM::GEPOp::create(b, loc, flags.getType(), b.getI8Type(), flags,
                                 ArrayRef<LLVM::GEPArg>{index});
  LLVM::StoreOp::create(b, loc,
                        arith::ConstantIntOp::create(b, loc, value ? 1 : 0, 8),
                        at);
}

bool tilechain::host::fencesToAsyncProxy(NVVM::FenceProxyOp fence) {
  return fence.getKind() == NVVM::ProxyKind::async ||
         fence.getKind() == NVVM::ProxyKind::async_shared;
}
