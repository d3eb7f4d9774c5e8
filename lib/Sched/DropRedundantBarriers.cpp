//===- DropRedundantBarriers.cpp - barriers that order no conflict --------===//
//
// A gpu.barrier orders what the block's threads do before it with what they
// do after it. It is needed only where an access by one thread before it
// and one by another thread after it conflict: they touch the same shared
// memory bytes (or global memory, whose addresses are not analysed) and
// one of them writes. Triton's Membar analysis places barriers by the same
// rule; here it removes the ones the lowerings and the shared-memory plan
// put where an earlier or later barrier already does the work (an
// attention loop's ring closing after a loop whose own barriers ordered its
// reads, an epilogue's staging over bytes last read before the loop's
// barriers, a mask exchange after the products' barrier).
//
// The stretch before a barrier runs back to a barrier on every path: to
// the previous one of its block, through a loop body's suffix after its
// last barrier and on before the loop unless it surely runs, through both
// branches of an scf.if, out of a loop body both along the back edge and
// out of the loop, out of an scf.if. The stretch after it runs forward
// likewise. The start and end of the kernel end a stretch; any other region
// keeps the barrier.
//
// An access is an op's memory effect: on bytes of one of the kernel's
// workgroup attributions (views at constant shifts give the span, else the
// whole attribution), on global memory, on tensor memory (its columns not
// analysed: the allocation, deallocation, stores and products write it,
// loads read it), or on anything (a memref from elsewhere or in another
// memory space, a generic pointer, an op that declares no effects: calls).
// The threads' own allocas and private attributions do not count, nor do
// mma.sync (registers), wgmma's fence and commit, which order a
// warpgroup's own registers, cp.async's commit, which closes the thread's
// group of copies, fence.mbarrier_init (thread 0's init itself writes the
// mbarrier), the tcgen05 fences (they order their thread's tensor memory
// accesses with whichever barrier comes next or came last, so those
// accesses decide), or the intrinsics LLVM says touch no memory (the NVVM
// math).
// A fence.proxy.async before a barrier conflicts with the async-proxy
// accesses after it (TMA copies and stores, wgmma, tcgen05.mma): it orders
// its thread's generic writes before them. The asynchronous ops count
// where their effects reach the other threads:
// - a wgmma's operand reads last until its warpgroup_wait; in the stretch
//   before, a wait reads the operands of the products issued since the
//   thread's last wait for all groups;
// - an mbarrier's arrivals, expected bytes and waits are atomic (reads
//   here); its init and inval write it. In the stretch before, a wait also
//   stands for what the ops it may complete do: every TMA copy's bytes,
//   every tcgen05.mma's operand reads and tensor memory write;
// - a cp.async copy writes its bytes at issue, and a cp.async wait in the
//   stretch before stands for every cp.async copy's bytes: the thread's
//   copies issued before an earlier barrier may land only now.
// Two accesses by thread 0 alone are in program order: no conflict. Nor do
// two tensor memory allocations or deallocations by warp 0, which its 32
// threads run together in program order (a new allocation after the last
// one's deallocation). Thread 0 is an scf.if on tid == 0, or on lane 0 of
// warp 0, warp 0 one on tid >> k == 0 (k <= 5), in blocks of (N, 1, 1)
// threads (nvvm.reqntid).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"

#include "ViewBytes.h"

#include "tilechain/Dialect/TileDist/IR/AsyncProxy.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace tilechain;

