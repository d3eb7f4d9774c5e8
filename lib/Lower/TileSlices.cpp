//===- TileSlices.cpp - a tile program cut into slices of its tiles ------===//
#include "tilechain/Lower/TileSlices.h"
#include "tilechain/Lower/ScalarTiles.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using tilechain::intConstant;

std::optional<unsigned>
tilechain::majorDimThroughReshape(ArrayRef<int64_t> from, ArrayRef<int64_t> to,
                                  unsigned dim, int64_t slices) {
  int64_t inner = 1;
  for (int64_t extent : from.drop_front(dim))
    inner *= extent;
  int64_t suffix = 1;
  for (unsigned t = to.size(); t-- > 0;) {
    suffix *= to[t];
    if (suffix == inner)
      return from[dim] % slices == 0 && to[t] % slices == 0
                 ? std::optional<unsigned>(t)
                 : std::nullopt;
    if (suffix > inner)
      return std::nullopt;
  }
  return std::nullopt;
}

TileType tilechain::sliceType(Type type, unsigned dim, int64_t slices) {
  auto tile = cast<TileType>(type);
  SmallVector<int64_t> shape(tile.getShape());
  shape[dim] /= slices;
  return TileType::get(shape, tile.getElementType());
}

Value tilechain::slicedView(Value view, unsigned dim, int64_t slices) {
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

Value tilechain::sliceIndex(OpBuilder &b, Location loc, Value index,
                            int64_t slices, Value slice) {
  Type type = index.getType();
  Value scaled =
      MulIOp::create(b, loc, type, index, intConstant(b, loc, type, slices))
          .getResult();
  return AddIOp::create(b, loc, type, scaled, slice).getResult();
}

bool tilechain::isSliceablePartitionView(Value view, unsigned dim,
                                         int64_t slices) {
  auto type = dyn_cast<PartitionViewType>(view.getType());
  return type && view.getDefiningOp<MakePartitionViewOp>() &&
         dim < type.getTileShape().size() &&
         type.getTileShape()[dim] % slices == 0;
}
