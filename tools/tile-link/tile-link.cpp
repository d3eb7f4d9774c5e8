//===- tile-link.cpp - PTX -> cubin through ptxas -------------------------===//
#include "tilechain/Pipeline/Ptxas.h"
#include "tilechain/Tools/ExitCodes.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace cl = llvm::cl;
using namespace tilechain;

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<input.ptx>"));
static cl::opt<std::string> outputFile("o", cl::Required,
                                       cl::desc("Output cubin"),
                                       cl::value_desc("file"));
static cl::opt<std::string>
    ptxas("ptxas",
          cl::desc("ptxas to run (default: $TILECHAIN_PTXAS, else the "
                   "configured one)"),
          cl::value_desc("file"));
static cl::opt<unsigned> optLevel("opt-level", cl::desc("ptxas --opt-level"),
                                  cl::init(3));
static cl::opt<bool> lineInfo("lineinfo", cl::desc("ptxas -lineinfo"));
static cl::opt<bool> deviceDebug("g", cl::desc("ptxas -g"));
static cl::alias deviceDebugLong("device-debug", cl::aliasopt(deviceDebug),
                                 cl::desc("Alias for -g"));
static cl::opt<unsigned>
    timeout("timeout", cl::desc("Seconds ptxas may run"), cl::init(600));

static std::string defaultPtxas() {
  if (const char *fromEnv = std::getenv("TILECHAIN_PTXAS"))
    return fromEnv;
  return TILECHAIN_PTXAS_DEFAULT;
}

static int fail(const llvm::Twine &message, int code) {
  llvm::errs() << "tile-link: " << message << "\n";
  return code;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "tile-link: PTX -> cubin\n");

  if (optLevel > 3)
    return fail("--opt-level must be 0-3", kExitConfiguration);
  auto input = llvm::MemoryBuffer::getFile(inputFile);
  if (!input)
    return fail("cannot read '" + inputFile + "': " + input.getError().message(),
                kExitConfiguration);
  llvm::Expected<std::string> chip = getPTXTarget((*input)->getBuffer());
  if (!chip)
    return fail(inputFile + ": " + llvm::toString(chip.takeError()),
                kExitConfiguration);

  LinkOptions options;
  options.ptxasPath =
      ptxas.getNumOccurrences() ? ptxas.getValue() : defaultPtxas();
  options.optLevel = optLevel;
  options.lineInfo = lineInfo;
  options.deviceDebug = deviceDebug;
  options.timeoutSeconds = timeout;
  if (options.ptxasPath.empty())
    return fail("no ptxas configured (set TILECHAIN_PTXAS or --ptxas)",
                kExitConfiguration);

  // ptxas writes beside the output and the result is renamed into place, so
  // the output is either the whole cubin or absent.
  llvm::SmallString<256> partial;
  int partialFD;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          outputFile + ".partial-%%%%%%", partialFD, partial))
    return fail("cannot create a file beside '" + outputFile +
                    "': " + ec.message(),
                kExitConfiguration);
  llvm::sys::Process::SafelyCloseFileDescriptor(partialFD);
  llvm::sys::RemoveFileOnSignal(partial);

  PtxasResult result =
      runPtxas(buildPtxasCommand(options, *chip, inputFile, partial),
               options.timeoutSeconds);
  llvm::errs() << result.output;
  bool isCubin = false;
  if (result.succeeded) {
    auto cubin = llvm::MemoryBuffer::getFile(partial);
    isCubin = cubin && (*cubin)->getBuffer().starts_with("\x7f"
                                                         "ELF");
    if (!isCubin)
      result.failure = "ptxas succeeded but wrote no ELF cubin";
  }
  if (!isCubin) {
    llvm::sys::fs::remove(partial);
    llvm::errs() << "tile-link: " << result.failure << "\n"
                 << "tile-link: to reproduce: "
                 << quoteCommandLine(buildPtxasCommand(options, *chip,
                                                       inputFile, outputFile))
                 << "\n";
    return kExitCompileFailure;
  }
  if (std::error_code ec = llvm::sys::fs::rename(partial, outputFile)) {
    llvm::sys::fs::remove(partial);
    return fail("cannot write '" + outputFile + "': " + ec.message(),
                kExitConfiguration);
  }
  llvm::sys::DontRemoveFileOnSignal(partial);
  return kExitSuccess;
}
