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
// accumulator within the limit: the rhs is loaded from a partition view
// of the slice's narrower tiles and the result stored through one. Every
// element is summed in the same order as before; the lhs is read once per
// slice (from L2 after the first).
//
// Each slice's store comes right after its loop, before the next slice's
// loads. The program orders memory operations only through tokens, and a
// store whose token comes from before the loop, after loads that leave
// theirs unused, is ordered after none of them (cuTile threads one token
// through the operations that may touch the same memory).
//
// The rhs and the result may pass through reshapes that add or drop unit
// dims (a batch matmul's 1xKxN tiles) and the result through element type
// conversions; nothing else is followed, and a loop that does anything
// else is left whole.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Passes.h"

#include "tilechain/Conversion/TileToLoops/TileLowering.h"
#include "tilechain/Conversion/TileToLoops/TileRemarks.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// The dim of `to` that dim `dim` of `from` becomes through a reshape that
/// only adds or drops unit dims, or nullopt for any other reshape.
std::optional<unsigned> dimThroughReshape(ArrayRef<int64_t> from,
                                          ArrayRef<int64_t> to, unsigned dim) {
  auto nonUnit = [](ArrayRef<int64_t> shape) {
    SmallVector<unsigned> dims;
    for (auto [d, extent] : llvm::enumerate(shape))
      if (extent != 1)
        dims.push_back(d);
    return dims;
  };
  SmallVector<unsigned> fromDims = nonUnit(from), toDims = nonUnit(to);
  if (fromDims.size() != toDims.size())
    return std::nullopt;
  for (auto [f, t] : llvm::zip(fromDims, toDims))
    if (from[f] != to[t])
      return std::nullopt;
  auto it = llvm::find(fromDims, dim);
  if (it == fromDims.end())
    return std::nullopt;
  return toDims[it - fromDims.begin()];
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<TileType>(v.getType()).getShape();
}

/// A tile type with dim `dim` divided by `slices`.
TileType sliceType(Type type, unsigned dim, int64_t slices) {
  auto tile = cast<TileType>(type);
  SmallVector<int64_t> shape(tile.getShape());
  shape[dim] /= slices;
  return TileType::get(shape, tile.getElementType());
}

/// A partition view of `view`'s tensor view whose tiles are `view`'s with
/// dim `dim` divided by `slices`, made right after `view`.
Value slicedView(Value view, unsigned dim, int64_t slices) {
  auto make = view.getDefiningOp<MakePartitionViewOp>();
  auto type = cast<PartitionViewType>(view.getType());
  SmallVector<int32_t> tile(type.getTileShape().asArrayRef());
  tile[dim] /= slices;
  OpBuilder b(make->getContext());
  b.setInsertionPointAfter(make);
  auto sliced = PartitionViewType::get(
      b.getContext(), b.getDenseI32ArrayAttr(tile), type.getTensorView(),
      type.getDimMap(), type.getPaddingValue());
  return MakePartitionViewOp::create(b, make.getLoc(), sliced,
                                     make.getTensorView())
      .getResult();
}

/// Index `index` of a view of tiles `slices` times narrower in one dim:
/// slice `slice` of the tile at `index`.
Value sliceIndex(OpBuilder &b, Location loc, Value index, int64_t slices,
                 int64_t slice) {
  auto type = cast<TileType>(index.getType());
  auto constant = [&](int64_t value) {
    auto attr = DenseIntElementsAttr::get(
        cast<ShapedType>(type),
        ArrayRef<Attribute>{b.getIntegerAttr(type.getElementType(), value)});
    return ConstantOp::create(b, loc, type, attr).getResult();
  };
  Value scaled =
      MulIOp::create(b, loc, type, index, constant(slices)).getResult();
  if (slice == 0)
    return scaled;
  return AddIOp::create(b, loc, type, scaled, constant(slice)).getResult();
}

/// The partition view `view` is, where a sliced one can be made beside it.
bool isSliceablePartitionView(Value view, unsigned dim, int64_t slices) {
  auto type = dyn_cast<PartitionViewType>(view.getType());
  return type && view.getDefiningOp<MakePartitionViewOp>() &&
         dim < type.getTileShape().size() &&
         type.getTileShape()[dim] % slices == 0;
}

/// An mma's k loop that runs as column slices, and everything that changes
/// with it.
struct ColumnSlices {
  ForOp loop;
  Operation *mma;
  ConstantOp init;
  /// The rhs load and the reshapes from it to the mma, with the sliced dim
  /// of each result.
  LoadViewTkoOp rhsLoad;
  SmallVector<std::pair<Operation *, unsigned>> rhsChain;
  /// The ops from the loop's result to the stored tile, with the sliced dim
  /// of each result.
  SmallVector<std::pair<Operation *, unsigned>> epilogue;
  StoreViewTkoOp store;
  unsigned storeDim;
  /// Ops between the loop and the store that the store needs, to be moved
  /// before the loop.
  SmallVector<Operation *> hoisted;
  int64_t slices;
  int64_t registers; // the whole accumulator's, per thread
};

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

