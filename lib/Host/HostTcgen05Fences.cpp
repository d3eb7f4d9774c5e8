//===- HostTcgen05Fences.cpp - tcgen05 fences around the block's barriers -===//
//
// tcgen05 operations (tensor memory's allocation and deallocation, its
// loads and stores, the mma and its commit) are asynchronous. A barrier
// orders one thread's before another's only where the first thread issued
// tcgen05.fence::before_thread_sync after its ops and before the barrier,
// and the second tcgen05.fence::after_thread_sync after the barrier and
// before its ops (PTX ISA, the tcgen05 memory consistency model). The host
// runs them at issue in one memory, where nothing would show a missing
// fence, so it checks the rule at the block's barriers instead:
//   - each thread keeps two sets of flags: the kinds of tcgen05 ops it has
//     issued since its last fence::before_thread_sync (a commit clears the
//     mmas': its mbarrier orders them), and since its last barrier;
//   - arriving at a barrier it publishes both, in one of two slots by the
//     barrier's parity (every thread passes barrier k before any reaches
//     barrier k + 2, so the slot of k holds until every thread is past k);
//   - a tcgen05 op stops the block where a thread of another warp reached
//     the last barrier with ops it had not fenced, or where a barrier since
//     this thread's last fence::after_thread_sync came after another warp's
//     ops (the barriers between pass the order on).
// A named barrier (bar.sync with a count: warp specialization's
// consumers') counts as the block's barrier for the threads that take part;
// the warps that never reach it (the producers) issue no tcgen05 ops, so
// their slots stay clear.
// Ops of one warp are not checked against each other: tensor memory's
// loads, stores and allocation are the warp's collective ops, and one
// thread's mmas and commits are ordered. Nor are two warps' loads and
// stores: a warp reaches only its own quarter of the lanes, and tile-sched
// gives the two warps of a quarter their own halves of it or their own
// columns (AccumulatorAccesses, Tcgen05Lowering.cpp). The wide ops (the mma
// and its commit, which reach every lane, and the allocation and its
// release) are checked against everything. It does not track which columns
// each op touches beyond that, so it asks for the fences even where wide
// ops on either side are independent.
//
//===----------------------------------------------------------------------===//
#include "HostBlock.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// The block's flags, per barrier parity: a thread reached the barrier
/// with tcgen05 ops it had not fenced; with tcgen05 ops since the barrier
/// before.
constexpr llvm::StringLiteral kUnfencedGlobals[2] = {
    "__tilechain_host_tcgen05_unfenced0", "__tilechain_host_tcgen05_unfenced1"};
constexpr llvm::StringLiteral kActiveGlobals[2] = {
    "__tilechain_host_tcgen05_active0", "__tilechain_host_tcgen05_active1"};

/// The kinds of tcgen05 ops, bits of a thread's flag byte: a warp's loads
/// and stores of its lanes, and the wide ops.
constexpr int64_t kLanesOp = 1, kWideOp = 2;

/// The kind of `op`, 0 where it is no tcgen05 op.
int64_t tcgen05Kind(Operation *op) {
  if (isa<tile_dist::TmemLoadOp, tile_dist::TmemStoreOp,
          tile_dist::TmemStoreLanesOp>(op))
    return kLanesOp;
  if (isa<tile_dist::TmemAllocOp, tile_dist::TmemDeallocOp,
          tile_dist::TensorMmaOp, tile_dist::TensorMmaCommitOp>(op))
    return kWideOp;
  return 0;
}

/// A thread's own state, in allocas of the kernel's entry block: i8 flags
/// (the kinds of its ops since its last fence::before_thread_sync, and
/// since its last barrier; the kinds of other warps' ops that barriers
/// ordered before it since its last fence::after_thread_sync) and its count
/// of barriers passed (i32).
struct ThreadState {
  Value unfenced, active, needsAfter, passed;
  Value tid; // i32
  std::array<Value, 2> unfencedSlots, activeSlots;
};

Value i8Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 8);
}

void store(OpBuilder &b, Location loc, Value value, Value at) {
  LLVM::StoreOp::create(b, loc, value, at);
}

Value load(OpBuilder &b, Location loc, Type type, Value at) {
  return LLVM::LoadOp::create(b, loc, type, at);
}

