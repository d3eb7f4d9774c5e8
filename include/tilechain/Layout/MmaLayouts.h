//===- MmaLayouts.h - mma.sync fragment layouts ---------------*- C++ -*-===//
//
// The register fragments of PTX's warp-wide mma.sync.m16n8kK (PTX ISA,
// "Matrix Fragments for mma.m16n8k8/k16/k32") as LinearLayouts. Lane l is
// in group g = l / 4 at position t = l % 4 of it; a 32-bit fragment
// register packs e = 32 / (element bits) consecutive values of k, and the
// instruction's k is 8e (k8 for tf32, k16 for f16/bf16, k32 for 8-bit):
//   A (16 x 8e, row-major): rows g and g + 8; lane t holds k in
//     [t e, t e + e) and that plus 4e; registers a0..a3 walk (m + 8, k + 4e).
//   B (8e x 8, "col"): column g; lane t holds k in [t e, t e + e) and that
//     plus 4e, in registers b0, b1.
//   C/D (16 x 8, 32-bit): rows g and g + 8, columns 2t and 2t + 1;
//     registers c0..c3 walk (n + 1, m + 8).
// The operand layouts count elements, not 32-bit registers: their first
// log2(e) register bits select the element within a register.
//
// sm_90's wgmma.mma_async.m64nNkK is a warpgroup's (four consecutive warps)
// product of a 64 x N block: warp w holds rows 16 w + g and 16 w + g + 8,
// and its registers d0..d(N/2 - 1) walk (n + 1, m + 8, then n + 8 per
// four), the mma.sync C/D fragment repeated along n.
//
// sm_100's tcgen05.mma.cta_group::1 with M = 128 leaves row i of its
// result in lane i of the CTA's tensor memory, of which a warp w reaches
// lanes 32 (w % 4) .. 32 (w % 4) + 31 only. tcgen05.ld.16x256b reads 16 of
// them into the mma.sync C/D fragment: lane l gets rows g and g + 8 of the
// 16 (g = l / 4), columns 2 (l % 4) and that plus 1, repeated every 8
// columns.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LAYOUT_MMALAYOUTS_H
#define TILECHAIN_LAYOUT_MMALAYOUTS_H

#include "tilechain/Layout/LinearLayout.h"

