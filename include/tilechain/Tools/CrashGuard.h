//===- CrashGuard.h - internal errors of a stage become a diagnostic ------===//
//
// A stage must never abort with an LLVM banner and a stack dump. Every stage
// tool runs its work under runCrashGuarded, which turns
//   - report_fatal_error (NVPTX's "Cannot select", "Symbol name with
//     unsupported characters", ...),
//   - an assertion or anything else that aborts, and a crash signal (SIGSEGV,
//     SIGBUS, SIGFPE, SIGILL),
// into one diagnostic naming the stage, the kernel (and its source location)
// where known and what the stage was doing, followed by a one-line command
// that reproduces the crash: the stage's own command line with its input as
// an absolute path (input read from stdin is kept in a temporary file). The
// stage then exits with kExitCompileFailure and leaves no output file. An
// allocation failure exits with kExitAllocation instead.
//
// Crash recovery is per thread, so guarded stages run MLIR single-threaded.
//
// Testing: TILECHAIN_CRASH_TEST=<tool>:<fatal|abort|segv|oom|stack> makes
// <tool> call report_fatal_error, abort(), raise SIGSEGV,
// report_bad_alloc_error or recurse until its stack overflows when its first
// phase (first pass, for the MLIR stages) begins.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_CRASHGUARD_H
#define TILECHAIN_TOOLS_CRASHGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Operation;
class PassManager;
} // namespace mlir

namespace tilechain {

/// Runs `body`, the work of stage tool `toolName` invoked as `argv` on
/// `inputPath` (`-` for stdin), and returns its exit code. On a fatal error
/// or crash inside `body` it reports and exits; it does not return.
int runCrashGuarded(llvm::StringRef toolName, int argc, char **argv,
                    llvm::StringRef inputPath, llvm::function_ref<int()> body);

/// Gives the guard a copy of the input read from stdin, which a crash
/// report saves to a file for the reproduce command.
void keepStdinForCrashReport(llvm::StringRef bytes);

/// Records the kernels of `top` (cuda_tile.entry, gpu and nvvm kernels) with
/// their source locations; a crash report names the kernel being compiled.
void noteCrashKernels(mlir::Operation *top);

/// Makes every pass of `pm` a phase of the crash report, with the kernels
/// of the root op noted before the first pass runs.
void addCrashReportInstrumentation(mlir::PassManager &pm);

/// What the stage is doing (e.g. "generating PTX"), named in a crash report
/// while the object lives.
class CrashPhase {
public:
  explicit CrashPhase(llvm::StringRef what);
  ~CrashPhase();
  CrashPhase(const CrashPhase &) = delete;
  CrashPhase &operator=(const CrashPhase &) = delete;
};

} // namespace tilechain

#endif // TILECHAIN_TOOLS_CRASHGUARD_H
