//===- HostRaces.cpp - shared memory two threads touch between barriers --===//
//
// Two threads' accesses of the same shared-memory byte race when no barrier
// orders them and one of them writes: the GPU may run them in either order.
// The host runs a block's threads one at a time in an order, so a race
// gives that order's value, which may be the one the kernel wants: a
// missing barrier then shows only where the other order changes a result
// a test looks at. As compute-sanitizer's racecheck does, the host checks
// the rule itself, per byte, whatever the order:
//   - each thread keeps a clock, a block-wide attribution of one i32 per
//     thread (the fill, -1, at the block's start), a Lamport clock of the
//     block's synchronisation: a barrier (gpu.barrier, or nvvm.barrier
//     with or without a thread count) sets the clocks of the threads that
//     pass it to one more than the largest that arrived in its generation
//     (bar.arrive's included); an mbarrier_arrive hands the phase's
//     waiters the arriving thread's clock plus one, an expect_tx or a
//     tcgen05 commit (whose bytes and products are async, which no clock
//     orders) its clock as it is, and a wait takes the largest handed to
//     the phase it saw. So an access that a barrier or a hand-over orders
//     before another has a smaller clock. Where every thread passes every
//     barrier, as in a kernel without roles, all clocks are equal and
//     count the barriers passed. The thread's epoch is its clock + 1;
//   - each workgroup attribution gets a shadow of two i64 words per byte,
//     its last write's and its last read's (epoch << 32 | thread), the
//     read's thread kManyReaders where two threads read it in the epoch,
//     -1 where there is none;
//   - a read of a byte that another thread wrote in the reader's epoch, or
//     a write of one another thread read or wrote in it, stops the block.
// The generic accesses count: loads and stores (stmatrix's, after its
// expansion), each ldmatrix row (the lane that names it reads it), a
// cp.async (a write at its issue), an mbarrier's init and inval (writes of
// its 8 bytes), its other uses (arrivals, waits, the TMA copies and tcgen05
// commits that complete on it: reads of its 8 bytes, as they are atomic
// among themselves but not with its setup; so a barrier must order an
// mbarrier's init before another thread's first use, and its last uses
// before its inval, whatever order the host runs the threads in) and the
// address a tensor memory allocation writes (warp 0's lane 0 for the
// warp). A store that leaves the bytes as they were races with nothing by
// itself (threads storing the same value, in any order, leave the same
// bytes), though a read of them by another thread in its epoch does. A TMA copy counts as
// its issuing thread's write, after which its bytes have no writer
// or reader (they land asynchronously: an mbarrier, not a barrier, orders
// them before the reads), and a TMA store as a read. Atomics are not
// checked, nor are the mma operand reads (HostAsyncReads follows those to
// their waits). The same clocks order an mbarrier's setup before the async
// proxy's uses by other threads: per mbarrier, the thread that set it up
// and the clock of its first fence.mbarrier_init (or fence.proxy.async)
// after it are kept, and a TMA copy or tcgen05 commit of another thread
// on it stops the block unless that fence's clock is below the issuing
// thread's (a barrier between them), or by the thread itself unless it
// fenced it since. Accesses of threads whose clocks differ
// are not compared: two unordered accesses race unseen where the threads'
// clocks happen to differ (threads of different roles, between the
// hand-overs that order them).
//
//===----------------------------------------------------------------------===//
#include "HostRaces.h"

#include "HostBlock.h"
#include "HostSharedBytes.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <limits>

using namespace mlir;
using namespace tilechain;
using host::index;

