//===- ViewStores.cpp - how a view store's tile reaches memory ------------===//
#include "tilechain/Lower/ViewStores.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Lower/ViewFacts.h"
#include "tilechain/Target/Chips.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;
using LL = LinearLayout;

int64_t StoreStaging::slotOf(uint64_t flat) const {
  int64_t column = flat & (width - 1);
  int64_t byte = (column / innerBox) * boxBytes +
                 int64_t(flat / width) * innerBytes +
                 (column % innerBox) * bytes;
  if (swizzle)
    byte ^= ((byte >> 7) & (swizzle / 16 - 1)) << 4;
  return byte / bytes;
}

int64_t StoreStaging::threadBits(const LL &layout) const {
  int64_t bits = 0;
  for (LL::In in : {LL::Lane, LL::Warp})
    for (uint64_t basis : layout.getBases(in))
      bits |= slotOf(basis);
  return bits;
}

std::optional<std::string> tilechain::planStoreStaging(ArrayRef<int64_t> shape,
                                                       int64_t bytes,
                                                       int64_t budget,
                                                       StoreStaging &plan) {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  plan.bytes = bytes;
  plan.width = shape.back();
  plan.rows = count / plan.width;
  plan.innerBytes = std::min<int64_t>(plan.width * bytes, 128);
  plan.innerBox = plan.innerBytes / bytes;
  plan.boxBytes = plan.rows * plan.innerBytes;
  plan.swizzle =
      plan.innerBytes >= 32 && plan.boxBytes % (8 * plan.innerBytes) == 0
          ? plan.innerBytes
          : 0;
  plan.boxes = plan.width / plan.innerBox;
  plan.slabBoxes = plan.boxes;
  if (count * bytes <= budget)
    return std::nullopt;
  // Slabs of a power of two of boxes (the boxes are a power of two), so
  // that an element's slab is the high bits of its slot.
  while (plan.slabBoxes > 1 && plan.slabBoxes * plan.boxBytes > budget)
    plan.slabBoxes /= 2;
  if (plan.boxBytes > budget)
    return "its tile takes " + std::to_string(count * bytes) +
           " bytes of shared memory, more than half the target's (" +
           std::to_string(budget) + "), and so does one box of its " +
           std::to_string(plan.innerBytes) + "-byte rows";
  return std::nullopt;
}

/// Whether the tensor-map encoder has a data type for `element`
/// (TileHostObject.cpp).
static bool hasTensorMapType(Type element) {
  if (auto integer = dyn_cast<IntegerType>(element))
    return llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type>(element);
}

std::optional<std::string>
tilechain::whyNotTensorMapStore(ct::StoreViewTkoOp op,
                                const TargetInfo &target) {
  if (target.smVersion < kTensorMapMinSM)
    return std::string("TMA is sm_90's and later's");
  if (std::optional<std::string> why =
          whyNotTensorMapHint(target, op.getOptimizationHintsAttr()))
    return why;
  if (op.getMemoryOrderingSemantics() != ct::MemoryOrderingSemantics::WEAK)
    return std::string("its memory ordering is not weak");
  ViewFacts facts = viewFacts(op.getView());
  if (facts.isGatherScatter || facts.tileShape.empty())
    return std::string("its view is not a tiled view");
  if (std::optional<std::string> why = whyNotTensorMapView(op.getView()))
    return why;
  unsigned rank = facts.tileShape.size();
  bool inOrder = facts.staticStrides.size() == rank &&
                 facts.staticStrides.back() == 1;
  for (auto [tileDim, tensorDim] : llvm::enumerate(facts.dimMap))
    inOrder &= int64_t(tileDim) == tensorDim;
  if (!inOrder)
    return std::string("its tile dims do not walk the tensor's in order, "
                       "the last contiguous");
  Type element = facts.elementType;
  if (!hasTensorMapType(element)) {
    std::string name;
    llvm::raw_string_ostream(name) << element;
    return "a tensor map has no type for its elements (" + name + ")";
  }
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  // The rows go in boxes of at most 128 bytes (StoreStaging); the other
  // dims are the boxes' own.
  for (int64_t extent : ArrayRef(facts.tileShape).drop_back())
    if (extent > kMaxTensorMapBoxExtent)
      return "its tile has " + std::to_string(extent) +
             " elements along a dim, more than a TMA box's 256";
  if (facts.tileShape.back() * bytes % 16 != 0)
    return "its tile's rows are " +
           std::to_string(facts.tileShape.back() * bytes) +
           " bytes, not a multiple of 16";
  bool aligned = facts.baseAlignment % 16 == 0;
  for (unsigned d = 0; d + 1 < rank; ++d)
    aligned &= facts.strideDivisors[d] * bytes % 16 == 0;
  if (!aligned)
    return std::string("its tensor's base or strides are not known to be "
                       "multiples of 16 bytes");
  // The staging buffer is written from the tile's registers as they are.
  UnexpandedBroadcasts unexpanded;
  if (unexpanded.isBroadcast(op.getTile()))
    return std::string("its tile is a broadcast of a smaller one");
  StoreStaging staging;
  return planStoreStaging(facts.tileShape, bytes,
                          target.sharedBytesPerBlock / 2, staging);
}

ViewStorePlan tilechain::planViewStore(ct::StoreViewTkoOp op,
                                       const TargetInfo &target,
                                       unsigned numWarps) {
  ViewStorePlan plan;
  Value tile = op.getTile();
  auto type = cast<ct::TileType>(tile.getType());
  Type element = convertElementType(type.getElementType());
  if (target.smVersion < kTensorMapMinSM || type.getRank() == 0 ||
      !memoryType(element))
    return plan;
  // Where the tile's layout holds runs of a few elements of its rows, fewer
  // than 16 bytes (an mma accumulator's fragments), a thread's own stores
  // would be narrow: the tile goes through shared memory in bulk instead.
  // (A layout with runs of one element, a transposed tile's, is exchanged
  // into rows through shared memory as it is.)
  tile_dist::LinearLayoutAttr recorded = recordedLayout(tile);
  UnexpandedBroadcasts unexpanded;
  LL layout = recorded && !unexpanded.isBroadcast(tile)
                  ? recorded.getLayout()
                  : defaultTileLayout(type, numWarps);
  int64_t run = layout.getContiguousRegisters(type.getRank() - 1);
  if (run < 2 || run * int64_t(byteSize(element)) >= 16)
    return plan;
  plan.whyNotTensorMap = whyNotTensorMapStore(op, target);
  if (!plan.whyNotTensorMap)
    plan.copy = tile_dist::StoreCopy::TensorMap;
  return plan;
}

std::optional<tile_dist::StoreCopy>
tilechain::recordedViewStore(ct::StoreViewTkoOp op) {
  if (auto recorded = op->getAttrOfType<tile_dist::StoreCopyAttr>(
          tile_dist::TileDistDialect::kViewStoreAttrName))
    return recorded.getValue();
  return std::nullopt;
}
