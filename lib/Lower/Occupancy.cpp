//===- Occupancy.cpp - the CTAs per SM a kernel asks for ------------------===//
#include "tilechain/Lower/Occupancy.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

bool tilechain::isValidOccupancy(int64_t occupancy) {
  return ct::OptimizationHintsAttr::isValidIntHint("occupancy", occupancy);
}

OccupancyHint tilechain::occupancyHint(ct::EntryOp entry,
                                       const TargetInfo &target,
                                       int64_t threads) {
  OccupancyHint hint;
  ct::OptimizationHintsAttr hints = entry.getOptimizationHintsAttr();
  std::optional<int64_t> occupancy =
      hints ? hints.getOccupancy("sm_" + std::to_string(target.smVersion))
            : std::nullopt;
  hint.occupancy = occupancy;
  if (!occupancy || !isValidOccupancy(*occupancy))
    return hint;
  hint.registers = kRegistersPerSM / (*occupancy * threads) / 8 * 8;
  hint.followed = hint.registers >= kFewestCappedRegisters;
  return hint;
}

TargetInfo tilechain::kernelTarget(ct::EntryOp entry, const TargetInfo &target,
                                   unsigned numWarps) {
  OccupancyHint hint = occupancyHint(entry, target, int64_t(numWarps) * 32);
  TargetInfo kernel = target;
  if (hint.followed)
    kernel.sharedBytesPerBlock = sharedBytesPerCTA(target, *hint.occupancy);
  return kernel;
}
