//===- tile-link.cpp - PTX -> cubin through ptxas -------------------------===//
#include "tilechain/Pipeline/Ptxas.h"
#include "tilechain/Pipeline/TileHostObject.h"
#include "tilechain/Pipeline/TileKernelPTX.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"

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

/// ptxas reads and writes files: PTX from stdin, the .nv.host object and
/// every cubin pass through temporary files.
static std::error_code createScratch(llvm::StringRef suffix,
                                     llvm::SmallVectorImpl<char> &path) {
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tile-link", suffix, fd, path))
    return ec;
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  llvm::sys::RemoveFileOnSignal(llvm::StringRef(path.data(), path.size()));
  return {};
}

/// Runs ptxas on the PTX and writes the checked cubin.
static int link() {
  if (optLevel > 3)
    return fail("--opt-level must be 0-3", kExitConfiguration);
  auto input = llvm::MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!input)
    return fail("cannot read '" + inputFile + "': " + input.getError().message(),
                kExitConfiguration);
  if (inputFile == "-")
    keepStdinForCrashReport((*input)->getBuffer());
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

  llvm::SmallString<256> ptxPath(inputFile);
  bool ptxFromStdin = inputFile == "-";
  if (ptxFromStdin) {
    if (std::error_code ec = createScratch("ptx", ptxPath))
      return fail("cannot create a temporary file: " + ec.message(),
                  kExitConfiguration);
    std::error_code ec;
    llvm::raw_fd_ostream ptxFile(ptxPath, ec);
    if (!ec)
      ptxFile << (*input)->getBuffer();
    if (ec || ptxFile.has_error())
      return fail("cannot write '" + ptxPath + "'", kExitConfiguration);
  }

  // Tile kernels (`.language 7`) carry the .nv.host callbacks the driver
  // runs when it loads them.
  std::vector<std::string> tileKernels = getTileKernels((*input)->getBuffer());
  llvm::SmallString<256> nvHostPath;
  if (!tileKernels.empty()) {
    llvm::Expected<std::string> nvHost = buildTileHostObject(tileKernels);
    if (!nvHost)
      return fail("cannot build the .nv.host object: " +
                      llvm::toString(nvHost.takeError()),
                  kExitCompileFailure);
    if (std::error_code ec = createScratch("nv-host.o", nvHostPath))
      return fail("cannot create a temporary file: " + ec.message(),
                  kExitConfiguration);
    std::error_code ec;
    llvm::raw_fd_ostream nvHostFile(nvHostPath, ec);
    if (!ec)
      nvHostFile << *nvHost;
    nvHostFile.close();
    if (ec || nvHostFile.has_error())
      return fail("cannot write '" + nvHostPath + "'", kExitConfiguration);
    options.nvHostPath = nvHostPath.str().str();
  }

  // ptxas writes a scratch file; the cubin is checked, then written whole
  // to the output (or not at all).
  llvm::SmallString<256> partial;
  if (std::error_code ec = createScratch("cubin", partial))
    return fail("cannot create a file for the cubin: " + ec.message(),
                kExitConfiguration);

  CrashPhase phase("running ptxas");
  PtxasResult result =
      runPtxas(buildPtxasCommand(options, *chip, ptxPath, partial),
               options.timeoutSeconds);
  llvm::errs() << result.output;
  std::unique_ptr<llvm::MemoryBuffer> cubin;
  if (result.succeeded) {
    auto written = llvm::MemoryBuffer::getFile(partial);
    if (written && (*written)->getBuffer().starts_with("\x7f"
                                                       "ELF"))
      cubin = std::move(*written);
    else
      result.failure = "ptxas succeeded but wrote no ELF cubin";
  }
  if (!cubin) {
    llvm::sys::fs::remove(partial);
    if (ptxFromStdin) {
      // Kept, so that the command below reproduces the failure.
      llvm::sys::DontRemoveFileOnSignal(ptxPath);
      llvm::errs() << "tile-link: the PTX read from stdin is kept in "
                   << ptxPath << "\n";
    }
    if (!nvHostPath.empty()) {
      llvm::sys::DontRemoveFileOnSignal(nvHostPath);
      llvm::errs() << "tile-link: the .nv.host object is kept in "
                   << nvHostPath << "\n";
    }
    // Absolute paths: the command works from any directory.
    llvm::SmallString<256> reproPTX(ptxPath), reproCubin(
        outputFile == "-" ? llvm::StringRef("out.cubin")
                          : llvm::StringRef(outputFile));
    llvm::sys::fs::make_absolute(reproPTX);
    llvm::sys::fs::make_absolute(reproCubin);
    llvm::errs() << "tile-link: " << result.failure << "\n"
                 << "tile-link: to reproduce: "
                 << quoteCommandLine(buildPtxasCommand(options, *chip,
                                                       reproPTX, reproCubin))
                 << "\n";
    return kExitCompileFailure;
  }
  if (ptxFromStdin)
    llvm::sys::fs::remove(ptxPath);
  if (!nvHostPath.empty())
    llvm::sys::fs::remove(nvHostPath);
  llvm::sys::fs::remove(partial);
  if (std::error_code ec = writeOutputFile(outputFile, cubin->getBuffer()))
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
