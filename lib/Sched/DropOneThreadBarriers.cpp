//===- DropOneThreadBarriers.cpp - barriers around one thread's work ------===//
//
// A gpu.barrier orders what the block's threads do before it with what they
// do after it. Where, from the barrier before it to the barrier after it,
// only thread 0 does anything another thread could observe (it sets up
// mbarriers, issues TMA copies and tcgen05 mmas), the barrier orders
// nothing: thread 0's own accesses are in program order, and every other
// thread's come before the barrier before or after the barrier after. The
// lowerings end each TMA ring's setup with a barrier, so two rings set up
// in a row (an attention loop's K and V rings) have two where one does.
//
// What another thread could observe: an op with memory effects on anything
// but the thread's own allocas and private attributions, or an op that
// declares no effects at all (an NVVM fence, a tcgen05 op, a warp
// collective). Pure ops are not. In a kernel whose blocks are (N, 1, 1)
// threads (nvvm.reqntid; others are left as they are), an op runs on
// thread 0 alone when it is in the then-region of an scf.if whose
// condition implies thread_id x == 0: `tid == 0`, or a conjunction with
// such a term, or `lane == 0` and `warp == 0` with lane = tid & (2^k - 1)
// and warp = tid >> k (or tid / 2^k).
//
// The stretch before a barrier runs back to the previous barrier of its
// block, through the suffix of a loop body after its last barrier and on
// before the loop (which may run no iteration); the stretch after it runs
// on to the next barrier likewise. Reaching the start or end of the kernel
// ends a stretch; reaching that of any other block, or an op that holds a
// barrier otherwise than at the top of a loop body, keeps the barrier.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/MathExtras.h"

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

/// Whether `op` runs on thread 0 alone: it is in the then-region of an
/// scf.if whose condition implies it.
bool runsOnThreadZero(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion()) {
    auto branch = dyn_cast<scf::IfOp>(region->getParentOp());
    if (branch && region == &branch.getThenRegion() &&
        impliesThreadZero(branch.getCondition()))
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

/// Whether another thread could observe what `op` itself does (not its
/// regions').
bool isObservable(Operation *op) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
      isMemoryEffectFree(op))
    return false;
  auto interface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!interface)
    return true;
  SmallVector<MemoryEffects::EffectInstance> effects;
  interface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    Value on = e.getValue();
    return !on || !isa<BaseMemRefType>(on.getType()) || !isThreadPrivate(on);
  });
}

/// Whether nothing in `op` (itself and its regions) that another thread
/// could observe runs on a thread but thread 0.
bool onlyThreadZeroObservable(Operation *op) {
  return !op->walk([](Operation *inner) {
              return isObservable(inner) && !runsOnThreadZero(inner)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
              .wasInterrupted();
}

bool holdsBarrier(Operation *op) {
  return op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The first (`forward`) or last barrier among the ops of `block`, or null.
gpu::BarrierOp outermostBarrier(Block &block, bool forward) {
  if (forward) {
    for (Operation &op : block)
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
        return barrier;
  } else {
    for (Operation &op : llvm::reverse(block))
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
        return barrier;
  }
  return {};
}

/// Whether, from `from` on (forward, or backward) to the next barrier, only
/// thread 0 does what another thread could observe; `from` null: from the
/// end (or start) of `block`, whose ops are scanned.
bool stretchIsThreadZero(Block *block, Operation *from, bool forward) {
  auto step = [&](Operation *op) {
    return forward ? op->getNextNode() : op->getPrevNode();
  };
  Operation *op = from;
  while (op) {
    if (isa<gpu::BarrierOp>(op))
      return true;
    if (holdsBarrier(op)) {
      // A loop whose body has a barrier at its top: the body's prefix (or
      // suffix) up to it, then on past the loop, which may run no iteration.
      auto loop = dyn_cast<scf::ForOp>(op);
      if (!loop)
        return false;
      Block *body = loop.getBody();
      gpu::BarrierOp edge = outermostBarrier(*body, forward);
      if (!edge)
        return false;
      Operation *start = forward ? &body->front() : body->getTerminator();
      for (Operation *in = start; in != edge.getOperation(); in = step(in))
        if (holdsBarrier(in) || !onlyThreadZeroObservable(in))
          return false;
    } else if (!onlyThreadZeroObservable(op)) {
      return false;
    }
    op = step(op);
  }
  // The start or end of the kernel ends the stretch; of any other block,
  // the stretch goes on where the analysis does not follow.
  return isa<gpu::GPUFuncOp>(block->getParentOp());
}

/// Whether `kernel`'s blocks are (N, 1, 1) threads (nvvm.reqntid), so that
/// thread_id x == 0 is one thread.
bool isOneDimensionalBlock(gpu::GPUFuncOp kernel) {
  auto reqntid = kernel->getAttrOfType<DenseI32ArrayAttr>("nvvm.reqntid");
  return reqntid && !reqntid.empty() &&
         llvm::all_of(reqntid.asArrayRef().drop_front(),
                      [](int32_t extent) { return extent == 1; });
}

struct DropOneThreadBarriersPass
    : public PassWrapper<DropOneThreadBarriersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropOneThreadBarriersPass)

  StringRef getArgument() const override {
    return "tilechain-drop-one-thread-barriers";
  }
  StringRef getDescription() const override {
    return "Remove the barriers around which only thread 0 does anything "
           "another thread could observe";
  }

  void runOnOperation() override {
    SmallVector<gpu::BarrierOp> barriers;
    for (auto kernel : getOperation().getOps<gpu::GPUFuncOp>())
      if (isOneDimensionalBlock(kernel))
        kernel.walk([&](gpu::BarrierOp b) { barriers.push_back(b); });
    // One at a time: a barrier dropped joins its two stretches, which the
    // next barrier's test then sees whole.
    for (gpu::BarrierOp barrier : barriers) {
      Block *block = barrier->getBlock();
      if (stretchIsThreadZero(block, barrier->getPrevNode(), false) &&
          stretchIsThreadZero(block, barrier->getNextNode(), true))
        barrier.erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createDropOneThreadBarriersPass() {
  return std::make_unique<DropOneThreadBarriersPass>();
}
