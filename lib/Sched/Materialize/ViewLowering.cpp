//===- ViewLowering.cpp - View ops of cuda_tile -> loops ---------------===//
//
// Views become ViewInfo values (no IR of their own beyond the index casts of
// their dynamic extents). A view load or store is a loop nest over the tile:
// each element's tensor coordinates come from the tile index and the view's
// layout, out-of-bounds elements read the padding value or are not written,
// and in-bounds ones are single llvm.load/llvm.store ops on global memory.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "AsyncViewCopy.h"
#include "GlobalMemory.h"
#include "MmaSync.h"
#include "TensorMapCopy.h"
#include "tilechain/Lower/ViewStores.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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
  static_cast<ViewFacts &>(info) = viewFacts(op.getResult());
  info.base = l.lookup(op.getBase());
  // Static extents are constants; each `?` takes the next dynamic operand.
  auto extents = [&](ArrayRef<int64_t> staticValues, ValueRange dynamicValues,
                     SmallVectorImpl<Value> &out) {
    auto next = dynamicValues.begin();
    for (int64_t v : staticValues)
      out.push_back(ShapedType::isDynamic(v)
                        ? intToIndex(l, b, loc, l.lookup(*next++))
                        : l.indexConstant(loc, v));
  };
  extents(type.getShape(), op.getDynamicShape(), info.shape);
  extents(type.getStrides(), op.getDynamicStrides(), info.strides);
  l.mapView(op.getResult(), std::move(info));
  return success();
}

/// The ViewInfo of tiled view `view` over `tensorView`: the tensor's values
/// with the tiled view's facts.
static ViewInfo tiledView(TileLowering &l, Value view, Value tensorView) {
  ViewInfo info = l.lookupView(tensorView);
  static_cast<ViewFacts &>(info) = viewFacts(view);
  return info;
}

static LogicalResult lowerMakePartitionView(TileLowering &l,
                                            ct::MakePartitionViewOp op) {
  l.mapView(op.getResult(), tiledView(l, op.getResult(), op.getTensorView()));
  return success();
}

static LogicalResult lowerMakeStridedView(TileLowering &l,
                                          ct::MakeStridedViewOp op) {
  l.mapView(op.getResult(), tiledView(l, op.getResult(), op.getTensorView()));
  return success();
}

