//===- MmaLayouts.cpp - mma.sync fragment layouts -------------------------===//
#include "tilechain/Layout/MmaLayouts.h"

#include <cassert>

using namespace tilechain;
using LL = LinearLayout;

namespace {

/// The flat-index bit of `value` (a power of two) along `dim` of `layout`'s
/// shape.
uint64_t along(const LL &layout, unsigned dim, int64_t value) {
  return uint64_t(1) << (layout.dimBits(dim).first + log2Exact(value));
}

/// The lane bases shared by every fragment: lane bits 0-1 walk `fast`
/// (dim `fastDim`) from `fastStep` on, bits 2-4 walk dim `groupDim` (rows
/// of A and C, columns of B) from 1.
LL::Bases laneBases(const LL &shape, unsigned fastDim, int64_t fastStep,
                    unsigned groupDim) {
  return {along(shape, fastDim, fastStep), along(shape, fastDim, 2 * fastStep),
          along(shape, groupDim, 1), along(shape, groupDim, 2),
          along(shape, groupDim, 4)};
}

/// The register bases every mma accumulator layout starts with, the C/D
/// fragment's: (n + 1, m + 8), then n by 8 up to `blockN` (a thread's
/// columns of its block). An 8-row result holds its rows g + 8 as copies of
/// rows g (a zero basis): mma.sync then reads the lhs's 8 rows twice.
LL::Bases accumulatorRegisterBases(const LL &layout, unsigned mDim,
                                   unsigned nDim, int64_t blockN) {
  LL::Bases registers = {along(layout, nDim, 1),
                         layout.getShape()[mDim] > 8 ? along(layout, mDim, 8)
                                                     : 0};
  for (int64_t step = kMmaSyncN; step < blockN; step *= 2)
    registers.push_back(along(layout, nDim, step));
  return registers;
}

/// A layout of `shape`'s shape over one warp's registers and lanes.
LL oneWarp(const LL &shape, LL::Bases registers, LL::Bases lanes) {
  return LL(shape.getShape(),
            std::array<LL::Bases, LL::kNumInDims>{registers, lanes, {}});
}

/// log2 of the elements a 32-bit register packs.
unsigned packedBits(unsigned elementBits) {
  assert((elementBits == 8 || elementBits == 16 || elementBits == 32) &&
         "mma.sync takes 8-, 16- or 32-bit inputs");
  return log2Exact(32 / elementBits);
}

} // namespace

int64_t tilechain::mmaSyncK(unsigned elementBits) {
  return 8 << packedBits(elementBits);
}

LL tilechain::mmaSyncALayout(unsigned elementBits) {
  int64_t perRegister = int64_t(1) << packedBits(elementBits);
  LL shape({kMmaSyncM, mmaSyncK(elementBits)}, {});
  LL::Bases registers;
  for (int64_t k = 1; k < perRegister; k *= 2)
    registers.push_back(along(shape, 1, k));
  registers.push_back(along(shape, 0, 8));
  registers.push_back(along(shape, 1, 4 * perRegister));
  return oneWarp(shape, registers, laneBases(shape, 1, perRegister, 0));
}

LL tilechain::mmaSyncBLayout(unsigned elementBits) {
  int64_t perRegister = int64_t(1) << packedBits(elementBits);
  LL shape({mmaSyncK(elementBits), kMmaSyncN}, {});
  LL::Bases registers;
  for (int64_t k = 1; k < perRegister; k *= 2)
    registers.push_back(along(shape, 0, k));
  registers.push_back(along(shape, 0, 4 * perRegister));
  return oneWarp(shape, registers, laneBases(shape, 0, perRegister, 1));
}

LL tilechain::mmaSyncCLayout() {
  LL shape({kMmaSyncM, kMmaSyncN}, {});
  return oneWarp(shape, {along(shape, 1, 1), along(shape, 0, 8)},
                 laneBases(shape, 1, 2, 0));
}

LL tilechain::mmaSyncResultLayout(llvm::ArrayRef<int64_t> shape,
                                  unsigned numWarps) {
  unsigned rank = shape.size();
  assert((rank == 2 || rank == 3) && "an mma result is [batch,] m x n");
  unsigned mDim = rank - 2, nDim = rank - 1;
  int64_t m = shape[mDim], n = shape[nDim];
  assert((m % kMmaSyncM == 0 || m == kMmaSyncM / 2) && n % kMmaSyncN == 0 &&
         "not whole fragments");
  LL layout(shape, {});

  // The warps' split of (m, n): halve the larger extent of a warp's block
  // while it holds more than one fragment along it.
  int64_t blockM = m, blockN = n, batchLeft = rank == 3 ? shape[0] : 1;
  LL::Bases warps;
  for (unsigned bit = 0; bit < log2Exact(numWarps); ++bit) {
    bool splitM = blockM > kMmaSyncM && blockM >= blockN;
    bool splitN = blockN > kMmaSyncN && !splitM;
    if (splitM) {
      blockM /= 2;
      warps.push_back(along(layout, mDim, blockM));
    } else if (splitN) {
      blockN /= 2;
      warps.push_back(along(layout, nDim, blockN));
    } else if (batchLeft > 1) {
      batchLeft /= 2;
      warps.push_back(along(layout, 0, batchLeft));
    } else {
      warps.push_back(0); // replicates
    }
  }

  LL::Bases registers = accumulatorRegisterBases(layout, mDim, nDim, blockN);
  for (int64_t step = kMmaSyncM; step < blockM; step *= 2)
    registers.push_back(along(layout, mDim, step));
  for (int64_t step = 1; step < batchLeft; step *= 2)
    registers.push_back(along(layout, 0, step));
  LL::Bases lanes = laneBases(layout, nDim, 2, mDim);
  return LL(shape, std::array<LL::Bases, LL::kNumInDims>{registers, lanes, warps});
}

