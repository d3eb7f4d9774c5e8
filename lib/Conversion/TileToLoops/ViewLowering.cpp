//===- ViewLowering.cpp - View ops of cuda_tile -> loops ---------------===//
//
// Views become ViewInfo values (no IR of their own beyond the index casts of
// their dynamic extents). A view load or store is a loop nest over the tile:
// each element's tensor coordinates come from the tile index and the view's
// layout, out-of-bounds elements read the padding value or are not written,
// and in-bounds ones are single llvm.load/llvm.store ops on global memory.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "GlobalMemory.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

/// An integer scalar as index: i1 is a flag (0 or 1), wider ints are signed.
static Value intToIndex(TileLowering &l, OpBuilder &b, Location loc, Value v) {
  return l.toIndex(b, loc, v, /*isSigned=*/!v.getType().isInteger(1));
}

//===----------------------------------------------------------------------===//
// View construction and queries
//===----------------------------------------------------------------------===//

static LogicalResult lowerMakeTensorView(TileLowering &l,
                                         ct::MakeTensorViewOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  auto type = cast<ct::TensorViewType>(op.getResult().getType());
  ViewInfo info;
  info.base = l.lookup(op.getBase());
  info.elementType = TileLowering::convertElementType(type.getElementType());
  // Static extents are constants; each `?` takes the next dynamic operand.
  auto extents = [&](ArrayRef<int64_t> staticValues, ValueRange dynamicValues,
                     SmallVectorImpl<Value> &out) {
    auto next = dynamicValues.begin();
    for (int64_t v : staticValues) {
      if (ShapedType::isDynamic(v))
        out.push_back(intToIndex(l, b, loc, l.lookup(*next++)));
      else
        out.push_back(l.indexConstant(loc, v));
    }
  };
  extents(type.getShape(), op.getDynamicShape(), info.shape);
  extents(type.getStrides(), op.getDynamicStrides(), info.strides);
  l.mapView(op.getResult(), std::move(info));
  return success();
}

/// The ViewInfo of a tiled view over `tensorView`: tiles of `tileShape`
/// whose origins are `traversalStrides` elements apart along each tile dim.
static ViewInfo tiledView(TileLowering &l, Value tensorView,
                          ArrayRef<int32_t> tileShape,
                          ArrayRef<int32_t> traversalStrides,
                          ArrayRef<int32_t> dimMap,
                          ct::PaddingValueAttr padding) {
  ViewInfo info = l.lookupView(tensorView);
  info.tileShape.assign(tileShape.begin(), tileShape.end());
  info.traversalStrides.assign(traversalStrides.begin(),
                               traversalStrides.end());
  info.dimMap.assign(dimMap.begin(), dimMap.end());
  if (padding)
    info.padding = static_cast<int32_t>(padding.getValue());
  return info;
}

static LogicalResult lowerMakePartitionView(TileLowering &l,
                                            ct::MakePartitionViewOp op) {
  auto type = cast<ct::PartitionViewType>(op.getResult().getType());
  ArrayRef<int32_t> tile = type.getTileShape().asArrayRef();
  l.mapView(op.getResult(), tiledView(l, op.getTensorView(), tile, tile,
                                      type.getDimMap(),
                                      type.getPaddingValue()));
  return success();
}

static LogicalResult lowerMakeStridedView(TileLowering &l,
                                          ct::MakeStridedViewOp op) {
  auto type = cast<ct::StridedViewType>(op.getResult().getType());
  l.mapView(op.getResult(),
            tiledView(l, op.getTensorView(), type.getTileShape().asArrayRef(),
                      type.getTraversalStrides(), type.getDimMap(),
                      type.getPaddingValue()));
  return success();
}