namespace {

/// `v` without index casts.
Value stripCasts(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

bool isThreadIdX(Value v) {
  auto id = stripCasts(v).getDefiningOp<gpu::ThreadIdOp>();
  return id && id.getDimension() == gpu::Dimension::x;
}

std::optional<int64_t> constant(Value v) {
  return getConstantIntValue(stripCasts(v));
}

/// The operand of `cmp` other than a zero, where it compares for equality
/// with zero.
Value comparedWithZero(Value condition) {
  auto cmp = condition.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
    return {};
  if (constant(cmp.getRhs()) == 0)
    return cmp.getLhs();
  if (constant(cmp.getLhs()) == 0)
    return cmp.getRhs();
  return {};
}

/// k where `v` is tid & (2^k - 1) (lane bits), or 0.
int64_t lowBitsOfThreadId(Value v) {
  auto mask = stripCasts(v).getDefiningOp<arith::AndIOp>();
  if (!mask)
    return 0;
  for (auto [id, bits] : {std::pair{mask.getLhs(), mask.getRhs()},
                          std::pair{mask.getRhs(), mask.getLhs()}}) {
    std::optional<int64_t> m = constant(bits);
    if (isThreadIdX(id) && m && *m > 0 && llvm::isPowerOf2_64(*m + 1))
      return llvm::Log2_64(*m + 1);
  }
  return 0;
}

/// k where `v` is tid >> k or tid / 2^k (the high bits), or 0.
int64_t highBitsShiftOfThreadId(Value v) {
  Operation *def = stripCasts(v).getDefiningOp();
  if (!def || def->getNumOperands() != 2 || !isThreadIdX(def->getOperand(0)))
    return 0;
  std::optional<int64_t> by = constant(def->getOperand(1));
  if (!by || *by <= 0)
    return 0;
  if (isa<arith::ShRUIOp>(def))
    return *by;
  if (isa<arith::DivUIOp>(def) && llvm::isPowerOf2_64(*by))
    return llvm::Log2_64(*by);
  return 0;
}

/// Whether `condition` (an i1) implies thread_id x == 0.
bool impliesThreadZero(Value condition) {
  if (Value zero = comparedWithZero(condition))
    return isThreadIdX(zero);
  auto both = condition.getDefiningOp<arith::AndIOp>();
  if (!both)
    return false;
  if (impliesThreadZero(both.getLhs()) || impliesThreadZero(both.getRhs()))
    return true;
  Value a = comparedWithZero(both.getLhs());
  Value b = comparedWithZero(both.getRhs());
  if (!a || !b)
    return false;
  int64_t low = lowBitsOfThreadId(a), high = highBitsShiftOfThreadId(b);
  if (!low) {
    low = lowBitsOfThreadId(b);
    high = highBitsShiftOfThreadId(a);
  }
  return low && low == high;
}

/// Whether `condition` (an i1) implies thread_id x < 32: tid >> k == 0 or
/// tid / 2^k == 0 with k at most 5.
bool impliesWarpZero(Value condition) {
  if (Value zero = comparedWithZero(condition)) {
    int64_t shift = highBitsShiftOfThreadId(zero);
    return isThreadIdX(zero) || (shift && shift <= 5);
  }
  auto both = condition.getDefiningOp<arith::AndIOp>();
  return both &&
         (impliesWarpZero(both.getLhs()) || impliesWarpZero(both.getRhs()));
}

/// Whether `op` is in the then-region of an scf.if whose condition
/// `implies` something of the thread.
bool runsWhere(Operation *op, bool (*implies)(Value)) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion()) {
    auto branch = dyn_cast<scf::IfOp>(region->getParentOp());
    if (branch && region == &branch.getThenRegion() &&
        implies(branch.getCondition()))
      return true;
  }
  return false;
}

/// Whether `memref` is the thread's own: an alloca or a private attribution,
/// or a view of one.
bool isThreadPrivate(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (isa<memref::AllocaOp, LLVM::AllocaOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    memref = view.getViewSource();
  }
  auto arg = cast<BlockArgument>(memref);
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  return func && llvm::is_contained(func.getPrivateAttributions(), arg);
}

/// What one op does to memory another thread may touch.
struct Access {
  /// ProxyFence: a fence.proxy.async, which orders the thread's generic
  /// accesses before the async-proxy accesses after a barrier.
  /// TensorMemory: the CTA's tensor memory, its columns not analysed.
  enum Kind : uint8_t { Shared, Global, TensorMemory, Anything, ProxyFence };
  /// Who performs it. Thread 0's accesses are in its program order, and so
  /// are warp 0's tensor memory allocations and deallocations, which the
  /// warp's 32 threads run together (`.sync.aligned`).
  enum Runs : uint8_t { AnyThreads, ThreadZero, WarpZeroTogether };
  Kind kind = Anything;
  Value root; // Shared: the workgroup attribution
  int64_t begin = 0, end = std::numeric_limits<int64_t>::max();
  bool write = true;
  Runs runs = AnyThreads;
  bool asyncProxy = false; // by a TMA copy or store, wgmma or tcgen05.mma
};

