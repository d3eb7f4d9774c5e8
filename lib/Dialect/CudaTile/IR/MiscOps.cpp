//===- MiscOps.cpp - assume, assert, print_tko, grid queries --------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include <cstring>

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MiscOps.cpp.inc"

//===----------------------------------------------------------------------===//
// assume
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  return getPredicate().verifyWithValueType(getValue().getType(),
                                            [&] { return emitOpError(); });
}

void AssumeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  // `assume` of a named value reads as `%assume_<name>`.
  std::string name = "assume";
  if (auto producer = getValue().getDefiningOp<OpAsmOpInterface>()) {
    producer.getAsmResultNames([&](Value value, StringRef valueName) {
      if (value == getValue())
        name = ("assume_" + valueName).str();
    });
  }
  setNameFn(getResult(), name);
}

//===----------------------------------------------------------------------===//
// print_tko
//===----------------------------------------------------------------------===//

/// Length of the printf conversion at the start of `format` (which begins
/// with '%'), or 0 when the conversion never ends.
static size_t conversionLength(StringRef format) {
  for (size_t i = 1, e = format.size(); i < e; ++i)
    if (std::strchr("diuoxXeEfFgGaAcspn%", format[i]))
      return i + 1;
  return 0;
}

LogicalResult PrintTkoOp::verify() {
  StringRef format = getStr();
  size_t expectedArgs = 0;
  for (size_t pos = 0, end = format.size(); pos < end; ++pos) {
    if (format[pos] != '%')
      continue;
    size_t length = conversionLength(format.substr(pos));
    if (length == 0)
      return emitOpError("found unterminated format expression");
    if (format.substr(pos, length) == "%%") {
      ++pos;
      continue;
    }
    ++expectedArgs;
  }
  if (expectedArgs != getArgs().size())
    return emitOpError("incorrect number of operands: expected ")
           << expectedArgs << ", found " << getArgs().size();
  return success();
}

//===----------------------------------------------------------------------===//
// get_tile_block_id, get_num_tile_blocks
//===----------------------------------------------------------------------===//

void GetTileBlockIdOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getBlockIdX(), "blockId_x");
  setNameFn(getBlockIdY(), "blockId_y");
  setNameFn(getBlockIdZ(), "blockId_z");
}

void GetNumTileBlocksOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getGridSizeX(), "gridSize_x");
  setNameFn(getGridSizeY(), "gridSize_y");
  setNameFn(getGridSizeZ(), "gridSize_z");
}
