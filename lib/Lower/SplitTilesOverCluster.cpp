//===- SplitTilesOverCluster.cpp - tile-lower: a tile block per cluster ---===//
//
// cuTile's `num_cta_in_cga` hint (its `num_ctas`) asks for thread block
// clusters of N CTAs. NVIDIA's tileiras 13.5 makes each tile block one
// cluster (`.reqnctapercluster N`, `.blocksareclusters`: the launch's grid
// counts clusters, so a kernel launched as before computes the same tiles)
// and splits each tile block's work over the cluster's CTAs: its vector
// add gives each CTA half of the 16 elements, its matmul each CTA 64 of
// the 128 rows of the output tile (the rows of its TMA store start at
// %cluster_ctaid.x * 64), and from sm_90 on only (sm_80 and sm_89 get no
// cluster).
//
// Here the split is a rewrite of the tile program, made before anything
// is planned for the CTA's warps: every tile the kernel stores is cut
// along one dim into N slices, CTA r of the cluster computing slice r, and
// the cut is followed back through everything the stored tiles are
// computed from:
//   - ops computed element by element (arithmetic, conversions, selects,
//     pointer-tile loads and stores, atomics) cut all their tiles alike;
//   - a view load or store reads or writes its slice through a partition
//     view of tiles N times narrower, at index i * N + r along the cut dim;
//   - an mma cut along its rows cuts its lhs and accumulator and needs its
//     rhs whole, along its columns the other way round, along a batch all
//     three;
//   - a broadcast, reshape or permute moves the cut dim; a reduction or
//     scan along another dim keeps it;
//   - an iota's slice is a shorter iota plus r times its length; a splat
//     constant is cut by its type;
//   - loops and ifs carry and yield cut tiles where they come in cut.
// Whatever the cut does not reach stays whole: every CTA of the cluster
// computes it (the rhs of a row-cut matmul is loaded by both). Where a
// tile would have to be both (a reduction along the cut dim, an op not
// listed), nothing is cut, and a remark says why and the kernel has no
// cluster: NVIDIA's tool splits such kernels too, exchanging partial
// results through distributed shared memory, which tilechain does not yet.
// Nothing orders one CTA's memory accesses with another's: a kernel whose
// tokens order two accesses, one a write, is left whole, unless both go
// through one partition view and are cut alike (a persistent kernel's
// output tiles, a tile loaded and stored in place), so that the CTAs'
// parts meet only within one CTA.
//
// The CTA's rank in its cluster is tile_dist.cluster_cta_rank; the entry
// records the cluster's size (tile_dist.cluster_ctas) for the
// materialization, which declares the cluster shape.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/ScalarTiles.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Lower/TileSlices.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::cuda_tile;
namespace td = tilechain::tile_dist;

namespace {

/// The first chip with thread block clusters.
constexpr unsigned kClusterMinSM = 90;
/// The most CTAs a cluster has without the launch's non-portable opt-in
/// (cudaFuncAttributeNonPortableClusterSizeAllowed).
constexpr int64_t kMaxPortableClusterCTAs = 8;

/// How a tile is held by the CTAs of a cluster: whole by each, or cut
/// along `dim`, CTA r holding slice r.
struct Part {
  bool cut = false;
  unsigned dim = 0;

  static Part whole() { return {}; }
  static Part along(unsigned dim) { return {true, dim}; }
  bool operator==(const Part &other) const {
    return cut == other.cut && (!cut || dim == other.dim);
  }
};

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<TileType>(v.getType()).getShape();
}

/// A tile of rank 1 or more: the values a cut may reach.
bool isCuttable(Value v) {
  auto tile = dyn_cast<TileType>(v.getType());
  return tile && tile.getRank() > 0;
}

/// Ops with effects (memory accesses, asserts) computed element by element,
/// whose tile operands and results all have one shape.
bool isElementwiseWithEffects(Operation *op) {
  return isa<LoadPtrTkoOp, StorePtrTkoOp, AtomicRMWTkoOp, AtomicCASTkoOp,
             AssertOp>(op);
}

/// The ops that write memory whose tiles the cut starts from.
bool isCutWrite(Operation *op) {
  return isa<StoreViewTkoOp, StorePtrTkoOp, AtomicRMWTkoOp, AtomicCASTkoOp>(
      op);
}