static LogicalResult lowerMakeGatherScatterView(TileLowering &l,
                                                ct::MakeGatherScatterViewOp op) {
  l.mapView(op.getResult(), tiledView(l, op.getResult(), op.getTensorView()));
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
  /// `loweredIndex`, where given, replaces the lowered values of `index`.
  ViewAccess(TileLowering &l, Operation *op, Value view, ValueRange index,
             std::optional<ArrayRef<bool>> inbounds,
             ArrayRef<Value> loweredIndex = {})
      : l(l), info(l.lookupView(view)), loc(op->getLoc()) {
    OpBuilder &b = l.b();
    if (auto gs = dyn_cast<ct::GatherScatterViewType>(view.getType()))
      sparseDim = gs.getSparseDim();
    // Origin of the tile along each tile dim, computed once outside the loops.
    for (auto [tileDim, operand] : llvm::enumerate(index)) {
      Value lowered =
          loweredIndex.empty() ? l.lookup(operand) : loweredIndex[tileDim];
      if (static_cast<int64_t>(tileDim) == sparseDim) {
        sparseOffsets = lowered;
        sparseIndex = operand;
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
    fastDim = contiguousTileDim(info);
  }

  unsigned alignment() const { return elementBytes; }
  const ViewInfo &view() const { return info; }

  /// The i1 "inside the tensor" condition of element `ivs` and, for a
  /// `fastExtent` above 1, of the elements after it along the contiguous
  /// dim up to that count, or null when every index is declared in bounds;
  /// sets `address` to the pointer of element `ivs`. A gather/scatter
  /// view's offset along its sparse dim is `sparseOffset` where given (the
  /// parallel form), else the index tile's element.
  Value locate(OpBuilder &b, Location loc, ValueRange ivs, Value &address,
               Value sparseOffset, int64_t fastExtent = 1) {
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
      // Unsigned compare: a negative coordinate wraps to a huge one. The
      // last element of a run along the contiguous dim is checked for the
      // run: its first is a multiple of the run's length, so a negative one
      // stays negative.
      Value last = coord;
      if (fastExtent > 1 && fastDim && tileDim == *fastDim)
        last = arith::AddIOp::create(b, loc, coord,
                                     l.indexConstant(loc, fastExtent - 1));
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       last, info.shape[tensorDim]);
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

  /// The layout the parallel form loads this view's tiles in: runs along
  /// the contiguous dim, so that neighbouring threads access neighbouring
  /// addresses.
  LinearLayout accessLayout(Type tileType) const {
    if (fastDim)
      return l.accessLayout(tileType, *fastDim);
    return l.defaultLayout(tileType);
  }

  /// How many elements along the contiguous dim one access of a thread in
  /// `layout` moves: as many of its consecutive registers as fit in 16
  /// bytes, while the view's facts keep the first one's address a multiple
  /// of the access size (base alignment, the tile's step along the dim,
  /// the other dims' strides). Atomic accesses stay per element.
  int64_t vectorWidth(const LinearLayout &layout, bool atomic) const {
    if (atomic || !fastDim || info.isGatherScatter)
      return 1;
    int64_t width =
        std::min<int64_t>(layout.getContiguousRegisters(*fastDim),
                          std::max<int64_t>(1, 16 / elementBytes));
    while (width > 1 && !runsAligned(info, *fastDim, width, elementBytes))
      width /= 2;
    return width;
  }

  /// Whether every run of `width` elements along the contiguous dim lies
  /// wholly inside or wholly outside the tensor: its extent is a multiple
  /// of `width`.
  bool wholeRuns(int64_t width) const {
    return info.shapeDivisors[info.dimMap[*fastDim]] % width == 0;
  }

  /// One access of `width` elements along the contiguous dim from element
  /// `ivs` on: `whole` (given their first address) where they all lie
  /// inside the tensor and `guard`, if given, holds, else `partial`;
  /// returns the values they yield.
  SmallVector<Value> atRun(
      OpBuilder &b, Location loc, ValueRange ivs, int64_t width, Value guard,
      function_ref<SmallVector<Value>(OpBuilder &, Location, Value)> whole,
      function_ref<SmallVector<Value>(OpBuilder &, Location)> partial) {
    Value address;
    Value inside =
        locate(b, loc, ivs, address, Value(), wholeRuns(width) ? 1 : width);
    if (guard)
      inside = inside ? arith::AndIOp::create(b, loc, inside, guard) : guard;
    if (!inside)
      return whole(b, loc, address);
    auto ifOp = scf::IfOp::create(
        b, loc, inside,
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl, whole(tb, tl, address));
        },
        [&](OpBuilder &eb, Location el) {
          scf::YieldOp::create(eb, el, partial(eb, el));
        });
    return SmallVector<Value>(ifOp.getResults());
  }

  /// The bytes of the run of `width` elements along the contiguous dim from
  /// element `ivs` on that lie inside the tensor (an i32, 0 to the run's
  /// size; those inside come first); sets `address` to the run's first.
  Value bytesInside(OpBuilder &b, Location loc, ValueRange ivs, int64_t width,
                    Value &address) {
    Value inside = locate(b, loc, ivs, address, Value());
    auto i32 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, v, 32);
    };
    Value whole = i32(width * elementBytes);
    if (!inside)
      return whole;
    Value bytes = whole;
    unsigned fast = *fastDim;
    if (!knownInBounds[fast] && !wholeRuns(width)) {
      // The first element is inside, so what is left of the dim is positive.
      Value coord = arith::AddIOp::create(b, loc, origins[fast], ivs[fast]);
      Value left = arith::SubIOp::create(
          b, loc, info.shape[info.dimMap[fast]], coord);
      Value count =
          arith::MinSIOp::create(b, loc, left, l.indexConstant(loc, width));
      bytes = arith::MulIOp::create(
          b, loc, arith::IndexCastOp::create(b, loc, b.getI32Type(), count),
          i32(elementBytes));
    }
    return arith::SelectOp::create(b, loc, inside, bytes, i32(0));
  }

  /// Element `i` of the run along the contiguous dim from element `ivs` on.
  SmallVector<Value> runElement(OpBuilder &b, Location loc, ValueRange ivs,
                                int64_t i) const {
    SmallVector<Value> coords(ivs);
    if (i != 0)
      coords[*fastDim] = arith::AddIOp::create(b, loc, coords[*fastDim],
                                               l.indexConstant(loc, i));
    return coords;
  }

  /// The layout a store of `tile` uses: its own where its lanes already
  /// walk the contiguous dim first (or it has no lanes to spare: every lane
  /// holds the same elements), else the access layout, which costs an
  /// exchange through shared memory.
  LinearLayout storeLayout(Value tile) const {
    LinearLayout own = l.layoutOf(tile);
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
  Value sparseOffsets;
  Value sparseIndex; // the cuda_tile index tile of the sparse dim
  SmallVector<Value> origins;
  SmallVector<bool> knownInBounds;
  unsigned elementBytes;
  Value elementBytesValue;
  // The tile dim that walks the tensor's contiguous dim (static stride 1).
  std::optional<unsigned> fastDim;
};
} // namespace

