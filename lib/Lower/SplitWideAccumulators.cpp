//===- SplitWideAccumulators.cpp - tile-lower: an mma in column slices ----===//
//
// On every target but sm_100, whose tcgen05.mma keeps its accumulator in
// tensor memory, an mma's accumulator lives in registers. A 256x256 f32
// tile over a CTA's 256 threads is 256 registers per thread: more than
// wgmma takes (kMaxAccumulatorRegisters), so sm_90 ran it on mma.sync, and
// mma.sync spilled it (168 bytes of stack on sm_90 and 1472 on sm_80 for
// the corpus's 4096-cubed matmul). Where the k loop around the mma only
// reads memory and its result only converts into one tile store, the loop
// and the store run once per column slice instead, each slice's
// accumulator within the limit: the rhs (and an mmaf_scaled's rhs scales)
// is loaded from a partition view of the slice's narrower tiles and the
// result stored through one. Every element is summed in the same order as
// before; the lhs is read once per slice (from L2 after the first). On
// sm_100 the same split lets a block-scaled mma whose accumulator and
// scales overflow tensor memory run on its block scaling, each slice
// fitting.
//
// Each slice's store comes right after its loop, before the next slice's
// loads. The program orders memory operations only through tokens, and a
// store whose token comes from before the loop, after loads that leave
// theirs unused, is ordered after none of them (cuTile threads one token
// through the operations that may touch the same memory).
//
// Between a load and the mma, the operands may pass through permutes and
// reshapes that keep the sliced dim's major part whole (a batch matmul's
// 1xKxN tiles, the corpus's swizzled block scales); between the loop and
// the store, through such reshapes and element type conversions. Nothing
// else is followed, and a loop that does anything else is left whole.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/ScalarTiles.h"
#include "tilechain/Lower/Target.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Lower/TileRemarks.h"
#include "tilechain/Lower/TileSlices.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using tilechain::intConstant;
using tilechain::isSliceablePartitionView;
using tilechain::majorDimThroughReshape;
using tilechain::sliceIndex;
using tilechain::sliceType;
using tilechain::slicedView;

namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<TileType>(v.getType()).getShape();
}

/// An mma's k loop that runs as column slices, and everything that changes
/// with it.
struct ColumnSlices {
  ForOp loop;
  Operation *mma;
  ConstantOp init;
  /// Per operand that runs along the columns (the rhs, and an
  /// mmaf_scaled's rhs scales): its load and the reshapes and permutes from
  /// it to the mma, with the sliced dim of each result, the load first.
  SmallVector<SmallVector<std::pair<Operation *, unsigned>>> operandChains;
  /// The ops from the loop's result to the stored tile, with the sliced dim
  /// of each result.
  SmallVector<std::pair<Operation *, unsigned>> epilogue;
  StoreViewTkoOp store;
  unsigned storeDim;
  /// Ops to be moved before the loop: those between the loop and the
  /// store that the store needs, and the sliced loads' views made in the
  /// loop's body.
  SmallVector<Operation *> hoisted;
  int64_t slices;
  std::string reason;
};

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, extent] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(extent);
  return text;
}

bool isConversion(Operation *op) {
  return isa<FToFOp, FToIOp, IToFOp, ExtIOp, TruncIOp>(op);
}

/// Whether `op`, in the k loop's body, may run once per slice: it reads
/// memory at most (weak view loads) and has no regions.
bool repeatable(Operation *op) {
  if (op->getNumRegions())
    return false;
  if (auto load = dyn_cast<LoadViewTkoOp>(op))
    return load.getMemoryOrderingSemantics() == MemoryOrderingSemantics::WEAK;
  return isMemoryEffectFree(op);
}

