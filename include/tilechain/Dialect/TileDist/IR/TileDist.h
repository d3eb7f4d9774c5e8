//===- TileDist.h - the tile_dist dialect ---------------------------------===//
#ifndef TILECHAIN_DIALECT_TILEDIST_IR_TILEDIST_H
#define TILECHAIN_DIALECT_TILEDIST_IR_TILEDIST_H

#include "tilechain/Layout/LinearLayout.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilechain/Dialect/TileDist/IR/TileDistDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistAttrs.h.inc"

#define GET_OP_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistOps.h.inc"

#endif // TILECHAIN_DIALECT_TILEDIST_IR_TILEDIST_H
