//===- StageMain.h - shared main() of the MLIR-to-MLIR stages -------------===//
//
// tile-lower and tile-sched are mlir-opt-style filters: text or MLIR bytecode
// in (auto-detected, `-` for stdin), text or `--emit-bytecode` out, with every
// standard MLIR flag (--mlir-print-ir-after-all, --mlir-timing, crash
// reproducers, --split-input-file, --verify-diagnostics). Without explicit
// passes on the command line a stage runs its own default pipeline, or its
// first passes: --stop-before=PASS and --stop-after=PASS end it at the named
// pass, as llc's options do (PASS is the argument of one of its passes,
// e.g. tile-sched --stop-after=tilechain-materialize-threads).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_STAGEMAIN_H
#define TILECHAIN_TOOLS_STAGEMAIN_H

#include "tilechain/Pipeline/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include <functional>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilechain {

/// Adds a stage's default pipeline up to a stop point (the populate functions
/// of Pipeline.h).
using PipelineBuilder =
    std::function<mlir::LogicalResult(mlir::OpPassManager &, const StopPoint &)>;

/// Runs a stage tool. `defaultPipeline` is used when the command line names no
/// passes. Returns the process exit code.
int runStageMain(int argc, char **argv, llvm::StringRef toolName,
                 mlir::DialectRegistry &registry,
                 const PipelineBuilder &defaultPipeline);

} // namespace tilechain

#endif // TILECHAIN_TOOLS_STAGEMAIN_H
