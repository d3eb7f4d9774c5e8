//===- MmaSyncChunk.h - one chunk of k on mma.sync -------------*- C++ -*-===//
//
// A warp's mma.sync multiplies its operands a chunk of k at a time from
// the stages of their ring (MmaStaging.h). What each chunk's multiply reads
// with is computed once per mma, before its chunk loop (`MmaSyncChunks::
// setUp`): the running thread's units in the operands' arrays, the
// fragments each instruction takes, and a block-scaled mma's scales in
// shared memory. The multiply of one chunk (`multiply`) then reads the
// chunk's fragments from its stage and issues the instructions. The two
// are apart so that each stands where its part of the schedule puts it:
// today the set-up in the mma's lowering (MmaSyncLowering.cpp) and the
// multiply in its chunk loop (multiplyChunks); next, each the lowering of
// an op of the tile program (docs/tile-async.md, step 3).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_SCHED_MATERIALIZE_MMASYNCCHUNK_H
#define TILECHAIN_SCHED_MATERIALIZE_MMASYNCCHUNK_H

#include "MmaStaging.h"

#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/MapVector.h"

#include <array>
#include <optional>

namespace tilechain::mma {

class MmaSyncChunks {
public:
  /// At the builder's place, for mma `op` of `kind` whose result takes
  /// `layout`, its operands `staged` in chunks of `kc`: the thread's
  /// fragment units, the instructions' fragments, and the scales of an
  /// mmaf_scaled copied into shared memory. Fails where shared memory is
  /// short for the scales.
  static mlir::FailureOr<MmaSyncChunks>
  setUp(TileLowering &l, mlir::Operation *op, const MmaSyncKind &kind,
        const std::array<StagedOperand, 2> &staged,
        const LinearLayout &layout, int64_t kc);

  /// The multiply of chunk `chunk` of k from stage `stage`: per instruction
  /// k step, the warp's fragments, then one mma.sync per instruction,
  /// adding to `sums` (four registers per instruction). Returns the sums.
  llvm::SmallVector<mlir::Value> multiply(mlir::OpBuilder &at,
                                          mlir::Value chunk, mlir::Value stage,
                                          mlir::ValueRange sums) const;

private:
  /// How the warp reads an operand's fragments from its array. Offsets are
  /// in `unit`s of the array: 32-bit words where k is contiguous (a
  /// fragment register is one word), 16-bit elements where it is k-major.
  /// With ldmatrix, lane L names row L % 8 of matrix L / 8 of the warp's
  /// fragment (transposed where k-major, so that each lane receives its
  /// register's two values of k); without, each thread reads its own
  /// words: its group's row, word (lane % 4).
  struct Reader {
    unsigned operand;        // 0 (lhs) or 1 (rhs): its index in `staged`
    mlir::Value array;
    int64_t unitBytes;
    int64_t rowUnits;        // units per row of the array
    mlir::Value threadUnit;  // the running thread's part, chunk and step aside
    int64_t stepUnits;       // per instruction k step
    // Per distinct fragment (keyed by its first register's row), the
    // constant offsets of its registers' words (only the first with
    // ldmatrix: the start of the fragment's matrices).
    llvm::MapVector<int64_t, llvm::SmallVector<int64_t, 4>> fragments;
  };
  /// Per instruction (registers 4i..4i+3), its fragments' indices in the
  /// readers' `fragments`.
  struct Instruction {
    unsigned lhsFragment, rhsFragment;
  };
  /// A block-scaled mma's scale tile in shared memory (tileInShared,
  /// row-major over the shape it was stored in).
  struct StagedScales {
    mlir::Value buffer;
    llvm::SmallVector<int64_t> stored;
  };

  MmaSyncChunks(mlir::Location loc, const MmaSyncKind &kind,
                const std::array<StagedOperand, 2> &staged)
      : loc(loc), kind(kind), staged(staged) {}

  llvm::SmallVector<llvm::SmallVector<mlir::Value>>
  readFragments(mlir::OpBuilder &at, const Reader &reader,
                mlir::Value chunkUnit, mlir::Value step,
                mlir::NVVM::MMATypes type) const;
  mlir::Value readScale(mlir::OpBuilder &at, bool isLhs, int64_t key,
                        mlir::Value block) const;

  mlir::Location loc;
  MmaSyncKind kind;
  std::array<StagedOperand, 2> staged; // lhs, rhs
  int64_t m = 0, n = 0, rank = 0, kc = 0, instructionK = 0;
  bool ldmatrix = false;
  mlir::Value batchCoord;
  Reader lhsReader, rhsReader;
  llvm::SmallVector<Instruction> instructions;
  mlir::LLVM::LLVMStructType resultType;
  std::optional<mlir::NVVM::MMAIntOverflow> overflow;
  std::optional<std::array<StagedScales, 2>> scales;
  mlir::Value scaleRow, scaleColumn;
};

} // namespace tilechain::mma

#endif // TILECHAIN_SCHED_MATERIALIZE_MMASYNCCHUNK_H
