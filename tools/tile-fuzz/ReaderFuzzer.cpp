//===- ReaderFuzzer.cpp - fuzz target: the Tile IR bytecode reader --------===//
//
// Every input goes through what tile-read does with bytecode: recognized by
// its magic, decoded into a cuda_tile module and verified, or refused with a
// diagnostic. None may crash, hang, leak or read out of bounds. Diagnostics
// are dropped. A context serves a thousand inputs, then a fresh one takes
// over: the types and attributes it uniques would otherwise grow without
// bound over a campaign (docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Bytecode/Reader.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <cstddef>
#include <cstdint>
#include <memory>

static constexpr unsigned kInputsPerContext = 1000;

static mlir::MLIRContext &freshContextEvery(unsigned inputs) {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned served = 0;
  if (!context || ++served == inputs) {
    mlir::DialectRegistry registry;
    registry.insert<mlir::cuda_tile::CudaTileDialect>();
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    served = 0;
  }
  return *context;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = &freshContextEvery(kInputsPerContext);
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef buffer(reinterpret_cast<const char *>(data), size);
  if (!tilechain::bytecode::isTileIRBytecode(buffer))
    return 0;
  mlir::OwningOpRef<mlir::Operation *> module =
      tilechain::bytecode::readTileIRBytecode(buffer, context);
  if (module)
    (void)mlir::verify(*module);
  return 0;
}
