//===- WgmmaChunk.h - one chunk of k on wgmma ------------------*- C++ -*-===//
//
// A warpgroup's wgmma multiplies its operands a chunk of k at a time from
// the stages of their ring (MmaStaging.h). What each chunk's multiply
// needs is computed once per mma, before its chunk loop (`WgmmaChunks::
// setUp`): the warpgroup's block origins in the operands' arrays and the
// instructions of its block. The multiply of one chunk (`multiply`) fences
// the accumulator registers, issues one warpgroup_mma per instruction and
// k step, commits them as one group and waits for all groups but the ones
// the ring leaves running. The two are apart so that each stands where its
// part of the schedule puts it: today the set-up in the mma's lowering
// (WgmmaLowering.cpp) and the multiply in its chunk loop
// (multiplyChunks); next, each the lowering of an op of the tile program
// (docs/tile-async.md, step 3).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_WGMMACHUNK_H
#define TILECHAIN_SCHED_MATERIALIZE_WGMMACHUNK_H

#include "MmaStaging.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Sched/Materialize/TileLowering.h"

#include <array>

namespace tilechain::mma {

class WgmmaChunks {
public:
  /// At the builder's place, for mma `op` planned as `plan`, whose result
  /// takes `layout`, its operands in `forms` staged as `staged`: the
  /// warpgroup's block origins and its instructions.
  static WgmmaChunks setUp(TileLowering &l, mlir::Operation *op,
                           const WgmmaPlan &plan,
                           const std::array<OperandForm, 2> &forms,
                           const std::array<StagedOperand, 2> &staged,
                           const LinearLayout &layout);

  /// The multiply of chunk `chunk` of k from stage `stage`, adding to
  /// `sums` (the accumulator's registers). Returns the sums, as the wait
  /// for all groups but those the ring leaves running gives them.
  llvm::SmallVector<mlir::Value> multiply(mlir::OpBuilder &at,
                                          mlir::Value chunk, mlir::Value stage,
                                          mlir::ValueRange sums) const;

private:
  /// The rows and columns an instruction accumulates from.
  struct Instruction {
    int64_t m, n;
  };

  WgmmaChunks(mlir::Location loc, const WgmmaPlan &plan,
              const std::array<OperandForm, 2> &forms,
              const std::array<StagedOperand, 2> &staged)
      : loc(loc), plan(plan), forms(forms), staged(staged) {}

  mlir::Value lhsFragment(mlir::OpBuilder &at, mlir::Value chunk,
                          int64_t mBlock, int64_t kStep) const;

  mlir::Location loc;
  WgmmaPlan plan;
  std::array<OperandForm, 2> forms;
  std::array<StagedOperand, 2> staged;
  int64_t k = 0;              // the mma's whole k
  int64_t perInstruction = 0; // accumulator registers per instruction
  int64_t instructionK = 0;
  mlir::Value lhsBlock, rhsBlock; // null lhsBlock: A from registers
  llvm::SmallVector<Instruction> instructions;
  tile_dist::SharedMatrixAttr lhsMatrix, rhsMatrix;
  mlir::VectorType vectorType;
};

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_WGMMACHUNK_H
