//===- tile-sched.cpp - scheduling, buffers and barriers ------------------===//
#include "tilechain/Pipeline/Pipeline.h"
#include "tilechain/Tools/StageMain.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilechain::registerPipelineDialects(registry);
  tilechain::registerPipelinePasses();
  return tilechain::runStageMain(argc, argv, "tile-sched", registry,
                                 [](mlir::PassManager &pm) {
                                   tilechain::populateSchedPipeline(pm);
                                 });
}
