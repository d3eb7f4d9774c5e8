//===- CommandLine.h - the tileiras command line --------------------------===//
//
// What `tileiras` (NVIDIA's tileiras 13.5 and tilechain's driver alike)
// accepts: every option of NVIDIA's --help, with its defaults and its
// messages for bad values (LLVM cl's wording, which NVIDIA's tool prints),
// plus tilechain's own (--keep-intermediates, --tile-form, --in-process,
// --cache-stats, --cache-clear).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DRIVER_COMMANDLINE_H
#define TILECHAIN_DRIVER_COMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tilechain::driver {

/// The stage tools, in pipeline order.
inline constexpr llvm::StringLiteral kStages[] = {
    "tile-read", "tile-lower", "tile-sched", "tile-llc", "tile-link"};
/// The five stages in one process (docs/pipeline.md, "The in-process mode").
inline constexpr llvm::StringLiteral kInProcessTool = "tile-compile";

/// The bytecode versions tile-read decodes (tileiras --list-versions).
inline constexpr llvm::StringLiteral kBytecodeVersions[] = {
    "13.1", "13.2", "13.3", "13.4", "13.5"};

struct TileirasArgs {
  std::optional<std::string> input;
  std::string outputFile = "elf.o";
  std::string gpuName = "sm_100";
  unsigned optLevel = 3;
  bool lineInfo = false;
  bool deviceDebug = false;
  std::string hostArch = "x86_64";
  std::string hostOS = "linux";
  std::optional<std::string> sanitize;
  std::optional<std::string> applyControls;
  std::vector<std::string> libraries;
  std::vector<std::string> preview;
  bool listVersions = false;
  bool version = false;
  /// --help/--help-hidden (grouped) or --help-list(-hidden) (one sorted
  /// list): the text to print.
  std::optional<std::string> help;
  std::string remarkFormat = "command-line";
  std::string remarks = "none";
  std::string remarksPassed = "none";
  std::string remarksMissed = "none";
  std::string remarksFailed = "none";
  std::string remarksAnalysis = "none";
  std::string remarksOutputFile = "tileir_remarks.yaml";
  std::optional<std::string> keepIntermediates;
  std::string tileForm = "parallel";
  /// Compile in tile-compile's one process rather than ninja over the
  /// stage tools.
  bool inProcess = false;
  bool cacheStats = false;
  bool cacheClear = false;

  /// Any remark category other than `none`.
  bool remarksRequested() const;
};

enum class ParseResult {
  Ok,
  /// A malformed command line: printed as "tileiras: <message>", exit 2.
  UsageError,
  /// An option selecting what tilechain cannot do: printed as is, exit 2.
  MissingFeature,
};

/// Parses the arguments after the program name. On a result other than Ok,
/// `message` says why.
ParseResult parseCommandLine(llvm::ArrayRef<llvm::StringRef> argv,
                             TileirasArgs &args, std::string &message);

} // namespace tilechain::driver

#endif // TILECHAIN_DRIVER_COMMANDLINE_H
