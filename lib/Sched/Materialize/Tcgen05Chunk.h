//===- Tcgen05Chunk.h - one chunk of k on tcgen05.mma ----------*- C++ -*-===//
//
// On tcgen05.mma one thread issues a chunk's products, which accumulate in
// tensor memory (TensorMemory.h), and commits them to an mbarrier that
// every thread then waits on. What each chunk's products need is fixed
// once per mma, before its chunk loop (`Tcgen05Chunks::setUp`): the
// operands' shared matrices, the accumulator's columns and whether it
// starts at zero, and a block-scaled mma's scale columns. The products of
// one chunk (`multiply`) are apart from that so that each stands where its
// part of the schedule puts it: today in the chunk loop of the mma's
// lowering (multiplyChunks); next, the lowering of an op of the tile
// program (docs/tile-async.md, step 3).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_TCGEN05CHUNK_H
#define TILECHAIN_SCHED_MATERIALIZE_TCGEN05CHUNK_H

#include "MmaStaging.h"
#include "TensorMemory.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include <array>
#include <optional>

namespace tilechain::mma {

class Tcgen05Chunks {
public:
  /// For mma `op` planned as `plan`, its operands in `forms` staged as
  /// `staged`, accumulating in `memory` (kept there through a loop where
  /// `kept` is set, else for this run, from zero where `zeroStart`), with
  /// its scales in `scaleColumns` where it is block-scaled.
  static Tcgen05Chunks
  setUp(TileLowering &l, mlir::Operation *op, const Tcgen05Plan &plan,
        const std::array<OperandForm, 2> &forms,
        const std::array<StagedOperand, 2> &staged,
        const TensorMemory &memory,
        const TileLowering::TensorMemoryAccumulator *kept, bool zeroStart,
        const std::optional<ScaleColumns> &scaleColumns);

  /// The products of chunk `chunk` of k from stage `stage`: thread 0
  /// issues one tensor_mma per M x N block and k step and commits them;
  /// every thread then waits for this chunk's commit or, where the ring
  /// leaves a chunk running, the previous one's. Carries nothing.
  llvm::SmallVector<mlir::Value> multiply(mlir::OpBuilder &at,
                                          mlir::Value chunk,
                                          mlir::Value stage) const;

private:
  Tcgen05Chunks(TileLowering &l, mlir::Location loc, const Tcgen05Plan &plan,
                const std::array<OperandForm, 2> &forms,
                const std::array<StagedOperand, 2> &staged,
                const TensorMemory &memory,
                const TileLowering::TensorMemoryAccumulator *kept,
                bool zeroStart,
                const std::optional<ScaleColumns> &scaleColumns)
      : l(l), loc(loc), plan(plan), forms(forms), staged(staged),
        memory(memory), kept(kept), zeroStart(zeroStart),
        scaleColumns(scaleColumns) {}

  TileLowering &l;
  mlir::Location loc;
  Tcgen05Plan plan;
  std::array<OperandForm, 2> forms;
  std::array<StagedOperand, 2> staged;
  TensorMemory memory;
  const TileLowering::TensorMemoryAccumulator *kept;
  bool zeroStart;
  std::optional<ScaleColumns> scaleColumns;
  int64_t n = 0; // the accumulator's columns
  tile_dist::SharedMatrixAttr lhsMatrix, rhsMatrix;
};

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_TCGEN05CHUNK_H
