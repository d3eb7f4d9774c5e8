//===- StageMain.cpp - shared main() of the MLIR-to-MLIR stages -----------===//
#include "tilechain/Tools/StageMain.h"

#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"
#include "tilechain/Tools/OutputFile.h"
#include "tilechain/Tools/TextNesting.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;

int tilechain::runStageMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry,
                            const PipelineBuilder &defaultPipeline) {
  // LLVM's signal handlers: interrupts remove a partial output file.
  llvm::InitLLVM initLLVM(argc, argv);
  // Crash recovery is per thread (CrashGuard.h): the passes run on this one.
  static char singleThreaded[] = "--mlir-disable-threading";
  std::vector<char *> args(argv, argv + argc);
  if (!llvm::any_of(args, [](const char *arg) {
        return llvm::StringRef(arg).starts_with(singleThreaded);
      }))
    args.push_back(singleThreaded);
  auto [inputFile, outputFile] = registerAndParseCLIOptions(
      static_cast<int>(args.size()), args.data(), toolName, registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig userConfig = config;
  config.setPassPipelineSetupFn(
      [userConfig, defaultPipeline](PassManager &pm) -> LogicalResult {
        if (failed(userConfig.setupPassPipeline(pm)))
          return failure();
        if (pm.size() == 0)
          defaultPipeline(pm);
        addCrashReportInstrumentation(pm);
        return success();
      });

  return runCrashGuarded(toolName, argc, argv, inputFile, [&]() -> int {
    std::string errorMessage;
    auto input = openInputFile(inputFile, &errorMessage);
    if (!input) {
      llvm::errs() << toolName << ": " << errorMessage << "\n";
      return kExitConfiguration;
    }
    if (inputFile == "-")
      keepStdinForCrashReport(input->getBuffer());
    {
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                           /*RequiresNullTerminator=*/false),
          llvm::SMLoc());
      if (failed(checkTextNesting(sourceMgr)))
        return kExitCompileFailure;
    }
    // Written whole after the pipeline succeeded, or not at all.
    std::string output;
    llvm::raw_string_ostream os(output);
    if (failed(MlirOptMain(os, std::move(input), registry, config)))
      return kExitCompileFailure;
    if (std::error_code ec = writeOutputFile(outputFile, output)) {
      llvm::errs() << toolName << ": cannot write '" << outputFile
                   << "': " << ec.message() << "\n";
      return kExitConfiguration;
    }
    return kExitSuccess;
  });
}
