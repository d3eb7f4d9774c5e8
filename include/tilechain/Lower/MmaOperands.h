//===- MmaOperands.h - how an mma's operands reach shared memory -*- C++ -*-===//
//
// wgmma, tcgen05.mma and mma.sync read an mma's lhs and rhs from arrays in
// shared memory, a chunk of k at a time. How each operand gets there (the
// threads write the registers they hold, the threads copy its view load with
// cp.async, or the copy engine does by TMA), which of its dims the arrays hold
// contiguous and how their rows are swizzled is a function of the mma's
// recorded instruction, the target, the warps and the facts of the views
// loaded (ViewFacts.h), not of anything materialized. tile-sched plans it on
// the tile program (tilechain-plan-mma-operands) and records it on the mma as
// `tile_dist.operands`; the materialization builds what is recorded.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_MMAOPERANDS_H
#define TILECHAIN_LOWER_MMAOPERANDS_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Target/TargetInfo.h"

#include <array>
#include <optional>
#include <string>

namespace tilechain {

/// The view load an mma operand is (directly, or through a reshape of its
/// only use that only drops leading unit dims, as cuTile's loads of one batch
/// or head do), and how many leading unit dims its tile has beyond the
/// operand's; null if none.
mlir::cuda_tile::LoadViewTkoOp operandLoad(mlir::Value operand,
                                           unsigned *leadingUnitDims = nullptr);

/// The tile dim of operand `index` of `op` along which its view load can
/// be copied straight into shared memory (asyncCopyDim), or nullopt: it is
/// an operandLoad of the same block, or of the block of the loop `op` is
/// directly in where that loop's body only reads (a loop-invariant operand,
/// copied again every iteration), read by nothing but mmas' lhs and rhs,
/// with no write to memory between them.
std::optional<unsigned> copyableOperandDim(mlir::Operation *op,
                                           unsigned index);

/// Which ways of reaching shared memory a plan may use; the materialization
/// accepts a record planned with any of them (an edit that gives up TMA, or
/// every copy).
struct OperandChoices {
  bool copies = true;     // cp.async or TMA, where the operand allows
  bool tensorMaps = true; // TMA, where the view allows
  bool fragments = true;  // a wgmma's lhs held as its A fragments
};

/// How one operand reaches shared memory, and where it is copied by
/// cp.async on a target with TMA (sm_90 on), why not by TMA.
struct MmaOperandPlan {
  tile_dist::MmaOperandAttr form;
  std::string whyNotTensorMap;
};

/// How the lhs and rhs of `op`, which runs on tensor-core `instruction`
/// (wgmma, tcgen05 or mma_sync) over `numWarps` warps of `target`, reach
/// shared memory, using only `choices`:
///   - wgmma and tcgen05.mma: rows of the staging's S bytes of k, swizzled;
///     an operand copyable along k is copied k contiguous, one copyable
///     along m or n (16-bit, an instruction's rows or columns whole atoms)
///     mn contiguous in atoms as wide as the instructions allow (128 bytes
///     where they divide); by TMA where the view allows, else by cp.async;
///   - mma.sync: padded rows, k contiguous unless a copied 16-bit operand
///     (read by the transposing ldmatrix) is contiguous along m or n; a
///     copied operand comes by TMA on sm_90 on where its chunk's rows are
///     32, 64 or 128 bytes and the view allows, its rows then swizzled as
///     the box lands instead of padded.
/// Everything else is written from registers, except a wgmma's lhs that
/// the threads hold as its A fragments already (16-bit elements in the
/// layout of a wgmma result of its shape, computed element by element from
/// one: an attention's P), which the instructions read from the registers.
std::array<MmaOperandPlan, 2>
planMmaOperands(mlir::Operation *op, tile_dist::MmaInstruction instruction,
                const TargetInfo &target, unsigned numWarps,
                OperandChoices choices = {});

/// The lhs's and rhs's forms recorded on `op` (tile_dist.operands), or
/// nullopt.
std::optional<std::array<tile_dist::MmaOperandAttr, 2>>
recordedMmaOperands(mlir::Operation *op);

/// Why `recorded`, the lhs's and rhs's forms, cannot bring `op`'s operands
/// to `instruction`: the first operand (0: lhs, 1: rhs) it cannot and why,
/// or nullopt where it can. A form is taken where planMmaOperands plans it
/// with every choice, without TMA, without copies or without fragments; a
/// wgmma's lhs read as fragments is taken wherever its type and shape
/// allow, whatever layout holds it (it is taken into the fragments').
std::optional<std::pair<unsigned, std::string>>
whyNotMmaOperands(mlir::Operation *op,
                  std::array<tile_dist::MmaOperandAttr, 2> recorded,
                  tile_dist::MmaInstruction instruction,
                  const TargetInfo &target, unsigned numWarps);

} // namespace tilechain

#endif // TILECHAIN_LOWER_MMAOPERANDS_H
