//===- Chips.h - the chips tilechain compiles for -------------------------===//
//
// Facts about the --gpu-name values that every stage reads: which are
// accepted, and which chip a module is lowered as where LLVM 22's NVPTX does
// not know it (RetargetPTX.h: NVIDIA's tileiras 13.5 compiles for sm_107,
// which runs sm_100's instructions, so tile-lower and tile-sched shape its
// module for sm_100 and tile-llc writes its PTX for sm_107).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TARGET_CHIPS_H
#define TILECHAIN_TARGET_CHIPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace tilechain {

/// The --gpu-name values tilechain compiles for.
llvm::ArrayRef<llvm::StringLiteral> getSupportedGPUNames();
bool isSupportedGPUName(llvm::StringRef gpuName);

/// The gpu.module attribute (a string, e.g. "sm_107") naming the chip whose
/// PTX tile-llc writes, where tile-sched lowered for another
/// (loweringChip).
constexpr llvm::StringLiteral kPTXChipAttrName = "tilechain.ptx_chip";

/// The chip whose code a module for `gpuName` is lowered as: sm_100 for
/// sm_107, else `gpuName` itself.
llvm::StringRef loweringChip(llvm::StringRef gpuName);

/// The lowest PTX ISA version (major * 10 + minor) with `.target` `chip`,
/// where it is newer than LLVM knows: 9.4 for sm_107.
std::optional<unsigned> minPTXVersionOf(llvm::StringRef chip);

/// The first target with TMA: tensor maps and cp.async.bulk.tensor.
inline constexpr unsigned kTensorMapMinSM = 90;

} // namespace tilechain

#endif // TILECHAIN_TARGET_CHIPS_H
