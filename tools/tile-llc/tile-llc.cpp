//===- tile-llc.cpp - scheduled MLIR -> LLVM IR or PTX --------------------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"
#include "tilechain/Tools/TextNesting.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input>"),
                                      cl::init("-"));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"));
/// What tile-llc writes: for the GPU (NVPTX) or for the host (CPU).
enum class Emit { PTX, LLVMIR, HostObject, HostLLVMIR };
static cl::opt<Emit> emit(
    "emit", cl::desc("What to write"), cl::init(Emit::PTX),
    cl::values(clEnumValN(Emit::PTX, "ptx", "PTX"),
               clEnumValN(Emit::LLVMIR, "llvm", "optimized LLVM IR"),
               clEnumValN(Emit::HostObject, "host-obj",
                          "a host object file: kernel K becomes "
                          "K__host(void **params, const uint32_t grid[6])"),
               clEnumValN(Emit::HostLLVMIR, "host-llvm",
                          "the optimized LLVM IR of host-obj")));
static cl::opt<bool> ftz("ftz", cl::desc("Flush denormals to zero"),
                         cl::init(false));
static cl::opt<bool> precDiv("prec-div", cl::desc("IEEE division"),
                             cl::init(true));
static cl::opt<bool> precSqrt("prec-sqrt", cl::desc("IEEE square root"),
                              cl::init(true));
static cl::opt<bool> lineInfo("lineinfo",
                              cl::desc("Emit .loc line information"),
                              cl::init(false));
static cl::opt<std::string> libdevice(
    "libdevice",
    cl::desc("libdevice.10.bc (default: $TILECHAIN_LIBDEVICE, else the "
             "configured one)"),
    cl::value_desc("file"));

static cl::opt<bool> printLibdevice(
    "print-libdevice",
    cl::desc("Print the libdevice this command line would link, and exit "
             "(scripts/tileiras --version digests it)"));

static std::string defaultLibdevice() {
  if (const char *fromEnv = std::getenv("TILECHAIN_LIBDEVICE"))
    return fromEnv;
  return TILECHAIN_LIBDEVICE_DEFAULT;
}

/// Parses, lowers and emits; the output is written whole on success.
static int compile() {
  DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  // Crash recovery is per thread (CrashGuard.h).
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);

  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "tile-llc: " << error << "\n";
    return tilechain::kExitConfiguration;
  }
  if (inputFile == "-")
    tilechain::keepStdinForCrashReport(input->getBuffer());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (failed(tilechain::checkTextNesting(sourceMgr)))
    return tilechain::kExitCompileFailure;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return tilechain::kExitCompileFailure;

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return tilechain::kExitConfiguration;
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  pm.enableTiming(rootTiming);
  tilechain::addCrashReportInstrumentation(pm);
  bool forHost = emit == Emit::HostObject || emit == Emit::HostLLVMIR;
  if (forHost)
    tilechain::populateHostLLCPipeline(pm);
  else
    tilechain::populateLLCPipeline(pm, lineInfo);
  if (failed(pm.run(*module)))
    return tilechain::kExitCompileFailure;

  std::string output;
  llvm::raw_string_ostream os(output);
  if (forHost) {
    auto hostEmit = emit == Emit::HostObject ? tilechain::HostEmit::Object
                                             : tilechain::HostEmit::LLVMIR;
    tilechain::CrashPhase phase("generating host code with LLVM");
    if (failed(tilechain::emitHost(*module, hostEmit, os)))
      return tilechain::kExitCompileFailure;
  } else {
    tilechain::LLCOptions options;
    options.ftz = ftz;
    options.precDiv = precDiv;
    options.precSqrt = precSqrt;
    options.libdevicePath = libdevice.getNumOccurrences() ? libdevice.getValue()
                                                          : defaultLibdevice();
    auto target = emit == Emit::PTX ? tilechain::LLCEmit::PTX
                                    : tilechain::LLCEmit::LLVMIR;
    tilechain::CrashPhase phase("generating PTX with LLVM's NVPTX back end");
    if (failed(tilechain::emitTarget(*module, options, target, os)))
      return tilechain::kExitCompileFailure;
  }
  if (std::error_code ec = tilechain::writeOutputFile(outputFile, output)) {
    llvm::errs() << "tile-llc: cannot write '" << outputFile
                 << "': " << ec.message() << "\n";
    return tilechain::kExitConfiguration;
  }
  return tilechain::kExitSuccess;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAsmPrinterCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "tile-llc: scheduled MLIR -> PTX\n");
  if (printLibdevice) {
    llvm::outs() << (libdevice.getNumOccurrences() ? libdevice.getValue()
                                                   : defaultLibdevice())
                 << "\n";
    return tilechain::kExitSuccess;
  }
  return tilechain::runCrashGuarded("tile-llc", argc, argv, inputFile, compile);
}
