//===- RetargetPTX.cpp - PTX for a chip LLVM's NVPTX does not know --------===//
#include "tilechain/Emit/RetargetPTX.h"
#include "tilechain/Target/Chips.h"
#include "tilechain/Emit/TileKernelPTX.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

Expected<std::string> tilechain::retargetPTX(StringRef ptx, StringRef chip) {
  unsigned minVersion = minPTXVersionOf(chip).value_or(0);
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  std::string result;
  result.reserve(ptx.size() + 8);
  bool sawVersion = false, sawTarget = false;
  for (auto [index, line] : enumerate(lines)) {
    std::string rewritten = line.str();
    if (!sawVersion)
      if (std::optional<unsigned> version = getPTXVersion(line)) {
        sawVersion = true;
        if (*version < minVersion)
          rewritten = ".version " + std::to_string(minVersion / 10) + "." +
                      std::to_string(minVersion % 10);
      }
    StringRef text = line.trim();
    if (!sawTarget && text.consume_front(".target")) {
      // `.target sm_100a` or `.target sm_100a, debug`: the chip, then any
      // further target options, kept.
      auto [target, rest] = text.trim().split(',');
      target = target.trim();
      StringRef suffix = target.substr(target.find_last_of("0123456789") + 1);
      rewritten = (".target " + chip + suffix).str();
      if (!rest.empty())
        rewritten += ("," + rest).str();
      sawTarget = true;
    }
    result += rewritten;
    if (index + 1 != lines.size())
      result += '\n';
  }
  if (!sawVersion)
    return createStringError("the PTX has no .version directive");
  if (!sawTarget)
    return createStringError("the PTX has no .target directive");
  return result;
}
