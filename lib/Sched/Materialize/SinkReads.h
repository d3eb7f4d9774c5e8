//===- SinkReads.h - reads moved down to where their registers are used -===//
//
// A lowering that reads a whole tile into registers at once (tensor memory
// read back after tcgen05.mma, Tcgen05Lowering.cpp) leaves every register
// live until its last use. Once the ops after it are lowered, the reads
// can move down to where their registers are first used (a TMA store's
// slab, say), so that only a part of the tile is live at a time.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_SINKREADS_H
#define TILECHAIN_SCHED_MATERIALIZE_SINKREADS_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"

namespace tilechain {

/// Moves `reads` (ops of `block` before `limit` that read memory nothing
/// writes before `limit`) down to their registers' first uses, but no
/// further than the op after the last barrier before that, and no further
/// than `limit`: between barriers, ptxas can hide a read's latency only
/// where it comes early. The pure ops of the block computing from them
/// move down to their first uses too, the elements taken from vectors
/// computed from them are computed element by element first, so that each
/// moves on its own, and what is used only inside scf.ifs is copied into
/// each branch using it, where the same is done again. The addresses the
/// reads alone use move with them. What is left unused stays for the
/// canonicalizer (a later op's lowering may still look it up). Returns the
/// last op of the block that reads: one of `reads`, or an scf.if holding
/// copies of them.
mlir::Operation *sinkReadsToUses(llvm::ArrayRef<mlir::Operation *> reads,
                                 mlir::Block *block,
                                 mlir::Block::iterator limit);

} // namespace tilechain

#endif // TILECHAIN_SCHED_MATERIALIZE_SINKREADS_H