// A gather/scatter view indexes every dim by element: its dense dims take
// the first element of the tile, its sparse dim one element per tile row.
static LogicalResult lowerMakeGatherScatterView(TileLowering &l,
                                                ct::MakeGatherScatterViewOp op) {
  auto type = cast<ct::GatherScatterViewType>(op.getResult().getType());
  ArrayRef<int32_t> tile = type.getTileShape().asArrayRef();
  SmallVector<int32_t> ones(tile.size(), 1);
  SmallVector<int32_t> identity;
  for (int32_t d = 0, e = tile.size(); d < e; ++d)
    identity.push_back(d);
  ViewInfo info = tiledView(l, op.getTensorView(), tile, ones, identity,
                            type.getPaddingValue());
  info.isGatherScatter = true;
  l.mapView(op.getResult(), std::move(info));
  return success();
}

static void mapIndexResults(TileLowering &l, Location loc, ResultRange results,
                            ArrayRef<Value> values) {
  for (auto [result, value] : llvm::zip(results, values))
    l.map(result, arith::IndexCastOp::create(l.b(), loc,
                                             TileLowering::convertType(
                                                 result.getType()),
                                             value));
}

static LogicalResult lowerGetTensorShape(TileLowering &l,
                                         ct::GetTensorShapeOp op) {
  mapIndexResults(l, op.getLoc(), op->getResults(),
                  l.lookupView(op.getSrc()).shape);
  return success();
}

// Index space extent of tile dim i: how many tile origins, i * stride, lie
// inside the tensor dim it walks (the number of tiles for a partition view).
static LogicalResult lowerGetIndexSpaceShape(TileLowering &l,
                                             ct::GetIndexSpaceShapeOp op) {
  const ViewInfo &view = l.lookupView(op.getSrc());
  Location loc = op.getLoc();
  SmallVector<Value> extents;
  for (auto [tileDim, tensorDim] : llvm::enumerate(view.dimMap)) {
    Value step = l.indexConstant(loc, view.traversalStrides[tileDim]);
    extents.push_back(arith::CeilDivSIOp::create(
        l.b(), loc, view.shape[tensorDim], step));
  }
  mapIndexResults(l, op.getLoc(), op->getResults(), extents);
  return success();
}

//===----------------------------------------------------------------------===//
// Loads, stores and reductions through views
//===----------------------------------------------------------------------===//

namespace {
/// How one element of a view access reaches memory.
struct MemoryAccess {
  LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::not_atomic;
  StringRef syncscope;
};
} // namespace

/// Weak accesses are plain; the others are LLVM atomics of that ordering
/// (acq_rel keeps the half that applies to a load or to a store).
static MemoryAccess memoryAccess(ct::MemoryOrderingSemantics semantics,
                                 std::optional<ct::MemoryScope> scope,
                                 bool isLoad) {
  return {orderingOf(semantics, isLoad), syncscopeOf(scope)};
}

/// A float padding value in `sem`, or nullopt when the type has no such
/// value (fp8 without infinities, e8m0 without zero or sign, ...).
static std::optional<llvm::APFloat>
floatPadding(const llvm::fltSemantics &sem, ct::PaddingValue kind) {
  using llvm::APFloat;
  bool hasZero = APFloat::semanticsHasZero(sem);
  bool isSigned = APFloat::semanticsHasSignedRepr(sem);
  bool hasInf = APFloat::semanticsHasInf(sem);
  switch (kind) {
  case ct::PaddingValue::zero:
    // A type without a zero (f8E8M0FNU) pads with its all-zero bits, the
    // same as a view without a padding value; cuTile's block-scaled matmul
    // pads its e8m0 scales with `zero`.
    if (hasZero)
      return APFloat::getZero(sem);
    return APFloat(sem, llvm::APInt::getZero(APFloat::getSizeInBits(sem)));
  case ct::PaddingValue::neg_zero:
    if (hasZero && isSigned)
      return APFloat::getZero(sem, /*Negative=*/true);
    break;
  case ct::PaddingValue::nan:
    if (APFloat::semanticsHasNaN(sem))
      return APFloat::getQNaN(sem);
    break;
  case ct::PaddingValue::pos_inf:
    if (hasInf)
      return APFloat::getInf(sem);
    break;
  case ct::PaddingValue::neg_inf:
    if (hasInf && isSigned)
      return APFloat::getInf(sem, /*Negative=*/true);
    break;
  }
  return std::nullopt;
}

