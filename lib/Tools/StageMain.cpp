//===- StageMain.cpp - shared main() of the MLIR-to-MLIR stages -----------===//
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "tilechain/Tools/ExitCodes.h"
#include "llvm/Support/ToolOutputFile.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

int tilechain::runStageMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry,
                            const PipelineBuilder &defaultPipeline) {
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
