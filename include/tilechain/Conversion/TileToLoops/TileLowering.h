//===- TileLowering.h - cuda_tile -> per-thread loops over tile buffers ---===//
//
// tile-lower rewrites each cuda_tile.entry into a gpu.func whose body is the
// work of one thread: every tile value of rank >= 1 lives in a tile buffer
// (a memref created by TileLowering::allocTile, placed later by tile-sched),
// every op becomes a loop nest over its result's elements, and rank-0 tiles
// are plain SSA scalars. This is the "serial" layout: one thread owns every
// element of every tile, which is exactly what the driver runs when cuTile
// launches a plain (non tile-kernel) cubin with blockDim = (1,1,1).
//
// Value mapping, the contract every family's lowering follows:
//   tile<T>          (rank 0) -> a scalar of T; ptr<T> becomes an i64 address
//   tile<S x T>               -> memref<S x T> (ptr<T> elements: i64)
//   token                     -> nothing (one thread runs in program order,
//                                which is stronger than any token chain)
//   tensor_view, partition_view, strided_view, gather/scatter view
//                             -> a ViewInfo (addresses and extents as values)
//
// The lowering is a translator, not a pattern rewrite: it walks each block in
// order, looks the op up in a table of per-op-family handlers and emits the
// new IR at the builder's insertion point. A handler for an op with regions
// lowers those regions itself through lowerBlock.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CONVERSION_TILETOLOOPS_TILELOWERING_H
#define TILECHAIN_CONVERSION_TILETOLOOPS_TILELOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>

