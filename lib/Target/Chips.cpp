//===- Chips.cpp - the chips tilechain compiles for -----------------------===//
#include "tilechain/Target/Chips.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

static const StringLiteral kSupportedGPUNames[] = {
    "sm_80",   "sm_86",   "sm_87",   "sm_88",   "sm_89",   "sm_90",
    "sm_90a",  "sm_100",  "sm_100a", "sm_100f", "sm_103",  "sm_103a",
    "sm_103f", "sm_107",  "sm_110",  "sm_110a", "sm_110f", "sm_120",
    "sm_120a", "sm_120f", "sm_121",  "sm_121a", "sm_121f"};

ArrayRef<StringLiteral> tilechain::getSupportedGPUNames() {
  return kSupportedGPUNames;
}

bool tilechain::isSupportedGPUName(StringRef gpuName) {
  return is_contained(kSupportedGPUNames, gpuName);
}

namespace {
/// A chip lowered as another, and the PTX ISA that has it.
struct AliasedChip {
  StringLiteral chip, loweredAs;
  unsigned minPTXVersion;
};
constexpr AliasedChip kAliasedChips[] = {{"sm_107", "sm_100", 94}};

const AliasedChip *findAlias(StringRef chip) {
  for (const AliasedChip &alias : kAliasedChips)
    if (alias.chip == chip)
      return &alias;
  return nullptr;
}
} // namespace

StringRef tilechain::loweringChip(StringRef gpuName) {
  const AliasedChip *alias = findAlias(gpuName);
  return alias ? StringRef(alias->loweredAs) : gpuName;
}

std::optional<unsigned> tilechain::minPTXVersionOf(StringRef chip) {
  if (const AliasedChip *alias = findAlias(chip))
    return alias->minPTXVersion;
  return std::nullopt;
}

