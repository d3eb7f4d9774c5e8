//===- HostAsyncLandings.cpp - what the async units finish late ------------===//
//
// A TMA copy's bytes and a tcgen05 commit's products may land at any time
// before a thread sees the mbarrier phase they complete. The host lands
// them as late as a correct kernel allows: the issuing thread puts them in
// the block's queue (a thread-local global: one block runs at a time in a
// host thread), and K__host lands an entry only when a sweep of its
// threads makes no progress (HostBlockLaunch.cpp), when every thread
// waits, one entry per such sweep, and the rest as the block ends. The
// entry a stalled sweep lands is the oldest whose mbarrier a thread waits
// on (mbarrierWaits), so that a copy nobody waits for stays in flight
// while the threads wait for later ones (as a TMA unit may complete them
// in any order); a commit lands only after the commits queued before it
// (they complete in order). Where no waited-for entry is queued, the
// oldest lands. Landing an entry copies its image over its destination,
// frees the image, then completes it on its mbarrier:
//   a TMA copy     the box, read into the image at issue, into shared
//                  memory; its bytes completed;
//   a tcgen05 commit  the columns its products wrote, imaged at the commit
//                  from the tensor cores' view of tensor memory
//                  (HostTensorMma.cpp), over what the threads read; one
//                  arrival.
// So each lands as late as the block allows: a commit's products do not
// show where only an earlier commit's phase was waited for, nor a copy's
// bytes where only a later copy's mbarrier was.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"
#include "HostTensorBox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;
using host::constantI64;
using host::wordAt;

namespace {

constexpr llvm::StringLiteral kQueueGlobal = "__tilechain_host_landings";
constexpr llvm::StringLiteral kWaitsGlobal = "__tilechain_host_mbarrier_waits";
/// The queue: i64 words, the count of entries queued, then entries of
/// kEntryWords words, oldest first: the destination's address, the image's,
/// the bytes, the mbarrier's address, the LateLanding kind.
constexpr int64_t kQueueCapacity = 4096;
constexpr int64_t kEntryWords = 5;

/// The address of word `field` of entry `entry` (an i64 value) of `queue`.
Value entryWord(OpBuilder &b, Location loc, Value queue, Value entry,
                int64_t field) {
  return wordAt(
      b, loc, queue,
      arith::AddIOp::create(
          b, loc, constantI64(b, loc, 1 + field),
          arith::MulIOp::create(b, loc, entry,
                                constantI64(b, loc, kEntryWords))));
}

/// Whether a thread of the block waits on `mbarrier` (an i64 address): an
/// i1.
Value isWaitedOn(OpBuilder &b, Location loc, Value waits, Value mbarrier) {
  Type i64 = b.getI64Type();
  return scf::ForOp::create(
             b, loc, constantI64(b, loc, 0),
             constantI64(b, loc, host::kMaxThreads), constantI64(b, loc, 1),
             ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
             [&](OpBuilder &at, Location, Value t, ValueRange seen) {
               Value waitsOn = LLVM::LoadOp::create(
                   at, loc, i64, wordAt(at, loc, waits, t));
               scf::YieldOp::create(
                   at, loc,
                   ValueRange{arith::OrIOp::create(
                       at, loc, seen[0],
                       arith::CmpIOp::create(at, loc,
                                             arith::CmpIPredicate::eq,
                                             waitsOn, mbarrier))});
             })
      .getResult(0);
}

/// Moves the entry of `queue` (of `count` entries, at least two) that one
/// landing takes to the front, the entries before it one place back: the
/// oldest whose mbarrier a thread waits on, a commit only where no earlier
/// one is queued (commits complete in order). Where there is none, the
/// oldest stays in front.
void moveNextLandingToFront(OpBuilder &b, Location loc, Value queue,
                            Value count, Value waits) {
  Type i64 = b.getI64Type();
  Value none = constantI64(b, loc, -1);
  auto scan = scf::ForOp::create(
      b, loc, constantI64(b, loc, 0), count, constantI64(b, loc, 1),
      ValueRange{none, arith::ConstantIntOp::create(b, loc, 0, 1)},
      [&](OpBuilder &at, Location, Value i, ValueRange state) {
        Value pick = state[0], commitSeen = state[1];
        Value isCommit = arith::CmpIOp::create(
            at, loc, arith::CmpIPredicate::eq,
            LLVM::LoadOp::create(at, loc, i64, entryWord(at, loc, queue, i, 4)),
            constantI64(at, loc, int64_t(host::LateLanding::TensorMmaCommit)));
        Value open = arith::AndIOp::create(
            at, loc,
            arith::CmpIOp::create(at, loc, arith::CmpIPredicate::eq, pick,
                                  none),
            arith::XOrIOp::create(
                at, loc, arith::AndIOp::create(at, loc, isCommit, commitSeen),
                arith::ConstantIntOp::create(at, loc, 1, 1)));
        Value waitedOn =
            scf::IfOp::create(
                at, loc, open,
                [&](OpBuilder &then, Location) {
                  Value mbarrier = LLVM::LoadOp::create(
                      then, loc, i64, entryWord(then, loc, queue, i, 3));
                  scf::YieldOp::create(
                      then, loc,
                      ValueRange{isWaitedOn(then, loc, waits, mbarrier)});
                },
                [&](OpBuilder &otherwise, Location) {
                  scf::YieldOp::create(
                      otherwise, loc,
                      ValueRange{
                          arith::ConstantIntOp::create(otherwise, loc, 0, 1)});
                })
                .getResult(0);
        scf::YieldOp::create(
            at, loc,
            ValueRange{arith::SelectOp::create(at, loc, waitedOn, i, pick),
                       arith::OrIOp::create(at, loc, commitSeen, isCommit)});
      });
  Value pick = scan.getResult(0);
  Value later = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, pick,
                                      constantI64(b, loc, 0));
  scf::IfOp::create(b, loc, later, [&](OpBuilder &then, Location) {
    SmallVector<Value, kEntryWords> words;
    for (int64_t k = 0; k < kEntryWords; ++k)
      words.push_back(LLVM::LoadOp::create(
          then, loc, i64, entryWord(then, loc, queue, pick, k)));
    LLVM::MemmoveOp::create(
        then, loc, entryWord(then, loc, queue, constantI64(then, loc, 1), 0),
        entryWord(then, loc, queue, constantI64(then, loc, 0), 0),
        arith::MulIOp::create(then, loc, pick,
                              constantI64(then, loc, kEntryWords * 8)),
        /*isVolatile=*/false);
    for (auto [k, word] : llvm::enumerate(words))
      LLVM::StoreOp::create(
          then, loc, word,
          entryWord(then, loc, queue, constantI64(then, loc, 0), k));
    scf::YieldOp::create(then, loc);
  });
}

} // namespace

