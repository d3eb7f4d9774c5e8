//===- SinkReads.cpp - reads moved down to where their registers are used ===//
//
// See SinkReads.h.
//
//===----------------------------------------------------------------------===//
#include "SinkReads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

/// Whether `op` computes a vector element by element: its element i is
/// the op of its operands' elements i (an arith or math op, whose scalar
/// form is the same op).
bool computesByElement(Operation *op) {
  return op && (isa<vector::FromElementsOp>(op) ||
                (isa<arith::ArithDialect, math::MathDialect>(
                     op->getDialect()) &&
                 op->hasTrait<OpTrait::Elementwise>() &&
                 op->getNumResults() == 1 && isPure(op)));
}

/// The element `position` of `vector`, computed from elements where the
/// vector is computed by element, else extracted; at the builder.
Value elementOf(OpBuilder &b, Location loc, Value vector, int64_t position,
                DenseMap<std::pair<Value, int64_t>, Value> &elements) {
  if (Value known = elements.lookup({vector, position}))
    return known;
  Operation *def = vector.getDefiningOp();
  Value element;
  if (auto built = dyn_cast_or_null<vector::FromElementsOp>(def)) {
    element = built.getElements()[position];
  } else if (computesByElement(def)) {
    SmallVector<Value> operands;
    for (Value operand : def->getOperands())
      operands.push_back(
          isa<VectorType>(operand.getType())
              ? elementOf(b, loc, operand, position, elements)
              : operand);
    OperationState state(loc, def->getName(), operands,
                         getElementTypeOrSelf(vector.getType()),
                         def->getAttrs());
    element = b.create(state)->getResult(0);
  } else {
    element = vector::ExtractOp::create(b, loc, vector, position);
  }
  elements[{vector, position}] = element;
  return element;
}

/// `ops` (of one block, before a limit) and the pure ops of the block
/// before the limit that compute from them, and the ops whose one use is
/// one of those, in program order; with the block's ops numbered.
struct Slice {
  SmallVector<Operation *> order;           // the block's ops
  DenseMap<Operation *, unsigned> position; // in `order`
  unsigned end;                             // the limit's position
  llvm::SetVector<Operation *> ops;

  Slice(ArrayRef<Operation *> from, Block *block, Block::iterator limit) {
    for (Operation &op : *block) {
      position[&op] = order.size();
      order.push_back(&op);
    }
    end = limit == block->end() ? order.size() : position[&*limit];
    auto movable = [&](Operation *op) {
      return op && op->getBlock() == block && position[op] < end &&
             op->getNumRegions() == 0 && isPure(op);
    };
    llvm::SetVector<Operation *> found(from.begin(), from.end());
    for (size_t i = 0; i < found.size(); ++i) {
      for (Operation *user : found[i]->getUsers())
        if (movable(user))
          found.insert(user);
      for (Value operand : found[i]->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (movable(def) && def->hasOneUse())
          found.insert(def);
      }
    }
    SmallVector<Operation *> sorted = found.takeVector();
    llvm::sort(sorted, [&](Operation *x, Operation *y) {
      return position[x] < position[y];
    });
    ops.insert(sorted.begin(), sorted.end());
  }
};

/// Computes the elements that the pure ops of `block` before `limit` take
/// from vectors computed from `reads` element by element instead, so that
/// each can move to its own use. What is left unused stays for the
/// canonicalizer: a later op's lowering may still look a vector up.
void scalarizeElements(ArrayRef<Operation *> reads, Block *block,
                       Block::iterator limit) {
  DenseMap<std::pair<Value, int64_t>, Value> elements;
  for (Operation *op : Slice(reads, block, limit).ops) {
    auto extract = dyn_cast<vector::ExtractOp>(op);
    if (!extract || extract.hasDynamicPosition() ||
        extract.getSourceVectorType().getRank() != 1 ||
        isa<VectorType>(extract.getType()) ||
        !computesByElement(extract.getSource().getDefiningOp()))
      continue;
    OpBuilder at(extract);
    extract.replaceAllUsesWith(
        elementOf(at, extract.getLoc(), extract.getSource(),
                  extract.getStaticPosition()[0], elements));
  }
}

