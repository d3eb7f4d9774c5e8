//===- AssignLayouts.cpp - tile-lower: layouts from how tiles are used ----===//
//
// Without an assignment, a tile takes its type's default layout: runs of up
// to 16 bytes of its own elements per thread. That is decided value by value,
// so a gather of f16 elements, whose pointers are computed in 32- and 64-bit
// index arithmetic, gets its pointers in runs of 4 (the default of those
// types) and loads 8 bytes at a time where 16 would do.
//
// The assignment starts from each weak pointer-tile load and store (an
// anchor): the layout its access wants is the blocked one whose runs are as
// long as one vector access the kernel's index arithmetic proves
// (provenRunLength) along the tile's last dim. It then walks back from the
// pointers and the mask through the ops whose result the parallel form
// computes register by register from same-shaped operands (elementwise ops,
// iota), giving each that layout; through a reshape to its source, reshaped;
// and through a broadcast to its source in the slice of the layout the
// broadcast reads. The whole index computation is then done in the layout of
// the access and meets it without an exchange. A stored value is left alone:
// it is exchanged, where it must be, at the store, after any narrowing (an
// f32 accumulator stored as bf16 moves half the bytes there). The first
// anchor to reach a value (in program order) decides its layout; a later one
// that wants another gets its operands exchanged, as without the pass.
//
// Every value reached is marked, also where the layout is its type's
// default: an elementwise op left to itself takes its first whole operand's
// layout, or without one the default of its first operand's type.
//
// Then, forward in program order, what the instructions fix is marked too:
// an iota and a constant that is no splat take their type's default layout
// and a view load its access's (runs along the view's contiguous dim), as
// the materialization builds them; an mma on tensor cores leaves its
// result in its instruction's accumulator layout; a pointer-tile load its
// tile in its pointers' layout; reshapes, permutes and reductions of a
// marked tile take the derived layouts, extracts, cats and packs the
// layouts ShapeLayouts.h gives; and an elementwise op takes its first
// whole operand's layout where that one is marked (the conversions and
// arithmetic an accumulator goes through, an attention's softmax). A
// loop, reached before its body, records the layouts it carries its values
// in (tile_dist.carried_layouts): those its body computes them in, told
// from the ops that compute them, so that an accumulator or a
// running maximum goes round the loop without an exchange; the body's
// carried values and a `for`'s results take them, and the walk goes on
// from there. Last, an op computed per element from broadcasts of
// different sources (a causal mask) takes the layout its users want, so
// that none of them exchanges it, and the forward walk goes on from it.
// These are the layouts the materialization built anyway; recording them
// is a step to every tile of the tile program carrying its layout
// (docs/tile-async.md, utils/layout-gap.py).
//
// The choice is a pass over cuda_tile, so that it can be seen
// (--mlir-print-ir-after-all, the tile_dist.layout attributes) and tested
// alone; the materialization builds the layouts recorded.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/ShapeLayouts.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Lower/ViewFacts.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Analysis/AxisInfo.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

namespace {

class LayoutAssignment {
public:
  LayoutAssignment(ct::EntryOp entry, unsigned numWarps)
      : numWarps(numWarps), facts(entry) {}

  void run(ct::EntryOp entry) {
    entry.walk([&](Operation *op) {
      if (auto load = dyn_cast<ct::LoadPtrTkoOp>(op))
        anchor(load.getSource(), load.getMemoryOrderingSemantics(),
               load.getMask(), {load.getMask(), load.getPaddingValue()});
      else if (auto store = dyn_cast<ct::StorePtrTkoOp>(op))
        anchor(store.getDestination(), store.getMemoryOrderingSemantics(),
               store.getMask(), {store.getMask()});
    });
    entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto loop = dyn_cast<ct::ForOp>(op))
        carry(loop, *loop.getBody(), loop.getRegionIterValues(),
              loop.getResults());
      else if (auto loop = dyn_cast<ct::LoopOp>(op))
        carry(loop, loop.getRegion().front(), loop.getRegionIterValues(), {});
      else
        propagate(op);
    });
    assignWantedByUsers(entry);
    MLIRContext *context = entry.getContext();
    for (auto &[value, layout] : assigned) {
      Operation *op = value.getDefiningOp();
      if (op && !isa<ct::ForOp>(op) && recordedTileResult(op) == value)
        op->setAttr(tile_dist::TileDistDialect::kLayoutAttrName,
                    tile_dist::LinearLayoutAttr::get(context, layout));
    }
    for (auto &[loop, layouts] : carried) {
      SmallVector<Attribute> entries;
      for (const std::optional<LinearLayout> &layout : layouts) {
        if (layout)
          entries.push_back(tile_dist::LinearLayoutAttr::get(context, *layout));
        else
          entries.push_back(UnitAttr::get(context));
      }
      loop->setAttr(tile_dist::TileDistDialect::kCarriedLayoutsAttrName,
                    ArrayAttr::get(context, entries));
    }
  }