/// Elements whose memory layout is not one whole number of bytes per element
/// (f4E2M1FN packs two per byte) are refused rather than guessed. tf32
/// elements arrive here as f32, their 4-byte memory form.
static LogicalResult checkMemoryElement(Operation *op, Type element) {
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits == 1 || bits % 8 == 0)
    return success();
  return op->emitOpError("tilechain cannot access ")
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

AsyncRunCopy tilechain::asyncRunCopy(TileLowering &l, ct::LoadViewTkoOp load,
                                     unsigned leadingUnitDims,
                                     ArrayRef<Value> loweredIndex) {
  auto access = std::make_shared<ViewAccess>(
      l, load, load.getView(), load.getIndex(), load.getInbounds(),
      loweredIndex);
  int64_t run = 16 / access->alignment();
  return [access, run, leadingUnitDims](OpBuilder &b, Location loc,
                                        ValueRange coords, Value shared,
                                        Value slot) {
    SmallVector<Value> tileCoords(
        leadingUnitDims, arith::ConstantIndexOp::create(b, loc, 0));
    llvm::append_range(tileCoords, coords);
    Value address;
    Value bytes = access->bytesInside(b, loc, tileCoords, run, address);
    tile_dist::AsyncCopyOp::create(b, loc, address, shared, slot, bytes);
  };
}

/// Records that view load or store `op` is done by each thread's own
/// global-memory accesses, `width` elements at a time, in tileiras's words,
/// and why not by TMA where that was wanted and could not be.
static void remarkAccess(TileLowering &l, Operation *op, bool isLoad,
                         int64_t width,
                         const std::optional<std::string> &whyNotTensorMap) {
  l.remark(TileRemarkKind::Passed, kMemoryRemarks,
           isLoad ? "RemarkMemoryLoadInstructionSelected"
                  : "RemarkMemoryStoreInstructionSelected",
           op->getLoc(),
           isLoad ? "Load instruction selected" : "Store instruction selected")
      .note("Instruction", isLoad ? "Global-memory load instruction"
                                  : "Global-memory store instruction")
      .note("VectorWidth", std::to_string(width));
  if (whyNotTensorMap)
    l.remark(TileRemarkKind::Failure, kMemoryRemarks,
             isLoad ? "RemarkMemoryTmaLoadFailed" : "RemarkMemoryTmaStoreFailed",
             op->getLoc(),
             isLoad ? "Failed to select TMA load instruction"
                    : "Failed to select TMA store instruction")
        .reason(*whyNotTensorMap);
}

