//===- InProcess.cpp - the in-process mode: tile-compile ------------------===//
#include "tilechain/Driver/CompileCache.h"
#include "tilechain/Driver/Driver.h"
#include "tilechain/Driver/Process.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;

int tilechain::driver::compileInProcess(const TileirasArgs &args,
                                        const CompileJob &job,
                                        StringRef compiler) {
  // tile-compile writes the cubin itself, whole or not at all; with the
  // cache on, to a file of the driver's, from which it is stored and copied.
  SmallString<128> cubin;
  if (job.cache) {
    if (std::error_code ec =
            sys::fs::createTemporaryFile("tileiras", "cubin", cubin)) {
      reportError("cannot create a file for the cubin: " + ec.message());
      return kExitConfiguration;
    }
  }
  llvm::FileRemover removeCubin(cubin);
  std::vector<std::string> command = {
      compiler.str(),
      job.input,
      "-o",
      job.cache ? cubin.str().str() : args.outputFile,
      "--gpu-name=" + args.gpuName,
      "--opt-level=" + std::to_string(args.optLevel),
      "--tile-form=" + args.tileForm,
      kQuietDiagnostics.str()};
  if (args.lineInfo)
    command.push_back("--lineinfo");
  if (args.deviceDebug)
    command.push_back("-g");
  // The remarks asked for go through a file of the driver's own.
  SmallString<128> remarks;
  if (args.remarksRequested()) {
    if (std::error_code ec =
            sys::fs::createTemporaryFile("tileiras-remarks", "yaml", remarks)) {
      reportError("cannot create a file for the remarks: " + ec.message());
      return kExitConfiguration;
    }
    llvm::append_range(command, remarkStageOptions(args, remarks));
  }
  llvm::FileRemover removeRemarks(remarks);
  ChildOptions options;
  options.timeoutSeconds = job.timeoutSeconds;
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
    reportError(kInProcessTool + " did not finish in " +
                Twine(job.timeoutSeconds) +
                " s and was stopped (TILECHAIN_STAGE_TIMEOUT sets the limit)");
    return kExitCompileFailure;
  }
  if (child.killedBy) {
    reportError(kInProcessTool + " was killed by signal " +
                signalName(child.killedBy));
    return kExitCompileFailure;
  }
  int code = child.exitCode;
  if (code == kExitSuccess && job.cache) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> bytes = MemoryBuffer::getFile(
        cubin, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!bytes) {
      reportError("cannot read '" + cubin + "': " + bytes.getError().message());
      return kExitCompileFailure;
    }
    job.cache->count(CacheCounter::Miss);
    job.cache->store(job.keys.back(), (*bytes)->getBuffer(), /*remote=*/true);
    if (std::error_code ec =
            writeOutputFile(args.outputFile, (*bytes)->getBuffer())) {
      reportError("cannot write '" + args.outputFile + "': " + ec.message());
      return kExitConfiguration;
    }
  }
  if (code == kExitSuccess)
    return deliverRemarks(args, {remarks.str().str()}) ? kExitSuccess
                                                       : kExitConfiguration;
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