private:
  unsigned numWarps;
  AxisInfoAnalysis facts;
  llvm::DenseMap<Value, LinearLayout> assigned;
  /// The layouts each loop carries its values in (carry).
  llvm::MapVector<Operation *, SmallVector<std::optional<LinearLayout>, 1>>
      carried;
  UnexpandedBroadcasts unexpanded;

  /// The layout an access of `pointers` wants, or none where the default
  /// layout does as well (atomic orderings access element by element).
  std::optional<LinearLayout> accessLayout(Value pointers,
                                           ct::MemoryOrderingSemantics ordering,
                                           Value mask) {
    auto tile = cast<ct::TileType>(pointers.getType());
    if (tile.getRank() == 0 || ordering != ct::MemoryOrderingSemantics::WEAK)
      return std::nullopt;
    Type pointee = cast<ct::PointerType>(tile.getElementType()).getPointeeType();
    Type memType = memoryType(convertElementType(pointee));
    if (!memType)
      return std::nullopt;
    int64_t bytes = byteSize(memType);
    if (bytes > 8)
      return std::nullopt;
    AxisInfo info = facts.getInfo(pointers);
    std::optional<AxisInfo> maskInfo;
    if (mask)
      maskInfo = facts.getInfo(mask);
    unsigned last = tile.getRank() - 1;
    int64_t run = provenRunLength(info, maskInfo ? &*maskInfo : nullptr, last,
                                  bytes);
    if (run <= 1)
      return std::nullopt;
    return blockedTileLayout(tile, numWarps, run, last);
  }

  void anchor(Value pointers, ct::MemoryOrderingSemantics ordering, Value mask,
              std::initializer_list<Value> others) {
    std::optional<LinearLayout> layout = accessLayout(pointers, ordering, mask);
    if (!layout)
      return;
    SmallVector<std::pair<Value, LinearLayout>, 8> worklist{{pointers, *layout}};
    for (Value other : others)
      if (other)
        worklist.push_back({other, *layout});
    while (!worklist.empty()) {
      auto [v, wanted] = worklist.pop_back_val();
      auto tile = dyn_cast<ct::TileType>(v.getType());
      Operation *op = v.getDefiningOp();
      if (!op || !tile || tile.getShape() != wanted.getShape() ||
          assigned.count(v))
        continue;
      // assume only states facts: its result is its operand's registers.
      if (auto assume = dyn_cast<ct::AssumeOp>(op)) {
        worklist.push_back({assume.getValue(), wanted});
        continue;
      }
      // A broadcast reads its source's registers: the source laid out as
      // the slice of `wanted` that each thread repeats needs no exchange.
      if (auto broadcast = dyn_cast<ct::BroadcastOp>(op)) {
        SmallVector<unsigned> kept;
        worklist.push_back(
            {broadcast.getSource(),
             wanted.broadcastSource(tileShapeOf(broadcast.getSource()))
                 .compactRegisters(kept)});
        continue;
      }
      // A reshape keeps every register's element (row-major flat index).
      if (auto reshape = dyn_cast<ct::ReshapeOp>(op)) {
        ArrayRef<int64_t> sourceShape = tileShapeOf(reshape.getSource());
        if (!sourceShape.empty())
          worklist.push_back({reshape.getSource(), wanted.reshape(sourceShape)});
        continue;
      }
      bool perElement = computesPerElement(op);
      if (perElement && unexpanded.isBroadcast(v)) {
        // Computed once on its operands' broadcast sources.
        for (Value operand : op->getOperands())
          worklist.push_back({operand, wanted});
        continue;
      }
      if (!perElement && !isa<ct::IotaOp>(op))
        continue;
      assigned.try_emplace(v, wanted);
      if (perElement)
        for (Value operand : op->getOperands())
          worklist.push_back({operand, wanted});
    }
  }

  /// Forward, in program order, from what an instruction fixes: an mma on
  /// tensor cores leaves its result in its instruction's accumulator
  /// layout; a reshape, permute or reduction of an assigned tile takes the
  /// layout derived from it; and an op computed per element that is no
  /// unexpanded broadcast takes the layout of its first operand that is
  /// not one (lowerElementwise), where that operand's is assigned. Values
  /// the anchors reached keep theirs.
  void propagate(Operation *op) {
    Value result = recordedTileResult(op);
    if (!result || tileShapeOf(result).empty() || assigned.count(result))
      return;
    // Where the walk starts besides mmas: a layout recorded before (by
    // hand, or by an earlier run), which the materialization builds; and
    // what it builds in a layout of its own choosing without a record. An
    // iota and a constant that is no splat take their type's default
    // layout; a view load its access's (lowerLoadViewParallel: runs along
    // the view's contiguous dim).
    if (auto recorded = op->getAttrOfType<tile_dist::LinearLayoutAttr>(
            tile_dist::TileDistDialect::kLayoutAttrName)) {
      assigned.try_emplace(result, recorded.getLayout());
      return;
    }
    if (isa<ct::IotaOp>(op) || isWholeConstant(op)) {
      assigned.try_emplace(result,
                           defaultTileLayout(result.getType(), numWarps));
      return;
    }
    if (auto load = dyn_cast<ct::LoadViewTkoOp>(op)) {
      std::optional<unsigned> contiguous =
          contiguousTileDim(viewFacts(load.getView()));
      assigned.try_emplace(
          result, defaultTileLayout(result.getType(), numWarps, contiguous));
      return;
    }
    if (isMma(op)) {
      if (std::optional<LinearLayout> layout = mmaResultLayout(op))
        assigned.try_emplace(result, *layout);
      return;
    }
    if (auto extract = dyn_cast<ct::ExtractOp>(op)) {
      if (std::optional<LinearLayout> layout = extractLayout(extract))
        assigned.try_emplace(result, std::move(*layout));
      return;
    }
    // A cat leaves its operands in the left one's layout with one more
    // register bit (lowerCatParallel).
    if (auto cat = dyn_cast<ct::CatOp>(op)) {
      if (std::optional<LinearLayout> lhs = heldLayout(cat.getLhs()))
        assigned.try_emplace(result, concatenatedLayout(
                                         *lhs, tileShapeOf(result),
                                         cat.getDim()));
      return;
    }
    // A pack splits each element a thread holds into its parts, which new
    // low register bits walk; an unpack joins them in its type's default
    // layout (lowerRegroupBitsParallel).
    if (isa<ct::PackOp, ct::UnpackOp>(op)) {
      if (std::optional<LinearLayout> layout = regroupedLayout(op))
        assigned.try_emplace(result, std::move(*layout));
      return;
    }
    if (Value source = derivationSource(op)) {
      auto found = assigned.find(source);
      if (found != assigned.end())
        assigned.try_emplace(result, derivedLayout(op, found->second));
      return;
    }
    // A pointer-tile load leaves its tile in its pointers' layout where
    // they are whole (lowerLoadPtrParallel, vector runs or not).
    if (auto load = dyn_cast<ct::LoadPtrTkoOp>(op)) {
      Value pointers = load.getSource();
      auto found = assigned.find(pointers);
      if (found != assigned.end() && !unexpanded.isBroadcast(pointers)) {
        LinearLayout layout = found->second;
        assigned.try_emplace(result, std::move(layout));
      }
      return;
    }
    if (!computesPerElement(op) || unexpanded.isBroadcast(result))
      return;
    for (Value operand : op->getOperands()) {
      if (unexpanded.isBroadcast(operand))
        continue;
      auto found = assigned.find(operand);
      if (found != assigned.end()) {
        // A copy first: inserting may move the map's entries.
        LinearLayout layout = found->second;
        assigned.try_emplace(result, std::move(layout));
      }
      return;
    }
  }

  /// Ops computed per element from broadcasts of different sources (a
  /// mask compares rows with columns) have no operand to take a layout
  /// from. They get the one their users want, so that no user exchanges
  /// them into it, else their first operand's type's default (what the
  /// materialization builds without a record, forEachRegister). That one
  /// is assigned here, in program order, from the layouts assigned so far;
  /// the forward walk goes on from them (to a mask's `andi` and `select`);
  /// again until every such op has one or waits on a layout that nothing
  /// assigns.
  void assignWantedByUsers(ct::EntryOp entry) {
    DominanceInfo dominance(entry);
    for (bool grew = true; grew;) {
      grew = false;
      entry.walk([&](Operation *op) {
        if (!computesPerElement(op))
          return;
        Value result = op->getResult(0);
        if (assigned.count(result) || unexpanded.isBroadcast(result) ||
            !llvm::all_of(op->getOperands(), [&](Value operand) {
              return unexpanded.isBroadcast(operand);
            }))
          return;
        Wanted wanted = layoutWantedByUsers(op, dominance);
        if (wanted.undecided)
          return;
        assigned.try_emplace(
            result, wanted.layout ? std::move(*wanted.layout)
                                  : defaultTileLayout(
                                        op->getOperand(0).getType(), numWarps));
        grew = true;
      });
      if (grew)
        entry.walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (!isa<ct::ForOp, ct::LoopOp>(op))
            propagate(op);
        });
    }
  }

  /// What the users of a value want: a layout, none, or not known yet.
  struct Wanted {
    std::optional<LinearLayout> layout;
    bool undecided = false;
  };

  /// The layout the users of `op`'s result want, nearest first: the
  /// assigned layout of the first user computed per element that has one,
  /// or that of a whole operand of such a user defined before `op`; breadth
  /// first, through users without either. Undecided where such an operand's
  /// layout is not assigned yet, or past 64 users.
  Wanted layoutWantedByUsers(Operation *op, DominanceInfo &dominance) {
    constexpr unsigned kMaxUsers = 64;
    SmallVector<Value> frontier{op->getResult(0)};
    llvm::SmallPtrSet<Operation *, 16> seen;
    for (size_t next = 0; next < frontier.size(); ++next) {
      for (Operation *user : frontier[next].getUsers()) {
        if (!computesPerElement(user) || !seen.insert(user).second)
          continue;
        if (seen.size() > kMaxUsers)
          return {std::nullopt, /*undecided=*/true};
        auto found = assigned.find(user->getResult(0));
        if (found != assigned.end())
          return {found->second};
        for (Value operand : user->getOperands()) {
          if (unexpanded.isBroadcast(operand) ||
              !dominance.properlyDominates(operand, op))
            continue;
          found = assigned.find(operand);
          if (found == assigned.end())
            return {std::nullopt, /*undecided=*/true};
          return {found->second};
        }
        frontier.push_back(user->getResult(0));
      }
    }
    return {};
  }

  /// The layout the materialization reads `tile` in where an op takes it
  /// whole (TileLowering::layoutOf): its assigned one, or its type's default
  /// where it is an unexpanded broadcast; none where it is whole without an
  /// assigned layout.
  std::optional<LinearLayout> heldLayout(Value tile) {
    if (unexpanded.isBroadcast(tile))
      return defaultTileLayout(tile.getType(), numWarps);
    auto found = assigned.find(tile);
    if (found == assigned.end())
      return std::nullopt;
    return found->second;
  }

  /// The layout `extract` leaves its slice in (lowerExtractParallel): its
  /// source's, where the slice is the whole tile; at constant indices, the
  /// slice of its source's registers where every thread holds its part;
  /// else its type's default, which the slice is read in from shared
  /// memory. None where the source's layout is not known, or where an
  /// index is not a constant here (the materialization may find it one).
  std::optional<LinearLayout> extractLayout(ct::ExtractOp extract) {
    Value source = extract.getSource();
    ArrayRef<int64_t> shape = tileShapeOf(extract.getResult());
    if (shape == tileShapeOf(source)) {
      if (unexpanded.isBroadcast(source))
        return std::nullopt;
      return heldLayout(source);
    }
    std::optional<SmallVector<int64_t>> indices =
        constantSliceIndices(extract.getIndices());
    if (!indices)
      return std::nullopt;
    std::optional<LinearLayout> layout = heldLayout(source);
    if (!layout)
      return std::nullopt;
    if (std::optional<SliceInRegisters> slice =
            sliceInRegisters(*layout, shape, *indices))
      return slice->layout;
    return defaultTileLayout(extract.getResult().getType(), numWarps);
  }

  /// The layout a pack or unpack `op` leaves its tile in, where its
  /// elements change width; none where they keep it or the source's layout
  /// is not known.
  std::optional<LinearLayout> regroupedLayout(Operation *op) {
    Value source = op->getOperand(0);
    Value result = op->getResult(0);
    unsigned from = tileElementType(source.getType()).getIntOrFloatBitWidth();
    unsigned to = tileElementType(result.getType()).getIntOrFloatBitWidth();
    if (from == to)
      return std::nullopt;
    if (to > from)
      return defaultTileLayout(result.getType(), numWarps);
    std::optional<LinearLayout> layout = heldLayout(source);
    if (!layout)
      return std::nullopt;
    return splitLayout(*layout, from / to);
  }

  /// The layouts `loop` carries its values in, before its `body` is
  /// visited: for each tile the body's final `continue` takes, the layout
  /// the body computes it in where the ops that compute it tell
  /// (CarriedLayoutPrediction), so that it crosses no shared memory on its
  /// way back to the top of the loop and the loop's users of it (an mma's
  /// accumulator, a softmax's row maxima and sums beside the fragments
  /// they scale) read it without an exchange; the default one for the
  /// others. The body's carried values (`iterValues`) and a `for`'s
  /// `results` take them.
  void carry(Operation *loop, Block &body, ValueRange iterValues,
             ValueRange results) {
    auto next = dyn_cast<ct::ContinueOp>(body.getTerminator());
    if (!next)
      return;
    CarriedLayoutPrediction prediction(*this, body);
    SmallVector<std::optional<LinearLayout>, 1> layouts;
    for (Value value : next.getOperands())
      layouts.push_back(prediction.predict(value));
    if (llvm::none_of(layouts, [](auto &layout) { return layout; }))
      return;
    for (auto [index, layout] : llvm::enumerate(layouts)) {
      if (!layout)
        continue;
      assigned.try_emplace(iterValues[index], *layout);
      if (!results.empty())
        assigned.try_emplace(results[index], *layout);
    }
    carried[loop] = std::move(layouts);
  }

  /// The layout a loop body computes a value in, told from the ops that
  /// compute it before the forward walk reaches them: an assigned layout;
  /// an mma on tensor cores gives its accumulator layout; a reduce, reshape
  /// or permute the one derived from its source's; an op computed per
  /// element that of its first operand that is a whole tile (as
  /// lowerElementwise does; the loop's own carried values are passed over,
  /// as their layout is the one being chosen). Nothing where the ops say
  /// nothing (a value from before the loop without an assigned layout has
  /// the default one), or too deep.
  class CarriedLayoutPrediction {
  public:
    CarriedLayoutPrediction(LayoutAssignment &assignment, Block &body)
        : assignment(assignment), body(body) {}

    std::optional<LinearLayout> predict(Value value, unsigned depth = 0) {
      auto tile = dyn_cast<ct::TileType>(value.getType());
      if (!tile || tile.getRank() == 0 || depth > kMaxDepth)
        return std::nullopt;
      auto known = memo.find(value);
      if (known != memo.end())
        return known->second;
      std::optional<LinearLayout> layout = compute(value, depth);
      memo[value] = layout;
      return layout;
    }

  private:
    static constexpr unsigned kMaxDepth = 32;
    LayoutAssignment &assignment;
    Block &body;
    llvm::DenseMap<Value, std::optional<LinearLayout>> memo;

    std::optional<LinearLayout> compute(Value value, unsigned depth) {
      auto found = assignment.assigned.find(value);
      if (found != assignment.assigned.end())
        return found->second;
      Operation *op = value.getDefiningOp();
      if (!op || !body.getParent()->isAncestor(value.getParentRegion()))
        return std::nullopt;
      if (isMma(op))
        return assignment.mmaResultLayout(op);
      if (Value source = derivationSource(op)) {
        std::optional<LinearLayout> layout = predict(source, depth + 1);
        return layout ? std::optional(derivedLayout(op, *layout))
                      : std::nullopt;
      }
      if (!computesPerElement(op))
        return std::nullopt;
      for (Value operand : op->getOperands()) {
        auto argument = dyn_cast<BlockArgument>(operand);
        if ((argument && argument.getOwner() == &body) ||
            isBroadcastLike(operand))
          continue;
        return predict(operand, depth + 1);
      }
      return std::nullopt;
    }

    /// Tiles the lowering keeps unexpanded (a broadcast, a splat
    /// constant): an elementwise op takes its layout from its other
    /// operands.
    static bool isBroadcastLike(Value value) {
      Operation *op = value.getDefiningOp();
      if (isa_and_nonnull<ct::BroadcastOp>(op))
        return true;
      auto constant = dyn_cast_or_null<ct::ConstantOp>(op);
      return constant && constant.getValue().isSplat();
    }
  };

  /// The layout an mma leaves its result in: on tensor cores, its recorded
  /// instruction's accumulator layout; on CUDA cores, where each thread
  /// computes the elements it holds of the accumulator, the accumulator's
  /// layout, or its type's default where the accumulator is a broadcast
  /// (mmaAccumulatorLayout, MmaLowering.cpp); none where the accumulator's
  /// layout is not known yet.
  std::optional<LinearLayout> mmaResultLayout(Operation *op) {
    std::optional<tile_dist::MmaInstruction> instruction =
        recordedMmaInstruction(op);
    if (!instruction)
      return std::nullopt;
    if (*instruction != tile_dist::MmaInstruction::Fma)
      return instructionResultLayout(*instruction,
                                     tileShapeOf(op->getResult(0)), numWarps);
    Value acc;
    if (auto mmaf = dyn_cast<ct::MmaFOp>(op))
      acc = mmaf.getAcc();
    else if (auto mmai = dyn_cast<ct::MmaIOp>(op))
      acc = mmai.getAcc();
    if (!acc)
      return std::nullopt;
    if (unexpanded.isBroadcast(acc))
      return defaultTileLayout(acc.getType(), numWarps);
    auto found = assigned.find(acc);
    if (found == assigned.end())
      return std::nullopt;
    return found->second;
  }

  /// The tile a reshape, permute or reduction derives its result's layout
  /// from (derivedLayout); null for other ops.
  static Value derivationSource(Operation *op) {
    if (auto reshape = dyn_cast<ct::ReshapeOp>(op))
      return reshape.getSource();
    if (auto permute = dyn_cast<ct::PermuteOp>(op))
      return permute.getSource();
    if (auto reduce = dyn_cast<ct::ReduceOp>(op))
      return reduce.getOperand(0);
    return Value();
  }

  /// The layout of the result of `op` (one with a derivationSource) whose
  /// source is in `source`: shape ops move a whole source's registers
  /// (lowerReshapeParallel, lowerPermuteParallel); a reduction keeps those
  /// its threads hold of the other dims (lowerReduceParallel).
  static LinearLayout derivedLayout(Operation *op,
                                    const LinearLayout &source) {
    if (auto permute = dyn_cast<ct::PermuteOp>(op))
      return source.permute(SmallVector<int64_t>(permute.getPermutation()));
    if (auto reduce = dyn_cast<ct::ReduceOp>(op)) {
      SmallVector<unsigned> kept;
      return source.dropDim(reduce.getDim()).compactRegisters(kept);
    }
    return source.reshape(tileShapeOf(op->getResult(0)));
  }

  static bool isWholeConstant(Operation *op) {
    auto constant = dyn_cast<ct::ConstantOp>(op);
    return constant && !constant.getValue().isSplat();
  }

  static ArrayRef<int64_t> tileShapeOf(Value v) {
    return cast<ct::TileType>(v.getType()).getShape();
  }
};

} // namespace

void tilechain::assignLayouts(ct::EntryOp entry, unsigned numWarps) {
  LayoutAssignment(entry, numWarps).run(entry);
}

namespace {

struct AssignLayoutsPass
    : public PassWrapper<AssignLayoutsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignLayoutsPass)

  StringRef getArgument() const override { return "tilechain-assign-layouts"; }
  StringRef getDescription() const override {
    return "Choose the parallel form's layouts of cuda_tile kernels' tiles "
           "from how they are used, as tile_dist.layout attributes";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<tilechain::tile_dist::TileDistDialect>();
  }

  void runOnOperation() override {
    if (failed(tilechain::forEachEntryWithWarps(
            getOperation(), tilechain::assignLayouts)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> tilechain::createAssignLayoutsPass() {
  return std::make_unique<AssignLayoutsPass>();
}