namespace {

/// The reader of a byte two threads read in one epoch.
constexpr int64_t kManyReaders = 0xFFFFFFFF;

/// The barrier groups a thread's clock passes: the block's (0) and named
/// barrier b's (1 + b).
constexpr int64_t kBarrierGroups = 1 + host::kNamedBarriers;

struct RaceState {
  llvm::DenseMap<Value, Value> shadows; // workgroup attribution -> shadow
  Value epochs; // memref<kMaxThreads x i32>: each thread's clock
  /// memref<kMaxThreads * kBarrierGroups x i32>: the generations of each
  /// group a thread has arrived in, less one.
  Value passes;
  /// memref<kBarrierGroups * 2 x i32>: per group and generation parity, the
  /// largest clock that arrived.
  Value barrierClocks;
  /// Per workgroup attribution holding mbarriers: per 8 bytes and phase
  /// parity, the clock a waiter of that phase takes at least.
  llvm::DenseMap<Value, Value> mbarrierClocks;
  /// The workgroup attributions that hold mbarriers (those mbarrier_init
  /// sets up), and per one: per 8 bytes, the thread that set it up (-1:
  /// none) and the clock of the first fence after (kUnfenced: none yet).
  SmallVector<BlockArgument> mbarrierRoots;
  llvm::DenseMap<Value, Value> mbarrierFences;
  gpu::GPUFuncOp function;
  StringRef kernel;
};

enum class Access : int32_t { Read, Write, AsyncWrite };

/// The fence clock of an mbarrier set up and not fenced since.
constexpr int32_t kUnfenced = std::numeric_limits<int32_t>::max();

Value i64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 64);
}

constexpr llvm::StringLiteral kRacingRead =
    "reads shared memory that another thread wrote with no barrier between "
    "(a race: a barrier is missing)";
constexpr llvm::StringLiteral kRacingWrite =
    "writes shared memory that another thread read or wrote with no barrier "
    "between (a race: a barrier is missing)";

/// `i1 __tilechain_host_race(shadow, begin, end, mine, access)`: checks
/// and records the running thread's `access` (an i32 Access) of bytes
/// [begin, end) (i64) of an attribution, `shadow` its shadow's first word
/// and `mine` the thread's word now; returns whether it races. One
/// function, kept out of line, rather than a loop at each of a kernel's
/// thousands of accesses.
constexpr llvm::StringLiteral kRaceFunction = "__tilechain_host_race";

void declareRaceFunction(ModuleOp module) {
  if (module.lookupSymbol(kRaceFunction))
    return;
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto b = OpBuilder::atBlockEnd(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64Type = b.getI64Type();
  auto function = LLVM::LLVMFuncOp::create(
      b, loc, kRaceFunction,
      LLVM::LLVMFunctionType::get(i1,
                                  {ptrType, i64Type, i64Type, i64Type, i32}),
      LLVM::Linkage::Internal);
  function.setNoInline(true);
  Block *entry = function.addEntryBlock(b);
  b.setInsertionPointToStart(entry);
  Value shadow = entry->getArgument(0), begin = entry->getArgument(1),
        end = entry->getArgument(2), mine = entry->getArgument(3),
        access = entry->getArgument(4);
  Value epoch = arith::ShRUIOp::create(b, loc, mine, i64(b, loc, 32));
  Value thread = arith::AndIOp::create(b, loc, mine, i64(b, loc, 0xFFFFFFFF));
  Value many = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, epoch, i64(b, loc, 32)),
      i64(b, loc, kManyReaders));
  auto is = [&](Access kind) -> Value {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, access,
        arith::ConstantIntOp::create(b, loc, static_cast<int32_t>(kind), 32));
  };
  Value isRead = is(Access::Read), isAsync = is(Access::AsyncWrite);
  Value none = i64(b, loc, -1);
  auto scan = scf::ForOp::create(
      b, loc, begin, end, i64(b, loc, 1),
      ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
      [&](OpBuilder &in, Location, Value at, ValueRange raced) {
        Value writeAt = arith::MulIOp::create(in, loc, at, i64(in, loc, 2));
        Value readAt =
            arith::AddIOp::create(in, loc, writeAt, i64(in, loc, 1));
        Value writeWord = LLVM::GEPOp::create(in, loc, ptrType, i64Type,
                                              shadow, ValueRange{writeAt});
        Value readWord = LLVM::GEPOp::create(in, loc, ptrType, i64Type, shadow,
                                             ValueRange{readAt});
        Value written = LLVM::LoadOp::create(in, loc, i64Type, writeWord);
        Value read = LLVM::LoadOp::create(in, loc, i64Type, readWord);
        // Whether `word` is another thread's in this epoch.
        auto another = [&](Value word) -> Value {
          Value sameEpoch = arith::CmpIOp::create(
              in, loc, arith::CmpIPredicate::eq,
              arith::ShRUIOp::create(in, loc, word, i64(in, loc, 32)), epoch);
          Value otherThread = arith::CmpIOp::create(
              in, loc, arith::CmpIPredicate::ne,
              arith::AndIOp::create(in, loc, word, i64(in, loc, 0xFFFFFFFF)),
              thread);
          return arith::AndIOp::create(in, loc, sameEpoch, otherThread);
        };
        Value otherWriter = another(written), otherReader = another(read);
        // A read races with another thread's write; a write with another
        // thread's read too.
        Value race = arith::SelectOp::create(
            in, loc, isRead, otherWriter,
            arith::OrIOp::create(in, loc, otherWriter, otherReader));
        // A read leaves the writer and adds the reader; a write is the
        // writer now, its readers kept (they are older); an async write
        // leaves neither.
        Value asWritten =
            arith::SelectOp::create(in, loc, isAsync, none, mine);
        Value newWritten =
            arith::SelectOp::create(in, loc, isRead, written, asWritten);
        LLVM::StoreOp::create(in, loc, newWritten, writeWord);
        Value asRead =
            arith::SelectOp::create(in, loc, otherReader, many, mine);
        Value kept = arith::SelectOp::create(in, loc, isAsync, none, read);
        LLVM::StoreOp::create(
            in, loc, arith::SelectOp::create(in, loc, isRead, asRead, kept),
            readWord);
        Value any = arith::OrIOp::create(in, loc, raced[0], race);
        scf::YieldOp::create(in, loc, any);
      });
  LLVM::ReturnOp::create(b, loc, scan.getResult(0));
}