/// The parallel form of a view load: each thread loads the elements its
/// registers hold in the view's access layout, a run of them along the
/// contiguous dim with one vector load where the view's facts allow it (a
/// gather takes the offsets of its rows in that layout too, and loads per
/// element).
static LogicalResult lowerLoadViewParallel(TileLowering &l,
                                           ct::LoadViewTkoOp op) {
  const ViewInfo &view = l.lookupView(op.getView());
  Type element = view.elementType;
  std::optional<int32_t> padding = view.padding;
  if (failed(checkLoadedElement(op, element, padding)))
    return failure();
  Location loc = op.getLoc();
  l.orderAfterToken(loc, op.getToken());
  if (mma::copiedByMma(l, op.getTile()))
    return success(); // the mma copies the tile into shared memory itself
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/true);
  Type stored = memoryType(element);
  LinearLayout layout = access.accessLayout(op.getTile().getType());
  FailureOr<SmallVector<Value>> offsets = access.sparseOffsetsIn(layout);
  if (failed(offsets))
    return failure();
  int64_t width =
      offsets->empty()
          ? access.vectorWidth(
                layout, memory.ordering != LLVM::AtomicOrdering::not_atomic)
          : 1;
  remarkAccess(l, op, /*isLoad=*/true, width, std::nullopt);
  OpBuilder &b = l.b();
  auto loadElement = [&](OpBuilder &ib, Location il, ValueRange,
                         Value address) {
    Value v = LLVM::LoadOp::create(ib, il, stored, address, access.alignment(),
                                   false, false, false, false, memory.ordering,
                                   memory.syncscope);
    return fromMemory(ib, il, v, element);
  };
  auto padded = [&](OpBuilder &ib, Location il) {
    return paddingValue(ib, il, element, padding);
  };
  auto loadRun = [&](OpBuilder &ib, Location il, Value address) {
    auto type = VectorType::get({width}, stored);
    Value v = LLVM::LoadOp::create(ib, il, type, address,
                                   width * access.alignment());
    SmallVector<Value> values;
    for (int64_t i = 0; i < width; ++i)
      values.push_back(fromMemory(
          ib, il, vector::ExtractOp::create(ib, il, v, i), element));
    return values;
  };
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = layout.getSize(LinearLayout::Register); reg < e;
       reg += width) {
    SmallVector<Value> coords = l.elementCoords(b, loc, layout, reg);
    if (width == 1) {
      registers.push_back(access.atElement(
          b, loc, coords, Value(), loadElement, padded,
          offsets->empty() ? Value() : (*offsets)[reg]));
      continue;
    }
    // A run that is only partly inside the tensor loads per element.
    llvm::append_range(
        registers,
        access.atRun(b, loc, coords, width, Value(), loadRun,
                     [&](OpBuilder &ib, Location il) {
                       SmallVector<Value> values;
                       for (int64_t i = 0; i < width; ++i)
                         values.push_back(
                             access.wholeRuns(width)
                                 ? padded(ib, il)
                                 : access.atElement(
                                       ib, il,
                                       access.runElement(ib, il, coords, i),
                                       Value(), loadElement, padded));
                       return values;
                     }));
  }
  l.map(op.getTile(), l.makeDistributed(loc, registers, layout));
  return success();
}

/// A tile written through a view in the parallel form: its registers in the
/// view's store layout and, for a scatter, each register's sparse offset
/// (none otherwise); the writes come after `token`'s memory ops.
struct ParallelWrite {
  LinearLayout layout;
  SmallVector<Value> registers;
  SmallVector<Value> offsets;
};

static FailureOr<ParallelWrite> prepareParallelWrite(TileLowering &l,
                                                     ViewAccess &access,
                                                     Value tile, Value token,
                                                     Location loc) {
  LinearLayout layout = access.storeLayout(tile);
  FailureOr<SmallVector<Value>> registers = l.registersIn(tile, layout);
  if (failed(registers))
    return failure();
  FailureOr<SmallVector<Value>> offsets = access.sparseOffsetsIn(layout);
  if (failed(offsets))
    return failure();
  l.orderAfterToken(loc, token);
  return ParallelWrite{std::move(layout), std::move(*registers),
                       std::move(*offsets)};
}

