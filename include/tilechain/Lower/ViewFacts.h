//===- ViewFacts.h - what the tile program says of a view ------*- C++ -*-===//
//
// A view's facts are what the tile program says of it without running it:
// its tile's shape and walk over the tensor (from its type), the powers of
// two its assume ops and static extents say divide its base address, extents
// and strides, and which tensor dim has a static stride of 1. How a view load
// can reach shared memory (16-byte cp.async runs, a TMA tensor map) follows
// from them, so that a plan made on the tile program (where an mma's operands
// come from, MmaOperands.h) is the plan the materialization builds.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_VIEWFACTS_H
#define TILECHAIN_LOWER_VIEWFACTS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Target/TargetInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <optional>
#include <string>

namespace tilechain {

/// The static facts of a view: element (i0..in) of the tensor under it lies
/// at base + sum(i_d * stride_d) elements.
struct ViewFacts {
  mlir::Type elementType; // the pointee type, converted (convertElementType)
  /// Per tensor dim, its stride where the type gives it, else
  /// mlir::ShapedType::kDynamic.
  mlir::SmallVector<int64_t> staticStrides;
  // For partition and strided views: the tile shape, the step between tiles
  // (equal to the tile shape for partition views), the tensor dim each tile
  // dim walks, and the value of out-of-bounds elements on load.
  mlir::SmallVector<int64_t> tileShape;
  mlir::SmallVector<int64_t> traversalStrides;
  mlir::SmallVector<int64_t> dimMap;
  std::optional<int32_t> padding; // cuda_tile::PaddingValue, if any
  bool isGatherScatter = false;
  // Bytes the base address is a multiple of, and per tensor dim the largest
  // known power of two dividing its extent and its stride (1 when nothing is
  // known). Wide accesses rely on them.
  uint64_t baseAlignment = 1;
  mlir::SmallVector<uint64_t> shapeDivisors;
  mlir::SmallVector<uint64_t> strideDivisors;
};

/// The facts of `view` (a tensor, partition, strided or gather/scatter view
/// value): from its type, and from the assume ops (div_by) that it, its
/// tensor view, their base and their dynamic extents went through.
ViewFacts viewFacts(mlir::Value view);

/// The tile dim that walks the view's contiguous tensor dim (static stride
/// 1), if any.
std::optional<unsigned> contiguousTileDim(const ViewFacts &facts);

/// Whether the view's facts keep the first address of every run of `width`
/// elements of `elementBytes` along tile dim `fastDim` (the contiguous one)
/// a multiple of the run's size: the base alignment, the tile's step along
/// the dim and the other dims' strides.
bool runsAligned(const ViewFacts &facts, unsigned fastDim, int64_t width,
                 int64_t elementBytes);

/// The tile dim along which `load`'s view is contiguous, where its tile can
/// be copied 16 bytes at a time (cp.async): a weak load of a tiled (not
/// gather) view padded with zeros or not at all, whose facts (base
/// alignment, strides, tile step) keep every 16-byte run of the tile along
/// that dim aligned, and whose tile is a whole number of runs along it.
std::optional<unsigned> asyncCopyDim(mlir::cuda_tile::LoadViewTkoOp load);

//===----------------------------------------------------------------------===//
// Tensor maps (TMA)
//===----------------------------------------------------------------------===//

/// TMA takes at most 5 dims, and at most 256 elements along each dim of a
/// box.
inline constexpr size_t kMaxTensorMapRank = 5;
inline constexpr int64_t kMaxTensorMapBoxExtent = 256;

/// What the `.nv.host` callback reads for one value of a tensor view: the
/// kernel parameter it is ("argN", through assume ops), or null.
mlir::Attribute parameterOrConstant(mlir::Value v);

/// The tensor view under the tiled view `view`, if it is made here.
mlir::cuda_tile::MakeTensorViewOp tensorViewOf(mlir::Value view);

/// The entries of a view's extents or strides for the callback: the static
/// ones as constants, the dynamic ones as the parameters they are; nullopt
/// where one is neither.
std::optional<mlir::SmallVector<mlir::Attribute>>
describeExtents(llvm::ArrayRef<int64_t> values, mlir::ValueRange dynamicValues,
                mlir::Builder &b);

/// Why a tensor map filled in at launch cannot describe the tensor under
/// tiled view `view`, or nullopt where it can: a tensor view the kernel
/// makes from kernel parameters and constants, of rank 5 at most.
std::optional<std::string> whyNotTensorMapView(mlir::Value view);

/// Why an access whose hints are `hints` may not use TMA on `target`: its
/// `allow_tma` hint for the target (or `default`) is false, as cuTile's
/// `allow_tma=False` writes it.
std::optional<std::string>
whyNotTensorMapHint(const TargetInfo &target,
                    mlir::cuda_tile::OptimizationHintsAttr hints);

/// Why view load `load`'s tile cannot be copied by TMA on `target` (once its
/// tile can be copied at all: asyncCopyDim), or nullopt where it can: its
/// `allow_tma` hint is not false and whyNotTensorMapView has no reason.
std::optional<std::string>
whyNotTensorMapCopy(const TargetInfo &target,
                    mlir::cuda_tile::LoadViewTkoOp load);

} // namespace tilechain

#endif // TILECHAIN_LOWER_VIEWFACTS_H
