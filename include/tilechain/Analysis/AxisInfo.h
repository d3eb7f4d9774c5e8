//===- AxisInfo.h - contiguity and divisibility of integer/pointer tiles --===//
//
// What the parallel form needs to access memory through pointer tiles with
// wide loads and stores: along each dim of a tile of integers or pointers,
// how long the runs of consecutive values are, how long the runs of equal
// values are, and what power of two divides the first value of each run.
// cuTile writes a gather as `offset(broadcast(base), iota + block * T)` with
// `assume div_by` on the base and the extents; these facts follow from
// those ops, as in Triton's AxisInfo.
//
// All three are powers of two and runs start at multiples of their length
// (a run of 8 along a dim covers indices 8k..8k+7). The divisor along a dim
// divides the value at every run start along that dim, whatever the other
// coordinates: for v[i][j] = 4i + j, runs along dim 1 start at 4i (divisor
// 4), and along dim 0, whose runs are single values, only 1 divides them
// all. For a pointer tile, consecutive means one pointee element apart, and
// the divisor counts bytes.
// A rank-0 tile is described as a tile of shape [1].
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_ANALYSIS_AXISINFO_H
#define TILECHAIN_ANALYSIS_AXISINFO_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace tilechain {

struct AxisInfo {
  /// The largest divisor recorded; 0 is divisible by every power of two.
  static constexpr int64_t kMaxDivisor = int64_t(1) << 30;

  llvm::SmallVector<int64_t> contiguity;
  llvm::SmallVector<int64_t> divisibility;
  llvm::SmallVector<int64_t> constancy;

  /// Nothing known about a tile of `rank` dims.
  static AxisInfo unknown(unsigned rank);
  unsigned getRank() const { return contiguity.size(); }
  bool operator==(const AxisInfo &other) const;
};

/// The facts for every tile value under `root` (a cuda_tile.entry), found in
/// one walk in program order. Values it cannot see through (block arguments
/// other than a for loop's induction variable, loads, results of most ops)
/// get AxisInfo::unknown.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::Operation *root);

  AxisInfo getInfo(mlir::Value value) const;

private:
  void visit(mlir::Operation *op);
  void set(mlir::Value value, AxisInfo info) { facts[value] = std::move(info); }

  llvm::DenseMap<mlir::Value, AxisInfo> facts;
};

/// The most elements along tile dim `dim` that one vector access of
/// `bytes`-byte elements may move through a pointer tile, by what the
/// kernel's index arithmetic proves: consecutive pointers, the first
/// aligned to the whole run, 16 bytes at most, and the mask (if any) equal
/// over the run.
int64_t provenRunLength(const AxisInfo &pointers, const AxisInfo *mask,
                        unsigned dim, int64_t bytes);

} // namespace tilechain

#endif // TILECHAIN_ANALYSIS_AXISINFO_H
