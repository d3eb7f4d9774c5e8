//===- ViewStores.h - how a view store's tile reaches memory ---*- C++ -*-===//
//
// On a chip with TMA (sm_90 on) a view store goes one of two ways
// (#tile_dist.store): each thread stores the elements it holds, or, where
// those stores would be narrow (the runs of an mma accumulator's fragments,
// shorter than 16 bytes), the threads write the tile into a shared buffer
// of TMA boxes and one thread stores the boxes through a tensor map.
// Everything that decides it is on the tile program: the layout tile-lower
// recorded for the stored tile, the view's facts (ViewFacts.h) and the
// shared memory a box takes. So tile-sched plans it
// (tilechain-plan-view-stores, recorded on the store as `tile_dist.store`)
// and the materialization builds the plan (TensorMapCopy.h), staging the
// tile as StoreStaging lays it out.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_VIEWSTORES_H
#define TILECHAIN_LOWER_VIEWSTORES_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/LinearLayout.h"
#include "tilechain/Target/TargetInfo.h"

#include <optional>
#include <string>

namespace tilechain {

/// How a TMA store stages its tile: in boxes of the rows' first `innerBox`
/// elements (at most 128 bytes), then the next, ..., each box `rows` rows,
/// swizzled as TMA reads them (where whole 8-row atoms fill each box), so
/// that the lanes writing the rows of an mma fragment hit distinct banks;
/// `slabBoxes` boxes at a time in a buffer of as many, where the whole tile
/// would take more than half the shared memory.
struct StoreStaging {
  int64_t bytes, width, rows, innerBytes, innerBox, boxBytes, swizzle;
  int64_t boxes, slabBoxes;

  int64_t boxElements() const { return boxBytes / bytes; }
  int64_t slabs() const { return boxes / slabBoxes; }
  /// The slot in the whole tile's boxes of the element at row-major index
  /// `flat`. It is linear over the bits of `flat` (fields of powers of two,
  /// a swizzle that xors one into another).
  int64_t slotOf(uint64_t flat) const;
  /// The slot bits the thread part of `layout` can set.
  int64_t threadBits(const LinearLayout &layout) const;
};

/// The staging of a tile of `shape` (powers of two) and `bytes` per
/// element in at most `budget` bytes at a time, or why there is none.
std::optional<std::string> planStoreStaging(llvm::ArrayRef<int64_t> shape,
                                            int64_t bytes, int64_t budget,
                                            StoreStaging &plan);

/// Why view store `op` cannot go by TMA on `target`, or nullopt where it
/// can: on sm_90 and later, where its `allow_tma` hint is not false, a weak
/// store of a tile held whole (not an unexpanded broadcast) through a tiled
/// view of a tensor a tensor map can describe (whyNotTensorMapView), whose
/// tile dims walk the tensor's in order with the last contiguous, of an
/// element type the tensor map has, 16-byte aligned (base and strides) in
/// rows of a multiple of 16 bytes, at most 256 elements along each dim but
/// the last (rows go in boxes of 128 bytes), and one of whose boxes takes
/// at most half the target's shared memory.
std::optional<std::string>
whyNotTensorMapStore(mlir::cuda_tile::StoreViewTkoOp op,
                     const TargetInfo &target);

/// How tile-sched stores `op`'s tile on `target` over `numWarps` warps:
/// by TMA where the tile's layout (the recorded one, else its type's
/// default) holds runs of 2 or more elements along its rows, fewer than 16
/// bytes, and whyNotTensorMapStore has no reason; else by the threads.
/// `whyNotTensorMap` says why not TMA where the runs wanted it.
struct ViewStorePlan {
  tile_dist::StoreCopy copy = tile_dist::StoreCopy::Threads;
  std::optional<std::string> whyNotTensorMap;
};
ViewStorePlan planViewStore(mlir::cuda_tile::StoreViewTkoOp op,
                            const TargetInfo &target, unsigned numWarps);

/// The copy recorded on `op` (`tile_dist.store`), if any.
std::optional<tile_dist::StoreCopy>
recordedViewStore(mlir::cuda_tile::StoreViewTkoOp op);

} // namespace tilechain

#endif // TILECHAIN_LOWER_VIEWSTORES_H
