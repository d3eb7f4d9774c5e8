//===- ShapeOps.cpp - verifiers and result names of ShapeOps
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ShapeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

// Names follow the reference printer (`%cst_1_i32`, `%true`, `%cst_f32`), so
// decoded modules read the same as NVIDIA's.
void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  DenseIntOrFPElementsAttr value = getValue();
  Type elementType = value.getElementType();
  if (elementType.isInteger(1)) {
    auto bits = value.getValues<bool>();
    if (llvm::all_of(bits, [](bool b) { return b; }))
      return setNameFn(getResult(), "true");
    if (llvm::none_of(bits, [](bool b) { return b; }))
      return setNameFn(getResult(), "false");
    return setNameFn(getResult(), "cst_i1");
  }

  SmallString<32> name("cst");
  llvm::raw_svector_ostream os(name);
  if (value.isSplat() || value.getNumElements() == 1) {
    if (isa<IntegerType>(elementType)) {
      os << '_' << (*value.getValues<APInt>().begin()).getSExtValue();
    } else {
      APFloat first = *value.getValues<APFloat>().begin();
      if (first.isNaN()) {
        os << "_NaN";
      } else {
        APSInt whole(/*BitWidth=*/64, /*isUnsigned=*/true);
        bool exact = false;
        first.convertToInteger(whole, APFloat::rmTowardZero, &exact);
        if (exact)
          os << '_' << whole.getZExtValue();
      }
    }
  }
  os << '_' << elementType;
  setNameFn(getResult(), name);
}

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = getResult().getType();
  if (type.getRank() != 1)
    return emitOpError("expects result type to be 1-d tile");
  uint64_t count = type.getShape()[0];
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  // An i<w> iota may hold at most 2^w distinct values 0 .. 2^w-1.
  if (width < 64 && count > (uint64_t(1) << width))
    return emitOpError("the number of elements ")
           << count << " exceeds the maximum value of element type "
           << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// broadcast, reshape
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> from = getSource().getType().getShape();
  ArrayRef<int64_t> to = getResult().getType().getShape();
  for (auto [src, dst] : llvm::zip_equal(from, to))
    if (src != dst && src != 1)
      return emitOpError("expects the shape of source tile to be compatible "
                         "with that of the result tile, but got: ")
             << from << " and " << to;
  return success();
}

void BroadcastOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "bcast");
}

LogicalResult ReshapeOp::verify() {
  if (getSource().getType().getNumElements() !=
      getResult().getType().getNumElements())
    return emitOpError("expected source tile and result tile to have the "
                       "same number of elements");
  return success();
}

void ReshapeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "reshape");
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//

LogicalResult PermuteOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  ArrayRef<int32_t> permutation = getPermutation();
  size_t rank = source.size();
  if (rank < 2)
    return emitOpError("expects at least rank 2, but got: ") << rank;
  if (permutation.size() != rank)
    return emitOpError("expect permutation size (")
           << permutation.size() << ") to equal the rank of the source ("
           << rank << ")";
  llvm::SmallDenseSet<int32_t> seen(permutation.begin(), permutation.end());
  if (seen.size() != rank)
    return emitOpError("expect permutation elements to be unique");
  for (auto [i, dim] : llvm::enumerate(permutation))
    if (dim < 0 || dim >= static_cast<int32_t>(rank))
      return emitOpError("permutation element at index ")
             << i << " (" << dim << ") is out of bound [0, " << rank << ")";
  for (auto [i, dim] : llvm::enumerate(permutation))
    if (result[i] != source[dim])
      return emitOpError("result shape invalid at index ")
             << i << ", expected: " << source[dim]
             << ", but got: " << result[i];
  return success();
}

//===----------------------------------------------------------------------===//
// cat
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  ArrayRef<int64_t> lhs = getLhs().getType().getShape();
  ArrayRef<int64_t> rhs = getRhs().getType().getShape();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  int64_t rank = lhs.size();
  int64_t dim = getDim();
  if (dim < 0 || dim >= rank)
    return emitOpError("expect dim to be [0, ")
           << rank << "), but got: " << dim;
  if (lhs[dim] + rhs[dim] != result[dim])
    return emitOpError("invalid concat at position ")
           << dim << ", expected: " << lhs[dim] + rhs[dim]
           << " but got: " << result[dim];
  for (int64_t i = 0; i < rank; ++i) {
    if (i == dim)
      continue;
    for (auto [name, operand] : {std::make_pair("lhs", lhs),
                                 std::make_pair("rhs", rhs)})
      if (operand[i] != result[i])
        return emitOpError("expect ")
               << name << " and result shapes to match at non-concat position "
               << i << ", expected: " << operand[i] << " but got: " << result[i];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// extract, insert
//===----------------------------------------------------------------------===//

// Checks that one index per dimension selects `slice`, a tile that divides
// `whole` evenly.
static LogicalResult verifySliceOf(Operation *op, TileType whole,
                                   TileType slice, size_t numIndices,
                                   StringRef wholeName, StringRef sliceName) {
  if (whole.getElementType() != slice.getElementType())
    return op->emitOpError() << wholeName << " and " << sliceName
                             << " element type do not match";
  if (numIndices != static_cast<size_t>(whole.getRank()))
    return op->emitOpError("expected ")
           << whole.getRank() << " indices, but got " << numIndices;
  for (auto [i, wholeDim, sliceDim] :
       llvm::enumerate(whole.getShape(), slice.getShape()))
    if (wholeDim % sliceDim != 0)
      return op->emitOpError()
             << wholeName << " dimension " << i << " size (" << wholeDim
             << ") must be evenly divisible by " << sliceName << " dimension "
             << i << " size (" << sliceDim << ")";
  return success();
}

LogicalResult ExtractOp::verify() {
  return verifySliceOf(*this, getSource().getType(), getResult().getType(),
                       getIndices().size(), "source", "result");
}

LogicalResult InsertOp::verify() {
  return verifySliceOf(*this, getDestination().getType(),
                       getSource().getType(), getIndices().size(),
                       "destination", "source");
}