/// The column slices `mma` runs as on `target` and why, or nullopt where it
/// runs whole. On sm_100 a block-scaled mma whose accumulator and scales
/// do not fit tensor memory, in as many slices as make them fit; elsewhere
/// an accumulator of more than kMaxAccumulatorRegisters registers a
/// thread, in slices of at most that many and at least 8 columns (an
/// instruction's n).
std::optional<std::pair<int64_t, std::string>>
slicesNeeded(Operation *mma, const tilechain::TargetInfo &target,
             unsigned numWarps) {
  auto acc = cast<TileType>(mma->getResult(0).getType());
  int64_t columns = acc.getShape().back();
  if (target.smVersion == 100) {
    auto scaled = dyn_cast<MmaFScaledOp>(mma);
    if (!scaled)
      return std::nullopt;
    std::string why;
    if (succeeded(tilechain::planTcgen05(scaled, target, numWarps, why)))
      return std::nullopt;
    for (int64_t slices = 2; columns / slices >= 32; slices *= 2) {
      std::string whyNotSlice;
      if (succeeded(tilechain::planTcgen05(scaled, target, numWarps,
                                           whyNotSlice, slices)))
        return std::make_pair(slices, why);
    }
    return std::nullopt;
  }
  int64_t threads = 32 * int64_t(numWarps);
  int64_t bits = acc.getElementType().getIntOrFloatBitWidth();
  int64_t registers = acc.getNumElements() * bits / 32 / threads;
  int64_t slices = 1;
  while (registers / slices > tilechain::kMaxAccumulatorRegisters)
    slices *= 2;
  if (slices == 1 || columns % slices || columns / slices < 8)
    return std::nullopt;
  return std::make_pair(
      slices, "its " + shapeText(acc.getShape()) + " accumulator takes " +
                  std::to_string(registers) +
                  " registers per thread, more than the " +
                  std::to_string(tilechain::kMaxAccumulatorRegisters) +
                  " an mma keeps in registers");
}

