//===- tile-lower.cpp - cuda_tile MLIR -> tilechain's internal form -------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/CommandLine.h"

static llvm::cl::opt<std::string>
    gpuName("gpu-name", llvm::cl::desc("Target GPU (e.g. sm_120, sm_100a)"),
            llvm::cl::init("sm_100"));
static llvm::cl::opt<unsigned>
    optLevel("opt-level", llvm::cl::desc("Optimization level, 0-3"),
             llvm::cl::init(3));

enum class Form { Serial, Parallel };
static llvm::cl::opt<Form> tileForm(
    "tile-form", llvm::cl::desc("How tiles are spread over a CTA's threads"),
    llvm::cl::values(
        clEnumValN(Form::Serial, "serial",
                   "one thread runs each CTA's whole tile program"),
        clEnumValN(Form::Parallel, "parallel",
                   "tiles spread over the CTA's threads where every op of "
                   "the kernel allows it, else serial")),
    llvm::cl::init(Form::Serial));

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  tilechain::registerPipelinePasses();
  return tilechain::runStageMain(
      argc, argv, "tile-lower", registry, [](mlir::PassManager &pm) {
        tilechain::LowerOptions options;
        options.gpuName = gpuName;
        options.optLevel = optLevel;
        options.parallel = tileForm == Form::Parallel;
        tilechain::populateLowerPipeline(pm, options);
      });
}