/// The plan for `loop`, or nullopt where it is left whole.
std::optional<ColumnSlices> planSlices(ForOp loop, unsigned numWarps) {
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
  if (!mma || !isa<MmaFOp, MmaIOp>(mma) || mma->getBlock() != loop.getBody() ||
      mma->getOperand(2) != carried || !carried.hasOneUse() ||
      !mma->getResult(0).hasOneUse())
    return std::nullopt;
  if (!llvm::all_of(loop.getBody()->without_terminator(),
                    [](Operation &op) { return repeatable(&op); }))
    return std::nullopt;

  // Slices small enough, each at least 8 columns (an mma instruction's n).
  int64_t threads = 32 * int64_t(numWarps);
  int64_t bits = acc.getElementType().getIntOrFloatBitWidth();
  int64_t registers = acc.getNumElements() * bits / 32 / threads;
  unsigned rank = acc.getRank();
  int64_t columns = acc.getShape()[rank - 1];
  int64_t slices = 1;
  while (registers / slices > tilechain::kMaxAccumulatorRegisters)
    slices *= 2;
  if (slices == 1 || columns % slices || columns / slices < 8)
    return std::nullopt;

  ColumnSlices plan{loop, mma, init, {}, {}, {}, {}, 0, {}, slices,
                    registers};
  // From the mma's rhs up to its load.
  Value rhs = mma->getOperand(1);
  unsigned dim = rank - 1;
  while (auto reshape = rhs.getDefiningOp<ReshapeOp>()) {
    std::optional<unsigned> source = dimThroughReshape(
        shapeOf(reshape.getResult()), shapeOf(reshape.getSource()), dim);
    if (!source || reshape->getBlock() != loop.getBody() || !rhs.hasOneUse())
      return std::nullopt;
    plan.rhsChain.insert(plan.rhsChain.begin(), {reshape, dim});
    dim = *source;
    rhs = reshape.getSource();
  }
  auto load = rhs.getDefiningOp<LoadViewTkoOp>();
  if (!load || load->getBlock() != loop.getBody() || !rhs.hasOneUse() ||
      !load.getResultToken().use_empty() ||
      !isSliceablePartitionView(load.getView(), dim, slices))
    return std::nullopt;
  plan.rhsLoad = load;
  plan.rhsChain.insert(plan.rhsChain.begin(), {load, dim});

  // From the loop's result down to its store, in the loop's block.
  Value result = loop.getResult(0);
  dim = rank - 1;
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
      std::optional<unsigned> next = dimThroughReshape(
          shapeOf(result), shapeOf(reshape.getResult()), dim);
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
  return plan;
}

