//===- OptimizeModule.cpp - LLVM's default -O pipeline over a module ------===//
#include "tilechain/Emit/OptimizeModule.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

void tilechain::optimizeModule(llvm::Module &module,
                               llvm::TargetMachine &machine,
                               llvm::OptimizationLevel level) {
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);
  llvm::ModulePassManager passes = builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, moduleAnalyses);
}