/// The plan for `loop`, or nullopt where it is left whole.
std::optional<ColumnSlices> planSlices(ForOp loop,
                                       const tilechain::TargetInfo &target,
                                       unsigned numWarps) {
  if (loop.getNumResults() != 1)
    return std::nullopt;
  auto acc = dyn_cast<TileType>(loop.getResult(0).getType());
  auto init = loop.getInitValues()[0].getDefiningOp<ConstantOp>();
  if (!acc || acc.getRank() < 2 || !init ||
      !cast<DenseElementsAttr>(init.getValue()).isSplat())
    return std::nullopt;
  Operation *yield = loop.getBody()->getTerminator();
  Operation *mma = yield->getOperand(0).getDefiningOp();
  Value carried = loop.getRegionIterValues()[0];
  if (!mma || !tilechain::isMma(mma) ||
      mma->getBlock() != loop.getBody() ||
      mma->getOperand(2) != carried || !carried.hasOneUse() ||
      !mma->getResult(0).hasOneUse())
    return std::nullopt;
  if (!llvm::all_of(loop.getBody()->without_terminator(),
                    [](Operation &op) { return repeatable(&op); }))
    return std::nullopt;

  std::optional<std::pair<int64_t, std::string>> needed =
      slicesNeeded(mma, target, numWarps);
  if (!needed)
    return std::nullopt;
  auto [slices, reason] = *needed;
  unsigned rank = acc.getRank();

  ColumnSlices plan{loop, mma, init, {}, {}, {}, 0, {}, slices, reason};
  // From each operand along the columns up to its load.
  SmallVector<unsigned> columnOperands = {1};
  if (isa<MmaFScaledOp>(mma))
    columnOperands.push_back(4);
  for (unsigned index : columnOperands) {
    SmallVector<std::pair<Operation *, unsigned>> chain;
    Value operand = mma->getOperand(index);
    unsigned dim = cast<TileType>(operand.getType()).getRank() - 1;
    for (;;) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != loop.getBody() || !operand.hasOneUse())
        return std::nullopt;
      chain.insert(chain.begin(), {def, dim});
      if (auto load = dyn_cast<LoadViewTkoOp>(def)) {
        if (!load.getResultToken().use_empty() ||
            !isSliceablePartitionView(load.getView(), dim, slices))
          return std::nullopt;
        // A view made in the loop's body (as cuTile 13.1 writes it) moves
        // before the loop, where its sliced twin is made for every slice's
        // loop; it can where what it is made from is defined there.
        Operation *make = load.getView().getDefiningOp();
        if (loop->isAncestor(make)) {
          if (make->getBlock() != loop.getBody() ||
              !llvm::all_of(make->getOperands(), [&](Value v) {
                return tilechain::isDefinedOutside(loop, v);
              }))
            return std::nullopt;
          if (!llvm::is_contained(plan.hoisted, make))
            plan.hoisted.push_back(make);
        }
        break;
      }
      std::optional<unsigned> source;
      if (auto reshape = dyn_cast<ReshapeOp>(def))
        source = majorDimThroughReshape(shapeOf(reshape.getResult()),
                                        shapeOf(reshape.getSource()), dim,
                                        slices);
      else if (auto permute = dyn_cast<PermuteOp>(def))
        source = permute.getPermutation()[dim];
      if (!source)
        return std::nullopt;
      dim = *source;
      operand = def->getOperand(0);
    }
    plan.operandChains.push_back(std::move(chain));
  }

  // From the loop's result down to its store, in the loop's block.
  Value result = loop.getResult(0);
  unsigned dim = rank - 1;
  for (;;) {
    if (!result.hasOneUse())
      return std::nullopt;
    Operation *user = *result.getUsers().begin();
    if (user->getBlock() != loop->getBlock())
      return std::nullopt;
    if (auto store = dyn_cast<StoreViewTkoOp>(user)) {
      if (store.getTile() != result ||
          !isSliceablePartitionView(store.getView(), dim, slices))
        return std::nullopt;
      plan.store = store;
      plan.storeDim = dim;
      break;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(user)) {
      std::optional<unsigned> next = majorDimThroughReshape(
          shapeOf(result), shapeOf(reshape.getResult()), dim, slices);
      if (!next)
        return std::nullopt;
      dim = *next;
    } else if (!isConversion(user)) {
      return std::nullopt;
    }
    plan.epilogue.push_back({user, dim});
    result = user->getResult(0);
  }

  // Between the loop and the store: nothing with effects, and what the
  // store takes comes from before the loop or from a view made in between.
  for (Operation *op = loop->getNextNode(); op != plan.store;
       op = op->getNextNode()) {
    if (op->getNumRegions() || !isMemoryEffectFree(op))
      return std::nullopt;
  }
  for (Value operand : plan.store->getOperands()) {
    if (operand == result)
      continue;
    Operation *def = operand.getDefiningOp();
    if (!def || def->getBlock() != loop->getBlock() ||
        def->isBeforeInBlock(loop))
      continue;
    if (!isa<MakePartitionViewOp>(def) ||
        !llvm::all_of(def->getOperands(), [&](Value v) {
          Operation *d = v.getDefiningOp();
          return !d || d->getBlock() != loop->getBlock() ||
                 d->isBeforeInBlock(loop);
        }))
      return std::nullopt;
    plan.hoisted.push_back(def);
  }
  // The slice number, of the store index's type, is added to every sliced
  // index.
  Type counter = plan.store.getIndex()[plan.storeDim].getType();
  for (auto &chain : plan.operandChains) {
    auto [load, dim] = chain.front();
    if (cast<LoadViewTkoOp>(load).getIndex()[dim].getType() != counter)
      return std::nullopt;
  }
  return plan;
}

/// What every slice shares: the sliced views and the sliced accumulator's
/// initial value, made before the loop.
struct SliceValues {
  SmallVector<Value> loadViews; // per operand chain
  Value storeView;
  TileType accType;
  Value init;
};

