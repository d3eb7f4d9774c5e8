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
#ifndef TILECHAIN_EMIT_RETARGETPTX_H
#define TILECHAIN_EMIT_RETARGETPTX_H

#include "tilechain/Target/Chips.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace tilechain {

/// `ptx` with its `.target sm_XY[a|f]` written for `chip` (the suffix kept)
/// and its `.version` raised to minPTXVersionOf(chip) where it is lower.
/// Nothing else changes. Fails where the text has no such directives.
llvm::Expected<std::string> retargetPTX(llvm::StringRef ptx,
                                        llvm::StringRef chip);

} // namespace tilechain

#endif // TILECHAIN_EMIT_RETARGETPTX_H
