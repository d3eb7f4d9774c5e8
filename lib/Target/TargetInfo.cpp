//===- TargetInfo.cpp - what the stages know of a target chip -------------===//
#include "tilechain/Target/TargetInfo.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace tilechain;

/// The opt-in shared memory limit per CTA (CUDA programming guide, compute
/// capabilities table; ptxas --enable-extended-smem=true accepts exactly
/// these): 227 KiB on the data-center SMs from sm_90 on, 163 KiB on sm_80
/// and sm_87, 99 KiB on the others.
static int64_t sharedBytesPerBlock(unsigned smVersion) {
  if (smVersion >= 90 && smVersion < 120)
    return 227 * 1024;
  if (smVersion == 80 || smVersion == 87)
    return 163 * 1024;
  return 99 * 1024;
}

std::optional<TargetInfo> tilechain::parseTarget(StringRef gpuName) {
  StringRef digits = gpuName;
  if (!digits.consume_front("sm_"))
    return std::nullopt;
  digits = digits.take_while(llvm::isDigit);
  unsigned version;
  if (digits.getAsInteger(10, version))
    return std::nullopt;
  return TargetInfo{gpuName.str(), version, sharedBytesPerBlock(version)};
}

int64_t tilechain::sharedBytesPerCTA(const TargetInfo &target, int64_t ctas) {
  return (target.sharedBytesPerBlock + kReservedSharedPerCTA) / ctas -
         kReservedSharedPerCTA;
}

int64_t tilechain::ctasBySharedMemory(const TargetInfo &target,
                                      int64_t bytes) {
  return (target.sharedBytesPerBlock + kReservedSharedPerCTA) /
         (bytes + kReservedSharedPerCTA);
}
