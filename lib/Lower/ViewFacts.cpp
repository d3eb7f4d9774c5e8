//===- ViewFacts.cpp - what the tile program says of a view ---------------===//
#include "tilechain/Lower/ViewFacts.h"
#include "tilechain/Lower/TileLayouts.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

/// The largest power of two that the assume ops `v` went through say
/// divides it (for a pointer: its address in bytes); 1 when none does.
static uint64_t assumedDivisor(Value v) {
  uint64_t divisor = 1;
  while (auto assume = v.getDefiningOp<ct::AssumeOp>()) {
    if (auto divBy = dyn_cast<ct::DivByAttr>(assume.getPredicate()))
      if (!divBy.getEvery())
        divisor = std::max(divisor, divBy.getDivisor());
    v = assume.getValue();
  }
  return divisor;
}

/// The largest power of two dividing a static extent (0 is divided by all).
static uint64_t staticDivisor(int64_t extent) {
  return extent == 0 ? uint64_t(1) << 62 : uint64_t(extent) & -uint64_t(extent);
}

/// The facts of tensor view `view` (null where it is not made here), of
/// type `type`.
static ViewFacts tensorViewFacts(Value view, ct::TensorViewType type) {
  if (auto assume = view ? view.getDefiningOp<ct::AssumeOp>() : nullptr) {
    // div_by on a view: its base address is a multiple of the divisor.
    ViewFacts facts = tensorViewFacts(assume.getValue(), type);
    if (auto divBy = dyn_cast<ct::DivByAttr>(assume.getPredicate()))
      facts.baseAlignment = std::max(facts.baseAlignment, divBy.getDivisor());
    return facts;
  }
  ViewFacts facts;
  facts.elementType = convertElementType(type.getElementType());
  llvm::append_range(facts.staticStrides, type.getStrides());
  auto make = view ? view.getDefiningOp<ct::MakeTensorViewOp>() : nullptr;
  // Static extents are their own divisors; each `?` takes the next dynamic
  // operand's (nothing is known of a view made elsewhere).
  auto divisors = [&](ArrayRef<int64_t> staticValues,
                      std::optional<ValueRange> dynamicValues,
                      SmallVectorImpl<uint64_t> &out) {
    unsigned next = 0;
    for (int64_t v : staticValues)
      out.push_back(!ShapedType::isDynamic(v) ? staticDivisor(v)
                    : dynamicValues ? assumedDivisor((*dynamicValues)[next++])
                                    : 1);
  };
  divisors(type.getShape(),
           make ? std::optional<ValueRange>(make.getDynamicShape())
                : std::nullopt,
           facts.shapeDivisors);
  divisors(type.getStrides(),
           make ? std::optional<ValueRange>(make.getDynamicStrides())
                : std::nullopt,
           facts.strideDivisors);
  if (make)
    facts.baseAlignment = assumedDivisor(make.getBase());
  return facts;
}

/// The tensor view operand of the op that makes tiled view `view`, seen
/// through assume ops; null where it is not made here.
static Value tensorViewOperand(Value view) {
  while (auto assume = view.getDefiningOp<ct::AssumeOp>())
    view = assume.getValue();
  Operation *def = view.getDefiningOp();
  if (auto partition = dyn_cast_or_null<ct::MakePartitionViewOp>(def))
    return partition.getTensorView();
  if (auto strided = dyn_cast_or_null<ct::MakeStridedViewOp>(def))
    return strided.getTensorView();
  if (auto gather = dyn_cast_or_null<ct::MakeGatherScatterViewOp>(def))
    return gather.getTensorView();
  return {};
}

ViewFacts tilechain::viewFacts(Value view) {
  Type type = view.getType();
  if (auto tensor = dyn_cast<ct::TensorViewType>(type))
    return tensorViewFacts(view, tensor);
  auto tiledFacts = [&](ct::TensorViewType tensorType) {
    return tensorViewFacts(tensorViewOperand(view), tensorType);
  };
  auto setPadding = [](ViewFacts &facts, ct::PaddingValueAttr padding) {
    if (padding)
      facts.padding = static_cast<int32_t>(padding.getValue());
  };
  if (auto partition = dyn_cast<ct::PartitionViewType>(type)) {
    ViewFacts facts = tiledFacts(partition.getTensorView());
    ArrayRef<int32_t> tile = partition.getTileShape().asArrayRef();
    facts.tileShape.assign(tile.begin(), tile.end());
    facts.traversalStrides.assign(tile.begin(), tile.end());
    facts.dimMap.assign(partition.getDimMap().begin(),
                        partition.getDimMap().end());
    setPadding(facts, partition.getPaddingValue());
    return facts;
  }
  if (auto strided = dyn_cast<ct::StridedViewType>(type)) {
    ViewFacts facts = tiledFacts(strided.getTensorView());
    ArrayRef<int32_t> tile = strided.getTileShape().asArrayRef();
    facts.tileShape.assign(tile.begin(), tile.end());
    facts.traversalStrides.assign(strided.getTraversalStrides().begin(),
                                  strided.getTraversalStrides().end());
    facts.dimMap.assign(strided.getDimMap().begin(),
                        strided.getDimMap().end());
    setPadding(facts, strided.getPaddingValue());
    return facts;
  }
  // A gather/scatter view indexes every dim by element: its dense dims take
  // the first element of the tile, its sparse dim one element per tile row.
  auto gather = cast<ct::GatherScatterViewType>(type);
  ViewFacts facts = tiledFacts(gather.getTensorView());
  ArrayRef<int32_t> tile = gather.getTileShape().asArrayRef();
  facts.tileShape.assign(tile.begin(), tile.end());
  facts.traversalStrides.assign(tile.size(), 1);
  for (int64_t d = 0, e = tile.size(); d < e; ++d)
    facts.dimMap.push_back(d);
  setPadding(facts, gather.getPaddingValue());
  facts.isGatherScatter = true;
  return facts;
}