/// Whether `a`, before a barrier, and `b`, after it, conflict.
bool conflict(const Access &a, const Access &b) {
  if (a.runs != Access::AnyThreads && a.runs == b.runs)
    return false;
  // A proxy fence orders its thread's earlier generic accesses before the
  // async-proxy accesses that come after the barrier; after the barrier it
  // orders nothing before it.
  if (b.kind == Access::ProxyFence)
    return a.kind == Access::Anything;
  if (a.kind == Access::ProxyFence)
    return b.asyncProxy || b.kind == Access::Anything;
  if (a.kind == Access::Anything || b.kind == Access::Anything)
    return true;
  if (a.kind != b.kind || (!a.write && !b.write))
    return false;
  if (a.kind == Access::Global || a.kind == Access::TensorMemory)
    return true;
  return a.root == b.root && a.begin < b.end && b.begin < a.end;
}

/// The kind of memory a memref of `type` is in: Shared (workgroup), Global
/// (no memory space, or global), Anything (another).
Access::Kind memoryOf(BaseMemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return Access::Global;
  auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space);
  if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
    return Access::Shared;
  if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Global)
    return Access::Global;
  return Access::Anything;
}

/// The bytes of workgroup memory `memref` spans: its root attribution and
/// the span where views shift it by constants, the whole root otherwise;
/// anything where it is not a view of one of the kernel's workgroup
/// attributions (it may be any of their bytes).
Access sharedSpan(Value memref) {
  Access access;
  ViewBytes bytes = viewBytes(memref);
  auto arg = dyn_cast<BlockArgument>(bytes.root);
  auto func = arg ? dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp())
                  : gpu::GPUFuncOp();
  if (!func || !llvm::is_contained(func.getWorkgroupAttributions(), arg))
    return access;
  access.kind = Access::Shared;
  access.root = bytes.root;
  if (bytes.span)
    std::tie(access.begin, access.end) = *bytes.span;
  return access;
}

/// What the kernel's asynchronous ops touch, for the waits that complete
/// them: for an mbarrier wait every TMA copy's bytes, every tcgen05.mma's
/// operands and tensor memory; for a cp.async wait every cp.async copy's
/// bytes.
struct KernelFacts {
  SmallVector<Access> mbarrierCompletions;
  SmallVector<Access> cpAsyncCompletions;
  bool oneDimensional = false;
};

/// Whether `value`, an mbarrier operand of an op that arrives on, expects
/// bytes on or waits on it, is only read-modify-written atomically.
bool isAtomicMbarrierUse(Operation *op, Value value) {
  if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op))
    return value == copy.getBarriers();
  if (auto expect = dyn_cast<tile_dist::MbarrierExpectTxOp>(op))
    return value == expect.getBarriers();
  if (auto arrive = dyn_cast<tile_dist::MbarrierArriveOp>(op))
    return value == arrive.getBarriers();
  if (auto commit = dyn_cast<tile_dist::TensorMmaCommitOp>(op))
    return value == commit.getBarriers();
  if (auto wait = dyn_cast<tile_dist::MbarrierWaitOp>(op))
    return value == wait.getBarriers();
  return false;
}

/// Whether `call` calls an LLVM intrinsic that LLVM says touches no memory
/// (the NVVM math approximations).
bool callsMemoryFreeIntrinsic(LLVM::CallIntrinsicOp call) {
  static llvm::LLVMContext context;
  llvm::Intrinsic::ID id = llvm::Intrinsic::lookupIntrinsicID(call.getIntrin());
  return id != llvm::Intrinsic::not_intrinsic &&
         llvm::Intrinsic::getFnAttributes(context, id)
             .getMemoryEffects()
             .doesNotAccessMemory();
}

Access tensorMemory(bool write) {
  Access access;
  access.kind = Access::TensorMemory;
  access.write = write;
  return access;
}