Value tilechain::host::mbarrierWaits(OpBuilder &b, Location loc,
                                     ModuleOp module) {
  declareHeapFunctions(module);
  declareBlockPointer(module, kWaitsGlobal);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return allocateOnFirstUse(
      b, loc, LLVM::AddressOfOp::create(b, loc, ptrType, kWaitsGlobal),
      kMaxThreads, 8);
}

void tilechain::host::declareLandings(ModuleOp module) {
  if (module.lookupSymbol(kQueueGlobal))
    return;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  host::declareHeapFunctions(module);
  host::declareBlockPointer(module, kQueueGlobal);
  host::declareMbarrierUpdate(module);
  auto builder = OpBuilder::atBlockEnd(module.getBody());
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  auto land = func::FuncOp::create(
      builder, loc, host::kLandFunction,
      builder.getFunctionType({ptrType, i32}, {i32}));
  land.setPrivate();
  land->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  Block *entry = land.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Value sync = entry->getArgument(0);
  Value limit = arith::ExtUIOp::create(b, loc, i64, entry->getArgument(1));
  Value queue = LLVM::LoadOp::create(
      b, loc, ptrType, LLVM::AddressOfOp::create(b, loc, ptrType, kQueueGlobal));
  Value none = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, queue,
                                    LLVM::ZeroOp::create(b, loc, ptrType));
  auto i32Constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIntOp::create(at, loc, v, 32);
  };
  auto landed = scf::IfOp::create(
      b, loc, none,
      [&](OpBuilder &then, Location) {
        scf::YieldOp::create(then, loc, ValueRange{i32Constant(then, 0)});
      },
      [&](OpBuilder &otherwise, Location) {
        Value countAt =
            wordAt(otherwise, loc, queue, constantI64(otherwise, loc, 0));
        Value count = LLVM::LoadOp::create(otherwise, loc, i64, countAt);
        // One landing, of several queued: the one a waiting thread needs.
        Value choose = arith::AndIOp::create(
            otherwise, loc,
            arith::CmpIOp::create(otherwise, loc, arith::CmpIPredicate::eq,
                                  limit, constantI64(otherwise, loc, 1)),
            arith::CmpIOp::create(otherwise, loc, arith::CmpIPredicate::ugt,
                                  count, constantI64(otherwise, loc, 1)));
        scf::IfOp::create(otherwise, loc, choose, [&](OpBuilder &then, Location) {
          moveNextLandingToFront(then, loc, queue, count,
                                 host::mbarrierWaits(then, loc, module));
          scf::YieldOp::create(then, loc);
        });
        Value stop = arith::MinUIOp::create(otherwise, loc, count, limit);
        auto refusals = scf::ForOp::create(
            otherwise, loc, constantI64(otherwise, loc, 0), stop,
            constantI64(otherwise, loc, 1),
            ValueRange{i32Constant(otherwise, 0)},
            [&](OpBuilder &at, Location, Value i, ValueRange refused) {
              auto field = [&](int64_t k) -> Value {
                return LLVM::LoadOp::create(at, loc, i64,
                                            entryWord(at, loc, queue, i, k));
              };
              Value destination =
                  LLVM::IntToPtrOp::create(at, loc, ptrType, field(0));
              Value image = LLVM::IntToPtrOp::create(at, loc, ptrType, field(1));
              Value bytes = field(2);
              Value mbarrier = LLVM::IntToPtrOp::create(at, loc, ptrType, field(3));
              Value isCopy = arith::CmpIOp::create(
                  at, loc, arith::CmpIPredicate::eq, field(4),
                  constantI64(at, loc,
                              int64_t(host::LateLanding::TensorCopy)));
              LLVM::MemcpyOp::create(at, loc, destination, image, bytes,
                                     /*isVolatile=*/false);
              LLVM::CallOp::create(at, loc, TypeRange{}, "free",
                                   ValueRange{image});
              // A copy completes its bytes, a commit arrives once.
              Value arrivals = arith::SelectOp::create(
                  at, loc, isCopy, i32Constant(at, 0), i32Constant(at, 1));
              Value completed = arith::SelectOp::create(
                  at, loc, isCopy,
                  arith::SubIOp::create(at, loc, i32Constant(at, 0),
                                        arith::TruncIOp::create(at, loc, i32,
                                                                bytes)),
                  i32Constant(at, 0));
              Value refusal =
                  func::CallOp::create(at, loc, host::kMbarrierUpdateFunction,
                                       TypeRange{i32},
                                       ValueRange{sync, mbarrier, arrivals,
                                                  completed})
                      .getResult(0);
              scf::YieldOp::create(
                  at, loc,
                  ValueRange{arith::OrIOp::create(at, loc, refused[0], refusal)});
            });
        // The entries left move to the front.
        Value left = arith::SubIOp::create(otherwise, loc, count, stop);
        LLVM::MemmoveOp::create(
            otherwise, loc,
            entryWord(otherwise, loc, queue, constantI64(otherwise, loc, 0), 0),
            entryWord(otherwise, loc, queue, stop, 0),
            arith::MulIOp::create(otherwise, loc, left,
                                  constantI64(otherwise, loc, kEntryWords * 8)),
            /*isVolatile=*/false);
        LLVM::StoreOp::create(otherwise, loc, left, countAt);
        Value landedCount = arith::TruncIOp::create(otherwise, loc, i32, stop);
        scf::YieldOp::create(
            otherwise, loc,
            ValueRange{arith::SelectOp::create(
                otherwise, loc,
                arith::CmpIOp::create(otherwise, loc, arith::CmpIPredicate::ne,
                                      refusals.getResult(0),
                                      i32Constant(otherwise, 0)),
                i32Constant(otherwise, -1), landedCount)});
      });
  func::ReturnOp::create(b, loc, landed.getResult(0));
}