/// Checks and records `access` of bytes [first, last) (index values,
/// relative to `buffer`) by the running thread, built at `b`; the
/// block stops at `op` on a race, unless it is a write that leaves the
/// bytes as they are (`unchanged`, an i1, where known: threads storing the
/// same value in any order leave the same bytes). Nothing where `buffer` is
/// not a view of a shadowed attribution.
void checkAccess(OpBuilder &b, Operation *op, const RaceState &state,
                 Value buffer, Value first, Value last, Access access,
                 Value unchanged = {}) {
  Value shadow = state.shadows.lookup(host::workgroupRoot(buffer));
  if (!shadow || !first)
    return;
  Location loc = op->getLoc();
  Type i64Type = b.getI64Type();
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value count = host::threadCount(b, loc, state.epochs, tid);
  Value epoch = arith::ExtUIOp::create(
      b, loc, i64Type,
      arith::AddIOp::create(b, loc, count,
                            arith::ConstantIntOp::create(b, loc, 1, 32)));
  Value mine = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, epoch, i64(b, loc, 32)),
      arith::IndexCastUIOp::create(b, loc, i64Type, tid));
  // Only the attribution's own bytes: an access outside it (an index out
  // of range, whose value the kernel then discards) is no other access's.
  Value size =
      index(b, loc, cast<MemRefType>(shadow.getType()).getDimSize(0) / 2);
  Value shift = host::byteOffsetInRoot(b, loc, buffer);
  Value begin = arith::AddIOp::create(b, loc, shift, first);
  Value end = arith::AddIOp::create(b, loc, shift, last);
  auto asI64 = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(
        b, loc, i64Type, arith::MinUIOp::create(b, loc, v, size));
  };
  Value address = arith::IndexCastUIOp::create(
      b, loc, i64Type,
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, shadow));
  Value base = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
  Value race =
      LLVM::CallOp::create(
          b, loc, TypeRange{b.getI1Type()}, kRaceFunction,
          ValueRange{base, asI64(begin), asI64(end), mine,
                     arith::ConstantIntOp::create(
                         b, loc, static_cast<int32_t>(access), 32)})
          .getResult();
  if (unchanged)
    race = arith::AndIOp::create(
        b, loc, race,
        arith::XOrIOp::create(b, loc, unchanged,
                              arith::ConstantIntOp::create(b, loc, 1, 1)));
  host::abortIf(b, op, race, state.kernel,
                access == Access::Read ? kRacingRead : kRacingWrite);
}

