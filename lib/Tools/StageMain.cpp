//===- StageMain.cpp - shared main() of the MLIR-to-MLIR stages -----------===//
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "tilechain/Tools/ExitCodes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

int tilechain::runStageMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry,
                            const PipelineBuilder &defaultPipeline) {
  // A crash prints a stack trace and the command line; interrupts remove a
  // partial output file.
  llvm::InitLLVM initLLVM(argc, argv);
  auto [inputFile, outputFile] =
      registerAndParseCLIOptions(argc, argv, toolName, registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig userConfig = config;
  config.setPassPipelineSetupFn(
      [userConfig, defaultPipeline](PassManager &pm) -> LogicalResult {
        if (failed(userConfig.setupPassPipeline(pm)))
          return failure();
        if (pm.size() == 0)
          defaultPipeline(pm);
        return success();
      });

  std::string errorMessage;
  auto input = openInputFile(inputFile, &errorMessage);
  if (!input) {
    llvm::errs() << toolName << ": " << errorMessage << "\n";
    return kExitConfiguration;
  }
  auto output = openOutputFile(outputFile, &errorMessage);
  if (!output) {
    llvm::errs() << toolName << ": " << errorMessage << "\n";
    return kExitConfiguration;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return kExitCompileFailure;
  output->keep();
  return kExitSuccess;
}
