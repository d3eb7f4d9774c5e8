//===- Occupancy.h - the CTAs per SM a kernel asks for ----------*- C++ -*-===//
//
// cuTile's `occupancy` hint asks that many CTAs of a kernel to fit an SM.
// Whether tilechain follows it is a function of the tile program (the
// hint, the CTA's warps) and the target: tile-sched plans the pipelines'
// shared memory with a CTA's share of the SM where it does, and the
// materialization asks ptxas for those CTAs (`.minnctapersm`).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LOWER_OCCUPANCY_H
#define TILECHAIN_LOWER_OCCUPANCY_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Target/TargetInfo.h"

#include <optional>

namespace tilechain {

/// An SM's register file, in 32-bit registers, and the most a thread may
/// have, on every target.
inline constexpr int64_t kRegistersPerSM = 64 * 1024;
inline constexpr int64_t kMaxThreadRegisters = 255;
/// The fewest registers a thread is capped at for an occupancy hint, as in
/// NVIDIA's tileiras 13.5: it caps 256-thread kernels at 128 for occupancy
/// 2 and ignores occupancy 4 (64), at which ptxas refuses wgmma (C7602).
inline constexpr int64_t kFewestCappedRegisters = 128;

/// What `entry`'s occupancy hint for the target asks of a kernel of
/// `threads` threads: that many CTAs fit an SM. It is followed where it
/// leaves a thread at least kFewestCappedRegisters registers: the kernel
/// asks ptxas for that many CTAs per SM (`.minnctapersm`, which caps the
/// registers), and tile-sched plans with a CTA's share of the SM's shared
/// memory. On an H100 the sample causal fmha capped so at 128 registers
/// (160 bytes of stack) ran 1.28x faster than uncapped at 182; the GQA
/// fmha's wgmma serialized under the cap and it ran 2.2x slower, which
/// tile-link undoes (docs/pipeline.md).
struct OccupancyHint {
  std::optional<int64_t> occupancy; // as written
  int64_t registers = 0;            // a thread's share of the register file
  bool followed = false;
};

/// tilechain compiles a kernel whose occupancy hint is outside its range
/// (OptimizationHintsAttr::kMaxOccupancy) as if it had none, with a remark;
/// NVIDIA's tileiras 13.5 does the same for 0 and -1, and caps a thread at
/// 64 registers for 99 (docs/hint-values.tsv), a cap tilechain would not
/// follow anyway (kFewestCappedRegisters).
bool isValidOccupancy(int64_t occupancy);

/// `entry`'s occupancy hint on `target` for a CTA of `threads` threads.
OccupancyHint occupancyHint(mlir::cuda_tile::EntryOp entry,
                            const TargetInfo &target, int64_t threads);

/// `target` as `entry`'s CTA of `numWarps` warps sees it: its shared
/// memory a CTA's share of the SM's where the occupancy hint is followed.
TargetInfo kernelTarget(mlir::cuda_tile::EntryOp entry,
                        const TargetInfo &target, unsigned numWarps);

} // namespace tilechain

#endif // TILECHAIN_LOWER_OCCUPANCY_H