/// Slot (passed + `ahead`) mod 2 of `slots`.
Value slotOf(OpBuilder &b, Location loc, const ThreadState &state,
             const std::array<Value, 2> &slots, int64_t ahead) {
  Value passed = load(b, loc, b.getI32Type(), state.passed);
  Value odd = arith::TruncIOp::create(
      b, loc, b.getI1Type(),
      arith::AddIOp::create(b, loc, passed,
                            arith::ConstantIntOp::create(b, loc, ahead, 32)));
  return LLVM::SelectOp::create(b, loc, odd, slots[1], slots[0]);
}

/// The flags (an i8, or-ed) of the threads outside the warp of `tid` (an
/// i32) in `flags`.
Value outsideWarp(OpBuilder &b, Location loc, Value flags, Value tid) {
  Type i64 = b.getI64Type();
  auto c64 = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIntOp::create(at, loc, v, 64);
  };
  Value warp = arith::DivUIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, tid), c64(b, host::kWarpSize));
  auto any = scf::ForOp::create(
      b, loc, c64(b, 0), c64(b, host::kMaxThreads), c64(b, 1),
      ValueRange{i8Constant(b, loc, 0)},
      [&](OpBuilder &at, Location, Value t, ValueRange seen) {
        Value flag = load(at, loc, at.getI8Type(),
                          LLVM::GEPOp::create(at, loc, flags.getType(),
                                              at.getI8Type(), flags,
                                              ArrayRef<LLVM::GEPArg>{t}));
        Value elsewhere = arith::CmpIOp::create(
            at, loc, arith::CmpIPredicate::ne,
            arith::DivUIOp::create(at, loc, t, c64(at, host::kWarpSize)), warp);
        Value counted = arith::SelectOp::create(at, loc, elsewhere, flag,
                                                i8Constant(at, loc, 0));
        scf::YieldOp::create(
            at, loc, ValueRange{arith::OrIOp::create(at, loc, seen[0], counted)});
      });
  return any.getResult(0);
}

/// Whether i8 `flags` has a bit of `mask`.
Value hasKind(OpBuilder &b, Location loc, Value flags, int64_t mask) {
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, flags, i8Constant(b, loc, mask)),
      i8Constant(b, loc, 0));
}

/// Before each tcgen05 op: the checks, after a first barrier (the slots
/// hold an earlier block's flags until every thread has published in them);
/// after it, the thread's flags.
void checkOp(Operation *op, int64_t kind, const ThreadState &state,
             StringRef kernel) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  // What it must come after: everything for a wide op, the wide ops for a
  // warp's loads and stores.
  int64_t after = kind == kWideOp ? kLanesOp | kWideOp : kWideOp;
  Value afterBarrier = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      load(b, loc, b.getI32Type(), state.passed),
      arith::ConstantIntOp::create(b, loc, 0, 32));
  Value unfencedElsewhere = hasKind(
      b, loc,
      outsideWarp(b, loc, slotOf(b, loc, state, state.unfencedSlots, 0),
                  state.tid),
      after);
  host::abortIf(b, op,
                arith::AndIOp::create(b, loc, afterBarrier, unfencedElsewhere),
                kernel,
                "follows a barrier that another warp reached with tcgen05 "
                "ops and no tcgen05.fence::before_thread_sync after them");
  host::abortIf(
      b, op,
      hasKind(b, loc, load(b, loc, b.getI8Type(), state.needsAfter), after),
      kernel,
      "follows a barrier after other warps' tcgen05 ops with no "
      "tcgen05.fence::after_thread_sync since the barrier");
  b.setInsertionPointAfter(op);
  auto addKind = [&](Value flags, int64_t bits) {
    store(b, loc,
          arith::OrIOp::create(b, loc, load(b, loc, b.getI8Type(), flags),
                               i8Constant(b, loc, bits)),
          flags);
  };
  if (isa<tile_dist::TensorMmaCommitOp>(op)) // its mbarrier orders the mmas
    store(b, loc,
          arith::AndIOp::create(b, loc,
                                load(b, loc, b.getI8Type(), state.unfenced),
                                i8Constant(b, loc, kLanesOp)),
          state.unfenced);
  else
    addKind(state.unfenced, kind);
  addKind(state.active, kind);
}

