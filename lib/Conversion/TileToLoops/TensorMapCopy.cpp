//===- TensorMapCopy.cpp - wgmma operands copied by TMA --------------------===//
#include "TensorMapCopy.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;
namespace ct = mlir::cuda_tile;

namespace {

/// TMA takes at most 5 dims and 256 elements per box dim.
constexpr size_t kMaxTensorMapRank = 5;
constexpr int64_t kMaxBoxExtent = 256;

/// What the callback reads for one value of a tensor view: the kernel
/// parameter it is ("argN", through assume ops), or the constant.
Attribute parameterOrConstant(Value v) {
  while (auto assume = v.getDefiningOp<ct::AssumeOp>())
    v = assume.getValue();
  auto argument = dyn_cast<BlockArgument>(v);
  if (!argument || !isa<ct::EntryOp>(argument.getOwner()->getParentOp()))
    return {};
  return StringAttr::get(v.getContext(),
                         "arg" + std::to_string(argument.getArgNumber()));
}

/// The tensor view under the tiled view `view`, if it is made here.
ct::MakeTensorViewOp tensorViewOf(Value view) {
  Operation *def = view.getDefiningOp();
  if (auto partition = dyn_cast_or_null<ct::MakePartitionViewOp>(def))
    return partition.getTensorView().getDefiningOp<ct::MakeTensorViewOp>();
  if (auto strided = dyn_cast_or_null<ct::MakeStridedViewOp>(def))
    return strided.getTensorView().getDefiningOp<ct::MakeTensorViewOp>();
  return {};
}

/// The entries of a view's extents or strides for the callback: the
/// static ones as constants, the dynamic ones as the parameters they are.
std::optional<SmallVector<Attribute>>
describeExtents(ArrayRef<int64_t> values, ValueRange dynamicValues,
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

/// The tensor dims in TMA's order: the contiguous one (stride 1) first,
/// then the others from the last to the first.
SmallVector<unsigned> tensorMapDims(const ViewInfo &info,
                                    unsigned contiguous) {
  SmallVector<unsigned> dims{contiguous};
  for (unsigned d = info.shape.size(); d-- > 0;)
    if (d != contiguous)
      dims.push_back(d);
  return dims;
}

/// The tile dim walking each tensor dim.
SmallVector<unsigned> tileDimsOf(const ViewInfo &info) {
  SmallVector<unsigned> tileDimOf(info.shape.size());
  for (auto [tileDim, tensorDim] : llvm::enumerate(info.dimMap))
    tileDimOf[tensorDim] = tileDim;
  return tileDimOf;
}

unsigned contiguousTensorDim(const ViewInfo &info) {
  for (auto [d, stride] : llvm::enumerate(info.strides))
    if (getConstantIntValue(stride) == 1)
      return d;
  llvm_unreachable("a copied view has a contiguous dim");
}

/// One chunk's boxes, in the load's tile dims: each box's extent along
/// every tile dim, and per box its start (tile coordinates within the
/// chunk) and the array slot it starts at.
struct ChunkBoxes {
  SmallVector<int64_t> extents;
  struct Box {
    SmallVector<int64_t> start;
    int64_t slot;
  };
  SmallVector<Box> boxes;
};

ChunkBoxes chunkBoxes(const StagedOperand &operand, int64_t kc) {
  ArrayRef<int64_t> shape = TileLowering::tileShape(operand.tile.getType());
  unsigned lead = operand.form.leadingUnitDims;
  unsigned rank = shape.size();
  int64_t batch = rank == 3 ? shape[0] : 1;
  int64_t width = shape[operand.xDim];
  int64_t perBox =
      operand.form.order == ChunkOrder::KContiguous
          ? std::min(width, kMaxBoxExtent)
          : operand.form.swizzle / sharedElementBytes(operand.sharedType);
  ChunkBoxes result;
  result.extents.assign(lead + rank, 1);
  result.extents[lead + operand.kDim] = kc;
  result.extents[lead + operand.xDim] = perBox;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t x = 0; x < width; x += perBox) {
      SmallVector<int64_t> start(lead + rank, 0);
      if (rank == 3)
        start[lead] = b;
      start[lead + operand.xDim] = x;
      result.boxes.push_back({start, arraySlot(operand, b, 0, x)});
    }
  return result;
}

/// The kernel's tensor-map parameter described by `description`: an
/// existing one, or a new hidden parameter after the others.
Value tensorMapParameter(TileLowering &l, Location loc,
                         DictionaryAttr description) {
  OpBuilder &b = l.b();
  auto kernel = cast<gpu::GPUFuncOp>(l.getKernel());
  unsigned count = kernel.getNumArguments();
  for (unsigned i = 0; i < count; ++i)
    if (kernel.getArgAttr(i, tile_dist::kTensorMapAttrName) == description)
      return kernel.getArgument(i);
  MLIRContext *context = b.getContext();
  // A 128-byte, 64-byte aligned parameter read in place through its
  // address (tile-llc marks it nvvm.grid_constant once the kernel is an
  // llvm.func: its address is the parameter's own).
  NamedAttrList attributes;
  attributes.append(LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(
                        IntegerType::get(context, 8), 128)));
  attributes.append(LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
  attributes.append(tile_dist::kTensorMapAttrName, description);
  // Appending an argument to a gpu.func (no symbol users to update) does
  // not fail.
  (void)kernel.insertArgument(count, LLVM::LLVMPointerType::get(context),
                              attributes.getDictionary(context), loc);
  return kernel.getArgument(count);
}

} // namespace

