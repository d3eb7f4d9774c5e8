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
// an mma on tensor cores leaves its result in its instruction's
// accumulator layout; reshapes, permutes and reductions of a marked tile
// take the derived layouts; and an elementwise op takes its first whole
// operand's layout where that one is marked (the conversions and
// arithmetic an accumulator goes through, an attention's softmax). These
// are the layouts the materialization built anyway; recording them is a
// step to every tile of the tile program carrying its layout
// (docs/tile-async.md, utils/layout-gap.py).
//
// The choice is a pass over cuda_tile, so that it can be seen
// (--mlir-print-ir-after-all, the tile_dist.layout attributes) and tested
// alone; the materialization builds the layouts recorded.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/Passes.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Lower/Warps.h"

#include "tilechain/Analysis/AxisInfo.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

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
    entry.walk<WalkOrder::PreOrder>([&](Operation *op) { propagate(op); });
    for (auto &[value, layout] : assigned)
      value.getDefiningOp()->setAttr(
          tile_dist::TileDistDialect::kLayoutAttrName,
          tile_dist::LinearLayoutAttr::get(value.getContext(), layout));
  }

private:
  unsigned numWarps;
  AxisInfoAnalysis facts;
  llvm::DenseMap<Value, LinearLayout> assigned;
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
    if (op->getNumResults() != 1)
      return;
    Value result = op->getResult(0);
    if (assigned.count(result))
      return;
    if (isMma(op)) {
      std::optional<tile_dist::MmaInstruction> instruction =
          recordedMmaInstruction(op);
      if (!instruction)
        return;
      if (std::optional<LinearLayout> layout = instructionResultLayout(
              *instruction, tileShapeOf(result), numWarps))
        assigned.try_emplace(result, *layout);
      return;
    }
    // Shape ops move a whole source's registers into the derived layout
    // (lowerReshapeParallel, lowerPermuteParallel); a reduction keeps
    // those its threads hold of the other dims (lowerReduceParallel).
    auto derived = [&](Value source, auto derive) {
      auto found = assigned.find(source);
      if (found != assigned.end() && !tileShapeOf(result).empty())
        assigned.try_emplace(result, derive(found->second));
    };
    if (auto reshape = dyn_cast<ct::ReshapeOp>(op)) {
      derived(reshape.getSource(), [&](const LinearLayout &layout) {
        return layout.reshape(tileShapeOf(result));
      });
      return;
    }
    if (auto permute = dyn_cast<ct::PermuteOp>(op)) {
      SmallVector<int64_t> permutation(permute.getPermutation());
      derived(permute.getSource(), [&](const LinearLayout &layout) {
        return layout.permute(permutation);
      });
      return;
    }
    if (auto reduce = dyn_cast<ct::ReduceOp>(op)) {
      derived(reduce.getOperand(0), [&](const LinearLayout &layout) {
        SmallVector<unsigned> kept;
        return layout.dropDim(reduce.getDim()).compactRegisters(kept);
      });
      return;
    }
    if (!computesPerElement(op) || unexpanded.isBroadcast(result))
      return;
    for (Value operand : op->getOperands()) {
      if (unexpanded.isBroadcast(operand))
        continue;
      auto found = assigned.find(operand);
      if (found != assigned.end())
        assigned.try_emplace(result, found->second);
      return;
    }
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
