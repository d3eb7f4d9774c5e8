//===- LoopAnalysis.cpp - what a cuda_tile loop lets a schedule do --------===//
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

bool tilechain::isDefinedOutside(cuda_tile::ForOp loop, Value v) {
  return !loop->isAncestor(v.getParentRegion()->getParentOp());
}

bool tilechain::loadFollowsCounter(cuda_tile::ForOp loop,
                                   cuda_tile::LoadViewTkoOp load) {
  return isDefinedOutside(loop, load.getView()) &&
         llvm::all_of(load.getIndex(), [&](Value index) {
           return index == loop.getInductionVar() ||
                  isDefinedOutside(loop, index);
         });
}

/// Whether the ops nested in `op` (terminators apart) leave memory as it
/// was: a loop of ring fills, say (tilechain-expand-mma-pipelines).
static bool nestedWritesNoMemory(Operation *op) {
  return !op->walk([&](Operation *inner) {
              return inner == op ||
                             inner->hasTrait<OpTrait::IsTerminator>() ||
                             tilechain::writesNoMemory(inner)
                         ? WalkResult::advance()
                         : WalkResult::interrupt();
            })
              .wasInterrupted();
}

bool tilechain::writesNoMemory(Operation *op) {
  if (isMemoryEffectFree(op))
    return true;
  // An op whose effects are its body's (cuda_tile's control flow, reduce
  // and scan, tile_dist.chunk_schedule): those of the ops in it.
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return nestedWritesNoMemory(op);
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions())
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [](const MemoryEffects::EffectInstance &e) {
    Value on = e.getValue();
    return isa<MemoryEffects::Allocate, MemoryEffects::Free>(e.getEffect()) ||
           (on && isa<tile_dist::RingType>(on.getType()));
  });
}

/// The loop a continue or break in it leaves: the nearest for or loop
/// around it.
static Operation *exitedLoop(Operation *exit) {
  Operation *parent = exit->getParentOp();
  while (parent && !isa<cuda_tile::ForOp, cuda_tile::LoopOp>(parent))
    parent = parent->getParentOp();
  return parent;
}

bool tilechain::loopBodyOnlyReads(cuda_tile::ForOp loop) {
  Operation *terminator = loop.getBody()->getTerminator();
  return !loop.getBody()
              ->walk([&](Operation *inner) {
                if (inner == terminator)
                  return WalkResult::advance();
                // An exit of the loop, not of a loop nested in it.
                if (isa<cuda_tile::ReturnOp>(inner) ||
                    (isa<cuda_tile::ContinueOp, cuda_tile::BreakOp>(inner) &&
                     exitedLoop(inner) == loop))
                  return WalkResult::interrupt();
                auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(inner);
                bool reads = load && load.getMemoryOrderingSemantics() ==
                                         cuda_tile::MemoryOrderingSemantics::WEAK;
                return reads || writesNoMemory(inner) ||
                               inner->hasTrait<OpTrait::IsTerminator>()
                           ? WalkResult::advance()
                           : WalkResult::interrupt();
              })
              .wasInterrupted();
}

bool tilechain::leavesLoop(cuda_tile::IfOp ifOp) {
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    Block &block = region->front();
    if (isa<cuda_tile::BreakOp, cuda_tile::ContinueOp>(block.getTerminator()))
      return true;
    for (auto nested : block.getOps<cuda_tile::IfOp>())
      if (leavesLoop(nested))
        return true;
  }
  return false;
}
