//===- LinearLayout.h - which thread and register holds which element -----===//
//
// The layout of a tile spread over a CTA's threads. Tile dims are powers of
// two (cuda_tile requires it), so a tile element is identified by the bits
// of its row-major flat index, and a layout is a linear map over GF(2) from
// the bits of (register, lane, warp) to those bits: each input bit has a
// basis, the flat index it alone selects, and the element of a register of
// a thread is the XOR of the bases of its set bits.
//
// One representation covers every layout the parallel form needs:
//   - blocked: a thread owns runs of contiguous elements along a fast dim;
//   - broadcast: an input bit whose basis is 0 holds the same element as its
//     partner (duplicate registers, or lanes and warps replicating a tile
//     smaller than the CTA);
//   - sliced: a reduction drops a dim; the bits that walked it become 0;
//   - mma fragments and swizzled shared memory are other choices of bases.
// Reshape does not change a row-major flat index, so it changes no basis;
// permute and dropping a dim move bits of the flat index.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LAYOUT_LINEARLAYOUT_H
#define TILECHAIN_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tilechain {

class LinearLayout {
public:
  /// The input dims, in the order their bits are listed.
  enum In : unsigned { Register = 0, Lane = 1, Warp = 2 };
  static constexpr unsigned kNumInDims = 3;
  using Bases = llvm::SmallVector<uint64_t, 8>;

  LinearLayout() = default;
  /// `bases[In]` lists the basis of each bit of that input, lowest first;
  /// every dim of `shape` is a power of two.
  LinearLayout(llvm::ArrayRef<int64_t> shape, std::array<Bases, kNumInDims> bases);

  /// The layout that spreads a row-major tile of `shape` over `numWarps`
  /// warps: each thread holds `contiguous` consecutive elements along dim
  /// `fastDim`, consecutive lanes and then warps hold consecutive runs (along
  /// `fastDim` first, then the other dims from the last to the first), and
  /// what is left over wraps into more registers. Lanes and warps beyond the
  /// tile's size replicate it. `contiguous` is a power of two.
  static LinearLayout blocked(llvm::ArrayRef<int64_t> shape, unsigned numWarps,
                              int64_t contiguous, unsigned fastDim);

  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  unsigned getRank() const { return shape.size(); }
  /// log2 of the number of tile elements.
  unsigned getNumElementBits() const;
  unsigned getNumBits(In in) const { return bases[in].size(); }
  int64_t getSize(In in) const { return int64_t(1) << getNumBits(in); }
  llvm::ArrayRef<uint64_t> getBases(In in) const { return bases[in]; }

  /// The flat index of the element that `value` of `in` alone selects (the
  /// other inputs at 0).
  uint64_t applyOne(In in, uint64_t value) const;
  /// The flat index of the element held by register `reg` of lane `lane` of
  /// warp `warp`.
  uint64_t apply(uint64_t reg, uint64_t lane, uint64_t warp) const {
    return applyOne(Register, reg) ^ applyOne(Lane, lane) ^ applyOne(Warp, warp);
  }
  /// Coordinates of a flat index of this layout's shape.
  llvm::SmallVector<int64_t> unflatten(uint64_t flat) const;
  /// The bits of the flat index that belong to `dim`: [offset, offset+width).
  std::pair<unsigned, unsigned> dimBits(unsigned dim) const;

  /// How many registers, from every multiple of that count on, hold
  /// consecutive elements along `dim` (a power of two, at least 1): the
  /// widest vector access a thread can make from its registers.
  int64_t getContiguousRegisters(unsigned dim) const;

  /// The bits of `in` whose basis is 0: inputs that differ only there hold
  /// the same element.
  uint64_t getBroadcastMask(In in) const;
  /// The bits of the flat index that no lane or warp basis sets: in every
  /// thread, the register alone decides them.
  uint64_t getRegisterOnlyBits() const;
  /// Whether the bases of `in` and those of the other inputs touch disjoint
  /// bits of every dim, so that an element's coordinate along each dim is
  /// the sum (not just the XOR) of the parts the inputs select.
  bool hasDisjointParts() const;

  /// The same elements with the tile's dims reordered: dim i of the result
  /// is dim `permutation[i]` of this layout.
  LinearLayout permute(llvm::ArrayRef<int64_t> permutation) const;
  /// The same elements seen as a row-major tile of `newShape` (same size).
  LinearLayout reshape(llvm::ArrayRef<int64_t> newShape) const;
  /// The layout of the result of combining along `dim`: the dim disappears,
  /// and the bits that walked it become broadcast bits.
  LinearLayout dropDim(unsigned dim) const;
  /// The layout of a broadcast's source such that each thread holds the
  /// source elements its registers in this layout repeat: `sourceShape` has
  /// this rank, with size 1 where the broadcast widens a dim; the bits that
  /// walked such a dim hold repeats.
  LinearLayout broadcastSource(llvm::ArrayRef<int64_t> sourceShape) const;
  /// The layout without the register bits whose basis is 0; `kept` receives
  /// the register bits that remain, lowest first.
  LinearLayout compactRegisters(llvm::SmallVectorImpl<unsigned> &kept) const;

  /// For a layout `target` of a tile whose shape equals this one's except
  /// that some dims of size 1 here may be larger there (a broadcast): the
  /// register of this layout that holds, in the same thread, the element
  /// each register of `target` needs (the element with the broadcast dims'
  /// coordinates dropped). nullopt when some thread would need an element
  /// it does not hold, which takes an exchange between threads.
  std::optional<llvm::SmallVector<int64_t>>
  registersFor(const LinearLayout &target) const;

  bool operator==(const LinearLayout &other) const {
    return shape == other.shape && bases == other.bases;
  }
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// E.g. "shape [4, 8] reg [1, 2] lane [4, 8, 16, 0, 0] warp [0]".
  std::string str() const;

private:
  llvm::SmallVector<int64_t, 4> shape;
  std::array<Bases, kNumInDims> bases;
};

/// log2 of a power of two.
unsigned log2Exact(uint64_t powerOfTwo);

} // namespace tilechain

#endif // TILECHAIN_LAYOUT_LINEARLAYOUT_H