/// Emits at `b` the k loop, epilogue and store of slice `slice` (a scalar
/// tile of the store index's type); returns the store's token. The store
/// keeps the original's token: the slices write apart, and ordering one
/// after another would cost each a barrier for nothing.
Value emitSlice(OpBuilder &b, ColumnSlices &plan, const SliceValues &shared,
                Value slice) {
  Location loc = plan.loop.getLoc();
  int64_t slices = plan.slices;
  // Indices defined outside the k loop are sliced before it, once.
  DenseMap<Value, Value> slicedIndices;
  auto sliceIndexHere = [&](Value index) {
    Value &sliced = slicedIndices[index];
    if (!sliced)
      sliced = sliceIndex(b, loc, index, slices, slice);
    return sliced;
  };
  auto loop = cast<ForOp>(b.clone(*plan.loop));
  loop.getResult(0).setType(shared.accType);
  loop.getRegionIterValues()[0].setType(shared.accType);
  loop.getInitValuesMutable()[0].assign(shared.init);
  // The clone's ops: the originals' at the same positions in the body,
  // looked up before anything is inserted.
  auto copyOf = [&](Operation *op) {
    return &*std::next(loop.getBody()->begin(),
                       std::distance(plan.loop.getBody()->begin(),
                                     op->getIterator()));
  };
  Operation *mma = copyOf(plan.mma);
  SmallVector<SmallVector<Operation *>> copies;
  for (auto &chain : plan.operandChains) {
    copies.emplace_back();
    for (auto [op, dim] : chain)
      copies.back().push_back(copyOf(op));
  }
  for (auto [chain, chainCopies, view] :
       llvm::zip(plan.operandChains, copies, shared.loadViews)) {
    for (auto [original, copy] : llvm::zip(chain, chainCopies)) {
      auto [op, dim] = original;
      copy->getResult(0).setType(
          sliceType(op->getResult(0).getType(), dim, slices));
      auto load = dyn_cast<LoadViewTkoOp>(copy);
      if (!load)
        continue;
      Value index = load.getIndex()[dim];
      load.getViewMutable().assign(view);
      if (!loop->isAncestor(index.getParentRegion()->getParentOp())) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(loop);
        load.getIndexMutable()[dim].assign(sliceIndexHere(index));
      } else {
        OpBuilder inBody(load);
        load.getIndexMutable()[dim].assign(
            sliceIndex(inBody, load.getLoc(), index, slices, slice));
      }
    }
  }
  mma->getResult(0).setType(shared.accType);

  Value result = loop.getResult(0);
  for (auto [op, dim] : plan.epilogue) {
    Operation *copy = b.clone(*op);
    copy->setOperand(0, result);
    copy->getResult(0).setType(
        sliceType(op->getResult(0).getType(), dim, slices));
    result = copy->getResult(0);
  }
  Value index = sliceIndexHere(plan.store.getIndex()[plan.storeDim]);
  auto store = cast<StoreViewTkoOp>(b.clone(*plan.store));
  store.getTileMutable().assign(result);
  store.getViewMutable().assign(shared.storeView);
  store.getIndexMutable()[plan.storeDim].assign(index);
  return store.getResultToken();
}