namespace tilechain {

/// The 16 x 8 result every mma.sync variant computes per warp.
constexpr int64_t kMmaSyncM = 16;
constexpr int64_t kMmaSyncN = 8;

/// The k of mma.sync.m16n8kK for inputs of `elementBits` (8, 16 or 32).
int64_t mmaSyncK(unsigned elementBits);

/// One warp's A fragment: a 16 x K tile over the 32 lanes.
LinearLayout mmaSyncALayout(unsigned elementBits);
/// One warp's B fragment: a K x 8 tile over the 32 lanes.
LinearLayout mmaSyncBLayout(unsigned elementBits);
/// One warp's C/D fragment: a 16 x 8 tile of 32-bit values over the lanes.
LinearLayout mmaSyncCLayout();

/// The layout of an mma result of `shape` ([batch,] m, n; m a multiple of
/// 16, n of 8) computed with mma.sync by `numWarps` warps: the warps tile
/// (m, n) into blocks, each as square as the tile allows (the larger of
/// the block's extents is split first; a warp bit the tile cannot use
/// walks the batch, then replicates); inside a warp's block, register bits
/// 0-1 are the C/D fragment's, then further register bits walk the block's
/// 16 x 8 tiles along n, then along m, then the batch. So the four
/// registers 4i..4i+3 are the fragment of one instruction.
LinearLayout mmaSyncResultLayout(llvm::ArrayRef<int64_t> shape,
                                 unsigned numWarps);

/// The m of every wgmma, and the most n one instruction takes.
constexpr int64_t kWgmmaM = 64;
constexpr int64_t kWgmmaMaxN = 256;

/// How the warpgroups of `numWarps` warps (a multiple of 4) share an mma
/// result of `shape` ([1,] m, n) on wgmma: each takes a block of `blockM` x
/// `blockN`, splitting m while a block holds several 64-row instruction
/// blocks, then n; one instruction computes 64 x `instructionN`.
struct WgmmaTiling {
  int64_t blockM, blockN, instructionN;
};
/// The tiling, or nullopt where the shape does not split so: m not a
/// multiple of 64, a batch, or a block of fewer than 8 columns.
std::optional<WgmmaTiling> wgmmaTiling(llvm::ArrayRef<int64_t> shape,
                                       unsigned numWarps);

/// The layout of an mma result of `shape` computed with wgmma (wgmmaTiling
/// has a tiling): warp bits 0-1 walk m by 16 and 32 and the warpgroup bits
/// its blocks; lane bits as in the C/D fragment; register bits 0-1 are
/// (n + 1, m + 8), then they walk n by 8 up to the instruction's n, then
/// the block's instructions along n, then along m. So registers
/// [i N/2, (i + 1) N/2) are the accumulator of the block's instruction i.
LinearLayout wgmmaResultLayout(llvm::ArrayRef<int64_t> shape,
                               unsigned numWarps);

/// The m of tcgen05.mma (cta_group::1) tile-sched issues for results of
/// 128-row blocks (row i of a block in lane i of tensor memory) and for
/// 64-row results (rows 16 q .. 16 q + 15 in lanes 32 q .. 32 q + 15: the
/// lower half of each warp's quarter), and the most n one instruction takes.
constexpr int64_t kTensorMmaM = 128;
constexpr int64_t kTensorMmaHalfM = 64;
constexpr int64_t kTensorMmaMaxN = 256;

/// How the warps of `numWarps` (a multiple of 4) read an mma result of
/// `shape` ([1,] m, n) from tensor memory, one instruction m = `instructionM`
/// tall:
/// - m a multiple of 128: its `rowBlocks` blocks of 128 rows lie side by
///   side in the columns (block b in columns b n .. (b + 1) n - 1); of each,
///   warp w reads 16-row halves of its quarter of the lanes (both with 4
///   warps, half (w / 4) % 2 with more) in `blockN` columns (all of them,
///   or block w / 8 of them with 16 warps or more);
/// - m = 64: warp w reads the 16 rows of its quarter in column block w / 4.
struct TensorMmaTiling {
  int64_t instructionM, rowBlocks, blockN, instructionN, halvesPerWarp;

  /// The warps that read one column block's rows.
  int64_t warpsPerColumnBlock() const {
    return instructionM == kTensorMmaM ? 8 : 4;
  }
};
/// The tiling, or nullopt where the shape does not split so: m neither 64
/// nor a multiple of 128, n not a multiple of 16 (of 8 where m = 64), a
/// batch, or fewer than 8 columns a warp.
std::optional<TensorMmaTiling> tensorMmaTiling(llvm::ArrayRef<int64_t> shape,
                                               unsigned numWarps);

/// The layout of an mma result of `shape` read from tensor memory
/// (tensorMmaTiling has a tiling): lane bits as in the mma.sync C/D
/// fragment, warp bits 0-1 walk m by 32 and 64 (the warp's quarter of the
/// lanes; by 16 and 32 where m = 64), then m by 16 (the half, where m is
/// 128-row blocks) and n by blockN; register bits are (n + 1, m + 8), then
/// n by 8 up to blockN, then m by 16 where a warp reads both halves, then m
/// by 128. So each blockN / 2 registers from a multiple of that are one
/// tcgen05.ld.16x256b.
LinearLayout tensorMmaResultLayout(llvm::ArrayRef<int64_t> shape,
                                   unsigned numWarps);

/// The layout in which every warp holds a whole block-scale tile of
/// `shape` (x, the rows of the lhs or columns of the rhs, along `xDim`,
/// blocks of k along `kDim`; powers of two, x at least 32), lane t the x
/// that are t mod 32, its registers in the order of tcgen05's scale words:
/// 4 blocks of k (the bytes of a word), then x by 32 (the columns), then k
/// by 4 blocks (the groups). Warp bits repeat it.
LinearLayout blockScaleLayout(llvm::ArrayRef<int64_t> shape, unsigned xDim,
                              unsigned kDim, unsigned numWarps);

} // namespace tilechain

#endif // TILECHAIN_LAYOUT_MMALAYOUTS_H
