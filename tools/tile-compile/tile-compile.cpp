//===- tile-compile.cpp - Tile IR bytecode -> cubin in one process --------===//
//
// The in-process mode of the pipeline (docs/pipeline.md): what tile-read,
// tile-lower, tile-sched, tile-llc and tile-link do in sequence, in one
// process and without intermediate files, giving the same cubin. It is the
// latency-bound path of the tileiras driver: a front end compiling one
// kernel pays one process start instead of five. The driver starts it with
// SIGTERM as its parent-death signal, which runs LLVM's interrupt handlers:
// ptxas's process group is killed and partial outputs are removed.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/Compile.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/LowerCommandLine.h"
#include "tilechain/Tools/OutputFile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Remark/RemarkStreamer.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::init("-"),
                                      cl::desc("<input.tileirbc>"));
static cl::opt<std::string> outputFile("o", cl::init("-"),
                                       cl::desc("Output cubin"),
                                       cl::value_desc("file"));
static cl::opt<bool> lineInfo("lineinfo",
                              cl::desc(".loc line information"));
static cl::opt<bool> deviceDebug("g", cl::desc("ptxas -g"));
static cl::alias deviceDebugLong("device-debug", cl::aliasopt(deviceDebug),
                                 cl::desc("Alias for -g"));
static cl::opt<std::string> libdevice(
    "libdevice",
    cl::desc("libdevice.10.bc (default: $TILECHAIN_LIBDEVICE, else the "
             "configured one)"),
    cl::value_desc("file"));
static cl::opt<std::string>
    ptxas("ptxas",
          cl::desc("ptxas to run (default: $TILECHAIN_PTXAS, else the "
                   "configured one)"),
          cl::value_desc("file"));
static cl::opt<unsigned>
    timeout("timeout", cl::desc("Seconds ptxas may run"), cl::init(600));

// MLIR's remark options, as tile-lower takes them from mlir-opt's.
static cl::OptionCategory remarkCategory(
    "Remark Options", "Filter remarks by regular expression (llvm::Regex "
                      "syntax).");
static cl::opt<std::string> remarksFilterPassed(
    "remarks-filter-passed", cl::desc("Show passed remarks"),
    cl::cat(remarkCategory));
static cl::opt<std::string> remarksFilterMissed(
    "remarks-filter-missed", cl::desc("Show missed remarks"),
    cl::cat(remarkCategory));
static cl::opt<std::string> remarksFilterFailed(
    "remarks-filter-failed", cl::desc("Show failed remarks"),
    cl::cat(remarkCategory));
static cl::opt<std::string> remarksFilterAnalyse(
    "remarks-filter-analyse", cl::desc("Show analysis remarks"),
    cl::cat(remarkCategory));
enum class RemarkFormat { EmitRemark, Yaml };
static cl::opt<RemarkFormat> remarkFormat(
    "remark-format", cl::desc("Specify the format for remark output."),
    cl::init(RemarkFormat::EmitRemark),
    cl::values(clEnumValN(RemarkFormat::EmitRemark, "emitRemark",
                          "Print as emitRemark to command-line"),
               clEnumValN(RemarkFormat::Yaml, "yaml", "Print yaml file")),
    cl::cat(remarkCategory));
static cl::opt<std::string> remarksOutputFile(
    "remarks-output-file",
    cl::desc("Output file for the yaml remark format (default: "
             "mlir-remarks.yaml)"),
    cl::init("mlir-remarks.yaml"), cl::cat(remarkCategory));

/// Gives `context` a remark engine where a --remarks-filter-* option asks
/// for remarks; false when their file cannot be opened.
static bool enableRemarks(MLIRContext &context) {
  auto filter = [](const cl::opt<std::string> &option) {
    return option.empty() ? std::optional<std::string>()
                          : std::optional<std::string>(option.getValue());
  };
  remark::RemarkCategories categories;
  categories.passed = filter(remarksFilterPassed);
  categories.missed = filter(remarksFilterMissed);
  categories.failed = filter(remarksFilterFailed);
  categories.analysis = filter(remarksFilterAnalyse);
  if (!categories.passed && !categories.missed && !categories.failed &&
      !categories.analysis)
    return true;
  auto policy = std::make_unique<remark::RemarkEmittingPolicyAll>();
  if (remarkFormat == RemarkFormat::EmitRemark)
    return succeeded(remark::enableOptimizationRemarks(
        context, nullptr, std::move(policy), categories,
        /*printAsEmitRemarks=*/true));
  return succeeded(remark::enableOptimizationRemarksWithLLVMStreamer(
      context, remarksOutputFile, llvm::remarks::Format::YAML,
      std::move(policy), categories));
}

static std::string fromEnvironment(const char *name, const char *fallback) {
  const char *value = std::getenv(name);
  return value ? value : fallback;
}

static int fail(const llvm::Twine &message, int code) {
  llvm::errs() << "tile-compile: " << message << "\n";
  return code;
}

static int compile() {
  tilechain::CompileOptions options;
  options.lower = tilechain::lowerOptionsFromCommandLine();
  if (options.lower.optLevel > 3)
    return fail("--opt-level must be 0-3", tilechain::kExitConfiguration);
  if (!tilechain::isSupportedGPUName(options.lower.gpuName))
    return fail("unsupported --gpu-name '" + options.lower.gpuName + "'",
                tilechain::kExitConfiguration);
  options.lineInfo = lineInfo;
  options.deviceDebug = deviceDebug;
  options.llc.libdevicePath =
      libdevice.getNumOccurrences()
          ? libdevice.getValue()
          : fromEnvironment("TILECHAIN_LIBDEVICE", TILECHAIN_LIBDEVICE_DEFAULT);
  options.link.ptxasPath =
      ptxas.getNumOccurrences()
          ? ptxas.getValue()
          : fromEnvironment("TILECHAIN_PTXAS", TILECHAIN_PTXAS_DEFAULT);
  options.link.timeoutSeconds = timeout;
  if (options.link.ptxasPath.empty())
    return fail("no ptxas configured (set TILECHAIN_PTXAS or --ptxas)",
                tilechain::kExitConfiguration);

  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input)
    return fail(error, tilechain::kExitConfiguration);
  if (inputFile == "-")
    tilechain::keepStdinForCrashReport(input->getBuffer());
  llvm::StringRef bytecode = input->getBuffer();

  DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  // Crash recovery is per thread (CrashGuard.h).
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (!enableRemarks(context))
    return fail("cannot write the remarks to '" + remarksOutputFile + "'",
                tilechain::kExitConfiguration);

  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  std::string cubin;
  int code = tilechain::compileToCubin(
      context, bytecode, options, "tile-compile",
      outputFile == "-" ? llvm::StringRef("out.cubin") : outputFile,
      [&](PassManager &pm) {
        pm.enableTiming(rootTiming);
        return applyPassManagerCLOptions(pm);
      },
      cubin);
  if (code != tilechain::kExitSuccess)
    return code;
  if (std::error_code ec = tilechain::writeOutputFile(outputFile, cubin))
    return fail("cannot write '" + outputFile + "': " + ec.message(),
                tilechain::kExitConfiguration);
  return tilechain::kExitSuccess;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAsmPrinterCLOptions();
  cl::ParseCommandLineOptions(
      argc, argv, "tile-compile: Tile IR bytecode -> cubin in one process\n");
  return tilechain::runCrashGuarded("tile-compile", argc, argv, inputFile,
                                    compile);
}