/// The padding of a float view, when it has one.
static std::optional<llvm::APFloat>
floatPadding(Type element, std::optional<int32_t> padding) {
  auto floatType = dyn_cast<FloatType>(element);
  if (!floatType || !padding)
    return std::nullopt;
  return floatPadding(floatType.getFloatSemantics(),
                      static_cast<ct::PaddingValue>(*padding));
}

/// The value an out-of-bounds element loads as. Without a padding value the
/// contents are unspecified: zero is used, or all-zero bits in a float type
/// without a zero (integer views only take zero).
static Value paddingValue(OpBuilder &b, Location loc, Type element,
                          std::optional<int32_t> padding) {
  if (std::optional<llvm::APFloat> value = floatPadding(
          element, padding.value_or(
                       static_cast<int32_t>(ct::PaddingValue::zero))))
    return arith::ConstantOp::create(b, loc, FloatAttr::get(element, *value));
  Type bits = b.getIntegerType(element.getIntOrFloatBitWidth());
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(bits));
  return bits == element ? zero
                         : arith::BitcastOp::create(b, loc, element, zero);
}

namespace {
/// One view access, resolved: per tile element, where it lives and whether
/// it is inside the tensor.
class ViewAccess {
public:
  ViewAccess(TileLowering &l, Operation *op, Value view, ValueRange index,
             std::optional<ArrayRef<bool>> inbounds)
      : l(l), info(l.lookupView(view)), loc(op->getLoc()) {
    OpBuilder &b = l.b();
    if (auto gs = dyn_cast<ct::GatherScatterViewType>(view.getType()))
      sparseDim = gs.getSparseDim();
    // Origin of the tile along each tile dim, computed once outside the loops.
    for (auto [tileDim, operand] : llvm::enumerate(index)) {
      Value lowered = l.lookup(operand);
      if (static_cast<int64_t>(tileDim) == sparseDim) {
        sparseIndex = operand;
        sparseOffsets = lowered;
        origins.push_back(Value());
        continue;
      }
      Value step = l.indexConstant(loc, info.traversalStrides[tileDim]);
      origins.push_back(arith::MulIOp::create(
          b, loc, intToIndex(l, b, loc, lowered), step));
    }
    if (inbounds)
      knownInBounds.assign(inbounds->begin(), inbounds->end());
    knownInBounds.resize(index.size(), false);
    elementBytes = byteSize(info.elementType);
    elementBytesValue = l.indexConstant(loc, elementBytes);
  }

  unsigned alignment() const { return elementBytes; }
  const ViewInfo &view() const { return info; }