/// At each barrier: the thread's flags published in the slot of the
/// barrier it reaches; past it, a new count, and the kinds of the other
/// warps' ops before it added to those the thread must fence after.
void publishAt(Operation *barrier, const ThreadState &state) {
  OpBuilder b(barrier);
  Location loc = barrier->getLoc();
  Value index = arith::ExtUIOp::create(b, loc, b.getI64Type(), state.tid);
  auto publish = [&](const std::array<Value, 2> &slots, Value flag) {
    Value at = LLVM::GEPOp::create(b, loc, slots[0].getType(), b.getI8Type(),
                                   slotOf(b, loc, state, slots, 1),
                                   ArrayRef<LLVM::GEPArg>{index});
    store(b, loc, load(b, loc, b.getI8Type(), flag), at);
  };
  publish(state.unfencedSlots, state.unfenced);
  publish(state.activeSlots, state.active);
  store(b, loc, i8Constant(b, loc, 0), state.active);
  b.setInsertionPointAfter(barrier);
  Value passed = load(b, loc, b.getI32Type(), state.passed);
  store(b, loc,
        arith::AddIOp::create(b, loc, passed,
                              arith::ConstantIntOp::create(b, loc, 1, 32)),
        state.passed);
  store(b, loc,
        arith::OrIOp::create(
            b, loc, load(b, loc, b.getI8Type(), state.needsAfter),
            outsideWarp(b, loc, slotOf(b, loc, state, state.activeSlots, 0),
                        state.tid)),
        state.needsAfter);
}

} // namespace

void tilechain::host::checkTcgen05Fences(gpu::GPUFuncOp kernel) {
  SmallVector<std::pair<Operation *, int64_t>> ops;
  SmallVector<Operation *> fences;
  SmallVector<Operation *> barriers;
  kernel.walk([&](Operation *op) {
    if (int64_t kind = tcgen05Kind(op))
      ops.push_back({op, kind});
    else if (isa<NVVM::Tcgen05FenceOp>(op))
      fences.push_back(op);
    else if (isa<gpu::BarrierOp>(op))
      barriers.push_back(op);
    else if (auto named = dyn_cast<NVVM::BarrierOp>(op);
             named && host::isHostBarrier(named))
      barriers.push_back(op);
  });
  if (ops.empty())
    return;
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Location loc = kernel.getLoc();
  auto module = kernel->getParentOfType<ModuleOp>();
  auto ptrType = LLVM::LLVMPointerType::get(kernel.getContext());
  auto threadSlot = [&](unsigned bits) -> Value {
    Type type = b.getIntegerType(bits);
    Value at = LLVM::AllocaOp::create(
        b, loc, ptrType, type, arith::ConstantIntOp::create(b, loc, 1, 32),
        4);
    store(b, loc, arith::ConstantIntOp::create(b, loc, 0, bits), at);
    return at;
  };
  ThreadState state;
  state.unfenced = threadSlot(8);
  state.active = threadSlot(8);
  state.needsAfter = threadSlot(8);
  state.passed = threadSlot(32);
  state.tid = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  for (int slot = 0; slot < 2; ++slot) {
    state.unfencedSlots[slot] =
        blockFlags(b, loc, module, kUnfencedGlobals[slot]);
    state.activeSlots[slot] = blockFlags(b, loc, module, kActiveGlobals[slot]);
    setThreadFlag(b, loc, state.unfencedSlots[slot], state.tid, false);
    setThreadFlag(b, loc, state.activeSlots[slot], state.tid, false);
  }
  for (auto [op, kind] : ops)
    checkOp(op, kind, state, kernel.getName());
  for (Operation *barrier : barriers)
    publishAt(barrier, state);
  for (Operation *op : fences) {
    auto fence = cast<NVVM::Tcgen05FenceOp>(op);
    OpBuilder at(fence);
    Location fenceLoc = fence.getLoc();
    if (fence.getKind() == NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC)
      store(at, fenceLoc, i8Constant(at, fenceLoc, 0), state.unfenced);
    else
      store(at, fenceLoc, i8Constant(at, fenceLoc, 0), state.needsAfter);
  }
}