/// Checks the element access of `bytes` bytes at `indices` of `buffer`.
void checkElements(OpBuilder &b, Operation *op, const RaceState &state,
                   Value buffer, ValueRange indices, int64_t bytes,
                   Access access, Value unchanged = {}) {
  if (!state.shadows.lookup(host::workgroupRoot(buffer)))
    return;
  Location loc = op->getLoc();
  Value first = host::firstByte(b, loc, buffer, indices);
  if (!first)
    return;
  checkAccess(b, op, state, buffer, first,
              arith::AddIOp::create(b, loc, first, index(b, loc, bytes)),
              access, unchanged);
}

/// Whether `stored` (a scalar or vector of integers or floats) has the bits
/// of `old`, an i1.
Value sameBits(OpBuilder &b, Location loc, Value old, Value stored) {
  Type type = stored.getType();
  Type element = getElementTypeOrSelf(type);
  Type bits = b.getIntegerType(element.getIntOrFloatBitWidth());
  if (auto vector = dyn_cast<VectorType>(type))
    bits = vector.clone(bits);
  if (bits != type) {
    old = arith::BitcastOp::create(b, loc, bits, old);
    stored = arith::BitcastOp::create(b, loc, bits, stored);
  }
  Value equal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, old, stored);
  if (isa<VectorType>(type))
    equal = vector::ReductionOp::create(b, loc, vector::CombiningKind::AND,
                                        equal);
  return equal;
}

/// Builds `body` where the running thread's lane is below `lanes`.
void onLanesBelow(OpBuilder &b, Location loc, int64_t lanes,
                  function_ref<void(OpBuilder &)> body) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value lane =
      arith::AndIOp::create(b, loc, tid, index(b, loc, host::kWarpSize - 1));
  Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                                      index(b, loc, lanes));
  scf::IfOp::create(b, loc, below, [&](OpBuilder &then, Location) {
    body(then);
    scf::YieldOp::create(then, loc);
  });
}

Value i32(OpBuilder &b, Location loc, int32_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// The running thread's clock's word in `state.epochs`, and its value.
std::pair<Value, Value> ownClock(OpBuilder &b, Location loc,
                                 const RaceState &state) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return {tid, host::threadCount(b, loc, state.epochs, tid)};
}

/// `word` of `words` raised to at least `value` (i32).
void raiseTo(OpBuilder &b, Location loc, Value words, Value word,
             Value value) {
  Value old = memref::LoadOp::create(b, loc, words, ValueRange{word});
  memref::StoreOp::create(b, loc, arith::MaxSIOp::create(b, loc, old, value),
                          words, ValueRange{word});
}

/// The running thread arrives at barrier group `group` (an i32): its clock
/// joins the generation's; returns that generation's word of
/// state.barrierClocks.
Value arriveWithClock(OpBuilder &b, Location loc, const RaceState &state,
                      Value group) {
  auto [tid, clock] = ownClock(b, loc, state);
  Value passAt = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tid, index(b, loc, kBarrierGroups)),
      arith::IndexCastOp::create(b, loc, b.getIndexType(), group));
  Value pass = arith::AddIOp::create(
      b, loc, memref::LoadOp::create(b, loc, state.passes, ValueRange{passAt}),
      i32(b, loc, 1));
  memref::StoreOp::create(b, loc, pass, state.passes, ValueRange{passAt});
  Value slot = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, group, i32(b, loc, 2)),
      arith::AndIOp::create(b, loc, pass, i32(b, loc, 1)));
  Value slotAt = arith::IndexCastOp::create(b, loc, b.getIndexType(), slot);
  raiseTo(b, loc, state.barrierClocks, slotAt, clock);
  return slotAt;
}

/// After the barrier: the running thread's clock is one more than every
/// clock that arrived in its generation.
void leaveWithClock(OpBuilder &b, Location loc, const RaceState &state,
                    Value slotAt) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value joined =
      memref::LoadOp::create(b, loc, state.barrierClocks, ValueRange{slotAt});
  memref::StoreOp::create(b, loc,
                          arith::AddIOp::create(b, loc, joined, i32(b, loc, 1)),
                          state.epochs, ValueRange{tid});
}

