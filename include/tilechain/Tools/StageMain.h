//===- StageMain.h - shared main() of the MLIR-to-MLIR stages -------------===//
//
// tile-lower and tile-sched are mlir-opt-style filters: text or MLIR bytecode
// in (auto-detected, `-` for stdin), text or `--emit-bytecode` out, with every
// standard MLIR flag (--mlir-print-ir-after-all, --mlir-timing, crash
// reproducers, --split-input-file, --verify-diagnostics). Without explicit
// passes on the command line a stage runs its own default pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_STAGEMAIN_H
#define TILECHAIN_TOOLS_STAGEMAIN_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include <functional>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilechain {

using PipelineBuilder = std::function<void(mlir::PassManager &)>;

/// Runs a stage tool. `defaultPipeline` is used when the command line names no
/// passes. Returns the process exit code.
int runStageMain(int argc, char **argv, llvm::StringRef toolName,
                 mlir::DialectRegistry &registry,
                 const PipelineBuilder &defaultPipeline);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_STAGEMAIN_H