/// The tile of a cut write whose elements it writes.
Value writtenTile(Operation *op) {
  if (auto store = dyn_cast<StoreViewTkoOp>(op))
    return store.getTile();
  if (auto store = dyn_cast<StorePtrTkoOp>(op))
    return store.getValue();
  if (auto rmw = dyn_cast<AtomicRMWTkoOp>(op))
    return rmw.getPointers();
  return cast<AtomicCASTkoOp>(op).getPointers();
}

/// The loop or if that terminator `op` hands its operands to.
Operation *terminatorTarget(Operation *op) {
  Operation *parent = op->getParentOp();
  if (isa<YieldOp>(op))
    return isa<IfOp>(parent) ? parent : nullptr;
  // continue and break inside an if go to the loop around it.
  while (parent && isa<IfOp>(parent))
    parent = parent->getParentOp();
  return isa_and_nonnull<ForOp, LoopOp>(parent) ? parent : nullptr;
}

/// The tensor view a partition view is made from, or null.
Value partitionedTensorView(Value view) {
  auto make = view.getDefiningOp<MakePartitionViewOp>();
  return make ? make.getTensorView() : Value();
}

/// The memory accesses the cut follows: view and pointer-tile loads and
/// stores, and atomics.
bool isAccess(Operation *op) {
  return isa<LoadViewTkoOp, StoreViewTkoOp, LoadPtrTkoOp>(op) ||
         isCutWrite(op);
}

/// The accesses that `access`'s token orders after it, through
/// join_tokens and the values loops and ifs carry.
SmallVector<Operation *> orderedAfter(Operation *access) {
  SmallVector<Operation *> later;
  SmallVector<Value> tokens = {access->getResults().back()};
  DenseSet<Value> seen;
  while (!tokens.empty()) {
    Value token = tokens.pop_back_val();
    if (!seen.insert(token).second)
      continue;
    for (OpOperand &use : token.getUses()) {
      Operation *user = use.getOwner();
      unsigned index = use.getOperandNumber();
      if (isa<JoinTokensOp>(user)) {
        tokens.push_back(user->getResult(0));
      } else if (auto forOp = dyn_cast<ForOp>(user)) {
        // The init of a carried value: lower bound, upper bound and step
        // come first.
        unsigned carried = index - 3;
        tokens.push_back(forOp.getRegionIterValues()[carried]);
        tokens.push_back(forOp.getResult(carried));
      } else if (auto loop = dyn_cast<LoopOp>(user)) {
        tokens.push_back(loop.getRegionIterValues()[index]);
      } else if (isa<ContinueOp, BreakOp, YieldOp>(user)) {
        Operation *target = isa<YieldOp>(user) ? user->getParentOp()
                                               : terminatorTarget(user);
        if (auto forOp = dyn_cast_or_null<ForOp>(target)) {
          tokens.push_back(forOp.getRegionIterValues()[index]);
          tokens.push_back(forOp.getResult(index));
        } else if (auto loop = dyn_cast_or_null<LoopOp>(target)) {
          if (isa<ContinueOp>(user))
            tokens.push_back(loop.getRegionIterValues()[index]);
          else
            tokens.push_back(loop.getResult(index));
        } else if (target && isa<IfOp>(target)) {
          tokens.push_back(target->getResult(index));
        }
      } else if (isAccess(user)) {
        later.push_back(user);
      }
    }
  }
  return later;
}

/// Each use of a splat constant tile gets a copy of its own, beside it, so
/// that one use's tile may be cut and another's whole.
void copySplatsPerUse(EntryOp entry) {
  SmallVector<ConstantOp> splats;
  entry.walk([&](ConstantOp constant) {
    if (isCuttable(constant.getResult()) && constant.getValue().isSplat() &&
        !constant->hasOneUse())
      splats.push_back(constant);
  });
  for (ConstantOp constant : splats)
    for (OpOperand &use :
         llvm::make_early_inc_range(llvm::drop_begin(constant->getUses()))) {
      OpBuilder b(constant->getContext());
      b.setInsertionPointAfter(constant);
      use.set(b.clone(*constant)->getResult(0));
    }
}

/// Which part each tile of an entry is, found by following the cut from
/// the stored tiles through the ops that relate the parts of their tiles.
class CutSolver {
public:
  explicit CutSolver(int64_t ctas) : ctas(ctas) {}

