//===- Passes.h - the stage contract passes -------------------------------===//
#ifndef TILECHAIN_PIPELINE_PASSES_H
#define TILECHAIN_PIPELINE_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace tilechain {

/// Fails unless the module is the output of `stage` ("tile-read",
/// "tile-lower" or "tile-sched") and has the shape that stage produces.
std::unique_ptr<mlir::Pass> createExpectStagePass(llvm::StringRef stage);

/// Records on the module that `stage` produced it.
std::unique_ptr<mlir::Pass> createMarkStagePass(llvm::StringRef stage);

} // namespace tilechain

#endif // TILECHAIN_PIPELINE_PASSES_H