/// The parallel form of a view store: the tile moves into the view's access
/// layout, and each element is stored once, by its owner, a run of them
/// along the contiguous dim with one vector store where the view's facts
/// allow it (a scatter takes the offsets of its rows in that layout too, and
/// stores per element).
static LogicalResult lowerStoreViewParallel(TileLowering &l,
                                            ct::StoreViewTkoOp op) {
  const ViewInfo &info = l.lookupView(op.getView());
  if (failed(checkMemoryElement(op, info.elementType)))
    return failure();
  // tile-sched planned the store (tilechain-plan-view-stores): by TMA, or
  // by the threads, with why not TMA where the tile's runs wanted it.
  std::optional<tile_dist::StoreCopy> recorded = recordedViewStore(op);
  if (recorded == tile_dist::StoreCopy::TensorMap)
    return storeByTensorMap(l, op);
  Type stored = memoryType(info.elementType);
  std::optional<std::string> whyNotTensorMap;
  if (recorded) {
    ViewStorePlan plan = planViewStore(op, l.getTarget(), l.getNumWarps());
    whyNotTensorMap = plan.copy == tile_dist::StoreCopy::TensorMap
                          ? std::string("tile-sched chose it")
                          : plan.whyNotTensorMap;
  }
  Location loc = op.getLoc();
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  MemoryAccess memory = memoryAccess(op.getMemoryOrderingSemantics(),
                                     op.getMemoryScope(), /*isLoad=*/false);
  FailureOr<ParallelWrite> write =
      prepareParallelWrite(l, access, op.getTile(), op.getToken(), loc);
  if (failed(write))
    return failure();
  const LinearLayout &layout = write->layout;
  ArrayRef<Value> registers = write->registers;
  ArrayRef<Value> offsets = write->offsets;
  int64_t width =
      offsets.empty()
          ? access.vectorWidth(
                layout, memory.ordering != LLVM::AtomicOrdering::not_atomic)
          : 1;
  remarkAccess(l, op, /*isLoad=*/false, width, whyNotTensorMap);
  OpBuilder &b = l.b();
  auto storeElement = [&](OpBuilder &sb, Location sl, Value value,
                          Value address) {
    LLVM::StoreOp::create(sb, sl, toMemory(sb, sl, value, stored), address,
                          access.alignment(), false, false, false,
                          memory.ordering, memory.syncscope);
  };
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  for (int64_t reg = 0, e = registers.size(); reg < e; reg += width) {
    if (reg & duplicates)
      continue;
    SmallVector<Value> coords = l.elementCoords(b, loc, layout, reg);
    Value owner = l.isOwner(b, loc, layout, reg);
    ArrayRef<Value> run = registers.slice(reg, width);
    if (width == 1) {
      access.atElement(
          b, loc, coords, owner,
          [&](OpBuilder &sb, Location sl, ValueRange, Value address) {
            storeElement(sb, sl, run[0], address);
            return Value();
          },
          nullptr, offsets.empty() ? Value() : offsets[reg]);
      continue;
    }
    access.atRun(
        b, loc, coords, width, owner,
        [&](OpBuilder &sb, Location sl, Value address) {
          SmallVector<Value> values;
          for (Value value : run)
            values.push_back(toMemory(sb, sl, value, stored));
          Value vector = vector::FromElementsOp::create(
              sb, sl, VectorType::get({width}, stored), values);
          LLVM::StoreOp::create(sb, sl, vector, address,
                                width * access.alignment());
          return SmallVector<Value>();
        },
        // A run that is only partly inside the tensor stores per element.
        [&](OpBuilder &sb, Location sl) {
          if (!access.wholeRuns(width))
            for (auto [i, value] : llvm::enumerate(run))
              access.atElement(
                  sb, sl, access.runElement(sb, sl, coords, i), owner,
                  [&, value = value](OpBuilder &eb, Location el, ValueRange,
                                     Value address) {
                    storeElement(eb, el, value, address);
                    return Value();
                  },
                  nullptr);
          return SmallVector<Value>();
        });
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

/// The parallel form of a view's atomic reduction: as a view store, the
/// tile moves into the view's access layout and each element's atomic is
/// issued once, by its owner. The serial form held the whole tile on one
/// thread's stack (64-192 KiB for cuTile's 128x128 tiled-view atomics),
/// which the driver reserves for every thread an SM can hold: tens of GiB.
static LogicalResult lowerAtomicRedViewParallel(TileLowering &l,
                                                ct::AtomicRedViewTkoOp op) {
  const ViewInfo &info = l.lookupView(op.getView());
  if (failed(checkMemoryElement(op, info.elementType)))
    return failure();
  Location loc = op.getLoc();
  ViewAccess access(l, op, op.getView(), op.getIndex(), op.getInbounds());
  FailureOr<ParallelWrite> write =
      prepareParallelWrite(l, access, op.getValue(), op.getToken(), loc);
  if (failed(write))
    return failure();
  const LinearLayout &layout = write->layout;
  LLVM::AtomicOrdering ordering = orderingOf(op.getMemoryOrderingSemantics());
  StringRef syncscope = syncscopeOf(op.getMemoryScope());
  LLVM::AtomicBinOp binOp = atomicBinOp(op.getMode());
  OpBuilder &b = l.b();
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  for (int64_t reg = 0, e = write->registers.size(); reg < e; ++reg) {
    if (reg & duplicates)
      continue;
    Value value = write->registers[reg];
    access.atElement(
        b, loc, l.elementCoords(b, loc, layout, reg),
        l.isOwner(b, loc, layout, reg),
        [&](OpBuilder &ab, Location al, ValueRange, Value address) {
          createAtomicRMW(ab, al, binOp, address, value, ordering, syncscope,
                          access.alignment());
          return Value();
        },
        nullptr, write->offsets.empty() ? Value() : write->offsets[reg]);
  }
  return success();
}

// A multimem access reaches every device's copy of a multicast object, memory
// that only a multi-GPU program (CUDA multicast objects over NVLink) sets up;
// its instruction (`instruction`, PTX ISA 8.1) exists from sm_90 on, though
// NVIDIA's tileiras 13.5 takes multicast pointers only from sm_100 on.
// Nothing lowers it yet, so it is refused, naming the op and the target.
static LogicalResult refuseMultimem(TileLowering &l, Operation *op,
                                    StringRef instruction) {
  const TargetInfo &target = l.getTarget();
  if (target.smVersion < 90)
    return op->emitError() << "'" << op->getName() << "' needs "
                           << instruction << " of sm_90 or newer; target is "
                           << target.gpuName;
  return op->emitError() << "tilechain cannot lower '" << op->getName()
                         << "' for " << target.gpuName << " yet: " << instruction
                         << " on multicast memory is not implemented";
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
    table.add<ct::AtomicRedViewTkoOp>(lowerAtomicRedViewParallel);
    return;
  }
  table.add<ct::LoadViewTkoOp>(lowerLoadView);
  table.add<ct::StoreViewTkoOp>(lowerStoreView);
  table.add<ct::AtomicRedViewTkoOp>(lowerAtomicRedView);
  table.add<ct::MultimemLoadReduceViewTkoOp>(
      [](TileLowering &l, ct::MultimemLoadReduceViewTkoOp op) {
        return refuseMultimem(l, op, "multimem.ld_reduce");
      });
  table.add<ct::MultimemReduceViewTkoOp>(
      [](TileLowering &l, ct::MultimemReduceViewTkoOp op) {
        return refuseMultimem(l, op, "multimem.red");
      });
  table.add<ct::MultimemStoreViewTkoOp>(
      [](TileLowering &l, ct::MultimemStoreViewTkoOp op) {
        return refuseMultimem(l, op, "multimem.st");
      });
}