/// Runs `plan`'s loop and store once per slice, in place of the originals:
/// in a loop over the slices on targets with TMA, one after another
/// before them. Measured on the corpus's t256x256
/// matmuls: with TMA the loop takes as many registers or fewer (the fp8
/// batch matmul 238 and no stack on sm_90, against 255 and 16 bytes) and
/// half the compile time; with cp.async (sm_80) the slices one after
/// another spill less (624 bytes against 984), and their k loops, not
/// nested, keep their copies pipelined across iterations.
void applySlices(ColumnSlices &plan, const tilechain::TargetInfo &target) {
  for (Operation *op : plan.hoisted)
    op->moveBefore(plan.loop);
  int64_t slices = plan.slices;
  SliceValues shared;
  SmallVector<Value> views = {plan.store.getView()};
  for (auto &chain : plan.operandChains) {
    auto [op, dim] = chain.front();
    Value view = cast<LoadViewTkoOp>(op).getView();
    views.push_back(view);
    shared.loadViews.push_back(slicedView(view, dim, slices));
  }
  shared.storeView =
      slicedView(plan.store.getView(), plan.storeDim, slices);
  unsigned rank = cast<TileType>(plan.loop.getResult(0).getType()).getRank();
  shared.accType =
      sliceType(plan.loop.getResult(0).getType(), rank - 1, slices);
  OpBuilder b(plan.loop);
  Location loc = plan.loop.getLoc();
  auto initValue = cast<DenseElementsAttr>(plan.init.getValue());
  shared.init =
      ConstantOp::create(b, plan.init.getLoc(), shared.accType,
                         cast<DenseIntOrFPElementsAttr>(initValue.resizeSplat(
                             cast<ShapedType>(shared.accType))))
          .getResult();

  // Where the store's token is used, it stands for all the slices' stores.
  Type counter = plan.store.getIndex()[plan.storeDim].getType();
  Value stored = plan.store.getResultToken();
  Type tokenType = stored.getType();
  bool joined = !stored.use_empty();
  if (target.smVersion >= tilechain::kTensorMapMinSM) {
    SmallVector<Value> carried;
    if (joined)
      carried.push_back(MakeTokenOp::create(b, loc, tokenType).getResult());
    auto overSlices = ForOp::create(
        b, loc, ValueRange(carried).getTypes(),
        intConstant(b, loc, counter, 0), intConstant(b, loc, counter, slices),
        intConstant(b, loc, counter, 1), carried, false);
    Block *body = &overSlices.getRegion().emplaceBlock();
    Value slice = body->addArgument(counter, loc);
    Value before = joined ? body->addArgument(tokenType, loc) : Value();
    OpBuilder inSlices = OpBuilder::atBlockEnd(body);
    Value sliceStored = emitSlice(inSlices, plan, shared, slice);
    SmallVector<Value> next;
    if (joined)
      next.push_back(JoinTokensOp::create(inSlices, loc, tokenType,
                                          ValueRange{before, sliceStored})
                         .getResult());
    ContinueOp::create(inSlices, loc, next);
    if (joined)
      stored.replaceAllUsesWith(overSlices.getResult(0));
  } else {
    SmallVector<Value> tokens;
    for (int64_t slice = 0; slice < slices; ++slice)
      tokens.push_back(emitSlice(b, plan, shared,
                                 intConstant(b, loc, counter, slice)));
    if (joined)
      stored.replaceAllUsesWith(
          JoinTokensOp::create(b, loc, tokenType, tokens).getResult());
  }

  plan.store.erase();
  for (auto [op, dim] : llvm::reverse(plan.epilogue))
    op->erase();
  plan.loop.erase();
  // What only the whole loop and store used.
  for (Value view : views)
    if (Operation *make = view.getDefiningOp(); make && view.use_empty())
      make->erase();
  if (plan.init->use_empty())
    plan.init.erase();
}

struct SplitWideAccumulatorsPass
    : public PassWrapper<SplitWideAccumulatorsPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitWideAccumulatorsPass)


  StringRef getArgument() const override {
    return "tilechain-split-wide-accumulators";
  }
  StringRef getDescription() const override {
    return "Run an mma's k loop and its store once per column slice where "
           "its accumulator would take more registers than an mma keeps, or "
           "a block-scaled one more tensor memory than sm_100 has (the "
           "parallel form)";
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::recordedTarget(getOperation());
    if (!target)
      return signalPassFailure();
    auto split = [&](EntryOp entry, unsigned numWarps) {
      SmallVector<ForOp> loops;
      entry.walk([&](ForOp loop) { loops.push_back(loop); });
      for (ForOp loop : loops) {
        std::optional<ColumnSlices> plan =
            planSlices(loop, *target, numWarps);
        if (!plan)
          continue;
        auto acc = cast<TileType>(loop.getResult(0).getType());
        SmallVector<int64_t> slice(acc.getShape());
        slice.back() /= plan->slices;
        tilechain::reportTileRemark(
            tilechain::TileRemark{tilechain::TileRemarkKind::Passed,
                                  tilechain::kTensorCoreRemarks,
                                  "RemarkTensorCoreColumnSlices",
                                  plan->mma->getLoc(),
                                  "MMA loop and store run once per column "
                                  "slice of the accumulator",
                                  {}}
                .note("Slices", std::to_string(plan->slices) + " x " +
                                    shapeText(slice))
                .reason(plan->reason),
            entry.getSymName());
        applySlices(*plan, *target);
      }
    };
    if (failed(tilechain::forEachEntryWithWarps(getOperation(), split)))
      signalPassFailure();
  }

};

} // namespace

std::unique_ptr<Pass>
tilechain::createSplitWideAccumulatorsPass() {
  return std::make_unique<SplitWideAccumulatorsPass>();
}
