//===- StageKeys.cpp - what each stage's output is cached under -----------===//
//
// A chain, one link per stage, computed before anything runs: a stage's key
// names its command and the key of its input, never the input's bytes, so
// the driver knows every key up front and a rerun that changes only a late
// stage's options (--lineinfo, -g) finds the early stages' outputs.
// Stages are deterministic, and both modes give the same cubin
// (test/corpus/in-process-corpus.test), so equal keys mean equal bytes.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;
using namespace tilechain::driver;

StageKeys tilechain::driver::stageKeys(const TileirasArgs &args,
                                       StringRef inputDigest,
                                       StringRef toolchain) {
  std::vector<std::vector<std::string>> commands = stageCommands(args, "");
  StageKeys keys;
  std::string previous = ("input " + inputDigest).str();
  for (size_t i = 0; i < keys.size(); ++i) {
    // The tool's path is left out: machines with the same toolchain (its
    // digest) at different places share entries.
    std::string text = ("tilechain stage " + kStages[i] + "\ntoolchain " +
                        toolchain + "\n" + previous + "\n")
                           .str();
    for (const std::string &word : ArrayRef(commands[i]).drop_front())
      text += word + '\0';
    keys[i] = sha256Hex(text);
    previous = "after " + keys[i];
  }
  return keys;
}