  /// The i1 "inside the tensor" condition of element `ivs`, or null when
  /// every index is declared in bounds; sets `address` to its pointer. A
  /// gather/scatter view's offset along its sparse dim is `sparseOffset`
  /// where given (the parallel form), else the index tile's element.
  Value locate(OpBuilder &b, Location loc, ValueRange ivs, Value &address,
               Value sparseOffset) {
    SmallVector<Value> coords(info.shape.size());
    Value inside;
    for (auto [tileDim, tensorDim] : llvm::enumerate(info.dimMap)) {
      Value coord;
      if (static_cast<int64_t>(tileDim) == sparseDim) {
        Value offset =
            sparseOffset ? sparseOffset
                         : l.readElement(b, loc, sparseOffsets, ivs[tileDim]);
        coord = intToIndex(l, b, loc, offset);
      } else {
        coord = arith::AddIOp::create(b, loc, origins[tileDim], ivs[tileDim]);
      }
      coords[tensorDim] = coord;
      if (knownInBounds[tileDim])
        continue;
      // Unsigned compare: a negative coordinate wraps to a huge one.
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       coord, info.shape[tensorDim]);
      inside = inside ? arith::AndIOp::create(b, loc, inside, ok) : ok;
    }
    Value offset = l.indexConstant(loc, 0);
    for (auto [coord, stride] : llvm::zip(coords, info.strides))
      offset = arith::AddIOp::create(
          b, loc, offset, arith::MulIOp::create(b, loc, coord, stride));
    offset = arith::MulIOp::create(b, loc, offset, elementBytesValue);
    Value bytes = arith::IndexCastOp::create(b, loc, b.getI64Type(), offset);
    Value addr = arith::AddIOp::create(b, loc, info.base, bytes);
    address = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), addr);
    return inside;
  }

  /// Runs `body` for element `ivs` if it lies inside the tensor (and
  /// `guard`, if given, holds); `outside` (if given) yields the value of the
  /// others. Returns the element's value, or null without `outside`.
  Value atElement(
      OpBuilder &b, Location loc, ValueRange ivs, Value guard,
      function_ref<Value(OpBuilder &, Location, ValueRange, Value)> body,
      function_ref<Value(OpBuilder &, Location)> outside,
      Value sparseOffset = Value()) {
    Value address;
    Value inside = locate(b, loc, ivs, address, sparseOffset);
    if (guard)
      inside = inside ? arith::AndIOp::create(b, loc, inside, guard) : guard;
    if (!inside)
      return body(b, loc, ivs, address);
    if (!outside) {
      scf::IfOp::create(b, loc, inside, [&](OpBuilder &tb, Location tl) {
        body(tb, tl, ivs, address);
        scf::YieldOp::create(tb, tl);
      });
      return Value();
    }
    auto ifOp = scf::IfOp::create(
        b, loc, inside,
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, body(tb, tl, ivs, address));
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, outside(eb, el));
        });
    return ifOp.getResult(0);
  }

  /// Runs `body` for every element of the tile that lies inside the tensor;
  /// `outside` (if given) yields the value of the others, and then the
  /// element values are written into `result`.
  void forEachElement(
      function_ref<Value(OpBuilder &, Location, ValueRange, Value)> body,
      function_ref<Value(OpBuilder &, Location)> outside, Value result) {
    SmallVector<int64_t> shape(info.tileShape.begin(), info.tileShape.end());
    l.forEachElement(loc, shape, [&](OpBuilder &b, Location loc,
                                     ValueRange ivs) {
      Value v = atElement(b, loc, ivs, Value(), body,
                          result ? outside : nullptr);
      if (result)
        l.writeElement(b, loc, v, result, ivs);
    });
  }

  /// The parallel form: the sparse dim's offset of the element each register
  /// of `layout` (the tile's) holds, from the index tile taken in the
  /// layout's projection onto that dim; none for views without a sparse dim.
  FailureOr<SmallVector<Value>> sparseOffsetsIn(const LinearLayout &layout) {
    if (!sparseIndex)
      return SmallVector<Value>();
    LinearLayout projected = layout;
    for (int64_t dim = layout.getRank() - 1; dim >= 0; --dim)
      if (dim != sparseDim)
        projected = projected.dropDim(dim);
    return l.registersIn(sparseIndex, projected);
  }

  /// The tile dim that walks the tensor's contiguous dim (static stride 1),
  /// if any.
  std::optional<unsigned> contiguousDim() const {
    std::optional<unsigned> fastDim;
    for (auto [tileDim, tensorDim] : llvm::enumerate(info.dimMap))
      if (getConstantIntValue(info.strides[tensorDim]) == 1)
        fastDim = tileDim;
    return fastDim;
  }

  /// The layout the parallel form loads this view's tiles in: runs along
  /// the contiguous dim, so that neighbouring threads access neighbouring
  /// addresses.
  LinearLayout accessLayout(Type tileType) const {
    return l.defaultLayout(tileType, contiguousDim());
  }

  /// The layout a store of `tile` uses: its own where its lanes already
  /// walk the contiguous dim first (or it has no lanes to spare: every lane
  /// holds the same elements), else the access layout, which costs an
  /// exchange through shared memory.
  LinearLayout storeLayout(Value tile) const {
    LinearLayout own = l.layoutOf(tile);
    std::optional<unsigned> fastDim = contiguousDim();
    for (uint64_t basis : own.getBases(LinearLayout::Lane)) {
      if (basis == 0)
        continue;
      auto [offset, width] = own.dimBits(fastDim.value_or(own.getRank() - 1));
      uint64_t along = ((uint64_t(1) << width) - 1) << offset;
      return (basis & along) ? own : accessLayout(tile.getType());
    }
    return own;
  }