std::optional<unsigned> tilechain::contiguousTileDim(const ViewFacts &facts) {
  std::optional<unsigned> fast;
  for (auto [tileDim, tensorDim] : llvm::enumerate(facts.dimMap))
    if (facts.staticStrides[tensorDim] == 1)
      fast = tileDim;
  return fast;
}

bool tilechain::runsAligned(const ViewFacts &facts, unsigned fastDim,
                            int64_t width, int64_t elementBytes) {
  if (facts.baseAlignment % (width * elementBytes) != 0 ||
      facts.traversalStrides[fastDim] % width != 0)
    return false;
  for (auto [dim, divisor] : llvm::enumerate(facts.strideDivisors))
    if (int64_t(dim) != facts.dimMap[fastDim] && divisor % width != 0)
      return false;
  return true;
}

std::optional<unsigned> tilechain::asyncCopyDim(ct::LoadViewTkoOp load) {
  if (load.getMemoryOrderingSemantics() != ct::MemoryOrderingSemantics::WEAK)
    return std::nullopt;
  ViewFacts facts = viewFacts(load.getView());
  if (facts.isGatherScatter || facts.tileShape.empty() ||
      !memoryType(facts.elementType))
    return std::nullopt;
  if (facts.padding && *facts.padding != int32_t(ct::PaddingValue::zero))
    return std::nullopt;
  int64_t bytes = byteSize(facts.elementType);
  if (16 % bytes != 0)
    return std::nullopt;
  int64_t run = 16 / bytes;
  std::optional<unsigned> fast = contiguousTileDim(facts);
  if (!fast || facts.tileShape[*fast] % run != 0 ||
      !runsAligned(facts, *fast, run, bytes))
    return std::nullopt;
  return fast;
}

//===----------------------------------------------------------------------===//
// Tensor maps (TMA)
//===----------------------------------------------------------------------===//

Attribute tilechain::parameterOrConstant(Value v) {
  while (auto assume = v.getDefiningOp<ct::AssumeOp>())
    v = assume.getValue();
  auto argument = dyn_cast<BlockArgument>(v);
  if (!argument || !isa<ct::EntryOp>(argument.getOwner()->getParentOp()))
    return {};
  return StringAttr::get(v.getContext(),
                         "arg" + std::to_string(argument.getArgNumber()));
}

ct::MakeTensorViewOp tilechain::tensorViewOf(Value view) {
  Operation *def = view.getDefiningOp();
  if (auto partition = dyn_cast_or_null<ct::MakePartitionViewOp>(def))
    return partition.getTensorView().getDefiningOp<ct::MakeTensorViewOp>();
  if (auto strided = dyn_cast_or_null<ct::MakeStridedViewOp>(def))
    return strided.getTensorView().getDefiningOp<ct::MakeTensorViewOp>();
  return {};
}

std::optional<SmallVector<Attribute>>
tilechain::describeExtents(ArrayRef<int64_t> values, ValueRange dynamicValues,
                           Builder &b) {
  SmallVector<Attribute> entries;
  auto next = dynamicValues.begin();
  for (int64_t v : values) {
    Attribute entry = ShapedType::isDynamic(v) ? parameterOrConstant(*next++)
                                               : b.getI64IntegerAttr(v);
    if (!entry)
      return std::nullopt;
    entries.push_back(entry);
  }
  return entries;
}

std::optional<std::string> tilechain::whyNotTensorMapView(Value view) {
  ct::MakeTensorViewOp tensorView = tensorViewOf(view);
  if (!tensorView)
    return std::string("its view is not a tiled view of a tensor view the "
                       "kernel makes");
  auto type = cast<ct::TensorViewType>(tensorView.getResult().getType());
  if (type.getShape().size() > kMaxTensorMapRank)
    return "its tensor has " + std::to_string(type.getShape().size()) +
           " dims, more than TMA's 5";
  if (!parameterOrConstant(tensorView.getBase()))
    return std::string("its tensor's base is not a kernel parameter");
  Builder b(view.getContext());
  if (!describeExtents(type.getShape(), tensorView.getDynamicShape(), b) ||
      !describeExtents(type.getStrides(), tensorView.getDynamicStrides(), b))
    return std::string("its tensor's extents or strides are not kernel "
                       "parameters or constants");
  return std::nullopt;
}

std::optional<std::string>
tilechain::whyNotTensorMapHint(const TargetInfo &target,
                               ct::OptimizationHintsAttr hints) {
  if (!hints)
    return std::nullopt;
  std::optional<bool> allowed =
      hints.getAllowTMA("sm_" + std::to_string(target.smVersion));
  if (allowed && !*allowed)
    return std::string("its allow_tma hint is false");
  return std::nullopt;
}

std::optional<std::string>
tilechain::whyNotTensorMapCopy(const TargetInfo &target,
                               ct::LoadViewTkoOp load) {
  if (std::optional<std::string> why =
          whyNotTensorMapHint(target, load.getOptimizationHintsAttr()))
    return why;
  return whyNotTensorMapView(load.getView());
}