/// The accesses of `op` itself (not its regions'), as declared.
void declaredAccesses(Operation *op, SmallVectorImpl<Access> &out) {
  // mma.sync works on registers; wgmma's fence and commit order the
  // warpgroup's own registers and products; fence.mbarrier_init orders
  // thread 0's init, itself a write of the mbarrier, before its own
  // async-proxy uses; a tcgen05 fence orders its thread's tensor memory
  // accesses with whatever synchronises it next (before) or last (after),
  // so the accesses themselves decide; cp.async's commit closes the
  // thread's group, and its wait stands for the copies (accesses below).
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
      isMemoryEffectFree(op) ||
      isa<NVVM::MmaOp, NVVM::WgmmaFenceAlignedOp,
          NVVM::WgmmaGroupSyncAlignedOp, NVVM::FenceMbarrierInitOp,
          NVVM::Tcgen05FenceOp, NVVM::CpAsyncCommitGroupOp,
          NVVM::CpAsyncWaitGroupOp>(op))
    return;
  // Tensor memory: the allocation (which also writes its address to a
  // shared slot, declared) and deallocation take and give back columns,
  // loads read, stores and products write. A product's declared write is
  // that of tensor memory.
  if (isa<tile_dist::TmemAllocOp, tile_dist::TmemDeallocOp,
          tile_dist::TmemStoreOp, tile_dist::TmemStoreLanesOp,
          tile_dist::TensorMmaOp>(op))
    out.push_back(tensorMemory(/*write=*/true));
  else if (isa<tile_dist::TmemLoadOp>(op))
    out.push_back(tensorMemory(/*write=*/false));
  if (isa<tile_dist::TmemDeallocOp, tile_dist::TmemStoreOp,
          tile_dist::TmemStoreLanesOp, tile_dist::TmemLoadOp>(op))
    return;
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
    if (callsMemoryFreeIntrinsic(call))
      return;
  // ldmatrix declares its read without the memref it reads.
  if (auto load = dyn_cast<nvgpu::LdMatrixOp>(op)) {
    Access access = sharedSpan(load.getSrcMemref());
    access.write = false;
    out.push_back(access);
    return;
  }
  if (auto fence = dyn_cast<NVVM::FenceProxyOp>(op)) {
    // fence.proxy.async (of shared memory or all); any other proxy fence
    // (alias, tensormap) is anything.
    Access access;
    if (fence.getKind() == NVVM::ProxyKind::async ||
        fence.getKind() == NVVM::ProxyKind::async_shared)
      access.kind = Access::ProxyFence;
    out.push_back(access);
    return;
  }
  auto interface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!interface) {
    out.push_back(Access());
    return;
  }
  SmallVector<MemoryEffects::EffectInstance> effects;
  interface.getEffects(effects);
  for (const MemoryEffects::EffectInstance &effect : effects) {
    if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(
            effect.getEffect()) &&
        effect.getResource() ==
            SideEffects::AutomaticAllocationScopeResource::get())
      continue;
    bool write = !isa<MemoryEffects::Read>(effect.getEffect());
    Value on = effect.getValue();
    Access access;
    if (!on) {
      if (!isa<tile_dist::TensorMmaOp>(op))
        out.push_back(access);
      continue;
    }
    if (auto memref = dyn_cast<BaseMemRefType>(on.getType())) {
      if (isThreadPrivate(on))
        continue;
      access.kind = memoryOf(memref);
      if (access.kind == Access::Shared)
        access = sharedSpan(on);
    } else if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(on.getType())) {
      // A generic pointer may point into shared memory: anything.
      if (ptr.getAddressSpace() == 1)
        access.kind = Access::Global;
    }
    access.write = write && !isAtomicMbarrierUse(op, on);
    access.asyncProxy = tile_dist::accessesThroughAsyncProxy(op);
    out.push_back(access);
  }
}

enum class Reach { Stop, End, Unknown };

/// Walks a stretch from an op to the nearest `isStop` op on every path (or
/// the kernel's edge), calling `collect` on each op on the way (not on the
/// stops).
class StretchWalker {
public:
  StretchWalker(bool forward, function_ref<bool(Operation *)> isStop,
                function_ref<void(Operation *)> collect)
      : forward(forward), isStop(isStop), collect(collect) {}