/// A per-mbarrier record of two i32 words for every 8 bytes of `root`.
Value addMbarrierRecords(const RaceState &state, BlockArgument root) {
  auto type = cast<MemRefType>(root.getType());
  int64_t bytes =
      type.getNumElements() * host::elementBytes(type.getElementType());
  return host::addWords(state.function, 2 * (bytes / 8 + 1), 32);
}

/// The first of the two words that mbarrier `barriers[barrier]` has in a
/// per-mbarrier record of its attribution (two words per 8 bytes).
Value mbarrierRecordAt(OpBuilder &b, Location loc, Value barriers,
                       Value barrier) {
  Value byte = arith::AddIOp::create(
      b, loc, host::byteOffsetInRoot(b, loc, barriers),
      arith::MulIOp::create(b, loc, barrier, index(b, loc, 8)));
  return arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, byte, index(b, loc, 8)),
      index(b, loc, 2));
}

/// The word of the mbarrier `barriers[barrier]`'s phase of `parity` (an
/// i32) in its attribution's mbarrier clocks, added on first use.
Value mbarrierClockAt(OpBuilder &b, Location loc, RaceState &state,
                      Value barriers, Value barrier, Value parity) {
  BlockArgument root = host::workgroupRoot(barriers);
  Value &clocks = state.mbarrierClocks[root];
  if (!clocks)
    clocks = addMbarrierRecords(state, root);
  return arith::AddIOp::create(
      b, loc, mbarrierRecordAt(b, loc, barriers, barrier),
      arith::IndexCastOp::create(
          b, loc, b.getIndexType(),
          arith::AndIOp::create(b, loc, parity, i32(b, loc, 1))));
}

/// An arrival on `barriers[barrier]`: the phase now in progress (its
/// parity is bit 22 of the mbarrier's first word, HostMbarrier.cpp) hands
/// its waiters at least the arriving thread's clock, plus `after`.
void arriveOnMbarrier(OpBuilder &b, Location loc, RaceState &state,
                      Value barriers, Value barrier, int32_t after) {
  if (!host::workgroupRoot(barriers))
    return;
  Value word = memref::LoadOp::create(b, loc, barriers, ValueRange{barrier});
  Value parity = arith::TruncIOp::create(
      b, loc, b.getI32Type(),
      arith::ShRUIOp::create(b, loc, word, i64(b, loc, 22)));
  Value at = mbarrierClockAt(b, loc, state, barriers, barrier, parity);
  auto [tid, clock] = ownClock(b, loc, state);
  raiseTo(b, loc, state.mbarrierClocks[host::workgroupRoot(barriers)], at,
          arith::AddIOp::create(b, loc, clock, i32(b, loc, after)));
}

/// The words of `root`'s mbarrier fence records (RaceState::mbarrierFences),
/// added on first use.
Value mbarrierFenceWords(RaceState &state, BlockArgument root) {
  Value &words = state.mbarrierFences[root];
  if (!words)
    words = addMbarrierRecords(state, root);
  return words;
}

/// After an mbarrier_init: the running thread set it up, unfenced.
void recordMbarrierInit(OpBuilder &b, Location loc, RaceState &state,
                        Value barriers, Value barrier) {
  BlockArgument root = host::workgroupRoot(barriers);
  if (!root)
    return;
  Value words = mbarrierFenceWords(state, root);
  Value at = mbarrierRecordAt(b, loc, barriers, barrier);
  auto [tid, clock] = ownClock(b, loc, state);
  memref::StoreOp::create(
      b, loc, arith::IndexCastOp::create(b, loc, b.getI32Type(), tid), words,
      ValueRange{at});
  memref::StoreOp::create(
      b, loc, i32(b, loc, kUnfenced), words,
      ValueRange{arith::AddIOp::create(b, loc, at, index(b, loc, 1))});
}

