//===- FuzzContext.h - the MLIRContext a fuzz target's inputs share -------===//
//
// A context with the target's dialects serves a number of inputs, then a
// fresh one takes over: creating one per input would cost more than most
// inputs, and one for a whole campaign would grow without bound with the
// types and attributes it uniques.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_TOOLS_TILE_FUZZ_FUZZCONTEXT_H
#define TILECHAIN_TOOLS_TILE_FUZZ_FUZZCONTEXT_H

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace tilechain::fuzz {

/// The context for the next input: one with the cuda_tile dialect, or with
/// what `registerDialects` adds, renewed every `inputsPerContext` inputs.
inline mlir::MLIRContext &
contextForNextInput(void (*registerDialects)(mlir::DialectRegistry &) = nullptr,
                    unsigned inputsPerContext = 1000) {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned served = 0;
  if (!context || ++served == inputsPerContext) {
    mlir::DialectRegistry registry;
    registry.insert<mlir::cuda_tile::CudaTileDialect>();
    if (registerDialects)
      registerDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    served = 0;
  }
  return *context;
}

} // namespace tilechain::fuzz

#endif // TILECHAIN_TOOLS_TILE_FUZZ_FUZZCONTEXT_H