std::optional<std::string> mma::whyNotTensorMapCopy(const OperandForm &form) {
  ct::LoadViewTkoOp load = form.copiedFrom;
  ct::MakeTensorViewOp tensorView = tensorViewOf(load.getView());
  if (!tensorView)
    return std::string("its view is not a tiled view of a tensor view the "
                       "kernel makes");
  auto type = cast<ct::TensorViewType>(tensorView.getResult().getType());
  if (type.getShape().size() > kMaxTensorMapRank)
    return "its tensor has " + std::to_string(type.getShape().size()) +
           " dims, more than TMA's 5";
  if (!parameterOrConstant(tensorView.getBase()))
    return std::string("its tensor's base is not a kernel parameter");
  Builder b(load.getContext());
  if (!describeExtents(type.getShape(), tensorView.getDynamicShape(), b) ||
      !describeExtents(type.getStrides(), tensorView.getDynamicStrides(), b))
    return std::string("its tensor's extents or strides are not kernel "
                       "parameters or constants");
  return std::nullopt;
}

int64_t mma::tensorChunkBytes(const StagedOperand &operand, int64_t kc) {
  ArrayRef<int64_t> shape = TileLowering::tileShape(operand.tile.getType());
  int64_t batch = shape.size() == 3 ? shape[0] : 1;
  return batch * shape[operand.xDim] * kc *
         sharedElementBytes(operand.sharedType);
}

SmallVector<int64_t> mma::tensorMapBox(TileLowering &l,
                                      const StagedOperand &operand,
                                      int64_t kc) {
  ct::LoadViewTkoOp load = operand.form.copiedFrom;
  const ViewInfo &info = l.lookupView(load.getView());
  SmallVector<unsigned> tileDimOf = tileDimsOf(info);
  ChunkBoxes boxes = chunkBoxes(operand, kc);
  SmallVector<int64_t> box;
  for (unsigned d : tensorMapDims(info, contiguousTensorDim(info)))
    box.push_back(boxes.extents[tileDimOf[d]]);
  return box;
}

