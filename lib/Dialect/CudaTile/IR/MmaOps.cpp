//===- MmaOps.cpp - shape and element type rules of mmaf, mmai, mmaf_scaled
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MmaOps.cpp.inc"

/// Checks that lhs (MxK), rhs (KxN) and acc (MxN), optionally with a leading
/// batch dimension, form a matrix multiplication.
template <typename MmaOpT>
static LogicalResult verifyMmaShapes(MmaOpT op) {
  TileType lhs = op.getLhs().getType();
  TileType rhs = op.getRhs().getType();
  TileType acc = op.getAcc().getType();
  if (lhs.getRank() != 2 && lhs.getRank() != 3)
    return op.emitOpError("operands must be 2D or 3D tiles");

  ArrayRef<int64_t> lhsShape = lhs.getShape(), rhsShape = rhs.getShape(),
                    accShape = acc.getShape();
  int batched = lhs.getRank() == 3 ? 1 : 0;
  if (batched) {
    if (lhsShape[0] != rhsShape[0])
      return op.emitOpError("shape error: dim 0 of lhs (")
             << lhsShape[0] << ") and dim 0 of rhs (" << rhsShape[0]
             << ") must match, but got lhs shape (" << lhsShape
             << ") and rhs shape (" << rhsShape << ")";
    if (lhsShape[0] != accShape[0])
      return op.emitOpError("shape error: dim 0 of lhs (")
             << lhsShape[0] << ") and dim 0 of acc (" << accShape[0]
             << ") must match, but got lhs shape (" << lhsShape
             << ") and acc shape (" << accShape << ")";
  }
  int row = batched, col = batched + 1;
  if (lhsShape[col] != rhsShape[row])
    return op.emitOpError(" shape error: dim ")
           << col << " of lhs (" << lhsShape[col] << ") and dim " << row
           << " of rhs (" << rhsShape[row] << ") must match, but got lhs shape ("
           << lhsShape << ") and rhs shape (" << rhsShape << ")";
  if (lhsShape[row] != accShape[row])
    return op.emitOpError(" shape error: dim ")
           << row << " of lhs (" << lhsShape[row] << ") and dim " << row
           << " of acc (" << accShape[row] << ") must match, but got lhs shape ("
           << lhsShape << ") and acc shape (" << accShape << ")";
  if (rhsShape[col] != accShape[col])
    return op.emitOpError(" shape error: dim ")
           << col << " of rhs (" << rhsShape[col] << ") and dim " << col
           << " of acc (" << accShape[col] << ") must match, but got rhs shape ("
           << rhsShape << ") and acc shape (" << accShape << ")";
  return success();
}

LogicalResult MmaFOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();

  // Accumulator element types each input element type supports.
  MLIRContext *ctx = getContext();
  Type f16 = Float16Type::get(ctx), f32 = Float32Type::get(ctx),
       f64 = Float64Type::get(ctx);
  Type input = getLhs().getType().getElementType();
  Type acc = getAcc().getType().getElementType();
  SmallVector<Type, 2> allowed;
  if (llvm::isa<Float8E4M3FNType, Float8E5M2Type, Float16Type>(input))
    allowed = {f16, f32};
  else if (llvm::isa<BFloat16Type, FloatTF32Type, Float32Type>(input))
    allowed = {f32};
  else if (llvm::isa<Float64Type>(input))
    allowed = {f64};
  else
    return emitOpError("unsupported input element type: ") << input;

  if (!llvm::is_contained(allowed, acc))
    return emitOpError("unsupported combination of element types. Input type ")
           << input << " expects accumulator/result type to be one of {"
           << ArrayRef<Type>(allowed) << "}, but got " << acc;
  return success();
}

LogicalResult MmaIOp::verify() { return verifyMmaShapes(*this); }

LogicalResult MmaFScaledOp::verify() {
  if (failed(verifyMmaShapes(*this)))
    return failure();

  TileType lhs = getLhs().getType(), rhs = getRhs().getType();
  TileType lhsScale = getLhsScale().getType(),
           rhsScale = getRhsScale().getType();
  Type input = lhs.getElementType();
  Type scale = lhsScale.getElementType();
  bool fp4 = llvm::isa<Float4E2M1FNType>(input);
  if (llvm::isa<Float8E4M3FNType>(scale) && !fp4)
    return emitOpError("unsupported combination of element types. Scale type ")
           << scale << " expects lhs and rhs element types to be "
           << Float4E2M1FNType::get(getContext()) << ", but got " << input;

  // lhs_scale is [B x] M x K/s and rhs_scale [B x] K/s x N.
  int batched = lhs.getRank() == 3 ? 1 : 0;
  int row = batched, col = batched + 1;
  auto mustMatch = [&](StringRef a, TileType aType, int aDim, StringRef b,
                       TileType bType, int bDim) -> LogicalResult {
    if (aType.getDimSize(aDim) == bType.getDimSize(bDim))
      return success();
    return emitOpError("shape error: dim ")
           << aDim << " of " << a << " (" << aType.getDimSize(aDim)
           << ") and dim " << bDim << " of " << b << " ("
           << bType.getDimSize(bDim) << ") must match, but got " << a
           << " shape (" << aType.getShape() << ") and " << b << " shape ("
           << bType.getShape() << ")";
  };
  if (batched && (failed(mustMatch("lhs", lhs, 0, "lhs_scale", lhsScale, 0)) ||
                  failed(mustMatch("rhs", rhs, 0, "rhs_scale", rhsScale, 0))))
    return failure();
  if (failed(mustMatch("lhs", lhs, row, "lhs_scale", lhsScale, row)) ||
      failed(mustMatch("rhs", rhs, col, "rhs_scale", rhsScale, col)) ||
      failed(mustMatch("lhs_scale", lhsScale, col, "rhs_scale", rhsScale, row)))
    return failure();

  int64_t k = lhs.getDimSize(col);
  int64_t scaleK = lhsScale.getDimSize(col);
  int64_t blockSize = scaleK == 0 || k % scaleK != 0 ? 0 : k / scaleK;
  if (!fp4) {
    if (blockSize != 32)
      return emitOpError("shape error: f8 element type requires block scale "
                         "factor of lhs_scale and rhs_scale to be 32, but got ")
             << blockSize;
    return success();
  }
  if (llvm::isa<Float8E8M0FNUType>(scale)) {
    if (blockSize != 16 && blockSize != 32)
      return emitOpError("shape error: f4E2M1FN element type with f8E8M0FNU "
                         "scales requires block scale factor of lhs_scale and "
                         "rhs_scale to be 16 or 32, but got ")
             << blockSize;
    return success();
  }
  if (blockSize != 16)
    return emitOpError("shape error: f4E2M1FN element type with f8E4M3FN "
                       "scales requires block scale factor of lhs_scale and "
                       "rhs_scale to be 16, but got ")
           << blockSize;
  return success();
}
