//===- Ptxas.h - tile-link's handoff to ptxas -----------------------------===//
#ifndef TILECHAIN_LINK_PTXAS_H
#define TILECHAIN_LINK_PTXAS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace tilechain {

struct LinkOptions {
  std::string ptxasPath;
  /// ptxas --opt-level, 0-3.
  unsigned optLevel = 3;
  /// ptxas -lineinfo.
  bool lineInfo = false;
  /// ptxas -g.
  bool deviceDebug = false;
  /// The `.nv.host` object of the PTX's tile kernels (TileHostObject.h); when
  /// set, ptxas gets `--nv-host=` and `--enable-extended-smem=true`, as from
  /// NVIDIA's tileiras.
  std::string nvHostPath;
  /// Wall-clock limit for ptxas; its whole process group is killed after it.
  unsigned timeoutSeconds = 600;
};

/// The chip of the `.target` directive of `ptx`, e.g. "sm_90a". Fails unless
/// `ptx` starts with tile-llc's marker and has a `.target` directive.
llvm::Expected<std::string> getPTXTarget(llvm::StringRef ptx);

/// The ptxas command line assembling `ptxPath` into `cubinPath`.
std::vector<std::string> buildPtxasCommand(const LinkOptions &options,
                                           llvm::StringRef chip,
                                           llvm::StringRef ptxPath,
                                           llvm::StringRef cubinPath);

/// `argv` as one line a POSIX shell reads back as the same words.
std::string quoteCommandLine(llvm::ArrayRef<std::string> argv);

struct PtxasResult {
  /// ptxas exited with status 0.
  bool succeeded = false;
  /// ptxas's stdout and stderr, interleaved as written.
  std::string output;
  /// Why it failed when the output alone does not say (exit status, signal,
  /// timeout, could not be executed); empty on success.
  std::string failure;
};

/// Runs `argv` in a process group of its own, stdin from /dev/null. On
/// timeout, on its exit, and when this process is interrupted, the whole
/// group is killed, so no ptxas outlives the call.
PtxasResult runPtxas(llvm::ArrayRef<std::string> argv, unsigned timeoutSeconds);

} // namespace tilechain

#endif // TILECHAIN_LINK_PTXAS_H