/// Runs `plan`'s loop and store once per slice, in place of the originals.
void applySlices(ColumnSlices &plan) {
  for (Operation *op : plan.hoisted)
    op->moveBefore(plan.loop);
  int64_t slices = plan.slices;
  unsigned loadDim = plan.rhsChain.front().second;
  Value rhsView = slicedView(plan.rhsLoad.getView(), loadDim, slices);
  Value storeView = slicedView(plan.store.getView(), plan.storeDim, slices);
  auto initValue = cast<DenseElementsAttr>(plan.init.getValue());
  unsigned rank = cast<TileType>(plan.loop.getResult(0).getType()).getRank();
  TileType sliceAcc =
      sliceType(plan.loop.getResult(0).getType(), rank - 1, slices);

  OpBuilder b(plan.loop);
  Location loc = plan.loop.getLoc();
  Value init =
      ConstantOp::create(b, plan.init.getLoc(), sliceAcc,
                         cast<DenseIntOrFPElementsAttr>(initValue.resizeSplat(
                             cast<ShapedType>(sliceAcc))))
          .getResult();
  Value token = plan.store.getToken();
  // The sliced indices made before the loops, one per index and slice.
  DenseMap<std::pair<Value, int64_t>, Value> slicedIndices;
  auto sliceIndexBefore = [&](Value index, int64_t slice) {
    Value &sliced = slicedIndices[{index, slice}];
    if (!sliced)
      sliced = sliceIndex(b, loc, index, slices, slice);
    return sliced;
  };
  for (int64_t slice = 0; slice < slices; ++slice) {
    // The rhs's sliced index, before the loop where it does not change in
    // it.
    Value rhsIndex = plan.rhsLoad.getIndex()[loadDim];
    bool invariant = !plan.loop->isAncestor(
        rhsIndex.getParentRegion()->getParentOp());
    Value invariantIndex =
        invariant ? sliceIndexBefore(rhsIndex, slice) : Value();
    auto loop = cast<ForOp>(b.clone(*plan.loop));
    loop.getResult(0).setType(sliceAcc);
    loop.getRegionIterValues()[0].setType(sliceAcc);
    loop.getInitValuesMutable()[0].assign(init);
    // The clone's ops: the originals' at the same positions in the body,
    // looked up before anything is inserted.
    auto copyOf = [&, &clone = loop](Operation *op) {
      return &*std::next(clone.getBody()->begin(),
                         std::distance(plan.loop.getBody()->begin(),
                                       op->getIterator()));
    };
    Operation *mma = copyOf(plan.mma);
    SmallVector<Operation *> chain;
    for (auto [op, dim] : plan.rhsChain)
      chain.push_back(copyOf(op));
    for (auto [copy, original] : llvm::zip(chain, plan.rhsChain)) {
      auto [op, dim] = original;
      copy->getResult(0).setType(
          sliceType(op->getResult(0).getType(), dim, slices));
      if (auto load = dyn_cast<LoadViewTkoOp>(copy)) {
        OpBuilder inBody(load);
        load.getViewMutable().assign(rhsView);
        load.getIndexMutable()[dim].assign(
            invariant ? invariantIndex
                      : sliceIndex(inBody, load.getLoc(), load.getIndex()[dim],
                                   slices, slice));
      }
    }
    mma->getResult(0).setType(sliceAcc);

    Value result = loop.getResult(0);
    for (auto [op, dim] : plan.epilogue) {
      Operation *copy = b.clone(*op);
      copy->setOperand(0, result);
      copy->getResult(0).setType(
          sliceType(op->getResult(0).getType(), dim, slices));
      result = copy->getResult(0);
    }
    Value index =
        sliceIndexBefore(plan.store.getIndex()[plan.storeDim], slice);
    auto store = cast<StoreViewTkoOp>(b.clone(*plan.store));
    store.getTileMutable().assign(result);
    store.getViewMutable().assign(storeView);
    store.getIndexMutable()[plan.storeDim].assign(index);
    if (token)
      store.getTokenMutable().assign(token);
    token = store.getResultToken();
  }
  Value views[] = {plan.rhsLoad.getView(), plan.store.getView()};
  plan.store.getResultToken().replaceAllUsesWith(token);
  plan.store.erase();
  for (auto [op, dim] : llvm::reverse(plan.epilogue))
    op->erase();
  plan.loop.erase();
  // What only the whole loop and store used.
  for (Value view : llvm::make_range(views, views + (views[0] == views[1] ? 1 : 2)))
    if (view.use_empty())
      view.getDefiningOp()->erase();
  if (plan.init->use_empty())
    plan.init.erase();
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [i, extent] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(extent);
  return text;
}

struct SplitWideAccumulatorsPass
    : public PassWrapper<SplitWideAccumulatorsPass,
                         OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitWideAccumulatorsPass)

  SplitWideAccumulatorsPass() = default;
  SplitWideAccumulatorsPass(const SplitWideAccumulatorsPass &other)
      : PassWrapper(other) {}
  explicit SplitWideAccumulatorsPass(StringRef chip) { gpuName = chip.str(); }

  StringRef getArgument() const override {
    return "tilechain-split-wide-accumulators";
  }
  StringRef getDescription() const override {
    return "Run an mma's k loop and its store once per column slice where "
           "its accumulator would take more registers than an mma keeps "
           "(the parallel form, targets without tensor memory)";
  }

  void runOnOperation() override {
    std::optional<tilechain::TargetInfo> target =
        tilechain::parseTarget(gpuName);
    // sm_100's tcgen05.mma accumulates in tensor memory.
    if (!target || target->smVersion == 100)
      return;
    getOperation().walk([&](EntryOp entry) {
      unsigned numWarps = tilechain::chooseNumWarps(entry);
      SmallVector<ForOp> loops;
      entry.walk([&](ForOp loop) { loops.push_back(loop); });
      for (ForOp loop : loops) {
        std::optional<ColumnSlices> plan = planSlices(loop, numWarps);
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
                .reason("its " + shapeText(acc.getShape()) +
                        " accumulator takes " +
                        std::to_string(plan->registers) +
                        " registers per thread, more than the " +
                        std::to_string(tilechain::kMaxAccumulatorRegisters) +
                        " an mma keeps in registers"),
            entry.getSymName());
        applySlices(*plan);
      }
    });
  }

  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("the target, e.g. sm_90"),
                              llvm::cl::init("sm_90")};
};

} // namespace

std::unique_ptr<Pass>
tilechain::createSplitWideAccumulatorsPass(StringRef gpuName) {
  return std::make_unique<SplitWideAccumulatorsPass>(gpuName);
}
