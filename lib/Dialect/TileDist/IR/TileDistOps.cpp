//===- TileDistOps.cpp - tile_dist.convert_layout -------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::tile_dist;

#define GET_OP_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistOps.cpp.inc"

LogicalResult ConvertLayoutOp::verify() {
  LinearLayout from = getFrom().getLayout(), to = getTo().getLayout();
  if (from.getRank() != to.getRank())
    return emitOpError() << "converts between layouts of rank "
                         << from.getRank() << " and " << to.getRank();
  for (auto [dim, sizes] :
       llvm::enumerate(llvm::zip(from.getShape(), to.getShape()))) {
    auto [fromSize, toSize] = sizes;
    if (fromSize != toSize && fromSize != 1)
      return emitOpError() << "dim " << dim << " of the source layout ("
                           << fromSize << ") is neither the target's ("
                           << toSize << ") nor a broadcast (1)";
  }
  if (from.getNumBits(LinearLayout::Warp) != to.getNumBits(LinearLayout::Warp))
    return emitOpError() << "the layouts are over "
                         << from.getSize(LinearLayout::Warp) << " and "
                         << to.getSize(LinearLayout::Warp) << " warps";
  auto source = cast<VectorType>(getSource().getType());
  auto result = cast<VectorType>(getResult().getType());
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "changes the element type";
  if (source.getNumElements() != from.getSize(LinearLayout::Register))
    return emitOpError() << "has " << source.getNumElements()
                         << " source registers where its layout has "
                         << from.getSize(LinearLayout::Register);
  if (result.getNumElements() != to.getSize(LinearLayout::Register))
    return emitOpError() << "has " << result.getNumElements()
                         << " result registers where its layout has "
                         << to.getSize(LinearLayout::Register);
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getFrom() == getTo())
    return getSource();
  // A change of a change: one change from the first layout, or none.
  auto inner = getSource().getDefiningOp<ConvertLayoutOp>();
  if (!inner)
    return {};
  if (inner.getFrom() == getTo())
    return inner.getSource();
  getSourceMutable().assign(inner.getSource());
  setFromAttr(inner.getFrom());
  return getResult();
}

LogicalResult AsyncCopyOp::verify() {
  auto type = cast<MemRefType>(getDestination().getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (bits % 8 != 0 || 16 % (bits / 8) != 0)
    return emitOpError() << "copies 16 bytes into whole elements, not into "
                         << type.getElementType();
  return success();
}