/// At a fence.mbarrier_init or fence.proxy.async: every mbarrier the
/// running thread set up and had not fenced is fenced at its clock.
void recordMbarrierFence(OpBuilder &b, Location loc, RaceState &state) {
  auto [tid, clock] = ownClock(b, loc, state);
  Value me = arith::IndexCastOp::create(b, loc, b.getI32Type(), tid);
  for (BlockArgument root : state.mbarrierRoots) {
    Value words = mbarrierFenceWords(state, root);
    int64_t records = cast<MemRefType>(words.getType()).getDimSize(0) / 2;
    scf::ForOp::create(
        b, loc, index(b, loc, 0), index(b, loc, records), index(b, loc, 1),
        ValueRange{}, [&](OpBuilder &in, Location, Value record, ValueRange) {
          Value at = arith::MulIOp::create(in, loc, record, index(in, loc, 2));
          Value clockAt = arith::AddIOp::create(in, loc, at, index(in, loc, 1));
          Value mine = arith::AndIOp::create(
              in, loc,
              arith::CmpIOp::create(
                  in, loc, arith::CmpIPredicate::eq,
                  memref::LoadOp::create(in, loc, words, ValueRange{at}), me),
              arith::CmpIOp::create(
                  in, loc, arith::CmpIPredicate::eq,
                  memref::LoadOp::create(in, loc, words, ValueRange{clockAt}),
                  i32(in, loc, kUnfenced)));
          scf::IfOp::create(in, loc, mine, [&](OpBuilder &then, Location) {
            memref::StoreOp::create(then, loc, clock, words,
                                    ValueRange{clockAt});
            scf::YieldOp::create(then, loc);
          });
          scf::YieldOp::create(in, loc);
        });
  }
}

/// Before a TMA copy or tcgen05 commit on `barriers[barrier]` (the async
/// proxy's uses): set up by the running thread, the mbarrier must have been
/// fenced since; by another thread, its fence must have a clock below the
/// running thread's.
void checkMbarrierFenced(OpBuilder &b, Operation *op, RaceState &state,
                         Value barriers, Value barrier) {
  BlockArgument root = host::workgroupRoot(barriers);
  if (!root || !state.mbarrierFences.count(root))
    return;
  Location loc = op->getLoc();
  Value words = state.mbarrierFences.lookup(root);
  Value at = mbarrierRecordAt(b, loc, barriers, barrier);
  auto [tid, clock] = ownClock(b, loc, state);
  Value setter = memref::LoadOp::create(b, loc, words, ValueRange{at});
  Value fenced = memref::LoadOp::create(
      b, loc, words,
      ValueRange{arith::AddIOp::create(b, loc, at, index(b, loc, 1))});
  Value mine = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, setter,
      arith::IndexCastOp::create(b, loc, b.getI32Type(), tid));
  Value unfenced = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         fenced, i32(b, loc, kUnfenced));
  host::abortIf(b, op, arith::AndIOp::create(b, loc, mine, unfenced),
                state.kernel,
                "has the async proxy use an mbarrier that a thread set up "
                "with no fence.mbarrier_init or fence.proxy.async after it "
                "(the async proxy may not see the setup)");
  Value another = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, setter,
                            i32(b, loc, -1)),
      arith::XOrIOp::create(b, loc, mine,
                            arith::ConstantIntOp::create(b, loc, 1, 1)));
  Value unordered = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                          fenced, clock);
  host::abortIf(b, op, arith::AndIOp::create(b, loc, another, unordered),
                state.kernel,
                "has the async proxy use an mbarrier that another thread set "
                "up with no fence.mbarrier_init or fence.proxy.async before "
                "a barrier that orders the setup before this use (the async "
                "proxy may not see the setup)");
}

/// A use of mbarrier `barriers[barrier]` other than its init and inval.
void checkMbarrierUse(OpBuilder &b, Operation *op, const RaceState &state,
                      Value barriers, Value barrier) {
  checkElements(b, op, state, barriers, barrier, 8, Access::Read);
}

