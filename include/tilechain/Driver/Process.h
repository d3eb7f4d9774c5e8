//===- Process.h - the driver's child processes ---------------------------===//
//
// tileiras runs its work in child processes (tile-compile, or ninja and the
// stages) and must never leave one running: a child gets SIGTERM when the
// driver dies however it dies (PR_SET_PDEATHSIG), the driver's SIGINT,
// SIGTERM and SIGHUP are forwarded to it, and a time limit stops it
// (SIGTERM, then SIGKILL 10 s later).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_DRIVER_PROCESS_H
#define TILECHAIN_DRIVER_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tilechain::driver {

struct ChildOptions {
  /// Collect the child's stdout too (otherwise it is the driver's).
  bool captureStdout = false;
  /// Seconds before the child is stopped; 0 means no limit.
  unsigned timeoutSeconds = 0;
};

struct ChildResult {
  /// The child could not be started (`output` says why).
  bool notStarted = false;
  /// The exit status, or -1 when a signal ended the child.
  int exitCode = -1;
  /// The signal that ended the child, or 0.
  int killedBy = 0;
  /// The time limit stopped it.
  bool timedOut = false;
  /// A termination signal the driver received and forwarded, or 0.
  int interruptedBy = 0;
  /// Its stderr (and stdout when captured), in order.
  std::string output;
};

/// Runs `program` with `argv` (argv[0] included), stdin from /dev/null.
ChildResult runChild(llvm::StringRef program,
                     llvm::ArrayRef<std::string> argv,
                     const ChildOptions &options);

/// The stdout of `program argv...` when it exits 0, else "" (stderr and
/// failures are ignored: for queries such as `tile-link --print-ptxas`).
std::string queryOutput(llvm::StringRef program,
                        llvm::ArrayRef<std::string> argv);

/// "SIGTERM" for SIGTERM, "signal 77" for a number without a name.
std::string signalName(int signum);

} // namespace tilechain::driver

#endif // TILECHAIN_DRIVER_PROCESS_H
