//===- Driver.h - tileiras, tilechain's tileiras-compatible driver --------===//
//
// `tileiras in.tileirbc -o out.cubin --gpu-name sm_XY -O3` as front ends run
// it. The compile itself happens in child processes: tile-compile, the five
// stages in one process (the in-process mode, for a front end waiting on one
// kernel, --in-process), or ninja over a build.ninja whose edges are the five
// stage tools (the staged mode, the default: in a temporary work directory,
// or in --keep-intermediates DIR). Both give the same cubin, and both take it
// from the compile cache (CompileCache.h) when it is there. The driver
// itself loads neither LLVM nor MLIR, so that its start costs about a
// millisecond.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DRIVER_DRIVER_H
#define TILECHAIN_DRIVER_DRIVER_H

#include "tilechain/Driver/CommandLine.h"

#include <array>
#include <optional>
#include <string>

namespace tilechain::driver {

/// What tileiras says of an input that is not Tile IR bytecode (exit 3).
inline constexpr llvm::StringLiteral kNotTileIR =
    "input does not correspond to Tile IR bytecode";
/// A stage that crashed internally prints a command that reproduces it from
/// its input (CrashGuard.h); the driver then keeps that input.
inline constexpr llvm::StringLiteral kReproduceMark = ": to reproduce: ";
/// Diagnostics name the op and its source location; the IR dump MLIR adds by
/// default is for compiler developers running a stage by hand.
inline constexpr llvm::StringLiteral kQuietDiagnostics =
    "--mlir-print-op-on-diagnostic=false";

/// Runs tileiras with `argv` (program name first); returns the exit code.
int runTileiras(int argc, char **argv);

class CompileCache;

/// What the cache holds each stage's output under: stage i's key is a digest
/// of its command (without the tool's path), the toolchain digest and stage
/// i-1's key; the first stage's covers the input's digest. The last is the
/// cubin's, the same in both modes.
using StageKeys = std::array<std::string, 5>;

/// What both modes compile, checked once.
struct CompileJob {
  /// The input file, by absolute path.
  std::string input;
  /// Seconds the compile may run ($TILECHAIN_STAGE_TIMEOUT, default 600);
  /// 0 for no limit.
  unsigned timeoutSeconds;
  /// Its SHA-256 (hex), read once for the staged build's stamp and the
  /// cache's keys; empty when neither runs.
  std::string inputDigest;
  /// Where outputs are looked up and stored; null when the cache is off.
  CompileCache *cache = nullptr;
  StageKeys keys;
};

/// Each stage's command, its tool (in `tools`) first, `$in` and `$out` for
/// its files.
std::vector<std::vector<std::string>> stageCommands(const TileirasArgs &args,
                                                    llvm::StringRef tools);

StageKeys stageKeys(const TileirasArgs &args, llvm::StringRef inputDigest,
                    llvm::StringRef toolchain);

/// A digest of everything a compile runs (Version.cpp); 64 hex digits.
std::string toolchainDigest(llvm::StringRef tools);

/// Compiles through ninja in `work`; returns the exit code. `keepWork` is
/// set when `work` holds the input of a crashed stage, to be kept.
int compileStaged(const TileirasArgs &args, const CompileJob &job,
                  llvm::StringRef tools, llvm::StringRef work, bool &keepWork);

/// Compiles with `compiler` (tile-compile); returns the exit code.
int compileInProcess(const TileirasArgs &args, const CompileJob &job,
                     llvm::StringRef compiler);

/// Prints --version: what this is and a digest of the build that front
/// ends key their caches on.
void printVersion(std::optional<std::string> tools);

/// The options of tile-lower, tile-sched and tile-compile that write the
/// remarks the --remarks options select to `file`, in YAML (Remarks.cpp);
/// none where no remarks are asked for.
std::vector<std::string> remarkStageOptions(const TileirasArgs &args,
                                            llvm::StringRef file);
/// After a compile: the remarks in `files` (remarkStageOptions; one per
/// stage that writes them, in pipeline order) copied together to
/// --remarks-output-file (--remark-format=yaml) or printed in tileiras's
/// command-line layout; false, reported, when they cannot be.
bool deliverRemarks(const TileirasArgs &args,
                    llvm::ArrayRef<std::string> files);

/// A line on stderr prefixed with "tileiras: ".
void reportError(const llvm::Twine &message);

} // namespace tilechain::driver

#endif // TILECHAIN_DRIVER_DRIVER_H