std::optional<WgmmaTiling>
tilechain::wgmmaTiling(llvm::ArrayRef<int64_t> shape, unsigned numWarps) {
  unsigned rank = shape.size();
  if (!(rank == 2 || (rank == 3 && shape[0] == 1)) || numWarps % 4 != 0)
    return std::nullopt;
  int64_t blockM = shape[rank - 2], blockN = shape[rank - 1];
  if (blockM % kWgmmaM != 0)
    return std::nullopt;
  for (unsigned warpgroups = numWarps / 4; warpgroups > 1; warpgroups /= 2) {
    if (blockM > kWgmmaM)
      blockM /= 2;
    else
      blockN /= 2;
  }
  if (blockN < 8)
    return std::nullopt;
  return WgmmaTiling{blockM, blockN, std::min(blockN, kWgmmaMaxN)};
}

LL tilechain::wgmmaResultLayout(llvm::ArrayRef<int64_t> shape,
                                unsigned numWarps) {
  std::optional<WgmmaTiling> tiling = wgmmaTiling(shape, numWarps);
  assert(tiling && "no wgmma tiling of this shape");
  unsigned rank = shape.size();
  unsigned mDim = rank - 2, nDim = rank - 1;
  LL layout(shape, {});
  LL::Bases warps = {along(layout, mDim, 16), along(layout, mDim, 32)};
  for (int64_t step = tiling->blockM; step < shape[mDim]; step *= 2)
    warps.push_back(along(layout, mDim, step));
  for (int64_t step = tiling->blockN; step < shape[nDim]; step *= 2)
    warps.push_back(along(layout, nDim, step));
  LL::Bases registers =
      accumulatorRegisterBases(layout, mDim, nDim, tiling->blockN);
  for (int64_t step = kWgmmaM; step < tiling->blockM; step *= 2)
    registers.push_back(along(layout, mDim, step));
  LL::Bases lanes = laneBases(layout, nDim, 2, mDim);
  return LL(shape,
            std::array<LL::Bases, LL::kNumInDims>{registers, lanes, warps});
}

std::optional<TensorMmaTiling>
tilechain::tensorMmaTiling(llvm::ArrayRef<int64_t> shape, unsigned numWarps) {
  unsigned rank = shape.size();
  if (!(rank == 2 || (rank == 3 && shape[0] == 1)) || numWarps % 4 != 0)
    return std::nullopt;
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t instructionN = std::min(n, kTensorMmaMaxN);
  if (m == kTensorMmaHalfM) {
    int64_t columnBlocks = numWarps / 4;
    if (n % 8 != 0 || n % columnBlocks != 0 || n / columnBlocks < 8)
      return std::nullopt;
    return TensorMmaTiling{kTensorMmaHalfM, 1, n / columnBlocks,
                           instructionN, 1};
  }
  int64_t halvesPerWarp = numWarps == 4 ? 2 : 1;
  int64_t columnBlocks = numWarps == 4 ? 1 : numWarps / 8;
  if (m % kTensorMmaM != 0 || n % 16 != 0 || n % columnBlocks != 0 ||
      n / columnBlocks < 8)
    return std::nullopt;
  return TensorMmaTiling{kTensorMmaM, m / kTensorMmaM, n / columnBlocks,
                         instructionN, halvesPerWarp};
}

LL tilechain::blockScaleLayout(llvm::ArrayRef<int64_t> shape, unsigned xDim,
                               unsigned kDim, unsigned numWarps) {
  LL layout(shape, {});
  int64_t x = shape[xDim], blocks = shape[kDim];
  LL::Bases registers, lanes;
  for (int64_t v = 1; v < std::min<int64_t>(blocks, 4); v *= 2)
    registers.push_back(along(layout, kDim, v));
  for (int64_t v = 32; v < x; v *= 2)
    registers.push_back(along(layout, xDim, v));
  for (int64_t v = 4; v < blocks; v *= 2)
    registers.push_back(along(layout, kDim, v));
  for (int64_t v = 1; v < 32; v *= 2)
    lanes.push_back(along(layout, xDim, v));
  LL::Bases warps(log2Exact(numWarps), 0);
  return LL(shape,
            std::array<LL::Bases, LL::kNumInDims>{registers, lanes, warps});
}

LL tilechain::tensorMmaResultLayout(llvm::ArrayRef<int64_t> shape,
                                    unsigned numWarps) {
  std::optional<TensorMmaTiling> tiling = tensorMmaTiling(shape, numWarps);
  assert(tiling && "no tcgen05 tiling of this shape");
  unsigned rank = shape.size();
  unsigned mDim = rank - 2, nDim = rank - 1;
  LL layout(shape, {});
  LL::Bases registers =
      accumulatorRegisterBases(layout, mDim, nDim, tiling->blockN);
  if (tiling->halvesPerWarp == 2)
    registers.push_back(along(layout, mDim, 16));
  for (int64_t step = kTensorMmaM; step < shape[mDim]; step *= 2)
    registers.push_back(along(layout, mDim, step));
  bool half = tiling->instructionM == kTensorMmaHalfM;
  LL::Bases warps = {along(layout, mDim, half ? 16 : 32),
                     along(layout, mDim, half ? 32 : 64)};
  if (!half && tiling->halvesPerWarp == 1)
    warps.push_back(along(layout, mDim, 16));
  for (int64_t step = tiling->blockN; step < shape[nDim]; step *= 2)
    warps.push_back(along(layout, nDim, step));
  LL::Bases lanes = laneBases(layout, nDim, 2, mDim);
  return LL(shape,
            std::array<LL::Bases, LL::kNumInDims>{registers, lanes, warps});
}