  /// Solves for `entry`; the reason where its tiles cannot be cut.
  std::optional<std::string> solve(EntryOp entry);

  Part partOf(Value v) const {
    auto it = parts.find(v);
    return it == parts.end() ? Part::whole() : it->second;
  }

private:
  /// Asks that `v` be held as `part`; false (with the reason) where it is
  /// already held otherwise or cannot be.
  bool demand(Value v, Part part, Operation *by);
  /// Demands of `op`'s tiles what the parts already known of some imply.
  bool relate(Operation *op);
  /// All of `values` (those that may be cut) held alike.
  bool relateAlike(ArrayRef<Value> values, Operation *by);
  bool relateMma(Operation *mma);
  bool relateBroadcast(BroadcastOp op);
  bool relateReshape(ReshapeOp op);
  bool relatePermute(PermuteOp op);
  bool relateAlongOtherDim(Operation *op, unsigned dim, bool dropsDim);
  bool relateViewAccess(Operation *op, Value tile, Value view);
  bool relateLoop(Operation *loop);
  bool relateIf(IfOp op);
  bool fail(Operation *op, const Twine &why);

  bool known(Value v) const { return parts.count(v); }
  /// Whether the cluster's CTAs' parts of the tiles `first` and `second`
  /// access (through views) can meet only within one CTA.
  bool keepsCTAsApart(Operation *first, Operation *second) const;
  /// Why an access ordered after another by a token would no longer be
  /// once the CTAs make their parts apart; nullopt where none would.
  std::optional<std::string> unorderedAccess(EntryOp entry);

  int64_t ctas;
  llvm::MapVector<Value, Part> parts;
  SmallVector<Value> worklist;
  std::string reason;
};

bool CutSolver::fail(Operation *op, const Twine &why) {
  if (reason.empty())
    reason = ("'" + op->getName().getStringRef() + "' " + why).str();
  return false;
}

bool CutSolver::demand(Value v, Part part, Operation *by) {
  if (!isa<TileType>(v.getType()))
    return true;
  if (part.cut) {
    if (!isCuttable(v) || shapeOf(v).size() <= part.dim ||
        shapeOf(v)[part.dim] % ctas != 0)
      return fail(by, "needs a tile cut along a dim that does not divide "
                      "among the cluster's CTAs");
  }
  auto [it, inserted] = parts.insert({v, part});
  if (inserted) {
    worklist.push_back(v);
    return true;
  }
  if (it->second == part)
    return true;
  return fail(by, "needs a tile " +
                      Twine(part.cut ? "cut" : "whole") +
                      " that another op of the kernel needs " +
                      (it->second.cut ? "cut" : "whole") +
                      (part.cut && it->second.cut ? " along another dim"
                                                  : ""));
}

bool CutSolver::relateAlike(ArrayRef<Value> values, Operation *by) {
  std::optional<Part> part;
  for (Value v : values)
    if (isCuttable(v) && known(v)) {
      part = partOf(v);
      break;
    }
  if (!part)
    return true;
  for (Value v : values)
    if (isCuttable(v) && !demand(v, *part, by))
      return false;
  return true;
}

bool CutSolver::relateMma(Operation *mma) {
  Value lhs = mma->getOperand(0), rhs = mma->getOperand(1),
        acc = mma->getOperand(2), result = mma->getResult(0);
  if (!relateAlike({acc, result}, mma))
    return false;
  unsigned rank = shapeOf(result).size();
  unsigned rows = rank - 2, columns = rank - 1;
  // k is the lhs's last dim and the rhs's rows: the sum would span CTAs.
  if ((known(lhs) && partOf(lhs).cut && partOf(lhs).dim == columns) ||
      (known(rhs) && partOf(rhs).cut && partOf(rhs).dim == rows))
    return fail(mma, "would sum over a k cut among the cluster's CTAs");
  // The result's part, where it or a cut operand says it.
  std::optional<Part> part;
  if (known(result))
    part = partOf(result);
  else if (known(lhs) && partOf(lhs).cut)
    part = partOf(lhs);
  else if (known(rhs) && partOf(rhs).cut)
    part = partOf(rhs);
  if (!part)
    return true;
  if (!demand(result, *part, mma))
    return false;
  bool lhsCut = part->cut && part->dim != columns;
  bool rhsCut = part->cut && part->dim != rows;
  return demand(lhs, lhsCut ? *part : Part::whole(), mma) &&
         demand(rhs, rhsCut ? *part : Part::whole(), mma);
}

