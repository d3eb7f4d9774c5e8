//===- tile-sched.cpp - schedule and materialization into threads ---------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  tilechain::registerPipelinePasses();
  return tilechain::runStageMain(argc, argv, "tile-sched", registry,
                                 tilechain::populateSchedPipeline);
}