private:
  TileLowering &l;
  ViewInfo info;
  Location loc;
  int64_t sparseDim = -1;
  Value sparseIndex; // the cuda_tile index tile of the sparse dim
  Value sparseOffsets;
  SmallVector<Value> origins;
  SmallVector<bool> knownInBounds;
  unsigned elementBytes;
  Value elementBytesValue;
};
} // namespace

/// Elements whose memory layout is not one whole number of bytes per element
/// (f4E2M1FN packs two per byte) are refused rather than guessed. tf32
/// elements arrive here as f32, their 4-byte memory form.
static LogicalResult checkMemoryElement(Operation *op, Type element) {
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits == 1 || bits % 8 == 0)
    return success();
  return op->emitOpError("tile-lower cannot access ")
         << element << " elements of a view yet";
}

/// A view load's element type and padding value, both forms.
static LogicalResult checkLoadedElement(ct::LoadViewTkoOp op, Type element,
                                        std::optional<int32_t> padding) {
  if (failed(checkMemoryElement(op, element)))
    return failure();
  if (padding && isa<FloatType>(element) && !floatPadding(element, padding))
    return op.emitOpError("padding value ")
           << ct::stringifyPaddingValue(static_cast<ct::PaddingValue>(*padding))
           << " has no representation in " << element;
  return success();
}

static LogicalResult lowerLoadView(TileLowering &l, ct::LoadViewTkoOp op) {
  const ViewInfo &view = l.lookupView(op.getView());
  Type element = view.elementType;
  std::optional<int32_t> padding = view.padding;
  if (failed(checkLoadedElement(op, element, padding)))
    return failure();
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/true);
  Type stored = memoryType(element);
  Value result = l.allocTileFor(op.getLoc(), op.getTile().getType());
  access.forEachElement(
      [&](OpBuilder &b, Location loc, ValueRange, Value address) {
        Value v = LLVM::LoadOp::create(b, loc, stored, address,
                                       access.alignment(), false, false, false,
                                       false, memory.ordering,
                                       memory.syncscope);
        return fromMemory(b, loc, v, element);
      },
      [&](OpBuilder &b, Location loc) {
        return paddingValue(b, loc, element, padding);
      },
      result);
  l.map(op.getTile(), result);
  return success();
}

static LogicalResult lowerStoreView(TileLowering &l, ct::StoreViewTkoOp op) {
  if (failed(checkMemoryElement(op, l.lookupView(op.getView()).elementType)))
    return failure();
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/false);
  Type stored = memoryType(access.view().elementType);
  Value tile = l.lookup(op.getTile());
  access.forEachElement(
      [&](OpBuilder &b, Location loc, ValueRange ivs, Value address) {
        Value v = toMemory(b, loc, l.readElement(b, loc, tile, ivs), stored);
        LLVM::StoreOp::create(b, loc, v, address, access.alignment(), false,
                              false, false, memory.ordering, memory.syncscope);
        return Value();
      },
      nullptr, Value());
  return success();
}

/// The parallel form of a view load: each thread loads the elements its
/// registers hold in the view's access layout (a gather takes the offsets of
/// their rows in that layout too).
static LogicalResult lowerLoadViewParallel(TileLowering &l,
                                           ct::LoadViewTkoOp op) {
  const ViewInfo &view = l.lookupView(op.getView());
  Type element = view.elementType;
  std::optional<int32_t> padding = view.padding;
  if (failed(checkLoadedElement(op, element, padding)))
    return failure();
  Location loc = op.getLoc();
  l.orderAfterToken(loc, op.getToken());
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/true);
  Type stored = memoryType(element);
  LinearLayout layout = access.accessLayout(op.getTile().getType());
  FailureOr<SmallVector<Value>> offsets = access.sparseOffsetsIn(layout);
  if (failed(offsets))
    return failure();
  OpBuilder &b = l.b();
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = layout.getSize(LinearLayout::Register); reg < e;
       ++reg)
    registers.push_back(access.atElement(
        b, loc, l.elementCoords(b, loc, layout, reg), Value(),
        [&](OpBuilder &ib, Location il, ValueRange, Value address) {
          Value v = LLVM::LoadOp::create(ib, il, stored, address,
                                         access.alignment(), false, false,
                                         false, false, memory.ordering,
                                         memory.syncscope);
          return fromMemory(ib, il, v, element);
        },
        [&](OpBuilder &ib, Location il) {
          return paddingValue(ib, il, element, padding);
        },
        offsets->empty() ? Value() : (*offsets)[reg]));
  l.map(op.getTile(), l.makeDistributed(loc, registers, layout));
  return success();
}