bool CutSolver::relateBroadcast(BroadcastOp op) {
  Value source = op.getSource(), result = op.getResult();
  if (known(source) && partOf(source).cut)
    return demand(result, partOf(source), op);
  if (!known(result))
    return true;
  Part part = partOf(result);
  // A unit dim stretched along the cut is whole in each slice.
  if (!part.cut || shapeOf(source)[part.dim] == 1)
    return demand(source, Part::whole(), op);
  return demand(source, part, op);
}

bool CutSolver::relateReshape(ReshapeOp op) {
  Value source = op.getSource(), result = op.getResult();
  auto through = [&](Value from, Value to) {
    Part part = partOf(from);
    if (!part.cut)
      return demand(to, part, op);
    std::optional<unsigned> dim =
        tilechain::majorDimThroughReshape(shapeOf(from), shapeOf(to),
                                          part.dim, ctas);
    if (!dim)
      return fail(op, "does not keep the cut dim's slices whole");
    return demand(to, Part::along(*dim), op);
  };
  if (known(source))
    return through(source, result);
  if (known(result))
    return through(result, source);
  return true;
}

bool CutSolver::relatePermute(PermuteOp op) {
  // Result dim i walks source dim permutation[i].
  ArrayRef<int32_t> permutation = op.getPermutation();
  Value source = op.getSource(), result = op.getResult();
  if (known(source)) {
    Part part = partOf(source);
    if (!part.cut)
      return demand(result, part, op);
    auto it = llvm::find(permutation, int32_t(part.dim));
    return demand(result, Part::along(it - permutation.begin()), op);
  }
  if (known(result)) {
    Part part = partOf(result);
    return demand(source,
                  part.cut ? Part::along(permutation[part.dim]) : part, op);
  }
  return true;
}

/// A reduction (`dropsDim`) or scan along `dim`: its operands and results
/// are cut alike along any other dim. An operand's part decides the
/// results', so that a result cut otherwise by another op conflicts.
bool CutSolver::relateAlongOtherDim(Operation *op, unsigned dim,
                                    bool dropsDim) {
  auto firstKnown = [&](auto values) -> std::optional<Part> {
    for (Value v : values)
      if (known(v))
        return partOf(v);
    return std::nullopt;
  };
  Part operandPart, resultPart;
  if (std::optional<Part> part = firstKnown(op->getOperands())) {
    if (part->cut && part->dim == dim)
      return fail(op, "runs along the dim its tile would be cut along");
    operandPart = resultPart = *part;
    if (resultPart.cut && dropsDim && resultPart.dim > dim)
      --resultPart.dim;
  } else if (std::optional<Part> part = firstKnown(op->getResults())) {
    operandPart = resultPart = *part;
    if (operandPart.cut && dropsDim && operandPart.dim >= dim)
      ++operandPart.dim;
  } else {
    return true;
  }
  for (Value v : op->getOperands())
    if (!demand(v, operandPart, op))
      return false;
  for (Value v : op->getResults())
    if (!demand(v, resultPart, op))
      return false;
  return true;
}

bool CutSolver::relateViewAccess(Operation *op, Value tile, Value view) {
  if (!known(tile) || !partOf(tile).cut)
    return true;
  if (!tilechain::isSliceablePartitionView(view, partOf(tile).dim, ctas))
    return fail(op, "accesses a view that is no partition view whose "
                    "tiles divide along the cut dim");
  return true;
}

