//===- TileLayouts.cpp - how the parallel form holds a tile ---------------===//
#include "tilechain/Lower/TileLayouts.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;
using LL = LinearLayout;

Type tilechain::convertElementType(Type t) {
  if (isa<ct::PointerType>(t))
    return IntegerType::get(t.getContext(), 64);
  if (isa<FloatTF32Type>(t))
    return Float32Type::get(t.getContext());
  return t;
}

ArrayRef<int64_t> tilechain::tileShape(Type tileType) {
  return cast<ct::TileType>(tileType).getShape();
}

Type tilechain::tileElementType(Type tileType) {
  return convertElementType(cast<ct::TileType>(tileType).getElementType());
}

int64_t tilechain::tileElementBytes(Type t) {
  if (isa<cuda_tile::PointerType>(t))
    return 8;
  if (isa<FloatTF32Type>(t))
    return 4;
  unsigned bits = t.getIntOrFloatBitWidth();
  if (bits == 1)
    return 1;
  return bits % 8 == 0 ? bits / 8 : 0;
}

Type tilechain::memoryType(Type element) {
  MLIRContext *context = element.getContext();
  if (element.isInteger(1))
    return IntegerType::get(context, 8);
  if (LLVM::isCompatibleType(element))
    return element;
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits % 8 != 0)
    return {};
  return IntegerType::get(context, bits);
}

unsigned tilechain::byteSize(Type element) {
  return std::max<unsigned>(1, (element.getIntOrFloatBitWidth() + 7) / 8);
}

LL tilechain::defaultTileLayout(Type tileType, unsigned numWarps,
                                std::optional<unsigned> fastDim) {
  auto tile = cast<ct::TileType>(tileType);
  ArrayRef<int64_t> shape = tile.getShape();
  unsigned fast = fastDim.value_or(shape.size() - 1);
  int64_t bytes = std::max<int64_t>(1, tileElementBytes(tile.getElementType()));
  // As many contiguous elements as one 16-byte access moves, without
  // leaving threads idle that could hold a run of their own. 8-byte
  // elements (i64 index arithmetic, pointers) take as many as 4-byte ones,
  // two accesses' worth: a gather's pointers computed in i64 then meet the
  // 32-bit tiles they load or index without an exchange.
  int64_t contiguous = std::min<int64_t>(16 / std::min<int64_t>(bytes, 4),
                                         shape[fast]);
  return blockedTileLayout(tileType, numWarps, contiguous, fast);
}

LL tilechain::blockedTileLayout(Type tileType, unsigned numWarps,
                                int64_t contiguous, unsigned fastDim) {
  auto tile = cast<ct::TileType>(tileType);
  int64_t threads = int64_t(numWarps) * 32;
  contiguous = std::max<int64_t>(
      1, std::min(contiguous, tile.getNumElements() / threads));
  contiguous = int64_t(1) << llvm::Log2_64(contiguous);
  return LL::blocked(tile.getShape(), numWarps, contiguous, fastDim);
}

Value tilechain::recordedTileResult(Operation *op) {
  Value tile;
  for (Value result : op->getResults()) {
    if (!isa<cuda_tile::TileType>(result.getType()))
      continue;
    if (tile)
      return Value();
    tile = result;
  }
  return tile;
}

tile_dist::LinearLayoutAttr tilechain::recordedLayout(Value v) {
  using tile_dist::TileDistDialect;
  Operation *loop = nullptr;
  unsigned index = 0;
  if (auto result = dyn_cast<OpResult>(v)) {
    Operation *op = result.getOwner();
    if (!isa<ct::ForOp>(op))
      return recordedTileResult(op) == v
                 ? op->getAttrOfType<tile_dist::LinearLayoutAttr>(
                       TileDistDialect::kLayoutAttrName)
                 : tile_dist::LinearLayoutAttr();
    loop = op;
    index = result.getResultNumber();
  } else {
    auto argument = cast<BlockArgument>(v);
    loop = argument.getOwner()->getParentOp();
    ValueRange iterValues;
    if (auto forOp = dyn_cast_or_null<ct::ForOp>(loop))
      iterValues = forOp.getRegionIterValues();
    else if (auto loopOp = dyn_cast_or_null<ct::LoopOp>(loop))
      iterValues = loopOp.getRegionIterValues();
    auto found = llvm::find(iterValues, v);
    if (found == iterValues.end())
      return {};
    index = found - iterValues.begin();
  }
  auto carried = loop->getAttrOfType<ArrayAttr>(
      TileDistDialect::kCarriedLayoutsAttrName);
  if (!carried || index >= carried.size())
    return {};
  return dyn_cast<tile_dist::LinearLayoutAttr>(carried[index]);
}

bool tilechain::computesPerElement(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0 ||
      op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op) ||
      isa<ct::BroadcastOp, ct::ReshapeOp, ct::PermuteOp, ct::PackOp,
          ct::UnpackOp, ct::MmaFOp, ct::MmaIOp, ct::MmaFScaledOp,
          tile_dist::InRingOp>(op))
    return false;
  auto result = dyn_cast<ct::TileType>(op->getResult(0).getType());
  if (!result || result.getRank() == 0)
    return false;
  return llvm::all_of(op->getOperandTypes(), [&](Type type) {
    auto tile = dyn_cast<ct::TileType>(type);
    return tile && tile.getShape() == result.getShape();
  });
}

std::optional<SmallVector<int64_t>>
tilechain::UnexpandedBroadcasts::shapeOf(Value v) {
  auto cached = cache.find(v);
  if (cached != cache.end())
    return cached->second;
  std::optional<SmallVector<int64_t>> shape;
  Operation *op = v.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<cuda_tile::BroadcastOp>(op)) {
    Value source = broadcast.getSource();
    shape = shapeOf(source);
    if (!shape)
      shape = llvm::to_vector(
          cast<cuda_tile::TileType>(source.getType()).getShape());
  } else if (auto constant = dyn_cast_or_null<cuda_tile::ConstantOp>(op)) {
    if (constant.getValue().isSplat())
      shape = SmallVector<int64_t>(constant.getType().getRank(), 1);
  } else if (op && computesPerElement(op)) {
    for (Value operand : op->getOperands()) {
      std::optional<SmallVector<int64_t>> operandShape = shapeOf(operand);
      if (!operandShape || (shape && *shape != *operandShape)) {
        shape.reset();
        break;
      }
      shape = std::move(operandShape);
    }
  }
  cache[v] = shape;
  return shape;
}

bool tilechain::UnexpandedBroadcasts::isBroadcast(Value v) {
  std::optional<SmallVector<int64_t>> shape = shapeOf(v);
  return shape && ArrayRef<int64_t>(*shape) !=
                      cast<cuda_tile::TileType>(v.getType()).getShape();
}