  /// From `from` (an op of `block`, or null: the edge of `block`) out
  /// through the enclosing regions: Stop where a stop or the kernel's edge
  /// ends every path.
  Reach walkOut(Block *block, Operation *from) {
    Reach reach = walkFrom(from);
    while (reach == Reach::End) {
      Operation *parent = block->getParentOp();
      if (isa<gpu::GPUFuncOp>(parent))
        return block->getParent()->hasOneBlock() ? Reach::Stop
                                                 : Reach::Unknown;
      if (auto loop = dyn_cast<scf::ForOp>(parent)) {
        // The next (or previous) iteration, then out of the loop.
        Reach again = walkFrom(edge(loop.getBody()));
        if (again == Reach::Unknown)
          return again;
        if (again == Reach::End)
          collectAll(loop);
      } else if (!isa<scf::IfOp>(parent)) {
        return Reach::Unknown;
      }
      block = parent->getBlock();
      reach = walkFrom(step(parent));
    }
    return reach;
  }

private:
  Operation *step(Operation *op) const {
    return forward ? op->getNextNode() : op->getPrevNode();
  }
  Operation *edge(Block *block) const {
    return forward ? &block->front() : &block->back();
  }
  void collectAll(Operation *op) {
    op->walk([&](Operation *inner) { collect(inner); });
  }
  bool holdsStop(Operation *op) {
    return op
        ->walk([&](Operation *inner) {
          return isStop(inner) ? WalkResult::interrupt()
                               : WalkResult::advance();
        })
        .wasInterrupted();
  }
  static bool runsAtLeastOnce(scf::ForOp loop) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    return lower && upper && *lower < *upper;
  }

  /// From `op` on to the edge of its block.
  Reach walkFrom(Operation *op) {
    for (; op; op = step(op)) {
      if (isStop(op))
        return Reach::Stop;
      if (!holdsStop(op)) {
        collectAll(op);
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        Reach inside = walkFrom(edge(loop.getBody()));
        if (inside == Reach::Unknown)
          return inside;
        if (inside == Reach::End)
          collectAll(loop); // some iteration has no stop: all of them
        else if (runsAtLeastOnce(loop))
          return Reach::Stop;
        continue;
      }
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        Reach then = walkFrom(edge(branch.thenBlock()));
        Reach otherwise = branch.elseBlock()
                              ? walkFrom(edge(branch.elseBlock()))
                              : Reach::End;
        if (then == Reach::Unknown || otherwise == Reach::Unknown)
          return Reach::Unknown;
        if (then == Reach::Stop && otherwise == Reach::Stop)
          return Reach::Stop;
        continue;
      }
      return Reach::Unknown;
    }
    return Reach::End;
  }

  bool forward;
  function_ref<bool(Operation *)> isStop;
  function_ref<void(Operation *)> collect;
};

/// The operand reads of the products a warpgroup_wait may retire: those
/// issued since the thread's last wait for all its groups.
void pendingProductReads(tile_dist::WarpgroupWaitOp wait,
                         SmallVectorImpl<Access> &out) {
  auto isWaitForAll = [](Operation *op) {
    auto other = dyn_cast<tile_dist::WarpgroupWaitOp>(op);
    return other && other.getPending() == 0;
  };
  SmallVector<Access> reads;
  auto collect = [&](Operation *op) {
    if (isa<tile_dist::WarpgroupMmaOp>(op))
      declaredAccesses(op, reads);
  };
  StretchWalker walker(/*forward=*/false, isWaitForAll, collect);
  if (walker.walkOut(wait->getBlock(), wait->getPrevNode()) ==
      Reach::Unknown)
    reads.assign(1, Access());
  llvm::append_range(out, reads);
}

/// The accesses of `op` itself in the stretch before (`before`) or after a
/// barrier.
void accesses(Operation *op, bool before, const KernelFacts &facts,
              SmallVectorImpl<Access> &out) {
  size_t first = out.size();
  if (auto wait = dyn_cast<tile_dist::WarpgroupWaitOp>(op)) {
    // Its products' reads end here, a barrier before a write after it.
    if (before)
      pendingProductReads(wait, out);
  } else {
    declaredAccesses(op, out);
    if (before && isa<tile_dist::MbarrierWaitOp>(op))
      llvm::append_range(out, facts.mbarrierCompletions);
    if (before && isa<NVVM::CpAsyncWaitGroupOp>(op))
      llvm::append_range(out, facts.cpAsyncCompletions);
  }
  Access::Runs runs = Access::AnyThreads;
  if (facts.oneDimensional && runsWhere(op, impliesThreadZero))
    runs = Access::ThreadZero;
  else if (facts.oneDimensional &&
           isa<tile_dist::TmemAllocOp, tile_dist::TmemDeallocOp>(op) &&
           runsWhere(op, impliesWarpZero))
    runs = Access::WarpZeroTogether;
  for (Access &access : llvm::drop_begin(out, first))
    access.runs = runs;
}

