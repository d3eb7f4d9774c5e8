//===- TensorMapCopy.h - TMA copies: mma operands in, tiles out -*- C++ -*-===//
//
// On sm_90 a wgmma operand that is copied straight from a view load
// (AsyncViewCopy.h) comes by TMA where it can: one thread starts the copy
// of each box of a chunk (tile_dist.tensor_copy), the copy engine writes
// the swizzled rows the chunk array wants, and an mbarrier per stage of the
// ring tells the threads when the bytes have landed. The tensor
// map the hardware reads is a hidden kernel parameter, which the `.nv.host`
// callback fills in at launch from the view's base, extents and strides
// (docs/tile-kernel-contract.md): so those must be kernel parameters or
// constants, and the parameter carries their description
// (kTensorMapAttrName). On the way out, a view store whose threads' own
// stores would be narrow (an mma accumulator's fragments) goes through
// shared memory and one TMA store.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_TENSORMAPCOPY_H
#define TILECHAIN_SCHED_MATERIALIZE_TENSORMAPCOPY_H

#include "MmaStaging.h"

namespace tilechain::mma {

/// Starts the TMA copies of chunk `chunk` of `operand` (an index value)
/// into stage `stage` of its array, completing on mbarrier
/// `barriers[stage]`; run by one thread.
using TensorChunkCopy = std::function<void(
    mlir::OpBuilder &, mlir::Location, mlir::Value chunk,
    llvm::ArrayRef<StagedOperand> operands, mlir::Value barriers,
    mlir::Value stage)>;
/// The copier of an operand that comes by TMA (the `index`-th staged one),
/// with the tile origin from `loweredIndex` where given (another
/// iteration's) instead of the lowered index operands; adds the kernel's
/// tensor-map parameter for it on first use.
TensorChunkCopy tensorChunkCopy(TileLowering &l, const StagedOperand &operand,
                                unsigned index, int64_t kc,
                                llvm::ArrayRef<mlir::Value> loweredIndex = {});

/// The box of `operand`'s TMA copies, in TMA's order of dims (the
/// contiguous one first).
llvm::SmallVector<int64_t> tensorMapBox(TileLowering &l,
                                        const StagedOperand &operand,
                                        int64_t kc);

/// The bytes one chunk of `operand` takes (what its TMA copies write).
int64_t tensorChunkBytes(const StagedOperand &operand, int64_t kc);

} // namespace tilechain::mma

namespace tilechain {

/// Stores `op`'s tile by TMA, as tile-sched planned (`tile_dist.store`,
/// ViewStores.h), or refuses where whyNotTensorMapStore has a reason or the
/// tile is held as a smaller one's registers: every thread writes its elements into a shared buffer of 128-byte boxes,
/// swizzled as TMA reads them, and fences them to the async proxy; after a
/// barrier thread 0 stores the boxes (tile_dist.tensor_store) in one bulk
/// group and waits for it (only for its reads where nothing but the store's
/// next iteration is ordered after it), and a barrier keeps the buffer
/// until then. A tile of more than half the shared memory goes so a few
/// boxes at a time (slabs) through one buffer. Elements outside the tensor
/// are not stored.
mlir::LogicalResult storeByTensorMap(TileLowering &l,
                                     mlir::cuda_tile::StoreViewTkoOp op);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_TENSORMAPCOPY_H
