//===- RemoveLayoutConversions.cpp - only the changes of layout needed ----===//
//
// tile-sched emits a tile_dist.convert_layout wherever an op needs a tile in
// a layout whose registers the tile does not have, one op at a time, without
// looking at the others. Each one that stays costs a round trip through
// shared memory and a barrier or two, so before tile-sched carries them out
// this pass removes those that are not needed:
// - a change to the layout the tile has, and a change whose registers
//   nobody reads, go; a change of a change becomes one change (the folds);
// - a change of a tile defined outside a loop moves out of the loop, so
//   that it runs once rather than once per iteration, where that keeps no
//   more registers live through the loop;
// - of two changes of one tile into one layout, the one that the other
//   dominates goes.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Sched/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tilechain;
using tile_dist::ConvertLayoutOp;

namespace {

SmallVector<ConvertLayoutOp> conversionsOf(gpu::GPUFuncOp func) {
  SmallVector<ConvertLayoutOp> conversions;
  func.walk([&](ConvertLayoutOp op) { conversions.push_back(op); });
  return conversions;
}

/// Folds each conversion, in program order (so that a chain folds from its
/// start), and erases the ones whose registers nobody reads.
void foldConversions(gpu::GPUFuncOp func) {
  for (ConvertLayoutOp op : conversionsOf(func)) {
    SmallVector<OpFoldResult, 1> folded;
    if (succeeded(op->fold(folded)) && !folded.empty()) {
      if (auto value = dyn_cast<Value>(folded.front());
          value && value != op.getResult()) {
        op.replaceAllUsesWith(value);
        op.erase();
      }
    }
  }
  // In reverse order, so that a change read only by a dead one goes too.
  SmallVector<ConvertLayoutOp> left = conversionsOf(func);
  for (ConvertLayoutOp op : llvm::reverse(left)) {
    for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
      if (isOpTriviallyDead(user))
        user->erase();
    if (op->use_empty())
      op.erase();
  }
}

/// Registers a change moved out of a loop may hold through it beyond those
/// of its source: about what the change's own addresses take in the loop.
/// A broadcast source's slice (the rows of a causal mask a thread needs, 4
/// registers of i32 where the source has 1) stays within it.
constexpr int64_t kHoistSlackRegisters = 4;

/// Whether moving `op` out of `loop` keeps about as few registers live
/// across the loop: the converted tile then lives through the loop instead
/// of its source, so the source must have no other use in or after the
/// loop, and the new layout no more registers than the old, give or take
/// kHoistSlackRegisters. Kernels near the register limit spill otherwise:
/// the prefill fmha on sm_80 went from 352 to 784 bytes of stack when its Q
/// tile's change moved out and the tile lived through the loop in both
/// layouts.
bool hoistKeepsPressure(ConvertLayoutOp op, LoopLikeOpInterface loop) {
  if (op.getTo().getLayout().getSize(LinearLayout::Register) >
      std::max(op.getFrom().getLayout().getSize(LinearLayout::Register),
               kHoistSlackRegisters))
    return false;
  Block *block = loop->getBlock();
  for (Operation *user : op.getSource().getUsers()) {
    if (user == op)
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == loop.getOperation() ||
        loop->isBeforeInBlock(ancestor))
      return false;
  }
  return true;
}

/// Moves each conversion of a tile defined outside its loop before the loop,
/// as far out as its source allows and while that costs no registers
/// (hoistKeepsPressure). Only a conversion directly in a loop's body moves:
/// one under an scf.if there runs only when the branch does.
void hoistConversions(gpu::GPUFuncOp func) {
  for (ConvertLayoutOp op : conversionsOf(func)) {
    while (auto loop = dyn_cast<LoopLikeOpInterface>(op->getParentOp())) {
      if (!loop.isDefinedOutsideOfLoop(op.getSource()) ||
          !hoistKeepsPressure(op, loop))
        break;
      loop.moveOutOfLoop(op);
    }
  }
}

/// Replaces each conversion by an earlier one of the same tile into the same
/// layout that dominates it.
void mergeConversions(gpu::GPUFuncOp func) {
  DominanceInfo dominance(func);
  llvm::DenseMap<std::tuple<Value, Attribute, Attribute>,
                 SmallVector<ConvertLayoutOp, 2>>
      seen;
  for (ConvertLayoutOp op : conversionsOf(func)) {
    auto &same = seen[{op.getSource(), op.getFromAttr(), op.getToAttr()}];
    auto earlier = llvm::find_if(same, [&](ConvertLayoutOp other) {
      return dominance.properlyDominates(other.getOperation(), op);
    });
    if (earlier != same.end()) {
      op.replaceAllUsesWith(earlier->getResult());
      op.erase();
      continue;
    }
    same.push_back(op);
  }
}

struct RemoveLayoutConversionsPass
    : public PassWrapper<RemoveLayoutConversionsPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RemoveLayoutConversionsPass)

  StringRef getArgument() const override {
    return "tilechain-remove-layout-conversions";
  }
  StringRef getDescription() const override {
    return "Fold, hoist out of loops and merge tile_dist.convert_layout ops, "
           "and erase the ones whose registers nobody reads";
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      foldConversions(func);
      // Repeats in one loop body merge first, so that a source used by two
      // of them counts as used once when hoisting.
      mergeConversions(func);
      hoistConversions(func);
      mergeConversions(func);
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createRemoveLayoutConversionsPass() {
  return std::make_unique<RemoveLayoutConversionsPass>();
}
