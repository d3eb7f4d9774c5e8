//===- OptimizeModule.h - LLVM's default -O pipeline over a module --------===//
#ifndef TILECHAIN_EMIT_OPTIMIZEMODULE_H
#define TILECHAIN_EMIT_OPTIMIZEMODULE_H

#include "llvm/Passes/OptimizationLevel.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tilechain {

/// Runs LLVM's per-module default pipeline at `level` for `machine`'s
/// target (the host objects tile-llc and tile-link emit).
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    llvm::OptimizationLevel level);

} // namespace tilechain

#endif // TILECHAIN_EMIT_OPTIMIZEMODULE_H