TensorChunkCopy mma::tensorChunkCopy(TileLowering &l,
                                     const StagedOperand &operand,
                                     unsigned index, int64_t kc,
                                     ArrayRef<Value> loweredIndex) {
  ct::LoadViewTkoOp load = operand.form.copiedFrom;
  const ViewInfo &info = l.lookupView(load.getView());
  ct::MakeTensorViewOp tensorView = tensorViewOf(load.getView());
  auto viewType = cast<ct::TensorViewType>(tensorView.getResult().getType());
  OpBuilder &b = l.b();
  Location loc = load.getLoc();
  unsigned contiguous = contiguousTensorDim(info);
  SmallVector<unsigned> dims = tensorMapDims(info, contiguous);
  SmallVector<unsigned> tileDimOf = tileDimsOf(info);
  ChunkBoxes boxes = chunkBoxes(operand, kc);

  // The description the callback encodes from.
  SmallVector<Attribute> sizes = *describeExtents(
      viewType.getShape(), tensorView.getDynamicShape(), b);
  SmallVector<Attribute> strides = *describeExtents(
      viewType.getStrides(), tensorView.getDynamicStrides(), b);
  SmallVector<Attribute> mapSizes, mapStrides;
  for (auto [i, d] : llvm::enumerate(dims)) {
    mapSizes.push_back(sizes[d]);
    if (i != 0)
      mapStrides.push_back(strides[d]);
  }
  SmallVector<int64_t> box = tensorMapBox(l, operand, kc);
  Type element = TileLowering::tileElementType(operand.tile.getType());
  NamedAttrList fields;
  fields.append("type", TypeAttr::get(element));
  fields.append("base", parameterOrConstant(tensorView.getBase()));
  fields.append("sizes", b.getArrayAttr(mapSizes));
  fields.append("strides", b.getArrayAttr(mapStrides));
  fields.append("box", b.getDenseI64ArrayAttr(box));
  fields.append("swizzle", b.getI64IntegerAttr(operand.form.swizzle));
  Value map = tensorMapParameter(l, loc, fields.getDictionary(b.getContext()));

  // What every box shares: the tensor in TMA's order and the tile origin.
  auto pointerType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  Value base = LLVM::IntToPtrOp::create(b, loc, pointerType, info.base);
  SmallVector<Value> mapExtents, mapElementStrides;
  for (auto [i, d] : llvm::enumerate(dims)) {
    mapExtents.push_back(info.shape[d]);
    if (i != 0)
      mapElementStrides.push_back(info.strides[d]);
  }
  SmallVector<Value> origin;
  ValueRange indexOperands = load.getIndex();
  for (auto [t, step] : llvm::enumerate(info.traversalStrides)) {
    Value tileIndex = loweredIndex.empty() ? l.lookup(indexOperands[t])
                                           : loweredIndex[t];
    if (!tileIndex.getType().isIndex())
      tileIndex =
          arith::IndexCastOp::create(b, loc, b.getIndexType(), tileIndex);
    origin.push_back(arith::MulIOp::create(
        b, loc, tileIndex, arith::ConstantIndexOp::create(b, loc, step)));
  }
  unsigned kTileDim = operand.form.leadingUnitDims + operand.kDim;
  int64_t elementBytes = sharedElementBytes(operand.sharedType);
  return [=](OpBuilder &at, Location loc, Value chunk,
             ArrayRef<StagedOperand> operands, Value barriers, Value stage) {
    const StagedOperand &target = operands[index];
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    Value chunkK = arith::MulIOp::create(at, loc, chunk, constant(kc));
    Value inStage = stageOffset(at, loc, target, stage, elementBytes);
    for (const ChunkBoxes::Box &each : boxes.boxes) {
      SmallVector<Value> coordinates;
      for (unsigned d : dims) {
        unsigned t = tileDimOf[d];
        Value c = arith::AddIOp::create(at, loc, origin[t],
                                        constant(each.start[t]));
        if (t == kTileDim)
          c = arith::AddIOp::create(at, loc, c, chunkK);
        coordinates.push_back(
            arith::IndexCastOp::create(at, loc, at.getI32Type(), c));
      }
      Value slot = arith::AddIOp::create(at, loc, inStage, constant(each.slot));
      tile_dist::TensorCopyOp::create(
          at, loc, map, base, mapExtents, mapElementStrides, coordinates,
          target.buffer, slot, barriers, stage,
          at.getDenseI64ArrayAttr(box),
          at.getI64IntegerAttr(target.form.swizzle));
    }
  };
}
