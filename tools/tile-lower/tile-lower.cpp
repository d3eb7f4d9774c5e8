//===- tile-lower.cpp - cuda_tile MLIR -> the tile-level program ----------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/LowerCommandLine.h"
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  tilechain::registerPipelinePasses();
  return tilechain::runStageMain(
      argc, argv, "tile-lower", registry,
      [](mlir::OpPassManager &pm, const tilechain::StopPoint &stop) {
        return tilechain::populateLowerPipeline(
            pm, tilechain::lowerOptionsFromCommandLine(), stop);
      });
}
