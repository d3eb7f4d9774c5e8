//===- RetargetPTX.h - PTX for a chip LLVM's NVPTX does not know ----------===//
//
// NVIDIA's tileiras 13.5 compiles for sm_107, which LLVM 22's NVPTX back end
// has no target for. sm_107 runs sm_100's instructions (its tcgen05, TMA and
// mbarriers: NVIDIA's sm_107 matmul has UTCHMMA and UTMALDG) and has at
// least sm_100's shared memory (NVIDIA's sm_107 matmul takes 305 KiB), so
// tile-sched lowers such a module for sm_100 and records the chip it is
// for; tile-llc then writes the PTX's `.target` for that chip, at the PTX
// ISA version that has it (docs/pipeline.md, "sm_107").
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_PIPELINE_RETARGETPTX_H
#define TILECHAIN_PIPELINE_RETARGETPTX_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace tilechain {

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

/// `ptx` with its `.target sm_XY[a|f]` written for `chip` (the suffix kept)
/// and its `.version` raised to minPTXVersionOf(chip) where it is lower.
/// Nothing else changes. Fails where the text has no such directives.
llvm::Expected<std::string> retargetPTX(llvm::StringRef ptx,
                                        llvm::StringRef chip);

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_RETARGETPTX_H
