//===- tile-link.cpp - PTX -> cubin through ptxas -------------------------===//
#include "tilechain/Tools/Link.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace cl = llvm::cl;
using namespace tilechain;

static cl::opt<std::string> inputFile(cl::Positional, cl::init("-"),
                                      cl::desc("<input.ptx>"));
static cl::opt<std::string> outputFile("o", cl::init("-"),
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

static cl::opt<bool>
    printPtxas("print-ptxas",
               cl::desc("Print the ptxas this command line would run, and "
                        "exit (scripts/tileiras --version digests it)"));

static std::string defaultPtxas() {
  if (const char *fromEnv = std::getenv("TILECHAIN_PTXAS"))
    return fromEnv;
  return TILECHAIN_PTXAS_DEFAULT;
}

static int fail(const llvm::Twine &message, int code) {
  llvm::errs() << "tile-link: " << message << "\n";
  return code;
}

/// Runs ptxas on the PTX and writes the checked cubin.
static int link() {
  if (optLevel > 3)
    return fail("--opt-level must be 0-3", kExitConfiguration);
  auto input = llvm::MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!input)
    return fail("cannot read '" + inputFile + "': " + input.getError().message(),
                kExitConfiguration);
  bool ptxFromStdin = inputFile == "-";
  if (ptxFromStdin)
    keepStdinForCrashReport((*input)->getBuffer());
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
  PTXSource ptx;
  ptx.text = (*input)->getBuffer();
  if (ptxFromStdin)
    ptx.scratchDescription = "the PTX read from stdin";
  else
    ptx.path = inputFile;
  std::string cubin;
  if (int code = assembleCubin(
          "tile-link", ptx, options,
          outputFile == "-" ? llvm::StringRef("out.cubin") : outputFile, cubin))
    return code;
  if (std::error_code ec = writeOutputFile(outputFile, cubin))
    return fail("cannot write '" + outputFile + "': " + ec.message(),
                kExitConfiguration);
  return kExitSuccess;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "tile-link: PTX -> cubin\n");
  if (printPtxas) {
    llvm::outs() << (ptxas.getNumOccurrences() ? ptxas.getValue()
                                               : defaultPtxas())
                 << "\n";
    return kExitSuccess;
  }
  return runCrashGuarded("tile-link", argc, argv, inputFile, link);
}
