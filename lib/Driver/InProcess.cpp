//===- InProcess.cpp - the in-process mode: tile-compile ------------------===//
#include "tilechain/Driver/Driver.h"
#include "tilechain/Driver/Process.h"
#include "tilechain/Tools/ExitCodes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;

int tilechain::driver::compileInProcess(const TileirasArgs &args,
                                        StringRef compiler) {
  SmallString<256> input(*args.input);
  if (!sys::fs::is_regular_file(input) || sys::fs::make_absolute(input)) {
    reportError("cannot open input file '" + *args.input + "'");
    return kExitConfiguration;
  }
  std::optional<unsigned> seconds = stageTimeout();
  if (!seconds)
    return kExitConfiguration;
  // tile-compile writes the cubin itself, whole or not at all.
  std::vector<std::string> command = {
      compiler.str(),
      input.str().str(),
      "-o",
      args.outputFile,
      "--gpu-name=" + args.gpuName,
      "--opt-level=" + std::to_string(args.optLevel),
      "--tile-form=" + args.tileForm,
      kQuietDiagnostics.str()};
  if (args.lineInfo)
    command.push_back("--lineinfo");
  if (args.deviceDebug)
    command.push_back("-g");
  ChildOptions options;
  options.timeoutSeconds = *seconds;
  ChildResult child = runChild(compiler, command, options);
  if (child.notStarted) {
    reportError("cannot run " + compiler + ": " + child.output);
    return kExitConfiguration;
  }
  // Its diagnostics pass through; the driver's own lines follow.
  errs() << child.output;
  if (child.interruptedBy) {
    reportError("interrupted by " + signalName(child.interruptedBy));
    return 128 + child.interruptedBy;
  }
  if (child.timedOut) {
    reportError(kInProcessTool + " did not finish in " + Twine(*seconds) +
                " s and was stopped (TILECHAIN_STAGE_TIMEOUT sets the limit)");
    return kExitCompileFailure;
  }
  if (child.killedBy) {
    reportError(kInProcessTool + " was killed by signal " +
                signalName(child.killedBy));
    return kExitCompileFailure;
  }
  int code = child.exitCode;
  if (code == kExitSuccess)
    return writeRemarks(args) ? kExitSuccess : kExitConfiguration;
  int exitCode = code == kExitAllocation || code == kExitConfiguration ||
                         code == kExitNotTileIR
                     ? code
                     : kExitCompileFailure;
  if (exitCode == kExitCompileFailure &&
      !StringRef(child.output).contains(kReproduceMark))
    reportError(kInProcessTool + " failed; --keep-intermediates DIR keeps the "
                                 "stage outputs");
  if (exitCode == kExitNotTileIR &&
      !StringRef(child.output).contains(kNotTileIR))
    reportError(kNotTileIR);
  return exitCode;
}