void instrument(Operation *op, RaceState &state) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    checkElements(b, op, state, load.getMemref(), load.getIndices(),
                  host::elementBytes(load.getType()), Access::Read);
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (!state.shadows.lookup(host::workgroupRoot(store.getMemref())))
      return;
    Value old = memref::LoadOp::create(b, loc, store.getMemref(),
                                       store.getIndices());
    checkElements(b, op, state, store.getMemref(), store.getIndices(),
                  host::elementBytes(store.getValueToStore().getType()),
                  Access::Write,
                  sameBits(b, loc, old, store.getValueToStore()));
  } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
    VectorType vector = load.getVectorType();
    if (vector.getRank() == 1)
      checkElements(b, op, state, load.getBase(), load.getIndices(),
                    vector.getNumElements() *
                        host::elementBytes(vector.getElementType()),
                    Access::Read);
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    VectorType vector = store.getVectorType();
    if (vector.getRank() != 1 ||
        !state.shadows.lookup(host::workgroupRoot(store.getBase())))
      return;
    Value old = vector::LoadOp::create(b, loc, vector, store.getBase(),
                                       store.getIndices());
    checkElements(b, op, state, store.getBase(), store.getIndices(),
                  vector.getNumElements() *
                      host::elementBytes(vector.getElementType()),
                  Access::Write,
                  sameBits(b, loc, old, store.getValueToStore()));
  } else if (auto rows = dyn_cast<nvgpu::LdMatrixOp>(op)) {
    // Lane L names row L % 8 of matrix L / 8: 16 bytes.
    onLanesBelow(b, loc, 8 * rows.getNumTiles(), [&](OpBuilder &then) {
      checkElements(then, op, state, rows.getSrcMemref(), rows.getIndices(),
                    16, Access::Read);
    });
  } else if (auto copy = dyn_cast<tile_dist::AsyncCopyOp>(op)) {
    checkElements(b, op, state, copy.getDestination(), copy.getIndex(), 16,
                  Access::Write);
  } else if (isa<tile_dist::MbarrierInitOp, tile_dist::MbarrierInvalOp>(op)) {
    checkElements(b, op, state, op->getOperand(0), op->getOperand(1), 8,
                  Access::Write);
    if (isa<tile_dist::MbarrierInitOp>(op)) {
      b.setInsertionPointAfter(op);
      recordMbarrierInit(b, loc, state, op->getOperand(0), op->getOperand(1));
    }
  } else if (isa<NVVM::FenceMbarrierInitOp>(op)) {
    recordMbarrierFence(b, loc, state);
  } else if (auto fence = dyn_cast<NVVM::FenceProxyOp>(op);
             fence && host::fencesToAsyncProxy(fence)) {
    recordMbarrierFence(b, loc, state);
  } else if (auto alloc = dyn_cast<tile_dist::TmemAllocOp>(op)) {
    onLanesBelow(b, loc, 1, [&](OpBuilder &then) {
      checkElements(then, op, state, alloc.getSlots(), alloc.getSlot(), 4,
                    Access::Write);
    });
  } else if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op)) {
    auto [first, last] = host::boxBytes(b, loc, copy.getDestination(),
                                        copy.getIndex(), copy.getBox());
    checkAccess(b, op, state, copy.getDestination(), first, last,
                Access::AsyncWrite);
    checkMbarrierUse(b, op, state, copy.getBarriers(), copy.getBarrier());
    checkMbarrierFenced(b, op, state, copy.getBarriers(), copy.getBarrier());
  } else if (auto store = dyn_cast<tile_dist::TensorStoreOp>(op)) {
    auto [first, last] = host::boxBytes(b, loc, store.getSource(),
                                        store.getIndex(), store.getBox());
    checkAccess(b, op, state, store.getSource(), first, last, Access::Read);
  } else if (isa<gpu::BarrierOp>(op)) {
    Value slot = arriveWithClock(b, loc, state, i32(b, loc, 0));
    b.setInsertionPointAfter(op);
    leaveWithClock(b, loc, state, slot);
  } else if (auto barrier = dyn_cast<NVVM::BarrierOp>(op)) {
    if (!host::isHostBarrier(barrier))
      return;
    Value group = i32(b, loc, 0);
    if (barrier.getNumberOfThreads())
      group = arith::AddIOp::create(
          b, loc,
          barrier.getBarrierId() ? barrier.getBarrierId() : i32(b, loc, 0),
          i32(b, loc, 1));
    Value slot = arriveWithClock(b, loc, state, group);
    b.setInsertionPointAfter(op);
    leaveWithClock(b, loc, state, slot);
  } else if (auto arrive = dyn_cast<NVVM::BarrierArriveOp>(op)) {
    arriveWithClock(
        b, loc, state,
        arith::AddIOp::create(
            b, loc,
            arrive.getBarrierId() ? arrive.getBarrierId() : i32(b, loc, 0),
            i32(b, loc, 1)));
  } else if (auto arrive = dyn_cast<tile_dist::MbarrierArriveOp>(op)) {
    // A thread's hand-over: what it did before is over for the waiters.
    checkMbarrierUse(b, op, state, arrive.getBarriers(), arrive.getBarrier());
    arriveOnMbarrier(b, loc, state, arrive.getBarriers(), arrive.getBarrier(),
                     1);
  } else if (auto expect = dyn_cast<tile_dist::MbarrierExpectTxOp>(op)) {
    // The bytes it announces are async writes, which no clock orders;
    // the arriving thread's clock is handed on as it is.
    checkMbarrierUse(b, op, state, expect.getBarriers(), expect.getBarrier());
    arriveOnMbarrier(b, loc, state, expect.getBarriers(), expect.getBarrier(),
                     0);
  } else if (auto commit = dyn_cast<tile_dist::TensorMmaCommitOp>(op)) {
    checkMbarrierUse(b, op, state, commit.getBarriers(), commit.getBarrier());
    checkMbarrierFenced(b, op, state, commit.getBarriers(),
                        commit.getBarrier());
    arriveOnMbarrier(b, loc, state, commit.getBarriers(), commit.getBarrier(),
                     0);
  } else if (auto wait = dyn_cast<tile_dist::MbarrierWaitOp>(op)) {
    if (!host::workgroupRoot(wait.getBarriers()))
      return;
    checkMbarrierUse(b, op, state, wait.getBarriers(), wait.getBarrier());
    b.setInsertionPointAfter(op);
    Value at = mbarrierClockAt(b, loc, state, wait.getBarriers(),
                               wait.getBarrier(), wait.getParity());
    auto [tid, clock] = ownClock(b, loc, state);
    Value handed = memref::LoadOp::create(
        b, loc, state.mbarrierClocks[host::workgroupRoot(wait.getBarriers())],
        ValueRange{at});
    memref::StoreOp::create(b, loc, arith::MaxSIOp::create(b, loc, clock,
                                                           handed),
                            state.epochs, ValueRange{tid});
  }
}

} // namespace