/// The uses of `op` (in `block`) by branch, where every use is inside an
/// scf.if of the block; else none.
llvm::MapVector<Block *, SmallVector<OpOperand *>> branchUses(Operation *op,
                                                              Block *block) {
  llvm::MapVector<Block *, SmallVector<OpOperand *>> uses;
  for (OpOperand &use : op->getUses()) {
    Operation *inBlock = block->findAncestorOpInBlock(*use.getOwner());
    if (!isa<scf::IfOp>(inBlock))
      return {};
    Operation *inBranch = use.getOwner();
    while (inBranch->getParentOp() != inBlock)
      inBranch = inBranch->getParentOp();
    uses[inBranch->getBlock()].push_back(&use);
  }
  return uses;
}

/// sinkReadsToUses once the elements are computed by element; `ops` are
/// the reads, or in a branch the copies made there.
Operation *sinkToFirstUses(ArrayRef<Operation *> ops, Block *block,
                           Block::iterator limit) {
  Slice found(ops, block, limit);
  ArrayRef<Operation *> order = found.order;
  DenseMap<Operation *, unsigned> &position = found.position;
  unsigned end = found.end;
  const llvm::SetVector<Operation *> &slice = found.ops;
  ArrayRef<Operation *> sliceOrder = slice.getArrayRef();
  SmallVector<unsigned> barriers;
  for (auto [at, op] : llvm::enumerate(order))
    if (isa<gpu::BarrierOp>(op))
      barriers.push_back(at);
  // The op each goes before: its first user's, or the first user itself
  // where that one stays. A read goes no further than the first op past
  // the last barrier before that: between barriers, ptxas can hide its
  // latency only where it comes early.
  DenseMap<Operation *, unsigned> anchor;
  for (Operation *op : llvm::reverse(sliceOrder)) {
    unsigned at = end;
    for (Operation *user : op->getUsers()) {
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      assert(inBlock && "a value used outside the block it is defined in");
      at = std::min(at, slice.contains(inBlock) ? anchor[inBlock]
                                                : position[inBlock]);
    }
    if (!isPure(op)) {
      auto barrier = llvm::lower_bound(barriers, at);
      if (barrier == barriers.begin() ||
          *std::prev(barrier) < position[op]) {
        at = position[op];
      } else {
        at = *std::prev(barrier) + 1;
        while (at < end && slice.contains(order[at]))
          ++at;
      }
    }
    anchor[op] = at;
  }
  for (Operation *op : sliceOrder)
    if (anchor[op] != position[op])
      block->getOperations().splice(
          anchor[op] == end ? limit : order[anchor[op]]->getIterator(),
          block->getOperations(), op->getIterator());

  // Where `ops` are read from now: each, or the last scf.if it is copied
  // into.
  Operation *lastRead = nullptr;
  for (Operation *op : ops) {
    Operation *at = op;
    if (!branchUses(op, block).empty())
      for (Operation *user : op->getUsers()) {
        Operation *inBlock = block->findAncestorOpInBlock(*user);
        if (at == op || at->isBeforeInBlock(inBlock))
          at = inBlock;
      }
    if (!lastRead || lastRead->isBeforeInBlock(at))
      lastRead = at;
  }

  // Copies into the branches, last op first, so that its users there are
  // copies already.
  llvm::MapVector<Block *, SmallVector<Operation *>> copies;
  for (Operation *op : llvm::reverse(sliceOrder)) {
    llvm::MapVector<Block *, SmallVector<OpOperand *>> usesByBranch =
        branchUses(op, block);
    if (usesByBranch.empty())
      continue;
    for (auto &[branch, uses] : usesByBranch) {
      Operation *first = nullptr;
      for (OpOperand *use : uses) {
        Operation *user = branch->findAncestorOpInBlock(*use->getOwner());
        if (!first || user->isBeforeInBlock(first))
          first = user;
      }
      OpBuilder at(first);
      Operation *copy = at.clone(*op);
      for (OpOperand *use : uses)
        use->set(
            copy->getResult(cast<OpResult>(use->get()).getResultNumber()));
      copies[branch].push_back(copy);
    }
    // A pure one left unused stays for the canonicalizer (a later op's
    // lowering may still look it up).
    if (!isPure(op))
      op->erase();
  }
  for (auto &[branch, copied] : copies)
    sinkToFirstUses(copied, branch, branch->getTerminator()->getIterator());
  return lastRead;
}

} // namespace

Operation *tilechain::sinkReadsToUses(ArrayRef<Operation *> reads,
                                      Block *block, Block::iterator limit) {
  scalarizeElements(reads, block, limit);
  return sinkToFirstUses(reads, block, limit);
}