void tilechain::host::queueLanding(OpBuilder &b, Operation *op,
                                   StringRef kernel, LateLanding kind,
                                   Value destination, Value image,
                                   Value bytes, Value mbarrier) {
  Location loc = op->getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Type i64 = b.getI64Type();
  Value queue = host::allocateOnFirstUse(
      b, loc, LLVM::AddressOfOp::create(b, loc, ptrType, kQueueGlobal),
      1 + kQueueCapacity * kEntryWords, 8);
  Value countAt = wordAt(b, loc, queue, constantI64(b, loc, 0));
  Value count = LLVM::LoadOp::create(b, loc, i64, countAt);
  host::abortIf(b, op,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, count,
                                      constantI64(b, loc, kQueueCapacity)),
                kernel,
                "has more than " + std::to_string(kQueueCapacity) +
                    " TMA copies and tcgen05 commits of its block in flight "
                    "(the host's queue)");
  SmallVector<Value, 5> fields = {destination, image, bytes, mbarrier,
                                  constantI64(b, loc, int64_t(kind))};
  for (auto [k, value] : llvm::enumerate(fields)) {
    Value word = value;
    if (isa<LLVM::LLVMPointerType>(word.getType()))
      word = LLVM::PtrToIntOp::create(b, loc, i64, word);
    LLVM::StoreOp::create(b, loc, word,
                          entryWord(b, loc, queue, count, int64_t(k)));
  }
  LLVM::StoreOp::create(
      b, loc, arith::AddIOp::create(b, loc, count, constantI64(b, loc, 1)),
      countAt);
}

Value tilechain::host::anyLandingQueued(OpBuilder &b, Location loc) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value queue = LLVM::LoadOp::create(
      b, loc, ptrType, LLVM::AddressOfOp::create(b, loc, ptrType, kQueueGlobal));
  Value allocated = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, queue,
                                         LLVM::ZeroOp::create(b, loc, ptrType));
  return scf::IfOp::create(
             b, loc, allocated,
             [&](OpBuilder &then, Location) {
               Value count = LLVM::LoadOp::create(
                   then, loc, then.getI64Type(),
                   wordAt(then, loc, queue, constantI64(then, loc, 0)));
               scf::YieldOp::create(
                   then, loc,
                   ValueRange{arith::CmpIOp::create(
                       then, loc, arith::CmpIPredicate::ne, count,
                       constantI64(then, loc, 0))});
             },
             [&](OpBuilder &otherwise, Location) {
               scf::YieldOp::create(
                   otherwise, loc,
                   ValueRange{arith::ConstantIntOp::create(otherwise, loc, 0, 1)});
             })
      .getResult(0);
}