/// The parallel form of a view store: the tile moves into the view's access
/// layout, and each element is stored once, by its owner (a scatter takes
/// the offsets of its rows in that layout too).
static LogicalResult lowerStoreViewParallel(TileLowering &l,
                                            ct::StoreViewTkoOp op) {
  if (failed(checkMemoryElement(op, l.lookupView(op.getView()).elementType)))
    return failure();
  Location loc = op.getLoc();
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/false);
  Type stored = memoryType(access.view().elementType);
  LinearLayout layout = access.storeLayout(op.getTile());
  FailureOr<SmallVector<Value>> registers = l.registersIn(op.getTile(), layout);
  if (failed(registers))
    return failure();
  FailureOr<SmallVector<Value>> offsets = access.sparseOffsetsIn(layout);
  if (failed(offsets))
    return failure();
  l.orderAfterToken(loc, op.getToken());
  OpBuilder &b = l.b();
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  for (auto [reg, value] : llvm::enumerate(*registers)) {
    if (reg & duplicates)
      continue;
    access.atElement(
        b, loc, l.elementCoords(b, loc, layout, reg),
        l.isOwner(b, loc, layout, reg),
        [&, value = value](OpBuilder &sb, Location sl, ValueRange,
                           Value address) {
          LLVM::StoreOp::create(sb, sl, toMemory(sb, sl, value, stored),
                                address, access.alignment(), false, false,
                                false, memory.ordering, memory.syncscope);
          return Value();
        },
        nullptr, offsets->empty() ? Value() : (*offsets)[reg]);
  }
  return success();
}

static LogicalResult lowerAtomicRedView(TileLowering &l,
                                        ct::AtomicRedViewTkoOp op) {
  ViewAccess access(l, op, op.getView(), op.getIndex(), std::nullopt);
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  LLVM::AtomicBinOp binOp = atomicBinOp(op.getMode());
  Value tile = l.lookup(op.getValue());
  access.forEachElement(
      [&](OpBuilder &b, Location loc, ValueRange ivs, Value address) {
        createAtomicRMW(b, loc, binOp, address,
                        l.readElement(b, loc, tile, ivs), ordering, syncscope,
                        access.alignment());
        return Value();
      },
      nullptr, Value());
  return success();
}

void tilechain::addViewLowerings(LoweringTable &table, TileForm form) {
  table.add<ct::MakeTensorViewOp>(lowerMakeTensorView);
  table.add<ct::MakePartitionViewOp>(lowerMakePartitionView);
  table.add<ct::MakeStridedViewOp>(lowerMakeStridedView);
  table.add<ct::MakeGatherScatterViewOp>(lowerMakeGatherScatterView);
  table.add<ct::GetTensorShapeOp>(lowerGetTensorShape);
  table.add<ct::GetIndexSpaceShapeOp>(lowerGetIndexSpaceShape);
  if (form == TileForm::Parallel) {
    table.add<ct::LoadViewTkoOp>(lowerLoadViewParallel);
    table.add<ct::StoreViewTkoOp>(lowerStoreViewParallel);
    return;
  }
  table.add<ct::LoadViewTkoOp>(lowerLoadView);
  table.add<ct::StoreViewTkoOp>(lowerStoreView);
  table.add<ct::AtomicRedViewTkoOp>(lowerAtomicRedView);
}