void host::checkRaces(gpu::GPUFuncOp kernel) {
  SmallVector<BlockArgument> roots(kernel.getWorkgroupAttributions());
  if (roots.empty())
    return;
  SmallVector<Operation *> ops;
  kernel.walk([&](Operation *op) { ops.push_back(op); });
  declareRaceFunction(kernel->getParentOfType<ModuleOp>());
  RaceState state;
  state.function = kernel;
  state.kernel = kernel.getName();
  for (BlockArgument root : roots) {
    auto type = cast<MemRefType>(root.getType());
    if (type.hasStaticShape() && type.getElementType().isIntOrFloat())
      state.shadows[root] = host::addShadow(kernel, root, /*wordsPerByte=*/2);
  }
  for (Operation *op : ops)
    if (auto init = dyn_cast<tile_dist::MbarrierInitOp>(op))
      if (BlockArgument root = host::workgroupRoot(init.getBarriers());
          root && !llvm::is_contained(state.mbarrierRoots, root))
        state.mbarrierRoots.push_back(root);
  state.epochs = host::addThreadCounts(kernel);
  state.passes =
      host::addWords(kernel, host::kMaxThreads * kBarrierGroups, 32);
  state.barrierClocks = host::addWords(kernel, kBarrierGroups * 2, 32);
  for (Operation *op : ops)
    instrument(op, state);
}
