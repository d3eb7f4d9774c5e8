//===- TargetInfo.h - what the stages know of a target chip ---------------===//
#ifndef TILECHAIN_TARGET_TARGETINFO_H
#define TILECHAIN_TARGET_TARGETINFO_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace tilechain {

/// What the stages know about the target chip.
struct TargetInfo {
  std::string gpuName; // as given to --gpu-name, e.g. "sm_90a"
  unsigned smVersion;  // 80, 86, 89, 90, 100, 120, ...
  /// The shared memory one CTA may have: the SM's opt-in maximum, which a
  /// tile kernel's static array may use whole (tile-link passes ptxas
  /// --enable-extended-smem=true, as NVIDIA's tileiras does).
  int64_t sharedBytesPerBlock;
};

/// Parses "sm_90a" etc. into TargetInfo; returns nullopt when not an sm_ name.
std::optional<TargetInfo> parseTarget(llvm::StringRef gpuName);

/// The shared memory the system reserves per CTA, from sm_80 on: an SM has
/// a CTA's opt-in maximum plus one reservation.
constexpr int64_t kReservedSharedPerCTA = 1024;
/// A CTA's share of the SM's shared memory when `ctas` CTAs are resident.
int64_t sharedBytesPerCTA(const TargetInfo &target, int64_t ctas);
/// How many CTAs of `bytes` of shared memory each an SM holds.
int64_t ctasBySharedMemory(const TargetInfo &target, int64_t bytes);

} // namespace tilechain

#endif // TILECHAIN_TARGET_TARGETINFO_H