namespace tilechain {

/// What tile-lower knows about the target while lowering.
struct TargetInfo {
  std::string gpuName; // as given to --gpu-name, e.g. "sm_90a"
  unsigned smVersion;  // 80, 86, 89, 90, 100, 120, ...
};

/// A view over global memory, as values: element (i0..in) of the underlying
/// tensor is at base + sum(i_d * strides[d]) * sizeof(element).
struct ViewInfo {
  mlir::Value base;                      // i64 address of element 0
  mlir::SmallVector<mlir::Value> shape;  // index, one per tensor dim
  mlir::SmallVector<mlir::Value> strides; // index, in elements
  mlir::Type elementType;                 // the pointee type
  // For partition and strided views: the tile shape, the step between tiles
  // (equal to the tile shape for partition views), the tensor dim each tile
  // dim walks, and the value of out-of-bounds elements on load.
  mlir::SmallVector<int64_t> tileShape;
  mlir::SmallVector<int64_t> traversalStrides;
  mlir::SmallVector<int64_t> dimMap;
  std::optional<int32_t> padding; // cuda_tile::PaddingValue, if any
  bool isGatherScatter = false;
};

class TileLowering;
using OpLowering =
    std::function<mlir::LogicalResult(TileLowering &, mlir::Operation *)>;

/// Handlers by op name ("cuda_tile.addf"). Each family file adds its own.
class LoweringTable {
public:
  void add(llvm::StringRef opName, OpLowering lowering);
  template <typename OpT>
  void add(std::function<mlir::LogicalResult(TileLowering &, OpT)> lowering) {
    add(OpT::getOperationName(),
        [lowering](TileLowering &l, mlir::Operation *op) {
          return lowering(l, mlir::cast<OpT>(op));
        });
  }
  const OpLowering *lookup(llvm::StringRef opName) const;

private:
  llvm::StringMap<OpLowering> handlers;
};

// One per op family; each lives in its own file.
void addModuleLowerings(LoweringTable &table);
void addElementwiseLowerings(LoweringTable &table);
void addShapeLowerings(LoweringTable &table);
void addViewLowerings(LoweringTable &table);
void addMemoryLowerings(LoweringTable &table);
void addControlFlowLowerings(LoweringTable &table);
void addReductionLowerings(LoweringTable &table);
void addMmaLowerings(LoweringTable &table);
void addMiscLowerings(LoweringTable &table);

/// Module-level cuda_tile.global -> an LLVM global in addrspace 1 at the
/// builder's insertion point (inside the gpu.module).
mlir::LogicalResult lowerGlobal(mlir::Operation *global, mlir::OpBuilder &builder);

/// Builds the whole table.
const LoweringTable &getLoweringTable();

/// Called by the loop-nest builders with the induction variables (index).
using ElementBodyBuilder = llvm::function_ref<void(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

class TileLowering {
public:
  TileLowering(mlir::OpBuilder &builder, const TargetInfo &target)
      : builder(builder), target(target) {}

  mlir::OpBuilder &b() { return builder; }
  const TargetInfo &getTarget() const { return target; }

  /// Lowers every op of `block` except its terminator, in order, at the
  /// builder's insertion point.
  mlir::LogicalResult lowerBlock(mlir::Block &block);
  /// Lowers one op through the table; unknown ops are an error naming them.
  mlir::LogicalResult lowerOp(mlir::Operation *op);

  // --- values -------------------------------------------------------------
  /// The lowered form of `v`: a scalar, a tile buffer, or null for a token.
  mlir::Value lookup(mlir::Value v) const;
  void map(mlir::Value from, mlir::Value to);
  /// The scalar every element of tile `v` equals, where tile-lower knows one
  /// (splat constants); null otherwise. Lets a copy of `v` be a fill.
  mlir::Value lookupSplat(mlir::Value v) const { return splats.lookup(v); }
  void mapSplat(mlir::Value tile, mlir::Value scalar) { splats[tile] = scalar; }
  const ViewInfo &lookupView(mlir::Value v) const;
  void mapView(mlir::Value from, ViewInfo info);

  // --- types --------------------------------------------------------------
  /// The scalar type an element of a cuda_tile tile or scalar becomes:
  /// pointers are i64, everything else unchanged.
  static mlir::Type convertElementType(mlir::Type cudaTileElementType);
  /// The lowered type of a value of cuda_tile type `t` (rank 0: scalar;
  /// rank >= 1: memref); null for tokens and views.
  static mlir::Type convertType(mlir::Type t);
  /// Shape and (converted) element type of a cuda_tile tile type.
  static llvm::ArrayRef<int64_t> tileShape(mlir::Type tileType);
  static mlir::Type tileElementType(mlir::Type tileType);

  // --- buffers and loops --------------------------------------------------
  /// A fresh tile buffer of the given shape and (converted) element type.
  mlir::Value allocTile(mlir::Location loc, llvm::ArrayRef<int64_t> shape,
                        mlir::Type elementType);
  /// A fresh buffer for a value of cuda_tile tile type `tileType`.
  mlir::Value allocTileFor(mlir::Location loc, mlir::Type tileType);
  /// The buffer of tile `v` if `user`, its only use, may write its result
  /// there (in place): `v` is defined in, or is an argument of, `user`'s
  /// block, so no later iteration of an enclosing loop reads it again, and
  /// its buffer is its own (an alloca, not a view of another tile). The
  /// caller must read each element before writing it. Null otherwise.
  mlir::Value reusableBuffer(mlir::Value v, mlir::Operation *user) const;
  /// Emits a loop nest over `shape` (row-major, innermost last) and calls
  /// `body` inside it; for an empty shape calls `body` once with no ivs.
  void forEachElement(mlir::Location loc, llvm::ArrayRef<int64_t> shape,
                      ElementBodyBuilder body);
  /// Element `ivs` of a lowered tile value (a scalar is its own element).
  mlir::Value readElement(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value lowered, mlir::ValueRange ivs);
  /// Stores into element `ivs` of a tile buffer.
  void writeElement(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Value element, mlir::Value buffer,
                    mlir::ValueRange ivs);
  /// Copies a whole tile buffer into another of the same shape.
  void copyTile(mlir::Location loc, mlir::Value from, mlir::Value to);
  /// Writes `element` into every element of the tile buffer `to`.
  void fillTile(mlir::Location loc, mlir::Value element, mlir::Value to);

  /// The common shape of "compute each result element from the operand
  /// elements at the same position": writes the result over an operand of
  /// its type that dies here, else into a new buffer (or returns a scalar for
  /// rank 0), and maps op's result 0 to it.
  mlir::LogicalResult lowerElementwise(
      mlir::Operation *op,
      llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                     mlir::ValueRange operands)>
          computeElement);

  // --- helpers ------------------------------------------------------------
  mlir::Value indexConstant(mlir::Location loc, int64_t v);
  /// Casts an integer scalar (i1..i64) to index, signed or unsigned.
  mlir::Value toIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      bool isSigned = true);

private:
  mlir::OpBuilder &builder;
  TargetInfo target;
  llvm::DenseMap<mlir::Value, mlir::Value> values;
  llvm::DenseMap<mlir::Value, ViewInfo> views;
  llvm::DenseMap<mlir::Value, mlir::Value> splats;
};

/// Parses "sm_90a" etc. into TargetInfo; returns nullopt when not an sm_ name.
std::optional<TargetInfo> parseTarget(llvm::StringRef gpuName);

} // namespace tilechain

#endif // TILECHAIN_CONVERSION_TILETOLOOPS_TILELOWERING_H