/// Whether no access before `barrier` conflicts with one after it.
bool ordersNothing(gpu::BarrierOp barrier, const KernelFacts &facts) {
  auto isBarrier = [](Operation *op) { return isa<gpu::BarrierOp>(op); };
  SmallVector<Access> stretch[2];
  for (bool before : {true, false}) {
    auto collect = [&](Operation *op) {
      accesses(op, before, facts, stretch[before]);
    };
    StretchWalker walker(!before, isBarrier, collect);
    Operation *from =
        before ? barrier->getPrevNode() : barrier->getNextNode();
    if (walker.walkOut(barrier->getBlock(), from) == Reach::Unknown)
      return false;
  }
  for (const Access &a : stretch[true])
    for (const Access &b : stretch[false])
      if (conflict(a, b))
        return false;
  return true;
}

/// Whether `kernel`'s blocks are (N, 1, 1) threads (nvvm.reqntid), so that
/// thread_id x == 0 is one thread.
bool isOneDimensionalBlock(gpu::GPUFuncOp kernel) {
  auto reqntid = kernel->getAttrOfType<DenseI32ArrayAttr>("nvvm.reqntid");
  return reqntid && !reqntid.empty() &&
         llvm::all_of(reqntid.asArrayRef().drop_front(),
                      [](int32_t extent) { return extent == 1; });
}

/// Whether a tcgen05.fence::after_thread_sync follows `barrier`, with only
/// ops without memory effects between: the fence pairs with it, and
/// without it would follow the barrier before, after which other warps'
/// tcgen05 ops may have run (a warp-specialized ring's end barrier after
/// the wait for the last commit made the barrier before it look
/// redundant).
bool pairsWithAfterFence(gpu::BarrierOp barrier) {
  for (Operation *op = barrier->getNextNode(); op; op = op->getNextNode()) {
    if (auto fence = dyn_cast<NVVM::Tcgen05FenceOp>(op))
      return fence.getKind() == NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC;
    if (!isMemoryEffectFree(op) || op->getNumRegions())
      return false;
  }
  return false;
}

struct DropRedundantBarriersPass
    : public PassWrapper<DropRedundantBarriersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropRedundantBarriersPass)

  StringRef getArgument() const override {
    return "tilechain-drop-redundant-barriers";
  }
  StringRef getDescription() const override {
    return "Remove the barriers across which no two threads' accesses "
           "conflict";
  }

  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<gpu::GPUFuncOp>()) {
      KernelFacts facts;
      facts.oneDimensional = isOneDimensionalBlock(kernel);
      SmallVector<gpu::BarrierOp> barriers;
      kernel.walk([&](Operation *op) {
        if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
          barriers.push_back(barrier);
        else if (auto copy = dyn_cast<tile_dist::TensorCopyOp>(op))
          facts.mbarrierCompletions.push_back(
              sharedSpan(copy.getDestination()));
        else if (isa<tile_dist::TensorMmaOp>(op))
          declaredAccesses(op, facts.mbarrierCompletions);
        else if (auto copy = dyn_cast<tile_dist::AsyncCopyOp>(op))
          facts.cpAsyncCompletions.push_back(
              sharedSpan(copy.getDestination()));
      });
      // One at a time, on the code as it is: a barrier dropped joins its
      // two stretches, which the next barrier's test then sees whole.
      for (gpu::BarrierOp barrier : barriers)
        if (!pairsWithAfterFence(barrier) && ordersNothing(barrier, facts))
          barrier.erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createDropRedundantBarriersPass() {
  return std::make_unique<DropRedundantBarriersPass>();
}
