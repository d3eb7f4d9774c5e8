//===- Link.h - PTX -> cubin through ptxas, as tile-link does it ----------===//
//
// tile-link and the in-process compiler (tile-compile) hand their PTX to
// ptxas the same way: the tile kernels' .nv.host object built first, ptxas
// run in its own process group with a time limit (Ptxas.h), its cubin checked
// before anyone sees it, and on failure ptxas's output, the reason and a
// command that reproduces the failure, with the scratch inputs it names kept.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_LINK_H
#define TILECHAIN_TOOLS_LINK_H

#include "tilechain/Link/Ptxas.h"

#include "llvm/ADT/StringRef.h"
#include <string>

namespace tilechain {

/// Where the PTX handed to ptxas comes from.
struct PTXSource {
  /// The PTX text (tile-llc's output: marker line and `.target`).
  llvm::StringRef text;
  /// A file holding `text`, handed to ptxas as it is; when empty, `text` is
  /// written to a scratch file, removed on success and kept on failure.
  llvm::StringRef path;
  /// How a kept scratch file is announced: "<tool>: <description> is kept
  /// in <file>" (e.g. "the PTX read from stdin").
  llvm::StringRef scratchDescription = "the PTX";
};

/// Assembles `ptx` into a cubin in `cubin`; `options.ptxasPath` must be set.
/// Messages go to llvm::errs() prefixed by `toolName`; ptxas's own output is
/// forwarded verbatim. The reproduce command of a failure names
/// `reproOutput` as ptxas's output. Returns kExitSuccess, kExitConfiguration
/// (PTX not from tile-llc, scratch files that cannot be written) or
/// kExitCompileFailure (ptxas failed, timed out or wrote no ELF).
int assembleCubin(llvm::StringRef toolName, const PTXSource &ptx,
                  LinkOptions options, llvm::StringRef reproOutput,
                  std::string &cubin);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_LINK_H