bool CutSolver::relateLoop(Operation *loop) {
  SmallVector<Operation *> terminators;
  loop->walk([&](Operation *op) {
    if (isa<ContinueOp, BreakOp>(op) && terminatorTarget(op) == loop)
      terminators.push_back(op);
  });
  auto forOp = dyn_cast<ForOp>(loop);
  ValueRange inits = forOp ? forOp.getInitValues()
                           : cast<LoopOp>(loop).getInitValues();
  Block::BlockArgListType carried =
      forOp ? forOp.getRegionIterValues()
            : cast<LoopOp>(loop).getRegionIterValues();
  for (auto [i, init] : llvm::enumerate(inits)) {
    SmallVector<Value> alike = {init, carried[i]};
    if (forOp)
      alike.push_back(loop->getResult(i));
    for (Operation *terminator : terminators)
      if (isa<ContinueOp>(terminator))
        alike.push_back(terminator->getOperand(i));
    if (!relateAlike(alike, loop))
      return false;
  }
  if (forOp)
    return true;
  for (auto [i, result] : llvm::enumerate(loop->getResults())) {
    SmallVector<Value> alike = {result};
    for (Operation *terminator : terminators)
      if (isa<BreakOp>(terminator))
        alike.push_back(terminator->getOperand(i));
    if (!relateAlike(alike, loop))
      return false;
  }
  return true;
}

bool CutSolver::relateIf(IfOp op) {
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    SmallVector<Value> alike = {result};
    for (Region *region : {&op.getThenRegion(), &op.getElseRegion()})
      if (!region->empty())
        if (auto yield = dyn_cast<YieldOp>(region->front().getTerminator()))
          alike.push_back(yield.getOperand(i));
    if (!relateAlike(alike, op))
      return false;
  }
  return true;
}

bool CutSolver::relate(Operation *op) {
  if (isa<ForOp, LoopOp>(op))
    return relateLoop(op);
  if (auto ifOp = dyn_cast<IfOp>(op))
    return relateIf(ifOp);
  if (isa<ContinueOp, BreakOp, YieldOp>(op)) {
    Operation *target = terminatorTarget(op);
    if (target)
      return relate(target);
    // A reduction's or scan's body yields scalars.
    return true;
  }
  if (tilechain::computesPerElement(op) || isElementwiseWithEffects(op)) {
    SmallVector<Value> values(op->getOperands());
    llvm::append_range(values, op->getResults());
    return relateAlike(values, op);
  }
  if (isa<MmaFOp, MmaIOp>(op))
    return relateMma(op);
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return relateBroadcast(broadcast);
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return relateReshape(reshape);
  if (auto permute = dyn_cast<PermuteOp>(op))
    return relatePermute(permute);
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return relateAlongOtherDim(op, reduce.getDim(), /*dropsDim=*/true);
  if (auto scan = dyn_cast<ScanOp>(op))
    return relateAlongOtherDim(op, scan.getDim(), /*dropsDim=*/false);
  if (auto load = dyn_cast<LoadViewTkoOp>(op))
    return relateViewAccess(op, load.getTile(), load.getView());
  if (auto store = dyn_cast<StoreViewTkoOp>(op))
    return relateViewAccess(op, store.getTile(), store.getView());
  if (auto constant = dyn_cast<ConstantOp>(op))
    return constant.getValue().isSplat() ||
           demand(constant.getResult(), Part::whole(), op);
  if (auto iota = dyn_cast<IotaOp>(op))
    return cast<TileType>(iota.getType()).getElementType().isInteger(32) ||
           demand(iota.getResult(), Part::whole(), op);
  // Any other op computes its tiles whole.
  SmallVector<Value> values(op->getOperands());
  llvm::append_range(values, op->getResults());
  for (Value v : values)
    if (isCuttable(v) && !demand(v, Part::whole(), op))
      return false;
  return true;
}

