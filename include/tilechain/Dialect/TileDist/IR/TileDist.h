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
#include "tilechain/Dialect/TileDist/IR/TileDistEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistTypes.h.inc"

namespace tilechain::tile_dist {
/// The attribute of a hidden kernel parameter that holds a tensor map
/// (tile_dist.tensor_copy's `tensorMap`): a dictionary saying what the
/// `.nv.host` callback encodes into it at launch (docs/pipeline.md):
/// `type` (the element type), `base`, `sizes` (innermost dim first) and
/// `strides` (in elements, dims 1 on), each entry a kernel parameter
/// ("argN") or a constant, and `box` and `swizzle` as tensor_copy has them.
constexpr llvm::StringLiteral kTensorMapAttrName = "tile_dist.tensor_map";

/// Whether `opName` names a cuda_tile mma (mmaf, mmai, mmaf_scaled). (The
/// dialect sees cuda_tile's ops by name only.)
bool isMmaName(llvm::StringRef opName);
} // namespace tilechain::tile_dist

#define GET_OP_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistOps.h.inc"

#endif // TILECHAIN_DIALECT_TILEDIST_IR_TILEDIST_H