std::optional<std::string> CutSolver::solve(EntryOp entry) {
  // Memory the cluster's CTAs would each write whole, or in a way a cut
  // cannot follow, stops the cut.
  WalkResult refused = entry.walk([&](Operation *op) {
    if (isa<PrintTkoOp>(op)) {
      reason = "the kernel prints, which every CTA of a cluster would do";
      return WalkResult::interrupt();
    }
    if (isa<AtomicRedViewTkoOp, MultimemLoadReduceViewTkoOp,
            MultimemReduceViewTkoOp, MultimemStoreViewTkoOp, AllocaOp>(op)) {
      reason = ("'" + op->getName().getStringRef() +
                "' has no cut among a cluster's CTAs")
                   .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (refused.wasInterrupted())
    return reason;

  // Every stored tile is cut along its first dim that divides.
  bool any = false;
  WalkResult seeded = entry.walk([&](Operation *op) {
    if (!isCutWrite(op))
      return WalkResult::advance();
    Value tile = writtenTile(op);
    if (!isCuttable(tile)) {
      fail(op, "writes a scalar, which every CTA of a cluster would write");
      return WalkResult::interrupt();
    }
    ArrayRef<int64_t> shape = shapeOf(tile);
    auto dim = llvm::find_if(shape, [&](int64_t e) { return e % ctas == 0; });
    if (dim == shape.end()) {
      fail(op, "writes a tile with no dim that divides among the cluster's "
               "CTAs");
      return WalkResult::interrupt();
    }
    any = true;
    return demand(tile, Part::along(dim - shape.begin()), op)
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  if (seeded.wasInterrupted())
    return reason;
  if (!any)
    return std::string("the kernel writes no tile to cut among the "
                       "cluster's CTAs");

  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    SmallVector<Operation *> related;
    if (Operation *def = v.getDefiningOp())
      related.push_back(def);
    else
      related.push_back(cast<BlockArgument>(v).getOwner()->getParentOp());
    for (Operation *user : v.getUsers())
      related.push_back(user);
    for (Operation *op : related)
      if (!relate(op))
        return reason;
  }
  return unorderedAccess(entry);
}

/// The tile a view access loads or stores and its view, or nulls.
static std::pair<Value, Value> viewAccess(Operation *op) {
  if (auto load = dyn_cast<LoadViewTkoOp>(op))
    return {load.getTile(), load.getView()};
  if (auto store = dyn_cast<StoreViewTkoOp>(op))
    return {store.getTile(), store.getView()};
  return {};
}

bool CutSolver::keepsCTAsApart(Operation *first, Operation *second) const {
  auto [firstTile, firstView] = viewAccess(first);
  auto [secondTile, secondView] = viewAccess(second);
  if (!firstTile || !secondTile)
    return false;
  Value tensor = partitionedTensorView(firstView);
  return tensor && tensor == partitionedTensorView(secondView) &&
         firstView.getType() == secondView.getType() &&
         partOf(firstTile).cut && partOf(firstTile) == partOf(secondTile);
}

std::optional<std::string> CutSolver::unorderedAccess(EntryOp entry) {
  // Two accesses a token orders, one a write, stay ordered once the CTAs
  // make their parts apart only where no CTA's part of one meets another
  // CTA's part of the other: tiles of one partition view cut alike, which
  // meet only where they are the same tile and then in the same CTA.
  std::optional<std::string> why;
  entry.walk([&](Operation *op) {
    if (!isAccess(op))
      return WalkResult::advance();
    for (Operation *later : orderedAfter(op))
      if ((isCutWrite(op) || isCutWrite(later)) &&
          !keepsCTAsApart(op, later)) {
        why = ("'" + later->getName().getStringRef() +
               "' is ordered (through a token) after '" +
               op->getName().getStringRef() +
               "', and one of them writes what another CTA of the cluster "
               "may access")
                  .str();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return why;
}

/// Rewrites `entry` so that each CTA computes its slice of every cut tile.
class CutRewriter {
public:
  CutRewriter(EntryOp entry, const CutSolver &solver, int64_t ctas)
      : entry(entry), solver(solver), ctas(ctas) {}

  void run();

private:
  /// The CTA's rank as a scalar tile of `type`.
  Value rankAs(OpBuilder &b, Location loc, Type type);
  void cutViewAccess(Operation *op, Value tile, OpOperand &view,
                     MutableOperandRange indices);
  /// `index` * N + the CTA's rank: the index of its slice.
  Value cutIndex(Value index);
  void cutIota(IotaOp iota);

  EntryOp entry;
  const CutSolver &solver;
  int64_t ctas;
  Value rank;
  DenseMap<std::pair<Value, unsigned>, Value> slicedViews;
  DenseMap<Value, Value> cutIndices;
};

Value CutRewriter::rankAs(OpBuilder &b, Location loc, Type type) {
  if (type == rank.getType())
    return rank;
  auto tile = cast<TileType>(type);
  unsigned bits = tile.getElementType().getIntOrFloatBitWidth();
  if (bits > 32)
    return ExtIOp::create(b, loc, type, rank, Signedness::Unsigned)
        .getResult();
  return TruncIOp::create(b, loc, type, rank).getResult();
}

void CutRewriter::cutViewAccess(Operation *op, Value tile, OpOperand &view,
                                MutableOperandRange indices) {
  Part part = solver.partOf(tile);
  if (!part.cut)
    return;
  Value &sliced = slicedViews[{view.get(), part.dim}];
  if (!sliced)
    sliced = tilechain::slicedView(view.get(), part.dim, ctas);
  view.set(sliced);
  indices[part.dim].set(cutIndex(indices[part.dim].get()));
}

Value CutRewriter::cutIndex(Value index) {
  Value &cut = cutIndices[index];
  if (cut)
    return cut;
  // Computed where the index is, so that a loop's body gains nothing (its
  // pipelining sees the same ops) where the index is loop-invariant.
  OpBuilder b(index.getContext());
  if (Operation *def = index.getDefiningOp())
    b.setInsertionPointAfter(def);
  else if (index.getParentBlock() == rank.getParentBlock())
    b.setInsertionPointAfter(rank.getDefiningOp());
  else
    b.setInsertionPointToStart(index.getParentBlock());
  Location loc = index.getLoc();
  cut = tilechain::sliceIndex(b, loc, index, ctas,
                              rankAs(b, loc, index.getType()));
  return cut;
}

void CutRewriter::cutIota(IotaOp iota) {
  // Slice r of 0 .. n-1 is r * n/N + (0 .. n/N - 1).
  auto type = cast<TileType>(iota.getType());
  int64_t length = type.getShape()[0];
  OpBuilder b(iota->getContext());
  b.setInsertionPointAfter(iota);
  Location loc = iota.getLoc();
  auto scalar = TileType::get({}, type.getElementType());
  Value start = MulIOp::create(b, loc, scalar, rankAs(b, loc, scalar),
                               tilechain::intConstant(b, loc, scalar, length))
                    .getResult();
  Value unit = ReshapeOp::create(
      b, loc, TileType::get({1}, type.getElementType()), start);
  Value starts = BroadcastOp::create(b, loc, type, unit);
  Value shifted = AddIOp::create(b, loc, type, iota, starts).getResult();
  iota.getResult().replaceAllUsesExcept(shifted, shifted.getDefiningOp());
}

void CutRewriter::run() {
  OpBuilder b = OpBuilder::atBlockBegin(&entry.getBody().front());
  rank = td::ClusterCTARankOp::create(
      b, entry.getLoc(), TileType::get({}, b.getI32Type()));

  // The types first, so that the ops built below see the slices' shapes.
  auto cutType = [&](Value v) {
    Part part = solver.partOf(v);
    if (part.cut)
      v.setType(tilechain::sliceType(v.getType(), part.dim, ctas));
  };
  SmallVector<IotaOp> iotas;
  SmallVector<Operation *> accesses;
  entry.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          cutType(arg);
    for (Value result : op->getResults())
      cutType(result);
    if (auto constant = dyn_cast<ConstantOp>(op);
        constant && solver.partOf(constant.getResult()).cut)
      constant.setValueAttr(cast<DenseIntOrFPElementsAttr>(
          constant.getValue().resizeSplat(
              cast<ShapedType>(constant.getType()))));
    if (auto iota = dyn_cast<IotaOp>(op);
        iota && solver.partOf(iota.getResult()).cut)
      iotas.push_back(iota);
    if (isa<LoadViewTkoOp, StoreViewTkoOp>(op))
      accesses.push_back(op);
  });
  for (IotaOp iota : iotas)
    cutIota(iota);
  for (Operation *op : accesses) {
    if (auto load = dyn_cast<LoadViewTkoOp>(op))
      cutViewAccess(op, load.getTile(), load.getViewMutable(),
                    load.getIndexMutable());
    else if (auto store = dyn_cast<StoreViewTkoOp>(op))
      cutViewAccess(op, store.getTile(), store.getViewMutable(),
                    store.getIndexMutable());
  }
  entry->setAttr(td::TileDistDialect::kClusterCTAsAttrName,
                 b.getI32IntegerAttr(ctas));
}

/// The cluster `entry`'s hint asks for on `target`, after a remark where
/// it is not followed; nullopt where the kernel gets none.
std::optional<int64_t> hintedCluster(EntryOp entry,
                                     const tilechain::TargetInfo &target) {
  OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
  std::optional<int64_t> ctas =
      hints ? hints.getNumCTAInCGA("sm_" + std::to_string(target.smVersion))
            : std::nullopt;
  if (!ctas || *ctas == 1)
    return std::nullopt;
  auto notFollowed = [&](const Twine &why) {
    tilechain::reportTileRemark(
        tilechain::TileRemark{tilechain::TileRemarkKind::Missed,
                              tilechain::kHintRemarks,
                              "RemarkHintNotFollowed", entry.getLoc(),
                              "OptimizationHint num_cta_in_cga not followed",
                              {}}
            .note("num_cta_in_cga", std::to_string(*ctas))
            .reason(why.str()),
        entry.getSymName());
  };
  if (!OptimizationHintsAttr::isValidIntHint("num_cta_in_cga", *ctas)) {
    notFollowed("a cluster has a power of two of CTAs, at most 16; the "
                "kernel is compiled as if it had no hint");
    return std::nullopt;
  }
  if (target.smVersion < kClusterMinSM) {
    notFollowed("sm_" + Twine(target.smVersion) +
                " has no thread block clusters (sm_90 and newer do); "
                "each CTA runs alone");
    return std::nullopt;
  }
  if (*ctas > kMaxPortableClusterCTAs) {
    notFollowed("a cluster of more than " + Twine(kMaxPortableClusterCTAs) +
                " CTAs needs the launch's non-portable cluster opt-in, "
                "which cuTile's launch does not give; each CTA runs alone");
    return std::nullopt;
  }
  return ctas;
}

struct SplitTilesOverClusterPass
    : public PassWrapper<SplitTilesOverClusterPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitTilesOverClusterPass)

  StringRef getArgument() const override {
    return "tilechain-split-tiles-over-cluster";
  }
  StringRef getDescription() const override {
    return "Make each tile block a thread block cluster where cuTile's "
           "num_cta_in_cga hint asks, each CTA computing a slice of the "
           "tiles the kernel stores";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<td::TileDistDialect>();
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::recordedTarget(getOperation());
    if (!target)
      return signalPassFailure();
    SmallVector<EntryOp> entries;
    getOperation().walk([&](EntryOp entry) { entries.push_back(entry); });
    for (EntryOp entry : entries) {
      std::optional<int64_t> ctas = hintedCluster(entry, *target);
      if (!ctas)
        continue;
      // The cut is tried on a copy, which replaces the entry where it
      // succeeds; a kernel left whole stays as it was.
      OpBuilder b(entry);
      auto trial = cast<EntryOp>(b.clone(*entry));
      copySplatsPerUse(trial);
      CutSolver solver(*ctas);
      if (std::optional<std::string> why = solver.solve(trial)) {
        trial.erase();
        tilechain::reportTileRemark(
            tilechain::TileRemark{
                tilechain::TileRemarkKind::Missed, tilechain::kHintRemarks,
                "RemarkHintNotFollowed", entry.getLoc(),
                "OptimizationHint num_cta_in_cga not followed", {}}
                .note("num_cta_in_cga", std::to_string(*ctas))
                .reason("each CTA runs alone: " + *why +
                        " (tilechain cuts a cluster's tiles only where no "
                        "CTA needs another's part)"),
            entry.getSymName());
        continue;
      }
      // The remark shows the first stored tile and each CTA's part of it.
      SmallVector<int64_t> stored, perCTA;
      trial.walk([&](Operation *op) {
        if (!isCutWrite(op))
          return WalkResult::advance();
        Value tile = writtenTile(op);
        stored.assign(shapeOf(tile).begin(), shapeOf(tile).end());
        perCTA = stored;
        perCTA[solver.partOf(tile).dim] /= *ctas;
        return WalkResult::interrupt();
      });
      CutRewriter(trial, solver, *ctas).run();
      entry.erase();
      tilechain::reportTileRemark(
          tilechain::TileRemark{tilechain::TileRemarkKind::Passed,
                                tilechain::kHintRemarks, "RemarkHint",
                                trial.getLoc(),
                                "OptimizationHint used num_cta_in_cga", {}}
              .note("num_cta_in_cga", std::to_string(*ctas))
              .note("Shape", tilechain::remarkShape(stored))
              .note("CTAShape", tilechain::remarkShape(perCTA)),
          trial.getSymName());
    }
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createSplitTilesOverClusterPass() {
  return std::make_unique<SplitTilesOverClusterPass>();
}
